//! `sarissa`: the headless tool. Validate scenarios, summarise them, play scripted games and
//! soak-test the engine with random ones.

mod bench;
mod duel;
mod link;
mod odds;
mod run;
mod soak;
mod think;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "sarissa", version, about = "Headless Sarissa: scenarios, scripted games, soak tests")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Check scenario files: `ok FILE` for each good one, every problem as file:line:column for
    /// each bad one; exit status 0 only if all are good.
    Validate {
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// One JSON line describing a valid scenario: id, map size, hexes, units and leaders per side.
    Summary { file: String },
    /// Play a script of commands (docs/script-format.md) and print every event as a JSON line.
    /// An illegal command stops the run with the rule that refuses it.
    Run {
        #[arg(long)]
        scenario: String,
        /// Seed of the dice (default 1).
        #[arg(long, conflicts_with = "dice")]
        seed: Option<u64>,
        /// Loaded dice instead of a seed, e.g. --dice 3,7,0
        #[arg(long, value_delimiter = ',')]
        dice: Option<Vec<u8>>,
        #[arg(long)]
        script: PathBuf,
        /// Switch one of the battle's optional rules, e.g. --option engaged=on (GBA §C; repeat it
        /// for several). The ones a battle offers are listed if another is asked for.
        #[arg(long = "option", value_parser = parse_option)]
        options: Vec<(String, bool)>,
        /// Also print the final state hash as the last line.
        #[arg(long)]
        hash: bool,
        /// Also time each command carried out and print the N slowest to stderr, with their
        /// microseconds (issue 19: what a replay's longest commands cost).
        #[arg(long, value_name = "N")]
        slowest: Option<usize>,
        /// For testing: the next shock combat to reach the Shock Combat Results Table takes this
        /// result, written as the table does, e.g. --shock-result "3(2)" (hits to the attacker,
        /// to the defender); its die is still rolled, and the log says the result was forced.
        #[arg(long, value_name = "A(D)", value_parser = sarissa_rules::charts::shock_results::parse_result)]
        shock_result: Option<(u8, u8)>,
        /// For testing: the next missile volley rolled hits or misses as given, `hit` or `miss`,
        /// whatever the Missile Range and Results Chart says; its die is still rolled (it still
        /// decides the firer's supply), and the log says the result was forced.
        #[arg(long, value_name = "hit|miss", value_parser = sarissa_rules::charts::missile::parse_result)]
        missile_result: Option<bool>,
    },
    /// Play random legal games and check invariants after every command.
    Soak {
        #[arg(long, default_value_t = 20)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Scenario files to play (default: every scenarios/*.toml).
        #[arg(long)]
        scenario: Vec<String>,
        /// Commands per game at most.
        #[arg(long, default_value_t = 200)]
        commands: usize,
        /// Game turns per game at most (raise it, with --commands, to play whole battles).
        #[arg(long, default_value_t = 4)]
        turns: u16,
        /// Switch one of the battles' optional rules, as for `run` (e.g. --option
        /// contingent_commanders=on with --scenario scenarios/issus.toml); every battle played
        /// must offer it.
        #[arg(long = "option", value_parser = parse_option)]
        options: Vec<(String, bool)>,
        /// Switch on every house rule each battle offers (issue 23), unless --option says
        /// otherwise.
        #[arg(long)]
        house_rules: bool,
    },
    /// Whole battles between two computer players (red is the scenario's first side): one line
    /// a game, then `duel: N games, red W, blue L, draws D, median decision T ms, max decision M ms`.
    Duel {
        #[arg(long)]
        scenario: String,
        /// random, greedy, easy or hard.
        #[arg(long)]
        red: sarissa_rules::play::player::Level,
        #[arg(long)]
        blue: sarissa_rules::play::player::Level,
        #[arg(long, default_value_t = 1)]
        games: u32,
        /// Seed of the first game's dice (game k uses seed + k − 1).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Game turns at most; a battle still going is judged on points.
        #[arg(long, default_value_t = 12)]
        turns: u16,
        /// Switch one of the battle's optional rules, as for `run` (e.g. --option
        /// command_collapse=on); with a house rule on, a line says how often each acted.
        #[arg(long = "option", value_parser = parse_option)]
        options: Vec<(String, bool)>,
        /// Write each game's commands into this folder as a script, `game-SEED.txt`, that
        /// `sarissa run --scenario FILE --seed SEED --script` replays.
        #[arg(long)]
        scripts: Option<std::path::PathBuf>,
    },
    /// The computer's decisions of a game file from the browser (its `players` say which sides
    /// the computer played), thought again natively with the browser's seeds: `think: N
    /// decisions, median T ms, max M ms (CPU: median, max); K of them the game's own command`.
    Think {
        #[arg(long)]
        save: String,
    },
    /// Exact odds of one shock or one missile fire, from every die roll the rules can take
    /// (docs/odds.md).
    #[command(subcommand)]
    Odds(odds::OddsCmd),
    /// Game links and position links (docs/links.md): make them from a game file, or read one.
    #[command(subcommand)]
    Link(link::LinkCmd),
    /// The engine's speed against its budgets, over seeded random battles of every battle: one
    /// line a budget (`name value budget ok|over`), then `bench: K of N within budget`. Each
    /// combat's exact odds count as the fastest of 5 timings (`exact_odds_max` is the slowest
    /// combat, not the machine's slowest moment).
    Bench {
        /// Part of each battle only: a minute or so, for CI.
        #[arg(long)]
        quick: bool,
        /// Battle files to play (default: every scenarios/*.toml).
        #[arg(long)]
        scenario: Vec<String>,
        /// Exit with status 1 when a budget is not met.
        #[arg(long)]
        strict: bool,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match cli.command {
        Cmd::Validate { files } => validate(&files),
        Cmd::Summary { file } => summary(&file),
        Cmd::Run { scenario, seed, dice, script, options, hash, slowest, shock_result, missile_result } => {
            let forced = run::Forced { shock: shock_result, missile: missile_result };
            let report = run::Report { hash, slowest };
            run::run(&scenario, seed, dice, &script, options.into_iter().collect(), report, forced)
        }
        Cmd::Soak { games, seed, scenario, commands, turns, options, house_rules } => {
            soak::soak(games, seed, scenario, commands, turns, options.into_iter().collect(), house_rules)
        }
        Cmd::Duel { scenario, red, blue, games, seed, turns, options, scripts } => duel::duel(&duel::Duel {
            scenario,
            levels: [red, blue],
            games,
            seed,
            turns,
            options: options.into_iter().collect(),
            scripts,
        }),
        Cmd::Think { save } => think::think(&save),
        Cmd::Odds(cmd) => odds::odds(cmd),
        Cmd::Link(cmd) => link::link(cmd),
        Cmd::Bench { quick, scenario, strict } => {
            let files = if scenario.is_empty() { soak::default_scenarios() } else { scenario };
            let mut battles = Vec::new();
            for file in files {
                match read_scenario(&file) {
                    Ok(s) => battles.push((file, std::sync::Arc::new(s))),
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                }
            }
            match bench::run(&battles, quick) {
                Ok((met, all)) if met < all && strict => ExitCode::FAILURE,
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("bench: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

/// `KEY=on` or `KEY=off`.
fn parse_option(s: &str) -> Result<(String, bool), String> {
    match s.split_once('=') {
        Some((key, "on")) => Ok((key.to_string(), true)),
        Some((key, "off")) => Ok((key.to_string(), false)),
        _ => Err(format!("`{s}`: write KEY=on or KEY=off, e.g. engaged=on")),
    }
}

/// Reads and validates one scenario file; the error is the full report.
pub fn read_scenario(file: &str) -> Result<sarissa_rules::Scenario, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: cannot read: {e}"))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| format!("{file}: not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))?;
    sarissa_rules::load(file, &text).map_err(|e| e.to_string())
}

fn validate(files: &[String]) -> ExitCode {
    let mut all_good = true;
    for file in files {
        match read_scenario(file) {
            Ok(_) => println!("ok {file}"),
            Err(message) => {
                all_good = false;
                eprintln!("{message}");
            }
        }
    }
    if all_good {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn summary(file: &str) -> ExitCode {
    match read_scenario(file) {
        Ok(s) => {
            let sides: Vec<_> = s
                .sides
                .iter()
                .enumerate()
                .map(|(i, side)| {
                    serde_json::json!({
                        "id": side.id,
                        "name": side.name,
                        "units": s.units.iter().filter(|u| u.side == i).count(),
                        "leaders": s.leaders.iter().filter(|l| l.side == i).count(),
                    })
                })
                .collect();
            let out = serde_json::json!({
                "id": s.meta.id,
                "name": s.meta.name,
                "columns": s.map.columns,
                "rows": s.map.rows,
                "hexes": s.map.columns as usize * s.map.rows as usize,
                "hexsides": s.map.hexsides.len(),
                "units": s.units.len(),
                "leaders": s.leaders.len(),
                "first_unit": s.units.first().map(|u| serde_json::json!({"id": u.id, "name": u.name})),
                "sides": sides,
            });
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}
