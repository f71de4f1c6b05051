//! What the algebra workbench draws: A, B and the result as grids side by side, tiles
//! colour-matched, and which cells a hover lights across them.

use std::collections::BTreeSet;

use crate::engine::algebra::Tiler;
use crate::engine::cute::Layout;

use super::layouts::{grid_indices, layout_grid, mode_axes};
use super::stack_grid::{Grid, StackGrid};
use super::workbench::{Operand, WorkbenchState};

/// The three panes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panels {
    pub a: Result<StackGrid, String>,
    /// B's grid, when B is a layout.
    pub b: Option<Result<StackGrid, String>>,
    pub result: Result<Layout, String>,
    pub result_grid: Result<StackGrid, String>,
    /// For each result grid cell, the A grid cell it reads or copies.
    source: Vec<Option<usize>>,
    /// How many tiles are coloured (0 when the operation has none).
    pub tiles: usize,
}

/// The workbench's panes, in the order drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pane {
    A,
    B,
    Result,
}

impl Pane {
    pub const ALL: [Pane; 3] = [Pane::A, Pane::B, Pane::Result];

    /// Test-id stem of the pane's grid and cells.
    pub fn name(self) -> &'static str {
        match self {
            Pane::A => "wb-a",
            Pane::B => "wb-b",
            Pane::Result => "wb-result",
        }
    }

    /// Accessible name of the pane's grid.
    pub fn label(self) -> &'static str {
        match self {
            Pane::A => "A",
            Pane::B => "B",
            Pane::Result => "Result",
        }
    }
}

/// A hovered cell: of A's grid or of the result's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    A(usize),
    Result(usize),
}

/// The cells a hover lights in A's grid and in the result's.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideLit {
    pub a: BTreeSet<usize>,
    pub result: BTreeSet<usize>,
}

/// `layout`'s grid with each cell's tile from `tile_of` (indexed by the layout's 1-D index),
/// and the layout index of every cell.
fn tiled_grid(layout: &Layout, tile_of: Option<&[usize]>) -> (Result<StackGrid, String>, Vec<i64>) {
    match layout_grid(layout) {
        Err(e) => (Err(e), Vec::new()),
        Ok(mut grid) => {
            grid.logical.axes = Some(mode_axes(layout));
            let indices = grid_indices(layout, &grid);
            if let Some(tile_of) = tile_of {
                for (cell, &i) in grid.logical.cells.iter_mut().zip(&indices) {
                    cell.tile = usize::try_from(i)
                        .ok()
                        .and_then(|i| tile_of.get(i).copied());
                }
            }
            (Ok(grid), indices)
        }
    }
}

impl Panels {
    pub fn of(state: &WorkbenchState) -> Panels {
        let tiles = state.tiles();
        let (a, a_indices) = tiled_grid(state.a(), tiles.as_ref().map(|t| t.a.as_slice()));
        let b = match state.b() {
            Operand::Layout(b) | Operand::Tiler(Tiler::Layout(b)) => Some(tiled_grid(b, None).0),
            _ => None,
        };
        let result = state.result();
        let (result_grid, r_indices) = match &result {
            Ok(r) => tiled_grid(r, tiles.as_ref().map(|t| t.result.as_slice())),
            Err(e) => (Err(e.clone()), Vec::new()),
        };
        // A's grid cell of each A index, to follow `source` back to a cell
        let mut a_cell = vec![None; a_indices.len()];
        for (cell, &i) in a_indices.iter().enumerate() {
            if let Some(slot) = usize::try_from(i).ok().and_then(|i| a_cell.get_mut(i)) {
                *slot = Some(cell);
            }
        }
        let source = match &tiles {
            Some(t) => r_indices
                .iter()
                .map(|&i| {
                    let i = usize::try_from(i).ok()?;
                    a_cell.get((*t.source.get(i)?)?).copied().flatten()
                })
                .collect(),
            None => Vec::new(),
        };
        Panels {
            a,
            b,
            result,
            result_grid,
            source,
            tiles: tiles.map_or(0, |t| t.count),
        }
    }

    /// The grid `pane` draws: empty where there is none (no B layout, a failed operation).
    pub fn grid(&self, pane: Pane) -> Grid {
        let grid = match pane {
            Pane::A => Some(&self.a),
            Pane::B => self.b.as_ref(),
            Pane::Result => Some(&self.result_grid),
        };
        match grid {
            Some(Ok(g)) => g.logical.clone(),
            _ => Grid::default(),
        }
    }

    /// Whether `pane` is shown: B only when B is a layout.
    pub fn shows(&self, pane: Pane) -> bool {
        pane != Pane::B || self.b.is_some()
    }

    /// The caption over `pane`; the result's counts its coloured tiles.
    pub fn caption(&self, pane: Pane) -> String {
        match (pane, self.tiles) {
            (Pane::Result, 0) => "result".to_string(),
            (Pane::Result, n) => format!("result: {n} tiles, coloured as in A"),
            (p, _) => p.label().to_string(),
        }
    }

