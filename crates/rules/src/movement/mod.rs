//! Movement (GBA 6.x) of one-hex units: where a unit can go, by which path, at what cost.
//!
//! One set of transition rules — turn in place (7.12, 7.14) or enter a front hex (6.32) — serves
//! both the reachability search the UI and soak tests use (a Dijkstra over hex × facing) and the
//! check of a commanded path, so what is offered is exactly what is accepted. A column (6.6)
//! searches the same way over hex × hexside, and a change into or out of column is one more
//! step at the end of the move (6.61).

pub mod column;
pub mod move_and_fire;
pub mod pre_arranged;
pub mod reaction;
pub mod withdrawal;

use crate::charts::movement_costs::{self, Cost, MoveCategory};
use crate::charts::stacking;
use crate::game::{GameState, RuleError};
use crate::map::facing::{front_hexsides, hexes_in, vertices_between, Arc};
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::map::terrain::{HexsideFeature, Terrain};
use crate::map::zoc::{occupancy, outpaces, pinners, shared_enemy_zoc};
use crate::scenario::units::{Placement, Unit, UnitType};
use crate::scenario::Scenario;
use crate::special::house::dense_woods;
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::OnceLock;

/// Leaders move as cavalry and never take hits (GBA 4.1).
pub const LEADER_CATEGORY: MoveCategory = MoveCategory::Cavalry;
/// A leader's movement points per orders phase (GBA 6.15).
pub const LEADER_MP: u8 = 9;
/// CG 6.73: what stacking on a Tribal unit of its tribe costs on top of the hex's own cost.
pub const STACK_MP: u8 = 2;

/// The chart column a leader moves by (CG 4.1, 6.15, 6.16; D6): cavalry, or the elephant or
/// chariot he rides; a CG tribal chief goes on foot (light-foot costs, P99).
pub fn leader_category(scenario: &Scenario, leader: usize) -> MoveCategory {
    let l = &scenario.leaders[leader];
    let on_foot = crate::scenario::rule_set::hooks(scenario.meta.rules).command.tribal_chief_on_foot;
    match l.rides {
        Some(UnitType::EL) => MoveCategory::Elephant,
        Some(UnitType::CH | UnitType::ChStar) => MoveCategory::Chariot,
        _ if on_foot && l.role == crate::scenario::units::LeaderRole::TribalChief => MoveCategory::LightFoot,
        _ => LEADER_CATEGORY,
    }
}

/// What a leader pays to go from `from` into `to` (CG 4.1, 6.16; D6, D7), or `None` where his
/// conveyance may not go — except that a rider may always enter a town or camp hex (6.16), and
/// any leader a camp tower from within the camp's works (CG 12.11; P170).
pub fn leader_entry_cost(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    from: HexId,
    to: HexId,
) -> Option<Cost> {
    // CG 12.213: an unbreached city gate only for its controller's leaders too.
    if crate::works::city::gate_shut(scenario, state, scenario.leaders[leader].side, from, to) {
        return None;
    }
    let category = leader_category(scenario, leader);
    let cost = entry_cost(scenario, state, category, from, to);
    // CG 12.214 (P199): a leader enters any city hex whatever he rides, paying as light foot.
    if cost.is_none() && crate::works::city::in_city(scenario, to) {
        return entry_cost(scenario, state, MoveCategory::LightFoot, from, to);
    }
    // CG 12.32 (P188): a destroyed tower is a camp hex.
    let town_or_camp = matches!(
        crate::works::camp::terrain_now(&scenario.map, state, to),
        Some(crate::map::terrain::Terrain::Town | crate::map::terrain::Terrain::Camp)
    );
    if cost.is_none() && town_or_camp && scenario.leaders[leader].rides.is_some() {
        // 6.16: a city or camp is never closed to a rider; he pays as a horseman there.
        return entry_cost(scenario, state, LEADER_CATEGORY, from, to);
    }
    // CG 12.11 (P170): a leader climbs a camp tower on foot, from a hex beside it within the
    // camp's works (no camp hexside between), whatever he rides; so his command reaches it too.
    if cost.is_none()
        && crate::works::camp::is_tower(&scenario.map, state, to)
        && crate::map::zoc::camp_hexside(scenario, state, from, to).is_none()
    {
        return entry_cost(scenario, state, MoveCategory::LightFoot, from, to);
    }
    // House B7 (P358): a leader goes into dense woods on foot, paying as light foot.
    if cost.is_none() && dense_woods::is_dense(scenario, to) {
        return entry_cost(scenario, state, MoveCategory::LightFoot, from, to);
    }
    cost
}

pub fn category_of(unit: &Unit, placement: &Placement) -> MoveCategory {
    MoveCategory::of(unit.kind, unit.class, placement.is_two_hex())
}

/// The cost for a unit of `category` to go from `from` into the adjacent hex `to` — the hex,
/// the hexside crossed and the change of level, a steep slope and a two-level climb charged once
/// (GBA 6.21–6.26; CG 6.21, 6.26) — or `None` where it may not. A breached camp palisade is crossed as a camp
/// gate (CG 12.31; rulings P177).
pub fn entry_cost(
    scenario: &Scenario,
    state: &GameState,
    category: MoveCategory,
    from: HexId,
    to: HexId,
) -> Option<Cost> {
    // House B7 (P357): dense woods are closed to all but light foot and skirmishers.
    if crate::special::house::dense_woods::bars_entry(scenario, category, to) {
        return None;
    }
    // With no palisade breached and no tower destroyed the map is as drawn: its table answers.
    if state.breaches.is_empty() && state.destroyed_towers.is_empty() {
        if let (Some(i), Some(side)) = (scenario.map.index(from), from.side_towards(to)) {
            return drawn_entry_costs(scenario, category, from, i)[side.index()];
        }
    }
    // CG 12.32 (P188): a destroyed tower is crossed as a camp hex.
    let terrain = crate::works::camp::terrain_now(&scenario.map, state, to)?;
    cost_across(scenario, category, from, to, terrain, crate::works::breach::hexside_now(scenario, state, from, to))
}

/// The cost for `category` of entering `to` from `from` with `terrain` there and `hexside`
/// between.
fn cost_across(
    scenario: &Scenario,
    category: MoveCategory,
    from: HexId,
    to: HexId,
    terrain: Terrain,
    hexside: Option<HexsideFeature>,
) -> Option<Cost> {
    let map = &scenario.map;
    movement_costs::entry_cost(
        category,
        // CG 12.23, 12.24: a street hex entered other than by street movement is a block.
        crate::works::city::entry_terrain(scenario, category, from, to, terrain),
        hexside,
        map.crossing(from, to),
        map.elevation(from)?,
        map.elevation(to)?,
    )
}

/// `category`'s entry costs as the map is drawn ([`crate::scenario::DrawnEntryCosts`]) into
/// each neighbour of `from`, whose [`crate::scenario::Map::index`] is `i`: worked out for a hex
/// the first time it is asked about, so that no command pays for the whole map at once (issue
/// 19: a battle's first zones of control asked for five categories' tables of 2,640 hexes).
fn drawn_entry_costs(scenario: &Scenario, category: MoveCategory, from: HexId, i: usize) -> &[Option<Cost>; 6] {
    let map = &scenario.map;
    let hexes =
        map.drawn_costs.0[category as usize].get_or_init(|| map.terrain.iter().map(|_| OnceLock::new()).collect());
    hexes[i].get_or_init(|| {
        Hexside::ALL.map(|side| {
            from.neighbour(side)
                .and_then(|to| cost_across(scenario, category, from, to, map.terrain(to)?, map.hexside(from, to)))
        })
    })
}

/// What passing through a friendly unit costs under orders (6.92, 6.95; the voluntary table of
/// the stacking chart): free for skirmishers, extra MP and a TQ check for both when Basic meets
/// Basic, never with a phalanx or heavy infantry. Neither is In Column: see [`pass_through_in`].
pub fn pass_through(mover: &Unit, stationary: &Unit, stationary_routed: bool) -> stacking::Outcome {
    pass_through_in(mover, false, stationary, stationary_routed, false)
}

/// [`pass_through`] with either unit perhaps In Column: never, whoever moves (6.67; the
/// chart's In Column row and column).
pub fn pass_through_in(
    mover: &Unit,
    mover_column: bool,
    stationary: &Unit,
    stationary_routed: bool,
    stationary_column: bool,
) -> stacking::Outcome {
    stacking::outcome(
        stacking::stack_class(mover.kind, false, mover_column),
        stacking::stack_class(stationary.kind, stationary_routed, stationary_column),
        stacking::Action::MoveThrough,
    )
}

/// A state of the search: where the unit is and which way it faces.
type Pose = (HexId, Vertex);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Spent {
    mp: u8,
    hits: u8,
}

/// What a turn in place reads of its hex (7.23, 7.14; CG 12.26).
struct TurningGround {
    /// It entered an enemy ZOC there.
    stopped: bool,
    rough: bool,
    /// City block terrain.
    block: bool,
}

