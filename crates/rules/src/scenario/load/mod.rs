//! Reading and validating a scenario file.
//!
//! The TOML text is parsed into a spanned document tree (recovering past syntax errors), then
//! walked by hand so that every problem is collected with its line and column instead of
//! stopping at the first. Nothing in the input can make this panic: every lookup is checked.

use super::load_error::{Diagnostic, LoadError};
use super::position::{LeaderStart, Position, StartPhase, Supply, UnitStart};
use super::{Edge, HexsideEntry, Map, Meta, NoEntry, OptionalRules, RuleSet, Scenario, Side, SpecialRule};
use crate::map::hex::{HexId, Hexside, Vertex};
use crate::map::terrain::{HexsideFeature, Terrain};
use crate::scenario::units::{
    Engine, FootSide, Grade, Leader, LeaderRole, LineType, Missile, Placement, SideIndex, Unit, UnitClass, UnitTag,
    UnitType,
};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::BTreeMap;
use std::ops::{Range, RangeInclusive};
use toml::de::{DeTable, DeValue};
use toml::Spanned;

mod army;
mod battle_position;
mod map;
mod units;
mod works;
use army::*;
use battle_position::*;
use map::*;
use units::*;
use works::*;

/// The scenario format version this loader reads.
pub const FORMAT_VERSION: i64 = 1;

/// Grid problems past this many are summarised, so a shifted grid does not bury the rest.
const MAX_GRID_ERRORS: usize = 12;

/// Loads and validates the scenario in `text`; `file` names it in messages. When `file` ends in
/// `NAME.toml`, the scenario id must be `NAME`.
pub fn load(file: &str, text: &str) -> Result<Scenario, LoadError> {
    let mut ctx = Ctx::new(text);
    let (doc, syntax_errors) = DeTable::parse_recoverable(text);
    for e in &syntax_errors {
        ctx.error(e.span().unwrap_or(0..0), format!("TOML syntax: {}", e.message()));
    }
    let scenario = if syntax_errors.is_empty() { read_document(&mut ctx, &doc, file) } else { None };
    match scenario {
        Some(s) if ctx.diagnostics.is_empty() => Ok(s),
        _ => {
            if ctx.diagnostics.is_empty() {
                // Defensive: a failed read always reports why, but never return Err without a message.
                ctx.error(0..0, "the scenario could not be read");
            }
            let mut diagnostics = ctx.diagnostics;
            diagnostics.sort_by_key(|d| (d.line, d.column));
            Err(LoadError { file: file.to_string(), diagnostics })
        }
    }
}

struct Ctx<'s> {
    text: &'s str,
    line_starts: Vec<usize>,
    diagnostics: Vec<Diagnostic>,
}

impl<'s> Ctx<'s> {
    fn new(text: &'s str) -> Self {
        let line_starts = std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect();
        Self { text, line_starts, diagnostics: Vec::new() }
    }

    fn position(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = self.line_starts.partition_point(|&s| s <= offset).max(1);
        let start = self.line_starts[line - 1];
        let column = self.text.get(start..offset).map_or(1, |s| s.chars().count() + 1);
        (line, column)
    }

    fn error(&mut self, span: Range<usize>, message: impl Into<String>) {
        let (line, column) = self.position(span.start);
        self.diagnostics.push(Diagnostic { line, column, message: message.into() });
    }

    fn error_at(&mut self, line: usize, column: usize, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic { line, column, message: message.into() });
    }
}

type Value<'i> = Spanned<DeValue<'i>>;

fn kind_of(v: &DeValue) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "a whole number",
        DeValue::Float(_) => "a decimal number",
        DeValue::Boolean(_) => "true or false",
        DeValue::Datetime(_) => "a date",
        DeValue::Array(_) => "a list",
        DeValue::Table(_) => "a table",
    }
}

/// Reads the keys of one table, remembering which were used so the rest can be reported.
struct Fields<'a, 'i> {
    table: &'a DeTable<'i>,
    span: Range<usize>,
    what: String,
    used: FxHashSet<&'a str>,
}

