//! Movement of one-hex units and leaders (GBA 4.21, 4.23, 6.1–6.3, 6.9, 7.1, 7.2).

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::movement::{plan, plan_steps, reach};

/// Blue's hero (initiative 5, range 6) stands with one unit; red's leader far away.
fn field_with(blue: Vec<String>, red: Vec<String>) -> Field {
    Field {
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 5, 8, "0105")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn refusal(game: &mut sarissa_rules::Game, c: Command) -> RuleError {
    game.execute(&c).expect_err("the move must be refused")
}

#[test]
fn t9_formed_foot_entering_woods_one_level_up_pays_three_mp_gba_6_21() {
    let mut field = field_with(
        vec![unit("hyp", "HI", "HY", 5, 8, 5, "", "0305", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    field.terrain = vec![("0405", 'w')];
    field.elevation = vec![("0405", '1')];
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, mv("hyp", &["0405"], Vertex::E));
    let moved = events.iter().find_map(|e| match e {
        Event::UnitMoved { mp, .. } => Some(*mp),
        _ => None,
    });
    assert_eq!(moved, Some(3), "2 for woods + 1 for the level");
    // Formed foot lose order in woods (designed 1 hit, charts-draft §6).
    assert!(events.contains(&Event::CohesionHits { unit: "hyp".into(), hits: 1, cause: HitCause::Terrain }));
}

#[test]
fn a_unit_enters_only_its_front_hexes_and_turning_costs_a_vertex_each_gba_6_32_7_12() {
    let field = field_with(
        vec![unit("c", "HC", "", 3, 7, 7, "", "0505", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let (game, _) = field.start(&[]);
    let s = &game.scenario;
    // Facing E from 0505: front hexes 0604 and 0605, straight on for 1 MP each.
    assert_eq!(plan(s, &game.state, 0, &[h("0605")], Vertex::E).unwrap().mp, 1);
    // Going west (rear) needs three vertices of turning first: 3 + 1.
    assert_eq!(plan(s, &game.state, 0, &[h("0405")], Vertex::W).unwrap().mp, 4);
    // Turning in place only.
    assert_eq!(plan(s, &game.state, 0, &[], Vertex::NE).unwrap().mp, 1);
    // Skirmishers pay 1 MP for any turn (7.12).
    let sk = field_with(
        vec![unit("s", "SK", "A", 1, 6, 6, "A", "0505", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let (game, _) = sk.start(&[]);
    assert_eq!(plan(&game.scenario, &game.state, 0, &[], Vertex::W).unwrap().mp, 1);
}

#[test]
fn a_facing_change_in_rough_terrain_costs_a_hit_but_not_for_elephants_gba_7_14() {
    let mut field = field_with(
        vec![unit("c", "HC", "", 3, 7, 7, "", "0505", "E"), unit("e", "EL", "", 4, 6, 7, "J", "0507", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    field.terrain = vec![("0505", 'r'), ("0507", 'r')];
    let (game, _) = field.start(&[]);
    assert_eq!(plan(&game.scenario, &game.state, 0, &[], Vertex::NE).unwrap().hits, 1);
    assert_eq!(plan(&game.scenario, &game.state, 1, &[], Vertex::NE).unwrap().hits, 0);
    assert_eq!(
        plan(&game.scenario, &game.state, 1, &[], Vertex::NE).unwrap().mp,
        2,
        "2 MP a vertex for elephants (7.12)"
    );
}

#[test]
fn a_move_may_not_exceed_the_movement_allowance_gba_6_25() {
    let field = field_with(
        vec![unit("m", "MI", "", 4, 5, 3, "", "0205", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    let err = refusal(&mut game, mv("m", &["0305", "0404", "0504", "0603"], Vertex::E));
    assert_eq!(err.rule(), "6.25", "{err}");
    ok(&mut game, mv("m", &["0305", "0404", "0504"], Vertex::E));
}

#[test]
fn moving_again_in_a_turn_costs_a_hit_except_for_skirmishers_gba_6_13() {
    let field = Field {
        units: [
            vec![unit("c", "HC", "", 3, 7, 7, "", "0305", "E"), unit("s", "SK", "J", 1, 6, 6, "J", "0307", "E")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
        ],
        leaders: [
            vec![leader("first", "subordinate", 2, 6, "0205"), leader("second", "overall", 3, 6, "0206")],
            vec![leader("foe", "overall", 6, 4, "1210")],
        ],
        ..Field::default()
    };
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("first"));
    let events = ok(&mut game, mv("c", &["0405"], Vertex::E));
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. })));
    ok(&mut game, mv("s", &["0407"], Vertex::E));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("second"));
    let events = ok(&mut game, mv("c", &["0505"], Vertex::E));
    assert!(events.contains(&Event::CohesionHits { unit: "c".into(), hits: 1, cause: HitCause::SecondMove }));
    let events = ok(&mut game, mv("s", &["0507"], Vertex::E));
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. })), "skirmishers never take it");
}

#[test]
fn a_unit_stops_on_entering_an_enemy_zoc_gba_7_23() {
    // Red cavalry at 0805 facing W: its front hexes are 0704 and 0705.
    let field = field_with(
        vec![unit("c", "HC", "", 3, 7, 7, "", "0505", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "0805", "W")],
    );
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    let err = refusal(&mut game, mv("c", &["0605", "0705", "0706"], Vertex::E));
    assert_eq!(err.rule(), "7.23", "{err}");
    ok(&mut game, mv("c", &["0605", "0705"], Vertex::E));
    let destinations = reach(&game.scenario, &game.state, 0).unwrap();
    assert!(destinations.is_empty() || game.state.units[0].moved);
}

#[test]
fn leaving_an_enemy_zoc_needs_a_greater_allowance_gba_7_23() {
    // Blue MI (MA 5) sits in the ZOC of red HC (MA 7): it cannot leave; blue HC (MA 8) beside a
    // red MI (MA 5) can.
    let field = field_with(
        vec![unit("slow", "MI", "", 4, 5, 5, "", "0705", "E"), unit("fast", "HC", "", 3, 7, 8, "", "0708", "E")],
        vec![unit("rc", "HC", "", 3, 6, 7, "", "0805", "W"), unit("rm", "MI", "", 4, 5, 5, "", "0808", "W")],
    );
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    let err = refusal(&mut game, mv("slow", &["0804"], Vertex::E));
    assert!(err.rule() == "7.23" || err.rule() == "7.25", "{err}");
    assert!(reach(&game.scenario, &game.state, 0).unwrap().iter().all(|d| d.hex == h("0705")));
    // Pinned by one enemy and with that enemy in its own ZOC: no turning either (7.25).
    let err = refusal(&mut game, mv("slow", &[], Vertex::NE));
    assert_eq!(err.rule(), "7.25", "{err}");
    // The faster unit may leave through a free front hex.
    ok(&mut game, mv("fast", &["0807"], Vertex::E));
}

#[test]
fn horse_archers_and_foot_skirmishers_do_not_pin_gba_7_23() {
    let field = field_with(
        vec![unit("slow", "MI", "", 4, 5, 4, "", "0705", "E")],
        vec![unit("ha", "LC", "A", 2, 5, 9, "A", "0805", "W")],
    );
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("slow", &[], Vertex::SE));
}

#[test]
fn units_never_end_stacked_and_pass_through_friends_as_the_stacking_chart_says_gba_6_91_6_92_6_95() {
    let field = field_with(
        vec![
            unit("a", "HC", "", 3, 7, 7, "", "0305", "E"),
            unit("b", "HC", "", 3, 7, 7, "", "0405", "E"),
            unit("s", "SK", "J", 1, 6, 6, "J", "0306", "NE"),
        ],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let (mut game, _) = field.start(&[8, 3]);
    ok(&mut game, activate("hero"));
    assert_eq!(refusal(&mut game, mv("a", &["0405"], Vertex::E)).rule(), "6.91");
    // Skirmishers file through anyone, free: 0306 faces NE, through b at 0405 to 0505.
    ok(&mut game, mv("s", &["0405", "0505"], Vertex::NE));
    // Horse through horse: one MP more, and both check TQ: a rolls 8 over 7 (a hit), b 3.
    let reach = sarissa_rules::movement::reach(&game.scenario, &game.state, 0).unwrap();
    let through = reach.iter().find(|d| d.path == vec![h("0405"), h("0505")] || d.path == vec![h("0405"), h("0506")]);
    assert!(through.is_some_and(|d| d.mp == 3), "two hexes and the pass-through: {through:?}");
    let events = ok(&mut game, mv("a", &["0405", "0506"], Vertex::E));
    let hits: Vec<_> = events.iter().filter(|e| matches!(e, Event::CohesionHits { .. })).collect();
    assert_eq!(hits, vec![&Event::CohesionHits { unit: "a".into(), hits: 1, cause: HitCause::PassThrough }]);
    assert!(events.contains(&Event::DieRolled {
        roll: 3,
        purpose: sarissa_rules::game::RollPurpose::TqCheck { unit: "b".into(), rule: "6.92".into() }
    }));
}

#[test]
fn nobody_passes_through_a_phalanx_or_heavy_infantry_gba_6_92() {
    let field = field_with(
        vec![unit("a", "HC", "", 3, 7, 7, "", "0305", "E"), unit("hi", "HI", "", 5, 6, 4, "", "0405", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    let err = refusal(&mut game, mv("a", &["0405", "0505"], Vertex::E));
    assert_eq!(err.rule(), "6.92", "{err}");
}

#[test]
fn orders_reach_only_units_in_command_range_along_a_clear_path_gba_4_21() {
    // Hero at 0105, range 8; a unit at 1005 is 9 hexes away.
    let field = field_with(
        vec![unit("near", "HC", "", 3, 7, 7, "", "0305", "E"), unit("far", "HC", "", 3, 7, 7, "", "1003", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    let err = refusal(&mut game, mv("far", &["1103"], Vertex::E));
    assert_eq!(err, RuleError::OutOfCommandRange { unit: "far".into(), leader: "hero".into() });
    ok(&mut game, mv("near", &["0405"], Vertex::E));
}

#[test]
fn enemy_zocs_block_the_command_path_gba_4_21() {
    // A wall of red ZOC across column 3 between the hero (0105) and a blue unit at 0505, with
    // the only gaps far beyond range 3.
    let mut red = Vec::new();
    for (i, row) in ["02", "04", "06", "08", "10"].iter().enumerate() {
        red.push(unit(&format!("r{i}"), "HC", "", 3, 6, 7, "", &format!("04{row}"), "W"));
    }
    let mut field = field_with(vec![unit("cut", "HC", "", 3, 7, 7, "", "0205", "E")], red);
    field.leaders[0] = vec![leader("hero", "overall", 5, 3, "0105")];
    let (game, _) = field.start(&[]);
    assert!(sarissa_rules::command::orders::in_command_range(&game.scenario, &game.state, 0, 0));
    let mut field2 = field_with(vec![unit("cut", "HC", "", 3, 7, 7, "", "0405", "E")], Vec::new());
    field2.units[1] =
        vec![unit("r", "HC", "", 3, 6, 7, "", "0304", "SE"), unit("r2", "HC", "", 3, 6, 7, "", "0306", "NE")];
    field2.leaders[0] = vec![leader("hero", "overall", 5, 3, "0105")];
    let (game2, _) = field2.start(&[]);
    // 0205 and 0305 are in red ZOC and empty: the path from 0105 to 0405 is cut.
    assert!(!sarissa_rules::command::orders::in_command_range(&game2.scenario, &game2.state, 0, 0));
}

#[test]
fn a_leader_moves_nine_mp_on_his_own_order_gba_4_23_6_15() {
    let field = field_with(
        vec![unit("c", "HC", "", 3, 7, 7, "", "0305", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    let path: Vec<&str> = vec!["0205", "0305", "0405", "0505", "0605", "0705", "0805", "0905", "1005"];
    ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: path.iter().map(|s| h(s)).collect() });
    assert_eq!(game.state.leaders[0].at, h("1005"));
    let err = game.execute(&Command::MoveLeader { leader: "hero".into(), path: vec![h("1105")] }).unwrap_err();
    assert_eq!(err.rule(), "6.15", "9 MP a phase: {err}");
}

#[test]
fn every_destination_offered_is_accepted_at_the_same_cost() {
    // On every shipped battle, for the first units of each side: reach and plan agree.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        // The battle files only: scenarios/positions/ holds example positions.
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let scenario = sarissa_rules::load(&path.to_string_lossy(), &text).unwrap();
        let (game, _) =
            sarissa_rules::Game::new(std::sync::Arc::new(scenario), sarissa_rules::Dice::seeded(1)).unwrap();
        let s = &game.scenario;
        let mut checked = 0;
        for i in (0..s.units.len()).filter(|&i| !s.units[i].placement.is_two_hex()).take(12) {
            for d in reach(s, &game.state, i).unwrap() {
                // Also the changes into or out of column (6.61).
                let planned = plan_steps(s, &game.state, i, &d.path, d.facing, d.column, 0);
                let p = planned.map(|p| p.destination).unwrap_or_else(|e| {
                    panic!("{}: {} offered {:?} but refused: {e}", path.display(), s.units[i].id, d)
                });
                assert_eq!((p.mp, p.hits), (d.mp, d.hits), "{}: {}", path.display(), s.units[i].id);
                checked += 1;
            }
        }
        assert!(checked > 0);
    }
}

#[test]
fn a_leader_enters_an_enemy_zoc_only_where_a_friend_stands_and_stops_there_gba_4_61() {
    // Red cavalry at 0805 (an even column) facing W controls 0705 and 0706; a blue unit stands in 0705.
    let field = field_with(
        vec![unit("friend", "HC", "", 3, 7, 7, "", "0705", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "0805", "W")],
    );
    let (game, _) = field.start(&[]);
    let reach = sarissa_rules::movement::leader_reach(&game.scenario, &game.state, 0, false);
    assert!(reach.contains_key(&h("0705")), "with a friend there");
    assert!(!reach.contains_key(&h("0706")), "an empty hex in an enemy ZOC");
    // No path goes on through the ZOC hex he stopped in.
    assert!(reach.values().all(|(_, path)| !path[..path.len() - 1].contains(&h("0705"))));
}

#[test]
fn a_leader_moves_with_a_unit_he_ordered_and_was_stacked_with_without_an_order_gba_4_23_p242() {
    // Initiative 2: two orders. The hero, stacked with `a`, orders it forward and goes with it
    // free; his second order still moves `b`.
    let mut field = field_with(
        vec![unit("a", "HC", "", 3, 7, 7, "", "0305", "E"), unit("b", "HC", "", 3, 7, 7, "", "0307", "E")],
        vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    field.leaders[0] = vec![leader("hero", "overall", 2, 6, "0305")];
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("a", &["0405", "0505"], Vertex::E));
    assert_eq!(orders_left(&game), 1);
    let events = ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: vec![h("0405"), h("0505")] });
    assert!(
        events.iter().any(|e| matches!(e, Event::LeaderMoved { leader, orders: 0, .. } if leader == "hero")),
        "{events:?}"
    );
    assert_eq!(orders_left(&game), 1, "no order spent (4.23)");
    ok(&mut game, mv("b", &["0407"], Vertex::E));
    assert_eq!(orders_left(&game), 0);
    // Once he has moved, the free move is spent: another move of his needs an order.
    let err = game.execute(&Command::MoveLeader { leader: "hero".into(), path: vec![h("0605")] }).unwrap_err();
    assert!(matches!(err, RuleError::NoOrdersLeft { .. }), "{err}");
}
