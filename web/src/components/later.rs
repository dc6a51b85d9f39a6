//! The play screen drawn in stages after a command (issue 19: no main-thread task over 50 ms
//! at 4× CPU throttle): the prompt is drawn in the task that took the command, the map in the
//! next and the drawer with the details and the log in the one after (the computer's commands
//! are also carried out and worded a task before, `computer::play_after`). Each stage is a
//! component that shows what it was given one task late, so that each draws in a task of its
//! own; a first drawing is never delayed.

use crate::components::map::{MapView, MapViewProps};
use crate::components::panel::{Panel, PanelProps};
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

/// `value` as it was one task ago whenever `key` changes: the value given now is put in place
/// by a task of its own (a newer value given before then takes its place).
#[hook]
pub fn use_later<K: PartialEq + Clone + 'static, T: Clone + 'static>(key: K, value: T) -> T {
    let shown = use_state(|| (key.clone(), value.clone()));
    let behind = shown.0 != key;
    {
        let shown = shown.clone();
        use_effect_with(key, move |key| {
            let dropped = Rc::new(Cell::new(false));
            if behind {
                let (dropped, key) = (dropped.clone(), key.clone());
                spawn_local(async move {
                    sleep(Duration::ZERO).await;
                    if !dropped.get() {
                        shown.set((key, value));
                    }
                });
            }
            move || dropped.set(true)
        });
    }
    shown.1.clone()
}

/// A callback that stays the same from one drawing to the next and calls the newest `callback`
/// given: a component behind it is not drawn again only because its parent made a new one.
#[hook]
pub fn use_steady<IN: 'static>(callback: Callback<IN>) -> Callback<IN> {
    let newest = use_mut_ref(|| callback.clone());
    *newest.borrow_mut() = callback;
    let steady = use_memo((), move |_| {
        Callback::from(move |input: IN| {
            let callback = newest.borrow().clone();
            callback.emit(input)
        })
    });
    (*steady).clone()
}

/// The map, drawn a task after the prompt with the game and the overlay of one task ago; its
/// callbacks call the newest ones, so a tap is read against the game as it stands.
#[function_component(LaterMap)]
pub fn later_map(props: &MapViewProps) -> Html {
    let key = (Rc::as_ptr(&props.game) as usize, props.overlay.clone());
    let (game, overlay) = use_later(key, (props.game.clone(), props.overlay.clone()));
    let on_select = use_steady(props.on_select.clone());
    let on_facing = use_steady(props.on_facing.clone());
    html! { <MapView {game} {overlay} {on_select} {on_facing} selected={props.selected} reveal={props.reveal.clone()} /> }
}

/// The drawer's panel (details and log), drawn a task after the map.
#[function_component(LaterPanel)]
pub fn later_panel(props: &PanelProps) -> Html {
    let key = (Rc::as_ptr(&props.game) as usize, Rc::as_ptr(&props.log) as usize);
    let (game, log) = use_later(key, (props.game.clone(), props.log.clone()));
    html! { <Panel {game} {log} ..props.clone() /> }
}
