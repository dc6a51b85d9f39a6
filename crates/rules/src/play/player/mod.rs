//! The computer player (issue 21): it answers every decision of the side whose turn it is with a
//! legal command.
//!
//! It is a pure function of (game, level, seed, budget). It reads only what a player sees — the
//! counters, markers and phase, never the dice the state will roll next — and whatever dice it
//! rolls in its head come from its own generator, seeded from its seed and the visible position;
//! so the same position and seed give the same decision, natively and in wasm. Its effort is
//! counted in exact-odds computations and positions tried, never in clock time (no `std::time`
//! in wasm).
//!
//! Levels:
//! - `Random`: the soak's random player ([`crate::play::playout::RandomPlayer`]).
//! - `Greedy`: the baseline of issue 21 — activates every leader, moves each unit toward the
//!   nearest enemy, and attacks whenever the exact odds favour it.
//! - `Easy`: scores each move by the position it gives (closing in, its front toward the enemy,
//!   flanks taken and offered, friends beside it, a rough matchup at contact) and attacks when
//!   the exact odds, weighed against the army's rout points, favour it.
//! - `Hard`: as easy, with the exact odds of the shock a move would offer, the rallying of routed
//!   units and the recovery of hits, a stricter bar for attacks, each answer to a small
//!   decision (reactions, routs, advances) tried one ply ahead with its own dice, and its few
//!   best moves each rolled forward to the end of the leader's activation, shocks and all, with
//!   dice of its own ([`search`]).

mod orders;
mod position;
mod search;
mod shock;

use crate::game::{Command, Dice, GameState, Phase};
use crate::play::legal::legal_commands;
use crate::play::playout::RandomPlayer;
use crate::play::Game;
use crate::scenario::Scenario;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Greedy,
    Easy,
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Greedy, Level::Easy, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Hard => "hard",
        }
    }

    /// The effort this level spends on one decision.
    pub fn budget(self) -> Budget {
        match self {
            Level::Random => Budget { odds: 0, lookahead: 0, rolls: (0, 0), answers: 0 },
            Level::Greedy | Level::Easy => Budget { odds: 6, lookahead: 0, rolls: (0, 0), answers: 0 },
            // Three rolls a move, not two: the weak sides gained (issue 21, session 19).
            Level::Hard => Budget { odds: 12, lookahead: 24, rolls: (4, 3), answers: 1 },
        }
    }
}

impl std::str::FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| format!("`{s}` is not a level: write random, greedy, easy or hard"))
    }
}

/// The effort of one decision, in work rather than time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Exact shock odds computed at most (a heavy shock's can take most of a second).
    pub odds: usize,
    /// Answers of a small decision tried one ply ahead at most (0: none).
    pub lookahead: usize,
    /// Moves rolled forward to the end of the activation, and rolls of each (0: none).
    pub rolls: (usize, usize),
    /// Activations a roll plays on after the leader's own (0: it ends with his): the next
    /// leader's, often the enemy's answer to the move, which the position alone cannot see.
    pub answers: usize,
}

/// The command `level` gives at the current decision, with its usual budget; `None` only when
/// the game waits for nobody (not begun, or over).
pub fn choose(game: &Game, level: Level, seed: u64) -> Option<Command> {
    choose_within(game, level, seed, level.budget())
}

/// [`choose`] with a budget of its own.
pub fn choose_within(game: &Game, level: Level, seed: u64, budget: Budget) -> Option<Command> {
    let side = game.decider()?;
    let seed = seed ^ visible_fingerprint(&game.state);
    if level == Level::Random {
        return RandomPlayer::new(seed).choose(game);
    }
    let mut thinker = Thinker::new(game, side, level, seed, budget);
    let pick = thinker.decide();
    thinker.accepted_or_fallback(pick)
}

/// One decision being thought through.
pub(crate) struct Thinker<'g> {
    game: &'g Game,
    side: usize,
    level: Level,
    budget: Budget,
    rng: Pcg32,
    odds: shock::OddsCache,
}

impl<'g> Thinker<'g> {
    fn new(game: &'g Game, side: usize, level: Level, seed: u64, budget: Budget) -> Self {
        let rng = Pcg32::seed_from_u64(seed ^ 0x0A11_CE5E_ED00_C0DE);
        Self { game, side, level, budget, rng, odds: shock::OddsCache::default() }
    }

