//! Line composition (GBA 4.33, CG 4.33): flank to flank or front to rear, never both, and a line
//! of the units the player names (4.32; P260, P261).

mod common;
use common::*;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event, RuleError};
use sarissa_rules::map::hex::{HexId, Hexside};
use sarissa_rules::scenario::units::LineType;

/// One-hex hoplites facing east: `a` at 0505, `b` beside it to the south (flank to flank), `c`
/// in the hex ahead of both (front to rear with each), `d` north of `a` turned north-east, so
/// that `a` stands in its rear; the king two hexes behind.
fn hexes() -> [HexId; 4] {
    let a = h("0505");
    let b = a.neighbour(Hexside::S).unwrap();
    let c = a.neighbour(Hexside::SE).unwrap();
    assert_eq!(b.neighbour(Hexside::NE), Some(c), "c is ahead of both a and b");
    let d = a.neighbour(Hexside::N).unwrap();
    [a, b, c, d]
}

fn field(rules: &'static str) -> Field {
    let [a, b, c, d] = hexes().map(|x| x.to_string());
    let hoplite = |id: &str, at: &str, facing: &str| unit(id, "HI", "HY", 5, 6, 5, "", at, facing);
    let mut f = Field {
        rules,
        units: [
            vec![hoplite("a", &a, "E"), hoplite("b", &b, "E"), hoplite("c", &c, "E"), hoplite("d", &d, "NE")],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1210", "W")],
        ],
        leaders: [
            vec![format!("{{ id = \"king\", name = \"king\", role = \"overall\", initiative = 2, command_range = 4, charisma = 1, personal_combat = 3, line_command = true, strategy = 0, at = \"0305\" }}")],
            vec![leader("foe", "overall", 9, 4, "1209")],
        ],
        ..Field::default()
    };
    f.macedonian = [false, false];
    f
}

fn line(anchor: &str, formation: Formation, units: &[&str]) -> Command {
    Command::LineCommand {
        line: LineType::parse("HI/HY").unwrap(),
        anchor: anchor.into(),
        formation,
        units: units.iter().map(|u| u.to_string()).collect(),
    }
}

fn declared(units: &[&str]) -> Vec<Event> {
    vec![Event::LineDeclared {
        leader: "king".into(),
        line: "HI/HY".into(),
        units: units.iter().map(|u| u.to_string()).collect(),
        via_proximity: false,
    }]
}

fn refusal(game: &mut sarissa_rules::play::Game, command: Command) -> (&'static str, String) {
    match game.execute(&command) {
        Err(RuleError::LineCommand { rule, reason, .. }) => (rule, reason),
        other => panic!("expected a line command refusal, got {other:?}"),
    }
}

/// The test field's sides, with one-hex heavy infantry on their line command chart.
fn started(rules: &'static str) -> sarissa_rules::play::Game {
    let toml = field(rules).toml().replace("\"HI/HO\"", "\"HI/HY\"");
    let scenario = sarissa_rules::load("field.toml", &toml).unwrap_or_else(|e| panic!("{e}"));
    let (mut game, _) =
        sarissa_rules::play::Game::new(std::sync::Arc::new(scenario), sarissa_rules::game::Dice::scripted(&[]))
            .expect("the game starts");
    no_pw(&mut game);
    ok(&mut game, activate("king"));
    game
}

#[test]
fn a_deep_line_takes_no_unit_flank_to_flank_with_one_in_it_gba_4_33() {
    let mut game = started("alexander");
    // a and c are front to rear; b is front to rear with c too, but flank to flank with a: not
    // both kinds in one line.
    assert_eq!(ok(&mut game, line("a", Formation::Deep, &[])), declared(&["a", "c"]));
}

#[test]
fn a_deep_line_takes_no_unit_flank_to_flank_with_one_in_it_cg_4_33() {
    let mut game = started("chandragupta");
    assert_eq!(ok(&mut game, line("b", Formation::Deep, &[])), declared(&["b", "c"]));
}

#[test]
fn flank_to_flank_is_both_ways_a_unit_turned_away_is_not_in_the_line_gba_4_33() {
    let mut game = started("alexander");
    // d stands in a's flank, but a in d's rear: neither flank to flank nor front to rear.
    assert_eq!(ok(&mut game, line("a", Formation::Abreast, &[])), declared(&["a", "b"]));
}

#[test]
fn the_player_names_the_units_of_the_line_gba_4_33() {
    let mut game = started("alexander");
    // Deep from c, the whole line would take a; the player may take b instead (4.32).
    assert_eq!(ok(&mut game, line("c", Formation::Deep, &["c", "b"])), declared(&["b", "c"]));
}

#[test]
fn named_units_that_mix_flank_and_rear_are_refused_gba_4_33() {
    let mut game = started("alexander");
    let (rule, reason) = refusal(&mut game, line("c", Formation::Deep, &["a", "b", "c"]));
    assert_eq!(rule, "4.33");
    assert!(reason.contains("would not be in it"), "{reason}");
    let (rule, reason) = refusal(&mut game, line("a", Formation::Abreast, &["a", "c"]));
    assert_eq!((rule, reason.as_str()), ("4.33", "the units named are not one line: c would not be in it (a line's units are adjacent, each flank to flank with the next and none front to rear with another)"));
    let (rule, reason) = refusal(&mut game, line("a", Formation::Abreast, &["b"]));
    assert_eq!((rule, reason.as_str()), ("4.33", "the units named must include a, the unit the line is joined to"));
    let (rule, reason) = refusal(&mut game, line("a", Formation::Abreast, &["a", "r"]));
    assert_eq!((rule, reason.as_str()), ("4.33", "r is not a unit of a HI/HY line he may command now"));
    // Nothing was declared: the whole line may still be given.
    assert_eq!(ok(&mut game, line("a", Formation::Abreast, &["a", "b"])), declared(&["a", "b"]));
}

#[test]
fn named_units_that_mix_flank_and_rear_are_refused_cg_4_33() {
    let mut game = started("chandragupta");
    let (rule, _) = refusal(&mut game, line("a", Formation::Deep, &["a", "b", "c"]));
    assert_eq!(rule, "4.33");
    assert_eq!(ok(&mut game, line("a", Formation::Deep, &["a", "c"])), declared(&["a", "c"]));
}

#[test]
fn the_legal_listing_offers_each_whole_line_gba_4_33() {
    let game = started("alexander");
    let legal = sarissa_rules::play::legal::legal_commands(&game);
    for (anchor, formation) in [("a", Formation::Abreast), ("a", Formation::Deep), ("b", Formation::Deep)] {
        assert!(legal.contains(&line(anchor, formation, &[])), "{anchor} {formation:?}");
    }
    // No subsets are listed: the player narrows a whole line by naming its units.
    assert!(!legal.iter().any(|c| matches!(c, Command::LineCommand { units, .. } if !units.is_empty())));
}

#[test]
fn the_units_of_a_line_round_trip_through_the_notation_gba_4_33() {
    let command = line("c", Formation::Deep, &["c", "b"]);
    let text = sarissa_rules::play::notation::format(&command);
    assert_eq!(text, "line HI/HY from c deep units c b");
    assert_eq!(sarissa_rules::play::notation::parse(&text), Ok(Some(command)));
    assert!(sarissa_rules::play::notation::parse("line HI/HY from c deep c b").is_err());
}
