//! Orders (GBA 4.2, 5.2): who may order whom.

use crate::game::{GameState, Phase};
use crate::map::hex::{HexId, Hexside};
use crate::map::zoc::occupancy;
use crate::movement::leader_entry_cost;
use crate::scenario::units::{Grade, LeaderRole};
use crate::scenario::Scenario;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::rc::Rc;

/// Hexes within a leader's command range (GBA 4.21): counted along a path of at most CR hexes
/// (the leader's own hex not counted), blocked by enemy-occupied hexes, by hexes in an enemy ZOC
/// unless a friendly unit stands there, and by terrain the leader could not enter — on the
/// elephant or chariot he rides, if he rides one (CG 4.21, 6.16; D7).
pub fn command_range(scenario: &Scenario, state: &GameState, leader: usize) -> FxHashMap<HexId, u8> {
    (*shared_command_range(scenario, state, leader)).clone()
}

/// [`command_range`], shared with the other askers inside a [`crate::map::zoc::ZocScope`].
pub fn shared_command_range(scenario: &Scenario, state: &GameState, leader: usize) -> Rc<FxHashMap<HexId, u8>> {
    crate::map::zoc::kept_command_range(scenario, state, leader, || work_out_command_range(scenario, state, leader))
}

fn work_out_command_range(scenario: &Scenario, state: &GameState, leader: usize) -> FxHashMap<HexId, u8> {
    let l = &scenario.leaders[leader];
    let start = state.leaders[leader].at;
    let occupied = occupancy(state);
    let zoc = crate::map::zoc::shared_enemy_zoc(scenario, state, l.side);
    let friendly = |h: &HexId| occupied.get(h).is_some_and(|&u| scenario.units[u].side == l.side);
    let mut dist = FxHashMap::from_iter([(start, 0u8)]);
    let mut queue = VecDeque::from([start]);
    let reach = ratings(scenario, state, leader).command_range;
    while let Some(h) = queue.pop_front() {
        let d = dist[&h];
        if d >= reach {
            continue;
        }
        for side in Hexside::ALL {
            let Some(n) = h.neighbour(side).filter(|n| scenario.map.contains(*n)) else {
                continue;
            };
            if dist.contains_key(&n) {
                continue;
            }
            let enemy_here = occupied.get(&n).is_some_and(|&u| scenario.units[u].side != l.side);
            let blocked_by_zoc = zoc.contains_key(&n) && !friendly(&n);
            if enemy_here || leader_entry_cost(scenario, state, leader, h, n).is_none() {
                continue;
            }
            dist.insert(n, d + 1);
            // A ZOC hex may be the unit's own hex (friendly units cancel ZOC, 4.21) but the
            // path goes no further through an empty one.
            if !blocked_by_zoc {
                queue.push_back(n);
            }
        }
    }
    // An empty enemy-ZOC hex was recorded only to be skipped: it is not in range.
    dist.retain(|h, _| *h == start || !zoc.contains_key(h) || friendly(h));
    dist
}

/// Is any hex of unit `unit` within leader `leader`'s command range (GBA 4.21)?
pub fn in_command_range(scenario: &Scenario, state: &GameState, leader: usize, unit: usize) -> bool {
    let range = shared_command_range(scenario, state, leader);
    state.units[unit].placement.hexes().any(|h| range.contains_key(&h))
}

/// GBA 4.23 (P242): "a leader may also move without expending an Individual Order with any
/// combat unit with which he is stacked and to which he gave an Individual Order". The active
/// leader, giving individual orders, has not moved yet this phase and still stands in a hex where
/// a unit he ordered this phase began its ordered move, and that unit has moved off: his move is
/// free. He need not stay with the unit (4.23), so his path is his own.
pub fn moves_free_with_unit(scenario: &Scenario, state: &GameState, leader: usize) -> bool {
    let crate::game::Phase::Orders { leader: active, ordered, line: None, .. } = &state.phase else {
        return false;
    };
    if &scenario.leaders[leader].id != active || state.leaders[leader].mp_used > 0 {
        return false;
    }
    let at = state.leaders[leader].at;
    ordered.iter().filter_map(|id| scenario.units.iter().position(|u| &u.id == id)).any(|u| {
        let st = &state.units[u];
        st.order_start.is_some_and(|p| p != st.placement && p.hexes().any(|h| h == at))
    })
}

