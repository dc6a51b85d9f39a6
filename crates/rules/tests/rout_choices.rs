//! The owner's choices in rout movement (GBA 10.21 "on equal priority the owner chooses",
//! 10.22, 10.27; rulings P34, P35, P120): the game stops in a RoutChoice decision naming the
//! router and the hexes tied, `rout U to HEX` picks one, and what was still to happen goes on.

mod common;
use common::*;
use sarissa_rules::effects::cohesion::{AfterRout, PendingRout};
use sarissa_rules::effects::rout::RoutLeg;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::units::Placement;

/// Dice that rout red's MI at 0605 when the hypaspists attack it from 0505: the hypaspists pass
/// their charge check (0), red fails its (9), then the shock goes the attacker's way.
const ROUT: [u8; 12] = [0, 9, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0];

fn one(hex: &str) -> Placement {
    Placement::One(h(hex))
}

/// Blue's hypaspists march from 0305 to 0505 and attack red's MI at 0605 (faced W, routing
/// east), with `red_extra` beside it; the shock segment is resolved.
fn attack(red_extra: Vec<String>) -> (sarissa_rules::Game, Vec<Event>) {
    let mut red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")];
    red.extend(red_extra);
    let (mut game, _) = two_armies(vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")], red).start(&ROUT);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec![] });
    (game, events)
}

fn pending(game: &sarissa_rules::Game) -> PendingRout {
    match &game.state.phase {
        Phase::RoutChoice { pending, .. } => pending.clone(),
        other => panic!("no rout choice: {other:?}"),
    }
}

fn options(hexes: &[&str]) -> Vec<Placement> {
    hexes.iter().map(|x| one(x)).collect()
}

#[test]
fn a_tie_stops_the_shock_segment_with_exactly_the_tied_hexes_gba_10_21_p120() {
    let (game, events) = attack(vec![]);
    // Red's MI faced W routs east: both hexes ahead (0705, 0706) are vacant, free of enemy ZOC
    // and equally direct. Nothing of the rout has happened; the segment waits.
    let offered = Event::RoutChoiceOffered {
        side: 1,
        pending: PendingRout {
            unit: "red".into(),
            leg: RoutLeg::Hexes(2),
            rule: "10.21".into(),
            chosen: vec![],
            options: options(&["0705", "0706"]),
            break_off: false,
        },
        then: match &game.state.phase {
            Phase::RoutChoice { then, .. } => then.clone(),
            other => panic!("{other:?}"),
        },
    };
    assert_eq!(events.last(), Some(&offered));
    assert!(matches!(&game.state.phase, Phase::RoutChoice { then: AfterRout::Shock(_), resume, .. }
        if matches!(**resume, Phase::Shock { .. })));
    for e in &events {
        assert!(
            !matches!(e, Event::UnitRouted { .. } | Event::UnitAdvanced { .. } | Event::ShockSegmentEnded { .. }),
            "{e:?}"
        );
    }
    assert_eq!(game.decider(), Some(1), "the router's owner decides");
    assert_eq!(
        legal_commands(&game),
        vec![
            Command::RoutTo { unit: "red".into(), to: one("0705") },
            Command::RoutTo { unit: "red".into(), to: one("0706") }
        ]
    );
}

#[test]
fn the_owner_picks_each_tie_in_turn_and_the_segment_goes_on_to_the_advance_gba_10_21_9_31_p120() {
    let (mut game, _) = attack(vec![]);
    // Anything else waits; a hex not tied is refused, naming 10.21.
    assert!(game.execute(&Command::EndOrders).is_err());
    let err = game.execute(&Command::RoutTo { unit: "red".into(), to: one("0805") }).unwrap_err();
    assert!(err.to_string().contains("10.21"), "{err}");
    // 0706: from there its next step ties again (0805, 0806): asked again, point by point.
    let events = rout_to(&mut game, "red", "0706");
    assert_eq!(events[0], Event::RoutHexChosen { unit: "red".into(), to: one("0706") });
    assert!(matches!(&events[1], Event::RoutChoiceOffered { pending, .. }
        if pending.chosen == options(&["0706"]) && pending.options == options(&["0805", "0806"])));
    assert_eq!(events.len(), 2);
    // The second pick: the rout, then the rest of the segment (P40): the advance into the hex it
    // left, the end of the segment, the attacker's free turn (9.32).
    let events = rout_to(&mut game, "red", "0806");
    assert_eq!(
        events,
        vec![
            Event::RoutHexChosen { unit: "red".into(), to: one("0806") },
            Event::UnitRouted {
                unit: "red".into(),
                path: vec![h("0706"), h("0806")],
                placement: one("0806"),
                facing: Vertex::E,
                supply: Default::default(),
                rule: "10.21".into(),
            },
            Event::UnitAdvanced { unit: "hyp".into(), from: h("0505"), to: h("0605") },
            Event::ShockSegmentEnded { leader: "hero".into() },
            Event::AdvanceTurnOffered {
                leader: "hero".into(),
                unit: "hyp".into(),
                waiting: vec![],
                advances: vec![sarissa_rules::movement::reaction::Advance {
                    unit: "hyp".into(),
                    from: h("0505"),
                    two_hex: None,
                    wheeled: false
                }],
            },
        ]
    );
    assert!(matches!(game.state.phase, Phase::AdvanceTurn { .. }));
}

#[test]
fn no_tie_no_pause_and_a_later_tie_still_asks_gba_10_21_p120() {
    // A friend at 0706: the vacant 0705 ranks first (10.21 priority 1 before 2), no choice;
    // from 0705 the next two tie (0804, 0805): asked there.
    let (game, events) = attack(vec![unit("f1", "MI", "", 4, 5, 5, "", "0706", "W")]);
    assert!(matches!(events.last(), Some(Event::RoutChoiceOffered { pending, .. })
        if pending.chosen.is_empty() && pending.options == options(&["0804", "0805"])));
    drop(game);
    // A second friend at 0804: no tie anywhere, no pause: the rout and the advance at once.
    let (game, events) =
        attack(vec![unit("f1", "MI", "", 4, 5, 5, "", "0706", "W"), unit("f2", "MI", "", 4, 5, 5, "", "0804", "W")]);
    assert!(!events.iter().any(|e| matches!(e, Event::RoutChoiceOffered { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, path, .. }
        if unit == "red" && *path == vec![h("0705"), h("0805")])));
    assert!(events.contains(&Event::UnitAdvanced { unit: "hyp".into(), from: h("0505"), to: h("0605") }));
    assert!(matches!(game.state.phase, Phase::AdvanceTurn { .. }));
}

#[test]
fn the_rout_movement_segment_asks_then_the_turn_ends_gba_10_22_p120() {
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
    ok(&mut game, pass("hero"));
    let events = ok(&mut game, pass("foe"));
    assert_eq!(
        events.last(),
        Some(&Event::RoutChoiceOffered {
            side: 0,
            pending: PendingRout {
                unit: "blue".into(),
                leg: RoutLeg::Segment,
                rule: "10.22".into(),
                chosen: vec![],
                options: options(&["0505", "0506"]),
                break_off: false,
            },
            then: AfterRout::RoutSegment { next: 1 },
        })
    );
    // The hoplites (next in order) have not dissolved yet.
    assert!(!game.state.units[1].eliminated);
    let mut events = rout_to(&mut game, "blue", "0506");
    events.extend(rout_first(&mut game));
    let ran = events.iter().find_map(|e| match e {
        Event::UnitRouted { unit, path, rule, .. } if unit == "blue" && rule == "10.22" => Some(path.clone()),
        _ => None,
    });
    let ran = ran.expect("it ran");
    assert_eq!((ran.len(), ran[0]), (5, h("0506")), "{events:?}");
    // Then the rest of the segment and of the turn: the hoplites dissolve, turn 2 begins.
    assert!(events.contains(&Event::UnitEliminated { unit: "hop".into(), rule: "10.22".into() }), "{events:?}");
    assert!(events.contains(&Event::TurnBegan { turn: 2 }), "{events:?}");
}

#[test]
fn a_failed_rally_asks_where_the_router_runs_gba_10_27_p120() {
    let f = Field {
        units: [
            vec![unit("horse", "HC", "", 3, 7, 7, "", "1005", "E")],
            vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 4, 8, "0905")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[6]);
    game.state.units[0].routed = true;
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, Command::Rally { unit: "horse".into(), facing: Vertex::W });
    assert!(matches!(events.last(), Some(Event::RoutChoiceOffered { side: 0, pending, then: AfterRout::Settle })
        if pending.unit == "horse" && pending.rule == "10.27" && pending.leg == RoutLeg::Segment
            && pending.options == options(&["0905", "0906"])));
    let mut events = rout_to(&mut game, "horse", "0906");
    events.extend(rout_first(&mut game));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::UnitRouted { rule, path, .. } if rule == "10.27" && path[0] == h("0906"))));
    // Back to the leader's orders.
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
}

