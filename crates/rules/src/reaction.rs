//! Reactions during the enemy's move: reaction facing (GBA 7.16) and the pauses in which the
//! other side may also withdraw (6.7, 4.62, `withdrawal.rs`).
//!
//! A one-hex unit's move is carried out hex by hex. When it comes up beside enemy units that may
//! turn to face it, it stops there and the other side decides; then it goes on with the MP it
//! has left — unless it now stands in an enemy ZOC, or the rest of its path is no longer open,
//! and then its move ends where it is (P19).

use crate::game::{Event, GameState, HitCause, Phase, RollPurpose, RuleError, Tx};
use crate::hex::{HexId, Vertex};
use crate::movement::{plan_steps, Planned};
use crate::scenario::Scenario;
use crate::units::Placement;
use crate::withdrawal::is_infantry;
use crate::zoc::enemy_zoc;

/// The one-vertex turns open to a reacting unit (7.16).
pub fn reaction_facings(facing: Vertex) -> [Vertex; 2] {
    [Vertex::from_index(facing.index() + 1), Vertex::from_index(facing.index() + 5)]
}

/// Enemy one-hex units that may turn to face `mover` as it enters `hex` from `from` (7.16): it
/// has just come up beside them; they have not turned in reaction this phase; and they are not
/// already in the ZOC of another enemy unit. `state` has the mover standing in `hex`.
fn reactors(s: &Scenario, state: &GameState, mover: usize, from: HexId, hex: HexId) -> Vec<usize> {
    let side = s.units[mover].side;
    let zoc = enemy_zoc(s, state, 1 - side);
    (0..s.units.len())
        .filter(|&i| {
            let (u, st) = (&s.units[i], &state.units[i]);
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

/// Everything the other side may do about `mover` standing where it now is (having come from
/// `before`, `None` at the start of its move): turn to face it (7.16), withdraw from it (6.7,
/// 4.62). Lone leaders it came up beside who cannot get away are captured at once (4.62).
struct Pause {
    reactors: Vec<String>,
    withdrawers: Vec<String>,
    leaders: Vec<String>,
    exposed: Vec<String>,
}

impl Pause {
    fn is_empty(&self) -> bool {
        self.reactors.is_empty() && self.withdrawers.is_empty() && self.leaders.is_empty()
    }
}

/// The pause for `mover` standing as it does in `state`; and the leaders captured there.
fn pause_at(scenario: &Scenario, state: &GameState, mover: usize, before: Option<HexId>) -> (Pause, Vec<String>) {
    let s = scenario;
    let mut pause = Pause { reactors: vec![], withdrawers: vec![], leaders: vec![], exposed: vec![] };
    let Placement::One(hex) = state.units[mover].placement else { return (pause, Vec::new()) };
    let ids = |v: Vec<usize>| v.into_iter().map(|i| s.units[i].id.clone()).collect::<Vec<_>>();
    if let Some(from) = before {
        pause.reactors = ids(reactors(s, state, mover, from, hex));
    }
    let offer = crate::withdrawal::offer(s, state, mover, before.map(Placement::One).as_ref());
    let (exposed, captured): (Vec<usize>, Vec<usize>) =
        offer.exposed.iter().partition(|&&l| crate::withdrawal::leader_can_withdraw(s, state, l, mover));
    pause.withdrawers = ids(offer.withdrawers);
    pause.leaders = offer.leaders.iter().filter(|l| !captured.contains(l)).map(|&l| s.leaders[l].id.clone()).collect();
    pause.exposed = exposed.iter().map(|&l| s.leaders[l].id.clone()).collect();
    (pause, captured.iter().map(|&l| s.leaders[l].id.clone()).collect())
}

fn offer_pause(tx: &mut Tx, mover: usize, pause: Pause, remaining: &[HexId], facing: Vertex, spent: u8) {
    let side = 1 - tx.scenario.units[mover].side;
    tx.emit(Event::ReactionOffered {
        side,
        mover: tx.scenario.units[mover].id.clone(),
        reactors: pause.reactors,
        withdrawers: pause.withdrawers,
        leaders: pause.leaders,
        exposed: pause.exposed,
        remaining: remaining.to_vec(),
        facing,
        spent,
    });
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
    // An enemy starting its move within two hexes may be withdrawn from at once (6.71).
    if first && !path.is_empty() {
        let (pause, _) = pause_at(tx.scenario, &tx.state, unit, None);
        if !pause.is_empty() {
            let start_facing = tx.state.units[unit].facing;
            emit_move(tx, Vec::new(), from, start_facing, 0, 0);
            offer_pause(tx, unit, pause, path, facing, spent_before);
            return Ok(());
        }
    }
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
        // Where the mover would stand: what the other side could do about it there.
        let mut probe = tx.state.clone();
        probe.units[unit].placement = Placement::One(hex);
        probe.units[unit].facing = step_facing;
        let (pause, captured) = pause_at(tx.scenario, &probe, unit, Some(from));
        if !pause.is_empty() || !captured.is_empty() {
            emit_move(tx, path[..=k].to_vec(), hex, step_facing, mp, hits);
            for leader in captured {
                tx.emit(Event::LeaderCaptured { leader });
            }
            if !pause.is_empty() {
                offer_pause(tx, unit, pause, &path[k + 1..], facing, spent_before + mp);
                return Ok(());
            }
            // Only captures here: the move goes on.
            if last {
                return Ok(());
            }
            return continue_move(tx, unit, &path[k + 1..], facing, spent_before + mp);
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
    after_reaction(tx)
}

/// After one reaction: when nobody is left to react, the move goes on.
pub fn after_reaction(tx: &mut Tx) -> Result<(), RuleError> {
    let done = matches!(&tx.state.phase, Phase::Reaction { reactors, withdrawers, leaders, .. }
        if reactors.is_empty() && withdrawers.is_empty() && leaders.is_empty());
    if done {
        resume(tx)
    } else {
        Ok(())
    }
}

/// The reactions are over: leaders left alone beside the enemy are captured (4.62); the orders
/// phase comes back and the move goes on, if it still can.
pub fn resume(tx: &mut Tx) -> Result<(), RuleError> {
    let Phase::Reaction { mover, remaining, facing, spent, exposed, .. } = tx.state.phase.clone() else {
        return Ok(());
    };
    for leader in exposed {
        tx.emit(Event::LeaderCaptured { leader });
    }
    tx.emit(Event::ReactionEnded);
    if remaining.is_empty() {
        return Ok(());
    }
    let ui = tx.unit_index(&mover)?;
    continue_move(tx, ui, &remaining, facing, spent)
}

/// The rest of an interrupted move, unless it now stands in an enemy ZOC or the rest of its
/// path is no longer open: then the move ends where it is (7.23, P19).
fn continue_move(tx: &mut Tx, ui: usize, remaining: &[HexId], facing: Vertex, spent: u8) -> Result<(), RuleError> {
    let Placement::One(at) = tx.state.units[ui].placement else { return Ok(()) };
    if enemy_zoc(tx.scenario, &tx.state, tx.scenario.units[ui].side).contains_key(&at) {
        return Ok(());
    }
    match plan_steps(tx.scenario, &tx.state, ui, remaining, facing, spent) {
        Ok(planned) => run_move(tx, ui, remaining, &planned, facing, spent, false),
        Err(_) => Ok(()),
    }
}
