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

/// `leader`'s orders end and he is Finished at once: no momentum is offered him.
fn ends_finished_without_momentum(game: &mut Game, leader: &str) {
    let events = end_orders(game);
    assert!(events.contains(&Event::LeaderFinished { leader: leader.into() }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::MomentumOffered { .. })), "no momentum: {events:?}");
}

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
fn after_the_shock_the_leader_may_try_momentum_or_the_next_leader_goes_gba_5_27_5_3() {
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
    ends_finished_without_momentum(&mut game, "foe");
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
    ends_finished_without_momentum(&mut game, "hero");
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

// --- Chandragupta's activation, momentum and trump --------------------------------------------

/// Blue's raja (overall, initiative 2) and senapati (subordinate, 6), each with horse; red's
/// foe (overall, 4) and rival (subordinate, 6), far off; Chandragupta's rules.
fn mauryan_court() -> Field {
    Field {
        rules: "chandragupta",
        macedonian: [false, false],
        units: [
            vec![unit("h1", "HC", "", 3, 6, 7, "", "0205", "E"), unit("h2", "HC", "", 3, 6, 7, "", "0208", "E")],
            vec![unit("r1", "HC", "", 3, 6, 7, "", "1105", "W"), unit("r2", "HC", "", 3, 6, 7, "", "1108", "W")],
        ],
        leaders: [
            vec![leader("raja", "overall", 2, 6, "0205"), leader("senapati", "subordinate", 6, 4, "0208")],
            vec![leader("foe", "overall", 4, 4, "1105"), leader("rival", "subordinate", 6, 4, "1108")],
        ],
        ..Field::default()
    }
}

fn trump(id: &str) -> Command {
    Command::Trump { leader: id.into() }
}

#[test]
fn a_trump_by_the_active_player_succeeds_on_the_trumpers_initiative_or_less_cg_5_41() {
    // Senapati (6) instead of the raja (2): a 6 succeeds, the foe may answer.
    let (mut game, _) = mauryan_court().start(&[6]);
    assert_eq!(offered(&game), ["raja"]);
    let events = ok(&mut game, trump("senapati"));
    assert_eq!(
        events[..3],
        [
            Event::TrumpTried { leader: "senapati".into(), over: "raja".into() },
            Event::DieRolled { roll: 6, purpose: RollPurpose::Trump { leader: "senapati".into() } },
            Event::TrumpSucceeded { leader: "senapati".into() },
        ]
    );
    // A 7 fails: the raja goes as offered and the senapati is Finished.
    let (mut game, _) = mauryan_court().start(&[7]);
    let events = ok(&mut game, trump("senapati"));
    assert!(events.contains(&Event::TrumpFailed { leader: "senapati".into() }), "{events:?}");
    assert!(events.contains(&Event::LeaderFinished { leader: "senapati".into() }), "{events:?}");
    assert!(matches!(&game.state.phase, Phase::Orders { leader, .. } if leader == "raja"), "{:?}", game.state.phase);
}

#[test]
fn the_other_player_may_trump_a_successful_trump_with_an_equal_initiative_cg_5_42() {
    // The senapati's trump (3) stands open to the rival (6 = 6): a 6 takes the phase and the
    // senapati is Finished; a 7 fails and the rival is Finished.
    for (roll, goes, finished) in [(6u8, "rival", "senapati"), (7, "senapati", "rival")] {
        let (mut game, _) = mauryan_court().start(&[3, roll]);
        ok(&mut game, trump("senapati"));
        assert_eq!(game.state.phase, Phase::TrumpResponse { side: 1, trumper: "senapati".into(), momentum: false });
        let events = ok(&mut game, trump("rival"));
        assert!(events.contains(&Event::LeaderFinished { leader: finished.into() }), "{events:?}");
        assert!(matches!(&game.state.phase, Phase::Orders { leader, .. } if leader == goes), "{:?}", game.state.phase);
    }
}

/// The raja ends his orders phase and rolls 9 for momentum, then `doom`.
fn raja_doom(doom: u8) -> (Game, Vec<Event>) {
    // Dice after the doom roll: the crisis of faith's withdrawal checks.
    let (mut game, _) = mauryan_court().start(&[9, doom, 5, 5, 5, 5]);
    ok(&mut game, activate("raja"));
    end_orders(&mut game);
    let events = ok(&mut game, Command::TryMomentum);
    (game, events)
}

#[test]
fn a_nine_on_the_momentum_roll_rolls_again_for_doom_cg_5_33() {
    for (doom, outcome) in [(1u8, Doom::Reactivation), (5, Doom::Finished), (9, Doom::CrisisOfFaith)] {
        let (game, events) = raja_doom(doom);
        assert_eq!(
            events[1],
            Event::DieRolled { roll: doom, purpose: RollPurpose::DieRollOfDoom { leader: "raja".into() } }
        );
        assert!(events.contains(&Event::DoomOutcome { leader: "raja".into(), outcome }), "{events:?}");
        assert_eq!(status(&game, "raja"), LeaderStatus::Finished, "doom {doom}");
        if outcome == Doom::Reactivation {
            assert_eq!(game.state.phase, Phase::Reactivation { side: 1 });
        }
    }
}

#[test]
fn a_leader_gives_as_many_individual_orders_as_his_initiative_cg_5_21() {
    let mut f = mauryan_court();
    f.units[0].push(unit("h3", "HC", "", 3, 6, 7, "", "0203", "E"));
    let (mut game, _) = f.start(&[]);
    let events = ok(&mut game, activate("raja"));
    assert!(
        events.contains(&Event::OrdersPhaseBegan {
            leader: "raja".into(),
            orders: 2,
            momentum: false,
            must_act: false
        }),
        "{events:?}"
    );
    ok(&mut game, mv("h1", &["0305"], Vertex::E));
    ok(&mut game, mv("h2", &["0308"], Vertex::E));
    let err = game.execute(&mv("h3", &["0303"], Vertex::E)).unwrap_err();
    assert_eq!((err.rule(), err), ("5.21", RuleError::NoOrdersLeft { leader: "raja".into() }));
}

#[test]
fn a_leader_who_was_in_an_enemy_zone_this_turn_gets_no_momentum_cg_5_31() {
    // The raja stands with the hoplites in the red MI's zone: after his phase, no momentum.
    let mut f = facing_foes("chandragupta", 2, 5);
    f.leaders[0] = vec![leader("hero", "overall", 2, 6, "0505")];
    let (mut game, _) = f.start(&[]);
    let events = ok(&mut game, activate("hero"));
    assert!(
        events.contains(&Event::LeaderActivated { leader: "hero".into(), no_momentum: false, in_enemy_zoc: true }),
        "{events:?}"
    );
    ends_finished_without_momentum(&mut game, "hero");
    // Out of the zone, the same leader is offered momentum.
    let (mut game, _) = facing_foes("chandragupta", 2, 5).start(&[]);
    ok(&mut game, activate("hero"));
    let events = end_orders(&mut game);
    assert!(events.contains(&Event::MomentumOffered { leader: "hero".into() }), "{events:?}");
}

#[test]
fn the_overall_commander_moves_another_leader_for_one_order_cg_4_41() {
    let (mut game, _) = mauryan_court().start(&[]);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, Command::MoveLeader { leader: "senapati".into(), path: vec![h("0308")] });
    assert!(
        events.iter().any(
            |e| matches!(e, Event::LeaderMoved { leader, orders: 1, by_overall: true, .. } if leader == "senapati")
        ),
        "{events:?}"
    );
    assert_eq!(orders_left(&game), 1);
}

