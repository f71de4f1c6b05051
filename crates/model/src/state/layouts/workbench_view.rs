//! What the algebra workbench draws: A, B and the result as grids side by side, tiles
//! colour-matched, and which cells a hover lights across them.

use engine::support::sorted::SortedSet;

use engine::cute::Layout;
use engine::cute::Tiler;

use super::workbench::{Operand, WorkbenchState};
use crate::draw::stack_grid::{Grid, StackGrid};
use crate::state::field::FieldError;
use crate::state::layouts::{grid_indices, layout_grid, mode_axes};

/// The three panes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panels {
    /// A's grid, tiles coloured, or why it cannot be drawn.
    pub a: Result<StackGrid, FieldError>,
    /// B's grid, when B is a layout.
    pub b: Option<Result<StackGrid, FieldError>>,
    /// `op(A, B)`, or the condition the operands break.
    pub result: Result<Layout, FieldError>,
    /// The result's grid, tiles coloured, or why there is none.
    pub result_grid: Result<StackGrid, FieldError>,
    /// For each result grid cell, the A grid cell it reads or copies.
    source: Vec<Option<usize>>,
    /// For each result grid cell, the B grid cell it stands for.
    b_of: Vec<Option<usize>>,
    /// How many tiles are coloured (0 when the operation has none).
    pub tiles: usize,
}

/// The workbench's panes, in the order drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pane {
    /// The first operand, A.
    A,
    /// The second operand, B (drawn only when it is a layout).
    B,
    /// `op(A, B)`.
    Result,
}

