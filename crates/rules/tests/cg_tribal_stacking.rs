//! Chandragupta Tribal light infantry sharing a hex (CG 6.73–6.76, 10.74; rulings P295–P299):
//! two Tribal LI of one tribe may stack, the newcomer underneath, for 2 MP more than the hex;
//! only the top one moves or fires; they face alike; enemy fire strikes the top one (the bottom
//! one through the rear); they shock as one; a rout spreads through the stack.

mod common;

use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::Placement;

/// A Tribal LI of `tribe` (TQ 5, MA 5, javelins).
fn tribal(id: &str, tribe: &str, at: &str, facing: &str) -> String {
    with(unit(id, "LI", "J", 3, 5, 5, "J", at, facing), &format!("grade = \"tribal\", guild = \"{tribe}\""))
}

/// Blue: the raja (initiative 5) at 0101 and the Kirata chief (initiative 3, range 4) at 0305
/// with these units; red: `red`, its commander at 1210 (initiative 7). The lowest initiative
/// goes first (CG 5.12): the chief.
fn field(blue: Vec<String>, red: Vec<String>) -> Field {
    Field {
        rules: "chandragupta",
        macedonian: [false, false],
        units: [blue, red],
        leaders: [
            vec![
                leader("raja", "overall", 5, 2, "0101"),
                with(leader("tc", "tribal-chief", 3, 4, "0305"), "guild = \"kirata\""),
            ],
            vec![leader("foe", "overall", 7, 4, "1210")],
        ],
        ..Field::default()
    }
}

/// t1 at 0505 and t2 at 0405 (0505 is its north-east front hex), both Kirata facing E; red's archers far off.
fn pair() -> Field {
    field(
        vec![tribal("t1", "kirata", "0505", "E"), tribal("t2", "kirata", "0405", "E")],
        vec![unit("bows", "LI", "A", 3, 5, 5, "A", "1105", "W")],
    )
}

/// The Kirata chief activated.
fn chief_active(f: &Field, dice: &[u8]) -> Game {
    let (mut game, _) = f.start(dice);
    activate_chief(&mut game);
    game
}

fn activate_chief(game: &mut Game) {
    while let Phase::Activation { leaders, .. } = &game.state.phase {
        let next = if leaders.iter().any(|l| l == "tc") { activate("tc") } else { pass(&leaders[0]) };
        ok(game, next);
        if matches!(game.state.phase, Phase::Orders { .. }) {
            return;
        }
    }
    panic!("the chief was never offered: {:?}", game.state.phase);
}

/// The order that moves `unit` into `to` facing `facing`, as the legal commands list it.
fn offered_move(game: &Game, unit: &str, to: &str, facing: Vertex) -> Option<(Command, u8)> {
    let i = idx(game, unit);
    sarissa_rules::movement::reach(&game.scenario, &game.state, i)
        .ok()?
        .into_iter()
        .find(|d| d.hex == h(to) && d.facing == facing && !d.column)
        .map(|d| (d.command(unit), d.mp))
}

fn stacked(game: &mut Game) -> Vec<Event> {
    let (command, _) = offered_move(game, "t2", "0505", Vertex::E).expect("t2 may stack on t1");
    ok(game, command)
}

#[test]
fn cg_6_73_a_tribal_unit_ends_its_move_on_one_of_its_tribe_for_2_mp_more() {
    let mut game = chief_active(&pair(), &[]);
    let (command, mp) = offered_move(&game, "t2", "0505", Vertex::E).expect("offered");
    // Clear ground: 1 MP, and 2 more to stack.
    assert_eq!(mp, 3);
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&command));
    // No pass-through check is rolled (the dice are empty): it stops there.
    let events = ok(&mut game, command);
    assert_eq!(
        events,
        vec![
            Event::UnitMoved {
                unit: "t2".into(),
                path: vec![h("0505")],
                placement: Placement::One(h("0505")),
                facing: Vertex::E,
                mp: 3
            },
            Event::TribalStacked { unit: "t2".into(), over: "t1".into() },
        ]
    );
    assert_eq!(game.state.units[1].placement, game.state.units[0].placement);
}

