//! Chandragupta artillery (CG 10.5, G39, rulings P133): the Yantra, the Jamadagnya and the
//! Sarvatobhadra shoot with no order and no command, within their limit of shots, all round,
//! and never as reaction fire; they take no orders.

mod common;

use common::*;
use sarissa_rules::game::{Command, Dice, Event, Phase};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::Game;
use std::sync::Arc;

/// An engine line for the Field: `engine` one of yantra, jamadagnya, sarvatobhadra.
fn engine(id: &str, engine: &str, at: &str) -> String {
    unit(id, "AT", "", 1, 5, 2, "", at, "E").replace(" }", &format!(", engine = \"{engine}\" }}"))
}

/// Blue's engine `eng` at 0505 (faced E) and red's foot three hexes east at 0805.
fn field(kind: &str) -> Field {
    Field {
        rules: "chandragupta",
        ..two_armies(vec![engine("eng", kind, "0505")], vec![unit("foot", "MI", "", 4, 6, 5, "", "0805", "W")])
    }
}

fn shot(strength: u8, hits: u8, shots: u8) -> Event {
    Event::ArtilleryFired { unit: "eng".into(), target: "foot".into(), range: 3, strength, drm: 0, hits, shots }
}

fn shots(events: &[Event]) -> Vec<Event> {
    events.iter().filter(|e| matches!(e, Event::ArtilleryFired { .. })).cloned().collect()
}

fn orders_left(game: &Game) -> u8 {
    match &game.state.phase {
        Phase::Orders { orders_left, .. } => *orders_left,
        other => panic!("not an orders phase: {other:?}"),
    }
}

#[test]
fn cg_10_52_a_yantra_shoots_twice_in_its_sides_orders_phase_with_no_order() {
    // The Yantra's strength at range 3 is 3: a 2 hits, a 5 does not.
    let (mut game, _) = field("yantra").start(&[2, 5]);
    ok(&mut game, activate("hero"));
    let before = orders_left(&game);
    let first = ok(&mut game, fire("eng", "foot"));
    assert_eq!(
        first.iter().filter(|e| matches!(e, Event::ArtilleryFired { .. } | Event::CohesionHits { .. })).count(),
        2
    );
    assert_eq!(shots(&first), vec![shot(3, 1, 1)]);
    let second = ok(&mut game, fire("eng", "foot"));
    assert_eq!(shots(&second), vec![shot(3, 0, 2)]);
    // No order spent (10.52), and now Fire Done.
    assert_eq!(orders_left(&game), before);
    let refused = game.execute(&fire("eng", "foot")).unwrap_err();
    assert!(refused.to_string().contains("10.52"), "{refused}");
    assert_eq!(game.state.units[1].hits, 1);
}

#[test]
fn cg_10_52_a_jamadagnya_shoots_once_and_g39_its_marker_goes_with_the_orders_phase() {
    // The Jamadagnya's strength at range 3 is 4.
    let (mut game, _) = field("jamadagnya").start(&[4]);
    ok(&mut game, activate("hero"));
    assert_eq!(shots(&ok(&mut game, fire("eng", "foot"))), vec![shot(4, 1, 1)]);
    assert!(game.execute(&fire("eng", "foot")).is_err());
    assert_eq!(game.state.units[0].artillery_shots, 1);
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    // The next orders phase (the enemy's) clears it (G39) — though the engine shoots only in its
    // own side's orders phases and reaction pauses (P133).
    ok(&mut game, activate("foe"));
    assert_eq!(game.state.units[0].artillery_shots, 0);
    assert!(!sarissa_rules::play::legal::legal_commands(&game).contains(&fire("eng", "foot")));
}

#[test]
fn cg_10_56_the_sarvatobhadra_shoots_once_per_game_turn_never_at_range_1() {
    let (mut game, _) = field("sarvatobhadra").start(&[1]);
    ok(&mut game, activate("hero"));
    assert_eq!(shots(&ok(&mut game, fire("eng", "foot"))), vec![shot(3, 1, 1)]);
    end_orders(&mut game);
    ok(&mut game, Command::DeclineMomentum);
    ok(&mut game, activate("foe"));
    // Still Fire Done in the next orders phase: its marker goes only at the turn's end (G39).
    assert_eq!(game.state.units[0].artillery_shots, 1);
    // Range 1: the catapult's line has no strength there (charts-draft §5).
    let (mut game, _) = Field {
        rules: "chandragupta",
        ..two_armies(
            vec![engine("eng", "sarvatobhadra", "0505")],
            vec![unit("foot", "MI", "", 4, 6, 5, "", "0605", "W")],
        )
    }
    .start(&[]);
    ok(&mut game, activate("hero"));
    assert!(sarissa_rules::special::artillery::targets(&game.scenario, &game.state, 0).is_empty());
}

