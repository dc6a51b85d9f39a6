//! The log's words for reactions to an enemy's move: reaction facing, orderly withdrawal, reaction fire (GBA 6.7, 7.2, 8.4).

use super::{side_of, unit_name, LogEntry, Wording};
use sarissa_rules::game::Event;

impl Wording<'_> {
    /// Reactions to an enemy's move: reaction facing, orderly withdrawal, reaction fire (GBA 6.7, 7.2, 8.4).
    pub(super) fn reaction(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::ReactionOffered { .. } | Event::ReactionEnded => return None,
            Event::ReactionFireOffered { .. } => return None,
            Event::ReactionFaced { unit, facing } => self.about(
                self.entry(
                    format!("{} turns to face {} as the enemy comes up.", unit_name(s, unit), facing.name()),
                    Some("7.16"),
                ),
                unit,
            ),
            Event::UnitWithdrew { unit, path, facing, .. } => {
                let to = path.last().map(|h| h.to_string()).unwrap_or_default();
                let mut e = self.about(
                    self.entry(
                        format!("{} withdraws in good order to {to}, facing {}.", unit_name(s, unit), facing.name()),
                        Some("6.7"),
                    ),
                    unit,
                );
                e.hexes = path.clone();
                e
            }
            Event::LineWithdrew { leader, line, units, pre_arranged } => {
                let text = if *pre_arranged {
                    format!(
                        "{}'s line of {} {line} steps back one hex together, as he arranged at the start of the turn.",
                        unit_name(s, leader),
                        units.len()
                    )
                } else {
                    format!(
                        "{}'s line of {} {line} falls back together, every unit of it, each giving ground as it would alone.",
                        unit_name(s, leader),
                        units.len()
                    )
                };
                let mut e = self.entry(text, Some(if *pre_arranged { "6.83" } else { "6.78" }));
                e.side = side_of(s, leader);
                e.units = units.clone();
                e
            }
            Event::LeaderWithdrew { leader, path } if path.last().is_some_and(|h| !s.map.contains(*h)) => {
                let text =
                    format!("{} withdraws off the field; he is out of the battle, but not dead.", unit_name(s, leader));
                let mut e = self.about(self.entry(text, Some("9.24")), leader);
                e.hexes = path.clone();
                e
            }
            Event::LeaderWithdrew { leader, path } if s.leader(leader).is_some_and(|l| l.darius_the_target) => {
                let to = path.last().map(|h| h.to_string()).unwrap_or_default();
                let text = format!(
                    "{} slips away to {to}, toward his own edge, as the enemy draws near.",
                    unit_name(s, leader)
                );
                let mut e = self.about(self.entry(text, Some("9.24")), leader);
                e.hexes = path.clone();
                e
            }
            Event::LeaderWithdrew { leader, path } => {
                let to = path.last().map(|h| h.to_string()).unwrap_or_default();
                let mut e = self.about(
                    self.entry(
                        format!("{} withdraws to {to} as the enemy comes up.", unit_name(s, leader)),
                        Some("4.62"),
                    ),
                    leader,
                );
                e.hexes = path.clone();
                e
            }
            other => {
                debug_assert!(false, "not worded as reaction: {other:?}");
                return None;
            }
        })
    }
}
