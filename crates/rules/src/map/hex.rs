//! Hex geometry in the printed-wargame convention (GBA 2.1): four-digit ids, column then row.
//!
//! Hexes are flat-topped and stand in vertical columns; even columns sit half a hex lower than
//! odd ones (docs/scenario-format.md). Units face a *vertex* (GBA 7.11), features lie on
//! *hexsides*. A hand-written module rather than the `hexx` crate: we need the printed offset
//! numbering, vertex facing and hexside keys, and not hexx's glam maths in the wasm bundle.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex on the printed map: column and row, both counted from 1. Serialised as its printed
/// four-digit id ("2214"), so saves, scripts and logs read like the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HexId {
    pub col: u8,
    pub row: u8,
}

impl Serialize for HexId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for HexId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        HexId::parse(&s).ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not a four-digit hex id")))
    }
}

/// The six hexside directions of a flat-topped hex, counter-clockwise from the upper right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Hexside {
    NE,
    N,
    NW,
    SW,
    S,
    SE,
}

/// The six vertices a unit can face (GBA 7.11), counter-clockwise from the east point.
/// Vertex `i` lies between hexsides `i - 1` and `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Vertex {
    E,
    NE,
    NW,
    W,
    SW,
    SE,
}

impl Hexside {
    pub const ALL: [Hexside; 6] = [Self::NE, Self::N, Self::NW, Self::SW, Self::S, Self::SE];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Self {
        Self::ALL[i % 6]
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::NE => "NE",
            Self::N => "N",
            Self::NW => "NW",
            Self::SW => "SW",
            Self::S => "S",
            Self::SE => "SE",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|h| h.name() == s)
    }

    /// Axial step (q, r) across this hexside; r grows southwards.
    fn axial_step(self) -> (i32, i32) {
        match self {
            Self::NE => (1, -1),
            Self::N => (0, -1),
            Self::NW => (-1, 0),
            Self::SW => (-1, 1),
            Self::S => (0, 1),
            Self::SE => (1, 0),
        }
    }
}

impl Vertex {
    pub const ALL: [Vertex; 6] = [Self::E, Self::NE, Self::NW, Self::W, Self::SW, Self::SE];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Self {
        Self::ALL[i % 6]
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::E => "E",
            Self::NE => "NE",
            Self::NW => "NW",
            Self::W => "W",
            Self::SW => "SW",
            Self::SE => "SE",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.name() == s)
    }

    /// Screen angle in degrees, clockwise from east (SVG convention, y down).
    pub fn screen_degrees(self) -> f64 {
        -(self.index() as f64) * 60.0
    }

    /// The vertices a two-hex unit may face when its second half lies across `side` from the
    /// first: the two directions at right angles to the line joining the halves (GBA 7.11).
    pub fn perpendicular_to(side: Hexside) -> [Vertex; 2] {
        [Self::from_index(side.index() + 2), Self::from_index(side.index() + 5)]
    }
}

impl HexId {
    pub fn new(col: u8, row: u8) -> Self {
        Self { col, row }
    }

    /// Parses a four-digit id such as `2214`.
    pub fn parse(s: &str) -> Option<Self> {
        if s.len() != 4 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let col = s[..2].parse().ok()?;
        let row = s[2..].parse().ok()?;
        Some(Self { col, row })
    }

    fn axial(self) -> (i32, i32) {
        let q = self.col as i32;
        (q, self.row as i32 - (q + 1) / 2)
    }

    fn from_axial(q: i32, r: i32) -> Option<Self> {
        let row = r + (q + 1) / 2;
        if !(0..=99).contains(&q) || !(0..=99).contains(&row) {
            return None;
        }
        Some(Self { col: q as u8, row: row as u8 })
    }

    /// The hex across `side`, if it has a valid id (it may still be off a given map).
    pub fn neighbour(self, side: Hexside) -> Option<Self> {
        let (q, r) = self.axial();
        let (dq, dr) = side.axial_step();
        Self::from_axial(q + dq, r + dr)
    }

    /// The hexside of `self` that `other` lies across, if the two are adjacent.
    pub fn side_towards(self, other: Self) -> Option<Hexside> {
        // The one side whose step leads there (as [`Hexside::axial_step`]), asked of every
        // hexside the movement searches cross: a lookup, not a search of the six.
        let ((q1, r1), (q2, r2)) = (self.axial(), other.axial());
        let side = match (q2 - q1, r2 - r1) {
            (1, -1) => Hexside::NE,
            (0, -1) => Hexside::N,
            (-1, 0) => Hexside::NW,
            (-1, 1) => Hexside::SW,
            (0, 1) => Hexside::S,
            (1, 0) => Hexside::SE,
            _ => return None,
        };
        // As `neighbour` would: past column or row 99 there is no id.
        (other.col <= 99 && other.row <= 99).then_some(side)
    }

    pub fn is_adjacent(self, other: Self) -> bool {
        self.side_towards(other).is_some()
    }

    /// Distance in hexes.
    pub fn distance(self, other: Self) -> u32 {
        let (q1, r1) = self.axial();
        let (q2, r2) = other.axial();
        let (dq, dr) = (q1 - q2, r1 - r2);
        ((dq.abs() + dr.abs() + (dq + dr).abs()) / 2) as u32
    }

    /// Centre of the hex in map units where a hex's corner-to-corner width is 2.
    pub fn center(self) -> (f64, f64) {
        let x = 1.5 * self.col as f64;
        let shift = if self.col % 2 == 0 { 0.5 } else { 0.0 };
        let y = 3f64.sqrt() * (self.row as f64 + shift);
        (x, y)
    }

