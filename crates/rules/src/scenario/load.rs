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

fn read_map(ctx: &mut Ctx, value: &Value) -> Option<(Map, Vec<RawCamp>, Option<RawCity>)> {
    let mut f = Fields::of(ctx, value, "[map]")?;
    let columns = f.int(ctx, "columns", 1..=99, true).map(|n| n as u8);
    let rows = f.int(ctx, "rows", 1..=99, true).map(|n| n as u8);
    let terrain_text = f.string(ctx, "terrain", true);
    let elevation_text = f.string(ctx, "elevation", true);
    let hexsides_value = f.get("hexsides");
    let camp_value = f.get("camp");
    let city_value = f.get("city");
    let compass = read_compass(ctx, &mut f);
    f.finish(ctx);
    let (columns, rows) = (columns?, rows?);

    let terrain_grid = terrain_text.clone();
    let terrain = terrain_text.and_then(|(text, span)| {
        read_grid(ctx, &text, span, "terrain", columns, rows, |c| {
            Terrain::from_letter(c).ok_or_else(|| {
                let known: String = Terrain::ALL.iter().map(|t| format!(" {} {}", t.letter(), t.name())).collect();
                format!("unknown terrain letter `{c}` (known:{known})")
            })
        })
    });
    let elevation = elevation_text.and_then(|(text, span)| {
        read_grid(ctx, &text, span, "elevation", columns, rows, |c| {
            c.to_digit(10).map(|d| d as u8).ok_or_else(|| format!("elevation must be a digit 0-9, not `{c}`"))
        })
    });
    // A grid that failed has been reported; a clear, flat placeholder keeps the later checks
    // (units on the map, hexsides) running so that every problem is reported in one pass.
    let cells = columns as usize * rows as usize;
    let mut map = Map {
        columns,
        rows,
        terrain: terrain.unwrap_or_else(|| vec![Terrain::Clear; cells]),
        elevation: elevation.unwrap_or_else(|| vec![0; cells]),
        hexsides: Vec::new(),
        compass,
        camps: Vec::new(),
        city: None,
        featured: Default::default(),
        drawn_costs: Default::default(),
    };
    if let Some(v) = hexsides_value {
        map.hexsides = read_hexsides(ctx, v, &map);
        map.featured = Default::default();
    }
    let camps = camp_value.map_or_else(Vec::new, |v| read_camps(ctx, v, &map));
    // CG 12.11 (P170): a camp tower stands on a palisade, in some camp's third enclosure.
    if let Some((text, span)) = &terrain_grid {
        let city = map.hexes().find(|&h| map.terrain(h).is_some_and(crate::map::city::is_city));
        if let (Some(h), None) = (city, city_value) {
            let (line, column) = grid_cell(ctx, text, span, h);
            ctx.error_at(
                line,
                column,
                format!(
                    "terrain grid: hex {h} is a {} (CG 12.2), but the map has no [map.city] table",
                    map.terrain(h).map_or("", Terrain::name)
                ),
            );
        }
    }
    if let Some((text, span)) = terrain_grid {
        let third = |h: HexId| {
            camps.iter().any(|c| c.enclosures.iter().any(|&(x, e)| x == h && e == crate::map::camp::PALISADE))
        };
        for h in map.hexes().filter(|&h| crate::map::camp::drawn_tower(&map, h) && !third(h)) {
            let (line, column) = grid_cell(ctx, &text, &span, h);
            ctx.error_at(
                line,
                column,
                format!("terrain grid: hex {h} is a camp tower (`T`), which must lie in a camp's third enclosure (`3` in [[map.camp]] enclosures; CG 12.11)"),
            );
        }
    }
    let city = city_value.and_then(|v| read_city(ctx, v, &map));
    Some((map, camps, city))
}

/// A city as written (CG 12.2): its side still a name, checked once the sides are read.
struct RawCity {
    span: Range<usize>,
    name: String,
    side: Option<(String, Range<usize>)>,
    streets: Vec<(HexId, HexId)>,
    main_street: Vec<(HexId, HexId)>,
}

/// `[map.city]`: `name`, `side` and the street chains (CG 12.23) and main-street chains (CG
/// 12.24), each a string of adjacent street or square hexes.
fn read_city(ctx: &mut Ctx, value: &Value, map: &Map) -> Option<RawCity> {
    let mut f = Fields::of(ctx, value, "[map.city]")?;
    let name = f.string(ctx, "name", true);
    let side = f.string(ctx, "side", true);
    let streets = f.strings(ctx, "streets", true);
    let main = f.strings(ctx, "main_street", false);
    f.finish(ctx);
    let mut steps = |chains: &[(String, Range<usize>)], key: &str| {
        let mut out = Vec::new();
        for (chain, span) in chains {
            out.extend(read_street_chain(ctx, chain, span.clone(), map, key));
        }
        out
    };
    let main_street = steps(&main, "main_street");
    let mut streets = steps(&streets, "streets");
    streets.extend(main_street.iter().copied());
    let tidy = |mut v: Vec<(HexId, HexId)>| {
        v.sort_unstable();
        v.dedup();
        v
    };
    Some(RawCity {
        span: value.span(),
        name: name.map_or_else(String::new, |n| n.0),
        side,
        streets: tidy(streets),
        main_street: tidy(main_street),
    })
}

/// One chain of `[map.city]` `streets` or `main_street` (CG 12.23): its steps, each pair sorted.
fn read_street_chain(ctx: &mut Ctx, chain: &str, span: Range<usize>, map: &Map, key: &str) -> Vec<(HexId, HexId)> {
    let what = format!("[map.city] {key} chain \"{chain}\"");
    let hexes: Vec<Option<HexId>> =
        chain.split_whitespace().map(|s| parse_hex(ctx, s, span.clone(), Some(map), &what)).collect();
    if hexes.len() < 2 {
        ctx.error(span, format!("{what}: a chain needs at least two hexes, separated by spaces"));
        return Vec::new();
    }
    let mut ok = true;
    for &hex in hexes.iter().flatten() {
        let terrain = map.terrain(hex).unwrap_or(Terrain::Clear);
        if !crate::map::city::is_street(terrain) {
            ctx.error(
                span.clone(),
                format!(
                    "{what}: hex {hex} is {}; a street runs through street (`=`) or square (`+`) hexes only",
                    terrain.name()
                ),
            );
            ok = false;
        }
    }
    let mut out = Vec::new();
    for pair in hexes.windows(2) {
        let (Some(a), Some(b)) = (pair[0], pair[1]) else {
            ok = false;
            continue;
        };
        if !a.is_adjacent(b) {
            ctx.error(span.clone(), format!("{what}: hexes {a} and {b} follow each other but are not adjacent"));
            ok = false;
        }
        out.push(if a < b { (a, b) } else { (b, a) });
    }
    if ok {
        out
    } else {
        Vec::new()
    }
}

/// The city, its side found and checked against the terrain and the gates (CG 12.2): city terrain
/// and `[map.city]` come together, and every `city_gate` has the city on exactly one side.
fn resolve_city(
    ctx: &mut Ctx,
    map: &Map,
    raw: Option<RawCity>,
    sides: &[Side],
    rules: Option<RuleSet>,
) -> Option<crate::map::city::City> {
    let city_hex = map.hexes().find(|&h| map.terrain(h).is_some_and(crate::map::city::is_city));
    // A city grid with no table is reported with the grid (read_map).
    let raw = raw?;
    if rules.is_some_and(|r| !crate::scenario::rule_set::hooks(r).city) {
        ctx.error(raw.span, "[map.city]: a city belongs to the chandragupta rules (CG 12.2)");
        return None;
    }
    if city_hex.is_none() {
        ctx.error(
            raw.span.clone(),
            "[map.city]: the map has no city hex (street `=`, square `+`, block `B`, temple `H`, palace `P`)",
        );
    }
    let in_city = |h: HexId| map.terrain(h).is_some_and(crate::map::city::is_city);
    for e in map.hexsides.iter().filter(|e| e.feature == HexsideFeature::CityGate) {
        if in_city(e.a) == in_city(e.b) {
            let (a, b) = (e.a, e.b);
            let what = if in_city(a) { "both are city hexes" } else { "neither is a city hex" };
            ctx.error(
                raw.span.clone(),
                format!("[map.city]: city_gate hexside {a}-{b} must have the city on exactly one side; {what}"),
            );
        }
    }
    let (id, span) = raw.side?;
    let Some(side) = sides.iter().position(|s| s.id == id) else {
        ctx.error(span, format!("[map.city]: `{id}` is not a side of this battle"));
        return None;
    };
    Some(crate::map::city::City { name: raw.name, side, streets: raw.streets, main_street: raw.main_street })
}

