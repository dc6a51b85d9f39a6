//! Shock resolution tests, named after the rules and worked examples they check.

use super::*;
use crate::combat::odds::{each_sequence, shock_odds, Prob, DENOMINATOR};
use Arc::*;
use RuleSet::*;
use UnitType::*;

fn f(kind: UnitType, class: Option<UnitClass>, size: u8, tq: u8) -> Fighter {
    Fighter::new(kind, class, size, tq)
}
fn phalanx() -> Fighter {
    f(PH, Some(UnitClass::MA), 10, 7)
}
fn hoplites() -> Fighter {
    f(HI, Some(UnitClass::HO), 10, 6)
}
fn indian_li() -> Fighter {
    // Shock-capable (the example halves nothing), TQ 5 (inferred in GBA 9.18).
    f(LI, Some(UnitClass::J), 5, 5)
}
fn elephant() -> Fighter {
    f(EL, None, 5, 6)
}

/// Resolves with loaded dice, padded with 9s; for tests that do not follow every later roll.
fn run_padded(setup: &ShockSetup, dice: &[u8]) -> ShockOutcome {
    let mut it = dice.iter().copied();
    resolve(setup, &mut || it.next().unwrap_or(9)).unwrap()
}

/// Resolves with loaded dice and checks that every die was used.
fn run(setup: &ShockSetup, dice: &[u8]) -> ShockOutcome {
    let mut it = dice.iter().copied();
    let out = resolve(setup, &mut || it.next().expect("the test gives enough dice")).unwrap();
    assert_eq!(it.next(), None, "unused dice; steps: {:#?}", out.steps);
    out
}

fn find(out: &ShockOutcome, p: impl Fn(&StepKind) -> bool) -> &StepKind {
    &out.steps.iter().find(|s| p(&s.kind)).unwrap_or_else(|| panic!("no such step in {:#?}", out.steps)).kind
}

fn raw(out: &ShockOutcome) -> (u8, u8) {
    match find(out, |k| matches!(k, StepKind::RawResult { .. })) {
        StepKind::RawResult { attacker_hits, defender_hits, .. } => (*attacker_hits, *defender_hits),
        _ => unreachable!(),
    }
}

#[test]
fn gba_9_18_hydaspes_cleitus_phalanx_against_elephants_and_li_column_5_dr_8() {
    // Cleitus (PH, moved) attacks an LI and two elephants; the defender picks an elephant.
    let mut s = ShockSetup::new(Alexander, vec![phalanx().moving()], vec![elephant(), indian_li(), elephant()]);
    s.attackers[0].arc = Front;
    // Charge: PH 7 (no effect), EL 7 → 1 hit, LI 5 → none, EL 8 → 2 hits (T27). CRT roll 8.
    let out = run(&s, &[7, 7, 5, 8, 8]);
    assert!(matches!(find(&out, |k| matches!(k, StepKind::BaseColumn { .. })), StepKind::BaseColumn { column: 4, .. }));
    assert!(matches!(
        find(&out, |k| matches!(k, StepKind::SizeRatio { .. })),
        StepKind::SizeRatio { attacker_size: 10, defender_size: 5, shift: 1, .. }
    ));
    assert_eq!(out.column, Some(5));
    assert_eq!(out.superiority, Some(Superiority::Neither));
    assert_eq!(raw(&out), (2, 2));
    assert_eq!(out.attackers[0].final_hits, 2);
    // Evenly split here (the two-hex attacker's free distribution of 10.13 is the engine's choice).
    let def_hits: Vec<u8> = out.defenders.iter().map(|d| d.final_hits).collect();
    assert_eq!(def_hits, [2, 1, 2]);
    assert!(!out.any_routed(Side::Attacker) && !out.any_routed(Side::Defender));
}

