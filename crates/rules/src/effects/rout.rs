//! Rout movement (GBA 10.2, 10.21–10.25; CG 11.21–11.27) as a pure planner: where a routing
//! unit goes, whom it passes through, and whether it survives. The engine applies the plan (the
//! Stacking Chart checks of the units passed through, the Routed marker, the removal of hits);
//! nothing here changes the state.
//!
//! The state has no Routed flag yet: callers pass `routed[i]` for every unit. Routed enemies exert
//! no ZOC (GBA 7.21) and routed friends passed through use the Routed column of the chart.
//!
//! Geometry (rulings P34): a hex is closer to a retreat edge when its centre is nearer that edge
//! line. Toward a west or east edge both front hexes of a unit faced W (or E) are equally direct;
//! toward a north or south edge the hex straight across the N (S) hexside is the most direct and
//! the two diagonal ones come next, so a router faces NW or NE (SW or SE) and has three edge-ward
//! hexes. A router that is already on its edge steps off it and is eliminated (10.23).

use crate::charts::movement_costs::{self, MoveCategory};
use crate::charts::stacking::{self, Action, Outcome, StackClass};
pub use crate::game::pending::RoutLeg;
use crate::game::{GameState, LeaderStatus, UnitState};
use crate::map::facing::{front_hexsides, vertices_between};
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::map::terrain::HexsideFeature;
use crate::map::zoc::{occupancy, shared_enemy_zoc};
use crate::movement::{category_of, entry_cost};
use crate::scenario::units::{Placement, Unit, UnitType};
use crate::scenario::{Edge, Scenario};
use rustc_hash::FxHashMap;

/// Why a router is removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elimination {
    /// SK (not SK*), chariots and artillery do not rout-move (GBA 10.2, CG 11.21, 10.24).
    Type,
    /// A routed two-hex PH/HI in the Rout Movement segment (GBA 10.22, CG 10.64).
    TwoHexInSegment,
    /// A two-hex unit that cannot go its distance straight in its established direction (10.21).
    TwoHexCannotMove,
    /// No unblocked hex to go on to (GBA 10.21, 10.23; CG 11.25).
    Blocked,
    /// It left the map (GBA 10.23, CG 11.25).
    LeftMap,
    /// Its move ended stacked and the one more hex was occupied (GBA 10.24, CG 11.26).
    NoRoomAtEnd,
    /// It routed inside a city (CG 12.212).
    InCity,
}

/// A friendly unit in a hex the router enters (or, for `StopIn`, the 10.24 extra hex it could
/// not enter), with the Mandatory-table cell the engine applies (GBA 6.95, 10.24).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passage {
    pub unit: usize,
    /// Index in the path of the hex concerned (`path.len()` for a `StopIn`).
    pub step: usize,
    pub action: Action,
    pub outcome: Outcome,
}

/// A point where the owner chooses among hexes of equal priority (GBA 10.21, P120). `options[0]`
/// is the planner's default (the first by hex id) unless the caller chose another; the engine
/// asks the owner at each one in turn (`cohesion::PendingRout`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Index in the path of the pose chosen.
    pub step: usize,
    pub options: Vec<Placement>,
}

/// The hexes a router goes through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutTrack {
    /// Each pose entered, in order; the last is where it ends (empty if it never moved).
    pub path: Vec<Placement>,
    /// Its facing at the end (GBA 10.21: faced toward the retreat edge).
    pub facing: Vertex,
    /// Friendly units passed through or stopped against, in order.
    pub through: Vec<Passage>,
    pub choices: Vec<Choice>,
    /// It went the one more hex of GBA 10.24 (the last pose of `path`).
    pub extra_hex: bool,
    /// MP spent (segment moves only; 0 for a move in hexes).
    pub mp: u8,
    /// Leaders stacked with it at the start, who may go along (GBA 10.25, CG 11.27).
    pub leaders: Vec<usize>,
}

