//! A Macedonian contingent commander going along with a unit another leader moves, or that
//! withdraws (GBA 5.68, optional 5.6; ruling P152), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, LeaderStatus, Phase, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::Game;

/// A leader of blue with a contingent, "C" for initiative (5.61), charisma 2.
fn mcc(id: &str, units: &[&str], at: &str) -> String {
    let units = units.iter().map(|u| format!("\"{u}\"")).collect::<Vec<_>>().join(", ");
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"subordinate\", contingent = true, command_range = 4, charisma = 2, personal_combat = 3, contingent_units = [{units}], at = \"{at}\" }}")
}

fn hc(id: &str, at: &str) -> String {
    unit(id, "HC", "", 3, 7, 7, "", at, "E")
}

/// Blue: `alex` (overall, initiative 6, CR 6) at 0205 with `free`, an HC of no contingent;
/// `phil`, a contingent commander, stacked with his `hc1` at 0405 (hc2 at 0506). Red: `red`
/// and its leader far off, or as `red` says.
fn field(optional: &[&'static str], red: Vec<String>) -> Field {
    Field {
        units: [vec![hc("hc1", "0405"), hc("hc2", "0506"), hc("free", "0205")], red],
        leaders: [vec![alex(), mcc("phil", &["hc1", "hc2"], "0405")], vec![leader("foe", "overall", 8, 4, "1210")]],
        optional: optional.to_vec(),
        ..Field::default()
    }
}

/// The overall commander, with line command of HC (4.1, 4.37).
fn alex() -> String {
    leader("alex", "overall", 6, 6, "0205").replace(" at =", " line_command = true, line_types = [\"HC\"], at =")
}

fn far() -> Vec<String> {
    vec![unit("red", "HC", "", 3, 7, 7, "", "1209", "W")]
}

fn ride(unit: &str, path: &[&str], facing: Vertex, with: &str) -> Command {
    mv(unit, path, facing).with_rider(with)
}

fn at(game: &Game, leader: &str) -> String {
    let i = game.scenario.leaders.iter().position(|l| l.id == leader).unwrap();
    game.state.leaders[i].at.to_string()
}

fn rode(leader: &str, unit: &str, to: &str) -> Event {
    Event::LeaderRodeAlong { leader: leader.into(), unit: unit.into(), to: h(to) }
}

fn moved(unit: &str, path: &[&str], mp: u8) -> Event {
    let path: Vec<_> = path.iter().map(|s| h(s)).collect();
    let placement = Placement::One(*path.last().unwrap());
    Event::UnitMoved { unit: unit.into(), path, placement, facing: Vertex::E, mp }
}

/// 5.68: under the overall commander's individual order, the contingent commander stacked with
/// the unit goes with it: his own event after the unit's, no MP of his, no order of his, and he
/// is not activated by it; the order costs the commander one order, as any.
#[test]
fn an_mcc_goes_along_with_a_unit_another_leader_orders_gba_5_68() {
    let (mut game, _) = field(&["contingent_commanders"], far()).start(&[]);
    ok(&mut game, activate("alex"));
    let events = ok(&mut game, ride("hc1", &["0505", "0605"], Vertex::E, "phil"));
    assert_eq!(events, vec![moved("hc1", &["0505", "0605"], 2), rode("phil", "hc1", "0605")]);
    assert_eq!(at(&game, "phil"), "0605");
    assert_eq!(orders_left(&game), 5, "one order, the commander's");
    let phil = &game.state.leaders[1];
    assert_eq!((phil.mp_used, phil.status), (0, LeaderStatus::Inactive), "none of his MP; not his activation");
    // Without `with` he stays where he was.
    let (mut game, _) = field(&["contingent_commanders"], far()).start(&[]);
    ok(&mut game, activate("alex"));
    let events = ok(&mut game, mv("hc1", &["0505", "0605"], Vertex::E));
    assert_eq!(events, vec![moved("hc1", &["0505", "0605"], 2)]);
    assert_eq!(at(&game, "phil"), "0405");
}

/// 5.68 under another leader's line command (4.31): the unit's move is the line's, and he may go
/// with it; under his own line command he moves himself (4.36, P112), so `with` is refused.
#[test]
fn along_under_another_leaders_line_but_not_under_his_own_gba_5_68_4_36() {
    let (mut game, _) = field(&["contingent_commanders"], far()).start(&[]);
    ok(&mut game, activate("alex"));
    let line = Command::LineCommand {
        line: sarissa_rules::scenario::units::LineType::of(sarissa_rules::scenario::units::UnitType::HC, None),
        anchor: "hc1".into(),
        formation: sarissa_rules::command::line::Formation::Abreast,
        units: Vec::new(),
    };
    let declared = ok(&mut game, line);
    assert!(matches!(&declared[..], [Event::LineDeclared { units, .. }] if units.contains(&"hc1".to_string())));
    let events = ok(&mut game, ride("hc1", &["0505"], Vertex::E, "phil"));
    assert_eq!(events, vec![moved("hc1", &["0505"], 1), rode("phil", "hc1", "0505")]);

    let (mut game, _) = field(&["contingent_commanders"], far()).start(&[]);
    ok(&mut game, activate("alex"));
    ok(&mut game, Command::Contingent { leader: "phil".into() });
    let err = game.execute(&ride("hc1", &["0505"], Vertex::E, "phil")).unwrap_err();
    assert_eq!(err.rule(), "5.68");
    assert!(err.to_string().contains("under his own line command"), "{err}");
    ok(&mut game, mv("hc1", &["0505"], Vertex::E));
    ok(&mut game, Command::MoveLeader { leader: "phil".into(), path: vec![h("0505")] });
    assert_eq!(at(&game, "phil"), "0505", "4.36: he goes with his line by his own move");
}

/// 5.68 across a reaction pause: the move stops where the enemy may withdraw (6.71) with the
/// leader already in the unit's hex; the pause holds him; the move's continuation carries him on.
#[test]
fn he_stays_with_it_across_a_reaction_pause_gba_5_68_6_71() {
    let red = vec![unit("red", "LC", "J", 3, 5, 8, "J", "0905", "W")];
    let (mut game, _) = field(&["contingent_commanders"], red).start(&[]);
    ok(&mut game, activate("alex"));
    let events = ok(&mut game, ride("hc1", &["0505", "0605", "0705", "0706"], Vertex::E, "phil"));
    assert_eq!(&events[..2], &[moved("hc1", &["0505", "0605", "0705"], 3), rode("phil", "hc1", "0705")]);
    assert!(
        matches!(&events[2], Event::ReactionOffered { withdrawers, rider: Some(r), remaining, .. }
            if withdrawers == &vec!["red".to_string()] && r == "phil" && remaining == &vec![h("0706")]),
        "{events:?}"
    );
    assert!(matches!(&game.state.phase, Phase::Reaction { rider: Some(r), .. } if r == "phil"));
    assert_eq!(at(&game, "phil"), "0705", "in the unit's hex while the enemy decides");
    let events = ok(&mut game, Command::EndReaction);
    let placement = Placement::One(h("0706"));
    assert_eq!(
        events,
        vec![
            Event::ReactionEnded,
            Event::MoveContinued { unit: "hc1".into(), path: vec![h("0706")], placement, facing: Vertex::E, mp: 3 },
            rode("phil", "hc1", "0706"),
        ]
    );
    assert_eq!(at(&game, "phil"), "0706");
}

/// 5.68 refused, naming the rule: with 5.6 off (he is an ordinary leader then, P112); a leader
/// who is not a contingent commander; one not stacked with the unit; the unit's own leader
/// elsewhere. Nothing happens.
#[test]
fn refused_when_off_not_an_mcc_or_not_stacked_gba_5_68() {
    let (mut game, _) = field(&[], far()).start(&[]);
    ok(&mut game, activate("alex"));
    assert_eq!(contingent_refusal(&mut game, ride("hc1", &["0505"], Vertex::E, "phil")), "5.68");
    let (mut game, _) = field(&["contingent_commanders"], far()).start(&[]);
    ok(&mut game, activate("alex"));
    let before = game.state.clone();
    // alex stands with `free`, but he is no contingent commander.
    assert_eq!(contingent_refusal(&mut game, ride("free", &["0305"], Vertex::E, "alex")), "5.68");
    // phil is not stacked with hc2.
    assert_eq!(contingent_refusal(&mut game, ride("hc2", &["0606"], Vertex::E, "phil")), "5.68");
    let err = game.execute(&ride("hc2", &["0606"], Vertex::E, "phil")).unwrap_err();
    assert!(err.to_string().contains("not stacked with hc2"), "{err}");
    assert!(matches!(game.execute(&ride("hc1", &["0505"], Vertex::E, "nobody")), Err(RuleError::UnknownLeader { .. })));
    assert_eq!(game.state, before, "a refused order changes nothing");
}

/// 5.68 with an orderly withdrawal (6.7): in the enemy's move, the withdrawing unit takes the
/// contingent commander stacked with it; he is no longer there to be caught (4.62).
#[test]
fn he_goes_along_with_an_orderly_withdrawal_gba_5_68_6_7() {
    let f = Field {
        units: [
            vec![unit("lc1", "LC", "J", 3, 6, 8, "J", "0705", "E")],
            vec![unit("red", "MI", "", 4, 5, 5, "", "1105", "W")],
        ],
        leaders: [
            vec![leader("alex", "overall", 6, 6, "0205"), mcc("phil", &["lc1"], "0705")],
            vec![leader("foe", "overall", 8, 4, "1205")],
        ],
        optional: vec!["contingent_commanders"],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[3]);
    ok(&mut game, pass("alex"));
    ok(&mut game, activate("foe"));
    ok(
        &mut game,
        Command::Move {
            unit: "red".into(),
            path: vec![h("1005"), h("0905")],
            facing: Vertex::W,
            column: false,
            with: None,
        },
    );
    assert!(
        matches!(&game.state.phase, Phase::Reaction { withdrawers, .. } if withdrawers == &vec!["lc1".to_string()])
    );
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    assert!(legal.iter().any(|c| matches!(c, Command::Withdraw { with: Some(l), .. } if l == "phil")), "offered");
    let withdraw = Command::Withdraw {
        unit: "lc1".into(),
        path: vec![h("0605")],
        facing: Vertex::E,
        fire: false,
        with: Some("phil".into()),
    };
    let events = ok(&mut game, withdraw);
    assert_eq!(
        &events[..3],
        &[
            Event::UnitWithdrew {
                unit: "lc1".into(),
                path: vec![h("0605")],
                placement: Placement::One(h("0605")),
                facing: Vertex::E,
                mp: 1
            },
            rode("phil", "lc1", "0605"),
            Event::DieRolled {
                roll: 3,
                purpose: sarissa_rules::game::RollPurpose::TqCheck { unit: "lc1".into(), rule: "6.72".into() }
            },
        ],
        "{events:?}"
    );
    assert_eq!(at(&game, "phil"), "0605");
    assert!(!events.iter().any(|e| matches!(e, Event::LeaderCaptured { .. })), "{events:?}");
}

/// 5.68 "and participate in any subsequent Shock Combat": in the unit's hex when it attacks, he
/// is the leader stacked with it (9.14): his Charisma shifts the roll and he takes the casualty
/// check — with the dice loaded at 0, he is killed. Left behind, the combat has no leader.
#[test]
fn in_the_shock_that_follows_he_is_the_stacked_leader_gba_5_68_9_14_5_61() {
    let red = || vec![unit("red", "MI", "", 4, 5, 5, "", "0805", "W")];
    let shock = |with: bool| {
        let (mut game, _) = field(&["contingent_commanders"], red()).start(&[0; 20]);
        ok(&mut game, activate("alex"));
        let order = mv("hc1", &["0505", "0605", "0705"], Vertex::E);
        ok(&mut game, if with { order.with_rider("phil") } else { order });
        while matches!(game.state.phase, Phase::Reaction { .. }) {
            ok(&mut game, Command::EndReaction);
        }
        ok(&mut game, Command::EndOrders);
        let preview = sarissa_rules::combat::shock_segment::preview(&game.scenario, &game.state, &[]);
        let leader = preview[0].1.attacker_leader;
        (leader, ok(&mut game, Command::Shock { attackers: vec![] }), game)
    };
    let (leader, events, game) = shock(true);
    assert_eq!(leader.map(|l| l.charisma), Some(2), "phil's charisma");
    let lines = events.iter().find_map(|e| match e {
        Event::ShockResolved { lines, .. } => Some(lines.join("\n")),
        _ => None,
    });
    assert!(lines.unwrap_or_default().contains("charisma -2/+0"), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::LeaderCasualty { leader, .. } if leader == "phil")), "{events:?}");
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Eliminated);

    let (leader, events, game) = shock(false);
    assert_eq!(leader, None, "left in 0405, he is in no combat");
    assert!(!events.iter().any(|e| matches!(e, Event::LeaderCasualty { .. })), "{events:?}");
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Inactive);
}