#[test]
fn gba_9_18_hydaspes_coenus_phalanx_against_li_column_11_dr_5_as_t24_t26() {
    let li = indian_li().with_hits(1);
    let s = ShockSetup::new(Alexander, vec![phalanx().moving()], vec![li.clone(), li]);
    // Charge: PH 6; LI 9 → 4 hits → 5 = TQ → routs at once (T26); LI 0. CRT roll 5.
    let out = run(&s, &[6, 9, 0, 5]);
    assert!(out.defenders[0].routed);
    assert_eq!(out.defenders[0].final_hits, 5);
    assert!(matches!(
        find(&out, |k| matches!(k, StepKind::BaseColumn { .. })),
        StepKind::BaseColumn { column: 10, .. }
    ));
    assert_eq!(out.superiority, Some(Superiority::Attacker));
    assert_eq!(out.column, Some(11));
    assert_eq!(raw(&out), (2, 3));
    // AS: 6 hits → 7; the Push of Shields (9.17, 7 ≥ 3 × 2) → 9; it routs in the Collapse.
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::Breakthrough { hits: 9, .. })));
    assert_eq!(out.defenders[1].hits_taken, 8);
    assert!(out.defenders[1].routed);
    assert_eq!(out.attackers[0].final_hits, 2);
    assert!(!out.attackers[0].routed);
}

#[test]
fn gba_9_18_hydaspes_hypaspist_against_elephant_and_li_column_3_dr_1_t28() {
    // The hypaspist (4 hits) did not move: no checks, rounding for the defender (6:5 → 1:1).
    let hy = f(HI, Some(UnitClass::HY), 6, 8).with_hits(4);
    let s = ShockSetup::new(Alexander, vec![hy], vec![elephant().with_hits(3), indian_li().with_hits(4)]);
    // CRT roll 1; the hypaspist's collapse check (in the elephant's ZOC) 6.
    let out = run(&s, &[1, 6]);
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::NoChargeChecks)));
    assert_eq!(out.column, Some(3));
    assert_eq!(out.superiority, Some(Superiority::Neither));
    assert_eq!(raw(&out), (4, 2));
    // 4 → 8 = TQ; LI 4 + 1 = 5 = TQ; EL 3 + 1 = 4. 10.15: equal excess, the LI routs, the
    // hypaspist is set to 7, then passes its collapse check on 6 ≤ 8 → 6.
    assert!(matches!(
        find(&out, |k| matches!(k, StepKind::MutualRout { .. })),
        StepKind::MutualRout { excess_attacker: 0, excess_defender: 0, routing: Side::Defender }
    ));
    assert!(out.defenders[1].routed);
    assert!(!out.defenders[0].routed);
    assert_eq!(out.defenders[0].final_hits, 4);
    assert!(!out.attackers[0].routed);
    assert_eq!(out.attackers[0].final_hits, 6);
}

#[test]
fn gba_10_15_example_1_larger_excess_routs_the_phalanx_t31() {
    // PH (TQ 7, 5 hits) attacks HI (TQ 6, 4 hits), not moving; column 8, DR 0 → 3(2).
    let s = ShockSetup::new(Alexander, vec![phalanx().with_hits(5)], vec![hoplites().with_hits(4)]);
    // PH stand roll 4: 4 + 1 (excess) + 3 (attacker) = 8 > 7 → routs. HI set to 5; no enemy left
    // beside it, so no collapse check.
    let out = run(&s, &[0, 4]);
    assert_eq!(raw(&out), (3, 2));
    assert!(matches!(
        find(&out, |k| matches!(k, StepKind::MutualRout { .. })),
        StepKind::MutualRout { excess_attacker: 1, excess_defender: 0, routing: Side::Attacker }
    ));
    assert!(out.attackers[0].routed);
    assert_eq!((out.defenders[0].final_hits, out.defenders[0].routed), (5, false));
    // Stand roll 3: 3 + 1 + 3 = 7 ≤ 7 → the phalanx stands at 6 and skips step 2; the HI at 5 is
    // in its ZOC and rolls (9 > 6 → routs, and as a two-hex unit rolls to stand: 9 > 6).
    let out = run(&s, &[0, 3, 9, 9]);
    assert!(!out.attackers[0].routed && out.attackers[0].stood);
    assert_eq!(out.attackers[0].final_hits, 6);
    assert!(out.defenders[0].routed);
}

#[test]
fn gba_10_15_example_2_equal_excess_routs_the_defender_t32() {
    let s = ShockSetup::new(Alexander, vec![phalanx().with_hits(5)], vec![hoplites().with_hits(4)]);
    // Column 8, DR 4 → 2(2): PH 7, HI 6; tie → HI routs (its stand roll 9 fails, digest A31); PH 6.
    let out = run(&s, &[4, 9]);
    assert_eq!(raw(&out), (2, 2));
    assert!(out.defenders[0].routed);
    assert_eq!((out.attackers[0].final_hits, out.attackers[0].routed), (6, false));
}