/// A camp as written (CG 12.1): its side still a name, checked once the sides are read.
struct RawCamp {
    span: Range<usize>,
    side: Option<(String, Range<usize>)>,
    /// Where the `enclosures` grid is, and its text, for the checks against the terrain.
    grid: Range<usize>,
    text: String,
    enclosures: Vec<(HexId, u8)>,
}

/// `[[map.camp]]` (or one `[map.camp]` table): `side` and an `enclosures` grid like `terrain`,
/// `1`–`4` for a hex's enclosure and `.` outside (CG 12.11).
fn read_camps(ctx: &mut Ctx, value: &Value, map: &Map) -> Vec<RawCamp> {
    let tables: Vec<&Value> = match value.get_ref() {
        DeValue::Array(items) => items.iter().collect(),
        _ => vec![value],
    };
    let mut out = Vec::new();
    for v in tables {
        let Some(mut f) = Fields::of(ctx, v, "[[map.camp]]") else { continue };
        let side = f.string(ctx, "side", true);
        let grid_text = f.string(ctx, "enclosures", true);
        f.finish(ctx);
        let Some((text, grid)) = grid_text else { continue };
        let Some(cells) = read_grid(ctx, &text, grid.clone(), "camp enclosures", map.columns, map.rows, |c| match c {
            '.' => Ok(0),
            '1'..='4' => Ok(c as u8 - b'0'),
            _ => Err(format!("an enclosure is `1` (royal) to `4` (outer), or `.` outside the camp; not `{c}`")),
        }) else {
            continue;
        };
        let mut enclosures: Vec<(HexId, u8)> = map.hexes().zip(cells).filter(|(_, e)| *e > 0).collect();
        enclosures.sort_unstable();
        out.push(RawCamp { span: v.span(), side, grid, text, enclosures });
    }
    out
}

/// The camps, their sides found and their hexes checked against the terrain and each other
/// (CG 12.1; rulings P160, P164): the enclosures within the palisade (1–3) are camp hexes (`c`),
/// and under camps every camp hex lies in one; the outer ring may be any ground one can stand on.
fn resolve_camps(
    ctx: &mut Ctx,
    map: &Map,
    raw: Vec<RawCamp>,
    sides: &[Side],
    rules: Option<RuleSet>,
) -> Vec<crate::map::camp::Camp> {
    let mut camps: Vec<crate::map::camp::Camp> = Vec::new();
    let first = raw.first().map(|c| (c.grid.clone(), c.text.clone()));
    for c in raw {
        if rules.is_some_and(|r| !crate::scenario::rule_set::hooks(r).camps) {
            ctx.error(c.span, "[[map.camp]]: camps belong to the chandragupta rules (CG 12.1)");
            continue;
        }
        if c.enclosures.is_empty() {
            ctx.error(c.grid.clone(), "[[map.camp]]: the camp has no hex in an enclosure (1 to 4)");
        }
        for &(hex, e) in &c.enclosures {
            let terrain = map.terrain(hex).unwrap_or(Terrain::Clear);
            let mut problems = Vec::new();
            // A tower's place is checked with the terrain (read_map).
            if e <= crate::map::camp::PALISADE && !matches!(terrain, Terrain::Camp | Terrain::CampTower) {
                problems.push(format!(
                    "hex {hex} is in enclosure {e}, within the palisade, so its terrain must be camp (`c`), not {}",
                    terrain.name()
                ));
            } else if terrain.is_impassable() {
                problems.push(format!("hex {hex} is {}; no camp stands there", terrain.name()));
            }
            if camps.iter().any(|o| o.enclosure(hex).is_some()) {
                problems.push(format!("hex {hex} is already in another camp"));
            }
            for p in problems {
                let (line, column) = grid_cell(ctx, &c.text, &c.grid, hex);
                ctx.error_at(line, column, format!("[[map.camp]]: {p}"));
            }
        }
        let Some((id, span)) = c.side else { continue };
        let Some(side) = sides.iter().position(|s| s.id == id) else {
            ctx.error(span, format!("[[map.camp]]: `{id}` is not a side of this battle"));
            continue;
        };
        camps.push(crate::map::camp::Camp { side, enclosures: c.enclosures });
    }
    if let (Some((grid, text)), false) = (first, camps.is_empty()) {
        let inside = |h: HexId| camps.iter().any(|c| c.enclosure(h).is_some_and(|e| e <= crate::map::camp::PALISADE));
        if let Some(h) = map.hexes().find(|&h| map.terrain(h) == Some(Terrain::Camp) && !inside(h)) {
            let (line, column) = grid_cell(ctx, &text, &grid, h);
            ctx.error_at(
                line,
                column,
                format!("[[map.camp]]: hex {h} is a camp hex (`c`) but in no camp's enclosure 1 to 3"),
            );
        }
    }
    camps
}

/// The optional rampage compass (GBA 11.14, A.12): six hexsides, for rolls 1 to 6.
fn read_compass(ctx: &mut Ctx, f: &mut Fields) -> [Hexside; 6] {
    let Some(v) = f.get("compass") else { return super::default_compass() };
    let entries = f.strings(ctx, "compass", false);
    let sides: Vec<Hexside> = entries
        .iter()
        .filter_map(|(s, span)| {
            let side = Hexside::parse(s);
            if side.is_none() {
                ctx.error(span.clone(), format!("[map]: compass entry `{s}` is not a hexside (N, NE, SE, S, SW, NW)"));
            }
            side
        })
        .collect();
    match <[Hexside; 6]>::try_from(sides) {
        Ok(c) => c,
        Err(sides) => {
            if sides.len() == entries.len() {
                ctx.error(
                    v.span(),
                    format!("[map]: `compass` needs six hexsides, for rolls 1 to 6; it has {}", sides.len()),
                );
            }
            super::default_compass()
        }
    }
}

/// The file line of a grid string's first line of content: a multi-line string starting with a
/// newline has its content begin on the next line.
fn grid_first_line(ctx: &Ctx, span: &Range<usize>) -> usize {
    let source_at = ctx.text.get(span.start..).unwrap_or("");
    let opens_with_newline = ["\"\"\"\n", "\"\"\"\r\n", "'''\n", "'''\r\n"].iter().any(|p| source_at.starts_with(p));
    ctx.position(span.start).0 + usize::from(opens_with_newline)
}

/// Where `hex`'s character stands in a grid already read (line and column), for a message about
/// it; the grid's own line when the row is not found.
fn grid_cell(ctx: &Ctx, text: &str, span: &Range<usize>, hex: HexId) -> (usize, usize) {
    let first = grid_first_line(ctx, span);
    let label = format!("{:02} ", hex.row);
    text.lines()
        .enumerate()
        .find_map(|(i, raw)| {
            let content = raw.trim_start();
            let indent = raw.len() - content.len();
            content.starts_with(&label).then(|| (first + i, indent + 3 + hex.col as usize))
        })
        .unwrap_or_else(|| ctx.position(span.start))
}

