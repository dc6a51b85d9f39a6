//! Fighting in and for the city (CG 12.29–12.212, 12.32, 12.35, 12.4; rulings P229–P237).
//!
//! The test city, held by blue (`[map.city] side = "blue"`), fills columns 04–09, rows 02–09 of
//! the field with city blocks (`B`), but for:
//!
//! ```text
//! streets (=)  0405 0505 0605 0706 0707   (one street, the main street 0405…0706)
//! squares (+)  0606 0506
//! temple (H)   0805          palace (P) 0908 0909
//! gate         0305 | 0405   (0305 outside, clear)
//! walls        0304|0404  0305|0404  0306|0405  0306|0406, and 1103|1104 out in the open
//! ```
//!
//! With even columns half a hex lower, 0505 → 0605 → 0706 is a straight row of hexes and 0707
//! lies off it: the book's archer at 2530 who reaches 2631 and 2731 but not 2732.

mod common;
use common::*;
use sarissa_rules::combat::shock::{resolve, Fighter, ShockSetup, StepKind, SuperiorityFrom};
use sarissa_rules::combat::shock_segment::Combat;
use sarissa_rules::game::{Command, Event, GateResult, HitCause, Phase, RollPurpose};
use sarissa_rules::map::facing::Arc;
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::UnitType;
use sarissa_rules::scenario::RuleSet;
use sarissa_rules::works::retire::{Refuge, Retire, Stage};
use sarissa_rules::{Dice, Scenario};
use std::sync::Arc as Shared;

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The city's terrain, with `changes` painted over it.
fn city_terrain(changes: &[(&'static str, char)]) -> Vec<(&'static str, char)> {
    let mut cells: Vec<(&'static str, char)> = Vec::new();
    for col in 4..=9 {
        for row in 2..=9 {
            cells.push((leak(format!("{col:02}{row:02}")), 'B'));
        }
    }
    let special = [
        ("0405", '='),
        ("0505", '='),
        ("0605", '='),
        ("0706", '='),
        ("0707", '='),
        ("0606", '+'),
        ("0506", '+'),
        ("0805", 'H'),
        ("0908", 'P'),
        ("0909", 'P'),
    ];
    for (hex, c) in special.iter().chain(changes) {
        match cells.iter_mut().find(|(h, _)| h == hex) {
            Some(cell) => cell.1 = *c,
            None => cells.push((hex, *c)),
        }
    }
    cells
}

/// The city field: blue's raja (initiative 2, so he goes first, command range 8) and red's
/// commander (initiative 5), both placed by the caller.
fn city_field(blue: Vec<String>, red: Vec<String>, raja_at: &str, foe_at: &str) -> Field {
    Field {
        rules: "chandragupta",
        macedonian: [false, false],
        terrain: city_terrain(&[]),
        hexsides: vec![
            ("city_gate", "0305-0405"),
            ("wall", "0304-0404"),
            ("wall", "0305-0404"),
            ("wall", "0306-0405"),
            ("wall", "0306-0406"),
            ("wall", "1103-1104"),
        ],
        units: [blue, red],
        leaders: [vec![leader("raja", "overall", 2, 8, raja_at)], vec![leader("foe", "overall", 5, 8, foe_at)]],
        ..Field::default()
    }
}

fn city_toml(f: &Field) -> String {
    format!(
        "{}\n[map.city]\nname = \"Takshashila\"\nside = \"blue\"\nstreets = [\"0405 0505 0605 0706 0707\"]\nmain_street = [\"0405 0505 0605 0706\"]\n",
        f.toml()
    )
}

fn start(f: &Field, dice: &[u8]) -> Game {
    let scenario: Scenario = sarissa_rules::load("field.toml", &city_toml(f)).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) = Game::new(Shared::new(scenario), Dice::scripted(dice)).expect("the game starts");
    no_pw(&mut game);
    game
}

fn idx(game: &Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

fn mi(id: &str, at: &str, facing: &str) -> String {
    unit(id, "MI", "", 4, 5, 5, "", at, facing)
}

fn archer(id: &str, at: &str, facing: &str) -> String {
    unit(id, "LI", "A", 3, 5, 6, "A", at, facing)
}

/// The ids of the units `unit` may fire at now.
fn targets(game: &Game, unit: &str) -> Vec<String> {
    let i = idx(game, unit);
    let mut out: Vec<String> = sarissa_rules::combat::fire::targets(&game.scenario, &game.state, i)
        .into_iter()
        .map(|t| game.scenario.units[t.unit].id.clone())
        .collect();
    out.sort();
    out
}

/// Blue's move; the other side lets it be.
fn step(game: &mut Game, unit: &str, path: &[&str], facing: Vertex) {
    ok(game, mv(unit, path, facing));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(game, Command::EndReaction);
    }
}

fn blue_orders(f: &Field) -> Game {
    let mut game = start(f, &[]);
    ok(&mut game, activate("raja"));
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
    game
}

// ---- 12.29: fire and sight ------------------------------------------------------------------

#[test]
fn cg_12_29_a_unit_in_a_block_fires_in_any_direction() {
    // The archer in the block at 0604 faces east; red's foot at 0504 is behind it.
    let f = city_field(vec![archer("arch", "0604", "E")], vec![mi("r", "0504", "E")], "0604", "1210");
    let game = blue_orders(&f);
    assert_eq!(targets(&game, "arch"), ["r"]);
    // The same archer on the open field, facing the same way, may not shoot behind it.
    let f = city_field(vec![archer("arch", "1104", "E")], vec![mi("r", "1004", "E")], "0203", "1210");
    let game = blue_orders(&f);
    assert!(targets(&game, "arch").is_empty());
}

#[test]
fn cg_12_29_p229_blocks_are_fired_into_but_not_through() {
    // From the block at 0604: red at 0704 (a block beside it) and red at 0804 behind that block.
    let f = city_field(
        vec![archer("arch", "0604", "E")],
        vec![mi("near", "0704", "W"), mi("far", "0804", "W")],
        "0604",
        "1210",
    );
    let game = blue_orders(&f);
    assert_eq!(targets(&game, "arch"), ["near"]);
    let s = &game.scenario;
    assert!(!sarissa_rules::map::sight::line_of_sight(s, &game.state, h("0604"), h("0804"), true));
}

#[test]
fn cg_12_29_p229_from_a_street_only_straight_down_the_row_2530_2631_2731_not_2732() {
    // The archer at 0505 (the book's 2530) faces SE down the street; red at 0706 (2731) and
    // 0707 (2732). (A unit at 0605, 2631, would stand exactly halfway to 0706 and block it: 8.14.)
    let red = vec![mi("r2731", "0706", "W"), mi("r2732", "0707", "W")];
    let f = city_field(vec![archer("arch", "0505", "SE")], red, "0505", "1210");
    let game = blue_orders(&f);
    assert_eq!(targets(&game, "arch"), ["r2731"]);
    // Streets and squares do not block the line to 0707: the corner does.
    let s = &game.scenario;
    assert!(sarissa_rules::map::sight::line_of_sight(s, &game.state, h("0505"), h("0707"), true));
    assert!(!sarissa_rules::map::sight::street_fire_line(s, h("0505"), h("0707")));
    assert!(sarissa_rules::map::sight::street_fire_line(s, h("0505"), h("0706")));
    // From a block there is no such limit.
    assert!(sarissa_rules::map::sight::street_fire_line(s, h("0604"), h("0707")));
}

#[test]
fn cg_12_29_p229_walls_and_gates_block_sight_but_not_to_or_from_a_unit_beside_them() {
    let f = city_field(vec![mi("b", "0101", "E")], vec![mi("r", "1210", "W")], "0203", "1210");
    let game = start(&f, &[]);
    let (s, st) = (&game.scenario, &game.state);
    let los = |a: &str, b: &str| sarissa_rules::map::sight::line_of_sight(s, st, h(a), h(b), false);
    // The wall between 1103 and 1104 on the line 1102–1105.
    assert!(!los("1102", "1105"));
    assert!(los("1103", "1105"), "the firer beside the wall sees across it");
    assert!(los("1102", "1104"), "the target beside the wall is seen across it");
    // The gate on the straight line 0204–0305–0405–0506.
    assert!(!los("0204", "0506"));
    assert!(los("0305", "0506"));
    assert!(los("0204", "0405"));
}

#[test]
fn cg_12_29_p230_designed_modifiers_across_the_wall_and_at_a_unit_among_the_houses() {
    let volley = |game: &Game, unit: &str, target: &str| {
        sarissa_rules::combat::fire::targets(&game.scenario, &game.state, idx(game, unit))
            .into_iter()
            .find(|t| t.unit == idx(game, target))
            .expect("a target")
            .fire
    };
    let modifiers = |fire: &sarissa_rules::combat::missile::MissileFire| {
        let mut dice = || 0;
        sarissa_rules::combat::missile::resolve(fire, &mut dice)
            .unwrap()
            .steps
            .into_iter()
            .filter_map(|s| match s.kind {
                sarissa_rules::combat::missile::MissileStepKind::Modifier { what, drm } => Some((what, drm)),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    // Blue's archer beside the gate at 0405 shoots out at red at 0305.
    let f = city_field(vec![archer("gate", "0405", "NW")], vec![mi("out", "0305", "SE")], "0405", "1210");
    let game = blue_orders(&f);
    let out = volley(&game, "gate", "out");
    assert!(out.across_city_wall && !out.at_city_block);
    assert!(modifiers(&out).contains(&("across the city wall or a gate", 2)), "{:?}", modifiers(&out));
    // Blue's archer in the block at 0604 at red in the block at 0704.
    let f = city_field(vec![archer("house", "0604", "E")], vec![mi("in", "0704", "W")], "0604", "1210");
    let game = blue_orders(&f);
    let house = volley(&game, "house", "in");
    assert!(house.at_city_block && !house.across_city_wall);
    assert!(modifiers(&house).contains(&("at a unit among the city's houses", 1)), "{:?}", modifiers(&house));
}

// ---- 12.210, 12.211: shock ------------------------------------------------------------------

fn candidates(game: &Game) -> Vec<(String, bool, bool)> {
    sarissa_rules::combat::shock_segment::candidates(&game.scenario, &game.state)
        .into_iter()
        .map(|c| (game.scenario.units[c.unit].id.clone(), c.must, c.check))
        .collect()
}

#[test]
fn cg_12_210_p231_from_a_block_any_all_or_none_of_the_enemies_beside_it() {
    // Blue's foot in the block at 0604; red in the blocks at 0504 (behind it) and 0704.
    let f = city_field(vec![mi("m", "0604", "E")], vec![mi("r1", "0504", "E"), mi("r2", "0704", "W")], "0604", "1210");
    let game = blue_orders(&f);
    let (s, st) = (&game.scenario, &game.state);
    let (m, r1, r2) = (idx(&game, "m"), idx(&game, "r1"), idx(&game, "r2"));
    assert_eq!(candidates(&game), [("m".to_string(), false, false)]);
    let one = vec![Combat { attackers: vec![m], defenders: vec![r2] }];
    assert_eq!(sarissa_rules::combat::shock_segment::grouping_refusal(s, st, &one), None);
    let both = vec![Combat { attackers: vec![m], defenders: vec![r1, r2] }];
    assert_eq!(sarissa_rules::combat::shock_segment::grouping_refusal(s, st, &both), None);
}

#[test]
fn cg_12_210_heavy_foot_moving_up_to_an_enemy_in_the_city_need_not_attack() {
    // Blue's heavy foot steps from 1106 to 1005, next to red in the block at 0905.
    let blue = vec![unit("hi", "HI", "", 4, 6, 5, "", "1106", "W")];
    let f = city_field(blue.clone(), vec![mi("r", "0905", "E")], "1107", "1210");
    let mut game = blue_orders(&f);
    step(&mut game, "hi", &["1005"], Vertex::W);
    assert_eq!(candidates(&game), [("hi".to_string(), false, true)]);
    // Out on the open field the same move obliges it (7.31).
    let f = city_field(blue, vec![mi("r", "0905", "E")], "1107", "1210");
    let mut f = f;
    f.terrain = city_terrain(&[("0905", '.')]);
    let mut game = blue_orders(&f);
    step(&mut game, "hi", &["1005"], Vertex::W);
    assert_eq!(candidates(&game), [("hi".to_string(), true, true)]);
}

#[test]
fn cg_12_210_12_22_no_shock_into_a_hex_it_could_not_enter_but_an_elephant_into_a_temple() {
    // Blue's light horse at 1005 faces red at 0905: a block, which horse never enters.
    let f =
        city_field(vec![unit("lc", "LC", "", 3, 5, 8, "J", "1005", "W")], vec![mi("r", "0905", "E")], "1005", "1210");
    assert!(candidates(&blue_orders(&f)).is_empty());
    // An elephant may not shock into the block either, but into a temple it may.
    let el = vec![unit("el", "EL", "", 4, 6, 5, "J", "1005", "W")];
    let f = city_field(el.clone(), vec![mi("r", "0905", "E")], "1005", "1210");
    assert!(candidates(&blue_orders(&f)).is_empty());
    let mut f = city_field(el, vec![mi("r", "0905", "E")], "1005", "1210");
    f.terrain = city_terrain(&[("0905", 'H')]);
    assert_eq!(candidates(&blue_orders(&f)), [("el".to_string(), false, false)]);
    // Nobody shocks across the wall: blue's foot at 0304 and red in the block at 0404.
    let f = city_field(vec![mi("m", "0304", "SE")], vec![mi("r", "0404", "NW")], "0304", "1210");
    assert!(candidates(&blue_orders(&f)).is_empty());
}

#[test]
fn cg_12_211_p232_no_pre_shock_check_for_a_unit_that_moved_up_inside_the_city() {
    // Blue's foot moves along the street 0505 → 0605, beside red in the block at 0705.
    let f = city_field(vec![mi("m", "0505", "SE")], vec![mi("r", "0705", "W")], "0505", "1210");
    let mut game = blue_orders(&f);
    step(&mut game, "m", &["0605"], Vertex::E);
    assert_eq!(candidates(&game), [("m".to_string(), false, false)]);
}

fn conditions(
    game: &Game,
    attackers: &[&str],
    defenders: &[&str],
) -> Vec<sarissa_rules::charts::column_shifts::ShiftCondition> {
    let combat = Combat {
        attackers: attackers.iter().map(|a| idx(game, a)).collect(),
        defenders: defenders.iter().map(|d| idx(game, d)).collect(),
    };
    sarissa_rules::combat::shock_segment::setup(&game.scenario, &game.state, &combat, &[])
        .conditions
        .into_iter()
        .map(|a| a.condition)
        .collect()
}

#[test]
fn cg_12_211_p233_the_city_shifts_c5_c6_c7() {
    use sarissa_rules::charts::column_shifts::ShiftCondition::*;
    let blue = vec![mi("house", "0604", "E"), mi("street", "0405", "NW")];
    let red = vec![
        mi("in-street", "0605", "NW"),
        mi("in-temple", "0805", "W"),
        mi("in-block", "0504", "E"),
        mi("out", "0305", "SE"),
    ];
    let game = start(&city_field(blue, red, "0203", "1210"), &[]);
    // C6: from a block into a street.
    assert_eq!(conditions(&game, &["house"], &["in-street"]), [AttackersFromBlocksIntoStreets]);
    // C5: into a block (2L), or a temple (3L instead).
    assert_eq!(conditions(&game, &["house"], &["in-block"]), [DefenderInCityBlock]);
    assert_eq!(conditions(&game, &["house"], &["in-block", "in-temple"]), [DefenderInTempleOrPalace]);
    // C7: across the gate, either way; 1L once it is breached.
    assert_eq!(conditions(&game, &["street"], &["out"]), [AcrossCityGate]);
    let mut game = game;
    game.state.breaches.push((h("0305"), h("0405")));
    assert_eq!(conditions(&game, &["street"], &["out"]), [AcrossBreachedCityGate]);
}

#[test]
fn cg_12_211_no_position_superiority_against_a_unit_in_a_block() {
    let attacker = Fighter::new(UnitType::MI, None, 4, 5).through(Arc::Flank);
    let mut defender = Fighter::new(UnitType::MI, None, 4, 5);
    let superiority = |defender: Fighter| {
        let setup = ShockSetup::new(RuleSet::Chandragupta, vec![attacker.clone()], vec![defender]);
        let mut dice = || 5;
        let out = resolve(&setup, &mut dice).unwrap();
        out.steps.into_iter().find_map(|s| match s.kind {
            StepKind::Superiority { from, .. } => Some(from),
            _ => None,
        })
    };
    assert_eq!(superiority(defender.clone()), Some(SuperiorityFrom::Position));
    defender.in_city_block = true;
    assert!(matches!(superiority(defender), Some(SuperiorityFrom::WeaponSystem(_))));
    // In the engine a unit in a block faces all round: every attack comes through its front.
    let game = start(&city_field(vec![mi("m", "0604", "E")], vec![mi("r", "0704", "NW")], "0203", "1210"), &[]);
    let combat = Combat { attackers: vec![idx(&game, "m")], defenders: vec![idx(&game, "r")] };
    let setup = sarissa_rules::combat::shock_segment::setup(&game.scenario, &game.state, &combat, &[]);
    assert_eq!(setup.attackers[0].arc, Arc::Front);
    assert!(setup.defenders[0].in_city_block);
}

// ---- 12.212: rout and recovery --------------------------------------------------------------

#[test]
fn cg_12_212_p234_a_unit_that_routs_inside_the_city_is_eliminated() {
    let f =
        city_field(vec![mi("m", "0505", "E"), mi("outside", "1110", "E")], vec![mi("r", "1201", "W")], "0203", "1201");
    let game = start(&f, &[]);
    let plan = |unit: &str| {
        let routed: Vec<bool> = game.state.units.iter().map(|u| u.routed).collect();
        sarissa_rules::effects::rout::rout_move_choosing(
            &game.scenario,
            &game.state,
            idx(&game, unit),
            sarissa_rules::effects::rout::RoutLeg::Hexes(2),
            &routed,
            &[],
        )
    };
    assert!(matches!(
        plan("m"),
        sarissa_rules::effects::rout::RoutPlan::Eliminated {
            reason: sarissa_rules::effects::rout::Elimination::InCity,
            ..
        }
    ));
    assert!(matches!(plan("outside"), sarissa_rules::effects::rout::RoutPlan::Moves(_)));
}

#[test]
fn cg_12_212_recovery_in_the_city_counts_as_clear_and_a_block_shelters_from_enemies() {
    // Blue's foot in the block at 0604, red beside it at 0704 and red archers at 0405 in reach.
    let blue = vec![mi("house", "0604", "E"), mi("street", "0505", "E")];
    let red = vec![mi("r", "0704", "W"), archer("bows", "0405", "E")];
    let mut game = blue_orders(&city_field(blue, red, "0604", "1210"));
    for u in ["house", "street"] {
        let i = idx(&game, u);
        game.state.units[i].hits = 2;
    }
    let recovery = |game: &Game, unit: &str| {
        sarissa_rules::effects::recovery::recovery(&game.scenario, &game.state, idx(game, unit))
    };
    assert_eq!(recovery(&game, "house"), Ok(2));
    // In a street the enemy beside it still bars recovery (0505 is beside red's archers at 0405).
    assert!(recovery(&game, "street").is_err());
}

// ---- 12.32: elephants at a city gate --------------------------------------------------------

fn gate_events(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::BreachAttemptBegun { .. }
                    | Event::CityGateRolled { .. }
                    | Event::DieRolled { purpose: RollPurpose::Breach { .. }, .. }
            )
        })
        .cloned()
        .collect()
}

/// Blue passes; red's commander takes his orders phase and ends it; the turn ends.
fn red_turn(game: &mut Game) -> Vec<Event> {
    ok(game, pass("raja"));
    let mut events = ok(game, activate("foe"));
    events.extend(end_orders(game));
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        events.extend(ok(game, Command::DeclineMomentum));
    }
    events
}

fn gate_roll(roll: u8, result: GateResult) -> Event {
    Event::CityGateRolled { unit: "el".into(), from: h("0305"), to: h("0405"), roll, need: 3, result }
}

#[test]
fn cg_12_32_p235_an_elephant_damages_then_breaches_a_city_gate_on_0_to_3() {
    // Red's elephant outside at 0305 faces east: the gate (to 0405) and the wall (to 0404) in front.
    let el = unit("el", "EL", "", 4, 6, 5, "J", "0305", "E");
    let mut game = start(&city_field(vec![mi("b", "0101", "E")], vec![el], "0203", "1210"), &[3, 4, 0]);
    let events = red_turn(&mut game);
    let rolled = |r: u8| Event::DieRolled { roll: r, purpose: RollPurpose::Breach { unit: "el".into() } };
    let begun = Event::BreachAttemptBegun { unit: "el".into() };
    assert_eq!(gate_events(&events), [begun.clone(), rolled(3), gate_roll(3, GateResult::Damaged)]);
    assert_eq!(game.state.damaged_gates, [(h("0305"), h("0405"))]);
    assert!(!sarissa_rules::works::breach::is_breached(&game.state, h("0305"), h("0405")));
    // A failure changes nothing; the next success breaches it, for good.
    let events = red_turn(&mut game);
    assert_eq!(gate_events(&events), [begun.clone(), rolled(4), gate_roll(4, GateResult::Held)]);
    let events = red_turn(&mut game);
    assert_eq!(gate_events(&events), [begun, rolled(0), gate_roll(0, GateResult::Breached)]);
    assert!(sarissa_rules::works::breach::is_breached(&game.state, h("0405"), h("0305")));
    assert!(game.state.damaged_gates.is_empty());
    // The wall beside it is never a target; with the gate down nothing is left to attack.
    let events = red_turn(&mut game);
    assert!(gate_events(&events).is_empty());
}

#[test]
fn cg_12_32_the_city_wall_is_never_breached() {
    // Facing north-east at 0305: the wall (0404) in front, and open ground (0304).
    let el = unit("el", "EL", "", 4, 6, 5, "J", "0305", "NE");
    let mut game = start(&city_field(vec![mi("b", "0101", "E")], vec![el], "0203", "1210"), &[0]);
    assert!(gate_events(&red_turn(&mut game)).is_empty());
}

// ---- 12.35: the Sarvatobhadra at a city gate ------------------------------------------------

fn engine(id: &str, at: &str) -> String {
    unit(id, "AT", "", 1, 5, 2, "", at, "E").replace(" }", ", engine = \"sarvatobhadra\" }")
}

fn shot() -> Command {
    Command::FireAtGate { unit: "eng".into(), gate: (h("0305"), h("0405")) }
}

#[test]
fn cg_12_35_p236_a_sarvatobhadra_damages_a_gate_and_shakes_the_units_beside_it() {
    // Red's engine at 0105, two hexes from 0305; blue's guard inside the gate at 0405 and red's
    // own foot outside it at 0305.
    let f = city_field(
        vec![mi("guard", "0405", "NW")],
        vec![engine("eng", "0105"), mi("own", "0305", "SE")],
        "1209",
        "0106",
    );
    let mut game = start(&f, &[2, 9, 1]);
    ok(&mut game, pass("raja"));
    ok(&mut game, activate("foe"));
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&shot()));
    let before = orders_left(&game);
    let events = ok(&mut game, shot());
    assert_eq!(
        events,
        [
            Event::DieRolled { roll: 2, purpose: RollPurpose::GateShot { unit: "eng".into() } },
            Event::GateShot {
                unit: "eng".into(),
                leader: "foe".into(),
                gate: (h("0305"), h("0405")),
                range: 2,
                roll: 2,
                need: 4,
                result: GateResult::Damaged,
                shaken: true,
            },
            Event::DieRolled { roll: 9, purpose: RollPurpose::TqCheck { unit: "guard".into(), rule: "12.35".into() } },
            Event::CohesionHits { unit: "guard".into(), hits: 1, cause: HitCause::GateShot },
            Event::DieRolled { roll: 1, purpose: RollPurpose::TqCheck { unit: "own".into(), rule: "12.35".into() } },
        ]
    );
    assert_eq!(orders_left(&game), before - 1, "an individual order");
    assert_eq!(game.state.damaged_gates, [(h("0305"), h("0405"))]);
    // Its one shot of the turn is gone (10.56).
    assert!(!sarissa_rules::play::legal::legal_commands(&game).contains(&shot()));
    assert_eq!(game.execute(&shot()).unwrap_err().rule(), "12.35");
}

