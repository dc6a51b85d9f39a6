//! The crate's layers point one way (lib.rs): what describes a battle (`map`'s grid, terrain,
//! facing, camps and city; `scenario`; `charts`) knows no game; the kernel (`game`) builds on it
//! alone; the rules hand control back to the sequence of play (`play::sequence`) but use nothing
//! else of `play`. Read from the sources, so that a new `use` that breaks a layer fails here.

use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Layer {
    Description,
    Kernel,
    Rules,
    SequenceOfPlay,
    Top,
}

/// The layer of a module path below `crate` (e.g. `["map", "zoc"]`).
fn layer(path: &[&str]) -> Layer {
    match path {
        // `tagged_enum!` is game::tagged's macro, exported at the crate's root.
        ["game", ..] | ["Command" | "Dice" | "Event" | "RuleError" | "tagged_enum"] => Layer::Kernel,
        ["map", "hex" | "terrain" | "facing" | "camp" | "city", ..] | ["map"] => Layer::Description,
        ["scenario", "battles", ..] => Layer::Rules,
        ["scenario", ..] | ["charts", ..] => Layer::Description,
        ["HexId" | "Hexside" | "Vertex" | "Scenario" | "load" | "LoadError"] => Layer::Description,
        ["play", "sequence", ..] => Layer::SequenceOfPlay,
        ["play", ..] | ["Game"] => Layer::Top,
        _ => Layer::Rules,
    }
}

/// What a module of `layer` may use.
fn allowed(layer: Layer, used: Layer) -> bool {
    match layer {
        Layer::Description => used == Layer::Description,
        Layer::Kernel => matches!(used, Layer::Description | Layer::Kernel),
        Layer::Rules => used != Layer::Top,
        Layer::SequenceOfPlay | Layer::Top => true,
    }
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file: `src/map/zoc.rs` is `map::zoc`, `src/movement/mod.rs` is
/// `movement`; a test module's file (`combat/shock/tests.rs`) belongs to its parent.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "tests")) {
        parts.pop();
    }
    parts
}

/// Every `crate::...` path in the code of `text` (comments left out), as its segments.
fn crate_paths(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let tail = &rest[i + "crate::".len()..];
            let path: Vec<String> = tail
                .split("::")
                .map(|s| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>())
                .take_while(|s| !s.is_empty())
                .collect();
            out.push(path);
            rest = tail;
        }
    }
    out
}

#[test]
fn every_module_uses_only_its_own_layer_and_those_below() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 50, "the sources were not found under {}", src.display());
    let mut breaches = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        let here: Vec<&str> = module.iter().map(String::as_str).collect();
        let own = layer(&here);
        let text = std::fs::read_to_string(file).unwrap();
        // A file's unit tests may reach up to play a game; the layers bind the code above them.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for path in crate_paths(code) {
            let used: Vec<&str> = path.iter().map(String::as_str).collect();
            if !allowed(own, layer(&used)) {
                breaches.push(format!(
                    "{} ({own:?}) uses crate::{} ({:?})",
                    module.join("::"),
                    path.join("::"),
                    layer(&used)
                ));
            }
        }
    }
    breaches.sort();
    breaches.dedup();
    assert!(breaches.is_empty(), "layers broken:\n{}", breaches.join("\n"));
}

#[test]
fn the_kernel_layer_check_catches_a_rule_import() {
    // The checker itself: a kernel file that named a rule module would be caught.
    let paths = crate_paths("use crate::map::zoc::enemy_zoc; // crate::combat::fire in a comment\n");
    assert_eq!(paths, vec![vec!["map".to_string(), "zoc".into(), "enemy_zoc".into()]]);
    let used: Vec<&str> = paths[0].iter().map(String::as_str).collect();
    assert!(!allowed(layer(&["game", "event"]), layer(&used)));
    assert!(allowed(layer(&["play", "sequence"]), layer(&used)));
}

#[test]
fn the_top_level_holds_at_most_a_dozen_entries() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let entries: Vec<_> = std::fs::read_dir(&src).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(entries.len() <= 12, "{} entries at the top of src: {entries:?}", entries.len());
}

/// std's `HashMap`/`HashSet` hash with keys drawn per process (and fixed in wasm), so anything that
/// iterates one could play differently from run to run and from native to browser; the engine
/// uses `rustc_hash`'s fixed hasher instead. (A seeded soak once counted 49,258 or 55,373
/// commands depending on the run.)
#[test]
fn engine_maps_hash_the_same_on_every_run() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let offenders: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.lines().any(|l| {
                let code = l.split("//").next().unwrap_or("");
                code.contains("std::collections::") && (code.contains("HashMap") || code.contains("HashSet"))
                    || code.contains("RandomState")
            })
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(offenders.is_empty(), "std's randomly keyed hash maps in: {offenders:?}");
}

/// Each `sort`, `sort_by` or `sort_by_key` at a new type or closure puts its own 4 KB copy of
/// std's stable sort into the wasm (issue 19: 34 copies were 38 KB of the app's gzip); the engine
/// sorts through `game::sorting`, which holds the one copy. (`sort_unstable` is left alone: its
/// order of equal elements differs from a stable sort's. The battle-file loader is not in the app.)
#[test]
fn the_engine_sorts_through_one_copy_of_std_sort() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let exempt = [src.join("game/sorting.rs")];
    let loader = src.join("scenario/load");
    let offenders: Vec<String> = files
        .iter()
        .filter(|f| !exempt.contains(f) && !f.starts_with(&loader))
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            code.lines().any(|l| {
                let code = l.split("//").next().unwrap_or("");
                [".sort()", ".sort_by(", ".sort_by_key("].iter().any(|call| code.contains(call))
            })
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(offenders.is_empty(), "std's stable sort called directly in: {offenders:?}");
}
