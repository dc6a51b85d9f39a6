//! The city of Takshashila (CG 12.2): its data, and movement, facing, zones of control and
//! orders in it. The field is the small city of `common::city_field`.

mod common;

use common::*;
use sarissa_rules::city::{in_city, is_block, is_street};
use sarissa_rules::terrain::Terrain;

fn red_far() -> Vec<String> {
    vec![unit("r", "MI", "", 4, 5, 5, "", "1108", "W")]
}

fn any_field() -> Field {
    city_field(vec![unit("li", "LI", "", 3, 5, 5, "J", "0109", "NE")], red_far())
}

fn load_err(text: &str) -> String {
    match sarissa_rules::load("field.toml", text) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("loaded"),
    }
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).expect("in the file") + 1
}

/// The field's file with this `[map.city]` table.
fn with_city(f: &Field, table: &str) -> String {
    format!("{}\n[map.city]\n{table}", f.toml())
}

// ---- The scenario format --------------------------------------------------------------------

#[test]
fn a_city_is_read_with_its_streets_main_street_and_side_cg_12_21_12_23_12_24() {
    let game = start_city(&any_field(), "red", &[]);
    let s = &game.scenario;
    let city = s.map.city.as_ref().expect("a city");
    assert_eq!((city.name.as_str(), city.side), ("Testpur", 1));
    // The main street's steps are street steps too; both lists sorted pairs.
    assert_eq!(city.main_street.len(), 4);
    assert_eq!(city.streets.len(), 5);
    assert!(city.street_step(h("0506"), h("0406")) && !city.main_street_step(h("0506"), h("0406")));
    assert!(city.main_street_step(h("0405"), h("0404")) && city.street_step(h("0404"), h("0405")));
    assert!(!city.street_step(h("0405"), h("0506")));
    assert!(in_city(s, h("0307")) && !in_city(s, h("0402")));
    assert_eq!(s.map.terrain(h("0307")), Some(Terrain::Palace));
    assert!(is_block(Terrain::Temple) && is_street(Terrain::CitySquare));
}

#[test]
fn city_letters_round_trip_cg_12_21() {
    for (c, t) in [
        ('=', Terrain::CityStreet),
        ('+', Terrain::CitySquare),
        ('B', Terrain::CityBlock),
        ('H', Terrain::Temple),
        ('P', Terrain::Palace),
    ] {
        assert_eq!(Terrain::from_letter(c), Some(t));
        assert_eq!(t.letter(), c);
    }
    assert_eq!(Terrain::CitySquare.name(), "city square");
}

#[test]
fn a_city_names_a_side_of_the_battle_cg_12_213() {
    let text = format!("{}{}", any_field().toml(), city_table("green"));
    let at = line_of(&text, "side = \"green\"");
    let err = load_err(&text);
    assert!(err.contains(&format!("field.toml:{at}:8: [map.city]: `green` is not a side of this battle")), "{err}");
}

#[test]
fn a_city_belongs_to_the_chandragupta_rules_cg_12_2() {
    let mut f = any_field();
    f.rules = "alexander";
    f.macedonian = [true, false];
    let err = load_err(&format!("{}{}", f.toml(), city_table("blue")));
    assert!(err.contains("[map.city]: a city belongs to the chandragupta rules (CG 12.2)"), "{err}");
}

#[test]
fn street_chains_are_two_or_more_adjacent_street_hexes_on_the_map_cg_12_23() {
    let base = "name = \"X\"\nside = \"blue\"\nmain_street = [\"0403 0404\"]\n";
    let cases = [
        ("streets = [\"0406\"]", "[map.city] streets chain \"0406\": a chain needs at least two hexes"),
        ("streets = [\"0406 0606\"]", "[map.city] streets chain \"0406 0606\": hexes 0406 and 0606 follow each other but are not adjacent"),
        ("streets = [\"0405 0505\"]", "[map.city] streets chain \"0405 0505\": hex 0505 is city block; a street runs through street (`=`) or square (`+`) hexes only"),
        ("streets = [\"0406 1506\"]", "[map.city] streets chain \"0406 1506\": hex 1506 is off the map"),
        ("streets = [\"0406 05x6\"]", "[map.city] streets chain \"0406 05x6\": `05x6` is not a hex id"),
    ];
    for (streets, message) in cases {
        let text = with_city(&any_field(), &format!("{base}{streets}\n"));
        let at = line_of(&text, "streets = [");
        let err = load_err(&text);
        assert!(err.contains(&format!("field.toml:{at}:")) && err.contains(message), "{streets}: {err}");
    }
    // The main street's chains are checked the same way.
    let text = with_city(&any_field(), "name = \"X\"\nside = \"blue\"\nstreets = []\nmain_street = [\"0403 0505\"]\n");
    let err = load_err(&text);
    assert!(err.contains("[map.city] main_street chain \"0403 0505\": hex 0505 is city block"), "{err}");
}

#[test]
fn city_terrain_and_the_city_table_come_together_cg_12_2() {
    // City hexes but no table: reported at the first city hex of the terrain grid (row 03, column 04).
    let f = any_field();
    let text = f.toml();
    let row3 = line_of(&text, "terrain = ") + 3;
    let err = load_err(&text);
    assert!(
        err.contains(&format!(
            "field.toml:{row3}:7: terrain grid: hex 0403 is a city street (CG 12.2), but the map has no [map.city] table"
        )),
        "{err}"
    );
    // A table but no city hex.
    let mut f = any_field();
    f.terrain.clear();
    f.hexsides.clear();
    let text = with_city(&f, "name = \"X\"\nside = \"blue\"\nstreets = []\n");
    let err = load_err(&text);
    assert!(err.contains("[map.city]: the map has no city hex"), "{err}");
}

#[test]
fn a_city_gate_has_the_city_on_exactly_one_side_cg_12_21() {
    let mut f = any_field();
    f.hexsides.push(("city_gate", "0404-0405"));
    f.hexsides.push(("city_gate", "0901-0902"));
    let err = load_err(&format!("{}{}", f.toml(), city_table("blue")));
    assert!(
        err.contains(
            "[map.city]: city_gate hexside 0404-0405 must have the city on exactly one side; both are city hexes"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "[map.city]: city_gate hexside 0901-0902 must have the city on exactly one side; neither is a city hex"
        ),
        "{err}"
    );
}

#[test]
fn the_city_table_asks_for_its_keys() {
    let err = load_err(&with_city(&any_field(), "side = \"blue\"\nstreets = []\nwidth = 3\n"));
    assert!(err.contains("[map.city]: missing `name`"), "{err}");
    assert!(err.contains("width"), "{err}");
}