#[test]
fn gba_10_15_example_3_one_attacker_below_tq_means_no_mutual_rout_t33() {
    let hy = f(HI, Some(UnitClass::HY), 6, 8).with_hits(6);
    let s = ShockSetup::new(Alexander, vec![phalanx().with_hits(5), hy], vec![hoplites().with_hits(4)]);
    // 16 v 10, not moving: 1:1, column 8; DR 0 → 3(2): PH +2 (the odd hit), HY +1 → 7 and 7.
    // HI 6. No 10.15: PH (stand 9 → routs) and HI (stand 9 → routs) check under 9.18.
    let out = run(&s, &[0, 9, 9]);
    assert!(!out.steps.iter().any(|s| matches!(s.kind, StepKind::MutualRout { .. })));
    assert_eq!(out.attackers[0].final_hits, 7);
    assert!(out.attackers[0].routed && out.defenders[0].routed);
    // The hypaspist at 7 = TQ − 1, its enemies gone and no other enemy ZOC: no check.
    assert_eq!((out.attackers[1].final_hits, out.attackers[1].routed), (7, false));
}

#[test]
fn gba_9_13_charge_checks_and_drms_t26_t27() {
    // Elephant into a phalanx's front: +1 on the elephant's roll; the PH +1 (attacked by EL).
    let s = ShockSetup::new(Alexander, vec![elephant().moving()], vec![phalanx()]);
    let out = run(&s, &[6, 6, 0]);
    let checks: Vec<(i32, u8)> = out
        .steps
        .iter()
        .filter_map(|s| match s.kind {
            StepKind::ChargeCheck { drm, hits, .. } => Some((drm, hits)),
            _ => None,
        })
        .collect();
    assert_eq!(checks, [(1, 1), (1, 0)]);
    // PH/HI attacked frontally by LI do not check; the LI does.
    let li = f(LI, Some(UnitClass::J), 5, 5).moving();
    let s = ShockSetup::new(Alexander, vec![li], vec![phalanx()]);
    let out = run(&s, &[9, 9]);
    assert!(out
        .steps
        .iter()
        .any(|s| matches!(s.kind, StepKind::ChargeExempt { unit: UnitRef { side: Side::Defender, .. }, .. })));
    // Charge 4; column 3, DR 9: 3(2), DS → 9; Push of Shields (13 ≥ 3 × 2) +2.
    assert_eq!(out.attackers[0].hits_taken, 4 + 9 + 2);
}

#[test]
fn cg_9_14_charge_drms_w29_w30() {
    // W29: a moving EL attacks an LI (TQ 5): the LI's 5 + 1 → 1 hit, 4 → 0; the EL's 8 → 2 hits.
    let s = ShockSetup::new(Chandragupta, vec![elephant().moving()], vec![f(LI, Some(UnitClass::J), 5, 5)]);
    let out = run_padded(&s, &[8, 5, 0]);
    assert_eq!(out.attackers[0].hits_taken, 2 + raw(&out).0);
    let li_charge = out.steps.iter().find_map(|s| match s.kind {
        StepKind::ChargeCheck { unit: UnitRef { side: Side::Defender, .. }, hits, drm, .. } => Some((drm, hits)),
        _ => None,
    });
    assert_eq!(li_charge, Some((1, 1)));
    // W30: a chariot that moved 4 hexes attacks a PH (TQ 7): it makes no check; PH 7 + 1 − 1 = 7.
    let mut ch = f(CH, None, 2, 5).moving();
    ch.hexes_moved = 4;
    let s = ShockSetup::new(Chandragupta, vec![ch], vec![phalanx()]);
    let out = run_padded(&s, &[7, 5]);
    assert!(out
        .steps
        .iter()
        .any(|s| matches!(s.kind, StepKind::ChargeExempt { unit: UnitRef { side: Side::Attacker, .. }, .. })));
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::ChargeCheck { roll: 7, drm: 0, hits: 0, .. })));
}

#[test]
fn cg_11_21_mutual_rout_tie_routs_the_defender_w14() {
    // Takshashila J-LI (TQ 6, 4 hits) into a Nanda LI's flank (TQ 5, 1 hit); column 9 AS, DR 3 → 2(2).
    let att = f(LI, Some(UnitClass::J), 5, 6).with_hits(4).through(Flank);
    let s = ShockSetup::new(Chandragupta, vec![att], vec![f(LI, Some(UnitClass::J), 5, 5).with_hits(1)]);
    let out = run(&s, &[3]);
    assert_eq!(out.column, Some(9));
    assert_eq!(raw(&out), (2, 2));
    assert_eq!(out.superiority, Some(Superiority::Attacker));
    assert!(out.defenders[0].routed);
    assert_eq!((out.attackers[0].final_hits, out.attackers[0].routed), (5, false));
}

