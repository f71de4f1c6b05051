//! A labelled text field (one line, or a text area) with its error beside it: the error is
//! announced (`role="alert"`), the field marked invalid and described by it.

use leptos::prelude::*;

#[component]
pub fn TextField(
    /// What the label says.
    label: &'static str,
    /// The field's test id; its error's is `error-{test_id}` (also its element id).
    test_id: &'static str,
    /// The text shown.
    #[prop(into)]
    value: Signal<String>,
    /// Why the text as typed makes nothing; `None` while it is good.
    #[prop(into)]
    error: Signal<Option<String>>,
    /// Called with the text on every input.
    on_input: Callback<String>,
    /// Lines of a text area; a one-line field when absent.
    #[prop(optional)]
    rows: Option<u32>,
) -> impl IntoView {
    let id = format!("error-{test_id}");
    let invalid = move || {
        if error.with(Option::is_some) {
            "true"
        } else {
            "false"
        }
    };
    let input = move |ev: web_sys::Event| on_input.run(event_target_value(&ev));
    let field = match rows {
        Some(rows) => view! {
            <textarea
                rows=rows
                spellcheck="false"
                autocomplete="off"
                data-testid=test_id
                prop:value=move || value.get()
                aria-invalid=invalid
                aria-describedby=id.clone()
                on:input=input
            ></textarea>
        }
        .into_any(),
        None => view! {
            <input
                type="text"
                spellcheck="false"
                autocomplete="off"
                data-testid=test_id
                prop:value=move || value.get()
                aria-invalid=invalid
                aria-describedby=id.clone()
                on:input=input
            />
        }
        .into_any(),
    };
    view! {
        <label class="field field--wide">
            <span class="field__label">{label}</span>
            {field}
            <span class="field__error" id=id.clone() data-testid=id role="alert">{move || error.get()}</span>
        </label>
    }
}
