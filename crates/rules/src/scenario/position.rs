//! A battle set up mid-play (docs/scenario-format.md, "Starting from a position"): the game turn
//! and phase it starts in, and the markers each unit and leader already carries. The loader
//! validates it (`load.rs`); `GameState::setup` applies it, and `Game::new` starts from it.
//!
//! Rout Points are not stored: the engine derives them from eliminated units and killed or
//! captured leaders (CG 13.11, `effects::victory`), so the units and leaders a position marks
//! `eliminated`, `killed` or `captured` already carry them.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A unit's missile supply (GBA 8.17, CG 8.19): Full, Low or No; the state keeps it
/// (`game::Supply`), and a battle file may set it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Supply {
    #[default]
    Full,
    Low,
    No,
}

/// Where in the game turn the battle starts (GBA 3.0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StartPhase {
    /// The start of the game turn: it begins as every turn does, with the pre-arranged
    /// withdrawal declarations (GBA 6.82) and the elite commander's initiative (5.5) where they
    /// apply, then the first activation (5.12). No unit has Moved and no leader is Finished yet.
    #[default]
    TurnStart,
    /// The middle of the Activation Phase: the turn's opening is over, some leaders may be
    /// Finished and some units Moved; the next activation is offered at once (5.12).
    Activation,
}

impl StartPhase {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "turn-start" => Some(Self::TurnStart),
            "activation" => Some(Self::Activation),
            _ => None,
        }
    }
}

/// The markers a unit carries at the start (every field false or zero: none).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitStart {
    /// Cohesion hits (GBA 10.1).
    pub hits: u8,
    /// Routed (GBA 10.2).
    pub routed: bool,
    /// Rallied this turn (GBA 10.27).
    pub rallied: bool,
    /// Moved this turn (GBA 6.13).
    pub moved: bool,
    /// In Column (GBA 6.6): its `facing` is then a hexside.
    pub column: bool,
    /// In Square (CG 10.62).
    pub square: bool,
    /// Missile supply (GBA 8.17).
    pub missiles: Supply,
    /// An elephant's screen supply (GBA 11.11, CG 10.11).
    pub screen_missiles: Supply,
    /// Engaged (GBA 10.3, optional).
    pub engaged: bool,
    /// A chariot's crew on foot: the counter shows its foot side (CG 10.28).
    pub on_foot: bool,
    /// Eliminated: off the map, its Rout Points counted (CG 13.11).
    pub eliminated: bool,
}

/// The state a leader is in at the start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderStart {
    /// Finished this turn (GBA 5.15).
    pub finished: bool,
    /// Killed (GBA 9.22): off the map, his Rout Points counted.
    pub killed: bool,
    /// Captured (GBA 4.62): off the map, his Rout Points counted as if killed (CG 13.11).
    pub captured: bool,
    /// Rating points lost to a wound: 1 Wounded, 2 Severely Wounded (GBA 9.22).
    pub wounds: u8,
}

/// A battle's starting position; absent for a battle that starts at its set-up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The game turn it starts on (1 or more).
    pub turn: u16,
    pub phase: StartPhase,
    /// The markers of the units that carry any, by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub units: BTreeMap<String, UnitStart>,
    /// The state of the leaders that have any, by id.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub leaders: BTreeMap<String, LeaderStart>,
}
