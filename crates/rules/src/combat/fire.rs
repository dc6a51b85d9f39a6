//! Missile fire (GBA 8.1, 8.2): ordered fire in the orders phase, and the other side's reaction
//! fire — at a unit entering or leaving a missile unit's ZOC, and back at a unit that fired
//! (8.21–8.23). The volley is resolved by `combat::missile`; this module finds it in the
//! position: range, sight through the firer's arc, the target's armour and ground, moving.

use crate::combat::missile::{resolve, validate, MissileFire, Supply};
pub use crate::game::pending::ReactionFire;
use crate::game::{Event, GameState, HitCause, LeaderStatus, Phase, RollPurpose, RuleError, Tx};
use crate::map::facing::{arc_of, Arc};
use crate::map::hex::HexId;
use crate::map::terrain::Terrain;
use crate::movement::reaction::StandingOffer;
use crate::scenario::units::{Placement, UnitType};
use crate::scenario::Scenario;
use crate::special::house::dense_woods;

impl ReactionFire {
    pub fn rule(self) -> &'static str {
        match self {
            Self::Entry => "8.21",
            Self::Retire => "8.22",
            Self::Return => "8.23",
            Self::Harass => "8.33",
        }
    }
}

/// One enemy unit a missile unit may fire at now, and the volley it would be.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub unit: usize,
    /// The target hex fired at (its nearer half, for a two-hex unit).
    pub hex: HexId,
    pub fire: MissileFire,
}

/// The firer's hex and the target hex nearest it.
fn nearest(from: &Placement, to: &Placement) -> (HexId, HexId, u32) {
    let mut best = None;
    for a in from.hexes() {
        for b in to.hexes() {
            let d = a.distance(b);
            if best.is_none_or(|(_, _, bd)| d < bd) {
                best = Some((a, b, d));
            }
        }
    }
    best.expect("a unit stands in at least one hex")
}

/// Does the line from `from` to `to` leave through the firer's arc (8.13)? Front hexes; a
/// skirmisher's flank hexes too; chariots and artillery any.
pub(crate) fn through_arc(scenario: &Scenario, state: &GameState, firer: usize, from: HexId, to: HexId) -> bool {
    let (u, st) = (&scenario.units[firer], &state.units[firer]);
    if matches!(u.kind, UnitType::CH | UnitType::ChStar | UnitType::AT) {
        return true;
    }
    // CG 12.29: from a city block, temple or palace, in any direction.
    if scenario.map.city.is_some()
        && st.placement.hexes().any(|h| scenario.map.terrain(h).is_some_and(crate::works::city::is_block))
    {
        return true;
    }
    let ok = |a: Option<Arc>| match a {
        Some(Arc::Front) => true,
        Some(Arc::Flank) => u.kind.is_foot_skirmisher(),
        _ => false,
    };
    if from.is_adjacent(to) {
        return ok(arc_of(&st.placement, st.facing, to));
    }
    // The hexes next to the firer that the line crosses first (both, along a hexside).
    let first: Vec<HexId> = crate::map::sight::hexes_between(from, to)
        .into_iter()
        .filter(|(h, _)| from.is_adjacent(*h))
        .map(|(h, _)| h)
        .collect();
    first.into_iter().any(|h| ok(arc_of(&st.placement, st.facing, h)))
}

/// May `unit` fire under the current order, and is it moving (8.11, 8.15 DRM 4)? `None` when
/// it may not: not a missile unit, Missile No, already fired this phase, or not orderable.
/// `orderable`: the units the active leader may order now (`legal::orderable`), computed once by
/// the caller.
fn may_fire(scenario: &Scenario, state: &GameState, unit: usize, orderable: &[usize]) -> Option<bool> {
    if state.units[unit].supply == Supply::No {
        return None;
    }
    may_fire_any(scenario, state, unit, orderable)
}

/// `may_fire`, whatever its own missiles' supply (a "J/A" elephant's bow has its own, G52).
fn may_fire_any(scenario: &Scenario, state: &GameState, unit: usize, orderable: &[usize]) -> Option<bool> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    // Routed units do not fire (10.26), nor columns (6.65).
    if st.eliminated || st.routed || st.column || st.fired || u.missile.is_none() {
        return None;
    }
    // The enemy's entry fire at a moving line comes before the line's own (8.21).
    if crate::combat::line_entry::fire_refusal(scenario, state).is_some() {
        return None;
    }
    let Phase::Orders { ordered, .. } = &state.phase else { return None };
    if ordered.contains(&u.id) {
        // After its move under this order: only if it moved (in GBA toward the target, checked
        // per target), and never for those who move or fire: GBA archer light infantry and
        // artillery, CG long bows — who may still turn in place and fire (8.11, D44).
        let hooks = crate::scenario::rule_set::hooks(scenario.meta.rules);
        let turned_in_place = st.order_start.is_some_and(|p| p == st.placement);
        let may =
            !hooks.move_or_fire(u.kind, u.class, u.missile) || (turned_in_place && hooks.turn_and_fire(u.missile));
        (st.order_start.is_some() && may).then_some(true)
    } else {
        orderable.contains(&unit).then_some(false)
    }
}

