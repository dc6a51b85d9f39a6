//! A unit or leader being moved by the person, tap by tap: how its move may end (facing,
//! formation, a withdrawing horse archer's volley), who goes with it, which leaders may ride,
//! and putting it down.

use super::Screen;
use crate::components::orders::{command_to, ending_in, escort_label, withdrawing};
use sarissa_rules::combat::odds::missile_odds;
use sarissa_rules::game::Phase;
use sarissa_rules::movement::withdrawal::withdrawal_volley;
use sarissa_rules::Command;
use yew::prelude::*;

/// A horse archer withdrawing may shoot as it goes (6.76): its chance to hit, in words ("38%").
pub(super) fn volley_as_it_goes(s: &Screen) -> Option<String> {
    let u = (*s.picks.ordering)?;
    let fire = withdrawal_volley(&s.game.scenario, &s.game.state, u)?;
    let odds = missile_odds(&fire).ok()?;
    Some(format!("{:.0}%", (1.0 - odds.hits.first().map_or(0.0, |p| p.to_f64())) * 100.0))
}

/// The ways the move may end in the hex chosen, as button labels: each offered twice when the
/// unit may `shoot` as it goes.
pub(super) fn choices(s: &Screen, shoot: Option<&String>) -> Vec<String> {
    let Some(t) = *s.picks.target else { return Vec::new() };
    ending_in(&s.answers.destinations, t)
        .into_iter()
        .flat_map(|d| {
            let plain = crate::components::orders::choice_label(d);
            let volley = shoot.map(|p| format!("{plain} · shoot as it goes ({p})"));
            std::iter::once(plain).chain(volley)
        })
        .collect()
}

/// Choosing the `i`th way to end the move (`shooting`: the odd ones with a volley) sends it.
pub(super) fn on_choice(s: &Screen, execute: &Callback<Command>, shooting: bool) -> Callback<usize> {
    let (s, execute) = (s.clone(), execute.clone());
    Callback::from(move |i: usize| {
        let (Some(u), Some(t)) = (*s.picks.ordering, *s.picks.target) else {
            return;
        };
        let (k, fire) = if shooting { (i / 2, i % 2 == 1) } else { (i, false) };
        if let Some(d) = ending_in(&s.answers.destinations, t).get(k) {
            let command = match command_to(withdrawing(&s.game.state.phase), &s.game.scenario.units[u].id, d) {
                Command::Withdraw { unit, path, facing, with, .. } => {
                    Command::Withdraw { unit, path, facing, fire, with }
                }
                other => other,
            };
            execute.emit(escorted(&s, command));
        }
    })
}

/// 5.68: the contingent commander toggled on goes along; the engine checks him.
fn escorted(s: &Screen, c: Command) -> Command {
    match *s.picks.escort {
        Some(l) => c.with_rider(&s.game.scenario.leaders[l].id),
        None => c,
    }
}

/// The toggles: the contingent commanders stacked with the unit being ordered (5.68), as
/// (label, leader, on).
pub(super) fn escorts(s: &Screen) -> Vec<(String, usize, bool)> {
    let game = &s.game;
    s.picks
        .ordering
        .filter(|_| !s.answers.all_destinations.is_empty())
        .map(|u| sarissa_rules::command::contingent::riders(&game.scenario, &game.state, u, &[]))
        .unwrap_or_default()
        .into_iter()
        .map(|l| (escort_label(&game.scenario.leaders[l].name), l, *s.picks.escort == Some(l)))
        .collect()
}

pub(super) fn on_escort(s: &Screen) -> Callback<usize> {
    let escort = s.picks.escort.clone();
    Callback::from(move |l: usize| escort.set(if *escort == Some(l) { None } else { Some(l) }))
}

/// The move is to end in the other formation (6.61): the hex chosen is chosen again.
pub(super) fn on_formation(s: &Screen) -> Callback<()> {
    let (picks, wanted) = (s.picks.clone(), s.answers.wanted);
    Callback::from(move |_| {
        picks.column_wanted.set(Some(!wanted));
        picks.target.set(None);
    })
}

/// Leaders who may ride now, as (label, leader): the active one, and (for the overall
/// commander) the leaders in the selected hex (4.23, 4.4); in a reaction, those who may withdraw.
pub(super) fn riders(s: &Screen) -> Vec<(String, usize)> {
    let (sc, st) = (&s.game.scenario, &s.game.state);
    let active = match &st.phase {
        Phase::Orders { leader, .. } => sc.leaders.iter().position(|l| &l.id == leader),
        _ => None,
    };
    let reacting = withdrawing(&st.phase);
    let selected = *s.picks.selected;
    s.answers
        .movable
        .iter()
        .filter(|(l, _)| reacting || Some(*l) == active || selected.is_some_and(|h| st.leaders[*l].at == h))
        .map(|(l, _)| (format!("{} {}", if reacting { "Withdraw" } else { "Move" }, sc.leaders[*l].name), *l))
        .collect()
}

/// Leader `l` taken in hand to ride; the unit in hand is put down.
pub(super) fn on_ride(s: &Screen) -> Callback<usize> {
    let (picks, movable) = (s.picks.clone(), s.answers.movable.clone());
    Callback::from(move |l: usize| {
        picks.drop_unit();
        picks.riding.set(movable.iter().copied().find(|(i, _)| *i == l));
    })
}

/// Cancel: the unit or leader in hand, and a line chosen, are put down.
pub(super) fn on_cancel(s: &Screen) -> Callback<()> {
    let picks = s.picks.clone();
    Callback::from(move |_| {
        picks.drop_unit();
        picks.riding.set(None);
        picks.line_chosen.set(None);
    })
}

/// A line chosen to withdraw as a body (6.78, 6.83): whatever was in hand is put down.
pub(super) fn on_line(s: &Screen) -> Callback<usize> {
    let picks = s.picks.clone();
    Callback::from(move |k: usize| {
        picks.drop_unit();
        picks.riding.set(None);
        picks.line_chosen.set(Some(k));
    })
}
