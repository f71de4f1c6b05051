//! Expression mode: type variables with ranges, an `idx` and a `valid` expression (normal
//! precedence or tinygrad's rendered output), and see the grid and memory they describe.

use leptos::prelude::*;

use crate::ui::components::grid::{GridKind, GridView, MemoryStrip};
use engine::ShapeTracker;
use model::draw::stack_grid::{Hover, Lit};
use model::state::expr_mode::{ExprEditor, ExprField, ExprMode};

#[component]
pub fn ExprModePanel(
    /// The stack whose expressions the "use the stack" button copies in.
    #[prop(into)]
    tracker: Signal<ShapeTracker>,
) -> impl IntoView {
    let editor = RwSignal::new(ExprEditor::default());
    let hover = RwSignal::new(None::<Hover>);
    let lit = Memo::new(move |_| {
        let Some(h) = hover.get() else {
            return Lit::default();
        };
        editor.with(|e| e.grid().lit(h))
    });
    let field = move |input: ExprField, label: &'static str, test_id: &'static str| {
        let error = move || editor.with(|e| e.error(input).map(ToString::to_string));
        view! {
            <label class="field field--wide">
                <span class="field__label">{label}</span>
                <input
                    type="text"
                    spellcheck="false"
                    autocomplete="off"
                    data-testid=test_id
                    prop:value=move || {
                        editor.with(|e| e.text(input).to_string())
                    }
                    aria-invalid=move || if error().is_some() { "true" } else { "false" }
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        editor.update(|e| e.set(input, &text));
                    }
                />
                <span class="field__error" data-testid=format!("error-{test_id}") role="alert">
                    {error}
                </span>
            </label>
        }
    };
    let grid = Signal::derive(move || editor.with(|e| e.grid().logical.clone()));
    let memory = Signal::derive(move || editor.with(|e| e.grid().memory.clone()));
    let span = Signal::derive(move || editor.with(|e| e.grid().span));
    view! {
        <section class="expr-mode" aria-label="Expression mode" data-testid="expr-mode">
            <h2>"Expression mode"</h2>
            <p class="note">
                "Variables as name:min:max; expressions with normal precedence, or tinygrad's rendered output as is (//, %, !=True, +-3)."
            </p>
            <button
                type="button"
                data-testid="expr-use-stack"
                on:click=move |_| editor.update(|e| e.load(tracker.with_untracked(ExprMode::of_tracker)))
            >
                "Use this stack's expressions"
            </button>
            {field(ExprField::Vars, "variables", "expr-vars")}
            {field(ExprField::Idx, "idx", "expr-idx-input")}
            {field(ExprField::Valid, "valid", "expr-valid-input")}
            <h3>"Memory"</h3>
            <MemoryStrip memory span hover lit />
            <h3>"Grid over the variables"</h3>
            <GridView grid kind=GridKind::Logical hover lit label="Expression grid" />
        </section>
    }
}
