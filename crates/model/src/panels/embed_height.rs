//! The height a widget needs to show its panels whole: each panel's fixed part (headings,
//! fields, notes) plus what grows with the state, chiefly the rows of its grids, for a widget
//! [`REFERENCE_WIDTH_PX`] wide. The pixel figures are the app's stylesheet measured at that
//! width (a cell is 2.25rem, so a row of cells 38 px); a wider widget wraps less and has room
//! to spare, a narrower one may scroll.

use crate::draw::diagram::Frame;
use crate::draw::large_grid::extent;
use crate::draw::stack_grid::{drawn_in_dom, StackGrid};
use crate::state::embed::form::{MAX_HEIGHT, MIN_HEIGHT};
use crate::state::layouts::LayoutsState;
use crate::state::morphisms::{Drawn, MorphismsState};
use crate::state::route::Page;
use crate::state::shader::{Pages, ShaderState, Source, Subject};
use crate::state::syno::{Grids, Row, SynoState};
use crate::state::ViewsState;

/// The widget width the automatic height is measured for: a docs page's text column.
pub const REFERENCE_WIDTH_PX: i64 = 720;

/// A row of cells: `--cell-size` (36 px) and the 2 px gap.
const ROW_PX: i64 = 38;
/// A block of a grid of rank 3 or more: its label, border and padding.
const BLOCK_PX: i64 = 29;
/// The page's content width: the widget less the page's padding.
const CONTENT_PX: i64 = REFERENCE_WIDTH_PX - 32;
/// Room for what the estimate does not see (fonts, a scroll bar).
const SLACK_PX: i64 = 16;

/// What a page shows outside its panels: the widget's bar, the page's padding, its
/// introduction.
fn page_px(page: Page) -> i64 {
    match page {
        Page::Views | Page::Layouts => 52,
        Page::Morphisms => 143,
        Page::Syno => 195,
        Page::Shader => 90,
        Page::Threads => 52,
        Page::Triton => 52,
    }
}

/// Height of the cells of a grid of row-major `shape`, arranged as the app arranges them
/// (rank 3 and up: blocks in rows and columns, each with its label).
pub fn grid_px(shape: &[i64]) -> i64 {
    extent(shape).1.max(0) * ROW_PX + blocks_px(shape)
}

/// The blocks' labels and borders down a grid of `shape`: a row of blocks (odd rank) has one
/// block's, a column of `n` blocks (even rank) `n`.
fn blocks_px(shape: &[i64]) -> i64 {
    match shape {
        [n, rest @ ..] if shape.len() >= 3 => {
            let block = blocks_px(rest) + BLOCK_PX;
            if shape.len() % 2 == 1 {
                block
            } else {
                n.max(&0) * block
            }
        }
        _ => 0,
    }
}

/// Height of a memory strip (a codomain) of `cells` cells, wrapped at the content width.
pub fn strip_px(cells: usize) -> i64 {
    // the strip sits a little inside the content (17 cells to a row at 720 px)
    let per_row = ((CONTENT_PX - 40) / ROW_PX).max(1);
    (cells as i64 + per_row - 1) / per_row * ROW_PX
}

/// A grid panel of cells: its fixed part, the grid and the memory strip (nothing for a grid
/// that cannot be drawn).
fn cells_panel_px(fixed: i64, grid: Result<&StackGrid, ()>) -> i64 {
    fixed + grid.map_or(0, |g| grid_px(&g.logical.shape) + strip_px(g.memory.len()))
}

/// Height of a canvas drawing a grid of `shape`: `width` canvas pixels wide, as tall as the
/// grid's proportions ask from 160 to `most`, shown at most [`CONTENT_PX`] wide.
fn canvas_px(shape: &[i64], width: i64, most: i64) -> i64 {
    let (w, h) = extent(shape);
    let height = (width * h.max(1) / w.max(1)).clamp(160, most);
    height * CONTENT_PX.min(width) / width
}

