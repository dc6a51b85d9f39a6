//! Shock Superiority chart (GBA 9.52, CG 9.42) as data: weapon-system superiority of the chosen
//! attacker's type over the chosen defender's type, and the "+" (must shock) types.
//!
//! The books name the chart but do not print it. The values are the proposal of
//! `shared/rules/charts-draft.md` §4: ten entries are fixed by rules and examples
//! ([`Origin::Recovered`]), the rest are [`Origin::Designed`]. Reasons: `docs/charts/combat.md` §4.
//!
//! What the combat engine applies first, because it overrides this chart (GBA 9.16, CG 9.17\[1\]):
//! Position Superiority and its exceptions; a unit In Column is attacked with AS (GBA: except by
//! SK*); in GBA a javelin-armed LI/LP that is Missile No has no superiority, instead of DS, against LC
//! (9.16(B)); in GBA an attacking SK* or LC with Position Superiority gets none in the cases of
//! 9.16(A). The multipliers (AS doubles the defender's hits, DS triples the attacker's) belong to
//! the combat procedure.
//!
//! Rule-set differences applied by [`weapon_superiority`]: CG has no LP and no SK*; CG's CH* reads
//! the CH line; a CG artillery crew is attacked as LI (CG 10.51), so AT reads the LI column. The
//! GBA AT column gives every attacker AS against a crew.

use super::Origin;
use crate::scenario::units::UnitType;
use crate::scenario::RuleSet;

/// Weapon-system superiority of one pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Superiority {
    /// AS: the defender's CRT hits are doubled.
    Attacker,
    /// DS: the attacker's CRT hits are tripled.
    Defender,
    /// "-": neither.
    Neither,
    /// "—": this attacker may not shock this defender (skirmishers attack only chariots).
    NoSuchAttack,
}

/// One cell of the chart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuperiorityCell {
    pub superiority: Superiority,
    pub origin: Origin,
}

/// Attacker rows, in table order (AT never attacks).
pub const ATTACKERS: [UnitType; 12] = super::clash_of_spears::ATTACKERS;
/// Defender columns, in table order.
pub const DEFENDERS: [UnitType; 13] = super::clash_of_spears::DEFENDERS;

const AS: Superiority = Superiority::Attacker;
const DS: Superiority = Superiority::Defender;
const __: Superiority = Superiority::Neither;
const NO: Superiority = Superiority::NoSuchAttack;

/// `CHART[attacker][defender]` in [`ATTACKERS`] × [`DEFENDERS`] order.
#[rustfmt::skip]
pub const CHART: [[Superiority; 13]; 12] = [
    //PH  HI  MI  LP  LI SK*  SK  HC  LN  LC  EL  CH  AT
    [__, __, __, AS, AS, AS, AS, __, __, AS, __, AS, AS], // PH+
    [__, __, __, AS, AS, AS, AS, __, __, AS, __, AS, AS], // HI+
    [DS, __, __, __, AS, AS, AS, __, __, __, __, __, AS], // MI
    [DS, DS, __, __, __, __, AS, __, __, __, __, __, AS], // LP
    [DS, DS, __, __, __, __, AS, __, __, __, __, __, AS], // LI
    [DS, DS, __, __, __, __, AS, __, __, __, __, AS, AS], // SK*
    [NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, NO, AS, NO], // SK
    [DS, __, __, __, AS, AS, AS, __, __, AS, __, AS, AS], // HC+
    [DS, __, __, __, __, __, AS, __, __, AS, __, AS, AS], // LN
    [DS, DS, __, DS, DS, DS, AS, DS, DS, __, __, __, AS], // LC
    [__, __, AS, __, __, AS, AS, AS, AS, AS, __, AS, AS], // EL+
    [DS, __, __, __, __, AS, AS, __, __, __, DS, __, AS], // CH+
];

/// The entries rules and examples fix: (attacker, defender, rule).
pub const RECOVERED: [(UnitType, UnitType, &str); 10] = {
    use UnitType::*;
    [
        (PH, LI, "GBA 9.18 Hydaspes example: phalanx against LI is Attack Superior"),
        (PH, EL, "GBA 9.18 Hydaspes example: phalanx against an elephant has no superiority"),
        (PH, SK, "GBA 9.15 example 2: phalanx against skirmishers is Attack Superior by type"),
        (PH, HI, "GBA 9.12 example 1: phalanx against Greek hoplites has no superiority"),
        (HI, EL, "GBA 9.18 Hydaspes example; CG 9.12 example 1: heavy infantry against an elephant, none"),
        (HI, LI, "CG 9.16 example 1: heavy infantry against LI is Attack Superior"),
        (LC, LI, "GBA 9.16(B): javelin LI with missiles are Defense Superior against LC"),
        (LC, LP, "GBA 9.16(B): javelin LP with missiles are Defense Superior against LC"),
        (CH, SK, "CG 10.32: chariots are Attack Superior against skirmishers"),
        (SK, CH, "CG 10.32: skirmishers are Attack Superior against chariots"),
    ]
};

