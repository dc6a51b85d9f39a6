//! War elephants (GBA 11.13, 11.14; CG 10.13, 10.14): the rampage and the pass-through, with
//! loaded dice, on GBA and CG fields.

mod common;
use common::*;
use sarissa_rules::charts::leaders::LeaderResult;
use sarissa_rules::game::{Command, Event, HitCause, LeaderStatus, RampageEnd, RollPurpose};
use sarissa_rules::map::hex::Hexside;
use sarissa_rules::scenario::units::Placement;

/// Blue's slingers at 0405 shoot at red's `el`, one hit short of its TQ; `blue` and `red` add
/// units. The volley's roll comes first in `dice`.
fn volley_field(rules: &'static str, el_at: &str, blue: Vec<String>, red: Vec<String>) -> Field {
    elephant_field(rules, el_at, "0405", blue, red, "0205")
}

/// Fires the volley that routs the elephant; returns the events from its first rampage roll on.
fn rout_the_elephant(field: &Field, dice: &[u8]) -> (sarissa_rules::Game, Vec<Event>) {
    rout_the_elephant_with(field, dice, &[])
}

/// As `rout_the_elephant`, with other units' hits set first.
fn rout_the_elephant_with(field: &Field, dice: &[u8], hits: &[(&str, u8)]) -> (sarissa_rules::Game, Vec<Event>) {
    let (mut game, _) = field.start(dice);
    let index = |g: &sarissa_rules::Game, id: &str| g.scenario.units.iter().position(|u| u.id == id).unwrap();
    for (id, n) in hits.iter().chain(&[("el", 5)]) {
        let i = index(&game, id);
        game.state.units[i].hits = *n;
    }
    ok(&mut game, activate("hero"));
    let mut events = ok(&mut game, fire("slingers", "el"));
    // Those it comes near stand every time (their withdrawals are in rampage_withdrawal.rs):
    // the pauses leave the rampage's course as it was.
    while matches!(game.state.phase, sarissa_rules::game::Phase::RampageWithdrawal { .. }) {
        events.extend(ok(&mut game, Command::EndReaction));
    }
    events.retain(|e| !matches!(e, Event::RampageWithdrawalOffered { .. } | Event::RampageGoesOn { .. }));
    let from = events
        .iter()
        .position(|e| matches!(e, Event::DieRolled { purpose: RollPurpose::Rampage { .. }, .. }))
        .unwrap_or_else(|| panic!("no rampage: {events:?}"));
    (game, events[from..].to_vec())
}

fn roll(r: u8) -> Event {
    Event::DieRolled { roll: r, purpose: RollPurpose::Rampage { unit: "el".into() } }
}

fn leg(r: u8, heading: Option<Hexside>, path: &[&str], collided: &[&str], end: Option<RampageEnd>) -> Event {
    el_leg(r, heading, path, collided, end, false)
}

fn gone(rule: &str) -> Event {
    Event::UnitEliminated { unit: "el".into(), rule: rule.into() }
}

/// A roll of `r` (7–9) on which the mahout kills the beast, and its elimination by `rule`.
fn mahout(r: u8, rule: &str) -> [Event; 3] {
    [roll(r), leg(r, None, &[], &[], Some(RampageEnd::MahoutKilled)), gone(rule)]
}

/// One leg of `r` without a collision.
fn run(r: u8, heading: Hexside, path: &[&str]) -> [Event; 2] {
    [roll(r), leg(r, Some(heading), path, &[], None)]
}

fn hits(unit: &str, n: u8) -> Event {
    Event::CohesionHits { unit: unit.into(), hits: n, cause: HitCause::Rampage }
}

#[test]
fn a_routed_elephant_rampages_by_the_compass_and_leaves_the_map_gba_11_14() {
    // Roll 1 on the default compass is north (P73): 0503, 0502, 0501, and off the top edge.
    let f = volley_field("alexander", "0505", vec![], vec![]);
    let (game, events) = rout_the_elephant(&f, &[0, 1, 1]);
    assert_eq!(
        events,
        vec![
            roll(1),
            leg(1, Some(Hexside::N), &["0504", "0503", "0502"], &[], None),
            roll(1),
            leg(1, Some(Hexside::N), &["0501"], &[], Some(RampageEnd::LeftMap)),
            gone("11.14"),
        ]
    );
    assert!(game.state.units[1].eliminated && !game.state.units[1].routed);
}

