//! Pre-arranged withdrawal (GBA 6.8): phalanxes and good heavy infantry, too slow for an
//! orderly withdrawal, may step back one hex as a line from enemy infantry, by an order placed
//! face down under their leader at the start of the game turn.
//!
//! At the start of each game turn (GBA only, D23) each side with eligible leaders puts a marker
//! under every one of them: PW for one of his lines, or the "No PW" bluff (6.82). The marker is
//! turned up when he is activated or when his line first withdraws under it (6.83). The line
//! then withdraws, one hex, every unit together, each time enemy infantry comes within two
//! hexes of it, with the penalties of 6.72; the first time finishes its leader (6.84). Once he is
//! activated with a PW order in force, the line may not move under orders (6.83). Orders last
//! the game turn.

use crate::command::line::Formation;
use crate::game::{Event, GameState, LeaderStatus, LineStep, Phase, PwDeclaration, PwOrder, RuleError, Tx};
use crate::map::hex::HexId;
use crate::map::zoc::enemy_zoc;
use crate::movement::withdrawal::{
    current_mover, final_facings, give_ground, is_infantry, retreat_from, Allowance, Going,
};
use crate::scenario::units::{LineType, Placement, Unit, UnitType};
use crate::scenario::Scenario;
use std::cmp::Reverse;

/// Units that may use PW (6.81): phalanxes, and heavy infantry of TQ 6 or more.
pub fn eligible_unit(u: &Unit) -> bool {
    u.kind == UnitType::PH || (u.kind == UnitType::HI && u.tq >= 6)
}

/// The lines `leader` could hold a PW order for now (6.81, P57): infantry lines as for a line
/// command (4.33), every unit eligible, with him within two hexes of one of them in sight (4.34);
/// of the types he may command by line command (the chart and his restriction, 4.37), any type
/// for the overall commander. Each set of units once, as unit indices in scenario order.
pub fn candidate_lines(scenario: &Scenario, state: &GameState, leader: usize) -> Vec<Vec<usize>> {
    let l = &scenario.leaders[leader];
    // CG has no pre-arranged withdrawal (D23).
    if !crate::scenario::rule_set::hooks(scenario.meta.rules).pre_arranged_withdrawal
        || state.leaders[leader].status == LeaderStatus::Eliminated
    {
        return Vec::new();
    }
    // 6.81: a contingent commander may hold one for the phalanxes and good heavy infantry of his
    // contingent within his range: the line his command would take (5.65), no 4.33 geometry.
    if crate::command::contingent::is_mcc(scenario, leader) {
        let mut units: Vec<usize> = crate::command::contingent::line_units(scenario, state, leader)
            .into_iter()
            .filter(|&u| eligible_unit(&scenario.units[u]))
            .collect();
        units.sort_unstable();
        return if units.is_empty() { Vec::new() } else { vec![units] };
    }
    let types: Vec<LineType> = if l.role == crate::scenario::units::LeaderRole::Overall {
        let mut t: Vec<LineType> = Vec::new();
        for u in scenario.units.iter().filter(|u| u.side == l.side && eligible_unit(u)) {
            let kind = LineType::of(u.kind, u.class);
            if !t.contains(&kind) {
                t.push(kind);
            }
        }
        t
    } else {
        crate::command::line::line_types(scenario, leader)
            .into_iter()
            .filter(|t| matches!(t.kind, UnitType::PH | UnitType::HI))
            .collect()
    };
    let mut out: Vec<Vec<usize>> = Vec::new();
    for line in &types {
        for anchor in 0..scenario.units.len() {
            for formation in [Formation::Abreast, Formation::Deep] {
                let units = crate::command::line::members(scenario, state, leader, line, anchor, formation);
                let fit = !units.is_empty()
                    && units.iter().all(|&u| eligible_unit(&scenario.units[u]))
                    && crate::command::line::leader_placed_for(scenario, state, leader, line, formation, &units);
                if fit && !out.contains(&units) {
                    out.push(units);
                }
            }
        }
    }
    out
}

/// The leaders of `side` who get a marker this turn: those with a line they could hold a PW
/// order for (6.82).
pub fn declaring_leaders(scenario: &Scenario, state: &GameState, side: usize) -> Vec<usize> {
    (0..scenario.leaders.len())
        .filter(|&l| scenario.leaders[l].side == side && !candidate_lines(scenario, state, l).is_empty())
        .collect()
}

