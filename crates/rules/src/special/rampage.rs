//! An elephant's rampage (GBA 11.14, CG 10.14) and the units that get out of its way (GBA 6.71,
//! 6.77; CG 6.61, 6.67; P75).
//!
//! An elephant that would rout rampages instead, at once, leg by leg: a direction roll, then up
//! to three hexes straight across that hexside (movement goes by hexside, A.12), stopping short
//! of the first hex anyone holds and trampling what is there. It draws no reaction fire (8.2)
//! and has no ZOC (CG 10.14). Only orderly withdrawal interrupts it: the instant it comes within
//! two hexes of a unit, or begins its rampage that close, that unit may step back from it,
//! whichever side it is on and whoever's orders phase it is (6.77); so may a leader (4.62, P190),
//! who is killed if he is still in the hex it runs into (11.14, P191). So a rampage is plain data
//! (`Rampage`) that stops in the `RampageWithdrawal` phase and goes on from where it stood.

use crate::charts::leaders::LeaderResult;
use crate::effects::cohesion::{AfterRout, Pending};
pub use crate::game::pending::Leg;
pub use crate::game::pending::Rampage;
use crate::game::{Event, HitCause, Phase, RampageEnd, RollPurpose, RuleError, Tx};
use crate::map::facing::{arc_of, Arc};
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::scenario::rule_set::{hooks, RampageWithdrawers};
use crate::scenario::units::{Placement, UnitType};
use crate::scenario::Scenario;

/// Hexes an elephant tries to go on each direction roll (GBA 11.14, CG 10.14).
const LEG: u8 = 3;

/// A GBA rampage has no last roll, but every later 7–9 ends it; a guard for the loop (P74).
const GUARD_ROLLS: u8 = 50;

/// A rampage stopped for the units and leaders it came near (6.77, 4.62): `side` decides for
/// `withdrawers` and `leaders` now, the other side for `waiting` and `waiting_leaders` after.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pause {
    pub rampage: Rampage,
    pub side: usize,
    pub withdrawers: Vec<String>,
    pub waiting: Vec<String>,
    pub leaders: Vec<String>,
    pub waiting_leaders: Vec<String>,
}

/// Those a rampaging elephant just came within two hexes of, who may step out of its way: units
/// (6.71, 6.77) and leaders (4.62, P190).
struct Near {
    units: Vec<usize>,
    leaders: Vec<usize>,
}

impl Near {
    fn is_empty(&self) -> bool {
        self.units.is_empty() && self.leaders.is_empty()
    }
}

/// The unit nearest `from` among `units` (ties: scenario order).
fn nearest(tx: &Tx, from: HexId, units: impl Iterator<Item = usize>) -> Option<(usize, HexId, u32)> {
    units
        .filter_map(|u| {
            tx.state.units[u].placement.hexes().map(|h| (u, h, h.distance(from))).min_by_key(|&(_, h, d)| (d, h))
        })
        .min_by_key(|&(u, _, d)| (d, u))
}

/// The hexside of `from` whose neighbour is nearest `to`: the first step of a shortest path
/// (ties: the order of `Hexside::ALL`, P73).
fn toward(from: HexId, to: HexId) -> Hexside {
    Hexside::ALL
        .into_iter()
        .min_by_key(|&s| from.neighbour(s).map_or(u32::MAX, |n| n.distance(to)))
        .unwrap_or(Hexside::N)
}

