//! Sealed dice for games played apart (issue 22; rulings P300–P302): seals, reveals taken in
//! turn, and the dice drawn anew from both sides' values, replaying identically.

use sarissa_rules::game::{Command, Dice, Event, RuleError};
use sarissa_rules::play::{legal::legal_commands, playout::random_game, Game};
use std::sync::Arc;

fn samarkand() -> Arc<sarissa_rules::Scenario> {
    let text = include_str!("../../../scenarios/samarkand.toml");
    Arc::new(sarissa_rules::load("scenarios/samarkand.toml", text).unwrap())
}

fn start() -> Game {
    Game::new(samarkand(), Dice::seeded(7)).unwrap().0
}

/// A 64-hex-digit value made of one repeated byte, for tests.
fn hex(byte: &str) -> String {
    byte.repeat(32)
}

fn seal(side: usize, commitment: &str) -> Command {
    Command::SealDice { side, commitment: commitment.to_string() }
}

fn reveal(side: usize, value: &str) -> Command {
    Command::RevealDice { side, value: value.to_string() }
}

fn refusal_rule(game: &mut Game, command: Command) -> &'static str {
    let before = game.state.clone();
    let err = game.execute(&command).unwrap_err();
    assert!(matches!(err, RuleError::SealedDice { .. }), "{err}");
    assert_eq!(game.state, before, "a refused command changes nothing");
    err.rule()
}

fn sealed_both(game: &mut Game) {
    game.execute(&seal(0, &hex("a0"))).unwrap();
    game.execute(&seal(1, &hex("b1"))).unwrap();
}

#[test]
fn each_side_seals_once_with_64_hex_digits_p300() {
    let mut game = start();
    let events = game.execute(&seal(1, &hex("c3"))).unwrap();
    assert_eq!(events, vec![Event::DiceSealed { side: 1, commitment: hex("c3") }]);
    assert_eq!(refusal_rule(&mut game, seal(1, &hex("d4"))), "P300");
    assert_eq!(refusal_rule(&mut game, seal(0, "abc")), "P300");
    assert_eq!(refusal_rule(&mut game, seal(0, &hex("AB"))), "P300");
    assert_eq!(refusal_rule(&mut game, seal(2, &hex("ab"))), "P300");
    assert!(game.execute(&seal(0, &hex("ab"))).is_ok());
}

#[test]
fn a_value_is_revealed_only_after_both_seals_p301() {
    let mut game = start();
    assert_eq!(refusal_rule(&mut game, reveal(0, &hex("01"))), "P301");
    game.execute(&seal(0, &hex("a0"))).unwrap();
    assert_eq!(refusal_rule(&mut game, reveal(0, &hex("01"))), "P301");
    game.execute(&seal(1, &hex("b1"))).unwrap();
    assert_eq!(refusal_rule(&mut game, reveal(1, "not hex")), "P301");
    assert!(game.execute(&reveal(0, &hex("01"))).is_ok());
}

#[test]
fn the_sides_reveal_in_turn_p302() {
    let mut game = start();
    sealed_both(&mut game);
    game.execute(&reveal(1, &hex("11"))).unwrap();
    let refused = game.execute(&reveal(1, &hex("12"))).unwrap_err();
    assert_eq!(refused.rule(), "P302");
    assert_eq!(
        refused.to_string(),
        "rule P302: the sealed dice refuse it: side 2 revealed last: the other side reveals next"
    );
    game.execute(&reveal(0, &hex("01"))).unwrap();
    game.execute(&reveal(1, &hex("12"))).unwrap();
}

#[test]
fn a_reveal_draws_the_dice_anew_from_both_values_p301() {
    let seeded_after = |value: &str| {
        let mut game = start();
        sealed_both(&mut game);
        let events = game.execute(&reveal(0, value)).unwrap();
        let [Event::DiceRevealed { side: 0, value: v, seed }] = events.as_slice() else { panic!("{events:?}") };
        assert_eq!(v, value);
        assert_eq!(game.state.dice, Dice::seeded(*seed), "the dice now run from the mixed seed");
        *seed
    };
    let seed = seeded_after(&hex("01"));
    assert_eq!(seed, seeded_after(&hex("01")), "the same values give the same dice");
    assert_ne!(seed, seeded_after(&hex("02")), "another value gives other dice");
    // The other side's commitment counts too, before it has revealed anything.
    let mut game = start();
    game.execute(&seal(0, &hex("a0"))).unwrap();
    game.execute(&seal(1, &hex("b2"))).unwrap();
    let other = game.execute(&reveal(0, &hex("01"))).unwrap();
    assert!(matches!(other.as_slice(), [Event::DiceRevealed { seed: s, .. }] if *s != seed));
}

#[test]
fn seals_and_reveals_are_never_offered_as_moves_p300() {
    let mut game = start();
    sealed_both(&mut game);
    let legal = legal_commands(&game);
    assert!(!legal.is_empty());
    assert!(!legal.iter().any(|c| matches!(c, Command::SealDice { .. } | Command::RevealDice { .. })));
}

/// A game of Samarkand played apart: both seal, then every stretch of moves begins with a reveal.
fn sealed_game() -> (Game, Vec<Command>) {
    let mut game = start();
    let mut commands = vec![seal(0, &hex("a0")), seal(1, &hex("b1"))];
    for c in &commands {
        game.execute(c).unwrap();
    }
    for stretch in 0..6u8 {
        let r = reveal(usize::from(stretch % 2), &hex(&format!("{stretch:02x}")));
        game.execute(&r).unwrap();
        commands.push(r);
        commands.extend(random_game(&mut game, 40 + u64::from(stretch), 15));
    }
    (game, commands)
}

#[test]
fn a_game_with_sealed_dice_replays_identically_p301() {
    let (game, commands) = sealed_game();
    assert!(commands.len() > 60, "the stretches were played: {}", commands.len());
    let replayed = Game::replay(samarkand(), Dice::seeded(7), &commands).unwrap();
    assert_eq!(replayed.state_hash(), game.state_hash());
    assert_eq!(replayed.state.sealed_dice.as_ref().map(|s| s.reveals), Some(6));
    // The notation carries the seals and reveals: the game replays from its text.
    let text: Vec<String> = commands.iter().map(sarissa_rules::play::notation::format).collect();
    let parsed: Vec<Command> =
        text.iter().map(|line| sarissa_rules::play::notation::parse(line).unwrap().unwrap()).collect();
    assert_eq!(parsed, commands);
}
