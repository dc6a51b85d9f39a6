//! The sequence of play (GBA 3.0, 5.1–5.3) with loaded dice: exact events.

mod common;
use common::*;
use sarissa_rules::game::{Command, Doom, Event, HitCause, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;

/// The rulebook's Granicus example: Alexander 7 and Philotas 5 (Macedonian); Memnon 5, Omares 3
/// and Arsites 2 (Persian).
fn granicus_leaders() -> Field {
    Field {
        units: [
            vec![unit("m1", "HC", "", 3, 7, 7, "", "0205", "E")],
            vec![unit("p1", "HC", "", 3, 6, 7, "", "1005", "W")],
        ],
        leaders: [
            vec![leader("alexander", "overall", 7, 6, "0205"), leader("philotas", "subordinate", 5, 4, "0206")],
            vec![
                leader("memnon", "overall", 5, 4, "1005"),
                leader("omares", "subordinate", 3, 3, "1006"),
                leader("arsites", "subordinate", 2, 3, "1004"),
            ],
        ],
        ..Field::default()
    }
}

#[test]
fn t1_activation_goes_up_the_initiatives_and_the_non_macedonian_wins_ties_gba_5_12_5_13() {
    let (mut game, events) = granicus_leaders().start(&[]);
    assert_eq!(events[0], Event::TurnBegan { turn: 1 });
    let mut order = Vec::new();
    for _ in 0..5 {
        let now = offered(&game);
        assert_eq!(now.len(), 1, "one leader at a time here: {now:?}");
        order.push(now[0].clone());
        ok(&mut game, pass(&now[0]));
    }
    assert_eq!(order, ["arsites", "omares", "memnon", "philotas", "alexander"]);
    // Everyone passed: the turn ends and the next begins with the lowest again.
    assert_eq!(game.state.turn, 2);
    assert_eq!(offered(&game), ["arsites"]);
}

#[test]
fn equal_initiatives_without_a_macedonian_side_are_rolled_for_r10_gba_5_12() {
    let mut field = granicus_leaders();
    field.macedonian = [false, false];
    // Arsites and Omares out of the way; Philotas (blue) and Memnon (red) tie at 5.
    // Rolls: blue 4, red 4 (equal: again), blue 2, red 8: red goes first.
    let (mut game, _) = field.start(&[4, 4, 2, 8]);
    ok(&mut game, pass("arsites"));
    let events = ok(&mut game, pass("omares"));
    let rolls = tie_rolls(&events);
    assert_eq!(rolls, [(0, 4), (1, 4), (0, 2), (1, 8)]);
    assert_eq!(offered(&game), ["memnon"]);
    // Then the players alternate at that initiative.
    ok(&mut game, pass("memnon"));
    assert_eq!(offered(&game), ["philotas"]);
}

#[test]
fn equal_initiatives_on_one_side_are_the_owners_choice_gba_5_12() {
    let mut field = granicus_leaders();
    field.leaders[1] = vec![leader("memnon", "overall", 3, 4, "1005"), leader("omares", "subordinate", 3, 3, "1006")];
    let (mut game, _) = field.start(&[]);
    assert_eq!(offered(&game), ["memnon", "omares"]);
    ok(&mut game, activate("omares"));
    assert!(matches!(&game.state.phase, Phase::Orders { leader, orders_left: 3, .. } if leader == "omares"));
}

#[test]
fn only_the_offered_leader_may_be_activated_gba_5_13() {
    let (mut game, _) = granicus_leaders().start(&[]);
    let err = game.execute(&activate("alexander")).unwrap_err();
    assert_eq!(err, RuleError::NotEligibleForActivation { leader: "alexander".into() });
    assert_eq!(err.rule(), "5.12");
    let err = game.execute(&Command::EndOrders).unwrap_err();
    assert_eq!(err.rule(), "5.21", "orders end only in an orders phase: {err}");
    let err = game.execute(&activate("nobody")).unwrap_err();
    assert_eq!(err, RuleError::UnknownLeader { leader: "nobody".into() });
}

/// Alexander alone on the field, activated, his orders done: ready for momentum.
fn alexander_at_momentum(dice: &[u8]) -> sarissa_rules::Game {
    let field = Field {
        units: [
            vec![unit("m1", "HC", "", 3, 7, 7, "", "0205", "E"), unit("m2", "MI", "", 4, 5, 5, "", "0207", "E")],
            vec![unit("p1", "HC", "", 3, 6, 7, "", "1005", "W")],
        ],
        leaders: [vec![leader("alexander", "overall", 7, 6, "0205")], vec![leader("darius", "overall", 8, 4, "1005")]],
        ..Field::default()
    };
    let (mut game, _) = field.start(dice);
    ok(&mut game, activate("alexander"));
    ok(&mut game, Command::EndOrders);
    assert_eq!(game.state.phase, Phase::Momentum { leader: "alexander".into() });
    game
}

#[test]
fn t2_momentum_succeeds_on_initiative_or_less_gba_5_32() {
    let mut game = alexander_at_momentum(&[7]);
    let events = ok(&mut game, Command::TryMomentum);
    assert_eq!(
        events,
        [
            Event::DieRolled { roll: 7, purpose: RollPurpose::Momentum { leader: "alexander".into() } },
            Event::MomentumGained { leader: "alexander".into() },
            // Darius (initiative 8) may trump the momentum (5.42[2]).
            Event::TrumpResponseOffered { side: 1, trumper: "alexander".into(), momentum: true },
        ]
    );
    let events = ok(&mut game, Command::DeclineTrump);
    assert_eq!(
        events,
        [Event::OrdersPhaseBegan { leader: "alexander".into(), orders: 7, momentum: true, must_act: false }]
    );
}

#[test]
fn t2_momentum_fails_above_initiative_and_the_leader_is_finished_gba_5_32() {
    let mut game = alexander_at_momentum(&[8]);
    let events = ok(&mut game, Command::TryMomentum);
    assert_eq!(events[1], Event::LeaderFinished { leader: "alexander".into() });
    assert_eq!(offered(&game), ["darius"]);
}

#[test]
fn die_roll_of_doom_2_to_8_finishes_the_leader_gba_5_33() {
    let mut game = alexander_at_momentum(&[9, 5]);
    let events = ok(&mut game, Command::TryMomentum);
    assert!(events.contains(&Event::DoomOutcome { leader: "alexander".into(), outcome: Doom::Finished }));
    assert_eq!(offered(&game), ["darius"]);
}

#[test]
fn die_roll_of_doom_0_or_1_lets_the_opponent_reactivate_any_leader_gba_5_33() {
    let mut game = alexander_at_momentum(&[9, 1]);
    let events = ok(&mut game, Command::TryMomentum);
    assert!(events.contains(&Event::DoomOutcome { leader: "alexander".into(), outcome: Doom::Reactivation }));
    assert_eq!(game.state.phase, Phase::Reactivation { side: 1 });
    // The re-activated leader gets an orders phase but may not roll for momentum (5.34): when
    // his orders end he is Finished, and with every leader done the turn ends.
    ok(&mut game, activate("darius"));
    let events = ok(&mut game, Command::EndOrders);
    assert_eq!(events[1], Event::LeaderFinished { leader: "darius".into() });
    assert!(events.contains(&Event::TurnBegan { turn: 2 }), "{events:?}");
}

#[test]
fn reactivation_may_be_declined_and_play_goes_on_gba_5_33() {
    let mut game = alexander_at_momentum(&[9, 0]);
    ok(&mut game, Command::TryMomentum);
    ok(&mut game, pass("darius"));
    assert_eq!(offered(&game), ["darius"], "Darius still has his own activation");
}

#[test]
fn die_roll_of_doom_9_is_a_crisis_of_faith_gba_5_33() {
    // Rolls: momentum 9, doom 9, then TQ checks for m1 (HC, TQ 7: roll 8 -> 1 hit) and m2
    // (MI, TQ 5: automatic hit for infantry, then roll 2 -> no more).
    let mut game = alexander_at_momentum(&[9, 9, 8, 2]);
    let events = ok(&mut game, Command::TryMomentum);
    assert!(events.contains(&Event::DoomOutcome { leader: "alexander".into(), outcome: Doom::CrisisOfFaith }));
    let hits: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::CohesionHits { unit, hits, cause: HitCause::CrisisOfFaith } => Some((unit.as_str(), *hits)),
            _ => None,
        })
        .collect();
    assert_eq!(hits, [("m1", 1), ("m2", 1)]);
    assert_eq!(game.state.units[0].hits, 1);
    assert_eq!(game.state.units[1].hits, 1);
    // Both fall back from the nearest enemy (p1 at 1005) as far as the map allows (A4, P41).
    for (i, id, from) in [(0usize, "m1", "0205"), (1, "m2", "0207")] {
        assert!(events.iter().any(|e| matches!(e, Event::UnitWithdrew { unit, .. } if unit == id)), "{events:?}");
        let now = game.state.units[i].placement.hexes().next().unwrap();
        assert!(now.distance(h("1005")) > h(from).distance(h("1005")), "{id} at {now}");
    }
}

