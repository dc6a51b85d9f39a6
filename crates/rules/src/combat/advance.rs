//! Advance after combat (GBA 9.31–9.34; CG 9.21–9.24): one-hex attackers step into the hexes
//! the defenders left (`shock_segment.rs`); two-hex attackers go straight forward or wheel into
//! the centre hex (9.33); then the attacker's free turn of a vertex for each one-hex advancer,
//! or the optional wheel of a two-hex one, before the defender's reactions (9.32, 9.35, P78).
//!
//! Only a shock combat's resolution leads here: a volley that empties a hex lets nobody advance
//! into it (GBA 9.36; CG 9.25).

use crate::charts::movement_costs::{two_hex, Cost};
use crate::game::{Event, GameState, HitCause, Phase, RuleError, Tx};
use crate::map::facing::front_hexsides;
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::map::zoc::occupancy;
use crate::movement::reaction::Advance;
use crate::movement::{category_of, entry_cost, pivot_cost};
use crate::scenario::units::Placement;
use crate::scenario::Scenario;

/// Where a two-hex unit goes: its pose (each hex in the place of the one it left), its facing,
/// what the ground and pivot cost, and whether it wheels (6.45; CG 9.23).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pose {
    pub to: Placement,
    pub facing: Vertex,
    pub cost: Cost,
    pub wheel: bool,
}

/// The forward wheels open to the two-hex `unit` where it stands: one half swings forward round
/// the other into a free hex (6.43, 6.45).
pub fn wheels(s: &Scenario, state: &GameState, unit: usize) -> Vec<Pose> {
    let st = &state.units[unit];
    let Placement::Two(a, b) = st.placement else { return Vec::new() };
    let occupied = occupancy(state);
    let free = |h: HexId| s.map.contains(h) && occupied.get(&h).is_none_or(|&o| o == unit);
    let mut out = Vec::new();
    for (pivot, moving) in [(a, b), (b, a)] {
        let Some(k) = pivot.side_towards(moving) else { continue };
        for step in [1usize, 5] {
            let Some(to) = pivot.neighbour(Hexside::from_index(k.index() + step)) else { continue };
            let forward = front_hexsides(st.facing).iter().any(|x| moving.neighbour(*x) == Some(to));
            let Some(cost) = pivot_cost(s, state, &s.units[unit], moving, to).filter(|_| forward && free(to)) else {
                continue;
            };
            let to = if pivot == a { Placement::Two(a, to) } else { Placement::Two(to, b) };
            out.push(Pose { to, facing: Vertex::from_index(st.facing.index() + step), cost, wheel: true });
        }
    }
    out
}

/// A two-hex attacker's advance into the `vacated` hexes (9.33): when only the centre front hex
/// was vacated and an enemy still holds one — not both — of the hexes either side of it, the
/// wheel into the centre round the half that enemy faces; otherwise straight forward with both
/// halves if it can (into the most vacated hexes; ties, its right front). None: it does not
/// advance.
pub fn formation_advance(s: &Scenario, state: &GameState, unit: usize, vacated: &[HexId]) -> Option<Pose> {
    let (u, st) = (&s.units[unit], &state.units[unit]);
    let Placement::Two(a, b) = st.placement else { return None };
    let occupied = occupancy(state);
    let free = |h: HexId| s.map.contains(h) && occupied.get(&h).is_none_or(|&o| o == unit);
    let category = category_of(u, &st.placement);
    // The pivot case: the centre front hex is the one beside both halves.
    let mut front: Vec<HexId> =
        front_hexsides(st.facing).iter().flat_map(|x| [a.neighbour(*x), b.neighbour(*x)]).flatten().collect();
    crate::game::sorting::sort(&mut front);
    front.dedup();
    let centre = front.iter().copied().find(|h| h.is_adjacent(a) && h.is_adjacent(b));
    let enemy = |h: &HexId| occupied.get(h).is_some_and(|&o| s.units[o].side != u.side);
    if let Some(centre) = centre.filter(|c| vacated.contains(c)) {
        let wings: Vec<HexId> = front.iter().copied().filter(|h| *h != centre).collect();
        let held: Vec<&HexId> = wings.iter().filter(|w| enemy(w)).collect();
        if let ([held], false) = (&held[..], wings.iter().any(|w| vacated.contains(w))) {
            // It swings round the half the enemy still faces, the other half into the centre.
            let pivot = if held.is_adjacent(a) { a } else { b };
            let into = |p: &Pose| p.to.hexes().any(|h| h == centre) && p.to.hexes().any(|h| h == pivot);
            return wheels(s, state, unit).into_iter().find(into);
        }
    }
    let mut best: Option<(usize, Pose)> = None;
    for side in front_hexsides(st.facing) {
        let (Some(a2), Some(b2)) = (a.neighbour(side), b.neighbour(side)) else { continue };
        let into = [a2, b2].iter().filter(|h| vacated.contains(h)).count();
        if into == 0 || !free(a2) || !free(b2) {
            continue;
        }
        let (Some(c1), Some(c2)) = (entry_cost(s, state, category, a, a2), entry_cost(s, state, category, b, b2))
        else {
            continue;
        };
        // The higher of the two halves' costs, hits once (GBA 6.42; CG 6.42).
        let pose = Pose { to: Placement::Two(a2, b2), facing: st.facing, cost: two_hex(c1, c2), wheel: false };
        if best.is_none_or(|(n, _)| into > n) {
            best = Some((into, pose));
        }
    }
    best.map(|(_, pose)| pose)
}

