//! Reactions during the enemy's move (GBA 7.16; orderly withdrawal, 6.7, comes next).
//!
//! A one-hex unit's move is carried out hex by hex. When it comes up beside enemy units that may
//! turn to face it, it stops there and the other side decides; then it goes on with the MP it
//! has left — unless it now stands in an enemy ZOC, or the rest of its path is no longer open,
//! and then its move ends where it is (P19).

use crate::game::{Event, HitCause, Phase, RollPurpose, RuleError, Tx};
use crate::hex::{HexId, Vertex};
use crate::movement::{plan_steps, Planned};
use crate::units::{Placement, UnitType};
use crate::zoc::enemy_zoc;

fn is_infantry(kind: UnitType) -> bool {
    matches!(
        kind,
        UnitType::PH | UnitType::HI | UnitType::MI | UnitType::LI | UnitType::LP | UnitType::SK | UnitType::SkStar
    )
}

/// The one-vertex turns open to a reacting unit (7.16).
pub fn reaction_facings(facing: Vertex) -> [Vertex; 2] {
    [Vertex::from_index(facing.index() + 1), Vertex::from_index(facing.index() + 5)]
}

/// Enemy one-hex units that may turn to face `mover` as it enters `hex` from `from` (7.16): it
/// has just come up beside them; they have not turned in reaction this phase; and they are not
/// already in the ZOC of another enemy unit. Evaluated with the mover standing in `hex`.
fn reactors(tx: &Tx, mover: usize, from: HexId, hex: HexId, facing: Vertex) -> Vec<usize> {
    let (s, side) = (tx.scenario, tx.scenario.units[mover].side);
    let mut probe = tx.state.clone();
    probe.units[mover].placement = Placement::One(hex);
    probe.units[mover].facing = facing;
    let zoc = enemy_zoc(s, &probe, 1 - side);
    (0..s.units.len())
        .filter(|&i| {
            let (u, st) = (&s.units[i], &probe.units[i]);
            let Placement::One(at) = st.placement else { return false };
            u.side != side
                && !st.eliminated
                && !st.reacted
                && at.is_adjacent(hex)
                && !at.is_adjacent(from)
                && at != from
                && !zoc.get(&at).is_some_and(|others| others.iter().any(|&o| o != mover))
        })
        .collect()
}

/// Carries out a planned one-hex move from its current position, stopping where the enemy may
/// react. `first`: this is the order itself (counted), not its continuation.
pub fn run_move(
    tx: &mut Tx,
    unit: usize,
    path: &[HexId],
    planned: &Planned,
    facing: Vertex,
    spent_before: u8,
    first: bool,
) -> Result<(), RuleError> {
    let id = tx.scenario.units[unit].id.clone();
    let Placement::One(mut from) = tx.state.units[unit].placement else { return Ok(()) };
    let emit_move = |tx: &mut Tx, path: Vec<HexId>, at: HexId, facing: Vertex, mp: u8, hits: u8| {
        let placement = Placement::One(at);
        if first {
            tx.emit(Event::UnitMoved { unit: id.clone(), path, placement, facing, mp });
        } else {
            tx.emit(Event::MoveContinued { unit: id.clone(), path, placement, facing, mp });
        }
        if hits > 0 {
            tx.emit(Event::CohesionHits { unit: id.clone(), hits, cause: HitCause::Terrain });
        }
    };
    for (k, &hex) in path.iter().enumerate() {
        let last = k + 1 == path.len();
        // A skirmisher filing through a friend's hex cannot stop there: reactions wait for a hex
        // where the move could end (6.91).
        let occupied = tx
            .state
            .units
            .iter()
            .enumerate()
            .any(|(i, u)| i != unit && !u.eliminated && u.placement.hexes().any(|h| h == hex));
        if occupied {
            continue;
        }
        let (step_facing, mp, hits) =
            if last { (facing, planned.destination.mp, planned.destination.hits) } else { planned.steps[k] };
        let found = reactors(tx, unit, from, hex, step_facing);
        if !found.is_empty() {
            emit_move(tx, path[..=k].to_vec(), hex, step_facing, mp, hits);
            let side = 1 - tx.scenario.units[unit].side;
            let reactors = found.iter().map(|&i| tx.scenario.units[i].id.clone()).collect();
            tx.emit(Event::ReactionOffered {
                side,
                mover: id.clone(),
                reactors,
                remaining: path[k + 1..].to_vec(),
                facing,
                spent: spent_before + mp,
            });
            return Ok(());
        }
        from = hex;
    }
    let at = path.last().copied().unwrap_or(from);
    emit_move(tx, path.to_vec(), at, facing, planned.destination.mp, planned.destination.hits);
    Ok(())
}

/// The reacting side turns `unit` one vertex (7.16): a TQ check with the difference of the two
/// MAs added, at least one hit (R2) — none for cavalry facing infantry.
pub fn react_facing(tx: &mut Tx, unit: &str, facing: Vertex) -> Result<(), RuleError> {
    let Phase::Reaction { mover, reactors, .. } = tx.state.phase.clone() else {
        return Err(RuleError::NotNow { command: "react_facing".into(), expected: "no enemy has come up".into() });
    };
    let ui = tx.unit_index(unit)?;
    let mi = tx.unit_index(&mover)?;
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "7.16", reason };
    if !reactors.iter().any(|r| r == unit) {
        return Err(refuse(
            "it may not react now: the enemy did not just come up beside it, or it already reacted".into(),
        ));
    }
    if !reaction_facings(tx.state.units[ui].facing).contains(&facing) {
        return Err(refuse("a reaction turns one vertex".into()));
    }
    let (r, m) = (&tx.scenario.units[ui], &tx.scenario.units[mi]);
    let free = r.kind.is_cavalry() && is_infantry(m.kind);
    let (tq, diff) = (r.tq as i16, m.ma as i16 - r.ma as i16);
    tx.emit(Event::ReactionFaced { unit: unit.into(), facing });
    if !free {
        let roll = tx.roll(RollPurpose::TqCheck { unit: unit.into(), rule: "7.16".into() })? as i16;
        let hits = (roll + diff - tq).max(1) as u8;
        tx.emit(Event::CohesionHits { unit: unit.into(), hits, cause: HitCause::ReactionFacing });
    }
    let done = matches!(&tx.state.phase, Phase::Reaction { reactors, .. } if reactors.is_empty());
    if done {
        resume(tx)
    } else {
        Ok(())
    }
}

/// The reactions are over: the orders phase comes back and the move goes on, if it still can.
pub fn resume(tx: &mut Tx) -> Result<(), RuleError> {
    let Phase::Reaction { mover, remaining, facing, spent, .. } = tx.state.phase.clone() else { return Ok(()) };
    tx.emit(Event::ReactionEnded);
    if remaining.is_empty() {
        return Ok(());
    }
    let ui = tx.unit_index(&mover)?;
    let Placement::One(at) = tx.state.units[ui].placement else { return Ok(()) };
    // Now in an enemy ZOC (a reaction turned one on it): the move ends here (7.23, P19).
    if enemy_zoc(tx.scenario, &tx.state, tx.scenario.units[ui].side).contains_key(&at) {
        return Ok(());
    }
    match plan_steps(tx.scenario, &tx.state, ui, &remaining, facing, spent) {
        Ok(planned) => run_move(tx, ui, &remaining, &planned, facing, spent, false),
        // The rest of the path is no longer open: the move ends where it is (P19).
        Err(_) => Ok(()),
    }
}
