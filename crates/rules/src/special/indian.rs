//! Chandragupta's Indian systems in the game flow (CG digest D76): Cascade Rout (11.23) and
//! Sreni and Tribal Flight (11.41, 11.42). Maula Rout (10.81) lives in the shock resolver, the
//! leaders' conveyance (6.16) in `movement.rs`, `orders.rs` and `rally.rs`.

pub use crate::game::pending::Cascade;
use crate::game::{Event, GameState, HitCause, LeaderStatus, RollPurpose, RuleError, Tx};
use crate::map::hex::{HexId, Hexside};
use crate::scenario::units::{Grade, LeaderRole, UnitType};
use crate::scenario::Scenario;

/// Does a leader who rides `rides` sit on a unit of type `kind` (CG 6.16)?
fn rides_one(rides: Option<UnitType>, kind: UnitType) -> bool {
    let chariot = |k: UnitType| matches!(k, UnitType::CH | UnitType::ChStar);
    rides.is_some_and(|r| r == kind || (chariot(r) && chariot(kind)))
}

/// The overall or wing commander `unit` carries, if it is an elephant or chariot with one
/// stacked on it who rides that type (CG 11.23; G13, G53: a carrier must be under him now).
/// An overall commander before a wing commander.
pub fn carried_commander(scenario: &Scenario, state: &GameState, unit: usize) -> Option<usize> {
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).indian_rules {
        return None;
    }
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    (0..scenario.leaders.len())
        .filter(|&l| {
            let (ld, ls) = (&scenario.leaders[l], &state.leaders[l]);
            ld.side == u.side
                && matches!(ld.role, LeaderRole::Overall | LeaderRole::Wing)
                && ls.status != LeaderStatus::Eliminated
                && rides_one(ld.rides, u.kind)
                && st.placement.hexes().any(|h| h == ls.at)
        })
        .min_by_key(|&l| (scenario.leaders[l].role != LeaderRole::Overall, l))
}

/// The cascade a rout of `unit` now would set off, if any (CG 11.23): only an unrouted carrier.
pub fn cascade_of(scenario: &Scenario, state: &GameState, unit: usize) -> Option<Cascade> {
    if state.units[unit].routed || state.units[unit].eliminated {
        return None;
    }
    let leader = carried_commander(scenario, state, unit)?;
    Some(Cascade { carrier: unit, leader, hexes: state.units[unit].placement.hexes().collect() })
}

/// Friendly units beside `hexes`, in scenario order, but those in `skip`.
fn friends_beside(scenario: &Scenario, state: &GameState, side: usize, hexes: &[HexId], skip: &[usize]) -> Vec<usize> {
    (0..scenario.units.len())
        .filter(|&i| {
            let st = &state.units[i];
            scenario.units[i].side == side
                && !st.eliminated
                && !skip.contains(&i)
                && st.placement.hexes().any(|h| {
                    !hexes.contains(&h)
                        && Hexside::ALL.iter().any(|s| h.neighbour(*s).is_some_and(|n| hexes.contains(&n)))
                })
        })
        .collect()
}

/// One 9.14-style check (T13): a roll over TQ takes the difference in hits (a Routed unit has
/// TQ 1). True when it routs (or, being a type that cannot rout, dies) from it.
fn check(tx: &mut Tx, unit: usize, rule: &str, cause: HitCause) -> Result<bool, RuleError> {
    let id = tx.scenario.units[unit].id.clone();
    let routed = tx.state.units[unit].routed;
    let tq = if routed { 1 } else { crate::movement::column::effective_tq(tx.scenario, &tx.state, unit) };
    let roll = tx.roll(RollPurpose::TqCheck { unit: id.clone(), rule: rule.into() })?;
    let hits = roll.saturating_sub(tq);
    if hits == 0 {
        return Ok(false);
    }
    let before = tx.state.units[unit].hits;
    tx.emit(Event::CohesionHits { unit: id, hits, cause });
    Ok(!routed && before + hits >= tq)
}

/// CG 11.23: every friend beside the carrier checks its TQ; with the overall commander on an
/// elephant, every friend beside one that routed from that check checks too (no further: G13).
/// The routs themselves follow when the hits are settled.
pub fn cascade(tx: &mut Tx, c: Cascade) -> Result<(), RuleError> {
    let (carrier, side) = (c.carrier, tx.scenario.units[c.carrier].side);
    tx.emit(Event::CascadeRout {
        unit: tx.scenario.units[carrier].id.clone(),
        leader: tx.scenario.leaders[c.leader].id.clone(),
    });
    let first = friends_beside(tx.scenario, &tx.state, side, &c.hexes, &[carrier]);
    let mut broke = Vec::new();
    for &i in &first {
        if check(tx, i, "11.23", HitCause::CascadeRout)? {
            broke.push(i);
        }
    }
    let elephant_overall =
        tx.scenario.units[carrier].kind == UnitType::EL && tx.scenario.leaders[c.leader].role == LeaderRole::Overall;
    if !elephant_overall || broke.is_empty() {
        return Ok(());
    }
    let hexes: Vec<HexId> = broke.iter().flat_map(|&i| tx.state.units[i].placement.hexes()).collect();
    let mut skip = first.clone();
    skip.push(carrier);
    for i in friends_beside(tx.scenario, &tx.state, side, &hexes, &skip) {
        check(tx, i, "11.23", HitCause::CascadeRout)?;
    }
    Ok(())
}