#[test]
fn cg_12_35_a_roll_over_the_gate_value_shakes_nobody_and_a_damaged_gate_is_breached() {
    let f = city_field(vec![mi("guard", "0405", "NW")], vec![engine("eng", "0105")], "1209", "0106");
    let mut game = start(&f, &[4]);
    game.state.damaged_gates.push((h("0305"), h("0405")));
    ok(&mut game, pass("raja"));
    ok(&mut game, activate("foe"));
    let events = ok(&mut game, shot());
    assert!(matches!(&events[1], Event::GateShot { result: GateResult::Breached, shaken: false, .. }), "{events:?}");
    assert_eq!(events.len(), 2);
    assert!(sarissa_rules::works::breach::is_breached(&game.state, h("0305"), h("0405")));
}

#[test]
fn cg_12_35_never_from_beside_the_gate() {
    // At 0204 the engine is beside 0305, one of the gate's hexes: range 1.
    let f = city_field(vec![mi("guard", "0405", "NW")], vec![engine("eng", "0204")], "1209", "0106");
    let mut game = start(&f, &[]);
    ok(&mut game, pass("raja"));
    ok(&mut game, activate("foe"));
    assert!(!sarissa_rules::play::legal::legal_commands(&game).contains(&shot()));
    assert_eq!(game.execute(&shot()).unwrap_err().rule(), "12.35");
}

