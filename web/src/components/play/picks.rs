//! What the person has picked on the play screen so far: the hex whose details are shown, the
//! unit or leader in hand and where it goes, the shock's attackers, a line's plan. Each command
//! played puts the picks down.

use sarissa_rules::play::line_plan::Gesture;
use sarissa_rules::HexId;
use yew::prelude::*;

/// The person's picks, one state each, read as they were when the screen was drawn.
#[derive(Clone)]
pub(super) struct Picks {
    /// The hex whose details the drawer shows.
    pub selected: UseStateHandle<Option<HexId>>,
    /// The unit being ordered (or withdrawing), and the hex chosen for it.
    pub ordering: UseStateHandle<Option<usize>>,
    pub target: UseStateHandle<Option<HexId>>,
    /// Hexes picked out from the log.
    pub focus: UseStateHandle<Vec<HexId>>,
    /// A leader being moved: his index and whether on the overall commander's order (4.4).
    pub riding: UseStateHandle<Option<(usize, bool)>>,
    /// The shock segment: optional attackers picked so far (9.11).
    pub shock_chosen: UseStateHandle<Vec<String>>,
    /// The formation the move in progress ends in: the unit's own unless toggled (6.61).
    pub column_wanted: UseStateHandle<Option<bool>>,
    /// A line chosen to withdraw as a body (6.78, 6.83): its index among the engine's lines.
    pub line_chosen: UseStateHandle<Option<usize>>,
    /// The contingent commander going along with the move in progress, if toggled on (5.68).
    pub escort: UseStateHandle<Option<usize>>,
    /// A line moved as a body (issue 20 §4): the plan shown, and the units set aside from it.
    pub line_pick: UseStateHandle<Option<Gesture>>,
    pub line_aside: UseStateHandle<Vec<usize>>,
}

#[hook]
pub(super) fn use_picks() -> Picks {
    let selected = use_state(|| None);
    let ordering = use_state(|| None);
    let target = use_state(|| None);
    let focus = use_state(Vec::new);
    let riding = use_state(|| None);
    let shock_chosen = use_state(Vec::new);
    let column_wanted = use_state(|| None);
    let line_chosen = use_state(|| None);
    let escort = use_state(|| None);
    let line_pick = use_state(|| None);
    let line_aside = use_state(Vec::new);
    Picks {
        selected,
        ordering,
        target,
        focus,
        riding,
        shock_chosen,
        column_wanted,
        line_chosen,
        escort,
        line_pick,
        line_aside,
    }
}

impl Picks {
    /// The unit in hand is put down, with the hex chosen for it.
    pub fn drop_unit(&self) {
        self.ordering.set(None);
        self.target.set(None);
    }

    /// After a command is played: every pick is put down but the unit still in hand (8.11).
    pub fn after_command(&self, in_hand: Option<usize>) {
        self.ordering.set(in_hand);
        self.target.set(None);
        self.focus.set(Vec::new());
        self.riding.set(None);
        self.shock_chosen.set(Vec::new());
        self.column_wanted.set(None);
        self.line_chosen.set(None);
        self.escort.set(None);
    }

    /// An optional attacker of the shock segment picked in, or out if he was in (9.11).
    pub fn toggle_shock(&self, id: String) {
        let mut chosen = (*self.shock_chosen).clone();
        if let Some(k) = chosen.iter().position(|x| *x == id) {
            chosen.remove(k);
        } else {
            chosen.push(id);
        }
        self.shock_chosen.set(chosen);
    }
}
