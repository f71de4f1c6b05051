//! The composed grid as a table: one row per logical cell with its coordinate, validity, the
//! cell it reaches in each view, and its address. What a screen reader reads, and easy to copy.

use leptos::prelude::*;

use crate::state::StackGrid;

#[component]
pub fn GridTable(
    /// Grids of the shown stack, or why they are not drawn.
    #[prop(into)]
    grids: Signal<Result<StackGrid, String>>,
) -> impl IntoView {
    move || {
        grids.with(|g| match g {
            Err(e) => view! { <p class="note">{e.clone()}</p> }.into_any(),
            Ok(g) => {
                let views = g.views.len();
                view! {
                    <table class="grid-table" data-testid="grid-table">
                        <thead>
                            <tr>
                                <th scope="col">"coordinate"</th>
                                <th scope="col">"valid"</th>
                                {(0..views)
                                    .rev()
                                    .map(|k| view! { <th scope="col">{format!("view {k} cell")}</th> })
                                    .collect_view()}
                                <th scope="col">"address"</th>
                            </tr>
                        </thead>
                        <tbody>
                            {g.logical
                                .cells
                                .iter()
                                .zip(&g.chains)
                                .map(|(cell, chain)| {
                                    let coord: Vec<String> = cell.coord.iter().map(i64::to_string).collect();
                                    view! {
                                        <tr>
                                            <th scope="row">{format!("({})", coord.join(", "))}</th>
                                            <td>{if cell.value.is_some() { "yes" } else { "no" }}</td>
                                            {chain
                                                .iter()
                                                .rev()
                                                .map(|j| view! { <td>{j.map_or("–".to_string(), |j| j.to_string())}</td> })
                                                .collect_view()}
                                            <td>{cell.value.map_or("–".to_string(), |a| a.to_string())}</td>
                                        </tr>
                                    }
                                })
                                .collect_view()}
                        </tbody>
                    </table>
                }
                .into_any()
            }
        })
    }
}
