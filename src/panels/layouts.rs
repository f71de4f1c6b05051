//! The Layouts page's panels: the layout in CuTe and pycute notation, its properties, and the
//! workbench's result.

use crate::engine::cute::{Layout, Notation};
use crate::engine::NotTractable;
use crate::panels::common::{attrs, code_and_link, error, properties};
use crate::panels::markup::Markup;
use crate::state::layouts::workbench_view::Panels;
use crate::state::layouts::LayoutsState;

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
    if let Some(note) = state.view_note() {
        m.el(
            "span",
            &[
                ("class", "note view-note"),
                ("data-testid", "view-note-layout"),
            ],
            &format!(" ({note})"),
        );
    }
    m.close();
    let linear = match state.as_linear() {
        Ok(bits) => format!("yes: {bits}"),
        Err(why) => format!("no: {why}"),
    };
    term(
        m,
        "as a linear layout (F2, as Triton's)",
        "prop-linear",
        &linear,
    );
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

#[cfg(test)]
mod tests {
    use super::*;

    as_text! {
        layout_properties(state: &LayoutsState);
        layout_notations(l: &Layout);
        workbench_result(p: &Panels, w: &[String]);
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
    fn the_workbench_shows_a_result_or_why_not() {
        use crate::state::layouts::workbench::{Operation, WorkbenchState};
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
}