/// Is this leader in an enemy ZOC (GBA 4.24, 5.25)?
pub fn leader_in_enemy_zoc(scenario: &Scenario, state: &GameState, leader: usize) -> bool {
    crate::map::zoc::in_enemy_zoc(scenario, state, scenario.leaders[leader].side, state.leaders[leader].at)
}

/// The overall commander ignores 4.24 and may leave an enemy ZOC on his own order (4.4).
/// A leader's ratings as they stand: printed, less his wounds (GBA 9.22, minimum 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratings {
    pub initiative: Option<u8>,
    pub command_range: u8,
    pub charisma: u8,
    pub personal_combat: Option<u8>,
    pub strategy: Option<u8>,
}

pub fn ratings(scenario: &Scenario, state: &GameState, leader: usize) -> Ratings {
    let (l, w) = (&scenario.leaders[leader], state.leaders[leader].wounds);
    Ratings {
        // 5.61: a contingent commander in play has "C", whatever the counter's other side says.
        initiative: l
            .initiative
            .filter(|_| !crate::command::contingent::is_mcc(scenario, leader))
            .map(|i| i.saturating_sub(w)),
        command_range: l.command_range.saturating_sub(w),
        charisma: l.charisma.saturating_sub(w),
        personal_combat: l.personal_combat.map(|p| p.saturating_sub(w)),
        strategy: l.strategy.map(|s| s.saturating_sub(w)),
    }
}

pub fn is_overall(scenario: &Scenario, leader: usize) -> bool {
    scenario.leaders[leader].role == LeaderRole::Overall
}

/// Why `leader` may give no order at all to `unit`, whatever the range (CG 4.41[3], 4.53, 4.62,
/// D13): Sreni and Tribal units obey only their own chief; a chief orders only his own guild or
/// tribe; a Nayaka orders only the types on his counter.
pub fn order_refusal(scenario: &Scenario, leader: usize, unit: usize) -> Option<(&'static str, String)> {
    let (l, u) = (&scenario.leaders[leader], &scenario.units[unit]);
    // CG 10.52, 10.54: an engine shoots without orders and moves only in the Camp Orders Phase.
    if u.engine.is_some() {
        return Some(("10.54", format!("{} is an engine: it takes no orders (it shoots at will, CG 10.52)", u.id)));
    }
    let own_band = l.guild.is_some() && l.guild == u.guild;
    if l.role.is_chief() && !own_band {
        return Some((
            "4.62",
            format!("a chief orders only the units of his own guild or tribe, and {} is not one", u.id),
        ));
    }
    // CG 4.62, 10.71: Sreni and Tribal units take orders and line commands from their own chief only.
    let chiefs_only = crate::scenario::rule_set::hooks(scenario.meta.rules).command.chiefs_only_for_sreni_and_tribal;
    if chiefs_only && matches!(u.grade, Some(Grade::Sreni | Grade::Tribal)) && !own_band {
        return Some(("4.62", format!("{} is a guild or tribal unit: only its own chief orders it", u.id)));
    }
    // CG 4.35: a command restriction binds only line commands, but a guild or tribal chief's
    // binds his individual orders too (its "important exception"; GBA 4.37 has none, nor chiefs).
    if l.role.is_chief()
        && !l.line_types.is_empty()
        && !l.line_types.iter().any(|t| crate::command::line::admits(scenario, t, u))
    {
        return Some((
            "4.35",
            format!("a guild or tribal chief's restriction to the types on his counter binds his orders too, and {} is not one", u.id),
        ));
    }
    // CG 4.53: EL and CH Nayakas whose counter names a Combined line order its LI too.
    if l.role == LeaderRole::Nayaka && !l.line_types.iter().any(|t| crate::command::line::admits(scenario, t, u)) {
        return Some(("4.53", format!("a Nayaka orders only the unit types on his counter, and {} is not one", u.id)));
    }
    None
}

