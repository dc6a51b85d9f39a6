//! Leaders as targets: missile fire at a hex holding only a leader (GBA 8.19; CG 8.111, D48)
//! and Darius the Target (GBA 9.24).

mod common;
use common::*;
use sarissa_rules::charts::leaders::LeaderResult;
use sarissa_rules::game::{Command, Event, RollPurpose, RuleError};
use sarissa_rules::play::legal::legal_commands;

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

/// Red's Darius (Darius the Target) alone at `at`; blue light horse (MA 9) at 0305 facing east.
fn darius_field(at: &str) -> Field {
    let darius = leader("darius", "overall", 3, 5, at).replace(" }", ", darius_the_target = true }");
    Field {
        units: [
            vec![unit("horse", "LC", "", 2, 6, 9, "", "0305", "E"), unit("bows", "LI", "A", 3, 5, 5, "A", "0307", "E")],
            vec![unit("far", "HI", "", 5, 6, 5, "", "1109", "W")],
        ],
        leaders: [vec![leader("hero", "overall", 2, 8, "0205")], vec![darius]],
        ..Field::default()
    }
}

#[test]
fn darius_killed_ends_the_battle_at_once_for_the_other_side_gba_9_24() {
    // Alone at 0507, two hexes from the archers: 0, 0, then 0 on the casualty table: killed.
    let (mut game, _) = darius_field("0507").start(&[0, 0, 0]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, Command::FireAtLeader { unit: "bows".into(), leader: "darius".into() });
    let k = events.iter().position(|e| matches!(e, Event::TargetLeaderLost { .. })).expect("{events:?}");
    assert_eq!(events[k], Event::TargetLeaderLost { leader: "darius".into(), winner: 0 });
    assert!(matches!(events[k + 1], Event::BattleEnded { winner: Some(0), .. }), "{events:?}");
    assert_eq!(game.state.phase, sarissa_rules::game::Phase::Over { winner: Some(0) });
}

#[test]
fn an_ordinary_leader_killed_does_not_end_the_battle_gba_9_24() {
    let mut f = darius_field("0507");
    f.leaders[1] = vec![leader("darius", "overall", 3, 5, "0507")];
    let (mut game, _) = f.start(&[0, 0, 0]);
    ok(&mut game, activate("hero"));
    let events = ok(&mut game, Command::FireAtLeader { unit: "bows".into(), leader: "darius".into() });
    assert!(events.iter().any(|e| matches!(e, Event::LeaderCasualty { result: LeaderResult::Killed, .. })));
    assert!(!events.iter().any(|e| matches!(e, Event::TargetLeaderLost { .. } | Event::BattleEnded { .. })));
}

#[test]
fn darius_may_always_withdraw_up_to_four_hexes_straight_toward_his_retreat_edge_gba_9_24() {
    // The light horse (MA 9) is as fast as any leader: an ordinary one could not withdraw (4.62).
    let (mut game, _) = darius_field("0805").start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("horse", &["0405", "0505", "0605"], sarissa_rules::map::hex::Vertex::E));
    let sarissa_rules::game::Phase::Reaction { leaders, .. } = &game.state.phase else {
        panic!("{:?}", game.state.phase)
    };
    assert_eq!(leaders, &vec!["darius".to_string()]);
    let di = game.scenario.leaders.iter().position(|l| l.id == "darius").unwrap();
    let options = sarissa_rules::movement::withdrawal::leader_withdrawals(&game.scenario, &game.state, di);
    assert_eq!(options.values().map(|(_, p)| p.len()).max(), Some(4), "{options:?}");
    // Every hex of every path nearer the east edge than the one before.
    for (_, path) in options.values() {
        let cols: Vec<u8> = std::iter::once(8).chain(path.iter().map(|h| h.col)).collect();
        assert!(cols.windows(2).all(|w| w[1] > w[0]), "{path:?}");
    }
    // Not back along his row toward the enemy, nor five hexes.
    assert!(game.execute(&Command::WithdrawLeader { leader: "darius".into(), path: vec![h("0705")] }).is_err());
    let five = vec![h("0905"), h("1004"), h("1104"), h("1203"), h("1303")];
    assert!(game.execute(&Command::WithdrawLeader { leader: "darius".into(), path: five }).is_err());
    let path = vec![h("0905"), h("1004"), h("1104"), h("1203")];
    let events = ok(&mut game, Command::WithdrawLeader { leader: "darius".into(), path: path.clone() });
    assert!(events.contains(&Event::LeaderWithdrew { leader: "darius".into(), path }), "{events:?}");
    assert_eq!(game.state.leaders[di].at, h("1203"));
}

#[test]
fn darius_withdrawing_off_the_map_is_out_of_the_battle_but_not_killed_gba_9_24() {
    let (mut game, _) = darius_field("1105").start(&[]);
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("horse", &["0405", "0505", "0605", "0705", "0805", "0905"], sarissa_rules::map::hex::Vertex::E));
    assert!(
        matches!(&game.state.phase, sarissa_rules::game::Phase::Reaction { leaders, .. } if leaders.contains(&"darius".to_string()))
    );
    let path = vec![h("1205"), h("1305")];
    let events = ok(&mut game, Command::WithdrawLeader { leader: "darius".into(), path: path.clone() });
    assert!(events.contains(&Event::LeaderWithdrew { leader: "darius".into(), path }), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e, Event::TargetLeaderLost { .. } | Event::BattleEnded { .. })));
    let st = &game.state.leaders[1];
    assert!(st.fled && st.status == sarissa_rules::game::LeaderStatus::Eliminated);
    assert_eq!(sarissa_rules::effects::victory::target_lost(&game.scenario, &game.state), None);
}

#[test]
fn issus_marks_darius_as_the_target_gba_9_24() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/issus.toml")).unwrap();
    let s = sarissa_rules::load("issus.toml", &text).unwrap();
    let marked: Vec<&str> = s.leaders.iter().filter(|l| l.darius_the_target).map(|l| l.id.as_str()).collect();
    assert_eq!(marked, vec!["darius"]);
}
