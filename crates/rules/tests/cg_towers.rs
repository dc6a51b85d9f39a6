//! The towers of a Chandragupta camp (CG 12.11, 12.14, 12.18; charts-draft C4; rulings
//! P170–P174): where a tower may stand, who goes up, sight past and into it, the modifiers of
//! fire from and at it, its extra hex of range at an adjusted 0, and the 3L shift of a shock on
//! it.
//!
//! Blue's camp on the test field (`tower_field`), along row 05 going east:
//!
//! ```text
//! 0505 outside | berm | 0605 outer (4) | palisade | 0705 TOWER (3) | thorns | 0805 second (c) | wagons | 0905, 0906 royal (c)
//!                       0605 | camp gate | 0706 third (c); 0705 and 0706 share an open hexside
//! ```

mod common;
use common::*;
use sarissa_rules::charts::column_shifts::ShiftCondition;
use sarissa_rules::combat::fire::targets;
use sarissa_rules::combat::missile::{resolve, MissileStepKind, Supply};
use sarissa_rules::combat::shock_segment::{preview_combats, Combat};
use sarissa_rules::game::{Command, Event, HitCause};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::map::sight::line_of_sight;
use sarissa_rules::play::legal::destinations;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::Placement;

fn idx(game: &Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

fn red_far() -> Vec<String> {
    vec![unit("r", "MI", "", 4, 5, 5, "", "1108", "W")]
}

fn mi(id: &str, at: &str, facing: &str) -> String {
    unit(id, "MI", "", 4, 5, 5, "", at, facing)
}

/// Light infantry with missile `m` ("" for none).
fn li(id: &str, m: &str, at: &str, facing: &str) -> String {
    unit(id, "LI", "", 3, 5, 6, m, at, facing)
}

/// Blue's game on the tower field, its raja activated.
fn blue_orders(blue: Vec<String>, red: Vec<String>, dice: &[u8]) -> Game {
    let mut game = start_camp(&tower_field(blue, red, 2, 6), dice);
    ok(&mut game, activate("raja"));
    game
}

/// Red's game on the tower field, red's commander activated.
fn red_orders(blue: Vec<String>, red: Vec<String>, dice: &[u8]) -> Game {
    let mut game = start_camp(&tower_field(blue, red, 5, 1), dice);
    ok(&mut game, activate("foe"));
    game
}

fn refused_rule(game: &mut Game, command: Command) -> &'static str {
    match game.execute(&command) {
        Err(e) => e.rule(),
        Ok(events) => panic!("{command:?} was accepted: {events:?}"),
    }
}

fn offered(game: &Game, id: &str) -> bool {
    destinations(&game.scenario, &game.state, idx(game, id)).iter().any(|d| d.hex == h("0705"))
}

/// The modifiers of `firer`'s volley at the hex `at`, each with its rule and what it is.
fn modifiers(game: &Game, firer: &str, at: &str) -> Vec<(&'static str, &'static str, i32)> {
    let t = targets(&game.scenario, &game.state, idx(game, firer))
        .into_iter()
        .find(|t| t.hex == h(at))
        .unwrap_or_else(|| panic!("{at} is no target"));
    let outcome = resolve(&t.fire, &mut || 5).expect("a legal volley");
    outcome
        .steps
        .iter()
        .filter_map(|s| match &s.kind {
            MissileStepKind::Modifier { what, drm } => Some((s.rule, *what, *drm)),
            _ => None,
        })
        .collect()
}

/// A volley under orders that hit once, missiles left in full.
fn hit_event(unit: &str, target: &str, range: u8, strength: u8, drm: i32) -> Event {
    Event::MissileFired {
        unit: unit.into(),
        target: target.into(),
        range,
        strength,
        drm,
        hit: true,
        hits: 1,
        supply: Supply::Full,
        reaction: None,
    }
}

fn missile_fired(events: &[Event]) -> Event {
    events.iter().find(|e| matches!(e, Event::MissileFired { .. })).cloned().expect("a volley")
}

// ---- The scenario format (CG 12.11; P170) ----------------------------------------------------

fn load_err(text: &str) -> String {
    match sarissa_rules::load("field.toml", text) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("loaded"),
    }
}

