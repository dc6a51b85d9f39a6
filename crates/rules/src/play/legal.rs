//! What may be done now: the queries the UI, the CLI's soak test and a later AI share. They
//! derive from the same checks the commands go through, never from a second copy of the rules.

use crate::command::orders::{is_overall, leader_in_enemy_zoc};
use crate::command::trump::trump_options;
use crate::game::{Command, GameState, LeaderStatus, Phase};
use crate::movement::withdrawal::{leader_withdrawals, unit_withdrawals};
use crate::movement::{leader_reach, reach_ends, Ends};
use crate::play::Game;
use crate::scenario::Scenario;

/// Units the active leader may order now (4.21, 5.23): friendly, on the field, not yet ordered
/// this phase, within his command range; and, under house rule B3, with the orders left to
/// order it if he cannot see it.
pub fn orderable_units(game: &Game) -> Vec<usize> {
    let (s, st) = (&*game.scenario, &game.state);
    let mut units = crate::command::orders::orderable(s, st);
    // House B3: an order to move a unit out of his sight costs two.
    units.retain(|&u| crate::special::house::out_of_sight::may_order_to_move(s, st, u));
    units
}

/// Where unit `i` may move under its order now: the hexes it can reach (6.1), less those that
/// would leave a Combined line's moved units apart (CG 4.33 criterion 8, P92).
pub fn destinations(s: &Scenario, st: &GameState, i: usize) -> Vec<crate::movement::Destination> {
    destination_ends(s, st, i).written()
}

/// [`destinations`], their paths written out only when asked (a player who picks one of many).
pub fn destination_ends<'a>(s: &'a Scenario, st: &'a GameState, i: usize) -> Ends<'a> {
    // 8.21: the line has finished its move.
    if crate::combat::line_entry::move_over(s, st, i) {
        return Ends::none();
    }
    let mut ends = reach_ends(s, st, i).unwrap_or_else(|_| Ends::none());
    // CG 12.17, 10.54: in the Camp Orders Phase camp units stay in the camp (by their paths).
    if st.camp_orders.is_some() {
        ends.write_paths();
    }
    ends.retain(|d| {
        crate::command::line::together_refusal(s, st, i, &d.placement, d.column).is_none()
            // House B5 (P349): holding an eager unit back costs an order more.
            && crate::special::house::eager::may_end(s, st, i, &d.placement)
            && (st.camp_orders.is_none() || crate::works::camp_orders::move_refusal(s, st, i, &d.path).is_none())
    });
    ends
}

/// Every legal command at the current decision. Moves are listed by their cheapest path to each
/// reachable hex and facing; a leader's own moves to each hex he can reach.
///
/// An orders decision can hold thousands of unit moves; a player or a computer opponent that
/// picks a unit first asks [`decision_commands`], [`movers`] and then [`unit_moves`] of the unit
/// picked: together they are this list, in this order.
pub fn legal_commands(game: &Game) -> Vec<Command> {
    listed(game, true)
}

/// Every legal command at the current decision but the units' moves under orders (those are
/// [`unit_moves`] of each of [`movers`]).
pub fn decision_commands(game: &Game) -> Vec<Command> {
    listed(game, false)
}

/// The units whose moves under orders are open now, in the order [`legal_commands`] lists
/// them: those the active leader may order (4.21, 5.23), then those that fired under their
/// order and may still move, or move on (8.11). Empty outside an orders decision.
pub fn movers(game: &Game) -> Vec<usize> {
    if !matches!(game.state.phase, Phase::Orders { .. }) {
        return Vec::new();
    }
    let orderable = orderable_units(game);
    orderable.into_iter().chain(crate::movement::move_and_fire::moving_on(&game.scenario, &game.state)).collect()
}

