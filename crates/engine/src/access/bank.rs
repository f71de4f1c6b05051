//! Shared-memory bank conflicts of one warp-wide load or store: phases, wavefronts, and which
//! threads collide in which bank.
//!
//! The model (`xor12-warp` of `tests/fixtures/hw/README.md`, 614 of 614 H100/H200 cases):
//! 1. thread t touches the 4-byte words `⌊b/4⌋` of its bytes `b ∈ [o[t], o[t] + w)`; word x is
//!    in bank `x mod banks`;
//! 2. the warp is served in phases of consecutive threads: `banks·4 / w` threads each (all 32
//!    for 1-, 2- and 4-byte loads, 16 for 8 bytes, 8 for 16 bytes on 32 banks); ldmatrix `.xN`
//!    in N phases, one per 8×8 matrix (threads 8i..8i+7);
//! 3. Hopper (32 banks): an 8- or 16-byte load where `o[t] == o[t^1]` for every t, or
//!    `o[t] == o[t^2]` for every t, is served in phases twice as large;
//! 4. a phase takes as many wavefronts as the largest number of distinct words in one bank
//!    (threads reading the same word share it: broadcast); the load takes their sum.
//!
//! Stores (`st.shared`, `stmatrix`, the shared-memory side of `cp.async`) take the same rules
//! 1, 2 and 4, stmatrix as ldmatrix; rule 3 is a load's (no store was measured), and threads
//! writing the same word count it once, as one of the writes wins.

use std::ops::Range;

use super::{AccessKind, WarpAccess, WARP_SIZE};

/// Bytes per bank word.
pub const WORD_BYTES: i64 = 4;

/// The shared memory's banks of 4-byte words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Banks {
    /// NVIDIA: 32 banks, with Hopper's paired phases (rule 3).
    #[default]
    Nvidia32,
    /// AMD LDS: 64 banks; phases by width only.
    Lds64,
}

impl Banks {
    /// Number of banks: 32 or 64.
    pub fn count(self) -> usize {
        match self {
            Banks::Nvidia32 => 32,
            Banks::Lds64 => 64,
        }
    }

    /// 32 or 64.
    pub fn from_count(count: usize) -> Option<Banks> {
        match count {
            32 => Some(Banks::Nvidia32),
            64 => Some(Banks::Lds64),
            _ => None,
        }
    }
}

/// One phase: the threads served together and what they cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseReport {
    /// Consecutive threads `start..end` of this phase.
    pub threads: Range<usize>,
    /// The largest number of distinct words in one bank (1 when conflict-free; 0 never: every
    /// phase has a thread).
    pub wavefronts: usize,
    /// The lowest bank holding `wavefronts` distinct words.
    pub bank: usize,
    /// Those words, ascending.
    pub words: Vec<i64>,
    /// The phase's threads touching `bank`, ascending: the colliding threads when
    /// `wavefronts > 1`.
    pub colliding: Vec<usize>,
    /// Distinct words per bank, indexed by bank.
    pub words_per_bank: Vec<usize>,
}

/// The bank analysis of one load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankReport {
    banks: Banks,
    phases: Vec<PhaseReport>,
    paired: bool,
}

impl BankReport {
    /// The phases and wavefronts of `access` on `banks` (model in the module docs).
    pub fn of(access: &WarpAccess, banks: Banks) -> BankReport {
        let paired = banks == Banks::Nvidia32 && paired_phases(access);
        let phases = phase_ranges(access.kind(), banks, paired)
            .into_iter()
            .map(|threads| phase(access, banks, threads))
            .collect();
        BankReport {
            banks,
            phases,
            paired,
        }
    }

    /// The bank model the report used.
    pub fn banks(&self) -> Banks {
        self.banks
    }

    /// The phases in thread order, each with its wavefronts.
    pub fn phases(&self) -> &[PhaseReport] {
        &self.phases
    }

    /// Whether Hopper's rule 3 merged pairs of phases.
    pub fn paired(&self) -> bool {
        self.paired
    }

    /// Σ wavefronts over the phases: what the hardware takes.
    pub fn wavefronts(&self) -> usize {
        self.phases.iter().map(|p| p.wavefronts).sum()
    }

    /// One wavefront per phase.
    pub fn ideal(&self) -> usize {
        self.phases.len()
    }

    /// The conflict degree: the largest phase's wavefronts (`N`-way).
    pub fn degree(&self) -> usize {
        self.phases.iter().map(|p| p.wavefronts).max().unwrap_or(0)
    }
}