/// May the active leader `by` order `other` to move (GBA 4.4; CG 4.41[2], 4.52[3], 4.81, D14)?
/// The overall commander any friendly leader; in CG a wing commander his own Nayakas, in a
/// non-momentum phase — and so bring them out of an enemy ZOC.
pub fn may_move_leader(scenario: &Scenario, state: &GameState, by: usize, other: usize) -> bool {
    if is_overall(scenario, by) {
        return true;
    }
    let momentum = matches!(state.phase, crate::game::Phase::Orders { momentum: true, .. });
    crate::scenario::rule_set::hooks(scenario.meta.rules).command.wing_commands
        && !momentum
        && scenario.leaders[other].wing.as_ref() == Some(&scenario.leaders[by].id)
}

/// Is this leader an overall commander Restricted by a Wing Command (CG 4.55)?
pub fn is_restricted(state: &GameState, leader: usize) -> bool {
    state.leaders[leader].restricted
}

/// A leader's movement points in one orders phase (6.15): 9; a tribal chief 6 (CG 6.15, D6);
/// a Restricted overall commander half of 9, rounded up (CG 4.55).
pub fn leader_mp(scenario: &Scenario, state: &GameState, leader: usize) -> u8 {
    let command = crate::scenario::rule_set::hooks(scenario.meta.rules).command;
    let mp = if scenario.leaders[leader].role == LeaderRole::TribalChief {
        command.tribal_chief_mp
    } else {
        crate::movement::LEADER_MP
    };
    if is_restricted(state, leader) {
        mp.min(command.restricted_overall_mp)
    } else {
        mp
    }
}

/// The side whose orders phase this is: its leader's, or in the Camp Orders Phase the camp
/// side's (CG 12.17). `None` outside an orders phase.
pub fn active_side(scenario: &Scenario, state: &crate::game::GameState) -> Option<usize> {
    let crate::game::Phase::Orders { leader, .. } = &state.phase else { return None };
    match &state.camp_orders {
        Some(c) => Some(c.side),
        None => scenario.leader(leader).map(|l| l.side),
    }
}

/// An order that spends a unit's whole allowance where it stands: what it is, its rule and
/// ruling, and whether a line command's unit may take it in its turn (CG 10.62 yes, 10.28 no).
#[derive(Clone, Copy)]
pub struct WholeAllowance<'a> {
    pub act: &'a str,
    pub rule: &'a str,
    pub ruling: &'a str,
    pub in_a_line: bool,
}

