//! Orderly withdrawal (GBA 6.7) and the leader's withdrawal and capture (4.62).
//!
//! A faster unit may step back from an enemy unit the instant it comes within two hexes, during
//! that enemy's movement: the move pauses (as for reaction facing, `reaction.rs`) and the other
//! side decides. The withdrawal keeps the unit's facing, spends no MP of its own and needs no
//! order; every hex entered is farther from the enemy than the one left (6.71). A leader may do
//! the same, and a leader alone whom an enemy unit comes up beside must, or is captured (4.62).

use crate::charts::movement_costs::{facing_cost, MoveCategory};
use crate::combat::missile::MissileFire;
use crate::facing::{arc_of, neighbours, vertices_between, Arc};
use crate::game::{Event, GameState, HitCause, Phase, RollPurpose, RuleError, Tx};
use crate::hex::{HexId, Hexside, Vertex};
use crate::movement::{category_of, entry_cost, Destination, LEADER_CATEGORY, LEADER_MP};
use crate::scenario::Scenario;
use crate::terrain::Terrain;
use crate::units::{Placement, Unit, UnitType};
use crate::zoc::{enemy_zoc, occupancy};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};

/// An enemy this close may be withdrawn from (6.71).
pub const TRIGGER_RANGE: u32 = 2;
/// How far a skirmisher withdraws from foot, in hexes rather than MP (6.71).
pub const SKIRMISHER_HEXES: u8 = 2;

/// The approaching unit's MA for the comparison (6.71, 4.62): a phalanx counts 4 even when it
/// moves with its augmented 5.
pub fn approach_ma(mover: &Unit) -> u8 {
    if mover.kind == UnitType::PH {
        mover.ma.min(4)
    } else {
        mover.ma
    }
}

/// How far a withdrawal may go (6.71).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Allowance {
    /// Movement points of terrain cost: own MA less the mover's.
    Mp(u8),
    /// Hexes, whatever they cost: skirmishers from units no faster than they are.
    Hexes(u8),
}

/// How far `unit` may withdraw from `mover`, if it may at all (6.71): one-hex, on the field, not
/// in an enemy ZOC, and faster than the mover — or a skirmisher no slower than it.
///
/// Two-hex units do not withdraw in this version (P24). Routed units and columns, which may
/// not, do not exist yet (10.2, 6.67).
pub fn unit_allowance(scenario: &Scenario, state: &GameState, unit: usize, mover: usize) -> Option<Allowance> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let Placement::One(at) = st.placement else { return None };
    // Routed units do not withdraw (6.71).
    if st.eliminated || st.routed || enemy_zoc(scenario, state, u.side).contains_key(&at) {
        return None;
    }
    let theirs = approach_ma(&scenario.units[mover]);
    if u.kind.is_foot_skirmisher() && theirs <= u.ma {
        Some(Allowance::Hexes(SKIRMISHER_HEXES))
    } else if u.ma > theirs {
        Some(Allowance::Mp(u.ma - theirs))
    } else {
        None
    }
}

/// How far a leader may withdraw from `mover`: 9 less its MA, in MP (4.62, 6.71).
pub fn leader_allowance(scenario: &Scenario, mover: usize) -> Option<Allowance> {
    let theirs = approach_ma(&scenario.units[mover]);
    (LEADER_MP > theirs).then(|| Allowance::Mp(LEADER_MP - theirs))
}

/// The side of a unit the enemy came up on, for the hit before withdrawing (6.72[2]). Beside
/// it, the hex the enemy stands in decides; two hexes off, the best of the unit's neighbours
/// the enemy's hex touches, front before flank before rear (P25).
pub fn approach_arc(placement: &Placement, facing: Vertex, enemy: &Placement) -> Arc {
    let rank = |a: Arc| match a {
        Arc::Front => 0,
        Arc::Flank => 1,
        Arc::Rear => 2,
    };
    let beside: Vec<Arc> = enemy.hexes().filter_map(|h| arc_of(placement, facing, h)).collect();
    let arcs = if beside.is_empty() {
        neighbours(placement, facing)
            .into_iter()
            .filter(|(n, _)| enemy.hexes().any(|h| h.is_adjacent(*n)))
            .map(|(_, a)| a)
            .collect()
    } else {
        beside
    };
    arcs.into_iter().min_by_key(|a| rank(*a)).unwrap_or(Arc::Rear)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Spent {
    mp: u8,
    hits: u8,
    hexes: u8,
}

/// Everything fixed for one withdrawal.
struct Retreat<'a> {
    scenario: &'a Scenario,
    side: usize,
    start: HexId,
    /// The hexes of the enemy withdrawn from.
    from: Vec<HexId>,
    category: MoveCategory,
    allowance: Allowance,
    zoc: HashMap<HexId, Vec<usize>>,
    occupied: HashMap<HexId, usize>,
    /// A combat unit (it may not stop on a friend; only skirmishers pass through, 6.92); `None`
    /// for a leader, who stacks freely (6.94).
    unit: Option<&'a Unit>,
    /// Routed friends (passing through one eliminates it, 6.92).
    routed: Vec<usize>,
}

