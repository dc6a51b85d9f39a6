//! The app's Web Worker (`src/bin/sarissa-worker.rs`, built by Trunk beside the app and kept
//! offline by the service worker), seen from the page: [`ask`] sends it a job and calls back
//! with its answer, and [`ask_about`] keeps the computer's game in step with it (only the
//! commands given since the last request go out; `model::worker::Mirror`). Started on first
//! use; until it says it is ready, requests wait in a queue. Where no worker can be started, the
//! job is refused in words, a moment later.

use crate::model::session::Session;
use crate::model::worker::{Answer, GameSync, Job, Mirror, Reply, Request};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

/// Trunk's loader for the worker's script and wasm (`data-loader-shim` in index.html).
const SCRIPT: &str = "./sarissa-worker_loader.js";

type Callback = Box<dyn FnOnce(u64, Answer)>;
/// The requests sent and not yet answered, by number, each with the game it is about when the
/// worker keeps that game in step ([`ask_about`]).
type Waiting = HashMap<u64, (Callback, Option<InStep>)>;

/// A request on the computer's game: the game as asked about, and the job to send again, whole,
/// should the worker's game turn out not to be it.
struct InStep {
    session: Rc<Session>,
    job: Rc<dyn Fn(GameSync) -> Job>,
    /// Already sent whole after the worker was out of step: no third try.
    resent: bool,
}

struct Started {
    worker: Worker,
    ready: Rc<Cell<bool>>,
    /// The worker could not load, or failed: every job is refused.
    failed: Rc<Cell<bool>>,
    queue: Rc<RefCell<Vec<String>>>,
    waiting: Rc<RefCell<Waiting>>,
    /// What this worker was sent of the computer's game (a new worker has nothing).
    mirror: Rc<RefCell<Mirror>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static STARTED: RefCell<Option<Option<Started>>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
    static SENT_WHOLE: Cell<u32> = const { Cell::new(0) };
    static OUT_OF_STEP: Cell<u32> = const { Cell::new(0) };
}

/// Sends `job` to the worker; `reply` is called with the request's number and its answer.
/// Returns the request's number.
pub fn ask(job: Job, reply: impl FnOnce(u64, Answer) + 'static) -> u64 {
    send(move |_| job, Box::new(reply), None)
}

/// Sends the job `job` makes of the game of `session` as the worker is to get it (only the
/// commands since its last request, while it is in step); `reply` is called with the request's
/// number and the answer, once the answer's state hash is the session's. A worker out of step
/// is sent the game whole, once.
pub fn ask_about(
    session: Rc<Session>,
    job: impl Fn(GameSync) -> Job + 'static,
    reply: impl FnOnce(u64, Answer) + 'static,
) -> u64 {
    let in_step = InStep { session, job: Rc::new(job), resent: false };
    send_in_step(in_step, Box::new(reply))
}

fn send_in_step(in_step: InStep, reply: Callback) -> u64 {
    let (make, session) = (in_step.job.clone(), in_step.session.clone());
    let sync_and_make = move |mirror: &mut Mirror| {
        let sync = mirror.sync(&session);
        if matches!(sync, GameSync::Whole { .. }) {
            count_on_page(&SENT_WHOLE, "data-worker-games-sent-whole");
        }
        make(sync)
    };
    send(sync_and_make, reply, Some(in_step))
}

/// Adds one to `counter` and shows it on the page as `attribute`, for the e2e test (the game
/// goes whole once, and the worker is never found out of step in play).
fn count_on_page(counter: &'static std::thread::LocalKey<Cell<u32>>, attribute: &str) {
    let count = counter.with(|c| c.replace(c.get() + 1) + 1);
    crate::browser::mark_page(attribute, &count.to_string());
}

