//! Facing (GBA 7.1): which neighbouring hexes are a unit's front, flanks and rear.
//!
//! Worked out from geometry rather than tables, so one rule serves one-hex and two-hex units:
//! seen from the unit's centre, a neighbour within 70° of the faced vertex is a front hex, one
//! beyond 110° a rear hex, the rest flank hexes. For a one-hex unit that gives the two hexes
//! either side of the vertex as front, the next two as flanks, the last two as rear; for a
//! two-hex unit, three front, three rear and one flank hex at each short end (GBA 7.11).

use crate::map::hex::{HexId, Hexside, Vertex};
use crate::scenario::units::Placement;
use serde::{Deserialize, Serialize};

/// Which way a unit faces: a vertex (7.11), or a hexside while In Column (6.63).
///
/// State, events and commands store a facing as a [`Vertex`] with a `column` flag beside it; in
/// column the vertex's index names the hexside of the same index (E: the NE hexside, NE: N, NW:
/// NW, W: SW, SW: S, SE: SE), the hexside 30° counter-clockwise of that vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heading {
    Vertex(Vertex),
    Hexside(Hexside),
    /// All round, in Square (CG 10.62) or in a city's block, temple or palace (12.26): every
    /// adjacent hex is a front hex; the vertex is the one the counter still points to, and faces
    /// again when it leaves Square or the buildings.
    Square(Vertex),
}

impl Heading {
    /// The heading a stored facing and column flag stand for.
    pub fn of(facing: Vertex, column: bool) -> Self {
        if column {
            Self::Hexside(Hexside::from_index(facing.index()))
        } else {
            Self::Vertex(facing)
        }
    }

    /// The stored form: the vertex of the same index and whether it is a column's hexside.
    pub fn stored(self) -> (Vertex, bool) {
        match self {
            Self::Vertex(v) | Self::Square(v) => (v, false),
            Self::Hexside(s) => (Vertex::from_index(s.index()), true),
        }
    }

    /// Degrees counter-clockwise from east: a vertex every 60°, a hexside 30° past its index's vertex.
    pub fn degrees(self) -> f64 {
        match self {
            Self::Vertex(v) | Self::Square(v) => v.index() as f64 * 60.0,
            Self::Hexside(s) => s.index() as f64 * 60.0 + 30.0,
        }
    }

    pub fn name(self) -> String {
        match self {
            Self::Vertex(v) => v.name().into(),
            Self::Hexside(s) => format!("the {} side", s.name()),
            // A Square (CG 10.62) or a unit among a city's buildings (12.26).
            Self::Square(_) => "all round".into(),
        }
    }
}

