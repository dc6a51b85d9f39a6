//! Sealed dice for games played apart (issue 22 §3; rulings P300–P304; docs/links.md).
//!
//! Each side draws a 32-byte secret `s` and seals its dice with the head of a SHA-256 chain,
//! `c = H^N(s)` (`seal-dice SIDE c`). Each time the game reaches that side's device it reveals
//! the next value down the chain (`reveal-dice SIDE v`, with `H(v)` the value before), and the
//! engine draws the dice anew from both sides' latest values. A value can only be the one its
//! side committed to before the game began, so neither side can pick or change a die; and both
//! devices check every value on every exchange ([`verify_exchange`]).

use crate::{continues, Divergence, Save};
use sarissa_rules::play::notation;
use sarissa_rules::Command;
use sha2::{Digest, Sha256};
use std::fmt;

/// How many values a side's chain holds: one is revealed per exchange, and a battle of many
/// turns played apart takes a few hundred exchanges at most.
pub const CHAIN_LENGTH: u32 = 1000;

/// What sealed dice guarantee and what they cannot, for the app's help (our words).
pub const SEALED_DICE_HELP: &str = "Sealed dice. Before the battle each device draws a secret and \
sends only a seal of it, a fingerprint from which the secret cannot be worked out. Every time the \
game comes to a device it reveals the next piece of its secret, which must fit the seal, and the dice \
from then on are drawn from both players' pieces. So nobody can choose a die: undoing or reopening \
the game gives the same rolls, an edited history or an altered die is caught by the other device, \
and both devices check every piece on every exchange. What sealed dice cannot stop: the player whose \
move it is already holds both pieces, so a modified program could work out the coming rolls before \
choosing what to do; and a player could play the same stretch twice and send only the version they \
prefer. Play with people you trust not to do that, as you would at the table.";

/// The SHA-256 of `bytes`, as 64 lowercase hex digits.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The 32 bytes a value of 64 hex digits stands for; `None` if it is not one.
fn value_bytes(hex: &str) -> Option<[u8; 32]> {
    if hex.len() != 64 || !hex.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// The value `steps` links up the chain from `hex`: `H` applied `steps` times.
fn hashed(hex: &str, steps: u32) -> Option<String> {
    let mut value = hex.to_string();
    for _ in 0..steps {
        value = sha256_hex(&value_bytes(&value)?);
    }
    Some(value)
}

/// A side's secret chain, from its 32 secret bytes (drawn with `getrandom` in the browser).
/// Pure: the same secret gives the same seal and values on every device.
#[derive(Clone)]
pub struct DiceChain {
    secret: String,
}

impl fmt::Debug for DiceChain {
    // The secret stays out of logs and panics.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DiceChain { .. }")
    }
}

impl DiceChain {
    pub fn new(secret: &[u8; 32]) -> Self {
        Self { secret: secret.iter().map(|b| format!("{b:02x}")).collect() }
    }

    /// The seal: the head of the chain, `H^CHAIN_LENGTH(secret)`.
    pub fn commitment(&self) -> String {
        self.value(0).unwrap_or_default()
    }

    /// The `n`th value revealed (from 1), `H^(CHAIN_LENGTH - n)(secret)`; `n = 0` is the seal;
    /// `None` past the end of the chain.
    pub fn value(&self, n: u32) -> Option<String> {
        hashed(&self.secret, CHAIN_LENGTH.checked_sub(n)?)
    }

    /// The command that seals `side`'s dice with this chain.
    pub fn seal(&self, side: usize) -> Command {
        Command::SealDice { side, commitment: self.commitment() }
    }

    /// The command with `side`'s next value for the game `save`: the one after those it has
    /// revealed already. Refused if the game was sealed with another chain or the chain is spent.
    pub fn next_reveal(&self, save: &Save, side: usize) -> Result<Command, SealError> {
        let report = verify_seals(save)?;
        if report.commitments.get(side).cloned().flatten() != Some(self.commitment()) {
            return Err(SealError::NotThisChain { side });
        }
        let n = u32::try_from(report.revealed[side] + 1).unwrap_or(u32::MAX);
        let value = self.value(n).ok_or(SealError::ChainSpent { side })?;
        Ok(Command::RevealDice { side, value })
    }
}

/// The sealed dice of a game, checked: what each side sealed and how many values it revealed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SealReport {
    pub commitments: [Option<String>; 2],
    pub revealed: [usize; 2],
}

impl SealReport {
    /// Both sides have sealed: the dice are nobody's to choose from the first reveal on.
    pub fn sealed(&self) -> bool {
        self.commitments.iter().all(Option::is_some)
    }