#[test]
fn cg_9_19_collapse_check_passes_below_tq_only_w38() {
    // A TQ 6 defender left at 5 hits in the attacker's ZOC: DR 5 keeps it (4 hits), 6 routs it.
    // LC (TQ 6) v LC (TQ 6, 3 hits) front, column 7, DR 3 → 3(2): defender 5.
    let s = ShockSetup::new(
        Chandragupta,
        vec![f(LC, Some(UnitClass::J), 3, 6)],
        vec![f(LC, Some(UnitClass::J), 3, 6).with_hits(3)],
    );
    let out = run(&s, &[3, 5]);
    assert_eq!((out.defenders[0].final_hits, out.defenders[0].routed), (4, false));
    let out = run(&s, &[3, 6]);
    assert!(out.defenders[0].routed);
    // GBA keeps it on a 6 (DR ≤ TQ).
    let mut g = s.clone();
    g.rules = Alexander;
    let out = run(&g, &[3, 6]);
    assert_eq!((out.defenders[0].final_hits, out.defenders[0].routed), (4, false));
}

#[test]
fn gba_9_16_size_ratio_rounding_t22_cg_w16() {
    let shift = |a: u8, d: u8, moved: bool| {
        let mut att = f(MI, None, a, 9);
        att.moved = moved;
        let s = ShockSetup::new(Alexander, vec![att], vec![f(MI, None, d, 9)]);
        let dice = if moved { vec![0, 0, 5] } else { vec![5] };
        let out = run(&s, &dice);
        match find(&out, |k| matches!(k, StepKind::SizeRatio { .. })) {
            StepKind::SizeRatio { shift, .. } => *shift,
            _ => unreachable!(),
        }
    };
    assert_eq!([shift(5, 4, true), shift(4, 5, true), shift(2, 5, true), shift(5, 3, true)], [1, 0, -1, 1]);
    assert_eq!([shift(5, 4, false), shift(4, 5, false), shift(5, 3, false)], [0, -1, 0]);
    assert_eq!([shift(10, 5, false), shift(3, 12, false), shift(10, 5, true)], [1, -3, 1]);
}

#[test]
fn cg_9_17_2_no_size_ratio_for_elephants_against_others_w17() {
    // W17: EL (5) and LI (4) defending against a hoplite (10): no SRD in CG; GBA ignores the EL
    // only: 10:4 → 2R moving, 1R not.
    let s = |rules, moved: bool| {
        let mut ho = hoplites();
        ho.moved = moved;
        ShockSetup::new(rules, vec![ho], vec![elephant(), f(LI, Some(UnitClass::J), 4, 5)])
    };
    let out = run_padded(&s(Chandragupta, false), &[5]);
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::NoSizeRatio { .. })));
    assert_eq!(out.column, Some(3)); // HI v EL front, no shift
    let out = run_padded(&s(Alexander, false), &[5]);
    assert_eq!(out.column, Some(4));
    let out = run_padded(&s(Alexander, true), &[0, 0, 0, 5]);
    assert_eq!(out.column, Some(5));
}