/// 5.68 with a two-hex unit (P152): stacked in either of its hexes; after each stretch of the
/// move he keeps his hex if it is still the unit's, else takes its hex nearest him.
#[test]
fn with_a_two_hex_unit_he_keeps_to_one_of_its_hexes_gba_5_68_p152() {
    let f = Field {
        units: [vec![unit("ph", "PH", "MA", 8, 7, 5, "", "0405-0406", "E")], far()],
        leaders: [
            vec![leader("alex", "overall", 6, 6, "0205"), mcc("phil", &["ph"], "0406")],
            vec![leader("foe", "overall", 8, 4, "1210")],
        ],
        optional: vec!["contingent_commanders"],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("alex"));
    let to = Placement::Two(h("0605"), h("0606"));
    let order = Command::MoveTo { unit: "ph".into(), to, facing: Vertex::E, with: Some("phil".into()) };
    let events = ok(&mut game, order);
    let ride: Vec<_> = events.iter().filter(|e| matches!(e, Event::LeaderRodeAlong { .. })).collect();
    assert!(!ride.is_empty(), "{events:?}");
    let ui = game.scenario.units.iter().position(|u| u.id == "ph").unwrap();
    assert_eq!(game.state.units[ui].placement, to);
    assert!(to.hexes().any(|x| x == h(&at(&game, "phil"))), "in one of its hexes: {}", at(&game, "phil"));
}

