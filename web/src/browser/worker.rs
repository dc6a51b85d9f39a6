//! The app's Web Worker: a module worker (web/worker.js, kept offline by the service worker
//! with the rest of the build) running the page's own wasm, handed over compiled ([`start`]);
//! there [`serve`] answers the page's jobs (`model::worker::Worker`). Seen from the page: [`ask`]
//! sends it a job and calls back with its answer, and [`ask_about`] keeps the computer's game
//! in step with it (only the commands given since the last request go out;
//! `model::worker::Mirror`). Started as the app starts ([`start_early`]), or else on first use;
//! until it says it is ready, requests wait in a queue. Once ready it warms the engine on the
//! game being opened ([`warm`]). Where no worker can be started, the job is refused in words, a
//! moment later.

use crate::model::session::Session;
use crate::model::worker::{Answer, GameSync, Job, Mirror, Position, Reply, Request};
use sarissa_rules::Game;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// The worker's script (copied by Trunk from web/worker.js; index.html).
const SCRIPT: &str = "./worker.js";

#[wasm_bindgen]
extern "C" {
    /// The URL of this wasm's wasm-bindgen script (`import.meta.url` read in that script),
    /// which Trunk names with a hash: the worker imports it.
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: js_sys::JsString;
}

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
    /// The battles whose engine the worker was asked to warm (once each).
    static WARMED: RefCell<Vec<String>> = const { RefCell::new(Vec::new()) };
    /// The game to warm the engine on once the worker is ready.
    static TO_WARM: RefCell<Option<Game>> = const { RefCell::new(None) };
}

/// Starts the worker now, as the app starts, so that it is ready (and has warmed the engine)
/// before the first odds or the computer's first decision are asked of it.
pub fn start_early() {
    STARTED.with_borrow_mut(|started| {
        started.get_or_insert_with(start);
    });
}

/// Has the worker play `game` on a copy, off the page's thread, once it is ready (once per
/// battle): V8 then finds the engine's and the log's code compiled when the page first runs it
/// (`model::worker::Job::Warm`). The page is told how many commands it played
/// (`data-worker-warmed`).
pub fn warm(game: &Game) {
    let battle = &game.base.meta.id;
    if WARMED.with_borrow(|warmed| warmed.contains(battle)) {
        return;
    }
    WARMED.with_borrow_mut(|warmed| warmed.push(battle.clone()));
    TO_WARM.set(Some(game.clone()));
    start_early();
    // A worker still loading sends it when ready; else it goes now (refused, without a worker).
    let loading = STARTED.with_borrow(|started| matches!(started, Some(Some(s)) if !s.ready.get() && !s.failed.get()));
    if !loading {
        send_warm_up();
    }
}

/// Sends the warm-up wanted, if any (the worker is ready, or there is none).
fn send_warm_up() {
    let Some(game) = TO_WARM.take() else { return };
    let job = Job::Warm { at: Position::of(&game), commands: crate::model::worker::WARM_UP_COMMANDS };
    let marked = |_: u64, answer: Answer| {
        let played = match answer {
            Answer::Warmed { commands, .. } => commands,
            _ => 0,
        };
        crate::browser::mark_page("data-worker-warmed", &played.to_string());
    };
    send(move |_| job, Box::new(marked), None);
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

/// The worker's first message: the wasm-bindgen script to import, and the wasm to run with it.
fn boot_message(glue: &str, wasm: &JsValue) -> Option<JsValue> {
    let boot = js_sys::Object::new();
    js_sys::Reflect::set(&boot, &"glue".into(), &glue.into()).ok()?;
    js_sys::Reflect::set(&boot, &"module".into(), wasm).ok()?;
    Some(boot.into())
}

/// Starts the worker on the page's own wasm: its first message is the wasm-bindgen script to
/// import and the page's compiled module, so that nothing is fetched or compiled again (a
/// browser that cannot hand a module over gets the wasm's address: Trunk names it after the
/// script). `None` if this browser cannot start a module worker.
fn start() -> Option<Started> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(SCRIPT, &options).ok()?;
    let glue = String::from(GLUE_URL.with(|url| url.clone()));
    if worker.post_message(&boot_message(&glue, &wasm_bindgen::module())?).is_err() {
        let wasm = format!("{}_bg.wasm", glue.strip_suffix(".js").unwrap_or(&glue));
        worker.post_message(&boot_message(&glue, &wasm.into())?).ok()?;
    }
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
                // After the requests that waited, and after this task: the channel is borrowed.
                yew::platform::spawn_local(async { send_warm_up() });
                return;
            }
            // A reply the page cannot read still answers its request, so nothing waits for ever.
            // Read from the text itself, not through a JSON value: the odds' exact counts are
            // numbers past what a value holds (u128).
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

/// The worker's side (its entry `worker_main`, web/src/main.rs): answers each job the page
/// posts, and first says "ready" (messages sent before the wasm had loaded were not heard). A
/// warm-up goes on a slice at a time, each in a task of its own, so a request posted meanwhile
/// is answered after the slice under way.
pub fn serve() {
    use crate::model::worker::Worker;
    use web_sys::DedicatedWorkerGlobalScope;

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let worker = Rc::new(RefCell::new(Worker::with_clock(worker_clock)));
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let Some(request) = event.data().as_string() else { return };
        let (reply, warming) = {
            let mut w = worker.borrow_mut();
            (w.receive(&request), w.warming())
        };
        if let Some(reply) = reply {
            let _ = reply_to.post_message(&JsValue::from_str(&reply));
        }
        if warming {
            warm_later(worker.clone(), reply_to.clone());
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

thread_local! {
    /// A slice of the warm-up is waiting for its task.
    static SLICE_DUE: Cell<bool> = const { Cell::new(false) };
}

/// Plays the warm-up's next slice in a task of its own (unless one is already due), and so on
/// until it is over; its reply then goes to the page.
fn warm_later(worker: Rc<RefCell<crate::model::worker::Worker>>, reply_to: web_sys::DedicatedWorkerGlobalScope) {
    if SLICE_DUE.replace(true) {
        return;
    }
    gloo::timers::callback::Timeout::new(0, move || {
        SLICE_DUE.set(false);
        let (reply, warming) = {
            let mut w = worker.borrow_mut();
            (w.warm_slice(), w.warming())
        };
        if let Some(reply) = reply {
            let _ = reply_to.post_message(&JsValue::from_str(&reply));
        }
        if warming {
            warm_later(worker, reply_to);
        }
    })
    .forget();
}

/// The worker's clock (ms): `performance.now()` of its own global scope.
fn worker_clock() -> f64 {
    js_sys::global().unchecked_into::<web_sys::WorkerGlobalScope>().performance().map_or(0.0, |p| p.now())
}
