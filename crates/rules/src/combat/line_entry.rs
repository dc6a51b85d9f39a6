//! Entry fire against a line on the move (GBA 8.21, CG 8.21; P52, P140): while the units of this
//! phase's line command move, the enemy's entry fire at them is noted, not offered; once the
//! line's move is over, all of it is offered in one pause, each firer choosing one of the line's
//! units that came into its zone. Only then do the line's units fire.
//!
//! The line's move is over when the player says so (`line-done`) or when the leader ends his
//! orders; moves of its units are refused after that. While entry fire is owed to the line, its
//! units may not fire (P140).

use crate::combat::fire::ReactionFire;
pub use crate::game::pending::LineEntry;
pub use crate::game::pending::LineFire;
use crate::game::{Event, GameState, Phase, RuleError, Tx};
use crate::scenario::Scenario;

/// The orders phase going on now, or suspended under a reaction pause.
fn orders_phase(state: &GameState) -> Option<&Phase> {
    match &state.phase {
        p @ Phase::Orders { .. } => Some(p),
        Phase::Reaction { resume, .. } => matches!(**resume, Phase::Orders { .. }).then_some(&**resume),
        _ => None,
    }
}

fn index(scenario: &Scenario, id: &str) -> Option<usize> {
    scenario.units.iter().position(|u| u.id == id)
}

/// The units of this phase's line command while its move is open: given, and not declared over
/// (8.21).
pub fn moving_line(state: &GameState) -> Option<&[String]> {
    let Some(Phase::Orders { line: Some(units), line_moved: false, .. }) = orders_phase(state) else { return None };
    Some(units.as_slice())
}

/// Is the line command's move over: a line was given and its move is no longer open (8.21)?
pub fn move_over(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let in_line = matches!(orders_phase(state), Some(Phase::Orders { line: Some(units), .. })
        if units.contains(&scenario.units[unit].id));
    in_line && moving_line(state).is_none()
}

/// Is `mover` a unit of the line whose move is still open? Entry fire at it waits (8.21).
pub fn collecting(scenario: &Scenario, state: &GameState, mover: usize) -> bool {
    moving_line(state).is_some_and(|units| units.contains(&scenario.units[mover].id))
}

/// Notes the entry volleys `firers` may fire at `mover`, a unit of the moving line (8.21).
pub fn defer(tx: &mut Tx, mover: usize, firers: &[String]) {
    let target = tx.scenario.units[mover].id.clone();
    for firer in firers {
        tx.emit(Event::EntryFireDeferred { firer: firer.clone(), target: target.clone() });
    }
}

/// May `firer` still fire at `target` as it entered its zone (8.21, 8.24): the target stands in
/// its ZOC, in reach and in sight, and the firer has missiles and is not about to rout.
pub fn live(scenario: &Scenario, state: &GameState, firer: usize, target: usize) -> bool {
    let zoc = crate::map::zoc::zoc_of(scenario, state, firer);
    state.units[target].placement.hexes().any(|h| zoc.contains(&h))
        && !state.units[target].routed
        && state.units[firer].hits < scenario.units[firer].tq
        && !crate::combat::fire::reaction_shots(scenario, state, firer, target, ReactionFire::Entry).is_empty()
}

/// The entry volleys noted during the line's move that may still be fired, each once.
pub fn live_entries(scenario: &Scenario, state: &GameState) -> Vec<LineEntry> {
    let Some(Phase::Orders { line_entries, .. }) = orders_phase(state) else { return Vec::new() };
    let mut out: Vec<LineEntry> = Vec::new();
    for e in line_entries {
        let (Some(f), Some(t)) = (index(scenario, &e.firer), index(scenario, &e.target)) else { continue };
        if !out.contains(e) && live(scenario, state, f, t) {
            out.push(e.clone());
        }
    }
    out
}

/// While the enemy still owes the moving line entry fire, none of the line's units fires or
/// harasses: that fire comes first (8.21).
pub fn fire_refusal(scenario: &Scenario, state: &GameState) -> Option<RuleError> {
    let Some(Phase::Orders { leader, .. }) = orders_phase(state) else { return None };
    (moving_line(state).is_some() && !live_entries(scenario, state).is_empty()).then(|| RuleError::LineCommand {
        leader: leader.clone(),
        rule: "8.21",
        reason: "the enemy's entry fire at the line comes before the line's own fire: end the line's move first \
                     (line-done)"
            .into(),
    })
}

/// The line's move is over: the entry fire noted is offered to the other side in one pause, if
/// any may still be fired. `end_orders`: the leader's orders phase ends once it is done. Returns
/// whether the pause opened.
pub fn close(tx: &mut Tx, leader: &str, end_orders: bool) -> Result<bool, RuleError> {
    let entries = live_entries(tx.scenario, &tx.state);
    if entries.is_empty() {
        return Ok(false);
    }
    let li = tx.leader_index(leader)?;
    let side = 1 - tx.scenario.leaders[li].side;
    let mut firers: Vec<String> = Vec::new();
    for e in &entries {
        if !firers.contains(&e.firer) {
            firers.push(e.firer.clone());
        }
    }
    tx.emit(Event::LineFireOffered { side, leader: leader.into(), firers, entries, end_orders });
    Ok(true)
}

/// `line-done`: the player says the line has finished moving (8.21).
pub fn line_done(tx: &mut Tx, leader: &str) -> Result<(), RuleError> {
    if moving_line(&tx.state).is_none() {
        return Err(RuleError::LineCommand {
            leader: leader.into(),
            rule: "8.21",
            reason: "no line of his is moving: no line command was given, or its move is already over".into(),
        });
    }
    tx.emit(Event::LineMoveEnded { leader: leader.into() });
    close(tx, leader, false)?;
    Ok(())
}
