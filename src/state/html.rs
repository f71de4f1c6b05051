//! Read-only panels as markup: each builder makes its panel's elements through a [`Markup`]
//! sink, which the app turns into DOM nodes (text is never parsed as HTML) and tests and files
//! into text. The UI reads the `data-*` attributes set here in one delegated handler per
//! panel, so a panel costs a builder instead of a reactive node per element.

use crate::engine::cute::{Layout, Notation};
use crate::engine::expr::Piece;
use crate::engine::mergeability::MergeVerdict;
use crate::engine::simplify::StopReason;
use crate::engine::{IndexExprs, NewViewReason, NotTractable, ShapeTracker};
use crate::panels::markup::Markup;
use crate::state::layouts::LayoutsState;
use crate::state::morphisms::{Figure, OpResult, Step};
use crate::state::stack_grid::{Axes, Cell, Grid, MemoryCell, StackGrid};
use crate::state::workbench_view::Panels;

/// Escapes text for HTML content and double-quoted attributes (the embed snippets).
pub fn escape(text: &str) -> String {
    crate::panels::markup::xml(text)
}

/// Sets each of `attrs` on the element just opened.
#[inline(never)]
fn attrs(m: &mut dyn Markup, attrs: &[(&'static str, &str)]) {
    for (name, value) in attrs {
        m.attr(name, value);
    }
}

/// Appends `piece` with every sub-expression in a `span.sub` naming its node.
fn piece_html(m: &mut dyn Markup, piece: &Piece) {
    match piece {
        Piece::Text(t) => m.text(t),
        Piece::Node(id, parts) => {
            m.open("span");
            attrs(m, &[("class", "sub"), ("data-expr", &id.raw().to_string())]);
            for part in parts {
                piece_html(m, part);
            }
            m.close();
        }
    }
}

/// The `idx` and `valid` rows of the expression panel: readable form with hoverable
/// sub-expressions, operation count, a copy button (`data-copy` names the row) and
/// tinygrad's form.
pub fn expr_rows(m: &mut dyn Markup, exprs: &IndexExprs) {
    let arena = &exprs.arena;
    for (name, id) in [("idx", exprs.idx), ("valid", exprs.valid)] {
        m.el("dt", &[], name);
        m.open("dd");
        m.open("code");
        attrs(
            m,
            &[("class", "expr"), ("data-testid", &format!("expr-{name}"))],
        );
        piece_html(m, &arena.readable_piece(id));
        m.close();
        m.el(
            "span",
            &[
                ("class", "expr__ops"),
                ("data-testid", &format!("ops-{name}")),
            ],
            &format!("{} ops", arena.op_count(id)),
        );
        m.el(
            "button",
            &[
                ("type", "button"),
                ("class", "expr__copy"),
                ("data-testid", &format!("copy-{name}")),
                ("data-copy", name),
            ],
            "Copy",
        );
        m.el(
            "code",
            &[
                ("class", "expr expr--tinygrad"),
                ("data-testid", &format!("expr-{name}-tinygrad")),
            ],
            &arena.render_tinygrad(id),
        );
        m.close();
    }
}

/// The simplifier's steps, the inside of a `<details>`: a summary counting them (and saying
/// when the step limit stopped it), then each rule with the expression before and after.
pub fn steps(m: &mut dyn Markup, exprs: &IndexExprs) {
    let arena = &exprs.arena;
    let n = exprs.steps.len();
    m.el(
        "summary",
        &[],
        &format!(
            "Simplifier: {n} step{}{}",
            if n == 1 { "" } else { "s" },
            if exprs.stop == StopReason::Saturated {
                ""
            } else {
                " (step limit reached)"
            },
        ),
    );
    m.open("ol");
    for s in &exprs.steps {
        m.open("li");
        m.el("span", &[("class", "steps__rule")], s.rule);
        m.el("code", &[], &arena.render_readable(s.before));
        m.text(" → ");
        m.el("code", &[], &arena.render_readable(s.after));
        m.close();
    }
    m.close();
}

/// `(a,b)`, as cells name their coordinate.
pub fn coord_text(coord: &[i64]) -> String {
    let parts: Vec<String> = coord.iter().map(i64::to_string).collect();
    format!("({})", parts.join(","))
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
    attrs(
        m,
        &[
            ("tabindex", "0"),
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
        0 => {
            if let Some(c) = cells.first() {
                cell_html(m, c, style);
            }
        }
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
                m.el("span", &[("class", "block__label")], &label);
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
    for cell in cells {
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
        m.el(
            "div",
            &[
                ("class", class),
                ("data-testid", "memory-cell"),
                ("data-addr", &a),
                ("data-readers", &readers.to_string()),
                ("tabindex", "0"),
                ("role", "listitem"),
                ("aria-label", &format!("address {a}, {label}")),
            ],
            &a,
        );
    }
}

/// A field error: `text` in `tag` with `test_id` and the alert role, or without either.
fn error(m: &mut dyn Markup, tag: &'static str, test_id: Option<&str>, text: &str) {
    m.open(tag);
    m.attr("class", "field__error");
    if let Some(id) = test_id {
        attrs(m, &[("data-testid", id), ("role", "alert")]);
    }
    m.text(text);
    m.close();
}

/// The flat modes of an encoded layout as chips named by `data-leaf` (one per domain leaf),
/// or why there is no layout.
pub fn mode_chips(m: &mut dyn Markup, layout: &Result<Layout, String>) {
    match layout {
        Err(e) => error(m, "span", None, e),
        Ok(layout) => {
            for (k, (size, stride)) in layout.flat_modes().into_iter().enumerate() {
                let k = k.to_string();
                m.el(
                    "span",
                    &[
                        ("class", "mode-chip"),
                        ("data-testid", &format!("mode-{k}")),
                        ("data-leaf", &k),
                        ("tabindex", "0"),
                    ],
                    &format!("{size}:{stride}"),
                );
            }
        }
    }
}

/// `<dl class="properties">` of `(term, test id, code)` rows, each code in a `<code>`.
fn properties(m: &mut dyn Markup, rows: &[(&str, &str, &str)]) {
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

/// A Nest operation's outcome: the pasted and result diagrams, the result and its layout
/// beside the layout operation's result, and whether the two agree.
pub fn morph_op_result(m: &mut dyn Markup, result: &Result<OpResult, String>) {
    let r = match result {
        Err(e) => return error(m, "p", Some("op-error"), e),
        Ok(r) => r,
    };
    m.open("div");
    m.attr("class", "op-result");
    for f in &r.figures {
        figure(m, f);
    }
    let agree = match &r.agree {
        Ok(true) => {
            "agree: L of the result equals the layout operation's result at every index".into()
        }
        Ok(false) => "DISAGREE: the two layouts differ".into(),
        Err(e) => format!("not compared: {e}"),
    };
    let layout_result = match &r.layout_result {
        Ok(l) => l.to_string(),
        Err(e) => e.clone(),
    };
    properties(
        m,
        &[
            ("result", "op-result", &r.result.to_string()),
            ("its layout", "op-result-layout", &r.layout.to_string()),
            ("layout operation", "", &r.layout_op),
            ("gives", "op-layout-result", &layout_result),
        ],
    );
    m.el(
        "p",
        &[("class", "note"), ("data-testid", "op-agree")],
        &agree,
    );
    m.close();
}

/// Step `step` of the composition walkthrough (clamped to the last), or why there are none.
pub fn walk_step(m: &mut dyn Markup, steps: &Result<Vec<Step>, String>, step: usize) {
    let all = match steps {
        Err(e) => return error(m, "p", Some("walk-error"), e),
        Ok(all) => all,
    };
    let Some(s) = all.get(step.min(all.len().saturating_sub(1))) else {
        return;
    };
    m.open("div");
    m.attr("class", "walk-step");
    m.el("h3", &[("data-testid", "walk-title")], &s.title);
    m.open("ul");
    m.attr("data-testid", "walk-lines");
    for line in &s.lines {
        m.open("li");
        m.el("code", &[], line);
        m.close();
    }
    m.close();
    if let Some(f) = &s.figure {
        figure(m, f);
    }
    m.close();
}

/// A figure: its caption (if any), the live diagram, and links that download it as SVG and
/// as TikZ.
fn figure(m: &mut dyn Markup, f: &Figure) {
    m.open("figure");
    if !f.caption.is_empty() {
        m.el("figcaption", &[], f.caption);
    }
    let id = f.id;
    crate::panels::diagram::live_svg(
        m,
        &f.diagram,
        &format!("{id}-diagram"),
        if f.caption.is_empty() { id } else { f.caption },
    );
    m.open("p");
    m.attr("class", "downloads");
    m.el(
        "a",
        &[
            ("data-testid", &format!("{id}-svg")),
            ("download", &format!("{id}.svg")),
            (
                "href",
                &svg_href(&crate::panels::diagram::standalone_svg(&f.diagram)),
            ),
        ],
        "SVG",
    );
    m.el(
        "button",
        &[
            ("type", "button"),
            ("data-png", id),
            ("data-testid", &format!("{id}-png")),
        ],
        "PNG",
    );
    m.el(
        "a",
        &[
            ("data-testid", &format!("{id}-tikz")),
            ("download", &format!("{id}.tex")),
            ("href", &data_href("text/x-tex", &f.diagram.to_tikz())),
        ],
        "TikZ",
    );
    m.close();
    m.close();
}

/// The composed grid as a table: one row per logical cell with its coordinate, validity, the
/// cell it reaches in each view (outermost first) and its address; or why there is none.
pub fn grid_table(m: &mut dyn Markup, grids: &Result<StackGrid, String>) {
    let g = match grids {
        Err(e) => return m.el("p", &[("class", "note")], e),
        Ok(g) => g,
    };
    m.open("table");
    attrs(m, &[("class", "grid-table"), ("data-testid", "grid-table")]);
    m.open("thead");
    m.open("tr");
    let head = |m: &mut dyn Markup, text: &str| m.el("th", &[("scope", "col")], text);
    head(m, "coordinate");
    head(m, "valid");
    for k in (0..g.views.len()).rev() {
        head(m, &format!("view {k} cell"));
    }
    head(m, "address");
    m.close();
    m.close();
    m.open("tbody");
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "–".to_string());
    for (cell, chain) in g.logical.cells.iter().zip(&g.chains) {
        let coord: Vec<String> = cell.coord.iter().map(i64::to_string).collect();
        m.open("tr");
        m.el(
            "th",
            &[("scope", "row")],
            &format!("({})", coord.join(", ")),
        );
        m.el("td", &[], if cell.value.is_some() { "yes" } else { "no" });
        for j in chain.iter().rev() {
            m.el("td", &[], &or_dash(j.map(|j| j.to_string())));
        }
        m.el("td", &[], &or_dash(cell.value.map(|a| a.to_string())));
        m.close();
    }
    m.close();
    m.close();
}

/// The history's items: first "show latest" (`data-act="latest"`; "base view" while there
/// are no steps), then each step naming its op, with buttons that select it, move it up or
/// remove it (`data-act`; the item carries `data-step`), and why it failed where it did.
pub fn history(m: &mut dyn Markup, steps: &[(String, Option<String>)], selected: Option<usize>) {
    m.open("li");
    m.attr(
        "class",
        if selected.is_none() {
            "history__item history__item--selected"
        } else {
            "history__item"
        },
    );
    m.el(
        "button",
        &[
            ("type", "button"),
            ("data-testid", "history-latest"),
            ("data-act", "latest"),
        ],
        if steps.is_empty() {
            "base view"
        } else {
            "show latest"
        },
    );
    m.close();
    for (k, (label, error)) in steps.iter().enumerate() {
        let n = k + 1;
        let mut class = String::from("history__item");
        if selected == Some(k) {
            class.push_str(" history__item--selected");
        }
        if error.is_some() {
            class.push_str(" history__item--error");
        }
        m.open("li");
        let id = |part: &str| format!("step-{k}{part}");
        attrs(
            m,
            &[
                ("class", &class),
                ("data-testid", &id("")),
                ("data-step", &k.to_string()),
            ],
        );
        m.el(
            "button",
            &[
                ("type", "button"),
                ("class", "history__op"),
                ("data-testid", &id("-select")),
                ("data-act", "select"),
                ("title", "Show the stack after this step"),
            ],
            &format!("{n}. {label}"),
        );
        m.open("button");
        attrs(
            m,
            &[
                ("type", "button"),
                ("data-testid", &id("-up")),
                ("data-act", "up"),
                ("aria-label", &format!("Move step {n} up")),
            ],
        );
        if k == 0 {
            m.attr("disabled", "");
        }
        m.text("↑");
        m.close();
        m.el(
            "button",
            &[
                ("type", "button"),
                ("data-testid", &id("-remove")),
                ("data-act", "remove"),
                ("aria-label", &format!("Remove step {n}")),
            ],
            "✕",
        );
        if let Some(e) = error {
            m.el("span", &[("class", "field__error"), ("role", "alert")], e);
        }
        m.close();
    }
}

/// `<dt>{term}</dt><dd data-testid="{test_id}">{text}</dd>`.
fn term(m: &mut dyn Markup, term: &str, test_id: &str, text: &str) {
    m.el("dt", &[], term);
    m.el("dd", &[("data-testid", test_id)], text);
}

/// A layout's properties: size, cosize, rank, depth, whether it is tractable (with a link to
/// its diagram) and the view it is, if any (with a link to the Views page).
pub fn layout_properties(m: &mut dyn Markup, state: &LayoutsState) {
    let p = state.properties();
    term(m, "size", "prop-size", &p.size);
    term(m, "cosize", "prop-cosize", &p.cosize);
    term(m, "rank", "prop-rank", &p.rank.to_string());
    term(m, "depth", "prop-depth", &p.depth.to_string());
    m.el("dt", &[], "tractable");
    m.open("dd");
    m.attr("data-testid", "prop-tractable");
    match &p.tractable {
        Ok(tractable) => m.text(&format!("yes: {tractable} ")),
        Err(reason) => {
            m.text(&format!("no: {reason}"));
            // the sorted modes, the two whose divisibility fails marked
            if let NotTractable::Divisibility { sorted, at, .. } = reason {
                m.open("span");
                attrs(m, &[("class", "chain"), ("data-testid", "tractable-chain")]);
                for (k, (s, d)) in sorted.iter().enumerate() {
                    let tag = if k == *at || k == at + 1 {
                        "mark"
                    } else {
                        "code"
                    };
                    m.el(tag, &[], &format!("{s}:{d}"));
                }
                m.close();
            }
        }
    }
    if let Some(q) = state.morphism_query() {
        m.el(
            "a",
            &[
                ("data-testid", "open-morphism"),
                ("href", &format!("#/morphisms?{q}")),
            ],
            "draw its diagram",
        );
    }
    m.close();
    m.el("dt", &[], "as a view");
    m.open("dd");
    m.attr("data-testid", "prop-view");
    let view = state
        .as_view()
        .map(|(repr, query)| (repr, format!("#/views?{query}")));
    code_and_link(m, view, "open-view", "open in Views");
    m.close();
}

/// `code` and a link (`test_id`, `label`) to the page at `href`, from `found`; or
/// `none: {reason}`.
fn code_and_link(
    m: &mut dyn Markup,
    found: Result<(String, String), String>,
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

/// The layout in CuTe and in pycute notation.
pub fn layout_notations(m: &mut dyn Markup, layout: &Layout) {
    m.el(
        "code",
        &[("data-testid", "layout-cute")],
        &layout.to_notation(Notation::Cute),
    );
    m.el(
        "code",
        &[("data-testid", "layout-pycute")],
        &layout.to_notation(Notation::Python),
    );
}

/// A code block under a heading with a copy button (`data-copy` names what it copies) and
/// `more` after the button.
fn code_block(
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
        &[("class", class), ("data-testid", &format!("export-{name}"))],
        code,
    );
}

/// The Embed menu: the state as a `<layout-lab>` snippet and as an iframe, each with a copy
/// button (`data-copy` "embed" and "embed-iframe").
pub fn embed_menu(m: &mut dyn Markup, element: &str, iframe: &str) {
    m.open("p");
    m.attr("class", "note");
    m.text("Paste into any HTML page for a live widget of this state (");
    m.el("a", &[("href", "docs-example.html")], "example");
    m.text(").");
    m.close();
    code_block(m, "<layout-lab> element", "embed", element, "code", |_| {});
    code_block(m, "iframe", "embed-iframe", iframe, "code", |_| {});
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

/// The Views page's exports: tinygrad Python and repr with copy buttons, and the CuTe
/// layout of a single view with a link to the Layouts page (or why there is none).
pub fn views_export(m: &mut dyn Markup, python: &str, repr: &str, layout: &Result<Layout, String>) {
    code_block(m, "tinygrad Python", "python", python, "code", |_| {});
    code_block(m, "repr", "repr", repr, "code", |_| {});
    m.el("h3", &[], "CuTe layout");
    m.open("p");
    m.attr("data-testid", "export-layout");
    let layout = layout.as_ref().map_err(Clone::clone).map(|l| {
        let text = l.to_string();
        let query = crate::state::view_form::percent_encode(&text, b",:()");
        (text, format!("#/layouts?L={query}"))
    });
    code_and_link(m, layout, "open-layout", "open in Layouts");
    m.close();
}

/// A `data:` URL holding `svg`, for a download link.
pub fn svg_href(svg: &str) -> String {
    data_href("image/svg+xml", svg)
}

/// A `data:` URL holding `text` of type `mime`, for a download link.
pub fn data_href(mime: &str, text: &str) -> String {
    format!(
        "data:{mime};charset=utf-8,{}",
        crate::state::view_form::percent_encode(text, b" =:/\",.-")
    )
}

/// A morphism's exports: TikZ and SVG with copy buttons, and the SVG as a download.
pub fn morphism_export(m: &mut dyn Markup, tikz: &str, svg: &str) {
    code_block(m, "TikZ", "tikz", tikz, "code", |_| {});
    code_block(m, "SVG", "svg", svg, "code code--short", |m| {
        m.el(
            "a",
            &[
                ("data-testid", "download-svg"),
                ("download", "morphism.svg"),
                ("href", &svg_href(svg)),
            ],
            "Download",
        );
        m.text(" ");
        m.el(
            "button",
            &[
                ("type", "button"),
                ("data-png", "morphism"),
                ("data-testid", "download-png"),
            ],
            "PNG",
        );
    });
}

/// The head of view `k`'s card in a stack: its name, its repr, and, for the last of several
/// views, why the reshape that appended it could not stay in the view below.
pub fn view_card_head(
    m: &mut dyn Markup,
    tracker: &ShapeTracker,
    reason: Option<NewViewReason>,
    k: usize,
) {
    let views = tracker.views();
    let name = if k == 0 {
        "view 0 (buffer)".to_string()
    } else {
        format!("view {k}")
    };
    let repr = views.get(k).map(ToString::to_string).unwrap_or_default();
    let appended = match reason {
        Some(r) if k + 1 == views.len() && k > 0 => format!(
            "Appended by a reshape: the view below could not express it because {}.",
            r.explain()
        ),
        _ => String::new(),
    };
    m.el("h3", &[], &name);
    m.el(
        "code",
        &[
            ("class", "stack__repr"),
            ("data-testid", &format!("view-repr-{k}")),
        ],
        &repr,
    );
    m.el(
        "p",
        &[
            ("class", "note"),
            ("data-testid", &format!("view-reason-{k}")),
        ],
        &appended,
    );
}

/// Seed 000's verdict on merging the stack's top two views, if there are two.
pub fn merge_verdict(m: &mut dyn Markup, verdict: Option<Result<MergeVerdict, String>>) {
    let (ok, text) = match verdict {
        None => return,
        Some(Ok(MergeVerdict::Mergeable(view))) => {
            (true, format!("mergeable: one view does it — {view}"))
        }
        Some(Ok(MergeVerdict::NotMergeable(witness))) => {
            (false, format!("not mergeable: {}", witness.describe()))
        }
        Some(Err(e)) => (false, format!("not decided: {e}")),
    };
    m.el(
        "p",
        &[
            ("class", if ok { "verdict verdict--ok" } else { "verdict" }),
            ("data-testid", "merge-verdict"),
        ],
        &text,
    );
}

/// The workbench's outcome: why the operation fails (an alert, empty when it runs), the
/// result in CuTe and pycute notation, and the warnings about it.
pub fn workbench_result(m: &mut dyn Markup, panels: &Panels, warnings: &[String]) {
    let (error_text, cute, pycute) = match &panels.result {
        Ok(r) => (
            String::new(),
            r.to_notation(Notation::Cute),
            r.to_notation(Notation::Python),
        ),
        Err(e) => (e.clone(), String::new(), String::new()),
    };
    error(m, "p", Some("wb-error"), &error_text);
    properties(
        m,
        &[
            ("result", "wb-result", &cute),
            ("pycute", "wb-result-pycute", &pycute),
        ],
    );
    m.open("ul");
    attrs(m, &[("class", "warnings"), ("data-testid", "wb-warnings")]);
    for w in warnings {
        m.el("li", &[], w);
    }
    m.close();
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

/// The Views page's base view in canonical form and, when its sizes are symbolic, the
/// symbolic view with its index expression.
pub fn canonical(m: &mut dyn Markup, editor: &crate::state::ViewEditor) {
    m.el(
        "code",
        &[("data-testid", "canonical")],
        &editor.view().to_string(),
    );
    if let Some(sym) = editor.symbolic_view() {
        let (arena, idx) = sym.index_expr();
        m.open("p");
        m.attr("class", "symbolic");
        m.el(
            "code",
            &[("data-testid", "symbolic-view")],
            &sym.to_string(),
        );
        m.text(" · idx = ");
        m.el(
            "code",
            &[("data-testid", "symbolic-idx")],
            &arena.render_readable(idx),
        );
        m.close();
    }
}

/// The Syno chain's rows: each statement and the dimensions after it as chips with size and
/// colours (coloured by their first tensor); the last row's chips are buttons that select a
/// dimension for the palette (`data-dim`, pressed when in `selected`). A row whose step a
/// rule failed at is marked.
pub fn syno_rows(m: &mut dyn Markup, built: &crate::state::syno::Built, selected: &[String]) {
    m.open("table");
    attrs(m, &[("class", "syno-rows"), ("data-testid", "syno-rows")]);
    let bad_row = built.problem.as_ref().and_then(|p| p.step).map(|s| s + 1);
    let last = built.rows.len().saturating_sub(1);
    for (k, row) in built.rows.iter().enumerate() {
        m.open("tr");
        attrs(
            m,
            &[
                (
                    "class",
                    if bad_row == Some(k) {
                        "syno-row row--bad"
                    } else {
                        "syno-row"
                    },
                ),
                ("data-testid", "syno-row"),
            ],
        );
        m.el("th", &[("scope", "row")], &row.label);
        m.open("td");
        for (id, size, tensors) in &row.dims {
            let id = id.to_string();
            let colours: Vec<String> = tensors.iter().map(|t| format!("in{t}")).collect();
            let text = format!("{id}: {size} {{{}}}", colours.join(", "));
            let button = k == last && row.label != "inputs";
            m.open(if button { "button" } else { "span" });
            if button {
                m.attr("type", "button");
            }
            m.attr("class", "chip");
            if let Some(t) = tensors.first() {
                m.attr("data-tile", &(t % 8).to_string());
            }
            if button {
                let pressed = selected.contains(&id);
                attrs(
                    m,
                    &[
                        ("data-dim", &id),
                        ("aria-pressed", if pressed { "true" } else { "false" }),
                    ],
                );
            }
            m.text(&text);
            m.close();
        }
        m.close();
        m.close();
    }
    m.close();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ShapeTracker;
    use crate::panels::markup::Text;

    /// Each builder written as text, under its own name (shadowing the glob import).
    macro_rules! as_text {
        ($($name:ident($($arg:ident: $ty:ty),*);)*) => {$(
            fn $name($($arg: $ty),*) -> String {
                Text::of(|m| super::$name(m, $($arg),*))
            }
        )*};
    }

    as_text! {
        expr_rows(e: &IndexExprs);
        steps(e: &IndexExprs);
        grid(g: &Grid, test_id: &str);
        memory(cells: &[MemoryCell]);
        mode_chips(l: &Result<Layout, String>);
        morph_op_result(r: &Result<OpResult, String>);
        walk_step(s: &Result<Vec<Step>, String>, k: usize);
        grid_table(g: &Result<StackGrid, String>);
        history(s: &[(String, Option<String>)], selected: Option<usize>);
        layout_properties(state: &LayoutsState);
        layout_notations(l: &Layout);
        embed_menu(element: &str, iframe: &str);
        picture_export(name: &str, label: &str);
        views_export(python: &str, repr: &str, l: &Result<Layout, String>);
        morphism_export(tikz: &str, svg: &str);
        view_card_head(t: &ShapeTracker, reason: Option<NewViewReason>, k: usize);
        merge_verdict(v: Option<Result<MergeVerdict, String>>);
        workbench_result(p: &Panels, w: &[String]);
        options(items: &mut dyn Iterator<Item = (String, String)>, choose: bool);
        canonical(editor: &crate::state::ViewEditor);
        syno_rows(b: &crate::state::syno::Built, selected: &[String]);
    }

    #[test]
    fn embed_menu_and_export_buttons_escape_what_they_show() {
        let menu = embed_menu("<layout-lab state=\"a&b\">", "<iframe>");
        assert!(
            menu.contains("&lt;layout-lab state=&quot;a&amp;b&quot;&gt;"),
            "{menu}"
        );
        assert!(!menu.contains("<layout-lab") && !menu.contains("<iframe"));
        assert!(
            menu.contains(r#"data-copy="embed""#) && menu.contains(r#"data-copy="embed-iframe""#)
        );
        let buttons = picture_export("grid\"x", "<b>");
        assert!(buttons.starts_with("&lt;b&gt;"));
        assert_eq!(buttons.matches("data-export=").count(), 3);
        assert!(
            buttons.contains(r#"data-testid="grid&quot;x-png""#),
            "{buttons}"
        );
    }

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
            label: None,
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
    fn morphism_panels_name_their_parts() {
        use crate::state::morphisms::{MorphOp, MorphismsState};
        let layout = Layout::parse("(2,(2,2)):(1,(4,2))").map_err(|e| e.to_string());
        let chips = mode_chips(&layout);
        assert_eq!(chips.matches("mode-chip").count(), 3);
        assert!(
            chips.contains(r#"data-leaf="2" tabindex="0">2:2</span>"#),
            "{chips}"
        );
        assert!(mode_chips(&Err("a <b>".into())).contains("a &lt;b&gt;"));

        let mut state = MorphismsState::default();
        state.set_op(MorphOp::ALL[0]);
        let html = morph_op_result(&state.op_result());
        assert!(html.contains(r#"data-testid="result-diagram""#), "{html}");
        assert!(html.contains(r#"data-testid="op-agree">agree"#), "{html}");
        assert!(morph_op_result(&Err("no".into())).contains(r#"data-testid="op-error""#));
        // the result downloads as SVG and TikZ; a divide also draws its input g
        assert!(
            html.contains(
                r#"<a data-testid="result-svg" download="result.svg" href="data:image/svg+xml;"#
            ),
            "{html}"
        );
        assert!(html.contains(r#"<a data-testid="result-tikz" download="result.tex" href="data:text/x-tex;charset=utf-8,%0A%5Cbegin%7Btikzpicture%7D"#), "{html}");
        state.set_op(MorphOp::LogicalDivide);
        let html = morph_op_result(&state.op_result());
        assert_eq!(html.matches("<figure>").count(), 2, "g and the result");
        assert_eq!(html.matches("</figure>").count(), 2);
        assert!(html.contains(r#"data-testid="g-diagram""#), "{html}");
        // a coalesce draws f with each leaf coloured as the result entry it collapses into
        state.set_op(MorphOp::Coalesce);
        let html = morph_op_result(&state.op_result());
        assert!(html.contains(r#"data-testid="f-diagram""#), "{html}");
        let groups: Vec<&str> = html
            .match_indices(r#"data-tile=""#)
            .map(|(at, m)| &html[at + m.len()..at + m.len() + 1])
            .collect();
        // f = (2,2,10,10) --(1, 2, 4, 5)--> …: leaves 1-2 and 3-4 collapse; result (4,100)
        assert_eq!(groups, ["0", "0", "1", "1", "0", "1"], "{html}");

        let steps = state.steps();
        let n = steps.as_ref().map_or(0, Vec::len);
        assert!(n > 1);
        let last = walk_step(&steps, n - 1);
        assert_eq!(walk_step(&steps, n + 5), last, "clamped to the last step");
        assert!(last.contains(r#"data-testid="walk-title""#));
        // every step's diagram downloads as SVG and TikZ, the resolved pair as one picture
        for k in 0..n - 1 {
            let step = walk_step(&steps, k);
            assert!(step.contains(r#"data-testid="walk-svg""#), "{step}");
            assert!(step.contains(r#"data-testid="walk-tikz""#), "{step}");
        }
        let resolved = walk_step(&steps, 3);
        assert_eq!(
            resolved.matches("%5Cxrightarrow").count(),
            2,
            "f′ and g′ labelled"
        );
        assert!(
            !walk_step(&steps, n - 1).contains("walk-svg"),
            "the last step draws nothing"
        );
        assert!(walk_step(&Err("why".into()), 0).contains(r#"data-testid="walk-error""#));
    }

    #[test]
    fn the_grid_table_lists_each_cell_through_every_view() {
        let start = ShapeTracker::from_shape(&[2, 3]).unwrap();
        let stack = crate::state::views::apply_op_list(start, "permute 1,0; reshape 6").unwrap();
        let grids = StackGrid::of(&stack).map_err(|e| e.to_string());
        let html = grid_table(&grids);
        assert_eq!(html.matches("<tr>").count(), 1 + 6);
        assert_eq!(
            html.matches(r#"<th scope="col">view "#).count(),
            stack.views().len()
        );
        assert!(
            html.contains(r#"<th scope="row">(5)</th><td>yes</td>"#),
            "{html}"
        );
        assert_eq!(
            grid_table(&Err("too big".into())),
            r#"<p class="note">too big</p>"#
        );
    }

    #[test]
    fn history_steps_mark_selection_failure_and_the_first_step() {
        let steps = vec![
            ("reshape 6".to_string(), None),
            ("pad <x>".to_string(), Some("bad & worse".to_string())),
        ];
        let html = history(&steps, Some(1));
        assert!(html.starts_with(r#"<li class="history__item"><button type="button" data-testid="history-latest" data-act="latest">show latest<"#));
        assert!(history(&[], None).contains(r#"history__item--selected"><button type="button" data-testid="history-latest" data-act="latest">base view<"#));
        assert!(html.contains(r#"class="history__item" data-testid="step-0""#));
        assert!(
            html.contains(r#"history__item--selected history__item--error" data-testid="step-1""#)
        );
        assert!(html.contains(r#"aria-label="Move step 1 up" disabled="">"#));
        assert!(!html.contains(r#"aria-label="Move step 2 up" disabled"#));
        assert!(html.contains("2. pad &lt;x&gt;"));
        assert!(html.contains("bad &amp; worse"));
    }

    #[test]
    fn layout_properties_link_to_the_diagram_and_the_view() {
        let mut state = LayoutsState::default();
        state.set_text("(4,2):(2,1)");
        let html = layout_properties(&state);
        assert!(
            html.contains(r#"<dd data-testid="prop-size">8</dd>"#),
            "{html}"
        );
        assert!(
            html.contains(r#"data-testid="prop-tractable">yes: "#),
            "{html}"
        );
        assert!(html.contains(r##"href="#/morphisms?f="##), "{html}");
        assert!(
            html.contains(r##"<a data-testid="open-view" href="#/views?"##),
            "{html}"
        );
        state.set_text("(2,2):(3,1)");
        let html = layout_properties(&state);
        assert!(
            html.contains(r#"data-testid="prop-tractable">no: "#),
            "{html}"
        );
        assert!(!html.contains("open-morphism"), "{html}");
        // sorted 2:1 · 2:3: 2·1 does not divide 3, both marked
        assert!(
            html.contains(
                r#"data-testid="tractable-chain"><mark>2:1</mark><mark>2:3</mark></span>"#
            ),
            "{html}"
        );
        state.set_text("(2,2,2):(1,7,4)");
        assert!(
            layout_properties(&state).contains("<code>2:1</code><mark>2:4</mark><mark>2:7</mark>"),
            "only the failing pair is marked"
        );
        assert_eq!(
            layout_notations(state.layout()),
            r#"<code data-testid="layout-cute">(2,2,2):(1,7,4)</code><code data-testid="layout-pycute">(2, 2, 2):(1, 7, 4)</code>"#
        );
    }

    #[test]
    fn exports_carry_copy_buttons_and_links() {
        let layout = Layout::parse("(4,8):(1,4)").map_err(|e| e.to_string());
        let html = views_export("a < b", "View(…)", &layout);
        assert!(html.contains(r#"data-copy="python""#) && html.contains(r#"data-copy="repr""#));
        assert!(html.contains(r#"<pre class="code" data-testid="export-python">a &lt; b</pre>"#));
        assert!(
            html.contains(r##"href="#/layouts?L=(4,8):(1,4)">open in Layouts</a>"##),
            "{html}"
        );
        assert!(
            views_export("", "", &Err("two views".into())).contains("<span>none: two views</span>")
        );

        let html = morphism_export("\\draw", "<svg/>");
        assert!(html.contains(
            r#"<pre class="code code--short" data-testid="export-svg">&lt;svg/&gt;</pre>"#
        ));
        let download = html.find("download-svg").unwrap();
        assert!(html.find(r#"data-copy="svg""#).unwrap() < download);
        assert!(download < html.find("export-svg").unwrap());
        assert!(
            html.contains(r#"href="data:image/svg+xml;charset=utf-8,%3Csvg/%3E""#),
            "{html}"
        );
    }

    #[test]
    fn card_heads_say_why_a_view_was_appended() {
        let start = ShapeTracker::from_shape(&[2, 3]).unwrap();
        let t = crate::state::views::apply_op_list(start, "permute 1,0; reshape 6").unwrap();
        assert_eq!(t.views().len(), 2);
        let reason = Some(NewViewReason::StridesDoNotMerge);
        let top = view_card_head(&t, reason, 1);
        assert!(top.starts_with("<h3>view 1</h3>"));
        assert!(
            top.contains("could not express it because the new dimensions cut"),
            "{top}"
        );
        let base = view_card_head(&t, reason, 0);
        assert!(
            base.contains(r#"<p class="note" data-testid="view-reason-0"></p>"#),
            "{base}"
        );
        assert!(base.contains("view 0 (buffer)"));
        assert_eq!(merge_verdict(None), "");
        let v = merge_verdict(Some(Err("x".into())));
        assert_eq!(
            v,
            r#"<p class="verdict" data-testid="merge-verdict">not decided: x</p>"#
        );
    }

    #[test]
    fn the_workbench_shows_a_result_or_why_not() {
        use crate::state::workbench::{Operation, WorkbenchState};
        let w = WorkbenchState::new(Operation::LogicalDivide, "(4,2,3):(2,1,8)", "4:2");
        let html = workbench_result(&Panels::of(&w), &["a < b".to_string()]);
        assert!(
            html.contains(r#"data-testid="wb-result">((2,2),(2,3)):((4,1),(2,8))</code>"#),
            "{html}"
        );
        assert!(
            html.contains(r#"<p class="field__error" data-testid="wb-error" role="alert"></p>"#)
        );
        assert!(html.contains("<li>a &lt; b</li>"));
        let bad = WorkbenchState::new(Operation::Complement, "(2,2):(1,1)", "");
        let html = workbench_result(&Panels::of(&bad), &[]);
        assert!(html.contains("injective"), "{html}");
        assert!(
            html.contains(r#"data-testid="wb-result"></code>"#),
            "{html}"
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

    #[test]
    fn the_canonical_view_shows_its_symbolic_form_when_sizes_are_symbols() {
        let mut state = crate::state::ViewsState::default();
        let plain = canonical(&state.editor);
        assert!(
            plain.starts_with(r#"<code data-testid="canonical">View("#),
            "{plain}"
        );
        assert!(!plain.contains("symbolic"));
        use crate::state::RowField;
        state.editor.set_field(0, RowField::Stride, "");
        state.editor.set_field(1, RowField::Stride, "");
        state.editor.set_field(0, RowField::Shape, "N");
        let sym = canonical(&state.editor);
        assert!(sym.contains(r#"data-testid="symbolic-view""#), "{sym}");
        assert!(sym.contains(r#"data-testid="symbolic-idx""#), "{sym}");
    }

    /// Every builder that shows text it was given shows it as text.
    #[test]
    fn no_builder_lets_markup_through() {
        let payload = r#"<img src=x onerror="alert(1)">"#;
        let e = || Err::<Layout, String>(payload.to_string());
        let outputs = [
            mode_chips(&e()),
            views_export(payload, payload, &e()),
            morphism_export(payload, payload),
            grid_table(&Err(payload.to_string())),
            history(&[(payload.to_string(), Some(payload.to_string()))], None),
            morph_op_result(&Err(payload.to_string())),
            walk_step(&Err(payload.to_string()), 0),
            merge_verdict(Some(Err(payload.to_string()))),
            options(
                &mut [(payload.to_string(), payload.to_string())].into_iter(),
                true,
            ),
            grid(
                &Grid {
                    shape: vec![1],
                    cells: vec![Cell {
                        label: Some(payload.to_string()),
                        ..cell(0, &[0], Some(1))
                    }],
                    axes: Some(Axes {
                        rows: vec![],
                        cols: vec![payload.to_string()],
                        blocks: vec![],
                    }),
                },
                "x",
            ),
            syno_rows(
                &crate::state::syno::Built {
                    rows: vec![crate::state::syno::Row {
                        line: 0,
                        label: payload.to_string(),
                        dims: vec![(
                            crate::engine::syno::DimId::parse("d0")
                                .unwrap_or_else(|| unreachable!()),
                            payload.to_string(),
                            vec![0],
                        )],
                    }],
                    ..Default::default()
                },
                &[],
            ),
        ];
        for html in outputs {
            assert!(!html.contains("<img"), "{html}");
            assert!(html.contains("&lt;img"), "{html}");
        }
    }

    /// Panels are built as DOM nodes (`ui::dom::Dom`): no source of the app or its scripts sets
    /// HTML from a string, so no text can be parsed as markup.
    #[test]
    fn no_source_sets_html_from_a_string() {
        let sinks = [
            ["inner", "_html"].concat(),
            ["inner", "HTML"].concat(),
            ["outer", "HTML"].concat(),
            ["insertAdjacent", "HTML"].concat(),
            ["document", ".write"].concat(),
            ["DOM", "Parser"].concat(),
            ["createContextual", "Fragment"].concat(),
        ];
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut dirs = vec![root.join("src"), root.join("public")];
        let mut files = vec![root.join("index.html")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path
                    .extension()
                    .is_some_and(|e| e == "rs" || e == "js" || e == "html")
                {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 50, "{files:?}");
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            for sink in &sinks {
                assert!(
                    !text.contains(sink.as_str()),
                    "{} uses {sink}",
                    path.display()
                );
            }
        }
    }

    #[test]
    fn syno_rows_mark_the_failing_step_and_make_the_last_row_selectable() {
        let built =
            crate::state::syno::build("output 2, 3\nreduce 4\nshare d2\ninputs d0 d3 d4 d1");
        let html = syno_rows(&built, &["d1".to_string()]);
        assert_eq!(html.matches("row--bad").count(), 1);
        let bad = html.split("<tr").find(|r| r.contains("row--bad")).unwrap();
        assert!(bad.contains("Share d2"), "{bad}");
        // the last row's chips are buttons; the pressed one is the selection
        assert_eq!(html.matches("<button").count(), 4);
        assert!(
            html.contains(r#"data-dim="d1" aria-pressed="true""#),
            "{html}"
        );
        assert!(
            html.contains(r#"data-dim="d0" aria-pressed="false""#),
            "{html}"
        );
    }

    #[test]
    fn a_comparison_is_escaped() {
        let e = exprs(&[4], "pad (1,1)");
        let html = expr_rows(&e);
        assert!(html.contains("&lt;"), "{html}");
        assert!(!html.contains("< "), "{html}");
        let steps = steps(&e);
        assert!(steps.starts_with("<summary>Simplifier: "), "{steps}");
        assert_eq!(steps.matches("<li>").count(), e.steps.len());
    }
}