/// What happens to a routing unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoutPlan {
    Moves(RoutTrack),
    /// Removed; `track` is what it went through first (units passed through still take their
    /// chart checks).
    Eliminated {
        reason: Elimination,
        rule: &'static str,
        track: RoutTrack,
    },
    /// Elephants rampage instead (GBA 10.2, 11.14; CG 10.14): not planned here.
    Rampage {
        rule: &'static str,
    },
}

impl RoutPlan {
    pub fn track(&self) -> Option<&RoutTrack> {
        match self {
            Self::Moves(t) | Self::Eliminated { track: t, .. } => Some(t),
            Self::Rampage { .. } => None,
        }
    }

    pub fn is_eliminated(&self) -> bool {
        matches!(self, Self::Eliminated { .. })
    }
}

/// How much closer to `edge` a step across `side` brings a unit, in half-rows for north and
/// south, in columns for east and west (rulings P34).
pub fn progress(edge: Edge, side: Hexside) -> i8 {
    use Hexside::*;
    match edge {
        Edge::West => match side {
            NW | SW => 1,
            N | S => 0,
            NE | SE => -1,
        },
        Edge::East => -progress(Edge::West, side),
        Edge::North => match side {
            N => 2,
            NW | NE => 1,
            SW | SE => -1,
            S => -2,
        },
        Edge::South => -progress(Edge::North, side),
    }
}

/// How far a facing points toward `edge`: the progress of its two front hexes.
fn vertex_progress(edge: Edge, v: Vertex) -> i8 {
    front_hexsides(v).iter().map(|s| progress(edge, *s)).sum()
}

/// The vertices that face `edge` (GBA 10.21): W or E; NW and NE for north, SW and SE for south.
pub fn edge_facings(edge: Edge) -> Vec<Vertex> {
    let best = Vertex::ALL.iter().map(|v| vertex_progress(edge, *v)).max().unwrap_or(0);
    Vertex::ALL.into_iter().filter(|v| vertex_progress(edge, *v) == best).collect()
}

/// The edge facing nearest to `from` (ties: the first in vertex order).
fn nearest_edge_facing(edge: Edge, from: Vertex) -> Vertex {
    let facings = edge_facings(edge);
    *facings.iter().min_by_key(|v| vertices_between(from, **v)).unwrap_or(&from)
}

/// The priority of a hex for a router (GBA 10.21): lower is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    /// Off the map across its own retreat edge: where it is going (P34).
    OffEdge,
    /// 1. Vacant and not in an enemy ZOC (even Rough).
    Vacant,
    /// 2. Friendly-occupied, not in an enemy ZOC.
    Friend,
    /// 3. Friendly-occupied, in an enemy ZOC.
    FriendInZoc,
    /// Off the map across another edge: a last resort, and the end of the unit (10.23, P34).
    OffSide,
}

impl Class {
    fn off_map(self) -> bool {
        matches!(self, Self::OffEdge | Self::OffSide)
    }
}

/// Everything fixed for one rout move.
struct Router<'a> {
    scenario: &'a Scenario,
    /// The state, for what the battle has changed on the ground (a breach, CG 12.31).
    state: &'a GameState,
    unit: &'a Unit,
    routed: &'a [bool],
    edge: Edge,
    category: MoveCategory,
    /// Enemy ZOC, routed enemies left out (GBA 7.21).
    zoc: FxHashMap<HexId, Vec<usize>>,
    /// Other units' hexes.
    occupied: FxHashMap<HexId, usize>,
    /// Which units are In Column: the stacking chart has its own column for them (6.67).
    columns: Vec<bool>,
}

/// One candidate step: the pose, its priority, how direct it is, and the facing it leaves.
#[derive(Clone, Copy, Debug)]
struct Step {
    to: Placement,
    class: Class,
    /// Vertices turned away from the edge to take it (one-hex units, 10.21); 0 for two-hex.
    turns: u8,
    progress: i8,
    facing: Vertex,
}

impl Step {
    fn key(&self) -> (u8, Class, i8) {
        (self.turns, self.class, -self.progress)
    }
}

/// Two poses on the same hexes, whichever half is named first.
pub fn same_pose(a: &Placement, b: &Placement) -> bool {
    placement_key(a) == placement_key(b)
}

