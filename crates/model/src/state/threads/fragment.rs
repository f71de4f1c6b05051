//! What the Threads page says of a thread or a warp: the elements it holds in each grid,
//! value by value, and the 32-bit registers they sit in.

use engine::cute::TvGrid;
use engine::cute::{mma_fragment, mma_partition, MmaAtom, Operand, OperandSource, TiledMma};
use engine::linear::TensorMemoryEncoding;
use engine::LayoutError;

use crate::state::field::FieldError;

/// The threads lit: one thread, or a warp's 32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Thread `t` (typed `t5` or `5`).
    Thread(i64),
    /// Warp `w`, threads `32w..32w+32` (typed `w1` or `warp 1`).
    Warp(i64),
}

impl Pick {
    /// `12` or `t12` a thread, `w1` or `warp 1` a warp; empty: none.
    ///
    /// # Errors
    /// Anything else, or a thread or warp past `threads`.
    pub fn parse(text: &str, threads: i64) -> Result<Option<Pick>, FieldError> {
        let text = text.trim().to_ascii_lowercase();
        if text.is_empty() {
            return Ok(None);
        }
        let (warp, number) = match text.strip_prefix("warp").or_else(|| text.strip_prefix('w')) {
            Some(rest) => (true, rest),
            None => (
                false,
                text.strip_prefix("thread")
                    .or_else(|| text.strip_prefix('t'))
                    .unwrap_or(&text),
            ),
        };
        let n: i64 = number.trim().parse().map_err(|_| {
            FieldError::rule(format!(
                "`{text}`: a thread (12, t12) or a warp (w1, warp 1)"
            ))
        })?;
        let warps = (threads + 31) / 32;
        match warp {
            true if (0..warps).contains(&n) => Ok(Some(Pick::Warp(n))),
            true => Err(FieldError::rule(format!(
                "warp {n}: the tiled MMA has warps 0 to {}",
                warps - 1
            ))),
            false if (0..threads).contains(&n) => Ok(Some(Pick::Thread(n))),
            false => Err(FieldError::rule(format!(
                "thread {n}: the tiled MMA has threads 0 to {}",
                threads - 1
            ))),
        }
    }

    /// The threads `first..end`.
    pub fn threads(self) -> std::ops::Range<i64> {
        match self {
            Pick::Thread(t) => t..t + 1,
            Pick::Warp(w) => 32 * w..32 * w + 32,
        }
    }
}

/// The elements threads `threads` hold in `grid`: `(thread, value, m, n)`, thread by thread,
/// value by value (at most `limit`).
pub fn held(
    grid: &TvGrid,
    threads: std::ops::Range<i64>,
    limit: usize,
) -> Vec<(i64, i64, i64, i64)> {
    let (per_thread, rows) = (grid.per_thread(), grid.rows().max(1));
    let mut out = Vec::new();
    for t in threads.start.max(0)..threads.end.min(grid.threads()) {
        for v in 0..per_thread {
            if out.len() >= limit {
                return out;
            }
            let index = grid.element(t, v);
            out.push((t, v, index % rows, index / rows));
        }
    }
    out
}

/// What CuTe calls the atom's instruction when it reads shared memory by descriptor: `GMMA`
/// (Hopper's wgmma) or `UMMA` (Blackwell's tcgen05.mma).
pub fn mma_kind(atom: &MmaAtom) -> &'static str {
    if atom.name().starts_with("SM100_") {
        "UMMA"
    } else {
        "GMMA"
    }
}

/// Where `operand` lives when no thread holds it, as a page says it: `in shared memory, read
/// by the GMMA's descriptor`, `in tensor memory (TMEM), where the UMMA accumulates it`; `None`
/// when it is in registers.
pub fn operand_home(atom: &MmaAtom, operand: Operand) -> Option<String> {
    match atom.source(operand) {
        OperandSource::Registers => None,
        OperandSource::SharedMemory => Some(format!(
            "in shared memory, read by the {}'s descriptor",
            mma_kind(atom)
        )),
        OperandSource::TensorMemory if operand == Operand::C => {
            Some("in tensor memory (TMEM), where the UMMA accumulates it".into())
        }
        OperandSource::TensorMemory => {
            Some("in tensor memory (TMEM), where the UMMA reads it".into())
        }
    }
}

