//! The Chandragupta Square (CG 10.62; rulings P192–P196): forming and leaving it under an
//! individual order or in a line command's turn (never in the Camp Orders Phase), its all-round
//! front, no shock attack, no size ratio, no friend entering it, and its one-hex step.

mod common;
use common::*;
use sarissa_rules::combat::shock::StepKind;
use sarissa_rules::combat::shock_segment::{candidates, setup, Combat};
use sarissa_rules::game::{Command, Dice, Event, RuleError};
use sarissa_rules::map::facing::{arc_of, Arc};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::Placement;

/// Blue's phalanx `ph` at 0505-0506 facing east under "hero" (0405 is its rear); `red` units.
/// Hoplites are HI of class HO; other kinds but the phalanx stand in one hex (0505).
fn field(rules: &'static str, kind: &str, size: u8, red: Vec<String>) -> Field {
    let (class, at) = match kind {
        "PH" => ("", "0505-0506"),
        "HI" => ("HO", "0505-0506"),
        _ => ("", "0505"),
    };
    Field {
        rules,
        units: [vec![unit("ph", kind, class, size, 7, 5, "", at, "E")], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn far_red() -> Vec<String> {
    vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")]
}

fn form() -> Command {
    Command::FormSquare { unit: "ph".into() }
}

fn refusal(game: &mut Game, command: Command) -> (&'static str, String) {
    match game.execute(&command) {
        Err(e @ RuleError::IllegalMove { .. }) => (e.rule(), e.to_string()),
        other => panic!("{command:?}: expected a refusal, got {other:?}"),
    }
}

fn is_ph(c: &Command) -> bool {
    matches!(c, Command::Move { unit, .. } | Command::MoveTo { unit, .. } | Command::FormSquare { unit }
        | Command::LeaveSquare { unit } if unit == "ph")
}

#[test]
fn a_phalanx_forms_square_with_its_whole_order_cg_10_62_p192() {
    let (mut game, _) = field("chandragupta", "PH", 10, far_red()).start(&[]);
    ok(&mut game, activate("hero"));
    assert!(legal_commands(&game).contains(&form()));
    let before = orders_left(&game);
    let events = ok(&mut game, form());
    assert_eq!(events, vec![Event::SquareChanged { leader: "hero".into(), unit: "ph".into(), square: true }]);
    let st = &game.state.units[0];
    assert!(st.square && st.moved);
    assert_eq!(orders_left(&game), before - 1);
    // Ordered: nothing more for it this phase, not even a move (P192).
    assert!(!legal_commands(&game).iter().any(is_ph), "{:?}", legal_commands(&game));
}

#[test]
fn it_leaves_square_the_same_way_facing_as_before_cg_10_62_p192() {
    let (mut game, _) = field("chandragupta", "PH", 10, far_red()).start(&[]);
    game.state.units[0].square = true;
    ok(&mut game, activate("hero"));
    assert!(legal_commands(&game).contains(&Command::LeaveSquare { unit: "ph".into() }));
    assert_eq!(refusal(&mut game, form()).0, "10.62");
    let events = ok(&mut game, Command::LeaveSquare { unit: "ph".into() });
    assert_eq!(events, vec![Event::SquareChanged { leader: "hero".into(), unit: "ph".into(), square: false }]);
    assert!(!game.state.units[0].square);
    assert_eq!(game.state.units[0].facing, Vertex::E);
}

#[test]
fn only_phalanxes_and_size_10_hoplites_in_both_books_cg_10_62_gba_11_63_p292() {
    for (rules, kind, size, allowed) in [
        ("chandragupta", "PH", 10, true),
        ("chandragupta", "HI", 10, true),
        ("chandragupta", "HI", 8, false),
        ("chandragupta", "HI", 4, false),
        ("chandragupta", "MI", 10, false),
        // GBA 11.63 is lost: CG 10.62 stands in (rulings P292), and says so.
        ("alexander", "PH", 10, true),
        ("alexander", "HI", 8, false),
    ] {
        let (mut game, _) = field(rules, kind, size, far_red()).start(&[]);
        ok(&mut game, activate("hero"));
        assert_eq!(legal_commands(&game).contains(&form()), allowed, "{rules} {kind} {size}");
        if !allowed {
            let cited = if rules == "alexander" { "CG 10.62" } else { "10.62" };
            assert_eq!(refusal(&mut game, form()).0, cited, "{rules} {kind} {size}");
        }
    }
}

#[test]
fn a_phalanx_of_a_line_forms_square_in_its_turn_cg_10_62_p192() {
    // Two phalanxes side by side under the overall commander, who gives them a line command.
    let mut f = field("chandragupta", "PH", 10, far_red());
    // Macedonian phalanxes: the side's "PH/MA" line.
    f.units[0] = ["ph", "ph2"]
        .iter()
        .zip(["0505-0506", "0507-0508"])
        .map(|(id, at)| unit(id, "PH", "MA", 10, 7, 5, "", at, "E"))
        .collect();
    f.leaders[0][0] = f.leaders[0][0].replace(", at = \"0205\"", ", line_command = true, strategy = 3, at = \"0404\"");
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    let line = legal_commands(&game)
        .into_iter()
        .find(|c| matches!(c, Command::LineCommand { anchor, .. } if anchor == "ph"))
        .unwrap_or_else(|| panic!("a phalanx line is offered: {:?}", legal_commands(&game)));
    let declared = ok(&mut game, line);
    assert!(
        declared.iter().any(|e| matches!(e, Event::LineDeclared { units, .. } if units.len() == 2)),
        "{declared:?}"
    );
    // Each unit of the line is an active unit: either may close up instead of marching.
    assert!(legal_commands(&game).contains(&form()));
    let events = ok(&mut game, form());
    assert_eq!(events, vec![Event::SquareChanged { leader: "hero".into(), unit: "ph".into(), square: true }]);
    assert!(game.state.units[0].square && game.state.units[0].moved);
    // The rest of the line still marches; the Square has had its turn.
    let offered = legal_commands(&game);
    assert!(!offered.iter().any(is_ph), "{offered:?}");
    assert!(offered
        .iter()
        .any(|c| matches!(c, Command::Move { unit, .. } | Command::MoveTo { unit, .. } if unit == "ph2")));
}

#[test]
fn not_in_the_camp_orders_phase_cg_10_62_12_17_p192() {
    let (mut game, _) = field("chandragupta", "PH", 10, far_red()).start(&[]);
    // The leaderless phase of a camp's units (12.17): they move, fire and attack, nothing more.
    ok(&mut game, activate("hero"));
    game.state.camp_orders =
        Some(sarissa_rules::works::camp_orders::CampOrders { side: 0, units: vec!["ph".into()], then: None });
    if let sarissa_rules::game::Phase::Orders { leader, .. } = &mut game.state.phase {
        *leader = sarissa_rules::works::camp_orders::NO_LEADER.into();
    }
    assert!(!legal_commands(&game).contains(&form()));
    let refused = game.execute(&form()).expect_err("no Square in the Camp Orders Phase");
    assert!(refused.to_string().contains("12.17"), "{refused}");
}

#[test]
fn not_in_an_enemy_zoc_nor_after_moving_cg_10_62_p192() {
    // Red horse at 0605 facing west: 0505 is in its zone of control.
    let (mut game, _) = field("chandragupta", "PH", 10, vec![unit("r", "HC", "", 3, 6, 7, "", "0605", "W")]).start(&[]);
    ok(&mut game, activate("hero"));
    let (rule, why) = refusal(&mut game, form());
    assert_eq!(rule, "10.62");
    assert!(why.contains("zone of control"), "{why}");
    assert!(!legal_commands(&game).contains(&form()));
    // A unit Moved this turn has spent part of its allowance already.
    let (mut game, _) = field("chandragupta", "PH", 10, far_red()).start(&[]);
    game.state.units[0].moved = true;
    ok(&mut game, activate("hero"));
    let (rule, why) = refusal(&mut game, form());
    assert_eq!(rule, "10.62");
    assert!(why.contains("whole movement allowance"), "{why}");
}

#[test]
fn every_adjacent_hex_is_a_front_hex_and_in_its_zoc_cg_10_62() {
    let (mut game, _) = field("chandragupta", "PH", 10, far_red()).start(&[]);
    let st = &game.state.units[0];
    assert_eq!(arc_of(&st.placement, st.heading(), h("0405")), Some(Arc::Rear));
    assert!(!sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 0).contains(&h("0405")));
    game.state.units[0].square = true;
    let st = &game.state.units[0];
    let around: Vec<_> = sarissa_rules::map::facing::neighbours(&st.placement, st.heading());
    assert_eq!(around.len(), 8);
    assert!(around.iter().all(|(_, arc)| *arc == Arc::Front), "{around:?}");
    let zoc = sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 0);
    assert!(around.iter().all(|(hex, _)| zoc.contains(hex)), "{zoc:?}");
}

#[test]
fn a_unit_in_square_never_shock_attacks_cg_10_62() {
    // Red foot at 0605 facing west, in the phalanx's front either way.
    let red = vec![unit("r", "MI", "", 5, 5, 5, "", "0605", "W")];
    let (mut game, _) = field("chandragupta", "PH", 10, red.clone()).start(&[]);
    ok(&mut game, activate("hero"));
    assert!(candidates(&game.scenario, &game.state).iter().any(|c| c.unit == 0));
    let (mut game, _) = field("chandragupta", "PH", 10, red).start(&[]);
    game.state.units[0].square = true;
    ok(&mut game, activate("hero"));
    assert!(candidates(&game.scenario, &game.state).is_empty());
    // Ending the orders brings no shock segment for it: straight on to the next leader.
    let events = ok(&mut game, Command::EndOrders);
    assert!(!events.iter().any(|e| matches!(e, Event::ShockSegmentBegan { .. })), "{events:?}");
}

#[test]
fn struck_from_behind_it_fights_through_its_front_with_no_size_ratio_cg_10_62_p21() {
    // Red's cavalry at 0405, the phalanx's rear when not in Square.
    let red = vec![unit("r", "HC", "", 3, 6, 7, "", "0405", "E")];
    let (mut game, _) = field("chandragupta", "PH", 10, red).start(&[]);
    let combat = Combat { attackers: vec![1], defenders: vec![0] };
    let open = setup(&game.scenario, &game.state, &combat, &[]);
    assert_eq!(open.attackers[0].arc, Arc::Rear);
    game.state.units[0].square = true;
    let square = setup(&game.scenario, &game.state, &combat, &[]);
    assert_eq!(square.attackers[0].arc, Arc::Front);
    assert!(square.defenders[0].in_square);
    // Loaded dice: every roll a 5.
    let out = sarissa_rules::combat::shock::resolve(&square, &mut || 5).expect("resolves");
    assert!(out
        .steps
        .iter()
        .any(|s| s.rule == "CG 10.62"
            && matches!(s.kind, StepKind::NoSizeRatio { reason } if reason == "a unit in Square")));
    assert!(!out.steps.iter().any(|s| matches!(s.kind, StepKind::SizeRatio { .. })));
    // Not in Square, the 10 against 3 size ratio counts.
    let out = sarissa_rules::combat::shock::resolve(&open, &mut || 5).expect("resolves");
    assert!(out.steps.iter().any(|s| matches!(s.kind, StepKind::SizeRatio { .. })));
}

#[test]
fn no_friend_enters_its_hexes_cg_10_62() {
    let mut f = field("chandragupta", "PH", 10, far_red());
    f.units[0].push(unit("sk", "SK", "", 1, 4, 6, "J", "0405", "E"));
    let (mut game, _) = f.start(&[]);
    game.state.units[0].square = true;
    ok(&mut game, activate("hero"));
    let (_, why) = refusal(&mut game, mv("sk", &["0505", "0605"], Vertex::E));
    assert!(why.contains("10.62"), "{why}");
    // Out of Square, skirmishers pass through freely (6.92).
    let mut f = field("chandragupta", "PH", 10, far_red());
    f.units[0].push(unit("sk", "SK", "", 1, 4, 6, "J", "0405", "E"));
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("sk", &["0505", "0605"], Vertex::E));
}

