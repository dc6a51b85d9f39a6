//! For testing what the rules do with a result: a shock result forced on the next combat
//! (`sarissa run --shock-result`) or on the next volley (`--missile-result`), with loaded dice.

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

/// Blue's Cretan archers at 0305 shoot at red's Median horse two hexes off (strength 3 there),
/// with the die loaded to `roll`, after forcing `forced` on the next volley.
fn volley_events(roll: u8, forced: Option<bool>) -> (Vec<Event>, sarissa_rules::Game) {
    let blue = vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0305", "E")];
    let (mut game, _) = two_armies(blue, vec![unit("medes", "HC", "", 3, 6, 7, "", "0505", "W")]).start(&[roll]);
    if let Some(hit) = forced {
        assert_eq!(game.force_missile_result(hit), vec![Event::MissileResultToBeForced { hit }]);
        assert_eq!(game.state.forced_missile, Some(hit));
    }
    ok(&mut game, activate("hero"));
    (ok(&mut game, fire("cretans", "medes")), game)
}

fn volley(events: &[Event]) -> (u8, bool, u8, sarissa_rules::combat::missile::Supply) {
    events
        .iter()
        .find_map(|e| match e {
            Event::MissileFired { strength, hit, hits, supply, .. } => Some((*strength, *hit, *hits, *supply)),
            _ => None,
        })
        .expect("a volley")
}

#[test]
fn a_forced_hit_replaces_the_charts_miss_and_says_so() {
    use sarissa_rules::combat::missile::Supply;
    use sarissa_rules::game::{HitCause, RollPurpose};
    // 6 against strength 3 misses; forced, it hits, and the log says the chart gave a miss.
    let (normal, _) = volley_events(6, None);
    assert_eq!(volley(&normal), (3, false, 0, Supply::Full));
    assert!(!normal.iter().any(|e| matches!(e, Event::MissileResultForced { .. })), "{normal:?}");
    let (events, game) = volley_events(6, Some(true));
    let die = Event::DieRolled {
        roll: 6,
        purpose: RollPurpose::MissileFire { unit: "cretans".into(), target: "medes".into() },
    };
    let at = events.iter().position(|e| *e == die).expect("the die is rolled all the same");
    assert_eq!(events[at + 1], Event::MissileResultForced { hit: true, table: false });
    assert_eq!(volley(&events[at + 2..at + 3]), (3, true, 1, Supply::Full));
    assert_eq!(events[at + 3], Event::CohesionHits { unit: "medes".into(), hits: 1, cause: HitCause::Missile });
    assert_eq!(game.state.units[1].hits, 1);
    assert_eq!(game.state.forced_missile, None, "used once");
}

#[test]
fn a_forced_miss_leaves_the_die_to_decide_the_supply() {
    use sarissa_rules::combat::missile::Supply;
    // 2 hits at strength 3; forced, it misses. A natural 9 still leaves the archers Missile Low.
    let (events, game) = volley_events(2, Some(false));
    assert!(events.contains(&Event::MissileResultForced { hit: false, table: true }), "{events:?}");
    assert_eq!(volley(&events), (3, false, 0, Supply::Full));
    assert_eq!(game.state.units[1].hits, 0);
    let (events, game) = volley_events(9, Some(true));
    assert!(events.contains(&Event::MissileResultForced { hit: true, table: false }), "{events:?}");
    assert_eq!(volley(&events), (3, true, 1, Supply::Low));
    assert_eq!(game.state.units[0].supply, Supply::Low);
}

#[test]
fn a_forced_missile_result_is_saved_only_while_it_waits() {
    let blue = vec![unit("cretans", "SK", "A", 1, 5, 6, "A", "0305", "E")];
    let (mut game, _) = two_armies(blue, vec![unit("medes", "HC", "", 3, 6, 7, "", "0505", "W")]).start(&[2]);
    assert!(!serde_json::to_string(&game.state).unwrap().contains("forced_missile"));
    game.force_missile_result(false);
    let json = serde_json::to_string(&game.state).unwrap();
    assert!(json.contains("\"forced_missile\":false"), "{json}");
    let back: sarissa_rules::game::GameState = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game.state);
}
