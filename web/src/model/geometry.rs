//! Map pixels: where hexes, hexsides and counters are drawn.

use sarissa_rules::map::hex::{HexId, Hexside};
use sarissa_rules::scenario::Map;

/// Hex radius (centre to corner) in map pixels: a hex is 60 px across.
pub const R: f64 = 30.0;
/// Margin around the outermost hexes.
pub const PAD: f64 = 6.0;

/// Centre of a hex in map pixels, with the map's top-left corner at (0, 0).
pub fn center(hex: HexId) -> (f64, f64) {
    let (x, y) = hex.center();
    (x * R - 0.5 * R + PAD, y * R - 3f64.sqrt() / 2.0 * R + PAD)
}

/// The hex under a point in map pixels (the inverse of [`center`]).
pub fn hex_at(x: f64, y: f64) -> Option<HexId> {
    HexId::at_point((x + 0.5 * R - PAD) / R, (y + 3f64.sqrt() / 2.0 * R - PAD) / R)
}

/// Width and height of the whole map in map pixels.
pub fn map_size(map: &Map) -> (f64, f64) {
    grid_size(map.columns, map.rows)
}

/// Width and height of a map of `columns` by `rows` hexes in map pixels.
pub fn grid_size(columns: u8, rows: u8) -> (f64, f64) {
    let w = (1.5 * columns as f64 + 0.5) * R + 2.0 * PAD;
    let rows = rows as f64 + if columns >= 2 { 0.5 } else { 0.0 };
    let h = rows * 3f64.sqrt() * R + 2.0 * PAD;
    (w, h)
}

/// Corner `i` (0 = east, counter-clockwise) of a hex of radius `r` around (cx, cy).
pub fn corner(cx: f64, cy: f64, r: f64, i: usize) -> (f64, f64) {
    let a = (i as f64 * 60.0).to_radians();
    (cx + r * a.cos(), cy - r * a.sin())
}

/// The SVG `points` of a hex outline.
pub fn hex_points(hex: HexId, r: f64) -> String {
    let (cx, cy) = center(hex);
    (0..6)
        .map(|i| {
            let (x, y) = corner(cx, cy, r, i);
            format!("{x:.1},{y:.1}")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The two ends of the hexside of `hex` across `side`.
pub fn hexside_segment(hex: HexId, side: Hexside) -> ((f64, f64), (f64, f64)) {
    let (cx, cy) = center(hex);
    // Hexside i lies between corners i and i + 1 (hexside NE = 30 degrees, between E and NE corners).
    (corner(cx, cy, R, side.index()), corner(cx, cy, R, side.index() + 1))
}

/// An SVG path `M x,y L x,y` for every hexside between the pairs.
pub fn hexsides_path(pairs: impl Iterator<Item = (HexId, HexId)>) -> String {
    let mut d = String::new();
    for (a, b) in pairs {
        if let Some(side) = a.side_towards(b) {
            let ((x1, y1), (x2, y2)) = hexside_segment(a, side);
            d.push_str(&format!("M{x1:.1},{y1:.1}L{x2:.1},{y2:.1}"));
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_at_inverts_center() {
        for col in 1..=40 {
            for row in 1..=30 {
                let hex = HexId::new(col, row);
                let (x, y) = center(hex);
                assert_eq!(hex_at(x + 7.0, y - 9.0), Some(hex));
            }
        }
    }

    #[test]
    fn a_hexside_is_shared_by_both_hexes() {
        let a = HexId::new(5, 5);
        for side in Hexside::ALL {
            let b = a.neighbour(side).unwrap();
            let back = b.side_towards(a).unwrap();
            let (p1, p2) = hexside_segment(a, side);
            let (q1, q2) = hexside_segment(b, back);
            let close = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < 1e-6 && (p.1 - q.1).abs() < 1e-6;
            assert!((close(p1, q2) && close(p2, q1)) || (close(p1, q1) && close(p2, q2)), "{side:?}");
        }
    }
}
