//! What the Views page draws for a view stack: every view's own cells, the composed logical
//! grid, the memory strip, and which cells light together. Computed once per stack; the UI
//! only reads it.

use engine::support::sorted::SortedSet;

use engine::view::checked_product;
use engine::{LayoutError, RowMajor, ShapeTracker};

use super::colouring::Swatch;
use super::large_grid::index_of;

/// Most cells drawn as DOM nodes in one grid.
pub const MAX_DRAWN_CELLS: usize = 1024;

/// Most cells of a view stack's grids drawn as DOM nodes on the Views page; larger stacks are
/// drawn on canvases, which redraw in one frame where an edit of 1,024 DOM cells (and their
/// memory strip) took two. Their table view lists cells up to [`MAX_DRAWN_CELLS`].
pub const MAX_DOM_CELLS: usize = 256;

/// Whether the Views page draws `tracker`'s grids as DOM cells: the composed grid and every
/// view's own grid have at most [`MAX_DOM_CELLS`] cells (decided from the shapes alone, so a
/// stack drawn on canvases never builds its DOM grids).
pub fn drawn_in_dom(tracker: &ShapeTracker) -> bool {
    every_grid_within(tracker, MAX_DOM_CELLS)
}

/// Whether the table view lists `tracker`'s cells: its grids can be built
/// ([`StackGrid::of`]'s limit, [`MAX_DRAWN_CELLS`] per grid).
pub fn in_table(tracker: &ShapeTracker) -> bool {
    every_grid_within(tracker, MAX_DRAWN_CELLS)
}

/// Whether the composed grid and every view's own grid have at most `limit` cells.
fn every_grid_within(tracker: &ShapeTracker, limit: usize) -> bool {
    let within =
        |shape: &[i64]| checked_product(shape).is_ok_and(|n| n >= 0 && n as u128 <= limit as u128);
    within(tracker.shape()) && tracker.views().iter().all(|v| within(v.shape()))
}

/// What the Views page says above the canvases that draw `tracker`: how many cells, and
/// whether the table view still lists them.
pub fn canvas_note(tracker: &ShapeTracker) -> String {
    let cells = |shape: &[i64]| checked_product(shape).unwrap_or(0).max(0);
    let views = tracker.views().iter().map(|v| cells(v.shape()));
    let largest = views.fold(cells(tracker.shape()), i64::max);
    let table = match in_table(tracker) {
        true => "; the table view lists every cell",
        false => "",
    };
    format!("{largest} cells in the largest grid: drawn on canvases (DOM cells up to {MAX_DOM_CELLS} per grid){table}.")
}

/// One cell of a grid: where it is, what it shows, how it is coloured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Row-major position in its grid's shape.
    pub index: usize,
    /// Its coordinate in the grid's shape, one entry per axis.
    pub coord: Vec<i64>,
    /// What the cell shows: the buffer address for the composed grid and `views[0]`, the index
    /// into the previous view for later views; `None` where masked.
    pub value: Option<i64>,
    /// The tile the cell belongs to, where a page colours tiles (the algebra workbench).
    pub tile: Option<usize>,
    /// What the cell shows instead of its value (a layout's index or coordinate), if any.
    pub label: Option<String>,
    /// Its colour, where the page's [`Colouring`](super::colouring::Colouring) gives one.
    pub swatch: Option<Swatch>,
}

impl Cell {
    /// A cell with no tile and no label.
    pub fn new(index: usize, coord: Vec<i64>, value: Option<i64>) -> Cell {
        Cell {
            index,
            coord,
            value,
            tile: None,
            label: None,
            swatch: None,
        }
    }
}

/// A grid of cells over a shape: rank 1 a row, rank 2 rows and columns, higher ranks blocks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grid {
    /// The grid's shape.
    pub shape: Vec<i64>,
    /// Every cell, row-major.
    pub cells: Vec<Cell>,
    /// Labels along the axes, where they say more than the position.
    pub axes: Option<Axes>,
}

/// Labels of a grid's rows, columns and blocks: a layout's hierarchical coordinates along its
/// modes, for instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Axes {
    /// One per row (the second-to-last axis); empty for a single row.
    pub rows: Vec<String>,
    /// One per column (the last axis).
    pub cols: Vec<String>,
    /// For each block axis, outermost first, one label per block.
    pub blocks: Vec<Vec<String>>,
}

