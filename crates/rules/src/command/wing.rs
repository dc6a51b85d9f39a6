//! Wing Commands (CG 4.5, 5.24): a Mauryan wing commander activates Nayakas of his wing, and each
//! gives one line command, to the types on his counter and within his own range, within the
//! wing commander's orders phase.

use crate::command::orders::{command_range, leader_in_enemy_zoc};
use crate::game::{Event, GameState, LeaderStatus, Phase, RollPurpose, RuleError, Tx};
use crate::scenario::units::LeaderRole;
use crate::scenario::Scenario;

/// The Nayakas the scenario puts under `commander` (CG 4.51[1]).
pub fn nayakas_of(scenario: &Scenario, commander: usize) -> Vec<usize> {
    let id = &scenario.leaders[commander].id;
    (0..scenario.leaders.len())
        .filter(|&i| scenario.leaders[i].role == LeaderRole::Nayaka && scenario.leaders[i].wing.as_ref() == Some(id))
        .collect()
}

/// Why the active leader may give no Wing Command now, if he may not (CG 4.52, 4.54).
pub fn refusal(scenario: &Scenario, state: &GameState, commander: usize) -> Option<(&'static str, String)> {
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).command.wing_commands {
        return Some(("CG 4.5", "only the Chandragupta rules have Wing Commands".into()));
    }
    let Phase::Orders { leader, momentum, ordered, line, line_refused, orders_left, wing, .. } = &state.phase else {
        return Some(("CG 4.52", "it is not his orders phase".into()));
    };
    if leader != &scenario.leaders[commander].id || wing.is_some() {
        return Some(("CG 4.52", "only the active wing commander gives a Wing Command".into()));
    }
    if nayakas_of(scenario, commander).is_empty() {
        return Some(("CG 4.51", "he commands no Nayakas".into()));
    }
    // 4.52: in a momentum phase a wing commander gives only individual orders or a line command.
    if *momentum {
        return Some(("CG 4.52", "not in a momentum phase".into()));
    }
    let initiative = crate::command::orders::ratings(scenario, state, commander).initiative.unwrap_or(0);
    if !ordered.is_empty() || line.is_some() || *line_refused || *orders_left < initiative {
        return Some(("CG 4.52", "a Wing Command replaces his other orders, and he has given some".into()));
    }
    // 4.23: a leader in an enemy ZOC gives no orders of any kind.
    if leader_in_enemy_zoc(scenario, state, commander) {
        return Some(("CG 4.23", "he is in an enemy zone of control".into()));
    }
    None
}

/// Why `nayaka` cannot be activated by `commander`'s Wing Command now (CG 4.54): not of his wing,
/// Finished (a Passed Nayaka may be), in an enemy ZOC, or beyond his command range.
pub fn nayaka_refusal(scenario: &Scenario, state: &GameState, commander: usize, nayaka: usize) -> Option<String> {
    let id = &scenario.leaders[nayaka].id;
    if !nayakas_of(scenario, commander).contains(&nayaka) {
        return Some(format!("{id} is not a Nayaka of his wing (CG 4.51)"));
    }
    if state.leaders[nayaka].status != LeaderStatus::Inactive {
        return Some(format!("{id} is Finished or already active this turn (CG 4.54)"));
    }
    if leader_in_enemy_zoc(scenario, state, nayaka) {
        return Some(format!("{id} is in an enemy zone of control (CG 4.54)"));
    }
    if !command_range(scenario, state, commander).contains_key(&state.leaders[nayaka].at) {
        return Some(format!("{id} is beyond the wing commander's command range (CG 4.54)"));
    }
    None
}

/// The Nayakas `commander` could activate now.
pub fn candidates(scenario: &Scenario, state: &GameState, commander: usize) -> Vec<usize> {
    if refusal(scenario, state, commander).is_some() {
        return Vec::new();
    }
    nayakas_of(scenario, commander)
        .into_iter()
        .filter(|&n| nayaka_refusal(scenario, state, commander, n).is_none())
        .collect()
}

