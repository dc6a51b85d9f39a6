//! Sharing a battle: `.sarissa` game files and game and position links, read and written the
//! same way by the browser and the CLI. Pure data and logic, no I/O.
//!
//! - A game file is readable JSON: the battle, the dice seed, the optional rules and every move
//!   in the script notation ([`Save`]). Opening one replays its moves ([`restore`]).
//! - A game link (`g2.`) is the same save, packed small for a URL fragment ([`encode_game_link`]).
//! - A position link (`p2.`) carries the state of the battle now instead of its history
//!   ([`encode_position_link`]).
//! - A game received from the other player is checked to continue the one sent ([`continues`]).
//! - Sealed dice: neither player of a game played apart can pick a die ([`DiceChain`],
//!   [`verify_exchange`]).
//! - Links of the first version (`g1.`, `p1.`) still open; docs/links.md has the formats.
//!
//! Nothing read from outside panics: every reader returns a [`ShareError`] said plainly.

#[cfg(test)]
mod altered_payloads;
mod bytes;
mod continuation;
mod error;
mod game_link;
mod json_code;
mod patch;
mod position_link;
mod restore;
mod save;
mod sealed;
mod state_code;

pub use continuation::{continues, Divergence};
pub use error::ShareError;
pub use game_link::{decode_game_link, encode_game_link, GAME_LINK_PREFIX};
pub use position_link::{
    decode_position_link, encode_position_link, is_position_link, open_position, OpenedPosition, Position,
    POSITION_LINK_PREFIX,
};
pub use restore::{restore, ReplayProblem, Restored};
pub use save::{read_save, Save, SAVE_FORMAT};
pub use sealed::{
    verify_exchange, verify_seals, DiceChain, Exchange, ExchangeError, SealError, SealReport, CHAIN_LENGTH,
    SEALED_DICE_HELP,
};

use sarissa_rules::Scenario;
use std::sync::Arc;

/// Reads JSON text as `T` through a JSON value, as every typed read of this crate and the app
/// does: each type's reader is then built for the value alone, not once more for text (issue 19:
/// the app's wasm 18 KB gzip smaller for the worker's requests alone).
pub fn read_json<T: serde::de::DeserializeOwned>(text: &str) -> serde_json::Result<T> {
    serde_json::from_str::<serde_json::Value>(text).and_then(serde_json::from_value)
}

/// `value` as JSON laid out to be read ([`pretty_json`] of its compact text).
pub fn write_json_pretty<T: serde::Serialize>(value: &T) -> String {
    pretty_json(&serde_json::to_string(value).unwrap_or_default())
}

/// JSON `text` laid out to be read, through a JSON value for the same reason as [`read_json`]:
/// the layout is built for the value alone, not once more for each type written. Text that is
/// not JSON comes back as it was.
pub fn pretty_json(text: &str) -> String {
    read_json::<serde_json::Value>(text).and_then(|v| serde_json::to_string_pretty(&v)).unwrap_or_else(|_| text.into())
}

/// A battle as this build has it: the scenario and the fingerprint of its file.
#[derive(Clone, Debug)]
pub struct Battle {
    pub scenario: Arc<Scenario>,
    pub fingerprint: String,
}

impl Battle {
    /// Loads a battle file; `file` names it in the loader's report.
    #[cfg(feature = "battle-files")]
    pub fn load(file: &str, text: &str) -> Result<Self, sarissa_rules::LoadError> {
        Ok(Self { scenario: Arc::new(sarissa_rules::load(file, text)?), fingerprint: fingerprint(text) })
    }
}

/// The kind of link `text` (or the address it ends) looks like, of any version: its letter, as
/// `g` for `g2.…`: a letter, then digits, then a dot.
fn link_kind(text: &str) -> Option<char> {
    let text = text.rsplit('#').next().unwrap_or(text).trim_start().trim_start_matches('/');
    let mut chars = text.chars();
    let kind = chars.next().filter(char::is_ascii_lowercase)?;
    let rest = chars.as_str();
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (digits > 0 && rest[digits..].starts_with('.')).then_some(kind)
}

/// Whether `text` (or the address it ends) looks like a game or position link of any version,
/// a newer one included: to open it, rather than pass it by, and say what it is.
pub fn is_link(text: &str) -> bool {
    matches!(link_kind(text), Some('g' | 'p'))
}

/// A stable fingerprint of a battle file's text: FNV-1a 64, as 16 lowercase hex digits. Equal on
/// every platform, so a save can tell whether it was played on the battle file it is opened with.
pub fn fingerprint(text: &str) -> String {
    format!("{:016x}", fnv1a64(text.as_bytes()))
}

pub(crate) fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Shown to a player: `1191` as `1,191`.
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_numbers_are_grouped_by_thousands() {
        assert_eq!(thousands(7), "7");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1191), "1,191");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn links_are_told_by_their_kind_and_version() {
        for link in ["g1.AbC", "g2.x", "p1.x", "p2.", "#/p12.x", "https://x.org/#g9.abc"] {
            assert!(is_link(link), "{link}");
        }
        for text in ["", "g", "g.", "gx.1", "x1.abc", "play", "battle/issus", "G2.x"] {
            assert!(!is_link(text), "{text}");
        }
        assert!(is_position_link("p1.x") && is_position_link("#p2.x") && !is_position_link("g2.x"));
    }

    #[test]
    fn the_fingerprint_is_fnv1a_64_in_hex() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(fingerprint(""), "cbf29ce484222325");
        assert_eq!(fingerprint("a"), "af63dc4c8601ec8c");
    }

    #[test]
    fn json_read_through_a_value_keeps_what_the_text_says_up_to_u64() {
        // A dice stream's state is a u64 past i64: it comes back whole.
        assert_eq!(read_json::<u64>(&u64::MAX.to_string()).unwrap(), u64::MAX);
        assert_eq!(read_json::<Vec<f64>>("[0.1, -2.5e-3]").unwrap(), vec![0.1, -2.5e-3]);
        // Past u64 a value holds a float: the odds' exact counts (u128) are read from the text.
        let count = 10u128.pow(38) - 1;
        assert!(read_json::<u128>(&count.to_string()).map_or(true, |n| n != count));
        assert_eq!(serde_json::from_str::<u128>(&count.to_string()).unwrap(), count);
        // Pretty writing lays out the same value.
        let pretty = write_json_pretty(&vec![1, 2]);
        assert_eq!(pretty, "[\n  1,\n  2\n]");
        assert_eq!(read_json::<Vec<u8>>(&pretty).unwrap(), vec![1, 2]);
        assert_eq!(pretty_json("[1,2]"), pretty);
        assert_eq!(pretty_json("not json"), "not json");
    }
}
