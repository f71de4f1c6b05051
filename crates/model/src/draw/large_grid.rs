//! Grids too large for DOM cells, drawn on a canvas: the composed addresses of up to
//! [`MAX_CANVAS_CELLS`] cells, and where each cell sits in the same nested-block arrangement
//! the DOM grid uses (rank 1 a row, rank 2 a grid, rows of blocks at odd rank >= 3, columns of
//! blocks at even rank), with a one-cell gap between blocks.

use super::colouring::{Colouring, Swatch, RAMP, TV_COLOURS};
use engine::view::checked_product;
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
    /// Row-major; `None` where masked.
    pub addresses: Vec<Option<i64>>,
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
        let addresses = tracker.offsets(MAX_CANVAS_CELLS)?;
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for address in &addresses {
            if let Some(a) = *address {
                lo = lo.min(a);
                hi = hi.max(a);
            }
        }
        let span = (lo <= hi).then_some((lo, hi));
        Ok(LargeGrid {
            shape: tracker.shape().to_vec(),
            addresses,
            span,
            colouring: Colouring::Address,
        })
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
            for (pixel, address) in row.zip(&self.addresses[index..index + len]) {
                *pixel = match *address {
                    None => MASKED_RGBA,
                    Some(a) => colour(a),
                };
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
        let address = self.addresses.get(index).copied().flatten();
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
        // without a division per address where `span * n` fits in u64 (a 64-bit division is
        // slow, a 128-bit one a library call in wasm, and a canvas grid has up to 2^20
        // addresses): a fixed-point estimate, made exact by comparing multiples. Plain loops:
        // the release build optimizes for size and would call a closure per address.
        let fast = u64::try_from(span).ok().and_then(|span| {
            span.checked_mul(n as u64)
                .map(|_| (span, Scaled::new(n as u64, span)))
        });
        for address in &self.addresses {
            let Some(a) = *address else { continue };
            let d = a.abs_diff(lo);
            let b = match fast {
                Some((span, scaled)) => {
                    let (dn, mut q) = (d * n as u64, scaled.of(d));
                    while q * span > dn {
                        q -= 1;
                    }
                    while (q + 1) * span <= dn {
                        q += 1;
                    }
                    q as usize
                }
                None => (u128::from(d) * n as u128 / span) as usize,
            };
            let b = b.min(n - 1);
            counts[b] = counts[b].saturating_add(1);
        }
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
            .filter(|(_, a)| a.is_some_and(|a| (first..=last).contains(&a)))
            .map(|(i, _)| i)
            .take(limit)
            .collect()
    }

    /// The cells reading the same address as cell `index` (at most `limit` of them).
    pub fn aliases(&self, index: usize, limit: usize) -> Vec<usize> {
        let Some(Some(address)) = self.addresses.get(index) else {
            return Vec::new();
        };
        self.addresses
            .iter()
            .enumerate()
            .filter(|(_, a)| **a == Some(*address))
            .map(|(i, _)| i)
            .take(limit)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{MovementOp, RowMajor};

    #[test]
    fn positions_match_the_block_arrangement_and_invert() {
        for shape in [
            vec![5],
            vec![3, 4],
            vec![2, 3, 4],
            vec![2, 2, 3, 4],
            vec![3, 2, 2, 2, 2],
            vec![2, 3, 1, 2, 3, 2],
            vec![],
        ] {
            let (w, h) = extent(&shape);
            let mut placed = Vec::new();
            for_each_row(&shape, |index, x, y, len| {
                for i in 0..len {
                    placed.push((index + i, x + i as i64, y));
                }
            });
            let expected: Vec<(usize, i64, i64)> = RowMajor::new(&shape)
                .enumerate()
                .map(|(index, coord)| {
                    let (x, y) = position(&shape, &coord);
                    (index, x, y)
                })
                .collect();
            assert_eq!(placed, expected, "{shape:?}");
            let mut seen = std::collections::HashSet::new();
            for coord in RowMajor::new(&shape) {
                let (x, y) = position(&shape, &coord);
                assert!(
                    (0..w).contains(&x) && (0..h).contains(&y),
                    "{shape:?} {coord:?}"
                );
                assert!(seen.insert((x, y)), "two cells at one place");
                assert_eq!(cell_at(&shape, x, y), Some(coord.clone()));
            }
            let cells = shape.iter().product::<i64>() as usize;
            let gaps = (0..w)
                .flat_map(|x| (0..h).map(move |y| (x, y)))
                .filter(|&(x, y)| cell_at(&shape, x, y).is_none());
            assert_eq!(gaps.count() + cells, (w * h) as usize);
        }
        assert_eq!(
            extent(&[2, 3, 4]),
            (9, 3),
            "a row of two 3x4 blocks with a gap"
        );
        assert_eq!(extent(&[2, 2, 3, 4]), (9, 7), "two such rows with a gap");
        assert_eq!(cell_at(&[2, 3, 4], 4, 0), None, "the gap");
    }

    #[test]
    fn memory_buckets_cover_the_span() {
        let t = ShapeTracker::from_shape(&[4, 5]).unwrap();
        let t = t.apply(&MovementOp::Stride(vec![1, 2])).unwrap().0; // every other column
        let grid = LargeGrid::of(&t).unwrap();
        assert_eq!(grid.span, Some((0, 19)));
        let counts = grid.bucket_counts(100);
        assert_eq!(
            counts.len(),
            20,
            "one bucket per address when the span is small"
        );
        assert_eq!(counts.iter().sum::<u32>(), 12);
        assert_eq!((counts[0], counts[1]), (1, 0));
        let coarse = grid.bucket_counts(4);
        assert_eq!(coarse.iter().sum::<u32>(), 12);
        let ranges: Vec<(i64, i64)> = (0..4).map(|b| grid.bucket_range(b, 4).unwrap()).collect();
        assert_eq!(ranges, vec![(0, 4), (5, 9), (10, 14), (15, 19)]);
        assert_eq!(grid.reading(0, 4, 100).len(), coarse[0] as usize);
    }

    #[test]
    fn the_image_colours_each_cell_by_its_address_and_leaves_the_gaps_clear() {
        // a masked, strided stack of rank 3: blocks with gaps between them
        let t = ShapeTracker::from_shape(&[2, 3, 4]).unwrap();
        let t = t
            .apply(&MovementOp::Pad(vec![(0, 0), (1, 0), (0, 1)]))
            .unwrap()
            .0;
        let grid = LargeGrid::of(&t).unwrap();
        let (lo, hi) = grid.span.unwrap();
        let image = grid.image();
        let (w, h) = extent(&grid.shape);
        assert_eq!((image.width as i64, image.height as i64), (w, h));
        assert_eq!(image.rgba.len(), (w * h * 4) as usize);
        let pixel = |x: i64, y: i64| {
            let at = ((y * w + x) * 4) as usize;
            [
                image.rgba[at],
                image.rgba[at + 1],
                image.rgba[at + 2],
                image.rgba[at + 3],
            ]
        };
        let mut cells = 0;
        for (index, coord) in RowMajor::new(&grid.shape).enumerate() {
            let (x, y) = position(&grid.shape, &coord);
            let expected = match grid.addresses[index] {
                None => MASKED_RGBA,
                Some(a) => ramp((a - lo) as f64 / (hi - lo) as f64),
            };
            // the table is a few steps of the ramp away at most: a channel moves by under 0.2 per step
            let got = pixel(x, y);
            assert!(
                (0..4).all(|c| got[c].abs_diff(expected[c]) <= 1),
                "{coord:?}: {got:?} against {expected:?}"
            );
            cells += 1;
        }
        let clear = image.rgba.chunks(4).filter(|p| p[3] == 0).count();
        assert_eq!(
            clear + cells,
            (w * h) as usize,
            "every pixel not a cell is a gap"
        );
        assert!(clear > 0);
        assert_eq!(pixel(0, 0), MASKED_RGBA, "the padded row");
        // the lowest and highest addresses get the ramp's ends
        let ends: Vec<[u8; 4]> = [lo, hi]
            .iter()
            .map(|&a| {
                let index = grid.addresses.iter().position(|&x| x == Some(a)).unwrap();
                let coord = engine::coord_from_index(&grid.shape, index as i64);
                let (x, y) = position(&grid.shape, &coord);
                pixel(x, y)
            })
            .collect();
        assert_eq!(ends, vec![ramp(0.0), ramp(1.0)]);
        // one address: the middle of the ramp
        let one = LargeGrid::of(&ShapeTracker::from_shape(&[1]).unwrap()).unwrap();
        assert_eq!(one.image().rgba, ramp(0.5).to_vec());
        // the other colourings, on the addresses 0..8 and a masked cell
        let mut eight = LargeGrid::of(&ShapeTracker::from_shape(&[8]).unwrap()).unwrap();
        eight.addresses[7] = None;
        let pixels = |g: &LargeGrid| -> Vec<[u8; 4]> {
            g.image()
                .rgba
                .chunks(4)
                .map(|p| [p[0], p[1], p[2], p[3]])
                .collect()
        };
        eight.colouring = Colouring::Modulo(4);
        let modulo = pixels(&eight);
        assert_eq!(modulo[5], ramp(1.0 / 3.0));
        assert_eq!(modulo[1], modulo[5]);
        assert_eq!(modulo[7], MASKED_RGBA);
        eight.colouring = Colouring::Latex;
        assert_eq!(pixels(&eight)[3], [102, 102, 102, 255]);
        eight.colouring = Colouring::Mask;
        assert_eq!(pixels(&eight)[0], VALID_RGBA);
        // no cells, though the other dimensions' extent is 99,999 x 100,000
        let empty = LargeGrid {
            shape: vec![100_000, 100_000, 0],
            addresses: Vec::new(),
            span: None,
            colouring: Colouring::Address,
        };
        assert_eq!(
            empty.image(),
            Image {
                width: 0,
                height: 0,
                rgba: Vec::new()
            }
        );
    }

    #[test]
    fn memory_buckets_match_exact_division_at_any_span() {
        // spans whose `(hi - lo) * n` fits in u64 and spans where it does not, up to all of i64
        for (lo, hi) in [
            (0, 19),
            (-7, 1 << 40),
            (3, i64::MAX / 1000),
            (0, i64::MAX),
            (i64::MIN, i64::MAX),
            (i64::MIN, -1),
        ] {
            let step = (hi as i128 - lo as i128) / 97;
            let addresses: Vec<Option<i64>> = (0..=97)
                .map(|k| Some((lo as i128 + k * step) as i64))
                .chain([Some(hi), None])
                .collect();
            let grid = LargeGrid {
                shape: vec![addresses.len() as i64],
                addresses,
                span: Some((lo, hi)),
                colouring: Colouring::Address,
            };
            for buckets in [1, 7, 960] {
                let span = (hi as i128 - lo as i128 + 1) as u128;
                let n = (buckets as u128).min(span) as usize;
                let mut expected = vec![0u32; n];
                for a in grid.addresses.iter().flatten() {
                    let b = ((*a as i128 - lo as i128) as u128 * n as u128 / span) as usize;
                    expected[b.min(n - 1)] += 1;
                }
                assert_eq!(grid.bucket_counts(buckets), expected, "{lo} {hi} {buckets}");
                let ranges: Vec<(i64, i64)> =
                    (0..n).map(|b| grid.bucket_range(b, n).unwrap()).collect();
                assert_eq!((ranges[0].0, ranges[n - 1].1), (lo, hi));
                assert!(
                    ranges.windows(2).all(|w| w[1].0 == w[0].1 + 1),
                    "{ranges:?}"
                );
            }
        }
    }

    #[test]
    fn addresses_are_the_stacks_row_major_offsets() {
        // a padded, flipped, transposed stack of three views
        let mut t = ShapeTracker::from_shape(&[6, 10]).unwrap();
        for op in [
            MovementOp::Pad(vec![(1, 2), (0, 3)]),
            MovementOp::Flip(vec![false, true]),
            MovementOp::Reshape(vec![9, 13]),
            MovementOp::Permute(vec![1, 0]),
            MovementOp::Reshape(vec![117]),
        ] {
            t = t.apply(&op).unwrap().0;
        }
        let grid = LargeGrid::of(&t).unwrap();
        let expected: Vec<Option<i64>> = RowMajor::new(t.shape())
            .map(|coord| t.offset_from_coord(&coord))
            .collect();
        assert!(expected.iter().any(Option::is_none) && expected.iter().any(Option::is_some));
        assert_eq!(grid.addresses, expected);
    }

    #[test]
    fn the_hover_description_follows_a_cell_through_the_views() {
        // tinygrad's ShapeTracker notes' transpose-then-reshape (memory 0 2 4 1 3 5): composed
        // (1,0) is (1,0) of the reshape, which is cell (0,2) of the transposed view, address 4
        let t = ShapeTracker::from_shape(&[3, 2]).unwrap();
        let t = t.apply(&MovementOp::Permute(vec![1, 0])).unwrap().0;
        let t = t.apply(&MovementOp::Reshape(vec![3, 2])).unwrap().0;
        let grid = LargeGrid::of(&t).unwrap();
        assert_eq!(
            grid.describe(&t, Some(2), None).as_deref(),
            Some("logical (1, 0) → view 1: (1, 0) → view 0: (0, 2) → valid, address 4; 1 cell(s) read it")
        );
        assert_eq!(
            grid.describe(&t, None, Some((1, 3))).as_deref(),
            Some("addresses 1..=3 ← read by 3 cell(s)")
        );
        assert_eq!(grid.describe(&t, None, None), None);
    }

    #[test]
    fn a_million_cells_and_their_aliases() {
        let t = ShapeTracker::from_shape(&[1, 1024]).unwrap();
        let t = t.apply(&MovementOp::Expand(vec![1024, 1024])).unwrap().0;
        let grid = LargeGrid::of(&t).unwrap();
        assert_eq!(grid.addresses.len(), 1 << 20);
        assert_eq!(grid.span, Some((0, 1023)));
        assert_eq!(grid.aliases(5, 10).len(), 10);
        assert_eq!(
            grid.aliases(5, usize::MAX).len(),
            1024,
            "stride 0 over 1024 rows"
        );
        let too_big = ShapeTracker::from_shape(&[2048, 1024]).unwrap();
        assert!(LargeGrid::of(&too_big).is_err());
    }
}
