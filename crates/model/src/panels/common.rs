//! What the pages' panels share: escaping, grids and the memory strip (each cell named by its
//! coordinate), field errors, property lists, code blocks with copy buttons, select options,
//! the export buttons of a grid picture and `data:` download links.

use crate::draw::colouring::{legend, Colouring};
use crate::draw::stack_grid::{Axes, Cell, Grid, MemoryCell};
use crate::panels::markup::Markup;
use engine::support::text::coord_text;

/// Escapes text for HTML content and double-quoted attributes (the embed snippets).
pub fn escape(text: &str) -> String {
    crate::panels::markup::xml(text)
}

/// Sets each of `attrs` on the element just opened.
#[inline(never)]
pub(super) fn attrs(m: &mut dyn Markup, attrs: &[(&'static str, &str)]) {
    for (name, value) in attrs {
        m.attr(name, value);
    }
}

/// How a grid's cells are written: their test id, the character count texts are padded to
/// (monospace, so columns line up; values too when there are axis labels to align with), and
/// the axis labels.
struct Style<'a> {
    test_id: &'a str,
    width: usize,
    axes: Option<&'a Axes>,
    /// Character count of row labels.
    row_width: usize,
}

/// `text` right-aligned in `width` characters with no-break spaces.
fn padded(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(text.chars().count());
    format!("{}{text}", "\u{a0}".repeat(pad))
}

fn cell_html(m: &mut dyn Markup, cell: &Cell, style: &Style) {
    let coord = coord_text(&cell.coord);
    let (class, value, addr) = match cell.value {
        Some(v) => ("cell cell--logical", v.to_string(), v.to_string()),
        None => (
            "cell cell--logical cell--masked",
            "·".to_string(),
            "masked".to_string(),
        ),
    };
    let shown = match &cell.label {
        Some(label) => padded(label, style.width),
        None if style.axes.is_some() => padded(&value, style.width),
        None => value,
    };
    m.open("div");
    attrs(
        m,
        &[
            ("class", class),
            ("data-index", &cell.index.to_string()),
            ("data-testid", style.test_id),
            ("data-coord", &coord),
            ("data-addr", &addr),
        ],
    );
    if let Some(t) = cell.tile {
        m.attr("data-tile", &(t % 8).to_string());
    }
    if let Some(swatch) = cell.swatch {
        m.attr("data-c", &swatch.attr());
    }
    // one tab stop per grid (its first cell; focus then moves with the arrow keys, and the
    // stop follows it), not one per cell
    attrs(
        m,
        &[
            ("tabindex", if cell.index == 0 { "0" } else { "-1" }),
            ("role", "gridcell"),
            ("aria-label", &format!("{coord} → {addr}")),
        ],
    );
    m.text(&shown);
    m.close();
}

/// An axis label, sized like a cell.
fn axis_html(m: &mut dyn Markup, text: &str, width: usize) {
    m.el(
        "span",
        &[("class", "cell cell--axis"), ("aria-hidden", "true")],
        &padded(text, width),
    );
}

/// Rank 0 a cell, rank 1 a row, rank 2 a grid, higher ranks nested blocks of those (rows of
/// blocks at odd rank, columns at even), never flattened. With axes, a header row names the
/// columns and each row starts with its name.
fn block_html(m: &mut dyn Markup, shape: &[i64], cells: &[Cell], axis: usize, style: &Style) {
    let row = |m: &mut dyn Markup, cells: &[Cell], label: Option<&String>| {
        m.open("div");
        m.attr("class", "grid-row");
        m.attr("role", "row");
        if let Some(label) = label {
            axis_html(m, label, style.row_width);
        }
        for c in cells {
            cell_html(m, c, style);
        }
        m.close();
    };
    let header = |m: &mut dyn Markup, with_corner: bool| {
        if let Some(axes) = style.axes.filter(|a| !a.cols.is_empty()) {
            m.open("div");
            m.attr("class", "grid-row grid-row--axis");
            m.attr("aria-hidden", "true");
            if with_corner {
                axis_html(m, "", style.row_width);
            }
            for label in &axes.cols {
                axis_html(m, label, style.width);
            }
            m.close();
        }
    };
    match shape.len() {
        0 if !cells.is_empty() => row(m, &cells[..1], None),
        0 => {}
        1 => {
            header(m, false);
            row(m, cells, None);
        }
        2 => {
            m.open("div");
            m.attr("class", "grid-2d");
            header(m, true);
            let width = usize::try_from(shape[1]).unwrap_or(0).max(1);
            for (r, cells) in cells.chunks(width).enumerate() {
                row(m, cells, style.axes.and_then(|a| a.rows.get(r)));
            }
            m.close();
        }
        rank => {
            let inner: usize = shape[1..]
                .iter()
                .map(|&d| usize::try_from(d).unwrap_or(0))
                .product();
            m.open("div");
            m.attr(
                "class",
                if rank % 2 == 1 {
                    "blocks blocks--row"
                } else {
                    "blocks blocks--col"
                },
            );
            for (k, chunk) in cells.chunks(inner.max(1)).enumerate() {
                let named = style.axes.and_then(|a| a.blocks.get(axis)?.get(k));
                m.open("div");
                m.attr("class", "block");
                let label = match named {
                    Some(name) => name.clone(),
                    None => format!("d{axis}={k}"),
                };
                m.el(
                    "span",
                    &[("class", "block__label"), ("aria-hidden", "true")],
                    &label,
                );
                block_html(m, &shape[1..], chunk, axis + 1, style);
                m.close();
            }
            m.close();
        }
    }
}

/// A grid's cells, each showing its value (`·` where masked) or its label, test-identified by
/// `test_id`, named by `data-index` (row-major position) and `data-coord`; with the grid's
/// axis labels, if it has them.
pub fn grid(m: &mut dyn Markup, grid: &Grid, test_id: &str) {
    let chars = |t: &String| t.chars().count();
    let mut width = grid
        .cells
        .iter()
        .filter_map(|c| c.label.as_ref().map(chars))
        .max()
        .unwrap_or(0);
    let axes = grid.axes.as_ref();
    if let Some(axes) = axes {
        let values = grid.cells.iter().filter(|c| c.label.is_none());
        let value_width = values
            .map(|c| c.value.map_or(1, |v| v.to_string().len()))
            .max()
            .unwrap_or(0);
        let col_width = axes.cols.iter().map(chars).max().unwrap_or(0);
        width = width.max(value_width).max(col_width);
    }
    let style = Style {
        test_id,
        width,
        axes,
        row_width: axes.map_or(0, |a| a.rows.iter().map(chars).max().unwrap_or(0)),
    };
    block_html(m, &grid.shape, &grid.cells, 0, &style);
}

/// The memory strip: one cell per address, unused addresses marked.
pub fn memory(m: &mut dyn Markup, cells: &[MemoryCell]) {
    if cells.is_empty() {
        m.el(
            "p",
            &[("class", "empty")],
            "No valid element reaches memory.",
        );
        return;
    }
    for (k, cell) in cells.iter().enumerate() {
        let first = k == 0;
        let readers = cell.readers.len();
        let (class, label) = if readers == 0 {
            ("cell cell--memory cell--unused", "unused".to_string())
        } else {
            (
                "cell cell--memory",
                format!("read by {readers} logical cells"),
            )
        };
        let a = cell.address.to_string();
        m.open("div");
        attrs(
            m,
            &[
                ("class", class),
                ("data-testid", "memory-cell"),
                ("data-addr", &a),
                ("data-readers", &readers.to_string()),
            ],
        );
        if let Some(swatch) = cell.swatch {
            m.attr("data-c", &swatch.attr());
        }
        attrs(
            m,
            &[
                ("tabindex", if first { "0" } else { "-1" }),
                ("role", "listitem"),
                ("aria-label", &format!("address {a}, {label}")),
            ],
        );
        m.text(&a);
        m.close();
    }
}

/// The legend of grids coloured by `colouring` whose values span `span`, in a stack of
/// `views` views: what the colouring is, then a swatch per meaning.
pub fn colour_legend(
    m: &mut dyn Markup,
    colouring: Colouring,
    span: Option<(i64, i64)>,
    views: usize,
) {
    m.open("p");
    attrs(m, &[("class", "legend"), ("data-testid", "colour-legend")]);
    let what = match colouring {
        Colouring::Address => "address, lowest to highest:".to_string(),
        Colouring::Modulo(n) => format!("value mod {n}:"),
        Colouring::Latex => "value mod 8, as print_latex:".to_string(),
        Colouring::Threads => "thread mod 8, as print_latex:".to_string(),
        Colouring::Origin => "masked cells by the view that masks them:".to_string(),
        Colouring::Mask => "cells:".to_string(),
        Colouring::Plain => "no colour.".to_string(),
    };
    m.el("span", &[("class", "legend__what")], &what);
    let item = |m: &mut dyn Markup, class: &str, swatch: Option<String>, text: &str| {
        m.open("span");
        m.attr("class", "legend__item");
        m.open("span");
        attrs(m, &[("class", class), ("aria-hidden", "true")]);
        if let Some(s) = swatch {
            m.attr("data-c", &s);
        }
        m.close();
        m.text(text);
        m.close();
    };
    if colouring == Colouring::Mask {
        item(m, "legend__swatch", None, "valid");
        item(m, "legend__swatch cell--masked", None, "masked");
        item(m, "legend__swatch cell--unused", None, "unused memory");
    }
    for (swatch, text) in legend(colouring, span, views) {
        item(m, "legend__swatch", Some(swatch.attr()), &text);
    }
    m.close();
}

/// A field error: `text` in `tag` with `test_id` and the alert role, or without either.
pub(super) fn error(m: &mut dyn Markup, tag: &'static str, test_id: Option<&str>, text: &str) {
    m.open(tag);
    m.attr("class", "field__error");
    if let Some(id) = test_id {
        attrs(m, &[("data-testid", id), ("role", "alert")]);
    }
    m.text(text);
    m.close();
}

/// `<dl class="properties">` of `(term, test id, code)` rows, each code in a `<code>`.
pub(super) fn properties(m: &mut dyn Markup, rows: &[(&str, &str, &str)]) {
    m.open("dl");
    m.attr("class", "properties");
    for (term, test_id, code) in rows {
        m.el("dt", &[], term);
        m.open("dd");
        m.open("code");
        if !test_id.is_empty() {
            m.attr("data-testid", test_id);
        }
        m.text(code);
        m.close();
        m.close();
    }
    m.close();
}

/// `code` and a link (`test_id`, `label`) to the page at `href`, from `found`; or
/// `none: {reason}`.
pub(super) fn code_and_link(
    m: &mut dyn Markup,
    found: Result<(String, String), impl std::fmt::Display>,
    test_id: &str,
    label: &str,
) {
    match found {
        Ok((code, href)) => {
            m.el("code", &[], &code);
            m.text(" ");
            m.el("a", &[("data-testid", test_id), ("href", &href)], label);
        }
        Err(reason) => m.el("span", &[], &format!("none: {reason}")),
    }
}

/// A code block under a heading with a copy button (`data-copy` names what it copies) and
/// `more` after the button.
pub(super) fn code_block(
    m: &mut dyn Markup,
    title: &str,
    name: &str,
    code: &str,
    class: &'static str,
    more: impl FnOnce(&mut dyn Markup),
) {
    m.open("div");
    m.attr("class", "export__head");
    m.el("h3", &[], title);
    m.el(
        "button",
        &[
            ("type", "button"),
            ("data-testid", &format!("copy-{name}")),
            ("data-copy", name),
        ],
        "Copy",
    );
    more(m);
    m.close();
    m.el(
        "pre",
        // focusable, so a keyboard can scroll a long snippet
        &[
            ("class", class),
            ("data-testid", &format!("export-{name}")),
            ("tabindex", "0"),
            ("aria-label", title),
        ],
        code,
    );
}

/// A select's `<option>`s from `(value, label)` pairs, after an empty "choose…" option when
/// `choose` (a select of presets, whose choice is an action rather than a state).
pub fn options(
    m: &mut dyn Markup,
    items: &mut dyn Iterator<Item = (String, String)>,
    choose: bool,
) {
    if choose {
        m.el("option", &[("value", "")], "choose…");
    }
    for (value, label) in items {
        m.el("option", &[("value", &value)], &label);
    }
}

/// `<optgroup>`s of `<option>`s: each group's label and its `(value, label)` items; a first
/// empty "choose…" option when `choose`.
pub fn grouped_options(m: &mut dyn Markup, groups: &[(String, Vec<String>)], choose: bool) {
    if choose {
        m.el("option", &[("value", "")], "choose…");
    }
    for (label, items) in groups {
        m.open("optgroup");
        m.attr("label", label);
        for item in items {
            m.el("option", &[("value", item)], item);
        }
        m.close();
    }
}

/// Export buttons of a grid picture, `label` before them: SVG, PNG and TikZ, each with its
/// format in `data-export` and the test id `{name}-{format}`.
pub fn picture_export(m: &mut dyn Markup, name: &str, label: &str) {
    m.text(label);
    for (format, title) in [("svg", "SVG"), ("png", "PNG"), ("tikz", "TikZ")] {
        m.el(
            "button",
            &[
                ("type", "button"),
                ("data-export", format),
                ("data-testid", &format!("{name}-{format}")),
            ],
            title,
        );
    }
}

/// A `data:` URL holding `svg`, for a download link.
pub fn svg_href(svg: &str) -> String {
    data_href("image/svg+xml", svg)
}

/// A `data:` URL holding `text` of type `mime`, for a download link.
pub fn data_href(mime: &str, text: &str) -> String {
    format!(
        "data:{mime};charset=utf-8,{}",
        crate::state::url::percent_encode(text, crate::state::url::keep::DATA)
    )
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::draw::colouring::Swatch;

    as_text! {
        grid(g: &Grid, test_id: &str);
        colour_legend(colouring: Colouring, span: Option<(i64, i64)>, views: usize);
        memory(cells: &[MemoryCell]);
        options(items: &mut dyn Iterator<Item = (String, String)>, choose: bool);
    }

    pub(in crate::panels) fn cell(index: usize, coord: &[i64], value: Option<i64>) -> Cell {
        Cell {
            index,
            coord: coord.to_vec(),
            value,
            tile: None,
            label: None,
            swatch: None,
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
        let html = grid(
            &Grid {
                shape,
                cells,
                axes: None,
            },
            "logical-cell",
        );
        assert_eq!(html.matches(r#"data-testid="logical-cell""#).count(), 4);
        assert_eq!(html.matches(r#"class="block""#).count(), 2);
        // one tab stop per grid: its first cell
        assert_eq!(html.matches(r#"tabindex="0""#).count(), 1);
        assert_eq!(html.matches(r#"tabindex="-1""#).count(), 3);
        assert!(html.contains(r#"<span class="block__label" aria-hidden="true">d0=1</span>"#));
        // every cell in a row, every row of cells a row for assistive technology
        assert_eq!(html.matches(r#"role="row""#).count(), 2);
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
                swatch: Some(Swatch::Ramp(3)),
            },
            MemoryCell {
                address: 5,
                readers: vec![],
                swatch: None,
            },
        ]);
        assert!(html.contains(r#"data-addr="4" data-readers="2""#));
        assert!(html.contains(r#"data-c="r3""#));
        assert_eq!(html.matches("data-c=").count(), 1);
        assert!(html.contains(r#"cell--unused" data-testid="memory-cell" data-addr="5""#));
        assert!(memory(&[]).contains("No valid element"));
    }

    #[test]
    fn a_legend_shows_a_swatch_per_meaning() {
        let html = colour_legend(Colouring::Address, Some((0, 15)), 1);
        assert!(html.contains("address, lowest to highest:"));
        assert_eq!(html.matches("data-c=").count(), 3);
        assert!(html.contains(r#"aria-hidden="true" data-c="r31"></span>15</span>"#));
        let html = colour_legend(Colouring::Mask, Some((0, 15)), 1);
        assert!(html.contains("cell--masked"));
        assert_eq!(html.matches("legend__item").count(), 3);
        assert_eq!(
            colour_legend(Colouring::Latex, None, 1)
                .matches("data-c=\"g")
                .count(),
            8
        );
    }

    #[test]
    fn options_escape_values_and_labels() {
        let one = |v: &str, l: &str| [(v.to_string(), l.to_string())].into_iter();
        assert_eq!(
            options(&mut one("a\"b", "x<y"), true),
            r#"<option value="">choose…</option><option value="a&quot;b">x&lt;y</option>"#
        );
        assert_eq!(
            options(&mut one("1", "2"), false),
            r#"<option value="1">2</option>"#
        );
    }
}
