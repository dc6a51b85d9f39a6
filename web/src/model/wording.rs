//! The game log in plain words: every event a player should know of, with its dice and the
//! rule that made it happen. Text is ours; the rules are cited by number.

use sarissa_rules::combat::fire::ReactionFire;
use sarissa_rules::game::{Doom, Event, GameState, GateResult, HitCause, RampageEnd, RollPurpose, TowerResult};
use sarissa_rules::map::facing::Heading;
use sarissa_rules::map::hex::HexId;
use sarissa_rules::special::house::temperament::Temperament;
use sarissa_rules::Scenario;

#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    pub turn: u16,
    pub text: String,
    /// The rule that applies, e.g. "5.32".
    pub rule: Option<&'static str>,
    /// A die roll, shown as a die.
    pub roll: Option<u8>,
    /// Whose it is, for its colour.
    pub side: Option<usize>,
    /// Units and leaders it concerns, to highlight when tapped.
    pub units: Vec<String>,
    pub hexes: Vec<HexId>,
}

fn unit_name(s: &Scenario, id: &str) -> String {
    s.unit(id)
        .map(|u| u.name.clone())
        .or_else(|| s.leader(id).map(|l| l.name.clone()))
        .unwrap_or_else(|| id.to_string())
}

fn side_of(s: &Scenario, id: &str) -> Option<usize> {
    s.unit(id).map(|u| u.side).or_else(|| s.leader(id).map(|l| l.side))
}

