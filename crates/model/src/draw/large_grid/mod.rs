//! Grids too large for DOM cells, drawn on a canvas: the composed addresses of up to
//! [`MAX_CANVAS_CELLS`] cells, and where each cell sits in the same nested-block arrangement
//! the DOM grid uses (rank 1 a row, rank 2 a grid, rows of blocks at odd rank >= 3, columns of
//! blocks at even rank), with a one-cell gap between blocks.

use super::colouring::{Colouring, Swatch, RAMP, TV_COLOURS};
use engine::view::checked_product;
pub use engine::view::tracker::MASKED;
use engine::{LayoutError, ShapeTracker};

/// Most cells a canvas grid holds.
pub const MAX_CANVAS_CELLS: usize = 1 << 20;
/// Empty cells between neighbouring blocks.
pub const BLOCK_GAP: i64 = 1;

/// Width and height, in cells, of the arrangement of `shape`.
pub fn extent(shape: &[i64]) -> (i64, i64) {
    match shape.len() {
        0 => (1, 1),
        1 => (shape[0], 1),
        2 => (shape[1], shape[0]),
        rank => {
            let (w, h) = extent(&shape[1..]);
            let n = shape[0];
            let span = |inner: i64| n * inner + (n - 1).max(0) * BLOCK_GAP;
            if rank % 2 == 1 {
                (span(w), h)
            } else {
                (w, span(h))
            }
        }
    }
}

/// Where the cell at `coord` sits: `(x, y)` in cells from the top left.
pub fn position(shape: &[i64], coord: &[i64]) -> (i64, i64) {
    match shape.len() {
        0 => (0, 0),
        1 => (coord[0], 0),
        2 => (coord[1], coord[0]),
        rank => {
            let (w, h) = extent(&shape[1..]);
            let (x, y) = position(&shape[1..], &coord[1..]);
            if rank % 2 == 1 {
                (coord[0] * (w + BLOCK_GAP) + x, y)
            } else {
                (x, coord[0] * (h + BLOCK_GAP) + y)
            }
        }
    }
}

/// Calls `f(index, x, y, len)` for every run of `shape`'s last axis in row-major order: the
/// `len` cells from row-major `index` on sit side by side in one row, from `(x, y)` rightwards
/// (placed as [`position`] places them). A canvas has up to 2^20 cells; a position is linear
/// in the coordinate, so the walk adds each axis's step instead of placing cells from scratch.
pub fn for_each_row(shape: &[i64], mut f: impl FnMut(usize, i64, i64, usize)) {
    if shape.iter().any(|&d| d <= 0) {
        return;
    }
    let Some((&len, outer)) = shape.split_last() else {
        f(0, 0, 0, 1);
        return;
    };
    let steps: Vec<(i64, i64)> = (0..outer.len())
        .map(|k| {
            let mut unit = vec![0; shape.len()];
            unit[k] = 1;
            position(shape, &unit)
        })
        .collect();
    let mut coord = vec![0i64; outer.len()];
    let (mut x, mut y) = (0, 0);
    let mut index = 0;
    loop {
        f(index, x, y, len as usize);
        index += len as usize;
        let mut k = outer.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            coord[k] += 1;
            x += steps[k].0;
            y += steps[k].1;
            if coord[k] < outer[k] {
                break;
            }
            coord[k] = 0;
            x -= steps[k].0 * outer[k];
            y -= steps[k].1 * outer[k];
        }
    }
}

/// The cell at `(x, y)`, or `None` in a gap or outside: the inverse of [`position`].
pub fn cell_at(shape: &[i64], x: i64, y: i64) -> Option<Vec<i64>> {
    let (w, h) = extent(shape);
    if x < 0 || y < 0 || x >= w || y >= h {
        return None;
    }
    match shape.len() {
        0 => Some(Vec::new()),
        1 => Some(vec![x]),
        2 => Some(vec![y, x]),
        rank => {
            let (iw, ih) = extent(&shape[1..]);
            let (block, x, y) = if rank % 2 == 1 {
                (x / (iw + BLOCK_GAP), x % (iw + BLOCK_GAP), y)
            } else {
                (y / (ih + BLOCK_GAP), x, y % (ih + BLOCK_GAP))
            };
            let mut coord = vec![block];
            coord.extend(cell_at(&shape[1..], x, y)?);
            Some(coord)
        }
    }
}

/// Row-major index of `coord` in `shape`, a cell of a grid.
pub fn index_of(shape: &[i64], coord: &[i64]) -> usize {
    engine::index_from_coord(shape, coord) as usize
}

