//! Chandragupta rules the engine plays with the code that plays Alexander's (issue 18 §3, third
//! pass): each shown through `Game::execute` with loaded dice on a `rules = "chandragupta"` field,
//! and on the same field under the Alexander rules where Alexander's rule had no test.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase, RuleError};
use sarissa_rules::map::facing::Heading;
use sarissa_rules::map::hex::{Hexside, Vertex};
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::Game;

const CG: &str = "chandragupta";

/// Blue's `blue` under its hero (initiative 5, range 8, at 0105); red's leader far off.
fn cg_field(blue: Vec<String>, red: Vec<String>) -> Field {
    Field {
        rules: CG,
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 5, 8, "0105")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn far_red() -> Vec<String> {
    vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")]
}

fn moved_mp(events: &[Event], id: &str) -> Option<u8> {
    events.iter().find_map(|e| match e {
        Event::UnitMoved { unit, mp, .. } if unit == id => Some(*mp),
        _ => None,
    })
}

fn hits(events: &[Event], id: &str, why: HitCause) -> u8 {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CohesionHits { unit, hits, cause } if unit == id && *cause == why => Some(*hits),
            _ => None,
        })
        .sum()
}

// --- Movement and terrain (CG 6.2) ------------------------------------------------------

#[test]
fn a_unit_pays_a_mp_a_hex_and_a_mp_a_vertex_turned_cg_6_21() {
    let (mut game, _) = cg_field(vec![unit("c", "HC", "", 3, 7, 7, "", "0505", "E")], far_red()).start(&[]);
    ok(&mut game, activate("hero"));
    // Two hexes straight on, then one vertex turned at the end: 3 MP.
    let events = ok(&mut game, mv("c", &["0605", "0705"], Vertex::NE));
    assert_eq!(moved_mp(&events, "c"), Some(3), "{events:?}");
}