/// Every enemy unit `unit` may fire at now, with the volley (8.13–8.16).
pub fn targets(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<Target> {
    targets_among(scenario, state, unit, &crate::command::orders::orderable(scenario, state))
}

fn targets_among(scenario: &Scenario, state: &GameState, unit: usize, orderable: &[usize]) -> Vec<Target> {
    // CG 10.52: an engine shoots without orders.
    if scenario.units[unit].engine.is_some() {
        return crate::special::artillery::targets(scenario, state, unit);
    }
    let Some(moving) = may_fire(scenario, state, unit, orderable) else { return Vec::new() };
    let st = &state.units[unit];
    (0..scenario.units.len())
        .filter(|&ti| {
            // Moving and firing: in GBA the move must have brought it closer (8.11); CG any (D44).
            !moving
                || !crate::scenario::rule_set::hooks(scenario.meta.rules).fire_needs_approach()
                || st.order_start.is_some_and(|start| {
                    let ts = &state.units[ti];
                    nearest(&start, &ts.placement).2 > nearest(&st.placement, &ts.placement).2
                })
        })
        .filter_map(|ti| volley(scenario, state, unit, ti, moving, None))
        .collect()
}

/// The volley `unit` would fire at enemy `target` (8.13–8.16): in range, through its arc and in
/// sight; `range` counts as `counted` when given (8.22, 6.76). `None` when it cannot.
pub(crate) fn volley(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: usize,
    moving: bool,
    counted: Option<u8>,
) -> Option<Target> {
    if crate::combat::engaged::fire_barred(state, unit, target) {
        return None;
    }
    let (from, to, range) = in_reach(scenario, state, unit, &state.units[target].placement)?;
    volley_between(scenario, state, unit, target, (from, to), counted.unwrap_or(range as u8), moving)
}

/// The firer's hex, the hex of `target` it shoots at and the range, if `unit` can reach it: in
/// range (one hex of extended range allowed for), through its arc and in sight (8.13, 8.14; CG 8.13, 8.14).
fn in_reach(scenario: &Scenario, state: &GameState, unit: usize, target: &Placement) -> Option<(HexId, HexId, u32)> {
    let u = &scenario.units[unit];
    let missile = u.missile?;
    let archer =
        missile == crate::scenario::units::Missile::Arrow || missile == crate::scenario::units::Missile::LongBow;
    let line = crate::charts::missile::MissileLine::of_unit(scenario.meta.rules, u)?;
    in_reach_on(scenario, state, unit, target, line, archer)
}

/// The hexes `unit` could shoot into from where it stands (8.13, 8.14; CG 8.13, 8.14): within
/// its missile range (one hex of extended range allowed for), through its arc and in sight — the
/// same test [`targets`] puts each enemy to, asked of every hex, so a player can see where its
/// missiles reach. Empty for a unit without missiles.
pub fn reach(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<HexId> {
    let Some(line) =
        scenario.units.get(unit).and_then(|u| crate::charts::missile::MissileLine::of_unit(scenario.meta.rules, u))
    else {
        return Vec::new();
    };
    let farthest = crate::charts::missile::max_range(line, None) as u32 + 1;
    let origin: Vec<HexId> = state.units[unit].placement.hexes().collect();
    let (map, mut out) = (&scenario.map, Vec::new());
    for col in 1..=map.columns {
        for row in 1..=map.rows {
            let hex = HexId::new(col, row);
            let near = origin.iter().any(|o| (1..=farthest).contains(&o.distance(hex)));
            if near && in_reach(scenario, state, unit, &Placement::One(hex)).is_some() {
                out.push(hex);
            }
        }
    }
    out
}

/// `in_reach` for a volley on chart `line` (an elephant's screen or bow: CG 10.11, G52).
fn in_reach_on(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: &Placement,
    line: crate::charts::missile::MissileLine,
    archer: bool,
) -> Option<(HexId, HexId, u32)> {
    let st = &state.units[unit];
    // Sight lines beyond the line's reach, one hex of extended range included, are not traced.
    let farthest = crate::charts::missile::max_range(line, None) as u32 + 1;
    let (from, to, range) = nearest(&st.placement, target);
    if range == 0 || range > farthest || dense_woods::blocks_volley(scenario, from, to, range) {
        return None;
    }
    if !through_arc(scenario, state, unit, from, to)
        || !(range == 1 || crate::map::sight::line_of_sight(scenario, state, from, to, archer))
        // CG 12.29: from a street, straight down a row of hexes only (P229).
        || !crate::map::sight::street_fire_line(scenario, from, to)
    {
        return None;
    }
    Some((from, to, range))
}

/// An enemy leader alone in a hex (no combat unit there) that a missile unit may fire at (8.19):
/// the leader a hit would strike, his hex and the volley. The volley can do nothing but, on a
/// natural 0, strike him.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderTarget {
    pub leader: usize,
    pub hex: HexId,
    pub fire: MissileFire,
}

/// Every hex holding only enemy leaders that `unit` may fire at now (8.19), as ordered fire.
pub fn leader_targets(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<LeaderTarget> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let Some(missile) = u.missile else { return Vec::new() };
    let occupied = crate::map::zoc::occupancy(state);
    let mut hexes: Vec<HexId> = (0..scenario.leaders.len())
        .filter(|&l| scenario.leaders[l].side != u.side && state.leaders[l].status != LeaderStatus::Eliminated)
        .map(|l| state.leaders[l].at)
        .filter(|h| !occupied.contains_key(h))
        .collect();
    crate::game::sorting::sort(&mut hexes);
    hexes.dedup();
    if hexes.is_empty() {
        return Vec::new();
    }
    let Some(moving) = may_fire(scenario, state, unit, &crate::command::orders::orderable(scenario, state)) else {
        return Vec::new();
    };
    hexes
        .into_iter()
        .filter_map(|hex| {
            let at = Placement::One(hex);
            // Moving and firing: in GBA closer than where its order began (8.11).
            let closer = st.order_start.is_none_or(|start| nearest(&start, &at).2 > nearest(&st.placement, &at).2);
            if moving && crate::scenario::rule_set::hooks(scenario.meta.rules).fire_needs_approach() && !closer {
                return None;
            }
            let (from, to, range) = in_reach(scenario, state, unit, &at)?;
            let (leader, rated) = crate::combat::shock_segment::best_leader(scenario, state, |h| h == hex)
                .filter(|(l, _)| scenario.leaders[*l].side != u.side)?;
            // No unit there: the table's line for the lightest target; its hits are never taken.
            let mut fire = MissileFire::new(scenario.meta.rules, u.kind, missile, range as u8, UnitType::LC);
            fire.firer_class = u.class;
            fire.supply = st.supply;
            fire.moving = moving;
            fire.target_lower = scenario.map.elevation(to) < scenario.map.elevation(from);
            fire.from_camp_tower = crate::works::camp::is_tower(&scenario.map, state, from);
            fire.leader_in_target_hex = Some(rated);
            validate(&fire).is_ok().then_some(LeaderTarget { leader, hex, fire })
        })
        .collect()
}

/// `unit` fires at the hex where enemy `leader` stands alone (8.19; CG 8.111): one die, no cohesion hits;
/// on a natural 0 the leader's rolls.
pub fn fire_at_leader(tx: &mut Tx, unit: &str, leader: &str) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let li = tx.leader_index(leader)?;
    let at = tx.state.leaders[li].at;
    let Some(t) = leader_targets(tx.scenario, &tx.state, ui).into_iter().find(|t| t.hex == at) else {
        return Err(RuleError::IllegalMove {
            unit: unit.into(),
            rule: "8.19",
            reason: format!(
                "it may not fire at {} now: not alone in his hex, out of range, sight or arc, or the unit may not fire",
                tx.scenario.leaders[li].name
            ),
        });
    };
    apply_volley(tx, unit, leader, &t.fire, None)
}

