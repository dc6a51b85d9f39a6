//! Leader activation (GBA 5.1) and the turn's end (3.1 D–E).

use crate::game::{Event, GameState, LeaderStatus, RollPurpose, RuleError, Tx};
use crate::scenario::Scenario;

/// Starts turn `turn` and offers its first activation.
pub fn begin_turn(tx: &mut Tx, turn: u16) -> Result<(), RuleError> {
    tx.emit(Event::TurnBegan { turn });
    // House B2: a barbarian side's order for the turn, before anyone moves.
    crate::special::house::barbarian::roll_order(tx)?;
    // Pre-arranged withdrawals are declared before any unit moves (6.82).
    if crate::movement::pre_arranged::offer_declaration(tx, 0) {
        return Ok(());
    }
    open_activations(tx)
}

/// The turn's activations begin: the elite commander's initiative if it is offered, else the
/// first activation (5.51, 5.12).
pub fn open_activations(tx: &mut Tx) -> Result<(), RuleError> {
    if let Some((side, leaders)) = elite_initiative(tx.scenario, &tx.state) {
        tx.emit(Event::EliteInitiativeOffered { side, leaders });
        return Ok(());
    }
    offer_next(tx)
}

/// The optional elite commander initiative (5.51): a side whose overall commander is Elite may
/// open the turn with one orders phase by him or one of its rated leaders within his command
/// range (any of them on the first turn). One side only: the first with an elite commander (P44).
pub fn elite_initiative(scenario: &Scenario, state: &GameState) -> Option<(usize, Vec<String>)> {
    if !scenario.meta.optional_rules.elite_commander_initiative {
        return None;
    }
    let oc = (0..scenario.leaders.len()).find(|&i| {
        let l = &scenario.leaders[i];
        l.elite
            && crate::command::orders::is_overall(scenario, i)
            && state.leaders[i].status != LeaderStatus::Eliminated
    })?;
    let side = scenario.leaders[oc].side;
    // His command range, worked out only if a leader's place is asked of it.
    let mut range = None;
    let leaders = (0..scenario.leaders.len())
        .filter(|&i| {
            let l = &scenario.leaders[i];
            l.side == side
                && crate::command::contingent::rated(scenario, i)
                && state.leaders[i].status == LeaderStatus::Inactive
                && (i == oc
                    || state.turn <= 1
                    || range
                        .get_or_insert_with(|| crate::command::orders::shared_command_range(scenario, state, oc))
                        .contains_key(&state.leaders[i].at))
        })
        .map(|i| scenario.leaders[i].id.clone())
        .collect();
    Some((side, leaders))
}

/// Leaders still to be activated this turn: Inactive, rated (contingent commanders are
/// activated only by their superiors, 5.6), not eliminated (5.13, 5.45; CG 5.13, 5.45).
fn eligible(tx: &Tx) -> Vec<usize> {
    (0..tx.scenario.leaders.len())
        .filter(|&i| {
            // A Nayaka who passed waits for a Wing Command (CG 4.53).
            let st = &tx.state.leaders[i];
            st.status == LeaderStatus::Inactive && !st.passed && crate::command::contingent::rated(tx.scenario, i)
        })
        .collect()
}

/// Offers the next activation: the lowest initiative not yet activated (5.12), or ends the turn
/// when every leader is done.
pub fn offer_next(tx: &mut Tx) -> Result<(), RuleError> {
    let candidates = eligible(tx);
    // A leader brought out of an enemy ZOC goes before any other (5.25).
    if let Some(&i) = candidates.iter().find(|&&i| tx.state.leaders[i].must_activate) {
        let l = &tx.scenario.leaders[i];
        tx.emit(Event::ActivationOffered { side: l.side, leaders: vec![l.id.clone()] });
        return Ok(());
    }
    let init = |i: usize| sequencing_initiative(tx.scenario, &tx.state, i);
    let Some(lowest) = candidates.iter().filter_map(|&i| init(i)).min() else {
        return end_turn(tx);
    };
    let at_lowest = |side: usize| -> Vec<String> {
        candidates
            .iter()
            .filter(|&&i| tx.scenario.leaders[i].side == side && init(i) == Some(lowest))
            .map(|&i| tx.scenario.leaders[i].id.clone())
            .collect()
    };
    // House B2: of a barbarian side's leaders at one slot, the die order says who goes first.
    let first = |leaders| crate::special::house::barbarian::first_in_die_order(&tx.state, leaders);
    let (a, b) = (first(at_lowest(0)), first(at_lowest(1)));
    let side = match (a.is_empty(), b.is_empty()) {
        (false, true) => 0,
        (true, false) => 1,
        _ => match tx.state.tie {
            Some((initiative, next)) if initiative == lowest => next,
            _ => {
                let first = tie_first_side(tx)?;
                tx.emit(Event::TieOrderSet { initiative: lowest, next_side: first });
                first
            }
        },
    };
    let leaders = if side == 0 { a } else { b };
    tx.emit(Event::ActivationOffered { side, leaders });
    Ok(())
}

