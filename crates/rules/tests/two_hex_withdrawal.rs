//! Orderly withdrawal of two-hex units (GBA 6.71–6.77, ruling P24), with loaded dice: the unit
//! steps straight back as a whole, both halves across a rear hexside, keeping its facing.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::movement::withdrawal::unit_withdrawals;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::scenario::units::Placement;

/// Blue's `mover` starts at 0405 facing E; red's two-hex unit waits at 0805-0806.
fn field(mover: String, red: String) -> Field {
    Field {
        units: [vec![mover], vec![red]],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    }
}

/// Red hoplites, TQ 6, MA 4, facing W.
fn hoplites() -> String {
    unit("red", "HI", "HO", 8, 6, 4, "", "0805-0806", "W")
}

/// Blue's foot marches E along row 05 to 0605, two hexes from red.
fn approach(f: Field, dice: &[u8]) -> sarissa_rules::Game {
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0505", "0605"], Vertex::E));
    game
}

fn slow(ma: u8) -> String {
    unit("blue", "MI", "", 4, 5, ma, "", "0405", "E")
}

fn withdraw(unit: &str, path: &[&str], facing: Vertex) -> Command {
    Command::Withdraw { unit: unit.into(), path: path.iter().map(|s| h(s)).collect(), facing, fire: false, with: None }
}

fn withdrawers(game: &sarissa_rules::Game) -> Vec<String> {
    match &game.state.phase {
        Phase::Reaction { withdrawers, .. } => withdrawers.clone(),
        _ => Vec::new(),
    }
}

fn ends(game: &sarissa_rules::Game) -> Vec<(Placement, Vertex, u8, u8)> {
    let red = game.scenario.units.iter().position(|u| u.id == "red").expect("red");
    unit_withdrawals(&game.scenario, &game.state, red)
        .into_iter()
        .map(|d| (d.placement, d.facing, d.mp, d.hits))
        .collect()
}

fn two(a: &str, b: &str) -> Placement {
    Placement::Two(h(a), h(b))
}

#[test]
fn a_two_hex_unit_steps_back_as_a_whole_keeping_its_facing_gba_6_71_6_72() {
    // Hoplites (MA 4) from foot of MA 3: 1 MP, one step straight back, either rear hexside.
    let mut game = approach(field(slow(3), hoplites()), &[4]);
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    assert_eq!(ends(&game), vec![(two("0905", "0906"), Vertex::W, 1, 0), (two("0906", "0907"), Vertex::W, 1, 0)]);
    let events = ok(&mut game, withdraw("red", &["0905", "0906"], Vertex::W));
    // Approached from the front: no hit before; the infantry hit after (6.72[1]); the check, 4
    // against TQ 6, passes (6.72[3]).
    assert_eq!(
        events[..3],
        [
            Event::UnitWithdrew {
                unit: "red".into(),
                path: vec![h("0905"), h("0906")],
                placement: two("0905", "0906"),
                facing: Vertex::W,
                mp: 1,
            },
            Event::CohesionHits { unit: "red".into(), hits: 1, cause: HitCause::Withdrawal },
            Event::DieRolled { roll: 4, purpose: RollPurpose::TqCheck { unit: "red".into(), rule: "6.72".into() } },
        ]
    );
    assert_eq!(game.state.units[1].placement, two("0905", "0906"));
    assert_eq!(game.state.units[1].facing, Vertex::W);
    assert_eq!(game.state.units[1].hits, 1);
    assert!(!game.state.units[1].moved, "a withdrawal is not a move under orders (6.74)");
}

#[test]
fn a_two_hex_unit_may_neither_turn_nor_go_past_its_allowance_gba_6_72_6_71() {
    let mut game = approach(field(slow(3), hoplites()), &[4]);
    let refused = |game: &mut sarissa_rules::Game, c: Command| match game.execute(&c) {
        Err(RuleError::IllegalMove { rule, .. }) => rule,
        other => panic!("{other:?}"),
    };
    // It keeps its facing (6.72); two-hex units turn only by moving (6.33).
    assert_eq!(refused(&mut game, withdraw("red", &["0905", "0906"], Vertex::E)), "6.7");
    // Two steps back need 2 MP; it has 1 (6.71).
    assert_eq!(refused(&mut game, withdraw("red", &["1005", "1006"], Vertex::W)), "6.7");
    // A single hex is not where a two-hex unit ends.
    assert_eq!(refused(&mut game, withdraw("red", &["0905"], Vertex::W)), "6.7");
    // Nothing happened: it may still withdraw.
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
}

#[test]
fn with_two_mp_it_steps_back_twice_and_the_event_lists_each_step_gba_6_71() {
    let mut game = approach(field(slow(2), hoplites()), &[2]);
    let options = ends(&game);
    assert!(options.contains(&(two("1005", "1006"), Vertex::W, 2, 0)), "{options:?}");
    assert!(options.iter().all(|(_, v, mp, _)| *v == Vertex::W && *mp <= 2), "{options:?}");
    let events = ok(&mut game, withdraw("red", &["1006", "1005"], Vertex::W));
    let Event::UnitWithdrew { path, placement, mp, .. } = &events[0] else { panic!("{events:?}") };
    assert_eq!((path.len(), *placement, *mp), (4, two("1005", "1006"), 2), "{events:?}");
}