/// Everything fixed for one unit's move this order.
struct Mover<'a> {
    scenario: &'a Scenario,
    /// The state, for what the battle has changed on the ground (a breach, CG 12.31).
    state: &'a GameState,
    unit: &'a Unit,
    index: usize,
    start: Pose,
    category: MoveCategory,
    ma: u8,
    zoc: std::rc::Rc<FxHashMap<HexId, Vec<usize>>>,
    occupied: FxHashMap<HexId, usize>,
    /// May leave the enemy ZOC it starts in (7.23[1]); true when it starts outside any.
    may_leave_start: bool,
    /// MP it may spend turning in its start hex: all of it, or ceil(MA/2) in a ZOC (7.25), or 0.
    start_turn_budget: u8,
    /// Routed friends: passing through one eliminates it (6.92).
    routed: Vec<usize>,
    /// It moves as a column: facings are hexsides (6.62–6.64).
    column: bool,
    /// Units in column: nobody passes through them under orders (6.67).
    columns: Vec<usize>,
    /// It may change into or out of column at the end of this move (6.61).
    may_change: bool,
    /// CG 10.15: enemy elephants' ZOC it may not enter, and their flanks' hits.
    elephants: crate::special::elephants::ElephantGround,
    /// Ground the battle's special rules close to it now (P151).
    closed: FxHashMap<HexId, crate::scenario::battles::restrictions::Closure<'a>>,
    /// CG 6.73: hexes holding two Tribal units already.
    full: Vec<HexId>,
    /// CG 6.75: by hex, the facing of the first Tribal unit there it may stack with; worked out
    /// once, as every pose the search reaches asks.
    stack_facings: FxHashMap<HexId, Vertex>,
}

impl<'a> Mover<'a> {
    fn new(scenario: &'a Scenario, state: &'a GameState, index: usize) -> Result<Self, RuleError> {
        let unit = &scenario.units[index];
        let st = &state.units[index];
        let Placement::One(hex) = st.placement else {
            return Err(RuleError::TwoHexNeedsMoveTo { unit: unit.id.clone() });
        };
        let zoc = shared_enemy_zoc(scenario, state, unit.side);
        let occupied = occupancy(state);
        let rules = scenario.meta.rules;
        // 6.61: column movement only for a unit In Column since the orders phase began.
        if st.column && !st.column_at_start {
            return Err(RuleError::IllegalMove {
                unit: unit.id.clone(),
                rule: "6.61",
                reason: "it formed column this orders phase; it moves as a column from the next".into(),
            });
        }
        // CG 6.74: of a Tribal stack only the top unit moves.
        if crate::special::tribal::is_bottom(scenario, state, index) {
            return Err(crate::special::tribal::bottom_stays(&unit.id));
        }
        let ma = if st.column { crate::movement::column::column_ma(rules, unit) } else { unit.ma };
        let pinners = pinners(scenario, &zoc, [hex]);
        let (may_leave_start, start_turn_budget) = if pinners.is_empty() {
            (true, ma)
        } else {
            // 7.23[1]: a free front hex and a printed MA above every pinning enemy's (a phalanx counts 5, 6.46).
            let free_front = hexes_in(&st.placement, st.heading(), Arc::Front)
                .iter()
                .any(|h| scenario.map.contains(*h) && !occupied.contains_key(h));
            let may_leave = free_front && outpaces(scenario, unit, &pinners);
            // 7.25: turning in place, up to ceil(MA/2) MP, when pinned by one enemy only — and
            // then it stays in its hex. GBA 7.25 also needs no enemy in this unit's own ZOC;
            // CG 7.25 drops that condition (rule-set hook).
            let needs_clear = crate::scenario::rule_set::hooks(rules).facing.zoc_turn_needs_own_zoc_clear;
            let blocked = needs_clear && crate::map::zoc::enemy_in_own_zoc(scenario, state, index, &occupied);
            let budget = if pinners.len() == 1 && !blocked { ma.div_ceil(2) } else { 0 };
            (may_leave, budget)
        };
        Ok(Self {
            state,
            scenario,
            unit,
            index,
            start: (hex, st.facing),
            category: category_of(unit, &st.placement),
            ma,
            zoc,
            occupied,
            may_leave_start,
            start_turn_budget,
            routed: (0..state.units.len()).filter(|&i| state.units[i].routed).collect(),
            column: st.column,
            columns: (0..state.units.len()).filter(|&i| i != index && state.units[i].column).collect(),
            may_change: !st.routed && crate::movement::column::may_be_column(rules, unit, &st.placement),
            elephants: crate::special::elephants::elephant_ground(scenario, state, index),
            closed: crate::scenario::battles::restrictions::closed_to(
                scenario,
                state,
                crate::scenario::battles::restrictions::Mover::Unit(index),
            ),
            full: crate::special::tribal::full_hexes(scenario, state),
            stack_facings: stack_facings(scenario, state, index),
        })
    }

