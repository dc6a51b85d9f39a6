//! The engine's speed (issue 19, "Fast and small"), on positions of seeded random battles of every
//! bundled battle: the same seed replays the same battle on every machine, so the fixtures are the
//! positions reached after a set number of commands, not files.
//!
//! Groups: `legal_commands` at decisions of each battle, `execute` one command there, a whole
//! random battle of Issus, and the exact odds of the heaviest shocks
//! ([`sarissa_rules::combat::odds_worst`]). `cargo bench -p sarissa-rules --bench engine --
//! --quick` runs them all in a few minutes.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use sarissa_rules::combat::odds::shock_odds;
use sarissa_rules::combat::odds_worst::worst_shocks;
use sarissa_rules::play::legal::legal_commands;
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Command, Dice, Game, Scenario};
use std::hint::black_box;
use std::sync::Arc;

/// A decision of a random battle: commands played before it, the game, the command chosen.
type Position = (usize, Game, Command);

/// Commands played before each measured decision.
const AT: [usize; 2] = [100, 400];

fn battles() -> Vec<(String, Arc<Scenario>)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("the bundled battles")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("readable");
            let scenario = sarissa_rules::load(&p.to_string_lossy(), &text).expect("a valid battle");
            (scenario.meta.id.clone(), Arc::new(scenario))
        })
        .collect()
}

/// The positions of battle `scenario`'s seeded random game after each of [`AT`] commands (fewer
/// if it ends sooner), each with the command the random player then chose.
fn positions(scenario: &Arc<Scenario>, seed: u64) -> Vec<Position> {
    let (mut game, _) = Game::new(scenario.clone(), Dice::seeded(seed)).expect("a battle starts");
    let mut player = RandomPlayer::new(seed);
    let mut out = vec![];
    for n in 0..=AT[AT.len() - 1] {
        let Some(command) = player.choose(&game) else { break };
        if AT.contains(&n) {
            out.push((n, game.clone(), command.clone()));
        }
        if game.execute(&command).is_err() {
            break;
        }
    }
    out
}

fn engine(c: &mut Criterion) {
    let fixtures: Vec<(String, Vec<Position>)> = battles().into_iter().map(|(id, s)| (id, positions(&s, 1))).collect();
    let mut legal = c.benchmark_group("legal_commands");
    for (id, list) in &fixtures {
        for (n, game, _) in list {
            legal.bench_function(format!("{id}@{n}"), |b| b.iter(|| legal_commands(black_box(game))));
        }
    }
    legal.finish();
    let mut execute = c.benchmark_group("execute");
    for (id, list) in &fixtures {
        for (n, game, command) in list {
            execute.bench_function(format!("{id}@{n}"), |b| {
                b.iter_batched(|| game.clone(), |mut g| g.execute(black_box(command)).map(|_| g), BatchSize::SmallInput)
            });
        }
    }
    execute.finish();
}

fn battle(c: &mut Criterion) {
    let issus = battles().into_iter().find(|(id, _)| id == "issus").expect("Issus is bundled").1;
    let mut group = c.benchmark_group("random_battle");
    group.sample_size(10);
    group.bench_function("issus", |b| {
        b.iter(|| {
            let (mut game, _) = Game::new(issus.clone(), Dice::seeded(1)).expect("a battle starts");
            let mut player = RandomPlayer::new(1);
            for _ in 0..20_000 {
                let Some(command) = player.choose(&game) else { break };
                if game.execute(&command).is_err() {
                    break;
                }
            }
            game
        })
    });
    group.finish();
}

fn odds(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact_odds");
    group.sample_size(10);
    for (name, setup) in worst_shocks() {
        group.bench_function(name, |b| b.iter(|| shock_odds(black_box(&setup))));
    }
    group.finish();
}

criterion_group!(benches, engine, battle, odds);
criterion_main!(benches);
