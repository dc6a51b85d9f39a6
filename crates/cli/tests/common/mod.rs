//! What the CLI tests share: running the binary from the workspace root, as a user would.

use std::path::PathBuf;
use std::process::{Command, Output};

pub fn sarissa(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sarissa"))
        .args(args)
        .current_dir(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("the binary runs")
}
