//! Sealed dice for games played apart (issue 22; rulings P300–P302): each side commits to the
//! last value of a secret hash chain, then reveals the chain's values one by one, the sides
//! taking turns; every reveal draws the dice anew from both sides' latest values, so neither
//! side can pick them. These commands stand outside the sequence of play: they are given
//! whatever the phase, by the program on each side's device, and never offered as moves.
//!
//! The engine keeps the order and the form; that each value hashes to the one before it is
//! checked where the hash lives, in `sarissa_share::verify_seals` (P303).

use crate::game::{Event, RuleError, SealedDice, Tx};
use crate::Command;

/// Carries out a seal or a reveal; `None` for every other command.
pub fn execute(tx: &mut Tx, command: &Command) -> Option<Result<(), RuleError>> {
    match command {
        Command::SealDice { side, commitment } => Some(seal(tx, *side, commitment)),
        Command::RevealDice { side, value } => Some(reveal(tx, *side, value)),
        _ => None,
    }
}

/// P300: a side seals once, with 64 lowercase hex digits (a SHA-256 value).
fn seal(tx: &mut Tx, side: usize, commitment: &str) -> Result<(), RuleError> {
    check_form(side, commitment, "P300", "the seal")?;
    let sealed = tx.state.sealed_dice.clone().unwrap_or_default();
    if sealed.commitments[side].is_some() {
        return Err(refusal("P300", format!("side {} has sealed its dice already", side + 1)));
    }
    tx.emit(Event::DiceSealed { side, commitment: commitment.to_string() });
    Ok(())
}

/// P301: a value is revealed once both sides have sealed; P302: the sides take turns.
fn reveal(tx: &mut Tx, side: usize, value: &str) -> Result<(), RuleError> {
    check_form(side, value, "P301", "the value")?;
    let sealed = tx.state.sealed_dice.clone().unwrap_or_default();
    if sealed.commitments.iter().any(Option::is_none) {
        return Err(refusal("P301", "a value is revealed only once both sides have sealed their dice".into()));
    }
    if sealed.last_revealer == Some(side) {
        return Err(refusal("P302", format!("side {} revealed last: the other side reveals next", side + 1)));
    }
    let seed = mixed_seed(&sealed, side, value, tx.state.turn);
    tx.emit(Event::DiceRevealed { side, value: value.to_string(), seed });
    Ok(())
}

fn check_form(side: usize, hex: &str, rule: &'static str, what: &str) -> Result<(), RuleError> {
    if side > 1 {
        return Err(refusal(rule, format!("there are two sides, 0 and 1, not {side}")));
    }
    let is_hash = hex.len() == 64 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !is_hash {
        return Err(refusal(rule, format!("{what} must be 64 hex digits (0-9, a-f)")));
    }
    Ok(())
}

fn refusal(rule: &'static str, reason: String) -> RuleError {
    RuleError::SealedDice { rule, reason }
}

/// P301: the seed of the dice after `side` reveals `value`: both sides' latest values (a side
/// that has revealed nothing yet counts with its commitment), the turn and the number of values
/// revealed so far, mixed by FNV-1a and SplitMix64's finaliser. Not a cryptographic hash, and it
/// need not be: every input was fixed by a commitment before either side could see the other's.
fn mixed_seed(sealed: &SealedDice, side: usize, value: &str, turn: u16) -> u64 {
    let latest = |s: usize| {
        if s == side {
            value
        } else {
            sealed.revealed[s].as_deref().or(sealed.commitments[s].as_deref()).unwrap_or("")
        }
    };
    let mut bytes = Vec::with_capacity(140);
    bytes.extend_from_slice(b"sarissa sealed dice");
    bytes.extend_from_slice(latest(0).as_bytes());
    bytes.extend_from_slice(latest(1).as_bytes());
    bytes.extend_from_slice(&turn.to_le_bytes());
    bytes.extend_from_slice(&sealed.reveals.to_le_bytes());
    let fnv = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3));
    splitmix64_finish(fnv)
}

/// SplitMix64's output function: spreads every input bit over the whole word.
fn splitmix64_finish(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
