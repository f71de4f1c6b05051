//! The presentation layer: the pictures of the engine's layouts and the read-only panels of the
//! pages. Grids, memory strips, expression rows, arrow diagrams and every other panel are built
//! here through the [`Markup`] sink (DOM nodes in the app, escaped text in tests, files and the
//! CLI), together with the standalone SVG and TikZ pictures the exports and `layout-lab render`
//! write; the CSS classes and `data-testid`s the style sheet and the tests rely on are named
//! here and nowhere in the engine. Panels read the engine's values and the pages' state; the
//! engine and the page state never read this layer.

pub mod diagram;
pub mod markup;
pub mod picture;
pub mod render;

pub use markup::{Markup, Text};