/// The initiative that places leader `i` in the activation order (5.12): his own, or under the
/// house rules the slot his barbarian side rolled him this turn (B2) or his own moved by his
/// temperament (B1). Everything else (trumps, momentum, orders) reads his own.
pub fn sequencing_initiative(scenario: &Scenario, state: &GameState, i: usize) -> Option<u8> {
    let own = crate::command::orders::ratings(scenario, state, i).initiative?;
    let house = crate::special::house::barbarian::slot(scenario, state, i);
    Some(house.unwrap_or_else(|| crate::special::house::temperament::sequencing(scenario, state, i, own)))
}

/// Equal initiatives across the sides (5.12): in the Alexander rules the non-Macedonian leader
/// goes first; otherwise (both or neither Macedonian, or Chandragupta) each side rolls, the
/// first-listed side first, high roll first, equal rolls again (R10).
fn tie_first_side(tx: &mut Tx) -> Result<usize, RuleError> {
    let mac = [tx.scenario.sides[0].macedonian, tx.scenario.sides[1].macedonian];
    // 5.12: GBA lets the non-Macedonian go first; CG always rolls, then alternates (D16, W7).
    let tie = crate::scenario::rule_set::hooks(tx.scenario.meta.rules).activation_tie;
    if tie == crate::scenario::rule_set::TieRule::NonMacedonianFirst && mac[0] != mac[1] {
        return Ok(if mac[0] { 1 } else { 0 });
    }
    loop {
        let a = tx.roll(RollPurpose::InitiativeTie { side: 0 })?;
        let b = tx.roll(RollPurpose::InitiativeTie { side: 1 })?;
        if a != b {
            return Ok(if a > b { 0 } else { 1 });
        }
    }
}

/// After a leader of a tied initiative is used, the other side's equal leaders go next (5.12).
pub fn note_tie_turn(tx: &mut Tx, leader: usize) {
    let l = &tx.scenario.leaders[leader];
    if let Some((initiative, _)) = tx.state.tie {
        if sequencing_initiative(tx.scenario, &tx.state, leader) == Some(initiative) {
            tx.emit(Event::TieOrderSet { initiative, next_side: 1 - l.side });
        }
    }
}

/// Rout and reload, then withdrawal, then the next turn (3.1 D–E): the Rout Movement segment
/// (10.22), Moved units and Finished leaders face up (D4), and the Withdrawal Phase: an army
/// whose rout points reach its level withdraws and the battle is over (CG 13.13, 13.14); the
/// Reload segment (8.18) between.
fn end_turn(tx: &mut Tx) -> Result<(), RuleError> {
    let turn = tx.state.turn;
    tx.emit(Event::TurnEnded { turn });
    // A router's owner may have a choice to make first (P120): the rest follows it.
    if crate::effects::cohesion::rout_segment(tx)? {
        return Ok(());
    }
    after_rout_segment(tx)
}

/// After the Rout Movement segment: the Reload segment (8.18), the Breach segment (CG 12.31),
/// Moved units and Finished leaders face up (D4), the Withdrawal Phase, and the next turn.
pub fn after_rout_segment(tx: &mut Tx) -> Result<(), RuleError> {
    crate::combat::fire::reload(tx);
    // CG 3.1 D4, 12.31: the breach segment, after reload and before the counters turn up.
    crate::works::breach::breach_segment(tx)?;
    // CG 12.17: who may act in the Camp Orders Phase is known by the Moved sides, before they turn.
    let camp = crate::works::camp_orders::plan(tx.scenario, &tx.state);
    tx.emit(Event::UnitsAndLeadersReadied);
    if crate::works::camp_orders::begin(tx, camp)? {
        return Ok(());
    }
    withdrawal_phase(tx)
}

/// The Withdrawal Phase (GBA E, CG F): an army whose rout points reach its level withdraws and
/// the battle is over (CG 13.13, 13.14); otherwise the next turn. The battles keep no turn limit
/// (CG 2.6): only a withdrawal ends one.
pub fn withdrawal_phase(tx: &mut Tx) -> Result<(), RuleError> {
    let turn = tx.state.turn;
    let verdict = crate::effects::victory::withdrawal_phase(tx.scenario, &tx.state);
    if verdict.over {
        let [a, b] = crate::effects::victory::tally(tx.scenario, &tx.state, &[]);
        tx.emit(Event::BattleEnded {
            winner: verdict.winner,
            withdrawn: verdict.withdrawn,
            rout_points: [a.rout_points, b.rout_points],
        });
        return Ok(());
    }
    begin_turn(tx, turn + 1)
}
