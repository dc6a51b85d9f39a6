//! Line of sight (GBA 8.14), read strictly as missile fire needs it.
//!
//! The line runs from the centre of one hex to the centre of the other. Woods, towns,
//! strongholds, CG camp towers (12.18), CG city blocks, temples and palaces (12.29) and combat
//! units on it block, unless their hex is lower than both ends; any hex
//! higher than both ends blocks (A20); where the line runs exactly along a hexside, it is blocked
//! if either hex beside it blocks. For archers, a combat unit nearer the firer than the target
//! does not block (exactly halfway does). CG 8.15: between two levels, a blocker nearer the
//! higher end does not block (exactly halfway does).

use crate::game::GameState;
use crate::map::hex::{HexId, Hexside};
use crate::map::terrain::{HexsideFeature, Terrain};
use crate::scenario::Scenario;

/// The hexes the line between two hex centres passes through (ends excluded), each with its
/// distance from `from` as a fraction of the whole line; a hexside it runs along gives both
/// hexes beside it.
pub fn hexes_between(from: HexId, to: HexId) -> Vec<(HexId, f64)> {
    // The grid looks the same from every hex of a column's parity, so the line is worked out once
    // from a hex of `from`'s parity in mid-grid and moved onto `from`: fire and sight ask for the
    // same few shapes of line over and over.
    type Shape = std::rc::Rc<[(i16, i16, f64)]>;
    thread_local! {
        static SHAPES: std::cell::RefCell<rustc_hash::FxHashMap<(u8, i16, i16), Shape>> = Default::default();
    }
    let offset = |a: HexId, b: HexId| (b.col as i16 - a.col as i16, b.row as i16 - a.row as i16);
    let (dc, dr) = offset(from, to);
    let key = (from.col % 2, dc, dr);
    let shape = SHAPES.with(|shapes| {
        let known = shapes.borrow().get(&key).cloned();
        known.unwrap_or_else(|| {
            let relative = |base: HexId, line: Vec<(HexId, f64)>| -> Shape {
                line.into_iter()
                    .map(|(h, t)| {
                        let (c, r) = offset(base, h);
                        (c, r, t)
                    })
                    .collect()
            };
            // Too long a line for the mid-grid frame: measured where it is, and not kept.
            if dc.abs() > 40 || dr.abs() > 40 {
                return relative(from, measured_between(from, to));
            }
            let origin = HexId::new(50 + from.col % 2, 50);
            let end = HexId::new((origin.col as i16 + dc) as u8, (origin.row as i16 + dr) as u8);
            let shape = relative(origin, measured_between(origin, end));
            shapes.borrow_mut().insert(key, shape.clone());
            shape
        })
    });
    shape
        .iter()
        .filter_map(|&(c, r, t)| {
            let (col, row) = (u8::try_from(from.col as i16 + c).ok()?, u8::try_from(from.row as i16 + r).ok()?);
            (col <= 99 && row <= 99).then(|| (HexId::new(col, row), t))
        })
        .collect()
}

/// [`hexes_between`] measured: points every 1/24 hex along the line, and the hex nearest each.
fn measured_between(from: HexId, to: HexId) -> Vec<(HexId, f64)> {
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
        // CG 12.18 (P171): a camp tower blocks a line through it; fire into and out of it is
        // not through it (the ends of the line are never on it). A destroyed one blocks nothing
        // (CG 12.32; P188).
        let now = crate::works::camp::terrain_now(map, state, h);
        // CG 12.29 (rulings P229): a city block, temple or palace is fired into, never through.
        let terrain = matches!(now, Some(Terrain::Woods | Terrain::Town | Terrain::Stronghold | Terrain::CampTower))
            || now.is_some_and(crate::works::city::is_block);
        // Nearer the firer than the target, in hexes; exactly halfway is not nearer.
        let unit = occupied(h) && !(archer && h.distance(from) < h.distance(to));
        (terrain || unit) && !beside_the_higher_end(scenario, level(from), level(to), h.distance(from), h.distance(to))
    }) && !camp_works_block(scenario, from, to)
        && !city_walls_block(scenario, from, to)
}

/// CG 8.15: firer and target on different levels, a blocker on the line counts only when it is
/// nearer the lower end, or exactly halfway; `true` when it is nearer the higher one (and so
/// does not block). Always `false` under GBA 8.14, which has no such rule (rule-set hook).
fn beside_the_higher_end(scenario: &Scenario, from_level: u8, to_level: u8, from_hexes: u32, to_hexes: u32) -> bool {
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).sight_blocked_only_near_the_lower_end {
        return false;
    }
    match from_level.cmp(&to_level) {
        std::cmp::Ordering::Greater => from_hexes < to_hexes,
        std::cmp::Ordering::Less => to_hexes < from_hexes,
        std::cmp::Ordering::Equal => false,
    }
}

