//! What the components display, with no DOM: the session (the game, its undo and its save),
//! routes, the camera over the map, hex geometry, the bundled battles, and the wording of every
//! event. Everything here builds and is tested natively (`cargo test -p sarissa-web`); a test
//! keeps it free of the browser's crates.

pub mod apart;
pub mod camera;
pub mod digits;
pub mod geometry;
pub mod library;
pub mod replay;
pub mod route;
pub mod scenarios;
pub mod session;
pub mod sharing;
pub mod standing;
pub mod wording;
pub mod worker;
