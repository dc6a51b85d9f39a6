//! `sarissa run` and `sarissa soak` as a user runs them.

mod common;

use common::sarissa;
use std::process::Output;

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

/// A battle set up mid-play (docs/scenario-format.md): turn 2, blue's leader Finished, its routed
/// javelin foot on the west edge; red's leader still to go.
const EDGE: &str = r#"format = 1
[scenario]
id = "edge"
name = "At the edge"
date = "now"
rules = "alexander"
summary = "s"
note = "n"
sources = []
[map]
columns = 6
rows = 4
terrain = """
01 ......
02 ......
03 ......
04 ......
"""
elevation = """
01 000000
02 000000
03 000000
04 000000
"""
[position]
turn = 2
phase = "activation"
[[side]]
id = "blue"
name = "Blue"
retreat_edge = "west"
withdrawal_level = 20
units = [
  { id = "runners", name = "Runners", type = "LI", class = "J", size = 3, tq = 5, ma = 5, missile = "J", at = "0102", facing = "E", routed = true },
  { id = "guard", name = "Guard", type = "HC", size = 3, tq = 6, ma = 7, at = "0203", facing = "E", hits = 2 },
]
leaders = [{ id = "hero", name = "Hero", role = "overall", initiative = 2, command_range = 4, charisma = 1, personal_combat = 3, at = "0203", finished = true }]
[[side]]
id = "red"
name = "Red"
retreat_edge = "east"
withdrawal_level = 30
units = [{ id = "horse", name = "Horse", type = "HC", size = 3, tq = 6, ma = 7, at = "0602", facing = "W" }]
leaders = [{ id = "foe", name = "Foe", role = "overall", initiative = 4, command_range = 4, charisma = 1, personal_combat = 3, at = "0603" }]
"#;

/// The run starts on the position's turn, and prints the Rout Points each time they change
/// (CG 13.11) and a closing summary on stderr: the routed unit leaves the map in the Rout
/// Movement segment (GBA 10.22, 10.23).
#[test]
fn a_position_starts_on_its_turn_and_rout_points_are_printed_as_they_change() {
    let file = script("edge.toml", EDGE);
    let path = script("pass.txt", "pass foe\n");
    let out = sarissa(&["run", "--scenario", &file, "--script", &path]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines = events(&out);
    assert_eq!(lines[0]["event"], "turn_began");
    assert_eq!(lines[0]["turn"], 2);
    assert_eq!(lines[1]["event"], "activation_offered");
    assert_eq!(lines[1]["leaders"][0], "foe");
    let gone =
        lines.iter().position(|e| e["event"] == "unit_eliminated" && e["unit"] == "runners").expect("it routs off");
    let points = lines.iter().position(|e| e.get("rout_points").is_some()).expect("the rout points line");
    assert!(points > gone);
    let sides = &lines[points]["rout_points"];
    assert_eq!((sides[0]["side"].as_str(), sides[1]["points"].as_u64()), (Some("blue"), Some(0)));
    let blue = sides[0]["points"].as_u64().unwrap();
    assert!(blue > 0);
    assert_eq!(sides[0]["withdrawal_level"], 20);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim(), format!("rout points: Blue {blue} of 20, Red 0 of 30"));
}

