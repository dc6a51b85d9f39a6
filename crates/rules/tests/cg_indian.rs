//! Chandragupta's Indian systems (CG digest D6, D7, D69, D76): leaders riding elephants and
//! chariots (4.1, 6.16), Maula Rout (10.81), Cascade Rout (11.23), Sreni and Tribal Flight
//! (11.41, 11.42), with loaded dice on a `rules = "chandragupta"` field.

mod common;
use common::*;
use sarissa_rules::combat::shock::{resolve, Fighter, ShockSetup, StepKind};
use sarissa_rules::combat::Side;
use sarissa_rules::game::{Command, Dice, Event, HitCause, RollPurpose};
use sarissa_rules::map::facing::Arc;
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::UnitType;
use sarissa_rules::scenario::RuleSet;
use std::sync::Arc as Shared;

/// A scenario line with more keys: `with(unit(..), "grade = \"maula\"")`.
fn with(line: String, extra: &str) -> String {
    format!("{}, {extra} }}", line.trim_end_matches(" }"))
}

fn cg(blue: Vec<String>, red: Vec<String>, blue_leaders: Vec<String>) -> Field {
    Field {
        rules: "chandragupta",
        macedonian: [false, false],
        units: [blue, red],
        leaders: [blue_leaders, vec![leader("foe", "overall", 7, 4, "1210")]],
        ..Field::default()
    }
}

/// The raja, blue's overall commander, on the elephant `el` at 0205.
fn raja_on_elephant(initiative: u8) -> String {
    with(leader("raja", "overall", initiative, 6, "0205"), "rides = \"EL\"")
}

fn elephant(id: &str, at: &str) -> String {
    unit(id, "EL", "", 5, 6, 6, "J", at, "E")
}

fn idx(game: &Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

fn moved_mp(events: &[Event]) -> u8 {
    events.iter().find_map(|e| if let Event::LeaderMoved { mp, .. } = e { Some(*mp) } else { None }).unwrap()
}

fn refused_rule(game: &mut Game, command: Command) -> &'static str {
    match game.execute(&command) {
        Err(e) => e.rule(),
        Ok(events) => panic!("{command:?} was accepted: {events:?}"),
    }
}

fn move_leader(id: &str, path: &[&str]) -> Command {
    Command::MoveLeader { leader: id.into(), path: path.iter().map(|s| h(s)).collect() }
}

#[test]
fn cg_6_16_d6_a_leader_on_an_elephant_pays_elephant_costs() {
    // Woods: 2 MP for an elephant, 3 for a horseman.
    let mut f = cg(vec![elephant("el", "0205")], vec![], vec![raja_on_elephant(4)]);
    f.units[1].push(unit("r", "HC", "", 3, 6, 7, "", "1105", "W"));
    f.terrain = vec![("0305", 'w'), ("0405", 'w')];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, move_leader("raja", &["0305", "0405"]));
    assert_eq!(moved_mp(&events), 4);
    // The same leader on horseback: 6.
    let mut horse = cg(vec![elephant("el", "0205")], vec![], vec![leader("raja", "overall", 4, 6, "0205")]);
    horse.units[1] = f.units[1].clone();
    horse.terrain = f.terrain.clone();
    let (mut game, _) = horse.start(&[]);
    ok(&mut game, activate("raja"));
    assert_eq!(moved_mp(&ok(&mut game, move_leader("raja", &["0305", "0405"]))), 6);
}

#[test]
fn cg_6_16_d6_a_chariot_rider_keeps_out_of_woods_but_enters_a_town() {
    let rider = with(leader("raja", "overall", 4, 6, "0205"), "rides = \"CH\"");
    let mut f = cg(vec![unit("ch", "CH", "", 2, 5, 8, "J", "0205", "E")], vec![], vec![rider]);
    f.units[1].push(unit("r", "HC", "", 3, 6, 7, "", "1105", "W"));
    f.terrain = vec![("0305", 'w'), ("0204", 't')];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("raja"));
    assert_eq!(refused_rule(&mut game, move_leader("raja", &["0305"])), "6.16");
    // Chariots never enter a town; the rider may (6.16), at a horseman's cost.
    assert_eq!(moved_mp(&ok(&mut game, move_leader("raja", &["0204"]))), 2);
}

