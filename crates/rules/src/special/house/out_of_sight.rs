//! House rule B3, out-of-sight orders (inspired by the Mutford house rules): an individual
//! order to a unit its leader cannot see costs him two orders. Skirmishers, who work loose and
//! on their own, are exempt; line commands are unchanged, as they already need sight of the
//! line (4.34). Sight is the engine's line of sight (8.14), from the leader's hex to any hex of
//! the unit (rulings P310).

use crate::game::{Event, GameState, Phase, RuleError, Tx};
use crate::map::sight::line_of_sight;
use crate::scenario::units::UnitType;
use crate::scenario::Scenario;

/// The orders an out-of-sight order costs over the usual one (house B3).
pub const EXTRA_ORDERS: u8 = 1;

/// Does an individual order from leader `li` to unit `ui` cost more under house B3: the rule
/// is on, the unit is no skirmisher, and the leader sees none of its hexes?
pub fn applies(s: &Scenario, st: &GameState, li: usize, ui: usize) -> bool {
    s.meta.optional_rules.out_of_sight_orders
        && !matches!(s.units[ui].kind, UnitType::SK | UnitType::SkStar)
        && !st.units[ui].placement.hexes().any(|h| line_of_sight(s, st, st.leaders[li].at, h, false))
}

/// Can leader `li`, with `orders_left`, pay for an order to unit `ui` (house B3)?
pub fn affordable(s: &Scenario, st: &GameState, li: usize, ui: usize, orders_left: u8) -> bool {
    orders_left > EXTRA_ORDERS || !applies(s, st, li, ui)
}

/// Has the active leader the orders left to order unit `ui` to move now (house B3)? Always,
/// outside his individual orders (a line command, the Camp Orders Phase).
pub fn may_order_to_move(s: &Scenario, st: &GameState, ui: usize) -> bool {
    let Phase::Orders { leader, orders_left, line: None, .. } = &st.phase else { return true };
    let Some(li) = s.leaders.iter().position(|l| &l.id == leader) else { return true };
    st.camp_orders.is_some() || affordable(s, st, li, ui, *orders_left)
}

/// Charges the extra order of an individual order from `li` to `unit` out of his sight, as an
/// event; refuses it when he has too few orders left (house B3). `orders_left`: before it.
pub fn charge(tx: &mut Tx, li: usize, unit: &str, orders_left: u8) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    if !applies(tx.scenario, &tx.state, li, ui) {
        return Ok(());
    }
    let leader = tx.scenario.leaders[li].id.clone();
    if !affordable(tx.scenario, &tx.state, li, ui, orders_left) {
        return Err(RuleError::NotHisToOrder {
            leader,
            unit: unit.into(),
            rule: "House B3",
            reason: "he cannot see it, and an order out of his sight costs two orders: he has one left".into(),
        });
    }
    tx.emit(Event::OutOfSightOrder { leader, unit: unit.into() });
    Ok(())
}
