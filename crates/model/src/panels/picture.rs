//! The pictures of grids the app exports and the CLI renders: one model per source (a view
//! stack's addresses, a layout's `L(i)` with its hierarchical names), drawn by
//! [`render`](crate::panels::render) as SVG or TikZ. Both the Export buttons and `layout-lab
//! render` come here, so a picture from the app and one from a docs pipeline are the same file.

use crate::draw::large_grid::LargeGrid;
use crate::panels::render::{grid_svg, grid_tikz, Labels};
use crate::state::layouts::{layout_grid_up_to, mode_axes};
use engine::cute::{ComposedLayout, Layout};
use engine::view::tracker::ShapeTracker;
use engine::wgsl::Cells;

/// The most cells a picture draws: 16,384, every one with its value legible.
pub const MAX_CELLS: usize = 16_384;

/// A grid to draw: values row-major over `shape` (`None`: masked), a title and axis names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// The grid's shape: rank 1 a row, rank 2 rows and columns, higher ranks blocks.
    pub shape: Vec<i64>,
    /// One value per cell, row-major over `shape`; `None` where masked (drawn `·`).
    pub values: Vec<Option<i64>>,
    /// The caption above the grid (the SVG only).
    pub title: String,
    /// Names of rows, columns and blocks.
    pub labels: Labels,
}

impl Picture {
    /// The addresses a view stack reads, over its shape.
    pub fn of_tracker(tracker: &ShapeTracker) -> Result<Picture, String> {
        Ok(Picture {
            shape: tracker.shape().to_vec(),
            values: tracker.offsets(MAX_CELLS).map_err(|e| e.to_string())?,
            title: "addresses of the view stack".into(),
            labels: Labels::default(),
        })
    }

    /// `L(i)` over the layout's grid, rows and columns named by hierarchical coordinates.
    pub fn of_layout(layout: &Layout) -> Result<Picture, String> {
        let grid = layout_grid_up_to(layout, MAX_CELLS).map_err(|e| e.to_string())?;
        let shape = grid.logical.shape;
        Ok(Picture {
            labels: picture_labels(layout, &shape),
            values: grid.logical.cells.iter().map(|c| c.value).collect(),
            shape,
            title: format!("L = {layout}"),
        })
    }

    /// `L(i) = sw(offset + layout(i))` over the inner layout's grid, named as its picture is.
    pub fn of_composed(composed: &ComposedLayout) -> Result<Picture, String> {
        let mut picture = Picture::of_layout(composed.layout())?;
        for value in picture.values.iter_mut().flatten() {
            let shifted = composed
                .offset()
                .checked_add(*value)
                .ok_or("offset + layout(i) does not fit in 64 bits")?;
            *value = composed.swizzle().apply(shifted);
        }
        picture.title = format!("L = {composed}");
        Ok(picture)
    }

    /// The bank of each element of `layout`'s tile on one side of the bank section (`grid`:
    /// its cells' banks), named as the layout's picture is.
    pub fn of_banks(layout: &Layout, grid: &LargeGrid, title: String) -> Result<Picture, String> {
        if grid.addresses.len() > MAX_CELLS {
            return Err(format!(
                "{} cells; a picture draws at most {MAX_CELLS}",
                grid.addresses.len()
            ));
        }
        Ok(Picture {
            labels: picture_labels(layout, &grid.shape),
            values: (0..grid.addresses.len()).map(|i| grid.address(i)).collect(),
            shape: grid.shape.clone(),
            title,
        })
    }

    /// What a kernel of the Shader page computes: the offset each element reads (a Syno
    /// input's: the row-major index of the element read at each point of the loops).
    pub fn of_cells(cells: &Cells, title: &str) -> Result<Picture, String> {
        Ok(Picture {
            shape: cells.shape(),
            values: cells.offsets(MAX_CELLS)?,
            title: title.to_string(),
            labels: Labels::default(),
        })
    }

    /// The picture as a standalone SVG ([`grid_svg`]).
    pub fn svg(&self) -> String {
        let (shape, labels) = self.drawn();
        grid_svg(&shape, &self.values, &self.title, &labels)
    }

    /// The picture as a `tikzpicture` ([`grid_tikz`]).
    pub fn tikz(&self) -> String {
        let (shape, labels) = self.drawn();
        grid_tikz(&shape, &self.values, &labels)
    }

    /// The shape and names drawn: an empty grid's are none, however large its other dims
    /// (`(0,2091,59822091)` would otherwise be millions of empty blocks).
    fn drawn(&self) -> (Vec<i64>, Labels) {
        match self.values.is_empty() {
            true => (vec![0], Labels::default()),
            false => (self.shape.clone(), self.labels.clone()),
        }
    }
}