#[test]
fn a_map_compass_turns_the_numbers_gba_11_14_a_12() {
    // This map's 1 is south-east.
    let mut f = volley_field("alexander", "0505", vec![], vec![]);
    f.compass = vec!["SE", "S", "SW", "NW", "N", "NE"];
    let (_, events) = rout_the_elephant(&f, &[0, 1, 9]);
    assert_eq!(events, [&run(1, Hexside::SE, &["0605", "0706", "0806"])[..], &mahout(9, "11.14")].concat());
}

#[test]
fn a_first_high_roll_runs_directly_away_from_its_cause_later_ones_kill_it_gba_11_14() {
    // The slingers at 0405 (its south-west) caused it: away is north-east.
    let f = volley_field("alexander", "0505", vec![], vec![]);
    let (game, events) = rout_the_elephant(&f, &[0, 8, 7]);
    assert_eq!(events, [&run(8, Hexside::NE, &["0604", "0704", "0803"])[..], &mahout(7, "11.14")].concat());
    assert_eq!(game.state.units[1].placement, Placement::One(h("0803")));
}

#[test]
fn a_zero_heads_for_the_nearest_friend_gba_11_14() {
    // Its friend two hexes south at 0507, faced W: it runs into the friend's flank, 2 hits.
    let f = volley_field("alexander", "0505", vec![], vec![unit("friend", "LI", "J", 3, 5, 5, "J", "0507", "W")]);
    let (_, events) = rout_the_elephant(&f, &[0, 0, 9]);
    assert_eq!(events[..3], [roll(0), leg(0, Some(Hexside::S), &["0506"], &["friend"], None), hits("friend", 2)]);
}

#[test]
fn a_collision_hits_front_once_flank_and_rear_twice_and_cavalry_twice_gba_11_14() {
    // North from 0505: it stops at 0503 short of the friend in 0502. An MI faced SE takes it
    // through its front: 1 hit. Then south: it stops at 0506... (see below).
    let cases = [
        (unit("wall", "MI", "", 4, 5, 5, "", "0502", "SE"), 1),
        (unit("wall", "MI", "", 4, 5, 5, "", "0502", "NW"), 2),
        (unit("wall", "LC", "J", 3, 5, 8, "J", "0502", "SE"), 2),
    ];
    for (wall, n) in cases {
        let cavalry = wall.contains("\"LC\"");
        let f = volley_field("alexander", "0505", vec![], vec![wall]);
        let (game, events) = rout_the_elephant(&f, &[0, 1, 9]);
        let run = if cavalry {
            // The cavalry, faster, might have stepped aside once it came within two hexes (6.77).
            let mut paused = leg(1, Some(Hexside::N), &["0504"], &[], None);
            if let Event::Rampaged { paused: p, .. } = &mut paused {
                *p = true;
            }
            vec![paused, leg(1, Some(Hexside::N), &["0503"], &["wall"], None)]
        } else {
            vec![leg(1, Some(Hexside::N), &["0504", "0503"], &["wall"], None)]
        };
        let expected = [&[roll(1)][..], &run, &[hits("wall", n)]].concat();
        assert_eq!(events[..expected.len()], expected, "{n}");
        assert_eq!(events[expected.len()..], mahout(9, "11.14"));
        assert_eq!(game.state.units[2].hits, n);
    }
}

#[test]
fn an_enemy_it_crashes_into_is_hit_and_may_rout_gba_11_14() {
    // Blue LI faced W at 0502 with 3 hits: the 2 hits through its flank (from 0503, south)
    // bring it to its TQ of 5, and it routs once the rampage is over (P39).
    let f = volley_field("alexander", "0505", vec![unit("li", "LI", "J", 3, 5, 5, "J", "0502", "W")], vec![]);
    let (mut game, events) = rout_the_elephant_with(&f, &[0, 1, 9], &[("li", 3)]);
    assert_eq!(events[..3], [roll(1), leg(1, Some(Hexside::N), &["0504", "0503"], &["li"], None), hits("li", 2),]);
    assert_eq!(events[3..6], mahout(9, "11.14"));
    // Its rout comes next; its owner picks the first of its tied hexes (P120).
    assert!(matches!(&events[6], Event::RoutChoiceOffered { pending, .. } if pending.unit == "li"), "{:?}", events[6]);
    let events = rout_first(&mut game);
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "li")), "{events:?}");
    assert!(game.state.units[1].routed);
}

