//! What the battle-file loader reports: every problem of a file, each at its line and column.
//! Always compiled, so a build without the loader (the web app) still names the type.

use std::fmt;

/// One problem in a scenario file, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// Every problem found in one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    pub file: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}:{}:{}: {}", self.file, d.line, d.column, d.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadError {}
