use wasm_bindgen::prelude::*;

/// Mounts the app where there is a page. The app's Web Worker runs this same wasm
/// (`browser::worker`): there, with no window, nothing is mounted and `worker_main` starts it.
fn main() {
    if web_sys::window().is_some() {
        sarissa_web::start();
    }
}

/// The Web Worker's entry, called by its script (web/worker.js) once this wasm is loaded.
#[wasm_bindgen]
pub fn worker_main() {
    sarissa_web::browser::worker::serve();
}