/// Where a tcgen05 MMA keeps element `(m, n)` of a 32-bit C in tensor memory, as CuTe's
/// `tmem_frg` and Triton's `tensorMemoryToLinearLayout` both lay it out: `lane 37, column 5`,
/// and which CTA of a pair. `None` for other atoms, a 16-bit C, a tiling of several atoms, or
/// a tile Triton's TMEM layouts do not take (N not a power of two).
pub fn umma_tmem_place(mma: &TiledMma, m: i64, n: i64) -> Option<String> {
    let atom = mma.atom();
    let [_, _, c_bits] = atom.element_bits()?;
    let [tm, tn, _] = mma.tile_mnk();
    if mma_kind(atom) != "UMMA" || c_bits != 32 || [tm, tn] != atom.shape_mnk()[..2] {
        return None;
    }
    let ctas = atom.thr_id().size().ok()?.value().max(1);
    let u = |v: i64| u32::try_from(v).ok();
    // one CTA's rows of C (64 or 128) over N columns; a pair's 64-row blocks are its "2x2"
    // layout (CuTe's tmem_frg_2sm, Triton's twoCTAs): N's second half on lanes 64-127
    let block = [u(tm / ctas)?, u(tn)?.min(512)];
    let encoding = TensorMemoryEncoding::new(block, 1, [u(ctas)?, 1], ctas > 1).ok()?;
    let place = encoding.place(&[u(tm)?, u(tn)?], [u(m)?, u(n)?]).ok()?;
    let (lane, column) = (place.lane, place.column);
    Some(if ctas > 1 {
        format!("lane {lane}, column {column} of CTA {}", place.cta)
    } else {
        format!("lane {lane}, column {column}")
    })
}

/// How a thread's fragment of `operand` sits in registers, `R0 = V0 V1 · R1 = V2 V3 · …` (at
/// most `listed` registers), or where the operand is read from instead.
pub fn registers(atom: &MmaAtom, operand: Operand, values: i64, listed: usize) -> String {
    if let Some(home) = operand_home(atom, operand) {
        return format!("{home}: no registers");
    }
    let Some(bits) = atom.element_bits() else {
        return "registers unknown: the atom's name spells no element types".into();
    };
    let bits = bits[match operand {
        Operand::A => 0,
        Operand::B => 1,
        Operand::C => 2,
    }];
    let total_bits = values.saturating_mul(bits);
    let count = (total_bits + 31) / 32;
    let mut parts = Vec::new();
    if bits <= 32 {
        let per = 32 / bits;
        for r in 0..count.min(listed as i64) {
            let vs: Vec<String> = (r * per..((r + 1) * per).min(values))
                .map(|v| format!("V{v}"))
                .collect();
            parts.push(format!("R{r} = {}", vs.join(" ")));
        }
    } else {
        let per = bits / 32;
        for v in 0..values.min(listed as i64) {
            parts.push(format!("R{}–R{} = V{v}", v * per, v * per + per - 1));
        }
    }
    let all = match bits <= 32 {
        true => count <= listed as i64,
        false => values <= listed as i64,
    };
    let more = if all { "" } else { " · …" };
    format!(
        "{count} × 32-bit registers of {bits}-bit elements: {}{more}",
        parts.join(" · ")
    )
}

/// Where the tile sits in a GEMM: the problem's `M×N×K` and the block `(m, n, k)` of tiles, so
/// a thread's fragment is listed in the whole operands' coordinates, as
/// `thr_mma.partition_X(local_tile(…))` cuts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The GEMM's `[M, N, K]`, each a whole number of tiles.
    pub mnk: [i64; 3],
    /// The block's tile coordinates `[m, n, k]`, each below its extent's tile count.
    pub block: [i64; 3],
}

