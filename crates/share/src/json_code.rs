//! A JSON value in a few bytes: what a `p2.` position link carries for the parts of the state
//! other than its units and leaders (the phase, the dice), whose shapes are many.
//!
//! Each value is a byte saying what it is: null, false, true, a small number, a word of the
//! state's own vocabulary ([`WORDS`]: its field names, the names of its phases and markers), a
//! unit or leader of the battle (its place in the list), a hex (two bytes), other text, a
//! number, a list or an object. Object keys are words too. Any value is written, and read back
//! the same: a field added to the state later costs its name in letters until it joins the words.

use crate::bytes::{Reader, Writer};
use crate::state_code::Names;
use crate::ShareError;
use rustc_hash::FxHashMap;
use serde_json::{Map, Number, Value};
use std::sync::OnceLock;

const NULL: u8 = 0;
const FALSE: u8 = 1;
const TRUE: u8 = 2;
/// A number from 0 to 2^56 - 1, as a varint.
const NUMBER: u8 = 3;
/// A larger number (dice are random 64-bit numbers): 8 bytes.
const LARGE: u8 = 4;
/// A negative whole number, `!n` as a varint.
const NEGATIVE: u8 = 5;
/// Any other number: the 8 bytes of a double.
const FLOAT: u8 = 6;
const TEXT: u8 = 7;
const UNIT: u8 = 8;
const LEADER: u8 = 9;
/// A hex id (`2214`) as its column and row.
const HEX: u8 = 10;
const LIST: u8 = 11;
const OBJECT: u8 = 12;
/// A word of [`WORDS`] past the ones with a byte of their own: its place as a varint.
const WORD: u8 = 13;
/// 16..64: the numbers 0 to 47.
const SMALL: u8 = 16;
/// 64..=255: the first 192 words.
const SHORT_WORD: u8 = 64;

/// The state's vocabulary: its field names and the names of its phases and markers, as serde
/// writes them. A link names them by place: append only.
pub const WORDS: &[&str] = &[
    // The state.
    "scenario_id",
    "turn",
    "phase",
    "dice",
    "tie",
    "trumps_tried",
    "pre_arranged",
    "camp_orders",
    "retire",
    "breach_attempts",
    "breaches",
    "damaged_towers",
    "destroyed_towers",
    "damaged_gates",
    "gate_holders",
    "Seeded",
    "increment",
    "state",
    "Scripted",
    "rolls",
    "next",
    // The phases.
    "setup",
    "activation",
    "orders",
    "reaction",
    "shock",
    "advance_turn",
    "elite_initiative",
    "trump_response",
    "momentum",
    "reactivation",
    "rout_choice",
    "rampage_withdrawal",
    "over",
    // Their fields.
    "side",
    "leaders",
    "leader",
    "orders_left",
    "ordered",
    "must_act",
    "line",
    "line_refused",
    "wing",
    "lenders",
    "line_entries",
    "line_moved",
    "mover",
    "reactors",
    "withdrawers",
    "after_shock",
    "exposed",
    "firers",
    "fire_kind",
    "harass",
    "remaining",
    "to",
    "fresh",
    "facing",
    "spent",
    "column",
    "leader_move",
    "line_fire",
    "rider",
    "resume",
    "must",
    "optional",
    "unit",
    "waiting",
    "advances",
    "trumper",
    "pending",
    "then",
    "waiting_leaders",
    "rampage",
    "winner",
    "commander",
    "units",
    "revealed",
    "activated",
    "firer",
    "target",
    "entries",
    "end_orders",
    "from",
    "two_hex",
    "wheeled",
    "entry",
    "return",
    "path",
    "leg",
    "rule",
    "chosen",
    "options",
    "break_off",
    "after",
    "settle",
    "rout_segment",
    "begin_shock",
    "cause",
    "cascade",
    "asked",
    "camp",
    "city",
    "stage",
    "declared",
    "triggered",
    "arrived",
    "by",
    "by_overall",
    "roll",
    "heading",
    "left",
    "hexes",
    "segment",
    "attackers",
    "defenders",
    "k",
    "combat",
    "held",
    "before",
    "stand_failed",
    "parted",
    "barred",
    "struck",
    "routs",
    "attacked",
    "carrier",
    "placement",
    // Placements, directions, the rules a rout names.
    "One",
    "Two",
    "E",
    "NE",
    "NW",
    "W",
    "SW",
    "SE",
    "N",
    "S",
    "10.21",
    "10.22",
    "10.27",
    "9.18",
    "",
];

