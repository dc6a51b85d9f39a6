//! Battles that start from a position (docs/scenario-format.md, "Starting from a position"): the
//! loader's checks of every marker, each at its line, and games played on from such positions
//! with loaded dice, showing that the rules read each marker.

mod common;
use common::*;
use sarissa_rules::combat::fire::targets;
use sarissa_rules::game::{Command, Dice, Event, HitCause, LeaderStatus, Phase, Supply};
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::scenario::{load, LoadError, StartPhase};
use std::sync::Arc;

/// The field's file with a `[position]` table (none if `position` is empty).
fn text(field: &Field, position: &str) -> String {
    if position.is_empty() {
        field.toml()
    } else {
        format!("{}\n[position]\n{position}\n", field.toml())
    }
}

fn start(field: &Field, position: &str, dice: &[u8]) -> (Game, Vec<Event>) {
    let scenario = load("field.toml", &text(field, position)).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, mut events) = Game::new(Arc::new(scenario), Dice::scripted(dice)).expect("the game starts");
    events.extend(no_pw(&mut game));
    (game, events)
}

fn errors(field: &Field, position: &str) -> LoadError {
    load("field.toml", &text(field, position)).expect_err("the position is refused")
}

/// The line (1-based) of the first line of `t` holding `needle`.
fn line_of(t: &str, needle: &str) -> usize {
    t.lines().position(|l| l.contains(needle)).unwrap_or_else(|| panic!("{needle:?} not in the file")) + 1
}

/// The file has a problem containing `fragment` on the line holding `needle`.
fn reports(field: &Field, position: &str, needle: &str, fragment: &str) {
    let err = errors(field, position);
    let line = line_of(&text(field, position), needle);
    assert!(
        err.diagnostics.iter().any(|d| d.line == line && d.message.contains(fragment)),
        "expected {fragment:?} on line {line}; got:\n{err}"
    );
}

fn archers() -> String {
    unit("cretans", "SK", "A", 1, 5, 6, "A", "0305", "E")
}

fn medes(keys: &str) -> String {
    let line = unit("medes", "HC", "", 3, 6, 7, "", "0505", "W");
    if keys.is_empty() {
        line
    } else {
        with(line, keys)
    }
}

// ---- The loader -------------------------------------------------------------------------------

#[test]
fn a_file_without_position_keys_has_no_position_and_starts_on_turn_1() {
    let f = two_armies(vec![archers()], vec![medes("")]);
    let s = load("field.toml", &f.toml()).unwrap();
    assert_eq!(s.position, None);
    let (game, events) = start(&f, "", &[]);
    assert_eq!(events[0], Event::TurnBegan { turn: 1 });
    assert_eq!(game.state.turn, 1);
}

#[test]
fn position_keys_load_into_the_model() {
    let f = two_armies(vec![with(archers(), "missiles = \"low\", moved = true")], vec![medes("hits = 2")]);
    let s = load("field.toml", &text(&f, "turn = 3\nphase = \"activation\"")).unwrap();
    let p = s.position.expect("a position");
    assert_eq!((p.turn, p.phase), (3, StartPhase::Activation));
    assert_eq!(p.units["cretans"].missiles, sarissa_rules::scenario::position::Supply::Low);
    assert!(p.units["cretans"].moved);
    assert_eq!(p.units["medes"].hits, 2);
    assert!(!p.leaders.contains_key("hero"));
}

#[test]
fn position_table_checks_turn_and_phase() {
    let f = two_armies(vec![archers()], vec![medes("")]);
    reports(&f, "turn = 0", "turn = 0", "`turn` is 0; it must be from 1 to 99");
    reports(&f, "turn = 2\nphase = \"shock\"", "phase = \"shock\"", "phase `shock` must be turn-start or activation");
    reports(&f, "phase = \"activation\"", "[position]", "[position]: missing `turn`");
    reports(&f, "turn = 2\nround = 1", "round = 1", "[position]: unknown key `round`");
}

