//! War elephants (GBA 11.1, CG 10.1) and what CG chariots share with them: the rampage that
//! replaces an elephant's rout (GBA 11.14, CG 10.14); the pass-through after its shock, row
//! after row when the rear hexes are taken (GBA 11.13, CG 10.13; CG chariots 10.26) and the
//! Greek ranks that part for chariots (CG 10.27); CG cavalry and chariots shying from
//! elephants (10.15, 10.16). Where the two rule sets part (digest D70–D72) the answer is
//! `rule_set::hooks(..)`.
//!
//! The rampage itself, and the units stepping out of its way, are in `rampage.rs`.

use crate::game::{Event, HitCause, LeaderStatus, RollPurpose, RuleError, Tx};
use crate::map::facing::{arc_of, Arc};
use crate::map::hex::HexId;
use crate::scenario::rule_set::{hooks, PartingUnits};
use crate::scenario::units::{Placement, UnitType};
use rustc_hash::{FxHashMap, FxHashSet};

/// Units (not `el`) and leaders in `hex`.
pub(crate) fn occupants(tx: &Tx, el: usize, hex: HexId) -> (Vec<usize>, Vec<usize>) {
    let units = (0..tx.scenario.units.len())
        .filter(|&u| u != el && !tx.state.units[u].eliminated && tx.state.units[u].placement.hexes().any(|h| h == hex))
        .collect();
    let leaders = (0..tx.scenario.leaders.len())
        .filter(|&l| tx.state.leaders[l].status != LeaderStatus::Eliminated && tx.state.leaders[l].at == hex)
        .collect();
    (units, leaders)
}

/// Can the elephant (or chariot) `el` end its pass-through in `h` (digest G23): on the map, not
/// impassable, no unit but `el`, no enemy leader.
fn usable(tx: &Tx, el: usize, h: HexId) -> bool {
    let side = tx.scenario.units[el].side;
    let (units, leaders) = occupants(tx, el, h);
    tx.scenario.map.contains(h)
        && !tx.scenario.map.terrain(h).is_some_and(|t| t.is_impassable())
        && units.is_empty()
        && leaders.iter().all(|&l| tx.scenario.leaders[l].side == side)
}

/// The rear hexes of `unit` as it stands now.
fn rear_of(tx: &Tx, unit: usize) -> Vec<HexId> {
    let st = &tx.state.units[unit];
    crate::map::facing::hexes_in(&st.placement, st.heading(), Arc::Rear)
}

/// The rear hex `el` passes through to behind `unit` (GBA 11.13, CG 10.13): a usable one, the
/// farther from `el` first, then the first by id (P76). `None`: neither is.
fn rear_hex(tx: &Tx, el: usize, unit: usize) -> Option<HexId> {
    let from = tx.state.units[el].placement.hexes().next()?;
    let mut rear = rear_of(tx, unit);
    rear.retain(|&h| usable(tx, el, h));
    rear.into_iter().max_by_key(|h| (h.distance(from), std::cmp::Reverse(*h)))
}

/// The next row `el` attacks when no rear hex behind `unit` is free (GBA 11.13, CG 10.13): a
/// rear hex holding a unit, enemies before friends, then the unit nearest its rout (TQ − hits),
/// then the first by id — the choice an owner would make, so not asked (P76). Its units.
fn next_row(tx: &Tx, el: usize, unit: usize) -> Option<(HexId, Vec<usize>)> {
    let side = tx.scenario.units[el].side;
    rear_of(tx, unit)
        .into_iter()
        .filter(|&h| tx.scenario.map.contains(h))
        .map(|h| (h, occupants(tx, el, h).0))
        .filter(|(_, units)| !units.is_empty())
        .min_by_key(|(h, units)| {
            let friend = units.iter().all(|&u| tx.scenario.units[u].side == side);
            let margin = units.iter().map(|&u| tx.scenario.units[u].tq.saturating_sub(tx.state.units[u].hits)).min();
            (friend, margin, *h)
        })
}

