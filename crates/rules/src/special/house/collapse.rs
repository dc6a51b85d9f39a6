//! House rule B9, command collapse (inspired by the Mutford house rules): a leader whose
//! command has half or more of its units routed or eliminated is broken, checked at the end of
//! each of his orders phases. A broken leader gives two orders fewer (at least one) and no line
//! commands, and his command's units check their TQ at +1 (the kernel's die hook) for the rest
//! of the battle (rulings P311–P313).

use crate::game::{Event, GameState, Tx};
use crate::scenario::Scenario;

/// The orders a broken leader loses, and the fewest he keeps (house B9, P313).
pub const ORDERS_LOST: u8 = 2;
pub const FEWEST_ORDERS: u8 = 1;

/// The units of leader `li`'s command, by the battle's set-up (P311): a contingent commander's
/// contingent; a guild or tribal chief's guild; otherwise every other unit of his side goes to
/// the nearest of the leaders who have neither, where the battle sets them up (ties: the one
/// the battle lists first).
pub fn command_units(s: &Scenario, li: usize) -> Vec<usize> {
    let l = &s.leaders[li];
    if !l.contingent_units.is_empty() {
        return (0..s.units.len()).filter(|&u| l.contingent_units.contains(&s.units[u].id)).collect();
    }
    if l.guild.is_some() {
        return (0..s.units.len()).filter(|&u| s.units[u].side == l.side && s.units[u].guild == l.guild).collect();
    }
    (0..s.units.len()).filter(|&u| s.units[u].side == l.side && field_commander(s, u) == Some(li)).collect()
}

/// A leader with neither a contingent nor a guild of his own commands by nearness (P311).
fn commands_by_nearness(s: &Scenario, li: usize) -> bool {
    s.leaders[li].contingent_units.is_empty() && s.leaders[li].guild.is_none()
}

/// The leader commanding unit `u` by nearness at set-up, unless a contingent or guild has it.
fn field_commander(s: &Scenario, u: usize) -> Option<usize> {
    let unit = &s.units[u];
    let claimed = s.leaders.iter().any(|l| {
        l.side == unit.side && (l.contingent_units.contains(&unit.id) || (l.guild.is_some() && l.guild == unit.guild))
    });
    if claimed {
        return None;
    }
    let at = unit.placement.hexes().next()?;
    (0..s.leaders.len())
        .filter(|&li| s.leaders[li].side == unit.side && commands_by_nearness(s, li))
        .min_by_key(|&li| (s.leaders[li].at.distance(at), li))
}

/// Is leader `li`'s command broken (house B9)?
pub fn is_broken(s: &Scenario, st: &GameState, li: usize) -> bool {
    st.broken_commands.iter().any(|c| c.leader == s.leaders[li].id)
}

/// The orders leader `li` has in an orders phase: `orders`, less two (at least one) when his
/// command is broken (house B9, P313).
pub fn orders(s: &Scenario, st: &GameState, li: usize, orders: u8) -> u8 {
    if is_broken(s, st, li) {
        orders.saturating_sub(ORDERS_LOST).max(FEWEST_ORDERS)
    } else {
        orders
    }
}

/// The end of leader `li`'s orders phase: with the rule on, his command breaks once half or
/// more of its units are routed or eliminated (house B9, P312).
pub fn check(tx: &mut Tx, li: usize) {
    let s = tx.scenario;
    if !s.meta.optional_rules.command_collapse || is_broken(s, &tx.state, li) {
        return;
    }
    let units = command_units(s, li);
    let lost = units.iter().filter(|&&u| tx.state.units[u].routed || tx.state.units[u].eliminated).count();
    if units.is_empty() || 2 * lost < units.len() {
        return;
    }
    let leader = s.leaders[li].id.clone();
    let units = units.iter().map(|&u| s.units[u].id.clone()).collect();
    tx.emit(Event::CommandBroken { leader, units, lost: lost as u8 });
}
