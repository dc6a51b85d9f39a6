//! The rule coverage (docs/rule-coverage.md): every numbered rule of both books, as listed in
//! docs/rules/gba-rules.toml and docs/rules/cg-rules.toml, with its status, from the list and the
//! rule index. Written by the same command as the index; its test fails when the committed file is
//! stale, when the lists are malformed, or when the index holds a number that is neither a listed
//! rule (or a sub-rule of one) nor an explained stray.
//!
//! How a status is decided, first match wins:
//! 1. **implemented**: a module cites the rule and a test names it;
//! 2. **ruled**: the list points at rulings (`ruled = ["P91"]`) that stand in for it;
//! 3. **not applicable**: the list says so, with the reason (a heading cited as a reference to its
//!    section stays not applicable);
//! 4. **cited only**: a module cites it, no test names it;
//! 5. **no status**: none of these.
//!
//! A citation or a test name counts for a listed rule when its number is that rule's, or when it is
//! a three-digit number not itself listed whose first two digits are (9.161 and "9.16(A)", which the
//! index reads as 9.16, count for 9.16; CG 8.110 and 12.213 are rules of their own). Any other
//! number in the index must be listed as a stray with the reason it is not a rule of that book.

use super::{index_of, Book, Entry, Rule};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use toml::de::{DeTable, DeValue};

/// One rule of a book's list.
struct Listed {
    rule: Rule,
    title: String,
    not_applicable: Option<String>,
    ruled: Vec<String>,
    text_missing: Option<String>,
    stand_in: Option<String>,
}

/// A number the index reads that is no rule of the book, with why.
struct Stray {
    rule: Rule,
    reason: String,
}

const STATUSES: [&str; 5] = ["implemented", "cited only", "ruled", "not applicable", "no status"];

fn string(table: &DeTable, key: &str, what: &str) -> Option<String> {
    table.get(key).map(|v| match v.get_ref() {
        DeValue::String(s) => s.to_string(),
        _ => panic!("{what}: `{key}` must be a string"),
    })
}

fn strings(table: &DeTable, key: &str, what: &str) -> Vec<String> {
    match table.get(key).map(|v| v.get_ref()) {
        None => Vec::new(),
        Some(DeValue::Array(items)) => items
            .iter()
            .map(|i| match i.get_ref() {
                DeValue::String(s) => s.to_string(),
                _ => panic!("{what}: `{key}` must list strings"),
            })
            .collect(),
        Some(_) => panic!("{what}: `{key}` must be a list"),
    }
}

fn tables<'a>(doc: &'a DeTable, key: &str, file: &str) -> Vec<&'a DeTable<'a>> {
    match doc.get(key).map(|v| v.get_ref()) {
        None => Vec::new(),
        Some(DeValue::Array(items)) => items
            .iter()
            .map(|i| match i.get_ref() {
                DeValue::Table(t) => t,
                _ => panic!("{file}: `{key}` must list tables"),
            })
            .collect(),
        Some(_) => panic!("{file}: `{key}` must be a list"),
    }
}

fn parse_number(book: Book, n: &str, what: &str) -> Rule {
    let (section, sub) = n.split_once('.').unwrap_or_else(|| panic!("{what}: `{n}` is not a rule number"));
    let ok = !sub.is_empty() && sub.chars().all(|c| c.is_ascii_digit());
    let rule = section.parse().ok().filter(|_| ok).and_then(|s| Rule::new(book, s, sub));
    let rule = rule.unwrap_or_else(|| panic!("{what}: `{n}` is not a rule number of {book:?}"));
    assert_eq!(rule.book, book, "{what}: `{n}` is not a rule number of {book:?}");
    rule
}

