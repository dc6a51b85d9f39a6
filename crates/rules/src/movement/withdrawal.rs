//! Orderly withdrawal (GBA 6.7) and the leader's withdrawal and capture (4.62).
//!
//! A faster unit may step back from an enemy unit the instant it comes within two hexes, during
//! that enemy's movement: the move pauses (as for reaction facing, `reaction.rs`) and the other
//! side decides. The withdrawal keeps the unit's facing, spends no MP of its own and needs no
//! order; every hex entered is farther from the enemy than the one left (6.71). A leader may do
//! the same, and a leader alone whom an enemy unit comes up beside must, or is captured (4.62).

use crate::charts::movement_costs::{unit_facing_cost, MoveCategory};
use crate::combat::missile::MissileFire;
use crate::game::{Event, GameState, HitCause, LineStep, Phase, RollPurpose, RuleError, Tx};
use crate::map::facing::{arc_of, neighbours, vertices_between, Arc};
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::map::terrain::Terrain;
use crate::map::zoc::{enemy_zoc, occupancy};
use crate::movement::{category_of, entry_cost, Destination, LEADER_MP};
use crate::scenario::units::{LineType, Placement, Unit, UnitType};
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

/// An enemy this close may be withdrawn from (GBA 6.71; CG 6.6, 6.61).
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
/// A two-hex unit too, no half in an enemy ZOC (P24); a phalanx counts its MA 4 (6.71). Columns,
/// which may not, are turned away by the callers (6.67).
pub fn unit_allowance(scenario: &Scenario, state: &GameState, unit: usize, mover: usize) -> Option<Allowance> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    // Asked for every unit an approach may make withdraw, in the same state.
    let zoc = crate::map::zoc::shared_enemy_zoc(scenario, state, u.side);
    // Routed units do not withdraw (6.71).
    // CG 10.16: horses an elephant came beside withdraw out of its own ZOC (P110).
    let pins = |by: &Vec<usize>| {
        by.iter().any(|&e| e != mover || !crate::special::elephants::frightens(scenario, mover, unit))
    };
    if st.eliminated || st.routed || st.engaged || st.placement.hexes().any(|h| zoc.get(&h).is_some_and(pins)) {
        return None;
    }
    let theirs = approach_ma(&scenario.units[mover]);
    let chariot = matches!(u.kind, UnitType::CH | UnitType::ChStar);
    if u.kind.is_foot_skirmisher() && theirs <= u.ma {
        Some(Allowance::Hexes(SKIRMISHER_HEXES))
    } else if u.ma > theirs {
        Some(Allowance::Mp(u.ma - theirs))
    } else if chariot
        && scenario.units[mover].kind == UnitType::EL
        && u.ma == theirs
        && crate::scenario::rule_set::hooks(scenario.meta.rules).chariot_withdraws_from_elephant
    {
        // CG 6.62 exception 2: 1 MP from an elephant as fast as it.
        Some(Allowance::Mp(1))
    } else {
        None
    }
}

/// How far Darius withdraws, whatever comes at him (GBA 9.24).
pub const DARIUS_HEXES: u8 = 4;

/// How far `leader` may withdraw from `mover`: 9 less its MA, in MP (4.62, 6.71); Darius always
/// up to 4 hexes (9.24).
pub fn leader_allowance(scenario: &Scenario, leader: usize, mover: usize) -> Option<Allowance> {
    if scenario.leaders[leader].darius_the_target {
        return Some(Allowance::Hexes(DARIUS_HEXES));
    }
    let theirs = approach_ma(&scenario.units[mover]);
    (LEADER_MP > theirs).then(|| Allowance::Mp(LEADER_MP - theirs))
}

/// The side of a unit the enemy came up on, for the hit before withdrawing (6.72[2]). Beside
/// it, the hex the enemy stands in decides; farther off, the best of the unit's neighbours
/// nearest the enemy — two hexes off, those the enemy's hex touches — front before flank before
/// rear (P25; farther units of a withdrawing cavalry line, P54).
pub fn approach_arc(placement: &Placement, facing: Vertex, enemy: &Placement) -> Arc {
    let rank = |a: Arc| match a {
        Arc::Front => 0,
        Arc::Flank => 1,
        Arc::Rear => 2,
    };
    let beside: Vec<Arc> = enemy.hexes().filter_map(|h| arc_of(placement, facing, h)).collect();
    let arcs = if beside.is_empty() {
        let near = |n: HexId| enemy.hexes().map(|h| h.distance(n)).min().unwrap_or(u32::MAX);
        let around = neighbours(placement, facing);
        let nearest = around.iter().map(|(n, _)| near(*n)).min().unwrap_or(u32::MAX);
        around.into_iter().filter(|(n, _)| near(*n) == nearest).map(|(_, a)| a).collect()
    } else {
        beside
    };
    arcs.into_iter().min_by_key(|a| rank(*a)).unwrap_or(Arc::Rear)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Spent {
    mp: u8,
    hits: u8,
    hexes: u8,
}

/// The fortified camp hexside between `from` and `to`, which no withdrawal crosses (CG 12.14);
/// a camp gate is none (P162).
/// A breached palisade is passed as a gate (CG 12.31; rulings P177).
fn fortified(
    scenario: &Scenario,
    state: &GameState,
    from: HexId,
    to: HexId,
) -> Option<crate::map::terrain::HexsideFeature> {
    let camps = crate::scenario::rule_set::hooks(scenario.meta.rules).camps;
    crate::works::breach::hexside_now(scenario, state, from, to).filter(|f| camps && f.is_camp_fortification())
}

/// A rough hex no withdrawal enters: GBA 6.75 leaves rocky ones open, CG 6.66 none (CG 6.24:
/// every non-clear hex is rough).
fn closed_to_withdrawal(scenario: &Scenario, terrain: Terrain) -> bool {
    let ground = crate::scenario::rule_set::hooks(scenario.meta.rules).withdrawal_ground;
    terrain.is_rough() && !(ground.rocky_open && terrain == Terrain::Rocky)
}

/// Everything fixed for one withdrawal.
pub(crate) struct Retreat<'a> {
    scenario: &'a Scenario,
    /// The state, for what the battle has changed on the ground (a breach, CG 12.31).
    state: &'a GameState,
    side: usize,
    start: HexId,
    /// The hexes of the enemy withdrawn from.
    from: Vec<HexId>,
    category: MoveCategory,
    allowance: Allowance,
    zoc: FxHashMap<HexId, Vec<usize>>,
    occupied: FxHashMap<HexId, usize>,
    /// A combat unit (it may not stop on a friend; only skirmishers pass through, 6.92); `None`
    /// for a leader, who stacks freely (6.94).
    unit: Option<&'a Unit>,
    /// Routed friends (passing through one eliminates it, 6.92).
    routed: Vec<usize>,
    /// Darius (9.24): every step toward this retreat edge rather than away from the enemy, and
    /// off the map across it if he gets there.
    toward: Option<crate::scenario::Edge>,
    /// Ground the battle's special rules close to the withdrawing unit or leader (P151).
    closed: FxHashMap<HexId, crate::scenario::battles::restrictions::Closure<'a>>,
    /// CG 10.72: hexes a guild unit or chief may not go into of his own will — a rival guild's
    /// units, a rival guild's chief (P129). Empty for a forced withdrawal.
    pub(crate) barred: Vec<HexId>,
}