impl<'a, 'i> Fields<'a, 'i> {
    fn new(table: &'a DeTable<'i>, span: Range<usize>, what: impl Into<String>) -> Self {
        Self { table, span, what: what.into(), used: FxHashSet::default() }
    }

    fn of(ctx: &mut Ctx, value: &'a Value<'i>, what: impl Into<String>) -> Option<Self> {
        let what = what.into();
        match value.get_ref() {
            DeValue::Table(t) => Some(Self::new(t, value.span(), what)),
            other => {
                ctx.error(value.span(), format!("{what} must be a table, not {}", kind_of(other)));
                None
            }
        }
    }

    fn get(&mut self, key: &str) -> Option<&'a Value<'i>> {
        let (k, v) = self.table.iter().find(|(k, _)| k.get_ref().as_ref() == key)?;
        self.used.insert(k.get_ref().as_ref());
        Some(v)
    }

    fn missing(&self, ctx: &mut Ctx, key: &str) {
        ctx.error(self.span.clone(), format!("{}: missing `{key}`", self.what));
    }

    fn value(&mut self, ctx: &mut Ctx, key: &str, required: bool) -> Option<&'a Value<'i>> {
        let v = self.get(key);
        if v.is_none() && required {
            self.missing(ctx, key);
        }
        v
    }

    fn string(&mut self, ctx: &mut Ctx, key: &str, required: bool) -> Option<(String, Range<usize>)> {
        let v = self.value(ctx, key, required)?;
        match v.get_ref() {
            DeValue::String(s) => Some((s.to_string(), v.span())),
            other => {
                ctx.error(v.span(), format!("{}: `{key}` must be a string, not {}", self.what, kind_of(other)));
                None
            }
        }
    }

    fn int(&mut self, ctx: &mut Ctx, key: &str, range: RangeInclusive<i64>, required: bool) -> Option<i64> {
        let v = self.value(ctx, key, required)?;
        let n = match v.get_ref() {
            DeValue::Integer(i) => parse_integer(i.as_str(), i.radix()),
            _ => None,
        };
        match n {
            Some(n) if range.contains(&n) => Some(n),
            Some(n) => {
                ctx.error(
                    v.span(),
                    format!("{}: `{key}` is {n}; it must be from {} to {}", self.what, range.start(), range.end()),
                );
                None
            }
            None => {
                ctx.error(v.span(), format!("{}: `{key}` must be a whole number", self.what));
                None
            }
        }
    }

    fn bool(&mut self, ctx: &mut Ctx, key: &str) -> Option<bool> {
        let v = self.get(key)?;
        match v.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            other => {
                ctx.error(v.span(), format!("{}: `{key}` must be true or false, not {}", self.what, kind_of(other)));
                None
            }
        }
    }

    fn array(&mut self, ctx: &mut Ctx, key: &str, required: bool) -> Option<&'a [Value<'i>]> {
        let v = self.value(ctx, key, required)?;
        match v.get_ref() {
            DeValue::Array(a) => Some(a.as_ref()),
            other => {
                ctx.error(v.span(), format!("{}: `{key}` must be a list, not {}", self.what, kind_of(other)));
                None
            }
        }
    }

    fn strings(&mut self, ctx: &mut Ctx, key: &str, required: bool) -> Vec<(String, Range<usize>)> {
        let what = self.what.clone();
        let Some(items) = self.array(ctx, key, required) else {
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|v| match v.get_ref() {
                DeValue::String(s) => Some((s.to_string(), v.span())),
                other => {
                    ctx.error(v.span(), format!("{what}: `{key}` entries must be strings, not {}", kind_of(other)));
                    None
                }
            })
            .collect()
    }

    /// Reports every key that no reader asked for.
    /// The entry's `id`: the entry is named by it in messages from here on, and the id is
    /// claimed in `ids` as a `kind` (unit or leader ids must be unique across the battle).
    fn claimed_id(&mut self, ctx: &mut Ctx, ids: &mut IdRegistry, kind: &str) -> Option<(String, Range<usize>)> {
        let id = self.string(ctx, "id", true);
        if let Some((id, id_span)) = &id {
            self.what = format!("{kind} `{id}`");
            ids.claim(ctx, id, id_span.clone(), kind);
        }
        id
    }

    fn finish(self, ctx: &mut Ctx) {
        for (k, _) in self.table.iter() {
            let name = k.get_ref().as_ref();
            if !self.used.contains(name) {
                ctx.error(k.span(), format!("{}: unknown key `{name}`", self.what));
            }
        }
    }
}

