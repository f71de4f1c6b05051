//! Global-memory coalescing of one warp-wide load: the 32-byte sectors and 128-byte lines its
//! bytes fall in, against the fewest that could hold the same bytes.
//!
//! Model (every H100 / H200 case of `tests/fixtures/hw/`): the L1 fetches each distinct sector
//! `⌊b/32⌋` of the bytes `b` the threads read, once.

use std::collections::BTreeSet;

use super::WarpAccess;

pub const SECTOR_BYTES: i64 = 32;
pub const LINE_BYTES: i64 = 128;

/// Sectors and lines of one load.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectorReport {
    /// Distinct 32-byte sectors touched: what the hardware fetches.
    pub sectors: usize,
    /// Distinct 128-byte lines touched.
    pub lines: usize,
    /// Distinct bytes read (duplicated addresses count once).
    pub bytes: usize,
    /// `⌈bytes / 32⌉`: the sectors a packed, aligned read of as many bytes would take.
    pub min_sectors: usize,
    /// `⌈bytes / 128⌉`.
    pub min_lines: usize,
}

impl SectorReport {
    pub fn of(access: &WarpAccess) -> SectorReport {
        let bytes: BTreeSet<i64> = (0..access.kind().threads())
            .flat_map(|t| access.bytes_of(t))
            .collect();
        let distinct = |unit: i64| {
            bytes
                .iter()
                .map(|b| b / unit)
                .collect::<BTreeSet<_>>()
                .len()
        };
        SectorReport {
            sectors: distinct(SECTOR_BYTES),
            lines: distinct(LINE_BYTES),
            bytes: bytes.len(),
            min_sectors: bytes.len().div_ceil(SECTOR_BYTES as usize),
            min_lines: bytes.len().div_ceil(LINE_BYTES as usize),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::AccessKind;
    use super::*;

    /// `(sectors, lines, min_sectors)` of `offsets(t)` loading `bytes` each.
    #[track_caller]
    fn check(bytes: u8, offsets: impl Fn(i64) -> i64, expect: (usize, usize, usize)) {
        let offsets: Vec<i64> = (0..32).map(offsets).collect();
        let access = WarpAccess::new(AccessKind::Load { bytes }, &offsets).unwrap();
        let r = SectorReport::of(&access);
        assert_eq!((r.sectors, r.lines, r.min_sectors), expect, "{offsets:?}");
    }

    #[test]
    fn sectors_of_typical_warp_reads() {
        check(4, |t| 4 * t, (4, 1, 4));
        check(16, |t| 16 * t, (16, 4, 16));
        check(1, |t| t, (1, 1, 1));
        // a column of a row-major 32×32 f32 tile: one sector and one line per thread
        check(4, |t| 128 * t, (32, 32, 4));
        // a broadcast fetches one sector
        check(8, |_| 256, (1, 1, 1));
        // shifted by 4 bytes: one sector more than the minimum
        check(4, |t| 4 + 4 * t, (5, 2, 4));
    }
}
