//! Real games on every bundled battle go through game links and position links and come back
//! to the same state.

mod common;

use common::{battles, finder, random_game};
use sarissa_rules::scenario::OptionChanges;
use sarissa_share::*;

const COMMANDS: usize = 150;

#[test]
fn a_game_link_replays_to_the_same_state_on_every_battle() {
    let battles = battles();
    for (i, battle) in battles.iter().enumerate() {
        let seed = 40 + i as u64;
        let (game, commands) = random_game(battle, seed, COMMANDS);
        let mut save = Save::new(battle, seed, OptionChanges::new(), &commands);
        save.name = Some(format!("test {i}"));
        let link = encode_game_link(&save, finder(&battles)).unwrap();
        let back = decode_game_link(&link, finder(&battles)).unwrap();
        assert_eq!(back, save, "{}", battle.scenario.meta.id);
        let restored = restore(&back, finder(&battles)).unwrap();
        assert_eq!(restored.problem, None);
        assert_eq!(restored.game.state_hash(), game.state_hash(), "{}", battle.scenario.meta.id);
        // And the game file itself.
        let file = read_save(&save.to_json()).unwrap();
        assert_eq!(restore(&file, finder(&battles)).unwrap().game.state_hash(), game.state_hash());
    }
}

#[test]
fn a_position_link_resumes_the_same_state_on_every_battle() {
    let battles = battles();
    for (i, battle) in battles.iter().enumerate() {
        for limit in [0, COMMANDS] {
            let (game, _) = random_game(battle, 70 + i as u64, limit);
            let position = Position::of(&game, Some(battle.fingerprint.clone()), OptionChanges::new());
            let link = encode_position_link(&position, finder(&battles)).unwrap();
            let back = decode_position_link(&link, finder(&battles)).unwrap();
            assert_eq!(back, position);
            let opened = open_position(&back, finder(&battles)).unwrap();
            assert_eq!(opened.note, None);
            assert_eq!(opened.game.state_hash(), game.state_hash(), "{} after {limit}", battle.scenario.meta.id);
        }
    }
}

#[test]
fn chosen_optional_rules_travel_in_both_links() {
    let battles = battles();
    let issus = battles.iter().find(|b| b.scenario.meta.id == "issus").unwrap();
    let options: OptionChanges = [("contingent_commanders".to_string(), true)].into();
    let scenario = std::sync::Arc::new(issus.scenario.with_options(&options).unwrap());
    let (mut game, _) = sarissa_rules::Game::new(scenario, sarissa_rules::Dice::seeded(3)).unwrap();
    let commands = sarissa_rules::play::playout::random_game(&mut game, 3, 120);
    let save = Save::new(issus, 3, options.clone(), &commands);
    let back = decode_game_link(&encode_game_link(&save, finder(&battles)).unwrap(), finder(&battles)).unwrap();
    let restored = restore(&back, finder(&battles)).unwrap();
    assert!(restored.game.scenario.meta.optional_rules.contingent_commanders);
    assert_eq!(restored.game.state_hash(), game.state_hash());
    let position = Position::of(&game, Some(issus.fingerprint.clone()), options);
    let link = encode_position_link(&position, finder(&battles)).unwrap();
    let opened = open_position(&decode_position_link(&link, finder(&battles)).unwrap(), finder(&battles)).unwrap();
    assert_eq!(opened.game.state_hash(), game.state_hash());
}

/// A move that breaks the rules keeps the game up to the move before, and says so; a game of an
/// earlier battle file that still replays opens with a word about it.
#[test]
fn a_bad_move_keeps_the_game_before_it() {
    let battles = battles();
    let samarkand = battles.iter().find(|b| b.scenario.meta.id == "samarkand").unwrap();
    let (_, commands) = random_game(samarkand, 9, 60);
    let (before, _) = random_game(samarkand, 9, 30);
    let mut save = Save::new(samarkand, 9, OptionChanges::new(), &commands);
    save.commands[30] = "activate nobody-at-all".into();
    let restored = restore(&save, finder(&battles)).unwrap();
    assert_eq!(restored.commands.len(), 30);
    assert_eq!(restored.game.state_hash(), before.state_hash());
    let note = restored.note().unwrap();
    assert!(note.starts_with("Move 31 of 60 could not be replayed (it breaks the rules"), "{note}");
    assert!(note.ends_with("the game opens after move 30."), "{note}");

    save.commands[30] = "fly away".into();
    let note = restore(&save, finder(&battles)).unwrap().note().unwrap();
    assert!(note.contains("Move 31 of 60 could not be replayed (it is unreadable"), "{note}");

    let mut older = Save::new(samarkand, 9, OptionChanges::new(), &commands);
    older.fingerprint = Some("0000000000000000".into());
    let restored = restore(&older, finder(&battles)).unwrap();
    assert_eq!((restored.commands.len(), restored.problem.is_none()), (60, true));
    assert!(restored.note().unwrap().contains("earlier version of the battle"));
    older.commands[30] = "activate nobody-at-all".into();
    let note = restore(&older, finder(&battles)).unwrap().note().unwrap();
    assert!(note.ends_with("This game was played on an earlier version of the battle."), "{note}");
}

#[test]
fn a_game_link_read_with_another_version_of_the_battle_is_refused() {
    let battles = battles();
    let samarkand = battles.iter().find(|b| b.scenario.meta.id == "samarkand").unwrap();
    let (_, commands) = random_game(samarkand, 9, 20);
    let link = encode_game_link(&Save::new(samarkand, 9, OptionChanges::new(), &commands), finder(&battles)).unwrap();
    let changed = |_: &str| Some(Battle { fingerprint: "another".into(), ..samarkand.clone() });
    assert_eq!(decode_game_link(&link, changed), Err(ShareError::NotForThisBattle));
    assert_eq!(decode_game_link(&link, |_| None), Err(ShareError::UnknownBattle("samarkand".into())));
}