#[test]
fn hits_reaching_the_tq_are_a_rout_not_a_position_gba_10_1() {
    let f = two_armies(vec![archers()], vec![medes("hits = 6")]);
    reports(&f, "", "id = \"medes\"", "hits 6 but TQ 6: a unit whose hits reach its TQ has routed (GBA 10.1)");
    let f = two_armies(vec![archers()], vec![medes("hits = 9")]);
    reports(&f, "", "id = \"medes\"", "hits 9 but TQ 6");
    // In Column the TQ is 2 less (6.65, R3).
    let mi = with(unit("mi", "MI", "", 4, 6, 5, "", "0505", "W"), "column = true, hits = 4");
    let f = two_armies(vec![archers()], vec![mi.replace("facing = \"W\"", "facing = \"N\"")]);
    reports(&f, "", "id = \"mi\"", "hits 4 but TQ 4 In Column (GBA 6.65)");
}

#[test]
fn a_routed_unit_has_no_hits_column_square_rally_or_engagement_gba_10_2() {
    let f = two_armies(vec![archers()], vec![medes("routed = true, hits = 2")]);
    reports(&f, "", "id = \"medes\"", "a routed unit carries no hits");
    let mi = with(unit("mi", "MI", "", 4, 6, 5, "", "0505", "N"), "routed = true, column = true");
    let f = two_armies(vec![archers()], vec![mi]);
    reports(&f, "", "id = \"mi\"", "a routed unit cannot be In Column (GBA 6.61)");
    let f = two_armies(vec![archers()], vec![medes("routed = true, rallied = true")]);
    reports(&f, "turn = 2\nphase = \"activation\"", "id = \"medes\"", "`routed` or `rallied`, not both");
}

#[test]
fn column_needs_a_unit_that_may_form_one_and_faces_a_hexside_gba_6_6() {
    let f = two_armies(vec![archers()], vec![medes("column = true").replace("\"W\"", "\"N\"")]);
    reports(&f, "", "id = \"medes\"", "a HC is never In Column (GBA 6.6)");
    let mi = with(unit("mi", "MI", "", 4, 6, 5, "", "0505", "W"), "column = true");
    let f = two_armies(vec![archers()], vec![mi]);
    reports(&f, "", "id = \"mi\"", "a unit In Column faces a hexside: N, NE, SE, S, SW or NW (GBA 6.63)");
    // A two-hex column faces along its length (6.63): 0505-0506 lie north-south.
    let ph = with(unit("ph", "PH", "MA", 16, 7, 5, "", "0505-0506", "E"), "column = true");
    let f = two_armies(vec![archers()], vec![ph.replace("facing = \"E\"", "facing = \"NE\"")]);
    reports(&f, "", "id = \"ph\"", "a two-hex column at 0505-0506 faces along its length: S or N (GBA 6.63)");
    let ph = with(unit("ph", "PH", "MA", 16, 7, 5, "", "0505-0506", "E"), "column = true");
    let f = two_armies(vec![archers()], vec![ph.replace("facing = \"E\"", "facing = \"S\"")]);
    assert!(load("field.toml", &f.toml()).is_ok());
}

#[test]
fn square_only_for_phalanxes_and_size_10_hoplites_in_both_books_cg_10_62_gba_11_63_p292() {
    let ph = with(unit("ph", "PH", "MA", 16, 7, 5, "", "0505-0506", "E"), "square = true");
    for rules in ["alexander", "chandragupta"] {
        let f = Field { rules, ..two_armies(vec![archers()], vec![medes("square = true")]) };
        reports(&f, "", "id = \"medes\"", "only phalanxes and Size-10 hoplites form Square (CG 10.62; in Alexander battles by rulings P292); this is a HC");
        let f = Field { rules, ..two_armies(vec![archers()], vec![ph.clone()]) };
        assert!(load("field.toml", &f.toml()).is_ok(), "{rules}");
    }
}

#[test]
fn missile_supply_only_for_units_with_missiles_gba_8_17() {
    let f = two_armies(vec![archers()], vec![medes("missiles = \"no\"")]);
    reports(&f, "", "id = \"medes\"", "a HC without a `missile` has no supply to run low (GBA 8.17)");
    let f = two_armies(vec![with(archers(), "missiles = \"none\"")], vec![medes("")]);
    reports(&f, "", "id = \"cretans\"", "`missiles` `none` must be full, low or no");
    let f = two_armies(vec![with(archers(), "screen_missiles = \"low\"")], vec![medes("")]);
    reports(&f, "", "id = \"cretans\"", "`screen_missiles` is an elephant's screen");
}

