//! Firing before or part-way along a move, then moving on (GBA 8.11 "before, during or after";
//! CG 8.11, D44). A move is a chain of commands here: `move`, `fire`, then `move` again with
//! the MP that are left — one order, one move (no second-move hit), one fire (rulings P71).

use crate::game::{Event, GameState, HitCause, Phase, RuleError, Tx};
use crate::map::hex::{HexId, Vertex};
use crate::scenario::units::Placement;
use crate::scenario::Scenario;

/// Why `unit` may not move on after its fire now, or `None` when it may.
pub fn refusal(scenario: &Scenario, state: &GameState, unit: usize) -> Option<&'static str> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let Phase::Orders { ordered, .. } = &state.phase else { return Some("it is not an orders phase") };
    if !ordered.contains(&u.id) || !st.may_move_on || st.eliminated || st.routed {
        return Some("it has not fired under this order, or has moved since");
    }
    // GBA archer light infantry and artillery move or fire, CG long bows too (8.11, D44).
    if crate::scenario::rule_set::hooks(scenario.meta.rules).move_or_fire(u.kind, u.class, u.missile) {
        return Some("it may move or fire in one order, not both (8.11)");
    }
    if st.placement.is_two_hex() {
        return Some("a two-hex unit fires only where its move ends (P71)");
    }
    // A move that has entered an enemy ZOC has ended there (7.23).
    let in_zoc = || {
        let zoc = crate::map::zoc::enemy_zoc(scenario, state, u.side);
        st.placement.hexes().any(|h| zoc.contains_key(&h))
    };
    if st.order_start.is_some() && in_zoc() {
        return Some("its move ended when it entered an enemy zone of control (7.23)");
    }
    None
}

/// The units of the active side that may move on after their fire now.
pub fn moving_on(scenario: &Scenario, state: &GameState) -> Vec<usize> {
    let Phase::Orders { ordered, .. } = &state.phase else { return Vec::new() };
    ordered
        .iter()
        .filter_map(|id| scenario.units.iter().position(|u| &u.id == id))
        .filter(|&i| refusal(scenario, state, i).is_none())
        .collect()
}

/// The MP its move has already spent, when it goes on with a move begun before its fire.
pub fn spent_before(state: &GameState, unit: usize) -> Option<u8> {
    let st = &state.units[unit];
    (st.may_move_on && st.order_start.is_some()).then_some(st.order_mp)
}

/// `unit`, which fired under this order, moves (on) along `path`: a move not yet begun starts
/// as any move does; one begun before the fire goes on with the MP left, without the
/// withdrawals and retire fire of a move's start (those came when it began, 6.71, 8.22).
/// `rider`: a contingent commander going along (5.68).
pub fn move_on(
    tx: &mut Tx,
    unit: &str,
    path: &[HexId],
    facing: Vertex,
    column: bool,
    rider: Option<usize>,
) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    if !tx.state.units[ui].may_move_on {
        return Err(RuleError::AlreadyOrdered { unit: unit.into() });
    }
    if let Some(reason) = refusal(tx.scenario, &tx.state, ui) {
        return Err(RuleError::IllegalMove { unit: unit.into(), rule: "8.11", reason: reason.into() });
    }
    let spent = spent_before(&tx.state, ui);
    let planned = crate::movement::plan_steps(tx.scenario, &tx.state, ui, path, facing, column, spent.unwrap_or(0))?;
    let fresh = spent.is_none();
    if fresh && crate::special::house::levy::balks(tx, ui, path.last().map(|h| Placement::One(*h)))? {
        return Ok(()); // House B4: fired first, the levy balks at its move; its order is spent.
    }
    // Fired first, then its move: a Moved unit moving again takes the hit (6.13, D22).
    let kind = tx.scenario.units[ui].kind;
    if fresh
        && tx.state.units[ui].moved
        && crate::scenario::rule_set::hooks(tx.scenario.meta.rules).second_move_hit(kind)
    {
        tx.emit(Event::CohesionHits { unit: unit.into(), hits: 1, cause: HitCause::SecondMove });
    }
    crate::movement::reaction::run_move(tx, ui, path, &planned, facing, spent.unwrap_or(0), fresh, rider)
}