impl From<Vertex> for Heading {
    fn from(v: Vertex) -> Self {
        Self::Vertex(v)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Arc {
    Front,
    Flank,
    Rear,
}

fn centre(placement: &Placement) -> (f64, f64) {
    match *placement {
        Placement::One(h) => h.center(),
        Placement::Two(a, b) => {
            let ((ax, ay), (bx, by)) = (a.center(), b.center());
            ((ax + bx) / 2.0, (ay + by) / 2.0)
        }
    }
}

/// The arc of `hex` relative to a unit, if `hex` is adjacent to it (and not part of it). A column
/// facing a hexside has one front hex, the one straight ahead, and two flank hexes (6.63).
pub fn arc_of(placement: &Placement, facing: impl Into<Heading>, hex: HexId) -> Option<Arc> {
    let facing = facing.into();
    match *placement {
        Placement::One(at) => at.side_towards(hex).map(|side| one_hex_arc(side, facing)),
        Placement::Two(a, b) => match a.side_towards(b) {
            Some(axis) if !aslant(axis, facing) => two_hex_arc(a, axis, b, facing, hex),
            // A column's hexside 60° off its length (no column stands so) puts neighbours on
            // the 30° threshold itself, where the measured angles decide by rounding: kept so.
            _ => geometric_arc(placement, facing, hex),
        },
    }
}

/// Where a two-hex unit's neighbour lies, seen from the unit's centre, in tenths of a degree
/// counter-clockwise of the line from tail `a` to head `b` (across `axis`): ahead 0, beside the
/// head ±40.9 (atan of √3/2 over 1), abreast ±90, beside the tail ±139.1, behind 180. `None` if
/// it is one of the halves or touches neither.
fn two_hex_bearing(a: HexId, axis: Hexside, b: HexId, hex: HexId) -> Option<i32> {
    let turn = |side: Hexside| (side.index() + 6 - axis.index()) % 6;
    if hex == a || hex == b {
        return None;
    }
    if let Some(side) = b.side_towards(hex) {
        return Some([0, 409, 900, 0, -900, -409][turn(side)]);
    }
    a.side_towards(hex).map(|side| [0, 900, 1391, 1800, -1391, -900][turn(side)])
}

/// Is `facing` a hexside neither along nor against `axis`?
fn aslant(axis: Hexside, facing: Heading) -> bool {
    matches!(facing, Heading::Hexside(s) if (s.index() + 6 - axis.index()) % 3 != 0)
}

/// [`geometric_arc`] for the halves of a two-hex unit, adjacent across `axis`, counted in
/// tenths of a degree without trigonometry: the same thresholds, and no neighbour lies within
/// 0.8° of one unless the facing is [`aslant`].
fn two_hex_arc(a: HexId, axis: Hexside, b: HexId, facing: Heading, hex: HexId) -> Option<Arc> {
    let bearing = two_hex_bearing(a, axis, b, hex)?;
    let faced = match facing {
        // CG 10.62: a unit in Square has front hexes all round, no flank or rear.
        Heading::Square(_) => return Some(Arc::Front),
        Heading::Vertex(v) => 600 * v.index() as i32,
        Heading::Hexside(s) => 600 * s.index() as i32 + 300,
    };
    // The axis itself points at its hexside's angle, 30° + 60° a side.
    let off = (300 + 600 * axis.index() as i32 + bearing - faced).rem_euclid(3600);
    let diff = off.min(3600 - off);
    let (front, flank) = match facing {
        Heading::Hexside(_) => (300, 650),
        _ => (700, 1100),
    };
    Some(arc_within(diff, front, flank))
}

/// Front within `front` of the facing, flank within `flank`, rear beyond (7.11).
fn arc_within<T: PartialOrd>(diff: T, front: T, flank: T) -> Arc {
    if diff < front {
        Arc::Front
    } else if diff < flank {
        Arc::Flank
    } else {
        Arc::Rear
    }
}

/// [`arc_of`] measured by angles from the unit's centre: what a two-hex unit needs.
fn geometric_arc(placement: &Placement, facing: Heading, hex: HexId) -> Option<Arc> {
    if placement.hexes().any(|h| h == hex) || !placement.hexes().any(|h| h.is_adjacent(hex)) {
        return None;
    }
    let (cx, cy) = centre(placement);
    let (hx, hy) = hex.center();
    // Screen y grows downwards; angles here grow counter-clockwise from east.
    let angle = (-(hy - cy)).atan2(hx - cx).to_degrees();
    // CG 10.62: a unit in Square has front hexes all round, no flank or rear.
    if matches!(facing, Heading::Square(_)) {
        return Some(Arc::Front);
    }
    let diff = ((angle - facing.degrees() + 540.0) % 360.0 - 180.0).abs();
    // A column's neighbours lie 0°, 60°, 120° and 180° off its hexside: only the first is front.
    // A two-hex column's: ahead of its head 0°, beside that hex about 41°, beside its tail 90°
    // and beyond: one front hex, two flank, five rear (6.63, P45).
    let (front, flank) = match facing {
        Heading::Vertex(_) | Heading::Square(_) => (70.0, 110.0),
        Heading::Hexside(_) if placement.is_two_hex() => (30.0, 65.0),
        Heading::Hexside(_) => (30.0, 90.0),
    };
    Some(arc_within(diff, front, flank))
}

/// The arc of the hex across `side` of a one-hex unit: the same angles as [`arc_of`] measures,
/// counted in steps of 30° (hexside `k` lies at 30° + 60°k, vertex `v` at 60°v), so the
/// engine's most frequent question needs no trigonometry. Front within 70° of a vertex facing,
/// flank to 110°; a column's hexside: front straight ahead, flank at 60° (7.11, 6.63).
fn one_hex_arc(side: Hexside, facing: Heading) -> Arc {
    let steps = |a: usize, b: usize| {
        let d = (a + 12 - b) % 12;
        d.min(12 - d)
    };
    match facing {
        Heading::Square(_) => Arc::Front,
        Heading::Vertex(v) => match steps(2 * side.index() + 1, 2 * v.index()) {
            1 => Arc::Front,
            3 => Arc::Flank,
            _ => Arc::Rear,
        },
        Heading::Hexside(s) => match steps(2 * side.index(), 2 * s.index()) {
            0 => Arc::Front,
            2 => Arc::Flank,
            _ => Arc::Rear,
        },
    }
}

/// Every hex adjacent to the unit, with its arc.
pub fn neighbours(placement: &Placement, facing: impl Into<Heading>) -> Vec<(HexId, Arc)> {
    let facing = facing.into();
    let mut out: Vec<(HexId, Arc)> = Vec::with_capacity(8);
    for h in placement.hexes() {
        for side in Hexside::ALL {
            let Some(n) = h.neighbour(side) else { continue };
            if out.iter().any(|(x, _)| *x == n) {
                continue;
            }
            // A one-hex unit's neighbour across `side`: `arc_of` without finding the side again.
            let arc = match placement {
                Placement::One(_) => Some(one_hex_arc(side, facing)),
                Placement::Two(..) => arc_of(placement, facing, n),
            };
            if let Some(arc) = arc {
                out.push((n, arc));
            }
        }
    }
    out
}

pub fn hexes_in(placement: &Placement, facing: impl Into<Heading>, arc: Arc) -> Vec<HexId> {
    hexes_in_arcs(placement, facing, &[arc])
}

/// The hexes adjacent to the unit in `arcs`: those of the first arc, then of the next, each in
/// the order [`neighbours`] lists them. A one-hex unit's are found by hexside, without finding
/// the neighbours it does not want (a zone of control asks this of every unit).
pub fn hexes_in_arcs(placement: &Placement, facing: impl Into<Heading>, arcs: &[Arc]) -> Vec<HexId> {
    let facing = facing.into();
    let mut out = Vec::with_capacity(4);
    match *placement {
        Placement::One(at) => {
            for &arc in arcs {
                let sides = Hexside::ALL.into_iter().filter(|&side| one_hex_arc(side, facing) == arc);
                out.extend(sides.filter_map(|side| at.neighbour(side)));
            }
        }
        Placement::Two(..) => {
            let around = neighbours(placement, facing);
            for &arc in arcs {
                out.extend(around.iter().filter(|(_, a)| *a == arc).map(|(h, _)| *h));
            }
        }
    }
    out
}

/// The hexsides of a one-hex unit's front (GBA 7.11): the two either side of its vertex.
pub fn front_hexsides(facing: Vertex) -> [Hexside; 2] {
    [Hexside::from_index(facing.index() + 5), Hexside::from_index(facing.index())]
}

/// Vertices turned going from one facing to another the short way round (0–3).
pub fn vertices_between(a: Vertex, b: Vertex) -> u8 {
    let d = (a.index() as i32 - b.index() as i32).rem_euclid(6);
    d.min(6 - d) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> HexId {
        HexId::parse(s).unwrap()
    }

    #[test]
    fn one_hex_arcs_counted_in_steps_agree_with_the_angles_gba_7_11() {
        let mut headings: Vec<Heading> = Vertex::ALL.into_iter().map(Heading::Vertex).collect();
        headings.extend(Hexside::ALL.map(Heading::Hexside));
        headings.push(Heading::Square(Vertex::E));
        for at in [h("0505"), h("0606")] {
            let p = Placement::One(at);
            for &facing in &headings {
                for side in Hexside::ALL {
                    let n = at.neighbour(side).unwrap();
                    assert_eq!(arc_of(&p, facing, n), geometric_arc(&p, facing, n), "{at} {facing:?} {side:?}");
                }
                assert_eq!(arc_of(&p, facing, at), None);
                assert_eq!(arc_of(&p, facing, h("0909")), None);
            }
        }
    }

    #[test]
    fn two_hex_arcs_counted_in_tenths_agree_with_the_angles_gba_7_11() {
        let mut headings: Vec<Heading> = Vertex::ALL.into_iter().map(Heading::Vertex).collect();
        headings.extend(Hexside::ALL.map(Heading::Hexside));
        headings.push(Heading::Square(Vertex::E));
        let mut compared = 0;
        for col in 2..60u8 {
            for row in 2..50u8 {
                let a = HexId::new(col, row);
                for axis in Hexside::ALL {
                    let b = a.neighbour(axis).unwrap();
                    let p = Placement::Two(a, b);
                    for &facing in &headings {
                        for hex in neighbours(&p, Heading::Square(Vertex::E)).into_iter().map(|(n, _)| n) {
                            assert_eq!(
                                arc_of(&p, facing, hex),
                                geometric_arc(&p, facing, hex),
                                "{a} {b} {facing:?} {hex}"
                            );
                            compared += 1;
                        }
                        assert_eq!(arc_of(&p, facing, a), None);
                        assert_eq!(arc_of(&p, facing, HexId::new(col + 3, row)), None);
                    }
                }
            }
        }
        assert!(compared > 100_000);
    }

    #[test]
    fn one_hex_unit_has_two_front_two_flank_two_rear_hexes_gba_7_11() {
        let p = Placement::One(h("0505"));
        for facing in Vertex::ALL {
            let n = neighbours(&p, facing);
            assert_eq!(n.len(), 6);
            for arc in [Arc::Front, Arc::Flank, Arc::Rear] {
                assert_eq!(n.iter().filter(|x| x.1 == arc).count(), 2, "{facing:?} {arc:?}");
            }
            // The front hexes are the two across the hexsides either side of the vertex.
            let mut front = hexes_in(&p, facing, Arc::Front);
            let mut expect: Vec<_> = front_hexsides(facing).iter().map(|s| h("0505").neighbour(*s).unwrap()).collect();
            front.sort();
            expect.sort();
            assert_eq!(front, expect);
        }
        // Facing east from an odd column: front NE (0604) and SE (0605).
        let mut front = hexes_in(&p, Vertex::E, Arc::Front);
        front.sort();
        assert_eq!(front, [h("0604"), h("0605")]);
        let mut rear = hexes_in(&p, Vertex::E, Arc::Rear);
        rear.sort();
        assert_eq!(rear, [h("0404"), h("0405")]);
    }

    #[test]
    fn two_hex_unit_has_three_front_three_rear_and_a_flank_at_each_end_gba_7_11() {
        let p = Placement::Two(h("0505"), h("0506"));
        let n = neighbours(&p, Vertex::E);
        assert_eq!(n.len(), 8);
        let mut front = hexes_in(&p, Vertex::E, Arc::Front);
        front.sort();
        assert_eq!(front, [h("0604"), h("0605"), h("0606")]);
        let mut flank = hexes_in(&p, Vertex::E, Arc::Flank);
        flank.sort();
        assert_eq!(flank, [h("0504"), h("0507")]);
        assert_eq!(hexes_in(&p, Vertex::E, Arc::Rear).len(), 3);
        // A diagonal pair as well.
        let d = Placement::Two(h("0505"), h("0604"));
        let side = h("0505").side_towards(h("0604")).unwrap();
        for facing in Vertex::perpendicular_to(side) {
            let n = neighbours(&d, facing);
            assert_eq!(n.iter().filter(|x| x.1 == Arc::Front).count(), 3);
            assert_eq!(n.iter().filter(|x| x.1 == Arc::Flank).count(), 2);
            assert_eq!(n.iter().filter(|x| x.1 == Arc::Rear).count(), 3);
        }
    }

    #[test]
    fn turning_counts_vertices_the_short_way_gba_7_12() {
        assert_eq!(vertices_between(Vertex::E, Vertex::E), 0);
        assert_eq!(vertices_between(Vertex::E, Vertex::NE), 1);
        assert_eq!(vertices_between(Vertex::E, Vertex::SE), 1);
        assert_eq!(vertices_between(Vertex::E, Vertex::W), 3);
        assert_eq!(vertices_between(Vertex::NW, Vertex::SE), 3);
        assert_eq!(vertices_between(Vertex::NE, Vertex::SW), 3);
        assert_eq!(vertices_between(Vertex::SW, Vertex::E), 2);
    }
}