/// The overall commander whose range lets `commander` activate several Nayakas without a roll
/// (CG 4.54[2]): another friendly overall commander, neither Finished nor Restricted, with the
/// wing commander inside his command range (4.55: a Finished OC cannot be so used).
pub fn overall_in_range(scenario: &Scenario, state: &GameState, commander: usize) -> Option<usize> {
    let (side, at) = (scenario.leaders[commander].side, state.leaders[commander].at);
    (0..scenario.leaders.len()).find(|&o| {
        o != commander
            && scenario.leaders[o].side == side
            && scenario.leaders[o].role == LeaderRole::Overall
            && matches!(state.leaders[o].status, LeaderStatus::Inactive | LeaderStatus::Active)
            && !state.leaders[o].restricted
            && command_range(scenario, state, o).contains_key(&at)
    })
}

/// The Wing Command (CG 4.54, 5.24): the first Nayaka named is activated free; the others on the first
/// turn free, by the overall commander's range (he becomes Restricted, 4.55), or each by a roll
/// of the wing commander's strategy or less (a failed Nayaka is Finished). Then the first
/// activated Nayaka gives his line command.
pub fn give(tx: &mut Tx, active: &str, nayakas: &[String], use_overall: bool) -> Result<(), RuleError> {
    let wc = tx.leader_index(active)?;
    let refuse = |rule: &'static str, reason: String| RuleError::WingCommand { leader: active.into(), rule, reason };
    if let Some((rule, reason)) = refusal(tx.scenario, &tx.state, wc) {
        return Err(refuse(rule, reason));
    }
    if nayakas.is_empty() {
        return Err(refuse("CG 4.54", "name at least one Nayaka".into()));
    }
    let mut chosen = Vec::new();
    for n in nayakas {
        let ni = tx.leader_index(n)?;
        if chosen.contains(&ni) {
            return Err(refuse("CG 4.54", format!("{n} is named twice")));
        }
        if let Some(reason) = nayaka_refusal(tx.scenario, &tx.state, wc, ni) {
            return Err(refuse("CG 4.54", reason));
        }
        chosen.push(ni);
    }
    let several = chosen.len() > 1;
    let first_turn = tx.state.turn <= 1;
    // 4.54[1]: on the first turn every Nayaka in range comes, and no OC is Restricted.
    let overall = if use_overall && several && !first_turn {
        match overall_in_range(tx.scenario, &tx.state, wc) {
            Some(o) => Some(o),
            None => {
                return Err(refuse(
                    "CG 4.54",
                    "no overall commander, neither Finished nor Restricted, has him in his command range".into(),
                ))
            }
        }
    } else {
        None
    };
    let roll_for_extra = several && !first_turn && overall.is_none();
    let strategy = crate::command::orders::ratings(tx.scenario, &tx.state, wc).strategy.unwrap_or(0);
    let mut activated = vec![tx.scenario.leaders[chosen[0]].id.clone()];
    let mut failed = Vec::new();
    for &ni in &chosen[1..] {
        let id = tx.scenario.leaders[ni].id.clone();
        if roll_for_extra {
            // 4.54[3]: each further Nayaka on the wing commander's strategy; a failure Finishes him.
            let roll = tx.roll(RollPurpose::WingStrategy { leader: active.into(), nayaka: id.clone() })?;
            if roll > strategy {
                failed.push(id);
                continue;
            }
        }
        activated.push(id);
    }
    let restricted = overall.map(|o| tx.scenario.leaders[o].id.clone());
    tx.emit(Event::WingCommandGiven { leader: active.into(), nayakas: activated.clone(), restricted });
    for id in failed {
        tx.emit(Event::LeaderFinished { leader: id });
    }
    tx.emit(Event::NayakaOrdersBegan { leader: activated[0].clone() });
    Ok(())
}

/// A Nayaka of a Wing Command is done (CG G5: he is then Finished): the next one begins, or the
/// orders phase is the wing commander's again, its shock segment by his range (P83).
/// `Some(commander)` when the wing is done and the phase should end as his.
pub fn next_nayaka(tx: &mut Tx) -> Option<String> {
    let Phase::Orders { leader, wing: Some(w), .. } = tx.state.phase.clone() else { return None };
    if leader != w.commander {
        tx.emit(Event::LeaderFinished { leader });
    }
    match w.waiting.first() {
        Some(next) => {
            tx.emit(Event::NayakaOrdersBegan { leader: next.clone() });
            None
        }
        None => {
            tx.emit(Event::WingCommandEnded { leader: w.commander.clone() });
            Some(w.commander)
        }
    }
}
