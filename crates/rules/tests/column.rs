//! Column movement (GBA 6.6), with loaded dice. A column faces a hexside, stored as the vertex of
//! the same index (`facing::Heading`): N is stored as NE, NE as E, SE as SE.

mod common;
use common::*;
use sarissa_rules::charts::stacking::Outcome;
use sarissa_rules::effects::rout::{RoutLeg, RoutPlan};
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::facing::{hexes_in, Arc, Heading};
use sarissa_rules::map::hex::{Hexside, Vertex};
use sarissa_rules::movement::column::{column_ma, effective_tq};
use sarissa_rules::movement::{plan_steps, reach};
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::Game;

/// The stored facing of a column facing `side`.
fn side(s: Hexside) -> Vertex {
    Heading::Hexside(s).stored().0
}

fn col(unit: &str, path: &[&str], s: Hexside) -> Command {
    Command::Move {
        unit: unit.into(),
        path: path.iter().map(|x| h(x)).collect(),
        facing: side(s),
        column: true,
        with: None,
    }
}

/// Blue's `units` (the first is ordered); red's waiting far off unless given.
fn field(blue: Vec<String>, red: Vec<String>) -> Field {
    let red = if red.is_empty() { vec![unit("far", "HI", "", 5, 6, 4, "", "1210", "W")] } else { red };
    Field {
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0210")], vec![leader("foe", "overall", 6, 8, "0902")]],
        ..Field::default()
    }
}

/// Starts the game with blue's units listed in `columns` already In Column facing their stored
/// facing, and activates the hero.
fn start(f: &Field, columns: &[usize], dice: &[u8]) -> Game {
    let (mut game, _) = f.start(dice);
    for &i in columns {
        game.state.units[i].column = true;
    }
    ok(&mut game, activate("hero"));
    game
}

#[test]
fn forming_column_costs_one_mp_at_the_end_of_the_move_gba_6_61() {
    let f = field(vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E")], vec![]);
    let mut game = start(&f, &[], &[]);
    // Facing E it enters 0405 (1 MP), then forms column facing the NE hexside (1 MP).
    let events = ok(&mut game, col("mi", &["0405"], Hexside::NE));
    assert_eq!(
        events,
        vec![
            Event::UnitMoved {
                unit: "mi".into(),
                path: vec![h("0405")],
                placement: Placement::One(h("0405")),
                facing: Vertex::E,
                mp: 2
            },
            Event::FormationChanged { unit: "mi".into(), column: true, facing: side(Hexside::NE) },
        ]
    );
    assert!(game.state.units[0].column);
    assert_eq!(game.state.units[0].heading(), Heading::Hexside(Hexside::NE));
}

#[test]
fn a_move_of_no_hexes_may_be_just_the_change_gba_6_61() {
    let f = field(vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E")], vec![]);
    let mut game = start(&f, &[], &[]);
    let events = ok(&mut game, col("mi", &[], Hexside::SE));
    assert!(matches!(&events[0], Event::UnitMoved { path, mp: 1, .. } if path.is_empty()), "{events:?}");
    assert_eq!(events[1], Event::FormationChanged { unit: "mi".into(), column: true, facing: side(Hexside::SE) });
    // Only to one of the two hexsides beside its vertex without turning first: N costs a turn too.
    let mut game = start(&f, &[], &[]);
    let d = plan_steps(&game.scenario, &game.state, 0, &[], side(Hexside::N), true, 0).unwrap();
    assert_eq!(d.destination.mp, 2, "a vertex turned (1 MP) and the change");
    ok(&mut game, col("mi", &[], Hexside::N));
}

#[test]
fn no_change_in_an_enemy_zoc_nor_for_skirmishers_gba_6_61() {
    // Red at 0405 facing W holds 0305 in its ZOC.
    let f = field(
        vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E"), unit("sk", "SK", "", 1, 5, 6, "J", "0308", "E")],
        vec![unit("red", "HI", "", 5, 6, 4, "", "0405", "W")],
    );
    let mut game = start(&f, &[], &[]);
    let err = game.execute(&col("mi", &[], Hexside::NE)).unwrap_err();
    assert_eq!(err.rule(), "6.61", "{err}");
    let err = game.execute(&col("sk", &[], Hexside::NE)).unwrap_err();
    assert_eq!(err.rule(), "6.6", "{err}");
    assert!(reach(&game.scenario, &game.state, 1).unwrap().iter().all(|d| !d.column));
}

#[test]
fn column_movement_needs_the_column_at_the_start_of_the_orders_phase_gba_6_61() {
    let f = field(vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "NE")], vec![]);
    let mut game = start(&f, &[], &[]);
    // Made a column after the phase began (as no order can): it may not move as one.
    game.state.units[0].column = true;
    let err = game.execute(&col("mi", &["0304"], Hexside::N)).unwrap_err();
    assert_eq!(err.rule(), "6.61", "{err}");
    assert!(reach(&game.scenario, &game.state, 0).is_err());
}

