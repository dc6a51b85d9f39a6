//! Battles compiled at build time (issue 19): each bundled battle file is loaded and checked here
//! by the rules crate's own loader and written in postcard's compact binary form
//! (build/compact.rs) as a file of its own, named by its content, that the app fetches when a
//! game needs it (scripts/battle-files.sh puts the files in the build). The wasm carries only
//! the catalogue (build/catalogue.rs): what the start screen shows of each battle, and where
//! its file is. A bad battle file stops the build with the loader's report.

#[path = "build/catalogue.rs"]
mod catalogue;
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
    // Only this build's files: the build hook copies every file it finds named in the app.
    let files = Path::new(&out).join("battles");
    let _ = fs::remove_dir_all(&files);
    fs::create_dir_all(&files).expect("OUT_DIR is writable");
    let mut cards =
        String::from("/// Every bundled battle, as web/build.rs compiled it.\npub const CATALOGUE: &[Card] = &[\n");
    let mut embedded = String::from(
        "/// Every bundled battle's file, as web/build.rs wrote it (native builds and tests read them here).\n\
         pub const EMBEDDED: &[(&str, &[u8])] = &[\n",
    );
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
        // Named by the bytes themselves, so that a cache never keeps an old battle under a new name.
        let name = format!("{id}-{:08x}.bin", content_hash(&bytes) as u32);
        fs::write(files.join(&name), &bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let fingerprint = sarissa_share::fingerprint(&text);
        let card = catalogue::Card { file: &file, fingerprint: &fingerprint, path: &format!("battles/{name}") };
        cards.push_str(&card.source(&scenario));
        writeln!(embedded, "    ({id:?}, include_bytes!(concat!(env!(\"OUT_DIR\"), \"/battles/{name}\"))),").unwrap();
    }
    cards.push_str("];\n");
    embedded.push_str("];\n");
    fs::write(Path::new(&out).join("catalogue.rs"), cards).expect("OUT_DIR is writable");
    fs::write(Path::new(&out).join("embedded.rs"), embedded).expect("OUT_DIR is writable");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/catalogue.rs");
    println!("cargo:rerun-if-changed=build/compact.rs");
}

/// FNV-1a, 64 bits: enough to tell one build's battle from another's.
fn content_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ *b as u64).wrapping_mul(0x0100_0000_01b3))
}
