//! A game being played on this device: the scenario, the seed, every command so far, and the
//! log. Pure data and logic (no DOM), tested natively.
//!
//! A save is a game file (`sarissa_share::Save`: battle, fingerprint of its file, seed, optional
//! rules, commands in the script notation); a game begun from a position link also keeps that
//! link (`start`). Loading replays the commands, so a save can never hold a position the rules
//! would not reach; a command that no longer replays loses only what follows it.
//!
//! Replaying a long battle takes seconds in a browser, so the library also keeps a
//! [`Checkpoint`] beside each save: the state after its last command, named by the fingerprint
//! of the save it ends. A game resumes from it at once, with its log and undo still to come
//! ([`Session::reading_back`]); a [`ReadBack`] then replays the history a little at a time and
//! its game replaces the resumed one (the history stays the save: a checkpoint that disagrees
//! with it loses). A missing or damaged checkpoint only means the slow way.

use crate::model::scenarios;
use crate::model::wording::{describe, LogEntry};
use sarissa_rules::game::{Event, GameState};
use sarissa_rules::play::notation;
use sarissa_rules::play::standing::StandingOrders;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Command, Dice, Game, RuleError, Scenario};
use sarissa_share::{Battle, Save};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use std::sync::Arc;

/// A command carried out whose entries in the log are still to be written: the standing
/// orders' note, if they gave it, and its events with the state before them.
#[derive(Debug)]
pub struct Unlogged {
    standing: Option<LogEntry>,
    before: GameState,
    events: Vec<Event>,
}

#[derive(Clone, Debug)]
pub struct Session {
    pub seed: u64,
    /// The players' changes to the battle's optional rules (already applied to the game's
    /// scenario), kept for the save.
    pub options: OptionChanges,
    pub game: Game,
    pub commands: Vec<Command>,
    /// For each command, whether it rolled a die: undo never goes back past one (nobody may
    /// re-roll by undoing).
    pub rolled: Vec<bool>,
    /// The game before each command since the last die roll, with the log's length then: undo
    /// takes the last one back at once instead of replaying the game (nothing before a roll is
    /// kept, as undo never goes past one).
    undo_to: Vec<(Game, usize)>,
    /// Shared by the copies of the session the play screen keeps (each order is played on a
    /// copy): copied once when a copy adds to it or takes from it, not with every copy, and
    /// handed to the log view as it is (issue 19).
    pub log: Rc<Vec<LogEntry>>,
    /// The position link the game began from, for a game begun from one (what-if games): its
    /// commands follow that position, not the battle's set-up.
    pub start: Option<String>,
    /// Resumed from a checkpoint or restored without its log: the log and undo before the
    /// commands given since are still to be read back from the history ([`ReadBack`]).
    pub reading_back: bool,
    /// How many of the first commands were read from a checkpoint, whose `rolled` are unknown
    /// (taken as rolled: no undo back into them until they are read back).
    unread: usize,
    /// Who plays each side, by side (issue 21); empty, or a side left out: a person.
    pub players: Vec<Seat>,
    /// Each side's standing orders, and the commands they gave (issues 20, 22).
    pub standing: Standing,
}

/// Each side's standing orders (`sarissa_rules::play::standing`), and which of the game's
/// commands they gave, by index, for the log. Saved with the game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Standing {
    pub sides: [StandingOrders; 2],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub given: Vec<usize>,
}

impl Standing {
    /// Nothing set and nothing given: not written in the save, as before standing orders.
    pub fn is_unset(&self) -> bool {
        *self == Self::default()
    }
}

/// Who decides for a side: a person at the device, or the computer at a level (issue 21).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Seat {
    #[default]
    Person,
    Easy,
    Hard,
    /// A person on another device: the game travels between the two by link (issue 22).
    Apart,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::Person, Seat::Easy, Seat::Hard, Seat::Apart];

    /// The computer's level, or `None` for a person.
    pub fn level(self) -> Option<sarissa_rules::play::player::Level> {
        use sarissa_rules::play::player::Level;
        match self {
            Seat::Person | Seat::Apart => None,
            Seat::Easy => Some(Level::Easy),
            Seat::Hard => Some(Level::Hard),
        }
    }

    /// As the chooser and the prompt name it.
    pub fn label(self) -> &'static str {
        match self {
            Seat::Person => "a person",
            Seat::Easy => "computer, easy",
            Seat::Hard => "computer, hard",
            Seat::Apart => "a player on another device",
        }
    }
}

/// What the library stores for a game: its game file, and the position it began from if any.
#[derive(Serialize, Deserialize, Debug)]
pub struct Stored {
    #[serde(flatten)]
    pub save: Save,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Who plays each side; saves from before the choice (and games of two people) have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<Seat>,
    /// Each side's standing orders and the commands they gave; none before they were set.
    #[serde(default, skip_serializing_if = "Standing::is_unset")]
    pub standing: Standing,
}

/// The log's line for a command the standing orders gave: whose, and which question.
fn standing_note(game: &Game, before: &GameState, command: &Command) -> LogEntry {
    let side = before.decider(&game.scenario);
    let name = side.and_then(|i| game.scenario.sides.get(i)).map(|s| s.name.as_str()).unwrap_or_default();
    let kind = sarissa_rules::play::standing::kind_label(command);
    LogEntry {
        turn: before.turn,
        text: format!("{name}: by standing order — {kind}."),
        rule: None,
        roll: None,
        side,
        units: Vec::new(),
        hexes: Vec::new(),
    }
}

impl Session {
    /// A new game of `scenario` as `options` (already applied to it) made it.
    pub fn new(scenario: Arc<Scenario>, seed: u64, options: OptionChanges) -> Result<Self, RuleError> {
        let before = GameState::setup(&scenario, Dice::seeded(seed));
        let (game, events) = Game::new(scenario, Dice::seeded(seed))?;
        let mut s = Self {
            seed,
            options,
            game,
            commands: Vec::new(),
            rolled: Vec::new(),
            undo_to: Vec::new(),
            log: Rc::default(),
            start: None,
            reading_back: false,
            unread: 0,
            players: Vec::new(),
            standing: Standing::default(),
        };
        s.record(before, &events);
        Ok(s)
    }

