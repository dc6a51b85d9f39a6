//! Two-hex columns (GBA 6.6, 6.61–6.67; ruling P45), with loaded dice. A two-hex column lies end
//! to end and faces the hexside at its head, stored as the vertex of the same index
//! (`facing::Heading`): N is stored as NE, S as SW, SE as SE.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, HitCause, Phase};
use sarissa_rules::map::facing::{hexes_in, Arc, Heading};
use sarissa_rules::map::hex::{Hexside, Vertex};
use sarissa_rules::movement::formation_reach;
use sarissa_rules::scenario::units::Placement;
use sarissa_rules::Game;

/// The stored facing of a column whose head faces `side`.
fn side(s: Hexside) -> Vertex {
    Heading::Hexside(s).stored().0
}

fn to(unit: &str, a: &str, b: &str, facing: Vertex) -> Command {
    Command::MoveTo { unit: unit.into(), to: Placement::Two(h(a), h(b)), facing, with: None }
}

fn two(a: &str, b: &str) -> Placement {
    Placement::Two(h(a), h(b))
}

/// Blue's phalanx (TQ 7, MA 4/5) at `at` facing `facing`; red far off unless given.
fn field(at: &str, facing: &str, red: Vec<String>) -> Field {
    let red = if red.is_empty() { vec![unit("far", "HI", "", 5, 6, 4, "", "1210", "W")] } else { red };
    Field {
        units: [vec![unit("ph", "PH", "MA", 8, 7, 4, "", at, facing)], red],
        leaders: [vec![leader("hero", "overall", 2, 8, "0401")], vec![leader("foe", "overall", 6, 8, "1202")]],
        ..Field::default()
    }
}

/// Starts the game, blue's phalanx In Column with its head across `head` if given, and activates
/// the hero.
fn start(f: &Field, head: Option<Hexside>, dice: &[u8]) -> Game {
    let (mut game, _) = f.start(dice);
    if let Some(s) = head {
        game.state.units[0].column = true;
        game.state.units[0].facing = side(s);
    }
    ok(&mut game, activate("hero"));
    game
}

fn cost(game: &Game, a: &str, b: &str, facing: Vertex) -> Option<(u8, u8, bool)> {
    formation_reach(&game.scenario, &game.state, 0)
        .into_iter()
        .find(|d| d.is_at(&two(a, b)) && d.facing == facing)
        .map(|d| (d.mp, d.hits, d.column))
}

#[test]
fn a_two_hex_unit_forms_column_in_place_for_1_mp_naming_its_head_gba_6_61_6_63() {
    let mut game = start(&field("0505-0506", "E", vec![]), None, &[]);
    // Its halves share the N–S hexside: the head faces N (0505) or S (0506).
    assert_eq!(cost(&game, "0505", "0506", side(Hexside::S)), Some((1, 0, true)));
    assert_eq!(cost(&game, "0505", "0506", side(Hexside::N)), Some((1, 0, true)));
    // After a step forward, 1 more MP.
    assert_eq!(cost(&game, "0605", "0606", side(Hexside::N)), Some((2, 0, true)));
    let events = ok(&mut game, to("ph", "0505", "0506", side(Hexside::S)));
    assert_eq!(
        events[..2],
        [
            Event::UnitMoved {
                unit: "ph".into(),
                path: vec![],
                placement: two("0505", "0506"),
                facing: Vertex::E,
                mp: 1
            },
            Event::FormationChanged { unit: "ph".into(), column: true, facing: side(Hexside::S) },
        ]
    );
    assert!(game.state.units[0].column);
    assert_eq!(game.state.units[0].heading(), Heading::Hexside(Hexside::S));
}

#[test]
fn no_change_into_column_in_an_enemy_zoc_gba_6_61() {
    // Red foot at 0604 facing SW has 0505 in its zone.
    let red = vec![unit("red", "MI", "", 4, 5, 5, "", "0604", "SW")];
    let game = start(&field("0505-0506", "E", red), None, &[]);
    assert!(formation_reach(&game.scenario, &game.state, 0).iter().all(|d| !d.column));
}

