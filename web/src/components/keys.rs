//! Playing by keyboard (issue 20 §6): single keys press the buttons on screen — so a key can
//! only ever do what a button offers now — and the prompt's buttons are numbered 1 to 9 in the
//! order they are shown. The map's own keys (cursor, Enter) are in `map_keys.rs`.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};
use yew::prelude::*;

/// A key and the button it presses (a CSS selector; the first one present and enabled).
const SHORTCUTS: &[(&str, &str)] = &[
    ("Escape", ".prompt .act.cancel, .keys-help.open .keys-help-toggle, .drawer-hide"),
    ("e", ".prompt .act.end-orders"),
    ("u", ".prompt .act.undo"),
    ("+", ".zoom-in"),
    ("=", ".zoom-in"),
    ("-", ".zoom-out"),
    ("0", ".zoom-fit"),
    ("z", ".layer-zoc"),
    ("c", ".layer-command"),
    ("m", ".layer-missiles"),
    ("d", ".drawer-toggle"),
    ("?", ".keys-help-toggle"),
];

/// The keys, in our own words, as the help lists them.
const HELP: &[(&str, &str)] = &[
    ("G", "Go to the map (or Tab to it)"),
    ("Arrow keys", "Move the cursor from hex to hex"),
    ("N, Shift+N", "Jump to the next, or previous, hex where you can choose something"),
    ("Enter, Space", "Choose the hex under the cursor, as a tap would"),
    ("1 – 9", "Press the prompt's numbered buttons"),
    ("Escape", "Cancel the order in progress; close this help or the drawer"),
    ("E", "End the leader's orders"),
    ("U", "Undo"),
    ("+  −  0", "Zoom in, out (about the cursor on the map), whole map"),
    ("Z  C  M", "Show zones of control, command range, missile reach"),
    ("D", "Details and log"),
    ("?", "This list"),
];

/// The prompt's buttons that take a number: its choices, in the order the eye meets them
/// (the flex `order` puts the way on first), Undo apart (it has U).
const NUMBERED: &str = ".prompt .prompt-buttons button.act:not(.undo)";