#[test]
fn cg_6_73_no_more_than_two_and_only_of_one_tribe() {
    let mut f = pair();
    f.units[0].push(tribal("t3", "kirata", "0404", "E"));
    f.units[0].push(tribal("k1", "khasa", "0604", "W"));
    f.leaders[0].push(with(leader("kc", "tribal-chief", 1, 4, "0604"), "guild = \"khasa\""));
    let mut game = chief_active(&f, &[]);
    stacked(&mut game);
    // A third Kirata may pass through but not stay.
    let t3 = idx(&game, "t3");
    let reach = sarissa_rules::movement::reach(&game.scenario, &game.state, t3).unwrap();
    assert!(reach.iter().all(|d| d.hex != h("0505")), "{reach:?}");
    let err = game.execute(&mv("t3", &["0505"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), "6.73", "{err}");
    assert!(err.to_string().contains("no more than two stack (6.73)"), "{err}");
    // A Khasa never stacks with a Kirata.
    let k1 = idx(&game, "k1");
    let plan = sarissa_rules::movement::plan(&game.scenario, &game.state, k1, &[h("0505")], Vertex::W);
    assert!(plan.unwrap_err().to_string().contains("units do not end a move stacked (6.91)"));
}

#[test]
fn cg_6_73_10_74_no_stacking_in_a_stronghold() {
    let mut f = pair();
    f.terrain = vec![("0505", 's')];
    let game = chief_active(&f, &[]);
    let t2 = idx(&game, "t2");
    let plan = sarissa_rules::movement::plan(&game.scenario, &game.state, t2, &[h("0505")], Vertex::E);
    let err = plan.unwrap_err().to_string();
    assert!(err.contains("Tribal units do not stack there (6.73)"), "{err}");
}

#[test]
fn cg_10_74_a_battle_may_set_two_tribal_units_of_one_tribe_in_a_hex_and_nothing_else() {
    let two = field(
        vec![tribal("t1", "kirata", "0505", "E"), tribal("t2", "kirata", "0505", "E")],
        vec![unit("bows", "LI", "A", 3, 5, 5, "A", "1105", "W")],
    );
    sarissa_rules::load("field.toml", &two.toml()).unwrap_or_else(|e| panic!("{e}"));
    let refused = |blue: Vec<String>, terrain: Vec<(&'static str, char)>| {
        let mut f = field(blue, vec![unit("bows", "LI", "A", 3, 5, 5, "A", "1105", "W")]);
        f.terrain = terrain;
        sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string()
    };
    let other_tribe = refused(vec![tribal("t1", "kirata", "0505", "E"), tribal("k1", "khasa", "0505", "E")], vec![]);
    assert!(other_tribe.contains("two Tribal LI of the same tribe"), "{other_tribe}");
    let three = refused(
        vec![
            tribal("t1", "kirata", "0505", "E"),
            tribal("t2", "kirata", "0505", "E"),
            tribal("t3", "kirata", "0505", "E"),
        ],
        vec![],
    );
    assert!(three.contains("no more"), "{three}");
    let stronghold =
        refused(vec![tribal("t1", "kirata", "0505", "E"), tribal("t2", "kirata", "0505", "E")], vec![("0505", 's')]);
    assert!(stronghold.contains("city or a stronghold") && stronghold.contains("10.74"), "{stronghold}");
    let facing = refused(vec![tribal("t1", "kirata", "0505", "E"), tribal("t2", "kirata", "0505", "NE")], vec![]);
    assert!(facing.contains("must face the same way") && facing.contains("6.75"), "{facing}");
}

/// t1 over t2 at 0505, set up so (P295), both facing E.
fn stack() -> Field {
    field(
        vec![tribal("t1", "kirata", "0505", "E"), tribal("t2", "kirata", "0505", "E")],
        vec![unit("bows", "LI", "A", 3, 5, 5, "A", "1105", "W")],
    )
}

fn bottom(game: &Game, id: &str) -> bool {
    sarissa_rules::special::tribal::is_bottom(&game.scenario, &game.state, idx(game, id))
}

#[test]
fn cg_6_74_the_unit_that_comes_to_stack_goes_underneath() {
    let mut game = chief_active(&pair(), &[]);
    assert!(!bottom(&game, "t1") && !bottom(&game, "t2"), "alone, neither is");
    stacked(&mut game);
    assert!(bottom(&game, "t2") && !bottom(&game, "t1"));
}

#[test]
fn cg_6_74_only_the_top_unit_moves_p295_the_first_listed_of_a_set_up_stack_is_on_top() {
    let mut game = chief_active(&stack(), &[]);
    let err = game.execute(&mv("t2", &["0605"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), "6.74", "{err}");
    assert!(!sarissa_rules::play::legal::legal_commands(&game)
        .iter()
        .any(|c| matches!(c, Command::Move { unit, .. } if unit == "t2")));
    ok(&mut game, mv("t1", &["0605"], Vertex::E));
    // Alone now, t2 may move: a second order (6.74).
    ok(&mut game, mv("t2", &["0604"], Vertex::E));
}

#[test]
fn cg_6_74_an_individual_order_brings_the_bottom_unit_to_the_top() {
    let mut game = chief_active(&stack(), &[]);
    let orders = orders_left(&game);
    let restack = Command::Restack { unit: "t2".into() };
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&restack));
    assert_eq!(game.execute(&Command::Restack { unit: "t1".into() }).unwrap_err().rule(), "6.74", "t1 is on top");
    let events = ok(&mut game, restack);
    assert_eq!(events, vec![Event::TribalStackSwapped { leader: "tc".into(), unit: "t2".into(), under: "t1".into() }]);
    assert_eq!(orders_left(&game), orders - 1);
    // Now t1 is underneath; t2 has had its order for this phase.
    assert!(bottom(&game, "t1"));
    assert_eq!(game.execute(&mv("t1", &["0605"], Vertex::E)).unwrap_err().rule(), "6.74");
}

