//! Sealed dice through the front door (issue 22 §3; rulings P300–P304): two devices play
//! Samarkand apart, each checking what it receives; changed values, reordered commands and
//! another seed are caught; links and files carry the seals.

mod common;

use common::{battles, finder};
use sarissa_rules::play::{notation, playout::random_game};
use sarissa_rules::{Command, Dice, Game};
use sarissa_share::{
    decode_game_link, encode_game_link, read_save, restore, verify_exchange, verify_seals, Battle, DiceChain,
    Divergence, ExchangeError, Save, SealError,
};

const SEED: u64 = 11;

fn samarkand(battles: &[Battle]) -> Battle {
    finder(battles)("samarkand").unwrap()
}

/// Two devices, each with its chain, passing one game back and forth.
struct Apart {
    battle: Battle,
    game: Game,
    commands: Vec<Command>,
    chains: [DiceChain; 2],
}

impl Apart {
    fn new(battle: Battle) -> Self {
        let game = Game::new(battle.scenario.clone(), Dice::seeded(SEED)).unwrap().0;
        Self { battle, game, commands: Vec::new(), chains: [DiceChain::new(&[1; 32]), DiceChain::new(&[2; 32])] }
    }

    fn play(&mut self, command: Command) {
        self.game.execute(&command).unwrap();
        self.commands.push(command);
    }

    fn save(&self) -> Save {
        Save::new(&self.battle, SEED, Default::default(), &self.commands)
    }

    /// `side`'s device receives the game: it reveals its next value, then plays `moves`.
    fn stretch(&mut self, side: usize, moves: usize) -> Save {
        let reveal = self.chains[side].next_reveal(&self.save(), side).unwrap();
        self.play(reveal);
        let played = random_game(&mut self.game, 100 + self.commands.len() as u64, moves);
        self.commands.extend(played);
        self.save()
    }

    /// The opening: the first side seals and sends; the second seals and plays its stretch.
    fn opening(&mut self) -> (Save, Save) {
        self.play(self.chains[0].seal(0));
        let first = self.save();
        self.play(self.chains[1].seal(1));
        (first, self.stretch(1, 10))
    }
}

fn with(save: &Save, change: impl FnOnce(&mut Vec<String>)) -> Save {
    let mut save = save.clone();
    change(&mut save.commands);
    save
}

fn reveal_indexes(save: &Save) -> Vec<usize> {
    save.commands.iter().enumerate().filter(|(_, c)| c.starts_with("reveal-dice")).map(|(i, _)| i).collect()
}

#[test]
fn every_exchange_of_a_game_played_apart_verifies_p303_p304() {
    let battles = battles();
    let mut apart = Apart::new(samarkand(&battles));
    let (first, mut sent) = apart.opening();
    let opening = verify_exchange(&first, &sent).unwrap();
    assert_eq!((opening.new_commands, opening.reveals_verified, opening.sealed), (12, 1, true));
    for exchange in 0..4 {
        let received = apart.stretch(exchange % 2, 12);
        let checked = verify_exchange(&sent, &received).unwrap();
        assert_eq!(checked.new_commands, received.commands.len() - sent.commands.len());
        assert_eq!(checked.reveals_verified, exchange + 2);
        sent = received;
    }
    let report = verify_seals(&sent).unwrap();
    assert_eq!(report.revealed, [2, 3]);
    assert_eq!(
        verify_exchange(&first, &sent).unwrap_err(),
        ExchangeError::Seals(SealError::ExtraReveal { index: reveal_indexes(&sent)[1] }),
        "two exchanges at once are not one exchange"
    );
}

/// After the opening, the first side's stretch of 8 moves: the game, what the first side was
/// sent and what it sends back, and where its reveal stands.
fn second_exchange() -> (Apart, Save, Save, usize) {
    let mut apart = Apart::new(samarkand(&battles()));
    let (_, sent) = apart.opening();
    let received = apart.stretch(0, 8);
    let at = *reveal_indexes(&received).last().unwrap();
    (apart, sent, received, at)
}

