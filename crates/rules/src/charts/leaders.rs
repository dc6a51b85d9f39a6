//! Leader Casualty chart (GBA 9.55): the casualty roll (after a leader becomes a casualty in shock,
//! GBA 9.14, or from missile fire, GBA 8.19) and the Personal Combat Differential column (GBA
//! 9.21); with CG's printed casualty procedure (CG 9.15) beside it.
//!
//! GBA names both columns and prints neither. The values are the proposal of
//! `shared/rules/charts-draft.md` §8.1–8.2: the casualty roll of 5 (Finished) and the differential
//! 3–4 (Wounded) come from examples and the tie from the rule ([`Origin::Recovered`]); the other
//! rows are [`Origin::Designed`]. Reasons: `docs/charts/combat.md` §6.
//!
//! Rules that go with every result (GBA 9.14, 9.16, 9.22): a casualty's Charisma is not used in
//! that combat; a Killed leader is removed and his side suffers his Charisma as a reverse modifier
//! in that shock; a wound lowers every rating (never below 0) and Finishes the leader; a leader
//! wounded a second time is Killed ([`LeaderResult::on_leader`]).

use super::Origin;

/// What happens to a leader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderResult {
    NoEffect,
    /// Finished for the rest of the Game Turn.
    Finished,
    /// Every rating −1 (minimum 0); Finished.
    Wounded,
    /// Every rating −2 (minimum 0); Finished.
    SeverelyWounded,
    /// Removed.
    Killed,
}

impl LeaderResult {
    /// How much each rating drops.
    pub fn rating_loss(self) -> u8 {
        match self {
            Self::Wounded => 1,
            Self::SeverelyWounded => 2,
            _ => 0,
        }
    }

    pub fn is_wound(self) -> bool {
        self.rating_loss() > 0
    }

    /// The result for a leader who may already be wounded: a second wound kills (GBA 9.22).
    pub fn on_leader(self, already_wounded: bool) -> Self {
        if already_wounded && self.is_wound() {
            Self::Killed
        } else {
            self
        }
    }
}

/// One row of a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaderEntry {
    pub result: LeaderResult,
    pub origin: Origin,
}

/// GBA casualty roll rows: (lowest DR, highest DR, result). Only DR 5 is recovered; see
/// [`casualty_roll`].
pub const CASUALTY_ROWS: [(u8, u8, LeaderResult); 4] = [
    (0, 0, LeaderResult::Killed),
    (1, 2, LeaderResult::SeverelyWounded),
    (3, 4, LeaderResult::Wounded),
    (5, 9, LeaderResult::Finished),
];

const R_ABISARES: Origin =
    Origin::Recovered("GBA 9.18 Hydaspes example: Abisares, a casualty, rolls 5 and is Finished for the turn");

/// The GBA casualty roll for a leader who has become a casualty (GBA 9.55; one d10, 0–9).
pub fn casualty_roll(dr: u8) -> LeaderEntry {
    let dr = dr.min(9);
    let (_, _, result) = *CASUALTY_ROWS.iter().find(|&&(lo, hi, _)| (lo..=hi).contains(&dr)).expect("rows cover 0-9");
    let origin = if dr == 5 { R_ABISARES } else { Origin::Designed };
    LeaderEntry { result, origin }
}

/// CG 9.15 (printed procedure): a casualty is Wounded; roll again, and a roll above the leader's
/// Initiative kills him instead.
pub fn cg_casualty(second_dr: u8, initiative: u8) -> LeaderEntry {
    let result = if second_dr > initiative { LeaderResult::Killed } else { LeaderResult::Wounded };
    LeaderEntry { result, origin: Origin::Recovered("CG 9.15: wounded, or killed if a second roll beats Initiative") }
}

