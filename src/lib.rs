//! Layout Lab: an interactive tensor-layout laboratory.
//!
//! [`engine`] holds all layout mathematics and is pure Rust; [`panels`] draws it (grids,
//! diagrams, the pages' read-only panels) as markup; [`state`] holds what each page's user
//! typed; `vectors` (native only) reads the shared reference-vector files; `ui` (wasm32 only) holds the
//! Leptos components that call the engine.

pub mod draw;
pub mod engine;
pub mod panels;
pub mod state;
#[cfg(any(not(target_arch = "wasm32"), feature = "vectors"))]
pub mod vectors;

#[cfg(target_arch = "wasm32")]
pub mod ui;
