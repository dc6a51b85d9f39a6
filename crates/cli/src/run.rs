//! `sarissa run`: a scripted game, every event printed as one JSON line.

use crate::read_scenario;
use sarissa_rules::play::notation;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Dice, Event, Game};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

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

pub fn run(
    scenario: &str,
    seed: Option<u64>,
    dice: Option<Vec<u8>>,
    script: &Path,
    options: OptionChanges,
    hash: bool,
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
        match game.execute(&command) {
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
    if hash {
        println!("{{\"state_hash\":\"{:016x}\"}}", game.state_hash());
    }
    ExitCode::SUCCESS
}