#[test]
fn a_column_has_one_more_mp_a_phalanx_its_higher_ma_plus_one_gba_6_62() {
    let f = field(
        vec![unit("mi", "MI", "", 4, 6, 5, "", "0308", "NE"), unit("line", "MI", "", 4, 6, 5, "", "0508", "NE")],
        vec![],
    );
    let mut game = start(&f, &[0], &[]);
    // Six hexes straight north: 6 MP of the column's 6.
    let events = ok(&mut game, col("mi", &["0307", "0306", "0305", "0304", "0303", "0302"], Hexside::N));
    assert!(matches!(&events[0], Event::UnitMoved { mp: 6, .. }), "{events:?}");
    let err = game.execute(&mv("line", &["0507", "0506", "0505", "0504", "0503", "0502"], Vertex::NE)).unwrap_err();
    assert_eq!(err.rule(), "6.25", "{err}");
    assert_eq!(column_ma(game.scenario.meta.rules, &game.scenario.units[0]), 6);
    // A phalanx (MA 4, augmented 5) has 6 (P45).
    let ph = unit("ph", "PH", "MA", 8, 7, 4, "", "0101-0102", "E");
    let f = field(vec![ph], vec![]);
    let (game, _) = f.start(&[]);
    assert_eq!(column_ma(game.scenario.meta.rules, &game.scenario.units[0]), 6);
}

#[test]
fn minor_river_into_woods_costs_one_hit_in_column_instead_of_two_gba_6_62() {
    for (column, hits) in [(true, 1), (false, 2)] {
        let mut f = field(vec![unit("mi", "MI", "", 4, 6, 5, "", "0306", "NE")], vec![]);
        f.terrain = vec![("0305", 'w')];
        f.hexsides = vec![("minor_river", "0306-0305")];
        let mut game = start(&f, if column { &[0] } else { &[] }, &[]);
        let order = if column { col("mi", &["0305"], Hexside::N) } else { mv("mi", &["0305"], Vertex::NE) };
        let events = ok(&mut game, order);
        let terrain = Event::CohesionHits { unit: "mi".into(), hits, cause: HitCause::Terrain };
        assert!(events.contains(&terrain), "column {column}: {events:?}");
    }
}

#[test]
fn a_column_has_one_front_hex_and_its_zoc_is_that_hex_gba_6_63() {
    let p = Placement::One(h("0505"));
    let n = Heading::Hexside(Hexside::N);
    assert_eq!(hexes_in(&p, n, Arc::Front), vec![h("0504")]);
    let mut flank = hexes_in(&p, n, Arc::Flank);
    flank.sort();
    assert_eq!(flank, vec![h("0404"), h("0604")]);
    assert_eq!(hexes_in(&p, n, Arc::Rear).len(), 3);
    let f = field(vec![unit("mi", "MI", "", 4, 6, 5, "", "0505", "NE")], vec![]);
    let game = start(&f, &[0], &[]);
    assert_eq!(sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 0), vec![h("0504")]);
}

#[test]
fn leaving_column_turns_thirty_degrees_to_a_vertex_for_the_mp_gba_6_63() {
    let f = field(vec![unit("mi", "MI", "", 4, 6, 5, "", "0505", "NE")], vec![]);
    let game = start(&f, &[0], &[]);
    let cost = |v: Vertex| plan_steps(&game.scenario, &game.state, 0, &[], v, false, 0).map(|p| p.destination.mp);
    // Facing the N hexside: NE or NW for the change alone; W needs a hexside turned first.
    assert_eq!(cost(Vertex::NE), Ok(1));
    assert_eq!(cost(Vertex::NW), Ok(1));
    assert_eq!(cost(Vertex::W), Ok(2));
    let mut game = game;
    let events = ok(&mut game, mv("mi", &["0504"], Vertex::NW));
    assert_eq!(events[1], Event::FormationChanged { unit: "mi".into(), column: false, facing: Vertex::NW });
    assert!(!game.state.units[0].column);
}

