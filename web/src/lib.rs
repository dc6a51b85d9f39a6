//! Sarissa in the browser: a Yew app over an SVG hex map. The rules live in `sarissa-rules`;
//! this crate only draws them and turns gestures into intent.
//!
//! `components` are the Yew components; `model` is what they display — the session and its
//! undo, routes, the camera, hex geometry, the wording of events — plain Rust with no DOM,
//! tested natively; `browser` reaches the browser's storage.

pub mod browser;
pub mod components;
pub mod model;

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<components::app::App>::new().render();
}
