//! The shock segment of an orders phase (GBA 7.3, 9.0–9.18): who must and who may attack, the
//! combats they form, and their resolution by `combat::shock`, with every die an event.
//!
//! When the active leader ends his orders, any of his side's units standing with an enemy in its
//! ZOC may fight: those that moved up this phase must (the heavy types, 7.31) or may (the light
//! ones) attack, with the pre-shock TQ check; the others within his command range may attack
//! without it (7.33). The player picks the optional attackers in one decision; then every combat
//! is resolved, left to right (P40).
//!
//! Under the Chandragupta rules the same: CG 9.1 resolves all the leader's shock before the next
//! leader or momentum, and CG 9.13 orders the steps across combats, read as below (P40).
//! When the shock is over the orders phase is too: momentum or the next leader, as CG 5.29 has it.
//!
//! Readings this version takes (P40): combats are formed by default as the connected groups of
//! attackers and the defenders in their ZOC, and the player may form them otherwise within 9.12
//! (P72); each combat is resolved whole
//! in turn rather than step by step across combats; in a combat the defenders' unit for the Clash
//! is the one with the most Size (ties: the first listed), the attackers' likewise; an attacker
//! strikes through the best side it touches (rear, then flank, then front); leaders lend their
//! Charisma (the best stacked with a side's units) but their casualty checks, advance after
//! combat and pursuit come later.

use crate::charts::clash_of_spears::may_shock_attack;
use crate::charts::column_shifts::{shift_row, Applying, ShiftCondition};
use crate::charts::leaders::LeaderResult;
use crate::charts::superiority::must_shock;
use crate::combat::missile::Supply;
use crate::combat::shock::{resolve, Fighter, Leader, ShockOutcome, ShockSetup, StepKind, CHARGE_ROUT_RULE};
use crate::combat::Side;
pub use crate::game::pending::{Combat, ShockRest, Struck};
use crate::game::{Event, GameState, HitCause, LeaderStatus, Phase, RollPurpose, RuleError, Tx};
use crate::map::facing::{arc_of, Arc};
use crate::map::hex::HexId;
use crate::map::terrain::{HexsideFeature, Terrain};
use crate::scenario::units::{Grade, LeaderRole, Placement, UnitType};
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;
use std::collections::BTreeSet;

/// A unit that may attack this segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub unit: usize,
    /// It moved up this phase and is a heavy type: it must attack (7.31).
    pub must: bool,
    /// It moved up this phase: the pre-shock TQ check (7.32, 9.13); otherwise none (7.33); nor in
    /// a city hex (CG 12.211). CG's markers say the same: the movers that shock carry "Must Check
    /// TQ" (CG 7.33), the stationary attackers "No TQ Check" (CG 7.34).
    pub check: bool,
    /// It moved up this phase, check or not: the size ratio rounds in its favour (GBA 9.16 step 2,
    /// CG 9.17\[2\]) and CG 10.61 counts it.
    pub moved: bool,
}

/// The enemy units `attacker` would strike: every one in its ZOC it may shock (skirmishers only
/// chariots, 7.33; in CG no elephant that cavalry or chariots touch only at its front, 10.15),
/// not Routed.
fn foes(scenario: &Scenario, state: &GameState, attacker: usize) -> Vec<usize> {
    let u = &scenario.units[attacker];
    // Whom it may strike: its ZOC but for the camp's rules of 12.15 and 12.16 (P163); in a
    // city, the hexes 12.210 leaves it (P231).
    let mut zoc = crate::map::zoc::shock_reach(scenario, state, attacker);
    if let Some(city) = crate::works::city_combat::shock_hexes(scenario, state, attacker, &zoc) {
        zoc = city;
    }
    let mounted = u.kind.is_cavalry() || matches!(u.kind, UnitType::CH | UnitType::ChStar);
    let barred_front =
        mounted && crate::scenario::rule_set::hooks(scenario.meta.rules).mounted_never_shock_elephant_front;
    let only_front = |e: usize| {
        let es = &state.units[e];
        state.units[attacker]
            .placement
            .hexes()
            .filter_map(|h| arc_of(&es.placement, es.heading(), h))
            .all(|a| a == Arc::Front)
    };
    (0..scenario.units.len())
        .filter(|&e| {
            let (eu, es) = (&scenario.units[e], &state.units[e]);
            eu.side != u.side
                && !es.eliminated
                && !es.routed
                && es.placement.hexes().any(|h| zoc.contains(&h))
                && (u.kind != UnitType::SK || matches!(eu.kind, UnitType::CH | UnitType::ChStar))
                && !(barred_front && eu.kind == UnitType::EL && only_front(e))
                // CG 6.76(4), 10.55: an engine's stack is attacked through its foot unit alone.
                && !(eu.engine.is_some() && crate::special::artillery::stacked_with(scenario, state, e).is_some())
                // CG 10.72[4]: not an enemy in the ZOC of a unit of another guild.
                && !crate::special::indian::enmity_bars_shock(scenario, state, attacker, e)
        })
        .collect()
}

/// Does `attacker` touch `foe` across some hexside other than a camp's (CG 12.16, P163)? Only
/// such a foe makes a heavy unit that moved up attack (7.31): the Fort ZOC obliges nobody.
fn touches_in_the_open(scenario: &Scenario, state: &GameState, attacker: usize, foe: usize) -> bool {
    let reach = crate::map::zoc::shock_reach(scenario, state, attacker);
    state.units[attacker].placement.hexes().any(|a| {
        state.units[foe].placement.hexes().any(|d| {
            a.is_adjacent(d) && reach.contains(&d) && crate::map::zoc::camp_hexside(scenario, state, a, d).is_none()
        })
    })
}

/// The active side and the hexes its shock segment reaches without orders: the active leader's
/// command range (7.33) and, in a Wing Command, each activated Nayaka's (7.32[2], CG 4.54, P83).
fn segment_range(scenario: &Scenario, state: &GameState) -> Option<(usize, FxHashMap<HexId, u8>)> {
    // CG 12.17: in the Camp Orders Phase, the units acting as if ordered.
    if state.camp_orders.is_some() {
        return crate::works::camp_orders::shock_range(scenario, state);
    }
    let (Phase::Orders { leader, lenders, .. } | Phase::Shock { leader, lenders, .. }) = &state.phase else {
        return None;
    };
    let li = scenario.leaders.iter().position(|l| &l.id == leader)?;
    let mut range = crate::command::orders::command_range(scenario, state, li);
    for lender in lenders.iter().filter_map(|id| scenario.leaders.iter().position(|l| &l.id == id)) {
        // A contingent commander lends only to his own units (10.31): see `contingent::lends_shock`.
        if crate::command::contingent::is_mcc(scenario, lender) {
            continue;
        }
        if state.leaders[lender].status != crate::game::LeaderStatus::Eliminated {
            range.extend(crate::command::orders::command_range(scenario, state, lender));
        }
    }
    Some((scenario.leaders[li].side, range))
}

