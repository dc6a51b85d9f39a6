//! Fire and shock across a Chandragupta camp's fortifications (CG 12.18, 9.17[3] with the camp
//! shifts C1–C2 of charts-draft §2; rulings P165–P169).
//!
//! Blue's camp on the test field (as in `cg_camps.rs`), along row 05 going east:
//!
//! ```text
//! 0505 outside | berm | 0605 outer (4, clear) | palisade | 0705 third (c) | thorns | 0805 second (c) | wagons | 0905, 0906 royal (c)
//!                       0605 | camp gate | 0706 third (c)
//! ```

mod common;
use common::*;
use sarissa_rules::charts::column_shifts::ShiftCondition;
use sarissa_rules::combat::shock_segment::{preview_combats, Combat};
use sarissa_rules::game::Dice;
use sarissa_rules::play::Game;
use std::sync::Arc;

fn start(f: &Field) -> Game {
    start_camp(f, &[])
}

fn idx(game: &Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

// ---- Shock across the camp's works (C1, C2) -------------------------------------------------

fn hi(id: &str, at: &str, facing: &str) -> String {
    unit(id, "HI", "HY", 5, 6, 5, "", at, facing)
}

fn mi(id: &str, at: &str, facing: &str) -> String {
    unit(id, "MI", "", 4, 5, 5, "", at, facing)
}

/// The camp shifts of a combat of red's `attackers` on blue's `defenders`.
fn camp_shifts(f: &Field, attackers: &[&str], defenders: &[&str]) -> Vec<ShiftCondition> {
    let game = start(f);
    let combat = Combat {
        attackers: attackers.iter().map(|a| idx(&game, a)).collect(),
        defenders: defenders.iter().map(|d| idx(&game, d)).collect(),
    };
    let previews = preview_combats(&game.scenario, &game.state, &[combat]);
    previews[0]
        .1
        .conditions
        .iter()
        .map(|a| a.condition)
        .filter(|c| matches!(c, ShiftCondition::AcrossCampObstacle | ShiftCondition::AcrossCampWallOrGate))
        .collect()
}

#[test]
fn an_attack_over_the_berm_shifts_one_left_cg_9_17_c1() {
    let f = camp_field(vec![mi("def", "0605", "W")], vec![hi("a", "0505", "E")], 2, 6);
    assert_eq!(camp_shifts(&f, &["a"], &["def"]), vec![ShiftCondition::AcrossCampObstacle]);
    // Out of the camp over the same berm: the same (P165).
    let f = camp_field(vec![mi("def", "0505", "E")], vec![hi("a", "0605", "W")], 2, 6);
    assert_eq!(camp_shifts(&f, &["a"], &["def"]), vec![ShiftCondition::AcrossCampObstacle]);
}

#[test]
fn an_attack_over_the_palisade_or_the_gate_shifts_two_left_cg_9_17_c2() {
    let f = camp_field(vec![mi("def", "0705", "W")], vec![hi("a", "0605", "E")], 2, 6);
    assert_eq!(camp_shifts(&f, &["a"], &["def"]), vec![ShiftCondition::AcrossCampWallOrGate]);
    let f = camp_field(vec![mi("def", "0706", "W")], vec![hi("a", "0605", "E")], 2, 6);
    assert_eq!(camp_shifts(&f, &["a"], &["def"]), vec![ShiftCondition::AcrossCampWallOrGate]);
    // Thorns and wagons are C1 works.
    let f = camp_field(vec![mi("def", "0805", "W")], vec![hi("a", "0705", "E")], 2, 6);
    assert_eq!(camp_shifts(&f, &["a"], &["def"]), vec![ShiftCondition::AcrossCampObstacle]);
}

#[test]
fn every_attacker_must_cross_a_work_and_the_weakest_work_counts_cg_9_17_c1_c2_p166() {
    // 0605 over the palisade and 0604 over a berm, both on 0705: C1, not C2.
    let mut f = camp_field(vec![mi("def", "0705", "W")], vec![hi("a", "0605", "E"), hi("b", "0604", "E")], 2, 6);
    f.hexsides.push(("berm", "0604-0705"));
    assert_eq!(camp_shifts(&f, &["a", "b"], &["def"]), vec![ShiftCondition::AcrossCampObstacle]);
    // 0604 over open ground: no camp shift at all.
    let f = camp_field(vec![mi("def", "0705", "W")], vec![hi("a", "0605", "E"), hi("b", "0604", "E")], 2, 6);
    assert_eq!(camp_shifts(&f, &["a", "b"], &["def"]), vec![]);
}

#[test]
fn alexander_knows_no_camp_shift_gba_9_16() {
    let mut f = camp_field(vec![mi("def", "0605", "W")], vec![hi("a", "0505", "E")], 2, 6);
    f.rules = "alexander";
    f.macedonian = [true, false];
    f.terrain.clear();
    let scenario = sarissa_rules::load("field.toml", &f.toml()).unwrap_or_else(|e| panic!("{e}"));
    let (game, _) = Game::new(Arc::new(scenario), Dice::scripted(&[])).expect("the game starts");
    let combat = Combat { attackers: vec![idx(&game, "a")], defenders: vec![idx(&game, "def")] };
    let previews = preview_combats(&game.scenario, &game.state, &[combat]);
    assert!(previews[0].1.conditions.is_empty(), "{:?}", previews[0].1.conditions);
}

#[test]
fn the_shock_over_the_palisade_is_resolved_two_columns_left_cg_9_17_c2() {
    // Red's hypaspists stand before blue's MI behind the palisade and choose to attack.
    let blue = vec![mi("def", "0705", "W")];
    let red = vec![hi("hy", "0605", "E")];
    let lines = camp_shock_lines(camp_field(blue, red, 5, 1), "hy");
    assert!(lines.iter().any(|l| l.contains("C2") && l.contains("-2")), "{lines:?}");
}

// ---- Fire across the camp's works (12.18) ---------------------------------------------------

use sarissa_rules::combat::fire::targets;
use sarissa_rules::combat::missile::{resolve, MissileStepKind};
use sarissa_rules::map::sight::line_of_sight;

/// Blue's missile unit `f` (type `kind`, missile `m`) at `at` facing `facing`; red's MI at each of
/// `red`, blue's raja activated.
fn volley_field(kind: &str, m: &str, at: &str, facing: &str, red: &[&str], moat: bool) -> Game {
    let blue = vec![unit("f", kind, "", 3, 5, 6, m, at, facing)];
    let red = red.iter().enumerate().map(|(i, hex)| mi(&format!("r{i}"), hex, "E")).collect();
    let mut f = camp_field(blue, red, 2, 6);
    if moat {
        for (k, _) in f.hexsides.iter_mut().filter(|(k, _)| *k == "palisade") {
            *k = "moat";
        }
    }
    let mut game = start(&f);
    ok(&mut game, activate("raja"));
    game
}

/// The hexes blue's `f` may fire at now.
fn target_hexes(game: &Game) -> Vec<String> {
    targets(&game.scenario, &game.state, idx(game, "f")).iter().map(|t| t.hex.to_string()).collect()
}

/// The camp-wall modifier of `f`'s volley at the hex `at`, if any.
fn wall_drm(game: &Game, at: &str) -> Option<i32> {
    let t = targets(&game.scenario, &game.state, idx(game, "f"))
        .into_iter()
        .find(|t| t.hex == h(at))
        .unwrap_or_else(|| panic!("{at} is no target"));
    let outcome = resolve(&t.fire, &mut || 0).expect("a legal volley");
    outcome.steps.iter().find_map(|s| match &s.kind {
        MissileStepKind::Modifier { what, drm } if what.contains("camp wall") => {
            assert_eq!(s.rule, "CG 12.18");
            Some(*drm)
        }
        _ => None,
    })
}

#[test]
fn the_palisade_blocks_the_line_of_sight_between_units_not_beside_it_cg_12_18() {
    // Archers in the second enclosure (0805) at 0505 outside the berm: the line passes over
    // the thorns (beside the firer), the palisade (beside neither) and the berm (beside the
    // target); the palisade blocks.
    let game = volley_field("LI", "A", "0805", "W", &["0505", "0605"], false);
    assert!(!line_of_sight(&game.scenario, &game.state, h("0805"), h("0505"), true));
    let offered = target_hexes(&game);
    assert!(!offered.contains(&"0505".to_string()), "{offered:?}");
    // At 0605, beside the palisade, the target may be fired at (12.18's exception).
    assert!(offered.contains(&"0605".to_string()), "{offered:?}");
    // And the other way: a unit outside but not beside the works sees nothing inside.
    assert!(!line_of_sight(&game.scenario, &game.state, h("0505"), h("0805"), true));
}

#[test]
fn a_missile_unit_beside_a_work_fires_over_it_cg_12_18() {
    // Red's archers at 0605, beside the palisade and the gate, at 0805 in the second
    // enclosure: the line passes the corners of the palisade and the gate (the firer's), along
    // the open side between 0705 and 0706, to a corner of the thorns (the target's).
    let blue = vec![mi("b", "0805", "W")];
    let red = vec![unit("f", "LI", "", 3, 5, 6, "A", "0605", "E")];
    let mut game = start(&camp_field(blue, red, 5, 1));
    ok(&mut game, activate("foe"));
    assert!(line_of_sight(&game.scenario, &game.state, h("0605"), h("0805"), true));
    assert!(target_hexes(&game).contains(&"0805".to_string()));
    // A palisade between 0604 and 0705 too: blue's archers at 0705 shoot over it (beside them)
    // at 0404, two hexes off, with the wall's modifier, and may be shot at back.
    let blue = vec![unit("f", "LI", "", 3, 5, 6, "A", "0705", "W")];
    let mut f = camp_field(blue, vec![mi("r", "0404", "E")], 2, 6);
    f.hexsides.push(("palisade", "0604-0705"));
    let mut game = start(&f);
    ok(&mut game, activate("raja"));
    assert!(line_of_sight(&game.scenario, &game.state, h("0404"), h("0705"), true));
    assert_eq!(wall_drm(&game, "0404"), Some(2));
    // 0705 to 0405 crosses the palisade (beside the firer) but also the berm between 0505 and
    // 0605, beside neither: blocked.
    assert!(!line_of_sight(&game.scenario, &game.state, h("0705"), h("0405"), true));
}

#[test]
fn the_moat_does_not_block_the_line_of_sight_cg_12_18() {
    // The palisade replaced by a moat: 0805 sees 0505 (thorns and berm beside the ends).
    let game = volley_field("LI", "A", "0805", "W", &["0505"], true);
    assert!(line_of_sight(&game.scenario, &game.state, h("0805"), h("0505"), true));
    assert!(target_hexes(&game).contains(&"0505".to_string()));
    // And a moat is no wall: no modifier.
    assert_eq!(wall_drm(&game, "0505"), None);
}

#[test]
fn slingers_fire_over_the_palisade_at_plus_1_cg_12_18() {
    let game = volley_field("LI", "S", "0705", "W", &["0605"], false);
    assert_eq!(wall_drm(&game, "0605"), Some(1));
}

#[test]
fn archers_a_and_long_bows_fire_over_the_palisade_at_plus_2_cg_12_18_p169() {
    for m in ["A", "A*"] {
        let game = volley_field("LI", m, "0705", "W", &["0605"], false);
        assert_eq!(wall_drm(&game, "0605"), Some(2), "{m}");
    }
    // At range 2, over the palisade beside the target, too (P168).
    let game = volley_field("LI", "A", "0805", "W", &["0605"], false);
    assert_eq!(wall_drm(&game, "0605"), Some(2));
}

#[test]
fn javelins_throw_over_the_palisade_at_plus_4_cg_12_18() {
    let game = volley_field("LI", "J", "0705", "W", &["0605"], false);
    assert_eq!(wall_drm(&game, "0605"), Some(4));
}

#[test]
fn a_camp_gate_counts_as_the_wall_and_the_berm_does_not_cg_12_18() {
    // From 0706 over the gate at 0605.
    let game = volley_field("LI", "J", "0706", "W", &["0605"], false);
    assert_eq!(wall_drm(&game, "0605"), Some(4));
    // From 0605 over the berm at 0505: no wall modifier.
    let game = volley_field("LI", "J", "0605", "W", &["0505"], false);
    assert_eq!(wall_drm(&game, "0505"), None);
}
