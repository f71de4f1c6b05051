//! The Morphisms page: the arrow diagram, operations and the walkthrough.

use crate::support::{click, find, fresh_parent, hover_over, text, type_into};
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

async fn mount_morphisms() -> (
    HtmlElement,
    RwSignal<model::state::morphisms::MorphismsState>,
) {
    use layout_lab_app::ui::pages::MorphismsPage;
    use model::state::morphisms::MorphismsState;
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
    use model::state::morphisms::MorphOp;
    let (parent, state) = mount_morphisms().await;
    state.update(|s| s.set_op(MorphOp::LogicalDivide));
    tick().await;
    // the operation acts on f and g as they are; the button loads the paper's pair
    click(&parent, "morphism-op-example");
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
    assert!(text(&parent, "walk-lines").contains("A ∘ B = ((2,3),6):((10,60),360)"));
}