#[test]
fn gba_9_16_charisma_nets_and_a_killed_leader_reverses_t20_t21_t35() {
    let leader = |charisma, pc| Leader { charisma, initiative: 5, personal_combat: pc, wounded: false };
    // T20: Alexander (4) against Memnon (3): +1.
    let mut s = ShockSetup::new(Alexander, vec![hoplites()], vec![hoplites()]);
    s.attacker_leader = Some(leader(4, Some(7)));
    s.defender_leader = Some(leader(3, Some(5)));
    let out = run(&s, &[5]);
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::CrtRoll { natural: 5, modified: 6, row: 6, .. })));
    // T21: Nabarzanes (2) killed while attacking: the attacker subtracts 2 (GBA casualty roll 0).
    let mut s = ShockSetup::new(Alexander, vec![hoplites()], vec![hoplites()]);
    s.attacker_leader = Some(leader(2, None));
    s.leader_checks = true;
    let out = run(&s, &[0, 0, 5]);
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::CrtRoll { modified: 3, attacker_charisma: -2, .. })));
    // T35: a casualty rolling 5 is Finished and his Charisma is lost for this combat.
    let out = run_padded(&s, &[0, 5, 5]);
    assert!(out
        .steps
        .iter()
        .any(|s| matches!(s.kind, StepKind::LeaderCasualty { result: LeaderResult::Finished, .. })));
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::CrtRoll { modified: 5, attacker_charisma: 0, .. })));
    // GBA 9.21 (T30): both sides led, personal combat; Alexander PC 7 + 5 v Spithridates PC 4 + 4.
    let mut s = ShockSetup::new(Alexander, vec![hoplites()], vec![hoplites()]);
    s.attacker_leader = Some(leader(4, Some(7)));
    s.defender_leader = Some(leader(2, Some(4)));
    s.leader_checks = true;
    let out = run(&s, &[5, 4, 5]);
    assert!(out.steps.iter().any(|s| matches!(
        s.kind,
        StepKind::PersonalCombat {
            attacker_total: 12,
            defender_total: 8,
            loser: Some(Side::Defender),
            result: LeaderResult::Wounded
        }
    )));
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::CrtRoll { modified: 9, .. })));
}

#[test]
fn gba_9_16_a_position_superiority_and_its_exceptions() {
    // GBA 9.15 ex. 3: lancers into a phalanx's rear, column 11 with Position Superiority.
    let s = ShockSetup::new(Alexander, vec![f(LN, None, 3, 6).through(Rear)], vec![phalanx()]);
    let out = run(&s, &[5]);
    assert_eq!(out.superiority, Some(Superiority::Attacker));
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::BaseColumn { column: 11, .. })));
    // Cavalry into an elephant's flank: no Position Superiority; the chart gives HC v EL none.
    let s = ShockSetup::new(Alexander, vec![f(HC, None, 4, 7).through(Flank)], vec![elephant()]);
    let out = run(&s, &[5]);
    assert_eq!(out.superiority, Some(Superiority::Neither));
    // LC through a hoplite flank: no superiority (9.16(A)), and the hoplite's hits are halved.
    let s = ShockSetup::new(Alexander, vec![f(LC, Some(UnitClass::J), 3, 6).through(Flank)], vec![hoplites()]);
    let out = run(&s, &[9]);
    assert_eq!(out.superiority, Some(Superiority::Neither));
    let (_, d) = raw(&out);
    assert_eq!(out.defenders[0].hits_taken, d / 2);
    // R5: a threatened flank denies it.
    let mut ln = f(LN, None, 3, 6).through(Rear);
    ln.flank_threatened = true;
    let out = run(&ShockSetup::new(Alexander, vec![ln], vec![phalanx()]), &[5]);
    assert_eq!(out.superiority, Some(Superiority::Defender));
}

#[test]
fn gba_9_16_step_4_skirmisher_cap_on_the_attackers_hits_r1() {
    // PH against SK archers: column 13 (GBA 9.15 ex. 2), AS; the attacker takes at most 1.
    let s = ShockSetup::new(Alexander, vec![phalanx()], vec![f(SK, Some(UnitClass::A), 1, 5)]);
    for dr in 0..=9 {
        let out = run(&s, &[dr]);
        assert_eq!(out.column, Some(13));
        assert!(out.attackers[0].hits_taken <= 1, "DR {dr}");
    }
    // DR 0: 2(3) → the SK takes 6 and 2 more for the Push of Shields; the PH 1 (halved for a
    // non-shock-capable SK, then capped).
    let out = run(&s, &[0]);
    assert_eq!((out.attackers[0].hits_taken, out.defenders[0].hits_taken), (1, 8));
}

#[test]
fn gba_6_65_a_unit_in_column_is_attacked_with_as_and_checks_at_tq_minus_2_r3() {
    let mut col = hoplites();
    col.in_column = true;
    let s = ShockSetup::new(Alexander, vec![f(MI, None, 5, 6).moving()], vec![col]);
    let out = run_padded(&s, &[0, 5, 5]);
    assert_eq!(out.superiority, Some(Superiority::Attacker));
    assert!(out.steps.iter().any(|s| matches!(
        s.kind,
        StepKind::ChargeCheck { unit: UnitRef { side: Side::Defender, .. }, tq: 4, hits: 1, .. }
    )));
}