/// The moves under orders of unit `i` now, as [`legal_commands`] lists them: by the cheapest
/// path to each hex and facing it can reach, each with every contingent commander who may go
/// along (5.68). Empty unless `i` is one of [`movers`].
pub fn unit_moves(game: &Game, i: usize) -> Vec<Command> {
    if !movers(game).contains(&i) {
        return Vec::new();
    }
    let _shared = crate::map::zoc::ZocScope::for_battle(&game.scenario);
    moves_of(&game.scenario, &game.state, i)
}

fn moves_of(s: &Scenario, st: &GameState, i: usize) -> Vec<Command> {
    let mut out = Vec::new();
    for d in destinations(s, st, i) {
        // 5.68: a contingent commander stacked with it may go along.
        let going: Vec<_> = d.placement.hexes().chain(d.path.iter().copied()).collect();
        out.extend(crate::command::contingent::with_riders(s, st, i, &going, d.command(&s.units[i].id)));
    }
    out
}

/// The legal commands, with the units' moves under orders or without them.
fn listed(game: &Game, unit_moves: bool) -> Vec<Command> {
    let (s, st) = (&*game.scenario, &game.state);
    // Every unit's movement search asks for the same zones of control.
    let _shared = crate::map::zoc::ZocScope::for_battle(&game.scenario);
    // One list per decision the sequence of play waits for (3.0); the order of each list is
    // part of a replay (a random player picks by index).
    match &st.phase {
        Phase::Setup | Phase::Over { .. } => Vec::new(),
        Phase::Activation { leaders, .. } => leaders
            .iter()
            .flat_map(|l| {
                let forced = s.leaders.iter().position(|x| &x.id == l).is_some_and(|i| st.leaders[i].must_activate);
                let pass = (!forced).then(|| Command::Pass { leader: l.clone() });
                std::iter::once(Command::Activate { leader: l.clone() }).chain(pass)
            })
            .chain(trump_options(s, st).into_iter().map(|i| Command::Trump { leader: s.leaders[i].id.clone() }))
            .collect(),
        Phase::TrumpResponse { .. } => std::iter::once(Command::DeclineTrump)
            .chain(trump_options(s, st).into_iter().map(|i| Command::Trump { leader: s.leaders[i].id.clone() }))
            .collect(),
        Phase::Reactivation { side } => {
            let mut out: Vec<Command> = s
                .leaders
                .iter()
                .enumerate()
                .filter(|(i, l)| {
                    l.side == *side
                        && crate::command::contingent::rated(s, *i)
                        && st.leaders[*i].status != LeaderStatus::Eliminated
                })
                .map(|(_, l)| Command::Activate { leader: l.id.clone() })
                .collect();
            if let Some(l) = s.leaders.iter().find(|l| l.side == *side) {
                out.push(Command::Pass { leader: l.id.clone() });
            }
            out
        }
        Phase::Momentum { .. } => vec![Command::TryMomentum, Command::DeclineMomentum],
        // 10.21: the router's owner picks one of the hexes tied (P120).
        // 10.32 (P90): a forced step back's hex among the equally far.
        Phase::RoutChoice { pending, .. } => pending
            .options
            .iter()
            .map(|to| match (pending.break_off, to) {
                (true, crate::scenario::units::Placement::One(h)) => {
                    Command::BreakOff { unit: pending.unit.clone(), to: *h }
                }
                _ => Command::RoutTo { unit: pending.unit.clone(), to: *to },
            })
            .collect(),
        // 6.77: each unit a rampaging elephant came near may withdraw from it, a contingent
        // commander with it going along or not (5.68), and each leader it came near (4.62,
        // P190); or none does.
        Phase::RampageWithdrawal { withdrawers, leaders, .. } => std::iter::once(Command::EndReaction)
            .chain(withdraw_commands(s, st, withdrawers))
            .chain(leader_withdraw_commands(s, st, leaders))
            .collect(),
        Phase::PreArranged { .. } => pre_arranged_declarations(s, st),
        Phase::EliteInitiative { leaders, .. } => leaders
            .iter()
            .map(|l| Command::Activate { leader: l.clone() })
            .chain(leaders.first().map(|l| Command::Pass { leader: l.clone() }))
            .collect(),
        Phase::Shock { optional, must, .. } => shock_options(s, st, optional, must),
        Phase::AdvanceTurn { unit, .. } => crate::combat::advance::turn_options(s, st)
            .into_iter()
            .map(|(facing, _)| Command::TurnAfterAdvance { unit: unit.clone(), facing })
            .collect(),
        Phase::Reaction { mover, reactors, withdrawers, leaders, pre_arranged, .. } => {
            reaction_options(s, st, mover, reactors, withdrawers, leaders, pre_arranged)
        }
        Phase::Orders { leader, .. } => orders_options(game, leader, unit_moves),
    }
}

