//! Effects of cohesion hits (GBA 10.1, 10.2): a unit whose hits reach its TQ routs; a Routed
//! unit that takes any hit is eliminated; the rout move itself (planned by `rout.rs`) and its
//! passing through friends (the stacking chart's Mandatory table); the Rout Movement segment of
//! Phase D (10.22).
//!
//! Hits are settled after each command, in scenario order, until nothing more changes (a router
//! passing through a friend may rout that friend too). Within a command hits therefore take
//! effect at its end rather than the instant they are taken (P39).
//!
//! A rout that reaches hexes the rules rank equal stops before it moves, for its owner's choice
//! (10.21, P120): `PendingRout` and the `AfterRout` continuation go into the RoutChoice phase,
//! and `choose` carries the answer out and resumes.

use crate::charts::stacking::{Action, Outcome};
use crate::combat::missile::Supply;
use crate::effects::rout::{rout_move_choosing, same_pose, Elimination, RoutLeg, RoutPlan, RoutTrack};
pub use crate::game::pending::AfterRout;
pub use crate::game::pending::PendingRout;
use crate::game::{Event, HitCause, Phase, RollPurpose, RuleError, Tx};
use crate::scenario::units::{Placement, UnitClass, UnitType};

/// Where a rout or a rampage stopped for a player's decision; what was still to happen comes
/// with it to `offer`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// The router's owner chooses between hexes the rules rank equal (10.21, P120).
    Rout(PendingRout),
    /// Units a rampaging elephant came near may step out of its way (6.77, P75).
    Rampage(Box<crate::special::rampage::Pause>),
}

/// Stops the game for the decision `pending` waits on; `then` resumes afterwards.
pub fn offer(tx: &mut Tx, pending: Pending, then: AfterRout) {
    match pending {
        Pending::Rout(pending) => {
            let side = tx.scenario.units.iter().find(|u| u.id == pending.unit).map_or(0, |u| u.side);
            tx.emit(Event::RoutChoiceOffered { side, pending, then });
        }
        Pending::Rampage(p) => {
            let crate::special::rampage::Pause { rampage, side, withdrawers, waiting, leaders, waiting_leaders } = *p;
            tx.emit(Event::RampageWithdrawalOffered {
                side,
                withdrawers,
                waiting,
                leaders,
                waiting_leaders,
                rampage,
                then,
            });
        }
    }
}

/// The owner's answer (`rout U to HEX`): the rout goes on with it, stopping again at its next
/// tie; once it is over, whatever was still to happen does (P120).
pub fn choose(tx: &mut Tx, unit: &str, to: Placement) -> Result<(), RuleError> {
    let Phase::RoutChoice { pending, then, .. } = tx.state.phase.clone() else {
        // GBA 10.21, CG 11.22; ruling P120.
        let cg = tx.scenario.meta.rules == crate::scenario::RuleSet::Chandragupta;
        return Err(RuleError::NotNow {
            command: "rout_to".into(),
            rule: if cg { "CG 11.22" } else { "10.21" },
            expected: "no rout waits for its owner's choice among hexes of equal priority (P120)".into(),
        });
    };
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "10.21", reason };
    if unit != pending.unit {
        return Err(refuse(format!("it is {}'s rout that waits for its owner's choice", pending.unit)));
    }
    let Some(&to) = pending.options.iter().find(|o| same_pose(o, &to)) else {
        let options: Vec<String> = pending.options.iter().map(|o| o.label()).collect();
        return Err(refuse(format!("it may rout only to one of {}", options.join(", "))));
    };
    tx.emit(Event::RoutHexChosen { unit: unit.into(), to });
    let ui = tx.unit_index(unit)?;
    if pending.break_off {
        // 10.32 (P90): the step back itself, keeping its facing.
        if let (Placement::One(from), Placement::One(to)) = (tx.state.units[ui].placement, to) {
            tx.emit(Event::BrokeOff { unit: unit.into(), from, to });
        }
    } else {
        let mut chosen = pending.chosen;
        chosen.push(to);
        if let Some(next) = rout_with(tx, ui, pending.leg, &pending.rule, &chosen, true)? {
            offer(tx, next, then);
            return Ok(());
        }
    }
    carry_on(tx, then)
}

