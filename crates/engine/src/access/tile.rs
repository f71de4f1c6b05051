//! The warp accesses of a tile: a thread-value layout `(thread, value) → tile index` and a
//! memory layout `tile index → element offset` (swizzled or not) give each thread's byte
//! address, one load instruction per `vector_bits / element_bits` values.
//!
//! Thread t's value v is tile index `tv(t + T·v)` (colexicographic over `(T, V)`), stored at
//! element `mem(tv(t + T·v))`, byte `mem(…)·E/8`. Access k of a warp takes values
//! `k·n .. k·n + n` of each thread, `n = W / E`; their elements must be contiguous
//! (`o, o+1, …, o+n-1`) and the first aligned to the width (`o·E ≡ 0 mod W`), or the access is
//! not one vector load and is reported as such.

use crate::cute::{ComposedLayout, Layout};
use crate::LayoutError;

use super::{AccessKind, WarpAccess, WARP_SIZE};

/// One load instruction of one warp of the tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileAccess {
    /// Which warp (threads `32·warp ..`).
    pub warp: usize,
    /// The values `values.start .. values.end` of each thread.
    pub values: std::ops::Range<usize>,
    /// The warp's 32 byte addresses, one per thread, and the instruction.
    pub access: WarpAccess,
}

fn bad(arg: String, expected: &str) -> LayoutError {
    LayoutError::BadArgument {
        op: "tile access",
        arg,
        expected: expected.into(),
    }
}

/// Every load instruction of `tv` over `memory` (model in the module docs).
///
/// # Errors
/// [`LayoutError::BadArgument`] when the vector width is not 8, 16, 32, 64 or 128 bits or not a
/// multiple of the element width, when the values per thread are not a multiple of the values
/// per access, or for more than `limit` elements; [`LayoutError::ThreadCount`] unless the
/// threads are a multiple of 32; [`LayoutError::NonContiguousVector`] for a vector whose
/// elements are not contiguous and aligned; the layouts' `Overflow` and [`WarpAccess::new`]'s
/// errors (a negative address).
pub fn tile_accesses(
    memory: &ComposedLayout,
    tv: &Layout,
    element_bits: i64,
    vector_bits: i64,
    limit: usize,
) -> Result<Vec<TileAccess>, LayoutError> {
    let size = tv.size()?;
    if size as u128 > limit as u128 {
        return Err(LayoutError::TooLarge {
            what: "the thread-value layout",
            size: size.max(0) as u128,
            limit: limit as u128,
        });
    }
    let threads = thread_count(tv)?;
    let tv_values = tv.values(limit)?;
    tile_accesses_of(
        &|i| memory.call(i),
        &tv_values,
        threads,
        element_bits,
        vector_bits,
    )
}

/// The threads of a thread-value layout: its mode 0's size, or all of an int-shaped one (one
/// value each).
///
/// # Errors
/// The layout's `Overflow`.
pub fn thread_count(tv: &Layout) -> Result<i64, LayoutError> {
    if tv.shape().is_int() {
        tv.size()
    } else {
        tv.mode(0)?.size()
    }
}

/// [`tile_accesses`] from tables: `memory(i)` the element offset of tile index `i`, and
/// `tv_values[k]` the tile index of `(thread, value)` with `k = thread + threads·value`.
///
/// # Errors
/// As [`tile_accesses`], and the errors of `memory`.
pub fn tile_accesses_of(
    memory: &dyn Fn(i64) -> Result<i64, LayoutError>,
    tv_values: &[i64],
    threads: i64,
    element_bits: i64,
    vector_bits: i64,
) -> Result<Vec<TileAccess>, LayoutError> {
    if ![8, 16, 32, 64, 128].contains(&vector_bits) {
        return Err(bad(
            format!("{vector_bits} vector bits"),
            "8, 16, 32, 64 or 128 bits per access",
        ));
    }
    if element_bits <= 0 || vector_bits % element_bits != 0 {
        return Err(bad(
            format!("{element_bits}-bit elements in {vector_bits}-bit accesses"),
            "an element width that divides the vector width",
        ));
    }
    let per_access = (vector_bits / element_bits) as usize;
    if threads <= 0 || !(threads as usize).is_multiple_of(WARP_SIZE) {
        return Err(LayoutError::ThreadCount {
            expected: WARP_SIZE,
            found: threads.max(0) as usize,
        });
    }
    let threads = threads as usize;
    let values_per_thread = tv_values.len() / threads;
    if !values_per_thread.is_multiple_of(per_access) {
        return Err(bad(
            format!("{values_per_thread} values per thread"),
            &format!("a multiple of {per_access} values per thread ({vector_bits} / {element_bits} bits)"),
        ));
    }
    let kind = AccessKind::Load {
        bytes: (vector_bits / 8) as u8,
    };
    let mut accesses = Vec::new();
    let mut elements = Vec::with_capacity(per_access);
    for warp in 0..threads / WARP_SIZE {
        for first in (0..values_per_thread).step_by(per_access) {
            let mut offsets = Vec::with_capacity(WARP_SIZE);
            for lane in 0..WARP_SIZE {
                let thread = warp * WARP_SIZE + lane;
                elements.clear();
                for v in first..first + per_access {
                    elements.push(memory(tv_values[thread + threads * v])?);
                }
                let Some(address) = vector_address(&elements, element_bits, vector_bits) else {
                    return Err(LayoutError::NonContiguousVector {
                        thread,
                        offsets: elements,
                    });
                };
                offsets.push(address);
            }
            accesses.push(TileAccess {
                warp,
                values: first..first + per_access,
                access: WarpAccess::new(kind, &offsets)?,
            });
        }
    }
    Ok(accesses)
}

