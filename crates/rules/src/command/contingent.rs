//! Macedonian Contingent Commanders (GBA 5.6, optional): a leader with "C" for initiative. The
//! overall commander or a Macedonian wing commander spends individual orders to activate him;
//! he gives one line command to his own units within his command range, and the orders phase
//! goes back to the one who activated him, so he never rolls for momentum (5.66). The Wing
//! Command's machinery carries it (`Phase::Orders.wing`, `lenders`): here the commander resumes
//! with the orders he has left.

use crate::command::orders::{command_range, leader_in_enemy_zoc, ratings};
use crate::game::{Command, Event, GameState, LeaderStatus, Phase, RuleError, Tx};
use crate::map::hex::HexId;
use crate::scenario::units::LeaderRole;
use crate::scenario::Scenario;

/// Is `leader` a contingent commander in this game: optional rule 5.6 is on and the scenario
/// gives him a contingent (5.61, 5.67). With 5.6 off he is an ordinary leader, his initiative
/// in play (P112).
pub fn is_mcc(scenario: &Scenario, leader: usize) -> bool {
    scenario.meta.optional_rules.contingent_commanders && !scenario.leaders[leader].contingent_units.is_empty()
}

/// Does `leader` take part in the initiative chain (5.12): rated, and not a contingent commander
/// in play (5.62).
pub fn rated(scenario: &Scenario, leader: usize) -> bool {
    scenario.leaders[leader].initiative.is_some() && !is_mcc(scenario, leader)
}

/// What activating `mcc` costs (5.63, T7): one order less than the units of his contingent still
/// on the field, at least 1 and at most 3.
pub fn cost(scenario: &Scenario, state: &GameState, mcc: usize) -> u8 {
    let alive = scenario.leaders[mcc]
        .contingent_units
        .iter()
        .filter_map(|id| scenario.units.iter().position(|u| &u.id == id))
        .filter(|&u| !state.units[u].eliminated)
        .count();
    (alive.saturating_sub(1)).clamp(1, 3) as u8
}

/// The units his line command would take (5.65): those of his contingent within his command
/// range (4.21), on the field, neither Routed, rallied this turn nor Engaged, and not yet ordered
/// this phase. No 4.33 composition: no adjacency, no halved range.
pub fn line_units(scenario: &Scenario, state: &GameState, mcc: usize) -> Vec<usize> {
    let range = command_range(scenario, state, mcc);
    let ordered = match &state.phase {
        Phase::Orders { ordered, .. } => ordered.clone(),
        _ => Vec::new(),
    };
    scenario.leaders[mcc]
        .contingent_units
        .iter()
        .filter(|id| !ordered.contains(id))
        .filter_map(|id| scenario.units.iter().position(|u| &u.id == id))
        .filter(|&u| {
            let st = &state.units[u];
            !st.eliminated
                && !st.routed
                && !st.rallied
                && !st.engaged
                && st.placement.hexes().any(|h| range.contains_key(&h))
        })
        .collect()
}

/// The contingent commanders activated in the current orders phase (5.64).
fn activated_this_phase(scenario: &Scenario, state: &GameState) -> Vec<usize> {
    let Phase::Orders { lenders, .. } = &state.phase else { return Vec::new() };
    lenders
        .iter()
        .filter_map(|id| scenario.leaders.iter().position(|l| &l.id == id))
        .filter(|&l| is_mcc(scenario, l))
        .collect()
}

/// An MCC giving his line command now: the commander resumes after him (5.65).
pub fn under_contingent(state: &GameState) -> bool {
    matches!(&state.phase, Phase::Orders { wing: Some(w), .. } if w.resume.is_some())
}

/// Why the active leader `commander` may activate no contingent commander now (5.62, 5.63,
/// 4.4, 4.24).
pub fn refusal(scenario: &Scenario, state: &GameState, commander: usize) -> Option<(&'static str, String)> {
    if !scenario.meta.optional_rules.contingent_commanders {
        return Some(("5.6", "optional rule 5.6, contingent commanders, is not in play".into()));
    }
    let Phase::Orders { leader, line, wing, orders_left, .. } = &state.phase else {
        return Some(("5.63", "it is not his orders phase".into()));
    };
    let l = &scenario.leaders[commander];
    if leader != &l.id || wing.is_some() {
        return Some(("5.62", "only the active overall or wing commander activates a contingent commander".into()));
    }
    // 5.62, 4.52: the overall commander, or a Macedonian wing commander.
    let wing_ok = l.role == LeaderRole::Wing && scenario.sides[l.side].macedonian;
    if l.role != LeaderRole::Overall && !wing_ok {
        return Some(("5.62", "only the overall commander or a Macedonian wing commander activates one".into()));
    }
    // 4.4: an overall commander who gave a line command does not (nor anyone else who did).
    if line.is_some() {
        return Some(("4.4", "a line command replaces his individual orders, and MCCs cost individual orders".into()));
    }
    // 4.24: a wing commander in an enemy ZOC gives no orders; the overall commander may (4.4).
    if l.role != LeaderRole::Overall && leader_in_enemy_zoc(scenario, state, commander) {
        return Some(("4.24", "he is in an enemy zone of control".into()));
    }
    if *orders_left == 0 {
        return Some(("5.63", "he has no individual orders left".into()));
    }
    // 5.64 [optional]: the overall commander two a phase, a wing commander one.
    if scenario.meta.optional_rules.contingent_limit {
        let most = if l.role == LeaderRole::Overall { 2 } else { 1 };
        if activated_this_phase(scenario, state).len() >= most {
            return Some(("5.64", format!("he may activate {most} contingent commander(s) an orders phase")));
        }
    }
    None
}

