//! The battles shipped with the app, compiled at build time from scenarios/ (web/build.rs): each
//! already checked by the loader and embedded in postcard's compact binary form with its file's
//! fingerprint.

use sarissa_rules::scenario::Diagnostic;
use sarissa_rules::{LoadError, Scenario};
use std::sync::Arc;

/// One bundled battle as the build embedded it.
pub struct Bundled {
    pub id: &'static str,
    /// The battle file it was compiled from, as reports name it.
    pub file: &'static str,
    /// The fingerprint of that file's text, as game files and links name it.
    pub fingerprint: &'static str,
    /// The loaded battle, in postcard's wire format (web/build/compact.rs).
    bytes: &'static [u8],
}

include!(concat!(env!("OUT_DIR"), "/battles.rs"));

impl Bundled {
    fn scenario(&self) -> Result<Scenario, LoadError> {
        decode(self.file, self.bytes)
    }
}

/// A battle from its compiled form (`compiled`), as the app's worker gets it from the page;
/// `file` names it in a report of damage.
pub fn decode(file: &str, bytes: &[u8]) -> Result<Scenario, LoadError> {
    postcard::from_bytes(bytes).map_err(|e| LoadError {
        file: file.to_string(),
        diagnostics: vec![Diagnostic { line: 1, column: 1, message: format!("the embedded battle is damaged: {e}") }],
    })
}

/// A bundled battle in its compiled form, for the app's worker (which carries no battles).
pub fn compiled(id: &str) -> Option<&'static [u8]> {
    bundled(id).map(|b| b.bytes)
}

fn bundled(id: &str) -> Option<&'static Bundled> {
    BUNDLED.iter().find(|b| b.id == id)
}

/// Loads a bundled scenario by id.
pub fn load(id: &str) -> Option<Result<Scenario, LoadError>> {
    bundled(id).map(Bundled::scenario)
}

/// Every bundled scenario, loaded; a file that fails keeps its place with its report.
pub fn load_all() -> Vec<Result<Scenario, LoadError>> {
    BUNDLED.iter().map(Bundled::scenario).collect()
}

/// A bundled battle with the fingerprint of its file, as game files and links name it.
pub fn battle(id: &str) -> Option<sarissa_share::Battle> {
    let b = bundled(id)?;
    Some(sarissa_share::Battle { scenario: Arc::new(b.scenario().ok()?), fingerprint: b.fingerprint.to_string() })
}

pub fn ids() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|b| b.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded form loses nothing: each battle equals its file loaded now, and carries that
    /// file's fingerprint (issue 19).
    #[test]
    fn every_embedded_battle_equals_its_file() {
        assert_eq!(BUNDLED.len(), 8);
        for b in BUNDLED {
            let text = std::fs::read_to_string(format!("{}/../{}", env!("CARGO_MANIFEST_DIR"), b.file)).unwrap();
            assert_eq!(load(b.id).unwrap().unwrap(), sarissa_rules::load(b.file, &text).unwrap(), "{}", b.id);
            assert_eq!(b.fingerprint, sarissa_share::fingerprint(&text), "{}", b.id);
        }
    }

    #[test]
    fn a_damaged_embedded_battle_is_reported_not_a_panic() {
        let damaged = Bundled { id: "x", file: "scenarios/x.toml", fingerprint: "0", bytes: &[5, b'x'] };
        let e = damaged.scenario().unwrap_err();
        assert_eq!(e.file, "scenarios/x.toml");
        assert!(e.to_string().starts_with("scenarios/x.toml:1:1: the embedded battle is damaged"), "{e}");
    }
}