fn parse_integer(text: &str, radix: u32) -> Option<i64> {
    let cleaned: String = text.chars().filter(|&c| c != '_').collect();
    let (sign, digits) = match cleaned.strip_prefix('-') {
        Some(rest) => (-1, rest.to_string()),
        None => (1, cleaned.trim_start_matches('+').to_string()),
    };
    let digits = match radix {
        16 => digits.trim_start_matches("0x").to_string(),
        8 => digits.trim_start_matches("0o").to_string(),
        2 => digits.trim_start_matches("0b").to_string(),
        _ => digits,
    };
    i64::from_str_radix(&digits, radix).ok().map(|n| sign * n)
}

fn valid_id(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

fn read_document(ctx: &mut Ctx, doc: &Spanned<DeTable>, file: &str) -> Option<Scenario> {
    let mut top = Fields::new(doc.get_ref(), 0..0, "the file");
    match top.int(ctx, "format", 0..=i64::MAX, true) {
        Some(FORMAT_VERSION) | None => {}
        Some(n) => {
            let span = top.get("format").map_or(0..0, |v| v.span());
            ctx.error(span, format!("format {n} is not known; this version of Sarissa reads format {FORMAT_VERSION}"));
        }
    }
    let meta = top.value(ctx, "scenario", true).and_then(|v| read_meta(ctx, v, file));
    let (mut map, raw_camps, raw_city) = match top.value(ctx, "map", true).and_then(|v| read_map(ctx, v)) {
        Some((map, camps, city)) => (Some(map), camps, city),
        None => (None, Vec::new(), None),
    };
    let sides_value = top.array(ctx, "side", true);
    let position_head = top.get("position").and_then(|v| read_position(ctx, v));
    top.finish(ctx);
    let mut starts = Starts::default();

    let mut ids = IdRegistry::default();
    let mut sides = Vec::new();
    let mut units = Vec::new();
    let mut leaders = Vec::new();
    if let Some(items) = sides_value {
        if items.len() != 2 {
            let span = items.first().map_or(0..0, |v| v.span());
            ctx.error(span, format!("a battle has exactly two sides; this file has {}", items.len()));
        }
        for (index, item) in items.iter().enumerate().take(2) {
            let rules = meta.as_ref().map(|m| m.rules);
            let (map, ids) = (map.as_ref(), &mut ids);
            if let Some(side) = read_side(ctx, item, index, map, rules, ids, &mut units, &mut leaders, &mut starts) {
                sides.push(side);
            }
        }
        let mut side_ids = FxHashSet::default();
        for (side, item) in sides.iter().zip(items) {
            if !side_ids.insert(side.id.clone()) {
                ctx.error(item.span(), format!("side `{}` is defined twice", side.id));
            }
        }
    }
    if let Some(map) = &mut map {
        map.camps = resolve_camps(ctx, map, raw_camps, &sides, meta.as_ref().map(|m| m.rules));
        map.city = resolve_city(ctx, map, raw_city, &sides, meta.as_ref().map(|m| m.rules));
        check_stacking(ctx, map, meta.as_ref().map(|m| m.rules), &units, &ids, &starts);
    }
    check_contingents(ctx, &sides, &units, &leaders, &ids);
    if let Some(meta) = &meta {
        check_restrictions(ctx, meta, &sides, &leaders);
    }
    check_command_structure(ctx, &units, &leaders, &ids);
    let position = match (&meta, &map) {
        (Some(meta), Some(_)) => check_position(ctx, meta, &units, &leaders, position_head, starts),
        _ => None,
    };

    let (meta, map) = (meta?, map?);
    (sides.len() == 2).then_some(Scenario { meta, map, sides, units, leaders, position })
}

fn read_meta(ctx: &mut Ctx, value: &Value, file: &str) -> Option<Meta> {
    let mut f = Fields::of(ctx, value, "[scenario]")?;
    let id = f.string(ctx, "id", true);
    if let Some((id, span)) = &id {
        if !valid_id(id) {
            ctx.error(span.clone(), format!("scenario id `{id}` may only use lower-case letters, digits and '-'"));
        } else if let Some(stem) = file_stem(file) {
            if stem != id {
                ctx.error(span.clone(), format!("scenario id `{id}` does not match the file name `{stem}.toml`"));
            }
        }
    }
    let name = f.string(ctx, "name", true);
    let date = f.string(ctx, "date", true);
    let rules = f.string(ctx, "rules", true).and_then(|(r, span)| {
        let parsed = RuleSet::parse(&r);
        if parsed.is_none() {
            ctx.error(span, format!("rules `{r}` is not a rule set: use `alexander` or `chandragupta`"));
        }
        parsed
    });
    let summary = f.string(ctx, "summary", true);
    let note = f.string(ctx, "note", true);
    let sources = f.strings(ctx, "sources", true).into_iter().map(|(s, _)| s).collect();
    let length = f.string(ctx, "length", false).map(|(s, _)| s);
    let earlier_versions = f.strings(ctx, "earlier_versions", false).into_iter().map(|(s, _)| s).collect();
    let special_rules = read_special_rules(ctx, &mut f);
    let optional_rules = match f.get("optional_rules") {
        Some(v) => read_optional_rules(ctx, v),
        None => OptionalRules::default(),
    };
    f.finish(ctx);
    Some(Meta {
        id: id?.0,
        name: name?.0,
        date: date?.0,
        rules: rules?,
        summary: summary?.0,
        note: note?.0,
        sources,
        length,
        special_rules,
        optional_rules,
        earlier_versions,
    })
}

fn file_stem(file: &str) -> Option<&str> {
    let name = file.rsplit(['/', '\\']).next()?;
    name.strip_suffix(".toml")
}

fn read_special_rules(ctx: &mut Ctx, f: &mut Fields) -> Vec<SpecialRule> {
    let Some(items) = f.array(ctx, "special_rules", false) else {
        return Vec::new();
    };
    let mut seen = FxHashSet::default();
    items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| {
            let mut r = Fields::of(ctx, item, format!("special rule {}", i + 1))?;
            let id = r.string(ctx, "id", true);
            let title = r.string(ctx, "title", true);
            let text = r.string(ctx, "text", true);
            let players_keep = r.bool(ctx, "players_keep").unwrap_or(false);
            // One table, or an array of them.
            let no_entry = match r.value(ctx, "no_entry", false) {
                None => Vec::new(),
                Some(v) => match v.get_ref() {
                    DeValue::Array(items) => items.iter().filter_map(|i| read_no_entry(ctx, i)).collect(),
                    _ => read_no_entry(ctx, v).into_iter().collect(),
                },
            };
            r.finish(ctx);
            let (id, span) = id?;
            if !valid_id(&id) {
                ctx.error(
                    span.clone(),
                    format!("special rule id `{id}` may only use lower-case letters, digits and '-'"),
                );
            }
            if !seen.insert(id.clone()) {
                ctx.error(span, format!("special rule `{id}` is defined twice"));
            }
            Some(SpecialRule { id, title: title?.0, text: text?.0, no_entry, players_keep })
        })
        .collect()
}