/// Before any leader is activated nothing moves; once one is, only what he may order does.
fn no_move_without_orders(rules: &'static str) {
    let mut f = facing_foes(rules, 2, 5);
    f.units[0].push(unit("far", "HC", "", 3, 7, 7, "", "0110", "E"));
    f.leaders[0] = vec![leader("hero", "overall", 2, 2, "0404")];
    let (mut game, _) = f.start(&[]);
    let err = game.execute(&mv("hop", &[], Vertex::NE)).unwrap_err();
    assert!(matches!(err, RuleError::NotNow { .. }), "{err}");
    ok(&mut game, activate("hero"));
    let err = game.execute(&mv("far", &["0210"], Vertex::E)).unwrap_err();
    assert_eq!(err, RuleError::OutOfCommandRange { unit: "far".into(), leader: "hero".into() });
    // The foe's unit is not his to order either.
    assert_eq!(game.execute(&mv("mi", &[], Vertex::W)).unwrap_err(), RuleError::NotFriendly { unit: "mi".into() });
}

#[test]
fn no_unit_moves_or_fires_without_a_leaders_order_gba_4_0_5_0() {
    no_move_without_orders("alexander");
}

#[test]
fn no_unit_moves_or_fires_without_a_leaders_order_cg_4_0_5_0() {
    no_move_without_orders("chandragupta");
}