/// The names [`render`](crate::panels::render) draws on a picture of `layout`'s grid of
/// `shape`: rows and columns as on the page, and each block named by all its block coordinates
/// (the picture puts the blocks in one row), outermost first.
pub fn picture_labels(layout: &Layout, shape: &[i64]) -> Labels {
    let axes = mode_axes(layout);
    let lead = &shape[..shape.len().saturating_sub(2)];
    // the blocks a picture of at most MAX_CELLS cells can have; an empty layout's modes may
    // still be huge (`(0,2091,59822091)`): it gets no names
    let count = lead
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))
        .filter(|&n| n <= MAX_CELLS);
    let blocks = if lead.is_empty() {
        Vec::new()
    } else if let Some(count) = count {
        (0..count)
            .map(|k| {
                let coord = engine::coord_from_index(lead, k as i64);
                let names: Vec<String> = coord
                    .iter()
                    .enumerate()
                    .map(|(axis, &c)| {
                        let name = axes.blocks.get(axis).and_then(|b| b.get(c as usize));
                        name.cloned().unwrap_or_default()
                    })
                    .collect();
                names.join(" · ")
            })
            .collect()
    } else {
        Vec::new()
    };
    Labels {
        rows: axes.rows,
        cols: axes.cols,
        blocks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stack_and_a_layout() {
        let tracker = ShapeTracker::from_shape(&[3, 4]).unwrap();
        let p = Picture::of_tracker(&tracker).unwrap();
        assert_eq!(p.values.len(), 12);
        assert_eq!(p.values[5], Some(5));
        assert!(p.svg().contains(">11</text>"));
        let layout = Layout::parse("(2,3):(3,1)").unwrap();
        let p = Picture::of_layout(&layout).unwrap();
        assert_eq!(p.shape, vec![2, 3]);
        assert_eq!(p.values[1], Some(1)); // (0,1) -> 1
        assert_eq!(p.values[3], Some(3)); // (1,0) -> 3
        assert!(p.tikz().contains("\\begin{tikzpicture}"));
    }

    #[test]
    fn a_swizzled_layout_draws_its_swizzled_values_on_the_inner_grid() {
        let composed = ComposedLayout::parse("Sw<1,0,1> o 0 o (2,4):(4,1)").unwrap();
        let p = Picture::of_composed(&composed).unwrap();
        let plain = Picture::of_layout(composed.layout()).unwrap();
        assert_eq!(
            (p.shape.clone(), p.labels.clone()),
            (plain.shape, plain.labels)
        );
        // row-major cells (r, c) -> sw(4r + c): bit 1 XORed into bit 0
        let values: Vec<i64> = p.values.iter().flatten().copied().collect();
        assert_eq!(values, vec![0, 1, 3, 2, 4, 5, 7, 6]);
        assert!(p.svg().contains("L = Sw&lt;1,0,1&gt; o 0 o (2,4):(4,1)"));
    }

    #[test]
    fn a_syno_input_over_its_loops() {
        use engine::syno::{presets, Bindings};
        let access = presets::parse("matmul(2, 3, 4)")
            .and_then(|op| op.access(&Bindings::new()))
            .unwrap();
        // one value per point of the loops, each an element of the input
        let p = Picture::of_cells(&Cells::Syno(Box::new(access.clone()), 0), "in0").unwrap();
        let loops: i64 = access.loops.iter().map(|l| l.extent).product();
        assert_eq!(p.values.len() as i64, loops);
        assert_eq!(p.shape.len(), access.loops.len());
        let size: i64 = access.inputs[0].shape.iter().product();
        assert!(p
            .values
            .iter()
            .all(|v| v.is_some_and(|v| (0..size).contains(&v))));
    }

    #[test]
    fn labels_name_each_block_by_every_block_coordinate() {
        // the CLI's picture names each of its row of blocks by every block coordinate
        let four = Layout::parse("(2,2,3,2):(1,2,4,12)").unwrap();
        let grid = crate::state::layouts::layout_grid(&four).unwrap();
        let labels = picture_labels(&four, &grid.logical.shape);
        assert_eq!(labels.blocks.len(), 6);
        assert_eq!(labels.blocks[4], "mode 3: 1 · mode 2: 1");
        assert_eq!(labels.rows, ["0", "1"]);
    }

    #[test]
    fn too_many_cells_is_an_error_not_a_picture() {
        let tracker = ShapeTracker::from_shape(&[129, 128]).unwrap();
        assert!(Picture::of_tracker(&tracker).is_err());
        // an empty layout whose other modes are huge: an empty picture, no block names (a
        // product of its modes once asked for 400 TB)
        let empty = Layout::parse("((2,0),2091,59822091,16,1091):((1,2),0,0,0,0)").unwrap();
        let p = Picture::of_layout(&empty).unwrap();
        assert!(p.values.is_empty() && p.labels.blocks.is_empty());
        assert!(p.svg().starts_with("<svg"));
        let layout = Layout::parse("(129,128):(1,129)").unwrap();
        assert!(Picture::of_layout(&layout).is_err());
    }
}