/// Why `commander` cannot activate `mcc` now (5.62, 5.63, 5.65): not a contingent commander of
/// his side, Finished, already activated this phase, beyond ceil(CR/2) along the command path,
/// more orders than he has left, or no unit of his in his range.
pub fn mcc_refusal(
    scenario: &Scenario,
    state: &GameState,
    commander: usize,
    mcc: usize,
) -> Option<(&'static str, String)> {
    let id = &scenario.leaders[mcc].id;
    if !is_mcc(scenario, mcc) || scenario.leaders[mcc].side != scenario.leaders[commander].side {
        return Some(("5.62", format!("{id} is not a contingent commander of his side")));
    }
    if state.leaders[mcc].status != LeaderStatus::Inactive {
        return Some(("5.63", format!("{id} is Finished or out of the battle")));
    }
    if activated_this_phase(scenario, state).contains(&mcc) {
        return Some(("5.63", format!("{id} has given his line command this orders phase")));
    }
    if crate::special::house::collapse::is_broken(scenario, state, mcc) {
        return Some(("House B9", format!("{id}'s command is broken: he gives no line command")));
    }
    // 5.63: within half the commander's range, rounded up, counted as 4.21 counts it (P112).
    let reach = ratings(scenario, state, commander).command_range.div_ceil(2);
    let near = command_range(scenario, state, commander).get(&state.leaders[mcc].at).is_some_and(|&d| d <= reach);
    if !near {
        return Some(("5.63", format!("{id} is not within {reach} hexes (half the command range, rounded up)")));
    }
    let Phase::Orders { orders_left, .. } = &state.phase else { return Some(("5.63", "not an orders phase".into())) };
    let price = cost(scenario, state, mcc);
    if price > *orders_left {
        return Some(("5.63", format!("{id} costs {price} orders and {orders_left} are left")));
    }
    if line_units(scenario, state, mcc).is_empty() {
        return Some(("5.65", format!("no unit of {id}'s contingent is within his command range to be ordered")));
    }
    None
}

/// The contingent commanders `commander` could activate now, with their cost.
pub fn candidates(scenario: &Scenario, state: &GameState, commander: usize) -> Vec<(usize, u8)> {
    if refusal(scenario, state, commander).is_some() {
        return Vec::new();
    }
    (0..scenario.leaders.len())
        .filter(|&m| mcc_refusal(scenario, state, commander, m).is_none())
        .map(|m| (m, cost(scenario, state, m)))
        .collect()
}

/// The active commander activates `mcc` (5.63): the orders are spent, his PW marker is turned up
/// (6.83), and he gives his one line command to his units in range (5.65).
pub fn activate(tx: &mut Tx, active: &str, mcc: &str) -> Result<(), RuleError> {
    let ci = tx.leader_index(active)?;
    let mi = tx.leader_index(mcc)?;
    let refuse =
        |rule: &'static str, reason: String| RuleError::ContingentCommand { leader: active.into(), rule, reason };
    if let Some((rule, reason)) = refusal(tx.scenario, &tx.state, ci) {
        return Err(refuse(rule, reason));
    }
    if let Some((rule, reason)) = mcc_refusal(tx.scenario, &tx.state, ci, mi) {
        return Err(refuse(rule, reason));
    }
    let orders = cost(tx.scenario, &tx.state, mi);
    let units = line_units(tx.scenario, &tx.state, mi).into_iter().map(|u| tx.scenario.units[u].id.clone()).collect();
    tx.emit(Event::ContingentActivated { leader: active.into(), contingent: mcc.into(), orders, units });
    // 6.83: his line holding a PW order may not move now.
    crate::movement::pre_arranged::on_activation(tx, mi);
    Ok(())
}

/// The contingent commander's line command is over: the orders phase is his commander's again,
/// with the orders he had left (5.64). `true` if it was one.
pub fn end(tx: &mut Tx) -> bool {
    let Phase::Orders { leader, wing: Some(w), .. } = tx.state.phase.clone() else { return false };
    let Some(orders_left) = w.resume else { return false };
    let contingent = tx.leader_index(&leader);
    tx.emit(Event::ContingentCommandEnded { leader, commander: w.commander, orders_left });
    // House B9: his line command is his orders phase; is his command broken now?
    if let Ok(mi) = contingent {
        crate::special::house::collapse::check(tx, mi);
    }
    true
}

