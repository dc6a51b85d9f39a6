//! Chandragupta artillery (CG 10.5): the Yantra, the Jamadagnya and the Sarvatobhadra. An
//! engine takes no orders and needs no command: it shoots at will, within its limit of shots
//! (10.52, 10.56), at any enemy in range and sight all round (10.53), never runs out (8.19(4)),
//! and never uses reaction fire (G39). Rulings P133.
//!
//! When it may shoot (P133): in every orders phase of its own side, and in every pause its side
//! has to react to an enemy unit's move, at that unit.

use crate::combat::fire::Target;
use crate::game::{Event, GameState, Phase, RuleError, Tx};
use crate::scenario::Scenario;

/// The unit stacked with `unit` (CG 6.71(3)): the foot unit an engine shares its hex with, or the
/// engine a foot unit shelters.
pub fn stacked_with(scenario: &Scenario, state: &GameState, unit: usize) -> Option<usize> {
    let here: Vec<_> = state.units[unit].placement.hexes().collect();
    (0..scenario.units.len()).find(|&j| {
        j != unit
            && !state.units[j].eliminated
            && scenario.units[j].engine.is_some() != scenario.units[unit].engine.is_some()
            && state.units[j].placement.hexes().any(|h| here.contains(&h))
    })
}

/// Shots `unit` has left before its marker is cleared (10.52, 10.56); 0 for a non-engine.
pub fn shots_left(scenario: &Scenario, state: &GameState, unit: usize) -> u8 {
    scenario.units[unit].engine.map_or(0, |e| e.shots().saturating_sub(state.units[unit].artillery_shots))
}

/// The enemy units engine `unit` may be shooting at now, if it may shoot at all (P133): its own
/// side's orders phase (any enemy), or a pause of its side's reactions (the moving unit).
fn candidates(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<usize> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    if u.engine.is_none() || st.eliminated || st.routed || shots_left(scenario, state, unit) == 0 {
        return Vec::new();
    }
    let enemies = |i: &usize| scenario.units[*i].side != u.side && !state.units[*i].eliminated;
    match &state.phase {
        Phase::Orders { .. } if crate::command::orders::active_side(scenario, state) == Some(u.side) => {
            (0..scenario.units.len()).filter(enemies).collect()
        }
        Phase::Reaction { side, mover, .. } if *side == u.side => {
            scenario.units.iter().position(|m| &m.id == mover).into_iter().filter(enemies).collect()
        }
        _ => Vec::new(),
    }
}

/// Every enemy unit engine `unit` may shoot at now, with the volley (10.52, 10.53, 8.14).
pub fn targets(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<Target> {
    candidates(scenario, state, unit)
        .into_iter()
        .filter_map(|t| crate::combat::fire::volley(scenario, state, unit, t, false, None))
        .collect()
}

/// The engines of the side reacting now that may shoot at the moving unit, each with its volley
/// (P133): offered in the pause beside the reaction fire, though they are not reaction fire.
pub fn pause_shots(scenario: &Scenario, state: &GameState) -> Vec<(usize, Target)> {
    if !matches!(state.phase, Phase::Reaction { .. }) {
        return Vec::new();
    }
    (0..scenario.units.len())
        .filter(|&i| scenario.units[i].engine.is_some())
        .flat_map(|i| targets(scenario, state, i).into_iter().map(move |t| (i, t)))
        .collect()
}

/// Engine `unit` shoots at `target` (10.52): one die, no order spent; its marker turns to Fired
/// Once or Fire Done. Under its own side's orders the target may shoot back (8.23).
pub fn fire(tx: &mut Tx, unit: &str, target: &str) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let ti = tx.unit_index(target)?;
    let Some(t) = targets(tx.scenario, &tx.state, ui).into_iter().find(|t| t.unit == ti) else {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "10.52",
            reason: format!(
                "the engine may not shoot at {} now: it is Fire Done, or it is not its side's orders phase or a pause \
                 at that unit's move, or the target is out of range or sight (10.52, 10.53, 10.56)",
                tx.scenario.units[ti].name
            ),
        });
    };
    let shots = tx.state.units[ui].artillery_shots + 1;
    crate::combat::fire::shoot(tx, unit, target, &t.fire, "10.52", |v| Event::ArtilleryFired {
        unit: unit.into(),
        target: target.into(),
        range: v.range,
        strength: v.strength,
        drm: v.drm,
        hits: v.hits,
        shots,
    })?;
    if matches!(tx.state.phase, Phase::Orders { .. }) {
        crate::combat::fire::offer_return_fire(tx, ui, ti)?;
    }
    Ok(())
}

