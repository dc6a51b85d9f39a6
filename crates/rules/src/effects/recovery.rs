//! Recovery (GBA 10.16; CG 11.13): an individual order that takes cohesion hits off a unit
//! standing on clear ground, away from the enemy.

use crate::game::{Event, GameState, Phase, RuleError, Tx};
use crate::map::terrain::Terrain;
use crate::scenario::Scenario;

/// Is `unit` within reach of an enemy missile unit: its fire's range and sight, or how far it
/// could harass from (10.16: "H&D range included")?
fn under_missile_threat(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    if crate::combat::fire::under_enemy_missiles(scenario, state, unit) {
        return true;
    }
    let st = &state.units[unit];
    (0..scenario.units.len()).any(|e| {
        let (eu, es) = (&scenario.units[e], &state.units[e]);
        if eu.side == scenario.units[unit].side || es.eliminated || es.routed {
            return false;
        }
        let Some(reach) = crate::combat::harassment::harass_reach(scenario, e) else { return false };
        es.placement.hexes().any(|from| {
            st.placement.hexes().any(|to| {
                from.distance(to) <= reach && crate::map::sight::line_of_sight(scenario, state, from, to, false)
            })
        })
    })
}

/// How many hits an order would take off `unit` now (10.16), or why it may not recover: 2 in
/// the clear with no enemy beside it nor missile unit within reach; with one within reach, 1 in
/// GBA and none in CG (D67). Never more than it has.
pub fn recovery(scenario: &Scenario, state: &GameState, unit: usize) -> Result<u8, String> {
    let Phase::Orders { line, leader, .. } = &state.phase else { return Err("it is not an orders phase".into()) };
    if line.is_some() {
        return Err("recovery takes an individual order, not a line command (10.16)".into());
    }
    // CG 12.17, P180: the camp's units move, fire and attack on their own, nothing more.
    if state.camp_orders.is_some() {
        return Err("in the Camp Orders Phase units move, fire and attack, but do not recover (12.17)".into());
    }
    if !crate::command::orders::order_candidates(scenario, state).contains(&unit) {
        return Err("the active leader cannot order it now: out of range or orders, ordered already, routed, or \
                    rallied this turn (10.16, 4.21)"
            .into());
    }
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    // CG 12.214: in the city, only from a leader in the unit's own hex.
    if crate::works::city::unit_in_city(scenario, state, unit) {
        let at = scenario.leaders.iter().position(|l| &l.id == leader).map(|li| state.leaders[li].at);
        if !at.is_some_and(|at| st.placement.hexes().any(|h| h == at)) {
            return Err("in the city a leader gives recovery only to a unit in his own hex (12.214)".into());
        }
    }
    if st.hits == 0 {
        return Err("it has no cohesion hits to recover (10.16)".into());
    }
    // CG 12.212: a city hex counts as clear.
    let clear =
        |h| scenario.map.terrain(h).is_some_and(|t| t == Terrain::Clear) || crate::works::city::in_city(scenario, h);
    if !st.placement.hexes().all(clear) {
        return Err("only on clear ground (10.16, P70)".into());
    }
    // CG 12.212: in a block, temple or palace neither enemies beside it nor within missile reach
    // keep it from recovering.
    let sheltered = state.in_city_buildings(scenario, unit);
    let occupied = crate::map::zoc::occupancy(state);
    let beside_enemy = st
        .placement
        .hexes()
        .any(|h| occupied.iter().any(|(at, &o)| at.is_adjacent(h) && scenario.units[o].side != u.side));
    if beside_enemy && !sheltered {
        return Err("not beside an enemy unit (10.16)".into());
    }
    let most = if !sheltered && under_missile_threat(scenario, state, unit) {
        crate::scenario::rule_set::hooks(scenario.meta.rules).recovery_hits_under_missiles
    } else {
        2
    };
    if most == 0 {
        return Err("not within reach of an enemy missile unit (CG 11.13)".into());
    }
    Ok(most.min(st.hits))
}

/// Every unit the active leader may have recover now (a Restricted overall commander's too, CG 4.55), with the hits it would lose (10.16).
pub fn recoverers(scenario: &Scenario, state: &GameState) -> Vec<(usize, u8)> {
    if !matches!(&state.phase, Phase::Orders { line: None, .. }) {
        return Vec::new();
    }
    crate::command::orders::order_candidates(scenario, state)
        .into_iter()
        .filter_map(|u| recovery(scenario, state, u).ok().map(|hits| (u, hits)))
        .collect()
}

/// The recovery order (10.16).
pub fn recover(tx: &mut Tx, unit: &str) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let hits = recovery(tx.scenario, &tx.state, ui).map_err(|reason| RuleError::IllegalMove {
        unit: unit.into(),
        rule: if reason.contains("(12.214)") { "12.214" } else { "10.16" },
        reason,
    })?;
    let Phase::Orders { leader, .. } = tx.state.phase.clone() else { return Ok(()) };
    tx.emit(Event::UnitRecovered { leader, unit: unit.into(), hits });
    Ok(())
}
