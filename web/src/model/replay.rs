//! A game played back: the position after any of its commands, stepped one command or one
//! turn at a time, with the log as it stood then. Pure logic, tested natively.
//!
//! The game is replayed once when the replay opens, keeping the turn after every command and
//! a copy of the game every `EVERY` commands, so that a step back replays at most that many.

use crate::model::session::Session;
use sarissa_rules::Command;

const EVERY: usize = 40;

pub struct Replay {
    commands: Vec<Command>,
    /// The game turn after each step: `turns[k]` after the first `k` commands.
    turns: Vec<u16>,
    /// The game after `k * EVERY` commands.
    snapshots: Vec<Session>,
    /// The position shown: the game after `step` commands.
    pub at: Session,
    pub step: usize,
}

impl Replay {
    /// The replay of `game`, at its end.
    pub fn new(game: &Session) -> Result<Self, String> {
        let mut at = game.origin()?;
        let commands = game.commands.clone();
        let mut turns = vec![at.game.state.turn];
        let mut snapshots = vec![at.clone()];
        for (i, c) in commands.iter().enumerate() {
            at.execute(c.clone()).map_err(|e| format!("move {} no longer replays: {e}", i + 1))?;
            turns.push(at.game.state.turn);
            if (i + 1) % EVERY == 0 {
                snapshots.push(at.clone());
            }
        }
        Ok(Self { step: commands.len(), commands, turns, snapshots, at })
    }

    /// How many commands the game has.
    pub fn len(&self) -> usize {
        self.commands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.commands.is_empty()
    }

    /// The game turn after `step` commands.
    pub fn turn_at(&self, step: usize) -> u16 {
        self.turns[step.min(self.len())]
    }

    /// Shows the position after `step` commands (at most the whole game).
    pub fn go_to(&mut self, step: usize) {
        let step = step.min(self.len());
        if step < self.step || step - self.step > EVERY {
            let from = step / EVERY;
            self.at = self.snapshots[from].clone();
            self.step = from * EVERY;
        }
        while self.step < step {
            // Every command replayed when the replay was made.
            if self.at.execute(self.commands[self.step].clone()).is_err() {
                break;
            }
            self.step += 1;
        }
    }

    /// The step where the next turn begins (its first command), or the end.
    pub fn next_turn(&self) -> usize {
        let now = self.turn_at(self.step);
        (self.step + 1..=self.len()).find(|&k| self.turn_at(k) > now).unwrap_or(self.len())
    }

    /// The step where this turn began, or, at that step already, where the turn before began.
    pub fn previous_turn(&self) -> usize {
        let first_of = |turn: u16| (0..=self.len()).find(|&k| self.turn_at(k) >= turn).unwrap_or(0);
        let now = self.turn_at(self.step);
        let start = first_of(now);
        if start < self.step {
            start
        } else {
            first_of(now.saturating_sub(1))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenarios;
    use sarissa_rules::scenario::OptionChanges;
    use std::sync::Arc;

    #[test]
    fn stepping_back_and_forward_shows_the_game_as_it_was_after_each_command() {
        let scenario = Arc::new(scenarios::load("samarkand").unwrap());
        let mut s = Session::new(scenario, 21, OptionChanges::new()).unwrap();
        let mut hashes = vec![s.game.state_hash()];
        for c in sarissa_rules::play::playout::random_game(&mut s.game.clone(), 21, 300) {
            s.execute(c).unwrap();
            hashes.push(s.game.state_hash());
        }
        let mut replay = Replay::new(&s).unwrap();
        assert_eq!(replay.len(), s.commands.len());
        assert!(replay.len() > 2 * EVERY, "long enough to cross snapshots: {}", replay.len());
        assert_eq!(replay.at.game.state_hash(), s.game.state_hash());
        for k in [0, 1, EVERY - 1, EVERY, EVERY + 7, replay.len() / 2, 3, replay.len()] {
            replay.go_to(k);
            assert_eq!(replay.step, k);
            assert_eq!(replay.at.game.state_hash(), hashes[k], "after {k} commands");
            assert_eq!(replay.at.commands.len(), k);
        }
        // Turn by turn: forward lands on the first command of the next turn, back on this one's.
        replay.go_to(0);
        let next = replay.next_turn();
        assert!(replay.turn_at(next) > replay.turn_at(0) || next == replay.len());
        replay.go_to(next);
        let t = replay.turn_at(next);
        replay.go_to(next + 3);
        assert_eq!(replay.previous_turn(), next, "back to where turn {t} began");
    }
}
