//! Hard's first order when a line command is open (GBA 4.3, issue 21), pinned in two positions
//! of Chaeronea through the front door. Hard rolls the widest line command and its best single
//! moves forward under the same dice and gives whichever ends better; the rule it replaced gave
//! the line whenever it had more units free of the enemy than the leader had orders. The first
//! position has a long line and two orders, and hard moves one unit; the second has a short line
//! and six orders, and hard gives the line. Each test also states the count, so it fails if the
//! choice reverted to it.

use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::play::notation;
use sarissa_rules::play::player::{choose, Level};
use sarissa_rules::{load, Dice, Game};
use std::sync::Arc;

const CHAERONEA: &str = include_str!("../../../scenarios/chaeronea.toml");

/// Hard against hard, seeds 1 (Macedonians) and 2 (Greeks), dice seed 1, up to Philip's orders.
const TO_PHILIPS_ORDERS: &str = include_str!("fixtures/chaeronea-to-philips-orders.txt");

/// The seed each side's hard player was given in the fixture's game (1 + side).
fn seed_of(side: usize) -> u64 {
    1 + side as u64
}

/// Chaeronea with dice seed 1, played through the first `commands` of the fixture's script.
fn chaeronea_after(commands: usize) -> Game {
    let scenario = Arc::new(load("scenarios/chaeronea.toml", CHAERONEA).unwrap());
    let (mut game, _) = Game::new(scenario, Dice::seeded(1)).unwrap();
    let script = TO_PHILIPS_ORDERS.lines().filter_map(|l| notation::parse(l).unwrap_or_else(|e| panic!("{l}: {e}")));
    for command in script.take(commands) {
        game.execute(&command).unwrap_or_else(|e| panic!("{}: {e}", notation::format(&command)));
    }
    game
}

/// The leader giving orders, his orders left, and the most units of one line command of his
/// that stand more than a hex from every enemy (what the old count weighed).
fn orders_and_widest_free_line(game: &Game) -> (String, u8, usize) {
    let (s, st) = (&*game.scenario, &game.state);
    let Phase::Orders { leader, orders_left, ordered, line: None, .. } = &st.phase else {
        panic!("not at the start of a leader's orders: {:?}", st.phase)
    };
    assert!(ordered.is_empty(), "{leader} has already ordered {ordered:?}");
    let li = s.leaders.iter().position(|l| &l.id == leader).unwrap();
    let side = s.leaders[li].side;
    // The enemy's combat units standing on the map (the player's `standing`).
    let enemies: Vec<usize> = (0..s.units.len())
        .filter(|&e| s.units[e].side != side && !st.units[e].eliminated && !st.units[e].routed)
        .filter(|&e| st.units[e].placement.hexes().all(|h| s.map.contains(h)))
        .collect();
    let free = |u: usize| {
        enemies
            .iter()
            .flat_map(|&e| st.units[e].placement.hexes())
            .all(|e| st.units[u].placement.hexes().all(|h| h.distance(e) > 1))
    };
    let widest = sarissa_rules::command::line::options(s, st, li)
        .iter()
        .map(|(_, _, _, units)| units.iter().filter(|&&u| free(u)).count())
        .max()
        .expect("a line command is open");
    (leader.clone(), *orders_left, widest)
}

/// Hard's command at this decision, for the side to decide, and the events it gives.
fn hard_decides(game: &mut Game) -> (Command, Vec<Event>) {
    let side = game.decider().expect("someone decides");
    let command = choose(game, Level::Hard, seed_of(side)).expect("hard gives a command");
    let events = game.execute(&command).unwrap_or_else(|e| panic!("{} refused: {e}", notation::format(&command)));
    (command, events)
}

/// Lysicles opens the Greeks' first turn with two orders and a hoplite line of sixteen units
/// out of reach of the enemy. The count would give the line; rolled forward, moving the Athenian
/// archers into bow range of the Thracians ends better, and hard orders them alone.
#[test]
fn hard_moves_one_unit_where_a_line_of_sixteen_was_open_to_a_leader_with_two_orders() {
    let mut game = chaeronea_after(3);
    let (leader, orders, free) = orders_and_widest_free_line(&game);
    assert_eq!((leader.as_str(), orders, free), ("lysicles", 2, 16), "the count would give the line");
    let (command, events) = hard_decides(&mut game);
    let Command::Move { unit, .. } = &command else {
        panic!("hard gave `{}`, not a single move", notation::format(&command))
    };
    assert_eq!(unit, "athenian-archers");
    assert!(!events.iter().any(|e| matches!(e, Event::LineDeclared { .. })));
    let archers = game.scenario.units.iter().position(|u| u.id == "athenian-archers").unwrap();
    assert_eq!(game.state.units[archers].placement.hexes().map(|h| h.to_string()).collect::<Vec<_>>(), ["3027"]);
    let Phase::Orders { orders_left, line: None, .. } = &game.state.phase else { panic!("{:?}", game.state.phase) };
    assert_eq!(*orders_left, 1, "one order spent, one left for another unit");
}

/// Philip's first orders, six of them, with a line of three hypaspists out of the enemy's reach.
/// The count would spend his orders one by one; rolled forward, the line ends better, and hard
/// gives it: the three hypaspists move as a body.
#[test]
fn hard_gives_a_line_of_three_to_a_leader_with_six_orders() {
    let mut game = chaeronea_after(usize::MAX);
    let (leader, orders, free) = orders_and_widest_free_line(&game);
    assert_eq!((leader.as_str(), orders, free), ("philip", 6, 3), "the count would give single moves");
    let (command, events) = hard_decides(&mut game);
    let Command::LineCommand { anchor, .. } = &command else {
        panic!("hard gave `{}`, not a line command", notation::format(&command))
    };
    assert_eq!(notation::format(&command), "line HI/HY from hypaspists-1 abreast");
    assert_eq!(anchor, "hypaspists-1");
    let declared = events.iter().find_map(|e| match e {
        Event::LineDeclared { leader, units, .. } => Some((leader.clone(), units.clone())),
        _ => None,
    });
    assert_eq!(
        declared,
        Some(("philip".to_string(), ["hypaspists-1", "hypaspists-2", "hypaspists-3"].map(String::from).to_vec()))
    );
}

/// The choice is the seed's and the position's: asked again with the same seed, or with other
/// dice waiting in the game, hard gives the same first order in both positions.
#[test]
fn hards_choice_between_line_and_single_moves_is_reproducible_from_the_seed() {
    for game in [chaeronea_after(3), chaeronea_after(usize::MAX)] {
        let side = game.decider().unwrap();
        let first = choose(&game, Level::Hard, seed_of(side)).unwrap();
        assert_eq!(choose(&game, Level::Hard, seed_of(side)), Some(first.clone()));
        let mut other_dice = game.clone();
        other_dice.state.dice = Dice::seeded(4242);
        assert_eq!(choose(&other_dice, Level::Hard, seed_of(side)), Some(first), "the dice to come are not read");
    }
}
