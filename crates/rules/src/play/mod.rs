//! Playing a battle: a command carried out through the sequence of play, with everything that
//! follows it (GBA 3.0, 10.1, 10.26), the commands legal at each decision, the command
//! notation, and the players that choose among them.
//!
//! This is the top of the rules: it may call any of them, and nothing below calls it.

pub mod legal;
pub mod line_plan;
pub mod notation;
pub mod player;
pub mod playout;
pub mod sealed_dice;
pub mod sequence;
pub mod standing;

use crate::game::{Dice, Event, GameState, Phase, RuleError, Tx};
use crate::map::zoc::enemy_zoc;
use crate::scenario::Scenario;
use crate::Command;
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

impl Game {
    /// Sets up the scenario and begins the first turn — or, for a battle set up mid-play, its
    /// turn at its phase (`Scenario::position`); returns the game and the opening events.
    pub fn new(scenario: Arc<Scenario>, dice: Dice) -> Result<(Self, Vec<Event>), RuleError> {
        use crate::scenario::StartPhase;
        let state = GameState::setup(&scenario, dice);
        let (turn, phase) = scenario.position.as_ref().map_or((1, StartPhase::TurnStart), |p| (p.turn, p.phase));
        let mut game = Self::resume(scenario, state);
        let events = game.transact(|tx| {
            // House B1: the leaders' temperaments, once, before the battle begins.
            crate::special::house::temperament::roll_at_setup(tx)?;
            match phase {
                StartPhase::TurnStart => crate::command::activation::begin_turn(tx, turn),
                // GBA 5.12: mid-turn, the opening of the turn (6.82 declarations, 5.5 initiative)
                // is past; the next activation is offered among the leaders not yet Finished.
                StartPhase::Activation => {
                    tx.emit(Event::TurnBegan { turn });
                    crate::special::house::barbarian::roll_order(tx)?;
                    crate::command::activation::offer_next(tx)
                }
            }
        })?;
        Ok((game, events))
    }

    /// The game at a saved `state` of a battle set up from `base`: the counters it shows are
    /// read from the state (CG 10.28).
    pub fn resume(base: Arc<Scenario>, state: GameState) -> Self {
        Self { scenario: crate::special::dismount::effective(&base, &state), base, state }
    }

    /// Checks `command` against the rules; if it is legal, carries it out and returns what happened.
    pub fn execute(&mut self, command: &Command) -> Result<Vec<Event>, RuleError> {
        // A command asks for the same zones of control and command ranges many times.
        let _shared = crate::map::zoc::ZocScope::for_battle(&self.scenario);
        self.transact(|tx| sequence::execute(tx, command))
    }

    fn transact(&mut self, f: impl FnOnce(&mut Tx) -> Result<(), RuleError>) -> Result<Vec<Event>, RuleError> {
        let mut tx = Tx { scenario: &self.scenario, state: self.state.clone(), events: Vec::new(), enemy_zoc };
        f(&mut tx)?;
        // CG 10.28: a chariot that dismounted shows its foot side from now on, to everything
        // after it (a dismount is the whole of its command, so only the settling below follows).
        let Tx { state, events, .. } = tx;
        let scenario = if events.iter().any(|e| matches!(e, Event::ChariotDismounted { .. })) {
            crate::special::dismount::effective(&self.base, &state)
        } else {
            self.scenario.clone()
        };
        let mut tx = Tx { scenario: &scenario, state, events, enemy_zoc };
        // Hits take effect: routs and eliminations (10.1, 10.26).
        if let Some(pending) = crate::effects::cohesion::settle_asking(&mut tx)? {
            // A rout's owner has a choice to make (P120): the settling goes on after it.
            crate::effects::cohesion::offer(&mut tx, pending, crate::effects::cohesion::AfterRout::Settle);
        }
        // 9.24: Darius killed or captured ends the battle at once.
        if let (Some((l, winner)), false) =
            (crate::effects::victory::target_lost(tx.scenario, &tx.state), matches!(tx.state.phase, Phase::Over { .. }))
        {
            let leader = tx.scenario.leaders[l].id.clone();
            tx.emit(Event::TargetLeaderLost { leader, winner });
            let [a, b] = crate::effects::victory::tally(tx.scenario, &tx.state, &[]);
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

    /// For testing only (`sarissa run --shock-result`): the next shock combat to reach the
    /// table uses the cell "A(D)" = `cell` instead of the table's. Not a command: no player,
    /// save or link can give it; it is one event, which the caller prints with the others.
    pub fn force_shock_result(&mut self, cell: (u8, u8)) -> Vec<Event> {
        let event = Event::ShockResultToBeForced { attacker_hits: cell.0, defender_hits: cell.1 };
        self.state.apply(&self.scenario, &event);
        vec![event]
    }

    /// For testing only (`sarissa run --missile-result`): the next volley rolled hits (`hit`) or
    /// misses whatever the chart says; like [`Game::force_shock_result`], one event, not a command.
    pub fn force_missile_result(&mut self, hit: bool) -> Vec<Event> {
        let event = Event::MissileResultToBeForced { hit };
        self.state.apply(&self.scenario, &event);
        vec![event]
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

impl GameState {
    /// Applies one event, with the zones of control the rules draw (GBA 7.2) for the kernel to
    /// record at the start of an orders phase (CG 7.16).
    pub fn apply(&mut self, scenario: &Scenario, event: &Event) {
        self.apply_with(scenario, event, enemy_zoc);
    }
}
