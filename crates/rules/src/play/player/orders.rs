//! The computer's orders (GBA 4.0, 5.2): a line command when it moves more units than the
//! leader's individual orders would (hard: when rolled forward it ends better than his best
//! single moves), missile fire, rallies and recoveries (hard), then each unit's best move by the
//! position it gives, the leader closer to his units, and the end.

use super::position::{self, Field, Spot, Weights};
use super::{Level, Thinker};
use crate::game::{Command, Phase};
use crate::movement::{leader_reach, Destination};
use crate::play::legal::{destinations, orderable_units};

/// The least a move must gain to be worth an order.
const WORTH_AN_ORDER: f64 = 0.5;

pub(super) fn choose(t: &mut Thinker) -> Option<Command> {
    let st = t.state();
    let Phase::Orders { leader, orders_left, ordered, line, .. } = &st.phase else { return None };
    let li = t.scenario().leaders.iter().position(|l| &l.id == leader);
    if let (Some(li), None, true) = (li, line, ordered.is_empty()) {
        if let Some(c) = opening_order(t, li, *orders_left) {
            return Some(c);
        }
    }
    if let Some(c) = fire(t) {
        return Some(c);
    }
    if t.level == Level::Hard {
        if let Some(c) = rally_or_recover(t, *orders_left) {
            return Some(c);
        }
    }
    if let Some(c) = best_move(t, WORTH_AN_ORDER) {
        return Some(c);
    }
    if let (Some(li), true) = (li, *orders_left > 0 && line.is_none()) {
        if let Some(c) = leader_to_his_units(t, li) {
            return Some(c);
        }
    }
    if t.accepts(&Command::EndOrders) {
        return Some(Command::EndOrders);
    }
    // A trumper owes a move (5.46): the best there is, whatever it gains.
    best_move(t, f64::NEG_INFINITY).or(Some(Command::LineDone))
}

/// GBA 4.3: the line command that moves most units not yet at grips with the enemy, when that
/// is more than the leader's orders would move one by one. Hard, with nobody to fire first,
/// rolls that line command forward with its best single moves instead and opens with whichever
/// ends best (issue 21: whether the line goes as a body is for the dice to judge, not the count).
fn opening_order(t: &mut Thinker, li: usize, orders_left: u8) -> Option<Command> {
    let (line, free) = widest_line(t, li)?;
    if t.level == Level::Hard && fire(t).is_none() {
        return (free >= 2).then(|| line_or_single_moves(t, line));
    }
    (free > orders_left as usize && free >= 2).then_some(line)
}

/// The line command that moves most units not yet at grips with the enemy, and how many.
fn widest_line(t: &Thinker, li: usize) -> Option<(Command, usize)> {
    let (s, st) = (t.scenario(), t.state());
    if st.camp_orders.is_some() || crate::works::retire::command_refusal(s, st, li).is_some() {
        return None;
    }
    let enemies = position::standing(s, st, 1 - t.side);
    let free = |units: &[usize]| {
        units.iter().filter(|&&u| position::distance_to(st, &st.units[u].placement, &enemies) > 1).count()
    };
    let (kind, anchor, formation, units) =
        crate::command::line::options(s, st, li).into_iter().max_by_key(|(_, _, _, units)| free(units))?;
    let line = Command::LineCommand { line: kind, anchor: s.units[anchor].id.clone(), formation, units: Vec::new() };
    Some((line, free(&units)))
}

/// Hard's first order: `line`, or one of the best single moves (one fewer than the moves it
/// rolls), whichever ends the activation best under the same dice.
fn line_or_single_moves(t: &mut Thinker, line: Command) -> Command {
    let mut candidates = move_candidates(t, WORTH_AN_ORDER);
    candidates.truncate(t.budget.rolls.0.saturating_sub(1).max(1));
    if candidates.is_empty() {
        return line;
    }
    candidates.push(line.clone());
    super::search::best_rolled(t, &candidates, t.budget.rolls.1).unwrap_or(line)
}

/// GBA 8.1: a unit that may fire does, at the target it is likeliest to hurt (the most worn).
fn fire(t: &mut Thinker) -> Option<Command> {
    let (s, st) = (t.scenario(), t.state());
    let firers = crate::combat::fire::firers(s, st);
    let (unit, targets) = firers.into_iter().next()?;
    let worn = |u: usize| st.units[u].hits as i32 - s.units[u].tq as i32;
    let target = targets.iter().max_by_key(|x| worn(x.unit))?;
    Some(Command::Fire { unit: s.units[unit].id.clone(), target: s.units[target.unit].id.clone() })
}