impl Retreat<'_> {
    pub(crate) fn distance(&self, h: HexId) -> u32 {
        self.from.iter().map(|f| f.distance(h)).min().unwrap_or(u32::MAX)
    }

    /// Stepping from `from` into `to` having spent `spent` (6.71, 6.75).
    fn step(&self, from: HexId, to: HexId, spent: Spent) -> Result<Spent, String> {
        let map = &self.scenario.map;
        if !from.is_adjacent(to) {
            return Err(format!("{to} is not next to {from}"));
        }
        if let Some(rule) = self.closed.get(&to) {
            return Err(crate::scenario::battles::restrictions::refusal(to, rule));
        }
        if let Some(edge) = self.toward {
            // 9.24: straight toward his retreat edge; across it, off the map and out of the battle.
            let progress = from.side_towards(to).map_or(0, |side| crate::effects::rout::progress(edge, side));
            if progress <= 0 {
                return Err(format!("{to} is not toward the {} edge (9.24)", edge.name()));
            }
            if !map.contains(from) {
                return Err("he has left the map".into());
            }
            if !map.contains(to) {
                let next = Spent { mp: spent.mp, hits: 0, hexes: spent.hexes + 1 };
                return match self.allowance {
                    Allowance::Hexes(n) if next.hexes > n => Err(format!("he withdraws at most {n} hexes (9.24)")),
                    _ => Ok(next),
                };
            }
        }
        if !map.contains(to) {
            return Err(format!("{to} is off the map"));
        }
        let mut extra = 0;
        if self.barred.contains(&to) {
            return Err(format!("{to} holds a rival guild's unit or chief: no going through of his own will (10.72)"));
        }
        if self.toward.is_none() && self.distance(to) <= self.distance(from) {
            return Err(format!("{to} is not farther from the enemy than {from} (6.71)"));
        }
        if let Some(&o) = self.occupied.get(&to) {
            let other = &self.scenario.units[o];
            if other.side != self.side {
                return Err(format!("{to} holds the enemy {}", other.name));
            }
            // CG 10.62, P196: no friendly combat unit enters a unit in Square.
            if self.unit.is_some() && self.state.units[o].square {
                return Err(format!(
                    "{to} holds {}, in Square: no friend enters it ({})",
                    other.name,
                    crate::special::square::rule(self.scenario).unwrap_or("10.62")
                ));
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
        let ground = crate::scenario::rule_set::hooks(self.scenario.meta.rules).withdrawal_ground;
        let rule = ground.rule;
        if self.zoc.contains_key(&to) {
            return Err(format!("{to} is in an enemy zone of control ({rule})"));
        }
        if map.terrain(to).is_some_and(|t| closed_to_withdrawal(self.scenario, t)) {
            return Err(if ground.rocky_open {
                format!("{to} is rough ground; of rough hexes only rocky ones are open to a withdrawal ({rule})")
            } else {
                format!("{to} is rough ground, closed to a withdrawal ({rule})")
            });
        }
        if map.hexside(from, to).is_some_and(|f| f.is_rough()) {
            return Err(format!("the hexside between {from} and {to} is rough ({rule})"));
        }
        if let Some(f) = fortified(self.scenario, self.state, from, to) {
            return Err(format!("nobody withdraws across the {} between {from} and {to} (12.14)", f.name()));
        }
        if crate::works::city::gate_shut(self.scenario, self.state, self.side, from, to) {
            return Err(format!("the gate between {from} and {to} is the enemy's and not breached (12.213)"));
        }
        let Some(cost) = entry_cost(self.scenario, self.state, self.category, from, to) else {
            return Err(format!("{to} cannot be entered that way (6.75, movement costs chart)"));
        };
        let hits = if self.unit.is_some() { cost.hits } else { 0 };
        let next = Spent { mp: spent.mp + cost.mp + extra, hits: spent.hits + hits, hexes: spent.hexes + 1 };
        match self.allowance {
            Allowance::Mp(n) if next.mp > n => {
                Err(format!("that needs {} MP and the withdrawal allows {n} (6.71)", next.mp))
            }
            Allowance::Hexes(n) if next.hexes > n && self.toward.is_some() => {
                Err(format!("he withdraws at most {n} hexes (9.24)"))
            }
            Allowance::Hexes(n) if next.hexes > n => Err(format!("a skirmisher withdraws at most {n} hexes (6.71)")),
            _ => Ok(next),
        }
    }

    fn may_end_at(&self, h: HexId) -> bool {
        self.unit.is_none() || !self.occupied.contains_key(&h)
    }

    /// Every hex the withdrawal can reach, by its cheapest path.
    pub(crate) fn search(&self) -> BTreeMap<HexId, (Spent, Vec<HexId>)> {
        let zero = Spent { mp: 0, hits: 0, hexes: 0 };
        let mut best: FxHashMap<HexId, (Spent, Vec<HexId>)> = FxHashMap::from_iter([(self.start, (zero, Vec::new()))]);
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

/// The enemy unit being withdrawn from: the mover of the current reaction pause (none when an
/// enemy leader is the mover, 9.24).
pub(crate) fn current_mover(scenario: &Scenario, state: &GameState) -> Option<usize> {
    let Phase::Reaction { mover, leader_move: None, .. } = &state.phase else { return None };
    scenario.units.iter().position(|u| &u.id == mover)
}

/// Who a leader withdraws from: an enemy unit (4.62), or, for Darius only, an enemy leader
/// moving on his own (9.24, P128).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Approach {
    Unit(usize),
    Leader(usize),
}

/// The mover of the current reaction pause, unit or leader.
pub(crate) fn current_approach(scenario: &Scenario, state: &GameState) -> Option<Approach> {
    let Phase::Reaction { mover, leader_move, .. } = &state.phase else { return None };
    if leader_move.is_some() {
        return scenario.leaders.iter().position(|l| &l.id == mover).map(Approach::Leader);
    }
    current_mover(scenario, state).map(Approach::Unit)
}

fn unit_retreat<'a>(scenario: &'a Scenario, state: &'a GameState, unit: usize, mover: usize) -> Option<Retreat<'a>> {
    // A column never withdraws (6.67); nor a unit in Square, with its 1 MP (CG 10.62, P194); nor
    // the bottom unit of a Tribal stack: only the top one moves (CG 6.74, P321).
    if state.units[unit].column || state.units[unit].square || crate::special::tribal::is_bottom(scenario, state, unit)
    {
        return None;
    }
    retreat_from(scenario, state, unit, mover, unit_allowance(scenario, state, unit, mover)?)
}

/// A one-hex unit's withdrawal away from enemy unit `enemy`, within `allowance`.
pub(crate) fn retreat_from<'a>(
    scenario: &'a Scenario,
    state: &'a GameState,
    unit: usize,
    enemy: usize,
    allowance: Allowance,
) -> Option<Retreat<'a>> {
    let u = &scenario.units[unit];
    let Placement::One(start) = state.units[unit].placement else { return None };
    Some(Retreat {
        scenario,
        state,
        side: u.side,
        start,
        from: state.units[enemy].placement.hexes().collect(),
        category: category_of(u, &state.units[unit].placement),
        allowance,
        zoc: enemy_zoc(scenario, state, u.side),
        occupied: occupancy(state),
        unit: Some(u),
        routed: (0..state.units.len()).filter(|&i| state.units[i].routed).collect(),
        toward: None,
        closed: crate::scenario::battles::restrictions::closed_to(
            scenario,
            state,
            crate::scenario::battles::restrictions::Mover::Unit(unit),
        ),
        barred: (0..state.units.len())
            .filter(|&o| {
                !state.units[o].eliminated && crate::special::indian::rival_guilds(scenario, u, &scenario.units[o])
            })
            .flat_map(|o| state.units[o].placement.hexes())
            .collect(),
    })
}

