//! The Layouts page's panels: the layout in CuTe and pycute notation, its properties, and the
//! workbench's result.

use crate::panels::common::{attrs, code_and_link, error, properties};
use crate::panels::markup::Markup;
use crate::state::layouts::workbench_view::Panels;
use crate::state::layouts::LayoutsState;
use crate::state::route::Route;
use crate::state::theme::Theme;
use crate::state::Page;
use engine::cute::{Layout, Notation};
use engine::NotTractable;

/// `<dt>{term}</dt><dd data-testid="{test_id}">{text}</dd>`.
fn term(m: &mut dyn Markup, term: &str, test_id: &str, text: &str) {
    m.el("dt", &[], term);
    m.el("dd", &[("data-testid", test_id)], text);
}

/// A layout's properties: size, cosize, rank, depth, whether it is tractable (with a link to
/// its diagram) and the view it is, if any (with a link to the Views page).
pub fn layout_properties(m: &mut dyn Markup, state: &LayoutsState, theme: Theme) {
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
                (
                    "href",
                    &Route::new(Page::Morphisms, q)
                        .with_theme(theme)
                        .to_fragment(),
                ),
            ],
            "draw its diagram",
        );
    }
    m.close();
    m.el("dt", &[], "as a view");
    m.open("dd");
    m.attr("data-testid", "prop-view");
    let view = state.as_view().map(|(repr, query)| {
        let href = Route::new(Page::Views, query)
            .with_theme(theme)
            .to_fragment();
        (repr, href)
    });
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
        Err(e) => (e.to_string(), String::new(), String::new()),
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
    use crate::panels::markup::Text;
    use crate::state::layouts::{mode_axes, CellText};
    use crate::state::url::PageState;

    as_text! {
        layout_properties(state: &LayoutsState, theme: Theme);
        layout_notations(l: &Layout);
        workbench_result(p: &Panels, w: &[String]);
    }

    #[test]
    fn layout_properties_link_to_the_diagram_and_the_view() {
        let mut state = LayoutsState::default();
        state.set_text("(4,2):(2,1)");
        let html = layout_properties(&state, Theme::Auto);
        assert!(
            html.contains(r#"<dd data-testid="prop-size">8</dd>"#),
            "{html}"
        );
        assert!(
            html.contains(r#"data-testid="prop-tractable">yes: "#),
            "{html}"
        );
        assert!(html.contains(r##"href="#/morphisms?f="##), "{html}");
        // a cross-page link keeps a forced theme
        let dark = layout_properties(&state, Theme::Dark);
        assert!(
            dark.contains(r##"&amp;theme=dark&amp;v=1" data-testid="open-view""##)
                || dark.contains("theme=dark&amp;v=1"),
            "{dark}"
        );
        assert_eq!(dark.matches("theme=dark").count(), 2, "{dark}");
        assert!(
            html.contains(r##"<a data-testid="open-view" href="#/views?"##),
            "{html}"
        );
        state.set_text("(2,2):(3,1)");
        let html = layout_properties(&state, Theme::Auto);
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
            layout_properties(&state, Theme::Auto)
                .contains("<code>2:1</code><mark>2:4</mark><mark>2:7</mark>"),
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

    #[test]
    fn cells_show_the_value_the_index_or_the_coordinate() {
        let mut state = LayoutsState::default();
        state.set_text("((2,2),3):((1,6),2)");
        let shown = |state: &LayoutsState| -> Vec<String> {
            let grid = state.grid().unwrap();
            let html = Text::of(|m| crate::panels::grid(m, &grid.logical, "c"));
            grid.logical
                .cells
                .iter()
                .map(|c| {
                    c.label
                        .clone()
                        .unwrap_or_else(|| c.value.unwrap().to_string())
                })
                .inspect(|t| assert!(html.contains(&format!("{}</div>", crate::panels::escape(t)))))
                .collect()
        };
        // mode 0 (2,2) down, mode 1 (3) across: row r, column c is index r + 4c
        assert_eq!(shown(&state)[..3], ["0", "2", "4"]);
        state.show = CellText::Index;
        assert_eq!(shown(&state)[..4], ["0", "4", "8", "1"]);
        state.show = CellText::Coord;
        assert_eq!(
            shown(&state)[..4],
            ["((0,0),0)", "((0,0),1)", "((0,0),2)", "((1,0),0)"]
        );
        state.set_text("(12,2):(1,12)");
        state.show = CellText::Index;
        let html = Text::of(|m| crate::panels::grid(m, &state.grid().unwrap().logical, "c"));
        assert!(
            html.contains(">\u{a0}0</div>"),
            "one-digit indices padded to two: {html}"
        );
        assert!(html.contains(">12</div>"));
        state.set_text("((2,2),3):((1,6),2)");
        state.show = CellText::Coord;
        // every cell still links memory by its value
        assert!(state
            .grid()
            .unwrap()
            .logical
            .cells
            .iter()
            .all(|c| c.value.is_some()));
        let back = LayoutsState::from_query(&state.to_query());
        assert_eq!(back.show, CellText::Coord);
        assert!(state.to_query().contains("&show=coord&"));
        assert_eq!(
            LayoutsState::from_query("show=nonsense").show,
            CellText::Value
        );
    }

    #[test]
    fn axes_name_rows_columns_and_blocks_by_their_modes_coordinates() {
        let axes = mode_axes(&Layout::parse("((2,2),3,2):((1,2),4,12)").unwrap());
        assert_eq!(axes.rows, ["(0,0)", "(1,0)", "(0,1)", "(1,1)"]);
        assert_eq!(axes.cols, ["0", "1", "2"]);
        assert_eq!(axes.blocks, [vec!["mode 2: 0", "mode 2: 1"]]);
        let four = mode_axes(&Layout::parse("(2,2,3,4):(1,2,4,12)").unwrap());
        assert_eq!(four.blocks.len(), 2);
        assert_eq!(four.blocks[0].len(), 4, "the last mode is outermost");
        assert_eq!(four.blocks[1][2], "mode 2: 2");
        let one = mode_axes(&Layout::parse("(2,3):(1,2)").unwrap());
        assert_eq!((one.rows.len(), one.cols.len()), (2, 3));
        let int = mode_axes(&Layout::parse("6:1").unwrap());
        assert_eq!((int.rows.len(), int.cols.len()), (0, 6));
        // drawn: a header row of column names, each row led by its name, blocks named
        let mut state = LayoutsState::default();
        state.set_text("((2,2),3,2):((1,2),4,12)");
        let html = Text::of(|m| crate::panels::grid(m, &state.grid().unwrap().logical, "c"));
        assert_eq!(
            html.matches("grid-row--axis").count(),
            2,
            "one header per block"
        );
        assert!(html.contains(r#"<span class="block__label" aria-hidden="true">mode 2: 1</span>"#));
        assert!(
            html.contains(r#"aria-hidden="true">(1,0)</span>"#),
            "{html}"
        );
        // values padded to the widest of values and column names (two digits here)
        assert!(html.contains(">\u{a0}0</div>"), "{html}");
    }
}