#[test]
fn a_tower_stands_only_in_a_camps_third_enclosure_reported_at_its_cell_cg_12_11_p170() {
    // At 0705 (enclosure 3) it loads.
    let game = start_camp(&tower_field(vec![li("a", "A", "0705", "W")], red_far(), 2, 6), &[]);
    assert_eq!(game.scenario.map.terrain(h("0705")), Some(sarissa_rules::map::terrain::Terrain::CampTower));
    // At 0605 (the outer ring) and 0303 (outside every camp) it does not.
    let mut f = tower_field(vec![li("a", "A", "0305", "W")], red_far(), 2, 6);
    f.terrain.extend([("0605", 'T'), ("0303", 'T')]);
    let text = camp_toml(&f, "blue", &CAMP_ENCLOSURES);
    let at = text.lines().position(|l| l.contains("terrain = ")).unwrap() + 1;
    let err = load_err(&text);
    let must = "is a camp tower (`T`), which must lie in a camp's third enclosure";
    assert!(err.contains(&format!("field.toml:{}:6: terrain grid: hex 0303 {must}", at + 3)), "{err}");
    assert!(err.contains(&format!("field.toml:{}:9: terrain grid: hex 0605 {must}", at + 5)), "{err}");
    assert!(!err.contains("hex 0705"), "{err}");
}

// ---- Who goes up (CG 12.11, 12.14; P170) ----------------------------------------------------

#[test]
fn cavalry_and_elephants_never_enter_a_tower_cg_12_14() {
    // Missiles do not help them (the elephant's javelins).
    for (kind, m) in [("HC", ""), ("EL", "J"), ("LC", "A")] {
        let mut game = blue_orders(vec![unit("m", kind, "", 3, 6, 7, m, "0706", "NE")], red_far(), &[]);
        assert!(!offered(&game, "m"), "{kind}");
        assert_eq!(refused_rule(&mut game, mv("m", &["0705"], Vertex::NE)), "12.14", "{kind}");
    }
}

#[test]
fn formed_foot_and_foot_without_missiles_stay_out_of_a_tower_cg_12_11_p170() {
    let mut game = blue_orders(vec![unit("hi", "HI", "HY", 5, 6, 5, "", "0706", "NE")], red_far(), &[]);
    assert!(!offered(&game, "hi"));
    assert_eq!(refused_rule(&mut game, mv("hi", &["0705"], Vertex::NE)), "12.11");
    let mut game = blue_orders(vec![li("li", "", "0706", "NE")], red_far(), &[]);
    assert!(!offered(&game, "li"));
    assert_eq!(refused_rule(&mut game, mv("li", &["0705"], Vertex::NE)), "12.11");
}

#[test]
fn missile_armed_light_foot_go_up_for_2_mp_cg_12_11_p170() {
    for m in ["A", "J", "S"] {
        let mut game = blue_orders(vec![li("li", m, "0706", "NE")], red_far(), &[]);
        assert!(offered(&game, "li"), "{m}");
        let events = ok(&mut game, mv("li", &["0705"], Vertex::NE));
        assert!(
            matches!(&events[0], Event::UnitMoved { placement: Placement::One(at), mp: 2, .. } if *at == h("0705")),
            "{m}: {events:?}"
        );
    }
}

#[test]
fn a_leader_climbs_a_tower_from_inside_the_camp_whatever_he_rides_cg_12_11_p170() {
    let game = start_camp(&tower_field(vec![li("a", "A", "0705", "W")], red_far(), 2, 6), &[]);
    let raja = 0;
    let cost =
        |from: &str| sarissa_rules::movement::leader_entry_cost(&game.scenario, &game.state, raja, h(from), h("0705"));
    assert_eq!(cost("0706"), Some(sarissa_rules::charts::movement_costs::Cost::new(2, 0)));
    // Not over the tower's palisade from outside.
    assert_eq!(cost("0605"), None);
}

// ---- Sight (CG 12.18; P171) -----------------------------------------------------------------

#[test]
fn a_tower_blocks_sight_through_it_but_not_into_or_out_of_it_cg_12_18_p171() {
    let game = blue_orders(vec![li("a", "A", "0705", "SE")], vec![mi("r", "0707", "E")], &[]);
    let (s, st) = (&game.scenario, &game.state);
    // 0703 to 0707 runs through 0704, the tower and 0706.
    assert!(!line_of_sight(s, st, h("0703"), h("0707"), true));
    assert!(line_of_sight(s, st, h("0703"), h("0705"), true));
    assert!(line_of_sight(s, st, h("0705"), h("0707"), true));
    // The same ground as a plain camp hex: no block.
    let plain = start_camp(&camp_field(vec![li("a", "A", "0209", "SE")], red_far(), 2, 6), &[]);
    assert!(line_of_sight(&plain.scenario, &plain.state, h("0703"), h("0707"), true));
}