#[test]
fn a_leader_who_cannot_get_away_is_trampled_gba_11_14_4_62() {
    // Blue's leader alone on the top edge at 0501: the beast stops at 0502, and there is no hex
    // farther from it for him to go to. No die is rolled for him.
    let mut f = volley_field("alexander", "0504", vec![], vec![]);
    f.leaders[0].push(leader("aide", "subordinate", 3, 3, "0501"));
    let (game, events) = rout_the_elephant(&f, &[0, 1, 9]);
    assert_eq!(
        events[..4],
        [
            roll(1),
            leg(1, Some(Hexside::N), &["0503", "0502"], &["aide"], None),
            Event::LeaderCasualty { leader: "aide".into(), result: LeaderResult::Killed, rule: "11.14".into() },
            roll(9),
        ]
    );
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Eliminated);
}

#[test]
fn a_leader_who_could_get_away_but_stood_is_trampled_gba_11_14_4_62() {
    // The same leader a row lower, at 0502, could step back to 0501. He is offered it when the
    // beast reaches 0504 (4.62, 6.77), stands, and when it stops at 0503 beside him he has lost
    // his chance: killed, no roll (P191; his withdrawal is in rampage_withdrawal.rs).
    let mut f = volley_field("alexander", "0505", vec![], vec![]);
    f.leaders[0].push(leader("aide", "subordinate", 3, 3, "0502"));
    let (game, events) = rout_the_elephant(&f, &[0, 1, 9]);
    let mut paused = leg(1, Some(Hexside::N), &["0504"], &[], None);
    if let Event::Rampaged { paused: p, .. } = &mut paused {
        *p = true;
    }
    assert_eq!(
        events[..5],
        [
            roll(1),
            paused,
            leg(1, Some(Hexside::N), &["0503"], &["aide"], None),
            Event::LeaderCasualty { leader: "aide".into(), result: LeaderResult::Killed, rule: "11.14".into() },
            roll(9),
        ]
    );
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Eliminated);
}

#[test]
fn cg_every_high_roll_kills_the_elephant_cg_10_14_d71() {
    let f = volley_field("chandragupta", "0505", vec![], vec![]);
    let (_, events) = rout_the_elephant(&f, &[0, 8]);
    assert_eq!(events, mahout(8, "10.14"));
}

#[test]
fn cg_a_rampage_ends_after_the_fourth_roll_cg_10_14_d71() {
    // North-east and south-west, back and forth near the slingers: never 8 hexes from anyone.
    let f = volley_field("chandragupta", "0505", vec![], vec![]);
    let (_, events) = rout_the_elephant(&f, &[0, 2, 5, 2, 5]);
    let (out, back) = (["0604", "0704", "0803"], ["0704", "0604", "0505"]);
    let mut expected = [run(2, Hexside::NE, &out), run(5, Hexside::SW, &back), run(2, Hexside::NE, &out)].concat();
    expected.extend([roll(5), leg(5, Some(Hexside::SW), &back, &[], Some(RampageEnd::LastRoll)), gone("10.14")]);
    assert_eq!(events, expected);
}