fn word_index() -> &'static FxHashMap<&'static str, usize> {
    static INDEX: OnceLock<FxHashMap<&'static str, usize>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = FxHashMap::default();
        for (i, w) in WORDS.iter().enumerate() {
            index.entry(*w).or_insert(i);
        }
        index
    })
}

/// A hex as the state writes it, only if it writes back the same.
fn exact_hex(s: &str) -> Option<sarissa_rules::HexId> {
    sarissa_rules::HexId::parse(s).filter(|h| h.to_string() == s)
}

fn write_word(w: &mut Writer, i: usize) {
    match u8::try_from(i) {
        Ok(i) if i < 192 => w.byte(SHORT_WORD + i),
        _ => {
            w.byte(WORD);
            w.varint(i as u64);
        }
    }
}

/// An object's key: its word's place + 1, or 0 and its letters.
pub fn write_key(w: &mut Writer, key: &str) {
    match word_index().get(key) {
        Some(&i) => w.varint(i as u64 + 1),
        None => {
            w.byte(0);
            w.text(key);
        }
    }
}

pub fn read_key(r: &mut Reader) -> Result<String, ShareError> {
    match r.varint()? {
        0 => r.text(),
        i => Ok(WORDS.get(i as usize - 1).ok_or(ShareError::DamagedLink)?.to_string()),
    }
}

fn write_string(w: &mut Writer, names: &Names, s: &str) {
    if let Some(&i) = word_index().get(s) {
        write_word(w, i);
    } else if let Some(u) = names.unit(s) {
        w.byte(UNIT);
        w.varint(u as u64);
    } else if let Some(l) = names.leader(s) {
        w.byte(LEADER);
        w.varint(l as u64);
    } else if let Some(h) = exact_hex(s) {
        w.byte(HEX);
        w.byte(h.col);
        w.byte(h.row);
    } else {
        w.byte(TEXT);
        w.text(s);
    }
}

fn write_number(w: &mut Writer, n: &Number) {
    if let Some(n) = n.as_u64() {
        match n {
            0..48 => w.byte(SMALL + n as u8),
            48..0x0100_0000_0000_0000 => {
                w.byte(NUMBER);
                w.varint(n);
            }
            _ => {
                w.byte(LARGE);
                w.bytes.extend_from_slice(&n.to_le_bytes());
            }
        }
    } else if let Some(n) = n.as_i64() {
        w.byte(NEGATIVE);
        w.varint(!n as u64);
    } else {
        w.byte(FLOAT);
        w.bytes.extend_from_slice(&n.as_f64().unwrap_or(0.0).to_bits().to_le_bytes());
    }
}

pub fn write_value(w: &mut Writer, names: &Names, v: &Value) {
    match v {
        Value::Null => w.byte(NULL),
        Value::Bool(false) => w.byte(FALSE),
        Value::Bool(true) => w.byte(TRUE),
        Value::Number(n) => write_number(w, n),
        Value::String(s) => write_string(w, names, s),
        Value::Array(items) => {
            w.byte(LIST);
            w.varint(items.len() as u64);
            for item in items {
                write_value(w, names, item);
            }
        }
        Value::Object(fields) => {
            w.byte(OBJECT);
            write_fields(w, names, fields);
        }
    }
}

/// An object's fields: their count, then each key and value.
pub fn write_fields(w: &mut Writer, names: &Names, fields: &Map<String, Value>) {
    w.varint(fields.len() as u64);
    for (key, value) in fields {
        write_key(w, key);
        write_value(w, names, value);
    }
}

/// How deep values may nest: a hostile link cannot overflow the stack.
const MAX_DEPTH: usize = 64;

