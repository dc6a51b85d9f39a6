//! Rout Points and Army Withdrawal (CG 13.11–13.14, 14.17; GBA's section is missing, so the CG
//! rule is adapted, rulings P6) as data: what each eliminated unit and killed leader is worth,
//! how a Withdrawal Phase ends the battle, and the designed guidance for setting a level.
//!
//! CG prints its values ([`Origin::Recovered`]); the GBA values and the level guidance are the
//! proposal of `shared/rules/charts-draft.md` §8.4 ([`Origin::Designed`]). Reasons:
//! `docs/charts/combat.md` §8.
//!
//! Rout Points count every eliminated unit (including units that fled or routed off the map) and
//! every Killed leader (CG 13.11). In GBA, Darius III killed ends the battle at once (GBA 9.24):
//! the engine checks that before counting points.

use super::Origin;
use crate::scenario::units::{Grade, UnitClass, UnitType};
use crate::scenario::RuleSet;

/// What the table needs to know of an eliminated unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoutUnit {
    pub kind: UnitType,
    pub class: Option<UnitClass>,
    /// Printed TQ.
    pub tq: u8,
    /// A two-hex unit (PH, HI class HO, LP class CA; rulings P2).
    pub two_hex: bool,
    /// CG grade, if any.
    pub grade: Option<Grade>,
    /// GBA only: an Indian unit (Hydaspes); its LI count like CG's Maula and Bharta LI.
    pub indian: bool,
}

/// A unit's Rout Points and where the value comes from.
pub fn unit_rout_points(rules: RuleSet, u: &RoutUnit) -> (u8, Origin) {
    use UnitType::*;
    let half = u.tq.div_ceil(2);
    match rules {
        RuleSet::Chandragupta => {
            let (points, rule) = match (u.kind, u.grade) {
                (AT, _) => (0, "CG 13.12: artillery 0"),
                (SK | SkStar, _) => (2, "CG 13.12: skirmishers 2"),
                (_, Some(Grade::Tribal)) => (1, "CG 13.12: Tribal units 1"),
                (_, Some(Grade::Sreni)) => (2, "CG 13.12: Sreni units 2"),
                (PH | HI, _) if u.two_hex => (2 * u.tq, "CG 13.12 (rulings R15): PH and Size-10 hoplites 2 x TQ"),
                (LI, Some(Grade::Maula | Grade::Bharta)) => (half, "CG 13.12: Maula and Bharta LI, half TQ rounded up"),
                _ => (u.tq, "CG 13.12: every other unit, elephants and chariots included, its TQ"),
            };
            (points, Origin::Recovered(rule))
        }
        RuleSet::Alexander => {
            let points = match u.kind {
                AT => 0,
                SK | SkStar => 2,
                _ if u.two_hex => 2 * u.tq,
                LI if u.indian => half,
                _ => u.tq,
            };
            (points, Origin::Designed)
        }
    }
}

/// A killed leader's Rout Points. `initiative` is `None` for a GBA contingent commander;
/// `lesser_chief` marks a CG Sreni or Tribal chief or a Nayaka (CG 13.12).
pub fn leader_rout_points(rules: RuleSet, initiative: Option<u8>, lesser_chief: bool) -> (u8, Origin) {
    match (rules, initiative) {
        (RuleSet::Chandragupta, Some(i)) if lesser_chief => {
            (i, Origin::Recovered("CG 13.12: Sreni and Tribal chiefs and Nayakas, their Initiative"))
        }
        (RuleSet::Chandragupta, i) => {
            (5 * i.unwrap_or(0), Origin::Recovered("CG 13.12: every other leader, 5 x Initiative"))
        }
        (RuleSet::Alexander, Some(i)) => (5 * i, Origin::Designed),
        (RuleSet::Alexander, None) => (10, Origin::Designed),
    }
}

