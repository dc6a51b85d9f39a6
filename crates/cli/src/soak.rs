//! `sarissa soak`: random legal games with invariants checked after every command.
//!
//! Invariants: no panic; every decision offers at least one legal command and the commands the
//! legal query offers are accepted; no two units in one hex and none off the map; a save
//! (the state as JSON) loads back to the same state hash. A failure prints how to reproduce it.

use crate::read_scenario;
use sarissa_rules::game::{GameState, Phase};
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::play::{legal, notation};
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::{Command, Dice, Game, Scenario};
use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::sync::Arc;

/// Every this many commands, commands the legal query offers are tried on a copy: all but moves
/// and withdrawals, and an even sample of those.
const FULL_CHECK_EVERY: usize = 25;
const MOVES_SAMPLED: usize = 40;

pub fn soak(
    games: u32,
    seed: u64,
    files: Vec<String>,
    commands: usize,
    turns: u16,
    options: OptionChanges,
    house_rules: bool,
) -> ExitCode {
    let files = if files.is_empty() { default_scenarios() } else { files };
    let mut scenarios = Vec::new();
    for f in &files {
        let mut chosen_here = options.clone();
        let chosen = |s: Scenario| {
            if house_rules {
                chosen_here.extend(every_house_rule(&s));
            }
            s.with_options(&chosen_here).map_err(|e| format!("{f}: --option: {e}"))
        };
        match read_scenario(f).and_then(chosen) {
            Ok(s) => scenarios.push((f.clone(), Arc::new(s), chosen_here)),
            Err(message) => {
                eprintln!("{message}");
                return ExitCode::from(2);
            }
        }
    }
    if scenarios.is_empty() {
        eprintln!("no scenarios to play (give --scenario FILE or run where scenarios/ is)");
        return ExitCode::from(2);
    }
    let (mut finished, mut total, mut failures) = (0u32, 0usize, 0u32);
    for g in 0..games {
        let (file, scenario, options) = &scenarios[g as usize % scenarios.len()];
        let game_seed = seed.wrapping_add(g as u64);
        let outcome = catch_unwind(AssertUnwindSafe(|| play(scenario.clone(), game_seed, commands, turns)));
        let (played, result) = match outcome {
            Ok(r) => r,
            Err(_) => (Vec::new(), Err("the engine panicked (run the reproduction to see where)".to_string())),
        };
        total += played.len();
        match result {
            Ok(true) => finished += 1,
            Ok(false) => {}
            Err(what) => {
                failures += 1;
                report(g, file, game_seed, &played, &what, options);
            }
        }
    }
    println!("soak: {games} games, {finished} finished, {total} commands, {failures} failures");
    if failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Every battle file in scenarios/, by name.
pub fn default_scenarios() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir("scenarios")
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    files.retain(|f| f.ends_with(".toml"));
    files.sort();
    files
}

/// Plays one game; returns the commands played and whether the battle finished, or what broke.
fn play(scenario: Arc<Scenario>, seed: u64, limit: usize, turns: u16) -> (Vec<Command>, Result<bool, String>) {
    let mut played = Vec::new();
    let (mut game, _) = match Game::new(scenario.clone(), Dice::seeded(seed)) {
        Ok(g) => g,
        Err(e) => return (played, Err(format!("the battle cannot begin: {e}"))),
    };
    let mut player = RandomPlayer::new(seed);
    for n in 0..limit {
        if let Phase::Over { .. } = game.state.phase {
            return (played, Ok(true));
        }
        if game.state.turn > turns {
            break;
        }
        if let Err(what) = check(&game, n % FULL_CHECK_EVERY == 0) {
            return (played, Err(what));
        }
        let Some(command) = player.choose(&game) else {
            return (played, Err("a decision with no legal command".into()));
        };
        match game.execute(&command) {
            Err(e) => {
                played.push(command.clone());
                return (
                    played,
                    Err(format!("the random player's command `{}` was refused: {e}", notation::format(&command))),
                );
            }
            // A legal command that changes nothing leaves the same decision to be taken forever.
            Ok(events) if events.is_empty() => {
                played.push(command.clone());
                return (
                    played,
                    Err(format!("the command `{}` was taken and did nothing", notation::format(&command))),
                );
            }
            Ok(_) => {}
        }
        played.push(command);
    }
    (played, Ok(matches!(game.state.phase, Phase::Over { .. })))
}

fn check(game: &Game, full: bool) -> Result<(), String> {
    let (s, st) = (&*game.scenario, &game.state);
    let mut seen = HashSet::new();
    // A Tribal stack's two units share their hex (CG 6.73): the bottom one is not counted.
    let counted = |i: usize| !st.units[i].eliminated && !sarissa_rules::special::tribal::is_bottom(s, st, i);
    for (i, u) in st.units.iter().enumerate().filter(|(i, _)| counted(*i)) {
        for h in u.placement.hexes() {
            if !s.map.contains(h) {
                return Err(format!("{} is off the map at {h}", s.units[i].id));
            }
            if !seen.insert(h) {
                return Err(format!("two units in {h} (6.91)"));
            }
        }
    }
    let json = serde_json::to_string(st).map_err(|e| format!("the state does not save: {e}"))?;
    let back: GameState = serde_json::from_str(&json).map_err(|e| format!("the save does not load: {e}"))?;
    let reloaded = Game::resume(game.base.clone(), back);
    if reloaded.state_hash() != game.state_hash() {
        return Err("a saved and reloaded state has a different hash".into());
    }
    if full {
        let all = legal::legal_commands(game);
        if all.is_empty() {
            return Err("a decision with no legal command".into());
        }
        let is_move = |c: &Command| matches!(c, Command::Move { .. } | Command::Withdraw { .. });
        let moves = all.iter().filter(|c| is_move(c)).count();
        let step = moves.div_ceil(MOVES_SAMPLED).max(1);
        let mut k = 0;
        let sample = all.into_iter().filter(|c| {
            let is_move = is_move(c);
            k += usize::from(is_move);
            !is_move || k % step == 0
        });
        for c in sample {
            if let Err(e) = game.clone().execute(&c) {
                return Err(format!("the legal query offered `{}`, which was refused: {e}", notation::format(&c)));
            }
        }
    }
    Ok(())
}

/// Every house rule `s` offers, switched on (issue 23): `--house-rules`.
fn every_house_rule(s: &Scenario) -> OptionChanges {
    s.optional_choices().iter().filter(|c| c.house).map(|c| (c.key.to_string(), true)).collect()
}

fn report(g: u32, file: &str, seed: u64, played: &[Command], what: &str, options: &OptionChanges) {
    let path = std::env::temp_dir().join(format!("sarissa-soak-{seed}.txt"));
    let script: String = played.iter().map(|c| notation::format(c) + "\n").collect();
    let saved = std::fs::write(&path, script).is_ok();
    eprintln!("failure in game {g} ({file}, seed {seed}) after {} commands: {what}", played.len());
    if saved {
        let flags: String =
            options.iter().map(|(k, on)| format!(" --option {k}={}", if *on { "on" } else { "off" })).collect();
        eprintln!("  reproduce: sarissa run --scenario {file} --seed {seed}{flags} --script {}", path.display());
    }
}