#[test]
fn cg_12_35_notation_fire_at_gate() {
    let c = sarissa_rules::play::notation::parse("fire eng at gate 0305-0405").unwrap();
    assert_eq!(c, Some(shot()));
    assert_eq!(sarissa_rules::play::notation::format(&shot()), "fire eng at gate 0305-0405");
}

// ---- 12.4: retire to the city ---------------------------------------------------------------

#[test]
fn cg_12_42_p237_the_city_holder_may_declare_within_twice_his_command_range_of_a_city_gate() {
    let mut f = city_field(vec![mi("b", "0101", "E")], vec![mi("r", "1210", "W")], "0105", "1210");
    f.leaders[0] = vec![leader("raja", "overall", 2, 1, "0105")];
    let game = blue_orders(&f);
    assert_eq!(sarissa_rules::works::retire::declarable(&game.scenario, &game.state, 0), Some(Refuge::City));
    // Three hexes from the gate with a command range of 1: too far.
    let mut f = city_field(vec![mi("b", "0101", "E")], vec![mi("r", "1210", "W")], "0105", "1210");
    f.leaders[0] = vec![leader("raja", "overall", 2, 1, "0103")];
    let game = blue_orders(&f);
    assert_eq!(sarissa_rules::works::retire::declarable(&game.scenario, &game.state, 0), None);
    // Red never holds the city: it may not retire to it.
    let f = city_field(vec![mi("b", "0101", "E")], vec![mi("r", "1210", "W")], "1209", "0105");
    let mut game = start(&f, &[]);
    ok(&mut game, pass("raja"));
    ok(&mut game, activate("foe"));
    assert_eq!(sarissa_rules::works::retire::declarable(&game.scenario, &game.state, 1), None);
}

