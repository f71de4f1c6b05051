//! One row per dimension (size, stride, mask begin and end: `[begin, end)`), plus the view
//! offset. Errors show beside the field that caused them; the last valid view stays on screen
//! meanwhile.

use leptos::prelude::*;

use model::state::{RowField, ViewsState};

/// A text input bound to one field of the editor, with its error beside it.
#[component]
fn FieldInput(
    /// The page state whose base view this field edits.
    state: RwSignal<ViewsState>,
    /// Dimension index, `None` for the offset.
    row: Option<usize>,
    /// Which field of the row; ignored for the offset.
    field: RowField,
    /// Visible label (also the accessible name).
    label: String,
    /// Shown when the field is blank.
    #[prop(optional)]
    placeholder: &'static str,
) -> impl IntoView {
    let key = match row {
        Some(r) => format!("{}-{r}", field.as_str()),
        None => "offset".to_string(),
    };
    let error_field = row.map(|_| field);
    let value = move || {
        state.with(|s| {
            let e = &s.editor;
            match row {
                None => e.form().offset.clone(),
                Some(r) => e
                    .form()
                    .dims
                    .get(r)
                    .map(|d| match field {
                        RowField::Shape => d.shape.clone(),
                        RowField::Stride => d.stride.clone(),
                        RowField::MaskBegin => d.mask_begin.clone(),
                        RowField::MaskEnd => d.mask_end.clone(),
                    })
                    .unwrap_or_default(),
            }
        })
    };
    let error = move || {
        state.with(|s| {
            let e = &s.editor;
            e.error_at(row, error_field).map(ToString::to_string)
        })
    };
    let error_id = format!("error-{key}");
    view! {
        <label class="field">
            <span class="field__label">{label}</span>
            <input
                type="text"
                inputmode="numeric"
                spellcheck="false"
                autocomplete="off"
                data-testid=key.clone()
                placeholder=placeholder
                prop:value=value
                aria-invalid=move || if error().is_some() { "true" } else { "false" }
                aria-describedby=error_id.clone()
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    state
                        .update(|s| match row {
                            None => s.editor.set_offset(&text),
                            Some(r) => s.editor.set_field(r, field, &text),
                        });
                }
            />
            <span class="field__error" id=error_id data-testid=format!("error-{key}") role="alert">
                {error}
            </span>
        </label>
    }
}

#[component]
pub fn DimEditor(
    /// The page state whose base view the rows edit.
    state: RwSignal<ViewsState>,
) -> impl IntoView {
    // Rows are redrawn only when their number changes, never per keystroke.
    let rank = Memo::new(move |_| state.with(|s| s.editor.form().dims.len()));
    let view_error = move || {
        state.with(|s| {
            let e = &s.editor;
            e.error_at(None, None).map(ToString::to_string)
        })
    };
    let paste_error = move || {
        state.with(|s| {
            let e = &s.editor;
            e.paste_error().map(ToString::to_string)
        })
    };
    view! {
        <section class="dim-editor" aria-label="View editor">
            <label class="field field--wide">
                <span class="field__label">"paste a tinygrad View(…)"</span>
                <input
                    type="text"
                    spellcheck="false"
                    autocomplete="off"
                    data-testid="paste-view"
                    placeholder="View(shape=(2, 3), strides=(3, 1), offset=0, mask=None, contiguous=True)"
                    prop:value=move || state.with(|s| { let e = &s.editor; e.paste().to_string() })
                    aria-invalid=move || if paste_error().is_some() { "true" } else { "false" }
                    aria-describedby="error-paste-view"
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        state.update(|s| { let e = &mut s.editor; e.set_paste(&text) });
                    }
                />
                <span class="field__error" id="error-paste-view" data-testid="error-paste-view" role="alert">
                    {paste_error}
                </span>
            </label>
            <div class="dim-editor__rows">
                {move || (0..rank.get()).map(|row| view! {
                    <div class="dim-row" data-testid=format!("dim-row-{row}")>
                        <span class="dim-row__axis">{format!("dim {row}")}</span>
                        <FieldInput state row=Some(row) field=RowField::Shape label="size".into() />
                        <FieldInput
                            state
                            row=Some(row)
                            field=RowField::Stride
                            label="stride".into()
                            placeholder="row-major"
                        />
                        <FieldInput
                            state
                            row=Some(row)
                            field=RowField::MaskBegin
                            label="mask begin".into()
                            placeholder="0"
                        />
                        <FieldInput
                            state
                            row=Some(row)
                            field=RowField::MaskEnd
                            label="mask end".into()
                            placeholder="size"
                        />
                        <div class="dim-row__actions">
                            <button
                                type="button"
                                data-testid=format!("move-up-{row}")
                                title="Move this dimension up"
                                aria-label=format!("Move dimension {row} up")
                                disabled=move || row == 0
                                on:click=move |_| state.update(|s| { let e = &mut s.editor; e.move_up(row) })
                            >
                                "↑"
                            </button>
                            <button
                                type="button"
                                data-testid=format!("remove-{row}")
                                title="Remove this dimension"
                                aria-label=format!("Remove dimension {row}")
                                on:click=move |_| state.update(|s| { let e = &mut s.editor; e.remove_dim(row) })
                            >
                                "✕"
                            </button>
                        </div>
                    </div>
                }).collect_view()}
            </div>
            <div class="dim-editor__footer">
                <button type="button" data-testid="add-dim" on:click=move |_| state.update(|s| { let e = &mut s.editor; e.add_dim() })>
                    "+ dimension"
                </button>
                <button
                    type="button"
                    data-testid="make-contiguous"
                    title="Blank every stride: row-major strides that follow the sizes"
                    disabled=move || !state.with(|s| s.editor.has_typed_strides())
                    on:click=move |_| state.update(|s| s.editor.make_contiguous())
                >
                    "make contiguous"
                </button>
                <FieldInput state row=None field=RowField::Shape label="offset".into() />
            </div>
            <p class="dim-editor__error" data-testid="error-view" role="alert">{view_error}</p>
        </section>
    }
}
