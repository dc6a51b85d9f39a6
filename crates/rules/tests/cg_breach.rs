//! Elephants breaching a Chandragupta camp's palisade and gates (CG 12.31, 12.33, 12.34;
//! Breach Table T16) and what a breach changes (CG 12.14–12.16, 12.18, 9.17[3] C3; rulings
//! P175–P178); and bringing down its towers (CG 12.32, 12.33; P185–P188), at the end.
//!
//! Blue's camp on the test field (as in `cg_camps.rs`), along row 05 going east:
//!
//! ```text
//! 0505 outside | berm | 0605 outer (4, clear) | palisade | 0705 third (c) | thorns | 0805 second (c) | wagons | 0905, 0906 royal (c)
//!                       0605 | camp gate | 0706 third (c)
//! ```
//!
//! A red elephant at 0605 facing east has the palisade (to 0705) and the gate (to 0706) in front.

mod common;
use common::*;
use sarissa_rules::combat::missile::Supply;
use sarissa_rules::game::{Command, Event, Phase, RollPurpose, TowerResult};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::Placement;

fn el(id: &str, at: &str, facing: &str) -> String {
    unit(id, "EL", "", 4, 6, 5, "J", at, facing)
}

fn idx(game: &Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

/// Blue's raja far off (initiative 2, so he goes first) and red's commander (5) at 1210.
fn field(blue: Vec<String>, red: Vec<String>) -> Field {
    camp_field(blue, red, 2, 5)
}

fn far_blue() -> Vec<String> {
    vec![unit("b", "MI", "", 4, 5, 5, "", "0109", "E")]
}

fn breach_events(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::BreachAttemptBegun { .. }
                    | Event::BreachRolled { .. }
                    | Event::TowerAttackRolled { .. }
                    | Event::DieRolled { purpose: RollPurpose::Breach { .. }, .. }
            )
        })
        .cloned()
        .collect()
}

fn begun(unit: &str) -> Event {
    Event::BreachAttemptBegun { unit: unit.into() }
}

fn rolled(unit: &str, roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::Breach { unit: unit.into() } }
}

fn breach(unit: &str, from: &str, to: &str, gate: bool, roll: u8) -> Event {
    let need = if gate { 4 } else { 2 };
    Event::BreachRolled { unit: unit.into(), from: h(from), to: h(to), gate, roll, need, breached: roll <= need }
}

/// Blue passes; red's commander takes his orders phase, does `orders`, ends it and declines
/// momentum; the turn ends. Every event from red's activation on.
fn red_turn(game: &mut Game, orders: impl FnOnce(&mut Game) -> Vec<Event>) -> Vec<Event> {
    ok(game, pass("raja"));
    let mut events = ok(game, activate("foe"));
    events.extend(orders(game));
    events.extend(end_orders(game));
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        events.extend(ok(game, Command::DeclineMomentum));
    }
    events
}

#[test]
fn an_elephant_facing_the_gate_breaches_it_on_0_to_4_cg_12_31_t16() {
    let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "E")]), &[4]);
    let events = red_turn(&mut game, |_| Vec::new());
    // P176: the gate before the palisade, both in its front.
    assert_eq!(breach_events(&events), vec![begun("el"), rolled("el", 4), breach("el", "0605", "0706", true, 4)]);
    assert_eq!(game.state.breaches, vec![(h("0605"), h("0706"))]);
    assert!(game.state.breach_attempts.is_empty());
    // After reload, before the counters turn up (3.1 D4).
    let at = |p: &dyn Fn(&Event) -> bool| events.iter().position(p).unwrap();
    assert!(at(&|e| matches!(e, Event::BreachRolled { .. })) < at(&|e| matches!(e, Event::UnitsAndLeadersReadied)));
    assert!(at(&|e| matches!(e, Event::TurnEnded { .. })) < at(&|e| matches!(e, Event::BreachRolled { .. })));
}

#[test]
fn the_gate_holds_on_5_cg_12_31_t16() {
    let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "E")]), &[5]);
    let events = red_turn(&mut game, |_| Vec::new());
    assert_eq!(breach_events(&events), vec![begun("el"), rolled("el", 5), breach("el", "0605", "0706", true, 5)]);
    assert!(game.state.breaches.is_empty());
}

