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

/// Blue's orders phase ends at once and blue's `attackers` (who did not move) shock: all events.
fn standing_shock(f: &Field, attackers: &[&str], dice: &[u8]) -> (sarissa_rules::Game, Vec<Event>) {
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    let mut events = ok(&mut game, Command::EndOrders);
    assert!(matches!(game.state.phase, Phase::Shock { .. }), "{:?}", game.state.phase);
    events.extend(ok(&mut game, Command::Shock { attackers: attackers.iter().map(|a| a.to_string()).collect() }));
    (game, events)
}

/// Blue hoplites (HI, TQ 6) at 0505 facing E strike red `red` standing in their front hex
/// 0505+NE; the lines of the shock, with `dice`.
fn hoplites_strike(rules: &'static str, red: impl Fn(&str) -> String, dice: &[u8]) -> Vec<Event> {
    let f =
        armies(rules, vec![unit("hop", "HI", "", 5, 6, 4, "", "0505", "E")], vec![red(&beside("0505", Hexside::NE))]);
    standing_shock(&f, &["hop"], dice).1
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

/// Slingers at 0305 facing E fire at red heavy cavalry `range` hexes east along row 05; the
/// volley's chart strength and its hits, the die `roll`.
fn sling_volley(rules: &'static str, range: u8, roll: u8) -> (u8, u8) {
    let target = format!("{:02}05", 3 + range);
    let f = armies(
        rules,
        vec![unit("slingers", "SK", "S", 1, 5, 6, "S", "0305", "E")],
        vec![unit("horse", "HC", "", 3, 6, 7, "", &target, "W")],
    );
    let (mut game, _) = f.start(&[roll]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("slingers", "horse"));
    events
        .iter()
        .find_map(|e| match e {
            Event::MissileFired { strength, hits, range: r, .. } if *r == range => Some((*strength, *hits)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("a volley at range {range}: {events:?}"))
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
    let (mut game, mut events) = standing_shock(&f, &["a", "z"], &[5; 12]);
    assert!(shock_lines(&events).iter().any(|l| l.starts_with("superiority: Neither")), "{events:?}");
    events.extend(rout_first(&mut game));
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "x")), "{events:?}");
    let advanced: Vec<&Event> = events.iter().filter(|e| matches!(e, Event::UnitAdvanced { .. })).collect();
    assert_eq!(advanced, [&Event::UnitAdvanced { unit: "z".into(), from: h(&z_at), to: h(&x) }], "{events:?}");
}

#[test]
fn of_two_attackers_beside_the_emptied_hex_the_higher_tq_advances_gba_9_34() {
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
    let (_, events) = standing_shock(&f, &["hop"], &[7; 12]);
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
