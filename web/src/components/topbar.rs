//! The play screen's top bar (issue 20): the way back, the battle's name, the battle at a
//! glance, the drawer's toggle, and a menu with what is wanted now and then — who plays each
//! side, the game as a file, the standing orders — so that on a 1024-pixel tablet the rout
//! points and the army names keep their room.

use crate::components::computer::Seats;
use crate::components::glance::Glance;
use crate::model::session::Seat;
use sarissa_rules::Game;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, Clone)]
pub struct TopBarProps {
    pub game: Rc<Game>,
    /// Who plays each side now, in side order.
    pub seats: Vec<Seat>,
    pub on_seat: Callback<(usize, Seat)>,
    pub drawer: bool,
    pub on_drawer: Callback<()>,
    pub standing: bool,
    pub on_standing: Callback<()>,
    pub on_save: Callback<()>,
    pub on_exit: Callback<()>,
}

impl PartialEq for TopBarProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.game, &other.game)
            && self.seats == other.seats
            && (self.drawer, self.standing) == (other.drawer, other.standing)
    }
}

#[function_component(TopBar)]
pub fn top_bar(p: &TopBarProps) -> Html {
    let s = &p.game.scenario;
    let menu = use_node_ref();
    // A choice in the menu shuts it, so it never covers what the choice opened.
    let shut_after = |then: &Callback<()>| {
        let (menu, then) = (menu.clone(), then.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(d) = menu.cast::<web_sys::Element>() {
                let _ = d.remove_attribute("open");
            }
            then.emit(());
        })
    };
    let sides: Vec<AttrValue> = s.sides.iter().map(|d| AttrValue::from(d.name.clone())).collect();
    html! {
        <header class="topbar">
            <button class="back" onclick={p.on_exit.reform(|_: MouseEvent| ())} aria-label="All battles">{ "‹ Battles" }</button>
            <span class="battle-name" title={format!("{} · {} · {}", s.meta.name, s.meta.date, s.meta.rules.name())}>{ &s.meta.name }</span>
            <Glance game={p.game.clone()} />
            <button class={classes!("drawer-toggle", p.drawer.then_some("on"))} aria-expanded={p.drawer.to_string()}
                onclick={p.on_drawer.reform(|_: MouseEvent| ())}>{ if p.drawer { "Hide details" } else { "Details & log" } }</button>
            <details class="game-menu" ref={menu.clone()}>
                <summary aria-label="Menu: players, save, standing orders">{ "☰ Menu" }</summary>
                <div class="menu-sheet" role="menu">
                    <Seats seats={p.seats.clone()} {sides} on_seat={p.on_seat.clone()} />
                    <button class="save-file" role="menuitem" onclick={shut_after(&p.on_save)}>{ "Save file" }</button>
                    <button class={classes!("standing-toggle", p.standing.then_some("on"))} role="menuitem"
                        aria-expanded={p.standing.to_string()} onclick={shut_after(&p.on_standing)}>{ "Standing orders" }</button>
                </div>
            </details>
        </header>
    }
}
