//! Layout Lab's model: everything the app shows, computed natively and testable without a
//! browser. Three layers, each using only the ones before it and the engine:
//!
//! - [`draw`]: drawing models: what each picture shows (cells, swatches, coordinates, a
//!   morphism's arrow diagram), before any markup;
//! - [`state`]: each page's state as plain structs: what the user typed, how it parses, how it
//!   lives in the URL;
//! - [`panels`]: the writers: every read-only panel and picture as markup through the one
//!   [`panels::Markup`] sink, and the standalone SVG, TikZ and LaTeX the exports and the CLI
//!   write; the widget sizes measured from the style sheet.
//!
//! No leptos, no web-sys: the app turns [`panels::Markup`] calls into DOM nodes.

pub mod draw;
pub mod panels;
pub mod state;
