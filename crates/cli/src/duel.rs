//! `sarissa duel`: whole battles between two computer players (issue 21), one line a game and a
//! last line with the score and the time a decision took.
//!
//! Red is the scenario's first side. A battle ends as the rules end it (the Withdrawal Phase,
//! GBA Phase E / CG 13); one still going after `--turns` game turns is judged on points: the army
//! whose rout points are the smaller share of its withdrawal level wins, an equal share is a draw.
//! Every command a player gives is executed through the rules: one refused is a failure.

use crate::read_scenario;
use sarissa_rules::effects::victory::tally;
use sarissa_rules::game::Phase;
use sarissa_rules::play::notation;
use sarissa_rules::play::player::{self, Level};
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::special::house;
use sarissa_rules::{Dice, Game, Scenario};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A battle that has not ended after this many commands is stopped and judged on points.
const MOST_COMMANDS: usize = 50_000;

/// How one battle went.
struct Outcome {
    /// 0 red, 1 blue, `None` a draw.
    winner: Option<usize>,
    /// It ended by the rules, not on points.
    ended: bool,
    turn: u16,
    commands: usize,
    /// Each army's rout points and withdrawal level at the end.
    rout: [(u32, u32); 2],
    /// Each decision's time, per side.
    times: [Vec<Duration>; 2],
    /// Each decision's CPU time (this thread's), per side; empty where the system does not say.
    cpu: [Vec<Duration>; 2],
    /// How often each house rule acted, in the order of `house::ACTS`.
    house: [usize; house::ACTS.len()],
    /// The commands given, in the script notation.
    script: Vec<String>,
}

pub struct Duel {
    pub scenario: String,
    pub levels: [Level; 2],
    pub games: u32,
    pub seed: u64,
    pub turns: u16,
    pub options: OptionChanges,
    /// Where each game's script is written, if anywhere.
    pub scripts: Option<std::path::PathBuf>,
}

pub fn duel(d: &Duel) -> ExitCode {
    let chosen = |s: Scenario| s.with_options(&d.options).map_err(|e| format!("--option: {e}"));
    let scenario = match read_scenario(&d.scenario).and_then(chosen) {
        Ok(s) => Arc::new(s),
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    };
    let names = ["red", "blue"];
    let (mut wins, mut draws, mut all) = ([0u32; 2], 0u32, [Vec::new(), Vec::new()]);
    let mut all_cpu: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    let mut house = [0usize; house::ACTS.len()];
    for g in 0..d.games {
        let seed = d.seed.wrapping_add(g as u64);
        let o = match play(scenario.clone(), d.levels, seed, d.turns) {
            Ok(o) => o,
            Err(what) => {
                eprintln!("duel: game {} (seed {seed}): {what}", g + 1);
                return ExitCode::FAILURE;
            }
        };
        if let Some(dir) = &d.scripts {
            if let Err(e) = write_script(dir, seed, d, &o.script) {
                eprintln!("duel: cannot write the script of game {}: {e}", g + 1);
                return ExitCode::FAILURE;
            }
        }
        match o.winner {
            Some(w) => wins[w] += 1,
            None => draws += 1,
        }
        let result = match o.winner {
            Some(w) => format!("{} ({}) wins", names[w], d.levels[w].name()),
            None => "draw".to_string(),
        };
        let how = if o.ended { "battle ended" } else { "on points" };
        let times: Vec<Duration> = o.times.iter().flatten().copied().collect();
        println!(
            "game {}: {result} ({how}), turn {}, {} commands, rout points red {}/{} blue {}/{}, median decision {} ms, max decision {} ms",
            g + 1,
            o.turn,
            o.commands,
            o.rout[0].0,
            o.rout[0].1,
            o.rout[1].0,
            o.rout[1].1,
            ms(median(&times)),
            ms(times.iter().max().copied().unwrap_or_default()),
        );
        for (n, acted) in house.iter_mut().zip(o.house) {
            *n += acted;
        }
        for (side, t) in o.times.into_iter().enumerate() {
            all[side].extend(t);
        }
        for (side, t) in o.cpu.into_iter().enumerate() {
            all_cpu[side].extend(t);
        }
    }
    for side in 0..2 {
        println!(
            "{} ({}): median decision {} ms, max decision {} ms; CPU median {} ms, max {} ms",
            names[side],
            d.levels[side].name(),
            ms(median(&all[side])),
            ms(all[side].iter().max().copied().unwrap_or_default()),
            ms(median(&all_cpu[side])),
            ms(all_cpu[side].iter().max().copied().unwrap_or_default())
        );
    }
    // Only when a house rule is on (a choice's default is the battle's setting as played).
    if scenario.optional_choices().iter().any(|c| c.house && c.default) {
        println!("house rules acted: {}", house::acts_in_words(&house));
    }
    let every_cpu: Vec<Duration> = all_cpu.iter().flatten().copied().collect();
    println!(
        "CPU time (this thread's, the machine's load left out): median decision {} ms, max decision {} ms",
        ms(median(&every_cpu)),
        ms(every_cpu.iter().max().copied().unwrap_or_default())
    );
    let every: Vec<Duration> = all.iter().flatten().copied().collect();
    println!(
        "duel: {} games, red {}, blue {}, draws {draws}, median decision {} ms, max decision {} ms",
        d.games,
        wins[0],
        wins[1],
        ms(median(&every)),
        ms(every.iter().max().copied().unwrap_or_default())
    );
    ExitCode::SUCCESS
}

