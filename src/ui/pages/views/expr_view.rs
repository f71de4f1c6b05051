//! The `idx` and `valid` expressions of the shown stack, readable and in tinygrad's style, with
//! operation counts and the simplifier's steps. The panel's text is built by `panels::views`;
//! this component only places it and delegates hover and copy.

use std::sync::Arc;

use leptos::prelude::*;

use crate::ui::components::clipboard::copy;
use crate::ui::dom::{event_attribute, markup, Draw};
use engine::{IndexExprs, ShapeTracker};
use model::panels;

/// The expressions of one stack; equal only to themselves, so a memo of them notifies on
/// every rebuild without comparing arenas.
#[derive(Clone)]
struct Shared(Arc<IndexExprs>);

impl PartialEq for Shared {
    fn eq(&self, other: &Shared) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
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
    let exprs = Memo::new(move |_| Shared(Arc::new(tracker.with(ShapeTracker::index_exprs))));
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
    let on_click = move |ev: web_sys::MouseEvent| {
        if let Some(name) = event_attribute(&ev, "data-copy") {
            let id = exprs.with(|e| if name == "valid" { e.0.valid } else { e.0.idx });
            copy(exprs.with(|e| e.0.arena.render_readable(id)), status);
        }
    };
    view! {
        <section class="exprs" aria-label="Index expressions">
            <h2>"Expressions"</h2>
            <dl
                on:mouseover=move |ev| sub.set(event_attribute(&ev, "data-expr").and_then(|r| r.parse().ok()))
                on:click=on_click
                use:markup=Draw::new(move |m| exprs.with(|e| panels::expr_rows(m, &e.0)))
            ></dl>
            <p class="note" data-testid="subexpr-value" aria-live="polite">
                {move || sub_value().unwrap_or_else(|| "Hover a part of an expression to see its value at the hovered cell.".to_string())}
            </p>
            <p class="note" role="status">{move || status.get()}</p>
            <details
                class="steps"
                data-testid="simplifier-steps"
                use:markup=Draw::new(move |m| exprs.with(|e| panels::steps(m, &e.0)))
            ></details>
        </section>
    }
}
