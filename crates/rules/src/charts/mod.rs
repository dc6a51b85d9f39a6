//! The charts the rules name but do not print, as data (../shared/rules/README.md: every cell is
//! either recovered from a rule or designed, and says which).

pub mod clash_of_spears;
pub mod column_shifts;
pub mod leaders;
pub mod missile;
pub mod movement_costs;
pub mod rally;
pub mod rout_points;
pub mod shock_results;
pub mod stacking;
pub mod superiority;

/// Where a chart cell's value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A rule or worked example fixes (part of) the cell; the text cites it and says which part.
    Recovered(&'static str),
    /// Chosen by the project (`shared/rules/charts-draft.md`).
    Designed,
}

impl Origin {
    pub fn is_recovered(self) -> bool {
        matches!(self, Self::Recovered(_))
    }
}

/// True when an origin text cites a rule of either book ("GBA 9.18", "CG 10.15").
#[cfg(test)]
pub(crate) fn cites_a_rule(text: &str) -> bool {
    let mut words = text.split(|c: char| c.is_whitespace() || c == ';' || c == ',' || c == '(' || c == ':');
    let mut prev = "";
    for w in words.by_ref() {
        if (prev == "GBA" || prev == "CG") && w.starts_with(|c: char| c.is_ascii_digit()) {
            return true;
        }
        prev = w;
    }
    false
}
