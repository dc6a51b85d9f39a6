//! Engaged (GBA 10.3, optional): units still locked together after a shock combat in which
//! neither side gave way (9.18 step 3). They may not move, turn or fire, nor be fired at; the
//! next time a leader of theirs can order them to shock, they must attack, unless quick units
//! break off a hex (10.31, 10.32). The lock ends when no Engaged enemy is left beside them (10.33).

use crate::charts::clash_of_spears::may_shock_attack;
use crate::combat::shock_segment::Combat;
use crate::game::{Command, Event, GameState, RuleError, Tx};
use crate::map::hex::{HexId, Hexside};
use crate::map::zoc::{enemy_zoc, occupancy, zoc_of};
use crate::scenario::units::{Placement, UnitClass, UnitType};
use crate::scenario::Scenario;

/// The scenario plays with the optional Engaged rule.
pub fn in_use(scenario: &Scenario) -> bool {
    scenario.meta.optional_rules.engaged
}

/// The Engaged enemy units `unit` is locked with: in its ZOC, or holding it in theirs (10.33).
pub fn partners(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<usize> {
    let mine = zoc_of(scenario, state, unit);
    let here: Vec<HexId> = state.units[unit].placement.hexes().collect();
    (0..scenario.units.len())
        .filter(|&e| {
            let es = &state.units[e];
            scenario.units[e].side != scenario.units[unit].side && es.engaged && !es.eliminated && !es.routed
        })
        .filter(|&e| {
            state.units[e].placement.hexes().any(|h| mine.contains(&h)) || {
                let theirs = zoc_of(scenario, state, e);
                here.iter().any(|h| theirs.contains(h))
            }
        })
        .collect()
}

/// 9.18 step 3: after a combat's routs and advances, the units of both sides still where they
/// fought are Engaged; units that rout-moved or advanced are not, nor is anyone once one side
/// has wholly gone (routed, advanced or eliminated). A two-hex unit that only pivoted forward,
/// keeping one of its hexes, stays Engaged. `before`: where each unit of the combat stood.
pub fn after_combat(tx: &mut Tx, combat: &Combat, before: &[(usize, Placement)]) {
    if !in_use(tx.scenario) {
        return;
    }
    let stayed = |u: usize| {
        let st = &tx.state.units[u];
        let was = before.iter().find(|(b, _)| *b == u).map(|(_, p)| *p);
        !st.eliminated
            && !st.routed
            && was.is_some_and(|p| {
                p == st.placement || (p.is_two_hex() && p.hexes().any(|h| st.placement.hexes().any(|n| n == h)))
            })
    };
    let held_a: Vec<usize> = combat.attackers.iter().copied().filter(|&u| stayed(u)).collect();
    let held_d: Vec<usize> = combat.defenders.iter().copied().filter(|&u| stayed(u)).collect();
    let locked: Vec<usize> =
        if held_a.is_empty() || held_d.is_empty() { Vec::new() } else { held_a.into_iter().chain(held_d).collect() };
    let everyone = combat.attackers.iter().chain(combat.defenders.iter()).copied();
    let id = |u: usize| tx.scenario.units[u].id.clone();
    let freed: Vec<String> = everyone.filter(|u| !locked.contains(u) && tx.state.units[*u].engaged).map(id).collect();
    let newly: Vec<String> = locked.iter().copied().filter(|&u| !tx.state.units[u].engaged).map(id).collect();
    if !freed.is_empty() {
        tx.emit(Event::EngagedChanged { units: freed, engaged: false, rule: "9.18".into() });
    }
    if !newly.is_empty() {
        tx.emit(Event::EngagedChanged { units: newly, engaged: true, rule: "9.18, 10.31".into() });
    }
}

/// 10.33: an Engaged unit with no Engaged enemy beside it (none in its ZOC, none holding it in
/// theirs) is free at once; so is one that routed or was eliminated.
pub fn release_free(tx: &mut Tx) {
    if !in_use(tx.scenario) {
        return;
    }
    // Freeing some may free others: repeat until it settles.
    for _ in 0..tx.scenario.units.len() {
        let free: Vec<String> = (0..tx.scenario.units.len())
            .filter(|&u| {
                let st = &tx.state.units[u];
                st.engaged && (st.eliminated || st.routed || partners(tx.scenario, &tx.state, u).is_empty())
            })
            .map(|u| tx.scenario.units[u].id.clone())
            .collect();
        if free.is_empty() {
            return;
        }
        tx.emit(Event::EngagedChanged { units: free, engaged: false, rule: "10.33".into() });
    }
}

/// 10.31: no missile volley between `firer` and `target` when either is Engaged: an Engaged
/// unit does not fire, and no one fires into one. Every volley the listing offers asks this,
/// and [`refusal`] refuses the same commands.
pub fn fire_barred(state: &GameState, firer: usize, target: usize) -> bool {
    state.units[firer].engaged || state.units[target].engaged
}

/// 10.31: what an Engaged unit may not do — move, turn, fire, be fired at, recover — as the
/// error for a command that asks it to.
pub fn refusal(scenario: &Scenario, state: &GameState, command: &Command) -> Option<RuleError> {
    let (unit, target) = match command {
        Command::Move { unit, .. }
        | Command::MoveTo { unit, .. }
        | Command::FireAtLeader { unit, .. }
        | Command::Recover { unit }
        | Command::FormSquare { unit }
        | Command::LeaveSquare { unit }
        | Command::ReactFacing { unit, .. }
        | Command::Withdraw { unit, .. } => (unit, None),
        Command::Fire { unit, target } | Command::FireBow { unit, target } | Command::Harass { unit, target } => {
            (unit, Some(target))
        }
        _ => return None,
    };
    let engaged = |id: &String| scenario.units.iter().position(|u| &u.id == id).is_some_and(|i| state.units[i].engaged);
    let (who, reason) = if engaged(unit) {
        (unit, "it is Engaged: it may not move, turn or fire until the lock is broken")
    } else if target.is_some_and(engaged) {
        (unit, "its target is Engaged, locked in melee: no one may shoot into it")
    } else {
        return None;
    };
    Some(RuleError::IllegalMove { unit: who.clone(), rule: "10.31", reason: reason.into() })
}

/// May this Engaged unit step back instead of attacking (10.32)? Cavalry and light foot
/// (skirmishers, light infantry, peltasts — not Cardaces) locked only with slower units may;
/// a unit that cannot shock must, where it can.
pub fn may_break_off(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let u = &scenario.units[unit];
    let light = matches!(u.kind, UnitType::SK | UnitType::LI | UnitType::LP) && u.class != Some(UnitClass::CA);
    let quick =
        (u.kind.is_cavalry() || light) && partners(scenario, state, unit).iter().all(|&e| scenario.units[e].ma < u.ma);
    state.units[unit].engaged && (quick || must_break_off(scenario, unit))
}

/// A unit that cannot shock attack must break off when it would be called on (10.32).
pub fn must_break_off(scenario: &Scenario, unit: usize) -> bool {
    let u = &scenario.units[unit];
    !may_shock_attack(scenario.meta.rules, u.kind, u.class).0
}

/// Where an Engaged one-hex unit may break off to (10.32): a neighbouring hex it could enter,
/// empty, out of every enemy ZOC and beside none of the units it is locked with; the farthest
/// from them first.
pub fn break_off_hexes(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<HexId> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let Placement::One(at) = st.placement else { return Vec::new() };
    let partners = partners(scenario, state, unit);
    let zoc = enemy_zoc(scenario, state, u.side);
    let occupied = occupancy(state);
    let category = crate::movement::category_of(u, &st.placement);
    let near = |h: HexId| {
        partners.iter().flat_map(|&e| state.units[e].placement.hexes()).map(|p| p.distance(h)).min().unwrap_or(9)
    };
    let mut out: Vec<HexId> = Hexside::ALL
        .iter()
        .filter_map(|s| at.neighbour(*s))
        .filter(|&h| scenario.map.contains(h) && !occupied.contains_key(&h) && !zoc.contains_key(&h))
        .filter(|&h| near(h) > 1)
        .filter(|&h| crate::movement::entry_cost(scenario, state, category, at, h).is_some())
        .collect();
    crate::game::sorting::sort_by_key(&mut out, |&h| (std::cmp::Reverse(near(h)), h));
    out
}

/// The hexes of [`break_off_hexes`] as far from those it is locked with as the farthest: where
/// a unit that must break off may go, its owner's choice (10.32, P90, P120).
pub fn farthest_break_off_hexes(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<HexId> {
    let partners = partners(scenario, state, unit);
    let near = |h: HexId| {
        partners.iter().flat_map(|&e| state.units[e].placement.hexes()).map(|p| p.distance(h)).min().unwrap_or(9)
    };
    let all = break_off_hexes(scenario, state, unit);
    let best = all.first().map(|&h| near(h));
    all.into_iter().filter(|&h| Some(near(h)) == best).collect()
}

/// The attacker's Engaged unit `unit` steps back to `to` instead of attacking (10.32).
pub fn break_off(tx: &mut Tx, unit: &str, to: HexId) -> Result<(), RuleError> {
    let i = tx.unit_index(unit)?;
    let refuse = |reason: &str| RuleError::IllegalMove { unit: unit.into(), rule: "10.32", reason: reason.into() };
    let crate::game::Phase::Shock { must, .. } = &tx.state.phase else {
        return Err(refuse("only when the shock attacks are designated"));
    };
    if !must.iter().any(|m| m == unit) || !may_break_off(tx.scenario, &tx.state, i) {
        return Err(refuse(
            "only an Engaged unit called on to attack, and then only cavalry or light foot locked with slower units",
        ));
    }
    if !break_off_hexes(tx.scenario, &tx.state, i).contains(&to) {
        return Err(refuse("one hex back: empty, out of enemy zones of control, beside none it is locked with"));
    }
    let Placement::One(from) = tx.state.units[i].placement else { return Err(refuse("a one-hex unit only")) };
    tx.emit(Event::BrokeOff { unit: unit.into(), from, to });
    release_free(tx);
    Ok(())
}

/// When a shock segment opens: the Engaged units called on to attack that cannot shock step
/// back where they can (10.32), to the farthest free hex (P90). Where several are as far, the
/// owner chooses: the first such unit is returned, to be asked (P120), before any other moves.
pub fn forced_break_offs(tx: &mut Tx, called: &[usize]) -> Option<crate::effects::cohesion::PendingRout> {
    for &u in called {
        if !tx.state.units[u].engaged || !must_break_off(tx.scenario, u) {
            continue;
        }
        let Placement::One(from) = tx.state.units[u].placement else { continue };
        let unit = tx.scenario.units[u].id.clone();
        match farthest_break_off_hexes(tx.scenario, &tx.state, u).as_slice() {
            [] => {}
            [to] => tx.emit(Event::BrokeOff { unit, from, to: *to }),
            options => {
                return Some(crate::effects::cohesion::PendingRout {
                    unit,
                    leg: crate::effects::rout::RoutLeg::Hexes(1),
                    rule: "10.32".into(),
                    chosen: Vec::new(),
                    options: options.iter().map(|&h| Placement::One(h)).collect(),
                    break_off: true,
                })
            }
        }
    }
    release_free(tx);
    None
}