/// Posts the job `make` makes with this worker's [`Mirror`], or queues it until the worker is
/// ready; without a worker, refuses it.
fn send(make: impl FnOnce(&mut Mirror) -> Job, reply: Callback, in_step: Option<InStep>) -> u64 {
    let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
    STARTED.with_borrow_mut(|started| match started.get_or_insert_with(start) {
        Some(s) if !s.failed.get() => {
            let request = Request { id, job: make(&mut s.mirror.borrow_mut()) };
            let text = serde_json::to_string(&request).unwrap_or_default();
            s.waiting.borrow_mut().insert(id, (reply, in_step));
            if s.ready.get() {
                post(&s.worker, &text);
            } else {
                s.queue.borrow_mut().push(text);
            }
        }
        _ => answer_here(id, reply),
    });
    id
}

/// Hands `reply` its answer, unless the worker answered on another game than the one asked
/// about: then, once, the game goes again whole.
fn deliver(id: u64, answer: Answer, reply: Callback, in_step: Option<InStep>, mirror: &RefCell<Mirror>) {
    let out_of_step = |s: &InStep| match &answer {
        Answer::OutOfStep => true,
        Answer::Think { hash, .. } => *hash != s.session.game.state_hash(),
        _ => false,
    };
    match in_step {
        Some(s) if out_of_step(&s) => {
            mirror.borrow_mut().forget();
            count_on_page(&OUT_OF_STEP, "data-worker-out-of-step");
            if s.resent {
                reply(id, Answer::Refused("the app's worker lost track of the game".into()));
            } else {
                // After this task: the channel's own state is borrowed now.
                yew::platform::spawn_local(async move {
                    send_in_step(InStep { resent: true, ..s }, reply);
                });
            }
        }
        _ => reply(id, answer),
    }
}

fn post(worker: &Worker, text: &str) {
    let _ = worker.post_message(&JsValue::from_str(text));
}

/// No worker: the job is refused, after the current task.
fn answer_here(id: u64, reply: Callback) {
    yew::platform::spawn_local(async move {
        reply(id, Answer::Refused("this browser could not start the app's worker".into()));
    });
}

/// The number of a reply whose answer could not be read.
#[derive(serde::Deserialize)]
struct ReplyId {
    id: u64,
}

/// Starts the worker; `None` if this browser cannot.
fn start() -> Option<Started> {
    let worker = Worker::new(SCRIPT).ok()?;
    let (ready, queue) = (Rc::new(Cell::new(false)), Rc::new(RefCell::new(Vec::<String>::new())));
    let waiting: Rc<RefCell<Waiting>> = Rc::default();
    let mirror: Rc<RefCell<Mirror>> = Rc::default();
    let on_message = {
        let (worker, ready, queue, waiting) = (worker.clone(), ready.clone(), queue.clone(), Rc::clone(&waiting));
        let mirror = mirror.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(text) = event.data().as_string() else { return };
            if !ready.replace(true) {
                // The first message says the worker listens: the queue goes out.
                for request in queue.borrow_mut().drain(..) {
                    post(&worker, &request);
                }
                return;
            }
            // A reply the page cannot read still answers its request, so nothing waits for ever.
            let reply = serde_json::from_str::<Reply>(&text).or_else(|_| {
                serde_json::from_str::<ReplyId>(&text).map(|r| Reply {
                    id: r.id,
                    answer: Answer::Refused("the app's worker sent an answer the page could not read".into()),
                })
            });
            let Ok(reply) = reply else { return };
            let waited = waiting.borrow_mut().remove(&reply.id);
            if let Some((callback, in_step)) = waited {
                deliver(reply.id, reply.answer, callback, in_step, &mirror);
            }
        })
    };
    let failed = Rc::new(Cell::new(false));
    let on_error = {
        let (failed, queue, waiting) = (failed.clone(), queue.clone(), Rc::clone(&waiting));
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
            failed.set(true);
            queue.borrow_mut().clear();
            for (id, (callback, _)) in waiting.borrow_mut().drain() {
                answer_here(id, callback);
            }
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Started { worker, ready, failed, queue, waiting, mirror, _on_message: on_message, _on_error: on_error })
}
