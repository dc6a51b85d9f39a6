//! Chandragupta artillery (CG 10.5): the Yantra, the Jamadagnya and the Sarvatobhadra. An
//! engine takes no orders and needs no command: it shoots at will, within its limit of shots
//! (10.52, 10.56), at any enemy in range and sight all round (10.53), never runs out (8.19(4)),
//! and never uses reaction fire (G39). Rulings P133.
//!
//! When it may shoot (P133): in every orders phase of its own side, and in every pause its side
//! has to react to an enemy unit's move, at that unit.

use crate::fire::Target;
use crate::game::{Event, GameState, Phase, RuleError, Tx};
use crate::scenario::Scenario;

/// CG 6.71(3): may an engine share a hex with `u` — one single-hex foot unit of its side, not
/// another engine?
pub fn may_stack_with(engine: &crate::units::Unit, u: &crate::units::Unit) -> bool {
    use crate::units::UnitType::*;
    engine.engine.is_some()
        && u.engine.is_none()
        && u.side == engine.side
        && matches!(u.kind, HI | MI | LI | LP | SK | SkStar)
        && !u.placement.is_two_hex()
}

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
        Phase::Orders { .. } if crate::orders::active_side(scenario, state) == Some(u.side) => {
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
        .filter_map(|t| crate::fire::volley(scenario, state, unit, t, false, None))
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
    crate::fire::shoot(tx, unit, target, &t.fire, "10.52", |v| Event::ArtilleryFired {
        unit: unit.into(),
        target: target.into(),
        range: v.range,
        strength: v.strength,
        drm: v.drm,
        hits: v.hits,
        shots,
    })?;
    if matches!(tx.state.phase, Phase::Orders { .. }) {
        crate::fire::offer_return_fire(tx, ui, ti)?;
    }
    Ok(())
}
