//! Shock column shifts (the notes of the GBA Shock CRT, 9.16 steps 2–3; CG 9.17\[2\], 9.17\[3\],
//! 10.61, 10.62) as data: each condition that moves the CRT column, by how much, and in which
//! rule set it is a rule, a designed value, or not used.
//!
//! GBA names terrain and unit shifts on its CRT but prints none; CG prints its list. The values are
//! the proposal of `shared/rules/charts-draft.md` §2: GBA adopts CG's list, each GBA-only terrain
//! takes the value of its nearest CG equivalent, and CG's camp and city shifts (whose chart is
//! missing) are designed. Reasons: `docs/charts/combat.md` §2.
//!
//! Sign: a positive shift moves right, towards the attacker (higher columns); negative moves left.
//! Deciding which conditions hold in a combat is the combat engine's job (for terrain it uses the
//! position most favourable to the defender, CG 9.17\[3\]b); this module only says what each one is
//! worth and adds a list of them up ([`total_shift`]). The sum may run past column 1 or 13:
//! [`super::shock_results::shock_result`] clamps it.

use super::Origin;
use crate::scenario::RuleSet;

/// Every condition of charts-draft §2, named after its row (S1 … U5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShiftCondition {
    /// S1, attacker larger: n:1 after the moving-attacker rounding gives (n − 1)R; steps = n − 1.
    SizeRatioAttacker,
    /// S1, defender larger: 1:n gives (n − 1)L; steps = n − 1.
    SizeRatioDefender,
    /// S2 (GBA): elephant, chariot and skirmisher Size counts only when every unit in the combat is
    /// of that type; list this when a side is left with no countable Size: no size-ratio shift.
    SizeNotCounted,
    /// S3 (CG): no size ratio in elephant v non-elephant, chariot v non-chariot (rulings R12),
    /// skirmisher v chariot, nor against a unit in Square. Cancels any size-ratio entry.
    NoSizeRatio,
    /// T1: all defenders in Woods (GBA) / Forest (CG).
    DefendersInWoods,
    /// T2: all attackers across a Minor River or Steep-Banked Stream (GBA) / a River (CG).
    AcrossRiver,
    /// T3: all attackers across a Stream or Steep Bank.
    AcrossStream,
    /// T4: any defender on a higher level than the attackers.
    AnyDefenderHigher,
    /// T5: all defenders higher (instead of T4).
    AllDefendersHigher,
    /// T6: all defenders on a lower level than the attackers.
    AllDefendersLower,
    /// T7 (CG): any defender in a Stronghold hex.
    DefenderInStronghold,
    /// T8 (GBA): all defenders in Rocky, Rocky Riverbed or Town hexes.
    DefendersInRockyOrTown,
    /// T9 (GBA): all attackers in Marsh or Major River hexes.
    AttackersInMarshOrMajorRiver,
    /// T10 (GBA): all defenders in Marsh or Major River hexes.
    DefendersInMarshOrMajorRiver,
    /// T11 (GBA): all attackers across a Gate hexside (Pelium).
    AcrossGate,
    /// C1 (CG): all attackers across a Berm/Ditch, Moat, Thorns or Wagons hexside.
    AcrossCampObstacle,
    /// C2 (CG): all attackers across a camp Wall or an unbreached camp Gate (instead of C1).
    AcrossCampWallOrGate,
    /// C3 (CG): attack across a breached camp Gate or wall hexside (instead of C2).
    AcrossBreachedCampWallOrGate,
    /// C4 (CG): any defender in a camp Tower (instead of C1–C3).
    DefenderInCampTower,
    /// C5 (CG): any defender in a City Block.
    DefenderInCityBlock,
    /// C5 (CG): any defender in a Temple or Palace (instead of the City Block value; rulings P22).
    DefenderInTempleOrPalace,
    /// C6 (CG): all attackers in Block, Temple or Palace hexes attacking into Street or Square.
    AttackersFromBlocksIntoStreets,
    /// C7 (CG): all attackers across a City Gate.
    AcrossCityGate,
    /// C7 (CG): all attackers across a breached City Gate (instead of the unbreached value).
    AcrossBreachedCityGate,
    /// U1: any attacker Cat HC, Cat EL, CH* or elCH (GBA: Cat HC; rulings P20).
    CataphractAttacker,
    /// U2: any defender Cat HC, Cat EL, CH* or elCH (GBA: Cat HC; rulings P20).
    CataphractDefender,
    /// U3 (CG 10.61): a non-PH unit that moved attacks a PH frontally; one step per PH flank
    /// covered by another PH or a PH ZOC (at most 2).
    PhalanxFlankCovered,
    /// U4 (GBA): a double-depth phalanx. No shift: its Size counts in S1 and its Charge DRMs are
    /// in GBA 9.13.
    DoubleDepthPhalanx,
    /// U5: the defender is In Column. No shift: it is attacked with AS (GBA 6.65, CG 6.55).
    DefenderInColumn,
}

