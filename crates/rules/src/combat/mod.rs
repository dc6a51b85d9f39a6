//! Combat (GBA 8.0–9.0; CG 8.0–9.0): missile fire, harassment and dispersal, the shock segment,
//! advance after combat and Engaged units.
//!
//! The resolvers are pure functions: one shock (GBA 9.13–9.18, 10.13–10.15; CG 9.14–9.19,
//! 11.21) or one missile fire (GBA 8.15–8.19; CG 8.16–8.19) described as plain data, resolved
//! with a dice source, and returned as a structured outcome that lists every step with its rule.
//! They read no game: the segments (`fire`, `shock_segment`, ...) build a [`shock::ShockSetup`]
//! or [`missile::MissileFire`] from the position, call the resolver with the game's dice, and
//! emit the outcome as events. [`odds`] runs the same resolvers over every die sequence they can
//! consume, for exact probabilities.
//!
//! A dice source is any `FnMut() -> u8` giving a d10 roll, 0–9. Dice are consumed in the order
//! of rulings R14: within a step, the attacker's units first, then the defender's, each side in
//! the order its units are listed.

pub mod missile;
pub mod odds;
pub mod odds_worst;
pub mod shock;

// The segments of play that carry combat out in a game (GBA 8.1–8.3, 9.1–9.3, 10.3).
pub mod advance;
pub mod engaged;
pub mod fire;
pub mod harassment;
pub mod line_entry;
pub mod shock_segment;

/// Which side of a shock a unit fights on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Attacker,
    Defender,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Attacker => "attacker",
            Side::Defender => "defender",
        }
    }
}
