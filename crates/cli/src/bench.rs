//! `sarissa bench`: the engine's speed against its budgets (issue "Fast and small"), one line a
//! budget, `name value budget ok|over`, then `bench: K of N within budget`.
//!
//! The positions are those of seeded random battles of every bundled battle (the same seed
//! gives the same battles on every machine): at each decision the legal commands are listed
//! and the command chosen is carried out, each timed. The legal commands are timed as a player
//! or the computer opponent waits for them: the decision's own commands with the units that
//! may move (`decision_commands`, `movers`) are one wait, and each unit's moves under orders
//! (`unit_moves`, asked when the unit is picked) another, every unit's timed; at each shock designation the exact odds
//! of the combats it offers are computed, and those of the heaviest shocks
//! (`sarissa_rules::combat::odds_worst`, which the criterion benchmarks time too: random grouping
//! rarely puts more than three units in a combat); each combat's odds are timed as the fastest of
//! [`ODDS_REPETITIONS`] runs, so that the maximum over combats is the code's and not the busy
//! machine's. `--quick` plays part of each battle, for CI.

use sarissa_rules::combat::odds::shock_odds;
use sarissa_rules::combat::odds_worst::worst_shocks;
use sarissa_rules::combat::shock_segment::preview;
use sarissa_rules::play::legal::{decision_commands, movers, unit_moves};
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Command, Dice, Game, Scenario};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One measurement and its budget.
struct Budget {
    name: &'static str,
    value: Duration,
    budget: Duration,
}

fn show(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.1}us")
    } else if us < 1e6 {
        format!("{:.2}ms", us / 1000.0)
    } else {
        format!("{:.2}s", us / 1e6)
    }
}

/// How many times each combat's exact odds are timed; the fastest counts. A maximum over
/// one-shot timings on a shared machine measures the machine's worst moment, not the code.
const ODDS_REPETITIONS: usize = 5;

/// The fastest of `n` timings of `f`.
fn best_of(n: usize, mut f: impl FnMut()) -> Duration {
    (0..n)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

/// What one seeded random battle measured.
#[derive(Default)]
struct Sample {
    legal: Vec<Duration>,
    execute: Vec<Duration>,
    odds: Vec<Duration>,
    commands: Vec<Command>,
}

/// Plays a seeded random battle of `scenario` for at most `commands` commands, timing each
/// decision; exact odds for at most `odds` combats.
fn play(scenario: &Arc<Scenario>, seed: u64, commands: usize, odds: usize) -> Result<(Sample, Game), String> {
    let (mut game, _) = Game::new(scenario.clone(), Dice::seeded(seed)).map_err(|e| e.to_string())?;
    let mut player = RandomPlayer::new(seed);
    let mut sample = Sample::default();
    for _ in 0..commands {
        // What a player or the computer opponent waits for: the decision's commands with the
        // units that may move, then, for the unit picked, its moves (each unit timed alone).
        let t = Instant::now();
        let (decision, movers) = (decision_commands(&game), movers(&game));
        sample.legal.push(t.elapsed());
        if decision.is_empty() && movers.is_empty() {
            break;
        }
        for &i in &movers {
            let t = Instant::now();
            let _ = unit_moves(&game, i);
            sample.legal.push(t.elapsed());
        }
        let Some(command) = player.choose(&game) else { break };
        if let Command::Shock { attackers } = &command {
            for (_, setup) in preview(&game.scenario, &game.state, attackers) {
                if sample.odds.len() < odds {
                    sample.odds.push(best_of(ODDS_REPETITIONS, || {
                        let _ = shock_odds(&setup);
                    }));
                }
            }
        }
        let t = Instant::now();
        game.execute(&command).map_err(|e| format!("{command:?}: {e}"))?;
        sample.execute.push(t.elapsed());
        sample.commands.push(command);
    }
    Ok((sample, game))
}

/// Runs the benchmark over `battles` (file, scenario); prints the budget lines and returns how
/// many were met.
pub fn run(battles: &[(String, Arc<Scenario>)], quick: bool) -> Result<(usize, usize), String> {
    let (commands, odds): (usize, usize) = if quick { (400, 12) } else { (20_000, 200) };
    let mut all = Sample::default();
    let mut longest: Option<(Arc<Scenario>, u64, Vec<Command>)> = None;
    let mut issus = None;
    for (file, scenario) in battles {
        let seed = 1;
        let (sample, _) =
            play(scenario, seed, commands, odds.saturating_sub(all.odds.len())).map_err(|e| format!("{file}: {e}"))?;
        if longest.as_ref().is_none_or(|l| l.2.len() < sample.commands.len()) {
            longest = Some((scenario.clone(), seed, sample.commands.clone()));
        }
        all.legal.extend(sample.legal);
        all.execute.extend(sample.execute);
        all.odds.extend(sample.odds);
        if scenario.meta.id == "issus" {
            issus = Some(scenario.clone());
        }
    }
    for (_, setup) in worst_shocks() {
        all.odds.push(best_of(ODDS_REPETITIONS, || {
            let _ = shock_odds(&setup);
        }));
    }
    let mut lines = vec![
        Budget { name: "legal_commands_median", value: median(&mut all.legal), budget: Duration::from_micros(500) },
        Budget {
            name: "legal_commands_max",
            value: all.legal.iter().max().copied().unwrap_or_default(),
            budget: Duration::from_millis(5),
        },
        Budget { name: "execute_median", value: median(&mut all.execute), budget: Duration::from_micros(30) },
        Budget {
            name: "exact_odds_max",
            value: all.odds.iter().max().copied().unwrap_or_default(),
            budget: Duration::from_millis(20),
        },
    ];
    if let Some(issus) = issus {
        // A whole random battle, to an army's withdrawal (or 20,000 commands).
        let (mut game, _) = Game::new(issus, Dice::seeded(1)).map_err(|e| e.to_string())?;
        let mut player = RandomPlayer::new(1);
        let t = Instant::now();
        for _ in 0..20_000 {
            let Some(command) = player.choose(&game) else { break };
            game.execute(&command).map_err(|e| format!("issus: {command:?}: {e}"))?;
        }
        lines.push(Budget { name: "random_battle_issus", value: t.elapsed(), budget: Duration::from_millis(100) });
    }
    if let Some((scenario, seed, commands)) = longest {
        // Resuming a saved game by replaying it: the longest game played above.
        let t = Instant::now();
        Game::replay(scenario, Dice::seeded(seed), &commands).map_err(|(i, e)| format!("replay {i}: {e}"))?;
        lines.push(Budget { name: "replay_longest_game", value: t.elapsed(), budget: Duration::from_millis(50) });
    }
    let met = lines.iter().filter(|b| b.value <= b.budget).count();
    for b in &lines {
        let verdict = if b.value <= b.budget { "ok" } else { "over" };
        println!("{} {} {} {verdict}", b.name, show(b.value), show(b.budget));
    }
    println!("bench: {met} of {} within budget", lines.len());
    Ok((met, lines.len()))
}
