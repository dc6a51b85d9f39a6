//! Orderly withdrawal (GBA 6.7) and leaders' withdrawal and capture (4.62), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, LeaderStatus, Phase};
use sarissa_rules::map::facing::Arc;
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::movement::withdrawal::{approach_arc, approach_ma, leader_allowance, unit_withdrawals, Allowance};
use sarissa_rules::scenario::units::Placement;

/// Blue's `mover` starts at 0305 facing E and marches east along row 05; red waits at 0805.
/// From 0605 on, blue is within two hexes of red.
fn field(mover: String, red: Vec<String>) -> Field {
    Field {
        units: [vec![mover], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn march() -> Command {
    mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E)
}

fn withdraw(unit: &str, path: &[&str], facing: Vertex) -> Command {
    Command::Withdraw { unit: unit.into(), path: path.iter().map(|s| h(s)).collect(), facing, fire: false, with: None }
}

fn withdrawers(game: &sarissa_rules::Game) -> Vec<String> {
    match &game.state.phase {
        Phase::Reaction { withdrawers, .. } => withdrawers.clone(),
        _ => Vec::new(),
    }
}

#[test]
fn the_move_pauses_the_instant_it_comes_within_two_hexes_of_a_faster_unit_gba_6_71() {
    let (mut game, _) = field(
        unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
        vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
    )
    .start(&[]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, march());
    assert!(
        matches!(&events[0], Event::UnitMoved { placement: Placement::One(at), mp: 3, .. } if *at == h("0605")),
        "{events:?}"
    );
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    assert_eq!(game.decider(), Some(1), "the withdrawing side decides");
    // Light horse (MA 8) from foot (MA 5): 3 MP, every hex farther from the enemy (6.71).
    let options = unit_withdrawals(&game.scenario, &game.state, 1);
    assert!(!options.is_empty());
    for d in &options {
        assert!(d.mp <= 3, "{d:?}");
        let mut last = h("0605").distance(h("0805"));
        for step in &d.path {
            let now = h("0605").distance(*step);
            assert!(now > last, "{d:?} steps closer");
            last = now;
        }
    }
    assert!(options.iter().any(|d| d.hex == h("1105") && d.facing == Vertex::W), "three clear hexes back");
    assert!(game.execute(&withdraw("red", &["0905", "1005", "1105", "1205"], Vertex::W)).is_err(), "4 MP is too far");
    assert!(game.execute(&withdraw("red", &["0705"], Vertex::W)).is_err(), "not toward the enemy");
}

#[test]
fn a_slower_or_equal_unit_may_not_withdraw_and_a_declined_chance_is_lost_gba_6_71() {
    // MI (MA 5) from MI (MA 5): no withdrawal; the move goes straight on.
    let (mut game, _) =
        field(unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"), vec![unit("red", "MI", "", 4, 5, 5, "", "0905", "W")])
            .start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
    // Cavalry declines at two hexes; the foot comes on to one hex: no second chance.
    let (mut game, _) = field(
        unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
        vec![unit("red", "LC", "J", 3, 5, 8, "J", "0905", "E")],
    )
    .start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705", "0805"], Vertex::E));
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    ok(&mut game, Command::EndReaction);
    assert!(withdrawers(&game).is_empty(), "{:?}", game.state.phase);
}

#[test]
fn skirmishers_withdraw_two_hexes_from_foot_whatever_the_mp_gba_6_71_t13() {
    // SK (MA 6) from MI (MA 5): a difference of 1 MP, but skirmishers go up to two hexes.
    let (mut game, _) = field(
        unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
        vec![unit("red", "SK", "A", 1, 5, 6, "A", "0805", "W")],
    )
    .start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    let options = unit_withdrawals(&game.scenario, &game.state, 1);
    let hexes: Vec<usize> = options.iter().map(|d| d.path.len()).collect();
    assert!(hexes.contains(&1) && hexes.contains(&2) && !hexes.iter().any(|&n| n > 2), "{options:?}");
    assert!(game.execute(&withdraw("red", &["0905", "1005", "1105"], Vertex::W)).is_err());
    let events = ok(&mut game, withdraw("red", &["0905", "1005"], Vertex::W));
    // Approached from the front: no hit; a skirmisher takes no hit after and rolls no check.
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. } | Event::DieRolled { .. })), "{events:?}");
    assert_eq!(game.state.units[1].placement, Placement::One(h("1005")));
    // It withdrew and nobody else may react: the move went on.
    assert!(events.iter().any(|e| matches!(e, Event::MoveContinued { .. })), "{events:?}");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
}