/// Rule 3: every thread's address equals its neighbour's across bit 0, or across bit 1, of
/// the thread index, for an 8- or 16-byte `ld`.
fn paired_phases(access: &WarpAccess) -> bool {
    if !matches!(access.kind(), AccessKind::Load { bytes: 8 | 16 }) {
        return false;
    }
    let o = access.offsets();
    [1, 2]
        .iter()
        .any(|&mask| (0..WARP_SIZE).all(|t| o[t] == o[t ^ mask]))
}

/// Rule 2: the phases' thread ranges.
fn phase_ranges(kind: AccessKind, banks: Banks, paired: bool) -> Vec<Range<usize>> {
    let size = match kind {
        AccessKind::Ldmatrix { .. } | AccessKind::Stmatrix { .. } => 8,
        AccessKind::Load { bytes } | AccessKind::Store { bytes } => {
            let bank_bytes = banks.count() * WORD_BYTES as usize;
            (bank_bytes / usize::from(bytes)).min(WARP_SIZE) * if paired { 2 } else { 1 }
        }
    }
    .min(WARP_SIZE);
    (0..kind.threads())
        .step_by(size)
        .map(|start| start..(start + size).min(kind.threads()))
        .collect()
}

/// Rules 1 and 4 for one phase.
fn phase(access: &WarpAccess, banks: Banks, threads: Range<usize>) -> PhaseReport {
    let n = banks.count();
    // the distinct (bank, word) pairs, sorted: a bank's words are a run, ascending
    let mut pairs: Vec<(usize, i64)> = threads
        .clone()
        .flat_map(|t| words_of(access, t).map(|w| (w.rem_euclid(n as i64) as usize, w)))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    let mut words_per_bank = vec![0usize; n];
    for &(b, _) in &pairs {
        words_per_bank[b] += 1;
    }
    let wavefronts = words_per_bank.iter().copied().max().unwrap_or(0);
    let bank = words_per_bank
        .iter()
        .position(|&w| w == wavefronts)
        .unwrap_or(0);
    let colliding = threads
        .clone()
        .filter(|&t| words_of(access, t).any(|w| w.rem_euclid(n as i64) as usize == bank))
        .collect();
    PhaseReport {
        threads,
        wavefronts,
        bank,
        words: pairs
            .iter()
            .filter(|&&(b, _)| b == bank)
            .map(|&(_, w)| w)
            .collect(),
        colliding,
        words_per_bank,
    }
}