/// Who may attack when the active leader's orders end (7.31–7.33, 9.11).
pub fn candidates(scenario: &Scenario, state: &GameState) -> Vec<Candidate> {
    let (Phase::Orders { ordered, .. } | Phase::Shock { ordered, .. }) = &state.phase else {
        return Vec::new();
    };
    let Some((side, range)) = segment_range(scenario, state) else { return Vec::new() };
    (0..scenario.units.len())
        .filter_map(|i| {
            let (u, st) = (&scenario.units[i], &state.units[i]);
            if u.side != side || st.eliminated || st.routed || st.rallied {
                return None;
            }
            // A column never shock attacks (6.65), nor a unit in Square (CG 10.62).
            if st.column || st.square || !may_shock_attack(scenario.meta.rules, u.kind, u.class).0 {
                return None;
            }
            // Moved up this phase: its move under this leader's order ended here (7.31).
            let moved_up = ordered.contains(&u.id) && st.order_start.is_some_and(|p| p != st.placement);
            // 10.31: otherwise it attacks in range (or lent a leader), asked before its foes are
            // sought, the dearer question.
            let lent = !moved_up && crate::command::contingent::lends_shock(scenario, state, i);
            let in_range = moved_up || lent || st.placement.hexes().any(|h| range.contains_key(&h));
            if !in_range || foes(scenario, state, i).is_empty() {
                return None;
            }
            // CG 12.210, 12.211 (P232): in a city hex no shock is compulsory, nor is there the
            // pre-shock check.
            let in_city = crate::works::city::unit_in_city(scenario, state, i);
            if moved_up {
                // CG 12.16 (P163): a foe it touches only across a camp hexside never obliges it;
                // CG 12.210: nor one in a city hex.
                let obliged = foes(scenario, state, i).iter().any(|&e| {
                    touches_in_the_open(scenario, state, i, e) && !crate::works::city::unit_in_city(scenario, state, e)
                });
                let must = must_shock(u.kind).0 && obliged && !in_city;
                return Some(Candidate { unit: i, must, check: !in_city, moved: true });
            }
            // 10.31: an Engaged unit in range must attack again, without the check.
            Some(Candidate { unit: i, must: st.engaged && !in_city, check: false, moved: false })
        })
        .collect()
}

/// The combats `attackers` form: connected groups of attackers and the foes in their ZOC (9.12,
/// P40), left to right by their westmost hex.
pub fn combats(scenario: &Scenario, state: &GameState, attackers: &[usize]) -> Vec<Combat> {
    let mut left: Vec<usize> = attackers.to_vec();
    // CG 6.76(1): a Tribal stack shocks as one, with both units' Size (rulings P296).
    for &a in attackers {
        let mate = crate::special::tribal::partner(scenario, state, a).filter(|&m| !state.units[m].routed);
        if let Some(m) = mate.filter(|m| !left.contains(m)) {
            left.push(m);
        }
    }
    let mut out = Vec::new();
    while let Some(first) = left.pop() {
        let mut group = Combat { attackers: vec![first], defenders: foes(scenario, state, first) };
        loop {
            let joining: Vec<usize> = left
                .iter()
                .copied()
                .filter(|&a| foes(scenario, state, a).iter().any(|d| group.defenders.contains(d)))
                .collect();
            if joining.is_empty() {
                break;
            }
            left.retain(|a| !joining.contains(a));
            for a in joining {
                group.attackers.push(a);
                for d in foes(scenario, state, a) {
                    if !group.defenders.contains(&d) {
                        group.defenders.push(d);
                    }
                }
            }
        }
        crate::game::sorting::sort(&mut group.attackers);
        crate::game::sorting::sort(&mut group.defenders);
        out.push(group);
    }
    let west = |c: &Combat| {
        c.attackers
            .iter()
            .chain(&c.defenders)
            .flat_map(|&u| state.units[u].placement.hexes())
            .min_by_key(|h| (h.col, h.row))
    };
    crate::game::sorting::sort_by_key(&mut out, |c| west(c).map(|h| (h.col, h.row)));
    out
}

/// The leader whose Charisma a side uses, and who risks the casualty check and personal combat
/// (9.14, 9.2): of those stacked with its units, the best Charisma, then the highest Initiative.
pub fn side_leader(scenario: &Scenario, state: &GameState, units: &[usize]) -> Option<(usize, Leader)> {
    best_leader(scenario, state, |at| units.iter().any(|&u| state.units[u].placement.hexes().any(|h| h == at)))
}

/// Of the leaders standing where `here` says, the one a side uses: the best Charisma, then the
/// highest Initiative (9.14, 8.19).
pub fn best_leader(scenario: &Scenario, state: &GameState, here: impl Fn(HexId) -> bool) -> Option<(usize, Leader)> {
    (0..scenario.leaders.len())
        .filter(|&l| state.leaders[l].status != LeaderStatus::Eliminated)
        .filter(|&l| here(state.leaders[l].at))
        .map(|l| {
            let r = crate::command::orders::ratings(scenario, state, l);
            let leader = Leader {
                charisma: r.charisma,
                initiative: r.initiative.unwrap_or(0),
                // CG has no personal combat (D15).
                personal_combat: r
                    .personal_combat
                    .filter(|_| crate::scenario::rule_set::hooks(scenario.meta.rules).personal_combat),
                wounded: state.leaders[l].wounds > 0,
            };
            (l, leader)
        })
        .max_by_key(|(l, leader)| (leader.charisma, leader.initiative, std::cmp::Reverse(*l)))
}

/// A side's units in the order the setup lists them: biggest first, its unit for the Clash
/// leading (P40); ties keep scenario order, but of a Tribal stack the unit that takes the odd hit
/// first (CG 6.76(4)): the top one, or the bottom one when one of `rear_foes` strikes it from
/// behind (rulings P298).
fn clash_order(scenario: &Scenario, state: &GameState, units: &[usize], rear_foes: &[usize]) -> Vec<usize> {
    let mut v = units.to_vec();
    let second = |i: usize| !crate::special::tribal::takes_odd_hit(scenario, state, i, rear_foes);
    crate::game::sorting::sort_by_key(&mut v, |&i| (std::cmp::Reverse(scenario.units[i].size), second(i), i));
    v
}

/// Is attacker `a` denied position superiority by an enemy beside it (GBA 9.16(A), rulings R5;
/// CG 9.17\[1\] exception 1)? GBA: it stands in the ZOC of an enemy other than a skirmisher
/// that is in its own flank or rear hex, whether or not that enemy is attacked. CG: it stands in
/// the ZOC of any enemy other than those it attacks that no other unit of the segment attacks.
/// `segment`: every combat of the segment.
fn flank_threatened(scenario: &Scenario, state: &GameState, a: usize, segment: &[Combat]) -> bool {
    let (u, st) = (&scenario.units[a], &state.units[a]);
    let gba = scenario.meta.rules == crate::scenario::RuleSet::Alexander;
    (0..scenario.units.len()).any(|e| {
        let (eu, es) = (&scenario.units[e], &state.units[e]);
        if eu.side == u.side || es.eliminated || es.routed {
            return false;
        }
        if gba {
            if eu.kind.is_foot_skirmisher()
                || !es
                    .placement
                    .hexes()
                    .any(|h| matches!(arc_of(&st.placement, st.heading(), h), Some(Arc::Flank | Arc::Rear)))
            {
                return false;
            }
        } else if segment.iter().any(|c| c.defenders.contains(&e)) {
            return false;
        }
        let zoc = crate::map::zoc::zoc_of(scenario, state, e);
        st.placement.hexes().any(|h| zoc.contains(&h))
    })
}

/// The setup of one combat as the position gives it (9.13–9.16); `moved`: the attackers that
/// moved up to attack (those in a city hex make no check, CG 12.211).
pub fn setup(scenario: &Scenario, state: &GameState, combat: &Combat, moved: &[usize]) -> ShockSetup {
    setup_in(scenario, state, combat, moved, std::slice::from_ref(combat))
}

