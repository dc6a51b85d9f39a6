//! The application shell: the start screen or a battle, chosen by the URL fragment.

use crate::chooser::Chooser;
use crate::map::MapView;
use crate::panel::Panel;
use crate::route::Route;
use crate::scenarios;
use gloo::events::EventListener;
use sarissa_rules::{HexId, Scenario};
use std::rc::Rc;
use yew::prelude::*;

fn current_route() -> Route {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    Route::parse(&hash)
}

fn navigate(route: &Route) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&route.hash());
    }
}

#[function_component(App)]
pub fn app() -> Html {
    let route = use_state(current_route);
    let all = use_memo((), |_| scenarios::load_all());
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener =
                web_sys::window().map(|w| EventListener::new(&w, "hashchange", move |_| route.set(current_route())));
            move || drop(listener)
        });
    }
    let on_choose = use_callback((), |id: String, _| navigate(&Route::Battle(id)));

    // Record the first paint for the README's measurement (read by the e2e test).
    use_effect_with((), |_| {
        // The frame handle must outlive this effect or the callback is cancelled.
        let frame = gloo::render::request_animation_frame(|_| {
            let now = web_sys::window().and_then(|w| w.performance()).map(|p| p.now());
            if let (Some(ms), Some(body)) = (now, gloo::utils::document().body()) {
                let _ = body.set_attribute("data-first-paint-ms", &format!("{ms:.0}"));
            }
        });
        move || drop(frame)
    });

    match &*route {
        Route::Start => html! { <Chooser scenarios={all.clone()} on_choose={on_choose} /> },
        Route::Battle(id) => match all.iter().flatten().find(|s| &s.meta.id == id) {
            Some(s) => html! { <Battle key={id.clone()} scenario={Rc::new(s.clone())} /> },
            None => html! {
                <>
                    <p class="notice" role="alert">{ format!("There is no battle called “{id}” here; choose one below.") }</p>
                    <Chooser scenarios={all.clone()} on_choose={on_choose} />
                </>
            },
        },
    }
}

#[derive(Properties, Clone)]
pub struct BattleProps {
    pub scenario: Rc<Scenario>,
}

impl PartialEq for BattleProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.scenario, &other.scenario)
    }
}

#[function_component(Battle)]
pub fn battle(props: &BattleProps) -> Html {
    let selected = use_state(|| None::<HexId>);
    let on_select = {
        let selected = selected.clone();
        // Tapping the selected hex again clears the selection.
        use_callback((), move |hex: HexId, _| {
            selected.set(if *selected == Some(hex) { None } else { Some(hex) })
        })
    };
    let on_close = {
        let selected = selected.clone();
        Callback::from(move |_| selected.set(None))
    };
    let back = Callback::from(|_: MouseEvent| navigate(&Route::Start));
    let s = &props.scenario;
    html! {
        <div class="app">
            <header class="topbar">
                <button class="back" onclick={back} aria-label="All battles">{ "‹ Battles" }</button>
                <span class="battle-name">{ &s.meta.name }</span>
                <span class="battle-date">{ &s.meta.date }</span>
                <span class="rules">{ s.meta.rules.name() }</span>
            </header>
            <div class="battle">
                <MapView scenario={s.clone()} selected={*selected} on_select={on_select} />
                <Panel scenario={s.clone()} selected={*selected} on_close={on_close} />
            </div>
        </div>
    }
}
