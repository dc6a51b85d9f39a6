//! `sarissa duel` as a user runs it: whole battles between computer players.

mod common;

use common::sarissa;

#[test]
fn a_duel_prints_a_line_a_game_and_the_score_last() {
    let args = ["duel", "--scenario", "scenarios/samarkand.toml", "--red", "greedy", "--blue", "random"];
    let out = sarissa(&[&args[..], &["--games", "2", "--seed", "3"]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "two games, two sides, the CPU time, the score: {text}");
    assert!(lines[0].starts_with("game 1: ") && lines[1].starts_with("game 2: "), "{text}");
    // Each game says how near each army came to breaking: its rout points of its withdrawal level.
    assert!(lines[0].contains(", rout points red ") && lines[0].contains(" blue "), "{text}");
    assert!(lines[2].starts_with("red (greedy): median decision "), "{text}");
    assert!(lines[3].starts_with("blue (random): median decision "), "{text}");
    assert!(lines[4].starts_with("CPU time (this thread's"), "{text}");
    let last = lines[5];
    assert!(last.starts_with("duel: 2 games, red "), "{last}");
    assert!(last.contains(", median decision ") && last.ends_with(" ms"), "{last}");
    // The games add up.
    let count = |key: &str| -> u32 {
        let at = last.find(key).unwrap() + key.len();
        last[at..].split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
    };
    assert_eq!(count("red ") + count("blue ") + count("draws "), 2, "{last}");
    // The same seed plays the same games.
    let again = sarissa(&[&args[..], &["--games", "2", "--seed", "3"]].concat());
    let games =
        |t: &str| t.lines().take(2).map(|l| l.split(", median").next().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(games(&text), games(&String::from_utf8_lossy(&again.stdout)));
}

#[test]
fn an_unknown_level_is_refused_with_the_levels_named() {
    let out = sarissa(&["duel", "--scenario", "scenarios/samarkand.toml", "--red", "genius", "--blue", "random"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("random, greedy, easy or hard"), "{err}");
}

/// House rules (issue 23) switch on as any optional rule does, and the duel says how often each
/// acted, before the score.
#[test]
fn a_duel_with_house_b3_on_says_how_often_it_acted() {
    let args = ["duel", "--scenario", "scenarios/samarkand.toml", "--red", "random", "--blue", "random"];
    let out = sarissa(&[&args[..], &["--games", "2", "--seed", "3", "--option", "out_of_sight_orders=on"]].concat());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 7, "{text}");
    assert!(lines[4].starts_with("house rules acted: out-of-sight orders "), "{text}");
    assert!(lines[6].starts_with("duel: 2 games"), "{text}");
    // Off, no such line.
    let off = sarissa(&[&args[..], &["--games", "2", "--seed", "3"]].concat());
    assert!(!String::from_utf8_lossy(&off.stdout).contains("house rules"));
}
