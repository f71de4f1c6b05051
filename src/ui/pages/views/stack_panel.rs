//! One card per view of the shown stack, each with its own grid and a legend of what its cells
//! show, why a reshape appended a view, and the verdict on whether the top two views merge into
//! one (their mergeability).

use leptos::prelude::*;

use crate::ui::components::canvas_grid::{grid_memo, CanvasGrid};
use crate::ui::components::grid::{GridKind, GridView};
use crate::ui::dom::{markup, Draw};
use engine::{NewViewReason, ShapeTracker};
use model::draw::large_grid::LargeGrid;
use model::draw::stack_grid::{chain_of, Hover, Lit, StackGrid};
use model::panels;
use model::state::ViewsState;

#[component]
pub fn StackPanel(
    /// The page state (for the merge verdict).
    state: RwSignal<ViewsState>,
    /// The shown stack and why its last reshape appended a view.
    #[prop(into)]
    shown: Signal<(ShapeTracker, Option<NewViewReason>)>,
    /// Grids of the shown stack, or why they are not drawn.
    #[prop(into)]
    grids: Signal<Result<StackGrid, String>>,
    /// Shared hover state.
    hover: RwSignal<Option<Hover>>,
    /// Cells lit by the hover.
    lit: Memo<Lit>,
    /// Whether the stack's grids are DOM cells ([`drawn_in_dom`](model::draw::stack_grid::drawn_in_dom)).
    dom: Memo<bool>,
    /// The composed canvas grid of a large stack, and its hovered cell.
    large: Memo<Option<LargeGrid>>,
    /// The cell under the pointer on the composed canvas.
    canvas_hover: RwSignal<Option<usize>>,
) -> impl IntoView {
    // Memos, so an edit redraws the cards and their grids instead of replacing them.
    let count = Memo::new(move |_| shown.with(|(t, _)| t.views().len()));
    view! {
        <section class="stack" aria-label="View stack">
            <h2>{move || format!("Stack: {} view{}", count.get(), if count.get() == 1 { "" } else { "s" })}</h2>
            <div class="stack__cards">
                {move || {
                    (0..count.get())
                        .map(|k| {
                            let grid = Signal::derive(move || {
                                grids.with(|g| g.as_ref().ok().and_then(|g| g.views.get(k).cloned()).unwrap_or_default())
                            });
                            let own = grid_memo(move || {
                                if dom.get() {
                                    return None;
                                }
                                shown.with(|(t, _)| t.views().get(k).and_then(|v| LargeGrid::of_view(v).ok()))
                            });
                            // What the card shows under its head (0: a note that the one view's
                            // grid is the composed one, 1: DOM grid, 2: canvas, 3: too large); a
                            // memo, so an edit redraws the grid instead of replacing it.
                            let body = Memo::new(move |_| match (count.get(), dom.get() && grids.with(Result::is_ok)) {
                                (1, _) => 0usize,
                                (_, true) => 1,
                                _ if own.with(Option::is_some) => 2,
                                _ => 3,
                            });
                            let own_hover = RwSignal::new(None::<usize>);
                            let own_range = RwSignal::new(None::<(i64, i64)>);
                            // The cell of this view that the hovered composed cell passes through.
                            let mark = Signal::derive(move || {
                                let Some(index) = canvas_hover.get() else { return Vec::new() };
                                large.with(|g| {
                                    let Some(g) = g else { return Vec::new() };
                                    let coord = engine::coord_from_index(&g.shape, index as i64);
                                    shown.with(|(t, _)| chain_of(t, &coord).get(k).copied().flatten().into_iter().collect())
                                })
                            });
                            // what the cells of this view's own grid show, above it
                            let legend = move |on_canvas: bool| {
                                Draw::new(move |m| shown.with(|(t, _)| panels::view_card_legend(m, t, k, on_canvas)))
                            };
                            view! {
                                <article class="stack__card" data-testid=format!("view-card-{k}")>
                                    <div use:markup=Draw::new(move |m| shown.with(|(t, reason)| panels::view_card_head(m, t, *reason, k)))></div>
                                    {move || match body.get() {
                                        // the composed grid is this view's, cell for cell
                                        0 => view! { <p class="note" data-testid="view-note">"One view: its grid is the composed grid."</p> }.into_any(),
                                        1 => view! {
                                            <div use:markup=legend(false)></div>
                                            <GridView grid kind=GridKind::View(k) hover lit label=format!("View {k} grid") />
                                        }.into_any(),
                                        2 => view! {
                                            <div use:markup=legend(true)></div>
                                            <CanvasGrid grid=own hover=own_hover range=own_range mark size=(480.0, 300.0) test_id=format!("view{k}-canvas") />
                                        }.into_any(),
                                        _ => view! { <p class="note">"This view has more than 1,048,576 cells; it is not drawn."</p> }.into_any(),
                                    }}
                                </article>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <div use:markup=Draw::new(move |m| state.with(|s| panels::merge_verdict(m, s.merge_verdict())))></div>
        </section>
    }
}
