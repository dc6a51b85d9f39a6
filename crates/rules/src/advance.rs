//! What follows an advance after combat (GBA 9.32; CG 9.22): the attacker's free turn of a
//! vertex for each one-hex unit that advanced, before the defender's reactions (9.35, P120).

use crate::game::{Event, RuleError, Tx};
use crate::hex::Vertex;
use crate::reaction::Advance;

/// The facings `unit` may end with after its advance (9.32): as it is, or one vertex either way
/// — even in an enemy ZOC, which 7.25 would otherwise forbid. None for a two-hex unit (9.33
/// gives it a wheel instead) or one that has since routed or been eliminated.
pub fn turn_options(state: &crate::game::GameState, unit: usize) -> Vec<Vertex> {
    let st = &state.units[unit];
    if st.eliminated || st.routed || st.placement.is_two_hex() {
        return Vec::new();
    }
    let [left, right] = crate::reaction::reaction_facings(st.facing);
    vec![st.facing, left, right]
}

/// After the shock segment: the free turn is offered for the first one-hex advancer still able
/// to take it; once none is left, the defender's reactions to the advances (9.35).
pub fn offer_turns(
    tx: &mut Tx,
    leader: &str,
    advances: Vec<Advance>,
    mut waiting: Vec<String>,
) -> Result<(), RuleError> {
    while !waiting.is_empty() {
        let unit = waiting.remove(0);
        let ui = tx.unit_index(&unit)?;
        if turn_options(&tx.state, ui).is_empty() {
            continue;
        }
        tx.emit(Event::AdvanceTurnOffered { leader: leader.into(), unit, waiting, advances });
        return Ok(());
    }
    crate::reaction::offer_advance_reactions(tx, leader, advances)
}

/// The units the segment's advances offer the free turn to, in the order they advanced.
pub fn begin_turns(tx: &mut Tx, leader: &str, advances: Vec<Advance>) -> Result<(), RuleError> {
    let mut waiting: Vec<String> = Vec::new();
    for a in &advances {
        if !waiting.contains(&a.unit) {
            waiting.push(a.unit.clone());
        }
    }
    offer_turns(tx, leader, advances, waiting)
}

/// The attacker's choice for the unit asked about: keep its facing or turn one vertex (9.32).
pub fn turn_after_advance(tx: &mut Tx, unit: &str, facing: Vertex) -> Result<(), RuleError> {
    let crate::game::Phase::AdvanceTurn { leader, unit: asked, waiting, advances } = tx.state.phase.clone() else {
        return Err(RuleError::NotNow { command: "turn_after_advance".into(), expected: "no advance to turn".into() });
    };
    if unit != asked {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "9.32",
            reason: format!("the free turn now is {asked}'s"),
        });
    }
    let ui = tx.unit_index(unit)?;
    if !turn_options(&tx.state, ui).contains(&facing) {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "9.32",
            reason: "after advancing it may turn one vertex only".into(),
        });
    }
    if facing != tx.state.units[ui].facing {
        tx.emit(Event::UnitTurnedAfterAdvance { unit: unit.into(), facing });
    }
    offer_turns(tx, &leader, advances, waiting)
}