#[test]
fn the_palisade_falls_to_an_elephant_on_0_to_2_only_cg_12_13_12_31_t16() {
    // Facing north-east at 0605: the palisade (0705) and open ground (0604) in front.
    for (roll, fell) in [(2, true), (3, false)] {
        let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "NE")]), &[roll]);
        let events = red_turn(&mut game, |_| Vec::new());
        assert_eq!(
            breach_events(&events),
            vec![begun("el"), rolled("el", roll), breach("el", "0605", "0705", false, roll)]
        );
        assert_eq!(game.state.breaches.len(), usize::from(fell));
    }
}

#[test]
fn two_elephants_at_one_gate_each_roll_until_it_falls_cg_12_33() {
    // A second red elephant inside the camp at 0706 facing west: the gate (to 0605) in front.
    let red = vec![el("el", "0605", "E"), el("el2", "0706", "W")];
    let mut game = start_camp(&field(far_blue(), red), &[7, 1]);
    let events = red_turn(&mut game, |_| Vec::new());
    assert_eq!(
        breach_events(&events),
        vec![
            begun("el"),
            begun("el2"),
            rolled("el", 7),
            breach("el", "0605", "0706", true, 7),
            rolled("el2", 1),
            breach("el2", "0706", "0605", true, 1),
        ]
    );
    assert_eq!(game.state.breaches, vec![(h("0605"), h("0706"))]);
    // Once the gate is down, an elephant still at it has nothing left to roll for.
    let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "E"), el("el2", "0706", "W")]), &[0]);
    let events = red_turn(&mut game, |_| Vec::new());
    assert_eq!(
        breach_events(&events),
        vec![begun("el"), begun("el2"), rolled("el", 0), breach("el", "0605", "0706", true, 0)]
    );
}

#[test]
fn an_elephant_that_turns_gives_up_its_attempt_cg_12_31() {
    let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "E")]), &[]);
    let events = red_turn(&mut game, |game| ok(game, mv("el", &[], Vertex::NE)));
    assert_eq!(breach_events(&events), vec![begun("el")]);
    assert!(game.state.breach_attempts.is_empty());
    assert!(game.state.breaches.is_empty());
}

#[test]
fn an_elephant_may_fire_while_it_breaches_cg_12_34() {
    // Blue's javelins at 0705 behind the palisade; the elephant throws at them first.
    let blue = vec![unit("b", "LI", "", 3, 5, 6, "J", "0705", "W")];
    let mut game = start_camp(&field(blue, vec![el("el", "0605", "E")]), &[9, 2]);
    let events = red_turn(&mut game, |game| {
        let mut events = ok(game, fire("el", "b"));
        // Blue lets the volley be (8.2).
        if matches!(game.state.phase, Phase::Reaction { .. }) {
            events.extend(ok(game, Command::EndReaction));
        }
        events
    });
    assert!(events.iter().any(|e| matches!(e, Event::MissileFired { unit, .. } if unit == "el")), "{events:?}");
    assert_eq!(breach_events(&events), vec![begun("el"), rolled("el", 2), breach("el", "0605", "0706", true, 2)]);
}

#[test]
fn a_momentum_phase_never_starts_an_attempt_cg_12_34() {
    // The elephant turns to face the camp in the first phase (no attempt: it did not start it
    // there) and stands so through a momentum phase: still no attempt, no roll.
    let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "NW")]), &[0]);
    ok(&mut game, pass("raja"));
    let mut events = ok(&mut game, activate("foe"));
    events.extend(ok(&mut game, mv("el", &[], Vertex::E)));
    events.extend(end_orders(&mut game));
    assert!(matches!(game.state.phase, Phase::Momentum { .. }), "{:?}", game.state.phase);
    events.extend(ok(&mut game, Command::TryMomentum));
    assert!(
        matches!(&game.state.phase, Phase::Orders { .. }),
        "momentum gained at once: {:?} {events:?}",
        game.state.phase
    );
    assert!(events.iter().any(|e| matches!(e, Event::OrdersPhaseBegan { momentum: true, .. })));
    events.extend(end_orders(&mut game));
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        events.extend(ok(&mut game, Command::DeclineMomentum));
    }
    assert_eq!(breach_events(&events), vec![]);
    assert!(events.iter().any(|e| matches!(e, Event::UnitsAndLeadersReadied)));
}