/// The volley `unit` would fire at `target` as if at range 1 from hex `from` at hex `to`, where
/// neither need stand (harassment, 8.33): the caller has checked reach, arc and sight. None
/// when either is Engaged (10.31): no harassing a unit locked in melee, nor shooting back from one.
pub fn volley_from(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: usize,
    from: HexId,
    to: HexId,
    moving: bool,
) -> Option<Target> {
    if crate::combat::engaged::fire_barred(state, unit, target) {
        return None;
    }
    volley_between(scenario, state, unit, target, (from, to), 1, moving)
}

/// The volley from hex `from` at the target taken to stand at `to` (its own hex, or for a unit
/// harassing, a hex it passes), counted at `range`: its DRMs by the ground and the target's arc
/// seen from `from` (8.15).
fn volley_between(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: usize,
    (from, to): (HexId, HexId),
    range: u8,
    moving: bool,
) -> Option<Target> {
    let fire = fire_between(scenario, state, unit, target, (from, to), range, moving)?;
    validate(&fire).is_ok().then_some(Target { unit: target, hex: to, fire })
}

/// The volley of `volley_between`, not yet checked against the chart (range, supply).
fn fire_between(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: usize,
    (from, to): (HexId, HexId),
    range: u8,
    moving: bool,
) -> Option<MissileFire> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let (t, ts) = (&scenario.units[target], &state.units[target]);
    let missile = u.missile?;
    if t.side == u.side || ts.eliminated {
        return None;
    }
    // CG 6.76(3), 10.55: fire on an engine's stack always hits the foot unit.
    if t.engine.is_some() && crate::special::artillery::stacked_with(scenario, state, target).is_some() {
        return None;
    }
    // CG 6.76(2): of a Tribal stack only the top unit fires; (3) fire at one strikes its top unit,
    // or its bottom unit through its rear hexes.
    if crate::special::tribal::is_bottom(scenario, state, unit)
        || crate::special::tribal::fire_strikes(scenario, state, target, from) != target
    {
        return None;
    }
    let target_at = if ts.placement.hexes().any(|h| h == to) { ts.placement } else { Placement::One(to) };
    let map = &scenario.map;
    let mut fire = MissileFire::new(scenario.meta.rules, u.kind, missile, range, t.kind);
    // CG 10.5: an engine shoots on its own line.
    fire.line = u.engine.map(crate::charts::missile::MissileLine::for_engine);
    fire.firer_class = u.class;
    fire.target_class = t.class;
    fire.supply = st.supply;
    fire.moving = moving;
    fire.target_in_woods = map.terrain(to) == Some(Terrain::Woods);
    fire.target_lower = map.elevation(to) < map.elevation(from);
    fire.across_camp_wall = crate::map::sight::crosses_camp_wall(scenario, from, to);
    // CG 12.18 (P172, P173): from and at a camp tower.
    // CG 12.32 (P188): a destroyed tower is neither.
    fire.from_camp_tower = crate::works::camp::is_tower(map, state, from);
    fire.at_camp_tower = crate::works::camp::is_tower(map, state, to);
    // CG 12.29 (designed modifiers, rulings P230): across the city's wall or a shut gate, and at
    // a unit among the houses.
    fire.across_city_wall = crate::map::sight::crosses_city_wall(scenario, state, from, to);
    fire.at_city_block = map.city.is_some() && map.terrain(to).is_some_and(crate::works::city::is_block);
    // CG 12.26: a unit in a city block, temple or palace faces all round.
    fire.through_front = fire.at_city_block || arc_of(&target_at, ts.heading(), from) == Some(Arc::Front);
    fire.leader_in_target_hex = crate::combat::shock_segment::side_leader(scenario, state, &[target]).map(|(_, l)| l);
    Some(fire)
}

