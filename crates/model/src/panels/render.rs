//! Pictures of grids for documentation: a row-major grid of values as standalone SVG or as a
//! TikZ picture, the last two dims as rows and columns of a block and any leading dims as
//! labelled blocks (never flattened), placed as the app nests them: the innermost leading dim
//! across, the next down, and so on alternately. The CLI's `render` writes these; values are
//! whatever the caller's cells show (a layout's `L(i)`, a view stack's addresses, `·` where
//! masked).

use std::fmt::Write as _;

use crate::panels::common::attrs;
use crate::panels::markup::{Markup, Text};
use engine::support::text::coord_text;

/// Side of a cell, in pixels.
const CELL_PX: usize = 28;
/// Gap between blocks, in pixels.
const GAP_PX: usize = 16;
/// Room above the blocks for their labels, in pixels.
const LABEL_PX: usize = 18;

/// The block geometry of a row-major `shape`: (blocks, rows, columns).
fn blocks(shape: &[i64]) -> (usize, usize, usize) {
    let dim = |d: i64| usize::try_from(d).unwrap_or(0);
    match shape {
        [] => (1, 1, 1),
        [c] => (1, 1, dim(*c)),
        [lead @ .., r, c] => (lead.iter().map(|&d| dim(d)).product(), dim(*r), dim(*c)),
    }
}

/// Where block `k` (row-major over the leading dims) stands, as the app's grids nest blocks:
/// a leading dim with an odd number of dims from it to the end runs across, one with an even
/// number runs down, outer dims in bigger steps. Returns `((column, row), (columns, rows))`.
fn block_place(shape: &[i64], k: usize) -> ((usize, usize), (usize, usize)) {
    let lead = &shape[..shape.len().saturating_sub(2)];
    let coord = engine::coord_from_index(lead, k as i64);
    let (mut at, mut span) = ((0usize, 0usize), (1usize, 1usize));
    for (a, (&c, &d)) in coord.iter().zip(lead).enumerate() {
        let (c, d) = (
            usize::try_from(c).unwrap_or(0),
            usize::try_from(d).unwrap_or(0),
        );
        if (shape.len() - a) % 2 == 1 {
            (at.0, span.0) = (at.0 * d + c, span.0 * d);
        } else {
            (at.1, span.1) = (at.1 * d + c, span.1 * d);
        }
    }
    (at, span)
}

/// The label of block `k` of `shape`: its leading coordinates.
fn block_label(shape: &[i64], k: usize) -> String {
    let lead = &shape[..shape.len().saturating_sub(2)];
    coord_text(&engine::coord_from_index(lead, k as i64))
}

/// Names of a picture's rows, columns and blocks, where they say more than the position (a
/// layout's hierarchical coordinates along its modes). Empty lists draw no names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// One per row, top to bottom.
    pub rows: Vec<String>,
    /// One per column, left to right.
    pub cols: Vec<String>,
    /// One per block, in block order.
    pub blocks: Vec<String>,
}

/// Pixels per character of a 9-pixel monospace label.
const LABEL_CHAR_PX: usize = 6;

fn text(value: Option<i64>) -> String {
    value.map_or_else(|| "·".to_string(), |v| v.to_string())
}

/// Pixels per character of the 11-pixel monospace cell text (0.6 em, rounded up).
const VALUE_CHAR_PX: usize = 7;

/// The width of a cell: `CELL_PX`, or wider where the longest value needs it, so every value
/// stays legible at any number of cells (a vector picture is zoomed, never shrunk to fit).
fn cell_width(values: &[Option<i64>]) -> usize {
    let widest = values.iter().map(|v| text(*v).chars().count()).max();
    widest.map_or(CELL_PX, |n| CELL_PX.max(n * VALUE_CHAR_PX + 8))
}

/// Opens a standalone SVG document of `width` × `height` pixels, monospace text of
/// `font_size` on a white background: the start of the grid, thread-value and Triton pictures.
/// The caller draws into it and closes it.
pub(crate) fn open_svg(m: &mut dyn Markup, width: i64, height: i64, font_size: &str) {
    let (w, h) = (width.to_string(), height.to_string());
    m.open("svg");
    attrs(
        m,
        &[
            ("xmlns", "http://www.w3.org/2000/svg"),
            ("width", &w),
            ("height", &h),
            ("viewBox", &format!("0 0 {w} {h}")),
            ("font-family", "monospace"),
            ("font-size", font_size),
        ],
    );
    m.el(
        "rect",
        &[("width", "100%"), ("height", "100%"), ("fill", "white")],
        "",
    );
}

