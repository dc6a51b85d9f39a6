//! A game in progress: the scenario, the state, and the one way to change it.
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
mod state;

pub use command::{CombatGroup, Command, LineStep, PwDeclaration};
pub use dice::Dice;
pub use error::RuleError;
pub use event::{Doom, Event, GateResult, HitCause, RampageEnd, RollPurpose, TowerResult};
pub use state::{BreachAttempt, GameState, LeaderState, LeaderStatus, Phase, PwOrder, UnitState};

use crate::scenario::Scenario;
use std::sync::Arc;

/// A battle being played. `scenario` is the battle as the counters now show it, which every
/// rule reads; `base` the scenario it was set up from. They differ only once a chariot has
/// dismounted (CG 10.28): then its definition in `scenario` is its foot side
/// (`dismount::effective`). Build a game from a saved state with [`Game::resume`], never by hand.
#[derive(Clone, Debug)]
pub struct Game {
    pub scenario: Arc<Scenario>,
    pub base: Arc<Scenario>,
    pub state: GameState,
}

/// A command being carried out: the working state and the events so far.
pub struct Tx<'a> {
    pub scenario: &'a Scenario,
    pub state: GameState,
    pub events: Vec<Event>,
}

impl Tx<'_> {
    /// Records an event and applies it to the working state.
    pub fn emit(&mut self, event: Event) {
        self.state.apply(self.scenario, &event);
        self.events.push(event);
    }

    /// Rolls the die for `purpose`, as an event.
    pub fn roll(&mut self, purpose: RollPurpose) -> Result<u8, RuleError> {
        let roll = self.state.dice.peek().ok_or(RuleError::DiceExhausted)?;
        self.emit(Event::DieRolled { roll, purpose });
        Ok(roll)
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

impl Game {
    /// Sets up the scenario and begins the first turn; returns the game and the opening events.
    pub fn new(scenario: Arc<Scenario>, dice: Dice) -> Result<(Self, Vec<Event>), RuleError> {
        let state = GameState::setup(&scenario, dice);
        let mut game = Self::resume(scenario, state);
        let events = game.transact(|tx| crate::activation::begin_turn(tx, 1))?;
        Ok((game, events))
    }

    /// The game at a saved `state` of a battle set up from `base`: the counters it shows are
    /// read from the state (CG 10.28).
    pub fn resume(base: Arc<Scenario>, state: GameState) -> Self {
        Self { scenario: crate::dismount::effective(&base, &state), base, state }
    }

    /// Checks `command` against the rules; if it is legal, carries it out and returns what happened.
    pub fn execute(&mut self, command: &Command) -> Result<Vec<Event>, RuleError> {
        self.transact(|tx| crate::sequence::execute(tx, command))
    }

    fn transact(&mut self, f: impl FnOnce(&mut Tx) -> Result<(), RuleError>) -> Result<Vec<Event>, RuleError> {
        let mut tx = Tx { scenario: &self.scenario, state: self.state.clone(), events: Vec::new() };
        f(&mut tx)?;
        // CG 10.28: a chariot that dismounted shows its foot side from now on, to everything
        // after it (a dismount is the whole of its command, so only the settling below follows).
        let Tx { state, events, .. } = tx;
        let scenario = if events.iter().any(|e| matches!(e, Event::ChariotDismounted { .. })) {
            crate::dismount::effective(&self.base, &state)
        } else {
            self.scenario.clone()
        };
        let mut tx = Tx { scenario: &scenario, state, events };
        // Hits take effect: routs and eliminations (10.1, 10.26).
        if let Some(pending) = crate::cohesion::settle_asking(&mut tx)? {
            // A rout's owner has a choice to make (P120): the settling goes on after it.
            crate::cohesion::offer(&mut tx, pending, crate::cohesion::AfterRout::Settle);
        }
        // 9.24: Darius killed or captured ends the battle at once.
        if let (Some((l, winner)), false) =
            (crate::victory::target_lost(tx.scenario, &tx.state), matches!(tx.state.phase, Phase::Over { .. }))
        {
            let leader = tx.scenario.leaders[l].id.clone();
            tx.emit(Event::TargetLeaderLost { leader, winner });
            let [a, b] = crate::victory::tally(tx.scenario, &tx.state, &[]);
            tx.emit(Event::BattleEnded {
                winner: Some(winner),
                withdrawn: Vec::new(),
                rout_points: [a.rout_points, b.rout_points],
            });
        }
        let Tx { state, events, .. } = tx;
        self.state = state;
        self.scenario = scenario;
        Ok(events)
    }

    /// Replays a game from its start: the same scenario, dice and commands give the same state.
    pub fn replay(scenario: Arc<Scenario>, dice: Dice, commands: &[Command]) -> Result<Self, (usize, RuleError)> {
        let (mut game, _) = Self::new(scenario, dice).map_err(|e| (0, e))?;
        for (i, c) in commands.iter().enumerate() {
            game.execute(c).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    pub fn decider(&self) -> Option<usize> {
        self.state.decider(&self.scenario)
    }

    /// A stable 64-bit fingerprint of the state (FNV-1a of its JSON), equal on every platform.
    pub fn state_hash(&self) -> u64 {
        let json = serde_json::to_string(&self.state).unwrap_or_default();
        json.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
    }
}