/// The setup of one combat of a segment whose combats are `segment` (9.13–9.16).
fn setup_in(
    scenario: &Scenario,
    state: &GameState,
    combat: &Combat,
    moved: &[usize],
    segment: &[Combat],
) -> ShockSetup {
    let fighter = |i: usize| {
        let (u, st) = (&scenario.units[i], &state.units[i]);
        let mut f = Fighter::new(u.kind, u.class, u.size, u.tq).with_hits(st.hits);
        // GBA 9.16(B): javelins spent (the missile, not the class: javelin LP have no class J).
        f.javelins_no = u.missile == Some(crate::scenario::units::Missile::Javelin) && st.supply == Supply::No;
        // In Column: TQ − 2, attacked with superiority (6.65).
        f.in_column = st.column;
        // CG 10.62: no size ratio in a combat with a unit in Square.
        f.in_square = st.square;
        // CG 12.211: no position superiority against a unit in a block, temple or palace.
        f.in_city_block = state.in_city_buildings(scenario, i);
        // CG 10.23 (+1 to the target's pre-shock roll), GBA 9.13 exemption 4: a chariot's
        // charge counts the hexes it moved under this phase's order.
        f.hexes_moved = st.order_hexes;
        f
    };
    let rank = |a: Arc| match a {
        Arc::Rear => 0,
        Arc::Flank => 1,
        Arc::Front => 2,
    };
    let (attackers, defenders) = (
        clash_order(scenario, state, &combat.attackers, &[]),
        clash_order(scenario, state, &combat.defenders, &combat.attackers),
    );
    let attacker_fighters = attackers
        .iter()
        .map(|&a| {
            let arc = defenders
                .iter()
                .filter_map(|&d| {
                    let ds = &state.units[d];
                    // CG 7.11, 10.53: an engine has no facing, so no flank or rear.
                    // CG 12.26: nor has a unit in a city block, temple or palace (all-round).
                    if scenario.units[d].engine.is_some() || state.in_city_buildings(scenario, d) {
                        return Some(Arc::Front);
                    }
                    state.units[a]
                        .placement
                        .hexes()
                        .filter_map(|h| arc_of(&ds.placement, ds.heading(), h))
                        .min_by_key(|x| rank(*x))
                })
                .min_by_key(|x| rank(*x))
                .unwrap_or(Arc::Front);
            let mut f = fighter(a).through(arc);
            // House B1 (P332): his leader's temperament on its pre-shock check.
            f.temperament_drm = crate::special::house::temperament::pre_shock_drm(scenario, state);
            // GBA 9.16(A), rulings R5; CG 9.17[1] exception 1 (P239): no position superiority.
            f.flank_threatened = flank_threatened(scenario, state, a, segment);
            // Moved up to attack: the check (7.32, 9.13) and the size-ratio rounding (GBA 9.16
            // step 2, CG 9.17[2]); inside the city the rounding without the check (CG 12.211, P246).
            if moved.contains(&a) {
                f = f.moving();
                f.inside_city = crate::works::city::unit_in_city(scenario, state, a);
            }
            f
        })
        .collect();
    // CG 10.81: a Maula defender stacked with an overall commander of its side.
    let indian = crate::scenario::rule_set::hooks(scenario.meta.rules).indian_rules;
    let with_overall = |i: usize| {
        (0..scenario.leaders.len()).any(|l| {
            let (ld, ls) = (&scenario.leaders[l], &state.leaders[l]);
            ld.role == LeaderRole::Overall
                && ld.side == scenario.units[i].side
                && ls.status != LeaderStatus::Eliminated
                && state.units[i].placement.hexes().any(|h| h == ls.at)
        })
    };
    let defender_fighters = defenders
        .iter()
        .map(|&d| {
            let mut f = fighter(d);
            f.maula_stand = indian && scenario.units[d].grade == Some(Grade::Maula) && with_overall(d);
            f
        })
        .collect();
    let mut s = ShockSetup::new(scenario.meta.rules, attacker_fighters, defender_fighters);
    // CG 4.64: a chief's Charisma only for his own guild or tribe; 9.17[3]: what an Indian
    // overall commander lends from beside them.
    let charisma_of = |units: &[usize]| {
        side_leader(scenario, state, units).map(|(l, mut rated)| {
            if !crate::special::indian::chief_lends(scenario, l, units) {
                rated.charisma = 0;
            }
            rated
        })
    };
    s.attacker_leader = charisma_of(&attackers);
    s.defender_leader = charisma_of(&defenders);
    s.lent_charisma = [
        crate::special::indian::lent_charisma(scenario, state, &attackers),
        crate::special::indian::lent_charisma(scenario, state, &defenders),
    ];
    // The leaders' casualty checks and personal combat (9.14, 9.2).
    s.leader_checks = true;
    s.conditions = terrain(scenario, state, &attackers, &defenders);
    // CG 10.61 (P244, P246): a moving non-phalanx striking a phalanx's front, 2L a covered flank.
    let covered = phalanx_support(scenario, state, &attackers, &defenders, moved);
    if covered > 0 && shift_row(ShiftCondition::PhalanxFlankCovered).origin(scenario.meta.rules).is_some() {
        s.conditions.push(Applying::times(ShiftCondition::PhalanxFlankCovered, covered));
    }
    s
}

/// CG 10.61 (rulings P244): the flanks covered of the best-supported defending phalanx that a
/// non-phalanx attacker which moved (`moved`, a Shock-Must Check) strikes through its front.
/// A flank (the flank hexes on one side of the phalanx's facing) is covered when one of its
/// hexes holds another phalanx of the defender's side or lies in such a phalanx's ZOC. 0 when
/// no attacker qualifies; at most 2.
fn phalanx_support(
    scenario: &Scenario,
    state: &GameState,
    attackers: &[usize],
    defenders: &[usize],
    moved: &[usize],
) -> u8 {
    use crate::map::facing::hexes_in;
    let phalanx =
        |i: usize| scenario.units[i].kind == UnitType::PH && !state.units[i].routed && !state.units[i].eliminated;
    let centre = |p: &Placement| {
        let (n, (x, y)) = p.hexes().fold((0.0, (0.0, 0.0)), |(n, (x, y)), h| {
            let (hx, hy) = h.center();
            (n + 1.0, (x + hx, y + hy))
        });
        (x / n, y / n)
    };
    defenders
        .iter()
        .copied()
        .filter(|&d| phalanx(d))
        .filter(|&d| {
            let ds = &state.units[d];
            attackers.iter().any(|&a| {
                scenario.units[a].kind != UnitType::PH
                    && moved.contains(&a)
                    && state.units[a]
                        .placement
                        .hexes()
                        .any(|h| arc_of(&ds.placement, ds.heading(), h) == Some(Arc::Front))
            })
        })
        .map(|d| {
            let ds = &state.units[d];
            let side = scenario.units[d].side;
            let (cx, cy) = centre(&ds.placement);
            let facing = ds.heading().degrees();
            let friends: Vec<usize> =
                (0..scenario.units.len()).filter(|&j| j != d && scenario.units[j].side == side && phalanx(j)).collect();
            let zocs: Vec<Vec<HexId>> = friends.iter().map(|&j| crate::map::zoc::zoc_of(scenario, state, j)).collect();
            let covered = |h: HexId| {
                friends.iter().any(|&j| state.units[j].placement.hexes().any(|x| x == h))
                    || zocs.iter().any(|z| z.contains(&h))
            };
            // Left or right of the facing, by the sign of the angle off it.
            let mut sides = [false, false];
            for h in hexes_in(&ds.placement, ds.heading(), Arc::Flank) {
                let (hx, hy) = h.center();
                let angle = (-(hy - cy)).atan2(hx - cx).to_degrees();
                let off = (angle - facing + 540.0) % 360.0 - 180.0;
                if covered(h) {
                    sides[usize::from(off < 0.0)] = true;
                }
            }
            sides.iter().filter(|&&c| c).count() as u8
        })
        .max()
        .unwrap_or(0)
}