    fn scenario(&self) -> &'g Scenario {
        &self.game.scenario
    }

    fn state(&self) -> &'g GameState {
        &self.game.state
    }

    /// What an expected hit a turn from the enemy's missiles and engines costs a unit's stand:
    /// hard keeps out of their range or closes, rather than stand under them (issue 21: in the
    /// Malayaketu camp assault most of the Mauryans' hits came from the camp's engines).
    fn fire_weight(&self) -> f64 {
        if self.level == Level::Hard {
            1.0
        } else {
            0.0
        }
    }

    /// A uniform number in [0, 1) from the player's own generator.
    fn unit_noise(&mut self) -> f64 {
        self.rng.next_u32() as f64 / (u32::MAX as f64 + 1.0)
    }

    /// A copy of the game whose dice are the player's own: what it tries there tells it nothing
    /// about the dice the real game will roll.
    fn sandbox(&mut self) -> Game {
        let mut game = self.game.clone();
        game.state.dice = Dice::seeded(self.rng.next_u64());
        game
    }

    /// The rules accept `command` here, and it does something: a command taken with no event
    /// would leave the player facing the same decision again.
    fn accepts(&mut self, command: &Command) -> bool {
        self.sandbox().execute(command).is_ok_and(|events| !events.is_empty())
    }

    fn decide(&mut self) -> Option<Command> {
        let st = self.state();
        match &st.phase {
            Phase::Setup | Phase::Over { .. } => None,
            Phase::Orders { .. } => orders::choose(self),
            Phase::Shock { .. } => shock::designate(self),
            // Issue 21: every leader is used; nobody trumps (a failed trump Finishes the leader).
            Phase::Activation { leaders, .. } => self.activation(leaders),
            Phase::EliteInitiative { leaders, .. } => leaders.first().map(|l| Command::Activate { leader: l.clone() }),
            Phase::TrumpResponse { .. } => Some(Command::DeclineTrump),
            Phase::Momentum { .. } => Some(self.momentum()),
            Phase::Reactivation { .. } => legal_commands(self.game).into_iter().next(),
            Phase::PreArranged { .. } => Some(Command::DeclarePreArranged { lines: Vec::new() }),
            Phase::Reaction { .. }
            | Phase::RoutChoice { .. }
            | Phase::AdvanceTurn { .. }
            | Phase::RampageWithdrawal { .. } => self.small_decision(),
        }
    }

    /// Of the leaders offered, the one with most of the army's units near the enemy: the
    /// fighting starts where the armies touch.
    fn activation(&mut self, leaders: &[String]) -> Option<Command> {
        let (s, st) = (self.scenario(), self.state());
        let busy = |id: &String| {
            let Some(li) = s.leaders.iter().position(|l| &l.id == id) else { return 0 };
            let range = crate::command::orders::command_range(s, st, li);
            position::standing(s, st, self.side)
                .into_iter()
                .filter(|&u| st.units[u].placement.hexes().any(|h| range.contains_key(&h)))
                .filter(|&u| {
                    position::distance_to(st, &st.units[u].placement, &position::standing(s, st, 1 - self.side)) <= 4
                })
                .count()
        };
        let pick = match self.level {
            Level::Greedy => leaders.first(),
            _ => leaders.iter().max_by_key(|l| busy(l)),
        };
        pick.map(|l| Command::Activate { leader: l.clone() })
    }

    /// GBA 5.3: hard tries for momentum while the army is further from breaking than the
    /// enemy's; the others never risk it.
    fn momentum(&self) -> Command {
        let [mine, theirs] = position::rout_pressure(self.scenario(), self.state(), self.side);
        if self.level == Level::Hard && mine < theirs {
            Command::TryMomentum
        } else {
            Command::DeclineMomentum
        }
    }

    /// Reactions, rout hexes, turns after an advance, an elephant's rampage: greedy fires when
    /// it can and else lets it be; easy turns to face a threat or fires; hard tries every answer
    /// one ply ahead and keeps the best position.
    fn small_decision(&mut self) -> Option<Command> {
        let all = legal_commands(self.game);
        let fire = all.iter().find(|c| matches!(c, Command::Fire { .. })).cloned();
        let calm = all.iter().find(|c| matches!(c, Command::EndReaction)).cloned();
        match self.level {
            Level::Greedy => fire.or(calm).or_else(|| all.first().cloned()),
            Level::Easy => fire.or_else(|| self.best_one_ply(&all, 8)).or(calm),
            _ => self.best_one_ply(&all, self.budget.lookahead.max(1)),
        }
    }

    /// Of `options` (evenly thinned to `cap`), the one whose position one ply on scores best.
    fn best_one_ply(&mut self, options: &[Command], cap: usize) -> Option<Command> {
        let step = options.len().div_ceil(cap.max(1)).max(1);
        let mut best: Option<(f64, Command)> = None;
        for c in options.iter().step_by(step) {
            let mut game = self.sandbox();
            if game.execute(c).is_err() {
                continue;
            }
            let value = position::evaluate(&game, self.side, self.fire_weight());
            if best.as_ref().is_none_or(|(v, _)| value > *v) {
                best = Some((value, c.clone()));
            }
        }
        best.map(|(_, c)| c)
    }

    /// `pick` if the rules accept it; else the quietest legal command (end the orders or the
    /// reaction, decline, no attack), else any legal one, else the random player's.
    fn accepted_or_fallback(&mut self, pick: Option<Command>) -> Option<Command> {
        if let Some(c) = pick.filter(|c| self.accepts(c)) {
            return Some(c);
        }
        let all = legal_commands(self.game);
        let quiet = |c: &Command| {
            matches!(
                c,
                Command::EndOrders
                    | Command::EndReaction
                    | Command::DeclineMomentum
                    | Command::DeclineTrump
                    | Command::LineDone
            ) || matches!(c, Command::Shock { attackers } if attackers.is_empty())
        };
        let (first, rest): (Vec<_>, Vec<_>) = all.into_iter().partition(quiet);
        for c in first.into_iter().chain(rest) {
            if self.accepts(&c) {
                return Some(c);
            }
        }
        RandomPlayer::new(self.rng.next_u64()).choose(self.game)
    }
}

/// A fingerprint of what both players see — turn, phase, counters, leaders — but not the dice,
/// to seed the player's own generator (FNV-1a of their JSON). The JSON is written out whole
/// rather than streamed into the hash: the same bytes, through the one JSON writer of the state
/// the wasm already has (issue 19: a second writer cost the app's wasm several KB).
fn visible_fingerprint(st: &GameState) -> u64 {
    // A state that would not serialise just hashes less.
    let parts = [serde_json::to_vec(&st.phase), serde_json::to_vec(&st.units), serde_json::to_vec(&st.leaders)];
    parts
        .iter()
        .flat_map(|part| part.as_deref().unwrap_or_default())
        .fold(0xcbf2_9ce4_8422_2325 ^ st.turn as u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}
