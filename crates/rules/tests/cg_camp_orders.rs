//! The Camp Orders Phase (CG 3.0 E, 12.17) and artillery movement (CG 10.54); rulings P180–P182.
//!
//! Blue's camp on the test field (as in `cg_camps.rs`), along row 05 going east:
//!
//! ```text
//! 0505 outside | berm | 0605 outer (4) | palisade | 0705 third (c) | thorns | 0805 second (c) | wagons | 0905, 0906 royal (c)
//!                       0605 | camp gate | 0706 third (c)
//! ```
//! Blue's raja stands outside at 0209, red's commander at 1210.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;

fn mi(id: &str, at: &str, facing: &str) -> String {
    unit(id, "MI", "", 4, 5, 5, "", at, facing)
}

fn engine(id: &str, kind: &str, at: &str) -> String {
    unit(id, "AT", "", 1, 5, 2, "", at, "E").replace(" }", &format!(", engine = \"{kind}\" }}"))
}

/// Both leaders decline their activations; returns the events up to the next decision.
fn pass_all(game: &mut Game) -> Vec<Event> {
    let mut events = Vec::new();
    while let Phase::Activation { leaders, .. } = &game.state.phase {
        let l = leaders[0].clone();
        events.extend(ok(game, pass(&l)));
        if events.iter().any(|e| matches!(e, Event::TurnBegan { .. })) {
            break;
        }
    }
    events
}

fn camp_side(game: &Game) -> Option<usize> {
    game.state.camp_orders.as_ref().map(|c| c.side)
}

fn began(events: &[Event]) -> Vec<(usize, Vec<String>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CampOrdersBegan { side, units, .. } => Some((*side, units.clone())),
            _ => None,
        })
        .collect()
}

fn refusal_rule(game: &mut Game, command: Command) -> &'static str {
    match game.execute(&command) {
        Err(e) => e.rule(),
        Ok(events) => panic!("{command:?} was allowed: {events:?}"),
    }
}

#[test]
fn cg_12_17_leaderless_camp_units_act_after_the_rout_and_recovery_phase() {
    let f = camp_field(vec![mi("def", "0705", "W")], vec![mi("far", "1108", "W")], 2, 6);
    let mut game = start_camp(&f, &[]);
    let events = pass_all(&mut game);
    // The camp phase comes after the Moved counters are turned, before the next turn.
    let readied = events.iter().position(|e| matches!(e, Event::UnitsAndLeadersReadied)).expect("rout and reload");
    let camp = events.iter().position(|e| matches!(e, Event::CampOrdersBegan { .. })).expect("camp orders");
    assert!(readied < camp);
    assert!(!events.iter().any(|e| matches!(e, Event::TurnBegan { turn: 2 })));
    assert_eq!(began(&events), vec![(0, vec!["def".to_string()])]);
    assert_eq!(camp_side(&game), Some(0));
    // As if ordered: it moves within the camp.
    let moved = ok(&mut game, mv("def", &["0706"], Vertex::E));
    assert!(moved.iter().any(|e| matches!(e, Event::UnitMoved { unit, .. } if unit == "def")));
    // Once only.
    assert_eq!(refusal_rule(&mut game, mv("def", &["0705"], Vertex::W)), "12.17");
    let end = end_orders(&mut game);
    assert!(end.iter().any(|e| matches!(e, Event::CampOrdersEnded { side: 0 })));
    assert!(end.iter().any(|e| matches!(e, Event::TurnBegan { turn: 2 })));
    // P181: it faces up again for the new turn, as if it had moved before the flip.
    let def = game.scenario.units.iter().position(|u| u.id == "def").unwrap();
    assert!(!game.state.units[def].moved);
    assert_eq!(camp_side(&game), None);
}

#[test]
fn cg_12_17_a_camp_unit_may_not_leave_the_palisade() {
    let f = camp_field(vec![mi("def", "0705", "W")], vec![mi("far", "1108", "W")], 2, 6);
    let mut game = start_camp(&f, &[]);
    pass_all(&mut game);
    // Out over the palisade into the outer ring: refused, and not offered.
    assert_eq!(refusal_rule(&mut game, mv("def", &["0605"], Vertex::W)), "12.17");
    let offered = sarissa_rules::play::legal::legal_commands(&game);
    assert!(offered
        .iter()
        .any(|c| matches!(c, Command::Move { unit, path, .. } if unit == "def" && path == &[h("0706")])));
    assert!(!offered.iter().any(|c| matches!(c, Command::Move { unit, path, .. }
        if unit == "def" && path.iter().any(|&x| x == h("0605")))));
    // Nor does the phase give any other kind of order.
    assert!(matches!(game.execute(&Command::Pass { leader: "raja".into() }), Err(RuleError::NotNow { .. })));
}

#[test]
fn cg_12_17_a_leader_in_the_camp_or_a_move_this_turn_keeps_a_unit_out_of_the_phase() {
    // The raja stands within the palisade: the camp has a leader, so no camp phase.
    let mut f = camp_field(vec![mi("def", "0705", "W")], vec![mi("far", "1108", "W")], 2, 6);
    f.leaders[0] = vec![leader("raja", "overall", 2, 8, "0805")];
    let mut game = start_camp(&f, &[]);
    let events = pass_all(&mut game);
    assert!(began(&events).is_empty());
    assert!(events.iter().any(|e| matches!(e, Event::TurnBegan { turn: 2 })));

    // In the outer enclosure, beyond the palisade, he is in the camp all the same (G49).
    f.leaders[0] = vec![leader("raja", "overall", 2, 8, "0605")];
    let mut game = start_camp(&f, &[]);
    assert!(began(&pass_all(&mut game)).is_empty());

    // The raja (outside, range 8) moved one of two camp units this turn: only the other acts.
    let f = camp_field(vec![mi("def", "0705", "W"), mi("still", "0805", "W")], vec![mi("far", "1108", "W")], 2, 6);
    let mut game = start_camp(&f, &[]);
    ok(&mut game, activate("raja"));
    ok(&mut game, mv("def", &["0706"], Vertex::W));
    end_orders(&mut game);
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        ok(&mut game, Command::DeclineMomentum);
    }
    let events = pass_all(&mut game);
    assert_eq!(began(&events), vec![(0, vec!["still".to_string()])]);
}