/// Reads a grid of one character per hex: lines `RR cells`, rows 1..=rows in order.
fn read_grid<T>(
    ctx: &mut Ctx,
    text: &str,
    span: Range<usize>,
    what: &str,
    columns: u8,
    rows: u8,
    parse: impl Fn(char) -> Result<T, String>,
) -> Option<Vec<T>> {
    let first_line = grid_first_line(ctx, &span);

    let mut cells = Vec::with_capacity(columns as usize * rows as usize);
    let mut errors = 0usize;
    let mut report = |ctx: &mut Ctx, line: usize, column: usize, message: String| {
        errors += 1;
        if errors <= MAX_GRID_ERRORS {
            ctx.error_at(line, column, format!("{what} grid: {message}"));
        }
    };
    let mut expected_row = 1u8;
    let mut ok = true;
    for (i, raw) in text.lines().enumerate() {
        let line_no = first_line + i;
        let trimmed = raw.trim_end();
        let indent = trimmed.len() - trimmed.trim_start().len();
        let content = trimmed.trim_start();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        if expected_row > rows {
            report(ctx, line_no, indent + 1, format!("more rows than the map's {rows}"));
            ok = false;
            break;
        }
        let (label, hexes) = match content.split_once(' ') {
            Some((label, hexes)) if label.len() == 2 && label.bytes().all(|b| b.is_ascii_digit()) => (label, hexes),
            _ => {
                report(
                    ctx,
                    line_no,
                    indent + 1,
                    format!("a row starts with its two-digit number and a space, like `{expected_row:02} ....`"),
                );
                ok = false;
                expected_row += 1;
                continue;
            }
        };
        let row: u8 = label.parse().unwrap_or(0);
        if row != expected_row {
            report(ctx, line_no, indent + 1, format!("row {label} found where row {expected_row:02} was expected"));
            ok = false;
        }
        let chars: Vec<char> = hexes.chars().collect();
        if chars.len() != columns as usize {
            report(
                ctx,
                line_no,
                indent + 4,
                format!("row {label} has {} hexes; the map has {columns} columns", chars.len()),
            );
            ok = false;
        }
        for (c, ch) in chars.iter().enumerate().take(columns as usize) {
            match parse(*ch) {
                Ok(v) => cells.push(v),
                Err(message) => {
                    let hex = HexId::new(c as u8 + 1, expected_row);
                    report(ctx, line_no, indent + 4 + c, format!("hex {hex}: {message}"));
                    ok = false;
                }
            }
        }
        expected_row += 1;
    }
    if ok && expected_row <= rows {
        let (line, _) = ctx.position(span.end);
        report(ctx, line, 1, format!("has {} rows; the map has {rows}", expected_row - 1));
        ok = false;
    }
    if errors > MAX_GRID_ERRORS {
        let (line, column) = ctx.position(span.start);
        ctx.error_at(line, column, format!("{what} grid: {} more problems not listed", errors - MAX_GRID_ERRORS));
    }
    ok.then_some(cells)
}

