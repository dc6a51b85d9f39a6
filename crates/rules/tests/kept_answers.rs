//! Answers kept while a question lasts (issue 19, "Fast and small"): inside a
//! `map::zoc::ZocScope` a leader's command range (GBA 4.21) is worked out once for a state and
//! kept; it must be the answer worked out afresh, also after the state changes inside the scope,
//! and in the next scope about the same battle (`ZocScope::for_battle`), whatever was asked of
//! another battle in between.

use sarissa_rules::command::orders::command_range;
use sarissa_rules::map::zoc::ZocScope;
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Dice, Game};
use std::sync::Arc;

/// Every leader's command range at `game`, sorted.
fn ranges_of(game: &Game) -> Vec<Vec<(String, u8)>> {
    (0..game.scenario.leaders.len())
        .map(|l| {
            let mut range: Vec<_> =
                command_range(&game.scenario, &game.state, l).into_iter().map(|(h, d)| (h.to_string(), d)).collect();
            range.sort();
            range
        })
        .collect()
}

/// A new game of battle file `name` (text `text`) with dice and a random player of `seed`.
fn random_game(name: &str, text: &str, seed: u64) -> (Game, RandomPlayer) {
    let scenario = Arc::new(sarissa_rules::load(name, text).unwrap_or_else(|e| panic!("{e}")));
    (Game::new(scenario, Dice::seeded(seed)).unwrap().0, RandomPlayer::new(seed))
}

#[test]
fn a_command_range_kept_in_a_scope_is_the_one_worked_out_afresh_as_the_state_changes_gba_4_21() {
    let (mut game, mut player) = random_game("issus.toml", include_str!("../../../scenarios/issus.toml"), 7);
    let scope = ZocScope::enter();
    let mut compared = 0;
    for _ in 0..300 {
        // Worked out on another thread, where no scope keeps anything.
        let outside = game.clone();
        let afresh = std::thread::spawn(move || ranges_of(&outside)).join().unwrap();
        // Asked twice in the scope: worked out and kept, then the kept answers.
        assert_eq!(ranges_of(&game), afresh);
        assert_eq!(ranges_of(&game), afresh);
        compared += 1;
        // The scope lives on while the state changes under it.
        let Some(command) = player.choose(&game) else { break };
        game.execute(&command).unwrap();
    }
    drop(scope);
    assert!(compared >= 100, "only {compared} commands");
}

#[test]
fn zones_of_control_kept_past_a_scope_are_those_worked_out_afresh_in_two_battles_by_turns_gba_7_21() {
    use sarissa_rules::map::zoc::{enemy_zoc, shared_enemy_zoc};
    let battle = |name: &str, text: &str| Arc::new(sarissa_rules::load(name, text).unwrap_or_else(|e| panic!("{e}")));
    let battles = [
        battle("issus.toml", include_str!("../../../scenarios/issus.toml")),
        battle("hydaspes.toml", include_str!("../../../scenarios/hydaspes.toml")),
    ];
    let mut games = battles.map(|b| Game::new(b, Dice::seeded(3)).unwrap().0);
    let mut players = [RandomPlayer::new(3), RandomPlayer::new(3)];
    for step in 0..240 {
        // The two games by turns: what one battle's game kept must never answer for the other's.
        let k = step % 2;
        let game = &mut games[k];
        let afresh = [0, 1].map(|side| enemy_zoc(&game.scenario, &game.state, side));
        {
            // A new scope of the game's battle starts from what the last command kept.
            let _scope = ZocScope::for_battle(&game.scenario);
            let kept = [0, 1].map(|side| (*shared_enemy_zoc(&game.scenario, &game.state, side)).clone());
            assert_eq!(kept, afresh, "step {step}");
        }
        let Some(command) = players[k].choose(game) else { continue };
        game.execute(&command).unwrap();
    }
}

/// Both sides' enemy zones at `game`, each sorted.
fn zones_of(game: &Game) -> Vec<Vec<(String, Vec<usize>)>> {
    use sarissa_rules::map::zoc::shared_enemy_zoc;
    (0..2)
        .map(|side| {
            let zoc = shared_enemy_zoc(&game.scenario, &game.state, side);
            let mut zones: Vec<_> = zoc.iter().map(|(h, units)| (h.to_string(), units.clone())).collect();
            zones.sort();
            zones
        })
        .collect()
}

