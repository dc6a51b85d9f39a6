//! The map of a battle file: its terrain grid, hexsides, compass.

use super::*;

pub(super) fn read_map(ctx: &mut Ctx, value: &Value) -> Option<(Map, Vec<RawCamp>, Option<RawCity>)> {
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

/// The optional rampage compass (GBA 11.14, A.12): six hexsides, for rolls 1 to 6.
pub(super) fn read_compass(ctx: &mut Ctx, f: &mut Fields) -> [Hexside; 6] {
    let Some(v) = f.get("compass") else { return crate::scenario::default_compass() };
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
            crate::scenario::default_compass()
        }
    }
}

/// The file line of a grid string's first line of content: a multi-line string starting with a
/// newline has its content begin on the next line.
pub(super) fn grid_first_line(ctx: &Ctx, span: &Range<usize>) -> usize {
    let source_at = ctx.text.get(span.start..).unwrap_or("");
    let opens_with_newline = ["\"\"\"\n", "\"\"\"\r\n", "'''\n", "'''\r\n"].iter().any(|p| source_at.starts_with(p));
    ctx.position(span.start).0 + usize::from(opens_with_newline)
}

/// Where `hex`'s character stands in a grid already read (line and column), for a message about
/// it; the grid's own line when the row is not found.
pub(super) fn grid_cell(ctx: &Ctx, text: &str, span: &Range<usize>, hex: HexId) -> (usize, usize) {
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
pub(super) fn read_grid<T>(
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

pub(super) fn read_hexsides(ctx: &mut Ctx, value: &Value, map: &Map) -> Vec<HexsideEntry> {
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