fn read_hexsides(ctx: &mut Ctx, value: &Value, map: &Map) -> Vec<HexsideEntry> {
    let DeValue::Table(t) = value.get_ref() else {
        ctx.error(value.span(), "[map.hexsides] must be a table of feature = [\"HEX-HEX\", ...]");
        return Vec::new();
    };
    // Gather every entry first, then check them in file order, so a clash is reported at the
    // later of the two entries whatever the keys are called.
    let mut entries = Vec::new();
    for (k, v) in t.iter() {
        let key = k.get_ref().as_ref();
        let Some(feature) = HexsideFeature::from_key(key) else {
            let known: Vec<_> = HexsideFeature::ALL.iter().map(|f| f.key()).collect();
            ctx.error(k.span(), format!("unknown hexside feature `{key}` (known: {})", known.join(", ")));
            continue;
        };
        let DeValue::Array(items) = v.get_ref() else {
            ctx.error(v.span(), format!("hexsides `{key}` must be a list of \"HEX-HEX\" strings"));
            continue;
        };
        entries.extend(items.iter().map(|item| (feature, item)));
    }
    entries.sort_by_key(|(_, item)| item.span().start);
    let mut found: BTreeMap<(HexId, HexId), HexsideFeature> = BTreeMap::new();
    for (feature, item) in entries {
        let key = feature.key();
        let DeValue::String(s) = item.get_ref() else {
            ctx.error(item.span(), format!("hexsides `{key}`: entries must be strings like \"1205-1206\""));
            continue;
        };
        let Some((a, b)) = parse_pair(ctx, s, item.span(), map, &format!("{key} hexside")) else {
            continue;
        };
        if !a.is_adjacent(b) {
            ctx.error(item.span(), format!("{key} hexside `{s}`: hexes {a} and {b} are not adjacent"));
            continue;
        }
        let pair = if a < b { (a, b) } else { (b, a) };
        if let Some(other) = found.get(&pair) {
            let msg = if *other == feature {
                format!("{key} hexside `{s}` is listed twice")
            } else {
                format!("hexside `{s}` already has a {}; a hexside carries one feature", other.key())
            };
            ctx.error(item.span(), msg);
            continue;
        }
        found.insert(pair, feature);
    }
    found.into_iter().map(|((a, b), feature)| HexsideEntry { a, b, feature }).collect()
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

#[allow(clippy::too_many_arguments)]
fn read_side(
    ctx: &mut Ctx,
    value: &Value,
    index: SideIndex,
    map: Option<&Map>,
    rules: Option<RuleSet>,
    ids: &mut IdRegistry,
    units: &mut Vec<Unit>,
    leaders: &mut Vec<Leader>,
    starts: &mut Starts,
) -> Option<Side> {
    let mut f = Fields::of(ctx, value, format!("side {}", index + 1))?;
    let id = f.string(ctx, "id", true);
    if let Some((id, span)) = &id {
        if !valid_id(id) {
            ctx.error(span.clone(), format!("side id `{id}` may only use lower-case letters, digits and '-'"));
        }
        f.what = format!("side `{id}`");
    }
    let name = f.string(ctx, "name", true);
    let edge = f.string(ctx, "retreat_edge", true).and_then(|(s, span)| {
        let e = Edge::parse(&s);
        if e.is_none() {
            ctx.error(span, format!("retreat_edge `{s}` must be north, south, east or west"));
        }
        e
    });
    let withdrawal_level = f.int(ctx, "withdrawal_level", 1..=999, true).map(|n| n as u16);
    let macedonian = f.bool(ctx, "macedonian").unwrap_or(false);
    let indian = f.bool(ctx, "indian").unwrap_or(false);
    // House rule B2 (P335): a barbarian army.
    let barbarian = f.bool(ctx, "barbarian").unwrap_or(false);
    if indian && rules == Some(RuleSet::Chandragupta) {
        let span = f.get("indian").map_or(f.span.clone(), |v| v.span());
        ctx.error(span, format!("{}: `indian` marks Porus's army in the alexander rules; Chandragupta marks Indian units by `grade` (CG 2.22)", f.what));
    }
    let line_command = f
        .strings(ctx, "line_command", false)
        .into_iter()
        .filter_map(|(s, span)| parse_line_type(ctx, &s, span, "line_command", rules))
        .collect();
    let flight_value = f.get("flight_levels");
    let unit_items = f.array(ctx, "units", true).unwrap_or(&[]);
    let leader_items = f.array(ctx, "leaders", true).unwrap_or(&[]);
    let side_what = f.what.clone();
    let side_span = f.span.clone();
    f.finish(ctx);

    for item in unit_items {
        if let Some(u) = read_unit(ctx, item, index, map, rules, ids, starts) {
            units.push(u);
        }
    }
    let flight_levels = flight_value.map(|v| read_flight_levels(ctx, v, &side_what, index, rules, units));
    let mut overall = 0;
    for item in leader_items {
        if let Some(l) = read_leader(ctx, item, index, map, rules, indian, ids, starts) {
            overall += usize::from(l.role == LeaderRole::Overall);
            leaders.push(l);
        }
    }
    // CG 4.41: some Indian armies have more than one overall commander.
    let several = rules == Some(RuleSet::Chandragupta);
    if overall == 0 || (overall > 1 && !several) {
        let wanted = if several { "at least one" } else { "exactly one" };
        ctx.error(
            side_span,
            format!("{side_what} must have {wanted} leader with role = \"overall\"; it has {overall}"),
        );
    }
    Some(Side {
        id: id?.0,
        name: name?.0,
        retreat_edge: edge?,
        withdrawal_level: withdrawal_level?,
        macedonian,
        indian,
        barbarian,
        line_command,
        flight_levels: flight_levels.unwrap_or_default(),
    })
}

/// CG 11.42: `flight_levels = { <guild or tribe> = N }` on a side; each names a guild or tribe
/// of that side's Sreni or Tribal units.
fn read_flight_levels(
    ctx: &mut Ctx,
    value: &Value,
    what: &str,
    side: SideIndex,
    rules: Option<RuleSet>,
    units: &[Unit],
) -> BTreeMap<String, u8> {
    let mut out = BTreeMap::new();
    let DeValue::Table(t) = value.get_ref() else {
        ctx.error(value.span(), format!("{what}: `flight_levels` must be a table of guild or tribe = level"));
        return out;
    };
    if rules != Some(RuleSet::Chandragupta) {
        ctx.error(value.span(), format!("{what}: `flight_levels` is a Chandragupta rule (CG 11.42)"));
    }
    for (k, v) in t.iter() {
        let key = k.get_ref().as_ref();
        let banded = units.iter().any(|u| {
            u.side == side && u.guild.as_deref() == Some(key) && matches!(u.grade, Some(Grade::Sreni | Grade::Tribal))
        });
        if !banded {
            ctx.error(k.span(), format!("{what}: no sreni or tribal unit of this side belongs to `{key}` (CG 11.42)"));
        }
        let level = match v.get_ref() {
            DeValue::Integer(i) => parse_integer(i.as_str(), i.radix()).filter(|n| (0..=99).contains(n)),
            _ => None,
        };
        match level {
            Some(n) => {
                out.insert(key.to_string(), n as u8);
            }
            None => ctx.error(v.span(), format!("{what}: flight level of `{key}` must be a whole number from 0 to 99")),
        }
    }
    out
}

fn parse_line_type(ctx: &mut Ctx, s: &str, span: Range<usize>, key: &str, rules: Option<RuleSet>) -> Option<LineType> {
    let parsed = LineType::parse(s);
    match parsed {
        None => ctx.error(
            span,
            format!(
                "`{key}` entry `{s}` is not a unit type or TYPE/CLASS (e.g. HC, PH/MA, LC/A; CG also EL+LI, CH+LI)"
            ),
        ),
        // CG 4.33: Combined lines are Chandragupta's.
        Some(t) if t.combined && rules != Some(RuleSet::Chandragupta) => ctx.error(
            span,
            format!("`{key}` entry `{s}`: Combined EL/LI and CH/LI lines are Chandragupta rules (CG 4.33)"),
        ),
        Some(_) => {}
    }
    parsed
}

fn read_unit(
    ctx: &mut Ctx,
    value: &Value,
    side: SideIndex,
    map: Option<&Map>,
    rules: Option<RuleSet>,
    ids: &mut IdRegistry,
    starts: &mut Starts,
) -> Option<Unit> {
    let mut f = Fields::of(ctx, value, "unit")?;
    let span = value.span();
    let id = f.string(ctx, "id", true);
    if let Some((id, id_span)) = &id {
        f.what = format!("unit `{id}`");
        ids.claim(ctx, id, id_span.clone(), "unit");
    }
    let what = f.what.clone();
    let name = f.string(ctx, "name", true);
    let kind = f.string(ctx, "type", true).and_then(|field| parse_type(ctx, &what, field));
    let class_field = f.string(ctx, "class", false);
    let size = f.int(ctx, "size", 1..=20, true).map(|n| n as u8);
    let tq = f.int(ctx, "tq", 1..=9, true).map(|n| n as u8);
    let ma = f.int(ctx, "ma", 1..=12, true).map(|n| n as u8);
    let ma_extended = f.int(ctx, "ma_extended", 1..=12, false).map(|n| n as u8);
    let missile_field = f.string(ctx, "missile", false);
    let at = f.string(ctx, "at", true);
    // Its markers at the start of a position (docs/scenario-format.md); a column faces a hexside.
    let (start, start_spans) = read_unit_start(ctx, &mut f);
    let facing = f.string(ctx, "facing", true).and_then(|(s, span)| {
        if start.column {
            // GBA 6.63: a column faces a hexside, stored as the vertex of the same index (`Heading`).
            let h = Hexside::parse(&s);
            if h.is_none() {
                ctx.error(span, format!("{what}: a unit In Column faces a hexside: N, NE, SE, S, SW or NW (GBA 6.63)"));
            }
            return h.map(|h| Vertex::from_index(h.index()));
        }
        let v = Vertex::parse(&s);
        if v.is_none() {
            ctx.error(span, format!("{what}: facing `{s}` must be a vertex: E, NE, NW, W, SW or SE"));
        }
        v
    });
    let origin = f.string(ctx, "origin", false).map(|(s, _)| s);
    let tags: Vec<UnitTag> = f
        .strings(ctx, "tags", false)
        .into_iter()
        .filter_map(|(s, span)| {
            let t = UnitTag::parse(&s);
            if t.is_none() {
                let known: Vec<_> = UnitTag::ALL.iter().map(|t| t.key()).collect();
                ctx.error(span, format!("{what}: unknown tag `{s}` (known: {})", known.join(", ")));
            }
            t
        })
        .collect();
    let grade = f.string(ctx, "grade", false).and_then(|(s, span)| {
        let g = Grade::parse(&s);
        if g.is_none() {
            ctx.error(span.clone(), format!("{what}: grade `{s}` must be maula, bharta, sreni or tribal"));
        } else if rules == Some(RuleSet::Alexander) {
            ctx.error(span, format!("{what}: Indian grades belong to the chandragupta rules (CG 2.22)"));
        }
        g
    });
    // CG 4.62: a Sreni or Tribal unit names its guild or tribe, so that its own chief orders it.
    let guild = f.string(ctx, "guild", false).map(|(s, span)| {
        if !matches!(grade, Some(Grade::Sreni | Grade::Tribal)) {
            ctx.error(span, format!("{what}: `guild` names the guild or tribe of a sreni or tribal unit (CG 4.62)"));
        }
        s
    });
    let bow_field = f.bool(ctx, "bow");
    let engine = f.string(ctx, "engine", false).and_then(|(s, span)| {
        let e = Engine::parse(&s);
        if e.is_none() {
            ctx.error(span, format!("{what}: engine `{s}` must be yantra, jamadagnya or sarvatobhadra (CG 10.5)"));
        }
        e
    });
    let immovable = f.bool(ctx, "immovable").unwrap_or(false);
    let dismounted_field = f.value(ctx, "dismounted", false);
    f.finish(ctx);
    let kind = kind?;
    // CG 10.5: a Chandragupta artillery unit names its engine; nothing else has one.
    match (kind, engine, rules) {
        (UnitType::AT, None, Some(RuleSet::Chandragupta)) => ctx.error(
            span.clone(),
            format!("{what}: Chandragupta artillery names its `engine`: yantra, jamadagnya or sarvatobhadra (CG 10.5)"),
        ),
        (UnitType::AT, Some(_), Some(RuleSet::Chandragupta)) | (_, None, _) => {}
        (_, Some(_), _) => {
            ctx.error(span.clone(), format!("{what}: `engine` belongs to Chandragupta artillery (type AT, CG 10.5)"))
        }
    }
    if immovable && engine != Some(Engine::Jamadagnya) {
        ctx.error(span.clone(), format!("{what}: only a Jamadagnya may be `immovable` (CG 10.54)"));
    }
    // CG G52: only a Chandragupta elephant may carry the real bow of a "J/A" counter.
    let bow = bow_field.unwrap_or(false);
    if bow && (kind != UnitType::EL || rules == Some(RuleSet::Alexander)) {
        ctx.error(
            span.clone(),
            format!("{what}: `bow` marks a Chandragupta \"J/A\" elephant (CG G52); this unit cannot have it"),
        );
    }

    let class = class_field.and_then(|field| parse_class(ctx, &what, kind, field));
    // CG 10.5: an engine shoots its own bolts and stones; its missile letter may be left out.
    let missile_field = missile_field.or_else(|| engine.map(|_| ("B".to_string(), span.clone())));
    let missile = missile_field.and_then(|field| parse_missile(ctx, &what, field));

    // Ratings that the rules make impossible.
    check_size(ctx, &span, &what, kind, size);
    match (kind, ma, ma_extended) {
        (UnitType::PH, _, None) => {
            ctx.error(span.clone(), format!("{what}: a phalanx needs `ma_extended`, its augmented MA (GBA 6.46)"));
        }
        (UnitType::PH, Some(ma), Some(ext)) if ext <= ma => {
            ctx.error(span.clone(), format!("{what}: ma_extended {ext} must be greater than ma {ma} (GBA 6.46)"));
        }
        (UnitType::PH, _, _) | (_, _, None) => {}
        (_, _, Some(_)) => {
            ctx.error(span.clone(), format!("{what}: only phalanxes have `ma_extended` (GBA 6.46)"));
        }
    }
    check_arms(ctx, &span, &what, kind, class, missile);

    // Placement: one hex, or two adjacent hexes for the two-hex types (GBA 6.41).
    let two_hex_type = is_two_hex_type(kind, class);
    let placement = at.and_then(|(s, at_span)| {
        if let Some((a, b)) = s.split_once('-') {
            let a = parse_hex(ctx, a, at_span.clone(), map, &what);
            let b = parse_hex(ctx, b, at_span.clone(), map, &what);
            let (a, b) = (a?, b?);
            if !two_hex_type {
                ctx.error(
                    at_span,
                    format!("{what}: only PH, HI/HO and LP/CA are two-hex units (GBA 6.41); a {} stands in one hex", Unit::label_of(kind, class)),
                );
                return None;
            }
            let Some(side) = a.side_towards(b) else {
                ctx.error(at_span, format!("{what}: the two halves {a} and {b} are not adjacent"));
                return None;
            };
            if let (Some(facing), true) = (facing, start.column) {
                // GBA 6.63: a two-hex column faces along its length, out of either end.
                // The same test as `movement::is_column_pose`, which this layer may not call.
                if facing.index() % 3 != side.index() % 3 {
                    let ends = [side, Hexside::from_index(side.index() + 3)];
                    ctx.error(
                        at_span.clone(),
                        format!(
                            "{what}: a two-hex column at {a}-{b} faces along its length: {} or {} (GBA 6.63)",
                            ends[0].name(),
                            ends[1].name()
                        ),
                    );
                }
            } else if let Some(facing) = facing {
                let allowed = Vertex::perpendicular_to(side);
                if !allowed.contains(&facing) {
                    ctx.error(
                        at_span.clone(),
                        format!(
                            "{what}: a two-hex unit at {a}-{b} faces across its long edge: {} or {}, not {} (GBA 7.11)",
                            allowed[0].name(),
                            allowed[1].name(),
                            facing.name()
                        ),
                    );
                }
            }
            Some(Placement::Two(a, b))
        } else {
            let hex = parse_hex(ctx, &s, at_span.clone(), map, &what)?;
            if two_hex_type && kind != UnitType::HI {
                ctx.error(at_span, format!("{what}: a {} is a two-hex unit (GBA 6.41): give `at` as \"HEX-HEX\"", Unit::label_of(kind, class)));
                return None;
            }
            if two_hex_type {
                ctx.error(at_span, format!("{what}: HI/HO hoplites are two-hex units (GBA 6.41): give `at` as \"HEX-HEX\", or use class HY"));
                return None;
            }
            Some(Placement::One(hex))
        }
    });
    if let (Some(p), Some(map)) = (&placement, map) {
        for hex in p.hexes() {
            if map.terrain(hex).is_some_and(Terrain::is_impassable) {
                ctx.error(span.clone(), format!("{what}: hex {hex} is sea or lake, where no unit may stand"));
            }
        }
    }

    let mut unit = Unit {
        id: id?.0,
        name: name?.0,
        side,
        kind,
        class,
        size: size?,
        tq: tq?,
        ma: ma?,
        ma_extended,
        missile,
        placement: placement?,
        facing: facing?,
        origin,
        tags,
        grade,
        guild,
        bow,
        engine,
        immovable,
        dismounted: None,
    };
    if let Some(value) = dismounted_field {
        unit.dismounted = read_foot_side(ctx, value, &unit, rules);
    }
    if start != UnitStart::default() {
        starts.units.push((unit.id.clone(), start, start_spans));
    }
    Some(unit)
}

/// A chariot's foot side, `dismounted = { type = "LI", ... }` (CG 10.28, 2.21): only an Indian
/// chariot (one with a grade) under the Chandragupta rules has one, and it shows a one-hex foot
/// unit. Size and TQ left out are the mounted side's; the missile, the one its class implies,
/// else the mounted side's (the crew keep their bows); its type and MA must be given.
fn read_foot_side(ctx: &mut Ctx, value: &Value, mounted: &Unit, rules: Option<RuleSet>) -> Option<FootSide> {
    let what = format!("unit `{}`: its foot side (`dismounted`)", mounted.id);
    let mut f = Fields::of(ctx, value, what.clone())?;
    let span = value.span();
    let kind = f.string(ctx, "type", true).and_then(|field| parse_type(ctx, &what, field));
    let class_field = f.string(ctx, "class", false);
    let size = f.int(ctx, "size", 1..=20, false).map(|n| n as u8).unwrap_or(mounted.size);
    let tq = f.int(ctx, "tq", 1..=9, false).map(|n| n as u8).unwrap_or(mounted.tq);
    let ma = f.int(ctx, "ma", 1..=12, true).map(|n| n as u8);
    let missile_field = f.string(ctx, "missile", false);
    f.finish(ctx);
    if rules != Some(RuleSet::Chandragupta) {
        ctx.error(span.clone(), format!("{what}: chariots dismount only under the chandragupta rules (CG 10.28)"));
    }
    if !matches!(mounted.kind, UnitType::CH | UnitType::ChStar) || mounted.grade.is_none() {
        ctx.error(
            span.clone(),
            format!("{what}: only an Indian chariot (type CH or CH* with a grade) has a foot side (CG 10.28)"),
        );
    }
    let kind = kind?;
    let class = class_field.and_then(|field| parse_class(ctx, &what, kind, field));
    let foot = !kind.is_cavalry() && !matches!(kind, UnitType::EL | UnitType::CH | UnitType::ChStar | UnitType::AT);
    if !foot || is_two_hex_type(kind, class) {
        ctx.error(
            span.clone(),
            format!("{what}: the crew fight as a one-hex foot unit (CG 10.28), not {}", Unit::label_of(kind, class)),
        );
    }
    let missile = match missile_field {
        Some(field) => parse_missile(ctx, &what, field),
        None => class.and_then(UnitClass::implied_missile).or(mounted.missile),
    };
    check_size(ctx, &span, &what, kind, Some(size));
    check_arms(ctx, &span, &what, kind, class, missile);
    Some(FootSide { kind, class, size, tq, ma: ma?, missile })
}

/// A unit's `type`.
fn parse_type(ctx: &mut Ctx, what: &str, (s, span): (String, Range<usize>)) -> Option<UnitType> {
    let t = UnitType::parse(&s);
    if t.is_none() {
        let known: Vec<_> = UnitType::ALL.iter().map(|t| t.code()).collect();
        ctx.error(span, format!("{what}: unknown type `{s}` (known: {})", known.join(" ")));
    }
    t
}

/// A unit's `class`, one its type allows.
fn parse_class(ctx: &mut Ctx, what: &str, kind: UnitType, (s, span): (String, Range<usize>)) -> Option<UnitClass> {
    let c = UnitClass::parse(&s).filter(|c| kind.allowed_classes().contains(c));
    if c.is_none() {
        let allowed: Vec<_> = kind.allowed_classes().iter().map(|c| c.code()).collect();
        let hint = if allowed.is_empty() { "none".to_string() } else { allowed.join(", ") };
        ctx.error(span, format!("{what}: class `{s}` is not a class of {} (allowed: {hint})", kind.code()));
    }
    c
}

/// A unit's `missile` letter.
fn parse_missile(ctx: &mut Ctx, what: &str, (s, span): (String, Range<usize>)) -> Option<Missile> {
    let m = Missile::parse(&s);
    if m.is_none() {
        ctx.error(span, format!("{what}: missile `{s}` must be J, A, A*, S or B"));
    }
    m
}

/// The size the rules allow a type (GBA 2.5).
fn check_size(ctx: &mut Ctx, span: &Range<usize>, what: &str, kind: UnitType, size: Option<u8>) {
    if let Some(size) = size {
        if kind.is_foot_skirmisher() && size != 1 {
            ctx.error(span.clone(), format!("{what}: foot skirmishers always have size 1 (GBA 2.5), not {size}"));
        }
    }
}

/// The missile letter against what the type and class carry (GBA 2.21, 2.4).
fn check_arms(
    ctx: &mut Ctx,
    span: &Range<usize>,
    what: &str,
    kind: UnitType,
    class: Option<UnitClass>,
    missile: Option<Missile>,
) {
    if kind == UnitType::LN && missile.is_some() {
        ctx.error(span.clone(), format!("{what}: lancers carry no missiles (GBA 2.4)"));
    }
    let implied = class.and_then(UnitClass::implied_missile);
    let needs_missile = kind.always_missile() || implied.is_some();
    if needs_missile && missile.is_none() {
        ctx.error(span.clone(), format!("{what}: a {} unit needs a `missile` letter", Unit::label_of(kind, class)));
    }
    if let (Some(implied), Some(m)) = (implied, missile) {
        let compatible = implied == m || (implied == Missile::Arrow && m == Missile::LongBow);
        if !compatible {
            ctx.error(
                span.clone(),
                format!(
                    "{what}: class {} fights with {}, but missile is {}",
                    class.map_or("", |c| c.code()),
                    implied.letter(),
                    m.letter()
                ),
            );
        }
    }
}

/// The two-hex types (GBA 6.41).
fn is_two_hex_type(kind: UnitType, class: Option<UnitClass>) -> bool {
    matches!(
        (kind, class),
        (UnitType::PH, _) | (UnitType::HI, Some(UnitClass::HO)) | (UnitType::LP, Some(UnitClass::CA))
    )
}

impl Unit {
    fn label_of(kind: UnitType, class: Option<UnitClass>) -> String {
        LineType::of(kind, class).label()
    }
}

#[allow(clippy::too_many_arguments)]
fn read_leader(
    ctx: &mut Ctx,
    value: &Value,
    side: SideIndex,
    map: Option<&Map>,
    rules: Option<RuleSet>,
    indian: bool,
    ids: &mut IdRegistry,
    starts: &mut Starts,
) -> Option<Leader> {
    let mut f = Fields::of(ctx, value, "leader")?;
    let span = value.span();
    let id = f.string(ctx, "id", true);
    if let Some((id, id_span)) = &id {
        f.what = format!("leader `{id}`");
        ids.claim(ctx, id, id_span.clone(), "leader");
    }
    let what = f.what.clone();
    let name = f.string(ctx, "name", true);
    let role = f.string(ctx, "role", true).and_then(|(s, span)| {
        let r = LeaderRole::parse(&s);
        if r.is_none() {
            ctx.error(
                span,
                format!("{what}: role `{s}` must be overall, wing, subordinate, nayaka, guild-chief or tribal-chief"),
            );
        } else if r.is_some_and(LeaderRole::indian_only) && rules == Some(RuleSet::Alexander) {
            ctx.error(span, format!("{what}: role `{s}` belongs to the chandragupta rules (CG 4.4)"));
        }
        r
    });
    let cg = rules == Some(RuleSet::Chandragupta);
    let contingent = f.bool(ctx, "contingent").unwrap_or(false);
    if contingent && cg {
        ctx.error(span.clone(), format!("{what}: Chandragupta has no contingent commanders (CG 4.1, D5)"));
    }
    let initiative = f.int(ctx, "initiative", 1..=9, !contingent).map(|n| n as u8);
    if contingent && f.get("initiative").is_some() {
        ctx.error(span.clone(), format!("{what}: a contingent commander has \"C\" instead of an initiative (GBA 5.6)"));
    }
    // P112: `contingent_units` with an initiative: a contingent commander when 5.6 is on, an
    // ordinary leader with that initiative when it is off.
    let contingent_units: Vec<String> = f.strings(ctx, "contingent_units", false).into_iter().map(|(s, _)| s).collect();
    if cg && !contingent && !contingent_units.is_empty() {
        ctx.error(span.clone(), format!("{what}: Chandragupta has no contingent commanders (CG 4.1, D5)"));
    }
    if contingent && contingent_units.is_empty() {
        ctx.error(span.clone(), format!("{what}: a contingent commander needs `contingent_units` (GBA 5.6)"));
    }
    let command_range = f.int(ctx, "command_range", 1..=12, true).map(|n| n as u8);
    let charisma = f.int(ctx, "charisma", 0..=6, true).map(|n| n as u8);
    // GBA 2.25, 9.23: Indian leaders have no Personal Combat rating.
    let pc_required = rules == Some(RuleSet::Alexander) && !indian;
    if indian && f.get("personal_combat").is_some() {
        ctx.error(span.clone(), format!("{what}: Indian leaders have no Personal Combat rating (GBA 2.25, 9.23)"));
    }
    let personal_combat = f.int(ctx, "personal_combat", 0..=9, pc_required).map(|n| n as u8);
    if personal_combat.is_some() && cg {
        ctx.error(span.clone(), format!("{what}: Chandragupta leaders have no personal combat rating (CG 4.1, D5)"));
    }
    // CG 4.53: a Nayaka's counter names the lines he commands; he has Line Command for them.
    let nayaka = role == Some(LeaderRole::Nayaka);
    let line_command = f.bool(ctx, "line_command").unwrap_or(nayaka);
    let line_types: Vec<LineType> = f
        .strings(ctx, "line_types", false)
        .into_iter()
        .filter_map(|(s, span)| parse_line_type(ctx, &s, span, "line_types", rules))
        .collect();
    if !line_command && !line_types.is_empty() {
        ctx.error(
            span.clone(),
            format!("{what}: `line_types` restricts Line Commands, so it needs `line_command = true` (GBA 4.37)"),
        );
    }
    let strategy = f.int(ctx, "strategy", 0..=9, false).map(|n| n as u8);
    // CG 4.54[3]: a wing commander rolls his strategy for each extra Nayaka, L or not.
    if strategy.is_some() && !line_command && role != Some(LeaderRole::Wing) {
        ctx.error(span.clone(), format!("{what}: a strategy rating is for leaders with Line Command (GBA 4.1, 4.34)"));
    }
    if nayaka && line_types.is_empty() {
        ctx.error(span.clone(), format!("{what}: a nayaka needs `line_types`, the lines on his counter (CG 4.53)"));
    }
    let elite = f.bool(ctx, "elite").unwrap_or(false);
    let darius_the_target = f.bool(ctx, "darius_the_target").unwrap_or(false);
    if elite && cg {
        ctx.error(span.clone(), format!("{what}: Chandragupta has no elite commanders (CG 4.1, D5)"));
    }
    let wing = f.string(ctx, "wing", nayaka).map(|(s, _)| s);
    if wing.is_some() && !nayaka {
        ctx.error(span.clone(), format!("{what}: only a nayaka names his `wing` commander (CG 4.51)"));
    }
    let chief = role.is_some_and(LeaderRole::is_chief);
    let guild = f.string(ctx, "guild", chief).map(|(s, _)| s);
    if guild.is_some() && !chief {
        ctx.error(span.clone(), format!("{what}: only a guild or tribal chief names a `guild` (CG 4.62)"));
    }
    // CG 6.16: an Indian leader may ride an elephant or a chariot all game (D6).
    let rides = f.string(ctx, "rides", false).and_then(|(s, rides_span)| {
        let kind = UnitType::parse(&s).filter(|k| matches!(k, UnitType::EL | UnitType::CH | UnitType::ChStar));
        if kind.is_none() {
            ctx.error(rides_span.clone(), format!("{what}: `rides` is EL, CH or CH* (CG 6.16)"));
        }
        if !cg {
            ctx.error(rides_span, format!("{what}: `rides` is a Chandragupta rule (CG 6.16)"));
        }
        kind
    });
    let title = f.string(ctx, "title", false).map(|(s, _)| s);
    let at = f.string(ctx, "at", true).and_then(|(s, at_span)| {
        let hex = parse_hex(ctx, &s, at_span.clone(), map, &what)?;
        if map.and_then(|m| m.terrain(hex)).is_some_and(Terrain::is_impassable) {
            ctx.error(at_span, format!("{what}: hex {hex} is sea or lake"));
        }
        Some(hex)
    });
    let (start, start_spans) = read_leader_start(ctx, &mut f);
    f.finish(ctx);
    if let (Some((id, _)), true) = (&id, start != LeaderStart::default()) {
        starts.leaders.push((id.clone(), start, start_spans));
    }
    Some(Leader {
        id: id?.0,
        name: name?.0,
        side,
        role: role?,
        initiative,
        contingent_units,
        command_range: command_range?,
        charisma: charisma?,
        personal_combat,
        line_command,
        line_types,
        strategy,
        elite,
        title,
        at: at?,
        darius_the_target,
        wing,
        guild,
        rides,
    })
}

/// One combat unit (or half of a two-hex unit) per hex at set-up (GBA 6.91); in CG an engine
/// may share its hex with one single-hex foot unit of its side (6.71(3)), and two Tribal LI of
/// one tribe may share a hex outside a city or stronghold, faced alike (CG 6.73, CG 6.75, CG 10.74).
fn check_stacking(ctx: &mut Ctx, map: &Map, rules: Option<RuleSet>, units: &[Unit], ids: &IdRegistry, starts: &Starts) {
    let mut occupants: FxHashMap<HexId, Vec<&Unit>> = FxHashMap::default();
    // An eliminated unit of a position is off the map.
    let gone: FxHashSet<&str> =
        starts.units.iter().filter(|(_, s, _)| s.eliminated).map(|(id, _, _)| id.as_str()).collect();
    for u in units.iter().filter(|u| !gone.contains(u.id.as_str())) {
        for hex in u.placement.hexes() {
            let here = occupants.entry(hex).or_default();
            here.push(u);
            if let Some(reason) = stack_refusal(map, rules, hex, here) {
                ctx.error(ids.span(&u.id), format!("unit `{}`: {reason}", u.id));
            }
        }
    }
}

/// Why the units set up in `hex` may not share it, if they may not.
fn stack_refusal(map: &Map, rules: Option<RuleSet>, hex: HexId, here: &[&Unit]) -> Option<String> {
    let [a, b] = here else {
        return (here.len() > 1).then(|| {
            format!(
                "hex {hex} is already occupied by `{}`; combat units do not stack (GBA 6.91; CG 6.71(3): an \
                 engine with one single-hex foot unit; CG 6.73: two Tribal LI of one tribe; no more)",
                here[0].id
            )
        });
    };
    use crate::charts::stacking::engine_may_stack_with as engine;
    if engine(a, b) || engine(b, a) {
        return None;
    }
    let tribal_pair = rules.is_some_and(|r| crate::charts::stacking::tribal_may_stack(r, a, b));
    if !tribal_pair {
        return Some(format!(
            "hex {hex} is already occupied by `{}`; combat units do not stack (GBA 6.91; CG 6.71(3): only an \
             engine with one single-hex foot unit of its side; CG 6.73: two Tribal LI of the same tribe)",
            a.id
        ));
    }
    if !crate::charts::stacking::tribal_ground_allows(map, hex) {
        return Some(format!(
            "hex {hex} is in a city or a stronghold, where Tribal units do not stack (CG 6.73, 10.74)"
        ));
    }
    (a.facing != b.facing).then(|| {
        format!("it shares hex {hex} with `{}` and must face the same way, {} (CG 6.75)", a.id, a.facing.name())
    })
}

/// A special rule's closed ground names sides and leaders that exist (P151).
fn check_restrictions(ctx: &mut Ctx, meta: &Meta, sides: &[Side], leaders: &[Leader]) {
    for r in &meta.special_rules {
        for n in &r.no_entry {
            if !sides.iter().any(|s| s.id == n.side) {
                ctx.error(0..0, format!("special rule `{}`: no_entry names no side `{}`", r.id, n.side));
            }
            for l in &n.leaders {
                if !leaders.iter().any(|x| &x.id == l) {
                    ctx.error(0..0, format!("special rule `{}`: no_entry names no leader `{l}`", r.id));
                }
            }
        }
    }
}

/// A contingent commander's units exist, are on his side, and are listed once, under one
/// commander; and his side is Macedonian (GBA 5.6).
fn check_contingents(ctx: &mut Ctx, sides: &[Side], units: &[Unit], leaders: &[Leader], ids: &IdRegistry) {
    let mut owner: FxHashMap<&str, &str> = FxHashMap::default();
    for l in leaders {
        if !l.contingent_units.is_empty() && sides.get(l.side).is_some_and(|s| !s.macedonian) {
            ctx.error(
                ids.span(&l.id),
                format!("leader `{}`: contingent commanders are Macedonian (GBA 5.6); his side is not", l.id),
            );
        }
        for uid in &l.contingent_units {
            if let Some(other) = owner.insert(uid, &l.id) {
                let twice = if other == l.id { "twice".to_string() } else { format!("also under `{other}`") };
                ctx.error(ids.span(&l.id), format!("leader `{}`: contingent unit `{uid}` is listed {twice}", l.id));
            }
            match units.iter().find(|u| &u.id == uid) {
                None => {
                    ctx.error(ids.span(&l.id), format!("leader `{}`: contingent unit `{uid}` does not exist", l.id))
                }
                Some(u) if u.side != l.side => ctx.error(
                    ids.span(&l.id),
                    format!("leader `{}`: contingent unit `{uid}` belongs to the other side", l.id),
                ),
                Some(_) => {}
            }
        }
    }
}

/// The Mauryan chain of command holds together (CG 4.51, 4.62): each Nayaka's wing is a wing
/// commander (or an overall commander who also leads a wing) of his own side, and each chief's
/// guild or tribe has units on his side.
fn check_command_structure(ctx: &mut Ctx, units: &[Unit], leaders: &[Leader], ids: &IdRegistry) {
    for l in leaders {
        if let Some(wing) = &l.wing {
            let ok = leaders
                .iter()
                .any(|w| &w.id == wing && w.side == l.side && matches!(w.role, LeaderRole::Wing | LeaderRole::Overall));
            if !ok {
                ctx.error(
                    ids.span(&l.id),
                    format!(
                        "leader `{}`: wing `{wing}` is not a wing commander (or overall commander) of his side (CG 4.51)",
                        l.id
                    ),
                );
            }
        }
        if let Some(guild) = &l.guild {
            if !units.iter().any(|u| u.side == l.side && u.guild.as_ref() == Some(guild)) {
                ctx.error(
                    ids.span(&l.id),
                    format!("leader `{}`: no unit of his side belongs to guild or tribe `{guild}` (CG 4.62)", l.id),
                );
            }
        }
        // CG 6.16: he rides what he starts the game stacked with.
        if let Some(kind) = l.rides {
            let chariot = |k: UnitType| matches!(k, UnitType::CH | UnitType::ChStar);
            let carried = units.iter().any(|u| {
                u.side == l.side
                    && (u.kind == kind || (chariot(u.kind) && chariot(kind)))
                    && u.placement.hexes().any(|h| h == l.at)
            });
            if !carried {
                ctx.error(
                    ids.span(&l.id),
                    format!(
                        "leader `{}`: a rider starts the game stacked with a {} of his side (CG 6.16)",
                        l.id,
                        kind.code()
                    ),
                );
            }
        }
    }
}

// ---- Starting from a position (docs/scenario-format.md) ----------------------------------------

/// Which key of an entry set which marker, for messages at that key's line.
type KeySpans = Vec<(&'static str, Range<usize>)>;

/// The markers read from the unit and leader entries, checked once every unit is known.
#[derive(Default)]
struct Starts {
    units: Vec<(String, UnitStart, KeySpans)>,
    leaders: Vec<(String, LeaderStart, KeySpans)>,
}

/// `[position]`: the turn and phase the battle starts in.
struct PositionHead {
    turn: u16,
    phase: StartPhase,
}

fn read_position(ctx: &mut Ctx, value: &Value) -> Option<PositionHead> {
    let mut f = Fields::of(ctx, value, "[position]")?;
    let turn = f.int(ctx, "turn", 1..=99, true).map(|n| n as u16);
    let phase = match f.string(ctx, "phase", false) {
        None => Some(StartPhase::TurnStart),
        Some((s, span)) => {
            let p = StartPhase::parse(&s);
            if p.is_none() {
                ctx.error(span, format!("[position]: phase `{s}` must be turn-start or activation"));
            }
            p
        }
    };
    f.finish(ctx);
    Some(PositionHead { turn: turn?, phase: phase? })
}

fn span_of(spans: &KeySpans, key: &str) -> Range<usize> {
    spans.iter().find(|(k, _)| *k == key).map_or(0..0, |(_, s)| s.clone())
}

/// A `true` marker key, remembering where it was written.
fn flag(ctx: &mut Ctx, f: &mut Fields, key: &'static str, spans: &mut KeySpans) -> bool {
    let on = f.bool(ctx, key).unwrap_or(false);
    if on {
        spans.push((key, f.get(key).map_or(0..0, |v| v.span())));
    }
    on
}

/// A missile supply key: "full", "low" or "no" (GBA 8.17).
fn supply(ctx: &mut Ctx, f: &mut Fields, key: &'static str, spans: &mut KeySpans) -> Supply {
    let Some((s, span)) = f.string(ctx, key, false) else {
        return Supply::Full;
    };
    let supply = match s.as_str() {
        "full" => Supply::Full,
        "low" => Supply::Low,
        "no" => Supply::No,
        _ => {
            ctx.error(span, format!("{}: `{key}` `{s}` must be full, low or no (GBA 8.17)", f.what));
            return Supply::Full;
        }
    };
    if supply != Supply::Full {
        spans.push((key, span));
    }
    supply
}

fn read_unit_start(ctx: &mut Ctx, f: &mut Fields) -> (UnitStart, KeySpans) {
    let mut spans = KeySpans::new();
    let hits = f.int(ctx, "hits", 0..=9, false).unwrap_or(0) as u8;
    if hits > 0 {
        spans.push(("hits", f.get("hits").map_or(0..0, |v| v.span())));
    }
    let start = UnitStart {
        hits,
        routed: flag(ctx, f, "routed", &mut spans),
        rallied: flag(ctx, f, "rallied", &mut spans),
        moved: flag(ctx, f, "moved", &mut spans),
        column: flag(ctx, f, "column", &mut spans),
        square: flag(ctx, f, "square", &mut spans),
        missiles: supply(ctx, f, "missiles", &mut spans),
        screen_missiles: supply(ctx, f, "screen_missiles", &mut spans),
        engaged: flag(ctx, f, "engaged", &mut spans),
        on_foot: flag(ctx, f, "on_foot", &mut spans),
        eliminated: flag(ctx, f, "eliminated", &mut spans),
    };
    (start, spans)
}

fn read_leader_start(ctx: &mut Ctx, f: &mut Fields) -> (LeaderStart, KeySpans) {
    let mut spans = KeySpans::new();
    let wounds = f.int(ctx, "wounds", 0..=2, false).unwrap_or(0) as u8;
    if wounds > 0 {
        spans.push(("wounds", f.get("wounds").map_or(0..0, |v| v.span())));
    }
    let start = LeaderStart {
        finished: flag(ctx, f, "finished", &mut spans),
        killed: flag(ctx, f, "killed", &mut spans),
        captured: flag(ctx, f, "captured", &mut spans),
        wounds,
    };
    (start, spans)
}

/// The position as a whole: markers the rules make impossible, alone or together, are errors at
/// the key that sets them. `None` when the file sets up no position.
fn check_position(
    ctx: &mut Ctx,
    meta: &Meta,
    units: &[Unit],
    leaders: &[Leader],
    head: Option<PositionHead>,
    starts: Starts,
) -> Option<Position> {
    if head.is_none() && starts.units.is_empty() && starts.leaders.is_empty() {
        return None;
    }
    let (turn, phase) = head.map_or((1, StartPhase::TurnStart), |h| (h.turn, h.phase));
    let mid_turn = phase == StartPhase::Activation;
    let rules = meta.rules;
    let hooks = crate::scenario::rule_set::hooks(rules);
    let gone: FxHashSet<&str> =
        starts.units.iter().filter(|(_, s, _)| s.eliminated).map(|(id, _, _)| id.as_str()).collect();
    let mid_turn_only = |ctx: &mut Ctx, what: &str, key: &str, span: Range<usize>| {
        ctx.error(
            span,
            format!(
                "{what}: `{key}` marks the middle of a game turn (the markers come off at its end, GBA 3.0 D4); \
                 set `phase = \"activation\"` under [position]"
            ),
        );
    };
    for (id, st, spans) in &starts.units {
        let Some(unit) = units.iter().find(|u| &u.id == id) else { continue };
        let what = format!("unit `{id}`");
        if st.eliminated {
            for (key, span) in spans.iter().filter(|(k, _)| *k != "eliminated") {
                ctx.error(span.clone(), format!("{what}: an eliminated unit is off the map; it carries no `{key}`"));
            }
            continue;
        }
        // CG 10.28: with its crew on foot, the counter's foot side is what every check reads.
        let shown = match (st.on_foot, unit.foot_side()) {
            (true, Some(foot)) if hooks.dismount => foot,
            (true, _) => {
                ctx.error(
                    span_of(spans, "on_foot"),
                    format!(
                        "{what}: only an Indian chariot with a foot side (`dismounted = {{ ... }}`) has its crew on \
                         foot (CG 10.28)"
                    ),
                );
                unit.clone()
            }
            (false, _) => unit.clone(),
        };
        let label = shown.type_label();
        if st.routed {
            if st.hits > 0 {
                ctx.error(
                    span_of(spans, "hits"),
                    format!(
                        "{what}: a routed unit carries no hits: they come off when it routs, and any new hit \
                         eliminates it (GBA 10.2)"
                    ),
                );
            }
            for (key, why) in [
                ("column", "a routed unit cannot be In Column (GBA 6.61)"),
                ("square", "a routed unit cannot be in Square (CG 10.62, P195)"),
                ("rallied", "a unit is `routed` or `rallied`, not both (GBA 10.27)"),
                ("engaged", "a routed unit is not Engaged (GBA 10.3)"),
            ] {
                if spans.iter().any(|(k, _)| *k == key) {
                    ctx.error(span_of(spans, key), format!("{what}: {why}"));
                }
            }
        } else {
            // GBA 10.1: hits reaching the TQ rout the unit; In Column its TQ is 2 less (6.65, R3).
            let tq = if st.column { shown.tq.saturating_sub(2).max(1) } else { shown.tq };
            if st.hits >= tq {
                let column = if st.column { " In Column (GBA 6.65)" } else { "" };
                ctx.error(
                    span_of(spans, "hits"),
                    format!(
                        "{what}: hits {} but TQ {tq}{column}: a unit whose hits reach its TQ has routed (GBA 10.1); \
                         mark it `routed` instead",
                        st.hits
                    ),
                );
            }
        }
        if st.column && !st.routed {
            let column_rule = crate::scenario::rule_set::hooks(rules).column;
            if !column_rule.allows(&shown) {
                let rule = if rules == RuleSet::Chandragupta { "CG 6.5, 6.51" } else { "GBA 6.6" };
                ctx.error(span_of(spans, "column"), format!("{what}: a {label} is never In Column ({rule})"));
            }
            if st.square {
                ctx.error(span_of(spans, "square"), format!("{what}: a column does not form Square (CG 10.62)"));
            }
        }
        let hoplite = shown.kind == UnitType::HI && shown.class == Some(UnitClass::HO) && shown.size == 10;
        if st.square && !(hooks.square.is_some() && (shown.kind == UnitType::PH || hoplite)) {
            ctx.error(
                span_of(spans, "square"),
                format!(
                    "{what}: only phalanxes and Size-10 hoplites form Square (CG 10.62; in Alexander battles by \
                     rulings P292); this is a {label}"
                ),
            );
        }
        if st.missiles != Supply::Full && shown.missile.is_none() {
            ctx.error(
                span_of(spans, "missiles"),
                format!("{what}: a {label} without a `missile` has no supply to run low (GBA 8.17)"),
            );
        }
        if st.screen_missiles != Supply::Full && shown.kind != UnitType::EL {
            ctx.error(
                span_of(spans, "screen_missiles"),
                format!("{what}: `screen_missiles` is an elephant's screen (GBA 11.11, CG 10.11); this is a {label}"),
            );
        }
        if st.engaged && !st.routed {
            let beside_enemy = units.iter().any(|e| {
                e.side != unit.side
                    && !gone.contains(e.id.as_str())
                    && e.placement.hexes().any(|h| unit.placement.hexes().any(|m| m.is_adjacent(h)))
            });
            if !meta.optional_rules.engaged {
                ctx.error(
                    span_of(spans, "engaged"),
                    format!(
                        "{what}: Engaged belongs to the optional rule 10.3: switch `engaged` on under \
                         [scenario.optional_rules]"
                    ),
                );
            } else if !beside_enemy {
                ctx.error(
                    span_of(spans, "engaged"),
                    format!("{what}: an Engaged unit stands next to the enemy it is locked with (GBA 10.3)"),
                );
            }
        }
        if !mid_turn {
            for key in ["moved", "rallied"] {
                if spans.iter().any(|(k, _)| *k == key) {
                    mid_turn_only(ctx, &what, key, span_of(spans, key));
                }
            }
        }
    }
    for (id, st, spans) in &starts.leaders {
        let Some(leader) = leaders.iter().find(|l| &l.id == id) else { continue };
        let what = format!("leader `{id}`");
        if st.killed && st.captured {
            ctx.error(span_of(spans, "captured"), format!("{what}: a leader is `killed` or `captured`, not both"));
        }
        if st.killed || st.captured {
            for (key, span) in spans.iter().filter(|(k, _)| !matches!(*k, "killed" | "captured")) {
                ctx.error(
                    span.clone(),
                    format!("{what}: a leader killed or captured is off the map; he carries no `{key}`"),
                );
            }
            if leader.darius_the_target {
                let key = if st.killed { "killed" } else { "captured" };
                ctx.error(
                    span_of(spans, key),
                    format!("{what}: Darius the Target lost ends the battle at once (GBA 9.24): there is no position to play"),
                );
            }
        } else if st.finished && !mid_turn {
            mid_turn_only(ctx, &what, "finished", span_of(spans, "finished"));
        }
    }
    Some(Position {
        turn,
        phase,
        units: starts.units.into_iter().map(|(id, st, _)| (id, st)).collect(),
        leaders: starts.leaders.into_iter().map(|(id, st, _)| (id, st)).collect(),
    })
}
