//! What the Views page draws for one view: its logical cells and its memory strip, and which
//! cells light together. Computed once per view; the UI only reads it.

use std::collections::BTreeMap;

use crate::engine::{LayoutError, RowMajor, View};

/// Most cells drawn as DOM nodes in one grid.
pub const MAX_DRAWN_CELLS: usize = 4096;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicalCell {
    /// Row-major position in the logical shape.
    pub index: usize,
    pub coord: Vec<i64>,
    /// Buffer address, `None` where masked.
    pub address: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoryCell {
    pub address: i64,
    /// Logical indices reading this address (several under stride 0).
    pub readers: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewGrid {
    pub shape: Vec<i64>,
    pub cells: Vec<LogicalCell>,
    /// Every address from the lowest to the highest reached by a valid cell, or a window of
    /// [`MAX_DRAWN_CELLS`] of them starting at the lowest.
    pub memory: Vec<MemoryCell>,
    /// `(lowest, highest)` valid address, `None` when every cell is masked or there are none.
    pub span: Option<(i64, i64)>,
}

impl ViewGrid {
    /// # Errors
    /// `TooLarge` when the view has more than [`MAX_DRAWN_CELLS`] logical cells.
    pub fn of(view: &View) -> Result<ViewGrid, LayoutError> {
        let offsets = view.offsets(MAX_DRAWN_CELLS)?;
        let cells: Vec<LogicalCell> = RowMajor::new(view.shape())
            .zip(offsets)
            .enumerate()
            .map(|(index, (coord, address))| LogicalCell {
                index,
                coord,
                address,
            })
            .collect();
        let mut readers: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
        for cell in &cells {
            if let Some(address) = cell.address {
                readers.entry(address).or_default().push(cell.index);
            }
        }
        let span = readers
            .keys()
            .next()
            .zip(readers.keys().next_back())
            .map(|(&lo, &hi)| (lo, hi));
        let memory = match span {
            None => Vec::new(),
            Some((lo, hi)) => {
                let last = hi.min(lo.saturating_add(MAX_DRAWN_CELLS as i64 - 1));
                (lo..=last)
                    .map(|address| MemoryCell {
                        address,
                        readers: readers.remove(&address).unwrap_or_default(),
                    })
                    .collect()
            }
        };
        Ok(ViewGrid {
            shape: view.shape().to_vec(),
            cells,
            memory,
            span,
        })
    }

    /// Whether the memory strip shows only a window of the span.
    pub fn memory_is_windowed(&self) -> bool {
        self.span
            .is_some_and(|(lo, hi)| (hi - lo) as u128 + 1 > self.memory.len() as u128)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stride_zero_shares_memory_and_gaps_show() {
        let view = View::create(&[2, 3], Some(&[0, 2]), 1, None).unwrap();
        let grid = ViewGrid::of(&view).unwrap();
        assert_eq!(grid.span, Some((1, 5)));
        let used: Vec<(i64, Vec<usize>)> = grid
            .memory
            .iter()
            .map(|m| (m.address, m.readers.clone()))
            .collect();
        assert_eq!(
            used,
            vec![
                (1, vec![0, 3]),
                (2, vec![]),
                (3, vec![1, 4]),
                (4, vec![]),
                (5, vec![2, 5])
            ]
        );
        assert!(!grid.memory_is_windowed());
    }

    #[test]
    fn masked_cells_have_no_address_and_wide_spans_are_windowed() {
        let view = View::create(&[2, 2], Some(&[100_000, 1]), 0, Some(&[(0, 2), (1, 2)])).unwrap();
        let grid = ViewGrid::of(&view).unwrap();
        assert_eq!(grid.cells[0].address, None);
        assert_eq!(grid.cells[1].address, Some(1));
        assert_eq!(grid.memory.len(), MAX_DRAWN_CELLS);
        assert!(grid.memory_is_windowed());
        let big = View::create(&[100, 100], None, 0, None).unwrap();
        assert!(matches!(
            ViewGrid::of(&big),
            Err(LayoutError::TooLarge { .. })
        ));
    }
}
