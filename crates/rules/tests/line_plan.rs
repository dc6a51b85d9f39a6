//! A line moved as a body in one gesture (issue 20): the engine plans every unit's move after a
//! line command (GBA 4.3), and the plan is played through `Game::execute` like any orders.

mod common;
use common::*;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event};
use sarissa_rules::map::hex::HexId;
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::line_plan::{advance_plans, body_plans, wheel_plans, Bearing, Gesture, LinePlan};
use sarissa_rules::scenario::units::{LineType, Placement};

/// Three two-hex phalanxes abreast facing east in column 03 (rows 3 to 8); the enemy far off.
fn phalanxes() -> (sarissa_rules::play::Game, Vec<usize>) {
    let king = "{ id = \"king\", name = \"King\", role = \"overall\", initiative = 2, command_range = 4, charisma = 1, personal_combat = 3, line_command = true, strategy = 0, at = \"0206\" }";
    let mut f = Field {
        units: [
            // p1 in 0303-0304, p2 in 0305-0306, p3 in 0307-0308.
            (1..=3)
                .map(|i| {
                    unit(
                        &format!("p{i}"),
                        "PH",
                        "MA",
                        10,
                        7,
                        4,
                        "",
                        &format!("03{:02}-03{:02}", 2 * i + 1, 2 * i + 2),
                        "E",
                    )
                })
                .collect(),
            vec![unit("r", "LI", "", 2, 5, 6, "", "1208", "W")],
        ],
        leaders: [vec![king.to_string()], vec![leader("foe", "overall", 9, 4, "1210")]],
        ..Field::default()
    };
    f.macedonian = [false, true];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("king"));
    let line = LineType::parse("PH/MA").unwrap();
    ok(&mut game, Command::LineCommand { line, anchor: "p2".into(), formation: Formation::Abreast, units: Vec::new() });
    let units = ["p1", "p2", "p3"].map(|id| idx(&game, id)).to_vec();
    (game, units)
}

#[test]
fn a_line_advances_as_a_body_each_unit_straight_ahead_keeping_its_facing_gba_4_3() {
    let (mut game, units) = phalanxes();
    let plans = advance_plans(&game, &[]);
    // One hex, and as far as all can go together (MA 4 in the clear, the enemy beyond reach),
    // on either bearing.
    let offered: Vec<Gesture> = plans.iter().map(|p| p.gesture).collect();
    let advance = |bearing, hexes| Gesture::Advance { bearing, hexes };
    assert_eq!(
        offered,
        vec![
            advance(Bearing::Left, 1),
            advance(Bearing::Left, 4),
            advance(Bearing::Right, 1),
            advance(Bearing::Right, 4)
        ]
    );
    let left = &plans[1];
    assert_eq!(left.moves.len(), 3);
    for (command, end) in left.moves.iter().zip(&left.ends) {
        let events = ok(&mut game, command.clone());
        let moved = events.iter().find_map(|e| match e {
            Event::UnitMoved { placement, facing, .. } => Some((*placement, *facing)),
            _ => None,
        });
        assert_eq!(moved, Some((*end, Vertex::E)), "{command:?}");
    }
    // Each unit stands four hexes along its left-front hexside (NE), in column 07, as a body.
    let at: Vec<Placement> = units.iter().map(|&u| game.state.units[u].placement).collect();
    assert!(at.iter().all(|p| matches!(p, Placement::Two(a, b) if a.col == 7 && b.col == 7)), "{at:?}");
    assert!(advance_plans(&game, &[]).is_empty(), "the line has moved");
}

#[test]
fn units_set_aside_are_left_to_move_singly_gba_4_3() {
    let (game, units) = phalanxes();
    let plans = advance_plans(&game, &units[2..]);
    assert!(!plans.is_empty());
    for p in &plans {
        assert_eq!(p.moves.len(), 2);
        assert!(p.moves.iter().all(|m| !matches!(m, Command::MoveTo { unit, .. } if unit == "p3")));
    }
}