/// The shock segment (9.11): no optional attacker, all of them, or each alone (the full set of
/// subsets is large).
fn shock_options(s: &Scenario, st: &GameState, optional: &[String], must: &[String]) -> Vec<Command> {
    let mut out = vec![Command::Shock { attackers: Vec::new() }];
    // 10.32: an Engaged unit called on to attack may step back instead.
    for unit in must.iter().filter_map(|m| s.units.iter().position(|u| &u.id == m)) {
        if crate::combat::engaged::may_break_off(s, st, unit) {
            out.extend(
                crate::combat::engaged::break_off_hexes(s, st, unit)
                    .into_iter()
                    .map(|to| Command::BreakOff { unit: s.units[unit].id.clone(), to }),
            );
        }
    }
    if !optional.is_empty() {
        out.push(Command::Shock { attackers: optional.to_vec() });
    }
    if optional.len() > 1 {
        out.extend(optional.iter().map(|o| Command::Shock { attackers: vec![o.clone()] }));
    }
    // The combats formed otherwise than the connected groups (9.12), for no and all
    // optional attackers.
    for chosen in [Vec::new(), optional.to_vec()] {
        for combats in crate::combat::shock_segment::groupings(s, st, &chosen).into_iter().skip(1) {
            out.push(Command::ShockCombats { combats: crate::combat::shock_segment::combat_groups(s, &combats) });
        }
    }
    out
}

/// An enemy unit came up: turning to face, withdrawing, reaction fire, or none (7.16, 6.7, 8.2).
fn reaction_options(
    s: &Scenario,
    st: &GameState,
    mover: &str,
    reactors: &[String],
    withdrawers: &[String],
    leaders: &[String],
    pre_arranged: &[String],
) -> Vec<Command> {
    // CG 10.16: not while horses beside an elephant still must withdraw.
    let may_end = crate::special::elephants::forced_withdrawers(s, st).is_empty();
    let mut out: Vec<Command> = may_end
        .then_some(Command::EndReaction)
        .into_iter()
        .chain(reactors.iter().flat_map(|r| {
            let at = s.units.iter().position(|u| &u.id == r);
            at.map(|i| crate::movement::reaction::reaction_options(&st.units[i].placement, st.units[i].facing))
                .unwrap_or_default()
                .into_iter()
                .map(|f| Command::ReactFacing { unit: r.clone(), facing: f })
        }))
        .collect();
    out.extend(withdraw_commands(s, st, withdrawers));
    out.extend(line_withdrawal_commands(s, st));
    for l in pre_arranged.iter().filter_map(|l| s.leaders.iter().position(|x| &x.id == l)) {
        if let Some(units) = crate::movement::pre_arranged::plan(s, st, l) {
            out.push(Command::PreArrangedWithdrawal { leader: s.leaders[l].id.clone(), units });
        }
    }
    out.extend(leader_withdraw_commands(s, st, leaders));
    for (f, _) in crate::combat::fire::reaction_firers(s, st) {
        // After a line's move, each firer picks one of the line's units (8.21).
        for t in crate::combat::fire::reaction_targets(s, st, f) {
            out.push(Command::Fire { unit: s.units[f].id.clone(), target: s.units[t.unit].id.clone() });
        }
    }
    // CG 10.52: engines shoot in the pause too, though not as reaction fire (P133).
    for (f, _) in crate::special::artillery::pause_shots(s, st) {
        out.push(Command::Fire { unit: s.units[f].id.clone(), target: mover.to_string() });
    }
    out
}

