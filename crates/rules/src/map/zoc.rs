//! Zones of control (GBA 7.2) and who can be pinned by them. CG 7.2 defines them alike.

use crate::charts::movement_costs::Crossing;
use crate::game::{GameState, UnitState};
use crate::map::facing::{hexes_in_arcs, Arc};
use crate::map::hex::HexId;
use crate::map::terrain::HexsideFeature;
use crate::movement::{category_of, entry_cost};
use crate::scenario::units::{Placement, Unit, UnitClass, UnitType};
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};
use std::collections::hash_map::Entry;
use std::rc::Rc;
use std::sync::Arc as Shared;

/// Units that can never shock attack (GBA 7.33, R6): their ZOC pins nobody (7.23, 7.25).
pub fn can_ever_shock(kind: UnitType, class: Option<UnitClass>) -> bool {
    !matches!(
        (kind, class),
        (UnitType::LI, Some(UnitClass::A)) | (UnitType::LC, Some(UnitClass::A)) | (UnitType::SK, _) | (UnitType::AT, _)
    )
}

/// The hexes into which unit `i` exerts a ZOC: its front hexes, and a missile-armed
/// skirmisher's flank hexes too (7.21), but never a hex it could not move into (7.22). CG 7.22
/// is the same rule.
/// Eliminated units have none. At a CG camp's hexsides (P163): from outside none reaches across
/// (12.15), but a missile unit with missiles left reaches across thorns and wagons; from inside
/// it reaches across as a Fort ZOC, whether or not the unit could cross there (12.16).
pub fn zoc_of(scenario: &Scenario, state: &GameState, i: usize) -> Vec<HexId> {
    let (u, st) = (&scenario.units[i], &state.units[i]);
    let map = &scenario.map;
    let missiles_left = u.missile.is_some() && st.supply != crate::combat::missile::Supply::No;
    let category = category_of(u, &st.placement);
    let reaches = |from: HexId, h: HexId| match (
        crate::works::city::zoc_reach(scenario, state, i, from, h),
        camp_hexside(scenario, state, from, h),
    ) {
        // CG 12.27, 12.28: the city's walls, gates and houses.
        (Some(city), _) => city,
        (None, None) => entry_cost(scenario, state, category, from, h).is_some(),
        // 12.16: a Fort ZOC, out of the camp across its hexside.
        (None, Some(_)) if map.crossing(from, h) == Crossing::Outward => {
            map.terrain(h).is_some_and(|t| !t.is_impassable())
        }
        // 12.15 and its exception.
        (None, Some(f)) => {
            missiles_left
                && matches!(f, HexsideFeature::Thorns | HexsideFeature::Wagons)
                && entry_cost(scenario, state, category, from, h).is_some()
        }
    };
    zoc_hexes(scenario, state, i, reaches)
}

/// The hexes unit `i` may strike in shock: its ZOC as 7.21 and 7.22 make it, camp hexsides
/// aside (12.15 and 12.16 are about zones of control, not who may fight whom; P163).
pub fn shock_reach(scenario: &Scenario, state: &GameState, i: usize) -> Vec<HexId> {
    let category = category_of(&scenario.units[i], &state.units[i].placement);
    zoc_hexes(scenario, state, i, |from, h| entry_cost(scenario, state, category, from, h).is_some())
}

/// The camp hexside between two adjacent hexes, under rules that have camps (CG 12.1); a
/// breached palisade or gate is open ground for zones of control and the duty to attack
/// (CG 12.31; rulings P177).
pub fn camp_hexside(scenario: &Scenario, state: &GameState, a: HexId, b: HexId) -> Option<HexsideFeature> {
    let camps = crate::scenario::rule_set::hooks(scenario.meta.rules).camps;
    scenario
        .map
        .hexside(a, b)
        .filter(|f| camps && f.is_camp_hexside() && !crate::works::breach::is_breached(state, a, b))
}

