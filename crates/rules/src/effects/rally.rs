//! Rally (GBA 10.27): an individual order to a Routed unit. On a roll of the leader's
//! Initiative + 1 or less it rallies, with the Rally Table's hits (or an "R": it runs on two
//! more hexes); otherwise it runs its full MA again, or is eliminated if the roll is also over
//! its printed TQ; a phalanx or heavy infantry that fails is eliminated.

use crate::charts::movement_costs::{self, Crossing};
use crate::charts::rally::{rally, RallyResult};
use crate::combat::missile::Supply;
use crate::effects::rout::RoutLeg;
use crate::game::{Event, GameState, Phase, RollPurpose, RuleError, Tx};
use crate::map::hex::Vertex;
use crate::movement::category_of;
use crate::scenario::units::UnitType;
use crate::scenario::Scenario;

/// Why `unit` may not be rallied by the active leader now, if it may not (10.27).
pub fn refusal(scenario: &Scenario, state: &GameState, unit: usize) -> Option<String> {
    let Phase::Orders { leader, orders_left, line, ordered, .. } = &state.phase else {
        return Some("only in an orders phase".into());
    };
    // CG 12.17: the Camp Orders Phase has no leader to rally anyone.
    let Some(li) = scenario.leaders.iter().position(|l| &l.id == leader) else {
        return Some("no leader gives orders now".into());
    };
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    if u.side != scenario.leaders[li].side || st.eliminated || !st.routed {
        return Some("only a friendly Routed unit is rallied".into());
    }
    if *orders_left == 0 || line.is_some() || ordered.contains(&u.id) {
        return Some("a rally is an individual order, and none is left".into());
    }
    // GBA 10.27; CG 11.32: the limit is the leader's — another leader may still try the unit.
    if state.leaders[li].rallies_tried.contains(&u.id) {
        return Some("each leader tries to rally a unit once a turn".into());
    }
    if let Some((_, reason)) = crate::command::orders::order_refusal(scenario, li, unit) {
        return Some(reason);
    }
    if !crate::command::orders::in_command_range(scenario, state, li, unit) {
        return Some("it is out of the leader's command range (4.21)".into());
    }
    // GBA: a hex entered for 1 MP, hexsides and climbing aside; CG has no such limit (D69).
    let map = &scenario.map;
    let needs_open = crate::scenario::rule_set::hooks(scenario.meta.rules).rally.needs_open_ground;
    let category = category_of(u, &st.placement);
    let open = st.placement.hexes().all(|h| {
        let (Some(terrain), Some(level)) = (map.terrain(h), map.elevation(h)) else { return false };
        movement_costs::entry_cost(category, terrain, None, Crossing::Inward, level, level).is_some_and(|c| c.mp == 1)
    });
    if needs_open && !open {
        return Some("it must stand in a hex that costs 1 MP to enter".into());
    }
    let occupied = crate::map::zoc::occupancy(state);
    let beside_enemy = st.placement.hexes().any(|h| {
        crate::map::hex::Hexside::ALL
            .iter()
            .filter_map(|s| h.neighbour(*s))
            .any(|n| occupied.get(&n).is_some_and(|&o| scenario.units[o].side != u.side))
    });
    if beside_enemy {
        return Some("it is next to an enemy unit".into());
    }
    let under_fire = crate::combat::fire::under_enemy_missiles(scenario, state, unit);
    if under_fire {
        return Some("an enemy missile unit has it in range and sight".into());
    }
    None
}

/// Routed units the active leader may try to rally now.
pub fn rallyable(scenario: &Scenario, state: &GameState) -> Vec<usize> {
    (0..scenario.units.len())
        .filter(|&i| state.units[i].routed && !state.units[i].eliminated)
        .filter(|&i| refusal(scenario, state, i).is_none())
        .collect()
}