fn leader_retreat<'a>(
    scenario: &'a Scenario,
    state: &'a GameState,
    leader: usize,
    from: Approach,
) -> Option<Retreat<'a>> {
    let side = scenario.leaders[leader].side;
    let (from, allowance) = match from {
        Approach::Unit(mover) => {
            (state.units[mover].placement.hexes().collect(), leader_allowance(scenario, leader, mover)?)
        }
        // 9.24: only Darius withdraws from a leader; units and other leaders are not asked (P128).
        Approach::Leader(l) => (
            vec![state.leaders[l].at],
            scenario.leaders[leader].darius_the_target.then_some(Allowance::Hexes(DARIUS_HEXES))?,
        ),
    };
    Some(Retreat {
        scenario,
        state,
        side,
        start: state.leaders[leader].at,
        from,
        category: crate::movement::leader_category(scenario, leader),
        allowance,
        zoc: enemy_zoc(scenario, state, side),
        occupied: occupancy(state),
        unit: None,
        routed: Vec::new(),
        toward: scenario.leaders[leader].darius_the_target.then(|| scenario.sides[side].retreat_edge),
        closed: crate::scenario::battles::restrictions::closed_to(
            scenario,
            state,
            crate::scenario::battles::restrictions::Mover::Leader(leader),
        ),
        barred: state
            .leaders
            .iter()
            .map(|l| l.at)
            .filter(|&h| crate::special::indian::rival_chief_at(scenario, state, leader, h).is_some())
            .collect(),
    })
}

