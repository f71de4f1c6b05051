//! A labelled text field (one line, or a text area) with its error beside it: the error is
//! announced (`role="alert"`), the field marked invalid and described by it.

use leptos::prelude::*;

#[component]
pub fn TextField(
    /// What the label says.
    label: &'static str,
    /// The field's test id; its error's is `error-{test_id}` (also its element id).
    #[prop(into)]
    test_id: String,
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
    /// The label's classes (`field field--wide` when absent).
    #[prop(optional)]
    class: Option<&'static str>,
    /// The error's id and test id (`error-{test_id}` when absent).
    #[prop(optional, into)]
    error_id: Option<String>,
    /// A numeric keyboard on touch screens (`inputmode="numeric"`).
    #[prop(optional)]
    numeric: bool,
) -> impl IntoView {
    let id = error_id.unwrap_or_else(|| format!("error-{test_id}"));
    let class = class.unwrap_or("field field--wide");
    let inputmode = numeric.then_some("numeric");
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
                data-testid=test_id.clone()
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
                inputmode=inputmode
                spellcheck="false"
                autocomplete="off"
                data-testid=test_id.clone()
                prop:value=move || value.get()
                aria-invalid=invalid
                aria-describedby=id.clone()
                on:input=input
            />
        }
        .into_any(),
    };
    view! {
        <label class=class>
            <span class="field__label">{label}</span>
            {field}
            <span class="field__error" id=id.clone() data-testid=id role="alert">{move || error.get()}</span>
        </label>
    }
}