#[test]
fn each_half_keeps_to_the_ground_limits_and_pays_the_higher_cost_gba_6_75_6_42() {
    // Woods (rough) behind the upper half closes the step that would put it there (6.75).
    let mut woods = field(slow(3), hoplites());
    woods.terrain = vec![("0905", 'w')];
    let game = approach(woods, &[]);
    assert_eq!(ends(&game), vec![(two("0906", "0907"), Vertex::W, 1, 0)]);
    // Rocky ground is open to it (6.75).
    let mut rocky = field(slow(2), hoplites());
    rocky.terrain = vec![("0905", 'r')];
    let game = approach(rocky, &[]);
    assert!(ends(&game).iter().any(|(p, ..)| *p == two("0905", "0906")), "{:?}", ends(&game));
    // A level up for one half: 2 MP for the whole unit (6.42), too much for 1 MP (T14).
    let mut uphill = field(slow(3), hoplites());
    uphill.elevation = vec![("0906", '1')];
    let game = approach(uphill, &[]);
    assert!(ends(&game).is_empty(), "{:?}", ends(&game));
    assert!(withdrawers(&game).is_empty(), "a unit with nowhere to go is not asked");
}

#[test]
fn no_half_may_end_in_an_enemy_zoc_or_start_in_one_gba_6_75_6_71() {
    // Blue cavalry at 1006 facing SW: its zone covers 0907, closing the lower step.
    let mut f = field(slow(3), hoplites());
    f.units[0].push(unit("horse", "LC", "J", 3, 5, 8, "J", "1006", "SW"));
    let game = approach(f, &[]);
    assert_eq!(ends(&game), vec![(two("0905", "0906"), Vertex::W, 1, 0)]);
    // Blue cavalry beside its lower half, facing it: it is in an enemy ZOC and may not withdraw.
    let mut f = field(slow(3), hoplites());
    f.units[0].push(unit("horse", "LC", "J", 3, 5, 8, "J", "0807", "NW"));
    let game = approach(f, &[]);
    assert!(withdrawers(&game).is_empty(), "{:?}", game.state.phase);
}

#[test]
fn a_phalanx_counts_ma_4_so_it_withdraws_only_from_slower_units_gba_6_71() {
    let phalanx = || unit("red", "PH", "MA", 8, 7, 4, "", "0805-0806", "W");
    let game = approach(field(slow(4), phalanx()), &[]);
    assert!(withdrawers(&game).is_empty(), "not faster than MA 4, even with its augmented 5");
    let game = approach(field(slow(3), phalanx()), &[]);
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    assert!(ends(&game).iter().all(|(_, _, mp, _)| *mp == 1), "4 − 3: one MP, not 5 − 3");
}

#[test]
fn from_the_flank_it_takes_the_approach_hit_first_and_a_failed_check_gba_6_72() {
    // Blue comes down column 08 from the north, onto the upper short end: a flank approach.
    let f = Field {
        units: [vec![unit("blue", "MI", "", 4, 5, 3, "", "0801", "SE")], vec![hoplites()]],
        leaders: [vec![leader("hero", "overall", 2, 8, "0101")], vec![leader("foe", "overall", 6, 4, "1210")]],
        ..Field::default()
    };
    let (mut game, _) = f.start(&[9]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("blue", &["0802", "0803"], Vertex::SE));
    assert_eq!(withdrawers(&game), vec!["red".to_string()]);
    let options = ends(&game);
    assert_eq!(options, vec![(two("0906", "0907"), Vertex::W, 1, 0)], "the upper step is no farther from 0803");
    let events = ok(&mut game, withdraw("red", &["0906", "0907"], Vertex::W));
    let causes: Vec<HitCause> = events
        .iter()
        .filter_map(|e| match e {
            Event::CohesionHits { cause, .. } => Some(cause.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(causes, vec![HitCause::WithdrawalApproach, HitCause::Withdrawal, HitCause::WithdrawalCheck]);
    assert!(matches!(events[0], Event::CohesionHits { cause: HitCause::WithdrawalApproach, .. }), "{events:?}");
    assert_eq!(game.state.units[1].hits, 3);
}

#[test]
fn the_random_player_is_offered_a_two_hex_withdrawal_gba_6_71() {
    let game = approach(field(slow(3), hoplites()), &[]);
    let legal = legal_commands(&game);
    assert!(legal.contains(&withdraw("red", &["0905", "0906"], Vertex::W)), "{legal:?}");
    assert!(legal.contains(&withdraw("red", &["0906", "0907"], Vertex::W)), "{legal:?}");
    assert!(legal.contains(&Command::EndReaction), "{legal:?}");
}