/// Three positive integers of `text` split by `sep`.
fn three(text: &str, sep: char, what: &str) -> Result<[i64; 3], FieldError> {
    let parts: Vec<Option<i64>> = text.split(sep).map(|p| p.trim().parse().ok()).collect();
    match parts[..] {
        [Some(a), Some(b), Some(c)] if a >= 0 && b >= 0 && c >= 0 => Ok([a, b, c]),
        _ => Err(FieldError::rule(format!("`{}`: {what}", text.trim()))),
    }
}

impl Problem {
    /// The GEMM `128x128x64` and the block `1,0,2`; an empty problem is none.
    ///
    /// # Errors
    /// Which of the two is not three numbers, or not a whole number of `tile_mnk` tiles, or a
    /// block past them, and why.
    pub fn parse(
        gemm: &str,
        block: &str,
        tile_mnk: [i64; 3],
    ) -> Result<Option<Problem>, (bool, FieldError)> {
        if gemm.trim().is_empty() {
            return Ok(None);
        }
        let mnk = three(&gemm.to_ascii_lowercase(), 'x', "M×N×K, such as 128x128x64")
            .map_err(|e| (true, e))?;
        let block = match block.trim() {
            "" => [0; 3],
            text => {
                three(text, ',', "the block's m, n and k, such as 1,0,2").map_err(|e| (false, e))?
            }
        };
        for k in 0..3 {
            let (extent, tile) = (mnk[k], tile_mnk[k]);
            if extent < 1 || tile < 1 || extent % tile != 0 {
                return Err((
                    true,
                    FieldError::rule(format!(
                        "{}: a multiple of the tile's {}",
                        ["M", "N", "K"][k],
                        tile
                    )),
                ));
            }
            if block[k] >= extent / tile {
                return Err((
                    false,
                    FieldError::rule(format!(
                        "block {} {}: the problem has {} tiles along {}",
                        ["m", "n", "k"][k],
                        block[k],
                        extent / tile,
                        ["M", "N", "K"][k]
                    )),
                ));
            }
        }
        Ok(Some(Problem { mnk, block }))
    }

    /// The operand's extents in the problem and its block: A `(M,K)`, B `(N,K)`, C `(M,N)`.
    pub fn of(&self, operand: Operand) -> ([i64; 2], [i64; 2]) {
        let [m, n, k] = self.mnk;
        let [bm, bn, bk] = self.block;
        match operand {
            Operand::A => ([m, k], [bm, bk]),
            Operand::B => ([n, k], [bn, bk]),
            Operand::C => ([m, n], [bm, bn]),
        }
    }
}

/// Thread `thread`'s fragment of `operand` in `problem`: what `partition_X` makes, its layout
/// and offset as CuTe prints them.
///
/// # Errors
/// What [`mma_partition`] refuses.
pub fn problem_partition(
    mma: &TiledMma,
    operand: Operand,
    thread: i64,
    problem: &Problem,
) -> Result<String, LayoutError> {
    let (extents, block) = problem.of(operand);
    let part = mma_partition(mma, operand, thread, extents, block)?;
    let name = match operand {
        Operand::A => "A",
        Operand::B => "B",
        Operand::C => "C",
    };
    Ok(format!(
        "partition_{name}: {} at offset {}",
        part.layout(),
        part.offset()
    ))
}

/// Each value of thread `thread`'s fragment of `operand` in `problem`: `(value, row, col)` in
/// the whole operand.
///
/// # Errors
/// What [`mma_fragment`] refuses.
pub fn problem_fragment(
    mma: &TiledMma,
    operand: Operand,
    thread: i64,
    problem: &Problem,
    limit: usize,
) -> Result<Vec<(i64, i64, i64)>, LayoutError> {
    let (extents, block) = problem.of(operand);
    Ok(mma_fragment(mma, operand, thread, extents, block, limit)?
        .into_iter()
        .map(|f| (f.value, f.row, f.col))
        .collect())
}
