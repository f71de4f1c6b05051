//! The composed grid as a table: one row per logical cell with its coordinate, validity, the
//! cell it reaches in each view, and its address. What a screen reader reads, and easy to copy.

use leptos::prelude::*;

use crate::ui::dom::{markup, Draw};
use model::draw::StackGrid;
use model::panels;

#[component]
pub fn GridTable(
    /// Grids of the shown stack, or why they are not drawn.
    #[prop(into)]
    grids: Signal<Result<StackGrid, String>>,
) -> impl IntoView {
    view! { <div use:markup=Draw::new(move |m| grids.with(|g| panels::grid_table(m, g)))></div> }
}