/// The facing cost at the end of a withdrawal, within what the allowance leaves (6.72).
pub(crate) fn final_facings(u: &Unit, r: &Retreat, end: HexId, facing: Vertex, spent: Spent) -> Vec<(Vertex, u8, u8)> {
    let rough = r.scenario.map.terrain(end).is_some_and(|t| t.is_rough());
    Vertex::ALL
        .into_iter()
        .filter_map(|v| {
            // CG 7.12 exc. 2, 7.14: the rule set's facing differences.
            let rule = &crate::scenario::rule_set::hooks(r.scenario.meta.rules).facing;
            let c = unit_facing_cost(rule, u, vertices_between(facing, v), rough);
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
    let u = &scenario.units[unit];
    // From the enemy coming up, or from a rampaging elephant (6.77).
    let (withdrawers, mover) = match &state.phase {
        Phase::Reaction { withdrawers, .. } => (withdrawers, current_mover(scenario, state)),
        Phase::RampageWithdrawal { withdrawers, rampage, .. } => {
            (withdrawers, scenario.units.iter().position(|x| x.id == rampage.unit))
        }
        _ => return Vec::new(),
    };
    if !withdrawers.contains(&u.id) {
        return Vec::new();
    }
    let Some(mover) = mover else { return Vec::new() };
    if state.units[unit].placement.is_two_hex() {
        return two_hex_destinations(scenario, state, unit, mover);
    }
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

/// Where `leader` may withdraw to now (4.62): each hex with the MP used and the path; from the
/// enemy coming up, or from a rampaging elephant (6.77, P190).
pub fn leader_withdrawals(scenario: &Scenario, state: &GameState, leader: usize) -> BTreeMap<HexId, (u8, Vec<HexId>)> {
    let (leaders, mover) = match &state.phase {
        Phase::Reaction { leaders, .. } => (leaders, current_approach(scenario, state)),
        Phase::RampageWithdrawal { leaders, rampage, .. } => {
            (leaders, scenario.units.iter().position(|u| u.id == rampage.unit).map(Approach::Unit))
        }
        _ => return BTreeMap::new(),
    };
    if !leaders.contains(&scenario.leaders[leader].id) {
        return BTreeMap::new();
    }
    let Some(mover) = mover else { return BTreeMap::new() };
    let Some(r) = leader_retreat(scenario, state, leader, mover) else { return BTreeMap::new() };
    r.search()
        .into_iter()
        // CG 12.44[2]: a commander retired to his camp stays in its royal enclosure.
        .filter(|(_, (_, path))| crate::works::retire::confinement(scenario, state, leader, path).is_none())
        .map(|(h, (spent, path))| (h, (spent.mp, path)))
        .collect()
}

/// Those who may withdraw from `mover` now that it stands where it is, having come from
/// `before` (`None`: its move is just starting): units and leaders it has just come within two
/// hexes of and that have somewhere to go (6.71, 4.62), and lone leaders it has just come up
/// beside (4.62), whether or not they can get away.
pub struct Offer {
    pub withdrawers: Vec<usize>,
    pub leaders: Vec<usize>,
    pub exposed: Vec<usize>,
    /// Leaders whose lines may withdraw under their PW orders (6.83).
    pub pre_arranged: Vec<usize>,
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
                && may_withdraw_from(scenario, state, i, mover)
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
    let pre_arranged =
        crate::movement::pre_arranged::triggered(scenario, state, mover, &|h| came_within(h, TRIGGER_RANGE));
    Offer { withdrawers, leaders, exposed, pre_arranged }
}

/// The crisis of faith's withdrawal (5.33[3], digest A4, P41): two hexes away from the nearest
/// enemy unit, by the withdrawal's ground rules (6.75), the start of the move free of the ZOC
/// test; as far as it can if two hexes are not open; the hex farthest from that enemy, the first
/// by id among equals. `None`: it stays (no enemy on the field, nowhere to go, or a two-hex unit,
/// P41).
pub fn crisis_withdrawal(scenario: &Scenario, state: &GameState, unit: usize) -> Option<Vec<HexId>> {
    let u = &scenario.units[unit];
    let Placement::One(start) = state.units[unit].placement else { return None };
    let nearest = (0..scenario.units.len())
        .filter(|&e| scenario.units[e].side != u.side && !state.units[e].eliminated)
        .min_by_key(|&e| (state.units[e].placement.hexes().map(|h| h.distance(start)).min().unwrap_or(u32::MAX), e))?;
    let mut r = retreat_from(scenario, state, unit, nearest, Allowance::Hexes(2))?;
    let best = |r: &Retreat| {
        r.search()
            .into_iter()
            .max_by_key(|(h, (_, path))| (path.len(), r.distance(*h), std::cmp::Reverse(*h)))
            .map(|(_, (_, path))| path)
    };
    // CG 10.72[2]: round a rival guild's units if that goes as far; else through them, forced
    // (the crisis then routs it, P129).
    let free = best(&r);
    r.barred.clear();
    let forced = best(&r);
    match (free, forced) {
        (Some(f), Some(g)) if g.len() > f.len() => Some(g),
        (f, g) => f.or(g),
    }
}

/// The leader's own withdrawal in a crisis of faith (GBA 5.33[3]: "the leader also withdraws two
/// hexes"; P41, P241): as his units' — two hexes away from the nearest enemy unit, by a leader's
/// ground rules of withdrawal (4.62, 6.71), as far as he can; the hex farthest from that enemy,
/// the first by id among equals. `None`: he stays (no enemy on the field, or nowhere to go).
pub fn crisis_leader_withdrawal(scenario: &Scenario, state: &GameState, leader: usize) -> Option<Vec<HexId>> {
    let (side, start) = (scenario.leaders[leader].side, state.leaders[leader].at);
    let nearest = (0..scenario.units.len())
        .filter(|&e| scenario.units[e].side != side && !state.units[e].eliminated)
        .min_by_key(|&e| {
        (state.units[e].placement.hexes().map(|h| h.distance(start)).min().unwrap_or(u32::MAX), e)
    })?;
    let mut r = leader_retreat(scenario, state, leader, Approach::Unit(nearest))?;
    r.allowance = Allowance::Hexes(2);
    r.search()
        .into_iter()
        .filter(|(h, _)| scenario.map.contains(*h))
        .max_by_key(|(h, (_, path))| (path.len(), r.distance(*h), std::cmp::Reverse(*h)))
        .map(|(_, (_, path))| path)
}

/// Could `unit`, one-hex or two-hex, withdraw from `mover` now, somewhere (6.71)?
pub(crate) fn may_withdraw_from(scenario: &Scenario, state: &GameState, unit: usize, mover: usize) -> bool {
    unit_retreat(scenario, state, unit, mover).is_some_and(|r| !r.search().is_empty())
        || !two_hex_ways(scenario, state, unit, mover).is_empty()
}

/// Could `leader` withdraw from `mover` at all? Else, alone beside it, he is captured (4.62).
pub fn leader_can_withdraw(scenario: &Scenario, state: &GameState, leader: usize, mover: usize) -> bool {
    leader_can_withdraw_from(scenario, state, leader, Approach::Unit(mover))
}

/// Could `leader` withdraw from `from` (a unit, or for Darius an enemy leader, 9.24)?
pub fn leader_can_withdraw_from(scenario: &Scenario, state: &GameState, leader: usize, from: Approach) -> bool {
    leader_retreat(scenario, state, leader, from).is_some_and(|r| !r.search().is_empty())
}

/// Carries out an orderly withdrawal (6.71–6.75) of a unit offered one on its own; `with`: a
/// contingent commander stacked with it goes along (5.68).
pub fn withdraw(
    tx: &mut Tx,
    unit: &str,
    path: &[HexId],
    facing: Vertex,
    fire: bool,
    with: Option<&str>,
) -> Result<(), RuleError> {
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
    let step = LineStep { unit: unit.into(), path: path.to_vec(), facing, fire, with: with.map(Into::into) };
    let left = tx.state.units[ui].placement;
    withdraw_unit(tx, ui, mover, &step, "6.7")?;
    crate::special::house::contagion::spread(tx, ui, left, mover)?; // House B6
    crate::movement::reaction::after_reaction(tx)
}

/// One unit's withdrawal from `mover`, alone or with its line (`rule`): the hit for a flank or
/// rear approach before it, the terrain on the way, the facing at the end; then the hit for
/// infantry and chariots and the TQ check (6.72). Skirmishers take only the rear-approach hit.
/// A contingent commander named in `step` goes along (5.68).
pub(crate) fn withdraw_unit(
    tx: &mut Tx,
    ui: usize,
    mover: usize,
    step: &LineStep,
    rule: &'static str,
) -> Result<(), RuleError> {
    let LineStep { path, facing, fire, .. } = step;
    let (facing, fire) = (*facing, *fire);
    let rider = crate::command::contingent::rider(tx, step.with.as_deref(), ui, path)?;
    if tx.state.units[ui].placement.is_two_hex() {
        return withdraw_two_hex(tx, ui, mover, step, rule, rider);
    }
    let unit = tx.scenario.units[ui].id.clone();
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.clone(), rule, reason };
    let r =
        unit_retreat(tx.scenario, &tx.state, ui, mover).ok_or_else(|| refuse("it may not withdraw (6.71)".into()))?;
    // A camp's refusals name their own rule (CG 12.11, 12.14).
    let spent = r.walk(path).map_err(|reason| {
        let rule =
            ["12.11", "12.14", "12.213"].into_iter().find(|r| reason.contains(&format!("({r})"))).unwrap_or(rule);
        RuleError::IllegalMove { unit: unit.clone(), rule, reason }
    })?;
    let u = &tx.scenario.units[ui];
    let end = *path.last().expect("walk refuses an empty path");
    let start_facing = tx.state.units[ui].facing;
    let Some(&(_, mp, hits)) = final_facings(u, &r, end, start_facing, spent).iter().find(|(v, ..)| *v == facing)
    else {
        return Err(refuse(format!("turning to {} costs more than the withdrawal leaves (6.72)", facing.name())));
    };
    let going = Going { path: path.to_vec(), placement: Placement::One(end), facing, mp, hits, rider };
    give_ground(tx, ui, mover, going, fire)
}

/// Where a withdrawing unit goes: the hexes entered, where it ends and facing which, the MP of
/// its allowance used, and the hits of the ground and of its last turn.
pub(crate) struct Going {
    pub path: Vec<HexId>,
    pub placement: Placement,
    pub facing: Vertex,
    pub mp: u8,
    pub hits: u8,
    /// A contingent commander going along (5.68).
    pub rider: Option<usize>,
}

/// A withdrawal already checked, carried out with its penalties (6.72): the hit for a flank or
/// rear approach before it, friends passed through, the ground and the facing at the end; then
/// the hit for infantry and chariots and the TQ check. Skirmishers take only the rear-approach
/// hit. `fire`: a horse archer's volley as it goes (6.76).
pub(crate) fn give_ground(tx: &mut Tx, ui: usize, mover: usize, going: Going, fire: bool) -> Result<(), RuleError> {
    let Going { path, placement, facing, mp, hits, rider } = going;
    let u = &tx.scenario.units[ui];
    let unit = u.id.clone();
    let start_facing = tx.state.units[ui].facing;
    let (skirmisher, tq) = (u.kind.is_foot_skirmisher(), u.tq);
    let suffers_after = !skirmisher && (is_infantry(u.kind) || matches!(u.kind, UnitType::CH | UnitType::ChStar));
    let arc = approach_arc(&tx.state.units[ui].placement, start_facing, &tx.state.units[mover].placement);
    // Its penalties come with every withdrawal, as often as an enemy comes within two hexes again
    // (GBA 6.74; CG 6.65); hits that bring it to its TQ rout it once the command is done (GBA 6.73;
    // CG 6.64; P39).
    // 6.72[2]: flank or rear, one hit first; a skirmisher only from the rear.
    if arc == Arc::Rear || (arc == Arc::Flank && !skirmisher) {
        tx.emit(Event::CohesionHits { unit: unit.clone(), hits: 1, cause: HitCause::WithdrawalApproach });
    }
    // Friends passed through on the way; a two-hex unit's `path` is where it ends (6.83).
    let passed = if placement.is_two_hex() { &path[..0] } else { &path[..path.len().saturating_sub(1)] };
    for h in passed {
        let through = tx.state.units.iter().position(|o| !o.eliminated && o.placement.hexes().any(|x| x == *h));
        if let Some(other) = through {
            crate::movement::reaction::pass_through_checks(tx, ui, other)?;
        }
    }
    tx.emit(Event::UnitWithdrew { unit: unit.clone(), path, placement, facing, mp });
    crate::command::contingent::carry(tx, rider, ui);
    if hits > 0 {
        tx.emit(Event::CohesionHits { unit: unit.clone(), hits, cause: HitCause::Terrain });
    }
    if suffers_after {
        // 6.72[1]; a chariot's hit each time it withdraws is CG 10.22's too.
        // Then [3]: one hit for failing the check, whatever the margin.
        tx.emit(Event::CohesionHits { unit: unit.clone(), hits: 1, cause: HitCause::Withdrawal });
    }
    // 6.72[3]: GBA skirmishers skip the end check; in CG 6.63[3] every withdrawing unit makes it (D32).
    if !skirmisher || !crate::scenario::rule_set::hooks(tx.scenario.meta.rules).withdrawal_check_exempts_skirmishers {
        let roll = tx.roll(RollPurpose::TqCheck { unit: unit.clone(), rule: "6.72".into() })?;
        if roll > tq {
            tx.emit(Event::CohesionHits { unit, hits: 1, cause: HitCause::WithdrawalCheck });
        }
    }
    if fire {
        volley_at_mover(tx, ui, mover)?;
    }
    Ok(())
}

/// The volley this withdrawer may loose at the enemy it withdraws from, if any (6.76): horse
/// archers only, with missiles, once at each enemy a phase.
pub fn withdrawal_volley(scenario: &Scenario, state: &GameState, unit: usize) -> Option<MissileFire> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let mover = current_mover(scenario, state)?;
    let may = u.kind == UnitType::LC
        && u.class == Some(crate::scenario::units::UnitClass::A)
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
    // House B7 (P359): into dense woods from beside it only.
    if here
        .hexes()
        .any(|x| crate::special::house::dense_woods::blocks_volley(scenario, x, nearest, x.distance(nearest)))
    {
        return None;
    }
    fire.target_in_woods = scenario.map.terrain(nearest) == Some(Terrain::Woods);
    fire.through_front =
        here.hexes().any(|h| crate::map::facing::arc_of(&ts.placement, ts.heading(), h) == Some(Arc::Front));
    fire.leader_in_target_hex = crate::combat::shock_segment::side_leader(scenario, state, &[mover]).map(|(_, l)| l);
    crate::combat::missile::validate(&fire).ok().map(|_| fire)
}

fn volley_at_mover(tx: &mut Tx, unit: usize, mover: usize) -> Result<(), RuleError> {
    let (id, target) = (tx.scenario.units[unit].id.clone(), tx.scenario.units[mover].id.clone());
    let refuse = |reason: &str| RuleError::IllegalMove { unit: id.clone(), rule: "6.76", reason: reason.into() };
    let fire = withdrawal_volley(tx.scenario, &tx.state, unit)
        .ok_or_else(|| refuse("only horse archers with missiles fire as they withdraw, once at each enemy a phase"))?;
    crate::combat::fire::apply_volley(tx, &id, &target, &fire, None)
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
    let mover = current_approach(tx.scenario, &tx.state).ok_or_else(|| refuse("no enemy is coming up".into()))?;
    leader_steps_back(tx, li, mover, path)?;
    crate::movement::reaction::after_reaction(tx)
}

/// The leader's withdrawal itself, from `from` along `path` (4.62; CG 12.44 confines a retired
/// commander): checked, then done.
pub(crate) fn leader_steps_back(tx: &mut Tx, li: usize, from: Approach, path: &[HexId]) -> Result<(), RuleError> {
    let leader = tx.scenario.leaders[li].id.clone();
    let refuse = |reason: String| RuleError::IllegalMove { unit: leader.clone(), rule: "4.62", reason };
    if let Some(reason) = crate::works::retire::confinement(tx.scenario, &tx.state, li, path) {
        return Err(RuleError::IllegalMove { unit: leader.clone(), rule: "12.44", reason });
    }
    let r = leader_retreat(tx.scenario, &tx.state, li, from)
        .ok_or_else(|| refuse("the enemy is as fast as he is (6.71)".into()))?;
    r.walk(path).map_err(refuse)?;
    tx.emit(Event::LeaderWithdrew { leader, path: path.to_vec() });
    Ok(())
}

/// Infantry for the 6.72[1] penalty (GBA 2.4 digest note: PH, HI, MI, LI, LP, SK).
pub fn is_infantry(kind: UnitType) -> bool {
    matches!(
        kind,
        UnitType::PH | UnitType::HI | UnitType::MI | UnitType::LI | UnitType::LP | UnitType::SK | UnitType::SkStar
    )
}

// ---- Cavalry line withdrawal (6.78) ----------------------------------------------------------

/// A cavalry line that may withdraw as a body from the enemy now coming up (6.78): the units
/// gathered round `leader` as for a line command (4.33).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineWithdrawal {
    pub leader: usize,
    pub line: LineType,
    pub units: Vec<usize>,
}

