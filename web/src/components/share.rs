//! The share sheet of a game: its game link (the whole history) and its position link (the
//! battle as it stands), each with its length, to copy or hand to the device's share menu; the
//! file instead when a link is too long for chat and mail.

use crate::model::sharing::{Links, LONG_LINK};
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ShareProps {
    pub name: AttrValue,
    pub links: Result<Links, String>,
    pub on_save_file: Callback<()>,
    pub on_close: Callback<()>,
    /// Sending a move of a game played apart (issue 22): only its link, which the other
    /// player's device takes in as the next move of the same game.
    #[prop_or_default]
    pub apart: bool,
}

/// The link as an address that opens this app at it.
fn address(link: &str) -> String {
    let location = web_sys::window().map(|w| w.location());
    let base = location.and_then(|l| Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))).unwrap_or_default();
    format!("{base}#{link}")
}

/// Calls `navigator.<object>.<method>(arg)` (or `navigator.<method>(arg)`) if the browser has it.
fn call_navigator(object: Option<&str>, method: &str, arg: &JsValue) -> bool {
    let Some(navigator) = web_sys::window().map(|w| JsValue::from(w.navigator())) else { return false };
    let target = match object {
        Some(o) => js_sys::Reflect::get(&navigator, &o.into()).unwrap_or(JsValue::UNDEFINED),
        None => navigator,
    };
    let Ok(f) = js_sys::Reflect::get(&target, &method.into()) else { return false };
    match f.dyn_into::<js_sys::Function>() {
        Ok(f) => f.call1(&target, arg).is_ok(),
        Err(_) => false,
    }
}

fn link_row(kind: &'static str, what: &'static str, url: String, name: &str) -> Html {
    let long = url.len() > LONG_LINK;
    let copy = {
        let url = url.clone();
        Callback::from(move |_: MouseEvent| {
            call_navigator(Some("clipboard"), "writeText", &JsValue::from_str(&url));
        })
    };
    let share = {
        let (url, title) = (url.clone(), format!("Sarissa: {name}"));
        Callback::from(move |_: MouseEvent| {
            let data = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&data, &"title".into(), &title.clone().into());
            let _ = js_sys::Reflect::set(&data, &"url".into(), &url.clone().into());
            call_navigator(None, "share", &data);
        })
    };
    let can_share = web_sys::window()
        .map(|w| js_sys::Reflect::has(&w.navigator(), &"share".into()).unwrap_or(false))
        .unwrap_or(false);
    html! {
        <div class={classes!("share-link", kind, long.then_some("long"))} data-length={url.len().to_string()}>
            <p><strong>{ what }</strong>{ format!(" — {} characters", url.len()) }
                if long { { format!(": longer than {LONG_LINK}, which many chat and mail programs cut; send the file instead.") } }</p>
            <input readonly=true value={url} aria-label={what} onfocus={Callback::from(|e: FocusEvent| {
                if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() { i.select(); }
            })} />
            <div class="acts">
                <button class="act copy" onclick={copy}>{ "Copy" }</button>
                if can_share { <button class="act share-to" onclick={share}>{ "Share…" }</button> }
            </div>
        </div>
    }
}

#[function_component(ShareSheet)]
pub fn share_sheet(props: &ShareProps) -> Html {
    let close = props.on_close.reform(|_: MouseEvent| ());
    let file = props.on_save_file.reform(|_: MouseEvent| ());
    let body = match &props.links {
        Err(why) => html! { <p class="notice">{ why }</p> },
        Ok(links) if props.apart => html! {
            <>
                if let Some(game) = &links.game {
                    { link_row("apart-link", "Your move", address(game), &props.name) }
                }
                <p class="share-help">{ "Send this link (or the file) to the other player. Their device checks that it \
                    continues the game you both have, shows them what you did, and then asks their decision." }</p>
            </>
        },
        Ok(links) => html! {
            <>
                if let Some(game) = &links.game {
                    { link_row("game-link", "The whole game", address(game), &props.name) }
                }
                { link_row("position-link", "The position now", address(&links.position), &props.name) }
                <p class="share-help">{ "Whoever opens a link in a browser with Sarissa gets the game in their own library: \
                    the whole game can be replayed move by move; the position starts a new game from where it stands." }</p>
            </>
        },
    };
    html! {
        <section class="share-sheet" role="dialog" aria-label={format!("Share {}", props.name)}>
            <header><h3>{ if props.apart { format!("Send your move in “{}”", props.name) } else { format!("Share “{}”", props.name) } }</h3>
                <button class="act close" onclick={close}>{ "Close" }</button></header>
            { body }
            <button class="act save-file" onclick={file}>{ "Save file" }</button>
        </section>
    }
}
