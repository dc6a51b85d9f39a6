//! Sarissa's rules: the Great Battles of History tactical system as plain data and pure
//! functions. No web dependencies: everything here builds and is tested natively, and compiles
//! unchanged to wasm32 for the browser.

pub mod activation;
pub mod advance;
pub mod artillery;
pub mod breach;
pub mod camp;
pub mod camp_orders;
pub mod charts;
pub mod city;
pub mod city_combat;
pub mod cohesion;
pub mod column;
pub mod combat;
pub mod contingent;
pub mod darius;
pub mod elephants;
pub mod engaged;
pub mod facing;
pub mod fire;
pub mod game;
pub mod harassment;
pub mod hex;
pub mod indian;
pub mod legal;
pub mod line;
pub mod line_entry;
pub mod move_and_fire;
pub mod movement;
pub mod notation;
pub mod orders;
pub mod playout;
pub mod pre_arranged;
pub mod rally;
pub mod rampage;
pub mod reaction;
pub mod recovery;
pub mod restrictions;
pub mod retire;
pub mod rout;
pub mod rule_set;
pub mod scenario;
pub mod sequence;
pub mod shock_segment;
pub mod sight;
pub mod square;
pub mod terrain;
pub mod trump;
pub mod units;
pub mod victory;
pub mod wing;
pub mod withdrawal;
pub mod zoc;

pub use game::{Command, Dice, Event, Game, RuleError};
pub use hex::{HexId, Hexside, Vertex};
pub use scenario::{load, LoadError, Scenario};