    /// A new game that begins at `game`, the position of the link `start`.
    pub fn at_position(game: Game, options: OptionChanges, start: String) -> Self {
        Self {
            seed: 0,
            options,
            game,
            commands: Vec::new(),
            rolled: Vec::new(),
            undo_to: Vec::new(),
            log: Rc::default(),
            start: Some(start),
            reading_back: false,
            unread: 0,
            players: Vec::new(),
            standing: Standing::default(),
        }
    }

    /// This game with `players` for its sides (all people kept as none, as old saves have it).
    pub fn with_players(mut self, players: Vec<Seat>) -> Self {
        self.players = if players.iter().all(|p| *p == Seat::Person) { Vec::new() } else { players };
        self
    }

    /// This game with `standing` orders, and the commands they gave.
    pub fn with_standing(mut self, standing: Standing) -> Self {
        self.standing = standing;
        self
    }

    /// What the standing orders of the side deciding answer now, if a person plays that side,
    /// here or on another device (whose orders came with its last move, issue 22 §2), and the
    /// orders cover the question (the computer answers its own).
    pub fn standing_answer(&self) -> Option<Command> {
        let side = self.game.decider()?;
        if self.seat(side).level().is_some() || self.reading_back {
            return None;
        }
        sarissa_rules::play::standing::answer(&self.game, &self.standing.sides[side])
    }

    /// The last command was a standing order's answer.
    fn last_by_standing(&self) -> bool {
        self.standing.given.last().is_some_and(|&i| i + 1 == self.commands.len())
    }

    /// Carries out `command` as a standing order's answer: logged as one.
    pub fn execute_standing(&mut self, command: Command) -> Result<Vec<Event>, RuleError> {
        let done = self.execute_standing_unlogged(command)?;
        Ok(self.write_log(done))
    }

    /// [`Self::execute_standing`] with the log's entries still to be written.
    pub fn execute_standing_unlogged(&mut self, command: Command) -> Result<Unlogged, RuleError> {
        self.standing.given.push(self.commands.len());
        let done = self.execute_unlogged(command);
        if done.is_err() {
            self.standing.given.pop();
        }
        done
    }

    /// Who plays `side`.
    pub fn seat(&self, side: usize) -> Seat {
        self.players.get(side).copied().unwrap_or_default()
    }

    /// The computer's level when the decision now is the computer's.
    pub fn computer_to_decide(&self) -> Option<sarissa_rules::play::player::Level> {
        self.game.decider().and_then(|side| self.seat(side).level())
    }

    /// Logs `events`, each read against the state just before it (`before`: before the first).
    fn record(&mut self, mut before: GameState, events: &[Event]) {
        let turn = self.game.state.turn;
        for e in events {
            if let Some(entry) = describe(&self.game.scenario, &before, turn, e) {
                Rc::make_mut(&mut self.log).push(entry);
            }
            before.apply(&self.game.scenario, e);
        }
    }

    pub fn execute(&mut self, command: Command) -> Result<Vec<Event>, RuleError> {
        let done = self.execute_unlogged(command)?;
        Ok(self.write_log(done))
    }

    /// Carries out `command`, leaving the log's entries for it to [`Self::write_log`]: the
    /// play screen words them in a task of their own (issue 19). The session is not to be
    /// shown, saved or played on before they are written.
    pub fn execute_unlogged(&mut self, command: Command) -> Result<Unlogged, RuleError> {
        let (scenario, base) = (self.game.scenario.clone(), self.game.base.clone());
        let before = self.game.state.clone();
        let events = self.game.execute(&command)?;
        // A seal or a revealed value (P300, P301) stands like a roll: it draws the dice anew.
        let rolled = events
            .iter()
            .any(|e| matches!(e, Event::DieRolled { .. } | Event::DiceSealed { .. } | Event::DiceRevealed { .. }));
        if rolled {
            self.undo_to.clear();
        } else {
            self.undo_to.push((Game { scenario, base, state: before.clone() }, self.log.len()));
        }
        self.rolled.push(rolled);
        let standing =
            self.standing.given.contains(&self.commands.len()).then(|| standing_note(&self.game, &before, &command));
        self.commands.push(command);
        Ok(Unlogged { standing, before, events })
    }

    /// Writes the log's entries of the command just carried out; its events.
    pub fn write_log(&mut self, done: Unlogged) -> Vec<Event> {
        if let Some(note) = done.standing {
            Rc::make_mut(&mut self.log).push(note);
        }
        self.record(done.before, &done.events);
        done.events
    }

    /// The same game before its first command: the battle as set up, or the position it began at.
    pub fn origin(&self) -> Result<Session, String> {
        let origin = match &self.start {
            Some(link) => Self::at_position(open_position_link(link)?, self.options.clone(), link.clone()),
            None => Self::new(self.game.base.clone(), self.seed, self.options.clone()).map_err(|e| e.to_string())?,
        };
        Ok(origin.with_players(self.players.clone()).with_standing(self.standing.clone()))
    }

    /// Undo is possible back to (not past) the last command that rolled a die, and only for the
    /// side that gave it while the decision is still theirs: in a hotseat game nobody takes back
    /// the other player's decision.
    pub fn can_undo(&self) -> bool {
        self.undo_refused().is_none()
    }