#[test]
fn engaged_needs_the_optional_rule_and_an_adjacent_enemy_gba_10_3() {
    let blue = vec![with(unit("hc", "HC", "", 3, 6, 7, "", "0405", "E"), "engaged = true")];
    let f = two_armies(blue.clone(), vec![medes("")]);
    reports(&f, "", "id = \"hc\"", "Engaged belongs to the optional rule 10.3");
    let f = Field { optional: vec!["engaged"], ..two_armies(blue, vec![medes("").replace("0505", "0805")]) };
    reports(&f, "", "id = \"hc\"", "an Engaged unit stands next to the enemy it is locked with (GBA 10.3)");
}

#[test]
fn crew_on_foot_only_for_a_chariot_with_a_foot_side_cg_10_28() {
    let f = Field { rules: "chandragupta", ..two_armies(vec![archers()], vec![medes("on_foot = true")]) };
    reports(&f, "", "id = \"medes\"", "only an Indian chariot with a foot side");
}

#[test]
fn moved_rallied_and_finished_only_mid_turn() {
    let f = two_armies(vec![with(archers(), "moved = true")], vec![medes("rallied = true")]);
    let f = Field {
        leaders: [vec![with(leader("hero", "overall", 2, 8, "0205"), "finished = true")], f.leaders[1].clone()],
        ..f
    };
    let t = "turn = 2";
    reports(&f, t, "id = \"cretans\"", "`moved` marks the middle of a game turn");
    reports(&f, t, "id = \"medes\"", "`rallied` marks the middle of a game turn");
    reports(&f, t, "id = \"hero\"", "`finished` marks the middle of a game turn");
    assert!(load("field.toml", &text(&f, "turn = 2\nphase = \"activation\"")).is_ok());
}

#[test]
fn units_and_leaders_off_the_map_carry_nothing_else() {
    let f = two_armies(vec![archers()], vec![medes("eliminated = true, hits = 2")]);
    reports(&f, "", "id = \"medes\"", "an eliminated unit is off the map; it carries no `hits`");
    let f = two_armies(vec![archers()], vec![medes("")]);
    let hero = |keys: &str| with(leader("hero", "overall", 2, 8, "0205"), keys);
    let g = Field { leaders: [vec![hero("killed = true, captured = true")], f.leaders[1].clone()], ..f };
    reports(&g, "", "id = \"hero\"", "a leader is `killed` or `captured`, not both");
    let f = two_armies(vec![archers()], vec![medes("")]);
    let g = Field { leaders: [vec![hero("killed = true, finished = true")], f.leaders[1].clone()], ..f };
    reports(&g, "turn = 2\nphase = \"activation\"", "id = \"hero\"", "he carries no `finished`");
    let f = two_armies(vec![archers()], vec![medes("")]);
    let g = Field { leaders: [vec![hero("wounds = 3")], f.leaders[1].clone()], ..f };
    reports(&g, "", "id = \"hero\"", "`wounds` is 3; it must be from 0 to 2");
}

#[test]
fn an_eliminated_unit_does_not_stack() {
    // 6.91: two units in one hex, but one of them is off the map.
    let f = two_armies(
        vec![archers(), with(unit("ghost", "LI", "J", 3, 5, 6, "J", "0305", "E"), "eliminated = true")],
        vec![medes("")],
    );
    assert!(load("field.toml", &f.toml()).is_ok());
    let f = two_armies(vec![archers(), unit("ghost", "LI", "J", 3, 5, 6, "J", "0305", "E")], vec![medes("")]);
    assert!(load("field.toml", &f.toml()).is_err());
}

// ---- Playing on from a position ---------------------------------------------------------------

#[test]
fn the_battle_starts_on_its_turn_and_goes_on_to_the_next_gba_3_0() {
    let f = two_armies(vec![archers()], vec![medes("")]);
    let (mut game, events) = start(&f, "turn = 4", &[]);
    assert_eq!(events[0], Event::TurnBegan { turn: 4 });
    assert_eq!(game.state.turn, 4);
    ok(&mut game, pass("hero"));
    let events = ok(&mut game, pass("foe"));
    assert!(events.contains(&Event::TurnEnded { turn: 4 }), "{events:?}");
    assert!(events.contains(&Event::TurnBegan { turn: 5 }), "{events:?}");
}