/// The unit that caused the rampage (GBA 11.14 "directly away from"): the latest of this
/// command's missile fire at it, shock combat it fought in (the nearest unit of the other
/// side) or rampage that ran into it; else the nearest enemy unit (P74).
fn cause(tx: &Tx, el: usize) -> Option<usize> {
    let id = &tx.scenario.units[el].id;
    let at = tx.state.units[el].placement.hexes().next()?;
    let index = |u: &String| tx.scenario.units.iter().position(|x| &x.id == u);
    let live = |u: &usize| !tx.state.units[*u].eliminated;
    for e in tx.events.iter().rev() {
        let found: Vec<usize> = match e {
            Event::MissileFired { unit, target, .. }
            | Event::ScreenFired { unit, target, .. }
            | Event::BowFired { unit, target, .. }
                if target == id =>
            {
                index(unit).into_iter().collect()
            }
            Event::Rampaged { unit, collided_with, .. } if collided_with.contains(id) => {
                index(unit).into_iter().collect()
            }
            Event::ShockResolved { attackers, defenders, .. } if attackers.contains(id) => {
                defenders.iter().filter_map(index).collect()
            }
            Event::ShockResolved { attackers, defenders, .. } if defenders.contains(id) => {
                attackers.iter().filter_map(index).collect()
            }
            _ => continue,
        };
        if let Some((u, _, _)) = nearest(tx, at, found.into_iter().filter(live)) {
            return Some(u);
        }
    }
    let side = tx.scenario.units[el].side;
    nearest(tx, at, (0..tx.scenario.units.len()).filter(|&u| tx.scenario.units[u].side != side).filter(live))
        .map(|(u, _, _)| u)
}

/// The hits a unit takes when a rampaging elephant runs into it from `from` (GBA 11.14,
/// CG 10.14): 1 through its front, 2 through flank or rear; cavalry and chariots always 2.
pub fn collision_hits(tx: &Tx, unit: usize, from: HexId) -> u8 {
    let kind = tx.scenario.units[unit].kind;
    if kind.is_cavalry() || matches!(kind, UnitType::CH | UnitType::ChStar) {
        return 2;
    }
    let st = &tx.state.units[unit];
    match arc_of(&st.placement, st.heading(), from) {
        Some(Arc::Front) => 1,
        _ => 2,
    }
}

/// May `unit` step out of rampaging elephant `el`'s way at all, by the rule set (6.77; CG 6.61,
/// 6.67): GBA any unit of either side; CG cavalry and chariots of either side, and the
/// elephant's own side, whom it is about to trample.
fn may_step_aside(scenario: &Scenario, el: usize, unit: usize) -> bool {
    let u = &scenario.units[unit];
    match hooks(scenario.meta.rules).rampage.withdrawers {
        RampageWithdrawers::AnyUnit => true,
        RampageWithdrawers::MountedOrOwnSide => {
            u.side == scenario.units[el].side
                || u.kind.is_cavalry()
                || matches!(u.kind, UnitType::CH | UnitType::ChStar)
        }
    }
}

/// Those who may withdraw from `el` now that it has come to `now` from `before` (`None`: it is
/// just beginning there): the units and leaders it has just come within two hexes of, with
/// somewhere to go (6.71; leaders by 4.62's test, of either side and in either rule set, P190),
/// in scenario order. Leaders stacked with it as it begins stay behind (P74).
fn in_its_way(tx: &Tx, el: usize, now: HexId, before: Option<HexId>) -> Near {
    let s = tx.scenario;
    // Where it stands now: its events come after the pause, the withdrawals are measured from here.
    let mut st = tx.state.clone();
    st.units[el].placement = Placement::One(now);
    let st = &st;
    let range = crate::movement::withdrawal::TRIGGER_RANGE;
    let came_within = |near: &dyn Fn(HexId) -> u32| near(now) <= range && before.is_none_or(|b| near(b) > range);
    let units = (0..s.units.len())
        .filter(|&u| u != el && !st.units[u].eliminated && !st.units[u].routed)
        .filter(|&u| {
            came_within(&|from: HexId| {
                st.units[u].placement.hexes().map(|h| h.distance(from)).min().unwrap_or(u32::MAX)
            })
        })
        .filter(|&u| may_step_aside(s, el, u) && crate::movement::withdrawal::may_withdraw_from(s, st, u, el))
        .collect();
    // 4.62 (CG 4.82): a leader may withdraw from a combat unit that comes at him at any time.
    let leaders = (0..s.leaders.len())
        .filter(|&l| st.leaders[l].status != crate::game::LeaderStatus::Eliminated && st.leaders[l].at != now)
        .filter(|&l| came_within(&|from: HexId| st.leaders[l].at.distance(from)))
        .filter(|&l| crate::movement::withdrawal::leader_can_withdraw(s, st, l, el))
        .collect();
    Near { units, leaders }
}

