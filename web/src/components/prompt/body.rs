//! What every decision's prompt shows: its text, its error, its buttons and Undo.

use super::Shared;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BodyProps {
    pub shared: Shared,
    pub text: AttrValue,
    #[prop_or_default]
    pub children: Html,
}

/// The text (two lines; a tap opens the rest over the map), the error, then the decision's
/// buttons and Undo, with why it is refused.
#[function_component(Body)]
pub fn body(p: &BodyProps) -> Html {
    // Open for the game it was opened in only.
    let game_key = p.shared.game.key();
    let text_open = use_state(|| (game_key, false));
    let open = text_open.0 == game_key && text_open.1;
    let toggle_text = {
        let text_open = text_open.clone();
        Callback::from(move |_: MouseEvent| text_open.set((game_key, !open)))
    };
    let undo = p.shared.on_undo.reform(|_: MouseEvent| ());
    html! { <>
        <span class={classes!("prompt-text", open.then_some("open"))} onclick={toggle_text}
            title="Tap to read it all, and again to close it">{ p.text.clone() }</span>
        if let Some(e) = &p.shared.error { <span class="prompt-error" role="alert">{ e }</span> }
        <span class="prompt-buttons">
            { p.children.clone() }
            <button class="act undo" disabled={!p.shared.can_undo} onclick={undo} title="Take back your last order (not past a die roll, nor the other side's decision)">{ "Undo" }</button>
            if let Some(why) = p.shared.undo_refused.clone() { <span class="undo-why">{ why }</span> }
        </span>
    </> }
}
