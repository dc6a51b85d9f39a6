//! The log's words for rout, rally and the army's withdrawal (GBA 10, 11; CG 10, 11).

use super::{plural, unit_name, LogEntry, Wording};
use sarissa_rules::game::Event;

impl Wording<'_> {
    /// Rout, rally and the battle's end (GBA 10, 11, 13; CG 10–12), by the rulebook's parts.
    pub(super) fn rout(&self, event: &Event) -> Option<LogEntry> {
        match event {
            Event::UnitRouted { .. }
            | Event::RoutChoiceOffered { .. }
            | Event::RoutHexChosen { .. }
            | Event::CascadeRout { .. }
            | Event::FlightChecked { .. }
            | Event::UnitEliminated { .. } => self.routing(event),
            Event::RallyOrdered { .. } | Event::UnitRallied { .. } => self.rally(event),
            Event::BattleEnded { .. } => self.battle_end(event),
            other => {
                debug_assert!(false, "not worded as rout: {other:?}");
                None
            }
        }
    }

    /// Units routing, where they run, the routs they cause, and elimination (10.2, 11.23, 11.42).
    fn routing(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        let rampage_rule = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).rampage.rule;
        Some(match event {
            Event::UnitRouted { unit, path, placement, rule, .. } => {
                let to = placement.label();
                let (text, rule): (String, &'static str) = if rule == "10.22" {
                    (format!("{} flees on toward its own lines, to {to}.", unit_name(s, unit)), "10.22")
                } else {
                    (format!("{} breaks and runs, to {to}: it is Routed.", unit_name(s, unit)), "10.21")
                };
                let mut e = self.about(self.entry(text, Some(rule)), unit);
                e.hexes = path.clone();
                e
            }
            Event::RoutChoiceOffered { side, pending, .. } => {
                let hexes: Vec<String> = pending.options.iter().map(|o| o.label()).collect();
                let (what, rule) = if pending.break_off { ("step back", "10.32") } else { ("run", "10.21") };
                let text = format!(
                    "{} may {what} to {} — equally good: {} chooses.",
                    unit_name(s, &pending.unit),
                    hexes.join(" or "),
                    s.sides[*side].name
                );
                let mut e = self.about(self.entry(text, Some(rule)), &pending.unit);
                e.hexes = pending.options.iter().flat_map(|o| o.hexes()).collect();
                e
            }
            Event::RoutHexChosen { unit, to } => {
                let owner = s.unit(unit).map(|u| s.sides[u.side].name.clone()).unwrap_or_default();
                let text = format!("{owner} chooses {} for {}.", to.label(), unit_name(s, unit));
                let mut e = self.about(self.entry(text, Some("10.21")), unit);
                e.hexes = to.hexes().collect();
                e
            }
            Event::CascadeRout { unit, leader } => {
                let mut e = self.about(
                    self.entry(
                        format!(
                            "{} breaks with {} aboard: every friend beside it must steady itself.",
                            unit_name(s, unit),
                            unit_name(s, leader)
                        ),
                        Some("11.23"),
                    ),
                    unit,
                );
                e.units.push(leader.clone());
                e
            }
            Event::FlightChecked { guild, side, roll, broken, level, flees } => {
                let total = *roll as u32 + *broken as u32;
                let verdict = if *flees { "it flees the field" } else { "it stays" };
                let mut e = self.entry(
                    format!("The {guild} ({broken} broken) roll {roll} + {broken} = {total} against flight level {level}: {verdict}."),
                    Some("11.42"),
                );
                e.side = Some(*side);
                e
            }
            Event::UnitEliminated { unit, rule } if rule == rampage_rule => self.about(
                self.entry(format!("{} is eliminated: its rampage is over.", unit_name(s, unit)), Some(rampage_rule)),
                unit,
            ),
            Event::UnitEliminated { unit, rule } => {
                let (why, r): (&str, &'static str) = match rule.as_str() {
                    "10.26" => ("hit again while Routed", "10.26"),
                    "10.22" => ("a routed heavy formation dissolves", "10.22"),
                    "6.92" => ("a routed unit trampled by friends passing through", "6.92"),
                    "10.24" => ("a router with nowhere to stop", "10.24"),
                    "10.2" => ("it routs and scatters", "10.2"),
                    "10.21" => ("its way to the rear is blocked", "10.21"),
                    "10.27" => ("the rally fails and it scatters", "10.27"),
                    "11.42" => ("its guild or tribe has had enough and goes home", "11.42"),
                    _ => ("it flees off the field", "10.23"),
                };
                self.about(self.entry(format!("{} is eliminated: {why}.", unit_name(s, unit)), Some(r)), unit)
            }
            _ => return None,
        })
    }

    /// Rallying a routed unit (10.27).
    fn rally(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::RallyOrdered { leader, unit } => {
                let mut e = self.about(
                    self.entry(
                        format!("{} tries to rally {}.", unit_name(s, leader), unit_name(s, unit)),
                        Some("10.27"),
                    ),
                    unit,
                );
                e.units.push(leader.clone());
                e
            }
            Event::UnitRallied { unit, hits, .. } => self.about(
                self.entry(
                    format!(
                        "{} rallies with {}; it takes no orders until next turn.",
                        unit_name(s, unit),
                        plural(*hits, "cohesion hit", "cohesion hits")
                    ),
                    Some("10.27"),
                ),
                unit,
            ),
            _ => return None,
        })
    }

    /// The battle's end: an army withdraws (13.13; a lost refuge, CG 12.44).
    fn battle_end(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        let st = self.st;
        Some(match event {
            Event::BattleEnded { winner, withdrawn, rout_points } => {
                let gone = withdrawn.iter().map(|&i| s.sides[i].name.clone()).collect::<Vec<_>>().join(" and ");
                let outcome = match winner {
                    Some(w) => format!("victory to {}", s.sides[*w].name),
                    None => "a draw".into(),
                };
                let lost = sarissa_rules::works::retire::lost_refuge(s, st);
                let mut e = if let Some((l, refuge)) = lost {
                    let place = if refuge == sarissa_rules::works::retire::Refuge::City { "city" } else { "camp" };
                    self.entry(
                        format!(
                            "The battle is over: {} has lost the {place} it retired to; {outcome}.",
                            s.sides[l].name
                        ),
                        Some("CG 12.44"),
                    )
                } else if withdrawn.is_empty() {
                    self.entry(format!("The battle is over: {outcome}."), None)
                } else {
                    self.entry(
                        format!(
                            "The battle is over with the withdrawal of {gone} from the field ({} rout points to {}); {outcome}.",
                            rout_points[0],
                            rout_points[1]
                        ),
                        Some("13.13"),
                    )
                };
                e.side = *winner;
                e
            }
            _ => return None,
        })
    }
}
