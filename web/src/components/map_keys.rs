//! The map by keyboard (issue 20 §6): a cursor over the hexes moved with the arrow keys, which
//! Enter chooses as a tap would, and the words a screen reader says of the hex under it.

use crate::components::counters::unit_label;
use sarissa_rules::game::LeaderStatus;
use sarissa_rules::{Game, HexId};

/// The hex the arrow key moves the cursor to: up and down the column, or to the next column
/// with the same row number (always adjacent on the printed map); never off the map.
pub fn step(cursor: HexId, key: &str, on_map: impl Fn(HexId) -> bool) -> Option<HexId> {
    let (col, row) = (cursor.col as i32, cursor.row as i32);
    let (col, row) = match key {
        "ArrowUp" => (col, row - 1),
        "ArrowDown" => (col, row + 1),
        "ArrowLeft" => (col - 1, row),
        "ArrowRight" => (col + 1, row),
        _ => return None,
    };
    let (col, row) = (u8::try_from(col).ok()?, u8::try_from(row).ok()?);
    Some(HexId::new(col, row)).filter(|h| on_map(*h))
}

/// The next (or previous) of the hexes a choice can be made in, after the cursor, in the
/// printed order of hex ids; the first when the cursor is on none of them.
pub fn next_live(live: &[HexId], cursor: Option<HexId>, back: bool) -> Option<HexId> {
    let mut hexes = live.to_vec();
    sarissa_rules::game::sorting::sort(&mut hexes);
    hexes.dedup();
    let at = cursor.and_then(|c| hexes.iter().position(|h| *h == c));
    let n = hexes.len();
    match (at, back) {
        _ if n == 0 => None,
        (Some(i), false) => Some(hexes[(i + 1) % n]),
        (Some(i), true) => Some(hexes[(i + n - 1) % n]),
        (None, false) => hexes.first().copied(),
        (None, true) => hexes.last().copied(),
    }
}

/// What is in a hex, in words: its id and ground, each unit and leader in it.
pub fn describe(game: &Game, hex: HexId) -> String {
    let (s, st) = (&game.scenario, &game.state);
    let ground = sarissa_rules::special::house::dense_woods::ground_name(s, hex);
    let mut parts = vec![format!("{hex}, {ground}")];
    for (u, us) in s.units.iter().zip(&st.units) {
        if !us.eliminated && us.placement.hexes().any(|h| h == hex) {
            parts.push(unit_label(u, us, &s.sides[u.side].name));
        }
    }
    for (l, ls) in s.leaders.iter().zip(&st.leaders) {
        if ls.status != LeaderStatus::Eliminated && ls.at == hex {
            parts.push(format!("leader {} ({})", l.name, s.sides[l.side].name));
        }
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map of 10 columns and 8 rows.
    fn on_map(h: HexId) -> bool {
        (1..=10).contains(&h.col) && (1..=8).contains(&h.row)
    }

    #[test]
    fn arrow_keys_step_to_adjacent_hexes_and_stop_at_the_edge() {
        let c = HexId::new(5, 4);
        for key in ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] {
            let next = step(c, key, on_map).expect(key);
            assert!(c.is_adjacent(next), "{key}: {next}");
        }
        assert_eq!(step(HexId::new(1, 1), "ArrowLeft", on_map), None);
        assert_eq!(step(HexId::new(1, 1), "ArrowUp", on_map), None);
        assert_eq!(step(HexId::new(10, 8), "ArrowRight", on_map), None);
        assert_eq!(step(c, "Enter", on_map), None);
    }

    #[test]
    fn next_live_cycles_through_the_choices_both_ways() {
        let live = [HexId::new(3, 3), HexId::new(1, 2), HexId::new(3, 3), HexId::new(2, 9)];
        assert_eq!(next_live(&live, None, false), Some(HexId::new(1, 2)));
        assert_eq!(next_live(&live, Some(HexId::new(1, 2)), false), Some(HexId::new(2, 9)));
        assert_eq!(next_live(&live, Some(HexId::new(3, 3)), false), Some(HexId::new(1, 2)));
        assert_eq!(next_live(&live, Some(HexId::new(1, 2)), true), Some(HexId::new(3, 3)));
        assert_eq!(next_live(&live, None, true), Some(HexId::new(3, 3)));
        assert_eq!(next_live(&[], Some(HexId::new(1, 2)), false), None);
    }
}