/// The active leader's orders phase (5.2).
fn orders_options(game: &Game, leader: &String, unit_moves: bool) -> Vec<Command> {
    let (s, st) = (&*game.scenario, &game.state);
    // A trumper who still owes an action may not end his orders yet (5.46).
    let owes = s
        .leaders
        .iter()
        .position(|l| &l.id == leader)
        .is_some_and(|li| crate::command::trump::duty_outstanding(s, st, li));
    // CG 12.44[1]: nor a retiring commander who has yet to ride for his camp.
    let rides = s
        .leaders
        .iter()
        .position(|l| &l.id == leader)
        .is_some_and(|li| !crate::works::retire::owed_moves(s, st, li).is_empty());
    let mut out = if owes || rides { Vec::new() } else { vec![Command::EndOrders] };
    // 8.21: the line may say it has finished moving.
    if crate::combat::line_entry::moving_line(st).is_some() {
        out.push(Command::LineDone);
    }
    let li = s.leaders.iter().position(|l| &l.id == leader);
    // CG 12.42: the retire is declared at the start of the activation.
    if li.is_some_and(|li| crate::works::retire::declarable(s, st, li).is_some()) {
        out.push(Command::RetireToCamp { leader: leader.clone() });
    }
    // CG 12.44[1]: a retiring commander gives individual orders only.
    if let Some(li) = li.filter(|&li| crate::works::retire::command_refusal(s, st, li).is_none()) {
        for (line, anchor, formation, _) in crate::command::line::options(s, st, li) {
            out.push(Command::LineCommand { line, anchor: s.units[anchor].id.clone(), formation, units: Vec::new() });
        }
        out.extend(wing_commands(s, st, li));
        out.extend(contingent_commands(s, st, li));
    }
    out.extend(unit_orders(game, unit_moves));
    out.extend(missile_options(s, st));
    out.extend(leader_moves(game));
    out
}

/// What the active leader's units may be ordered to do: move (or move on after firing, 8.11),
/// recover, form or leave Square, restack, dismount, rally, harass.
fn unit_orders(game: &Game, unit_moves: bool) -> Vec<Command> {
    let (s, st) = (&*game.scenario, &game.state);
    let mut out = Vec::new();
    // Units that fired under their order may still move, or move on (8.11).
    let orderable = orderable_units(game);
    if unit_moves {
        for i in orderable.iter().copied().chain(crate::movement::move_and_fire::moving_on(s, st)) {
            out.extend(moves_of(s, st, i));
        }
    }
    for (i, _) in crate::effects::recovery::recoverers(s, st) {
        out.push(Command::Recover { unit: s.units[i].id.clone() });
    }
    // CG 10.62: into Square, or out of it.
    for (i, form) in crate::special::square::changers(s, st) {
        let unit = s.units[i].id.clone();
        out.push(if form { Command::FormSquare { unit } } else { Command::LeaveSquare { unit } });
    }
    // CG 6.74: the bottom unit of a Tribal stack comes to the top.
    for i in crate::special::tribal::restackers(s, st) {
        out.push(Command::Restack { unit: s.units[i].id.clone() });
    }
    // CG 10.28: a chariot's crew dismount, facing any way.
    for i in crate::special::dismount::dismounters(s, st) {
        for facing in crate::map::hex::Vertex::ALL {
            out.push(Command::Dismount { unit: s.units[i].id.clone(), facing });
        }
    }
    for i in crate::effects::rally::rallyable(s, st) {
        for facing in crate::map::hex::Vertex::ALL {
            out.push(Command::Rally { unit: s.units[i].id.clone(), facing });
        }
    }
    // P180: harassment takes a unit out to its target and back, so not from a camp.
    for &i in orderable.iter().filter(|_| st.camp_orders.is_none()) {
        for o in crate::combat::harassment::options(s, st, i, &orderable) {
            out.push(Command::Harass { unit: s.units[i].id.clone(), target: s.units[o.target].id.clone() });
        }
    }
    out
}

