//! Retire to Camp (CG 12.41–12.44); rulings P183, P184.
//!
//! Blue's camp on the test field (as in `cg_camps.rs`), along row 05 going east:
//!
//! ```text
//! 0505 outside | berm | 0605 outer (4) | palisade | 0705 third (c) | thorns | 0805 second (c) | wagons | 0905, 0906 royal (c)
//!                       0605 | camp gate | 0706 third (c)
//! ```
//! Blue's raja (initiative 2, command range 8) stands at 0209 unless a test moves him; red's
//! commander (initiative 6) at 1210. The raja goes first each turn.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase, RollPurpose, RuleError};
use sarissa_rules::play::Game;
use sarissa_rules::works::retire::{self, Stage};

fn mi(id: &str, at: &str, facing: &str) -> String {
    unit(id, "MI", "", 4, 5, 5, "", at, facing)
}

fn field(raja_at: &str, range: u8) -> Field {
    let mut f = camp_field(vec![mi("guard", "0303", "E")], vec![mi("far", "1108", "W")], 2, 6);
    f.leaders[0] = vec![leader("raja", "overall", 2, range, raja_at)];
    f
}

fn retire_cmd() -> Command {
    Command::RetireToCamp { leader: "raja".into() }
}

fn rule_of(game: &mut Game, command: Command) -> &'static str {
    match game.execute(&command) {
        Err(e) => e.rule(),
        Ok(events) => panic!("{command:?} was allowed: {events:?}"),
    }
}

fn checked(events: &[Event]) -> Vec<(u32, bool, u32, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::RetireChecked { total, in_area, rout_points, set_off, .. } => {
                Some((*total, *in_area, *rout_points, *set_off))
            }
            _ => None,
        })
        .collect()
}

fn stage(game: &Game) -> Option<Stage> {
    retire::stage(&game.scenario, &game.state, 0)
}

#[test]
fn cg_12_42_12_43_declared_at_the_start_of_his_activation_and_a_die_above_his_initiative_sets_it_off() {
    let mut game = start_camp(&field("0209", 8), &[5]);
    ok(&mut game, activate("raja"));
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&retire_cmd()));
    let events = ok(&mut game, retire_cmd());
    assert!(matches!(&events[0], Event::RetireDeclared { leader, camp: 0, .. } if leader == "raja"));
    assert!(events.iter().any(|e| matches!(e,
        Event::DieRolled { roll: 5, purpose: RollPurpose::RetireToCamp { leader } } if leader == "raja")));
    // 5 with nothing added, above his initiative of 2.
    assert_eq!(checked(&events), vec![(5, false, 0, true)]);
    assert_eq!(stage(&game), Some(Stage::Triggered));
    // Once made, not made again.
    assert!(!sarissa_rules::play::legal::legal_commands(&game).contains(&retire_cmd()));
}

#[test]
fn cg_12_43_a_die_not_above_his_initiative_finishes_him_and_the_die_comes_again_next_activation() {
    let mut game = start_camp(&field("0209", 8), &[2, 7]);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, retire_cmd());
    assert_eq!(checked(&events), vec![(2, false, 0, false)]);
    assert!(events.iter().any(|e| matches!(e, Event::LeaderFinished { leader } if leader == "raja")));
    assert_eq!(stage(&game), Some(Stage::Declared));
    // Red's turn to activate: the raja's phase is over.
    assert!(matches!(&game.state.phase, Phase::Activation { side: 1, .. }));
    ok(&mut game, pass("foe"));
    // The next turn, his activation opens with the die, unasked: a 7 sets it off.
    assert!(matches!(&game.state.phase, Phase::Activation { side: 0, .. }));
    let events = ok(&mut game, activate("raja"));
    assert_eq!(checked(&events), vec![(7, false, 0, true)]);
    assert!(matches!(&game.state.phase, Phase::Orders { leader, .. } if leader == "raja"));
}

#[test]
fn cg_12_42_only_at_the_start_of_the_activation_and_within_twice_his_range_of_a_gate() {
    // Command range 1: the gate (0605/0706) is more than two hexes from 0209.
    let mut game = start_camp(&field("0209", 1), &[]);
    ok(&mut game, activate("raja"));
    assert!(matches!(game.execute(&retire_cmd()), Err(RuleError::NotNow { .. })));
    // In range, but after an order has been given.
    let mut game = start_camp(&field("0209", 8), &[]);
    ok(&mut game, activate("raja"));
    ok(&mut game, mv("guard", &["0403"], sarissa_rules::map::hex::Vertex::E));
    assert!(!sarissa_rules::play::legal::legal_commands(&game).contains(&retire_cmd()));
    assert!(matches!(game.execute(&retire_cmd()), Err(RuleError::NotNow { .. })));
}