/// The owner's whole way at once (`rout U via A B …`): each answer given in turn exactly as
/// `choose` takes them one by one, so the events are the same; refused unless the answers
/// cover every tie of this one rout move, no more and no fewer (10.21, P120).
pub fn choose_path(tx: &mut Tx, unit: &str, choices: &[Placement]) -> Result<(), RuleError> {
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "10.21", reason };
    let answered = match &tx.state.phase {
        Phase::RoutChoice { pending, .. } => pending.chosen.len(),
        _ => 0,
    };
    if choices.is_empty() {
        return Err(refuse("a rout path names the hex chosen at each tie, at least one".into()));
    }
    for (k, &to) in choices.iter().enumerate() {
        if k > 0 && !still_choosing(&tx.state.phase, unit, answered + k) {
            return Err(refuse(format!("its rout ties only {k} time(s); the path names {}", choices.len())));
        }
        choose(tx, unit, to)?;
    }
    if still_choosing(&tx.state.phase, unit, answered + choices.len()) {
        return Err(refuse("the path stops short: the rout ties again after its last hex".into()));
    }
    Ok(())
}

/// The same rout move of `unit` still waits for its owner, after `answered` ties (P120).
pub fn still_choosing(phase: &Phase, unit: &str, answered: usize) -> bool {
    matches!(phase, Phase::RoutChoice { pending, .. } if pending.unit == unit && pending.chosen.len() == answered && !pending.break_off)
}

/// Whatever was still to happen when a rout or a rampage stopped for a decision (P120).
pub(crate) fn carry_on(tx: &mut Tx, then: AfterRout) -> Result<(), RuleError> {
    match then {
        AfterRout::Settle => Ok(()),
        AfterRout::Shock(rest) => crate::combat::shock_segment::go_on_after_choice(tx, *rest),
        AfterRout::BeginShock { leader } => {
            if !crate::combat::shock_segment::begin(tx, &leader)? {
                crate::play::sequence::after_orders(tx, &leader)?;
            }
            Ok(())
        }
        AfterRout::RoutSegment { next } => {
            if !rout_segment_from(tx, next)? {
                crate::command::activation::after_rout_segment(tx)?;
            }
            Ok(())
        }
    }
}

/// What a rout does to a unit of this type (10.2): skirmishers (not SK*), chariots and
/// artillery are eliminated; elephants rampage (11.14, `rout` below); everyone else rout-moves.
fn eliminated_on_rout(kind: UnitType) -> bool {
    matches!(kind, UnitType::SK | UnitType::CH | UnitType::ChStar | UnitType::AT)
}

/// Routs, eliminations from hits on Routed units, until nothing changes (10.1, 10.26); every
/// tie of a rout takes its first option (P120: where the caller cannot stop).
pub fn settle(tx: &mut Tx) -> Result<(), RuleError> {
    settle_with(tx, false).map(|_| ())
}

/// As `settle`, but a rout that reaches a tie stops before it moves and is returned, for the
/// caller to offer with what it still has to do (P120).
pub fn settle_asking(tx: &mut Tx) -> Result<Option<Pending>, RuleError> {
    settle_with(tx, true)
}

fn settle_with(tx: &mut Tx, ask: bool) -> Result<Option<Pending>, RuleError> {
    // A harassment's fire is all at once (8.33): its hits wait until the harasser has shot.
    // A rout waiting for its owner's choice: the rest waits for it too (P120).
    // So does a rampage waiting on the units in its way (6.77).
    if matches!(
        &tx.state.phase,
        Phase::Reaction { harass: Some(_), .. } | Phase::RoutChoice { .. } | Phase::RampageWithdrawal { .. }
    ) {
        return Ok(None);
    }
    // Each pass routs or eliminates a unit (at most twice each), so this ends.
    for _ in 0..=2 * tx.scenario.units.len() {
        let next = (0..tx.scenario.units.len()).find(|&i| {
            let st = &tx.state.units[i];
            !st.eliminated
                && ((st.routed && st.hits > 0)
                    || (!st.routed && st.hits >= crate::movement::column::effective_tq(tx.scenario, &tx.state, i)))
        });
        let Some(i) = next else {
            // 10.33: a rout or elimination may free the units locked with it.
            crate::combat::engaged::release_free(tx);
            return Ok(None);
        };
        let id = tx.scenario.units[i].id.clone();
        // CG 6.76(5): the engine sheltered by a foot unit that routs is lost with it.
        let engine = crate::special::artillery::stacked_with(tx.scenario, &tx.state, i)
            .filter(|&e| tx.scenario.units[e].engine.is_some() && !tx.state.units[i].routed);
        if let Some(e) = engine {
            tx.emit(Event::UnitEliminated { unit: tx.scenario.units[e].id.clone(), rule: "6.76".into() });
        }
        if !tx.state.units[i].routed {
            crate::special::tribal::rout_spreads(tx, i)?;
        }
        if tx.state.units[i].routed {
            // 10.26: any further hit eliminates a Routed unit.
            tx.emit(Event::UnitEliminated { unit: id, rule: "10.26".into() });
        } else if eliminated_on_rout(tx.scenario.units[i].kind) {
            let cascade = crate::special::indian::cascade_of(tx.scenario, &tx.state, i);
            tx.emit(Event::UnitEliminated { unit: id, rule: "10.2".into() });
            // CG 11.23: a chariot carrying its commander breaks.
            if let Some(c) = cascade {
                crate::special::indian::cascade(tx, c)?;
            }
        } else if let Some(p) = rout_with(tx, i, RoutLeg::Hexes(2), "10.21", &[], ask)? {
            return Ok(Some(p));
        }
    }
    Ok(None)
}