/// A standalone SVG of the grid: `values` row-major over `shape` (missing ones drawn as `·`),
/// with rows, columns and blocks named by `labels` where given. Cells are as wide as the
/// longest value needs, and text keeps its 11-pixel size however many cells there are.
pub fn grid_svg(shape: &[i64], values: &[Option<i64>], title: &str, labels: &Labels) -> String {
    Text::of(|m| draw_grid(m, shape, values, title, labels))
}

fn draw_grid(
    m: &mut dyn Markup,
    shape: &[i64],
    values: &[Option<i64>],
    title: &str,
    labels: &Labels,
) {
    let (count, rows, cols) = blocks(shape);
    let cell_w = cell_width(values);
    let block_w = cols * cell_w;
    let widest = labels.rows.iter().map(|l| l.chars().count()).max();
    let gutter = widest.map_or(0, |n| n * LABEL_CHAR_PX + 6);
    let header = if labels.cols.is_empty() { 0 } else { 14 };
    let (_, (across, down)) = block_place(shape, 0);
    let block_h = LABEL_PX + header + rows * CELL_PX + GAP_PX;
    let width = (across * (block_w + GAP_PX)).max(GAP_PX) + GAP_PX + gutter;
    let height = LABEL_PX + down * block_h + GAP_PX;
    let n = |v: usize| v.to_string();
    open_svg(m, width as i64, height as i64, "11");
    m.el(
        "text",
        &[
            ("x", &n(GAP_PX)),
            ("y", &n(LABEL_PX - 4)),
            ("font-size", "13"),
        ],
        title,
    );
    let (cell_w_text, cell_h_text) = (n(cell_w), n(CELL_PX));
    for k in 0..count {
        let ((bx, by), _) = block_place(shape, k);
        let x0 = GAP_PX + gutter + bx * (block_w + GAP_PX);
        let y0 = 2 * LABEL_PX + GAP_PX / 2 + header + by * block_h;
        if shape.len() > 2 {
            let name = labels
                .blocks
                .get(k)
                .map_or_else(|| block_label(shape, k), String::clone);
            m.el(
                "text",
                &[("x", &n(x0)), ("y", &n(y0 - 4 - header)), ("fill", "#555")],
                &name,
            );
        }
        for (c, name) in labels.cols.iter().enumerate().take(cols) {
            m.el(
                "text",
                &[
                    ("x", &n(x0 + c * cell_w + cell_w / 2)),
                    ("y", &n(y0 - 4)),
                    ("font-size", "9"),
                    ("fill", "#555"),
                    ("text-anchor", "middle"),
                ],
                name,
            );
        }
        if bx == 0 {
            for (r, name) in labels.rows.iter().enumerate().take(rows) {
                m.el(
                    "text",
                    &[
                        ("x", &n(x0 - 4)),
                        ("y", &n(y0 + r * CELL_PX + CELL_PX / 2 + 3)),
                        ("font-size", "9"),
                        ("fill", "#555"),
                        ("text-anchor", "end"),
                    ],
                    name,
                );
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let i = (k * rows + r) * cols + c;
                let value = values.get(i).copied().flatten();
                let (x, y) = (x0 + c * cell_w, y0 + r * CELL_PX);
                let fill = if value.is_some() {
                    "#e8eefc"
                } else {
                    "#f6e9e9"
                };
                m.el(
                    "rect",
                    &[
                        ("x", &n(x)),
                        ("y", &n(y)),
                        ("width", &cell_w_text),
                        ("height", &cell_h_text),
                        ("fill", fill),
                        ("stroke", "#fff"),
                    ],
                    "",
                );
                m.el(
                    "text",
                    &[
                        ("x", &n(x + cell_w / 2)),
                        ("y", &n(y + CELL_PX / 2 + 4)),
                        ("text-anchor", "middle"),
                    ],
                    &text(value),
                );
            }
        }
    }
    m.close();
}

