//! The catalogue of the bundled battles (issue 19), written as Rust source for the app: what the
//! start screen shows of each battle before its file is fetched (its card in the chooser, its
//! optional rules, a miniature of its map) and where that file is. The types are the app's
//! (web/src/model/scenarios.rs).

use sarissa_rules::map::terrain::Terrain;
use sarissa_rules::{HexId, Scenario};
use std::fmt::Write as _;

/// One battle's entry: its file, that file's fingerprint, and where the build put its compiled form.
pub struct Card<'a> {
    pub file: &'a str,
    pub fingerprint: &'a str,
    pub path: &'a str,
}

impl Card<'_> {
    /// The entry as a `Card` expression of the app, followed by a comma.
    pub fn source(&self, s: &Scenario) -> String {
        let m = &s.meta;
        let mut out = String::new();
        writeln!(out, "    Card {{").unwrap();
        writeln!(
            out,
            "        id: {:?}, file: {:?}, fingerprint: {:?}, path: {:?},",
            m.id, self.file, self.fingerprint, self.path
        )
        .unwrap();
        writeln!(out, "        name: {:?}, date: {:?}, summary: {:?},", m.name, m.date, m.summary).unwrap();
        writeln!(out, "        rules: {:?}, length: {:?},", m.rules.name(), m.length).unwrap();
        let sides = s.sides.iter().enumerate().map(|(i, side)| {
            let units = s.units.iter().filter(|u| u.side == i).count();
            let leaders = s.leaders.iter().filter(|l| l.side == i).count();
            format!("SideCard {{ name: {:?}, units: {units}, leaders: {leaders} }}", side.name)
        });
        writeln!(out, "        sides: &[{}],", sides.collect::<Vec<_>>().join(", ")).unwrap();
        writeln!(out, "        columns: {}, rows: {},", s.map.columns, s.map.rows).unwrap();
        let choices = s.optional_choices().into_iter().map(|c| {
            format!(
                "OptionChoice {{ key: {:?}, rule: {:?}, name: {:?}, about: {:?}, default: {}, house: {} }}",
                c.key, c.rule, c.name, c.about, c.default, c.house
            )
        });
        writeln!(out, "        choices: &[{}],", choices.collect::<Vec<_>>().join(", ")).unwrap();
        writeln!(out, "        preview: {},", preview(s)).unwrap();
        writeln!(out, "    }},").unwrap();
        out
    }
}

/// The miniature of the map: the hexes of each terrain, the high ground (elevation 2 and up) and
/// each side's units, as runs down a column `(column, first row, last row)`.
fn preview(s: &Scenario) -> String {
    let map = &s.map;
    let terrain = Terrain::ALL.iter().filter_map(|&t| {
        let runs = runs(map.columns, map.rows, |hex| map.terrain(hex) == Some(t));
        (!runs.is_empty()).then(|| format!("(Terrain::{t:?}, &[{runs}])"))
    });
    let high = runs(map.columns, map.rows, |hex| map.elevation(hex).unwrap_or(0) >= 2);
    let units = (0..s.sides.len()).map(|side| {
        let hexes: Vec<HexId> =
            s.units.iter().filter(|u| u.side == side).flat_map(|u| u.placement.hexes().collect::<Vec<_>>()).collect();
        format!("&[{}]", runs(map.columns, map.rows, |hex| hexes.contains(&hex)))
    });
    format!(
        "Preview {{ terrain: &[{}], high: &[{high}], units: &[{}] }}",
        terrain.collect::<Vec<_>>().join(", "),
        units.collect::<Vec<_>>().join(", ")
    )
}

/// The hexes `inside` picks, as runs down each column, written `(column, first, last),`.
fn runs(columns: u8, rows: u8, inside: impl Fn(HexId) -> bool) -> String {
    let mut out = String::new();
    for col in 1..=columns {
        let mut row = 1;
        while row <= rows {
            if !inside(HexId::new(col, row)) {
                row += 1;
                continue;
            }
            let first = row;
            while row < rows && inside(HexId::new(col, row + 1)) {
                row += 1;
            }
            write!(out, "({col}, {first}, {row}),").unwrap();
            row += 1;
        }
    }
    out
}
