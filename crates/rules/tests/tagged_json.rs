//! The game state's internally tagged enums (`Phase`, `AfterRout`) are read through
//! `game::tagged` instead of serde's derived reader (issue 19, the app's size): the JSON they are
//! written as is unchanged, and every state reads back equal, from text and from a JSON value
//! (links and checkpoints read states from values).

mod common;

use common::bundled_battles;
use sarissa_rules::game::pending::AfterRout;
use sarissa_rules::game::{GameState, Phase};
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Dice, Game};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The state written, read back both ways, and written again: equal, byte for byte.
fn assert_reads_back(state: &GameState, context: &str) {
    let json = serde_json::to_string(state).unwrap();
    let from_text: GameState = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{context}: {e}\n{json}"));
    assert_eq!(&from_text, state, "{context}");
    assert_eq!(serde_json::to_string(&from_text).unwrap(), json, "{context}");
    let from_value: GameState = serde_json::from_value(serde_json::to_value(state).unwrap()).unwrap();
    assert_eq!(&from_value, state, "{context}");
}

#[test]
fn every_state_of_random_battles_reads_back_from_its_json() {
    let mut phases = BTreeSet::new();
    for (name, text) in bundled_battles() {
        let scenario = Arc::new(sarissa_rules::load(&name, &text).unwrap());
        let (mut game, _) = Game::new(scenario, Dice::seeded(7)).unwrap();
        let mut player = RandomPlayer::new(7);
        for step in 0..150 {
            assert_reads_back(&game.state, &format!("{name}, command {step}"));
            let tag = serde_json::to_value(&game.state.phase).unwrap()["phase"].as_str().unwrap().to_string();
            phases.insert(tag);
            let Some(command) = player.choose(&game) else { break };
            game.execute(&command).unwrap();
        }
    }
    // The games went through the phases of a turn, so the test read more than one variant.
    for tag in ["activation", "orders", "shock", "reaction"] {
        assert!(phases.contains(tag), "no {tag} phase among {phases:?}");
    }
}

#[test]
fn a_tag_is_read_wherever_it_stands_and_a_unit_variant_from_its_tag() {
    let setup: Phase = serde_json::from_str(r#"{"phase":"setup"}"#).unwrap();
    assert_eq!(setup, Phase::Setup);
    // serde's own reader ignored other fields beside a unit variant's tag; so does this one.
    let setup_with_more: Phase = serde_json::from_str(r#"{"side":1,"phase":"setup"}"#).unwrap();
    assert_eq!(setup_with_more, Phase::Setup);
    let settle: AfterRout = serde_json::from_str(r#"{"after":"settle"}"#).unwrap();
    assert_eq!(settle, AfterRout::Settle);
    let tag_last: AfterRout = serde_json::from_str(r#"{"next":3,"after":"rout_segment"}"#).unwrap();
    assert_eq!(tag_last, AfterRout::RoutSegment { next: 3 });
    let activation: Phase = serde_json::from_str(r#"{"leaders":["darius"],"phase":"activation","side":1}"#).unwrap();
    assert_eq!(activation, Phase::Activation { side: 1, leaders: vec!["darius".into()] });
    // Written as before: the tag first, then the fields in their order.
    assert_eq!(serde_json::to_string(&activation).unwrap(), r#"{"phase":"activation","side":1,"leaders":["darius"]}"#);
    assert_eq!(serde_json::to_string(&AfterRout::Settle).unwrap(), r#"{"after":"settle"}"#);
}

#[test]
fn an_unknown_missing_or_unnamed_tag_is_an_error_not_a_panic() {
    for bad in [
        r#"{"phase":"nonsense"}"#,
        r#"{"side":1,"leaders":[]}"#,
        r#"{"phase":3}"#,
        r#""setup""#,
        r#"{"phase":"activation","side":"one","leaders":[]}"#,
    ] {
        assert!(serde_json::from_str::<Phase>(bad).is_err(), "{bad}");
    }
}