// --- Units and the game's scale (GBA 2.22, 2.5, 2.6; CG 2.21) -------------------------------

/// The loader's answer to `f`'s battle file: its error in words, or "" if it loads.
fn load_error(f: &Field) -> String {
    sarissa_rules::load("field.toml", &f.toml()).err().map(|e| e.to_string()).unwrap_or_default()
}

fn one_blue(rules: &'static str, line: String) -> Field {
    Field { rules, ..two_armies(vec![line], vec![unit("far", "HC", "", 3, 6, 7, "", "1210", "W")]) }
}

#[test]
fn a_class_belongs_to_its_type_and_a_battle_file_that_mixes_them_is_refused_gba_2_22() {
    assert_eq!(load_error(&one_blue("alexander", unit("hop", "HI", "HO", 5, 6, 4, "", "0505-0506", "E"))), "");
    let refused = load_error(&one_blue("alexander", unit("mi", "MI", "HO", 4, 5, 5, "", "0505", "E")));
    assert!(refused.contains("class `HO` is not a class of MI"), "{refused}");
}

#[test]
fn foot_skirmishers_are_always_size_1_gba_2_5() {
    assert_eq!(load_error(&one_blue("alexander", unit("sk", "SK", "J", 1, 5, 6, "J", "0505", "E"))), "");
    let refused = load_error(&one_blue("alexander", unit("sk", "SK", "J", 2, 5, 6, "J", "0505", "E")));
    assert!(refused.contains("foot skirmishers always have size 1 (GBA 2.5), not 2"), "{refused}");
}

#[test]
fn counters_are_one_hex_but_phalanxes_and_hoplites_and_missile_units_carry_a_letter_cg_2_21() {
    let cg = |line: String| load_error(&one_blue("chandragupta", line));
    assert_eq!(cg(unit("ph", "PH", "", 10, 6, 4, "", "0505-0506", "E")), "");
    assert_eq!(cg(unit("bows", "LI", "A", 3, 5, 5, "A*", "0505", "E")), "", "the Indian long bow");
    let refused = cg(unit("mi", "MI", "", 4, 5, 5, "", "0505-0506", "E"));
    assert!(!refused.is_empty(), "a two-hex medium infantry");
    let refused = cg(unit("el", "EL", "", 4, 6, 5, "", "0505", "E"));
    assert!(refused.contains("needs a `missile` letter"), "{refused}");
}

#[test]
fn the_battle_has_no_last_turn_it_goes_on_until_an_army_withdraws_gba_2_6() {
    let (mut game, _) = facing_foes("alexander", 2, 5).start(&[]);
    for turn in 2..=15u16 {
        ok(&mut game, pass("hero"));
        let events = ok(&mut game, pass("foe"));
        assert!(events.contains(&Event::TurnBegan { turn }), "{events:?}");
        assert!(!events.iter().any(|e| matches!(e, Event::BattleEnded { .. })), "{events:?}");
        no_pw(&mut game);
    }
    assert_eq!(game.state.turn, 15);
}

// --- A line command to part of a line (GBA 4.32) ---------------------------------------------