/// Who is asked first: the elephant's enemies, units and leaders, then its own side (P155,
/// P190). The leaders asked are remembered for the collision (P191).
fn pause(tx: &Tx, el: usize, near: &Near, mut rampage: Rampage) -> Box<Pause> {
    let s = tx.scenario;
    let own = s.units[el].side;
    let units = |mine: bool| -> Vec<String> {
        near.units.iter().filter(|&&u| (s.units[u].side == own) == mine).map(|&u| s.units[u].id.clone()).collect()
    };
    let leaders = |mine: bool| -> Vec<String> {
        near.leaders.iter().filter(|&&l| (s.leaders[l].side == own) == mine).map(|&l| s.leaders[l].id.clone()).collect()
    };
    let (enemies, friends) = (units(false), units(true));
    let (enemy_leaders, own_leaders) = (leaders(false), leaders(true));
    for l in enemy_leaders.iter().chain(&own_leaders) {
        if !rampage.asked.contains(l) {
            rampage.asked.push(l.clone());
        }
    }
    if enemies.is_empty() && enemy_leaders.is_empty() {
        return Box::new(Pause {
            rampage,
            side: own,
            withdrawers: friends,
            waiting: Vec::new(),
            leaders: own_leaders,
            waiting_leaders: Vec::new(),
        });
    }
    Box::new(Pause {
        rampage,
        side: 1 - own,
        withdrawers: enemies,
        waiting: friends,
        leaders: enemy_leaders,
        waiting_leaders: own_leaders,
    })
}

/// An elephant that would rout rampages instead, at once, until it is eliminated or leaves the
/// map (GBA 11.14, CG 10.14); every end removes it as eliminated (rout points as a router).
/// `ask`: it stops for the units in its way to withdraw (6.77), and the pause is returned for
/// the caller to offer with what it still has to do; `false` where the caller cannot stop (P75).
pub fn begin(tx: &mut Tx, el: usize, ask: bool) -> Result<Option<Box<Pause>>, RuleError> {
    let cause = cause(tx, el).map(|c| tx.scenario.units[c].id.clone());
    let rampage = Rampage {
        unit: tx.scenario.units[el].id.clone(),
        rolls: 0,
        cause,
        leg: None,
        cascade: None,
        asked: Vec::new(),
    };
    run(tx, rampage, ask)
}

