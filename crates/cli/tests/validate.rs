//! `sarissa validate` and `sarissa summary` as a user runs them: output and exit status.

use std::path::PathBuf;
use std::process::{Command, Output};

fn sarissa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sarissa")).args(args).output().expect("the binary runs")
}

fn repo(path: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.join(path).to_string_lossy().into_owned()
}

fn scratch(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sarissa-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn every_shipped_scenario_is_ok() {
    let files: Vec<String> = std::fs::read_dir(repo("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path().to_string_lossy().into_owned())
        .filter(|p| p.ends_with(".toml"))
        .collect();
    assert!(files.len() >= 4);
    let args: Vec<&str> = std::iter::once("validate").chain(files.iter().map(String::as_str)).collect();
    let out = sarissa(&args);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    for f in &files {
        assert!(stdout.lines().any(|l| l == format!("ok {f}")), "{stdout}");
    }
}

#[test]
fn a_truncated_file_fails_with_located_messages_and_the_good_one_still_passes() {
    let good = repo("scenarios/samarkand.toml");
    let text = std::fs::read_to_string(&good).unwrap();
    let cut = scratch("truncated-samarkand.toml", &text[..text.len() / 2]);
    let out = sarissa(&["validate", &good, &cut]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stdout.contains(&format!("ok {good}")));
    assert!(!stdout.contains(&cut));
    assert!(!stderr.is_empty());
    for line in stderr.lines() {
        let mut parts = line.splitn(4, ':');
        assert_eq!(parts.next(), Some(cut.as_str()), "{line}");
        assert!(parts.next().unwrap().parse::<usize>().is_ok(), "line number in {line}");
        assert!(parts.next().unwrap().parse::<usize>().is_ok(), "column in {line}");
    }
}

#[test]
fn a_wrong_unit_is_named_with_its_line() {
    let text = std::fs::read_to_string(repo("scenarios/samarkand.toml")).unwrap();
    let bad = text.replacen("tq = 7", "tq = 11", 1);
    let line = bad[..bad.find("tq = 11").unwrap()].matches('\n').count() + 1;
    let path = scratch("wrong-tq-samarkand.toml", &bad);
    let out = sarissa(&["validate", &path]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains(&format!("{path}:{line}:")), "{stderr}");
    assert!(stderr.contains("`tq` is 11; it must be from 1 to 9"), "{stderr}");
}

#[test]
fn unreadable_or_non_utf8_files_are_errors_not_panics() {
    let out = sarissa(&["validate", "/nonexistent/x.toml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
    let dir = std::env::temp_dir().join(format!("sarissa-cli-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("x.toml");
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let out = sarissa(&["validate", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not UTF-8"));
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(sarissa(&[]).status.code(), Some(2));
    assert_eq!(sarissa(&["validate"]).status.code(), Some(2));
    assert_eq!(sarissa(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn summary_counts_the_scenario() {
    let out = sarissa(&["summary", &repo("scenarios/samarkand.toml")]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["id"], "samarkand");
    assert_eq!(v["hexes"], v["columns"].as_u64().unwrap() * v["rows"].as_u64().unwrap());
    let per_side: u64 = v["sides"].as_array().unwrap().iter().map(|s| s["units"].as_u64().unwrap()).sum();
    assert_eq!(v["units"].as_u64().unwrap(), per_side);
}
