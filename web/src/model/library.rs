//! The games kept on this device: any number of them, each with what the library screen shows
//! (battle, sides, turn, whose decision, when last played, in progress or won), the one opened
//! last, and a deleted game kept until the next deletion so that it can be brought back.
//!
//! Pure data: the browser keeps the index and each game's save under their own keys
//! (`browser::storage`), so that writing one game never rewrites another.

use crate::model::apart::Apart;
use crate::model::session::Session;
use sarissa_rules::game::Phase;
use serde::{Deserialize, Serialize};

/// A game in the library, as its row shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Its key on this device; never reused.
    pub id: String,
    /// The players' name for it (at first the battle's).
    pub name: String,
    /// The battle's id and name.
    pub scenario: String,
    pub battle: String,
    /// The two sides' names, in the battle's order.
    pub sides: Vec<String>,
    pub turn: u16,
    /// The side whose decision it is, while the game goes on.
    #[serde(default)]
    pub to_decide: Option<String>,
    /// Its index, and since when (ms since 1970) the decision has been that side's.
    #[serde(default)]
    pub decider: Option<usize>,
    #[serde(default)]
    pub deciding_since: f64,
    pub outcome: Outcome,
    /// How many commands have been given.
    pub commands: usize,
    /// When it was started and last played, in milliseconds since 1970.
    pub started: f64,
    pub played: f64,
    /// A game played apart: its record (issue 22).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub apart: Option<Apart>,
}

sarissa_rules::tagged_enum! { tag = "state";
/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    InProgress,
    Won { by: String },
    Drawn,
}
}

impl Outcome {
    pub fn describe(&self) -> String {
        match self {
            Outcome::InProgress => "in progress".to_string(),
            Outcome::Won { by } => format!("won by {by}"),
            Outcome::Drawn => "ended with no winner".to_string(),
        }
    }
}

/// A side's name, with the computer's level when it plays it (issue 21).
fn side_and_player(session: &Session, side: usize) -> String {
    let name = &session.game.scenario.sides[side].name;
    match session.seat(side) {
        crate::model::session::Seat::Person => name.clone(),
        seat => format!("{name} ({})", seat.label()),
    }
}

impl Entry {
    /// A new row for `session`, first played at `now`.
    pub fn new(id: String, session: &Session, now: f64) -> Self {
        let s = &session.game.scenario;
        let mut entry = Self {
            id,
            name: s.meta.name.clone(),
            scenario: s.meta.id.clone(),
            battle: s.meta.name.clone(),
            sides: (0..s.sides.len()).map(|i| side_and_player(session, i)).collect(),
            turn: 0,
            to_decide: None,
            decider: None,
            deciding_since: now,
            outcome: Outcome::InProgress,
            commands: 0,
            started: now,
            played: now,
            apart: None,
        };
        entry.update(session, now);
        entry
    }

    /// The row brought up to date with `session`, played at `now`.
    pub fn update(&mut self, session: &Session, now: f64) {
        let game = &session.game;
        let side_name = |i: usize| game.scenario.sides.get(i).map(|s| s.name.clone()).unwrap_or_default();
        self.turn = game.state.turn;
        self.commands = session.commands.len();
        self.to_decide = game.decider().map(side_name);
        if game.decider() != self.decider {
            self.deciding_since = now;
        }
        self.decider = game.decider();
        self.outcome = match &game.state.phase {
            Phase::Over { winner: Some(w) } => Outcome::Won { by: side_name(*w) },
            Phase::Over { winner: None } => Outcome::Drawn,
            _ => Outcome::InProgress,
        };
        self.played = now;
    }
}

/// The index of the library.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Library {
    /// Most recently played first.
    pub games: Vec<Entry>,
    /// The game `#/play` opens: the one played last.
    #[serde(default)]
    pub current: Option<String>,
    /// The game deleted last, whose save is kept until the next deletion (the way back).
    #[serde(default)]
    pub deleted: Option<Entry>,
}

impl Library {
    /// Reads the index; a damaged one reads as empty rather than stopping the app (the games'
    /// saves are under their own keys and are found again by `adopt`).
    pub fn parse(json: &str) -> Self {
        sarissa_share::read_json(json).unwrap_or_default()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.games.iter().find(|g| g.id == id)
    }

    /// A key no game of this library has had: from the time, and a counter if it is taken.
    pub fn new_id(&self, now: f64) -> String {
        let base = format!("g{}", now.max(0.0) as u64);
        let taken = |id: &str| self.get(id).is_some() || self.deleted.as_ref().is_some_and(|d| d.id == id);
        let mut id = base.clone();
        let mut n = 1;
        while taken(&id) {
            n += 1;
            id = format!("{base}-{n}");
        }
        id
    }

    /// Adds a game or brings its row up to date; it becomes the current game and moves first.
    pub fn record(&mut self, entry: Entry) {
        self.games.retain(|g| g.id != entry.id);
        self.current = Some(entry.id.clone());
        self.games.insert(0, entry);
    }

    pub fn rename(&mut self, id: &str, name: &str) -> bool {
        let name = name.trim();
        match self.games.iter_mut().find(|g| g.id == id) {
            Some(g) if !name.is_empty() => {
                g.name = name.chars().take(80).collect();
                true
            }
            _ => false,
        }
    }

