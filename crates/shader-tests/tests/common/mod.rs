//! Helpers of the shader suites: the shared reference vectors' cases.
#![allow(dead_code)]

use std::path::PathBuf;

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
