//! The log's words for command: line commands, wing and contingent commands (GBA 4.3; CG 4.5).

use super::{unit_name, LogEntry, Wording};
use sarissa_rules::game::Event;

impl Wording<'_> {
    /// Command: line commands, wing and contingent commands (GBA 4.3; CG 4.5).
    pub(super) fn command(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::LineDeclared { leader, line, units, .. } => {
                let mut e = self.about(
                    self.entry(
                        format!("{} gives a line command to {} {line} units.", unit_name(s, leader), units.len()),
                        Some("4.31"),
                    ),
                    leader,
                );
                e.units.extend(units.iter().cloned());
                e
            }
            Event::LineMoveEnded { leader } => self.about(
                self.entry(format!("{}'s line has finished its move.", unit_name(s, leader)), Some("8.21")),
                leader,
            ),
            Event::LineRefused { leader } => self.about(
                self.entry(
                    format!("{}'s roll fails: individual orders only this phase.", unit_name(s, leader)),
                    Some("4.34"),
                ),
                leader,
            ),
            Event::NayakaPassed { leader } => self.about(
                self.entry(
                    format!("{} passes; he is not finished and may yet answer a Wing Command.", unit_name(s, leader)),
                    Some("CG 4.53"),
                ),
                leader,
            ),
            Event::WingCommandGiven { leader, nayakas, restricted } => {
                let names: Vec<String> = nayakas.iter().map(|n| unit_name(s, n)).collect();
                let extra = match restricted {
                    Some(oc) => {
                        format!(" {} lent his range for it and is Restricted this turn (CG 4.55).", unit_name(s, oc))
                    }
                    None => String::new(),
                };
                self.about(
                    self.entry(
                        format!("{} gives a Wing Command to {}.{extra}", unit_name(s, leader), names.join(", ")),
                        Some("CG 4.54"),
                    ),
                    leader,
                )
            }
            Event::NayakaOrdersBegan { leader } => self.about(
                self.entry(
                    format!("{} gives his line command under the Wing Command.", unit_name(s, leader)),
                    Some("CG 4.54"),
                ),
                leader,
            ),
            Event::ContingentActivated { leader, contingent, orders, units } => {
                let spent = if *orders == 1 { "1 order".to_string() } else { format!("{orders} orders") };
                let names: Vec<String> = units.iter().map(|u| unit_name(s, u)).collect();
                self.about(
                    self.entry(
                        format!(
                            "{} spends {spent} to activate {}, a contingent commander, who gives one line command to {}.",
                            unit_name(s, leader),
                            unit_name(s, contingent),
                            names.join(", ")
                        ),
                        Some("5.63"),
                    ),
                    contingent,
                )
            }
            Event::ContingentCommandEnded { leader, commander, orders_left } => {
                let left = if *orders_left == 1 { "1 order".to_string() } else { format!("{orders_left} orders") };
                self.about(
                    self.entry(
                        format!(
                            "{}'s line command is done; {} goes on with {left} left.",
                            unit_name(s, leader),
                            unit_name(s, commander)
                        ),
                        Some("5.64"),
                    ),
                    commander,
                )
            }
            Event::WingCommandEnded { leader } => self.about(
                self.entry(format!("{}'s Wing Command is done.", unit_name(s, leader)), Some("CG 4.54")),
                leader,
            ),
            other => {
                debug_assert!(false, "not worded as command: {other:?}");
                return None;
            }
        })
    }
}