/// Unit `i`'s front (and a skirmisher's flank) hexes that `reaches` lets it project into from
/// one of its own hexes.
fn zoc_hexes(scenario: &Scenario, state: &GameState, i: usize, reaches: impl Fn(HexId, HexId) -> bool) -> Vec<HexId> {
    let (u, st) = (&scenario.units[i], &state.units[i]);
    let hooks = crate::scenario::rule_set::hooks(scenario.meta.rules);
    let out_of_missiles = u.kind.is_foot_skirmisher() && st.supply == crate::combat::missile::Supply::No;
    // Eliminated and Routed units have none, nor GBA skirmishers out of missiles; CG ones keep
    // their front ZOC (7.21, D42).
    let no_zoc_artillery = u.kind == UnitType::AT && !hooks.artillery_has_zoc;
    // A rampaging elephant has none either (CG 10.14, P155).
    if st.eliminated
        || st.routed
        || st.rampaging
        || no_zoc_artillery
        || (out_of_missiles && !hooks.skirmisher_without_missiles_keeps_front_zoc)
    {
        return Vec::new();
    }
    // A column's ZOC is its one front hex, straight ahead (6.63).
    let arcs: &[Arc] = if u.kind.is_foot_skirmisher() && u.missile.is_some() && !out_of_missiles {
        &[Arc::Front, Arc::Flank]
    } else {
        &[Arc::Front]
    };
    let mut hexes = hexes_in_arcs(&st.placement, st.heading(), arcs);
    hexes.retain(|&h| {
        scenario.map.contains(h)
            && match st.placement {
                // Its own neighbour, found across one of its hexsides.
                Placement::One(at) => reaches(at, h),
                Placement::Two(..) => st.placement.hexes().any(|from| from.is_adjacent(h) && reaches(from, h)),
            }
    });
    hexes
}

/// For every hex in the ZOC of some unit of `side`'s enemy: which enemy units exert it.
pub fn enemy_zoc(scenario: &Scenario, state: &GameState, side: usize) -> FxHashMap<HexId, Vec<usize>> {
    let mut map: FxHashMap<HexId, Vec<usize>> = FxHashMap::default();
    for (i, u) in scenario.units.iter().enumerate() {
        if u.side != side {
            for h in zoc_of(scenario, state, i) {
                map.entry(h).or_default().push(i);
            }
        }
    }
    map
}

type KeptZoc = Option<(*const Scenario, Rc<GameState>, Rc<FxHashMap<HexId, Vec<usize>>>)>;

/// Leaders' command ranges of one battle, by leader, each with the state it was worked out for.
type KeptRanges = Option<(*const Scenario, FxHashMap<usize, KeptRange>)>;

thread_local! {
    static ZOC_SCOPES: Cell<u32> = const { Cell::new(0) };
    static KEPT_ZOC: RefCell<[KeptZoc; 2]> = const { RefCell::new([None, None]) };
    static KEPT_RANGES: RefCell<KeptRanges> = const { RefCell::new(None) };
    /// The last state copied for a kept answer, shared by the answers worked out for it (a
    /// state, not an answer: it may outlive its battle's answers).
    static KEPT_STATE: RefCell<Option<Rc<GameState>>> = const { RefCell::new(None) };
    /// The battle whose answers outlive the scopes ([`ZocScope::for_battle`]), held so that its
    /// address names no other battle while they are kept.
    static LASTING_BATTLE: RefCell<Option<Shared<Scenario>>> = const { RefCell::new(None) };
}

/// While one lives, [`shared_enemy_zoc`] and [`kept_command_range`] keep their answers: for a
/// question about one battle that asks for the same zones many times, such as the legal-command
/// listing, which builds a movement search for every unit it may order, and each unit's order
/// asks whether the leader's command range reaches it. Battles must outlive it (one is known by its
/// address); the state may change (answers are kept with the state they were worked out for, and
/// given again while what they read of it is unchanged: a friendly unit's move keeps the enemy
/// zones, and a leader's range unless the unit came into or left an enemy zone). The last one dropped forgets them, but those of the battle of [`ZocScope::for_battle`].
pub struct ZocScope(());

impl ZocScope {
    pub fn enter() -> Self {
        ZOC_SCOPES.with(|n| n.set(n.get() + 1));
        Self(())
    }

