//! The battles shipped with the app, embedded at build time from scenarios/.

use sarissa_rules::{LoadError, Scenario};

/// (file name, text) of every bundled scenario, in the order the chooser lists them: the
/// learning battle first, then by date.
pub const BUNDLED: &[(&str, &str)] = &[
    ("scenarios/samarkand.toml", include_str!("../../../scenarios/samarkand.toml")),
    ("scenarios/chaeronea.toml", include_str!("../../../scenarios/chaeronea.toml")),
    ("scenarios/granicus.toml", include_str!("../../../scenarios/granicus.toml")),
    ("scenarios/issus.toml", include_str!("../../../scenarios/issus.toml")),
    ("scenarios/hydaspes.toml", include_str!("../../../scenarios/hydaspes.toml")),
    ("scenarios/pataliputra.toml", include_str!("../../../scenarios/pataliputra.toml")),
    ("scenarios/malayaketu.toml", include_str!("../../../scenarios/malayaketu.toml")),
    ("scenarios/takshashila.toml", include_str!("../../../scenarios/takshashila.toml")),
];

fn id_of(file: &str) -> &str {
    file.trim_start_matches("scenarios/").trim_end_matches(".toml")
}

/// Loads a bundled scenario by id.
pub fn load(id: &str) -> Option<Result<Scenario, LoadError>> {
    let (file, text) = BUNDLED.iter().find(|(file, _)| id_of(file) == id)?;
    Some(sarissa_rules::load(file, text))
}

/// Every bundled scenario, loaded; a file that fails keeps its place with its report.
pub fn load_all() -> Vec<Result<Scenario, LoadError>> {
    BUNDLED.iter().map(|(file, text)| sarissa_rules::load(file, text)).collect()
}

/// A bundled battle with the fingerprint of its file, as game files and links name it.
pub fn battle(id: &str) -> Option<sarissa_share::Battle> {
    let (file, text) = BUNDLED.iter().find(|(file, _)| id_of(file) == id)?;
    sarissa_share::Battle::load(file, text).ok()
}

pub fn ids() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(file, _)| id_of(file))
}
