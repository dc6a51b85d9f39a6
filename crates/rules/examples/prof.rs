//! A profiling aid for issue 19 ("Fast and small"), to run under `valgrind --tool=callgrind`,
//! whose instruction counts compare before and after on a busy machine where times do not:
//! `prof odds [k]` computes the exact odds of the heaviest shocks (or the k-th only), `prof
//! issus` plays the seeded random whole battle of Issus that `sarissa bench` times.
//! Build: `cargo build --profile cli -p sarissa-rules --example prof`.

use sarissa_rules::combat::odds::shock_odds;
use sarissa_rules::combat::odds_worst::worst_shocks;
use sarissa_rules::play::playout::RandomPlayer;
use sarissa_rules::{Dice, Game};
use std::sync::Arc;
use std::time::Instant;

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
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios/issus.toml");
            let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
            let issus = Arc::new(sarissa_rules::load(path, &text).map_err(|e| e.to_string())?);
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
        _ => return Err("usage: prof odds [k] | prof issus".into()),
    }
    Ok(())
}
