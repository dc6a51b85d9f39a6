//! Applying movement and formation, of units and leaders (GBA 6; CG 6).

use crate::game::event::Event;
use crate::game::state::{GameState, LeaderStatus, Phase};
use crate::scenario::Scenario;

impl GameState {
    /// Movement and formation, of units and leaders (GBA 6; CG 6).
    pub(in crate::game::event) fn apply_movement(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        let leader = |id: &str| scenario.leaders.iter().position(|l| l.id == id);
        match event {
            Event::UnitRecovered { unit: id, hits, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].hits = self.units[i].hits.saturating_sub(*hits);
                }
                if let Phase::Orders { orders_left, ordered, .. } = &mut self.phase {
                    *orders_left = orders_left.saturating_sub(1);
                    ordered.push(id.clone());
                }
            }
            Event::MoveContinued { unit: id, path, placement, facing, mp } => {
                if let Some(i) = unit(id) {
                    self.units[i].order_mp = self.units[i].order_mp.saturating_add(*mp);
                    // CG 10.23, GBA 9.13: the hexes of the order's move, for a chariot's charge.
                    self.units[i].order_hexes = self.units[i].order_hexes.saturating_add(path.len() as u8);
                    self.units[i].may_move_on = false;
                    if let Phase::Orders { must_act, .. } = &mut self.phase {
                        if !placement.hexes().eq(self.units[i].placement.hexes()) {
                            *must_act = false;
                        }
                    }
                    self.units[i].placement = *placement;
                    self.units[i].facing = *facing;
                }
            }
            Event::UnitMoved { unit: id, path, placement, facing, mp } => {
                if let Some(i) = unit(id) {
                    let u = &mut self.units[i];
                    // A unit moved to another hex discharges a trumper's duty (5.46, R11).
                    if let Phase::Orders { must_act, .. } = &mut self.phase {
                        if !placement.hexes().eq(u.placement.hexes()) {
                            *must_act = false;
                        }
                    }
                    u.order_start = Some(u.placement);
                    u.placement = *placement;
                    u.facing = *facing;
                    u.moved = true;
                    u.order_mp = u.order_mp.saturating_add(*mp);
                    // CG 10.23, GBA 9.13: the hexes of the order's move, for a chariot's charge.
                    u.order_hexes = u.order_hexes.saturating_add(path.len() as u8);
                    u.may_move_on = false;
                }
                // A unit that fired before moving spent its order on the fire (8.11).
                if let Phase::Orders { orders_left, ordered, .. } = &mut self.phase {
                    if !ordered.contains(id) {
                        *orders_left = orders_left.saturating_sub(1);
                        ordered.push(id.clone());
                    }
                }
            }
            Event::CohesionHits { unit: id, hits, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].hits = self.units[i].hits.saturating_add(*hits);
                }
            }
            Event::FormationChanged { unit: id, column, facing } => {
                if let Some(i) = unit(id) {
                    self.units[i].column = *column;
                    self.units[i].facing = *facing;
                }
            }
            Event::LeaderMoved { leader: id, path, mp, in_enemy_zoc, left_enemy_zoc, orders, by_overall } => {
                if let (Some(i), Some(last)) = (leader(id), path.last()) {
                    self.leaders[i].at = *last;
                    if *left_enemy_zoc && self.leaders[i].status == LeaderStatus::Inactive {
                        self.leaders[i].must_activate = true;
                    }
                    self.leaders[i].mp_used = self.leaders[i].mp_used.saturating_add(*mp);
                    self.leaders[i].moved_by_overall |= *by_overall;
                    self.leaders[i].was_in_enemy_zoc |= *in_enemy_zoc;
                }
                if let Phase::Orders { orders_left, .. } = &mut self.phase {
                    *orders_left = orders_left.saturating_sub(*orders);
                }
            }
            Event::LeaderRodeAlong { leader: id, to, .. } => {
                if let Some(i) = leader(id) {
                    self.leaders[i].at = *to;
                }
                // Gone with a friend that withdrew: no longer the enemy's to catch (4.62).
                if let Phase::Reaction { leaders, exposed, .. } = &mut self.phase {
                    leaders.retain(|r| r != id);
                    exposed.retain(|r| r != id);
                }
                if let Phase::RampageWithdrawal { leaders, .. } = &mut self.phase {
                    leaders.retain(|r| r != id);
                }
            }
            other => debug_assert!(false, "not a movement event: {other:?}"),
        }
    }
}