    /// The hexsides it may move across facing `facing`, each with the facing it arrives with: a
    /// line's two front hexes, keeping its facing (6.32; CG 6.32); a column's hex straight ahead or either
    /// front-flank hex, turning toward it for free (6.64).
    fn entries(&self, facing: Vertex) -> impl Iterator<Item = (Hexside, Vertex)> {
        // Counted from the facing's index: a line's front hexsides are `front_hexsides`.
        let (column, turns): (bool, &'static [usize]) = if self.column { (true, &[5, 0, 1]) } else { (false, &[5, 0]) };
        turns.iter().map(move |k| {
            let arrival = if column { Vertex::from_index(facing.index() + k) } else { facing };
            (Hexside::from_index(facing.index() + k), arrival)
        })
    }

    /// The facings a change of formation may start from to end facing `target` (6.63): a line
    /// turns 30° to either hexside of its front vertex; a column 30° to either vertex of its
    /// hexside. In the stored form (`facing::Heading`) both are the same index and the next
    /// (forming) or the one before (leaving).
    fn before_change(&self, target: Vertex) -> [Vertex; 2] {
        let other = if self.column { target.index() + 5 } else { target.index() + 1 };
        [target, Vertex::from_index(other)]
    }

    fn in_enemy_zoc(&self, hex: HexId) -> bool {
        self.zoc.contains_key(&hex)
    }

    /// A chariot turns at most one vertex in each hex it passes through; only where its move
    /// starts and ends may it turn further (GBA 7.15; CG 7.15).
    fn turns_one_vertex_on_the_way(&self) -> bool {
        matches!(self.unit.kind, UnitType::CH | UnitType::ChStar)
    }

    /// May the move go on from this hex? It stops on entering an enemy ZOC (7.23).
    fn stopped_at(&self, hex: HexId) -> bool {
        hex != self.start.0 && self.in_enemy_zoc(hex)
    }

    /// Turning in place from `from` to `to` at `hex`, having spent `spent` so far.
    fn turn(&self, hex: HexId, from: Vertex, to: Vertex, spent: Spent) -> Result<Spent, Refusal> {
        self.turn_in(&self.turning_ground(hex), hex, from, to, spent)
    }

    /// What turning in `hex` reads of the ground, the same for every turn there.
    fn turning_ground(&self, hex: HexId) -> TurningGround {
        TurningGround {
            stopped: self.stopped_at(hex),
            rough: self.scenario.map.terrain(hex).is_some_and(|t| t.is_rough()),
            block: crate::works::city::in_block(&self.scenario.map, hex),
        }
    }

    /// [`Mover::turn`] in `hex`, whose ground is `ground`.
    fn turn_in(
        &self,
        ground: &TurningGround,
        hex: HexId,
        from: Vertex,
        to: Vertex,
        spent: Spent,
    ) -> Result<Spent, Refusal> {
        if ground.stopped {
            return Err(Refusal::Stopped);
        }
        // CG 7.12 exc. 2, 7.14: the rule set's facing differences.
        let rule = &crate::scenario::rule_set::hooks(self.scenario.meta.rules).facing;
        let cost = movement_costs::unit_facing_cost(rule, self.unit, vertices_between(from, to), ground.rough);
        // CG 12.26 (P200): in a block hex every neighbour is a front hex, so which way the
        // counter points costs nothing to change; the unit may go into any neighbour.
        let cost = if ground.block { Cost::ZERO } else { cost };
        let next = Spent { mp: spent.mp + cost.mp, hits: spent.hits + cost.hits };
        if hex == self.start.0 && next.mp > self.start_turn_budget {
            return Err(Refusal::StartZoc { budget: self.start_turn_budget });
        }
        // No more than the printed allowance of one order (6.11; CG 6.11).
        if next.mp > self.ma {
            return Err(Refusal::Allowance { needed: next.mp, ma: self.ma, rule: "6.11" });
        }
        Ok(next)
    }

    /// Entering `to` from `from` facing `facing`, having spent `spent`: the cost so far and the
    /// facing it arrives with. The searches' most frequent refusals first, unwritten.
    fn enter(
        &self,
        from: HexId,
        facing: Vertex,
        to: HexId,
        spent: Spent,
        is_last: bool,
    ) -> Result<(Spent, Vertex), Refusal> {
        // Leaving one enemy ZOC for another, or one its own side also holds: it stops (GBA 7.24, 7.26; CG 7.24, 7.26).
        if self.stopped_at(from) {
            return Err(Refusal::StoppedIn(from));
        }
        let (next, arrival) = self.entry(from, facing, to, spent, is_last).map_err(Refusal::Said)?;
        if next.mp > self.ma {
            return Err(Refusal::Allowance { needed: next.mp, ma: self.ma, rule: "6.25" });
        }
        Ok((next, arrival))
    }

    /// [`Mover::enter`] but for the ZOC it stands in and its allowance.
    fn entry(
        &self,
        from: HexId,
        facing: Vertex,
        to: HexId,
        spent: Spent,
        is_last: bool,
    ) -> Result<(Spent, Vertex), String> {
        if !self.scenario.map.contains(to) {
            return Err(format!("{to} is off the map"));
        }
        // Hex by hex, each next to the last (GBA 6.31; CG 6.31).
        let Some(side) = from.side_towards(to) else {
            return Err(format!("{to} is not next to {from}"));
        };
        let Some((_, arrival)) = self.entries(facing).find(|(s, _)| *s == side) else {
            return Err(if self.column {
                format!("{to} is not ahead of the column or beside the hex ahead; turn first (6.64)")
            } else {
                format!("{to} is not one of its front hexes; turn first (6.32)")
            });
        };
        if from == self.start.0 && !self.may_leave_start {
            return Err("it may not leave the enemy zone of control it starts in: it needs a free front hex and a \
                        movement allowance greater than every enemy pinning it (7.23)"
                .into());
        }
        if self.elephants.barred.contains(&to) {
            return Err(format!("{to} is in an enemy elephant's zone of control: horses will not go there (10.15)"));
        }
        if let Some(rule) = self.closed.get(&to) {
            return Err(crate::scenario::battles::restrictions::refusal(to, rule));
        }
        if let Some(reason) =
            crate::works::city::move_refusal(self.scenario, self.state, self.index, self.column, from, to)
        {
            return Err(reason);
        }
        let mut extra = 0;
        if let Some(&other) = self.occupied.get(&to).filter(|&&o| o != self.index) {
            let other_unit = &self.scenario.units[other];
            if other_unit.side != self.unit.side {
                // GBA 6.93, CG 6.72: never into an enemy unit's hex (pass-through is not a move order).
                return Err(format!("{to} holds the enemy {} (6.93; CG 6.72)", other_unit.name));
            }
            // CG 10.72[2]: guild units never pass through another guild's of their own will.
            if crate::special::indian::rival_guilds(self.scenario, self.unit, other_unit) {
                return Err(format!("{to} holds {}, of a rival guild: no passing through (10.72)", other_unit.name));
            }
            if is_last {
                // CG 6.73: a Tribal unit may end its move on one of its tribe, for 2 MP more.
                if let Some(reason) = self.stack_refusal(to, other) {
                    return Err(reason);
                }
                extra = STACK_MP;
            } else {
                extra = self.pass_through_extra(to, other)?;
            }
        }
        let Some(cost) = entry_cost(self.scenario, self.state, self.category, from, to) else {
            if let Some(reason) = dense_woods::entry_refusal(self.scenario, self.unit.kind, self.category, to) {
                return Err(reason);
            }
            // CG 12.22, 12.24: who may go where in a city.
            if let Some(reason) = crate::works::city::terrain_refusal(self.scenario, self.unit, self.category, from, to)
            {
                return Err(reason);
            }
            // CG 12.11, 12.14: only foot cross a camp's rings; horses, chariots and elephants use a gate.
            if let Some(f) = crate::map::zoc::camp_hexside(self.scenario, self.state, from, to) {
                return Err(format!("a {} may not cross the {} into {to} (12.14)", self.unit.kind.name(), f.name()));
            }
            // CG 12.11, 12.14 (P170): who goes into a camp tower.
            if let Some(reason) =
                crate::works::camp::tower_refusal(&self.scenario.map, self.state, self.unit, self.category, to)
            {
                return Err(reason);
            }
            return Err(format!("a {} may not enter {to} that way (6.2, movement costs chart)", self.unit.kind.name()));
        };
        // 6.62: a column's terrain hits are one fewer, never below none.
        let cost = if self.column { movement_costs::in_column(cost) } else { cost };
        // CG 10.15: 2 hits for each elephant's flank or rear hex entered (non-Indian cavalry).
        let shy = self.elephants.hits.get(&to).copied().unwrap_or(0);
        Ok((Spent { mp: spent.mp + cost.mp + extra, hits: spent.hits + cost.hits + shy }, arrival))
    }

    /// Why it may not change formation in `hex`, if it may not (6.6, 6.61).
    fn change_refused(&self, hex: HexId) -> Option<String> {
        if !self.may_change {
            // GBA 6.6; CG 6.51 (its exception bars Tribal LI too).
            let rule = crate::scenario::rule_set::hooks(self.scenario.meta.rules).column.rule;
            let tribal = if self.unit.grade == Some(crate::scenario::units::Grade::Tribal) { "Tribal " } else { "" };
            return Some(format!("a {tribal}{} may not form column ({rule})", self.unit.kind.name()));
        }
        if crate::works::city::in_block(&self.scenario.map, hex) {
            return Some(format!("{hex} is block terrain, where no unit is In Column (12.26)"));
        }
        self.in_enemy_zoc(hex)
            .then(|| "it may not change into or out of column in an enemy zone of control (6.61)".into())
    }

    /// May it change formation in `hex`? [`Mover::change_refused`] without writing the reason,
    /// for the search that asks at every hex it reaches.
    fn may_change_in(&self, hex: HexId) -> bool {
        self.may_change && !crate::works::city::in_block(&self.scenario.map, hex) && !self.in_enemy_zoc(hex)
    }

    /// What it has spent after changing formation, allowance or not (6.61).
    fn with_change(&self, spent: Spent) -> Spent {
        Spent { mp: spent.mp + crate::movement::column::change_mp(self.scenario.meta.rules), hits: spent.hits }
    }

    /// [`Mover::change`] for the search: the cost, or `None` where it may not (the reason unwritten).
    fn change_cost(&self, hex: HexId, spent: Spent) -> Option<Spent> {
        let next = self.with_change(spent);
        (self.may_change_in(hex) && next.mp <= self.ma).then_some(next)
    }

    /// The change into or out of column at the end of the move, in `hex` (6.61): 1 MP, not in
    /// an enemy ZOC, only for units that may be columns.
    fn change(&self, hex: HexId, spent: Spent) -> Result<Spent, String> {
        if let Some(reason) = self.change_refused(hex) {
            return Err(reason);
        }
        let next = self.with_change(spent);
        if next.mp > self.ma {
            return Err(format!(
                "with the change of formation that needs {} MP and its allowance is {} (6.61)",
                next.mp, self.ma
            ));
        }
        Ok(next)
    }

    /// Could the move end at `hex`? Not in a friend's hex (6.91).
    /// Passing through `other`, a friend in `to`, under orders: the extra MP, or why not (6.67,
    /// 6.92, 6.95; CG 10.62).
    fn pass_through_extra(&self, to: HexId, other: usize) -> Result<u8, String> {
        let other_unit = &self.scenario.units[other];
        // CG 10.62: no friendly combat unit ever enters a unit in Square.
        if self.state.units[other].square {
            return Err(format!(
                "{to} holds {}, in Square: no friend enters it ({})",
                other_unit.name,
                crate::special::square::rule(self.scenario).unwrap_or("10.62")
            ));
        }
        // Through a friend: as the stacking chart says (6.92, 6.95); never with a column (6.67).
        let column = self.columns.contains(&other);
        match pass_through_in(self.unit, self.column, other_unit, self.routed.contains(&other), column) {
            stacking::Outcome::Free | stacking::Outcome::StationaryEliminated => Ok(0),
            stacking::Outcome::ExtraMp { mp, .. } => Ok(mp),
            _ if self.column || column => {
                Err(format!("{to} holds {}: no passing through with a column (6.67)", other_unit.name))
            }
            _ => Err(format!(
                "a {} may not pass through {} (6.92, stacking chart)",
                self.unit.kind.name(),
                other_unit.name
            )),
        }
    }

    fn may_end_at(&self, hex: HexId) -> bool {
        hex == self.start.0
            || self.occupied.get(&hex).is_none_or(|&o| o == self.index || self.stack_refusal(hex, o).is_none())
    }

    /// Why it may not end its move in `hex` on `other`, a friend there (GBA 6.91): only a Tribal
    /// unit on one of its tribe, outside a city or stronghold, two at most (CG 6.73, CG 10.74).
    fn stack_refusal(&self, hex: HexId, other: usize) -> Option<String> {
        let other_unit = &self.scenario.units[other];
        if !crate::special::tribal::may_stack(self.scenario.meta.rules, self.unit, other_unit)
            || self.state.units[other].routed
        {
            return Some(format!("{hex} holds {}; units do not end a move stacked (6.91)", other_unit.name));
        }
        crate::special::tribal::ground_refusal(&self.scenario.map, hex, &self.full)
    }

    /// What a move the search reached `hex` with, facing `facing`, at `spent`, costs if it ends
    /// there: the search passed through a Tribal friend there, where stacking costs 2 MP more
    /// than the hex instead (CG 6.73) and takes that friend's facing (6.75). None if it may not.
    fn end_cost(&self, hex: HexId, facing: Vertex, spent: Spent) -> Option<Spent> {
        let Some(required) = self.facing_required(hex) else { return Some(spent) };
        if required != facing {
            return None;
        }
        if hex == self.start.0 {
            return Some(spent);
        }
        let other = *self.occupied.get(&hex)?;
        let through = self.pass_through_extra(hex, other).ok()?;
        let mp = spent.mp - through + STACK_MP;
        (mp <= self.ma).then_some(Spent { mp, ..spent })
    }

    /// The facing a move ending in `hex` must have (CG 6.75): that of the Tribal unit it shares
    /// the hex with.
    fn facing_required(&self, hex: HexId) -> Option<Vertex> {
        self.stack_facings.get(&hex).copied()
    }
}

/// By hex, the facing of the first unit (in the battle's order) standing alone in it that unit
/// `index` may stack with (CG 6.73, 6.75): what [`Mover::facing_required`] answers.
fn stack_facings(scenario: &Scenario, state: &GameState, index: usize) -> FxHashMap<HexId, Vertex> {
    let unit = &scenario.units[index];
    let mut out = FxHashMap::default();
    for (j, st) in state.units.iter().enumerate() {
        let Placement::One(hex) = st.placement else { continue };
        if j != index
            && !st.eliminated
            && crate::special::tribal::may_stack(scenario.meta.rules, unit, &scenario.units[j])
        {
            out.entry(hex).or_insert(st.facing);
        }
    }
    out
}

/// One place a unit can end its move, at the cheapest cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Destination {
    /// The hex it ends in (a two-hex unit: its first half; see `placement`).
    pub hex: HexId,
    pub placement: Placement,
    pub facing: Vertex,
    /// A two-hex unit that wheels in an enemy ZOC checks its TQ at the end (6.45).
    pub wheel: bool,
    pub mp: u8,
    /// Cohesion hits from terrain and facing changes on the way (6.22, 7.14); the second-move
    /// hit (6.13) comes on top.
    pub hits: u8,
    /// The hexes entered, in order.
    pub path: Vec<HexId>,
    /// The move ends in an enemy ZOC.
    pub in_enemy_zoc: bool,
    /// It ends In Column, `facing` then a hexside (6.61, 6.63).
    pub column: bool,
}