/// The terrain shifts that hold (9.16 step 3; charts-draft §2 T1–T6, T8–T10).
fn terrain(scenario: &Scenario, state: &GameState, attackers: &[usize], defenders: &[usize]) -> Vec<Applying> {
    let map = &scenario.map;
    let hexes = |v: &[usize]| -> Vec<HexId> { v.iter().flat_map(|&u| state.units[u].placement.hexes()).collect() };
    let (ah, dh) = (hexes(attackers), hexes(defenders));
    let all = |hs: &[HexId], f: &dyn Fn(Terrain) -> bool| hs.iter().all(|h| map.terrain(*h).is_some_and(f));
    let mut out = Vec::new();
    let mut add = |c: ShiftCondition| out.push(Applying::once(c));
    // Terrain shifts the shock column (GBA 6.27; CG 6.27).
    if all(&dh, &|t| t == Terrain::Woods) {
        add(ShiftCondition::DefendersInWoods);
    }
    if all(&dh, &|t| matches!(t, Terrain::Rocky | Terrain::RockyRiverbed | Terrain::Town)) {
        add(ShiftCondition::DefendersInRockyOrTown);
    }
    if all(&ah, &|t| matches!(t, Terrain::Marsh | Terrain::MajorRiver)) {
        add(ShiftCondition::AttackersInMarshOrMajorRiver);
    }
    if all(&dh, &|t| matches!(t, Terrain::Marsh | Terrain::MajorRiver)) {
        add(ShiftCondition::DefendersInMarshOrMajorRiver);
    }
    // Hexsides between each attacker and the defenders it touches.
    let pairs: Vec<(HexId, HexId)> =
        ah.iter().flat_map(|a| dh.iter().filter(|d| a.is_adjacent(**d)).map(move |d| (*a, *d))).collect();
    let crossings: Vec<Option<HexsideFeature>> = pairs.iter().map(|(a, d)| map.hexside(*a, *d)).collect();
    let every =
        |f: &dyn Fn(HexsideFeature) -> bool| !crossings.is_empty() && crossings.iter().all(|c| c.is_some_and(f));
    if every(&|f| matches!(f, HexsideFeature::MinorRiver | HexsideFeature::SteepBank)) {
        add(ShiftCondition::AcrossRiver);
    } else if every(&|f| matches!(f, HexsideFeature::Stream)) {
        add(ShiftCondition::AcrossStream);
    }
    // CG 12.12 camp shifts (charts-draft C1–C3; rulings P165, P178): every attacker across a camp
    // palisade or camp gate, 2L, or 1L (C3) if any of those is breached (CG 12.31); every
    // attacker across some camp work, the walls among them, 1L. Either way across (P165).
    // CG 9.17[3], 12.18 (charts-draft C4; rulings P174): any defender in a camp tower, 3L
    // instead of the works' shifts.
    // CG 12.32 (P188): not in a destroyed tower.
    if dh.iter().any(|h| crate::works::camp::is_tower(map, state, *h)) {
        add(ShiftCondition::DefenderInCampTower);
    } else if every(&|f| matches!(f, HexsideFeature::Palisade | HexsideFeature::CampGate)) {
        if pairs.iter().any(|(a, d)| crate::works::breach::is_breached(state, *a, *d)) {
            add(ShiftCondition::AcrossBreachedCampWallOrGate);
        } else {
            add(ShiftCondition::AcrossCampWallOrGate);
        }
    } else if every(&|f| f.is_camp_hexside()) {
        add(ShiftCondition::AcrossCampObstacle);
    }
    city_shifts(scenario, state, (&ah, &dh), &pairs, &mut add);
    let level = |h: &HexId| map.elevation(*h).unwrap_or(0);
    let top = ah.iter().map(level).max().unwrap_or(0);
    let bottom = ah.iter().map(level).min().unwrap_or(0);
    if !dh.is_empty() && dh.iter().all(|h| level(h) > top) {
        add(ShiftCondition::AllDefendersHigher);
    } else if dh.iter().any(|h| level(h) > top) {
        add(ShiftCondition::AnyDefenderHigher);
    } else if !dh.is_empty() && dh.iter().all(|h| level(h) < bottom) {
        add(ShiftCondition::AllDefendersLower);
    }
    // CG 9.17[3] (rulings P111): Chandragupta shifts only for Forest, Rivers, elevation and
    // fortifications; the GBA rows for marsh, rocky, town and gates have no CG value, so that
    // ground gives no shift there instead of a combat the chart cannot add up.
    out.retain(|a| shift_row(a.condition).origin(scenario.meta.rules).is_some());
    out
}

/// The city's shifts (CG 12.211; charts-draft C5–C7, designed; rulings P22, P233): any defender
/// in a temple or palace 3L, else any in a block 2L (C5); every attacker in a block, temple or
/// palace and every defender in a street or square 1L (C6); every attacker across a city gate
/// 2L, or 1L when one of those gates is breached (C7). They add up with each other and with the
/// rest, but for C5's own "instead of".
fn city_shifts(
    scenario: &Scenario,
    state: &GameState,
    (ah, dh): (&[HexId], &[HexId]),
    pairs: &[(HexId, HexId)],
    add: &mut impl FnMut(ShiftCondition),
) {
    let map = &scenario.map;
    if map.city.is_none() {
        return;
    }
    let t = |h: &HexId| map.terrain(*h);
    if dh.iter().any(|h| matches!(t(h), Some(Terrain::Temple | Terrain::Palace))) {
        add(ShiftCondition::DefenderInTempleOrPalace);
    } else if dh.iter().any(|h| t(h) == Some(Terrain::CityBlock)) {
        add(ShiftCondition::DefenderInCityBlock);
    }
    let all = |hs: &[HexId], f: fn(Terrain) -> bool| !hs.is_empty() && hs.iter().all(|h| t(h).is_some_and(f));
    if all(ah, crate::works::city::is_block) && all(dh, crate::works::city::is_street) {
        add(ShiftCondition::AttackersFromBlocksIntoStreets);
    }
    if !pairs.is_empty() && pairs.iter().all(|(a, d)| map.hexside(*a, *d) == Some(HexsideFeature::CityGate)) {
        if pairs.iter().any(|(a, d)| crate::works::breach::is_breached(state, *a, *d)) {
            add(ShiftCondition::AcrossBreachedCityGate);
        } else {
            add(ShiftCondition::AcrossCityGate);
        }
    }
}

/// The combats the designation would give, with their setups, for the odds preview.
pub fn preview(scenario: &Scenario, state: &GameState, optional: &[String]) -> Vec<(Combat, ShockSetup)> {
    let cands = candidates(scenario, state);
    let attackers: Vec<usize> =
        cands.iter().filter(|c| c.must || optional.contains(&scenario.units[c.unit].id)).map(|c| c.unit).collect();
    let moved: Vec<usize> = cands.iter().filter(|c| c.moved).map(|c| c.unit).collect();
    let all = combats(scenario, state, &attackers);
    all.iter().map(|c| (c.clone(), setup_in(scenario, state, c, &moved, &all))).collect()
}

/// The combats the player formed, with their setups, for the odds preview (9.12).
pub fn preview_combats(scenario: &Scenario, state: &GameState, combats: &[Combat]) -> Vec<(Combat, ShockSetup)> {
    let moved: Vec<usize> = candidates(scenario, state).iter().filter(|c| c.moved).map(|c| c.unit).collect();
    combats.iter().map(|c| (c.clone(), setup_in(scenario, state, c, &moved, combats))).collect()
}

