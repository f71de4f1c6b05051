//! What the test suites of several crates share: the case count, random decisions that
//! proptest shrinks ([`Choices`]), random Syno programs ([`syno`]), and the shared reference
//! vectors ([`vectors_dir`], [`vector_cases`]). The engine's property suites, the CLI's and the
//! shader suites use it; it is a dev-dependency only.

use std::path::PathBuf;

pub mod syno;

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

/// Random decisions read from a proptest-generated list (0 once it runs out); generators take
/// `&mut Choices`.
#[derive(Debug)]
pub struct Choices {
    data: Vec<u8>,
    pos: usize,
}

impl Choices {
    /// Choices read from `data`, from its first byte.
    pub fn new(data: Vec<u8>) -> Choices {
        Choices { data, pos: 0 }
    }

    /// A number in `0..n` (`n >= 1`).
    pub fn pick(&mut self, n: usize) -> usize {
        let value = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        usize::from(value) % n
    }
}
