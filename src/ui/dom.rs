//! Small DOM helpers shared by delegated event handlers.

use wasm_bindgen::JsCast;

/// The value of `attribute` on the event's target or its nearest ancestor that has one.
pub fn event_attribute(ev: &web_sys::Event, attribute: &str) -> Option<String> {
    ev.target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest(&format!("[{attribute}]"))
        .ok()??
        .get_attribute(attribute)
}