/// One address of the memory strip and who reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryCell {
    /// The buffer address.
    pub address: i64,
    /// Composed logical cells reading this address (several under stride 0).
    pub readers: Vec<usize>,
    /// Its colour, as the grid's cells are coloured.
    pub swatch: Option<Swatch>,
}

/// A hovered or focused cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hover {
    /// A cell of the composed logical grid.
    Logical(usize),
    /// Cell `1` of view `0`'s own grid.
    View(usize, usize),
    /// An address of the memory strip.
    Memory(i64),
}

/// The cells lit by a hover, in every grid.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Lit {
    /// Cells of the composed grid.
    pub logical: SortedSet<usize>,
    /// Cells of each view's own grid, innermost view first.
    pub views: Vec<SortedSet<usize>>,
    /// Addresses of the memory strip.
    pub memory: SortedSet<i64>,
}

/// What the Views page draws for a view stack: the composed grid, each view's grid, the
/// memory strip, and the chains that light together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StackGrid {
    /// The composed grid: the stack's shape, cells showing buffer addresses.
    pub logical: Grid,
    /// Each view's own grid, innermost first.
    pub views: Vec<Grid>,
    /// For each composed cell, the cell of each view its address passes through.
    pub chains: Vec<Vec<Option<usize>>>,
    /// Every address from the lowest to the highest valid one (a window of at most
    /// [`MAX_DRAWN_CELLS`] from the lowest).
    pub memory: Vec<MemoryCell>,
    /// `(lowest, highest)` valid address; `None` when every cell is masked.
    pub span: Option<(i64, i64)>,
}

/// The lowest and highest value of `cells` (masked ones have none).
pub(super) fn value_span(cells: &[Cell]) -> Option<(i64, i64)> {
    let values = || cells.iter().filter_map(|c| c.value);
    values().min().zip(values().max())
}

/// The memory strip of `cells`: every address from `floor` (or the lowest valid one, if lower)
/// to the highest, at most [`MAX_DRAWN_CELLS`] of them, each with its readers; and the span.
fn memory_of(cells: &[Cell], floor: Option<i64>) -> (Vec<MemoryCell>, Option<(i64, i64)>) {
    let span = value_span(cells).map(|(lo, hi)| (floor.map_or(lo, |f| lo.min(f)), hi));
    let memory = span.map_or_else(Vec::new, |(lo, hi)| {
        let last = hi.min(lo.saturating_add(MAX_DRAWN_CELLS as i64 - 1));
        let mut memory: Vec<MemoryCell> = (lo..=last)
            .map(|address| MemoryCell {
                address,
                readers: Vec::new(),
                swatch: None,
            })
            .collect();
        for cell in cells {
            // An address past the window has no cell; the window starts at the lowest.
            let slot = cell
                .value
                .and_then(|a| usize::try_from(a.checked_sub(lo)?).ok());
            if let Some(m) = slot.and_then(|k| memory.get_mut(k)) {
                m.readers.push(cell.index);
            }
        }
        memory
    });
    (memory, span)
}

fn too_large(what: &'static str, size: i64) -> LayoutError {
    LayoutError::TooLarge {
        what,
        size: size.max(0) as u128,
        limit: MAX_DRAWN_CELLS as u128,
    }
}

