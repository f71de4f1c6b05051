//! One row per symbolic size: its range and a slider that binds it; everything recomputes.

use leptos::prelude::*;

use model::state::views::form::SymbolPart;
use model::state::ViewsState;

#[component]
pub fn Symbols(
    /// The page state whose base view's symbols are edited.
    state: RwSignal<ViewsState>,
) -> impl IntoView {
    let error = RwSignal::new(None::<String>);
    let symbols = move || state.with(|s| s.editor.form().symbols.clone());
    let set = move |name: String, part: SymbolPart, text: String| {
        let outcome = state
            .try_update(|s| s.editor.set_symbol(&name, part, &text))
            .unwrap_or(Ok(()));
        error.set(outcome.err().map(|e| e.to_string()));
    };
    view! {
        <div class="symbols" role="group" aria-label="Symbolic sizes">
            {move || {
                symbols()
                    .into_iter()
                    .map(|symbol| {
                        let name = symbol.name.clone();
                        let (n1, n2, n3) = (name.clone(), name.clone(), name.clone());
                        view! {
                            <div class="symbol" data-testid=format!("symbol-{name}")>
                                <span class="symbol__name">{name.clone()}</span>
                                <label class="field">
                                    <span class="field__label">"min"</span>
                                    <input
                                        type="text"
                                        inputmode="numeric"
                                        data-testid=format!("sym-{name}-min")
                                        prop:value=symbol.min.to_string()
                                        on:change=move |ev| set(n1.clone(), SymbolPart::Min, event_target_value(&ev))
                                    />
                                </label>
                                <label class="field">
                                    <span class="field__label">"max"</span>
                                    <input
                                        type="text"
                                        inputmode="numeric"
                                        data-testid=format!("sym-{name}-max")
                                        prop:value=symbol.max.to_string()
                                        on:change=move |ev| set(n2.clone(), SymbolPart::Max, event_target_value(&ev))
                                    />
                                </label>
                                <label class="field field--slider">
                                    <span class="field__label">{format!("{name} = {}", symbol.value)}</span>
                                    <input
                                        type="range"
                                        data-testid=format!("sym-{name}-slider")
                                        aria-label=format!("bind {name}")
                                        min=symbol.min.to_string()
                                        max=symbol.max.to_string()
                                        step="1"
                                        prop:value=symbol.value.to_string()
                                        on:input=move |ev| set(n3.clone(), SymbolPart::Value, event_target_value(&ev))
                                    />
                                </label>
                            </div>
                        }
                    })
                    .collect_view()
            }}
            <span class="field__error" data-testid="error-symbols" role="alert">{move || error.get()}</span>
        </div>
    }
}
