//! The applied ops: select a step to see the stack there, reorder or remove steps.

use leptos::prelude::*;

use crate::ui::dom::{event_attribute, markup, refocus_later, Draw};
use engine::view::op_text::op_text;
use model::panels;
use model::state::ViewsState;

#[component]
pub fn History(
    /// The page state whose history is listed.
    state: RwSignal<ViewsState>,
) -> impl IntoView {
    let outcomes = move || {
        state.with(|s| {
            s.replay()
                .into_iter()
                .map(|o| {
                    let (kind, argument) = op_text(&o.op);
                    (
                        format!("{kind} {argument}").trim().to_string(),
                        o.result.err().map(|e| e.to_string()),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    let list = NodeRef::<leptos::html::Ol>::new();
    let on_click = move |ev: web_sys::MouseEvent| {
        let step = event_attribute(&ev, "data-step").and_then(|k| k.parse::<usize>().ok());
        match (event_attribute(&ev, "data-act").as_deref(), step) {
            (Some("latest"), _) => state.update(|s| s.select(None)),
            (Some("select"), Some(k)) => state.update(|s| s.select(Some(k))),
            (Some("up"), Some(k)) => state.update(|s| s.move_step_up(k)),
            (Some("remove"), Some(k)) => state.update(|s| s.remove_step(k)),
            _ => return,
        }
        if let (Some(root), Some(id)) = (list.get_untracked(), event_attribute(&ev, "data-testid"))
        {
            refocus_later(root.into(), id);
        }
    };
    view! {
        <section class="history" aria-label="History">
            <h2>"History"</h2>
            <ol
                class="history__list"
                data-testid="history"
                node_ref=list
                on:click=on_click
                use:markup=Draw::new(move |m| state.with(|s| panels::history(m, &outcomes(), s.selected())))
            ></ol>
        </section>
    }
}
