//! Camp command (CG 12.17, first two sentences; 4.53; rulings P179): inside a camp a Nayaka
//! gives a line command without a Wing Command, and a subordinate without the overall
//! commander's range.
//!
//! Blue's camp on the test field (as in `cg_camps.rs`): 0605 outer ring, 0705 and 0706 the camp
//! proper, 0805 the second enclosure, 0905 and 0906 the royal enclosure.

mod common;
use common::*;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event, Phase, RollPurpose};
use sarissa_rules::play::Game;
use sarissa_rules::scenario::units::LineType;

const SENAPATI: &str = "{ id = \"senapati\", name = \"senapati\", role = \"wing\", initiative = 5, command_range = 2, charisma = 1, line_command = true, strategy = 3, at = \"0101\" }";

fn nayaka(at: &str) -> String {
    format!("{{ id = \"n1\", name = \"n1\", role = \"nayaka\", wing = \"senapati\", initiative = 1, command_range = 2, charisma = 1, line_types = [\"HC\"], at = \"{at}\" }}")
}

fn subordinate(at: &str) -> String {
    format!("{{ id = \"sc\", name = \"sc\", role = \"subordinate\", initiative = 3, command_range = 3, charisma = 1, line_command = true, strategy = 2, at = \"{at}\" }}")
}

/// Blue's horse `hc` at `at` with `commander` stacked there; the raja (initiative 6, range 1)
/// far off at 0209, the wing commander at 0101; red far away.
fn field(at: &str, commander: String) -> Field {
    let mut f = camp_field(
        vec![unit("hc", "HC", "", 3, 6, 7, "", at, "E")],
        vec![unit("r", "MI", "", 4, 5, 5, "", "1201", "W")],
        6,
        7,
    );
    f.leaders[0] = vec![leader("raja", "overall", 6, 1, "0209"), SENAPATI.to_string(), commander];
    f
}

fn hc_line() -> Command {
    Command::LineCommand {
        line: LineType::parse("HC").unwrap(),
        anchor: "hc".into(),
        formation: Formation::Abreast,
        units: Vec::new(),
    }
}

fn declared(leader: &str) -> Vec<Event> {
    vec![Event::LineDeclared {
        leader: leader.into(),
        line: "HC".into(),
        units: vec!["hc".into()],
        via_proximity: false,
    }]
}

/// Passes every leader offered before `id`, then activates him.
fn up_to(game: &mut Game, id: &str) {
    while !offered(game).contains(&id.to_string()) {
        let first = offered(game)[0].clone();
        ok(game, pass(&first));
    }
    ok(game, activate(id));
}

/// Passes every leader until turn 2 begins.
fn to_turn_two(game: &mut Game) {
    while game.state.turn == 1 {
        match &game.state.phase {
            Phase::Activation { leaders, .. } => {
                let first = leaders[0].clone();
                ok(game, pass(&first));
            }
            other => panic!("unexpected decision {other:?}"),
        }
    }
}

#[test]
fn inside_a_camp_a_nayaka_gives_a_line_command_without_a_wing_command_cg_12_17() {
    // In the camp proper, stacked with his horse.
    let mut game = start_camp(&field("0706", nayaka("0706")), &[]);
    up_to(&mut game, "n1");
    assert_eq!(ok(&mut game, hc_line()), declared("n1"));
    // The line moves and his phase ends as any other.
    ok(&mut game, mv("hc", &[], sarissa_rules::map::hex::Vertex::NE));
    assert_eq!(
        end_orders(&mut game),
        [Event::OrdersEnded { leader: "n1".into() }, Event::MomentumOffered { leader: "n1".into() }]
    );
    // In the outer ring too (P179: any enclosure).
    let mut game = start_camp(&field("0605", nayaka("0605")), &[]);
    up_to(&mut game, "n1");
    assert_eq!(ok(&mut game, hc_line()), declared("n1"));
}

#[test]
fn outside_a_camp_a_nayaka_still_needs_a_wing_command_cg_4_53() {
    let mut game = start_camp(&field("0505", nayaka("0505")), &[]);
    up_to(&mut game, "n1");
    assert_eq!(game.execute(&hc_line()).unwrap_err().rule(), "CG 4.53");
}

#[test]
fn a_nayaka_in_a_camp_who_gave_an_individual_order_gives_no_line_command_cg_12_17_4_31() {
    let mut game = start_camp(&field("0706", nayaka("0706")), &[]);
    up_to(&mut game, "n1");
    ok(&mut game, mv("hc", &[], sarissa_rules::map::hex::Vertex::NE));
    assert_eq!(game.execute(&hc_line()).unwrap_err().rule(), "4.34");
}

#[test]
fn inside_a_camp_a_subordinate_needs_no_overall_commander_in_range_cg_12_17() {
    // Turn 2 (on turn 1 every subordinate gives line commands freely, 4.42): no strategy roll.
    let mut game = start_camp(&field("0706", subordinate("0706")), &[]);
    to_turn_two(&mut game);
    up_to(&mut game, "sc");
    assert_eq!(ok(&mut game, hc_line()), declared("sc"));
    // Outside the camp and out of the raja's range he rolls his strategy (a 2 passes).
    let mut game = start_camp(&field("0505", subordinate("0505")), &[2]);
    to_turn_two(&mut game);
    up_to(&mut game, "sc");
    let events = ok(&mut game, hc_line());
    assert_eq!(events[0], Event::DieRolled { roll: 2, purpose: RollPurpose::Strategy { leader: "sc".into() } });
    assert_eq!(events[1..], declared("sc")[..]);
}
