//! The Views page's panels: the index expression rows and the simplifier's steps, the base view
//! in canonical form, the head of each view's card and the merge verdict, the history, the grid
//! table and the exports.

use crate::draw::stack_grid::StackGrid;
use crate::panels::common::{attrs, code_and_link, code_block};
use crate::panels::markup::Markup;
use crate::state::route::Route;
use crate::state::theme::Theme;
use crate::state::Page;
use engine::cute::Layout;
use engine::expr::simplify::{law_of, StopReason};
use engine::expr::Piece;
use engine::view::mergeability::MergeVerdict;
use engine::{IndexExprs, NewViewReason, ShapeTracker};

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
/// when the step limit stopped it), then each rule with its law beside its name, and the
/// expression before and after.
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
        m.el(
            "span",
            &[("class", "steps__law"), ("data-testid", "step-law")],
            law_of(s.rule).unwrap_or(""),
        );
        m.open("div");
        m.attr("class", "steps__rewrite");
        m.el("code", &[], &arena.render_readable(s.before));
        m.text(" → ");
        m.el("code", &[], &arena.render_readable(s.after));
        m.close();
        m.close();
    }
    m.close();
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

/// The legend of view `k`'s own grid in a stack: its cells are coordinates of view `k`'s own
/// shape, and each shows (in numbers, and `on_canvas` as a colour too) the offset view `k`
/// computes there, which is a buffer address for view 0 and a row-major index into view
/// `k - 1`'s cells above it (as [`StackGrid::of`] follows it); masked ones show none.
pub fn view_card_legend(m: &mut dyn Markup, tracker: &ShapeTracker, k: usize, on_canvas: bool) {
    let Some(view) = tracker.views().get(k) else {
        return;
    };
    let shape: Vec<String> = view.shape().iter().map(i64::to_string).collect();
    let offset = if k == 0 {
        "a buffer address".to_string()
    } else {
        format!("a row-major index into view {}'s cells", k - 1)
    };
    let (shows, masked) = if on_canvas {
        (
            "Each shows, as its colour and in figures where cells are large enough,",
            "the masked colour",
        )
    } else {
        ("Each shows", "·")
    };
    m.el(
        "p",
        &[
            ("class", "note stack__legend"),
            ("data-testid", &format!("view-legend-{k}")),
        ],
        &format!(
            "Cells: view {k}'s own coordinates, shape ({}). {shows} the offset view {k} \
             computes there: {offset}; {masked} where view {k}'s mask makes it invalid.",
            shape.join(", ")
        ),
    );
}

/// The mergeability verdict on the stack's top two views, if there are two.
pub fn merge_verdict(
    m: &mut dyn Markup,
    verdict: Option<Result<MergeVerdict, impl std::fmt::Display>>,
) {
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

/// The composed grid as a table: one row per logical cell with its coordinate, validity, the
/// cell it reaches in each view (outermost first) and its address; or why there is none.
pub fn grid_table(m: &mut dyn Markup, grids: &Result<StackGrid, impl std::fmt::Display>) {
    let g = match grids {
        Err(e) => return m.el("p", &[("class", "note")], &e.to_string()),
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
        head(m, &format!("view {k} coordinate"));
    }
    head(m, "address");
    m.close();
    m.close();
    m.open("tbody");
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "–".to_string());
    let tuple = |coord: &[i64]| {
        let parts: Vec<String> = coord.iter().map(i64::to_string).collect();
        format!("({})", parts.join(", "))
    };
    for (cell, chain) in g.logical.cells.iter().zip(&g.chains) {
        m.open("tr");
        m.el("th", &[("scope", "row")], &tuple(&cell.coord));
        m.el("td", &[], if cell.value.is_some() { "yes" } else { "no" });
        // each view's cell in that view's own coordinates, as the hover path writes them
        for (k, j) in chain.iter().enumerate().rev() {
            let at = j.and_then(|j| g.views.get(k)?.cells.get(j));
            m.el("td", &[], &or_dash(at.map(|c| tuple(&c.coord))));
        }
        m.el("td", &[], &or_dash(cell.value.map(|a| a.to_string())));
        m.close();
    }
    m.close();
    m.close();
}

