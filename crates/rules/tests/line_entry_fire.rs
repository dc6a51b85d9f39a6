//! Entry fire against a line on the move and at units advancing after combat (GBA 8.21, 9.35;
//! P52, P140–P142), with loaded dice.

mod common;
use common::*;
use sarissa_rules::combat::fire::ReactionFire;
use sarissa_rules::combat::line_entry::LineEntry;
use sarissa_rules::combat::missile::Supply;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event, HitCause, Phase, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::units::{LineType, Placement};

fn l_leader(id: &str, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"overall\", initiative = 2, command_range = 4, charisma = 1, personal_combat = 3, line_command = true, strategy = 3, at = \"{at}\" }}")
}

/// Three hclites abreast in column 04 facing east; red archers at 0704 facing west.
fn field(tq2: u8) -> Field {
    Field {
        units: [
            vec![
                unit("hc1", "HC", "", 3, 7, 7, "", "0403", "E"),
                unit("hc2", "HC", "", 3, tq2, 7, "", "0404", "E"),
                unit("hc3", "HC", "", 3, 7, 7, "", "0405", "E"),
            ],
            vec![unit("bows", "LI", "", 3, 5, 5, "A", "0704", "W")],
        ],
        leaders: [vec![l_leader("king", "0304")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

fn line() -> Command {
    Command::LineCommand {
        line: LineType::parse("HC").unwrap(),
        anchor: "hc2".into(),
        formation: Formation::Abreast,
        units: Vec::new(),
    }
}

/// The king has given his line command; hc2's TQ is `tq2`.
fn line_given(tq2: u8, dice: &[u8]) -> sarissa_rules::Game {
    let (mut game, _) = field(tq2).start(dice);
    ok(&mut game, activate("king"));
    ok(&mut game, line());
    game
}

fn deferred(target: &str) -> Event {
    Event::EntryFireDeferred { firer: "bows".into(), target: target.into() }
}

fn moved(unit: &str, path: &[&str]) -> Event {
    let last = h(path[path.len() - 1]);
    Event::UnitMoved {
        unit: unit.into(),
        path: path.iter().map(|p| h(p)).collect(),
        placement: Placement::One(last),
        facing: Vertex::E,
        mp: path.len() as u8,
    }
}

fn entries(targets: &[&str]) -> Vec<LineEntry> {
    targets.iter().map(|t| LineEntry { firer: "bows".into(), target: t.to_string() }).collect()
}

fn volley(target: &str, roll: u8, hits: u8) -> Vec<Event> {
    let mut v = vec![
        Event::DieRolled { roll, purpose: RollPurpose::MissileFire { unit: "bows".into(), target: target.into() } },
        Event::MissileFired {
            unit: "bows".into(),
            target: target.into(),
            range: 1,
            strength: 4,
            drm: 0,
            hit: hits > 0,
            hits,
            supply: Supply::Full,
            reaction: Some(ReactionFire::Entry),
        },
    ];
    if hits > 0 {
        v.push(Event::CohesionHits { unit: target.into(), hits, cause: HitCause::Missile });
    }
    v
}

/// The first unit of the line to come up beside the archers: they may turn (7.16), not fire.
fn first_up(game: &mut sarissa_rules::Game, unit: &str, path: &[&str]) {
    let events = ok(game, mv(unit, path, Vertex::E));
    assert_eq!(&events[..2], &[moved(unit, path), deferred(unit)]);
    match &game.state.phase {
        Phase::Reaction { reactors, firers, .. } => {
            assert_eq!(reactors, &vec!["bows".to_string()], "reaction facing stays at the step (P141)");
            assert!(firers.is_empty(), "no entry fire during the line's move (8.21)");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(ok(game, Command::EndReaction), vec![Event::ReactionEnded]);
}

#[test]
fn a_line_moves_as_a_whole_before_its_entry_fire_then_one_volley_at_a_chosen_unit_gba_8_21_p140() {
    let mut game = line_given(7, &[0]);
    first_up(&mut game, "hc1", &["0503", "0603"]);
    // The second comes into the archers' zone too: noted, not offered.
    assert_eq!(
        ok(&mut game, mv("hc2", &["0504", "0604"], Vertex::E)),
        vec![moved("hc2", &["0504", "0604"]), deferred("hc2")]
    );
    assert!(matches!(game.state.phase, Phase::Orders { .. }), "{:?}", game.state.phase);
    assert_eq!(ok(&mut game, mv("hc3", &["0505", "0605"], Vertex::E)), vec![moved("hc3", &["0505", "0605"])]);
    assert!(legal_commands(&game).contains(&Command::LineDone));
    // The line is done: one pause for all the entry fire, the archers choosing their target.
    let events = ok(&mut game, Command::LineDone);
    assert_eq!(
        events,
        vec![
            Event::LineMoveEnded { leader: "king".into() },
            Event::LineFireOffered {
                side: 1,
                leader: "king".into(),
                firers: vec!["bows".into()],
                entries: entries(&["hc1", "hc2"]),
                end_orders: false,
            },
        ]
    );
    assert_eq!(game.decider(), Some(1));
    let legal = legal_commands(&game);
    assert!(legal.contains(&fire("bows", "hc1")) && legal.contains(&fire("bows", "hc2")), "{legal:?}");
    assert!(!legal.contains(&fire("bows", "hc3")), "hc3 never came into the zone");
    assert_eq!(game.execute(&fire("bows", "hc3")).unwrap_err().rule(), "8.21");
    let mut want = volley("hc2", 0, 1);
    want.push(Event::ReactionEnded);
    assert_eq!(ok(&mut game, fire("bows", "hc2")), want);
    // Each firer once (8.21): the pause is over, the line's own fire may follow.
    assert!(matches!(game.state.phase, Phase::Orders { line_moved: true, .. }), "{:?}", game.state.phase);
}

#[test]
fn a_line_unit_broken_by_entry_fire_routs_only_after_the_whole_line_has_moved_gba_8_21_p140() {
    // hc2 breaks at its first hit.
    let mut game = line_given(1, &[0]);
    first_up(&mut game, "hc2", &["0504", "0604"]);
    assert_eq!(
        ok(&mut game, mv("hc1", &["0503", "0603"], Vertex::E)),
        vec![moved("hc1", &["0503", "0603"]), deferred("hc1")]
    );
    assert_eq!(ok(&mut game, mv("hc3", &["0505", "0605"], Vertex::E)), vec![moved("hc3", &["0505", "0605"])]);
    ok(&mut game, Command::LineDone);
    let mut want = volley("hc2", 0, 1);
    want.push(Event::ReactionEnded);
    want.push(Event::UnitRouted {
        unit: "hc2".into(),
        path: vec![h("0504"), h("0403")],
        placement: Placement::One(h("0403")),
        facing: Vertex::W,
        supply: Supply::Full,
        rule: "10.21".into(),
    });
    assert_eq!(ok(&mut game, fire("bows", "hc2")), want);
}

#[test]
fn ending_orders_with_the_line_still_moving_brings_its_entry_fire_first_gba_8_21_p140() {
    let mut game = line_given(1, &[0]);
    first_up(&mut game, "hc2", &["0504", "0604"]);
    ok(&mut game, mv("hc1", &["0503", "0603"], Vertex::E));
    let events = ok(&mut game, Command::EndOrders);
    assert_eq!(
        events,
        vec![Event::LineFireOffered {
            side: 1,
            leader: "king".into(),
            firers: vec!["bows".into()],
            entries: entries(&["hc2", "hc1"]),
            end_orders: true,
        }]
    );
    let events = ok(&mut game, fire("bows", "hc2"));
    // The broken unit routs before the orders end: it is not among the shock's attackers.
    let tail: Vec<&Event> = events.iter().skip(4).collect();
    assert!(matches!(tail[0], Event::UnitRouted { unit, .. } if unit == "hc2"), "{events:?}");
    assert_eq!(tail[1], &Event::OrdersEnded { leader: "king".into() });
    assert_eq!(
        tail[2],
        &Event::ShockSegmentBegan { leader: "king".into(), must: vec!["hc1".into()], optional: vec![] }
    );
}

#[test]
fn after_the_line_has_moved_its_units_move_no_more_gba_8_21_p140() {
    let mut game = line_given(7, &[]);
    ok(&mut game, mv("hc3", &["0505"], Vertex::E));
    // Nothing came into a zone: the move just ends.
    assert_eq!(ok(&mut game, Command::LineDone), vec![Event::LineMoveEnded { leader: "king".into() }]);
    let err = game.execute(&mv("hc1", &["0503"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), "8.21", "{err}");
    assert_eq!(game.execute(&Command::LineDone).unwrap_err().rule(), "8.21");
    assert!(!legal_commands(&game).iter().any(|c| matches!(c, Command::Move { .. } | Command::LineDone)));
}

#[test]
fn units_on_individual_orders_are_shot_at_as_they_come_into_the_zone_gba_8_21() {
    let (mut game, _) = field(7).start(&[0]);
    ok(&mut game, activate("king"));
    let events = ok(&mut game, mv("hc2", &["0504", "0604"], Vertex::E));
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(events[0], moved("hc2", &["0504", "0604"]));
    assert!(
        matches!(&events[1], Event::ReactionOffered { mover, firers, fire_kind: ReactionFire::Entry, .. }
            if mover == "hc2" && firers == &vec!["bows".to_string()]),
        "{events:?}"
    );
    // The archers may still turn (7.16): the pause goes on.
    assert_eq!(ok(&mut game, fire("bows", "hc2")), volley("hc2", 0, 1));
    assert!(matches!(game.state.phase, Phase::Reaction { .. }));
}

#[test]
fn a_unit_advancing_after_combat_into_an_archers_zone_is_shot_at_gba_8_21_9_35_p142() {
    // Blue's hypaspists break red's foot at 0605; red's archers at 0705 face west over it.
    let red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W"), unit("bows", "LI", "", 3, 5, 5, "A", "0705", "W")];
    let f = Field {
        units: [vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[0, 9, 9, 0]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    // The red foot may turn to face it (7.16); it keeps its facing.
    assert_eq!(ok(&mut game, Command::EndReaction), vec![Event::ReactionEnded]);
    assert_eq!(end_orders(&mut game).len(), 2, "orders ended, the shock segment begun");
    let mut events = ok(&mut game, Command::Shock { attackers: vec![] });
    // The red foot routs where its owner chooses between equal hexes (P120).
    events.extend(common::rout_first(&mut game));
    let advanced = Event::UnitAdvanced { unit: "hyp".into(), from: h("0505"), to: h("0605") };
    assert!(events.contains(&advanced), "{events:?}");
    // The free turn first (9.32): kept; then the archers' entry fire (9.35).
    let events = ok(&mut game, Command::TurnAfterAdvance { unit: "hyp".into(), facing: Vertex::E });
    assert!(
        matches!(events.last(), Some(Event::ReactionOffered { mover, firers, fire_kind: ReactionFire::Entry, withdrawers, after_shock: Some(_), .. })
            if mover == "hyp" && firers == &vec!["bows".to_string()] && withdrawers.is_empty()),
        "{events:?}"
    );
    let events = ok(&mut game, fire("bows", "hyp"));
    assert_eq!(
        &events[..3],
        &[
            Event::DieRolled {
                roll: 0,
                purpose: RollPurpose::MissileFire { unit: "bows".into(), target: "hyp".into() }
            },
            Event::MissileFired {
                unit: "bows".into(),
                target: "hyp".into(),
                range: 1,
                strength: 4,
                drm: 3,
                hit: true,
                hits: 1,
                supply: Supply::Full,
                reaction: Some(ReactionFire::Entry),
            },
            Event::CohesionHits { unit: "hyp".into(), hits: 1, cause: HitCause::Missile },
        ]
    );
    assert_eq!(events.len(), 3, "{events:?}");
    ok(&mut game, Command::EndReaction);
    // Then the orders phase ends as usual.
    assert!(matches!(game.state.phase, Phase::Momentum { .. } | Phase::Activation { .. }), "{:?}", game.state.phase);
}

/// Seeded random games on a field of cavalry and archers: every command the random player picks
/// is accepted, each game replays to the same state, and between them they reach the entry-fire
/// pause after a line's move and fire in it (8.21, P140).
#[test]
fn random_games_reach_the_entry_fire_pause_after_a_line_move_gba_8_21_p140() {
    let mut f = field(7);
    f.units[1].push(unit("bows2", "LI", "", 3, 5, 5, "A", "0706", "W"));
    f.units[1].push(unit("bows3", "LI", "", 3, 5, 5, "A", "0702", "W"));
    let scenario = std::sync::Arc::new(sarissa_rules::load("field.toml", &f.toml()).unwrap_or_else(|e| panic!("{e}")));
    let (mut offered, mut fired) = (0, 0);
    for seed in 0..40u64 {
        let dice = || sarissa_rules::Dice::seeded(seed);
        let (mut game, _) = sarissa_rules::Game::new(scenario.clone(), dice()).unwrap();
        let mut player = sarissa_rules::play::playout::RandomPlayer::new(seed);
        let mut played = Vec::new();
        for _ in 0..60 {
            let Some(c) = player.choose(&game) else { break };
            let in_pause = matches!(&game.state.phase, Phase::Reaction { line_fire: Some(_), .. });
            let events = game.execute(&c).unwrap_or_else(|e| panic!("seed {seed}: {c:?} refused: {e}"));
            offered += events.iter().filter(|e| matches!(e, Event::LineFireOffered { .. })).count();
            fired += usize::from(in_pause && matches!(c, Command::Fire { .. }));
            played.push(c);
        }
        let replayed = sarissa_rules::Game::replay(scenario.clone(), dice(), &played).unwrap();
        assert_eq!(replayed.state_hash(), game.state_hash(), "seed {seed}");
    }
    assert!(offered > 0 && fired > 0, "offered {offered}, fired {fired}");
}
