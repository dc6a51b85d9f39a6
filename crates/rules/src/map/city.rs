//! The city on a Chandragupta battle's map (CG 12.21, 12.23, 12.24): its terrains, its streets
//! and gates as the battle file draws them (`[map.city]`, docs/scenario-format.md). The rules
//! that use them are in `works::city`.

use crate::map::hex::HexId;
use crate::map::terrain::{HexsideFeature, Terrain};
use crate::scenario::{Map, Scenario};
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

/// Is `hex` a block, temple or palace hex of this scenario's map (CG 12.22, 12.26)?
pub fn in_block(map: &Map, hex: HexId) -> bool {
    map.terrain(hex).is_some_and(is_block)
}

/// The gates of the city as each hexside's two hexes, the inside (city) hex first (CG 12.21).
pub fn gates(map: &Map) -> Vec<(HexId, HexId)> {
    let inside = |h: HexId| map.terrain(h).is_some_and(is_city);
    map.hexsides
        .iter()
        .filter(|e| e.feature == HexsideFeature::CityGate)
        .map(|e| if inside(e.a) { (e.a, e.b) } else { (e.b, e.a) })
        .collect()
}

/// Who holds each gate when the battle begins (CG 12.213): the city's side, for the inside hex
/// of every gate; the starting value of `GameState::gate_holders`.
pub fn initial_gate_holders(map: &Map) -> Vec<(HexId, usize)> {
    let Some(city) = &map.city else { return Vec::new() };
    let mut out: Vec<(HexId, usize)> = gates(map).into_iter().map(|(inside, _)| (inside, city.side)).collect();
    out.sort_unstable();
    out.dedup();
    out
}
