//! `sarissa`: the headless tool. Today: `sarissa validate FILE...`.

use std::process::ExitCode;

const USAGE: &str = "usage: sarissa validate FILE...
       sarissa summary FILE

validate  check scenario files; prints `ok FILE` for each good file and every
          problem (file:line:column: what) for each bad one; exit status 0 only
          if all are good
summary   print one JSON line describing a valid scenario: id, name, map size,
          hexes, and units and leaders per side";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        Some((cmd, files)) if cmd == "validate" && !files.is_empty() => validate(files),
        Some((cmd, [file])) if cmd == "summary" => summary(file),
        Some((cmd, _)) if cmd == "-h" || cmd == "--help" || cmd == "help" => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Reads and validates one scenario file; the error is the full report.
fn read_scenario(file: &str) -> Result<sarissa_rules::Scenario, String> {
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
