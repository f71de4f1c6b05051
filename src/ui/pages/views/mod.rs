//! The Views page: edit a base view per dimension, apply movement ops, and watch the stack,
//! memory, the composed grid and the expressions follow.

pub mod dim_editor;
pub mod expr_mode;
pub mod expr_view;
pub mod grid_table;
pub mod history;
pub mod import_export;
pub mod op_toolbar;
pub mod stack_panel;
pub mod symbols;

pub use dim_editor::DimEditor;
pub use expr_mode::ExprModePanel;
pub use expr_view::ExprView;
pub use grid_table::GridTable;
pub use history::History;
pub use import_export::ImportExport;
pub use op_toolbar::OpToolbar;
pub use stack_panel::StackPanel;
pub use symbols::Symbols;

use leptos::prelude::*;

use crate::ui::dom::{details_open, markup, Draw};
use model::panels::picture::Picture;

use crate::ui::components::{
    grid_memo, CanvasGrid, CanvasHint, CanvasMemory, ColourPicker, GridKind, GridView, MemoryStrip,
    PictureExport,
};
use model::draw::colouring::Colouring;
use model::draw::large_grid::LargeGrid;
use model::draw::stack_grid::{canvas_note, drawn_in_dom, in_table, Grid, Hover, Lit};
use model::draw::StackGrid;
use model::panels;
use model::state::theme::Theme;
use model::state::ViewsState;