/// The guilds and tribes with a Flight Level on their side's sheet, each with its side, in the
/// order of their first unit (CG 11.41, 11.42).
fn contingents(scenario: &Scenario) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for u in &scenario.units {
        let Some(g) = u.guild.as_ref().filter(|_| matches!(u.grade, Some(Grade::Sreni | Grade::Tribal))) else {
            continue;
        };
        let listed = scenario.sides[u.side].flight_levels.contains_key(g);
        if listed && !out.iter().any(|(o, s)| o == g && *s == u.side) {
            out.push((g.clone(), u.side));
        }
    }
    out
}

/// CG 11.41, 11.42: at the end of the Rout Movement segment each guild or tribe with a unit
/// Routed or eliminated rolls, adding how many; over its Flight Level, all its units flee
/// (eliminated). A guild with no Flight Level never flees; its chief stays (P103).
pub fn flight(tx: &mut Tx) -> Result<(), RuleError> {
    if !crate::scenario::rule_set::hooks(tx.scenario.meta.rules).indian_rules {
        return Ok(());
    }
    for (guild, side) in contingents(tx.scenario) {
        let members: Vec<usize> = (0..tx.scenario.units.len())
            .filter(|&i| tx.scenario.units[i].side == side && tx.scenario.units[i].guild.as_ref() == Some(&guild))
            .collect();
        let broken = members.iter().filter(|&&i| tx.state.units[i].routed || tx.state.units[i].eliminated).count();
        let standing: Vec<usize> = members.iter().copied().filter(|&i| !tx.state.units[i].eliminated).collect();
        if broken == 0 || standing.is_empty() {
            continue;
        }
        let level = tx.scenario.sides[side].flight_levels[&guild];
        let roll = tx.roll(RollPurpose::Flight { guild: guild.clone(), side })?;
        let total = roll as u32 + broken as u32;
        let flees = total > level as u32;
        tx.emit(Event::FlightChecked { guild: guild.clone(), side, roll, broken: broken as u8, level, flees });
        if flees {
            for i in standing {
                tx.emit(Event::UnitEliminated { unit: tx.scenario.units[i].id.clone(), rule: "11.42".into() });
            }
        }
    }
    Ok(())
}

/// CG 9.17\[3\] (Indian Charisma, D60, G12): the best Charisma an overall commander of their side
/// lends to any of `units` from where he stands — stacked with a friendly elephant, to it and to
/// every unit beside it; otherwise stacked with a Maula unit, to it and the Maula units beside it.
pub fn lent_charisma(scenario: &Scenario, state: &GameState, units: &[usize]) -> u8 {
    let Some(&first) = units.first() else { return 0 };
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).indian_rules {
        return 0;
    }
    let side = scenario.units[first].side;
    let near = |u: usize, at: HexId| state.units[u].placement.hexes().any(|h| h == at || h.is_adjacent(at));
    let with_him = |at: HexId, fits: &dyn Fn(usize) -> bool| {
        (0..scenario.units.len()).any(|u| {
            let st = &state.units[u];
            scenario.units[u].side == side
                && !st.eliminated
                && !st.routed
                && fits(u)
                && st.placement.hexes().any(|h| h == at)
        })
    };
    let maula = |u: usize| scenario.units[u].grade == Some(Grade::Maula);
    (0..scenario.leaders.len())
        .filter(|&l| {
            let (ld, ls) = (&scenario.leaders[l], &state.leaders[l]);
            ld.side == side && ld.role == LeaderRole::Overall && ls.status != LeaderStatus::Eliminated
        })
        .filter(|&l| {
            let at = state.leaders[l].at;
            if with_him(at, &|u| scenario.units[u].kind == UnitType::EL) {
                units.iter().any(|&u| near(u, at))
            } else {
                with_him(at, &maula) && units.iter().any(|&u| maula(u) && near(u, at))
            }
        })
        .map(|l| crate::command::orders::ratings(scenario, state, l).charisma)
        .max()
        .unwrap_or(0)
}

/// CG 4.64: a guild or tribal chief's Charisma counts only for his own guild or tribe — here,
/// only when every unit of his side in the combat is one of them (P104).
pub fn chief_lends(scenario: &Scenario, leader: usize, units: &[usize]) -> bool {
    let l = &scenario.leaders[leader];
    !crate::scenario::rule_set::hooks(scenario.meta.rules).indian_rules
        || !l.role.is_chief()
        || units.iter().all(|&u| l.guild.is_some() && scenario.units[u].guild == l.guild)
}