// ---- Fire from a tower (CG 12.18; P172, P173) -----------------------------------------------

#[test]
fn fire_from_a_tower_over_its_palisade_takes_minus_1_and_no_wall_modifier_cg_12_18_p173() {
    // Natural 5 - 1 = 4, the bow's strength at range 1: a hit (over a wall it would be 5 + 2).
    let mut game = blue_orders(vec![li("a", "A", "0705", "W")], vec![mi("r", "0605", "E")], &[5]);
    assert_eq!(modifiers(&game, "a", "0605"), vec![("CG 12.18", "from a camp tower", -1)]);
    let events = ok(&mut game, fire("a", "r"));
    assert_eq!(missile_fired(&events), hit_event("a", "r", 1, 4, -1));
    assert!(events.contains(&Event::CohesionHits { unit: "r".into(), hits: 1, cause: HitCause::Missile }));
    // Javelins too: -1 in place of the wall's +4.
    let game = blue_orders(vec![li("j", "J", "0705", "W")], vec![mi("r", "0605", "E")], &[]);
    assert_eq!(modifiers(&game, "j", "0605"), vec![("CG 12.18", "from a camp tower", -1)]);
}

#[test]
fn a_tower_adds_a_hex_of_range_where_an_adjusted_0_hits_cg_12_18_p172() {
    // Foot bows reach 4; from the tower, 0710 at range 5: a natural 1 less the tower's 1 hits.
    let mut game = blue_orders(vec![li("a", "A", "0705", "SE")], vec![mi("r", "0710", "E")], &[1]);
    let events = ok(&mut game, fire("a", "r"));
    assert_eq!(missile_fired(&events), hit_event("a", "r", 5, 0, -1));
    // A natural 2 misses (adjusted 1).
    let mut game = blue_orders(vec![li("a", "A", "0705", "SE")], vec![mi("r", "0710", "E")], &[2]);
    assert!(matches!(missile_fired(&ok(&mut game, fire("a", "r"))), Event::MissileFired { hit: false, hits: 0, .. }));
    // Against heavy infantry (+1) even a natural 1 is adjusted to 1: only a natural 0 hits.
    let hi = vec![unit("r", "HI", "HY", 5, 6, 5, "", "0710", "E")];
    let mut game = blue_orders(vec![li("a", "A", "0705", "SE")], hi.clone(), &[1]);
    assert!(matches!(missile_fired(&ok(&mut game, fire("a", "r"))), Event::MissileFired { drm: 0, hit: false, .. }));
    let mut game = blue_orders(vec![li("a", "A", "0705", "SE")], hi, &[0]);
    assert!(matches!(missile_fired(&ok(&mut game, fire("a", "r"))), Event::MissileFired { hit: true, .. }));
    // On a plain camp hex the same archers reach no further than 4: 0710 is not offered.
    let mut game = start_camp(&camp_field(vec![li("a", "A", "0705", "SE")], vec![mi("r", "0710", "E")], 2, 6), &[]);
    ok(&mut game, activate("raja"));
    assert!(targets(&game.scenario, &game.state, idx(&game, "a")).is_empty());
}

// ---- Fire at a tower (CG 12.18; P173) -------------------------------------------------------

#[test]
fn fire_at_a_unit_in_a_tower_bows_and_slings_plus_1_javelins_plus_2_cg_12_18_p173() {
    let blue = vec![li("t", "A", "0705", "W")];
    for (m, drm) in [("A", 1), ("A*", 1), ("S", 1), ("J", 2)] {
        let game = red_orders(blue.clone(), vec![li("f", m, "0605", "E")], &[]);
        // Over the tower's palisade: the tower's modifier instead of the wall's.
        assert_eq!(modifiers(&game, "f", "0705"), vec![("CG 12.18", "at a unit in a camp tower", drm)], "{m}");
    }
    // A natural 3 + 1 = 4, the bow's strength at range 1: a hit (over the wall, 3 + 2 would miss).
    let mut game = red_orders(blue, vec![li("f", "A", "0605", "E")], &[3, 9]);
    let events = ok(&mut game, fire("f", "t"));
    assert_eq!(missile_fired(&events), hit_event("f", "t", 1, 4, 1));
}

