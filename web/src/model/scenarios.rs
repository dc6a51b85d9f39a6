//! The battles shipped with the app (issue 19). Each is compiled at build time from scenarios/
//! (web/build.rs), already checked by the loader, into a file of the build in postcard's compact
//! binary form; the app carries only their catalogue (what the start screen shows of each, and
//! where its file is). A battle is fetched when a game needs it (`browser::battles`), then kept
//! here for the page's life, so that the code that runs with a battle in hand asks for it
//! without waiting ([`battle`], [`load`], [`compiled`]). Native builds and tests read the files
//! the build wrote.

use sarissa_rules::map::terrain::Terrain;
use sarissa_rules::scenario::{Diagnostic, OptionChoice};
use sarissa_rules::{LoadError, Scenario};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// One bundled battle as the start screen shows it, before its file is fetched.
pub struct Card {
    pub id: &'static str,
    /// The battle file it was compiled from, as reports name it.
    pub file: &'static str,
    /// The fingerprint of that file's text, as game files and links name it.
    pub fingerprint: &'static str,
    /// Its compiled form in the build, relative to the page (named by its content).
    pub path: &'static str,
    pub name: &'static str,
    pub date: &'static str,
    pub summary: &'static str,
    /// The rule set's name.
    pub rules: &'static str,
    /// How long it plays, roughly.
    pub length: Option<&'static str>,
    pub sides: &'static [SideCard],
    pub columns: u8,
    pub rows: u8,
    /// The optional rules the players may switch for it, as the battle presets them (GBA §C).
    pub choices: &'static [OptionChoice],
    pub preview: Preview,
}

/// One side of a battle, as its card counts it.
pub struct SideCard {
    pub name: &'static str,
    pub units: usize,
    pub leaders: usize,
}

/// Hexes down one column of the map: `(column, first row, last row)`.
pub type Run = (u8, u8, u8);

/// A miniature of a battle's map: the hexes of each terrain, the high ground (elevation 2 and
/// up), and each side's units at the start.
pub struct Preview {
    pub terrain: &'static [(Terrain, &'static [Run])],
    pub high: &'static [Run],
    pub units: &'static [&'static [Run]],
}

include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// A battle fetched and decoded, with the bytes it came in (the app's worker is sent those).
struct Kept {
    id: &'static str,
    scenario: Arc<Scenario>,
    compiled: Rc<[u8]>,
}

thread_local! {
    static KEPT: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
    /// The battles asked for since [`take_wanted`] that are not at hand yet.
    static WANTED: RefCell<Vec<&'static Card>> = const { RefCell::new(Vec::new()) };
}

/// The catalogue's entry for battle `id`.
pub fn card(id: &str) -> Option<&'static Card> {
    CATALOGUE.iter().find(|c| c.id == id)
}

/// Keeps battle `id` from its compiled form (as fetched, or as the page sends it to the worker)
/// for the rest of the page's life; damaged bytes are reported and nothing is kept.
pub fn keep(id: &str, compiled: &[u8]) -> Result<(), LoadError> {
    let card = card(id).ok_or_else(|| damaged(id, format!("there is no battle called “{id}”")))?;
    let scenario = decode(card.file, compiled)?;
    if scenario.meta.id != card.id {
        return Err(damaged(card.file, format!("it holds the battle “{}”", scenario.meta.id)));
    }
    let kept = Kept { id: card.id, scenario: Arc::new(scenario), compiled: compiled.into() };
    KEPT.with_borrow_mut(|k| {
        k.retain(|k| k.id != card.id);
        k.push(kept);
    });
    Ok(())
}

/// A battle from its compiled form; `file` names it in a report of damage.
pub fn decode(file: &str, bytes: &[u8]) -> Result<Scenario, LoadError> {
    postcard::from_bytes(bytes).map_err(|e| damaged(file, format!("the battle's data is damaged ({e})")))
}

