//! The `idx` and `valid` expressions of the shown stack, readable and in tinygrad's style, with
//! operation counts and the simplifier's steps.

use leptos::prelude::*;

use crate::engine::simplify::StopReason;
use crate::engine::ShapeTracker;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Rendered {
    /// `(name, readable, tinygrad, operations)`.
    rows: Vec<(&'static str, String, String, usize)>,
    /// `(rule, before, after)`.
    steps: Vec<(&'static str, String, String)>,
    saturated: bool,
}

fn render(tracker: &ShapeTracker) -> Rendered {
    let exprs = tracker.index_exprs();
    let arena = &exprs.arena;
    let row = |name, id| {
        (
            name,
            arena.render_readable(id),
            arena.render_tinygrad(id),
            arena.op_count(id),
        )
    };
    Rendered {
        rows: vec![row("idx", exprs.idx), row("valid", exprs.valid)],
        steps: exprs
            .steps
            .iter()
            .map(|s| {
                (
                    s.rule,
                    arena.render_readable(s.before),
                    arena.render_readable(s.after),
                )
            })
            .collect(),
        saturated: exprs.stop == StopReason::Saturated,
    }
}

#[component]
pub fn ExprView(
    /// The stack whose expressions are shown.
    #[prop(into)]
    tracker: Signal<ShapeTracker>,
) -> impl IntoView {
    let rendered = Memo::new(move |_| tracker.with(render));
    view! {
        <section class="exprs" aria-label="Index expressions">
            <h2>"Expressions"</h2>
            <dl>
                {move || {
                    rendered
                        .with(|r| r.rows.clone())
                        .into_iter()
                        .map(|(name, readable, tinygrad, ops)| {
                            view! {
                                <dt>{name}</dt>
                                <dd>
                                    <code class="expr" data-testid=format!("expr-{name}")>{readable}</code>
                                    <span class="expr__ops" data-testid=format!("ops-{name}")>
                                        {format!("{ops} ops")}
                                    </span>
                                    <code class="expr expr--tinygrad" data-testid=format!("expr-{name}-tinygrad")>
                                        {tinygrad}
                                    </code>
                                </dd>
                            }
                        })
                        .collect_view()
                }}
            </dl>
            <details class="steps" data-testid="simplifier-steps">
                <summary>
                    {move || {
                        rendered
                            .with(|r| {
                                format!(
                                    "Simplifier: {} step{}{}",
                                    r.steps.len(),
                                    if r.steps.len() == 1 { "" } else { "s" },
                                    if r.saturated { "" } else { " (step limit reached)" },
                                )
                            })
                    }}
                </summary>
                <ol>
                    {move || {
                        rendered
                            .with(|r| r.steps.clone())
                            .into_iter()
                            .map(|(rule, before, after)| {
                                view! {
                                    <li>
                                        <span class="steps__rule">{rule}</span>
                                        <code>{before}</code>
                                        " → "
                                        <code>{after}</code>
                                    </li>
                                }
                            })
                            .collect_view()
                    }}
                </ol>
            </details>
        </section>
    }
}