/// The volley an elephant's screen could fire at `target` in reaction `kind` (GBA 11.11, CG
/// 10.11): arrows on the screen's own line from its own supply; never under orders, in CG only
/// at a unit entering its ZOC, in GBA in any reaction but a harassment's (D50, P107).
pub fn screen_volley(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: usize,
    kind: ReactionFire,
) -> Option<Target> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    let entry_only = crate::scenario::rule_set::hooks(scenario.meta.rules).screen_entry_only;
    let allowed = match kind {
        ReactionFire::Entry => true,
        ReactionFire::Retire | ReactionFire::Return => !entry_only,
        ReactionFire::Harass => false,
    };
    if u.kind != UnitType::EL || !allowed || st.eliminated || st.routed || st.column || st.screen_supply == Supply::No {
        return None;
    }
    let (from, to, range) = in_reach(scenario, state, unit, &state.units[target].placement)?;
    let counted = match kind {
        ReactionFire::Entry | ReactionFire::Harass => 1,
        ReactionFire::Retire => 2,
        ReactionFire::Return => range as u8,
    };
    arrows(scenario, state, unit, target, (from, to), counted, false)
}

/// The elephant's second missile line: the screen "a", or for a "J/A" elephant its riders' bow
/// on the mounted-bow line (CG G52).
fn second_line(u: &crate::scenario::units::Unit) -> crate::charts::missile::MissileLine {
    use crate::charts::missile::MissileLine;
    if u.bow {
        MissileLine::MountedBow
    } else {
        MissileLine::ElephantScreen
    }
}

/// The arrows of an elephant's screen or bow at `target` (CG 10.11, G52): its own line and
/// supply.
fn arrows(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: usize,
    at: (HexId, HexId),
    counted: u8,
    moving: bool,
) -> Option<Target> {
    let mut fire = fire_between(scenario, state, unit, target, at, counted, moving)?;
    fire.missile = crate::scenario::units::Missile::Arrow;
    fire.line = Some(second_line(&scenario.units[unit]));
    fire.supply = state.units[unit].screen_supply;
    validate(&fire).is_ok().then_some(Target { unit: target, hex: at.1, fire })
}

/// Every enemy unit a "J/A" elephant may shoot its bow at now under orders, instead of its
/// javelins (CG G52): the order's one volley, from the bow's own supply, at the bow's range.
pub fn bow_targets(scenario: &Scenario, state: &GameState, unit: usize) -> Vec<Target> {
    bow_targets_among(scenario, state, unit, &crate::command::orders::orderable(scenario, state))
}

fn bow_targets_among(scenario: &Scenario, state: &GameState, unit: usize, orderable: &[usize]) -> Vec<Target> {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    if !u.bow || st.screen_supply == Supply::No {
        return Vec::new();
    }
    // The javelins' supply does not bar the bow: the order is the elephant's either way.
    let Some(moving) = may_fire_any(scenario, state, unit, orderable) else { return Vec::new() };
    (0..scenario.units.len())
        .filter(|&ti| !state.units[unit].engaged && !state.units[ti].engaged)
        .filter_map(|ti| {
            let line = second_line(u);
            let (from, to, range) = in_reach_on(scenario, state, unit, &state.units[ti].placement, line, true)?;
            arrows(scenario, state, unit, ti, (from, to), range as u8, moving)
        })
        .collect()
}

/// Every volley `unit` could fire at `target` in reaction `kind`: its own missiles and, for an
/// elephant, its screen's arrows too, each rolled apart (GBA 11.12, CG 10.12).
pub fn reaction_shots(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: usize,
    kind: ReactionFire,
) -> Vec<Target> {
    reaction_volley(scenario, state, unit, target, kind)
        .into_iter()
        .chain(screen_volley(scenario, state, unit, target, kind))
        .collect()
}

/// May `unit` fire in reaction at all (8.24; CG 8.24): a missile unit with missiles left, neither
/// routed nor artillery (whose reaction fire is its own, 11.8).
fn may_react(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    // Nor does a column (6.65).
    !st.eliminated
        && !st.routed
        && !st.column
        && st.supply != Supply::No
        && u.missile.is_some()
        && u.kind != UnitType::AT
}

