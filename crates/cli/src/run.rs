//! `sarissa run`: a scripted game, every event printed as one JSON line.

use crate::read_scenario;
use sarissa_rules::play::notation;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Dice, Event, Game};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn print(events: &[Event]) {
    for e in events {
        println!("{}", serde_json::to_string(e).unwrap_or_default());
    }
}

/// Each side's Rout Points now (CG 13.11; derived from the eliminated units and lost leaders).
fn rout_points(game: &Game) -> [u32; 2] {
    sarissa_rules::effects::victory::rout_points(&game.scenario, &game.state)
}

/// One JSON line: each side's id, Rout Points and Withdrawal Level (CG 13.11, 13.13).
fn print_rout_points(game: &Game, points: [u32; 2]) {
    let sides: Vec<_> = game
        .scenario
        .sides
        .iter()
        .zip(points)
        .map(|(s, p)| serde_json::json!({ "side": s.id, "points": p, "withdrawal_level": s.withdrawal_level }))
        .collect();
    println!("{}", serde_json::json!({ "rout_points": sides }));
}

/// The closing line, on stderr: `rout points: Macedonians 12 of 30, Persians 25 of 40`.
fn rout_summary(game: &Game) -> String {
    let sides: Vec<_> = game
        .scenario
        .sides
        .iter()
        .zip(rout_points(game))
        .map(|(s, p)| format!("{} {p} of {}", s.name, s.withdrawal_level))
        .collect();
    format!("rout points: {}", sides.join(", "))
}

/// Results forced for testing (`--shock-result`, `--missile-result`), each on the next combat
/// or volley that reaches its table.
pub struct Forced {
    pub shock: Option<(u8, u8)>,
    pub missile: Option<bool>,
}

/// What `run` tells besides the events.
pub struct Report {
    /// The final state hash, as the last line.
    pub hash: bool,
    /// This many of the slowest commands, timed as carried out (a first use's work included, as
    /// a page replaying the game pays it), to stderr.
    pub slowest: Option<usize>,
}

/// The `n` slowest of the commands `timed` (time, script line, command), slowest first.
fn print_slowest(timed: &mut [(Duration, usize, &str)], n: usize) {
    let total: Duration = timed.iter().map(|t| t.0).sum();
    eprintln!("{} commands carried out in {} µs", timed.len(), total.as_micros());
    timed.sort_by_key(|t| std::cmp::Reverse(t.0));
    for (took, line, command) in timed.iter().take(n) {
        eprintln!("{:>8} µs  line {line}: {command}", took.as_micros());
    }
}

pub fn run(
    scenario: &str,
    seed: Option<u64>,
    dice: Option<Vec<u8>>,
    script: &Path,
    options: OptionChanges,
    report: Report,
    forced: Forced,
) -> ExitCode {
    let scenario =
        match read_scenario(scenario).and_then(|s| s.with_options(&options).map_err(|e| format!("--option: {e}"))) {
            Ok(s) => Arc::new(s),
            Err(message) => {
                eprintln!("{message}");
                return ExitCode::from(2);
            }
        };
    let text = match std::fs::read_to_string(script) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: cannot read: {e}", script.display());
            return ExitCode::from(2);
        }
    };
    let dice = match dice {
        Some(rolls) if rolls.iter().any(|r| *r > 9) => {
            eprintln!("--dice: every roll is 0 to 9");
            return ExitCode::from(2);
        }
        Some(rolls) => Dice::scripted(&rolls),
        None => Dice::seeded(seed.unwrap_or(1)),
    };
    let (mut game, opening) = match Game::new(scenario, dice) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("the battle cannot begin: {e}");
            return ExitCode::FAILURE;
        }
    };
    print(&opening);
    // For testing (--shock-result, --missile-result): one event each before the script's first
    // command, so the log replays to the same game.
    if let Some(cell) = forced.shock {
        print(&game.force_shock_result(cell));
    }
    if let Some(hit) = forced.missile {
        print(&game.force_missile_result(hit));
    }
    // A battle set up mid-play may start with losses already counted.
    let mut points = rout_points(&game);
    if points != [0, 0] {
        print_rout_points(&game, points);
    }
    let mut timed = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let where_ = format!("{}:{}", script.display(), n + 1);
        let command = match notation::parse(line) {
            Ok(Some(c)) => c,
            Ok(None) => continue,
            Err(e) => {
                eprintln!("{where_}: {e}");
                return ExitCode::from(2);
            }
        };
        let began = Instant::now();
        let carried_out = game.execute(&command);
        timed.push((began.elapsed(), n + 1, line.trim()));
        match carried_out {
            Ok(events) => print(&events),
            Err(e) => {
                eprintln!("{where_}: `{}` refused: {e}", line.trim());
                eprintln!("{}", rout_summary(&game));
                return ExitCode::FAILURE;
            }
        }
        let now = rout_points(&game);
        if now != points {
            points = now;
            print_rout_points(&game, points);
        }
    }
    eprintln!("{}", rout_summary(&game));
    if let Some(n) = report.slowest {
        print_slowest(&mut timed, n);
    }
    if report.hash {
        println!("{{\"state_hash\":\"{:016x}\"}}", game.state_hash());
    }
    ExitCode::SUCCESS
}