/// The Views page's exports: tinygrad Python and repr with copy buttons, and the CuTe
/// layout of a single view with a link to the Layouts page (or why there is none).
pub fn views_export(
    m: &mut dyn Markup,
    python: &str,
    repr: &str,
    layout: &Result<Layout, impl std::fmt::Display>,
    theme: Theme,
) {
    code_block(m, "tinygrad Python", "python", python, "code", |_| {});
    code_block(m, "repr", "repr", repr, "code", |_| {});
    m.el("h3", &[], "CuTe layout");
    m.open("p");
    m.attr("data-testid", "export-layout");
    let layout = layout.as_ref().map(|l| {
        let text = l.to_string();
        let query = crate::state::url::percent_encode(&text, crate::state::url::keep::LAYOUT);
        let href = Route::new(Page::Layouts, format!("L={query}")).with_theme(theme);
        (text, href.to_fragment())
    });
    code_and_link(m, layout, "open-layout", "open in Layouts");
    m.close();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::panels::common::escape;

    as_text! {
        expr_rows(e: &IndexExprs);
        steps(e: &IndexExprs);
        grid_table(g: &Result<StackGrid, String>);
        history(s: &[(String, Option<String>)], selected: Option<usize>);
        view_card_head(t: &ShapeTracker, reason: Option<NewViewReason>, k: usize);
        view_card_legend(t: &ShapeTracker, k: usize, on_canvas: bool);
        merge_verdict(v: Option<Result<MergeVerdict, String>>);
        canonical(editor: &crate::state::ViewEditor);
    }

    fn exprs(shape: &[i64], ops: &str) -> IndexExprs {
        let start = ShapeTracker::from_shape(shape).unwrap();
        engine::view::op_text::apply_op_list(start, ops)
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

    #[test]
    fn the_grid_table_lists_each_cell_through_every_view() {
        let start = ShapeTracker::from_shape(&[2, 3]).unwrap();
        let stack = engine::view::op_text::apply_op_list(start, "permute 1,0; reshape 6").unwrap();
        let grids = StackGrid::of(&stack).map_err(|e| e.to_string());
        let html = grid_table(&grids);
        assert_eq!(html.matches("<tr>").count(), 1 + 6);
        assert_eq!(
            html.matches(r#"<th scope="col">view "#).count(),
            stack.views().len()
        );
        // logical 5 is view 1's cell (5), view 0's (2, 1) (the transpose of (1, 2)), address 5
        assert!(
            html.contains(
                r#"<th scope="row">(5)</th><td>yes</td><td>(5)</td><td>(2, 1)</td><td>5</td>"#
            ),
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
    fn card_heads_say_why_a_view_was_appended() {
        let start = ShapeTracker::from_shape(&[2, 3]).unwrap();
        let t = engine::view::op_text::apply_op_list(start, "permute 1,0; reshape 6").unwrap();
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

    #[test]
    fn a_view_cards_legend_says_what_its_cells_show() {
        let start = ShapeTracker::from_shape(&[3, 2]).unwrap();
        let stack =
            engine::view::op_text::apply_op_list(start, "permute 1,0; reshape 3,2").unwrap();
        assert_eq!(
            view_card_legend(&stack, 0, false),
            r#"<p class="note stack__legend" data-testid="view-legend-0">Cells: view 0's own coordinates, shape (2, 3). Each shows the offset view 0 computes there: a buffer address; · where view 0's mask makes it invalid.</p>"#
        );
        let outer = view_card_legend(&stack, 1, true);
        assert!(outer.contains("shape (3, 2). Each shows, as its colour and in figures where cells are large enough, the offset view 1 computes there: a row-major index into view 0's cells; the masked colour"), "{outer}");
        assert_eq!(view_card_legend(&stack, 2, false), "");
        // what the legend says is what the grid holds: view 1's cell (2, 1) shows 5, the
        // row-major index of view 0's cell (1, 2), which shows address 5
        let grids = StackGrid::of(&stack).unwrap();
        assert_eq!(grids.views[1].cells[5].coord, [2, 1]);
        assert_eq!(grids.views[1].cells[5].value, Some(5));
        assert_eq!(grids.views[0].cells[5].coord, [1, 2]);
        assert_eq!(grids.views[0].cells[5].value, Some(5));
    }

    #[test]
    fn each_step_shows_its_rules_law_beside_its_name() {
        // two views whose index the one-variable fit rewrites
        let e = exprs(&[3, 4], "flip 1; reshape 12");
        assert!(!e.steps.is_empty());
        let html = steps(&e);
        for s in &e.steps {
            let law = escape(law_of(s.rule).unwrap());
            let beside = format!(
                r#"<span class="steps__rule">{}</span><span class="steps__law" data-testid="step-law">{law}</span>"#,
                s.rule
            );
            assert!(html.contains(&beside), "{html}");
        }
    }
}
