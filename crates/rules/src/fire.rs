//! Ordered missile fire (GBA 8.11–8.17) in the orders phase: who may fire, at whom, and the
//! fire itself. The volley is resolved by `combat::missile`; this module finds it in the
//! position: range, sight through the firer's arc, the target's armour and ground, moving.
//!
//! Not yet here: fire before or during a move (a unit fires instead of moving, or after moving
//! toward its target), reaction fire (8.2), harassment and dispersal (8.3), leader casualties
//! from fire (8.19), and rout when the hits reach the TQ (10.2) — they come with the rest of
//! combat.

use crate::combat::missile::{resolve, validate, MissileFire, Supply};
use crate::facing::{arc_of, Arc};
use crate::game::{Event, GameState, HitCause, Phase, RollPurpose, RuleError, Tx};
use crate::hex::HexId;
use crate::scenario::Scenario;
use crate::terrain::Terrain;
use crate::units::{Placement, UnitClass, UnitType};

/// One enemy unit a missile unit may fire at now, and the volley it would be.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub unit: usize,
    /// The target hex fired at (its nearer half, for a two-hex unit).
    pub hex: HexId,
    pub fire: MissileFire,
}

/// The firer's hex and the target hex nearest it.
fn nearest(from: &Placement, to: &Placement) -> (HexId, HexId, u32) {
    let mut best = None;
    for a in from.hexes() {
        for b in to.hexes() {
            let d = a.distance(b);
            if best.is_none_or(|(_, _, bd)| d < bd) {
                best = Some((a, b, d));
            }
        }
    }
    best.expect("a unit stands in at least one hex")
}

/// Does the line from `from` to `to` leave through the firer's arc (8.13)? Front hexes; a
/// skirmisher's flank hexes too; chariots and artillery any.
fn through_arc(scenario: &Scenario, state: &GameState, firer: usize, from: HexId, to: HexId) -> bool {
    let (u, st) = (&scenario.units[firer], &state.units[firer]);
    if matches!(u.kind, UnitType::CH | UnitType::ChStar | UnitType::AT) {
        return true;
    }
    let ok = |a: Option<Arc>| match a {
        Some(Arc::Front) => true,
        Some(Arc::Flank) => u.kind.is_foot_skirmisher(),
        _ => false,
    };
    if from.is_adjacent(to) {
        return ok(arc_of(&st.placement, st.facing, to));
    }
    // The hexes next to the firer that the line crosses first (both, along a hexside).
    let first: Vec<HexId> = crate::sight::hexes_between(from, to)
        .into_iter()
        .filter(|(h, _)| from.is_adjacent(*h))
        .map(|(h, _)| h)
        .collect();
    first.into_iter().any(|h| ok(arc_of(&st.placement, st.facing, h)))
}

/// May `unit` fire under the current order, and is it moving (8.11, 8.15 DRM 4)? `None` when
/// it may not: not a missile unit, Missile No, already fired this phase, or not orderable.
/// `orderable`: the units the active leader may order now (`legal::orderable`), computed once by
/// the caller.
fn may_fire(scenario: &Scenario, state: &GameState, unit: usize, orderable: &[usize]) -> Option<bool> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    // Routed units do not fire (10.26), nor columns (6.65).
    if st.eliminated || st.routed || st.column || st.fired || st.supply == Supply::No || u.missile.is_none() {
        return None;
    }
    let Phase::Orders { ordered, .. } = &state.phase else { return None };
    if ordered.contains(&u.id) {
        // After its move under this order: only if it moved (toward the target, checked per
        // target), and never for archer light infantry or artillery, who move or fire (8.11).
        let move_or_fire = (u.kind == UnitType::LI && u.class == Some(UnitClass::A)) || u.kind == UnitType::AT;
        (st.order_start.is_some() && !move_or_fire).then_some(true)
    } else {
        orderable.contains(&unit).then_some(false)
    }
}

