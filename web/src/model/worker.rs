//! The work the app hands to its Web Worker, off the page's thread: what is asked and what is
//! answered, as JSON (as the saves are), and the answering itself — pure, tested natively.
//!
//! The exact odds of a shock's combats (9.13–9.18), which take up to seconds for a big shock,
//! and the computer opponent's decisions (issue 21), each a request on a position. Every
//! request carries its `id`; the page drops an answer to a request it no longer waits for (the
//! players moved on).
//!
//! The battle comes from the page, which has it compiled in (the worker carries no copy of the
//! battles, issue 19). The computer's game is kept in step rather than sent whole for every
//! decision: the page sends it whole once ([`GameSync::Whole`]), then only the commands given since
//! ([`GameSync::Since`]); the worker carries them out on its own game (the engine is deterministic)
//! and returns the hash of the state it thought on, which the page checks against its own. A
//! worker out of step (restarted, or the game undone or switched) answers [`Answer::OutOfStep`],
//! and the page sends the game whole again ([`Mirror`] keeps what the worker was sent). One
//! answer brings a run of the computer's decisions, thought ahead while they are its own, each
//! timed on the worker's clock (issue 21 compares that with the native time).

mod warm_up;

pub use warm_up::COMMANDS as WARM_UP_COMMANDS;

use crate::model::scenarios;
use crate::model::session::Session;
use sarissa_rules::combat::odds::{shock_odds, Prob};
use sarissa_rules::combat::shock_segment::{groupings, preview_combats};
use sarissa_rules::game::GameState;
use sarissa_rules::play::notation;
use sarissa_rules::play::player::{self, Level};
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Command, Game, Scenario};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A bundled battle as the page sends it: its id, the settings of its optional rules in the
/// game, and the battle itself in the compact form the page has it compiled in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BattleData {
    pub id: String,
    pub options: OptionChanges,
    pub compiled: Vec<u8>,
}

/// A position of a bundled battle, as a request carries it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Position {
    pub battle: BattleData,
    /// Boxed: a request is moved about whole, and the state is large.
    pub state: Box<GameState>,
}

/// The computer's game as a request brings it to the worker.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum GameSync {
    /// The game whole: where it stands, reached by its first `commands` commands.
    Whole { at: Position, commands: usize },
    /// The commands given (script notation) since the first `from`, which the worker has.
    Since { from: usize, commands: Vec<String> },
}

/// What the page asks.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Job {
    /// The odds of each combat of the shock now, as `attackers` and the way of forming the
    /// combats numbered `grouping` (9.12; 0 as grouped) make them.
    ShockOdds { at: Position, attackers: Vec<String>, grouping: usize },
    /// The computer's commands from the decision now of the game `sync` brings, for as long as
    /// the decisions are the computer's (a run; see [`Worker::think_run`]): `levels` gives each
    /// side's level (random, greedy, easy, hard; `None`, or a side left out: a person), and each
    /// decision is thought with [`decision_seed`] of the game's `seed`.
    Think { sync: GameSync, levels: Vec<Option<String>>, seed: u64 },
    /// Play `commands` random commands on a copy of `at` and throw it away, in slices, so that
    /// V8 has compiled the engine's code before the page runs it ([`warm_up`]). Answered at
    /// the end; a request meanwhile waits for one slice at most.
    Warm { at: Position, commands: usize },
}

/// One of the computer's decisions: its command, in the script notation the saves use, and how
/// long the worker thought on it (ms, the worker's clock: issue 21 compares it with the native
/// time on the same position).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    pub command: String,
    pub think_ms: f64,
}

/// A job and the page's number for it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub job: Job,
}

/// The chances of one side of a combat: of each number of hits (from 0) and of its rout, exact
/// (counts out of 10^38, [`Prob`]: JSON would round a float), and the hits on average.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideOdds {
    pub hits: Vec<u128>,
    pub rout: u128,
    pub mean_hits: f64,
}

impl SideOdds {
    /// The chance of each number of hits, and of a rout, as fractions of 1.
    pub fn hit_chances(&self) -> Vec<f64> {
        self.hits.iter().map(|&count| Prob { count }.to_f64()).collect()
    }

    pub fn rout_chance(&self) -> f64 {
        Prob { count: self.rout }.to_f64()
    }
}

