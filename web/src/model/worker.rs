//! The work the app hands to its Web Worker, off the page's thread: what is asked and what is
//! answered, as JSON (as the saves are), and the answering itself — pure, tested natively.
//!
//! The exact odds of a shock's combats (9.13–9.18), which take up to seconds for a big shock,
//! and the computer opponent's decisions (issue 21), each a request on a position. Every request carries its `id`; the page drops an answer to a request it
//! no longer waits for (the players moved on).

use crate::model::scenarios;
use sarissa_rules::combat::odds::{shock_odds, Prob};
use sarissa_rules::combat::shock_segment::{groupings, preview_combats};
use sarissa_rules::game::GameState;
use sarissa_rules::play::notation;
use sarissa_rules::play::player::{self, Level};
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Game, Scenario};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A position of a bundled battle, as a request carries it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Position {
    /// The battle's id and the settings of its optional rules in the game.
    pub battle: String,
    pub options: OptionChanges,
    pub state: GameState,
}

/// What the page asks.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Job {
    /// The odds of each combat of the shock now, as `attackers` and the way of forming the
    /// combats numbered `grouping` (9.12; 0 as grouped) make them.
    ShockOdds { at: Position, attackers: Vec<String>, grouping: usize },
    /// The command the computer at `level` (random, greedy, easy, hard) gives at the decision
    /// now, thinking with `seed`.
    Think { at: Position, level: String, seed: u64 },
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
    /// The computer's command, in the script notation the saves use; `None` when the game
    /// waits for nobody (over).
    Think(Option<String>),
    /// The request could not be read or its position opened, in a player's words.
    Refused(String),
}

/// An answer to the request numbered `id`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Reply {
    pub id: u64,
    pub answer: Answer,
}

/// Answers the requests of one page, keeping the battle last opened (reading one is slow).
#[derive(Default)]
pub struct Worker {
    battle: Option<(String, OptionChanges, Arc<Scenario>)>,
}

impl Worker {
    /// The reply to a request's JSON text, as JSON text.
    pub fn answer_text(&mut self, request: &str) -> String {
        let reply = match serde_json::from_str::<Request>(request) {
            Ok(r) => Reply { id: r.id, answer: self.answer(r.job) },
            Err(e) => Reply { id: 0, answer: Answer::Refused(format!("the request was unreadable: {e}")) },
        };
        serde_json::to_string(&reply).unwrap_or_default()
    }

    pub fn answer(&mut self, job: Job) -> Answer {
        match job {
            Job::ShockOdds { at, attackers, grouping } => match self.open(at) {
                Ok(game) => Answer::ShockOdds(shock_odds_at(&game, &attackers, grouping)),
                Err(why) => Answer::Refused(why),
            },
            Job::Think { at, level, seed } => match (self.open(at), level.parse::<Level>()) {
                (Ok(game), Ok(level)) => Answer::Think(think(&game, level, seed)),
                (Err(why), _) | (_, Err(why)) => Answer::Refused(why),
            },
        }
    }

    /// The game at `at`, on its battle read once.
    fn open(&mut self, at: Position) -> Result<Game, String> {
        let known = self.battle.as_ref().filter(|(id, options, _)| *id == at.battle && *options == at.options);
        let base = match known {
            Some((_, _, s)) => s.clone(),
            None => {
                let battle = scenarios::battle(&at.battle).ok_or(format!("there is no battle “{}”", at.battle))?;
                let scenario = Arc::new(battle.scenario.with_options(&at.options).map_err(|e| e.to_string())?);
                self.battle = Some((at.battle.clone(), at.options.clone(), scenario.clone()));
                scenario
            }
        };
        let fits = at.state.units.len() == base.units.len() && at.state.leaders.len() == base.leaders.len();
        fits.then(|| Game::resume(base, at.state)).ok_or_else(|| "the position does not fit its battle".to_string())
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

/// The command the computer at `level` gives at `game` (issue 21), in the script notation.
pub fn think(game: &Game, level: Level, seed: u64) -> Option<String> {
    player::choose(game, level, seed).map(|c| notation::format(&c))
}

impl Position {
    /// Where `game` stands, with the settings of its optional rules (every one the battle
    /// offers, as the game has it).
    pub fn of(game: &Game) -> Self {
        let options = game.base.optional_choices().into_iter().map(|c| (c.key.to_string(), c.default)).collect();
        Self { battle: game.base.meta.id.clone(), options, state: game.state.clone() }
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
        let scenario = Arc::new(scenarios::load("issus").unwrap().unwrap().with_options(&options).unwrap());
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
        let reply: Reply = serde_json::from_str(&Worker::default().answer_text(&text)).unwrap();
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

    /// The worker thinks as the rules crate's player does (issue 21): the same command, in
    /// the notation, for the same position, level and seed; and it reads back as a legal one.
    #[test]
    fn the_worker_answers_the_computers_command_as_the_player_chooses_it() {
        let s = a_shock();
        let mut worker = Worker::default();
        for (level, seed) in [("easy", 3), ("hard", 4)] {
            let job = Job::Think { at: Position::of(&s.game), level: level.into(), seed };
            let text = serde_json::to_string(&Request { id: 9, job }).unwrap();
            let reply: Reply = serde_json::from_str(&worker.answer_text(&text)).unwrap();
            let want = player::choose(&s.game, level.parse().unwrap(), seed).unwrap();
            assert_eq!(reply.answer, Answer::Think(Some(notation::format(&want))), "{level}");
            let Answer::Think(Some(line)) = reply.answer else { unreachable!() };
            let command = notation::parse(&line).unwrap().unwrap();
            s.game.clone().execute(&command).expect("the computer's command is legal");
        }
        let at = Position::of(&s.game);
        let answer = worker.answer(Job::Think { at, level: "wise".into(), seed: 1 });
        assert!(matches!(answer, Answer::Refused(why) if why.contains("not a level")));
    }

    #[test]
    fn a_bad_request_is_refused_in_words() {
        let mut worker = Worker::default();
        let reply: Reply = serde_json::from_str(&worker.answer_text("{nonsense")).unwrap();
        assert!(matches!(reply.answer, Answer::Refused(why) if why.contains("unreadable")));
        let s = a_shock();
        let mut at = Position::of(&s.game);
        at.battle = "marathon".into();
        let answer = worker.answer(Job::ShockOdds { at, attackers: vec![], grouping: 0 });
        assert_eq!(answer, Answer::Refused("there is no battle “marathon”".into()));
    }
}