/// Rows an elephant may go through at most: a guard for the loop (a map is not that deep).
const MAX_ROWS: usize = 20;

/// After a shock combat, each attacking elephant (in CG also each chariot, 10.26) still in the
/// field whose defender held its hex goes through it into a vacant rear hex, keeping its
/// facing (GBA 11.13, CG 10.13). When both rear hexes are taken it shock-attacks the unit in
/// one of them (friends too), with no pre-shock check (A36), and goes on row by row: into the
/// hex of a unit it dislodged, else behind the unit that held (P76). An elephant routed in such
/// an attack is eliminated in GBA, rampages in CG (D70, G23). `held`: the defenders' hexes
/// before the combat; `k`: the combat's number, for its dice.
pub fn pass_through(
    tx: &mut Tx,
    k: usize,
    attackers: &[usize],
    defenders: &[usize],
    held: &[HexId],
) -> Result<(), RuleError> {
    let hook = hooks(tx.scenario.meta.rules).pass_through;
    for &el in attackers {
        let st = &tx.state.units[el];
        let rule = match tx.scenario.units[el].kind {
            UnitType::EL => hook.rule,
            UnitType::CH | UnitType::ChStar => match hook.chariots {
                Some(r) => r,
                None => continue,
            },
            _ => continue,
        };
        if st.eliminated || st.routed {
            continue;
        }
        if !matches!(st.placement, Placement::One(_)) {
            continue;
        }
        // The defender it attacked: one in its front that is still in its hex.
        let front = crate::map::facing::hexes_in(&st.placement, st.heading(), Arc::Front);
        let attacked = defenders.iter().copied().find(|&d| {
            let ds = &tx.state.units[d];
            !ds.eliminated
                && !ds.routed
                && ds.placement.hexes().all(|h| held.contains(&h))
                && ds.placement.hexes().any(|h| front.contains(&h))
        });
        let Some(d) = attacked else { continue };
        let rout_rule = hook.row_rout_eliminates.then_some(rule);
        go_through(tx, k, el, d, rule, rout_rule, false)?;
    }
    Ok(())
}

/// The pass-through itself; guild chiefs carried with the elephant from `from` into a rival
/// chief's hex at `to` are Finished (CG 10.72[1], P129).
fn passed_through(tx: &mut Tx, event: Event, from: HexId, to: HexId) {
    let carried: Vec<usize> = (0..tx.scenario.leaders.len())
        .filter(|&l| tx.state.leaders[l].status != LeaderStatus::Eliminated && tx.state.leaders[l].at == from)
        .collect();
    tx.emit(event);
    crate::special::indian::chiefs_forced_among_rivals(tx, &carried, &[to]);
}