/// The odds of one combat, or why there are none.
pub type CombatOdds = Result<[SideOdds; 2], String>;

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// Attackers' and defenders' odds, combat by combat.
    ShockOdds(Vec<CombatOdds>),
    /// The computer's run of decisions in the order given (none when the game waits for
    /// nobody: over), the hash of the state the first was thought on ([`Game::state_hash`]), for the
    /// page to check that the worker's game is its own, and how long the worker was busy with the
    /// request (ms: the rest of the page's round trip is posting and waking up).
    Think { run: Vec<Decision>, hash: u64, busy_ms: f64 },
    /// The worker does not have the game the commands follow (it restarted, or the page's game
    /// is another now): the page sends it whole.
    OutOfStep,
    /// The request could not be read or its position opened, in a player's words.
    Refused(String),
    /// The warm-up is over: how many commands it played, and its slices' time (ms).
    Warmed { commands: usize, busy_ms: f64 },
}

/// An answer to the request numbered `id`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reply {
    pub id: u64,
    pub answer: Answer,
}

/// Answers the requests of one page, keeping the battle last opened (reading one is slow) and
/// the computer's game, in step with the page's.
pub struct Worker {
    battle: Option<(BattleData, Arc<Scenario>)>,
    /// The computer's game and how many commands brought it where it stands.
    game: Option<(Game, usize)>,
    /// The warm-up under way, played a slice at a time between requests.
    warming: Option<warm_up::WarmUp>,
    /// The worker's clock (ms), to time its thinking and keep its runs short.
    clock: fn() -> f64,
}

/// A clock that stands still: a run then ends only at [`LONGEST_RUN`].
fn stopped_clock() -> f64 {
    0.0
}

impl Default for Worker {
    fn default() -> Self {
        Self::with_clock(stopped_clock)
    }
}

/// The computer thinks ahead (its next decision too, while it is its own) until its run has
/// taken this long (ms): the page shows each command at least 150 ms, so a run this long
/// hardly delays the first, and saves a round trip for each of the others.
const AHEAD_MS: f64 = 100.0;
/// The most decisions one run carries (computer against computer would otherwise run on).
const LONGEST_RUN: usize = 24;

