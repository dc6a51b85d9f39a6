//! The city of a Chandragupta battle (CG 12.2, Takshashila): its terrain, its streets and the
//! questions the rest of the engine asks about them.
//!
//! A city is scenario data (`[map.city]`, docs/scenario-format.md): five terrains in the grid
//! (street `=`, square `+`, block `B`, temple `H`, palace `P`), the `wall` and `city_gate`
//! hexsides round it, and here the steps of its streets (CG 12.23: the street symbol crosses the
//! hexside between the two hexes) and of its wide main street (CG 12.24: the only street steps
//! elephants use), with the side that holds the gates when the battle begins (CG 12.213).

use crate::hex::HexId;
use crate::scenario::Scenario;
use crate::terrain::Terrain;
use serde::{Deserialize, Serialize};

/// The city on a map (CG 12.2); at most one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct City {
    /// Its name, as the scenario gives it ("Takshashila").
    pub name: String,
    /// The side that controls every gate when the battle begins (CG 12.213) and may Retire into
    /// the city (CG 12.41).
    pub side: usize,
    /// Every street step (CG 12.23), the main street's included: each pair sorted, the list sorted.
    pub streets: Vec<(HexId, HexId)>,
    /// The main street's steps (CG 12.24): each pair sorted, the list sorted.
    pub main_street: Vec<(HexId, HexId)>,
}

/// The step between `a` and `b` as the lists keep it.
fn step(a: HexId, b: HexId) -> (HexId, HexId) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

impl City {
    /// Does the street symbol cross the hexside between `a` and `b` (CG 12.23)? A main-street
    /// step is a street step too.
    pub fn street_step(&self, a: HexId, b: HexId) -> bool {
        self.streets.binary_search(&step(a, b)).is_ok()
    }

    /// Is the step between `a` and `b` one of the wide main street's (CG 12.24)?
    pub fn main_street_step(&self, a: HexId, b: HexId) -> bool {
        self.main_street.binary_search(&step(a, b)).is_ok()
    }

    /// Is `hex` an end of some main-street step (CG 12.24)?
    pub fn on_main_street(&self, hex: HexId) -> bool {
        self.main_street.iter().any(|&(a, b)| a == hex || b == hex)
    }
}

/// A city hex: street, square, block, temple or palace (CG 12.21).
pub fn is_city(t: Terrain) -> bool {
    is_street(t) || is_block(t)
}

/// Block terrain (CG 12.21, 12.22): a block, a temple or the palace.
pub fn is_block(t: Terrain) -> bool {
    matches!(t, Terrain::CityBlock | Terrain::Temple | Terrain::Palace)
}

/// Street terrain (CG 12.21): a street or a square.
pub fn is_street(t: Terrain) -> bool {
    matches!(t, Terrain::CityStreet | Terrain::CitySquare)
}

/// Is `hex` a city hex of this scenario's map (CG 12.21)?
pub fn in_city(scenario: &Scenario, hex: HexId) -> bool {
    scenario.map.terrain(hex).is_some_and(is_city)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    #[test]
    fn the_five_city_terrains_cg_12_21() {
        let city: Vec<_> = Terrain::ALL.into_iter().filter(|&t| is_city(t)).collect();
        assert_eq!(
            city,
            [Terrain::CityStreet, Terrain::CitySquare, Terrain::CityBlock, Terrain::Temple, Terrain::Palace]
        );
        assert!(is_street(Terrain::CitySquare) && !is_block(Terrain::CitySquare));
        assert!(is_block(Terrain::Palace) && !is_street(Terrain::Temple));
        assert!(!is_city(Terrain::Town));
    }

    #[test]
    fn street_steps_either_way_cg_12_23() {
        let city = City {
            name: "X".into(),
            side: 0,
            streets: vec![(h("0203"), h("0204")), (h("0204"), h("0304"))],
            main_street: vec![(h("0203"), h("0204"))],
        };
        assert!(city.street_step(h("0204"), h("0203")) && city.street_step(h("0304"), h("0204")));
        assert!(!city.street_step(h("0203"), h("0304")));
        assert!(city.main_street_step(h("0204"), h("0203")) && !city.main_street_step(h("0204"), h("0304")));
        assert!(city.on_main_street(h("0203")) && !city.on_main_street(h("0304")));
    }
}
