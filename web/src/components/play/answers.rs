//! The engine's answers to what the person may do now — the units and leaders they may move,
//! the lines, a rout's ways, where the unit in hand may go and what it may shoot — each found
//! once per game shown (and per unit or leader in hand), never worked out here.

use super::picks::Picks;
use crate::components::orders::BodyWithdrawal;
use crate::components::orders::{body_withdrawals, fire_targets, leaders_to_move, unit_buttons, units_to_order};
use crate::components::prompt::ROUT_WAYS_SHOWN;
use sarissa_rules::game::Phase;
use sarissa_rules::movement::withdrawal::{leader_withdrawals, unit_withdrawals};
use sarissa_rules::movement::Destination;
use sarissa_rules::play::legal::{leader_destinations, rout_ways, RoutWay};
use sarissa_rules::play::line_plan::{body_plans, LinePlan};
use sarissa_rules::{Command, Game, HexId};
use std::collections::BTreeMap;
use std::rc::Rc;
use yew::prelude::*;

/// Where a leader may ride: each hex, with its cost and the path there.
pub(super) type Rides = BTreeMap<HexId, (u8, Vec<HexId>)>;

/// The engine's answers for the person, as the screen was drawn.
#[derive(Clone)]
pub(super) struct Answers {
    /// The units the person may order (or withdraw) now, and the leaders who may move.
    pub orderable: Rc<Vec<usize>>,
    pub movable: Rc<Vec<(usize, bool)>>,
    /// The lines that may withdraw as a body (6.78, 6.83), and a moving line's plans (issue 20 §4).
    pub lines: Rc<Vec<BodyWithdrawal>>,
    pub line_plans: Rc<Vec<LinePlan>>,
    /// A rout's whole paths, each one decision (10.21, P120), for the map and the prompt.
    pub rout_ways: Rc<Vec<RoutWay>>,
    /// Where the leader being moved may go.
    pub rides: Rc<Rides>,
    /// The unit in hand: the enemies it may fire at, its other orders (8.3, 10.16), and where
    /// it may end, in either formation and in the one wanted.
    pub volleys: Rc<Vec<(HexId, String, String)>>,
    pub harassments: Rc<Vec<(String, Command)>>,
    pub all_destinations: Rc<Vec<Destination>>,
    pub destinations: Rc<Vec<Destination>>,
    /// The unit in hand's formation now, the one its move is to end in, and whether it may change (6.61).
    pub column_now: bool,
    pub wanted: bool,
    pub can_change: bool,
}

/// The engine asked once per game shown. While the computer decides, the person has nothing to
/// choose: the engine is not asked what they might order (issue 19: those queries ran in each
/// of the computer's commands' tasks, and in the tap's task that hands it the decision).
#[hook]
pub(super) fn use_answers(key: usize, game: &Rc<Game>, computer_decides: bool, picks: &Picks) -> Answers {
    let orderable = use_memo(key, for_person(game, computer_decides, units_to_order));
    let lines = use_memo(key, for_person(game, computer_decides, body_withdrawals));
    let movable = use_memo(key, for_person(game, computer_decides, leaders_to_move));
    let rout_ways = use_memo(key, for_person(game, computer_decides, |g| rout_ways(g, ROUT_WAYS_SHOWN)));
    let line_plans = use_memo((key, (*picks.line_aside).clone()), {
        let g = game.clone();
        move |(_, aside)| if computer_decides { Vec::new() } else { body_plans(&g, aside) }
    });
    let rides = use_memo((key, *picks.riding), {
        let g = game.clone();
        move |(_, riding)| riding.map(|(l, by)| rides(&g, l, by)).unwrap_or_default()
    });
    let volleys = use_memo((key, *picks.ordering), for_unit(game, fire_targets));
    let harassments = use_memo((key, *picks.ordering), for_unit(game, unit_buttons));
    let all_destinations = use_memo((key, *picks.ordering), for_unit(game, destinations));
    // In column or in line: the engine's destinations in the formation the move is to end in.
    let column_now = picks.ordering.is_some_and(|u| game.state.units[u].column);
    let wanted = picks.column_wanted.unwrap_or(column_now);
    let can_change = all_destinations.iter().any(|d| d.column != column_now);
    let destinations = use_memo((key, *picks.ordering, wanted), {
        let all = all_destinations.clone();
        move |(_, _, wanted)| all.iter().filter(|d| d.column == *wanted).cloned().collect()
    });
    Answers {
        orderable,
        movable,
        lines,
        line_plans,
        rout_ways,
        rides,
        volleys,
        harassments,
        all_destinations,
        destinations,
        column_now,
        wanted,
        can_change,
    }
}

/// A memo's question for the person: none while the computer decides.
fn for_person<T>(game: &Rc<Game>, computer_decides: bool, ask: fn(&Game) -> Vec<T>) -> impl FnOnce(&usize) -> Vec<T> {
    let g = game.clone();
    move |_| if computer_decides { Vec::new() } else { ask(&g) }
}

/// A memo's question about the unit in hand, if one is.
fn for_unit<T>(game: &Rc<Game>, ask: fn(&Game, usize) -> Vec<T>) -> impl FnOnce(&(usize, Option<usize>)) -> Vec<T> {
    let g = game.clone();
    move |(_, unit)| unit.map(|u| ask(&g, u)).unwrap_or_default()
}

/// Where leader `l` may ride now (on the overall commander's order: `by`), or withdraw to.
fn rides(g: &Game, l: usize, by: bool) -> Rides {
    match g.state.phase {
        Phase::Reaction { .. } | Phase::RampageWithdrawal { .. } => leader_withdrawals(&g.scenario, &g.state, l),
        // The legal listing's own rides (CG 12.44: a retiring commander's are limited).
        _ => leader_destinations(&g.scenario, &g.state, l, by),
    }
}

/// Where unit `u` may end its move now, or withdraw to.
fn destinations(g: &Game, u: usize) -> Vec<Destination> {
    match &g.state.phase {
        Phase::Reaction { .. } | Phase::RampageWithdrawal { .. } => unit_withdrawals(&g.scenario, &g.state, u),
        // Ordered already this phase: it may only fire, or move on after its fire (8.11).
        Phase::Orders { ordered, .. }
            if ordered.contains(&g.scenario.units[u].id)
                && sarissa_rules::movement::move_and_fire::refusal(&g.scenario, &g.state, u).is_some() =>
        {
            Vec::new()
        }
        _ => sarissa_rules::play::legal::destinations(&g.scenario, &g.state, u),
    }
}
