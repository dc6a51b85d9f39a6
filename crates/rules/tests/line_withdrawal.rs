//! Cavalry line withdrawal (GBA 6.78), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, LineStep, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::movement::withdrawal::{line_plan, line_withdrawals};
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::Game;

/// Blue's foot (MA 5) starts at 0305 facing E and marches east along row 05. Red's light horse
/// (MA 8) wait facing W: `lc1` at 0805 (within two hexes of 0605), `lc2` at 0806 beside it,
/// `lc3` at 0904 a hex further back; red's leader `foe` (command range 4: a line reaches two
/// hexes round him) stands at `foe_at`.
fn field(foe_at: &'static str, range: u8) -> Field {
    Field {
        units: [
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            vec![
                unit("lc1", "LC", "J", 3, 5, 8, "J", "0805", "W"),
                unit("lc2", "LC", "J", 3, 5, 8, "J", "0806", "W"),
                unit("lc3", "LC", "J", 3, 5, 8, "J", "0904", "W"),
            ],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, range, foe_at)]],
        ..Field::default()
    }
}

fn march() -> Command {
    mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E)
}

fn step(unit: &str, path: &[&str], facing: Vertex) -> LineStep {
    LineStep { unit: unit.into(), path: path.iter().map(|s| h(s)).collect(), facing, fire: false, with: None }
}

fn withdraw_line(steps: Vec<LineStep>) -> Command {
    Command::WithdrawLine { leader: "foe".into(), units: steps }
}

fn ids(game: &Game, units: &[usize]) -> Vec<String> {
    units.iter().map(|&u| game.scenario.units[u].id.clone()).collect()
}

fn started(f: Field, dice: &[u8]) -> Game {
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    game
}

fn tq_check(unit: &str, roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::TqCheck { unit: unit.into(), rule: "6.72".into() } }
}

fn withdrew(unit: &str, path: &[&str], facing: Vertex, mp: u8) -> Event {
    let path: Vec<_> = path.iter().map(|s| h(s)).collect();
    let placement = Placement::One(*path.last().unwrap());
    Event::UnitWithdrew { unit: unit.into(), path, placement, facing, mp }
}

#[test]
fn a_whole_cavalry_line_withdraws_together_each_unit_by_the_ow_rules_gba_6_78() {
    let mut game = started(field("1005", 4), &[3, 6, 0]);
    let Phase::Reaction { withdrawers, .. } = &game.state.phase else { panic!("{:?}", game.state.phase) };
    assert_eq!(withdrawers, &vec!["lc1".to_string(), "lc2".to_string()], "lc3 is three hexes off");
    let lines = line_withdrawals(&game.scenario, &game.state);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert_eq!(ids(&game, &lines[0].units), vec!["lc1", "lc2", "lc3"], "lc3 too: the whole line goes");
    let events = ok(
        &mut game,
        withdraw_line(vec![
            step("lc3", &["1004"], Vertex::W),
            step("lc1", &["0905", "1005"], Vertex::W),
            step("lc2", &["0906"], Vertex::NW),
        ]),
    );
    // The light horse take no hit for giving ground (6.72[1]); each rolls its check, one hit on
    // a roll over TQ 5 (6.72[3]); the enemy then goes on.
    let expected = [
        Event::LineWithdrew {
            leader: "foe".into(),
            line: "LC/J".into(),
            units: vec!["lc1".into(), "lc2".into(), "lc3".into()],
            pre_arranged: false,
        },
        withdrew("lc3", &["1004"], Vertex::W, 1),
        tq_check("lc3", 3),
        withdrew("lc1", &["0905", "1005"], Vertex::W, 2),
        tq_check("lc1", 6),
        Event::CohesionHits { unit: "lc1".into(), hits: 1, cause: HitCause::WithdrawalCheck },
        withdrew("lc2", &["0906"], Vertex::NW, 2),
        tq_check("lc2", 0),
    ];
    assert_eq!(events[..expected.len()], expected[..], "{events:#?}");
    assert!(matches!(events[expected.len()], Event::ReactionEnded), "{events:#?}");
    assert!(matches!(events[expected.len() + 1], Event::MoveContinued { .. }), "{events:#?}");
}