fn square_to(a: &str, b: &str) -> Command {
    Command::MoveTo { unit: "ph".into(), to: Placement::Two(h(a), h(b)), facing: Vertex::E, with: None }
}

#[test]
fn in_square_it_steps_one_hex_any_way_keeping_its_facing_cg_10_62_p194() {
    let (mut game, _) = field("chandragupta", "PH", 10, far_red()).start(&[]);
    game.state.units[0].square = true;
    ok(&mut game, activate("hero"));
    let reach = sarissa_rules::movement::formation_reach(&game.scenario, &game.state, 0);
    // Six ways, each both halves one hex the same way, 1 MP, facing east kept.
    assert_eq!(reach.len(), 6, "{reach:?}");
    assert!(reach.iter().all(|d| d.mp == 1 && d.hits == 0 && d.facing == Vertex::E && !d.column), "{reach:?}");
    assert!(reach.iter().any(|d| d.is_at(&Placement::Two(h("0405"), h("0406")))));
    // Backwards, to the west, which out of Square would need a reverse face first.
    let events = ok(&mut game, square_to("0405", "0406"));
    let moved: Vec<_> = events.iter().filter(|e| matches!(e, Event::UnitMoved { .. })).collect();
    assert_eq!(moved.len(), 1, "{events:?}");
    assert!(matches!(moved[0], Event::UnitMoved { unit, mp: 1, facing: Vertex::E, .. } if unit == "ph"));
    let st = &game.state.units[0];
    assert!(st.square && st.placement == Placement::Two(h("0405"), h("0406")));
}

