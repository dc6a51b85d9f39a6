//! Missile and shock combat (GBA 8–9, CG 8–9), and the charts they read (GBA 9.51–9.55, CG
//! 9.41–9.44): rules the engine cites, each played through `Game::execute` with loaded dice and
//! checked by its exact events.

mod common;
use common::*;
use sarissa_rules::charts::leaders::LeaderResult;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::hex::Hexside;

const GBA: &str = "alexander";
const CG: &str = "chandragupta";

/// The hex beside `hex` across `side`, as text for a unit line.
fn beside(hex: &str, side: Hexside) -> String {
    h(hex).neighbour(side).unwrap().to_string()
}

/// Blue's units against red's under `rules`, blue's overall commander "hero" (initiative 2) at
/// 0205 and red's "foe" far off.
fn armies(rules: &'static str, blue: Vec<String>, red: Vec<String>) -> Field {
    Field { rules, macedonian: [false, false], ..two_armies(blue, red) }
}

/// Blue hoplites (HI, TQ 6) at 0505 facing E strike red `red` standing in their front hex
/// 0505+NE; the lines of the shock, with `dice`.
fn hoplites_strike(rules: &'static str, red: impl Fn(&str) -> String, dice: &[u8]) -> Vec<Event> {
    let f =
        armies(rules, vec![unit("hop", "HI", "", 5, 6, 4, "", "0505", "E")], vec![red(&beside("0505", Hexside::NE))]);
    stand_and_shock(&f, &["hop"], dice).1
}

fn hits_of(events: &[Event], id: &str) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CohesionHits { unit, hits, cause: HitCause::Shock } if unit == id => Some(*hits),
            _ => None,
        })
        .collect()
}

// --- The Clash of Spears, Superiority and the Shock Results charts --------------------------

/// The clash's base column through `arc`'s side of red MI facing `facing`.
fn clash_column(rules: &'static str, facing: &'static str) -> Vec<String> {
    let events = hoplites_strike(rules, |at| unit("mi", "MI", "", 4, 5, 5, "", at, facing), &[5; 8]);
    shock_lines(&events).into_iter().filter(|l| l.starts_with("clash of spears")).collect()
}

#[test]
fn heavy_infantry_on_medium_infantry_reads_column_8_front_and_11_flank_gba_9_53() {
    assert_eq!(clash_column(GBA, "SW"), ["clash of spears through the Front: column 8 (GBA 9.15, CG 9.16)"]);
    assert_eq!(clash_column(GBA, "NW"), ["clash of spears through the Flank: column 11 (GBA 9.15, CG 9.16)"]);
}

#[test]
fn heavy_infantry_on_medium_infantry_reads_column_8_front_and_11_flank_cg_9_43() {
    assert_eq!(clash_column(CG, "SW"), ["clash of spears through the Front: column 8 (GBA 9.15, CG 9.16)"]);
    assert_eq!(clash_column(CG, "NW"), ["clash of spears through the Flank: column 11 (GBA 9.15, CG 9.16)"]);
}

/// Hoplites on light infantry (the chart: attacker superior) and on medium infantry (neither).
fn superiority_of(rules: &'static str) {
    let events = hoplites_strike(rules, |at| unit("li", "LI", "", 3, 5, 5, "", at, "SW"), &[5; 8]);
    let lines = shock_lines(&events);
    assert!(lines.iter().any(|l| l.starts_with("superiority: Attacker")), "{lines:?}");
    // The attacker superior: the defender's hits on the table are doubled.
    assert!(lines.iter().any(|l| l.starts_with("AS: defender's hits x2: 2(6)")), "{lines:?}");
    assert_eq!(hits_of(&events, "li"), [8], "6, and 2 for the push of shields: {events:?}");
    let events = hoplites_strike(rules, |at| unit("mi", "MI", "", 4, 5, 5, "", at, "SW"), &[5; 8]);
    let lines = shock_lines(&events);
    assert!(lines.iter().any(|l| l.starts_with("superiority: Neither")), "{lines:?}");
    assert_eq!(hits_of(&events, "mi"), [3]);
}

#[test]
fn hoplites_are_superior_to_light_infantry_and_not_to_medium_gba_9_52() {
    superiority_of(GBA);
}