#[test]
fn cg_6_75_a_unit_stacking_takes_the_facing_of_the_one_there() {
    let mut game = chief_active(&pair(), &[]);
    let t2 = idx(&game, "t2");
    let facings: Vec<Vertex> = sarissa_rules::movement::reach(&game.scenario, &game.state, t2)
        .unwrap()
        .into_iter()
        .filter(|d| d.hex == h("0505"))
        .map(|d| d.facing)
        .collect();
    assert_eq!(facings, vec![Vertex::E]);
    let err = game.execute(&mv("t2", &["0505"], Vertex::NE)).unwrap_err();
    assert_eq!(err.rule(), "6.75", "{err}");
    stacked(&mut game);
    // P297: the top unit does not turn alone in the stack.
    let err = game.execute(&mv("t1", &[], Vertex::NE)).unwrap_err();
    assert_eq!(err.rule(), "6.75", "{err}");
}

/// The stack (t1 over t2 at 0505, facing E; its chief away at 0509) and red's archers at
/// `bows`, facing `facing`, red's commander (initiative 1) with them; red moves first.
fn under_fire(bows: &str, facing: &str, hits: [u8; 2]) -> Field {
    let mut f = field(
        vec![
            with(tribal("t1", "kirata", "0505", "E"), &format!("hits = {}", hits[0])),
            with(tribal("t2", "kirata", "0505", "E"), &format!("hits = {}", hits[1])),
        ],
        vec![unit("bows", "LI", "A", 3, 5, 5, "A", bows, facing)],
    );
    f.leaders[0][1] = with(leader("tc", "tribal-chief", 3, 4, "0509"), "guild = \"kirata\"");
    f.leaders[1] = vec![leader("foe", "overall", 1, 4, bows)];
    f
}

fn targets(game: &Game, firer: &str) -> Vec<String> {
    sarissa_rules::combat::fire::targets(&game.scenario, &game.state, idx(game, firer))
        .into_iter()
        .map(|t| game.scenario.units[t.unit].id.clone())
        .collect()
}

#[test]
fn cg_6_76_2_only_the_top_tribal_unit_fires() {
    // Javelins reach one hex: red's archers stand beside the stack's front.
    let mut f = under_fire("0605", "W", [0, 0]);
    f.leaders[0][1] = with(leader("tc", "tribal-chief", 3, 4, "0305"), "guild = \"kirata\"");
    f.leaders[1] = vec![leader("foe", "overall", 7, 4, "1210")];
    let game = chief_active(&f, &[]);
    assert_eq!(targets(&game, "t1"), vec!["bows".to_string()]);
    assert!(targets(&game, "t2").is_empty());
}

#[test]
fn cg_6_76_3_fire_strikes_the_top_unit_or_through_the_rear_the_bottom_one() {
    // From the front (east of a stack facing SE): only t1.
    let (mut game, _) = under_fire("0705", "W", [0, 0]).start(&[]);
    ok(&mut game, activate("foe"));
    assert_eq!(targets(&game, "bows"), vec!["t1".to_string()]);
    assert!(game.execute(&fire("bows", "t2")).is_err());
    // From the rear (due west): only t2.
    let (mut game, _) = under_fire("0305", "E", [0, 0]).start(&[]);
    ok(&mut game, activate("foe"));
    assert_eq!(targets(&game, "bows"), vec!["t2".to_string()]);
}

