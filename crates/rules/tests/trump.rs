//! Trump (GBA 5.4) with the rulebook's Granicus examples and loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase, RollPurpose, RuleError};
use sarissa_rules::map::hex::Vertex;

/// Alexander 7 and Philotas 5 (Macedonian); Memnon 5, Omares 3, Arsites 2 (Persian), each with a
/// unit beside him.
fn granicus(dice: &[u8]) -> sarissa_rules::Game {
    let field = Field {
        units: [
            vec![unit("m1", "HC", "", 3, 7, 7, "", "0205", "E"), unit("m2", "HC", "", 3, 7, 7, "", "0207", "E")],
            vec![unit("p1", "HC", "", 3, 6, 7, "", "1005", "W"), unit("p2", "HC", "", 3, 6, 7, "", "1007", "W")],
        ],
        leaders: [
            vec![leader("alexander", "overall", 7, 6, "0205"), leader("philotas", "subordinate", 5, 4, "0206")],
            vec![
                leader("memnon", "overall", 5, 4, "1005"),
                leader("omares", "subordinate", 3, 3, "1006"),
                leader("arsites", "subordinate", 2, 3, "1004"),
            ],
        ],
        ..Field::default()
    };
    let (mut game, _) = field.start(dice);
    ok(&mut game, pass("arsites"));
    assert_eq!(offered(&game), ["omares"]);
    game
}

fn trump(id: &str) -> Command {
    Command::Trump { leader: id.into() }
}

#[test]
fn t3_a_trump_succeeds_on_the_trumpers_initiative_or_less_gba_5_41() {
    let mut game = granicus(&[5]);
    let events = ok(&mut game, trump("memnon"));
    assert_eq!(events[0], Event::TrumpTried { leader: "memnon".into(), over: "omares".into() });
    assert_eq!(events[1], Event::DieRolled { roll: 5, purpose: RollPurpose::Trump { leader: "memnon".into() } });
    assert_eq!(events[2], Event::TrumpSucceeded { leader: "memnon".into() });
    // The Macedonians may answer with a leader of equal or higher initiative (5.42[1]).
    assert_eq!(game.state.phase, Phase::TrumpResponse { side: 0, trumper: "memnon".into(), momentum: false });
}

#[test]
fn t3_a_failed_trump_activates_the_leader_offered_and_finishes_the_trumper_gba_5_41() {
    let mut game = granicus(&[6]);
    let events = ok(&mut game, trump("memnon"));
    assert!(events.contains(&Event::TrumpFailed { leader: "memnon".into() }));
    assert!(events.contains(&Event::LeaderFinished { leader: "memnon".into() }));
    assert!(matches!(&game.state.phase, Phase::Orders { leader, must_act: false, .. } if leader == "omares"));
}

#[test]
fn t4_a_failed_trump_of_the_trump_finishes_the_challenger_gba_5_42() {
    let mut game = granicus(&[2, 7]);
    ok(&mut game, trump("memnon"));
    let events = ok(&mut game, trump("philotas"));
    assert!(events.contains(&Event::TrumpFailed { leader: "philotas".into() }));
    assert!(events.contains(&Event::LeaderFinished { leader: "philotas".into() }));
    assert!(matches!(&game.state.phase, Phase::Orders { leader, must_act: true, .. } if leader == "memnon"));
    // Passed over by Memnon's trump: Omares keeps his activation but loses momentum (5.44).
    assert!(events.contains(&Event::LeadersBypassed { leaders: vec!["omares".into()] }), "{events:?}");
}

#[test]
fn a_successful_trump_of_the_trump_takes_the_orders_phase_gba_5_42() {
    let mut game = granicus(&[2, 4]);
    ok(&mut game, trump("memnon"));
    let events = ok(&mut game, trump("alexander"));
    assert!(events.contains(&Event::LeaderFinished { leader: "memnon".into() }));
    assert!(matches!(&game.state.phase, Phase::Orders { leader, .. } if leader == "alexander"));
    // Everyone not yet activated with initiative 7 or less is bypassed: no momentum (5.44).
    let bypassed = events.iter().find_map(|e| match e {
        Event::LeadersBypassed { leaders } => Some(leaders.clone()),
        _ => None,
    });
    assert_eq!(bypassed, Some(vec!["philotas".into(), "omares".into()]));
}

#[test]
fn only_higher_initiatives_trump_and_each_side_tries_once_per_activation_gba_5_41_5_43() {
    let mut game = granicus(&[8]);
    let err = game.execute(&trump("arsites")).unwrap_err();
    assert!(matches!(err, RuleError::Trump { rule: "5.41", .. }), "{err}");
    let err = game.execute(&trump("alexander")).unwrap_err();
    assert_eq!(err.rule(), "5.41", "not the other side's leader: {err}");
    // Memnon fails (8): Omares goes. In this activation the Persians may not trump again.
    ok(&mut game, trump("memnon"));
    assert!(game.state.trumps_tried[1]);
}

#[test]
fn t5_a_successful_momentum_roll_may_be_trumped_gba_5_42() {
    // Memnon activated normally later: pass Omares; Memnon and Philotas tie at 5 (the
    // non-Macedonian goes first); Memnon's orders end; momentum 3 succeeds; Alexander trumps on a 6.
    let mut game = granicus(&[3, 6]);
    ok(&mut game, pass("omares"));
    ok(&mut game, activate("memnon"));
    ok(&mut game, Command::EndOrders);
    let events = ok(&mut game, Command::TryMomentum);
    assert!(events.contains(&Event::MomentumGained { leader: "memnon".into() }));
    assert_eq!(game.state.phase, Phase::TrumpResponse { side: 0, trumper: "memnon".into(), momentum: true });
    let events = ok(&mut game, trump("alexander"));
    assert!(events.contains(&Event::LeaderFinished { leader: "memnon".into() }));
    assert!(matches!(&game.state.phase, Phase::Orders { leader, .. } if leader == "alexander"));
    assert!(events.contains(&Event::LeadersBypassed { leaders: vec!["philotas".into()] }), "{events:?}");
}

#[test]
fn a_momentum_allowed_to_stand_gives_the_extra_orders_phase_gba_5_42() {
    let mut game = granicus(&[3]);
    ok(&mut game, pass("omares"));
    ok(&mut game, activate("memnon"));
    ok(&mut game, Command::EndOrders);
    ok(&mut game, Command::TryMomentum);
    let events = ok(&mut game, Command::DeclineTrump);
    assert_eq!(
        events,
        [Event::OrdersPhaseBegan { leader: "memnon".into(), orders: 5, momentum: true, must_act: false }]
    );
}

#[test]
fn a_successful_trumper_must_move_a_unit_before_his_orders_end_gba_5_46_r11() {
    let mut game = granicus(&[1]);
    ok(&mut game, trump("memnon"));
    ok(&mut game, Command::DeclineTrump);
    let err = game.execute(&Command::EndOrders).unwrap_err();
    assert_eq!(err, RuleError::TrumperMustAct { leader: "memnon".into() });
    // Turning in place does not count (R11); moving to another hex does.
    ok(&mut game, mv("p1", &[], Vertex::NW));
    assert_eq!(game.execute(&Command::EndOrders).unwrap_err().rule(), "5.46");
    ok(&mut game, mv("p2", &["0907"], Vertex::W));
    ok(&mut game, Command::EndOrders);
}