/// Why these combats break 9.12, or `None` when the player may form them: every must-attack
/// unit and only candidates attack, each once; each defender is attacked once; every attacker
/// has a defender of its combat in its ZOC and every defender is in the ZOC of an attacker of
/// its combat; and every enemy in an attacker's ZOC is attacked by someone (P72).
pub fn grouping_refusal(scenario: &Scenario, state: &GameState, combats: &[Combat]) -> Option<String> {
    let name = |u: usize| scenario.units[u].name.clone();
    let cands = candidates(scenario, state);
    let attackers: Vec<usize> = combats.iter().flat_map(|c| c.attackers.iter().copied()).collect();
    let defenders: Vec<usize> = combats.iter().flat_map(|c| c.defenders.iter().copied()).collect();
    if let Some(c) = cands.iter().find(|c| c.must && !attackers.contains(&c.unit)) {
        return Some(format!("{} moved up and must attack (7.31)", name(c.unit)));
    }
    for (k, &a) in attackers.iter().enumerate() {
        if !cands.iter().any(|c| c.unit == a) {
            return Some(format!("{} may not attack now (7.33)", name(a)));
        }
        if attackers[..k].contains(&a) {
            return Some(format!("{} attacks once a segment (9.12)", name(a)));
        }
    }
    for (k, &d) in defenders.iter().enumerate() {
        if defenders[..k].contains(&d) {
            return Some(format!("{} is attacked once a segment (9.12)", name(d)));
        }
    }
    for c in combats {
        if c.attackers.is_empty() || c.defenders.is_empty() {
            return Some("a combat needs an attacker and a defender (9.12)".into());
        }
        if let Some(&a) =
            c.attackers.iter().find(|&&a| !foes(scenario, state, a).iter().any(|d| c.defenders.contains(d)))
        {
            return Some(format!("{} has none of its combat's defenders in its zone of control (9.12)", name(a)));
        }
        if let Some(&d) =
            c.defenders.iter().find(|&&d| !c.attackers.iter().any(|&a| foes(scenario, state, a).contains(&d)))
        {
            return Some(format!("{} is in the zone of control of none of its attackers (9.12)", name(d)));
        }
    }
    // 9.12: every enemy in an attacker's ZOC is attacked by someone; CG 12.27, 12.210 (P231,
    // P245): in the city only those its ZOC reaches — none from a block, temple or palace, none
    // from one city hex into another.
    for &a in &attackers {
        if let Some(d) = foes(scenario, state, a)
            .into_iter()
            .find(|&d| !defenders.contains(&d) && crate::works::city_combat::obliged_to_attack(scenario, state, a, d))
        {
            return Some(format!("{} must attack {}, which nobody else attacks (9.12)", name(a), name(d)));
        }
    }
    None
}

/// The ways the player may form the combats of `optional` and the must-attack units: first the
/// connected groups (the default), then each group split as finely as 9.12 lets it, one group at
/// a time — each defender to one of the attackers beside it, an attacker left with none joining
/// the combat of a defender beside it.
pub fn groupings(scenario: &Scenario, state: &GameState, optional: &[String]) -> Vec<Vec<Combat>> {
    let attackers: Vec<usize> = candidates(scenario, state)
        .iter()
        .filter(|c| c.must || optional.contains(&scenario.units[c.unit].id))
        .map(|c| c.unit)
        .collect();
    let together = combats(scenario, state, &attackers);
    let mut out = vec![together.clone()];
    for (k, group) in together.iter().enumerate() {
        for split in splits(scenario, state, group).into_iter().chain(city_choices(scenario, state, group)) {
            let mut alternative = together.clone();
            alternative.splice(k..=k, split);
            if !out.contains(&alternative) && grouping_refusal(scenario, state, &alternative).is_none() {
                out.push(alternative);
            }
        }
    }
    out
}

/// CG 12.210, 12.27 (P231, P238, P245): attackers in a city block, temple or palace attack any of
/// the enemies beside them, and no attacker must attack an enemy its ZOC does not reach (none
/// reaches from one city hex into another), so a combat in the city may leave some defenders
/// alone: each defender left out in turn, and each attacked alone. With up to three defenders
/// that is every choice; beyond, the rest are for scripts (`shock A vs D ; ...`).
/// `grouping_refusal` keeps out any that would leave an enemy unattacked that an attacker's ZOC
/// reaches.
fn city_choices(scenario: &Scenario, state: &GameState, group: &Combat) -> Vec<Vec<Combat>> {
    // P245: any defender no attacker of the group is obliged to attack (CG 12.27) may be left out.
    let optional = group.defenders.iter().any(|&d| {
        group.attackers.iter().all(|&a| {
            !foes(scenario, state, a).contains(&d)
                || !crate::works::city_combat::obliged_to_attack(scenario, state, a, d)
        })
    });
    if !optional || group.defenders.len() < 2 {
        return Vec::new();
    }
    let keep = |defenders: Vec<usize>| vec![Combat { attackers: group.attackers.clone(), defenders }];
    let without = group.defenders.iter().map(|&d| keep(group.defenders.iter().copied().filter(|&x| x != d).collect()));
    let alone = group.defenders.iter().map(|&d| keep(vec![d]));
    let mut out: Vec<Vec<Combat>> = Vec::new();
    for choice in without.chain(alone) {
        if !out.contains(&choice) {
            out.push(choice);
        }
    }
    out
}

/// The finer ways to fight one connected group (at most 64 tried).
fn splits(scenario: &Scenario, state: &GameState, group: &Combat) -> Vec<Vec<Combat>> {
    if group.attackers.len() < 2 || group.defenders.len() < 2 {
        return Vec::new();
    }
    let foes_of: Vec<Vec<usize>> = group.attackers.iter().map(|&a| foes(scenario, state, a)).collect();
    // For each defender, the attackers (positions in the group) that have it in their ZOC.
    let choices: Vec<Vec<usize>> = group
        .defenders
        .iter()
        .map(|d| (0..group.attackers.len()).filter(|&k| foes_of[k].contains(d)).collect())
        .collect();
    let mut out: Vec<Vec<Combat>> = Vec::new();
    let total: usize = choices.iter().map(|c| c.len().max(1)).product();
    for n in 0..total.min(64) {
        // Defender j goes to attacker choices[j][digit j of n].
        let (mut rest, mut owner) = (n, Vec::new());
        for c in &choices {
            owner.push(c[rest % c.len()]);
            rest /= c.len();
        }
        let mut fights: Vec<Combat> = Vec::new();
        let mut fight_of = vec![None; group.attackers.len()];
        for (j, &k) in owner.iter().enumerate() {
            let f = *fight_of[k].get_or_insert_with(|| {
                fights.push(Combat { attackers: vec![group.attackers[k]], defenders: Vec::new() });
                fights.len() - 1
            });
            fights[f].defenders.push(group.defenders[j]);
        }
        for k in 0..group.attackers.len() {
            if fight_of[k].is_none() {
                let beside = foes_of[k]
                    .iter()
                    .find_map(|d| group.defenders.iter().position(|x| x == d).and_then(|j| fight_of[owner[j]]));
                let Some(f) = beside else { continue };
                fights[f].attackers.push(group.attackers[k]);
            }
        }
        if fights.len() < 2 {
            continue;
        }
        for f in &mut fights {
            crate::game::sorting::sort(&mut f.attackers);
            crate::game::sorting::sort(&mut f.defenders);
        }
        crate::game::sorting::sort_by_key(&mut fights, |f| f.attackers.clone());
        if !out.contains(&fights) {
            out.push(fights);
        }
    }
    out
}