fn placement_key(p: &Placement) -> (HexId, HexId) {
    match *p {
        Placement::One(a) => (a, a),
        Placement::Two(a, b) => (a.min(b), a.max(b)),
    }
}

impl<'a> Router<'a> {
    fn new(scenario: &'a Scenario, state: &'a GameState, index: usize, routed: &'a [bool]) -> Self {
        let unit = &scenario.units[index];
        let is_routed = |i: usize| routed.get(i).copied().unwrap_or(false);
        // A copy of the zones kept while the command is carried out (several units may rout).
        let mut zoc = (*shared_enemy_zoc(scenario, state, unit.side)).clone();
        zoc.retain(|_, exerters| {
            exerters.retain(|&e| !is_routed(e));
            !exerters.is_empty()
        });
        let mut occupied = occupancy(state);
        occupied.retain(|_, &mut o| o != index);
        Self {
            scenario,
            state,
            unit,
            routed,
            edge: scenario.sides[unit.side].retreat_edge,
            category: category_of(unit, &state.units[index].placement),
            zoc,
            occupied,
            columns: state.units.iter().map(|u| u.column).collect(),
        }
    }

    fn is_routed(&self, i: usize) -> bool {
        self.routed.get(i).copied().unwrap_or(false)
    }

    fn beyond_edge(&self, h: HexId) -> bool {
        let map = &self.scenario.map;
        match self.edge {
            Edge::West => h.col < 1,
            Edge::East => h.col > map.columns,
            Edge::North => h.row < 1,
            Edge::South => h.row > map.rows,
        }
    }

    /// CG only: routers may not cross a river (CG 11.25), a fortified hexside (CG 12.14) or a
    /// city wall (CG 12.213). Streams may be crossed.
    fn cg_forbidden(&self, from: HexId, to: HexId) -> bool {
        use HexsideFeature::*;
        // CG 12.213: no rout through a gate the enemy holds unbreached.
        if crate::works::city::gate_shut(self.scenario, self.state, self.unit.side, from, to) {
            return true;
        }
        crate::scenario::rule_set::hooks(self.scenario.meta.rules).routers_barred_by_rivers_and_walls
            && matches!(
                crate::works::breach::hexside_now(self.scenario, self.state, from, to),
                Some(MinorRiver | SteepBankedStream | Wall | Berm | Palisade | Moat | Thorns | Wagons)
            )
    }

    /// The class of the hex across `side` from `from`, or `None` when it blocks the router
    /// (GBA 10.21): an enemy unit, impassable ground or hexside, or an enemy ZOC no friend holds.
    fn classify(&self, from: HexId, to: Option<HexId>) -> Option<Class> {
        let Some(to) = to.filter(|h| self.scenario.map.contains(*h)) else {
            return Some(match to {
                Some(h) if self.beyond_edge(h) => Class::OffEdge,
                _ => Class::OffSide,
            });
        };
        let in_zoc = self.zoc.contains_key(&to);
        let friend = match self.occupied.get(&to) {
            Some(&o) if self.scenario.units[o].side != self.unit.side => return None,
            // CG 10.72[3]: a routed guild unit takes another guild's units for enemies.
            Some(&o) if crate::special::indian::rival_guilds(self.scenario, self.unit, &self.scenario.units[o]) => {
                return None
            }
            // CG 10.62, P196: no friendly unit ever enters a unit in Square, routers neither.
            Some(&o) if self.state.units[o].square => return None,
            Some(_) => true,
            None => false,
        };
        if entry_cost(self.scenario, self.state, self.category, from, to).is_none()
            || self.scenario.map.terrain(to).is_some_and(|t| t.is_impassable())
            || self.cg_forbidden(from, to)
        {
            return None;
        }
        match (friend, in_zoc) {
            (false, false) => Some(Class::Vacant),
            (false, true) => None,
            (true, false) => Some(Class::Friend),
            (true, true) => Some(Class::FriendInZoc),
        }
    }