    /// Why `pane`'s grid is not drawn although its layout exists (too many cells, …). A
    /// failed operation is reported once, above the panes.
    pub fn note(&self, pane: Pane) -> Option<String> {
        let grid = match pane {
            Pane::A => &self.a,
            Pane::B => self.b.as_ref()?,
            Pane::Result => {
                self.result.as_ref().ok()?;
                &self.result_grid
            }
        };
        grid.as_ref().err().cloned()
    }

    /// A result cell lights the A cell it reads; an A cell lights the result cells reading it.
    pub fn lit(&self, side: Side) -> SideLit {
        let mut lit = SideLit::default();
        match side {
            Side::Result(cell) => {
                lit.result.insert(cell);
                if let Some(Some(a)) = self.source.get(cell) {
                    lit.a.insert(*a);
                }
            }
            Side::A(cell) => {
                lit.a.insert(cell);
                lit.result.extend(
                    self.source
                        .iter()
                        .enumerate()
                        .filter(|&(_, &s)| s == Some(cell))
                        .map(|(r, _)| r),
                );
            }
        }
        lit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_logical_divide_colours_tiles_and_links_each_result_cell_to_the_a_cell_it_reads() {
        // (4,2,3):(2,1,8) ⊘ 4:2 = ((2,2),(2,3)):((4,1),(2,8))
        let state = WorkbenchState::default();
        let panels = Panels::of(&state);
        let result = panels.result.as_ref().unwrap();
        assert_eq!(result.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
        assert_eq!(panels.tiles, 6);
        let a = panels.a.as_ref().unwrap();
        let r = panels.result_grid.as_ref().unwrap();
        for (cell, rc) in r.logical.cells.iter().enumerate() {
            // the A cell a result cell lights holds the same offset
            let lit = panels.lit(Side::Result(cell));
            let a_cell = *lit.a.iter().next().expect("every result cell reads A");
            assert_eq!(a.logical.cells[a_cell].value, rc.value, "cell {cell}");
            assert_eq!(a.logical.cells[a_cell].tile, rc.tile, "same tile colour");
            // and that A cell lights it back
            assert!(panels.lit(Side::A(a_cell)).result.contains(&cell));
        }
        // four elements per tile
        let per_tile = |t| r.logical.cells.iter().filter(|c| c.tile == Some(t)).count();
        assert!((0..6).all(|t| per_tile(t) == 4));
    }

    #[test]
    fn panes_name_their_grids_captions_and_notes() {
        let panels = Panels::of(&WorkbenchState::default());
        assert_eq!(panels.grid(Pane::A).cells.len(), 24);
        assert_eq!(panels.grid(Pane::Result).cells.len(), 24);
        assert!(panels.shows(Pane::A) && panels.shows(Pane::Result));
        assert_eq!(
            panels.caption(Pane::Result),
            "result: 6 tiles, coloured as in A"
        );
        assert_eq!(panels.caption(Pane::A), "A");
        let axes = panels.grid(Pane::A).axes.expect("A's grid names its modes");
        assert_eq!(axes.blocks, [vec!["mode 2: 0", "mode 2: 1", "mode 2: 2"]]);
        assert_eq!(panels.note(Pane::Result), None);
        let unary = WorkbenchState::new(
            super::super::workbench::Operation::Coalesce,
            "(2,3):(3,1)",
            "",
        );
        let panels = Panels::of(&unary);
        assert!(!panels.shows(Pane::B));
        assert!(panels.grid(Pane::B).cells.is_empty());
        assert_eq!(panels.caption(Pane::Result), "result");
        let failed = WorkbenchState::new(
            super::super::workbench::Operation::Complement,
            "(2,2):(1,1)",
            "",
        );
        let panels = Panels::of(&failed);
        assert!(panels.grid(Pane::Result).cells.is_empty());
        assert_eq!(
            panels.note(Pane::Result),
            None,
            "the failure is reported above the panes"
        );
    }

    #[test]
    fn operations_without_tiles_draw_plain_grids_and_errors_stay_typed() {
        let mut state = WorkbenchState::default();
        state.set_op(super::super::workbench::Operation::Coalesce);
        let panels = Panels::of(&state);
        assert_eq!(panels.tiles, 0);
        assert!(panels.b.is_none());
        assert!(panels
            .result_grid
            .unwrap()
            .logical
            .cells
            .iter()
            .all(|c| c.tile.is_none()));
        let mut state = WorkbenchState::default();
        state.set_op(super::super::workbench::Operation::Composition);
        state.set_a("(2,2):(3,2)");
        state.set_b("(4,4):(1,4)");
        let panels = Panels::of(&state);
        assert!(panels.result.is_err() || panels.result_grid.is_ok());
    }
}