impl Destination {
    /// The order that moves `unit` here.
    pub fn command(&self, unit: &str) -> crate::game::Command {
        match self.placement {
            Placement::Two(..) => {
                crate::game::Command::MoveTo { unit: unit.into(), to: self.placement, facing: self.facing, with: None }
            }
            Placement::One(_) => crate::game::Command::Move {
                unit: unit.into(),
                path: self.path.clone(),
                facing: self.facing,
                column: self.column,
                with: None,
            },
        }
    }

    /// Does this destination put the unit in `placement` (halves in either order)?
    pub fn is_at(&self, placement: &Placement) -> bool {
        let mut mine: Vec<HexId> = self.placement.hexes().collect();
        let mut theirs: Vec<HexId> = placement.hexes().collect();
        crate::game::sorting::sort(&mut mine);
        crate::game::sorting::sort(&mut theirs);
        mine == theirs
    }
}

/// Why a unit may not turn in place or enter a hex. The move searches try many steps and drop
/// the reasons, so the frequent ones are only written out when a player will read them.
enum Refusal {
    /// It entered an enemy ZOC there (7.23).
    Stopped,
    /// It must stop in this hex, in an enemy ZOC (7.23).
    StoppedIn(HexId),
    /// It began in an enemy ZOC and has only `budget` MP for facing there (7.25).
    StartZoc { budget: u8 },
    /// The step would take it past its allowance (6.11, 6.25).
    Allowance { needed: u8, ma: u8, rule: &'static str },
    /// Any other reason, written out.
    Said(String),
}

impl Refusal {
    fn reason(self) -> String {
        match self {
            Refusal::Stopped => "it stopped on entering an enemy zone of control (7.23)".into(),
            Refusal::StartZoc { budget: 0 } => {
                "it starts in an enemy zone of control and may not change facing there (7.25)".into()
            }
            Refusal::StartZoc { budget } => {
                format!("in an enemy zone of control it may spend only {budget} MP on facing (7.25)")
            }
            Refusal::StoppedIn(hex) => format!("it must stop in {hex}, in an enemy zone of control (7.23)"),
            Refusal::Allowance { needed, ma, rule } => {
                format!("that needs {needed} MP and its allowance is {ma} ({rule})")
            }
            Refusal::Said(reason) => reason,
        }
    }
}

/// Where a unit can move under one order, by the cheapest paths (least MP, then fewest hits):
/// every hex and facing in its formation, and — where it may change formation there — in the
/// other (6.61).
pub fn reach(scenario: &Scenario, state: &GameState, unit: usize) -> Result<Vec<Destination>, RuleError> {
    reach_ends(scenario, state, unit).map(Ends::written)
}

/// [`reach`] with the paths not yet written out: a player who picks one of the destinations
/// asks for its path alone ([`Ends::written_at`]).
pub fn reach_ends<'a>(scenario: &'a Scenario, state: &'a GameState, unit: usize) -> Result<Ends<'a>, RuleError> {
    if state.units[unit].placement.is_two_hex() {
        return Ok(formation_ends(scenario, state, unit));
    }
    let mut mover = Mover::new(scenario, state, unit)?;
    // A move going on after its fire has the MP left, and is on its way where it stands (8.11, 7.15).
    let resumed = crate::movement::move_and_fire::spent_before(state, unit);
    mover.ma = mover.ma.saturating_sub(resumed.unwrap_or(0));
    let chariot = mover.turns_one_vertex_on_the_way();
    let mut best = PoseTable::new(&scenario.map);
    let mut heap = BinaryHeap::new();
    best.insert(mover.start, (Spent { mp: 0, hits: 0 }, None));
    heap.push(Reverse((Spent { mp: 0, hits: 0 }, mover.start)));
    // The steps from one pose, the same buffer for every pose.
    let mut next: Vec<(Pose, Spent)> = Vec::new();
    while let Some(Reverse((spent, pose))) = heap.pop() {
        if best.get(&pose).is_some_and(|(b, _)| *b < spent) {
            continue;
        }
        let (hex, facing) = pose;
        // On the way a chariot turns only as it goes on, one vertex (7.15); the turns where it
        // ends are added below.
        let on_the_way = chariot && (hex != mover.start.0 || resumed.is_some());
        let ground = mover.turning_ground(hex);
        for to in Vertex::ALL.into_iter().filter(|v| *v != facing && !on_the_way) {
            if let Ok(s) = mover.turn_in(&ground, hex, facing, to, spent) {
                next.push(((hex, to), s));
            }
        }
        let one_vertex = [Vertex::from_index(facing.index() + 1), Vertex::from_index(facing.index() + 5)];
        let going_on = std::iter::once((facing, Ok(spent))).chain(
            one_vertex.into_iter().filter(|_| on_the_way).map(|g| (g, mover.turn_in(&ground, hex, facing, g, spent))),
        );
        for (heading, turned) in going_on {
            let Ok(spent) = turned else { continue };
            for (side, _) in mover.entries(heading) {
                let Some(to) = hex.neighbour(side) else { continue };
                if let Ok((s, arrival)) = mover.enter(hex, heading, to, spent, false) {
                    next.push(((to, arrival), s));
                }
            }
        }
        for (p, s) in next.drain(..) {
            if best.get(&p).is_none_or(|(b, _)| s < *b) {
                best.insert(p, (s, Some(pose)));
                heap.push(Reverse((s, p)));
            }
        }
    }
    // 7.15: a chariot may turn as it likes where its move ends — and only there, so these turns
    // are kept apart from the search's own steps: no move goes on through one of them.
    let turned_at_end = if chariot { end_turns(&mover, &best.as_hash_map()) } else { FxHashMap::default() };
    // How a move may end facing `pose`: the cheapest of its search and its turn at the end, and
    // the pose of the search it set out from (itself, or where it turned from).
    let ended = |pose: Pose| -> Option<(Spent, Pose)> {
        let searched = best.get(&pose).map(|(spent, _)| (*spent, pose));
        match (searched, turned_at_end.get(&pose)) {
            (Some(s), Some(t)) => Some(if t.0 < s.0 { *t } else { s }),
            (s, t) => s.or(t.copied()),
        }
    };
    let destination = |hex: HexId, facing: Vertex, spent: Spent, from: Pose, column: bool| {
        let destination = Destination {
            hex,
            placement: Placement::One(hex),
            facing,
            wheel: false,
            mp: spent.mp,
            hits: spent.hits,
            path: Vec::new(),
            in_enemy_zoc: mover.in_enemy_zoc(hex),
            column,
        };
        (destination, Trailhead::One(from))
    };
    // Listed by hex, then formation (line before column), then facing: built in that order (each
    // key once), so nothing is sorted.
    let mut out = Vec::new();
    let mut own = Vec::new();
    let mut changed = Vec::new();
    for hex in best.hexes_in_order().into_iter().filter(|h| mover.may_end_at(*h)) {
        // Ending in the formation it moved in, each facing.
        for facing in Vertex::ALL.into_iter().filter(|f| (hex, *f) != mover.start) {
            let Some((spent, from)) = ended((hex, facing)) else { continue };
            if let Some(spent) = mover.end_cost(hex, facing, spent) {
                own.push(destination(hex, facing, spent, from, mover.column));
            }
        }
        // 6.61: ending in the other formation, from the cheaper of the two facings it turns from.
        for target in Vertex::ALL {
            let from = mover.before_change(target).into_iter().filter_map(|f| ended((hex, f))).min();
            let Some((spent, pre)) = from else { continue };
            if let Some(spent) = mover.change_cost(hex, spent) {
                changed.push(destination(hex, target, spent, pre, !mover.column));
            }
        }
        let (first, second) = if mover.column { (&mut changed, &mut own) } else { (&mut own, &mut changed) };
        out.append(first);
        out.append(second);
    }
    Ok(Ends { ends: out, trail: Trail::One(best) })
}

/// Where a destination's path is walked back from, in its search.
#[derive(Clone, Copy)]
enum Trailhead {
    One(Pose),
    Two(Pair),
}

/// The search a unit's move ends were found by, kept to write out their paths.
enum Trail<'a> {
    One(PoseTable<'a>),
    Two(Formation<'a>, FormationSearch),
    Nowhere,
}

/// The ends of a unit's move as [`reach`] lists them, in its order, each path written out only
/// when asked: the searches find hundreds of ends, a random player takes one.
pub struct Ends<'a> {
    ends: Vec<(Destination, Trailhead)>,
    trail: Trail<'a>,
}

impl Ends<'_> {
    /// No move at all.
    pub fn none() -> Self {
        Self { ends: Vec::new(), trail: Trail::Nowhere }
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The destinations, their paths empty unless written out ([`Ends::write_paths`]).
    pub fn iter(&self) -> impl Iterator<Item = &Destination> {
        self.ends.iter().map(|(d, _)| d)
    }

    /// Keeps the destinations `keep` says, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Destination) -> bool) {
        self.ends.retain(|(d, _)| keep(d));
    }

