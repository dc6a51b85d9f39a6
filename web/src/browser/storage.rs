//! The library on this device, in localStorage: its index under one key and each game's save
//! under its own, written after every command, with the game's checkpoint beside it (the
//! state after its last command, so that it resumes without replaying: `session::Checkpoint`).
//! A full or blocked storage is reported in plain words and never fatal: the game goes on in
//! memory and can still be saved as a file.

use crate::browser::{mark_page, page_clock};
use crate::model::library::{Entry, Library};
use crate::model::scenarios;
use crate::model::session::{resume, Restoring, Session};
use gloo::storage::{LocalStorage, Storage};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::Callback;

/// The single save of earlier versions, migrated into the library on first start.
const OLD_AUTOSAVE: &str = "sarissa.autosave";
const INDEX: &str = "sarissa.library";
const GAME_PREFIX: &str = "sarissa.game.";
const CHECKPOINT_PREFIX: &str = "sarissa.checkpoint.";

fn get(key: &str) -> Option<String> {
    LocalStorage::raw().get_item(key).ok().flatten()
}

fn set(key: &str, value: &str) -> Result<(), String> {
    LocalStorage::raw().set_item(key, value).map_err(|_| {
        "This browser would not store the game: its storage is full or blocked. The game goes on here; \
         save it as a file (“Save file”) to keep it."
            .to_string()
    })
}

/// Milliseconds since 1970, for the library's dates.
pub fn now() -> f64 {
    js_sys::Date::now()
}

pub fn load_library() -> Library {
    flush_pending_save();
    get(INDEX).map(|json| Library::parse(&json)).unwrap_or_default()
}

pub fn save_library(library: &Library) -> Result<(), String> {
    set(INDEX, &library.to_json())
}

pub fn load_game(id: &str) -> Option<String> {
    flush_pending_save();
    get(&format!("{GAME_PREFIX}{id}"))
}

/// The checkpoint kept beside game `id`'s save, if any (it may be of an older save).
pub fn load_checkpoint(id: &str) -> Option<String> {
    flush_pending_save();
    get(&format!("{CHECKPOINT_PREFIX}{id}"))
}

/// Resumes game `id` (from its checkpoint if it has a good one), or `None` if it is not here.
/// How long that took is put on the page for the e2e test of issue 19's budget
/// (`data-resume-ms` on the root element).
pub fn resume_game(id: &str) -> Option<Restoring> {
    let json = load_game(id)?;
    let started = page_clock();
    let resumed = resume(&json, load_checkpoint(id).as_deref(), scenarios::battle);
    mark_page("data-resume-ms", &format!("{:.1}", page_clock() - started));
    Some(resumed)
}

/// Drops a game's save for good.
pub fn drop_game(id: &str) {
    LocalStorage::delete(format!("{GAME_PREFIX}{id}"));
    LocalStorage::delete(format!("{CHECKPOINT_PREFIX}{id}"));
}

/// Saves `session` as game `id` and brings its row of the library up to date (adding it if it
/// is new); it becomes the current game. Its checkpoint is written after the save, and a
/// storage too full for it only costs the quick resume (the save is what counts).
pub fn store_session(id: &str, session: &Session) -> Result<(), String> {
    // A save still waiting is older than this one: written first, so that this one wins.
    flush_pending_save();
    write_from(SaveSteps::Game, id, session)
}

/// Writes `session`'s save as game `id` from `step` to its end.
fn write_from(mut step: SaveSteps, id: &str, session: &Session) -> Result<(), String> {
    while let Some(next) = step.write(id, session)? {
        step = next;
    }
    Ok(())
}

/// A save's three writes, in order: the game's commands (what counts), its checkpoint (the
/// quick resume; it needs the save's text, whose fingerprint it carries), and its row of the
/// library. Each is a task of its own when the save is put off ([`store_soon`]): together,
/// late in a game, they went over issue 19's 50 ms at 4× CPU throttle.
enum SaveSteps {
    Game,
    Checkpoint(String),
    Row,
}

