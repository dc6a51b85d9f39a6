//! Game links: a save packed for a URL fragment, `g2.` + base64url(deflate(payload)).
//!
//! Each move is its line of the notation cut at spaces, every word a token: a word of the
//! notation (`move`, `facing E`) is one byte; a unit or a leader is its place in the battle's
//! list (one byte for most); a hex is told from the one before it in the line, or from where
//! the unit or leader the line last named was last seen: one byte for a hex next to it (the
//! turn from the way the line was heading), two for one near it, three for any other; a facing
//! is one byte, the turn from the line's heading; any other word is kept as text. Decoding
//! gives back the very same lines, whatever they hold. Links of the first version (`g1.`: a hex
//! next to the one before as its direction, told from the first unit named) still open.

use crate::bytes::{pack, unpack, Reader, Writer};
use crate::{Battle, Save, ShareError};
use rustc_hash::FxHashMap;
use sarissa_rules::{HexId, Hexside, Scenario, Vertex};

/// The prefix of the game links this version writes.
pub const GAME_LINK_PREFIX: &str = "g2.";
/// Every version of game link this version reads, the newest first.
const GAME_LINK_PREFIXES: [&str; 2] = [GAME_LINK_PREFIX, "g1."];

const END: u8 = 0;
const TEXT: u8 = 1;
const UNIT: u8 = 2;
const LEADER: u8 = 3;
const HEX: u8 = 4;
const HEX_PAIR: u8 = 5;
/// The word before ends with `;` (line withdrawals, combats).
const SEMICOLON: u8 = 6;
/// 7..=12: the hex next to the reference hex, across hexside 0..=5 (`g1.`), or across the
/// hexside 0..=5 turns from the line's heading (`g2.`).
const STEP: u8 = 7;
/// `g2.`: the facing that follows does not end the line.
const MORE: u8 = 13;
const KEYWORD: u8 = 16;
/// `g2.`, 82..=87: two hexes side by side (`3211-3311`), the second across hexside 0..=5 of the
/// first; the first follows, as any hex.
const PAIR: u8 = 82;
/// `g2.`: a hex near the reference hex, in one byte: its column's and row's differences from
/// the reference's, + 8, four bits each.
const NEAR: u8 = 88;
/// `g2.`, 89..=94: `facing V`, V the vertex 0..=5 turns from the line's heading; it ends the
/// line unless [`MORE`] comes before.
const FACING_TURN: u8 = 89;
const SMALL_LEADER: u8 = 96;
const SMALL_UNIT: u8 = 128;

/// The notation's own words, and the pairs that always go together. A link names them by place.
const KEYWORDS: &[&str] = &[
    "activate",
    "pass",
    "trump",
    "no-trump",
    "move",
    "to",
    "facing",
    "column",
    "with",
    "line",
    "from",
    "abreast",
    "deep",
    "spread",
    "wing",
    "overall",
    "contingent",
    "leader",
    "shock",
    "vs",
    ";",
    "fire",
    "at",
    "gate",
    "bow",
    "recover",
    "square",
    "unsquare",
    "dismount",
    "harass",
    "advance-turn",
    "break-off",
    "rout",
    "end",
    "line-done",
    "react",
    "withdraw",
    "withdraw-line",
    "withdraw-pw",
    "pre-arrange",
    "withdraw-leader",
    "no-reaction",
    "momentum",
    "no-momentum",
    "retire-to-camp",
    "rally",
    "E",
    "NE",
    "NW",
    "W",
    "SW",
    "SE",
    "N",
    "S",
    "facing E",
    "facing NE",
    "facing NW",
    "facing W",
    "facing SW",
    "facing SE",
    "column NE",
    "column N",
    "column NW",
    "column SW",
    "column S",
    "column SE",
];
// The keywords end where the codes of `g2.` begin: a new one needs a new version.
const _: () = assert!(KEYWORD as usize + KEYWORDS.len() <= PAIR as usize);

/// The battle's names, numbered, and what the lines so far said of each unit and leader.
struct Context<'a> {
    scenario: &'a Scenario,
    /// `g1.` links: hexes measured the first way.
    first_version: bool,
    names: crate::state_code::Names<'a>,
    keywords: FxHashMap<&'static str, u8>,
    /// Where each unit, then each leader, was last seen (a subject's number: a unit's place, a
    /// leader's after the units).
    last_seen: Vec<HexId>,
    /// Which way each subject last headed: a hexside, a facing's vertex of the same number.
    heading: Vec<usize>,
}