/// The reaction volley `unit` could fire at `target` now (8.21–8.24): at range 1 against a
/// unit entering its ZOC, range 2 against one leaving it, at the true range when firing back.
/// Retire fire needs a reach of at least 2 (8.22). The same in Chandragupta (CG 8.22, 8.23).
pub fn reaction_volley(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    target: usize,
    kind: ReactionFire,
) -> Option<Target> {
    if !may_react(scenario, state, unit) {
        return None;
    }
    let counted = match kind {
        ReactionFire::Entry | ReactionFire::Harass => Some(1),
        ReactionFire::Retire => Some(2),
        ReactionFire::Return => None,
    };
    volley(scenario, state, unit, target, false, counted)
}

/// The units that may still fire in the open reaction, each with its volley at the unit that
/// triggered it: one offered the fire may since have turned or been hit out of it (8.21–8.23).
pub fn reaction_firers(scenario: &Scenario, state: &GameState) -> Vec<(usize, Target)> {
    let Phase::Reaction { firers, .. } = &state.phase else { return Vec::new() };
    firers
        .iter()
        .filter_map(|f| scenario.units.iter().position(|u| &u.id == f))
        .filter_map(|fi| reaction_targets(scenario, state, fi).into_iter().next().map(|t| (fi, t)))
        .collect()
}

/// The units `firer` may fire at in the open reaction, each with its volley: the unit that
/// triggered it; after a line's move, any of the line's units that came into its ZOC (8.21).
pub fn reaction_targets(scenario: &Scenario, state: &GameState, firer: usize) -> Vec<Target> {
    let Phase::Reaction { mover, firers, fire_kind, harass, line_fire, .. } = &state.phase else {
        return Vec::new();
    };
    let index = |id: &String| scenario.units.iter().position(|u| &u.id == id);
    if !firers.contains(&scenario.units[firer].id) {
        return Vec::new();
    }
    if let Some(line) = line_fire {
        return line
            .entries
            .iter()
            .filter(|e| e.firer == scenario.units[firer].id)
            .filter_map(|e| index(&e.target))
            .filter(|&ti| crate::combat::line_entry::live(scenario, state, firer, ti))
            .filter_map(|ti| reaction_shots(scenario, state, firer, ti, ReactionFire::Entry).into_iter().next())
            .collect();
    }
    let Some(mi) = index(mover) else { return Vec::new() };
    if let Some(h) = harass {
        // All at once with the harasser's fire: whatever hits it takes, it still shoots (8.33).
        return crate::combat::harassment::counter_volley(scenario, state, firer, mi, &h.path).into_iter().collect();
    }
    // Entry and retire fire are at a unit in the firer's ZOC (8.21, 8.22).
    let zoc = crate::map::zoc::zoc_of(scenario, state, firer);
    let in_zoc = *fire_kind == ReactionFire::Return || state.units[mi].placement.hexes().any(|h| zoc.contains(&h));
    if !in_zoc || state.units[firer].hits >= scenario.units[firer].tq {
        return Vec::new();
    }
    reaction_shots(scenario, state, firer, mi, *fire_kind).into_iter().take(1).collect()
}

/// Units of the other side that may fire at `mover` as it enters their ZOC, standing as it does
/// in `state`, having come from `before` (8.21).
pub fn entry_firers(scenario: &Scenario, state: &GameState, mover: usize, before: &Placement) -> Vec<usize> {
    let now = state.units[mover].placement;
    (0..scenario.units.len())
        .filter(|&f| scenario.units[f].side != scenario.units[mover].side)
        .filter(|&f| {
            let zoc = crate::map::zoc::zoc_of(scenario, state, f);
            now.hexes().any(|h| zoc.contains(&h)) && !before.hexes().any(|h| zoc.contains(&h))
        })
        .filter(|&f| !reaction_shots(scenario, state, f, mover, ReactionFire::Entry).is_empty())
        .collect()
}

/// Units of the other side that may fire at `mover` before it moves, its move taking it out of
/// their ZOC by `next` (8.22).
pub fn retire_firers(scenario: &Scenario, state: &GameState, mover: usize, next: &[Placement]) -> Vec<usize> {
    let now = state.units[mover].placement;
    (0..scenario.units.len())
        .filter(|&f| scenario.units[f].side != scenario.units[mover].side)
        .filter(|&f| {
            let zoc = crate::map::zoc::zoc_of(scenario, state, f);
            now.hexes().any(|h| zoc.contains(&h)) && next.iter().any(|p| !p.hexes().any(|h| zoc.contains(&h)))
        })
        .filter(|&f| !reaction_shots(scenario, state, f, mover, ReactionFire::Retire).is_empty())
        .collect()
}