#[test]
fn a_finished_leader_is_not_offered_activation_gba_5_15() {
    let f = two_armies(vec![archers()], vec![medes("")]);
    let hero = with(leader("hero", "overall", 2, 8, "0205"), "finished = true");
    let f = Field { leaders: [vec![hero], f.leaders[1].clone()], ..f };
    let (mut game, events) = start(&f, "turn = 3\nphase = \"activation\"", &[]);
    assert_eq!(events[0], Event::TurnBegan { turn: 3 });
    // Mid-turn: no pre-arranged withdrawal declarations (6.82); the foe, not the lower hero, is offered.
    assert!(!events.iter().any(|e| matches!(e, Event::PreArrangedOffered { .. })), "{events:?}");
    assert_eq!(offered(&game), ["foe"]);
    assert_eq!(game.state.leaders[0].status, LeaderStatus::Finished);
    assert!(game.execute(&activate("hero")).is_err());
    let events = ok(&mut game, pass("foe"));
    assert!(events.contains(&Event::TurnEnded { turn: 3 }), "{events:?}");
}

#[test]
fn a_unit_with_hits_routs_on_the_hit_that_reaches_its_tq_gba_10_1() {
    // A loaded 2: one hit on the Median horse at range 2 (missile_fire.rs, 8.15).
    for (before, routs) in [(5u8, true), (4, false)] {
        let f = two_armies(vec![archers()], vec![medes(&format!("hits = {before}"))]);
        let (mut game, _) = start(&f, "", &[2]);
        assert_eq!(game.state.units[1].hits, before);
        ok(&mut game, activate("hero"));
        let mut events = ok(&mut game, fire("cretans", "medes"));
        events.extend(rout_first(&mut game));
        let routed = events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "medes"));
        assert_eq!(routed, routs, "{before} hits before: {events:?}");
        assert_eq!(game.state.units[1].routed, routs);
        if !routs {
            assert_eq!(game.state.units[1].hits, before + 1);
        }
    }
}

#[test]
fn a_column_routs_at_its_tq_less_2_gba_6_65() {
    // MI TQ 6 In Column with 3 hits: one more reaches its TQ of 4 there (6.65, R3).
    let mi = with(unit("mi", "MI", "", 4, 6, 5, "", "0505", "N"), "column = true, hits = 3");
    let (mut game, _) = start(&two_armies(vec![archers()], vec![mi]), "", &[0]);
    assert!(game.state.units[1].column);
    ok(&mut game, activate("hero"));
    let mut events = ok(&mut game, fire("cretans", "mi"));
    events.extend(rout_first(&mut game));
    assert!(events.iter().any(|e| matches!(e, Event::CohesionHits { unit, .. } if unit == "mi")), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "mi")), "{events:?}");
}

