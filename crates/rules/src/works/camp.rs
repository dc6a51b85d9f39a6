//! The ground of a Chandragupta camp (CG 12.1): its four enclosures, which way a unit crosses
//! their hexsides, and who may go in of its own will.
//!
//! A camp is scenario data (`[[map.camp]]`, docs/scenario-format.md): the side that holds it and
//! the enclosure of each of its hexes, 1 (the royal enclosure, within the wagons) to 4 (the outer
//! ring, within the berm). What this module answers:
//! * the direction of a crossing (CG 12.12): into a deeper enclosure, or from outside into the
//!   camp, is inward; anything else outward, except that between hexes of the same depth a camp
//!   hexside is priced inward (ruling P161);
//! * the enclosures closed to a unit of the holding side (CG 12.11, ruling P160): its Tribal units
//!   never enter the third enclosure or deeper of their own will, and while a Maula unit of the
//!   side stands in the royal enclosure no other unit of the side goes in. Orders and withdrawals
//!   respect it (through `restrictions::closed_to`); routs do not (a Tribal unit may rout in
//!   through a gate).
//!
//! Camp towers (CG 12.11, 12.14, 12.18; rulings P170–P174) are hexes of their own terrain
//! (`Terrain::CampTower`) in a camp's third enclosure: the movement chart keeps cavalry,
//! chariots, elephants and formed foot out of them, and [`closed_to`] any other unit that carries
//! no missiles (P170); [`tower_refusal`] words the chart's refusal. Their sight, fire and shock
//! rules are in `sight`, `fire` and `shock_segment`. A tower elephants have Destroyed (CG 12.32,
//! `breach`; P188) is none of this: [`is_tower`] says no and [`terrain_now`] a camp hex.
//!
//! Who may cross which hexside at all (infantry only over berm, palisade, moat, thorns and
//! wagons; every unit through a camp gate) is the movement chart's (CG 12.11, 12.14). No
//! withdrawal crosses a fortified hexside (CG 12.14, `withdrawal`); zones of control stop at the
//! camp hexsides or become Fort ZOCs (CG 12.15, 12.16, `zoc`).

use crate::charts::movement_costs::MoveCategory;
use crate::game::GameState;
pub use crate::map::camp::{crossing, depth, drawn_tower, Camp, OUTER, OUTSIDE, PALISADE, ROYAL};
use crate::map::hex::HexId;
use crate::map::terrain::Terrain;
use crate::scenario::units::{Grade, Unit};
use crate::scenario::{Map, Scenario};

/// Whether `leader` stands inside a camp for camp command (CG 12.17; rulings P179): in a hex of
/// any enclosure of any camp, the outer ring included. Never outside Chandragupta.
pub fn leader_inside(scenario: &Scenario, state: &GameState, leader: usize) -> bool {
    crate::scenario::rule_set::hooks(scenario.meta.rules).camps
        && scenario.map.enclosure(state.leaders[leader].at).is_some()
}

/// The camp hexes `unit` may not enter of its own will now (CG 12.11, P160), each with why.
/// Only units of the side holding a camp are bound, and only by enclosures they are not in.
pub fn closed_to(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<(HexId, &'static str)> {
    let u = &scenario.units[unit];
    let mut out = Vec::new();
    // 12.11 (P170): towers hold missile units and artillery; a unit without missiles stays out,
    // whoever's camp it is.
    // (Those the chart keeps out anyway are refused by it, citing 12.14 or 12.11.)
    let column = matches!(MoveCategory::of_unit(u), MoveCategory::LightFoot | MoveCategory::Skirmisher);
    if column && u.missile.is_none() {
        out.extend(scenario.map.hexes().filter(|&h| is_tower(&scenario.map, state, h)).map(|h| (h, TOWER)));
    }
    for camp in scenario.map.camps.iter().filter(|c| c.side == u.side) {
        let deepest = state.units[unit].placement.hexes().filter_map(|h| camp.enclosure(h)).min().unwrap_or(OUTSIDE);
        // 12.11, 10.73: a side's Tribal units go into its camp proper only as routers, through a gate.
        if u.grade == Some(Grade::Tribal) && deepest > PALISADE {
            out.extend(camp.hexes_within(PALISADE).map(|h| (h, TRIBAL)));
        }
        // 12.11: while Maula hold the royal enclosure, no other unit of their side goes in.
        let maula_inside = (0..scenario.units.len()).any(|i| {
            scenario.units[i].side == u.side
                && scenario.units[i].grade == Some(Grade::Maula)
                && !state.units[i].eliminated
                && state.units[i].placement.hexes().any(|h| camp.enclosure(h) == Some(ROYAL))
        });
        if maula_inside && u.grade != Some(Grade::Maula) && deepest > ROYAL {
            out.extend(camp.hexes_within(ROYAL).map(|h| (h, MAULA)));
        }
    }
    out
}

/// Is `hex` a camp tower still standing (CG 12.11)? One Destroyed by elephants is not (CG 12.32;
/// rulings P188): it is camp ground from then on, see [`terrain_now`].
pub fn is_tower(map: &Map, state: &GameState, hex: HexId) -> bool {
    drawn_tower(map, hex) && !state.destroyed_towers.contains(&hex)
}

/// The terrain of `hex` as the battle has left it: a Destroyed camp tower is a camp hex of the
/// third enclosure (CG 12.32; rulings P188); every other hex as the map draws it.
pub fn terrain_now(map: &Map, state: &GameState, hex: HexId) -> Option<Terrain> {
    match map.terrain(hex) {
        Some(Terrain::CampTower) if state.destroyed_towers.contains(&hex) => Some(Terrain::Camp),
        other => other,
    }
}

/// Why the movement chart keeps `unit` (moving by `category`) out of the camp tower at `to`
/// (CG 12.11, 12.14; P170), if `to` is one and the chart does.
pub fn tower_refusal(map: &Map, state: &GameState, unit: &Unit, category: MoveCategory, to: HexId) -> Option<String> {
    if !is_tower(map, state, to) {
        return None;
    }
    match category {
        MoveCategory::Cavalry | MoveCategory::Elephant | MoveCategory::Chariot => {
            Some(format!("a {} never goes into a camp tower such as {to} (12.14)", unit.kind.name()))
        }
        MoveCategory::TwoHexFoot | MoveCategory::FormedFoot => Some(format!(
            "the camp tower at {to} is for missile units and artillery, not a {} (12.11)",
            unit.kind.name()
        )),
        _ => None,
    }
}

const TOWER: &str = "a camp tower is for missile units and artillery, and this unit carries no missiles (12.11)";
const TRIBAL: &str = "its side's Tribal units enter their camp's third enclosure, or any within it, only routing \
                      through a gate (12.11)";
const MAULA: &str =
    "Maula units hold the royal enclosure of its side's camp: no other unit of the side goes in (12.11)";