/// The byte address of one thread's vector of `elements` (element offsets of `element_bits`
/// each, in value order): the first's, when they are contiguous (`o, o+1, …`) and it is aligned
/// to the `vector_bits` width (`o·E ≡ 0 mod W`); `None` otherwise (or when `o·E` overflows).
pub(super) fn vector_address(elements: &[i64], element_bits: i64, vector_bits: i64) -> Option<i64> {
    let &start = elements.first()?;
    let contiguous = elements.iter().zip(start..).all(|(&e, want)| e == want);
    let bits = start.checked_mul(element_bits)?;
    // o·E is a multiple of W, itself a multiple of 8
    (contiguous && vector_bits > 0 && bits.rem_euclid(vector_bits) == 0).then_some(bits / 8)
}

#[cfg(test)]
mod tests {
    use super::super::{BankReport, Banks};
    use super::*;

    fn composed(text: &str) -> ComposedLayout {
        ComposedLayout::parse(text)
            .or_else(|_| Layout::parse(text).map(ComposedLayout::from))
            .unwrap()
    }

    /// `(degree, wavefronts, phases)` over every access of the tile.
    #[track_caller]
    fn check(memory: &str, tv: &str, bits: (i64, i64), expect: (usize, usize, usize)) {
        let accesses = tile_accesses(
            &composed(memory),
            &Layout::parse(tv).unwrap(),
            bits.0,
            bits.1,
            1 << 16,
        )
        .unwrap();
        let reports: Vec<BankReport> = accesses
            .iter()
            .map(|a| BankReport::of(&a.access, Banks::Nvidia32))
            .collect();
        let got = (
            reports.iter().map(BankReport::degree).max().unwrap_or(0),
            reports.iter().map(BankReport::wavefronts).sum(),
            reports.iter().map(BankReport::ideal).sum(),
        );
        assert_eq!(got, expect, "{memory} with {tv}");
    }

    #[test]
    fn golden_cases_of_issue_42() {
        // thread t reads row t of column 0 of a 32×32 f32 tile: tile index (t, 0) = t
        check("(32,32):(32,1)", "(32,1):(1,32)", (32, 32), (32, 32, 1));
        check("(32,32):(33,1)", "(32,1):(1,32)", (32, 32), (1, 1, 1));
        check(
            "Sw<5,0,5> o 0 o (32,32):(32,1)",
            "(32,1):(1,32)",
            (32, 32),
            (1, 1, 1),
        );
        // every column in turn: 32 accesses, each 32-way, 1-way when padded
        check("(32,32):(32,1)", "(32,32):(1,32)", (32, 32), (32, 1024, 32));
        check("(32,32):(33,1)", "(32,32):(1,32)", (32, 32), (1, 32, 32));
        // a row read of 16-bit pairs: 32-bit accesses, conflict-free
        check("(32,64):(64,1)", "(32,2):(64,32)", (16, 32), (1, 1, 1));
    }

    #[test]
    fn the_same_accesses_give_the_sectors_of_a_global_layout() {
        use super::super::SectorReport;
        let sectors = |memory: &str, tv: &str| -> Vec<(usize, usize, usize)> {
            let tv = Layout::parse(tv).unwrap();
            tile_accesses(&composed(memory), &tv, 32, 32, 1 << 16)
                .unwrap()
                .iter()
                .map(|a| {
                    let r = SectorReport::of(&a.access);
                    (r.sectors, r.lines, r.min_sectors)
                })
                .collect()
        };
        // a column of a row-major 32×32 f32 matrix: a sector and a line per thread
        assert_eq!(
            sectors("(32,32):(32,1)", "(32,1):(1,32)"),
            vec![(32, 32, 4)]
        );
        // a row: 4 sectors, one line, the minimum
        assert_eq!(sectors("(32,32):(32,1)", "(32,1):(32,1)"), vec![(4, 1, 4)]);
    }

    #[track_caller]
    fn check_error(memory: &str, tv: &str, bits: (i64, i64), words: &str) {
        let error = tile_accesses(
            &composed(memory),
            &Layout::parse(tv).unwrap(),
            bits.0,
            bits.1,
            1 << 16,
        )
        .unwrap_err();
        assert!(error.to_string().contains(words), "{error}");
    }

    #[test]
    fn accesses_that_are_not_one_vector_load_are_reported() {
        // pairs down a column are 64 elements apart
        check_error("(32,64):(64,1)", "(32,2):(2,1)", (16, 32), "not contiguous");
        // contiguous pairs along a row, but starting at an odd element
        let shifted = "Sw<0,0,0> o 1 o (32,64):(64,1)";
        check_error(shifted, "(32,2):(64,32)", (16, 32), "not contiguous");
        check_error(
            "(32,64):(64,1)",
            "(16,2):(2,1)",
            (16, 32),
            "one address per thread",
        );
        check_error(
            "(32,64):(64,1)",
            "(32,3):(3,1)",
            (16, 32),
            "a multiple of 2 values",
        );
        check_error(
            "(32,64):(64,1)",
            "(32,2):(64,32)",
            (16, 48),
            "8, 16, 32, 64 or 128",
        );
        check_error(
            "(32,64):(64,1)",
            "(32,2):(64,32)",
            (24, 32),
            "divides the vector width",
        );
        let error = tile_accesses(
            &composed("(32,64):(64,1)"),
            &Layout::parse("(32,2):(2,1)").unwrap(),
            16,
            32,
            32,
        )
        .unwrap_err();
        assert!(matches!(error, LayoutError::TooLarge { .. }), "{error}");
    }
}
