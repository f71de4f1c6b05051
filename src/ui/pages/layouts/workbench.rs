//! The algebra workbench: pick an operation of CuTe's layout algebra, type A and B, and see A,
//! B and the result side by side, tiles colour-matched and linked by hover.

use leptos::prelude::*;

use crate::ui::dom::{markup, Draw};
use engine::cute::Notation;
use model::draw::stack_grid::{Hover, Lit};
use model::panels;
use model::panels::picture::Picture;
use model::state::layouts::workbench::{OperandKind, Operation, PRESETS};
use model::state::layouts::workbench_view::{Pane, PaneLit, Panels};
use model::state::layouts::LayoutsState;

use super::{GridKind, GridView, PictureExport};

#[component]
pub fn Workbench(
    /// The Layouts page state, which holds the workbench.
    state: RwSignal<LayoutsState>,
) -> impl IntoView {
    let panels = Memo::new(move |_| state.with(|s| Panels::of(&s.workbench)));
    // One hover per pane, in `Pane::ALL` order.
    let hovers = Pane::ALL.map(|_| RwSignal::new(None::<Hover>));
    // Every pane lights what the hovered cell of any pane reaches.
    let lit = move || {
        for (k, hover) in hovers.iter().enumerate() {
            if let Some(Hover::Logical(i)) = hover.get() {
                return panels.with(|p| p.lit(Pane::ALL[k], i));
            }
        }
        PaneLit::default()
    };
    let pane = move |k: usize| {
        let pane = Pane::ALL[k];
        let pane_lit = Memo::new(move |_| Lit {
            logical: lit()[k].clone(),
            ..Lit::default()
        });
        view! {
            <figure class:hidden=move || !panels.with(|p| p.shows(pane))>
                <figcaption>{move || panels.with(|p| p.caption(pane))}</figcaption>
                <p class="note">{move || panels.with(|p| p.note(pane).map(ToString::to_string))}</p>
                <div>
                    <GridView
                        grid=Signal::derive(move || panels.with(|p| p.grid(pane)))
                        kind=GridKind::Pane(pane.name())
                        hover=hovers[k]
                        lit=pane_lit
                        label=pane.label()
                    />
                </div>
            </figure>
        }
    };
    let op = move || state.with(|s| s.workbench.op());
    let kind = move || op().operand();
    view! {
        <section class="workbench" aria-label="Algebra workbench">
            <h2>"Algebra workbench"</h2>
            <div class="fields">
                <label class="field">
                    <span class="field__label">"operation"</span>
                    <select
                        data-testid="wb-op"
                        use:markup=Draw::new(move |m| panels::options(m, &mut Operation::ALL.into_iter().map(|op| (op.as_str().into(), op.title().into())), false))
                        prop:value=move || op().as_str()
                        on:change=move |ev| {
                            if let Ok(op) = event_target_value(&ev).parse::<Operation>() {
                                state.update(|s| s.workbench.set_op(op));
                            }
                        }
                    ></select>
                </label>
                <label class="field">
                    <span class="field__label">"preset"</span>
                    <select
                        data-testid="wb-preset"
                        use:markup=Draw::new(move |m| panels::options(m, &mut PRESETS.iter().enumerate().map(|(k, p)| (k.to_string(), p.0.into())), true))
                        on:change=move |ev| {
                            let preset = event_target_value(&ev)
                                .parse::<usize>()
                                .ok()
                                .and_then(model::state::layouts::workbench::WorkbenchState::preset);
                            if let Some(w) = preset {
                                state.update(|s| s.workbench = w);
                            }
                        }
                    ></select>
                </label>
                <button
                    type="button"
                    data-testid="wb-use-layout"
                    on:click=move |_| {
                        state.update(|s| {
                            let text = s.layout().to_notation(Notation::Cute);
                            s.workbench.set_a(&text);
                        })
                    }
                >
                    "Use the layout above as A"
                </button>
            </div>
            <div class="fields">
                <label class="field field--wide">
                    <span class="field__label" data-testid="wb-a-name">{move || op().operand_names().0}</span>
                    <input
                        type="text"
                        spellcheck="false"
                        autocomplete="off"
                        data-testid="wb-a"
                        prop:value=move || state.with(|s| s.workbench.a_text().to_string())
                        aria-describedby="error-wb-a"
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            state.update(|s| s.workbench.set_a(&text));
                        }
                    />
                    <span class="field__error" id="error-wb-a" data-testid="error-wb-a" role="alert">
                        {move || state.with(|s| s.workbench.a_error().map(ToString::to_string))}
                    </span>
                </label>
                <label class="field field--wide" class:hidden=move || kind() == OperandKind::None>
                    <span class="field__label" data-testid="wb-b-name">{move || format!("{}: {}", op().operand_names().1, kind().hint())}</span>
                    <input
                        type="text"
                        spellcheck="false"
                        autocomplete="off"
                        data-testid="wb-b"
                        prop:value=move || state.with(|s| s.workbench.b_text().to_string())
                        aria-describedby="error-wb-b"
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            state.update(|s| s.workbench.set_b(&text));
                        }
                    />
                    <span class="field__error" id="error-wb-b" data-testid="error-wb-b" role="alert">
                        {move || state.with(|s| s.workbench.b_error().map(ToString::to_string))}
                    </span>
                </label>
            </div>
            <p class="note" data-testid="wb-formula">{move || op().formula()}</p>
            <div use:markup=Draw::new(move |m| {
                panels.with(|p| state.with(|s| panels::workbench_result(m, p, &s.workbench.warnings())))
            })></div>
            <div class="wb-panes">{pane(0)} {pane(1)} {pane(2)}</div>
            <PictureExport
                picture=Callback::new(move |()| state.with_untracked(|s| Picture::of_layout(&s.workbench.result().map_err(|e| e.to_string())?)))
                name="wb-result"
                label="Export the result's grid: "
            />
        </section>
    }
}
