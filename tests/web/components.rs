//! Components every page shares, mounted alone: the panic banner, picture export, a grid.

use crate::support::{click, fresh_parent, text};
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_panic_shows_a_banner_with_a_report_once() {
    layout_lab_app::ui::panic_banner::show("index out of bounds: the len is 3 but the index is 7");
    layout_lab_app::ui::panic_banner::show("a second panic");
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
async fn picture_export_draws_when_pressed_and_says_why_it_cannot() {
    use layout_lab_app::ui::components::PictureExport;
    use model::panels::picture::Picture;
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

/// A redraw that keeps the same markup keeps the nodes, and their lit classes with them: the
/// cells lit before it must still go dark when the hover moves on.
#[wasm_bindgen_test]
async fn cells_lit_before_an_unchanged_redraw_still_go_dark() {
    use engine::ShapeTracker;
    use layout_lab_app::ui::components::grid::{GridKind, GridView};
    use model::draw::stack_grid::{Lit, StackGrid};
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
