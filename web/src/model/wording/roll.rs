//! The log's words for the dice: every roll, with what it was for and what it needed.

use super::{unit_name, LogEntry, Wording};
use sarissa_rules::game::{Event, RollPurpose};

impl Wording<'_> {
    /// The dice: every roll, with what it was for and what it needed.
    pub(super) fn roll(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        let rampage = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).rampage;
        let rampage_rule = rampage.rule;
        let rampage_first_flees = rampage.first_high_roll_flees_cause;
        Some(match event {
            Event::DieRolled { roll, purpose } => {
                let mut e = match purpose {
                    RollPurpose::RetireToCamp { leader } => {
                        let need = s.leader(leader).and_then(|l| l.initiative).unwrap_or(0);
                        self.about(
                            self.entry(format!("{} rolls {roll} for the retire to camp (it begins above {need}).", unit_name(s, leader)), Some("CG 12.43")),
                            leader,
                        )
                    }
                    RollPurpose::CampOrdersFirst { side } => {
                        let mut e = self.entry(
                            format!("Both sides have camp orders: a {roll} for {}; the high roll goes first.", s.sides[*side].name),
                            Some("CG 12.17"),
                        );
                        e.side = Some(*side);
                        e
                    }
                    RollPurpose::InitiativeTie { side } => {
                        let mut e = self.entry(format!("Tie in initiative: a {roll} for {}.", s.sides[*side].name), Some("5.12"));
                        e.side = Some(*side);
                        e
                    }
                    RollPurpose::Trump { leader } => {
                        let need = s.leader(leader).and_then(|l| l.initiative).unwrap_or(0);
                        self.about(self.entry(format!("{} rolls {roll} to trump (needs {need} or less).", unit_name(s, leader)), Some("5.4")), leader)
                    }                RollPurpose::Strategy { leader } => {
                        let need = s.leader(leader).and_then(|l| l.strategy).unwrap_or(0);
                        self.about(
                            self.entry(format!("{} rolls {roll} to give a line command on his own authority (needs {need} or less).", unit_name(s, leader)), Some("4.34")),
                            leader,
                        )
                    }
                    RollPurpose::WingStrategy { leader, nayaka } => {
                        let need = s.leader(leader).and_then(|l| l.strategy).unwrap_or(0);
                        self.about(
                            self.entry(format!("{} rolls {roll} to bring {} into his Wing Command (needs {need} or less).", unit_name(s, leader), unit_name(s, nayaka)), Some("CG 4.54")),
                            leader,
                        )
                    }
                    RollPurpose::Momentum { leader } => {
                        let need = s.leader(leader).and_then(|l| l.initiative).unwrap_or(0);
                        self.about(self.entry(format!("{} rolls {roll} for momentum (needs {need} or less; 9 is the roll of doom).", unit_name(s, leader)), Some("5.32")), leader)
                    }
                    RollPurpose::DieRollOfDoom { leader } => self.about(
                        self.entry(format!("The roll of doom for {}: {roll} (0–1 the enemy may re-activate a leader, 9 a crisis of faith).", unit_name(s, leader)), Some("5.33")),
                        leader,
                    ),
                    RollPurpose::MissileFire { unit, target } => self.about(
                        self.entry(format!("{} looses at {}: rolls {roll}.", unit_name(s, unit), unit_name(s, target)), Some("8.15")),
                        unit,
                    ),
                    RollPurpose::Shock { combat } => self.entry(format!("Shock, combat {}: rolls {roll}.", combat + 1), Some("9.1")),
                    RollPurpose::PersonalCombat { leader } => self.about(
                        self.entry(format!("{} fights: rolls {roll}.", unit_name(s, leader)), Some("9.21")),
                        leader,
                    ),
                    RollPurpose::Rally { unit } => self.about(
                        self.entry(format!("Rallying {}: rolls {roll}.", unit_name(s, unit)), Some("10.27")),
                        unit,
                    ),
                    RollPurpose::Rampage { unit } => self.about(
                        self.entry(
                            format!(
                                "{} rampages: rolls {roll} for its direction (0 toward its nearest friend, 1–6 the map's compass, 7–9 {}).",
                                unit_name(s, unit),
                                if rampage_first_flees { "away from its tormentor the first time, else the mahout kills it" } else { "the mahout kills it" }
                            ),
                            Some(rampage_rule),
                        ),
                        unit,
                    ),
                    RollPurpose::Flight { guild, side } => {
                        let mut e = self.entry(format!("Flight roll for the {guild} of {}: rolls {roll}.", s.sides[*side].name), Some("11.42"));
                        e.side = Some(*side);
                        e
                    }
                    RollPurpose::Breach { unit } => self.about(
                        self.entry(format!("{} throws its weight against the camp's works: rolls {roll}.", unit_name(s, unit)), Some("CG 12.31")),
                        unit,
                    ),
                    RollPurpose::Temperament { leader } => self.about(
                        self.entry(format!("{}'s temperament: rolls {roll} (0–1 cautious, 8–9 aggressive).", unit_name(s, leader)), Some("House B1")),
                        leader,
                    ),
                    RollPurpose::BarbarianOrder { leader } => self.about(
                        self.entry(format!("{} rolls {roll} for his place in the order (highest first).", unit_name(s, leader)), Some("House B2")),
                        leader,
                    ),
                    RollPurpose::GateShot { unit } => self.about(
                        self.entry(format!("{} hurls a stone at the city gate: rolls {roll}.", unit_name(s, unit)), Some("CG 12.35")),
                        unit,
                    ),
                    RollPurpose::RallyTable { unit } => self.about(
                        self.entry(format!("The rally table for {}: rolls {roll}.", unit_name(s, unit)), Some("10.27")),
                        unit,
                    ),
                    RollPurpose::HouseRule { unit, rule } => {
                        let (text, rule) = match rule.as_str() {
                            "House B8" => (format!("Shooting into a melee: the die for {}'s volley (0-3 strikes the friend): rolls {roll}.", unit_name(s, unit)), "House B8"),
                            "House B5" => (format!("Surge: {} rolls {roll} (0–1 rushes its whole MA, 2–3 half, 4–9 holds).", unit_name(s, unit)), "House B5"),
                            "House B7" => (format!("Dense woods: {} looks for its way (0 or 1 and it is lost): rolls {roll}.", unit_name(s, unit)), "House B7"),
                            _ => (format!("A house rule's die for {}: rolls {roll}.", unit_name(s, unit)), "House"),
                        };
                        self.about(self.entry(text, Some(rule)), unit)
                    }
                    RollPurpose::TqCheck { unit, rule } => {
                        let tq = s.unit(unit).map_or(0, |u| u.tq);
                        let rule: &'static str = match rule.as_str() {
                            "5.33" => "5.33",
                            "6.72" => "6.72",
                            "6.92" => "6.92",
                            "11.23" => "11.23",
                            "10.72" => "10.72",
                            "House B4" => "House B4",
                            "House B6" => "House B6",
                            "House B5" => "House B5",
                            _ => "10.1",
                        };
                        self.about(self.entry(format!("{} checks its troop quality ({tq}): rolls {roll}.", unit_name(s, unit)), Some(rule)), unit)
                    }
                };
                e.roll = Some(*roll);
                e
            }
            other => {
                debug_assert!(false, "not worded as roll: {other:?}");
                return None;
            }
        })
    }
}
