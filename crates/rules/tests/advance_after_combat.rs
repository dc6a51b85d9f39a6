//! Advance after combat (GBA 9.31–9.35; CG 9.21–9.24), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::units::Placement;

/// Dice that rout red's MI at 0605 when the hypaspists attack it from 0505: the hypaspists pass
/// their charge check (0), red fails its (9), then the shock goes the attacker's way.
const ROUT: [u8; 12] = [0, 9, 9, 9, 0, 0, 0, 0, 0, 0, 0, 0];

/// Blue's hypaspists march from 0305 to 0505 and attack red's MI at 0605, with `red_extra` too.
fn attack(rules: &'static str, red_extra: Vec<String>) -> sarissa_rules::Game {
    let mut red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")];
    red.extend(red_extra);
    let f = Field { rules, ..two_armies(vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")], red) };
    let (mut game, _) = f.start(&ROUT);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    let mut events = ok(&mut game, Command::Shock { attackers: vec![] });
    events.extend(rout_first(&mut game));
    assert!(events.contains(&Event::UnitAdvanced { unit: "hyp".into(), from: h("0505"), to: h("0605") }));
    game
}

fn turn(unit: &str, facing: Vertex) -> Command {
    Command::TurnAfterAdvance { unit: unit.into(), facing }
}

#[test]
fn a_one_hex_unit_that_advanced_may_turn_one_vertex_even_in_an_enemy_zoc_gba_9_32() {
    // Red's other MI at 0706 (south-east of 0605) holds the hex the hypaspists advance into in
    // its zone: 7.25 would forbid a turn there, 9.32 allows one vertex.
    let mut game = attack("alexander", vec![unit("red2", "MI", "", 4, 5, 5, "", "0706", "NW")]);
    assert!(sarissa_rules::map::zoc::enemy_zoc(&game.scenario, &game.state, 0).contains_key(&h("0605")));
    assert_eq!(
        game.state.phase,
        Phase::AdvanceTurn {
            leader: "hero".into(),
            unit: "hyp".into(),
            waiting: vec![],
            advances: vec![sarissa_rules::movement::reaction::Advance {
                unit: "hyp".into(),
                from: h("0505"),
                two_hex: None,
                wheeled: false
            }],
        }
    );
    assert_eq!(game.decider(), Some(0), "the attacker decides");
    assert_eq!(
        legal_commands(&game),
        vec![turn("hyp", Vertex::E), turn("hyp", Vertex::NE), turn("hyp", Vertex::SE)],
        "keep, or one vertex either way"
    );
    match game.execute(&turn("hyp", Vertex::SW)) {
        Err(RuleError::IllegalMove { rule: "9.32", .. }) => {}
        other => panic!("two vertices or more refused: {other:?}"),
    }
    assert!(game.execute(&Command::EndOrders).is_err(), "the free turn is decided first");
    let hits = game.state.units[0].hits;
    let events = ok(&mut game, turn("hyp", Vertex::SE));
    assert_eq!(events[0], Event::UnitTurnedAfterAdvance { unit: "hyp".into(), facing: Vertex::SE });
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. } | Event::DieRolled { .. })), "{events:?}");
    assert_eq!(game.state.units[0].facing, Vertex::SE);
    assert_eq!(game.state.units[0].hits, hits, "the turn is free");
}

#[test]
fn keeping_the_facing_after_an_advance_emits_no_turn_and_the_game_goes_on_gba_9_32() {
    let mut game = attack("alexander", vec![]);
    let events = ok(&mut game, turn("hyp", Vertex::E));
    assert!(!events.iter().any(|e| matches!(e, Event::UnitTurnedAfterAdvance { .. })), "{events:?}");
    assert_eq!(game.state.units[0].facing, Vertex::E);
    assert!(matches!(game.state.phase, Phase::Momentum { .. } | Phase::Activation { .. }), "{:?}", game.state.phase);
}

