//! Malayaketu's Camp, the first battle with a camp (CG 12.1): the shipped file loads with the
//! host's camp, each of its units in the enclosure CG 12.11 gives its kind, four gates in the
//! palisade with open roads to them, the Nayakas of both sides and the Rout Points its
//! withdrawal levels rest on (CG 13.12).

mod common;

use sarissa_rules::map::hex::{HexId, Hexside};
use sarissa_rules::map::terrain::HexsideFeature;
use sarissa_rules::scenario::units::{Grade, UnitType};
use sarissa_rules::{load, Scenario};

const MALAYAKETU: &str = include_str!("../../../scenarios/malayaketu.toml");

fn malayaketu() -> Scenario {
    load("scenarios/malayaketu.toml", MALAYAKETU).unwrap_or_else(|e| panic!("{e}"))
}

fn h(s: &str) -> HexId {
    HexId::parse(s).unwrap()
}

fn neighbours(hex: HexId) -> impl Iterator<Item = HexId> {
    Hexside::ALL.into_iter().filter_map(move |side| hex.neighbour(side))
}

#[test]
fn cg_12_11_each_unit_of_the_host_camps_in_its_enclosure() {
    let s = malayaketu();
    assert_eq!(s.map.camps.len(), 1);
    assert_eq!(s.map.camps[0].side, 1, "the host holds the camp");
    for u in &s.units {
        let at = u.placement.hexes().next().unwrap();
        let enclosure = s.map.enclosure(at).map(|(_, e)| e);
        if u.side == 0 {
            assert_eq!(enclosure, None, "{}: the Mauryans start outside", u.id);
            continue;
        }
        let expected = match (u.kind, u.grade) {
            (_, Some(Grade::Tribal)) => 4,
            (UnitType::LC | UnitType::CH, _) => 2,
            (_, Some(Grade::Maula)) if u.kind != UnitType::EL && u.id.starts_with("royal-") => 1,
            (UnitType::MI, Some(Grade::Maula)) => 2,
            _ => 3,
        };
        assert_eq!(enclosure, Some(expected), "{}", u.id);
    }
    // The engines stand on the palisade line, in the third enclosure's outer row.
    for u in s.units.iter().filter(|u| u.kind == UnitType::AT) {
        let at = u.placement.hexes().next().unwrap();
        assert!(
            neighbours(at).any(|n| s.map.hexside(at, n) == Some(HexsideFeature::Palisade)),
            "{} beside the palisade",
            u.id
        );
    }
}

#[test]
fn cg_12_11_four_gates_and_a_road_through_the_works_to_each() {
    let s = malayaketu();
    let gates: Vec<_> = s.map.hexsides.iter().filter(|e| e.feature == HexsideFeature::CampGate).collect();
    assert_eq!(gates.len(), 4);
    // From outside to the second enclosure: berm gap, moat gap, gate, thorn gap.
    for road in [
        ["0212", "0312", "0412", "0512", "0612", "0712"],
        ["1512", "1412", "1312", "1212", "1112", "1012"],
        ["0905", "0906", "0907", "0908", "0909", "0910"],
        ["0919", "0918", "0917", "0916", "0915", "0914"],
    ] {
        let depths: Vec<_> = road.iter().map(|x| s.map.enclosure(h(x)).map_or(5, |(_, e)| e)).collect();
        assert_eq!(depths, [5, 4, 4, 3, 3, 2], "{road:?}");
        let crossings: Vec<_> = road.windows(2).map(|w| s.map.hexside(h(w[0]), h(w[1]))).collect();
        assert_eq!(crossings, [None, None, Some(HexsideFeature::CampGate), None, None], "{road:?}");
    }
    // The wagons close the royal enclosure all round.
    for (hex, e) in &s.map.camps[0].enclosures {
        for n in neighbours(*hex) {
            if *e == 2 && s.map.enclosure(n).map(|(_, d)| d) == Some(1) {
                assert_eq!(s.map.hexside(*hex, n), Some(HexsideFeature::Wagons), "{hex}-{n}");
            }
        }
    }
}

#[test]
fn cg_4_5_nayakas_stand_with_units_they_command() {
    assert_eq!(common::nayakas_with_their_units(&malayaketu()), [6, 2]);
}

#[test]
fn cg_13_12_rout_point_bases_and_withdrawal_levels() {
    let s = malayaketu();
    assert_eq!((common::rout_base(&s, 0), common::rout_base(&s, 1)), (137, 96));
    assert_eq!((s.sides[0].withdrawal_level, s.sides[1].withdrawal_level), (70, 45));
    let points = |id: &str| common::leader_rout(&s, id);
    assert_eq!((points("chandragupta"), points("malayaketu"), points("rakshasa")), (30, 20, 20));
}