/// The two-hex attackers of a combat advance once the one-hex ones have (9.33, P42): the
/// higher TQ first, into what is still empty of `held`. Their costs never rout them: at most
/// TQ − 1 hits in all, the wheel's TQ check included (9.31).
pub fn formation_advances(
    tx: &mut Tx,
    attackers: &[usize],
    held: &[HexId],
    barred: &[(usize, HexId)],
) -> Result<(), RuleError> {
    let mut by: Vec<usize> = attackers.iter().copied().filter(|&a| tx.state.units[a].placement.is_two_hex()).collect();
    crate::game::sorting::sort_by_key(&mut by, |&a| (std::cmp::Reverse(tx.scenario.units[a].tq), a));
    for a in by {
        let st = &tx.state.units[a];
        if st.eliminated || st.routed {
            continue;
        }
        let occupied = occupancy(&tx.state);
        // GBA 9.13, 9.31 (P240): not into a hex its Charge emptied while another enemy pinned it.
        let vacated: Vec<HexId> =
            held.iter().copied().filter(|h| !occupied.contains_key(h) && !barred.contains(&(a, *h))).collect();
        let Some(pose) = formation_advance(tx.scenario, &tx.state, a, &vacated) else { continue };
        let (id, from) = (tx.scenario.units[a].id.clone(), st.placement);
        tx.emit(Event::FormationAdvanced {
            unit: id.clone(),
            from,
            to: pose.to,
            facing: pose.facing,
            wheel: pose.wheel,
        });
        let cap = |tx: &Tx, hits: u8| {
            hits.min(tx.scenario.units[a].tq.saturating_sub(1).saturating_sub(tx.state.units[a].hits))
        };
        let hits = cap(tx, pose.cost.hits);
        if hits > 0 {
            tx.emit(Event::CohesionHits { unit: id.clone(), hits, cause: HitCause::Maneuver });
        }
        if pose.wheel {
            if let Some(check) = crate::movement::reaction::wheel_check(tx, a)? {
                let hits = cap(tx, check);
                if hits > 0 {
                    tx.emit(Event::CohesionHits { unit: id, hits, cause: HitCause::Wheel });
                }
            }
        }
    }
    Ok(())
}

/// What the attacker may do with `unit` after the advances (9.32, 9.33): for a one-hex unit,
/// keep its facing or turn one vertex either way — even in an enemy ZOC, which 7.25 would
/// otherwise forbid; for a two-hex unit that advanced straight, keep its pose or wheel. The
/// first option is always to keep. None for a unit that has since routed or been eliminated,
/// or a two-hex unit that wheeled in its advance.
pub fn options(s: &Scenario, state: &GameState, unit: usize, advances: &[Advance]) -> Vec<(Vertex, Option<Pose>)> {
    let st = &state.units[unit];
    if st.eliminated || st.routed {
        return Vec::new();
    }
    let keep = (st.facing, None);
    if st.placement.is_two_hex() {
        let id = &s.units[unit].id;
        if advances.iter().any(|a| &a.unit == id && a.wheeled) {
            return Vec::new();
        }
        let wheels = wheels(s, state, unit);
        if wheels.is_empty() {
            return Vec::new();
        }
        return std::iter::once(keep).chain(wheels.into_iter().map(|p| (p.facing, Some(p)))).collect();
    }
    let [left, right] = crate::movement::reaction::reaction_facings(st.facing);
    vec![keep, (left, None), (right, None)]
}