#[test]
fn a_two_hex_column_moves_head_first_the_tail_following_gba_6_64_6_62() {
    // In column, head at 0503 facing S: 6 MP (the phalanx's higher MA + 1, 6.62).
    let game = start(&field("0502-0503", "E", vec![]), Some(Hexside::S), &[]);
    // Straight on: each step 1 MP, the tail into the hex the head left.
    assert_eq!(cost(&game, "0503", "0504", side(Hexside::S)), Some((1, 0, true)));
    assert_eq!(cost(&game, "0508", "0509", side(Hexside::S)), Some((6, 0, true)));
    assert_eq!(cost(&game, "0509", "0510", side(Hexside::S)), None, "7 MP");
    // The head swings into a hex beside the one ahead, free; the tail takes the hex it left.
    assert_eq!(cost(&game, "0503", "0603", side(Hexside::SE)), Some((1, 0, true)));
    assert_eq!(cost(&game, "0403", "0503", side(Hexside::SW)), Some((1, 0, true)));
    // Never backwards, never turned in place, never as a line unless it leaves column (6.64).
    assert_eq!(cost(&game, "0501", "0502", side(Hexside::N)), None);
    assert_eq!(cost(&game, "0502", "0503", side(Hexside::N)), None);
    // Every pose in line is a column pose left at the end, 1 MP on (6.61).
    let all = formation_reach(&game.scenario, &game.state, 0);
    for d in all.iter().filter(|d| !d.column) {
        let column_there = |c: &&sarissa_rules::movement::Destination| c.column && c.is_at(&d.placement);
        let before = all.iter().filter(column_there).map(|c| c.mp).min().unwrap_or(0);
        assert!(d.mp == before + 1 || (d.is_at(&two("0502", "0503")) && d.mp == 1), "{d:?}");
    }
}

#[test]
fn a_column_order_moves_the_snake_without_the_augmented_check_gba_6_64_6_46() {
    let mut game = start(&field("0502-0503", "E", vec![]), Some(Hexside::S), &[9]);
    // Five steps, more than the printed MA 4: a column's own allowance, no 6.46 check.
    let events = ok(&mut game, to("ph", "0507", "0508", side(Hexside::S)));
    assert_eq!(
        events[0],
        Event::UnitMoved {
            unit: "ph".into(),
            path: vec![h("0507"), h("0508")],
            placement: two("0507", "0508"),
            facing: side(Hexside::S),
            mp: 5,
        }
    );
    assert!(!events.iter().any(|e| matches!(e, Event::DieRolled { .. } | Event::CohesionHits { .. })), "{events:?}");
    assert!(game.state.units[0].column);
}

#[test]
fn leaving_column_keeps_the_hexes_and_faces_a_long_side_gba_6_63() {
    let mut game = start(&field("0502-0503", "E", vec![]), Some(Hexside::S), &[]);
    // One step and the change: 2 MP; facing E or W, across its length.
    assert_eq!(cost(&game, "0503", "0504", Vertex::E), Some((2, 0, false)));
    assert_eq!(cost(&game, "0503", "0504", Vertex::W), Some((2, 0, false)));
    assert_eq!(cost(&game, "0503", "0504", Vertex::NE), None);
    let events = ok(&mut game, to("ph", "0503", "0504", Vertex::W));
    assert_eq!(
        events[..2],
        [
            Event::UnitMoved {
                unit: "ph".into(),
                path: vec![h("0504")],
                placement: two("0503", "0504"),
                facing: side(Hexside::S),
                mp: 2,
            },
            Event::FormationChanged { unit: "ph".into(), column: false, facing: Vertex::W },
        ]
    );
    assert!(!game.state.units[0].column);
}

