//! Leaders hurt: personal combat (GBA 4.63, 9.2), missile fire (8.19), shock (9.14), wounds (9.22).

mod common;
use common::*;
use sarissa_rules::charts::leaders::{casualty_roll, LeaderResult};
use sarissa_rules::game::{Command, Event, LeaderStatus};
use sarissa_rules::map::hex::Vertex;

fn pc_leader(id: &str, initiative: u8, pc: u8, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"overall\", initiative = {initiative}, command_range = 6, charisma = 2, personal_combat = {pc}, at = \"{at}\" }}")
}

fn duel_field(dice: &[u8]) -> sarissa_rules::Game {
    let f = Field {
        units: [
            vec![unit("b", "MI", "", 4, 5, 5, "", "0209", "E")],
            vec![unit("r", "MI", "", 4, 5, 5, "", "1209", "W")],
        ],
        leaders: [vec![pc_leader("alexander", 2, 7, "0205")], vec![pc_leader("spithridates", 6, 4, "0505")]],
        ..Field::default()
    };
    f.start(dice).0
}

#[test]
fn alexander_rides_up_to_spithridates_and_wounds_him_gba_4_63_9_21() {
    // Alexander 5 + 7 = 12, Spithridates 4 + 4 = 8: a difference of 4, a wound.
    let mut game = duel_field(&[5, 4]);
    ok(&mut game, activate("alexander"));
    let events = ok(&mut game, Command::MoveLeader { leader: "alexander".into(), path: vec![h("0305"), h("0405")] });
    assert!(
        events.contains(&Event::LeaderCasualty {
            leader: "spithridates".into(),
            result: LeaderResult::Wounded,
            rule: "9.21".into()
        }),
        "{events:?}"
    );
    let st = &game.state.leaders[1];
    assert_eq!((st.wounds, st.status), (1, LeaderStatus::Finished));
    let r = sarissa_rules::command::orders::ratings(&game.scenario, &game.state, 1);
    assert_eq!((r.initiative, r.personal_combat, r.charisma), (Some(5), Some(3), 1), "every rating one lower (9.22)");
}

#[test]
fn a_second_wound_kills_gba_9_22() {
    let mut game = duel_field(&[5, 4]);
    game.state.leaders[1].wounds = 1;
    ok(&mut game, activate("alexander"));
    let events = ok(&mut game, Command::MoveLeader { leader: "alexander".into(), path: vec![h("0305"), h("0405")] });
    assert!(
        events.contains(&Event::LeaderCasualty {
            leader: "spithridates".into(),
            result: LeaderResult::Killed,
            rule: "9.21".into()
        }),
        "{events:?}"
    );
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Eliminated);
}

#[test]
fn equal_totals_do_nothing_and_leaders_with_troops_do_not_duel_gba_9_21_4_63() {
    let mut game = duel_field(&[1, 4]); // 1 + 7 = 8 = 4 + 4
    ok(&mut game, activate("alexander"));
    let events = ok(&mut game, Command::MoveLeader { leader: "alexander".into(), path: vec![h("0305"), h("0405")] });
    assert!(!events.iter().any(|e| matches!(e, Event::LeaderCasualty { .. })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::DieRolled { .. })), "they did fight");
}

#[test]
fn a_leader_in_a_hex_fired_at_is_struck_on_two_zeros_then_the_casualty_table_gba_8_19() {
    for third in [0u8, 5, 9] {
        let f = Field {
            units: [
                vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0305", "E")],
                vec![unit("medes", "HC", "", 3, 6, 7, "", "0505", "W")],
            ],
            leaders: [vec![pc_leader("hero", 2, 3, "0205")], vec![pc_leader("satrap", 6, 3, "0505")]],
            ..Field::default()
        };
        let (mut game, _) = f.start(&[0, 0, third]);
        ok(&mut game, activate("hero"));
        let events = ok(&mut game, Command::Fire { unit: "cretans".into(), target: "medes".into() });
        let expected = casualty_roll(third).result;
        let hurt = events.iter().find_map(|e| match e {
            Event::LeaderCasualty { leader, result, rule } if leader == "satrap" && rule == "8.19" => Some(*result),
            _ => None,
        });
        if expected == LeaderResult::NoEffect {
            assert_eq!(hurt, None, "{events:?}");
        } else {
            assert_eq!(hurt, Some(expected), "third roll {third}: {events:?}");
        }
    }
}

#[test]
fn shock_leader_checks_are_applied_as_the_resolver_gives_them_gba_9_14() {
    let mut seen = 0;
    for first in 0..10u8 {
        let dice = [first, 0, 0, 0, first, 3, 7, 2, 0, 9, 1, 4, 6];
        let f = Field {
            units: [
                vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")],
                vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")],
            ],
            leaders: [vec![pc_leader("hero", 2, 5, "0505")], vec![pc_leader("foe", 6, 4, "0605")]],
            ..Field::default()
        };
        let (mut game, _) = f.start(&dice);
        ok(&mut game, activate("hero"));
        ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
        while matches!(game.state.phase, sarissa_rules::game::Phase::Reaction { .. }) {
            ok(&mut game, Command::EndReaction);
        }
        ok(&mut game, Command::EndOrders);
        let preview = sarissa_rules::combat::shock_segment::preview(&game.scenario, &game.state, &[]);
        assert!(
            preview[0].1.leader_checks
                && preview[0].1.attacker_leader.is_some()
                && preview[0].1.defender_leader.is_some()
        );
        let mut it = dice.iter().copied();
        let expected = sarissa_rules::combat::shock::resolve(&preview[0].1, &mut || it.next().unwrap()).unwrap();
        let hurt: Vec<_> = expected
            .steps
            .iter()
            .filter_map(|s| match s.kind {
                sarissa_rules::combat::shock::StepKind::LeaderCasualty { result, .. }
                | sarissa_rules::combat::shock::StepKind::PersonalCombat { loser: Some(_), result, .. }
                    if result != LeaderResult::NoEffect =>
                {
                    Some(result)
                }
                _ => None,
            })
            .collect();
        let events = ok(&mut game, Command::Shock { attackers: vec![] });
        let got: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::LeaderCasualty { result, .. } => Some(*result),
                _ => None,
            })
            .collect();
        assert_eq!(got, hurt, "{dice:?}");
        seen += got.len();
    }
    assert!(seen > 0, "some of these rolls hurt a leader");
}