    pub fn reveals(&self) -> usize {
        self.revealed.iter().sum()
    }
}

/// Why the sealed dice of a game do not hold; `index` counts from 0 in `commands`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SealError {
    /// A seal or reveal that does not read (P300, P301).
    Unreadable { index: usize },
    /// A side sealed twice (P300).
    SealedTwice { index: usize, side: usize },
    /// A value revealed by a side that had not sealed (P301).
    RevealBeforeSeal { index: usize, side: usize },
    /// A value that does not hash to the one before it in its side's chain (P303).
    ValueDoesNotMatch { index: usize, side: usize },
    /// The moves received were rolled without a fresh value of their sender (P304).
    NoRevealFirst { index: usize },
    /// More than one value revealed in one exchange (P304).
    ExtraReveal { index: usize },
    /// The game's seal for `side` is not this device's chain.
    NotThisChain { side: usize },
    /// `side` has revealed every value of its chain.
    ChainSpent { side: usize },
}

impl SealError {
    /// The index (from 0, into `commands`) of the command at fault, if one is.
    pub fn first_command(&self) -> Option<usize> {
        match self {
            Self::Unreadable { index }
            | Self::SealedTwice { index, .. }
            | Self::RevealBeforeSeal { index, .. }
            | Self::ValueDoesNotMatch { index, .. }
            | Self::NoRevealFirst { index }
            | Self::ExtraReveal { index } => Some(*index),
            Self::NotThisChain { .. } | Self::ChainSpent { .. } => None,
        }
    }
}

/// "the first side", "the second side": the battle's sides in the order its file gives them.
fn side_name(side: usize) -> &'static str {
    if side == 0 {
        "the first side"
    } else {
        "the second side"
    }
}

impl fmt::Display for SealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = |index: &usize| crate::thousands(index + 1);
        match self {
            Self::Unreadable { index } => write!(f, "the sealed dice at command {} do not read", at(index)),
            Self::SealedTwice { index, side } => {
                write!(f, "{} sealed its dice a second time, at command {}", side_name(*side), at(index))
            }
            Self::RevealBeforeSeal { index, side } => {
                write!(f, "{} revealed a die value before sealing its dice, at command {}", side_name(*side), at(index))
            }
            Self::ValueDoesNotMatch { index, side } => write!(
                f,
                "the die value {} revealed at command {} does not match its seal",
                side_name(*side),
                at(index)
            ),
            Self::NoRevealFirst { index } => {
                write!(f, "the moves from command {} were played without revealing a new die value first", at(index))
            }
            Self::ExtraReveal { index } => {
                write!(f, "a second die value was revealed in one exchange, at command {}", at(index))
            }
            Self::NotThisChain { side } => {
                write!(f, "this game's dice for {} were sealed on another device", side_name(*side))
            }
            Self::ChainSpent { side } => write!(f, "{} has revealed every value it sealed", side_name(*side)),
        }
    }
}

impl std::error::Error for SealError {}

/// A seal or reveal in the game's notation; `None` for every other command.
fn sealed_command(index: usize, line: &str) -> Result<Option<Command>, SealError> {
    let word = line.split_whitespace().next().unwrap_or("");
    if !matches!(word, "seal-dice" | "reveal-dice") {
        return Ok(None);
    }
    match notation::parse(line) {
        Ok(Some(command @ (Command::SealDice { side: 0 | 1, .. } | Command::RevealDice { side: 0 | 1, .. })))
            if value_bytes(sealed_value(&command)).is_some() =>
        {
            Ok(Some(command))
        }
        _ => Err(SealError::Unreadable { index }),
    }
}

/// The hash a seal or a reveal carries.
fn sealed_value(command: &Command) -> &str {
    match command {
        Command::SealDice { commitment, .. } => commitment,
        Command::RevealDice { value, .. } => value,
        _ => "",
    }
}

/// Checks every seal and revealed value of `save` (P300, P301, P303): each side seals once,
/// reveals only after sealing, and each value hashes to the one before it in its side's chain
/// (the first to the seal). Reordered values, changed values and values of another chain fail.
pub fn verify_seals(save: &Save) -> Result<SealReport, SealError> {
    let mut report = SealReport::default();
    // Each side's latest link: its seal, then each value it revealed.
    let mut latest: [Option<String>; 2] = [None, None];
    for (index, line) in save.commands.iter().enumerate() {
        match sealed_command(index, line)? {
            Some(Command::SealDice { side, commitment }) => {
                if report.commitments[side].is_some() {
                    return Err(SealError::SealedTwice { index, side });
                }
                report.commitments[side] = Some(commitment.clone());
                latest[side] = Some(commitment);
            }
            Some(Command::RevealDice { side, value }) => {
                let Some(before) = &latest[side] else { return Err(SealError::RevealBeforeSeal { index, side }) };
                if hashed(&value, 1).as_ref() != Some(before) {
                    return Err(SealError::ValueDoesNotMatch { index, side });
                }
                report.revealed[side] += 1;
                latest[side] = Some(value);
            }
            _ => {}
        }
    }
    Ok(report)
}

