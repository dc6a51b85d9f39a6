//! House rule B5, eager troops and the surge (inspired by the Mutford house rules): units the
//! battle tags `eager` — tribal foot and noble horse who came to fight — are hard to hold back.
//! An individual order that moves an eager unit and ends it no nearer the nearest enemy costs
//! its leader one order more (rulings P349). When a leader's momentum roll or trump fails
//! (5.32, 5.41, 5.42), each eager unit he could have ordered and has not moved this turn rolls
//! a die: 0–1 it rushes its whole MA at the nearest enemy, 2–3 half its MA, 4–9 it holds
//! (P350, P351). The engine plans the rush by the rules of movement — the enemy ZOC still stops
//! it — and the owner chooses nothing (P352); a unit that ends with an enemy in its ZOC pays the
//! charge's price at once, a pre-shock TQ check (9.13), and strikes when a leader next brings it
//! into a shock segment (P353).

use crate::charts::clash_of_spears::may_shock_attack;
use crate::game::{Event, GameState, HitCause, Phase, RollPurpose, RuleError, Tx};
use crate::map::facing::{arc_of, Arc};
use crate::map::zoc::{enemy_zoc, zoc_of};
use crate::movement::Destination;
use crate::scenario::units::{Placement, UnitTag};
use crate::scenario::Scenario;
use std::cmp::Reverse;

/// The rule's name in the log and on its dice.
pub const RULE: &str = "House B5";
/// The orders an order that holds an eager unit back costs over the usual one (P349).
pub const EXTRA_ORDERS: u8 = 1;
/// The surge die (0–9) at or below which an eager unit rushes its whole MA (P351).
pub const WHOLE_MA: u8 = 1;
/// The surge die at or below which it rushes half its MA, rounded up (P351); above, it holds.
pub const HALF_MA: u8 = 3;

/// Is the rule on and unit `ui` tagged eager?
pub fn is_eager(s: &Scenario, ui: usize) -> bool {
    s.meta.optional_rules.eager_troops && s.units[ui].tags.contains(&UnitTag::Eager)
}

/// The individual orders the active leader has left as he orders unit `ui`; `None` when this
/// is no fresh individual order (a line command, the Camp Orders Phase, a unit already ordered:
/// P349).
fn orders_for(s: &Scenario, st: &GameState, ui: usize) -> Option<u8> {
    let Phase::Orders { orders_left, line, ordered, .. } = &st.phase else { return None };
    let id = &s.units[ui].id;
    let in_line = line.as_ref().is_some_and(|units| units.contains(id));
    (!in_line && st.camp_orders.is_none() && !ordered.contains(id)).then_some(*orders_left)
}

/// The orders left for unit `ui` before its order: less house B3's extra one if that applies
/// too (its charge comes first, P349).
fn orders_before(s: &Scenario, st: &GameState, ui: usize) -> Option<u8> {
    let left = orders_for(s, st, ui)?;
    let Phase::Orders { leader, .. } = &st.phase else { return None };
    let li = s.leaders.iter().position(|l| &l.id == leader)?;
    let unseen = crate::special::house::out_of_sight::applies(s, st, li, ui);
    Some(left.saturating_sub(if unseen { crate::special::house::out_of_sight::EXTRA_ORDERS } else { 0 }))
}

/// Does ending at `to` hold eager unit `ui` back: no nearer the nearest enemy than it stands
/// (P349, the measure of house B4)?
fn held_back(s: &Scenario, st: &GameState, ui: usize, to: &Placement) -> bool {
    let side = s.units[ui].side;
    let nearest = |at: &Placement| crate::special::house::levy::nearest_enemy(s, st, side, at);
    match (nearest(&st.units[ui].placement), nearest(to)) {
        (Some(now), Some(then)) => then >= now,
        _ => false,
    }
}

/// May the active leader's order end eager unit `ui` at `to` (P349)? Always, unless it holds
/// the unit back and he has not the orders left to pay for that.
pub fn may_end(s: &Scenario, st: &GameState, ui: usize, to: &Placement) -> bool {
    if !is_eager(s, ui) {
        return true;
    }
    orders_before(s, st, ui).is_none_or(|left| left > EXTRA_ORDERS || !held_back(s, st, ui, to))
}

/// Before an order's move of unit `ui` ending at `to`, after house B3 has charged its own: if
/// it holds an eager unit back, its extra order, as an event; refused when the leader has not
/// the orders left (P349).
pub fn hold_back(tx: &mut Tx, ui: usize, to: &Placement) -> Result<(), RuleError> {
    let s = tx.scenario;
    if !is_eager(s, ui) || !held_back(s, &tx.state, ui, to) {
        return Ok(());
    }
    let (Some(left), Phase::Orders { leader, .. }) = (orders_for(s, &tx.state, ui), &tx.state.phase) else {
        return Ok(());
    };
    let (leader, unit) = (leader.clone(), s.units[ui].id.clone());
    if left <= EXTRA_ORDERS {
        return Err(RuleError::NotHisToOrder {
            leader,
            unit,
            rule: RULE,
            reason: "it is eager: an order that holds it back from the enemy costs two orders, and he has one left"
                .into(),
        });
    }
    tx.emit(Event::EagerHeldBack { leader, unit });
    Ok(())
}