/// The options of the unit the current decision is about.
pub fn turn_options(s: &Scenario, state: &GameState) -> Vec<(Vertex, Option<Pose>)> {
    let Phase::AdvanceTurn { unit, advances, .. } = &state.phase else { return Vec::new() };
    s.units.iter().position(|u| &u.id == unit).map(|i| options(s, state, i, advances)).unwrap_or_default()
}

/// After the shock segment: the choice is offered for the first advancer that has one; once
/// none is left, the defender's reactions to the advances (9.35).
pub fn offer_turns(
    tx: &mut Tx,
    leader: &str,
    advances: Vec<Advance>,
    mut waiting: Vec<String>,
) -> Result<(), RuleError> {
    while !waiting.is_empty() {
        let unit = waiting.remove(0);
        let ui = tx.unit_index(&unit)?;
        if options(tx.scenario, &tx.state, ui, &advances).is_empty() {
            continue;
        }
        tx.emit(Event::AdvanceTurnOffered { leader: leader.into(), unit, waiting, advances });
        return Ok(());
    }
    crate::movement::reaction::offer_advance_reactions(tx, leader, advances)
}

/// The units the segment's advances offer the choice to, in the order they advanced.
pub fn begin_turns(tx: &mut Tx, leader: &str, advances: Vec<Advance>) -> Result<(), RuleError> {
    let mut waiting: Vec<String> = Vec::new();
    for a in &advances {
        if !waiting.contains(&a.unit) {
            waiting.push(a.unit.clone());
        }
    }
    offer_turns(tx, leader, advances, waiting)
}

/// The attacker's choice for the unit asked about: keep its facing, turn one vertex (9.32), or
/// for a two-hex unit wheel, paying the wheel's costs — and if they rout it, it routs (9.33).
pub fn turn_after_advance(tx: &mut Tx, unit: &str, facing: Vertex) -> Result<(), RuleError> {
    let Phase::AdvanceTurn { leader, unit: asked, waiting, advances } = tx.state.phase.clone() else {
        // GBA 9.32, CG 9.22.
        let cg = tx.scenario.meta.rules == crate::scenario::RuleSet::Chandragupta;
        return Err(RuleError::NotNow {
            command: "turn_after_advance".into(),
            rule: if cg { "CG 9.22" } else { "9.32" },
            expected: "a unit turns a vertex only when it has just advanced after a shock".into(),
        });
    };
    if unit != asked {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "9.32",
            reason: format!("the choice now is {asked}'s"),
        });
    }
    let ui = tx.unit_index(unit)?;
    let two_hex = tx.state.units[ui].placement.is_two_hex();
    let Some((_, pose)) = options(tx.scenario, &tx.state, ui, &advances).into_iter().find(|(f, _)| *f == facing) else {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: if two_hex { "9.33" } else { "9.32" },
            reason: if two_hex {
                "it may keep its pose or wheel forward".into()
            } else {
                "after advancing it may turn one vertex only".into()
            },
        });
    };
    match pose {
        Some(p) => {
            tx.emit(Event::UnitWheeledAfterAdvance { unit: unit.into(), to: p.to, facing: p.facing });
            if p.cost.hits > 0 {
                tx.emit(Event::CohesionHits { unit: unit.into(), hits: p.cost.hits, cause: HitCause::Maneuver });
            }
            if let Some(hits) = crate::movement::reaction::wheel_check(tx, ui)? {
                tx.emit(Event::CohesionHits { unit: unit.into(), hits, cause: HitCause::Wheel });
            }
            crate::effects::cohesion::settle(tx)?;
        }
        None if facing != tx.state.units[ui].facing => {
            tx.emit(Event::UnitTurnedAfterAdvance { unit: unit.into(), facing });
        }
        None => {}
    }
    offer_turns(tx, &leader, advances, waiting)
}

/// The hits of a volley at `target` it takes: under CG 9.21, entry fire at a unit advancing after
/// combat leaves it at TQ − 1 at most, never routing it (P142); otherwise all of them.
pub fn fire_hits_taken(scenario: &Scenario, state: &GameState, target: &str, hits: u8) -> u8 {
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).advance_fire_cannot_rout {
        return hits;
    }
    let advancing = matches!(&state.phase, Phase::Reaction { mover, after_shock: Some(_), .. } if mover == target);
    match scenario.units.iter().position(|u| u.id == target) {
        Some(i) if advancing => {
            let room = crate::movement::column::effective_tq(scenario, state, i).saturating_sub(1);
            hits.min(room.saturating_sub(state.units[i].hits))
        }
        _ => hits,
    }
}
