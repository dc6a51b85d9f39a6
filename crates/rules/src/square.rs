//! The Square (CG 10.62): a phalanx or Size-10 hoplite unit spends its whole move to close up
//! with a front all round, or to open out again. What Square does elsewhere: all-round front in
//! `facing::arc_of` (and so ZOC all round, `zoc.rs`), no shock attack (`shock_segment`), no
//! size ratio (`combat::shock`), no friend entering its hexes and its one-hex step in any
//! direction (`movement`, rulings P194), no reaction facing nor withdrawal.

use crate::game::{Event, GameState, Phase, RuleError, Tx};
use crate::scenario::Scenario;
use crate::units::{Unit, UnitClass, UnitType};

/// May this unit ever form Square? CG 10.62: phalanxes (PH) and Size-10 hoplite heavy infantry
/// (HI of class HO), all two-hex units.
pub fn may_form(scenario: &Scenario, unit: &Unit) -> bool {
    let hoplite = unit.kind == UnitType::HI && unit.class == Some(UnitClass::HO) && unit.size == 10;
    crate::rule_set::hooks(scenario.meta.rules).square && (unit.kind == UnitType::PH || hoplite)
}

/// Why `unit` may not form Square (or leave it) under an order now, if it may not (10.62).
pub fn refusal(scenario: &Scenario, state: &GameState, unit: usize) -> Option<String> {
    let u = &scenario.units[unit];
    if !crate::rule_set::hooks(scenario.meta.rules).square {
        return Some("there is no Square in these rules (CG 10.62 only)".into());
    }
    if !may_form(scenario, u) {
        return Some("only phalanxes and Size-10 hoplites form Square (10.62)".into());
    }
    let Phase::Orders { leader, .. } = &state.phase else {
        return Some("it is not an orders phase (10.62)".into());
    };
    // P192: an ordered unit, individually or in its line (an "active unit"), spends its whole
    // movement allowance on it; the leaderless Camp Orders Phase only moves, fires and attacks.
    if state.camp_orders.is_some() {
        return Some("in the Camp Orders Phase units move, fire and attack, nothing more (12.17, P192)".into());
    }
    if scenario.leaders.iter().position(|l| &l.id == leader).is_some_and(|li| crate::orders::is_restricted(state, li)) {
        return Some("a Restricted overall commander orders no unit to form or leave Square (4.55)".into());
    }
    if !crate::legal::order_candidates(scenario, state).contains(&unit) {
        return Some(
            "the active leader cannot order it now: out of range or orders, ordered already, routed, or rallied \
             this turn (10.62, 4.21)"
                .into(),
        );
    }
    let st = &state.units[unit];
    // P192: "its whole movement allowance": one it has not begun to spend this turn.
    if st.moved {
        return Some(
            "it has moved this turn: forming or leaving Square takes its whole movement allowance (10.62, P192)".into(),
        );
    }
    if st.column {
        return Some("a column does not form Square; it leaves column first (10.62, P192)".into());
    }
    let zoc = crate::zoc::enemy_zoc(scenario, state, u.side);
    if st.placement.hexes().any(|h| zoc.contains_key(&h)) {
        return Some("not in an enemy zone of control (10.62)".into());
    }
    None
}

/// Every unit the active leader may order to form or leave Square now, with the formation each
/// would take (true: into Square).
pub fn changers(scenario: &Scenario, state: &GameState) -> Vec<(usize, bool)> {
    if !crate::rule_set::hooks(scenario.meta.rules).square || !matches!(state.phase, Phase::Orders { .. }) {
        return Vec::new();
    }
    crate::legal::order_candidates(scenario, state)
        .into_iter()
        .filter(|&u| refusal(scenario, state, u).is_none())
        .map(|u| (u, !state.units[u].square))
        .collect()
}

/// The order to form Square (`form`) or leave it (10.62).
pub fn change(tx: &mut Tx, unit: &str, form: bool) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let illegal = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "10.62", reason };
    if let Some(reason) = refusal(tx.scenario, &tx.state, ui) {
        return Err(illegal(reason));
    }
    match (form, tx.state.units[ui].square) {
        (true, true) => return Err(illegal("it is in Square already".into())),
        (false, false) => return Err(illegal("it is not in Square".into())),
        _ => {}
    }
    let Phase::Orders { leader, .. } = tx.state.phase.clone() else { return Ok(()) };
    tx.emit(Event::SquareChanged { leader, unit: unit.into(), square: form });
    Ok(())
}
