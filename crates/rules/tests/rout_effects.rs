//! Cohesion hits and their effects in play (GBA 10.1, 10.2, 10.22, 10.26), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, RuleError};
use sarissa_rules::scenario::units::Placement;

fn field(red: Vec<String>) -> Field {
    Field {
        units: [vec![unit("slingers", "SK", "S", 1, 5, 6, "S", "0405", "E")], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn fire() -> Command {
    Command::Fire { unit: "slingers".into(), target: "red".into() }
}

#[test]
fn a_unit_whose_hits_reach_its_tq_routs_two_hexes_toward_its_edge_gba_10_1_10_21() {
    let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 5, "", "0505", "W")]).start(&[0]);
    game.state.units[1].hits = 4;
    ok(&mut game, activate("hero"));
    let mut events = ok(&mut game, fire());
    // Its two hexes east: each step's two edge-ward hexes tie; its owner takes the first (P120).
    events.extend(rout_first(&mut game));
    let routed = events.iter().find_map(|e| match e {
        Event::UnitRouted { unit, path, placement, .. } if unit == "red" => Some((path.clone(), *placement)),
        _ => None,
    });
    let (path, placement) = routed.expect("it routs");
    assert_eq!(path.len(), 2, "two hexes (10.21): {path:?}");
    let Placement::One(at) = placement else { panic!("one hex") };
    assert!(at.col > 5, "toward red's edge, the east: {at}");
    let st = &game.state.units[1];
    assert!(st.routed && st.hits == 0, "Routed, its hits removed: {st:?}");
    assert!(sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 1).is_empty(), "no ZOC (7.21)");
}

#[test]
fn a_routed_unit_hit_again_is_eliminated_gba_10_26() {
    let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 5, "", "0505", "W")]).start(&[0]);
    game.state.units[1].routed = true;
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire());
    assert!(events.contains(&Event::UnitEliminated { unit: "red".into(), rule: "10.26".into() }), "{events:?}");
    assert!(game.state.units[1].eliminated);
}

#[test]
fn routing_skirmishers_are_eliminated_gba_10_2() {
    let (mut game, _) = field(vec![unit("red", "SK", "J", 1, 5, 6, "J", "0505", "W")]).start(&[0]);
    game.state.units[1].hits = 4;
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire());
    assert!(events.contains(&Event::UnitEliminated { unit: "red".into(), rule: "10.2".into() }), "{events:?}");
}

#[test]
fn routed_units_take_no_orders_gba_10_26() {
    let f = Field {
        units: [vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")], vec![]],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    game.state.units[0].routed = true;
    ok(&mut game, activate("hero"));
    assert!(sarissa_rules::play::legal::orderable_units(&game).is_empty());
    let err = game.execute(&mv("blue", &["0405"], sarissa_rules::map::hex::Vertex::E)).unwrap_err();
    assert!(matches!(err, RuleError::UnitNotAvailable { .. }), "{err}");
}

#[test]
fn in_the_rout_segment_routers_run_their_full_ma_and_routed_hoplites_dissolve_gba_10_22() {
    let f = Field {
        units: [
            vec![
                unit("blue", "MI", "", 4, 5, 5, "", "0605", "W"),
                unit("hop", "HI", "HO", 8, 6, 4, "", "0607-0608", "W"),
            ],
            vec![],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    game.state.units[0].routed = true;
    game.state.units[1].routed = true;
    // Both leaders pass: the turn ends and Phase D comes.
    ok(&mut game, pass("hero"));
    let mut events = ok(&mut game, pass("foe"));
    events.extend(rout_first(&mut game));
    assert!(events.contains(&Event::UnitEliminated { unit: "hop".into(), rule: "10.22".into() }), "{events:?}");
    let ran = events.iter().find_map(|e| match e {
        Event::UnitRouted { unit, path, rule, .. } if unit == "blue" && rule == "10.22" => Some(path.len()),
        _ => None,
    });
    assert_eq!(ran, Some(5), "five hexes of clear ground west: {events:?}");
}

fn rally_field(dice: &[u8]) -> sarissa_rules::Game {
    let f = Field {
        // Far enough east that its full MA west (7) keeps it on the map.
        units: [
            vec![unit("horse", "HC", "", 3, 7, 7, "", "1005", "E")],
            vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 4, 8, "0905")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(dice);
    game.state.units[0].routed = true;
    ok(&mut game, activate("hero"));
    game
}

fn rally() -> Command {
    Command::Rally { unit: "horse".into(), facing: sarissa_rules::map::hex::Vertex::W }
}

#[test]
fn initiative_4_rallies_a_tq_7_unit_on_0_to_5_and_the_table_gives_its_hits_gba_10_27() {
    // Roll 5: rallied; the Rally Table roll 5 at printed TQ 7 gives 2 hits.
    let mut game = rally_field(&[5, 5]);
    assert_eq!(sarissa_rules::effects::rally::rallyable(&game.scenario, &game.state), vec![0]);
    let events = ok(&mut game, rally());
    assert!(events.iter().any(|e| matches!(e, Event::UnitRallied { hits: 2, .. })), "{events:?}");
    let st = &game.state.units[0];
    assert!(!st.routed && st.rallied && st.hits == 2 && st.facing == sarissa_rules::map::hex::Vertex::W);
    // Rallied: no orders until next turn; and each leader tries a unit once a turn.
    assert!(!sarissa_rules::play::legal::orderable_units(&game).contains(&0));
}

#[test]
fn a_failed_rally_runs_on_or_over_the_tq_is_eliminated_gba_10_27() {
    let mut game = rally_field(&[6]);
    let mut events = ok(&mut game, rally());
    events.extend(rout_first(&mut game));
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { rule, .. } if rule == "10.27")), "{events:?}");
    let mut game = rally_field(&[8]);
    let events = ok(&mut game, rally());
    assert!(events.contains(&Event::UnitEliminated { unit: "horse".into(), rule: "10.27".into() }), "{events:?}");
    // Once a turn per leader.
    let mut game = rally_field(&[6]);
    ok(&mut game, rally());
    assert!(game.execute(&rally()).is_err());
}

#[test]
fn no_rally_beside_the_enemy_or_under_its_missiles_gba_10_27() {
    let f = Field {
        units: [
            vec![unit("horse", "HC", "", 3, 7, 7, "", "0505", "E")],
            vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0705", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 4, 8, "0405")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    game.state.units[0].routed = true;
    ok(&mut game, activate("hero"));
    let refusal = sarissa_rules::effects::rally::refusal(&game.scenario, &game.state, 0).unwrap();
    assert!(refusal.contains("missile"), "{refusal}");
}