    /// The MP to enter a pose from another (segment moves, GBA 10.22: normal terrain costs).
    fn mp(&self, from: &Placement, to: &Placement) -> u8 {
        let cost = |a: HexId, b: HexId| entry_cost(self.scenario, self.state, self.category, a, b).map_or(0, |c| c.mp);
        match (*from, *to) {
            (Placement::One(a), Placement::One(b)) => cost(a, b),
            (Placement::Two(a, b), Placement::Two(c, d)) => {
                movement_costs::two_hex(
                    movement_costs::Cost::new(cost(a, c), 0),
                    movement_costs::Cost::new(cost(b, d), 0),
                )
                .mp
            }
            _ => 0,
        }
    }

    /// A one-hex router's open steps from `hex` (GBA 10.21): each neighbour not yet visited and
    /// not blocked, with the vertices it must turn from the edge facing to take it.
    fn one_hex_steps(&self, hex: HexId, facing: Vertex, visited: &[HexId]) -> Vec<Step> {
        let edge_facings = edge_facings(self.edge);
        let mut out = Vec::new();
        for side in Hexside::ALL {
            let to = hex.neighbour(side);
            if to.is_some_and(|t| visited.contains(&t)) {
                continue;
            }
            let Some(class) = self.classify(hex, to) else { continue };
            // The two vertices with this hexside in front; the one nearest an edge facing, then
            // nearest the way it faced before.
            let (turns, step_facing) = [Vertex::from_index(side.index()), Vertex::from_index(side.index() + 1)]
                .into_iter()
                .map(|v| {
                    let turns = edge_facings.iter().map(|e| vertices_between(*e, v)).min().unwrap_or(0);
                    (turns, vertices_between(facing, v), v.index(), v)
                })
                .min()
                .map(|(t, _, _, v)| (t, v))
                .unwrap_or((0, facing));
            let to = to.unwrap_or(hex);
            out.push(Step {
                to: Placement::One(to),
                class,
                turns,
                progress: progress(self.edge, side),
                facing: step_facing,
            });
        }
        out
    }

    /// A two-hex router's open steps straight ahead in `direction` (GBA 10.21: no pivots).
    fn two_hex_steps(&self, a: HexId, b: HexId, direction: Vertex) -> Vec<Step> {
        let mut out = Vec::new();
        for side in front_hexsides(direction) {
            let (na, nb) = (a.neighbour(side), b.neighbour(side));
            let (Some(ca), Some(cb)) = (self.classify(a, na), self.classify(b, nb)) else { continue };
            // The pose takes the worse of its halves' classes; off the map is off the map.
            let class = if ca.off_map() || cb.off_map() {
                if ca == Class::OffSide || cb == Class::OffSide {
                    Class::OffSide
                } else {
                    Class::OffEdge
                }
            } else {
                ca.max(cb)
            };
            out.push(Step {
                to: Placement::Two(na.unwrap_or(a), nb.unwrap_or(b)),
                class,
                turns: 0,
                progress: progress(self.edge, side),
                facing: direction,
            });
        }
        out
    }

    /// The friendly units, if any, in each hex of a pose: both of a Tribal stack, the top one
    /// first (CG 6.73; a router meets each, P324).
    fn friends_in(&self, p: &Placement) -> Vec<usize> {
        let mut out: Vec<usize> = p.hexes().filter_map(|h| self.occupied.get(&h).copied()).collect();
        out.dedup();
        let mates = out.iter().filter_map(|&f| crate::special::tribal::partner(self.scenario, self.state, f));
        let mut stacked: Vec<usize> = mates.filter(|&m| self.scenario.units[m].id != self.unit.id).collect();
        out.append(&mut stacked);
        crate::game::sorting::sort_by_key(&mut out, |&f| {
            crate::special::tribal::is_bottom(self.scenario, self.state, f)
        });
        out
    }

