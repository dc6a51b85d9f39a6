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

use crate::game::Event;

/// The house rules' acts as the duels and the house soak count them, in the order
/// [`count_acts`] counts them.
pub const ACTS: [&str; 11] = [
    "out-of-sight orders",   // B3
    "commands broken",       // B9
    "broken-command checks", // B9
    "temperament checks",    // B1: pre-shock checks a temperament moved
    "barbarian orders",      // B2
    "levies balked",         // B4
    "swept along",           // B6
    "friends struck",        // B8
    "surges",                // B5
    "eager units held back", // B5
    "lost in dense woods",   // B7
];

/// Adds the house rules' acts among `events` to `counts`, in the order of [`ACTS`].
pub fn count_acts(events: &[Event], counts: &mut [usize; ACTS.len()]) {
    for e in events {
        let act = match e {
            Event::OutOfSightOrder { .. } => 0,
            Event::CommandBroken { .. } => 1,
            Event::BrokenCommandCheck { .. } => 2,
            Event::ShockResolved { lines, .. } => {
                counts[3] += lines.iter().filter(|l| l.ends_with("(House B1)")).count();
                continue;
            }
            Event::BarbarianOrderRolled { .. } => 4,
            Event::LevyBalked { .. } => 5,
            Event::SweptAlong { .. } => 6,
            Event::FriendStruck { .. } => 7,
            Event::Surged { .. } => 8,
            Event::EagerHeldBack { .. } => 9,
            Event::LostWay { .. } => 10,
            _ => continue,
        };
        counts[act] += 1;
    }
}

/// The acts in `counts` in words, `name n` each, for a report line.
pub fn acts_in_words(counts: &[usize; ACTS.len()]) -> String {
    ACTS.iter().zip(counts).map(|(name, n)| format!("{name} {n}")).collect::<Vec<_>>().join(", ")
}