/// Moves a unit as a router (10.21 initial move, 10.22 the segment): the plan's path, its
/// passings through friends, its leaders along, or its elimination. Ties take their first
/// option (P120: where the caller cannot stop).
pub fn rout(tx: &mut Tx, unit: usize, leg: RoutLeg, rule: &str) -> Result<(), RuleError> {
    rout_with(tx, unit, leg, rule, &[], false).map(|_| ())
}

/// As `rout`, but a tie stops it before it moves: it is returned, for the caller to offer (P120).
pub fn rout_asking(tx: &mut Tx, unit: usize, leg: RoutLeg, rule: &str) -> Result<Option<Pending>, RuleError> {
    rout_with(tx, unit, leg, rule, &[], true)
}

fn rout_with(
    tx: &mut Tx,
    unit: usize,
    leg: RoutLeg,
    rule: &str,
    chosen: &[Placement],
    ask: bool,
) -> Result<Option<Pending>, RuleError> {
    let routed: Vec<bool> = tx.state.units.iter().map(|u| u.routed).collect();
    let plan = rout_move_choosing(tx.scenario, &tx.state, unit, leg, &routed, chosen);
    // 10.21: "on equal priority the owner chooses" — the first tie not yet answered (P120).
    if let Some(open) = plan.track().and_then(|t| t.choices.get(chosen.len())).filter(|_| ask) {
        return Ok(Some(Pending::Rout(PendingRout {
            unit: tx.scenario.units[unit].id.clone(),
            leg,
            rule: rule.into(),
            chosen: chosen.to_vec(),
            options: open.options.clone(),
            break_off: false,
        })));
    }
    let cascade = crate::special::indian::cascade_of(tx.scenario, &tx.state, unit);
    if let Some(mut pause) = apply_plan(tx, unit, plan, rule, ask)? {
        // The rampage stopped for the units in its way: the cascade waits for its end.
        pause.rampage.cascade = cascade;
        return Ok(Some(Pending::Rampage(pause)));
    }
    // CG 11.23: an elephant (that would rout) or chariot carrying its commander breaks.
    if let Some(c) = cascade {
        crate::special::indian::cascade(tx, c)?;
    }
    Ok(None)
}