/// The seed the computer thinks with at the decision after `commands` commands of a game whose
/// dice began at `game_seed`: varied with the move, so that the same position later is thought
/// anew (`sarissa think --save` thinks a browser game again with these seeds).
pub fn decision_seed(game_seed: u64, commands: usize) -> u64 {
    game_seed ^ (commands as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Each side's level, read from the names a request gives.
fn read_levels(names: &[Option<String>]) -> Result<Vec<Option<Level>>, String> {
    names.iter().map(|name| name.as_deref().map(str::parse).transpose()).collect()
}

impl Worker {
    /// A worker timing its thinking with `clock` (ms).
    pub fn with_clock(clock: fn() -> f64) -> Self {
        Self { battle: None, game: None, warming: None, clock }
    }

    /// The reply to a request's JSON text, as JSON text; `None` for a warm-up begun, answered
    /// by its last slice ([`Self::warm_slice`]). A warm-up under way gives way to a new one.
    pub fn receive(&mut self, request: &str) -> Option<String> {
        let reply = match sarissa_share::read_json::<Request>(request) {
            Ok(Request { id, job: Job::Warm { at, commands } }) => match self.open(at) {
                Ok(game) => {
                    let replaced = self.warming.replace(warm_up::WarmUp::new(id, game, commands));
                    return replaced.map(|w| reply_text(&Reply { id: w.id, answer: w.answer() }));
                }
                Err(why) => Reply { id, answer: Answer::Refused(why) },
            },
            Ok(r) => Reply { id: r.id, answer: self.answer(r.job) },
            Err(e) => Reply { id: 0, answer: Answer::Refused(format!("the request was unreadable: {e}")) },
        };
        Some(reply_text(&reply))
    }

    /// A warm-up is under way: [`Self::warm_slice`] goes on with it.
    pub fn warming(&self) -> bool {
        self.warming.is_some()
    }

    /// Plays a slice of the warm-up under way; its reply, as JSON text, once it is over.
    pub fn warm_slice(&mut self) -> Option<String> {
        let warming = self.warming.as_mut()?;
        if !warming.slice(self.clock) {
            return None;
        }
        let done = self.warming.take()?;
        Some(reply_text(&Reply { id: done.id, answer: done.answer() }))
    }

    pub fn answer(&mut self, job: Job) -> Answer {
        match job {
            Job::ShockOdds { at, attackers, grouping } => match self.open(at) {
                Ok(game) => Answer::ShockOdds(shock_odds_at(&game, &attackers, grouping)),
                Err(why) => Answer::Refused(why),
            },
            // A warm-up goes a slice at a time between requests, begun by `receive`: played here
            // whole it would hold every request behind it.
            Job::Warm { .. } => Answer::Refused("a warm-up is begun by receiving its request".into()),
            Job::Think { sync, levels, seed } => {
                let began = (self.clock)();
                let levels = match read_levels(&levels) {
                    Ok(levels) => levels,
                    Err(why) => return Answer::Refused(why),
                };
                match self.follow(sync) {
                    Ok(Some(hash)) => {
                        let run = self.think_run(&levels, seed);
                        Answer::Think { run, hash, busy_ms: (self.clock)() - began }
                    }
                    Ok(None) => Answer::OutOfStep,
                    Err(why) => Answer::Refused(why),
                }
            }
        }
    }

    /// The computer's decisions from the position now, each carried out on a copy of the
    /// worker's game, for as long as they are the computer's, up to [`LONGEST_RUN`] or
    /// [`AHEAD_MS`] of thinking: one answer brings the page a run of them (played there one by
    /// one). The worker's own game stays where the page asked: what the page plays of the run
    /// comes back with its next request, like anyone's commands, so an answer the page drops
    /// (it moved on meanwhile) leaves the two in step.
    fn think_run(&self, levels: &[Option<Level>], seed: u64) -> Vec<Decision> {
        let (clock, mut run) = (self.clock, Vec::new());
        let Some((game, given)) = &self.game else { return run };
        let (mut ahead, began) = (game.clone(), clock());
        while let Some(level) = ahead.decider().and_then(|side| levels.get(side).copied().flatten()) {
            let thinking = clock();
            let Some(command) = player::choose(&ahead, level, decision_seed(seed, given + run.len())) else { break };
            run.push(Decision { command: notation::format(&command), think_ms: clock() - thinking });
            if ahead.execute(&command).is_err() || run.len() >= LONGEST_RUN || clock() - began >= AHEAD_MS {
                break;
            }
        }
        run
    }

    /// Brings the computer's game where `sync` says; the hash of its state, or `None` when the
    /// worker is out of step.
    fn follow(&mut self, sync: GameSync) -> Result<Option<u64>, String> {
        match sync {
            GameSync::Whole { at, commands } => {
                let game = self.open(at)?;
                self.game = Some((game, commands));
            }
            GameSync::Since { from, commands } => {
                let in_step = self.game.as_mut().filter(|(_, had)| *had == from).is_some_and(|(game, had)| {
                    let carried_out = carry_out(game, &commands);
                    *had += commands.len();
                    carried_out
                });
                if !in_step {
                    self.game = None;
                }
            }
        }
        Ok(self.game.as_ref().map(|(game, _)| game.state_hash()))
    }

    /// The game at `at`, on its battle read once.
    fn open(&mut self, at: Position) -> Result<Game, String> {
        let base = match self.battle.as_ref().filter(|(known, _)| *known == at.battle) {
            Some((_, scenario)) => scenario.clone(),
            None => {
                let battle = scenarios::decode(&at.battle.id, &at.battle.compiled).map_err(|e| e.to_string())?;
                let scenario = Arc::new(battle.with_options(&at.battle.options).map_err(|e| e.to_string())?);
                self.battle = Some((at.battle, scenario.clone()));
                scenario
            }
        };
        let fits = at.state.units.len() == base.units.len() && at.state.leaders.len() == base.leaders.len();
        fits.then(|| Game::resume(base, *at.state)).ok_or_else(|| "the position does not fit its battle".to_string())
    }
}

fn reply_text(reply: &Reply) -> String {
    serde_json::to_string(reply).unwrap_or_default()
}

/// Carries out `commands` (script notation) on `game`; false if one cannot be read or is
/// refused (then the game is no longer the page's).
fn carry_out(game: &mut Game, commands: &[String]) -> bool {
    commands.iter().all(|line| matches!(notation::parse(line), Ok(Some(c)) if game.execute(&c).is_ok()))
}

/// What the page has sent its worker of the computer's game, to send only what follows.
#[derive(Default)]
pub struct Mirror {
    sent: Option<(GameKey, Vec<Command>)>,
}

/// What, with its commands, makes a game's state: its battle and optional rules, its dice and
/// where it began (the engine is deterministic).
#[derive(Clone, PartialEq)]
struct GameKey {
    battle: String,
    options: OptionChanges,
    seed: u64,
    start: Option<String>,
}

impl GameKey {
    fn of(session: &Session) -> Self {
        let (battle, options) = (session.game.base.meta.id.clone(), session.options.clone());
        Self { battle, options, seed: session.seed, start: session.start.clone() }
    }
}

impl Mirror {
    /// The game of `session` as the worker is to get it: only the commands since those it was
    /// sent, while they are the first of the session's; else whole.
    pub fn sync(&mut self, session: &Session) -> GameSync {
        let key = GameKey::of(session);
        let given = &session.commands;
        match &mut self.sent {
            Some((sent_key, sent)) if *sent_key == key && given.starts_with(sent) => {
                let from = sent.len();
                sent.extend_from_slice(&given[from..]);
                GameSync::Since { from, commands: given[from..].iter().map(notation::format).collect() }
            }
            _ => {
                self.sent = Some((key, given.clone()));
                GameSync::Whole { at: Position::of(&session.game), commands: given.len() }
            }
        }
    }

    /// The worker is out of step: the next request sends the game whole.
    pub fn forget(&mut self) {
        self.sent = None;
    }
}

/// The odds of each combat of the shock at `game`, as `attackers` and the way `grouping` form
/// them (what the shock's prompt shows).
pub fn shock_odds_at(game: &Game, attackers: &[String], grouping: usize) -> Vec<CombatOdds> {
    let (s, st) = (&game.scenario, &game.state);
    let ways = groupings(s, st, attackers);
    let combats = ways.get(grouping).map(|w| preview_combats(s, st, w)).unwrap_or_default();
    combats
        .iter()
        .map(|(_, setup)| {
            let o = shock_odds(setup).map_err(|e| e.to_string())?;
            let side = |hits: &[Prob], rout: &Prob, mean_hits: f64| SideOdds {
                hits: hits.iter().map(|p| p.count).collect(),
                rout: rout.count,
                mean_hits,
            };
            Ok([
                side(&o.attacker_hits, &o.attacker_routs, o.attacker_mean_hits),
                side(&o.defender_hits, &o.defender_routs, o.defender_mean_hits),
            ])
        })
        .collect()
}

impl Position {
    /// Where `game` stands, with the settings of its optional rules (every one the battle
    /// offers, as the game has it) and the battle in the compiled form the page fetched.
    pub fn of(game: &Game) -> Self {
        let options = game.base.optional_choices().into_iter().map(|c| (c.key.to_string(), c.default)).collect();
        let id = game.base.meta.id.clone();
        let compiled = scenarios::compiled(&id).map(|b| b.to_vec()).unwrap_or_default();
        Self { battle: BattleData { id, options, compiled }, state: Box::new(game.state.clone()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::session::Session;
    use sarissa_rules::game::Phase;
    use sarissa_rules::play::playout::RandomPlayer;

    /// A shock segment with a combat, reached in a random game of Issus.
    fn a_shock() -> Session {
        // With an optional rule on: the worker opens the battle as the game has it.
        let options: OptionChanges = [("contingent_commanders".to_string(), true)].into();
        let scenario = Arc::new(scenarios::load("issus").unwrap().with_options(&options).unwrap());
        let mut s = Session::new(scenario, 2, options).unwrap();
        let mut player = RandomPlayer::new(2);
        for _ in 0..3000 {
            if let Phase::Shock { must, .. } = &s.game.state.phase {
                if !must.is_empty() {
                    return s;
                }
            }
            let c = player.choose(&s.game).expect("the game goes on");
            s.execute(c).unwrap();
        }
        panic!("no shock with a combat");
    }

    /// The worker's answer, through JSON both ways, is the odds the engine gives on the page
    /// (9.13–9.18), and is sent back under the request's number.
    #[test]
    fn the_worker_answers_shock_odds_as_the_engine_gives_them() {
        let s = a_shock();
        let Phase::Shock { must, .. } = s.game.state.phase.clone() else { unreachable!() };
        let job = Job::ShockOdds { at: Position::of(&s.game), attackers: must.clone(), grouping: 0 };
        let text = serde_json::to_string(&Request { id: 7, job }).unwrap();
        let reply: Reply = serde_json::from_str(&Worker::default().receive(&text).unwrap()).unwrap();
        assert_eq!(reply.id, 7);
        let expected = shock_odds_at(&s.game, &must, 0);
        assert!(!expected.is_empty());
        let Answer::ShockOdds(answered) = reply.answer else { panic!("{:?}", reply.answer) };
        assert_eq!(answered.len(), expected.len());
        for (got, want) in answered.iter().zip(&expected) {
            let (got, want) = (got.clone().unwrap(), want.clone().unwrap());
            for (g, w) in got.iter().zip(&want) {
                assert_eq!((&g.hits, g.rout), (&w.hits, w.rout), "exact counts");
                assert!((g.mean_hits - w.mean_hits).abs() < 1e-12);
            }
        }
        let [attackers, _] = expected[0].clone().unwrap();
        assert_eq!(attackers.hits.iter().sum::<u128>(), Prob::ONE.count, "{attackers:?}");
    }

    /// Each side's level as a request names it.
    fn levels(names: [Option<&str>; 2]) -> Vec<Option<String>> {
        names.iter().map(|n| n.map(String::from)).collect()
    }

    /// Plays the worker's `run` on the page's `session`, as the page does, checking
    /// each command is the one the rules crate's player gives there at `level` with the
    /// decision's seed, and legal.
    fn play_run(session: &mut Session, run: &[Decision], level: Level, seed: u64) {
        for decision in run {
            let want = player::choose(&session.game, level, decision_seed(seed, session.commands.len())).unwrap();
            assert_eq!(decision.command, notation::format(&want));
            session.execute(notation::parse(&decision.command).unwrap().unwrap()).expect("legal");
        }
    }

    /// The worker thinks as the rules crate's player does (issue 21): each command of its run,
    /// in the notation, is the player's at that position, level and seed, and legal; with both
    /// sides the computer's and a clock that stands still the run is the longest there is.
    #[test]
    fn the_worker_answers_a_run_of_the_computers_commands_as_the_player_chooses_them() {
        let s = a_shock();
        let mut worker = Worker::default();
        // Not hard: its 24 decisions, each thought twice here, are slow in a debug build.
        for (level, seed) in [("random", 3), ("easy", 4)] {
            let (mut page, mut mirror) = (s.clone(), Mirror::default());
            let job = Job::Think { sync: mirror.sync(&page), levels: levels([Some(level); 2]), seed };
            let text = serde_json::to_string(&Request { id: 9, job }).unwrap();
            let reply: Reply = serde_json::from_str(&worker.receive(&text).unwrap()).unwrap();
            let Answer::Think { run, hash, busy_ms } = reply.answer else { panic!("{:?}", reply.answer) };
            assert_eq!((hash, busy_ms), (s.game.state_hash(), 0.0), "{level}");
            assert_eq!(run.len(), LONGEST_RUN, "{level}");
            play_run(&mut page, &run, level.parse().unwrap(), seed);
            // The run played on the page goes to the worker as the commands since: the same hash.
            let sync = mirror.sync(&page);
            assert!(matches!(&sync, GameSync::Since { commands, .. } if commands.len() == LONGEST_RUN), "{sync:?}");
            let answer = worker.answer(Job::Think { sync, levels: levels([None; 2]), seed });
            assert_eq!(answer, Answer::Think { run: vec![], hash: page.game.state_hash(), busy_ms: 0.0 });
        }
        let sync = Mirror::default().sync(&s);
        let answer = worker.answer(Job::Think { sync, levels: levels([Some("wise"), None]), seed: 1 });
        assert!(matches!(answer, Answer::Refused(why) if why.contains("not a level")));
    }

    thread_local! {
        static TICKS: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
    }

    /// A clock 10 ms on at each look.
    fn ticking_clock() -> f64 {
        TICKS.with(|t| t.replace(t.get() + 10.0))
    }

    /// Issue 21: the worker thinks ahead only so long ([`AHEAD_MS`]) and times each decision on
    /// its own clock: with a clock 10 ms on at each look, a decision takes 10 ms and the run
    /// stops at its fourth (120 ms), the worker busy 140 ms in all.
    #[test]
    fn the_worker_thinks_ahead_only_so_long_and_times_each_decision() {
        let s = a_shock();
        let mut worker = Worker::with_clock(ticking_clock);
        let job = Job::Think { sync: Mirror::default().sync(&s), levels: levels([Some("random"); 2]), seed: 2 };
        let Answer::Think { run, busy_ms, .. } = worker.answer(job) else { panic!("no run") };
        assert_eq!(run.iter().map(|d| d.think_ms).collect::<Vec<_>>(), vec![10.0; 4]);
        assert_eq!(busy_ms, 140.0);
    }

    /// A run ends at a person's decision: the computer plays one side, a person the other.
    #[test]
    fn the_computers_run_ends_where_a_person_decides() {
        let s = a_shock();
        let mut game = s.game.clone();
        let side = game.decider().unwrap();
        let mut names = [None; 2];
        names[side] = Some("easy");
        let job = Job::Think { sync: Mirror::default().sync(&s), levels: levels(names), seed: 6 };
        let Answer::Think { run, .. } = Worker::default().answer(job) else { panic!("no run") };
        assert!(!run.is_empty() && run.len() < LONGEST_RUN, "{}", run.len());
        for decision in &run {
            assert_eq!(game.decider(), Some(side));
            game.execute(&notation::parse(&decision.command).unwrap().unwrap()).unwrap();
        }
        assert_eq!(game.decider(), Some(1 - side), "the person's decision");
    }

    /// Asks `worker` to think for side 0 of `session`'s game as `mirror` sends it, through JSON.
    fn think_on(worker: &mut Worker, mirror: &mut Mirror, session: &Session) -> (GameSync, Answer) {
        let sync = mirror.sync(session);
        let job = Job::Think { sync: sync.clone(), levels: levels([Some("random"), None]), seed: 5 };
        let text = serde_json::to_string(&Request { id: 1, job }).unwrap();
        let reply: Reply = serde_json::from_str(&worker.receive(&text).unwrap()).unwrap();
        (sync, reply.answer)
    }

    /// Issue 19: the game goes to the worker whole once, then only the commands given since; the
    /// worker, carrying them out on its own game, thinks on the page's state (the hashes agree)
    /// as if it had been sent whole, and the runs it answers (played on the page) keep it so.
    #[test]
    fn the_worker_keeps_the_computers_game_in_step_from_the_new_commands_alone() {
        let mut s = a_shock();
        let (mut worker, mut mirror) = (Worker::default(), Mirror::default());
        let mut player = RandomPlayer::new(8);
        let (mut sinces, mut runs) = (0, 0);
        for decision in 0..40 {
            let (sync, answer) = think_on(&mut worker, &mut mirror, &s);
            match (decision, &sync) {
                (0, GameSync::Whole { commands, .. }) => assert_eq!(*commands, s.commands.len()),
                (0, _) => panic!("the first request sends the game whole"),
                (_, GameSync::Since { from, commands }) => {
                    assert_eq!(*from + commands.len(), s.commands.len());
                    sinces += 1;
                }
                (_, GameSync::Whole { .. }) => panic!("decision {decision} sent the game whole again"),
            }
            let Answer::Think { run, hash, .. } = answer else { panic!("decision {decision}: {answer:?}") };
            assert_eq!(hash, s.game.state_hash(), "decision {decision}");
            runs += usize::from(!run.is_empty());
            play_run(&mut s, &run, Level::Random, 5);
            // A few commands, then the next decision.
            for _ in 0..3 {
                let Some(c) = player.choose(&s.game) else { return };
                s.execute(c).unwrap();
            }
        }
        assert!(sinces > 30 && runs > 5, "{sinces} {runs}");
    }

    /// A worker that lost the game (restarted) says so, and one sent commands that do not follow
    /// its game too; the page's mirror, forgotten, sends the game whole again. A game taken back
    /// (undone) is sent whole by the mirror itself.
    #[test]
    fn a_worker_out_of_step_says_so_and_the_game_goes_whole_again() {
        let mut s = a_shock();
        let mut mirror = Mirror::default();
        let (_, answer) = think_on(&mut Worker::default(), &mut mirror, &s);
        assert!(matches!(answer, Answer::Think { .. }), "{answer:?}");
        let c = RandomPlayer::new(3).choose(&s.game).unwrap();
        s.execute(c).unwrap();
        // Restarted: the commands since reach a worker without the game.
        let mut restarted = Worker::default();
        let (sync, answer) = think_on(&mut restarted, &mut mirror, &s);
        assert!(matches!(sync, GameSync::Since { .. }));
        assert_eq!(answer, Answer::OutOfStep);
        mirror.forget();
        let (sync, answer) = think_on(&mut restarted, &mut mirror, &s);
        assert!(matches!(sync, GameSync::Whole { .. }));
        assert!(matches!(answer, Answer::Think { hash, .. } if hash == s.game.state_hash()));
        // Commands that do not follow the worker's count.
        let sync = GameSync::Since { from: 0, commands: vec![] };
        let stale = Job::Think { sync, levels: levels([Some("easy"); 2]), seed: 1 };
        assert_eq!(restarted.answer(stale), Answer::OutOfStep);
        // Another game (here, the same battle from its start): whole.
        let other = s.origin().unwrap();
        assert!(matches!(mirror.sync(&other), GameSync::Whole { commands: 0, .. }));
    }

    /// Issue 19: the warm-up plays its commands a slice at a time, answers under its request's
    /// number once they are played, and leaves the computer's game where it was; a request
    /// meanwhile is answered at once, and a position that does not open is refused at once.
    #[test]
    fn the_warm_up_goes_in_slices_and_gives_way_to_requests() {
        let s = a_shock();
        let (mut worker, mut mirror) = (Worker::default(), Mirror::default());
        let (_, before) = think_on(&mut worker, &mut mirror, &s);
        assert!(matches!(before, Answer::Think { hash, .. } if hash == s.game.state_hash()));
        let warm = Request { id: 9, job: Job::Warm { at: Position::of(&s.game), commands: 40 } };
        assert_eq!(worker.receive(&serde_json::to_string(&warm).unwrap()), None);
        assert!(worker.warming());
        let Phase::Shock { must, .. } = s.game.state.phase.clone() else { unreachable!() };
        let odds = Request { id: 10, job: Job::ShockOdds { at: Position::of(&s.game), attackers: must, grouping: 0 } };
        let reply: Reply =
            serde_json::from_str(&worker.receive(&serde_json::to_string(&odds).unwrap()).unwrap()).unwrap();
        assert!(matches!(reply, Reply { id: 10, answer: Answer::ShockOdds(ref combats) } if !combats.is_empty()));
        let mut slices = 1;
        let done = loop {
            match worker.warm_slice() {
                Some(done) => break done,
                None => slices += 1,
            }
        };
        assert!(slices >= 3, "16 commands a slice at most: {slices}");
        let done: Reply = serde_json::from_str(&done).unwrap();
        assert!(matches!(done, Reply { id: 9, answer: Answer::Warmed { commands: 40, .. } }), "{done:?}");
        assert!(!worker.warming() && worker.warm_slice().is_none());
        // The computer's game is where the page left it.
        let (sync, after) = think_on(&mut worker, &mut mirror, &s);
        assert!(matches!(sync, GameSync::Since { .. }));
        assert_eq!(after, before);
        let mut at = Position::of(&s.game);
        at.battle.compiled.truncate(10);
        let broken = Request { id: 11, job: Job::Warm { at, commands: 40 } };
        let reply: Reply =
            serde_json::from_str(&worker.receive(&serde_json::to_string(&broken).unwrap()).unwrap()).unwrap();
        assert!(matches!(reply, Reply { id: 11, answer: Answer::Refused(_) }) && !worker.warming());
    }

    #[test]
    fn a_bad_request_is_refused_in_words() {
        let mut worker = Worker::default();
        let reply: Reply = serde_json::from_str(&worker.receive("{nonsense").unwrap()).unwrap();
        assert!(matches!(reply.answer, Answer::Refused(why) if why.contains("unreadable")));
        let s = a_shock();
        let mut at = Position::of(&s.game);
        at.battle.compiled.truncate(10);
        let answer = worker.answer(Job::ShockOdds { at, attackers: vec![], grouping: 0 });
        assert!(matches!(&answer, Answer::Refused(why) if why.contains("damaged")), "{answer:?}");
    }
}