impl<'a> Context<'a> {
    fn new(scenario: &'a Scenario, first_version: bool) -> Self {
        let names = crate::state_code::Names::new(scenario);
        let keywords = KEYWORDS.iter().enumerate().map(|(i, k)| (*k, KEYWORD + i as u8)).collect();
        let unit_hexes = scenario.units.iter().map(|u| u.placement.hexes().next().unwrap_or(HexId::new(0, 0)));
        let last_seen = unit_hexes.chain(scenario.leaders.iter().map(|l| l.at)).collect();
        let heading =
            scenario.units.iter().map(|u| u.facing.index()).chain(scenario.leaders.iter().map(|_| 0)).collect();
        Self { scenario, first_version, names, keywords, last_seen, heading }
    }
}

/// Where a line's hexes are measured from: the hex before, else where its subject was last seen.
#[derive(Default)]
struct LineState {
    /// `g1.`: the first unit the line names; `g2.`: the last unit or leader.
    subject: Option<usize>,
    last_hex: Option<HexId>,
    heading: usize,
}

impl LineState {
    fn reference(&self, cx: &Context) -> Option<HexId> {
        self.last_hex.or_else(|| self.subject.map(|s| cx.last_seen[s]))
    }

    /// The line names unit `u`, or leader `l` as `units + l`.
    fn named(&mut self, cx: &mut Context, subject: usize, is_unit: bool) {
        if cx.first_version {
            if is_unit {
                self.subject.get_or_insert(subject);
            }
            return;
        }
        self.leave(cx);
        (self.subject, self.last_hex, self.heading) = (Some(subject), None, cx.heading[subject]);
    }

    /// What the line said of its subject, kept for the lines after.
    fn leave(&self, cx: &mut Context) {
        if let Some(s) = self.subject {
            if let Some(h) = self.last_hex {
                cx.last_seen[s] = h;
            }
            cx.heading[s] = self.heading;
        }
    }

    /// `facing V` or `column S`: the line now heads that way.
    fn keyword(&mut self, word: &str) {
        let vertex = word.strip_prefix("facing ").and_then(Vertex::parse).map(Vertex::index);
        if let Some(way) = vertex.or_else(|| word.strip_prefix("column ").and_then(Hexside::parse).map(Hexside::index))
        {
            self.heading = way;
        }
    }
}

/// A hex as the notation writes it, only if it writes back the same.
fn exact_hex(word: &str) -> Option<HexId> {
    HexId::parse(word).filter(|h| h.to_string() == word)
}

/// `hex` told from `from` in a byte, if it is near: the column's and the row's differences + 8.
fn near(from: HexId, hex: HexId) -> Option<u8> {
    let d = |a: u8, b: u8| u8::try_from(i16::from(a) - i16::from(b) + 8).ok().filter(|d| *d < 16);
    Some(d(hex.col, from.col)? | d(hex.row, from.row)? << 4)
}

fn encode_line(w: &mut Writer, cx: &mut Context, line: &str) {
    let words: Vec<&str> = line.split(' ').collect();
    let mut at = LineState::default();
    // `move UNIT ...` is written from its unit: a line that begins with a unit is a move (and a
    // line that begins with a unit's name otherwise has it written as text).
    let is_unit = |word: &str| cx.names.unit(word).is_some() && !cx.keywords.contains_key(word);
    let implicit_move = words.len() > 1 && words[0] == "move" && is_unit(words[1]);
    let mut i = usize::from(implicit_move);
    let mut first = !implicit_move;
    while i < words.len() {
        let (stem, semicolon) = match words[i].strip_suffix(';') {
            Some(stem) if !stem.is_empty() => (stem, true),
            _ => (words[i], false),
        };
        // A keyword pair (`facing E`); its second word may carry the `;`.
        if !semicolon && i + 1 < words.len() {
            let (next, next_semicolon) = match words[i + 1].strip_suffix(';') {
                Some(next) if !next.is_empty() => (next, true),
                _ => (words[i + 1], false),
            };
            let pair = format!("{stem} {next}");
            if let Some(&code) = cx.keywords.get(pair.as_str()) {
                let facing = pair.strip_prefix("facing ").and_then(Vertex::parse).filter(|_| at.subject.is_some());
                let last = i + 2 == words.len() && !next_semicolon;
                match facing {
                    Some(v) => {
                        if !last {
                            w.byte(MORE);
                        }
                        w.byte(FACING_TURN + ((v.index() + 6 - at.heading) % 6) as u8);
                    }
                    None => w.byte(code),
                }
                at.keyword(&pair);
                if next_semicolon {
                    w.byte(SEMICOLON);
                }
                i += 2;
                first = false;
                if last && facing.is_some() {
                    at.leave(cx);
                    return;
                }
                continue;
            }
        }
        encode_word(w, cx, &mut at, stem, first);
        first = false;
        if semicolon {
            w.byte(SEMICOLON);
        }
        i += 1;
    }
    w.byte(END);
    at.leave(cx);
}