fn plural(n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The log entry for an event, or `None` for bookkeeping a player need not read. `st`: the
/// state just before the event (a column's facing is a hexside, 6.63).
pub fn describe(s: &Scenario, st: &GameState, turn: u16, event: &Event) -> Option<LogEntry> {
    let rampage = sarissa_rules::scenario::rule_set::hooks(s.meta.rules).rampage;
    let (rampage_rule, rampage_first_flees) = (rampage.rule, rampage.first_high_roll_flees_cause);
    let withdrawal_from_rampage = rampage.withdrawal_rule;
    let heading = |id: &str, facing: sarissa_rules::map::hex::Vertex| {
        let column = s.units.iter().position(|u| u.id == id).is_some_and(|i| st.units[i].column);
        Heading::of(facing, column).name()
    };
    let entry = |text: String, rule: Option<&'static str>| LogEntry {
        turn,
        text,
        rule,
        roll: None,
        side: None,
        units: Vec::new(),
        hexes: Vec::new(),
    };
    let about = |mut e: LogEntry, id: &str| {
        e.side = side_of(s, id);
        e.units = vec![id.to_string()];
        if let Some(u) = s.unit(id) {
            e.hexes = u.placement.hexes().collect();
        }
        e
    };
    Some(match event {
        Event::TurnBegan { turn } => entry(format!("Turn {turn} begins."), Some("3.0")),
        Event::TurnEnded { turn } => entry(format!("Turn {turn} ends."), Some("3.0")),
        Event::CampOrdersBegan { side, units, .. } => {
            let names: Vec<String> = units.iter().map(|u| unit_name(s, u)).collect();
            let mut e = entry(
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
        Event::RetireDeclared { leader, city, .. } => about(
            entry(
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
            about(entry(text, Some(if *set_off { "CG 12.44" } else { "CG 12.43" })), leader)
        }
        Event::RetireArrived { leader } => about(
            entry(
                format!("{} has reached the royal enclosure and stays there. The enemy now wins only by taking the camp.", unit_name(s, leader)),
                Some("CG 12.44"),
            ),
            leader,
        ),
        Event::CampOrdersEnded { side } => {
            let mut e = entry(format!("Camp orders for {} are over.", s.sides[*side].name), Some("CG 12.17"));
            e.side = Some(*side);
            e
        }
        Event::DiceSealed { side, .. } => {
            let text = format!("{} seal their dice: from now on neither side can choose a roll.", s.sides[*side].name);
            LogEntry { side: Some(*side), ..entry(text, None) }
        }
        Event::DiceRevealed { side, .. } => {
            let text = format!("{} reveal their next sealed value: the dice are drawn anew.", s.sides[*side].name);
            LogEntry { side: Some(*side), ..entry(text, None) }
        }
        Event::UnitsAndLeadersReadied => {
            entry("Rout and reload: moved units and finished leaders are ready again.".into(), Some("3.1"))
        }
        Event::DieRolled { roll, purpose } => {
            let mut e = match purpose {
                RollPurpose::RetireToCamp { leader } => {
                    let need = s.leader(leader).and_then(|l| l.initiative).unwrap_or(0);
                    about(
                        entry(format!("{} rolls {roll} for the retire to camp (it begins above {need}).", unit_name(s, leader)), Some("CG 12.43")),
                        leader,
                    )
                }
                RollPurpose::CampOrdersFirst { side } => {
                    let mut e = entry(
                        format!("Both sides have camp orders: a {roll} for {}; the high roll goes first.", s.sides[*side].name),
                        Some("CG 12.17"),
                    );
                    e.side = Some(*side);
                    e
                }
                RollPurpose::InitiativeTie { side } => {
                    let mut e = entry(format!("Tie in initiative: a {roll} for {}.", s.sides[*side].name), Some("5.12"));
                    e.side = Some(*side);
                    e
                }
                RollPurpose::Trump { leader } => {
                    let need = s.leader(leader).and_then(|l| l.initiative).unwrap_or(0);
                    about(entry(format!("{} rolls {roll} to trump (needs {need} or less).", unit_name(s, leader)), Some("5.4")), leader)
                }                RollPurpose::Strategy { leader } => {
                    let need = s.leader(leader).and_then(|l| l.strategy).unwrap_or(0);
                    about(
                        entry(format!("{} rolls {roll} to give a line command on his own authority (needs {need} or less).", unit_name(s, leader)), Some("4.34")),
                        leader,
                    )
                }
                RollPurpose::WingStrategy { leader, nayaka } => {
                    let need = s.leader(leader).and_then(|l| l.strategy).unwrap_or(0);
                    about(
                        entry(format!("{} rolls {roll} to bring {} into his Wing Command (needs {need} or less).", unit_name(s, leader), unit_name(s, nayaka)), Some("CG 4.54")),
                        leader,
                    )
                }
                RollPurpose::Momentum { leader } => {
                    let need = s.leader(leader).and_then(|l| l.initiative).unwrap_or(0);
                    about(entry(format!("{} rolls {roll} for momentum (needs {need} or less; 9 is the roll of doom).", unit_name(s, leader)), Some("5.32")), leader)
                }
                RollPurpose::DieRollOfDoom { leader } => about(
                    entry(format!("The roll of doom for {}: {roll} (0–1 the enemy may re-activate a leader, 9 a crisis of faith).", unit_name(s, leader)), Some("5.33")),
                    leader,
                ),
                RollPurpose::MissileFire { unit, target } => about(
                    entry(format!("{} looses at {}: rolls {roll}.", unit_name(s, unit), unit_name(s, target)), Some("8.15")),
                    unit,
                ),
                RollPurpose::Shock { combat } => entry(format!("Shock, combat {}: rolls {roll}.", combat + 1), Some("9.1")),
                RollPurpose::PersonalCombat { leader } => about(
                    entry(format!("{} fights: rolls {roll}.", unit_name(s, leader)), Some("9.21")),
                    leader,
                ),
                RollPurpose::Rally { unit } => about(
                    entry(format!("Rallying {}: rolls {roll}.", unit_name(s, unit)), Some("10.27")),
                    unit,
                ),
                RollPurpose::Rampage { unit } => about(
                    entry(
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
                    let mut e = entry(format!("Flight roll for the {guild} of {}: rolls {roll}.", s.sides[*side].name), Some("11.42"));
                    e.side = Some(*side);
                    e
                }
                RollPurpose::Breach { unit } => about(
                    entry(format!("{} throws its weight against the camp's works: rolls {roll}.", unit_name(s, unit)), Some("CG 12.31")),
                    unit,
                ),
                RollPurpose::Temperament { leader } => about(
                    entry(format!("{}'s temperament: rolls {roll} (0–1 cautious, 8–9 aggressive).", unit_name(s, leader)), Some("House B1")),
                    leader,
                ),
                RollPurpose::BarbarianOrder { leader } => about(
                    entry(format!("{} rolls {roll} for his place in the order (highest first).", unit_name(s, leader)), Some("House B2")),
                    leader,
                ),
                RollPurpose::GateShot { unit } => about(
                    entry(format!("{} hurls a stone at the city gate: rolls {roll}.", unit_name(s, unit)), Some("CG 12.35")),
                    unit,
                ),
                RollPurpose::RallyTable { unit } => about(
                    entry(format!("The rally table for {}: rolls {roll}.", unit_name(s, unit)), Some("10.27")),
                    unit,
                ),
                RollPurpose::HouseRule { unit, rule } => {
                    let (text, rule) = match rule.as_str() {
                        "House B8" => (format!("Shooting into a melee: the die for {}'s volley (0-3 strikes the friend): rolls {roll}.", unit_name(s, unit)), "House B8"),
                        "House B5" => (format!("Surge: {} rolls {roll} (0–1 rushes its whole MA, 2–3 half, 4–9 holds).", unit_name(s, unit)), "House B5"),
                        "House B7" => (format!("Dense woods: {} looks for its way (0 or 1 and it is lost): rolls {roll}.", unit_name(s, unit)), "House B7"),
                        _ => (format!("A house rule's die for {}: rolls {roll}.", unit_name(s, unit)), "House"),
                    };
                    about(entry(text, Some(rule)), unit)
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
                    about(entry(format!("{} checks its troop quality ({tq}): rolls {roll}.", unit_name(s, unit)), Some(rule)), unit)
                }
            };
            e.roll = Some(*roll);
            e
        }
        Event::TieOrderSet { initiative, next_side } => {
            let mut e = entry(
                format!(
                    "Leaders of equal initiative ({initiative}): the next to act is from {}.",
                    s.sides[*next_side].name
                ),
                Some("5.12"),
            );
            e.side = Some(*next_side);
            e
        }
        Event::ActivationOffered { .. }
        | Event::MomentumOffered { .. }
        | Event::ReactivationOffered { .. }
        | Event::TrumpResponseOffered { .. }
        | Event::ReactionOffered { .. }
        | Event::ReactionEnded => return None,
        Event::ReactionFireOffered { .. } => return None,
        Event::UnitRecovered { unit, hits, .. } => about(
            entry(
                format!(
                    "{} re-forms its ranks: {hits} cohesion {} removed.",
                    unit_name(s, unit),
                    if *hits == 1 { "hit" } else { "hits" }
                ),
                Some("10.16"),
            ),
            unit,
        ),
        Event::SquareChanged { leader, unit, square } => {
            let (l, u) = (unit_name(s, leader), unit_name(s, unit));
            let text = if *square {
                format!("{l} has {u} close up into Square: it faces every way now, and will not charge (10.62).")
            } else {
                format!("{l} has {u} open out of Square, back in its line (10.62).")
            };
            about(entry(text, Some("CG 10.62")), unit)
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
            about(entry(text, Some("CG 10.28")), unit)
        }
        Event::Harassed { unit, target, .. } => {
            let (u, t) = (unit_name(s, unit), unit_name(s, target));
            let mut e =
                about(entry(format!("{u} dashes in to harass {t}, and back to where it stood."), Some("8.3")), unit);
            e.units.push(target.clone());
            e
        }
        Event::ReactionFaced { unit, facing } => about(
            entry(
                format!("{} turns to face {} as the enemy comes up.", unit_name(s, unit), facing.name()),
                Some("7.16"),
            ),
            unit,
        ),
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
            let mut e = about(entry(format!("{u} fires at {t}{why} ({need}): {result}.{supply}"), Some(rule)), unit);
            e.units.push(target.clone());
            e
        }
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
            let mut e = about(entry(text, Some(screen_rule)), unit);
            e.units.push(target.clone());
            e
        }
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
            let rule = if engine == Some(sarissa_rules::scenario::units::Engine::Sarvatobhadra) { "10.56" } else { "10.52" };
            let mut e =
                about(entry(format!("{u} shoots at {t} ({need}): {result}. It is {marker}."), Some(rule)), unit);
            e.units.push(target.clone());
            e
        }
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
            let mut e =
                about(entry(format!("The bowmen on {u} shoot at {t} ({need}): {result}.{supply}"), Some("G52")), unit);
            e.units.push(target.clone());
            e
        }
        Event::UnitRouted { unit, path, placement, rule, .. } => {
            let to = placement.label();
            let (text, rule): (String, &'static str) = if rule == "10.22" {
                (format!("{} flees on toward its own lines, to {to}.", unit_name(s, unit)), "10.22")
            } else {
                (format!("{} breaks and runs, to {to}: it is Routed.", unit_name(s, unit)), "10.21")
            };
            let mut e = about(entry(text, Some(rule)), unit);
            e.hexes = path.clone();
            e
        }
        Event::ShockSegmentBegan { .. } | Event::ShockSegmentEnded { .. } | Event::EliteInitiativeOffered { .. } => {
            return None
        }
        Event::ShockResultToBeForced { attacker_hits, defender_hits } => entry(
            format!("For testing: the next shock combat will take {attacker_hits}({defender_hits}), whatever the table says."),
            None,
        ),
        Event::ShockResultForced { attacker_hits, defender_hits, table: (a, d) } => entry(
            format!("For testing, the result was forced: {attacker_hits}({defender_hits}) instead of the table's {a}({d})."),
            None,
        ),
        Event::MissileResultToBeForced { hit } => entry(
            format!("For testing: the next volley will {}, whatever the chart says.", if *hit { "hit" } else { "miss" }),
            None,
        ),
        Event::MissileResultForced { hit, table } => {
            let said = |h: &bool| if *h { "a hit" } else { "a miss" };
            entry(format!("For testing, the result was forced: {} instead of the chart's {}.", said(hit), said(table)), None)
        }
        Event::EliteInitiativeTaken { leader } => about(
            entry(
                format!("{} takes the elite commander's opening orders phase (no momentum).", unit_name(s, leader)),
                Some("5.51"),
            ),
            leader,
        ),
        Event::EliteInitiativeEnded { leader } => about(
            entry(
                format!("{}'s opening phase is over; he may still be activated this turn.", unit_name(s, leader)),
                Some("5.52"),
            ),
            leader,
        ),
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
            about(entry(format!("{} {what}.", unit_name(s, leader)), Some(r)), leader)
        }
        Event::RanksParted { unit, chariot, .. } => {
            let text = format!(
                "{} open their ranks and let {} through: no combat, but 1 hit for the disorder.",
                unit_name(s, unit),
                unit_name(s, chariot)
            );
            let mut e = about(entry(text, Some("10.27")), unit);
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
            let mut e = about(entry(text, Some(pass_rule)), unit);
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
            let mut e = about(entry(text, Some(pass_rule)), unit);
            e.units.push(defender.clone());
            e.hexes = vec![*to];
            e
        }
        Event::AdvanceTurnOffered { .. } => return None,
        Event::RoutChoiceOffered { side, pending, .. } => {
            let hexes: Vec<String> = pending.options.iter().map(|o| o.label()).collect();
            let (what, rule) = if pending.break_off { ("step back", "10.32") } else { ("run", "10.21") };
            let text = format!(
                "{} may {what} to {} — equally good: {} chooses.",
                unit_name(s, &pending.unit),
                hexes.join(" or "),
                s.sides[*side].name
            );
            let mut e = about(entry(text, Some(rule)), &pending.unit);
            e.hexes = pending.options.iter().flat_map(|o| o.hexes()).collect();
            e
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
            let mut e = about(entry(text, Some(withdrawal_from_rampage)), &rampage.unit);
            e.units.extend(withdrawers.iter().chain(leaders).cloned());
            e
        }
        Event::RampageGoesOn { .. } => return None,
        Event::RoutHexChosen { unit, to } => {
            let owner = s.unit(unit).map(|u| s.sides[u.side].name.clone()).unwrap_or_default();
            let text = format!("{owner} chooses {} for {}.", to.label(), unit_name(s, unit));
            let mut e = about(entry(text, Some("10.21")), unit);
            e.hexes = to.hexes().collect();
            e
        }
        Event::FormationAdvanced { unit, to, wheel, .. } => {
            let how = if *wheel { "wheels into" } else { "advances into" };
            let mut e = about(entry(format!("{} {how} {}.", unit_name(s, unit), to.label()), Some("9.33")), unit);
            e.hexes = to.hexes().collect();
            e
        }
        Event::UnitWheeledAfterAdvance { unit, to, facing } => {
            let text =
                format!("{} wheels after its advance, to {} facing {}.", unit_name(s, unit), to.label(), facing.name());
            let mut e = about(entry(text, Some("9.33")), unit);
            e.hexes = to.hexes().collect();
            e
        }
        Event::UnitTurnedAfterAdvance { unit, facing } => about(
            entry(format!("{} turns to face {} after its advance.", unit_name(s, unit), facing.name()), Some("9.32")),
            unit,
        ),
        Event::UnitAdvanced { unit, to, .. } => {
            let mut e = about(entry(format!("{} advances into {to}.", unit_name(s, unit)), Some("9.31")), unit);
            e.hexes = vec![*to];
            e
        }
        Event::BattleEnded { winner, withdrawn, rout_points } => {
            let gone = withdrawn.iter().map(|&i| s.sides[i].name.clone()).collect::<Vec<_>>().join(" and ");
            let outcome = match winner {
                Some(w) => format!("victory to {}", s.sides[*w].name),
                None => "a draw".into(),
            };
            let lost = sarissa_rules::works::retire::lost_refuge(s, st);
            let mut e = if let Some((l, refuge)) = lost {
                let place = if refuge == sarissa_rules::works::retire::Refuge::City { "city" } else { "camp" };
                entry(format!("The battle is over: {} has lost the {place} it retired to; {outcome}.", s.sides[l].name), Some("CG 12.44"))
            } else if withdrawn.is_empty() {
                entry(format!("The battle is over: {outcome}."), None)
            } else {
                entry(
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
        Event::ShockDesignated { leader, attackers } => {
            let who = if attackers.is_empty() {
                "only the units that must attack".to_string()
            } else {
                attackers.iter().map(|a| unit_name(s, a)).collect::<Vec<_>>().join(", ") + " join the attack"
            };
            about(entry(format!("{}'s shock: {who}.", unit_name(s, leader)), Some("9.11")), leader)
        }
        Event::ShockResolved { attackers, defenders, column, lines } => {
            let names = |v: &[String]| v.iter().map(|x| unit_name(s, x)).collect::<Vec<_>>().join(" + ");
            let col = column.map(|c| format!(" on column {c}")).unwrap_or_default();
            let mut e = entry(
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
            let mut e = entry(text, Some(rule));
            e.side = units.first().and_then(|u| side_of(s, u));
            e.units = units.clone();
            e
        }
        Event::BrokeOff { unit, to, .. } => {
            let mut e = about(
                entry(format!("{} breaks off the melee, stepping back to {to}.", unit_name(s, unit)), Some("10.32")),
                unit,
            );
            e.hexes = vec![*to];
            e
        }
        Event::ScreenSupplyChanged { unit, .. } => about(
            entry(format!("The archers screening {} refill their quivers.", unit_name(s, unit)), Some("8.18")),
            unit,
        ),
        Event::SupplyChanged { unit, rule, .. } if rule == "8.18" => {
            about(entry(format!("{} refills its quivers and pouches.", unit_name(s, unit)), Some("8.18")), unit)
        }
        Event::SupplyChanged { unit, .. } => about(
            entry(
                format!("{} has thrown its javelins: no missiles until it reloads.", unit_name(s, unit)),
                Some("8.17"),
            ),
            unit,
        ),
        Event::TribalStacked { unit, over } => about(
            entry(
                format!("{} crowds in beneath {}, of its own tribe.", unit_name(s, unit), unit_name(s, over)),
                Some("6.74"),
            ),
            unit,
        ),
        Event::TribalStackSwapped { unit, under, .. } => about(
            entry(
                format!("{} pushes to the front of its hex, ahead of {}.", unit_name(s, unit), unit_name(s, under)),
                Some("6.74"),
            ),
            unit,
        ),
        Event::CascadeRout { unit, leader } => {
            let mut e = about(
                entry(
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
            let mut e = entry(
                format!("The {guild} ({broken} broken) roll {roll} + {broken} = {total} against flight level {level}: {verdict}."),
                Some("11.42"),
            );
            e.side = Some(*side);
            e
        }
        Event::BreachAttemptBegun { unit } => about(
            entry(
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
            let mut e = about(
                entry(format!("{} rolls {roll} against the {work} (needs {need} or less): {verdict}.", unit_name(s, unit)), Some("CG 12.31")),
                unit,
            );
            e.hexes = vec![*from, *to];
            e
        }
        Event::CityGateRolled { unit, from, to, roll, need, result } => {
            let mut e = about(
                entry(
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
            let mut e = about(
                entry(
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
            let mut e = about(
                entry(
                    format!("{} rolls {roll} against the camp tower (needs {need} or less): {verdict}.", unit_name(s, unit)),
                    Some("CG 12.32"),
                ),
                unit,
            );
            e.hexes = vec![*tower];
            e
        }
        Event::RallyOrdered { leader, unit } => {
            let mut e = about(
                entry(format!("{} tries to rally {}.", unit_name(s, leader), unit_name(s, unit)), Some("10.27")),
                unit,
            );
            e.units.push(leader.clone());
            e
        }
        Event::UnitRallied { unit, hits, .. } => about(
            entry(
                format!(
                    "{} rallies with {}; it takes no orders until next turn.",
                    unit_name(s, unit),
                    plural(*hits, "cohesion hit", "cohesion hits")
                ),
                Some("10.27"),
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
            let mut e = about(entry(text, Some(rampage_rule)), unit);
            e.units.extend(collided_with.iter().cloned());
            e.hexes = path.clone();
            e
        }
        Event::UnitEliminated { unit, rule } if rule == rampage_rule => about(
            entry(format!("{} is eliminated: its rampage is over.", unit_name(s, unit)), Some(rampage_rule)),
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
            about(entry(format!("{} is eliminated: {why}.", unit_name(s, unit)), Some(r)), unit)
        }
        Event::UnitWithdrew { unit, path, facing, .. } => {
            let to = path.last().map(|h| h.to_string()).unwrap_or_default();
            let mut e = about(
                entry(
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
            let mut e = entry(text, Some(if *pre_arranged { "6.83" } else { "6.78" }));
            e.side = side_of(s, leader);
            e.units = units.clone();
            e
        }
        Event::PreArrangedOffered { .. } => return None,
        Event::PreArrangedDeclared { side, orders } => {
            let names = orders.iter().map(|o| unit_name(s, &o.leader)).collect::<Vec<_>>().join(", ");
            let mut e = entry(
                format!(
                    "{} places pre-arranged withdrawal markers face down under {names}: each is a real order or a bluff.",
                    s.sides[*side].name
                ),
                Some("6.82"),
            );
            e.side = Some(*side);
            e
        }
        Event::PreArrangedRevealed { leader, units, activated } => {
            let name = unit_name(s, leader);
            let text = match (units.is_empty(), *activated) {
                (true, _) => format!("{name}'s marker is turned up: no pre-arranged withdrawal — it was a bluff."),
                (false, true) => format!(
                    "{name}'s marker is turned up: pre-arranged withdrawal. Activated with it, his line may fire or rally but not move this turn."
                ),
                (false, false) => format!("{name}'s marker is turned up: pre-arranged withdrawal."),
            };
            let mut e = about(entry(text, Some("6.83")), leader);
            e.units.extend(units.iter().cloned());
            e
        }
        Event::TargetLeaderLost { leader, winner } => {
            let text = format!("{} is lost: {} win at once.", unit_name(s, leader), s.sides[*winner].name);
            about(entry(text, Some("9.24")), leader)
        }
        Event::LeaderWithdrew { leader, path } if path.last().is_some_and(|h| !s.map.contains(*h)) => {
            let text =
                format!("{} withdraws off the field; he is out of the battle, but not dead.", unit_name(s, leader));
            let mut e = about(entry(text, Some("9.24")), leader);
            e.hexes = path.clone();
            e
        }
        Event::LeaderWithdrew { leader, path } if s.leader(leader).is_some_and(|l| l.darius_the_target) => {
            let to = path.last().map(|h| h.to_string()).unwrap_or_default();
            let text =
                format!("{} slips away to {to}, toward his own edge, as the enemy draws near.", unit_name(s, leader));
            let mut e = about(entry(text, Some("9.24")), leader);
            e.hexes = path.clone();
            e
        }
        Event::LeaderWithdrew { leader, path } => {
            let to = path.last().map(|h| h.to_string()).unwrap_or_default();
            let mut e = about(
                entry(format!("{} withdraws to {to} as the enemy comes up.", unit_name(s, leader)), Some("4.62")),
                leader,
            );
            e.hexes = path.clone();
            e
        }
        Event::LeaderCaptured { leader } => about(
            entry(
                format!(
                    "{}, alone beside the enemy and unable or unwilling to get away, is taken.",
                    unit_name(s, leader)
                ),
                Some("4.62"),
            ),
            leader,
        ),
        Event::MoveContinued { unit, path, mp, .. } => {
            let to = path.last().map(|h| h.to_string()).unwrap_or_default();
            let mut e =
                about(entry(format!("{} goes on to {to} ({mp} MP more).", unit_name(s, unit)), Some("6.3")), unit);
            e.hexes = path.clone();
            e
        }
        Event::TrumpTried { leader, over } => about(
            entry(
                format!("{} tries to take the initiative from {}.", unit_name(s, leader), unit_name(s, over)),
                Some("5.41"),
            ),
            leader,
        ),
        Event::TrumpSucceeded { leader } => {
            about(entry(format!("{} trumps successfully.", unit_name(s, leader)), Some("5.41")), leader)
        }
        Event::TrumpFailed { leader } => {
            about(entry(format!("{}'s trump fails.", unit_name(s, leader)), Some("5.41")), leader)
        }
        Event::TrumpVoided { leader } => about(
            entry(
                format!(
                    "{} is in an enemy zone of control and can neither order a move or a volley nor send anyone \
                     into shock: his trump counts as never made.",
                    unit_name(s, leader)
                ),
                Some("5.47"),
            ),
            leader,
        ),
        Event::LineDeclared { leader, line, units, .. } => {
            let mut e = about(
                entry(
                    format!("{} gives a line command to {} {line} units.", unit_name(s, leader), units.len()),
                    Some("4.31"),
                ),
                leader,
            );
            e.units.extend(units.iter().cloned());
            e
        }
        Event::EntryFireDeferred { firer, target } => {
            let (f, t) = (unit_name(s, firer), unit_name(s, target));
            let text = format!("{t} comes into the zone of {f}, which may shoot at it once the whole line has moved.");
            let mut e = about(entry(text, Some("8.21")), target);
            e.units.push(firer.clone());
            e
        }
        Event::LineMoveEnded { leader } => {
            about(entry(format!("{}'s line has finished its move.", unit_name(s, leader)), Some("8.21")), leader)
        }
        Event::LineFireOffered { entries, .. } => {
            let mut targets: Vec<String> = Vec::new();
            for e in entries {
                if !targets.contains(&e.target) {
                    targets.push(e.target.clone());
                }
            }
            let names: Vec<String> = targets.iter().map(|t| unit_name(s, t)).collect();
            let mut e = entry(
                format!(
                    "The line has moved: the enemy may now shoot at {} as they came into its zones.",
                    names.join(", ")
                ),
                Some("8.21"),
            );
            e.units.extend(targets);
            e
        }
        Event::LineRefused { leader } => about(
            entry(format!("{}'s roll fails: individual orders only this phase.", unit_name(s, leader)), Some("4.34")),
            leader,
        ),
        Event::NayakaPassed { leader } => about(
            entry(
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
            about(
                entry(
                    format!("{} gives a Wing Command to {}.{extra}", unit_name(s, leader), names.join(", ")),
                    Some("CG 4.54"),
                ),
                leader,
            )
        }
        Event::NayakaOrdersBegan { leader } => about(
            entry(format!("{} gives his line command under the Wing Command.", unit_name(s, leader)), Some("CG 4.54")),
            leader,
        ),
        Event::ContingentActivated { leader, contingent, orders, units } => {
            let spent = if *orders == 1 { "1 order".to_string() } else { format!("{orders} orders") };
            let names: Vec<String> = units.iter().map(|u| unit_name(s, u)).collect();
            about(
                entry(
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
            about(
                entry(
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
        Event::WingCommandEnded { leader } => {
            about(entry(format!("{}'s Wing Command is done.", unit_name(s, leader)), Some("CG 4.54")), leader)
        }
        Event::LeadersBypassed { leaders } => {
            let names: Vec<String> = leaders.iter().map(|l| unit_name(s, l)).collect();
            entry(
                format!("Passed over by the trump, {} may not use momentum this turn.", names.join(", ")),
                Some("5.44"),
            )
        }
        Event::LeaderActivated { leader, no_momentum, .. } => {
            let extra = if *no_momentum { " (re-activated: no momentum this time)" } else { "" };
            about(entry(format!("{} is activated{extra}.", unit_name(s, leader)), Some("5.1")), leader)
        }
        Event::OrdersPhaseBegan { leader, orders, momentum, .. } => {
            let kind = if *momentum { "another orders phase" } else { "his orders phase" };
            about(
                entry(
                    format!("{} begins {kind}: up to {}.", unit_name(s, leader), plural(*orders, "order", "orders")),
                    Some("5.21"),
                ),
                leader,
            )
        }
        Event::UnitMoved { unit, path, facing, mp, .. } => {
            let text = match path.as_slice() {
                // Stopped before its first step: the enemy may withdraw from it (6.71).
                [] if *mp == 0 => format!("{} sets off.", unit_name(s, unit)),
                [] => format!(
                    "{} turns to face {} ({}).",
                    unit_name(s, unit),
                    heading(unit, *facing),
                    plural(*mp, "MP", "MP")
                ),
                [.., last] => {
                    let via: Vec<String> = path[..path.len() - 1].iter().map(|h| h.to_string()).collect();
                    let via = if via.is_empty() { String::new() } else { format!(" by {}", via.join(", ")) };
                    format!(
                        "{} moves to {last}{via}, facing {} ({} MP).",
                        unit_name(s, unit),
                        heading(unit, *facing),
                        mp
                    )
                }
            };
            let mut e = about(entry(text, Some("6.3")), unit);
            e.hexes = path.clone();
            e
        }
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
            about(entry(text, Some("6.61")), unit)
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
            about(
                entry(
                    format!("{} takes {} {why}.", unit_name(s, unit), plural(*hits, "cohesion hit", "cohesion hits")),
                    Some(rule),
                ),
                unit,
            )
        }
        // A leader paused before his first step, for Darius (9.24): the pause says it all.
        Event::LeaderMoved { path, .. } if path.is_empty() => return None,
        Event::LeaderMoved { leader, path, mp, .. } => {
            let to = path.last().map(|h| h.to_string()).unwrap_or_default();
            let mut e =
                about(entry(format!("{} rides to {to} ({mp} MP).", unit_name(s, leader)), Some("4.23")), leader);
            e.hexes = path.clone();
            e
        }
        Event::LeaderRodeAlong { leader, unit, to } => {
            let text = format!(
                "{} keeps with {} to {to}: it costs him no MP or order.",
                unit_name(s, leader),
                unit_name(s, unit)
            );
            let mut e = about(entry(text, Some("5.68")), leader);
            e.hexes = vec![*to];
            e
        }
        Event::OrdersEnded { leader } => {
            about(entry(format!("{} ends his orders.", unit_name(s, leader)), Some("5.27")), leader)
        }
        Event::OutOfSightOrder { leader, unit } => about(
            entry(
                format!(
                    "Out-of-sight order: {} cannot see {}, so the order costs him one more.",
                    unit_name(s, leader),
                    unit_name(s, unit)
                ),
                Some("House B3"),
            ),
            unit,
        ),
        Event::CommandBroken { leader, units, lost } => about(
            entry(
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
        Event::TemperamentRolled { leader, temperament } => about(
            entry(
                format!("Leader temperament: {} is {}{}.", unit_name(s, leader), temperament.name(), match temperament {
                    Temperament::Aggressive => " (a step earlier to act; his attackers go in at −1)",
                    Temperament::Cautious => " (a step later to act; his attackers go in at +1)",
                    Temperament::Steady => "",
                }),
                Some("House B1"),
            ),
            leader,
        ),
        Event::BarbarianOrderRolled { side, slots } => {
            let order: Vec<String> = slots.iter().map(|(l, _)| unit_name(s, l)).collect();
            let text = format!("Barbarian order: this turn {} move in the order {}.", s.sides[*side].name, order.join(", "));
            LogEntry { side: Some(*side), ..entry(text, Some("House B2")) }
        }
        Event::BrokenCommandCheck { unit } => about(
            entry(
                format!("Command collapse: {} checks at +1, its command broken.", unit_name(s, unit)),
                Some("House B9"),
            ),
            unit,
        ),
        Event::LevyBalked { unit, .. } => about(
            entry(
                format!("Levy reluctance: {} balks and will not go toward the enemy; its order is spent.", unit_name(s, unit)),
                Some("House B4"),
            ),
            unit,
        ),
        Event::SweptAlong { unit, by } => about(
            entry(
                format!("Contagious flight: {} is swept back with {}.", unit_name(s, unit), unit_name(s, by)),
                Some("House B6"),
            ),
            unit,
        ),
        Event::FriendStruck { firer, friend, hits, over } => {
            let how = if *over { "passing over it near the target" } else { "shot into the melee" };
            let hits = if *hits == 1 { "1 hit".to_string() } else { format!("{hits} hits") };
            about(
                entry(
                    format!("Shooting into a melee: {}'s missiles, {how}, strike {} ({hits}).", unit_name(s, firer), unit_name(s, friend)),
                    Some("House B8"),
                ),
                friend,
            )
        }
        Event::EagerHeldBack { leader, unit } => about(
            entry(
                format!(
                    "Eager troops: {} holds {} back from the enemy, which costs him one order more.",
                    unit_name(s, leader),
                    unit_name(s, unit)
                ),
                Some("House B5"),
            ),
            unit,
        ),
        Event::Surged { unit, leader, toward, mp } => about(
            entry(
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
        Event::LostWay { unit, hex, facing } => {
            let text = format!(
                "Dense woods: {} loses its way in {hex}, stops and turns to face {}.",
                unit_name(s, unit),
                facing.name()
            );
            let mut e = about(entry(text, Some("House B7")), unit);
            e.hexes = vec![*hex];
            e
        }
        Event::MomentumGained { leader } => {
            about(entry(format!("{} keeps the momentum.", unit_name(s, leader)), Some("5.32")), leader)
        }
        Event::DoomOutcome { leader, outcome } => {
            let text = match outcome {
                Doom::Reactivation => "The enemy may re-activate any one of his leaders.",
                Doom::Finished => "Nothing worse than losing the initiative.",
                Doom::CrisisOfFaith => "A crisis of faith: his nearby troops lose heart.",
            };
            about(entry(format!("{} — {text}", unit_name(s, leader)), Some("5.33")), leader)
        }
        Event::LeaderFinished { leader } => {
            about(entry(format!("{} is finished for this turn.", unit_name(s, leader)), Some("5.15")), leader)
        }
    })
}

/// "strength S at range R, modifiers +D: needs N or less" for a volley's log line.
fn volley_need(strength: u8, range: u8, drm: i32) -> String {
    format!("strength {strength} at range {range}, modifiers {drm:+}: needs {} or less", strength as i32 - drm)
}

/// What a roll did to the city gate between `a` and `b` (CG 12.32, 12.35).
fn gate_verdict(a: HexId, b: HexId, result: GateResult) -> String {
    match result {
        GateResult::Held => format!("the gate between {a} and {b} holds"),
        GateResult::Damaged => format!("the gate between {a} and {b} is damaged; one more success breaks it open"),
        GateResult::Breached => {
            format!("the gate between {a} and {b} is breached: either side may pass it from now on")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sarissa_rules::map::hex::Vertex;

    #[test]
    fn wing_commands_read_with_their_cg_rule_4_54() {
        let s = crate::model::scenarios::load("samarkand").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let given = Event::WingCommandGiven {
            leader: "spitamenes".into(),
            nayakas: vec!["caranus".into()],
            restricted: Some("pharnuches".into()),
        };
        let e = describe(&s, &st, 1, &given).unwrap();
        assert_eq!(e.rule, Some("CG 4.54"));
        assert!(e.text.starts_with("Spitamenes gives a Wing Command to Caranus."), "{}", e.text);
        assert!(e.text.contains("Pharnuches lent his range for it and is Restricted this turn"), "{}", e.text);
        let passed = describe(&s, &st, 1, &Event::NayakaPassed { leader: "caranus".into() }).unwrap();
        assert_eq!(passed.rule, Some("CG 4.53"));
    }

    #[test]
    fn a_dismount_reads_with_its_cg_rule_10_28_and_the_foot_type() {
        let s = crate::model::scenarios::load("malayaketu").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let leader = s.leaders.iter().find(|l| l.side == 1).unwrap().clone();
        let down = Event::ChariotDismounted {
            leader: leader.id.clone(),
            unit: "chariots-h1".into(),
            facing: sarissa_rules::map::hex::Vertex::NE,
        };
        // Read against the scenario as set up (still a chariot there) or the game's (on foot).
        let mut on_foot = s.clone();
        let i = s.units.iter().position(|u| u.id == "chariots-h1").unwrap();
        on_foot.units[i] = s.units[i].foot_side().unwrap();
        for scenario in [&s, &on_foot] {
            let e = describe(scenario, &st, 3, &down).unwrap();
            assert_eq!(e.rule, Some("CG 10.28"));
            assert_eq!(e.units, vec!["chariots-h1".to_string()]);
            assert_eq!(
                e.text,
                format!(
                    "{} sends the crews of Chariots 1 down from their cars: on foot from now on, as light \
                     infantry, facing NE — they will not mount again (10.28).",
                    leader.name
                )
            );
        }
    }

    #[test]
    fn square_orders_read_with_their_cg_rule_10_62() {
        let s = crate::model::scenarios::load("samarkand").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let (id, name) = (s.units[0].id.clone(), s.units[0].name.clone());
        let leader = s.leaders[0].clone();
        let formed = Event::SquareChanged { leader: leader.id.clone(), unit: id.clone(), square: true };
        let e = describe(&s, &st, 1, &formed).unwrap();
        assert_eq!(e.rule, Some("CG 10.62"));
        assert_eq!(e.units, vec![id.clone()]);
        assert_eq!(
            e.text,
            format!(
                "{} has {name} close up into Square: it faces every way now, and will not charge (10.62).",
                leader.name
            )
        );
        let left = Event::SquareChanged { leader: leader.id.clone(), unit: id, square: false };
        let e = describe(&s, &st, 1, &left).unwrap();
        assert_eq!(e.text, format!("{} has {name} open out of Square, back in its line (10.62).", leader.name));
    }

    #[test]
    fn breach_rolls_read_with_their_cg_rule_12_31() {
        let s = crate::model::scenarios::load("samarkand").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let (id, name) = (s.units[0].id.clone(), s.units[0].name.clone());
        let (from, to) = (HexId::parse("0605").unwrap(), HexId::parse("0706").unwrap());
        let rolled = Event::BreachRolled { unit: id.clone(), from, to, gate: true, roll: 3, need: 4, breached: true };
        let e = describe(&s, &st, 2, &rolled).unwrap();
        assert_eq!(e.rule, Some("CG 12.31"));
        assert_eq!(
            e.text,
            format!("{name} rolls 3 against the gate (needs 4 or less): the gate between 0605 and 0706 is breached for the rest of the battle.")
        );
        assert_eq!(e.hexes, vec![from, to]);
        let held = Event::BreachRolled { unit: id.clone(), from, to, gate: false, roll: 3, need: 2, breached: false };
        let e = describe(&s, &st, 2, &held).unwrap();
        assert!(e.text.ends_with("the palisade between 0605 and 0706 holds."), "{}", e.text);
        let begun = describe(&s, &st, 2, &Event::BreachAttemptBegun { unit: id }).unwrap();
        assert_eq!(begun.rule, Some("CG 12.31"));
    }

    #[test]
    fn tower_attacks_read_with_their_cg_rule_12_32() {
        let s = crate::model::scenarios::load("samarkand").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let (id, name) = (s.units[0].id.clone(), s.units[0].name.clone());
        let (tower, out) = (HexId::parse("0705").unwrap(), HexId::parse("0605").unwrap());
        let line = |roll: u8, result: TowerResult| {
            let ev = Event::TowerAttackRolled { unit: id.clone(), tower, roll, need: 3, result };
            describe(&s, &st, 2, &ev).unwrap()
        };
        let held = line(4, TowerResult::Held);
        assert_eq!(held.rule, Some("CG 12.32"));
        assert_eq!(
            held.text,
            format!("{name} rolls 4 against the camp tower (needs 3 or less): the tower at 0705 stands firm.")
        );
        assert_eq!(held.hexes, vec![tower]);
        let damaged = line(3, TowerResult::Damaged);
        assert!(
            damaged.text.ends_with("the tower at 0705 is damaged; one more success brings it down."),
            "{}",
            damaged.text
        );
        let down = line(0, TowerResult::Destroyed { opened: vec![(tower, out)] });
        assert!(
            down.text.ends_with("its ground is open camp and the wall beside it (0705–0605) is breached from now on."),
            "{}",
            down.text
        );
    }

    #[test]
    fn contingent_commanders_read_with_their_rules_5_63_5_64() {
        let s = crate::model::scenarios::load("issus").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let given = Event::ContingentActivated {
            leader: "alexander".into(),
            contingent: "philotas".into(),
            orders: 3,
            units: vec!["comp-royal".into()],
        };
        let e = describe(&s, &st, 1, &given).unwrap();
        assert_eq!(e.rule, Some("5.63"));
        assert!(
            e.text.starts_with("Alexander spends 3 orders to activate Philotas, a contingent commander"),
            "{}",
            e.text
        );
        let ended =
            Event::ContingentCommandEnded { leader: "philotas".into(), commander: "alexander".into(), orders_left: 4 };
        let e = describe(&s, &st, 1, &ended).unwrap();
        assert_eq!(e.rule, Some("5.64"));
        assert!(e.text.contains("Alexander goes on with 4 orders left"), "{}", e.text);
    }

    #[test]
    fn rolls_and_moves_read_as_sentences_with_their_rule() {
        let s = crate::model::scenarios::load("samarkand").unwrap().unwrap();
        let mut st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let e = describe(
            &s,
            &st,
            1,
            &Event::DieRolled { roll: 4, purpose: RollPurpose::Momentum { leader: "spitamenes".into() } },
        )
        .unwrap();
        assert_eq!(e.roll, Some(4));
        assert_eq!(e.rule, Some("5.32"));
        assert!(e.text.starts_with("Spitamenes rolls 4 for momentum (needs "), "{}", e.text);
        let moved = |st: &GameState| {
            describe(
                &s,
                st,
                1,
                &Event::UnitMoved {
                    unit: "companions".into(),
                    path: vec![HexId::parse("2611").unwrap(), HexId::parse("2511").unwrap()],
                    placement: sarissa_rules::scenario::units::Placement::One(HexId::parse("2511").unwrap()),
                    facing: Vertex::W,
                    mp: 2,
                },
            )
            .unwrap()
        };
        let m = moved(&st);
        assert_eq!(m.text, "Companions moves to 2511 by 2611, facing W (2 MP).");
        assert_eq!(m.units, ["companions"]);
        assert!(describe(&s, &st, 1, &Event::MomentumOffered { leader: "spitamenes".into() }).is_none());
        // A column faces a hexside (6.63): the vertex W stands for the SW side.
        let i = s.units.iter().position(|u| u.id == "companions").unwrap();
        st.units[i].column = true;
        assert_eq!(moved(&st).text, "Companions moves to 2511 by 2611, facing the SW side (2 MP).");
        let formed = Event::FormationChanged { unit: "companions".into(), column: true, facing: Vertex::W };
        let f = describe(&s, &st, 1, &formed).unwrap();
        assert_eq!(
            (f.text.as_str(), f.rule),
            ("Companions forms column, facing the SW side (TQ −2 while in column).", Some("6.61"))
        );
    }

    #[test]
    fn a_rampage_stops_for_those_who_may_get_out_of_its_way_gba_6_77() {
        let s = crate::model::scenarios::load("samarkand").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let hex = |h: &str| HexId::parse(h).unwrap();
        let leg = Event::Rampaged {
            unit: "companions".into(),
            roll: 3,
            heading: Some(sarissa_rules::map::hex::Hexside::SE),
            path: vec![hex("2712")],
            collided_with: Vec::new(),
            end: None,
            paused: true,
        };
        let l = describe(&s, &st, 1, &leg).unwrap();
        assert_eq!(l.text, "Companions stampedes SE to 2712, bearing down on the units near it.");
        let rampage = sarissa_rules::special::rampage::Rampage {
            unit: "companions".into(),
            rolls: 1,
            cause: None,
            leg: None,
            cascade: None,
            asked: Vec::new(),
        };
        let offer = Event::RampageWithdrawalOffered {
            side: 1,
            withdrawers: vec!["archers".into()],
            waiting: Vec::new(),
            leaders: Vec::new(),
            waiting_leaders: Vec::new(),
            rampage,
            then: sarissa_rules::effects::cohesion::AfterRout::Settle,
        };
        let o = describe(&s, &st, 1, &offer).unwrap();
        assert_eq!(o.text, format!("Archers may get out of the way of Companions ({}).", s.sides[1].name));
        assert_eq!((o.rule, o.units.len()), (Some("6.77"), 2));
        assert!(describe(&s, &st, 1, &Event::RampageGoesOn { unit: "companions".into() }).is_none());
        // Leaders it came near are named with the units (4.62, P190).
        let leader = s.leaders[0].clone();
        let with_leader = match offer {
            Event::RampageWithdrawalOffered { side, withdrawers, waiting, rampage, then, .. } => {
                Event::RampageWithdrawalOffered {
                    side,
                    withdrawers,
                    waiting,
                    leaders: vec![leader.id.clone()],
                    waiting_leaders: Vec::new(),
                    rampage,
                    then,
                }
            }
            _ => unreachable!(),
        };
        let o = describe(&s, &st, 1, &with_leader).unwrap();
        assert_eq!(
            o.text,
            format!("Archers and {} may get out of the way of Companions ({}).", leader.name, s.sides[1].name)
        );
        assert!(o.units.contains(&leader.id));
    }

    #[test]
    fn the_camp_orders_phase_reads_in_plain_words_cg_12_17() {
        let s = crate::model::scenarios::load("pataliputra").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let (a, b) = (s.units[0].id.clone(), s.units[1].id.clone());
        let begun = Event::CampOrdersBegan { side: 0, units: vec![a.clone(), b.clone()], then: None };
        let e = describe(&s, &st, 1, &begun).unwrap();
        assert_eq!(
            e.text,
            format!(
                "Camp orders for {}: with no leader to command them, {}, {} may move, fire and attack on their own.",
                s.sides[0].name, s.units[0].name, s.units[1].name
            )
        );
        assert_eq!((e.rule, e.side, e.units), (Some("CG 12.17"), Some(0), vec![a, b]));
        let ended = describe(&s, &st, 1, &Event::CampOrdersEnded { side: 1 }).unwrap();
        assert_eq!(ended.text, format!("Camp orders for {} are over.", s.sides[1].name));
        let roll = Event::DieRolled { roll: 7, purpose: RollPurpose::CampOrdersFirst { side: 1 } };
        let r = describe(&s, &st, 1, &roll).unwrap();
        assert_eq!(
            r.text,
            format!("Both sides have camp orders: a 7 for {}; the high roll goes first.", s.sides[1].name)
        );
    }

    #[test]
    fn a_retire_to_camp_reads_in_plain_words_cg_12_42_12_44() {
        let s = crate::model::scenarios::load("pataliputra").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let (id, name) = (s.leaders[0].id.clone(), s.leaders[0].name.clone());
        let check = |total, in_area, rout_points, set_off| Event::RetireChecked {
            leader: id.clone(),
            total,
            in_area,
            rout_points,
            set_off,
        };
        let e = describe(&s, &st, 1, &check(6, true, 23, true)).unwrap();
        assert_eq!(
            e.text,
            format!("Total 6 (+1 in the royal enclosure, +2 for 23 rout points): the retreat begins. {name} gives individual orders only and must ride for the royal enclosure.")
        );
        assert_eq!(e.rule, Some("CG 12.44"));
        let e = describe(&s, &st, 1, &check(3, false, 4, false)).unwrap();
        assert_eq!(e.text, format!("Total 3: not yet. {name} is Finished for this turn."));
        assert_eq!(e.rule, Some("CG 12.43"));
        let arrived = describe(&s, &st, 1, &Event::RetireArrived { leader: id.clone() }).unwrap();
        assert!(arrived.text.starts_with(&format!("{name} has reached the royal enclosure")));
    }

    #[test]
    fn a_rampage_and_a_pass_through_read_in_plain_words_gba_11_13_11_14() {
        let s = crate::model::scenarios::load("samarkand").unwrap().unwrap();
        let st = GameState::setup(&s, sarissa_rules::Dice::seeded(1));
        let hex = |h: &str| HexId::parse(h).unwrap();
        let die = Event::DieRolled { roll: 3, purpose: RollPurpose::Rampage { unit: "companions".into() } };
        let d = describe(&s, &st, 1, &die).unwrap();
        assert_eq!((d.roll, d.rule), (Some(3), Some("11.14")));
        assert!(d.text.starts_with("Companions rampages: rolls 3 for its direction"), "{}", d.text);
        let leg = Event::Rampaged {
            unit: "companions".into(),
            roll: 3,
            heading: Some(sarissa_rules::map::hex::Hexside::SE),
            path: vec![hex("2712"), hex("2812")],
            collided_with: vec!["archers".into()],
            end: None,
            paused: false,
        };
        let l = describe(&s, &st, 1, &leg).unwrap();
        assert_eq!(l.text, "Companions stampedes SE to 2812 and crashes into Archers; it rampages on.");
        assert_eq!((l.rule, l.units.len(), l.hexes.len()), (Some("11.14"), 2, 2));
        let pass = Event::ElephantPassedThrough {
            unit: "companions".into(),
            defender: "archers".into(),
            from: hex("2711"),
            to: hex("2911"),
            rule: "11.13".into(),
        };
        let p = describe(&s, &st, 1, &pass).unwrap();
        assert_eq!(p.text, "Companions tramples on through the ranks of Archers and comes out behind them, in 2911.");
        assert_eq!(p.rule, Some("11.13"));
        let row = Event::PassThroughAttack {
            unit: "companions".into(),
            defenders: vec!["archers".into()],
            hex: hex("2911"),
            rule: "11.13".into(),
        };
        let r = describe(&s, &st, 1, &row).unwrap();
        assert_eq!(r.text, "Companions finds no way out behind and crashes on into Archers in 2911.");
        assert_eq!((r.rule, r.units.len()), (Some("11.13"), 2));
        let parted = Event::RanksParted { unit: "archers".into(), chariot: "companions".into(), rule: "10.27".into() };
        let p = describe(&s, &st, 1, &parted).unwrap();
        assert_eq!(
            p.text,
            "Archers open their ranks and let Companions through: no combat, but 1 hit for the disorder."
        );
        assert_eq!(p.rule, Some("10.27"));
    }
}