#[test]
fn in_a_crisis_of_faith_the_leader_also_withdraws_two_hexes_then_is_finished_gba_5_33_p241() {
    let field = Field {
        units: [
            vec![unit("m1", "HC", "", 3, 7, 7, "", "0505", "E")],
            vec![unit("p1", "HC", "", 3, 6, 7, "", "1005", "W")],
        ],
        leaders: [vec![leader("alexander", "overall", 7, 6, "0505")], vec![leader("darius", "overall", 8, 4, "1005")]],
        ..Field::default()
    };
    // Momentum 9, doom 9, then m1's TQ check (8: one hit).
    let (mut game, _) = field.start(&[9, 9, 8]);
    ok(&mut game, activate("alexander"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::TryMomentum);
    let withdrew = events
        .iter()
        .position(|e| matches!(e, Event::LeaderWithdrew { leader, .. } if leader == "alexander"))
        .unwrap_or_else(|| panic!("{events:?}"));
    let Event::LeaderWithdrew { path, .. } = &events[withdrew] else { unreachable!() };
    // Two hexes from 0505, each farther from p1 at 1005 than the hex before.
    assert_eq!(path.len(), 2, "{path:?}");
    let mut at = h("0505");
    for &next in path {
        assert!(at.is_adjacent(next) && next.distance(h("1005")) > at.distance(h("1005")), "{path:?}");
        at = next;
    }
    assert_eq!(game.state.leaders[0].at, at);
    // The units' withdrawals come first, and he is Finished only after his own.
    let last_unit = events.iter().rposition(|e| matches!(e, Event::UnitWithdrew { .. })).unwrap();
    let finished = events.iter().position(|e| *e == Event::LeaderFinished { leader: "alexander".into() }).unwrap();
    assert!(last_unit < withdrew && withdrew < finished, "{events:?}");
}

#[test]
fn at_most_three_orders_phases_in_succession_gba_5_14() {
    let mut game = alexander_at_momentum(&[3, 4]);
    ok(&mut game, Command::TryMomentum);
    ok(&mut game, Command::DeclineTrump);
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::TryMomentum);
    ok(&mut game, Command::DeclineTrump);
    let events = ok(&mut game, Command::EndOrders);
    assert!(events.contains(&Event::LeaderFinished { leader: "alexander".into() }), "no fourth phase: {events:?}");
    let err = game.execute(&Command::TryMomentum).unwrap_err();
    assert_eq!(err.rule(), "5.31", "momentum only at the end of an orders phase: {err}");
}

