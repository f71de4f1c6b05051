//! Who holds each element of a thread-value tile: a `TiledMMA`'s A, B and C, or a
//! `TiledCopy`'s source and destination, each element under its first owner as CuTe's
//! `print_latex` walks them (the lowest thread, then value). The pictures of these tiles (the
//! LaTeX file `print_latex` writes, SVG, canvases) are drawn above the engine from a [`TvGrid`].

use super::{CppLayout, Operand, TiledCopy, TiledMma};
use crate::error::LayoutError;

/// A `(thread, value)` pair.
pub type Owner = (i64, i64);

/// One operand's tile: `rows × cols` elements, element `m + rows·n` under its first owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TvGrid {
    name: &'static str,
    rows: i64,
    cols: i64,
    owner: Vec<Option<Owner>>,
    tv: CppLayout,
    threads: i64,
    per_thread: i64,
    /// The thread mode's and the value mode's flat `(shape, stride)`s: an element is found
    /// from them without walking the layout, and a thread whose coordinate is not 0 in a
    /// stride-0 thread mode repeats a lower thread's elements.
    thread_modes: Vec<(i64, i64)>,
    value_modes: Vec<(i64, i64)>,
}

/// `Σ coordinate · stride` of `index` over the flat `(shape, stride)` modes, colexicographic.
fn offset_of(mut index: i64, modes: &[(i64, i64)]) -> i64 {
    let mut offset = 0i64;
    for &(shape, stride) in modes {
        let shape = shape.max(1);
        offset = offset.saturating_add((index % shape).saturating_mul(stride));
        index /= shape;
    }
    offset
}

/// `Π shape` of the flat modes.
fn modes_size(modes: &[(i64, i64)]) -> Result<i64, LayoutError> {
    modes
        .iter()
        .try_fold(1i64, |acc, &(s, _)| acc.checked_mul(s.max(1)))
        .ok_or(LayoutError::Overflow {
            what: "the thread-value layout",
        })
}

impl TvGrid {
    /// The owners of a `rows × cols` tile under `tv`, in `print_latex`'s order (thread, then
    /// value: the first to reach an element keeps it). Only threads that repeat no lower
    /// thread are walked (a GMMA's A and B in shared memory: every thread sees the whole tile,
    /// so thread 0 alone), so a tile of many threads costs its elements, not its pairs.
    ///
    /// # Errors
    /// `TooLarge` past `limit` elements, or `limit` thread×value pairs of the threads walked;
    /// `Overflow`.
    pub fn of(
        name: &'static str,
        tv: &CppLayout,
        [rows, cols]: [i64; 2],
        limit: usize,
    ) -> Result<TvGrid, LayoutError> {
        let too_large = |what, size: Option<i64>| LayoutError::TooLarge {
            what,
            size: size.map_or(u128::MAX, |s| s.unsigned_abs().into()),
            limit: limit as u128,
        };
        let cells = rows.checked_mul(cols);
        let cells = cells
            .filter(|&c| c >= 0 && c as u128 <= limit as u128)
            .ok_or_else(|| too_large("the tile", cells))?;
        let layout = tv.to_layout()?;
        let modes = |k: usize| -> Vec<(i64, i64)> {
            match layout.mode(k) {
                Ok(mode) if layout.rank() > k => mode.flat_modes(),
                _ => Vec::new(),
            }
        };
        let (thread_modes, value_modes) = match layout.rank() {
            0 | 1 => (layout.flat_modes(), Vec::new()),
            _ => (modes(0), modes(1)),
        };
        let (threads, per_thread) = (modes_size(&thread_modes)?, modes_size(&value_modes)?);
        // the pairs walked: every value of each thread that repeats no lower one
        let walked = thread_modes
            .iter()
            .filter(|&&(_, stride)| stride != 0)
            .try_fold(1i64, |acc, &(s, _)| acc.checked_mul(s.max(1)))
            .and_then(|t| t.checked_mul(per_thread));
        if walked.is_none_or(|p| p as u128 > limit as u128) {
            return Err(too_large("the thread-value layout's walk", walked));
        }
        let mut grid = TvGrid {
            name,
            rows,
            cols,
            owner: vec![None; cells as usize],
            tv: tv.clone(),
            threads,
            per_thread,
            thread_modes,
            value_modes,
        };
        let mut owner = std::mem::take(&mut grid.owner);
        for t in (0..threads).filter(|&t| !grid.repeats(t)) {
            for v in 0..per_thread {
                let index = grid.element(t, v);
                if let Some(slot @ None) =
                    usize::try_from(index).ok().and_then(|i| owner.get_mut(i))
                {
                    *slot = Some((t, v));
                }
            }
        }
        grid.owner = owner;
        Ok(grid)
    }

