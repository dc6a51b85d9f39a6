//! The Mauryan chain of command (CG 4.4–4.6; digest D5, D6, D12, D13, D17): Nayakas, Wing
//! Commands, the Restricted overall commander, and guild chiefs, with loaded dice on a
//! `rules = "chandragupta"` field.

mod common;
use common::*;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event, LeaderStatus, Phase, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::LineType;

fn nayaka(id: &str, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"nayaka\", wing = \"senapati\", initiative = 2, command_range = 2, charisma = 1, line_types = [\"HC\"], at = \"{at}\" }}")
}

const SENAPATI: &str = "{ id = \"senapati\", name = \"senapati\", role = \"wing\", initiative = 4, command_range = 5, charisma = 1, line_command = true, strategy = 3, at = \"0405\" }";
const GUILD_CHIEF: &str = "{ id = \"gc\", name = \"gc\", role = \"guild-chief\", guild = \"kamboja\", initiative = 1, command_range = 3, charisma = 1, at = \"0302\" }";
const SRENI: &str = "{ id = \"sreni1\", name = \"sreni1\", type = \"MI\", size = 4, tq = 6, ma = 5, grade = \"sreni\", guild = \"kamboja\", at = \"0302\", facing = \"E\" }";

/// Blue: an overall commander (raja), a wing commander (senapati) with three cavalry Nayakas each
/// stacked with a horse unit, and a guild chief with his guild's foot. Red: one horse unit.
fn mauryan() -> Field {
    Field {
        rules: "chandragupta",
        macedonian: [false, false],
        units: [
            vec![
                unit("hc1", "HC", "", 3, 6, 7, "", "0403", "E"),
                unit("hc2", "HC", "", 3, 6, 7, "", "0406", "E"),
                unit("hc3", "HC", "", 3, 6, 7, "", "0409", "E"),
                SRENI.to_string(),
            ],
            vec![unit("enemy", "HC", "", 3, 6, 7, "", "1105", "W")],
        ],
        leaders: [
            vec![
                leader("raja", "overall", 6, 6, "0205"),
                SENAPATI.to_string(),
                nayaka("n1", "0403"),
                nayaka("n2", "0406"),
                nayaka("n3", "0409"),
                GUILD_CHIEF.to_string(),
            ],
            vec![leader("foe", "overall", 6, 4, "1210")],
        ],
        ..Field::default()
    }
}

fn wing(nayakas: &[&str], use_overall: bool) -> Command {
    Command::WingCommand { nayakas: nayakas.iter().map(|n| n.to_string()).collect(), use_overall }
}

fn hc_line(anchor: &str) -> Command {
    Command::LineCommand {
        line: LineType::parse("HC").unwrap(),
        anchor: anchor.into(),
        formation: Formation::Abreast,
        units: Vec::new(),
    }
}

/// Passes every leader offered until the wing commander is offered (turn `turn`).
fn up_to_senapati(game: &mut Game) {
    while !offered(game).contains(&"senapati".to_string()) {
        let first = offered(game)[0].clone();
        ok(game, pass(&first));
    }
}

/// Passes every leader until the next turn begins (ties at initiative 6 roll the dice given).
fn finish_turn(game: &mut Game) {
    let turn = game.state.turn;
    while game.state.turn == turn {
        match &game.state.phase {
            Phase::Activation { leaders, .. } => {
                let first = leaders[0].clone();
                ok(game, pass(&first));
            }
            Phase::Momentum { .. } => {
                ok(game, Command::DeclineMomentum);
            }
            other => panic!("unexpected decision {other:?}"),
        }
    }
}

fn status(game: &Game, id: &str) -> LeaderStatus {
    let i = game.scenario.leaders.iter().position(|l| l.id == id).unwrap();
    game.state.leaders[i].status
}

#[test]
fn a_nayaka_gives_a_line_command_only_under_a_wing_command_cg_4_53() {
    let (mut game, _) = mauryan().start(&[]);
    ok(&mut game, pass("gc"));
    assert_eq!(offered(&game), ["n1", "n2", "n3"]);
    ok(&mut game, activate("n1"));
    let err = game.execute(&hc_line("hc1")).unwrap_err();
    assert_eq!(err.rule(), "CG 4.53");
    // His individual orders reach only the type on his counter (4.53): not the guild foot.
    assert_eq!(game.execute(&mv("sreni1", &["0402"], Vertex::E)).unwrap_err().rule(), "4.62");
    ok(&mut game, mv("hc1", &["0503"], Vertex::E));
}

