//! A Chandragupta camp on the map (CG 12.11, 12.12): its enclosures as the battle file draws
//! them (`[[map.camp]]`, docs/scenario-format.md), its towers, and which way a step crosses its
//! hexsides. The rules of camps are in `works::camp`.

use crate::charts::movement_costs::Crossing;
use crate::map::hex::HexId;
use crate::map::terrain::Terrain;
use crate::scenario::Map;
use serde::{Deserialize, Serialize};

/// The royal (first) enclosure, within the wagons (CG 12.11).
pub const ROYAL: u8 = 1;
/// The third enclosure, within the palisade: the camp proper (CG 12.11).
pub const PALISADE: u8 = 3;
/// The fourth, outer enclosure, within the berm and ditch (CG 12.11).
pub const OUTER: u8 = 4;
/// The depth of a hex outside every camp: one shallower than the outer enclosure.
pub const OUTSIDE: u8 = OUTER + 1;

/// One camp (CG 12.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Camp {
    /// The side that holds it (CG 12.41: the army that controls it when the battle begins; P160).
    pub side: usize,
    /// Each hex of the camp with its enclosure, 1 (royal) to 4 (outer); sorted by hex.
    pub enclosures: Vec<(HexId, u8)>,
}

impl Camp {
    /// The enclosure `hex` lies in, if it is in this camp.
    pub fn enclosure(&self, hex: HexId) -> Option<u8> {
        self.enclosures.binary_search_by_key(&hex, |e| e.0).ok().map(|i| self.enclosures[i].1)
    }

    /// Its hexes in enclosure `at_most` or deeper.
    pub fn hexes_within(&self, at_most: u8) -> impl Iterator<Item = HexId> + '_ {
        self.enclosures.iter().filter(move |e| e.1 <= at_most).map(|e| e.0)
    }
}

/// How deep `hex` lies: its enclosure, or one more than the outer enclosure outside every camp.
pub fn depth(map: &Map, hex: HexId) -> u8 {
    map.enclosure(hex).map_or(OUTSIDE, |(_, e)| e)
}

/// Which way going from `from` into `to` crosses (CG 12.12): outward only into a shallower
/// enclosure or out of the camp; inward otherwise, a crossing between hexes of one depth
/// included (P161).
pub fn crossing(map: &Map, from: HexId, to: HexId) -> Crossing {
    if depth(map, to) > depth(map, from) {
        Crossing::Outward
    } else {
        Crossing::Inward
    }
}

/// Is `hex` drawn as a camp tower on the map (CG 12.11), standing or not?
pub fn drawn_tower(map: &Map, hex: HexId) -> bool {
    map.terrain(hex) == Some(Terrain::CampTower)
}