    /// `A`, `B`, `C`, `S` or `D`.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The operand an MMA's grid draws (`C` for a copy's `S` and `D`).
    pub fn operand(&self) -> Operand {
        match self.name {
            "A" => Operand::A,
            "B" => Operand::B,
            _ => Operand::C,
        }
    }

    /// Rows of the tile (mode 0, `m`).
    pub fn rows(&self) -> i64 {
        self.rows
    }

    /// Columns of the tile (mode 1, `n`).
    pub fn cols(&self) -> i64 {
        self.cols
    }

    /// The first owner of each element, column-major (`m + rows·n`); `None`: nobody.
    pub fn owners(&self) -> &[Option<Owner>] {
        &self.owner
    }

    /// The TV layout, `(thread, value) → m + rows·n`.
    pub fn tv(&self) -> &CppLayout {
        &self.tv
    }

    /// Its threads (mode 0's size).
    pub fn threads(&self) -> i64 {
        self.threads
    }

    /// Values per thread.
    pub fn per_thread(&self) -> i64 {
        self.per_thread
    }

    /// The element (`m + rows·n`) of thread `t`'s value `v`.
    pub fn element(&self, t: i64, v: i64) -> i64 {
        offset_of(t, &self.thread_modes).saturating_add(offset_of(v, &self.value_modes))
    }

    /// Whether thread `t` holds what a lower thread holds, value for value: its coordinate in
    /// some stride-0 thread mode is not 0.
    pub fn repeats(&self, mut t: i64) -> bool {
        for &(shape, stride) in &self.thread_modes {
            let shape = shape.max(1);
            if stride == 0 && t % shape != 0 {
                return true;
            }
            t /= shape;
        }
        false
    }

    /// The first owner of element `(m, n)`.
    pub fn owner_at(&self, m: i64, n: i64) -> Option<Owner> {
        if !(0..self.rows).contains(&m) || !(0..self.cols).contains(&n) {
            return None;
        }
        self.owner
            .get((m + self.rows * n) as usize)
            .copied()
            .flatten()
    }
}

/// C, A and B of a tiled MMA (`print_latex`'s order).
///
/// # Errors
/// As [`TvGrid::of`].
pub fn mma_grids(mma: &TiledMma, limit: usize) -> Result<[TvGrid; 3], LayoutError> {
    let grid = |name, operand| TvGrid::of(name, mma.tv(operand), mma.operand_tile(operand), limit);
    Ok([
        grid("C", Operand::C)?,
        grid("A", Operand::A)?,
        grid("B", Operand::B)?,
    ])
}

/// S and D of a tiled copy. A copy made for a tensor is drawn over that whole tensor as
/// `partition_S` / `partition_D` cut it: each element under the thread that copies it and its
/// index in that thread's fragment (`(CPY, CPY_M, CPY_N)`, colexicographic), so a 16-lane
/// shape's second pass over a warp's quarter shows too; a TMEM copy (`make_tmem_copy`) over
/// tensor memory itself, lanes down and columns across ([`TiledCopy::tmem_tv`]).
///
/// # Errors
/// As [`TvGrid::of`]; `BadArgument` for a tile that is not of rank 1 or 2.
pub fn copy_grids(copy: &TiledCopy, limit: usize) -> Result<[TvGrid; 2], LayoutError> {
    if let (Some((s, tile)), Some((d, _))) = (copy.tmem_tv(true)?, copy.tmem_tv(false)?) {
        return Ok([
            TvGrid::of("S", &s, tile, limit)?,
            TvGrid::of("D", &d, tile, limit)?,
        ]);
    }
    if let (Some((s, tile)), Some((d, _))) = (copy.tensor_tv(true)?, copy.tensor_tv(false)?) {
        return Ok([
            TvGrid::of("S", &s, tile, limit)?,
            TvGrid::of("D", &d, tile, limit)?,
        ]);
    }
    let tile = match copy.tile()[..] {
        [m, n] => [m, n],
        [m] => [m, 1],
        _ => {
            return Err(LayoutError::BadArgument {
                op: "copy_grids",
                arg: format!("a copy tile of rank {}", copy.tile().len()),
                expected: "a tile of rank 1 or 2".into(),
            })
        }
    };
    Ok([
        TvGrid::of("S", copy.tv_s(), tile, limit)?,
        TvGrid::of("D", copy.tv_d(), tile, limit)?,
    ])
}
