//! Checks on thread-value layouts that CuTe does not make, as warnings: a thread count that is
//! not a whole number of warps, tile elements that two threads write, and a `TiledCopy` whose
//! destination does not hand each thread the fragment the MMA expects of it.

use std::collections::BTreeSet;
use std::fmt;

use crate::error::LayoutError;

use super::mma::{owners, Operand, TiledMma};
use super::{CppLayout, TiledCopy};

/// Threads in a warp.
pub const WARP_SIZE: i64 = 32;

/// Something legal in CuTe that is most likely a mistake.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TvWarning {
    /// The threads are not a multiple of 32: a warp is partly idle, or the tiling will not
    /// match the launch.
    ThreadCount {
        /// What has the threads: `"tiled MMA"` or `"tiled copy"`.
        what: &'static str,
        /// Its thread count (`size(tiled)`).
        threads: i64,
    },
    /// Tile element `index` is written by more than one thread (`threads`, the first two),
    /// so the result depends on which write lands last.
    SharedWrite {
        /// The first such element, as a colexicographic index into the copy's tile.
        index: i64,
        /// The first two threads that write it.
        threads: (i64, i64),
        /// How many elements more than one thread writes.
        elements: usize,
    },
    /// The copy's destination tile is not the MMA operand's tile.
    TileMismatch {
        /// The operand the copy feeds.
        operand: Operand,
        /// The copy's tile extents.
        copy: Vec<i64>,
        /// The operand's tile extents: `M×K`, `N×K` or `M×N`.
        mma: [i64; 2],
    },
    /// Thread `thread` receives other elements from the copy than the MMA reads from it:
    /// `copy` and `mma` are the first elements where the two disagree (`None`: nothing).
    FragmentMismatch {
        /// The operand the copy feeds.
        operand: Operand,
        /// The first thread whose fragments differ.
        thread: i64,
        /// How many threads' fragments differ.
        threads: usize,
        /// The first tile index the copy gives `thread` that the MMA does not read from it.
        copy: Option<i64>,
        /// The first tile index the MMA reads from `thread` that the copy does not give it.
        mma: Option<i64>,
    },
}

impl fmt::Display for TvWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TvWarning::ThreadCount { what, threads } => write!(
                f,
                "the {what} uses {threads} threads, not a multiple of the warp size {WARP_SIZE}"
            ),
            TvWarning::SharedWrite {
                index,
                threads: (a, b),
                elements,
            } => write!(
                f,
                "element {index} is written by threads {a} and {b} \
                 ({elements} elements written by more than one thread)"
            ),
            TvWarning::TileMismatch { operand, copy, mma } => write!(
                f,
                "the copy's tile {copy:?} is not the MMA's {operand:?} tile {mma:?}"
            ),
            TvWarning::FragmentMismatch {
                operand,
                thread,
                threads,
                copy,
                mma,
            } => {
                let show = |v: &Option<i64>| v.map_or("nothing".to_string(), |i| i.to_string());
                write!(
                    f,
                    "thread {thread} receives element {} where the MMA's {operand:?} fragment \
                     holds {} ({threads} threads differ)",
                    show(copy),
                    show(mma)
                )
            }
        }
    }
}

fn thread_count(what: &'static str, threads: i64, out: &mut Vec<TvWarning>) {
    if threads % WARP_SIZE != 0 {
        out.push(TvWarning::ThreadCount { what, threads });
    }
}

/// The warnings of a tiled MMA: its thread count.
///
/// # Errors
/// `Overflow`.
pub fn mma_warnings(mma: &TiledMma) -> Result<Vec<TvWarning>, LayoutError> {
    let mut out = Vec::new();
    // a tcgen05 MMA is issued by one thread (per CTA of a pair), not run by a warp
    if !mma.atom().name().starts_with("SM100_") {
        thread_count("tiled MMA", mma.threads()?, &mut out);
    }
    Ok(out)
}

/// Each thread's set of tile elements under a `(thread, value) → index` layout.
fn fragments(tv: &CppLayout, limit: usize) -> Result<Vec<BTreeSet<i64>>, LayoutError> {
    let threads = tv.mode_size(0)?.value().max(1);
    let values = tv.to_layout()?.values(limit)?;
    let mut out = vec![BTreeSet::new(); threads as usize];
    for (i, index) in values.into_iter().enumerate() {
        out[i % threads as usize].insert(index);
    }
    Ok(out)
}

/// The warnings of a tiled copy: its thread count, elements its destination has two threads
/// write (where the destination is memory: not for `ldmatrix`, nor a copy into an MMA's A or
/// B fragment), and, given the MMA and operand it feeds (`make_tiled_copy_A/B/C`), every thread
/// whose destination elements are not that operand's fragment of the same thread.
///
/// # Errors
/// `TooLarge` past `limit` thread×value pairs; `Overflow`.
pub fn copy_warnings(
    copy: &TiledCopy,
    feeds: Option<(&TiledMma, Operand)>,
    limit: usize,
) -> Result<Vec<TvWarning>, LayoutError> {
    let mut out = Vec::new();
    thread_count("tiled copy", copy.threads()?, &mut out);
    let tile = copy.tile();
    let cells = tile
        .iter()
        .try_fold(1i64, |acc, &t| acc.checked_mul(t))
        .ok_or_else(super::overflow)?;
    // into registers (ldmatrix, or any copy that fills an MMA's A or B fragment) each thread
    // writes its own copy; only a memory destination can be written twice
    let into_registers =
        copy.atom().writes_registers() || matches!(feeds, Some((_, Operand::A | Operand::B)));
    let written = if into_registers {
        Vec::new()
    } else {
        owners(copy.tv_d(), cells, limit)?
    };
    let mut shared = written.iter().enumerate().filter_map(|(index, list)| {
        let first = list.first()?.0;
        let other = list.iter().find(|(t, _)| *t != first)?.0;
        Some((index as i64, (first, other)))
    });
    if let Some((index, threads)) = shared.next() {
        out.push(TvWarning::SharedWrite {
            index,
            threads,
            elements: 1 + shared.count(),
        });
    }
    if let Some((mma, operand)) = feeds {
        let expected = mma.operand_tile(operand);
        if tile != expected {
            out.push(TvWarning::TileMismatch {
                operand,
                copy: tile,
                mma: expected,
            });
            return Ok(out);
        }
        let ours = fragments(copy.tv_d(), limit)?;
        let theirs = fragments(mma.tv(operand), limit)?;
        let mut differing = (0..ours.len().max(theirs.len())).filter_map(|t| {
            let empty = BTreeSet::new();
            let (a, b) = (
                ours.get(t).unwrap_or(&empty),
                theirs.get(t).unwrap_or(&empty),
            );
            (a != b).then(|| {
                (
                    t as i64,
                    a.difference(b).next().copied(),
                    b.difference(a).next().copied(),
                )
            })
        });
        if let Some((thread, copy, mma)) = differing.next() {
            out.push(TvWarning::FragmentMismatch {
                operand,
                thread,
                threads: 1 + differing.count(),
                copy,
                mma,
            });
        }
    }
    Ok(out)
}