impl StackGrid {
    /// # Errors
    /// `TooLarge` when the composed grid or a view's grid has more than [`MAX_DRAWN_CELLS`]
    /// cells.
    pub fn of(tracker: &ShapeTracker) -> Result<StackGrid, LayoutError> {
        let views = tracker.views();
        for view in views {
            let size = view.size()?;
            if size as u128 > MAX_DRAWN_CELLS as u128 {
                return Err(too_large("a view of the stack", size));
            }
        }
        let size = checked_product(tracker.shape())?;
        if size as u128 > MAX_DRAWN_CELLS as u128 {
            return Err(too_large("the composed view", size));
        }
        let view_grids: Vec<Grid> = views
            .iter()
            .map(|view| Grid {
                shape: view.shape().to_vec(),
                cells: RowMajor::new(view.shape())
                    .enumerate()
                    .map(|(index, coord)| {
                        let value = view.offset_from_coord(&coord);
                        Cell::new(index, coord, value)
                    })
                    .collect(),
                axes: None,
            })
            .collect();
        let last = views.len() - 1;
        let mut chains = Vec::new();
        let mut cells = Vec::new();
        for (index, coord) in RowMajor::new(tracker.shape()).enumerate() {
            let mut chain = vec![None; views.len()];
            chain[last] = Some(index);
            let mut value = view_grids[last].cells[index].value;
            for k in (0..last).rev() {
                let Some(v) = value else { break };
                let size = view_grids[k].cells.len() as i64;
                if !(0..size).contains(&v) {
                    // An address outside the inner view: the stack wraps it row-major.
                    let coord = engine::view::merge::unravel(views[k].shape(), v);
                    let j = index_of(views[k].shape(), &coord);
                    chain[k] = Some(j);
                    value = view_grids[k].cells[j].value;
                    continue;
                }
                chain[k] = Some(v as usize);
                value = view_grids[k].cells[v as usize].value;
            }
            chains.push(chain);
            cells.push(Cell::new(index, coord, value));
        }
        let (memory, span) = memory_of(&cells, None);
        Ok(StackGrid {
            logical: Grid {
                shape: tracker.shape().to_vec(),
                cells,
                axes: None,
            },
            views: view_grids,
            chains,
            memory,
            span,
        })
    }

    /// One grid of `cells` (no views behind it) with its memory strip, which starts at `floor`
    /// when given (a layout's codomain starts at 0).
    pub fn single(shape: Vec<i64>, cells: Vec<Cell>, floor: Option<i64>) -> StackGrid {
        let (memory, span) = memory_of(&cells, floor);
        let n = cells.len();
        StackGrid {
            logical: Grid {
                shape,
                cells,
                axes: None,
            },
            views: Vec::new(),
            chains: vec![Vec::new(); n],
            memory,
            span,
        }
    }

    /// Whether the memory strip shows only a window of the span.
    pub fn memory_is_windowed(&self) -> bool {
        self.span
            .is_some_and(|(lo, hi)| (hi - lo) as u128 + 1 > self.memory.len() as u128)
    }

    /// What the page says of a hovered cell: a composed cell's path through the views, a view
    /// cell's coordinate in its view, value and readers, or an address's readers.
    pub fn describe(&self, hover: Hover) -> Option<String> {
        match hover {
            Hover::Logical(i) => {
                let cell = self.logical.cells.get(i)?;
                let shapes: Vec<&[i64]> = self.views.iter().map(|g| g.shape.as_slice()).collect();
                Some(path_text(
                    &cell.coord,
                    self.chains.get(i)?,
                    &shapes,
                    cell.value,
                ))
            }
            Hover::View(k, j) => {
                let view = self.views.get(k)?;
                let value = view.cells.get(j)?.value;
                Some(format!(
                    "view {k}: {} → {} ; read by {} logical cell(s)",
                    view_coord_text(&view.shape, j),
                    value.map_or("masked".to_string(), |v| v.to_string()),
                    self.lit(hover).logical.len()
                ))
            }
            Hover::Memory(a) => Some(format!(
                "address {a} ← read by {} logical cell(s)",
                self.lit(hover).logical.len()
            )),
        }
    }

    /// Everything linked to `hover`: the composed cells it selects, the cells of every view
    /// their addresses pass through, and their memory cells.
    pub fn lit(&self, hover: Hover) -> Lit {
        let selected: Vec<usize> = match hover {
            Hover::Logical(i) => vec![i],
            Hover::View(k, j) => (0..self.chains.len())
                .filter(|&i| self.chains[i].get(k) == Some(&Some(j)))
                .collect(),
            Hover::Memory(a) => self
                .logical
                .cells
                .iter()
                .filter(|c| c.value == Some(a))
                .map(|c| c.index)
                .collect(),
        };
        let mut lit = Lit {
            views: vec![SortedSet::new(); self.views.len()],
            ..Lit::default()
        };
        if let Hover::View(k, j) = hover {
            if let Some(set) = lit.views.get_mut(k) {
                set.insert(j);
            }
        }
        if let Hover::Memory(a) = hover {
            lit.memory.insert(a);
        }
        for i in selected {
            lit.logical.insert(i);
            for (k, step) in self.chains.get(i).into_iter().flatten().enumerate() {
                if let Some(j) = step {
                    lit.views[k].insert(*j);
                }
            }
            if let Some(a) = self.logical.cells.get(i).and_then(|c| c.value) {
                lit.memory.insert(a);
            }
        }
        lit
    }
}