/// One row of the shift list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShiftRow {
    pub condition: ShiftCondition,
    /// The draft's row label (S1, T4, C5 …).
    pub code: &'static str,
    /// Columns per step; positive = right (towards the attacker), 0 = a rule that shifts nothing.
    pub columns: i8,
    /// The most steps that count (1 for a plain shift; 2 for U3; `u8::MAX` for the size ratio).
    pub max_steps: u8,
    /// Origin in GBA, or `None` when GBA does not use this row.
    pub gba: Option<Origin>,
    /// Origin in CG, or `None` when CG does not use this row.
    pub cg: Option<Origin>,
    /// Rows this one replaces when both hold ("instead of").
    pub instead_of: &'static [ShiftCondition],
}

impl ShiftRow {
    /// The origin in a rule set, or `None` when the rule set does not use the row.
    pub fn origin(&self, rules: RuleSet) -> Option<Origin> {
        match rules {
            RuleSet::Alexander => self.gba,
            RuleSet::Chandragupta => self.cg,
        }
    }
}

const D: Option<Origin> = Some(Origin::Designed);
const fn r(rule: &'static str) -> Option<Origin> {
    Some(Origin::Recovered(rule))
}

const fn row(
    condition: ShiftCondition,
    code: &'static str,
    columns: i8,
    gba: Option<Origin>,
    cg: Option<Origin>,
) -> ShiftRow {
    ShiftRow { condition, code, columns, max_steps: 1, gba, cg, instead_of: &[] }
}

use ShiftCondition as S;

/// The whole list, in the draft's order.
pub const SHIFTS: [ShiftRow; 29] = [
    ShiftRow {
        max_steps: u8::MAX,
        ..row(
            S::SizeRatioAttacker,
            "S1",
            1,
            r("GBA 9.16 step 2: n:1 shifts (n - 1) right"),
            r("CG 9.17[2]: n:1 shifts (n - 1) right"),
        )
    },
    ShiftRow {
        max_steps: u8::MAX,
        ..row(
            S::SizeRatioDefender,
            "S1",
            -1,
            r("GBA 9.16 step 2: 1:n shifts (n - 1) left"),
            r("CG 9.17[2]: 1:n shifts (n - 1) left"),
        )
    },
    row(
        S::SizeNotCounted,
        "S2",
        0,
        r("GBA 9.16 step 2: EL, CH and SK Size count only when all units are of that type (empty side: designed)"),
        None,
    ),
    row(
        S::NoSizeRatio,
        "S3",
        0,
        None,
        r("CG 9.17[2], 10.62: no size ratio for EL v non-EL, CH v non-CH, SK v CH, or a unit in Square"),
    ),
    row(S::DefendersInWoods, "T1", -1, D, r("CG 9.17[3]: all defenders in Forest, 1L")),
    row(S::AcrossRiver, "T2", -2, D, r("CG 9.17[3]: all attackers across a River hexside, 2L")),
    row(S::AcrossStream, "T3", -1, D, D),
    row(S::AnyDefenderHigher, "T4", -1, D, r("CG 9.17[3]: any defender higher than the attackers, 1L")),
    ShiftRow {
        instead_of: &[S::AnyDefenderHigher],
        ..row(S::AllDefendersHigher, "T5", -2, D, r("CG 9.17[3]: all defenders higher, 2L instead of 1L"))
    },
    row(S::AllDefendersLower, "T6", 1, D, r("CG 9.17[3]: all defenders lower than the attackers, 1R")),
    row(S::DefenderInStronghold, "T7", -2, None, r("CG 9.17[3]: any defender in a Stronghold, 2L")),
    row(S::DefendersInRockyOrTown, "T8", -1, D, None),
    row(S::AttackersInMarshOrMajorRiver, "T9", -1, D, None),
    row(S::DefendersInMarshOrMajorRiver, "T10", 1, D, None),
    row(S::AcrossGate, "T11", -2, D, None),
    row(S::AcrossCampObstacle, "C1", -1, None, D),
    ShiftRow { instead_of: &[S::AcrossCampObstacle], ..row(S::AcrossCampWallOrGate, "C2", -2, None, D) },
    ShiftRow { instead_of: &[S::AcrossCampWallOrGate], ..row(S::AcrossBreachedCampWallOrGate, "C3", -1, None, D) },
    ShiftRow {
        instead_of: &[S::AcrossCampObstacle, S::AcrossCampWallOrGate, S::AcrossBreachedCampWallOrGate],
        ..row(S::DefenderInCampTower, "C4", -3, None, D)
    },
    row(S::DefenderInCityBlock, "C5", -2, None, D),
    ShiftRow { instead_of: &[S::DefenderInCityBlock], ..row(S::DefenderInTempleOrPalace, "C5", -3, None, D) },
    row(S::AttackersFromBlocksIntoStreets, "C6", -1, None, D),
    row(S::AcrossCityGate, "C7", -2, None, D),
    ShiftRow { instead_of: &[S::AcrossCityGate], ..row(S::AcrossBreachedCityGate, "C7", -1, None, D) },
    row(S::CataphractAttacker, "U1", 2, D, r("CG 9.17[3], 10.18, 10.25: any cataphracted attacker, 2R")),
    row(S::CataphractDefender, "U2", -2, D, r("CG 9.17[3], 10.18, 10.25: any cataphracted defender, 2L")),
    ShiftRow {
        max_steps: 2,
        ..row(
            S::PhalanxFlankCovered,
            "U3",
            -2,
            None,
            r("CG 10.61: 2L for each covered flank of a phalanx attacked frontally by a moving non-phalanx"),
        )
    },
    row(S::DoubleDepthPhalanx, "U4", 0, D, None),
    row(
        S::DefenderInColumn,
        "U5",
        0,
        r("GBA 6.65: a unit In Column is attacked with AS; no shift"),
        r("CG 6.55: a unit In Column is attacked with AS; no shift"),
    ),
];