#[test]
fn cg_12_43_p237_the_palace_is_the_target_area_and_the_die_counts_it() {
    let mut f = city_field(vec![mi("b", "0101", "E")], vec![mi("r", "1210", "W")], "0908", "1210");
    f.leaders[0] = vec![leader("raja", "overall", 2, 8, "0908")];
    let mut game = start(&f, &[1]);
    ok(&mut game, activate("raja"));
    let area = sarissa_rules::works::retire::refuge_area(&game.scenario, Refuge::City);
    assert_eq!(area, [h("0908"), h("0909")]);
    let events = ok(&mut game, Command::RetireToCamp { leader: "raja".into() });
    assert!(matches!(&events[0], Event::RetireDeclared { city: true, .. }), "{events:?}");
    // 1 + 1 in the palace = 2, not above his initiative 2: he is Finished.
    assert!(events.iter().any(|e| matches!(e, Event::RetireChecked { total: 2, in_area: true, set_off: false, .. })));
    assert_eq!(game.state.retire[0].stage, Stage::Declared);
}

#[test]
fn cg_12_44_p237_once_retired_the_enemy_wins_only_by_controlling_the_city() {
    let f = city_field(vec![mi("b", "0101", "E")], vec![mi("r", "0908", "W")], "0909", "1210");
    let mut game = start(&f, &[]);
    game.state.retire.push(Retire { leader: "raja".into(), camp: 0, city: true, stage: Stage::Arrived });
    let (s, st) = (&game.scenario, &game.state);
    assert!(sarissa_rules::works::retire::taken(s, st, 0, Refuge::City));
    assert_eq!(sarissa_rules::effects::victory::withdrawal_phase(s, st).winner, Some(1));
    assert_eq!(sarissa_rules::works::retire::lost_refuge(s, st), Some((0, Refuge::City)));
    // A blue unit in the other palace hex holds it.
    let f = city_field(vec![mi("b", "0909", "E")], vec![mi("r", "0908", "W")], "0909", "1210");
    let mut game = start(&f, &[]);
    game.state.retire.push(Retire { leader: "raja".into(), camp: 0, city: true, stage: Stage::Arrived });
    assert!(!sarissa_rules::works::retire::taken(&game.scenario, &game.state, 0, Refuge::City));
    assert!(!sarissa_rules::effects::victory::withdrawal_phase(&game.scenario, &game.state).over);
}