#[test]
fn a_routed_unit_moves_in_the_rout_movement_segment_gba_10_22() {
    let runners = with(unit("runners", "LI", "J", 3, 5, 6, "J", "0605", "E"), "routed = true");
    let f = two_armies(vec![archers(), runners], vec![unit("medes", "HC", "", 3, 6, 7, "", "1105", "W")]);
    let hero = with(leader("hero", "overall", 2, 8, "0205"), "finished = true");
    let f = Field { leaders: [vec![hero], f.leaders[1].clone()], ..f };
    let (mut game, _) = start(&f, "turn = 2\nphase = \"activation\"", &[]);
    assert!(game.state.units[1].routed);
    let mut events = ok(&mut game, pass("foe"));
    events.extend(rout_first(&mut game));
    // 10.22: in the Rout Movement segment after the turn's activations it runs west, to its
    // own edge, hex by hex (its owner choosing among equal hexes, P120), and off the map (10.23).
    let ended = events.iter().position(|e| *e == Event::TurnEnded { turn: 2 }).expect("the turn ends");
    let first = events.iter().position(|e| {
        matches!(e, Event::RoutChoiceOffered { pending, .. } if pending.unit == "runners" && pending.rule == "10.22")
    });
    assert!(first.is_some_and(|i| i > ended), "{events:?}");
    let path: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::RoutHexChosen { unit, to: Placement::One(hex) } if unit == "runners" => Some(hex.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(path, ["0505", "0404", "0203", "0103"]);
    let gone = events.iter().position(|e| *e == Event::UnitEliminated { unit: "runners".into(), rule: "10.23".into() });
    let readied = events.iter().position(|e| *e == Event::UnitsAndLeadersReadied);
    assert!(matches!((gone, readied), (Some(a), Some(b)) if a < b), "{events:?}");
    assert!(events.contains(&Event::TurnBegan { turn: 3 }));
}

#[test]
fn missile_no_is_offered_no_fire_and_missile_low_fires_its_last_gba_8_17() {
    let f = two_armies(vec![with(archers(), "missiles = \"no\"")], vec![medes("")]);
    let (mut game, _) = start(&f, "", &[]);
    ok(&mut game, activate("hero"));
    assert!(targets(&game.scenario, &game.state, 0).is_empty());
    assert!(game.execute(&fire("cretans", "medes")).is_err());
    // Low: one more volley (a 9 misses), then Missile No.
    let f = two_armies(vec![with(archers(), "missiles = \"low\"")], vec![medes("")]);
    let (mut game, _) = start(&f, "", &[9]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("cretans", "medes"));
    assert!(events.iter().any(|e| matches!(e, Event::MissileFired { supply: Supply::No, .. })), "{events:?}");
    assert_eq!(game.state.units[0].supply, Supply::No);
}

#[test]
fn a_moved_unit_moving_again_takes_a_hit_gba_6_13() {
    let lancers = |keys: &str| with(unit("lancers", "HC", "", 3, 6, 7, "", "0306", "E"), keys);
    for (moved, hits) in [(true, 1u8), (false, 0)] {
        let f = two_armies(vec![lancers(&format!("moved = {moved}"))], vec![medes("").replace("0505", "1005")]);
        let (mut game, _) = start(&f, "turn = 2\nphase = \"activation\"", &[]);
        assert_eq!(game.state.units[0].moved, moved);
        ok(&mut game, activate("hero"));
        let events = ok(&mut game, mv("lancers", &["0406"], sarissa_rules::Vertex::E));
        let second = Event::CohesionHits { unit: "lancers".into(), hits: 1, cause: HitCause::SecondMove };
        assert_eq!(events.contains(&second), moved, "{events:?}");
        assert_eq!(game.state.units[0].hits, hits);
    }
}

#[test]
fn a_rallied_unit_takes_no_orders_until_the_next_turn_gba_10_27() {
    let f = two_armies(vec![with(archers(), "rallied = true")], vec![medes("").replace("0505", "1005")]);
    let (mut game, _) = start(&f, "turn = 2\nphase = \"activation\"", &[]);
    ok(&mut game, activate("hero"));
    assert!(game.execute(&mv("cretans", &["0405"], sarissa_rules::Vertex::E)).is_err());
    let f = two_armies(vec![archers()], vec![medes("").replace("0505", "1005")]);
    let (mut game, _) = start(&f, "turn = 2\nphase = \"activation\"", &[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("cretans", &["0405"], sarissa_rules::Vertex::E));
}

#[test]
fn an_engaged_unit_may_not_move_gba_10_31() {
    let blue = vec![with(unit("hc", "HC", "", 3, 6, 7, "", "0405", "E"), "engaged = true")];
    let red = vec![with(medes(""), "engaged = true")];
    let f = Field { optional: vec!["engaged"], ..two_armies(blue, red) };
    let (mut game, _) = start(&f, "", &[]);
    assert!(game.state.units[0].engaged && game.state.units[1].engaged);
    ok(&mut game, activate("hero"));
    assert_eq!(refused_rule(&mut game, mv("hc", &["0305"], sarissa_rules::Vertex::W)), "10.31");
}

#[test]
fn a_square_leaves_square_by_an_order_cg_10_62() {
    let ph = |keys: &str| {
        let line = unit("ph", "PH", "", 16, 7, 5, "", "0505-0506", "E");
        if keys.is_empty() {
            line
        } else {
            with(line, keys)
        }
    };
    let red = vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")];
    let f = Field { rules: "chandragupta", ..two_armies(vec![ph("square = true")], red.clone()) };
    let (mut game, _) = start(&f, "", &[]);
    assert!(game.state.units[0].square);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, Command::LeaveSquare { unit: "ph".into() });
    assert!(events.iter().any(|e| matches!(e, Event::SquareChanged { unit, square: false, .. } if unit == "ph")));
    let f = Field { rules: "chandragupta", ..two_armies(vec![ph("")], red) };
    let (mut game, _) = start(&f, "", &[]);
    ok(&mut game, activate("hero"));
    assert!(game.execute(&Command::LeaveSquare { unit: "ph".into() }).is_err());
}

#[test]
fn a_chariot_crew_on_foot_shows_its_foot_side_cg_10_28() {
    let foot = "grade = \"maula\", dismounted = { type = \"LI\", class = \"A\", size = 3, ma = 5 }";
    let ch = with(unit("ch", "CH", "", 4, 5, 7, "A", "0305", "E"), &format!("{foot}, on_foot = true"));
    let f = Field { rules: "chandragupta", ..two_armies(vec![ch], vec![medes("")]) };
    let (mut game, _) = start(&f, "", &[]);
    assert_eq!(game.scenario.units[0].kind, sarissa_rules::scenario::units::UnitType::LI);
    assert_eq!(game.base.units[0].kind, sarissa_rules::scenario::units::UnitType::CH);
    ok(&mut game, activate("hero"));
    // 10.28: it never remounts, nor dismounts twice.
    assert!(game.execute(&Command::Dismount { unit: "ch".into(), facing: sarissa_rules::Vertex::E }).is_err());
}

#[test]
fn eliminated_units_and_lost_leaders_carry_their_rout_points_cg_13_11() {
    use sarissa_rules::effects::victory::{leader_points, rout_points, unit_points};
    let ghost = with(unit("ghost", "LI", "J", 3, 5, 6, "J", "0405", "E"), "eliminated = true");
    let f = two_armies(vec![archers(), ghost], vec![medes("")]);
    let sub = |id: &str, keys: &str| with(leader(id, "subordinate", 3, 4, "0206"), keys);
    let f = Field {
        leaders: [
            vec![
                leader("hero", "overall", 2, 8, "0205"),
                sub("slain", "killed = true"),
                sub("taken", "captured = true"),
            ],
            f.leaders[1].clone(),
        ],
        ..f
    };
    let (mut game, events) = start(&f, "", &[]);
    let expected = unit_points(&game.scenario, 1) + leader_points(&game.scenario, 1) + leader_points(&game.scenario, 2);
    assert!(expected > 0);
    assert_eq!(rout_points(&game.scenario, &game.state), [expected, 0]);
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Eliminated);
    // Nobody offers the lost leaders, nor orders the eliminated unit.
    assert!(events.iter().all(|e| !matches!(e, Event::ActivationOffered { leaders, .. } if leaders.iter().any(|l| l == "slain" || l == "taken"))));
    ok(&mut game, activate("hero"));
    assert!(game.execute(&mv("ghost", &["0404"], sarissa_rules::Vertex::E)).is_err());
}

