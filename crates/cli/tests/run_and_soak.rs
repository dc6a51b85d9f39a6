//! `sarissa run` and `sarissa soak` as a user runs them.

use std::path::PathBuf;
use std::process::{Command, Output};

fn sarissa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sarissa"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("the binary runs")
}

fn script(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("sarissa-run-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn events(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

const OPENING: &str = "\
# Samarkand: Pharnuches' mercenaries may hold a pre-arranged withdrawal order: none (6.82)
pre-arrange
# the Sogdian chief goes first on the tie (5.12)
activate bactrian-chief
end
no-momentum
";

#[test]
fn a_script_prints_every_event_as_json_and_replays_to_the_same_hash() {
    let path = script("opening.txt", OPENING);
    let a = sarissa(&["run", "--scenario", "scenarios/samarkand.toml", "--seed", "5", "--script", &path, "--hash"]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let ev = events(&a);
    assert_eq!(ev[0]["event"], "turn_began");
    assert!(ev.iter().any(|e| e["event"] == "leader_activated" && e["leader"] == "bactrian-chief"));
    assert!(ev.iter().any(|e| e["event"] == "leader_finished" && e["leader"] == "bactrian-chief"));
    let b = sarissa(&["run", "--scenario", "scenarios/samarkand.toml", "--seed", "5", "--script", &path, "--hash"]);
    assert_eq!(a.stdout, b.stdout, "same scenario, seed and script: same events and hash");
}

#[test]
fn an_illegal_command_stops_with_the_rule_and_its_line() {
    let path = script("illegal.txt", "pre-arrange\nactivate pharnuches\n");
    let out = sarissa(&["run", "--scenario", "scenarios/samarkand.toml", "--script", &path]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{path}:2:")), "{err}");
    assert!(err.contains("rule 5.12"), "{err}");
}

#[test]
fn a_line_that_is_not_a_command_exits_2() {
    let path = script("junk.txt", "pre-arrange\nactivate bactrian-chief\nfly away\n");
    let out = sarissa(&["run", "--scenario", "scenarios/samarkand.toml", "--script", &path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(":3: `fly away` is not a command"));
}

#[test]
fn loaded_dice_are_used_in_order() {
    // Momentum for the Sogdian chief (initiative 2): a loaded 9 then 5 is the die roll of doom.
    let path = script("doom.txt", "pre-arrange\nactivate bactrian-chief\nend\nmomentum\n");
    let out = sarissa(&["run", "--scenario", "scenarios/samarkand.toml", "--dice", "9,5", "--script", &path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let ev = events(&out);
    let rolls: Vec<_> = ev.iter().filter(|e| e["event"] == "die_rolled").map(|e| e["roll"].as_u64().unwrap()).collect();
    assert_eq!(rolls, [9, 5]);
    assert!(ev.iter().any(|e| e["event"] == "doom_outcome" && e["outcome"] == "finished"));
}

#[test]
fn soak_plays_games_and_reports_its_summary_last() {
    let out = sarissa(&[
        "soak",
        "--games",
        "3",
        "--seed",
        "11",
        "--scenario",
        "scenarios/samarkand.toml",
        "--commands",
        "60",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap();
    let re_ok = last.starts_with("soak: 3 games, 0 finished, ") && last.ends_with(" commands, 0 failures");
    assert!(re_ok, "{last}");
}

#[test]
fn soak_is_reproducible_from_its_seed() {
    let args = ["soak", "--games", "4", "--seed", "21", "--scenario", "scenarios/samarkand.toml", "--commands", "80"];
    let (a, b) = (sarissa(&args), sarissa(&args));
    assert!(a.status.success());
    assert_eq!(a.stdout, b.stdout, "the same seed must play the same games");
}

/// GBA §C: `--option` switches one of the battle's optional rules for the run. Without the
/// elite initiative (5.5) the Hydaspes opens with the usual activation instead of the offer.
#[test]
fn an_option_switches_an_optional_rule_for_the_run_gba_5_5() {
    let path = script("empty.txt", "");
    let run = |extra: &[&str]| {
        let mut args = vec!["run", "--scenario", "scenarios/hydaspes.toml", "--script", &path];
        args.extend_from_slice(extra);
        sarissa(&args)
    };
    let offered = |out: &Output| events(out).last().unwrap()["event"].as_str().unwrap().to_string();
    assert_eq!(offered(&run(&[])), "elite_initiative_offered");
    assert_eq!(offered(&run(&["--option", "elite_commander_initiative=off"])), "activation_offered");
    let refused = run(&["--option", "cavalry_pursuit=on"]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("`cavalry_pursuit`") && err.contains("offers: elite_commander_initiative, engaged"), "{err}");
    let malformed = run(&["--option", "engaged"]);
    assert_eq!(malformed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&malformed.stderr).contains("KEY=on or KEY=off"));
}
