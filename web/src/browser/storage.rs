//! The autosave: the game in progress, in localStorage after every command.

use gloo::storage::{LocalStorage, Storage};

const AUTOSAVE: &str = "sarissa.autosave";

pub fn load_autosave() -> Option<String> {
    LocalStorage::raw().get_item(AUTOSAVE).ok().flatten()
}

/// Saves the game; a full or blocked storage is reported, never fatal.
pub fn autosave(json: &str) -> Result<(), String> {
    LocalStorage::raw()
        .set_item(AUTOSAVE, json)
        .map_err(|_| "this browser would not store the game (storage full or blocked)".to_string())
}

pub fn clear_autosave() {
    LocalStorage::delete(AUTOSAVE);
}