#[test]
fn cg_10_54_an_engine_moves_at_its_ma_only_in_the_camp_orders_phase() {
    let f = camp_field(
        vec![
            engine("yan", "yantra", "0303"),
            engine("fixed", "jamadagnya", "0304").replace(" }", ", immovable = true }"),
        ],
        vec![mi("far", "1108", "W")],
        2,
        6,
    );
    let mut game = start_camp(&f, &[]);
    // In the raja's orders phase the engine takes no order (10.54).
    ok(&mut game, activate("raja"));
    assert_eq!(refusal_rule(&mut game, mv("yan", &["0403"], Vertex::E)), "10.54");
    end_orders(&mut game);
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        ok(&mut game, Command::DeclineMomentum);
    }
    let events = pass_all(&mut game);
    // Outside any camp, it moves now; the immovable Jamadagnya does not (10.54).
    assert_eq!(began(&events), vec![(0, vec!["yan".to_string()])]);
    // Its MA is 2: no move of three hexes over the open field is offered.
    let offered = sarissa_rules::play::legal::legal_commands(&game);
    assert!(offered.iter().any(|c| matches!(c, Command::Move { unit, path, .. } if unit == "yan" && path.len() == 2)));
    assert!(!offered.iter().any(|c| matches!(c, Command::Move { unit, path, .. } if unit == "yan" && path.len() > 2)));
    // Turning in place is no move for an engine: it has no facing (10.53).
    assert!(!offered.iter().any(|c| matches!(c, Command::Move { unit, path, .. } if unit == "yan" && path.is_empty())));
    let moved = ok(&mut game, mv("yan", &["0403", "0503"], Vertex::E));
    assert!(moved.iter().any(|e| matches!(e, Event::UnitMoved { unit, mp: 2, .. } if unit == "yan")));
    // The immovable Jamadagnya is offered no move.
    let offered = sarissa_rules::play::legal::legal_commands(&game);
    assert!(!offered.iter().any(|c| matches!(c, Command::Move { unit, .. } if unit == "fixed")));
}

#[test]
fn cg_10_54_an_engine_that_has_fired_may_not_move() {
    // Red's foot three hexes south of the Yantra, in range and clear of the camp.
    let f = camp_field(vec![engine("yan", "yantra", "0302")], vec![mi("foot", "0305", "W")], 2, 6);
    let scenario = sarissa_rules::load("field.toml", &f.toml()).unwrap();
    let (mut game, _) =
        Game::new(std::sync::Arc::new(scenario), sarissa_rules::game::Dice::scripted(&[9, 9])).expect("starts");
    no_pw(&mut game);
    pass_all(&mut game);
    assert_eq!(camp_side(&game), Some(0));
    ok(&mut game, fire("yan", "foot"));
    assert_eq!(refusal_rule(&mut game, mv("yan", &["0402"], Vertex::W)), "10.54");
}

#[test]
fn cg_12_17_both_sides_have_camp_orders_high_roll_first_p182() {
    // Blue's camp unit, red's engine: a die each, red's 7 beats blue's 3.
    let f = camp_field(vec![mi("def", "0705", "W")], vec![engine("ryan", "yantra", "1108")], 2, 6);
    let mut game = start_camp(&f, &[3, 7]);
    let events = pass_all(&mut game);
    let rolls: Vec<(usize, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::DieRolled { roll, purpose: RollPurpose::CampOrdersFirst { side } } => Some((*side, *roll)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![(0, 3), (1, 7)]);
    assert_eq!(began(&events), vec![(1, vec!["ryan".to_string()])]);
    let next = end_orders(&mut game);
    assert_eq!(began(&next), vec![(0, vec!["def".to_string()])]);
    assert_eq!(camp_side(&game), Some(0));
}

#[test]
fn cg_12_17_camp_units_may_shock_an_enemy_inside_as_if_ordered() {
    // A red unit has broken into the camp at 0706, beside blue's heavy foot at 0705.
    let hi = |id: &str, at: &str, facing: &str| unit(id, "HI", "HY", 5, 6, 5, "", at, facing);
    let f = camp_field(vec![hi("def", "0705", "SW")], vec![mi("raider", "0706", "NE")], 2, 6);
    let mut game = start_camp(&f, &[5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    pass_all(&mut game);
    assert_eq!(camp_side(&game), Some(0));
    ok(&mut game, Command::EndOrders);
    let Phase::Shock { must, optional, .. } = &game.state.phase else { panic!("{:?}", game.state.phase) };
    // It did not move up: it may attack, without the pre-shock check (7.32[1]).
    assert!(must.is_empty());
    assert_eq!(optional, &vec!["def".to_string()]);
    let events = ok(&mut game, Command::Shock { attackers: vec!["def".into()] });
    assert!(events.iter().any(|e| matches!(e, Event::ShockResolved { .. })));
    assert!(events.iter().any(|e| matches!(e, Event::CampOrdersEnded { side: 0 })));
}