/// Offers the declaration to the first side from `from` on with leaders who get a marker;
/// `false` when no side is left to declare (6.82).
pub fn offer_declaration(tx: &mut Tx, from: usize) -> bool {
    for side in from..2 {
        let leaders = declaring_leaders(tx.scenario, &tx.state, side);
        if !leaders.is_empty() {
            let leaders = leaders.into_iter().map(|l| tx.scenario.leaders[l].id.clone()).collect();
            tx.emit(Event::PreArrangedOffered { side, leaders });
            return true;
        }
    }
    false
}

/// The side's markers (6.82): a PW order for each line named, at most one a leader, each a
/// whole line he could hold one for; "No PW" under every other leader offered. Then the other
/// side declares, or the turn's activations begin.
pub fn declare(tx: &mut Tx, side: usize, offered: &[String], lines: &[PwDeclaration]) -> Result<(), RuleError> {
    let mut orders: Vec<PwOrder> = offered
        .iter()
        .map(|l| PwOrder { leader: l.clone(), units: Vec::new(), revealed: false, activated: false })
        .collect();
    for d in lines {
        let li = tx.leader_index(&d.leader)?;
        let refuse = |reason: String| RuleError::LineWithdrawal { leader: d.leader.clone(), rule: "6.82", reason };
        let Some(order) = orders.iter_mut().find(|o| o.leader == d.leader) else {
            return Err(refuse("he has no line that could withdraw under a PW order (6.81)".into()));
        };
        if !order.units.is_empty() {
            return Err(refuse("one marker a leader".into()));
        }
        let mut named = d.units.iter().map(|u| tx.unit_index(u)).collect::<Result<Vec<_>, _>>()?;
        crate::game::sorting::sort(&mut named);
        if !candidate_lines(tx.scenario, &tx.state, li).contains(&named) {
            return Err(refuse(
                "those units are not a whole line of phalanxes or heavy infantry of TQ 6 or more that he could \
                 command, with him within two hexes of it (6.81, 4.33)"
                    .into(),
            ));
        }
        order.units = named.iter().map(|&u| tx.scenario.units[u].id.clone()).collect();
    }
    tx.emit(Event::PreArrangedDeclared { side, orders });
    if offer_declaration(tx, side + 1) {
        return Ok(());
    }
    crate::command::activation::open_activations(tx)
}

/// A leader's activation turns his marker up (6.83), once.
pub fn on_activation(tx: &mut Tx, leader: usize) {
    let id = &tx.scenario.leaders[leader].id;
    if let Some(o) = tx.state.pre_arranged.iter().find(|o| &o.leader == id && !o.activated) {
        let event = Event::PreArrangedRevealed { leader: id.clone(), units: o.units.clone(), activated: true };
        tx.emit(event);
    }
}

/// The PW order in force under this leader, if any: PW, not "No PW", and he is still on the
/// field (6.83).
fn order_in_force<'a>(scenario: &Scenario, state: &'a GameState, leader: usize) -> Option<&'a PwOrder> {
    let id = &scenario.leaders[leader].id;
    (state.leaders[leader].status != LeaderStatus::Eliminated)
        .then(|| state.pre_arranged.iter().find(|o| &o.leader == id && !o.units.is_empty()))
        .flatten()
}

/// The units of a PW line still able to act: on the field and not Routed.
fn line_now(scenario: &Scenario, state: &GameState, order: &PwOrder) -> Vec<usize> {
    order
        .units
        .iter()
        .filter_map(|id| scenario.units.iter().position(|u| &u.id == id))
        .filter(|&u| !state.units[u].eliminated && !state.units[u].routed)
        .collect()
}

/// May `unit` not move under orders, its leader having been activated while it holds a PW order
/// (6.83)?
pub fn held(scenario: &Scenario, state: &GameState, unit: usize) -> bool {
    let id = &scenario.units[unit].id;
    (0..scenario.leaders.len())
        .filter_map(|l| order_in_force(scenario, state, l))
        .any(|o| o.activated && o.units.contains(id))
}

