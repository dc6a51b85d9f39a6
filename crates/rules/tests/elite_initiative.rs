//! The optional elite commander initiative (GBA 5.5), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, LeaderStatus, Phase};

fn elite(id: &str, initiative: u8, range: u8, at: &str) -> String {
    format!("{{ id = \"{id}\", name = \"{id}\", role = \"overall\", initiative = {initiative}, command_range = {range}, charisma = 4, personal_combat = 7, elite = true, at = \"{at}\" }}")
}

fn field(option: bool) -> Field {
    Field {
        units: [
            vec![unit("b", "MI", "", 4, 5, 5, "", "0209", "E")],
            vec![unit("r", "MI", "", 4, 5, 5, "", "1209", "W")],
        ],
        leaders: [
            vec![elite("alexander", 5, 4, "0205"), leader("parmenion", "subordinate", 4, 4, "0210")],
            vec![leader("darius", "overall", 3, 4, "1205")],
        ],
        optional: if option { vec!["elite_commander_initiative"] } else { vec![] },
        ..Field::default()
    }
}

#[test]
fn an_elite_commander_side_opens_the_turn_with_one_orders_phase_gba_5_51() {
    let (game, events) = field(true).start(&[]);
    assert!(
        events.contains(&Event::EliteInitiativeOffered {
            side: 0,
            leaders: vec!["alexander".into(), "parmenion".into()]
        }),
        "turn 1: any leader: {events:?}"
    );
    let mut game = game;
    ok(&mut game, activate("parmenion"));
    assert!(matches!(&game.state.phase, Phase::Orders { leader, .. } if leader == "parmenion"));
    let events = ok(&mut game, Command::EndOrders);
    assert!(events.contains(&Event::EliteInitiativeEnded { leader: "parmenion".into() }), "no momentum: {events:?}");
    assert_eq!(game.state.leaders[1].status, LeaderStatus::Inactive, "he may still be activated (5.52)");
    assert_eq!(offered(&game), ["darius"], "then activation by initiative (5.12)");
}

#[test]
fn without_the_option_there_is_no_elite_phase_gba_5_5() {
    let (game, _) = field(false).start(&[]);
    assert_eq!(offered(&game), ["darius"]);
}

#[test]
fn the_elite_phase_counts_toward_three_in_succession_gba_5_52() {
    // Alexander takes the elite phase, later his activation, then one momentum phase (roll 0):
    // no second momentum.
    let (mut game, _) = field(true).start(&[0, 0]);
    ok(&mut game, activate("alexander"));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, pass("darius"));
    ok(&mut game, pass("parmenion"));
    ok(&mut game, activate("alexander"));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::TryMomentum);
    // Darius passed: nobody may trump the momentum (5.42).
    assert!(matches!(game.state.phase, Phase::Orders { momentum: true, .. }), "{:?}", game.state.phase);
    let events = ok(&mut game, Command::EndOrders);
    assert!(events.contains(&Event::LeaderFinished { leader: "alexander".into() }), "{events:?}");
}

#[test]
fn after_the_first_turn_only_leaders_in_his_range_may_take_it_gba_5_51() {
    let (mut game, _) = field(true).start(&[]);
    ok(&mut game, pass("alexander"));
    ok(&mut game, pass("darius"));
    ok(&mut game, pass("parmenion"));
    let events = ok(&mut game, pass("alexander"));
    // Parmenion at 0210 is five hexes from Alexander (range 4).
    assert!(
        events.contains(&Event::EliteInitiativeOffered { side: 0, leaders: vec!["alexander".into()] }),
        "{events:?}"
    );
}
