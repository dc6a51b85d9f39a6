//! Line of sight (GBA 8.14), read strictly as missile fire needs it.
//!
//! The line runs from the centre of one hex to the centre of the other. Woods, towns,
//! strongholds and combat units on it block, unless their hex is lower than both ends; any hex
//! higher than both ends blocks (A20); where the line runs exactly along a hexside, it is blocked
//! if either hex beside it blocks. For archers, a combat unit nearer the firer than the target
//! does not block (exactly halfway does).

use crate::game::GameState;
use crate::hex::{HexId, Hexside};
use crate::scenario::Scenario;
use crate::terrain::Terrain;

/// The hexes the line between two hex centres passes through (ends excluded), each with its
/// distance from `from` as a fraction of the whole line; a hexside it runs along gives both
/// hexes beside it.
pub fn hexes_between(from: HexId, to: HexId) -> Vec<(HexId, f64)> {
    let ((x0, y0), (x1, y1)) = (from.center(), to.center());
    let steps = (from.distance(to) as usize).max(1) * 24;
    let mut out: Vec<(HexId, f64)> = Vec::new();
    for k in 1..steps {
        let t = k as f64 / steps as f64;
        let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
        let Some(nearest) = HexId::at_point(x, y) else { continue };
        let d = |h: HexId| {
            let (cx, cy) = h.center();
            (cx - x).hypot(cy - y)
        };
        let mut here = vec![nearest];
        // On a hexside: the neighbour as near as the nearest hex is beside the line too.
        for side in Hexside::ALL {
            if let Some(n) = nearest.neighbour(side) {
                if (d(n) - d(nearest)).abs() < 1e-7 {
                    here.push(n);
                }
            }
        }
        for h in here {
            if h != from && h != to && !out.iter().any(|(o, _)| *o == h) {
                out.push((h, t));
            }
        }
    }
    out
}

/// Can `from` see `to` (8.14)? `archer`: the firer shoots arrows, so units nearer him than the
/// target do not block.
pub fn line_of_sight(scenario: &Scenario, state: &GameState, from: HexId, to: HexId, archer: bool) -> bool {
    if from.distance(to) <= 1 {
        return true;
    }
    let map = &scenario.map;
    let level = |h: HexId| map.elevation(h).unwrap_or(0);
    let (low, high) = (level(from).min(level(to)), level(from).max(level(to)));
    let occupied = |h: HexId| state.units.iter().any(|u| !u.eliminated && u.placement.hexes().any(|x| x == h));
    !hexes_between(from, to).into_iter().any(|(h, _)| {
        if level(h) > high {
            return true;
        }
        if level(h) < low {
            return false;
        }
        let terrain = matches!(map.terrain(h), Some(Terrain::Woods | Terrain::Town | Terrain::Stronghold));
        // Nearer the firer than the target, in hexes; exactly halfway is not nearer.
        let unit = occupied(h) && !(archer && h.distance(from) < h.distance(to));
        terrain || unit
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    #[test]
    fn a_straight_line_passes_through_the_hexes_between() {
        let between: Vec<HexId> = hexes_between(h("0505"), h("0508")).into_iter().map(|x| x.0).collect();
        assert_eq!(between, [h("0506"), h("0507")]);
    }

    #[test]
    fn a_line_along_a_hexside_touches_both_hexes_beside_it() {
        // 0505 to 0705 (due east, through the vertex) runs along the hexside between 0604 and 0605.
        let mut between: Vec<HexId> = hexes_between(h("0505"), h("0705")).into_iter().map(|x| x.0).collect();
        between.sort();
        assert_eq!(between, [h("0604"), h("0605")]);
    }
}
