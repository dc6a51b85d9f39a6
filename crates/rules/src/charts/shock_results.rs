//! Shock Combat Results Table (GBA 9.54, CG 9.44) as data: hits to the attacker and to the
//! defender, by CRT column and modified die roll.
//!
//! The books name the table but do not print it. The values are the proposal of
//! `shared/rules/charts-draft.md` §1, 13 columns × 10 rows. Three cells are fixed by the GBA 9.18
//! Hydaspes example ([`Origin::Recovered`]); every other cell is [`Origin::Designed`]. Reasons:
//! `docs/charts/combat.md` §1.
//!
//! How the combat engine reads it (GBA 9.16, CG 9.17):
//! * column = the Clash of Spears base column ([`super::clash_of_spears`]) plus every column shift
//!   ([`super::column_shifts`]); beyond 1 or 13 it reads column 1 or 13, the excess is lost;
//! * row = one d10 (0–9) + the attacker's Charisma − the defender's; below 0 reads row 0, above 9
//!   reads row 9;
//! * the cell gives "A(D)": hits to the attacker (hits to the defender). The multipliers come
//!   after and are not part of this table: AS doubles the defender's hits, DS triples the
//!   attacker's; in GBA also the halvings and the skirmisher cap of 9.16 step 4 (rulings R1: the
//!   cap applies to the hits the attacker takes).
//!
//! Everything here is `const` data and integer arithmetic, so an odds calculator may enumerate all
//! 10 rows of a column cheaply.

use super::Origin;

/// The first and last CRT column.
pub const MIN_COLUMN: u8 = 1;
pub const MAX_COLUMN: u8 = 13;
/// The first and last row (modified die roll).
pub const MIN_ROW: u8 = 0;
pub const MAX_ROW: u8 = 9;

/// One cell of the table: hits to the attacker, hits to the defender, and the cell's origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShockResult {
    pub attacker_hits: u8,
    pub defender_hits: u8,
    pub origin: Origin,
}

/// The table, `TABLE[row][column - 1] = (attacker hits, defender hits)`; row = modified DR 0–9.
pub const TABLE: [[(u8, u8); 13]; 10] = [
    // Columns:  1       2       3       4       5       6       7       8       9       10      11      12      13
    [(5, 1), (5, 1), (5, 2), (4, 2), (4, 2), (4, 2), (3, 2), (3, 2), (3, 2), (3, 2), (3, 2), (3, 2), (2, 3)], // 0 or less
    [(5, 1), (5, 1), (4, 2), (4, 2), (4, 2), (4, 2), (3, 2), (3, 2), (3, 2), (3, 2), (3, 2), (2, 3), (2, 3)], // 1
    [(5, 1), (5, 2), (4, 2), (4, 2), (4, 2), (3, 2), (3, 2), (3, 2), (3, 2), (3, 2), (2, 3), (2, 3), (2, 3)], // 2
    [(5, 1), (4, 2), (4, 2), (4, 2), (3, 2), (3, 2), (3, 2), (3, 2), (2, 2), (2, 3), (2, 3), (2, 3), (2, 3)], // 3
    [(5, 2), (4, 2), (4, 2), (3, 2), (3, 2), (3, 2), (3, 2), (2, 2), (2, 3), (2, 3), (2, 3), (2, 3), (1, 4)], // 4
    [(4, 2), (4, 2), (3, 2), (3, 2), (3, 2), (3, 2), (2, 2), (2, 3), (2, 3), (2, 3), (2, 3), (1, 4), (1, 4)], // 5
    [(4, 2), (4, 2), (3, 2), (3, 2), (3, 2), (2, 2), (2, 3), (2, 3), (2, 3), (2, 3), (2, 4), (1, 4), (1, 4)], // 6
    [(4, 2), (3, 2), (3, 2), (3, 2), (2, 2), (2, 3), (2, 3), (2, 3), (1, 3), (1, 4), (1, 4), (1, 4), (1, 5)], // 7
    [(4, 2), (3, 2), (3, 2), (3, 2), (2, 2), (2, 3), (2, 3), (1, 3), (1, 3), (1, 4), (1, 4), (1, 4), (1, 5)], // 8
    [(3, 2), (3, 2), (3, 2), (2, 2), (2, 2), (2, 3), (2, 3), (1, 3), (1, 4), (1, 4), (1, 4), (1, 5), (0, 5)], // 9 or more
];

/// The cells a rule fixes: (column, row, rule).
pub const RECOVERED: [(u8, u8, &str); 3] = [
    (3, 1, "GBA 9.18 Hydaspes example: hypaspists against an elephant and LI, column 3, DR 1 gives 4(2)"),
    (5, 8, "GBA 9.18 Hydaspes example: Cleitus's phalanx, base column 4 + 1R, DR 8 gives 2(2)"),
    (11, 5, "GBA 9.18 Hydaspes example: Coenus's phalanx, base column 10 + 1R, DR 5 gives 2(3)"),
];