    /// Writes out every path.
    pub fn write_paths(&mut self) {
        let mut scratch = Scratch::default();
        for (d, head) in &mut self.ends {
            if d.path.is_empty() {
                d.path = self.trail.path(*head, &mut scratch);
            }
        }
    }

    /// The `k`-th destination with its path.
    pub fn written_at(&self, k: usize) -> Option<Destination> {
        let (d, head) = self.ends.get(k)?;
        let mut d = d.clone();
        if d.path.is_empty() {
            d.path = self.trail.path(*head, &mut Scratch::default());
        }
        Some(d)
    }

    /// Every destination with its path.
    pub fn written(mut self) -> Vec<Destination> {
        self.write_paths();
        self.ends.into_iter().map(|(d, _)| d).collect()
    }
}

/// Buffers for walking paths back, reused from one path to the next.
#[derive(Default)]
struct Scratch {
    hexes: Vec<HexId>,
    pairs: Vec<Pair>,
}

impl Trail<'_> {
    fn path(&self, head: Trailhead, scratch: &mut Scratch) -> Vec<HexId> {
        match (self, head) {
            (Trail::One(best), Trailhead::One(pose)) => path_to(best, pose, &mut scratch.hexes),
            (Trail::Two(f, best), Trailhead::Two(pose)) => formation_path(f, best, pose, &mut scratch.pairs),
            _ => Vec::new(),
        }
    }
}

/// The hexes entered on the way to `pose` from the search's start, in order, walked back
/// through `best` into `scratch` and then allocated once at their length.
fn path_to(best: &PoseTable, pose: Pose, scratch: &mut Vec<HexId>) -> Vec<HexId> {
    scratch.clear();
    let mut at = pose;
    while let Some((_, Some(prev))) = best.get(&at) {
        if prev.0 != at.0 {
            scratch.push(at.0);
        }
        at = *prev;
    }
    scratch.iter().rev().copied().collect()
}

/// What the one-hex search knows of a pose: its cheapest cost, and the pose it came from.
type Reached = (Spent, Option<Pose>);

thread_local! {
    /// The storage of the last [`PoseTable`] dropped, all empty, for the next search.
    static SPARE_POSE_TABLE: std::cell::Cell<Vec<Option<Reached>>> = const { std::cell::Cell::new(Vec::new()) };
}

/// [`Reached`] by pose for the one-hex search, which reads and writes it at every step: a table
/// by the map's hex and facing rather than a hash map, its storage kept from one search to the
/// next (emptied where it was written).
struct PoseTable<'a> {
    map: &'a crate::scenario::Map,
    table: Vec<Option<Reached>>,
    /// The poses in the order first reached.
    order: Vec<Pose>,
    /// The hexes in the order first reached.
    hexes: Vec<HexId>,
}

impl<'a> PoseTable<'a> {
    fn new(map: &'a crate::scenario::Map) -> Self {
        let mut table = SPARE_POSE_TABLE.take();
        let size = map.columns as usize * map.rows as usize * 6;
        if table.len() < size {
            table.resize(size, None);
        }
        Self { map, table, order: Vec::new(), hexes: Vec::new() }
    }

    fn slot(&self, (hex, facing): Pose) -> Option<usize> {
        self.map.index(hex).map(|i| i * 6 + facing.index())
    }

    fn get(&self, pose: &Pose) -> Option<&Reached> {
        self.slot(*pose).and_then(|k| self.table[k].as_ref())
    }

    fn contains_key(&self, pose: &Pose) -> bool {
        self.get(pose).is_some()
    }

    /// Records `reached` for `pose`, a hex of the map (the search enters no other).
    fn insert(&mut self, pose: Pose, reached: Reached) {
        let Some(k) = self.slot(pose) else { return };
        if self.table[k].is_none() {
            if !Vertex::ALL.iter().any(|&f| self.contains_key(&(pose.0, f))) {
                self.hexes.push(pose.0);
            }
            self.order.push(pose);
        }
        self.table[k] = Some(reached);
    }

    /// The hexes reached, in order (column, then row).
    fn hexes_in_order(&self) -> Vec<HexId> {
        let mut hexes = self.hexes.clone();
        crate::game::sorting::sort(&mut hexes);
        hexes
    }

    /// The same as the hash map the search filled before this table, built by the same inserts in
    /// the same order, so that it lists its poses in the same order ([`end_turns`] keeps the
    /// first of equally cheap turns it meets).
    fn as_hash_map(&self) -> FxHashMap<Pose, Reached> {
        let mut map = FxHashMap::default();
        for pose in &self.order {
            if let Some(reached) = self.get(pose) {
                map.insert(*pose, *reached);
            }
        }
        map
    }
}

impl Drop for PoseTable<'_> {
    fn drop(&mut self) {
        for pose in std::mem::take(&mut self.order) {
            if let Some(k) = self.slot(pose) {
                self.table[k] = None;
            }
        }
        SPARE_POSE_TABLE.set(std::mem::take(&mut self.table));
    }
}

/// A chariot's turns where its move ends (7.15), from each pose the search reached away from its
/// start: the poses they give that are cheaper than the search's own, each with its cost and the
/// pose it turned from.
fn end_turns(mover: &Mover, best: &FxHashMap<Pose, (Spent, Option<Pose>)>) -> FxHashMap<Pose, (Spent, Pose)> {
    let mut out: FxHashMap<Pose, (Spent, Pose)> = FxHashMap::default();
    for (&(hex, f), &(spent, _)) in best.iter().filter(|(pose, _)| pose.0 != mover.start.0) {
        for to in Vertex::ALL.into_iter().filter(|v| *v != f) {
            let Ok(turned) = mover.turn(hex, f, to, spent) else { continue };
            let cheaper = best.get(&(hex, to)).is_none_or(|(b, _)| turned < *b);
            if cheaper && out.get(&(hex, to)).is_none_or(|(b, _)| turned < *b) {
                out.insert((hex, to), (turned, (hex, f)));
            }
        }
    }
    out
}

/// The cost of a commanded move: exactly the hexes of `path`, ending facing `facing` in the
/// formation it has (a column's `facing` is a hexside), with the cheapest turns on the way.
/// Refuses with the rule that forbids it. [`plan_steps`] also changes formation.
pub fn plan(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    path: &[HexId],
    facing: Vertex,
) -> Result<Destination, RuleError> {
    let column = state.units[unit].column;
    plan_steps(scenario, state, unit, path, facing, column, 0).map(|p| p.destination)
}

/// A planned move with its steps: for each hex entered, the facing it is entered with and the
/// MP and hits spent once there (so a move can stop part-way for a reaction).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    pub destination: Destination,
    pub steps: Vec<(Vertex, u8, u8)>,
    /// The facing its movement ends with, before a change of formation (6.61); the
    /// destination's facing when there is none.
    pub arrival: Vertex,
    /// It changes into or out of column at the end (6.61): the destination's formation.
    pub changes_formation: bool,
}

