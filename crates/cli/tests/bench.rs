//! `sarissa bench` as CI runs it: a line per budget, then the count met.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn the_quick_bench_prints_a_line_per_budget_and_the_count() {
    let out = Command::new(env!("CARGO_BIN_EXE_sarissa"))
        .args(["bench", "--quick", "--scenario", "scenarios/samarkand.toml"])
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let (last, budgets) = lines.split_last().unwrap();
    let names: Vec<&str> = budgets.iter().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(
        names,
        ["legal_commands_median", "legal_commands_max", "execute_median", "exact_odds_max", "replay_longest_game"],
        "{stdout}"
    );
    for line in budgets {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words.len(), 4, "{line}");
        assert!(matches!(words[3], "ok" | "over"), "{line}");
    }
    let met = budgets.iter().filter(|l| l.ends_with(" ok")).count();
    assert_eq!(*last, format!("bench: {met} of {} within budget", budgets.len()));
}