/// The cavalry line types `leader` gathers for a withdrawal (6.78, P54). GBA: any Type/Class of
/// cavalry his command restriction allows, on the eligibility chart or not (units that cannot
/// receive line commands may still); CG: his line command types, per the chart (D37).
fn cavalry_line_types(scenario: &Scenario, state: &GameState, leader: usize) -> Vec<LineType> {
    let l = &scenario.leaders[leader];
    if crate::scenario::rule_set::hooks(scenario.meta.rules).cavalry_line_withdrawal_by_chart {
        return crate::command::line::line_types(scenario, leader)
            .into_iter()
            .filter(|t| t.kind.is_cavalry())
            .collect();
    }
    let allowed = |t: &LineType| {
        l.line_types.is_empty()
            || l.line_types.iter().any(|r| r.kind == t.kind && (r.class.is_none() || r.class == t.class))
    };
    let mut out: Vec<LineType> = Vec::new();
    for (i, u) in scenario.units.iter().enumerate() {
        let t = LineType::of(u.kind, u.class);
        if u.side == l.side && u.kind.is_cavalry() && !state.units[i].eliminated && allowed(&t) && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The cavalry lines that may withdraw as a body now (6.78, P54), without regard to where their
/// units could go: at least two units, one of which the enemy has just come within two hexes of
/// and may withdraw on its own; every unit able to withdraw from it (6.71: faster, not in an
/// enemy ZOC); none having withdrawn on its own this orders phase; in GBA one of them within two
/// hexes of the leader (in CG the line's make-up is enough, D37). Each set of units once.
fn candidate_lines(scenario: &Scenario, state: &GameState) -> Vec<LineWithdrawal> {
    let Phase::Reaction { side, withdrawers, .. } = &state.phase else { return Vec::new() };
    let Some(mover) = current_mover(scenario, state) else { return Vec::new() };
    // GBA 6.78: a unit within two hexes of the leader; CG: the line's make-up is enough (D37).
    let near_needed = !crate::scenario::rule_set::hooks(scenario.meta.rules).cavalry_line_withdrawal_by_chart;
    let mut out: Vec<LineWithdrawal> = Vec::new();
    for (li, l) in scenario.leaders.iter().enumerate() {
        if l.side != *side || state.leaders[li].status == crate::game::LeaderStatus::Eliminated {
            continue;
        }
        let at = state.leaders[li].at;
        for line in cavalry_line_types(scenario, state, li) {
            let units = crate::command::line::mounted_members(scenario, state, li, &line);
            let near = |u: &usize| state.units[*u].placement.hexes().any(|h| h.distance(at) <= TRIGGER_RANGE);
            let open = units.len() >= 2
                && units.iter().any(|&u| withdrawers.contains(&scenario.units[u].id))
                && (!near_needed || units.iter().any(near))
                && units.iter().all(|&u| !state.units[u].withdrew_alone)
                && units.iter().all(|&u| unit_allowance(scenario, state, u, mover).is_some());
            if open && !out.iter().any(|o| o.units == units) {
                out.push(LineWithdrawal { leader: li, line, units });
            }
        }
    }
    out
}

/// The cavalry lines that may withdraw as a body now and have somewhere to go: those of
/// [`candidate_lines`] for which [`line_plan`] finds a way.
pub fn line_withdrawals(scenario: &Scenario, state: &GameState) -> Vec<LineWithdrawal> {
    candidate_lines(scenario, state)
        .into_iter()
        .filter(|l| line_plan(scenario, state, l, false, false).is_some())
        .collect()
}

/// A ready-made withdrawal for the whole line, each unit keeping its facing (6.72): the units
/// farthest from the enemy go first; each takes, of the hexes it can still reach, the nearest
/// (`far` false: one hex back, the one farthest from the enemy) or the farthest from the enemy
/// (`far` true), the first by id among equals. `fire`: horse archers that may, shoot (6.76).
/// `None` if some unit would have nowhere to go.
pub fn line_plan(
    scenario: &Scenario,
    state: &GameState,
    line: &LineWithdrawal,
    far: bool,
    fire: bool,
) -> Option<Vec<crate::game::LineStep>> {
    let mover = current_mover(scenario, state)?;
    let enemy: Vec<HexId> = state.units[mover].placement.hexes().collect();
    let away = |st: &GameState, u: usize| {
        st.units[u].placement.hexes().flat_map(|h| enemy.iter().map(move |e| e.distance(h))).min().unwrap_or(0)
    };
    let mut order = line.units.clone();
    crate::game::sorting::sort_by_key(&mut order, |&u| (Reverse(away(state, u)), u));
    let mut st = state.clone();
    let mut steps = Vec::new();
    for u in order {
        let r = unit_retreat(scenario, &st, u, mover)?;
        let options = r.search();
        let best = if far {
            options.iter().max_by_key(|(h, (_, path))| (r.distance(**h), Reverse(path.len()), Reverse(**h)))
        } else {
            options.iter().min_by_key(|(h, (_, path))| (path.len(), Reverse(r.distance(**h)), **h))
        };
        let (&end, (_, path)) = best?;
        let volley = fire && withdrawal_volley(scenario, &st, u).is_some();
        steps.push(crate::game::LineStep {
            unit: scenario.units[u].id.clone(),
            path: path.clone(),
            facing: st.units[u].facing,
            fire: volley,
            with: None,
        });
        st.units[u].placement = Placement::One(end);
    }
    Some(steps)
}

/// One of a line's ready-made withdrawals (see [`line_plan`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinePlan {
    pub far: bool,
    pub fire: bool,
    pub units: Vec<crate::game::LineStep>,
}

/// The distinct ready-made withdrawals of a line (6.78): one hex back or as far as each unit can,
/// and each again with its horse archers shooting if any may (6.76).
pub fn line_plans(scenario: &Scenario, state: &GameState, line: &LineWithdrawal) -> Vec<LinePlan> {
    let mut out: Vec<LinePlan> = Vec::new();
    for (far, fire) in [(false, false), (true, false), (false, true), (true, true)] {
        let Some(units) = line_plan(scenario, state, line, far, fire) else { continue };
        if (fire && !units.iter().any(|u| u.fire)) || out.iter().any(|p| p.units == units) {
            continue;
        }
        out.push(LinePlan { far, fire, units });
    }
    out
}

/// Cavalry line withdrawal (6.78): the whole line round `leader` withdraws, each unit as in an
/// orderly withdrawal of its own (6.71–6.76), one after another in the order given. Every unit
/// of the line must be named, each once; if any cannot go as asked, nothing happens.
pub fn withdraw_line(tx: &mut Tx, leader: &str, steps: &[crate::game::LineStep]) -> Result<(), RuleError> {
    let li = tx.leader_index(leader)?;
    let refuse = |reason: String| RuleError::LineWithdrawal { leader: leader.into(), rule: "6.78", reason };
    let mover = current_mover(tx.scenario, &tx.state).ok_or_else(|| refuse("no enemy is coming up".into()))?;
    let mut named = Vec::new();
    for step in steps {
        let ui = tx.unit_index(&step.unit)?;
        if named.contains(&ui) {
            return Err(refuse(format!("{} is named twice", step.unit)));
        }
        named.push(ui);
    }
    let mut sorted = named.clone();
    crate::game::sorting::sort(&mut sorted);
    let lines: Vec<LineWithdrawal> =
        candidate_lines(tx.scenario, &tx.state).into_iter().filter(|l| l.leader == li).collect();
    let Some(line) = lines.into_iter().find(|l| l.units == sorted) else {
        return Err(refuse(
            "the units named are not a whole cavalry line round him that may withdraw now: every unit of the \
             line goes, the enemy must just have come within two hexes of one of them, each must be able to \
             withdraw from it, none may have withdrawn on its own this phase, and one must be within two hexes \
             of him"
                .into(),
        ));
    };
    let units = line.units.iter().map(|&u| tx.scenario.units[u].id.clone()).collect();
    tx.emit(Event::LineWithdrew { leader: leader.into(), line: line.line.label(), units, pre_arranged: false });
    for step in steps {
        let ui = tx.unit_index(&step.unit)?;
        withdraw_unit(tx, ui, mover, step, "6.78")?;
    }
    crate::movement::reaction::after_reaction(tx)
}

// ---- Two-hex units (6.71–6.75, P24) ----------------------------------------------------------

/// The ground a two-hex unit withdraws over (P24): it steps back as a whole, both halves across
/// the same rear hexside — either of the two opposite its front hexsides — keeping its facing
/// (6.72; it never turns in place, 6.33), its nearer half farther from the enemy each step
/// (6.71). Each half keeps to the 6.75 limits, and neither stacks nor passes through another
/// unit (a PH or HI never does, 6.92). A step pays the higher of its halves' costs (6.42).
pub(crate) struct BackSteps<'a> {
    scenario: &'a Scenario,
    /// The state, for what the battle has changed on the ground (a breach, CG 12.31).
    state: &'a GameState,
    index: usize,
    facing: Vertex,
    /// In column it may not withdraw at all (6.67).
    column: bool,
    /// The hexes of the enemy withdrawn from.
    enemy: Vec<HexId>,
    zoc: FxHashMap<HexId, Vec<usize>>,
    occupied: FxHashMap<HexId, usize>,
    /// Ground the battle's special rules close to it (P151).
    closed: FxHashMap<HexId, crate::scenario::battles::restrictions::Closure<'a>>,
}

