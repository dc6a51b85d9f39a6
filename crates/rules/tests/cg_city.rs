//! The city of Takshashila (CG 12.2): its data, and movement, facing, zones of control and
//! orders in it. The field is the small city of `common::city_field`.

mod common;

use common::*;
use sarissa_rules::game::{Command, Event};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::map::terrain::Terrain;
use sarissa_rules::map::zoc::zoc_of;
use sarissa_rules::movement::reach as destinations;
use sarissa_rules::play::Game;
use sarissa_rules::works::city::{gate_controller, gate_shut, in_city, is_block, is_street};

/// (MP, hits) of the cheapest offered way to end at `hex` facing `facing`, if offered.
fn offered_at(game: &Game, id: &str, hex: &str, facing: Vertex) -> Option<(u8, u8)> {
    let d = destinations(&game.scenario, &game.state, idx(game, id)).expect("it may move");
    d.iter().filter(|d| d.hex == h(hex) && d.facing == facing && !d.column).map(|d| (d.mp, d.hits)).min()
}

fn moved_mp(events: &[Event]) -> u8 {
    events.iter().find_map(|e| if let Event::UnitMoved { mp, .. } = e { Some(*mp) } else { None }).expect("it moved")
}

fn column_mv(unit: &str, path: &[&str], facing: Vertex) -> Command {
    Command::Move { unit: unit.into(), path: path.iter().map(|s| h(s)).collect(), facing, column: true, with: None }
}

/// A blue unit line with `extra` keys added.
fn with(line: String, extra: &str) -> String {
    format!("{}, {extra} }}", line.trim_end_matches(" }"))
}

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

// ---- Movement (CG 12.21-12.26, T15, G36) -----------------------------------------------------

/// W50 (CG 12.23 example), on the field's geometry: an LI-A of MA 5, not In Column, at 0405 (the
/// book's 2428) facing the street 0406 (2429) and the block-priced street hex 0506 (2528).
fn w50() -> Game {
    let blue = vec![unit("li", "LI", "A", 3, 5, 5, "A", "0405", "SE")];
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    ok(&mut game, activate("raja"));
    game
}

#[test]
fn by_street_two_mp_a_hex_and_then_no_square_w50_cg_12_23() {
    let mut game = w50();
    // Along the street: 2 + 2, and a vertex's turn at 0406 to face the side street (the book's
    // example counts the street hexes only; 12.25 keeps the facing rules in streets).
    let mut by_street = game.clone();
    let events = ok(&mut by_street, mv("li", &["0406", "0506"], Vertex::E));
    assert_eq!(moved_mp(&events), 5);
    // ... which leaves too little for the square beyond.
    assert_eq!(refused_rule(&mut game, mv("li", &["0406", "0506", "0606"], Vertex::SE)), "6.25");
}

#[test]
fn straight_in_at_block_cost_and_on_into_the_square_w50_cg_12_23_g36_p198() {
    let mut game = w50();
    // 0506 entered from 0405, no street between: the block's 3 MP.
    assert_eq!(offered_at(&game, "li", "0506", Vertex::SE), Some((3, 0)));
    // Then the square at the street's 2 MP from any city hex (G36): 5, its whole allowance.
    assert_eq!(offered_at(&game, "li", "0606", Vertex::SE), Some((5, 0)));
    let events = ok(&mut game, mv("li", &["0506", "0606"], Vertex::SE));
    assert_eq!(moved_mp(&events), 5);
}

#[test]
fn street_cost_only_along_a_street_step_cg_12_23() {
    let game = w50();
    // 0406 along the main street: 2 MP.
    assert_eq!(offered_at(&game, "li", "0406", Vertex::SE), Some((2, 0)));
    // Formed foot pay the block's hit too when they come into a street hex off the street.
    let blue = vec![unit("mi", "MI", "", 4, 5, 6, "", "0405", "SE")];
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    ok(&mut game, activate("raja"));
    assert_eq!(offered_at(&game, "mi", "0406", Vertex::SE), Some((2, 0)));
    assert_eq!(offered_at(&game, "mi", "0506", Vertex::SE), Some((3, 1)));
}

