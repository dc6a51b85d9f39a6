//! A profiling aid for issue 19 ("Fast and small"), to run under `valgrind --tool=callgrind`,
//! whose instruction counts compare before and after on a busy machine where times do not:
//! `prof odds [k]` computes the exact odds of the heaviest shocks (or the k-th only), `prof
//! issus` plays the seeded random whole battle of Issus that `sarissa bench` times; `prof
//! execute [reps]` the quick bench's part of every bundled battle, the legal listing asked before
//! each command as the bench asks it, and prints the median of each command's fastest time over
//! `reps` replays (a steadier figure than one timing on a busy machine).
//! Build: `cargo build --profile cli -p sarissa-rules --example prof`.

use sarissa_rules::combat::odds::shock_odds;
use sarissa_rules::combat::odds_worst::worst_shocks;
use sarissa_rules::play::legal::{decision_commands, movers, unit_moves};
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Command, Dice, Game, Scenario};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The battle in file `path`.
fn battle_at(path: &std::path::Path) -> Result<Arc<Scenario>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    Ok(Arc::new(sarissa_rules::load(&path.to_string_lossy(), &text).map_err(|e| e.to_string())?))
}

/// Every bundled battle, by file name.
fn bundled() -> Result<Vec<Arc<Scenario>>, String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut paths: Vec<_> = std::fs::read_dir(dir).map_err(|e| e.to_string())?.flatten().map(|e| e.path()).collect();
    paths.retain(|p| p.extension().is_some_and(|x| x == "toml"));
    paths.sort();
    paths.iter().map(|p| battle_at(p)).collect()
}

/// The bench's quick game of `battle` (seed 1, 400 commands): each command's fastest execution
/// over `reps` replays, with the legal listing asked before it as the bench asks it.
fn fastest_executes(battle: &Arc<Scenario>, reps: usize) -> Result<Vec<Duration>, String> {
    let mut commands: Vec<Command> = Vec::new();
    let mut fastest: Vec<Duration> = Vec::new();
    for rep in 0..reps {
        let (mut game, _) = Game::new(battle.clone(), Dice::seeded(1)).map_err(|e| e.to_string())?;
        let mut player = RandomPlayer::new(1);
        for k in 0..400 {
            let (decision, moving) = (decision_commands(&game), movers(&game));
            if decision.is_empty() && moving.is_empty() {
                break;
            }
            for &i in &moving {
                let _ = unit_moves(&game, i);
            }
            let command = if rep == 0 {
                let Some(c) = player.choose(&game) else { break };
                commands.push(c);
                commands[k].clone()
            } else {
                let Some(c) = commands.get(k) else { break };
                let _ = player.choose(&game);
                c.clone()
            };
            let t = Instant::now();
            game.execute(&command).map_err(|e| format!("{command:?}: {e}"))?;
            let took = t.elapsed();
            match fastest.get_mut(k) {
                Some(f) => *f = (*f).min(took),
                None => fastest.push(took),
            }
        }
    }
    Ok(fastest)
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    match args.next().as_deref() {
        Some("odds") => {
            let only: Option<usize> = args.next().and_then(|k| k.parse().ok());
            for (k, (name, setup)) in worst_shocks().into_iter().enumerate() {
                if only.is_none_or(|o| o == k) {
                    let t = Instant::now();
                    let odds = shock_odds(&setup).map_err(|e| e.to_string())?;
                    println!("{name}: {:?}, {} runs", t.elapsed(), odds.runs);
                }
            }
        }
        Some("issus") => {
            let issus =
                battle_at(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/issus.toml")))?;
            let t = Instant::now();
            let (mut game, _) = Game::new(issus, Dice::seeded(1)).map_err(|e| e.to_string())?;
            let mut player = RandomPlayer::new(1);
            let mut commands = 0;
            while let Some(command) = player.choose(&game).filter(|_| commands < 20_000) {
                game.execute(&command).map_err(|e| format!("{command:?}: {e}"))?;
                commands += 1;
            }
            println!("issus: {commands} commands, {:?}", t.elapsed());
        }
        Some("execute") => {
            let reps: usize = args.next().and_then(|r| r.parse().ok()).unwrap_or(5);
            let mut fastest = Vec::new();
            for battle in bundled()? {
                fastest.extend(fastest_executes(&battle, reps)?);
            }
            fastest.sort_unstable();
            let median = fastest.get(fastest.len() / 2).copied().unwrap_or_default();
            println!("execute: {} commands, median of the fastest of {reps}: {median:?}", fastest.len());
        }
        _ => return Err("usage: prof odds [k] | prof issus | prof execute [reps]".into()),
    }
    Ok(())
}