/// Is `unit` within range and sight of an enemy missile unit that can fire (10.27, 8.18)? Arcs
/// aside: the enemy could turn.
pub fn under_enemy_missiles(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let (u, st) = (&scenario.units[unit], &state.units[unit]);
    (0..scenario.units.len()).any(|e| {
        let (eu, es) = (&scenario.units[e], &state.units[e]);
        let Some(missile) = eu.missile else { return false };
        if eu.side == u.side || es.eliminated || es.routed || es.supply == Supply::No {
            return false;
        }
        let Some(line) = crate::charts::missile::MissileLine::of_unit(scenario.meta.rules, eu) else {
            return false;
        };
        let reach = crate::charts::missile::max_range(line, None) as u32;
        let archer =
            matches!(missile, crate::scenario::units::Missile::Arrow | crate::scenario::units::Missile::LongBow);
        es.placement.hexes().any(|from| {
            // CG 12.18 (P172): a camp tower adds a hex of range.
            let reach = reach + crate::works::camp::is_tower(&scenario.map, state, from) as u32;
            st.placement.hexes().any(|to| {
                from.distance(to) <= reach
                    && !dense_woods::blocks_volley(scenario, from, to, from.distance(to))
                    && (from.distance(to) <= 1 || crate::map::sight::line_of_sight(scenario, state, from, to, archer))
                    && crate::map::sight::street_fire_line(scenario, from, to)
            })
        })
    })
}

/// The Reload segment (8.18; CG 8.110): units low on or out of missiles, not in an enemy ZOC nor in range
/// and sight of an enemy missile unit, are resupplied. Routed units stay without (10.26).
pub fn reload(tx: &mut Tx) {
    for i in 0..tx.scenario.units.len() {
        let st = &tx.state.units[i];
        if st.eliminated || st.routed || (st.supply == Supply::Full && st.screen_supply == Supply::Full) {
            continue;
        }
        let side = tx.scenario.units[i].side;
        let zoc = crate::map::zoc::enemy_zoc(tx.scenario, &tx.state, side);
        if st.placement.hexes().any(|h| zoc.contains_key(&h)) || under_enemy_missiles(tx.scenario, &tx.state, i) {
            continue;
        }
        let unit = tx.scenario.units[i].id.clone();
        if tx.state.units[i].supply != Supply::Full {
            tx.emit(Event::SupplyChanged { unit: unit.clone(), supply: Supply::Full, rule: "8.18".into() });
        }
        // An elephant's screen reloads apart (GBA 11.11, CG 10.11).
        if tx.state.units[i].screen_supply != Supply::Full {
            tx.emit(Event::ScreenSupplyChanged { unit, supply: Supply::Full, rule: "8.18".into() });
        }
    }
}

/// Missile units the active leader may have fire now, each with its targets.
pub fn firers(scenario: &Scenario, state: &GameState) -> Vec<(usize, Vec<Target>)> {
    let Phase::Orders { leader, .. } = &state.phase else { return Vec::new() };
    let Some(side) = scenario.leaders.iter().find(|l| &l.id == leader).map(|l| l.side) else { return Vec::new() };
    let orderable = crate::command::orders::orderable(scenario, state);
    (0..scenario.units.len())
        .filter(|&i| scenario.units[i].side == side && scenario.units[i].missile.is_some())
        .map(|i| (i, targets_among(scenario, state, i, &orderable)))
        .filter(|(_, t)| !t.is_empty())
        .collect()
}

/// `unit` fires at `target` (8.11–8.17): one die; hits on the target; the supply afterwards.
pub fn fire(tx: &mut Tx, unit: &str, target: &str) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let ti = tx.unit_index(target)?;
    if tx.scenario.units[ui].engine.is_some() {
        return crate::special::artillery::fire(tx, unit, target);
    }
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "8.1", reason };
    let orderable = crate::command::orders::orderable(tx.scenario, &tx.state);
    if may_fire(tx.scenario, &tx.state, ui, &orderable).is_none() {
        return Err(refuse(
            "it may not fire now: not a missile unit, out of missiles, fired already this phase, out of command, \
             or it moved on another order (8.11, 8.17)"
                .into(),
        ));
    }
    let Some(t) = targets_among(tx.scenario, &tx.state, ui, &orderable).into_iter().find(|t| t.unit == ti) else {
        // House B7 (P359): say so when dense woods are what keep the volley in.
        let (from, to, range) = nearest(&tx.state.units[ui].placement, &tx.state.units[ti].placement);
        if dense_woods::blocks_volley(tx.scenario, from, to, range) {
            let reason = format!(
                "{} is {range} hexes off and dense woods let missiles fly one hex only",
                tx.scenario.units[ti].name
            );
            return Err(RuleError::IllegalMove {
                unit: unit.into(),
                rule: dense_woods::RULE,
                reason: format!("{reason} ({})", dense_woods::RULE),
            });
        }
        return Err(refuse(format!(
            "{} is not a target it may fire at: out of range, out of sight, outside its arc, or not closer after its \
             move (8.11, 8.13, 8.14)",
            tx.scenario.units[ti].name
        )));
    };
    apply_volley(tx, unit, target, &t.fire, None)?;
    offer_return_fire(tx, ui, ti)
}

/// A "J/A" elephant shoots its bow at `target` under orders instead of its javelins (CG G52):
/// the one volley of its order, from the bow's own supply.
pub fn fire_bow(tx: &mut Tx, unit: &str, target: &str) -> Result<(), RuleError> {
    let ui = tx.unit_index(unit)?;
    let ti = tx.unit_index(target)?;
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: "G52", reason };
    if !tx.scenario.units[ui].bow {
        return Err(refuse("only a \"J/A\" elephant carries a bow it may shoot under orders (CG G52)".into()));
    }
    let orderable = crate::command::orders::orderable(tx.scenario, &tx.state);
    let Some(t) = bow_targets_among(tx.scenario, &tx.state, ui, &orderable).into_iter().find(|t| t.unit == ti) else {
        return Err(refuse(format!(
            "its bow may not shoot at {} now: fired already this phase, out of arrows, out of command, or the \
             target out of range, sight or arc (8.11, 8.13, 8.14, G52)",
            tx.scenario.units[ti].name
        )));
    };
    shoot(tx, unit, target, &t.fire, "G52", |v| Event::BowFired {
        unit: unit.into(),
        target: target.into(),
        range: v.range,
        strength: v.strength,
        drm: v.drm,
        hits: v.hits,
        supply: v.supply,
    })?;
    offer_return_fire(tx, ui, ti)
}

