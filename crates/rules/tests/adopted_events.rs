//! A game that takes on another copy's events (`Game::adopt`: the app's page takes the
//! computer's commands from its worker that way, issue 19) ends exactly where carrying out the
//! commands leaves it — the state, and after a chariot dismounts the counters' sides (CG 10.28).

use sarissa_rules::game::{Command, Dice};
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::play::Game;
use std::sync::Arc;

fn battle(id: &str) -> Arc<sarissa_rules::Scenario> {
    let path = format!("{}/../../scenarios/{id}.toml", env!("CARGO_MANIFEST_DIR"));
    Arc::new(sarissa_rules::load(&path, &std::fs::read_to_string(&path).unwrap()).unwrap())
}

/// Plays `commands` random commands of `id` from `seed`, each carried out on one copy and
/// adopted by another from its events; every state the same. Returns whether a chariot dismounted.
fn executed_and_adopted_agree(id: &str, seed: u64, commands: usize) -> bool {
    let base = battle(id);
    let (mut played, _) = Game::new(base.clone(), Dice::seeded(seed)).unwrap();
    let mut adopting = played.clone();
    let (mut player, mut dismounted) = (RandomPlayer::new(seed), false);
    for n in 0..commands {
        let Some(command) = player.choose(&played) else { break };
        let events = played.execute(&command).unwrap_or_else(|e| panic!("{id} #{n} {command:?} refused: {e}"));
        adopting.adopt(&events);
        assert_eq!(adopting.state, played.state, "{id} seed {seed}: the states part after #{n} {command:?}");
        dismounted |= matches!(command, Command::Dismount { .. });
        if dismounted {
            assert_eq!(*adopting.scenario, *played.scenario, "{id}: the counters' sides part after #{n}");
        }
    }
    assert_eq!(adopting.state_hash(), played.state_hash());
    dismounted
}

#[test]
fn adopting_the_events_of_every_battle_leaves_the_game_where_carrying_out_does() {
    for id in ["samarkand", "chaeronea", "granicus", "issus", "hydaspes", "pataliputra", "malayaketu", "takshashila"] {
        executed_and_adopted_agree(id, 7, 400);
    }
}

#[test]
fn adopting_a_dismount_turns_the_chariot_to_its_foot_side_cg_10_28() {
    // Malayaketu's camp: a random game dismounts a chariot within its first turns (cg_dismount.rs).
    assert!((1..=8).any(|seed| executed_and_adopted_agree("malayaketu", seed, 600)), "no chariot dismounted");
}