impl Retreat<'_> {
    fn distance(&self, h: HexId) -> u32 {
        self.from.iter().map(|f| f.distance(h)).min().unwrap_or(u32::MAX)
    }

    /// Stepping from `from` into `to` having spent `spent` (6.71, 6.75).
    fn step(&self, from: HexId, to: HexId, spent: Spent) -> Result<Spent, String> {
        let map = &self.scenario.map;
        if !map.contains(to) {
            return Err(format!("{to} is off the map"));
        }
        if !from.is_adjacent(to) {
            return Err(format!("{to} is not next to {from}"));
        }
        let mut extra = 0;
        if self.distance(to) <= self.distance(from) {
            return Err(format!("{to} is not farther from the enemy than {from} (6.71)"));
        }
        if let Some(&o) = self.occupied.get(&to) {
            let other = &self.scenario.units[o];
            if other.side != self.side {
                return Err(format!("{to} holds the enemy {}", other.name));
            }
            // Through a friend as the stacking chart says (6.75, 6.92); leaders stack freely.
            if let Some(u) = self.unit {
                let routed = self.routed.contains(&o);
                match crate::movement::pass_through(u, other, routed) {
                    crate::charts::stacking::Outcome::Free | crate::charts::stacking::Outcome::StationaryEliminated => {
                    }
                    crate::charts::stacking::Outcome::ExtraMp { mp, .. } => extra = mp,
                    _ => return Err(format!("a {} may not pass through {} (6.92)", u.kind.name(), other.name)),
                }
            }
        }
        if self.zoc.contains_key(&to) {
            return Err(format!("{to} is in an enemy zone of control (6.75)"));
        }
        if map.terrain(to).is_some_and(|t| t.is_rough() && t != Terrain::Rocky) {
            return Err(format!(
                "{to} is rough ground; of rough hexes only rocky ones are open to a withdrawal (6.75)"
            ));
        }
        if map.hexside(from, to).is_some_and(|f| f.is_rough()) {
            return Err(format!("the hexside between {from} and {to} is rough (6.75)"));
        }
        let Some(cost) = entry_cost(self.scenario, self.category, from, to) else {
            return Err(format!("{to} cannot be entered that way (6.75, movement costs chart)"));
        };
        let hits = if self.unit.is_some() { cost.hits } else { 0 };
        let next = Spent { mp: spent.mp + cost.mp + extra, hits: spent.hits + hits, hexes: spent.hexes + 1 };
        match self.allowance {
            Allowance::Mp(n) if next.mp > n => {
                Err(format!("that needs {} MP and the withdrawal allows {n} (6.71)", next.mp))
            }
            Allowance::Hexes(n) if next.hexes > n => Err(format!("a skirmisher withdraws at most {n} hexes (6.71)")),
            _ => Ok(next),
        }
    }

    fn may_end_at(&self, h: HexId) -> bool {
        self.unit.is_none() || !self.occupied.contains_key(&h)
    }

    /// Every hex the withdrawal can reach, by its cheapest path.
    fn search(&self) -> BTreeMap<HexId, (Spent, Vec<HexId>)> {
        let zero = Spent { mp: 0, hits: 0, hexes: 0 };
        let mut best: HashMap<HexId, (Spent, Vec<HexId>)> = HashMap::from([(self.start, (zero, Vec::new()))]);
        let mut heap = BinaryHeap::from([Reverse((zero, self.start))]);
        while let Some(Reverse((spent, hex))) = heap.pop() {
            if best.get(&hex).is_some_and(|(b, _)| *b < spent) {
                continue;
            }
            for side in Hexside::ALL {
                let Some(to) = hex.neighbour(side) else { continue };
                let Ok(next) = self.step(hex, to, spent) else { continue };
                if best.get(&to).is_none_or(|(b, _)| next < *b) {
                    let mut path = best[&hex].1.clone();
                    path.push(to);
                    best.insert(to, (next, path));
                    heap.push(Reverse((next, to)));
                }
            }
        }
        best.into_iter().filter(|(h, _)| *h != self.start && self.may_end_at(*h)).collect()
    }

    /// Walks a given path (6.71, 6.75).
    fn walk(&self, path: &[HexId]) -> Result<Spent, String> {
        if path.is_empty() {
            return Err("a withdrawal enters at least one hex".into());
        }
        let mut spent = Spent { mp: 0, hits: 0, hexes: 0 };
        let mut at = self.start;
        for &to in path {
            spent = self.step(at, to, spent)?;
            at = to;
        }
        if !self.may_end_at(at) {
            return Err(format!("{at} holds a friendly unit; units do not end a move stacked (6.91)"));
        }
        Ok(spent)
    }
}