    /// [`ZocScope::enter`] for a question about a game of `battle`, whose answers are kept after
    /// the last scope ends, for the next scope that asks about the same state: a player's choice
    /// and then the command carried out ask for the same zones and ranges. The battle is held
    /// while they are kept, so its address names no other (those of another battle are forgotten).
    pub fn for_battle(battle: &Shared<Scenario>) -> Self {
        let changed = LASTING_BATTLE.with(|lasting| {
            let mut lasting = lasting.borrow_mut();
            let changed = lasting.as_ref().is_none_or(|b| !Shared::ptr_eq(b, battle));
            if changed {
                *lasting = Some(battle.clone());
            }
            changed
        });
        if changed {
            forget_kept(|_| false);
        }
        Self::enter()
    }
}

/// Forgets the kept answers but those of the battles `keep` names (by address).
fn forget_kept(keep: impl Fn(*const Scenario) -> bool) {
    KEPT_ZOC.with(|kept| {
        for slot in kept.borrow_mut().iter_mut() {
            if slot.as_ref().is_some_and(|(battle, _, _)| !keep(*battle)) {
                *slot = None;
            }
        }
    });
    KEPT_RANGES.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.as_ref().is_some_and(|(battle, _)| !keep(*battle)) {
            *kept = None;
        }
    });
}

/// A shared copy of `state` to keep an answer with: the last one made if it is the same state.
fn kept_copy(state: &GameState) -> Rc<GameState> {
    KEPT_STATE.with(|last| {
        let mut last = last.borrow_mut();
        match last.as_ref() {
            Some(copy) if **copy == *state => copy.clone(),
            _ => last.insert(Rc::new(state.clone())).clone(),
        }
    })
}

/// Whether what a unit's zone of control reads of its own state ([`zoc_of`]) is the same in `x`
/// and `y`: where it stands and faces (in column, Square or all round, CG 10.62, 12.26), whether
/// it is gone, routed or rampaging, and its missiles (7.21, 7.22).
fn same_zone_part(x: &UnitState, y: &UnitState) -> bool {
    x.placement == y.placement
        && x.facing == y.facing
        && (x.column, x.square, x.all_round) == (y.column, y.square, y.all_round)
        && (x.eliminated, x.routed, x.rampaging) == (y.eliminated, y.routed, y.rampaging)
        && x.supply == y.supply
}

/// The enemies of `side` whose zones of control may differ between `a` and `b`, or `None` when
/// all may: a unit's zone reads only its own [`zone_part`], the breaches and the destroyed towers
/// (CG 12.15, 12.16, 12.31, 12.32), so a friendly unit's move changes none.
fn changed_zone_makers(scenario: &Scenario, a: &GameState, b: &GameState, side: usize) -> Option<Vec<usize>> {
    if a.breaches != b.breaches || a.destroyed_towers != b.destroyed_towers {
        return None;
    }
    let mut changed = Vec::new();
    for (i, (u, (x, y))) in scenario.units.iter().zip(a.units.iter().zip(&b.units)).enumerate() {
        if u.side != side && !same_zone_part(x, y) {
            changed.push(i);
        }
    }
    Some(changed)
}

/// Above this many enemy units turned or moved, their zones are worked out whole again rather
/// than one by one.
const FEW_ZONES_MOVED: usize = 4;

/// `kept`, the enemy zones of a state, with those of the units `changed` worked out again at
/// `state`: what [`enemy_zoc`] gives at `state` when only they differ (each hex's units in the
/// battle's order, as it lists them).
fn zones_moved(
    scenario: &Scenario,
    kept: &FxHashMap<HexId, Vec<usize>>,
    state: &GameState,
    changed: &[usize],
) -> FxHashMap<HexId, Vec<usize>> {
    let mut zoc = kept.clone();
    zoc.retain(|_, units| {
        units.retain(|u| !changed.contains(u));
        !units.is_empty()
    });
    for &i in changed {
        for h in zoc_of(scenario, state, i) {
            let units = zoc.entry(h).or_default();
            units.insert(units.partition_point(|&u| u <= i), i);
        }
    }
    zoc
}

/// A kept command range: the state and the enemy zones it was worked out with, and the range.
type KeptRange = (Rc<GameState>, Rc<FxHashMap<HexId, Vec<usize>>>, Rc<FxHashMap<HexId, u8>>);

