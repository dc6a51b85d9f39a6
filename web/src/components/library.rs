//! The games on this device, on the start screen: a row each with its battle, sides, turn, whose
//! decision it is, when it was last played and how it stands; continue, rename, save as a file,
//! delete (with a way back), and open a game file.

use crate::model::library::{Entry, Library, Outcome};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// What the player asked of the library.
#[derive(Clone, Debug, PartialEq)]
pub enum LibraryAction {
    Continue(String),
    Replay(String),
    Rename(String, String),
    Delete(String),
    Undelete,
    SaveFile(String),
    Share(String),
    /// A game file's text, picked or dropped, with its file name.
    Import {
        name: String,
        text: String,
    },
}

#[derive(Properties, PartialEq)]
pub struct LibraryProps {
    pub library: Rc<Library>,
    pub on_action: Callback<LibraryAction>,
    /// Whether the browser keeps the library for good (`navigator.storage.persist()`), once known.
    #[prop_or_default]
    pub persisted: Option<bool>,
}

/// "3 minutes ago", "yesterday", or the date: when a game was last played.
fn when(played: f64, now: f64) -> String {
    let minutes = ((now - played) / 60_000.0).max(0.0) as u64;
    match minutes {
        0 => "just now".into(),
        1 => "a minute ago".into(),
        m if m < 60 => format!("{m} minutes ago"),
        m if m < 120 => "an hour ago".into(),
        m if m < 24 * 60 => format!("{} hours ago", m / 60),
        m if m < 48 * 60 => "yesterday".into(),
        m => format!("{} days ago", m / (24 * 60)),
    }
}

/// Reads the files of a file input or a drop, each as text, and hands them on.
fn read_files(files: Option<web_sys::FileList>, on_action: Callback<LibraryAction>) {
    let Some(files) = files else { return };
    for i in 0..files.length() {
        let Some(file) = files.get(i) else { continue };
        let name = file.name();
        let on_action = on_action.clone();
        let file = gloo::file::File::from(file);
        // The reader must outlive this call; it is dropped when it has read the file.
        let reader = std::rc::Rc::new(std::cell::RefCell::new(None));
        let keep = reader.clone();
        *reader.borrow_mut() = Some(gloo::file::callbacks::read_as_text(&file, move |text| {
            let text = text.unwrap_or_default();
            on_action.emit(LibraryAction::Import { name, text });
            keep.borrow_mut().take();
        }));
    }
}

#[function_component(LibraryView)]
pub fn library_view(props: &LibraryProps) -> Html {
    let renaming = use_state(|| None::<String>);
    let now = js_sys::Date::now();
    let on_action = props.on_action.clone();
    let pick = {
        let on_action = on_action.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            read_files(input.files(), on_action.clone());
            input.set_value("");
        })
    };
    let rows = props.library.games.iter().map(|g| row(g, now, &renaming, &on_action));
    let undo = props.library.deleted.as_ref().map(|d| {
        let undelete = on_action.reform(|_: MouseEvent| LibraryAction::Undelete);
        html! {
            <p class="library-notice" role="status">
                { format!("“{}” was deleted. ", d.name) }
                <button class="undelete" onclick={undelete}>{ "Bring it back" }</button>
            </p>
        }
    });
    let persisted = match props.persisted {
        Some(true) => "This browser keeps these games until you delete them.",
        Some(false) => {
            "This browser may clear these games if the device runs short of space: save the ones you value as files."
        }
        None => "",
    };
    html! {
        <section class="library" aria-label="Your games">
            <header class="library-header">
                <h2>{ "Your games" }</h2>
                <label class="act import">{ "Open a game file…" }
                    <input type="file" accept=".sarissa,.json,application/json" multiple=true onchange={pick} />
                </label>
            </header>
            { for undo }
            if props.library.games.is_empty() {
                <p class="library-empty">{ "No games yet: choose a battle below. Games you start, and games opened from a file or a link, are kept here." }</p>
            } else {
                <ul class="library-games">{ for rows }</ul>
            }
            if !persisted.is_empty() {
                <p class="library-storage" data-persisted={props.persisted.map(|p| p.to_string())}>{ persisted }</p>
            }
        </section>
    }
}

