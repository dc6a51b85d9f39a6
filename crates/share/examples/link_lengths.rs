//! Measures link lengths on the bundled battles (docs/links.md):
//! `cargo run --profile cli -p sarissa-share --example link_lengths`.

#[path = "../tests/common/mod.rs"]
mod common;

use common::{battles, finder, random_game};
use sarissa_rules::scenario::OptionChanges;
use sarissa_share::*;

fn main() {
    let battles = battles();
    println!("position links: battle, at the start, after a whole random battle (commands)");
    for battle in &battles {
        let id = &battle.scenario.meta.id;
        let length = |limit| {
            let (game, commands) = random_game(battle, 1, limit);
            let position = Position::of(&game, Some(battle.fingerprint.clone()), OptionChanges::new());
            (encode_position_link(&position, finder(&battles)).unwrap().len(), commands.len(), game)
        };
        let (start, _, _) = length(0);
        let (end, played, game) = length(100_000);
        println!("{id:12} {start:6} {end:6} ({played} commands, turn {}, {:?})", game.state.turn, over(&game));
    }
    println!("game links: battle, commands, length");
    for battle in &battles {
        let (_, commands) = random_game(battle, 2, 100_000);
        for n in [100, 500, 1000, commands.len()] {
            if n > commands.len() {
                continue;
            }
            let save = Save::new(battle, 2, OptionChanges::new(), &commands[..n]);
            let link = encode_game_link(&save, finder(&battles)).unwrap();
            println!("{:12} {n:6} {:6}", battle.scenario.meta.id, link.len());
        }
    }
}

fn over(game: &sarissa_rules::Game) -> bool {
    matches!(game.state.phase, sarissa_rules::game::Phase::Over { .. })
}