/// [`plan`], for a move that has already spent `spent_before` MP of its allowance (a move
/// resumed after the enemy's reaction).
pub fn plan_steps(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    path: &[HexId],
    facing: Vertex,
    column: bool,
    spent_before: u8,
) -> Result<Planned, RuleError> {
    let mut mover = Mover::new(scenario, state, unit)?;
    mover.ma = mover.ma.saturating_sub(spent_before);
    let refuse =
        |rule: &'static str, reason: String| RuleError::IllegalMove { unit: mover.unit.id.clone(), rule, reason };
    // Per hex entered: the cheapest cost for each facing it may arrive with, and the facing it
    // arrived with in the hex before, to recover the steps.
    let mut here = mover.start.0;
    let mut costs: FxHashMap<Vertex, Spent> = FxHashMap::from_iter([(mover.start.1, Spent { mp: 0, hits: 0 })]);
    let mut trail: Vec<FxHashMap<Vertex, (Spent, Vertex)>> = Vec::new();
    let mut last_error = String::new();
    for (k, &to) in path.iter().enumerate() {
        // P151: closed ground is refused as such, whatever way it might be faced.
        if let Some(rule) = mover.closed.get(&to) {
            return Err(refuse(
                rule.rule(),
                format!("into {to}: {}", crate::scenario::battles::restrictions::refusal(to, rule)),
            ));
        }
        let mut next: FxHashMap<Vertex, (Spent, Vertex)> = FxHashMap::default();
        // The reason given for a refused step is the one for going straight on, if that was
        // possible at all; otherwise the last turning alternative's.
        let mut straight_error: Option<String> = None;
        // A chariot that could have gone on only by turning further here: that is the reason.
        let mut chariot_error: Option<String> = None;
        for (&f, &spent) in &costs {
            for g in Vertex::ALL {
                let turned = if g == f {
                    Ok(spent)
                } else if (k > 0 || spent_before > 0)
                    && mover.turns_one_vertex_on_the_way()
                    && vertices_between(f, g) > 1
                {
                    let reason =
                        format!("a chariot turns at most one vertex in {here}, a hex it passes through (7.15)");
                    chariot_error.get_or_insert(reason);
                    continue;
                } else {
                    mover.turn(here, f, g, spent)
                };
                let entered =
                    turned.and_then(|s| mover.enter(here, g, to, s, k + 1 == path.len())).map_err(Refusal::reason);
                match entered {
                    Ok((s, arrival)) => {
                        if next.get(&arrival).is_none_or(|(b, bf)| (s, f) < (*b, *bf)) {
                            next.insert(arrival, (s, f));
                        }
                    }
                    Err(e) if g == f && mover.entries(f).any(|(side, _)| here.neighbour(side) == Some(to)) => {
                        straight_error = Some(e)
                    }
                    Err(e) => last_error = e,
                }
            }
        }
        if next.is_empty() {
            let reason = chariot_error.or(straight_error).unwrap_or(last_error);
            return Err(refuse(rule_of(&reason), format!("into {to}: {reason}")));
        }
        costs = next.iter().map(|(v, (s, _))| (*v, *s)).collect();
        trail.push(next);
        here = to;
    }
    // The facings its movement may end with: the one asked, or with a change of formation
    // either of the two it turns from (6.61, 6.63).
    let changes_formation = column != mover.column;
    if let Some(reason) = changes_formation.then(|| mover.change_refused(here)).flatten() {
        return Err(refuse(rule_of(&reason), reason));
    }
    let ends: Vec<Vertex> = if changes_formation { mover.before_change(facing).to_vec() } else { vec![facing] };
    let mut best: Option<(Spent, Vertex, Vertex)> = None;
    for end in ends {
        for (&f, &spent) in &costs {
            let mut done = if f == end { Ok(spent) } else { mover.turn(here, f, end, spent).map_err(Refusal::reason) };
            if changes_formation {
                done = done.and_then(|s| mover.change(here, s));
            }
            match done {
                Ok(s) if best.is_none_or(|(b, bf, be)| (s, f, end) < (b, bf, be)) => best = Some((s, f, end)),
                Ok(_) => {}
                Err(e) => last_error = e,
            }
        }
    }
    let Some((spent, mut arrived, arrival)) = best else {
        let heading = crate::map::facing::Heading::of(facing, column).name();
        return Err(refuse(rule_of(&last_error), format!("to face {heading}: {last_error}")));
    };
    if path.is_empty() && facing == mover.start.1 && !changes_formation {
        return Err(refuse("6.3", "the order neither moves nor turns it".into()));
    }
    if !mover.may_end_at(here) {
        return Err(refuse("6.91", format!("it would end stacked in {here}")));
    }
    if let Some(f) = mover.facing_required(here).filter(|f| *f != facing) {
        return Err(refuse(crate::special::tribal::FACING_RULE, crate::special::tribal::facing_refusal(here, f)));
    }
    // Walk back through the trail for the facing and cost at each hex.
    let mut steps = vec![(facing, 0, 0); path.len()];
    for k in (0..path.len()).rev() {
        let (s, prev) = trail[k][&arrived];
        steps[k] = (arrived, s.mp, s.hits);
        arrived = prev;
    }
    let destination = Destination {
        hex: here,
        placement: Placement::One(here),
        facing,
        wheel: false,
        mp: spent.mp,
        hits: spent.hits,
        path: path.to_vec(),
        in_enemy_zoc: mover.in_enemy_zoc(here),
        column,
    };
    Ok(Planned { destination, steps, arrival, changes_formation })
}

/// The rule number cited in a refusal's reason, e.g. "(6.25)".
fn rule_of(reason: &str) -> &'static str {
    const RULES: [&str; 30] = [
        "6.51",
        "6.11",
        "6.25",
        "6.32",
        "6.61",
        "6.64",
        "6.67",
        crate::special::tribal::STACKING_RULE,
        crate::special::tribal::FACING_RULE,
        "6.91",
        "6.92",
        "6.93",
        "7.15",
        "7.23",
        "7.25",
        "10.15",
        "6.2",
        "6.3",
        "6.6",
        "10.72",
        "P151",
        "12.11",
        "12.14",
        "12.22",
        "12.23",
        "12.24",
        "12.25",
        "12.26",
        "12.213",
        dense_woods::RULE,
    ];
    RULES
        .iter()
        .find(|r| reason.contains(&format!("({r}")) || reason.contains(&format!(" {r})")))
        .copied()
        .unwrap_or("6.2")
}

/// Where a leader can move on his own order: cavalry costs, 9 MP a phase less what he has
/// (CG 6.14: again for another order, within those 9), with no facing (GBA 4.26; CG 4.72);
/// spent; he may enter an enemy ZOC only where a friendly unit stands, and stops there (4.61).
/// Ordered by hex, so whoever lists the options (a player, the soak test) sees the same order
/// on every run.
pub fn leader_reach(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    by_overall: bool,
) -> BTreeMap<HexId, (u8, Vec<HexId>)> {
    let l = &scenario.leaders[leader];
    let start = state.leaders[leader].at;
    let budget =
        crate::command::orders::leader_mp(scenario, state, leader).saturating_sub(state.leaders[leader].mp_used);
    let zoc = shared_enemy_zoc(scenario, state, l.side);
    let occupied = occupancy(state);
    let friendly = |h: &HexId| occupied.get(h).is_some_and(|&u| scenario.units[u].side == l.side);
    let enemy = |h: &HexId| occupied.get(h).is_some_and(|&u| scenario.units[u].side != l.side);
    // Only the overall commander leaves an enemy ZOC on his own order, or moves another leader
    // out of one (7.23[2], 4.4).
    // 5.65: a contingent commander goes with his line even out of an enemy ZOC.
    let with_contingent = crate::command::contingent::under_contingent(state)
        && matches!(&state.phase, crate::game::Phase::Orders { leader: l, .. } if l == &scenario.leaders[leader].id);
    let may_leave = !zoc.contains_key(&start)
        || by_overall
        || crate::command::orders::is_overall(scenario, leader)
        || with_contingent;
    // P151: ground the battle's special rules close to him.
    let closed = crate::scenario::battles::restrictions::closed_to(
        scenario,
        state,
        crate::scenario::battles::restrictions::Mover::Leader(leader),
    );
    // Each hex's cheapest MP and the hex it was entered from; the paths are written at the end.
    let mut best: FxHashMap<HexId, (u8, Option<HexId>)> = FxHashMap::from_iter([(start, (0, None))]);
    let mut heap = BinaryHeap::from([Reverse((0u8, start))]);
    while let Some(Reverse((mp, hex))) = heap.pop() {
        if best.get(&hex).is_some_and(|(b, _)| *b < mp) || (hex != start && zoc.contains_key(&hex)) {
            continue;
        }
        if hex == start && !may_leave {
            continue;
        }
        for side in crate::map::hex::Hexside::ALL {
            let Some(to) = hex.neighbour(side).filter(|h| scenario.map.contains(*h)) else {
                continue;
            };
            if enemy(&to) || (zoc.contains_key(&to) && !friendly(&to)) {
                continue;
            }
            // CG 10.72[1]: a guild chief keeps out of another guild chief's hex.
            if crate::special::indian::rival_chief_at(scenario, state, leader, to).is_some() || closed.contains_key(&to)
            {
                continue;
            }
            let Some(cost) = leader_entry_cost(scenario, state, leader, hex, to) else {
                continue;
            };
            let total = mp + cost.mp;
            if total <= budget && best.get(&to).is_none_or(|(b, _)| total < *b) {
                best.insert(to, (total, Some(hex)));
                heap.push(Reverse((total, to)));
            }
        }
    }
    // A hex's entry is final once it is searched from (no cost is negative), so each path is
    // the one it was entered by: walked back to the start.
    let path_to = |hex: HexId| {
        let (mut path, mut at) = (vec![hex], hex);
        while let Some(&(_, Some(from))) = best.get(&at) {
            if from == start {
                break;
            }
            path.push(from);
            at = from;
        }
        path.reverse();
        path
    };
    best.iter().filter(|(&hex, _)| hex != start).map(|(&hex, &(mp, _))| (hex, (mp, path_to(hex)))).collect()
}

// ---- Two-hex units (GBA 6.4) ------------------------------------------------------------------

/// A two-hex unit's pose: its halves (in id order) and its facing.
type Pair = (HexId, HexId, Vertex);

/// Is this two-hex pose a column's (6.63)? A column faces a hexside along its length — either end
/// of the hexside its halves share — stored as the vertex of the same index (`Heading`); a line
/// faces one of the two vertices across it (P1), so the stored facing tells the two apart.
pub fn is_column_pose(placement: &Placement, facing: Vertex) -> bool {
    match *placement {
        Placement::Two(a, b) => a.side_towards(b).is_some_and(|d| facing.index() % 3 == d.index() % 3),
        Placement::One(_) => false,
    }
}

fn column_pose((a, b, v): Pair) -> bool {
    is_column_pose(&Placement::Two(a, b), v)
}

fn pair(a: HexId, b: HexId, v: Vertex) -> Pair {
    if a < b {
        (a, b, v)
    } else {
        (b, a, v)
    }
}

