//! Takshashila, the first battle with a city (CG 12.2): the shipped file loads with Ambhi's
//! walled city, closed all round by its wall but for four gates where streets meet it, the wide
//! main street running north to south between two of them, a temple and the two palace hexes;
//! the armies set up as the design notes say (the garrison inside, the field army between the
//! wall and the Tamra, the Mauryans beyond it), elephants only on the main street or outside
//! (CG 12.24), and the Rout Points its withdrawal levels rest on (CG 13.12).

mod common;

use sarissa_rules::map::hex::{HexId, Hexside};
use sarissa_rules::map::terrain::{HexsideFeature, Terrain};
use sarissa_rules::scenario::units::{LeaderRole, UnitType};
use sarissa_rules::scenario::RuleSet;
use sarissa_rules::works::city::{is_block, is_city, is_street};
use sarissa_rules::{load, Scenario};
use std::collections::HashSet;

const TAKSHASHILA: &str = include_str!("../../../scenarios/takshashila.toml");

fn takshashila() -> Scenario {
    load("scenarios/takshashila.toml", TAKSHASHILA).unwrap_or_else(|e| panic!("{e}"))
}

fn h(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

fn neighbours(hex: HexId) -> impl Iterator<Item = HexId> {
    Hexside::ALL.into_iter().filter_map(move |side| hex.neighbour(side))
}

fn terrain(s: &Scenario, hex: HexId) -> Terrain {
    s.map.terrain(hex).unwrap()
}

fn city_hex(s: &Scenario, hex: HexId) -> bool {
    s.map.terrain(hex).is_some_and(is_city)
}

fn hexes_of(s: &Scenario, t: Terrain) -> Vec<String> {
    let mut v: Vec<_> = s.map.hexes().filter(|&x| terrain(s, x) == t).map(|x| x.to_string()).collect();
    v.sort();
    v
}

/// The main street's hexes, in order from north to south (its steps chained end to end).
fn main_street(s: &Scenario) -> Vec<HexId> {
    let city = s.map.city.as_ref().unwrap();
    let steps = &city.main_street;
    let touches = |x: HexId| steps.iter().filter(|(a, b)| *a == x || *b == x).count();
    let mut ends: Vec<HexId> = steps.iter().flat_map(|&(a, b)| [a, b]).filter(|&x| touches(x) == 1).collect();
    ends.sort_by_key(|x| x.row);
    ends.dedup();
    assert_eq!(ends.len(), 2, "the main street is one chain");
    let mut path = vec![ends[0]];
    while path.len() <= steps.len() {
        let last = *path.last().unwrap();
        let next = steps
            .iter()
            .find_map(|&(a, b)| match (a == last, b == last) {
                (true, _) if !path.contains(&b) => Some(b),
                (_, true) if !path.contains(&a) => Some(a),
                _ => None,
            })
            .expect("the main street goes on");
        path.push(next);
    }
    path
}

#[test]
fn cg_12_2_ambhis_army_holds_the_city() {
    let s = takshashila();
    assert_eq!(s.meta.rules, RuleSet::Chandragupta);
    let ids: Vec<_> = s.sides.iter().map(|x| x.id.as_str()).collect();
    assert_eq!(ids, ["mauryas", "taxila"]);
    let city = s.map.city.as_ref().expect("a city");
    assert_eq!(city.name, "Takshashila");
    assert_eq!(city.side, 1, "Ambhi's army holds the gates at the start (CG 12.213) and may retire to it (12.41)");
    // The map is moderate and the city fills only part of it.
    assert_eq!((s.map.columns, s.map.rows), (32, 28));
    assert_eq!(s.map.hexes().filter(|&x| city_hex(&s, x)).count(), 157);
}

#[test]
fn cg_12_21_blocks_streets_three_squares_a_temple_and_two_palace_hexes() {
    let s = takshashila();
    assert_eq!(hexes_of(&s, Terrain::Palace), ["1011", "1012"]);
    assert!(neighbours(h("1011")).any(|n| n == h("1012")), "the palace is one building of two hexes");
    assert_eq!(hexes_of(&s, Terrain::Temple), ["0813"]);
    assert_eq!(hexes_of(&s, Terrain::CitySquare), ["0910", "0913", "1116"]);
    // The temple and the palace both front the central square.
    for x in ["0813", "1012"] {
        assert!(neighbours(h(x)).any(|n| n == h("0913")), "{x}");
    }
    // Every street hex lies on some street chain or on the main street (CG 12.23).
    let city = s.map.city.as_ref().unwrap();
    let on_chain: HashSet<HexId> = city.streets.iter().chain(&city.main_street).flat_map(|&(a, b)| [a, b]).collect();
    for x in s.map.hexes().filter(|&x| is_street(terrain(&s, x))) {
        assert!(on_chain.contains(&x), "{x} on a street");
    }
}

#[test]
fn cg_12_21_the_wall_closes_the_city_but_for_four_gates() {
    let s = takshashila();
    let mut gates = Vec::new();
    for x in s.map.hexes().filter(|&x| city_hex(&s, x)) {
        for n in neighbours(x).filter(|&n| !city_hex(&s, n)) {
            match s.map.hexside(x, n) {
                Some(HexsideFeature::Wall) => {}
                Some(HexsideFeature::CityGate) => gates.push((x, n)),
                other => panic!("{x}-{n}: {other:?} is neither wall nor gate"),
            }
        }
    }
    // Nothing but the city's edge carries a wall or gate.
    for e in &s.map.hexsides {
        if matches!(e.feature, HexsideFeature::Wall | HexsideFeature::CityGate) {
            let (a, b) = (e.a, e.b);
            assert_ne!(city_hex(&s, a), city_hex(&s, b), "{a}-{b}");
        }
    }
    gates.sort_by_key(|(inside, _)| inside.to_string());
    let inside: Vec<_> = gates.iter().map(|(x, _)| x.to_string()).collect();
    assert_eq!(inside, ["0310", "0805", "0922", "1313"], "west, north, south and east gates");
    // Each gate is where a street meets the wall (CG 12.21, 12.23).
    let city = s.map.city.as_ref().unwrap();
    for (x, _) in &gates {
        assert!(is_street(terrain(&s, *x)), "{x}");
        assert!(city.streets.iter().chain(&city.main_street).any(|&(a, b)| a == *x || b == *x), "{x} ends a street");
    }
}

#[test]
fn cg_12_24_the_wide_main_street_runs_north_to_south_from_gate_to_gate() {
    let s = takshashila();
    let path = main_street(&s);
    let names: Vec<_> = path.iter().map(|x| x.to_string()).collect();
    assert_eq!(names.first().map(String::as_str), Some("0805"), "from the north gate");
    assert_eq!(names.last().map(String::as_str), Some("0922"), "to the south gate");
    assert_eq!(path.len(), 18);
    // Every step goes south (or south-east), never back north.
    for w in path.windows(2) {
        assert!(w[1].row > w[0].row, "{}-{}", w[0], w[1]);
    }
    // It passes both central squares, beside the palace.
    assert!(path.contains(&h("0910")) && path.contains(&h("0913")));
    assert!(neighbours(h("1011")).any(|n| path.contains(&n)));
}

#[test]
fn cg_12_22_the_armies_stand_where_they_may() {
    let s = takshashila();
    let inside: HashSet<&str> = [
        "palace-guard",
        "royal-bows",
        "wall-bows-1",
        "wall-bows-2",
        "elephants-t3",
        "javelins-t3",
        "javelins-t4",
        "guild-spears",
        "guild-bows-1",
        "guild-bows-2",
    ]
    .into_iter()
    .collect();
    let main: HashSet<HexId> = main_street(&s).into_iter().collect();
    let mut seen = HashSet::new();
    for u in &s.units {
        let hexes: Vec<HexId> = u.placement.hexes().collect();
        for x in &hexes {
            assert!(seen.insert(*x), "{}: two combat units in {x} (CG 6.73)", u.id);
        }
        let in_city = hexes.iter().any(|&x| city_hex(&s, x));
        if u.side == 0 {
            assert!(!in_city && hexes.iter().all(|x| x.col >= 19), "{}: Mauryans east of the Tamra", u.id);
            continue;
        }
        assert_eq!(in_city, inside.contains(u.id.as_str()), "{}", u.id);
        if !in_city {
            assert!(hexes.iter().all(|x| (14..=18).contains(&x.col)), "{}: between the wall and the Tamra", u.id);
        }
    }
    // Inside the city: only single-hex foot in blocks (CG 12.22), elephants only on the main
    // street (12.24), no horse or chariots at all.
    for u in s.units.iter().filter(|u| u.placement.hexes().any(|x| city_hex(&s, x))) {
        let at = u.placement.hexes().next().unwrap();
        assert_eq!(u.placement.hexes().count(), 1, "{}", u.id);
        assert!(
            !matches!(u.kind, UnitType::LC | UnitType::LN | UnitType::HC | UnitType::CH | UnitType::ChStar),
            "{}",
            u.id
        );
        if u.kind == UnitType::EL {
            assert!(main.contains(&at), "{} on the main street", u.id);
        } else {
            assert!(is_block(terrain(&s, at)), "{} in a block, temple or palace", u.id);
        }
    }
    // The palace is held.
    for x in ["1011", "1012"] {
        assert!(s.units.iter().any(|u| u.side == 1 && u.placement.hexes().any(|y| y == h(x))), "{x}");
    }
}

#[test]
fn cg_12_42_ambhi_starts_close_enough_to_retire_and_the_chiefs_reach_their_men() {
    let s = takshashila();
    let ambhi = s.leader("ambhi").unwrap();
    assert_eq!(ambhi.role, LeaderRole::Overall);
    let gate_distance = ["0310", "0805", "0922", "1313"].iter().map(|g| ambhi.at.distance(h(g))).min().unwrap();
    assert!(gate_distance <= 2 * ambhi.command_range as u32, "within twice his command range of a gate (CG 12.42)");
    assert_eq!(s.leaders.iter().filter(|l| l.side == 1 && l.role == LeaderRole::Overall).count(), 1);
    assert!(
        s.leaders.iter().filter(|l| l.side == 1).all(|l| l.role != LeaderRole::Wing),
        "no Greek wing commanders (CG 4.5)"
    );
    assert_eq!(common::nayakas_with_their_units(&s), [4, 0]);
    for chief in ["guild-chief", "malava-chief"] {
        let l = s.leader(chief).unwrap();
        for u in s.units.iter().filter(|u| u.guild == l.guild) {
            let at = u.placement.hexes().next().unwrap();
            assert!(l.at.distance(at) <= l.command_range as u32, "{chief} reaches {}", u.id);
        }
    }
}

#[test]
fn cg_13_12_rout_point_bases_and_withdrawal_levels() {
    let s = takshashila();
    assert_eq!((common::rout_base(&s, 0), common::rout_base(&s, 1)), (102, 107));
    assert_eq!((s.sides[0].withdrawal_level, s.sides[1].withdrawal_level), (52, 60));
    let points = |id: &str| common::leader_rout(&s, id);
    assert_eq!((points("chandragupta"), points("ambhi"), points("eudemus")), (30, 20, 20));
}