impl SaveSteps {
    /// Writes this step of `session`'s save as game `id`: the step after it, if any.
    fn write(self, id: &str, session: &Session) -> Result<Option<SaveSteps>, String> {
        match self {
            SaveSteps::Game => {
                let json = session.to_json();
                set(&format!("{GAME_PREFIX}{id}"), &json)?;
                Ok(Some(SaveSteps::Checkpoint(json)))
            }
            SaveSteps::Checkpoint(json) => {
                let checkpoint = format!("{CHECKPOINT_PREFIX}{id}");
                if set(&checkpoint, &session.checkpoint(&json)).is_err() {
                    LocalStorage::delete(checkpoint);
                }
                Ok(Some(SaveSteps::Row))
            }
            SaveSteps::Row => {
                let mut library = get(INDEX).map(|json| Library::parse(&json)).unwrap_or_default();
                let entry = match library.get(id) {
                    Some(e) => {
                        let mut e = e.clone();
                        e.update(session, now());
                        e
                    }
                    None => Entry::new(id.to_string(), session, now()),
                };
                library.record(entry);
                save_library(&library).map(|()| None)
            }
        }
    }
}

/// A game waiting to be saved after the task that played its command ([`store_soon`]): its id,
/// the game, who hears that the storage would not keep it, and the save's step still to write.
struct PendingSave {
    id: String,
    session: Rc<Session>,
    on_refused: Callback<String>,
    step: SaveSteps,
}

thread_local! {
    static PENDING_SAVE: RefCell<Option<PendingSave>> = const { RefCell::new(None) };
    /// The page's `pagehide` listener, installed with the first save put off.
    static FLUSH_ON_HIDE: Cell<bool> = const { Cell::new(false) };
}

/// Saves `session` as game `id` as [`store_session`] does, but after the task that played its
/// command, one write a task (issue 19: no task over 50 ms at 4× CPU throttle), so that the
/// order's task only plays it and draws the screen. A later game to save replaces one still
/// waiting (the save is the whole game); reading the library or a game, or the page going
/// away, finishes it first. `on_refused` hears why a storage would not keep it.
pub fn store_soon(id: &str, session: Rc<Session>, on_refused: Callback<String>) {
    let other_game = PENDING_SAVE.with_borrow(|p| p.as_ref().is_some_and(|waiting| waiting.id != id));
    if other_game {
        flush_pending_save();
    }
    let pending = PendingSave { id: id.to_string(), session, on_refused, step: SaveSteps::Game };
    let first = PENDING_SAVE.with_borrow_mut(|p| p.replace(pending).is_none());
    if first {
        write_next_step_soon();
    }
    if !FLUSH_ON_HIDE.replace(true) {
        gloo::events::EventListener::new(&gloo::utils::window(), "pagehide", |_| flush_pending_save()).forget();
    }
}

/// The waiting save's next write, in a task of its own.
fn write_next_step_soon() {
    gloo::timers::callback::Timeout::new(0, write_next_step).forget();
}

/// Writes the waiting save's next step; the one after it waits for another task.
fn write_next_step() {
    let Some(pending) = PENDING_SAVE.with_borrow_mut(Option::take) else { return };
    let PendingSave { id, session, on_refused, step } = pending;
    match step.write(&id, &session) {
        Ok(Some(step)) => {
            PENDING_SAVE.set(Some(PendingSave { id, session, on_refused, step }));
            write_next_step_soon();
        }
        Ok(None) => {}
        Err(why) => on_refused.emit(why),
    }
}

/// Writes what is left of the save waiting for [`store_soon`], if any, now.
pub fn flush_pending_save() {
    if let Some(PendingSave { id, session, on_refused, step }) = PENDING_SAVE.with_borrow_mut(Option::take) {
        if let Err(why) = write_from(step, &id, &session) {
            on_refused.emit(why);
        }
    }
}

/// Makes game `id` the one `#/play` opens.
pub fn open_game(id: &str) -> Result<(), String> {
    let mut library = load_library();
    if library.get(id).is_none() {
        return Err("That game is no longer on this device.".into());
    }
    library.current = Some(id.to_string());
    save_library(&library)
}

/// The save of earlier versions, if one is still there.
pub fn old_autosave() -> Option<String> {
    get(OLD_AUTOSAVE)
}

/// Files `session`, restored from the old single save, as a game of the library, and removes
/// the old save only once the game is stored under its own key.
pub fn migrate_old_autosave(session: &Session) -> Result<String, String> {
    let id = load_library().new_id(now());
    store_session(&id, session)?;
    LocalStorage::delete(OLD_AUTOSAVE);
    Ok(id)
}

/// Removes the old single save (a damaged one the player chose to discard).
pub fn discard_old_autosave() {
    LocalStorage::delete(OLD_AUTOSAVE);
}
