//! Rules of both books the engine plays, fourth pass (issue 18 §3): each shown through
//! `Game::execute` with loaded dice on a field set to the Chandragupta or the Alexander rules.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::Game;

const CG: &str = "chandragupta";
const GBA: &str = "alexander";

// --- Where a withdrawal may not go (GBA 6.75, CG 6.66) -----------------------------------

/// Blue's infantry marches up to two hexes of red's light cavalry, which may step back into
/// clear 0905 or rocky 0906; it tries `to`.
fn withdraw_into(rules: &'static str, to: &str) -> (Game, Result<Vec<Event>, String>) {
    let f = Field {
        rules,
        terrain: vec![("0906", 'r')],
        ..two_armies(
            vec![unit("blue", "MI", "", 4, 5, 5, "", "0305", "E")],
            vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
        )
    };
    let (mut game, _) = f.start(&[0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(
        matches!(&game.state.phase, Phase::Reaction { withdrawers, .. } if withdrawers == &vec!["red".to_string()]),
        "{:?}",
        game.state.phase
    );
    let command =
        Command::Withdraw { unit: "red".into(), path: vec![h(to)], facing: Vertex::W, fire: false, with: None };
    let result = game.execute(&command).map_err(|e| e.to_string());
    (game, result)
}

#[test]
fn a_withdrawal_may_end_in_a_rocky_hex_though_it_is_rough_gba_6_75() {
    let (game, result) = withdraw_into(GBA, "0906");
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(game.state.units[1].placement, Placement::One(h("0906")));
}

#[test]
fn no_withdrawal_into_any_rough_hex_rocky_included_cg_6_66() {
    let (game, result) = withdraw_into(CG, "0906");
    let err = result.unwrap_err();
    assert!(err.contains("6.66"), "{err}");
    assert_eq!(game.state.units[1].placement, Placement::One(h("0805")));
    // Clear 0905 stays open.
    let (game, result) = withdraw_into(CG, "0905");
    assert!(result.is_ok(), "{result:?}");
    assert_eq!(game.state.units[1].placement, Placement::One(h("0905")));
}