/// The automatic height, in CSS pixels, of a widget of `page` showing the state `query` with
/// `panels` (names of [`crate::state::embed::panel::panels_of`]); within [`MIN_HEIGHT`]..=[`MAX_HEIGHT`].
pub fn auto_height(page: Page, query: &str, panels: &[&str]) -> u32 {
    let shows = |name: &str| panels.contains(&name);
    let total = page_px(page)
        + SLACK_PX
        + match page {
            Page::Views => views_px(query, shows),
            Page::Layouts => layouts_px(query, shows),
            Page::Morphisms => morphisms_px(query, shows),
            Page::Syno => syno_px(query, shows),
            Page::Shader => shader_px(query, shows),
            Page::Threads => threads_px(query, shows),
            Page::Triton => triton_px(query, shows),
        };
    u32::try_from(total)
        .unwrap_or(MAX_HEIGHT)
        .clamp(MIN_HEIGHT, MAX_HEIGHT)
}

fn views_px(query: &str, shows: impl Fn(&str) -> bool) -> i64 {
    let (state, _) = ViewsState::from_query(query);
    let tracker = state.shown().0;
    // up to 256 cells a grid, the page draws cells; above, canvases
    let in_dom = drawn_in_dom(&tracker);
    let grid = (in_dom && (shows("stack") || shows("grid"))).then(|| StackGrid::of(&tracker));
    let mut px = 0;
    if shows("editor") {
        px += 441 + 68 * state.editor.form().dims.len() as i64;
    }
    if shows("stack") {
        // one view is the grid itself; a stack draws each view's own grid in its card
        px += 161;
        let views = tracker.views();
        if views.len() > 1 {
            let own = |shape: &[i64]| match &grid {
                Some(_) => grid_px(shape),
                None => canvas_px(shape, 480, 300),
            };
            px += views.iter().map(|v| 144 + own(v.shape())).sum::<i64>();
        }
    }
    if shows("expr") {
        px += 384;
    }
    if shows("export") {
        px += 58;
    }
    if shows("grid") {
        px += match &grid {
            Some(g) => cells_panel_px(325, g.as_ref().map_err(|_| ())),
            None => 498 + canvas_px(tracker.shape(), 960, 960),
        };
    }
    px
}

fn threads_px(query: &str, shows: impl Fn(&str) -> bool) -> i64 {
    use crate::state::url::PageState;
    let (state, _) = crate::state::threads::ThreadsState::read_query(query);
    let mut px = 0;
    if shows("editor") {
        // the MMA's fields, then the copy's (its thread and value layouts when it has them)
        px += 760;
        if state.copy_fields().over == crate::state::threads::CopyOver::Layouts {
            px += 120;
        }
    }
    if shows("grid") {
        // the hover line, the fragment and registers, and C, A and B one above the other
        // (640 wide each), then the copy's S and D
        px += 240;
        if let Ok(grids) = state.grids() {
            for g in &grids {
                px += 60 + canvas_px(&[g.rows(), g.cols()], 640, 640);
            }
        }
        if let Some(Ok(grids)) = state.copy_grids() {
            px += 60;
            for g in &grids {
                px += 60 + canvas_px(&[g.rows(), g.cols()], 640, 640);
            }
        }
    }
    px
}

fn triton_px(query: &str, shows: impl Fn(&str) -> bool) -> i64 {
    use crate::state::url::PageState;
    let (state, _) = crate::state::triton::TritonState::read_query(query);
    let grid = |shape: &[u32]| {
        let shape: Vec<i64> = shape.iter().map(|&s| i64::from(s)).collect();
        60 + canvas_px(&shape, 640, 640)
    };
    let mut px = 0;
    if shows("editor") {
        // preset, the two text areas, shape, colour, pick and the summaries
        px += 610;
    }
    if shows("grid") {
        // the hover line, the grid, and the second one with the conversion's lines
        px += 100 + grid(&state.made().shape);
        if let Some(other) = state.other() {
            // its caption and summary, and the conversion's three lines
            px += 240 + grid(&other.shape);
        }
    }
    if shows("export") {
        px += 50;
    }
    if shows("notation") {
        // the notations, Triton's print and the counterpart, then the matrix, a row per
        // output bit
        px += 480 + 28 * i64::from(state.made().linear.total_out_bits());
    }
    px
}