#[test]
fn hoplites_are_superior_to_light_infantry_and_not_to_medium_cg_9_42() {
    superiority_of(CG);
}

/// Column 8 (hoplites on medium infantry, front): roll 5 gives 2(3), roll 0 gives 3(2).
fn shock_results(rules: &'static str) {
    for (roll, attacker, defender) in [(5u8, 2u8, 3u8), (0, 3, 2)] {
        let events = hoplites_strike(rules, |at| unit("mi", "MI", "", 4, 7, 5, "", at, "SW"), &[roll; 8]);
        let lines = shock_lines(&events);
        assert!(lines.contains(&format!("result {attacker}({defender}) (GBA 9.54, CG 9.44)")), "{lines:?}");
        assert_eq!((hits_of(&events, "hop"), hits_of(&events, "mi")), (vec![attacker], vec![defender]), "{events:?}");
    }
}

#[test]
fn column_8_gives_2_3_on_a_5_and_3_2_on_a_0_gba_9_54() {
    shock_results(GBA);
}

#[test]
fn column_8_gives_2_3_on_a_5_and_3_2_on_a_0_cg_9_44() {
    shock_results(CG);
}

// --- The missile chart -------------------------------------------------------------------

/// Slingers at 0305 facing E, with these battle-file `markers` (or none), fire at red heavy
/// cavalry at `horse_at`, the die `roll`: the volley.
fn slingers_volley(rules: &'static str, markers: &str, horse_at: &str, roll: u8) -> Event {
    let slingers = unit("slingers", "SK", "S", 1, 5, 6, "S", "0305", "E");
    let slingers = if markers.is_empty() { slingers } else { with(slingers, markers) };
    let f = armies(rules, vec![slingers], vec![unit("horse", "HC", "", 3, 6, 7, "", horse_at, "W")]);
    let (mut game, _) = f.start(&[roll]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("slingers", "horse"));
    events.iter().find(|e| matches!(e, Event::MissileFired { .. })).cloned().unwrap_or_else(|| panic!("{events:?}"))
}

/// The slingers' volley at the horse `range` hexes east along row 05: its chart strength and
/// its hits.
fn sling_volley(rules: &'static str, range: u8, roll: u8) -> (u8, u8) {
    match slingers_volley(rules, "", &format!("{:02}05", 3 + range), roll) {
        Event::MissileFired { strength, hits, range: r, .. } if r == range => (strength, hits),
        other => panic!("a volley at range {range}: {other:?}"),
    }
}

fn sling_line(rules: &'static str) {
    // The sling's strengths: 5, 3, 2 at ranges 1, 2, 3; a roll at the strength hits, one above misses.
    for (range, strength) in [(1u8, 5u8), (2, 3), (3, 2)] {
        assert_eq!(sling_volley(rules, range, strength), (strength, 1), "{rules} range {range}");
        assert_eq!(sling_volley(rules, range, strength + 1), (strength, 0), "{rules} range {range}");
    }
}

#[test]
fn the_sling_is_strength_5_3_2_at_ranges_1_2_3_gba_9_51() {
    sling_line(GBA);
}

#[test]
fn the_sling_is_strength_5_3_2_at_ranges_1_2_3_cg_9_41() {
    sling_line(CG);
}

#[test]
fn a_leader_in_the_target_hex_hit_on_0_then_0_rolls_on_the_casualty_chart_gba_9_55() {
    // The third roll reads the chart: 0 killed, 1–2 severely wounded, 3–4 wounded, 5–9 Finished.
    for (roll, result) in [
        (0u8, LeaderResult::Killed),
        (2, LeaderResult::SeverelyWounded),
        (3, LeaderResult::Wounded),
        (5, LeaderResult::Finished),
    ] {
        let mut f = armies(
            GBA,
            vec![unit("slingers", "SK", "S", 1, 5, 6, "S", "0305", "E")],
            vec![unit("horse", "HC", "", 3, 6, 7, "", "0405", "W")],
        );
        f.leaders[1] = vec![leader("foe", "overall", 6, 4, "0405")];
        let (mut game, _) = f.start(&[0, 0, roll]);
        ok(&mut game, activate("hero"));
        let events = ok(&mut game, fire("slingers", "horse"));
        let casualty = events.iter().find_map(|e| match e {
            Event::LeaderCasualty { leader, result, .. } if leader == "foe" => Some(*result),
            _ => None,
        });
        assert_eq!(casualty, Some(result), "third roll {roll}: {events:?}");
    }
}