#[test]
fn a_unit_without_the_mp_for_a_hex_may_not_enter_it_cg_6_26() {
    let (mut game, _) = cg_field(vec![unit("m", "MI", "", 4, 5, 3, "", "0205", "E")], far_red()).start(&[]);
    ok(&mut game, activate("hero"));
    let err = game.execute(&mv("m", &["0305", "0404", "0504", "0603"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), "6.25", "{err}");
    assert_eq!(game.state.units[0].placement, Placement::One(h("0205")));
    assert_eq!(moved_mp(&ok(&mut game, mv("m", &["0305", "0404", "0504"], Vertex::E)), "m"), Some(3));
}

#[test]
fn any_non_clear_hex_is_rough_and_a_turn_there_costs_a_hit_cg_6_24() {
    for (ground, rough) in [('.', false), ('w', true), ('m', true), ('r', true)] {
        let mut f = cg_field(vec![unit("c", "HC", "", 3, 7, 7, "", "0505", "E")], far_red());
        if ground != '.' {
            f.terrain = vec![("0505", ground)];
        }
        let (mut game, _) = f.start(&[]);
        ok(&mut game, activate("hero"));
        let events = ok(&mut game, mv("c", &[], Vertex::NE));
        let got: u8 = events.iter().map(|e| if let Event::CohesionHits { hits, .. } = e { *hits } else { 0 }).sum();
        assert_eq!(got, rough as u8, "{ground}: {events:?}");
    }
}

/// The column a shock of blue's MI on red's MI at 0505 is fought in, with red's hex `ground`.
fn shock_column(rules: &'static str, ground: Option<char>) -> Option<u8> {
    let f = Field {
        rules,
        terrain: ground.map(|g| vec![("0505", g)]).unwrap_or_default(),
        units: [
            vec![unit("b", "MI", "", 4, 5, 5, "", "0405", "E")],
            vec![unit("r", "MI", "", 4, 5, 5, "", "0505", "W")],
        ],
        leaders: [vec![leader("a", "overall", 2, 6, "0205")], vec![leader("z", "overall", 6, 6, "0808")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    ok(&mut game, activate("a"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["b".into()] });
    events.iter().find_map(|e| match e {
        Event::ShockResolved { column, .. } => *column,
        _ => None,
    })
}

fn terrain_shifts_the_column(rules: &'static str) {
    let open = shock_column(rules, None).expect("a column");
    let woods = shock_column(rules, Some('w')).expect("a column");
    assert_eq!(woods + 1, open, "defenders in woods/forest: one column left");
}

#[test]
fn a_defender_in_woods_shifts_the_shock_column_one_left_gba_6_27() {
    terrain_shifts_the_column("alexander");
}

#[test]
fn a_defender_in_forest_shifts_the_shock_column_one_left_cg_6_27() {
    terrain_shifts_the_column(CG);
}

// --- Double-size units (CG 6.4) ----------------------------------------------------------

fn to(a: &str, b: &str, facing: Vertex) -> Command {
    Command::MoveTo { unit: "block".into(), to: Placement::Two(h(a), h(b)), facing, with: None }
}

/// One blue two-hex unit at 0505-0506 facing east, its leader beside it.
fn block(kind: &str, class: &str, dice: &[u8], terrain: Vec<(&'static str, char)>) -> Game {
    let f = Field {
        rules: CG,
        terrain,
        units: [vec![unit("block", kind, class, 10, 7, 4, "", "0505-0506", "E")], far_red()],
        leaders: [vec![leader("hero", "overall", 5, 6, "0405")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    game
}

#[test]
fn a_double_size_unit_turns_only_by_pivoting_one_half_forward_cg_6_33_7_13() {
    let mut game = block("HI", "HO", &[], vec![]);
    // One half swings forward round the other: facing south-east now, for 1 MP and the hit.
    let events = ok(&mut game, to("0506", "0605", Vertex::SE));
    assert_eq!(moved_mp(&events, "block"), Some(1), "{events:?}");
    assert_eq!(game.state.units[0].facing, Vertex::SE);
    assert_eq!(game.state.units[0].placement, Placement::Two(h("0506"), h("0605")));
}

#[test]
fn forward_with_both_halves_is_free_of_hits_a_pivot_costs_one_cg_6_43() {
    let mut game = block("HI", "HO", &[], vec![]);
    let events = ok(&mut game, to("0605", "0606", Vertex::E));
    assert_eq!(moved_mp(&events, "block"), Some(1));
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. })), "{events:?}");
    let mut game = block("HI", "HO", &[], vec![]);
    let events = ok(&mut game, to("0506", "0605", Vertex::SE));
    assert_eq!(hits(&events, "block", HitCause::Maneuver), 1, "{events:?}");
}

#[test]
fn the_greater_cost_of_the_two_hexes_is_paid_cg_6_42() {
    let mut game = block("HI", "HO", &[], vec![("0606", 'w')]);
    let events = ok(&mut game, to("0605", "0606", Vertex::E));
    assert_eq!(moved_mp(&events, "block"), Some(2), "forest's 2 MP, not clear's 1: {events:?}");
}

#[test]
fn turning_about_costs_three_mp_and_is_barred_in_rough_ground_cg_6_44() {
    let mut game = block("HI", "HO", &[], vec![]);
    let events = ok(&mut game, to("0505", "0506", Vertex::W));
    assert_eq!(moved_mp(&events, "block"), Some(3), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. })), "no hit: {events:?}");
    assert_eq!(game.state.units[0].facing, Vertex::W);
    let mut game = block("HI", "HO", &[], vec![("0506", 'r')]);
    assert!(game.execute(&to("0505", "0506", Vertex::W)).is_err());
    assert_eq!(game.state.units[0].facing, Vertex::E);
}

#[test]
fn a_phalanx_may_move_five_with_a_tq_check_cg_6_46() {
    for (roll, hit) in [(8u8, 1u8), (7, 0)] {
        let mut game = block("PH", "MA", &[roll], vec![]);
        let events = ok(&mut game, to("1005", "1006", Vertex::E));
        assert_eq!(moved_mp(&events, "block"), Some(5), "{events:?}");
        assert_eq!(hits(&events, "block", HitCause::AugmentedMove), hit, "roll {roll} against TQ 7: {events:?}");
    }
    // Hoplites have no augmented allowance.
    let mut game = block("HI", "HO", &[], vec![]);
    assert!(game.execute(&to("1005", "1006", Vertex::E)).is_err());
}

// --- Column (CG 6.5) ---------------------------------------------------------------------

fn side(s: Hexside) -> Vertex {
    Heading::Hexside(s).stored().0
}

/// `mv` as a column, facing the hexside `s`.
fn col(unit: &str, path: &[&str], s: Hexside) -> Command {
    match mv(unit, path, side(s)) {
        Command::Move { unit, path, facing, with, .. } => Command::Move { unit, path, facing, column: true, with },
        other => other,
    }
}

fn column_field(blue: Vec<String>, red: Vec<String>) -> Field {
    let red = if red.is_empty() { vec![unit("far", "HI", "", 5, 6, 4, "", "1210", "W")] } else { red };
    Field {
        rules: CG,
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0210")], vec![leader("foe", "overall", 6, 8, "0902")]],
        ..Field::default()
    }
}

fn column_game() -> Game {
    // In column at the start, facing the N hexside (a column faces a hexside, CG 6.53).
    let f = column_field(vec![with(unit("mi", "MI", "", 4, 6, 5, "", "0505", "N"), "column = true")], vec![]);
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    game
}

#[test]
fn a_column_faces_a_hexside_and_leaving_it_turns_to_a_vertex_cg_6_53() {
    let game = column_game();
    assert_eq!(sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 0), vec![h("0504")], "one front hex");
    let mut game = game;
    let events = ok(&mut game, mv("mi", &["0504"], Vertex::NW));
    assert_eq!(events[1], Event::FormationChanged { unit: "mi".into(), column: false, facing: Vertex::NW });
    assert!(!game.state.units[0].column);
}