/// The list of `book` in `file`, and its strays.
fn read_list(root: &Path, file: &str, book: Book, rulings: &BTreeSet<String>) -> (Vec<Listed>, Vec<Stray>) {
    let text = std::fs::read_to_string(root.join(file)).unwrap();
    let doc = DeTable::parse(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let doc = doc.get_ref();
    let name = match book {
        Book::Alexander => "GBA",
        Book::Chandragupta => "CG",
    };
    assert_eq!(string(doc, "book", file).as_deref(), Some(name), "{file}: `book` must be \"{name}\"");
    for key in doc.keys() {
        assert!(
            ["book", "rules", "strays"].contains(&key.get_ref().as_ref()),
            "{file}: unknown key `{}`",
            key.get_ref()
        );
    }
    let mut seen = BTreeSet::new();
    let mut list = Vec::new();
    for t in tables(doc, "rules", file) {
        let n = string(t, "n", file).unwrap_or_else(|| panic!("{file}: a rule without `n`"));
        let what = format!("{file}, rule {n}");
        for key in t.keys() {
            let known = ["n", "title", "status", "reason", "ruled", "text_missing", "stand_in"];
            assert!(known.contains(&key.get_ref().as_ref()), "{what}: unknown key `{}`", key.get_ref());
        }
        let rule = parse_number(book, &n, &what);
        assert!(seen.insert(rule.clone()), "{what}: listed twice");
        let title = string(t, "title", &what).unwrap_or_default();
        assert!(!title.trim().is_empty(), "{what}: needs a title");
        let not_applicable = match string(t, "status", &what).as_deref() {
            None => None,
            Some("not applicable") => {
                let reason = string(t, "reason", &what).unwrap_or_default();
                assert!(!reason.trim().is_empty(), "{what}: not applicable needs a reason");
                Some(reason)
            }
            Some(s) => panic!("{what}: the only status a list may give is \"not applicable\", not {s:?}"),
        };
        assert!(not_applicable.is_some() || !t.contains_key("reason"), "{what}: a reason with no status");
        let ruled = strings(t, "ruled", &what);
        for r in &ruled {
            assert!(rulings.contains(r), "{what}: ruling {r} is not in docs/rulings.md");
        }
        let stand_in = string(t, "stand_in", &what);
        if let Some(s) = &stand_in {
            let n = s.strip_prefix("CG ").unwrap_or_else(|| panic!("{what}: stand_in must be a CG rule, \"CG 10.26\""));
            parse_number(Book::Chandragupta, n, &what);
        }
        list.push(Listed {
            rule,
            title,
            not_applicable,
            ruled,
            text_missing: string(t, "text_missing", &what),
            stand_in,
        });
    }
    let mut strays = Vec::new();
    for t in tables(doc, "strays", file) {
        let n = string(t, "n", file).unwrap_or_else(|| panic!("{file}: a stray without `n`"));
        let what = format!("{file}, stray {n}");
        let rule = parse_number(book, &n, &what);
        assert!(!seen.contains(&rule), "{what}: also listed as a rule");
        let reason = string(t, "reason", &what).unwrap_or_default();
        assert!(!reason.trim().is_empty(), "{what}: needs a reason");
        strays.push(Stray { rule, reason });
    }
    (list, strays)
}

/// The listed rule a number in the index counts for, if any (see the module's notes).
fn counts_for(number: &Rule, listed: &BTreeSet<Rule>) -> Option<Rule> {
    if listed.contains(number) {
        return Some(number.clone());
    }
    if number.sub.len() == 3 {
        let parent = Rule { book: number.book, section: number.section, sub: number.sub[..2].to_string() };
        if listed.contains(&parent) {
            return Some(parent);
        }
    }
    None
}

#[derive(Default)]
struct Found {
    modules: BTreeSet<String>,
    tests: BTreeSet<String>,
    rulings: BTreeSet<String>,
    via: BTreeSet<String>,
}

fn ruling_ids(root: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(root.join("docs/rulings.md")).unwrap();
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let id = *cells.get(1)?;
            let mut c = id.chars();
            (matches!(c.next(), Some('P' | 'R')) && c.as_str().parse::<u32>().is_ok()).then(|| id.to_string())
        })
        .collect()
}

