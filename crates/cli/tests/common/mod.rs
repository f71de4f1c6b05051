//! Helpers shared by the CLI's and the reference vectors' suites: the binary, the property
//! case count, the shared reference vectors. Each suite uses a part of them.
#![allow(dead_code)]

use std::path::PathBuf;

/// Runs the `layout-lab` binary: whether it succeeded, and its standard output.
pub fn run(args: &[&str]) -> (bool, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_layout-lab"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// `PROPTEST_CASES`, or 256.
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(256)
}

/// `../shared/vectors` beside the repository, or `LAYOUT_LAB_VECTORS`.
pub fn vectors_dir() -> PathBuf {
    std::env::var_os("LAYOUT_LAB_VECTORS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/vectors")
        })
}

/// The cases of a vector file (its meta line left out).
pub fn vector_cases(file: &str) -> Vec<serde_json::Value> {
    let path = vectors_dir().join(file);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v.get("meta").is_none())
        .collect()
}