#[test]
fn only_single_foot_enter_block_terrain_cg_12_22() {
    let blue = vec![unit("hc", "HC", "", 3, 6, 8, "", "0404", "SE"), unit("mi", "MI", "", 4, 5, 6, "", "0407", "NE")];
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    ok(&mut game, activate("raja"));
    // Cavalry: never the temple 0504 or the block 0505.
    let d = destinations(&game.scenario, &game.state, idx(&game, "hc")).unwrap();
    assert!(d.iter().all(|d| !d.path.iter().any(|&x| x == h("0505") || x == h("0504"))), "{d:?}");
    assert_eq!(refused_rule(&mut game, mv("hc", &["0505"], Vertex::SE)), "12.22");
    // Foot may: MI into the block 0507 (3 MP, 1 hit).
    assert_eq!(offered_at(&game, "mi", "0507", Vertex::NE), Some((3, 1)));
    ok(&mut game, mv("mi", &["0507"], Vertex::NE));
    assert!(sarissa_rules::charts::movement_costs::hex_cost(
        sarissa_rules::charts::movement_costs::MoveCategory::TwoHexFoot,
        Terrain::CityBlock
    )
    .is_none());
}

#[test]
fn elephants_chariots_and_cavalry_keep_to_the_streets_elephants_to_the_main_street_cg_12_24() {
    let blue = vec![
        with(unit("el", "EL", "", 5, 6, 6, "J", "0405", "SE"), "grade = \"maula\""),
        unit("lc", "LC", "J", 3, 5, 8, "J", "0407", "NE"),
    ];
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    // Start both In Column (the elephant must be, to enter a street hex: 12.25).
    let el = idx(&game, "el");
    game.state.units[el].column = true;
    game.state.units[el].column_at_start = true;
    ok(&mut game, activate("raja"));
    let d = destinations(&game.scenario, &game.state, idx(&game, "el")).unwrap();
    // Down the main street, never the side street 0506 nor a block.
    assert!(d.iter().any(|d| d.hex == h("0406")), "{d:?}");
    assert!(d.iter().all(|d| !d.path.contains(&h("0506")) && !d.path.contains(&h("0505"))), "{d:?}");
    let el_side = refused_rule(&mut game.clone(), column_mv("el", &["0406", "0506"], Vertex::E));
    assert_eq!(el_side, "12.24");
    // Light cavalry: the side street by its step, but not straight from 0405 into 0506.
    let d = destinations(&game.scenario, &game.state, idx(&game, "lc")).unwrap();
    assert!(d.iter().any(|d| d.hex == h("0506") && d.path.contains(&h("0406"))), "{d:?}");
    assert!(d.iter().all(|d| d.path.windows(2).all(|w| !(w[0] == h("0405") && w[1] == h("0506")))));
}

#[test]
fn chariots_and_elephants_enter_a_street_hex_only_in_column_cg_12_25() {
    let blue = vec![with(unit("el", "EL", "", 5, 6, 6, "J", "0405", "SE"), "grade = \"maula\"")];
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    ok(&mut game, activate("raja"));
    assert_eq!(refused_rule(&mut game, mv("el", &["0406"], Vertex::SE)), "12.25");
    assert!(destinations(&game.scenario, &game.state, idx(&game, "el")).unwrap().iter().all(|d| d.hex == h("0405")));
}

