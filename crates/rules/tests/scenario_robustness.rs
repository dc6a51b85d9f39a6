//! Nothing in a scenario file may make the loader panic: seeded random corruptions of every
//! shipped battle (cut, deleted, duplicated and replaced bytes) must each load or be rejected
//! with at least one located problem.

use sarissa_rules::load;

/// A tiny deterministic generator (xorshift64*), so failures reproduce from the printed seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const NASTY: &[&str] =
    &["", "\"", "[", "]]", "=", "\n", "-", "9999", "0", "-1", "1e9", "\u{0}", "é", "\"\"\"", "#", "{", "},"];

fn corrupt(text: &str, rng: &mut Rng) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len());
        match rng.below(4) {
            0 => bytes.truncate(at),
            1 => {
                let len = rng.below(200).min(bytes.len() - at);
                bytes.drain(at..at + len);
            }
            2 => {
                let len = rng.below(300).min(bytes.len() - at);
                let copy = bytes[at..at + len].to_vec();
                let to = rng.below(bytes.len());
                bytes.splice(to..to, copy);
            }
            _ => {
                let len = rng.below(6).min(bytes.len() - at);
                let with = NASTY[rng.below(NASTY.len())].as_bytes().to_vec();
                bytes.splice(at..at + len, with);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn corrupted_scenarios_never_panic_and_always_explain() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let mut files: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "toml")) {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for seed in 1..=400u64 {
            let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            let mutated = corrupt(&text, &mut rng);
            let outcome = std::panic::catch_unwind(|| load(&name, &mutated));
            match outcome {
                Err(_) => panic!("{name}: seed {seed} made the loader panic"),
                Ok(Err(e)) => assert!(!e.diagnostics.is_empty(), "{name}: seed {seed} rejected without a reason"),
                Ok(Ok(_)) => {}
            }
        }
    }
}