    /// Why undo is not possible now, in the players' words; `None` when it is.
    pub fn undo_refused(&self) -> Option<&'static str> {
        const READING: &str = "Undo comes back once the game's history is read.";
        match (self.rolled.last(), self.undo_to.last()) {
            _ if self.reading_back && self.rolled.len() <= self.unread => Some(READING),
            // Issue 21: the computer's decisions are not taken back (nor is its turn interrupted).
            _ if self.computer_to_decide().is_some() => Some("The computer is deciding; its decisions stand."),
            (None, _) => Some("No order has been given yet."),
            // Issue 22 §3 (P300, P301): a seal or a revealed value is no one's to take back.
            _ if matches!(self.commands.last(), Some(Command::SealDice { .. } | Command::RevealDice { .. })) => {
                Some("The dice were just sealed or drawn anew for this move; that stands.")
            }
            (Some(true), _) => Some("The last order rolled a die, so it stands."),
            // Issues 20, 22: the standing orders would give the same answer again.
            (Some(false), Some((before, _))) if before.decider() == self.game.decider() && self.last_by_standing() => {
                Some("That was answered by your standing orders; change them in the sheet.")
            }
            (Some(false), Some((before, _))) if before.decider() == self.game.decider() => None,
            (Some(false), Some((before, _))) if before.decider().and_then(|side| self.seat(side).level()).is_some() => {
                Some("That was the computer's decision; it stands.")
            }
            (Some(false), Some(_)) => Some("That was the other side's decision; it is theirs to take back."),
            (Some(false), None) => Some("The last order rolled a die, so it stands."),
        }
    }

    /// Takes back the last command: the game and the log as they were before it.
    pub fn undo(&mut self) -> Result<(), RuleError> {
        if !self.can_undo() {
            return Ok(());
        }
        if let Some((game, log)) = self.undo_to.pop() {
            self.game = game;
            Rc::make_mut(&mut self.log).truncate(log);
            self.commands.pop();
            self.rolled.pop();
            let given = self.commands.len();
            self.standing.given.retain(|&i| i < given);
        }
        Ok(())
    }

    pub fn replay(
        scenario: Arc<Scenario>,
        seed: u64,
        options: OptionChanges,
        commands: &[Command],
    ) -> Result<Self, (usize, RuleError)> {
        Self::replay_from(Self::new(scenario, seed, options).map_err(|e| (0, e))?, commands)
    }

    /// `commands` carried out from `s`.
    pub fn replay_from(mut s: Self, commands: &[Command]) -> Result<Self, (usize, RuleError)> {
        for (i, c) in commands.iter().enumerate() {
            s.execute(c.clone()).map_err(|e| (i, e))?;
        }
        Ok(s)
    }

    pub fn save(&self) -> Stored {
        let id = &self.game.scenario.meta.id;
        let save = Save {
            format: sarissa_share::SAVE_FORMAT,
            scenario: id.clone(),
            fingerprint: battle_fingerprint(id),
            seed: self.seed,
            options: self.options.clone(),
            commands: self.commands.iter().map(notation::format).collect(),
            name: None,
        };
        Stored { save, start: self.start.clone(), players: self.players.clone(), standing: self.standing.clone() }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.save()).unwrap_or_default()
    }
}

/// The fingerprint of a bundled battle's file, as the catalogue has it (every save names it).
fn battle_fingerprint(id: &str) -> Option<String> {
    scenarios::card(id).map(|c| c.fingerprint.to_string())
}

/// The game of a position link, as the bundled battles have it.
fn open_position_link(link: &str) -> Result<Game, String> {
    let position = sarissa_share::decode_position_link(link, scenarios::battle).map_err(|e| e.to_string())?;
    Ok(sarissa_share::open_position(&position, scenarios::battle).map_err(|e| e.to_string())?.game)
}

/// A game restored, and what the players should be told of it (a move that no longer replays,
/// an earlier version of the battle).
pub type Restoring = Result<(Session, Option<String>), String>;

/// Restores a stored game or a game file by replaying it; a move that no longer replays keeps
/// the game up to the one before it, and says so. `find` gives the bundled battles. The log and
/// undo of a game replayed from the battle's set-up are read back later ([`ReadBack`]).
pub fn restore(json: &str, find: impl Fn(&str) -> Option<Battle>) -> Restoring {
    let save = sarissa_share::read_save(json).map_err(|e| e.to_string())?;
    #[derive(Deserialize)]
    struct Start {
        start: Option<String>,
        #[serde(default)]
        players: Vec<Seat>,
        #[serde(default)]
        standing: Standing,
    }
    let (start, players, standing) =
        sarissa_share::read_json::<Start>(json).map(|s| (s.start, s.players, s.standing)).unwrap_or_default();
    if let Some(link) = start {
        let game = open_position_link(&link)?;
        let mut session =
            Session::at_position(game, save.options.clone(), link).with_players(players).with_standing(standing);
        for (i, line) in save.commands.iter().enumerate() {
            let replayed = notation::parse(line).map_err(|e| e.to_string()).and_then(|c| match c {
                Some(c) => session.execute(c).map(|_| ()).map_err(|e| e.to_string()),
                None => Ok(()),
            });
            if let Err(why) = replayed {
                let note = format!(
                    "Move {} of {} could not be replayed ({why}); the game opens after move {}.",
                    i + 1,
                    save.commands.len(),
                    i
                );
                return Ok((session, Some(note)));
            }
        }
        return Ok((session, None));
    }
    // The game is replayed once, here; its log and undo are read back later ([`ReadBack`]).
    let restored = sarissa_share::restore(&save, &find).map_err(|e| e.to_string())?;
    let note = restored.note();
    let session = Session::unread(restored.game, restored.seed, restored.options, restored.commands, None);
    Ok((session.with_players(players).with_standing(standing), note))
}

/// The state of a game after its last command, kept beside its save so that the game resumes
/// without replaying its history. `save` is the fingerprint ([`sarissa_share::fingerprint`]) of
/// the stored save it is the end of: any other save (a move more or less, another game) does
/// not match it.
#[derive(Serialize, Deserialize)]
pub struct Checkpoint {
    pub save: String,
    pub state: GameState,
}

impl Session {
    /// The checkpoint of this game, beside its stored save `json` (`Session::to_json`).
    pub fn checkpoint(&self, json: &str) -> String {
        let checkpoint = CheckpointRef { save: sarissa_share::fingerprint(json), state: &self.game.state };
        serde_json::to_string(&checkpoint).unwrap_or_default()
    }