/// The rampage from where it stands, leg after leg, until it ends or stops for withdrawals.
fn run(tx: &mut Tx, mut rampage: Rampage, ask: bool) -> Result<Option<Box<Pause>>, RuleError> {
    let el = tx.unit_index(&rampage.unit)?;
    let rule = hooks(tx.scenario.meta.rules).rampage;
    let id = rampage.unit.clone();
    loop {
        if tx.state.units[el].eliminated {
            return Ok(None);
        }
        let Placement::One(mut at) = tx.state.units[el].placement else {
            // Elephants are one-hex units; a two-hex one has no straight line to run (P74).
            tx.emit(Event::UnitEliminated { unit: id, rule: rule.rule.into() });
            return Ok(None);
        };
        let (roll, heading, mut left) = match rampage.leg.take() {
            Some(leg) => (leg.roll, Some(leg.heading), leg.left),
            None if rampage.rolls >= GUARD_ROLLS => {
                tx.emit(Event::UnitEliminated { unit: id, rule: rule.rule.into() });
                return Ok(None);
            }
            None => {
                rampage.rolls += 1;
                let roll = tx.roll(RollPurpose::Rampage { unit: id.clone() })?;
                let heading = heading_of(tx, el, at, roll, &rampage);
                // 6.71: those it begins its rampage within two hexes of may step aside first.
                if let Some(h) = heading.filter(|_| ask && rampage.rolls == 1) {
                    let near = in_its_way(tx, el, at, None);
                    if !near.is_empty() {
                        // Its heading is known (the pause shows it); the leg is told once run.
                        rampage.leg = Some(Leg { roll, heading: h, left: LEG });
                        return Ok(Some(pause(tx, el, &near, rampage)));
                    }
                }
                (roll, heading, LEG)
            }
        };
        let mut path = Vec::new();
        let (mut collided, mut trampled) = (Vec::new(), Vec::new());
        let mut end = None;
        let mut stepped_near = Near { units: Vec::new(), leaders: Vec::new() };
        match heading {
            Some(dir) => {
                while left > 0 {
                    let Some(next) = at.neighbour(dir).filter(|h| tx.scenario.map.contains(*h)) else {
                        end = Some(RampageEnd::LeftMap);
                        break;
                    };
                    // Impassable ground stops it like a wall, without harm (CG digest G26).
                    if tx.scenario.map.terrain(next).is_some_and(|t| t.is_impassable()) {
                        break;
                    }
                    let (units, leaders) = crate::special::elephants::occupants(tx, el, next);
                    if !units.is_empty() || !leaders.is_empty() {
                        // It stops short of an occupied hex, friend or foe.
                        collided = units;
                        trampled = leaders;
                        break;
                    }
                    path.push(next);
                    let before = at;
                    at = next;
                    left -= 1;
                    // 6.71: the instant it comes within two hexes of a unit, that unit may step
                    // back; the elephant stands there until they have (6.77).
                    let near = if ask {
                        in_its_way(tx, el, at, Some(before))
                    } else {
                        Near { units: Vec::new(), leaders: Vec::new() }
                    };
                    if near.is_empty() {
                        continue;
                    }
                    if left > 0 {
                        tx.emit(Event::Rampaged {
                            unit: id.clone(),
                            roll,
                            heading,
                            path,
                            collided_with: Vec::new(),
                            end: None,
                            paused: true,
                        });
                        rampage.leg = Some(Leg { roll, heading: dir, left });
                        return Ok(Some(pause(tx, el, &near, rampage)));
                    }
                    stepped_near = near;
                }
            }
            None if roll >= 7 => end = Some(RampageEnd::MahoutKilled),
            None => {}
        }
        if end.is_none() {
            end = end_of_leg(tx, el, at, rampage.rolls);
        }
        // The leg's last hex brought it near units: they may step aside before its next roll.
        let paused = end.is_none() && !stepped_near.is_empty();
        let mut names: Vec<String> = collided.iter().map(|&u| tx.scenario.units[u].id.clone()).collect();
        names.extend(trampled.iter().map(|&l| tx.scenario.leaders[l].id.clone()));
        tx.emit(Event::Rampaged { unit: id.clone(), roll, heading, path, collided_with: names, end, paused });
        strike(tx, el, at, (&collided, &trampled), &rampage);
        if end.is_some() {
            tx.emit(Event::UnitEliminated { unit: id, rule: rule.rule.into() });
            return Ok(None);
        }
        if paused {
            return Ok(Some(pause(tx, el, &stepped_near, rampage)));
        }
    }
}

/// The heading a rampage's direction `roll` gives (GBA 11.14, CG 10.14): 0 toward the nearest
/// friendly unit (none left: it stands, P74), 1–6 by the map's rampage compass, 7–9 away from
/// its cause on the first roll only under GBA, and none (the mahout's knife) otherwise.
fn heading_of(tx: &Tx, el: usize, at: HexId, roll: u8, rampage: &Rampage) -> Option<Hexside> {
    let side = tx.scenario.units[el].side;
    let rule = hooks(tx.scenario.meta.rules).rampage;
    match roll {
        0 => {
            let friends = (0..tx.scenario.units.len())
                .filter(|&u| u != el && tx.scenario.units[u].side == side && !tx.state.units[u].eliminated);
            nearest(tx, at, friends).map(|(_, h, _)| toward(at, h))
        }
        1..=6 => Some(tx.scenario.map.compass[roll as usize - 1]),
        _ if rampage.rolls == 1 && rule.first_high_roll_flees_cause => {
            let first_cause = rampage.cause.as_ref().and_then(|c| tx.unit_index(c).ok());
            first_cause
                .and_then(|c| tx.state.units[c].placement.hexes().min_by_key(|h| (h.distance(at), *h)))
                .map(|h| Hexside::from_index(toward(at, h).index() + 3))
        }
        _ => None,
    }
}