/// `el` (an elephant or chariot at `from`) goes through `d` that held: into a free rear hex,
/// else attacking the next row, row after row (GBA 11.13, CG 10.13, 10.26; P76, P106). With
/// `parting` (CG 10.27) a row of Greek units that all part lets it through unharmed but for
/// a hit each, instead of its attack.
fn go_through(
    tx: &mut Tx,
    k: usize,
    el: usize,
    mut d: usize,
    rule: &str,
    rout_rule: Option<&str>,
    parting: bool,
) -> Result<(), RuleError> {
    let Placement::One(from) = tx.state.units[el].placement else { return Ok(()) };
    let unit = tx.scenario.units[el].id.clone();
    let mut defender = tx.scenario.units[d].id.clone();
    // The hex it comes through from: where the next row's attack comes from (A36).
    let mut via = tx.state.units[d].placement.hexes().next().unwrap_or(from);
    for _ in 0..MAX_ROWS {
        if let Some(to) = rear_hex(tx, el, d) {
            passed_through(tx, Event::ElephantPassedThrough { unit, defender, from, to, rule: rule.into() }, from, to);
            break;
        }
        let Some((hex, row)) = next_row(tx, el, d) else { break };
        // CG 10.27: both rear rows part too, or the chariot attacks one of them (10.26).
        let rows: Vec<usize> = rear_of(tx, d).into_iter().flat_map(|h| occupants(tx, el, h).0).collect();
        if parting && ranks_part(tx, el, &rows, rule)? {
            d = row[0];
            defender = tx.scenario.units[d].id.clone();
            via = hex;
            continue;
        }
        if !row_attack(tx, k, el, &row, via, rout_rule, hex, rule)? {
            break;
        }
        let st = &tx.state.units[el];
        if st.eliminated || st.routed || st.placement != Placement::One(from) {
            break;
        }
        if occupants(tx, el, hex).0.is_empty() {
            // It dislodged the row: into the hex it left, if it may.
            if usable(tx, el, hex) {
                let defender = tx.scenario.units[row[0]].id.clone();
                let through = Event::ElephantPassedThrough { unit, defender, from, to: hex, rule: rule.into() };
                passed_through(tx, through, from, hex);
            }
            break;
        }
        // The row held: on behind it.
        let Some(&held_row) = row.iter().find(|&&u| !tx.state.units[u].eliminated) else { break };
        d = held_row;
        defender = tx.scenario.units[d].id.clone();
        via = hex;
    }
    Ok(())
}

/// Is `unit` Greek for CG 10.27: a unit of no Indian grade (CG 2.22), or under GBA of a
/// Macedonian side (rulings P291); never artillery.
fn greek(tx: &Tx, unit: usize) -> bool {
    let u = &tx.scenario.units[unit];
    let by_side = match hooks(tx.scenario.meta.rules).pass_through.parting_units {
        PartingUnits::NoIndianGrade => u.grade.is_none(),
        PartingUnits::MacedonianSide => tx.scenario.sides[u.side].macedonian,
    };
    by_side && u.kind != UnitType::AT
}

/// CG 10.27: each of `units` (Greek, of the other side from chariot `ch`) checks its TQ; if all
/// pass (DR ≤ TQ) they part for the chariot, 1 hit each; if any is not Greek, or fails, they
/// do not. Every roll is made.
fn ranks_part(tx: &mut Tx, ch: usize, units: &[usize], rule: &str) -> Result<bool, RuleError> {
    let side = tx.scenario.units[ch].side;
    if units.is_empty() || units.iter().any(|&u| tx.scenario.units[u].side == side || !greek(tx, u)) {
        return Ok(false);
    }
    let mut all = true;
    for &u in units {
        let id = tx.scenario.units[u].id.clone();
        let roll = tx.roll(RollPurpose::TqCheck { unit: id, rule: rule.into() })?;
        all &= roll <= crate::movement::column::effective_tq(tx.scenario, &tx.state, u);
    }
    if all {
        let chariot = tx.scenario.units[ch].id.clone();
        for &u in units {
            let unit = tx.scenario.units[u].id.clone();
            tx.emit(Event::RanksParted { unit: unit.clone(), chariot: chariot.clone(), rule: rule.into() });
            tx.emit(Event::CohesionHits { unit, hits: 1, cause: HitCause::PassThrough });
        }
    }
    Ok(all)
}

/// CG 10.27, before a combat is resolved: a lone Greek defender that chariots attack only
/// through its front may part its ranks. Its TQ check passed (DR ≤ TQ), it takes 1 hit, there
/// is no combat, and the chariots go through it (10.26). `true`: the ranks parted.
pub fn pass_through_avoidance(
    tx: &mut Tx,
    k: usize,
    attackers: &[usize],
    defenders: &[usize],
) -> Result<bool, RuleError> {
    let Some(rule) = hooks(tx.scenario.meta.rules).pass_through.avoidance else { return Ok(false) };
    let &[d] = defenders else { return Ok(false) };
    let chariots = attackers.iter().all(|&a| matches!(tx.scenario.units[a].kind, UnitType::CH | UnitType::ChStar));
    let ds = &tx.state.units[d];
    let heading = ds.heading();
    let frontal = attackers.iter().all(|&a| {
        tx.state.units[a]
            .placement
            .hexes()
            .all(|h| arc_of(&ds.placement, heading, h).is_none_or(|arc| arc == Arc::Front))
    });
    if attackers.is_empty() || !chariots || !frontal || !ranks_part(tx, attackers[0], &[d], rule)? {
        return Ok(false);
    }
    for &ch in attackers {
        go_through(tx, k, ch, d, rule, None, true)?;
    }
    Ok(true)
}