#[test]
fn the_free_turn_comes_before_the_defenders_reactions_to_the_advance_gba_9_32_9_35_p120() {
    // Red archers at 0705 face west: the hex the red foot holds is in their zone.
    let mut game = attack("alexander", vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0705", "W")]);
    assert!(matches!(game.state.phase, Phase::AdvanceTurn { .. }), "{:?}", game.state.phase);
    let events = ok(&mut game, turn("hyp", Vertex::NE));
    assert_eq!(events[0], Event::UnitTurnedAfterAdvance { unit: "hyp".into(), facing: Vertex::NE });
    match &game.state.phase {
        Phase::Reaction { mover, firers, withdrawers, facing, .. } => {
            assert_eq!(mover, "hyp");
            assert_eq!(firers, &vec!["bows".to_string()]);
            assert!(withdrawers.is_empty(), "no withdrawal from an advance (9.35)");
            assert_eq!(*facing, Vertex::NE, "the defender sees the unit as it ended its advance");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(game.decider(), Some(1));
}

#[test]
fn the_free_turn_after_an_advance_is_the_same_in_chandragupta_cg_9_22_gba_9_32() {
    let mut game = attack("chandragupta", vec![]);
    assert_eq!(legal_commands(&game).len(), 3);
    let events = ok(&mut game, turn("hyp", Vertex::NE));
    assert_eq!(events[0], Event::UnitTurnedAfterAdvance { unit: "hyp".into(), facing: Vertex::NE });
    assert_eq!(game.state.units[0].placement, Placement::One(h("0605")));
}

/// Blue's two-hex `block` (TQ `tq`) steps from 0405-0406 to 0505-0506 facing east and must
/// attack red's LI at 0605 (TQ 3), with `red_extra` too. Returns the shock's events.
fn formation_attack(
    rules: &'static str,
    kind: (&str, &str, u8),
    red_extra: Vec<String>,
    dice: &[u8],
) -> (sarissa_rules::Game, Vec<Event>) {
    let mut red = vec![unit("red", "LI", "", 2, 3, 5, "", "0605", "W")];
    red.extend(red_extra);
    let blue = vec![unit("block", kind.0, kind.1, 10, kind.2, 5, "", "0405-0406", "E")];
    let f = Field { rules, ..two_armies(blue, red) };
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    let to = Placement::Two(h("0505"), h("0506"));
    ok(&mut game, Command::MoveTo { unit: "block".into(), to, facing: Vertex::E, with: None });
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    let mut events = ok(&mut game, Command::Shock { attackers: vec![] });
    events.extend(rout_first(&mut game));
    (game, events)
}

/// The events from the advance on, to the end of the segment.
fn from_advance(events: &[Event]) -> Vec<Event> {
    let k = events.iter().position(|e| matches!(e, Event::FormationAdvanced { .. })).expect("an advance");
    let end = events.iter().position(|e| matches!(e, Event::ShockSegmentEnded { .. })).unwrap();
    events[k..end].to_vec()
}

#[test]
fn a_two_hex_attacker_advances_straight_forward_with_both_halves_gba_9_33() {
    // The phalanx passes its charge check (0), the LI fails its (9: six hits) and routs; the
    // hexes ahead are both open: it goes to its right front, 0605-0606, still facing east.
    let (game, events) = formation_attack("alexander", ("PH", "MA", 7), vec![], &[0, 9]);
    assert_eq!(
        from_advance(&events),
        vec![Event::FormationAdvanced {
            unit: "block".into(),
            from: Placement::Two(h("0505"), h("0506")),
            to: Placement::Two(h("0605"), h("0606")),
            facing: Vertex::E,
            wheel: false,
        }]
    );
    assert_eq!(game.state.units[0].placement, Placement::Two(h("0605"), h("0606")));
    // Then it may wheel if it can (9.33): the attacker is asked.
    assert!(matches!(&game.state.phase, Phase::AdvanceTurn { unit, .. } if unit == "block"));
}

/// Dice for `formation_attack` with red's HI at 0604: every charge check passes (0, 0, 0); the
/// shock (9, 5) leaves the HI standing and routs the LI in the collapse (9.18); then 9s.
const COLLAPSE_ROUT: [u8; 10] = [0, 0, 0, 9, 5, 9, 9, 9, 9, 9];

#[test]
fn a_two_hex_attacker_with_an_enemy_left_on_one_wing_wheels_into_the_centre_hex_gba_9_33() {
    // Red's HI at 0604 (front-left) holds; the LI in the centre front hex 0605 routs in the
    // collapse (9.18: had it routed at its pre-shock check, the HI beside would have kept the
    // phalanx from advancing at all, 9.13, 9.31, P240). The
    // phalanx wheels round its half 0505, the enemy's side, swinging 0506 into 0605. A GBA
    // Macedonian phalanx pivots free (D29); pinned by the HI it takes the wheel's TQ check.
    let hi = vec![unit("red2", "HI", "", 6, 9, 5, "", "0604", "SW")];
    let (game, events) = formation_attack("alexander", ("PH", "MA", 7), hi, &COLLAPSE_ROUT);
    assert_eq!(
        from_advance(&events),
        vec![
            Event::FormationAdvanced {
                unit: "block".into(),
                from: Placement::Two(h("0505"), h("0506")),
                to: Placement::Two(h("0505"), h("0605")),
                facing: Vertex::NE,
                wheel: true,
            },
            Event::DieRolled {
                roll: 9,
                purpose: sarissa_rules::game::RollPurpose::TqCheck { unit: "block".into(), rule: "6.45".into() }
            },
            Event::CohesionHits { unit: "block".into(), hits: 2, cause: sarissa_rules::game::HitCause::Wheel },
        ]
    );
    assert_eq!(game.state.units[0].facing, Vertex::NE);
    // A unit that wheeled in its advance is not asked again.
    assert!(!matches!(game.state.phase, Phase::AdvanceTurn { .. }), "{:?}", game.state.phase);
}

#[test]
fn the_wheel_into_the_centre_pays_the_pivot_hit_in_chandragupta_cg_9_23_d29() {
    // The same wheel under CG: no free pivot for the phalanx, a hit for the hex entered.
    let hi = vec![unit("red2", "HI", "", 6, 9, 5, "", "0604", "SW")];
    let (_, events) = formation_attack("chandragupta", ("PH", "MA", 7), hi, &COLLAPSE_ROUT);
    let advance = from_advance(&events);
    assert!(matches!(&advance[0], Event::FormationAdvanced { wheel: true, facing: Vertex::NE, .. }), "{advance:?}");
    assert_eq!(
        advance[1],
        Event::CohesionHits { unit: "block".into(), hits: 1, cause: sarissa_rules::game::HitCause::Maneuver }
    );
}

#[test]
fn the_wheel_of_an_advance_never_routs_hits_stop_at_tq_minus_one_gba_9_33_9_31() {
    // A TQ 4 phalanx: the shock's hit and a wheel check of 9 would rout it; its hits stop at 3
    // (TQ − 1). (A phalanx, not the hoplites this test once used: with the LI routed in the
    // collapse rather than at its charge, P240, those dice leave hoplites no wheel.)
    let hi = vec![unit("red2", "HI", "", 6, 9, 5, "", "0604", "SW")];
    let (game, events) = formation_attack("alexander", ("PH", "MA", 4), hi, &COLLAPSE_ROUT);
    assert!(from_advance(&events).iter().any(|e| matches!(e, Event::FormationAdvanced { wheel: true, .. })));
    let block = &game.state.units[0];
    assert!(!block.routed, "{events:?}");
    assert_eq!(block.hits, 3, "{events:?}");
}

#[test]
fn after_a_straight_advance_the_attacker_may_wheel_paying_the_costs_gba_9_33() {
    let (mut game, _) = formation_attack("alexander", ("HI", "HO", 7), vec![], &[0, 9]);
    let legal = legal_commands(&game);
    assert_eq!(legal[0], turn("block", Vertex::E), "first, to hold");
    let wheels = sarissa_rules::combat::advance::turn_options(&game.scenario, &game.state);
    assert!(wheels.len() > 1 && wheels[1..].iter().all(|(_, p)| p.is_some_and(|p| p.wheel)), "{wheels:?}");
    let (facing, pose) = wheels[1];
    let hits = game.state.units[0].hits;
    let events = ok(&mut game, turn("block", facing));
    let pose = pose.unwrap();
    assert_eq!(
        events[..2],
        [
            Event::UnitWheeledAfterAdvance { unit: "block".into(), to: pose.to, facing },
            // A hoplite's pivot costs a hit (6.43); nothing pins it now, no TQ check.
            Event::CohesionHits { unit: "block".into(), hits: 1, cause: sarissa_rules::game::HitCause::Maneuver },
        ]
    );
    assert_eq!(game.state.units[0].hits, hits + 1);
    assert_eq!(game.state.units[0].placement, pose.to);
}

#[test]
fn a_chosen_wheel_after_an_advance_that_routs_the_unit_routs_it_gba_9_33() {
    let (mut game, _) = formation_attack("alexander", ("HI", "HO", 7), vec![], &[0, 9]);
    // Worn to TQ − 1 already, the wheel's pivot hit routs it: unlike the advance, it does.
    game.state.units[0].hits = 6;
    let (facing, _) = sarissa_rules::combat::advance::turn_options(&game.scenario, &game.state)[1];
    let events = ok(&mut game, turn("block", facing));
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "block")), "{events:?}");
    assert!(game.state.units[0].routed);
}