type Halves = (HexId, HexId);

/// Where a two-hex unit's withdrawal ends: its halves, the MP and ground hits of the cheapest
/// way there, and the halves of each step on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BackWay {
    pub halves: (HexId, HexId),
    pub mp: u8,
    pub hits: u8,
    pub route: Vec<(HexId, HexId)>,
}

impl<'a> BackSteps<'a> {
    pub(crate) fn new(scenario: &'a Scenario, state: &'a GameState, unit: usize, enemy: usize) -> Self {
        BackSteps {
            scenario,
            state,
            index: unit,
            facing: state.units[unit].facing,
            column: state.units[unit].column,
            enemy: state.units[enemy].placement.hexes().collect(),
            zoc: enemy_zoc(scenario, state, scenario.units[unit].side),
            occupied: occupancy(state),
            closed: crate::scenario::battles::restrictions::closed_to(
                scenario,
                state,
                crate::scenario::battles::restrictions::Mover::Unit(unit),
            ),
        }
    }

    fn away(&self, (a, b): (HexId, HexId)) -> u32 {
        [a, b].iter().flat_map(|h| self.enemy.iter().map(|e| e.distance(*h))).min().unwrap_or(0)
    }

    fn open(&self, from: HexId, to: HexId) -> bool {
        let map = &self.scenario.map;
        map.contains(to)
            && self.occupied.get(&to).is_none_or(|&o| o == self.index)
            && !self.zoc.contains_key(&to)
            && !self.closed.contains_key(&to)
            && !map.terrain(to).is_some_and(|t| closed_to_withdrawal(self.scenario, t))
            && !map.hexside(from, to).is_some_and(|f| f.is_rough())
            && fortified(self.scenario, self.state, from, to).is_none()
    }

