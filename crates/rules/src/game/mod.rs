//! The kernel: a game's state, the events that change it and their application, commands,
//! dice and refusals. It builds on the battle's description (`map`, `scenario`, `charts`) and on
//! nothing above it; `play::Game` carries a command out through the rules.
//!
//! A command is checked against the rules inside a transaction: the rules emit events, each
//! applied at once to a working copy of the state (so later checks see earlier effects, and dice
//! rolls advance the stored generator). If the command is refused, the copy is dropped and
//! nothing has changed; if it is accepted, the copy becomes the state. So (scenario, dice,
//! commands) always replays to the same state.

mod command;
mod dice;
mod error;
mod event;
pub mod pending;
pub mod sorting;
mod state;
pub mod tagged;

pub use command::{CombatGroup, Command, Formation, LineStep, PwDeclaration};
pub use dice::Dice;
pub use error::RuleError;
pub use event::{Doom, Event, GateResult, HitCause, Part, RampageEnd, RollPurpose, TowerResult};
pub use state::{
    BreachAttempt, BrokenCommand, GameState, LeaderState, LeaderStatus, Phase, PwOrder, SealedDice, Supply,
    Temperament, UnitState,
};

use crate::map::hex::HexId;
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;

/// A command being carried out: the working state and the events so far.
pub struct Tx<'a> {
    pub scenario: &'a Scenario,
    pub state: GameState,
    pub events: Vec<Event>,
    /// How the rules draw zones of control, for the kernel to record who starts an orders phase
    /// in one (CG 7.16): supplied from above (`map::zoc::enemy_zoc`), so the kernel calls no rule.
    pub enemy_zoc: EnemyZoc,
}

/// For every hex in the zone of control of some enemy of `side`: which enemy units exert it.
pub type EnemyZoc = fn(&Scenario, &GameState, usize) -> FxHashMap<HexId, Vec<usize>>;

impl Tx<'_> {
    /// Records an event and applies it to the working state.
    pub fn emit(&mut self, event: Event) {
        self.state.apply_with(self.scenario, &event, self.enemy_zoc);
        self.events.push(event);
    }

    /// Rolls the die for `purpose`, as an event.
    pub fn roll(&mut self, purpose: RollPurpose) -> Result<u8, RuleError> {
        let roll = self.state.dice.peek().ok_or(RuleError::DiceExhausted)?;
        let broken = self.of_broken_command(&purpose);
        self.emit(Event::DieRolled { roll, purpose });
        let Some(unit) = broken else { return Ok(roll) };
        // House rule B9 (command collapse): a unit of a broken command checks its TQ at +1,
        // logged after its die. Every TQ check's die passes through here.
        self.emit(Event::BrokenCommandCheck { unit });
        Ok(roll + 1)
    }

    /// The unit of a TQ check, if it belongs to a command broken under house rule B9.
    fn of_broken_command(&self, purpose: &RollPurpose) -> Option<String> {
        let RollPurpose::TqCheck { unit, .. } = purpose else { return None };
        self.state.broken_commands.iter().any(|c| c.units.contains(unit)).then(|| unit.clone())
    }

    pub fn unit_index(&self, id: &str) -> Result<usize, RuleError> {
        self.scenario.units.iter().position(|u| u.id == id).ok_or_else(|| RuleError::UnknownUnit { unit: id.into() })
    }

    pub fn leader_index(&self, id: &str) -> Result<usize, RuleError> {
        self.scenario
            .leaders
            .iter()
            .position(|l| l.id == id)
            .ok_or_else(|| RuleError::UnknownLeader { leader: id.into() })
    }
}