/// The active leader's orders are over: a shock segment if anyone may attack (9.0). `true`
/// also when an owner's choice of a break-off hex comes first (P120): the segment follows it.
pub fn begin(tx: &mut Tx, leader: &str) -> Result<bool, RuleError> {
    if crate::combat::engaged::in_use(tx.scenario) {
        // 10.32: Engaged units in range that cannot shock step back first, where they can.
        if let Some((side, range)) = segment_range(tx.scenario, &tx.state) {
            let called: Vec<usize> = (0..tx.scenario.units.len())
                .filter(|&u| {
                    tx.scenario.units[u].side == side
                        && (tx.state.units[u].placement.hexes().any(|h| range.contains_key(&h))
                            || crate::command::contingent::lends_shock(tx.scenario, &tx.state, u))
                })
                .collect();
            // Several hexes as far: the owner chooses first; the segment opens after (P120).
            if let Some(p) = crate::combat::engaged::forced_break_offs(tx, &called) {
                let then = crate::effects::cohesion::AfterRout::BeginShock { leader: leader.into() };
                crate::effects::cohesion::offer(tx, crate::effects::cohesion::Pending::Rout(p), then);
                return Ok(true);
            }
        }
    }
    let cands = candidates(tx.scenario, &tx.state);
    if cands.is_empty() {
        return Ok(false);
    }
    let id = |c: &Candidate| tx.scenario.units[c.unit].id.clone();
    let must = cands.iter().filter(|c| c.must).map(id).collect();
    let optional = cands.iter().filter(|c| !c.must).map(id).collect();
    tx.emit(Event::ShockSegmentBegan { leader: leader.into(), must, optional });
    Ok(true)
}

/// The active player's designation: the optional attackers `chosen` join the must-attack ones;
/// every combat is resolved (9.11–9.18). `true` when a rout stopped for its owner's choice
/// (P120): the rest of the segment follows it.
pub fn resolve_segment(tx: &mut Tx, chosen: &[String]) -> Result<bool, RuleError> {
    let Phase::Shock { optional, leader, .. } = tx.state.phase.clone() else {
        return Err(RuleError::NotNow {
            command: "shock".into(),
            rule: "9.11",
            expected: "shock attacks are designated in the shock segment, after the active leader's orders end".into(),
        });
    };
    if let Some(bad) = chosen.iter().find(|c| !optional.contains(c)) {
        return Err(RuleError::IllegalMove {
            unit: bad.clone(),
            rule: "7.33",
            reason: "it may not attack now: no enemy in its ZOC, or out of the leader's range".into(),
        });
    }
    let mut chosen: Vec<String> = chosen.to_vec();
    crate::game::sorting::sort(&mut chosen);
    chosen.dedup();
    let fights = preview(tx.scenario, &tx.state, &chosen);
    fight_all(tx, leader, chosen, fights)
}

/// The active player's designation with the combats formed as he chose (9.11, 9.12); `true`
/// when it stopped for a rout choice, as `resolve_segment`.
pub fn resolve_grouped(tx: &mut Tx, groups: &[crate::game::CombatGroup]) -> Result<bool, RuleError> {
    let Phase::Shock { optional, leader, .. } = tx.state.phase.clone() else {
        return Err(RuleError::NotNow {
            command: "shock".into(),
            rule: "9.11",
            expected: "shock attacks are designated in the shock segment, after the active leader's orders end".into(),
        });
    };
    let index = |ids: &[String]| ids.iter().map(|id| tx.unit_index(id)).collect::<Result<Vec<usize>, _>>();
    let mut combats = Vec::new();
    for g in groups {
        combats.push(Combat { attackers: index(&g.attackers)?, defenders: index(&g.defenders)? });
    }
    if let Some(reason) = grouping_refusal(tx.scenario, &tx.state, &combats) {
        let unit = groups.first().and_then(|g| g.attackers.first()).cloned().unwrap_or_default();
        return Err(RuleError::IllegalMove { unit, rule: "9.12", reason });
    }
    let mut chosen: Vec<String> =
        groups.iter().flat_map(|g| g.attackers.iter().cloned()).filter(|a| optional.contains(a)).collect();
    crate::game::sorting::sort(&mut chosen);
    let fights = preview_combats(tx.scenario, &tx.state, &combats);
    fight_all(tx, leader, chosen, fights)
}