    /// The steps back open from `halves`, each with its cost.
    pub(crate) fn steps(&self, (a, b): (HexId, HexId)) -> Vec<((HexId, HexId), crate::charts::movement_costs::Cost)> {
        let mut out = Vec::new();
        if self.column {
            return out;
        }
        for front in crate::map::facing::front_hexsides(self.facing) {
            let back = Hexside::from_index(front.index() + 3);
            let (Some(a2), Some(b2)) = (a.neighbour(back), b.neighbour(back)) else { continue };
            if !self.open(a, a2) || !self.open(b, b2) || self.away((a2, b2)) <= self.away((a, b)) {
                continue;
            }
            let two_hex = MoveCategory::TwoHexFoot;
            let costs = (
                entry_cost(self.scenario, self.state, two_hex, a, a2),
                entry_cost(self.scenario, self.state, two_hex, b, b2),
            );
            if let (Some(c1), Some(c2)) = costs {
                out.push(((a2, b2), crate::charts::movement_costs::two_hex(c1, c2)));
            }
        }
        out
    }

    /// Every end within `mp` MP (6.71), by its cheapest way (least MP, then fewest hits).
    pub(crate) fn search(&self, start: (HexId, HexId), mp: u8) -> Vec<BackWay> {
        let mut best: BTreeMap<Halves, ((u8, u8), Vec<Halves>)> = BTreeMap::new();
        let mut heap = BinaryHeap::from([Reverse(((0u8, 0u8), start))]);
        best.insert(start, ((0, 0), Vec::new()));
        while let Some(Reverse((spent, at))) = heap.pop() {
            if best.get(&at).is_some_and(|(b, _)| *b < spent) {
                continue;
            }
            for (to, cost) in self.steps(at) {
                let next = (spent.0 + cost.mp, spent.1 + cost.hits);
                if next.0 <= mp && best.get(&to).is_none_or(|(b, _)| next < *b) {
                    let mut route = best[&at].1.clone();
                    route.push(to);
                    best.insert(to, (next, route));
                    heap.push(Reverse((next, to)));
                }
            }
        }
        best.into_iter()
            .filter(|(h, _)| *h != start)
            .map(|(halves, ((mp, hits), route))| BackWay { halves, mp, hits, route })
            .collect()
    }
}

