//! Line commands (GBA 4.3) with loaded dice.

mod common;
use common::*;
use sarissa_rules::command::line::Formation;
use sarissa_rules::game::{Command, Event, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;
use sarissa_rules::scenario::units::{LineType, Placement};

fn l_leader(id: &str, role: &str, initiative: u8, range: u8, strategy: u8, extra: &str, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"{role}\", initiative = {initiative}, command_range = {range}, charisma = 1, personal_combat = 3, line_command = true, strategy = {strategy}{extra}, at = \"{at}\" }}")
}

/// Three phalanxes abreast in column 05 facing east, a gap, a fourth; two cavalry units.
fn field(blue_leaders: Vec<String>, terrain: Vec<(&'static str, char)>) -> Field {
    let mut f = Field {
        units: [
            vec![
                unit("ph1", "PH", "MA", 10, 7, 4, "", "0501-0502", "E"),
                unit("ph2", "PH", "MA", 10, 7, 4, "", "0503-0504", "E"),
                unit("ph3", "PH", "MA", 10, 7, 4, "", "0505-0506", "E"),
                unit("ph4", "PH", "MA", 10, 7, 4, "", "0508-0509", "E"),
                unit("hc1", "HC", "", 3, 7, 7, "", "0307", "E"),
                unit("hc2", "HC", "", 3, 7, 7, "", "0310", "E"),
            ],
            vec![unit("r", "HC", "", 3, 6, 7, "", "1210", "W")],
        ],
        leaders: [blue_leaders, vec![leader("foe", "overall", 9, 4, "1209")]],
        terrain,
        ..Field::default()
    };
    f.macedonian = [false, true];
    f
}

fn line(kind: &str, anchor: &str, formation: Formation) -> Command {
    Command::LineCommand { line: LineType::parse(kind).unwrap(), anchor: anchor.into(), formation, units: Vec::new() }
}

fn pose(a: &str, b: &str) -> Placement {
    Placement::Two(h(a), h(b))
}

fn declared(events: &[Event]) -> Option<Vec<String>> {
    events.iter().find_map(|e| match e {
        Event::LineDeclared { units, .. } => Some(units.clone()),
        _ => None,
    })
}

#[test]
fn an_infantry_line_is_the_unbroken_chain_of_like_units_gba_4_33() {
    let (mut game, _) = field(vec![l_leader("king", "overall", 2, 4, 0, "", "0404")], vec![]).start(&[]);
    ok(&mut game, activate("king"));
    let events = ok(&mut game, line("PH/MA", "ph2", Formation::Abreast));
    // ph4 is beyond a gap (0507 is empty): not in the line.
    assert_eq!(declared(&events), Some(vec!["ph1".into(), "ph2".into(), "ph3".into()]));
}

#[test]
fn a_line_command_replaces_individual_orders_and_ignores_range_gba_4_31() {
    let (mut game, _) = field(vec![l_leader("king", "overall", 2, 1, 0, "", "0404")], vec![]).start(&[]);
    ok(&mut game, activate("king"));
    ok(&mut game, line("PH/MA", "ph2", Formation::Abreast));
    // Each unit of the line moves once, without counting orders, however far from him.
    ok(&mut game, Command::MoveTo { unit: "ph1".into(), to: pose("0601", "0602"), facing: Vertex::E, with: None });
    ok(&mut game, Command::MoveTo { unit: "ph2".into(), to: pose("0603", "0604"), facing: Vertex::E, with: None });
    ok(&mut game, Command::MoveTo { unit: "ph3".into(), to: pose("0605", "0606"), facing: Vertex::E, with: None });
    let err = game
        .execute(&Command::MoveTo { unit: "ph2".into(), to: pose("0703", "0704"), facing: Vertex::E, with: None })
        .unwrap_err();
    assert_eq!(err, RuleError::AlreadyOrdered { unit: "ph2".into() });
    let err = game.execute(&mv("hc1", &["0407"], Vertex::E)).unwrap_err();
    assert_eq!(err.rule(), "4.31", "{err}");
}

#[test]
fn a_mounted_line_gathers_within_half_the_command_range_gba_4_33() {
    // Range 4: cavalry within 2 hexes of the leader at 0308 — hc1 (0307) yes, hc2 (0310) yes at 2.
    let (mut game, _) = field(vec![l_leader("king", "overall", 2, 4, 0, "", "0308")], vec![]).start(&[]);
    ok(&mut game, activate("king"));
    let events = ok(&mut game, line("HC", "hc1", Formation::Abreast));
    assert_eq!(declared(&events), Some(vec!["hc1".into(), "hc2".into()]));
    let (mut game, _) = field(vec![l_leader("king", "overall", 2, 2, 0, "", "0307")], vec![]).start(&[]);
    ok(&mut game, activate("king"));
    let events = ok(&mut game, line("HC", "hc1", Formation::Abreast));
    assert_eq!(declared(&events), Some(vec!["hc1".into()]), "range 2: only within 1 hex");
}

/// Turn 2, the subordinate offered first (the overall commander, initiative 4, later).
fn turn_two(sub_at: &str, dice: &[u8]) -> sarissa_rules::Game {
    let leaders =
        vec![l_leader("sub", "subordinate", 2, 4, 4, "", sub_at), l_leader("king", "overall", 4, 3, 0, "", "0110")];
    let (mut game, _) = field(leaders, vec![]).start(dice);
    for id in ["sub", "king", "foe"] {
        ok(&mut game, pass(id));
    }
    no_pw(&mut game);
    assert_eq!(game.state.turn, 2);
    ok(&mut game, activate("sub"));
    game
}

#[test]
fn out_of_the_overall_commanders_range_a_subordinate_rolls_his_strategy_gba_4_34() {
    // Strategy 4: a 5 fails — individual orders only this phase.
    let mut game = turn_two("0404", &[5]);
    let events = ok(&mut game, line("PH/MA", "ph2", Formation::Abreast));
    assert_eq!(events[0], Event::DieRolled { roll: 5, purpose: RollPurpose::Strategy { leader: "sub".into() } });
    assert_eq!(events[1], Event::LineRefused { leader: "sub".into() });
    assert_eq!(game.execute(&line("PH/MA", "ph2", Formation::Abreast)).unwrap_err().rule(), "4.34");
    ok(&mut game, Command::MoveTo { unit: "ph2".into(), to: pose("0603", "0604"), facing: Vertex::E, with: None });
    // A 4 succeeds.
    let mut game = turn_two("0404", &[4]);
    let events = ok(&mut game, line("PH/MA", "ph2", Formation::Abreast));
    assert!(declared(&events).is_some());
}

#[test]
fn near_the_overall_commander_no_roll_but_no_momentum_gba_4_34_4_35() {
    // The king at 0110 with range 3 reaches 0208: a subordinate there needs no roll.
    let mut game = turn_two("0208", &[]);
    let events = ok(
        &mut game,
        Command::LineCommand {
            line: LineType::parse("HC").unwrap(),
            anchor: "hc1".into(),
            formation: Formation::Abreast,
            units: Vec::new(),
        },
    );
    assert!(matches!(&events[0], Event::LineDeclared { via_proximity: true, .. }), "{events:?}");
    let events = ok(&mut game, Command::EndOrders);
    assert!(
        events.contains(&Event::LeaderFinished { leader: "sub".into() }),
        "no momentum after proximity: {events:?}"
    );
}

#[test]
fn the_leader_must_be_within_two_hexes_and_in_sight_of_an_infantry_line_gba_4_34() {
    let far = field(vec![l_leader("king", "overall", 2, 4, 0, "", "0204")], vec![]);
    let (mut game, _) = far.start(&[]);
    ok(&mut game, activate("king"));
    assert_eq!(game.execute(&line("PH/MA", "ph2", Formation::Abreast)).unwrap_err().rule(), "4.34");
    // Two hexes away with woods between: out of sight.
    let hidden = field(
        vec![l_leader("king", "overall", 2, 4, 0, "", "0303")],
        vec![("0401", 'w'), ("0402", 'w'), ("0403", 'w'), ("0404", 'w'), ("0405", 'w'), ("0406", 'w')],
    );
    let (mut game, _) = hidden.start(&[]);
    ok(&mut game, activate("king"));
    assert_eq!(game.execute(&line("PH/MA", "ph2", Formation::Abreast)).unwrap_err().rule(), "4.34");
}

#[test]
fn a_leader_restricted_to_some_types_commands_only_those_lines_gba_4_37() {
    let leaders = vec![l_leader("king", "overall", 2, 4, 0, ", line_types = [\"HC\"]", "0404")];
    let (mut game, _) = field(leaders, vec![]).start(&[]);
    ok(&mut game, activate("king"));
    assert_eq!(game.execute(&line("PH/MA", "ph2", Formation::Abreast)).unwrap_err().rule(), "4.37");
}

#[test]
fn only_leaders_with_line_command_ability_give_them_gba_4_31() {
    let (mut game, _) = field(vec![leader("king", "overall", 2, 4, "0404")], vec![]).start(&[]);
    ok(&mut game, activate("king"));
    assert_eq!(game.execute(&line("PH/MA", "ph2", Formation::Abreast)).unwrap_err().rule(), "4.34");
}

#[test]
fn rallied_units_are_no_part_of_a_line_gba_4_33_10_27() {
    // ph1 rallied this turn: no orders until the next, so no place in the line either.
    let (mut game, _) = field(vec![l_leader("king", "overall", 2, 4, 0, "", "0404")], vec![]).start(&[]);
    game.state.units[0].rallied = true;
    ok(&mut game, activate("king"));
    let events = ok(&mut game, line("PH/MA", "ph2", Formation::Abreast));
    let units = declared(&events).unwrap();
    assert!(!units.contains(&"ph1".to_string()), "{units:?}");
    assert!(!sarissa_rules::play::legal::orderable_units(&game).contains(&0));
}