#[test]
fn cg_6_76_5_when_the_top_unit_routs_so_does_the_bottom_one() {
    // t1 has 4 hits of its TQ 5; a 1 hits (strength 3 at range 2).
    let (mut game, _) = under_fire("0705", "W", [4, 1]).start(&[1, 0, 0, 0, 0, 0, 0, 0]);
    ok(&mut game, activate("foe"));
    let mut events = ok(&mut game, fire("bows", "t1"));
    events.extend(common::rout_first(&mut game));
    assert!(
        events.contains(&Event::CohesionHits { unit: "t2".into(), hits: 4, cause: HitCause::StackRout }),
        "{events:?}"
    );
    assert!(game.state.units[0].routed && game.state.units[1].routed);
}

#[test]
fn cg_6_76_5_when_the_bottom_unit_routs_the_top_one_checks_its_tq() {
    for (roll, routs) in [(6, true), (5, false)] {
        let (mut game, _) = under_fire("0305", "E", [0, 4]).start(&[1, roll, 0, 0, 0, 0, 0, 0]);
        ok(&mut game, activate("foe"));
        let mut events = ok(&mut game, fire("bows", "t2"));
        events.extend(common::rout_first(&mut game));
        let spread = Event::CohesionHits { unit: "t1".into(), hits: 5, cause: HitCause::StackRout };
        assert_eq!(events.contains(&spread), routs, "roll {roll}: {events:?}");
        assert!(game.state.units[1].routed);
        assert_eq!(game.state.units[0].routed, routs, "roll {roll}");
    }
}

/// Red's light foot (Size 4) at `attacker_at` beside the stack, blue's `others` too, red moving
/// first, the next shock's result forced to 0 hits to the attacker and 3 to the defenders. The
/// same types meet, so no weapon superiority doubles the 3 (CG 9.17[1]).
fn shock_on_the_stack(attacker_at: &str, facing: &str, others: Vec<String>) -> Vec<Event> {
    let mut blue = vec![tribal("t1", "kirata", "0505", "E"), tribal("t2", "kirata", "0505", "E")];
    blue.extend(others);
    let mut f = field(blue, vec![unit("foot", "LI", "", 4, 5, 5, "", attacker_at, facing)]);
    f.leaders[1] = vec![leader("foe", "overall", 1, 4, attacker_at)];
    let (mut game, _) = f.start(&[0; 20]);
    ok(&mut game, activate("foe"));
    game.state.forced_shock = Some((0, 3));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::Shock { attackers: vec!["foot".into()] })
}

fn shock_hits(events: &[Event]) -> Vec<(String, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CohesionHits { unit, hits, cause: HitCause::Shock } => Some((unit.clone(), *hits)),
            _ => None,
        })
        .collect()
}

#[test]
fn cg_6_76_both_stacked_units_defend_and_the_top_one_takes_the_odd_hit() {
    let events = shock_on_the_stack("0605", "W", vec![]);
    let defenders = events.iter().find_map(|e| match e {
        Event::ShockResolved { defenders, .. } => Some(defenders.clone()),
        _ => None,
    });
    assert_eq!(defenders, Some(vec!["t1".to_string(), "t2".to_string()]));
    assert_eq!(shock_hits(&events), vec![("t1".to_string(), 2), ("t2".to_string(), 1)], "{:?}", shock_lines(&events));
}

#[test]
fn cg_6_76_4_from_the_rear_the_bottom_unit_takes_the_odd_hit_p298() {
    // A blue unit has the attacker in its zone of control, unattacked: no position superiority
    // doubles the hits of an attack from behind (CG 9.17[1] exception 1, P239).
    let events = shock_on_the_stack("0404", "E", vec![unit("guard", "MI", "", 4, 5, 5, "", "0304", "E")]);
    assert_eq!(shock_hits(&events), vec![("t2".to_string(), 2), ("t1".to_string(), 1)], "{:?}", shock_lines(&events));
}

#[test]
fn cg_6_76_1_when_one_stacked_unit_attacks_the_other_attacks_with_it_p296() {
    let f = field(
        vec![tribal("t1", "kirata", "0505", "E"), tribal("t2", "kirata", "0505", "E")],
        vec![unit("foot", "MI", "", 6, 6, 5, "", "0605", "W")],
    );
    let (game, _) = f.start(&[]);
    let c = sarissa_rules::combat::shock_segment::combats(&game.scenario, &game.state, &[0]);
    assert_eq!(c[0].attackers, vec![0, 1]);
}