#[test]
fn a_two_hex_router_side_on_to_its_edge_may_go_either_way_gba_10_21_p35() {
    // Blue's edge is the north here: a two-hex unit faced E is side-on to it (P35); its forward
    // and its reversed first steps toward the north compete, and tie.
    let f = Field {
        units: [
            vec![unit("hop", "HI", "HO", 8, 6, 4, "", "0605-0606", "E")],
            vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")],
        ],
        ..two_armies(vec![], vec![])
    };
    let toml = f.toml().replacen("retreat_edge = \"west\"", "retreat_edge = \"north\"", 1);
    let scenario = sarissa_rules::load("field.toml", &toml).unwrap();
    let (mut game, _) =
        sarissa_rules::Game::new(std::sync::Arc::new(scenario), sarissa_rules::Dice::scripted(&[])).unwrap();
    no_pw(&mut game);
    game.state.units[0].hits = 6;
    ok(&mut game, activate("hero"));
    let two = |a: &str, b: &str| Placement::Two(h(a), h(b));
    // Forward across the NE hexsides, or reversed across the NW ones: one half-row north each.
    assert_eq!(pending(&game).options, vec![two("0505", "0506"), two("0705", "0706")]);
    assert_eq!(game.decider(), Some(0));
    // The owner reverses it: it goes on that way, straight, with no more choice (10.21).
    let events = rout_to(&mut game, "hop", "0505-0506");
    let routed = events.iter().find_map(|e| match e {
        Event::UnitRouted { unit, path, placement, facing, .. } if unit == "hop" => {
            Some((path.clone(), *placement, *facing))
        }
        _ => None,
    });
    let (path, placement, facing) = routed.expect("it routs");
    assert_eq!(path[0], h("0505"), "{events:?}");
    assert_eq!(path.len(), 2);
    assert_eq!(facing, Vertex::W, "reversed");
    assert!(matches!(placement, Placement::Two(..)));
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
}

