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
//! * A camp tower of the enemy's camp in the elephant's front hex is attacked the same way
//!   (12.32, 12.33): 0–3 Damages it, a second success — a later turn's, or another elephant's
//!   in the same segment — Destroys it (P185, P186). The units in it Rout at once (P187). A
//!   destroyed tower is camp ground and its palisade and gate hexsides are breached (P188).
//! * A city gate of the enemy's city in the elephant's front hexside is attacked the same way
//!   (12.32): 0–3 Damages it, a second success Breaches it (P235); a Sarvatobhadra's shot
//!   (12.35, `artillery::fire_at_gate`) moves it along the same two steps. A breached city gate
//!   is in `breaches` like any other, so `is_breached` answers for it (12.213). The city wall
//!   is never breached (12.32[4]).

use crate::game::{Event, GameState, RollPurpose, RuleError, TowerResult, Tx};
use crate::map::facing::front_hexsides;
use crate::map::hex::HexId;
use crate::map::terrain::HexsideFeature;
use crate::scenario::units::{Placement, UnitType};
use crate::scenario::Scenario;

/// Breach Table T16 (CG 12.31[2]): the highest roll that breaches a camp gate.
pub const GATE_BREACHED_ON: u8 = 4;
/// Breach Table T16 (CG 12.31[2]): the highest roll that breaches a camp wall (palisade).
pub const WALL_BREACHED_ON: u8 = 2;

/// Breach Table T16 (CG 12.32[3]): the highest roll that Damages a camp tower, or Destroys one
/// already Damaged.
pub const TOWER_HIT_ON: u8 = 3;

/// Breach Table T16 (CG 12.32[3]): the highest roll that Damages a city gate, or Breaches one
/// already Damaged, for an elephant.
pub const CITY_GATE_HIT_ON: u8 = 3;

/// CG 12.35[2]: the highest roll of a Sarvatobhadra's shot that Damages a city gate, or
/// Breaches one already Damaged.
pub const CITY_GATE_SHOT_ON: u8 = 4;

/// What an elephant may attack (CG 12.31, 12.32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A palisade or camp gate hexside: the elephant's hex, the hex beyond, which.
    Hexside(HexId, HexId, HexsideFeature),
    /// An enemy camp tower standing in the elephant's front hex.
    Tower(HexId),
    /// An enemy city gate in the elephant's front: its hex, the hex beyond (CG 12.32).
    CityGate(HexId, HexId),
}

impl Target {
    /// The highest roll that succeeds against it (Breach Table T16).
    pub fn need(self) -> u8 {
        match self {
            Target::Hexside(_, _, HexsideFeature::CampGate) => GATE_BREACHED_ON,
            Target::Hexside(..) => WALL_BREACHED_ON,
            Target::Tower(_) => TOWER_HIT_ON,
            Target::CityGate(..) => CITY_GATE_HIT_ON,
        }
    }
}

/// Is the city gate between `a` and `b` one that units of `side` attack (CG 12.32, 12.35;
/// rulings P235): a gate of a city held by the other side at the start (its `side`), not yet
/// breached? A city wall is never one (12.32[4]).
pub fn enemy_city_gate(scenario: &Scenario, state: &GameState, side: usize, a: HexId, b: HexId) -> bool {
    scenario.map.city.as_ref().is_some_and(|c| c.side != side)
        && scenario.map.hexside(a, b) == Some(HexsideFeature::CityGate)
        && !is_breached(state, a, b)
}

/// What a roll of `roll` does to the city gate between `a` and `b`, a success being `need` or
/// less (CG 12.32[3], 12.35[2]): Damaged, or Breached if it was Damaged already.
pub fn gate_result(state: &GameState, (a, b): (HexId, HexId), roll: u8, need: u8) -> crate::game::GateResult {
    use crate::game::GateResult;
    let key = if a < b { (a, b) } else { (b, a) };
    if roll > need {
        GateResult::Held
    } else if state.damaged_gates.contains(&key) {
        GateResult::Breached
    } else {
        GateResult::Damaged
    }
}

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