/// A special rule's closed ground (P151); its side and leaders are checked once they are read.
fn read_no_entry(ctx: &mut Ctx, value: &Value) -> Option<NoEntry> {
    let mut f = Fields::of(ctx, value, "no_entry")?;
    let side = f.string(ctx, "side", true);
    let turns = f.array(ctx, "turns", false).map(|items| {
        let n: Vec<u16> = items
            .iter()
            .filter_map(|v| match v.get_ref() {
                DeValue::Integer(i) => i.to_string().parse().ok(),
                _ => None,
            })
            .collect();
        match n[..] {
            [a, b] if 1 <= a && a <= b => Some((a, b)),
            _ => {
                ctx.error(value.span(), "`turns` is [first, last], two game turns from 1, first <= last");
                None
            }
        }
    });
    let units = f.bool(ctx, "units").unwrap_or(true);
    let mut except_set_up_in = Vec::new();
    for (h, span) in f.strings(ctx, "except_set_up_in", false) {
        match HexId::parse(&h) {
            Some(hex) => except_set_up_in.push(hex),
            None => ctx.error(span, format!("`{h}` is not a hex id")),
        }
    }
    let leaders = f.strings(ctx, "leaders", false).into_iter().map(|(l, _)| l).collect();
    let mut terrain = Vec::new();
    for (t, span) in f.strings(ctx, "terrain", true) {
        match Terrain::ALL.into_iter().find(|x| x.name() == t || x.letter().to_string() == t) {
            Some(x) => terrain.push(x),
            None => ctx.error(span, format!("`{t}` is not a terrain (use its name, e.g. \"major river\")")),
        }
    }
    let beyond = f.bool(ctx, "beyond").unwrap_or(false);
    f.finish(ctx);
    Some(NoEntry { side: side?.0, turns: turns.flatten(), units, except_set_up_in, leaders, terrain, beyond })
}