/// The roll a rally needs: the leader's Initiative + 1 or less.
pub fn needed(scenario: &Scenario, state: &GameState) -> Option<u8> {
    let Phase::Orders { leader, .. } = &state.phase else { return None };
    let li = scenario.leaders.iter().position(|l| &l.id == leader)?;
    crate::command::orders::ratings(scenario, state, li).initiative.map(|i| i + 1)
}

/// CG 11.33: a unit stacked with the rallying leader rallies without a roll (D69).
pub fn automatic(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let Phase::Orders { leader, .. } = &state.phase else { return false };
    let Some(li) = scenario.leaders.iter().position(|l| &l.id == leader) else { return false };
    crate::scenario::rule_set::hooks(scenario.meta.rules).rally.automatic_when_stacked
        && state.units[unit].placement.hexes().any(|h| h == state.leaders[li].at)
}

/// The active leader tries to rally `unit`, which may face `facing` if it rallies (10.27).
pub fn rally_unit(tx: &mut Tx, unit: &str, facing: Vertex) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    if let Some(reason) = refusal(tx.scenario, &tx.state, ui) {
        return Err(RuleError::IllegalMove { unit: unit.into(), rule: "10.27", reason });
    }
    let Phase::Orders { leader, .. } = tx.state.phase.clone() else { return Ok(()) };
    let need = needed(tx.scenario, &tx.state).unwrap_or(0);
    let rule = crate::scenario::rule_set::hooks(tx.scenario.meta.rules).rally;
    let stacked = automatic(tx.scenario, &tx.state, ui);
    tx.emit(Event::RallyOrdered { leader: leader.clone(), unit: unit.into() });
    // CG 11.33: stacked with the leader, it rallies without a roll (D69).
    let roll = if stacked { 0 } else { tx.roll(RollPurpose::Rally { unit: unit.into() })? };
    // CG 11.33: a leader on an elephant takes 1 off the roll (6.16, D69, W39), for the rally
    // and the elimination alike (P100).
    let li = tx.scenario.leaders.iter().position(|l| l.id == leader).unwrap_or(0);
    let drm = if tx.scenario.leaders[li].rides == Some(UnitType::EL) { rule.elephant_rider_drm } else { 0 };
    let roll = roll.saturating_sub(drm);
    let u = &tx.scenario.units[ui];
    let (tq, kind, rules) = (u.tq, u.kind, tx.scenario.meta.rules);
    let foot_missile = u.missile.is_some() && !u.kind.is_cavalry() && u.kind != UnitType::EL;
    if roll <= need {
        // GBA: the Rally Table's roll; CG: half the printed TQ, no roll (11.34, D69).
        let table = if rule.table_roll { tx.roll(RollPurpose::RallyTable { unit: unit.into() })? } else { 0 };
        match rally(rules, tq, table).result {
            RallyResult::Hits(hits) => {
                let supply = if foot_missile { Supply::No } else { tx.state.units[ui].supply };
                tx.emit(Event::UnitRallied { unit: unit.into(), hits, facing, supply });
            }
            // "R": it runs two more hexes after all.
            RallyResult::Fails => ask_rout(tx, ui, RoutLeg::Hexes(2))?,
        }
    } else if matches!(kind, UnitType::PH | UnitType::HI) || roll > tq {
        tx.emit(Event::UnitEliminated { unit: unit.into(), rule: "10.27".into() });
    } else {
        ask_rout(tx, ui, RoutLeg::Segment)?;
    }
    Ok(())
}

/// A failed rally's rout move; at a tie its owner chooses (P120), nothing of the rally after it.
fn ask_rout(tx: &mut Tx, unit: usize, leg: RoutLeg) -> Result<(), RuleError> {
    if let Some(p) = crate::effects::cohesion::rout_asking(tx, unit, leg, "10.27")? {
        crate::effects::cohesion::offer(tx, p, crate::effects::cohesion::AfterRout::Settle);
    }
    Ok(())
}
