//! Leaders, commands and activation (GBA 4–5, CG 4–5): rules the engine cites, each played
//! through `Game::execute` with loaded dice and checked by its exact events or refusal.

mod common;
use common::*;
use sarissa_rules::game::{Command, Doom, Event, LeaderStatus, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;

fn status(game: &Game, id: &str) -> LeaderStatus {
    game.state.leaders[game.scenario.leaders.iter().position(|l| l.id == id).unwrap()].status
}

/// Blue "hero" (initiative `hero_init`) with hoplites "hop" at 0505 facing red MI "mi" at
/// 0605 (adjacent); red "foe" (initiative `foe_init`) far off; `rules` the book.
fn facing_foes(rules: &'static str, hero_init: u8, foe_init: u8) -> Field {
    let mi = h("0505").neighbour(sarissa_rules::map::hex::Hexside::SE).unwrap().to_string();
    Field {
        rules,
        macedonian: [false, false],
        units: [
            vec![unit("hop", "HI", "", 5, 6, 4, "", "0505", "E")],
            vec![unit("mi", "MI", "", 4, 5, 5, "", &mi, "NW")],
        ],
        leaders: [
            vec![leader("hero", "overall", hero_init, 6, "0404")],
            vec![leader("foe", "overall", foe_init, 4, "1210")],
        ],
        ..Field::default()
    }
}

// --- GBA 5.1–5.3: activation, the phase's end, momentum -------------------------------------

#[test]
fn leaders_go_inactive_active_finished_and_a_failed_momentum_finishes_gba_5_11() {
    let (mut game, _) = facing_foes("alexander", 2, 5).start(&[8]);
    assert_eq!([status(&game, "hero"), status(&game, "foe")], [LeaderStatus::Inactive; 2]);
    ok(&mut game, activate("hero"));
    assert_eq!(status(&game, "hero"), LeaderStatus::Active);
    assert_eq!(status(&game, "foe"), LeaderStatus::Inactive);
    end_orders(&mut game);
    // 8 is above his initiative 2: momentum fails, he is Finished; the foe goes next.
    let events = ok(&mut game, Command::TryMomentum);
    assert_eq!(
        events[..2],
        [
            Event::DieRolled { roll: 8, purpose: RollPurpose::Momentum { leader: "hero".into() } },
            Event::LeaderFinished { leader: "hero".into() },
        ]
    );
    assert_eq!(status(&game, "hero"), LeaderStatus::Finished);
    assert_eq!(offered(&game), ["foe"]);
}

#[test]
fn after_the_shock_the_leader_may_try_momentum_or_the_next_leader_goes_gba_5_27() {
    let (mut game, _) = facing_foes("alexander", 2, 5).start(&[5; 12]);
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    assert!(matches!(game.state.phase, Phase::Shock { .. }), "{:?}", game.state.phase);
    let events = ok(&mut game, Command::Shock { attackers: vec!["hop".into()] });
    let ended = events.iter().position(|e| matches!(e, Event::ShockSegmentEnded { .. })).expect("the shock ends");
    // The orders phase is over after the shock: momentum is offered next, nothing else between.
    assert_eq!(events[ended + 1..], [Event::MomentumOffered { leader: "hero".into() }], "{events:?}");
    assert_eq!(game.state.phase, Phase::Momentum { leader: "hero".into() });
    // Declined: he is Finished and the next leader is offered his activation.
    let events = ok(&mut game, Command::DeclineMomentum);
    assert_eq!(events[0], Event::LeaderFinished { leader: "hero".into() });
    assert_eq!(offered(&game), ["foe"]);
}

#[test]
fn a_finished_leader_re_activated_by_the_doom_roll_gets_no_momentum_gba_5_34() {
    // Foe (2) goes first and is Finished; hero (5) rolls 9 for momentum, then 0: re-activation.
    let (mut game, _) = facing_foes("alexander", 5, 2).start(&[9, 0]);
    ok(&mut game, activate("foe"));
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    assert_eq!(status(&game, "foe"), LeaderStatus::Finished);
    ok(&mut game, activate("hero"));
    end_orders(&mut game);
    let events = ok(&mut game, Command::TryMomentum);
    assert!(events.contains(&Event::DoomOutcome { leader: "hero".into(), outcome: Doom::Reactivation }), "{events:?}");
    // The Finished foe may be re-activated (5.33[1]) but may not use momentum (5.34).
    let events = ok(&mut game, activate("foe"));
    assert!(
        events.contains(&Event::LeaderActivated { leader: "foe".into(), no_momentum: true, in_enemy_zoc: false }),
        "{events:?}"
    );
    let events = end_orders(&mut game);
    assert!(events.contains(&Event::LeaderFinished { leader: "foe".into() }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::MomentumOffered { .. })), "no momentum: {events:?}");
}

#[test]
fn a_leader_bypassed_by_a_trump_still_goes_but_without_momentum_gba_5_44() {
    // Blue: hero (2) and the subordinate "sub" (6) with HC beside him; red: foe (4).
    let mut f = facing_foes("alexander", 2, 4);
    f.units[0].push(unit("hc", "HC", "", 3, 7, 7, "", "0208", "E"));
    f.leaders[0].push(leader("sub", "subordinate", 6, 4, "0208"));
    let (mut game, _) = f.start(&[3]);
    assert_eq!(offered(&game), ["hero"]);
    let events = ok(&mut game, Command::Trump { leader: "sub".into() });
    assert!(events.contains(&Event::TrumpSucceeded { leader: "sub".into() }), "{events:?}");
    let bypassed = events.iter().find_map(|e| match e {
        Event::LeadersBypassed { leaders } => Some(leaders.clone()),
        _ => None,
    });
    // Every inactive leader of either side with initiative 6 or less was passed over.
    assert_eq!(bypassed, Some(vec!["hero".to_string(), "foe".to_string()]), "{events:?}");
    ok(&mut game, mv("hc", &["0308"], Vertex::E));
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    // The bypassed hero keeps his activation; his phase ends him, with no momentum offered.
    assert_eq!(offered(&game), ["hero"]);
    ok(&mut game, activate("hero"));
    let events = end_orders(&mut game);
    assert!(events.contains(&Event::LeaderFinished { leader: "hero".into() }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::MomentumOffered { .. })), "{events:?}");
    assert_eq!(status(&game, "hero"), LeaderStatus::Finished);
}

#[test]
fn an_individual_order_is_one_thing_for_one_unit_recovery_or_a_move_gba_5_22() {
    // Recovery takes one order and is all that unit does this phase; another order moves another.
    let blue = vec![
        with(unit("hc", "HC", "", 3, 7, 7, "", "0305", "E"), "hits = 3"),
        unit("lc", "LC", "", 2, 6, 8, "", "0307", "E"),
    ];
    let (mut game, _) = two_armies(blue, vec![unit("medes", "HC", "", 3, 6, 7, "", "1005", "W")]).start(&[]);
    ok(&mut game, activate("hero"));
    assert_eq!(orders_left(&game), 2);
    let events = ok(&mut game, Command::Recover { unit: "hc".into() });
    assert!(events.iter().any(|e| matches!(e, Event::UnitRecovered { unit, .. } if unit == "hc")), "{events:?}");
    assert_eq!((orders_left(&game), game.state.units[idx(&game, "hc")].hits), (1, 1));
    let err = game.execute(&mv("hc", &["0405"], Vertex::E)).unwrap_err();
    assert_eq!(err, RuleError::AlreadyOrdered { unit: "hc".into() });
    ok(&mut game, mv("lc", &["0407"], Vertex::E));
    assert_eq!(orders_left(&game), 0);
}