fn read_optional_rules(ctx: &mut Ctx, value: &Value) -> OptionalRules {
    let mut rules = OptionalRules::default();
    let Some(DeValue::Table(t)) = Some(value.get_ref()) else {
        ctx.error(value.span(), "[scenario.optional_rules] must be a table");
        return rules;
    };
    for (k, v) in t.iter() {
        let key = k.get_ref().as_ref();
        match v.get_ref() {
            DeValue::Boolean(b) => {
                if !rules.set(key, *b) {
                    let known: Vec<_> = rules.entries().iter().map(|e| e.0).collect();
                    ctx.error(k.span(), format!("unknown optional rule `{key}` (known: {})", known.join(", ")));
                } else if key == "cavalry_pursuit" && *b {
                    // P91: 9.4 is played only with the Cavalry Charge Formation of 11.9, which
                    // the rulebook text we work from does not contain.
                    ctx.error(
                        k.span(),
                        "cavalry pursuit (GBA 9.4) is played only with charge formation (11.9), which this version \
                         does not have: leave it off",
                    );
                }
            }
            other => {
                ctx.error(v.span(), format!("optional rule `{key}` must be true or false, not {}", kind_of(other)))
            }
        }
    }
    rules
}

/// Parses `"HEX"` on the map.
fn parse_hex(ctx: &mut Ctx, s: &str, span: Range<usize>, map: Option<&Map>, what: &str) -> Option<HexId> {
    let Some(hex) = HexId::parse(s) else {
        ctx.error(span, format!("{what}: `{s}` is not a hex id (four digits, column then row, like 2214)"));
        return None;
    };
    if let Some(map) = map {
        if !map.contains(hex) {
            ctx.error(span, format!("{what}: hex {hex} is off the map ({} columns x {} rows)", map.columns, map.rows));
            return None;
        }
    }
    Some(hex)
}

fn parse_pair(ctx: &mut Ctx, s: &str, span: Range<usize>, map: &Map, what: &str) -> Option<(HexId, HexId)> {
    let Some((a, b)) = s.split_once('-') else {
        ctx.error(span, format!("{what}: `{s}` must be two hexes joined by '-', like 1205-1206"));
        return None;
    };
    let a = parse_hex(ctx, a, span.clone(), Some(map), what);
    let b = parse_hex(ctx, b, span, Some(map), what);
    Some((a?, b?))
}

/// Ids are unique across units and leaders; remembers where each was defined.
#[derive(Default)]
struct IdRegistry {
    spans: FxHashMap<String, Range<usize>>,
}

impl IdRegistry {
    fn claim(&mut self, ctx: &mut Ctx, id: &str, span: Range<usize>, what: &str) -> bool {
        if !valid_id(id) {
            ctx.error(span, format!("{what} id `{id}` may only use lower-case letters, digits and '-'"));
            return false;
        }
        if let Some(first) = self.spans.get(id) {
            let (line, _) = ctx.position(first.start);
            ctx.error(span, format!("id `{id}` is already used on line {line}"));
            return false;
        }
        self.spans.insert(id.to_string(), span);
        true
    }

    fn span(&self, id: &str) -> Range<usize> {
        self.spans.get(id).cloned().unwrap_or(0..0)
    }
}