fn in_rule_set(rules: RuleSet, kind: UnitType) -> bool {
    super::clash_of_spears::in_rule_set(rules, kind)
}

/// The draft's cell for types with a line (not CH*); AT as attacker reads as no attack.
fn chart_cell(attacker: UnitType, defender: UnitType) -> SuperiorityCell {
    let Some(row) = ATTACKERS.iter().position(|&t| t == attacker) else {
        return SuperiorityCell {
            superiority: NO,
            origin: Origin::Recovered("GBA 7.33; CG 10.51: artillery never shock-attacks"),
        };
    };
    let col = DEFENDERS.iter().position(|&t| t == defender).expect("every type but CH* has a column");
    let origin = RECOVERED
        .iter()
        .find(|&&(a, d, _)| a == attacker && d == defender)
        .map(|&(_, _, rule)| Origin::Recovered(rule))
        .unwrap_or(if attacker == UnitType::SK && defender != UnitType::CH {
            Origin::Recovered("GBA 7.33; CG 10.3: skirmishers may shock only chariots")
        } else {
            Origin::Designed
        });
    SuperiorityCell { superiority: CHART[row][col], origin }
}

/// Weapon-system superiority of `attacker` over `defender` (GBA 9.16 step 3, CG 9.17\[1\]), before
/// the overriding rules listed in the module docs; `None` when either type does not exist in
/// `rules`.
pub fn weapon_superiority(rules: RuleSet, attacker: UnitType, defender: UnitType) -> Option<SuperiorityCell> {
    if !in_rule_set(rules, attacker) || !in_rule_set(rules, defender) {
        return None;
    }
    let line = |t: UnitType| if t == UnitType::ChStar { UnitType::CH } else { t };
    let (attacker, mut defender) = (line(attacker), line(defender));
    if rules == RuleSet::Chandragupta && defender == UnitType::AT {
        defender = UnitType::LI; // CG 10.51: the crew fights as LI.
    }
    Some(chart_cell(attacker, defender))
}

