//! Game links: a save packed for a URL fragment, `g1.` + base64url(deflate(payload)).
//!
//! Each move is its line of the notation cut at spaces, every word a token: a word of the
//! notation (`move`, `facing E`) is one byte; a unit or a leader is its place in the battle's
//! list (one byte for most); a hex next to the hex before it (in the line, or where the line's
//! unit last went) is one byte naming the direction; any other word is kept as text. Decoding
//! gives back the very same lines, whatever they hold.

use crate::bytes::{pack, unpack, Reader, Writer};
use crate::{Battle, Save, ShareError};
use rustc_hash::FxHashMap;
use sarissa_rules::{HexId, Hexside, Scenario};

pub const GAME_LINK_PREFIX: &str = "g1.";

const END: u8 = 0;
const TEXT: u8 = 1;
const UNIT: u8 = 2;
const LEADER: u8 = 3;
const HEX: u8 = 4;
const HEX_PAIR: u8 = 5;
/// The word before ends with `;` (line withdrawals, combats).
const SEMICOLON: u8 = 6;
/// 7..=12: the hex across hexside 0..=5 of the reference hex.
const STEP: u8 = 7;
const KEYWORD: u8 = 16;
const SMALL_LEADER: u8 = 96;
const SMALL_UNIT: u8 = 128;

/// The notation's own words, and the pairs that always go together. Append only: a link names
/// them by place.
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
const _: () = assert!(KEYWORD as usize + KEYWORDS.len() <= SMALL_LEADER as usize);

/// The battle's names, numbered, and where each unit was last seen (to write hexes as steps).
struct Context<'a> {
    scenario: &'a Scenario,
    units: FxHashMap<&'a str, usize>,
    leaders: FxHashMap<&'a str, usize>,
    keywords: FxHashMap<&'static str, u8>,
    last_seen: Vec<HexId>,
}

impl<'a> Context<'a> {
    fn new(scenario: &'a Scenario) -> Self {
        let mut units = FxHashMap::default();
        for (i, u) in scenario.units.iter().enumerate() {
            units.entry(u.id.as_str()).or_insert(i);
        }
        let mut leaders = FxHashMap::default();
        for (i, l) in scenario.leaders.iter().enumerate() {
            leaders.entry(l.id.as_str()).or_insert(i);
        }
        let keywords = KEYWORDS.iter().enumerate().map(|(i, k)| (*k, KEYWORD + i as u8)).collect();
        let last_seen = scenario.units.iter().map(|u| u.placement.hexes().next().unwrap_or(HexId::new(0, 0))).collect();
        Self { scenario, units, leaders, keywords, last_seen }
    }
}

/// Where a line's hexes are measured from: the hex before, else where its first unit was last.
#[derive(Default)]
struct LineState {
    unit: Option<usize>,
    last_hex: Option<HexId>,
}

impl LineState {
    fn reference(&self, cx: &Context) -> Option<HexId> {
        self.last_hex.or_else(|| self.unit.map(|u| cx.last_seen[u]))
    }

    fn saw_unit(&mut self, u: usize) {
        self.unit.get_or_insert(u);
    }

    fn end(self, cx: &mut Context) {
        if let (Some(u), Some(h)) = (self.unit, self.last_hex) {
            cx.last_seen[u] = h;
        }
    }
}

/// A hex as the notation writes it, only if it writes back the same.
fn exact_hex(word: &str) -> Option<HexId> {
    HexId::parse(word).filter(|h| h.to_string() == word)
}

fn encode_line(w: &mut Writer, cx: &mut Context, line: &str) {
    let words: Vec<&str> = line.split(' ').collect();
    let mut at = LineState::default();
    let mut i = 0;
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
            if let Some(&code) = cx.keywords.get(format!("{stem} {next}").as_str()) {
                w.byte(code);
                if next_semicolon {
                    w.byte(SEMICOLON);
                }
                i += 2;
                continue;
            }
        }
        encode_word(w, cx, &mut at, stem);
        if semicolon {
            w.byte(SEMICOLON);
        }
        i += 1;
    }
    w.byte(END);
    at.end(cx);
}

