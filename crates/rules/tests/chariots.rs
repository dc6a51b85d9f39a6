//! Chariots' turning (GBA 7.12, 7.15): two MP a vertex, and on the way one vertex a hex at most.

mod common;
use common::*;
use sarissa_rules::game::RuleError;
use sarissa_rules::map::hex::{HexId, Vertex};
use sarissa_rules::movement::{plan, reach};

/// A chariot (or, to compare, light horse) at 0305 facing E with 12 MP, alone but for a far enemy.
fn field(kind: &str) -> sarissa_rules::Game {
    let missile = if kind == "CH" { "J" } else { "" };
    let blue = vec![unit("car", kind, "", 3, 6, 12, missile, "0305", "E")];
    let (mut game, _) = two_armies(blue, vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")]).start(&[]);
    ok(&mut game, activate("hero"));
    game
}

/// A hex ahead of 0305 facing E, and the way back into 0305 from it: a turn of three vertices there.
fn out_and_back() -> (HexId, Vec<HexId>) {
    let ahead = h("0405");
    (ahead, vec![ahead, h("0305")])
}

#[test]
fn a_chariot_may_not_turn_more_than_one_vertex_in_a_hex_it_passes_through_gba_7_15() {
    let game = field("CH");
    let (_, path) = out_and_back();
    let err = plan(&game.scenario, &game.state, 0, &path, Vertex::W).unwrap_err();
    assert!(matches!(&err, RuleError::IllegalMove { rule: "7.15", .. }), "{err}");
    // Light horse may (7.12): three vertices at 1 MP each.
    let game = field("LC");
    assert!(plan(&game.scenario, &game.state, 0, &path, Vertex::W).is_ok());
}

#[test]
fn a_chariot_turns_freely_where_its_move_starts_and_ends_at_2_mp_a_vertex_gba_7_12_7_15() {
    let game = field("CH");
    let (ahead, _) = out_and_back();
    // Three vertices in its end hex: 1 hex + 3 × 2 MP.
    let d = plan(&game.scenario, &game.state, 0, &[ahead], Vertex::W).expect("turning where it ends");
    assert_eq!(d.mp, 1 + 6);
    // And in its start hex before going.
    let back = game.scenario.map.contains(h("0205"));
    assert!(back);
    let d = plan(&game.scenario, &game.state, 0, &[h("0205")], Vertex::W).expect("turning where it starts");
    assert_eq!(d.mp, 6 + 1);
    // The reachable hexes agree: it reaches its end hex facing any way, but never comes back
    // into its start hex by the hex ahead.
    let destinations = reach(&game.scenario, &game.state, 0).unwrap();
    assert!(destinations.iter().any(|d| d.hex == ahead && d.facing == Vertex::W && d.mp == 7));
    assert!(!destinations.iter().any(|d| d.path.len() == 2 && d.path[1] == h("0305")));
    for d in destinations.iter().filter(|d| d.path.len() >= 2) {
        assert!(plan(&game.scenario, &game.state, 0, &d.path, d.facing).is_ok(), "{d:?} offered but refused");
    }
}