#[test]
fn every_unit_of_the_line_must_withdraw_or_none_does_gba_6_78() {
    let mut game = started(field("1005", 4), &[0, 0, 0]);
    let before = game.state.clone();
    let rule = |e: RuleError| (e.rule(), e.to_string());
    // Two of the three: refused, the player may not pick (6.78).
    let partial = withdraw_line(vec![step("lc1", &["0905"], Vertex::W), step("lc2", &["0906"], Vertex::W)]);
    let (r, text) = rule(game.execute(&partial).unwrap_err());
    assert_eq!(r, "6.78", "{text}");
    // One named twice.
    let twice = withdraw_line(vec![
        step("lc1", &["0905"], Vertex::W),
        step("lc1", &["1005"], Vertex::W),
        step("lc3", &["1004"], Vertex::W),
    ]);
    assert_eq!(game.execute(&twice).unwrap_err().rule(), "6.78");
    // The whole line, but the last unit's way leads back toward the enemy: nothing happens.
    let wrong = withdraw_line(vec![
        step("lc3", &["1004"], Vertex::W),
        step("lc1", &["0905"], Vertex::W),
        step("lc2", &["0706"], Vertex::W),
    ]);
    let (r, text) = rule(game.execute(&wrong).unwrap_err());
    assert_eq!(r, "6.78");
    assert!(text.contains("lc2") && text.contains("6.71"), "{text}");
    assert_eq!(game.state, before, "a refused line withdrawal changes nothing");
}

#[test]
fn once_a_unit_of_the_line_withdraws_alone_the_line_may_not_withdraw_as_a_body_this_phase_gba_6_78() {
    let mut game = started(field("1005", 4), &[0, 0, 0, 0, 0, 0]);
    assert_eq!(line_withdrawals(&game.scenario, &game.state).len(), 1);
    let events = ok(
        &mut game,
        Command::Withdraw { unit: "lc1".into(), path: vec![h("0905")], facing: Vertex::W, fire: false, with: None },
    );
    assert!(!events.iter().any(|e| matches!(e, Event::LineWithdrew { .. })));
    assert!(game.state.units[1].withdrew_alone);
    // lc2 may still withdraw alone, the line no longer as a body.
    assert!(line_withdrawals(&game.scenario, &game.state).is_empty());
    let whole = withdraw_line(vec![
        step("lc3", &["1004"], Vertex::W),
        step("lc1", &["1005"], Vertex::W),
        step("lc2", &["0906"], Vertex::W),
    ]);
    assert_eq!(game.execute(&whole).unwrap_err().rule(), "6.78");
    // The next orders phase, the line may again (the record is of this orders phase).
    ok(&mut game, Command::EndReaction);
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    end_orders(&mut game);
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        ok(&mut game, Command::DeclineMomentum);
    }
    ok(&mut game, activate("foe"));
    assert!(game.state.units.iter().all(|u| !u.withdrew_alone), "{:?}", game.state.phase);
}

#[test]
fn a_line_needs_one_unit_within_two_hexes_of_a_leader_gba_6_78() {
    // A command range of 8 gathers the line four hexes round him; none is within two of him.
    let game = started(field("1205", 8), &[]);
    assert!(matches!(game.state.phase, Phase::Reaction { .. }));
    let lc = sarissa_rules::scenario::units::LineType::parse("LC/J").unwrap();
    assert_eq!(sarissa_rules::command::line::mounted_members(&game.scenario, &game.state, 1, &lc), vec![1, 2, 3]);
    assert!(line_withdrawals(&game.scenario, &game.state).is_empty());
    // Two hexes off, he may (with command range 8 the line is the same three units).
    let game = started(field("1006", 8), &[]);
    let lines = line_withdrawals(&game.scenario, &game.state);
    assert_eq!(lines.iter().map(|l| ids(&game, &l.units)).collect::<Vec<_>>(), vec![vec!["lc1", "lc2", "lc3"]]);
}

