//! House rule B7, dense woods, inspired by the Mutford house rules (issue 23, rulings
//! P356–P363): switched on by `dense_woods`, played through `Game::execute` with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, RollPurpose};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::Placement;

const DENSE: &str = "dense_woods";

fn woods_die(unit: &str, roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::HouseRule { unit: unit.into(), rule: "House B7".into() } }
}

/// Blue's `units` under "hero" (initiative 5, at 0405), red's horse far off at 1109; woods in
/// `woods`; the rule on or off. Hero is active.
fn field(units: Vec<String>, woods: &[&'static str], on: bool, dice: &[u8]) -> sarissa_rules::Game {
    armies(units, vec![unit("r", "HC", "", 3, 6, 7, "", "1109", "W")], woods, on, dice)
}

/// Blue's `blue` under "hero" against red's `red`, woods in `woods`, the rule on or off; hero
/// is active.
fn armies(blue: Vec<String>, red: Vec<String>, woods: &[&'static str], on: bool, dice: &[u8]) -> sarissa_rules::Game {
    let f = Field {
        terrain: woods.iter().map(|&w| (w, 'w')).collect(),
        units: [blue, red],
        leaders: [vec![leader("hero", "overall", 5, 8, "0405")], vec![leader("foe", "overall", 6, 4, "1210")]],
        optional: if on { vec![DENSE] } else { vec![] },
        ..Field::default()
    };
    let (mut game, _) = f.start(dice);
    ok(&mut game, activate("hero"));
    game
}

/// The light infantry `li` moved along `path` to `at`, facing `facing`, for `mp`.
fn li_moved(path: &[&str], at: &str, facing: Vertex, mp: u8) -> Event {
    let path = path.iter().map(|p| h(p)).collect();
    Event::UnitMoved { unit: "li".into(), path, placement: Placement::One(h(at)), facing, mp }
}

/// Every hex of columns 03–09, rows 02–09: a wood whose inner hexes have woods all round.
fn forest() -> Vec<&'static str> {
    let all: Vec<String> = (3..=9).flat_map(|c| (2..=9).map(move |r| format!("{c:02}{r:02}"))).collect();
    all.into_iter().map(|s| &*Box::leak(s.into_boxed_str())).collect()
}

#[test]
fn house_b7_dense_woods_are_closed_to_horse_elephants_chariots_and_formed_foot() {
    for (kind, missile) in [("HC", ""), ("LC", "J"), ("EL", "J"), ("CH", "J"), ("HI", ""), ("MI", "")] {
        let mut game = field(vec![unit("u", kind, "", 4, 6, 6, missile, "0505", "E")], &["0605"], true, &[]);
        let refused = game.execute(&mv("u", &["0605"], Vertex::E)).unwrap_err();
        assert_eq!(refused.rule(), "House B7", "{kind}: {refused}");
        assert!(refused.to_string().contains("dense woods of 0605"), "{kind}: {refused}");
    }
    // A phalanx, two hexes wide: its destination is refused by the same rule.
    let mut game = field(vec![unit("ph", "PH", "", 10, 7, 4, "", "0505-0506", "E")], &["0605"], true, &[]);
    let to =
        Command::MoveTo { unit: "ph".into(), to: Placement::Two(h("0605"), h("0606")), facing: Vertex::E, with: None };
    assert_eq!(refused_rule(&mut game, to), "House B7");
}

#[test]
fn house_b7_light_foot_and_skirmishers_enter_and_with_the_rule_off_horse_does_too() {
    for (kind, size) in [("LI", 2), ("SK", 1)] {
        let mut game = field(vec![unit("u", kind, "", size, 6, 6, "J", "0505", "E")], &["0605"], true, &[]);
        let events = ok(&mut game, mv("u", &["0605"], Vertex::E));
        let moved = Event::UnitMoved {
            unit: "u".into(),
            path: vec![h("0605")],
            placement: Placement::One(h("0605")),
            facing: Vertex::E,
            mp: 2,
        };
        assert_eq!(events, [moved], "{kind}");
    }
    // Off: plain woods, which horse may enter at their chart cost (3 MP and a hit, GBA 6.21).
    let mut game = field(vec![unit("u", "HC", "", 4, 6, 6, "", "0505", "E")], &["0605"], false, &[]);
    let events = ok(&mut game, mv("u", &["0605"], Vertex::E));
    assert!(matches!(&events[0], Event::UnitMoved { mp: 3, .. }), "{events:?}");
}

#[test]
fn house_b7_the_listing_offers_horse_no_dense_woods_hex_and_light_foot_some() {
    let woods = ["0605", "0606", "0604"];
    let listed = |kind: &str, on: bool| {
        let game = field(vec![unit("u", kind, "", 3, 6, 6, "J", "0505", "E")], &woods, on, &[]);
        let ends = sarissa_rules::play::legal::destinations(&game.scenario, &game.state, idx(&game, "u"));
        ends.iter().filter(|d| woods.iter().any(|w| d.hex == h(w))).count()
    };
    assert_eq!(listed("LC", true), 0);
    assert!(listed("LC", false) > 0);
    assert!(listed("LI", true) > 0);
}

#[test]
fn house_b7_missiles_reach_one_hex_into_out_of_and_within_dense_woods() {
    let archers = |at: &str| unit("arch", "LI", "", 2, 6, 6, "A", at, "E");
    let target = |at: &str| unit("t", "MI", "", 4, 6, 5, "", at, "W");
    // Into: archers at 0505, the target two hexes off in the wood at 0705.
    let mut game = two(archers("0505"), target("0705"), &["0705"], true, &[5]);
    assert_eq!(refused_rule(&mut game, fire("arch", "t")), "House B7");
    // Off, the same volley flies.
    let mut game = two(archers("0505"), target("0705"), &["0705"], false, &[5]);
    let events = ok(&mut game, fire("arch", "t"));
    assert_eq!(volleys(&events), [("arch".to_string(), 2, 0, None)]);
    // Out of: archers in the wood at 0505, the target at 0705 in the open.
    let mut game = two(archers("0505"), target("0705"), &["0505"], true, &[5]);
    assert_eq!(refused_rule(&mut game, fire("arch", "t")), "House B7");
    // Beside it, into and within: one hex flies.
    let mut game = two(archers("0505"), target("0605"), &["0505", "0605"], true, &[0]);
    let events = ok(&mut game, fire("arch", "t"));
    assert_eq!(volleys(&events), [("arch".to_string(), 1, 1, None)]);
}

/// Blue's `a` against red's `b` alone, woods in `woods`, hero active.
fn two(a: String, b: String, woods: &[&'static str], on: bool, dice: &[u8]) -> sarissa_rules::Game {
    armies(vec![a], vec![b], woods, on, dice)
}

fn light(at: &str) -> Vec<String> {
    vec![unit("li", "LI", "", 2, 6, 6, "J", at, "E")]
}

#[test]
fn house_b7_deep_inside_a_0_loses_the_way_turned_left_before_the_first_hex() {
    let mut game = field(light("0605"), &forest(), true, &[0]);
    let events = ok(&mut game, mv("li", &["0705", "0805"], Vertex::E));
    assert_eq!(
        events,
        [
            woods_die("li", 0),
            li_moved(&[], "0605", Vertex::NE, 0),
            Event::LostWay { unit: "li".into(), hex: h("0605"), facing: Vertex::NE },
        ]
    );
    // Its order is spent: it may not be ordered again this phase.
    assert_eq!(orders_left(&game), 4);
}

#[test]
fn house_b7_deep_inside_a_1_on_the_second_hex_stops_it_there_turned_right() {
    let mut game = field(light("0605"), &forest(), true, &[4, 1]);
    let events = ok(&mut game, mv("li", &["0705", "0805"], Vertex::E));
    assert_eq!(
        events,
        [
            woods_die("li", 4),
            woods_die("li", 1),
            li_moved(&["0705"], "0705", Vertex::SE, 2),
            Event::LostWay { unit: "li".into(), hex: h("0705"), facing: Vertex::SE },
        ]
    );
}

#[test]
fn house_b7_deep_inside_other_dice_go_on_and_the_last_hex_rolls_none() {
    let mut game = field(light("0605"), &forest(), true, &[5, 9]);
    let events = ok(&mut game, mv("li", &["0705", "0805"], Vertex::E));
    assert_eq!(events, [woods_die("li", 5), woods_die("li", 9), li_moved(&["0705", "0805"], "0805", Vertex::E, 4),]);
}

#[test]
fn house_b7_at_the_woods_edge_or_with_the_rule_off_no_die_is_rolled() {
    // 0305 has clear ground to its west: not deep inside. No dice are loaded.
    let mut game = field(light("0305"), &forest(), true, &[]);
    ok(&mut game, mv("li", &["0405"], Vertex::E));
    let mut game = field(light("0605"), &forest(), false, &[]);
    let events = ok(&mut game, mv("li", &["0705", "0805"], Vertex::E));
    assert!(matches!(&events[..], [Event::UnitMoved { .. }]), "{events:?}");
}

#[test]
fn house_b7_a_leader_goes_into_dense_woods_on_foot() {
    let mut game = field(light("0305"), &["0505"], true, &[]);
    let events = ok(&mut game, Command::MoveLeader { leader: "hero".into(), path: vec![h("0505")] });
    assert!(matches!(&events[..], [Event::LeaderMoved { mp: 2, .. }, ..]), "{events:?}");
}

#[test]
fn house_b7_is_offered_where_the_map_has_woods_in_both_books() {
    let offered = |id: &str| {
        let path = format!("{}/../../scenarios/{id}.toml", env!("CARGO_MANIFEST_DIR"));
        let s = sarissa_rules::load(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        s.optional_choices().into_iter().find(|c| c.key == DENSE).map(|c| (c.rule, c.house, c.default, c.about))
    };
    assert_eq!(offered("chaeronea"), None, "no woods on the Cephisus plain");
    for id in ["granicus", "issus", "samarkand", "pataliputra", "takshashila"] {
        let (rule, house, default, about) = offered(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!((rule, house, default), ("House B7", true, false), "{id}");
        assert!(about.contains(sarissa_rules::scenario::HOUSE_CREDIT), "{id}");
    }
}
