//! For testing what the rules do with a result: a shock result forced on the next combat
//! (`sarissa run --shock-result`), with loaded dice.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Phase};
use sarissa_rules::map::hex::Vertex;

/// Blue's hypaspists march from 0305 to 0505 and attack red's MI at 0605; every die rolls 0.
fn shock_events(forced: Option<(u8, u8)>) -> (Vec<Event>, sarissa_rules::Game) {
    let red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")];
    let f = Field { rules: "alexander", ..two_armies(vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")], red) };
    let (mut game, _) = f.start(&[0; 12]);
    if let Some(cell) = forced {
        let events = game.force_shock_result(cell);
        assert_eq!(events, vec![Event::ShockResultToBeForced { attacker_hits: cell.0, defender_hits: cell.1 }]);
        assert_eq!(game.state.forced_shock, Some(cell));
    }
    ok(&mut game, activate("hero"));
    ok(&mut game, mv("hyp", &["0405", "0505"], Vertex::E));
    while matches!(game.state.phase, Phase::Reaction { .. }) {
        ok(&mut game, Command::EndReaction);
    }
    ok(&mut game, Command::EndOrders);
    (ok(&mut game, Command::Shock { attackers: vec![] }), game)
}

#[test]
fn a_forced_shock_result_replaces_the_tables_cell_and_says_so() {
    let (normal, _) = shock_events(None);
    assert!(!normal.iter().any(|e| matches!(e, Event::ShockResultForced { .. })), "{normal:?}");
    let (events, game) = shock_events(Some((0, 5)));
    let die = Event::DieRolled { roll: 0, purpose: sarissa_rules::game::RollPurpose::Shock { combat: 0 } };
    let lines: Vec<String> = [
        "charge check: 0+0 against TQ 6, 0 hit(s) (GBA 9.13, CG 9.14)",
        "charge check: 0+0 against TQ 5, 0 hit(s) (GBA 9.13, CG 9.14)",
        "clash of spears through the Front: column 8 (GBA 9.15, CG 9.16)",
        "superiority: Neither (GBA 9.16(B), CG 9.17[1])",
        "size 5 against 4: +1 columns (GBA 9.16 step 2, CG 9.17[2])",
        "S1: +1 columns (GBA 9.16 step 3, CG 9.17[3])",
        "column 9 (GBA 9.16 step 3, CG 9.17[3])",
        "roll 0, charisma +0/+0: row 0 (GBA 9.16 step 3, CG 9.17[3])",
        "result 3(2) (GBA 9.54, CG 9.44)",
        "result forced for testing: 0(5), where the table gives 3(2) (sarissa run --shock-result)",
        // The forced 5 hits against the attacker's 0 (counted as 1): the push of shields.
        "push of shields: 2 more hits (now 7) (GBA 9.17, CG 9.18)",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(
        events[..7],
        [
            Event::ShockDesignated { leader: "hero".into(), attackers: vec![] },
            die.clone(),
            die.clone(),
            die,
            Event::ShockResolved {
                attackers: vec!["hyp".into()],
                defenders: vec!["red".into()],
                column: Some(9),
                lines
            },
            Event::ShockResultForced { attacker_hits: 0, defender_hits: 5, table: (3, 2) },
            Event::CohesionHits { unit: "red".into(), hits: 7, cause: sarissa_rules::game::HitCause::Shock },
        ]
    );
    // The same dice as the normal combat: only the cell differs.
    let dice = |v: &[Event]| v.iter().filter(|e| matches!(e, Event::DieRolled { .. })).count();
    assert_eq!(dice(&events), dice(&normal));
    assert_eq!(game.state.forced_shock, None, "used once");
}

#[test]
fn a_forced_result_is_saved_only_while_it_waits() {
    let (_, game) = shock_events(None);
    let json = serde_json::to_string(&game.state).unwrap();
    assert!(!json.contains("forced_shock"), "a normal game's save is unchanged");
    let red = vec![unit("red", "MI", "", 4, 5, 5, "", "0605", "W")];
    let f = Field { rules: "alexander", ..two_armies(vec![unit("hyp", "HI", "HY", 5, 6, 5, "", "0305", "E")], red) };
    let (mut game, _) = f.start(&[0; 2]);
    game.force_shock_result((3, 2));
    let json = serde_json::to_string(&game.state).unwrap();
    assert!(json.contains("\"forced_shock\":[3,2]"), "{json}");
    let back: sarissa_rules::game::GameState = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game.state);
}