/// 5.68: the script notation `... with LEADER` gives the same command, and the legal commands
/// offer the move with him only for the unit he stands with.
#[test]
fn the_notation_and_the_legal_moves_carry_him_gba_5_68() {
    let (mut game, _) = field(&["contingent_commanders"], far()).start(&[]);
    ok(&mut game, activate("alex"));
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    let riders: Vec<_> = legal.iter().filter_map(|c| c.rider().map(|l| (unit_of(c), l.to_string()))).collect();
    assert!(!riders.is_empty());
    assert!(riders.iter().all(|(u, l)| u == "hc1" && l == "phil"), "{riders:?}");
    let command = sarissa_rules::play::notation::parse("move hc1 0505 0605 facing E with phil").unwrap().unwrap();
    assert_eq!(command, ride("hc1", &["0505", "0605"], Vertex::E, "phil"));
    assert_eq!(sarissa_rules::play::notation::format(&command), "move hc1 0505 0605 facing E with phil");
    ok(&mut game, command);
    assert_eq!(at(&game, "phil"), "0605");
}

fn unit_of(c: &Command) -> String {
    match c {
        Command::Move { unit, .. } | Command::MoveTo { unit, .. } | Command::Withdraw { unit, .. } => unit.clone(),
        _ => String::new(),
    }
}