/// Leaders of the other side whose PW lines `mover` — infantry only, never cavalry or elephants
/// — has just come within two hexes of (`came_within`), and that have a way back (6.83).
pub fn triggered(
    scenario: &Scenario,
    state: &GameState,
    mover: usize,
    came_within: &dyn Fn(HexId) -> bool,
) -> Vec<usize> {
    let side = scenario.units[mover].side;
    if !is_infantry(scenario.units[mover].kind) {
        return Vec::new();
    }
    (0..scenario.leaders.len())
        .filter(|&l| scenario.leaders[l].side != side)
        .filter(|&l| {
            order_in_force(scenario, state, l).is_some_and(|o| {
                let units = line_now(scenario, state, o);
                units.iter().any(|&u| state.units[u].placement.hexes().any(came_within))
                    && plan_for(scenario, state, &units, mover).is_some()
            })
        })
        .collect()
}

/// Where `unit` may go in a PW from `mover` (6.83, 6.75, P59): one hex, not from or into an
/// enemy ZOC, farther from the enemy. A one-hex unit as in an orderly withdrawal of one hex, its
/// final facing free of MP; a two-hex unit straight back, both halves across their rear
/// hexsides, keeping its facing, not into rough ground but rocky nor across a rough hexside nor
/// onto any other unit, paying the higher of its halves' ground hits.
fn ways_back(scenario: &Scenario, state: &GameState, unit: usize, mover: usize) -> Vec<Going> {
    let u = &scenario.units[unit];
    let st = &state.units[unit];
    let zoc = enemy_zoc(scenario, state, u.side);
    if st.placement.hexes().any(|h| zoc.contains_key(&h)) {
        return Vec::new();
    }
    let (a, b) = match st.placement {
        Placement::One(_) => {
            let Some(r) = retreat_from(scenario, state, unit, mover, Allowance::Hexes(1)) else { return Vec::new() };
            let mut out = Vec::new();
            for (end, (spent, path)) in r.search() {
                for (facing, _, hits) in final_facings(u, &r, end, st.facing, spent) {
                    out.push(Going {
                        path: path.clone(),
                        placement: Placement::One(end),
                        facing,
                        mp: 0,
                        hits,
                        rider: None,
                    });
                }
            }
            return out;
        }
        Placement::Two(a, b) => (a, b),
    };
    // Straight back across its rear hexsides, as in an orderly withdrawal of one step (P24).
    let back = crate::movement::withdrawal::BackSteps::new(scenario, state, unit, mover);
    back.steps((a, b))
        .into_iter()
        .map(|((a2, b2), cost)| Going {
            path: vec![a2, b2],
            placement: Placement::Two(a2, b2),
            facing: st.facing,
            mp: 0,
            hits: cost.hits,
            rider: None,
        })
        .collect()
}

/// The way back a step names, if it is one (a two-hex unit's `path` is the pair it ends in).
fn way_named(scenario: &Scenario, state: &GameState, unit: usize, mover: usize, step: &LineStep) -> Option<Going> {
    ways_back(scenario, state, unit, mover).into_iter().find(|g| {
        let same = if g.placement.is_two_hex() {
            step.path.len() == 2 && g.placement.hexes().all(|h| step.path.contains(&h))
        } else {
            g.path == step.path
        };
        same && g.facing == step.facing
    })
}

/// A ready-made PW for these units: the farthest from the enemy first, each to the hex (or
/// pair) farthest from it keeping its facing, the fewest hits, the first by id. `None` if one
/// has no way back.
fn plan_for(scenario: &Scenario, state: &GameState, units: &[usize], mover: usize) -> Option<Vec<LineStep>> {
    let enemy: Vec<HexId> = state.units[mover].placement.hexes().collect();
    let away = |p: &Placement| p.hexes().flat_map(|h| enemy.iter().map(move |e| e.distance(h))).min().unwrap_or(0);
    let mut order = units.to_vec();
    crate::game::sorting::sort_by_key(&mut order, |&u| (Reverse(away(&state.units[u].placement)), u));
    let mut st = state.clone();
    let mut steps = Vec::new();
    for u in order {
        let facing = st.units[u].facing;
        let best = ways_back(scenario, &st, u, mover)
            .into_iter()
            .filter(|g| g.facing == facing)
            .min_by_key(|g| (Reverse(away(&g.placement)), g.hits, g.path.clone()))?;
        steps.push(LineStep { unit: scenario.units[u].id.clone(), path: best.path, facing, fire: false, with: None });
        st.units[u].placement = best.placement;
    }
    Some(steps)
}

