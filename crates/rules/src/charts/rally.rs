//! Rally Table (GBA 10.27) as data: after a successful rally attempt, a second roll against the
//! unit's printed TQ gives the hits it keeps, or "R": the rally fails after all and the unit
//! rout-moves two more hexes (GBA 10.33). CG has no table: a rallied unit has half its printed TQ
//! in hits, rounded down (CG 11.34).
//!
//! GBA names the table and prints one cell of it (TQ 7, DR 5 → 2 hits, [`Origin::Recovered`]).
//! The rest is the proposal of `shared/rules/charts-draft.md` §8.3, built from one designed
//! formula: hits = ⌊(DR + 10 − TQ) / 3⌋, and R when DR ≥ TQ + 3 or when those hits would reach
//! the TQ. The table keeps TQ 3–9 as printed in the draft; other TQs use the same formula.
//! Reasons: `docs/charts/combat.md` §7.

use super::Origin;
use crate::scenario::RuleSet;

/// A rally roll's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RallyResult {
    /// The rallied unit has this many hits.
    Hits(u8),
    /// "R": the rally fails; the unit rout-moves two more hexes (GBA 10.33).
    Fails,
}

/// One cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RallyCell {
    pub result: RallyResult,
    pub origin: Origin,
}

const R: RallyResult = RallyResult::Fails;
const fn h(n: u8) -> RallyResult {
    RallyResult::Hits(n)
}

/// The first and last printed TQ of [`TABLE`].
pub const TABLE_TQ: (u8, u8) = (3, 9);

/// `TABLE[dr][tq - 3]` for printed TQ 3–9.
#[rustfmt::skip]
pub const TABLE: [[RallyResult; 7]; 10] = [
    // TQ 3   4     5     6     7     8     9
    [h(2), h(2), h(1), h(1), h(1), h(0), h(0)], // 0
    [h(2), h(2), h(2), h(1), h(1), h(1), h(0)], // 1
    [R,    h(2), h(2), h(2), h(1), h(1), h(1)], // 2
    [R,    h(3), h(2), h(2), h(2), h(1), h(1)], // 3
    [R,    h(3), h(3), h(2), h(2), h(2), h(1)], // 4
    [R,    h(3), h(3), h(3), h(2), h(2), h(2)], // 5
    [R,    R,    h(3), h(3), h(3), h(2), h(2)], // 6
    [R,    R,    h(4), h(3), h(3), h(3), h(2)], // 7
    [R,    R,    R,    h(4), h(3), h(3), h(3)], // 8
    [R,    R,    R,    R,    h(4), h(3), h(3)], // 9
];

const R_EXAMPLE: Origin = Origin::Recovered("GBA 10.27 example: a TQ 7 unit rolls 5 and keeps 2 hits");

/// The designed rule behind the table (charts-draft §8.3), for any printed TQ.
pub fn formula(printed_tq: u8, dr: u8) -> RallyResult {
    let hits = (dr as i32 + 10 - printed_tq as i32).max(0) / 3;
    if dr as i32 >= printed_tq as i32 + 3 || hits >= printed_tq as i32 {
        RallyResult::Fails
    } else {
        RallyResult::Hits(hits as u8)
    }
}

/// The GBA Rally Table: the result for a unit of this printed TQ after a successful rally, by one
/// d10 (0–9; a higher value reads 9).
pub fn gba_rally(printed_tq: u8, dr: u8) -> RallyCell {
    let dr = dr.min(9);
    let result = if (TABLE_TQ.0..=TABLE_TQ.1).contains(&printed_tq) {
        TABLE[dr as usize][(printed_tq - TABLE_TQ.0) as usize]
    } else {
        formula(printed_tq, dr)
    };
    let origin = if (printed_tq, dr) == (7, 5) { R_EXAMPLE } else { Origin::Designed };
    RallyCell { result, origin }
}

/// The hits a rallied unit has: the GBA table (which needs the roll `dr`) or CG's half TQ
/// rounded down (CG 11.34; no roll, `dr` is ignored).
pub fn rally(rules: RuleSet, printed_tq: u8, dr: u8) -> RallyCell {
    match rules {
        RuleSet::Alexander => gba_rally(printed_tq, dr),
        RuleSet::Chandragupta => RallyCell {
            result: RallyResult::Hits(printed_tq / 2),
            origin: Origin::Recovered("CG 11.34: a rallied unit has half its printed TQ in hits, rounded down"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::cites_a_rule;
    use RallyResult::*;

    #[test]
    fn gba_10_27_example_tq_7_roll_5_keeps_2_hits() {
        let cell = gba_rally(7, 5);
        assert_eq!(cell.result, Hits(2));
        assert!(matches!(cell.origin, Origin::Recovered(r) if cites_a_rule(r)));
        let recovered = (1..=12).flat_map(|tq| (0..10).map(move |dr| (tq, dr)));
        assert_eq!(recovered.filter(|&(tq, dr)| gba_rally(tq, dr).origin.is_recovered()).count(), 1);
    }

    #[test]
    fn table_is_the_draft_formula_charts_draft_8_3() {
        for dr in 0..10u8 {
            for tq in 3..=9u8 {
                assert_eq!(TABLE[dr as usize][(tq - 3) as usize], formula(tq, dr), "TQ {tq}, DR {dr}");
            }
        }
    }

    #[test]
    fn draft_cells_spot_checks_charts_draft_8_3() {
        assert_eq!(gba_rally(3, 0).result, Hits(2));
        assert_eq!(gba_rally(3, 2).result, Fails);
        assert_eq!(gba_rally(4, 6).result, Fails);
        assert_eq!(gba_rally(5, 7).result, Hits(4));
        assert_eq!(gba_rally(6, 9).result, Fails);
        assert_eq!(gba_rally(7, 9).result, Hits(4));
        assert_eq!(gba_rally(8, 0).result, Hits(0));
        assert_eq!(gba_rally(9, 9).result, Hits(3));
    }

    #[test]
    fn rallied_hits_stay_below_tq_and_never_fall_as_the_roll_rises() {
        for tq in 1..=12u8 {
            let mut last = 0;
            let mut failed = false;
            for dr in 0..10u8 {
                match gba_rally(tq, dr).result {
                    Hits(n) => {
                        assert!(!failed, "TQ {tq}: hits after R at DR {dr}");
                        assert!(n < tq && n >= last, "TQ {tq}, DR {dr}");
                        last = n;
                    }
                    Fails => failed = true,
                }
            }
        }
        // Beyond the printed range the formula carries on: TQ 2 never holds, TQ 10 steadies.
        assert!((0..10).all(|dr| gba_rally(2, dr).result == Fails));
        assert_eq!(gba_rally(10, 0).result, Hits(0));
    }

    #[test]
    fn cg_11_34_rallied_unit_has_half_its_tq() {
        assert_eq!(rally(RuleSet::Chandragupta, 7, 9).result, Hits(3));
        assert_eq!(rally(RuleSet::Chandragupta, 6, 0).result, Hits(3));
        assert_eq!(rally(RuleSet::Alexander, 7, 5).result, Hits(2));
    }
}