/// Why the active leader may not give `unit` an order that spends its whole movement allowance
/// on one act in place — forming or leaving Square (CG 10.62, P192), dismounting (CG 10.28,
/// P213) — if he may not: not in an orders phase, under a line command (unless `in_a_line`) or in
/// the Camp Orders Phase, by a Restricted overall commander (4.55), to a unit he cannot order now (4.21),
/// or to one already Moved this turn, or in an enemy ZOC. `act` names the act in the reasons,
/// `rule` and `ruling` cite it.
pub fn whole_allowance_refusal(
    scenario: &Scenario,
    state: &GameState,
    unit: usize,
    order: WholeAllowance,
) -> Option<String> {
    let WholeAllowance { act, rule, ruling, in_a_line } = order;
    let crate::game::Phase::Orders { leader, line, .. } = &state.phase else {
        return Some(format!("it is not an orders phase ({rule})"));
    };
    if line.is_some() && !in_a_line {
        return Some(format!("{act} takes an individual order, not a line command ({rule}, {ruling})"));
    }
    if state.camp_orders.is_some() {
        return Some(format!("in the Camp Orders Phase units move, fire and attack, nothing more (12.17, {ruling})"));
    }
    if scenario.leaders.iter().position(|l| &l.id == leader).is_some_and(|li| is_restricted(state, li)) {
        return Some(format!("a Restricted overall commander gives no order for {act} (4.55)"));
    }
    if !crate::command::orders::order_candidates(scenario, state).contains(&unit) {
        return Some(format!(
            "the active leader cannot order it now: out of range or orders, ordered already, routed, or rallied \
             this turn ({rule}, 4.21)"
        ));
    }
    // "Its whole movement allowance": one it has not begun to spend this turn.
    if state.units[unit].moved {
        return Some(format!("it has moved this turn: {act} takes its whole movement allowance ({rule}, {ruling})"));
    }
    let zoc = crate::map::zoc::shared_enemy_zoc(scenario, state, scenario.units[unit].side);
    if state.units[unit].placement.hexes().any(|h| zoc.contains_key(&h)) {
        return Some(format!("not in an enemy zone of control ({rule})"));
    }
    None
}

/// The units the active leader may order now (GBA 5.2; `play::legal::orderable_units` for a game). A Restricted overall commander orders no unit to
/// move or fire (CG 4.55): none.
pub fn orderable(s: &Scenario, st: &GameState) -> Vec<usize> {
    let restricted = match &st.phase {
        Phase::Orders { leader, .. } => {
            s.leaders.iter().position(|l| &l.id == leader).is_some_and(|li| is_restricted(st, li))
        }
        _ => false,
    };
    if restricted {
        return Vec::new();
    }
    order_candidates(s, st)
}

/// The units the active leader could give an order to now, a Restricted overall commander's
/// recovery orders included (CG 4.55).
pub fn order_candidates(s: &Scenario, st: &GameState) -> Vec<usize> {
    // CG 12.17: the Camp Orders Phase's units, each once.
    if st.camp_orders.is_some() {
        return crate::works::camp_orders::orderable(s, st);
    }
    // Under a line command: its units not yet moved, whatever the range (4.31, 4.33).
    if let Phase::Orders { line: Some(units), ordered, .. } = &st.phase {
        return units
            .iter()
            .filter(|u| !ordered.contains(u))
            .filter_map(|id| s.units.iter().position(|u| &u.id == id))
            .filter(|&i| !st.units[i].eliminated && !st.units[i].routed && !st.units[i].rallied)
            .filter(|&i| !crate::movement::pre_arranged::held(s, st, i))
            .collect();
    }
    let Phase::Orders { leader, orders_left, ordered, .. } = &st.phase else {
        return Vec::new();
    };
    let Some(li) = s.leaders.iter().position(|l| &l.id == leader) else {
        return Vec::new();
    };
    if *orders_left == 0 || (!is_overall(s, li) && leader_in_enemy_zoc(s, st, li)) {
        return Vec::new();
    }
    let range = shared_command_range(s, st, li);
    (0..s.units.len())
        .filter(|&i| {
            let u = &s.units[i];
            u.side == s.leaders[li].side
                // CG 4.53, 4.62: his own guild or tribe only, or a Nayaka's own types.
                && crate::command::orders::order_refusal(s, li, i).is_none()
                && !st.units[i].eliminated
                // Routed units take no orders but rally (10.26), rallied ones none this turn (10.27).
                // The same in CG 11.28, which also bars their fire.
                && !st.units[i].routed
                // Engaged units take none at all (10.31).
                && !st.units[i].engaged
                && !st.units[i].rallied
                && !ordered.contains(&u.id)
                && st.units[i].placement.hexes().any(|h| range.contains_key(&h))
                // A line held by its PW order does not move (6.83).
                && !crate::movement::pre_arranged::held(s, st, i)
        })
        .collect()
}
