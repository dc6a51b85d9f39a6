//! A line moved as a body in one gesture (issue 20): the engine plans every unit's move after a
//! line command (GBA 4.3), and the plan is played through `Game::execute` like any orders.

mod common;
use common::*;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::line_plan::{advance_plans, Bearing};
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
    let offered: Vec<(Bearing, u8)> = plans.iter().map(|p| (p.bearing, p.hexes)).collect();
    assert_eq!(offered, vec![(Bearing::Left, 1), (Bearing::Left, 4), (Bearing::Right, 1), (Bearing::Right, 4)]);
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