/// The end of a Withdrawal Phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Withdrawal {
    /// Neither army has reached its level.
    Continue,
    /// This side (0 or 1) withdraws and loses (CG 13.13).
    Withdraws(usize),
    /// Both reached their levels; this side, fewer points above its own level, wins (CG 13.14).
    BothWinnerIs(usize),
    /// Both reached their levels equally far: a draw (CG 13.14).
    Draw,
}

/// Compare each side's Rout Points with its Withdrawal Level (CG 13.13–13.14; GBA the same,
/// designed). An army withdraws when its points reach or pass its level.
pub fn withdrawal(rout_points: [u32; 2], levels: [u32; 2]) -> Withdrawal {
    let out = [rout_points[0] >= levels[0], rout_points[1] >= levels[1]];
    match out {
        [false, false] => Withdrawal::Continue,
        [true, false] => Withdrawal::Withdraws(0),
        [false, true] => Withdrawal::Withdraws(1),
        [true, true] => {
            let over = [rout_points[0] - levels[0], rout_points[1] - levels[1]];
            match over[0].cmp(&over[1]) {
                std::cmp::Ordering::Less => Withdrawal::BothWinnerIs(0),
                std::cmp::Ordering::Greater => Withdrawal::BothWinnerIs(1),
                std::cmp::Ordering::Equal => Withdrawal::Draw,
            }
        }
    }
}

/// Dharmayuddha (CG 14.17, optional): a player who revealed "yes" and broke the pledge loses 10%
/// of his level; one who kept it and reveals "yes" on reaching his level gains 15%; both rounded
/// up, applied after Rout Points are counted.
pub fn dharmayuddha_level(level: u32, kept_pledge: bool) -> u32 {
    if kept_pledge {
        level + (level * 15).div_ceil(100)
    } else {
        level - level.div_ceil(10)
    }
}

/// Designed guidance for scenario designers (charts-draft §8.4): how cohesive an army is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArmyCohesion {
    /// Levies, tribal hosts, armies of many nations: about a third.
    Brittle,
    /// About 0.4.
    Ordinary,
    /// Professional armies under strong command: about a half.
    Professional,
}

impl ArmyCohesion {
    /// The fraction of the base, as (numerator, denominator).
    pub fn fraction(self) -> (u32, u32) {
        match self {
            Self::Brittle => (1, 3),
            Self::Ordinary => (2, 5),
            Self::Professional => (1, 2),
        }
    }
}

