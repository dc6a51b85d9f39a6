//! Rules that the engine plays with the same code in both books, each shown through
//! `Game::execute` with loaded dice on a `rules = "chandragupta"` field, and where Alexander's
//! rule had no test either, on the same field under the Alexander rules (issue 18 §3: no
//! numbered rule without a status).

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;

/// Blue "hero" (initiative 2, range 8) with a heavy cavalry unit and a skirmisher, red "foe"
/// (initiative 6) with one heavy cavalry unit far to the east.
fn field() -> Field {
    book("chandragupta")
}

fn book(rules: &'static str) -> Field {
    Field {
        rules,
        units: [
            vec![unit("c", "HC", "", 3, 7, 5, "", "0305", "E"), unit("s", "SK", "J", 1, 6, 6, "J", "0307", "E")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "0905", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

/// The hero activated, his orders ended without a move: ready for momentum.
fn hero_at_momentum(dice: &[u8]) -> sarissa_rules::Game {
    at_momentum("chandragupta", dice)
}

fn at_momentum(rules: &'static str, dice: &[u8]) -> sarissa_rules::Game {
    let (mut game, _) = book(rules).start(dice);
    for command in [activate("hero"), Command::EndOrders] {
        ok(&mut game, command);
    }
    assert!(matches!(&game.state.phase, Phase::Momentum { leader } if leader == "hero"));
    game
}

#[test]
fn only_the_lowest_rated_leader_not_yet_activated_may_go_cg_5_13() {
    let (mut game, _) = field().start(&[]);
    assert_eq!(offered(&game), ["hero"]);
    let err = game.execute(&activate("foe")).unwrap_err();
    assert_eq!(err, RuleError::NotEligibleForActivation { leader: "foe".into() });
}

#[test]
fn no_more_than_three_orders_phases_in_a_row_cg_5_14() {
    let mut game = hero_at_momentum(&[1, 2]);
    let finished = Event::LeaderFinished { leader: "hero".into() };
    for third in [false, true] {
        ok(&mut game, Command::TryMomentum);
        ok(&mut game, Command::DeclineTrump);
        let events = ok(&mut game, Command::EndOrders);
        assert_eq!(events.contains(&finished), third, "{events:?}");
    }
    // The third phase is over: no fourth, the foe is offered.
    assert_eq!(offered(&game), ["foe"]);
    assert!(game.execute(&Command::TryMomentum).is_err());
}

#[test]
fn declining_momentum_finishes_the_leader_cg_5_15() {
    let mut game = hero_at_momentum(&[]);
    let events = ok(&mut game, Command::DeclineMomentum);
    assert_eq!(events[0], Event::LeaderFinished { leader: "hero".into() });
    assert_eq!(offered(&game), ["foe"]);
}

fn finished_leader_not_activated_again(rules: &'static str) {
    let mut game = at_momentum(rules, &[]);
    ok(&mut game, Command::DeclineMomentum);
    let err = game.execute(&activate("hero")).unwrap_err();
    assert_eq!(err, RuleError::NotEligibleForActivation { leader: "hero".into() });
}

#[test]
fn a_finished_leader_is_not_activated_again_that_turn_cg_5_45() {
    finished_leader_not_activated_again("chandragupta");
}

#[test]
fn a_finished_leader_is_not_activated_again_that_turn_gba_5_45() {
    finished_leader_not_activated_again("alexander");
}

#[test]
fn momentum_on_a_roll_of_the_initiative_or_less_cg_5_32() {
    // Initiative 2: a 2 gains momentum, a 3 finishes him.
    let mut game = hero_at_momentum(&[2]);
    let events = ok(&mut game, Command::TryMomentum);
    assert_eq!(events[0], Event::DieRolled { roll: 2, purpose: RollPurpose::Momentum { leader: "hero".into() } });
    assert_eq!(events[1], Event::MomentumGained { leader: "hero".into() });
    let mut game = hero_at_momentum(&[3]);
    let events = ok(&mut game, Command::TryMomentum);
    assert_eq!(events[1], Event::LeaderFinished { leader: "hero".into() });
}

#[test]
fn an_individual_order_moves_one_unit_cg_5_22() {
    let (mut game, _) = field().start(&[]);
    ok(&mut game, activate("hero"));
    assert_eq!(orders_left(&game), 2);
    let events = ok(&mut game, mv("c", &["0405"], Vertex::E));
    assert!(events.iter().any(|e| matches!(e, Event::UnitMoved { unit, .. } if unit == "c")), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::UnitMoved { unit, .. } if unit == "s")), "{events:?}");
    assert_eq!(orders_left(&game), 1);
}

#[test]
fn a_unit_moves_only_once_an_orders_phase_cg_5_25() {
    let (mut game, _) = field().start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("c", &["0405"], Vertex::E));
    let err = game.execute(&mv("c", &["0505"], Vertex::E)).unwrap_err();
    assert_eq!(err, RuleError::AlreadyOrdered { unit: "c".into() });
}

#[test]
fn a_move_may_use_the_printed_allowance_and_no_more_cg_6_11() {
    let (mut game, _) = field().start(&[]);
    ok(&mut game, activate("hero"));
    // MA 5: five clear hexes are allowed, six are not.
    assert!(game.execute(&mv("c", &["0405", "0505", "0605", "0705", "0805", "0905"], Vertex::E)).is_err());
    ok(&mut game, mv("c", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
}

#[test]
fn no_unit_moves_into_an_enemy_hex_cg_6_72() {
    let mut f = field();
    f.units[1] = vec![unit("r", "HC", "", 3, 6, 7, "", "0505", "SW")];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    assert!(game.execute(&mv("s", &["0406", "0505"], Vertex::E)).is_err());
}

/// The cavalry moved up beside the red unit: the move itself starts no combat.
fn moved_beside_the_enemy(rules: &'static str) -> (sarissa_rules::Game, Vec<Event>) {
    let mut f = book(rules);
    f.units[1] = vec![unit("r", "HC", "", 3, 6, 7, "", "0705", "W")];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    let mut events = ok(&mut game, mv("c", &["0405", "0505", "0605"], Vertex::E));
    // The red unit neither withdraws (6.67), turns (7.16) nor fires.
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        events.extend(ok(&mut game, Command::EndReaction));
    }
    (game, events)
}

fn no_shock_from_orders(rules: &'static str) {
    let (game, events) = moved_beside_the_enemy(rules);
    assert!(!events.iter().any(|e| matches!(e, Event::ShockSegmentBegan { .. })), "{events:?}");
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
}

#[test]
fn orders_start_no_shock_cg_5_26() {
    no_shock_from_orders("chandragupta");
}

#[test]
fn orders_start_no_shock_gba_5_24() {
    no_shock_from_orders("alexander");
}

#[test]
fn the_shock_segment_follows_the_orders_cg_5_28() {
    shock_follows_orders("chandragupta");
}

#[test]
fn the_shock_segment_follows_the_orders_gba_5_26() {
    shock_follows_orders("alexander");
}

fn shock_follows_orders(rules: &'static str) {
    let (mut game, _) = moved_beside_the_enemy(rules);
    let events = ok(&mut game, Command::EndOrders);
    let ended = events.iter().position(|e| matches!(e, Event::OrdersEnded { .. })).unwrap();
    let began = events.iter().position(|e| matches!(e, Event::ShockSegmentBegan { .. })).unwrap();
    assert!(ended < began, "{events:?}");
    match &game.state.phase {
        Phase::Shock { must, .. } => assert_eq!(must, &vec!["c".to_string()]),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_hit_is_recorded_on_the_unit_cg_11_11() {
    // The cavalry moves, and again in the momentum phase (a 1 gains it): 6.13's hit.
    let (mut game, _) = field().start(&[1]);
    for (step, command) in [
        activate("hero"),
        mv("c", &["0405"], Vertex::E),
        Command::EndOrders,
        Command::TryMomentum,
        Command::DeclineTrump,
    ]
    .into_iter()
    .enumerate()
    {
        assert!(game.execute(&command).is_ok(), "step {step}: {command:?}");
    }
    assert_eq!(game.state.units[idx(&game, "c")].hits, 0);
    let events = ok(&mut game, mv("c", &["0505"], Vertex::E));
    assert!(
        events.iter().any(|e| matches!(e, Event::CohesionHits { hits: 1, cause: HitCause::SecondMove, .. })),
        "{events:?}"
    );
    assert_eq!(game.state.units[idx(&game, "c")].hits, 1);
}
