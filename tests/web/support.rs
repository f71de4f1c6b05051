//! Mounting and acting like a person: a fresh element to mount into, typing, hovering,
//! clicking, and reading the DOM back by test id.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, EventInit, HtmlElement, HtmlInputElement};

/// A fresh element in the document body to mount into.
pub fn fresh_parent() -> HtmlElement {
    let document = document();
    let parent = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&parent).unwrap();
    parent.unchecked_into()
}

pub fn find(parent: &HtmlElement, selector: &str) -> Element {
    parent
        .query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
}

/// Types `text` into the input as a person would: new value, then a bubbling `input` event.
pub fn type_into(parent: &HtmlElement, test_id: &str, text: &str) {
    let input: HtmlInputElement =
        find(parent, &format!("[data-testid='{test_id}']")).unchecked_into();
    input.set_value(text);
    let init = EventInit::new();
    init.set_bubbles(true);
    input
        .dispatch_event(&Event::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
}

/// A pointer moving onto `element`: a bubbling `mouseover`, as grids listen once per grid.
pub fn hover_over(element: &Element) {
    let init = EventInit::new();
    init.set_bubbles(true);
    element
        .dispatch_event(&Event::new_with_event_init_dict("mouseover", &init).unwrap())
        .unwrap();
}

pub fn cell_address(parent: &HtmlElement, coord: &str) -> String {
    find(
        parent,
        &format!("[data-testid='logical-cell'][data-coord='{coord}']"),
    )
    .get_attribute("data-addr")
    .unwrap()
}

pub fn click(parent: &HtmlElement, test_id: &str) {
    let button: HtmlElement = find(parent, &format!("[data-testid='{test_id}']")).unchecked_into();
    button.click();
}

pub fn text(parent: &HtmlElement, test_id: &str) -> String {
    find(parent, &format!("[data-testid='{test_id}']"))
        .text_content()
        .unwrap_or_default()
}
