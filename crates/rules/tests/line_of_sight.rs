//! Line of sight (GBA 8.14, ruling A20).

mod common;
use common::*;
use sarissa_rules::map::sight::line_of_sight;

fn sees(f: &Field, from: &str, to: &str, archer: bool) -> bool {
    let (game, _) = f.start(&[]);
    line_of_sight(&game.scenario, &game.state, h(from), h(to), archer)
}

fn base() -> Field {
    Field {
        units: [
            vec![unit("b", "HC", "", 3, 7, 7, "", "0101", "E")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1210", "W")],
        ],
        leaders: [vec![leader("k", "overall", 5, 4, "0101")], vec![leader("f", "overall", 5, 4, "1210")]],
        ..Field::default()
    }
}

#[test]
fn woods_and_towns_between_block_gba_8_14() {
    let mut f = base();
    assert!(sees(&f, "0505", "0508", false));
    f.terrain = vec![("0506", 'w')];
    assert!(!sees(&f, "0505", "0508", false));
    f.terrain = vec![("0507", 't')];
    assert!(!sees(&f, "0505", "0508", false));
    // Adjacent hexes always see each other.
    assert!(sees(&f, "0506", "0507", false));
}

#[test]
fn blockers_lower_than_both_ends_do_not_block_and_higher_ground_does_gba_8_14_a20() {
    let mut f = base();
    f.terrain = vec![("0506", 'w')];
    f.elevation = vec![("0505", '2'), ("0508", '1')];
    assert!(sees(&f, "0505", "0508", false), "woods at level 0, both ends higher");
    let mut f = base();
    f.elevation = vec![("0506", '2'), ("0505", '1')];
    assert!(!sees(&f, "0505", "0508", false), "a hill higher than both ends");
}

#[test]
fn a_line_along_a_hexside_is_blocked_by_either_side_gba_8_14() {
    let mut f = base();
    f.terrain = vec![("0605", 'w')];
    assert!(!sees(&f, "0505", "0705", false));
    f.terrain = vec![("0604", 'w')];
    assert!(!sees(&f, "0505", "0705", false));
}

#[test]
fn t19_archers_shoot_over_units_nearer_themselves_gba_8_14() {
    // A unit one hex from the archer, three from the target: clear for archers only.
    let mut f = base();
    f.units[0].push(unit("friend", "MI", "", 4, 5, 5, "", "0506", "E"));
    assert!(sees(&f, "0505", "0509", true));
    assert!(!sees(&f, "0505", "0509", false));
    // At the midpoint it blocks even archers.
    assert!(!sees(&f, "0505", "0507", true));
}
