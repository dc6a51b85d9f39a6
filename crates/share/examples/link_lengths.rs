//! Measures link lengths on the bundled battles (docs/links.md):
//! `cargo run --profile cli -p sarissa-share --example link_lengths`. Random games, seed 1 for
//! positions (a link at every point of a whole battle) and 2 for game links; tests/link_lengths.rs
//! asserts the targets on the same games.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{battles, finder, longest_position_link, random_game};
use sarissa_rules::scenario::OptionChanges;
use sarissa_share::*;

const POSITION_TARGET: usize = 1_000;
const GAME_TARGET: usize = 2_000;

fn verdict(length: usize, target: usize) -> &'static str {
    if length <= target {
        "within target"
    } else {
        "OVER TARGET"
    }
}

fn main() {
    let battles = battles();
    println!("position links: battle, at the start, after the whole battle, longest (after commands of all)");
    let mut longest_of_all = 0;
    for battle in &battles {
        let (game, _) = random_game(battle, 1, 0);
        let position = Position::of(&game, Some(battle.fingerprint.clone()), OptionChanges::new());
        let start = encode_position_link(&position, finder(&battles)).unwrap().len();
        let (longest, at, played, end) = longest_position_link(&battles, battle, 1);
        longest_of_all = longest_of_all.max(longest);
        println!("{:12} {start:6} {end:6} {longest:6} (after {at} of {played})", battle.scenario.meta.id);
    }
    let target = POSITION_TARGET;
    println!("position links: the longest is {longest_of_all}, {} ({target})", verdict(longest_of_all, target));
    println!("game links: battle, commands, length");
    let mut issus_500 = None;
    for battle in &battles {
        let (_, commands) = random_game(battle, 2, 100_000);
        for n in [100, 500, 1000, commands.len()] {
            if n > commands.len() {
                continue;
            }
            let save = Save::new(battle, 2, OptionChanges::new(), &commands[..n]);
            let link = encode_game_link(&save, finder(&battles)).unwrap();
            println!("{:12} {n:6} {:6}", battle.scenario.meta.id, link.len());
            if battle.scenario.meta.id == "issus" && n == 500 {
                issus_500 = Some(link.len());
            }
        }
    }
    let length = issus_500.expect("a random game of Issus has 500 commands");
    println!("game links: Issus after 500 commands is {length}, {} ({GAME_TARGET})", verdict(length, GAME_TARGET));
}