#[test]
fn cg_12_22_an_elephant_advances_after_shock_into_a_temple() {
    // Blue's elephant at 1005 shocks red's worn foot in the temple at 0905; routing in the city,
    // red's foot is eliminated (12.212) and the elephant advances into the temple.
    let mut f =
        city_field(vec![unit("el", "EL", "", 4, 6, 5, "J", "1005", "W")], vec![mi("r", "0905", "E")], "1005", "1210");
    f.terrain = city_terrain(&[("0905", 'H')]);
    let mut game = start(&f, &[5; 40]);
    let r = idx(&game, "r");
    game.state.units[r].hits = 4;
    ok(&mut game, activate("raja"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["el".into()] });
    assert!(
        events.iter().any(|e| matches!(e, Event::UnitEliminated { unit, rule } if unit == "r" && rule == "12.212")),
        "{events:?}"
    );
    assert!(
        events.iter().any(|e| matches!(e, Event::UnitAdvanced { unit, to, .. } if unit == "el" && *to == h("0905"))),
        "{events:?}"
    );
}

#[test]
fn cg_12_210_12_213_no_shock_across_a_gate_the_enemy_holds_until_it_is_breached() {
    // Red's foot outside at 0305 faces the gate; blue's inside at 0405 holds it.
    let f = city_field(vec![mi("b", "0405", "NW")], vec![mi("r", "0305", "SE")], "1209", "0305");
    let red = |breached: bool| {
        let mut game = start(&f, &[]);
        if breached {
            game.state.breaches.push((h("0305"), h("0405")));
        }
        ok(&mut game, pass("raja"));
        ok(&mut game, activate("foe"));
        candidates(&game)
    };
    assert!(red(false).is_empty());
    assert_eq!(red(true), [("r".to_string(), false, false)]);
}

