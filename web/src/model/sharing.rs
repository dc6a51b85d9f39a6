//! Sharing a game of the library as links, and opening links: the encoding is
//! `sarissa_share`'s, the same the CLI's `sarissa link` uses.

use crate::model::scenarios;
use crate::model::session::{restore, Restoring, Session, Stored};
use sarissa_share::{
    decode_game_link, decode_position_link, encode_game_link, encode_position_link, open_position, Position,
};

/// Past this many characters a link is cut or refused by many chat and mail programs: the file
/// is the better way to send the game.
pub const LONG_LINK: usize = 2_000;

/// The links of a stored game: its whole history (none for a game begun from a position, whose
/// history starts there), and the position it stands at now.
#[derive(Clone, Debug, PartialEq)]
pub struct Links {
    pub game: Option<String>,
    pub position: String,
}

/// The links of the game stored as `json`.
pub fn links(json: &str) -> Result<Links, String> {
    let stored: Stored =
        sarissa_share::read_json(json).map_err(|_| "That game's save could not be read.".to_string())?;
    let (session, _) = restore(json, scenarios::battle)?;
    let game = match stored.start {
        Some(_) => None,
        None => Some(encode_game_link(&stored.save, scenarios::battle).map_err(|e| e.to_string())?),
    };
    let position = Position::of(&session.game, stored.save.fingerprint.clone(), stored.save.options.clone());
    let position = encode_position_link(&position, scenarios::battle).map_err(|e| e.to_string())?;
    Ok(Links { game, position })
}

/// The game a link holds: a game link replayed (up to its last good move, saying so), a
/// position link as a new game that begins there.
pub fn open(link: &str) -> Restoring {
    if sarissa_share::is_position_link(link) {
        let position = decode_position_link(link, scenarios::battle).map_err(|e| e.to_string())?;
        let opened = open_position(&position, scenarios::battle).map_err(|e| e.to_string())?;
        let session = Session::at_position(opened.game, position.options.clone(), link.to_string());
        return Ok((session, opened.note));
    }
    let save = decode_game_link(link, scenarios::battle).map_err(|e| e.to_string())?;
    restore(&save.to_json(), scenarios::battle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sarissa_rules::scenario::OptionChanges;
    use std::sync::Arc;

    #[test]
    fn a_game_travels_by_either_link_to_the_same_position() {
        let scenario = Arc::new(scenarios::load("issus").unwrap());
        let mut s = Session::new(scenario, 12, OptionChanges::new()).unwrap();
        for c in sarissa_rules::play::playout::random_game(&mut s.game.clone(), 12, 60) {
            s.execute(c).unwrap();
        }
        let links = links(&s.to_json()).unwrap();
        let game_link = links.game.clone().unwrap();
        assert!(game_link.starts_with("g2.") && links.position.starts_with("p2."));
        let (by_history, note) = open(&game_link).unwrap();
        assert_eq!(note, None);
        assert_eq!(by_history.game.state_hash(), s.game.state_hash());
        assert_eq!(by_history.commands, s.commands);
        let (by_position, _) = open(&links.position).unwrap();
        assert_eq!(by_position.game.state_hash(), s.game.state_hash());
        // A game begun from a position shares only its position.
        assert_eq!(super::links(&by_position.to_json()).unwrap().game, None);
    }

    #[test]
    fn a_damaged_link_is_refused_in_plain_words() {
        for bad in ["g1.", "g1.!!!", "p1.AAAA", "g1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "g2.", "p2.AAAA"] {
            let why = open(bad).err().unwrap_or_default();
            assert!(!why.is_empty() && !why.contains("EOF") && !why.contains("column"), "{bad}: {why}");
        }
    }
}
