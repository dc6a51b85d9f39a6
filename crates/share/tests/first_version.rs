//! Links already sent, of the first versions (`g1.`, `p1.`), still open: a random game of
//! Samarkand and one of Issus, 60 commands each (seed 9, named "Old link"), as the version before
//! `g2.` and `p2.` wrote them. Each game link replays to the state its position link holds.

mod common;

use common::{battles, finder, FIRST_VERSION_LINKS};
use sarissa_share::*;

#[test]
fn game_and_position_links_of_the_first_version_still_open() {
    let battles = battles();
    for (id, game_link, position_link) in FIRST_VERSION_LINKS {
        assert!(game_link.starts_with("g1.") && position_link.starts_with("p1."));
        let save = decode_game_link(game_link, finder(&battles)).unwrap();
        assert_eq!((save.scenario.as_str(), save.seed, save.commands.len()), (id, 9, 60));
        assert_eq!(save.name.as_deref(), Some("Old link"));
        let restored = restore(&save, finder(&battles)).unwrap();
        assert_eq!(restored.problem, None, "{id}");
        let position = decode_position_link(position_link, finder(&battles)).unwrap();
        assert!(is_position_link(position_link) && !is_position_link(game_link));
        let opened = open_position(&position, finder(&battles)).unwrap();
        assert_eq!(opened.game.state_hash(), restored.game.state_hash(), "{id}");
        // Written again, they are links of this version that open to the same.
        let again = encode_position_link(&position, finder(&battles)).unwrap();
        assert!(again.starts_with(POSITION_LINK_PREFIX) && again.len() < position_link.len());
        assert_eq!(decode_position_link(&again, finder(&battles)).unwrap(), position);
        let again = encode_game_link(&save, finder(&battles)).unwrap();
        assert!(again.starts_with(GAME_LINK_PREFIX) && again.len() < game_link.len());
        assert_eq!(decode_game_link(&again, finder(&battles)).unwrap(), save);
    }
}

/// The positions the browser tests open (tests/e2e/fixtures), `p1.` links taken from long random
/// games: each opens, and as a link of this version opens to the same state.
#[test]
fn the_browser_tests_positions_open_as_either_version() {
    let battles = battles();
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/e2e/fixtures");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "link"));
    assert!(files.len() >= 3);
    for file in files {
        let link = std::fs::read_to_string(&file).unwrap();
        let position = decode_position_link(link.trim(), finder(&battles)).unwrap();
        let opened = open_position(&position, finder(&battles)).unwrap();
        let again = encode_position_link(&position, finder(&battles)).unwrap();
        assert!(again.starts_with(POSITION_LINK_PREFIX) && again.len() < link.trim().len(), "{file:?}");
        let reopened =
            open_position(&decode_position_link(&again, finder(&battles)).unwrap(), finder(&battles)).unwrap();
        assert_eq!(reopened.game.state_hash(), opened.game.state_hash(), "{file:?}");
    }
}
