//! Pre-arranged withdrawal (GBA 6.8), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{
    Command, Event, HitCause, LeaderStatus, LineStep, Phase, PwDeclaration, PwOrder, RollPurpose,
};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::Game;

/// Red's phalanx line faces W in column 08: `ph1` at 0803-0804, `ph2` at 0805-0806, its overall
/// commander `foe` behind at 0905. Blue's `blue` starts at 0305 facing E and marches along row
/// 05: from 0605 on it is within two hexes of ph2.
fn field(blue: String) -> Field {
    Field {
        units: [
            vec![blue],
            vec![
                unit("ph1", "PH", "MA", 10, 7, 4, "", "0803-0804", "W"),
                unit("ph2", "PH", "MA", 10, 7, 4, "", "0805-0806", "W"),
            ],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "0905")]],
        ..Field::default()
    }
}

fn foot() -> String {
    unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")
}

fn declare(units: &[&str]) -> Command {
    let lines = if units.is_empty() {
        Vec::new()
    } else {
        vec![PwDeclaration { leader: "foe".into(), units: units.iter().map(|u| u.to_string()).collect() }]
    };
    Command::DeclarePreArranged { lines }
}

fn march() -> Command {
    mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E)
}

/// Red declares `units` under foe; blue's hero is activated and marches.
fn marched(blue: String, units: &[&str], dice: &[u8]) -> Game {
    let (mut game, _) = field(blue).start_declaring(dice);
    ok(&mut game, declare(units));
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    game
}

fn pre_arranged(game: &Game) -> Vec<String> {
    match &game.state.phase {
        Phase::Reaction { pre_arranged, .. } => pre_arranged.clone(),
        _ => Vec::new(),
    }
}

fn step(unit: &str, pair: [&str; 2]) -> LineStep {
    LineStep { unit: unit.into(), path: vec![h(pair[0]), h(pair[1])], facing: Vertex::W, fire: false, with: None }
}

#[test]
fn markers_are_placed_before_any_unit_moves_gba_6_82() {
    let (mut game, events) = field(foot()).start_declaring(&[]);
    assert!(
        events.contains(&Event::PreArrangedOffered { side: 1, leaders: vec!["foe".into()] }),
        "only red has a phalanx line and a leader for it: {events:?}"
    );
    assert_eq!(game.decider(), Some(1));
    assert!(game.execute(&activate("hero")).unwrap_err().to_string().contains("6.82"));
    // Not a line: a blue unit in it, or units apart from his line.
    let wrong = declare(&["ph1", "blue"]);
    assert_eq!(game.execute(&wrong).unwrap_err().rule(), "6.82");
    let events = ok(&mut game, declare(&["ph1", "ph2"]));
    let order =
        PwOrder { leader: "foe".into(), units: vec!["ph1".into(), "ph2".into()], revealed: false, activated: false };
    assert_eq!(events[0], Event::PreArrangedDeclared { side: 1, orders: vec![order.clone()] });
    assert_eq!(game.state.pre_arranged, vec![order]);
    assert!(matches!(game.state.phase, Phase::Activation { .. }), "{:?}", game.state.phase);
}

#[test]
fn only_phalanxes_and_heavy_infantry_of_tq_6_may_and_only_in_gba_gba_6_81_d23() {
    let offered = |f: Field| {
        let (_, events) = f.start_declaring(&[]);
        events.iter().any(|e| matches!(e, Event::PreArrangedOffered { .. }))
    };
    assert!(offered(field(foot())));
    let mut hoplites = field(foot());
    hoplites.units[1] = vec![unit("ho", "HI", "HO", 8, 6, 4, "", "0805-0806", "W")];
    assert!(offered(hoplites), "hoplites of TQ 6");
    let mut poor = field(foot());
    poor.units[1] = vec![unit("ho", "HI", "HO", 8, 5, 4, "", "0805-0806", "W")];
    assert!(!offered(poor), "hoplites of TQ 5 may not");
    let mut cg = field(foot());
    cg.rules = "chandragupta";
    cg.leaders = [
        vec!["{ id = \"hero\", name = \"hero\", role = \"overall\", initiative = 2, command_range = 8, charisma = 1, at = \"0205\" }".into()],
        vec!["{ id = \"foe\", name = \"foe\", role = \"overall\", initiative = 6, command_range = 4, charisma = 1, at = \"0905\" }".into()],
    ];
    assert!(!offered(cg), "no PW in Chandragupta (D23)");
}

