//! `sarissa`: the headless tool. Today: `sarissa validate FILE...`.

use std::process::ExitCode;

const USAGE: &str = "usage: sarissa validate FILE...\n\nvalidate  check scenario files; prints `ok FILE` for each good file and every\n          problem (file:line:column: what) for each bad one; exit status 0 only\n          if all are good";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        Some((cmd, files)) if cmd == "validate" && !files.is_empty() => validate(files),
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

fn validate(files: &[String]) -> ExitCode {
    let mut all_good = true;
    for file in files {
        let outcome = std::fs::read(file)
            .map_err(|e| format!("{file}: cannot read: {e}"))
            .and_then(|bytes| {
                String::from_utf8(bytes).map_err(|e| {
                    format!(
                        "{file}: not UTF-8 text (byte {})",
                        e.utf8_error().valid_up_to()
                    )
                })
            })
            .and_then(|text| sarissa_rules::load(file, &text).map_err(|e| e.to_string()));
        match outcome {
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