/// GBA 10.27 and 10.16: rally a routed unit; recover a worn unit out of the enemy's reach.
fn rally_or_recover(t: &mut Thinker, orders_left: u8) -> Option<Command> {
    let (s, st) = (t.scenario(), t.state());
    if orders_left == 0 {
        return None;
    }
    if let Some(&u) = crate::effects::rally::rallyable(s, st).first() {
        let enemies = position::standing(s, st, 1 - t.side);
        // Face the nearest enemy.
        let facing = crate::map::hex::Vertex::ALL
            .into_iter()
            .max_by_key(|&f| {
                let spot = Spot { placement: st.units[u].placement, facing: f, column: false };
                let head = crate::map::facing::front_hexsides(f)
                    .into_iter()
                    .filter_map(|side| st.units[u].placement.hexes().next()?.neighbour(side))
                    .map(|n| position::distance_to(st, &crate::scenario::units::Placement::One(n), &enemies))
                    .min()
                    .unwrap_or(99);
                (std::cmp::Reverse(head), spot.facing.index())
            })
            .unwrap_or(st.units[u].facing);
        return Some(Command::Rally { unit: s.units[u].id.clone(), facing });
    }
    let (u, _) = crate::effects::recovery::recoverers(s, st).into_iter().max_by_key(|&(u, _)| st.units[u].hits)?;
    (st.units[u].hits * 2 >= s.units[u].tq).then(|| Command::Recover { unit: s.units[u].id.clone() })
}

/// The move that gains most (at least `worth`): for hard, the best few by their gain rolled
/// forward ([`super::search`]).
fn best_move(t: &mut Thinker, worth: f64) -> Option<Command> {
    let candidates = move_candidates(t, worth);
    let samples = if t.level == Level::Hard { t.budget.rolls.1 } else { 0 };
    super::search::best_rolled(t, &candidates, samples)
}

/// The moves that gain most (at least `worth`), best first: each orderable unit's each
/// destination, valued by the stand it gives against the stand it has, less the cohesion hits
/// of the way there; as many as hard rolls forward, one for the other levels.
fn move_candidates(t: &mut Thinker, worth: f64) -> Vec<Command> {
    let (s, st) = (t.scenario(), t.state());
    let units = orderable_units(t.game);
    let (enemies, friends) = (position::standing(s, st, 1 - t.side), position::standing(s, st, t.side));
    if enemies.is_empty() {
        return Vec::new();
    }
    let [mine, _] = position::rout_pressure(s, st, t.side);
    // Near its withdrawal level an army closes more warily.
    let weights = Weights {
        closing: if mine > 0.7 { 0.4 } else { 1.0 },
        tactics: t.level != Level::Greedy,
        fire: t.fire_weight(),
        // Hard lets a stronger enemy come to it rather than walk into it.
        wary: t.level == Level::Hard,
    };
    let field = Field { enemies: &enemies, friends: &friends, weights };
    let mut scored: Vec<(f64, usize, Destination)> = Vec::new();
    for u in units {
        let now = stand(t, u, &Spot::now(st, u), &field);
        for d in destinations(s, st, u) {
            let spot = Spot { placement: d.placement, facing: d.facing, column: d.column };
            let noise = if t.level == Level::Easy { t.unit_noise() } else { 0.0 };
            let gain = stand(t, u, &spot, &field) - now - 1.5 * d.hits as f64 + noise;
            if gain >= worth {
                scored.push((gain, u, d));
            }
        }
    }
    // Best first; equal gains keep the order they were found in.
    crate::game::sorting::sort_by(&mut scored, |a, b| b.0.total_cmp(&a.0));
    let shortlist = if t.level == Level::Hard { t.budget.rolls.0 } else { 1 };
    scored.into_iter().take(shortlist.max(1)).map(|(_, u, d)| d.command(&s.units[u].id)).collect()
}

/// The value of unit `u` at `spot`: hard weighs a contact by the exact odds of attacking from it.
fn stand(t: &mut Thinker, u: usize, spot: &Spot, field: &Field) -> f64 {
    let (s, st) = (t.scenario(), t.state());
    if t.level == Level::Hard {
        let mut exact = |e: usize| super::shock::matchup_from(t, u, spot, e);
        position::stand_value(s, st, u, spot, field, &mut exact)
    } else {
        position::stand_value(s, st, u, spot, field, &mut |e| position::rough_matchup(s, st, u, e))
    }
}

/// GBA 4.23: with orders left and nothing worth ordering, the leader rides to where the most of
/// his army's units out of contact come within his command range, keeping out of the enemy's
/// reach.
fn leader_to_his_units(t: &mut Thinker, li: usize) -> Option<Command> {
    let (s, st) = (t.scenario(), t.state());
    let enemies = position::standing(s, st, 1 - t.side);
    let idle: Vec<usize> = position::standing(s, st, t.side)
        .into_iter()
        .filter(|&u| position::distance_to(st, &st.units[u].placement, &enemies) > 1)
        .collect();
    let range = s.leaders[li].command_range as u32;
    let covered = |at: crate::map::hex::HexId| {
        idle.iter().filter(|&&u| st.units[u].placement.hexes().any(|h| h.distance(at) <= range)).count()
    };
    let here = covered(st.leaders[li].at);
    let (_, path) = leader_reach(s, st, li, false)
        .into_iter()
        .filter(|(h, _)| position::distance_to(st, &crate::scenario::units::Placement::One(*h), &enemies) > 2)
        .map(|(h, (_, path))| (covered(h), path))
        .filter(|(n, _)| *n > here)
        .max_by_key(|(n, path)| (*n, std::cmp::Reverse(path.len())))?;
    let command = Command::MoveLeader { leader: s.leaders[li].id.clone(), path };
    t.accepts(&command).then_some(command)
}