#[test]
fn no_plan_without_a_line_moving_gba_4_3() {
    let f = Field {
        units: [
            vec![unit("h1", "HI", "", 5, 7, 5, "", "0304", "E")],
            vec![unit("r", "LI", "", 2, 5, 6, "", "1205", "W")],
        ],
        leaders: [vec![leader("king", "overall", 2, 4, "0205")], vec![leader("foe", "overall", 9, 4, "1209")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("king"));
    assert!(advance_plans(&game, &[]).is_empty());
}

/// Three heavy cavalry abreast facing east in column 03 (rows 4 to 6), a line command given; the
/// enemy far off.
fn horse_line() -> sarissa_rules::play::Game {
    let king = "{ id = \"king\", name = \"King\", role = \"overall\", initiative = 2, command_range = 4, charisma = 1, personal_combat = 3, line_command = true, strategy = 0, at = \"0205\" }";
    let f = Field {
        units: [
            ["a", "b", "c"]
                .iter()
                .enumerate()
                .map(|(i, id)| unit(id, "HC", "", 5, 7, 7, "", &format!("03{:02}", i + 4), "E"))
                .collect(),
            vec![unit("r", "LI", "", 2, 5, 6, "", "1208", "W")],
        ],
        leaders: [vec![king.to_string()], vec![leader("foe", "overall", 9, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("king"));
    let line = LineType::parse("HC").unwrap();
    ok(&mut game, Command::LineCommand { line, anchor: "b".into(), formation: Formation::Abreast, units: Vec::new() });
    game
}

/// Plays a plan's moves; returns where each unit ended and which way it faces, by its id.
fn play_plan(game: &mut sarissa_rules::play::Game, plan: &LinePlan) -> Vec<(String, Placement, Vertex)> {
    plan.moves
        .iter()
        .map(|command| {
            let events = ok(game, command.clone());
            events
                .iter()
                .find_map(|e| match e {
                    Event::UnitMoved { unit, placement, facing, .. } => Some((unit.clone(), *placement, *facing)),
                    _ => None,
                })
                .unwrap_or_else(|| panic!("{command:?} moved nothing: {events:?}"))
        })
        .collect()
}

#[test]
fn a_line_wheels_about_its_end_each_unit_where_the_turn_takes_it_facing_one_vertex_round_gba_4_3_7_12() {
    let mut game = horse_line();
    let wheels = wheel_plans(&game, &[]);
    let offered: Vec<Gesture> = wheels.iter().map(|p| p.gesture).collect();
    assert_eq!(offered, vec![Gesture::Wheel { toward: Bearing::Left }, Gesture::Wheel { toward: Bearing::Right }]);
    // Wheeling right: c (the southern end, on the line's right) turns in place to face SE; b
    // steps one hex SE, a two, both then facing SE — a line along 0306-0405-0505.
    let right = &wheels[1];
    let mut moved = play_plan(&mut game, right);
    moved.sort_by(|x, y| x.0.cmp(&y.0));
    let one = |s: &str| Placement::One(HexId::parse(s).unwrap());
    assert_eq!(
        moved,
        vec![
            ("a".to_string(), one("0505"), Vertex::SE),
            ("b".to_string(), one("0405"), Vertex::SE),
            ("c".to_string(), one("0306"), Vertex::SE),
        ]
    );
    // The plan showed those ends and facings before it was played.
    let mut shown: Vec<(Placement, Vertex)> = right.ends.iter().copied().zip(right.facings.iter().copied()).collect();
    shown.sort_by_key(|(p, _)| p.hexes().next());
    assert_eq!(shown, vec![(one("0306"), Vertex::SE), (one("0405"), Vertex::SE), (one("0505"), Vertex::SE)]);
}

#[test]
fn a_line_too_long_to_wheel_whole_wheels_its_part_nearest_the_pivot_gba_4_3_7_12() {
    // Phalanxes of MA 4: the third's outer half would walk five hexes, so only two wheel.
    let (mut game, units) = phalanxes();
    let wheels = wheel_plans(&game, &[]);
    let left = wheels.iter().find(|p| p.gesture == Gesture::Wheel { toward: Bearing::Left }).expect("a left wheel");
    assert_eq!(left.moves.len(), 2);
    let moved = play_plan(&mut game, left);
    let two = |a: &str, b: &str| Placement::Two(HexId::parse(a).unwrap(), HexId::parse(b).unwrap());
    let sorted = |p: Placement| {
        let mut v: Vec<HexId> = p.hexes().collect();
        v.sort();
        v
    };
    let mut ends: Vec<(String, Vec<HexId>, Vertex)> = moved.into_iter().map(|(u, p, f)| (u, sorted(p), f)).collect();
    ends.sort();
    // p1 pivots about 0303 (the line's left, its northern end); p2 follows round: both face NE.
    assert_eq!(
        ends,
        vec![
            ("p1".to_string(), sorted(two("0303", "0403")), Vertex::NE),
            ("p2".to_string(), sorted(two("0504", "0604")), Vertex::NE),
        ]
    );
    // The third is left where it stood, to move on its own.
    assert!(matches!(game.state.units[units[2]].placement, Placement::Two(a, _) if a.col == 3));
}

#[test]
fn no_wheel_for_a_lone_unit_and_advances_come_before_wheels_gba_4_3() {
    let game = horse_line();
    let (a, b) = (idx(&game, "a"), idx(&game, "b"));
    assert!(wheel_plans(&game, &[a, b]).is_empty(), "one unit left: it turns on its own");
    let all = body_plans(&game, &[]);
    let first_wheel = all.iter().position(|p| matches!(p.gesture, Gesture::Wheel { .. })).unwrap();
    assert!(all[..first_wheel].iter().all(|p| matches!(p.gesture, Gesture::Advance { .. })));
    assert_eq!(all.len() - first_wheel, 2);
}