    /// Takes one hex of a rout move: in the Rout Movement segment it pays normal terrain MP and no
    /// hits, and too few MP for the hex picked ends the move (GBA 10.22, P37); the friends it
    /// passes through are recorded. False when the move ends here instead.
    fn take_step(
        &self,
        from: &Placement,
        to: &Placement,
        leg: RoutLeg,
        mp_left: &mut u8,
        track: &mut RoutTrack,
    ) -> bool {
        if leg == RoutLeg::Segment {
            let cost = self.mp(from, to);
            if cost > *mp_left {
                return false;
            }
            *mp_left -= cost;
            track.mp += cost;
        }
        for f in self.friends_in(to) {
            track.through.push(self.passage(f, track.path.len(), Action::MoveThrough));
        }
        true
    }

    fn passage(&self, unit: usize, step: usize, action: Action) -> Passage {
        let column = self.columns.get(unit).copied().unwrap_or(false);
        let stationary = stacking::stack_class(self.scenario.units[unit].kind, self.is_routed(unit), column);
        Passage { unit, step, action, outcome: stacking::outcome(StackClass::Routed, stationary, action) }
    }
}

/// Picks the best of `steps` (GBA 10.21: fewest turns away from the edge, then priority 1–2–3,
/// then the most direct); equal ones are the owner's choice, the first by hex id by default
/// unless `chosen` names another. Records the choice.
fn pick(steps: Vec<Step>, step_index: usize, chosen: &[Placement], choices: &mut Vec<Choice>) -> Option<Step> {
    let best = steps.iter().map(Step::key).min()?;
    let mut tied: Vec<Step> = steps.into_iter().filter(|s| s.key() == best).collect();
    crate::game::sorting::sort_by_key(&mut tied, |s| placement_key(&s.to));
    tied.dedup_by_key(|s| placement_key(&s.to));
    // Ways off the map are one and the same end (10.23): no choice among them (P120).
    if tied.len() == 1 || tied.iter().all(|s| s.class.off_map()) {
        return tied.into_iter().next();
    }
    let wanted = chosen.get(choices.len());
    let at = wanted.and_then(|w| tied.iter().position(|s| placement_key(&s.to) == placement_key(w))).unwrap_or(0);
    choices.push(Choice { step: step_index, options: tied.iter().map(|s| s.to).collect() });
    Some(tied[at])
}

/// Plans a rout move with the owner's default choices (the first by hex id at every tie).
pub fn rout_move(scenario: &Scenario, state: &GameState, unit: usize, leg: RoutLeg, routed: &[bool]) -> RoutPlan {
    rout_move_choosing(scenario, state, unit, leg, routed, &[])
}

/// Plans a rout move; `chosen[k]`, when it is one of the options of the k-th choice, is taken
/// there instead of the default (the engine asks the owner, then plans again with the answers).
pub fn rout_move_choosing(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    leg: RoutLeg,
    routed: &[bool],
    chosen: &[Placement],
) -> RoutPlan {
    plan(scenario, state, unit, leg, routed, chosen)
}

fn plan(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    leg: RoutLeg,
    routed: &[bool],
    chosen: &[Placement],
) -> RoutPlan {
    let u = &scenario.units[unit];
    let st = &state.units[unit];
    let leaders = scenario
        .leaders
        .iter()
        .enumerate()
        .filter(|(l, leader)| {
            leader.side == u.side
                && state.leaders[*l].status != LeaderStatus::Eliminated
                && st.placement.hexes().any(|h| h == state.leaders[*l].at)
        })
        .map(|(l, _)| l)
        .collect();
    let track = RoutTrack {
        path: Vec::new(),
        facing: st.facing,
        through: Vec::new(),
        choices: Vec::new(),
        extra_hex: false,
        mp: 0,
        leaders,
    };
    // CG 12.212 (rulings P234): a unit that routs in a city hex is eliminated at once, an
    // elephant too; one already Routed that ran into the city moves on.
    if !st.routed && crate::works::city::unit_in_city(scenario, state, unit) {
        return RoutPlan::Eliminated {
            reason: Elimination::InCity,
            rule: "CG 12.212: a unit that routs in the city is eliminated",
            track,
        };
    }
    // What a rout does depends on the type (GBA 10.2, CG 11.21).
    match u.kind {
        UnitType::EL => return RoutPlan::Rampage { rule: "GBA 10.2, 11.14; CG 10.14: elephants rampage" },
        UnitType::SK | UnitType::CH | UnitType::ChStar | UnitType::AT => {
            return RoutPlan::Eliminated {
                reason: Elimination::Type,
                rule: "GBA 10.2, CG 11.21: skirmishers (not SK*), chariots and artillery are eliminated",
                track,
            }
        }
        _ => {}
    }
    let router = Router::new(scenario, state, unit, routed);
    match st.placement {
        Placement::One(start) => plan_one_hex(&router, (start, st.facing), u.ma, leg, chosen, track),
        Placement::Two(a, b) => plan_two_hex(&router, st, (a, b), (u.kind, u.ma), leg, chosen, track),
    }
}

