//! The applied ops: select a step to see the stack there, reorder or remove steps.

use leptos::prelude::*;

use crate::state::ops_text::op_text;
use crate::state::ViewsState;

#[component]
pub fn History(
    /// The page state whose history is listed.
    state: RwSignal<ViewsState>,
) -> impl IntoView {
    let outcomes = Memo::new(move |_| {
        state.with(|s| {
            s.replay()
                .into_iter()
                .map(|o| {
                    let (kind, argument) = op_text(&o.op);
                    (
                        format!("{kind} {argument}").trim().to_string(),
                        o.result.err(),
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    view! {
        <section class="history" aria-label="History">
            <h2>"History"</h2>
            <ol class="history__list" data-testid="history">
                <li class="history__item" class:history__item--selected=move || state.with(|s| s.selected().is_none())>
                    <button type="button" data-testid="history-latest" on:click=move |_| state.update(|s| s.select(None))>
                        {move || if outcomes.with(Vec::is_empty) { "base view" } else { "show latest" }}
                    </button>
                </li>
                {move || {
                    outcomes
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(k, (label, error))| {
                            let failed = error.is_some();
                            view! {
                                <li
                                    class="history__item"
                                    class:history__item--selected=move || state.with(|s| s.selected() == Some(k))
                                    class:history__item--error=failed
                                    data-testid=format!("step-{k}")
                                >
                                    <button
                                        type="button"
                                        class="history__op"
                                        data-testid=format!("step-{k}-select")
                                        title="Show the stack after this step"
                                        on:click=move |_| state.update(|s| s.select(Some(k)))
                                    >
                                        {format!("{}. {label}", k + 1)}
                                    </button>
                                    <button
                                        type="button"
                                        data-testid=format!("step-{k}-up")
                                        aria-label=format!("Move step {} up", k + 1)
                                        disabled=k == 0
                                        on:click=move |_| state.update(|s| s.move_step_up(k))
                                    >
                                        "↑"
                                    </button>
                                    <button
                                        type="button"
                                        data-testid=format!("step-{k}-remove")
                                        aria-label=format!("Remove step {}", k + 1)
                                        on:click=move |_| state.update(|s| s.remove_step(k))
                                    >
                                        "✕"
                                    </button>
                                    {error.map(|e| view! { <span class="field__error" role="alert">{e}</span> })}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
