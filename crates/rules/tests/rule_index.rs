//! The rule index (docs/rule-index.md): every rule number the rules crate cites, GBA and CG,
//! with the modules that cite it, the tests that name it and the rulings that bear on it.
//! Generated from the sources, the tests and docs/rulings.md by this file; the test below fails
//! when the committed index is stale. To write it anew:
//!
//! ```sh
//! SARISSA_WRITE_RULE_INDEX=1 cargo test -p sarissa-rules --test rule_index
//! ```
//!
//! The same file writes the rule coverage (docs/rule-coverage.md, see `coverage`): every numbered
//! rule of both books, listed in docs/rules/gba-rules.toml and docs/rules/cg-rules.toml, with its
//! status. The same command writes it anew.

#[path = "rule_index/coverage.rs"]
mod coverage;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Book {
    Alexander,
    Chandragupta,
}

/// A rule number as the books print it, ordered as they are: 9.1, 9.16, 9.2.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Rule {
    book: Book,
    section: u8,
    sub: String,
}

impl Rule {
    /// The rule `section.sub` cited in `book`; GBA stops at section 11, so a higher number
    /// cited without a book is Chandragupta's.
    fn new(book: Book, section: u8, sub: &str) -> Option<Self> {
        let book = if section >= 12 { Book::Chandragupta } else { book };
        let last = match book {
            Book::Alexander => 11,
            Book::Chandragupta => 14,
        };
        (1..=last).contains(&section).then(|| Self { book, section, sub: sub.to_string() })
    }

    fn number(&self) -> String {
        format!("{}.{}", self.section, self.sub)
    }
}

/// The rule numbers cited in `text`. A number belongs to the book named last before it in the
/// same sentence ("CG 12.213, 12.26"), else to `default`.
fn citations(text: &str, default: Book) -> Vec<Rule> {
    let chars: Vec<char> = text.chars().collect();
    let mut book = default;
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let word_start = i == 0 || !chars[i - 1].is_alphanumeric();
        if word_start && text_at(&chars, i, "GBA") && !chars.get(i + 3).is_some_and(|c| c.is_alphanumeric()) {
            book = Book::Alexander;
            i += 3;
            continue;
        }
        if word_start && text_at(&chars, i, "CG") && !chars.get(i + 2).is_some_and(|c| c.is_alphanumeric()) {
            book = Book::Chandragupta;
            i += 2;
            continue;
        }
        // A sentence ends: the book named in it no longer applies.
        if (c == '.' && chars.get(i + 1).is_none_or(|n| n.is_whitespace()) && !(i > 0 && chars[i - 1].is_ascii_digit()))
            || c == '\n'
        {
            book = default;
        }
        if c.is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '.' || chars[i - 1] == '_'))
        {
            let mut j = i;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let section: String = chars[i..j].iter().collect();
            if j + 1 < chars.len() && chars[j] == '.' && chars[j + 1].is_ascii_digit() {
                let mut k = j + 1;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    k += 1;
                }
                let sub: String = chars[j + 1..k].iter().collect();
                // Not a piece of a longer number such as a version ("0.21.14").
                let longer = k + 1 < chars.len() && chars[k] == '.' && chars[k + 1].is_ascii_digit();
                if section.len() <= 2 && sub.len() <= 3 && !longer {
                    if let Some(rule) = section.parse().ok().and_then(|s| Rule::new(book, s, &sub)) {
                        out.push(rule);
                    }
                }
                i = k;
                continue;
            }
            i = j;
            continue;
        }
        i += 1;
    }
    out
}

fn text_at(chars: &[char], i: usize, word: &str) -> bool {
    word.chars().enumerate().all(|(k, w)| chars.get(i + k) == Some(&w))
}

/// The rule numbers a test's name cites: `..._gba_9_32_9_35_p120`, `..._cg_12_21`; numbers
/// after no book are GBA's.
fn named_rules(name: &str) -> Vec<Rule> {
    let parts: Vec<&str> = name.split('_').collect();
    let mut book = None;
    let mut out = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        match parts[i] {
            "gba" => book = Some(Book::Alexander),
            "cg" => book = Some(Book::Chandragupta),
            p if p.chars().all(|c| c.is_ascii_digit()) && i + 1 < parts.len() => {
                let q = parts[i + 1];
                if q.chars().all(|c| c.is_ascii_digit()) && !q.is_empty() && (book.is_some() || i + 2 >= parts.len()) {
                    if let Some(rule) = p.parse().ok().and_then(|s| Rule::new(book.unwrap_or(Book::Alexander), s, q)) {
                        out.push(rule);
                    }
                    i += 2;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `src/map/zoc.rs` → `map::zoc`; `src/movement/mod.rs` → `movement`.
fn module_name(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "tests")) {
        parts.pop();
    }
    parts.join("::")
}

/// The names of the `#[test]` functions in `text`.
fn test_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("#[test]") {
            pending = true;
        } else if pending {
            if let Some(rest) = t.strip_prefix("fn ") {
                out.push(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
                pending = false;
            } else if !t.starts_with("#[") {
                pending = false;
            }
        }
    }
    out
}

#[derive(Default)]
struct Entry {
    modules: BTreeSet<String>,
    tests: BTreeMap<String, BTreeSet<String>>,
    rulings: BTreeSet<(char, u32)>,
}

/// The index: every rule number cited in the sources, named by a test or bearing a ruling.
fn index_of(root: &Path) -> BTreeMap<Rule, Entry> {
    let src = root.join("crates/rules/src");
    let mut index: BTreeMap<Rule, Entry> = BTreeMap::new();
    let mut files = Vec::new();
    sources(&src, &mut files);
    for file in &files {
        let module = module_name(&src, file);
        let text = std::fs::read_to_string(file).unwrap();
        let (code, unit_tests) = text.split_once("#[cfg(test)]").unwrap_or((&text, ""));
        // The camp and city rules, and the Indian army's (its tribes too), are Chandragupta's alone.
        let default = if module.starts_with("works") || module == "special::indian" || module == "special::tribal" {
            Book::Chandragupta
        } else {
            Book::Alexander
        };
        for rule in citations(code, default) {
            index.entry(rule).or_default().modules.insert(module.clone());
        }
        let place = format!("src/{}", file.strip_prefix(&src).unwrap().display());
        for name in test_names(unit_tests) {
            for rule in named_rules(&name) {
                index.entry(rule).or_default().tests.entry(place.clone()).or_default().insert(name.clone());
            }
        }
    }
    let mut tests = Vec::new();
    sources(&root.join("crates/rules/tests"), &mut tests);
    for file in &tests {
        let place = format!("tests/{}", file.strip_prefix(root.join("crates/rules/tests")).unwrap().display());
        for name in test_names(&std::fs::read_to_string(file).unwrap()) {
            for rule in named_rules(&name) {
                index.entry(rule).or_default().tests.entry(place.clone()).or_default().insert(name.clone());
            }
        }
    }
    // docs/rulings.md: a table row `| P34 | GBA 10.21, 10.23 (digest A33) | ...`.
    let rulings = std::fs::read_to_string(root.join("docs/rulings.md")).unwrap();
    for line in rulings.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, id, rules, ..] = cells.as_slice() else { continue };
        let mut id = id.chars();
        let (Some(kind @ ('P' | 'R')), Ok(n)) = (id.next(), id.as_str().parse::<u32>()) else { continue };
        for rule in citations(rules, Book::Alexander) {
            index.entry(rule).or_default().rulings.insert((kind, n));
        }
    }
    index
}