/// Missile fire of the active side: at units (8.1), an elephant's bow (CG G52), a city gate
/// (CG 12.35), a leader.
fn missile_options(s: &Scenario, st: &GameState) -> Vec<Command> {
    let mut out = Vec::new();
    for (i, targets) in crate::combat::fire::firers(s, st) {
        for t in targets {
            out.push(Command::Fire { unit: s.units[i].id.clone(), target: s.units[t.unit].id.clone() });
        }
    }
    let side = crate::command::orders::active_side(s, st);
    // CG G52: a "J/A" elephant may shoot its bow instead.
    for i in (0..s.units.len()).filter(|&i| Some(s.units[i].side) == side && s.units[i].bow) {
        for t in crate::combat::fire::bow_targets(s, st, i) {
            out.push(Command::FireBow { unit: s.units[i].id.clone(), target: s.units[t.unit].id.clone() });
        }
    }
    // CG 12.35: a Sarvatobhadra at an enemy city gate, on an individual order.
    for i in (0..s.units.len()).filter(|&i| Some(s.units[i].side) == side) {
        for (gate, _) in crate::special::artillery::gate_targets(s, st, i) {
            out.push(Command::FireAtGate { unit: s.units[i].id.clone(), gate });
        }
    }
    for i in (0..s.units.len()).filter(|&i| Some(s.units[i].side) == side && s.units[i].missile.is_some()) {
        for t in crate::combat::fire::leader_targets(s, st, i) {
            let (unit, leader) = (s.units[i].id.clone(), s.leaders[t.leader].id.clone());
            out.push(Command::FireAtLeader { unit, leader });
        }
    }
    out
}

/// The leaders' own moves (4.23, 4.4).
fn leader_moves(game: &Game) -> Vec<Command> {
    let (s, st) = (&*game.scenario, &game.state);
    let mut out = Vec::new();
    for (li, by_overall) in movable_leaders(game) {
        for (_, (_, path)) in leader_destinations(s, st, li, by_overall) {
            out.push(Command::MoveLeader { leader: s.leaders[li].id.clone(), path });
        }
    }
    out
}

/// Where leader `li` may be ordered to now (on the overall commander's order: `by_overall`),
/// each hex with its cost and path: his reach, less the rides CG 12.44 forbids a retiring
/// commander (he rides for his camp, and then stays in it).
pub fn leader_destinations(
    s: &Scenario,
    st: &GameState,
    li: usize,
    by_overall: bool,
) -> std::collections::BTreeMap<crate::map::hex::HexId, (u8, Vec<crate::map::hex::HexId>)> {
    let limit = crate::works::retire::move_limit(s, st, li);
    let mut reach = leader_reach(s, st, li, by_overall);
    reach.retain(|_, (_, path)| limit.as_ref().is_none_or(|m| m.refusal(path).is_none()));
    reach
}