#[test]
fn prohibited_setups_name_their_rule() {
    // CG 10.15: cavalry may not shock an elephant through its front.
    let s = ShockSetup::new(Chandragupta, vec![f(HC, None, 4, 7)], vec![elephant()]);
    let e = resolve(&s, &mut || 0).unwrap_err();
    assert!(matches!(e, ShockError::ProhibitedClash { .. }));
    assert!(e.rule().contains("CG 10.15"), "{}", e.rule());
    // GBA 7.33: skirmishers shock only chariots; foot archers never.
    let s = ShockSetup::new(Alexander, vec![f(SK, Some(UnitClass::J), 1, 5)], vec![hoplites()]);
    assert!(resolve(&s, &mut || 0).unwrap_err().rule().contains("7.33"));
    let s = ShockSetup::new(Alexander, vec![f(LI, Some(UnitClass::A), 5, 5)], vec![hoplites()]);
    assert!(matches!(resolve(&s, &mut || 0), Err(ShockError::MayNotShock { .. })));
    // CG has no LP; a routed unit is not resolved; size-ratio shifts are derived.
    let s = ShockSetup::new(Chandragupta, vec![f(LP, None, 5, 6)], vec![hoplites()]);
    assert!(matches!(resolve(&s, &mut || 0), Err(ShockError::NotInRuleSet { .. })));
    let s = ShockSetup::new(Alexander, vec![hoplites()], vec![hoplites().with_hits(6)]);
    assert!(matches!(resolve(&s, &mut || 0), Err(ShockError::AlreadyRouted { .. })));
    let mut s = ShockSetup::new(Alexander, vec![hoplites()], vec![hoplites()]);
    s.conditions = vec![Applying::once(ShiftCondition::SizeRatioAttacker)];
    assert!(matches!(resolve(&s, &mut || 0), Err(ShockError::DerivedCondition(_))));
    s.conditions = vec![Applying::once(ShiftCondition::DefenderInStronghold)];
    assert!(matches!(resolve(&s, &mut || 0), Err(ShockError::Shift(_))));
    assert!(ShockError::EmptySide(Side::Attacker).to_string().contains("GBA 9.12"));
}

#[test]
fn terrain_shifts_move_the_column_gba_9_16_step_3() {
    let mut s = ShockSetup::new(Alexander, vec![phalanx()], vec![hoplites()]);
    s.conditions = vec![Applying::once(ShiftCondition::AnyDefenderHigher), Applying::once(ShiftCondition::AcrossRiver)];
    let out = run(&s, &[5]);
    assert_eq!(out.column, Some(5));
    // Cataphracts are derived from the class (rulings P20): Companions against Bactrian Cat HC.
    let s = ShockSetup::new(Alexander, vec![f(HC, None, 4, 7)], vec![f(HC, Some(UnitClass::Cat), 5, 6)]);
    let out = run(&s, &[5]);
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::Shift { code: "U2", columns: -2, .. })));
}

// ---- the enumeration --------------------------------------------------------------------------

fn sample_setups() -> Vec<ShockSetup> {
    let mut with_leaders = ShockSetup::new(Alexander, vec![phalanx().moving()], vec![hoplites()]);
    with_leaders.attacker_leader =
        Some(Leader { charisma: 2, initiative: 5, personal_combat: Some(5), wounded: false });
    with_leaders.defender_leader = Some(Leader { charisma: 1, initiative: 3, personal_combat: None, wounded: false });
    with_leaders.leader_checks = true;
    vec![
        ShockSetup::new(Alexander, vec![phalanx().moving()], vec![hoplites()]),
        ShockSetup::new(Alexander, vec![f(HC, None, 4, 7).moving().through(Flank)], vec![hoplites()]),
        ShockSetup::new(Alexander, vec![elephant().moving()], vec![phalanx().with_hits(3)]),
        ShockSetup::new(
            Chandragupta,
            vec![hoplites().moving().with_hits(2)],
            vec![elephant(), f(LI, Some(UnitClass::J), 4, 5)],
        ),
        ShockSetup::new(Alexander, vec![phalanx().with_hits(5)], vec![hoplites().with_hits(4)]),
        with_leaders,
    ]
}

