//! The Yew components: the app and its screens, the map with its terrain and counters, the
//! side panel, the prompt bar, the odds display.

pub mod apart;
pub mod app;
pub mod chooser;
pub mod computer;
pub mod counters;
pub mod glance;
pub mod keys;
pub mod later;
pub mod layers;
pub mod library;
pub mod line_gesture;
pub mod log_view;
pub mod map;
pub mod map_keys;
pub mod odds_view;
pub mod orders;
pub mod panel;
pub mod play;
pub mod prompt;
pub mod reactions;
pub mod read_back;
pub mod replay;
pub mod share;
pub mod standing_orders;
pub mod terrain_layer;
pub mod topbar;
