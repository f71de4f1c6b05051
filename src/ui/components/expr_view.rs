//! The `idx` and `valid` expressions of a view, readable and in tinygrad's style.

use leptos::prelude::*;

use crate::engine::{IndexExprs, View};

#[component]
pub fn ExprView(
    /// The view whose expressions are shown.
    #[prop(into)]
    view: Signal<View>,
) -> impl IntoView {
    let exprs = Memo::new(move |_| {
        let exprs = IndexExprs::of_view(&view.get());
        let arena = &exprs.arena;
        [
            (
                "idx",
                arena.render_readable(exprs.idx),
                arena.render_tinygrad(exprs.idx),
                arena.op_count(exprs.idx),
            ),
            (
                "valid",
                arena.render_readable(exprs.valid),
                arena.render_tinygrad(exprs.valid),
                arena.op_count(exprs.valid),
            ),
        ]
    });
    view! {
        <section class="exprs" aria-label="Index expressions">
            <h2>"Expressions"</h2>
            <dl>
                {move || {
                    exprs
                        .get()
                        .into_iter()
                        .map(|(name, readable, tinygrad, ops)| {
                            view! {
                                <dt>{name}</dt>
                                <dd>
                                    <code class="expr" data-testid=format!("expr-{name}")>{readable}</code>
                                    <span class="expr__ops">{format!("{ops} ops")}</span>
                                    <code class="expr expr--tinygrad" data-testid=format!("expr-{name}-tinygrad")>
                                        {tinygrad}
                                    </code>
                                </dd>
                            }
                        })
                        .collect_view()
                }}
            </dl>
        </section>
    }
}