#[test]
fn a_nayaka_who_passes_is_not_finished_and_stays_open_to_a_wing_command_cg_4_53_d17() {
    let (mut game, _) = mauryan().start(&[]);
    ok(&mut game, pass("gc"));
    let events = ok(&mut game, pass("n1"));
    assert_eq!(events[0], Event::NayakaPassed { leader: "n1".into() });
    assert_eq!(status(&game, "n1"), LeaderStatus::Inactive);
    // He is not offered again; the next lowest are.
    assert_eq!(offered(&game), ["n2", "n3"]);
    // Anyone else who declines is Finished (5.15).
    assert_eq!(status(&game, "gc"), LeaderStatus::Finished);
}

#[test]
fn on_the_first_turn_every_nayaka_in_range_comes_free_each_gives_one_line_cg_4_54_1() {
    let (mut game, _) = mauryan().start(&[]);
    up_to_senapati(&mut game);
    ok(&mut game, activate("senapati"));
    let events = ok(&mut game, wing(&["n1", "n2", "n3"], false));
    assert_eq!(
        events,
        [
            Event::WingCommandGiven {
                leader: "senapati".into(),
                nayakas: vec!["n1".into(), "n2".into(), "n3".into()],
                restricted: None
            },
            Event::NayakaOrdersBegan { leader: "n1".into() },
        ]
    );
    // n1 gives one line command, needing no roll, and moves it.
    let events = ok(&mut game, hc_line("hc1"));
    assert_eq!(
        events,
        [Event::LineDeclared {
            leader: "n1".into(),
            line: "HC".into(),
            units: vec!["hc1".into()],
            via_proximity: false
        }]
    );
    assert_eq!(game.execute(&hc_line("hc1")).unwrap_err().rule(), "CG 4.54");
    ok(&mut game, mv("hc1", &["0503"], Vertex::E));
    let events = end_orders(&mut game);
    assert_eq!(
        events,
        [Event::LeaderFinished { leader: "n1".into() }, Event::NayakaOrdersBegan { leader: "n2".into() }]
    );
    // n2 has no individual orders (4.54): only his own line command.
    assert_eq!(game.execute(&mv("hc1", &["0603"], Vertex::E)).unwrap_err().rule(), "5.21");
    ok(&mut game, hc_line("hc2"));
    end_orders(&mut game);
    let events = end_orders(&mut game);
    // The last Nayaka is done: the wing commander's phase ends, and he may try momentum.
    assert_eq!(
        events,
        [
            Event::LeaderFinished { leader: "n3".into() },
            Event::WingCommandEnded { leader: "senapati".into() },
            Event::OrdersEnded { leader: "senapati".into() },
            Event::MomentumOffered { leader: "senapati".into() },
        ]
    );
}

#[test]
fn w8_one_nayaka_free_then_a_strategy_roll_for_each_more_cg_4_54_3() {
    // Turn 1's tie at initiative 6: blue 9, red 0.
    let (mut game, _) = mauryan().start(&[9, 0, 2, 5]);
    finish_turn(&mut game);
    assert_eq!(game.state.turn, 2);
    up_to_senapati(&mut game);
    ok(&mut game, activate("senapati"));
    let events = ok(&mut game, wing(&["n1", "n2", "n3"], false));
    let roll = |roll, nayaka: &str| Event::DieRolled {
        roll,
        purpose: RollPurpose::WingStrategy { leader: "senapati".into(), nayaka: nayaka.into() },
    };
    assert_eq!(
        events,
        [
            roll(2, "n2"),
            roll(5, "n3"),
            Event::WingCommandGiven {
                leader: "senapati".into(),
                nayakas: vec!["n1".into(), "n2".into()],
                restricted: None
            },
            Event::LeaderFinished { leader: "n3".into() },
            Event::NayakaOrdersBegan { leader: "n1".into() },
        ]
    );
}

