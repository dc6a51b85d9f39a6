//! `sarissa odds` as a user runs it: tables, JSON and clear errors.

use std::process::{Command, Output};

fn sarissa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sarissa")).args(args).output().expect("the binary runs")
}

fn ok(args: &[&str]) -> String {
    let out = sarissa(args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("one JSON object")
}

fn fail(args: &[&str]) -> String {
    let out = sarissa(args);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stdout));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn shock_table_shows_each_side_hits_mean_and_rout() {
    let out = ok(&["odds", "shock", "--attacker", "PH/MA:10:7", "--defender", "HI/HO:10:6", "--attacker-moved"]);
    assert!(out.contains("CRT column: 8 (100.0%)"), "{out}");
    assert!(out.contains("hits   attacker  defender"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("mean") && l.contains("2.50")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("routs")), "{out}");
}

#[test]
fn shock_json_probabilities_sum_to_one_and_are_exact() {
    let v = json(&["odds", "shock", "--attacker", "HC:4:7,moved,flank", "--defender", "HI/HO:10:6", "--json"]);
    for side in ["attacker", "defender"] {
        let total: f64 = v[side]["hits"].as_array().unwrap().iter().map(|h| h["p"]["p"].as_f64().unwrap()).sum();
        assert!((total - 1.0).abs() < 1e-9, "{side}: {total}");
    }
    assert_eq!(v["columns"][0]["column"], 9);
    assert!(v["defender"]["routs"]["exact"].as_str().unwrap().contains('/'));
    assert!(v["defender"]["routs"]["p"].as_f64().unwrap() > 0.5);
}

#[test]
fn shock_shifts_and_charisma_change_the_odds() {
    let base = json(&["odds", "shock", "--attacker", "PH/MA:10:7,moved", "--defender", "HI/HO:10:6", "--json"]);
    let led = json(&[
        "odds",
        "shock",
        "--attacker",
        "PH/MA:10:7,moved",
        "--defender",
        "HI/HO:10:6",
        "--charisma",
        "4",
        "--json",
    ]);
    let hill = json(&[
        "odds",
        "shock",
        "--attacker",
        "PH/MA:10:7,moved",
        "--defender",
        "HI/HO:10:6",
        "--shift",
        "any-defender-higher",
        "--json",
    ]);
    let mean = |v: &serde_json::Value| v["defender"]["mean_hits"].as_f64().unwrap();
    assert!(mean(&led) > mean(&base) && mean(&hill) < mean(&base));
    assert_eq!(hill["columns"][0]["column"], 7);
    let list = ok(&["odds", "shock", "--attacker", "PH:10:7", "--defender", "HI:6:6", "--shift", "list"]);
    assert!(list.contains("across-river"), "{list}");
}

#[test]
fn missile_table_and_json() {
    let out = ok(&["odds", "missile", "--firer", "SK/A", "--range", "2", "--target", "HC"]);
    assert!(out.contains("40.0%") && out.contains("goes Missile Low: 10.0%"), "{out}");
    let v = json(&["odds", "missile", "--firer", "LI:J", "--range", "1", "--target", "HI/HO", "--json"]);
    assert_eq!(v["hits"][1]["p"]["exact"], "2/5");
    assert_eq!(v["missile_low"]["exact"], "3/10");
    let el = json(&["odds", "missile", "--firer", "LI:A", "--range", "2", "--target", "EL", "--json"]);
    assert_eq!(el["hits"][2]["p"]["exact"], "2/5");
}

#[test]
fn bad_input_is_a_clear_error_never_a_panic() {
    assert!(fail(&["odds", "shock", "--attacker", "XX:4:7", "--defender", "EL:5:6"]).contains("unknown unit type"));
    assert!(fail(&["odds", "shock", "--attacker", "PH:ten:7", "--defender", "EL:5:6"]).contains("not a number"));
    assert!(fail(&["odds", "shock", "--attacker", "PH:10", "--defender", "EL:5:6"]).contains("TYPE[/CLASS]:SIZE:TQ"));
    assert!(fail(&["odds", "shock", "--attacker", "PH:10:7,sideways", "--defender", "EL:5:6"]).contains("unknown flag"));
    let e = fail(&["odds", "shock", "--attacker", "HC:4:7", "--defender", "EL:5:6", "--rules", "chandragupta"]);
    assert!(e.contains("CG 10.15"), "{e}");
    assert!(fail(&["odds", "shock", "--attacker", "LI/A:5:5", "--defender", "HI:6:6"]).contains("7.33"));
    assert!(fail(&["odds", "shock", "--attacker", "PH:10:7", "--defender", "HI:6:6", "--rules", "persia"])
        .contains("unknown rule set"));
    assert!(fail(&["odds", "shock", "--attacker", "PH:10:7", "--defender", "HI:6:6", "--shift", "moat"])
        .contains("unknown shift"));
    assert!(fail(&["odds", "missile", "--firer", "LI:J", "--range", "2", "--target", "HI"]).contains("out of reach"));
    assert!(fail(&["odds", "missile", "--firer", "HI", "--range", "1", "--target", "HI"]).contains("name its missile"));
    assert!(fail(&["odds", "missile", "--firer", "LI:J", "--range", "1", "--target", "HI", "--rules", "x"])
        .contains("rule set"));
}
