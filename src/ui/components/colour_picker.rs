//! The colouring of a page's grids: a menu of colourings, the `N` of "value mod N", and the
//! legend of what the colours mean.

use leptos::prelude::*;

use crate::ui::dom::{markup, Draw};
use model::draw::colouring::{Colouring, MAX_MODULUS};
use model::panels;

/// The menu, the modulus field while the colouring is "value mod N", then the legend.
#[component]
pub fn ColourPicker(
    /// The page's colouring.
    #[prop(into)]
    colour: Signal<Colouring>,
    /// Called with the colouring a person chose.
    on_change: Callback<Colouring>,
    /// The colourings offered, in the menu's order.
    choices: &'static [Colouring],
    /// The lowest and highest value coloured, the ends of the legend's ramp.
    #[prop(into)]
    span: Signal<Option<(i64, i64)>>,
    /// Views in the stack, for the legend of a colouring by view.
    #[prop(into, optional)]
    views: Signal<usize>,
) -> impl IntoView {
    let by_modulus = Memo::new(move |_| matches!(colour.get(), Colouring::Modulo(_)));
    let modulus_error = RwSignal::new(None::<String>);
    view! {
        <div class="colour-picker">
            <label class="field">
                <span class="field__label">"colour cells"</span>
                <select
                    data-testid="colour-mode"
                    use:markup=Draw::new(move |m| panels::options(m, &mut choices.iter().map(|c| (c.kind().into(), c.title().into())), false))
                    prop:value=move || colour.get().kind()
                    on:change=move |ev| {
                        let kind = event_target_value(&ev);
                        if let Some(&choice) = choices.iter().find(|c| c.kind() == kind) {
                            modulus_error.set(None);
                            on_change.run(choice);
                        }
                    }
                ></select>
            </label>
            {move || by_modulus.get().then(|| view! {
                <label class="field field--modulus">
                    <span class="field__label">"N"</span>
                    <input
                        type="number"
                        min="2"
                        max=MAX_MODULUS.to_string()
                        data-testid="colour-modulus"
                        prop:value=move || match colour.get() {
                            Colouring::Modulo(n) => n.to_string(),
                            _ => String::new(),
                        }
                        aria-invalid=move || if modulus_error.with(Option::is_some) { "true" } else { "false" }
                        aria-describedby="error-colour-modulus"
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            match Colouring::parse(&format!("mod{}", text.trim())) {
                                Some(choice) => {
                                    modulus_error.set(None);
                                    on_change.run(choice);
                                }
                                None => modulus_error.set(Some(format!("N is a whole number from 2 to {MAX_MODULUS}"))),
                            }
                        }
                    />
                    <span class="field__error" id="error-colour-modulus" data-testid="error-colour-modulus" role="alert">
                        {move || modulus_error.get()}
                    </span>
                </label>
            })}
        </div>
        <div use:markup=Draw::new(move |m| panels::colour_legend(m, colour.get(), span.get(), views.get()))></div>
    }
}