#[test]
fn cg_4_21_d7_the_command_range_path_goes_where_the_conveyance_goes() {
    // A belt of woods down column 04: a chariot cannot cross it, a horseman can.
    let woods: Vec<(&str, char)> = ["0401", "0402", "0403", "0404", "0405", "0406", "0407", "0408", "0409", "0410"]
        .into_iter()
        .map(|h| (h, 'w'))
        .collect();
    let blue = vec![unit("ch", "CH", "", 2, 5, 8, "J", "0205", "E"), unit("mi", "MI", "", 4, 5, 5, "", "0605", "E")];
    let red = vec![unit("r", "HC", "", 3, 6, 7, "", "1105", "W")];
    for (rides, in_range) in [("rides = \"CH\"", false), ("", true)] {
        let raja = if rides.is_empty() {
            leader("raja", "overall", 4, 6, "0205")
        } else {
            with(leader("raja", "overall", 4, 6, "0205"), rides)
        };
        let mut f = cg(blue.clone(), red.clone(), vec![raja]);
        f.terrain = woods.clone();
        let (game, _) = f.start(&[]);
        let mi = idx(&game, "mi");
        assert_eq!(
            sarissa_rules::command::orders::in_command_range(&game.scenario, &game.state, 0, mi),
            in_range,
            "{rides}"
        );
    }
}

#[test]
fn cg_4_1_6_15_a_tribal_chief_has_6_mp_and_pays_infantry_costs() {
    // Marsh: 2 MP on foot, 3 for a horseman; three marsh hexes are 6 MP, all he has.
    let chief = with(leader("tc", "tribal-chief", 1, 3, "0205"), "guild = \"kirata\"");
    let tribal = with(unit("t1", "LI", "J", 3, 5, 6, "J", "0105", "E"), "grade = \"tribal\", guild = \"kirata\"");
    let mut f = cg(
        vec![tribal],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1105", "W")],
        vec![leader("raja", "overall", 4, 6, "0209"), chief],
    );
    f.terrain = vec![("0305", 'm'), ("0405", 'm'), ("0505", 'm'), ("0605", 'm')];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("tc"));
    assert_eq!(moved_mp(&ok(&mut game, move_leader("tc", &["0305", "0405", "0505"]))), 6);
}

#[test]
fn a_rider_must_start_on_his_mount_and_only_in_chandragupta_cg_6_16() {
    let f = cg(vec![unit("mi", "MI", "", 4, 5, 5, "", "0205", "E")], vec![], vec![raja_on_elephant(4)]);
    let err = sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string();
    assert!(err.contains("rider starts the game stacked with a EL") && err.contains("6.16"), "{err}");
    let gba = Field { rules: "alexander", ..cg(vec![elephant("el", "0205")], vec![], vec![raja_on_elephant(4)]) };
    let err = sarissa_rules::load("field.toml", &gba.toml()).unwrap_err().to_string();
    assert!(err.contains("`rides` is a Chandragupta rule"), "{err}");
}

/// Blue: the raja (init 4, range 6) at 0205 on `mount` with a Routed MI (printed TQ 7) at 0405.
fn rally_field(rides: bool) -> (Game, usize) {
    let raja = if rides { raja_on_elephant(4) } else { leader("raja", "overall", 4, 6, "0205") };
    let f = cg(
        vec![elephant("el", "0205"), unit("mi", "MI", "", 4, 7, 5, "", "0405", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1105", "W")],
        vec![raja],
    );
    let (mut game, _) = f.start(&[6]);
    let mi = idx(&game, "mi");
    game.state.units[mi].routed = true;
    (game, mi)
}

#[test]
fn w39_cg_11_33_a_leader_on_an_elephant_rallies_with_1_off_the_roll() {
    // Initiative 4 needs 5 or less: a 6 from the elephant's back is a 5, rallied at 7 / 2 = 3.
    let (mut game, mi) = rally_field(true);
    game.state.dice = Dice::scripted(&[6]);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, Command::Rally { unit: "mi".into(), facing: Vertex::E });
    assert!(events.contains(&Event::UnitRallied {
        unit: "mi".into(),
        hits: 3,
        facing: Vertex::E,
        supply: game.state.units[mi].supply
    }));
    // On horseback the same 6 fails: the unit runs on.
    let (mut game, mi) = rally_field(false);
    game.state.dice = Dice::scripted(&[6]);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, Command::Rally { unit: "mi".into(), facing: Vertex::E });
    assert!(!events.iter().any(|e| matches!(e, Event::UnitRallied { .. })), "{events:?}");
    assert!(game.state.units[mi].routed);
}