#[test]
fn turn_after_advance_round_trips_in_the_notation_gba_9_32() {
    let c = turn("hyp", Vertex::SW);
    assert_eq!(sarissa_rules::play::notation::format(&c), "advance-turn hyp facing SW");
    assert_eq!(sarissa_rules::play::notation::parse("advance-turn hyp facing SW"), Ok(Some(c)));
}

#[test]
fn a_two_hex_unit_with_enemies_on_both_wings_and_no_open_pair_does_not_advance_gba_9_33() {
    // The block at 0505-0506 facing east: front hexes 0604, 0605 (centre) and 0606. With red
    // holding both wings and only the centre emptied, neither the wheel (one wing only) nor a
    // straight advance (no open pair) is possible.
    let red = vec![unit("w1", "HI", "", 5, 6, 5, "", "0604", "W"), unit("w2", "HI", "", 5, 6, 5, "", "0606", "W")];
    let blue = vec![unit("block", "PH", "MA", 10, 7, 5, "", "0505-0506", "E")];
    let (game, _) = two_armies(blue, red.clone()).start(&[]);
    let block = 0;
    assert_eq!(
        sarissa_rules::combat::advance::formation_advance(&game.scenario, &game.state, block, &[h("0605")]),
        None
    );
    // With only the left wing held, the centre is wheeled into round 0505.
    let (game, _) =
        two_armies(vec![unit("block", "PH", "MA", 10, 7, 5, "", "0505-0506", "E")], red[..1].to_vec()).start(&[]);
    let pose =
        sarissa_rules::combat::advance::formation_advance(&game.scenario, &game.state, block, &[h("0605")]).unwrap();
    assert_eq!((pose.to, pose.facing, pose.wheel), (Placement::Two(h("0505"), h("0605")), Vertex::NE, true));
}

