//! Links and game files from outside may be anything: mutated, cut, of another version or
//! battle, or noise. Every one is read without a panic, to a clear error or a game that opens.

mod common;

use common::{battles, finder, random_game, FIRST_VERSION_LINKS};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use sarissa_rules::scenario::OptionChanges;
use sarissa_share::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Mutated game links and position links (of this version and the first), each; and game files, fewer because nearly half of
/// them still read and are replayed. At least 100,000 in all.
const LINKS: usize = 47_000;
const FILES: usize = 6_000;

/// A player-facing sentence: no parser's words, ends as a sentence does.
fn assert_clear(e: &ShareError, input: &str) {
    let text = e.to_string();
    let jargon = ["EOF", "column", "line ", "invalid", "expected", "Utf8", "Error"];
    assert!(text.ends_with('.') && !jargon.iter().any(|j| text.contains(j)), "unclear `{text}` for {input:?}");
}

/// `text` changed: never left as it was (the originals are read in the round-trip tests, and
/// replaying each copy would only slow this test down).
fn mutate(rng: &mut Pcg32, text: &str, alphabet: &[u8], others: &[String]) -> String {
    let mut changed = mutate_maybe(rng, text, alphabet, others);
    if changed == text {
        changed.pop();
    }
    changed
}

fn mutate_maybe(rng: &mut Pcg32, text: &str, alphabet: &[u8], others: &[String]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let pick = |rng: &mut Pcg32, n: usize| (rng.next_u32() as usize) % n.max(1);
    match rng.next_u32() % 7 {
        // Letters changed.
        0 | 1 => {
            for _ in 0..=pick(rng, 3) {
                let at = pick(rng, bytes.len());
                bytes[at] = alphabet[pick(rng, alphabet.len())];
            }
        }
        // Cut short, or a piece dropped from the middle.
        2 => bytes.truncate(pick(rng, bytes.len())),
        3 => {
            let at = pick(rng, bytes.len());
            let n = pick(rng, 8).min(bytes.len() - at);
            bytes.drain(at..at + n);
        }
        // Another kind or version.
        4 => {
            let prefixes = ["g2.", "p2.", "p1.", "g1.", "x1.", "g.", "", "p9.", "g3."];
            let prefix = prefixes[pick(rng, prefixes.len())];
            let rest = text.split_once('.').map_or(text, |(_, r)| r);
            return format!("{prefix}{rest}");
        }
        // Another input's tail: another battle's link or file spliced in.
        5 => {
            let other = others[pick(rng, others.len())].as_bytes();
            let at = pick(rng, bytes.len().min(other.len()));
            bytes.truncate(at);
            bytes.extend_from_slice(&other[at..]);
        }
        // Noise.
        _ => bytes = (0..pick(rng, 300)).map(|_| alphabet[pick(rng, alphabet.len())]).collect(),
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn check(input: &str, read: impl FnOnce(&str) -> Result<(), ShareError>) {
    match catch_unwind(AssertUnwindSafe(|| read(input))) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => assert_clear(&e, input),
        Err(_) => panic!("panicked on {input:?}"),
    }
}

#[test]
fn no_outside_input_panics_and_every_refusal_is_clear() {
    let battles = battles();
    let find = finder(&battles);
    let base64url: Vec<u8> = (b'A'..=b'Z').chain(b'a'..=b'z').chain(b'0'..=b'9').chain(*b"-_.").collect();
    let json_bytes: Vec<u8> = (32u8..127).collect();
    // Short games: a mutated input that still reads is replayed, which must stay quick.
    let mut game_links = Vec::new();
    let mut position_links = Vec::new();
    let mut files = Vec::new();
    for (i, battle) in battles.iter().enumerate() {
        let (game, commands) = random_game(battle, i as u64, 12);
        let save = Save::new(battle, i as u64, OptionChanges::new(), &commands);
        game_links.push(encode_game_link(&save, &find).unwrap());
        let position = Position::of(&game, Some(battle.fingerprint.clone()), OptionChanges::new());
        position_links.push(encode_position_link(&position, &find).unwrap());
        files.push(save.to_json());
        // The same moves said to be of the next battle: they name units it does not have.
        let mut elsewhere = save.clone();
        elsewhere.scenario = battles[(i + 1) % battles.len()].scenario.meta.id.clone();
        game_links.push(encode_game_link(&elsewhere, &find).unwrap());
        files.push(elsewhere.to_json());
    }
    // Links already sent, of the first versions.
    for (_, game_link, position_link) in FIRST_VERSION_LINKS {
        game_links.push(game_link.to_string());
        position_links.push(position_link.to_string());
    }
    let mut rng = Pcg32::seed_from_u64(17);
    let (mut opened, mut refused) = (0usize, 0usize);
    let mut count = |ok: bool| if ok { opened += 1 } else { refused += 1 };
    for n in 0..LINKS {
        let link = mutate(&mut rng, &game_links[n % game_links.len()], &base64url, &game_links);
        check(&link, |l| {
            let r = decode_game_link(l, &find).and_then(|save| restore(&save, &find));
            count(r.is_ok());
            r.map(|_| ())
        });
        let link = mutate(&mut rng, &position_links[n % position_links.len()], &base64url, &position_links);
        check(&link, |l| {
            let r = decode_position_link(l, &find).and_then(|p| open_position(&p, &find));
            count(r.is_ok());
            r.map(|_| ())
        });
    }
    for n in 0..FILES {
        let file = mutate(&mut rng, &files[n % files.len()], &json_bytes, &files);
        check(&file, |f| {
            let r = read_save(f).and_then(|save| restore(&save, &find));
            count(r.is_ok());
            r.map(|_| ())
        });
    }
    assert_eq!(opened + refused, 2 * LINKS + FILES);
    assert!(opened + refused >= 100_000);
    assert!(opened > 0 && refused > 0, "{opened} opened, {refused} refused");
}
