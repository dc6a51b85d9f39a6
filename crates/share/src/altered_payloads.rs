//! The payloads of this version's links altered inside, behind a checksum that fits them: what
//! a link written by a faulty or hostile program holds (outside_input.rs alters whole links,
//! which the checksum mostly refuses before the payload is read). Every one is read without a
//! panic, to a refusal in plain words or a game that opens.

use crate::bytes::{pack, unpack};
use crate::*;
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Dice, Game};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Altered payloads of each kind of link.
const ALTERED: usize = 2_500;

pub(crate) fn battles() -> Vec<Battle> {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "toml"));
    files.sort();
    files.iter().map(|f| Battle::load(&f.to_string_lossy(), &std::fs::read_to_string(f).unwrap()).unwrap()).collect()
}

fn alter(rng: &mut Pcg32, payload: &[u8]) -> Vec<u8> {
    let mut bytes = payload.to_vec();
    let pick = |rng: &mut Pcg32, n: usize| (rng.next_u32() as usize) % n.max(1);
    match rng.next_u32() % 6 {
        // A few bytes changed: to anything, or by one.
        0 | 1 => {
            for _ in 0..=pick(rng, 3) {
                let at = pick(rng, bytes.len());
                bytes[at] = if rng.next_u32() % 2 == 0 { rng.next_u32() as u8 } else { bytes[at].wrapping_add(1) };
            }
        }
        2 => bytes.truncate(pick(rng, bytes.len())),
        3 => {
            let at = pick(rng, bytes.len());
            let n = (1 + pick(rng, 4)).min(bytes.len() - at);
            bytes.drain(at..at + n);
        }
        4 => {
            let at = pick(rng, bytes.len() + 1);
            bytes.insert(at, rng.next_u32() as u8);
        }
        // A stretch repeated.
        _ => {
            let at = pick(rng, bytes.len());
            let n = (1 + pick(rng, 16)).min(bytes.len() - at);
            let stretch = bytes[at..at + n].to_vec();
            bytes.splice(at..at, stretch);
        }
    }
    bytes
}

fn assert_clear(e: &ShareError) {
    let text = e.to_string();
    let jargon = ["EOF", "column", "line ", "invalid", "expected", "Utf8", "Error"];
    assert!(text.ends_with('.') && !jargon.iter().any(|j| text.contains(j)), "unclear `{text}`");
}

#[test]
fn altered_payloads_are_read_without_a_panic() {
    let battles = battles();
    let find = |id: &str| battles.iter().find(|b| b.scenario.meta.id == id).cloned();
    let mut game_payloads = Vec::new();
    let mut position_payloads = Vec::new();
    for (i, battle) in battles.iter().enumerate() {
        let seed = 30 + i as u64;
        let (mut game, _) = Game::new(battle.scenario.clone(), Dice::seeded(seed)).unwrap();
        let commands = sarissa_rules::play::playout::random_game(&mut game, seed, 20);
        let save = Save::new(battle, seed, OptionChanges::new(), &commands);
        let link = encode_game_link(&save, find).unwrap();
        game_payloads.push(unpack(&link, &[GAME_LINK_PREFIX]).unwrap().1);
        let position = Position::of(&game, Some(battle.fingerprint.clone()), OptionChanges::new());
        let link = encode_position_link(&position, find).unwrap();
        position_payloads.push(unpack(&link, &[POSITION_LINK_PREFIX]).unwrap().1);
    }
    let mut rng = Pcg32::seed_from_u64(19);
    let (mut opened, mut refused) = (0, 0);
    for n in 0..ALTERED {
        let link = pack(GAME_LINK_PREFIX, alter(&mut rng, &game_payloads[n % game_payloads.len()]));
        let read = catch_unwind(AssertUnwindSafe(|| decode_game_link(&link, find).and_then(|s| restore(&s, find))));
        match read.unwrap_or_else(|_| panic!("panicked on {link}")) {
            Ok(_) => opened += 1,
            Err(e) => {
                assert_clear(&e);
                refused += 1;
            }
        }
        let link = pack(POSITION_LINK_PREFIX, alter(&mut rng, &position_payloads[n % position_payloads.len()]));
        let read =
            catch_unwind(AssertUnwindSafe(|| decode_position_link(&link, find).and_then(|p| open_position(&p, find))));
        match read.unwrap_or_else(|_| panic!("panicked on {link}")) {
            Ok(_) => opened += 1,
            Err(e) => {
                assert_clear(&e);
                refused += 1;
            }
        }
    }
    eprintln!("{opened} opened, {refused} refused");
    assert!(opened > ALTERED / 10 && refused > ALTERED / 10, "{opened} opened, {refused} refused");
}