#[test]
fn in_block_terrain_a_unit_faces_all_round_moves_any_way_and_is_never_a_column_cg_12_26() {
    let blue = vec![unit("mi", "MI", "", 4, 5, 6, "", "0505", "NE")];
    let red = vec![unit("r", "MI", "", 4, 5, 5, "", "0604", "W")];
    let mut game = start_city(&city_field(blue, red), "blue", &[]);
    let i = idx(&game, "mi");
    // Every neighbour is front (the Square's all-round heading, 10.62).
    let st = &game.state.units[i];
    assert!(st.all_round);
    for n in ["0504", "0506", "0405", "0404", "0604", "0605"] {
        assert_eq!(
            sarissa_rules::map::facing::arc_of(&st.placement, st.heading(), h(n)),
            Some(sarissa_rules::map::facing::Arc::Front),
            "{n}"
        );
    }
    ok(&mut game, activate("raja"));
    // Back into the temple behind it, without paying to turn: 3 MP, 1 hit.
    assert_eq!(offered_at(&game, "mi", "0504", Vertex::W), Some((3, 1)));
    // No column here.
    assert_eq!(refused_rule(&mut game.clone(), column_mv("mi", &[], Vertex::W)), "12.26");
    // Out into the street: it no longer faces all round.
    ok(&mut game, mv("mi", &["0405"], Vertex::NW));
    assert!(!game.state.units[i].all_round);
}

#[test]
fn a_column_does_not_enter_block_terrain_cg_12_26_p200() {
    let blue = vec![unit("mi", "MI", "", 4, 5, 6, "", "0405", "SE")];
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    let i = idx(&game, "mi");
    game.state.units[i].column = true;
    game.state.units[i].column_at_start = true;
    ok(&mut game, activate("raja"));
    // 0406 along the street, yes; 0506 off the street (a block's entry), no.
    assert!(destinations(&game.scenario, &game.state, i).unwrap().iter().any(|d| d.hex == h("0406")));
    let face = |d: &sarissa_rules::movement::Destination| d.path.contains(&h("0506"));
    let d = destinations(&game.scenario, &game.state, i).unwrap();
    assert!(d.iter().filter(|d| face(d)).all(|d| d.path.contains(&h("0406"))), "{d:?}");
}

// ---- Zones of control (CG 12.27, 12.28) ---------------------------------------------------------

#[test]
fn no_zone_of_control_between_city_hexes_nor_into_blocks_cg_12_27() {
    let blue = vec![unit("li", "LI", "J", 3, 5, 5, "J", "0405", "SE")];
    let red = vec![unit("mi", "MI", "", 4, 5, 5, "", "0404", "SE"), unit("out", "MI", "", 4, 5, 5, "", "0306", "E")];
    let game = start_city(&city_field(blue, red), "blue", &[]);
    // The red MI in the street reaches none of its city neighbours.
    assert!(zoc_of(&game.scenario, &game.state, idx(&game, "mi")).is_empty());
    // From outside, nothing into block terrain: 0306 is a block; 0307 palace; only 0406 is not...
    let out = zoc_of(&game.scenario, &game.state, idx(&game, "out"));
    assert!(out.iter().all(|&x| !in_city(&game.scenario, x) || is_street(game.scenario.map.terrain(x).unwrap())));
}

#[test]
fn across_wall_and_gate_only_missile_units_inside_project_a_zone_of_control_cg_12_28() {
    let blue =
        vec![unit("li", "LI", "J", 3, 5, 5, "J", "0403", "NE"), unit("far", "MI", "", 4, 5, 5, "", "0109", "NE")];
    let red = vec![unit("mi", "MI", "", 4, 5, 5, "", "0402", "SW")];
    let game = start_city(&city_field(blue, red.clone()), "blue", &[]);
    // Outside, red's MI faces the gate: no ZOC through it.
    let red_zoc = zoc_of(&game.scenario, &game.state, idx(&game, "mi"));
    assert!(!red_zoc.contains(&h("0403")), "{red_zoc:?}");
    // Inside, blue's javelins reach out through the gate.
    assert!(zoc_of(&game.scenario, &game.state, idx(&game, "li")).contains(&h("0402")));
    // A foot unit without missiles inside does not.
    let blue = vec![unit("mi2", "MI", "", 4, 5, 5, "", "0403", "NE")];
    let game = start_city(&city_field(blue, red), "blue", &[]);
    assert!(!zoc_of(&game.scenario, &game.state, idx(&game, "mi2")).contains(&h("0402")));
}

