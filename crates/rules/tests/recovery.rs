//! Recovery (GBA 10.16; CG 11.13, D67): an individual order takes cohesion hits off a unit in the
//! clear, away from the enemy.

mod common;
use common::*;
use sarissa_rules::effects::recovery::recoverers;
use sarissa_rules::game::{Command, Event, Phase};

fn recover(unit: &str) -> Command {
    Command::Recover { unit: unit.into() }
}

/// Blue foot at 0305 with 3 hits; red `enemy` where the test puts it.
fn game_with(rules: &'static str, enemy: String, terrain: Vec<(&'static str, char)>) -> sarissa_rules::Game {
    let blue = vec![unit("foot", "MI", "", 4, 6, 5, "", "0305", "E")];
    let field = Field { rules, terrain, ..two_armies(blue, vec![enemy]) };
    let (mut game, _) = field.start(&[]);
    game.state.units[0].hits = 3;
    ok(&mut game, activate("hero"));
    game
}

fn far_foot() -> String {
    unit("far", "MI", "", 4, 5, 5, "", "1109", "W")
}

#[test]
fn two_hits_come_off_a_unit_in_the_clear_with_no_enemy_near_by_an_order_gba_10_16() {
    let mut game = game_with("alexander", far_foot(), vec![]);
    assert_eq!(recoverers(&game.scenario, &game.state), vec![(0, 2)]);
    let events = ok(&mut game, recover("foot"));
    assert_eq!(events, vec![Event::UnitRecovered { leader: "hero".into(), unit: "foot".into(), hits: 2 }]);
    assert_eq!(game.state.units[0].hits, 1);
    assert!(
        matches!(&game.state.phase, Phase::Orders { orders_left: 1, ordered, .. } if ordered == &vec!["foot".to_string()])
    );
    // Once per phase: it has had its order.
    assert!(game.execute(&recover("foot")).is_err());
}

#[test]
fn within_reach_of_enemy_archers_one_hit_in_gba_and_none_in_cg_gba_10_16_cg_11_13_w40() {
    // Archers four hexes off, in sight: within their range (foot bow, 4).
    let archers = || unit("bows", "LI", "A", 3, 5, 5, "A", "0705", "W");
    let mut game = game_with("alexander", archers(), vec![]);
    let events = ok(&mut game, recover("foot"));
    assert!(events.contains(&Event::UnitRecovered { leader: "hero".into(), unit: "foot".into(), hits: 1 }));
    let mut game = game_with("chandragupta", archers(), vec![]);
    let err = game.execute(&recover("foot")).unwrap_err().to_string();
    assert!(err.contains("10.16"), "{err}");
    assert!(recoverers(&game.scenario, &game.state).is_empty());
}

#[test]
fn light_horse_that_could_harass_it_count_as_within_reach_gba_10_16() {
    // Javelin light horse four hexes off: out of javelin range, within harassment reach (8.32).
    let horse = unit("horse", "LC", "J", 2, 5, 8, "J", "0705", "W");
    let mut game = game_with("alexander", horse, vec![]);
    assert_eq!(recoverers(&game.scenario, &game.state), vec![(0, 1)]);
    ok(&mut game, recover("foot"));
    assert_eq!(game.state.units[0].hits, 2);
}

#[test]
fn no_recovery_beside_the_enemy_off_clear_ground_or_without_hits_gba_10_16() {
    let mut game = game_with("alexander", unit("near", "MI", "", 4, 5, 5, "", "0405", "W"), vec![]);
    assert!(game.execute(&recover("foot")).unwrap_err().to_string().contains("beside an enemy"));
    let mut game = game_with("alexander", far_foot(), vec![("0305", 'w')]);
    assert!(game.execute(&recover("foot")).unwrap_err().to_string().contains("clear ground"));
    // Nothing to recover.
    let mut game = game_with("alexander", far_foot(), vec![]);
    game.state.units[0].hits = 0;
    assert!(game.execute(&recover("foot")).is_err());
}