/// Whether a leg that ran its course ends the rampage: far from every unit (CG's isolation), or
/// the rule set's last roll made.
fn end_of_leg(tx: &Tx, el: usize, at: HexId, rolls: u8) -> Option<RampageEnd> {
    let rule = hooks(tx.scenario.meta.rules).rampage;
    let others = (0..tx.scenario.units.len()).filter(|&u| u != el && !tx.state.units[u].eliminated);
    if rule.isolated_at.is_some_and(|far| nearest(tx, at, others).is_none_or(|(_, _, d)| d >= far)) {
        Some(RampageEnd::Isolated)
    } else if rule.max_rolls.is_some_and(|m| rolls >= m) {
        Some(RampageEnd::LastRoll)
    } else {
        None
    }
}

/// What the elephant runs into at `at`: the units in the hex it stopped short of take the
/// collision's hits; the leaders there who cannot withdraw are killed, no roll (11.14, CG
/// 10.14). One who was offered his withdrawal as it came within two hexes (4.62, 6.77) and
/// stayed has lost his chance (CG 6.62): killed too. One never asked (a rampage that could not
/// stop, P75) is judged by 4.62's test now, and if he could go he stays where he is (P74, P191).
fn strike(tx: &mut Tx, el: usize, at: HexId, (collided, trampled): (&[usize], &[usize]), rampage: &Rampage) {
    let rule = hooks(tx.scenario.meta.rules).rampage;
    for &u in collided {
        let hits = collision_hits(tx, u, at);
        let unit = tx.scenario.units[u].id.clone();
        tx.emit(Event::CohesionHits { unit, hits, cause: HitCause::Rampage });
    }
    for &l in trampled {
        let asked = rampage.asked.contains(&tx.scenario.leaders[l].id);
        if asked || !crate::movement::withdrawal::leader_can_withdraw(tx.scenario, &tx.state, l, el) {
            let leader = tx.scenario.leaders[l].id.clone();
            tx.emit(Event::LeaderCasualty { leader, result: LeaderResult::Killed, rule: rule.rule.into() });
        }
    }
}

/// The rampage goes on after a pause; then, once it is over, the cascade it set off (CG 11.23)
/// and whatever was still to happen when it began (P120).
fn go_on(tx: &mut Tx, rampage: Rampage, then: AfterRout) -> Result<(), RuleError> {
    let cascade = rampage.cascade.clone();
    if let Some(p) = run(tx, rampage, true)? {
        crate::effects::cohesion::offer(tx, Pending::Rampage(p), then);
        return Ok(());
    }
    if let Some(c) = cascade {
        crate::special::indian::cascade(tx, c)?;
    }
    crate::effects::cohesion::carry_on(tx, then)
}