#[test]
fn legal_commands_in_the_city_are_all_accepted() {
    // Red's engine and foot before the gate, blue's foot, archers and elephant inside: every
    // command the listing offers red, then blue, is one `execute` takes.
    let blue = vec![mi("b", "0405", "NW"), archer("arch", "0604", "E"), mi("house", "0504", "E")];
    let red = vec![engine("eng", "0105"), mi("r", "0305", "SE"), unit("el", "EL", "", 4, 6, 5, "J", "0306", "NE")];
    let f = city_field(blue, red, "0604", "0106");
    let mut game = start(&f, &[5; 400]);
    let check = |game: &Game| {
        let listed = sarissa_rules::play::legal::legal_commands(game);
        assert!(!listed.is_empty());
        for c in listed {
            let mut g = game.clone();
            assert!(g.execute(&c).is_ok(), "{c:?} listed but refused: {:?}", g.execute(&c));
        }
    };
    check(&game);
    ok(&mut game, pass("raja"));
    ok(&mut game, activate("foe"));
    check(&game);
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&shot()));
}

#[test]
fn cg_12_210_p238_the_shock_segment_offers_each_choice_of_the_enemies_beside_a_block() {
    // As above: blue's foot in the block at 0604 between red at 0504 and 0704.
    let f = city_field(vec![mi("m", "0604", "E")], vec![mi("r1", "0504", "E"), mi("r2", "0704", "W")], "0604", "1210");
    let mut game = blue_orders(&f);
    ok(&mut game, Command::EndOrders);
    assert!(matches!(game.state.phase, Phase::Shock { .. }), "{:?}", game.state.phase);
    let (m, r1, r2) = (idx(&game, "m"), idx(&game, "r1"), idx(&game, "r2"));
    let ways = sarissa_rules::combat::shock_segment::groupings(&game.scenario, &game.state, &["m".to_string()]);
    let fight = |defenders: Vec<usize>| vec![Combat { attackers: vec![m], defenders }];
    assert_eq!(ways, [fight(vec![r1, r2]), fight(vec![r2]), fight(vec![r1])]);
    // Each is a command the listing offers and the rules accept.
    let offered: Vec<Command> = sarissa_rules::play::legal::legal_commands(&game)
        .into_iter()
        .filter(|c| matches!(c, Command::ShockCombats { .. }))
        .collect();
    for way in &ways[1..] {
        let combats = sarissa_rules::combat::shock_segment::combat_groups(&game.scenario, way);
        assert!(offered.contains(&Command::ShockCombats { combats }), "{way:?} in {offered:?}");
    }
}

