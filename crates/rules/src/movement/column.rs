//! Column (GBA 6.6; CG 6.5, digest D31): who may form one, what it costs and gives, what it
//! takes away. The moves themselves are in `movement.rs`; the rule-set differences come from
//! `rule_set::hooks(..).column`.

use crate::game::{Event, GameState, HitCause, Tx};
use crate::map::hex::Vertex;
use crate::scenario::units::{Placement, Unit};
use crate::scenario::{RuleSet, Scenario};

/// May this unit ever be In Column? GBA 6.6: formed infantry, PH down to LI (and the light
/// phalanx), never skirmishers. CG 6.5 (D31): any combat unit but skirmishers and Tribal LI
/// (CG 6.51 exc.). Two-hex units too, end to end (GBA 6.63, 6.64; CG 6.53, 6.54; P45).
pub fn may_be_column(rules: RuleSet, unit: &Unit, _placement: &Placement) -> bool {
    crate::scenario::rule_set::hooks(rules).column.allows(unit)
}

/// The MP the change into or out of column costs: 1 (GBA 6.61); free in CG (D31).
pub fn change_mp(rules: RuleSet) -> u8 {
    crate::scenario::rule_set::hooks(rules).column.change_mp
}

/// A column's movement allowance (6.62): one more than its MA, a phalanx's the higher of its
/// two; in CG only foot gain the extra MP (D31).
pub fn column_ma(rules: RuleSet, unit: &Unit) -> u8 {
    let ma = unit.ma.max(unit.ma_extended.unwrap_or(0));
    let foot = crate::movement::withdrawal::is_infantry(unit.kind);
    if crate::scenario::rule_set::hooks(rules).column.extra_ma_for_foot_only && !foot {
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

/// The vertex a column faces when it leaves column without a choice of its own (6.66, P48): a
/// one-hex unit the one 30° clockwise of its hexside, which keeps the hex it faced in front; a
/// two-hex unit, which does not turn, the long side 90° clockwise of its head (P45).
pub fn reverted_facing(placement: &Placement, column_facing: Vertex) -> Vertex {
    if placement.is_two_hex() {
        Vertex::from_index(column_facing.index() + 5)
    } else {
        column_facing
    }
}

/// The facing of a unit in line: its own, or for a column the one it reverts to (6.66). For rules
/// that read a two-hex unit's facing as a line's (a rout's straight-on or reverse face, 10.21).
pub fn line_facing(placement: &Placement, facing: Vertex, column: bool) -> Vertex {
    if column {
        reverted_facing(placement, facing)
    } else {
        facing
    }
}

/// GBA 6.66, CG 6.56: every column shock attacked in this orders phase's shock segment (the combats resolved
/// among the events from `since` on, and the `attacked` ones struck before a pause, P120) falls
/// back into normal formation at its end, with one cohesion hit. Routed or eliminated ones are out of column already.
pub fn revert_attacked(tx: &mut Tx, since: usize, attacked: &[String]) {
    let mut defenders: Vec<usize> = tx.events[since..]
        .iter()
        .filter_map(|e| match e {
            Event::ShockResolved { defenders, .. } => Some(defenders),
            _ => None,
        })
        .flatten()
        .chain(attacked)
        .filter_map(|d| tx.scenario.units.iter().position(|u| &u.id == d))
        .collect();
    defenders.sort_unstable();
    defenders.dedup();
    for i in defenders {
        let st = &tx.state.units[i];
        if !st.column || st.routed || st.eliminated {
            continue;
        }
        let (unit, facing) = (tx.scenario.units[i].id.clone(), reverted_facing(&st.placement, st.facing));
        tx.emit(Event::FormationChanged { unit: unit.clone(), column: false, facing });
        tx.emit(Event::CohesionHits { unit, hits: 1, cause: HitCause::ColumnBroken });
    }
}