fn encode_hex(w: &mut Writer, cx: &Context, at: &mut LineState, hex: HexId) {
    let reference = at.reference(cx);
    match (reference.and_then(|r| r.side_towards(hex)), reference.and_then(|r| near(r, hex))) {
        (Some(side), _) => {
            w.byte(STEP + ((side.index() + 6 - at.heading) % 6) as u8);
            at.heading = side.index();
        }
        (None, Some(offset)) => {
            w.byte(NEAR);
            w.byte(offset);
        }
        (None, None) => {
            w.byte(HEX);
            w.byte(hex.col);
            w.byte(hex.row);
        }
    }
    at.last_hex = Some(hex);
}

/// Writes a word; `first`: the line's first, where a unit would read as a move.
fn encode_word(w: &mut Writer, cx: &mut Context, at: &mut LineState, word: &str, first: bool) {
    if let Some(&code) = cx.keywords.get(word) {
        w.byte(code);
    } else if let Some(u) = cx.names.unit(word).filter(|_| !first) {
        match u8::try_from(u) {
            Ok(u) if u < 128 => w.byte(SMALL_UNIT + u),
            _ => {
                w.byte(UNIT);
                w.varint(u as u64);
            }
        }
        at.named(cx, u, true);
    } else if let Some(l) = cx.names.leader(word) {
        match u8::try_from(l) {
            Ok(l) if l < 32 => w.byte(SMALL_LEADER + l),
            _ => {
                w.byte(LEADER);
                w.varint(l as u64);
            }
        }
        at.named(cx, cx.scenario.units.len() + l, false);
    } else if let Some(hex) = exact_hex(word) {
        encode_hex(w, cx, at, hex);
    } else if let Some((a, b)) = word.split_once('-').and_then(|(a, b)| Some((exact_hex(a)?, exact_hex(b)?))) {
        match a.side_towards(b) {
            Some(side) => {
                w.byte(PAIR + side.index() as u8);
                encode_hex(w, cx, at, a);
            }
            None => {
                w.byte(HEX_PAIR);
                w.bytes.extend_from_slice(&[a.col, a.row, b.col, b.row]);
                at.last_hex = Some(a);
            }
        }
    } else {
        w.byte(TEXT);
        w.text(word);
    }
}

/// A hex token: a step, a near hex or any hex, as [`encode_hex`] wrote it.
fn decode_hex(code: u8, r: &mut Reader, cx: &Context, at: &mut LineState) -> Result<HexId, ShareError> {
    let from = || at.reference(cx).ok_or(ShareError::DamagedLink);
    let hex = match code {
        HEX => {
            let b = r.take(2)?;
            HexId::new(b[0], b[1])
        }
        NEAR if !cx.first_version => {
            let (from, b) = (from()?, r.byte()?);
            let d =
                |base: u8, n: u8| u8::try_from(i16::from(base) + i16::from(n) - 8).map_err(|_| ShareError::DamagedLink);
            HexId::new(d(from.col, b & 15)?, d(from.row, b >> 4)?)
        }
        STEP..KEYWORD if code < STEP + 6 => {
            let side = match cx.first_version {
                true => (code - STEP) as usize,
                false => (at.heading + (code - STEP) as usize) % 6,
            };
            let h = from()?.neighbour(Hexside::from_index(side)).ok_or(ShareError::DamagedLink)?;
            if !cx.first_version {
                at.heading = side;
            }
            h
        }
        _ => return Err(ShareError::DamagedLink),
    };
    at.last_hex = Some(hex);
    Ok(hex)
}