#[test]
fn by_the_overall_commander_s_range_no_roll_but_he_is_restricted_cg_4_55_4_54_2_w51() {
    // Ties at initiative 6: turn 1 blue 9 red 0; turn 2 the same.
    let (mut game, _) = mauryan().start(&[9, 0, 9, 0]);
    finish_turn(&mut game);
    up_to_senapati(&mut game);
    ok(&mut game, activate("senapati"));
    let events = ok(&mut game, wing(&["n1", "n2"], true));
    assert_eq!(
        events[0],
        Event::WingCommandGiven {
            leader: "senapati".into(),
            nayakas: vec!["n1".into(), "n2".into()],
            restricted: Some("raja".into())
        }
    );
    let raja = game.scenario.leaders.iter().position(|l| l.id == "raja").unwrap();
    assert!(game.state.leaders[raja].restricted);
    end_orders(&mut game);
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    // n3, left out, passed before: he stays Inactive but is not offered again (4.53).
    assert_eq!(status(&game, "n3"), LeaderStatus::Inactive);
    assert_eq!(offered(&game), ["raja"]);
    // A Restricted overall commander does not trump (4.55).
    assert!(sarissa_rules::command::trump::trump_options(&game.scenario, &game.state).is_empty());
    ok(&mut game, activate("raja"));
    // He orders no unit to move, moves no other leader, and has 5 MP himself (4.55).
    assert_eq!(game.execute(&mv("hc3", &["0509"], Vertex::E)).unwrap_err().rule(), "CG 4.55");
    let far = Command::MoveLeader {
        leader: "raja".into(),
        path: ["0305", "0405", "0505", "0605", "0705", "0805"].iter().map(|s| h(s)).collect(),
    };
    assert_eq!(game.execute(&far).unwrap_err().rule(), "6.15");
    let moved = Command::MoveLeader { leader: "n3".into(), path: vec![h("0509")] };
    assert_eq!(game.execute(&moved).unwrap_err().rule(), "CG 4.55");
    ok(
        &mut game,
        Command::MoveLeader {
            leader: "raja".into(),
            path: ["0305", "0405", "0505", "0605", "0705"].iter().map(|s| h(s)).collect(),
        },
    );
    // Restriction lasts the game turn (G10).
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    finish_turn(&mut game);
    assert!(!game.state.leaders[raja].restricted);
}

#[test]
fn the_overall_commander_s_range_must_reach_the_wing_commander_cg_4_54_2() {
    let mut f = mauryan();
    f.leaders[0][0] = leader("raja", "overall", 6, 6, "0210");
    f.leaders[0][1] = SENAPATI.replace("0405", "0401");
    let (mut game, _) = f.start(&[9, 0, 9, 0]);
    finish_turn(&mut game);
    up_to_senapati(&mut game);
    ok(&mut game, activate("senapati"));
    let err = game.execute(&wing(&["n1", "n2"], true)).unwrap_err();
    assert_eq!(err.rule(), "CG 4.54");
    // Not beyond his own command range either: n3 at 0409 is 8 hexes away.
    assert_eq!(game.execute(&wing(&["n3"], false)).unwrap_err().rule(), "CG 4.54");
}

#[test]
fn a_nayaka_must_be_stacked_with_a_unit_of_his_line_cg_4_34_d10() {
    let mut f = mauryan();
    f.leaders[0][3] = nayaka("n2", "0407");
    let (mut game, _) = f.start(&[]);
    up_to_senapati(&mut game);
    ok(&mut game, activate("senapati"));
    ok(&mut game, wing(&["n2"], false));
    let err = game.execute(&hc_line("hc2")).unwrap_err();
    assert_eq!(err.rule(), "CG 4.34");
}

#[test]
fn sreni_units_obey_only_their_own_chief_cg_4_62_d13() {
    let (mut game, _) = mauryan().start(&[9, 0]);
    ok(&mut game, activate("gc"));
    // His own guild's unit, yes; any other, no (4.62).
    assert_eq!(game.execute(&mv("hc1", &["0503"], Vertex::E)).unwrap_err().rule(), "4.62");
    ok(&mut game, mv("sreni1", &["0402"], Vertex::E));
    let events = end_orders(&mut game);
    // A chief never uses momentum (4.63): he is Finished at once.
    assert!(events.contains(&Event::LeaderFinished { leader: "gc".into() }));
    assert!(!events.iter().any(|e| matches!(e, Event::MomentumOffered { .. })));
    up_to_senapati(&mut game);
    ok(&mut game, pass("senapati"));
    assert_eq!(offered(&game), ["raja"]);
    ok(&mut game, activate("raja"));
    // The overall commander may not order a guild unit (4.41[3], D13), and it is not offered.
    assert_eq!(game.execute(&mv("sreni1", &["0502"], Vertex::E)).unwrap_err().rule(), "4.62");
    let sreni = game.scenario.units.iter().position(|u| u.id == "sreni1").unwrap();
    assert!(!sarissa_rules::play::legal::orderable_units(&game).contains(&sreni));
}