/// Does unit `ui` surge when leader `li` fails (P350)? Eager, his to order and in his command
/// range, on the field and in good order (not routed, rallied, in column or square, with fewer
/// hits than half its TQ), one hex, not yet moved this turn and not in an enemy ZOC.
fn surges(s: &Scenario, st: &GameState, li: usize, ui: usize) -> bool {
    let (u, un) = (&s.units[ui], &st.units[ui]);
    let blocked = un.eliminated || un.routed || un.rallied || un.column || un.square || un.moved;
    is_eager(s, ui)
        && u.side == s.leaders[li].side
        && !blocked
        && 2 * un.hits < u.tq
        && !un.placement.is_two_hex()
        && crate::command::orders::order_refusal(s, li, ui).is_none()
        && crate::command::orders::in_command_range(s, st, li, ui)
        && !un.placement.hexes().any(|h| enemy_zoc(s, st, u.side).contains_key(&h))
}

/// The enemy unit nearest eager unit `ui`, on the field and not routed; ties: the first the
/// battle lists (P352).
fn nearest_foe(s: &Scenario, st: &GameState, ui: usize) -> Option<(usize, u32)> {
    let at = &st.units[ui].placement;
    (0..s.units.len())
        .filter(|&e| s.units[e].side != s.units[ui].side && !st.units[e].eliminated && !st.units[e].routed)
        .map(|e| (e, at.distance(&st.units[e].placement)))
        .min_by_key(|&(e, d)| (d, e))
}

/// Where the engine takes a surge of `mp` MP at `foe` (P352): of the ends the rules of movement
/// let it reach (6.1, the enemy ZOC stopping it, 7.2), the nearest the foe; then one facing the
/// foe, the fewest hits, the fewest MP, the first hex and facing. `None`: it gets no nearer.
fn rush(s: &Scenario, st: &GameState, ui: usize, foe: usize, mp: u8) -> Option<Destination> {
    let target = &st.units[foe].placement;
    let now = st.units[ui].placement.distance(target);
    let facing_foe = |d: &Destination| target.hexes().any(|h| arc_of(&d.placement, d.facing, h) == Some(Arc::Front));
    crate::movement::reach(s, st, ui)
        .ok()?
        .into_iter()
        .filter(|d| !d.column && d.mp <= mp)
        .map(|d| (d.placement.distance(target), d))
        .filter(|(dist, _)| *dist < now)
        .min_by_key(|(dist, d)| (*dist, Reverse(facing_foe(d)), d.hits, d.mp, d.hex, d.facing as u8))
        .map(|(_, d)| d)
}

/// The MP a surge die of `roll` gives a unit of movement allowance `ma` (P351), if it surges.
pub fn surge_mp(roll: u8, ma: u8) -> Option<u8> {
    match roll {
        r if r <= WHOLE_MA => Some(ma),
        r if r <= HALF_MA => Some(ma.div_ceil(2)),
        _ => None,
    }
}

/// Leader `li`'s momentum roll or trump has failed: with the rule on, each of his eager units
/// that surges rolls, in the battle's order, and those that go rush the nearest enemy (P350).
pub fn surge(tx: &mut Tx, li: usize) -> Result<(), RuleError> {
    let s = tx.scenario;
    if !s.meta.optional_rules.eager_troops {
        return Ok(());
    }
    for ui in 0..s.units.len() {
        if surges(s, &tx.state, li, ui) {
            surge_unit(tx, li, ui)?;
        }
    }
    Ok(())
}

fn surge_unit(tx: &mut Tx, li: usize, ui: usize) -> Result<(), RuleError> {
    let s = tx.scenario;
    let Some((foe, _)) = nearest_foe(s, &tx.state, ui) else { return Ok(()) };
    let unit = s.units[ui].id.clone();
    let roll = tx.roll(RollPurpose::HouseRule { unit: unit.clone(), rule: RULE.into() })?;
    let Some(mp) = surge_mp(roll, s.units[ui].ma) else { return Ok(()) };
    let (leader, toward) = (s.leaders[li].id.clone(), s.units[foe].id.clone());
    tx.emit(Event::Surged { unit: unit.clone(), leader, toward, mp });
    let Some(d) = rush(s, &tx.state, ui, foe, mp) else { return Ok(()) };
    tx.emit(Event::UnitMoved { unit: unit.clone(), path: d.path, placement: d.placement, facing: d.facing, mp: d.mp });
    if d.hits > 0 {
        tx.emit(Event::CohesionHits { unit: unit.clone(), hits: d.hits, cause: HitCause::Terrain });
    }
    charge_check(tx, ui)
}

/// A surging unit that ends with an enemy it could shock in its ZOC takes the pre-shock TQ
/// check (9.13) at once: a die above its TQ gives the difference in hits (P353).
fn charge_check(tx: &mut Tx, ui: usize) -> Result<(), RuleError> {
    let s = tx.scenario;
    let u = &s.units[ui];
    if !may_shock_attack(s.meta.rules, u.kind, u.class).0 || !in_contact(s, &tx.state, ui) {
        return Ok(());
    }
    let roll = tx.roll(RollPurpose::TqCheck { unit: u.id.clone(), rule: RULE.into() })?;
    if roll > u.tq {
        tx.emit(Event::CohesionHits { unit: u.id.clone(), hits: roll - u.tq, cause: HitCause::Shock });
    }
    Ok(())
}

/// Has unit `ui` an enemy unit in its ZOC, on the field and not routed?
fn in_contact(s: &Scenario, st: &GameState, ui: usize) -> bool {
    let zoc = zoc_of(s, st, ui);
    (0..s.units.len()).any(|e| {
        s.units[e].side != s.units[ui].side
            && !st.units[e].eliminated
            && !st.units[e].routed
            && st.units[e].placement.hexes().any(|h| zoc.contains(&h))
    })
}
