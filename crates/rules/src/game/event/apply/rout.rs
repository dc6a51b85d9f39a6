//! Applying rout, rally and the army's withdrawal (GBA 10, 11; CG 10, 11).

use crate::game::event::Event;
use crate::game::state::{GameState, Phase};
use crate::scenario::Scenario;

impl GameState {
    /// Rout, rally and the army's withdrawal (GBA 10, 11; CG 10, 11).
    pub(in crate::game::event) fn apply_rout(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        let leader = |id: &str| scenario.leaders.iter().position(|l| l.id == id);
        match event {
            Event::UnitRouted { unit: id, placement, facing, supply, .. } => {
                if let Some(i) = unit(id) {
                    let u = &mut self.units[i];
                    u.routed = true;
                    // Routed units are never in column (6.61), nor in Square (CG 10.62, P195).
                    u.column = false;
                    u.square = false;
                    u.hits = 0;
                    u.placement = *placement;
                    u.facing = *facing;
                    u.supply = *supply;
                }
            }
            Event::CascadeRout { .. } | Event::FlightChecked { .. } => {}
            Event::RoutChoiceOffered { side, pending, then } => {
                let resume = std::mem::replace(&mut self.phase, Phase::Setup);
                self.phase = Phase::RoutChoice {
                    side: *side,
                    pending: pending.clone(),
                    then: then.clone(),
                    resume: Box::new(resume),
                };
            }
            Event::RoutHexChosen { .. } => {
                if let Phase::RoutChoice { resume, .. } = &mut self.phase {
                    let resume = std::mem::replace(resume.as_mut(), Phase::Setup);
                    self.phase = resume;
                }
            }
            Event::RallyOrdered { leader: lid, unit: id } => {
                if let Some(l) = leader(lid) {
                    self.leaders[l].rallies_tried.push(id.clone());
                }
                if let Phase::Orders { orders_left, ordered, .. } = &mut self.phase {
                    *orders_left = orders_left.saturating_sub(1);
                    ordered.push(id.clone());
                }
            }
            Event::UnitRallied { unit: id, hits, facing, supply } => {
                if let Some(i) = unit(id) {
                    let u = &mut self.units[i];
                    u.routed = false;
                    u.rallied = true;
                    u.hits = *hits;
                    u.facing = *facing;
                    u.supply = *supply;
                }
            }
            Event::UnitEliminated { unit: id, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].eliminated = true;
                    self.units[i].rampaging = false;
                }
            }
            Event::BattleEnded { winner, .. } => self.phase = Phase::Over { winner: *winner },
            other => debug_assert!(false, "not a rout event: {other:?}"),
        }
    }
}
