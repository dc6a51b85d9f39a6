//! Sarissa's rules: the Great Battles of History tactical system as plain data and pure
//! functions. No web dependencies: everything here builds and is tested natively, and compiles
//! unchanged to wasm32 for the browser.
//!
//! The folders follow the rulebook. Layers point one way: `map`, `scenario` and `charts`
//! describe a battle and know no game; the kernel `game` (state, events and their application,
//! commands, dice, refusals) builds on them alone; the rule folders (`command`, `movement`,
//! `combat`, `effects`, `special`, `works`, and `scenario::battles`) check commands and emit
//! events; `play` sits on top: it carries out a command through the sequence of play, lists the
//! legal commands, reads and writes the command notation, and holds the players: the random one
//! and `play::player`, the computer opponent, which chooses among the legal commands.

pub mod charts;
pub mod combat;
pub mod command;
pub mod effects;
pub mod game;
pub mod map;
pub mod movement;
pub mod play;
pub mod scenario;
pub mod special;
pub mod works;

pub use game::{Command, Dice, Event, RuleError};
pub use map::hex::{HexId, Hexside, Vertex};
pub use play::Game;
#[cfg(feature = "battle-files")]
pub use scenario::load;
pub use scenario::{LoadError, Scenario};