/// Personal Combat Differential column (GBA 9.21): the winner's total (Personal Combat rating +
/// DR) minus the loser's, applied to the loser. A negative difference reads as its absolute
/// value against the other leader; this takes the winner's margin, 0 or more.
pub fn personal_combat(difference: u8) -> LeaderEntry {
    use LeaderResult::*;
    let (result, origin) = match difference {
        0 => (NoEffect, Origin::Recovered("GBA 9.21: equal totals have no effect")),
        1..=2 => (Finished, Origin::Designed),
        3..=4 => (Wounded, Origin::Recovered("GBA 9.21 example: a difference of 3-4 wounds, or kills the wounded")),
        5..=6 => (SeverelyWounded, Origin::Designed),
        _ => (Killed, Origin::Designed),
    };
    LeaderEntry { result, origin }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::cites_a_rule;
    use LeaderResult::*;

    #[test]
    fn gba_9_18_hydaspes_abisares_rolls_5_and_is_finished() {
        let e = casualty_roll(5);
        assert_eq!(e.result, Finished);
        assert!(e.origin.is_recovered());
        assert_eq!(e.result.on_leader(true), Finished, "no wound, so no second-wound kill");
    }

    #[test]
    fn casualty_rows_charts_draft_8_1() {
        let got: Vec<_> = (0..10).map(|dr| casualty_roll(dr).result).collect();
        assert_eq!(
            got,
            [
                Killed,
                SeverelyWounded,
                SeverelyWounded,
                Wounded,
                Wounded,
                Finished,
                Finished,
                Finished,
                Finished,
                Finished
            ]
        );
        let designed = (0..10).filter(|&dr| casualty_roll(dr).origin == Origin::Designed).count();
        assert_eq!(designed, 9);
    }

    #[test]
    fn one_shock_casualty_odds_charts_draft_8_1() {
        // A leader in a shock is a casualty on a 0 (10%): per combat killed 1%, severely wounded
        // 2%, wounded 2%, finished 5% (in hundredths).
        let per = |r: LeaderResult| (0..10).filter(|&dr| casualty_roll(dr).result == r).count();
        assert_eq!([per(Killed), per(SeverelyWounded), per(Wounded), per(Finished)], [1, 2, 2, 5]);
    }

    #[test]
    fn second_wound_kills_gba_9_22() {
        assert_eq!(casualty_roll(1).result.on_leader(true), Killed);
        assert_eq!(casualty_roll(3).result.on_leader(true), Killed);
        assert_eq!(casualty_roll(3).result.on_leader(false), Wounded);
        assert_eq!(personal_combat(4).result.on_leader(true), Killed);
        assert_eq!(personal_combat(6).result.on_leader(true), Killed);
        assert_eq!(personal_combat(2).result.on_leader(true), Finished);
        assert_eq!((Wounded.rating_loss(), SeverelyWounded.rating_loss(), Finished.rating_loss()), (1, 2, 0));
    }

    #[test]
    fn cg_9_15_killed_when_the_second_roll_beats_initiative() {
        // P(killed | casualty) = (9 - Initiative) / 10.
        for initiative in 3..=7u8 {
            let killed = (0..10).filter(|&dr| cg_casualty(dr, initiative).result == Killed).count();
            assert_eq!(killed, 9 - initiative as usize);
        }
        assert_eq!(cg_casualty(6, 6).result, Wounded);
        assert!(matches!(cg_casualty(0, 5).origin, Origin::Recovered(r) if cites_a_rule(r)));
    }

    #[test]
    fn gba_9_21_personal_combat_tie_nothing_3_4_wounds() {
        assert_eq!(personal_combat(0).result, NoEffect);
        assert_eq!(personal_combat(3).result, Wounded);
        assert_eq!(personal_combat(4).result, Wounded);
        for d in [0, 3, 4] {
            assert!(matches!(personal_combat(d).origin, Origin::Recovered(r) if cites_a_rule(r)), "{d}");
        }
        for d in [1, 2, 5, 6, 7, 9, 14] {
            assert_eq!(personal_combat(d).origin, Origin::Designed, "{d}");
        }
    }

    /// One bout: (loser's result counts for b, a) in hundredths, over all 100 roll pairs.
    fn bout(pc_a: u8, pc_b: u8) -> ([usize; 4], [usize; 4], usize) {
        let order = [Killed, SeverelyWounded, Wounded, Finished];
        let (mut b_suffers, mut a_suffers, mut ties) = ([0; 4], [0; 4], 0);
        for da in 0..10u8 {
            for db in 0..10u8 {
                let (ta, tb) = (pc_a + da, pc_b + db);
                let result = personal_combat(ta.abs_diff(tb)).result;
                let Some(i) = order.iter().position(|&r| r == result) else {
                    ties += 1;
                    continue;
                };
                if ta > tb {
                    b_suffers[i] += 1;
                } else {
                    a_suffers[i] += 1;
                }
            }
        }
        (b_suffers, a_suffers, ties)
    }

    #[test]
    fn gba_9_21_design_note_pc_5_can_kill_alexander_pc_4_cannot() {
        let (_, alexander_suffers, _) = bout(7, 5);
        assert!(alexander_suffers[0] > 0);
        let (_, alexander_suffers, _) = bout(7, 4);
        assert_eq!(alexander_suffers[0], 0);
    }

    #[test]
    fn personal_combat_bout_odds_charts_draft_8_2() {
        assert_eq!(bout(7, 4), ([21, 15, 19, 17], [0, 3, 7, 11], 7));
        assert_eq!(bout(7, 5), ([15, 13, 17, 19], [1, 5, 9, 13], 8));
        assert_eq!(bout(5, 5), ([6, 9, 13, 17], [6, 9, 13, 17], 10));
    }
}
