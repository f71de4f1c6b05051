//! One card per view of the shown stack, each with its own grid, why a reshape appended a view,
//! and seed 000's verdict on merging the top two views.

use leptos::prelude::*;

use crate::engine::mergeability::MergeVerdict;
use crate::engine::{NewViewReason, ShapeTracker};
use crate::state::stack_grid::{Grid, Hover, Lit, StackGrid};
use crate::state::ViewsState;
use crate::ui::components::grid::{GridKind, GridView};

fn empty_grid() -> Grid {
    Grid {
        shape: Vec::new(),
        cells: Vec::new(),
    }
}

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
) -> impl IntoView {
    let count = move || shown.with(|(t, _)| t.views().len());
    let verdict = Memo::new(move |_| {
        state.with(|s| {
            s.merge_verdict().map(|v| match v {
                Ok(MergeVerdict::Mergeable(view)) => {
                    (true, format!("mergeable: one view does it — {view}"))
                }
                Ok(MergeVerdict::NotMergeable(witness)) => {
                    (false, format!("not mergeable: {}", witness.describe()))
                }
                Err(e) => (false, format!("not decided: {e}")),
            })
        })
    });
    view! {
        <section class="stack" aria-label="View stack">
            <h2>{move || format!("Stack: {} view{}", count(), if count() == 1 { "" } else { "s" })}</h2>
            <div class="stack__cards">
                {move || {
                    (0..count())
                        .map(|k| {
                            let repr = move || shown.with(|(t, _)| t.views().get(k).map(ToString::to_string).unwrap_or_default());
                            let appended = move || {
                                shown.with(|(t, reason)| {
                                    (k + 1 == t.views().len() && k > 0)
                                        .then_some(*reason)
                                        .flatten()
                                        .map(|r| format!("Appended by a reshape: the view below could not express it because {}.", r.explain()))
                                })
                            };
                            let grid = Signal::derive(move || {
                                grids.with(|g| g.as_ref().ok().and_then(|g| g.views.get(k).cloned()).unwrap_or_else(empty_grid))
                            });
                            view! {
                                <article class="stack__card" data-testid=format!("view-card-{k}")>
                                    <h3>{if k == 0 { "view 0 (buffer)".to_string() } else { format!("view {k}") }}</h3>
                                    <code class="stack__repr" data-testid=format!("view-repr-{k}")>{repr}</code>
                                    <p class="note" data-testid=format!("view-reason-{k}")>{appended}</p>
                                    <GridView grid kind=GridKind::View(k) hover lit label=format!("View {k} grid") />
                                </article>
                            }
                        })
                        .collect_view()
                }}
            </div>
            {move || {
                verdict
                    .get()
                    .map(|(ok, text)| {
                        view! {
                            <p class="verdict" class:verdict--ok=ok data-testid="merge-verdict">
                                {text}
                            </p>
                        }
                    })
            }}
        </section>
    }
}
