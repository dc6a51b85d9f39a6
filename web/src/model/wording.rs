//! The game log in plain words: every event a player should know of, with its dice and the
//! rule that made it happen. Text is ours; the rules are cited by number.

mod camps;
mod command;
mod house;
mod missile;
mod movement;
mod reaction;
mod roll;
mod rout;
mod shock;
mod troops;
mod turn;

use sarissa_rules::game::{Event, GameState, GateResult, Part};
use sarissa_rules::map::facing::Heading;
use sarissa_rules::map::hex::HexId;

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
    let w = Wording { s, st, turn };
    if let Event::DieRolled { .. } = event {
        return w.roll(event);
    }
    match event.part() {
        Part::Turn => w.turn(event),
        Part::Command => w.command(event),
        Part::Movement => w.movement(event),
        Part::Reaction => w.reaction(event),
        Part::Missile => w.missile(event),
        Part::Shock => w.shock(event),
        Part::Rout => w.rout(event),
        Part::Troops => w.troops(event),
        Part::Camps => w.camps(event),
        Part::House => w.house(event),
    }
}

/// What every log line of one event shares: the battle, the state just before the event, the turn.
struct Wording<'a> {
    s: &'a Scenario,
    st: &'a GameState,
    turn: u16,
}

impl Wording<'_> {
    /// A line of the log with its rule, before its side, units and hexes are known.
    fn entry(&self, text: String, rule: Option<&'static str>) -> LogEntry {
        LogEntry { turn: self.turn, text, rule, roll: None, side: None, units: Vec::new(), hexes: Vec::new() }
    }

    /// The line is about this unit or leader: its side's colour, its hexes highlighted.
    fn about(&self, mut e: LogEntry, id: &str) -> LogEntry {
        e.side = side_of(self.s, id);
        e.units = vec![id.to_string()];
        if let Some(u) = self.s.unit(id) {
            e.hexes = u.placement.hexes().collect();
        }
        e
    }

    /// A facing in words; a column faces a hexside (6.63).
    fn heading(&self, id: &str, facing: sarissa_rules::map::hex::Vertex) -> String {
        let column = self.s.units.iter().position(|u| u.id == id).is_some_and(|i| self.st.units[i].column);
        Heading::of(facing, column).name()
    }
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
    use sarissa_rules::game::{RollPurpose, TowerResult};
    use sarissa_rules::map::hex::Vertex;

    #[test]
    fn wing_commands_read_with_their_cg_rule_4_54() {
        let s = crate::model::scenarios::load("samarkand").unwrap();
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
        let s = crate::model::scenarios::load("malayaketu").unwrap();
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
        let s = crate::model::scenarios::load("samarkand").unwrap();
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
        let s = crate::model::scenarios::load("samarkand").unwrap();
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
        let s = crate::model::scenarios::load("samarkand").unwrap();
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
        let s = crate::model::scenarios::load("issus").unwrap();
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
        let s = crate::model::scenarios::load("samarkand").unwrap();
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
        let s = crate::model::scenarios::load("samarkand").unwrap();
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
        let s = crate::model::scenarios::load("pataliputra").unwrap();
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
        let s = crate::model::scenarios::load("pataliputra").unwrap();
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
        let s = crate::model::scenarios::load("samarkand").unwrap();
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
