//! Global-memory coalescing of one warp-wide load: the 32-byte sectors and 128-byte lines its
//! bytes fall in, against the fewest that could hold the same bytes.
//!
//! Model (every H100 / H200 case of `tests/fixtures/hw/`): the L1 fetches each distinct sector
//! `⌊b/32⌋` of the bytes `b` the threads read, once.

use super::WarpAccess;

/// Bytes per sector: the unit the L1 fetches from global memory.
pub const SECTOR_BYTES: i64 = 32;
/// Bytes per cache line (four sectors).
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
    /// The sectors and lines of `access`'s used threads, against the fewest that could hold
    /// as many bytes.
    pub fn of(access: &WarpAccess) -> SectorReport {
        // each thread reads one contiguous range: the union of 32 ranges, not a set of bytes
        let bytes = union(
            (0..access.kind().threads())
                .map(|t| {
                    let r = access.bytes_of(t);
                    (r.start, r.end)
                })
                .collect(),
        );
        let count = |ranges: &[(i64, i64)]| -> usize {
            ranges.iter().map(|&(a, b)| (b - a) as usize).sum()
        };
        let distinct = |unit: i64| {
            count(&union(
                bytes
                    .iter()
                    .map(|&(a, b)| (a.div_euclid(unit), (b - 1).div_euclid(unit) + 1))
                    .collect(),
            ))
        };
        let total = count(&bytes);
        SectorReport {
            sectors: distinct(SECTOR_BYTES),
            lines: distinct(LINE_BYTES),
            bytes: total,
            min_sectors: total.div_ceil(SECTOR_BYTES as usize),
            min_lines: total.div_ceil(LINE_BYTES as usize),
        }
    }
}

/// The sectors of a tile's loads, summed: what reading the tile from global memory costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SectorTotal {
    /// The loads (one per warp and vector of values).
    pub loads: usize,
    /// Σ distinct sectors over the loads.
    pub sectors: usize,
    /// Σ distinct lines.
    pub lines: usize,
    /// Σ bytes read.
    pub bytes: usize,
    /// Σ the fewest sectors each load could take.
    pub min_sectors: usize,
    /// Σ the fewest lines.
    pub min_lines: usize,
}

impl SectorTotal {
    /// The sum of each access's [`SectorReport`].
    pub fn of<'a>(accesses: impl IntoIterator<Item = &'a WarpAccess>) -> SectorTotal {
        accesses
            .into_iter()
            .fold(SectorTotal::default(), |mut total, access| {
                let r = SectorReport::of(access);
                total.loads += 1;
                total.sectors += r.sectors;
                total.lines += r.lines;
                total.bytes += r.bytes;
                total.min_sectors += r.min_sectors;
                total.min_lines += r.min_lines;
                total
            })
    }

    /// `sectors: S over N loads (minimum M), lines: L (minimum K)`, as `layout-lab sectors`
    /// ends and the bank section says it.
    pub fn summary(&self) -> String {
        format!(
            "sectors: {} over {} loads (minimum {}), lines: {} (minimum {})",
            self.sectors, self.loads, self.min_sectors, self.lines, self.min_lines
        )
    }
}

/// The union of half-open ranges `[a, b)` (each non-empty), as sorted disjoint ranges.
fn union(mut ranges: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
    ranges.sort_unstable();
    let mut out: Vec<(i64, i64)> = Vec::with_capacity(ranges.len());
    for (a, b) in ranges {
        match out.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
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

    /// The model as first written: every byte in a set.
    fn by_bytes(access: &WarpAccess) -> (usize, usize, usize) {
        use std::collections::BTreeSet;
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
        (distinct(SECTOR_BYTES), distinct(LINE_BYTES), bytes.len())
    }

    #[test]
    fn the_union_of_ranges_counts_what_a_set_of_bytes_does() {
        // a fixed pseudo-random walk over widths, strides, overlaps and broadcasts
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n) as i64
        };
        for _ in 0..2000 {
            let bytes = [1u8, 2, 4, 8, 16][next(5) as usize];
            let (base, stride, groups) = (next(300), next(70), 1 + next(32));
            let offsets: Vec<i64> = (0..32)
                .map(|t| {
                    let o = base + stride * (t % groups) + next(3) * 37;
                    o - o % i64::from(bytes)
                })
                .collect();
            let access = WarpAccess::new(AccessKind::Load { bytes }, &offsets).unwrap();
            let r = SectorReport::of(&access);
            assert_eq!(
                (r.sectors, r.lines, r.bytes),
                by_bytes(&access),
                "{offsets:?}"
            );
        }
    }
}