#[test]
fn cg_12_27_12_210_p245_from_a_street_a_unit_attacks_one_neighbour_and_leaves_the_other() {
    // Blue's foot in the street at 0605 faces east: red in the block at 0705 and in the street
    // at 0706, both in its front. No zone of control reaches from one city hex into another
    // (12.27), so 9.12 binds it to neither: it may attack either alone (P245).
    let f = city_field(vec![mi("m", "0605", "E")], vec![mi("r1", "0705", "W"), mi("r2", "0706", "NW")], "0504", "1210");
    let mut game = start(&f, &[4]);
    ok(&mut game, activate("raja"));
    ok(&mut game, Command::EndOrders);
    let (m, r1, r2) = (idx(&game, "m"), idx(&game, "r1"), idx(&game, "r2"));
    let ways = sarissa_rules::combat::shock_segment::groupings(&game.scenario, &game.state, &["m".to_string()]);
    let fight = |defenders: Vec<usize>| vec![Combat { attackers: vec![m], defenders }];
    assert_eq!(ways, [fight(vec![r1, r2]), fight(vec![r2]), fight(vec![r1])]);
    for way in &ways {
        assert_eq!(sarissa_rules::combat::shock_segment::grouping_refusal(&game.scenario, &game.state, way), None);
    }
    // It attacks the block and leaves the street.
    let combats = sarissa_rules::combat::shock_segment::combat_groups(&game.scenario, &fight(vec![r1]));
    let events = ok(&mut game, Command::ShockCombats { combats });
    let lines = [
        "clash of spears through the Front: column 7 (GBA 9.15, CG 9.16)",
        "superiority: Neither (GBA 9.16(B), CG 9.17[1])",
        "size 4 against 4: +0 columns (GBA 9.16 step 2, CG 9.17[2])",
        "C5: -2 columns (GBA 9.16 step 3, CG 9.17[3])",
        "column 5 (GBA 9.16 step 3, CG 9.17[3])",
        "roll 4, charisma +0/+0: row 4 (GBA 9.16 step 3, CG 9.17[3])",
        "result 3(2) (GBA 9.54, CG 9.44)",
    ];
    assert_eq!(
        events,
        [
            Event::ShockDesignated { leader: "raja".into(), attackers: vec!["m".into()] },
            Event::DieRolled { roll: 4, purpose: RollPurpose::Shock { combat: 0 } },
            Event::ShockResolved {
                attackers: vec!["m".into()],
                defenders: vec!["r1".into()],
                column: Some(5),
                lines: lines.map(String::from).to_vec(),
            },
            Event::CohesionHits { unit: "m".into(), hits: 3, cause: HitCause::Shock },
            Event::CohesionHits { unit: "r1".into(), hits: 2, cause: HitCause::Shock },
            Event::ShockSegmentEnded { leader: "raja".into() },
            Event::MomentumOffered { leader: "raja".into() },
        ]
    );
    assert_eq!(game.state.units[r2].hits, 0);
}

