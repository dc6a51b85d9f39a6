//! The application shell: the start screen or the game in progress, chosen by the URL fragment.

use crate::browser::storage::{autosave, clear_autosave, load_autosave};
use crate::components::chooser::{Chooser, Saved};
use crate::components::play::PlayScreen;
use crate::model::route::Route;
use crate::model::scenarios;
use crate::model::session::{restore, Session};
use gloo::events::EventListener;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::Scenario;
use std::rc::Rc;
use std::sync::Arc;
use yew::prelude::*;

fn current_route() -> Route {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    Route::parse(&hash)
}

fn navigate(route: &Route) {
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&route.hash());
    }
}

/// A fresh seed for a new game's dice.
fn new_seed() -> u64 {
    let now = js_sys::Date::now() as u64;
    let noise = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    now.rotate_left(20) ^ noise
}

#[function_component(App)]
pub fn app() -> Html {
    let route = use_state(current_route);
    // Bumped whenever the autosave changes outside the play screen.
    let save_version = use_state(|| 0u32);
    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener =
                web_sys::window().map(|w| EventListener::new(&w, "hashchange", move |_| route.set(current_route())));
            move || drop(listener)
        });
    }
    // One battle parsed when a game needs it; the chooser's whole list only when it is shown, so
    // opening a saved game does not pay for reading every battle.
    let find = |id: &str| scenarios::load(id).and_then(Result::ok).map(Arc::new);
    // The game in progress, restored by replaying its save whenever the route changes.
    let restored: Rc<Option<Result<Session, String>>> =
        use_memo(((*route).clone(), *save_version), move |_| load_autosave().map(|json| restore(&json, find)));

    let start_new = {
        let save_version = save_version.clone();
        Callback::from(move |(id, options): (String, OptionChanges)| {
            let Some(base): Option<Arc<Scenario>> = find(&id) else {
                return;
            };
            let scenario = match base.with_options(&options) {
                Ok(s) => Arc::new(s),
                Err(e) => return gloo::dialogs::alert(&format!("The battle could not begin: {e}")),
            };
            match Session::new(scenario, new_seed(), options) {
                Ok(session) => {
                    let _ = autosave(&session.to_json());
                    save_version.set(*save_version + 1);
                    navigate(&Route::Play);
                }
                Err(e) => gloo::dialogs::alert(&format!("The battle could not begin: {e}")),
            }
        })
    };
    let on_choose = {
        let (start_new, restored) = (start_new.clone(), restored.clone());
        Callback::from(move |choice: (String, OptionChanges)| {
            let in_progress = matches!(&*restored, Some(Ok(_)));
            if !in_progress || gloo::dialogs::confirm("Start a new battle? The game in progress will be replaced.") {
                start_new.emit(choice);
            }
        })
    };
    let on_continue = Callback::from(|_| navigate(&Route::Play));
    let on_discard = {
        let save_version = save_version.clone();
        Callback::from(move |_| {
            clear_autosave();
            save_version.set(*save_version + 1);
        })
    };
    let on_exit = Callback::from(|_| navigate(&Route::Start));

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

    // A link to a battle starts a new game of it (after the same confirmation).
    {
        let (route, on_choose) = ((*route).clone(), on_choose.clone());
        use_effect_with(route, move |r| {
            if let Route::Battle(id) = r {
                on_choose.emit((id.clone(), OptionChanges::new()));
            }
        });
    }

    let playing = matches!((&*route, &*restored), (Route::Play, Some(Ok(_))));
    let all = use_memo(playing, |&playing| if playing { Vec::new() } else { scenarios::load_all() });
    let saved = match &*restored {
        None => Saved::None,
        Some(Ok(s)) => Saved::Game { battle: s.game.scenario.meta.name.clone(), turn: s.game.state.turn },
        Some(Err(why)) => Saved::Broken(why.clone()),
    };
    let chooser = |notice: Option<String>| {
        html! {
            <>
                if let Some(n) = notice { <p class="notice" role="alert">{ n }</p> }
                <Chooser scenarios={all.clone()} on_choose={on_choose.clone()} saved={saved.clone()}
                    on_continue={on_continue.clone()} on_discard={on_discard.clone()} />
            </>
        }
    };
    match (&*route, &*restored) {
        (Route::Play, Some(Ok(session))) => {
            let key = format!("{}-{}-{}", session.game.scenario.meta.id, session.seed, *save_version);
            html! { <PlayScreen {key} session={Rc::new(session.clone())} on_exit={on_exit} /> }
        }
        (Route::Play, None) => chooser(Some("There is no game in progress; choose a battle.".into())),
        (Route::Battle(id), _) if find(id).is_none() => {
            chooser(Some(format!("There is no battle called “{id}” here; choose one below.")))
        }
        _ => chooser(None),
    }
}