// ---- Gates and walls (CG 12.213) ----------------------------------------------------------------

#[test]
fn an_unbreached_gate_is_crossed_only_by_its_controller_cg_12_213() {
    let blue = vec![unit("li", "LI", "J", 3, 5, 5, "J", "0402", "SW")];
    // Red holds the city: blue may not come in through the gate.
    let mut game = start_city(&city_field(blue.clone(), red_far()), "red", &[]);
    assert_eq!(gate_controller(&game.scenario, &game.state, h("0403")), Some(1));
    ok(&mut game, activate("raja"));
    assert_eq!(refused_rule(&mut game.clone(), mv("li", &["0403"], Vertex::SW)), "12.213");
    assert!(destinations(&game.scenario, &game.state, idx(&game, "li")).unwrap().iter().all(|d| d.hex != h("0403")));
    // Breached, either side passes (CG 12.32 state, read here).
    let mut breached = game.clone();
    breached.state.breaches.push((h("0402"), h("0403")));
    assert!(!gate_shut(&breached.scenario, &breached.state, 0, h("0402"), h("0403")));
    ok(&mut breached, mv("li", &["0403"], Vertex::SW));
    // Held by blue: in at the gate's 1 MP and hit, and the street's 2 (P197).
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    ok(&mut game, activate("raja"));
    assert_eq!(offered_at(&game, "li", "0403", Vertex::SW), Some((3, 1)));
    ok(&mut game, mv("li", &["0403"], Vertex::SW));
}

#[test]
fn the_gate_passes_to_the_side_last_in_the_hex_inside_it_cg_12_213() {
    let red = vec![unit("r", "LI", "J", 3, 5, 5, "J", "0404", "SE")];
    let blue = vec![unit("b", "MI", "", 4, 5, 5, "", "0109", "NE")];
    let mut game = start_city(&city_field(blue, red), "blue", &[]);
    assert_eq!(gate_controller(&game.scenario, &game.state, h("0403")), Some(0));
    // Red steps into 0403 (inside the gate): the gate is red's, and stays so when it leaves.
    let i = idx(&game, "r");
    let moved = |to: &str| Event::UnitMoved {
        unit: "r".into(),
        path: vec![h(to)],
        placement: sarissa_rules::scenario::units::Placement::One(h(to)),
        facing: Vertex::SE,
        mp: 2,
    };
    let s = game.scenario.clone();
    game.state.apply(&s, &moved("0403"));
    assert_eq!(gate_controller(&game.scenario, &game.state, h("0403")), Some(1));
    game.state.apply(&s, &moved("0404"));
    assert_eq!(gate_controller(&game.scenario, &game.state, h("0403")), Some(1));
    assert!(gate_shut(&game.scenario, &game.state, 0, h("0402"), h("0403")));
    assert!(!gate_shut(&game.scenario, &game.state, 1, h("0403"), h("0402")));
    let _ = i;
}

#[test]
fn no_move_crosses_a_city_wall_cg_12_21_12_213() {
    // 0303 is outside, 0403 inside, a wall between.
    let blue = vec![unit("li", "LI", "J", 3, 5, 5, "J", "0303", "E")];
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    ok(&mut game, activate("raja"));
    let d = destinations(&game.scenario, &game.state, idx(&game, "li")).unwrap();
    assert!(d.iter().all(|d| d.path.first() != Some(&h("0403"))), "{d:?}");
    assert!(game.execute(&mv("li", &["0403"], Vertex::E)).is_err());
}

// ---- Orders in the city (CG 12.214, G37) -------------------------------------------------------

