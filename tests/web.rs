//! Components mounted in headless Chromium (wasm-bindgen-test): act like a person, then read
//! the DOM.
#![cfg(target_arch = "wasm32")]

use layout_lab::state::ViewsState;
use layout_lab::ui::pages::ViewsPage;
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement};

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh element in the document body to mount into.
fn fresh_parent() -> HtmlElement {
    let document = document();
    let parent = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&parent).unwrap();
    parent.unchecked_into()
}

fn find(parent: &HtmlElement, selector: &str) -> Element {
    parent
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
}

/// Types `text` into the input as a person would: new value, then a bubbling `input` event.
fn type_into(parent: &HtmlElement, test_id: &str, text: &str) {
    let input: HtmlInputElement =
        find(parent, &format!("[data-testid='{test_id}']")).unchecked_into();
    input.set_value(text);
    let init = EventInit::new();
    init.set_bubbles(true);
    input
        .dispatch_event(&Event::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
}

/// A pointer moving onto `element`: a bubbling `mouseover`, as grids listen once per grid.
fn hover_over(element: &Element) {
    let init = EventInit::new();
    init.set_bubbles(true);
    element
        .dispatch_event(&Event::new_with_event_init_dict("mouseover", &init).unwrap())
        .unwrap();
}

fn cell_address(parent: &HtmlElement, coord: &str) -> String {
    find(
        parent,
        &format!("[data-testid='logical-cell'][data-coord='{coord}']"),
    )
    .get_attribute("data-addr")
    .unwrap()
}

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

fn click(parent: &HtmlElement, test_id: &str) {
    let button: HtmlElement = find(parent, &format!("[data-testid='{test_id}']")).unchecked_into();
    button.click();
}

fn text(parent: &HtmlElement, test_id: &str) -> String {
    find(parent, &format!("[data-testid='{test_id}']"))
        .text_content()
        .unwrap_or_default()
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
        "seed 004: 0 2 / 4 1 / 3 5"
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
    use layout_lab::engine::ShapeTracker;
    use layout_lab::ui::components::ExprModePanel;
    let parent = fresh_parent();
    let tracker = Signal::derive(|| ShapeTracker::from_shape(&[2, 2]).unwrap());
    let mounted =
        leptos::mount::mount_to(parent.clone(), move || view! { <ExprModePanel tracker /> });
    mounted.forget();
    tick().await;
    assert_eq!(cell_address(&parent, "(1,0)"), "4", "seed 004 default");
    type_into(&parent, "expr-idx-input", "ridx0 * (");
    tick().await;
    assert!(text(&parent, "error-expr-idx-input").contains("character"));
    assert_eq!(cell_address(&parent, "(1,0)"), "4", "the last grid stays");
    // The longest expression accepted evaluates on the browser's stack; one more operation
    // is refused at the field.
    let limit = layout_lab::engine::expr::parse::MAX_EXPR_OPS;
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
    use layout_lab::ui::components::ImportExport;
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
    use layout_lab::state::StackGrid;
    use layout_lab::ui::components::GridTable;
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

#[wasm_bindgen_test]
async fn the_layouts_page_draws_l_of_i_and_keeps_the_last_layout_on_bad_input() {
    use layout_lab::state::layouts::LayoutsState;
    use layout_lab::ui::pages::LayoutsPage;
    let parent = fresh_parent();
    let state = RwSignal::new(LayoutsState::default());
    let mounted = leptos::mount::mount_to(parent.clone(), move || view! { <LayoutsPage state /> });
    mounted.forget();
    tick().await;
    assert_eq!(cell_address(&parent, "(1,0)"), "16");
    type_into(&parent, "layout-input", "(2,3):(3,1)");
    tick().await;
    assert_eq!(cell_address(&parent, "(1,2)"), "5", "1*3 + 2*1");
    type_into(&parent, "layout-input", "(2,3):(3");
    tick().await;
    assert!(!text(&parent, "error-layout").is_empty());
    assert_eq!(cell_address(&parent, "(1,2)"), "5", "the last layout stays");
}

#[wasm_bindgen_test]
async fn the_workbench_runs_an_operation_and_keeps_the_last_result_on_bad_operands() {
    use layout_lab::state::layouts::LayoutsState;
    use layout_lab::ui::components::Workbench;
    let parent = fresh_parent();
    let state = RwSignal::new(LayoutsState::default());
    let mounted = leptos::mount::mount_to(parent.clone(), move || view! { <Workbench state /> });
    mounted.forget();
    tick().await;
    assert_eq!(text(&parent, "wb-result"), "((2,2),(2,3)):((4,1),(2,8))");
    let tiled = parent
        .query_selector_all("[data-testid='wb-result-cell'][data-tile]")
        .unwrap()
        .length();
    assert_eq!(tiled, 24, "every result cell of a divide is in a tile");
    type_into(&parent, "wb-a", "(4,2,3):(2,1");
    tick().await;
    assert!(!text(&parent, "error-wb-a").is_empty());
    assert_eq!(text(&parent, "wb-result"), "((2,2),(2,3)):((4,1),(2,8))");
    type_into(&parent, "wb-b", "4:");
    tick().await;
    assert!(!text(&parent, "error-wb-b").is_empty());
    assert_eq!(text(&parent, "wb-result"), "((2,2),(2,3)):((4,1),(2,8))");
    // complement of a non-injective layout names the failing condition
    type_into(&parent, "wb-a", "(2,2):(1,1)");
    let select: web_sys::HtmlSelectElement = parent
        .query_selector("[data-testid='wb-op']")
        .unwrap()
        .unwrap()
        .unchecked_into();
    select.set_value("complement");
    let init = EventInit::new();
    init.set_bubbles(true);
    select
        .dispatch_event(&Event::new_with_event_init_dict("change", &init).unwrap())
        .unwrap();
    tick().await;
    assert!(
        text(&parent, "wb-error").contains("injective"),
        "{}",
        text(&parent, "wb-error")
    );
}

async fn mount_morphisms() -> (
    HtmlElement,
    RwSignal<layout_lab::state::morphisms::MorphismsState>,
) {
    use layout_lab::state::morphisms::MorphismsState;
    use layout_lab::ui::pages::MorphismsPage;
    let parent = fresh_parent();
    let state = RwSignal::new(MorphismsState::default());
    let mounted =
        leptos::mount::mount_to(parent.clone(), move || view! { <MorphismsPage state /> });
    mounted.forget();
    tick().await;
    (parent, state)
}

#[wasm_bindgen_test]
async fn the_morphism_diagram_draws_arrows_and_lights_a_hovered_leaf() {
    let (parent, _state) = mount_morphisms().await;
    type_into(&parent, "morphism-domain", "((5,5),8)");
    type_into(&parent, "morphism-codomain", "(5,8,5)");
    type_into(&parent, "morphism-map", "(1,*,2)");
    tick().await;
    let diagram = find(&parent, "[data-testid='diagram']");
    let arrows = diagram
        .query_selector_all("line.diagram__arrow")
        .unwrap()
        .length();
    assert_eq!(arrows, 2, "no arrow for *");
    assert_eq!(text(&parent, "encoded-layout"), "((5,5),8):((1,0),5)");
    hover_over(&find(
        &parent,
        "[data-testid='diagram'] .diagram__leaf[data-leaf='2']",
    ));
    tick().await;
    assert!(text(&parent, "morphism-hover").contains("layout mode 8:5"));
    let chip = find(&parent, "[data-testid='mode-2']");
    assert!(chip.class_list().contains("mode-chip--lit"));
    assert!(
        find(&parent, "[data-testid='diagram'] [data-testid='arrow-0-2']")
            .class_list()
            .contains("diagram__arrow--lit")
    );
    type_into(&parent, "morphism-map", "(1,2,3)");
    tick().await;
    assert!(!text(&parent, "error-map").is_empty());
    assert_eq!(
        text(&parent, "encoded-layout"),
        "((5,5),8):((1,0),5)",
        "the last morphism stays"
    );
}

#[wasm_bindgen_test]
async fn operations_and_the_walkthrough_follow_the_paper() {
    use layout_lab::state::morphisms::MorphOp;
    let (parent, state) = mount_morphisms().await;
    state.update(|s| s.set_op(MorphOp::LogicalDivide));
    tick().await;
    assert_eq!(
        text(&parent, "op-result"),
        "((4,4),(8,8)) --(1, 3, 2, 4)--> (4,8,4,8)"
    );
    assert!(text(&parent, "op-agree").starts_with("agree"));
    state.update(|s| s.load_preset(2));
    tick().await;
    for _ in 0..5 {
        click(&parent, "walk-next");
        tick().await;
    }
    assert_eq!(text(&parent, "walk-position"), "step 6 of 6");
    assert!(text(&parent, "walk-lines").contains("B ∘ A = ((2,3),6):((10,60),360)"));
}

#[wasm_bindgen_test]
async fn a_panic_shows_a_banner_with_a_report_once() {
    layout_lab::ui::panic_banner::show("index out of bounds: the len is 3 but the index is 7");
    layout_lab::ui::panic_banner::show("a second panic");
    let document = document();
    let banners = document
        .query_selector_all("[data-testid='panic-banner']")
        .unwrap();
    assert_eq!(banners.length(), 1, "one banner, however many panics");
    let report = document
        .query_selector("[data-testid='panic-report']")
        .unwrap()
        .unwrap()
        .text_content()
        .unwrap();
    assert!(report.contains("the index is 7"), "{report}");
    assert!(report.contains("page: http"), "{report}");
    assert_eq!(
        document
            .get_element_by_id("panic-banner")
            .unwrap()
            .get_attribute("role")
            .as_deref(),
        Some("alert")
    );
}

#[wasm_bindgen_test]
async fn the_shader_page_builds_its_code_from_nodes_and_links_lines_to_cells() {
    use layout_lab::state::layouts::LayoutsState;
    use layout_lab::state::morphisms::MorphismsState;
    use layout_lab::state::shader::ShaderState;
    use layout_lab::state::syno::SynoState;
    use layout_lab::ui::pages::shader::PageSignals;
    use layout_lab::ui::pages::ShaderPage;

    let parent = fresh_parent();
    let pages = PageSignals {
        views: RwSignal::new(ViewsState::from_query("shape=4&ops=pad:1,1").0),
        layouts: RwSignal::new(LayoutsState::default()),
        morphisms: RwSignal::new(MorphismsState::default()),
        syno: RwSignal::new(SynoState::default()),
    };
    let shader = RwSignal::new(ShaderState::from_query("from=views&fill=-1"));
    let mounted = leptos::mount::mount_to(parent.clone(), move || {
        view! { <ShaderPage shader pages /> }
    });
    mounted.forget();
    tick().await;
    let code = find(&parent, "[data-testid='shader-code']");
    let lines = code.query_selector_all(".line").unwrap().length();
    assert!(lines > 30, "{lines} lines");
    // tokens are elements: a keyword span holds `fn`, loop variables carry their dimension
    assert!(code.query_selector_all(".tok-k").unwrap().length() > 5);
    assert_eq!(
        find(&parent, "[data-var='0']").text_content().unwrap(),
        "ridx0"
    );
    let shown = code.text_content().unwrap();
    assert!(shown.contains("output[i] = -1i;"), "{shown}");

    // the fill line lights the two padded cells
    let fill_line = (0..lines)
        .map(|k| find(&parent, &format!("[data-line='{k}']")))
        .find(|l| l.text_content().unwrap().contains("output[i] = -1i"))
        .unwrap();
    hover_over(&fill_line);
    tick().await;
    let lit = parent
        .query_selector_all("[data-testid='shader-grid'] .cell--lit")
        .unwrap();
    assert_eq!(lit.length(), 2);
    assert!(text(&parent, "shader-hover").contains("the 2 masked cells"));

    // a bad workgroup size is an error at the field; the shader stays
    type_into(&parent, "shader-workgroup", "0");
    tick().await;
    assert!(text(&parent, "error-shader-workgroup").contains("1 to 256"));
    assert!(code.text_content().unwrap().contains("@workgroup_size(64)"));
    type_into(&parent, "shader-workgroup", "32");
    tick().await;
    assert!(code.text_content().unwrap().contains("@workgroup_size(32)"));
}

#[wasm_bindgen_test]
async fn the_syno_page_builds_a_chain_from_the_palette_and_links_its_grids() {
    use layout_lab::state::syno::SynoState;
    use layout_lab::ui::pages::SynoPage;

    let parent = fresh_parent();
    let state = RwSignal::new(SynoState::from_query("chain=output 2, 3"));
    let mounted = leptos::mount::mount_to(parent.clone(), move || view! { <SynoPage state /> });
    mounted.forget();
    tick().await;
    // MapReduce(4), then Share of its dimension d2, picked by clicking its chip
    type_into(&parent, "syno-constant", "4");
    click(&parent, "syno-reduce");
    tick().await;
    click(&parent, "syno-share");
    tick().await;
    assert!(text(&parent, "syno-palette-error").contains("click 1 chip"));
    let chip: HtmlElement = find(&parent, "[data-dim='d2']").unchecked_into();
    chip.click();
    tick().await;
    click(&parent, "syno-share");
    tick().await;
    assert_eq!(
        state.with_untracked(|s| s.text().to_string()),
        "output 2, 3\nreduce 4\nshare d2"
    );
    let rows = parent
        .query_selector_all("[data-testid='syno-row']")
        .unwrap();
    assert_eq!(rows.length(), 3);
    // naming the inputs finishes the chain: a matmul
    let program = format!(
        "{}\ninputs d0 d3 | d4 d1",
        state.with_untracked(|s| s.text().to_string())
    );
    type_into(&parent, "syno-program", &program);
    tick().await;
    assert_eq!(text(&parent, "syno-access"), "in0[o0, r0]\nin1[r0, o1]");
    // output (0, 1) reads a row of in0 and a column of in1
    hover_over(&find(
        &parent,
        "[data-testid='syno-out-cell'][data-coord='(0,1)']",
    ));
    tick().await;
    let lit = |pane: &str| {
        parent
            .query_selector_all(&format!("[data-testid='{pane}-cell'].cell--lit"))
            .unwrap()
            .length()
    };
    assert_eq!((lit("syno-in0"), lit("syno-in1")), (4, 4));
    // an illegal Share: both halves to one tensor
    type_into(
        &parent,
        "syno-program",
        "output 2, 3\nreduce 4\nshare d2\ninputs d0 d3 d4 d1",
    );
    tick().await;
    assert!(text(&parent, "syno-error").contains("share-disjoint"));
    assert_eq!(
        parent.query_selector_all(".row--bad").unwrap().length(),
        1,
        "the Share's row is marked"
    );
}

#[wasm_bindgen_test]
async fn picture_export_draws_when_pressed_and_says_why_it_cannot() {
    use layout_lab::panels::picture::Picture;
    use layout_lab::ui::components::PictureExport;
    let parent = fresh_parent();
    let drawn = RwSignal::new(0);
    let picture = Callback::new(move |()| {
        drawn.update(|n| *n += 1);
        Err::<Picture, _>("the grid has 20,000 cells".to_string())
    });
    let mounted = leptos::mount::mount_to(parent.clone(), move || {
        view! { <PictureExport picture name="g" /> }
    });
    mounted.forget();
    tick().await;
    assert_eq!(
        drawn.get_untracked(),
        0,
        "nothing is drawn before a button is pressed"
    );
    for format in ["svg", "png", "tikz"] {
        assert!(parent
            .query_selector(&format!("[data-testid='g-{format}']"))
            .unwrap()
            .is_some());
    }
    click(&parent, "g-png");
    tick().await;
    assert_eq!(drawn.get_untracked(), 1);
    assert_eq!(
        text(&parent, "g-export-status"),
        "No picture: the grid has 20,000 cells"
    );
}

/// Panels are built as nodes: text and attribute values stay text, elements inside an `<svg>`
/// are SVG elements, and a redraw replaces what was there.
#[wasm_bindgen_test]
fn panel_markup_is_built_as_nodes() {
    use layout_lab::panels::markup::Markup;
    use layout_lab::ui::dom::Dom;
    let root = fresh_parent();
    let payload = r#"<img src=x onerror="window.__pwned=1">"#;
    Dom::redraw(&root, &|m: &mut dyn Markup| {
        m.open("p");
        m.attr("title", payload);
        m.text(payload);
        m.close();
        m.open("svg");
        m.el("line", &[("x1", "1")], "");
        m.close();
    });
    assert_eq!(root.child_element_count(), 2);
    let p = find(&root, "p");
    assert_eq!(p.text_content().unwrap(), payload);
    assert_eq!(p.get_attribute("title").unwrap(), payload);
    assert!(root.query_selector("img").unwrap().is_none());
    let line = find(&root, "svg > line");
    assert_eq!(
        line.namespace_uri().unwrap(),
        "http://www.w3.org/2000/svg",
        "an SVG element, so it draws"
    );
    assert_eq!(line.get_attribute("x1").unwrap(), "1");
    // a NUL in a text cannot end it early and smuggle in an element
    Dom::redraw(&root, &|m: &mut dyn Markup| m.text("again\0ob\0"));
    assert_eq!(root.child_element_count(), 0);
    assert_eq!(root.text_content().unwrap(), "again\u{fffd}ob\u{fffd}");
}

/// A redraw changes only what differs: matching nodes stay (with their focus and state),
/// their attributes and texts follow the markup, and what the markup no longer has goes.
#[wasm_bindgen_test]
fn a_redraw_keeps_matching_nodes_and_changes_only_what_differs() {
    use layout_lab::panels::markup::Markup;
    use layout_lab::ui::dom::Dom;
    let root = fresh_parent();
    fn cells(m: &mut dyn Markup, values: &[&str], extra: (&'static str, &str)) {
        m.open("div");
        for (k, v) in values.iter().enumerate() {
            m.open("span");
            m.attr("data-index", &k.to_string());
            m.attr(extra.0, extra.1);
            m.text(v);
            m.close();
        }
        m.close();
    }
    Dom::redraw(&root, &|m: &mut dyn Markup| {
        cells(m, &["0", "1", "2"], ("title", "old"))
    });
    let first = find(&root, "span[data-index='0']");
    let third = find(&root, "span[data-index='2']");
    Dom::redraw(&root, &|m: &mut dyn Markup| {
        cells(m, &["0", "5"], ("aria-label", "new"));
        m.el("p", &[], "after");
    });
    assert!(
        root.contains(Some(&first)),
        "the first cell is the same node"
    );
    assert!(!root.contains(Some(&third)), "the third cell is gone");
    assert_eq!(root.query_selector_all("span").unwrap().length(), 2);
    let second = find(&root, "span[data-index='1']");
    assert_eq!(second.text_content().unwrap(), "5");
    assert_eq!(
        second.get_attribute("title"),
        None,
        "an attribute not drawn again goes"
    );
    assert_eq!(second.get_attribute("aria-label").unwrap(), "new");
    assert_eq!(find(&root, "div + p").text_content().unwrap(), "after");
    // an element of another tag in the same place is replaced
    Dom::redraw(&root, &|m: &mut dyn Markup| m.el("p", &[], "only"));
    assert_eq!(root.child_element_count(), 1);
    assert!(!root.contains(Some(&first)));
    assert_eq!(root.text_content().unwrap(), "only");
}

/// Whatever a redraw draws over (attributes added, dropped, reordered, renamed; elements
/// replaced or nested differently), the result is the DOM a fresh drawing makes.
#[wasm_bindgen_test]
fn any_redraw_gives_the_dom_of_a_fresh_drawing() {
    use layout_lab::panels::markup::Markup;
    use layout_lab::ui::dom::Dom;
    // a small deterministic generator (xorshift), so a failure repeats
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut pick = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let names = ["class", "title", "data-x", "aria-label"];
    let values = ["a", "b", "cell cell--lit", ""];
    // an element of the markup, in document order
    #[derive(Clone)]
    struct Node {
        /// how many open elements close before it
        closes: usize,
        tag: &'static str,
        attrs: Vec<(&'static str, &'static str)>,
        text: &'static str,
    }
    let mut random_markup = || -> Vec<Node> {
        let mut nodes = Vec::new();
        let mut open = 0;
        for _ in 0..1 + pick(12) {
            let closes = pick(open + 1);
            open = open - closes + 1;
            let mut attrs = Vec::new();
            for _ in 0..pick(4) {
                let name = names[pick(names.len())];
                if attrs.iter().all(|(n, _)| *n != name) {
                    attrs.push((name, values[pick(values.len())]));
                }
            }
            let tag = ["div", "span", "p"][pick(3)];
            let text = ["", "1", "22"][pick(3)];
            nodes.push(Node {
                closes,
                tag,
                attrs,
                text,
            });
        }
        nodes
    };
    fn draw(m: &mut dyn Markup, nodes: &[Node]) {
        let mut open = 0;
        for node in nodes {
            for _ in 0..node.closes {
                m.close();
            }
            open = open - node.closes + 1;
            m.open(node.tag);
            for (name, value) in &node.attrs {
                m.attr(name, value);
            }
            if !node.text.is_empty() {
                m.text(node.text);
            }
        }
        for _ in 0..open {
            m.close();
        }
    }
    // the tree with each element's attributes sorted (their order in the DOM is the order
    // they were first set, which a redraw keeps and nothing reads)
    fn tree(node: &web_sys::Node) -> String {
        let Some(el) = node.dyn_ref::<Element>() else {
            return format!("{:?}", node.text_content().unwrap_or_default());
        };
        let mut attrs: Vec<String> = el
            .get_attribute_names()
            .iter()
            .map(|n| n.as_string().unwrap())
            .map(|n| format!("{n}={:?}", el.get_attribute(&n).unwrap()))
            .collect();
        attrs.sort();
        let children = el.child_nodes();
        let inner: Vec<String> = (0..children.length())
            .map(|k| tree(&children.item(k).unwrap()))
            .collect();
        format!(
            "<{} {}>{}</>",
            el.local_name(),
            attrs.join(" "),
            inner.join("")
        )
    }
    let root = fresh_parent();
    for round in 0..200 {
        let nodes = random_markup();
        let again = nodes.clone();
        Dom::redraw(&root, &move |m: &mut dyn Markup| draw(m, &nodes));
        let fresh = fresh_parent();
        Dom::redraw(&fresh, &move |m: &mut dyn Markup| draw(m, &again));
        assert_eq!(tree(&root), tree(&fresh), "round {round}");
        fresh.remove();
    }
}

/// A redraw that keeps the same markup keeps the nodes, and their lit classes with them: the
/// cells lit before it must still go dark when the hover moves on.
#[wasm_bindgen_test]
async fn cells_lit_before_an_unchanged_redraw_still_go_dark() {
    use layout_lab::engine::ShapeTracker;
    use layout_lab::state::stack_grid::{Lit, StackGrid};
    use layout_lab::ui::components::grid::{GridKind, GridView};
    let parent = fresh_parent();
    let tracker = ShapeTracker::from_shape(&[2, 2]).unwrap();
    let grid = RwSignal::new(StackGrid::of(&tracker).unwrap().logical);
    let lit_cells = RwSignal::new(Lit::default());
    let lit = Memo::new(move |_| lit_cells.get());
    let hover = RwSignal::new(None);
    let mounted = leptos::mount::mount_to(parent.clone(), move || {
        view! { <GridView grid kind=GridKind::Logical hover lit label="grid" /> }
    });
    mounted.forget();
    tick().await;
    let lit_count = || {
        parent
            .query_selector_all(".cell--lit")
            .map(|l| l.length())
            .unwrap()
    };
    lit_cells.set(Lit {
        logical: [1].into(),
        ..Lit::default()
    });
    tick().await;
    assert_eq!(lit_count(), 1);
    // the same cells again (a new stack whose composed grid is unchanged), and the hover gone
    grid.update(|_| ());
    lit_cells.set(Lit::default());
    tick().await;
    assert_eq!(lit_count(), 0);
}
