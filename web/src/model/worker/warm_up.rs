//! The engine warmed in the worker, off the page's thread (issue 19). V8 compiles a wasm
//! function lazily, the first time it runs, inside the task that calls it, and the page and its
//! worker share what it compiled (the worker runs the page's own module): a trace at 4× showed
//! the page compiling some 2,000 functions, 212 of them in the tap of a game's first shock. So as
//! soon as the worker is ready it plays the game being opened on a copy — random legal commands,
//! each carried out, worded as the log words it, written in the script notation and read back,
//! the state hashed, and the odds of one small shock worked out — and throws the copy away: the
//! page then finds that code compiled. It goes in slices, so that a real request (the odds, the
//! computer's think) waits for one slice at most.

use super::{shock_odds_at, Answer};
use crate::model::wording::describe;
use sarissa_rules::combat::shock_segment::{groupings, preview_combats};
use sarissa_rules::play::notation;
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Command, Game};

/// How many commands a warm-up plays when the page does not say: enough to meet the battle's
/// orders, reactions, fire, shocks, routs and rallies (300 in session 21's probe).
pub const COMMANDS: usize = 300;
/// The most commands one slice plays (a slice also ends after [`SLICE_MS`] on the worker's
/// clock; natively the clock stands still).
const SLICE_COMMANDS: usize = 16;
/// A slice's length on the worker's clock (ms): what a request arriving meanwhile waits at most,
/// besides the command under way.
pub const SLICE_MS: f64 = 8.0;

/// A warm-up under way: the copy played on, and how far it has gone.
pub struct WarmUp {
    /// The page's number for the request, answered when the warm-up ends.
    pub id: u64,
    game: Game,
    player: RandomPlayer,
    left: usize,
    played: usize,
    busy_ms: f64,
    /// The odds of a shock were worked out once.
    odds_done: bool,
}

impl WarmUp {
    /// A warm-up playing `commands` random commands on `game` (a copy, thrown away at the end).
    pub fn new(id: u64, game: Game, commands: usize) -> Self {
        let player = RandomPlayer::new(game.state_hash());
        Self { id, game, player, left: commands, played: 0, busy_ms: 0.0, odds_done: false }
    }

    /// Plays one slice on `clock` (ms); true once the warm-up is over (its commands played, the
    /// game over, or a command refused).
    pub fn slice(&mut self, clock: fn() -> f64) -> bool {
        let began = clock();
        let mut over = false;
        for _ in 0..SLICE_COMMANDS {
            over = self.left == 0 || !self.play_one();
            if over || clock() - began >= SLICE_MS {
                break;
            }
        }
        self.busy_ms += clock() - began;
        over
    }

    /// What the page is answered at the end.
    pub fn answer(&self) -> Answer {
        Answer::Warmed { commands: self.played, busy_ms: self.busy_ms }
    }

    /// Plays one random command as the page would: carried out, its events worded against the
    /// state before each (`Session::record`), its notation written and read, the state hashed.
    /// False when there is none to play or it is refused.
    fn play_one(&mut self) -> bool {
        let Some(command) = self.player.choose(&self.game) else { return false };
        self.odds_of_a_small_shock(&command);
        let mut before = self.game.state.clone();
        let Ok(events) = self.game.execute(&command) else { return false };
        let (scenario, turn) = (&self.game.scenario, self.game.state.turn);
        for event in &events {
            let _ = describe(scenario, &before, turn, event);
            before.apply(scenario, event);
        }
        let _ = notation::parse(&notation::format(&command));
        let _ = self.game.state_hash();
        self.left -= 1;
        self.played += 1;
        true
    }

    /// The first shock of one attacker against one defender: its odds, as the worker answers
    /// them (9.13–9.18). Only so small a combat: a big one's odds take seconds, and a request
    /// would wait for them.
    fn odds_of_a_small_shock(&mut self, command: &Command) {
        let Command::Shock { attackers } = command else { return };
        if self.odds_done {
            return;
        }
        let (s, st) = (&self.game.scenario, &self.game.state);
        let small = groupings(s, st, attackers).first().is_some_and(|way| {
            let combats = preview_combats(s, st, way);
            combats.len() == 1 && combats.iter().all(|(_, c)| c.attackers.len() == 1 && c.defenders.len() == 1)
        });
        if small {
            let _ = shock_odds_at(&self.game, attackers, 0);
            self.odds_done = true;
        }
    }
}