/// The same grid as a TikZ picture: one node per cell, blocks placed as in the SVG, 0.6 cm
/// cells, with the names of `labels` beside the rows (of the first block column) and above the
/// columns.
pub fn grid_tikz(shape: &[i64], values: &[Option<i64>], labels: &Labels) -> String {
    let (count, rows, cols) = blocks(shape);
    let mut out = String::from(
        "\\begin{tikzpicture}[cell/.style={draw=white, fill=blue!8, minimum size=6mm, \
         inner sep=0pt, font=\\scriptsize\\ttfamily}, masked/.style={cell, fill=red!8}]\n",
    );
    for k in 0..count {
        // 6 mm cells, blocks 1 cm apart (and 6 mm more down, for the names above a block);
        // integer millimetres keep floats out of the text
        let ((bx, by), _) = block_place(shape, k);
        let x0 = bx * (cols * 6 + 10);
        let y0 = -((by * (rows * 6 + 16)) as i64);
        let row_y = |r: usize| y0 - (r * 6 + 3) as i64;
        if shape.len() > 2 {
            let name = labels
                .blocks
                .get(k)
                .map_or_else(|| block_label(shape, k), |n| tex(n));
            let _ = writeln!(
                out,
                "\\node[anchor=south west, font=\\scriptsize] at ({x0}mm, {}mm) {{{name}}};",
                y0 + 6
            );
        }
        for (c, name) in labels.cols.iter().enumerate().take(cols) {
            let _ = writeln!(
                out,
                "\\node[anchor=south, font=\\tiny\\ttfamily] at ({}mm, {y0}mm) {{{}}};",
                x0 + c * 6 + 3,
                tex(name)
            );
        }
        if bx == 0 {
            for (r, name) in labels.rows.iter().enumerate().take(rows) {
                let _ = writeln!(
                    out,
                    "\\node[anchor=east, font=\\tiny\\ttfamily] at (0mm, {}mm) {{{}}};",
                    row_y(r),
                    tex(name)
                );
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let value = values.get((k * rows + r) * cols + c).copied().flatten();
                let style = if value.is_some() { "cell" } else { "masked" };
                let _ = writeln!(
                    out,
                    "\\node[{style}] at ({}mm, {}mm) {{{}}};",
                    x0 + c * 6 + 3,
                    row_y(r),
                    value.map_or_else(|| "$\\cdot$".to_string(), |v| v.to_string())
                );
            }
        }
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

/// A label as TikZ node text: braces and the TeX specials escaped.
fn tex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '{' | '}' | '#' | '%' | '&' | '_' | '$' => {
                out.push('\\');
                out.push(c);
            }
            '\\' => out.push_str("\\textbackslash{}"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The number in the first `name="…"` attribute of `svg`.
    fn attr(svg: &str, name: &str) -> usize {
        let at = svg.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    }

    #[test]
    fn a_two_by_three_grid_has_six_cells_in_row_major_order() {
        let values: Vec<Option<i64>> = vec![Some(0), Some(3), None, Some(1), Some(4), Some(7)];
        let svg = grid_svg(&[2, 3], &values, "a <title>", &Labels::default());
        assert_eq!(svg.matches("<rect x=").count(), 6);
        assert!(svg.contains("a &lt;title&gt;"));
        let first = svg.find(">3</text>").unwrap();
        let second = svg.find(">1</text>").unwrap();
        assert!(first < second, "row 0 before row 1");
        assert!(svg.contains(">·</text>"), "masked cells show a dot");
        let tikz = grid_tikz(&[2, 3], &values, &Labels::default());
        assert_eq!(tikz.matches("\\node[").count(), 6);
        assert!(
            tikz.contains("\\node[masked] at (15mm, -3mm) {$\\cdot$};"),
            "{tikz}"
        );
    }

    /// 16,384 cells with five- and six-character values: every value fits its cell at the
    /// picture's 11-pixel text (0.6 em per monospace character), and no two cells overlap.
    #[test]
    fn sixteen_thousand_cells_stay_legible() {
        let values: Vec<Option<i64>> = (0..16_384)
            .map(|i| (i % 97 != 0).then_some(i * 7 - 50_000))
            .collect();
        let svg = grid_svg(&[128, 128], &values, "big", &Labels::default());
        assert!(svg.contains("font-size=\"11\""));
        let mut cells = 0;
        let mut last: Option<(usize, usize, usize)> = None; // (y, x, width) of the previous cell
        for piece in svg.split("<rect x=\"").skip(1) {
            let num = |name: &str| attr(&format!(" x=\"{piece}"), name);
            let (x, y, w) = (num("x"), num("y"), num("width"));
            let value = piece
                .split("text-anchor=\"middle\">")
                .nth(1)
                .and_then(|t| t.split('<').next())
                .unwrap();
            let text_px = value.chars().count() as f64 * 0.6 * 11.0;
            assert!(text_px + 2.0 <= w as f64, "{value} in a {w}-pixel cell");
            if let Some((py, px, pw)) = last {
                assert!(y > py || x >= px + pw, "cells overlap at ({x},{y})");
            }
            last = Some((y, x, w));
            cells += 1;
        }
        assert_eq!(cells, 16_384);
        assert!(svg.contains(">-49993</text>") && svg.contains(">64681</text>"));
    }

    #[test]
    fn leading_dims_are_labelled_blocks() {
        let values: Vec<Option<i64>> = (0..12).map(Some).collect();
        let svg = grid_svg(&[2, 2, 3], &values, "", &Labels::default());
        assert!(svg.contains(">(0)</text>") && svg.contains(">(1)</text>"));
        assert_eq!(block_label(&[2, 3, 4, 5], 4), "(1,1)");
        assert_eq!(blocks(&[7]), (1, 1, 7));
    }

    #[test]
    fn blocks_nest_as_the_app_draws_them() {
        // rank 3: the blocks in a row
        let places: Vec<_> = (0..3).map(|k| block_place(&[3, 2, 2], k)).collect();
        assert_eq!(
            places,
            [((0, 0), (3, 1)), ((1, 0), (3, 1)), ((2, 0), (3, 1))]
        );
        // rank 4: dim 0 down, dim 1 across (the app's column of rows of blocks)
        assert_eq!(block_place(&[2, 3, 2, 2], 5), ((2, 1), (3, 2)));
        assert_eq!(block_place(&[2, 3, 2, 2], 2), ((2, 0), (3, 2)));
        // rank 5: dims 0 and 2 across (0 in bigger steps), dim 1 down
        assert_eq!(block_place(&[2, 3, 2, 1, 1], 7), ((3, 0), (4, 3)));
        assert_eq!(block_place(&[2, 3, 2, 1, 1], 2), ((0, 1), (4, 3)));
        // every block has its own place
        let mut seen: Vec<_> = (0..12)
            .map(|k| block_place(&[2, 3, 2, 1, 1], k).0)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 12);
        // the pictures: two rows of three blocks
        let values: Vec<Option<i64>> = (0..24).map(Some).collect();
        let svg = grid_svg(&[2, 3, 2, 2], &values, "", &Labels::default());
        let one_row = grid_svg(&[3, 2, 2], &values[..12], "", &Labels::default());
        assert_eq!(attr(&svg, "width"), attr(&one_row, "width"));
        assert_eq!(
            attr(&svg, "height"),
            attr(&one_row, "height") + LABEL_PX + 2 * CELL_PX + GAP_PX
        );
        assert!(svg.contains(">(1,2)</text>"));
        let tikz = grid_tikz(&[2, 3, 2, 2], &values, &Labels::default());
        // block (1,2): two blocks of 12 mm + 10 mm across (x 44 mm), one block row of
        // 12 mm + 16 mm down (y -28 mm, its name 6 mm above)
        assert!(tikz.contains("at (44mm, -22mm) {(1,2)};"), "{tikz}");
        assert!(
            tikz.contains("\\node[cell] at (47mm, -31mm) {20};"),
            "{tikz}"
        );
    }

    #[test]
    fn labels_name_rows_columns_and_blocks_and_widen_the_picture() {
        let values: Vec<Option<i64>> = (0..12).map(Some).collect();
        let labels = Labels {
            rows: vec!["(0,0)".into(), "(1,0)".into()],
            cols: vec!["0".into(), "1".into(), "<2>".into()],
            blocks: vec!["mode 2: 0".into(), "mode 2: 1".into()],
        };
        let plain = grid_svg(&[2, 2, 3], &values, "", &Labels::default());
        let named = grid_svg(&[2, 2, 3], &values, "", &labels);
        assert_eq!(
            attr(&named, "width"),
            attr(&plain, "width") + 5 * LABEL_CHAR_PX + 6
        );
        assert_eq!(
            named.matches("text-anchor=\"end\">(1,0)</text>").count(),
            1,
            "rows once"
        );
        assert_eq!(
            named.matches(">&lt;2&gt;</text>").count(),
            2,
            "columns per block"
        );
        assert!(named.contains(">mode 2: 1</text>"));
        assert_eq!(named.matches("<rect x=").count(), 12);
        let tikz = grid_tikz(&[2, 2, 3], &values, &labels);
        assert!(tikz.contains("{mode 2: 1}"), "{tikz}");
        assert!(tikz.contains("at (0mm, -9mm) {(1,0)};"), "{tikz}");
        assert_eq!(tex("a_b{}\\"), "a\\_b\\{\\}\\textbackslash{}");
    }
}
