//! Paste a tinygrad repr or a list of ops; copy the shown stack as tinygrad Python or repr.

use leptos::prelude::*;

use crate::ui::components::clipboard::copy;
use crate::ui::dom::{event_attribute, markup, Draw};
use model::panels;
use model::state::theme::Theme;
use model::state::ViewsState;

#[component]
pub fn ImportExport(
    /// The page state imported into and exported from.
    state: RwSignal<ViewsState>,
    /// The app's theme, which the link to the Layouts page keeps.
    #[prop(default = None)]
    theme: Option<RwSignal<Theme>>,
) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let status = RwSignal::new(String::new());
    let on_copy = move |ev: web_sys::MouseEvent| match event_attribute(&ev, "data-copy").as_deref()
    {
        Some("python") => copy(state.with_untracked(ViewsState::tinygrad_python), status),
        Some("repr") => copy(state.with_untracked(ViewsState::tinygrad_repr), status),
        _ => {}
    };
    view! {
        <section class="import-export" aria-label="Import and export">
            <h2>"Import / export"</h2>
            <label class="field field--wide">
                <span class="field__label">
                    "paste a tinygrad View(…) or ShapeTracker(views=(…)), or ops (reshape 3,4 · .permute((1, 0)))"
                </span>
                <textarea
                    rows="3"
                    spellcheck="false"
                    data-testid="import-text"
                    prop:value=move || text.get()
                    aria-invalid=move || if error.get().is_some() { "true" } else { "false" }
                    aria-describedby="error-import"
                    on:input=move |ev| {
                        text.set(event_target_value(&ev));
                        error.set(None);
                    }
                ></textarea>
            </label>
            <button
                type="button"
                data-testid="import"
                on:click=move |_| {
                    let outcome = state.try_update(|s| s.import(&text.get_untracked())).unwrap_or(Ok(()));
                    match outcome {
                        Ok(()) => {
                            text.set(String::new());
                            error.set(None);
                        }
                        Err(e) => error.set(Some(e.to_string())),
                    }
                }
            >
                "Import"
            </button>
            <span class="field__error" id="error-import" data-testid="error-import" role="alert">
                {move || error.get()}
            </span>
            <div class="export" on:click=on_copy>
                <div use:markup=Draw::new(move |m| {
                    state.with(|s| panels::views_export(m, &s.tinygrad_python(), &s.tinygrad_repr(), &s.as_layout(), crate::ui::theme::current(theme)))
                })></div>
                <p class="note" role="status" data-testid="copy-status">{move || status.get()}</p>
            </div>
        </section>
    }
}
