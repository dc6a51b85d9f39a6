//! Applying the house rules (Mutford B1–B9).

use crate::game::event::Event;
use crate::game::state::{GameState, Phase};
use crate::scenario::Scenario;

impl GameState {
    /// The house rules (Mutford B1–B9).
    pub(in crate::game::event) fn apply_house(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            // House B3 and B5: the order costs one more.
            Event::OutOfSightOrder { .. } | Event::EagerHeldBack { .. } => {
                if let Phase::Orders { orders_left, .. } = &mut self.phase {
                    *orders_left = orders_left.saturating_sub(1);
                }
            }
            Event::CommandBroken { leader, units, .. } => self
                .broken_commands
                .push(crate::game::state::BrokenCommand { leader: leader.clone(), units: units.clone() }),
            Event::BrokenCommandCheck { .. } => {}
            Event::TemperamentRolled { leader, temperament } => self.temperaments.push((leader.clone(), *temperament)),
            Event::BarbarianOrderRolled { slots, .. } => {
                self.barbarian_slots.retain(|(l, _)| !slots.iter().any(|(s, _)| s == l));
                self.barbarian_slots.extend(slots.iter().cloned());
            }
            Event::LevyBalked { unit: id, .. } => {
                // House B4: its order is spent (an individual one counts against the leader's
                // orders), as an order to fire is, and it moves no more under it.
                if let Some(i) = unit(id) {
                    self.units[i].may_move_on = false;
                }
                self.ordered_fire(id);
            }
            Event::SweptAlong { .. } | Event::FriendStruck { .. } | Event::LostWay { .. } => {}
            Event::Surged { .. } => {}
            other => debug_assert!(false, "not a house event: {other:?}"),
        }
    }
}
