//! The game played on: commands played and the game after them adopted (and saved), undo, who
//! plays each side and their standing orders, the game as a file, and the log's entries shown.

use super::{played_unlogged, Screen};
use crate::browser::storage::{store_session, store_soon};
use crate::components::orders::{still_in_hand, unit_in};
use crate::model::session::{Seat, Session};
use sarissa_rules::play::standing::StandingOrders;
use sarissa_rules::Command;
use std::rc::Rc;
use yew::prelude::*;

/// A game played on: the screen takes it, with why a command of it was refused, if one was.
pub(super) fn adopt(s: &Screen) -> Callback<(Rc<Session>, Option<String>)> {
    let s = s.clone();
    Callback::from(move |(next, refused): (Rc<Session>, Option<String>)| {
        let picks = &s.picks;
        let watched = (*picks.selected).and_then(|h| unit_in(&s.session.game, h));
        s.error.set(refused);
        picks.line_pick.set(None);
        picks.line_aside.set(Vec::new());
        // The unit just ordered stays in hand while the engine lets it still shoot or move on
        // (8.11), so its shot is offered without tapping it again.
        let in_hand = (*picks.ordering).filter(|&u| still_in_hand(&next.game, u));
        // The details follow the unit they are about.
        if let Some(u) = in_hand.or(watched) {
            let st = &next.game.state.units[u];
            picks.selected.set(st.placement.hexes().next().filter(|_| !st.eliminated));
        }
        store_soon(&s.game_id, next.clone(), Callback::from(s.error.setter()).reform(Some));
        s.session.set(next);
        picks.after_command(in_hand);
    })
}

/// Any side's commands given in turn until one is refused, and whether standing orders gave
/// them (issues 20, 22); a person's gestures go through `execute`.
pub(super) fn play_many_as(
    s: &Screen,
    adopt: Callback<(Rc<Session>, Option<String>)>,
) -> Callback<(Vec<Command>, bool)> {
    let (session, error) = (s.session.clone(), s.error.clone());
    // Taken at once, in the tap's task: a second tap must meet the game this one made (a
    // command carried out here and adopted a task later let a quick second tap, or an undo,
    // play on the game before it). The map and the drawer are drawn in later tasks (`later`).
    Callback::from(move |(commands, standing): (Vec<Command>, bool)| {
        match played_unlogged(&session, commands, standing) {
            (_, 0, Some(e), _) => error.set(Some(e)),
            (mut next, _, refused, unlogged) => {
                if let Some(unlogged) = unlogged {
                    next.write_log(unlogged);
                }
                adopt.emit((Rc::new(next), refused));
            }
        }
    })
}

/// Undo: the game before the last command, saved; the unit in hand put down.
pub(super) fn on_undo(s: &Screen) -> Callback<()> {
    let s = s.clone();
    Callback::from(move |_| {
        let mut next = (**s.session).clone();
        match next.undo() {
            Ok(()) => {
                s.error.set(None);
                let next = Rc::new(next);
                store_soon(&s.game_id, next.clone(), Callback::from(s.error.setter()).reform(Some));
                s.session.set(next);
                s.picks.drop_unit();
            }
            Err(e) => s.error.set(Some(e.to_string())),
        }
    })
}

/// The standing orders changed (issues 20, 22): kept with the game, saved at once.
pub(super) fn on_standing(s: &Screen) -> Callback<[StandingOrders; 2]> {
    let s = s.clone();
    Callback::from(move |sides| {
        let mut next = (**s.session).clone();
        next.standing.sides = sides;
        s.error.set(store_session(&s.game_id, &next).err());
        s.session.set(Rc::new(next));
    })
}

/// Issue 21: who plays each side, kept with the game (a game from a link comes with none).
pub(super) fn on_seat(s: &Screen) -> Callback<(usize, Seat)> {
    let s = s.clone();
    Callback::from(move |(side, seat): (usize, Seat)| {
        let session: &Session = &s.session;
        let mut players: Vec<_> = (0..session.game.scenario.sides.len()).map(|k| session.seat(k)).collect();
        players[side] = seat;
        let next = session.clone().with_players(players);
        s.error.set(store_session(&s.game_id, &next).err());
        s.session.set(Rc::new(next));
    })
}

/// The game as a file, whenever wanted, and the way out when the browser will not store it.
pub(super) fn save_file(s: &Screen) -> Callback<()> {
    let (session, error) = (s.session.clone(), s.error.clone());
    Callback::from(move |_| {
        let json = sarissa_share::write_json_pretty(&session.save());
        let name = crate::browser::files::file_name(&session.game.scenario.meta.name);
        if let Err(e) = crate::browser::files::download(&name, &json) {
            error.set(Some(e));
        }
    })
}

/// A log entry tapped: where its units are now, and where it happened, picked out.
pub(super) fn on_log(s: &Screen) -> Callback<usize> {
    let (log, focus, game) = (s.session.log.clone(), s.picks.focus.clone(), s.game.clone());
    Callback::from(move |i: usize| {
        let Some(entry) = log.get(i) else { return };
        let mut hexes = entry.hexes.clone();
        for id in &entry.units {
            if let Some(u) = game.scenario.units.iter().position(|u| &u.id == id) {
                hexes.extend(game.state.units[u].placement.hexes());
            }
            if let Some(l) = game.scenario.leaders.iter().position(|l| &l.id == id) {
                hexes.push(game.state.leaders[l].at);
            }
        }
        sarissa_rules::game::sorting::sort(&mut hexes);
        hexes.dedup();
        focus.set(hexes);
    })
}