/// Everything fixed for one two-hex unit's move this order.
struct Formation<'a> {
    scenario: &'a Scenario,
    /// The state, for what the battle has changed on the ground (a breach, CG 12.31).
    state: &'a GameState,
    unit: &'a Unit,
    index: usize,
    start: Pair,
    /// Its allowance: a phalanx may use its augmented MA for any order (6.46).
    ma: u8,
    zoc: std::rc::Rc<FxHashMap<HexId, Vec<usize>>>,
    occupied: FxHashMap<HexId, usize>,
    may_leave_start: bool,
    /// A Moved hoplite line under the optional drift to the right (6.5).
    drift: bool,
    /// A hoplite line under the optional law of inertia (6.14).
    inertia: bool,
    /// It moves as a column: In Column since the orders phase began (6.61).
    column_moves: bool,
    /// It may change into or out of column at the end of its move (6.61).
    may_change: bool,
    /// In Square (CG 10.62): it moves one hex in any direction, see `square_steps`.
    square: bool,
    /// Ground the battle's special rules close to it now (P151).
    closed: FxHashMap<HexId, crate::scenario::battles::restrictions::Closure<'a>>,
}

impl<'a> Formation<'a> {
    fn new(scenario: &'a Scenario, state: &'a GameState, index: usize) -> Option<Self> {
        let unit = &scenario.units[index];
        let st = &state.units[index];
        let Placement::Two(a, b) = st.placement else {
            return None;
        };
        let zoc = shared_enemy_zoc(scenario, state, unit.side);
        let occupied = occupancy(state);
        let rules = scenario.meta.rules;
        // 6.62: a column's allowance (a phalanx's higher MA + 1); a line's, the augmented MA (6.46);
        // in Square 1 MP (CG 10.62).
        let ma = if st.square {
            1
        } else if st.column {
            crate::movement::column::column_ma(rules, unit)
        } else {
            unit.ma_extended.unwrap_or(unit.ma)
        };
        let may_leave_start = outpaces(scenario, unit, &pinners(scenario, &zoc, [a, b]));
        let options = scenario.meta.optional_rules;
        // The drift (6.5) is a line's; a column goes where its head leads (6.64).
        // A Square is no line: neither drifts nor is bound to go on (CG 10.62, P194).
        let drift = options.drift_to_the_right
            && st.moved
            && crate::scenario::units::hellenic(unit)
            && !st.column
            && !st.square;
        let inertia = options.law_of_inertia && crate::scenario::units::hellenic(unit) && !st.square;
        Some(Self {
            state,
            scenario,
            unit,
            index,
            start: pair(a, b, st.facing),
            ma,
            zoc,
            occupied,
            may_leave_start,
            drift,
            inertia,
            column_moves: st.column && st.column_at_start,
            may_change: !st.routed && !st.square && crate::movement::column::may_be_column(rules, unit, &st.placement),
            square: st.square,
            closed: crate::scenario::battles::restrictions::closed_to(
                scenario,
                state,
                crate::scenario::battles::restrictions::Mover::Unit(index),
            ),
        })
    }

    /// A two-hex column's steps (6.64): its front half enters the hex ahead or either hex beside
    /// that one, turning free to the hexside it crossed, and the rear half follows into the hex the
    /// front half left. MP: the higher of the halves' (6.42); hits: the front half's — the rear
    /// one enters a hex the unit already held (6.42) — one fewer in column (6.62). Never turning in
    /// place, pivoting or reversing (6.64). Only for a unit In Column since the phase began (6.61).
    fn column_steps(&self, (a, b, v): Pair, spent: Spent) -> Vec<(Pair, Spent, bool)> {
        let in_zoc = self.in_zoc(a) || self.in_zoc(b);
        if !self.column_moves || ((a, b, v) != self.start && in_zoc) || (in_zoc && !self.may_leave_start) {
            return Vec::new();
        }
        let ahead = Hexside::from_index(v.index());
        let (front, rear) = if a.neighbour(ahead) == Some(b) { (b, a) } else { (a, b) };
        let category = MoveCategory::TwoHexFoot;
        let mut out = Vec::new();
        for turn in [0, 1, 5] {
            let side = Hexside::from_index(ahead.index() + turn);
            let Some(to) = front.neighbour(side).filter(|h| self.free(*h)) else { continue };
            let costs = (
                entry_cost(self.scenario, self.state, category, front, to),
                entry_cost(self.scenario, self.state, category, rear, front),
            );
            let (Some(head), Some(tail)) = costs else { continue };
            let cost = movement_costs::in_column(Cost::new(head.mp.max(tail.mp), head.hits));
            let next = Spent { mp: spent.mp + cost.mp, hits: spent.hits + cost.hits };
            if next.mp <= self.ma {
                out.push((pair(to, front, Vertex::from_index(side.index())), next, false));
            }
        }
        out
    }

    /// A Square's step (CG 10.62, rulings P194): both halves one hex the same way, any of the six,
    /// facing kept, within its 1 MP (the higher of the halves' costs, 6.42; hits once, the
    /// higher). Never into a hex beside an enemy unit, and never out of an enemy ZOC (its MA of 1
    /// outpaces nobody, 7.23).
    fn square_steps(&self, (a, b, v): Pair, spent: Spent) -> Vec<(Pair, Spent, bool)> {
        if self.in_zoc(a) || self.in_zoc(b) {
            return Vec::new();
        }
        let enemy_beside = |h: HexId| {
            self.occupied.iter().any(|(at, &o)| at.is_adjacent(h) && self.scenario.units[o].side != self.unit.side)
        };
        let category = MoveCategory::TwoHexFoot;
        let mut out = Vec::new();
        for side in Hexside::ALL {
            let (Some(a2), Some(b2)) = (a.neighbour(side), b.neighbour(side)) else { continue };
            if ![a2, b2].iter().all(|&h| self.free(h) && !enemy_beside(h)) {
                continue;
            }
            let costs = (
                entry_cost(self.scenario, self.state, category, a, a2),
                entry_cost(self.scenario, self.state, category, b, b2),
            );
            let (Some(x), Some(y)) = costs else { continue };
            let next = Spent { mp: spent.mp + x.mp.max(y.mp), hits: spent.hits + x.hits.max(y.hits) };
            if next.mp <= self.ma {
                out.push((pair(a2, b2, v), next, false));
            }
        }
        out
    }

    /// The change into or out of column where a move ends (6.61, 6.63): 1 MP (free in CG), not
    /// with either half in an enemy ZOC, in the same two hexes. Forming, the player names which
    /// end is the head; leaving, which long side is the front (the counter's top, P45).
    fn changes(&self, (a, b, v): Pair, spent: Spent) -> Vec<(Pair, Spent)> {
        let Some(d) = a.side_towards(b) else { return Vec::new() };
        if !self.may_change || self.in_zoc(a) || self.in_zoc(b) {
            return Vec::new();
        }
        let next =
            Spent { mp: spent.mp + crate::movement::column::change_mp(self.scenario.meta.rules), hits: spent.hits };
        if next.mp > self.ma {
            return Vec::new();
        }
        let facings = if column_pose((a, b, v)) {
            Vertex::perpendicular_to(d).to_vec()
        } else {
            vec![Vertex::from_index(d.index()), Vertex::from_index(d.index() + 3)]
        };
        facings.into_iter().map(|f| ((a, b, f), next)).collect()
    }

    fn in_zoc(&self, h: HexId) -> bool {
        self.zoc.contains_key(&h)
    }

    fn free(&self, h: HexId) -> bool {
        self.scenario.map.contains(h)
            && self.occupied.get(&h).is_none_or(|&o| o == self.index)
            && !self.closed.contains_key(&h)
    }

    fn rough(&self, h: HexId) -> bool {
        self.scenario.map.terrain(h).is_some_and(|t| t.is_rough())
    }

    /// May the move end at `pose`? Always, except that a hoplite line under the law of inertia
    /// keeps going until it can advance no further (6.14, P29): no straight step forward is
    /// open (blocked, out of MP, or it has stopped in an enemy ZOC).
    fn may_stop(&self, best: &FormationSearch, pose: Pair) -> bool {
        // A change of formation ends the move (6.61); it is made only where it might stop.
        !self.inertia
            || column_pose(pose) != column_pose(self.start)
            || best.get(&pose).is_none_or(|&(spent, _, wheel)| {
                wheel || !self.steps(pose, spent).iter().any(|((_, _, v), _, w)| !w && *v == pose.2)
            })
    }

