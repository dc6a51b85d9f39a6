//! The Camp Orders Phase (CG 3.0 E, 12.17, 10.54): after the Rout and Recovery Phase, the combat
//! units inside a camp that no leader of theirs is in, and that did not move this turn, act as if
//! ordered — they move (staying in the camp), fire, then shock — and every artillery engine may
//! move at its MA, wherever it stands (10.54).
//!
//! The phase is an orders phase without a leader (ruling P180): its state is the ordinary
//! `Phase::Orders` with an empty leader id, and `GameState::camp_orders` says whose camp phase it
//! is and which units may act. Its shock segment is the ordinary one, with the acting units'
//! own hexes for the "command range" that lets ordered units attack (7.32). When it is over,
//! the units that acted are turned face up again (P181) and the next side's phase, or the
//! Withdrawal Phase, follows.

pub use crate::game::pending::{CampOrders, NO_LEADER};
use crate::game::{Command, Event, GameState, Phase, RollPurpose, RuleError, Tx};
use crate::map::hex::HexId;
use crate::scenario::units::{Placement, UnitType};
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;

/// Which camp `hex` is within the palisade of (CG 12.11: the third enclosure or deeper).
fn camp_within_palisade(scenario: &Scenario, hex: HexId) -> Option<usize> {
    scenario.map.enclosure(hex).and_then(|(c, e)| (e <= crate::works::camp::PALISADE).then_some(c))
}

/// The units of `side` that may act in its Camp Orders Phase, worked out before the Moved
/// counters are turned face up (12.17 speaks of units that have not moved this turn).
/// * Within the palisade of a camp of their side (P180), with no leader of the side anywhere
///   in that camp (digest G49), not Moved, Routed, Rallied or eliminated, and one-hex (P180).
/// * Every engine of the side that may move: not immovable (10.54).
fn eligible(scenario: &Scenario, state: &GameState, side: usize) -> Vec<String> {
    // The camps a leader of the side stands in, in any enclosure (digest G49).
    let led: Vec<usize> = (0..scenario.leaders.len())
        .filter(|&l| {
            scenario.leaders[l].side == side && state.leaders[l].status != crate::game::LeaderStatus::Eliminated
        })
        .filter_map(|l| scenario.map.enclosure(state.leaders[l].at).map(|(c, _)| c))
        .collect();
    (0..scenario.units.len())
        .filter(|&i| {
            let (u, st) = (&scenario.units[i], &state.units[i]);
            if u.side != side || st.eliminated || st.routed || st.rallied {
                return false;
            }
            // 10.54: engines move only now, wherever they stand; some Jamadagnyas never.
            if u.engine.is_some() {
                return !u.immovable;
            }
            let Placement::One(at) = st.placement else { return false };
            let camp = camp_within_palisade(scenario, at);
            !st.moved && camp.is_some_and(|c| scenario.map.camps[c].side == side && !led.contains(&c))
        })
        .map(|i| scenario.units[i].id.clone())
        .collect()
}

/// Each side's units for the Camp Orders Phase, before the Moved counters turn (12.17); sides
/// with none are left out.
pub fn plan(scenario: &Scenario, state: &GameState) -> Vec<(usize, Vec<String>)> {
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).camps {
        return Vec::new();
    }
    (0..2).map(|s| (s, eligible(scenario, state, s))).filter(|(_, u)| !u.is_empty()).collect()
}

/// Opens the Camp Orders Phase for the planned sides: `false` when neither side has a unit for
/// it. When both have, a die each decides who goes first, high roll first, as equal initiatives
/// do in Chandragupta (CG 5.12, ruling P182).
pub fn begin(tx: &mut Tx, mut plan: Vec<(usize, Vec<String>)>) -> Result<bool, RuleError> {
    if plan.is_empty() {
        return Ok(false);
    }
    if plan.len() == 2 {
        loop {
            let a = tx.roll(RollPurpose::CampOrdersFirst { side: 0 })?;
            let b = tx.roll(RollPurpose::CampOrdersFirst { side: 1 })?;
            if a != b {
                if b > a {
                    plan.swap(0, 1);
                }
                break;
            }
        }
    }
    let mut plan = plan.into_iter();
    let (side, units) = plan.next().expect("a side to go");
    tx.emit(Event::CampOrdersBegan { side, units, then: plan.next() });
    Ok(true)
}

/// Is this the Camp Orders Phase (or its shock segment)?
pub fn active(state: &GameState) -> Option<&CampOrders> {
    state.camp_orders.as_ref()
}