impl Pane {
    /// Every pane, in the order drawn.
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

/// The cells a hover lights in each pane, in [`Pane::ALL`] order.
pub type PaneLit = [SortedSet<usize>; 3];

/// `layout`'s grid with each cell's tile from `tile_of` (indexed by the layout's 1-D index),
/// and the layout index of every cell.
fn tiled_grid(
    layout: &Layout,
    tile_of: Option<&[usize]>,
) -> (Result<StackGrid, FieldError>, Vec<i64>) {
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
    /// The panes of `state`, and the links a hover follows between them.
    pub fn of(state: &WorkbenchState) -> Panels {
        let tiles = state.links();
        let (a, a_indices) = tiled_grid(state.a(), tiles.as_ref().map(|t| t.a.as_slice()));
        let (b, b_indices) = match state.b() {
            Operand::Layout(b) | Operand::Tiler(Tiler::Layout(b)) => {
                let (grid, indices) = tiled_grid(b, None);
                (Some(grid), indices)
            }
            _ => (None, Vec::new()),
        };
        let result = state.result();
        let (result_grid, r_indices) = match &result {
            Ok(r) => tiled_grid(r, tiles.as_ref().map(|t| t.result.as_slice())),
            Err(e) => (Err(e.clone()), Vec::new()),
        };
        // each result cell's element, followed through `of` to the grid cell holding it
        let follow = |of: &[Option<usize>], indices: &[i64]| -> Vec<Option<usize>> {
            let mut cell_of = vec![None; indices.len()];
            for (cell, &i) in indices.iter().enumerate() {
                if let Some(slot) = usize::try_from(i).ok().and_then(|i| cell_of.get_mut(i)) {
                    *slot = Some(cell);
                }
            }
            r_indices
                .iter()
                .map(|&i| {
                    cell_of
                        .get((*of.get(usize::try_from(i).ok()?)?)?)
                        .copied()
                        .flatten()
                })
                .collect()
        };
        let (source, b_of) = match &tiles {
            Some(t) => (follow(&t.source, &a_indices), follow(&t.b, &b_indices)),
            None => (Vec::new(), Vec::new()),
        };
        Panels {
            a,
            b,
            result,
            result_grid,
            source,
            b_of,
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
    pub fn note(&self, pane: Pane) -> Option<&FieldError> {
        let grid = match pane {
            Pane::A => &self.a,
            Pane::B => self.b.as_ref()?,
            Pane::Result => {
                self.result.as_ref().ok()?;
                &self.result_grid
            }
        };
        grid.as_ref().err()
    }

    /// What hovering `cell` of `pane` lights: the result cells it reaches (itself, or those
    /// reading that A cell or standing for that B cell), and the A and B cells those come from.
    pub fn lit(&self, pane: Pane, cell: usize) -> PaneLit {
        let mut lit = PaneLit::default();
        lit[pane as usize].insert(cell);
        for r in 0..self.source.len().max(self.b_of.len()) {
            let (a, b) = (
                self.source.get(r).copied().flatten(),
                self.b_of.get(r).copied().flatten(),
            );
            let reached = match pane {
                Pane::A => a == Some(cell),
                Pane::B => b == Some(cell),
                Pane::Result => r == cell,
            };
            if reached {
                lit[Pane::Result as usize].insert(r);
                lit[Pane::A as usize].extend(a);
                lit[Pane::B as usize].extend(b);
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
            let lit = panels.lit(Pane::Result, cell);
            let a_cell = *lit[0].iter().next().expect("every result cell reads A");
            assert_eq!(a.logical.cells[a_cell].value, rc.value, "cell {cell}");
            assert_eq!(a.logical.cells[a_cell].tile, rc.tile, "same tile colour");
            // and that A cell lights it back
            assert!(panels.lit(Pane::A, a_cell)[2].contains(&cell));
        }
        // four elements per tile
        let per_tile = |t| r.logical.cells.iter().filter(|c| c.tile == Some(t)).count();
        assert!((0..6).all(|t| per_tile(t) == 4));
    }

    #[test]
    fn a_b_cell_lights_its_place_in_every_tile_and_the_a_cells_there() {
        // (4,2,3):(2,1,8) ⊘ 4:2: B's element j is place j of each of the 6 tiles
        let panels = Panels::of(&WorkbenchState::default());
        let (a, r) = (
            panels.a.as_ref().unwrap(),
            panels.result_grid.as_ref().unwrap(),
        );
        let mut reached = SortedSet::new();
        for j in 0..4 {
            let lit = panels.lit(Pane::B, j);
            assert_eq!(lit[1], SortedSet::from([j]));
            assert_eq!(lit[2].len(), 6, "one result cell per tile");
            let tiles: SortedSet<_> = lit[2].iter().map(|&c| r.logical.cells[c].tile).collect();
            assert_eq!(tiles.len(), 6);
            let values = |g: &StackGrid, cells: &SortedSet<usize>| -> SortedSet<Option<i64>> {
                cells.iter().map(|&c| g.logical.cells[c].value).collect()
            };
            assert_eq!(values(a, &lit[0]), values(r, &lit[2]), "B {j}");
            // a result cell lights its B cell back
            for &c in &lit[2] {
                assert_eq!(panels.lit(Pane::Result, c)[1], SortedSet::from([j]));
            }
            reached.extend(lit[2].iter().copied());
        }
        assert_eq!(reached.len(), 24, "every result cell stands for one B cell");
    }

    #[test]
    fn composition_inverses_and_coalesce_link_the_elements_they_relate() {
        use crate::state::layouts::grid_indices;
        use crate::state::layouts::workbench::Operation;
        // R(i) = A(B(i)): B's element i is R's element i and reads A's element B(i)
        let state = WorkbenchState::new(Operation::Composition, "(6,2):(8,2)", "(4,3):(3,1)");
        let panels = Panels::of(&state);
        let Operand::Tiler(Tiler::Layout(b_layout)) = state.b() else {
            panic!("composition takes a layout");
        };
        let (a, b) = (
            panels.a.as_ref().unwrap(),
            panels.b.clone().unwrap().unwrap(),
        );
        let a_index = grid_indices(state.a(), a);
        let b_index = grid_indices(b_layout, &b);
        let r = panels.result_grid.as_ref().unwrap();
        let r_index = grid_indices(state.result().as_ref().unwrap(), r);
        assert_eq!(b.logical.cells.len(), 12);
        for (c, cell) in b.logical.cells.iter().enumerate() {
            let lit = panels.lit(Pane::B, c);
            assert_eq!(lit[2].len(), 1, "B cell {c}");
            let (a_cell, r_cell) = (*lit[0].first().unwrap(), *lit[2].first().unwrap());
            assert_eq!(r_index[r_cell], b_index[c], "R's element i");
            assert_eq!(Some(a_index[a_cell]), cell.value, "A's element B(i)");
            assert_eq!(r.logical.cells[r_cell].value, a.logical.cells[a_cell].value);
            assert!(panels.lit(Pane::A, a_cell)[1].contains(&c));
        }
        // a right inverse R: A(R(j)) = j, so result element j lights A's element R(j)
        let state = WorkbenchState::new(Operation::RightInverse, "(4,2):(2,1)", "");
        let panels = Panels::of(&state);
        let (a, r) = (
            panels.a.as_ref().unwrap(),
            panels.result_grid.as_ref().unwrap(),
        );
        let (a_index, r_index) = (
            grid_indices(state.a(), a),
            grid_indices(state.result().as_ref().unwrap(), r),
        );
        for (c, cell) in r.logical.cells.iter().enumerate() {
            let lit = panels.lit(Pane::Result, c);
            let a_cell = *lit[0].first().unwrap();
            assert_eq!(Some(a_index[a_cell]), cell.value, "R(j)");
            assert_eq!(
                a.logical.cells[a_cell].value,
                Some(r_index[c]),
                "A(R(j)) = j"
            );
        }
        // a coalesce keeps every element where it was
        let state = WorkbenchState::new(Operation::Coalesce, "(2,(2,3)):(1,(2,4))", "");
        let panels = Panels::of(&state);
        let (a, r) = (
            panels.a.as_ref().unwrap(),
            panels.result_grid.as_ref().unwrap(),
        );
        for c in 0..12 {
            let lit = panels.lit(Pane::Result, c);
            let a_cell = *lit[0].first().unwrap();
            assert_eq!(a.logical.cells[a_cell].value, r.logical.cells[c].value);
        }
        // complement relates no elements: a hover lights only itself
        let state = WorkbenchState::new(Operation::Complement, "(2,2):(1,6)", "24");
        let lit = Panels::of(&state).lit(Pane::Result, 0);
        assert_eq!(
            lit,
            [SortedSet::new(), SortedSet::new(), SortedSet::from([0])]
        );
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
            crate::state::layouts::workbench::Operation::Coalesce,
            "(2,3):(3,1)",
            "",
        );
        let panels = Panels::of(&unary);
        assert!(!panels.shows(Pane::B));
        assert!(panels.grid(Pane::B).cells.is_empty());
        assert_eq!(panels.caption(Pane::Result), "result");
        let failed = WorkbenchState::new(
            crate::state::layouts::workbench::Operation::Complement,
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
        state.set_op(crate::state::layouts::workbench::Operation::Coalesce);
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
        state.set_op(crate::state::layouts::workbench::Operation::Composition);
        state.set_a("(2,2):(3,2)");
        state.set_b("(4,4):(1,4)");
        let panels = Panels::of(&state);
        assert!(panels.result.is_err() || panels.result_grid.is_ok());
    }
}