/// Whether leader `leader`'s command range kept as `kept` holds at `state`, whose enemy zones
/// are `zoc` (GBA 4.21, as `orders::command_range` traces it): the same enemy zones (the same
/// kept answer: the enemy units, which block it, and the breaches and towers unchanged), the
/// same leader, the same gates (CG 12.213), and no friendly unit come into or gone from a hex in
/// an enemy zone (there it lets the range through; elsewhere it changes nothing).
fn same_command_range(
    scenario: &Scenario,
    (kept, kept_zoc, _): &KeptRange,
    state: &GameState,
    leader: usize,
    zoc: &Rc<FxHashMap<HexId, Vec<usize>>>,
) -> bool {
    let side = scenario.leaders[leader].side;
    let stands = |st: &UnitState| (st.placement, st.eliminated);
    let in_zone = |st: &UnitState| !st.eliminated && st.placement.hexes().any(|h| zoc.contains_key(&h));
    Rc::ptr_eq(kept_zoc, zoc)
        && kept.leaders[leader] == state.leaders[leader]
        && kept.gate_holders == state.gate_holders
        && scenario
            .units
            .iter()
            .zip(kept.units.iter().zip(&state.units))
            .all(|(u, (was, now))| u.side != side || stands(was) == stands(now) || (!in_zone(was) && !in_zone(now)))
}

impl Drop for ZocScope {
    fn drop(&mut self) {
        ZOC_SCOPES.with(|n| n.set(n.get() - 1));
        if ZOC_SCOPES.with(Cell::get) == 0 {
            let lasting = LASTING_BATTLE.with(|b| b.borrow().as_ref().map(Shared::as_ptr));
            forget_kept(|battle| Some(battle) == lasting);
        }
    }
}

/// [`enemy_zoc`], shared with the other askers inside a [`ZocScope`].
pub fn shared_enemy_zoc(scenario: &Scenario, state: &GameState, side: usize) -> Rc<FxHashMap<HexId, Vec<usize>>> {
    if side > 1 || ZOC_SCOPES.with(Cell::get) == 0 {
        return Rc::new(enemy_zoc(scenario, state, side));
    }
    KEPT_ZOC.with(|kept| {
        let mut updated = None;
        let kept_here = kept.borrow()[side]
            .as_ref()
            .filter(|(battle, ..)| std::ptr::eq(*battle, scenario))
            .map(|(_, kept_state, zoc)| (kept_state.clone(), zoc.clone()));
        if let Some((kept_state, zoc)) = kept_here {
            match changed_zone_makers(scenario, &kept_state, state, side) {
                Some(changed) if changed.is_empty() => return zoc,
                // Worked out with nothing borrowed, as the whole zones are.
                Some(changed) if changed.len() <= FEW_ZONES_MOVED => {
                    updated = Some(zones_moved(scenario, &zoc, state, &changed));
                }
                _ => {}
            }
        }
        let zoc = Rc::new(updated.unwrap_or_else(|| enemy_zoc(scenario, state, side)));
        kept.borrow_mut()[side] = Some((scenario, kept_copy(state), zoc.clone()));
        zoc
    })
}

/// Leader `leader`'s command range as `work_out` gives it, kept inside a [`ZocScope`] with the
/// state it was worked out for, and given again while nothing it reads has changed
/// ([`same_command_range`]).
pub(crate) fn kept_command_range(
    scenario: &Scenario,
    state: &GameState,
    leader: usize,
    work_out: impl FnOnce() -> FxHashMap<HexId, u8>,
) -> Rc<FxHashMap<HexId, u8>> {
    if ZOC_SCOPES.with(Cell::get) == 0 {
        return Rc::new(work_out());
    }
    let kept_range = KEPT_RANGES.with(|kept| {
        let kept = kept.borrow();
        kept.as_ref()
            .filter(|(battle, _)| std::ptr::eq(*battle, scenario))
            .and_then(|(_, ranges)| ranges.get(&leader).cloned())
    });
    let zoc = shared_enemy_zoc(scenario, state, scenario.leaders[leader].side);
    if let Some(kept) = kept_range.filter(|kept| same_command_range(scenario, kept, state, leader, &zoc)) {
        return kept.2;
    }
    // Worked out with nothing borrowed: a command range asks for the zones (kept, the same).
    let range = Rc::new(work_out());
    let copy = kept_copy(state);
    KEPT_RANGES.with(|kept| {
        let mut kept = kept.borrow_mut();
        if !kept.as_ref().is_some_and(|(battle, _)| std::ptr::eq(*battle, scenario)) {
            *kept = Some((scenario, FxHashMap::default()));
        }
        if let Some((_, ranges)) = kept.as_mut() {
            ranges.insert(leader, (copy, zoc, range.clone()));
        }
    });
    range
}