/// Leaders who may move now, and whether it would be on the overall commander's order: the
/// active leader himself (4.23; with his line, 4.36), and — if he is the overall commander (in
/// CG also a wing commander, for his Nayakas, 4.52[3]) and gave no line command — each other
/// friendly leader not yet moved by him this phase (4.4).
pub fn movable_leaders(game: &Game) -> Vec<(usize, bool)> {
    let (s, st) = (&*game.scenario, &game.state);
    let Phase::Orders { leader, orders_left, line, .. } = &st.phase else { return Vec::new() };
    let Some(li) = s.leaders.iter().position(|l| &l.id == leader) else { return Vec::new() };
    let mut out = Vec::new();
    // 4.23 (P242): with a unit he ordered and was stacked with, he moves with no order left.
    let free = line.is_some() || crate::command::orders::moves_free_with_unit(s, st, li);
    if free || (*orders_left > 0 && (is_overall(s, li) || !leader_in_enemy_zoc(s, st, li))) {
        out.push((li, false));
    }
    let gives_orders = is_overall(s, li) || !leader_in_enemy_zoc(s, st, li);
    if line.is_none() && gives_orders && !crate::command::orders::is_restricted(st, li) {
        for (oi, other) in s.leaders.iter().enumerate() {
            let os = &st.leaders[oi];
            let cost = if leader_in_enemy_zoc(s, st, oi) { 2 } else { 1 };
            if oi != li
                && crate::command::orders::may_move_leader(s, st, li, oi)
                && other.side == s.leaders[li].side
                && os.status != LeaderStatus::Eliminated
                && !os.moved_by_overall
                && *orders_left >= cost
            {
                out.push((oi, true));
            }
        }
    }
    out
}

/// The Wing Commands open to the active leader (CG 4.54): each Nayaka he could activate alone,
/// and all of them together — by strategy rolls (free on the first turn) and, when an overall
/// commander has him in range after the first turn, by that commander's range (the full set of
/// subsets is large).
pub fn wing_commands(s: &Scenario, st: &GameState, leader: usize) -> Vec<Command> {
    let ids: Vec<String> =
        crate::command::wing::candidates(s, st, leader).into_iter().map(|n| s.leaders[n].id.clone()).collect();
    let mut out: Vec<Command> =
        ids.iter().map(|n| Command::WingCommand { nayakas: vec![n.clone()], use_overall: false }).collect();
    if ids.len() > 1 {
        out.push(Command::WingCommand { nayakas: ids.clone(), use_overall: false });
        if st.turn > 1 && crate::command::wing::overall_in_range(s, st, leader).is_some() {
            out.push(Command::WingCommand { nayakas: ids, use_overall: true });
        }
    }
    out
}

/// The contingent commanders the active leader could activate now (GBA 5.63).
pub fn contingent_commands(s: &Scenario, st: &GameState, leader: usize) -> Vec<Command> {
    crate::command::contingent::candidates(s, st, leader)
        .into_iter()
        .map(|(m, _)| Command::Contingent { leader: s.leaders[m].id.clone() })
        .collect()
}

/// The cavalry line withdrawals open now (6.78), each line by its ready-made plans.
pub fn line_withdrawal_commands(s: &Scenario, st: &GameState) -> Vec<Command> {
    crate::movement::withdrawal::line_withdrawals(s, st)
        .into_iter()
        .flat_map(|line| {
            let leader = s.leaders[line.leader].id.clone();
            crate::movement::withdrawal::line_plans(s, st, &line)
                .into_iter()
                .map(move |p| Command::WithdrawLine { leader: leader.clone(), units: p.units })
        })
        .collect()
}

/// The pre-arranged withdrawal declarations offered (6.82): none; each leader's each line alone;
/// and every leader his first line (the full set of combinations is large).
pub fn pre_arranged_declarations(s: &Scenario, st: &GameState) -> Vec<Command> {
    let Phase::PreArranged { leaders, .. } = &st.phase else { return Vec::new() };
    let ids = |units: &[usize]| units.iter().map(|&u| s.units[u].id.clone()).collect::<Vec<_>>();
    let mut out = vec![Command::DeclarePreArranged { lines: Vec::new() }];
    let mut all = Vec::new();
    for l in leaders.iter().filter_map(|l| s.leaders.iter().position(|x| &x.id == l)) {
        let lines = crate::movement::pre_arranged::candidate_lines(s, st, l);
        let leader = s.leaders[l].id.clone();
        for units in &lines {
            let one = crate::game::PwDeclaration { leader: leader.clone(), units: ids(units) };
            out.push(Command::DeclarePreArranged { lines: vec![one] });
        }
        if let Some(first) = lines.first() {
            all.push(crate::game::PwDeclaration { leader, units: ids(first) });
        }
    }
    if all.len() > 1 {
        out.push(Command::DeclarePreArranged { lines: all });
    }
    out
}

