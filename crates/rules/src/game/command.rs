//! A player's intent. Checked against the rules before anything happens.

use crate::map::hex::{HexId, Vertex};

use crate::scenario::units::{LineType, Placement};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// Activate the leader offered (GBA 5.1); among tied leaders of one side, any of them.
    Activate { leader: String },
    /// Decline to use the leader offered: he is Finished (GBA 5.15).
    Pass { leader: String },
    /// Try to activate this leader instead: the active side's trump of the leader offered
    /// (5.41), the opponent's trump of a successful trump (5.42[1]) or of a successful
    /// momentum roll (5.42[2]). Succeeds on a roll of his initiative or less.
    Trump { leader: String },
    /// Let the trump or the momentum stand (5.42).
    DeclineTrump,
    /// An individual order: move a unit along `path` (the hexes entered, in order; empty to
    /// only turn) and end facing `facing` (GBA 5.22, 6.3, 7.12). `column`: it ends In Column,
    /// `facing` then naming a hexside (`facing::Heading`); a unit whose formation this changes
    /// forms or leaves column at the end of the move (6.61). `with`: a contingent commander
    /// stacked with it goes along (GBA 5.68).
    Move {
        unit: String,
        path: Vec<HexId>,
        facing: Vertex,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        column: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// An individual order to a two-hex unit: end in `to` facing `facing`, by the cheapest way
    /// of advancing, pivoting and reverse-facing there (GBA 6.4). `with`: as for `Move` (5.68).
    MoveTo {
        unit: String,
        to: Placement,
        facing: Vertex,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// A line command: every unit of `line` joined to `anchor` moves under one order (GBA 4.3);
    /// or, if `units` names some, those units only, which must make a line by themselves (4.32,
    /// 4.33). Empty (and then not written) for the whole line.
    LineCommand {
        line: LineType,
        anchor: String,
        formation: Formation,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        units: Vec<String>,
    },
    /// The active wing commander activates these Nayakas of his wing, in this order, each to give
    /// one line command (CG 4.54). The first is free; more need the first turn, an overall
    /// commander in range (`use_overall`: he becomes Restricted, 4.55) or strategy rolls.
    WingCommand {
        nayakas: Vec<String>,
        #[serde(default)]
        use_overall: bool,
    },
    /// The active overall or Macedonian wing commander spends individual orders to activate the
    /// contingent commander `leader`, who then gives one line command to his units (GBA 5.63).
    Contingent { leader: String },
    /// An individual order the active leader gives himself: move along `path` (GBA 4.23, 6.15).
    MoveLeader { leader: String, path: Vec<HexId> },
    /// Reaction facing: turn `unit` one vertex toward an enemy that came up beside it (GBA 7.16).
    ReactFacing { unit: String, facing: Vertex },
    /// Orderly withdrawal (GBA 6.7): `unit` steps back along `path`, every hex farther from the
    /// enemy that came up, keeping its facing; then faces `facing` (at the usual cost).
    /// `fire`: a horse archer looses at the enemy as it goes (6.76). `with`: a contingent
    /// commander stacked with it goes along (GBA 5.68).
    Withdraw {
        unit: String,
        path: Vec<HexId>,
        facing: Vertex,
        #[serde(default)]
        fire: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        with: Option<String>,
    },
    /// Cavalry line withdrawal (GBA 6.78): the whole cavalry line gathered round `leader`
    /// withdraws from the enemy that came up, each unit by its own path and final facing, in the
    /// order given. Every unit of the line must be named, or the command is refused.
    WithdrawLine { leader: String, units: Vec<LineStep> },
    /// Pre-arranged withdrawal (GBA 6.83): the line under `leader`'s PW order withdraws one hex
    /// from the enemy infantry that came up, every unit together, in the order given: a one-hex
    /// unit by the hex it enters and its final facing; a two-hex unit straight back, `path` the
    /// two hexes it ends in, keeping its facing.
    PreArrangedWithdrawal { leader: String, units: Vec<LineStep> },
    /// The pre-arranged withdrawal markers of the side deciding (GBA 6.82): a PW order for each
    /// line named; every other eligible leader of the side gets the "No PW" side.
    DeclarePreArranged { lines: Vec<PwDeclaration> },
    /// A leader withdraws from the enemy that came up (GBA 4.62).
    WithdrawLeader { leader: String, path: Vec<HexId> },
    /// No (more) reactions: the enemy's move goes on.
    EndReaction,
    /// Ordered missile fire at an enemy unit in range and sight (GBA 8.11–8.15): instead of
    /// moving (the unit's order), or after moving toward the target under its order.
    Fire { unit: String, target: String },
    /// A "J/A" elephant's ordered volley with its riders' bow instead of its javelins (CG G52).
    FireBow { unit: String, target: String },
    /// Ordered missile fire at the hex where enemy `leader` stands with no combat unit (GBA 8.19):
    /// only the leader can be struck, on a natural 0.
    FireAtLeader { unit: String, leader: String },
    /// CG 12.35: the active commander's individual order to a Sarvatobhadra to shoot at the
    /// enemy city gate between `gate`'s two hexes.
    FireAtGate { unit: String, gate: (HexId, HexId) },
    /// Harassment and dispersal (GBA 8.3): `unit` shoots at `target` as if from beside it.
    Harass { unit: String, target: String },
    /// An individual order to a Routed unit to rally, facing `facing` if it does (GBA 10.27).
    Rally { unit: String, facing: Vertex },
    /// Recovery (GBA 10.16): an individual order that takes cohesion hits off `unit`.
    Recover { unit: String },
    /// CG 10.62: an individual order that puts a phalanx or Size-10 hoplite unit into Square,
    /// spending its whole movement allowance.
    FormSquare { unit: String },
    /// CG 10.62: an individual order that takes a unit out of Square, as forming it.
    LeaveSquare { unit: String },
    /// CG 6.74: an individual order that puts `unit`, the bottom unit of a Tribal stack, on top.
    Restack { unit: String },
    /// CG 10.28: an individual order that dismounts an Indian chariot's crew in a camp, for its
    /// whole movement allowance; the foot unit faces `facing`.
    Dismount { unit: String, facing: Vertex },
    /// The shock segment: the optional attackers that attack too; then every combat is
    /// resolved (GBA 9.11–9.18).
    Shock { attackers: Vec<String> },
    /// The shock segment with the combats formed by the player (GBA 9.12): each combat's
    /// attackers and defenders; the attackers are the must-attack units and the optional ones
    /// named. Then every combat is resolved.
    ShockCombats { combats: Vec<CombatGroup> },
    /// After combat: a one-hex unit that advanced turns one vertex to `facing`, or keeps its
    /// facing when `facing` is the one it has (GBA 9.32).
    TurnAfterAdvance { unit: String, facing: Vertex },
    /// An Engaged unit called on to attack steps back one hex to `to` instead (GBA 10.32).
    BreakOff { unit: String, to: HexId },
    /// A router's owner picks where it goes among hexes the rules rank equal (GBA 10.21, P120).
    RoutTo { unit: String, to: Placement },
    /// A router's owner picks its whole way at once (GBA 10.21, P120): `choices` are the
    /// answers at each tie of this one rout move, in order, as `RoutTo` would give them one by
    /// one; the path must answer every tie of the move, no more and no fewer.
    RoutPath { unit: String, choices: Vec<Placement> },
    /// The units of the line command have finished moving: the enemy's entry fire at them comes
    /// now, then their own fire (GBA 8.21).
    LineDone,
    /// The active leader gives no more orders this orders phase (GBA 5.21, 5.27).
    EndOrders,
    /// Roll for momentum: another orders phase for the same leader (GBA 5.32).
    TryMomentum,
    /// Do not roll for momentum: the leader is Finished (GBA 5.15).
    DeclineMomentum,
    /// The overall commander of the army holding a camp declares, at the start of his
    /// activation, that his army will retire to it (CG 12.42); the die of 12.43 follows.
    RetireToCamp { leader: String },
    /// Sealed dice (rulings P300): `side` commits to the last value of its secret hash chain,
    /// 64 hex digits, once a game. Neither side can pick a die once both have sealed.
    SealDice { side: usize, commitment: String },
    /// Sealed dice (rulings P301, P302): `side` reveals the next value of its chain, which hashes
    /// to the value before it; the dice are drawn anew from both sides' latest values.
    RevealDice { side: usize, value: String },
}

/// One unit's part in a line withdrawal (GBA 6.78): as an orderly withdrawal of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineStep {
    pub unit: String,
    pub path: Vec<HexId>,
    pub facing: Vertex,
    /// A horse archer looses at the enemy as it goes (6.76).
    #[serde(default)]
    pub fire: bool,
    /// A contingent commander stacked with it goes along (GBA 5.68).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub with: Option<String>,
}

