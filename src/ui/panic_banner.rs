//! What a person sees when the app hits a bug: a panic (which aborts the wasm instance) puts a
//! banner at the top of the page with the message and a report to copy, instead of leaving a
//! page that silently stopped answering. Plain DOM calls only: after the panic no Rust runs
//! again, so the report sits in a read-only text area the person can select and copy.

use std::sync::atomic::{AtomicBool, Ordering};

use wasm_bindgen::JsValue;

static PANICKED: AtomicBool = AtomicBool::new(false);

/// Whether the app has panicked: from then on nothing it computes is trusted (the autosave
/// keeps the last state saved before).
pub fn panicked() -> bool {
    PANICKED.load(Ordering::Relaxed)
}

/// Installs the hook: the message goes to the console and to [`show`].
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        PANICKED.store(true, Ordering::Relaxed);
        let message = info.to_string();
        web_sys::console::error_1(&JsValue::from_str(&message));
        show(&message);
    }));
}

/// Puts the banner for `message` at the top of the body (once: a second panic only logs).
pub fn show(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if document.get_element_by_id("panic-banner").is_some() {
        return;
    }
    let url = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let report = format!(
        "Layout Lab {}\npage: {url}\npanic: {message}",
        env!("CARGO_PKG_VERSION")
    );
    let build = || -> Result<web_sys::Element, JsValue> {
        let banner = document.create_element("div")?;
        banner.set_id("panic-banner");
        banner.set_class_name("panic-banner");
        banner.set_attribute("role", "alert")?;
        banner.set_attribute("data-testid", "panic-banner")?;
        let text = document.create_element("p")?;
        text.set_text_content(Some(
            "Layout Lab hit a bug and stopped. Reload the page to go on: the state is in the \
             URL. Please copy this report into a bug report:",
        ));
        let area = document.create_element("textarea")?;
        area.set_attribute("readonly", "")?;
        area.set_attribute("rows", "4")?;
        area.set_attribute("data-testid", "panic-report")?;
        area.set_text_content(Some(&report));
        banner.append_child(&text)?;
        banner.append_child(&area)?;
        Ok(banner)
    };
    if let (Ok(banner), Some(body)) = (build(), document.body()) {
        // nothing more can be done if the page refuses the banner
        let _ = body.prepend_with_node_1(&banner);
    }
}
