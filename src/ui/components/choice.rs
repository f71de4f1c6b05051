//! A labelled picker: a `<select>` of `(value, title)` options, drawn once as markup, that
//! reports the value picked.

use leptos::prelude::*;

use crate::ui::dom::{markup, Draw};
use model::panels;

#[component]
pub fn Choice(
    /// What the label says.
    label: &'static str,
    /// The select's test id.
    #[prop(into)]
    test_id: String,
    /// Each option's value and title, in order.
    options: Vec<(String, String)>,
    /// A first `choose…` option that picks nothing (a menu of actions, such as presets).
    #[prop(optional)]
    choose: bool,
    /// The value shown; absent, the select keeps whatever was picked last.
    #[prop(optional, into)]
    value: Option<Signal<String>>,
    /// Called with the value picked.
    on_change: Callback<String>,
) -> impl IntoView {
    let draw = Draw::new(move |m| panels::options(m, &mut options.iter().cloned(), choose));
    let change = move |ev: web_sys::Event| on_change.run(event_target_value(&ev));
    let select = match value {
        Some(value) => view! {
            <select data-testid=test_id use:markup=draw prop:value=move || value.get() on:change=change></select>
        }
        .into_any(),
        None => view! {
            <select data-testid=test_id use:markup=draw on:change=change></select>
        }
        .into_any(),
    };
    view! {
        <label class="field">
            <span class="field__label">{label}</span>
            {select}
        </label>
    }
}
