//! Forming the combats of a shock segment (GBA 9.12; rulings P72), with loaded dice.

mod common;
use common::*;
use sarissa_rules::combat::shock_segment::{combat_ids, groupings};
use sarissa_rules::game::{CombatGroup, Command, Event, Phase};
use sarissa_rules::map::hex::Hexside;
use sarissa_rules::play::legal::legal_commands;

/// Blue's hypaspists ("a") touch red's MI ("x") and slingers ("y"); blue's MI ("b"),
/// below "a", touch only the slingers — the rulebook's second 9.12 example in one-hex units.
fn field() -> (Field, [String; 4]) {
    let a = h("0505");
    let (x, y, b) =
        (a.neighbour(Hexside::NE).unwrap(), a.neighbour(Hexside::SE).unwrap(), a.neighbour(Hexside::S).unwrap());
    let [a, b, x, y] = [a, b, x, y].map(|hex| hex.to_string());
    let blue = vec![unit("a", "HI", "HY", 5, 6, 5, "", &a, "E"), unit("b", "MI", "", 4, 5, 5, "", &b, "NE")];
    let red = vec![unit("x", "MI", "", 4, 5, 5, "", &x, "W"), unit("y", "SK", "S", 1, 4, 6, "S", &y, "W")];
    (two_armies(blue, red), [a, b, x, y])
}

fn group(attackers: &[&str], defenders: &[&str]) -> CombatGroup {
    let ids = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    CombatGroup { attackers: ids(attackers), defenders: ids(defenders) }
}

fn to_the_shock(dice: &[u8]) -> sarissa_rules::Game {
    let (field, _) = field();
    let (mut game, _) = field.start(dice);
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    assert!(matches!(game.state.phase, Phase::Shock { .. }), "{:?}", game.state.phase);
    game
}

#[test]
fn the_attacker_may_split_the_connected_combat_as_9_12_allows_gba_9_12() {
    let game = to_the_shock(&[]);
    let both = vec!["a".to_string(), "b".to_string()];
    let ways = groupings(&game.scenario, &game.state, &both);
    let named = |combats: &Vec<sarissa_rules::combat::shock_segment::Combat>| {
        combats.iter().map(|c| combat_ids(&game.scenario, c)).collect::<Vec<_>>()
    };
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    // Together (the connected group), or the hypaspists on the hoplites and the MI on the slingers.
    assert_eq!(ways.len(), 2, "{ways:?}");
    assert_eq!(named(&ways[0]), vec![(s(&["a", "b"]), s(&["x", "y"]))]);
    assert_eq!(named(&ways[1]), vec![(s(&["a"]), s(&["x"])), (s(&["b"]), s(&["y"]))]);
    assert!(legal_commands(&game).iter().any(|c| matches!(c, Command::ShockCombats { combats } if combats.len() == 2)));
}

#[test]
fn two_combats_formed_by_the_player_are_resolved_apart_gba_9_12() {
    let mut game = to_the_shock(&[5; 16]);
    let events = ok(&mut game, Command::ShockCombats { combats: vec![group(&["a"], &["x"]), group(&["b"], &["y"])] });
    let fought: Vec<(Vec<String>, Vec<String>)> = events
        .iter()
        .filter_map(|e| match e {
            Event::ShockResolved { attackers, defenders, .. } => Some((attackers.clone(), defenders.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        fought,
        vec![(vec!["a".to_string()], vec!["x".to_string()]), (vec!["b".to_string()], vec!["y".to_string()])],
        "{events:?}"
    );
    assert!(events.contains(&Event::ShockDesignated { leader: "hero".into(), attackers: vec!["a".into(), "b".into()] }));
}

#[test]
fn combats_that_break_9_12_are_refused_and_say_why_gba_9_12() {
    for (combats, why) in [
        (vec![group(&["a"], &["y"])], "must attack"),
        (vec![group(&["a"], &["x"]), group(&["b"], &["x"])], "attacked once"),
        (vec![group(&["a"], &["x", "y"]), group(&["a"], &["y"])], "attacks once"),
        (vec![group(&["b"], &["x"])], "none of its combat's defenders"),
    ] {
        let mut game = to_the_shock(&[]);
        let refused = game.execute(&Command::ShockCombats { combats }).unwrap_err().to_string();
        assert!(refused.contains("9.12") && refused.contains(why), "{refused}");
        assert!(matches!(game.state.phase, Phase::Shock { .. }), "nothing happened");
    }
}