/// The column actually read for a computed column: shifts beyond either edge are lost
/// (charts-draft §1 "Use" 1).
pub fn clamp_column(column: i32) -> u8 {
    column.clamp(MIN_COLUMN as i32, MAX_COLUMN as i32) as u8
}

/// The row actually read for a modified die roll: below 0 reads 0, above 9 reads 9
/// (charts-draft §1 "Use" 2).
pub fn clamp_row(modified_dr: i32) -> u8 {
    modified_dr.clamp(MIN_ROW as i32, MAX_ROW as i32) as u8
}

/// Where a cell (already clamped: column 1–13, row 0–9) comes from.
pub fn origin(column: u8, row: u8) -> Origin {
    RECOVERED
        .iter()
        .find(|&&(c, r, _)| c == column && r == row)
        .map_or(Origin::Designed, |&(_, _, rule)| Origin::Recovered(rule))
}

/// The CRT result for a computed column (base + shifts, any integer) and a modified die roll
/// (d10 + attacker's Charisma − defender's, any integer); both are clamped to the table first.
/// The hits are before superiority and the GBA halvings (GBA 9.16 step 4, CG 9.17\[4\]).
pub fn shock_result(column: i32, modified_dr: i32) -> ShockResult {
    let (c, r) = (clamp_column(column), clamp_row(modified_dr));
    let (attacker_hits, defender_hits) = TABLE[r as usize][(c - 1) as usize];
    ShockResult { attacker_hits, defender_hits, origin: origin(c, r) }
}

