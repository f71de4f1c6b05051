//! Grids too large for DOM cells, drawn on a canvas: the composed addresses of up to
//! [`MAX_CANVAS_CELLS`] cells, and where each cell sits in the same nested-block arrangement
//! the DOM grid uses (rank 1 a row, rank 2 a grid, rows of blocks at odd rank >= 3, columns of
//! blocks at even rank), with a one-cell gap between blocks.

use crate::engine::view::checked_product;
use crate::engine::{LayoutError, ShapeTracker};

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

/// Calls `f(index, x, y)` for every cell of `shape` in row-major order, placed as [`position`]
/// places it, with one coordinate buffer for all cells (a canvas has up to 2^20 of them).
pub fn for_each_position(shape: &[i64], mut f: impl FnMut(usize, i64, i64)) {
    if shape.iter().any(|&d| d <= 0) {
        return;
    }
    let mut coord = vec![0i64; shape.len()];
    let mut index = 0;
    loop {
        let (x, y) = position(shape, &coord);
        f(index, x, y);
        index += 1;
        let mut k = shape.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            coord[k] += 1;
            if coord[k] < shape[k] {
                break;
            }
            coord[k] = 0;
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
    crate::engine::index_from_coord(shape, coord) as usize
}

/// The composed addresses of a large stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LargeGrid {
    pub shape: Vec<i64>,
    /// Row-major; `None` where masked.
    pub addresses: Vec<Option<i64>>,
    /// `(lowest, highest)` valid address.
    pub span: Option<(i64, i64)>,
}

impl LargeGrid {
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
        let mut span: Option<(i64, i64)> = None;
        for a in addresses.iter().flatten() {
            span = Some(span.map_or((*a, *a), |(lo, hi)| (lo.min(*a), hi.max(*a))));
        }
        Ok(LargeGrid {
            shape: tracker.shape().to_vec(),
            addresses,
            span,
        })
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
        let coord = crate::engine::coord_from_index(&self.shape, index as i64);
        let chain = super::stack_grid::chain_of(tracker, &coord);
        let address = self.addresses.get(index).copied().flatten();
        let path = super::stack_grid::path_text(&coord, &chain, address);
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
    pub fn of_view(view: &crate::engine::View) -> Result<LargeGrid, LayoutError> {
        let tracker = ShapeTracker::from_views(vec![view.clone()])?;
        LargeGrid::of(&tracker)
    }

    /// How many cells read each of `buckets` equal slices of the valid address span (a slice
    /// per address when the span is small).
    pub fn bucket_counts(&self, buckets: usize) -> Vec<u32> {
        let Some((lo, hi)) = self.span else {
            return Vec::new();
        };
        let span = (hi - lo) as u128 + 1;
        let n = (buckets as u128).min(span).max(1) as usize;
        let mut counts = vec![0u32; n];
        for a in self.addresses.iter().flatten() {
            let b = ((*a - lo) as u128 * n as u128 / span) as usize;
            counts[b.min(n - 1)] = counts[b.min(n - 1)].saturating_add(1);
        }
        counts
    }

    /// The addresses `[first, last]` of bucket `b` of `n` (as in [`LargeGrid::bucket_counts`]).
    pub fn bucket_range(&self, b: usize, n: usize) -> Option<(i64, i64)> {
        let (lo, hi) = self.span?;
        let span = (hi - lo) as u128 + 1;
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
    use crate::engine::{MovementOp, RowMajor};

    #[test]
    fn positions_match_the_block_arrangement_and_invert() {
        for shape in [
            vec![5],
            vec![3, 4],
            vec![2, 3, 4],
            vec![2, 2, 3, 4],
            vec![3, 2, 2, 2, 2],
        ] {
            let (w, h) = extent(&shape);
            let mut placed = Vec::new();
            for_each_position(&shape, |index, x, y| placed.push((index, x, y)));
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
        // seed 004's transpose-then-reshape (memory 0 2 4 1 3 5): composed (1,0) is cell 2 of
        // the reshape, which is cell (0,2) of the transposed view, address 4
        let t = ShapeTracker::from_shape(&[3, 2]).unwrap();
        let t = t.apply(&MovementOp::Permute(vec![1, 0])).unwrap().0;
        let t = t.apply(&MovementOp::Reshape(vec![3, 2])).unwrap().0;
        let grid = LargeGrid::of(&t).unwrap();
        assert_eq!(
            grid.describe(&t, Some(2), None).as_deref(),
            Some("logical (1, 0) → view 1: cell 2 → view 0: cell 2 → valid, address 4; 1 cell(s) read it")
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
