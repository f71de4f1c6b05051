//! Layout Lab's web app: the Leptos components of every page (`ui`, wasm32 only). They hold
//! signals of the model's page state (`model::state`), draw its panels and pictures
//! (`model::panels`) as DOM nodes, and talk to the browser (URL, storage, canvas, WebGPU); no
//! layout mathematics lives here. `src/main.rs` only mounts `ui::App`.

#[cfg(target_arch = "wasm32")]
pub mod ui;