/// The camp hexsides the line from `from` to `to` crosses (CG 12.18; rulings P167): each with
/// the two hexes beside it. "Crosses" is passing over it, running along it, or going through one
/// of its corners straight from one of its hexes into the other. None outside Chandragupta.
pub fn camp_hexsides_crossed(scenario: &Scenario, from: HexId, to: HexId) -> Vec<(HexId, HexId, HexsideFeature)> {
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).camps {
        return Vec::new();
    }
    hexsides_crossed(scenario, from, to, HexsideFeature::is_camp_hexside)
}

/// The city walls and city gates the line from `from` to `to` crosses (CG 12.29; rulings
/// P229), read as the camp's works are (P167). None on a map without a city.
pub fn city_hexsides_crossed(scenario: &Scenario, from: HexId, to: HexId) -> Vec<(HexId, HexId, HexsideFeature)> {
    if scenario.map.city.is_none() {
        return Vec::new();
    }
    hexsides_crossed(scenario, from, to, |f| matches!(f, HexsideFeature::Wall | HexsideFeature::CityGate))
}

/// Whether the city's wall or a gate blocks the line (CG 12.29; rulings P229): any it crosses
/// that is not a side of the firer's or the target's hex (a unit beside the wall sees and is
/// seen across it). A breached gate still stands in the wall for sight, as a camp's does (P178).
pub fn city_walls_block(scenario: &Scenario, from: HexId, to: HexId) -> bool {
    city_hexsides_crossed(scenario, from, to)
        .into_iter()
        .any(|(a, b, _)| ![a, b].iter().any(|x| *x == from || *x == to))
}

/// Whether a volley from `from` to `to` crosses the city's wall or an unbreached city gate (CG
/// 12.29; designed modifier, rulings P230).
pub fn crosses_city_wall(scenario: &Scenario, state: &GameState, from: HexId, to: HexId) -> bool {
    city_hexsides_crossed(scenario, from, to)
        .into_iter()
        .any(|(a, b, f)| f == HexsideFeature::Wall || !crate::works::breach::is_breached(state, a, b))
}

/// May a missile unit in hex `from` fire at hex `to` as the city's streets allow (CG 12.29;
/// rulings P229)? From a street or square hex, beyond the hexes beside it, only straight down
/// one of the six rows of hexes that leave it — no shooting round corners. Any other firer, and
/// every map without a city, is not limited.
pub fn street_fire_line(scenario: &Scenario, from: HexId, to: HexId) -> bool {
    let map = &scenario.map;
    if map.city.is_none() || from.distance(to) <= 1 || !map.terrain(from).is_some_and(crate::works::city::is_street) {
        return true;
    }
    let n = from.distance(to);
    Hexside::ALL.into_iter().any(|side| {
        let mut at = Some(from);
        for _ in 0..n {
            at = at.and_then(|h| h.neighbour(side));
        }
        at == Some(to)
    })
}

/// The hexsides with a feature `wanted` that the line from `from` to `to` crosses (rulings
/// P167), each with the two hexes beside it.
fn hexsides_crossed(
    scenario: &Scenario,
    from: HexId,
    to: HexId,
    wanted: impl Fn(HexsideFeature) -> bool,
) -> Vec<(HexId, HexId, HexsideFeature)> {
    let map = &scenario.map;
    let mut on_line: Vec<HexId> = hexes_between(from, to).into_iter().map(|(h, _)| h).collect();
    on_line.extend([from, to]);
    let mut out = Vec::new();
    for (i, &a) in on_line.iter().enumerate() {
        for &b in &on_line[i + 1..] {
            let Some(f) = map.hexside(a, b).filter(|f| a.is_adjacent(b) && wanted(*f)) else { continue };
            if from.distance(to) <= 1 || line_meets_hexside(from, to, a, b) {
                out.push((a, b, f));
            }
        }
    }
    out
}

/// Whether a camp work blocks the line (CG 12.18; rulings P167): any camp hexside it crosses
/// but the moat, gates included, unless it is a side of the firer's or the target's hex (12.18's
/// exception for missile units beside the works).
pub fn camp_works_block(scenario: &Scenario, from: HexId, to: HexId) -> bool {
    camp_hexsides_crossed(scenario, from, to)
        .into_iter()
        .any(|(a, b, f)| f != HexsideFeature::Moat && ![a, b].iter().any(|x| *x == from || *x == to))
}