fn layouts_px(query: &str, shows: impl Fn(&str) -> bool) -> i64 {
    let state = LayoutsState::from_query(query);
    let mut px = 0;
    if shows("editor") {
        px += 59;
    }
    if shows("notation") {
        px += 452;
    }
    if shows("grid") {
        px += cells_panel_px(343, state.grid().as_ref().map_err(|_| ()));
    }
    if shows("banks") {
        // measured at 720 px: the controls (the units note among them), summaries and headings,
        // then the two canvases one above the other (480 wide, each with its caption), the
        // chosen load's phase table (a line per 8 words of a phase's worst bank) and the bit
        // matrix (a row per bit)
        let view = state.banks.view(state.layout());
        let canvas = canvas_px(&view.swizzled.grid.shape, 480, 480);
        let table = match &view.swizzled.read {
            Ok(read) => read.loads.get(state.banks.load).map_or(0, |(_, report)| {
                62 + report
                    .phases()
                    .iter()
                    .map(|p| 36 * p.wavefronts.div_ceil(8).max(1) as i64)
                    .sum::<i64>()
            }),
            Err(_) => 0,
        };
        let bits = i64::from(state.banks.matrix_bits(state.layout()));
        px += 870 + 2 * (canvas + 107) + table + 64 + 19 * bits;
    }
    if shows("workbench") {
        px += 865;
    }
    px
}

fn morphisms_px(query: &str, shows: impl Fn(&str) -> bool) -> i64 {
    let state = MorphismsState::from_query(query);
    let mut px = 0;
    if shows("editor") {
        px += 221;
    }
    if shows("diagram") {
        let drawn = Drawn::of(state.editor().morphism());
        let frame = Frame::of(&drawn.diagram);
        let shape = drawn
            .grid
            .as_ref()
            .map_or(&[][..], |g| &g.logical.shape[..]);
        // the encoded layout L_f and its grid, beside the diagram when both fit
        let encoded = 195 + grid_px(shape);
        let encoded_width = (extent(shape).0 * ROW_PX).max(262);
        let (diagram, width) = (frame.height.ceil() as i64, frame.width.ceil() as i64);
        px += 155
            + if width + 19 + encoded_width <= CONTENT_PX {
                diagram.max(encoded)
            } else {
                diagram + 19 + encoded
            };
    }
    if shows("ops") {
        px += 930;
    }
    if shows("walkthrough") {
        px += 538;
    }
    if shows("export") {
        px += 55;
    }
    px
}

/// A Syno row: its statement, then its dimension chips wrapped in what the widest statement
/// leaves of the content width.
fn syno_row_px(row: &Row, label_width: i64) -> i64 {
    let room = (CONTENT_PX - label_width).max(120);
    let (mut lines, mut used) = (1, 0);
    for (id, size, tensors) in &row.dims {
        // `d0: 2 {in0, in1}` at 0.8rem monospace, with the chip's padding, border and margin
        let chars = format!("{id}: {size} {{}}").len() + tensors.len() * 5;
        let width = chars as i64 * 8 + 15;
        if used > 0 && used + width > room {
            lines += 1;
            used = 0;
        }
        used += width;
    }
    6 + 20 * lines
}