#[test]
fn a_two_hex_column_has_one_front_hex_two_flank_and_five_rear_gba_6_63() {
    let at = two("0502", "0503");
    let heading = Heading::Hexside(Hexside::S);
    assert_eq!(hexes_in(&at, heading, Arc::Front), vec![h("0504")]);
    let mut flank = hexes_in(&at, heading, Arc::Flank);
    flank.sort();
    assert_eq!(flank, vec![h("0403"), h("0603")]);
    assert_eq!(hexes_in(&at, heading, Arc::Rear).len(), 5);
    // Its zone is that one hex.
    let game = start(&field("0502-0503", "E", vec![]), Some(Hexside::S), &[]);
    assert_eq!(sarissa_rules::map::zoc::zoc_of(&game.scenario, &game.state, 0), vec![h("0504")]);
}

#[test]
fn a_two_hex_column_shock_attacked_reverts_without_turning_with_a_hit_gba_6_66() {
    // Red's LI at 0504 facing SW has the column's head (0505, facing N) in its ZOC, head on.
    let red = vec![unit("red", "LI", "", 2, 6, 6, "", "0504", "SW")];
    let (mut game, _) = field("0505-0506", "E", red).start(&[0; 12]);
    game.state.units[0].column = true;
    game.state.units[0].facing = side(Hexside::N);
    if offered(&game).contains(&"hero".to_string()) {
        ok(&mut game, pass("hero"));
    }
    ok(&mut game, activate("foe"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::Shock { attackers: vec!["red".into()] });
    let at = events
        .iter()
        .position(|e| matches!(e, Event::FormationChanged { .. }))
        .unwrap_or_else(|| panic!("{events:#?}"));
    // It stays in its hexes and faces the long side 90° clockwise of its head: E.
    assert_eq!(events[at], Event::FormationChanged { unit: "ph".into(), column: false, facing: Vertex::E });
    assert_eq!(events[at + 1], Event::CohesionHits { unit: "ph".into(), hits: 1, cause: HitCause::ColumnBroken });
    assert_eq!(game.state.units[0].placement, two("0505", "0506"));
}

#[test]
fn a_two_hex_column_is_not_offered_orderly_withdrawal_gba_6_67() {
    // Red hoplites (MA 4) at 0805-0806 from blue foot of MA 3: in line it may withdraw; not in column.
    let phase = |column: bool| {
        let f = Field {
            units: [
                vec![unit("blue", "MI", "", 4, 5, 3, "", "0405", "E")],
                vec![unit("red", "HI", "HO", 8, 6, 4, "", "0805-0806", "W")],
            ],
            leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![leader("foe", "overall", 6, 4, "1210")]],
            ..Field::default()
        };
        let (mut game, _) = f.start(&[]);
        if column {
            game.state.units[1].column = true;
            game.state.units[1].facing = side(Hexside::S);
        }
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("blue", &["0505", "0605"], Vertex::E));
        game.state.phase.clone()
    };
    assert!(matches!(phase(false), Phase::Reaction { withdrawers, .. } if withdrawers == ["red"]));
    assert!(matches!(phase(true), Phase::Orders { .. }));
}

#[test]
fn under_chandragupta_the_change_is_free_gba_6_61_cg_d31() {
    let mut f = field("0505-0506", "E", vec![]);
    f.rules = "chandragupta";
    let game = start(&f, None, &[]);
    assert_eq!(cost(&game, "0505", "0506", side(Hexside::S)), Some((0, 0, true)));
}

#[test]
fn a_two_hex_column_order_reads_and_writes_as_notation_gba_6_63() {
    let c = to("ph", "0505", "0506", side(Hexside::S));
    let text = sarissa_rules::play::notation::format(&c);
    assert_eq!(text, "move ph to 0505-0506 column S");
    assert_eq!(sarissa_rules::play::notation::parse(&text), Ok(Some(c)));
    let line = to("ph", "0505", "0506", Vertex::E);
    assert_eq!(sarissa_rules::play::notation::format(&line), "move ph to 0505-0506 facing E");
}