fn decode_line(r: &mut Reader, cx: &mut Context) -> Result<String, ShareError> {
    let mut words: Vec<String> = Vec::new();
    let mut at = LineState::default();
    let second = !cx.first_version;
    let mut more = false;
    loop {
        let code = r.byte()?;
        if more && !(FACING_TURN..FACING_TURN + 6).contains(&code) {
            return Err(ShareError::DamagedLink);
        }
        let word = match code {
            END => break,
            TEXT => r.text()?,
            UNIT | SMALL_UNIT.. => {
                let u = if code == UNIT { r.varint()? } else { (code - SMALL_UNIT) as u64 };
                let u = usize::try_from(u).map_err(|_| ShareError::DamagedLink)?;
                let unit = cx.scenario.units.get(u).ok_or(ShareError::DamagedLink)?;
                if second && words.is_empty() {
                    words.push("move".into());
                }
                at.named(cx, u, true);
                unit.id.clone()
            }
            LEADER | SMALL_LEADER..SMALL_UNIT => {
                let l = if code == LEADER { r.varint()? } else { (code - SMALL_LEADER) as u64 };
                let l = usize::try_from(l).map_err(|_| ShareError::DamagedLink)?;
                let leader = cx.scenario.leaders.get(l).ok_or(ShareError::DamagedLink)?;
                at.named(cx, cx.scenario.units.len() + l, false);
                leader.id.clone()
            }
            HEX | NEAR | STEP..MORE => decode_hex(code, r, cx, &mut at)?.to_string(),
            HEX_PAIR => {
                let b = r.take(4)?;
                let (a, b) = (HexId::new(b[0], b[1]), HexId::new(b[2], b[3]));
                at.last_hex = Some(a);
                format!("{a}-{b}")
            }
            PAIR..NEAR if second => {
                let next = r.byte()?;
                let a = decode_hex(next, r, cx, &mut at)?;
                let b = a.neighbour(Hexside::from_index((code - PAIR) as usize)).ok_or(ShareError::DamagedLink)?;
                format!("{a}-{b}")
            }
            MORE if second => {
                more = true;
                continue;
            }
            FACING_TURN..SMALL_LEADER if second && code < FACING_TURN + 6 => {
                let v = Vertex::from_index(at.heading + (code - FACING_TURN) as usize);
                let pair = format!("facing {}", v.name());
                at.keyword(&pair);
                words.push(pair);
                if !std::mem::take(&mut more) {
                    break;
                }
                continue;
            }
            SEMICOLON => {
                words.last_mut().ok_or(ShareError::DamagedLink)?.push(';');
                continue;
            }
            KEYWORD..PAIR => {
                let word = KEYWORDS.get((code - KEYWORD) as usize).ok_or(ShareError::DamagedLink)?;
                if second {
                    at.keyword(word);
                }
                word.to_string()
            }
            _ => return Err(ShareError::DamagedLink),
        };
        words.push(word);
    }
    at.leave(cx);
    Ok(words.join(" "))
}

/// Packs `save` into a game link. The battle is needed to number its units and leaders.
pub fn encode_game_link(save: &Save, find: impl Fn(&str) -> Option<Battle>) -> Result<String, ShareError> {
    let battle = find(&save.scenario).ok_or_else(|| ShareError::UnknownBattle(save.scenario.clone()))?;
    let mut w = Writer::default();
    w.varint(save.format as u64);
    w.text(&save.scenario);
    write_fingerprint(&mut w, save.fingerprint.as_deref());
    w.varint(save.seed);
    write_options(&mut w, &save.options);
    match &save.name {
        Some(name) => {
            w.byte(1);
            w.text(name);
        }
        None => w.byte(0),
    }
    w.bytes.extend_from_slice(&numbering_key(&battle));
    w.varint(save.commands.len() as u64);
    let mut cx = Context::new(&battle.scenario, false);
    for line in &save.commands {
        encode_line(&mut w, &mut cx, line);
    }
    Ok(pack(GAME_LINK_PREFIX, w.bytes))
}