/// What a rolled volley did, for its event.
pub(crate) struct Shot {
    pub range: u8,
    pub strength: u8,
    pub drm: i32,
    pub hits: u8,
    pub supply: Supply,
}

/// Rolls a volley at a unit, emits `event` for it, the target's hits and a struck leader (8.17,
/// 8.19): the bow's (G52) and the engines' (CG 10.52) fire.
pub(crate) fn shoot(
    tx: &mut Tx,
    unit: &str,
    target: &str,
    fire: &MissileFire,
    rule: &'static str,
    event: impl FnOnce(Shot) -> Event,
) -> Result<(), RuleError> {
    let outcome = roll_volley(tx, unit, target, fire, rule)?;
    let (strength, drm) = strength_and_drm(&outcome);
    let hits = outcome.hits;
    tx.emit(event(Shot { range: fire.range, strength, drm, hits, supply: outcome.supply_after }));
    if hits > 0 {
        tx.emit(Event::CohesionHits { unit: target.into(), hits, cause: HitCause::Missile });
    }
    strike_leader(tx, target, &outcome, false)
}

/// After ordered fire: the target may fire back at the firer (8.23) if it can reach it, has
/// missiles, is not about to rout, and did not already fire at it as it came up (8.21).
pub(crate) fn offer_return_fire(tx: &mut Tx, firer: usize, target: usize) -> Result<(), RuleError> {
    let (s, st) = (tx.scenario, &tx.state);
    let ts = &st.units[target];
    let firer_id = &s.units[firer].id;
    if ts.hits >= s.units[target].tq
        || ts.entry_volleys.contains(firer_id)
        || reaction_shots(s, st, target, firer, ReactionFire::Return).is_empty()
    {
        return Ok(());
    }
    let firers = vec![s.units[target].id.clone()];
    let offer = StandingOffer {
        reactors: Vec::new(),
        firers,
        fire_kind: ReactionFire::Return,
        harass: None,
        after_shock: None,
    };
    crate::movement::reaction::offer_standing(tx, firer, offer);
    Ok(())
}

/// The reacting side's `unit` fires at the unit that triggered the reaction (8.21–8.23); then
/// the move goes on when nobody else is left to react.
pub fn reaction_fire(tx: &mut Tx, unit: &str, target: &str) -> Result<(), RuleError> {
    // CG 10.52: an engine may shoot in the pause, but not as reaction fire (G39).
    if tx.scenario.unit(unit).is_some_and(|u| u.engine.is_some()) {
        return crate::special::artillery::fire(tx, unit, target);
    }
    let Phase::Reaction { mover, firers, fire_kind, line_fire, harass, .. } = tx.state.phase.clone() else {
        return Err(RuleError::NotNow {
            command: "fire".into(),
            rule: "8.2",
            expected: "reaction fire answers an enemy's move or fire, and no enemy has moved or fired".into(),
        });
    };
    let refuse = |reason: String| RuleError::IllegalMove { unit: unit.into(), rule: fire_kind.rule(), reason };
    if !firers.iter().any(|f| f == unit) {
        return Err(refuse("it may not fire in reaction now, or it already has".into()));
    }
    // After a line's move: at any unit of the line that came into its ZOC (8.21).
    let entered = line_fire.as_ref().is_some_and(|l| l.entries.iter().any(|e| e.firer == unit && e.target == target));
    if line_fire.is_some() && !entered {
        return Err(refuse(format!("{target} is not a unit of the line that came into its zone")));
    }
    if line_fire.is_none() && target != mover {
        return Err(refuse(format!("reaction fire is at {mover}, the unit that triggered it")));
    }
    let harassed = harass.is_some();
    let ui = tx.unit_index(unit)?;
    let mi = tx.unit_index(target)?;
    let Some(shot) = reaction_targets(tx.scenario, &tx.state, ui).into_iter().find(|t| t.unit == mi) else {
        return Err(refuse("it no longer has its target in its ZOC, in reach and in sight, or it is routing".into()));
    };
    // An elephant's rider and screen both shoot, each its own die (GBA 11.12, CG 10.12). Against
    // a harasser the volley is the one `reaction_targets` found: from a hex of its path, all at
    // once with its own fire (8.33), not from where it stands before it sets out.
    let javelins = match harassed {
        true => Some(shot),
        false => reaction_volley(tx.scenario, &tx.state, ui, mi, fire_kind),
    };
    let screen = screen_volley(tx.scenario, &tx.state, ui, mi, fire_kind);
    if let Some(t) = javelins {
        apply_volley(tx, unit, target, &t.fire, Some(fire_kind))?;
    }
    if let Some(t) = screen {
        apply_screen_volley(tx, unit, target, &t.fire, fire_kind)?;
    }
    crate::movement::reaction::after_reaction(tx)
}

