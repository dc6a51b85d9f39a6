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

pub fn run(
    scenario: &str,
    seed: Option<u64>,
    dice: Option<Vec<u8>>,
    script: &Path,
    options: OptionChanges,
    hash: bool,
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
                return ExitCode::FAILURE;
            }
        }
    }
    if hash {
        println!("{{\"state_hash\":\"{:016x}\"}}", game.state_hash());
    }
    ExitCode::SUCCESS
}
