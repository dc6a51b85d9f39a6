//! The battles shipped with the app, embedded at build time from scenarios/.

use sarissa_rules::{LoadError, Scenario};

/// (file name, text) of every bundled scenario, in the order the chooser lists them.
pub const BUNDLED: &[(&str, &str)] = &[(
    "scenarios/samarkand.toml",
    include_str!("../../scenarios/samarkand.toml"),
)];

/// Loads a bundled scenario by id.
pub fn load(id: &str) -> Option<Result<Scenario, LoadError>> {
    let (file, text) = BUNDLED
        .iter()
        .find(|(file, _)| file.trim_start_matches("scenarios/").trim_end_matches(".toml") == id)?;
    Some(sarissa_rules::load(file, text))
}

pub fn default_id() -> &'static str {
    "samarkand"
}