#[test]
fn no_side_breaches_its_own_camp_cg_12_31_p175() {
    // Blue's own elephant inside at 0705 facing west, the palisade in front.
    let blue = vec![unit("bel", "EL", "", 4, 6, 5, "J", "0705", "W")];
    let mut game = start_camp(&field(blue, vec![unit("r", "MI", "", 4, 5, 5, "", "1205", "W")]), &[]);
    let events = ok(&mut game, activate("raja"));
    assert_eq!(breach_events(&events), vec![]);
}

// ---- What a breach changes --------------------------------------------------------------

/// A game on `f` with blue's camp, the hexsides `breached` already breached.
fn breached_game(f: &Field, breached: &[(&str, &str)]) -> Game {
    let mut game = start_camp(f, &[]);
    for (a, b) in breached {
        let (a, b) = (h(a), h(b));
        game.state.breaches.push(if a < b { (a, b) } else { (b, a) });
    }
    game
}

#[test]
fn cavalry_ride_through_a_breached_palisade_as_through_a_gate_cg_12_31_p177() {
    use sarissa_rules::charts::movement_costs::{Cost, MoveCategory};
    use sarissa_rules::movement::entry_cost;
    let game =
        breached_game(&field(far_blue(), vec![unit("hc", "HC", "", 3, 6, 7, "", "0605", "E")]), &[("0605", "0705")]);
    let (s, st) = (&game.scenario, &game.state);
    // A camp hex (2) and the gate's cost (1 MP, 1 hit), as through the gate at 0706.
    assert_eq!(entry_cost(s, st, MoveCategory::Cavalry, h("0605"), h("0705")), Some(Cost::new(3, 1)));
    assert_eq!(entry_cost(s, st, MoveCategory::Cavalry, h("0605"), h("0706")), Some(Cost::new(3, 1)));
    // Foot pay the gate's cost there, no longer the wall's (5, 1).
    assert_eq!(entry_cost(s, st, MoveCategory::FormedFoot, h("0605"), h("0705")), Some(Cost::new(3, 1)));
    // Unbreached, the palisade is closed to horse (12.14).
    let game = start_camp(&field(far_blue(), vec![]), &[]);
    assert_eq!(entry_cost(&game.scenario, &game.state, MoveCategory::Cavalry, h("0605"), h("0705")), None);
}

/// Blue's `blue` and red's `red` on the camp field with the palisade 0605|0705 breached; red's
/// commander (initiative 1, at `foe_at`) goes first and is activated.
fn red_first(blue: String, red: String, foe_at: &str) -> Game {
    let mut f = camp_field(vec![blue], vec![red], 5, 1);
    f.leaders[1] = vec![leader("foe", "overall", 1, 8, foe_at)];
    let mut game = breached_game(&f, &[("0605", "0705")]);
    ok(&mut game, activate("foe"));
    game
}

#[test]
fn a_breached_palisade_no_longer_stops_a_withdrawal_cg_12_14_p177() {
    use sarissa_rules::movement::withdrawal::unit_withdrawals;
    // As in cg_camps: red's MI comes up two hexes from blue's skirmisher at 0605.
    let blue = unit("li", "SK", "J", 1, 4, 6, "J", "0605", "W");
    let mut game = red_first(blue, unit("r", "MI", "", 4, 5, 5, "", "0205", "E"), "0105");
    ok(&mut game, mv("r", &["0305", "0405"], Vertex::E));
    let options = unit_withdrawals(&game.scenario, &game.state, idx(&game, "li"));
    assert!(options.iter().any(|d| d.path.first() == Some(&h("0705"))), "{options:?}");
}

#[test]
fn zones_of_control_pass_a_breach_both_ways_cg_12_15_p177() {
    use sarissa_rules::map::zoc::zoc_of;
    let red = vec![unit("mi", "MI", "", 4, 5, 5, "", "0605", "E")];
    let f = field(far_blue(), red);
    // Unbreached, nothing reaches in from outside (12.15).
    let game = start_camp(&f, &[]);
    assert_eq!(zoc_of(&game.scenario, &game.state, idx(&game, "mi")), vec![]);
    // Through the breached gate it does, as over open ground.
    let game = breached_game(&f, &[("0605", "0706")]);
    assert_eq!(zoc_of(&game.scenario, &game.state, idx(&game, "mi")), vec![h("0706")]);
}