#[test]
fn a_skirmisher_is_hit_only_when_approached_from_the_rear_gba_6_72_t39() {
    // Red faces E: blue comes up behind it.
    let (mut game, _) = field(
        unit("blue", "LI", "J", 3, 5, 5, "J", "0305", "E"),
        vec![unit("red", "SK", "A", 1, 5, 6, "A", "0805", "E")],
    )
    .start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    assert_eq!(approach_arc(&Placement::One(h("0805")), Vertex::E, &Placement::One(h("0605"))), Arc::Rear);
    let events = ok(&mut game, withdraw("red", &["0905"], Vertex::E));
    let hits: Vec<_> = events.iter().filter(|e| matches!(e, Event::CohesionHits { .. })).collect();
    assert_eq!(hits, vec![&Event::CohesionHits { unit: "red".into(), hits: 1, cause: HitCause::WithdrawalApproach }]);
    assert!(
        matches!(events.iter().position(|e| matches!(e, Event::CohesionHits { .. })), Some(0)),
        "the hit comes before the withdrawal: {events:?}"
    );
    assert!(!events.iter().any(|e| matches!(e, Event::DieRolled { .. })), "no check for skirmishers");
}

#[test]
fn infantry_from_the_flank_takes_three_hits_with_a_failed_check_gba_6_72_t40() {
    // LI (TQ 5, MA 5) facing NE, from one-hex HI (MA 4) coming from the west: a flank approach
    // (1), infantry giving ground (1), a failed check, roll 7 over TQ 5 (1).
    let (mut game, _) = field(
        unit("blue", "HI", "", 5, 6, 4, "", "0305", "E"),
        vec![unit("red", "LI", "J", 3, 5, 5, "J", "0805", "NE")],
    )
    .start(&[7]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605"], Vertex::E));
    assert_eq!(approach_arc(&Placement::One(h("0805")), Vertex::NE, &Placement::One(h("0605"))), Arc::Flank);
    let events = ok(&mut game, withdraw("red", &["0905"], Vertex::NE));
    let causes: Vec<(u8, HitCause)> = events
        .iter()
        .filter_map(|e| match e {
            Event::CohesionHits { hits, cause, .. } => Some((*hits, cause.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        causes,
        vec![(1, HitCause::WithdrawalApproach), (1, HitCause::Withdrawal), (1, HitCause::WithdrawalCheck)]
    );
    assert_eq!(game.state.units[1].hits, 3);
    assert!(!game.state.units[1].moved, "a withdrawal is not a move under orders (6.74)");
}

#[test]
fn cavalry_from_the_front_only_checks_gba_6_72() {
    for (roll, hits) in [(5u8, 0u8), (6, 1)] {
        let (mut game, _) = field(
            unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
            vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
        )
        .start(&[roll]);
        ok(&mut game, activate("hero"));
        ok(&mut game, march());
        let events = ok(&mut game, withdraw("red", &["0905"], Vertex::W));
        assert!(events.contains(&Event::DieRolled {
            roll,
            purpose: sarissa_rules::game::RollPurpose::TqCheck { unit: "red".into(), rule: "6.72".into() }
        }));
        assert_eq!(game.state.units[1].hits, hits, "roll {roll} against TQ 5: {events:?}");
    }
}

#[test]
fn one_mp_is_not_enough_to_withdraw_uphill_gba_6_71_t14() {
    // LI (MA 5) from one-hex HI (MA 4): 1 MP. On the flat it may step back one hex; when both
    // hexes farther from the enemy are a level up (2 MP), it has nowhere to go and is not asked.
    let start = |uphill: bool| {
        let mut f = field(
            unit("blue", "HI", "", 5, 6, 4, "", "0305", "E"),
            vec![unit("red", "LI", "J", 3, 5, 5, "J", "0805", "W")],
        );
        if uphill {
            f.elevation = vec![("0905", '1'), ("0906", '1')];
        }
        let (mut game, _) = f.start(&[]);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("blue", &["0405", "0505", "0605"], Vertex::E));
        game
    };
    let flat = start(false);
    let options = unit_withdrawals(&flat.scenario, &flat.state, 1);
    assert!(!options.is_empty() && options.iter().all(|d| d.path.len() == 1 && d.mp <= 1), "{options:?}");
    let hill = start(true);
    assert!(withdrawers(&hill).is_empty(), "{:?}", hill.state.phase);
}

#[test]
fn no_withdrawal_into_rough_ground_across_a_rough_hexside_or_into_an_enemy_zoc_gba_6_75() {
    let mut f = field(
        unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
        vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
    );
    // Of the two hexes farther from blue at 0605, 0905 is woods and 0906 rocky; beyond 0906 a
    // minor river bars the way east.
    f.terrain = vec![("0905", 'w'), ("0906", 'r')];
    f.hexsides = vec![("minor_river", "0906-1006")];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    let options = unit_withdrawals(&game.scenario, &game.state, 1);
    let ends: Vec<_> = options.iter().map(|d| d.hex).collect();
    assert!(!ends.contains(&h("0905")), "woods");
    assert!(options.iter().all(|d| !d.path.windows(2).any(|w| w == [h("0906"), h("1006")])), "across the river");
    assert!(ends.contains(&h("0906")), "rocky ground is open to a withdrawal");
    assert!(game.execute(&withdraw("red", &["0905"], Vertex::W)).unwrap_err().to_string().contains("6.75"));
}

#[test]
fn a_unit_in_an_enemy_zoc_may_not_withdraw_gba_6_71() {
    // A second blue unit already holds red in its front.
    let mut f = field(
        unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
        vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
    );
    f.units[0].push(unit("pin", "MI", "", 4, 5, 5, "", "0906", "NW"));
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    assert!(withdrawers(&game).is_empty(), "{:?}", game.state.phase);
}

#[test]
fn an_enemy_starting_its_move_within_two_hexes_may_be_withdrawn_from_at_once_gba_6_71() {
    let (mut game, _) = field(
        unit("blue", "MI", "", 4, 5, 5, "", "0605", "E"),
        vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
    )
    .start(&[0]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, mv("blue", &["0705"], Vertex::E));
    assert!(matches!(&events[0], Event::UnitMoved { path, mp: 0, .. } if path.is_empty()), "{events:?}");
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    assert!(
        matches!(&game.state.phase, Phase::Reaction { resume, .. }
        if matches!(**resume, Phase::Orders { orders_left: 1, .. })),
        "the order is counted"
    );
    ok(&mut game, withdraw("red", &["0905", "1005"], Vertex::W));
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")), "then it goes on");
}

#[test]
fn withdrawal_may_be_used_again_when_the_enemy_comes_within_two_hexes_again_gba_6_74() {
    // Red's skirmishers face away; blue's light foot comes up behind them.
    let (mut game, _) = field(
        unit("blue", "LI", "J", 3, 5, 5, "J", "0105", "E"),
        vec![unit("red", "SK", "A", 1, 5, 6, "A", "0705", "E")],
    )
    .start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0205", "0305", "0405", "0505", "0605"], Vertex::E));
    assert_eq!(game.state.units[0].placement, Placement::One(h("0505")));
    // Approached from the rear, skirmishers take a hit first (6.72[2]).
    let first = ok(&mut game, withdraw("red", &["0805"], Vertex::E));
    assert!(first.contains(&Event::CohesionHits { unit: "red".into(), hits: 1, cause: HitCause::WithdrawalApproach }));
    // Blue goes on to 0605, within two hexes again: a second chance, with its penalties again.
    assert_eq!(game.state.units[0].placement, Placement::One(h("0605")), "{:?}", game.state.phase);
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    ok(&mut game, withdraw("red", &["0905"], Vertex::E));
    assert_eq!(game.state.units[1].hits, 2);
}

#[test]
fn a_phalanx_counts_ma_4_and_a_leader_withdraws_nine_less_that_gba_4_62_6_77_t15() {
    let f = Field {
        units: [
            vec![unit("craterus", "PH", "MA", 8, 7, 4, "", "0305-0306", "E")],
            vec![unit("archers", "SK", "A", 1, 5, 6, "A", "0805", "W")],
        ],
        leaders: [vec![leader("alex", "overall", 7, 8, "0205")], vec![leader("bupares", "overall", 3, 4, "0805")]],
        ..Field::default()
    };
    let (game, _) = f.start(&[]);
    let phalanx = &game.scenario.units[0];
    assert_eq!((phalanx.ma, phalanx.ma_extended), (4, Some(5)));
    assert_eq!(approach_ma(phalanx), 4);
    assert_eq!(leader_allowance(&game.scenario, 1, 0), Some(Allowance::Mp(5)));
}

#[test]
fn a_leader_may_withdraw_and_a_lone_leader_left_beside_the_enemy_is_taken_gba_4_62() {
    let lone = |dice: &[u8]| {
        let f = Field {
            units: [vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")], vec![]],
            leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "0805")]],
            ..Field::default()
        };
        f.start(dice).0
    };
    // Within two hexes he may withdraw (9 - 5 = 4 MP), spending no MP of his own.
    let mut game = lone(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    assert!(matches!(&game.state.phase, Phase::Reaction { leaders, exposed, .. }
        if leaders == &vec!["foe".to_string()] && exposed.is_empty()));
    assert!(game
        .execute(&Command::WithdrawLeader {
            leader: "foe".into(),
            path: vec![h("0905"), h("1005"), h("1105"), h("1205"), h("1204")]
        })
        .is_err());
    let events = ok(&mut game, Command::WithdrawLeader { leader: "foe".into(), path: vec![h("0905"), h("1005")] });
    assert!(events.contains(&Event::LeaderWithdrew { leader: "foe".into(), path: vec![h("0905"), h("1005")] }));
    assert_eq!((game.state.leaders[1].at, game.state.leaders[1].mp_used), (h("1005"), 0));
    // He stays; the foot comes up beside him, alone: withdraw or be taken.
    let mut game = lone(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    ok(&mut game, Command::EndReaction);
    assert!(matches!(&game.state.phase, Phase::Reaction { exposed, .. } if exposed == &vec!["foe".to_string()]));
    let events = ok(&mut game, Command::EndReaction);
    assert!(events.contains(&Event::LeaderCaptured { leader: "foe".into() }), "{events:?}");
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Eliminated);
}

#[test]
fn a_lone_leader_who_cannot_get_away_is_taken_at_once_gba_4_62() {
    // Woods on every hex farther from the enemy's approach: nowhere to go (6.75).
    let mut f = Field {
        units: [vec![unit("blue", "MI", "", 4, 5, 5, "", "0605", "E")], vec![]],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "0905")]],
        ..Field::default()
    };
    f.terrain = ["1004", "1005", "0904", "0906"].iter().map(|hx| (*hx, 'w')).collect();
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, mv("blue", &["0705", "0805"], Vertex::E));
    assert!(events.contains(&Event::LeaderCaptured { leader: "foe".into() }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::ReactionOffered { .. })), "nothing to decide: {events:?}");
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Eliminated);
    assert_eq!(game.state.units[0].placement, Placement::One(h("0805")));
}