fn eliminated(reason: Elimination, rule: &'static str, track: RoutTrack) -> RoutPlan {
    RoutPlan::Eliminated { reason, rule, track }
}

/// A one-hex unit's rout move (GBA 10.21–10.24, CG 11.22–11.26): hex by hex toward its edge by the
/// rule's order of preference, until its hexes or its MP are spent.
fn plan_one_hex(
    router: &Router,
    (start, start_facing): (HexId, Vertex),
    ma: u8,
    leg: RoutLeg,
    chosen: &[Placement],
    mut track: RoutTrack,
) -> RoutPlan {
    track.facing = nearest_edge_facing(router.edge, start_facing);
    let mut visited = vec![start];
    let mut at = Placement::One(start);
    let mut facing = start_facing;
    let mut mp_left = ma;
    loop {
        let done = match leg {
            RoutLeg::Hexes(n) => track.path.len() >= n as usize,
            RoutLeg::Segment => mp_left == 0,
        };
        let Placement::One(hex) = at else { unreachable!() };
        if done {
            break;
        }
        let steps = router.one_hex_steps(hex, facing, &visited);
        let Some(step) = pick(steps, track.path.len(), chosen, &mut track.choices) else {
            return eliminated(Elimination::Blocked, "GBA 10.21, 10.23; CG 11.22, 11.25: no unblocked hex", track);
        };
        if step.class.off_map() {
            return eliminated(Elimination::LeftMap, "GBA 10.23, CG 11.25: it left the map", track);
        }
        if !router.take_step(&at, &step.to, leg, &mut mp_left, &mut track) {
            break;
        }
        at = step.to;
        facing = step.facing;
        visited.extend(step.to.hexes());
        track.path.push(step.to);
        track.facing = nearest_edge_facing(router.edge, facing);
    }
    // GBA 10.24, CG 11.26: it may not end stacked: one more hex, by the same choice.
    if track.path.last().is_some_and(|p| !router.friends_in(p).is_empty()) {
        let Placement::One(hex) = at else { unreachable!() };
        // The one more hex is an edge-ward one: no turning for it (P36).
        let mut steps = router.one_hex_steps(hex, facing, &visited);
        steps.retain(|s| s.turns == 0);
        return extra_hex(router, steps, track, chosen);
    }
    RoutPlan::Moves(track)
}

