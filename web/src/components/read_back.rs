//! Reading back the history of a game resumed from its checkpoint (`session::ReadBack`): a
//! slice of replay at a time, each short and each in its own task, so that the page answers
//! the players throughout (issue 19: no task over 50 ms at 4× CPU throttle).

use crate::browser::storage::store_session;
use crate::browser::{mark_page, page_clock};
use crate::model::session::{ReadBack, ReadBackStep, Session};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;
use yew::platform::{spawn_local, time::sleep};
use yew::prelude::*;

/// Milliseconds of replay in one task: a few commands at 4× throttle, well inside the 50 ms
/// budget (a busy machine stretches a task; the first slice also sets the battle up).
const SLICE_MS: f64 = 8.0;

fn now() -> f64 {
    js_sys::Date::now()
}

/// While `session` is being read back, replays its history in slices; then puts the game with
/// its log and undo in its place, saved with its checkpoint (telling the players through `note`
/// if the history said otherwise than its checkpoint).
#[hook]
pub fn use_read_back(game_id: AttrValue, session: UseStateHandle<Rc<Session>>, note: UseStateHandle<Option<String>>) {
    let reading = use_mut_ref(|| None::<ReadBack>);
    let live = (*session).clone();
    use_effect_with(Rc::as_ptr(&live) as usize, move |_| {
        let stopped = Rc::new(Cell::new(!live.reading_back));
        if !live.reading_back {
            *reading.borrow_mut() = None;
        } else {
            mark_history("reading");
            let stopped = stopped.clone();
            spawn_local(async move {
                while !stopped.get() {
                    sleep(Duration::ZERO).await;
                    if stopped.get() {
                        break;
                    }
                    match slice(&reading, &live) {
                        Ok(None) => {}
                        Ok(Some((done, why))) => {
                            // The screen is drawn again with the log, and the game saved with
                            // its checkpoint (so that it resumes at once next time), in a task
                            // of their own.
                            mark_history("read");
                            sleep(Duration::ZERO).await;
                            let saved = store_session(&game_id, &done).err();
                            if why.is_some() || saved.is_some() {
                                note.set(saved.or(why));
                            }
                            session.set(Rc::new(done));
                            break;
                        }
                        Err(why) => {
                            note.set(Some(format!("The game's history could not be read back: {why}")));
                            break;
                        }
                    }
                }
            });
        }
        move || stopped.set(true)
    });
}

/// Whether the history is being read or has been, and when, on the page for the e2e test of
/// the budgets (`data-history` and `data-history-at`, ms on the page's clock, on the root).
fn mark_history(how: &str) {
    mark_page("data-history", how);
    mark_page("data-history-at", &format!("{:.1}", page_clock()));
}

/// The game read back so far.
type Reading = RefCell<Option<ReadBack>>;

/// One slice of reading back: the game once it is all read, with what to tell the players.
fn slice(reading: &Reading, live: &Session) -> Result<Option<(Session, Option<String>)>, String> {
    let until = now() + SLICE_MS;
    let mut reading = reading.borrow_mut();
    let step = match reading.as_mut() {
        Some(r) => r.step(live, || now() < until),
        None => reading.insert(ReadBack::new(live)?).step(live, || now() < until),
    };
    Ok(match step {
        ReadBackStep::Going => None,
        ReadBackStep::Done(done, why) => {
            *reading = None;
            Some((*done, why))
        }
    })
}