fn row(g: &Entry, now: f64, renaming: &UseStateHandle<Option<String>>, on_action: &Callback<LibraryAction>) -> Html {
    let id = g.id.clone();
    let cont = on_action.reform({
        let id = id.clone();
        move |_: MouseEvent| LibraryAction::Continue(id.clone())
    });
    let replay = on_action.reform({
        let id = id.clone();
        move |_: MouseEvent| LibraryAction::Replay(id.clone())
    });
    let delete = on_action.reform({
        let id = id.clone();
        move |_: MouseEvent| LibraryAction::Delete(id.clone())
    });
    let save = on_action.reform({
        let id = id.clone();
        move |_: MouseEvent| LibraryAction::SaveFile(id.clone())
    });
    let share = on_action.reform({
        let id = id.clone();
        move |_: MouseEvent| LibraryAction::Share(id.clone())
    });
    let start_rename = {
        let (renaming, id) = (renaming.clone(), id.clone());
        Callback::from(move |_: MouseEvent| renaming.set(Some(id.clone())))
    };
    let name = if renaming.as_deref() == Some(g.id.as_str()) {
        let finish = {
            let (renaming, on_action, id) = (renaming.clone(), on_action.clone(), id.clone());
            move |input: HtmlInputElement| {
                on_action.emit(LibraryAction::Rename(id.clone(), input.value()));
                renaming.set(None);
            }
        };
        let on_blur = {
            let finish = finish.clone();
            Callback::from(move |e: FocusEvent| finish(e.target_unchecked_into()))
        };
        let on_key = Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                finish(e.target_unchecked_into());
            }
        });
        html! { <input class="rename" aria-label="Name of the game" value={g.name.clone()} onblur={on_blur} onkeydown={on_key} autofocus=true /> }
    } else {
        html! { <strong class="game-name">{ &g.name }</strong> }
    };
    let standing = match (&g.outcome, &g.to_decide) {
        (Outcome::InProgress, Some(side)) => format!("turn {}, {side} to decide", g.turn),
        (Outcome::InProgress, None) => format!("turn {}", g.turn),
        (other, _) => format!("{} on turn {}", other.describe(), g.turn),
    };
    // Issue 22: a game played apart says whose move it is, and since when.
    let standing = match &g.apart {
        Some(record) if g.outcome == Outcome::InProgress => {
            let whose = crate::model::apart::whose_move(record, g.decider, g.to_decide.as_deref());
            format!("turn {}, {whose} · the move passed {}", g.turn, when(g.deciding_since, now))
        }
        _ => standing,
    };
    let finished = g.outcome != Outcome::InProgress;
    html! {
        <li class={classes!("library-game", finished.then_some("finished"), g.apart.is_some().then_some("apart"))} data-game={g.id.clone()} data-scenario={g.scenario.clone()}>
            <div class="what">
                { name }
                <span class="battle">{ format!("{} — {}", g.battle, g.sides.join(" against ")) }</span>
                <span class="standing">{ standing }{ format!(" · {} commands · played {}", g.commands, when(g.played, now)) }</span>
            </div>
            <div class="acts">
                <button class="play continue" onclick={cont}>{ if finished { "Look at it" } else { "Continue" } }</button>
                <button class="act replay" onclick={replay}>{ "Replay" }</button>
                <button class="act rename-game" onclick={start_rename}>{ "Rename" }</button>
                <button class="act share" onclick={share}>{ "Share" }</button>
                <button class="act save-file" onclick={save}>{ "Save file" }</button>
                <button class="act delete" onclick={delete}>{ "Delete" }</button>
            </div>
        </li>
    }
}

/// Lets a game file be dropped anywhere on the start screen.
pub fn drop_handlers(on_action: Callback<LibraryAction>) -> (Callback<DragEvent>, Callback<DragEvent>) {
    let over = Callback::from(|e: DragEvent| e.prevent_default());
    let drop = Callback::from(move |e: DragEvent| {
        e.prevent_default();
        read_files(e.data_transfer().and_then(|d| d.files()), on_action.clone());
    });
    (over, drop)
}
