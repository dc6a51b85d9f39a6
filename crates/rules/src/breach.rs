//! Elephants breaching a camp's palisade and gates (CG 12.13, 12.31, 12.33, 12.34; Breach
//! Table T16), and what a breach changes.
//!
//! * An elephant that begins a friendly orders phase — not a momentum one (12.34) — with an
//!   unbreached palisade or camp gate of the enemy's camp in front is marked as trying
//!   ([`Event::BreachAttemptBegun`]); if it moves or turns before the breach segment it gives up
//!   (the state drops it as events are applied; rulings P175). It may fire meanwhile (12.34).
//! * In the Rout and Recovery phase, after reload, each one still trying rolls once (12.31[2],
//!   12.33): a gate falls on 0–4, the palisade on 0–2. The target is a gate before a wall, and
//!   the first in the elephant's front of the kind (P176). A breach is for the whole battle.
//! * A breached palisade is crossed as a camp gate; a breached hexside is no camp hexside for
//!   zones of control; a shock across one takes C3 (P177, P178). Line of sight and the wall
//!   modifier do not change (P178).

use crate::facing::front_hexsides;
use crate::game::{Event, GameState, RollPurpose, RuleError, Tx};
use crate::hex::HexId;
use crate::scenario::Scenario;
use crate::terrain::HexsideFeature;
use crate::units::{Placement, UnitType};

/// Breach Table T16 (CG 12.31[2]): the highest roll that breaches a camp gate.
pub const GATE_BREACHED_ON: u8 = 4;
/// Breach Table T16 (CG 12.31[2]): the highest roll that breaches a camp wall (palisade).
pub const WALL_BREACHED_ON: u8 = 2;

/// Whether the hexside between `a` and `b` has been breached (CG 12.31[3]).
pub fn is_breached(state: &GameState, a: HexId, b: HexId) -> bool {
    let key = if a < b { (a, b) } else { (b, a) };
    state.breaches.contains(&key)
}

/// The hexside feature between `a` and `b` as it stands now: a breached palisade is passed as a
/// camp gate (CG 12.13, 12.31; rulings P177); anything else as the map draws it.
pub fn hexside_now(scenario: &Scenario, state: &GameState, a: HexId, b: HexId) -> Option<HexsideFeature> {
    match scenario.map.hexside(a, b) {
        Some(HexsideFeature::Palisade) if is_breached(state, a, b) => Some(HexsideFeature::CampGate),
        other => other,
    }
}

/// The hexsides `unit` could try to breach where it stands now (CG 12.31[1]; P175, P176): the
/// unbreached palisade and camp gate hexsides in its front, of a camp its side does not hold,
/// gates first, then in the order of its front. Empty for anything but a steady one-hex
/// elephant, and outside Chandragupta.
pub fn targets(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<(HexId, HexId, HexsideFeature)> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let steady = !st.eliminated && !st.routed && !st.rampaging && !st.column;
    let Placement::One(at) = st.placement else { return Vec::new() };
    if !crate::rule_set::hooks(scenario.meta.rules).camps || u.kind != UnitType::EL || !steady {
        return Vec::new();
    }
    let enemy_camp = |h: HexId| scenario.map.enclosure(h).is_some_and(|(c, _)| scenario.map.camps[c].side != u.side);
    let mut out: Vec<_> = front_hexsides(st.facing)
        .into_iter()
        .filter_map(|side| at.neighbour(side))
        .filter_map(|to| {
            let f = scenario.map.hexside(at, to)?;
            let wall = matches!(f, HexsideFeature::Palisade | HexsideFeature::CampGate);
            (wall && !is_breached(state, at, to) && (enemy_camp(at) || enemy_camp(to))).then_some((at, to, f))
        })
        .collect();
    // P176: the gate, the easier target, before the wall; a stable sort keeps the front's order,
    // the right-hand hexside first.
    out.sort_by_key(|t| t.2 != HexsideFeature::CampGate);
    out
}

/// At the start of a friendly orders phase that is not a momentum one (CG 12.31[1], 12.34):
/// every elephant of `side` facing an enemy camp's unbreached palisade or gate, not already
/// trying this turn, begins a breach attempt (P175).
pub fn on_orders_phase(tx: &mut Tx, side: usize) {
    if !crate::rule_set::hooks(tx.scenario.meta.rules).camps || tx.scenario.map.camps.is_empty() {
        return;
    }
    for i in 0..tx.scenario.units.len() {
        let u = &tx.scenario.units[i];
        let trying = tx.state.breach_attempts.iter().any(|a| a.unit == u.id);
        if u.side == side && !trying && !targets(tx.scenario, &tx.state, i).is_empty() {
            tx.emit(Event::BreachAttemptBegun { unit: u.id.clone() });
        }
    }
}

/// The breach segment of the Rout and Recovery phase (CG 3.1 D4, 12.31[2], 12.33): each elephant
/// still trying rolls once, in the scenario's order of units, against its first target still
/// standing (P176); a success breaches that hexside for good. Nothing happens without attempts.
pub fn breach_segment(tx: &mut Tx) -> Result<(), RuleError> {
    let mut trying: Vec<usize> =
        tx.state.breach_attempts.iter().filter_map(|a| tx.scenario.units.iter().position(|u| u.id == a.unit)).collect();
    trying.sort_unstable();
    for i in trying {
        let Some(&(from, to, f)) = targets(tx.scenario, &tx.state, i).first() else { continue };
        let unit = tx.scenario.units[i].id.clone();
        let gate = f == HexsideFeature::CampGate;
        let need = if gate { GATE_BREACHED_ON } else { WALL_BREACHED_ON };
        let roll = tx.roll(RollPurpose::Breach { unit: unit.clone() })?;
        tx.emit(Event::BreachRolled { unit, from, to, gate, roll, need, breached: roll <= need });
    }
    Ok(())
}
