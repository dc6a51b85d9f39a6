//! Applying the game turn: activation, trumps, momentum, orders phases and the turn's end (GBA 4.1, 5; CG 5).

use crate::game::event::{Event, RollPurpose};
use crate::game::state::{GameState, LeaderStatus, Phase};
use crate::game::EnemyZoc;
use crate::scenario::Scenario;

impl GameState {
    /// The game turn: activation, trumps, momentum, orders phases and the turn's end (GBA 4.1, 5; CG 5), by the rulebook's parts.
    pub(in crate::game::event) fn apply_turn(&mut self, scenario: &Scenario, event: &Event, enemy_zoc: EnemyZoc) {
        match event {
            Event::TurnBegan { .. }
            | Event::DieRolled { .. }
            | Event::DiceSealed { .. }
            | Event::DiceRevealed { .. }
            | Event::TieOrderSet { .. }
            | Event::UnitsAndLeadersReadied
            | Event::TurnEnded { .. } => self.apply_game_turn(scenario, event),
            Event::ActivationOffered { .. }
            | Event::LeadersBypassed { .. }
            | Event::EliteInitiativeOffered { .. }
            | Event::EliteInitiativeTaken { .. }
            | Event::EliteInitiativeEnded { .. }
            | Event::LeaderActivated { .. }
            | Event::ReactivationOffered { .. }
            | Event::LeaderFinished { .. } => self.apply_activation(scenario, event),
            Event::PreArrangedOffered { .. }
            | Event::PreArrangedDeclared { .. }
            | Event::PreArrangedRevealed { .. } => self.apply_pre_arranged(event),
            Event::TrumpTried { .. }
            | Event::TrumpSucceeded { .. }
            | Event::TrumpFailed { .. }
            | Event::TrumpVoided { .. }
            | Event::TrumpResponseOffered { .. }
            | Event::MomentumOffered { .. }
            | Event::MomentumGained { .. }
            | Event::DoomOutcome { .. } => self.apply_trumps_and_momentum(scenario, event),
            Event::OrdersPhaseBegan { .. } | Event::OrdersEnded { .. } => {
                self.apply_orders_phase(scenario, event, enemy_zoc)
            }
            other => debug_assert!(false, "not a turn event: {other:?}"),
        }
    }

