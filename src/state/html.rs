//! Read-only panels rendered to HTML text. The UI sets each as one element's `innerHTML` and
//! reads the `data-*` attributes here in one delegated handler per panel, so a panel costs a
//! string builder instead of a reactive node per element. Every text is escaped.

use std::fmt::Write;

use crate::engine::cute::{Layout, Notation};
use crate::engine::expr::Piece;
use crate::engine::mergeability::MergeVerdict;
use crate::engine::simplify::StopReason;
use crate::engine::{IndexExprs, NewViewReason, NotTractable, ShapeTracker};
use crate::state::layouts::LayoutsState;
use crate::state::morphisms::{Figure, OpResult, Step};
use crate::state::stack_grid::{Axes, Cell, Grid, MemoryCell, StackGrid};
use crate::state::workbench_view::Panels;

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

/// The simplifier's steps, the inside of a `<details>`: a summary counting them (and saying
/// when the step limit stopped it), then each rule with the expression before and after.
pub fn steps(exprs: &IndexExprs) -> String {
    let arena = &exprs.arena;
    let n = exprs.steps.len();
    let mut out = format!(
        "<summary>Simplifier: {n} step{}{}</summary><ol>",
        if n == 1 { "" } else { "s" },
        if exprs.stop == StopReason::Saturated {
            ""
        } else {
            " (step limit reached)"
        },
    );
    for s in &exprs.steps {
        let _ = write!(
            out,
            r#"<li><span class="steps__rule">{}</span><code>{}</code> → <code>{}</code></li>"#,
            s.rule,
            escape(&arena.render_readable(s.before)),
            escape(&arena.render_readable(s.after)),
        );
    }
    out.push_str("</ol>");
    out
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
    format!("{}{}", "\u{a0}".repeat(pad), escape(text))
}