    /// The game of `save` (a stored save's text) at `checkpoint`, its history not yet read
    /// back; `None` unless the checkpoint is of this very save, on the battle file it was
    /// played on, and fits the battle.
    fn from_checkpoint(json: &str, checkpoint: &str, find: impl Fn(&str) -> Option<Battle>) -> Option<Self> {
        let checkpoint: Checkpoint = sarissa_share::read_json(checkpoint).ok()?;
        if checkpoint.save != sarissa_share::fingerprint(json) {
            return None;
        }
        let stored: Stored = sarissa_share::read_json(json).ok()?;
        let battle = find(&stored.save.scenario)?;
        if stored.save.fingerprint.as_ref() != Some(&battle.fingerprint) {
            return None;
        }
        let base = Arc::new(battle.scenario.with_options(&stored.save.options).ok()?);
        let state = checkpoint.state;
        let fits = state.scenario_id == base.meta.id
            && state.units.len() == base.units.len()
            && state.leaders.len() == base.leaders.len();
        let commands =
            stored.save.commands.iter().map(|line| notation::parse(line).ok()).collect::<Option<Vec<_>>>()?;
        let commands = commands.into_iter().flatten().collect();
        let (seed, options) = (stored.save.seed, stored.save.options);
        let (players, standing) = (stored.players, stored.standing);
        fits.then(|| {
            Self::unread(Game::resume(base, state), seed, options, commands, stored.start)
                .with_players(players)
                .with_standing(standing)
        })
    }

    /// `game`, reached by `commands`, whose log and undo are still to be read back.
    fn unread(game: Game, seed: u64, options: OptionChanges, commands: Vec<Command>, start: Option<String>) -> Self {
        Self {
            seed,
            options,
            game,
            rolled: vec![true; commands.len()],
            unread: commands.len(),
            commands,
            undo_to: Vec::new(),
            log: Rc::default(),
            start,
            reading_back: true,
            players: Vec::new(),
            standing: Standing::default(),
        }
    }
}

/// [`Checkpoint`], written without copying the state.
#[derive(Serialize)]
struct CheckpointRef<'a> {
    save: String,
    state: &'a GameState,
}

/// Resumes a stored game: at once from its `checkpoint` when that is the checkpoint of this
/// very save, else by replaying it ([`restore`]).
pub fn resume(json: &str, checkpoint: Option<&str>, find: impl Fn(&str) -> Option<Battle>) -> Restoring {
    match checkpoint.and_then(|c| Session::from_checkpoint(json, c, &find)) {
        Some(session) => Ok((session, None)),
        None => restore(json, find),
    }
}

/// Reads back the history of a game resumed from its checkpoint: replays the commands it was
/// resumed after from its origin, a few at a time (between the players' gestures); then the
/// replayed game, with its log and undo, and the commands given since it was resumed, takes the
/// resumed one's place.
pub struct ReadBack {
    /// The game replayed so far (taken once it is all read).
    replayed: Option<Session>,
    /// The state of the game as it was resumed.
    resumed: GameState,
}

/// Where reading back stands after a step.
pub enum ReadBackStep {
    /// More commands to replay.
    Going,
    /// Every command replayed: the game to play on, and what the players should be told (a
    /// command that no longer replays, a checkpoint that disagreed with the history).
    Done(Box<Session>, Option<String>),
}

impl ReadBack {
    /// Reading back `resumed`'s history, before any command is given on it.
    pub fn new(resumed: &Session) -> Result<Self, String> {
        Ok(Self { replayed: Some(resumed.origin()?), resumed: resumed.game.state.clone() })
    }

    /// How many of the commands are replayed.
    pub fn read(&self) -> usize {
        self.replayed.as_ref().map_or(0, |r| r.commands.len())
    }

    /// Replays the next of `live`'s commands it was resumed after, while `more()` says there
    /// is time. Once it is `Done`, it has nothing more to give.
    pub fn step(&mut self, live: &Session, mut more: impl FnMut() -> bool) -> ReadBackStep {
        let Some(replayed) = self.replayed.as_mut() else {
            return ReadBackStep::Done(Box::new(live.clone()), None);
        };
        while replayed.commands.len() < live.unread {
            let i = replayed.commands.len();
            if let Err(e) = replayed.execute(live.commands[i].clone()) {
                let note = lost_at(i, live.commands.len(), &e);
                return ReadBackStep::Done(Box::new(self.replayed.take().unwrap_or_else(|| live.clone())), Some(note));
            }
            if !more() {
                return ReadBackStep::Going;
            }
        }
        let Some(mut replayed) = self.replayed.take() else { return ReadBackStep::Going };
        if replayed.game.state == self.resumed {
            return ReadBackStep::Done(Box::new(replayed.followed_by(live)), None);
        }
        // The checkpoint was not the end of its history: the history wins, and the commands
        // given since go on from where it leads, as far as they still can.
        for (i, c) in live.commands.iter().enumerate().skip(live.unread) {
            if let Err(e) = replayed.execute(c.clone()) {
                return ReadBackStep::Done(Box::new(replayed), Some(lost_at(i, live.commands.len(), &e)));
            }
        }
        let note = "The game was read back from its moves, which is where it now stands.".to_string();
        ReadBackStep::Done(Box::new(replayed), Some(note))
    }
}

/// What the players are told when move `i` (from 0) of `total` no longer replays.
fn lost_at(i: usize, total: usize, why: &RuleError) -> String {
    format!("Move {} of {total} could not be replayed ({why}); the game opens after move {i}.", i + 1)
}

