//! Hard's search (issue 21): the few best moves by the position they give are each rolled
//! forward to the end of the leader's activation — the rest of his orders, the reactions, and
//! the shock segment with dice of the player's own — a few times, and the move whose
//! activations end best on average is given. The position alone cannot see what a shock will
//! do; the dice sampled at the shocks can.

use super::{choose_within, position, Budget, Level, Thinker};
use crate::game::{Command, Phase};
use crate::play::Game;
use rand_core::Rng;

/// How far one roll goes at most, in commands (an activation is seldom longer).
const ROLL_COMMANDS: usize = 80;

/// The effort of each decision inside a roll: easy's judgement, with few exact odds.
const ROLL_BUDGET: Budget = Budget { odds: 2, lookahead: 0, rolls: (0, 0) };

/// Of `candidates` (best first by their own score), the one whose rolled activations end best:
/// `samples` rolls each. `None` when there are none.
pub(super) fn best_rolled(t: &mut Thinker, candidates: &[Command], samples: usize) -> Option<Command> {
    if candidates.len() < 2 || samples == 0 {
        return candidates.first().cloned();
    }
    let mut best: Option<(f64, &Command)> = None;
    for c in candidates {
        let rolls: Vec<f64> = (0..samples).filter_map(|_| roll(t, c)).collect();
        if rolls.is_empty() {
            continue;
        }
        let mean = rolls.iter().sum::<f64>() / rolls.len() as f64;
        if best.is_none_or(|(v, _)| mean > v) {
            best = Some((mean, c));
        }
    }
    best.map(|(_, c)| c.clone()).or_else(|| candidates.first().cloned())
}

/// `first`, then the game played on (both sides by easy) to the end of this activation, in a
/// sandbox with the player's own dice; the position it ends in, valued for the thinking side.
fn roll(t: &mut Thinker, first: &Command) -> Option<f64> {
    let mut game = t.sandbox();
    let Phase::Orders { leader, .. } = &t.state().phase else { return None };
    let turn = t.state().turn;
    game.execute(first).ok()?;
    for _ in 0..ROLL_COMMANDS {
        if activation_over(&game, turn, leader) {
            break;
        }
        let seed = t.rng.next_u64();
        let Some(c) = choose_within(&game, Level::Easy, seed, ROLL_BUDGET) else { break };
        if game.execute(&c).is_err() {
            break;
        }
    }
    Some(position::evaluate(&game, t.side))
}

/// The leader's activation is over: another decision of the turn's sequence is open (the next
/// activation, momentum, a trump), another leader gives orders, or the turn or battle is over.
fn activation_over(game: &Game, turn: u16, leader: &str) -> bool {
    game.state.turn != turn
        || match &game.state.phase {
            Phase::Orders { leader: now, .. } => now != leader,
            Phase::Activation { .. }
            | Phase::Momentum { .. }
            | Phase::EliteInitiative { .. }
            | Phase::TrumpResponse { .. }
            | Phase::Reactivation { .. }
            | Phase::PreArranged { .. }
            | Phase::Setup
            | Phase::Over { .. } => true,
            _ => false,
        }
}
