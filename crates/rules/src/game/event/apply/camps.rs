//! Applying camps and cities: camp orders, retiring to camp, towers, gates and breaches (CG 12).

use crate::game::event::{Event, TowerResult};
use crate::game::pending::{CampOrders, Retire, Stage, NO_LEADER};
use crate::game::state::{BreachAttempt, GameState};
use crate::game::EnemyZoc;
use crate::scenario::Scenario;

impl GameState {
    /// Camps and cities: camp orders, retiring to camp, towers, gates and breaches (CG 12).
    pub(in crate::game::event) fn apply_camps(&mut self, scenario: &Scenario, event: &Event, enemy_zoc: EnemyZoc) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            Event::CampOrdersBegan { side, units, then } => {
                // The phase's units act as if ordered, each once (CG 12.17).
                let orders = u8::try_from(units.len()).unwrap_or(u8::MAX);
                self.begin_orders_phase(scenario, enemy_zoc, NO_LEADER, orders, false, false);
                self.camp_orders = Some(CampOrders { side: *side, units: units.clone(), then: then.clone() });
            }
            Event::RetireDeclared { leader, camp, city } => {
                let stage = Stage::Declared;
                self.retire.push(Retire { leader: leader.clone(), camp: *camp, city: *city, stage });
            }
            Event::RetireChecked { leader, set_off: true, .. } => {
                if let Some(r) = self.retire.iter_mut().find(|r| &r.leader == leader) {
                    r.stage = Stage::Triggered;
                }
            }
            Event::RetireChecked { .. } => {}
            Event::RetireArrived { leader } => {
                if let Some(r) = self.retire.iter_mut().find(|r| &r.leader == leader) {
                    r.stage = Stage::Arrived;
                }
            }
            Event::CampOrdersEnded { .. } => {
                // P181: what moved in this phase faces up again, as if moved before the flip.
                if let Some(c) = self.camp_orders.take() {
                    for id in &c.units {
                        if let Some(i) = unit(id) {
                            self.units[i].moved = false;
                        }
                    }
                }
            }
            Event::BreachAttemptBegun { unit: id } => {
                if let Some(i) = unit(id) {
                    let u = &self.units[i];
                    let attempt = BreachAttempt { unit: id.clone(), placement: u.placement, facing: u.facing };
                    self.breach_attempts.push(attempt);
                }
            }
            Event::TowerAttackRolled { unit: id, tower, result, .. } => {
                self.breach_attempts.retain(|a| a.unit != *id);
                match result {
                    TowerResult::Held => {}
                    TowerResult::Damaged => {
                        if !self.damaged_towers.contains(tower) {
                            self.damaged_towers.push(*tower);
                        }
                    }
                    // CG 12.32 (P188): the tower is gone; its palisade and gate sides are open.
                    TowerResult::Destroyed { opened } => {
                        self.damaged_towers.retain(|t| t != tower);
                        if !self.destroyed_towers.contains(tower) {
                            self.destroyed_towers.push(*tower);
                        }
                        for &(a, b) in opened {
                            let side = if a < b { (a, b) } else { (b, a) };
                            if !self.breaches.contains(&side) {
                                self.breaches.push(side);
                            }
                        }
                    }
                }
            }
            Event::CityGateRolled { unit: id, from, to, result, .. } => {
                self.breach_attempts.retain(|a| a.unit != *id);
                self.gate_struck((*from, *to), *result);
            }
            Event::GateShot { unit: id, gate, result, .. } => {
                // CG 12.35: an individual order (8.11), and the engine's shot of the turn (10.56).
                self.ordered_fire(id);
                if let Some(i) = unit(id) {
                    self.units[i].artillery_shots += 1;
                }
                self.gate_struck(*gate, *result);
            }
            Event::BreachRolled { unit: id, from, to, breached, .. } => {
                self.breach_attempts.retain(|a| a.unit != *id);
                let side = if from < to { (*from, *to) } else { (*to, *from) };
                if *breached && !self.breaches.contains(&side) {
                    self.breaches.push(side);
                }
            }
            other => debug_assert!(false, "not a camps event: {other:?}"),
        }
    }
}