#[test]
fn in_square_it_never_steps_beside_an_enemy_nor_two_hexes_cg_10_62_p193_p194() {
    // Red foot at 0805 facing east (away): 0705 and 0706 are beside it, 0605-0606 is not.
    let red = vec![unit("r", "MI", "", 5, 5, 5, "", "0805", "E")];
    let (mut game, _) = field("chandragupta", "PH", 10, red).start(&[]);
    game.state.units[0].square = true;
    ok(&mut game, activate("hero"));
    let reach = sarissa_rules::movement::formation_reach(&game.scenario, &game.state, 0);
    assert!(reach.iter().any(|d| d.is_at(&Placement::Two(h("0605"), h("0606")))), "{reach:?}");
    assert!(reach.iter().all(|d| d.mp == 1), "{reach:?}");
    assert!(!reach.iter().any(|d| d.placement.hexes().any(|x| x.is_adjacent(h("0805")))), "{reach:?}");
    assert!(game.execute(&square_to("0705", "0706")).is_err());
}

#[test]
fn in_an_enemy_zoc_a_square_does_not_move_cg_10_62_p194() {
    let (mut game, _) = field("chandragupta", "PH", 10, vec![unit("r", "HC", "", 3, 6, 7, "", "0605", "W")]).start(&[]);
    game.state.units[0].square = true;
    ok(&mut game, activate("hero"));
    assert!(sarissa_rules::movement::formation_reach(&game.scenario, &game.state, 0).is_empty());
    assert!(game.execute(&square_to("0405", "0406")).is_err());
    assert!(!legal_commands(&game).iter().any(|c| matches!(c, Command::MoveTo { .. })));
}