/// Every withdrawal open to `leaders` now, one for each hex he may reach (4.62).
fn leader_withdraw_commands(s: &Scenario, st: &GameState, leaders: &[String]) -> Vec<Command> {
    let mut out = Vec::new();
    for i in leaders.iter().filter_map(|l| s.leaders.iter().position(|x| &x.id == l)) {
        for (_, (_, path)) in leader_withdrawals(s, st, i) {
            out.push(Command::WithdrawLeader { leader: s.leaders[i].id.clone(), path });
        }
    }
    out
}

/// Every orderly withdrawal open to `withdrawers` now (6.7, 6.77): each way back, with a horse
/// archer's volley as it goes where one is allowed (6.76; never from a rampaging elephant),
/// and with each contingent commander stacked with it going along or not (5.68).
fn withdraw_commands(s: &Scenario, st: &GameState, withdrawers: &[String]) -> Vec<Command> {
    let mut out = Vec::new();
    for i in withdrawers.iter().filter_map(|w| s.units.iter().position(|u| &u.id == w)) {
        let volley = crate::movement::withdrawal::withdrawal_volley(s, st, i).is_some();
        for d in unit_withdrawals(s, st, i) {
            let id = s.units[i].id.clone();
            let going = |fire: bool| {
                let (path, facing) = (d.path.clone(), d.facing);
                let command = Command::Withdraw { unit: id.clone(), path, facing, fire, with: None };
                crate::command::contingent::with_riders(s, st, i, &d.path, command)
            };
            if volley {
                out.extend(going(true));
            }
            out.extend(going(false));
        }
    }
    out
}

/// One complete way for the rout waiting on its owner (10.21, P120): the command that takes it
/// in one decision, and the hexes the router then runs through, for the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoutWay {
    pub command: Command,
    pub hexes: Vec<crate::map::hex::HexId>,
}

/// Every complete way for the rout move waiting on its owner, at most `limit` of them, first
/// the one that takes the first option at every tie (what the rules do where nobody can be
/// asked, P120). Each is found by playing the hex-by-hex answers on a copy of the game, so a
/// way listed is one the engine accepts. Empty unless a rout (not a break-off) waits.
pub fn rout_ways(game: &Game, limit: usize) -> Vec<RoutWay> {
    let Phase::RoutChoice { pending, .. } = &game.state.phase else { return Vec::new() };
    if pending.break_off {
        return Vec::new();
    }
    let mut out = Vec::new();
    explore_rout(game, &pending.unit, pending.chosen.len(), &mut Vec::new(), limit, &mut out);
    out
}

fn explore_rout(
    game: &Game,
    unit: &str,
    answered: usize,
    prefix: &mut Vec<crate::scenario::units::Placement>,
    limit: usize,
    out: &mut Vec<RoutWay>,
) {
    let Phase::RoutChoice { pending, .. } = &game.state.phase else { return };
    for &to in &pending.options {
        if out.len() >= limit {
            return;
        }
        let mut next = game.clone();
        let Ok(events) = next.execute(&Command::RoutTo { unit: unit.to_string(), to }) else { continue };
        prefix.push(to);
        if crate::effects::cohesion::still_choosing(&next.state.phase, unit, answered + prefix.len()) {
            explore_rout(&next, unit, answered, prefix, limit, out);
        } else {
            let hexes = events
                .iter()
                .find_map(|e| match e {
                    crate::game::Event::UnitRouted { unit: u, path, .. } if u == unit => Some(path.clone()),
                    _ => None,
                })
                .unwrap_or_else(|| prefix.iter().flat_map(|p| p.hexes()).collect());
            out.push(RoutWay { command: Command::RoutPath { unit: unit.to_string(), choices: prefix.clone() }, hexes });
        }
        prefix.pop();
    }
}
