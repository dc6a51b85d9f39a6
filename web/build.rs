//! Battles compiled at build time (issue 19): each bundled battle file is loaded and checked here
//! by the rules crate's own loader, and the app embeds the loaded battle in postcard's compact
//! binary form (build/compact.rs) with its file's fingerprint. The wasm then carries neither the
//! TOML texts nor their parser, and reads the battles with postcard's reader, smaller than JSON's
//! for the same types. A bad battle file stops the build with the loader's report.

#[path = "build/compact.rs"]
mod compact;

use std::fmt::Write as _;
use std::path::Path;
use std::{env, fs};

/// The bundled battles, in the order the chooser lists them: the learning battle first, then by
/// date.
const BATTLES: [&str; 8] =
    ["samarkand", "chaeronea", "granicus", "issus", "hydaspes", "pataliputra", "malayaketu", "takshashila"];

fn main() {
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let mut code =
        String::from("/// Every bundled battle, as web/build.rs compiled it.\npub const BUNDLED: &[Bundled] = &[\n");
    for id in BATTLES {
        let file = format!("scenarios/{id}.toml");
        let path = Path::new("..").join(&file);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let scenario = sarissa_rules::load(&file, &text).unwrap_or_else(|e| panic!("{e}"));
        let bytes = compact::to_bytes(&scenario).unwrap_or_else(|e| panic!("{file}: {e}"));
        let read_back: sarissa_rules::Scenario =
            postcard::from_bytes(&bytes).unwrap_or_else(|e| panic!("{file}: the compact form does not read back: {e}"));
        assert!(read_back == scenario, "{file}: the compact form reads back different");
        let name = format!("{id}.postcard");
        fs::write(Path::new(&out).join(&name), bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let fingerprint = sarissa_share::fingerprint(&text);
        writeln!(
            code,
            "    Bundled {{ id: {id:?}, file: {file:?}, fingerprint: {fingerprint:?}, bytes: include_bytes!(concat!(env!(\"OUT_DIR\"), \"/{name}\")) }},"
        )
        .unwrap();
    }
    code.push_str("];\n");
    fs::write(Path::new(&out).join("battles.rs"), code).expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/compact.rs");
}