#[test]
fn the_line_withdraws_one_hex_together_from_infantry_and_its_leader_is_finished_gba_6_83_6_84_6_8() {
    // ph1 goes first (farther from the enemy), then ph2; each: a hit for giving ground as
    // infantry (6.72[1]) and a TQ check, failed by ph2 on a 9 (6.72[3]).
    let mut game = marched(foot(), &["ph1", "ph2"], &[3, 9]);
    assert_eq!(pre_arranged(&game), vec!["foe".to_string()]);
    let plan = sarissa_rules::movement::pre_arranged::plan(&game.scenario, &game.state, 1).expect("a way back");
    let expected_plan = vec![step("ph1", ["0903", "0904"]), step("ph2", ["0905", "0906"])];
    assert_eq!(plan, expected_plan);
    let command = Command::PreArrangedWithdrawal { leader: "foe".into(), units: plan };
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&command));
    let events = ok(&mut game, command);
    let tq = |unit: &str, roll: u8| Event::DieRolled {
        roll,
        purpose: RollPurpose::TqCheck { unit: unit.into(), rule: "6.72".into() },
    };
    let gave = |unit: &str| Event::CohesionHits { unit: unit.into(), hits: 1, cause: HitCause::Withdrawal };
    let moved = |unit: &str, a: &str, b: &str| Event::UnitWithdrew {
        unit: unit.into(),
        path: vec![h(a), h(b)],
        placement: Placement::Two(h(a), h(b)),
        facing: Vertex::W,
        mp: 0,
    };
    let expected = [
        Event::PreArrangedRevealed { leader: "foe".into(), units: vec!["ph1".into(), "ph2".into()], activated: false },
        Event::LineWithdrew {
            leader: "foe".into(),
            line: "PH/MA".into(),
            units: vec!["ph1".into(), "ph2".into()],
            pre_arranged: true,
        },
        moved("ph1", "0903", "0904"),
        gave("ph1"),
        tq("ph1", 3),
        moved("ph2", "0905", "0906"),
        gave("ph2"),
        tq("ph2", 9),
        Event::CohesionHits { unit: "ph2".into(), hits: 1, cause: HitCause::WithdrawalCheck },
        Event::LeaderFinished { leader: "foe".into() },
    ];
    assert_eq!(events[..expected.len()], expected[..], "{events:#?}");
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Finished);
    assert!(game.state.pre_arranged[0].revealed);
}

#[test]
fn pw_never_works_against_cavalry_gba_6_83() {
    let game = marched(unit("blue", "LC", "J", 3, 5, 8, "J", "0305", "E"), &["ph1", "ph2"], &[]);
    assert!(pre_arranged(&game).is_empty(), "{:?}", game.state.phase);
}

#[test]
fn the_no_pw_bluff_gives_nothing_and_is_turned_up_on_activation_gba_6_82_6_83() {
    let mut game = marched(foot(), &[], &[]);
    assert!(pre_arranged(&game).is_empty(), "{:?}", game.state.phase);
    assert_eq!(game.state.pre_arranged[0].units, Vec::<String>::new());
    assert!(!game.state.pre_arranged[0].revealed, "the bluff stays face down");
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        assert!(pre_arranged(&game).is_empty());
        ok(&mut game, Command::EndReaction);
    }
    end_orders(&mut game);
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        ok(&mut game, Command::DeclineMomentum);
    }
    let events = ok(&mut game, activate("foe"));
    assert!(events.contains(&Event::PreArrangedRevealed { leader: "foe".into(), units: vec![], activated: true }));
    assert_eq!(sarissa_rules::play::legal::orderable_units(&game), vec![1, 2], "no PW order: the line moves freely");
}

