//! House rules (issue 23), inspired by the Mutford house rules: optional rules of our own
//! design, off unless a battle file or the players switch them on (`OptionalRules`). Each is a
//! small hook the engine calls and logs under its own name ("House B1", "House B3", ...).

pub mod barbarian;
pub mod collapse;
pub mod contagion;
pub mod dense_woods;
pub mod eager;
pub mod levy;
pub mod melee_fire;
pub mod out_of_sight;
pub mod temperament;
