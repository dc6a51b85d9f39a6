//! The app's Web Worker (`src/bin/sarissa-worker.rs`, built by Trunk beside the app and kept
//! offline by the service worker), seen from the page: [`ask`] sends it a job and calls back
//! with its answer. Started on first use; until it says it is ready, requests wait in a queue.
//! Where no worker can be started, the job is done on the page, a moment later.

use crate::model::worker::{Answer, Job, Reply, Request};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

/// Trunk's loader for the worker's script and wasm (`data-loader-shim` in index.html).
const SCRIPT: &str = "./sarissa-worker_loader.js";

type Callback = Box<dyn FnOnce(u64, Answer)>;
/// The requests sent and not yet answered, by number.
type Waiting = HashMap<u64, Callback>;

struct Started {
    worker: Worker,
    ready: Rc<Cell<bool>>,
    /// The worker could not load, or failed: every job is refused.
    failed: Rc<Cell<bool>>,
    queue: Rc<RefCell<Vec<String>>>,
    waiting: Rc<RefCell<Waiting>>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static STARTED: RefCell<Option<Option<Started>>> = const { RefCell::new(None) };
    static NEXT_ID: Cell<u64> = const { Cell::new(1) };
}

/// Sends `job` to the worker; `reply` is called with the request's number and its answer.
/// Returns the request's number.
pub fn ask(job: Job, reply: impl FnOnce(u64, Answer) + 'static) -> u64 {
    let id = NEXT_ID.with(|n| n.replace(n.get() + 1));
    let request = Request { id, job };
    STARTED.with_borrow_mut(|started| match started.get_or_insert_with(start) {
        Some(s) if !s.failed.get() => {
            let text = serde_json::to_string(&request).unwrap_or_default();
            s.waiting.borrow_mut().insert(id, Box::new(reply));
            if s.ready.get() {
                post(&s.worker, &text);
            } else {
                s.queue.borrow_mut().push(text);
            }
        }
        _ => answer_here(id, Box::new(reply)),
    });
    id
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

/// Starts the worker; `None` if this browser cannot.
fn start() -> Option<Started> {
    let worker = Worker::new(SCRIPT).ok()?;
    let (ready, queue) = (Rc::new(Cell::new(false)), Rc::new(RefCell::new(Vec::<String>::new())));
    let waiting: Rc<RefCell<Waiting>> = Rc::default();
    let on_message = {
        let (worker, ready, queue, waiting) = (worker.clone(), ready.clone(), queue.clone(), Rc::clone(&waiting));
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(text) = event.data().as_string() else { return };
            if !ready.replace(true) {
                // The first message says the worker listens: the queue goes out.
                for request in queue.borrow_mut().drain(..) {
                    post(&worker, &request);
                }
                return;
            }
            let Ok(reply) = serde_json::from_str::<Reply>(&text) else { return };
            let waited = waiting.borrow_mut().remove(&reply.id);
            if let Some(callback) = waited {
                callback(reply.id, reply.answer);
            }
        })
    };
    let failed = Rc::new(Cell::new(false));
    let on_error = {
        let (failed, queue, waiting) = (failed.clone(), queue.clone(), Rc::clone(&waiting));
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
            failed.set(true);
            queue.borrow_mut().clear();
            for (id, callback) in waiting.borrow_mut().drain() {
                answer_here(id, callback);
            }
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Started { worker, ready, failed, queue, waiting, _on_message: on_message, _on_error: on_error })
}
