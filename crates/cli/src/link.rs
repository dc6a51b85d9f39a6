//! `sarissa link`: game and position links from a game file, and what a link holds.

use clap::Subcommand;
use sarissa_share::{
    decode_game_link, decode_position_link, encode_game_link, encode_position_link, is_position_link, read_save,
    restore, Battle, Position,
};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum LinkCmd {
    /// Print the game link and the position link of a game file: `game LINK`, `position LINK`.
    Encode { save_file: String },
    /// Print the game file a game link holds, or the state a position link holds, as JSON.
    Decode { link: String },
}

/// The battles of scenarios/, found by id (the file's stem).
fn find(id: &str) -> Option<Battle> {
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