/// The enemy unit being withdrawn from: the mover of the current reaction pause.
fn current_mover(scenario: &Scenario, state: &GameState) -> Option<usize> {
    let Phase::Reaction { mover, .. } = &state.phase else { return None };
    scenario.units.iter().position(|u| &u.id == mover)
}

fn unit_retreat<'a>(scenario: &'a Scenario, state: &GameState, unit: usize, mover: usize) -> Option<Retreat<'a>> {
    // A column never withdraws (6.67).
    if state.units[unit].column {
        return None;
    }
    retreat_from(scenario, state, unit, mover, unit_allowance(scenario, state, unit, mover)?)
}

/// A one-hex unit's withdrawal away from enemy unit `enemy`, within `allowance`.
fn retreat_from<'a>(
    scenario: &'a Scenario,
    state: &GameState,
    unit: usize,
    enemy: usize,
    allowance: Allowance,
) -> Option<Retreat<'a>> {
    let u = &scenario.units[unit];
    let Placement::One(start) = state.units[unit].placement else { return None };
    Some(Retreat {
        scenario,
        side: u.side,
        start,
        from: state.units[enemy].placement.hexes().collect(),
        category: category_of(u, &state.units[unit].placement),
        allowance,
        zoc: enemy_zoc(scenario, state, u.side),
        occupied: occupancy(state),
        unit: Some(u),
        routed: (0..state.units.len()).filter(|&i| state.units[i].routed).collect(),
    })
}

fn leader_retreat<'a>(scenario: &'a Scenario, state: &GameState, leader: usize, mover: usize) -> Option<Retreat<'a>> {
    let side = scenario.leaders[leader].side;
    Some(Retreat {
        scenario,
        side,
        start: state.leaders[leader].at,
        from: state.units[mover].placement.hexes().collect(),
        category: LEADER_CATEGORY,
        allowance: leader_allowance(scenario, mover)?,
        zoc: enemy_zoc(scenario, state, side),
        occupied: occupancy(state),
        unit: None,
        routed: Vec::new(),
    })
}

/// The facing cost at the end of a withdrawal, within what the allowance leaves (6.72).
fn final_facings(u: &Unit, r: &Retreat, end: HexId, facing: Vertex, spent: Spent) -> Vec<(Vertex, u8, u8)> {
    let rough = r.scenario.map.terrain(end).is_some_and(|t| t.is_rough());
    Vertex::ALL
        .into_iter()
        .filter_map(|v| {
            let c = facing_cost(u.kind, u.class, vertices_between(facing, v), rough);
            let mp = spent.mp + c.mp;
            // A skirmisher's allowance is in hexes: its facing is free of MP (P26).
            let fits = match r.allowance {
                Allowance::Mp(n) => mp <= n,
                Allowance::Hexes(_) => true,
            };
            fits.then_some((v, mp, spent.hits + c.hits))
        })
        .collect()
}

