//! The Views page, mounted whole, and its panels mounted alone (expression mode, import and
//! export, the table view).

use crate::support::{cell_address, click, find, fresh_parent, hover_over, text, type_into};
use layout_lab_app::ui::pages::ViewsPage;
use leptos::prelude::*;
use leptos::task::tick;
use model::state::ViewsState;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, EventInit, HtmlElement};

#[wasm_bindgen_test]
async fn typing_a_stride_moves_the_cells() {
    let parent = fresh_parent();
    let state = RwSignal::new(ViewsState::default());
    let _mounted = leptos::mount::mount_to(parent.clone(), move || view! { <ViewsPage state /> });
    tick().await;
    assert_eq!(cell_address(&parent, "(1,2)"), "6");
    type_into(&parent, "stride-1", "2");
    tick().await;
    assert_eq!(cell_address(&parent, "(1,2)"), "8", "4·1 + 2·2");
    assert!(find(&parent, "[data-testid='canonical']")
        .text_content()
        .unwrap()
        .contains("strides=(4, 2)"));
}

#[wasm_bindgen_test]
async fn bad_input_shows_an_error_and_keeps_the_grid() {
    let parent = fresh_parent();
    let state = RwSignal::new(ViewsState::default());
    let _mounted = leptos::mount::mount_to(parent.clone(), move || view! { <ViewsPage state /> });
    tick().await;
    type_into(&parent, "shape-0", "3x");
    tick().await;
    let error = find(&parent, "[data-testid='error-shape-0']")
        .text_content()
        .unwrap();
    assert!(error.contains("whole number"), "{error}");
    assert_eq!(
        cell_address(&parent, "(2,3)"),
        "11",
        "last valid 3×4 view still drawn"
    );
}

#[wasm_bindgen_test]
async fn hovering_memory_lights_every_reader() {
    let parent = fresh_parent();
    let state = RwSignal::new(ViewsState::default());
    let _mounted = leptos::mount::mount_to(parent.clone(), move || view! { <ViewsPage state /> });
    tick().await;
    type_into(&parent, "stride-0", "0");
    tick().await;
    let memory = find(&parent, "[data-testid='memory-cell'][data-addr='1']");
    hover_over(&memory);
    tick().await;
    let lit = parent
        .query_selector_all("[data-testid='logical-cell'].cell--lit")
        .unwrap();
    assert_eq!(
        lit.length(),
        3,
        "stride 0 over 3 rows: address 1 read three times"
    );
}

#[wasm_bindgen_test]
async fn grids_render_rank_three_as_blocks() {
    let parent = fresh_parent();
    let state = RwSignal::new(ViewsState::default());
    state.update(|s| s.editor.add_dim());
    let _mounted = leptos::mount::mount_to(parent.clone(), move || view! { <ViewsPage state /> });
    tick().await;
    let blocks = parent
        .query_selector_all("[data-testid='logical-grid'] .block")
        .unwrap();
    assert_eq!(blocks.length(), 3, "one block per index of dim 0");
}

/// Mounts the Views page on `query` (the URL state format).
async fn mount_views(query: &str) -> (HtmlElement, RwSignal<ViewsState>) {
    let parent = fresh_parent();
    let state = RwSignal::new(ViewsState::from_query(query).0);
    let mounted = leptos::mount::mount_to(parent.clone(), move || view! { <ViewsPage state /> });
    mounted.forget();
    tick().await;
    (parent, state)
}

#[wasm_bindgen_test]
async fn the_op_toolbar_applies_ops_and_reports_bad_arguments() {
    let (parent, state) = mount_views("shape=3,2").await;
    click(&parent, "op-permute");
    type_into(&parent, "op-argument", "1,0");
    click(&parent, "op-apply");
    tick().await;
    assert_eq!(state.with_untracked(|s| s.steps().len()), 1);
    assert!(text(&parent, "view-repr-0").contains("strides=(1, 2)"));
    click(&parent, "op-reshape");
    type_into(&parent, "op-argument", "3,2");
    click(&parent, "op-apply");
    tick().await;
    assert!(text(&parent, "view-reason-1").contains("could not express it"));
    assert!(text(&parent, "merge-verdict").contains("not mergeable"));
    assert_eq!(
        cell_address(&parent, "(1,0)"),
        "4",
        "the transposed reshape example: 0 2 / 4 1 / 3 5"
    );
    click(&parent, "op-expand");
    type_into(&parent, "op-argument", "9,9");
    click(&parent, "op-apply");
    tick().await;
    assert!(
        text(&parent, "error-op").contains("expand"),
        "{}",
        text(&parent, "error-op")
    );
    assert_eq!(
        state.with_untracked(|s| s.steps().len()),
        2,
        "a bad op is not added"
    );
}

