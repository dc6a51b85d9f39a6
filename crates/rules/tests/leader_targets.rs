//! Leaders as targets: missile fire at a hex holding only a leader (GBA 8.19; CG 8.111, D48)
//! and Darius the Target (GBA 9.24).

mod common;
use common::*;
use sarissa_rules::charts::leaders::LeaderResult;
use sarissa_rules::game::{Command, Event, RollPurpose, RuleError};
use sarissa_rules::legal::legal_commands;

/// Blue archers at 0305 facing east; red's leader `foe` alone at 0505, two hexes off.
fn field(rules: &'static str, red_at_foe: Vec<String>) -> Field {
    let mut red = vec![unit("far", "HI", "", 5, 6, 5, "", "1109", "W")];
    red.extend(red_at_foe);
    Field {
        rules,
        units: [vec![unit("bows", "LI", "A", 3, 5, 5, "A", "0305", "E")], red],
        leaders: [vec![leader("hero", "overall", 5, 8, "0205")], vec![leader("foe", "overall", 6, 4, "0505")]],
        ..Field::default()
    }
}

fn fire_at_leader(unit: &str, leader: &str) -> Command {
    Command::FireAtLeader { unit: unit.into(), leader: leader.into() }
}

fn missile_roll(roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::MissileFire { unit: "bows".into(), target: "foe".into() } }
}

#[test]
fn a_missile_unit_may_fire_at_a_hex_holding_only_an_enemy_leader_gba_8_19() {
    // A natural 0, a 0 again: a casualty; the third roll (5) reads the table: Finished.
    let (mut game, _) = field("alexander", vec![]).start(&[0, 0, 5]);
    ok(&mut game, activate("hero"));
    assert!(legal_commands(&game).contains(&fire_at_leader("bows", "foe")));
    let events = ok(&mut game, fire_at_leader("bows", "foe"));
    assert_eq!(events[..3], [missile_roll(0), missile_roll(0), missile_roll(5)]);
    assert!(
        matches!(&events[3], Event::MissileFired { unit, target, range: 2, hit: false, hits: 0, reaction: None, .. }
            if unit == "bows" && target == "foe"),
        "{events:?}"
    );
    assert_eq!(
        events[4],
        Event::LeaderCasualty { leader: "foe".into(), result: LeaderResult::Finished, rule: "8.19".into() }
    );
    // No cohesion hits: there is no unit to take them.
    assert!(!events.iter().any(|e| matches!(e, Event::CohesionHits { .. })), "{events:?}");
    // The fire was the archers' order (8.11).
    assert!(game.state.units[0].fired);
}

#[test]
fn fire_at_a_lone_leader_strikes_him_only_on_a_natural_0_then_a_0_gba_8_19() {
    // A natural 0 and then a 3: no effect, and nothing else can happen.
    let (mut game, _) = field("alexander", vec![]).start(&[0, 3]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire_at_leader("bows", "foe"));
    assert_eq!(events[..2], [missile_roll(0), missile_roll(3)]);
    assert!(!events.iter().any(|e| matches!(e, Event::LeaderCasualty { .. } | Event::CohesionHits { .. })));
    // Any other roll: one die, nothing.
    let (mut game, _) = field("alexander", vec![]).start(&[1]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire_at_leader("bows", "foe"));
    assert_eq!(events.iter().filter(|e| matches!(e, Event::DieRolled { .. })).count(), 1, "{events:?}");
}

#[test]
fn a_leader_stacked_with_a_unit_is_not_a_lone_leader_target_gba_8_19() {
    let (mut game, _) = field("alexander", vec![unit("guard", "HI", "", 5, 6, 5, "", "0505", "W")]).start(&[]);
    ok(&mut game, activate("hero"));
    assert!(!legal_commands(&game).iter().any(|c| matches!(c, Command::FireAtLeader { .. })));
    match game.execute(&fire_at_leader("bows", "foe")) {
        Err(RuleError::IllegalMove { rule: "8.19", .. }) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_lone_leader_out_of_range_may_not_be_fired_at_gba_8_19() {
    let mut f = field("alexander", vec![]);
    f.leaders[1] = vec![leader("foe", "overall", 6, 4, "1105")];
    let (mut game, _) = f.start(&[]);
    ok(&mut game, activate("hero"));
    assert!(game.execute(&fire_at_leader("bows", "foe")).is_err());
}

#[test]
fn in_chandragupta_the_struck_lone_leader_is_wounded_or_killed_by_a_roll_against_initiative_cg_8_111_d48() {
    // CG 9.15: the third roll (9) beats the leader's Initiative (6): killed.
    let (mut game, _) = field("chandragupta", vec![]).start(&[0, 0, 9]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, fire_at_leader("bows", "foe"));
    assert!(
        events.contains(&Event::LeaderCasualty {
            leader: "foe".into(),
            result: LeaderResult::Killed,
            rule: "8.19".into()
        }),
        "{events:?}"
    );
}
