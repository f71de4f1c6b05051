//! `layout-lab`: the native command line for documentation pipelines and reference checks.

use std::process::ExitCode;

use layout_lab::vectors::{check_file_text, summarize};

const USAGE: &str = "usage:
  layout-lab check FILE.jsonl...   check reference-vector files; ends with `N passed, M failed`";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        Some((command, files)) if command == "check" && !files.is_empty() => check(files),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn check(files: &[String]) -> ExitCode {
    let (mut passed, mut failed) = (0usize, 0usize);
    for path in files {
        let results = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| check_file_text(&text));
        let results = match results {
            Ok(results) => results,
            Err(error) => {
                eprintln!("{path}: {error}");
                failed += 1;
                continue;
            }
        };
        for (kind, ok, bad, first) in summarize(&results) {
            let failing = if first.is_empty() {
                String::new()
            } else {
                format!("  first failing: {}", first.join(", "))
            };
            println!("{path} [{kind}]: {ok} passed, {bad} failed{failing}");
            passed += ok;
            failed += bad;
        }
        if let Some(first) = results.iter().find(|r| r.failure.is_some()) {
            println!(
                "  {}: {}",
                first.id,
                first.failure.as_deref().unwrap_or_default()
            );
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
