//! The overall commander's power to move other leaders (GBA 4.4, 4.25).

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase, RuleError};

fn ride(leader: &str, path: &[&str]) -> Command {
    Command::MoveLeader { leader: leader.into(), path: path.iter().map(|s| h(s)).collect() }
}

/// Blue: the king (overall, initiative 4) and the duke (subordinate, 2); red cavalry at 0805
/// facing west, whose ZOC covers 0704 and 0705.
fn field(duke_at: &str) -> Field {
    Field {
        units: [
            vec![unit("b1", "HC", "", 3, 7, 7, "", "0203", "E"), unit("b2", "HC", "", 3, 7, 7, "", "0705", "E")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "0805", "W")],
        ],
        leaders: [
            vec![leader("duke", "subordinate", 2, 4, duke_at), leader("king", "overall", 4, 6, "0205")],
            vec![leader("foe", "overall", 9, 4, "1210")],
        ],
        ..Field::default()
    }
}

fn orders_left(game: &sarissa_rules::Game) -> u8 {
    match game.state.phase {
        Phase::Orders { orders_left, .. } => orders_left,
        _ => panic!("not in orders"),
    }
}

#[test]
fn the_overall_commander_moves_another_leader_once_a_phase_for_an_order_gba_4_4() {
    let (mut game, _) = field("0301").start(&[]);
    ok(&mut game, pass("duke"));
    ok(&mut game, activate("king"));
    let events = ok(&mut game, ride("duke", &["0302", "0402"]));
    assert!(matches!(&events[0], Event::LeaderMoved { orders: 1, by_overall: true, .. }), "{events:?}");
    assert_eq!(orders_left(&game), 3);
    // A Finished leader moves only this way (4.25) — and only once a phase (4.4).
    let err = game.execute(&ride("duke", &["0502"])).unwrap_err();
    assert_eq!(err.rule(), "4.4", "{err}");
}

#[test]
fn moving_a_leader_out_of_an_enemy_zoc_costs_two_orders_gba_4_4() {
    // The duke stands with b2 in red's ZOC at 0705: he cannot leave on his own (4.24, 7.23).
    let (mut game, _) = field("0705").start(&[]);
    ok(&mut game, activate("duke"));
    assert_eq!(
        game.execute(&ride("duke", &["0605"])).unwrap_err(),
        RuleError::LeaderInEnemyZoc { leader: "duke".into() }
    );
    // In an enemy ZOC he may not try for momentum either (5.31): ending his orders finishes him.
    let events = end_orders(&mut game);
    assert!(events.contains(&Event::LeaderFinished { leader: "duke".into() }));
    ok(&mut game, activate("king"));
    let events = ok(&mut game, ride("duke", &["0605", "0505"]));
    assert!(matches!(&events[0], Event::LeaderMoved { orders: 2, .. }), "{events:?}");
    assert_eq!(orders_left(&game), 2);
}

#[test]
fn only_the_overall_commander_moves_other_leaders_gba_4_4() {
    let (mut game, _) = field("0301").start(&[]);
    ok(&mut game, activate("duke"));
    let err = game.execute(&ride("king", &["0206"])).unwrap_err();
    assert_eq!(err.rule(), "4.4", "{err}");
}

#[test]
fn a_leader_brought_out_of_an_enemy_zoc_goes_next_without_momentum_gba_5_25() {
    // The duke (initiative 5 here, after the king's 4) waits in red's ZOC at 0705; the king
    // brings him out: he must be activated at once — no pass, no trump — and gets no momentum.
    let mut f = field("0705");
    f.leaders[0] = vec![leader("king", "overall", 2, 6, "0205"), leader("duke", "subordinate", 5, 4, "0705")];
    f.leaders[1] = vec![leader("foe", "overall", 3, 4, "1210")];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("king"));
    let events = ok(&mut game, ride("duke", &["0605", "0505"]));
    assert!(matches!(&events[0], Event::LeaderMoved { left_enemy_zoc: true, .. }), "{events:?}");
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    // Before the foe (initiative 3), the duke.
    assert_eq!(offered(&game), ["duke"]);
    assert!(game.execute(&pass("duke")).is_err(), "he must be activated (5.25)");
    ok(&mut game, activate("duke"));
    let events = end_orders(&mut game);
    assert!(events.contains(&Event::LeaderFinished { leader: "duke".into() }), "no momentum: {events:?}");
    assert_eq!(offered(&game), ["foe"]);
}