/// A game link gives back the very lines of a save, whatever they hold: words the notation does
/// not have, a line that begins with a unit's name, a facing that does not end its line, hexes
/// far apart or off any map.
#[test]
fn a_game_link_gives_back_any_line() {
    let battles = battles();
    let issus = battles.iter().find(|b| b.scenario.meta.id == "issus").unwrap();
    let (unit, other) = (&issus.scenario.units[0].id, &issus.scenario.units[1].id);
    let leader = &issus.scenario.leaders[0].id;
    let commands = [
        format!("move {unit} 2409 2408 facing NE"),
        format!("{unit} 2409 facing NE"),
        format!("{unit}; move"),
        format!("move {unit}"),
        format!("move {unit};"),
        format!("move {unit} facing"),
        format!("move {unit} 2409 facing NE with {leader}"),
        format!("move {unit} 2409 2408 facing NE;"),
        format!("move {unit} to 3211-3311 facing SE"),
        format!("move {unit} to 3211-3511 column SW"),
        format!("withdraw-pw {leader} {unit} 3417 3418 facing W; {other} 3316 3317 facing W"),
        format!("withdraw {unit} 3417 facing W fire"),
        format!("leader {leader} 0101 9999 0102 1717"),
        format!("move {unit} 0000 9999 0001 facing SE facing E"),
        format!("move {other} {unit} facing W"),
        "facing E".into(),
        "move 2409 facing E".into(),
        "rout nobody to 0101-0102".into(),
        String::new(),
        " ".into(),
        "move  x".into(),
        "end".into(),
    ];
    let save = Save {
        format: SAVE_FORMAT,
        scenario: "issus".into(),
        fingerprint: Some(issus.fingerprint.clone()),
        seed: u64::MAX,
        options: OptionChanges::new(),
        commands: commands.to_vec(),
        name: Some("odd lines".into()),
    };
    let link = encode_game_link(&save, finder(&battles)).unwrap();
    assert_eq!(decode_game_link(&link, finder(&battles)).unwrap(), save);
}

/// Every field of a unit's and a leader's state comes back from a position link, and the rarer
/// fields of the state too, whatever their values. (The literals below name every field: one
/// added to the state does not compile here until it is given a value to carry.)
#[test]
fn a_position_link_keeps_every_field() {
    use sarissa_rules::game::{LeaderState, LeaderStatus, PwOrder, Supply, UnitState};
    use sarissa_rules::scenario::units::Placement;
    use sarissa_rules::{HexId, Vertex};
    let battles = battles();
    let issus = battles.iter().find(|b| b.scenario.meta.id == "issus").unwrap();
    let (game, _) = random_game(issus, 5, 40);
    let mut state = game.state.clone();
    let (a, b) = (issus.scenario.units[1].id.clone(), issus.scenario.units[2].id.clone());
    state.units[0] = UnitState {
        placement: Placement::Two(HexId::new(1, 2), HexId::new(5, 9)),
        facing: Vertex::SW,
        hits: 200,
        moved: true,
        eliminated: true,
        routed: true,
        rallied: true,
        reacted: true,
        supply: Supply::Low,
        screen_supply: Supply::No,
        fired: true,
        artillery_shots: 3,
        engine: true,
        order_start: Some(Placement::Two(HexId::new(20, 20), HexId::new(20, 21))),
        order_mp: 7,
        order_hexes: 4,
        may_move_on: true,
        withdrawal_volleys: vec![a.clone(), "nobody".into()],
        entry_volleys: vec![b],
        column: true,
        column_at_start: true,
        withdrew_alone: true,
        zoc_at_orders_start: true,
        engaged: true,
        rampaging: true,
        square: true,
        dismounted: true,
        all_round: true,
    };
    state.units[1].placement = Placement::One(HexId::new(99, 0));
    state.units[1].order_start = Some(Placement::One(HexId::new(0, 99)));
    state.leaders[0] = LeaderState {
        at: HexId::new(0, 0),
        status: LeaderStatus::Eliminated,
        fled: true,
        succession: 3,
        no_momentum: true,
        was_in_enemy_zoc: true,
        mp_used: 9,
        used_line_command: true,
        moved_by_overall: true,
        must_activate: true,
        rallies_tried: vec![a, "nobody".into()],
        wounds: 2,
        elite_phases: 1,
        in_elite_phase: true,
        passed: true,
        restricted: true,
    };
    state.leaders[1].status = LeaderStatus::Active;
    state.turn = 1_000;
    state.tie = Some((5, 1));
    state.trumps_tried = [true, false];
    state.pre_arranged = vec![PwOrder {
        leader: issus.scenario.leaders[2].id.clone(),
        units: vec!["someone".into()],
        revealed: true,
        activated: false,
    }];
    state.breaches = vec![(HexId::new(3, 4), HexId::new(3, 5))];
    state.damaged_gates = vec![(HexId::new(7, 7), HexId::new(8, 7))];
    state.gate_holders = vec![(HexId::new(1, 1), 1)];
    let position = Position { scenario: "issus".into(), fingerprint: None, options: OptionChanges::new(), state };
    let link = encode_position_link(&position, finder(&battles)).unwrap();
    assert_eq!(decode_position_link(&link, finder(&battles)).unwrap(), position);
}
