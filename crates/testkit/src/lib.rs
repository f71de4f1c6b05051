//! What the property suites of several crates share: the case count, random decisions that
//! proptest shrinks ([`Choices`]), and random Syno programs ([`syno`]). The engine's property
//! suites and the shader suites use it; it is a dev-dependency only.

#![warn(missing_docs)]

pub mod syno;

/// `PROPTEST_CASES`, or 256.
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(256)
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
