//! A morphism drawn as its arrow diagram, its layout and the layout's grid, linked by hover.

use crate::draw::diagram::Diagram;
use engine::cute::Layout;
use engine::morphism::Morphism;
use engine::support::sorted::SortedSet;

use super::super::layouts::{grid_indices, layout_grid};
use crate::draw::stack_grid::StackGrid;
use crate::state::field::FieldError;
use engine::LayoutError;

/// What the pointer is on: a domain leaf (also its arrow and its layout mode) or a grid cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MorphHover {
    /// Domain leaf `k` (0-based), with its arrow and its mode of `L_f`.
    Leaf(usize),
    /// Cell `cell` of `L_f`'s grid, row-major.
    Cell(usize),
}

/// What a hover lights: domain leaves (with their arrows and modes) and grid cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MorphLit {
    /// The domain leaves lit, 0-based.
    pub leaves: SortedSet<usize>,
    /// The grid cells lit, row-major.
    pub cells: SortedSet<usize>,
}

/// A morphism with everything drawn for it: the diagram, its layout, the layout's grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    /// The arrow diagram `S --map--> T`.
    pub diagram: Diagram,
    /// The encoded layout `L_f`, or why it has none (a size past 64 bits).
    pub layout: Result<Layout, LayoutError>,
    /// `L_f`'s grid, or why it is not drawn.
    pub grid: Result<StackGrid, FieldError>,
    /// The layout index of each grid cell.
    indices: Vec<i64>,
    /// The domain's leaves.
    sizes: Vec<i64>,
}

impl Drawn {
    /// The diagram, layout and grid of `f`, with what a hover needs to link them.
    pub fn of(f: &Morphism) -> Drawn {
        let layout = f.layout();
        let grid = match &layout {
            Ok(l) => layout_grid(l),
            Err(e) => Err(e.clone().into()),
        };
        let indices = match (&layout, &grid) {
            (Ok(l), Ok(g)) => grid_indices(l, g),
            _ => Vec::new(),
        };
        Drawn {
            diagram: Diagram::of(f),
            layout,
            grid,
            indices,
            sizes: f.domain().flatten(),
        }
    }

    /// The coordinate of layout index `i` along each domain leaf.
    fn flat_coord(&self, mut i: i64) -> Vec<i64> {
        self.sizes
            .iter()
            .map(|&s| {
                let c = i.rem_euclid(s.max(1));
                i /= s.max(1);
                c
            })
            .collect()
    }

    /// A leaf lights its arrow, its layout mode and the grid cell one step along it; a cell
    /// lights the leaves along which its coordinate is not 0.
    pub fn lit(&self, hover: MorphHover) -> MorphLit {
        let mut lit = MorphLit::default();
        match hover {
            MorphHover::Leaf(k) => {
                lit.leaves.insert(k);
                let unit = self
                    .sizes
                    .iter()
                    .take(k)
                    .try_fold(1i64, |p, &s| p.checked_mul(s));
                if let Some(unit) = unit.filter(|_| self.sizes.get(k).is_some_and(|&s| s > 1)) {
                    lit.cells.extend(
                        self.indices
                            .iter()
                            .enumerate()
                            .filter(|&(_, &i)| i == unit)
                            .map(|(cell, _)| cell),
                    );
                }
            }
            MorphHover::Cell(cell) => {
                lit.cells.insert(cell);
                if let Some(&i) = self.indices.get(cell) {
                    lit.leaves.extend(
                        self.flat_coord(i)
                            .iter()
                            .enumerate()
                            .filter(|&(_, &c)| c != 0)
                            .map(|(k, _)| k),
                    );
                }
            }
        }
        lit
    }

    /// Hover text: the leaf's entry, where it goes and its stride; or the cell's coordinate.
    pub fn describe(&self, f: &Morphism, hover: MorphHover) -> Option<String> {
        let layout = self.layout.as_ref().ok()?;
        match hover {
            MorphHover::Leaf(k) => {
                let (size, stride) = *layout.flat_modes().get(k)?;
                let target = match f.map().get(k)? {
                    0 => "* (stride 0)".to_string(),
                    a => format!("codomain entry {a}"),
                };
                Some(format!(
                    "domain entry {} = {size} → {target}; layout mode {size}:{stride}",
                    k + 1
                ))
            }
            MorphHover::Cell(cell) => {
                let i = *self.indices.get(cell)?;
                let coord: Vec<String> = self.flat_coord(i).iter().map(i64::to_string).collect();
                Some(format!(
                    "index {i}, leaf coordinate ({}) → L({i}) = {}",
                    coord.join(","),
                    layout.call(i).map_or("?".to_string(), |v| v.to_string())
                ))
            }
        }
    }
}