/// Steps of the canvas's ramp, a colour per step: finer than the eye tells apart (a channel
/// moves by under 0.2 per step).
const RAMP_STEPS: usize = 4096;
/// A masked cell's colour.
pub const MASKED_RGBA: [u8; 4] = [205, 120, 120, 255];
/// A valid cell's colour where the colouring gives none (by mask, by view).
pub const VALID_RGBA: [u8; 4] = [200, 214, 245, 255];

/// The ramp's colour at `t` in `[0, 1]`: [`RAMP`]'s steps, linearly between them.
pub fn ramp(t: f64) -> [u8; 4] {
    let scaled = t.clamp(0.0, 1.0) * (RAMP.len() - 1) as f64;
    let k = (scaled.floor() as usize).min(RAMP.len() - 2);
    let f = scaled - k as f64;
    let mix = |c: usize| {
        (f64::from(RAMP[k][c]) * (1.0 - f) + f64::from(RAMP[k + 1][c]) * f).round() as u8
    };
    [mix(0), mix(1), mix(2), 255]
}

/// A grid as an image, a pixel per cell placed as [`position`] places it: RGBA, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// Pixels across: the arrangement's width in cells.
    pub width: u32,
    /// Pixels down: the arrangement's height in cells.
    pub height: u32,
    /// Four bytes a pixel, `width · height` pixels; gaps between blocks transparent.
    pub rgba: Vec<u8>,
}

/// `d * k / span` for many `d` in `[0, span]`, without a division each: `d` and `span` are
/// shifted below 2^32 together and `d` multiplied by `k * 2^32 / span` rounded up (fixed
/// point). The result is within a few units of the exact quotient, never above `k`, and `k`
/// at `d = span`.
#[derive(Clone, Copy, Debug)]
struct Scaled {
    shift: u32,
    factor: u64,
}

impl Scaled {
    /// For `k < 2^32` and `span >= 1`.
    fn new(k: u64, span: u64) -> Scaled {
        let shift = 32u32.saturating_sub(span.leading_zeros());
        Scaled {
            shift,
            factor: (k << 32).div_ceil((span >> shift).max(1)),
        }
    }

    fn of(self, d: u64) -> u64 {
        // for d <= span, (d >> shift) <= (span >> shift) keeps the product below (k + 1) * 2^32
        ((d >> self.shift) * self.factor) >> 32
    }
}

/// The composed addresses of a large stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LargeGrid {
    /// The composed view's shape, arranged as [`extent`] says.
    pub shape: Vec<i64>,
    /// Row-major; [`MASKED`] where masked (8 bytes a cell: a grid of 2^20 cells is read in
    /// several passes on every edit). [`LargeGrid::address`] reads one as an `Option`.
    pub addresses: Vec<i64>,
    /// `(lowest, highest)` valid address.
    pub span: Option<(i64, i64)>,
    /// How [`LargeGrid::image`] colours the cells.
    pub colouring: Colouring,
}

impl LargeGrid {
    /// The composed addresses of every element of `tracker`, and its span.
    ///
    /// # Errors
    /// `TooLarge` above [`MAX_CANVAS_CELLS`] cells.
    pub fn of(tracker: &ShapeTracker) -> Result<LargeGrid, LayoutError> {
        let size = checked_product(tracker.shape())?;
        if size as u128 > MAX_CANVAS_CELLS as u128 {
            return Err(LayoutError::TooLarge {
                what: "the composed view",
                size: size.max(0) as u128,
                limit: MAX_CANVAS_CELLS as u128,
            });
        }
        let addresses = tracker.addresses(MAX_CANVAS_CELLS)?;
        // the mark is below every address, so the highest needs no test
        let (mut lo, mut hi) = (i64::MAX, MASKED);
        for &a in &addresses {
            if a != MASKED && a < lo {
                lo = a;
            }
            hi = hi.max(a);
        }
        let span = (lo <= hi).then_some((lo, hi));
        Ok(LargeGrid {
            shape: tracker.shape().to_vec(),
            addresses,
            span,
            colouring: Colouring::Address,
        })
    }

    /// A grid of `shape` from each cell's value, row-major (`None`: masked, or held by no
    /// one), coloured over `span`.
    pub fn from_values(
        shape: Vec<i64>,
        values: impl IntoIterator<Item = Option<i64>>,
        span: Option<(i64, i64)>,
        colouring: Colouring,
    ) -> LargeGrid {
        LargeGrid {
            shape,
            addresses: values.into_iter().map(|v| v.unwrap_or(MASKED)).collect(),
            span,
            colouring,
        }
    }