/// Blue's hypaspists march to 0505 and charge red's MI at 0605; red's `flanker` at 0504, facing
/// SW, has 0505 in its ZOC, and blue's `b2` marches to 0404 and charges it in a combat of its
/// own. Both red units rout on their pre-shock checks.
fn pinned_charge() -> Vec<Event> {
    let f = Field {
        units: [
            vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E"), unit("b2", "HI", "HY", 5, 6, 5, "", "0204", "E")],
            vec![unit("red", "MI", "", 4, 3, 5, "", "0605", "W"), unit("flanker", "MI", "", 4, 3, 5, "", "0504", "SW")],
        ],
        leaders: [vec![leader("hero", "overall", 4, 8, "0101")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    // Left to right: b2 against the flanker (0 passes, 9 routs), then the hypaspists against red.
    let (mut game, _) = f.start(&[0, 9, 0, 9, 5, 5, 5, 5, 5, 5, 5, 5]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("b2", &["0304", "0404"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    let mut events = ok(&mut game, Command::Shock { attackers: vec![] });
    events.extend(rout_first(&mut game));
    events
}

#[test]
fn an_attacker_in_another_enemys_zoc_at_the_charge_rout_does_not_advance_though_that_enemy_routs_later_gba_9_13_9_31_p240(
) {
    let events = pinned_charge();
    let resolved = events.iter().filter(|e| matches!(e, Event::ShockResolved { .. })).count();
    assert_eq!(resolved, 2, "two combats: {events:?}");
    for unit in ["red", "flanker"] {
        assert!(
            events.iter().any(|e| matches!(e, Event::UnitRouted { unit: u, .. } if u == unit)),
            "{unit}: {events:?}"
        );
    }
    // b2 was pinned by nobody when the flanker broke: it follows into 0504.
    assert!(events.contains(&Event::UnitAdvanced { unit: "b2".into(), from: h("0404"), to: h("0504") }), "{events:?}");
    // The hypaspists stood in the flanker's ZOC when red broke at the charge: they stay.
    assert!(!events.iter().any(|e| matches!(e, Event::UnitAdvanced { unit, .. } if unit == "hyp")), "{events:?}");
}
