//! The Views page: edit a tinygrad view per dimension and watch memory, the logical grid and the
//! expressions follow.

use leptos::prelude::*;

use crate::engine::View;
use crate::state::{ViewEditor, ViewGrid};
use crate::ui::components::{DimEditor, ExprView, Hover, LogicalGrid, MemoryStrip};

#[component]
pub fn ViewsPage(
    /// The editor state, owned by the app so it survives page switches and lives in the URL.
    editor: RwSignal<ViewEditor>,
) -> impl IntoView {
    let view = Memo::new(move |_| editor.with(|e| e.view().clone()));
    let grid = Memo::new(move |_| view.with(ViewGrid::of));
    let hover = RwSignal::new(None::<Hover>);
    let lit = Memo::new(move |_| {
        let hovered = hover.get()?;
        match hovered {
            Hover::Memory(address) => Some(address),
            Hover::Logical(index) => grid.with(|g| {
                g.as_ref()
                    .ok()
                    .and_then(|g| g.cells.get(index))
                    .and_then(|c| c.address)
            }),
        }
    });
    let hover_text = move || {
        let hovered = hover.get()?;
        grid.with(|g| {
            let g = g.as_ref().ok()?;
            Some(match hovered {
                Hover::Logical(index) => {
                    let cell = g.cells.get(index)?;
                    let coord: Vec<String> = cell.coord.iter().map(i64::to_string).collect();
                    match cell.address {
                        Some(a) => format!("logical ({}) → valid, address {a}", coord.join(", ")),
                        None => format!("logical ({}) → masked (not valid)", coord.join(", ")),
                    }
                }
                Hover::Memory(address) => {
                    let readers = g
                        .memory
                        .iter()
                        .find(|m| m.address == address)
                        .map_or(0, |m| m.readers.len());
                    format!("address {address} ← read by {readers} logical cell(s)")
                }
            })
        })
    };
    let ok_grid = Signal::derive(move || {
        grid.with(|g| {
            g.as_ref().cloned().unwrap_or_else(|_| ViewGrid {
                shape: Vec::new(),
                cells: Vec::new(),
                memory: Vec::new(),
                span: None,
            })
        })
    });
    let grid_error = move || grid.with(|g| g.as_ref().err().map(|e| format!("Not drawn: {e}.")));
    let canonical = move || view.with(View::to_string);
    view! {
        <div class="views">
            <h1 class="visually-hidden">"Views"</h1>
            <DimEditor editor />
            <section class="canonical" aria-label="Canonical view">
                <h2>"Canonical form"</h2>
                <code data-testid="canonical">{canonical}</code>
            </section>
            <ExprView view=view />
            <section class="grids">
                <p class="hover-info" data-testid="hover-info" aria-live="polite">
                    {move || hover_text().unwrap_or_else(|| "Hover or focus a cell.".to_string())}
                </p>
                <p class="note" data-testid="grid-error">{grid_error}</p>
                <h2>"Memory"</h2>
                <MemoryStrip grid=ok_grid hover lit />
                <h2>"Logical"</h2>
                <LogicalGrid grid=ok_grid hover lit />
            </section>
        </div>
    }
}
