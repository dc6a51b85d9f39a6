//! Sarissa's rules: the Great Battles of History tactical system as plain data and pure
//! functions. No web dependencies: everything here builds and is tested natively, and compiles
//! unchanged to wasm32 for the browser.

pub mod hex;
pub mod scenario;
pub mod terrain;
pub mod units;

pub use hex::{HexId, Hexside, Vertex};
pub use scenario::{load, LoadError, Scenario};