/// A Maula MI (TQ 5) with its OC, defending against horse.
fn maula_setup(arc: Arc, hits: u8) -> ShockSetup {
    let attacker = Fighter::new(UnitType::HC, None, 3, 7).through(arc);
    let mut defender = Fighter::new(UnitType::MI, None, 4, 5).with_hits(hits);
    defender.maula_stand = true;
    ShockSetup::new(RuleSet::Chandragupta, vec![attacker], vec![defender])
}

fn stand_rolls(steps: &[sarissa_rules::combat::shock::Step]) -> Vec<(&'static str, u8, i32, bool)> {
    steps
        .iter()
        .filter_map(|s| match s.kind {
            StepKind::StandRoll { roll, modified, stands, .. } => Some((s.rule, roll, modified, stands)),
            _ => None,
        })
        .collect()
}

#[test]
fn cg_10_81_a_maula_unit_with_its_overall_commander_stands_on_roll_plus_excess_within_tq() {
    // 4 hits on TQ 5, and the shock's 0 gives it 2 more: 6. Roll 3 + 1 = 4 ≤ 5 stands at
    // TQ − 1 = 4 hits; roll 5 + 1 = 6 routs.
    for (roll, stands) in [(3u8, true), (5, false)] {
        let setup = maula_setup(Arc::Front, 4);
        let mut dice = [0, roll].into_iter().chain(std::iter::repeat(0));
        let out = resolve(&setup, &mut || dice.next().unwrap()).unwrap();
        let first = stand_rolls(&out.steps)[0];
        assert_eq!(first, ("CG 10.81", roll, roll as i32 + 1, stands), "{:#?}", out.steps);
        if stands {
            assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::SetToTqMinusOne { hits: 4, .. })));
        } else {
            assert!(out.any_routed(Side::Defender));
        }
    }
}

#[test]
fn cg_10_81_position_superiority_routs_a_maula_unit_without_a_roll() {
    // Struck in the flank, the unit routs the moment its hits reach its TQ: no stand roll.
    let setup = maula_setup(Arc::Flank, 4);
    let mut dice = std::iter::repeat(9);
    let out = resolve(&setup, &mut || dice.next().unwrap()).unwrap();
    assert!(out.any_routed(Side::Defender), "{:#?}", out.steps);
    assert!(stand_rolls(&out.steps).is_empty(), "{:#?}", out.steps);
}

#[test]
fn cg_10_81_only_a_maula_defender_stacked_with_its_overall_commander_gets_the_stand() {
    let maula = |id: &str, at: &str| with(unit(id, "MI", "", 4, 5, 5, "", at, "E"), "grade = \"maula\"");
    let f = cg(
        vec![
            maula("m1", "0505"),
            maula("m2", "0507"),
            with(unit("b1", "MI", "", 4, 5, 5, "", "0509", "E"), "grade = \"bharta\""),
        ],
        vec![unit("r1", "HC", "", 3, 6, 7, "", "0605", "W"), unit("r2", "HC", "", 3, 6, 7, "", "0607", "W")],
        vec![leader("raja", "overall", 4, 6, "0505"), leader("wc", "wing", 3, 4, "0509")],
    );
    let (game, _) = f.start(&[]);
    let stand = |a: &str, d: &str| {
        let combat = sarissa_rules::combat::shock_segment::Combat {
            attackers: vec![idx(&game, a)],
            defenders: vec![idx(&game, d)],
        };
        sarissa_rules::combat::shock_segment::setup(&game.scenario, &game.state, &combat, &[]).defenders[0].maula_stand
    };
    assert!(stand("r1", "m1"));
    assert!(!stand("r2", "m2"), "not stacked with the overall commander");
    assert!(!stand("r2", "b1"), "a Bharta unit, and a wing commander");
}