#[test]
fn activated_with_a_pw_order_his_line_may_not_move_gba_6_83() {
    let (mut game, _) = field(foot()).start_declaring(&[]);
    ok(&mut game, declare(&["ph1", "ph2"]));
    ok(&mut game, pass("hero"));
    let events = ok(&mut game, activate("foe"));
    assert!(events.contains(&Event::PreArrangedRevealed {
        leader: "foe".into(),
        units: vec!["ph1".into(), "ph2".into()],
        activated: true
    }));
    let moving =
        Command::MoveTo { unit: "ph1".into(), to: Placement::Two(h("0703"), h("0704")), facing: Vertex::W, with: None };
    assert_eq!(game.execute(&moving).unwrap_err().rule(), "6.83");
    assert!(sarissa_rules::play::legal::orderable_units(&game).is_empty(), "neither phalanx takes a move order");
}

#[test]
fn the_line_may_withdraw_again_while_the_order_holds_gba_6_83() {
    let mut game = marched(foot(), &["ph1", "ph2"], &[0, 0, 0, 0]);
    let plan = sarissa_rules::movement::pre_arranged::plan(&game.scenario, &game.state, 1).unwrap();
    ok(&mut game, Command::PreArrangedWithdrawal { leader: "foe".into(), units: plan });
    // The march goes on to 0705, within two hexes of ph2 again: the line may step back again.
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")));
    assert_eq!(pre_arranged(&game), vec!["foe".to_string()], "{:?}", game.state.phase);
    let wrong = Command::PreArrangedWithdrawal { leader: "foe".into(), units: vec![step("ph2", ["1005", "1006"])] };
    assert_eq!(game.execute(&wrong).unwrap_err().rule(), "6.83", "the whole line, each once");
    let plan = sarissa_rules::movement::pre_arranged::plan(&game.scenario, &game.state, 1).unwrap();
    let events = ok(&mut game, Command::PreArrangedWithdrawal { leader: "foe".into(), units: plan });
    assert!(!events.iter().any(|e| matches!(e, Event::PreArrangedRevealed { .. } | Event::LeaderFinished { .. })));
}

#[test]
fn one_hex_heavy_infantry_step_back_one_hex_and_may_turn_gba_6_83_p65() {
    // Two one-hex HI of TQ 6 abreast at 0805 and 0806 facing W.
    let mut f = field(foot());
    f.units[1] = vec![unit("hi1", "HI", "", 5, 6, 4, "", "0805", "W"), unit("hi2", "HI", "", 5, 6, 4, "", "0806", "W")];
    let (mut game, _) = f.start_declaring(&[0, 0]);
    ok(&mut game, declare(&["hi1", "hi2"]));
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    assert_eq!(pre_arranged(&game), vec!["foe".to_string()]);
    let plan = sarissa_rules::movement::pre_arranged::plan(&game.scenario, &game.state, 1).unwrap();
    assert!(plan.iter().all(|s| s.path.len() == 1 && s.facing == Vertex::W), "{plan:?}");
    // Two hexes back is too far; one hex back turning to face NW is allowed.
    let mut far = plan.clone();
    let beyond = far[0].path[0].neighbour(sarissa_rules::map::hex::Hexside::from_index(0)).unwrap();
    far[0].path.push(beyond);
    let refused = game.execute(&Command::PreArrangedWithdrawal { leader: "foe".into(), units: far }).unwrap_err();
    assert_eq!(refused.rule(), "6.83", "{refused}");
    let mut turned = plan;
    turned[1].facing = Vertex::NW;
    let events = ok(&mut game, Command::PreArrangedWithdrawal { leader: "foe".into(), units: turned });
    assert_eq!(events.iter().filter(|e| matches!(e, Event::UnitWithdrew { .. })).count(), 2, "{events:?}");
}

#[test]
fn a_line_with_a_unit_in_an_enemy_zoc_may_not_pw_gba_6_83_p65() {
    // A blue unit holds ph1 in its zone of control: the line may not step back.
    let mut f = field(foot());
    f.units[0].push(unit("pin", "MI", "", 4, 5, 5, "", "0703", "E"));
    let (mut game, _) = f.start_declaring(&[]);
    let zoc = sarissa_rules::map::zoc::enemy_zoc(&game.scenario, &game.state, 1);
    assert!(game.state.units[2].placement.hexes().any(|x| zoc.contains_key(&x)), "pinned");
    ok(&mut game, declare(&["ph1", "ph2"]));
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    assert!(pre_arranged(&game).is_empty(), "{:?}", game.state.phase);
}