#[test]
fn cg_10_53_an_engine_has_no_facing_and_shoots_all_round() {
    // Faced east, it shoots at the foot west of it (strength 4 at range 2).
    let (mut game, _) = Field {
        rules: "chandragupta",
        ..two_armies(vec![engine("eng", "yantra", "0505")], vec![unit("foot", "MI", "", 4, 6, 5, "", "0305", "E")])
    }
    .start(&[0]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire("eng", "foot"));
    assert!(matches!(shots(&events)[..], [Event::ArtilleryFired { range: 2, strength: 4, hits: 1, .. }]));
}

#[test]
fn cg_10_53_8_14_an_engine_needs_a_line_of_sight() {
    // A unit between blocks the sight line (8.14), beyond range 1.
    let (mut game, _) = Field {
        rules: "chandragupta",
        ..two_armies(
            vec![engine("eng", "yantra", "0505"), unit("wall", "MI", "", 4, 6, 5, "", "0605", "E")],
            vec![unit("foot", "MI", "", 4, 6, 5, "", "0805", "W")],
        )
    }
    .start(&[]);
    ok(&mut game, activate("hero"));
    assert!(sarissa_rules::special::artillery::targets(&game.scenario, &game.state, 0).is_empty());
}

#[test]
fn cg_10_54_an_engine_takes_no_orders() {
    let (mut game, _) = field("yantra").start(&[]);
    ok(&mut game, activate("hero"));
    assert!(!sarissa_rules::command::orders::orderable(&game.scenario, &game.state).contains(&0));
    let refused = game.execute(&mv("eng", &["0605"], Vertex::E)).unwrap_err();
    assert!(refused.to_string().contains("10.54"), "{refused}");
}

#[test]
fn cg_10_52_p133_an_engine_shoots_in_its_sides_pause_at_the_mover_but_not_as_reaction_fire_g39() {
    // Blue's foot comes up into the ZOC of red's javelin men at 0805: red's pause. Red's Yantra
    // at 0703, two hexes from 0705, may shoot at the foot (strength 4 at range 2; a 3 hits).
    let f = Field {
        rules: "chandragupta",
        ..two_armies(
            vec![unit("foot", "MI", "", 4, 6, 5, "", "0305", "E")],
            vec![unit("jav", "LI", "J", 4, 6, 5, "J", "0805", "W"), engine("eng", "yantra", "0703")],
        )
    };
    let (mut game, _) = f.start(&[3]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("foot", &["0405", "0505", "0605", "0705"], Vertex::E));
    assert!(matches!(&game.state.phase, Phase::Reaction { firers, .. } if firers == &vec!["jav".to_string()]));
    // Not a reaction firer (G39): offered on its own.
    assert!(sarissa_rules::combat::fire::reaction_firers(&game.scenario, &game.state).iter().all(|(f, _)| *f != 2));
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&fire("eng", "foot")));
    let events = ok(&mut game, fire("eng", "foot"));
    assert_eq!(
        shots(&events),
        vec![Event::ArtilleryFired {
            unit: "eng".into(),
            target: "foot".into(),
            range: 2,
            strength: 4,
            drm: 0,
            hits: 1,
            shots: 1,
        }]
    );
    // The pause goes on: the javelin men may still shoot.
    assert!(matches!(&game.state.phase, Phase::Reaction { .. }));
}

