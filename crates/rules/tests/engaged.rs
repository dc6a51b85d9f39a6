//! The optional Engaged rule (GBA 10.3; 9.18 step 3): units still face to face after a shock
//! combat are locked together, with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::{HexId, Vertex};

/// Blue's hypaspists (one-hex HI, MA 5) march east from 0305 onto red's MI at 0605; red's
/// leader stands behind his line, in range of it.
fn field(optional: bool, blue_extra: Vec<String>, red_extra: Vec<String>) -> Field {
    let mut blue = vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")];
    blue.extend(blue_extra);
    let mut red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")];
    red.extend(red_extra);
    Field {
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "0805")]],
        optional: if optional { vec!["engaged"] } else { vec![] },
        ..Field::default()
    }
}

fn let_pass(game: &mut sarissa_rules::Game) {
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(game, Command::EndReaction);
    }
}

fn shock_now(game: &mut sarissa_rules::Game) -> Vec<Event> {
    ok(game, Command::Shock { attackers: vec![] })
}

/// Blue attacks; `dice` decide the pre-shock checks and the combat.
fn attack(optional: bool, dice: &[u8]) -> (sarissa_rules::Game, Vec<Event>) {
    let (mut game, _) = field(optional, vec![], vec![]).start(dice);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    let_pass(&mut game);
    ok(&mut game, Command::EndOrders);
    let events = shock_now(&mut game);
    (game, events)
}

const HOLD: [u8; 8] = [0, 0, 0, 0, 0, 0, 0, 0];

#[test]
fn units_that_fought_and_both_held_become_engaged_gba_9_18_step_3_10_31() {
    let (game, events) = attack(true, &HOLD);
    assert!(events.contains(&Event::EngagedChanged {
        units: vec!["hyp".into(), "red".into()],
        engaged: true,
        rule: "9.18, 10.31".into()
    }));
    assert!(game.state.units.iter().all(|u| u.engaged && !u.routed));
    // Without the optional rule nothing is locked.
    let (game, events) = attack(false, &HOLD);
    assert!(!events.iter().any(|e| matches!(e, Event::EngagedChanged { .. })));
    assert!(game.state.units.iter().all(|u| !u.engaged));
}

#[test]
fn an_engaged_unit_may_not_move_and_must_attack_again_without_a_check_gba_10_31() {
    let (mut game, _) = attack(true, &HOLD);
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("foe"));
    let err = game.execute(&mv("red", &["0705"], Vertex::W)).unwrap_err();
    assert_eq!(err.rule(), "10.31");
    assert!(sarissa_rules::play::legal::orderable_units(&game).is_empty());
    let events = end_orders(&mut game);
    assert!(
        events.contains(&Event::ShockSegmentBegan { leader: "foe".into(), must: vec!["red".into()], optional: vec![] }),
        "{events:?}"
    );
    let candidates = sarissa_rules::combat::shock_segment::candidates(&game.scenario, &game.state);
    assert!(candidates.iter().all(|c| c.must && !c.check), "{candidates:?}");
}

#[test]
fn no_one_fires_at_an_engaged_unit_gba_10_31() {
    let bows = || vec![unit("bows", "LI", "A", 2, 5, 5, "A", "0804", "W")];
    let (mut game, _) = {
        let (mut g, _) = field(true, vec![], bows()).start(&HOLD);
        ok(&mut g, activate("hero"));
        ok(&mut g, mv("hyp", &["0405", "0505"], Vertex::E));
        let_pass(&mut g);
        ok(&mut g, Command::EndOrders);
        shock_now(&mut g);
        (g, ())
    };
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("foe"));
    let bows_at = game.scenario.units.iter().position(|u| u.id == "bows").unwrap();
    assert!(sarissa_rules::combat::fire::targets(&game.scenario, &game.state, bows_at).is_empty());
    let err = game.execute(&Command::Fire { unit: "bows".into(), target: "hyp".into() }).unwrap_err();
    assert_eq!(err.rule(), "10.31");
    // Had the hypaspists not been locked, the archers could have shot at them.
    let hyp = game.scenario.units.iter().position(|u| u.id == "hyp").unwrap();
    game.state.units[hyp].engaged = false;
    assert!(!sarissa_rules::combat::fire::targets(&game.scenario, &game.state, bows_at).is_empty());
}