fn encode_word(w: &mut Writer, cx: &Context, at: &mut LineState, word: &str) {
    if let Some(&code) = cx.keywords.get(word) {
        w.byte(code);
    } else if let Some(&u) = cx.units.get(word) {
        match u8::try_from(u) {
            Ok(u) if u < 128 => w.byte(SMALL_UNIT + u),
            _ => {
                w.byte(UNIT);
                w.varint(u as u64);
            }
        }
        at.saw_unit(u);
    } else if let Some(&l) = cx.leaders.get(word) {
        match u8::try_from(l) {
            Ok(l) if l < 32 => w.byte(SMALL_LEADER + l),
            _ => {
                w.byte(LEADER);
                w.varint(l as u64);
            }
        }
    } else if let Some(hex) = exact_hex(word) {
        match at.reference(cx).and_then(|r| r.side_towards(hex)) {
            Some(side) => w.byte(STEP + side.index() as u8),
            None => {
                w.byte(HEX);
                w.byte(hex.col);
                w.byte(hex.row);
            }
        }
        at.last_hex = Some(hex);
    } else if let Some((a, b)) = word.split_once('-').and_then(|(a, b)| Some((exact_hex(a)?, exact_hex(b)?))) {
        w.byte(HEX_PAIR);
        w.bytes.extend_from_slice(&[a.col, a.row, b.col, b.row]);
        at.last_hex = Some(a);
    } else {
        w.byte(TEXT);
        w.text(word);
    }
}

fn decode_line(r: &mut Reader, cx: &mut Context) -> Result<String, ShareError> {
    let mut words: Vec<String> = Vec::new();
    let mut at = LineState::default();
    loop {
        let code = r.byte()?;
        let hex = |r: &mut Reader| -> Result<HexId, ShareError> {
            let b = r.take(2)?;
            Ok(HexId::new(b[0], b[1]))
        };
        let word = match code {
            END => break,
            TEXT => r.text()?,
            UNIT | SMALL_UNIT.. => {
                let u = if code == UNIT { r.varint()? } else { (code - SMALL_UNIT) as u64 };
                let unit = cx.scenario.units.get(u as usize).ok_or(ShareError::DamagedLink)?;
                at.saw_unit(u as usize);
                unit.id.clone()
            }
            LEADER | SMALL_LEADER..SMALL_UNIT => {
                let l = if code == LEADER { r.varint()? } else { (code - SMALL_LEADER) as u64 };
                cx.scenario.leaders.get(l as usize).ok_or(ShareError::DamagedLink)?.id.clone()
            }
            HEX => {
                let h = hex(r)?;
                at.last_hex = Some(h);
                h.to_string()
            }
            HEX_PAIR => {
                let (a, b) = (hex(r)?, hex(r)?);
                at.last_hex = Some(a);
                format!("{a}-{b}")
            }
            SEMICOLON => {
                words.last_mut().ok_or(ShareError::DamagedLink)?.push(';');
                continue;
            }
            STEP..KEYWORD if code < STEP + 6 => {
                let from = at.reference(cx).ok_or(ShareError::DamagedLink)?;
                let h = from.neighbour(Hexside::from_index((code - STEP) as usize)).ok_or(ShareError::DamagedLink)?;
                at.last_hex = Some(h);
                h.to_string()
            }
            KEYWORD..SMALL_LEADER => {
                KEYWORDS.get((code - KEYWORD) as usize).ok_or(ShareError::DamagedLink)?.to_string()
            }
            _ => return Err(ShareError::DamagedLink),
        };
        words.push(word);
    }
    at.end(cx);
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
    let mut cx = Context::new(&battle.scenario);
    for line in &save.commands {
        encode_line(&mut w, &mut cx, line);
    }
    Ok(pack(GAME_LINK_PREFIX, w.bytes))
}

/// Reads a game link back to the save it holds (its moves not yet replayed: see [`crate::restore`]).
pub fn decode_game_link(link: &str, find: impl Fn(&str) -> Option<Battle>) -> Result<Save, ShareError> {
    let payload = unpack(link, GAME_LINK_PREFIX)?;
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
    if r.take(4)? != numbering_key(&battle) {
        return Err(ShareError::NotForThisBattle);
    }
    let count = r.count()?;
    let mut cx = Context::new(&battle.scenario);
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
    (crate::fnv1a64(battle.fingerprint.as_bytes()) as u32).to_le_bytes()
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