#[test]
fn heavy_foot_that_come_up_to_a_breach_must_attack_cg_7_31_p177() {
    // Red's hypaspists march over the berm to 0605, facing blue's MI at 0705 across the
    // breached palisade: no longer a wall that excuses them (P163).
    let blue = unit("def", "MI", "", 4, 5, 5, "", "0705", "W");
    let mut game = red_first(blue, unit("hy", "HI", "HY", 5, 6, 5, "", "0505", "E"), "0405");
    ok(&mut game, mv("hy", &["0605"], Vertex::E));
    if matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    match &game.state.phase {
        Phase::Shock { must, .. } => assert_eq!(must, &vec!["hy".to_string()]),
        other => panic!("no shock segment: {other:?}"),
    }
}

#[test]
fn a_shock_across_a_breach_shifts_one_left_not_two_cg_9_17_c3_p178() {
    use sarissa_rules::charts::column_shifts::ShiftCondition;
    use sarissa_rules::combat::shock_segment::{preview_combats, Combat};
    let shifts = |breached: &[(&str, &str)], attackers: &[&str]| {
        let blue = vec![unit("def", "MI", "", 4, 5, 5, "", "0705", "W")];
        let red =
            vec![unit("a", "HI", "HY", 5, 6, 5, "", "0605", "E"), unit("b", "HI", "HY", 5, 6, 5, "", "0604", "SE")];
        let mut f = field(blue, red);
        f.hexsides.push(("palisade", "0604-0705"));
        let game = breached_game(&f, breached);
        let combat =
            Combat { attackers: attackers.iter().map(|a| idx(&game, a)).collect(), defenders: vec![idx(&game, "def")] };
        let previews = preview_combats(&game.scenario, &game.state, &[combat]);
        previews[0].1.conditions.iter().map(|a| a.condition).collect::<Vec<_>>()
    };
    assert!(shifts(&[], &["a"]).contains(&ShiftCondition::AcrossCampWallOrGate));
    let c3 = shifts(&[("0605", "0705")], &["a"]);
    assert!(c3.contains(&ShiftCondition::AcrossBreachedCampWallOrGate), "{c3:?}");
    assert!(!c3.contains(&ShiftCondition::AcrossCampWallOrGate), "{c3:?}");
    // One attacker through the breach, one over the standing wall: the breach counts (P178).
    let mixed = shifts(&[("0605", "0705")], &["a", "b"]);
    assert!(mixed.contains(&ShiftCondition::AcrossBreachedCampWallOrGate), "{mixed:?}");
}

#[test]
fn fire_through_a_breached_gate_from_afar_reaches_only_the_hex_beyond_cg_12_18_p178() {
    use sarissa_rules::map::sight::{crosses_camp_wall, line_of_sight};
    // Blue's archers at 0807, two hexes behind the gate; red at 0605 just beyond it and at 0505
    // further out.
    for breached in [false, true] {
        let blue = vec![unit("f", "LI", "", 3, 5, 6, "A", "0807", "W")];
        let red = vec![unit("r1", "MI", "", 4, 5, 5, "", "0605", "E"), unit("r2", "MI", "", 4, 5, 5, "", "0505", "E")];
        let b: &[(&str, &str)] = if breached { &[("0605", "0706")] } else { &[] };
        let game = breached_game(&field(blue, red), b);
        let (s, st) = (&game.scenario, &game.state);
        assert!(line_of_sight(s, st, h("0807"), h("0605"), true), "breached {breached}");
        assert!(crosses_camp_wall(s, h("0807"), h("0605")), "the wall modifier still applies");
        assert!(!line_of_sight(s, st, h("0807"), h("0505"), true), "breached {breached}");
    }
}

#[test]
fn an_elephant_that_turned_may_start_again_in_a_later_friendly_phase_cg_12_31_p175() {
    // Red's second leader (initiative 6) goes after the first: the elephant, turned to face the
    // gate in the first phase, begins that phase facing it and stays.
    let mut f = field(far_blue(), vec![el("el", "0605", "NW")]);
    f.leaders[1].push(leader("foe2", "subordinate", 6, 4, "1209"));
    let mut game = start_camp(&f, &[1]);
    let mut events = red_turn(&mut game, |game| ok(game, mv("el", &[], Vertex::E)));
    assert_eq!(breach_events(&events), vec![]);
    events = ok(&mut game, activate("foe2"));
    events.extend(end_orders(&mut game));
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        events.extend(ok(&mut game, Command::DeclineMomentum));
    }
    assert_eq!(breach_events(&events), vec![begun("el"), rolled("el", 1), breach("el", "0605", "0706", true, 1)]);
}