/// Shock enabled by a contingent commander activated this phase: only for a unit of his own
/// contingent within his command range (7.33, 10.31).
pub fn lends_shock(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let (Phase::Orders { lenders, .. } | Phase::Shock { lenders, .. }) = &state.phase else { return false };
    let id = &scenario.units[unit].id;
    lenders
        .iter()
        .filter_map(|l| scenario.leaders.iter().position(|x| &x.id == l))
        .filter(|&l| is_mcc(scenario, l) && state.leaders[l].status != LeaderStatus::Eliminated)
        .filter(|&l| scenario.leaders[l].contingent_units.contains(id))
        .any(|l| {
            let range = command_range(scenario, state, l);
            state.units[unit].placement.hexes().any(|h| range.contains_key(&h))
        })
}

// ---- Going along with a unit (5.68, P152) ---------------------------------------------------

/// Why contingent commander `leader` may not go along with `unit`'s move or withdrawal now, its
/// hexes on the way `going` (GBA 5.68, P152): 5.6 off, not a contingent commander of its side,
/// out of the battle, not stacked with it (in either hex of a two-hex unit), under his own line
/// command (he moves himself then, 4.36), or ground closed to him on the way (P151).
pub fn ride_refusal(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    unit: usize,
    going: &[HexId],
) -> Option<String> {
    let (l, u) = (&scenario.leaders[leader], &scenario.units[unit]);
    if !scenario.meta.optional_rules.contingent_commanders {
        return Some("optional rule 5.6, contingent commanders, is not in play".into());
    }
    if !is_mcc(scenario, leader) || l.side != u.side {
        return Some(format!("{} is not a contingent commander of {}'s side", l.name, u.id));
    }
    if state.leaders[leader].status == LeaderStatus::Eliminated {
        return Some(format!("{} is out of the battle", l.name));
    }
    if !state.units[unit].placement.hexes().any(|h| h == state.leaders[leader].at) {
        return Some(format!("{} is not stacked with {}", l.name, u.id));
    }
    if matches!(&state.phase, Phase::Orders { leader: active, .. } if active == &l.id) {
        return Some(format!("under his own line command {} moves himself, free (4.36)", l.name));
    }
    let closed = crate::scenario::battles::restrictions::closed_to(
        scenario,
        state,
        crate::scenario::battles::restrictions::Mover::Leader(leader),
    );
    if let Some((h, title)) = going.iter().find_map(|h| closed.get(h).map(|t| (h, t))) {
        return Some(crate::scenario::battles::restrictions::refusal(*h, title));
    }
    None
}

/// The leader named to go along with `unit` (5.68), checked: his index, or `None` when none is
/// named.
pub fn rider(tx: &Tx, with: Option<&str>, unit: usize, going: &[HexId]) -> Result<Option<usize>, RuleError> {
    let Some(id) = with else { return Ok(None) };
    let li = tx.leader_index(id)?;
    match ride_refusal(tx.scenario, &tx.state, li, unit, going) {
        Some(reason) => Err(RuleError::ContingentCommand { leader: id.into(), rule: "5.68", reason }),
        None => Ok(Some(li)),
    }
}

/// The contingent commanders who may go along with `unit` if it moves now over `going` (5.68).
pub fn riders(scenario: &Scenario, state: &GameState, unit: usize, going: &[HexId]) -> Vec<usize> {
    (0..scenario.leaders.len()).filter(|&l| ride_refusal(scenario, state, l, unit, going).is_none()).collect()
}

/// `command`, a move or withdrawal of `unit` over `going`, and the same with each contingent
/// commander who may go along (5.68).
pub fn with_riders(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    going: &[HexId],
    command: Command,
) -> Vec<Command> {
    let riders = riders(scenario, state, unit, going);
    let mut out: Vec<Command> = riders.iter().map(|&l| command.clone().with_rider(&scenario.leaders[l].id)).collect();
    out.insert(0, command);
    out
}

/// `rider` goes where `unit` now stands, if he is still in the battle and not there yet (5.68):
/// into the same hex; with a two-hex unit, he keeps his hex if it is still one of the unit's,
/// else takes the unit's hex nearest him.
pub fn carry(tx: &mut Tx, rider: Option<usize>, unit: usize) {
    let Some(l) = rider else { return };
    let (at, placement) = (tx.state.leaders[l].at, tx.state.units[unit].placement);
    if tx.state.leaders[l].status == LeaderStatus::Eliminated || placement.hexes().any(|h| h == at) {
        return;
    }
    let Some(to) = placement.hexes().min_by_key(|h| h.distance(at)) else { return };
    let (leader, unit) = (tx.scenario.leaders[l].id.clone(), tx.scenario.units[unit].id.clone());
    tx.emit(Event::LeaderRodeAlong { leader, unit, to });
}