/// Where `unit` may withdraw to from the enemy now coming up: each hex and facing, by the
/// cheapest path, with the MP of the allowance used and the terrain and facing hits (the 6.72
/// penalties come on top). Empty when it may not withdraw now.
pub fn unit_withdrawals(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<Destination> {
    let Phase::Reaction { withdrawers, .. } = &state.phase else { return Vec::new() };
    let u = &scenario.units[unit];
    if !withdrawers.contains(&u.id) {
        return Vec::new();
    }
    let Some(mover) = current_mover(scenario, state) else { return Vec::new() };
    let Some(r) = unit_retreat(scenario, state, unit, mover) else { return Vec::new() };
    let facing = state.units[unit].facing;
    let mut out = Vec::new();
    for (end, (spent, path)) in r.search() {
        for (v, mp, hits) in final_facings(u, &r, end, facing, spent) {
            out.push(Destination {
                hex: end,
                placement: Placement::One(end),
                facing: v,
                wheel: false,
                mp,
                hits,
                path: path.clone(),
                in_enemy_zoc: false,
                column: false,
            });
        }
    }
    out
}

/// Where `leader` may withdraw to now (4.62): each hex with the MP used and the path.
pub fn leader_withdrawals(scenario: &Scenario, state: &GameState, leader: usize) -> BTreeMap<HexId, (u8, Vec<HexId>)> {
    let Phase::Reaction { leaders, .. } = &state.phase else { return BTreeMap::new() };
    if !leaders.contains(&scenario.leaders[leader].id) {
        return BTreeMap::new();
    }
    let Some(mover) = current_mover(scenario, state) else { return BTreeMap::new() };
    let Some(r) = leader_retreat(scenario, state, leader, mover) else { return BTreeMap::new() };
    r.search().into_iter().map(|(h, (spent, path))| (h, (spent.mp, path))).collect()
}

/// Those who may withdraw from `mover` now that it stands where it is, having come from
/// `before` (`None`: its move is just starting): units and leaders it has just come within two
/// hexes of and that have somewhere to go (6.71, 4.62), and lone leaders it has just come up
/// beside (4.62), whether or not they can get away.
pub struct Offer {
    pub withdrawers: Vec<usize>,
    pub leaders: Vec<usize>,
    pub exposed: Vec<usize>,
}

pub fn offer(scenario: &Scenario, state: &GameState, mover: usize, before: Option<&Placement>) -> Offer {
    let side = scenario.units[mover].side;
    let now: Vec<HexId> = state.units[mover].placement.hexes().collect();
    let dist = |hexes: &[HexId], h: HexId| hexes.iter().map(|x| x.distance(h)).min().unwrap_or(u32::MAX);
    let was: Vec<HexId> = before.map(|p| p.hexes().collect()).unwrap_or_default();
    let came_within = |h: HexId, range: u32| dist(&now, h) <= range && (was.is_empty() || dist(&was, h) > range);
    let withdrawers = (0..scenario.units.len())
        .filter(|&i| {
            let u = &scenario.units[i];
            u.side != side
                && !state.units[i].eliminated
                && state.units[i].placement.hexes().any(|h| came_within(h, TRIGGER_RANGE))
                && unit_retreat(scenario, state, i, mover).is_some_and(|r| !r.search().is_empty())
        })
        .collect();
    let occupied = occupancy(state);
    let mut leaders = Vec::new();
    let mut exposed = Vec::new();
    for (i, l) in scenario.leaders.iter().enumerate() {
        let at = state.leaders[i].at;
        if l.side == side || state.leaders[i].status == crate::game::LeaderStatus::Eliminated {
            continue;
        }
        let alone = occupied.get(&at).is_none_or(|&o| scenario.units[o].side != l.side);
        // Only an enemy that moves up beside him exposes him, not one starting there (4.62).
        if alone && before.is_some() && came_within(at, 1) {
            exposed.push(i);
            leaders.push(i);
        } else if came_within(at, TRIGGER_RANGE) && leader_can_withdraw(scenario, state, i, mover) {
            leaders.push(i);
        }
    }
    Offer { withdrawers, leaders, exposed }
}

/// The crisis of faith's withdrawal (5.33[3], digest A4, P41): two hexes away from the nearest
/// enemy unit, by the withdrawal's ground rules (6.75), the start of the move free of the ZOC
/// test; as far as it can if two hexes are not open; the hex farthest from that enemy, the first
/// by id among equals. `None`: it stays (no enemy on the field, nowhere to go, or a two-hex unit,
/// P24).
pub fn crisis_withdrawal(scenario: &Scenario, state: &GameState, unit: usize) -> Option<Vec<HexId>> {
    let u = &scenario.units[unit];
    let Placement::One(start) = state.units[unit].placement else { return None };
    let nearest = (0..scenario.units.len())
        .filter(|&e| scenario.units[e].side != u.side && !state.units[e].eliminated)
        .min_by_key(|&e| (state.units[e].placement.hexes().map(|h| h.distance(start)).min().unwrap_or(u32::MAX), e))?;
    let r = retreat_from(scenario, state, unit, nearest, Allowance::Hexes(2))?;
    r.search()
        .into_iter()
        .max_by_key(|(h, (_, path))| (path.len(), r.distance(*h), std::cmp::Reverse(*h)))
        .map(|(_, (_, path))| path)
}

/// Could `leader` withdraw from `mover` at all? Else, alone beside it, he is captured (4.62).
pub fn leader_can_withdraw(scenario: &Scenario, state: &GameState, leader: usize, mover: usize) -> bool {
    leader_retreat(scenario, state, leader, mover).is_some_and(|r| !r.search().is_empty())
}

/// Carries out an orderly withdrawal (6.71–6.75): the hit for a flank or rear approach before
/// it, the terrain on the way, the facing at the end; then the hit for infantry and chariots and
/// the TQ check (6.72). Skirmishers take only the rear-approach hit.
pub fn withdraw(tx: &mut Tx, unit: &str, path: &[HexId], facing: Vertex, fire: bool) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "6.7", reason };
    let Phase::Reaction { withdrawers, .. } = &tx.state.phase else {
        return Err(refuse("no enemy is coming up".into()));
    };
    if !withdrawers.iter().any(|w| w == unit) {
        return Err(refuse(
            "it may not withdraw now: the enemy did not just come within two hexes, or it is not faster (6.71)".into(),
        ));
    }
    let mover = current_mover(tx.scenario, &tx.state).ok_or_else(|| refuse("no enemy is coming up".into()))?;
    let r =
        unit_retreat(tx.scenario, &tx.state, ui, mover).ok_or_else(|| refuse("it may not withdraw (6.71)".into()))?;
    let spent = r.walk(path).map_err(refuse)?;
    let u = &tx.scenario.units[ui];
    let end = *path.last().expect("walk refuses an empty path");
    let start_facing = tx.state.units[ui].facing;
    let Some(&(_, mp, hits)) = final_facings(u, &r, end, start_facing, spent).iter().find(|(v, ..)| *v == facing)
    else {
        return Err(refuse(format!("turning to {} costs more than the withdrawal leaves (6.72)", facing.name())));
    };
    let (skirmisher, tq) = (u.kind.is_foot_skirmisher(), u.tq);
    let suffers_after = !skirmisher && (is_infantry(u.kind) || matches!(u.kind, UnitType::CH | UnitType::ChStar));
    let arc = approach_arc(&tx.state.units[ui].placement, start_facing, &tx.state.units[mover].placement);
    // 6.72[2]: flank or rear, one hit first; a skirmisher only from the rear.
    if arc == Arc::Rear || (arc == Arc::Flank && !skirmisher) {
        tx.emit(Event::CohesionHits { unit: unit.into(), hits: 1, cause: HitCause::WithdrawalApproach });
    }
    for h in &path[..path.len() - 1] {
        let through = tx.state.units.iter().position(|o| !o.eliminated && o.placement.hexes().any(|x| x == *h));
        if let Some(other) = through {
            crate::reaction::pass_through_checks(tx, ui, other)?;
        }
    }
    tx.emit(Event::UnitWithdrew { unit: unit.into(), path: path.to_vec(), placement: Placement::One(end), facing, mp });
    if hits > 0 {
        tx.emit(Event::CohesionHits { unit: unit.into(), hits, cause: HitCause::Terrain });
    }
    if suffers_after {
        // 6.72[1], then [3]: one hit for failing the check, whatever the margin.
        tx.emit(Event::CohesionHits { unit: unit.into(), hits: 1, cause: HitCause::Withdrawal });
    }
    if !skirmisher {
        let roll = tx.roll(RollPurpose::TqCheck { unit: unit.into(), rule: "6.72".into() })?;
        if roll > tq {
            tx.emit(Event::CohesionHits { unit: unit.into(), hits: 1, cause: HitCause::WithdrawalCheck });
        }
    }
    if fire {
        volley_at_mover(tx, ui, mover)?;
    }
    crate::reaction::after_reaction(tx)
}

