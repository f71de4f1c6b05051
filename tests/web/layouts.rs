//! The Layouts page and its workbench.

use crate::support::{cell_address, fresh_parent, text, type_into};
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, EventInit};

#[wasm_bindgen_test]
async fn the_layouts_page_draws_l_of_i_and_keeps_the_last_layout_on_bad_input() {
    use layout_lab_app::ui::pages::LayoutsPage;
    use model::state::layouts::LayoutsState;
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
    use layout_lab_app::ui::pages::layouts::Workbench;
    use model::state::layouts::LayoutsState;
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