// --- Push of Shields, advance, hits shared, rout ----------------------------------------------

/// Hoplites on medium infantry of TQ 9 (it cannot rout here), column 8.
fn push_of_shields(rules: &'static str) {
    // Roll 9: 1(3): the MI's 3 hits are three times the hoplites' 1: 2 more, 5 in all.
    let events = hoplites_strike(rules, |at| unit("mi", "MI", "", 4, 9, 5, "", at, "SW"), &[9; 8]);
    let lines = shock_lines(&events);
    assert!(lines.iter().any(|l| l.starts_with("push of shields: 2 more hits (now 5)")), "{lines:?}");
    assert_eq!(hits_of(&events, "mi").iter().sum::<u8>(), 5, "{events:?}");
    // Roll 5: 2(3): 3 is less than three times 2: no push.
    let events = hoplites_strike(rules, |at| unit("mi", "MI", "", 4, 9, 5, "", at, "SW"), &[5; 8]);
    assert!(!shock_lines(&events).iter().any(|l| l.starts_with("push of shields")), "{events:?}");
    assert_eq!(hits_of(&events, "mi").iter().sum::<u8>(), 3, "{events:?}");
}

#[test]
fn three_times_the_enemys_hits_is_a_push_of_shields_two_more_gba_9_17() {
    push_of_shields(GBA);
}

#[test]
fn three_times_the_enemys_hits_is_a_push_of_shields_two_more_cg_9_18() {
    push_of_shields(CG);
}

/// Blue's medium infantry "a" (TQ 5, at 0505) and hoplites "z" (TQ 7, listed second) both strike
/// the front of red MI one hit short of rout: it routs, and the higher TQ advances into its hex.
fn higher_tq_advances(rules: &'static str) {
    let x = beside("0505", Hexside::NE);
    let z_at = beside("0505", Hexside::SE);
    let f = armies(
        rules,
        vec![unit("a", "MI", "", 4, 5, 5, "", "0505", "E"), unit("z", "HI", "", 5, 7, 4, "", &z_at, "NE")],
        vec![with(unit("x", "MI", "", 4, 5, 5, "", &x, "SW"), "hits = 4")],
    );
    let (mut game, mut events) = stand_and_shock(&f, &["a", "z"], &[5; 12]);
    assert!(shock_lines(&events).iter().any(|l| l.starts_with("superiority: Neither")), "{events:?}");
    events.extend(rout_first(&mut game));
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "x")), "{events:?}");
    let advanced: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::UnitAdvanced { .. })).collect();
    assert_eq!(advanced, [&Event::UnitAdvanced { unit: "z".into(), from: h(&z_at), to: h(&x) }], "{events:?}");
}

#[test]
fn of_two_attackers_beside_the_emptied_hex_the_higher_tq_advances_gba_9_34_9_3() {
    higher_tq_advances(GBA);
}

#[test]
fn of_two_attackers_beside_the_emptied_hex_the_higher_tq_advances_cg_9_24() {
    higher_tq_advances(CG);
}

/// Hoplites strike two red units at once, MI in the front hex NE and LP in the front hex SE:
/// the table's 3 hits split as evenly as can be, the odd one to the unit the column was read
/// against (the first listed).
fn hits_shared(rules: &'static str) {
    let f = armies(
        rules,
        vec![unit("hop", "HI", "", 5, 6, 4, "", "0505", "E")],
        vec![
            unit("mi", "MI", "", 4, 9, 5, "", &beside("0505", Hexside::NE), "SW"),
            unit("mi2", "MI", "", 4, 9, 5, "", &beside("0505", Hexside::SE), "NW"),
        ],
    );
    // Column 7 (8, one left for size 5 against 8), roll 7: 2(3).
    let (_, events) = stand_and_shock(&f, &["hop"], &[7; 12]);
    let lines = shock_lines(&events);
    assert!(lines.contains(&"result 2(3) (GBA 9.54, CG 9.44)".to_string()), "{lines:?}");
    let shares = [hits_of(&events, "mi").iter().sum::<u8>(), hits_of(&events, "mi2").iter().sum::<u8>()];
    assert_eq!(shares, [2, 1], "{events:?}");
}