#[test]
fn declining_momentum_finishes_the_leader_gba_5_15() {
    let mut game = alexander_at_momentum(&[]);
    let events = ok(&mut game, Command::DeclineMomentum);
    assert_eq!(events[0], Event::LeaderFinished { leader: "alexander".into() });
}

#[test]
fn a_leader_gives_at_most_his_initiative_in_orders_gba_5_21_and_each_unit_one_gba_5_23() {
    let field = Field {
        units: [
            vec![
                unit("a", "HC", "", 3, 7, 7, "", "0203", "E"),
                unit("b", "HC", "", 3, 7, 7, "", "0205", "E"),
                unit("c", "HC", "", 3, 7, 7, "", "0207", "E"),
            ],
            vec![unit("p1", "HC", "", 3, 6, 7, "", "1105", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 6, "0205")], vec![leader("foe", "overall", 5, 4, "1105")]],
        ..Field::default()
    };
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("a", &["0303"], Vertex::E));
    let err = game.execute(&mv("a", &["0403"], Vertex::E)).unwrap_err();
    assert_eq!(err, RuleError::AlreadyOrdered { unit: "a".into() });
    ok(&mut game, mv("b", &["0305"], Vertex::E));
    let err = game.execute(&mv("c", &["0307"], Vertex::E)).unwrap_err();
    assert_eq!(err, RuleError::NoOrdersLeft { leader: "hero".into() });
    let err = game.execute(&mv("p1", &["1005"], Vertex::W)).unwrap_err();
    assert!(matches!(err, RuleError::NoOrdersLeft { .. } | RuleError::NotFriendly { .. }));
}