fn generate(root: &Path) -> String {
    let index = index_of(root);

    let mut out = String::from(
        "# Rule index\n\n\
         Every rule number the rules crate (`crates/rules/src`) cites, with the modules that cite it, the\n\
         tests that name it and the rulings (docs/rulings.md) that bear on it. Generated by\n\
         `crates/rules/tests/rule_index.rs`, whose test fails when this file is stale; do not edit it by\n\
         hand. To write it anew: `SARISSA_WRITE_RULE_INDEX=1 cargo test -p sarissa-rules --test rule_index`.\n\n\
         A number is read as the book the citation names (GBA, CG); one cited alone is GBA's, except in the\n\
         camp and city rules (`works`) and the Indian army's (`special::indian`, `special::tribal`), which are\n\
         Chandragupta's.\n",
    );
    let count = |book| index.keys().filter(|r| r.book == book).count();
    let tested = |book| index.iter().filter(|(r, e)| r.book == book && !e.tests.is_empty()).count();
    for (book, title) in
        [(Book::Alexander, "Great Battles of Alexander (GBA)"), (Book::Chandragupta, "Chandragupta (CG)")]
    {
        out.push_str(&format!(
            "\n## {title}\n\n{} rule numbers cited, {} of them named by a test.\n\n| rule | cited in | tests that name it | rulings |\n|---|---|---|---|\n",
            count(book),
            tested(book)
        ));
        for (rule, entry) in index.iter().filter(|(r, _)| r.book == book) {
            let modules: Vec<String> = entry.modules.iter().map(|m| format!("`{m}`")).collect();
            let tests: Vec<String> = entry
                .tests
                .iter()
                .map(|(file, names)| format!("{file}: {}", names.iter().cloned().collect::<Vec<_>>().join(", ")))
                .collect();
            let rulings: Vec<String> = entry.rulings.iter().map(|(k, n)| format!("{k}{n}")).collect();
            out.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                rule.number(),
                modules.join(", "),
                tests.join("; "),
                rulings.join(", ")
            ));
        }
    }
    out
}

#[test]
fn the_rule_index_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let fresh = generate(&root);
    let path = root.join("docs/rule-index.md");
    if std::env::var_os("SARISSA_WRITE_RULE_INDEX").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "docs/rule-index.md is stale: run `SARISSA_WRITE_RULE_INDEX=1 cargo test -p sarissa-rules --test rule_index`"
    );
}

#[test]
fn citations_take_the_book_named_in_their_sentence() {
    let rules = citations("CG 12.213, 12.26: gates (see 9.16). GBA 6.71(3) and 0.21.14, 1.5", Book::Alexander);
    let got: Vec<(Book, String)> = rules.iter().map(|r| (r.book, r.number())).collect();
    assert_eq!(
        got,
        [
            (Book::Chandragupta, "12.213".to_string()),
            (Book::Chandragupta, "12.26".to_string()),
            (Book::Chandragupta, "9.16".to_string()),
            (Book::Alexander, "6.71".to_string()),
            (Book::Alexander, "1.5".to_string()),
        ]
    );
}

#[test]
fn test_names_cite_by_book() {
    let got: Vec<(Book, String)> = named_rules("the_free_turn_is_the_same_in_chandragupta_cg_9_22_gba_9_32_p120")
        .iter()
        .map(|r| (r.book, r.number()))
        .collect();
    assert_eq!(got, [(Book::Chandragupta, "9.22".to_string()), (Book::Alexander, "9.32".to_string())]);
    assert!(named_rules("two_units_in_one_hex").is_empty());
}

#[test]
fn the_rule_coverage_is_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let fresh = coverage::generate(&root);
    let path = root.join("docs/rule-coverage.md");
    if std::env::var_os("SARISSA_WRITE_RULE_INDEX").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "docs/rule-coverage.md is stale: run `SARISSA_WRITE_RULE_INDEX=1 cargo test -p sarissa-rules --test rule_index`"
    );
}