    /// The hex whose centre is nearest to the point (x, y) in the units of [`HexId::center`],
    /// if that hex has a valid id. Inside a hex the nearest centre is its own.
    pub fn at_point(x: f64, y: f64) -> Option<Self> {
        let guess_col = (x / 1.5).round() as i64;
        let mut best: Option<(f64, Self)> = None;
        for col in guess_col - 1..=guess_col + 1 {
            let shift = if col.rem_euclid(2) == 0 { 0.5 } else { 0.0 };
            let guess_row = (y / 3f64.sqrt() - shift).round() as i64;
            for row in guess_row - 1..=guess_row + 1 {
                if !(0..=99).contains(&col) || !(0..=99).contains(&row) {
                    continue;
                }
                let hex = Self::new(col as u8, row as u8);
                let (cx, cy) = hex.center();
                let d = (cx - x).hypot(cy - y);
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, hex));
                }
            }
        }
        best.map(|(_, h)| h)
    }
}

impl fmt::Display for HexId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.col, self.row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    #[test]
    fn ids_parse_and_print_column_then_row_gba_2_1() {
        assert_eq!(h("2214"), HexId::new(22, 14));
        assert_eq!(h("0105").to_string(), "0105");
        assert_eq!(HexId::parse("221"), None);
        assert_eq!(HexId::parse("22a4"), None);
        assert_eq!(HexId::parse("+214"), None);
    }

    #[test]
    fn neighbours_of_odd_and_even_columns_follow_the_documented_offsets() {
        // Odd column: NE is one row up in the next column, SE the same row.
        assert_eq!(h("0505").neighbour(Hexside::NE), Some(h("0604")));
        assert_eq!(h("0505").neighbour(Hexside::SE), Some(h("0605")));
        assert_eq!(h("0505").neighbour(Hexside::NW), Some(h("0404")));
        assert_eq!(h("0505").neighbour(Hexside::SW), Some(h("0405")));
        // Even column sits half a hex lower: NE is the same row, SE one row down.
        assert_eq!(h("0605").neighbour(Hexside::NE), Some(h("0705")));
        assert_eq!(h("0605").neighbour(Hexside::SE), Some(h("0706")));
        assert_eq!(h("0605").neighbour(Hexside::N), Some(h("0604")));
        assert_eq!(h("0605").neighbour(Hexside::S), Some(h("0606")));
        assert_eq!(h("0605").neighbour(Hexside::SW), Some(h("0506")));
    }

    #[test]
    fn neighbourhood_is_symmetric_and_at_distance_one() {
        for col in 2..20 {
            for row in 2..20 {
                let a = HexId::new(col, row);
                for s in Hexside::ALL {
                    let b = a.neighbour(s).unwrap();
                    assert_eq!(a.distance(b), 1);
                    assert_eq!(b.side_towards(a), Some(Hexside::from_index(s.index() + 3)));
                    let (ax, ay) = a.center();
                    let (bx, by) = b.center();
                    assert!(((ax - bx).hypot(ay - by) - 3f64.sqrt()).abs() < 1e-9);
                }
            }
        }
    }

    /// The lookup gives what its definition does: the side whose neighbour is the other hex, for
    /// every pair of hexes near each other, the map's edges and the ids' last column and row
    /// included.
    #[test]
    fn the_side_towards_a_hex_is_the_side_whose_neighbour_it_is() {
        let near = |c: u8| c.saturating_sub(2)..=c.saturating_add(2);
        for (col, row) in (0..=12).flat_map(|c| (0..=12).map(move |r| (c, r))).chain([(99, 99), (98, 99), (99, 98)]) {
            let a = HexId::new(col, row);
            for b in near(col).flat_map(|c| near(row).map(move |r| HexId::new(c, r))) {
                let by_definition = Hexside::ALL.into_iter().find(|&s| a.neighbour(s) == Some(b));
                assert_eq!(a.side_towards(b), by_definition, "{a:?} to {b:?}");
            }
        }
    }

    #[test]
    fn a_point_finds_the_hex_it_lies_in() {
        for col in 1..30 {
            for row in 1..30 {
                let hex = HexId::new(col, row);
                let (x, y) = hex.center();
                assert_eq!(HexId::at_point(x, y), Some(hex));
                // Anywhere well inside the hex (radius 1, inner radius 0.866).
                for (dx, dy) in [(0.8, 0.0), (-0.8, 0.1), (0.3, 0.8), (-0.4, -0.75)] {
                    assert_eq!(HexId::at_point(x + dx, y + dy), Some(hex), "{hex} + ({dx}, {dy})");
                }
            }
        }
        assert_eq!(HexId::at_point(-50.0, -50.0), None);
    }

    #[test]
    fn distance_counts_hexes() {
        assert_eq!(h("0101").distance(h("0101")), 0);
        assert_eq!(h("0101").distance(h("0105")), 4);
        assert_eq!(h("0101").distance(h("0501")), 4);
        assert_eq!(h("0505").distance(h("0903")), 4);
    }

    #[test]
    fn two_hex_facing_is_at_right_angles_to_the_pair_gba_7_11() {
        // A vertical pair faces east or west.
        assert_eq!(Vertex::perpendicular_to(Hexside::S), [Vertex::E, Vertex::W]);
        assert_eq!(Vertex::perpendicular_to(Hexside::N), [Vertex::W, Vertex::E]);
        // A pair joined across the NE hexside (30 degrees) faces NW (120) or SE (300).
        assert_eq!(Vertex::perpendicular_to(Hexside::NE), [Vertex::NW, Vertex::SE]);
    }
}