/// Rolls a volley and emits what it did (8.15, 8.17, 8.19): the firer's die, and for a natural
/// 0 at a hex with a leader the leader's rolls. `reaction`: fired in reaction (8.2).
pub fn apply_volley(
    tx: &mut Tx,
    unit: &str,
    target: &str,
    fire: &MissileFire,
    reaction: Option<ReactionFire>,
) -> Result<(), RuleError> {
    let outcome = roll_volley(tx, unit, target, fire, "8.1")?;
    let (strength, drm) = strength_and_drm(&outcome);
    // At a leader alone (8.19) the hit number means nothing: no unit takes hits.
    let lone_leader = tx.scenario.leader(target).is_some() && tx.scenario.unit(target).is_none();
    let hits = if lone_leader {
        0
    } else {
        crate::combat::advance::fire_hits_taken(tx.scenario, &tx.state, target, outcome.hits)
    };
    tx.emit(Event::MissileFired {
        unit: unit.into(),
        target: target.into(),
        range: fire.range,
        strength,
        drm,
        hit: !lone_leader && outcome.hits > 0,
        hits,
        supply: outcome.supply_after,
        reaction,
    });
    // The hits; house B8 may turn them onto a friend in the melee or under the fire.
    crate::special::house::melee_fire::land(tx, unit, target, hits, &outcome)?;
    strike_leader(tx, target, &outcome, lone_leader)
}

/// A leader in the target hex struck (8.19) by a volley's natural 0.
fn strike_leader(
    tx: &mut Tx,
    target: &str,
    outcome: &crate::combat::missile::MissileOutcome,
    lone_leader: bool,
) -> Result<(), RuleError> {
    if let Some(result) = outcome.leader_casualty.filter(|r| *r != crate::charts::leaders::LeaderResult::NoEffect) {
        let struck = match lone_leader {
            true => {
                let at = tx.state.leaders[tx.leader_index(target)?].at;
                crate::combat::shock_segment::best_leader(tx.scenario, &tx.state, |h| h == at)
            }
            false => crate::combat::shock_segment::side_leader(tx.scenario, &tx.state, &[tx.unit_index(target)?]),
        };
        if let Some((l, _)) = struck {
            let leader = tx.scenario.leaders[l].id.clone();
            tx.emit(Event::LeaderCasualty { leader, result, rule: "8.19".into() });
        }
    }
    Ok(())
}

/// Rolls an elephant screen's volley (GBA 11.11, CG 10.11): its die, the hits, the screen's
/// supply after. A leader in the target hex is struck only by the rider's fire (P107).
fn apply_screen_volley(
    tx: &mut Tx,
    unit: &str,
    target: &str,
    fire: &MissileFire,
    reaction: ReactionFire,
) -> Result<(), RuleError> {
    let outcome = roll_volley(tx, unit, target, fire, "11.11")?;
    let (strength, drm) = strength_and_drm(&outcome);
    let hits = crate::combat::advance::fire_hits_taken(tx.scenario, &tx.state, target, outcome.hits);
    tx.emit(Event::ScreenFired {
        unit: unit.into(),
        target: target.into(),
        range: fire.range,
        strength,
        drm,
        hits,
        supply: outcome.supply_after,
        reaction,
    });
    if hits > 0 {
        tx.emit(Event::CohesionHits { unit: target.into(), hits, cause: HitCause::Missile });
    }
    Ok(())
}

/// The chart strength and the modifiers' total a volley used.
fn strength_and_drm(outcome: &crate::combat::missile::MissileOutcome) -> (u8, i32) {
    outcome.steps.iter().fold((0u8, 0i32), |(s, d), step| match &step.kind {
        crate::combat::missile::MissileStepKind::Strength { strength, .. } => (*strength, d),
        crate::combat::missile::MissileStepKind::Roll { drm, .. } => (s, *drm),
        _ => (s, d),
    })
}

/// Rolls `fire`'s die (and a leader's, 8.19) as events; refused by `rule` when it cannot be fired.
fn roll_volley(
    tx: &mut Tx,
    unit: &str,
    target: &str,
    fire: &MissileFire,
    rule: &'static str,
) -> Result<crate::combat::missile::MissileOutcome, RuleError> {
    // For testing only: a result forced on the next volley rolled (`--missile-result`).
    let forced = tx.state.forced_missile.map(|hit| MissileFire { forced: Some(hit), ..fire.clone() });
    let fire = forced.as_ref().unwrap_or(fire);
    let mut error = None;
    let outcome = {
        let mut dice = || match tx.roll(RollPurpose::MissileFire { unit: unit.into(), target: target.into() }) {
            Ok(r) => r,
            Err(e) => {
                error.get_or_insert(e);
                0
            }
        };
        resolve(fire, &mut dice).map_err(|e| RuleError::IllegalMove {
            unit: unit.into(),
            rule,
            reason: e.to_string(),
        })?
    };
    if let Some(e) = error {
        return Err(e);
    }
    for step in &outcome.steps {
        if let crate::combat::missile::MissileStepKind::Forced { hit, table } = step.kind {
            tx.emit(Event::MissileResultForced { hit, table });
        }
    }
    Ok(outcome)
}
