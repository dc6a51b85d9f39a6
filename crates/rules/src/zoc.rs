//! Zones of control (GBA 7.2) and who can be pinned by them.

use crate::facing::{hexes_in, Arc};
use crate::game::GameState;
use crate::hex::HexId;
use crate::movement::{category_of, entry_cost};
use crate::scenario::Scenario;
use crate::units::{UnitClass, UnitType};
use std::collections::HashMap;

/// Units that can never shock attack (GBA 7.33, R6): their ZOC pins nobody (7.23, 7.25).
pub fn can_ever_shock(kind: UnitType, class: Option<UnitClass>) -> bool {
    !matches!(
        (kind, class),
        (UnitType::LI, Some(UnitClass::A)) | (UnitType::LC, Some(UnitClass::A)) | (UnitType::SK, _) | (UnitType::AT, _)
    )
}

/// The hexes into which unit `i` exerts a ZOC: its front hexes, and a missile-armed
/// skirmisher's flank hexes too (7.21), but never a hex it could not move into (7.22).
/// Eliminated units have none.
pub fn zoc_of(scenario: &Scenario, state: &GameState, i: usize) -> Vec<HexId> {
    let (u, st) = (&scenario.units[i], &state.units[i]);
    if st.eliminated {
        return Vec::new();
    }
    let mut hexes = hexes_in(&st.placement, st.facing, Arc::Front);
    if u.kind.is_foot_skirmisher() && u.missile.is_some() {
        hexes.extend(hexes_in(&st.placement, st.facing, Arc::Flank));
    }
    let category = category_of(u, &st.placement);
    hexes.retain(|&h| {
        scenario.map.contains(h)
            && st.placement.hexes().any(|from| from.is_adjacent(h) && entry_cost(scenario, category, from, h).is_some())
    });
    hexes
}

/// For every hex in the ZOC of some unit of `side`'s enemy: which enemy units exert it.
pub fn enemy_zoc(scenario: &Scenario, state: &GameState, side: usize) -> HashMap<HexId, Vec<usize>> {
    let mut map: HashMap<HexId, Vec<usize>> = HashMap::new();
    for (i, u) in scenario.units.iter().enumerate() {
        if u.side != side {
            for h in zoc_of(scenario, state, i) {
                map.entry(h).or_default().push(i);
            }
        }
    }
    map
}

/// Which unit (if any) stands in each hex, with its side. Leaders do not count (GBA 6.94).
pub fn occupancy(scenario: &Scenario, state: &GameState) -> HashMap<HexId, usize> {
    let mut map = HashMap::new();
    for (i, st) in state.units.iter().enumerate() {
        if !st.eliminated {
            for h in st.placement.hexes() {
                map.insert(h, i);
            }
        }
    }
    let _ = scenario;
    map
}
