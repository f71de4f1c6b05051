//! Components mounted in headless Chromium (wasm-bindgen-test): act like a person, then read
//! the DOM. One module per page (by what its tests mount), the shared components and the
//! markup's DOM sink beside them, and the helpers that act and read in `support`.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::wasm_bindgen_test_configure;

wasm_bindgen_test_configure!(run_in_browser);

mod components;
mod dom;
mod layouts;
mod morphisms;
mod shader;
mod support;
mod syno;
mod triton;
mod views;
