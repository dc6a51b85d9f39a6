//! `sarissa think`: the computer's decisions of a game played in the browser, thought again
//! natively (issue 21's measure: the browser's worker within twice the native time). Each
//! decision of a side the game file gives to the computer is asked again with the seed the
//! browser used, timed, and compared with the command the game has there.

use crate::duel::thread_cpu_time;
use crate::link::find;
use sarissa_rules::play::notation;
use sarissa_rules::play::player::{self, Level};
use sarissa_share::{read_save, restore};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The browser's seed for the decision after `commands` commands (`decision_seed` in
/// web/src/model/worker.rs): the game's seed, varied with the move.
fn browser_seed(game_seed: u64, commands: usize) -> u64 {
    game_seed ^ (commands as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

pub fn think(save_file: &str) -> ExitCode {
    match timed(save_file) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{save_file}: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `think: N decisions, median T ms, max M ms (CPU: …); K of them the game's own command`.
fn timed(save_file: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(save_file).map_err(|e| format!("cannot read: {e}"))?;
    let save = read_save(&text).map_err(|e| e.to_string())?;
    let seats = computer_seats(&text);
    if seats.iter().all(Option::is_none) {
        return Err("no side of this game is played by the computer (its `players`)".into());
    }
    let mut replay = save.clone();
    replay.commands.clear();
    let mut game = restore(&replay, find).map_err(|e| e.to_string())?.game;
    let (mut times, mut cpu, mut same) = (Vec::new(), Vec::new(), 0);
    for (i, line) in save.commands.iter().enumerate() {
        let command = notation::parse(line)
            .map_err(|e| format!("command {}: {e}", i + 1))?
            .ok_or_else(|| format!("command {} is not a command", i + 1))?;
        if let Some(level) = game.decider().and_then(|side| seats.get(side).copied().flatten()) {
            let (start, cpu_start) = (Instant::now(), thread_cpu_time());
            let mine = player::choose(&game, level, browser_seed(save.seed, i));
            times.push(start.elapsed());
            if let (Some(before), Some(after)) = (cpu_start, thread_cpu_time()) {
                cpu.push(after.saturating_sub(before));
            }
            same += usize::from(mine.map(|c| notation::format(&c)).as_deref() == Some(line.as_str()));
        }
        game.execute(&command).map_err(|e| format!("command {} `{line}` refused: {e}", i + 1))?;
    }
    times.sort();
    cpu.sort();
    let ms = |d: Option<&Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    Ok(format!(
        "think: {} decisions, median {:.1} ms, max {:.1} ms (CPU: median {:.1} ms, max {:.1} ms); {same} of them the game's own command",
        times.len(),
        ms(times.get(times.len() / 2)),
        ms(times.last()),
        ms(cpu.get(cpu.len() / 2)),
        ms(cpu.last())
    ))
}

/// The level of each side the game file's `players` gives to the computer (`None`: a person).
fn computer_seats(text: &str) -> Vec<Option<Level>> {
    let value: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    let players = value.get("players").and_then(|p| p.as_array()).cloned().unwrap_or_default();
    players.iter().map(|p| p.as_str().and_then(|s| s.parse().ok())).collect()
}