/// A suggested Withdrawal Level: the total Rout Points of the army's combat units at set-up
/// (leaders excluded) times the cohesion fraction, rounded up.
pub fn suggested_level(base: u32, cohesion: ArmyCohesion) -> u32 {
    let (n, d) = cohesion.fraction();
    (base * n).div_ceil(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::cites_a_rule;
    use RuleSet::*;
    use UnitType::*;

    fn unit(kind: UnitType, tq: u8) -> RoutUnit {
        RoutUnit { kind, class: None, tq, two_hex: false, grade: None, indian: false }
    }

    fn rp(rules: RuleSet, u: RoutUnit) -> u8 {
        unit_rout_points(rules, &u).0
    }

    #[test]
    fn cg_13_12_worked_values() {
        // chandragupta-digest W44.
        let two_hex = |kind, tq| RoutUnit { two_hex: true, ..unit(kind, tq) };
        let graded = |kind, tq, g| RoutUnit { grade: Some(g), ..unit(kind, tq) };
        assert_eq!(rp(Chandragupta, two_hex(PH, 7)), 14);
        assert_eq!(rp(Chandragupta, graded(LI, 5, Grade::Maula)), 3);
        assert_eq!(rp(Chandragupta, graded(LI, 6, Grade::Bharta)), 3);
        assert_eq!(rp(Chandragupta, graded(LI, 5, Grade::Tribal)), 1);
        assert_eq!(rp(Chandragupta, graded(MI, 6, Grade::Sreni)), 2);
        assert_eq!(rp(Chandragupta, unit(SK, 5)), 2);
        assert_eq!(rp(Chandragupta, unit(AT, 4)), 0);
        assert_eq!(rp(Chandragupta, unit(EL, 6)), 6);
        assert_eq!(rp(Chandragupta, graded(EL, 6, Grade::Maula)), 6);
        assert_eq!(leader_rout_points(Chandragupta, Some(6), false).0, 30);
        assert_eq!(leader_rout_points(Chandragupta, Some(3), true).0, 3);
        assert_eq!(leader_rout_points(Chandragupta, Some(2), true).0, 2);
    }

    #[test]
    fn only_two_hex_ph_and_hi_count_double_rulings_r15() {
        assert_eq!(rp(Chandragupta, RoutUnit { class: Some(UnitClass::HY), ..unit(HI, 8) }), 8);
        assert_eq!(rp(Chandragupta, RoutUnit { two_hex: true, ..unit(HI, 6) }), 12);
    }

    #[test]
    fn cg_values_cite_rule_13_12() {
        for kind in UnitType::ALL {
            let (_, origin) = unit_rout_points(Chandragupta, &unit(kind, 5));
            assert!(matches!(origin, Origin::Recovered(r) if cites_a_rule(r) && r.contains("13.12")));
            assert_eq!(unit_rout_points(Alexander, &unit(kind, 5)).1, Origin::Designed);
        }
    }

    #[test]
    fn gba_adapted_from_cg_rulings_p6() {
        let two_hex = |kind, class, tq| RoutUnit { two_hex: true, class: Some(class), ..unit(kind, tq) };
        assert_eq!(rp(Alexander, RoutUnit { two_hex: true, ..unit(PH, 7) }), 14);
        assert_eq!(rp(Alexander, two_hex(HI, UnitClass::HO, 6)), 12);
        assert_eq!(rp(Alexander, two_hex(LP, UnitClass::CA, 5)), 10);
        assert_eq!(rp(Alexander, RoutUnit { class: Some(UnitClass::HY), ..unit(HI, 8) }), 8);
        assert_eq!(rp(Alexander, unit(SkStar, 7)), 2);
        assert_eq!(rp(Alexander, unit(AT, 5)), 0);
        assert_eq!(rp(Alexander, unit(HC, 7)), 7);
        assert_eq!(rp(Alexander, RoutUnit { indian: true, ..unit(LI, 5) }), 3);
        assert_eq!(rp(Alexander, RoutUnit { indian: true, ..unit(EL, 6) }), 6);
        assert_eq!(leader_rout_points(Alexander, Some(7), false), (35, Origin::Designed));
        assert_eq!(leader_rout_points(Alexander, None, false), (10, Origin::Designed));
    }

    #[test]
    fn cg_13_13_and_13_14_withdrawal() {
        assert_eq!(withdrawal([10, 20], [30, 40]), Withdrawal::Continue);
        assert_eq!(withdrawal([30, 20], [30, 40]), Withdrawal::Withdraws(0));
        assert_eq!(withdrawal([29, 41], [30, 40]), Withdrawal::Withdraws(1));
        // chandragupta-digest W45: A is 5 over, B 2 over: B wins.
        assert_eq!(withdrawal([45, 52], [40, 50]), Withdrawal::BothWinnerIs(1));
        assert_eq!(withdrawal([42, 52], [40, 50]), Withdrawal::Draw);
    }

    #[test]
    fn cg_14_17_dharmayuddha_level() {
        // chandragupta-digest W46.
        assert_eq!(dharmayuddha_level(45, true), 52);
        assert_eq!(dharmayuddha_level(45, false), 40);
    }

    #[test]
    fn level_guidance_a_third_to_a_half_rounded_up_charts_draft_8_4() {
        assert_eq!(suggested_level(100, ArmyCohesion::Brittle), 34);
        assert_eq!(suggested_level(100, ArmyCohesion::Ordinary), 40);
        assert_eq!(suggested_level(101, ArmyCohesion::Professional), 51);
    }
}