#[test]
fn a_line_one_of_whose_units_cannot_withdraw_does_not_withdraw_as_a_body_gba_6_78() {
    // A blue unit holds lc3 in its zone of control: lc3 may not withdraw (6.71), so the line
    // may not either; lc1 and lc2 still may, each alone (P54).
    let mut f = field("1005", 4);
    f.units[0].push(unit("pin", "MI", "", 4, 5, 5, "", "1004", "W"));
    let game = started(f, &[]);
    let zoc = sarissa_rules::map::zoc::enemy_zoc(&game.scenario, &game.state, 1);
    assert!(zoc.contains_key(&h("0904")), "pinned");
    let Phase::Reaction { withdrawers, .. } = &game.state.phase else { panic!("{:?}", game.state.phase) };
    assert!(withdrawers.contains(&"lc1".to_string()));
    assert!(line_withdrawals(&game.scenario, &game.state).is_empty());
}

#[test]
fn a_slower_line_or_a_single_unit_is_no_line_withdrawal_gba_6_78() {
    // Heavy cavalry (MA 6) against foot (MA 5): 1 MP each, enough for a line to step back.
    let mut f = field("1005", 4);
    f.units[1] = vec![
        unit("hc1", "HC", "", 4, 6, 6, "", "0805", "W"),
        unit("hc2", "HC", "", 4, 6, 6, "", "0806", "W"),
        unit("lone", "LC", "J", 3, 5, 8, "J", "0904", "W"),
    ];
    let game = started(f, &[]);
    let lines = line_withdrawals(&game.scenario, &game.state);
    assert_eq!(lines.iter().map(|l| ids(&game, &l.units)).collect::<Vec<_>>(), vec![vec!["hc1", "hc2"]]);
    let plan = line_plan(&game.scenario, &game.state, &lines[0], true, false).unwrap();
    assert!(plan.iter().all(|s| s.path.len() == 1), "1 MP: one clear hex each: {plan:?}");
    // Against light horse (MA 8) the heavy horse are slower: no withdrawal at all.
    let mut f = field("1005", 4);
    f.units[0] = vec![unit("blue", "LC", "J", 3, 5, 8, "J", "0305", "E")];
    f.units[1] = vec![unit("hc1", "HC", "", 4, 6, 6, "", "0805", "W"), unit("hc2", "HC", "", 4, 6, 6, "", "0806", "W")];
    let game = started(f, &[]);
    assert!(line_withdrawals(&game.scenario, &game.state).is_empty());
}

#[test]
fn the_ready_made_plans_are_legal_commands_and_carry_out_gba_6_78() {
    for far in [false, true] {
        let mut game = started(field("1005", 4), &[0, 0, 0, 0, 0, 0]);
        let lines = line_withdrawals(&game.scenario, &game.state);
        let units = line_plan(&game.scenario, &game.state, &lines[0], far, false).unwrap();
        let command = Command::WithdrawLine { leader: "foe".into(), units };
        assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&command));
        let text = sarissa_rules::play::notation::format(&command);
        assert_eq!(sarissa_rules::play::notation::parse(&text), Ok(Some(command.clone())), "{text}");
        let events = ok(&mut game, command);
        let moved = events.iter().filter(|e| matches!(e, Event::UnitWithdrew { .. })).count();
        assert_eq!(moved, 3, "{events:?}");
    }
}

#[test]
fn in_chandragupta_the_line_is_the_line_command_s_and_needs_no_leader_nearby_d37_gba_6_78() {
    // CG 6.68: a line per 4.33 and the scenario's chart, so a leader with line command; no two
    // hexes from him (P54).
    let with_lc = |line_command: bool| {
        let mut f = field("1205", 8);
        f.rules = "chandragupta";
        f.leaders[1] = vec![format!(
            "{{ id = \"foe\", name = \"foe\", role = \"overall\", initiative = 6, command_range = 8, charisma = 1, line_command = {line_command}, at = \"1205\" }}"
        )];
        f.leaders[0] = vec!["{ id = \"hero\", name = \"hero\", role = \"overall\", initiative = 2, command_range = 8, charisma = 1, at = \"0205\" }".into()];
        started(f, &[])
    };
    let game = with_lc(true);
    let lines = line_withdrawals(&game.scenario, &game.state);
    assert_eq!(lines.iter().map(|l| ids(&game, &l.units)).collect::<Vec<_>>(), vec![vec!["lc1", "lc2", "lc3"]]);
    let game = with_lc(false);
    assert!(line_withdrawals(&game.scenario, &game.state).is_empty(), "no line command, no line");
}
