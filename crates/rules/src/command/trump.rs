//! Trump (GBA 5.4): taking the initiative out of turn, and answering it.

use crate::command::orders::leader_in_enemy_zoc;
use crate::game::{Event, GameState, LeaderStatus, Phase, RollPurpose, RuleError, Tx};
use crate::scenario::units::LeaderRole;
use crate::scenario::Scenario;

fn initiative(tx: &Tx, leader: usize) -> u8 {
    crate::command::orders::ratings(tx.scenario, &tx.state, leader).initiative.unwrap_or(0)
}

/// Leaders of `side` who may trump a leader of initiative `over`: Inactive and rated, with a
/// higher initiative (the active side, 5.41) or an equal or higher one (the opponent, 5.42).
pub fn trumpers(scenario: &Scenario, state: &GameState, side: usize, over: u8, or_equal: bool) -> Vec<usize> {
    // One trump a side in an activation (GBA 5.43; CG 5.43).
    if state.trumps_tried[side] {
        return Vec::new();
    }
    (0..scenario.leaders.len())
        .filter(|&i| {
            let l = &scenario.leaders[i];
            let init = crate::command::orders::ratings(scenario, state, i).initiative.unwrap_or(0);
            // CG 4.53, 4.55, 4.63: no Nayaka, chief or Restricted overall commander trumps.
            let barred = matches!(l.role, LeaderRole::Nayaka | LeaderRole::GuildChief | LeaderRole::TribalChief)
                || state.leaders[i].restricted
                || state.leaders[i].passed;
            // 5.62: a contingent commander is not in the initiative chain and never trumps.
            l.side == side
                && crate::command::contingent::rated(scenario, i)
                && !barred
                && state.leaders[i].status == LeaderStatus::Inactive
                && (init > over || (or_equal && init == over))
        })
        .collect()
}

/// The leaders who may trump at the current decision, if it is one where a trump is possible:
/// the active side's against the leader offered (5.41), the opponent's against a successful
/// trump or momentum roll (5.42).
pub fn trump_options(scenario: &Scenario, state: &GameState) -> Vec<usize> {
    let init = |id: &str| {
        let i = scenario.leaders.iter().position(|l| l.id == id);
        i.and_then(|i| crate::command::orders::ratings(scenario, state, i).initiative).unwrap_or(0)
    };
    match &state.phase {
        Phase::Activation { side, leaders } => match leaders.first() {
            // Nobody trumps a leader who must go now (5.25).
            Some(first)
                if scenario.leader(first).is_some_and(|_| {
                    scenario.leaders.iter().position(|l| &l.id == first).is_some_and(|i| state.leaders[i].must_activate)
                }) =>
            {
                Vec::new()
            }
            Some(first) => trumpers(scenario, state, *side, init(first), false),
            None => Vec::new(),
        },
        Phase::TrumpResponse { side, trumper, .. } => trumpers(scenario, state, *side, init(trumper), true),
        _ => Vec::new(),
    }
}

fn refuse(leader: &str, rule: &'static str, reason: impl Into<String>) -> RuleError {
    RuleError::Trump { leader: leader.into(), rule, reason: reason.into() }
}

/// The active side trumps the leader offered with `trumper` (5.41). Success needs a roll of his
/// initiative or less; the opponent may then trump the trump (5.42[1]). On a failure the leader
/// offered is activated and the trumper is Finished.
pub fn active_trump(tx: &mut Tx, offered: &[String], side: usize, trumper: usize) -> Result<(), RuleError> {
    let id = tx.scenario.leaders[trumper].id.clone();
    let designated = tx.leader_index(offered.first().map(String::as_str).unwrap_or_default())?;
    if tx.state.trumps_tried[side] {
        return Err(refuse(&id, "5.43", "each side tries one trump per activation"));
    }
    if !trumpers(tx.scenario, &tx.state, side, initiative(tx, designated), false).contains(&trumper) {
        return Err(refuse(
            &id,
            "5.41",
            "only a friendly leader not yet activated, of higher initiative than the leader offered, may trump",
        ));
    }
    let over = tx.scenario.leaders[designated].id.clone();
    tx.emit(Event::TrumpTried { leader: id.clone(), over });
    let roll = tx.roll(RollPurpose::Trump { leader: id.clone() })?;
    if roll <= initiative(tx, trumper) {
        tx.emit(Event::TrumpSucceeded { leader: id.clone() });
        // GBA 5.47, CG 5.47 (P294): from an enemy ZOC, with no way to obey 5.46, the trump never happened.
        if !may_obey_duty(tx.scenario, &tx.state, trumper) {
            tx.emit(Event::TrumpVoided { leader: id });
            crate::command::activation::note_tie_turn(tx, designated);
            return crate::play::sequence::activate(tx, designated, false, false);
        }
        offer_response_or(tx, &id, false)
    } else {
        tx.emit(Event::TrumpFailed { leader: id.clone() });
        tx.emit(Event::LeaderFinished { leader: id });
        crate::special::house::eager::surge(tx, trumper)?; // House B5 (P350)
        crate::command::activation::note_tie_turn(tx, designated);
        crate::play::sequence::activate(tx, designated, false, false)
    }
}

/// After a successful trump or momentum roll by `trumper`, the opponent may answer if he has a
/// leader who could (5.42); otherwise the trump or momentum stands at once.
pub fn offer_response_or(tx: &mut Tx, trumper: &str, momentum: bool) -> Result<(), RuleError> {
    let t = tx.leader_index(trumper)?;
    let other = 1 - tx.scenario.leaders[t].side;
    if trumpers(tx.scenario, &tx.state, other, initiative(tx, t), true).is_empty() {
        stand(tx, trumper, momentum)
    } else {
        tx.emit(Event::TrumpResponseOffered { side: other, trumper: trumper.into(), momentum });
        Ok(())
    }
}

