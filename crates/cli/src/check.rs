//! `check` and `stats`: the engine against the shared reference vectors.

use std::collections::BTreeMap;
use std::process::ExitCode;

use layout_lab_cli::vectors::{case_tracker, check_file_text, op_counts, summarize};

use crate::cli::outln;

pub(crate) fn check(files: &[String]) -> ExitCode {
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
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
        for row in summarize(&results) {
            let failing = if row.first_failing.is_empty() {
                String::new()
            } else {
                format!("  first failing: {}", row.first_failing.join(", "))
            };
            let skipping = if row.skipped == 0 {
                String::new()
            } else {
                format!(", {} skipped (not implemented)", row.skipped)
            };
            outln!(
                "{path} [{}]: {} passed, {} failed{skipping}{failing}",
                row.kind,
                row.passed,
                row.failed
            );
            passed += row.passed;
            failed += row.failed;
            skipped += row.skipped;
        }
        if let Some(first) = results.iter().find(|r| r.failure.is_some()) {
            outln!(
                "  {}: {}",
                first.id,
                first.failure.as_deref().unwrap_or_default()
            );
        }
    }
    let skipping = if skipped == 0 {
        String::new()
    } else {
        format!(", {skipped} skipped (kinds not implemented)")
    };
    outln!("{passed} passed, {failed} failed{skipping}");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A kind's counts: fewer / equal / more cases, cases, our and tinygrad's operations, and the
/// cases per difference in operations.
type Row = (
    String,
    [usize; 3],
    usize,
    usize,
    usize,
    BTreeMap<i64, usize>,
);

/// Per file and kind: cases where our `idx + valid` has fewer / equal / more operations than
/// tinygrad's rendered expressions, the totals, and the distribution of the differences.
pub(crate) fn stats(files: &[String], show_more: bool, show_cases: bool) -> ExitCode {
    let mut status = ExitCode::SUCCESS;
    for path in files {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{path}: {error}");
                status = ExitCode::FAILURE;
                continue;
            }
        };
        let mut rows: Vec<Row> = Vec::new();
        let lines = text.lines().enumerate();
        for (number, line) in lines.filter(|(_, l)| !l.trim().is_empty()) {
            let Ok(case) = serde_json::from_str::<serde_json::Value>(line) else {
                eprintln!("{path}: a line is not JSON");
                status = ExitCode::FAILURE;
                continue;
            };
            let Some(kind) = case.get("kind").and_then(|k| k.as_str()) else {
                continue;
            };
            let multi = case
                .pointer("/final/views")
                .and_then(|v| v.as_array())
                .is_some_and(|v| v.len() > 1);
            let kind = if multi {
                format!("{kind}, multi-view")
            } else {
                kind.to_string()
            };
            match op_counts(kind.split(',').next().unwrap_or_default(), &case) {
                Ok(Some(counts)) => {
                    let index = rows.iter().position(|r| r.0 == kind).unwrap_or_else(|| {
                        rows.push((kind.clone(), [0; 3], 0, 0, 0, BTreeMap::new()));
                        rows.len() - 1
                    });
                    let row = &mut rows[index];
                    let ours = counts.ours_idx + counts.ours_valid;
                    let theirs = counts.tinygrad_idx + counts.tinygrad_valid;
                    if show_cases {
                        outln!("  case {path}:{number} [{kind}]: ours {ours}, tinygrad {theirs}");
                    }
                    // counts are far below i64::MAX
                    *row.5.entry(ours as i64 - theirs as i64).or_insert(0usize) += 1;
                    if show_more && ours > theirs {
                        print_both(kind.split(',').next().unwrap_or_default(), &case);
                    }
                    row.1[usize::from(ours >= theirs) + usize::from(ours > theirs)] += 1;
                    row.2 += 1;
                    row.3 += ours;
                    row.4 += theirs;
                }
                Ok(None) => {}
                Err(error) => {
                    eprintln!("{path}: {error}");
                    status = ExitCode::FAILURE;
                }
            }
        }
        for (kind, [fewer, equal, more], cases, ours, theirs, differences) in rows {
            outln!(
                "{path} [{kind}]: {cases} cases: fewer {fewer}, equal {equal}, more {more}; operations ours {ours}, tinygrad {theirs}"
            );
            let shown: Vec<String> = differences
                .iter()
                .map(|(d, n)| format!("{d:+}: {n}"))
                .collect();
            outln!("  ours - tinygrad (cases): {}", shown.join(", "));
        }
    }
    status
}

/// A case's expressions, tinygrad's and ours, for `stats --more`.
fn print_both(kind: &str, case: &serde_json::Value) {
    let Ok(Some((tracker, idx, valid))) = case_tracker(kind, case) else {
        return;
    };
    let ours = tracker.index_exprs();
    for view in tracker.views() {
        outln!("{view}");
    }
    outln!("  tinygrad idx:   {idx}");
    outln!("  tinygrad valid: {valid}");
    outln!("  ours idx:       {}", ours.arena.render_tinygrad(ours.idx));
    outln!(
        "  ours valid:     {}",
        ours.arena.render_tinygrad(ours.valid)
    );
}
