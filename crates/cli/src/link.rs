//! `sarissa link`: game and position links from a game file, and what a link holds.

use clap::Subcommand;
use sarissa_share::{
    decode_game_link, decode_position_link, encode_game_link, encode_position_link, is_link, is_position_link,
    read_save, restore, verify_exchange, Battle, Position, Save,
};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum LinkCmd {
    /// Print the game link and the position link of a game file: `game LINK`, `position LINK`.
    Encode { save_file: String },
    /// Print the game file a game link holds, or the state a position link holds, as JSON.
    Decode { link: String },
    /// Whether NEW continues OLD, for a game played apart (links or game files): the same
    /// battle, seed and options, every earlier command unchanged, every new move legal and every
    /// sealed die value matching its seal. Exits 0 if so, 1 naming the first difference.
    Verify { old: String, new: String },
}

/// The battles of scenarios/, found by id (the file's stem).
pub(crate) fn find(id: &str) -> Option<Battle> {
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return None;
    }
    let file = format!("scenarios/{id}.toml");
    let text = std::fs::read_to_string(&file).ok()?;
    Battle::load(&file, &text).ok()
}

pub fn link(cmd: LinkCmd) -> ExitCode {
    let result = match cmd {
        LinkCmd::Encode { save_file } => encode(&save_file),
        LinkCmd::Decode { link } => decode(&link),
        LinkCmd::Verify { old, new } => verify(&old, &new),
    };
    match result {
        Ok(out) => {
            println!("{out}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn encode(save_file: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(save_file).map_err(|e| format!("{save_file}: cannot read: {e}"))?;
    let save = read_save(&text).map_err(|e| format!("{save_file}: {e}"))?;
    let game = encode_game_link(&save, find).map_err(|e| e.to_string())?;
    let restored = restore(&save, find).map_err(|e| e.to_string())?;
    if let Some(note) = restored.note() {
        eprintln!("{save_file}: {note}");
    }
    let position = Position::of(&restored.game, save.fingerprint.clone(), restored.options.clone());
    let position = encode_position_link(&position, find).map_err(|e| e.to_string())?;
    Ok(format!("game {game}\nposition {position}"))
}

fn decode(link: &str) -> Result<String, String> {
    if is_position_link(link) {
        let position = decode_position_link(link, find).map_err(|e| e.to_string())?;
        Ok(serde_json::to_string_pretty(&position.state).unwrap_or_default())
    } else {
        Ok(decode_game_link(link, find).map_err(|e| e.to_string())?.to_json())
    }
}

/// A game from a game link or a game file (not a position link: it holds no history).
fn read_game(source: &str) -> Result<Save, String> {
    if is_position_link(source) {
        return Err(format!("{source}: a position link holds no history to compare; give a game link or file"));
    }
    if is_link(source) {
        return decode_game_link(source, find).map_err(|e| e.to_string());
    }
    let text = std::fs::read_to_string(source).map_err(|e| format!("{source}: cannot read: {e}"))?;
    read_save(&text).map_err(|e| format!("{source}: {e}"))
}

/// Issue 22 §4: NEW continues OLD, its seals hold and every move of it replays by the rules.
fn verify(old: &str, new: &str) -> Result<String, String> {
    let (sent, received) = (read_game(old)?, read_game(new)?);
    let exchange = verify_exchange(&sent, &received).map_err(|e| format!("does not continue: {e}"))?;
    let restored = restore(&received, find).map_err(|e| format!("does not continue: {e}"))?;
    if let Some(problem) = restored.problem {
        return Err(format!("does not continue: {problem}"));
    }
    Ok(exchange.to_string())
}
