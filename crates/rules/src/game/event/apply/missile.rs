//! Applying missile fire and harassment (GBA 8; CG 8).

use crate::game::event::Event;
use crate::game::pending::{LineEntry, LineFire, ReactionFire};
use crate::game::state::{GameState, Phase};
use crate::map::hex::Vertex;
use crate::scenario::Scenario;

impl GameState {
    /// Missile fire and harassment (GBA 8; CG 8), by the rulebook's parts.
    pub(in crate::game::event) fn apply_missile(&mut self, scenario: &Scenario, event: &Event) {
        match event {
            Event::Harassed { .. }
            | Event::MissileFired { .. }
            | Event::MissileResultToBeForced { .. }
            | Event::MissileResultForced { .. }
            | Event::SupplyChanged { .. } => self.apply_volley(scenario, event),
            Event::EntryFireDeferred { .. } | Event::LineFireOffered { .. } => {
                self.apply_reaction_fire(scenario, event)
            }
            Event::ScreenFired { .. }
            | Event::ScreenSupplyChanged { .. }
            | Event::BowFired { .. }
            | Event::ArtilleryFired { .. } => self.apply_screens_bows_and_engines(scenario, event),
            other => debug_assert!(false, "not a missile event: {other:?}"),
        }
    }

    /// A unit's own volley, its missile supply, harassment, and the testing tool's forced results (GBA 8.1, 8.3).
    fn apply_volley(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            Event::Harassed { unit: id, .. } => {
                if let Some(i) = unit(id) {
                    // A move order using the whole MA, and the unit's fire (8.31): no more of
                    // either this phase.
                    let u = &mut self.units[i];
                    u.moved = true;
                    u.fired = true;
                    u.order_start = None;
                }
                if let Phase::Orders { orders_left, ordered, must_act, .. } = &mut self.phase {
                    *orders_left = orders_left.saturating_sub(1);
                    ordered.push(id.clone());
                    *must_act = false;
                }
            }
            Event::MissileFired { unit: id, target, supply, reaction, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].supply = *supply;
                    // Reaction fire needs no order (8.24); once at each trigger; entry fire
                    // forbids firing back at the same unit (8.23).
                    if let Some(kind) = reaction {
                        if *kind == ReactionFire::Entry {
                            self.units[i].entry_volleys.push(target.clone());
                        }
                        if let Phase::Reaction { firers, .. } = &mut self.phase {
                            firers.retain(|f| f != id);
                        }
                    } else if matches!(self.phase, Phase::Reaction { .. }) {
                        // Fire while withdrawing is not its ordered fire (6.76, 8.11).
                        self.units[i].withdrawal_volleys.push(target.clone());
                    } else {
                        // Its ordered fire; it may move on after it (8.11), but a harasser has
                        // spent its move already (Harassed came first, 8.31).
                        self.units[i].may_move_on = !self.units[i].fired;
                        self.units[i].fired = true;
                    }
                }
                self.ordered_fire(id);
            }
            Event::MissileResultToBeForced { hit } => self.forced_missile = Some(*hit),
            Event::MissileResultForced { .. } => self.forced_missile = None,
            Event::SupplyChanged { unit: id, supply, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].supply = *supply;
                }
            }
            _ => {}
        }
    }

    /// Reaction fire at units coming into a zone, held until a whole line has moved (GBA 8.21).
    fn apply_reaction_fire(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            Event::EntryFireDeferred { firer, target } => {
                let orders = match &mut self.phase {
                    p @ Phase::Orders { .. } => Some(p),
                    Phase::Reaction { resume, .. } => Some(&mut **resume),
                    _ => None,
                };
                if let Some(Phase::Orders { line_entries, .. }) = orders {
                    let entry = LineEntry { firer: firer.clone(), target: target.clone() };
                    if !line_entries.contains(&entry) {
                        line_entries.push(entry);
                    }
                }
            }
            Event::LineFireOffered { side, leader: id, firers, entries, end_orders } => {
                let mut resume = self.phase.clone();
                if let Phase::Orders { line_moved, line_entries, .. } = &mut resume {
                    *line_moved = true;
                    line_entries.clear();
                }
                let mover = entries.first().map(|e| e.target.clone()).unwrap_or_default();
                let facing = unit(&mover).map_or(Vertex::from_index(0), |i| self.units[i].facing);
                self.phase = Phase::Reaction {
                    side: *side,
                    mover,
                    reactors: Vec::new(),
                    withdrawers: Vec::new(),
                    pre_arranged: Vec::new(),
                    after_shock: None,
                    leaders: Vec::new(),
                    exposed: Vec::new(),
                    firers: firers.clone(),
                    fire_kind: ReactionFire::Entry,
                    harass: None,
                    remaining: Vec::new(),
                    to: None,
                    fresh: false,
                    facing,
                    spent: 0,
                    column: false,
                    leader_move: None,
                    rider: None,
                    line_fire: Some(LineFire { leader: id.clone(), entries: entries.clone(), end_orders: *end_orders }),
                    resume: Box::new(resume),
                };
            }
            _ => {}
        }
    }

    /// A screen's archers (GBA 11.11; CG 10.11), an elephant's own bowmen (CG G52) and engines (CG 10.5).
    fn apply_screens_bows_and_engines(&mut self, scenario: &Scenario, event: &Event) {
        let unit = |id: &str| scenario.units.iter().position(|u| u.id == id);
        match event {
            Event::ScreenFired { unit: id, target, supply, reaction, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].screen_supply = *supply;
                    if *reaction == ReactionFire::Entry && !self.units[i].entry_volleys.contains(target) {
                        self.units[i].entry_volleys.push(target.clone());
                    }
                    if let Phase::Reaction { firers, .. } = &mut self.phase {
                        firers.retain(|f| f != id);
                    }
                }
            }
            Event::ScreenSupplyChanged { unit: id, supply, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].screen_supply = *supply;
                }
            }
            Event::BowFired { unit: id, supply, .. } => {
                if let Some(i) = unit(id) {
                    // CG G52: the bow's volley is the elephant's one ordered fire (8.11).
                    self.units[i].screen_supply = *supply;
                    self.units[i].may_move_on = !self.units[i].fired;
                    self.units[i].fired = true;
                }
                self.ordered_fire(id);
            }
            Event::ArtilleryFired { unit: id, shots, .. } => {
                if let Some(i) = unit(id) {
                    self.units[i].artillery_shots = *shots;
                }
            }
            _ => {}
        }
    }
}
