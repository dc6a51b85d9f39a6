//! The application shell: header, map and details panel.

use crate::map::MapView;
use crate::panel::Panel;
use crate::scenarios;
use sarissa_rules::{HexId, LoadError, Scenario};
use std::rc::Rc;
use yew::prelude::*;

#[function_component(App)]
pub fn app() -> Html {
    let loaded = use_memo((), |_| load_default());
    match &*loaded {
        Ok(scenario) => html! { <Battle scenario={scenario.clone()} /> },
        Err(message) => html! {
            <main class="load-error">
                <h1>{ "This battle could not be loaded" }</h1>
                <pre>{ message }</pre>
            </main>
        },
    }
}

fn load_default() -> Result<Rc<Scenario>, String> {
    match scenarios::load(scenarios::default_id()) {
        Some(Ok(s)) => Ok(Rc::new(s)),
        Some(Err(e)) => Err(LoadError::to_string(&e)),
        None => Err(format!("no bundled scenario `{}`", scenarios::default_id())),
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
    let s = &props.scenario;

    // Record the first paint of the map for the README's measurement (read by the e2e test).
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

    html! {
        <div class="app">
            <header class="topbar">
                <span class="brand">{ "Sarissa" }</span>
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