#[test]
fn a_column_enters_its_front_flank_hexes_without_turning_cg_6_54() {
    let mut game = column_game();
    // Facing N: NE hex then N again, 2 MP, no turn paid.
    let events = ok(&mut game, col("mi", &["0604", "0603"], Hexside::N));
    assert!(matches!(&events[0], Event::UnitMoved { mp: 2, facing, .. } if *facing == side(Hexside::N)), "{events:?}");
    // A rear-flank hex needs the turn first: one MP more.
    let mut game = column_game();
    let events = ok(&mut game, col("mi", &["0605"], Hexside::SE));
    assert_eq!(moved_mp(&events, "mi"), Some(2), "{events:?}");
}

#[test]
fn a_column_shock_attacked_goes_back_to_line_with_a_hit_after_the_phase_cg_6_56() {
    let f = column_field(
        vec![with(unit("mi", "MI", "", 6, 8, 5, "", "0305", "N"), "column = true")],
        vec![unit("red", "LI", "", 2, 6, 6, "", "0304", "SW")],
    );
    let (mut game, _) = f.start(&[0; 12]);
    if offered(&game).contains(&"hero".to_string()) {
        ok(&mut game, pass("hero"));
    }
    ok(&mut game, activate("foe"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["red".into()] });
    let ended = events.iter().position(|e| matches!(e, Event::ShockSegmentEnded { .. })).expect("the segment ends");
    let back = Event::FormationChanged { unit: "mi".into(), column: false, facing: Vertex::NE };
    let at = events.iter().position(|e| *e == back).unwrap_or_else(|| panic!("{events:#?}"));
    assert!(ended < at, "after the segment: {events:#?}");
    assert_eq!(hits(&events[at..], "mi", HitCause::ColumnBroken), 1, "{events:#?}");
    assert!(!game.state.units[0].column);
}

// --- Orderly withdrawal (CG 6.6) ---------------------------------------------------------

