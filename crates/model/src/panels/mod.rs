//! The presentation layer: the pictures of the engine's layouts and the read-only panels of the
//! pages. Grids, memory strips, expression rows, arrow diagrams and every other panel are built
//! here through the [`Markup`] sink, which the app turns into DOM nodes (text is never parsed as
//! HTML) and tests, files and the CLI into escaped text, together with the standalone SVG and
//! TikZ pictures the exports and `layout-lab render` write. The CSS classes, `data-testid`s and
//! other `data-*` attributes the style sheet, the tests and the UI's delegated handlers rely on
//! (one handler per panel, so a panel costs a builder instead of a reactive node per element)
//! are named here and nowhere in the engine. Panels read the engine's values and the pages'
//! state; neither of those reads this layer.

/// Each builder written as text, under its own name (shadowing the glob import).
#[cfg(test)]
macro_rules! as_text {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {$(
        fn $name($($arg: $ty),*) -> String {
            $crate::panels::markup::Text::of(|m| super::$name(m, $($arg),*))
        }
    )*};
}

pub mod banks;
pub mod common;
pub mod diagram;
pub mod embed;
pub mod embed_height;
pub mod layouts;
pub mod markup;
pub mod morphisms;
pub mod picture;
pub mod render;
pub mod shortcuts;
pub mod syno;
pub mod tikz;
pub mod triton_picture;
pub mod tv_picture;
pub mod views;

#[cfg(test)]
mod tests;

pub use common::{
    colour_legend, data_href, escape, grid, grouped_options, memory, options, picture_export,
    svg_href,
};
pub use embed::embed_menu;
pub use layouts::{layout_notations, layout_properties, workbench_result};
pub use markup::{Markup, Text};
pub use morphisms::{mode_chips, morph_op_result, morphism_export, walk_step};
pub use shortcuts::shortcuts;
pub use syno::syno_rows;
pub use views::{
    canonical, expr_rows, grid_table, history, merge_verdict, steps, view_card_head,
    view_card_legend, views_export,
};
