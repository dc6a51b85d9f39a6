//! The log's words for camps and cities: camp orders, retiring to camp, towers, gates and breaches (CG 12).

use super::{gate_verdict, unit_name, LogEntry, Wording};
use sarissa_rules::game::{Event, TowerResult};

impl Wording<'_> {
    /// Camps and cities (CG 12), by the rulebook's parts.
    pub(super) fn camps(&self, event: &Event) -> Option<LogEntry> {
        match event {
            Event::CampOrdersBegan { .. }
            | Event::CampOrdersEnded { .. }
            | Event::RetireDeclared { .. }
            | Event::RetireChecked { .. }
            | Event::RetireArrived { .. } => self.camp_orders(event),
            Event::BreachAttemptBegun { .. }
            | Event::BreachRolled { .. }
            | Event::CityGateRolled { .. }
            | Event::GateShot { .. }
            | Event::TowerAttackRolled { .. } => self.assaulting_works(event),
            other => {
                debug_assert!(false, "not worded as camps: {other:?}");
                None
            }
        }
    }

    /// The Camp Orders Phase and retiring to camp (CG 12.17, 12.4).
    fn camp_orders(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::CampOrdersBegan { side, units, .. } => {
                let names: Vec<String> = units.iter().map(|u| unit_name(s, u)).collect();
                let mut e = self.entry(
                    format!(
                        "Camp orders for {}: with no leader to command them, {} may move, fire and attack on their own.",
                        s.sides[*side].name,
                        names.join(", ")
                    ),
                    Some("CG 12.17"),
                );
                e.side = Some(*side);
                e.units = units.clone();
                e
            }
            Event::CampOrdersEnded { side } => {
                let mut e = self.entry(format!("Camp orders for {} are over.", s.sides[*side].name), Some("CG 12.17"));
                e.side = Some(*side);
                e
            }
            Event::RetireDeclared { leader, city, .. } => self.about(
                self.entry(
                    format!("{} declares that his army will retire to its {}. At the start of each of his activations a die now decides whether the retreat begins.", unit_name(s, leader), if *city { "city" } else { "camp" }),
                    Some("CG 12.42"),
                ),
                leader,
            ),
            Event::RetireChecked { leader, total, in_area, rout_points, set_off } => {
                let mut adds = Vec::new();
                if *in_area {
                    adds.push("+1 in the royal enclosure".to_string());
                }
                if rout_points / 10 > 0 {
                    adds.push(format!("+{} for {rout_points} rout points", rout_points / 10));
                }
                let adds = if adds.is_empty() { String::new() } else { format!(" ({})", adds.join(", ")) };
                let text = if *set_off {
                    format!("Total {total}{adds}: the retreat begins. {} gives individual orders only and must ride for the royal enclosure.", unit_name(s, leader))
                } else {
                    format!("Total {total}{adds}: not yet. {} is Finished for this turn.", unit_name(s, leader))
                };
                self.about(self.entry(text, Some(if *set_off { "CG 12.44" } else { "CG 12.43" })), leader)
            }
            Event::RetireArrived { leader } => self.about(
                self.entry(
                    format!("{} has reached the royal enclosure and stays there. The enemy now wins only by taking the camp.", unit_name(s, leader)),
                    Some("CG 12.44"),
                ),
                leader,
            ),
            _ => return None,
        })
    }

    /// Assaulting a camp's or a city's works: breaches, gates and towers (CG 12.3).
    fn assaulting_works(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::BreachAttemptBegun { unit } => self.about(
                self.entry(
                    format!(
                        "{} stands at the enemy camp's works: if it neither moves nor turns before the end of the turn, it tries to break through.",
                        unit_name(s, unit)
                    ),
                    Some("CG 12.31"),
                ),
                unit,
            ),
            Event::BreachRolled { unit, from, to, gate, roll, need, breached } => {
                let work = if *gate { "gate" } else { "palisade" };
                let verdict = if *breached {
                    format!("the {work} between {from} and {to} is breached for the rest of the battle")
                } else {
                    format!("the {work} between {from} and {to} holds")
                };
                let mut e = self.about(
                    self.entry(format!("{} rolls {roll} against the {work} (needs {need} or less): {verdict}.", unit_name(s, unit)), Some("CG 12.31")),
                    unit,
                );
                e.hexes = vec![*from, *to];
                e
            }
            Event::CityGateRolled { unit, from, to, roll, need, result } => {
                let mut e = self.about(
                    self.entry(
                        format!("{} rolls {roll} against the city gate (needs {need} or less): {}.", unit_name(s, unit), gate_verdict(*from, *to, *result)),
                        Some("CG 12.32"),
                    ),
                    unit,
                );
                e.hexes = vec![*from, *to];
                e
            }
            Event::GateShot { unit, leader, gate: (a, b), range, roll, need, result, shaken } => {
                let shaken = if *shaken { " The blow shakes everyone beside the gate: each tests its quality." } else { "" };
                let mut e = self.about(
                    self.entry(
                        format!(
                            "On {}'s order {} shoots at the city gate from {range} hexes, rolling {roll} (needs {need} or less): {}.{shaken}",
                            unit_name(s, leader),
                            unit_name(s, unit),
                            gate_verdict(*a, *b, *result)
                        ),
                        Some("CG 12.35"),
                    ),
                    unit,
                );
                e.hexes = vec![*a, *b];
                e
            }
            Event::TowerAttackRolled { unit, tower, roll, need, result } => {
                let verdict = match result {
                    TowerResult::Held => format!("the tower at {tower} stands firm"),
                    TowerResult::Damaged => {
                        format!("the tower at {tower} is damaged; one more success brings it down")
                    }
                    TowerResult::Destroyed { opened } if opened.is_empty() => {
                        format!("the tower at {tower} comes down; its ground is open camp from now on")
                    }
                    TowerResult::Destroyed { opened } => {
                        let sides: Vec<String> = opened.iter().map(|(a, b)| format!("{a}–{b}")).collect();
                        format!(
                            "the tower at {tower} comes down; its ground is open camp and the wall beside it ({}) is breached from now on",
                            sides.join(", ")
                        )
                    }
                };
                let mut e = self.about(
                    self.entry(
                        format!("{} rolls {roll} against the camp tower (needs {need} or less): {verdict}.", unit_name(s, unit)),
                        Some("CG 12.32"),
                    ),
                    unit,
                );
                e.hexes = vec![*tower];
                e
            }
            _ => return None,
        })
    }
}