#[test]
fn cg_12_44_set_off_he_gives_individual_orders_only_and_must_ride_for_the_royal_enclosure() {
    let mut game = start_camp(&field("0209", 8), &[9]);
    ok(&mut game, activate("raja"));
    ok(&mut game, retire_cmd());
    // No line command (12.44[1]).
    let line = Command::LineCommand {
        line: sarissa_rules::scenario::units::LineType::of(sarissa_rules::scenario::units::UnitType::MI, None),
        anchor: "guard".into(),
        formation: sarissa_rules::command::line::Formation::Abreast,
        units: Vec::new(),
    };
    assert_eq!(rule_of(&mut game, line), "12.44");
    // He may not end his orders before riding as near to the camp's royal enclosure as he can.
    assert_eq!(rule_of(&mut game, Command::EndOrders), "12.44");
    assert!(!sarissa_rules::play::legal::legal_commands(&game).contains(&Command::EndOrders));
    // Nor ride anywhere else.
    let away = Command::MoveLeader { leader: "raja".into(), path: vec![h("0208")] };
    assert_eq!(rule_of(&mut game, away), "12.44");
    let owed = retire::owed_moves(&game.scenario, &game.state, 0);
    assert!(!owed.is_empty());
    let area = retire::target_area(&game.scenario, 0);
    let closest =
        |p: &Vec<sarissa_rules::map::hex::HexId>| area.iter().map(|a| a.distance(*p.last().unwrap())).min().unwrap();
    let best = closest(&owed[0]);
    assert!(owed.iter().all(|p| closest(p) == best));
    ok(&mut game, Command::MoveLeader { leader: "raja".into(), path: owed[0].clone() });
    // As near as he gets this phase: now his orders may end.
    assert!(retire::owed_moves(&game.scenario, &game.state, 0).is_empty());
    ok(&mut game, Command::EndOrders);
}

#[test]
fn cg_12_44_arrived_in_the_royal_enclosure_he_stays_there() {
    // He starts in the second enclosure, next to the royal one.
    let mut game = start_camp(&field("0805", 8), &[9]);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, retire_cmd());
    assert_eq!(checked(&events), vec![(9, false, 0, true)]);
    // Mounted, he cannot cross the wagons: he rides round them by 0804 into 0905 (or 0806).
    let owed = retire::owed_moves(&game.scenario, &game.state, 0);
    assert_eq!(owed, vec![vec![h("0804"), h("0905")], vec![h("0806"), h("0906")]]);
    let into = owed[0].clone();
    let events = ok(&mut game, Command::MoveLeader { leader: "raja".into(), path: into.clone() });
    assert!(events.iter().any(|e| matches!(e, Event::RetireArrived { leader } if leader == "raja")));
    assert_eq!(stage(&game), Some(Stage::Arrived));
    // His restriction ends (12.44[2]) but he may not leave.
    let out = Command::MoveLeader { leader: "raja".into(), path: vec![h("0804")] };
    assert_eq!(rule_of(&mut game, out), "12.44");
    assert!(sarissa_rules::play::legal::legal_commands(&game).contains(&Command::EndOrders));
}

/// The field with four TQ 6 units of blue's lost: 24 rout points (CG 13.12), past its level of 20.
fn with_losses(raja_at: &str, dice: &[u8]) -> Game {
    let mut f = field(raja_at, 8);
    for k in 0..4 {
        f.units[0].push(unit(&format!("lost{k}"), "HI", "", 5, 6, 5, "", &format!("010{}", k + 1), "E"));
    }
    let mut game = start_camp(&f, dice);
    for k in 0..4 {
        let i = game.scenario.units.iter().position(|u| u.id == format!("lost{k}")).unwrap();
        game.state.units[i].eliminated = true;
    }
    game
}

#[test]
fn cg_12_43_the_royal_enclosure_and_every_ten_rout_points_add_one() {
    // In the royal enclosure, with 24 rout points lost: 2 + 1 + 2 = 5, above 2 (digest W43's sum).
    let mut game = with_losses("0905", &[2]);
    let points = sarissa_rules::effects::victory::rout_points(&game.scenario, &game.state)[0];
    assert_eq!(points, 24);
    ok(&mut game, activate("raja"));
    let events = ok(&mut game, retire_cmd());
    assert_eq!(checked(&events), vec![(5, true, 24, true)]);
    // Set off where he stands, in the royal enclosure: he has arrived (12.44[2]).
    assert!(events.iter().any(|e| matches!(e, Event::RetireArrived { leader } if leader == "raja")));
    assert_eq!(stage(&game), Some(Stage::Arrived));
}

#[test]
fn cg_12_44_once_he_has_retired_the_enemy_wins_only_by_taking_the_camp_p184() {
    let mut game = with_losses("0805", &[9]);
    ok(&mut game, activate("raja"));
    ok(&mut game, retire_cmd());
    let into = retire::owed_moves(&game.scenario, &game.state, 0).remove(0);
    ok(&mut game, Command::MoveLeader { leader: "raja".into(), path: into });
    // Far past its withdrawal level, his army stays on the field.
    let (s, mut st) = (game.scenario.clone(), game.state.clone());
    let level = s.sides[0].withdrawal_level as u32;
    assert!(sarissa_rules::effects::victory::rout_points(&s, &st)[0] >= level, "the field's level is low");
    let verdict = sarissa_rules::effects::victory::withdrawal_phase(&s, &st);
    assert!(!verdict.over);
    // A red unit in the royal enclosure, none of blue's there: the camp is taken, red wins.
    let far = s.units.iter().position(|u| u.id == "far").unwrap();
    st.units[far].placement = sarissa_rules::scenario::units::Placement::One(h("0906"));
    let verdict = sarissa_rules::effects::victory::withdrawal_phase(&s, &st);
    assert_eq!((verdict.over, verdict.winner, verdict.withdrawn), (true, Some(1), vec![0]));
}