/// The units that may still act now (12.17): not yet moved or fired in this phase.
pub fn orderable(scenario: &Scenario, state: &GameState) -> Vec<usize> {
    let (Some(c), Phase::Orders { ordered, .. }) = (active(state), &state.phase) else { return Vec::new() };
    c.units
        .iter()
        .filter(|u| !ordered.contains(u))
        .filter_map(|id| scenario.units.iter().position(|u| &u.id == id))
        .filter(|&i| !state.units[i].eliminated && !state.units[i].routed)
        .collect()
}

/// The hexes whose units may attack in the phase's shock segment without having moved up: those
/// of the units acting as if ordered (7.32[1], 12.17). Engines never attack (CG 10.51).
pub fn shock_range(scenario: &Scenario, state: &GameState) -> Option<(usize, FxHashMap<HexId, u8>)> {
    let c = active(state)?;
    let hexes = c
        .units
        .iter()
        .filter_map(|id| scenario.units.iter().position(|u| &u.id == id))
        .filter(|&i| scenario.units[i].kind != UnitType::AT)
        .flat_map(|i| state.units[i].placement.hexes())
        .map(|h| (h, 0))
        .collect();
    Some((c.side, hexes))
}

/// Why `unit` may not go along `path` in the Camp Orders Phase, if it may not: a camp unit stays
/// within the palisade of its camp (12.17); an engine that has fired may not move (10.54), and
/// one that stays has nothing to turn (10.53).
pub fn move_refusal(scenario: &Scenario, state: &GameState, unit: usize, path: &[HexId]) -> Option<String> {
    if scenario.units[unit].engine.is_some() {
        if path.is_empty() {
            return Some("an engine has no facing to turn: it shoots all round (10.53)".to_string());
        }
        return (state.units[unit].artillery_shots > 0)
            .then(|| "an engine that has fired this phase may not move (10.54)".to_string());
    }
    let home = state.units[unit].placement.hexes().next().and_then(|h| camp_within_palisade(scenario, h));
    path.iter()
        .any(|&h| camp_within_palisade(scenario, h) != home)
        .then(|| "in the Camp Orders Phase a unit stays within its camp's palisade (12.17)".to_string())
}

/// A command in the Camp Orders Phase: a move or a volley by a unit that may act, an engine's
/// shot, or the end of the phase's movement (12.17, 10.54).
pub fn execute(tx: &mut Tx, command: &Command) -> Result<(), RuleError> {
    match command {
        Command::Move { unit, path, facing, column, with: None } => {
            let ui = tx.unit_index(unit)?;
            let moving_on = crate::movement::move_and_fire::moving_on(tx.scenario, &tx.state).contains(&ui);
            if !moving_on && !orderable(tx.scenario, &tx.state).contains(&ui) {
                return Err(RuleError::IllegalMove {
                    unit: unit.clone(),
                    rule: "12.17",
                    reason: "in the Camp Orders Phase only the camp's leaderless units that have not moved this \
                             turn, and engines, act, each once"
                        .into(),
                });
            }
            if let Some(reason) = move_refusal(tx.scenario, &tx.state, ui, path) {
                let rule = if tx.scenario.units[ui].engine.is_some() { "10.54" } else { "12.17" };
                return Err(RuleError::IllegalMove { unit: unit.clone(), rule, reason });
            }
            if moving_on {
                return crate::movement::move_and_fire::move_on(tx, unit, path, *facing, *column, None);
            }
            let planned = crate::movement::plan_steps(tx.scenario, &tx.state, ui, path, *facing, *column, 0)?;
            crate::movement::reaction::run_move(tx, ui, path, &planned, *facing, 0, true, None)
        }
        Command::Fire { unit, target } => crate::combat::fire::fire(tx, unit, target),
        Command::FireBow { unit, target } => crate::combat::fire::fire_bow(tx, unit, target),
        Command::FireAtLeader { unit, leader } => crate::combat::fire::fire_at_leader(tx, unit, leader),
        Command::EndOrders => end(tx),
        _ => Err(RuleError::NotNow {
            command: command.name().into(),
            rule: "CG 12.17",
            expected: "in the Camp Orders Phase the camp's units move, fire, or the phase ends".into(),
        }),
    }
}

/// The movement and fire are over: the shock segment, then the end of the phase (12.17).
fn end(tx: &mut Tx) -> Result<(), RuleError> {
    if crate::combat::shock_segment::begin(tx, NO_LEADER)? {
        return Ok(());
    }
    finish(tx)
}

/// The phase is over: its units face up again (P181), then the other side's phase, or the
/// Withdrawal Phase and the next turn.
pub fn finish(tx: &mut Tx) -> Result<(), RuleError> {
    let Some(c) = tx.state.camp_orders.clone() else { return Ok(()) };
    tx.emit(Event::CampOrdersEnded { side: c.side });
    if let Some((side, units)) = c.then {
        tx.emit(Event::CampOrdersBegan { side, units, then: None });
        return Ok(());
    }
    crate::command::activation::withdrawal_phase(tx)
}
