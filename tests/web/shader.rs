//! The Shader page: code built from nodes, its lines linked to the cells.

use crate::support::{find, fresh_parent, hover_over, text, type_into};
use leptos::prelude::*;
use leptos::task::tick;
use model::state::ViewsState;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn the_shader_page_builds_its_code_from_nodes_and_links_lines_to_cells() {
    use layout_lab_app::ui::pages::shader::PageSignals;
    use layout_lab_app::ui::pages::ShaderPage;
    use model::state::layouts::LayoutsState;
    use model::state::morphisms::MorphismsState;
    use model::state::shader::ShaderState;
    use model::state::syno::SynoState;

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