#[test]
fn the_turn_ends_when_every_leader_is_finished_and_units_turn_face_up_gba_3_1() {
    let field = Field {
        units: [
            vec![unit("a", "HC", "", 3, 7, 7, "", "0203", "E")],
            vec![unit("p1", "HC", "", 3, 6, 7, "", "1105", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 6, "0203")], vec![leader("foe", "overall", 5, 4, "1105")]],
        ..Field::default()
    };
    let (mut game, _) = field.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("a", &["0303"], Vertex::E));
    assert!(game.state.units[0].moved);
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::DeclineMomentum);
    let events = ok(&mut game, pass("foe"));
    assert_eq!(
        events[1..],
        [
            Event::TurnEnded { turn: 1 },
            Event::UnitsAndLeadersReadied,
            Event::TurnBegan { turn: 2 },
            Event::ActivationOffered { side: 0, leaders: vec!["hero".into()] },
        ]
    );
    assert!(!game.state.units[0].moved);
}

#[test]
fn the_same_commands_replay_to_the_same_state_and_a_save_round_trips() {
    let field = granicus_leaders();
    let commands =
        [pass("arsites"), pass("omares"), activate("memnon"), mv("p1", &["0905"], Vertex::W), Command::EndOrders];
    let scenario = std::sync::Arc::new(sarissa_rules::load("field.toml", &field.toml()).unwrap());
    let a = sarissa_rules::Game::replay(scenario.clone(), sarissa_rules::Dice::seeded(9), &commands).unwrap();
    let b = sarissa_rules::Game::replay(scenario.clone(), sarissa_rules::Dice::seeded(9), &commands).unwrap();
    assert_eq!(a.state_hash(), b.state_hash());
    let json = serde_json::to_string(&a.state).unwrap();
    let restored = sarissa_rules::Game::resume(scenario, serde_json::from_str(&json).unwrap());
    assert_eq!(restored.state_hash(), a.state_hash());
    assert_eq!(restored.state, a.state);
}

#[test]
fn a_refused_command_changes_nothing() {
    let (mut game, _) = granicus_leaders().start(&[]);
    let before = game.state.clone();
    assert!(game.execute(&activate("alexander")).is_err());
    assert_eq!(game.state, before);
}

/// The game a seeded random player makes on Samarkand: its final state hash is pinned here and,
/// with the same constant, in the wasm test (web/tests/map_in_browser.rs), so native and wasm
/// replay identically.
pub const SAMARKAND_SEED: u64 = 2026;
pub const SAMARKAND_COMMANDS: usize = 120;

#[test]
fn a_seeded_random_game_replays_to_a_pinned_hash() {
    let text = include_str!("../../../scenarios/samarkand.toml");
    let scenario = std::sync::Arc::new(sarissa_rules::load("scenarios/samarkand.toml", text).unwrap());
    let (mut game, _) =
        sarissa_rules::Game::new(scenario.clone(), sarissa_rules::Dice::seeded(SAMARKAND_SEED)).unwrap();
    let commands = sarissa_rules::play::playout::random_game(&mut game, SAMARKAND_SEED, SAMARKAND_COMMANDS);
    assert_eq!(commands.len(), SAMARKAND_COMMANDS);
    assert!(game.state.turn >= 2, "the game got past turn 1");
    let replayed =
        sarissa_rules::Game::replay(scenario, sarissa_rules::Dice::seeded(SAMARKAND_SEED), &commands).unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
    assert_eq!(format!("{:016x}", game.state_hash()), PINNED_SAMARKAND_HASH);
}
const PINNED_SAMARKAND_HASH: &str = "e7781fede0382ab4";