#[test]
fn the_random_player_meets_and_answers_rout_choices_p120() {
    // The soak's player plays only what `legal_commands` offers: it must reach the new decision.
    let text = include_str!("../../../scenarios/samarkand.toml");
    let scenario = std::sync::Arc::new(sarissa_rules::load("scenarios/samarkand.toml", text).unwrap());
    let mut met = 0;
    for seed in 1..=6u64 {
        let (mut game, _) = sarissa_rules::Game::new(scenario.clone(), sarissa_rules::Dice::seeded(seed)).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
        for _ in 0..1500 {
            let was_choice = matches!(game.state.phase, Phase::RoutChoice { .. });
            let Some(c) = player.choose(&game) else { break };
            if was_choice {
                assert!(matches!(c, Command::RoutTo { .. }), "{c:?}");
                met += 1;
            }
            game.execute(&c).unwrap_or_else(|e| panic!("{c:?}: {e}"));
        }
        if met > 0 {
            break;
        }
    }
    assert!(met > 0, "no random game met a rout choice");
}

#[test]
fn a_unit_that_must_break_off_steps_back_where_its_owner_chooses_gba_10_32_p90() {
    // Red's MI attacks blue's foot archers (LI A never shock, 7.3); both hold and are Engaged.
    let (mut game, _) = Field {
        units: [
            vec![unit("archers", "LI", "A", 4, 9, 5, "A", "0505", "E")],
            vec![unit("red", "MI", "", 2, 5, 5, "", "0805", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 6, 8, "0305")], vec![leader("foe", "overall", 2, 4, "0905")]],
        optional: vec!["engaged"],
        ..Field::default()
    }
    .start(&[0; 8]);
    ok(&mut game, activate("foe"));
    ok(&mut game, mv("red", &["0705", "0605"], Vertex::W));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::Shock { attackers: vec!["red".into()] });
    assert!(game.state.units.iter().all(|u| u.engaged));
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("hero"));
    // Blue's orders end: the archers must step back, and three free hexes are two from the MI.
    let events = ok(&mut game, Command::EndOrders);
    assert_eq!(
        events.last(),
        Some(&Event::RoutChoiceOffered {
            side: 0,
            pending: PendingRout {
                unit: "archers".into(),
                leg: RoutLeg::Hexes(1),
                rule: "10.32".into(),
                chosen: vec![],
                options: options(&["0404", "0405", "0504"]),
                break_off: true,
            },
            then: AfterRout::BeginShock { leader: "hero".into() },
        })
    );
    assert_eq!(game.decider(), Some(0));
    let step = |to: &str| Command::BreakOff { unit: "archers".into(), to: h(to) };
    assert_eq!(legal_commands(&game), vec![step("0404"), step("0405"), step("0504")]);
    assert!(game.execute(&step("0605")).is_err(), "not one of the equally far hexes");
    let events = ok(&mut game, step("0504"));
    assert_eq!(
        events[..2],
        [
            Event::RoutHexChosen { unit: "archers".into(), to: one("0504") },
            Event::BrokeOff { unit: "archers".into(), from: h("0505"), to: h("0504") },
        ]
    );
    // 10.33: the lock is broken; then blue's orders phase ends as usual (no one to attack).
    assert!(events.contains(&Event::EngagedChanged {
        units: vec!["red".into()],
        engaged: false,
        rule: "10.33".into()
    }));
    assert!(game.state.units.iter().all(|u| !u.engaged));
    assert!(matches!(game.state.phase, Phase::Momentum { .. } | Phase::Activation { .. }), "{:?}", game.state.phase);
}
