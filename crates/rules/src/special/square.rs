//! The Square (CG 10.62; in GBA battles standing in for the lost GBA 11.63, rulings P292): a phalanx or Size-10 hoplite unit spends its whole move to close up
//! with a front all round, or to open out again. What Square does elsewhere: all-round front in
//! `facing::arc_of` (and so ZOC all round, `zoc.rs`), no shock attack (`shock_segment`), no
//! size ratio (`combat::shock`), no friend entering its hexes and its one-hex step in any
//! direction (`movement`, rulings P194), no reaction facing nor withdrawal.

use crate::game::{Event, GameState, Phase, RuleError, Tx};
use crate::scenario::units::{Unit, UnitClass, UnitType};
use crate::scenario::Scenario;

/// May this unit ever form Square? CG 10.62: phalanxes (PH) and Size-10 hoplite heavy infantry
/// (HI of class HO), all two-hex units.
pub fn may_form(scenario: &Scenario, unit: &Unit) -> bool {
    let hoplite = unit.kind == UnitType::HI && unit.class == Some(UnitClass::HO) && unit.size == 10;
    rule(scenario).is_some() && (unit.kind == UnitType::PH || hoplite)
}

/// The rule the Square's refusals cite: CG 10.62, in GBA battles as "CG 10.62" (P292); `None`
/// in a rule set without Square.
pub fn rule(scenario: &Scenario) -> Option<&'static str> {
    crate::scenario::rule_set::hooks(scenario.meta.rules).square
}

/// Why `unit` may not form Square (or leave it) under an order now, if it may not (10.62).
pub fn refusal(scenario: &Scenario, state: &GameState, unit: usize) -> Option<String> {
    let u = &scenario.units[unit];
    let Some(rule) = rule(scenario) else {
        return Some("there is no Square in these rules (CG 10.62 only)".into());
    };
    if !may_form(scenario, u) {
        return Some(format!("only phalanxes and Size-10 hoplites form Square ({rule})"));
    }
    // P192: an ordered unit, individually or in its line's turn (an "active unit"), spends its
    // whole movement allowance (untouched) on it.
    let act = "forming or leaving Square";
    let order = crate::command::orders::WholeAllowance { act, rule, ruling: "P192", in_a_line: true };
    if let Some(reason) = crate::command::orders::whole_allowance_refusal(scenario, state, unit, order) {
        return Some(reason);
    }
    if state.units[unit].column {
        return Some(format!("a column does not form Square; it leaves column first ({rule}, P192)"));
    }
    None
}

/// Every unit the active leader may order to form or leave Square now, with the formation each
/// would take (true: into Square).
pub fn changers(scenario: &Scenario, state: &GameState) -> Vec<(usize, bool)> {
    if rule(scenario).is_none() || !matches!(state.phase, Phase::Orders { .. }) {
        return Vec::new();
    }
    crate::command::orders::order_candidates(scenario, state)
        .into_iter()
        .filter(|&u| refusal(scenario, state, u).is_none())
        .map(|u| (u, !state.units[u].square))
        .collect()
}

/// The order to form Square (`form`) or leave it (10.62).
pub fn change(tx: &mut Tx, unit: &str, form: bool) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let rule = rule(tx.scenario).unwrap_or("10.62");
    let illegal = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule, reason };
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
