//! Applying shock combat: designation, resolution, leaders in combat, advance and breaking off (GBA 9; CG 9).

use crate::game::event::Event;
use crate::game::state::{GameState, LeaderStatus, Phase};
use crate::scenario::units::Placement;
use crate::scenario::Scenario;

impl GameState {
    /// Shock combat: designation, resolution, leaders in combat, advance and breaking off (GBA 9; CG 9), by the rulebook's parts.
    pub(in crate::game::event) fn apply_shock(&mut self, scenario: &Scenario, event: &Event) {
        match event {
            Event::ShockSegmentBegan { .. }
            | Event::ShockResultToBeForced { .. }
            | Event::ShockResultForced { .. }
            | Event::ShockDesignated { .. }
            | Event::ShockResolved { .. }
            | Event::ShockSegmentEnded { .. }
            | Event::PassThroughAttack { .. }
            | Event::RanksParted { .. }
            | Event::EngagedChanged { .. }
            | Event::BrokeOff { .. } => self.apply_combat(scenario, event),
            Event::LeaderCaptured { .. } | Event::LeaderCasualty { .. } | Event::TargetLeaderLost { .. } => {
                self.apply_leaders_in_combat(scenario, event)
            }
            Event::UnitAdvanced { .. }
            | Event::ElephantPassedThrough { .. }
            | Event::FormationAdvanced { .. }
            | Event::UnitWheeledAfterAdvance { .. }
            | Event::AdvanceTurnOffered { .. }
            | Event::UnitTurnedAfterAdvance { .. } => self.apply_advance(scenario, event),
            other => debug_assert!(false, "not a shock event: {other:?}"),
        }
    }

    /// Designating and resolving a shock (9.1), the Engaged state it leaves and breaking off (GBA 10.31-10.33), and the testing tool's forced results.
    fn apply_combat(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            Event::ShockSegmentBegan { leader, must, optional } => {
                let (ordered, lenders) = match &self.phase {
                    Phase::Orders { ordered, lenders, .. } => (ordered.clone(), lenders.clone()),
                    _ => (Vec::new(), Vec::new()),
                };
                self.phase = Phase::Shock {
                    leader: leader.clone(),
                    ordered,
                    must: must.clone(),
                    optional: optional.clone(),
                    lenders,
                };
            }
            Event::ShockResultToBeForced { attacker_hits, defender_hits } => {
                self.forced_shock = Some((*attacker_hits, *defender_hits));
            }
            Event::ShockResultForced { .. } => self.forced_shock = None,
            Event::ShockDesignated { .. }
            | Event::ShockResolved { .. }
            | Event::ShockSegmentEnded { .. }
            | Event::PassThroughAttack { .. }
            | Event::RanksParted { .. } => {}
            Event::EngagedChanged { units, engaged, .. } => {
                for i in units.iter().filter_map(|id| unit(id)) {
                    self.units[i].engaged = *engaged;
                }
            }
            Event::BrokeOff { unit: id, to, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].placement = Placement::One(*to);
                    self.units[i].engaged = false;
                }
                // It no longer attacks this segment (10.32).
                if let Phase::Shock { must, optional, .. } = &mut self.phase {
                    must.retain(|u| u != id);
                    optional.retain(|u| u != id);
                }
            }
            _ => {}
        }
    }

    /// Leaders in combat: casualties, an army's lost leader, a leader taken (GBA 9.14, 9.24, 4.62).
    fn apply_leaders_in_combat(&mut self, scenario: &Scenario, event: &Event) {
        let leader = |id: &str| scenario.leaders.iter().position(|l| l.id == id);
        match event {
            Event::LeaderCaptured { leader: id } => {
                if let Some(i) = leader(id) {
                    self.leaders[i].status = LeaderStatus::Eliminated;
                }
                if let Phase::Reaction { leaders, exposed, .. } = &mut self.phase {
                    leaders.retain(|r| r != id);
                    exposed.retain(|r| r != id);
                }
                if let Phase::RampageWithdrawal { leaders, .. } = &mut self.phase {
                    leaders.retain(|r| r != id);
                }
            }
            Event::LeaderCasualty { leader: id, result, .. } => {
                use crate::charts::leaders::LeaderResult;
                if let Some(l) = leader(id) {
                    let st = &mut self.leaders[l];
                    match result {
                        LeaderResult::NoEffect => {}
                        LeaderResult::Killed => st.status = LeaderStatus::Eliminated,
                        _ => {
                            st.wounds = st.wounds.saturating_add(result.rating_loss());
                            if st.status != LeaderStatus::Eliminated {
                                st.status = LeaderStatus::Finished;
                            }
                        }
                    }
                }
            }
            Event::TargetLeaderLost { .. } => {}
            _ => {}
        }
    }

    /// Advancing after combat (GBA 9.3), and an elephant coming out through the ranks it charged.
    fn apply_advance(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            Event::UnitAdvanced { unit: id, from, to } | Event::ElephantPassedThrough { unit: id, from, to, .. } => {
                if let Some(i) = unit(id) {
                    let side = scenario.units[i].side;
                    self.units[i].placement = Placement::One(*to);
                    for (l, leader) in scenario.leaders.iter().enumerate() {
                        if leader.side == side
                            && self.leaders[l].at == *from
                            && self.leaders[l].status != LeaderStatus::Eliminated
                        {
                            self.leaders[l].at = *to;
                        }
                    }
                }
            }
            Event::FormationAdvanced { unit: id, from, to, facing, .. } => {
                if let Some(i) = unit(id) {
                    let side = scenario.units[i].side;
                    self.units[i].placement = *to;
                    self.units[i].facing = *facing;
                    for (old, new) in from.hexes().zip(to.hexes()) {
                        for (l, leader) in scenario.leaders.iter().enumerate() {
                            if leader.side == side
                                && self.leaders[l].at == old
                                && self.leaders[l].status != LeaderStatus::Eliminated
                            {
                                self.leaders[l].at = new;
                            }
                        }
                    }
                }
            }
            Event::UnitWheeledAfterAdvance { unit: id, to, facing } => {
                if let Some(i) = unit(id) {
                    // Leaders stacked with the half that swings go with it.
                    let side = scenario.units[i].side;
                    for (old, new) in self.units[i].placement.hexes().zip(to.hexes()) {
                        for (l, leader) in scenario.leaders.iter().enumerate() {
                            if leader.side == side && self.leaders[l].at == old {
                                self.leaders[l].at = new;
                            }
                        }
                    }
                    self.units[i].placement = *to;
                    self.units[i].facing = *facing;
                }
            }
            Event::AdvanceTurnOffered { leader, unit, waiting, advances } => {
                self.phase = Phase::AdvanceTurn {
                    leader: leader.clone(),
                    unit: unit.clone(),
                    waiting: waiting.clone(),
                    advances: advances.clone(),
                };
            }
            Event::UnitTurnedAfterAdvance { unit: id, facing } => {
                if let Some(i) = unit(id) {
                    self.units[i].facing = *facing;
                }
            }
            _ => {}
        }
    }
}
