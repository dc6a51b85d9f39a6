//! The log's words for troop types' own rules: chariots, elephants, squares, Tribal stacks (GBA 11; CG 10).

use super::{unit_name, LogEntry, Wording};
use sarissa_rules::game::{Event, RampageEnd};

impl Wording<'_> {
    /// Troop types' own rules: chariots, elephants, squares, Tribal stacks (GBA 11; CG 10).
    pub(super) fn troops(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        let rampage = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).rampage;
        let rampage_rule = rampage.rule;
        let withdrawal_from_rampage = rampage.withdrawal_rule;
        Some(match event {
            Event::SquareChanged { leader, unit, square } => {
                let (l, u) = (unit_name(s, leader), unit_name(s, unit));
                let text = if *square {
                    format!("{l} has {u} close up into Square: it faces every way now, and will not charge (10.62).")
                } else {
                    format!("{l} has {u} open out of Square, back in its line (10.62).")
                };
                self.about(self.entry(text, Some("CG 10.62")), unit)
            }
            Event::ChariotDismounted { leader, unit, facing } => {
                let (l, u) = (unit_name(s, leader), unit_name(s, unit));
                // The foot side, whichever scenario this is read against: the one set up (the unit is
                // still a chariot there) or the game's (already on foot).
                let foot = s.unit(unit).map(|c| c.foot_side().unwrap_or_else(|| c.clone()));
                let kind = foot.map_or("foot", |f| f.kind.name());
                let text = format!(
                    "{l} sends the crews of {u} down from their cars: on foot from now on, as {kind}, facing {} — \
                     they will not mount again (10.28).",
                    facing.name()
                );
                self.about(self.entry(text, Some("CG 10.28")), unit)
            }
            // 6.77, and the leaders it came near (4.62, P190).
            Event::RampageWithdrawalOffered { side, withdrawers, leaders, rampage, .. } => {
                let names: Vec<String> = withdrawers.iter().chain(leaders).map(|w| unit_name(s, w)).collect();
                let text = format!(
                    "{} may get out of the way of {} ({}).",
                    names.join(" and "),
                    unit_name(s, &rampage.unit),
                    s.sides[*side].name
                );
                let mut e = self.about(self.entry(text, Some(withdrawal_from_rampage)), &rampage.unit);
                e.units.extend(withdrawers.iter().chain(leaders).cloned());
                e
            }
            Event::RampageGoesOn { .. } => return None,
            Event::TribalStacked { unit, over } => self.about(
                self.entry(
                    format!("{} crowds in beneath {}, of its own tribe.", unit_name(s, unit), unit_name(s, over)),
                    Some("6.74"),
                ),
                unit,
            ),
            Event::TribalStackSwapped { unit, under, .. } => self.about(
                self.entry(
                    format!("{} pushes to the front of its hex, ahead of {}.", unit_name(s, unit), unit_name(s, under)),
                    Some("6.74"),
                ),
                unit,
            ),
            Event::Rampaged { unit, heading, path, collided_with, end, paused, .. } => {
                let name = unit_name(s, unit);
                let mut text = match (heading, path.last()) {
                    (Some(side), Some(to)) => format!("{name} stampedes {} to {to}", side.name()),
                    (Some(side), None) => format!("{name} lurches {} but cannot get clear", side.name()),
                    (None, _) => format!("{name} finds no way to run"),
                };
                if !collided_with.is_empty() {
                    let names: Vec<String> = collided_with.iter().map(|c| unit_name(s, c)).collect();
                    text.push_str(&format!(" and crashes into {}", names.join(" and ")));
                }
                text.push_str(match end {
                    None if *paused => ", bearing down on the units near it.",
                    None => "; it rampages on.",
                    Some(RampageEnd::MahoutKilled) => "; its mahout drives the spike home and the beast falls.",
                    Some(RampageEnd::LeftMap) => " and off the field: it is lost.",
                    Some(RampageEnd::Isolated) => ", far from anyone: it is lost to the army.",
                    Some(RampageEnd::LastRoll) => "; spent after its fourth run, it is lost to the army.",
                });
                let mut e = self.about(self.entry(text, Some(rampage_rule)), unit);
                e.units.extend(collided_with.iter().cloned());
                e.hexes = path.clone();
                e
            }
            other => {
                debug_assert!(false, "not worded as troops: {other:?}");
                return None;
            }
        })
    }
}