#[test]
fn a_column_enters_a_front_flank_hex_turning_free_others_pay_the_turn_gba_6_64() {
    let f = field(vec![unit("mi", "MI", "", 4, 6, 5, "", "0505", "NE")], vec![]);
    let game = start(&f, &[0], &[]);
    let cost = |path: &[&str], s: Hexside| {
        let path: Vec<_> = path.iter().map(|x| h(x)).collect();
        plan_steps(&game.scenario, &game.state, 0, &path, side(s), true, 0).map(|p| (p.destination.mp, p.steps))
    };
    // Facing N: the NE hex is a front-flank hex; it turns to the NE side as it enters, free.
    let (mp, steps) = cost(&["0604", "0603"], Hexside::N).unwrap();
    assert_eq!(mp, 2);
    assert_eq!(steps[0].0, side(Hexside::NE));
    // The SE hex is a flank hex: one hexside turned (1 MP) first.
    assert_eq!(cost(&["0605"], Hexside::SE).unwrap().0, 2);
    let mut game = game;
    let events = ok(&mut game, col("mi", &["0604", "0603"], Hexside::N));
    assert!(matches!(&events[0], Event::UnitMoved { mp: 2, facing, .. } if *facing == side(Hexside::N)));
}

#[test]
fn a_column_fights_at_tq_minus_two_and_neither_shocks_nor_fires_gba_6_65() {
    let f = field(
        vec![unit("mi", "MI", "", 4, 6, 5, "", "0305", "E"), unit("li", "LI", "", 2, 5, 6, "J", "0307", "E")],
        vec![unit("red", "HI", "", 5, 6, 4, "", "0405", "W")],
    );
    let (mut game, _) = f.start(&[]);
    game.state.units[0].column = true;
    game.state.units[1].column = true;
    assert_eq!(effective_tq(&game.scenario, &game.state, 0), 4);
    assert!(sarissa_rules::combat::fire::firers(&game.scenario, &game.state).is_empty());
    assert!(sarissa_rules::combat::shock_segment::candidates(&game.scenario, &game.state).is_empty());
    // The shock setup marks the column: the attacker is Attack Superior (combat/shock.rs).
    let combat = sarissa_rules::combat::shock_segment::Combat { attackers: vec![2], defenders: vec![0] };
    let setup = sarissa_rules::combat::shock_segment::setup(&game.scenario, &game.state, &combat, &[]);
    assert!(setup.defenders[0].in_column);
    // With 4 hits the column (TQ 6 − 2) routs.
    game.state.units[0].hits = 4;
    let mut events = ok(&mut game, activate("hero"));
    events.extend(rout_first(&mut game));
    assert!(events.iter().any(|e| matches!(e, Event::UnitRouted { unit, .. } if unit == "mi")), "{events:?}");
    assert!(!game.state.units[0].column, "routed units are never columns");
}

#[test]
fn a_column_shock_attacked_reverts_at_the_end_of_the_phase_with_a_hit_gba_6_66() {
    // Red's LI at 0304 facing SW has the blue column at 0305 (facing N) in its ZOC, head on.
    let f = field(
        vec![unit("mi", "MI", "", 6, 8, 5, "", "0305", "NE")],
        vec![unit("red", "LI", "", 2, 6, 6, "", "0304", "SW")],
    );
    let (mut game, _) = f.start(&[0, 0, 0, 0, 0, 0, 0, 0]);
    game.state.units[0].column = true;
    if offered(&game).contains(&"hero".to_string()) {
        ok(&mut game, pass("hero"));
    }
    ok(&mut game, activate("foe"));
    ok(&mut game, Command::EndOrders);
    assert!(matches!(&game.state.phase, Phase::Shock { optional, .. } if optional == &vec!["red".to_string()]));
    let events = ok(&mut game, Command::Shock { attackers: vec!["red".into()] });
    let at = events
        .iter()
        .position(|e| matches!(e, Event::FormationChanged { .. }))
        .unwrap_or_else(|| panic!("{events:#?}"));
    assert_eq!(events[at], Event::FormationChanged { unit: "mi".into(), column: false, facing: Vertex::NE });
    assert_eq!(events[at + 1], Event::CohesionHits { unit: "mi".into(), hits: 1, cause: HitCause::ColumnBroken });
    assert!(events[..at].iter().any(|e| matches!(e, Event::ShockSegmentEnded { .. })), "after the segment");
}

