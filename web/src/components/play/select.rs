//! A tap on the map: what it does depends on the decision in progress — a line's plan, a
//! rout's choice, the shock's attackers, a shot, a leader's ride, the unit in hand's move —
//! and otherwise it takes a unit in hand or shows the hex's details. One function per case,
//! tried in that order.

use super::Screen;
use crate::components::orders::{ending_in, rout_choice_at, unit_in};
use sarissa_rules::game::Phase;
use sarissa_rules::{Command, HexId};
use yew::prelude::*;

/// The map's tap, `execute` sending the commands it makes.
pub(super) fn on_select(s: &Screen, execute: &Callback<Command>) -> Callback<HexId> {
    let (s, execute) = (s.clone(), execute.clone());
    Callback::from(move |hex: HexId| tap(&s, &execute, hex))
}

fn tap(s: &Screen, execute: &Callback<Command>, hex: HexId) {
    if s.picks.line_pick.is_some() {
        return set_aside(s, hex);
    }
    // A router's owner choosing: a tap on a bright hex sends it there (10.21, 10.32).
    if let Phase::RoutChoice { pending, .. } = &s.game.state.phase {
        if let Some(c) = rout_choice_at(&s.game, &pending.options, hex) {
            execute.emit(c);
        }
        return;
    }
    // A tap on the map sets aside a line chosen to withdraw as a body (6.78, 6.83).
    if s.picks.line_chosen.is_some() {
        s.picks.line_chosen.set(None);
    }
    let done = pick_attacker(s, hex)
        || fire_at(s, execute, hex)
        || ride_to(s, execute, hex)
        || choose_end(s, hex)
        || take_in_hand(s, hex);
    if !done {
        show_details(s, hex);
    }
}

/// A line's plan shown: a tap on a unit of the line sets it aside or takes it back.
fn set_aside(s: &Screen, hex: HexId) {
    let game = &s.game;
    let line = sarissa_rules::combat::line_entry::moving_line(&game.state).unwrap_or_default();
    if let Some(u) = unit_in(game, hex).filter(|&u| line.contains(&game.scenario.units[u].id)) {
        let mut aside = (*s.picks.line_aside).clone();
        match aside.iter().position(|&x| x == u) {
            Some(k) => drop(aside.remove(k)),
            None => aside.push(u),
        }
        s.picks.line_aside.set(aside);
    }
}

/// The shock segment: a tap on a ringed unit adds it to the attack or takes it out (9.11).
fn pick_attacker(s: &Screen, hex: HexId) -> bool {
    let game = &s.game;
    let Phase::Shock { optional, .. } = &game.state.phase else { return false };
    let here = game
        .scenario
        .units
        .iter()
        .enumerate()
        .find(|(i, u)| optional.contains(&u.id) && game.state.units[*i].placement.hexes().any(|h| h == hex));
    match here {
        Some((_, u)) => {
            s.picks.toggle_shock(u.id.clone());
            true
        }
        None => false,
    }
}

/// A tap on a red-ringed enemy fires the unit in hand at it (8.11).
fn fire_at(s: &Screen, execute: &Callback<Command>, hex: HexId) -> bool {
    let Some(u) = *s.picks.ordering else { return false };
    let Some((_, _, target)) = s.answers.volleys.iter().find(|(h, ..)| *h == hex) else { return false };
    execute.emit(Command::Fire { unit: s.game.scenario.units[u].id.clone(), target: target.clone() });
    true
}

/// Riding: a tap on a bright hex sends the leader there by his cheapest path; elsewhere, he is
/// put down.
fn ride_to(s: &Screen, execute: &Callback<Command>, hex: HexId) -> bool {
    let Some((l, _)) = *s.picks.riding else { return false };
    let Some((_, path)) = s.answers.rides.get(&hex) else {
        s.picks.riding.set(None);
        return false;
    };
    let (leader, path) = (s.game.scenario.leaders[l].id.clone(), path.clone());
    execute.emit(match s.game.state.phase {
        Phase::Reaction { .. } | Phase::RampageWithdrawal { .. } => Command::WithdrawLeader { leader, path },
        _ => Command::MoveLeader { leader, path },
    });
    true
}

/// The unit in hand: a tap where it may end chooses that hex; elsewhere, it is put down.
fn choose_end(s: &Screen, hex: HexId) -> bool {
    if s.picks.ordering.is_none() {
        return false;
    }
    if !ending_in(&s.answers.destinations, hex).is_empty() {
        s.picks.target.set(Some(hex));
        return true;
    }
    s.picks.drop_unit();
    false
}

/// A tap on a unit the person may order takes it in hand.
fn take_in_hand(s: &Screen, hex: HexId) -> bool {
    let state = &s.game.state;
    let Some(u) = s.answers.orderable.iter().copied().find(|&u| state.units[u].placement.hexes().any(|h| h == hex))
    else {
        return false;
    };
    let picks = &s.picks;
    picks.column_wanted.set(None);
    picks.escort.set(None);
    picks.ordering.set(Some(u));
    picks.target.set(None);
    picks.selected.set(Some(hex));
    true
}

/// Any other tap shows the hex's details in the drawer, or, tapped again, leaves it.
fn show_details(s: &Screen, hex: HexId) {
    let now = if *s.picks.selected == Some(hex) { None } else { Some(hex) };
    if now.is_some() {
        s.drawer.set(true);
    }
    s.picks.selected.set(now);
}
