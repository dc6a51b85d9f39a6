//! Chandragupta Tribal light infantry sharing a hex (CG 6.73–6.76, 10.74): two Tribal LI of
//! one tribe may stand in one hex, the one that came last underneath (6.74). Which is on top is
//! plain state (`GameState::tribal_bottoms`); everything else is read from where units stand.
//! Rulings P295–P299.

use crate::game::{Event, GameState, HitCause, Phase, RollPurpose, RuleError, Tx};
use crate::map::facing::{arc_of, Arc};
use crate::map::hex::{HexId, Vertex};
use crate::scenario::units::Placement;
use crate::scenario::{Map, Scenario};

/// The rule a refused stacking cites (6.73).
pub const STACKING_RULE: &str = "6.73";
/// The rule a stack's facing cites (6.75).
pub const FACING_RULE: &str = "6.75";

pub use crate::charts::stacking::{tribal_ground_allows as ground_allows, tribal_may_stack as may_stack};

/// Why no Tribal unit may end its move in `hex` to stack, if none may (6.73, 10.74): a city or
/// stronghold, or two there already (`full`, [`full_hexes`]).
pub fn ground_refusal(map: &Map, hex: HexId, full: &[HexId]) -> Option<String> {
    if !ground_allows(map, hex) {
        return Some(format!("{hex} is in a city or a stronghold: Tribal units do not stack there (6.73)"));
    }
    full.contains(&hex).then(|| format!("{hex} holds two Tribal units already: no more than two stack (6.73)"))
}

/// The refusal of a move that would leave a stack facing two ways (6.75, rulings P297).
pub fn facing_refusal(hex: HexId, facing: Vertex) -> String {
    format!("a Tribal unit stacked in {hex} faces as the other there does, {} (6.75)", facing.name())
}

/// The refusal of an order to the bottom unit of a stack to move (6.74).
pub fn bottom_stays(unit: &str) -> RuleError {
    RuleError::IllegalMove {
        unit: unit.into(),
        rule: "6.74",
        reason: "it is the bottom unit of a Tribal stack: only the top unit may move (6.74)".into(),
    }
}

/// The Tribal unit sharing `unit`'s hex, if any (6.73).
pub fn partner(scenario: &Scenario, state: &GameState, unit: usize) -> Option<usize> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    // Most units are not Tribal: they never stack.
    if st.eliminated || !may_stack(scenario.meta.rules, u, u) {
        return None;
    }
    (0..scenario.units.len()).find(|&j| {
        j != unit
            && !state.units[j].eliminated
            && state.units[j].placement == st.placement
            && may_stack(scenario.meta.rules, u, &scenario.units[j])
    })
}

/// Is `unit` the bottom unit of a Tribal stack (6.74)? The one a `TribalStacked` event put
/// underneath; in a stack set up by the battle file, the one listed second (rulings P295).
pub fn is_bottom(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let Some(other) = partner(scenario, state, unit) else { return false };
    let below = |i: usize| state.tribal_bottoms.contains(&scenario.units[i].id);
    match (below(unit), below(other)) {
        (true, false) => true,
        (false, true) => false,
        _ => unit > other,
    }
}

/// The unit of the stack holding `unit` that enemy fire from `from` strikes (6.76[3]): the top
/// one, or the bottom one through the rear hexes. `unit` itself when it stands alone.
pub fn fire_strikes(scenario: &Scenario, state: &GameState, unit: usize, from: HexId) -> usize {
    let Some(other) = partner(scenario, state, unit) else { return unit };
    let rear = through_rear(state, unit, from);
    let bottom = if is_bottom(scenario, state, unit) { unit } else { other };
    let top = if bottom == unit { other } else { unit };
    if rear {
        bottom
    } else {
        top
    }
}

