//! The Syno page: a chain built from the palette, its grids linked by hover.

use crate::support::{click, find, fresh_parent, hover_over, text, type_into};
use leptos::prelude::*;
use leptos::task::tick;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlElement;

#[wasm_bindgen_test]
async fn the_syno_page_builds_a_chain_from_the_palette_and_links_its_grids() {
    use layout_lab_app::ui::pages::SynoPage;
    use model::state::syno::SynoState;

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