#[test]
fn a_sides_hits_are_shared_evenly_the_odd_one_to_the_chosen_unit_gba_10_13() {
    hits_shared(GBA);
}

#[test]
fn a_sides_hits_are_shared_evenly_the_odd_one_to_the_chosen_unit_cg_11_12() {
    hits_shared(CG);
}

/// Slingers beside red horse (TQ 6) already carrying `hits`: a volley that hits once.
fn volley_at_worn_horse(hits: u8) -> (sarissa_rules::Game, Vec<Event>) {
    let f = armies(
        GBA,
        vec![unit("slingers", "SK", "S", 1, 5, 6, "S", "0305", "E")],
        vec![with(unit("horse", "HC", "", 3, 6, 7, "", "0405", "W"), &format!("hits = {hits}"))],
    );
    let (mut game, _) = f.start(&[1, 5, 5, 5]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("slingers", "horse"));
    assert!(events.contains(&Event::CohesionHits { unit: "horse".into(), hits: 1, cause: HitCause::Missile }));
    (game, events)
}

#[test]
fn a_volley_that_brings_hits_to_the_tq_routs_the_unit_gba_10_14() {
    // With 5 hits, one more and it routs at once (its owner picks the hex).
    let (mut game, mut events) = volley_at_worn_horse(5);
    events.extend(rout_first(&mut game));
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "horse")), "{events:?}");
    // With 4 hits the same volley leaves it standing at 5.
    let (game, events) = volley_at_worn_horse(4);
    assert!(
        !events.iter().any(|e| matches!(e, Event::UnitRouted { .. } | Event::RoutChoiceOffered { .. })),
        "{events:?}"
    );
    assert_eq!(game.state.units[idx(&game, "horse")].hits, 5);
}

// --- Chandragupta's missile rules ---------------------------------------------------------------

/// Blue's `firer` at 0505 and red MI `behind` at 0405 (behind a unit facing E), with `dice`.
fn fire_behind(
    firer: String,
    dice: &[u8],
) -> (sarissa_rules::Game, Result<Vec<Event>, sarissa_rules::game::RuleError>) {
    let f = armies(CG, vec![firer], vec![unit("behind", "MI", "", 4, 6, 5, "", "0405", "E")]);
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    let result = game.execute(&fire("firer", "behind"));
    (game, result)
}

#[test]
fn archers_shoot_through_their_front_but_a_chariot_all_round_cg_8_13() {
    let (_, refused) = fire_behind(unit("firer", "LI", "A", 3, 5, 5, "A", "0505", "E"), &[]);
    assert!(refused.unwrap_err().to_string().contains("8.1"), "the target is behind the archers");
    let (_, fired) = fire_behind(unit("firer", "CH", "", 5, 5, 6, "A", "0505", "E"), &[1]);
    let events = fired.expect("a chariot fires every way");
    assert!(
        events.iter().any(|e| matches!(e, Event::MissileFired { target, range: 1, .. } if target == "behind")),
        "{events:?}"
    );
}

#[test]
fn woods_block_the_sight_of_a_target_beyond_but_never_of_one_adjacent_cg_8_16() {
    // Archers at 0305 facing E; woods at 0405; red MI at 0505 (beyond the woods) or in 0405.
    let shoot = |red_at: &str| {
        let mut f = armies(
            CG,
            vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0305", "E")],
            vec![unit("mi", "MI", "", 4, 6, 5, "", red_at, "W")],
        );
        f.terrain = vec![("0405", 'w')];
        let (mut game, _) = f.start(&[1]);
        ok(&mut game, activate("hero"));
        game.execute(&fire("bows", "mi"))
    };
    let hidden = shoot("0505").unwrap_err();
    assert!(hidden.to_string().contains("8.1"), "{hidden}");
    let events = shoot("0405").expect("adjacent, in the woods: always in sight");
    assert!(events.iter().any(|e| matches!(e, Event::MissileFired { range: 1, .. })), "{events:?}");
}

#[test]
fn a_nine_leaves_slingers_low_and_a_low_unit_that_fires_runs_out_cg_8_19() {
    use sarissa_rules::combat::missile::Supply;
    let supply_after = |marker: &str, roll: u8| match slingers_volley(CG, marker, "0405", roll) {
        Event::MissileFired { supply, .. } => supply,
        other => panic!("{other:?}"),
    };
    assert_eq!(supply_after("", 8), Supply::Full);
    assert_eq!(supply_after("", 9), Supply::Low);
    assert_eq!(supply_after("missiles = \"low\"", 3), Supply::No);
}

