//! Applying troop types' own rules: chariots, elephants, squares, Tribal stacks (GBA 11; CG 10).

use crate::game::event::Event;
use crate::game::state::{GameState, Phase};
use crate::scenario::units::Placement;
use crate::scenario::Scenario;

impl GameState {
    /// Troop types' own rules: chariots, elephants, squares, Tribal stacks (GBA 11; CG 10).
    pub(in crate::game::event) fn apply_troops(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            Event::SquareChanged { unit: id, square, .. } => {
                // CG 10.62: its whole movement allowance goes on it (P192).
                if let Some(i) = unit(id) {
                    self.units[i].square = *square;
                    self.units[i].moved = true;
                }
                if let Phase::Orders { orders_left, ordered, .. } = &mut self.phase {
                    *orders_left = orders_left.saturating_sub(1);
                    ordered.push(id.clone());
                }
            }
            Event::ChariotDismounted { unit: id, facing, .. } => {
                // CG 10.28: the foot side from now on, facing any way, its whole MA spent.
                if let Some(i) = unit(id) {
                    let u = &mut self.units[i];
                    u.dismounted = true;
                    u.facing = *facing;
                    u.column = false;
                    u.moved = true;
                }
                if let Phase::Orders { orders_left, ordered, .. } = &mut self.phase {
                    *orders_left = orders_left.saturating_sub(1);
                    ordered.push(id.clone());
                }
            }
            Event::TribalStacked { unit: below, over: above } => self.restack(above, below),
            Event::TribalStackSwapped { unit: above, under: below, .. } => {
                self.restack(above, below);
                if let Phase::Orders { orders_left, ordered, .. } = &mut self.phase {
                    *orders_left = orders_left.saturating_sub(1);
                    ordered.push(above.clone());
                }
            }
            Event::Rampaged { unit: id, path, .. } => {
                if let (Some(i), Some(last)) = (unit(id), path.last()) {
                    self.units[i].placement = Placement::One(*last);
                }
            }
            Event::RampageWithdrawalOffered { side, withdrawers, waiting, leaders, waiting_leaders, rampage, then } => {
                // A second offer in the same pause (the other side's turn) keeps what it resumes.
                let resume = match std::mem::replace(&mut self.phase, Phase::Setup) {
                    Phase::RampageWithdrawal { resume, .. } => resume,
                    other => Box::new(other),
                };
                self.phase = Phase::RampageWithdrawal {
                    side: *side,
                    withdrawers: withdrawers.clone(),
                    waiting: waiting.clone(),
                    leaders: leaders.clone(),
                    waiting_leaders: waiting_leaders.clone(),
                    rampage: rampage.clone(),
                    then: then.clone(),
                    resume,
                };
            }
            Event::RampageGoesOn { .. } => {
                if let Phase::RampageWithdrawal { resume, .. } = &mut self.phase {
                    let resume = std::mem::replace(resume.as_mut(), Phase::Setup);
                    self.phase = resume;
                }
            }
            other => debug_assert!(false, "not a troops event: {other:?}"),
        }
    }
}