    /// The address of the cell at row-major `index`; `None` where masked or outside.
    pub fn address(&self, index: usize) -> Option<i64> {
        self.addresses.get(index).copied().filter(|&a| a != MASKED)
    }

    /// The coordinate of the cell at row-major `index`.
    pub fn coord(&self, index: usize) -> Vec<i64> {
        engine::coord_from_index(&self.shape, index as i64)
    }

    /// The grid as an image: each cell coloured by its address as the colouring says (on the
    /// ramp over the valid span, the middle of the ramp when the span is one address; by
    /// value mod N; in `print_latex`'s greys; or plain), masked cells in [`MASKED_RGBA`], the
    /// gaps between blocks transparent. Up to 2^20 cells on every edit, so the ramp is a table
    /// of `RAMP_STEPS` colours, read with one integer multiplication.
    pub fn image(&self) -> Image {
        // each colouring's colours as a table, built once per image, not per cell
        let table = |n: usize, colour: &dyn Fn(usize) -> [u8; 4]| -> Vec<[u8; 4]> {
            (0..n).map(colour).collect()
        };
        let (lo, hi) = self.span.unwrap_or((0, 0));
        match self.colouring {
            Colouring::Address if hi == lo => self.paint(|_| ramp(0.5)),
            Colouring::Address => {
                let ramp = table(RAMP_STEPS, &|k| ramp(k as f64 / (RAMP_STEPS - 1) as f64));
                let step = Scaled::new((RAMP_STEPS - 1) as u64, hi.abs_diff(lo));
                self.paint(|a| ramp[(step.of(a.abs_diff(lo)) as usize).min(RAMP_STEPS - 1)])
            }
            Colouring::Modulo(n) => {
                let n = n.max(2);
                let classes = table(n as usize, &|r| {
                    ramp(crate::draw::colouring::spread(r as i64, n) as f64 / (n - 1) as f64)
                });
                self.paint(|a| classes[a.rem_euclid(n) as usize])
            }
            Colouring::Latex => {
                let greys = table(8, &|k| {
                    let [r, g, b] = Swatch::Grey(k as u8).rgb().unwrap_or([255; 3]);
                    [r, g, b, 255]
                });
                self.paint(|a| greys[a.rem_euclid(8) as usize])
            }
            Colouring::Threads => {
                let colours = table(8, &|k| {
                    let [r, g, b] = TV_COLOURS[k];
                    [r, g, b, 255]
                });
                self.paint(|a| colours[a.rem_euclid(8) as usize])
            }
            Colouring::Plain => self.paint(|_| [255, 255, 255, 255]),
            Colouring::Mask | Colouring::Origin => self.paint(|_| VALID_RGBA),
        }
    }

    /// The image with each valid cell in `colour(address)`.
    fn paint(&self, colour: impl Fn(i64) -> [u8; 4]) -> Image {
        // no cells: an empty dimension, whose extent the others may make huge
        let (w, h) = match self.addresses.is_empty() {
            true => (0, 0),
            false => extent(&self.shape),
        };
        let (width, height) = (w.max(0) as usize, h.max(0) as usize);
        let mut pixels = vec![[0u8; 4]; width * height];
        for_each_row(&self.shape, |index, x, y, len| {
            let at = y as usize * width + x as usize;
            let row = pixels[at..at + len].iter_mut();
            for (pixel, &a) in row.zip(&self.addresses[index..index + len]) {
                *pixel = if a == MASKED { MASKED_RGBA } else { colour(a) };
            }
        });
        Image {
            width: width as u32,
            height: height as u32,
            rgba: pixels.into_flattened(),
        }
    }

    /// What the canvas says of the hovered cell `index` (its coordinate, the cell of each view
    /// it passes through, its address and how many cells read it), or else of the addresses
    /// `range` hovered in the memory strip (how many cells read them).
    pub fn describe(
        &self,
        tracker: &ShapeTracker,
        index: Option<usize>,
        range: Option<(i64, i64)>,
    ) -> Option<String> {
        let Some(index) = index else {
            let (first, last) = range?;
            let which = if first == last {
                format!("address {first}")
            } else {
                format!("addresses {first}..={last}")
            };
            let readers = self.reading(first, last, usize::MAX).len();
            return Some(format!("{which} ← read by {readers} cell(s)"));
        };
        let coord = engine::coord_from_index(&self.shape, index as i64);
        let chain = super::stack_grid::chain_of(tracker, &coord);
        let address = self.address(index);
        let shapes: Vec<&[i64]> = tracker.views().iter().map(|v| v.shape()).collect();
        let path = super::stack_grid::path_text(&coord, &chain, &shapes, address);
        Some(match address {
            Some(_) => format!(
                "{path}; {} cell(s) read it",
                self.aliases(index, usize::MAX).len()
            ),
            None => path,
        })
    }

