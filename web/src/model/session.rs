//! A game being played on this device: the scenario, the seed, every command so far, and the
//! log. Pure data and logic (no DOM), tested natively.
//!
//! A save is a game file (`sarissa_share::Save`: battle, fingerprint of its file, seed, optional
//! rules, commands in the script notation); a game begun from a position link also keeps that
//! link (`start`). Loading replays the commands, so a save can never hold a position the rules
//! would not reach; a command that no longer replays loses only what follows it.

use crate::model::scenarios;
use crate::model::wording::{describe, LogEntry};
use sarissa_rules::game::{Event, GameState};
use sarissa_rules::play::notation;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Command, Dice, Game, RuleError, Scenario};
use sarissa_share::{Battle, Save};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

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
    pub log: Vec<LogEntry>,
    /// The position link the game began from, for a game begun from one (what-if games): its
    /// commands follow that position, not the battle's set-up.
    pub start: Option<String>,
}

/// What the library stores for a game: its game file, and the position it began from if any.
#[derive(Serialize, Deserialize, Debug)]
pub struct Stored {
    #[serde(flatten)]
    pub save: Save,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
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
            log: Vec::new(),
            start: None,
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
            log: Vec::new(),
            start: Some(start),
        }
    }

    /// Logs `events`, each read against the state just before it (`before`: before the first).
    fn record(&mut self, mut before: GameState, events: &[Event]) {
        let turn = self.game.state.turn;
        for e in events {
            if let Some(entry) = describe(&self.game.scenario, &before, turn, e) {
                self.log.push(entry);
            }
            before.apply(&self.game.scenario, e);
        }
    }

    pub fn execute(&mut self, command: Command) -> Result<Vec<Event>, RuleError> {
        let (scenario, base) = (self.game.scenario.clone(), self.game.base.clone());
        let before = self.game.state.clone();
        let events = self.game.execute(&command)?;
        let rolled = events.iter().any(|e| matches!(e, Event::DieRolled { .. }));
        if rolled {
            self.undo_to.clear();
        } else {
            self.undo_to.push((Game { scenario, base, state: before.clone() }, self.log.len()));
        }
        self.rolled.push(rolled);
        self.commands.push(command);
        self.record(before, &events);
        Ok(events)
    }

    /// The same game before its first command: the battle as set up, or the position it began at.
    pub fn origin(&self) -> Result<Session, String> {
        match &self.start {
            Some(link) => Ok(Self::at_position(open_position_link(link)?, self.options.clone(), link.clone())),
            None => Self::new(self.game.base.clone(), self.seed, self.options.clone()).map_err(|e| e.to_string()),
        }
    }

    /// Undo is possible back to (not past) the last command that rolled a die, and only for the
    /// side that gave it while the decision is still theirs: in a hotseat game nobody takes back
    /// the other player's decision.
    pub fn can_undo(&self) -> bool {
        self.rolled.last().is_some_and(|r| !r)
            && self.undo_to.last().is_some_and(|(before, _)| before.decider() == self.game.decider())
    }

    /// Takes back the last command: the game and the log as they were before it.
    pub fn undo(&mut self) -> Result<(), RuleError> {
        if !self.can_undo() {
            return Ok(());
        }
        if let Some((game, log)) = self.undo_to.pop() {
            self.game = game;
            self.log.truncate(log);
            self.commands.pop();
            self.rolled.pop();
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
            fingerprint: scenarios::battle(id).map(|b| b.fingerprint),
            seed: self.seed,
            options: self.options.clone(),
            commands: self.commands.iter().map(notation::format).collect(),
            name: None,
        };
        Stored { save, start: self.start.clone() }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.save()).unwrap_or_default()
    }
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
/// the game up to the one before it, and says so. `find` gives the bundled battles.
pub fn restore(json: &str, find: impl Fn(&str) -> Option<Battle>) -> Restoring {
    let save = sarissa_share::read_save(json).map_err(|e| e.to_string())?;
    #[derive(Deserialize)]
    struct Start {
        start: Option<String>,
    }
    let start = serde_json::from_str::<Start>(json).ok().and_then(|s| s.start);
    if let Some(link) = start {
        let game = open_position_link(&link)?;
        let mut session = Session::at_position(game, save.options.clone(), link);
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
    let restored = sarissa_share::restore(&save, &find).map_err(|e| e.to_string())?;
    let note = restored.note();
    let session =
        Session::replay(restored.scenario.clone(), restored.seed, restored.options.clone(), &restored.commands)
            .map_err(|(i, e)| format!("move {} could not be replayed: {e}", i + 1))?;
    Ok((session, note))
}

#[cfg(test)]
mod tests {
    use super::*;
    use sarissa_rules::game::Phase;

    fn samarkand() -> Arc<Scenario> {
        Arc::new(crate::model::scenarios::load("samarkand").unwrap().unwrap())
    }

    fn find(id: &str) -> Option<Battle> {
        (id == "samarkand").then(|| crate::model::scenarios::battle(id)).flatten()
    }

    /// A restored game that opened whole.
    fn whole(r: Restoring) -> Session {
        let (s, note) = r.unwrap();
        assert_eq!(note, None);
        s
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

    /// GBA 5.68 at Issus with contingent commanders on: a move that takes Philotas along is
    /// saved in the notation (`... with philotas`), logged under 5.68, and restored as it was.
    #[test]
    fn a_contingent_commander_going_along_is_saved_and_logged_gba_5_68() {
        let issus = || Arc::new(crate::model::scenarios::load("issus").unwrap().unwrap());
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
        let malayaketu = || Arc::new(crate::model::scenarios::load("malayaketu").unwrap().unwrap());
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
        let scenario = Arc::new(crate::model::scenarios::load("issus").unwrap().unwrap());
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
        let scenario = Arc::new(crate::model::scenarios::load("issus").unwrap().unwrap());
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
}
