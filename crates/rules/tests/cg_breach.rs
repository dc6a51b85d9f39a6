//! Elephants breaching a Chandragupta camp's palisade and gates (CG 12.31, 12.33, 12.34;
//! Breach Table T16) and what a breach changes (CG 12.14–12.16, 12.18, 9.17[3] C3; rulings
//! P175–P178).
//!
//! Blue's camp on the test field (as in `cg_camps.rs`), along row 05 going east:
//!
//! ```text
//! 0505 outside | berm | 0605 outer (4, clear) | palisade | 0705 third (c) | thorns | 0805 second (c) | wagons | 0905, 0906 royal (c)
//!                       0605 | camp gate | 0706 third (c)
//! ```
//!
//! A red elephant at 0605 facing east has the palisade (to 0705) and the gate (to 0706) in front.

mod common;
use common::*;
use sarissa_rules::game::{Command, Event, Game, Phase, RollPurpose};
use sarissa_rules::hex::Vertex;

fn el(id: &str, at: &str, facing: &str) -> String {
    unit(id, "EL", "", 4, 6, 5, "J", at, facing)
}

fn idx(game: &Game, id: &str) -> usize {
    game.scenario.units.iter().position(|u| u.id == id).unwrap()
}

/// Blue's raja far off (initiative 2, so he goes first) and red's commander (5) at 1210.
fn field(blue: Vec<String>, red: Vec<String>) -> Field {
    camp_field(blue, red, 2, 5)
}

fn far_blue() -> Vec<String> {
    vec![unit("b", "MI", "", 4, 5, 5, "", "0109", "E")]
}

fn breach_events(events: &[Event]) -> Vec<Event> {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::BreachAttemptBegun { .. }
                    | Event::BreachRolled { .. }
                    | Event::DieRolled { purpose: RollPurpose::Breach { .. }, .. }
            )
        })
        .cloned()
        .collect()
}

fn begun(unit: &str) -> Event {
    Event::BreachAttemptBegun { unit: unit.into() }
}

fn rolled(unit: &str, roll: u8) -> Event {
    Event::DieRolled { roll, purpose: RollPurpose::Breach { unit: unit.into() } }
}

fn breach(unit: &str, from: &str, to: &str, gate: bool, roll: u8) -> Event {
    let need = if gate { 4 } else { 2 };
    Event::BreachRolled { unit: unit.into(), from: h(from), to: h(to), gate, roll, need, breached: roll <= need }
}

/// Blue passes; red's commander takes his orders phase, does `orders`, ends it and declines
/// momentum; the turn ends. Every event from red's activation on.
fn red_turn(game: &mut Game, orders: impl FnOnce(&mut Game) -> Vec<Event>) -> Vec<Event> {
    ok(game, pass("raja"));
    let mut events = ok(game, activate("foe"));
    events.extend(orders(game));
    events.extend(end_orders(game));
    if matches!(game.state.phase, Phase::Momentum { .. }) {
        events.extend(ok(game, Command::DeclineMomentum));
    }
    events
}

#[test]
fn an_elephant_facing_the_gate_breaches_it_on_0_to_4_cg_12_31_t16() {
    let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "E")]), &[4]);
    let events = red_turn(&mut game, |_| Vec::new());
    // P176: the gate before the palisade, both in its front.
    assert_eq!(breach_events(&events), vec![begun("el"), rolled("el", 4), breach("el", "0605", "0706", true, 4)]);
    assert_eq!(game.state.breaches, vec![(h("0605"), h("0706"))]);
    assert!(game.state.breach_attempts.is_empty());
    // After reload, before the counters turn up (3.1 D4).
    let at = |p: &dyn Fn(&Event) -> bool| events.iter().position(p).unwrap();
    assert!(at(&|e| matches!(e, Event::BreachRolled { .. })) < at(&|e| matches!(e, Event::UnitsAndLeadersReadied)));
    assert!(at(&|e| matches!(e, Event::TurnEnded { .. })) < at(&|e| matches!(e, Event::BreachRolled { .. })));
}

#[test]
fn the_gate_holds_on_5_cg_12_31_t16() {
    let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "E")]), &[5]);
    let events = red_turn(&mut game, |_| Vec::new());
    assert_eq!(breach_events(&events), vec![begun("el"), rolled("el", 5), breach("el", "0605", "0706", true, 5)]);
    assert!(game.state.breaches.is_empty());
}

#[test]
fn the_palisade_falls_on_0_to_2_only_cg_12_31_t16() {
    // Facing north-east at 0605: the palisade (0705) and open ground (0604) in front.
    for (roll, fell) in [(2, true), (3, false)] {
        let mut game = start_camp(&field(far_blue(), vec![el("el", "0605", "NE")]), &[roll]);
        let events = red_turn(&mut game, |_| Vec::new());
        assert_eq!(
            breach_events(&events),
            vec![begun("el"), rolled("el", roll), breach("el", "0605", "0705", false, roll)]
        );
        assert_eq!(game.state.breaches.len(), usize::from(fell));
    }
}
