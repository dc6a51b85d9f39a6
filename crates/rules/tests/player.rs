//! The computer player (issue 21) through the front door: every command it gives is executed by
//! the rules, in every bundled battle; it finishes battles; its decisions depend on its seed and
//! what a player sees, not on the dice to come; and greedy really beats random.

use sarissa_rules::game::Phase;
use sarissa_rules::play::notation;
use sarissa_rules::play::player::{choose, choose_within, Budget, Level};
use sarissa_rules::{load, Dice, Game, Scenario};
use std::sync::Arc;

const BATTLES: [(&str, &str); 8] = [
    ("chaeronea", include_str!("../../../scenarios/chaeronea.toml")),
    ("granicus", include_str!("../../../scenarios/granicus.toml")),
    ("hydaspes", include_str!("../../../scenarios/hydaspes.toml")),
    ("issus", include_str!("../../../scenarios/issus.toml")),
    ("malayaketu", include_str!("../../../scenarios/malayaketu.toml")),
    ("pataliputra", include_str!("../../../scenarios/pataliputra.toml")),
    ("samarkand", include_str!("../../../scenarios/samarkand.toml")),
    ("takshashila", include_str!("../../../scenarios/takshashila.toml")),
];

fn battle(name: &str) -> Arc<Scenario> {
    let (_, text) = BATTLES.iter().find(|(n, _)| *n == name).expect("a bundled battle");
    Arc::new(load(&format!("scenarios/{name}.toml"), text).unwrap_or_else(|e| panic!("{e}")))
}

/// The level's own budget, except that hard rolls one move forward once: the same code paths in a
/// time a debug build affords (with its full budget an orders decision takes minutes there; the
/// full budget is played by `sarissa duel` and the browser's e2e).
fn budget(level: Level) -> Budget {
    match level {
        Level::Hard => Budget { rolls: (1, 1), ..level.budget() },
        _ => level.budget(),
    }
}

/// Plays up to `commands` commands, each side at its level; every command must be accepted.
/// Returns the game as it stands.
fn play(name: &str, levels: [Level; 2], seed: u64, commands: usize) -> Game {
    let (mut game, _) = Game::new(battle(name), Dice::seeded(seed)).unwrap();
    for n in 0..commands {
        let Some(side) = game.decider() else { break };
        let command = choose_within(&game, levels[side], seed + side as u64, budget(levels[side]))
            .unwrap_or_else(|| panic!("{name}: {} found no command at decision {n}", levels[side].name()));
        if let Err(e) = game.execute(&command) {
            panic!(
                "{name}: {} gave `{}` at decision {n}, refused: {e}",
                levels[side].name(),
                notation::format(&command)
            );
        }
    }
    game
}

/// A short soak of `level` against random in every bundled battle, on each side in turn (debug
/// builds are slow: the first activations of each battle).
fn soak(level: Level) {
    for (k, (name, _)) in BATTLES.iter().enumerate() {
        let levels = if k % 2 == 0 { [level, Level::Random] } else { [Level::Random, level] };
        play(name, levels, k as u64, 40);
    }
}

#[test]
fn greedy_gives_only_legal_commands_in_every_bundled_battle() {
    soak(Level::Greedy);
}

#[test]
fn easy_gives_only_legal_commands_in_every_bundled_battle() {
    soak(Level::Easy);
}

#[test]
fn hard_gives_only_legal_commands_in_every_bundled_battle() {
    soak(Level::Hard);
}

/// Hard against hard and against easy, further into every bundled battle: its rolled-forward
/// orders, shocks and reactions are all accepted by the rules.
#[test]
fn hard_against_hard_and_easy_gives_only_legal_commands_in_every_bundled_battle() {
    for (k, (name, _)) in BATTLES.iter().enumerate() {
        let other = if k % 2 == 0 { Level::Hard } else { Level::Easy };
        let levels = if k % 4 < 2 { [Level::Hard, other] } else { [other, Level::Hard] };
        play(name, levels, 100 + k as u64, 60);
    }
}

/// Hard's orders (the moves it rolls forward with dice of its own) are the same for the same
/// seed and position, whatever dice the game holds.
#[test]
fn hard_orders_depend_on_the_seed_and_the_position_not_on_the_dice_to_come() {
    let mut game = play("issus", [Level::Random, Level::Random], 5, 0);
    let mut orders = 0;
    for _ in 0..60 {
        let Some(side) = game.decider() else { break };
        let first = choose_within(&game, Level::Hard, 21, budget(Level::Hard));
        if matches!(game.state.phase, Phase::Orders { .. }) {
            orders += 1;
            assert_eq!(
                choose_within(&game, Level::Hard, 21, budget(Level::Hard)),
                first,
                "the same seed and position give the same orders"
            );
            let mut other_dice = game.clone();
            other_dice.state.dice = Dice::seeded(4242);
            assert_eq!(
                choose_within(&other_dice, Level::Hard, 21, budget(Level::Hard)),
                first,
                "the orders do not read the dice to come"
            );
            if orders == 2 {
                // Each hard orders decision rolls its moves forward: two are enough, and a debug
                // build takes minutes over more.
                break;
            }
        }
        let c = if side == 0 { first.unwrap() } else { choose(&game, Level::Easy, 3).unwrap() };
        game.execute(&c).unwrap();
    }
    assert!(orders >= 2, "only {orders} orders decisions were met");
}

fn winner(game: &Game) -> Option<Option<usize>> {
    match game.state.phase {
        Phase::Over { winner } => Some(winner),
        _ => None,
    }
}

#[test]
fn greedy_and_easy_finish_a_bundled_battle() {
    for level in [Level::Greedy, Level::Easy] {
        let game = play("samarkand", [level, level], 3, 3000);
        assert!(winner(&game).is_some(), "{} against itself did not finish Samarkand", level.name());
    }
}

#[test]
fn a_decision_depends_on_the_seed_and_the_position_not_on_the_dice_to_come() {
    let mut game = play("granicus", [Level::Random, Level::Random], 7, 0);
    let mut differs = false;
    for _ in 0..60 {
        let side = game.decider().unwrap();
        let level = if side == 0 { Level::Hard } else { Level::Easy };
        let first = choose(&game, level, 11);
        assert_eq!(choose(&game, level, 11), first, "the same seed and position give the same decision");
        // The dice the state will roll next are hidden from the player.
        let mut other_dice = game.clone();
        other_dice.state.dice = Dice::seeded(999);
        assert_eq!(choose(&other_dice, level, 11), first, "the decision does not read the dice to come");
        differs |= choose(&game, Level::Random, 1) != choose(&game, Level::Random, 2);
        game.execute(&first.unwrap()).unwrap();
    }
    assert!(differs, "the random player's seed changes its choices");
}

#[test]
fn greedy_beats_random_in_most_games_of_samarkand() {
    let mut greedy_wins = 0;
    for seed in 0..4 {
        let red = play("samarkand", [Level::Greedy, Level::Random], seed, 3000);
        greedy_wins += usize::from(winner(&red) == Some(Some(0)));
        let blue = play("samarkand", [Level::Random, Level::Greedy], seed, 3000);
        greedy_wins += usize::from(winner(&blue) == Some(Some(1)));
    }
    assert!(greedy_wins >= 6, "greedy won {greedy_wins} of 8 games against random");
}
