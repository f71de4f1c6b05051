//! The `idx` and `valid` expressions of the shown stack, readable and in tinygrad's style, with
//! operation counts and the simplifier's steps.

use std::sync::Arc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::engine::expr::Piece;
use crate::engine::simplify::StopReason;
use crate::engine::{IndexExprs, ShapeTracker};
use crate::ui::components::import_export::copy;

/// The expressions of one stack; equal only to themselves, so a memo of them notifies on
/// every rebuild without comparing arenas.
#[derive(Clone)]
struct Shared(Arc<IndexExprs>);

impl PartialEq for Shared {
    fn eq(&self, other: &Shared) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

fn piece_view(piece: &Piece) -> AnyView {
    match piece {
        Piece::Text(t) => t.clone().into_any(),
        Piece::Node(id, parts) => view! {
            <span class="sub" data-expr=id.raw().to_string()>
                {parts.iter().map(piece_view).collect_view()}
            </span>
        }
        .into_any(),
    }
}

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
    /// The composed coordinate last hovered, where sub-expressions are evaluated.
    #[prop(into)]
    at: Signal<Option<Vec<i64>>>,
) -> impl IntoView {
    let rendered = Memo::new(move |_| tracker.with(render));
    let exprs = Memo::new(move |_| Shared(Arc::new(tracker.with(ShapeTracker::index_exprs))));
    let pieces = Memo::new(move |_| {
        exprs.with(|e| {
            let e = &e.0;
            [
                e.arena.readable_piece(e.idx),
                e.arena.readable_piece(e.valid),
            ]
        })
    });
    let sub = RwSignal::new(None::<u32>);
    let status = RwSignal::new(String::new());
    let sub_value = move || {
        let raw = sub.get()?;
        let Some(coord) = at.get() else {
            return Some(
                "hover a cell of the grids first, then a part of the expression".to_string(),
            );
        };
        exprs.with(|e| {
            let e = &e.0;
            let id = e.arena.node_id(raw)?;
            let value = e.arena.eval(id, &coord);
            let coord: Vec<String> = coord.iter().map(i64::to_string).collect();
            Some(format!(
                "{} = {value} at ({})",
                e.arena.render_readable(id),
                coord.join(", ")
            ))
        })
    };
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
                                    <code
                                        class="expr"
                                        data-testid=format!("expr-{name}")
                                        on:mouseover=move |ev| {
                                            let raw = ev
                                                .target()
                                                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                                                .and_then(|el| el.closest("[data-expr]").ok().flatten())
                                                .and_then(|el| el.get_attribute("data-expr"))
                                                .and_then(|r| r.parse::<u32>().ok());
                                            sub.set(raw);
                                        }
                                    >
                                        {
                                            let index = usize::from(name == "valid");
                                            move || pieces.with(|p| piece_view(&p[index]))
                                        }
                                    </code>
                                    <span class="expr__ops" data-testid=format!("ops-{name}")>
                                        {format!("{ops} ops")}
                                    </span>
                                    <button
                                        type="button"
                                        class="expr__copy"
                                        data-testid=format!("copy-{name}")
                                        on:click={
                                            let text = readable.clone();
                                            move |_| copy(text.clone(), status)
                                        }
                                    >
                                        "Copy"
                                    </button>
                                    <code class="expr expr--tinygrad" data-testid=format!("expr-{name}-tinygrad")>
                                        {tinygrad}
                                    </code>
                                </dd>
                            }
                        })
                        .collect_view()
                }}
            </dl>
            <p class="note" data-testid="subexpr-value" aria-live="polite">
                {move || sub_value().unwrap_or_else(|| "Hover a part of an expression to see its value at the hovered cell.".to_string())}
            </p>
            <p class="note" role="status">{move || status.get()}</p>
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