#[test]
fn a_wounded_leader_activates_on_his_lower_initiative_gba_9_22_5_12() {
    // Hero at initiative 3 against the foe at 3 would tie (5.12); wounded he is a 2 and goes first.
    let f = two_armies(vec![archers()], vec![medes("")]);
    let hero = |keys: &str| with(leader("hero", "overall", 3, 8, "0205"), keys);
    let foe = leader("foe", "overall", 3, 4, "1210");
    let unwounded = Field {
        leaders: [vec![hero("wounds = 0")], vec![foe.clone()]],
        ..two_armies(vec![archers()], vec![medes("")])
    };
    let (_, events) = start(&unwounded, "", &[]);
    assert!(events.iter().any(|e| matches!(e, Event::TieOrderSet { initiative: 3, .. })), "{events:?}");
    let f = Field { leaders: [vec![hero("wounds = 1")], vec![foe]], ..f };
    let (game, events) = start(&f, "", &[]);
    assert!(!events.iter().any(|e| matches!(e, Event::TieOrderSet { .. })), "{events:?}");
    assert_eq!(offered(&game), ["hero"]);
    assert_eq!(game.state.leaders[0].wounds, 1);
}

#[test]
fn an_elephant_screen_out_of_arrows_is_set_up_so_gba_11_11() {
    let el = with(unit("el", "EL", "", 1, 6, 5, "J", "0305", "E"), "screen_missiles = \"no\", missiles = \"low\"");
    let f = two_armies(vec![el], vec![medes("")]);
    let (game, _) = start(&f, "", &[]);
    assert_eq!((game.state.units[0].supply, game.state.units[0].screen_supply), (Supply::Low, Supply::No));
    assert!(matches!(game.state.phase, Phase::Activation { .. }));
}