#[test]
fn cg_10_5_scenario_keys_engine_and_immovable() {
    // GBA artillery has no engine (D74).
    let mut f = field("yantra");
    f.rules = "alexander";
    let err = sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string();
    assert!(err.contains("10.5"), "{err}");
    // CG artillery must name one.
    let f =
        Field { rules: "chandragupta", ..two_armies(vec![unit("eng", "AT", "", 1, 5, 2, "B", "0505", "E")], vec![]) };
    let err = sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string();
    assert!(err.contains("engine"), "{err}");
    // An unknown engine, and an immovable Yantra.
    let bad = field("trebuchet");
    let err = sarissa_rules::load("field.toml", &bad.toml()).unwrap_err().to_string();
    assert!(err.contains("yantra, jamadagnya or sarvatobhadra"), "{err}");
    let f = Field {
        rules: "chandragupta",
        ..two_armies(vec![engine("eng", "yantra", "0505").replace(" }", ", immovable = true }")], vec![])
    };
    let err = sarissa_rules::load("field.toml", &f.toml()).unwrap_err().to_string();
    assert!(err.contains("10.54"), "{err}");
    let f = Field {
        rules: "chandragupta",
        ..two_armies(vec![engine("eng", "jamadagnya", "0505").replace(" }", ", immovable = true }")], vec![])
    };
    sarissa_rules::load("field.toml", &f.toml()).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn cg_10_52_the_random_player_reaches_engine_fire() {
    // A small field with engines on both sides: some random game shoots with one.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cg-artillery.toml")).unwrap();
    let scenario = Arc::new(sarissa_rules::load("cg-artillery.toml", &text).unwrap_or_else(|e| panic!("{e}")));
    let mut fired = false;
    for seed in 0..30 {
        let (mut game, _) = Game::new(scenario.clone(), Dice::seeded(seed)).expect("the game starts");
        let commands = sarissa_rules::play::playout::random_game(&mut game, seed, 400);
        fired |= commands.iter().any(|c| matches!(c, Command::Fire { unit, .. } if unit.starts_with("eng")));
        if fired {
            break;
        }
    }
    assert!(fired, "no random game shot with an engine");
}

// ---- Stacking with foot (CG 6.71(3), 6.76, 10.55) ----

/// Blue's Yantra sharing 0505 with Blue's light foot `guard` (TQ 5); red's archers at 0705.
fn stack_field(guard: &str) -> Field {
    Field {
        rules: "chandragupta",
        ..two_armies(
            vec![engine("eng", "yantra", "0505"), guard.to_string()],
            vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0705", "W")],
        )
        .leaders_at("0806")
    }
}

trait FoeAt {
    fn leaders_at(self, foe: &str) -> Self;
}

impl FoeAt for Field {
    /// Red's commander moved to `foe`, so that his units are in command.
    fn leaders_at(mut self, foe: &str) -> Self {
        self.leaders[1] = vec![leader("foe", "overall", 6, 4, foe)];
        self
    }
}

#[test]
fn cg_6_71_3_an_engine_may_share_its_hex_with_one_single_hex_foot_unit() {
    let ok_stack = stack_field(&unit("guard", "LI", "J", 3, 5, 5, "J", "0505", "E"));
    sarissa_rules::load("field.toml", &ok_stack.toml()).unwrap_or_else(|e| panic!("{e}"));
    // Never two engines, never horse, never three in a hex.
    for other in [engine("eng2", "jamadagnya", "0505"), unit("horse", "HC", "", 3, 6, 7, "", "0505", "E")] {
        let err = sarissa_rules::load("field.toml", &stack_field(&other).toml()).unwrap_err().to_string();
        assert!(err.contains("6.71(3)"), "{err}");
    }
    let mut three = stack_field(&unit("guard", "LI", "J", 3, 5, 5, "J", "0505", "E"));
    three.units[0].push(unit("more", "MI", "", 3, 5, 5, "", "0505", "E"));
    let err = sarissa_rules::load("field.toml", &three.toml()).unwrap_err().to_string();
    assert!(err.contains("6.71(3)"), "{err}");
}

#[test]
fn cg_10_55_6_76_3_fire_on_the_stack_always_hits_the_foot_unit() {
    let (mut game, _) = stack_field(&unit("guard", "LI", "J", 3, 5, 5, "J", "0505", "E")).start(&[]);
    ok(&mut game, pass("hero"));
    ok(&mut game, activate("foe"));
    let targets: Vec<usize> =
        sarissa_rules::combat::fire::targets(&game.scenario, &game.state, 2).into_iter().map(|t| t.unit).collect();
    assert_eq!(targets, vec![1]);
    assert!(game.execute(&fire("bows", "eng")).is_err());
}

#[test]
fn cg_6_76_5_the_engine_is_lost_when_its_foot_unit_routs() {
    // The guard has 4 hits of its TQ 5; the archers' hit (strength 3 at range 2, a 1) routs it,
    // and the engine it sheltered goes with it.
    let (mut game, _) = stack_field(&unit("guard", "LI", "J", 3, 5, 5, "J", "0505", "E")).start(&[1]);
    game.state.units[1].hits = 4;
    ok(&mut game, pass("hero"));
    ok(&mut game, activate("foe"));
    let mut events = ok(&mut game, fire("bows", "guard"));
    // Where it routs is its owner's choice between equal hexes (P120).
    events.extend(common::rout_first(&mut game));
    assert!(events.contains(&Event::UnitEliminated { unit: "eng".into(), rule: "6.76".into() }), "{events:?}");
    assert!(game.state.units[1].routed || game.state.units[1].eliminated);
    assert!(game.state.units[0].eliminated);
}

#[test]
fn cg_7_11_10_53_an_engine_alone_is_attacked_through_its_front_only() {
    // Red's horse comes at the lone engine (faced E) from behind, from the west: the combat is
    // read as frontal, as the engine has no facing.
    let f = Field {
        rules: "chandragupta",
        ..two_armies(vec![engine("eng", "yantra", "0505")], vec![unit("horse", "LC", "J", 3, 6, 7, "J", "0405", "E")])
            .leaders_at("0404")
    };
    let (game, _) = f.start(&[]);
    let combat = sarissa_rules::combat::shock_segment::Combat { attackers: vec![1], defenders: vec![0] };
    let setup = sarissa_rules::combat::shock_segment::setup(&game.scenario, &game.state, &combat, &[]);
    assert_eq!(setup.attackers[0].arc, sarissa_rules::map::facing::Arc::Front);
}