/// The trump (or the momentum) stands: the trumper's orders phase begins.
pub fn stand(tx: &mut Tx, trumper: &str, momentum: bool) -> Result<(), RuleError> {
    let t = tx.leader_index(trumper)?;
    if momentum {
        let orders = crate::special::house::collapse::orders(tx.scenario, &tx.state, t, initiative(tx, t));
        tx.emit(Event::OrdersPhaseBegan { leader: trumper.into(), orders, momentum: true, must_act: false });
        Ok(())
    } else {
        bypass(tx, t);
        crate::play::sequence::activate(tx, t, false, true)
    }
}

/// The opponent answers with `responder` (5.42): on a roll of his initiative or less he takes the
/// orders phase and the trumper is Finished; otherwise he is Finished and the trumper goes on.
pub fn respond(tx: &mut Tx, side: usize, trumper: &str, momentum: bool, responder: usize) -> Result<(), RuleError> {
    let t = tx.leader_index(trumper)?;
    let id = tx.scenario.leaders[responder].id.clone();
    if tx.state.trumps_tried[side] {
        return Err(refuse(&id, "5.43", "each side tries one trump per activation"));
    }
    if !trumpers(tx.scenario, &tx.state, side, initiative(tx, t), true).contains(&responder) {
        return Err(refuse(&id, "5.42", "only a leader not yet activated, of equal or higher initiative, may answer"));
    }
    tx.emit(Event::TrumpTried { leader: id.clone(), over: trumper.into() });
    let roll = tx.roll(RollPurpose::Trump { leader: id.clone() })?;
    if roll <= initiative(tx, responder) {
        tx.emit(Event::TrumpSucceeded { leader: id.clone() });
        // 5.47 (P294): the answer too counts as never made if he can do nothing from there.
        if !may_obey_duty(tx.scenario, &tx.state, responder) {
            tx.emit(Event::TrumpVoided { leader: id });
            return stand(tx, trumper, momentum);
        }
        tx.emit(Event::LeaderFinished { leader: trumper.into() });
        bypass(tx, responder);
        crate::play::sequence::activate(tx, responder, false, true)
    } else {
        tx.emit(Event::TrumpFailed { leader: id.clone() });
        tx.emit(Event::LeaderFinished { leader: id });
        crate::special::house::eager::surge(tx, responder)?; // House B5 (P350)
        stand(tx, trumper, momentum)
    }
}

/// Every leader not yet activated, on either side, with initiative no higher than the
/// successful trumper's keeps his activation but loses momentum this turn (5.44; CG 5.44); a
/// failed trumper is Finished where he fails (CG 5.44).
fn bypass(tx: &mut Tx, trumper: usize) {
    let limit = initiative(tx, trumper);
    let leaders: Vec<String> = (0..tx.scenario.leaders.len())
        .filter(|&i| {
            i != trumper
                && tx.state.leaders[i].status == LeaderStatus::Inactive
                && crate::command::orders::ratings(tx.scenario, &tx.state, i).initiative.is_some_and(|n| n <= limit)
                && !tx.state.leaders[i].no_momentum
        })
        .map(|i| tx.scenario.leaders[i].id.clone())
        .collect();
    if !leaders.is_empty() {
        tx.emit(Event::LeadersBypassed { leaders });
    }
}

/// Could a trumper standing where he is obey 5.46 (5.47, rulings P294)? Out of an enemy ZOC,
/// or as the overall commander (who gives orders from one, CG 4.41[1]), yes: his duty is then held
/// to by [`duty_outstanding`]. Any other leader in an enemy ZOC gives no orders (4.23, 5.27), so
/// only his command range for shock is left him: he can obey only if some unit of his side in
/// his range has an enemy in its ZOC.
pub fn may_obey_duty(scenario: &Scenario, state: &GameState, leader: usize) -> bool {
    if !leader_in_enemy_zoc(scenario, state, leader) || crate::command::orders::is_overall(scenario, leader) {
        return true;
    }
    let side = scenario.leaders[leader].side;
    let range = crate::command::orders::command_range(scenario, state, leader);
    let occupied = crate::map::zoc::occupancy(state);
    (0..scenario.units.len()).any(|u| {
        let st = &state.units[u];
        scenario.units[u].side == side
            && !st.eliminated
            && !st.routed
            && st.placement.hexes().any(|h| range.contains_key(&h))
            && crate::map::zoc::enemy_in_own_zoc(scenario, state, u, &occupied)
    })
}

/// Must this trumper still act before ending his orders (5.46, R11)? Only while some unit he can
/// order could still move to another hex. A trumper in an enemy ZOC is held to it too (5.47,
/// P294): if he gives no orders there, none can move by his order, and his shock segment is
/// what is left him.
pub fn duty_outstanding(scenario: &Scenario, state: &GameState, _leader: usize) -> bool {
    let Phase::Orders { must_act: true, .. } = state.phase else { return false };
    // A contingent commander's line command: the duty stays his commander's, who resumes (5.64).
    if crate::command::contingent::under_contingent(state) {
        return false;
    }
    crate::command::orders::orderable(scenario, state).into_iter().any(|u| {
        let here: Vec<_> = state.units[u].placement.hexes().collect();
        crate::movement::reach(scenario, state, u)
            .unwrap_or_default()
            .iter()
            .any(|d| !d.placement.hexes().eq(here.iter().copied()))
    })
}
