//! The log's words for missile fire and harassment (GBA 8; CG 8).

use super::{unit_name, volley_need, LogEntry, Wording};
use sarissa_rules::combat::fire::ReactionFire;
use sarissa_rules::game::Event;

impl Wording<'_> {
    /// Missile fire and harassment (GBA 8; CG 8), by the rulebook's parts.
    pub(super) fn missile(&self, event: &Event) -> Option<LogEntry> {
        match event {
            Event::MissileFired { .. }
            | Event::MissileResultToBeForced { .. }
            | Event::MissileResultForced { .. }
            | Event::SupplyChanged { .. } => self.volley(event),
            Event::EntryFireDeferred { .. } | Event::LineFireOffered { .. } => self.reaction_fire(event),
            Event::Harassed { .. } => self.harassment(event),
            Event::ScreenFired { .. } | Event::ScreenSupplyChanged { .. } | Event::BowFired { .. } => {
                self.screens_and_bows(event)
            }
            Event::ArtilleryFired { .. } => self.artillery(event),
            other => {
                debug_assert!(false, "not worded as missile: {other:?}");
                None
            }
        }
    }

    /// Harassment (GBA 8.3).
    fn harassment(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::Harassed { unit, target, .. } => {
                let (u, t) = (unit_name(s, unit), unit_name(s, target));
                let mut e = self.about(
                    self.entry(format!("{u} dashes in to harass {t}, and back to where it stood."), Some("8.3")),
                    unit,
                );
                e.units.push(target.clone());
                e
            }
            _ => return None,
        })
    }

    /// A unit's own volley, its missile supply, and the testing tool's forced results (GBA 8.1).
    fn volley(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::MissileFired { unit, target, range, strength, drm, hit, hits, supply, reaction, .. } => {
                let need = if *strength == 0 {
                    // GBA 8.16 (R4); CG 12.18 (P172): from a camp tower the modified roll counts.
                    "extended range: only a 0 hits (a natural 0; from a camp tower, 0 after modifiers)".to_string()
                } else {
                    format!(
                        "strength {strength} at range {range}, modifiers {drm:+}: needs {} or less",
                        *strength as i32 - drm
                    )
                };
                let result = match (*hit, *hits) {
                    // CG 9.21: an advancing unit is not broken by the fire it meets (P142).
                    (true, 0) => "a hit, which cannot break a unit advancing after combat (CG 9.21)",
                    (true, _) => "a hit",
                    (false, _) => "no effect",
                };
                let supply = match supply {
                    sarissa_rules::combat::missile::Supply::Full => "",
                    sarissa_rules::combat::missile::Supply::Low => " It is now low on missiles.",
                    sarissa_rules::combat::missile::Supply::No => " It has no missiles left.",
                };
                let (why, rule) = match reaction {
                    None => ("", "8.15"),
                    Some(ReactionFire::Entry) => (" as it comes into its zone", "8.21"),
                    Some(ReactionFire::Retire) => (" as it pulls out of its zone", "8.22"),
                    Some(ReactionFire::Return) => (" in return", "8.23"),
                    Some(ReactionFire::Harass) => (" as it harasses", "8.33"),
                };
                let (u, t) = (unit_name(s, unit), unit_name(s, target));
                let mut e = self
                    .about(self.entry(format!("{u} fires at {t}{why} ({need}): {result}.{supply}"), Some(rule)), unit);
                e.units.push(target.clone());
                e
            }
            Event::SupplyChanged { unit, rule, .. } if rule == "8.18" => self.about(
                self.entry(format!("{} refills its quivers and pouches.", unit_name(s, unit)), Some("8.18")),
                unit,
            ),
            Event::SupplyChanged { unit, .. } => self.about(
                self.entry(
                    format!("{} has thrown its javelins: no missiles until it reloads.", unit_name(s, unit)),
                    Some("8.17"),
                ),
                unit,
            ),
            Event::MissileResultToBeForced { hit } => self.entry(
                format!(
                    "For testing: the next volley will {}, whatever the chart says.",
                    if *hit { "hit" } else { "miss" }
                ),
                None,
            ),
            Event::MissileResultForced { hit, table } => {
                let said = |h: &bool| if *h { "a hit" } else { "a miss" };
                self.entry(
                    format!(
                        "For testing, the result was forced: {} instead of the chart's {}.",
                        said(hit),
                        said(table)
                    ),
                    None,
                )
            }
            _ => return None,
        })
    }

    /// Reaction fire at units coming into a zone, held until a whole line has moved (GBA 8.21).
    fn reaction_fire(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::EntryFireDeferred { firer, target } => {
                let (f, t) = (unit_name(s, firer), unit_name(s, target));
                let text =
                    format!("{t} comes into the zone of {f}, which may shoot at it once the whole line has moved.");
                let mut e = self.about(self.entry(text, Some("8.21")), target);
                e.units.push(firer.clone());
                e
            }
            Event::LineFireOffered { entries, .. } => {
                let mut targets: Vec<String> = Vec::new();
                for e in entries {
                    if !targets.contains(&e.target) {
                        targets.push(e.target.clone());
                    }
                }
                let names: Vec<String> = targets.iter().map(|t| unit_name(s, t)).collect();
                let mut e = self.entry(
                    format!(
                        "The line has moved: the enemy may now shoot at {} as they came into its zones.",
                        names.join(", ")
                    ),
                    Some("8.21"),
                );
                e.units.extend(targets);
                e
            }
            _ => return None,
        })
    }

    /// A screen's archers (GBA 11.11; CG 10.11) and an elephant's own bowmen (CG G52).
    fn screens_and_bows(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::ScreenFired { unit, target, range, strength, drm, hits, supply, reaction } => {
                let need = volley_need(*strength, *range, *drm);
                let result = if *hits > 0 { "a hit" } else { "no effect" };
                let supply = match supply {
                    sarissa_rules::combat::missile::Supply::Full => "",
                    sarissa_rules::combat::missile::Supply::Low => " The screen is now low on arrows.",
                    sarissa_rules::combat::missile::Supply::No => " The screen has no arrows left.",
                };
                let screen_rule =
                    if s.meta.rules == sarissa_rules::scenario::RuleSet::Chandragupta { "10.11" } else { "11.11" };
                let why = match reaction {
                    ReactionFire::Entry => " as it comes up",
                    ReactionFire::Retire => " as it pulls away",
                    _ => " in return",
                };
                let (u, t) = (unit_name(s, unit), unit_name(s, target));
                // CG G52: a "J/A" elephant's own bowmen, not a screen.
                let (who, screen_rule) = match s.units.iter().any(|x| &x.id == unit && x.bow) {
                    true => (format!("The bowmen on {u}"), "G52"),
                    false => (format!("The archers screening {u}"), screen_rule),
                };
                let text = format!("{who} shoot at {t}{why} ({need}): {result}.{supply}");
                let mut e = self.about(self.entry(text, Some(screen_rule)), unit);
                e.units.push(target.clone());
                e
            }
            Event::ScreenSupplyChanged { unit, .. } => self.about(
                self.entry(format!("The archers screening {} refill their quivers.", unit_name(s, unit)), Some("8.18")),
                unit,
            ),
            Event::BowFired { unit, target, range, strength, drm, hits, supply } => {
                // CG G52: told as the bowmen's volley, under orders.
                let (u, t) = (unit_name(s, unit), unit_name(s, target));
                let need = volley_need(*strength, *range, *drm);
                let result = if *hits > 0 { "a hit" } else { "no effect" };
                let supply = match supply {
                    sarissa_rules::combat::missile::Supply::Full => "",
                    sarissa_rules::combat::missile::Supply::Low => " Its bowmen are now low on arrows.",
                    sarissa_rules::combat::missile::Supply::No => " Its bowmen have no arrows left.",
                };
                let mut e = self.about(
                    self.entry(format!("The bowmen on {u} shoot at {t} ({need}): {result}.{supply}"), Some("G52")),
                    unit,
                );
                e.units.push(target.clone());
                e
            }
            _ => return None,
        })
    }

    /// Engines' shots and the markers they leave (CG 10.5).
    fn artillery(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::ArtilleryFired { unit, target, range, strength, drm, hits, shots } => {
                // CG 10.52, 10.56: the engine's shot, and the marker it leaves.
                let (u, t) = (unit_name(s, unit), unit_name(s, target));
                let need = volley_need(*strength, *range, *drm);
                let result = if *hits > 0 { "a hit" } else { "no effect" };
                let engine = s.unit(unit).and_then(|x| x.engine);
                let marker = match engine.map(|e| e.shots().saturating_sub(*shots)) {
                    Some(0) => "Fire Done",
                    _ => "Fired Once",
                };
                let rule = if engine == Some(sarissa_rules::scenario::units::Engine::Sarvatobhadra) {
                    "10.56"
                } else {
                    "10.52"
                };
                let mut e = self.about(
                    self.entry(format!("{u} shoots at {t} ({need}): {result}. It is {marker}."), Some(rule)),
                    unit,
                );
                e.units.push(target.clone());
                e
            }
            _ => return None,
        })
    }
}