/// The row of a condition.
pub fn shift_row(condition: ShiftCondition) -> &'static ShiftRow {
    SHIFTS.iter().find(|r| r.condition == condition).expect("every condition has a row")
}

/// One condition that holds in a combat, with its number of steps: n − 1 for a size ratio of
/// n:1 or 1:n, the number of covered flanks for U3, 1 for everything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Applying {
    pub condition: ShiftCondition,
    pub steps: u8,
}

impl Applying {
    pub const fn once(condition: ShiftCondition) -> Self {
        Self { condition, steps: 1 }
    }

    pub const fn times(condition: ShiftCondition, steps: u8) -> Self {
        Self { condition, steps }
    }
}

/// Why a list of shifts cannot be added up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShiftError {
    /// The rule set does not use this condition (e.g. a camp shift in GBA).
    NotInRuleSet(ShiftCondition),
    /// More steps than the row allows (U3 counts at most two flanks), or a plain shift listed
    /// with a step count other than 1.
    TooManySteps(ShiftCondition),
}

/// The net shift of every condition that holds, positive = right (GBA 9.16 steps 2–3,
/// CG 9.17\[2\]–\[3\]): all shifts add up, except that a row replaces the rows it is "instead of",
/// and S2/S3 cancel the size-ratio shift. A condition listed twice counts twice.
pub fn total_shift(rules: RuleSet, applying: &[Applying]) -> Result<i32, ShiftError> {
    let holds = |c: ShiftCondition| applying.iter().any(|a| a.condition == c);
    let no_ratio = holds(S::SizeNotCounted) || holds(S::NoSizeRatio);
    let mut total = 0;
    for a in applying {
        let row = shift_row(a.condition);
        if row.origin(rules).is_none() {
            return Err(ShiftError::NotInRuleSet(a.condition));
        }
        if a.steps > row.max_steps || (row.max_steps == 1 && a.steps != 1) {
            return Err(ShiftError::TooManySteps(a.condition));
        }
        let replaced = SHIFTS.iter().any(|other| other.instead_of.contains(&a.condition) && holds(other.condition));
        let cancelled = no_ratio && matches!(a.condition, S::SizeRatioAttacker | S::SizeRatioDefender);
        if !replaced && !cancelled {
            total += row.columns as i32 * a.steps as i32;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::cites_a_rule;
    use Applying as A;
    use RuleSet::*;

    fn total(rules: RuleSet, list: &[Applying]) -> i32 {
        total_shift(rules, list).unwrap()
    }

    #[test]
    fn table_lists_each_condition_once() {
        for (i, row) in SHIFTS.iter().enumerate() {
            assert!(SHIFTS[i + 1..].iter().all(|o| o.condition != row.condition), "{:?}", row.condition);
            assert!(row.gba.is_some() || row.cg.is_some(), "{:?} used nowhere", row.condition);
            for rules in [Alexander, Chandragupta] {
                if let Some(Origin::Recovered(rule)) = row.origin(rules) {
                    assert!(cites_a_rule(rule), "{rule}");
                }
            }
        }
    }

    #[test]
    fn cg_9_17_3_printed_shifts() {
        use ShiftCondition::*;
        for (c, cols) in [
            (DefendersInWoods, -1),
            (AcrossRiver, -2),
            (AnyDefenderHigher, -1),
            (AllDefendersHigher, -2),
            (AllDefendersLower, 1),
            (DefenderInStronghold, -2),
            (CataphractAttacker, 2),
            (CataphractDefender, -2),
        ] {
            let row = shift_row(c);
            assert_eq!(row.columns, cols, "{c:?}");
            assert!(matches!(row.cg, Some(Origin::Recovered(r)) if r.contains("CG 9.17[3]")), "{c:?}");
            assert_eq!(total(Chandragupta, &[A::once(c)]), cols as i32);
        }
    }

    #[test]
    fn size_ratio_shifts_n_minus_1_columns_gba_9_16_cg_9_17_2() {
        // 10 v 5 = 2:1 → 1R; 3 v 12 = 1:4 → 3L (CG 9.17[2] examples).
        assert_eq!(total(Chandragupta, &[A::times(ShiftCondition::SizeRatioAttacker, 1)]), 1);
        assert_eq!(total(Chandragupta, &[A::times(ShiftCondition::SizeRatioDefender, 3)]), -3);
        assert_eq!(total(Alexander, &[A::times(ShiftCondition::SizeRatioAttacker, 1)]), 1);
    }

    #[test]
    fn no_size_ratio_cancels_the_size_shift_cg_9_17_2_gba_9_16() {
        let list = [A::times(ShiftCondition::SizeRatioAttacker, 2), A::once(ShiftCondition::NoSizeRatio)];
        assert_eq!(total(Chandragupta, &list), 0);
        let list = [A::times(ShiftCondition::SizeRatioDefender, 1), A::once(ShiftCondition::SizeNotCounted)];
        assert_eq!(total(Alexander, &list), 0);
        // S3 is CG's rule, S2 GBA's.
        assert_eq!(
            total_shift(Alexander, &[A::once(ShiftCondition::NoSizeRatio)]),
            Err(ShiftError::NotInRuleSet(ShiftCondition::NoSizeRatio))
        );
    }

    #[test]
    fn cg_worked_case_w21_cataphract_horse_into_higher_cataphract_elephant_flank_net_2l() {
        // chandragupta-digest W21: 2R (Cat attacker), 2L (Cat defender), 2L (all higher), no SRD.
        use ShiftCondition::*;
        let list = [
            A::once(CataphractAttacker),
            A::once(CataphractDefender),
            A::once(AllDefendersHigher),
            A::once(AnyDefenderHigher),
            A::times(SizeRatioAttacker, 1),
            A::once(NoSizeRatio),
        ];
        assert_eq!(total(Chandragupta, &list), -2);
    }

    #[test]
    fn all_defenders_higher_replaces_any_defender_higher_cg_9_17_3() {
        use ShiftCondition::*;
        assert_eq!(total(Chandragupta, &[A::once(AnyDefenderHigher)]), -1);
        assert_eq!(total(Chandragupta, &[A::once(AnyDefenderHigher), A::once(AllDefendersHigher)]), -2);
        assert_eq!(total(Alexander, &[A::once(AllDefendersHigher), A::once(AnyDefenderHigher)]), -2);
    }

    #[test]
    fn cg_10_61_phalanx_support_2l_per_covered_flank_at_most_4l() {
        use ShiftCondition::*;
        assert_eq!(total(Chandragupta, &[A::times(PhalanxFlankCovered, 1)]), -2);
        assert_eq!(total(Chandragupta, &[A::times(PhalanxFlankCovered, 2)]), -4);
        assert_eq!(
            total_shift(Chandragupta, &[A::times(PhalanxFlankCovered, 3)]),
            Err(ShiftError::TooManySteps(PhalanxFlankCovered))
        );
        assert_eq!(
            total_shift(Alexander, &[A::once(PhalanxFlankCovered)]),
            Err(ShiftError::NotInRuleSet(PhalanxFlankCovered))
        );
    }

    #[test]
    fn camp_works_replace_the_weaker_ones_charts_draft_2_c1_to_c4() {
        use ShiftCondition::*;
        assert_eq!(total(Chandragupta, &[A::once(AcrossCampObstacle)]), -1);
        assert_eq!(total(Chandragupta, &[A::once(AcrossCampObstacle), A::once(AcrossCampWallOrGate)]), -2);
        assert_eq!(total(Chandragupta, &[A::once(AcrossCampWallOrGate), A::once(AcrossBreachedCampWallOrGate)]), -1);
        let all = [
            A::once(AcrossCampObstacle),
            A::once(AcrossCampWallOrGate),
            A::once(AcrossBreachedCampWallOrGate),
            A::once(DefenderInCampTower),
        ];
        assert_eq!(total(Chandragupta, &all), -3);
        assert_eq!(total(Chandragupta, &[A::once(DefenderInCityBlock), A::once(DefenderInTempleOrPalace)]), -3);
        assert_eq!(total(Chandragupta, &[A::once(AcrossCityGate), A::once(AcrossBreachedCityGate)]), -1);
        assert_eq!(
            total_shift(Alexander, &[A::once(AcrossCampObstacle)]),
            Err(ShiftError::NotInRuleSet(AcrossCampObstacle))
        );
    }

    #[test]
    fn gba_terrain_takes_the_value_of_its_nearest_cg_equivalent_charts_draft_2() {
        use ShiftCondition::*;
        // River-like 2L as CG's River; broken ground 1L to the defender as Woods.
        assert_eq!(shift_row(AcrossRiver).columns, -2);
        assert_eq!(shift_row(DefendersInRockyOrTown).columns, shift_row(DefendersInWoods).columns);
        assert_eq!(shift_row(AcrossGate).columns, -2);
        // Bad footing costs whoever stands in it one column.
        assert_eq!(total(Alexander, &[A::once(AttackersInMarshOrMajorRiver)]), -1);
        assert_eq!(total(Alexander, &[A::once(DefendersInMarshOrMajorRiver)]), 1);
        for c in [AcrossRiver, AcrossStream, DefendersInRockyOrTown, AcrossGate, DefendersInWoods] {
            assert_eq!(shift_row(c).gba, Some(Origin::Designed), "{c:?}");
        }
        assert_eq!(
            total_shift(Chandragupta, &[A::once(DefendersInRockyOrTown)]),
            Err(ShiftError::NotInRuleSet(DefendersInRockyOrTown))
        );
    }

    #[test]
    fn gba_cataphracts_use_cg_shifts_rulings_p20() {
        use ShiftCondition::*;
        assert_eq!(total(Alexander, &[A::once(CataphractAttacker)]), 2);
        assert_eq!(total(Alexander, &[A::once(CataphractDefender)]), -2);
        assert_eq!(total(Alexander, &[A::once(CataphractAttacker), A::once(CataphractDefender)]), 0);
        assert_eq!(shift_row(CataphractAttacker).gba, Some(Origin::Designed));
    }

    #[test]
    fn column_and_double_depth_rows_shift_nothing_gba_6_65() {
        use ShiftCondition::*;
        assert_eq!(total(Alexander, &[A::once(DefenderInColumn), A::once(DoubleDepthPhalanx)]), 0);
        assert_eq!(total(Chandragupta, &[A::once(DefenderInColumn)]), 0);
        assert!(matches!(shift_row(DefenderInColumn).gba, Some(Origin::Recovered(_))));
    }

    #[test]
    fn shifts_add_up_and_a_plain_shift_takes_one_step() {
        use ShiftCondition::*;
        // Hoplites uphill behind a river from a phalanx (charts-draft §9.5 cases, combined): 3L.
        assert_eq!(total(Alexander, &[A::once(AnyDefenderHigher), A::once(AcrossRiver)]), -3);
        assert_eq!(total(Alexander, &[]), 0);
        assert_eq!(total_shift(Alexander, &[A::times(AcrossRiver, 2)]), Err(ShiftError::TooManySteps(AcrossRiver)));
    }
}