#[wasm_bindgen_test]
async fn history_steps_can_be_selected_and_removed() {
    let (parent, state) = mount_views("shape=3,2&ops=permute:1,0;reshape:3,2").await;
    assert_eq!(
        parent
            .query_selector_all("[data-testid^='view-card-']")
            .unwrap()
            .length(),
        2
    );
    click(&parent, "step-0-select");
    tick().await;
    assert_eq!(
        parent
            .query_selector_all("[data-testid^='view-card-']")
            .unwrap()
            .length(),
        1
    );
    click(&parent, "step-0-remove");
    tick().await;
    assert_eq!(state.with_untracked(|s| s.steps().len()), 1);
    assert_eq!(
        parent
            .query_selector_all("[data-testid^='view-card-']")
            .unwrap()
            .length(),
        1
    );
    assert!(text(&parent, "history").contains("reshape 3,2"));
}

#[wasm_bindgen_test]
async fn hover_links_memory_every_view_and_the_composed_grid() {
    let (parent, _) = mount_views("shape=3,2&ops=permute:1,0;reshape:3,2").await;
    let memory = find(&parent, "[data-testid='memory-cell'][data-addr='4']");
    hover_over(&memory);
    tick().await;
    for selector in [
        "[data-testid='logical-cell'].cell--lit",
        "[data-testid='view0-cell'].cell--lit",
        "[data-testid='view1-cell'].cell--lit",
    ] {
        assert_eq!(
            parent.query_selector_all(selector).unwrap().length(),
            1,
            "{selector}"
        );
    }
    assert!(text(&parent, "hover-info").contains("address 4"));
}

#[wasm_bindgen_test]
async fn expressions_show_counts_and_simplifier_steps() {
    let (parent, _) = mount_views("shape=3,2&ops=permute:1,0;reshape:3,2").await;
    assert!(text(&parent, "expr-idx").contains("ridx0"));
    assert!(text(&parent, "ops-idx").ends_with("ops"));
    assert!(text(&parent, "simplifier-steps").contains("Simplifier:"));
}

#[wasm_bindgen_test]
async fn expression_mode_keeps_the_last_grid_on_a_parse_error() {
    use engine::ShapeTracker;
    use layout_lab_app::ui::pages::views::ExprModePanel;
    let parent = fresh_parent();
    let tracker = Signal::derive(|| ShapeTracker::from_shape(&[2, 2]).unwrap());
    let mounted =
        leptos::mount::mount_to(parent.clone(), move || view! { <ExprModePanel tracker /> });
    mounted.forget();
    tick().await;
    assert_eq!(
        cell_address(&parent, "(1,0)"),
        "4",
        "the transposed reshape example by default"
    );
    type_into(&parent, "expr-idx-input", "ridx0 * (");
    tick().await;
    assert!(text(&parent, "error-expr-idx-input").contains("character"));
    assert_eq!(cell_address(&parent, "(1,0)"), "4", "the last grid stays");
    // The longest expression accepted evaluates on the browser's stack; one more operation
    // is refused at the field.
    let limit = engine::expr::parse::MAX_EXPR_OPS;
    type_into(
        &parent,
        "expr-idx-input",
        &vec!["ridx0"; limit + 1].join("+"),
    );
    tick().await;
    assert_eq!(cell_address(&parent, "(1,0)"), (limit + 1).to_string());
    type_into(
        &parent,
        "expr-idx-input",
        &vec!["ridx0"; limit + 2].join("+"),
    );
    tick().await;
    assert!(text(&parent, "error-expr-idx-input").contains("at most 1024 operations"));
    assert_eq!(cell_address(&parent, "(1,0)"), (limit + 1).to_string());
    click(&parent, "expr-use-stack");
    tick().await;
    assert_eq!(cell_address(&parent, "(1,0)"), "2", "row-major 2x2");
}

