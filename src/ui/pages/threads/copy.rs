//! The Threads page's TiledCopy fields: the copy atom, what it tiles (an MMA operand or its
//! own thread and value layouts) and the element width.

use leptos::prelude::*;

use crate::panels;
use crate::state::threads::{CopyOver, Field, ThreadsState};
use crate::ui::dom::{markup, Draw};

use super::{copy_atoms, text_field};

/// The copy's fields and what the copy makes.
pub(super) fn copy_fields(state: RwSignal<ThreadsState>) -> impl IntoView {
    let over = Memo::new(move |_| state.with(|s| s.copy_fields().over));
    view! {
        <fieldset class="threads__copy">
            <legend>"TiledCopy"</legend>
            <label class="field">
                <span class="field__label">"copy atom"</span>
                <select
                    data-testid="threads-copy-picker"
                    use:markup=Draw::new(move |m| panels::options(m, &mut copy_atoms().into_iter(), true))
                    on:change=move |ev| {
                        let name = event_target_value(&ev);
                        if !name.is_empty() {
                            state.update(|s| s.set(Field::CopyAtom, &name));
                        }
                    }
                ></select>
            </label>
            {text_field(state, Field::CopyAtom, "copy atom (CuTe's name), empty for no copy", "threads-copy-atom")}
            <label class="field">
                <span class="field__label">"tiled over"</span>
                <select
                    data-testid="threads-copy-over"
                    use:markup=Draw::new(move |m| panels::options(m, &mut CopyOver::ALL.into_iter().map(|c| (c.as_str().into(), c.title().into())), false))
                    prop:value=move || over.get().as_str()
                    on:change=move |ev| {
                        if let Some(over) = CopyOver::parse(&event_target_value(&ev)) {
                            state.update(|s| s.set_copy_over(over));
                        }
                    }
                ></select>
            </label>
            {text_field(state, Field::CopyBits, "element bits (Copy_Atom's value type)", "threads-copy-bits")}
            <div hidden=move || over.get() != CopyOver::Layouts>
                {text_field(state, Field::CopyThr, "thread layout: (_16,_8):(_8,_1)", "threads-copy-thr")}
                {text_field(state, Field::CopyVal, "value layout: (_1,_8)", "threads-copy-val")}
            </div>
            <p class="note" data-testid="threads-copy-summary">{move || state.with(ThreadsState::copy_summary)}</p>
        </fieldset>
    }
}