/// What `unit` could attack where it stands now (CG 12.31[1], 12.32[2]; P175, P176, P185): the
/// unbreached palisade and camp gate hexsides in its front and the standing camp towers in its
/// front hexes, of a camp its side does not hold; the easiest first — gates (0–4), towers
/// (0–3), then the palisade (0–2) — and between two of a kind in the order of its front. Empty
/// for anything but a steady one-hex elephant, and outside Chandragupta.
pub fn targets(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<Target> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let steady = !st.eliminated && !st.routed && !st.rampaging && !st.column;
    let Placement::One(at) = st.placement else { return Vec::new() };
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).camps || u.kind != UnitType::EL || !steady {
        return Vec::new();
    }
    let enemy_camp = |h: HexId| scenario.map.enclosure(h).is_some_and(|(c, _)| scenario.map.camps[c].side != u.side);
    let mut out = Vec::new();
    for to in front_hexsides(st.facing).into_iter().filter_map(|side| at.neighbour(side)) {
        if let Some(f) = scenario.map.hexside(at, to) {
            let wall = matches!(f, HexsideFeature::Palisade | HexsideFeature::CampGate);
            if wall && !is_breached(state, at, to) && (enemy_camp(at) || enemy_camp(to)) {
                out.push(Target::Hexside(at, to, f));
            }
        }
        // CG 12.32[2]: adjacent to the tower and facing it — the tower in a front hex.
        if crate::works::camp::is_tower(&scenario.map, state, to) && enemy_camp(to) {
            out.push(Target::Tower(to));
        }
        // CG 12.32[2]: the city gate in a front hexside (P235).
        if enemy_city_gate(scenario, state, u.side, at, to) {
            out.push(Target::CityGate(at, to));
        }
    }
    // P176, P185: the easier target first; a stable sort keeps the front's order, the
    // right-hand hexside first.
    crate::game::sorting::sort_by_key(&mut out, |t| std::cmp::Reverse(t.need()));
    out
}

/// At the start of a friendly orders phase that is not a momentum one (CG 12.31[1], 12.34):
/// every elephant of `side` facing an enemy camp's unbreached palisade or gate, not already
/// trying this turn, begins a breach attempt (P175).
pub fn on_orders_phase(tx: &mut Tx, side: usize) {
    let map = &tx.scenario.map;
    if !crate::scenario::rule_set::hooks(tx.scenario.meta.rules).camps || (map.camps.is_empty() && map.city.is_none()) {
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

/// The breach segment of the Rout and Recovery phase (CG 3.1 D4, 12.31[2], 12.32[3], 12.33):
/// each elephant still trying rolls once, in the scenario's order of units, against its first
/// target still standing (P176); a success breaches a hexside for good, or Damages a tower, or
/// Destroys one already Damaged — this segment's earlier successes count (P186). The units in a
/// destroyed tower Rout at once (P187). Nothing happens without attempts.
pub fn breach_segment(tx: &mut Tx) -> Result<(), RuleError> {
    let mut trying: Vec<usize> =
        tx.state.breach_attempts.iter().filter_map(|a| tx.scenario.units.iter().position(|u| u.id == a.unit)).collect();
    trying.sort_unstable();
    for i in trying {
        let Some(&target) = targets(tx.scenario, &tx.state, i).first() else { continue };
        let unit = tx.scenario.units[i].id.clone();
        let need = target.need();
        let roll = tx.roll(RollPurpose::Breach { unit: unit.clone() })?;
        match target {
            Target::Hexside(from, to, f) => {
                let gate = f == HexsideFeature::CampGate;
                tx.emit(Event::BreachRolled { unit, from, to, gate, roll, need, breached: roll <= need });
            }
            Target::Tower(tower) => attack_tower(tx, unit, tower, roll)?,
            // CG 12.32[3], 12.33 (P235): Damaged, then Breached; this segment's successes count.
            Target::CityGate(from, to) => {
                let result = gate_result(&tx.state, (from, to), roll, need);
                tx.emit(Event::CityGateRolled { unit, from, to, roll, need, result });
            }
        }
    }
    Ok(())
}

/// CG 12.32[3], 12.33: an elephant's roll of `roll` against the camp tower at `tower`.
fn attack_tower(tx: &mut Tx, unit: String, tower: HexId, roll: u8) -> Result<(), RuleError> {
    let result = if roll > TOWER_HIT_ON {
        TowerResult::Held
    } else if tx.state.damaged_towers.contains(&tower) {
        // P188: the tower's palisade and gate hexsides open with it.
        let opened = crate::map::hex::Hexside::ALL
            .into_iter()
            .filter_map(|side| tower.neighbour(side))
            .filter(|&n| {
                matches!(tx.scenario.map.hexside(tower, n), Some(HexsideFeature::Palisade | HexsideFeature::CampGate))
            })
            .map(|n| (tower, n))
            .collect();
        TowerResult::Destroyed { opened }
    } else {
        TowerResult::Damaged
    };
    let destroyed = matches!(result, TowerResult::Destroyed { .. });
    tx.emit(Event::TowerAttackRolled { unit, tower, roll, need: TOWER_HIT_ON, result });
    if destroyed {
        // CG 12.32[4] (P187): everyone in it Routs at once, with the initial rout move.
        let inside: Vec<usize> = (0..tx.scenario.units.len())
            .filter(|&u| {
                let st = &tx.state.units[u];
                !st.eliminated && !st.routed && st.placement.hexes().any(|h| h == tower)
            })
            .collect();
        for u in inside {
            crate::effects::cohesion::rout(tx, u, crate::effects::rout::RoutLeg::Hexes(2), "12.32")?;
        }
        crate::effects::cohesion::settle(tx)?;
    }
    Ok(())
}