#[test]
fn a_changed_die_value_is_caught_p303() {
    let (apart, sent, received, at) = second_exchange();
    let forged = with(&received, |c| c[at] = format!("reveal-dice 0 {}", "ab".repeat(32)));
    let error = verify_exchange(&sent, &forged).unwrap_err();
    assert_eq!(error, ExchangeError::Seals(SealError::ValueDoesNotMatch { index: at, side: 0 }));
    assert_eq!(error.first_command(), Some(at));
    assert_eq!(
        error.to_string(),
        format!("the die value the first side revealed at command {} does not match its seal", at + 1)
    );
    // A value further down the chain, skipping one, does not fit either.
    let skipped = apart.chains[0].value(2).unwrap();
    let skipping = with(&received, |c| c[at] = format!("reveal-dice 0 {skipped}"));
    assert!(matches!(verify_seals(&skipping), Err(SealError::ValueDoesNotMatch { .. })));
}

#[test]
fn reordered_commands_are_caught_p303_p304() {
    let (mut apart, sent, received, at) = second_exchange();
    // The reveal moved after the first move of the stretch: the move was rolled on old dice.
    let late = with(&received, |c| c.swap(at, at + 1));
    let error = verify_exchange(&sent, &late).unwrap_err();
    assert_eq!(error, ExchangeError::Seals(SealError::NoRevealFirst { index: at }));
    assert!(error.to_string().contains("without revealing a new die value first"), "{error}");
    // The first side's two values swapped: neither fits where it stands.
    let third = apart.stretch(1, 4);
    let fourth = apart.stretch(0, 4);
    let reveals = reveal_indexes(&fourth);
    let (a, b) = (reveals[1], reveals[3]);
    let swapped = with(&fourth, |c| c.swap(a, b));
    assert!(matches!(verify_exchange(&third, &swapped), Err(ExchangeError::Diverges(_))));
    assert_eq!(verify_seals(&swapped), Err(SealError::ValueDoesNotMatch { index: a, side: 0 }));
    // A move of the history sent, reordered, is named by the continuation.
    let moved = with(&fourth, |c| c.swap(a + 1, a + 2));
    assert_eq!(
        verify_exchange(&third, &moved).unwrap_err(),
        ExchangeError::Diverges(Divergence::HistoryDiffers { index: a + 1 })
    );
}

#[test]
fn a_different_seed_is_caught_p304() {
    let battles = battles();
    let mut apart = Apart::new(samarkand(&battles));
    let (_, sent) = apart.opening();
    let mut received = apart.stretch(0, 5);
    received.seed += 1;
    let error = verify_exchange(&sent, &received).unwrap_err();
    assert_eq!(error, ExchangeError::Diverges(Divergence::SeedDiffers));
    assert_eq!(error.to_string(), "the dice seed differs");
}

#[test]
fn seals_out_of_order_are_named_p300_p301() {
    let battles = battles();
    let mut apart = Apart::new(samarkand(&battles));
    let (_, sent) = apart.opening();
    let twice = with(&sent, |c| c.push(c[0].clone()));
    assert_eq!(verify_seals(&twice), Err(SealError::SealedTwice { index: sent.commands.len(), side: 0 }));
    let unsealed = with(&sent, |c| {
        c.remove(1);
    });
    assert_eq!(verify_seals(&unsealed), Err(SealError::RevealBeforeSeal { index: 1, side: 1 }));
    let garbled = with(&sent, |c| c[0] = "seal-dice 0 xyz".into());
    assert_eq!(verify_seals(&garbled), Err(SealError::Unreadable { index: 0 }));
    assert_eq!(
        apart.chains[0].next_reveal(&with(&sent, |c| c[0] = notation::format(&apart.chains[1].seal(0))), 0),
        Err(SealError::NotThisChain { side: 0 })
    );
}

#[test]
fn links_and_files_carry_sealed_dice_and_replay_them_identically_p301() {
    let battles = battles();
    let mut apart = Apart::new(samarkand(&battles));
    apart.opening();
    apart.stretch(0, 10);
    let save = apart.stretch(1, 10);
    let link = encode_game_link(&save, finder(&battles)).unwrap();
    let back = decode_game_link(&link, finder(&battles)).unwrap();
    assert_eq!(back, save);
    assert_eq!(read_save(&save.to_json()).unwrap(), save);
    let restored = restore(&back, finder(&battles)).unwrap();
    assert_eq!(restored.problem, None);
    assert_eq!(restored.game.state_hash(), apart.game.state_hash());
    assert_eq!(verify_seals(&back).unwrap().reveals(), 3);
}