/// The side deciding is done: the other side's units and leaders it came near are asked in
/// turn, those that still may withdraw; then the rampage goes on (6.77, 4.62).
fn next(tx: &mut Tx) -> Result<(), RuleError> {
    let Phase::RampageWithdrawal { side, waiting, waiting_leaders, rampage, then, .. } = tx.state.phase.clone() else {
        return Ok(());
    };
    let el = tx.unit_index(&rampage.unit)?;
    let (s, st) = (tx.scenario, &tx.state);
    let still: Vec<String> = waiting
        .into_iter()
        .filter(|w| tx.unit_index(w).is_ok_and(|u| crate::movement::withdrawal::may_withdraw_from(s, st, u, el)))
        .collect();
    let leaders: Vec<String> = waiting_leaders
        .into_iter()
        .filter(|w| tx.leader_index(w).is_ok_and(|l| crate::movement::withdrawal::leader_can_withdraw(s, st, l, el)))
        .collect();
    if !still.is_empty() || !leaders.is_empty() {
        tx.emit(Event::RampageWithdrawalOffered {
            side: 1 - side,
            withdrawers: still,
            waiting: Vec::new(),
            leaders,
            waiting_leaders: Vec::new(),
            rampage: rampage.clone(),
            then: then.clone(),
        });
        return Ok(());
    }
    tx.emit(Event::RampageGoesOn { unit: rampage.unit.clone() });
    go_on(tx, rampage, then)
}

/// A unit steps out of the rampaging elephant's way (6.71, 6.77): an orderly withdrawal from
/// it with every penalty of 6.72, but no volley as it goes: the beast draws no fire (8.2,
/// 11.14; P155); a contingent commander stacked with it may go along (5.68).
pub fn withdraw(
    tx: &mut Tx,
    unit: &str,
    path: &[HexId],
    facing: Vertex,
    fire: bool,
    with: Option<&str>,
) -> Result<(), RuleError> {
    let rule = hooks(tx.scenario.meta.rules).rampage.withdrawal_rule;
    let refuse =
        |rule: &'static str, reason: &str| RuleError::IllegalMove { unit: unit.into(), rule, reason: reason.into() };
    let Phase::RampageWithdrawal { withdrawers, rampage, .. } = &tx.state.phase else {
        return Err(refuse(rule, "no elephant is rampaging"));
    };
    if !withdrawers.iter().any(|w| w == unit) {
        return Err(refuse(
            rule,
            "the rampaging elephant did not just come within two hexes of it, or it may not withdraw",
        ));
    }
    if fire {
        return Err(refuse("8.2", "a rampaging elephant draws no missile fire"));
    }
    let (ui, el) = (tx.unit_index(unit)?, tx.unit_index(&rampage.unit)?);
    // A contingent commander stacked with it may go along (5.68, P152).
    let step =
        crate::game::LineStep { unit: unit.into(), path: path.to_vec(), facing, fire, with: with.map(Into::into) };
    crate::movement::withdrawal::withdraw_unit(tx, ui, el, &step, rule)?;
    after_one(tx)
}

/// Once every unit and leader of the side deciding has gone, the other side is asked (6.77).
fn after_one(tx: &mut Tx) -> Result<(), RuleError> {
    match &tx.state.phase {
        Phase::RampageWithdrawal { withdrawers, leaders, .. } if withdrawers.is_empty() && leaders.is_empty() => {
            next(tx)
        }
        _ => Ok(()),
    }
}

/// A leader steps out of the rampaging elephant's way (4.62, 6.77; P190): an orderly withdrawal
/// of up to 9 less its MA in MP, no MP spent and no hits, as from any combat unit coming at him.
pub fn withdraw_leader(tx: &mut Tx, leader: &str, path: &[HexId]) -> Result<(), RuleError> {
    let refuse = |reason: &str| RuleError::IllegalMove { unit: leader.into(), rule: "4.62", reason: reason.into() };
    let Phase::RampageWithdrawal { leaders, rampage, .. } = &tx.state.phase else {
        return Err(refuse("no elephant is rampaging"));
    };
    if !leaders.iter().any(|l| l == leader) {
        return Err(refuse(
            "the rampaging elephant did not just come within two hexes of him, or it is not his side's turn",
        ));
    }
    let (li, el) = (tx.leader_index(leader)?, tx.unit_index(&rampage.unit)?);
    crate::movement::withdrawal::leader_steps_back(tx, li, crate::movement::withdrawal::Approach::Unit(el), path)?;
    after_one(tx)
}

/// No (more) of this side's units step aside (6.77).
pub fn let_it_come(tx: &mut Tx) -> Result<(), RuleError> {
    next(tx)
}
