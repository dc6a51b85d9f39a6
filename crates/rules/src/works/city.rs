//! The city of a Chandragupta battle (CG 12.2, Takshashila): its terrain, its streets and the
//! questions the rest of the engine asks about them.
//!
//! A city is scenario data (`[map.city]`, docs/scenario-format.md): five terrains in the grid
//! (street `=`, square `+`, block `B`, temple `H`, palace `P`), the `wall` and `city_gate`
//! hexsides round it, and here the steps of its streets (CG 12.23: the street symbol crosses the
//! hexside between the two hexes) and of its wide main street (CG 12.24: the only street steps
//! elephants use), with the side that holds the gates when the battle begins (CG 12.213).

use crate::charts::movement_costs::MoveCategory;
use crate::game::GameState;
pub use crate::map::city::{gates, in_block, in_city, initial_gate_holders, is_block, is_city, is_street, City};
use crate::map::hex::HexId;
use crate::map::terrain::{HexsideFeature, Terrain};
use crate::scenario::units::{Unit, UnitType};
use crate::scenario::Scenario;

/// Does unit `i` stand in the city, in a city hex (CG 12.214)?
pub fn unit_in_city(scenario: &Scenario, state: &GameState, i: usize) -> bool {
    state.units[i].placement.hexes().any(|h| in_city(scenario, h))
}

/// The terrain whose movement costs a unit of `category` pays for going from `from` into the
/// adjacent `to`, which is of terrain `terrain` (CG 12.23, 12.24): a street or square entered by
/// street movement is itself; entered any other way it is priced and closed as a block. Street
/// movement is a step along a street (`City::street_step`), and also (rulings):
/// * P197: a step in through a city gate into a street hex — the street runs out through the gate;
/// * P198 (G36): a step into a square from any other city hex.
///
/// Elephants use only the main street's steps (12.24), a gate into a main-street hex included,
/// and not the square's exception. Outside a city this is `terrain` unchanged.
pub fn entry_terrain(scenario: &Scenario, category: MoveCategory, from: HexId, to: HexId, terrain: Terrain) -> Terrain {
    let map = &scenario.map;
    let Some(city) = map.city.as_ref().filter(|_| is_street(terrain)) else {
        return terrain;
    };
    let from_terrain = map.terrain(from).unwrap_or(Terrain::Clear);
    // P197: in through a gate from outside the city.
    let gate_in = map.hexside(from, to) == Some(HexsideFeature::CityGate) && !is_city(from_terrain);
    let by_street = if category == MoveCategory::Elephant {
        city.main_street_step(from, to) || (gate_in && city.on_main_street(to))
    } else {
        city.street_step(from, to)
            || gate_in
            // P198 (G36): a square from any adjacent city hex.
            || (terrain == Terrain::CitySquare && is_city(from_terrain))
    };
    if by_street {
        terrain
    } else {
        Terrain::CityBlock
    }
}

/// Why a unit may not go from `from` into `to` under orders, if the city forbids it for a reason
/// the movement chart does not know: an enemy's unbreached gate (CG 12.213); a chariot or
/// elephant entering a street hex not In Column (12.25); a column entering block terrain, or a
/// street hex other than by street movement (12.26, P200).
pub fn move_refusal(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    column: bool,
    from: HexId,
    to: HexId,
) -> Option<String> {
    let map = &scenario.map;
    map.city.as_ref()?;
    let u = &scenario.units[unit];
    if gate_shut(scenario, state, u.side, from, to) {
        return Some(format!("the gate between {from} and {to} is the enemy's and not breached (12.213)"));
    }
    let terrain = map.terrain(to)?;
    let chariot_or_elephant = matches!(u.kind, UnitType::CH | UnitType::ChStar | UnitType::EL);
    if chariot_or_elephant && !column && is_street(terrain) {
        return Some(format!("a {} enters a street hex only In Column (12.25)", u.kind.name()));
    }
    let category = crate::movement::category_of(u, &state.units[unit].placement);
    let block = entry_terrain(scenario, category, from, to, terrain);
    let may_enter_blocks = crate::charts::movement_costs::hex_cost(category, Terrain::CityBlock).is_some();
    if column && is_block(block) && may_enter_blocks {
        return Some(format!("a column does not enter {to} from {from}, block terrain there (12.26)"));
    }
    None
}

/// Why the movement chart closes `to` to a unit coming from `from`, worded for the city
/// (CG 12.22, 12.23, 12.24); `None` if `to` is no city hex.
pub fn terrain_refusal(
    scenario: &Scenario,
    unit: &Unit,
    category: MoveCategory,
    from: HexId,
    to: HexId,
) -> Option<String> {
    let terrain = scenario.map.terrain(to).filter(|&t| is_city(t))?;
    if !is_block(entry_terrain(scenario, category, from, to, terrain)) {
        return None;
    }
    let kind = unit.kind.name();
    Some(match category {
        MoveCategory::TwoHexFoot => format!("no double-size unit enters block terrain such as {to} (12.22)"),
        MoveCategory::Elephant if is_street(terrain) => {
            format!("an elephant keeps to the main street; {from} to {to} is no step of it (12.24)")
        }
        _ if is_street(terrain) => {
            format!("no street runs from {from} to {to}, so it is entered as a block: foot only (12.23, 12.24)")
        }
        _ => format!("a {kind} may not enter block terrain such as {to}: foot only (12.22)"),
    })
}

/// The side that controls the city gate whose inside hex is `inside` (CG 12.213): the side of a
/// unit standing there, or else the last side to have stood there, or else the city's side.
pub fn gate_controller(scenario: &Scenario, state: &GameState, inside: HexId) -> Option<usize> {
    let city = scenario.map.city.as_ref()?;
    Some(state.gate_holders.iter().find(|(h, _)| *h == inside).map_or(city.side, |&(_, s)| s))
}

/// Is the step from `from` into `to` across a city gate that `side` may not pass (CG 12.213):
/// an unbreached gate held by the other side? Every kind of move asks (ordered, withdrawal,
/// rout, advance after combat, leaders).
pub fn gate_shut(scenario: &Scenario, state: &GameState, side: usize, from: HexId, to: HexId) -> bool {
    let map = &scenario.map;
    if map.hexside(from, to) != Some(HexsideFeature::CityGate) || crate::works::breach::is_breached(state, from, to) {
        return false;
    }
    let inside = if map.terrain(from).is_some_and(is_city) { from } else { to };
    gate_controller(scenario, state, inside).is_some_and(|holder| holder != side)
}

/// Whether unit `i` projects a zone of control from `from` into the adjacent `to`, when the city
/// decides it (CG 12.27, 12.28): never into a block, temple or palace; never from one city hex
/// into another; across a wall or city gate only from inside, by a missile unit that is not
/// Missile No. `None`: the city has nothing to say and the usual rules apply.
pub fn zoc_reach(scenario: &Scenario, state: &GameState, i: usize, from: HexId, to: HexId) -> Option<bool> {
    let map = &scenario.map;
    map.city.as_ref()?;
    let (tf, tt) = (map.terrain(from)?, map.terrain(to)?);
    if is_block(tt) || (is_city(tf) && is_city(tt)) {
        return Some(false);
    }
    match map.hexside(from, to) {
        Some(HexsideFeature::Wall | HexsideFeature::CityGate) => {
            let (u, st) = (&scenario.units[i], &state.units[i]);
            let missiles = u.missile.is_some() && st.supply != crate::combat::missile::Supply::No;
            Some(is_city(tf) && missiles && !tt.is_impassable())
        }
        _ => None,
    }
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