/// CG 10.72 Guild Enmity: two Sreni units of different guilds (of either side: an enemy is an
/// enemy anyway).
pub fn rival_guilds(scenario: &Scenario, a: &crate::scenario::units::Unit, b: &crate::scenario::units::Unit) -> bool {
    let sreni = |u: &crate::scenario::units::Unit| u.grade == Some(Grade::Sreni) && u.guild.is_some();
    crate::scenario::rule_set::hooks(scenario.meta.rules).indian_rules && sreni(a) && sreni(b) && a.guild != b.guild
}

/// CG 10.72\[1\]: the chief of another guild standing in `hex`, if `leader` is a guild chief.
pub fn rival_chief_at(scenario: &Scenario, state: &GameState, leader: usize, hex: HexId) -> Option<usize> {
    let l = &scenario.leaders[leader];
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).indian_rules || l.role != LeaderRole::GuildChief {
        return None;
    }
    (0..scenario.leaders.len()).find(|&o| {
        let other = &scenario.leaders[o];
        o != leader
            && other.role == LeaderRole::GuildChief
            && other.guild != l.guild
            && state.leaders[o].status != LeaderStatus::Eliminated
            && state.leaders[o].at == hex
    })
}

/// CG 10.72\[1\]: guild chiefs carried by a forced move — the router they were stacked with
/// (GBA 10.25, CG 11.27) — into or through a hex of `path` holding another guild's chief of
/// their side are at once Finished (P129).
pub fn chiefs_forced_among_rivals(tx: &mut Tx, leaders: &[usize], path: &[HexId]) {
    for &l in leaders {
        let side = tx.scenario.leaders[l].side;
        let met = path.iter().any(|&h| {
            rival_chief_at(tx.scenario, &tx.state, l, h).is_some_and(|o| tx.scenario.leaders[o].side == side)
        });
        if met && matches!(tx.state.leaders[l].status, LeaderStatus::Inactive | LeaderStatus::Active) {
            tx.emit(Event::LeaderFinished { leader: tx.scenario.leaders[l].id.clone() });
        }
    }
}

/// CG 10.72\[2\] (digest G35): a guild unit forced through `rivals`, units of another guild, by
/// a withdrawal it could not refuse (the crisis of faith, 5.33\[3\]) is at once Routed; each
/// rival passed takes 1 hit and checks its TQ, DR − TQ more (P129).
pub fn forced_through_rivals(tx: &mut Tx, unit: usize, rivals: &[usize]) -> Result<(), RuleError> {
    if rivals.is_empty() {
        return Ok(());
    }
    for &r in rivals {
        let id = tx.scenario.units[r].id.clone();
        tx.emit(Event::CohesionHits { unit: id.clone(), hits: 1, cause: HitCause::GuildEnmity });
        let tq = crate::movement::column::effective_tq(tx.scenario, &tx.state, r);
        let roll = tx.roll(RollPurpose::TqCheck { unit: id.clone(), rule: "10.72".into() })?;
        if roll > tq {
            tx.emit(Event::CohesionHits { unit: id, hits: roll - tq, cause: HitCause::GuildEnmity });
        }
    }
    if !tx.state.units[unit].routed && !tx.state.units[unit].eliminated {
        crate::effects::cohesion::rout(tx, unit, crate::effects::rout::RoutLeg::Hexes(2), "10.72")?;
    }
    Ok(())
}

/// The units of another guild than `unit`'s standing in `path` (CG 10.72\[2\]).
pub fn rivals_in(scenario: &Scenario, state: &GameState, unit: usize, path: &[HexId]) -> Vec<usize> {
    (0..scenario.units.len())
        .filter(|&o| {
            o != unit
                && !state.units[o].eliminated
                && rival_guilds(scenario, &scenario.units[unit], &scenario.units[o])
                && state.units[o].placement.hexes().any(|h| path.contains(&h))
        })
        .collect()
}

/// CG 10.72\[4\]: may the guild unit `attacker` shock `enemy`? Not when the enemy is in the ZOC
/// of a friendly unit of another guild.
pub fn enmity_bars_shock(scenario: &Scenario, state: &GameState, attacker: usize, enemy: usize) -> bool {
    let u = &scenario.units[attacker];
    (0..scenario.units.len()).any(|f| {
        let (fu, fs) = (&scenario.units[f], &state.units[f]);
        fu.side == u.side && !fs.eliminated && !fs.routed && rival_guilds(scenario, u, fu) && {
            let zoc = crate::map::zoc::zoc_of(scenario, state, f);
            state.units[enemy].placement.hexes().any(|h| zoc.contains(&h))
        }
    })
}