pub fn generate(root: &Path) -> String {
    let index = index_of(root);
    let rulings = ruling_ids(root);
    let books = [
        (Book::Alexander, "docs/rules/gba-rules.toml", "Great Battles of Alexander (GBA)"),
        (Book::Chandragupta, "docs/rules/cg-rules.toml", "Chandragupta (CG)"),
    ];
    let lists: Vec<_> = books.iter().map(|(b, f, _)| read_list(root, f, *b, &rulings)).collect();
    let listed: BTreeSet<Rule> = lists.iter().flat_map(|(l, _)| l.iter().map(|r| r.rule.clone())).collect();
    let strays: BTreeMap<Rule, &Stray> =
        lists.iter().flat_map(|(_, s)| s.iter().map(|s| (s.rule.clone(), s))).collect();

    let mut found: BTreeMap<Rule, Found> = BTreeMap::new();
    let mut unexplained = Vec::new();
    let mut strays_seen: BTreeMap<Rule, &Entry> = BTreeMap::new();
    for (number, entry) in &index {
        match counts_for(number, &listed) {
            Some(rule) => {
                let f = found.entry(rule.clone()).or_default();
                f.modules.extend(entry.modules.iter().cloned());
                f.tests.extend(entry.tests.values().flatten().cloned());
                f.rulings.extend(entry.rulings.iter().map(|(k, n)| format!("{k}{n}")));
                if rule != *number {
                    f.via.insert(number.number());
                }
            }
            None if strays.contains_key(number) => {
                strays_seen.insert(number.clone(), entry);
            }
            None => unexplained.push(format!("{:?} {}", number.book, number.number())),
        }
    }
    assert!(
        unexplained.is_empty(),
        "rule numbers in the index that are neither listed in docs/rules/*-rules.toml nor explained there as strays: {}",
        unexplained.join(", ")
    );
    let unused: Vec<String> = strays
        .keys()
        .filter(|r| !strays_seen.contains_key(*r))
        .map(|r| format!("{:?} {}", r.book, r.number()))
        .collect();
    assert!(unused.is_empty(), "strays in docs/rules/*-rules.toml the index no longer reads: {}", unused.join(", "));

    let empty = Found::default();
    let status_of = |l: &Listed| -> &'static str {
        let f = found.get(&l.rule).unwrap_or(&empty);
        if !f.modules.is_empty() && !f.tests.is_empty() {
            "implemented"
        } else if !l.ruled.is_empty() {
            "ruled"
        } else if l.not_applicable.is_some() {
            "not applicable"
        } else if !f.modules.is_empty() {
            "cited only"
        } else {
            "no status"
        }
    };

    let mut out = String::from(
        "# Rule coverage\n\n\
         Every numbered rule of both books, with its status. Generated by\n\
         `crates/rules/tests/rule_index.rs` (module `coverage`) from the lists `docs/rules/gba-rules.toml` and\n\
         `docs/rules/cg-rules.toml` (the rules by number, with titles in our own words) and the rule index\n\
         (docs/rule-index.md); its test fails when this file is stale. Do not edit it by hand. To write it\n\
         anew: `SARISSA_WRITE_RULE_INDEX=1 cargo test -p sarissa-rules --test rule_index`.\n\n\
         Statuses, first match wins:\n\n\
         - **implemented**: a module of `crates/rules/src` cites the rule and a test names it (`..._gba_9_16`);\n\
         - **ruled**: rulings in docs/rulings.md stand in for it (a rule whose text is missing);\n\
         - **not applicable**: nothing to implement, for the reason given (a heading, a component, notes); a\n\
         \x20 heading cited as a reference to its section stays not applicable;\n\
         - **cited only**: a module cites it, no test names it;\n\
         - **no status**: none of these; to be driven to zero.\n\n\
         A citation or test name counts for a listed rule when its number is the rule's, or a three-digit\n\
         number not itself listed whose first two digits are (9.161, and 9.16(A), which reads as 9.16, count for\n\
         9.16; CG 8.110 and 12.213 are rules of their own). A number is read as the rule index reads it (the\n\
         book named in the same sentence, else GBA). GBA's text stops in 11.14: by the precedence of\n\
         `shared/rules/README.md` the Chandragupta rule for the same thing stands in where GBA's is lost; the\n\
         later GBA rules its text names are listed with what stands in.\n\n\
         ## Counts\n\n| book | rules |",
    );
    for s in STATUSES {
        write!(out, " {s} |").unwrap();
    }
    out.push_str("\n|---|---|---|---|---|---|---|\n");
    for ((_, _, title), (list, _)) in books.iter().zip(&lists) {
        let counts: Vec<usize> = STATUSES.iter().map(|s| list.iter().filter(|l| status_of(l) == *s).count()).collect();
        write!(out, "| {title} | {} |", list.len()).unwrap();
        for c in &counts {
            write!(out, " {c} |").unwrap();
        }
        out.push('\n');
    }

    for ((_, file, title), (list, _)) in books.iter().zip(&lists) {
        write!(out, "\n## {title}\n\nThe list: `{file}`.\n").unwrap();
        for wanted in ["no status", "cited only"] {
            let rules: Vec<String> = list.iter().filter(|l| status_of(l) == wanted).map(|l| l.rule.number()).collect();
            if rules.is_empty() {
                write!(out, "\n**{wanted}**: none.\n").unwrap();
            } else {
                write!(out, "\n**{wanted}** ({}): {}.\n", rules.len(), rules.join(", ")).unwrap();
            }
        }
        out.push_str("\n| rule | title | status | where (modules / tests / rulings) |\n|---|---|---|---|\n");
        for l in list {
            let f = found.get(&l.rule).unwrap_or(&empty);
            let mut at = Vec::new();
            if !f.modules.is_empty() {
                at.push(f.modules.iter().map(|m| format!("`{m}`")).collect::<Vec<_>>().join(", "));
            }
            if !f.tests.is_empty() {
                at.push(format!("tests: {}", f.tests.iter().cloned().collect::<Vec<_>>().join(", ")));
            }
            let rulings: BTreeSet<&String> = f.rulings.iter().chain(&l.ruled).collect();
            if !rulings.is_empty() {
                at.push(format!("rulings: {}", rulings.into_iter().cloned().collect::<Vec<_>>().join(", ")));
            }
            if !f.via.is_empty() {
                at.push(format!("as {}", f.via.iter().cloned().collect::<Vec<_>>().join(", ")));
            }
            if let Some(note) = &l.text_missing {
                at.push(note.clone());
            }
            if let Some(s) = &l.stand_in {
                let n = s.trim_start_matches("CG ");
                let stood = lists[1].0.iter().find(|c| c.rule.number() == n).map(status_of).unwrap_or("no status");
                at.push(format!("stand-in {s}: {stood}"));
            }
            if let (Some(reason), "not applicable") = (&l.not_applicable, status_of(l)) {
                at.push(reason.clone());
            }
            writeln!(out, "| {} | {} | {} | {} |", l.rule.number(), l.title, status_of(l), at.join("; ")).unwrap();
        }
    }

    out.push_str(
        "\n## Cited but not in the list\n\n\
         Numbers the rule index reads (from code, test names or rulings) that are no rule of the book they are\n\
         read as, each explained in the list's `strays`. Most are a rule of the other book cited without\n\
         naming it in the same sentence, or a number that is not a rule; fixing the citation removes the\n\
         stray (and the test then asks for its entry to go).\n\n\
         | book | number | read from | why it is no rule |\n|---|---|---|---|\n",
    );
    for (rule, entry) in &strays_seen {
        let mut from: Vec<String> = entry.modules.iter().map(|m| format!("`{m}`")).collect();
        from.extend(entry.tests.values().flatten().map(|t| format!("test {t}")));
        from.extend(entry.rulings.iter().map(|(k, n)| format!("ruling {k}{n}")));
        let book = match rule.book {
            Book::Alexander => "GBA",
            Book::Chandragupta => "CG",
        };
        writeln!(out, "| {book} | {} | {} | {} |", rule.number(), from.join(", "), strays[rule].reason).unwrap();
    }
    out
}