/// The ready-made PW of `leader`'s line now, if it may withdraw (6.83).
pub fn plan(scenario: &Scenario, state: &GameState, leader: usize) -> Option<Vec<LineStep>> {
    let Phase::Reaction { pre_arranged, .. } = &state.phase else { return None };
    if !pre_arranged.contains(&scenario.leaders[leader].id) {
        return None;
    }
    let mover = current_mover(scenario, state)?;
    let order = order_in_force(scenario, state, leader)?;
    let line = line_now(scenario, state, order);
    // No unit of his line left in it: nothing to withdraw.
    if line.is_empty() {
        return None;
    }
    plan_for(scenario, state, &line, mover)
}

/// Pre-arranged withdrawal (6.83, 6.84): every unit of the line under `leader`'s PW order steps
/// back one hex from the enemy infantry that came up, in the order given, each with the 6.72
/// penalties; the marker is turned up if it was not; then the leader is Finished. If any unit
/// cannot go as asked, nothing happens.
pub fn withdraw(tx: &mut Tx, leader: &str, steps: &[LineStep]) -> Result<(), RuleError> {
    let li = tx.leader_index(leader)?;
    let refuse = |reason: String| RuleError::LineWithdrawal { leader: leader.into(), rule: "6.83", reason };
    let offered =
        matches!(&tx.state.phase, Phase::Reaction { pre_arranged, .. } if pre_arranged.iter().any(|l| l == leader));
    if !offered {
        return Err(refuse(
            "no PW order of his is in force against enemy infantry that just came within two hexes of his line".into(),
        ));
    }
    let mover = current_mover(tx.scenario, &tx.state).ok_or_else(|| refuse("no enemy is coming up".into()))?;
    let order =
        order_in_force(tx.scenario, &tx.state, li).cloned().ok_or_else(|| refuse("he holds no PW order".into()))?;
    let mut units = line_now(tx.scenario, &tx.state, &order);
    if units.is_empty() {
        return Err(refuse("no unit of his line is left to withdraw".into()));
    }
    crate::game::sorting::sort(&mut units);
    let mut named = steps.iter().map(|s| tx.unit_index(&s.unit)).collect::<Result<Vec<_>, _>>()?;
    crate::game::sorting::sort(&mut named);
    if named != units {
        return Err(refuse("every unit of the line withdraws, each once, the same one hex (6.83)".into()));
    }
    let ids: Vec<String> = units.iter().map(|&u| tx.scenario.units[u].id.clone()).collect();
    if !order.revealed {
        tx.emit(Event::PreArrangedRevealed { leader: leader.into(), units: order.units.clone(), activated: false });
    }
    let first = &tx.scenario.units[units[0]];
    let line = LineType::of(first.kind, first.class).label();
    tx.emit(Event::LineWithdrew { leader: leader.into(), line, units: ids, pre_arranged: true });
    for step in steps {
        let ui = tx.unit_index(&step.unit)?;
        let going = way_named(tx.scenario, &tx.state, ui, mover, step).ok_or_else(|| RuleError::IllegalMove {
            unit: step.unit.clone(),
            rule: "6.83",
            reason: "it steps back one hex, farther from the enemy, not into an enemy zone of control, rough ground \
                     other than rocky or another unit; a two-hex unit straight back, keeping its facing"
                .into(),
        })?;
        // 5.68: a contingent commander stacked with it may go along.
        let rider = crate::command::contingent::rider(tx, step.with.as_deref(), ui, &step.path)?;
        give_ground(tx, ui, mover, Going { rider, ..going }, false)?;
    }
    // 6.84: his line has used its PW; he is Finished, activated or not.
    if tx.state.leaders[li].status == LeaderStatus::Inactive {
        tx.emit(Event::LeaderFinished { leader: leader.into() });
    }
    crate::movement::reaction::after_reaction(tx)
}