fn fight_all(
    tx: &mut Tx,
    leader: String,
    chosen: Vec<String>,
    fights: Vec<(Combat, ShockSetup)>,
) -> Result<bool, RuleError> {
    tx.emit(Event::ShockDesignated { leader: leader.clone(), attackers: chosen });
    let since = tx.events.len();
    // 9.0: the steps run across all the combats at once (P40): every combat's checks, clash and
    // result from where things stood when the segment began; then the collapse — every rout of
    // the segment (9.18 steps 1–2); then each combat's pass-through and advances (step 3).
    let mut struck = Vec::new();
    for (k, (combat, setup)) in fights.into_iter().enumerate() {
        let held: Vec<HexId> = combat.defenders.iter().flat_map(|&d| tx.state.units[d].placement.hexes()).collect();
        let before: Vec<(usize, Placement)> =
            combat.attackers.iter().chain(&combat.defenders).map(|&u| (u, tx.state.units[u].placement)).collect();
        // CG 10.27: Greek ranks may part for chariots before the combat is fought.
        let parted = crate::special::elephants::pass_through_avoidance(tx, k, &combat.attackers, &combat.defenders)?;
        let (stand_failed, barred) =
            if parted { (Vec::new(), Vec::new()) } else { strike_hits(tx, k, &combat, &setup, None)? };
        struck.push(Struck { k, combat, held, before, stand_failed, parted, barred });
    }
    let routs = struck.iter().flat_map(|s| s.stand_failed.iter().copied()).collect();
    let attacked = tx.events[since..]
        .iter()
        .filter_map(|e| match e {
            Event::ShockResolved { defenders, .. } => Some(defenders.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    go_on(tx, ShockRest { leader, struck, routs, attacked })
}

/// The rest of a shock segment after a rout choice (P120), then what follows the segment.
pub fn go_on_after_choice(tx: &mut Tx, rest: ShockRest) -> Result<(), RuleError> {
    let since = tx.events.len();
    let (leader, attacked) = (rest.leader.clone(), rest.attacked.clone());
    if go_on(tx, rest)? {
        return Ok(());
    }
    crate::play::sequence::after_shock_segment(tx, &leader, since, &attacked)
}

/// The segment's routs (9.18 steps 1–2), the settling of hits, then each combat's pass-through
/// and advances (step 3) and its end. `true` when a rout stopped for its owner's choice (P120):
/// the rest is offered with it.
fn go_on(tx: &mut Tx, mut rest: ShockRest) -> Result<bool, RuleError> {
    while !rest.routs.is_empty() {
        let u = rest.routs.remove(0);
        let st = &tx.state.units[u];
        if !st.routed && !st.eliminated && st.hits < crate::movement::column::effective_tq(tx.scenario, &tx.state, u) {
            if let Some(p) =
                crate::effects::cohesion::rout_asking(tx, u, crate::effects::rout::RoutLeg::Hexes(2), "9.18")?
            {
                crate::effects::cohesion::offer(tx, p, crate::effects::cohesion::AfterRout::Shock(Box::new(rest)));
                return Ok(true);
            }
        }
    }
    if let Some(p) = crate::effects::cohesion::settle_asking(tx)? {
        crate::effects::cohesion::offer(tx, p, crate::effects::cohesion::AfterRout::Shock(Box::new(rest)));
        return Ok(true);
    }
    // 8.17 (R7): the combats are over, their routs done: javelins spent before the advances.
    for s in rest.struck.iter().filter(|s| !s.parted) {
        spend_javelins(tx, &s.combat);
    }
    // From here on a rout (a next-row attack, a wheel) takes its first option: P120.
    for s in rest.struck.iter().filter(|s| !s.parted) {
        // Elephants (and CG chariots) whose defender held go through it (GBA 11.13, CG 10.13, 10.26).
        crate::special::elephants::pass_through(tx, s.k, &s.combat.attackers, &s.combat.defenders, &s.held)?;
        advance(tx, &s.combat, &s.held, &s.barred)?;
        // 9.18 step 3 with the optional Engaged rule (10.3).
        crate::combat::engaged::after_combat(tx, &s.combat, &s.before);
    }
    crate::combat::engaged::release_free(tx);
    tx.emit(Event::ShockSegmentEnded { leader: rest.leader });
    Ok(false)
}

/// GBA 8.17, CG 8.17 (rulings R7): on completion of a shock combat — after the routs it caused,
/// so that their zones of control shaped those rout paths — every javelin-armed foot unit that
/// fought in it and still has javelins is Missile No. By the unit's missile, not its class: a
/// javelin-armed LP (which the format gives no class J) spends its javelins too.
fn spend_javelins(tx: &mut Tx, combat: &Combat) {
    for &u in combat.attackers.iter().chain(&combat.defenders) {
        let (un, st) = (&tx.scenario.units[u], &tx.state.units[u]);
        let foot = !un.kind.is_cavalry() && !matches!(un.kind, UnitType::EL | UnitType::CH | UnitType::ChStar);
        if foot
            && un.missile == Some(crate::scenario::units::Missile::Javelin)
            && st.supply != Supply::No
            && !st.eliminated
        {
            let unit = un.id.clone();
            tx.emit(Event::SupplyChanged { unit, supply: Supply::No, rule: "8.17".into() });
        }
    }
}

/// Routs the units a combat's procedure broke below their TQ (a failed stand, the collapse,
/// 9.18), if nothing has removed them since.
fn rout_failed_stands(tx: &mut Tx, units: &[usize]) -> Result<(), RuleError> {
    for &u in units {
        let st = &tx.state.units[u];
        if !st.routed && !st.eliminated && st.hits < crate::movement::column::effective_tq(tx.scenario, &tx.state, u) {
            crate::effects::cohesion::rout(tx, u, crate::effects::rout::RoutLeg::Hexes(2), "9.18")?;
        }
    }
    Ok(())
}

/// Resolves one combat at once, its routs included (9.13–9.19): an elephant's attack on the
/// next row as it passes through (GBA 11.13, CG 10.13). `attacker_rout_eliminates`: an attacker
/// that would rout is eliminated instead, citing that rule (GBA 11.13).
pub(crate) fn strike(
    tx: &mut Tx,
    k: usize,
    combat: &Combat,
    setup: &ShockSetup,
    attacker_rout_eliminates: Option<&str>,
) -> Result<(), RuleError> {
    let (failed, _) = strike_hits(tx, k, combat, setup, attacker_rout_eliminates)?;
    rout_failed_stands(tx, &failed)?;
    crate::effects::cohesion::settle(tx)?;
    // 8.17: the combat is over.
    spend_javelins(tx, combat);
    Ok(())
}

/// Attackers and the hexes each may not advance into (9.13, 9.31, P240).
type Barred = Vec<(usize, HexId)>;

/// GBA 9.13, 9.31 (P240): the attackers of `combat` that may not advance into the hexes of the
/// defenders `charge_routed` (routed by their pre-shock checks), judged now, as those routs
/// happen: another enemy — not routed, not one of those — is in the attacker's ZOC (9.13) or
/// has the attacker in his (9.31).
fn barred_advances(tx: &Tx, combat: &Combat, charge_routed: &[usize]) -> Barred {
    let (s, state) = (tx.scenario, &tx.state);
    let mut out = Vec::new();
    if charge_routed.is_empty() {
        return out;
    }
    for &a in &combat.attackers {
        let side = s.units[a].side;
        let own_zoc = crate::map::zoc::zoc_of(s, state, a);
        let held = |e: usize| -> bool {
            state.units[a].placement.hexes().any(|h| crate::map::zoc::zoc_of(s, state, e).contains(&h))
                || state.units[e].placement.hexes().any(|h| own_zoc.contains(&h))
        };
        let pinned = (0..s.units.len()).any(|e| {
            let es = &state.units[e];
            s.units[e].side != side && !es.eliminated && !es.routed && !charge_routed.contains(&e) && held(e)
        });
        if pinned {
            for &d in charge_routed {
                out.extend(state.units[d].placement.hexes().map(|h| (a, h)));
            }
        }
    }
    out
}

/// One combat's dice, leader casualties and hits (9.13–9.17); returns the units its procedure
/// routs below their TQ, leaving those routs to the caller, and the advances its Charge bars
/// (9.13, 9.31, P240).
fn strike_hits(
    tx: &mut Tx,
    k: usize,
    combat: &Combat,
    setup: &ShockSetup,
    attacker_rout_eliminates: Option<&str>,
) -> Result<(Vec<usize>, Barred), RuleError> {
    let ids = |v: &[usize]| v.iter().map(|&u| tx.scenario.units[u].id.clone()).collect::<Vec<_>>();
    let (attackers, defenders) = (ids(&combat.attackers), ids(&combat.defenders));
    // The resolver's results come in the setup's order.
    let (a_order, d_order) = (
        clash_order(tx.scenario, &tx.state, &combat.attackers, &[]),
        clash_order(tx.scenario, &tx.state, &combat.defenders, &combat.attackers),
    );
    // For testing only: a cell forced on the next combat to reach the table (`--shock-result`).
    let forced = tx.state.forced_shock.map(|cell| ShockSetup { forced: Some(cell), ..setup.clone() });
    let setup = forced.as_ref().unwrap_or(setup);
    let mut error = None;
    let outcome: ShockOutcome = {
        let mut dice = || match tx.roll(RollPurpose::Shock { combat: k as u8 }) {
            Ok(r) => r,
            Err(e) => {
                error.get_or_insert(e);
                0
            }
        };
        resolve(setup, &mut dice).map_err(|e| RuleError::IllegalMove {
            unit: attackers.first().cloned().unwrap_or_default(),
            rule: e.rule(),
            reason: e.to_string(),
        })?
    };
    if let Some(e) = error {
        return Err(e);
    }
    // The defenders the Charge routed (9.13), and whose advance that bars, before any hit lands.
    let charge_routed: Vec<usize> = outcome
        .steps
        .iter()
        .filter_map(|s| match s.kind {
            StepKind::Rout { unit } if s.rule == CHARGE_ROUT_RULE && unit.side == Side::Defender => {
                d_order.get(unit.index).copied()
            }
            _ => None,
        })
        .collect();
    let barred = barred_advances(tx, combat, &charge_routed);
    tx.emit(Event::ShockResolved {
        attackers: attackers.clone(),
        defenders: defenders.clone(),
        column: outcome.column,
        lines: outcome.steps.iter().filter_map(|s| describe(&s.kind).map(|t| format!("{t} ({})", s.rule))).collect(),
    });
    for step in &outcome.steps {
        if let StepKind::Forced { attacker_hits, defender_hits, table } = step.kind {
            tx.emit(Event::ShockResultForced { attacker_hits, defender_hits, table });
        }
    }
    // Leaders hurt in the combat (9.14, 9.2, 9.22).
    let leaders = [
        side_leader(tx.scenario, &tx.state, &combat.attackers),
        side_leader(tx.scenario, &tx.state, &combat.defenders),
    ];
    for step in &outcome.steps {
        let (side, result) = match step.kind {
            StepKind::LeaderCasualty { side, result, .. } => (side, result),
            StepKind::PersonalCombat { loser: Some(side), result, .. } => (side, result),
            _ => continue,
        };
        let k = if side == Side::Attacker { 0 } else { 1 };
        if let (Some((l, _)), false) = (leaders[k], result == LeaderResult::NoEffect) {
            let leader = tx.scenario.leaders[l].id.clone();
            tx.emit(Event::LeaderCasualty { leader, result, rule: step.rule.into() });
        }
    }
    let mut stand_failed = Vec::new();
    for (units, results, attacking) in [(&a_order, &outcome.attackers, true), (&d_order, &outcome.defenders, false)] {
        for (&u, r) in units.iter().zip(results.iter()) {
            let id = tx.scenario.units[u].id.clone();
            let now = tx.state.units[u].hits;
            if r.final_hits > now {
                tx.emit(Event::CohesionHits { unit: id.clone(), hits: r.final_hits - now, cause: HitCause::Shock });
            }
            let routs =
                r.routed || tx.state.units[u].hits >= crate::movement::column::effective_tq(tx.scenario, &tx.state, u);
            if let Some(rule) = attacker_rout_eliminates.filter(|_| attacking && routs) {
                tx.emit(Event::UnitEliminated { unit: id, rule: rule.into() });
                continue;
            }
            if r.routed {
                stand_failed.push(u);
            }
        }
    }
    Ok((stand_failed, barred))
}

/// Advance after combat (9.31–9.34), one-hex attackers: into each hex the defenders left, the
/// attacker beside it — the higher TQ first (with superiority all are equal) — paying the ground's
/// hits, never more than TQ − 1; then the two-hex attackers (9.33, `advance.rs`, P42).
fn advance(tx: &mut Tx, combat: &Combat, held: &[HexId], barred: &[(usize, HexId)]) -> Result<(), RuleError> {
    let occupied = crate::map::zoc::occupancy(&tx.state);
    let vacated: Vec<HexId> = held.iter().copied().filter(|h| !occupied.contains_key(h)).collect();
    let mut moved: Vec<usize> = Vec::new();
    for hex in vacated {
        let mut by: Vec<usize> = combat
            .attackers
            .iter()
            .copied()
            .filter(|&a| {
                let st = &tx.state.units[a];
                !moved.contains(&a)
                    // GBA 9.13, 9.31 (P240): not into a hex its Charge emptied while pinned.
                    && !barred.contains(&(a, hex))
                    && !st.eliminated
                    && !st.routed
                    && matches!(st.placement, Placement::One(at) if at.is_adjacent(hex))
            })
            .collect();
        crate::game::sorting::sort_by_key(&mut by, |&a| (std::cmp::Reverse(tx.scenario.units[a].tq), a));
        let Some(&a) = by.first() else { continue };
        let Placement::One(from) = tx.state.units[a].placement else { continue };
        let u = &tx.scenario.units[a];
        // CG 12.213: no advance through a gate the enemy holds unbreached.
        if crate::works::city::gate_shut(tx.scenario, &tx.state, u.side, from, hex) {
            continue;
        }
        let cost = crate::movement::entry_cost(
            tx.scenario,
            &tx.state,
            crate::movement::category_of(u, &tx.state.units[a].placement),
            from,
            hex,
        );
        // CG 12.22: an elephant advances into the temple or palace it shocked, though it may
        // never move in (the ground's hits: none, P231).
        let elephant_in = u.kind == UnitType::EL
            && matches!(tx.scenario.map.terrain(hex), Some(Terrain::Temple | Terrain::Palace))
            && crate::works::city_combat::may_enter(tx.scenario, &tx.state, (u.kind, false, u.side), from, hex);
        let Some(ground_hits) = cost.map(|c| c.hits).or(elephant_in.then_some(0)) else {
            continue;
        };
        // Its ground costs, but an advance never routs it: at most TQ − 1 (9.31).
        let (now, tq) = (tx.state.units[a].hits, u.tq);
        let hits = ground_hits.min(tq.saturating_sub(1).saturating_sub(now));
        let id = u.id.clone();
        tx.emit(Event::UnitAdvanced { unit: id.clone(), from, to: hex });
        if hits > 0 {
            tx.emit(Event::CohesionHits { unit: id, hits, cause: HitCause::Terrain });
        }
        moved.push(a);
    }
    // 9.33: then the two-hex attackers.
    crate::combat::advance::formation_advances(tx, &combat.attackers, held, barred)
}

/// A step of the combat in plain words, for the log.
fn describe(step: &StepKind) -> Option<String> {
    Some(match step {
        StepKind::Temperament { drm, .. } => {
            let how = if *drm < 0 {
                "an aggressive leader: it goes in harder"
            } else {
                "a cautious leader: it goes in warily"
            };
            format!("{how}, {drm:+} on its charge check")
        }
        StepKind::ChargeCheck { roll, drm, tq, hits, .. } => {
            format!("charge check: {roll}{drm:+} against TQ {tq}, {hits} hit(s)")
        }
        StepKind::StandRoll { roll, modified, tq, stands, .. } => {
            format!(
                "stand roll {roll} (modified {modified}) against TQ {tq}: {}",
                if *stands { "stands" } else { "breaks" }
            )
        }
        StepKind::BaseColumn { column, arc, .. } => format!("clash of spears through the {arc:?}: column {column}"),
        StepKind::Superiority { superiority, .. } => format!("superiority: {superiority:?}"),
        StepKind::SizeRatio { attacker_size, defender_size, shift, .. } => {
            format!("size {attacker_size} against {defender_size}: {shift:+} columns")
        }
        StepKind::Shift { code, columns, .. } => format!("{code}: {columns:+} columns"),
        StepKind::FinalColumn { read, .. } => format!("column {read}"),
        StepKind::CrtRoll { natural, attacker_charisma, defender_charisma, row, .. } => {
            format!("roll {natural}, charisma {attacker_charisma:+}/{:+}: row {row}", -defender_charisma)
        }
        StepKind::RawResult { attacker_hits, defender_hits, .. } => {
            format!("result {attacker_hits}({defender_hits})")
        }
        StepKind::Forced { attacker_hits, defender_hits, table: (a, d) } => {
            format!("result forced for testing: {attacker_hits}({defender_hits}), where the table gives {a}({d})")
        }
        StepKind::Multiplier { what, attacker_hits, defender_hits } => {
            format!("{what}: {attacker_hits}({defender_hits})")
        }
        StepKind::Breakthrough { hits, .. } => format!("push of shields: 2 more hits (now {hits})"),
        StepKind::CollapseCheck { roll, tq, passes, .. } => {
            format!("collapse check {roll} against TQ {tq}: {}", if *passes { "holds" } else { "routs" })
        }
        StepKind::MutualRout { routing, .. } => format!("both sides break: the {} routs", routing.name()),
        _ => return None,
    })
}

/// Units in this combat (for the UI's preview): by id.
/// Combats as the command names them (9.12).
pub fn combat_groups(scenario: &Scenario, combats: &[Combat]) -> Vec<crate::game::CombatGroup> {
    combats
        .iter()
        .map(|c| {
            let (attackers, defenders) = combat_ids(scenario, c);
            crate::game::CombatGroup { attackers, defenders }
        })
        .collect()
}

pub fn combat_ids(scenario: &Scenario, c: &Combat) -> (Vec<String>, Vec<String>) {
    let ids = |v: &[usize]| v.iter().map(|&u| scenario.units[u].id.clone()).collect();
    (ids(&c.attackers), ids(&c.defenders))
}

/// Hexes of a combat's units, for picking it out on the map.
pub fn combat_hexes(state: &GameState, c: &Combat) -> BTreeSet<HexId> {
    c.attackers.iter().chain(&c.defenders).flat_map(|&u| state.units[u].placement.hexes()).collect()
}