#[test]
fn cg_a_rampage_ends_eight_hexes_from_everyone_cg_10_14_d71() {
    // Routed where it stands at 1202 (no volley): south-west three hexes leaves it 8 or more
    // hexes from the blue slingers at 0108.
    let f = Field {
        rules: "chandragupta",
        units: [
            vec![unit("slingers", "SK", "S", 1, 5, 6, "S", "0108", "E")],
            vec![unit("el", "EL", "", 4, 6, 5, "J", "1202", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[5]);
    game.state.units[1].hits = 6;
    let events = ok(&mut game, activate("hero"));
    let from = events.iter().position(|e| *e == roll(5)).expect("it rampages");
    assert_eq!(
        events[from..],
        [roll(5), leg(5, Some(Hexside::SW), &["1103", "1003", "0904"], &[], Some(RampageEnd::Isolated)), gone("10.14")]
    );
}

#[test]
fn the_compass_must_name_six_hexsides_gba_11_14() {
    let mut f = volley_field("alexander", "0505", vec![], vec![]);
    f.compass = vec!["N", "NE"];
    let err = sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string();
    assert!(err.contains("compass"), "{err}");
    f.compass = vec!["N", "NE", "E", "S", "SW", "NW"];
    let err = sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string();
    assert!(err.contains("`E` is not a hexside"), "{err}");
}

#[allow(dead_code)]
fn unused(_: Command) {}

/// Blue's elephant at 0505 faced E beside red's `red` at 0605 (faced W): an optional attacker
/// that did not move, so no pre-shock check (7.33).
fn charge(rules: &'static str, red: Vec<String>, dice: &[u8]) -> (sarissa_rules::Game, Vec<Event>) {
    let f = Field {
        rules,
        units: [vec![unit("el", "EL", "", 4, 6, 5, "J", "0505", "E")], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["el".into()] });
    (game, events)
}

fn passed(events: &[Event]) -> Vec<&Event> {
    events.iter().filter(|e| matches!(e, Event::ElephantPassedThrough { .. })).collect()
}

/// The elephant's pass-through from 0505 behind red's `red`, into `to`, by `rule`.
fn through(to: &str, rule: &str) -> Event {
    Event::ElephantPassedThrough {
        unit: "el".into(),
        defender: "red".into(),
        from: h("0505"),
        to: h(to),
        rule: rule.into(),
    }
}

#[test]
fn an_elephant_whose_defender_holds_goes_through_into_a_rear_hex_gba_11_13() {
    // Red's heavy infantry faced W at 0605 has rear hexes 0705 and 0706, both two hexes from
    // the elephant: the first by id (P76). Every die a 4: both sides take hits, neither routs.
    let red = vec![unit("red", "HI", "", 5, 7, 4, "", "0605", "W")];
    let (game, events) = charge("alexander", red, &[4; 12]);
    assert!(!game.state.units[1].routed && !game.state.units[0].routed, "{events:?}");
    assert_eq!(passed(&events), vec![&through("0705", "11.13")]);
    let el = &game.state.units[0];
    assert_eq!(
        (el.placement, el.facing),
        (Placement::One(h("0705")), sarissa_rules::map::hex::Vertex::E),
        "its facing kept"
    );
}

#[test]
fn with_one_rear_hex_taken_it_goes_into_the_other_cg_10_13_d70() {
    let red = vec![unit("red", "HI", "", 5, 7, 4, "", "0605", "W"), unit("back", "LI", "J", 3, 5, 5, "J", "0705", "W")];
    let (game, events) = charge("chandragupta", red, &[4; 12]);
    assert!(!game.state.units[1].routed, "{events:?}");
    assert_eq!(passed(&events), vec![&through("0706", "10.13")]);
}

#[test]
fn with_both_rear_hexes_taken_it_attacks_the_next_row_gba_11_13_p103() {
    let red = vec![
        unit("red", "HI", "", 5, 7, 4, "", "0605", "W"),
        unit("back1", "LI", "J", 3, 5, 5, "J", "0705", "W"),
        unit("back2", "LI", "J", 3, 5, 5, "J", "0706", "W"),
    ];
    let (game, events) = charge("alexander", red, &[4; 12]);
    // The next row's attack and what follows: tests/elephants_more.rs.
    assert!(events.iter().any(|e| matches!(e, Event::PassThroughAttack { .. })), "{events:?}");
    assert_ne!(game.state.units[0].placement, Placement::One(h("0505")));
}

#[test]
fn cg_cavalry_may_not_shock_an_elephant_through_its_front_cg_10_15_d72() {
    // Red's elephant at 0605 faces W: blue's horse at 0505 (faced E) touches its front, at 0604
    // (faced SE) its flank.
    for (at, facing, may, rules) in
        [("0505", "E", false, "chandragupta"), ("0604", "SE", true, "chandragupta"), ("0505", "E", true, "alexander")]
    {
        let f = Field {
            rules,
            units: [
                vec![unit("horse", "HC", "", 3, 7, 7, "", at, facing)],
                vec![unit("el", "EL", "", 4, 6, 5, "J", "0605", "W")],
            ],
            leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
            ..Field::default()
        };
        let (mut game, _) = f.start(&[]);
        ok(&mut game, activate("hero"));
        ok(&mut game, Command::EndOrders);
        let cands = sarissa_rules::combat::shock_segment::candidates(&game.scenario, &game.state);
        assert_eq!(cands.iter().any(|c| c.unit == 0), may, "{rules} horse at {at}: {cands:?}");
    }
}
