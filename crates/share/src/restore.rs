//! Opening a save: its moves replayed by the rules, so a save never holds a position the rules
//! would not reach. A move that cannot be replayed does not lose the game: it opens after the
//! last good one, and says which move stopped it and why.

use crate::{thousands, Battle, Save, ShareError, SAVE_FORMAT};
use sarissa_rules::play::notation;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Command, Dice, Game, Scenario};
use std::fmt;
use std::sync::Arc;

/// A save opened: the game after every move that replayed.
#[derive(Clone, Debug)]
pub struct Restored {
    /// The battle with the save's optional rules applied: what the game was set up from.
    pub scenario: Arc<Scenario>,
    pub seed: u64,
    pub options: OptionChanges,
    /// The moves replayed, in order; the game is the state after the last.
    pub commands: Vec<Command>,
    pub game: Game,
    /// The move that could not be replayed, if one could not: the moves after it are dropped.
    pub problem: Option<ReplayProblem>,
    /// The game was played on another version of the battle file than this one.
    pub older_battle: bool,
}

/// Move `number` (1-based, of `total`) could not be replayed, for `reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayProblem {
    pub number: usize,
    pub total: usize,
    pub reason: String,
    pub older_battle: bool,
}

impl fmt::Display for ReplayProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, total) = (thousands(self.number), thousands(self.total));
        write!(f, "Move {n} of {total} could not be replayed ({}); ", self.reason)?;
        match self.number {
            1 => write!(f, "the game opens at the start")?,
            n => write!(f, "the game opens after move {}", thousands(n - 1))?,
        }
        if self.older_battle {
            write!(f, ". This game was played on an earlier version of the battle")?;
        }
        write!(f, ".")
    }
}

impl Restored {
    /// What the players should be told on opening, if anything.
    pub fn note(&self) -> Option<String> {
        match (&self.problem, self.older_battle) {
            (Some(p), _) => Some(p.to_string()),
            (None, true) => {
                Some("This game was played on an earlier version of the battle; every move replayed.".into())
            }
            (None, false) => None,
        }
    }
}

/// Replays `save` on the battle `find` gives for its id. Refused only when nothing of the game
/// can be opened (a battle not here, optional rules it does not offer, a newer format).
pub fn restore(save: &Save, find: impl Fn(&str) -> Option<Battle>) -> Result<Restored, ShareError> {
    if save.format != SAVE_FORMAT {
        return Err(ShareError::NewerFormat(save.format));
    }
    let battle = find(&save.scenario).ok_or_else(|| ShareError::UnknownBattle(save.scenario.clone()))?;
    let older_battle = save.fingerprint.as_ref().is_some_and(|f| *f != battle.fingerprint);
    let scenario = Arc::new(battle.scenario.with_options(&save.options).map_err(ShareError::AlteredOptions)?);
    let (mut game, _) = Game::new(scenario.clone(), Dice::seeded(save.seed))
        .map_err(|e| ShareError::BattleCannotBegin(e.to_string()))?;
    let mut commands = Vec::new();
    let mut problem = None;
    for (i, line) in save.commands.iter().enumerate() {
        let failed = |reason: String| ReplayProblem { number: i + 1, total: save.commands.len(), reason, older_battle };
        match notation::parse(line) {
            Ok(None) => {}
            Ok(Some(command)) => match game.execute(&command) {
                Ok(_) => commands.push(command),
                Err(e) => {
                    problem = Some(failed(format!("it breaks the rules: {e}")));
                    break;
                }
            },
            Err(e) => {
                problem = Some(failed(format!("it is unreadable: {e}")));
                break;
            }
        }
    }
    Ok(Restored { scenario, seed: save.seed, options: save.options.clone(), commands, game, problem, older_battle })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_problem_says_where_the_game_opens() {
        let p = ReplayProblem { number: 1191, total: 1191, reason: "it is unreadable".into(), older_battle: false };
        assert_eq!(
            p.to_string(),
            "Move 1,191 of 1,191 could not be replayed (it is unreadable); the game opens after move 1,190."
        );
        let first = ReplayProblem { number: 1, total: 3, reason: "x".into(), older_battle: true };
        assert_eq!(
            first.to_string(),
            "Move 1 of 3 could not be replayed (x); the game opens at the start. \
             This game was played on an earlier version of the battle."
        );
    }
}
