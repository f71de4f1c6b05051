//! Export buttons for a grid: SVG, PNG and TikZ of the engine's picture of it, drawn when a
//! button is pressed (never on every edit), named `name.svg`, `name.png`, `name.tex`.

use leptos::prelude::*;
use wasm_bindgen::prelude::wasm_bindgen;

use crate::ui::dom::{event_attribute, markup, Draw};
use model::panels;
use model::panels::picture::Picture;

#[wasm_bindgen(module = "/src/ui/js/save.js")]
extern "C" {
    #[wasm_bindgen(js_name = saveText)]
    pub(crate) fn save_text(text: &str, name: &str, mime: &str);
    /// Rasterises the SVG `svg` and saves it as the PNG `name`.
    #[wasm_bindgen(js_name = savePng)]
    fn save_png(svg: &str, name: &str) -> web_sys::js_sys::Promise;
}

/// A click on a PNG button of the panels' exports (`data-png="name"`, beside the link that
/// downloads the SVG as a data URL): saves that SVG as `name.png`.
pub(crate) fn figure_png(ev: &web_sys::Event, status: RwSignal<String>) {
    use wasm_bindgen::JsCast;
    let Some(name) = event_attribute(ev, "data-png") else {
        return;
    };
    let href = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|b| b.parent_element())
        .and_then(|p| p.query_selector("a[download$='.svg']").ok().flatten())
        .and_then(|a| a.get_attribute("href"));
    if let Some(href) = href {
        png(&href, &format!("{name}.png"), status);
    }
}

/// Saves `svg` (the text, or a data URL of it) as a PNG, reporting a failure in `status`.
pub(crate) fn png(svg: &str, name: &str, status: RwSignal<String>) {
    crate::ui::dom::on_settle(&save_png(svg, name), move |done| {
        status.set(match done {
            Ok(_) => String::new(),
            Err(why) => format!("PNG failed: {why}"),
        });
    });
}

#[component]
pub fn PictureExport(
    /// The picture of the grid as it is now, or why there is none.
    picture: Callback<(), Result<Picture, String>>,
    /// The file name without extension, also the buttons' test ids' stem.
    #[prop(into)]
    name: String,
    /// What is exported, before the buttons.
    #[prop(default = "Export the grid: ")]
    label: &'static str,
) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let buttons = {
        let name = name.clone();
        Draw::new(move |m| panels::picture_export(m, &name, label))
    };
    let status_id = format!("{name}-export-status");
    let save = move |ev: web_sys::MouseEvent| {
        let Some(format) = event_attribute(&ev, "data-export") else {
            return;
        };
        let picture = match picture.run(()) {
            Ok(p) => p,
            Err(why) => return status.set(format!("No picture: {why}")),
        };
        status.set(String::new());
        match format.as_str() {
            "svg" => save_text(&picture.svg(), &format!("{name}.svg"), "image/svg+xml"),
            "tikz" => save_text(&picture.tikz(), &format!("{name}.tex"), "text/x-tex"),
            _ => png(&picture.svg(), &format!("{name}.png"), status),
        }
    };
    view! {
        <p class="picture-export">
            <span on:click=save use:markup=buttons></span>
            <span class="field__error" role="alert" data-testid=status_id>{move || status.get()}</span>
        </p>
    }
}