/// Every enemy unit `unit` may fire at now, with the volley (8.13–8.16).
pub fn targets(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<Target> {
    targets_among(scenario, state, unit, &crate::legal::orderable(scenario, state))
}

fn targets_among(scenario: &Scenario, state: &GameState, unit: usize, orderable: &[usize]) -> Vec<Target> {
    let Some(moving) = may_fire(scenario, state, unit, orderable) else { return Vec::new() };
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let Some(missile) = u.missile else { return Vec::new() };
    let archer = missile == crate::units::Missile::Arrow || missile == crate::units::Missile::LongBow;
    // Sight lines beyond the line's reach, one hex of extended range included, are not traced.
    let Some(line) = crate::charts::missile::MissileLine::for_unit(scenario.meta.rules, u.kind, missile) else {
        return Vec::new();
    };
    let farthest = crate::charts::missile::max_range(line, None) as u32 + 1;
    let mut out = Vec::new();
    for (ti, t) in scenario.units.iter().enumerate() {
        let ts = &state.units[ti];
        if t.side == u.side || ts.eliminated {
            continue;
        }
        let (from, to, range) = nearest(&st.placement, &ts.placement);
        if range == 0 || range > farthest {
            continue;
        }
        // Moving and firing: the move must have brought it closer (8.11).
        if moving {
            let Some(start) = st.order_start else { continue };
            if nearest(&start, &ts.placement).2 <= range {
                continue;
            }
        }
        if !through_arc(scenario, state, unit, from, to)
            || !(range == 1 || crate::sight::line_of_sight(scenario, state, from, to, archer))
        {
            continue;
        }
        let map = &scenario.map;
        let mut fire = MissileFire::new(scenario.meta.rules, u.kind, missile, range as u8, t.kind);
        fire.firer_class = u.class;
        fire.target_class = t.class;
        fire.supply = st.supply;
        fire.moving = moving;
        fire.target_in_woods = map.terrain(to) == Some(Terrain::Woods);
        fire.target_lower = map.elevation(to) < map.elevation(from);
        fire.through_front = arc_of(&ts.placement, ts.heading(), from) == Some(Arc::Front);
        fire.leader_in_target_hex = crate::shock_segment::side_leader(scenario, state, &[ti]).map(|(_, l)| l);
        if validate(&fire).is_ok() {
            out.push(Target { unit: ti, hex: to, fire });
        }
    }
    out
}

/// Is `unit` within range and sight of an enemy missile unit that can fire (10.27, 8.18)? Arcs
/// aside: the enemy could turn.
pub fn under_enemy_missiles(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    (0..scenario.units.len()).any(|e| {
        let (eu, es) = (&scenario.units[e], &state.units[e]);
        let Some(missile) = eu.missile else { return false };
        if eu.side == u.side || es.eliminated || es.routed || es.supply == Supply::No {
            return false;
        }
        let Some(line) = crate::charts::missile::MissileLine::for_unit(scenario.meta.rules, eu.kind, missile) else {
            return false;
        };
        let reach = crate::charts::missile::max_range(line, None) as u32;
        let archer = matches!(missile, crate::units::Missile::Arrow | crate::units::Missile::LongBow);
        es.placement.hexes().any(|from| {
            st.placement.hexes().any(|to| {
                from.distance(to) <= reach
                    && (from.distance(to) <= 1 || crate::sight::line_of_sight(scenario, state, from, to, archer))
            })
        })
    })
}

/// The Reload segment (8.18): units low on or out of missiles, not in an enemy ZOC nor in range
/// and sight of an enemy missile unit, are resupplied. Routed units stay without (10.26).
pub fn reload(tx: &mut Tx) {
    for i in 0..tx.scenario.units.len() {
        let st = &tx.state.units[i];
        if st.eliminated || st.routed || st.supply == Supply::Full {
            continue;
        }
        let side = tx.scenario.units[i].side;
        let zoc = crate::zoc::enemy_zoc(tx.scenario, &tx.state, side);
        if st.placement.hexes().any(|h| zoc.contains_key(&h)) || under_enemy_missiles(tx.scenario, &tx.state, i) {
            continue;
        }
        let unit = tx.scenario.units[i].id.clone();
        tx.emit(Event::SupplyChanged { unit, supply: Supply::Full, rule: "8.18".into() });
    }
}

/// Missile units the active leader may have fire now, each with its targets.
pub fn firers(scenario: &Scenario, state: &GameState) -> Vec<(usize, Vec<Target>)> {
    let Phase::Orders { leader, .. } = &state.phase else { return Vec::new() };
    let Some(side) = scenario.leaders.iter().find(|l| &l.id == leader).map(|l| l.side) else { return Vec::new() };
    let orderable = crate::legal::orderable(scenario, state);
    (0..scenario.units.len())
        .filter(|&i| scenario.units[i].side == side && scenario.units[i].missile.is_some())
        .map(|i| (i, targets_among(scenario, state, i, &orderable)))
        .filter(|(_, t)| !t.is_empty())
        .collect()
}

/// `unit` fires at `target` (8.11–8.17): one die; hits on the target; the supply afterwards.
pub fn fire(tx: &mut Tx, unit: &str, target: &str) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let ti = tx.unit_index(target)?;
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "8.1", reason };
    let orderable = crate::legal::orderable(tx.scenario, &tx.state);
    if may_fire(tx.scenario, &tx.state, ui, &orderable).is_none() {
        return Err(refuse(
            "it may not fire now: not a missile unit, out of missiles, fired already this phase, out of command, \
             or it moved on another order (8.11, 8.17)"
                .into(),
        ));
    }
    let Some(t) = targets_among(tx.scenario, &tx.state, ui, &orderable).into_iter().find(|t| t.unit == ti) else {
        return Err(refuse(format!(
            "{} is not a target it may fire at: out of range, out of sight, outside its arc, or not closer after its \
             move (8.11, 8.13, 8.14)",
            tx.scenario.units[ti].name
        )));
    };
    apply_volley(tx, unit, target, &t.fire)
}