fn syno_px(query: &str, shows: impl Fn(&str) -> bool) -> i64 {
    let state = SynoState::from_query(query);
    let mut px = 0;
    if shows("editor") {
        px += 428;
    }
    if shows("rows") {
        let rows = &state.built().rows;
        let label_width = rows
            .iter()
            .map(|r| r.label.len() as i64 * 9 + 13)
            .max()
            .unwrap_or(0);
        px += 16
            + rows
                .iter()
                .map(|r| syno_row_px(r, label_width))
                .sum::<i64>();
    }
    if shows("expr") {
        px += 106;
    }
    if shows("grid") {
        // the output's grid, then each input's with its export line, one under another
        if let Some(Ok(grids)) = state.built().access.as_ref().map(Grids::of) {
            px += grids
                .panes
                .iter()
                .enumerate()
                .map(|(k, pane)| if k == 0 { 61 } else { 141 } + grid_px(&pane.shape))
                .sum::<i64>();
        }
    }
    px
}

fn shader_px(query: &str, shows: impl Fn(&str) -> bool) -> i64 {
    let shader = ShaderState::from_query(query);
    let mut px = 0;
    if shows("editor") {
        px += 106;
    }
    if shows("code") {
        px += 671;
    }
    if shows("grid") {
        let read = |from: Source| if shader.from == from { query } else { "" };
        let views = ViewsState::from_query(read(Source::Views)).0;
        let layouts = LayoutsState::from_query(read(Source::Layouts));
        let morphisms = MorphismsState::from_query(read(Source::Morphisms));
        let syno = SynoState::from_query(read(Source::Syno));
        let pages = Pages {
            views: &views,
            layouts: &layouts,
            morphisms: &morphisms,
            syno: &syno,
        };
        let grid = Subject::of(shader.from, shader.input, &pages)
            .and_then(|s| s.generate(&shader.opts()))
            .and_then(|g| g.grid());
        px += 399 + grid.map_or(0, |g| grid_px(&g.logical.shape));
    }
    px
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::embed::panel::default_panels;

    #[test]
    fn grids_grow_by_a_row_of_cells_per_row_and_a_label_per_block() {
        assert_eq!(grid_px(&[4, 2]), 4 * ROW_PX);
        assert_eq!(grid_px(&[16, 2]), 16 * ROW_PX);
        assert_eq!(grid_px(&[7]), ROW_PX);
        // rank 3: a row of blocks, one label high
        assert_eq!(grid_px(&[2, 3, 4]), 3 * ROW_PX + BLOCK_PX);
        // rank 4: a column of two rows of blocks, with a gap row between
        assert_eq!(grid_px(&[2, 2, 2, 2]), 5 * ROW_PX + 2 * 2 * BLOCK_PX);
        assert_eq!(strip_px(0), 0);
        assert_eq!(strip_px(17), ROW_PX);
        assert_eq!(strip_px(18), 2 * ROW_PX);
    }

    /// The figures measured in Chromium at 720 px for the default panels: the estimate is
    /// never short (the grid shows whole) and at most a little long.
    #[test]
    fn layouts_height_is_the_grid_rows_plus_the_panels() {
        let grid = ["grid"];
        for (layout, measured) in [
            ("(4,2):(2,1)", 585),
            ("(8,2):(2,1)", 737),
            ("(16,2):(2,1)", 1079),
            ("(2,2,2):(1,2,4)", 538),
            ("(2,2,2,2):(1,2,4,8)", 749),
        ] {
            let h = auto_height(Page::Layouts, &format!("L={layout}"), &grid);
            assert!(
                (measured..=measured + 40).contains(&h),
                "{layout}: {h} for {measured}"
            );
        }
        let default = auto_height(
            Page::Layouts,
            "L=((4,4),4):((16,1),4)",
            &default_panels(Page::Layouts),
        );
        assert!((1682..=1722).contains(&default), "{default}");
        // the README's example
        let readme = ["notation", "grid"];
        assert_eq!(
            auto_height(Page::Layouts, "L=((4,4),4):((16,1),4)", &readme),
            1623
        );
        // each row of cells adds its height
        let (a, b) = (
            auto_height(Page::Layouts, "L=(4,2):(2,1)", &grid),
            auto_height(Page::Layouts, "L=(5,2):(2,1)", &grid),
        );
        assert_eq!(b - a, ROW_PX as u32);
        // the workbench adds its own
        let all = ["editor", "notation", "grid", "workbench"];
        assert!(
            auto_height(Page::Layouts, "L=(4,2):(2,1)", &all)
                > default_height(Page::Layouts, "L=(4,2):(2,1)") + 600
        );
    }

    fn default_height(page: Page, query: &str) -> u32 {
        auto_height(page, query, &default_panels(page))
    }

    #[test]
    fn every_page_estimates_its_measured_height() {
        for (page, query, panels, measured) in [
            (Page::Views, "shape=3,4", &["grid"][..], 529),
            (Page::Views, "shape=8,8", &["grid"], 833),
            (Page::Views, "shape=16,8", &["grid"], 1289),
            (Page::Views, "shape=16,16", &["grid"], 1593),
            (Page::Views, "shape=2,3,4", &["grid"], 596),
            // canvases: as tall as the grid's proportions ask, within bounds
            (Page::Views, "shape=32,32", &["grid"], 1232),
            (Page::Views, "shape=64,16", &["grid"], 1232),
            (Page::Views, "shape=8,64", &["grid"], 665),
            (
                Page::Views,
                "shape=3,4",
                &["editor", "stack", "expr", "grid", "export"],
                1710,
            ),
            (
                Page::Views,
                "shape=3,2&ops=permute:1,0;reshape:3,2",
                &["stack"],
                691,
            ),
            (
                Page::Morphisms,
                "f=(4,4) --(1,3)--> (4,2,4)",
                &["diagram"],
                643,
            ),
            (
                Page::Morphisms,
                "",
                &["editor", "diagram", "export", "ops", "walkthrough"],
                2637,
            ),
            (Page::Syno, "", &["editor", "rows", "expr", "grid"], 1500),
            (
                Page::Shader,
                "from=views&shape=3,4",
                &["editor", "code", "grid"],
                1379,
            ),
            (Page::Shader, "from=views&shape=8,8", &["grid"], 793),
            (Page::Shader, "from=layouts&L=(8,2):(2,1)", &["grid"], 565),
            // the Triton page's panels, measured in a 720 px widget
            (Page::Triton, "", &["editor", "grid", "notation"], 1927),
            (Page::Triton, "", &["grid", "notation"], 1324),
            (
                Page::Triton,
                "layout=%23ttg.nvidia_mma%3C%7BversionMajor%20%3D%202%2C%20versionMinor%20%3D%200%2C%20warpsPerCTA%20%3D%20%5B1%2C%201%5D%2C%20instrShape%20%3D%20%5B16%2C%208%5D%7D%3E&shape=16,8",
                &["grid", "notation"],
                1532,
            ),
            (
                Page::Triton,
                "layout=%23ttg.blocked%3C%7BsizePerThread%20%3D%20%5B1%2C%204%5D%2C%20threadsPerWarp%20%3D%20%5B4%2C%208%5D%2C%20warpsPerCTA%20%3D%20%5B4%2C%201%5D%2C%20order%20%3D%20%5B1%2C%200%5D%7D%3E&shape=32,32&to=%23ttg.nvidia_mma%3C%7BversionMajor%20%3D%202%2C%20versionMinor%20%3D%200%2C%20warpsPerCTA%20%3D%20%5B2%2C%202%5D%2C%20instrShape%20%3D%20%5B16%2C%208%5D%7D%3E",
                &["editor", "grid", "notation"],
                3174,
            ),
        ] {
            let h = auto_height(page, query, panels);
            assert!(
                (measured..=measured + 60).contains(&h),
                "{page:?} {query} {panels:?}: {h} for {measured}"
            );
        }
    }

    #[test]
    fn heights_stay_in_range() {
        assert_eq!(auto_height(Page::Layouts, "L=1:1", &[]), MIN_HEIGHT);
        assert_eq!(auto_height(Page::Views, "shape=3,4", &[]), MIN_HEIGHT);
        assert!(auto_height(Page::Layouts, "L=(1024,1):(1,1)", &["grid"]) <= MAX_HEIGHT);
    }
}