/// Runs `script` on `crates/cli/tests/<field>.toml` with these dice, with the forcing `option`
/// and without: the first run's events, the second's output (both must succeed).
fn forced_and_normal(
    script_file: (&str, &str),
    field: &str,
    dice: &str,
    option: [&str; 2],
) -> (Vec<serde_json::Value>, String) {
    let path = script(script_file.0, script_file.1);
    let scenario = format!("crates/cli/tests/{field}.toml");
    let args = ["run", "--scenario", &scenario, "--dice", dice, "--script", &path];
    let out = sarissa(&[&args[..], &option[..]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let normal = sarissa(&args);
    assert!(normal.status.success(), "{}", String::from_utf8_lossy(&normal.stderr));
    (events(&out), String::from_utf8_lossy(&normal.stdout).into_owned())
}

/// Blue's hypaspists (`crates/cli/tests/field.toml`) march up to red's MI and attack it.
const FIELD_SHOCK: &str = "pre-arrange\nactivate hero\nmove hyp 0405 0505 facing E\nno-reaction\nend\nshock\n";

#[test]
fn shock_result_forces_the_next_shock_and_the_log_says_so() {
    let (ev, normal) =
        forced_and_normal(("field-shock.txt", FIELD_SHOCK), "field", "0,0,0,0", ["--shock-result", "0(5)"]);
    assert_eq!(ev[2], serde_json::json!({"event":"shock_result_to_be_forced","attacker_hits":0,"defender_hits":5}));
    let resolved = ev.iter().find(|e| e["event"] == "shock_resolved").expect("a shock");
    let lines: Vec<&str> = resolved["lines"].as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect();
    assert!(lines.contains(&"result 3(2) (GBA 9.54, CG 9.44)"), "{lines:?}");
    assert!(
        lines.contains(&"result forced for testing: 0(5), where the table gives 3(2) (sarissa run --shock-result)"),
        "{lines:?}"
    );
    let forced = ev.iter().position(|e| e["event"] == "shock_result_forced").expect("said");
    assert_eq!(
        ev[forced],
        serde_json::json!({"event":"shock_result_forced","attacker_hits":0,"defender_hits":5,"table":[3,2]})
    );
    assert_eq!(ev[forced + 1], serde_json::json!({"event":"cohesion_hits","unit":"red","hits":7,"cause":"shock"}));

    // Without the option: the table's 3(2), and no word of forcing.
    assert!(!normal.contains("forced"), "{normal}");
}

#[test]
fn a_shock_result_not_on_the_table_is_refused_in_a_sentence() {
    let path = script("field-shock-bad.txt", FIELD_SHOCK);
    for bad in ["9(9)", "3-2"] {
        let out = sarissa(&[
            "run",
            "--scenario",
            "crates/cli/tests/field.toml",
            "--seed",
            "1",
            "--script",
            &path,
            "--shock-result",
            bad,
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("is not a result of the Shock Combat Results Table") || err.contains("is not a shock result"),
            "{err}"
        );
        assert!(out.stdout.is_empty());
    }
}

/// Blue's Cretan archers (`crates/cli/tests/volley.toml`) shoot at red's Median horse, two hexes
/// off: strength 3 there, so the loaded 6 misses.
const VOLLEY: &str = "activate hero\nfire cretans at medes\n";

#[test]
fn missile_result_forces_the_next_volley_and_the_log_says_so() {
    let (ev, normal) = forced_and_normal(("volley.txt", VOLLEY), "volley", "6,6,6,6", ["--missile-result", "hit"]);
    assert_eq!(ev[2], serde_json::json!({"event":"missile_result_to_be_forced","hit":true}));
    let forced = ev.iter().position(|e| e["event"] == "missile_result_forced").expect("said");
    assert_eq!(ev[forced], serde_json::json!({"event":"missile_result_forced","hit":true,"table":false}));
    assert_eq!(ev[forced - 1]["event"], "die_rolled");
    assert_eq!(ev[forced + 1]["event"], "missile_fired");
    assert_eq!((&ev[forced + 1]["hit"], &ev[forced + 1]["hits"]), (&serde_json::json!(true), &serde_json::json!(1)));
    assert_eq!(ev[forced + 2], serde_json::json!({"event":"cohesion_hits","unit":"medes","hits":1,"cause":"missile"}));

    // Without the option: the chart's miss, and no word of forcing.
    assert!(!normal.contains("forced") && !normal.contains("cohesion_hits"), "{normal}");
}

#[test]
fn a_missile_result_other_than_hit_or_miss_is_refused_in_a_sentence() {
    let path = script("volley-bad.txt", VOLLEY);
    let args = ["run", "--scenario", "crates/cli/tests/volley.toml", "--seed", "1", "--script", &path];
    let out = sarissa(&[&args[..], &["--missile-result", "2"]].concat());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is not a missile result") && err.contains("hit or miss"), "{err}");
    assert!(out.stdout.is_empty());
}

/// `--house-rules` switches on every house rule each battle offers (issue 23): the barbarian
/// order (House B2) at Samarkand, which Chaeronea does not offer, alongside the others at both.
#[test]
fn soak_with_house_rules_plays_each_battle_with_every_house_rule_it_offers() {
    let two = ["--scenario", "scenarios/samarkand.toml", "--scenario", "scenarios/chaeronea.toml"];
    let args = [&["soak", "--games", "2", "--seed", "5", "--commands", "60"][..], &two[..]].concat();
    let on = sarissa(&[&args[..], &["--house-rules"]].concat());
    assert!(on.status.success(), "{}", String::from_utf8_lossy(&on.stderr));
    let last = String::from_utf8_lossy(&on.stdout).lines().last().unwrap().to_string();
    assert!(last.starts_with("soak: 2 games, ") && last.ends_with(" 0 failures"), "{last}");
    // One --option for both battles is refused where it is not offered.
    let refused = sarissa(&[&args[..], &["--option", "barbarian_activation=on"]].concat());
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("chaeronea"), "{:?}", refused.stderr);
}
