//! A battle file's camps and city (CG 12.1–12.2): written by name, resolved once the sides are read.

use super::*;

/// A city as written (CG 12.2): its side still a name, checked once the sides are read.
pub(super) struct RawCity {
    pub(super) span: Range<usize>,
    pub(super) name: String,
    pub(super) side: Option<(String, Range<usize>)>,
    pub(super) streets: Vec<(HexId, HexId)>,
    pub(super) main_street: Vec<(HexId, HexId)>,
}

/// `[map.city]`: `name`, `side` and the street chains (CG 12.23) and main-street chains (CG
/// 12.24), each a string of adjacent street or square hexes.
pub(super) fn read_city(ctx: &mut Ctx, value: &Value, map: &Map) -> Option<RawCity> {
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
pub(super) fn read_street_chain(
    ctx: &mut Ctx,
    chain: &str,
    span: Range<usize>,
    map: &Map,
    key: &str,
) -> Vec<(HexId, HexId)> {
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
pub(super) fn resolve_city(
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
pub(super) struct RawCamp {
    pub(super) span: Range<usize>,
    pub(super) side: Option<(String, Range<usize>)>,
    /// Where the `enclosures` grid is, and its text, for the checks against the terrain.
    pub(super) grid: Range<usize>,
    pub(super) text: String,
    pub(super) enclosures: Vec<(HexId, u8)>,
}

/// `[[map.camp]]` (or one `[map.camp]` table): `side` and an `enclosures` grid like `terrain`,
/// `1`–`4` for a hex's enclosure and `.` outside (CG 12.11).
pub(super) fn read_camps(ctx: &mut Ctx, value: &Value, map: &Map) -> Vec<RawCamp> {
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
pub(super) fn resolve_camps(
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
