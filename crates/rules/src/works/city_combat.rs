//! Fighting in and for a Chandragupta city (CG 12.210–12.212, 12.32, 12.35, 12.4): the
//! questions the shock, rout, recovery, breach, artillery and retire rules all ask of the city's
//! ground. The city itself — its terrain, streets and gates — is `crate::works::city`'s.

use crate::game::GameState;
use crate::map::facing::{arc_of, Arc};
use crate::map::hex::{HexId, Hexside};
use crate::map::terrain::{HexsideFeature, Terrain};
use crate::scenario::units::UnitType;
use crate::scenario::Scenario;

/// The city's gates, each hexside as its two hexes (sorted).
pub fn gates(scenario: &Scenario) -> Vec<(HexId, HexId)> {
    let mut out: Vec<(HexId, HexId)> = crate::works::city::gates(&scenario.map)
        .into_iter()
        .map(|(a, b)| if a < b { (a, b) } else { (b, a) })
        .collect();
    crate::game::sorting::sort(&mut out);
    out.dedup();
    out
}

/// The palace hexes: the city's Retire Target Area (CG 12.43).
pub fn palace(scenario: &Scenario) -> Vec<HexId> {
    scenario.map.hexes().filter(|&h| scenario.map.terrain(h) == Some(Terrain::Palace)).collect()
}

/// Could a unit of type `kind` (`two_hex`: a double unit) of side `side` go from `a` into the
/// adjacent `d` as the city allows (CG 12.21–12.24, 12.213)? This is the test of 12.210 ("no
/// shock into or across a hex or hexside it could not enter"), so what it asks is only whether
/// the ground lets it in, never its movement points or formation — with 12.22's exception: an
/// elephant may shock into a temple or palace. Always true off a city's ground.
pub fn may_enter(
    scenario: &Scenario,
    state: &GameState,
    (kind, two_hex, side): (UnitType, bool, usize),
    a: HexId,
    d: HexId,
) -> bool {
    let map = &scenario.map;
    let Some(city) = &map.city else { return true };
    match map.hexside(a, d) {
        // CG 12.21: the wall is never crossed.
        Some(HexsideFeature::Wall) => return false,
        // CG 12.213: a gate by its controller, or by anyone once it is breached.
        Some(HexsideFeature::CityGate) if crate::works::city::gate_shut(scenario, state, side, a, d) => return false,
        _ => {}
    }
    let mounted = kind.is_cavalry() || matches!(kind, UnitType::CH | UnitType::ChStar);
    let foot = !mounted && kind != UnitType::EL;
    let Some(t) = map.terrain(d) else { return false };
    if crate::works::city::is_block(t) {
        // CG 12.22: foot only, never a double unit; an elephant may shock into a temple or palace.
        return (foot && !two_hex) || (kind == UnitType::EL && matches!(t, Terrain::Temple | Terrain::Palace));
    }
    if crate::works::city::is_street(t) {
        // CG 12.23, 12.24: along a street step it is a street; otherwise the block's limits.
        let step = map.terrain(a).is_some_and(crate::works::city::is_street) && city.street_step(a, d);
        return match kind {
            UnitType::EL => city.main_street_step(a, d),
            _ if mounted => step,
            _ => step || !two_hex,
        };
    }
    true
}

/// Does 9.12's duty ("attack all units in their ZOCs") bind `attacker` to attack `foe`, one of
/// the enemies it may strike? On a city's map only where its zone of control, as CG 12.27 and
/// 12.28 leave it, reaches the foe: never from one city hex into another (so a unit in a street
/// or square may attack one neighbour in the city and leave another), never into a block, temple
/// or palace; and never for a unit in a block, temple or palace, which attacks "any, all, or
/// none" (12.210). Rulings P231 as amended by P245. Off a city's map: always.
pub fn obliged_to_attack(scenario: &Scenario, state: &GameState, attacker: usize, foe: usize) -> bool {
    if scenario.map.city.is_none() {
        return true;
    }
    if state.in_city_buildings(scenario, attacker) {
        return false;
    }
    let reach = crate::map::zoc::shock_reach(scenario, state, attacker);
    state.units[attacker].placement.hexes().any(|a| {
        state.units[foe].placement.hexes().any(|d| {
            a.is_adjacent(d)
                && reach.contains(&d)
                && crate::works::city::zoc_reach(scenario, state, attacker, a, d) != Some(false)
        })
    })
}

/// The hexes `attacker` may shock into on a city's map (CG 12.210, 12.27; rulings P231): its
/// zone of control `zoc` and, where it or the hex beyond is city ground (where 12.27 takes zones
/// of control away), the hexes beside it it faces — every one from a block, temple or palace
/// (12.26) — but only those it could enter across that hexside ([`may_enter`]). `None` off a
/// city's map: the zone of control alone.
pub fn shock_hexes(scenario: &Scenario, state: &GameState, attacker: usize, zoc: &[HexId]) -> Option<Vec<HexId>> {
    scenario.map.city.as_ref()?;
    let (u, st) = (&scenario.units[attacker], &state.units[attacker]);
    let who = (u.kind, st.placement.is_two_hex(), u.side);
    let mut out = Vec::new();
    for a in st.placement.hexes() {
        for d in Hexside::ALL.into_iter().filter_map(|s| a.neighbour(s)) {
            if st.placement.hexes().any(|h| h == d) || out.contains(&d) {
                continue;
            }
            let faced = crate::works::city::in_block(&scenario.map, a)
                || arc_of(&st.placement, st.heading(), d) == Some(Arc::Front);
            let city_ground = crate::works::city::in_city(scenario, a) || crate::works::city::in_city(scenario, d);
            if (zoc.contains(&d) || (city_ground && faced)) && may_enter(scenario, state, who, a, d) {
                out.push(d);
            }
        }
    }
    Some(out)
}
