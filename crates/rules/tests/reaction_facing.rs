//! Reaction facing (GBA 7.16) during the enemy's move, with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;

/// Blue's MI (MA 5) marches east along row 05; red waits at 0704 facing W. Blue first comes up
/// beside red at 0705; a turn to SW would put 0705 in red's front.
fn field(red: Vec<String>) -> Field {
    Field {
        units: [vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn react(unit: &str, facing: Vertex) -> Command {
    Command::ReactFacing { unit: unit.into(), facing }
}

#[test]
fn a_move_stops_where_an_enemy_may_turn_to_face_it_gba_7_16() {
    let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")]).start(&[]);
    ok(&mut game, activate("hero"));
    // Blue comes up beside red first at 0705: the move stops there.
    let events = ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
    assert!(
        matches!(&events[0], Event::UnitMoved { placement: Placement::One(h), .. } if *h == common::h("0705")),
        "{events:?}"
    );
    assert!(matches!(&game.state.phase, Phase::Reaction { side: 1, reactors, remaining, .. }
        if reactors == &vec!["red".to_string()] && remaining == &vec![common::h("0805")]));
    assert_eq!(game.decider(), Some(1), "the side that reacts decides");
}

#[test]
fn turning_costs_a_tq_check_with_the_ma_difference_and_at_least_one_hit_gba_7_16_r2() {
    // Roll 4 + (5 - 4) = 5 against TQ 5: not above, but at least one hit (R2). Roll 8: 9 - 5 = 4.
    for (roll, hits) in [(4u8, 1u8), (8, 4)] {
        let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")]).start(&[roll]);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
        let events = ok(&mut game, react("red", Vertex::SW));
        assert!(events.contains(&Event::ReactionFaced { unit: "red".into(), facing: Vertex::SW }));
        assert!(
            events.contains(&Event::CohesionHits { unit: "red".into(), hits, cause: HitCause::ReactionFacing }),
            "{events:?}"
        );
    }
}

#[test]
fn the_move_goes_on_after_the_reaction_unless_it_is_now_in_an_enemy_zoc_p19() {
    // Red turns from W to SW: its front is now 0604 and 0705 — blue stands in its ZOC and stops.
    let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")]).start(&[3]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
    let events = ok(&mut game, react("red", Vertex::SW));
    assert!(events.contains(&Event::ReactionEnded));
    assert!(!events.iter().any(|e| matches!(e, Event::MoveContinued { .. })), "{events:?}");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
    assert!(matches!(game.state.phase, Phase::Orders { .. }));
    // Declining lets the move go on to its end, without counting another order.
    let (mut game, _) = field(vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")]).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
    let events = ok(&mut game, Command::EndReaction);
    assert!(events.iter().any(|e| matches!(e, Event::MoveContinued { .. })), "{events:?}");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0805")));
    assert!(matches!(game.state.phase, Phase::Orders { orders_left: 1, .. }));
}

#[test]
fn cavalry_turns_free_against_infantry_and_each_unit_reacts_once_a_phase_gba_7_16() {
    let (mut game, _) = field(vec![unit("red", "HC", "", 3, 6, 7, "", "0704", "W")]).start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    // The horse (MA 6) outpaces the foot (MA 5): first it may withdraw, two hexes off (6.71).
    assert!(matches!(&game.state.phase, Phase::Reaction { withdrawers, reactors, .. }
        if withdrawers == &vec!["red".to_string()] && reactors.is_empty()));
    ok(&mut game, Command::EndReaction);
    let events = ok(&mut game, react("red", Vertex::SW));
    assert!(!events.iter().any(|e| matches!(e, Event::DieRolled { .. })), "no check: {events:?}");
    assert!(game.state.units[1].reacted);
    assert!(game.execute(&react("red", Vertex::NW)).is_err());
}

#[test]
fn a_unit_already_in_another_enemys_zoc_may_not_react_gba_7_16() {
    // A second blue unit at 0604 facing E has red (0704) in its front: red is pinned by it.
    let mut f = field(vec![unit("red", "MI", "", 4, 5, 4, "", "0704", "W")]);
    f.units[0].push(unit("pin", "MI", "", 4, 5, 5, "", "0604", "E"));
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "no reaction: {:?}", game.state.phase);
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
}

/// Red's two-hex line faces E at 0505-0506; blue's MI comes round behind it, into a rear hex.
fn behind(kind: &str, class: &str) -> Field {
    Field {
        units: [
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0303", "SE")],
            vec![unit("line", kind, class, 6, 6, 4, "", "0505-0506", "E")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

#[test]
fn a_two_hex_unit_reverses_face_when_an_enemy_comes_into_its_rear_at_least_two_hits_gba_7_17() {
    // Roll 3 + (5 - 4) = 4 against TQ 6: nothing over, but a reverse face costs at least two.
    // Roll 9: 10 - 6 = 4.
    for (roll, hits) in [(3u8, 2u8), (9, 4)] {
        let (mut game, _) = behind("HI", "HO").start(&[roll]);
        ok(&mut game, activate("hero"));
        let rear = sarissa_rules::map::facing::hexes_in(
            &game.state.units[1].placement,
            Vertex::E,
            sarissa_rules::map::facing::Arc::Rear,
        );
        let target = rear[0];
        let reach = sarissa_rules::movement::reach(&game.scenario, &game.state, 0).unwrap();
        let d = reach.iter().find(|d| d.hex == target).expect("blue can reach a rear hex");
        ok(&mut game, d.command("blue"));
        assert!(
            matches!(&game.state.phase, Phase::Reaction { reactors, .. } if reactors == &vec!["line".to_string()]),
            "{:?}",
            game.state.phase
        );
        assert!(game.execute(&react("line", Vertex::NE)).is_err(), "only the reverse face");
        let events = ok(&mut game, react("line", Vertex::W));
        assert!(
            events.contains(&Event::CohesionHits { unit: "line".into(), hits, cause: HitCause::ReactionFacing }),
            "{events:?}"
        );
        assert_eq!((game.state.units[1].facing, game.state.units[1].placement.is_two_hex()), (Vertex::W, true));
    }
}

#[test]
fn a_macedonian_phalanx_reverses_face_for_at_least_one_hit_gba_7_17() {
    let (mut game, _) = behind("PH", "MA").start(&[0]);
    ok(&mut game, activate("hero"));
    let rear = sarissa_rules::map::facing::hexes_in(
        &game.state.units[1].placement,
        Vertex::E,
        sarissa_rules::map::facing::Arc::Rear,
    );
    let reach = sarissa_rules::movement::reach(&game.scenario, &game.state, 0).unwrap();
    let d = reach.iter().find(|d| d.hex == rear[0]).expect("blue can reach a rear hex");
    ok(&mut game, d.command("blue"));
    let events = ok(&mut game, react("line", Vertex::W));
    assert!(
        events.contains(&Event::CohesionHits { unit: "line".into(), hits: 1, cause: HitCause::ReactionFacing }),
        "{events:?}"
    );
}
