//! Whether a game received from the other player continues the one this device sent (issue 22,
//! play apart): same battle, battle file, dice seed and optional rules, and every command sent
//! still there, unchanged and in its place. Only then may the received game replace ours.

use crate::Save;
use std::fmt;

/// How a received game fails to continue the one sent, in the order [`continues`] checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Divergence {
    /// A game of another battle: the battle ids, as the saves name them.
    OtherBattle { sent: String, received: String },
    /// The same battle, played on another version of its file (their fingerprints differ).
    BattleFileDiffers,
    /// The dice were seeded differently.
    SeedDiffers,
    /// The optional rules differ.
    OptionsDiffer,
    /// The received game lacks commands the sent one had: it cannot continue it.
    FewerMoves { sent: usize, received: usize },
    /// A command sent is changed, removed or moved: `index` counts from 0 in `commands`.
    HistoryDiffers { index: usize },
}

impl Divergence {
    /// The index (from 0, into `commands`) of the first sent command the received game does not
    /// keep, for the differences in the history; `None` when the games differ before any move.
    pub fn first_command(&self) -> Option<usize> {
        match self {
            Self::FewerMoves { received, .. } => Some(*received),
            Self::HistoryDiffers { index } => Some(*index),
            _ => None,
        }
    }
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OtherBattle { sent, received } => {
                write!(f, "this is a game of another battle ({}, not {})", battle_name(received), battle_name(sent))
            }
            Self::BattleFileDiffers => write!(f, "the battle file differs from the one the game was sent with"),
            Self::SeedDiffers => write!(f, "the dice seed differs"),
            Self::OptionsDiffer => write!(f, "the optional rules differ"),
            Self::FewerMoves { sent, received } => write!(
                f,
                "it has fewer moves than the one you sent ({} instead of at least {})",
                crate::thousands(*received),
                crate::thousands(*sent)
            ),
            // Players count commands from 1, as the log does.
            Self::HistoryDiffers { index } => {
                write!(f, "the history differs from the one you sent, at command {}", crate::thousands(index + 1))
            }
        }
    }
}

impl std::error::Error for Divergence {}

/// A battle id as a player reads it: `issus` as `Issus`, `malayaketu` as `Malayaketu`.
fn battle_name(id: &str) -> String {
    let mut chars = id.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Whether `received` continues `sent`: the same battle, battle file, seed and options, and
/// `received.commands` begins with every one of `sent.commands`. The first difference found is
/// returned; the game's name may differ (each player names their copy).
pub fn continues(sent: &Save, received: &Save) -> Result<(), Divergence> {
    if sent.scenario != received.scenario {
        return Err(Divergence::OtherBattle { sent: sent.scenario.clone(), received: received.scenario.clone() });
    }
    if sent.fingerprint != received.fingerprint {
        return Err(Divergence::BattleFileDiffers);
    }
    if sent.seed != received.seed {
        return Err(Divergence::SeedDiffers);
    }
    if sent.options != received.options {
        return Err(Divergence::OptionsDiffer);
    }
    if let Some(index) = sent.commands.iter().zip(&received.commands).position(|(a, b)| a != b) {
        return Err(Divergence::HistoryDiffers { index });
    }
    if received.commands.len() < sent.commands.len() {
        return Err(Divergence::FewerMoves { sent: sent.commands.len(), received: received.commands.len() });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent() -> Save {
        crate::save::sample_save()
    }

    fn with(change: impl FnOnce(&mut Save)) -> Save {
        let mut save = sent();
        change(&mut save);
        save
    }

    fn divergence(received: Save) -> Divergence {
        continues(&sent(), &received).unwrap_err()
    }

    #[test]
    fn a_game_with_more_moves_continues_the_one_sent() {
        assert_eq!(continues(&sent(), &sent()), Ok(()));
        let longer = with(|s| s.commands.push("activate scythian-chief".into()));
        assert_eq!(continues(&sent(), &longer), Ok(()));
        let renamed = with(|s| s.name = Some("Rematch".into()));
        assert_eq!(continues(&sent(), &renamed), Ok(()));
    }

    #[test]
    fn a_game_of_another_battle_is_named() {
        let issus = divergence(with(|s| s.scenario = "issus".into()));
        assert_eq!(issus.to_string(), "this is a game of another battle (Issus, not Samarkand)");
        assert_eq!(issus.first_command(), None);
    }

    #[test]
    fn another_battle_file_seed_or_options_are_named() {
        let file = divergence(with(|s| s.fingerprint = Some("fedcba9876543210".into())));
        assert_eq!(file, Divergence::BattleFileDiffers);
        assert_eq!(file.to_string(), "the battle file differs from the one the game was sent with");
        assert_eq!(divergence(with(|s| s.fingerprint = None)), Divergence::BattleFileDiffers);
        let seed = divergence(with(|s| s.seed = 6));
        assert_eq!((seed.to_string().as_str(), seed.first_command()), ("the dice seed differs", None));
        let options = divergence(with(|s| s.options.clear()));
        assert_eq!(options.to_string(), "the optional rules differ");
    }

    #[test]
    fn a_changed_command_is_named_by_its_number() {
        let changed = divergence(with(|s| {
            s.commands[1] = "activate sogdian-chief".into();
            s.commands.push("end".into());
        }));
        assert_eq!(changed, Divergence::HistoryDiffers { index: 1 });
        assert_eq!(changed.first_command(), Some(1));
        assert_eq!(changed.to_string(), "the history differs from the one you sent, at command 2");
    }

    #[test]
    fn reordered_or_removed_commands_are_caught() {
        let swapped = divergence(with(|s| s.commands.swap(1, 2)));
        assert_eq!(swapped.first_command(), Some(1));
        let first_removed = divergence(with(|s| {
            s.commands.remove(0);
        }));
        assert_eq!(first_removed, Divergence::HistoryDiffers { index: 0 });
    }

    #[test]
    fn a_shorter_game_does_not_continue_the_one_sent() {
        let shorter = divergence(with(|s| {
            s.commands.pop();
        }));
        assert_eq!(shorter, Divergence::FewerMoves { sent: 3, received: 2 });
        assert_eq!(shorter.first_command(), Some(2));
        assert_eq!(shorter.to_string(), "it has fewer moves than the one you sent (2 instead of at least 3)");
    }

    #[test]
    fn big_command_numbers_are_grouped() {
        let late = Divergence::HistoryDiffers { index: 1213 };
        assert_eq!(late.to_string(), "the history differs from the one you sent, at command 1,214");
    }
}
