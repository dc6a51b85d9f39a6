//! Sarissa in the browser: a Yew app over an SVG hex map. The rules live in `sarissa-rules`;
//! this crate only draws them and turns gestures into intent.

pub mod app;
pub mod camera;
pub mod chooser;
pub mod counters;
pub mod geometry;
pub mod log;
pub mod map;
pub mod odds_view;
pub mod panel;
pub mod play;
pub mod prompt;
pub mod route;
pub mod scenarios;
pub mod session;
pub mod storage;
pub mod terrain_layer;

/// Mounts the app on the page's body.
pub fn start() {
    yew::Renderer::<app::App>::new().render();
}
