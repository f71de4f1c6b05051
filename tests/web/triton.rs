//! The Triton page and its text field: what is typed reaches the state, errors sit beside
//! their fields, and the last layout stays.

use crate::support::{find, fresh_parent, text, type_into};
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn a_text_field_reports_input_and_shows_its_error_beside_it() {
    use layout_lab_app::ui::components::TextField;

    let parent = fresh_parent();
    let typed = RwSignal::new(String::from("32,64"));
    let error =
        Signal::derive(move || typed.with(|t| t.contains('?').then(|| format!("not a size: {t}"))));
    let on_input = Callback::new(move |t: String| typed.set(t));
    let value = Signal::derive(move || typed.get());
    let mounted = leptos::mount::mount_to(parent.clone(), move || {
        view! { <TextField label="shape" test_id="field" value error on_input /> }
    });
    mounted.forget();
    tick().await;
    let field = find(&parent, "[data-testid='field']");
    assert_eq!(
        field.get_attribute("aria-invalid").as_deref(),
        Some("false")
    );
    assert_eq!(
        field.get_attribute("aria-describedby").as_deref(),
        Some("error-field")
    );
    type_into(&parent, "field", "32,?");
    tick().await;
    assert_eq!(typed.get_untracked(), "32,?");
    assert_eq!(text(&parent, "error-field"), "not a size: 32,?");
    assert_eq!(field.get_attribute("aria-invalid").as_deref(), Some("true"));
}

#[wasm_bindgen_test]
async fn the_triton_page_draws_a_pasted_layout_and_keeps_it_through_bad_input() {
    use layout_lab_app::ui::pages::TritonPage;
    use model::state::triton::TritonState;

    let parent = fresh_parent();
    let state = RwSignal::new(TritonState::default());
    let mounted = leptos::mount::mount_to(parent.clone(), move || view! { <TritonPage state /> });
    mounted.forget();
    tick().await;
    type_into(
        &parent,
        "triton-layout",
        "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], \
         instrShape = [16, 8]}>\ntensor<16x8xf16, #mma>",
    );
    tick().await;
    assert!(text(&parent, "triton-summary").starts_with("128 elements (16×8)"));
    assert_eq!(
        text(&parent, "triton-cute"),
        "((4,8),(2,2)):((32,1),(16,8))"
    );
    let rows = parent
        .query_selector_all("[data-testid='triton-matrix'] tbody tr")
        .unwrap();
    assert_eq!(rows.length(), 7);
    // a shape the tensor type does not have: an error at the shape, the layout still drawn
    type_into(&parent, "triton-shape", "16");
    tick().await;
    assert_eq!(
        text(&parent, "error-triton-shape"),
        "16 (the tensor type's 16×8)"
    );
    assert!(text(&parent, "triton-summary").starts_with("128 elements (16×8)"));
    assert!(find(&parent, "[data-testid='triton-grid']").is_connected());
}