#[component]
pub fn ViewsPage(
    /// The page state, owned by the app so it survives page switches and lives in the URL.
    state: RwSignal<ViewsState>,
    /// The app's theme, which the links to other pages keep.
    #[prop(optional)]
    theme: Option<RwSignal<Theme>>,
) -> impl IntoView {
    let shown = Memo::new(move |_| state.with(ViewsState::shown));
    let tracker = Signal::derive(move || shown.with(|(t, _)| t.clone()));
    let colour = Memo::new(move |_| state.with(|s| s.colour));
    let grids = Memo::new(move |_| {
        let colour = colour.get();
        shown.with(|(t, _)| {
            let mut grids = StackGrid::of(t).map_err(|e| e.to_string())?;
            grids.paint(colour);
            Ok(grids)
        })
    });
    // Stacks beyond the DOM limit are drawn on canvases instead (decided from the shapes, so
    // `grids` is built only where DOM grids or the table view read it).
    let dom = Memo::new(move |_| shown.with(|(t, _)| drawn_in_dom(t)));
    let large = grid_memo(move || {
        if dom.get() {
            return None;
        }
        let colouring = colour.get();
        shown.with(|(t, _)| {
            let mut large = LargeGrid::of(t).ok()?;
            large.colouring = colouring;
            Some(large)
        })
    });
    // Whether the canvases are shown: a memo, so an edit redraws them instead of replacing them.
    let has_large = Memo::new(move |_| large.with(Option::is_some));
    let canvas_hover = RwSignal::new(None::<usize>);
    let canvas_range = RwSignal::new(None::<(i64, i64)>);
    let canvas_text = move || {
        let (index, range) = (canvas_hover.get(), canvas_range.get());
        large.with(|g| {
            let g = g.as_ref()?;
            shown.with(|(t, _)| g.describe(t, index, range))
        })
    };
    let hover = RwSignal::new(None::<Hover>);
    let last_hover = RwSignal::new(None::<Hover>);
    let last_canvas = RwSignal::new(None::<usize>);
    // The composed coordinate last hovered (for a view or memory cell: the first composed cell
    // it lights; on a canvas, its cell), where the expressions' parts are evaluated.
    let at = Signal::derive(move || {
        if !dom.get() {
            let index = last_canvas.get()?;
            return large.with(|g| g.as_ref().map(|g| g.coord(index)));
        }
        let h = last_hover.get()?;
        grids.with(|g| {
            let g = g.as_ref().ok()?;
            let index = *g.lit(h).logical.iter().next()?;
            g.logical.cells.get(index).map(|c| c.coord.clone())
        })
    });
    let table_open = RwSignal::new(false);
    let expr_open = RwSignal::new(false);
    let lit = Memo::new(move |_| {
        let Some(h) = hover.get() else {
            return Lit::default();
        };
        grids.with(|g| g.as_ref().map(|g| g.lit(h)).unwrap_or_default())
    });
    let hover_text = move || {
        let h = hover.get()?;
        grids.with(|g| g.as_ref().ok()?.describe(h))
    };
    // The DOM grids' cells: none while the canvases draw the stack.
    let logical = Signal::derive(move || match dom.get() {
        true => grids.with(|g| g.as_ref().map(|g| g.logical.clone()).unwrap_or_default()),
        false => Grid::default(),
    });
    let memory = Signal::derive(move || match dom.get() {
        true => grids.with(|g| g.as_ref().map(|g| g.memory.clone()).unwrap_or_default()),
        false => Vec::new(),
    });
    let span = Signal::derive(move || match dom.get() {
        true => grids.with(|g| g.as_ref().ok().and_then(|g| g.span)),
        false => large.with(|g| g.as_ref()?.span),
    });
    // Within the table view's limit even when drawn on canvases.
    let tabled = Memo::new(move |_| shown.with(|(t, _)| in_table(t)));
    let grid_error = move || {
        if has_large.get() {
            return Some(shown.with(|(t, _)| canvas_note(t)));
        }
        grids.with(|g| g.as_ref().err().map(|e| format!("Not drawn: {e}.")))
    };
    view! {
        <div class="views">
            <h1 class="visually-hidden">"Views"</h1>
            <div class="panes">
                <div class="panes__controls">
                    <div class="views__controls" data-panel="editor">
                        <DimEditor state />
                        <Symbols state />
                        <section class="canonical" aria-label="Canonical base view">
                            <h2>"Base view, canonical"</h2>
                            <div use:markup=Draw::new(move |m| state.with(|s| panels::canonical(m, &s.editor)))></div>
                        </section>
                        <OpToolbar state />
                        <History state />
                    </div>
                    <div data-panel="stack">
                        <StackPanel
                            state
                            shown=Signal::derive(move || shown.get())
                            grids=Signal::derive(move || grids.get())
                            hover
                            lit
                            dom
                            large
                            canvas_hover
                        />
                    </div>
                    <div data-panel="expr">
                        <ExprView tracker at />
                    </div>
                </div>
                <section class="grids panes__pictures" data-panel="grid" aria-label="Memory and grids">
                    <p class="note" data-testid="grid-error">{grid_error}</p>
                    <ColourPicker
                        colour
                        on_change=Callback::new(move |c| state.update(|s| s.colour = c))
                        choices=&Colouring::ALL
                        span
                        views=Signal::derive(move || shown.with(|(t, _)| t.views().len()))
                    />
                    // Above the DOM limit the canvases take the grids' places, with their own
                    // hover readout; the DOM grids stay mounted, hidden and empty.
                    {move || {
                        has_large
                            .get()
                            .then(|| {
                                view! {
                                    <p class="hover-info" data-testid="canvas-hover-info" aria-live="polite">
                                        {move || canvas_text().unwrap_or_else(|| "Hover a cell of the canvas.".to_string())}
                                    </p>
                                    <h2>"Memory"</h2>
                                    <CanvasMemory grid=large hover=canvas_hover range=canvas_range />
                                    <h2>"Logical (composed)"</h2>
                                    <CanvasHint />
                                    <CanvasGrid grid=large hover=canvas_hover range=canvas_range last=last_canvas />
                                }
                            })
                    }}
                    <div class:hidden=move || has_large.get()>
                        <p class="hover-info" data-testid="hover-info" aria-live="polite">
                            {move || hover_text().unwrap_or_else(|| "Hover or focus a cell.".to_string())}
                        </p>
                        <h2>"Memory"</h2>
                        <MemoryStrip memory span hover lit last=last_hover />
                        <h2>"Logical (composed)"</h2>
                        <GridView grid=logical kind=GridKind::Logical hover lit label="Logical grid" last=last_hover />
                    </div>
                    <details
                        class="table-view"
                        class:hidden=move || !tabled.get()
                        data-testid="table-view"
                        on:toggle=move |ev| table_open.set(details_open(&ev))
                    >
                        <summary>"Table view (for screen readers and copying)"</summary>
                        {move || table_open.get().then(|| view! { <GridTable grids /> })}
                    </details>
                    <PictureExport
                        picture=Callback::new(move |()| shown.with_untracked(|(t, _)| Picture::of_tracker(t)))
                        name="view-grid"
                    />
                </section>
            </div>
            <details class="more" data-panel="export" data-testid="more-import-export">
                <summary>"Import and export: tinygrad View, ShapeTracker and Python, CuTe layout"</summary>
                <ImportExport state theme />
            </details>
            <details
                data-panel="expr"
                class="expr-mode-box more"
                data-testid="expr-mode-box"
                on:toggle=move |ev| expr_open.set(details_open(&ev))
            >
                <summary>"Expression mode: type idx and valid over variables"</summary>
                {move || expr_open.get().then(|| view! { <ExprModePanel tracker /> })}
            </details>
        </div>
    }
}