    /// The turn's frame and its dice: its start and end, sealed dice, readying for the next turn (3.0, 3.1), the order of ties (5.12).
    fn apply_game_turn(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            Event::TurnBegan { turn } => {
                self.turn = *turn;
                self.tie = None;
            }
            Event::DieRolled { purpose, .. } => {
                self.dice.roll();
                // Its first direction roll: the elephant is rampaging, with no ZOC (CG 10.14).
                if let RollPurpose::Rampage { unit: id } = purpose {
                    if let Some(i) = unit(id) {
                        self.units[i].rampaging = true;
                    }
                }
            }
            Event::DiceSealed { side, commitment } => {
                self.sealed_dice.get_or_insert_with(Default::default).commitments[*side] = Some(commitment.clone());
            }
            Event::DiceRevealed { side, value, seed } => {
                let sealed = self.sealed_dice.get_or_insert_with(Default::default);
                sealed.revealed[*side] = Some(value.clone());
                sealed.reveals += 1;
                sealed.last_revealer = Some(*side);
                self.dice = crate::game::Dice::seeded(*seed);
            }
            Event::TieOrderSet { initiative, next_side } => self.tie = Some((*initiative, *next_side)),
            Event::UnitsAndLeadersReadied => {
                for u in &mut self.units {
                    u.moved = false;
                    u.rallied = false;
                }
                for l in &mut self.leaders {
                    // A lost leader stays lost: never replaced (GBA 4.64; CG 4.83).
                    if l.status != LeaderStatus::Eliminated {
                        l.status = LeaderStatus::Inactive;
                    }
                    l.no_momentum = false;
                    l.succession = 0;
                    l.rallies_tried.clear();
                    l.elite_phases = 0;
                    l.was_in_enemy_zoc = false;
                    // Passed and Restricted last the game turn (CG G40, G10).
                    l.passed = false;
                    l.restricted = false;
                }
                // CG 12.31: the turn's breach attempts are over.
                self.breach_attempts.clear();
            }
            // The PW orders last the game turn (6.83).
            Event::TurnEnded { .. } => {
                self.pre_arranged.clear();
                // G39, CG 10.56: the Sarvatobhadra's Fire Done marker goes at the turn's end.
                for u in &mut self.units {
                    u.artillery_shots = 0;
                }
            }
            _ => {}
        }
    }

    /// Leaders activated, bypassed and finished, and the elite initiative (5.1, 5.15, 5.44, 5.5).
    fn apply_activation(&mut self, scenario: &Scenario, event: &Event) {
        let leader = |id: &str| scenario.leaders.iter().position(|l| l.id == id);
        match event {
            Event::ActivationOffered { side, leaders } => {
                self.phase = Phase::Activation { side: *side, leaders: leaders.clone() };
                self.trumps_tried = [false, false];
            }
            Event::LeadersBypassed { leaders } => {
                for id in leaders {
                    if let Some(i) = leader(id) {
                        self.leaders[i].no_momentum = true;
                    }
                }
            }
            Event::EliteInitiativeOffered { side, leaders } => {
                self.phase = Phase::EliteInitiative { side: *side, leaders: leaders.clone() };
            }
            Event::EliteInitiativeTaken { leader: id } => {
                if let Some(i) = leader(id) {
                    let l = &mut self.leaders[i];
                    l.status = LeaderStatus::Active;
                    l.in_elite_phase = true;
                    l.elite_phases = 1;
                    l.succession = 0;
                }
            }
            Event::EliteInitiativeEnded { leader: id } => {
                if let Some(i) = leader(id) {
                    let l = &mut self.leaders[i];
                    // Back to Inactive, unless hurt meanwhile (9.22).
                    if l.status == LeaderStatus::Active {
                        l.status = LeaderStatus::Inactive;
                    }
                    l.in_elite_phase = false;
                    l.succession = 0;
                }
            }
            Event::LeaderActivated { leader: id, no_momentum, in_enemy_zoc } => {
                if let Some(i) = leader(id) {
                    let l = &mut self.leaders[i];
                    l.status = LeaderStatus::Active;
                    l.succession = 0;
                    l.no_momentum |= *no_momentum;
                    l.was_in_enemy_zoc |= *in_enemy_zoc;
                    l.used_line_command = false;
                    l.must_activate = false;
                }
            }
            Event::ReactivationOffered { side } => self.phase = Phase::Reactivation { side: *side },
            Event::LeaderFinished { leader: id } => {
                if let Some(i) = leader(id) {
                    self.leaders[i].status = LeaderStatus::Finished;
                }
            }
            _ => {}
        }
    }

    /// Pre-arranged orders (6.82, 6.83).
    fn apply_pre_arranged(&mut self, event: &Event) {
        match event {
            Event::PreArrangedOffered { side, leaders } => {
                self.phase = Phase::PreArranged { side: *side, leaders: leaders.clone() };
            }
            Event::PreArrangedDeclared { orders, .. } => self.pre_arranged.extend(orders.iter().cloned()),
            Event::PreArrangedRevealed { leader: id, activated, .. } => {
                for o in self.pre_arranged.iter_mut().filter(|o| &o.leader == id) {
                    o.revealed = true;
                    o.activated |= *activated;
                }
            }
            _ => {}
        }
    }

    /// Momentum and trumps (5.3, 5.4).
    fn apply_trumps_and_momentum(&mut self, scenario: &Scenario, event: &Event) {
        let leader = |id: &str| scenario.leaders.iter().position(|l| l.id == id);
        match event {
            Event::TrumpTried { leader: id, .. } => {
                if let Some(i) = leader(id) {
                    self.trumps_tried[scenario.leaders[i].side] = true;
                }
            }
            Event::TrumpSucceeded { .. } | Event::TrumpFailed { .. } | Event::TrumpVoided { .. } => {}
            Event::TrumpResponseOffered { side, trumper, momentum } => {
                self.phase = Phase::TrumpResponse { side: *side, trumper: trumper.clone(), momentum: *momentum };
            }
            Event::MomentumOffered { leader } => self.phase = Phase::Momentum { leader: leader.clone() },
            Event::MomentumGained { .. } | Event::DoomOutcome { .. } => {}
            _ => {}
        }
    }

    /// A leader's orders phase (5.2).
    fn apply_orders_phase(&mut self, scenario: &Scenario, event: &Event, enemy_zoc: EnemyZoc) {
        match event {
            Event::OrdersPhaseBegan { leader: id, orders, momentum, must_act } => {
                self.begin_orders_phase(scenario, enemy_zoc, id, *orders, *momentum, *must_act);
            }
            Event::OrdersEnded { .. } => {}
            _ => {}
        }
    }
}
