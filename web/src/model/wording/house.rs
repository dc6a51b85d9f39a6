//! The log's words for the house rules (Mutford B1–B9).

use super::{unit_name, LogEntry, Wording};
use sarissa_rules::game::Event;
use sarissa_rules::special::house::temperament::Temperament;

impl Wording<'_> {
    /// The house rules (Mutford B1–B9), by what they govern.
    pub(super) fn house(&self, event: &Event) -> Option<LogEntry> {
        match event {
            Event::TemperamentRolled { .. }
            | Event::BarbarianOrderRolled { .. }
            | Event::OutOfSightOrder { .. }
            | Event::CommandBroken { .. }
            | Event::BrokenCommandCheck { .. } => self.house_command(event),
            Event::LevyBalked { .. }
            | Event::EagerHeldBack { .. }
            | Event::Surged { .. }
            | Event::SweptAlong { .. }
            | Event::LostWay { .. }
            | Event::FriendStruck { .. } => self.house_troops(event),
            other => {
                debug_assert!(false, "not worded as house: {other:?}");
                None
            }
        }
    }

    /// Command: temperament, barbarian order, orders out of sight, broken command (House B1–B3, B9).
    fn house_command(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::TemperamentRolled { leader, temperament } => self.about(
                self.entry(
                    format!(
                        "Leader temperament: {} is {}{}.",
                        unit_name(s, leader),
                        temperament.name(),
                        match temperament {
                            Temperament::Aggressive => " (a step earlier to act; his attackers go in at −1)",
                            Temperament::Cautious => " (a step later to act; his attackers go in at +1)",
                            Temperament::Steady => "",
                        }
                    ),
                    Some("House B1"),
                ),
                leader,
            ),
            Event::BarbarianOrderRolled { side, slots } => {
                let order: Vec<String> = slots.iter().map(|(l, _)| unit_name(s, l)).collect();
                let text = format!(
                    "Barbarian order: this turn {} move in the order {}.",
                    s.sides[*side].name,
                    order.join(", ")
                );
                LogEntry { side: Some(*side), ..self.entry(text, Some("House B2")) }
            }
            Event::OutOfSightOrder { leader, unit } => self.about(
                self.entry(
                    format!(
                        "Out-of-sight order: {} cannot see {}, so the order costs him one more.",
                        unit_name(s, leader),
                        unit_name(s, unit)
                    ),
                    Some("House B3"),
                ),
                unit,
            ),
            Event::CommandBroken { leader, units, lost } => self.about(
                self.entry(
                    format!(
                        "Command collapse: {} of {}'s {} units are routed or gone; his command is broken \
                         (fewer orders, no line commands, his units check at +1).",
                        lost,
                        unit_name(s, leader),
                        units.len()
                    ),
                    Some("House B9"),
                ),
                leader,
            ),
            Event::BrokenCommandCheck { unit } => self.about(
                self.entry(
                    format!("Command collapse: {} checks at +1, its command broken.", unit_name(s, unit)),
                    Some("House B9"),
                ),
                unit,
            ),
            _ => return None,
        })
    }

    /// The troops' own will: levies, eager units, the swept along, the lost, friendly fire (House B4–B8).
    fn house_troops(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::LevyBalked { unit, .. } => self.about(
                self.entry(
                    format!(
                        "Levy reluctance: {} balks and will not go toward the enemy; its order is spent.",
                        unit_name(s, unit)
                    ),
                    Some("House B4"),
                ),
                unit,
            ),
            Event::EagerHeldBack { leader, unit } => self.about(
                self.entry(
                    format!(
                        "Eager troops: {} holds {} back from the enemy, which costs him one order more.",
                        unit_name(s, leader),
                        unit_name(s, unit)
                    ),
                    Some("House B5"),
                ),
                unit,
            ),
            Event::Surged { unit, leader, toward, mp } => self.about(
                self.entry(
                    format!(
                        "Surge: {}'s failure sets {} off — it rushes at {} ({mp} MP).",
                        unit_name(s, leader),
                        unit_name(s, unit),
                        unit_name(s, toward)
                    ),
                    Some("House B5"),
                ),
                unit,
            ),
            Event::SweptAlong { unit, by } => self.about(
                self.entry(
                    format!("Contagious flight: {} is swept back with {}.", unit_name(s, unit), unit_name(s, by)),
                    Some("House B6"),
                ),
                unit,
            ),
            Event::LostWay { unit, hex, facing } => {
                let text = format!(
                    "Dense woods: {} loses its way in {hex}, stops and turns to face {}.",
                    unit_name(s, unit),
                    facing.name()
                );
                let mut e = self.about(self.entry(text, Some("House B7")), unit);
                e.hexes = vec![*hex];
                e
            }
            Event::FriendStruck { firer, friend, hits, over } => {
                let how = if *over { "passing over it near the target" } else { "shot into the melee" };
                let hits = if *hits == 1 { "1 hit".to_string() } else { format!("{hits} hits") };
                self.about(
                    self.entry(
                        format!(
                            "Shooting into a melee: {}'s missiles, {how}, strike {} ({hits}).",
                            unit_name(s, firer),
                            unit_name(s, friend)
                        ),
                        Some("House B8"),
                    ),
                    friend,
                )
            }
            _ => return None,
        })
    }
}