/// Is `hex` in the ZOC of some unit of `side`'s enemy? The same answer as looking `hex` up in
/// [`enemy_zoc`], asking only the units beside it: a ZOC reaches adjacent hexes only (7.21).
pub fn in_enemy_zoc(scenario: &Scenario, state: &GameState, side: usize, hex: HexId) -> bool {
    scenario.units.iter().enumerate().any(|(i, u)| {
        u.side != side
            && state.units[i].placement.hexes().any(|h| h.is_adjacent(hex))
            && zoc_of(scenario, state, i).contains(&hex)
    })
}

/// Which unit (if any) stands in each hex, with its side. Leaders do not count (GBA 6.94).
pub fn occupancy(state: &GameState) -> FxHashMap<HexId, usize> {
    // Room for every unit's two hexes at once: the map never grows (nothing reads its order).
    let mut map = FxHashMap::with_capacity_and_hasher(2 * state.units.len(), Default::default());
    for (i, st) in state.units.iter().enumerate() {
        if !st.eliminated {
            for h in st.placement.hexes() {
                match map.entry(h) {
                    Entry::Vacant(hex) => {
                        hex.insert(i);
                    }
                    // CG 6.71(3): a hex an engine shares with a foot unit is the foot unit's.
                    Entry::Occupied(mut hex) if !st.engine => {
                        hex.insert(i);
                    }
                    Entry::Occupied(_) => {}
                }
            }
        }
    }
    map
}

/// An enemy combat unit stands in `unit`'s own ZOC: under GBA 7.25 it may then not turn in the
/// ZOC it starts in; a trumper's unit so placed may be sent into shock (5.47, P294).
pub fn enemy_in_own_zoc(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    occupied: &FxHashMap<HexId, usize>,
) -> bool {
    let side = scenario.units[unit].side;
    zoc_of(scenario, state, unit).iter().any(|h| occupied.get(h).is_some_and(|&o| scenario.units[o].side != side))
}

/// The enemies whose ZOC pins a unit standing in `hexes`: only those able to shock do (7.23,
/// 7.25), each counted once.
pub fn pinners(
    scenario: &Scenario,
    zoc: &FxHashMap<HexId, Vec<usize>>,
    hexes: impl IntoIterator<Item = HexId>,
) -> Vec<usize> {
    let mut out: Vec<usize> = hexes
        .into_iter()
        .flat_map(|h| zoc.get(&h).cloned().unwrap_or_default())
        // GBA 7.23, 7.25: units that never shock pin nobody; CG 7.23 has no such exception (D42).
        .filter(|&e| {
            crate::scenario::rule_set::hooks(scenario.meta.rules).zoc_of_non_shockers_pins
                || can_ever_shock(scenario.units[e].kind, scenario.units[e].class)
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The allowance that counts for leaving a ZOC: a phalanx counts its augmented MA (6.46, P13).
pub fn zoc_ma(unit: &Unit) -> u8 {
    if unit.kind == UnitType::PH {
        unit.ma_extended.unwrap_or(unit.ma)
    } else {
        unit.ma
    }
}

/// A unit may leave the ZOC it starts in only with an allowance greater than every pinning
/// enemy's (7.23[1]).
pub fn outpaces(scenario: &Scenario, unit: &Unit, pinners: &[usize]) -> bool {
    pinners.iter().all(|&e| zoc_ma(unit) > zoc_ma(&scenario.units[e]))
}