/// A received game checked against the one sent ([`verify_exchange`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// Commands in the received game after those sent.
    pub new_commands: usize,
    /// Die values revealed in the whole game, every one checked against its seal.
    pub reveals_verified: usize,
    /// Both sides have sealed their dice.
    pub sealed: bool,
}

impl fmt::Display for Exchange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural =
            |n: usize, one: &str, many: &str| format!("{} {}", crate::thousands(n), if n == 1 { one } else { many });
        write!(f, "continues: {}", plural(self.new_commands, "new command", "new commands"))?;
        if self.sealed {
            write!(f, ", {} verified", plural(self.reveals_verified, "dice reveal", "dice reveals"))
        } else {
            write!(f, "; the dice are not sealed")
        }
    }
}

/// Why a received game may not replace the one sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExchangeError {
    Diverges(Divergence),
    Seals(SealError),
}

impl ExchangeError {
    /// The index (from 0, into `commands`) of the first command at fault, if one is.
    pub fn first_command(&self) -> Option<usize> {
        match self {
            Self::Diverges(d) => d.first_command(),
            Self::Seals(s) => s.first_command(),
        }
    }
}

impl fmt::Display for ExchangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Diverges(d) => d.fmt(f),
            Self::Seals(s) => s.fmt(f),
        }
    }
}

impl std::error::Error for ExchangeError {}

/// Whether `received` may replace `sent` (issue 22 §1, §3, §4): it [`continues`] it, its sealed
/// dice hold ([`verify_seals`]), and, once both sides have sealed, its new moves were rolled
/// after one fresh value of their sender (P304): the first new command after any seal is a
/// reveal, and there is no other.
pub fn verify_exchange(sent: &Save, received: &Save) -> Result<Exchange, ExchangeError> {
    continues(sent, received).map_err(ExchangeError::Diverges)?;
    let report = verify_seals(received).map_err(ExchangeError::Seals)?;
    if report.sealed() {
        one_reveal_first(received, sent.commands.len()).map_err(ExchangeError::Seals)?;
    }
    let new_commands = received.commands.len() - sent.commands.len();
    Ok(Exchange { new_commands, reveals_verified: report.reveals(), sealed: report.sealed() })
}

/// P304: in the commands from `from` on, seals aside, a reveal comes first if anything does,
/// and no second reveal follows.
fn one_reveal_first(save: &Save, from: usize) -> Result<(), SealError> {
    let is = |line: &str, word: &str| line.split_whitespace().next() == Some(word);
    let mut stretch = save.commands.iter().enumerate().skip(from).filter(|(_, line)| !is(line, "seal-dice"));
    if let Some((index, line)) = stretch.next() {
        if !is(line, "reveal-dice") {
            return Err(SealError::NoRevealFirst { index });
        }
    }
    match stretch.find(|(_, line)| is(line, "reveal-dice")) {
        Some((index, _)) => Err(SealError::ExtraReveal { index }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_gives_the_published_values() {
        // FIPS 180-2, appendix B.1, and the empty message.
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(sha256_hex(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }

    #[test]
    fn each_value_of_a_chain_hashes_to_the_one_before_p303() {
        let chain = DiceChain::new(&[7; 32]);
        assert_eq!(chain.commitment(), chain.value(0).unwrap());
        for n in 1..4 {
            assert_eq!(hashed(&chain.value(n).unwrap(), 1), chain.value(n - 1));
        }
        assert_eq!(chain.value(CHAIN_LENGTH).unwrap(), "07".repeat(32), "the last value is the secret");
        assert_eq!(chain.value(CHAIN_LENGTH + 1), None);
        assert_ne!(DiceChain::new(&[8; 32]).commitment(), chain.commitment());
        assert_eq!(format!("{chain:?}"), "DiceChain { .. }", "the secret is never printed");
    }

    #[test]
    fn only_64_hex_digits_are_a_value() {
        assert_eq!(value_bytes(&"0a".repeat(32)), Some([10; 32]));
        assert_eq!(value_bytes(&"0a".repeat(31)), None);
        assert_eq!(value_bytes(&"zz".repeat(32)), None);
        assert_eq!(value_bytes(&"é".repeat(32)), None);
    }
}
