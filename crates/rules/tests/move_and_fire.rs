//! Firing before or part-way along a move, then moving on (GBA 8.11; CG 8.11, D44; rulings P71).

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::movement::reach;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::units::Placement;

fn horse_archers(at: &str) -> String {
    unit("dahae", "LC", "", 2, 5, 8, "A", at, "E")
}

/// Foot too slow to withdraw from horse (6.71), far enough off that nobody's ZOC is entered.
fn foot(at: &str) -> String {
    unit("foot", "MI", "", 4, 5, 5, "", at, "W")
}

fn orders_left(game: &sarissa_rules::play::Game) -> u8 {
    match &game.state.phase {
        Phase::Orders { orders_left, .. } => *orders_left,
        other => panic!("not an orders phase: {other:?}"),
    }
}

#[test]
fn a_horse_archer_rides_in_shoots_and_rides_on_with_the_mp_left_gba_8_11() {
    let (mut game, _) = two_armies(vec![horse_archers("0105")], vec![foot("0805")]).start(&[2]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("dahae", &["0205", "0305", "0405", "0505"], Vertex::E));
    let left = orders_left(&game);
    let events = ok(&mut game, fire("dahae", "foot"));
    assert!(events.iter().any(|e| matches!(e, Event::MissileFired { .. })), "{events:?}");
    // 4 MP spent of 8: the rest of the move reaches 4 hexes further, no more.
    let reach = reach(&game.scenario, &game.state, 0).unwrap();
    assert!(reach.iter().any(|d| d.hex == h("0506") || d.hex == h("0504")), "it may go on: {reach:?}");
    assert!(reach.iter().all(|d| d.mp <= 4), "only the MP left: {reach:?}");
    assert!(legal_commands(&game).iter().any(|c| matches!(c, Command::Move { unit, .. } if unit == "dahae")));
    let too_far = mv("dahae", &["0504", "0503", "0502", "0501", "0401"], Vertex::E);
    assert!(game.execute(&too_far).is_err(), "5 hexes with 4 MP left");
    let events = ok(&mut game, mv("dahae", &["0504", "0503"], Vertex::NW));
    // The same move going on: no second order, no hit for moving again (6.13).
    assert!(events.iter().any(|e| matches!(e, Event::MoveContinued { unit, .. } if unit == "dahae")), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { cause: HitCause::SecondMove, .. })));
    assert_eq!(orders_left(&game), left, "one order for the move, the fire and the rest of the move");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0503")));
    // Fired and moved on: nothing more under this order.
    assert!(game.execute(&mv("dahae", &["0502"], Vertex::NW)).is_err());
    assert!(game.execute(&fire("dahae", "foot")).is_err());
}

#[test]
fn a_unit_may_fire_before_its_move_then_move_under_the_same_order_gba_8_11() {
    let blue = vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0505", "E")];
    let (mut game, _) = two_armies(blue, vec![foot("0805")]).start(&[2]);
    ok(&mut game, activate("hero"));
    let left = orders_left(&game);
    let events = ok(&mut game, fire("cretans", "foot"));
    // Before moving it fires as a standing unit: no moving modifier (8.15).
    assert!(events.iter().any(|e| matches!(e, Event::MissileFired { drm: 0, .. })), "{events:?}");
    assert_eq!(orders_left(&game), left - 1);
    let events = ok(&mut game, mv("cretans", &["0605"], Vertex::E));
    // Its move begins as any move: the counter's Moved side, the same single order.
    assert!(
        events.iter().any(|e| matches!(e, Event::UnitMoved { unit, mp: 1, .. } if unit == "cretans")),
        "{events:?}"
    );
    assert_eq!(orders_left(&game), left - 1);
    assert!(game.state.units[0].moved);
}

#[test]
fn archer_foot_fire_or_move_under_one_order_not_both_gba_8_11() {
    let blue = vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0505", "E")];
    let (mut game, _) = two_armies(blue, vec![foot("0805")]).start(&[2]);
    ok(&mut game, activate("hero"));
    ok(&mut game, fire("bows", "foot"));
    let refused = game.execute(&mv("bows", &["0405"], Vertex::E)).unwrap_err().to_string();
    assert!(refused.contains("8.11"), "{refused}");
    assert!(legal_commands(&game).iter().all(|c| !matches!(c, Command::Move { unit, .. } if unit == "bows")));
}

#[test]
fn a_move_that_entered_an_enemy_zoc_does_not_go_on_after_its_fire_gba_7_23() {
    let (mut game, _) = two_armies(vec![horse_archers("0405")], vec![foot("0805")]).start(&[2]);
    ok(&mut game, activate("hero"));
    // 0705 is in the foot's front ZOC: the move stops there.
    ok(&mut game, mv("dahae", &["0505", "0605", "0705"], Vertex::E));
    if matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, fire("dahae", "foot"));
    if matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    let refused = game.execute(&mv("dahae", &["0704"], Vertex::E)).unwrap_err().to_string();
    assert!(refused.contains("7.23"), "{refused}");
}

#[test]
fn cg_long_bows_may_not_move_after_firing_cg_8_11_d44() {
    let blue = vec![unit("longbows", "LI", "A", 3, 5, 5, "A*", "0505", "E")];
    let mut field = two_armies(blue, vec![foot("0805")]);
    field.rules = "chandragupta";
    let (mut game, _) = field.start(&[2, 2, 2]);
    if !matches!(game.state.phase, Phase::Orders { .. }) {
        ok(&mut game, activate("hero"));
    }
    ok(&mut game, fire("longbows", "foot"));
    let refused = game.execute(&mv("longbows", &["0405"], Vertex::E)).unwrap_err().to_string();
    assert!(refused.contains("8.11"), "{refused}");
}