/// Red's HI marches from 0405 to 0605 against blue's `blue` (In Column if `column`): the
/// decision it leaves.
fn red_comes_up(blue: String, column: bool) -> Phase {
    let f = field(vec![blue], vec![unit("red", "HI", "", 5, 6, 4, "", "0405", "E")]);
    let (mut game, _) = f.start(&[]);
    game.state.units[0].column = column;
    if offered(&game).contains(&"hero".to_string()) {
        ok(&mut game, pass("hero"));
    }
    ok(&mut game, activate("foe"));
    ok(&mut game, mv("red", &["0505", "0605"], Vertex::E));
    game.state.phase.clone()
}

#[test]
fn a_column_neither_reacts_nor_withdraws_gba_6_67() {
    // Blue LI (MA 6) at 0805 facing W would withdraw from the HI (MA 4), but not as a column.
    let li = || unit("li", "LI", "", 2, 5, 6, "J", "0805", "W");
    assert!(matches!(red_comes_up(li(), false), Phase::Reaction { withdrawers, .. } if withdrawers == ["li"]));
    assert!(matches!(red_comes_up(li(), true), Phase::Orders { .. }));
    // Blue HI at 0706 facing W would turn to face red come up beside it, but not as a column.
    let hi = || unit("hi", "HI", "", 5, 6, 4, "", "0706", "W");
    assert!(matches!(red_comes_up(hi(), false), Phase::Reaction { reactors, .. } if reactors == ["hi"]));
    assert!(matches!(red_comes_up(hi(), true), Phase::Orders { .. }));
}

#[test]
fn nobody_passes_through_a_column_nor_a_column_through_a_friend_gba_6_67() {
    let f = field(
        vec![
            unit("mi", "MI", "", 4, 6, 5, "", "0306", "NE"),
            unit("sk", "SK", "", 1, 5, 6, "J", "0307", "NE"),
            unit("li", "LI", "", 2, 5, 6, "J", "0305", "E"),
        ],
        vec![],
    );
    let mut game = start(&f, &[0], &[]);
    let err = game.execute(&col("mi", &["0305", "0304"], Hexside::N)).unwrap_err();
    assert_eq!(err.rule(), "6.67", "{err}");
    // A skirmisher passes through friends for free (6.92), but not through a column.
    let err = game.execute(&mv("sk", &["0306", "0305", "0304"], Vertex::NE)).unwrap_err();
    assert_eq!(err.rule(), "6.67", "{err}");
}

#[test]
fn column_destinations_are_offered_and_accepted_at_the_same_cost() {
    let f = field(vec![unit("mi", "MI", "", 4, 6, 5, "", "0505", "NE")], vec![]);
    for columns in [&[][..], &[0][..]] {
        let mut game = start(&f, columns, &[]);
        let all = reach(&game.scenario, &game.state, 0).unwrap();
        assert!(all.iter().any(|d| d.column) && all.iter().any(|d| !d.column));
        for d in &all {
            let p = plan_steps(&game.scenario, &game.state, 0, &d.path, d.facing, d.column, 0).unwrap();
            assert_eq!((p.destination.mp, p.destination.hits), (d.mp, d.hits), "{d:?}");
        }
        let d = all.iter().find(|d| d.column != columns.is_empty() && !d.path.is_empty()).unwrap();
        ok(&mut game, d.command("mi"));
        assert_eq!(game.state.units[0].column, d.column);
    }
}

#[test]
fn routers_may_pass_through_a_column_which_checks_at_tq_minus_two_gba_6_67() {
    // As in rout_movement.rs: the red LI faced east holds 0504 and 0505; 0506 holds a friend,
    // here In Column.
    let f = Field {
        units: [
            vec![unit("b", "LI", "J", 3, 5, 5, "J", "0605", "E"), unit("friend", "MI", "", 4, 5, 5, "", "0506", "E")],
            vec![unit("r", "LI", "J", 3, 5, 5, "J", "0404", "E")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0110")], vec![leader("foe", "overall", 6, 8, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[]);
    game.state.units[1].column = true;
    let routed = vec![false; 3];
    let plan = sarissa_rules::effects::rout::rout_move(&game.scenario, &game.state, 0, RoutLeg::Hexes(2), &routed);
    let RoutPlan::Moves(track) = plan else { panic!("{plan:?}") };
    assert_eq!(track.through.len(), 1);
    assert_eq!(
        track.through[0].outcome,
        Outcome::StationaryTqCheck { drm: 0, two_hex_router_drm: 1, against_tq_minus_two: true }
    );
}
