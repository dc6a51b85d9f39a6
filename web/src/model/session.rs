//! A game being played on this device: the scenario, the seed, every command so far, and the
//! log. Pure data and logic (no DOM), tested natively.
//!
//! A save is `{format, scenario, seed, commands}` with the commands in the script notation, and
//! `options` when the players changed the battle's optional rules; loading replays them, so a
//! save can never hold a position the rules would not reach.

use crate::model::wording::{describe, LogEntry};
use sarissa_rules::game::{Event, GameState};
use sarissa_rules::play::notation;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Command, Dice, Game, RuleError, Scenario};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub const SAVE_FORMAT: u32 = 1;

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
    pub log: Vec<LogEntry>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub struct Save {
    pub format: u32,
    pub scenario: String,
    pub seed: u64,
    #[serde(default, skip_serializing_if = "OptionChanges::is_empty")]
    pub options: OptionChanges,
    pub commands: Vec<String>,
}

impl Session {
    /// A new game of `scenario` as `options` (already applied to it) made it.
    pub fn new(scenario: Arc<Scenario>, seed: u64, options: OptionChanges) -> Result<Self, RuleError> {
        let before = GameState::setup(&scenario, Dice::seeded(seed));
        let (game, events) = Game::new(scenario, Dice::seeded(seed))?;
        let mut s = Self { seed, options, game, commands: Vec::new(), rolled: Vec::new(), log: Vec::new() };
        s.record(before, &events);
        Ok(s)
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
        let before = self.game.state.clone();
        let events = self.game.execute(&command)?;
        self.rolled.push(events.iter().any(|e| matches!(e, Event::DieRolled { .. })));
        self.commands.push(command);
        self.record(before, &events);
        Ok(events)
    }

    /// Undo is possible back to (not past) the last command that rolled a die.
    pub fn can_undo(&self) -> bool {
        self.rolled.last().is_some_and(|r| !r)
    }

    /// Takes back the last command by replaying the others.
    pub fn undo(&mut self) -> Result<(), RuleError> {
        if !self.can_undo() {
            return Ok(());
        }
        let mut commands = self.commands.clone();
        commands.pop();
        // From the scenario as set up: the game's own shows the counters as they are now (CG 10.28).
        *self = Self::replay(self.game.base.clone(), self.seed, self.options.clone(), &commands).map_err(|(_, e)| e)?;
        Ok(())
    }

    pub fn replay(
        scenario: Arc<Scenario>,
        seed: u64,
        options: OptionChanges,
        commands: &[Command],
    ) -> Result<Self, (usize, RuleError)> {
        let mut s = Self::new(scenario, seed, options).map_err(|e| (0, e))?;
        for (i, c) in commands.iter().enumerate() {
            s.execute(c.clone()).map_err(|e| (i, e))?;
        }
        Ok(s)
    }

    pub fn save(&self) -> Save {
        Save {
            format: SAVE_FORMAT,
            scenario: self.game.scenario.meta.id.clone(),
            seed: self.seed,
            options: self.options.clone(),
            commands: self.commands.iter().map(notation::format).collect(),
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.save()).unwrap_or_default()
    }
}

/// Why a save could not be restored: said plainly, nothing else touched.
pub fn restore(json: &str, find: impl Fn(&str) -> Option<Arc<Scenario>>) -> Result<Session, String> {
    let save: Save = serde_json::from_str(json).map_err(|e| format!("the saved game is damaged ({e})"))?;
    if save.format != SAVE_FORMAT {
        return Err(format!("the saved game is in format {}, which this version does not read", save.format));
    }
    let base =
        find(&save.scenario).ok_or_else(|| format!("the saved game is of a battle not here: “{}”", save.scenario))?;
    let scenario = Arc::new(base.with_options(&save.options).map_err(|e| format!("the saved game is altered: {e}"))?);
    let mut commands = Vec::new();
    for (i, line) in save.commands.iter().enumerate() {
        match notation::parse(line) {
            Ok(Some(c)) => commands.push(c),
            Ok(None) => {}
            Err(e) => return Err(format!("move {} of the saved game is unreadable: {e}", i + 1)),
        }
    }
    Session::replay(scenario, save.seed, save.options, &commands).map_err(|(i, e)| {
        format!(
            "move {} of the saved game breaks the rules ({e}); the save was altered or is from another version",
            i + 1
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sarissa_rules::game::Phase;

    fn samarkand() -> Arc<Scenario> {
        Arc::new(crate::model::scenarios::load("samarkand").unwrap().unwrap())
    }

    fn find(id: &str) -> Option<Arc<Scenario>> {
        (id == "samarkand").then(samarkand)
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
        let back = restore(&s.to_json(), find).unwrap();
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
        let back = restore(&json, find).unwrap();
        assert!(back.game.scenario.meta.optional_rules.engaged);
        assert_eq!(back.options, options);
        // A save from before the choice existed reads as the battle's own settings.
        let old = restore(r#"{"format":1,"scenario":"samarkand","seed":1,"commands":[]}"#, find).unwrap();
        assert!(!old.game.scenario.meta.optional_rules.engaged && old.options.is_empty());
        let tampered =
            r#"{"format":1,"scenario":"samarkand","seed":1,"options":{"cavalry_pursuit":true},"commands":[]}"#;
        let err = restore(tampered, find).unwrap_err();
        assert!(err.contains("altered") && err.contains("cavalry_pursuit"), "{err}");
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
        let find_issus = |id: &str| (id == "issus").then(issus);
        let back = restore(&json, find_issus).unwrap();
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
        let find_it = |id: &str| (id == "malayaketu").then(malayaketu);
        let back = restore(&json, find_it).unwrap();
        assert_eq!(back.game.state_hash(), s.game.state_hash());
        assert_eq!(back.game.scenario.units[i], s.game.scenario.units[i]);
        assert!(s.can_undo());
        s.undo().unwrap();
        assert!(!s.game.state.units[i].dismounted);
        assert_eq!(s.game.scenario.units[i].kind, sarissa_rules::scenario::units::UnitType::CH);
    }

    #[test]
    fn damaged_or_tampered_saves_are_refused_with_a_reason() {
        assert!(restore("{not json", find).unwrap_err().contains("damaged"));
        let other = r#"{"format":1,"scenario":"marathon","seed":1,"commands":[]}"#;
        assert!(restore(other, find).unwrap_err().contains("marathon"));
        let future = r#"{"format":9,"scenario":"samarkand","seed":1,"commands":[]}"#;
        assert!(restore(future, find).unwrap_err().contains("format 9"));
        let cheat = r#"{"format":1,"scenario":"samarkand","seed":1,"commands":["activate pharnuches"]}"#;
        assert!(restore(cheat, find).unwrap_err().contains("breaks the rules"));
        let junk = r#"{"format":1,"scenario":"samarkand","seed":1,"commands":["teleport"]}"#;
        assert!(restore(junk, find).unwrap_err().contains("unreadable"));
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
        let d = sarissa_rules::movement::reach(&s.game.scenario, &s.game.state, unit).unwrap().remove(0);
        s.execute(d.command(&s.game.scenario.units[unit].id)).unwrap();
        s.undo().unwrap();
        assert_eq!(s.game.state_hash(), before);
        // Ending orders and trying momentum rolls a die: that cannot be undone.
        s.execute(Command::EndOrders).unwrap();
        assert!(matches!(s.game.state.phase, Phase::Momentum { .. }), "{:?}", s.game.state.phase);
        s.execute(Command::TryMomentum).unwrap();
        assert!(!s.can_undo());
    }
}