/// Carries out a rout plan; `Some` when it was a rampage that stopped for withdrawals (6.77).
fn apply_plan(
    tx: &mut Tx,
    unit: usize,
    plan: RoutPlan,
    rule: &str,
    ask: bool,
) -> Result<Option<Box<crate::special::rampage::Pause>>, RuleError> {
    let id = tx.scenario.units[unit].id.clone();
    match plan {
        RoutPlan::Moves(track) => {
            passings(tx, unit, &track)?;
            let placement = track.path.last().copied().unwrap_or(tx.state.units[unit].placement);
            let u = &tx.scenario.units[unit];
            // 10.26: foot missile units are Missile No when Routed.
            let foot_missile = u.missile.is_some() && !u.kind.is_cavalry() && u.kind != UnitType::EL;
            let supply = if foot_missile { Supply::No } else { tx.state.units[unit].supply };
            tx.emit(Event::UnitRouted {
                unit: id,
                path: track.path.iter().flat_map(|p| p.hexes().next()).collect(),
                placement,
                facing: track.facing,
                supply,
                rule: rule.into(),
            });
            let at = placement.hexes().next();
            // CG 10.72[1]: a guild chief carried into or through a rival chief's hex (P129).
            let hexes: Vec<_> = track.path.iter().flat_map(|p| p.hexes()).collect();
            let carried = track.leaders.clone();
            for l in track.leaders {
                if let Some(at) = at {
                    let leader = tx.scenario.leaders[l].id.clone();
                    tx.emit(Event::LeaderWithdrew { leader, path: vec![at] });
                }
            }
            crate::special::indian::chiefs_forced_among_rivals(tx, &carried, &hexes);
        }
        RoutPlan::Eliminated { reason, track, .. } => {
            passings(tx, unit, &track)?;
            let rule = match reason {
                Elimination::Type => "10.2",
                Elimination::TwoHexInSegment => "10.22",
                Elimination::TwoHexCannotMove | Elimination::Blocked => "10.21",
                Elimination::LeftMap => "10.23",
                Elimination::NoRoomAtEnd => "10.24",
                Elimination::InCity => "12.212",
            };
            tx.emit(Event::UnitEliminated { unit: id, rule: rule.into() });
        }
        // GBA 11.14, CG 10.14: an elephant that would rout rampages instead, at once.
        RoutPlan::Rampage { .. } => return crate::special::rampage::begin(tx, unit, ask),
    }
    Ok(None)
}

/// The stacking chart's Mandatory table for the friends a router passes or stops on (6.92,
/// 10.24): a TQ check, a hit, or elimination (a Routed friend).
fn passings(tx: &mut Tx, router: usize, track: &RoutTrack) -> Result<(), RuleError> {
    let two_hex = tx.state.units[router].placement.is_two_hex();
    for p in &track.through {
        // Printed TQ: the chart's In Column cell takes the column's 2 off itself (6.65).
        let (id, tq) = (tx.scenario.units[p.unit].id.clone(), tx.scenario.units[p.unit].tq);
        let rule = if p.action == Action::StopIn { "10.24" } else { "6.92" };
        let outcome = match p.outcome {
            Outcome::RouterEliminated { then } => *then,
            o => o,
        };
        match outcome {
            Outcome::StationaryEliminated => {
                tx.emit(Event::UnitEliminated { unit: id, rule: rule.into() });
            }
            Outcome::StationaryHit(n) if n > 0 => {
                tx.emit(Event::CohesionHits { unit: id, hits: n, cause: HitCause::RoutPassage });
            }
            Outcome::StationaryTqCheck { .. } => {
                let roll = tx.roll(RollPurpose::TqCheck { unit: id.clone(), rule: rule.into() })?;
                let hits = outcome.stationary_check_hits(roll, tq, two_hex).unwrap_or(0);
                if hits > 0 {
                    tx.emit(Event::CohesionHits { unit: id, hits, cause: HitCause::RoutPassage });
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// The Rout Movement segment (10.22): Routed two-hex phalanxes and heavy infantry are
/// eliminated; every other Routed unit moves its full printed MA toward its edge. `true` when
/// it stopped for an owner's choice (P120): the rest follows that choice.
pub fn rout_segment(tx: &mut Tx) -> Result<bool, RuleError> {
    rout_segment_from(tx, 0)
}

fn rout_segment_from(tx: &mut Tx, from: usize) -> Result<bool, RuleError> {
    let n = tx.scenario.units.len();
    for i in from..n {
        let st = &tx.state.units[i];
        if st.eliminated || !st.routed {
            continue;
        }
        let u = &tx.scenario.units[i];
        let heavy = matches!(u.kind, UnitType::PH | UnitType::HI) && u.class != Some(UnitClass::HY);
        if heavy && matches!(st.placement, Placement::Two(..)) {
            tx.emit(Event::UnitEliminated { unit: u.id.clone(), rule: "10.22".into() });
            continue;
        }
        if let Some(p) = rout_asking(tx, i, RoutLeg::Segment, "10.22")? {
            offer(tx, p, AfterRout::RoutSegment { next: i + 1 });
            return Ok(true);
        }
    }
    if let Some(p) = settle_asking(tx)? {
        offer(tx, p, AfterRout::RoutSegment { next: n });
        return Ok(true);
    }
    // CG 11.41, 11.42: then the guilds and tribes with men broken roll for flight.
    crate::special::indian::flight(tx)?;
    Ok(false)
}
