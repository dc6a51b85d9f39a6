//! The length targets of docs/links.md, on the random battles the `link_lengths` example measures:
//! a position link at any point of a whole random battle (seed 1) of every bundled battle is at
//! most 1,000 characters; the game link of the first 500 commands of a random game of Issus
//! (seed 2), at most 2,000. One test a battle, so that they run side by side.

mod common;

use common::{battles, finder, longest_position_link, random_game};
use sarissa_rules::scenario::OptionChanges;
use sarissa_share::*;

const POSITION_TARGET: usize = 1_000;
const GAME_TARGET: usize = 2_000;

fn position_links_of(id: &str) {
    let battles = battles();
    let battle = battles.iter().find(|b| b.scenario.meta.id == id).unwrap();
    let (longest, at, played, _) = longest_position_link(&battles, battle, 1);
    assert!(
        longest <= POSITION_TARGET,
        "{id}: a position link of {longest} characters, after {at} of {played} commands"
    );
}

#[test]
fn chaeronea_position_links_are_short() {
    position_links_of("chaeronea");
}

#[test]
fn granicus_position_links_are_short() {
    position_links_of("granicus");
}

#[test]
fn hydaspes_position_links_are_short() {
    position_links_of("hydaspes");
}

#[test]
fn issus_position_links_are_short() {
    position_links_of("issus");
}

#[test]
fn malayaketu_position_links_are_short() {
    position_links_of("malayaketu");
}

#[test]
fn pataliputra_position_links_are_short() {
    position_links_of("pataliputra");
}

#[test]
fn samarkand_position_links_are_short() {
    position_links_of("samarkand");
}

#[test]
fn takshashila_position_links_are_short() {
    position_links_of("takshashila");
}

#[test]
fn every_bundled_battle_is_measured() {
    let ids: Vec<String> = battles().iter().map(|b| b.scenario.meta.id.clone()).collect();
    let measured =
        ["chaeronea", "granicus", "hydaspes", "issus", "malayaketu", "pataliputra", "samarkand", "takshashila"];
    assert_eq!(ids, measured, "a battle was added or renamed: give it a test above");
}

#[test]
fn an_issus_game_link_of_500_commands_is_short() {
    let battles = battles();
    let issus = battles.iter().find(|b| b.scenario.meta.id == "issus").unwrap();
    let (_, commands) = random_game(issus, 2, 500);
    assert_eq!(commands.len(), 500);
    let link = encode_game_link(&Save::new(issus, 2, OptionChanges::new(), &commands), finder(&battles)).unwrap();
    assert!(link.len() <= GAME_TARGET, "{} characters", link.len());
}