/// Reads a result written as the table prints it, "A(D)" (hits to the attacker, hits to the
/// defender, e.g. `3(2)`), and checks that some cell of the table gives it; for forcing a result
/// in testing (`sarissa run --shock-result`).
pub fn parse_result(text: &str) -> Result<(u8, u8), String> {
    let t = text.trim();
    let cell = t
        .strip_suffix(')')
        .and_then(|r| r.split_once('('))
        .and_then(|(a, d)| Some((a.trim().parse::<u8>().ok()?, d.trim().parse::<u8>().ok()?)));
    let Some(cell) = cell else {
        return Err(format!(
            "`{t}` is not a shock result: write it as the table does, hits to the attacker then the defender's in brackets, e.g. 3(2)"
        ));
    };
    if TABLE.iter().flatten().any(|&c| c == cell) {
        return Ok(cell);
    }
    let mut cells: Vec<(u8, u8)> = TABLE.iter().flatten().copied().collect();
    cells.sort_unstable();
    cells.dedup();
    let list: Vec<String> = cells.iter().map(|(a, d)| format!("{a}({d})")).collect();
    Err(format!("{t} is not a result of the Shock Combat Results Table; its results are {}", list.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::cites_a_rule;

    fn hits(column: i32, dr: i32) -> (u8, u8) {
        let r = shock_result(column, dr);
        (r.attacker_hits, r.defender_hits)
    }

    #[test]
    fn gba_9_18_hydaspes_hypaspists_v_elephant_col3_dr1_is_4_2() {
        assert_eq!(hits(3, 1), (4, 2));
        assert!(shock_result(3, 1).origin.is_recovered());
    }

    #[test]
    fn gba_9_18_hydaspes_cleitus_phalanx_col5_dr8_is_2_2() {
        // Base column 4 (PH against an elephant's front) + 1R for size.
        assert_eq!(hits(4 + 1, 8), (2, 2));
        assert!(shock_result(5, 8).origin.is_recovered());
    }

    #[test]
    fn gba_9_18_hydaspes_coenus_phalanx_col11_dr5_is_2_3() {
        // Base column 10 (PH against LI front) + 1R for size.
        assert_eq!(hits(10 + 1, 5), (2, 3));
        assert!(shock_result(11, 5).origin.is_recovered());
    }

    #[test]
    fn only_the_three_hydaspes_cells_are_recovered() {
        let mut recovered = vec![];
        for column in MIN_COLUMN..=MAX_COLUMN {
            for row in MIN_ROW..=MAX_ROW {
                if let Origin::Recovered(rule) = origin(column, row) {
                    assert!(cites_a_rule(rule), "{rule}");
                    recovered.push((column, row));
                }
            }
        }
        assert_eq!(recovered, [(3, 1), (5, 8), (11, 5)]);
    }

    #[test]
    fn gba_10_15_and_cg_11_21_results_exist_where_the_draft_puts_them() {
        // Phalanx on hoplites frontally (column 8) gives 3(2) on DR 0-3 (GBA 10.15 example 1).
        for dr in 0..=3 {
            assert_eq!(hits(8, dr), (3, 2), "DR {dr}");
        }
        // Javelin LI into an LI flank (column 9) gives 2(2) on DR 3 (GBA 10.15 ex. 2, CG 11.21).
        assert_eq!(hits(9, 3), (2, 2));
    }

    #[test]
    fn columns_beyond_1_and_13_are_lost_charts_draft_1_use_1() {
        for dr in 0..=9 {
            assert_eq!(hits(0, dr), hits(1, dr));
            assert_eq!(hits(-7, dr), hits(1, dr));
            assert_eq!(hits(14, dr), hits(13, dr));
            assert_eq!(hits(40, dr), hits(13, dr));
        }
        assert_eq!(clamp_column(i32::MIN), 1);
        assert_eq!(clamp_column(i32::MAX), 13);
        assert_eq!(clamp_column(7), 7);
    }

    #[test]
    fn modified_rolls_below_0_and_above_9_read_the_end_rows_gba_9_16() {
        for column in 1..=13 {
            assert_eq!(hits(column, -1), hits(column, 0));
            assert_eq!(hits(column, -5), hits(column, 0));
            assert_eq!(hits(column, 10), hits(column, 9));
            assert_eq!(hits(column, 13), hits(column, 9));
        }
        assert_eq!(hits(1, -4), (5, 1));
        assert_eq!(hits(13, 13), (0, 5));
        assert_eq!(clamp_row(i32::MIN), 0);
        assert_eq!(clamp_row(i32::MAX), 9);
    }

    #[test]
    fn higher_column_or_roll_never_costs_the_attacker_more_nor_the_defender_less() {
        for row in 0..10 {
            for c in 0..13 {
                let (a, d) = TABLE[row][c];
                if c + 1 < 13 {
                    let (a2, d2) = TABLE[row][c + 1];
                    assert!(a2 <= a && d2 >= d, "column {} -> {}, row {row}", c + 1, c + 2);
                }
                if row + 1 < 10 {
                    let (a2, d2) = TABLE[row + 1][c];
                    assert!(a2 <= a && d2 >= d, "column {}, row {row} -> {}", c + 1, row + 1);
                }
            }
        }
    }

    #[test]
    fn column_means_match_the_draft_mean_rows() {
        // charts-draft §1, "mean A" and "mean D" per column (to 0.05).
        const MEAN_A: [f64; 13] = [4.4, 4.0, 3.6, 3.3, 3.0, 2.8, 2.5, 2.2, 2.0, 2.0, 1.9, 1.6, 1.3];
        const MEAN_D: [f64; 13] = [1.6, 1.8, 2.0, 2.0, 2.0, 2.3, 2.4, 2.5, 2.7, 3.0, 3.2, 3.5, 3.9];
        for c in 0..13 {
            let a: f64 = (0..10).map(|r| TABLE[r][c].0 as f64).sum::<f64>() / 10.0;
            let d: f64 = (0..10).map(|r| TABLE[r][c].1 as f64).sum::<f64>() / 10.0;
            assert!((a - MEAN_A[c]).abs() <= 0.05, "column {}: mean A {a}", c + 1);
            assert!((d - MEAN_D[c]).abs() <= 0.05, "column {}: mean D {d}", c + 1);
        }
    }

    #[test]
    fn shock_always_costs_both_sides_but_one_cell() {
        let spared: Vec<_> = (0..10)
            .flat_map(|r| (0..13).map(move |c| (c + 1, r, TABLE[r][c])))
            .filter(|&(_, _, (a, d))| a == 0 || d == 0)
            .map(|(c, r, _)| (c, r))
            .collect();
        assert_eq!(spared, [(13, 9)]);
    }

    #[test]
    fn column_7_is_an_even_fight_with_a_small_premium_for_the_defender() {
        let a: u32 = (0..10).map(|r| TABLE[r][6].0 as u32).sum();
        let d: u32 = (0..10).map(|r| TABLE[r][6].1 as u32).sum();
        assert_eq!((a, d), (25, 24));
    }

    #[test]
    fn columns_3_to_5_give_the_defender_2_on_rolls_1_to_8_forced_by_the_recovered_cells() {
        for c in 3..=5 {
            for dr in 1..=8 {
                assert_eq!(hits(c, dr).1, 2, "column {c}, DR {dr}");
            }
        }
    }

    #[test]
    fn a_forced_result_is_read_in_the_tables_notation() {
        assert_eq!(parse_result("3(2)"), Ok((3, 2)));
        assert_eq!(parse_result(" 0(5) "), Ok((0, 5)));
        assert!(parse_result("9(9)").unwrap_err().contains("is not a result of the Shock Combat Results Table"));
        assert!(parse_result("3-2").unwrap_err().contains("is not a shock result"));
        assert!(parse_result("").is_err());
    }
}
