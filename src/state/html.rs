//! Read-only panels rendered to HTML text. The UI sets each as one element's `innerHTML` and
//! reads the `data-*` attributes here in one delegated handler per panel, so a panel costs a
//! string builder instead of a reactive node per element. Every text is escaped.

use std::fmt::Write;

use crate::engine::expr::Piece;
use crate::engine::simplify::StopReason;
use crate::engine::IndexExprs;
use crate::state::stack_grid::{Cell, Grid, MemoryCell};

/// Escapes text for HTML content and double-quoted attributes.
pub fn escape(text: &str) -> String {
    crate::engine::render::xml(text)
}

/// Appends `piece` with every sub-expression in a `span.sub` naming its node.
fn piece_html(piece: &Piece, out: &mut String) {
    match piece {
        Piece::Text(t) => out.push_str(&escape(t)),
        Piece::Node(id, parts) => {
            let _ = write!(out, r#"<span class="sub" data-expr="{}">"#, id.raw());
            for part in parts {
                piece_html(part, out);
            }
            out.push_str("</span>");
        }
    }
}

/// The `idx` and `valid` rows of the expression panel: readable form with hoverable
/// sub-expressions, operation count, a copy button (`data-copy` names the row) and
/// tinygrad's form.
pub fn expr_rows(exprs: &IndexExprs) -> String {
    let arena = &exprs.arena;
    let mut out = String::new();
    for (name, id) in [("idx", exprs.idx), ("valid", exprs.valid)] {
        let _ = write!(
            out,
            r#"<dt>{name}</dt><dd><code class="expr" data-testid="expr-{name}">"#
        );
        piece_html(&arena.readable_piece(id), &mut out);
        let _ = write!(
            out,
            r#"</code><span class="expr__ops" data-testid="ops-{name}">{} ops</span><button type="button" class="expr__copy" data-testid="copy-{name}" data-copy="{name}">Copy</button><code class="expr expr--tinygrad" data-testid="expr-{name}-tinygrad">{}</code></dd>"#,
            arena.op_count(id),
            escape(&arena.render_tinygrad(id)),
        );
    }
    out
}

/// The summary line of the simplifier's steps.
pub fn steps_summary(exprs: &IndexExprs) -> String {
    let n = exprs.steps.len();
    format!(
        "Simplifier: {n} step{}{}",
        if n == 1 { "" } else { "s" },
        if exprs.stop == StopReason::Saturated {
            ""
        } else {
            " (step limit reached)"
        },
    )
}

/// The simplifier's steps as list items: rule, before, after.
pub fn steps_list(exprs: &IndexExprs) -> String {
    let arena = &exprs.arena;
    let mut out = String::new();
    for s in &exprs.steps {
        let _ = write!(
            out,
            r#"<li><span class="steps__rule">{}</span><code>{}</code> → <code>{}</code></li>"#,
            s.rule,
            escape(&arena.render_readable(s.before)),
            escape(&arena.render_readable(s.after)),
        );
    }
    out
}

/// `(a,b)`, as cells name their coordinate.
pub fn coord_text(coord: &[i64]) -> String {
    let parts: Vec<String> = coord.iter().map(i64::to_string).collect();
    format!("({})", parts.join(","))
}

fn cell_html(cell: &Cell, test_id: &str, out: &mut String) {
    let coord = coord_text(&cell.coord);
    let (masked, shown, addr) = match cell.value {
        Some(v) => ("", v.to_string(), v.to_string()),
        None => (" cell--masked", "·".to_string(), "masked".to_string()),
    };
    let _ = write!(
        out,
        r#"<div class="cell cell--logical{masked}" data-index="{}" data-testid="{test_id}" data-coord="{coord}" data-addr="{addr}""#,
        cell.index
    );
    if let Some(t) = cell.tile {
        let _ = write!(out, r#" data-tile="{}""#, t % 8);
    }
    let _ = write!(
        out,
        r#" tabindex="0" role="gridcell" aria-label="{coord} → {addr}">{shown}</div>"#
    );
}

/// Rank 0 a cell, rank 1 a row, rank 2 a grid, higher ranks nested blocks of those (rows of
/// blocks at odd rank, columns at even), never flattened.
fn block_html(shape: &[i64], cells: &[Cell], axis: usize, test_id: &str, out: &mut String) {
    let row = |cells: &[Cell], out: &mut String| {
        out.push_str(r#"<div class="grid-row">"#);
        for c in cells {
            cell_html(c, test_id, out);
        }
        out.push_str("</div>");
    };
    match shape.len() {
        0 => {
            if let Some(c) = cells.first() {
                cell_html(c, test_id, out);
            }
        }
        1 => row(cells, out),
        2 => {
            out.push_str(r#"<div class="grid-2d">"#);
            for r in cells.chunks(usize::try_from(shape[1]).unwrap_or(0).max(1)) {
                row(r, out);
            }
            out.push_str("</div>");
        }
        rank => {
            let inner: usize = shape[1..]
                .iter()
                .map(|&d| usize::try_from(d).unwrap_or(0))
                .product();
            let _ = write!(
                out,
                r#"<div class="blocks blocks--{}">"#,
                if rank % 2 == 1 { "row" } else { "col" }
            );
            for (k, chunk) in cells.chunks(inner.max(1)).enumerate() {
                let _ = write!(
                    out,
                    r#"<div class="block"><span class="block__label">d{axis}={k}</span>"#
                );
                block_html(&shape[1..], chunk, axis + 1, test_id, out);
                out.push_str("</div>");
            }
            out.push_str("</div>");
        }
    }
}

/// A grid's cells, each showing its value (`·` where masked), test-identified by `test_id`,
/// named by `data-index` (row-major position) and `data-coord`.
pub fn grid(grid: &Grid, test_id: &str) -> String {
    let mut out = String::with_capacity(grid.cells.len() * 160);
    block_html(&grid.shape, &grid.cells, 0, test_id, &mut out);
    out
}

/// The memory strip: one cell per address, unused addresses marked.
pub fn memory(cells: &[MemoryCell]) -> String {
    if cells.is_empty() {
        return r#"<p class="empty">No valid element reaches memory.</p>"#.to_string();
    }
    let mut out = String::with_capacity(cells.len() * 150);
    for cell in cells {
        let readers = cell.readers.len();
        let (unused, label) = if readers == 0 {
            (" cell--unused", "unused".to_string())
        } else {
            ("", format!("read by {readers} logical cells"))
        };
        let _ = write!(
            out,
            r#"<div class="cell cell--memory{unused}" data-testid="memory-cell" data-addr="{a}" data-readers="{readers}" tabindex="0" role="listitem" aria-label="address {a}, {label}">{a}</div>"#,
            a = cell.address
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ShapeTracker;

    fn exprs(shape: &[i64], ops: &str) -> IndexExprs {
        let start = ShapeTracker::from_shape(shape).unwrap();
        crate::state::views::apply_op_list(start, ops)
            .unwrap()
            .index_exprs()
    }

    #[test]
    fn rows_nest_every_sub_expression_and_escape_text() {
        let e = exprs(&[3, 2], "permute 1,0; reshape 3,2");
        let html = expr_rows(&e);
        assert!(html.contains(r#"data-testid="expr-idx""#));
        assert!(html.contains(r#"data-copy="valid""#));
        // Balanced spans: one close per open.
        assert_eq!(
            html.matches("<span class=\"sub\"").count(),
            html.matches("</span>").count() - 2
        );
        let readable = e.arena.render_readable(e.idx);
        let text: String = {
            let start = html.find(r#"data-testid="expr-idx">"#).unwrap() + 22;
            let end = html[start..].find("</code>").unwrap() + start;
            let mut inside = false;
            html[start..end]
                .chars()
                .filter(|&c| match c {
                    '<' => {
                        inside = true;
                        false
                    }
                    '>' => {
                        inside = false;
                        false
                    }
                    _ => !inside,
                })
                .collect()
        };
        assert_eq!(text, escape(&readable));
    }

    fn cell(index: usize, coord: &[i64], value: Option<i64>) -> Cell {
        Cell {
            index,
            coord: coord.to_vec(),
            value,
            tile: None,
        }
    }

    #[test]
    fn a_rank_3_grid_nests_blocks_of_rows_and_names_every_cell() {
        let shape = vec![2, 1, 2];
        let cells: Vec<Cell> = (0..4)
            .map(|i| {
                let coord = [i as i64 / 2, 0, i as i64 % 2];
                cell(i, &coord, (i != 3).then_some(i as i64 * 5))
            })
            .collect();
        let html = grid(&Grid { shape, cells }, "logical-cell");
        assert_eq!(html.matches(r#"data-testid="logical-cell""#).count(), 4);
        assert_eq!(html.matches(r#"class="block""#).count(), 2);
        assert!(html.contains(r#"<span class="block__label">d0=1</span>"#));
        assert!(html.contains(r#"data-coord="(1,0,0)" data-addr="10""#));
        assert!(html.contains(r#"cell--masked" data-index="3""#));
        assert!(html.contains(r#"aria-label="(1,0,1) → masked">·</div>"#));
        assert_eq!(html.matches("<div").count(), html.matches("</div>").count());
    }

    #[test]
    fn memory_marks_unused_addresses() {
        let html = memory(&[
            MemoryCell {
                address: 4,
                readers: vec![0, 1],
            },
            MemoryCell {
                address: 5,
                readers: vec![],
            },
        ]);
        assert!(html.contains(r#"data-addr="4" data-readers="2""#));
        assert!(html.contains(r#"cell--unused" data-testid="memory-cell" data-addr="5""#));
        assert!(memory(&[]).contains("No valid element"));
    }

    #[test]
    fn a_comparison_is_escaped() {
        let e = exprs(&[4], "pad (1,1)");
        let html = expr_rows(&e);
        assert!(html.contains("&lt;"), "{html}");
        assert!(!html.contains("< "), "{html}");
        assert!(steps_summary(&e).starts_with("Simplifier: "));
    }
}
