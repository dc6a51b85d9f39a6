//! The log's words for movement and formation, of units and leaders (GBA 6; CG 6).

use super::{plural, unit_name, LogEntry, Wording};
use sarissa_rules::game::{Event, HitCause};
use sarissa_rules::map::facing::Heading;

impl Wording<'_> {
    /// Movement and formation, of units and leaders (GBA 6; CG 6), by the rulebook's parts.
    pub(super) fn movement(&self, event: &Event) -> Option<LogEntry> {
        match event {
            Event::UnitMoved { .. }
            | Event::MoveContinued { .. }
            | Event::LeaderMoved { .. }
            | Event::LeaderRodeAlong { .. } => self.moving(event),
            Event::FormationChanged { .. } | Event::CohesionHits { .. } | Event::UnitRecovered { .. } => {
                self.formation_and_cohesion(event)
            }
            other => {
                debug_assert!(false, "not worded as movement: {other:?}");
                None
            }
        }
    }

    /// Units and leaders moving (6.3; leaders 4.23, 5.68).
    fn moving(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::UnitMoved { unit, path, facing, mp, .. } => {
                let text = match path.as_slice() {
                    // Stopped before its first step: the enemy may withdraw from it (6.71).
                    [] if *mp == 0 => format!("{} sets off.", unit_name(s, unit)),
                    [] => format!(
                        "{} turns to face {} ({}).",
                        unit_name(s, unit),
                        self.heading(unit, *facing),
                        plural(*mp, "MP", "MP")
                    ),
                    [.., last] => {
                        let via: Vec<String> = path[..path.len() - 1].iter().map(|h| h.to_string()).collect();
                        let via = if via.is_empty() { String::new() } else { format!(" by {}", via.join(", ")) };
                        format!(
                            "{} moves to {last}{via}, facing {} ({} MP).",
                            unit_name(s, unit),
                            self.heading(unit, *facing),
                            mp
                        )
                    }
                };
                let mut e = self.about(self.entry(text, Some("6.3")), unit);
                e.hexes = path.clone();
                e
            }
            Event::MoveContinued { unit, path, mp, .. } => {
                let to = path.last().map(|h| h.to_string()).unwrap_or_default();
                let mut e = self.about(
                    self.entry(format!("{} goes on to {to} ({mp} MP more).", unit_name(s, unit)), Some("6.3")),
                    unit,
                );
                e.hexes = path.clone();
                e
            }
            Event::LeaderMoved { path, .. } if path.is_empty() => return None,
            Event::LeaderMoved { leader, path, mp, .. } => {
                let to = path.last().map(|h| h.to_string()).unwrap_or_default();
                let mut e = self.about(
                    self.entry(format!("{} rides to {to} ({mp} MP).", unit_name(s, leader)), Some("4.23")),
                    leader,
                );
                e.hexes = path.clone();
                e
            }
            Event::LeaderRodeAlong { leader, unit, to } => {
                let text = format!(
                    "{} keeps with {} to {to}: it costs him no MP or order.",
                    unit_name(s, leader),
                    unit_name(s, unit)
                );
                let mut e = self.about(self.entry(text, Some("5.68")), leader);
                e.hexes = vec![*to];
                e
            }
            _ => return None,
        })
    }

    /// Changes of formation (6.61), cohesion hits and their recovery (10.16).
    fn formation_and_cohesion(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        let rampage_rule = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).rampage.rule;
        Some(match event {
            Event::FormationChanged { unit, column, facing } => {
                let text = if *column {
                    format!(
                        "{} forms column, facing {} (TQ −2 while in column).",
                        unit_name(s, unit),
                        Heading::of(*facing, true).name()
                    )
                } else {
                    format!("{} leaves column, facing {}.", unit_name(s, unit), facing.name())
                };
                self.about(self.entry(text, Some("6.61")), unit)
            }
            Event::CohesionHits { unit, hits, cause } => {
                let (why, rule) = match cause {
                    HitCause::Terrain => ("from the ground it crossed", "6.22"),
                    HitCause::SecondMove => ("for moving again this turn", "6.13"),
                    HitCause::FacingInRough => ("for turning in rough ground", "7.14"),
                    HitCause::CrisisOfFaith => ("in the crisis of faith", "5.33"),
                    HitCause::Maneuver => ("from the ground and its pivots", "6.43"),
                    HitCause::Wheel => ("wheeling under the enemy's eyes", "6.45"),
                    HitCause::AugmentedMove => ("pushing on at its augmented allowance", "6.46"),
                    HitCause::ReactionFacing => ("for turning to face the enemy", "7.16"),
                    HitCause::WithdrawalApproach => ("as the enemy came at its flank or rear", "6.72"),
                    HitCause::Withdrawal => ("for giving ground", "6.72"),
                    HitCause::WithdrawalCheck => ("failing its check after withdrawing", "6.72"),
                    HitCause::PassThrough => ("as the ranks passed through each other", "6.92"),
                    HitCause::Missile => ("from missile fire", "8.15"),
                    HitCause::RoutPassage => ("as routers burst through its ranks", "10.24"),
                    HitCause::Shock => ("in the shock", "9.16"),
                    HitCause::Elephants => ("riding past the elephants", "8.34"),
                    HitCause::ColumnBroken => ("as the column attacked shakes out into line", "6.66"),
                    HitCause::Rampage => ("as a rampaging elephant crashes into it", rampage_rule),
                    HitCause::ElephantFright => ("as its horses shy from the elephant beside them", "10.16"),
                    HitCause::GuildEnmity => ("as a rival guild's unit is driven through its ranks", "10.72"),
                    HitCause::GateShot => ("as the stones crash into the gate beside it", "CG 12.35"),
                    HitCause::CascadeRout => ("as its commander's mount breaks beside it", "11.23"),
                    HitCause::StackRout => ("and breaks with the tribesmen it shares its hex with", "6.76"),
                };
                self.about(
                    self.entry(
                        format!(
                            "{} takes {} {why}.",
                            unit_name(s, unit),
                            plural(*hits, "cohesion hit", "cohesion hits")
                        ),
                        Some(rule),
                    ),
                    unit,
                )
            }
            // A leader paused before his first step, for Darius (9.24): the pause says it all.
            Event::UnitRecovered { unit, hits, .. } => self.about(
                self.entry(
                    format!(
                        "{} re-forms its ranks: {hits} cohesion {} removed.",
                        unit_name(s, unit),
                        if *hits == 1 { "hit" } else { "hits" }
                    ),
                    Some("10.16"),
                ),
                unit,
            ),
            _ => return None,
        })
    }
}
