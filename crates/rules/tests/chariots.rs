//! Chariots' turning (GBA 7.12, 7.15): two MP a vertex, and on the way one vertex a hex at most.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, RuleError};
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

/// Pataliputra on turn 2 as two random computer players left it (tests/data/pataliputra-chariot-turn.toml),
/// at the horse master's orders: Chariots N1 at 2605 facing W, an enemy chariot's zone of control in 2507.
fn pataliputra_chariots() -> sarissa_rules::Game {
    let text = include_str!("data/pataliputra-chariot-turn.toml");
    position_at("pataliputra-chariot-turn.toml", text, &[0; 12], "horse-master")
}

#[test]
fn every_move_listed_for_a_chariot_turns_only_where_the_rules_let_it_cg_7_15_7_23() {
    // A duel (`pataliputra --seed 57`) was offered 2506 2406 2507 facing E and then had it
    // refused: the search's path ran through a turn of several vertices that only a move
    // ending there may make (7.15), and then turned inside the enemy's zone of control (7.23).
    let game = pataliputra_chariots();
    let car = game.scenario.units.iter().position(|u| u.id == "chariots-n1").expect("in the battle");
    let moves = sarissa_rules::play::legal::unit_moves(&game, car);
    assert!(moves.len() > 50, "{}", moves.len());
    for m in &moves {
        if let Err(e) = game.clone().execute(m) {
            panic!("listed but refused: {m:?}: {e}");
        }
    }
    let into_zoc = [h("2505"), h("2405"), h("2406"), h("2507")];
    let listed = Command::Move {
        unit: "chariots-n1".into(),
        path: into_zoc.to_vec(),
        facing: Vertex::E,
        column: false,
        with: None,
    };
    assert!(moves.contains(&listed), "2507 facing E, turning one vertex a hex on the way");
    // It goes two hexes, turns one vertex in 2405 and arrives beside the enemy chariot in 2406
    // facing SE, where that chariot may react before it goes on into 2507 (7.16).
    let events = game.clone().execute(&listed).expect("listed");
    assert_eq!(
        events.first(),
        Some(&Event::UnitMoved {
            unit: "chariots-n1".into(),
            path: into_zoc[..3].to_vec(),
            placement: sarissa_rules::scenario::units::Placement::One(h("2406")),
            facing: Vertex::SE,
            mp: 5
        })
    );
    assert!(
        matches!(events.get(1), Some(Event::ReactionOffered { reactors, remaining, facing: Vertex::E, spent: 5, .. })
            if reactors == &vec!["chariots-2".to_string()] && remaining == &vec![h("2507")]),
        "{events:?}"
    );
    let err = game.clone().execute(&mv("chariots-n1", &["2506", "2406", "2507"], Vertex::E)).unwrap_err();
    assert!(matches!(&err, RuleError::IllegalMove { rule: "7.23", .. }), "{err}");
}