/// Rolls a volley and emits what it did (8.15, 8.17, 8.19): the firer's die, and for a natural
/// 0 at a hex with a leader the leader's rolls.
pub fn apply_volley(tx: &mut Tx, unit: &str, target: &str, fire: &MissileFire) -> Result<(), RuleError> {
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "8.1", reason };
    let mut error = None;
    let outcome = {
        let mut dice = || match tx.roll(RollPurpose::MissileFire { unit: unit.into(), target: target.into() }) {
            Ok(r) => r,
            Err(e) => {
                error.get_or_insert(e);
                0
            }
        };
        resolve(fire, &mut dice).map_err(|e| refuse(e.to_string()))?
    };
    if let Some(e) = error {
        return Err(e);
    }
    let (strength, drm) = outcome.steps.iter().fold((0u8, 0i32), |(s, d), step| match &step.kind {
        crate::combat::missile::MissileStepKind::Strength { strength, .. } => (*strength, d),
        crate::combat::missile::MissileStepKind::Roll { drm, .. } => (s, *drm),
        _ => (s, d),
    });
    tx.emit(Event::MissileFired {
        unit: unit.into(),
        target: target.into(),
        range: fire.range,
        strength,
        drm,
        hit: outcome.hits > 0,
        hits: outcome.hits,
        supply: outcome.supply_after,
    });
    if outcome.hits > 0 {
        tx.emit(Event::CohesionHits { unit: target.into(), hits: outcome.hits, cause: HitCause::Missile });
    }
    // A leader in the target hex struck (8.19).
    if let Some(result) = outcome.leader_casualty.filter(|r| *r != crate::charts::leaders::LeaderResult::NoEffect) {
        let ti = tx.unit_index(target)?;
        if let Some((l, _)) = crate::shock_segment::side_leader(tx.scenario, &tx.state, &[ti]) {
            let leader = tx.scenario.leaders[l].id.clone();
            tx.emit(Event::LeaderCasualty { leader, result, rule: "8.19".into() });
        }
    }
    Ok(())
}
