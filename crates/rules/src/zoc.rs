//! Zones of control (GBA 7.2) and who can be pinned by them.

use crate::facing::{hexes_in, Arc};
use crate::game::GameState;
use crate::hex::HexId;
use crate::movement::{category_of, entry_cost};
use crate::scenario::Scenario;
use crate::units::{Unit, UnitClass, UnitType};
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
    let hooks = crate::rule_set::hooks(scenario.meta.rules);
    let out_of_missiles = u.kind.is_foot_skirmisher() && st.supply == crate::combat::missile::Supply::No;
    // Eliminated and Routed units have none, nor GBA skirmishers out of missiles; CG ones keep
    // their front ZOC (7.21, D42).
    let no_zoc_artillery = u.kind == UnitType::AT && !hooks.artillery_has_zoc;
    // A rampaging elephant has none either (CG 10.14, P155).
    if st.eliminated
        || st.routed
        || st.rampaging
        || no_zoc_artillery
        || (out_of_missiles && !hooks.skirmisher_without_missiles_keeps_front_zoc)
    {
        return Vec::new();
    }
    // A column's ZOC is its one front hex, straight ahead (6.63).
    let mut hexes = hexes_in(&st.placement, st.heading(), Arc::Front);
    if u.kind.is_foot_skirmisher() && u.missile.is_some() && !out_of_missiles {
        hexes.extend(hexes_in(&st.placement, st.heading(), Arc::Flank));
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
pub fn occupancy(state: &GameState) -> HashMap<HexId, usize> {
    let mut map = HashMap::new();
    for (i, st) in state.units.iter().enumerate() {
        if !st.eliminated {
            for h in st.placement.hexes() {
                // CG 6.71(3): a hex an engine shares with a foot unit is the foot unit's.
                if !map.contains_key(&h) || !st.engine {
                    map.insert(h, i);
                }
            }
        }
    }
    map
}

/// The enemies whose ZOC pins a unit standing in `hexes`: only those able to shock do (7.23,
/// 7.25), each counted once.
pub fn pinners(
    scenario: &Scenario,
    zoc: &HashMap<HexId, Vec<usize>>,
    hexes: impl IntoIterator<Item = HexId>,
) -> Vec<usize> {
    let mut out: Vec<usize> = hexes
        .into_iter()
        .flat_map(|h| zoc.get(&h).cloned().unwrap_or_default())
        // GBA 7.23, 7.25: units that never shock pin nobody; CG has no such exception (D42).
        .filter(|&e| {
            crate::rule_set::hooks(scenario.meta.rules).zoc_of_non_shockers_pins
                || can_ever_shock(scenario.units[e].kind, scenario.units[e].class)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The allowance that counts for leaving a ZOC: a phalanx counts its augmented MA (6.46, P13).
pub fn zoc_ma(unit: &Unit) -> u8 {
    if unit.kind == UnitType::PH {
        unit.ma_extended.unwrap_or(unit.ma)
    } else {
        unit.ma
    }
}

/// A unit may leave the ZOC it starts in only with an allowance greater than every pinning
/// enemy's (7.23[1]).
pub fn outpaces(scenario: &Scenario, unit: &Unit, pinners: &[usize]) -> bool {
    pinners.iter().all(|&e| zoc_ma(unit) > zoc_ma(&scenario.units[e]))
}
