//! Column (GBA 6.6; CG 6.5, digest D31): who may form one, what it costs and gives, what it
//! takes away. The moves themselves are in `movement.rs`; the rule-set differences come from
//! `rule_set::hooks(..).column`.

use crate::game::{Event, GameState, HitCause, Tx};
use crate::hex::Vertex;
use crate::scenario::{RuleSet, Scenario};
use crate::units::{Placement, Unit, UnitType};

/// May this unit ever be In Column? GBA 6.6: formed infantry, PH down to LI (and the light
/// phalanx), never skirmishers. CG 6.5 (D31): any combat unit but skirmishers (Tribal LI are
/// not told apart yet). Two-hex units do not form column in this version (P45).
pub fn may_be_column(rules: RuleSet, unit: &Unit, placement: &Placement) -> bool {
    if placement.is_two_hex() || unit.kind.is_foot_skirmisher() {
        return false;
    }
    if crate::rule_set::hooks(rules).column.any_combat_unit {
        unit.kind != UnitType::AT
    } else {
        matches!(unit.kind, UnitType::PH | UnitType::HI | UnitType::MI | UnitType::LI | UnitType::LP)
    }
}

/// The MP the change into or out of column costs: 1 (GBA 6.61); free in CG (D31).
pub fn change_mp(rules: RuleSet) -> u8 {
    crate::rule_set::hooks(rules).column.change_mp
}

/// A column's movement allowance (6.62): one more than its MA, a phalanx's the higher of its
/// two; in CG only foot gain the extra MP (D31).
pub fn column_ma(rules: RuleSet, unit: &Unit) -> u8 {
    let ma = unit.ma.max(unit.ma_extended.unwrap_or(0));
    let foot = crate::withdrawal::is_infantry(unit.kind);
    if crate::rule_set::hooks(rules).column.extra_ma_for_foot_only && !foot {
        ma
    } else {
        ma + 1
    }
}

/// The TQ every check and the rout threshold use: printed, − 2 In Column, never below 1 (6.65,
/// rulings R3; the same as the shock resolver's `Fighter::effective_tq`).
pub fn effective_tq(scenario: &Scenario, state: &GameState, unit: usize) -> u8 {
    let tq = scenario.units[unit].tq;
    if state.units[unit].column {
        tq.saturating_sub(2).max(1)
    } else {
        tq
    }
}

/// The vertex a one-hex column turns to when it leaves column without a choice of its own
/// (6.66, P48): the one 30° clockwise of its hexside, which keeps the hex it faced in front.
pub fn reverted_facing(column_facing: Vertex) -> Vertex {
    column_facing
}

/// 6.66: every column shock attacked in this orders phase's shock segment (the combats resolved
/// among the events from `since` on) falls back into normal formation at its end, with one
/// cohesion hit. Routed or eliminated ones are out of column already.
pub fn revert_attacked(tx: &mut Tx, since: usize) {
    let mut defenders: Vec<usize> = tx.events[since..]
        .iter()
        .filter_map(|e| match e {
            Event::ShockResolved { defenders, .. } => Some(defenders),
            _ => None,
        })
        .flatten()
        .filter_map(|d| tx.scenario.units.iter().position(|u| &u.id == d))
        .collect();
    defenders.sort_unstable();
    defenders.dedup();
    for i in defenders {
        let st = &tx.state.units[i];
        if !st.column || st.routed || st.eliminated {
            continue;
        }
        let (unit, facing) = (tx.scenario.units[i].id.clone(), reverted_facing(st.facing));
        tx.emit(Event::FormationChanged { unit: unit.clone(), column: false, facing });
        tx.emit(Event::CohesionHits { unit, hits: 1, cause: HitCause::ColumnBroken });
    }
}