/// One battle, each side's decisions by its level; an error if a player's command is refused.
fn play(scenario: Arc<Scenario>, levels: [Level; 2], seed: u64, turns: u16) -> Result<Outcome, String> {
    let (mut game, opening) =
        Game::new(scenario, Dice::seeded(seed)).map_err(|e| format!("the battle cannot begin: {e}"))?;
    let mut o = Outcome {
        winner: None,
        ended: false,
        turn: 1,
        commands: 0,
        rout: [(0, 0); 2],
        times: [Vec::new(), Vec::new()],
        cpu: [Vec::new(), Vec::new()],
        house: [0; house::ACTS.len()],
        script: Vec::new(),
    };
    house::count_acts(&opening, &mut o.house);
    while o.commands < MOST_COMMANDS && game.state.turn <= turns {
        if let Phase::Over { winner } = game.state.phase {
            (o.winner, o.ended) = (winner, true);
            break;
        }
        let Some(side) = game.decider() else { break };
        // Each side thinks with a seed of its own.
        let player_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ side as u64;
        let (start, cpu_start) = (Instant::now(), thread_cpu_time());
        let command = player::choose(&game, levels[side], player_seed)
            .ok_or_else(|| format!("{} found no command at a decision", levels[side].name()))?;
        o.times[side].push(start.elapsed());
        if let (Some(before), Some(after)) = (cpu_start, thread_cpu_time()) {
            o.cpu[side].push(after.saturating_sub(before));
        }
        let events = game.execute(&command).map_err(|e| {
            format!("{}'s command `{}` was refused: {e}", levels[side].name(), notation::format(&command))
        })?;
        house::count_acts(&events, &mut o.house);
        o.script.push(notation::format(&command));
        o.commands += 1;
        if o.commands == MOST_COMMANDS {
            eprintln!(
                "duel: seed {seed}: stopped after {MOST_COMMANDS} commands; the last: {}",
                notation::format(&command)
            );
        }
    }
    o.turn = game.state.turn;
    let t = tally(&game.scenario, &game.state, &[]);
    o.rout = [0, 1].map(|k| (t[k].rout_points, t[k].withdrawal_level));
    if !o.ended {
        o.winner = on_points(&game);
    }
    Ok(o)
}

/// The army whose rout points are the smaller share of its withdrawal level; `None` if equal.
fn on_points(game: &Game) -> Option<usize> {
    let t = tally(&game.scenario, &game.state, &[]);
    // Cross-multiplied, to compare the shares exactly.
    let share = |k: usize, other: usize| t[k].rout_points as u64 * t[other].withdrawal_level.max(1) as u64;
    match share(0, 1).cmp(&share(1, 0)) {
        std::cmp::Ordering::Less => Some(0),
        std::cmp::Ordering::Greater => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// One game's commands as a script `sarissa run` replays with the same seed and options.
fn write_script(dir: &std::path::Path, seed: u64, d: &Duel, commands: &[String]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let options: String =
        d.options.iter().map(|(k, on)| format!(" --option {k}={}", if *on { "on" } else { "off" })).collect();
    let header = format!(
        "# sarissa duel: red {}, blue {}; replay: sarissa run --scenario {} --seed {seed}{options} --script THIS\n",
        d.levels[0].name(),
        d.levels[1].name(),
        d.scenario
    );
    std::fs::write(dir.join(format!("game-{seed}.txt")), header + &commands.join("\n") + "\n")
}

/// The CPU time this thread has run: on a machine loaded by other work a decision's wall-clock
/// time says more of the load than of the decision. `None` where the system does not say.
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime only writes the timespec it is given, which lives on this stack.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (status == 0).then(|| Duration::new(now.tv_sec as u64, now.tv_nsec as u32))
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted.get(sorted.len() / 2).copied().unwrap_or_default()
}

/// Milliseconds with one decimal.
fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}
