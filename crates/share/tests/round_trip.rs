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
