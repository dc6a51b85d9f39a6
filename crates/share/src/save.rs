//! The `.sarissa` game file: readable JSON, `{format, scenario, fingerprint, seed, options,
//! commands, name}`. Files written before the fingerprint and the name existed read as they are.

use crate::{Battle, ShareError};
use sarissa_rules::play::notation;
use sarissa_rules::scenario::OptionChanges;
use sarissa_rules::Command;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The format this version writes. Adding optional fields keeps it: older versions ignore them.
pub const SAVE_FORMAT: u32 = 1;

#[derive(Clone, Serialize, Deserialize, Debug, PartialEq, Eq)]
pub struct Save {
    pub format: u32,
    /// The battle's id (`issus`), as its file names it.
    pub scenario: String,
    /// The fingerprint of the battle file the game was played on ([`crate::fingerprint`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    pub seed: u64,
    #[serde(default, skip_serializing_if = "OptionChanges::is_empty")]
    pub options: OptionChanges,
    /// Every move, one command each in the script notation (docs/script-format.md).
    pub commands: Vec<String>,
    /// A name the players gave the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

impl Save {
    /// The save of a game of `battle` begun with `seed` and `options`, after `commands`.
    pub fn new(battle: &Battle, seed: u64, options: OptionChanges, commands: &[Command]) -> Self {
        Self {
            format: SAVE_FORMAT,
            scenario: battle.scenario.meta.id.clone(),
            fingerprint: Some(battle.fingerprint.clone()),
            seed,
            options,
            commands: commands.iter().map(notation::format).collect(),
            name: None,
        }
    }

    /// The file's text: one JSON object, moves one per line so the file reads and diffs well.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

/// Reads a game file's text. A file that is not one, or is spoilt, is refused with the reason
/// in a player's words.
pub fn read_save(text: &str) -> Result<Save, ShareError> {
    let text = text.trim_start_matches('\u{feff}').trim();
    if !text.starts_with('{') {
        return Err(ShareError::NotAGameFile);
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) if e.is_eof() => return Err(cut_short(text)),
        Err(_) if !text.contains("\"commands\"") || !text.contains("\"scenario\"") => {
            return Err(ShareError::NotAGameFile)
        }
        Err(_) => return Err(damaged("the file", "has stray or missing characters")),
    };
    let Value::Object(fields) = &value else { return Err(ShareError::NotAGameFile) };
    if !["format", "scenario", "commands"].iter().all(|k| fields.contains_key(*k)) {
        return Err(ShareError::NotAGameFile);
    }
    let format = fields["format"].as_u64().ok_or(damaged("its format number", "is not a number"))?;
    if format != SAVE_FORMAT as u64 {
        return Err(ShareError::NewerFormat(u32::try_from(format).unwrap_or(u32::MAX)));
    }
    if !fields["scenario"].is_string() {
        return Err(damaged("the name of its battle", "is not readable"));
    }
    match fields.get("seed") {
        Some(seed) if seed.is_u64() => {}
        _ => return Err(damaged("its dice seed", "is missing or not a whole number")),
    }
    match &fields["commands"] {
        Value::Array(moves) if moves.iter().all(Value::is_string) => {}
        _ => return Err(damaged("its list of moves", "is not readable")),
    }
    let optional = |key: &str, fits: fn(&Value) -> bool| fields.get(key).is_none_or(|v| v.is_null() || fits(v));
    let options_fit = |v: &Value| v.as_object().is_some_and(|o| o.values().all(Value::is_boolean));
    if !optional("options", options_fit) {
        return Err(damaged("its optional rules", "are not readable"));
    }
    if !optional("fingerprint", Value::is_string) {
        return Err(damaged("the fingerprint of its battle", "is not readable"));
    }
    if !optional("name", Value::is_string) {
        return Err(damaged("its name", "is not readable"));
    }
    // Every field was checked above; what is left to fail is a null where a value belongs.
    serde_json::from_value(value).map_err(|_| damaged("the file", "has an empty field"))
}

fn damaged(part: &'static str, how: &'static str) -> ShareError {
    ShareError::DamagedFile { part, how }
}

/// The file ends before its JSON does: which part was cut, as far as the text tells.
fn cut_short(text: &str) -> ShareError {
    if text.contains("\"commands\"") {
        damaged("its list of moves", "is cut short")
    } else if text.contains("\"scenario\"") {
        damaged("the file", "is cut short")
    } else {
        ShareError::NotAGameFile
    }
}

/// A short game of Samarkand with every field set, for tests.
#[cfg(test)]
pub(crate) fn sample_save() -> Save {
    Save {
        format: SAVE_FORMAT,
        scenario: "samarkand".into(),
        fingerprint: Some("0123456789abcdef".into()),
        seed: 5,
        options: [("engaged".to_string(), true)].into(),
        commands: vec!["pre-arrange".into(), "activate bactrian-chief".into(), "end".into()],
        name: Some("Evening game".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_reads_back_as_written() {
        assert_eq!(read_save(&sample_save().to_json()), Ok(sample_save()));
    }

    #[test]
    fn a_save_from_before_fingerprints_and_names_still_reads() {
        let old = r#"{"format":1,"scenario":"samarkand","seed":1,"commands":["end"]}"#;
        let save = read_save(old).unwrap();
        assert_eq!((save.fingerprint, save.name, save.options.len()), (None, None, 0));
        assert_eq!(save.commands, ["end"]);
    }

    #[test]
    fn spoilt_files_are_refused_in_plain_words() {
        let full = sample_save().to_json();
        let cut = &full[..full.find("activate").unwrap()];
        assert_eq!(
            read_save(cut).unwrap_err().to_string(),
            "The game file is damaged: its list of moves is cut short."
        );
        assert_eq!(read_save("PK\u{3}\u{4}zip").unwrap_err().to_string(), "This is not a Sarissa game file.");
        assert_eq!(read_save("").unwrap_err(), ShareError::NotAGameFile);
        assert_eq!(read_save(r#"{"name":"x"}"#).unwrap_err(), ShareError::NotAGameFile);
        let bad_seed = r#"{"format":1,"scenario":"samarkand","seed":"one","commands":[]}"#;
        assert!(read_save(bad_seed).unwrap_err().to_string().contains("dice seed"));
        let bad_moves = r#"{"format":1,"scenario":"samarkand","seed":1,"commands":[1,2]}"#;
        assert!(read_save(bad_moves).unwrap_err().to_string().contains("list of moves"));
        let newer = r#"{"format":2,"scenario":"samarkand","seed":1,"commands":[]}"#;
        assert_eq!(read_save(newer).unwrap_err(), ShareError::NewerFormat(2));
    }
}
