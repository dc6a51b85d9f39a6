//! Hard's search (issue 21): the few best moves by the position they give are each rolled
//! forward to the end of the leader's activation — the rest of his orders, the reactions, and
//! the shock segment with dice of the player's own — a few times, and the move whose
//! activations end best on average is given. The position alone cannot see what a shock will
//! do; the dice sampled at the shocks can. Every move is rolled under the same few fortunes
//! (dice and the rolled players' seeds), so moves are compared under the same luck.

use super::{choose_within, position, Budget, Level, Thinker};
use crate::game::{Command, Phase};
use crate::play::Game;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// How far one roll goes at most, in commands (an activation is seldom longer).
const ROLL_COMMANDS: usize = 80;

/// Mixed into a roll's fortune to seed the players' choices apart from its dice.
const FORTUNE_PLAYERS: u64 = 0x5EED_0FF0_27E5;

/// The effort of each decision inside a roll: easy's judgement, with few exact odds.
const ROLL_BUDGET: Budget = Budget { odds: 2, lookahead: 0, rolls: (0, 0), answers: 0 };

/// Of `candidates` (best first by their own score), the one whose rolled activations end best:
/// `samples` rolls each. `None` when there are none.
pub(super) fn best_rolled(t: &mut Thinker, candidates: &[Command], samples: usize) -> Option<Command> {
    if candidates.len() < 2 || samples == 0 {
        return candidates.first().cloned();
    }
    // The same dice for every candidate's k-th roll (common random numbers): the candidates are
    // compared under the same fortunes, so a few rolls each tell the moves apart, not the dice.
    let fortunes: Vec<u64> = (0..samples).map(|_| t.rng.next_u64()).collect();
    let mut best: Option<(f64, &Command)> = None;
    for c in candidates {
        let rolls: Vec<f64> = fortunes.iter().filter_map(|&f| roll(t, c, f)).collect();
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

/// `first`, then the game played on (both sides by easy) to the end of this activation and of
/// `Budget::answers` activations after it, in a sandbox whose dice and players' seeds all come
/// from `fortune`; the position it ends in, valued for the thinking side.
fn roll(t: &mut Thinker, first: &Command, fortune: u64) -> Option<f64> {
    let mut game = t.sandbox();
    game.state.dice = crate::Dice::seeded(fortune);
    let mut seeds = Pcg32::seed_from_u64(fortune ^ FORTUNE_PLAYERS);
    let Phase::Orders { leader, .. } = &t.state().phase else { return None };
    let turn = t.state().turn;
    game.execute(first).ok()?;
    let mut activations = Activations { leader: leader.clone(), left: t.budget.answers, between: false };
    for _ in 0..ROLL_COMMANDS * (1 + t.budget.answers) {
        if activations.over(&game, turn) {
            break;
        }
        let seed = seeds.next_u64();
        let Some(c) = choose_within(&game, Level::Easy, seed, ROLL_BUDGET) else { break };
        if game.execute(&c).is_err() {
            break;
        }
    }
    Some(position::evaluate(&game, t.side, t.fire_weight()))
}

/// The activations a roll plays through: the one under way (its leader's), and how many more.
struct Activations {
    leader: String,
    left: usize,
    /// The last one ended and the next has not begun its orders.
    between: bool,
}

impl Activations {
    /// The roll is done: the turn or battle is over, or the last activation it plays has ended.
    fn over(&mut self, game: &Game, turn: u16) -> bool {
        if game.state.turn != turn || matches!(game.state.phase, Phase::Over { .. } | Phase::Setup) {
            return true;
        }
        let giving_orders = match &game.state.phase {
            Phase::Orders { leader, .. } => Some(leader),
            _ => None,
        };
        if self.between {
            // Waiting for the next leader's orders (activation, momentum and trumps come first).
            if let Some(next) = giving_orders {
                (self.leader, self.between) = (next.clone(), false);
            }
            return false;
        }
        if !activation_over(game, turn, &self.leader) {
            return false;
        }
        if self.left == 0 {
            return true;
        }
        self.left -= 1;
        match giving_orders {
            Some(next) => self.leader = next.clone(),
            None => self.between = true,
        }
        false
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::player::choose;
    use std::sync::Arc;

    /// The leader giving orders, if any.
    fn giving_orders(game: &Game) -> Option<String> {
        match &game.state.phase {
            Phase::Orders { leader, .. } => Some(leader.clone()),
            _ => None,
        }
    }

    /// Samarkand (dice seed 3) played by easy up to the first leader's orders.
    fn samarkand_at_first_orders() -> Game {
        let text = include_str!("../../../../../scenarios/samarkand.toml");
        let s = Arc::new(crate::load("scenarios/samarkand.toml", text).unwrap());
        let (mut game, _) = Game::new(s, crate::Dice::seeded(3)).unwrap();
        while giving_orders(&game).is_none() {
            game.execute(&choose(&game, Level::Easy, 1).unwrap()).unwrap();
        }
        game
    }

    /// Plays easy from the first orders of Samarkand until `Activations` (with `answers` more
    /// after the first leader's) says the roll is done; the leaders whose orders it saw.
    fn leaders_rolled_through(answers: usize) -> Vec<String> {
        let mut game = samarkand_at_first_orders();
        let (first, turn) = (giving_orders(&game).unwrap(), game.state.turn);
        let mut activations = Activations { leader: first.clone(), left: answers, between: false };
        let mut seen = vec![first];
        for _ in 0..400 {
            if activations.over(&game, turn) {
                return seen;
            }
            game.execute(&choose(&game, Level::Easy, 1).unwrap()).unwrap();
            if let Some(now) = giving_orders(&game).filter(|l| seen.last() != Some(l)) {
                seen.push(now);
            }
        }
        panic!("the roll never ended: {seen:?}");
    }

    /// Issue 21: hard's roll plays on through the next leader's activation (often the enemy's
    /// answer to the move) and stops when that one ends; without answers, at the first's end.
    #[test]
    fn a_roll_with_one_answer_plays_through_the_next_leaders_orders_and_stops_after_them() {
        assert_eq!(leaders_rolled_through(0).len(), 1);
        let two = leaders_rolled_through(1);
        assert_eq!(two.len(), 2, "{two:?}");
        assert_ne!(two[0], two[1]);
    }

    /// Issue 21: hard compares its moves under common fortunes — a move rolled under the same
    /// fortune ends in the same position however far the player's own generator has moved, so
    /// two moves rolled under it differ by what the moves do, not by the dice.
    #[test]
    fn a_move_rolled_twice_under_one_fortune_ends_the_same_and_under_another_may_not() {
        let game = samarkand_at_first_orders();
        let mut t = Thinker::new(&game, game.decider().unwrap(), Level::Hard, 7, Level::Hard.budget());
        let first = choose(&game, Level::Easy, 1).unwrap();
        let once = roll(&mut t, &first, 42).unwrap();
        t.rng.next_u64();
        assert_eq!(roll(&mut t, &first, 42), Some(once));
        let others: Vec<f64> = (0..6).filter_map(|fortune| roll(&mut t, &first, fortune)).collect();
        assert!(others.iter().any(|&v| v != once), "six other fortunes all ended at {once}: {others:?}");
    }
}