/// The Arbela example (6.77, T15): a phalanx comes within two hexes of skirmishers stacked with
/// a leader; both may withdraw, the leader up to 5 MP (9 less 4, the phalanx counting 4).
#[test]
fn a_phalanx_advance_pauses_for_the_skirmishers_and_their_leader_gba_6_77_t15_p28() {
    let f = Field {
        units: [
            vec![unit("craterus", "PH", "MA", 8, 7, 4, "", "0305-0306", "E")],
            vec![unit("archers", "SK", "A", 1, 5, 6, "A", "0806", "W")],
        ],
        leaders: [vec![leader("alex", "overall", 2, 8, "0205")], vec![leader("bupares", "overall", 3, 4, "0806")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("alex"));
    // Four hexes forward: within two hexes of the archers after three.
    let to = Placement::Two(h("0705"), h("0706"));
    let events = ok(&mut game, Command::MoveTo { unit: "craterus".into(), to, facing: Vertex::E, with: None });
    assert!(matches!(&events[0], Event::UnitMoved { .. }), "{events:?}");
    assert!(
        matches!(&game.state.phase, Phase::Reaction { withdrawers, leaders, to: Some(_), .. }
        if withdrawers == &vec!["archers".to_string()] && leaders == &vec!["bupares".to_string()]),
        "{:?}",
        game.state.phase
    );
    let rides = sarissa_rules::movement::withdrawal::leader_withdrawals(&game.scenario, &game.state, 1);
    assert!(rides.values().all(|(mp, _)| *mp <= 5) && rides.values().any(|(mp, _)| *mp == 5), "{rides:?}");
    let (_, path) = rides.iter().find(|(_, (mp, _))| *mp == 4).map(|(h, p)| (*h, p.clone())).unwrap().1;
    ok(&mut game, Command::WithdrawLeader { leader: "bupares".into(), path });
    // The skirmishers go two hexes, keeping their facing; then the phalanx finishes its move.
    let archers = unit_withdrawals(&game.scenario, &game.state, 1);
    let two = archers.iter().find(|d| d.path.len() == 2 && d.facing == Vertex::W).expect("two hexes back");
    let events = ok(&mut game, withdraw("archers", &[&two.path[0].to_string(), &two.path[1].to_string()], Vertex::W));
    assert!(events.iter().any(|e| matches!(e, Event::MoveContinued { .. })), "{events:?}");
    assert_eq!(game.state.units[0].placement.hexes().collect::<Vec<_>>(), vec![h("0705"), h("0706")]);
    assert!(matches!(game.state.phase, Phase::Orders { orders_left: 1, .. }), "one order: {:?}", game.state.phase);
}

#[test]
fn a_two_hex_unit_coming_up_beside_an_enemy_lets_it_turn_to_face_it_gba_7_16_p28() {
    let f = Field {
        units: [
            vec![unit("hoplites", "HI", "HO", 6, 6, 4, "", "0305-0306", "E")],
            vec![unit("red", "MI", "", 4, 5, 4, "", "0706", "NE")],
        ],
        leaders: [vec![leader("alex", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 3, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("alex"));
    let to = Placement::Two(h("0605"), h("0606"));
    ok(&mut game, Command::MoveTo { unit: "hoplites".into(), to, facing: Vertex::E, with: None });
    assert!(
        matches!(&game.state.phase, Phase::Reaction { reactors, .. } if reactors == &vec!["red".to_string()]),
        "{:?}",
        game.state.phase
    );
}

#[test]
fn horse_archers_shoot_as_they_withdraw_at_range_two_once_per_enemy_gba_6_76() {
    // TQ check 3 (passed), then the volley: 2 at range 2 against MI, +1 as moving.
    let (mut game, _) = field(
        unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
        vec![unit("red", "LC", "A", 2, 5, 8, "A", "0805", "W")],
    )
    .start(&[3, 2]);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    assert!(sarissa_rules::movement::withdrawal::withdrawal_volley(&game.scenario, &game.state, 1).is_some());
    let events = ok(
        &mut game,
        Command::Withdraw { unit: "red".into(), path: vec![h("0905")], facing: Vertex::W, fire: true, with: None },
    );
    assert!(
        events.iter().any(|e| matches!(e, Event::MissileFired { range: 2, drm: 1, target, .. } if target == "blue")),
        "{events:?}"
    );
    assert_eq!(game.state.units[1].withdrawal_volleys, vec!["blue".to_string()]);
    assert!(!game.state.units[1].fired, "not its ordered fire");
}

#[test]
fn only_horse_archers_shoot_while_withdrawing_gba_6_76() {
    let (mut game, _) = field(
        unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
        vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
    )
    .start(&[3, 2]);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    let refused = game.execute(&Command::Withdraw {
        unit: "red".into(),
        path: vec![h("0905")],
        facing: Vertex::W,
        fire: true,
        with: None,
    });
    assert_eq!(refused.unwrap_err().rule(), "6.76");
}