#[test]
fn leaders_enter_any_city_hex_whatever_they_ride_cg_12_214_p199() {
    let blue = vec![unit("mi", "MI", "", 4, 5, 5, "", "0109", "NE")];
    let game = start_city(&city_field(blue, red_far()), "blue", &[]);
    let raja = game.scenario.leaders.iter().position(|l| l.id == "raja").unwrap();
    // A cavalry leader into a block from the street: as light foot, 3 MP.
    let c = sarissa_rules::movement::leader_entry_cost(&game.scenario, &game.state, raja, h("0405"), h("0505"));
    assert_eq!(c.map(|c| c.mp), Some(3));
    // Along the street as a horseman: 2.
    let c = sarissa_rules::movement::leader_entry_cost(&game.scenario, &game.state, raja, h("0405"), h("0406"));
    assert_eq!(c.map(|c| c.mp), Some(2));
}

#[test]
fn units_in_the_city_take_no_line_command_cg_12_214_g37() {
    // A horse line round the raja at 0304: outside the wall, then in the street.
    let line_size = |at: [&str; 2]| {
        let blue = vec![unit("a", "HC", "", 3, 6, 8, "", at[0], "NE"), unit("b", "HC", "", 3, 6, 8, "", at[1], "NE")];
        let mut f = city_field(blue, red_far());
        f.leaders[0] = vec![leader("raja", "overall", 2, 8, "0304")
            .replace("charisma = 1", "charisma = 1, line_command = true, strategy = 3")];
        let mut game = start_city(&f, "blue", &[]);
        ok(&mut game, activate("raja"));
        let options = sarissa_rules::command::line::options(&game.scenario, &game.state, 0);
        options.iter().map(|o| o.3.len()).max().unwrap_or(0)
    };
    assert_eq!(line_size(["0203", "0204"]), 2);
    assert_eq!(line_size(["0404", "0405"]), 0);
    assert_eq!(line_size(["0203", "0405"]), 1);
}

#[test]
fn in_the_city_recovery_only_from_a_leader_in_the_units_hex_cg_12_214() {
    let blue = vec![unit("mi", "MI", "", 4, 5, 5, "", "0406", "NE")];
    let mut game = start_city(&city_field(blue, red_far()), "blue", &[]);
    let i = idx(&game, "mi");
    game.state.units[i].hits = 2;
    ok(&mut game, activate("raja"));
    // The raja is at 0109, within range but not in 0406.
    let recover = Command::Recover { unit: "mi".into() };
    assert_eq!(refused_rule(&mut game.clone(), recover.clone()), "12.214");
    let reason = sarissa_rules::effects::recovery::recovery(&game.scenario, &game.state, i).unwrap_err();
    assert!(reason.contains("own hex"), "{reason}");
    // With the raja in its hex that objection is gone (what is left is 12.212's, not built here).
    game.state.leaders[0].at = h("0406");
    let reason = sarissa_rules::effects::recovery::recovery(&game.scenario, &game.state, i);
    assert!(!reason.is_err_and(|r| r.contains("12.214")));
}

/// Red's MI marches to 0501, two hexes from blue's skirmisher outside the gate at 0402, who may
/// withdraw (6.71); the way back is through the gate into 0403. `holder` holds the city.
fn withdrawal_at_the_gate(holder: &str) -> (Game, Result<Vec<Event>, sarissa_rules::game::RuleError>) {
    let blue = vec![unit("sk", "SK", "J", 1, 4, 6, "J", "0402", "NE")];
    let red = vec![unit("r", "MI", "", 4, 5, 5, "", "0701", "W")];
    let mut f = city_field(blue, red);
    f.leaders[0] = vec![leader("raja", "overall", 5, 8, "0109")];
    f.leaders[1] = vec![leader("foe", "overall", 1, 8, "0801")];
    let mut game = start_city(&f, holder, &[5, 5, 5, 5, 5, 5, 5, 5]);
    ok(&mut game, activate("foe"));
    ok(&mut game, mv("r", &["0601", "0501"], Vertex::W));
    assert!(
        matches!(&game.state.phase, sarissa_rules::game::Phase::Reaction { withdrawers, .. } if withdrawers == &["sk".to_string()]),
        "{:?}",
        game.state.phase
    );
    let withdraw =
        Command::Withdraw { unit: "sk".into(), path: vec![h("0403")], facing: Vertex::NE, fire: false, with: None };
    let result = game.clone().execute(&withdraw);
    (game, result)
}