impl Session {
    /// This game, whose history is read back, followed by what `live` (the same game resumed
    /// at its end) has done since: its commands, their log and their undo.
    fn followed_by(mut self, live: &Session) -> Session {
        let offset = self.log.len();
        let since = live.unread;
        let shifted = live.undo_to.iter().map(|(g, log)| (g.clone(), log + offset));
        if live.rolled[since..].iter().any(|r| *r) {
            self.undo_to = shifted.collect();
        } else {
            self.undo_to.extend(shifted);
        }
        if !live.log.is_empty() {
            Rc::make_mut(&mut self.log).extend(live.log.iter().cloned());
        }
        self.commands.extend_from_slice(&live.commands[since..]);
        self.rolled.extend_from_slice(&live.rolled[since..]);
        self.game = live.game.clone();
        self.standing = live.standing.clone();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sarissa_rules::game::Phase;

    fn samarkand() -> Arc<Scenario> {
        Arc::new(crate::model::scenarios::load("samarkand").unwrap())
    }

    fn find(id: &str) -> Option<Battle> {
        (id == "samarkand").then(|| crate::model::scenarios::battle(id)).flatten()
    }

    /// A restored game that opened whole, its history read back.
    fn whole(r: Restoring) -> Session {
        let (s, note) = r.unwrap();
        assert_eq!(note, None);
        read_back(s, 1000)
    }

    /// `s` with its history read back, `per_step` commands at a time.
    fn read_back(s: Session, per_step: usize) -> Session {
        let mut reading = ReadBack::new(&s).unwrap();
        loop {
            let mut left = per_step;
            let step = reading.step(&s, || {
                left -= 1;
                left > 0
            });
            if let ReadBackStep::Done(done, note) = step {
                assert_eq!(note, None);
                assert!(!done.reading_back);
                return *done;
            }
        }
    }

    /// A random game of `battle` with `seed`, at most `commands` long.
    fn random_session(battle: &str, seed: u64, commands: usize) -> Session {
        let scenario = Arc::new(crate::model::scenarios::load(battle).unwrap());
        let mut s = Session::new(scenario, seed, OptionChanges::new()).unwrap();
        for c in sarissa_rules::play::playout::random_game(&mut s.game.clone(), seed, commands) {
            s.execute(c).unwrap();
        }
        s
    }

    fn find_any(id: &str) -> Option<Battle> {
        crate::model::scenarios::battle(id)
    }

    /// A game resumes at once from the checkpoint of its save, then reads its history back
    /// between the players' orders: the same state, log and undo as replaying it whole, with
    /// the orders given meanwhile kept.
    #[test]
    fn a_game_resumes_from_its_checkpoint_and_reads_its_history_back() {
        let played = random_session("issus", 21, 300);
        let json = played.to_json();
        let (mut resumed, note) = resume(&json, Some(&played.checkpoint(&json)), find_any).unwrap();
        assert_eq!(note, None);
        assert!(resumed.reading_back && resumed.log.is_empty());
        assert_eq!(resumed.game.state_hash(), played.game.state_hash());
        assert_eq!(resumed.undo_refused(), Some("Undo comes back once the game's history is read."));
        // Orders go on while the history is read.
        let mut whole = played.clone();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(3);
        let mut reading = ReadBack::new(&resumed).unwrap();
        let mut steps = 0;
        let done = loop {
            if let Some(c) = player.choose(&resumed.game) {
                resumed.execute(c.clone()).unwrap();
                whole.execute(c).unwrap();
            }
            let mut left = 25;
            steps += 1;
            match reading.step(&resumed, || {
                left -= 1;
                left > 0
            }) {
                ReadBackStep::Going => assert!(reading.read() < resumed.commands.len()),
                ReadBackStep::Done(done, note) => break (*done, note),
            }
        };
        assert!(steps > 5, "read back in {steps} steps");
        assert_eq!(done.1, None);
        let done = done.0;
        assert!(!done.reading_back);
        assert_eq!(done.game.state_hash(), whole.game.state_hash());
        assert_eq!(done.commands, whole.commands);
        assert_eq!(done.log, whole.log);
        assert_eq!(done.can_undo(), whole.can_undo());
    }

    /// A checkpoint is used only for the very save it ends; a damaged one, or one of another
    /// save, is passed by (the game is replayed), and one that disagrees with the history
    /// loses to it when the history is read back.
    #[test]
    fn a_checkpoint_that_does_not_match_its_save_never_loses_the_game() {
        let played = random_session("samarkand", 4, 120);
        let json = played.to_json();
        let checkpoint = played.checkpoint(&json);
        let mut shorter = played.clone();
        shorter.commands.pop();
        let other_json = shorter.to_json();
        assert!(Session::from_checkpoint(&other_json, &checkpoint, find_any).is_none());
        assert!(Session::from_checkpoint(&json, "{not json", find_any).is_none());
        assert!(Session::from_checkpoint(&json, &checkpoint, find_any).is_some());
        let back = whole(resume(&json, Some("{not json"), find_any));
        assert_eq!(back.game.state_hash(), played.game.state_hash());
        // A checkpoint of this save whose state is wrong: resumed, then corrected.
        let mut wrong: Checkpoint = serde_json::from_str(&checkpoint).unwrap();
        wrong.state.turn += 1;
        let wrong = serde_json::to_string(&wrong).unwrap();
        let (resumed, _) = resume(&json, Some(&wrong), find_any).unwrap();
        assert_ne!(resumed.game.state_hash(), played.game.state_hash());
        let mut reading = ReadBack::new(&resumed).unwrap();
        let ReadBackStep::Done(done, note) = reading.step(&resumed, || true) else { panic!("not done") };
        assert_eq!(done.game.state_hash(), played.game.state_hash());
        assert_eq!(done.log, played.log);
        assert!(note.unwrap().contains("read back from its moves"));
    }

    /// Undo in hotseat (issue 20): the players are told on screen why undo is refused.
    #[test]
    fn undo_says_why_it_is_refused() {
        let scenario = Arc::new(crate::model::scenarios::load("issus").unwrap());
        let mut s = Session::new(scenario, 5, OptionChanges::new()).unwrap();
        assert_eq!(s.undo_refused(), Some("No order has been given yet."));
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(5);
        let (mut rolled, mut theirs, mut mine) = (0, 0, 0);
        for _ in 0..400 {
            let by = s.game.decider();
            let Some(c) = player.choose(&s.game) else { break };
            s.execute(c).unwrap();
            let why = s.undo_refused();
            match (s.rolled.last(), s.game.decider() == by) {
                (Some(true), _) => (rolled += 1, assert_eq!(why, Some("The last order rolled a die, so it stands."))).1,
                (_, false) => (theirs += 1, assert!(why.unwrap().contains("other side's decision"), "{why:?}")).1,
                (_, true) => (mine += 1, assert_eq!(why, None)).1,
            }
        }
        assert!(rolled > 5 && theirs > 5 && mine > 5, "{rolled} {theirs} {mine}");
    }

    #[test]
    fn a_save_restores_the_same_game() {
        let mut s = Session::new(samarkand(), 77, OptionChanges::new()).unwrap();
        let commands = {
            let mut g = s.game.clone();
            sarissa_rules::play::playout::random_game(&mut g, 5, 40)
        };
        for c in commands {
            s.execute(c).unwrap();
        }
        let back = whole(restore(&s.to_json(), find));
        assert_eq!(back.game.state_hash(), s.game.state_hash());
        assert_eq!(back.log.len(), s.log.len());
    }

    /// The players' choice of optional rules (GBA §C) is part of the save: the game comes back
    /// with it, and a save asking for a rule the battle does not offer is refused.
    #[test]
    fn a_save_keeps_the_chosen_optional_rules() {
        let options: OptionChanges = [("engaged".to_string(), true)].into();
        let scenario = Arc::new(samarkand().with_options(&options).unwrap());
        let s = Session::new(scenario, 5, options.clone()).unwrap();
        let json = s.to_json();
        assert!(json.contains(r#""options":{"engaged":true}"#), "{json}");
        let back = whole(restore(&json, find));
        assert!(back.game.scenario.meta.optional_rules.engaged);
        assert_eq!(back.options, options);
        // A save from before the choice existed reads as the battle's own settings.
        let old = whole(restore(r#"{"format":1,"scenario":"samarkand","seed":1,"commands":[]}"#, find));
        assert!(!old.game.scenario.meta.optional_rules.engaged && old.options.is_empty());
        let tampered =
            r#"{"format":1,"scenario":"samarkand","seed":1,"options":{"cavalry_pursuit":true},"commands":[]}"#;
        let err = restore(tampered, find).unwrap_err();
        assert!(err.contains("optional rules") && err.contains("cavalry_pursuit"), "{err}");
    }

    /// Issue 21: who plays each side is kept with the game; a save from before the choice
    /// opens as two people; nobody undoes the computer's decision.
    #[test]
    fn a_save_keeps_who_plays_each_side() {
        let s =
            Session::new(samarkand(), 5, OptionChanges::new()).unwrap().with_players(vec![Seat::Person, Seat::Hard]);
        let json = s.to_json();
        assert!(json.contains(r#""players":["person","hard"]"#), "{json}");
        let back = whole(restore(&json, find));
        assert_eq!((back.seat(0), back.seat(1)), (Seat::Person, Seat::Hard));
        let (resumed, _) = resume(&json, Some(&s.checkpoint(&json)), find).unwrap();
        assert!(resumed.reading_back && resumed.players == s.players);
        assert_eq!(resumed.origin().unwrap().players, s.players, "reading back keeps them");
        let people = Session::new(samarkand(), 5, OptionChanges::new()).unwrap().with_players(vec![Seat::Person; 2]);
        assert!(!people.to_json().contains("players"), "two people are saved as before");
        let old = whole(restore(r#"{"format":1,"scenario":"samarkand","seed":1,"commands":[]}"#, find));
        assert!(old.players.is_empty() && old.seat(0) == Seat::Person && old.seat(1) == Seat::Person);
        // The computer's side to decide: its last command is not taken back.
        let mut both = Session::new(samarkand(), 5, OptionChanges::new()).unwrap().with_players(vec![Seat::Easy; 2]);
        let level = both.computer_to_decide().expect("the computer decides");
        let c = sarissa_rules::play::player::choose(&both.game, level, 1).unwrap();
        both.execute(c).unwrap();
        assert_eq!(both.undo_refused(), Some("The computer is deciding; its decisions stand."));
    }

    /// GBA 5.68 at Issus with contingent commanders on: a move that takes Philotas along is
    /// saved in the notation (`... with philotas`), logged under 5.68, and restored as it was.
    #[test]
    fn a_contingent_commander_going_along_is_saved_and_logged_gba_5_68() {
        let issus = || Arc::new(crate::model::scenarios::load("issus").unwrap());
        let options: OptionChanges = [("contingent_commanders".to_string(), true)].into();
        let scenario = Arc::new(issus().with_options(&options).unwrap());
        let mut s = Session::new(scenario, 11, options).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(11);
        let mut ridden = None;
        for _ in 0..400 {
            let legal = sarissa_rules::play::legal::legal_commands(&s.game);
            let goes = |c: &Command| matches!(c, Command::Move { path, .. } if !path.is_empty());
            if let Some(c) = legal.into_iter().find(|c| c.rider() == Some("philotas") && goes(c)) {
                s.execute(c.clone()).unwrap();
                ridden = Some(c);
                break;
            }
            let Some(c) = player.choose(&s.game) else { break };
            s.execute(c).unwrap();
        }
        let ridden = ridden.expect("Philotas had a unit to go along with");
        assert!(
            s.log.iter().any(|e| e.rule == Some("5.68") && e.text.starts_with("Philotas keeps with")),
            "{:?}",
            s.log.last()
        );
        let json = s.to_json();
        assert!(json.contains(" with philotas"), "{json}");
        let find_issus = |id: &str| (id == "issus").then(|| crate::model::scenarios::battle(id)).flatten();
        let back = whole(restore(&json, find_issus));
        assert_eq!(back.game.state_hash(), s.game.state_hash());
        assert_eq!(back.commands.last(), Some(&ridden));
    }

    /// CG 10.28 in Malayaketu's camp: a chariot dismounted in play is saved in the notation,
    /// logged, restored on foot, and undone back to its car (undo replays from the scenario as
    /// set up, not from the game's, which shows it on foot).
    #[test]
    fn a_dismount_is_saved_restored_and_undone_cg_10_28() {
        let malayaketu = || Arc::new(crate::model::scenarios::load("malayaketu").unwrap());
        let mut s = Session::new(malayaketu(), 2, OptionChanges::new()).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(2);
        let mut down = None;
        for _ in 0..3000 {
            let legal = sarissa_rules::play::legal::legal_commands(&s.game);
            if let Some(c) = legal.into_iter().find(|c| matches!(c, Command::Dismount { .. })) {
                s.execute(c.clone()).unwrap();
                down = Some(c);
                break;
            }
            let Some(c) = player.choose(&s.game) else { break };
            s.execute(c).unwrap();
        }
        let Some(Command::Dismount { unit, .. }) = down else { panic!("no chariot could dismount") };
        let i = s.game.scenario.units.iter().position(|u| u.id == unit).unwrap();
        assert_eq!(s.game.scenario.units[i].kind, sarissa_rules::scenario::units::UnitType::LI);
        assert_eq!(s.log.last().and_then(|e| e.rule), Some("CG 10.28"));
        let json = s.to_json();
        assert!(json.contains(&format!("dismount {unit} facing")), "{json}");
        let find_it = |id: &str| (id == "malayaketu").then(|| crate::model::scenarios::battle(id)).flatten();
        let back = whole(restore(&json, find_it));
        assert_eq!(back.game.state_hash(), s.game.state_hash());
        assert_eq!(back.game.scenario.units[i], s.game.scenario.units[i]);
        assert!(s.can_undo());
        s.undo().unwrap();
        assert!(!s.game.state.units[i].dismounted);
        assert_eq!(s.game.scenario.units[i].kind, sarissa_rules::scenario::units::UnitType::CH);
    }

    #[test]
    fn damaged_saves_are_refused_with_a_reason_and_a_bad_move_loses_only_what_follows() {
        assert!(restore("{not json", find).unwrap_err().contains("not a Sarissa game file"));
        let other = r#"{"format":1,"scenario":"marathon","seed":1,"commands":[]}"#;
        assert!(restore(other, find).unwrap_err().contains("marathon"));
        let future = r#"{"format":9,"scenario":"samarkand","seed":1,"commands":[]}"#;
        assert!(restore(future, find).unwrap_err().contains("9"));
        let cheat = r#"{"format":1,"scenario":"samarkand","seed":1,"commands":["pre-arrange","activate pharnuches"]}"#;
        let (s, note) = restore(cheat, find).unwrap();
        assert_eq!(s.commands.len(), 1, "the game opens after the last good move");
        let note = note.unwrap();
        assert!(note.contains("Move 2 of 2") && note.contains("after move 1"), "{note}");
        let junk = r#"{"format":1,"scenario":"samarkand","seed":1,"commands":["teleport"]}"#;
        let (s, note) = restore(junk, find).unwrap();
        assert!(s.commands.is_empty() && note.unwrap().contains("Move 1 of 1"));
    }

    /// A what-if game begun from a position link: saved with its link, restored and undone
    /// from that position, not from the battle's set-up.
    #[test]
    fn a_game_begun_from_a_position_keeps_it_through_save_and_undo() {
        let mut s = Session::new(samarkand(), 9, OptionChanges::new()).unwrap();
        let commands = sarissa_rules::play::playout::random_game(&mut s.game.clone(), 9, 30);
        for c in commands {
            s.execute(c).unwrap();
        }
        let position = sarissa_share::Position::of(
            &s.game,
            crate::model::scenarios::battle("samarkand").map(|b| b.fingerprint),
            OptionChanges::new(),
        );
        let link = sarissa_share::encode_position_link(&position, crate::model::scenarios::battle).unwrap();
        let game = open_position_link(&link).unwrap();
        assert_eq!(game.state_hash(), s.game.state_hash());
        let mut what_if = Session::at_position(game, OptionChanges::new(), link);
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(4);
        for _ in 0..5 {
            let Some(c) = player.choose(&what_if.game) else { break };
            what_if.execute(c).unwrap();
        }
        let (back, note) = restore(&what_if.to_json(), find).unwrap();
        assert_eq!(note, None);
        assert_eq!(back.game.state_hash(), what_if.game.state_hash());
        assert_eq!(back.start, what_if.start);
    }

    #[test]
    fn undo_goes_back_to_but_not_past_the_last_die_roll() {
        let mut s = Session::new(samarkand(), 3, OptionChanges::new()).unwrap();
        // Pharnuches' mercenaries could hold a pre-arranged withdrawal order: none (6.82).
        s.execute(Command::DeclarePreArranged { lines: Vec::new() }).unwrap();
        let Phase::Activation { leaders, .. } = s.game.state.phase.clone() else { panic!() };
        s.execute(Command::Activate { leader: leaders[0].clone() }).unwrap();
        assert!(s.can_undo());
        let before = s.game.state_hash();
        let unit = sarissa_rules::play::legal::orderable_units(&s.game)[0];
        // A move that leaves the decision with the mover (none that pauses for a reaction).
        let id = s.game.scenario.units[unit].id.clone();
        let d = sarissa_rules::movement::reach(&s.game.scenario, &s.game.state, unit)
            .unwrap()
            .into_iter()
            .find(|d| {
                let mut g = s.game.clone();
                g.execute(&d.command(&id)).is_ok() && g.decider() == s.game.decider()
            })
            .unwrap();
        s.execute(d.command(&id)).unwrap();
        assert!(s.can_undo());
        s.undo().unwrap();
        assert_eq!(s.game.state_hash(), before);
        // Ending orders and trying momentum rolls a die: that cannot be undone.
        s.execute(Command::EndOrders).unwrap();
        assert!(matches!(s.game.state.phase, Phase::Momentum { .. }), "{:?}", s.game.state.phase);
        s.execute(Command::TryMomentum).unwrap();
        assert!(!s.can_undo());
    }

    /// Undo takes back a command at once (no replay), and leaves exactly what replaying the
    /// commands before it gives: the same state and the same log.
    #[test]
    fn undo_gives_what_a_replay_of_the_earlier_commands_gives() {
        let scenario = Arc::new(crate::model::scenarios::load("issus").unwrap());
        let mut s = Session::new(scenario.clone(), 8, OptionChanges::new()).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(8);
        let mut undone = 0;
        for _ in 0..400 {
            let Some(c) = player.choose(&s.game) else { break };
            s.execute(c).unwrap();
            if s.can_undo() && s.commands.len() % 3 == 0 {
                s.undo().unwrap();
                undone += 1;
                let again = Session::replay(scenario.clone(), 8, OptionChanges::new(), &s.commands).unwrap();
                assert_eq!(s.game.state_hash(), again.game.state_hash());
                assert_eq!(s.log, again.log);
            }
        }
        assert!(undone > 10, "only {undone} undos were tried");
    }

    /// Hotseat: once a command hands the decision to the other side (a move paused for its
    /// reaction, the end of an orders phase), that side cannot take it back.
    #[test]
    fn nobody_undoes_the_other_sides_decision() {
        let scenario = Arc::new(crate::model::scenarios::load("issus").unwrap());
        let mut s = Session::new(scenario, 5, OptionChanges::new()).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(5);
        let (mut handed_over, mut kept) = (0, 0);
        for _ in 0..600 {
            let by = s.game.decider();
            let Some(c) = player.choose(&s.game) else { break };
            s.execute(c).unwrap();
            if s.rolled.last() == Some(&false) {
                if s.game.decider() == by {
                    assert!(s.can_undo());
                    kept += 1;
                } else {
                    assert!(!s.can_undo(), "{:?} may undo {:?}'s command", s.game.decider(), by);
                    handed_over += 1;
                }
            }
        }
        assert!(handed_over > 5 && kept > 5, "{handed_over} handed over, {kept} kept");
    }

    /// Against the computer, the Undo refused after its decision says it stands (issue 20:
    /// "theirs to take back" read as if the computer might).
    #[test]
    fn the_computers_decision_handed_over_is_said_to_stand() {
        let scenario = Arc::new(crate::model::scenarios::load("issus").unwrap());
        let mut s =
            Session::new(scenario, 5, OptionChanges::new()).unwrap().with_players(vec![Seat::Person, Seat::Easy]);
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(5);
        let mut seen = 0;
        for _ in 0..600 {
            let by = s.game.decider();
            let Some(c) = player.choose(&s.game) else { break };
            s.execute(c).unwrap();
            // The computer's command (side 1) that hands the decision to the person.
            if s.rolled.last() == Some(&false) && by == Some(1) && s.game.decider() == Some(0) {
                assert_eq!(s.undo_refused(), Some("That was the computer's decision; it stands."));
                seen += 1;
            }
        }
        assert!(seen > 0, "the computer never handed a decision over");
    }

    /// Standing orders (issues 20, 22) answer one side's questions: each answer is logged as a
    /// standing order, and the orders and their marks come back with the saved game, in its
    /// replayed log too; nobody undoes a standing order's answer.
    /// Issue 19: the play screen carries out a command in one task and writes its log in the
    /// next; the game, its log, its undo and its standing orders' notes are the same as when
    /// both are done at once.
    #[test]
    fn a_command_logged_a_task_later_reads_as_one_logged_at_once() {
        let scenario = Arc::new(crate::model::scenarios::load("issus").unwrap());
        let mut at_once = Session::new(scenario, 4, OptionChanges::new()).unwrap();
        at_once.standing.sides[1] = StandingOrders::answer_all();
        let mut later = at_once.clone();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(4);
        let mut undos = 0;
        for _ in 0..300 {
            let (events, unlogged) = match at_once.standing_answer() {
                Some(c) => (at_once.execute_standing(c.clone()).unwrap(), later.execute_standing_unlogged(c).unwrap()),
                None => {
                    let Some(c) = player.choose(&at_once.game) else { break };
                    (at_once.execute(c.clone()).unwrap(), later.execute_unlogged(c).unwrap())
                }
            };
            assert_eq!(later.write_log(unlogged), events);
            assert_eq!(
                (&later.log, &later.standing, later.can_undo()),
                (&at_once.log, &at_once.standing, at_once.can_undo())
            );
            undos += usize::from(at_once.can_undo());
        }
        assert!(undos > 0 && !at_once.standing.given.is_empty(), "neither undo nor a standing order met");
        assert_eq!(later.to_json(), at_once.to_json());
        // Undone, each goes back to the same game and log.
        while at_once.can_undo() {
            at_once.undo().unwrap();
            later.undo().unwrap();
            assert_eq!((&later.log, later.game.state_hash()), (&at_once.log, at_once.game.state_hash()));
        }
    }

    #[test]
    fn standing_orders_answer_are_logged_and_saved_with_the_game() {
        let scenario = Arc::new(crate::model::scenarios::load("issus").unwrap());
        let mut s = Session::new(scenario, 4, OptionChanges::new()).unwrap();
        s.standing.sides[1] = StandingOrders::answer_all();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(4);
        for _ in 0..300 {
            match s.standing_answer() {
                Some(c) => {
                    s.execute_standing(c).unwrap();
                    assert!(!s.can_undo(), "a standing order's answer is undone");
                }
                None => {
                    let Some(c) = player.choose(&s.game) else { break };
                    s.execute(c).unwrap();
                }
            }
        }
        assert!(!s.standing.given.is_empty(), "no question met");
        let noted = s.log.iter().filter(|e| e.text.contains("by standing order")).count();
        assert_eq!(noted, s.standing.given.len());
        let json = s.to_json();
        let (restored, _) = restore(&json, find_any).unwrap();
        assert_eq!(restored.standing, s.standing);
        let mut reading = ReadBack::new(&restored).unwrap();
        let ReadBackStep::Done(done, _) = reading.step(&restored, || true) else { panic!("not done") };
        assert_eq!(done.log, s.log);
        let people = Session::new(samarkand(), 5, OptionChanges::new()).unwrap();
        assert!(!people.to_json().contains("standing"), "saved as before when none are set");
    }

    /// A whole random battle of Issus resumes from its checkpoint with the same state as its
    /// replay; prints both times (natively). `SARISSA_WRITE_FIXTURE=1` writes it for the e2e
    /// test of resuming in the browser (tests/e2e/fixtures/issus-long.sarissa).
    #[test]
    fn a_long_battle_resumes_from_its_checkpoint_as_replayed() {
        let played = random_session("issus", 1, 1200);
        assert!(played.commands.len() > 1000, "{} commands", played.commands.len());
        let json = played.to_json();
        let checkpoint = played.checkpoint(&json);
        let clock = std::time::Instant::now();
        let (resumed, _) = resume(&json, Some(&checkpoint), find_any).unwrap();
        let fast = clock.elapsed();
        let clock = std::time::Instant::now();
        let (replayed, _) = restore(&json, find_any).unwrap();
        let slow = clock.elapsed();
        println!("{} commands: resumed in {fast:?}, replayed in {slow:?}", played.commands.len());
        assert_eq!(resumed.game.state_hash(), played.game.state_hash());
        assert_eq!(replayed.game.state_hash(), played.game.state_hash());
        if std::env::var_os("SARISSA_WRITE_FIXTURE").is_some() {
            let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/e2e/fixtures/issus-long.sarissa");
            std::fs::write(file, played.save().save.to_json()).unwrap();
        }
    }
}