/// Reads a game link back to the save it holds (its moves not yet replayed: see [`crate::restore`]).
pub fn decode_game_link(link: &str, find: impl Fn(&str) -> Option<Battle>) -> Result<Save, ShareError> {
    let (prefix, payload) = unpack(link, &GAME_LINK_PREFIXES)?;
    let mut r = Reader::new(&payload);
    let format = u32::try_from(r.varint()?).map_err(|_| ShareError::DamagedLink)?;
    let scenario = r.text()?;
    let fingerprint = read_fingerprint(&mut r)?;
    let battle = find(&scenario).ok_or_else(|| ShareError::UnknownBattle(scenario.clone()))?;
    let seed = r.varint()?;
    let options = read_options(&mut r)?;
    let name = match r.byte()? {
        0 => None,
        1 => Some(r.text()?),
        _ => return Err(ShareError::DamagedLink),
    };
    if !numbers_as(&battle, fingerprint.as_deref(), r.take(4)?) {
        return Err(ShareError::NotForThisBattle);
    }
    let count = r.count()?;
    let mut cx = Context::new(&battle.scenario, prefix != GAME_LINK_PREFIX);
    let mut commands = Vec::with_capacity(count);
    for _ in 0..count {
        commands.push(decode_line(&mut r, &mut cx)?);
    }
    if !r.is_empty() {
        return Err(ShareError::DamagedLink);
    }
    Ok(Save { format, scenario, fingerprint, seed, options, commands, name })
}

/// Which battle file numbered the units and leaders: a link read with another would name other
/// units. Four bytes of its fingerprint are enough to tell versions apart.
fn numbering_key(battle: &Battle) -> [u8; 4] {
    key_of(&battle.fingerprint)
}

fn key_of(fingerprint: &str) -> [u8; 4] {
    (crate::fnv1a64(fingerprint.as_bytes()) as u32).to_le_bytes()
}

/// Whether a link's numbering `key` fits `battle`: made on this version of its file, or on an
/// earlier one (the link's `fingerprint`) that the file lists as numbering its units and leaders
/// the same (`earlier_versions`: a unit's tag or a side's flag changes the file, not the numbers).
fn numbers_as(battle: &Battle, fingerprint: Option<&str>, key: &[u8]) -> bool {
    let earlier = |f: &str| battle.scenario.meta.earlier_versions.iter().any(|e| e == f) && key == key_of(f);
    key == numbering_key(battle) || fingerprint.is_some_and(earlier)
}

/// The fingerprint as 8 bytes when it is the 16 hex digits [`crate::fingerprint`] writes.
pub(crate) fn write_fingerprint(w: &mut Writer, fingerprint: Option<&str>) {
    let canonical = fingerprint.and_then(|f| u64::from_str_radix(f, 16).ok().filter(|n| format!("{n:016x}") == f));
    match (fingerprint, canonical) {
        (None, _) => w.byte(0),
        (Some(_), Some(n)) => {
            w.byte(1);
            w.bytes.extend_from_slice(&n.to_le_bytes());
        }
        (Some(f), None) => {
            w.byte(2);
            w.text(f);
        }
    }
}

pub(crate) fn read_fingerprint(r: &mut Reader) -> Result<Option<String>, ShareError> {
    match r.byte()? {
        0 => Ok(None),
        1 => {
            let b = r.take(8)?;
            Ok(Some(format!("{:016x}", u64::from_le_bytes(b.try_into().map_err(|_| ShareError::DamagedLink)?))))
        }
        2 => Ok(Some(r.text()?)),
        _ => Err(ShareError::DamagedLink),
    }
}

pub(crate) fn write_options(w: &mut Writer, options: &sarissa_rules::scenario::OptionChanges) {
    w.varint(options.len() as u64);
    for (key, on) in options {
        w.text(key);
        w.byte(u8::from(*on));
    }
}

pub(crate) fn read_options(r: &mut Reader) -> Result<sarissa_rules::scenario::OptionChanges, ShareError> {
    let n = r.count()?;
    let mut options = sarissa_rules::scenario::OptionChanges::new();
    for _ in 0..n {
        let key = r.text()?;
        let on = match r.byte()? {
            0 => false,
            1 => true,
            _ => return Err(ShareError::DamagedLink),
        };
        if options.insert(key, on).is_some() {
            return Err(ShareError::DamagedLink);
        }
    }
    Ok(options)
}