    /// Deletes a game, keeping it as the way back; returns the id of the game deleted before it,
    /// whose save may now be dropped for good.
    pub fn delete(&mut self, id: &str) -> Option<String> {
        let i = self.games.iter().position(|g| g.id == id)?;
        let entry = self.games.remove(i);
        if self.current.as_deref() == Some(id) {
            self.current = None;
        }
        self.deleted.replace(entry).map(|old| old.id)
    }

    /// Brings back the game deleted last.
    pub fn undelete(&mut self) -> Option<String> {
        let entry = self.deleted.take()?;
        let id = entry.id.clone();
        let at = self.games.iter().position(|g| g.played < entry.played).unwrap_or(self.games.len());
        self.games.insert(at, entry);
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::scenarios;
    use sarissa_rules::scenario::OptionChanges;
    use std::sync::Arc;

    fn session(battle: &str, seed: u64) -> Session {
        let scenario = Arc::new(scenarios::load(battle).unwrap());
        Session::new(scenario, seed, OptionChanges::new()).unwrap()
    }

    #[test]
    fn two_games_side_by_side_each_with_its_own_row() {
        let mut lib = Library::default();
        let a = session("samarkand", 1);
        let id_a = lib.new_id(1000.0);
        lib.record(Entry::new(id_a.clone(), &a, 1000.0));
        let b = session("issus", 2);
        let id_b = lib.new_id(1000.0);
        assert_ne!(id_a, id_b, "two games started in the same millisecond get two keys");
        lib.record(Entry::new(id_b.clone(), &b, 1000.0));
        assert_eq!(lib.games.len(), 2);
        assert_eq!(lib.current.as_deref(), Some(id_b.as_str()));
        let row = lib.get(&id_a).unwrap();
        assert_eq!(row.battle, a.game.scenario.meta.name);
        assert_eq!(row.sides.len(), 2);
        assert_eq!(row.outcome, Outcome::InProgress);
        assert!(row.to_decide.is_some(), "a game that has begun has a side to decide");
        // Playing the first again moves it to the top.
        let mut again = lib.get(&id_a).unwrap().clone();
        again.update(&a, 2000.0);
        lib.record(again);
        assert_eq!(lib.games[0].id, id_a);
        assert_eq!(lib.games[0].played, 2000.0);
    }

    /// Issue 21: the library's row says which side the computer plays, and at what level.
    #[test]
    fn a_row_names_the_computers_side_and_level() {
        use crate::model::session::Seat;
        let s = session("samarkand", 1).with_players(vec![Seat::Person, Seat::Easy]);
        let row = Entry::new("g".into(), &s, 0.0);
        let sides = &s.game.scenario.sides;
        assert_eq!(row.sides, vec![sides[0].name.clone(), format!("{} (computer, easy)", sides[1].name)]);
    }

    /// Issue 22: the row knows since when the decision has been the side's that has it.
    #[test]
    fn a_row_keeps_since_when_the_side_to_decide_has_had_the_decision() {
        let mut s = session("samarkand", 5);
        let mut row = Entry::new("g".into(), &s, 10.0);
        let first = s.game.decider();
        assert_eq!((row.decider, row.deciding_since), (first, 10.0));
        let commands = sarissa_rules::play::playout::random_game(&mut s.game.clone(), 5, 400);
        let mut t = 10.0;
        for c in commands {
            let before = s.game.decider();
            s.execute(c).unwrap();
            t += 1.0;
            row.update(&s, t);
            if s.game.decider() == before {
                assert!(row.deciding_since < t, "the same side still decides: its time runs on");
            } else {
                assert_eq!(row.deciding_since, t, "the decision changed hands at {t}");
                return;
            }
        }
        panic!("the decision never changed hands");
    }

    #[test]
    fn rename_and_delete_with_a_way_back() {
        let mut lib = Library::default();
        let s = session("samarkand", 3);
        for t in [1.0, 2.0, 3.0] {
            let id = lib.new_id(t);
            lib.record(Entry::new(id, &s, t));
        }
        let (first, second) = (lib.games[2].id.clone(), lib.games[1].id.clone());
        assert!(lib.rename(&first, "  Spitamenes again  "));
        assert_eq!(lib.get(&first).unwrap().name, "Spitamenes again");
        assert!(!lib.rename(&first, "   "), "an empty name is refused");
        assert_eq!(lib.delete(&first), None);
        assert!(lib.get(&first).is_none());
        assert_eq!(lib.undelete().as_deref(), Some(first.as_str()));
        assert_eq!(lib.games.last().unwrap().id, first, "it comes back in its place by date");
        // A second deletion drops the first one's way back.
        lib.delete(&first);
        assert_eq!(lib.delete(&second), Some(first.clone()));
        assert_eq!(lib.games.len(), 1);
    }

    #[test]
    fn a_damaged_index_reads_as_empty_and_round_trips_otherwise() {
        assert_eq!(Library::parse("{not json"), Library::default());
        let mut lib = Library::default();
        lib.record(Entry::new("g1".into(), &session("granicus", 4), 5.0));
        assert_eq!(Library::parse(&lib.to_json()), lib);
    }
}