#[test]
fn a_unit_that_cannot_shock_steps_back_when_its_leader_could_call_on_it_gba_10_32_10_33() {
    // Red's MI attacks blue's foot archers (LI A never shock, 7.3); both hold.
    let (mut game, _) = Field {
        units: [
            vec![unit("archers", "LI", "A", 4, 9, 5, "A", "0505", "E")],
            vec![unit("red", "MI", "", 2, 5, 5, "", "0805", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 6, 8, "0305")], vec![leader("foe", "overall", 2, 4, "0905")]],
        optional: vec!["engaged"],
        ..Field::default()
    }
    .start(&HOLD);
    ok(&mut game, activate("foe"));
    ok(&mut game, mv("red", &["0705", "0605"], Vertex::W));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["red".into()] });
    assert!(events.iter().any(|e| matches!(e, Event::EngagedChanged { engaged: true, .. })), "{events:?}");
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("hero"));
    let mut events = end_orders(&mut game);
    // Two hexes back from the MI, the equally far ones are its owner's choice: the first by
    // hex id (P90, P120).
    let to = HexId::parse("0404").unwrap();
    events.extend(ok(&mut game, Command::BreakOff { unit: "archers".into(), to }));
    let broke = events.iter().position(|e| matches!(e, Event::BrokeOff { unit, .. } if unit == "archers"));
    assert!(broke.is_some(), "{events:?}");
    assert!(
        events.contains(&Event::BrokeOff { unit: "archers".into(), from: HexId::parse("0505").unwrap(), to }),
        "{events:?}"
    );
    assert!(events.contains(&Event::EngagedChanged {
        units: vec!["red".into()],
        engaged: false,
        rule: "10.33".into()
    }));
    assert!(game.state.units.iter().all(|u| !u.engaged));
}

#[test]
fn cavalry_locked_with_slower_foot_may_break_off_a_hex_instead_of_attacking_gba_10_32() {
    // Blue's light horse attacks red's MI and both hold; blue's leader gains momentum (die 1)
    // and calls on the horse again.
    let (mut game, _) = Field {
        units: [
            vec![unit("lc", "LC", "", 4, 9, 8, "", "0305", "E")],
            vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "0805")]],
        optional: vec!["engaged"],
        ..Field::default()
    }
    .start(&[0, 0, 0, 1]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("lc", &["0405", "0505"], Vertex::E));
    let_pass(&mut game);
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["lc".into()] });
    assert!(events.iter().any(|e| matches!(e, Event::EngagedChanged { engaged: true, .. })), "{events:?}");
    ok(&mut game, Command::TryMomentum);
    // Red's higher leader lets the momentum stand (5.42).
    ok(&mut game, Command::DeclineTrump);
    let events = end_orders(&mut game);
    assert!(
        events.contains(&Event::ShockSegmentBegan { leader: "hero".into(), must: vec!["lc".into()], optional: vec![] }),
        "{events:?}"
    );
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    let back: Vec<&Command> = legal.iter().filter(|c| matches!(c, Command::BreakOff { .. })).collect();
    assert!(!back.is_empty(), "{legal:?}");
    // Not into a hex beside the MI it is locked with.
    let beside = Command::BreakOff { unit: "lc".into(), to: HexId::parse("0604").unwrap() };
    assert_eq!(game.execute(&beside).unwrap_err().rule(), "10.32");
    let to = HexId::parse("0404").unwrap();
    let events = ok(&mut game, Command::BreakOff { unit: "lc".into(), to });
    assert_eq!(
        events,
        [
            Event::BrokeOff { unit: "lc".into(), from: HexId::parse("0505").unwrap(), to },
            Event::EngagedChanged { units: vec!["red".into()], engaged: false, rule: "10.33".into() },
        ]
    );
    // It no longer has to attack; the segment goes on with no one called.
    assert!(matches!(&game.state.phase, Phase::Shock { must, .. } if must.is_empty()));
}

/// Random games at the Granicus with the rule on: every command the random player picks is
/// accepted (breaking off included), units become Engaged and are freed, and each game replays
/// to the same state (10.3).
#[test]
fn random_granicus_games_with_engaged_on_run_clean_gba_10_3() {
    let text = include_str!("../../../scenarios/granicus.toml");
    let text = text.replacen("engaged = false", "engaged = true", 1);
    let scenario = std::sync::Arc::new(sarissa_rules::load("granicus.toml", &text).unwrap_or_else(|e| panic!("{e}")));
    assert!(scenario.meta.optional_rules.engaged);
    let (mut locked, mut freed, mut broke) = (0, 0, 0);
    for seed in 0..6u64 {
        let dice = || sarissa_rules::Dice::seeded(seed);
        let (mut game, _) = sarissa_rules::Game::new(scenario.clone(), dice()).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
        let mut played = Vec::new();
        for _ in 0..500 {
            let Some(c) = player.choose(&game) else { break };
            let events = game.execute(&c).unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"));
            for e in &events {
                match e {
                    Event::EngagedChanged { engaged: true, .. } => locked += 1,
                    Event::EngagedChanged { engaged: false, .. } => freed += 1,
                    Event::BrokeOff { .. } => broke += 1,
                    _ => {}
                }
            }
            played.push(c);
        }
        let replayed = sarissa_rules::Game::replay(scenario.clone(), dice(), &played).unwrap();
        assert_eq!(replayed.state_hash(), game.state_hash(), "seed {seed}");
    }
    assert!(locked > 0 && freed > 0, "locked {locked}, freed {freed}, broke off {broke}");
    println!("locked {locked}, freed {freed}, broke off {broke}");
}