/// `logical (1, 0) → view 1: (1, 0) → view 0: (0, 2) → valid, address 4`: a composed cell,
/// the cell of each view it passes through as a coordinate of that view's own shape
/// (outermost first, `–` past a mask) and its address. `chain` and `shapes` are innermost
/// first, one per view.
pub fn path_text(
    coord: &[i64],
    chain: &[Option<usize>],
    shapes: &[&[i64]],
    address: Option<i64>,
) -> String {
    let chain: Vec<String> = chain
        .iter()
        .zip(shapes)
        .enumerate()
        .rev()
        .map(|(k, (j, shape))| {
            let cell = j.map_or("–".to_string(), |j| view_coord_text(shape, j));
            format!("view {k}: {cell}")
        })
        .collect();
    let end = address.map_or("masked (valid = false)".to_string(), |a| {
        format!("valid, address {a}")
    });
    format!(
        "logical {} → {} → {end}",
        coord_text(coord),
        chain.join(" → ")
    )
}

/// `(1, 0)`: a coordinate as the hover texts write it.
fn coord_text(coord: &[i64]) -> String {
    let parts: Vec<String> = coord.iter().map(i64::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The coordinate of cell `index` (row-major) of a grid of `shape`.
fn view_coord_text(shape: &[i64], index: usize) -> String {
    coord_text(&engine::coord_from_index(shape, index as i64))
}

/// The cell of each view (innermost first) that the composed coordinate `coord` passes
/// through, `None` from where it is masked: the same walk as [`StackGrid::of`], for one cell.
pub fn chain_of(tracker: &ShapeTracker, coord: &[i64]) -> Vec<Option<usize>> {
    let views = tracker.views();
    let last = views.len() - 1;
    let mut chain = vec![None; views.len()];
    chain[last] = Some(index_of(views[last].shape(), coord));
    let mut value = views[last].offset_from_coord(coord);
    for k in (0..last).rev() {
        let Some(v) = value else { break };
        let inner = engine::view::merge::unravel(views[k].shape(), v);
        chain[k] = Some(index_of(views[k].shape(), &inner));
        value = views[k].offset_from_coord(&inner);
    }
    chain
}

/// A key that moves focus within a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// To the previous column.
    Left,
    /// To the next column.
    Right,
    /// To the previous row.
    Up,
    /// To the next row.
    Down,
}

impl Step {
    /// `ArrowLeft` … `ArrowDown`, as `KeyboardEvent.key` names them.
    pub fn from_key(key: &str) -> Option<Step> {
        match key {
            "ArrowLeft" => Some(Step::Left),
            "ArrowRight" => Some(Step::Right),
            "ArrowUp" => Some(Step::Up),
            "ArrowDown" => Some(Step::Down),
            _ => None,
        }
    }
}

/// The coordinate one step from `coord` in `shape`, `None` at the edge: left/right move within
/// a row (the last axis); up/down move along the axis before it and carry into the outer axes,
/// so focus walks down through nested blocks. A rank-1 grid is one row.
pub fn neighbor(shape: &[i64], coord: &[i64], step: Step) -> Option<Vec<i64>> {
    let rank = shape.len();
    let delta = if matches!(step, Step::Left | Step::Up) {
        -1
    } else {
        1
    };
    let mut next = coord.to_vec();
    match step {
        Step::Left | Step::Right => {
            let last = rank.checked_sub(1)?;
            next[last] += delta;
            (0..shape[last]).contains(&next[last]).then_some(next)
        }
        Step::Up | Step::Down => {
            let mut axis = rank.checked_sub(2)?;
            loop {
                next[axis] += delta;
                if (0..shape[axis]).contains(&next[axis]) {
                    return Some(next);
                }
                next[axis] = if delta > 0 { 0 } else { shape[axis] - 1 };
                axis = axis.checked_sub(1)?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::MovementOp;

    fn transposed_reshape() -> ShapeTracker {
        let t = ShapeTracker::from_shape(&[3, 2]).unwrap();
        let t = t.apply(&MovementOp::Permute(vec![1, 0])).unwrap().0;
        t.apply(&MovementOp::Reshape(vec![3, 2])).unwrap().0
    }

    #[test]
    fn stacks_up_to_256_cells_per_grid_are_drawn_in_the_dom() {
        let shape = |dims: &[i64]| ShapeTracker::from_shape(dims).unwrap();
        assert!(drawn_in_dom(&shape(&[16, 16])));
        assert!(!drawn_in_dom(&shape(&[16, 17])));
        assert!(!drawn_in_dom(&shape(&[32, 32])));
        assert!(drawn_in_dom(&shape(&[0, 1 << 40])));
        // a small window of a two-view stack: the inner view keeps its 4,096 cells
        let window = shape(&[64, 64])
            .apply(&MovementOp::Permute(vec![1, 0]))
            .and_then(|(t, _)| t.apply(&MovementOp::Reshape(vec![4096])))
            .and_then(|(t, _)| t.apply(&MovementOp::Shrink(vec![(0, 4)])))
            .unwrap()
            .0;
        assert_eq!((window.shape(), window.views().len()), (&[4][..], 2));
        assert!(!drawn_in_dom(&window));
        // the table view lists up to 1,024 cells per grid, canvases or not
        assert!(in_table(&shape(&[32, 32])) && !in_table(&shape(&[32, 33])));
        assert!(!in_table(&window));
        assert_eq!(
            canvas_note(&shape(&[32, 32])),
            "1024 cells in the largest grid: drawn on canvases (DOM cells up to 256 per grid); \
             the table view lists every cell."
        );
        assert_eq!(
            canvas_note(&window),
            "4096 cells in the largest grid: drawn on canvases (DOM cells up to 256 per grid)."
        );
        // a reshape that appends a view: the composed and the inner view are both counted
        let two = transposed_reshape();
        assert_eq!(two.views().len(), 2);
        assert!(drawn_in_dom(&two));
    }

    #[test]
    fn hovers_are_described_through_the_views() {
        // tinygrad's ShapeTracker notes' transpose-then-reshape: memory 0 2 4 1 3 5
        let g = StackGrid::of(&transposed_reshape()).unwrap();
        assert_eq!(
            g.describe(Hover::Logical(2)).as_deref(),
            Some("logical (1, 0) → view 1: (1, 0) → view 0: (0, 2) → valid, address 4")
        );
        assert_eq!(
            g.describe(Hover::View(0, 2)).as_deref(),
            Some("view 0: (0, 2) → 4 ; read by 1 logical cell(s)")
        );
        assert_eq!(
            g.describe(Hover::Memory(4)).as_deref(),
            Some("address 4 ← read by 1 logical cell(s)")
        );
        assert_eq!(g.describe(Hover::Logical(99)), None);
        assert_eq!(
            path_text(&[0, 1], &[None, Some(1)], &[&[4], &[2, 2]], None),
            "logical (0, 1) → view 1: (0, 1) → view 0: – → masked (valid = false)"
        );
        // each view's coordinate is in its own shape, not the composed one's
        assert_eq!(
            path_text(&[5], &[Some(5), Some(5)], &[&[2, 3], &[6]], Some(7)),
            "logical (5) → view 1: (5) → view 0: (1, 2) → valid, address 7"
        );
    }

    #[test]
    fn composed_grid_and_chains() {
        let grid = StackGrid::of(&transposed_reshape()).unwrap();
        let values: Vec<Option<i64>> = grid.logical.cells.iter().map(|c| c.value).collect();
        assert_eq!(values, [0, 2, 4, 1, 3, 5].map(Some).to_vec());
        // composed cell 1 = (0,1): index 1 of the outer view, index 1 of the permuted view
        assert_eq!(grid.chains[1], vec![Some(1), Some(1)]);
        assert_eq!(grid.views[0].cells[1].value, Some(2));
    }

    #[test]
    fn the_chain_of_one_cell_matches_the_grid() {
        let t = transposed_reshape();
        let grid = StackGrid::of(&t).unwrap();
        for cell in &grid.logical.cells {
            assert_eq!(chain_of(&t, &cell.coord), grid.chains[cell.index]);
        }
    }

    #[test]
    fn linking_across_three_grids() {
        let grid = StackGrid::of(&transposed_reshape()).unwrap();
        let lit = grid.lit(Hover::Memory(4));
        assert_eq!(lit.logical, SortedSet::from([2]));
        assert_eq!(lit.views[0], SortedSet::from([2]));
        assert_eq!(lit.views[1], SortedSet::from([2]));
        let lit = grid.lit(Hover::View(0, 3));
        assert_eq!(lit.memory, SortedSet::from([1]));
        assert_eq!(lit.logical, SortedSet::from([3]));
        // stride 0: one memory cell lights every reader
        let t = ShapeTracker::from_shape(&[1, 3]).unwrap();
        let t = t.apply(&MovementOp::Expand(vec![4, 3])).unwrap().0;
        let grid = StackGrid::of(&t).unwrap();
        assert_eq!(grid.lit(Hover::Memory(1)).logical.len(), 4);
    }

    #[test]
    fn arrow_keys_walk_rows_columns_and_blocks() {
        let shape = [2, 3, 4];
        assert_eq!(
            neighbor(&shape, &[0, 0, 0], Step::Right),
            Some(vec![0, 0, 1])
        );
        assert_eq!(
            neighbor(&shape, &[0, 0, 0], Step::Down),
            Some(vec![0, 1, 0])
        );
        assert_eq!(
            neighbor(&shape, &[0, 2, 1], Step::Down),
            Some(vec![1, 0, 1]),
            "into the next block"
        );
        assert_eq!(
            neighbor(&shape, &[0, 2, 3], Step::Right),
            None,
            "rows end at the edge"
        );
        assert_eq!(neighbor(&shape, &[0, 0, 0], Step::Up), None);
        assert_eq!(neighbor(&[5], &[4], Step::Right), None);
        assert_eq!(neighbor(&[5], &[4], Step::Left), Some(vec![3]));
        assert_eq!(neighbor(&[5], &[4], Step::Down), None, "rank 1 is one row");
        assert_eq!(
            neighbor(&shape, &[1, 0, 2], Step::Up),
            Some(vec![0, 2, 2]),
            "back into the block above"
        );
        assert_eq!(neighbor(&[], &[], Step::Left), None);
    }

    #[test]
    fn the_memory_strip_lists_each_address_of_its_window_with_its_readers() {
        let mut seed = 11u64;
        let mut next = |n: i64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) as i64 % n
        };
        for case in 0..300 {
            // Addresses with repeats, masked cells, negatives, and spans past the window.
            let scale = [1, 3, 700, 5_000][case % 4];
            let cells: Vec<Cell> = (0..next(40) as usize)
                .map(|i| {
                    let value = (next(5) > 0).then(|| next(scale) - scale / 4);
                    Cell::new(i, vec![i as i64], value)
                })
                .collect();
            let floor = [None, Some(0), Some(-3)][case % 3];
            let (memory, span) = memory_of(&cells, floor);
            let valid: Vec<i64> = cells.iter().filter_map(|c| c.value).collect();
            let Some(&lo) = valid.iter().min() else {
                assert_eq!((memory, span), (Vec::new(), None));
                continue;
            };
            let hi = *valid.iter().max().unwrap();
            let lo = floor.map_or(lo, |f| lo.min(f));
            assert_eq!(span, Some((lo, hi)));
            let last = hi.min(lo + MAX_DRAWN_CELLS as i64 - 1);
            let expected: Vec<MemoryCell> = (lo..=last)
                .map(|address| MemoryCell {
                    address,
                    readers: cells
                        .iter()
                        .filter(|c| c.value == Some(address))
                        .map(|c| c.index)
                        .collect(),
                    swatch: None,
                })
                .collect();
            assert_eq!(memory, expected, "case {case}");
        }
    }

    #[test]
    fn masks_and_limits() {
        let t = ShapeTracker::from_shape(&[2]).unwrap();
        let t = t.apply(&MovementOp::Pad(vec![(1, 1)])).unwrap().0;
        let grid = StackGrid::of(&t).unwrap();
        assert_eq!(grid.logical.cells[0].value, None);
        assert_eq!(grid.memory.len(), 2);
        let big = ShapeTracker::from_shape(&[100, 100]).unwrap();
        assert!(matches!(
            StackGrid::of(&big),
            Err(LayoutError::TooLarge { .. })
        ));
    }
}