/// The volley this withdrawer may loose at the enemy it withdraws from, if any (6.76): horse
/// archers only, with missiles, once at each enemy a phase.
pub fn withdrawal_volley(scenario: &Scenario, state: &GameState, unit: usize) -> Option<MissileFire> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let mover = current_mover(scenario, state)?;
    let may = u.kind == UnitType::LC
        && u.class == Some(crate::units::UnitClass::A)
        && st.supply != crate::combat::missile::Supply::No
        && !st.withdrawal_volleys.contains(&scenario.units[mover].id);
    if may {
        volley_for(scenario, state, unit, mover)
    } else {
        None
    }
}

/// The volley of a withdrawing horse archer at the enemy it withdraws from: range counted as 2,
/// as a moving firer (6.76, A18).
fn volley_for(scenario: &Scenario, state: &GameState, unit: usize, mover: usize) -> Option<MissileFire> {
    let (u, t) = (&scenario.units[unit], &scenario.units[mover]);
    let mut fire = MissileFire::new(scenario.meta.rules, u.kind, u.missile?, 2, t.kind);
    fire.firer_class = u.class;
    fire.target_class = t.class;
    fire.supply = state.units[unit].supply;
    fire.moving = true;
    let ts = &state.units[mover];
    let here = state.units[unit].placement;
    let nearest = ts.placement.hexes().min_by_key(|h| here.hexes().map(|x| x.distance(*h)).min().unwrap_or(0))?;
    fire.target_in_woods = scenario.map.terrain(nearest) == Some(Terrain::Woods);
    fire.through_front =
        here.hexes().any(|h| crate::facing::arc_of(&ts.placement, ts.heading(), h) == Some(Arc::Front));
    fire.leader_in_target_hex = crate::shock_segment::side_leader(scenario, state, &[mover]).map(|(_, l)| l);
    crate::combat::missile::validate(&fire).ok().map(|_| fire)
}