/// Blue MI walks into the front of red archers at 0805 facing W: they may shoot at it at once,
/// at range 1, without an order (reaction fire, not in red's own phase).
fn entry_fire(rules: &'static str) {
    let f = armies(
        rules,
        vec![unit("mi", "MI", "", 4, 6, 5, "", "0505", "E")],
        vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0805", "W")],
    );
    let (mut game, _) = f.start(&[2, 5, 5, 5]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("mi", &["0605", "0705"], sarissa_rules::map::hex::Vertex::E));
    assert!(
        matches!(&game.state.phase, Phase::Reaction { firers, .. } if firers == &vec!["bows".to_string()]),
        "{:?}",
        game.state.phase
    );
    let events = ok(&mut game, fire("bows", "mi"));
    assert_eq!(
        volleys(&events),
        vec![("bows".to_string(), 1, 1, Some(sarissa_rules::combat::fire::ReactionFire::Entry))],
        "{events:?}"
    );
}

#[test]
fn missile_units_also_shoot_in_reaction_at_a_unit_entering_their_zone_gba_8_12() {
    entry_fire(GBA);
}

#[test]
fn missile_units_also_shoot_in_reaction_at_a_unit_entering_their_zone_cg_8_12_8_21() {
    entry_fire(CG);
}

// --- Chandragupta's shock rules ---------------------------------------------------------------

#[test]
fn standing_attackers_make_no_charge_check_moving_ones_and_their_targets_do_cg_9_11_9_14() {
    // Standing: no check at all (a "No Check" attacker).
    let events = hoplites_strike(CG, |at| unit("mi", "MI", "", 4, 9, 5, "", at, "SW"), &[5; 8]);
    assert!(!shock_lines(&events).iter().any(|l| l.starts_with("charge check")), "{events:?}");
    // Moving up: the hoplites and the MI they strike each check (TQ 6 and 9, rolls 7 and 7).
    let f = armies(
        CG,
        vec![unit("hop", "HI", "", 5, 6, 4, "", "0405", "E")],
        vec![unit("mi", "MI", "", 4, 9, 5, "", "0605", "W")],
    );
    let (mut game, _) = f.start(&[7; 12]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hop", &["0505"], sarissa_rules::map::hex::Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    let mut events = ok(&mut game, Command::EndOrders);
    if matches!(game.state.phase, Phase::Shock { .. }) {
        events.extend(ok(&mut game, Command::Shock { attackers: vec![] }));
    }
    let checks: Vec<String> = shock_lines(&events).into_iter().filter(|l| l.starts_with("charge check")).collect();
    assert_eq!(
        checks,
        [
            "charge check: 7+0 against TQ 6, 1 hit(s) (GBA 9.13, CG 9.14)",
            "charge check: 7+0 against TQ 9, 0 hit(s) (GBA 9.13, CG 9.14)"
        ],
        "{events:?}"
    );
}

#[test]
fn javelin_skirmishers_harass_from_two_hexes_and_light_horse_from_four_cg_9_32() {
    use sarissa_rules::combat::harassment::options;
    use sarissa_rules::command::orders::orderable;
    // The target, slow hoplites, stands at 0905; the harasser `hexes` west of it on row 05.
    let may_harass = |kind: &str, size: u8, ma: u8, hexes: u8| {
        let at = format!("{:02}05", 9 - hexes);
        let f = armies(
            CG,
            vec![unit("h", kind, "J", size, 5, ma, "J", &at, "E")],
            vec![unit("hoplites", "HI", "", 5, 6, 4, "", "0905", "W")],
        );
        let (mut game, _) = f.start(&[]);
        ok(&mut game, activate("hero"));
        !options(&game.scenario, &game.state, 0, &orderable(&game.scenario, &game.state)).is_empty()
    };
    assert_eq!([1, 2, 3].map(|d| may_harass("SK", 1, 6, d)), [false, true, false]);
    assert_eq!([1, 4, 5].map(|d| may_harass("LC", 2, 8, d)), [false, true, false]);
}