/// Is the key meant for a text field or a select rather than for us?
fn typing(event: &KeyboardEvent) -> bool {
    let target = event.target().and_then(|t| t.dyn_into::<Element>().ok());
    target.is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// The first enabled button matching `selectors`, in the order the selectors name them.
fn button(selectors: &str) -> Option<HtmlElement> {
    let doc = document()?;
    selectors.split(',').find_map(|sel| {
        let el = doc.query_selector(sel.trim()).ok()??;
        (!el.has_attribute("disabled")).then_some(el)?.dyn_into::<HtmlElement>().ok()
    })
}

/// Is the keyboard in use (a key pressed since the last pointer press)? The root element's
/// `keyboard` class says so.
fn keyboard_in_use() -> bool {
    document().and_then(|d| d.document_element()).is_some_and(|root| root.class_list().contains("keyboard"))
}

/// Numbers the prompt's buttons 1 to 9 in the order they are shown (`data-key`, which the
/// stylesheet writes on them while the keyboard is in use). Only then: reading each button's
/// computed `order` makes the browser work out the whole page's styles at once, inside the task
/// of every order (issue 19: a long task); the first key pressed numbers them.
fn number_buttons() {
    if !keyboard_in_use() {
        return;
    }
    let Some(doc) = document() else { return };
    let Ok(list) = doc.query_selector_all(NUMBERED) else { return };
    let window = web_sys::window();
    let mut buttons: Vec<(i32, u32, Element)> = (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok().map(|e| (i, e)))
        .map(|(i, e)| {
            let order = window
                .as_ref()
                .and_then(|w| w.get_computed_style(&e).ok().flatten())
                .and_then(|s| s.get_property_value("order").ok())
                .and_then(|o| o.parse().ok())
                .unwrap_or(0);
            (order, i, e)
        })
        .collect();
    sarissa_rules::game::sorting::sort_by_key(&mut buttons, |(order, i, _)| (*order, *i));
    for (k, (_, _, e)) in buttons.iter().enumerate() {
        let key = (k < 9).then(|| (k + 1).to_string());
        if e.get_attribute("data-key") != key {
            let _ = match key {
                Some(key) => e.set_attribute("data-key", &key),
                None => e.remove_attribute("data-key"),
            };
        }
    }
}

/// What a key pressed outside the map and outside text fields does: press its button.
fn on_key(event: &KeyboardEvent) {
    if event.default_prevented() || event.ctrl_key() || event.meta_key() || event.alt_key() || typing(event) {
        return;
    }
    if !keyboard_in_use() {
        if let Some(root) = document().and_then(|d| d.document_element()) {
            let _ = root.class_list().add_1("keyboard");
        }
        number_buttons();
    }
    let key = event.key();
    let target = match key.as_str() {
        "g" | "G" => {
            if let Some(map) = document().and_then(|d| d.query_selector(".map-viewport").ok().flatten()) {
                let _ = map.dyn_into::<HtmlElement>().map(|m| m.focus());
                event.prevent_default();
            }
            return;
        }
        d if d.len() == 1 && ('1'..='9').contains(&d.chars().next().unwrap_or('x')) => {
            button(&format!(".prompt .prompt-buttons button.act[data-key=\"{d}\"]"))
        }
        k => SHORTCUTS.iter().find(|(s, _)| s.eq_ignore_ascii_case(k)).and_then(|(_, sel)| button(sel)),
    };
    if let Some(b) = target {
        event.prevent_default();
        b.click();
    }
}

/// The document's key listener and the numbering of the prompt's buttons, kept up to date as
/// the page changes, for as long as the calling component is mounted.
#[hook]
pub fn use_shortcuts() {
    use_effect_with((), |_| {
        let keys = document().map(|d| {
            EventListener::new_with_options(&d, "keydown", EventListenerOptions::enable_prevent_default(), |e| {
                if let Some(k) = e.dyn_ref::<KeyboardEvent>() {
                    on_key(k);
                }
            })
        });
        // A pointer in use: the numbers go away until a key is pressed again.
        let pointer = document().map(|d| {
            EventListener::new(&d, "pointerdown", |_| {
                if let Some(root) = document().and_then(|d| d.document_element()) {
                    let _ = root.class_list().remove_1("keyboard");
                }
            })
        });
        let renumber = Closure::<dyn FnMut(js_sys::Array)>::new(|_| number_buttons());
        let observer = web_sys::MutationObserver::new(renumber.as_ref().unchecked_ref()).ok();
        if let (Some(o), Some(body)) = (&observer, document().and_then(|d| d.body())) {
            let init = web_sys::MutationObserverInit::new();
            init.set_child_list(true);
            init.set_subtree(true);
            let _ = o.observe_with_options(&body, &init);
        }
        number_buttons();
        move || {
            if let Some(o) = observer {
                o.disconnect();
            }
            drop((keys, pointer, renumber));
        }
    });
}

/// The "?" button over the map and the list of keys it opens.
#[function_component(KeysHelp)]
pub fn keys_help() -> Html {
    let open = use_state(|| false);
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    html! {
        <div class={classes!("keys-help", open.then_some("open"))}>
            <button class="keys-help-toggle" aria-expanded={open.to_string()} aria-label="Keyboard keys"
                title="Keyboard keys (?)" onclick={toggle}>{ if *open { "×" } else { "⌨" } }</button>
            if *open {
                <div class="keys-list" role="dialog" aria-label="Keyboard keys">
                    <h3>{ "Playing by keyboard" }</h3>
                    <dl>
                        { for HELP.iter().map(|(k, what)| html! { <><dt>{ *k }</dt><dd>{ *what }</dd></> }) }
                    </dl>
                </div>
            }
        </div>
    }
}