/// The stack (t1 over t2 at 0505, facing E; their chief away at 0309) and red's `kind` foot
/// (MA `ma`) at `at` facing W with red's commander (initiative 1): red moves first.
fn approached(kind: &str, ma: u8, at: &str, dice: &[u8]) -> Game {
    let mut f = field(
        vec![tribal("t1", "kirata", "0505", "E"), tribal("t2", "kirata", "0505", "E")],
        vec![unit("foot", kind, "", 4, 5, ma, "", at, "W")],
    );
    f.leaders[0][1] = with(leader("tc", "tribal-chief", 3, 4, "0309"), "guild = \"kirata\"");
    f.leaders[1] = vec![leader("foe", "overall", 1, 4, at)];
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("foe"));
    game
}

#[test]
fn cg_6_74_only_the_top_unit_of_a_stack_withdraws_p321() {
    // Heavy foot (MA 3) comes within two hexes: the Tribal LI (MA 5) may step back, but of the
    // stack only the top unit moves.
    let mut game = approached("HI", 3, "0805", &[0; 4]);
    let events = ok(&mut game, mv("foot", &["0705"], Vertex::W));
    assert!(
        matches!(events.last(), Some(Event::ReactionOffered { withdrawers, .. }) if withdrawers == &vec!["t1".to_string()]),
        "{events:?}"
    );
    let offered = sarissa_rules::play::legal::legal_commands(&game);
    assert!(offered.iter().any(|c| matches!(c, Command::Withdraw { unit, .. } if unit == "t1")));
    assert!(!offered.iter().any(|c| matches!(c, Command::Withdraw { unit, .. } if unit == "t2")), "{offered:?}");
    let back = |unit: &str| Command::Withdraw {
        unit: unit.into(),
        path: vec![h("0404")],
        facing: Vertex::E,
        fire: false,
        with: None,
    };
    assert_eq!(game.execute(&back("t2")).unwrap_err().rule(), "6.7");
    ok(&mut game, back("t1"));
    assert_eq!(game.state.units[1].placement, Placement::One(h("0505")), "t2 stays");
}

#[test]
fn cg_6_75_the_bottom_unit_turns_with_the_top_one_in_reaction_p323() {
    // Medium foot as fast as they are comes up beside the stack: only the top unit is offered
    // the turn, and the bottom one turns with it, each checking its TQ (CG 7.16: the roll less
    // the TQ in hits): 7 against TQ 5 is 2 hits, 3 none.
    let mut game = approached("MI", 5, "0705", &[7, 3]);
    let events = ok(&mut game, mv("foot", &["0605"], Vertex::W));
    assert!(
        matches!(events.last(), Some(Event::ReactionOffered { reactors, .. }) if reactors == &vec!["t1".to_string()]),
        "{events:?}"
    );
    let events = ok(&mut game, Command::ReactFacing { unit: "t1".into(), facing: Vertex::NE });
    let turns: Vec<&Event> = events
        .iter()
        .filter(|e| matches!(e, Event::ReactionFaced { .. } | Event::CohesionHits { .. } | Event::DieRolled { .. }))
        .collect();
    assert_eq!(
        turns,
        vec![
            &Event::ReactionFaced { unit: "t1".into(), facing: Vertex::NE },
            &Event::DieRolled {
                purpose: sarissa_rules::game::RollPurpose::TqCheck { unit: "t1".into(), rule: "7.16".into() },
                roll: 7
            },
            &Event::CohesionHits { unit: "t1".into(), hits: 2, cause: HitCause::ReactionFacing },
            &Event::ReactionFaced { unit: "t2".into(), facing: Vertex::NE },
            &Event::DieRolled {
                purpose: sarissa_rules::game::RollPurpose::TqCheck { unit: "t2".into(), rule: "7.16".into() },
                roll: 3
            },
        ],
        "{events:?}"
    );
    assert_eq!(game.state.units[0].facing, game.state.units[1].facing);
}