/// 5.68 in the random player: at Issus with 5.6 on, Philotas (set up with a Companion squadron,
/// 5.67) goes along with one of them within the first turns of a random game, so the soak test
/// plays the rule.
#[test]
fn the_random_player_takes_philotas_along_at_issus_gba_5_68() {
    let text = include_str!("../../../scenarios/issus.toml");
    let issus = sarissa_rules::load("issus.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let on: sarissa_rules::scenario::OptionChanges = [("contingent_commanders".to_string(), true)].into();
    let scenario = std::sync::Arc::new(issus.with_options(&on).unwrap());
    let mut rides = 0;
    for seed in 1..=3 {
        let (mut game, _) = Game::new(scenario.clone(), sarissa_rules::game::Dice::seeded(seed)).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
        for _ in 0..300 {
            let Some(c) = player.choose(&game) else { break };
            let events = game.execute(&c).unwrap_or_else(|e| panic!("{c:?}: {e}"));
            rides += events
                .iter()
                .filter(|e| matches!(e, Event::LeaderRodeAlong { leader, .. } if leader == "philotas"))
                .count();
        }
    }
    assert!(rides > 0, "no ride-along in three random games");
}

/// 5.68 with a cavalry line's withdrawal (6.78): the step of the unit he stands with may take
/// him; the others go as before.
#[test]
fn he_goes_along_with_his_units_step_of_a_line_withdrawal_gba_5_68_6_78() {
    let lc = |id: &str, at: &str| unit(id, "LC", "J", 3, 5, 8, "J", at, "W");
    let f = Field {
        units: [vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")], vec![lc("lc1", "0805"), lc("lc2", "0806")]],
        leaders: [
            vec![leader("hero", "overall", 2, 8, "0205")],
            vec![leader("foe", "overall", 6, 4, "1005"), mcc("phil", &["lc1", "lc2"], "0806")],
        ],
        macedonian: [false, true],
        optional: vec!["contingent_commanders"],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[3, 3]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    let step = |unit: &str, path: &[&str], with: Option<&str>| sarissa_rules::game::LineStep {
        unit: unit.into(),
        path: path.iter().map(|s| h(s)).collect(),
        facing: Vertex::W,
        fire: false,
        with: with.map(Into::into),
    };
    let line = |with: Option<&str>| Command::WithdrawLine {
        leader: "foe".into(),
        units: vec![step("lc1", &["0905"], None), step("lc2", &["0906", "1006"], with)],
    };
    // Not stacked with lc1: refused, naming 5.68.
    let wrong = Command::WithdrawLine {
        leader: "foe".into(),
        units: vec![step("lc1", &["0905"], Some("phil")), step("lc2", &["0906", "1006"], None)],
    };
    assert_eq!(contingent_refusal(&mut game, wrong), "5.68");
    let events = ok(&mut game, line(Some("phil")));
    let k = events
        .iter()
        .position(|e| matches!(e, Event::UnitWithdrew { unit, .. } if unit == "lc2"))
        .expect("lc2 withdrew");
    assert_eq!(events[k + 1], rode("phil", "lc2", "1006"), "{events:?}");
    assert_eq!(events.iter().filter(|e| matches!(e, Event::LeaderRodeAlong { .. })).count(), 1);
    assert_eq!(at(&game, "phil"), "1006");
}
