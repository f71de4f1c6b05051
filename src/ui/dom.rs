//! Small DOM helpers: read-only panels built as DOM nodes, and what delegated event handlers
//! share.

use leptos::prelude::{RenderEffect, StoredValue};
use wasm_bindgen::JsCast;

use model::panels::markup::Markup;

#[wasm_bindgen::prelude::wasm_bindgen(module = "/src/ui/js/dom.js")]
extern "C" {
    /// Makes `root`'s children the nodes `ops` records (see [`Dom`]), keeping the nodes that
    /// already match.
    fn build(root: &web_sys::Element, ops: &str);
}

/// Markup recorded for `dom.js`, which builds it as DOM nodes in one call: elements made by
/// the document (in the SVG namespace inside an `<svg>`), attributes set, text appended as
/// text nodes, so no text is parsed as HTML. Each call is a letter (`o`pen, `a`ttribute,
/// `t`ext, `c`lose) and its strings, each ended by NUL; a NUL inside one is recorded as U+FFFD.
pub struct Dom {
    ops: String,
}

impl Dom {
    /// Makes `root`'s children what `draw` makes.
    pub fn redraw(root: &web_sys::Element, draw: &Drawing) {
        build(root, &Dom::record(draw));
    }

    /// What `draw` makes, recorded.
    #[inline(never)]
    fn record(draw: &Drawing) -> String {
        let mut dom = Dom { ops: String::new() };
        draw(&mut dom);
        dom.ops
    }

    fn push(&mut self, text: &str) {
        if text.contains('\0') {
            self.ops.push_str(&text.replace('\0', "\u{fffd}"));
        } else {
            self.ops.push_str(text);
        }
        self.ops.push('\0');
    }
}

impl Markup for Dom {
    fn open(&mut self, tag: &'static str) {
        self.ops.push('o');
        self.push(tag);
    }

    fn attr(&mut self, name: &'static str, value: &str) {
        self.ops.push('a');
        self.push(name);
        self.push(value);
    }

    fn text(&mut self, text: &str) {
        self.ops.push('t');
        self.push(text);
    }

    fn close(&mut self) {
        self.ops.push('c');
    }
}

/// What draws a panel: `use:markup=Draw::new(move |m| …)` (one type for every panel, so the
/// directive's code exists once).
#[derive(Clone)]
pub struct Draw(std::rc::Rc<Drawing>);

/// Makes a panel's markup.
type Drawing = dyn Fn(&mut dyn Markup);

impl Draw {
    /// What `draw` writes, drawn again when the signals it reads change.
    pub fn new(draw: impl Fn(&mut dyn Markup) + 'static) -> Self {
        Draw(std::rc::Rc::new(draw))
    }
}

/// A directive that keeps an element's children drawn by `draw`, for as long as the element's
/// owner lives: whenever a signal it reads changes, it draws again, and the nodes are redrawn
/// (in place, where they match) if the markup differs.
pub fn markup(el: web_sys::Element, draw: Draw) {
    let effect = RenderEffect::new(move |drawn: Option<String>| {
        let ops = Dom::record(&*draw.0);
        if drawn.as_ref() != Some(&ops) {
            build(&el, &ops);
        }
        ops
    });
    StoredValue::new_local(effect);
}

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
/// drawn nodes in place.
#[inline(never)]
pub fn light(
    root: &web_sys::Element,
    attribute: &str,
    lit: &engine::support::sorted::SortedSet<usize>,
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

/// After the next frame (when a panel has been redrawn), focuses the element under
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