#[test]
fn cg_6_73_a_router_passing_through_a_stack_meets_both_units_p324() {
    // A blue light foot unit at 0605 with 4 hits of its TQ 5 is hit by red's archers and routs
    // west, through the stack at 0505.
    let mut f = under_fire("0805", "W", [0, 0]);
    f.units[0].push(with(unit("r", "LI", "J", 3, 5, 5, "J", "0605", "W"), "hits = 4"));
    f.units[0].push(unit("wall", "MI", "", 4, 5, 5, "", "0506", "E"));
    let (mut game, _) = f.start(&[1, 6, 2, 0, 0, 0, 0, 0]);
    ok(&mut game, activate("foe"));
    let mut events = ok(&mut game, fire("bows", "r"));
    events.extend(ok(&mut game, Command::RoutTo { unit: "r".into(), to: Placement::One(h("0505")) }));
    events.extend(common::rout_first(&mut game));
    // Each unit of the stack takes the Stacking Chart's check for a router passing (6.92): t1
    // rolls 6 against TQ 5 and takes a hit, t2 rolls 2 and holds.
    let checks: Vec<&Event> = events
        .iter()
        .filter(|e| {
            matches!(e, Event::DieRolled { purpose: sarissa_rules::game::RollPurpose::TqCheck { .. }, .. })
                || matches!(e, Event::CohesionHits { cause: HitCause::RoutPassage, .. })
        })
        .collect();
    let check = |unit: &str, roll: u8| Event::DieRolled {
        roll,
        purpose: sarissa_rules::game::RollPurpose::TqCheck { unit: unit.into(), rule: "6.92".into() },
    };
    assert_eq!(
        checks,
        vec![
            &check("t1", 6),
            &Event::CohesionHits { unit: "t1".into(), hits: 1, cause: HitCause::RoutPassage },
            &check("t2", 2)
        ],
        "{events:?}"
    );
}

/// The stack (t1 over t2 at 0505) and t3 beside it at 0506, all facing E; the Kirata chief
/// holds Line Command and the side's chart names javelin light infantry (CG 4.31).
fn tribal_line() -> Game {
    let mut f = field(
        vec![
            tribal("t1", "kirata", "0505", "E"),
            tribal("t2", "kirata", "0505", "E"),
            tribal("t3", "kirata", "0506", "E"),
        ],
        vec![unit("bows", "LI", "A", 3, 5, 5, "A", "1105", "W")],
    );
    f.leaders[0][1] = with(leader("tc", "tribal-chief", 3, 4, "0305"), "guild = \"kirata\", line_command = true");
    let text = f.toml().replace("line_command = [\"PH/MA\", \"HC\", \"HI/HO\", \"LC\"]", "line_command = [\"LI/J\"]");
    let scenario = sarissa_rules::load("field.toml", &text).unwrap_or_else(|e| panic!("{e}"));
    let dice = sarissa_rules::game::Dice::scripted(&[]);
    let (mut game, _) = Game::new(std::sync::Arc::new(scenario), dice).expect("it starts");
    activate_chief(&mut game);
    game
}

#[test]
fn cg_6_74_a_line_command_leaves_the_bottom_unit_of_a_stack_where_it_is_p322() {
    let mut game = tribal_line();
    let lines: Vec<Command> = sarissa_rules::play::legal::legal_commands(&game)
        .into_iter()
        .filter(|c| matches!(c, Command::LineCommand { .. }))
        .collect();
    assert!(!lines.iter().any(|c| matches!(c, Command::LineCommand { anchor, .. } if anchor == "t2")), "{lines:?}");
    let abreast = Command::LineCommand {
        line: sarissa_rules::scenario::units::LineType::parse("LI/J").expect("a line type"),
        anchor: "t1".into(),
        formation: sarissa_rules::game::Formation::Abreast,
        units: Vec::new(),
    };
    assert!(lines.contains(&abreast), "{lines:?}");
    let events = ok(&mut game, abreast);
    assert_eq!(
        events,
        vec![Event::LineDeclared {
            leader: "tc".into(),
            line: "LI/J".into(),
            units: vec!["t1".into(), "t3".into()],
            via_proximity: false
        }]
    );
    // Even once t1 has gone from on top of it, t2 is not one of the line's units (6.74: two
    // stacked units take two individual orders).
    ok(&mut game, mv("t1", &["0604"], Vertex::E));
    let err = game.execute(&mv("t2", &["0504"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), "4.31", "{err}");
    let plans = sarissa_rules::play::line_plan::advance_plans(&game, &[]);
    assert!(!plans.is_empty());
    assert!(!plans.iter().flat_map(|p| &p.moves).any(|m| matches!(m, Command::Move { unit, .. } if unit == "t2")));
}
