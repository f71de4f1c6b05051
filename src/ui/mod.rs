//! Leptos components. They hold signals of the plain state in [`model::state`] and call the
//! engine; no layout mathematics lives here.

pub mod app;
pub mod components;
pub mod dom;
pub mod embed_menu;
pub mod pages;
pub mod panic_banner;
pub mod theme;
pub mod url_sync;

pub use app::App;