/// Does `unit` take the odd shock hit before its stack-mate (6.76[4])? The top unit does, the
/// bottom one when one of `foes` stands in the stack's rear hexes (rulings P298); a unit alone
/// always does.
pub fn takes_odd_hit(scenario: &Scenario, state: &GameState, unit: usize, foes: &[usize]) -> bool {
    if partner(scenario, state, unit).is_none() {
        return true;
    }
    let st = &state.units[unit];
    let from_rear = foes
        .iter()
        .any(|&f| state.units[f].placement.hexes().any(|h| arc_of(&st.placement, st.heading(), h) == Some(Arc::Rear)));
    is_bottom(scenario, state, unit) == from_rear
}

/// Does fire from `from` come at `unit` through its rear hexes (6.76[3], rulings P298)? From a
/// rear hex, or along a line whose last hexes before the target include one of them.
fn through_rear(state: &GameState, unit: usize, from: HexId) -> bool {
    let st = &state.units[unit];
    let Placement::One(at) = st.placement else { return false };
    let rear = |h: HexId| arc_of(&st.placement, st.heading(), h) == Some(Arc::Rear);
    if from.is_adjacent(at) {
        return rear(from);
    }
    crate::map::sight::hexes_between(from, at).into_iter().any(|(h, _)| h.is_adjacent(at) && rear(h))
}

/// The hexes that hold two units already: no third enters to stay (6.73).
pub fn full_hexes(scenario: &Scenario, state: &GameState) -> Vec<HexId> {
    (0..scenario.units.len())
        .filter(|&i| !state.units[i].eliminated && is_bottom(scenario, state, i))
        .flat_map(|i| state.units[i].placement.hexes())
        .collect()
}

/// CG 6.76(5): `unit`, of a Tribal stack, is about to rout. If it is the top unit the bottom
/// one routs too; if the bottom one, the top one checks its TQ and routs on a roll above it. A
/// unit routs here as every unit does, by reaching its TQ in hits (rulings P299).
pub fn rout_spreads(tx: &mut Tx, unit: usize) -> Result<(), RuleError> {
    let Some(mate) = partner(tx.scenario, &tx.state, unit) else { return Ok(()) };
    let tq = crate::movement::column::effective_tq(tx.scenario, &tx.state, mate);
    let (id, hits) = (tx.scenario.units[mate].id.clone(), tx.state.units[mate].hits);
    if tx.state.units[mate].routed || hits >= tq {
        return Ok(());
    }
    if is_bottom(tx.scenario, &tx.state, unit) {
        let roll = tx.roll(RollPurpose::TqCheck { unit: id.clone(), rule: "6.76".into() })?;
        if roll <= tq {
            return Ok(());
        }
    }
    tx.emit(Event::CohesionHits { unit: id, hits: tq - hits, cause: HitCause::StackRout });
    Ok(())
}

/// The bottom units of Tribal stacks the active leader may bring to the top now (6.74): an
/// individual order, so not in a line's turn.
pub fn restackers(scenario: &Scenario, state: &GameState) -> Vec<usize> {
    if !matches!(state.phase, Phase::Orders { line: None, .. }) {
        return Vec::new();
    }
    crate::command::orders::order_candidates(scenario, state)
        .into_iter()
        .filter(|&i| is_bottom(scenario, state, i))
        .collect()
}

/// CG 6.74: an individual order puts the bottom unit of a Tribal stack on top.
pub fn restack(tx: &mut Tx, unit: &str) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    if !restackers(tx.scenario, &tx.state).contains(&ui) {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "6.74",
            reason: "only the bottom unit of a Tribal stack comes to the top, by an individual order of a leader \
                     who may order it (6.74)"
                .into(),
        });
    }
    let Phase::Orders { leader, .. } = tx.state.phase.clone() else { return Ok(()) };
    let under = partner(tx.scenario, &tx.state, ui).map(|p| tx.scenario.units[p].id.clone()).unwrap_or_default();
    tx.emit(Event::TribalStackSwapped { leader, unit: unit.into(), under });
    Ok(())
}
