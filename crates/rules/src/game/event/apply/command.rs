//! Applying command: line commands, wing and contingent commands (GBA 4.3; CG 4.5).

use crate::game::event::Event;
use crate::game::state::{GameState, LeaderStatus, Phase};
use crate::scenario::Scenario;

impl GameState {
    /// Command: line commands, wing and contingent commands (GBA 4.3; CG 4.5).
    pub(in crate::game::event) fn apply_command(&mut self, scenario: &Scenario, event: &Event) {
        let leader = |id: &str| scenario.leaders.iter().position(|l| l.id == id);
        match event {
            Event::LineDeclared { leader: id, units, via_proximity, .. } => {
                if let Some(i) = leader(id) {
                    self.leaders[i].no_momentum |= *via_proximity;
                    if let Phase::Orders { momentum: false, .. } = self.phase {
                        self.leaders[i].used_line_command = true;
                    }
                }
                if let Phase::Orders { line, orders_left, .. } = &mut self.phase {
                    *line = Some(units.clone());
                    *orders_left = 0;
                }
            }
            Event::LineMoveEnded { .. } => {
                if let Phase::Orders { line_moved, .. } = &mut self.phase {
                    *line_moved = true;
                }
            }
            Event::LineRefused { .. } => {
                if let Phase::Orders { line_refused, .. } = &mut self.phase {
                    *line_refused = true;
                }
            }
            Event::NayakaPassed { leader: id } => {
                if let Some(i) = leader(id) {
                    self.leaders[i].passed = true;
                }
            }
            Event::WingCommandGiven { leader: id, nayakas, restricted } => {
                if let Some(i) = restricted.as_deref().and_then(leader) {
                    self.leaders[i].restricted = true;
                }
                if let Phase::Orders { orders_left, wing, .. } = &mut self.phase {
                    *orders_left = 0;
                    *wing = Some(crate::game::state::WingOrders {
                        commander: id.clone(),
                        waiting: nayakas.clone(),
                        resume: None,
                    });
                }
            }
            Event::NayakaOrdersBegan { leader: id } => {
                if let Some(i) = leader(id) {
                    self.leaders[i].status = LeaderStatus::Active;
                    self.leaders[i].mp_used = 0;
                }
                if let Phase::Orders { leader, orders_left, line, line_refused, wing: Some(w), lenders, .. } =
                    &mut self.phase
                {
                    w.waiting.retain(|n| n != id);
                    lenders.push(id.clone());
                    *leader = id.clone();
                    *orders_left = 0;
                    *line = None;
                    *line_refused = false;
                }
            }
            Event::ContingentActivated { leader: id, contingent, orders, units } => {
                if let Some(i) = leader(contingent) {
                    self.leaders[i].status = LeaderStatus::Active;
                }
                if let Phase::Orders { leader, orders_left, line, wing, lenders, .. } = &mut self.phase {
                    let left = orders_left.saturating_sub(*orders);
                    *wing = Some(crate::game::state::WingOrders {
                        commander: id.clone(),
                        waiting: Vec::new(),
                        resume: Some(left),
                    });
                    lenders.push(contingent.clone());
                    *leader = contingent.clone();
                    *orders_left = 0;
                    *line = Some(units.clone());
                }
            }
            Event::ContingentCommandEnded { leader: id, commander, orders_left: left } => {
                // Not Finished: another phase may activate him again (5.64, P112).
                if let Some(i) = leader(id).filter(|&i| self.leaders[i].status == LeaderStatus::Active) {
                    self.leaders[i].status = LeaderStatus::Inactive;
                }
                if let Phase::Orders { leader, orders_left, line, wing, .. } = &mut self.phase {
                    *leader = commander.clone();
                    *orders_left = *left;
                    *line = None;
                    *wing = None;
                }
            }
            Event::WingCommandEnded { leader: id } => {
                if let Phase::Orders { leader, wing, .. } = &mut self.phase {
                    *leader = id.clone();
                    *wing = None;
                }
            }
            other => debug_assert!(false, "not a command event: {other:?}"),
        }
    }
}