#[test]
fn no_nayaka_or_chief_trumps_cg_4_53_4_63() {
    let (game, _) = mauryan().start(&[]);
    // The guild chief is offered; blue's trumpers are only raja and senapati.
    let trumpers: Vec<String> = sarissa_rules::command::trump::trump_options(&game.scenario, &game.state)
        .into_iter()
        .map(|i| game.scenario.leaders[i].id.clone())
        .collect();
    assert_eq!(trumpers, ["raja", "senapati"]);
}

#[test]
fn a_tribal_chief_has_six_movement_points_cg_6_15_d6() {
    let mut f = mauryan();
    f.units[0][3] = SRENI.replace("sreni\", guild", "tribal\", guild");
    f.leaders[0][5] = GUILD_CHIEF.replace("guild-chief", "tribal-chief");
    let (game, _) = f.start(&[]);
    let tc = game.scenario.leaders.iter().position(|l| l.id == "gc").unwrap();
    assert_eq!(sarissa_rules::command::orders::leader_mp(&game.scenario, &game.state, tc), 6);
    let raja = game.scenario.leaders.iter().position(|l| l.id == "raja").unwrap();
    assert_eq!(sarissa_rules::command::orders::leader_mp(&game.scenario, &game.state, raja), 9);
}

fn load_error(f: &Field) -> String {
    sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string()
}

#[test]
fn a_nayaka_naming_no_wing_commander_is_a_load_error_saying_where_cg_4_51() {
    let mut f = mauryan();
    f.leaders[0][2] = nayaka("n1", "0403").replace("senapati", "nobody");
    let err = load_error(&f);
    assert!(err.contains("field.toml:"), "{err}");
    assert!(err.contains("leader `n1`: wing `nobody` is not a wing commander"), "{err}");
    // A nayaka needs his wing and the lines on his counter.
    let mut f = mauryan();
    f.leaders[0][2] = nayaka("n1", "0403").replace("wing = \"senapati\", ", "").replace("line_types = [\"HC\"], ", "");
    let err = load_error(&f);
    assert!(err.contains("`wing`"), "{err}");
    assert!(err.contains("needs `line_types`"), "{err}");
}

#[test]
fn cg_leaders_have_no_personal_combat_elite_or_contingents_and_gba_has_no_nayakas_d5() {
    let mut f = mauryan();
    f.leaders[0][1] = SENAPATI.replace("charisma = 1", "charisma = 1, personal_combat = 4, elite = true");
    let err = load_error(&f);
    assert!(err.contains("no personal combat rating (CG 4.1, D5)"), "{err}");
    assert!(err.contains("no elite commanders (CG 4.1, D5)"), "{err}");
    let mut f = mauryan();
    f.rules = "alexander";
    f.units[0].pop();
    f.leaders[0].pop();
    let err = load_error(&f);
    assert!(err.contains("role `nayaka` belongs to the chandragupta rules (CG 4.4)"), "{err}");
    // Several overall commanders are allowed in CG (4.41).
    let mut f = mauryan();
    f.leaders[0].push(leader("raja-2", "overall", 5, 4, "0108"));
    assert!(sarissa_rules::load("field.toml", &f.toml()).is_ok());
    // A chief's guild must have units (4.62).
    let mut f = mauryan();
    f.leaders[0][5] = GUILD_CHIEF.replace("kamboja", "nowhere");
    assert!(load_error(&f).contains("no unit of his side belongs to guild or tribe `nowhere`"));
}