fn volley_at_mover(tx: &mut Tx, unit: usize, mover: usize) -> Result<(), RuleError> {
    let (id, target) = (tx.scenario.units[unit].id.clone(), tx.scenario.units[mover].id.clone());
    let refuse = |reason: &str| RuleError::IllegalMove { unit: id.clone(), rule: "6.76", reason: reason.into() };
    let fire = withdrawal_volley(tx.scenario, &tx.state, unit)
        .ok_or_else(|| refuse("only horse archers with missiles fire as they withdraw, once at each enemy a phase"))?;
    crate::fire::apply_volley(tx, &id, &target, &fire, None)
}

/// A leader withdraws (4.62): no MP spent, no hits.
pub fn withdraw_leader(tx: &mut Tx, leader: &str, path: &[HexId]) -> Result<(), RuleError> {
    let li = tx.leader_index(leader)?;
    let refuse = |reason: String| RuleError::IllegalMove { unit: leader.into(), rule: "4.62", reason };
    let Phase::Reaction { leaders, .. } = &tx.state.phase else {
        return Err(refuse("no enemy is coming up".into()));
    };
    if !leaders.iter().any(|l| l == leader) {
        return Err(refuse("the enemy did not just come within two hexes of him".into()));
    }
    let mover = current_mover(tx.scenario, &tx.state).ok_or_else(|| refuse("no enemy is coming up".into()))?;
    let r = leader_retreat(tx.scenario, &tx.state, li, mover)
        .ok_or_else(|| refuse("the enemy is as fast as he is (6.71)".into()))?;
    r.walk(path).map_err(refuse)?;
    tx.emit(Event::LeaderWithdrew { leader: leader.into(), path: path.to_vec() });
    crate::reaction::after_reaction(tx)
}

/// Infantry for the 6.72[1] penalty (GBA 2.4 digest note: PH, HI, MI, LI, LP, SK).
pub fn is_infantry(kind: UnitType) -> bool {
    matches!(
        kind,
        UnitType::PH | UnitType::HI | UnitType::MI | UnitType::LI | UnitType::LP | UnitType::SK | UnitType::SkStar
    )
}