fn ow_field(mover: String, red: Vec<String>) -> Field {
    Field {
        rules: CG,
        units: [vec![mover], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn withdraw(unit: &str, path: &[&str], facing: Vertex) -> Command {
    Command::Withdraw { unit: unit.into(), path: path.iter().map(|s| h(s)).collect(), facing, fire: false, with: None }
}

fn withdrawers(game: &Game) -> Vec<String> {
    match &game.state.phase {
        Phase::Reaction { withdrawers, .. } => withdrawers.clone(),
        _ => Vec::new(),
    }
}

fn march() -> Command {
    mv("blue", &["0405", "0505", "0605", "0705"], Vertex::E)
}

#[test]
fn a_faster_unit_steps_back_the_instant_an_enemy_comes_within_two_hexes_cg_6_6() {
    let (mut game, _) = ow_field(
        unit("blue", "MI", "", 4, 5, 5, "", "0305", "E"),
        vec![unit("red", "LC", "J", 3, 5, 8, "J", "0805", "W")],
    )
    .start(&[0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, march());
    // Blue stopped at 0605, two hexes from red.
    assert_eq!(game.state.units[0].placement, Placement::One(h("0605")));
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    ok(&mut game, withdraw("red", &["0905", "1005"], Vertex::W));
    assert_eq!(game.state.units[1].placement, Placement::One(h("1005")));
    assert_eq!(game.state.units[0].placement, Placement::One(h("0705")), "then blue goes on");
}

#[test]
fn a_unit_may_withdraw_again_and_again_paying_each_time_cg_6_65() {
    let (mut game, _) = ow_field(
        unit("blue", "LI", "J", 3, 5, 5, "J", "0105", "E"),
        vec![unit("red", "SK", "A", 1, 5, 6, "A", "0705", "E")],
    )
    .start(&[0, 0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0205", "0305", "0405", "0505", "0605"], Vertex::E));
    let first = ok(&mut game, withdraw("red", &["0805"], Vertex::E));
    assert_eq!(hits(&first, "red", HitCause::WithdrawalApproach), 1, "approached from the rear: {first:?}");
    assert_eq!(withdrawers(&game), vec!["red".to_string()], "{:?}", game.state.phase);
    ok(&mut game, withdraw("red", &["0905"], Vertex::E));
    assert_eq!(game.state.units[1].hits, 2);
}

/// Red's skirmishers, one hit short of their TQ, withdraw from blue coming up behind them.
fn a_withdrawal_that_reaches_the_tq_routs(rules: &'static str) {
    let (mut game, _) = Field {
        rules,
        ..ow_field(
            unit("blue", "LI", "J", 3, 5, 5, "J", "0105", "E"),
            vec![with(unit("red", "SK", "A", 1, 5, 6, "A", "0705", "E"), "hits = 4")],
        )
    }
    .start(&[0, 0, 0, 0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0205", "0305", "0405", "0505", "0605"], Vertex::E));
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    let events = ok(&mut game, withdraw("red", &["0805"], Vertex::E));
    assert_eq!(hits(&events, "red", HitCause::WithdrawalApproach), 1, "{events:?}");
    // Skirmishers that rout are gone.
    assert!(events.iter().any(|e| matches!(e, Event::UnitEliminated { unit, .. } if unit == "red")), "{events:?}");
    assert!(game.state.units[1].eliminated);
}

#[test]
fn a_withdrawing_unit_that_reaches_its_tq_in_hits_routs_gba_6_73() {
    a_withdrawal_that_reaches_the_tq_routs("alexander");
}

#[test]
fn a_withdrawing_unit_that_reaches_its_tq_in_hits_routs_cg_6_64() {
    a_withdrawal_that_reaches_the_tq_routs(CG);
}

// --- Facing (CG 7.1) ----------------------------------------------------------------------

fn chariot(kind: &str) -> Game {
    let missile = if kind == "CH" { "J" } else { "" };
    let blue = vec![unit("car", kind, "", 3, 6, 12, missile, "0305", "E")];
    let (mut game, _) =
        Field { rules: CG, ..two_armies(blue, vec![unit("far", "MI", "", 4, 5, 5, "", "1209", "W")]) }.start(&[]);
    ok(&mut game, activate("hero"));
    game
}

#[test]
fn a_chariot_turns_one_vertex_at_most_in_a_hex_it_passes_through_cg_7_15() {
    let mut game = chariot("CH");
    let err = game.execute(&mv("car", &["0405", "0305"], Vertex::W)).unwrap_err();
    assert!(matches!(&err, RuleError::IllegalMove { rule: "7.15", .. }), "{err}");
    // Where it ends its move it turns freely, at a MP a vertex (CG 7.12).
    let events = ok(&mut game, mv("car", &["0405"], Vertex::W));
    assert_eq!(moved_mp(&events, "car"), Some(4), "{events:?}");
    // Light horse may turn on the way.
    let mut game = chariot("LC");
    assert!(moved_mp(&ok(&mut game, mv("car", &["0405", "0305"], Vertex::W)), "car").is_some());
}
