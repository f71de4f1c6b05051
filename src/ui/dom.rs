//! Small DOM helpers shared by delegated event handlers.

use wasm_bindgen::JsCast;

/// The value of `attribute` on the event's target or its nearest ancestor that has one.
#[inline(never)]
pub fn event_attribute(ev: &web_sys::Event, attribute: &str) -> Option<String> {
    ev.target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest(&format!("[{attribute}]"))
        .ok()??
        .get_attribute(attribute)
}

/// Marks the elements under `root` that carry `attribute`: `class(element)` is set where the
/// attribute's number is in `lit` and cleared elsewhere. Lighting by classes leaves the
/// drawn HTML in place.
#[inline(never)]
pub fn light(
    root: &web_sys::Element,
    attribute: &str,
    lit: &std::collections::BTreeSet<usize>,
    class: fn(&web_sys::Element) -> &'static str,
) {
    let Ok(all) = root.query_selector_all(&format!("[{attribute}]")) else {
        return;
    };
    for k in 0..all.length() {
        let Some(el) = all
            .item(k)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        let on = el
            .get_attribute(attribute)
            .and_then(|v| v.parse::<usize>().ok())
            .is_some_and(|v| lit.contains(&v));
        let _ = el.class_list().toggle_with_force(class(&el), on);
    }
}

/// After the next frame (when a panel's HTML has been redrawn), focuses the element under
/// `root` with test id `test_id`, so keyboard users keep their place across a redraw.
#[inline(never)]
pub fn refocus_later(root: web_sys::Element, test_id: String) {
    leptos::prelude::request_animation_frame(move || {
        if let Ok(Some(el)) = root.query_selector(&format!("[data-testid='{test_id}']")) {
            if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        }
    });
}

/// Whether the `<details>` a toggle event came from is now open.
pub fn details_open(ev: &web_sys::Event) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
        .is_some_and(|d| d.open())
}

fn js_message(e: &wasm_bindgen::JsValue) -> String {
    use wasm_bindgen::JsCast;
    e.dyn_ref::<web_sys::js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "it failed".into())
}

/// Calls `done` with the promise's value or `Err` with its rejection's message.
pub fn on_settle(
    promise: &web_sys::js_sys::Promise,
    done: impl FnOnce(Result<wasm_bindgen::JsValue, String>) + 'static,
) {
    use wasm_bindgen::prelude::{Closure, JsValue};
    let done = std::rc::Rc::new(std::cell::Cell::new(Some(done)));
    let other = done.clone();
    let ok = Closure::once(move |v: JsValue| {
        if let Some(f) = done.take() {
            f(Ok(v));
        }
    });
    let failed = Closure::once(move |e: JsValue| {
        if let Some(f) = other.take() {
            f(Err(js_message(&e)));
        }
    });
    let _ = promise.then2(&ok, &failed);
    ok.forget();
    failed.forget();
}
