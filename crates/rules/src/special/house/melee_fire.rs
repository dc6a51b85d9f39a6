//! House rule B8, shooting into a melee (inspired by the Mutford house rules): missiles do not
//! choose whom they strike. A volley that hits an enemy held in the zone of control of one of
//! the firer's friends (a melee, 7.2) rolls one more die: 0–3 and its hits strike that friend
//! instead. A volley whose line of fire passes over a friend standing within two hexes of the
//! target gives that friend one hit on a natural 0, besides what it does to the target (rulings
//! P345, P346). Both apply to every volley at a unit that rolls on the missile chart (8.1):
//! ordered, reaction, harassment and withdrawal fire.

use crate::combat::missile::{MissileOutcome, MissileStepKind};
use crate::game::{Event, GameState, HitCause, RollPurpose, RuleError, Tx};
use crate::map::sight::hexes_between;
use crate::map::zoc::zoc_of;
use crate::scenario::Scenario;

/// The rule's name in the log and on its die.
pub const RULE: &str = "House B8";
/// The melee die at or below which a volley's hits strike the friend instead (P345).
pub const STRIKES_FRIEND: u8 = 3;
/// How near the target a friend under the line of fire is struck by a natural 0 (P346).
pub const NEAR_TARGET: u32 = 2;

/// The first of `firer`'s friends (by the battle's order) whose zone of control holds `target`.
fn friend_in_melee(s: &Scenario, st: &GameState, firer: usize, target: usize) -> Option<usize> {
    (0..s.units.len()).find(|&f| {
        f != firer
            && s.units[f].side == s.units[firer].side
            && !st.units[f].eliminated
            && !st.units[f].routed
            && zoc_of(s, st, f).iter().any(|z| st.units[target].placement.hexes().any(|h| h == *z))
    })
}

/// The first of `firer`'s friends standing on the line of fire within two hexes of `target`.
fn friend_under_fire(s: &Scenario, st: &GameState, firer: usize, target: usize) -> Option<usize> {
    let (from, to) = st.units[firer]
        .placement
        .hexes()
        .flat_map(|a| st.units[target].placement.hexes().map(move |b| (a, b)))
        .min_by_key(|(a, b)| (a.distance(*b), *a, *b))?;
    let line: Vec<_> =
        hexes_between(from, to).into_iter().map(|(h, _)| h).filter(|h| h.distance(to) <= NEAR_TARGET).collect();
    (0..s.units.len()).find(|&f| {
        f != firer
            && s.units[f].side == s.units[firer].side
            && !st.units[f].eliminated
            && st.units[f].placement.hexes().any(|h| line.contains(&h))
    })
}

/// The natural die of a volley.
fn natural(outcome: &MissileOutcome) -> Option<u8> {
    outcome.steps.iter().find_map(|s| match s.kind {
        MissileStepKind::Roll { natural, .. } => Some(natural),
        _ => None,
    })
}

/// Lands `firer`'s volley of `hits` on `target` (its `CohesionHits`); with house B8 on, first the
/// melee die when the target is in a friend's zone, and after, a natural 0's hit on a friend the
/// volley passed over.
pub fn land(tx: &mut Tx, firer: &str, target: &str, hits: u8, outcome: &MissileOutcome) -> Result<(), RuleError> {
    let s = tx.scenario;
    // Every volley lands here: with the rule off, nothing more to look up.
    if !s.meta.optional_rules.shooting_into_melee {
        return hit(tx, target, hits);
    }
    // A firer that is no unit (a camp's engine, a tower) is not changed (P345).
    let (Ok(fi), Ok(ti)) = (tx.unit_index(firer), tx.unit_index(target)) else {
        return hit(tx, target, hits);
    };
    let melee = if hits > 0 { friend_in_melee(s, &tx.state, fi, ti) } else { None };
    let astray = match melee {
        Some(_) => tx.roll(RollPurpose::HouseRule { unit: firer.into(), rule: RULE.into() })? <= STRIKES_FRIEND,
        None => false,
    };
    match melee.filter(|_| astray) {
        Some(f) => strike(tx, firer, f, hits, false)?,
        None => hit(tx, target, hits)?,
    }
    if natural(outcome) == Some(0) {
        if let Some(f) = friend_under_fire(s, &tx.state, fi, ti) {
            strike(tx, firer, f, 1, true)?;
        }
    }
    Ok(())
}

fn hit(tx: &mut Tx, unit: &str, hits: u8) -> Result<(), RuleError> {
    if hits > 0 {
        tx.emit(Event::CohesionHits { unit: unit.into(), hits, cause: HitCause::Missile });
    }
    Ok(())
}

fn strike(tx: &mut Tx, firer: &str, f: usize, hits: u8, over: bool) -> Result<(), RuleError> {
    let friend = tx.scenario.units[f].id.clone();
    tx.emit(Event::FriendStruck { firer: firer.into(), friend: friend.clone(), hits, over });
    hit(tx, &friend, hits)
}
