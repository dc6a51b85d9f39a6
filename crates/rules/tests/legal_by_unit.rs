//! The legal commands asked unit by unit (issue 19): the decision's own commands, the units
//! that may move, and each unit's moves make up exactly the whole list.

use sarissa_rules::play::legal::{decision_commands, legal_commands, movers, unit_moves};
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Command, Dice, Game};
use std::sync::Arc;

fn issus() -> Arc<sarissa_rules::Scenario> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/issus.toml");
    let text = std::fs::read_to_string(path).expect("the bundled Issus");
    Arc::new(sarissa_rules::load(path, &text).expect("a valid battle"))
}

fn sorted(v: Vec<Command>) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|c| format!("{c:?}")).collect();
    v.sort();
    v
}

#[test]
fn the_decision_commands_and_each_units_moves_are_the_legal_commands() {
    let (mut game, _) = Game::new(issus(), Dice::seeded(3)).expect("a battle starts");
    let mut player = RandomPlayer::new(3);
    let mut orders_decisions = 0;
    for _ in 0..300 {
        let movers = movers(&game);
        let mut split = decision_commands(&game);
        for &i in &movers {
            split.extend(unit_moves(&game, i));
        }
        let moves = split.iter().filter(|c| matches!(c, Command::Move { .. })).count();
        if !movers.is_empty() && moves > 0 {
            orders_decisions += 1;
        }
        assert_eq!(sorted(split), sorted(legal_commands(&game)));
        let not_a_mover = (0..game.scenario.units.len()).find(|i| !movers.contains(i));
        assert!(not_a_mover.is_none_or(|i| unit_moves(&game, i).is_empty()));
        let Some(command) = player.choose(&game) else { break };
        game.execute(&command).expect("the random player's command is legal");
    }
    assert!(orders_decisions >= 20, "only {orders_decisions} orders decisions with moves");
}