fn damaged(file: &str, message: String) -> LoadError {
    LoadError { file: file.to_string(), diagnostics: vec![Diagnostic { line: 1, column: 1, message }] }
}

/// Battle `id` and its compiled form if it is at hand: kept, or (natively) read from the files
/// the build wrote. One asked for and not at hand is noted for [`take_wanted`].
fn at_hand(id: &str) -> Option<(Arc<Scenario>, Rc<[u8]>)> {
    let card = card(id)?;
    let kept =
        || KEPT.with_borrow(|k| k.iter().find(|k| k.id == card.id).map(|k| (k.scenario.clone(), k.compiled.clone())));
    if let Some(found) = kept() {
        return Some(found);
    }
    #[cfg(any(test, not(target_arch = "wasm32")))]
    if let Some((_, bytes)) = embedded::EMBEDDED.iter().find(|(i, _)| *i == card.id) {
        keep(card.id, bytes).ok()?;
        return kept();
    }
    WANTED.with_borrow_mut(|w| {
        if !w.iter().any(|c| c.id == card.id) {
            w.push(card)
        }
    });
    None
}

#[cfg(any(test, not(target_arch = "wasm32")))]
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// How many battles are kept: it grows as each is fetched.
pub fn kept() -> usize {
    KEPT.with_borrow(Vec::len)
}

/// The battles asked for since the last call that were not at hand: those to fetch before the
/// work that asked for them is done again.
pub fn take_wanted() -> Vec<&'static Card> {
    WANTED.take()
}

/// A bundled battle in its compiled form, for the app's worker (which carries no battles).
pub fn compiled(id: &str) -> Option<Rc<[u8]>> {
    at_hand(id).map(|(_, bytes)| bytes)
}

/// A bundled battle, if it is at hand.
pub fn load(id: &str) -> Option<Scenario> {
    at_hand(id).map(|(s, _)| (*s).clone())
}

/// A bundled battle with the fingerprint of its file, as game files and links name it, if it
/// is at hand.
pub fn battle(id: &str) -> Option<sarissa_share::Battle> {
    let (scenario, _) = at_hand(id)?;
    Some(sarissa_share::Battle { scenario, fingerprint: card(id)?.fingerprint.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compiled form loses nothing: each battle equals its file loaded now, and its card
    /// carries that file's fingerprint and what the file says (issue 19).
    #[test]
    fn every_compiled_battle_equals_its_file() {
        assert_eq!(CATALOGUE.len(), 8);
        for c in CATALOGUE {
            let text = std::fs::read_to_string(format!("{}/../{}", env!("CARGO_MANIFEST_DIR"), c.file)).unwrap();
            let file = sarissa_rules::load(c.file, &text).unwrap();
            assert_eq!(load(c.id).unwrap(), file, "{}", c.id);
            assert_eq!(c.fingerprint, sarissa_share::fingerprint(&text), "{}", c.id);
            assert_eq!((c.name, c.date, c.summary), (&*file.meta.name, &*file.meta.date, &*file.meta.summary));
            assert_eq!(c.choices, file.optional_choices(), "{}", c.id);
            assert!(c.path.starts_with(&format!("battles/{}-", c.id)) && c.path.ends_with(".bin"), "{}", c.path);
        }
    }

    #[test]
    fn a_damaged_battle_is_reported_not_a_panic() {
        let e = keep("issus", &[5, b'x']).unwrap_err();
        assert_eq!(e.file, "scenarios/issus.toml");
        assert!(e.to_string().starts_with("scenarios/issus.toml:1:1: the battle's data is damaged"), "{e}");
        let samarkand = embedded::EMBEDDED.iter().find(|(id, _)| *id == "samarkand").unwrap().1;
        let e = keep("issus", samarkand).unwrap_err();
        assert!(e.to_string().contains("it holds the battle “samarkand”"), "{e}");
        assert!(keep("nowhere", samarkand).is_err());
    }
}
