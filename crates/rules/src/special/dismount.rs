//! Chariot dismount (CG 10.28, 2.21): an Indian chariot inside a camp (or the city of
//! Takshashila) may spend its whole movement allowance to put its crew on foot. The counter turns
//! to its foot side (`Unit::dismounted`, scenario data) for the rest of the battle, facing any
//! way; it never remounts. Rulings P213–P216.
//!
//! The face a unit shows is game state (`UnitState::dismounted`); its ratings are the
//! scenario's. The engine reads a unit's type and ratings from `scenario.units` everywhere, so a
//! `Game` keeps two scenarios: the one it was set up from and the [`effective`] one, in which
//! each dismounted chariot's definition is its foot side. The game rebuilds the effective one
//! whenever a command dismounts a chariot, and when it is set up or resumed from a saved state.

use crate::game::{Event, GameState, Phase, RuleError, Tx};
use crate::map::hex::{HexId, Vertex};
use crate::scenario::Scenario;
use std::sync::Arc;

/// The scenario as the battle has left the counters: `base` with every dismounted chariot's
/// definition turned to its foot side (CG 10.28). `base` itself, shared, while none is.
pub fn effective(base: &Arc<Scenario>, state: &GameState) -> Arc<Scenario> {
    let turned = |i: usize| state.units.get(i).is_some_and(|u| u.dismounted);
    if !(0..base.units.len()).any(|i| turned(i) && base.units[i].dismounted.is_some()) {
        return base.clone();
    }
    let mut scenario = (**base).clone();
    for (i, unit) in scenario.units.iter_mut().enumerate() {
        if let Some(foot) = unit.foot_side().filter(|_| turned(i)) {
            *unit = foot;
        }
    }
    Arc::new(scenario)
}

/// Is `hex` ground where a chariot may dismount (CG 10.28; P214): any enclosure of any camp, the
/// outer ring included, whoever holds it, or any hex of the city of Takshashila (CG 12.2).
pub fn dismount_ground(scenario: &Scenario, hex: HexId) -> bool {
    scenario.map.enclosure(hex).is_some() || crate::works::city::in_city(scenario, hex)
}

/// Why chariot `unit` may not dismount under an order now, if it may not (CG 10.28; P213–P215).
pub fn refusal(scenario: &Scenario, state: &GameState, unit: usize) -> Option<String> {
    let u = &scenario.units[unit];
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).dismount {
        return Some("no chariot dismounts under these rules (CG 10.28 only)".into());
    }
    let st = &state.units[unit];
    if st.dismounted {
        return Some("its crew are on foot already, and never remount (10.28)".into());
    }
    if u.dismounted.is_none() {
        return Some("only an Indian chariot whose counter has a foot side dismounts (10.28)".into());
    }
    if !st.placement.hexes().all(|h| dismount_ground(scenario, h)) {
        return Some("a chariot dismounts only inside a camp or Takshashila (10.28, P214)".into());
    }
    // P213: an individual order, "the entire Movement Allowance" (untouched) spent on it; not in
    // an enemy ZOC.
    let order =
        crate::command::orders::WholeAllowance { act: "dismounting", rule: "10.28", ruling: "P213", in_a_line: false };
    crate::command::orders::whole_allowance_refusal(scenario, state, unit, order)
}

/// Every chariot the active leader may order to dismount now (CG 10.28).
pub fn dismounters(scenario: &Scenario, state: &GameState) -> Vec<usize> {
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).dismount
        || !matches!(state.phase, Phase::Orders { line: None, .. })
    {
        return Vec::new();
    }
    crate::command::orders::order_candidates(scenario, state)
        .into_iter()
        .filter(|&u| scenario.units[u].dismounted.is_some() && refusal(scenario, state, u).is_none())
        .collect()
}

/// The order to dismount (CG 10.28): the crew step down facing `facing`. The order is all the
/// unit does this phase (P213); the game turns its counter when the command is done.
pub fn dismount(tx: &mut Tx, unit: &str, facing: Vertex) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    if let Some(reason) = refusal(tx.scenario, &tx.state, ui) {
        return Err(RuleError::IllegalMove { unit: unit.into(), rule: "10.28", reason });
    }
    let Phase::Orders { leader, .. } = tx.state.phase.clone() else { return Ok(()) };
    tx.emit(Event::ChariotDismounted { leader, unit: unit.into(), facing });
    Ok(())
}
