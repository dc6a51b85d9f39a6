//! Effects of cohesion hits (GBA 10.1, 10.2): a unit whose hits reach its TQ routs; a Routed
//! unit that takes any hit is eliminated; the rout move itself (planned by `rout.rs`) and its
//! passing through friends (the stacking chart's Mandatory table); the Rout Movement segment of
//! Phase D (10.22).
//!
//! Hits are settled after each command, in scenario order, until nothing more changes (a router
//! passing through a friend may rout that friend too). Within a command hits therefore take
//! effect at its end rather than the instant they are taken (P39).

use crate::charts::stacking::{Action, Outcome};
use crate::combat::missile::Supply;
use crate::game::{Event, HitCause, RollPurpose, RuleError, Tx};
use crate::rout::{rout_move, Elimination, RoutLeg, RoutPlan, RoutTrack};
use crate::units::{Placement, UnitClass, UnitType};

/// What a rout does to a unit of this type (10.2): skirmishers (not SK*), chariots and
/// artillery are eliminated; elephants rampage (11.14, `rout` below); everyone else rout-moves.
fn eliminated_on_rout(kind: UnitType) -> bool {
    matches!(kind, UnitType::SK | UnitType::CH | UnitType::ChStar | UnitType::AT)
}

/// Routs, eliminations from hits on Routed units, until nothing changes (10.1, 10.26).
pub fn settle(tx: &mut Tx) -> Result<(), RuleError> {
    // A harassment's fire is all at once (8.33): its hits wait until the harasser has shot.
    if matches!(&tx.state.phase, crate::game::Phase::Reaction { harass: Some(_), .. }) {
        return Ok(());
    }
    // Each pass routs or eliminates a unit (at most twice each), so this ends.
    for _ in 0..=2 * tx.scenario.units.len() {
        let next = (0..tx.scenario.units.len()).find(|&i| {
            let st = &tx.state.units[i];
            !st.eliminated
                && ((st.routed && st.hits > 0)
                    || (!st.routed && st.hits >= crate::column::effective_tq(tx.scenario, &tx.state, i)))
        });
        let Some(i) = next else {
            // 10.33: a rout or elimination may free the units locked with it.
            crate::engaged::release_free(tx);
            return Ok(());
        };
        let id = tx.scenario.units[i].id.clone();
        // CG 6.76(5): the engine sheltered by a foot unit that routs is lost with it.
        let engine = crate::artillery::stacked_with(tx.scenario, &tx.state, i)
            .filter(|&e| tx.scenario.units[e].engine.is_some() && !tx.state.units[i].routed);
        if let Some(e) = engine {
            tx.emit(Event::UnitEliminated { unit: tx.scenario.units[e].id.clone(), rule: "6.76".into() });
        }
        if tx.state.units[i].routed {
            // 10.26: any further hit eliminates a Routed unit.
            tx.emit(Event::UnitEliminated { unit: id, rule: "10.26".into() });
        } else if eliminated_on_rout(tx.scenario.units[i].kind) {
            let cascade = crate::indian::cascade_of(tx.scenario, &tx.state, i);
            tx.emit(Event::UnitEliminated { unit: id, rule: "10.2".into() });
            // CG 11.23: a chariot carrying its commander breaks.
            if let Some(c) = cascade {
                crate::indian::cascade(tx, c)?;
            }
        } else {
            rout(tx, i, RoutLeg::Hexes(2), "10.21")?;
        }
    }
    Ok(())
}

/// Moves a unit as a router (10.21 initial move, 10.22 the segment): the plan's path, its
/// passings through friends, its leaders along, or its elimination.
pub fn rout(tx: &mut Tx, unit: usize, leg: RoutLeg, rule: &str) -> Result<(), RuleError> {
    let routed: Vec<bool> = tx.state.units.iter().map(|u| u.routed).collect();
    let plan = rout_move(tx.scenario, &tx.state, unit, leg, &routed);
    let cascade = crate::indian::cascade_of(tx.scenario, &tx.state, unit);
    apply_plan(tx, unit, plan, rule)?;
    // CG 11.23: an elephant (that would rout) or chariot carrying its commander breaks.
    match cascade {
        Some(c) => crate::indian::cascade(tx, c),
        None => Ok(()),
    }
}

fn apply_plan(tx: &mut Tx, unit: usize, plan: RoutPlan, rule: &str) -> Result<(), RuleError> {
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
            for l in track.leaders {
                if let Some(at) = at {
                    let leader = tx.scenario.leaders[l].id.clone();
                    tx.emit(Event::LeaderWithdrew { leader, path: vec![at] });
                }
            }
        }
        RoutPlan::Eliminated { reason, track, .. } => {
            passings(tx, unit, &track)?;
            let rule = match reason {
                Elimination::Type => "10.2",
                Elimination::TwoHexInSegment => "10.22",
                Elimination::TwoHexCannotMove | Elimination::Blocked => "10.21",
                Elimination::LeftMap => "10.23",
                Elimination::NoRoomAtEnd => "10.24",
            };
            tx.emit(Event::UnitEliminated { unit: id, rule: rule.into() });
        }
        // GBA 11.14, CG 10.14: an elephant that would rout rampages instead, at once.
        RoutPlan::Rampage { .. } => crate::elephants::rampage(tx, unit)?,
    }
    Ok(())
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
/// eliminated; every other Routed unit moves its full printed MA toward its edge.
pub fn rout_segment(tx: &mut Tx) -> Result<(), RuleError> {
    for i in 0..tx.scenario.units.len() {
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
        rout(tx, i, RoutLeg::Segment, "10.22")?;
    }
    settle(tx)?;
    // CG 11.41, 11.42: then the guilds and tribes with men broken roll for flight.
    crate::indian::flight(tx)
}
