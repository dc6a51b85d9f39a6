//! The app's Web Worker: answers the page's jobs (`model::worker`) off its thread, so that the
//! page never freezes while, say, the odds of a big shock are worked out. Trunk builds it
//! beside the app (`data-type="worker"` in index.html); `browser::worker` starts it.

#[cfg(target_arch = "wasm32")]
fn main() {
    use sarissa_web::model::worker::Worker;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let mut worker = Worker::with_clock(worker_clock);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(request) = event.data().as_string() {
            let _ = reply_to.post_message(&JsValue::from_str(&worker.answer_text(&request)));
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before the wasm had loaded were dropped: the page waits for this one.
    let _ = scope.post_message(&JsValue::from_str("ready"));
}

/// The worker's clock (ms): `performance.now()` of its own global scope.
#[cfg(target_arch = "wasm32")]
fn worker_clock() -> f64 {
    use wasm_bindgen::JsCast;
    js_sys::global().unchecked_into::<web_sys::WorkerGlobalScope>().performance().map_or(0.0, |p| p.now())
}

/// Natively there is no worker to be (`cargo test` builds every binary).
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