/// Blue's king (line command, initiative 2) at 0207 commands the horse line hc1 (0307) and hc2
/// (0308), or only the units `named`.
fn horse_line(named: &[&str]) -> (Game, Vec<Event>) {
    let king = "{ id = \"king\", name = \"king\", role = \"overall\", initiative = 2, command_range = 6, charisma = 1, personal_combat = 3, line_command = true, strategy = 3, at = \"0207\" }";
    let mut f = two_armies(
        vec![unit("hc1", "HC", "", 3, 7, 7, "", "0307", "E"), unit("hc2", "HC", "", 3, 7, 7, "", "0308", "E")],
        vec![unit("far", "HC", "", 3, 6, 7, "", "1210", "W")],
    );
    f.leaders[0] = vec![king.to_string()];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("king"));
    let line = Command::LineCommand {
        line: sarissa_rules::scenario::units::LineType::parse("HC").unwrap(),
        anchor: "hc1".into(),
        formation: sarissa_rules::command::line::Formation::Abreast,
        units: named.iter().map(|u| u.to_string()).collect(),
    };
    let events = ok(&mut game, line);
    (game, events)
}

fn declared(events: &[Event]) -> Vec<String> {
    let line = events.iter().find(|e| matches!(e, Event::LineDeclared { .. }));
    let Some(Event::LineDeclared { units, .. }) = line else { panic!("a line: {events:?}") };
    units.clone()
}

#[test]
fn a_line_command_may_take_only_some_of_the_eligible_units_gba_4_32() {
    let (_, events) = horse_line(&[]);
    assert_eq!(declared(&events), ["hc1", "hc2"]);
    let (mut game, events) = horse_line(&["hc1"]);
    assert_eq!(declared(&events), ["hc1"]);
    ok(&mut game, mv("hc1", &["0407"], Vertex::E));
    assert!(game.execute(&mv("hc2", &["0408"], Vertex::E)).is_err(), "left out of the line");
}

// --- The turn's end and the kinds of commander (CG 3.0, 4.4) ----------------------------------

#[test]
fn the_turn_ends_with_rout_movement_then_units_and_leaders_readied_cg_3_0() {
    let mut f = facing_foes("chandragupta", 2, 5);
    f.units[0].push(with(unit("gone", "LI", "J", 3, 5, 5, "J", "0809", "W"), "routed = true"));
    let (mut game, _) = f.start(&[]);
    ok(&mut game, pass("hero"));
    let mut events = ok(&mut game, pass("foe"));
    events.extend(rout_first(&mut game));
    let at = |p: &dyn Fn(&Event) -> bool| events.iter().position(p).unwrap_or_else(|| panic!("{events:?}"));
    let routed = at(&|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "gone"));
    let readied = at(&|e| matches!(e, Event::UnitsAndLeadersReadied));
    let next = at(&|e| matches!(e, Event::TurnBegan { turn: 2 }));
    assert!(routed < readied && readied < next, "{events:?}");
}

#[test]
fn chandragupta_has_five_kinds_of_commander_and_alexander_no_nayakas_cg_4_4() {
    let nayaka = "{ id = \"n1\", name = \"n1\", role = \"nayaka\", wing = \"sena\", initiative = 2, command_range = 2, charisma = 1, line_types = [\"HC\"], at = \"0305\" }";
    let wing = "{ id = \"sena\", name = \"sena\", role = \"wing\", initiative = 4, command_range = 5, charisma = 1, line_command = true, strategy = 3, at = \"0405\" }";
    let chief = "{ id = \"gc\", name = \"gc\", role = \"guild-chief\", guild = \"kamboja\", initiative = 1, command_range = 3, charisma = 1, at = \"0307\" }";
    let sreni = "{ id = \"s1\", name = \"s1\", type = \"MI\", size = 4, tq = 6, ma = 5, grade = \"sreni\", guild = \"kamboja\", at = \"0307\", facing = \"E\" }";
    let court = |rules: &'static str| {
        let mut f = one_blue(rules, unit("hc", "HC", "", 3, 6, 7, "", "0305", "E"));
        f.units[0].push(sreni.to_string());
        f.leaders[0] = vec![
            leader("raja", "overall", 5, 6, "0205"),
            leader("sub", "subordinate", 3, 4, "0209"),
            wing.to_string(),
            nayaka.to_string(),
            chief.to_string(),
        ];
        f
    };
    assert_eq!(load_error(&court("chandragupta")), "");
    assert!(!load_error(&court("alexander")).is_empty(), "Nayakas, grades and guild chiefs are Chandragupta's");
}