/// `el` shock-attacks the unit(s) `row` in `hex` from behind the unit in `via` (GBA 11.13, CG
/// 10.13): no pre-shock check (A36), through the side of theirs that faces `via`. `false` when
/// the combat may not be fought (a clash the chart forbids): it stays where it is.
#[allow(clippy::too_many_arguments)]
fn row_attack(
    tx: &mut Tx,
    k: usize,
    el: usize,
    row: &[usize],
    via: HexId,
    rout_eliminates: Option<&str>,
    hex: HexId,
    rule: &str,
) -> Result<bool, RuleError> {
    let combat = crate::combat::shock_segment::Combat { attackers: vec![el], defenders: row.to_vec() };
    let mut setup = crate::combat::shock_segment::setup(tx.scenario, &tx.state, &combat, &[]);
    let arc = row
        .iter()
        .filter_map(|&r| arc_of(&tx.state.units[r].placement, tx.state.units[r].heading(), via))
        .min_by_key(|a| match a {
            Arc::Rear => 0,
            Arc::Flank => 1,
            Arc::Front => 2,
        })
        .unwrap_or(Arc::Front);
    setup.attackers[0] = setup.attackers[0].clone().through(arc);
    if crate::combat::shock::validate(&setup).is_err() {
        return Ok(false);
    }
    let unit = tx.scenario.units[el].id.clone();
    let defenders = row.iter().map(|&u| tx.scenario.units[u].id.clone()).collect();
    tx.emit(Event::PassThroughAttack { unit, defenders, hex, rule: rule.into() });
    crate::combat::shock_segment::strike(tx, k, &combat, &setup, rout_eliminates)?;
    Ok(true)
}

/// Where enemy elephants keep `mover` from going under orders (CG 10.15, D72): the hexes of
/// their ZOC a cavalry or chariot unit may never enter, and the hits a non-Indian cavalry unit
/// takes for each of their flank or rear hexes it enters (2 per elephant beside the hex).
#[derive(Clone, Debug, Default)]
pub struct ElephantGround {
    pub barred: FxHashSet<HexId>,
    pub hits: FxHashMap<HexId, u8>,
}

/// The elephant ground for `mover` now (empty but in CG, and for other than cavalry/chariots).
pub fn elephant_ground(
    scenario: &crate::scenario::Scenario,
    state: &crate::game::GameState,
    mover: usize,
) -> ElephantGround {
    let mut ground = ElephantGround::default();
    let u = &scenario.units[mover];
    let chariot = matches!(u.kind, UnitType::CH | UnitType::ChStar);
    if !hooks(scenario.meta.rules).mounted_shy_of_elephants || !(u.kind.is_cavalry() || chariot) {
        return ground;
    }
    // Indian cavalry (a graded unit, CG 2.22) and chariots pass an elephant's flanks freely.
    let free = chariot || u.grade.is_some();
    for el in 0..scenario.units.len() {
        let (e, es) = (&scenario.units[el], &state.units[el]);
        if e.kind != UnitType::EL || e.side == u.side || es.eliminated || es.routed {
            continue;
        }
        ground.barred.extend(crate::map::zoc::zoc_of(scenario, state, el));
        if free {
            continue;
        }
        let heading = es.heading();
        for arc in [Arc::Flank, Arc::Rear] {
            for h in crate::map::facing::hexes_in(&es.placement, heading, arc) {
                *ground.hits.entry(h).or_default() += 2;
            }
        }
    }
    ground
}