    /// The steps open from `pose` having spent `spent`: (new pose, its cost, whether it wheels).
    fn steps(&self, pose: Pair, spent: Spent) -> Vec<(Pair, Spent, bool)> {
        if self.square {
            return self.square_steps(pose, spent);
        }
        if column_pose(pose) {
            return self.column_steps(pose, spent);
        }
        let (a, b, v) = pose;
        let in_zoc = self.in_zoc(a) || self.in_zoc(b);
        // It stops once either half has entered an enemy ZOC (7.23).
        if pose != self.start && in_zoc {
            return Vec::new();
        }
        let category = MoveCategory::TwoHexFoot;
        let mut out = Vec::new();
        let mut push = |p: Pair, c: Cost, wheel: bool| {
            let next = Spent { mp: spent.mp + c.mp, hits: spent.hits + c.hits };
            if next.mp <= self.ma {
                out.push((p, next, wheel));
            }
        };
        // Straight on: both halves into their front-left or front-right hexes (6.43, 6.5).
        if !in_zoc || self.may_leave_start {
            let mut advances = Vec::new();
            for side in front_hexsides(v) {
                let (Some(a2), Some(b2)) = (a.neighbour(side), b.neighbour(side)) else {
                    continue;
                };
                if !self.free(a2) || !self.free(b2) {
                    continue;
                }
                let costs = (
                    entry_cost(self.scenario, self.state, category, a, a2),
                    entry_cost(self.scenario, self.state, category, b, b2),
                );
                if let (Some(c1), Some(c2)) = costs {
                    // The higher of the two halves' costs, hits once (6.42).
                    let cost = movement_costs::two_hex(c1, c2);
                    if spent.mp + cost.mp <= self.ma {
                        advances.push((side, pair(a2, b2, v), cost));
                    }
                }
            }
            // Drift to the right (6.5): an advance that spends the 1st, 2nd or 4th MP goes to
            // the right front if it can, unless that would bring it beside an enemy unit.
            let right = front_hexsides(v)[0];
            if self.drift && advances.len() == 2 {
                let drifting = (spent.mp + 1..=spent.mp + advances[0].2.mp.max(1)).any(|m| matches!(m, 1 | 2 | 4));
                let beside_enemy =
                    advances.iter().find(|(side, ..)| *side == right).is_some_and(|(_, (x, y, _), _)| {
                        [*x, *y].iter().any(|h| {
                            Hexside::ALL.iter().filter_map(|s| h.neighbour(*s)).any(|n| {
                                self.occupied.get(&n).is_some_and(|&o| self.scenario.units[o].side != self.unit.side)
                            })
                        })
                    });
                if drifting && !beside_enemy {
                    advances.retain(|(side, ..)| *side == right);
                }
            }
            for (_, p, cost) in advances {
                push(p, cost, false);
            }
        }
        // Front to flank: one half swings forward round the other (6.43); in an enemy ZOC, the
        // free half may still swing round the pinned one — a wheel (6.45).
        for (pivot, moving) in [(a, b), (b, a)] {
            if in_zoc && (!self.in_zoc(pivot) || self.in_zoc(moving)) {
                continue;
            }
            let Some(k) = pivot.side_towards(moving) else { continue };
            for step in [1usize, 5] {
                let Some(to) = pivot.neighbour(Hexside::from_index(k.index() + step)) else {
                    continue;
                };
                let forward = front_hexsides(v).iter().any(|s| moving.neighbour(*s) == Some(to));
                if !forward || !self.free(to) {
                    continue;
                }
                let Some(c) = pivot_cost(self.scenario, self.state, self.unit, moving, to) else {
                    continue;
                };
                let facing = Vertex::from_index(v.index() + step);
                push(pair(pivot, to, facing), c, in_zoc);
            }
        }
        // Reverse face: 3 MP, not in an enemy ZOC or rough ground (6.44).
        if !in_zoc && !self.rough(a) && !self.rough(b) {
            push((a, b, Vertex::from_index(v.index() + 3)), movement_costs::REVERSE_FACE, false);
        }
        out
    }
}

/// What a two-hex unit's half pays to swing from `moving` into `to` round the other half: the
/// ground, and a hit for every hex entered by pivoting, except for GBA Macedonian phalanxes
/// (6.43, D29; CG 6.41, 6.45).
pub fn pivot_cost(scenario: &Scenario, state: &GameState, unit: &Unit, moving: HexId, to: HexId) -> Option<Cost> {
    let mut c = entry_cost(scenario, state, MoveCategory::TwoHexFoot, moving, to)?;
    let free = crate::scenario::rule_set::hooks(scenario.meta.rules).macedonian_pivot_free
        && unit.class == Some(crate::scenario::units::UnitClass::MA);
    if !free {
        c.hits += movement_costs::PIVOT_HITS;
    }
    Some(c)
}

/// The search of a two-hex unit's moves from where it stands, having spent `spent_before` MP
/// already this order: for every pose, its cheapest cost, the pose before it and whether the
/// last step was a wheel.
type FormationSearch = FxHashMap<Pair, (Spent, Option<Pair>, bool)>;

fn formation_search(f: &Formation, spent_before: u8) -> FormationSearch {
    let zero = Spent { mp: spent_before, hits: 0 };
    let mut best: FormationSearch = FxHashMap::from_iter([(f.start, (zero, None, false))]);
    let mut heap = BinaryHeap::from([Reverse((zero, f.start))]);
    while let Some(Reverse((spent, pose))) = heap.pop() {
        let Some(&(b, _, wheeled)) = best.get(&pose) else {
            continue;
        };
        if b < spent || wheeled {
            continue;
        }
        for (p, s, wheel) in f.steps(pose, spent) {
            if best.get(&p).is_none_or(|(b, ..)| s < *b) {
                best.insert(p, (s, Some(pose), wheel));
                heap.push(Reverse((s, p)));
            }
        }
    }
    // 6.61: the change of formation ends the move, from any pose where it may stop (6.14).
    let ends: Vec<(Pair, Spent, Pair)> = best
        .iter()
        .filter(|(p, (_, _, wheel))| !wheel && column_pose(**p) == column_pose(f.start) && f.may_stop(&best, **p))
        .flat_map(|(&p, &(spent, ..))| f.changes(p, spent).into_iter().map(move |(c, s)| (c, s, p)))
        .collect();
    for (p, s, from) in ends {
        if best.get(&p).is_none_or(|(b, ..)| s < *b) {
            best.insert(p, (s, Some(from), false));
        }
    }
    best
}

/// The poses from the start to `pose`, the start left out, each with its cost so far.
fn poses_to(best: &FormationSearch, pose: Pair) -> Vec<(Pair, Spent)> {
    let mut out = Vec::new();
    let mut at = pose;
    while let Some(&(spent, Some(prev), _)) = best.get(&at) {
        out.push((at, spent));
        at = prev;
    }
    out.reverse();
    out
}

fn destination(f: &Formation, best: &FormationSearch, pose: Pair) -> Destination {
    Destination { path: formation_path(f, best, pose, &mut Vec::new()), ..unwritten_destination(f, best, pose) }
}

/// [`destination`] with its path left empty.
fn unwritten_destination(f: &Formation, best: &FormationSearch, (a, b, v): Pair) -> Destination {
    let (spent, _, wheel) = best[&(a, b, v)];
    Destination {
        hex: a,
        placement: Placement::Two(a, b),
        facing: v,
        wheel,
        mp: spent.mp,
        hits: spent.hits,
        path: Vec::new(),
        in_enemy_zoc: f.in_zoc(a) || f.in_zoc(b),
        column: column_pose((a, b, v)),
    }
}

/// The hexes a two-hex unit enters on its way to `pose`, in order: walked back to the start
/// through `scratch` (a buffer reused for many).
fn formation_path(f: &Formation, best: &FormationSearch, pose: Pair, scratch: &mut Vec<Pair>) -> Vec<HexId> {
    scratch.clear();
    let mut at = pose;
    while let Some(&(_, Some(prev), _)) = best.get(&at) {
        scratch.push(at);
        at = prev;
    }
    let mut path = Vec::new();
    let mut prev_hexes = [f.start.0, f.start.1];
    for &(x, y, _) in scratch.iter().rev() {
        for h in [x, y] {
            if !prev_hexes.contains(&h) {
                path.push(h);
            }
        }
        prev_hexes = [x, y];
    }
    path
}

/// Where a two-hex unit can move under one order: every pose it can end in, cheapest first
/// (least MP, then fewest hits), with the route. A wheel ends the move (6.45). It turns only by
/// pivoting, forward or about (GBA 6.43, 6.44, 7.13; CG 6.33, 6.43, 6.44, 7.13).
pub fn formation_reach(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<Destination> {
    formation_ends(scenario, state, unit).written()
}

/// [`formation_reach`] with the paths not yet written out.
fn formation_ends<'a>(scenario: &'a Scenario, state: &'a GameState, unit: usize) -> Ends<'a> {
    let Some(f) = Formation::new(scenario, state, unit) else {
        return Ends::none();
    };
    let best = formation_search(&f, 0);
    // Listed by first hex, second hex, facing: the poses' own order (each pose once).
    let mut poses: Vec<Pair> = best.keys().filter(|p| **p != f.start && f.may_stop(&best, **p)).copied().collect();
    crate::game::sorting::sort(&mut poses);
    let ends = poses.into_iter().map(|p| (unwritten_destination(&f, &best, p), Trailhead::Two(p))).collect();
    Ends { ends, trail: Trail::Two(f, best) }
}

/// One pose on a two-hex unit's route: where it stands, and the MP and hits so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteStep {
    pub placement: Placement,
    pub facing: Vertex,
    pub mp: u8,
    pub hits: u8,
}

/// The cheapest route of a two-hex unit to `to` facing `facing`, having spent `spent_before`
/// MP of this order already: the destination and every pose on the way (the last is the
/// destination). `None` if it cannot get there.
pub fn formation_route(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    to: &Placement,
    facing: Vertex,
    spent_before: u8,
) -> Option<(Destination, Vec<RouteStep>)> {
    let f = Formation::new(scenario, state, unit)?;
    let best = formation_search(&f, spent_before);
    let target = best.keys().copied().find(|&(a, b, v)| {
        v == facing && (Placement::Two(a, b) == *to || Placement::Two(b, a) == *to) && (a, b, v) != f.start
    })?;
    // Under the law of inertia the order must take it as far as it can go (6.14); a move that
    // goes on after a reaction keeps to the pose first named.
    if spent_before == 0 && !f.may_stop(&best, target) {
        return None;
    }
    let steps = poses_to(&best, target)
        .into_iter()
        .map(|((a, b, v), s)| RouteStep { placement: Placement::Two(a, b), facing: v, mp: s.mp, hits: s.hits })
        .collect();
    Some((destination(&f, &best, target), steps))
}