/// Whether a type is "+" on the chart: it must shock every enemy in its ZOC after moving adjacent
/// (GBA 7.31, CG 7.31; rulings R13). CH* is a chariot.
pub fn must_shock(kind: UnitType) -> (bool, Origin) {
    use UnitType::*;
    match kind {
        PH | HI => (true, Origin::Recovered("GBA 7.32 example and 9.18 Hydaspes example: PH and HI must shock")),
        EL => (true, Origin::Recovered("CG 7.35 example: elephants must shock")),
        CH | ChStar => (true, Origin::Recovered("CG 9.14, 10.23: chariots must shock")),
        LP => (false, Origin::Recovered("GBA 7.32 example: peltasts may choose")),
        LI => (false, Origin::Recovered("CG 7.35 example: light infantry may choose")),
        // HC "+" and MI, LN, LC, SK, SK*, AT not: designed (charts-draft §10 point 2; rulings R13).
        HC => (true, Origin::Designed),
        MI | LN | LC | SK | SkStar | AT => (false, Origin::Designed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::cites_a_rule;
    use RuleSet::*;
    use UnitType::*;

    fn sup(rules: RuleSet, a: UnitType, d: UnitType) -> Superiority {
        weapon_superiority(rules, a, d).unwrap().superiority
    }

    #[test]
    fn gba_9_18_hydaspes_phalanx_v_li_attack_superior_v_elephant_none() {
        assert_eq!(sup(Alexander, PH, LI), AS);
        assert_eq!(sup(Alexander, PH, EL), __);
        assert_eq!(sup(Alexander, HI, EL), __);
    }

    #[test]
    fn gba_9_15_example_2_phalanx_v_skirmishers_attack_superior() {
        assert_eq!(sup(Alexander, PH, SK), AS);
    }

    #[test]
    fn gba_9_12_example_1_phalanx_v_hoplites_none() {
        assert_eq!(sup(Alexander, PH, HI), __);
    }

    #[test]
    fn cg_9_12_and_9_16_examples_heavy_infantry_v_elephant_none_v_li_attack_superior() {
        assert_eq!(sup(Chandragupta, HI, EL), __);
        assert_eq!(sup(Chandragupta, HI, LI), AS);
    }

    #[test]
    fn gba_9_16_b_javelin_foot_defense_superior_against_light_cavalry() {
        assert_eq!(sup(Alexander, LC, LI), DS);
        assert_eq!(sup(Alexander, LC, LP), DS);
    }

    #[test]
    fn cg_10_32_chariots_and_skirmishers_each_attack_superior() {
        for rules in [Alexander, Chandragupta] {
            assert_eq!(sup(rules, CH, SK), AS);
            assert_eq!(sup(rules, SK, CH), AS);
        }
        assert_eq!(sup(Chandragupta, ChStar, SK), AS);
        assert_eq!(sup(Chandragupta, SK, ChStar), AS);
    }

    #[test]
    fn recovered_entries_are_exactly_the_ten_and_cite_rules() {
        let mut found = vec![];
        for a in ATTACKERS {
            for d in DEFENDERS {
                if let Origin::Recovered(rule) = chart_cell(a, d).origin {
                    assert!(cites_a_rule(rule), "{rule}");
                    if chart_cell(a, d).superiority != NO {
                        found.push((a, d));
                    }
                }
            }
        }
        let index = |&(a, d): &(UnitType, UnitType)| {
            (ATTACKERS.iter().position(|&t| t == a), DEFENDERS.iter().position(|&t| t == d))
        };
        let mut expected: Vec<_> = RECOVERED.iter().map(|&(a, d, _)| (a, d)).collect();
        expected.sort_by_key(index);
        assert_eq!(found, expected);
    }

    #[test]
    fn like_heavy_types_have_no_superiority_charts_draft_4() {
        for (a, d) in [(PH, PH), (PH, HI), (HI, PH), (HI, HI), (HC, HC), (EL, EL), (CH, CH), (MI, MI)] {
            assert_eq!(sup(Alexander, a, d), __, "{a:?} {d:?}");
        }
    }

    #[test]
    fn the_spear_wall_light_troops_attacking_ph_or_hi_meet_ds_charts_draft_4() {
        for a in [LP, LI, SkStar, LC] {
            assert_eq!(sup(Alexander, a, PH), DS, "{a:?}");
            assert_eq!(sup(Alexander, a, HI), DS, "{a:?}");
        }
        for a in [MI, HC, LN, CH] {
            assert_eq!(sup(Alexander, a, PH), DS, "{a:?}");
        }
    }

    #[test]
    fn elephants_do_not_overrun_open_order_foot_charts_draft_9_8() {
        assert_eq!(sup(Alexander, EL, LI), __);
        assert_eq!(sup(Alexander, EL, LP), __);
        for d in [HC, LN, LC, MI, SK, SkStar, CH, AT] {
            assert_eq!(sup(Alexander, EL, d), AS, "{d:?}");
        }
    }

    #[test]
    fn gba_every_attacker_is_attack_superior_against_a_crew_cg_crew_is_li_cg_10_51() {
        for a in ATTACKERS.into_iter().filter(|&a| a != SK) {
            assert_eq!(sup(Alexander, a, AT), AS, "{a:?}");
        }
        for a in ATTACKERS.into_iter().filter(|&a| in_rule_set(Chandragupta, a)) {
            assert_eq!(weapon_superiority(Chandragupta, a, AT), weapon_superiority(Chandragupta, a, LI), "{a:?}");
        }
        assert_eq!(sup(Chandragupta, LC, AT), DS);
        assert_eq!(sup(Chandragupta, EL, AT), __);
    }

    #[test]
    fn skirmishers_attack_only_chariots_and_artillery_never_gba_7_33() {
        for d in DEFENDERS {
            assert_eq!(sup(Alexander, SK, d) == NO, d != CH, "{d:?}");
            assert_eq!(sup(Alexander, AT, d), NO);
        }
        // No other attacker has a "—".
        for a in ATTACKERS.into_iter().filter(|&a| a != SK) {
            for d in DEFENDERS {
                assert_ne!(sup(Alexander, a, d), NO, "{a:?} {d:?}");
            }
        }
    }

    #[test]
    fn types_missing_from_a_rule_set_have_no_cell() {
        assert!(weapon_superiority(Chandragupta, LP, PH).is_none());
        assert!(weapon_superiority(Chandragupta, PH, SkStar).is_none());
        assert!(weapon_superiority(Alexander, ChStar, PH).is_none());
        for rules in [Alexander, Chandragupta] {
            for a in UnitType::ALL {
                for d in UnitType::ALL {
                    let both = in_rule_set(rules, a) && in_rule_set(rules, d);
                    assert_eq!(weapon_superiority(rules, a, d).is_some(), both);
                }
            }
        }
    }

    #[test]
    fn must_shock_types_gba_7_31_rulings_r13() {
        let plus: Vec<_> = UnitType::ALL.into_iter().filter(|&t| must_shock(t).0).collect();
        assert_eq!(plus, [PH, HI, HC, EL, CH, ChStar]);
        assert_eq!(must_shock(HC).1, Origin::Designed);
        for t in [PH, HI, EL, CH, LP, LI] {
            assert!(matches!(must_shock(t).1, Origin::Recovered(r) if cites_a_rule(r)), "{t:?}");
        }
    }
}
