//! Apply a movement op to the end of the history, with the argument validated inline.

use leptos::prelude::*;

use engine::view::op_text::{example_argument, OP_KINDS};
use model::state::ViewsState;

#[component]
pub fn OpToolbar(
    /// The page state the op is appended to.
    state: RwSignal<ViewsState>,
) -> impl IntoView {
    let kind = RwSignal::new("reshape");
    let argument_field = NodeRef::<leptos::html::Input>::new();
    let argument = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let apply = move || {
        let outcome = state
            .try_update(|s| s.push_op(kind.get_untracked(), &argument.get_untracked()))
            .unwrap_or(Ok(()));
        match outcome {
            Ok(()) => {
                argument.set(String::new());
                error.set(None);
            }
            Err(e) => error.set(Some(e.to_string())),
        }
    };
    view! {
        <form
            class="op-toolbar"
            aria-label="Movement ops"
            on:submit=move |ev| {
                ev.prevent_default();
                apply();
            }
        >
            <div class="op-toolbar__kinds" role="radiogroup" aria-label="Op">
                {OP_KINDS
                    .into_iter()
                    .map(|k| {
                        view! {
                            <button
                                type="button"
                                role="radio"
                                data-testid=format!("op-{k}")
                                aria-checked=move || if kind.get() == k { "true" } else { "false" }
                                class:active=move || kind.get() == k
                                on:click=move |_| {
                                    kind.set(k);
                                    error.set(None);
                                    // the argument is what a person types next
                                    if let Some(field) = argument_field.get_untracked() {
                                        let _ = field.focus();
                                    }
                                }
                            >
                                {k}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
            <label class="field field--op">
                <span class="field__label">"argument"</span>
                <input
                    type="text"
                    spellcheck="false"
                    autocomplete="off"
                    data-testid="op-argument"
                    node_ref=argument_field
                    placeholder=move || example_argument(kind.get())
                    disabled=move || kind.get() == "simplify"
                    prop:value=move || argument.get()
                    aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                    aria-describedby="error-op"
                    on:input=move |ev| {
                        argument.set(event_target_value(&ev));
                        error.set(None);
                    }
                />
            </label>
            <button type="submit" data-testid="op-apply">"Apply"</button>
            <span class="field__error" id="error-op" data-testid="error-op" role="alert">
                {move || error.get()}
            </span>
        </form>
    }
}
