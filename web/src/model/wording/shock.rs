//! The log's words for shock combat: designation, resolution, leaders in combat, advance and breaking off (GBA 9; CG 9).

use super::{side_of, unit_name, LogEntry, Wording};
use sarissa_rules::game::Event;

impl Wording<'_> {
    /// Shock combat (GBA 9; CG 9), by the rulebook's parts.
    pub(super) fn shock(&self, event: &Event) -> Option<LogEntry> {
        match event {
            Event::ShockSegmentBegan { .. }
            | Event::ShockSegmentEnded { .. }
            | Event::ShockResultToBeForced { .. }
            | Event::ShockResultForced { .. }
            | Event::ShockDesignated { .. }
            | Event::ShockResolved { .. }
            | Event::EngagedChanged { .. }
            | Event::BrokeOff { .. } => self.combat(event),
            Event::LeaderCasualty { .. } | Event::TargetLeaderLost { .. } | Event::LeaderCaptured { .. } => {
                self.leaders_in_combat(event)
            }
            Event::RanksParted { .. } | Event::PassThroughAttack { .. } | Event::ElephantPassedThrough { .. } => {
                self.passing_through(event)
            }
            Event::AdvanceTurnOffered { .. }
            | Event::FormationAdvanced { .. }
            | Event::UnitWheeledAfterAdvance { .. }
            | Event::UnitTurnedAfterAdvance { .. }
            | Event::UnitAdvanced { .. } => self.advance(event),
            other => {
                debug_assert!(false, "not worded as shock: {other:?}");
                None
            }
        }
    }

    /// Designating and resolving a shock (9.1), the Engaged state it leaves (GBA 10.31-10.33), and the testing tool's forced results.
    fn combat(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::ShockSegmentBegan { .. } | Event::ShockSegmentEnded { .. } => {
                return None
            }
            Event::ShockResultToBeForced { attacker_hits, defender_hits } => self.entry(
                format!("For testing: the next shock combat will take {attacker_hits}({defender_hits}), whatever the table says."),
                None,
            ),
            Event::ShockResultForced { attacker_hits, defender_hits, table: (a, d) } => self.entry(
                format!("For testing, the result was forced: {attacker_hits}({defender_hits}) instead of the table's {a}({d})."),
                None,
            ),
            Event::ShockDesignated { leader, attackers } => {
                let who = if attackers.is_empty() {
                    "only the units that must attack".to_string()
                } else {
                    attackers.iter().map(|a| unit_name(s, a)).collect::<Vec<_>>().join(", ") + " join the attack"
                };
                self.about(self.entry(format!("{}'s shock: {who}.", unit_name(s, leader)), Some("9.11")), leader)
            }
            Event::ShockResolved { attackers, defenders, column, lines } => {
                let names = |v: &[String]| v.iter().map(|x| unit_name(s, x)).collect::<Vec<_>>().join(" + ");
                let col = column.map(|c| format!(" on column {c}")).unwrap_or_default();
                let mut e = self.entry(
                    format!("{} attack {}{col}: {}.", names(attackers), names(defenders), lines.join("; ")),
                    Some("9.16"),
                );
                e.side = attackers.first().and_then(|a| side_of(s, a));
                e.units = attackers.iter().chain(defenders).cloned().collect();
                e
            }
            Event::EngagedChanged { units, engaged, rule } => {
                let names = units.iter().map(|x| unit_name(s, x)).collect::<Vec<_>>().join(", ");
                let (text, rule) = match (engaged, rule.starts_with("10.33")) {
                    (true, _) => (
                        format!("Engaged: {names} stay locked in the melee — no moving, turning or shooting (10.31)."),
                        "10.31",
                    ),
                    (false, true) => {
                        (format!("No longer Engaged: {names}, with no locked enemy left beside them."), "10.33")
                    }
                    (false, false) => (format!("No longer Engaged: {names}, after the combat moved them."), "9.18"),
                };
                let mut e = self.entry(text, Some(rule));
                e.side = units.first().and_then(|u| side_of(s, u));
                e.units = units.clone();
                e
            }
            Event::BrokeOff { unit, to, .. } => {
                let mut e = self.about(
                    self.entry(format!("{} breaks off the melee, stepping back to {to}.", unit_name(s, unit)), Some("10.32")),
                    unit,
                );
                e.hexes = vec![*to];
                e
            }
            _ => return None,
        })
    }

    /// Leaders in combat: casualties, an army's lost leader, a leader taken (GBA 9.14, 9.24, 4.62).
    fn leaders_in_combat(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        let rampage_rule = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).rampage.rule;
        Some(match event {
            Event::LeaderCasualty { leader, result, rule } => {
                use sarissa_rules::charts::leaders::LeaderResult;
                let what = match result {
                    LeaderResult::NoEffect => "is unhurt",
                    LeaderResult::Finished => "is shaken: he is finished for the turn",
                    LeaderResult::Wounded => "is wounded: every rating falls by 1, and he is finished for the turn",
                    LeaderResult::SeverelyWounded => {
                        "is badly wounded: every rating falls by 2, and he is finished for the turn"
                    }
                    LeaderResult::Killed if rule == rampage_rule => "is trampled to death by the rampaging elephant",
                    LeaderResult::Killed => "is killed",
                };
                let r: &'static str = match rule.as_str() {
                    "8.19" => "8.19",
                    "9.21" => "9.21",
                    r if r == rampage_rule => rampage_rule,
                    _ => "9.14",
                };
                self.about(self.entry(format!("{} {what}.", unit_name(s, leader)), Some(r)), leader)
            }
            Event::TargetLeaderLost { leader, winner } => {
                let text = format!("{} is lost: {} win at once.", unit_name(s, leader), s.sides[*winner].name);
                self.about(self.entry(text, Some("9.24")), leader)
            }
            Event::LeaderCaptured { leader } => self.about(
                self.entry(
                    format!(
                        "{}, alone beside the enemy and unable or unwilling to get away, is taken.",
                        unit_name(s, leader)
                    ),
                    Some("4.62"),
                ),
                leader,
            ),
            _ => return None,
        })
    }

    /// Chariots and elephants passing through the ranks they charge (the rule set's pass-through hooks; ranks parted, 10.27).
    fn passing_through(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::RanksParted { unit, chariot, .. } => {
                let text = format!(
                    "{} open their ranks and let {} through: no combat, but 1 hit for the disorder.",
                    unit_name(s, unit),
                    unit_name(s, chariot)
                );
                let mut e = self.about(self.entry(text, Some("10.27")), unit);
                e.units.push(chariot.clone());
                e
            }
            Event::PassThroughAttack { unit, defenders, hex, rule } => {
                let hook = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).pass_through;
                let pass_rule = hook.chariots.filter(|c| c == rule).unwrap_or(hook.rule);
                let names: Vec<String> = defenders.iter().map(|d| unit_name(s, d)).collect();
                let text = format!(
                    "{} finds no way out behind and crashes on into {} in {hex}.",
                    unit_name(s, unit),
                    names.join(" and ")
                );
                let mut e = self.about(self.entry(text, Some(pass_rule)), unit);
                e.units.extend(defenders.iter().cloned());
                e.hexes.push(*hex);
                e
            }
            Event::ElephantPassedThrough { unit, defender, to, rule, .. } => {
                let hook = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).pass_through;
                let pass_rule = hook.chariots.filter(|c| c == rule).unwrap_or(hook.rule);
                let text = format!(
                    "{} tramples on through the ranks of {} and comes out behind them, in {to}.",
                    unit_name(s, unit),
                    unit_name(s, defender)
                );
                let mut e = self.about(self.entry(text, Some(pass_rule)), unit);
                e.units.push(defender.clone());
                e.hexes = vec![*to];
                e
            }
            _ => return None,
        })
    }

    /// Advancing after combat (GBA 9.3).
    fn advance(&self, event: &Event) -> Option<LogEntry> {
        let s = self.s;
        Some(match event {
            Event::AdvanceTurnOffered { .. } => return None,
            Event::FormationAdvanced { unit, to, wheel, .. } => {
                let how = if *wheel { "wheels into" } else { "advances into" };
                let mut e =
                    self.about(self.entry(format!("{} {how} {}.", unit_name(s, unit), to.label()), Some("9.33")), unit);
                e.hexes = to.hexes().collect();
                e
            }
            Event::UnitWheeledAfterAdvance { unit, to, facing } => {
                let text = format!(
                    "{} wheels after its advance, to {} facing {}.",
                    unit_name(s, unit),
                    to.label(),
                    facing.name()
                );
                let mut e = self.about(self.entry(text, Some("9.33")), unit);
                e.hexes = to.hexes().collect();
                e
            }
            Event::UnitTurnedAfterAdvance { unit, facing } => self.about(
                self.entry(
                    format!("{} turns to face {} after its advance.", unit_name(s, unit), facing.name()),
                    Some("9.32"),
                ),
                unit,
            ),
            Event::UnitAdvanced { unit, to, .. } => {
                let mut e =
                    self.about(self.entry(format!("{} advances into {to}.", unit_name(s, unit)), Some("9.31")), unit);
                e.hexes = vec![*to];
                e
            }
            _ => return None,
        })
    }
}