/// Blue: the raja on the elephant `el` at 0505 (TQ 6); friends (TQ 4) beside it at 0405 and
/// 0605, and one more at 0305, beside 0405 only.
fn cascade_field(raja_role: &str) -> Game {
    let raja = with(leader("raja", raja_role, 4, 6, "0505"), "rides = \"EL\"");
    let mut leaders = vec![];
    if raja_role != "overall" {
        leaders.push(leader("king", "overall", 5, 6, "0109"));
    }
    leaders.push(raja);
    let f = cg(
        vec![
            elephant("el", "0505"),
            unit("a", "MI", "", 4, 4, 5, "", "0405", "E"),
            unit("b", "MI", "", 4, 4, 5, "", "0605", "E"),
            unit("c", "MI", "", 4, 4, 5, "", "0305", "E"),
        ],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")],
        leaders,
    );
    f.start(&[]).0
}

fn checks(events: &[Event]) -> Vec<(String, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DieRolled { roll, purpose: RollPurpose::TqCheck { unit, rule } } if rule == "11.23" => {
                Some((unit.clone(), *roll))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn cg_11_23_an_elephant_carrying_the_overall_commander_breaks_and_the_rout_cascades() {
    let mut game = cascade_field("overall");
    let el = idx(&game, "el");
    // The elephant is at its TQ: it would rout, so it rampages (the mahout kills it on a 7),
    // and its friends check: a rolls 8 (4 hits, routs), b rolls 4 (holds); c, beside the
    // routed a, checks too: 9 (5 hits, routs).
    game.state.units[el].hits = 6;
    game.state.dice = Dice::scripted(&[7, 8, 4, 9]);
    let mut events = ok(&mut game, pass("raja"));
    events.extend(rout_first(&mut game));
    assert!(events.contains(&Event::CascadeRout { unit: "el".into(), leader: "raja".into() }), "{events:?}");
    assert_eq!(checks(&events), [("a".into(), 8), ("b".into(), 4), ("c".into(), 9)]);
    assert!(events.contains(&Event::CohesionHits { unit: "a".into(), hits: 4, cause: HitCause::CascadeRout }));
    assert!(events.contains(&Event::CohesionHits { unit: "c".into(), hits: 5, cause: HitCause::CascadeRout }));
    for (u, routed) in [("a", true), ("b", false), ("c", true)] {
        assert_eq!(game.state.units[idx(&game, u)].routed, routed, "{u}");
    }
}

#[test]
fn cg_11_23_with_a_wing_commander_aboard_only_the_elephants_neighbours_check() {
    let mut game = cascade_field("wing");
    let el = idx(&game, "el");
    game.state.units[el].hits = 6;
    game.state.dice = Dice::scripted(&[7, 8, 4]);
    let events = ok(&mut game, pass("raja"));
    assert_eq!(checks(&events), [("a".into(), 8), ("b".into(), 4)]);
    assert!(!game.state.units[idx(&game, "c")].routed);
}

#[test]
fn cg_11_23_no_cascade_without_the_commander_on_the_beast() {
    // G53: his conveyance stays, but the elephant that breaks must carry him.
    let mut game = cascade_field("overall");
    game.state.leaders[0].at = h("0109");
    let el = idx(&game, "el");
    game.state.units[el].hits = 6;
    game.state.dice = Dice::scripted(&[7]);
    let events = ok(&mut game, pass("raja"));
    assert!(checks(&events).is_empty(), "{events:?}");
}

/// Blue's tribe `kirata` (flight level 6): four LI far from everyone, t1 and t2 Routed and t3
/// eliminated; its chief at 0209.
fn flight_field() -> Game {
    let tribal =
        |id: &str, at: &str| with(unit(id, "LI", "J", 3, 5, 6, "J", at, "W"), "grade = \"tribal\", guild = \"kirata\"");
    let f = cg(
        vec![tribal("t1", "0602"), tribal("t2", "0604"), tribal("t3", "0606"), tribal("t4", "0608")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")],
        vec![
            leader("raja", "overall", 4, 6, "0101"),
            with(leader("tc", "tribal-chief", 1, 3, "0209"), "guild = \"kirata\""),
        ],
    );
    let toml =
        f.toml().replacen("withdrawal_level = 20\n", "withdrawal_level = 20\nflight_levels = { kirata = 6 }\n", 1);
    let scenario = sarissa_rules::load("field.toml", &toml).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) = Game::new(Shared::new(scenario), Dice::scripted(&[])).unwrap();
    for (u, routed) in [("t1", true), ("t2", true), ("t3", false)] {
        let i = idx(&game, u);
        game.state.units[i].routed = routed;
        game.state.units[i].eliminated = !routed;
    }
    game
}

/// Every leader passes; the turn ends with the Rout Movement segment.
fn end_the_turn(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    for l in ["tc", "raja", "foe"] {
        events.extend(ok(game, pass(l)));
    }
    // The routers' owners take the first of each tie of hexes (P120).
    events.extend(rout_first(game));
    events
}

#[test]
fn w41_cg_11_42_a_tribe_flees_when_its_roll_plus_broken_units_tops_its_flight_level() {
    // 2 Routed + 1 eliminated: a 3 makes 6, not over 6: it stays.
    let mut game = flight_field();
    game.state.dice = Dice::scripted(&[3]);
    let events = end_the_turn(&mut game);
    let checked = Event::FlightChecked { guild: "kirata".into(), side: 0, roll: 3, broken: 3, level: 6, flees: false };
    assert!(events.contains(&checked), "{events:?}");
    assert!(!game.state.units[idx(&game, "t4")].eliminated);
    // A 4 makes 7: the whole tribe goes home.
    let mut game = flight_field();
    game.state.dice = Dice::scripted(&[4]);
    let events = end_the_turn(&mut game);
    let checked = Event::FlightChecked { guild: "kirata".into(), side: 0, roll: 4, broken: 3, level: 6, flees: true };
    assert!(events.contains(&checked), "{events:?}");
    assert!(events.contains(&Event::UnitEliminated { unit: "t4".into(), rule: "11.42".into() }));
    for u in ["t1", "t2", "t4"] {
        assert!(game.state.units[idx(&game, u)].eliminated, "{u}");
    }
}

#[test]
fn cg_11_42_a_guild_without_a_flight_level_never_rolls() {
    let tribal = with(unit("t1", "LI", "J", 3, 5, 6, "J", "0602", "W"), "grade = \"tribal\", guild = \"kirata\"");
    let f = cg(
        vec![tribal],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")],
        vec![
            leader("raja", "overall", 4, 6, "0101"),
            with(leader("tc", "tribal-chief", 1, 3, "0209"), "guild = \"kirata\""),
        ],
    );
    let (mut game, _) = f.start(&[]);
    let t1 = idx(&game, "t1");
    game.state.units[t1].routed = true;
    let events = end_the_turn(&mut game);
    assert!(!events.iter().any(|e| matches!(e, Event::FlightChecked { .. })), "{events:?}");
}

#[test]
fn flight_levels_name_a_guild_of_the_side_cg_11_42() {
    let f = cg(
        vec![unit("a", "MI", "", 4, 5, 5, "", "0405", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")],
        vec![leader("raja", "overall", 4, 6, "0101")],
    );
    let toml =
        f.toml().replacen("withdrawal_level = 20\n", "withdrawal_level = 20\nflight_levels = { kirata = 6 }\n", 1);
    let err = sarissa_rules::load("field.toml", &toml).unwrap_err().to_string();
    assert!(err.contains("no sreni or tribal unit of this side belongs to `kirata`"), "{err}");
}

/// The raja (Charisma 3) at 0505 with `with_him`; blue units around; a red horse unit to fight.
fn charisma_field(blue: Vec<String>, raja: String) -> Game {
    let f = cg(
        blue,
        vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")],
        vec![raja.replace("charisma = 1", "charisma = 3")],
    );
    f.start(&[]).0
}

fn lent(game: &Game, attackers: &[&str]) -> u8 {
    let combat = sarissa_rules::combat::shock_segment::Combat {
        attackers: attackers.iter().map(|a| idx(game, a)).collect(),
        defenders: vec![idx(game, "r")],
    };
    sarissa_rules::combat::shock_segment::setup(&game.scenario, &game.state, &combat, &[]).lent_charisma[0]
}

#[test]
fn cg_9_17_d60_an_overall_commander_on_an_elephant_lends_charisma_to_every_unit_beside_it() {
    let bharta = |id: &str, at: &str| with(unit(id, "MI", "", 4, 5, 5, "", at, "E"), "grade = \"bharta\"");
    let game = charisma_field(
        vec![elephant("el", "0505"), bharta("beside", "0605"), bharta("far", "0805")],
        raja_on_elephant(4).replace("0205", "0505"),
    );
    assert_eq!(lent(&game, &["beside"]), 3);
    assert_eq!(lent(&game, &["el"]), 3);
    assert_eq!(lent(&game, &["far"]), 0);
}

#[test]
fn cg_9_17_d60_with_a_maula_unit_the_overall_commander_reaches_the_maula_beside_it_only() {
    let graded =
        |id: &str, at: &str, g: &str| with(unit(id, "MI", "", 4, 5, 5, "", at, "E"), &format!("grade = \"{g}\""));
    let game = charisma_field(
        vec![graded("m1", "0505", "maula"), graded("m2", "0605", "maula"), graded("b", "0504", "bharta")],
        leader("raja", "overall", 4, 6, "0505"),
    );
    assert_eq!(lent(&game, &["m2"]), 3);
    assert_eq!(lent(&game, &["b"]), 0);
    // Under the Alexander rules nobody lends Charisma from beside.
    let gba = Field {
        rules: "alexander",
        units: [
            vec![unit("m2", "MI", "", 4, 5, 5, "", "0605", "E")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")],
        ],
        leaders: [vec![leader("raja", "overall", 4, 6, "0605")], vec![leader("foe", "overall", 7, 4, "1210")]],
        ..Field::default()
    };
    let (game, _) = gba.start(&[]);
    assert_eq!(lent(&game, &["m2"]), 0);
}

#[test]
fn cg_4_64_a_chiefs_charisma_is_for_his_own_guild_only() {
    let sreni = |id: &str, at: &str, g: &str| {
        with(unit(id, "MI", "", 4, 5, 5, "", at, "E"), &format!("grade = \"sreni\", guild = \"{g}\""))
    };
    let chief =
        with(leader("gc", "guild-chief", 2, 3, "0505"), "guild = \"kamboja\"").replace("charisma = 1", "charisma = 2");
    let f = cg(
        vec![sreni("k1", "0505", "kamboja"), unit("mi", "MI", "", 4, 5, 5, "", "0506", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")],
        vec![leader("raja", "overall", 4, 6, "0101"), chief],
    );
    let (game, _) = f.start(&[]);
    let charisma = |attackers: &[&str]| {
        let combat = sarissa_rules::combat::shock_segment::Combat {
            attackers: attackers.iter().map(|a| idx(&game, a)).collect(),
            defenders: vec![idx(&game, "r")],
        };
        let s = sarissa_rules::combat::shock_segment::setup(&game.scenario, &game.state, &combat, &[]);
        s.attacker_leader.map(|l| l.charisma)
    };
    assert_eq!(charisma(&["k1"]), Some(2));
    assert_eq!(charisma(&["k1", "mi"]), Some(0));
}

#[test]
fn cg_9_17_lent_charisma_enters_the_shock_roll() {
    let mut setup = ShockSetup::new(
        RuleSet::Chandragupta,
        vec![Fighter::new(UnitType::HC, None, 3, 7)],
        vec![Fighter::new(UnitType::MI, None, 4, 5)],
    );
    setup.lent_charisma = [2, 0];
    let mut dice = std::iter::repeat(4);
    let out = resolve(&setup, &mut || dice.next().unwrap()).unwrap();
    let crt = out.steps.iter().find_map(|s| match s.kind {
        StepKind::CrtRoll { attacker_charisma, modified, .. } => Some((attacker_charisma, modified)),
        _ => None,
    });
    assert_eq!(crt, Some((2, 6)));
}

fn sreni(id: &str, at: &str, facing: &str, guild: &str) -> String {
    with(unit(id, "MI", "", 4, 5, 5, "", at, facing), &format!("grade = \"sreni\", guild = \"{guild}\""))
}

fn chief(id: &str, guild: &str, initiative: u8, at: &str) -> String {
    with(leader(id, "guild-chief", initiative, 3, at), &format!("guild = \"{guild}\""))
}

/// Two guilds of blue, the Kamboja (chief gc, initiative 1, at 0305) and the Malla (chief gm at
/// `gm_at`), with a unit each at 0405 and 0505; gc is active.
fn two_guilds(gm_at: &str) -> Game {
    let f = cg(
        vec![sreni("k1", "0405", "E", "kamboja"), sreni("m1", "0505", "E", "malla")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1110", "W")],
        vec![
            leader("raja", "overall", 4, 6, "0101"),
            chief("gc", "kamboja", 1, "0305"),
            chief("gm", "malla", 2, gm_at),
        ],
    );
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("gc"));
    game
}

#[test]
fn cg_10_72_2_guild_units_do_not_pass_through_a_rival_guild() {
    let mut game = two_guilds("0605");
    assert_eq!(refused_rule(&mut game, mv("k1", &["0505", "0605"], Vertex::E)), "10.72");
}

#[test]
fn cg_10_72_1_a_guild_chief_keeps_out_of_a_rival_chiefs_hex() {
    let mut game = two_guilds("0307");
    assert_eq!(refused_rule(&mut game, move_leader("gc", &["0306", "0307"])), "10.72");
    let reach = sarissa_rules::movement::leader_reach(&game.scenario, &game.state, 1, false);
    assert!(!reach.contains_key(&h("0307")) && reach.contains_key(&h("0306")));
}

#[test]
fn cg_10_72_3_a_routed_guild_unit_takes_rival_guilds_for_enemies() {
    // k1 at 0505 routs: the enemy holds one neighbour, guild units all the others.
    let around: Vec<_> = sarissa_rules::map::hex::Hexside::ALL.iter().filter_map(|s| h("0505").neighbour(*s)).collect();
    let enemy_hex = around.iter().copied().find(|x| x.col == 6).unwrap();
    for (guild, blocked) in [("malla", true), ("kamboja", false)] {
        let mut blue = vec![sreni("k1", "0505", "E", "kamboja")];
        for (n, x) in around.iter().filter(|x| **x != enemy_hex).enumerate() {
            blue.push(sreni(&format!("g{n}"), &x.to_string(), "E", guild));
        }
        let f = cg(
            blue,
            vec![unit("r", "HC", "", 3, 6, 7, "", &enemy_hex.to_string(), "W")],
            vec![leader("raja", "overall", 4, 6, "0101")],
        );
        let (game, _) = f.start(&[]);
        let routed = vec![false; game.scenario.units.len()];
        let plan = sarissa_rules::effects::rout::rout_move(
            &game.scenario,
            &game.state,
            0,
            sarissa_rules::effects::rout::RoutLeg::Hexes(2),
            &routed,
        );
        let eliminated = matches!(
            plan,
            sarissa_rules::effects::rout::RoutPlan::Eliminated {
                reason: sarissa_rules::effects::rout::Elimination::Blocked,
                ..
            }
        );
        assert_eq!(eliminated, blocked, "{guild}: {plan:?}");
    }
}

#[test]
fn cg_10_72_4_no_shock_at_an_enemy_in_a_rival_guilds_zoc() {
    for (guild, barred) in [("malla", true), ("kamboja", false)] {
        let f = cg(
            vec![sreni("k1", "0505", "E", "kamboja"), sreni("m1", "0705", "W", guild)],
            vec![unit("r", "HC", "", 3, 6, 7, "", "0605", "NE")],
            vec![leader("raja", "overall", 4, 6, "0101")],
        );
        let (game, _) = f.start(&[]);
        let bars = sarissa_rules::special::indian::enmity_bars_shock(&game.scenario, &game.state, 0, idx(&game, "r"));
        assert_eq!(bars, barred, "{guild}");
    }
}

#[test]
fn turning_in_rough_costs_a_hit_but_for_tribal_li_and_skirmishers_elephants_included_cg_7_14() {
    // CG 7.14 exc.: Tribal LI and skirmishers turn in Rough without the hit; an elephant takes it
    // (the Alexander rules spare elephants instead, movement.rs). A non-Tribal LI takes it too.
    let chief = with(leader("tc", "tribal-chief", 4, 3, "0205"), "guild = \"kirata\"");
    let tribal = with(unit("t1", "LI", "J", 3, 5, 6, "J", "0205", "E"), "grade = \"tribal\", guild = \"kirata\"");
    let mut f = cg(
        vec![
            tribal,
            elephant("el", "0405"),
            unit("sk", "SK", "J", 1, 5, 6, "J", "0407", "E"),
            unit("li", "LI", "J", 3, 5, 6, "J", "0409", "E"),
        ],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1105", "W")],
        vec![leader("raja", "overall", 5, 8, "0605"), chief],
    );
    f.terrain = vec![("0205", 'r'), ("0405", 'r'), ("0407", 'r'), ("0409", 'r')];
    let (mut game, _) = f.start(&[]);
    // The move's hits, the facing one included, come as one Terrain event (6.22, 7.14).
    let rough_hits = |events: &[Event]| {
        events.iter().filter(|e| matches!(e, Event::CohesionHits { .. })).cloned().collect::<Vec<_>>()
    };
    ok(&mut game, activate("tc"));
    let events = ok(&mut game, mv("t1", &[], Vertex::NE));
    assert_eq!(rough_hits(&events), [], "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::UnitMoved { mp: 1, .. })), "{events:?}");
    ok(&mut game, Command::EndOrders);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, mv("el", &[], Vertex::NE));
    assert_eq!(
        rough_hits(&events),
        [Event::CohesionHits { unit: "el".into(), hits: 1, cause: HitCause::Terrain }],
        "{events:?}"
    );
    let events = ok(&mut game, mv("li", &[], Vertex::NE));
    assert_eq!(
        rough_hits(&events),
        [Event::CohesionHits { unit: "li".into(), hits: 1, cause: HitCause::Terrain }],
        "{events:?}"
    );
    let events = ok(&mut game, mv("sk", &[], Vertex::NE));
    assert_eq!(rough_hits(&events), [], "{events:?}");
}

#[test]
fn tribal_light_infantry_may_not_form_column_cg_6_51() {
    // CG 6.51 exc.: Tribal LI never use column; an LI of another grade may.
    let chief = with(leader("tc", "tribal-chief", 4, 3, "0205"), "guild = \"kirata\"");
    let tribal = with(unit("t1", "LI", "J", 3, 5, 6, "J", "0205", "E"), "grade = \"tribal\", guild = \"kirata\"");
    let f = cg(
        vec![tribal, unit("li", "LI", "J", 3, 5, 6, "J", "0409", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1105", "W")],
        vec![leader("raja", "overall", 5, 8, "0605"), chief],
    );
    let (mut game, _) = f.start(&[]);
    let col =
        |unit: &str| Command::Move { unit: unit.into(), path: vec![], facing: Vertex::E, column: true, with: None };
    ok(&mut game, activate("tc"));
    assert_eq!(refused_rule(&mut game, col("t1")), "6.51");
    assert!(sarissa_rules::movement::reach(&game.scenario, &game.state, idx(&game, "t1"))
        .unwrap()
        .iter()
        .all(|d| !d.column));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, col("li"));
    assert!(events.iter().any(|e| matches!(e, Event::FormationChanged { column: true, .. })), "{events:?}");
}
