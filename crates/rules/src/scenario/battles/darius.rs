//! Darius the Target (GBA 9.24): he may withdraw even when only an enemy leader comes near.
//!
//! A leader's own move is carried out hex by hex. Where it brings him within two hexes of an
//! enemy Darius who was not that close before (or he starts his move that close), it stops and
//! Darius' side may withdraw him, up to 4 hexes toward his edge, or let the leader come on; then
//! the leader goes on with what is left of his move (P128, after P19 and P27). Nobody else
//! reacts to a leader: turning to face, withdrawing and reaction fire answer enemy units (7.16,
//! 6.71, 4.62, 8.2). Personal combat with a lone leader beside him comes where the move ends
//! (4.63), so a Darius who has slipped away is not drawn into it.

pub use crate::game::pending::LeaderMove;
use crate::game::{Event, GameState, LeaderStatus, Phase, RuleError, Tx};
use crate::map::hex::{HexId, Vertex};
use crate::movement::withdrawal::{leader_can_withdraw_from, Approach, TRIGGER_RANGE};
use crate::scenario::Scenario;

/// The enemy Darius-the-Target leaders that `mover`, standing at `now` (having come from
/// `before`; `None` at the start of his move), has just come within two hexes of, and who have
/// somewhere to go (9.24, the trigger of 6.71 as P27 reads it).
pub fn darius_alerted(
    scenario: &Scenario,
    state: &GameState,
    mover: usize,
    now: HexId,
    before: Option<HexId>,
) -> Vec<usize> {
    let side = scenario.leaders[mover].side;
    // An enemy leader: the mover's own place is not read here.
    let near: Vec<usize> = (0..scenario.leaders.len())
        .filter(|&d| {
            let (l, at) = (&scenario.leaders[d], state.leaders[d].at);
            l.darius_the_target
                && l.side != side
                && state.leaders[d].status != LeaderStatus::Eliminated
                && scenario.map.contains(at)
                && at.distance(now) <= TRIGGER_RANGE
                && before.is_none_or(|b| at.distance(b) > TRIGGER_RANGE)
        })
        .collect();
    if near.is_empty() {
        return near;
    }
    // Where he could go is worked out with the mover where he now stands.
    let mut st = state.clone();
    st.leaders[mover].at = now;
    near.into_iter().filter(|&d| leader_can_withdraw_from(scenario, &st, d, Approach::Leader(mover))).collect()
}

/// Carries out the leader `mover`'s move `go` from where he stands, stopping where Darius may
/// withdraw from him. `orders`: the orders the move costs when this is the order itself, `None`
/// when it is the rest of a paused move.
pub fn run(tx: &mut Tx, mover: usize, go: LeaderMove, orders: Option<u8>) -> Result<(), RuleError> {
    let (s, id) = (tx.scenario, tx.scenario.leaders[mover].id.clone());
    let side = s.leaders[mover].side;
    let start = tx.state.leaders[mover].at;
    let started_in_zoc = crate::command::orders::leader_in_enemy_zoc(s, &tx.state, mover);
    let emit_move = |tx: &mut Tx, path: &[HexId], mp: u8| {
        let at = path.last().copied().unwrap_or(start);
        let in_enemy_zoc = crate::map::zoc::enemy_zoc(tx.scenario, &tx.state, side).contains_key(&at);
        tx.emit(Event::LeaderMoved {
            leader: id.clone(),
            path: path.to_vec(),
            mp,
            in_enemy_zoc,
            left_enemy_zoc: orders.is_some() && started_in_zoc && !in_enemy_zoc,
            orders: orders.unwrap_or(0),
            by_overall: go.by_overall,
        });
    };
    let li = tx.leader_index(&go.by)?;
    // Already within two hexes as he sets out: Darius may go at once (6.71, P27).
    if orders.is_some() && !go.remaining.is_empty() {
        let alerted = darius_alerted(s, &tx.state, mover, start, None);
        if !alerted.is_empty() {
            emit_move(tx, &[], 0);
            offer(tx, mover, alerted, go);
            return Ok(());
        }
    }
    let (mut at, mut mp) = (start, 0u8);
    for (k, &hex) in go.remaining.iter().enumerate() {
        // The rest of a paused move is as open as it was (leaders block nothing), unless the
        // ground was never his: then the move ends where he is (P19).
        let Some(cost) = crate::movement::leader_entry_cost(s, &tx.state, mover, at, hex) else {
            emit_move(tx, &go.remaining[..k], mp);
            return crate::play::sequence::finish_leader_move(tx, li, mover);
        };
        mp += cost.mp;
        let alerted = darius_alerted(s, &tx.state, mover, hex, Some(at));
        at = hex;
        if !alerted.is_empty() {
            emit_move(tx, &go.remaining[..=k], mp);
            let rest = LeaderMove { remaining: go.remaining[k + 1..].to_vec(), ..go.clone() };
            offer(tx, mover, alerted, rest);
            return Ok(());
        }
    }
    if !go.remaining.is_empty() || orders.is_some() {
        emit_move(tx, &go.remaining, mp);
    }
    crate::play::sequence::finish_leader_move(tx, li, mover)
}

/// The pause: Darius' side may withdraw him from `mover` (9.24) or let the leader come on.
fn offer(tx: &mut Tx, mover: usize, alerted: Vec<usize>, rest: LeaderMove) {
    let s = tx.scenario;
    tx.emit(Event::ReactionOffered {
        side: 1 - s.leaders[mover].side,
        mover: s.leaders[mover].id.clone(),
        reactors: Vec::new(),
        withdrawers: Vec::new(),
        leaders: alerted.iter().map(|&d| s.leaders[d].id.clone()).collect(),
        exposed: Vec::new(),
        firers: Vec::new(),
        fire_kind: crate::combat::fire::ReactionFire::Entry,
        harass: None,
        pre_arranged: Vec::new(),
        after_shock: None,
        remaining: Vec::new(),
        to: None,
        fresh: false,
        facing: Vertex::E,
        spent: 0,
        column: false,
        leader_move: Some(Box::new(rest)),
        rider: None,
    });
}

/// The pause is over: the leader goes on with the rest of his move (P128).
pub fn resume(tx: &mut Tx) -> Result<(), RuleError> {
    let Phase::Reaction { mover, leader_move: Some(rest), .. } = tx.state.phase.clone() else { return Ok(()) };
    tx.emit(Event::ReactionEnded);
    let mi = tx.leader_index(&mover)?;
    run(tx, mi, *rest, None)
}