#[test]
fn no_withdrawal_through_a_gate_the_enemy_holds_cg_12_213() {
    let (game, result) = withdrawal_at_the_gate("red");
    let options = sarissa_rules::movement::withdrawal::unit_withdrawals(&game.scenario, &game.state, idx(&game, "sk"));
    assert!(options.iter().all(|d| d.path.first() != Some(&h("0403"))), "{options:?}");
    match result {
        Err(e) => assert_eq!(e.rule(), "12.213", "{e}"),
        Ok(events) => panic!("accepted: {events:?}"),
    }
    // Blue's own gate: the way in is open.
    let (game, result) = withdrawal_at_the_gate("blue");
    let options = sarissa_rules::movement::withdrawal::unit_withdrawals(&game.scenario, &game.state, idx(&game, "sk"));
    assert!(options.iter().any(|d| d.path.first() == Some(&h("0403"))), "{options:?}");
    assert!(result.is_ok(), "{result:?}");
}

#[test]
fn leaders_pass_only_their_own_sides_gate_cg_12_213_p199() {
    let game = start_city(&city_field(vec![unit("mi", "MI", "", 4, 5, 5, "", "0109", "NE")], red_far()), "red", &[]);
    let raja = game.scenario.leaders.iter().position(|l| l.id == "raja").unwrap();
    let foe = game.scenario.leaders.iter().position(|l| l.id == "foe").unwrap();
    let cost =
        |l: usize| sarissa_rules::movement::leader_entry_cost(&game.scenario, &game.state, l, h("0402"), h("0403"));
    assert_eq!(cost(raja), None);
    assert!(cost(foe).is_some());
}

#[test]
fn routers_cross_no_wall_and_no_gate_the_enemy_holds_cg_12_213() {
    // Blue light foot at 0402, outside red's north gate, walled round but for the gate.
    let blue = vec![unit("b", "LI", "", 3, 5, 5, "J", "0402", "W")];
    let mut f = city_field(blue, red_far());
    for side in ["0401-0402", "0402-0502", "0402-0503", "0302-0402", "0303-0402"] {
        f.hexsides.push(("wall", side));
    }
    let plan = |breached: bool| {
        let mut game = start_city(&f, "red", &[]);
        if breached {
            game.state.breaches.push((h("0402"), h("0403")));
        }
        let routed = vec![false; game.scenario.units.len()];
        let leg = sarissa_rules::effects::rout::RoutLeg::Hexes(2);
        sarissa_rules::effects::rout::rout_move(&game.scenario, &game.state, 0, leg, &routed)
    };
    // Red's gate, unbreached: no way out, over a wall or through the gate.
    assert!(matches!(plan(false), sarissa_rules::effects::rout::RoutPlan::Eliminated { .. }), "{:?}", plan(false));
    // Breached, it runs in through it.
    match plan(true) {
        sarissa_rules::effects::rout::RoutPlan::Moves(t) => {
            assert_eq!(t.path.first().and_then(|p| p.hexes().next()), Some(h("0403")))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_unit_set_up_inside_a_gate_holds_it_from_the_start_cg_12_213() {
    let blue = vec![unit("b", "LI", "J", 3, 5, 5, "J", "0403", "NE")];
    let game = start_city(&city_field(blue, red_far()), "red", &[]);
    assert_eq!(gate_controller(&game.scenario, &game.state, h("0403")), Some(0));
    let game = start_city(&city_field(vec![unit("b", "LI", "J", 3, 5, 5, "J", "0109", "NE")], red_far()), "red", &[]);
    assert_eq!(gate_controller(&game.scenario, &game.state, h("0403")), Some(1));
}