/// Where a two-hex unit may withdraw from `mover` (6.71, P24): within its allowance of MP (its
/// MA less the mover's), straight back keeping its facing. Empty if it may not (a column, 6.67;
/// in an enemy ZOC, not faster).
pub(crate) fn two_hex_ways(scenario: &Scenario, state: &GameState, unit: usize, mover: usize) -> Vec<BackWay> {
    let st = &state.units[unit];
    let Placement::Two(a, b) = st.placement else { return Vec::new() };
    // CG 10.62, P194: nor a unit in Square.
    if st.column || st.square {
        return Vec::new();
    }
    match unit_allowance(scenario, state, unit, mover) {
        Some(Allowance::Mp(mp)) => BackSteps::new(scenario, state, unit, mover).search((a, b), mp),
        _ => Vec::new(),
    }
}

/// The two-hex way `path` names: the pair it ends in, halves in either order (as a PW's, 6.83).
fn two_hex_named(ways: Vec<BackWay>, path: &[HexId]) -> Option<BackWay> {
    ways.into_iter().find(|w| path.len() == 2 && path.contains(&w.halves.0) && path.contains(&w.halves.1))
}

/// A two-hex unit's withdrawals as destinations: `path` is the pair it ends in, `facing` its own.
fn two_hex_destinations(scenario: &Scenario, state: &GameState, unit: usize, mover: usize) -> Vec<Destination> {
    let facing = state.units[unit].facing;
    two_hex_ways(scenario, state, unit, mover)
        .into_iter()
        .map(|w| Destination {
            hex: w.halves.0,
            placement: Placement::Two(w.halves.0, w.halves.1),
            facing,
            wheel: false,
            mp: w.mp,
            hits: w.hits,
            path: vec![w.halves.0, w.halves.1],
            in_enemy_zoc: false,
            column: false,
        })
        .collect()
}

/// A two-hex unit's orderly withdrawal to the pair `path` names, keeping its facing (6.72, P24),
/// with the 6.72 penalties as any unit's.
fn withdraw_two_hex(
    tx: &mut Tx,
    ui: usize,
    mover: usize,
    step: &LineStep,
    rule: &'static str,
    rider: Option<usize>,
) -> Result<(), RuleError> {
    let LineStep { path, facing, fire, .. } = step;
    let (facing, fire) = (*facing, *fire);
    let unit = tx.scenario.units[ui].id.clone();
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.clone(), rule, reason };
    if facing != tx.state.units[ui].facing {
        return Err(refuse(
            "a two-hex unit keeps its facing as it withdraws; it turns only by moving (6.72, 6.33)".into(),
        ));
    }
    let ways = two_hex_ways(tx.scenario, &tx.state, ui, mover);
    let way = two_hex_named(ways, path).ok_or_else(|| {
        refuse(
            "name the two hexes it ends in: it steps straight back, both halves across a rear hexside, each step \
             farther from the enemy, within its MA less the enemy's, not into an enemy zone of control, rough ground \
             other than rocky or another unit (6.71, 6.75)"
                .into(),
        )
    })?;
    let placement = Placement::Two(way.halves.0, way.halves.1);
    // The event's path is every hex entered, step by step.
    let entered = way.route.iter().flat_map(|(x, y)| [*x, *y]).collect();
    let going = Going { path: entered, placement, facing, mp: way.mp, hits: way.hits, rider };
    give_ground(tx, ui, mover, going, fire)
}

/// Could `unit` withdraw from enemy `mover` now, somewhere (6.7)? For the forced withdrawal of
/// CG 10.16.
pub fn can_withdraw_from(scenario: &Scenario, state: &GameState, unit: usize, mover: usize) -> bool {
    unit_retreat(scenario, state, unit, mover).is_some_and(|r| !r.search().is_empty())
}