#[test]
fn a_trumper_s_duty_is_met_by_ordered_fire_cg_5_46_d21_r11() {
    let mut f = mauryan();
    f.units[0].push(unit("archers", "LI", "A", 3, 5, 5, "A", "0805", "E"));
    // The trump roll 3 (raja, initiative 6); then the volley's dice.
    let (mut game, _) = f.start(&[3, 5, 5, 5, 5, 5]);
    ok(&mut game, Command::Trump { leader: "raja".into() });
    ok(&mut game, Command::DeclineTrump);
    assert!(matches!(&game.state.phase, Phase::Orders { leader, must_act: true, .. } if leader == "raja"));
    assert_eq!(game.execute(&Command::EndOrders).unwrap_err().rule(), "5.46");
    ok(&mut game, fire("archers", "enemy"));
    assert!(matches!(&game.state.phase, Phase::Orders { must_act: false, .. }));
    end_orders(&mut game);
}

#[test]
fn a_wing_commander_orders_his_nayaka_out_of_an_enemy_zoc_for_two_orders_cg_4_81_4_52_3_d14() {
    let mut f = mauryan();
    f.units[1] = vec![unit("enemy", "HC", "", 3, 6, 7, "", "0503", "W")];
    let (mut game, _) = f.start(&[]);
    up_to_senapati(&mut game);
    ok(&mut game, activate("senapati"));
    let n1 = game.scenario.leaders.iter().position(|l| l.id == "n1").unwrap();
    assert!(sarissa_rules::command::orders::leader_in_enemy_zoc(&game.scenario, &game.state, n1));
    // Not another wing's leader, nor the guild chief.
    let gc = Command::MoveLeader { leader: "gc".into(), path: vec![h("0402")] };
    assert_eq!(game.execute(&gc).unwrap_err().rule(), "4.4");
    let events = ok(&mut game, Command::MoveLeader { leader: "n1".into(), path: vec![h("0303")] });
    assert_eq!(
        events,
        [Event::LeaderMoved {
            leader: "n1".into(),
            path: vec![h("0303")],
            mp: 1,
            in_enemy_zoc: false,
            left_enemy_zoc: true,
            orders: 2,
            by_overall: true
        }]
    );
    assert!(matches!(game.state.phase, Phase::Orders { orders_left: 2, .. }));
}

#[test]
fn a_subordinate_s_momentum_line_command_needs_no_new_strategy_roll_cg_4_42_d11() {
    let mut f = mauryan();
    f.leaders[0].push("{ id = \"sc\", name = \"sc\", role = \"subordinate\", initiative = 3, command_range = 4, charisma = 1, line_command = true, strategy = 2, at = \"0306\" }".into());
    // The momentum roll 2 (initiative 3); no strategy roll follows.
    let (mut game, _) = f.start(&[2]);
    while offered(&game) != ["sc"] {
        let first = offered(&game)[0].clone();
        ok(&mut game, pass(&first));
    }
    ok(&mut game, activate("sc"));
    ok(&mut game, hc_line("hc2"));
    ok(&mut game, mv("hc2", &["0506"], Vertex::E));
    end_orders(&mut game);
    ok(&mut game, Command::TryMomentum);
    ok(&mut game, Command::DeclineTrump);
    let events = ok(&mut game, hc_line("hc2"));
    assert_eq!(
        events,
        [Event::LineDeclared {
            leader: "sc".into(),
            line: "HC".into(),
            units: vec!["hc2".into()],
            via_proximity: false
        }]
    );
}

#[test]
fn a_nayaka_of_the_wing_command_lends_his_range_for_shock_cg_7_32_4_54_p83() {
    // hc3 stands six hexes from the wing commander, beyond his range of 5, with the enemy in its
    // front; n3, two hexes off, is within the wing commander's range and reaches hc3 with his own.
    let mut f = mauryan();
    f.units[0][2] = unit("hc3", "HC", "", 3, 6, 7, "", "1005", "E");
    f.leaders[0][4] = nayaka("n3", "0905");
    let (mut game, _) = f.start(&[]);
    up_to_senapati(&mut game);
    ok(&mut game, activate("senapati"));
    ok(&mut game, wing(&["n1", "n3"], false));
    end_orders(&mut game);
    // n3 gives no line command; his range still counts once the wing's phase ends.
    let events = end_orders(&mut game);
    assert!(
        events.contains(&Event::ShockSegmentBegan {
            leader: "senapati".into(),
            must: vec![],
            optional: vec!["hc3".into()]
        }),
        "{events:?}"
    );
}