#[test]
fn a_rout_breaks_the_square_cg_10_62_p195() {
    let (mut game, _) = field("chandragupta", "PH", 10, far_red()).start(&[]);
    game.state.units[0].square = true;
    let event = Event::UnitRouted {
        unit: "ph".into(),
        placement: Placement::Two(h("0305"), h("0306")),
        facing: Vertex::E,
        supply: Default::default(),
        path: vec![],
        rule: "10.64".into(),
    };
    let scenario = game.scenario.clone();
    game.state.apply(&scenario, &event);
    assert!(!game.state.units[0].square && game.state.units[0].routed);
}

#[test]
fn a_friend_routing_does_not_go_through_a_square_cg_10_62_p196() {
    // Blue light foot at 0605 routs west, toward the phalanx at 0505-0506.
    let mut f = field("chandragupta", "PH", 10, far_red());
    f.units[0].push(unit("b", "LI", "", 3, 5, 5, "J", "0605", "E"));
    let (game, _) = f.start(&[]);
    let routed = vec![false; game.scenario.units.len()];
    let leg = sarissa_rules::effects::rout::RoutLeg::Hexes(2);
    let b = game.scenario.units.iter().position(|u| u.id == "b").unwrap();
    let plan = |state: &sarissa_rules::game::GameState| match sarissa_rules::effects::rout::rout_move(
        &game.scenario,
        state,
        b,
        leg,
        &routed,
    ) {
        sarissa_rules::effects::rout::RoutPlan::Moves(t) => t,
        other => panic!("expected a move, got {other:?}"),
    };
    let phalanx = [h("0505"), h("0506")];
    // In line, the phalanx is on its way (the stacking chart decides what happens there).
    let open = plan(&game.state);
    assert!(open.path.iter().any(|p| p.hexes().any(|x| phalanx.contains(&x))), "{open:?}");
    // In Square it goes round.
    let mut state = game.state.clone();
    state.units[0].square = true;
    let around = plan(&state);
    assert!(!around.path.iter().any(|p| p.hexes().any(|x| phalanx.contains(&x))), "{around:?}");
    assert!(around.through.is_empty(), "{around:?}");
}

#[test]
fn the_random_player_forms_and_leaves_squares_cg_10_62() {
    let f = field(
        "chandragupta",
        "PH",
        10,
        vec![unit("r", "PH", "", 10, 7, 5, "", "0905-0906", "W"), unit("r2", "HC", "", 3, 6, 7, "", "1109", "W")],
    );
    let scenario = std::sync::Arc::new(sarissa_rules::load("field.toml", &f.toml()).unwrap());
    let mut squared = false;
    for seed in 0..40 {
        let (mut game, _) = Game::new(scenario.clone(), Dice::seeded(seed)).expect("the game starts");
        let commands = sarissa_rules::play::playout::random_game(&mut game, seed, 300);
        squared |= commands.iter().any(|c| matches!(c, Command::FormSquare { .. }));
        if squared {
            break;
        }
    }
    assert!(squared, "no random game formed a Square");
}
