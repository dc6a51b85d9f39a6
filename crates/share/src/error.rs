use std::fmt;

/// Why a game file or a link cannot be opened, in words a player understands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// Not a Sarissa game file at all (another kind of file, or empty).
    NotAGameFile,
    /// A Sarissa game file, but a part of it is missing or spoilt: the part, as "its list of moves".
    DamagedFile { part: &'static str, how: &'static str },
    /// A game file from a newer version of Sarissa.
    NewerFormat(u32),
    /// A link this version cannot read: not a Sarissa link, or one from a newer version.
    NotALink,
    /// A link of a newer kind than this version reads.
    NewerLink(String),
    /// A link whose letters were changed or cut (copied in part, for instance).
    DamagedLink,
    /// A game link made with another version of the battle file: its units would be misread.
    NotForThisBattle,
    /// The battle is not one this copy of Sarissa has.
    UnknownBattle(String),
    /// The game asks for optional rules the battle does not offer.
    AlteredOptions(String),
    /// A position that does not fit the battle (set up on another version of it).
    PositionDoesNotFit { older_battle: bool },
    /// The battle itself cannot begin with these settings (a fault of the battle file).
    BattleCannotBegin(String),
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotAGameFile => write!(f, "This is not a Sarissa game file."),
            Self::DamagedFile { part, how } => write!(f, "The game file is damaged: {part} {how}."),
            Self::NewerFormat(n) => write!(
                f,
                "This game file was written by a newer version of Sarissa (format {n}); update Sarissa to open it."
            ),
            Self::NotALink => write!(f, "This is not a Sarissa game link."),
            Self::NewerLink(prefix) => write!(
                f,
                "This link was made by a newer version of Sarissa (it starts “{prefix}”); update Sarissa to open it."
            ),
            Self::DamagedLink => {
                write!(f, "The link is damaged: some of its letters are changed or missing. Copy the whole link again.")
            }
            Self::NotForThisBattle => write!(
                f,
                "This link was made with another version of the battle than this copy of Sarissa has; \
                 ask for the game file instead."
            ),
            Self::UnknownBattle(id) => {
                write!(f, "This game is of a battle this copy of Sarissa does not have: “{id}”.")
            }
            Self::AlteredOptions(why) => {
                write!(f, "The game asks for optional rules the battle does not offer: {why}.")
            }
            Self::PositionDoesNotFit { older_battle: true } => write!(
                f,
                "This position was set up on an earlier version of the battle and does not fit the battle as it is now."
            ),
            Self::PositionDoesNotFit { older_battle: false } => {
                write!(f, "The position does not fit the battle: the link was altered.")
            }
            Self::BattleCannotBegin(why) => write!(f, "The battle cannot begin: {why}."),
        }
    }
}

impl std::error::Error for ShareError {}
