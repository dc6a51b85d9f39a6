//! Applying reactions to an enemy's move: reaction facing, orderly withdrawal, reaction fire (GBA 6.7, 7.2, 8.4).

use crate::game::event::Event;
use crate::game::state::{GameState, LeaderStatus, Phase};
use crate::scenario::Scenario;

impl GameState {
    /// Reactions to an enemy's move: reaction facing, orderly withdrawal, reaction fire (GBA 6.7, 7.2, 8.4).
    pub(in crate::game::event) fn apply_reaction(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        let leader = |id: &str| scenario.leaders.iter().position(|l| l.id == id);
        match event {
            Event::ReactionOffered {
                side,
                mover,
                reactors,
                withdrawers,
                leaders,
                exposed,
                firers,
                fire_kind,
                harass,
                pre_arranged,
                after_shock,
                remaining,
                to,
                fresh,
                facing,
                spent,
                column,
                leader_move,
                rider,
            } => {
                let resume = Box::new(self.phase.clone());
                self.phase = Phase::Reaction {
                    side: *side,
                    mover: mover.clone(),
                    reactors: reactors.clone(),
                    withdrawers: withdrawers.clone(),
                    pre_arranged: pre_arranged.clone(),
                    after_shock: after_shock.clone(),
                    leaders: leaders.clone(),
                    exposed: exposed.clone(),
                    firers: firers.clone(),
                    fire_kind: *fire_kind,
                    harass: harass.clone(),
                    remaining: remaining.clone(),
                    to: *to,
                    fresh: *fresh,
                    facing: *facing,
                    spent: *spent,
                    column: *column,
                    leader_move: leader_move.clone(),
                    line_fire: None,
                    rider: rider.clone(),
                    resume,
                };
            }
            Event::ReactionFireOffered { unit: id } => {
                if let Phase::Reaction { firers, .. } = &mut self.phase {
                    firers.push(id.clone());
                }
            }
            Event::ReactionFaced { unit: id, facing } => {
                if let Some(i) = unit(id) {
                    self.units[i].facing = *facing;
                    self.units[i].reacted = true;
                }
                if let Phase::Reaction { reactors, .. } = &mut self.phase {
                    reactors.retain(|r| r != id);
                }
            }
            Event::UnitWithdrew { unit: id, placement, facing, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].placement = *placement;
                    self.units[i].facing = *facing;
                    // Still offered on its own: an orderly withdrawal of its own (6.78).
                    if matches!(&self.phase, Phase::Reaction { withdrawers, .. } if withdrawers.contains(id)) {
                        self.units[i].withdrew_alone = true;
                    }
                }
                if let Phase::Reaction { reactors, withdrawers, firers, .. } = &mut self.phase {
                    reactors.retain(|r| r != id);
                    withdrawers.retain(|r| r != id);
                    firers.retain(|r| r != id);
                }
                if let Phase::RampageWithdrawal { withdrawers, .. } = &mut self.phase {
                    withdrawers.retain(|r| r != id);
                }
            }
            Event::LineWithdrew { leader: id, units, .. } => {
                // The line goes as a body: none of its units withdraws on its own (6.78).
                if let Phase::Reaction { reactors, withdrawers, pre_arranged, .. } = &mut self.phase {
                    reactors.retain(|r| !units.contains(r));
                    withdrawers.retain(|r| !units.contains(r));
                    pre_arranged.retain(|l| l != id);
                }
            }
            Event::LeaderWithdrew { leader: id, path } => {
                if let (Some(i), Some(last)) = (leader(id), path.last()) {
                    self.leaders[i].at = *last;
                    // Off the map (GBA 9.24): gone for good, not killed.
                    if !scenario.map.contains(*last) {
                        self.leaders[i].status = LeaderStatus::Eliminated;
                        self.leaders[i].fled = true;
                    }
                }
                if let Phase::Reaction { leaders, exposed, .. } = &mut self.phase {
                    leaders.retain(|r| r != id);
                    exposed.retain(|r| r != id);
                }
                if let Phase::RampageWithdrawal { leaders, .. } = &mut self.phase {
                    leaders.retain(|r| r != id);
                }
            }
            Event::ReactionEnded => {
                if let Phase::Reaction { resume, .. } = &self.phase {
                    self.phase = (**resume).clone();
                }
            }
            other => debug_assert!(false, "not a reaction event: {other:?}"),
        }
    }
}
