//! The bundled battles and random games on them, for the tests.

use sarissa_rules::game::Phase;
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Command, Dice, Game};
use sarissa_share::Battle;
use std::path::PathBuf;

/// Every battle in scenarios/, by id.
pub fn battles() -> Vec<Battle> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenarios/ is there")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            Battle::load(&f.to_string_lossy(), &text).unwrap()
        })
        .collect()
}

pub fn finder(battles: &[Battle]) -> impl Fn(&str) -> Option<Battle> + '_ {
    move |id| battles.iter().find(|b| b.scenario.meta.id == id).cloned()
}

/// A random game of `battle` of at most `limit` commands (fewer if the battle ends).
pub fn random_game(battle: &Battle, seed: u64, limit: usize) -> (Game, Vec<Command>) {
    let (mut game, _) = Game::new(battle.scenario.clone(), Dice::seeded(seed)).unwrap();
    let mut player = RandomPlayer::new(seed);
    let mut played = Vec::new();
    while played.len() < limit && !matches!(game.state.phase, Phase::Over { .. }) {
        let Some(c) = player.choose(&game) else { break };
        game.execute(&c).unwrap();
        played.push(c);
    }
    (game, played)
}