/// Rule 1: the words thread `t` touches.
fn words_of(access: &WarpAccess, t: usize) -> impl Iterator<Item = i64> {
    let bytes = access.bytes_of(t);
    bytes.start / WORD_BYTES..=(bytes.end - 1) / WORD_BYTES
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(bytes: u8) -> AccessKind {
        AccessKind::Load { bytes }
    }

    /// Wavefronts per phase of `offsets(t)` for all 32 threads.
    #[track_caller]
    fn check(kind: AccessKind, offsets: impl Fn(i64) -> i64, banks: Banks, expect: &[usize]) {
        let offsets: Vec<i64> = (0..32).map(offsets).collect();
        let access = WarpAccess::new(kind, &offsets).unwrap();
        let report = BankReport::of(&access, banks);
        let got: Vec<usize> = report.phases().iter().map(|p| p.wavefronts).collect();
        assert_eq!(got, expect, "{kind} at {offsets:?}");
        assert_eq!(report.wavefronts(), expect.iter().sum::<usize>());
        assert_eq!(report.ideal(), expect.len());
    }

    #[test]
    fn golden_cases_from_a_32_by_32_f32_tile() {
        // thread t reads row t of column c: element (t, c) at t·stride + c, 4 bytes each
        for c in [0, 5, 31] {
            check(load(4), |t| 4 * (t * 32 + c), Banks::Nvidia32, &[32]);
            check(load(4), |t| 4 * (t * 33 + c), Banks::Nvidia32, &[1]);
        }
        // a row read is conflict-free
        check(load(4), |t| 4 * t, Banks::Nvidia32, &[1]);
    }

    #[test]
    fn the_golden_tile_under_sw_5_0_5_is_conflict_free() {
        use crate::cute::ComposedLayout;
        let tile = ComposedLayout::parse("Sw<5,0,5> o 0 o (32,32):(32,1)").unwrap();
        for c in [0, 7, 31] {
            // element (t, c) is index t + 32·c (colexicographic), 4 bytes each
            check(
                load(4),
                |t| 4 * tile.call(t + 32 * c).unwrap(),
                Banks::Nvidia32,
                &[1],
            );
        }
        let plain = ComposedLayout::parse("Sw<0,0,0> o 0 o (32,32):(32,1)").unwrap();
        check(
            load(4),
            |t| 4 * plain.call(t + 32 * 3).unwrap(),
            Banks::Nvidia32,
            &[32],
        );
    }

    #[test]
    fn phases_follow_the_width() {
        check(load(1), |t| t, Banks::Nvidia32, &[1]);
        check(load(2), |t| 2 * t, Banks::Nvidia32, &[1]);
        check(load(8), |t| 8 * t, Banks::Nvidia32, &[1, 1]);
        check(load(16), |t| 16 * t, Banks::Nvidia32, &[1, 1, 1, 1]);
        // 16 bytes per thread, rows 128 bytes apart: each phase of 8 threads hits 4 banks 8 times
        check(load(16), |t| 128 * t, Banks::Nvidia32, &[8, 8, 8, 8]);
        check(
            AccessKind::Ldmatrix {
                matrices: 4,
                trans: false,
            },
            |t| 16 * t,
            Banks::Nvidia32,
            &[1, 1, 1, 1],
        );
        check(
            AccessKind::Ldmatrix {
                matrices: 2,
                trans: true,
            },
            |t| 128 * t,
            Banks::Nvidia32,
            &[8, 8],
        );
        // stores: phases by width as loads, stmatrix as ldmatrix, no Hopper pairing
        check(
            AccessKind::Store { bytes: 16 },
            |t| 128 * t,
            Banks::Nvidia32,
            &[8, 8, 8, 8],
        );
        check(
            AccessKind::Store { bytes: 16 },
            |t| 16 * (t / 2),
            Banks::Nvidia32,
            &[1, 1, 1, 1],
        );
        check(
            AccessKind::Stmatrix { matrices: 2 },
            |t| 128 * t,
            Banks::Nvidia32,
            &[8, 8],
        );
        // 64 banks: 8-byte loads in one phase
        check(load(8), |t| 8 * t, Banks::Lds64, &[1]);
        check(load(4), |t| 4 * (t * 64), Banks::Lds64, &[32]);
        check(load(4), |t| 4 * (t * 32), Banks::Lds64, &[16]);
    }

    #[test]
    fn same_word_is_a_broadcast_and_the_hopper_pairs_merge_phases() {
        check(load(4), |_| 400, Banks::Nvidia32, &[1]);
        // bytes of one word from different threads share it
        check(
            load(2),
            |t| 2 * (t % 2) + 128 * (t / 2),
            Banks::Nvidia32,
            &[16],
        );
        // README examples: bcast-all-v8 1, mcast-pairs-v16 2, t-and-t+2-same-v8 1
        check(load(8), |_| 15688, Banks::Nvidia32, &[1]);
        check(load(16), |t| 16 * (t / 2), Banks::Nvidia32, &[1, 1]);
        check(
            load(8),
            |t| 8 * (t % 2) + 16 * (t / 4),
            Banks::Nvidia32,
            &[1],
        );
        // t and t^4 equal: normal phases (t-and-t+4-same-v8: hw 2)
        check(
            load(8),
            |t| 8 * (t % 4) + 32 * (t / 8),
            Banks::Nvidia32,
            &[1, 1],
        );
        // pairs equal on 64 banks: no Hopper rule
        check(load(16), |t| 16 * (t / 2), Banks::Lds64, &[1, 1]);
    }

    #[test]
    fn the_report_names_the_bank_and_the_colliding_threads() {
        let offsets: Vec<i64> = (0..32)
            .map(|t| if t < 3 { 128 * t } else { 4 * t })
            .collect();
        let access = WarpAccess::new(load(4), &offsets).unwrap();
        let report = BankReport::of(&access, Banks::Nvidia32);
        let phase = &report.phases()[0];
        assert_eq!(phase.wavefronts, 3);
        assert_eq!(phase.bank, 0);
        assert_eq!(phase.words, vec![0, 32, 64]);
        assert_eq!(phase.colliding, vec![0, 1, 2]);
        assert_eq!(phase.words_per_bank[0], 3);
        assert_eq!(phase.words_per_bank[1], 0);
        assert_eq!(report.degree(), 3);
        assert!(!report.paired());
    }
}
