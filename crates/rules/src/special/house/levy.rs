//! House rule B4, levy reluctance (inspired by the Mutford house rules): raised levies (units
//! the battle tags `levy`) are slow to close with the enemy. An order that would end a levy's
//! move nearer the nearest enemy unit than it stands asks a check of its TQ first, as any TQ
//! check (10.1): a die above its TQ and it balks — it stays where it is and its order is spent
//! (rulings P341, P342).

use crate::game::{Event, GameState, Phase, RollPurpose, RuleError, Tx};
use crate::scenario::units::{Placement, UnitTag};
use crate::scenario::Scenario;

/// The rule's name in the log and in its checks' dice.
pub const RULE: &str = "House B4";

/// Does the battle tag unit `ui` as a levy?
pub fn is_levy(s: &Scenario, ui: usize) -> bool {
    s.units[ui].tags.contains(&UnitTag::Levy)
}

/// How far `at` lies from the nearest enemy of `side` still on the field, if there is one.
pub fn nearest_enemy(s: &Scenario, st: &GameState, side: usize, at: &Placement) -> Option<u32> {
    (0..s.units.len())
        .filter(|&e| s.units[e].side != side && !st.units[e].eliminated)
        .map(|e| at.distance(&st.units[e].placement))
        .min()
}

/// Would ending at `to` bring unit `ui` nearer the enemy than it stands (P341)?
fn toward_enemy(s: &Scenario, st: &GameState, ui: usize, to: &Placement) -> bool {
    let side = s.units[ui].side;
    match (nearest_enemy(s, st, side, &st.units[ui].placement), nearest_enemy(s, st, side, to)) {
        (Some(now), Some(then)) => then < now,
        _ => false,
    }
}

/// Before a levy's ordered move ending at `to` (`None`: where it stands): with the rule on and
/// the move toward the enemy, its TQ check; on a die above its TQ it balks, logged, its order
/// spent. Returns whether it balked (the move is then not made).
pub fn balks(tx: &mut Tx, ui: usize, to: Option<Placement>) -> Result<bool, RuleError> {
    let s = tx.scenario;
    let Some(to) = to else { return Ok(false) };
    if !s.meta.optional_rules.levy_reluctance || !is_levy(s, ui) || !toward_enemy(s, &tx.state, ui, &to) {
        return Ok(false);
    }
    let unit = s.units[ui].id.clone();
    let roll = tx.roll(RollPurpose::TqCheck { unit: unit.clone(), rule: RULE.into() })?;
    if roll <= s.units[ui].tq {
        return Ok(false);
    }
    let leader = match &tx.state.phase {
        Phase::Orders { leader, .. } => leader.clone(),
        _ => String::new(),
    };
    tx.emit(Event::LevyBalked { unit, leader });
    Ok(true)
}
