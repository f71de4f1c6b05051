//! The clipboard: copying a snippet or an export, with the outcome in a status line.

use leptos::prelude::*;
use wasm_bindgen::prelude::{Closure, JsValue};

/// Copies `text` to the clipboard and reports the outcome in `status`.
pub(crate) fn copy(text: String, status: RwSignal<String>) {
    let Some(clipboard) = web_sys::window().map(|w| w.navigator().clipboard()) else {
        status.set("copy failed: no clipboard here; select the text instead".into());
        return;
    };
    // Two one-shot callbacks on the promise instead of an async task for one status line.
    // Whichever runs frees its own Rust side; the JS stubs (a few bytes a click) are leaked.
    let report = move |ok: bool| {
        Closure::once(move |_: JsValue| {
            status.set(if ok {
                "copied".into()
            } else {
                "copy failed (permission?); select the text instead".into()
            })
        })
    };
    let (done, failed) = (report(true), report(false));
    let _ = clipboard.write_text(&text).then2(&done, &failed);
    done.forget();
    failed.forget();
}