// ---- Camp towers (CG 12.32, 12.33; P185–P188) --------------------------------------------
//
// On `tower_field` 0705 is a tower: the palisade between it and 0605, thorns to 0805, open
// sides to 0704 and 0706. A red elephant at 0605 facing north-east has the tower (across the
// palisade) and open ground (0604) in front; one at 0706 facing north-east has the tower across
// no work.

fn towers(blue: Vec<String>, red: Vec<String>) -> Field {
    tower_field(blue, red, 2, 5)
}

fn tower(unit: &str, roll: u8, result: TowerResult) -> Event {
    Event::TowerAttackRolled { unit: unit.into(), tower: h("0705"), roll, need: 3, result }
}

/// The tower's one palisade side, opened when it falls (P188).
fn opened() -> TowerResult {
    TowerResult::Destroyed { opened: vec![(h("0705"), h("0605"))] }
}

#[test]
fn an_elephant_facing_a_tower_damages_it_on_0_to_3_cg_12_32_t16() {
    use sarissa_rules::charts::movement_costs::MoveCategory;
    use sarissa_rules::movement::entry_cost;
    let mut game = start_camp(&towers(far_blue(), vec![el("el", "0605", "NE")]), &[3]);
    let events = red_turn(&mut game, |_| Vec::new());
    // P185: the tower (0–3) before the palisade (0–2) between them.
    assert_eq!(breach_events(&events), vec![begun("el"), rolled("el", 3), tower("el", 3, TowerResult::Damaged)]);
    assert_eq!(game.state.damaged_towers, vec![h("0705")]);
    assert!(game.state.destroyed_towers.is_empty() && game.state.breaches.is_empty());
    assert!(game.state.breach_attempts.is_empty());
    // A Damaged tower is still a tower in every other way (P188): the palisade still shuts
    // horses out.
    let (s, st) = (&game.scenario, &game.state);
    assert!(sarissa_rules::works::camp::is_tower(&s.map, st, h("0705")));
    assert_eq!(entry_cost(s, st, MoveCategory::Cavalry, h("0605"), h("0705")), None);
}

#[test]
fn the_tower_stands_on_4_cg_12_32_t16() {
    let mut game = start_camp(&towers(far_blue(), vec![el("el", "0605", "NE")]), &[4]);
    let events = red_turn(&mut game, |_| Vec::new());
    assert_eq!(breach_events(&events), vec![begun("el"), rolled("el", 4), tower("el", 4, TowerResult::Held)]);
    assert!(game.state.damaged_towers.is_empty() && game.state.destroyed_towers.is_empty());
}

#[test]
fn a_second_success_in_a_later_turn_destroys_it_cg_12_32() {
    let mut game = start_camp(&towers(far_blue(), vec![el("el", "0605", "NE")]), &[2, 0]);
    let first = red_turn(&mut game, |_| Vec::new());
    assert_eq!(breach_events(&first), vec![begun("el"), rolled("el", 2), tower("el", 2, TowerResult::Damaged)]);
    let second = red_turn(&mut game, |_| Vec::new());
    assert_eq!(breach_events(&second), vec![begun("el"), rolled("el", 0), tower("el", 0, opened())]);
    assert_eq!(game.state.destroyed_towers, vec![h("0705")]);
    assert!(game.state.damaged_towers.is_empty());
    // P188: its palisade side is breached with it.
    assert_eq!(game.state.breaches, vec![(h("0605"), h("0705"))]);
    // Nothing left to attack there: the next turn no attempt begins.
    let third = red_turn(&mut game, |_| Vec::new());
    assert_eq!(breach_events(&third), vec![]);
}

#[test]
fn two_elephants_in_one_segment_bring_an_undamaged_tower_down_cg_12_33_p186() {
    // Two successes destroy it; a failure and a success only damage it.
    for (dice, first, second) in
        [([2, 1], TowerResult::Damaged, opened()), ([6, 1], TowerResult::Held, TowerResult::Damaged)]
    {
        let red = vec![el("el", "0605", "NE"), el("el2", "0706", "NE")];
        let mut game = start_camp(&towers(far_blue(), red), &dice);
        let events = red_turn(&mut game, |_| Vec::new());
        let expected = vec![
            begun("el"),
            begun("el2"),
            rolled("el", dice[0]),
            tower("el", dice[0], first),
            rolled("el2", dice[1]),
            tower("el2", dice[1], second.clone()),
        ];
        assert_eq!(breach_events(&events), expected);
        assert_eq!(game.state.destroyed_towers.len(), usize::from(matches!(second, TowerResult::Destroyed { .. })));
    }
}