#[test]
fn cg_9_17_12_211_p246_an_attacker_that_moved_up_inside_the_city_rounds_the_size_ratio_its_way() {
    // Blue's foot (Size 5) moves along the street 0505 -> 0605 and attacks red (Size 4) in the
    // block at 0705. Inside the city nobody checks (12.211), but it moved to make the attack, so
    // 5:4 rounds in its favour to 2:1 (9.17[2]), one column right (P246).
    let blue = vec![unit("m", "MI", "", 5, 5, 5, "", "0505", "SE")];
    let f = city_field(blue, vec![mi("r", "0705", "W")], "0504", "1210");
    let mut game = start(&f, &[4]);
    ok(&mut game, activate("raja"));
    step(&mut game, "m", &["0605"], Vertex::E);
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, shock_cmd(&["m"]));
    let lines = [
        "clash of spears through the Front: column 7 (GBA 9.15, CG 9.16)",
        "superiority: Neither (GBA 9.16(B), CG 9.17[1])",
        "size 5 against 4: +1 columns (GBA 9.16 step 2, CG 9.17[2])",
        "S1: +1 columns (GBA 9.16 step 3, CG 9.17[3])",
        "C5: -2 columns (GBA 9.16 step 3, CG 9.17[3])",
        "column 6 (GBA 9.16 step 3, CG 9.17[3])",
        "roll 4, charisma +0/+0: row 4 (GBA 9.16 step 3, CG 9.17[3])",
        "result 3(2) (GBA 9.54, CG 9.44)",
    ];
    assert_eq!(
        events,
        [
            Event::ShockDesignated { leader: "raja".into(), attackers: vec!["m".into()] },
            Event::DieRolled { roll: 4, purpose: RollPurpose::Shock { combat: 0 } },
            Event::ShockResolved {
                attackers: vec!["m".into()],
                defenders: vec!["r".into()],
                column: Some(6),
                lines: lines.map(String::from).to_vec(),
            },
            Event::CohesionHits { unit: "m".into(), hits: 3, cause: HitCause::Shock },
            Event::CohesionHits { unit: "r".into(), hits: 2, cause: HitCause::Shock },
            Event::ShockSegmentEnded { leader: "raja".into() },
            Event::MomentumOffered { leader: "raja".into() },
        ]
    );
}

fn shock_cmd(attackers: &[&str]) -> Command {
    Command::Shock { attackers: attackers.iter().map(|a| a.to_string()).collect() }
}
