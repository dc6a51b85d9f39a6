//! `sarissa link` as a user runs it.

use std::path::PathBuf;
use std::process::{Command, Output};

fn sarissa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sarissa"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("the binary runs")
}

fn save_file(text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sarissa-link-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sarissa");
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

const SAVE: &str = r#"{"format":1,"scenario":"samarkand","seed":5,
  "commands":["pre-arrange","activate bactrian-chief","end","no-momentum"]}"#;

#[test]
fn a_game_file_gives_two_links_that_read_back() {
    let out = sarissa(&["link", "encode", &save_file(SAVE)]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let game = lines[0].strip_prefix("game g1.").map(|l| format!("g1.{l}")).expect("a game link first");
    let position = lines[1].strip_prefix("position p1.").map(|l| format!("p1.{l}")).expect("then a position link");

    let back = sarissa(&["link", "decode", &game]);
    assert!(back.status.success(), "{}", String::from_utf8_lossy(&back.stderr));
    let save: serde_json::Value = serde_json::from_slice(&back.stdout).unwrap();
    assert_eq!(save["scenario"], "samarkand");
    assert_eq!(save["seed"], 5);
    assert_eq!(save["commands"][1], "activate bactrian-chief");

    let state = sarissa(&["link", "decode", &position]);
    assert!(state.status.success(), "{}", String::from_utf8_lossy(&state.stderr));
    let state: serde_json::Value = serde_json::from_slice(&state.stdout).unwrap();
    assert_eq!(state["scenario_id"], "samarkand");
}

#[test]
fn a_damaged_link_is_refused_with_the_reason() {
    let out = sarissa(&["link", "decode", "g1.AAAAbroken"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("The link is damaged"));
    let out = sarissa(&["link", "decode", "hello"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), "This is not a Sarissa game link.");
    let cut = sarissa(&["link", "encode", &save_file(&SAVE[..60])]);
    assert_eq!(cut.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&cut.stderr).contains("The game file is damaged: its list of moves is cut short."));
}