#[wasm_bindgen_test]
async fn import_panel_loads_ops_and_exports_python() {
    use layout_lab_app::ui::pages::views::ImportExport;
    let parent = fresh_parent();
    let state = RwSignal::new(ViewsState::from_query("shape=2,3").0);
    let mounted = leptos::mount::mount_to(parent.clone(), move || view! { <ImportExport state /> });
    mounted.forget();
    tick().await;
    let area: web_sys::HtmlTextAreaElement =
        find(&parent, "[data-testid='import-text']").unchecked_into();
    area.set_value("permute 1,0");
    let init = EventInit::new();
    init.set_bubbles(true);
    area.dispatch_event(&Event::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
    click(&parent, "import");
    tick().await;
    assert_eq!(state.with_untracked(|s| s.steps().len()), 1);
    assert!(text(&parent, "export-python").contains("st = st.permute((1, 0))"));
}

#[wasm_bindgen_test]
async fn symbols_bind_a_named_size_with_the_slider() {
    let (parent, state) = mount_views("shape=N,4&sym=N:1:8:3").await;
    assert_eq!(
        parent
            .query_selector_all("[data-testid='logical-grid'] [data-testid='logical-cell']")
            .unwrap()
            .length(),
        12
    );
    type_into(&parent, "sym-N-slider", "5");
    tick().await;
    assert_eq!(
        state.with_untracked(|s| s.editor.view().shape().to_vec()),
        vec![5, 4]
    );
    assert_eq!(
        parent
            .query_selector_all("[data-testid='logical-grid'] [data-testid='logical-cell']")
            .unwrap()
            .length(),
        20
    );
}

#[wasm_bindgen_test]
async fn the_table_view_lists_the_composed_cells() {
    use layout_lab_app::ui::pages::views::GridTable;
    use model::draw::StackGrid;
    let parent = fresh_parent();
    let (state, _) = ViewsState::from_query("shape=3,2&ops=permute:1,0;reshape:3,2");
    let grids = Signal::derive(move || StackGrid::of(&state.shown().0).map_err(|e| e.to_string()));
    let mounted = leptos::mount::mount_to(parent.clone(), move || view! { <GridTable grids /> });
    mounted.forget();
    tick().await;
    let rows = parent.query_selector_all("tbody tr").unwrap();
    assert_eq!(rows.length(), 6);
    let third = rows.item(2).unwrap().text_content().unwrap();
    assert!(third.contains("(1, 0)") && third.ends_with('4'), "{third}");
}

/// Focuses the canvas grid and presses an arrow key, which puts its cursor on cell (0, 0).
async fn focus_canvas_cursor(parent: &HtmlElement) {
    let canvas: HtmlElement = find(parent, "[data-testid='canvas-grid']").unchecked_into();
    canvas.focus().unwrap();
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("ArrowRight");
    init.set_bubbles(true);
    canvas
        .dispatch_event(
            &web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap(),
        )
        .unwrap();
    tick().await;
}

#[wasm_bindgen_test]
async fn large_stacks_draw_on_canvases_that_answer_hover() {
    let (parent, _) = mount_views("shape=64,64").await;
    assert!(parent
        .query_selector("[data-testid='canvas-grid']")
        .unwrap()
        .is_some());
    assert!(parent
        .query_selector("[data-testid='canvas-memory']")
        .unwrap()
        .is_some());
    assert!(text(&parent, "grid-error").contains("canvas"));
    focus_canvas_cursor(&parent).await;
    assert!(
        text(&parent, "canvas-hover-info").contains("logical (0, 0)"),
        "{}",
        text(&parent, "canvas-hover-info")
    );
}

/// The colour of the memory strip's bar at pixel `x` (one pixel per bar at 960 bars).
fn strip_colour(parent: &HtmlElement, x: f64) -> [u8; 3] {
    let canvas: web_sys::HtmlCanvasElement =
        find(parent, "[data-testid='canvas-memory']").unchecked_into();
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d").unwrap().unwrap().unchecked_into();
    let data = ctx.get_image_data(x, 10.0, 1.0, 1.0).unwrap().data();
    [data[0], data[1], data[2]]
}

#[wasm_bindgen_test]
async fn the_canvas_memory_strip_colours_used_unused_and_lit_bars() {
    // rows 200 apart, 64 used each: 6,264 addresses over 960 bars of about 6.5; bar 5 holds
    // addresses 32 to 39 (used), bar 20 addresses 130 to 137 (unused, between rows)
    let (parent, _) = mount_views("shape=32,64&strides=200,1").await;
    let (used, unused, lit) = ([0x4f, 0x7f, 0xd8], [0xd9, 0xdc, 0xe3], [0xff, 0xb0, 0x2e]);
    assert_eq!(strip_colour(&parent, 5.0), used);
    assert_eq!(strip_colour(&parent, 20.0), unused);
    assert_eq!(strip_colour(&parent, 0.0), used);
    // the cursor on cell (0, 0) lights address 0's bar
    focus_canvas_cursor(&parent).await;
    assert_eq!(strip_colour(&parent, 0.0), lit);
    assert_eq!(strip_colour(&parent, 5.0), used);
    assert_eq!(strip_colour(&parent, 20.0), unused);
}