/// A PW order placed under `leader` for the line of `units` (GBA 6.82).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PwDeclaration {
    pub leader: String,
    pub units: Vec<String>,
}

impl Command {
    /// This move or withdrawal with contingent commander `leader` going along (GBA 5.68); any
    /// other command as it is.
    pub fn with_rider(mut self, leader: &str) -> Command {
        if let Self::Move { with, .. } | Self::MoveTo { with, .. } | Self::Withdraw { with, .. } = &mut self {
            *with = Some(leader.to_string());
        }
        self
    }

    /// The contingent commander going along with this move or withdrawal, if any (GBA 5.68).
    pub fn rider(&self) -> Option<&str> {
        match self {
            Self::Move { with, .. } | Self::MoveTo { with, .. } | Self::Withdraw { with, .. } => with.as_deref(),
            _ => None,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Self::Activate { .. } => "activate",
            Self::Pass { .. } => "pass",
            Self::Trump { .. } => "trump",
            Self::DeclineTrump => "decline_trump",
            Self::Move { .. } => "move",
            Self::MoveTo { .. } => "move_to",
            Self::LineCommand { .. } => "line_command",
            Self::WingCommand { .. } => "wing_command",
            Self::Contingent { .. } => "contingent",
            Self::MoveLeader { .. } => "move_leader",
            Self::Fire { .. } => "fire",
            Self::FireBow { .. } => "fire_bow",
            Self::FireAtLeader { .. } => "fire_at_leader",
            Self::FireAtGate { .. } => "fire_at_gate",
            Self::Harass { .. } => "harass",
            Self::Rally { .. } => "rally",
            Self::Recover { .. } => "recover",
            Self::FormSquare { .. } => "form_square",
            Self::LeaveSquare { .. } => "leave_square",
            Self::Dismount { .. } => "dismount",
            Self::Restack { .. } => "restack",
            Self::Shock { .. } => "shock",
            Self::ShockCombats { .. } => "shock_combats",
            Self::TurnAfterAdvance { .. } => "turn_after_advance",
            Self::BreakOff { .. } => "break_off",
            Self::RoutTo { .. } => "rout_to",
            Self::RoutPath { .. } => "rout_path",
            Self::LineDone => "line_done",
            Self::EndOrders => "end_orders",
            Self::ReactFacing { .. } => "react_facing",
            Self::Withdraw { .. } => "withdraw",
            Self::WithdrawLine { .. } => "withdraw_line",
            Self::PreArrangedWithdrawal { .. } => "pre_arranged_withdrawal",
            Self::DeclarePreArranged { .. } => "declare_pre_arranged",
            Self::WithdrawLeader { .. } => "withdraw_leader",
            Self::EndReaction => "end_reaction",
            Self::TryMomentum => "try_momentum",
            Self::DeclineMomentum => "decline_momentum",
            Self::RetireToCamp { .. } => "retire_to_camp",
            Self::SealDice { .. } => "seal_dice",
            Self::RevealDice { .. } => "reveal_dice",
        }
    }
}

/// One combat as the player forms it (GBA 9.12): unit ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatGroup {
    pub attackers: Vec<String>,
    pub defenders: Vec<String>,
}

// From `command::line`.
/// How the units of an infantry or elephant line hold together (4.33).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Formation {
    /// Side by side: each next unit in a flank hex of the last.
    Abreast,
    /// One behind another: each next unit in a front or rear hex of the last.
    Deep,
    /// CG 4.33: an elephant line in cavalry style: every elephant within the leader's full
    /// command range, touching or not.
    Spread,
}