/// CG 10.16: the enemy cavalry and chariots (not artillery-like others) that elephant `el`,
/// standing as in `state`, has just come beside, having stood at `before`. Empty in GBA or
/// when `el` is no elephant.
pub fn shied(
    scenario: &crate::scenario::Scenario,
    state: &crate::game::GameState,
    el: usize,
    before: &Placement,
) -> Vec<usize> {
    let e = &scenario.units[el];
    if e.kind != UnitType::EL || !hooks(scenario.meta.rules).mounted_shy_of_elephants {
        return Vec::new();
    }
    let beside = |p: &Placement, h: HexId| p.hexes().any(|x| x.is_adjacent(h));
    (0..scenario.units.len())
        .filter(|&u| {
            let st = &state.units[u];
            frightens(scenario, el, u)
                && !st.eliminated
                && st.placement.hexes().any(|h| beside(&state.units[el].placement, h) && !beside(before, h))
        })
        .collect()
}

/// CG 10.16: the units of the open reaction that must still withdraw from the elephant that
/// came up beside them — offered a withdrawal, with somewhere to go. The reaction may not end
/// before they do.
pub fn forced_withdrawers(scenario: &crate::scenario::Scenario, state: &crate::game::GameState) -> Vec<usize> {
    let crate::game::Phase::Reaction { mover, withdrawers, .. } = &state.phase else { return Vec::new() };
    let Some(el) = scenario.units.iter().position(|u| &u.id == mover) else { return Vec::new() };
    if scenario.units[el].kind != UnitType::EL || !hooks(scenario.meta.rules).mounted_shy_of_elephants {
        return Vec::new();
    }
    let here = &state.units[el].placement;
    withdrawers
        .iter()
        .filter_map(|w| scenario.units.iter().position(|u| &u.id == w))
        .filter(|&u| {
            frightens(scenario, el, u)
                && state.units[u].placement.hexes().any(|h| here.hexes().any(|e| e.is_adjacent(h)))
                && !crate::movement::withdrawal::unit_withdrawals(scenario, state, u).is_empty()
        })
        .collect()
}

/// CG 10.16: cavalry and chariots an elephant came beside that cannot withdraw check their TQ:
/// DR > TQ, DR − TQ hits; a non-Indian unit at least 1. A Routed cavalry unit is eliminated.
pub fn fright_checks(tx: &mut Tx, units: &[usize]) -> Result<(), RuleError> {
    for &u in units {
        let id = tx.scenario.units[u].id.clone();
        if tx.state.units[u].eliminated {
            continue;
        }
        if tx.state.units[u].routed {
            tx.emit(Event::UnitEliminated { unit: id, rule: "10.16".into() });
            continue;
        }
        let roll = tx.roll(RollPurpose::TqCheck { unit: id.clone(), rule: "10.16".into() })?;
        let tq = crate::movement::column::effective_tq(tx.scenario, &tx.state, u);
        let least = if tx.scenario.units[u].grade.is_some() { 0 } else { 1 };
        let hits = roll.saturating_sub(tq).max(least);
        if hits > 0 {
            tx.emit(Event::CohesionHits { unit: id, hits, cause: HitCause::ElephantFright });
        }
    }
    Ok(())
}

/// CG 10.16: does elephant `el` frighten `unit` (a cavalry or chariot unit of the other side)?
pub fn frightens(scenario: &crate::scenario::Scenario, el: usize, unit: usize) -> bool {
    let (e, u) = (&scenario.units[el], &scenario.units[unit]);
    hooks(scenario.meta.rules).mounted_shy_of_elephants
        && e.kind == UnitType::EL
        && e.side != u.side
        && (u.kind.is_cavalry() || matches!(u.kind, UnitType::CH | UnitType::ChStar))
}