/// Why Sarvatobhadra `unit` may not shoot at the city gate between `gate`'s hexes now on an
/// individual order of the active leader (CG 12.35; rulings P236), or the range it would shoot
/// at. The leader: a commander — overall, wing or subordinate, never a Nayaka or a chief — of
/// its side, in an orders phase not under a line command nor the Camp Orders Phase, with an
/// order left, not Restricted, not (unless overall) in an enemy ZOC, the engine in his command
/// range and not yet ordered. The engine: a Sarvatobhadra with its shot of the turn left (10.56),
/// not Routed or Engaged. The gate: an unbreached one of the enemy's city (P235), its range —
/// the hexes to the nearer of its two hexes, as if shooting at a unit there — more than 1 (so
/// never from either hex or from beside them) and within the engine's reach, that hex in sight
/// (8.14, 12.29).
pub fn gate_shot_refusal(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    (a, b): (crate::map::hex::HexId, crate::map::hex::HexId),
) -> Result<u8, String> {
    use crate::scenario::units::{Engine, LeaderRole, Placement};
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    if u.engine != Some(Engine::Sarvatobhadra) {
        return Err("only a Sarvatobhadra shoots at a city gate (12.35)".into());
    }
    let Phase::Orders { leader, orders_left, line: None, ordered, .. } = &state.phase else {
        return Err("it takes an individual order in an orders phase (12.35)".into());
    };
    let Some(li) = scenario.leaders.iter().position(|l| &l.id == leader) else {
        return Err("no leader gives orders now (12.35)".into());
    };
    let l = &scenario.leaders[li];
    if state.camp_orders.is_some() || l.side != u.side {
        return Err("it takes an individual order from a commander of its own side (12.35)".into());
    }
    if !matches!(l.role, LeaderRole::Overall | LeaderRole::Wing | LeaderRole::Subordinate) {
        return Err(format!("a {} may not order it: only a commander, never a Nayaka (12.35)", l.role.name()));
    }
    if *orders_left == 0 || crate::command::orders::is_restricted(state, li) {
        return Err(format!("{} has no individual order to give (4.21, 4.55)", l.name));
    }
    if !crate::command::orders::is_overall(scenario, li)
        && crate::command::orders::leader_in_enemy_zoc(scenario, state, li)
    {
        return Err(format!("{} is in an enemy zone of control and gives no orders (4.21)", l.name));
    }
    let Placement::One(at) = st.placement else { return Err("it stands in one hex".into()) };
    if st.eliminated || st.routed || st.engaged || ordered.contains(&u.id) {
        return Err("it is routed, engaged, or ordered already this phase".into());
    }
    if !crate::command::orders::command_range(scenario, state, li).contains_key(&at) {
        return Err(format!("it is out of {}'s command range (4.21)", l.name));
    }
    if shots_left(scenario, state, unit) == 0 {
        return Err("it has fired its shot of the turn (10.56)".into());
    }
    if !crate::works::breach::enemy_city_gate(scenario, state, u.side, a, b) {
        return Err("that is no unbreached gate of the enemy's city (12.35)".into());
    }
    let near = if at.distance(a) <= at.distance(b) { a } else { b };
    let range = at.distance(near);
    let reach = crate::charts::missile::max_range(crate::charts::missile::MissileLine::Sarvatobhadra, None) as u32;
    if range < 2 {
        return Err("it must shoot from more than one hex away, never from beside the gate (12.35)".into());
    }
    if range > reach || !(at.distance(near) <= 1 || crate::map::sight::line_of_sight(scenario, state, at, near, false))
    {
        return Err("the gate is out of its range or sight (10.53, 8.14)".into());
    }
    Ok(range as u8)
}

/// The city gates Sarvatobhadra `unit` may shoot at now (CG 12.35), each with its range.
pub fn gate_targets(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
) -> Vec<((crate::map::hex::HexId, crate::map::hex::HexId), u8)> {
    if scenario.units[unit].engine != Some(crate::scenario::units::Engine::Sarvatobhadra) {
        return Vec::new();
    }
    crate::works::city_combat::gates(scenario)
        .into_iter()
        .filter_map(|g| gate_shot_refusal(scenario, state, unit, g).ok().map(|r| (g, r)))
        .collect()
}

/// Sarvatobhadra `unit` shoots at the city gate `gate` on the active leader's individual order
/// (CG 12.35; rulings P236): one die, 0–4 Damages it or Breaches it if Damaged; a roll within the
/// engine's gate value (the Missile Chart's, designed: `SARVATOBHADRA_GATE_VALUE`) shakes every
/// unit in the gate's two hexes, friend or foe: each checks its TQ and takes 1 hit if it fails.
pub fn fire_at_gate(
    tx: &mut Tx,
    unit: &str,
    gate: (crate::map::hex::HexId, crate::map::hex::HexId),
) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let range = gate_shot_refusal(tx.scenario, &tx.state, ui, gate).map_err(|reason| RuleError::IllegalMove {
        unit: unit.into(),
        rule: "12.35",
        reason,
    })?;
    let Phase::Orders { leader, .. } = tx.state.phase.clone() else { return Ok(()) };
    let roll = tx.roll(crate::game::RollPurpose::GateShot { unit: unit.into() })?;
    let need = crate::works::breach::CITY_GATE_SHOT_ON;
    let result = crate::works::breach::gate_result(&tx.state, gate, roll, need);
    let shaken = roll <= crate::charts::missile::SARVATOBHADRA_GATE_VALUE;
    let key = if gate.0 < gate.1 { gate } else { (gate.1, gate.0) };
    tx.emit(Event::GateShot { unit: unit.into(), leader, gate: key, range, roll, need, result, shaken });
    if shaken {
        // P236: the units in the two hexes the gate is a side of, in the scenario's order.
        let beside: Vec<usize> = (0..tx.scenario.units.len())
            .filter(|&i| {
                let s = &tx.state.units[i];
                !s.eliminated && s.placement.hexes().any(|h| h == gate.0 || h == gate.1)
            })
            .collect();
        for i in beside {
            let id = tx.scenario.units[i].id.clone();
            let tq = if tx.state.units[i].routed {
                1
            } else {
                crate::movement::column::effective_tq(tx.scenario, &tx.state, i)
            };
            let check = tx.roll(crate::game::RollPurpose::TqCheck { unit: id.clone(), rule: "12.35".into() })?;
            if check > tq {
                tx.emit(Event::CohesionHits { unit: id, hits: 1, cause: crate::game::HitCause::GateShot });
            }
        }
        crate::effects::cohesion::settle(tx)?;
    }
    Ok(())
}