#[test]
fn odds_distributions_sum_to_one() {
    for s in sample_setups() {
        let o = shock_odds(&s).unwrap();
        for side in [Side::Attacker, Side::Defender] {
            let total: u128 = o.hits(side).iter().map(|p| p.count).sum();
            assert_eq!(total, DENOMINATOR, "{s:?}");
        }
        let cols: u128 = o.columns.iter().map(|p| p.count).sum::<u128>() + o.ended_at_charge.count;
        assert_eq!(cols, DENOMINATOR);
        assert!(o.attacker_routs <= Prob::ONE && o.defender_routs <= Prob::ONE);
    }
}

#[test]
fn odds_by_phases_equal_the_plain_enumeration_of_the_resolver() {
    for s in sample_setups() {
        let o = shock_odds(&s).unwrap();
        // Every die sequence of the whole resolver, one run each, no merging.
        let (mut ha, mut hd, mut ra, mut rd) = (vec![0u128; 64], vec![0u128; 64], 0u128, 0u128);
        each_sequence(
            |dice| resolve(&s, dice).unwrap(),
            |out, n| {
                let w = DENOMINATOR / 10u128.pow(n as u32);
                ha[out.hits_taken(Side::Attacker) as usize] += w;
                hd[out.hits_taken(Side::Defender) as usize] += w;
                ra += w * out.any_routed(Side::Attacker) as u128;
                rd += w * out.any_routed(Side::Defender) as u128;
            },
        );
        let trim = |v: &[Prob]| {
            let mut c: Vec<u128> = v.iter().map(|p| p.count).collect();
            c.resize(64, 0);
            c
        };
        assert_eq!(trim(&o.attacker_hits), ha, "{s:?}");
        assert_eq!(trim(&o.defender_hits), hd, "{s:?}");
        assert_eq!((o.attacker_routs.count, o.defender_routs.count), (ra, rd));
    }
}

#[test]
fn odds_agree_with_a_seeded_sampled_resolver() {
    use rand_core::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg32::seed_from_u64(28);
    for s in sample_setups() {
        let o = shock_odds(&s).unwrap();
        let n = 20_000;
        let (mut ha, mut rd) = (0u64, 0u64);
        for _ in 0..n {
            let out = resolve(&s, &mut || (rng.next_u32() % 10) as u8).unwrap();
            ha += out.hits_taken(Side::Attacker) as u64;
            rd += out.any_routed(Side::Defender) as u64;
        }
        let mean = ha as f64 / n as f64;
        let p = rd as f64 / n as f64;
        assert!((mean - o.attacker_mean_hits).abs() < 0.08, "{mean} v {}", o.attacker_mean_hits);
        assert!((p - o.defender_routs.to_f64()).abs() < 0.02, "{p} v {}", o.defender_routs.to_f64());
    }
}

#[test]
fn a_one_against_one_shock_needs_few_runs() {
    // Well under 50 ms natively: a few thousand short runs.
    let s = ShockSetup::new(Alexander, vec![phalanx().moving()], vec![hoplites()]);
    let t = std::time::Instant::now();
    let o = shock_odds(&s).unwrap();
    assert!(o.runs < 5_000, "{} runs", o.runs);
    assert!(t.elapsed().as_millis() < 500, "{:?} (debug build)", t.elapsed());
}

#[test]
fn phalanx_against_hoplites_frontally_grinds_charts_draft_9_2() {
    let s = ShockSetup::new(Alexander, vec![phalanx().moving()], vec![hoplites()]);
    let o = shock_odds(&s).unwrap();
    assert!((o.attacker_mean_hits - 2.5).abs() < 0.3, "{}", o.attacker_mean_hits);
    assert!((o.defender_mean_hits - 3.5).abs() < 0.3, "{}", o.defender_mean_hits);
    assert!(o.defender_routs.to_f64() < 0.10);
}

/// A shock's state is kept inline for the odds: a combat of more units than it holds is refused
/// with a sentence, never a panic; one of exactly that many resolves.
#[test]
fn a_combat_beyond_the_inline_state_is_refused_in_plain_words() {
    let big = |n: usize| ShockSetup::new(Alexander, vec![hoplites(); n - 16], vec![hoplites(); 16]);
    let e = resolve(&big(MAX_UNITS + 1), &mut || 5).unwrap_err();
    assert_eq!(e, ShockError::TooManyUnits);
    assert!(e.to_string().contains(&format!("at most {MAX_UNITS} units")), "{e}");
    assert!(resolve(&big(MAX_UNITS), &mut || 5).is_ok());
}