    /// One view's own grid: each cell's output (the index into the view below, or the buffer
    /// address for the innermost view).
    ///
    /// # Errors
    /// `TooLarge` above [`MAX_CANVAS_CELLS`] cells.
    pub fn of_view(view: &engine::View) -> Result<LargeGrid, LayoutError> {
        let tracker = ShapeTracker::from_views(vec![view.clone()])?;
        LargeGrid::of(&tracker)
    }

    /// How many cells read each of `buckets` equal slices of the valid address span (a slice
    /// per address when the span is small).
    pub fn bucket_counts(&self, buckets: usize) -> Vec<u32> {
        let Some((lo, hi)) = self.span else {
            return Vec::new();
        };
        let span = u128::from(hi.abs_diff(lo)) + 1;
        let n = (buckets as u128).min(span).max(1) as usize;
        let mut counts = vec![0u32; n];
        // Bucket `b` holds the offsets `d` from `lo` with `d * n / span == b`: from
        // `ceil(b * span / n)` to the next bucket's start. Cells next to each other mostly read
        // addresses in one bucket, or in the next (a transpose), so each address is tested
        // against the last one's bucket and then the next, and a run in one bucket is counted
        // in a register. Elsewhere a fixed-point estimate of `d * n / span` is made exact with
        // the bounds (a 64-bit division per address is slow, a 128-bit one a library call in
        // wasm, and a canvas grid has up to 2^20 addresses). Plain loops: the release build
        // optimizes for size and would call a closure per address.
        let last = hi.abs_diff(lo);
        let scaled = Scaled::new(n as u64, last.max(1));
        // each bucket's first and last offset (below `span`, as `b < n <= span`: within u64);
        // the last bucket takes any offset above the span too
        let start = |b: usize| (b as u128 * span).div_ceil(n as u128) as u64;
        let bounds: Vec<(u64, u64)> = (0..n)
            .map(|b| {
                (
                    start(b),
                    if b + 1 < n {
                        start(b + 1) - 1
                    } else {
                        u64::MAX
                    },
                )
            })
            .collect();
        let (mut b, (mut first, mut final_)) = (0, bounds[0]);
        let mut run = 0u32;
        for &a in &self.addresses {
            if a == MASKED {
                continue;
            }
            let d = a.abs_diff(lo);
            if d < first || d > final_ {
                counts[b] = counts[b].saturating_add(run);
                run = 0;
                if d > final_ && d <= bounds.get(b + 1).map_or(0, |next| next.1) {
                    b += 1;
                } else {
                    b = (scaled.of(d.min(last)) as usize).min(n - 1);
                    while d < bounds[b].0 {
                        b -= 1;
                    }
                    while d > bounds[b].1 {
                        b += 1;
                    }
                }
                (first, final_) = bounds[b];
            }
            run = run.saturating_add(1);
        }
        counts[b] = counts[b].saturating_add(run);
        counts
    }

    /// The addresses `[first, last]` of bucket `b` of `n` (as in [`LargeGrid::bucket_counts`]).
    pub fn bucket_range(&self, b: usize, n: usize) -> Option<(i64, i64)> {
        let (lo, hi) = self.span?;
        let span = u128::from(hi.abs_diff(lo)) + 1;
        let n = (n as u128).min(span).max(1);
        let first = lo as i128 + (b as u128 * span).div_ceil(n) as i128;
        let last = lo as i128 + ((b as u128 + 1) * span).div_ceil(n) as i128 - 1;
        Some((i64::try_from(first).ok()?, i64::try_from(last).ok()?))
    }

    /// The cells whose address lies in `[first, last]` (at most `limit`).
    pub fn reading(&self, first: i64, last: i64, limit: usize) -> Vec<usize> {
        self.addresses
            .iter()
            .enumerate()
            .filter(|&(_, &a)| a != MASKED && (first..=last).contains(&a))
            .map(|(i, _)| i)
            .take(limit)
            .collect()
    }

    /// The cells reading the same address as cell `index` (at most `limit` of them).
    pub fn aliases(&self, index: usize, limit: usize) -> Vec<usize> {
        let Some(address) = self.address(index) else {
            return Vec::new();
        };
        self.addresses
            .iter()
            .enumerate()
            .filter(|(_, &a)| a == address)
            .map(|(i, _)| i)
            .take(limit)
            .collect()
    }
}

#[cfg(test)]
mod tests;