/// Kept zones and ranges are given again while what they read is unchanged (a friendly unit's move
/// keeps the enemy zones, and a range unless the unit came into or left an enemy zone): along
/// random games of a GBA battle, a CG battle with camps (CG 12.1) and one with a city (CG 12.2),
/// every answer kept across the commands is the one worked out afresh.
#[test]
fn zones_and_ranges_kept_across_moves_are_those_worked_out_afresh_gba_4_21_7_21_cg_12_31() {
    for (name, text) in [
        ("issus.toml", include_str!("../../../scenarios/issus.toml")),
        ("malayaketu.toml", include_str!("../../../scenarios/malayaketu.toml")),
        ("pataliputra.toml", include_str!("../../../scenarios/pataliputra.toml")),
    ] {
        let (mut game, mut player) = random_game(name, text, 11);
        let scope = ZocScope::enter();
        let mut zones_unchanged = 0;
        for step in 0..250 {
            let outside = game.clone();
            let afresh = std::thread::spawn(move || (ranges_of(&outside), zones_of(&outside))).join().unwrap();
            let zones_before = zones_of(&game);
            assert_eq!((ranges_of(&game), zones_before.clone()), afresh, "{name} step {step}");
            let Some(command) = player.choose(&game) else { break };
            game.execute(&command).unwrap();
            zones_unchanged += usize::from(zones_of(&game) == zones_before);
        }
        drop(scope);
        // Zones outlived many commands, so kept answers were given again across them.
        assert!(zones_unchanged > 50, "{name}: {zones_unchanged}");
    }
}

/// The entry costs of the map as drawn are kept in a table (`scenario::DrawnEntryCosts`), asked
/// while no palisade is breached and no tower destroyed: for every bundled battle, category, hex
/// and neighbour it gives what the cost worked out hex by hex gives (forced here by a breach
/// between two hexes off the map, which changes no hexside), GBA 6.21 and CG 12.31.
#[test]
fn drawn_entry_costs_are_those_worked_out_hex_by_hex_gba_6_21_cg_12_31() {
    use sarissa_rules::charts::movement_costs::MoveCategory;
    use sarissa_rules::movement::entry_cost;
    use sarissa_rules::{HexId, Hexside};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut battles: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
    battles.retain(|p| p.extension().is_some_and(|x| x == "toml"));
    assert!(battles.len() >= 8, "{battles:?}");
    for path in battles {
        let text = std::fs::read_to_string(&path).unwrap();
        let scenario = Arc::new(sarissa_rules::load(&path.to_string_lossy(), &text).unwrap_or_else(|e| panic!("{e}")));
        let (game, _) = Game::new(scenario.clone(), Dice::seeded(1)).unwrap();
        let mut by_hex = game.state.clone();
        by_hex.breaches.push((HexId::new(0, 0), HexId::new(0, 1)));
        let mut compared = 0;
        for category in MoveCategory::ALL {
            for from in scenario.map.hexes() {
                for to in Hexside::ALL.into_iter().filter_map(|side| from.neighbour(side)) {
                    let drawn = entry_cost(&scenario, &game.state, category, from, to);
                    assert_eq!(drawn, entry_cost(&scenario, &by_hex, category, from, to), "{path:?} {from} {to}");
                    compared += usize::from(drawn.is_some());
                }
            }
        }
        assert!(compared > 1000, "{path:?}: {compared}");
    }
}

/// Every unit's destinations at each orders decision of a random game of `battle`.
fn all_destinations(game: &Game) -> Vec<Vec<sarissa_rules::movement::Destination>> {
    let units = sarissa_rules::play::legal::movers(game);
    units.iter().map(|&u| sarissa_rules::play::legal::destinations(&game.scenario, &game.state, u)).collect()
}

/// The movement search keeps its table of poses from one search to the next (emptied where it
/// wrote), and writes out a destination's path only when asked (`movement::Ends`): along random
/// games of a GBA battle with two-hex phalanxes and a CG battle on a map of another size, asked by
/// turns, every unit's destinations are those asked again afresh after a search of the other
/// battle, and each destination picked alone is the one listed whole (GBA 6.31, 6.61).
#[test]
fn destinations_picked_one_by_one_after_searches_elsewhere_are_those_listed_whole_gba_6_31() {
    use sarissa_rules::play::legal::{destination_ends, movers};
    let (mut issus, mut issus_player) = random_game("issus.toml", include_str!("../../../scenarios/issus.toml"), 5);
    let (mut other, mut other_player) =
        random_game("pataliputra.toml", include_str!("../../../scenarios/pataliputra.toml"), 5);
    assert_ne!(
        (issus.scenario.map.columns, issus.scenario.map.rows),
        (other.scenario.map.columns, other.scenario.map.rows)
    );
    let (mut compared, mut two_hex) = (0, 0);
    for step in 0..160 {
        for (game, elsewhere) in [(&issus, &other), (&other, &issus)] {
            let first = all_destinations(game);
            let _ = all_destinations(elsewhere);
            assert_eq!(all_destinations(game), first, "step {step}");
            for (&u, listed) in movers(game).iter().zip(&first) {
                let ends = destination_ends(&game.scenario, &game.state, u);
                let picked: Vec<_> = (0..ends.len()).filter_map(|k| ends.written_at(k)).collect();
                assert_eq!(&picked, listed, "step {step}, unit {u}");
                compared += picked.len();
                two_hex += picked.iter().filter(|d| d.placement.is_two_hex()).count();
            }
        }
        for (game, player) in [(&mut issus, &mut issus_player), (&mut other, &mut other_player)] {
            if let Some(command) = player.choose(game) {
                game.execute(&command).unwrap();
            }
        }
    }
    assert!(compared > 10_000 && two_hex > 1_000, "{compared} destinations, {two_hex} of two-hex units");
}