/// A two-hex unit's rout move (GBA 10.21–10.24): straight on, keeping or reversing its facing.
fn plan_two_hex(
    router: &Router,
    st: &UnitState,
    (a, b): (HexId, HexId),
    (kind, ma): (UnitType, u8),
    leg: RoutLeg,
    chosen: &[Placement],
    mut track: RoutTrack,
) -> RoutPlan {
    if leg == RoutLeg::Segment && matches!(kind, UnitType::PH | UnitType::HI) {
        return eliminated(
            Elimination::TwoHexInSegment,
            "GBA 10.22, CG 10.64: routed two-hex PH/HI are eliminated in the Rout Movement segment",
            track,
        );
    }
    // GBA 10.21: keep the facing or reverse-face, whichever points nearer the edge; if
    // that way is blocked, the other. Equal: both ways compete (P35).
    // A column routs from the long side it would revert to (6.66, P45).
    let keep = crate::movement::column::line_facing(&st.placement, st.facing, st.column);
    let reverse = Vertex::from_index(keep.index() + 3);
    let (first, second) = if vertex_progress(router.edge, reverse) > vertex_progress(router.edge, keep) {
        (reverse, keep)
    } else {
        (keep, reverse)
    };
    let tie = vertex_progress(router.edge, first) == vertex_progress(router.edge, second);
    let open_first = router.two_hex_steps(a, b, first);
    let mut direction = if open_first.is_empty() { second } else { first };
    let mut pose = (a, b);
    let mut mp_left = ma;
    loop {
        let done = match leg {
            RoutLeg::Hexes(n) => track.path.len() >= n as usize,
            RoutLeg::Segment => mp_left == 0,
        };
        if done {
            break;
        }
        let mut steps = router.two_hex_steps(pose.0, pose.1, direction);
        if track.path.is_empty() && tie {
            // Either way points as near the edge (P35): both ways' first hexes compete
            // by the 10.21 priority, and equal ones are the owner's choice.
            steps = router.two_hex_steps(a, b, first);
            steps.extend(router.two_hex_steps(a, b, second));
        }
        let Some(step) = pick(steps, track.path.len(), chosen, &mut track.choices) else {
            return match leg {
                RoutLeg::Hexes(_) => eliminated(
                    Elimination::TwoHexCannotMove,
                    "GBA 10.21: a two-hex unit that cannot go its hexes straight on is eliminated",
                    track,
                ),
                RoutLeg::Segment => {
                    eliminated(Elimination::Blocked, "GBA 10.22, 10.23: it cannot complete its rout move", track)
                }
            };
        };
        direction = step.facing;
        if step.class.off_map() {
            track.facing = direction;
            return eliminated(Elimination::LeftMap, "GBA 10.23, CG 11.25: it left the map", track);
        }
        if !router.take_step(&Placement::Two(pose.0, pose.1), &step.to, leg, &mut mp_left, &mut track) {
            break;
        }
        let Placement::Two(x, y) = step.to else { unreachable!() };
        pose = (x, y);
        track.path.push(step.to);
        track.facing = direction;
    }
    track.facing = direction;
    if track.path.last().is_some_and(|p| !router.friends_in(p).is_empty()) {
        let steps = router.two_hex_steps(pose.0, pose.1, direction);
        return extra_hex(router, steps, track, chosen);
    }
    RoutPlan::Moves(track)
}

/// GBA 10.24, CG 11.26: the one more hex of a router whose move would end stacked. It is
/// eliminated if that hex is occupied, in an enemy ZOC or impassable; a friend there takes the
/// chart's Stopping In penalty.
fn extra_hex(router: &Router, steps: Vec<Step>, mut track: RoutTrack, chosen: &[Placement]) -> RoutPlan {
    let Some(step) = pick(steps, track.path.len(), chosen, &mut track.choices) else {
        return RoutPlan::Eliminated {
            reason: Elimination::NoRoomAtEnd,
            rule: "GBA 10.24, CG 11.26: no open hex beyond the friend it would end on",
            track,
        };
    };
    match step.class {
        Class::OffEdge | Class::OffSide => {
            RoutPlan::Eliminated { reason: Elimination::LeftMap, rule: "GBA 10.23, 10.24: it left the map", track }
        }
        Class::Vacant => {
            track.path.push(step.to);
            track.extra_hex = true;
            if step.to.is_two_hex() {
                track.facing = step.facing;
            } else {
                track.facing = nearest_edge_facing(router.edge, step.facing);
            }
            RoutPlan::Moves(track)
        }
        Class::Friend | Class::FriendInZoc => {
            for f in router.friends_in(&step.to) {
                track.through.push(router.passage(f, track.path.len(), Action::StopIn));
            }
            RoutPlan::Eliminated {
                reason: Elimination::NoRoomAtEnd,
                rule: "GBA 10.24, CG 11.26: the one more hex is occupied",
                track,
            }
        }
    }
}