/// Whether a volley from `from` to `to` crosses a camp palisade or camp gate (CG 12.18; rulings
/// P168): any such hexside the line crosses, those beside the firer or the target included (the
/// only ones it can cross and still see).
pub fn crosses_camp_wall(scenario: &Scenario, from: HexId, to: HexId) -> bool {
    camp_hexsides_crossed(scenario, from, to)
        .into_iter()
        .any(|(_, _, f)| matches!(f, HexsideFeature::Palisade | HexsideFeature::CampGate))
}

/// Whether the segment between the centres of `from` and `to` meets the hexside between the
/// adjacent hexes `a` and `b` other than at its two corners.
fn line_meets_hexside(from: HexId, to: HexId, a: HexId, b: HexId) -> bool {
    const EPS: f64 = 1e-9;
    let (p, q) = (from.center(), to.center());
    let (ca, cb) = (a.center(), b.center());
    // The hexside: through the midpoint of the centres, across the line between them; half as
    // long as a side, which is the centre distance over sqrt 3.
    let m = ((ca.0 + cb.0) / 2.0, (ca.1 + cb.1) / 2.0);
    let (dx, dy) = (cb.0 - ca.0, cb.1 - ca.1);
    let half = 1.0 / (2.0 * 3f64.sqrt());
    let (c1, c2) = ((m.0 - dy * half, m.1 + dx * half), (m.0 + dy * half, m.1 - dx * half));
    let cross = |o: (f64, f64), u: (f64, f64), v: (f64, f64)| (u.0 - o.0) * (v.1 - o.1) - (u.1 - o.1) * (v.0 - o.0);
    let (d1, d2) = (cross(p, q, c1), cross(p, q, c2));
    let (d3, d4) = (cross(c1, c2, p), cross(c1, c2, q));
    if d1.abs() < EPS && d2.abs() < EPS {
        // Along the hexside's line: blocked if they overlap more than at a point.
        let along = |pt: (f64, f64)| (pt.0 - c1.0) * (c2.0 - c1.0) + (pt.1 - c1.1) * (c2.1 - c1.1);
        let len = along(c2);
        let (lo, hi) = (along(p).min(along(q)), along(p).max(along(q)));
        return lo.max(0.0) < hi.min(len) - EPS;
    }
    // A proper crossing: the corners on strictly opposite sides of the line, and the line's ends
    // on opposite sides of the hexside (or one end on it).
    if d1 * d2 < -EPS && d3 * d4 <= EPS {
        return true;
    }
    // Through a corner: blocked when the line goes from one of the two hexes straight into the
    // other there (just before and just after the corner).
    [c1, c2].into_iter().any(|c| {
        let len2 = (q.0 - p.0).powi(2) + (q.1 - p.1).powi(2);
        let t = ((c.0 - p.0) * (q.0 - p.0) + (c.1 - p.1) * (q.1 - p.1)) / len2;
        let at = |t: f64| (p.0 + t * (q.0 - p.0), p.1 + t * (q.1 - p.1));
        let on = (at(t).0 - c.0).abs() < 1e-6 && (at(t).1 - c.1).abs() < 1e-6;
        if !on || t <= 0.0 || t >= 1.0 {
            return false;
        }
        let step = 1e-3 / len2.sqrt();
        let hex = |t: f64| HexId::at_point(at(t).0, at(t).1);
        let (before, after) = (hex(t - step), hex(t + step));
        (before == Some(a) && after == Some(b)) || (before == Some(b) && after == Some(a))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    #[test]
    fn lines_moved_from_mid_grid_are_the_lines_measured_in_place_gba_8_14() {
        let sorted = |mut v: Vec<(HexId, f64)>| {
            v.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
            v
        };
        for from in [h("0101"), h("0201"), h("0505"), h("0606"), h("2012"), h("4530")] {
            for dc in -7i16..=7 {
                for dr in -7i16..=7 {
                    let (col, row) = (from.col as i16 + dc, from.row as i16 + dr);
                    if !(1..=60).contains(&col) || !(1..=40).contains(&row) {
                        continue;
                    }
                    let to = HexId::new(col as u8, row as u8);
                    assert_eq!(sorted(hexes_between(from, to)), sorted(measured_between(from, to)), "{from} to {to}");
                }
            }
        }
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