#[test]
fn the_units_in_a_destroyed_tower_rout_at_once_cg_12_32_4_p187() {
    // Blue's archers hold the tower, already Damaged; the elephant's success brings it down.
    let blue = vec![unit("t", "LI", "", 3, 5, 6, "A", "0705", "W")];
    let mut game = start_camp(&towers(blue, vec![el("el", "0605", "NE")]), &[1]);
    game.state.damaged_towers.push(h("0705"));
    let events = red_turn(&mut game, |_| Vec::new());
    let from = events.iter().position(|e| matches!(e, Event::TowerAttackRolled { .. })).expect("the roll");
    // The initial rout move of two hexes (10.21) toward blue's edge, out over the open side of the
    // camp; its arrows are spent (10.26).
    let routed = Event::UnitRouted {
        unit: "t".into(),
        path: vec![h("0704"), h("0603")],
        placement: Placement::One(h("0603")),
        facing: Vertex::W,
        supply: Supply::No,
        rule: "12.32".into(),
    };
    assert_eq!(events[from..from + 3], [tower("el", 1, opened()), routed, Event::UnitsAndLeadersReadied]);
    assert!(game.state.units[idx(&game, "t")].routed);
    // This turn's rout segment is over: it routs on in the next turn's (P187).
    assert!(events[from..].iter().all(|e| !matches!(e, Event::UnitRouted { rule, .. } if rule == "10.22")));
}

#[test]
fn a_destroyed_tower_is_open_camp_ground_cg_12_32_p188() {
    use sarissa_rules::charts::column_shifts::ShiftCondition;
    use sarissa_rules::charts::movement_costs::{Cost, MoveCategory};
    use sarissa_rules::combat::shock_segment::{preview_combats, Combat};
    use sarissa_rules::map::sight::line_of_sight;
    use sarissa_rules::movement::entry_cost;
    let blue = vec![unit("t", "LI", "", 3, 5, 6, "A", "0705", "W")];
    let red = vec![unit("a", "LI", "", 3, 5, 6, "A", "0604", "SE")];
    let mut game = start_camp(&towers(blue, red), &[]);
    ok(&mut game, activate("raja"));
    let look = |game: &Game| {
        let (s, st) = (&game.scenario, &game.state);
        let out = sarissa_rules::combat::fire::targets(s, st, idx(game, "t"))
            .into_iter()
            .find(|t| t.hex == h("0604"))
            .unwrap();
        let combat = Combat { attackers: vec![idx(game, "a")], defenders: vec![idx(game, "t")] };
        let shifts: Vec<ShiftCondition> =
            preview_combats(s, st, &[combat])[0].1.conditions.iter().map(|c| c.condition).collect();
        (
            entry_cost(s, st, MoveCategory::Cavalry, h("0605"), h("0705")),
            entry_cost(s, st, MoveCategory::Elephant, h("0704"), h("0705")).is_some(),
            // Sight past the hex, with its archers left out (a unit blocks too).
            {
                let mut empty = st.clone();
                empty.units[idx(game, "t")].eliminated = true;
                line_of_sight(s, &empty, h("0704"), h("0706"), true)
            },
            out.fire.from_camp_tower,
            shifts.contains(&ShiftCondition::DefenderInCampTower),
        )
    };
    // Standing: shut to horses and elephants, blocking sight, the tower's fire and shock modifiers.
    assert_eq!(look(&game), (None, false, false, true, true));
    game.state.destroyed_towers.push(h("0705"));
    game.state.breaches.push((h("0605"), h("0705")));
    // Destroyed: a camp hex (2) through a breached palisade as through a gate (1 MP, 1 hit), open
    // to elephants, no longer blocking, no tower modifier to fire or shock.
    assert_eq!(look(&game), (Some(Cost::new(3, 1)), true, true, false, false));
}

#[test]
fn a_side_never_attacks_its_own_tower_cg_12_32_p175() {
    // Blue's own elephant facing its tower from inside: no attempt.
    let blue = vec![unit("bel", "EL", "", 4, 6, 5, "J", "0706", "NE")];
    let mut game = start_camp(&towers(blue, vec![unit("r", "MI", "", 4, 5, 5, "", "1205", "W")]), &[]);
    let events = ok(&mut game, activate("raja"));
    assert_eq!(breach_events(&events), vec![]);
}