fn cell_html(cell: &Cell, style: &Style, out: &mut String) {
    let coord = coord_text(&cell.coord);
    let (masked, value, addr) = match cell.value {
        Some(v) => ("", v.to_string(), v.to_string()),
        None => (" cell--masked", "·".to_string(), "masked".to_string()),
    };
    let shown = match &cell.label {
        Some(label) => padded(label, style.width),
        None if style.axes.is_some() => padded(&value, style.width),
        None => value,
    };
    let _ = write!(
        out,
        r#"<div class="cell cell--logical{masked}" data-index="{}" data-testid="{}" data-coord="{coord}" data-addr="{addr}""#,
        cell.index, style.test_id
    );
    if let Some(t) = cell.tile {
        let _ = write!(out, r#" data-tile="{}""#, t % 8);
    }
    let _ = write!(
        out,
        r#" tabindex="0" role="gridcell" aria-label="{coord} → {addr}">{shown}</div>"#
    );
}

/// An axis label, sized like a cell.
fn axis_html(text: &str, width: usize, out: &mut String) {
    let _ = write!(
        out,
        r#"<span class="cell cell--axis" aria-hidden="true">{}</span>"#,
        padded(text, width)
    );
}

/// Rank 0 a cell, rank 1 a row, rank 2 a grid, higher ranks nested blocks of those (rows of
/// blocks at odd rank, columns at even), never flattened. With axes, a header row names the
/// columns and each row starts with its name.
fn block_html(shape: &[i64], cells: &[Cell], axis: usize, style: &Style, out: &mut String) {
    let row = |cells: &[Cell], label: Option<&String>, out: &mut String| {
        out.push_str(r#"<div class="grid-row">"#);
        if let Some(label) = label {
            axis_html(label, style.row_width, out);
        }
        for c in cells {
            cell_html(c, style, out);
        }
        out.push_str("</div>");
    };
    let header = |with_corner: bool, out: &mut String| {
        if let Some(axes) = style.axes.filter(|a| !a.cols.is_empty()) {
            out.push_str(r#"<div class="grid-row grid-row--axis">"#);
            if with_corner {
                axis_html("", style.row_width, out);
            }
            for label in &axes.cols {
                axis_html(label, style.width, out);
            }
            out.push_str("</div>");
        }
    };
    match shape.len() {
        0 => {
            if let Some(c) = cells.first() {
                cell_html(c, style, out);
            }
        }
        1 => {
            header(false, out);
            row(cells, None, out);
        }
        2 => {
            out.push_str(r#"<div class="grid-2d">"#);
            header(true, out);
            let width = usize::try_from(shape[1]).unwrap_or(0).max(1);
            for (r, cells) in cells.chunks(width).enumerate() {
                row(cells, style.axes.and_then(|a| a.rows.get(r)), out);
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
                let named = style.axes.and_then(|a| a.blocks.get(axis)?.get(k));
                let _ = match named {
                    Some(name) => write!(
                        out,
                        r#"<div class="block"><span class="block__label">{}</span>"#,
                        escape(name)
                    ),
                    None => write!(
                        out,
                        r#"<div class="block"><span class="block__label">d{axis}={k}</span>"#
                    ),
                };
                block_html(&shape[1..], chunk, axis + 1, style, out);
                out.push_str("</div>");
            }
            out.push_str("</div>");
        }
    }
}

/// A grid's cells, each showing its value (`·` where masked) or its label, test-identified by
/// `test_id`, named by `data-index` (row-major position) and `data-coord`; with the grid's
/// axis labels, if it has them.
pub fn grid(grid: &Grid, test_id: &str) -> String {
    let mut out = String::with_capacity(grid.cells.len() * 160);
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
    block_html(&grid.shape, &grid.cells, 0, &style, &mut out);
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

/// The flat modes of an encoded layout as chips named by `data-leaf` (one per domain leaf),
/// or why there is no layout.
pub fn mode_chips(layout: &Result<Layout, String>) -> String {
    match layout {
        Err(e) => format!(r#"<span class="field__error">{}</span>"#, escape(e)),
        Ok(layout) => {
            let mut out = String::new();
            for (k, (size, stride)) in layout.flat_modes().into_iter().enumerate() {
                let _ = write!(
                    out,
                    r#"<span class="mode-chip" data-testid="mode-{k}" data-leaf="{k}" tabindex="0">{size}:{stride}</span>"#
                );
            }
            out
        }
    }
}

/// A Nest operation's outcome: the pasted and result diagrams, the result and its layout
/// beside the layout operation's result, and whether the two agree.
pub fn morph_op_result(result: &Result<OpResult, String>) -> String {
    let r = match result {
        Err(e) => {
            return format!(
                r#"<p class="field__error" data-testid="op-error" role="alert">{}</p>"#,
                escape(e)
            )
        }
        Ok(r) => r,
    };
    let mut out = String::from(r#"<div class="op-result">"#);
    for f in &r.figures {
        figure(&mut out, f);
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
    let _ = write!(
        out,
        r#"<dl class="properties"><dt>result</dt><dd><code data-testid="op-result">{}</code></dd><dt>its layout</dt><dd><code data-testid="op-result-layout">{}</code></dd><dt>layout operation</dt><dd><code>{}</code></dd><dt>gives</dt><dd><code data-testid="op-layout-result">{}</code></dd></dl><p class="note" data-testid="op-agree">{}</p></div>"#,
        escape(&r.result.to_string()),
        escape(&r.layout.to_string()),
        escape(&r.layout_op),
        escape(&layout_result),
        escape(&agree),
    );
    out
}

/// Step `step` of the composition walkthrough (clamped to the last), or why there are none.
pub fn walk_step(steps: &Result<Vec<Step>, String>, step: usize) -> String {
    let all = match steps {
        Err(e) => {
            return format!(
                r#"<p class="field__error" data-testid="walk-error" role="alert">{}</p>"#,
                escape(e)
            )
        }
        Ok(all) => all,
    };
    let Some(s) = all.get(step.min(all.len().saturating_sub(1))) else {
        return String::new();
    };
    let mut out = format!(
        r#"<div class="walk-step"><h3 data-testid="walk-title">{}</h3><ul data-testid="walk-lines">"#,
        escape(&s.title)
    );
    for line in &s.lines {
        let _ = write!(out, "<li><code>{}</code></li>", escape(line));
    }
    out.push_str("</ul>");
    if let Some(f) = &s.figure {
        figure(&mut out, f);
    }
    out.push_str("</div>");
    out
}

/// A figure: its caption (if any), the live diagram, and links that download it as SVG and
/// as TikZ.
fn figure(out: &mut String, f: &Figure) {
    out.push_str("<figure>");
    if !f.caption.is_empty() {
        let _ = write!(out, "<figcaption>{}</figcaption>", escape(f.caption));
    }
    let id = f.id;
    let _ = write!(
        out,
        r#"{}<p class="downloads"><a data-testid="{id}-svg" download="{id}.svg" href="{}">SVG</a><button type="button" data-png="{id}" data-testid="{id}-png">PNG</button><a data-testid="{id}-tikz" download="{id}.tex" href="data:text/x-tex;charset=utf-8,{}">TikZ</a></p></figure>"#,
        f.diagram.to_live_svg(
            &format!("{id}-diagram"),
            if f.caption.is_empty() { id } else { f.caption }
        ),
        escape(&svg_href(&f.diagram.to_svg())),
        escape(&crate::state::view_form::percent_encode(
            &f.diagram.to_tikz(),
            b" =:/\",.-"
        ))
    );
}

/// The composed grid as a table: one row per logical cell with its coordinate, validity, the
/// cell it reaches in each view (outermost first) and its address; or why there is none.
pub fn grid_table(grids: &Result<StackGrid, String>) -> String {
    let g = match grids {
        Err(e) => return format!(r#"<p class="note">{}</p>"#, escape(e)),
        Ok(g) => g,
    };
    let mut out = String::from(
        r#"<table class="grid-table" data-testid="grid-table"><thead><tr><th scope="col">coordinate</th><th scope="col">valid</th>"#,
    );
    for k in (0..g.views.len()).rev() {
        let _ = write!(out, r#"<th scope="col">view {k} cell</th>"#);
    }
    out.push_str(r#"<th scope="col">address</th></tr></thead><tbody>"#);
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "–".to_string());
    for (cell, chain) in g.logical.cells.iter().zip(&g.chains) {
        let coord: Vec<String> = cell.coord.iter().map(i64::to_string).collect();
        let _ = write!(
            out,
            r#"<tr><th scope="row">({})</th><td>{}</td>"#,
            coord.join(", "),
            if cell.value.is_some() { "yes" } else { "no" }
        );
        for j in chain.iter().rev() {
            let _ = write!(out, "<td>{}</td>", or_dash(j.map(|j| j.to_string())));
        }
        let _ = write!(
            out,
            "<td>{}</td></tr>",
            or_dash(cell.value.map(|a| a.to_string()))
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// The history's items: first "show latest" (`data-act="latest"`; "base view" while there
/// are no steps), then each step naming its op, with buttons that select it, move it up or
/// remove it (`data-act`; the item carries `data-step`), and why it failed where it did.
pub fn history(steps: &[(String, Option<String>)], selected: Option<usize>) -> String {
    let mut out = format!(
        r#"<li class="history__item{}"><button type="button" data-testid="history-latest" data-act="latest">{}</button></li>"#,
        if selected.is_none() {
            " history__item--selected"
        } else {
            ""
        },
        if steps.is_empty() {
            "base view"
        } else {
            "show latest"
        },
    );
    for (k, (label, error)) in steps.iter().enumerate() {
        let n = k + 1;
        let _ = write!(
            out,
            r#"<li class="history__item{}{}" data-testid="step-{k}" data-step="{k}"><button type="button" class="history__op" data-testid="step-{k}-select" data-act="select" title="Show the stack after this step">{n}. {}</button><button type="button" data-testid="step-{k}-up" data-act="up" aria-label="Move step {n} up"{}>↑</button><button type="button" data-testid="step-{k}-remove" data-act="remove" aria-label="Remove step {n}">✕</button>"#,
            if selected == Some(k) {
                " history__item--selected"
            } else {
                ""
            },
            if error.is_some() {
                " history__item--error"
            } else {
                ""
            },
            escape(label),
            if k == 0 { " disabled" } else { "" },
        );
        if let Some(e) = error {
            let _ = write!(
                out,
                r#"<span class="field__error" role="alert">{}</span>"#,
                escape(e)
            );
        }
        out.push_str("</li>");
    }
    out
}

/// A layout's properties: size, cosize, rank, depth, whether it is tractable (with a link to
/// its diagram) and the view it is, if any (with a link to the Views page).
pub fn layout_properties(state: &LayoutsState) -> String {
    let p = state.properties();
    let mut out = format!(
        r#"<dt>size</dt><dd data-testid="prop-size">{}</dd><dt>cosize</dt><dd data-testid="prop-cosize">{}</dd><dt>rank</dt><dd data-testid="prop-rank">{}</dd><dt>depth</dt><dd data-testid="prop-depth">{}</dd><dt>tractable</dt><dd data-testid="prop-tractable">"#,
        escape(&p.size),
        escape(&p.cosize),
        p.rank,
        p.depth
    );
    match &p.tractable {
        Ok(m) => {
            let _ = write!(out, "yes: {} ", escape(m));
        }
        Err(reason) => {
            let _ = write!(out, "no: {}", escape(&reason.to_string()));
            // the sorted modes, the two whose divisibility fails marked
            if let NotTractable::Divisibility { sorted, at, .. } = reason {
                out.push_str(r#"<span class="chain" data-testid="tractable-chain">"#);
                for (k, (s, d)) in sorted.iter().enumerate() {
                    let tag = if k == *at || k == at + 1 {
                        "mark"
                    } else {
                        "code"
                    };
                    let _ = write!(out, "<{tag}>{s}:{d}</{tag}>");
                }
                out.push_str("</span>");
            }
        }
    }
    if let Some(q) = state.morphism_query() {
        let _ = write!(
            out,
            r##"<a data-testid="open-morphism" href="#/morphisms?{}">draw its diagram</a>"##,
            escape(&q)
        );
    }
    out.push_str(r#"</dd><dt>as a view</dt><dd data-testid="prop-view">"#);
    match state.as_view() {
        Ok((repr, query)) => {
            let _ = write!(
                out,
                r##"<code>{}</code> <a data-testid="open-view" href="#/views?{}">open in Views</a>"##,
                escape(&repr),
                escape(&query)
            );
        }
        Err(reason) => {
            let _ = write!(out, "<span>none: {}</span>", escape(&reason));
        }
    }
    out.push_str("</dd>");
    out
}

/// The layout in CuTe and in pycute notation.
pub fn layout_notations(layout: &Layout) -> String {
    format!(
        r#"<code data-testid="layout-cute">{}</code><code data-testid="layout-pycute">{}</code>"#,
        escape(&layout.to_notation(Notation::Cute)),
        escape(&layout.to_notation(Notation::Python))
    )
}

/// A code block under a heading with a copy button (`data-copy` names what it copies) and
/// `more` after the button.
fn code_block(out: &mut String, title: &str, name: &str, code: &str, class: &str, more: &str) {
    let _ = write!(
        out,
        r#"<div class="export__head"><h3>{title}</h3><button type="button" data-testid="copy-{name}" data-copy="{name}">Copy</button>{more}</div><pre class="{class}" data-testid="export-{name}">{}</pre>"#,
        escape(code)
    );
}

/// The Embed menu: the state as a `<layout-lab>` snippet and as an iframe, each with a copy
/// button (`data-copy` "embed" and "embed-iframe").
pub fn embed_menu(element: &str, iframe: &str) -> String {
    let mut out = String::from(
        r#"<p class="note">Paste into any HTML page for a live widget of this state (<a href="docs-example.html">example</a>).</p>"#,
    );
    code_block(
        &mut out,
        "&lt;layout-lab&gt; element",
        "embed",
        element,
        "code",
        "",
    );
    code_block(&mut out, "iframe", "embed-iframe", iframe, "code", "");
    out
}

/// Export buttons of a grid picture, `label` before them: SVG, PNG and TikZ, each with its
/// format in `data-export` and the test id `{name}-{format}`.
pub fn picture_export(name: &str, label: &str) -> String {
    let mut out = escape(label);
    for (format, title) in [("svg", "SVG"), ("png", "PNG"), ("tikz", "TikZ")] {
        let _ = write!(
            out,
            r#"<button type="button" data-export="{format}" data-testid="{}-{format}">{title}</button>"#,
            escape(name)
        );
    }
    out
}

/// The Views page's exports: tinygrad Python and repr with copy buttons, and the CuTe
/// layout of a single view with a link to the Layouts page (or why there is none).
pub fn views_export(python: &str, repr: &str, layout: &Result<Layout, String>) -> String {
    let mut out = String::new();
    code_block(&mut out, "tinygrad Python", "python", python, "code", "");
    code_block(&mut out, "repr", "repr", repr, "code", "");
    out.push_str(r#"<h3>CuTe layout</h3><p data-testid="export-layout">"#);
    match layout {
        Ok(l) => {
            let text = l.to_string();
            let _ = write!(
                out,
                r##"<code>{}</code> <a data-testid="open-layout" href="#/layouts?L={}">open in Layouts</a>"##,
                escape(&text),
                escape(&crate::state::view_form::percent_encode(&text, b",:()"))
            );
        }
        Err(reason) => {
            let _ = write!(out, "<span>none: {}</span>", escape(reason));
        }
    }
    out.push_str("</p>");
    out
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
pub fn morphism_export(tikz: &str, svg: &str) -> String {
    let mut out = String::new();
    code_block(&mut out, "TikZ", "tikz", tikz, "code", "");
    let download = format!(
        r#"<a data-testid="download-svg" download="morphism.svg" href="{}">Download</a> <button type="button" data-png="morphism" data-testid="download-png">PNG</button>"#,
        escape(&svg_href(svg))
    );
    code_block(&mut out, "SVG", "svg", svg, "code code--short", &download);
    out
}

/// The head of view `k`'s card in a stack: its name, its repr, and, for the last of several
/// views, why the reshape that appended it could not stay in the view below.
pub fn view_card_head(tracker: &ShapeTracker, reason: Option<NewViewReason>, k: usize) -> String {
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
    format!(
        r#"<h3>{name}</h3><code class="stack__repr" data-testid="view-repr-{k}">{}</code><p class="note" data-testid="view-reason-{k}">{}</p>"#,
        escape(&repr),
        escape(&appended)
    )
}

/// Seed 000's verdict on merging the stack's top two views, if there are two.
pub fn merge_verdict(verdict: Option<Result<MergeVerdict, String>>) -> String {
    let (ok, text) = match verdict {
        None => return String::new(),
        Some(Ok(MergeVerdict::Mergeable(view))) => {
            (true, format!("mergeable: one view does it — {view}"))
        }
        Some(Ok(MergeVerdict::NotMergeable(witness))) => {
            (false, format!("not mergeable: {}", witness.describe()))
        }
        Some(Err(e)) => (false, format!("not decided: {e}")),
    };
    format!(
        r#"<p class="verdict{}" data-testid="merge-verdict">{}</p>"#,
        if ok { " verdict--ok" } else { "" },
        escape(&text)
    )
}

/// The workbench's outcome: why the operation fails (an alert, empty when it runs), the
/// result in CuTe and pycute notation, and the warnings about it.
pub fn workbench_result(panels: &Panels, warnings: &[String]) -> String {
    let (error, cute, pycute) = match &panels.result {
        Ok(r) => (
            String::new(),
            r.to_notation(Notation::Cute),
            r.to_notation(Notation::Python),
        ),
        Err(e) => (e.clone(), String::new(), String::new()),
    };
    let mut out = format!(
        r#"<p class="field__error" data-testid="wb-error" role="alert">{}</p><dl class="properties"><dt>result</dt><dd><code data-testid="wb-result">{}</code></dd><dt>pycute</dt><dd><code data-testid="wb-result-pycute">{}</code></dd></dl><ul class="warnings" data-testid="wb-warnings">"#,
        escape(&error),
        escape(&cute),
        escape(&pycute)
    );
    for w in warnings {
        let _ = write!(out, "<li>{}</li>", escape(w));
    }
    out.push_str("</ul>");
    out
}

/// A select's `<option>`s from `(value, label)` pairs, after an empty "choose…" option when
/// `choose` (a select of presets, whose choice is an action rather than a state).
pub fn options(items: &mut dyn Iterator<Item = (String, String)>, choose: bool) -> String {
    let mut out = String::new();
    if choose {
        out.push_str(r#"<option value="">choose…</option>"#);
    }
    for (value, label) in items {
        let _ = write!(
            out,
            r#"<option value="{}">{}</option>"#,
            escape(&value),
            escape(&label)
        );
    }
    out
}

/// The Views page's base view in canonical form and, when its sizes are symbolic, the
/// symbolic view with its index expression.
pub fn canonical(editor: &crate::state::ViewEditor) -> String {
    let mut out = format!(
        r#"<code data-testid="canonical">{}</code>"#,
        escape(&editor.view().to_string())
    );
    if let Some(sym) = editor.symbolic_view() {
        let (arena, idx) = sym.index_expr();
        let _ = write!(
            out,
            r#"<p class="symbolic"><code data-testid="symbolic-view">{}</code> · idx = <code data-testid="symbolic-idx">{}</code></p>"#,
            escape(&sym.to_string()),
            escape(&arena.render_readable(idx))
        );
    }
    out
}

/// The Syno chain's rows: each statement and the dimensions after it as chips with size and
/// colours (coloured by their first tensor); the last row's chips are buttons that select a
/// dimension for the palette (`data-dim`, pressed when in `selected`). A row whose step a
/// rule failed at is marked.
pub fn syno_rows(built: &crate::state::syno::Built, selected: &[String]) -> String {
    let mut out = String::from(r#"<table class="syno-rows" data-testid="syno-rows">"#);
    let bad_row = built.problem.as_ref().and_then(|p| p.step).map(|s| s + 1);
    let last = built.rows.len().saturating_sub(1);
    for (k, row) in built.rows.iter().enumerate() {
        let bad = if bad_row == Some(k) { " row--bad" } else { "" };
        let _ = write!(
            out,
            r#"<tr class="syno-row{bad}" data-testid="syno-row"><th scope="row">{}</th><td>"#,
            escape(&row.label)
        );
        for (id, size, tensors) in &row.dims {
            let id = id.to_string();
            let colours: Vec<String> = tensors.iter().map(|t| format!("in{t}")).collect();
            let tile = tensors
                .first()
                .map_or(String::new(), |t| format!(r#" data-tile="{}""#, t % 8));
            let text = format!("{id}: {} {{{}}}", escape(size), colours.join(", "));
            if k == last && row.label != "inputs" {
                let pressed = selected.contains(&id);
                let _ = write!(
                    out,
                    r#"<button type="button" class="chip"{tile} data-dim="{id}" aria-pressed="{pressed}">{text}</button>"#
                );
            } else {
                let _ = write!(out, r#"<span class="chip"{tile}>{text}</span>"#);
            }
        }
        out.push_str("</td></tr>");
    }
    out.push_str("</table>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::ShapeTracker;

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
        assert!(html.contains(r#"aria-label="Move step 1 up" disabled>"#));
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