// ---- Shock on a tower (CG 9.17[3], charts-draft C4; P174) -----------------------------------

/// The camp shifts of a combat of red's `attackers` on blue's `defenders`.
fn camp_shifts(game: &Game, attackers: &[&str], defenders: &[&str]) -> Vec<ShiftCondition> {
    let combat = Combat {
        attackers: attackers.iter().map(|a| idx(game, a)).collect(),
        defenders: defenders.iter().map(|d| idx(game, d)).collect(),
    };
    let previews = preview_combats(&game.scenario, &game.state, &[combat]);
    use ShiftCondition::*;
    previews[0]
        .1
        .conditions
        .iter()
        .map(|a| a.condition)
        .filter(|c| matches!(c, AcrossCampObstacle | AcrossCampWallOrGate | DefenderInCampTower))
        .collect()
}

#[test]
fn a_shock_on_a_tower_shifts_three_left_instead_of_the_walls_cg_9_17_c4_p174() {
    // Over the palisade (C2 on a plain camp hex) or over the open side from 0706 (no work): C4.
    for at in ["0605", "0706"] {
        let game = start_camp(&tower_field(vec![li("t", "A", "0705", "W")], vec![li("a", "J", at, "E")], 2, 6), &[]);
        assert_eq!(camp_shifts(&game, &["a"], &["t"]), vec![ShiftCondition::DefenderInCampTower], "{at}");
    }
    let plain = start_camp(&camp_field(vec![li("t", "A", "0705", "W")], vec![li("a", "J", "0605", "E")], 2, 6), &[]);
    assert_eq!(camp_shifts(&plain, &["a"], &["t"]), vec![ShiftCondition::AcrossCampWallOrGate]);
    // Who may not go up has no zone of control over the tower, so never shocks it (7.22, P174).
    let game = start_camp(&tower_field(vec![li("t", "A", "0705", "W")], vec![mi("m", "0706", "NE")], 2, 6), &[]);
    let zoc = sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, idx(&game, "m"));
    assert!(zoc.contains(&h("0805")) && !zoc.contains(&h("0705")), "{zoc:?}");
}

#[test]
fn the_shock_on_a_tower_is_resolved_three_columns_left_cg_9_17_c4() {
    let f = tower_field(vec![li("t", "A", "0705", "W")], vec![li("a", "J", "0605", "E")], 5, 1);
    let lines = camp_shock_lines(f, "a");
    assert!(lines.iter().any(|l| l.contains("C4") && l.contains("-3")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains("C2")), "{lines:?}");
}

// ---- Artillery in a tower (CG 12.18; P172, P173) --------------------------------------------

#[test]
fn an_engine_in_a_tower_shoots_one_hex_further_at_an_adjusted_0_cg_12_18_p172() {
    // A camp of one tower at 0303 (enclosure 3); a Yantra (chart maximum 6) in it, red's foot
    // seven hexes south at 0310.
    let yantra = unit("eng", "AT", "", 1, 5, 2, "", "0303", "E").replace(" }", ", engine = \"yantra\" }");
    let mut f = camp_field(vec![yantra], vec![mi("r", "0310", "E")], 2, 6);
    f.terrain = vec![("0303", 'T')];
    f.hexsides.clear();
    let play = |dice: &[u8]| {
        let text = camp_toml(&f, "blue", &[("0303", '3')]);
        let scenario = sarissa_rules::load("field.toml", &text).unwrap_or_else(|e| panic!("{e}"));
        let (mut game, _) = Game::new(std::sync::Arc::new(scenario), sarissa_rules::game::Dice::scripted(dice))
            .expect("the game starts");
        no_pw(&mut game);
        ok(&mut game, activate("raja"));
        ok(&mut game, fire("eng", "r"))
    };
    let shot = |events: &[Event]| events.iter().find(|e| matches!(e, Event::ArtilleryFired { .. })).cloned();
    let expect = |hits: u8| Event::ArtilleryFired {
        unit: "eng".into(),
        target: "r".into(),
        range: 7,
        strength: 0,
        drm: -1,
        hits,
        shots: 1,
    };
    assert_eq!(shot(&play(&[1])), Some(expect(1)));
    assert_eq!(shot(&play(&[2])), Some(expect(0)));
}
