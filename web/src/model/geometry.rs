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
    let mut points = String::with_capacity(6 * 12);
    for i in 0..6 {
        let (x, y) = corner(cx, cy, r, i);
        if i > 0 {
            points.push(' ');
        }
        push_tenths(&mut points, x);
        points.push(',');
        push_tenths(&mut points, y);
    }
    points
}

/// Writes `v` with one decimal exactly as `format!("{v:.1}")` does, without the formatter's
/// exact decimal expansion of the float (issue 19: the terrain layer writes the corners of
/// every hex, 2,640 of them at Issus, in the first drawing of the map). Far from a tie, the
/// float `10 v` rounds as the exact one does; near one, or for a value out of the map's range,
/// the formatter answers.
fn push_tenths(out: &mut String, v: f64) {
    use std::fmt::Write;
    let tenths = v * 10.0;
    let near_tie = ((tenths - tenths.floor()) - 0.5).abs() < 1e-6;
    if near_tie || !(0.0..1e9).contains(&v) {
        let _ = write!(out, "{v:.1}");
        return;
    }
    let t = tenths.round() as u64;
    let _ = write!(out, "{}.{}", t / 10, t % 10);
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
            for (mark, x, y) in [('M', x1, y1), ('L', x2, y2)] {
                d.push(mark);
                push_tenths(&mut d, x);
                d.push(',');
                push_tenths(&mut d, y);
            }
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

    /// The corners as the formatter writes them, for every hex of the largest grid and every
    /// radius the map draws outlines at.
    #[test]
    fn hex_points_are_written_as_the_formatter_writes_them() {
        for col in 1..=99 {
            for row in 1..=99 {
                let hex = HexId::new(col, row);
                let (cx, cy) = center(hex);
                for r in [R, R - 1.0, R - 2.0, R - 3.0, R - 4.0, R - 5.0] {
                    let formatted = (0..6)
                        .map(|i| {
                            let (x, y) = corner(cx, cy, r, i);
                            format!("{x:.1},{y:.1}")
                        })
                        .collect::<Vec<_>>()
                        .join(" ");
                    assert_eq!(hex_points(hex, r), formatted, "{hex} at radius {r}");
                }
            }
        }
        // A tie, below zero, and a value near a tie are left to the formatter.
        for v in [0.25, 0.35, -3.26, 12.049_999_999_9, 7.0] {
            let mut written = String::new();
            push_tenths(&mut written, v);
            assert_eq!(written, format!("{v:.1}"));
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