fn read_nested(r: &mut Reader, names: &Names, depth: usize) -> Result<Value, ShareError> {
    if depth > MAX_DEPTH {
        return Err(ShareError::DamagedLink);
    }
    let damaged = ShareError::DamagedLink;
    let word = |i: usize| Ok(Value::String(WORDS.get(i).ok_or(ShareError::DamagedLink)?.to_string()));
    let eight = |r: &mut Reader| -> Result<[u8; 8], ShareError> { r.take(8)?.try_into().map_err(|_| damaged.clone()) };
    Ok(match r.byte()? {
        NULL => Value::Null,
        FALSE => Value::Bool(false),
        TRUE => Value::Bool(true),
        NUMBER => Value::from(r.varint()?),
        LARGE => Value::from(u64::from_le_bytes(eight(r)?)),
        NEGATIVE => Value::from(!(r.varint()? as i64)),
        FLOAT => Value::Number(Number::from_f64(f64::from_bits(u64::from_le_bytes(eight(r)?))).ok_or(damaged)?),
        TEXT => Value::String(r.text()?),
        UNIT => Value::String(names.unit_id(r.varint()?)?.to_string()),
        LEADER => Value::String(names.leader_id(r.varint()?)?.to_string()),
        HEX => {
            let b = r.take(2)?;
            Value::String(sarissa_rules::HexId::new(b[0], b[1]).to_string())
        }
        LIST => {
            let n = r.count()?;
            Value::Array((0..n).map(|_| read_nested(r, names, depth + 1)).collect::<Result<_, _>>()?)
        }
        OBJECT => Value::Object(read_fields_nested(r, names, depth + 1)?),
        WORD => word(usize::try_from(r.varint()?).map_err(|_| damaged)?)?,
        n @ SMALL..SHORT_WORD => Value::from(n - SMALL),
        n @ SHORT_WORD.. => word((n - SHORT_WORD) as usize)?,
        _ => return Err(damaged),
    })
}

pub fn read_fields(r: &mut Reader, names: &Names) -> Result<Map<String, Value>, ShareError> {
    read_fields_nested(r, names, 0)
}

fn read_fields_nested(r: &mut Reader, names: &Names, depth: usize) -> Result<Map<String, Value>, ShareError> {
    let n = r.count()?;
    let mut fields = Map::new();
    for _ in 0..n {
        let key = read_key(r)?;
        let value = read_nested(r, names, depth)?;
        if fields.insert(key, value).is_some() {
            return Err(ShareError::DamagedLink);
        }
    }
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_words_are_each_once() {
        assert_eq!(word_index().len(), WORDS.len());
    }

    #[test]
    fn any_value_comes_back() {
        let text = include_str!("../../../scenarios/samarkand.toml");
        let battle = crate::Battle::load("samarkand.toml", text).unwrap();
        let names = Names::new(&battle.scenario);
        let (unit, leader) = (&battle.scenario.units[3].id, &battle.scenario.leaders[1].id);
        let value = json!({
            "phase": "reaction", "mover": unit, "leaders": [leader, "nobody"], "remaining": ["2409", "0000", "123"],
            "a new field": {"deep": [[[]]], "n": [0, 47, 48, 300, u64::MAX, -1, i64::MIN, 0.5, -2.25]},
            "": "", "text": "séance", "null": null, "flags": [true, false],
        });
        let Value::Object(fields) = &value else { unreachable!() };
        let mut w = Writer::default();
        write_fields(&mut w, &names, fields);
        let mut r = Reader::new(&w.bytes);
        assert_eq!(read_fields(&mut r, &names).map(Value::Object), Ok(value));
        assert!(r.is_empty());
        // A unit is its place, a word or a small number a byte, a hex two.
        let mut w = Writer::default();
        write_value(&mut w, &names, &json!([unit, "reaction", 7, "2409"]));
        assert_eq!(w.bytes.len(), 2 + 2 + 1 + 1 + 3);
    }

    #[test]
    fn nesting_past_the_limit_is_refused() {
        let text = include_str!("../../../scenarios/samarkand.toml");
        let battle = crate::Battle::load("samarkand.toml", text).unwrap();
        let names = Names::new(&battle.scenario);
        // One field, "scenario_id", holding a list in a list... `depth` deep.
        let nested = |depth| -> Vec<u8> {
            [1u8, 1].into_iter().chain(std::iter::repeat_n([LIST, 1], depth).flatten()).chain([NULL]).collect()
        };
        assert!(read_fields(&mut Reader::new(&nested(MAX_DEPTH)), &names).is_ok());
        assert_eq!(read_fields(&mut Reader::new(&nested(MAX_DEPTH + 1)), &names), Err(ShareError::DamagedLink));
        assert_eq!(read_fields(&mut Reader::new(&nested(100_000)), &names), Err(ShareError::DamagedLink));
    }
}
