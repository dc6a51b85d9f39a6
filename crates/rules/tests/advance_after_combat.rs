//! Advance after combat (GBA 9.31–9.35; CG 9.21–9.24), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase, RuleError};
use sarissa_rules::hex::Vertex;
use sarissa_rules::legal::legal_commands;
use sarissa_rules::units::Placement;

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
    let events = ok(&mut game, Command::Shock { attackers: vec![] });
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
    assert!(sarissa_rules::zoc::enemy_zoc(&game.scenario, &game.state, 0).contains_key(&h("0605")));
    assert_eq!(
        game.state.phase,
        Phase::AdvanceTurn {
            leader: "hero".into(),
            unit: "hyp".into(),
            waiting: vec![],
            advances: vec![sarissa_rules::reaction::Advance { unit: "hyp".into(), from: h("0505") }],
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
