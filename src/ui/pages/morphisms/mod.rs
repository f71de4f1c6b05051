//! The Morphisms page: edit a nested tuple morphism and see its arrow diagram, encoded layout
//! and grid linked by hover; run the Nest operations next to the layout operations they model;
//! step through Algorithm 4.1.3.

pub mod diagram;

pub use diagram::MorphismDiagram;

use leptos::prelude::*;

use crate::ui::components::clipboard::copy;
use crate::ui::components::picture_export::figure_png;
use crate::ui::components::{GridKind, GridView, PictureExport, TextField};
use crate::ui::dom::{event_attribute, light, markup, Draw};
use model::draw::stack_grid::{Hover, Lit};
use model::panels;
use model::panels::diagram::standalone_svg;
use model::panels::picture::Picture;
use model::panels::tikz::to_tikz;
use model::state::morphisms::{
    Drawn, MorphHover, MorphLit, MorphOp, MorphismsState, Part, COMPOSITION_PRESETS,
};

/// The paper's §1.3 morphisms, offered as examples.
const EXAMPLES: [&str; 4] = [
    "(4,4) --(1,3)--> (4,2,4)",
    "(2,2,2,2) --(1,0,4,2)--> (2,2,2,2)",
    "(16,(4,4),(4,4)) --(1,2,0,3,0)--> (16,4,4)",
    "((5,5),8) --(1,3,2)--> (5,8,5)",
];

#[component]
fn PartField(state: RwSignal<MorphismsState>, part: Part) -> impl IntoView {
    let (name, label) = match part {
        Part::Domain => ("domain", "domain S, a nested tuple: ((2,2),(2,2))"),
        Part::Codomain => ("codomain", "codomain T: ((2,2,2),(2,2,2))"),
        Part::Map => (
            "map",
            "map α: codomain entry per domain entry, * unmapped: (3,2,*,5)",
        ),
    };
    let value = Signal::derive(move || state.with(|s| s.editor().text(part).to_string()));
    let error =
        Signal::derive(move || state.with(|s| s.editor().error(part).map(ToString::to_string)));
    let on_input = Callback::new(move |text: String| state.update(|s| s.set_part(part, &text)));
    let test_id: &'static str = match part {
        Part::Domain => "morphism-domain",
        Part::Codomain => "morphism-codomain",
        Part::Map => "morphism-map",
    };
    view! {
        <TextField label test_id value error on_input class="field field--fill" error_id=format!("error-{name}") />
    }
}

#[component]
fn Editor(state: RwSignal<MorphismsState>) -> impl IntoView {
    view! {
        <section class="morphism-editor" aria-label="Morphism">
            <h2>"Morphism f : S → T"</h2>
            <div class="fields" data-panel="editor">
                <PartField state part=Part::Domain />
                <PartField state part=Part::Codomain />
                <PartField state part=Part::Map />
            </div>
            <div class="fields" data-panel="editor">
                <label class="field field--wide">
                    <span class="field__label">"or the standard representation of a tractable layout, e.g. (2,2,2):(1,2,4)"</span>
                    <input
                        type="text"
                        spellcheck="false"
                        autocomplete="off"
                        data-testid="from-layout"
                        prop:value=move || state.with(|s| s.from_layout_text().to_string())
                        aria-describedby="error-from-layout"
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            state.update(|s| s.set_from_layout(&text));
                        }
                    />
                    <span class="field__error" id="error-from-layout" data-testid="error-from-layout" role="alert">
                        {move || state.with(|s| s.from_layout_error().map(ToString::to_string))}
                    </span>
                </label>
                <label class="field">
                    <span class="field__label">"examples (§1.3)"</span>
                    <select
                        data-testid="morphism-example"
                        use:markup=Draw::new(move |m| panels::options(m, &mut EXAMPLES.iter().map(|e| (e.to_string(), e.to_string())), true))
                        on:change=move |ev| {
                            let text = event_target_value(&ev);
                            state.update(|s| {
                                // the examples are constants that parse
                                let _ = s.load_text(&text);
                            });
                        }
                    ></select>
                </label>
            </div>
        </section>
    }
}

/// The morphism's pictures: its arrow diagram, its encoded layout L_f and L_f's grid, linked by
/// hover.
#[component]
fn Diagram(state: RwSignal<MorphismsState>, drawn: Memo<Drawn>) -> impl IntoView {
    let leaf_hover = RwSignal::new(None::<usize>);
    let grid_hover = RwSignal::new(None::<Hover>);
    let hover = move || match (leaf_hover.get(), grid_hover.get()) {
        (Some(k), _) => Some(MorphHover::Leaf(k)),
        (None, Some(Hover::Logical(cell))) => Some(MorphHover::Cell(cell)),
        _ => None,
    };
    let lit = move || -> MorphLit {
        hover()
            .map(|h| drawn.with(|d| d.lit(h)))
            .unwrap_or_default()
    };
    let grid_lit = Memo::new(move |_| Lit {
        logical: lit().cells,
        ..Lit::default()
    });
    let grid = Signal::derive(move || {
        drawn.with(|d| {
            d.grid
                .as_ref()
                .map(|g| g.logical.clone())
                .unwrap_or_default()
        })
    });
    let hover_text = move || {
        let h = hover()?;
        state.with(|s| drawn.with(|d| d.describe(s.editor().morphism(), h)))
    };
    let chips = NodeRef::<leptos::html::P>::new();
    Effect::new(move |_| {
        drawn.track();
        if let Some(root) = chips.get() {
            light(&root, "data-leaf", &lit().leaves, |_| "mode-chip--lit");
        }
    });
    let chip_hover = move |ev: web_sys::Event| {
        let leaf = event_attribute(&ev, "data-leaf").and_then(|k| k.parse::<usize>().ok());
        if leaf_hover.get_untracked() != leaf {
            leaf_hover.set(leaf);
        }
    };
    view! {
        <section class="morphism-diagram" aria-label="Diagram" data-panel="diagram">
            <h2>"Arrow diagram and encoded layout"</h2>
            <p class="morphism-text" data-panel="diagram">
                <code data-testid="morphism-text">{move || state.with(|s| s.editor().morphism().to_string())}</code>
            </p>
            <p class="hover-info" data-testid="morphism-hover" aria-live="polite" data-panel="diagram">
                {move || hover_text().unwrap_or_else(|| "Hover a domain entry, an arrow, a layout mode or a cell.".to_string())}
            </p>
            <div class="morphism-view" data-panel="diagram">
                <div class="diagram-box">
                    <MorphismDiagram
                        diagram=Signal::derive(move || drawn.with(|d| d.diagram.clone()))
                        lit=Signal::derive(move || lit().leaves)
                        hover=leaf_hover
                        label="Arrow diagram of f"
                        test_id="diagram"
                    />
                </div>
                <div class="encoded">
                    <h3>"Encoded layout L_f"</h3>
                    <code data-testid="encoded-layout">
                        {move || drawn.with(|d| d.layout.as_ref().map_or_else(ToString::to_string, ToString::to_string))}
                    </code>
                    <p
                        class="modes"
                        aria-label="Flat modes, one per domain entry"
                        node_ref=chips
                        on:mouseover=move |ev| chip_hover(ev.into())
                        on:focusin=move |ev| chip_hover(ev.into())
                        on:mouseleave=move |_| leaf_hover.set(None)
                        on:focusout=move |_| leaf_hover.set(None)
                        use:markup=Draw::new(move |m| drawn.with(|d| panels::mode_chips(m, &d.layout)))
                    ></p>
                    <p class="note" data-testid="morphism-grid-error">
                        {move || drawn.with(|d| d.grid.as_ref().err().map(ToString::to_string))}
                    </p>
                    <GridView grid kind=GridKind::Logical hover=grid_hover lit=grid_lit label="Grid of L_f" />
                    <PictureExport
                        picture=Callback::new(move |()| drawn.with_untracked(|d| Picture::of_layout(d.layout.as_ref().map_err(ToString::to_string)?)))
                        name="lf-grid"
                    />
                </div>
            </div>
        </section>
    }
}

/// The diagram as TikZ, SVG and PNG, in a collapsible section after the panes.
#[component]
fn Export(state: RwSignal<MorphismsState>, drawn: Memo<Drawn>) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let tikz = move || state.with(|s| to_tikz(s.editor().morphism()));
    let svg = move || drawn.with(|d| standalone_svg(&d.diagram));
    view! {
        <details class="more export" data-panel="export">
            <summary>"Export the diagram: TikZ, SVG, PNG"</summary>
            <div
                on:click=move |ev| {
                    figure_png(&ev, status);
                    match event_attribute(&ev, "data-copy").as_deref() {
                        Some("tikz") => copy(untrack(tikz), status),
                        Some("svg") => copy(untrack(svg), status),
                        _ => {}
                    }
                }
                use:markup=Draw::new(move |m| panels::morphism_export(m, &tikz(), &svg()))
            ></div>
            <p class="note" role="status" data-testid="morphism-copy-status">{move || status.get()}</p>
        </details>
    }
}

#[component]
fn Operations(state: RwSignal<MorphismsState>) -> impl IntoView {
    let result = move || state.with(MorphismsState::op_result);
    let binary = move || state.with(|s| s.op().binary());
    let png_status = RwSignal::new(String::new());
    view! {
        <section class="morphism-ops" aria-label="Operations" data-panel="ops">
            <h2>"Operations on f"</h2>
            <div class="fields">
                <label class="field">
                    <span class="field__label">"operation, on the f and g on screen"</span>
                    <select
                        data-testid="morphism-op"
                        use:markup=Draw::new(move |m| panels::options(m, &mut MorphOp::ALL.into_iter().map(|op| (op.as_str().into(), op.title().into())), false))
                        prop:value=move || state.with(|s| s.op().as_str())
                        on:change=move |ev| {
                            if let Some(op) = MorphOp::parse(&event_target_value(&ev)) {
                                state.update(|s| s.set_op(op));
                            }
                        }
                    ></select>
                </label>
                <button
                    type="button"
                    class="field-button"
                    data-testid="morphism-op-example"
                    on:click=move |_| state.update(MorphismsState::load_op_example)
                >
                    "load the paper's f and g"
                </button>
                <label class="field field--wide field--fill">
                    <span class="field__label">
                        {move || if binary() {
                            "g, in tract notation: (4,4) --(1,3)--> (4,8,4,8)"
                        } else {
                            "g: not used, this operation takes f alone"
                        }}
                    </span>
                    <input
                        type="text"
                        spellcheck="false"
                        autocomplete="off"
                        data-testid="morphism-g"
                        disabled=move || !binary()
                        prop:value=move || state.with(|s| s.g_text().to_string())
                        aria-describedby="error-g"
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            state.update(|s| s.set_g(&text));
                        }
                    />
                    <span class="field__error" id="error-g" data-testid="error-g" role="alert">
                        {move || state.with(|s| s.g_error().map(ToString::to_string))}
                    </span>
                </label>
            </div>
            <div
                on:click=move |ev| figure_png(&ev, png_status)
                use:markup=Draw::new(move |m| panels::morph_op_result(m, &result()))
            ></div>
            <p class="field__error" role="alert">{move || png_status.get()}</p>
        </section>
    }
}

#[component]
fn Walkthrough(state: RwSignal<MorphismsState>) -> impl IntoView {
    let steps = Memo::new(move |_| state.with(MorphismsState::steps));
    let count = move || steps.with(|s| s.as_ref().map_or(0, Vec::len));
    let step = move || {
        state
            .with(MorphismsState::step)
            .min(count().saturating_sub(1))
    };
    let png_status = RwSignal::new(String::new());
    let operand = move |first: bool| {
        let (id, label) = if first {
            ("walk-a", "A, the outer layout (applied second)")
        } else {
            ("walk-b", "B, the inner layout (applied first)")
        };
        view! {
            <label class="field field--fill">
                <span class="field__label">{label}</span>
                <input
                    type="text"
                    spellcheck="false"
                    autocomplete="off"
                    data-testid=id
                    prop:value=move || state.with(|s| s.operand_text(first).to_string())
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        state.update(|s| s.set_operand(first, &text));
                    }
                />
            </label>
        }
    };
    view! {
        <section class="walkthrough" aria-label="Composition walkthrough" data-panel="walkthrough">
            <h2>"Composition A ∘ B, step by step (Algorithm 4.1.3)"</h2>
            <p class="note" data-testid="walk-convention">
                "R(i) = A(B(i)): B first, then A, as on the Layouts workbench and in CuTe's composition(A, B). The paper writes this composite B ∘ A, with the names swapped."
            </p>
            <div class="fields">
                <label class="field">
                    <span class="field__label">"preset"</span>
                    <select
                        data-testid="walk-preset"
                        use:markup=Draw::new(move |m| panels::options(m,
                            &mut COMPOSITION_PRESETS
                                .iter()
                                .enumerate()
                                .map(|(k, (name, a, b))| (k.to_string(), format!("{name}: A = {a}, B = {b}"))),
                            true,
                        ))
                        on:change=move |ev| {
                            if let Ok(k) = event_target_value(&ev).parse::<usize>() {
                                state.update(|s| s.load_preset(k));
                            }
                        }
                    ></select>
                </label>
                {operand(true)}
                {operand(false)}
            </div>
            <p class="field__error" data-testid="walk-operand-error" role="alert">
                {move || state.with(|s| s.ab_error().map(ToString::to_string))}
            </p>
            <div class="walk-nav">
                <button
                    type="button"
                    data-testid="walk-prev"
                    disabled=move || step() == 0
                    on:click=move |_| state.update(|s| s.set_step(s.step().saturating_sub(1)))
                >
                    "Previous"
                </button>
                <span data-testid="walk-position">{move || format!("step {} of {}", step() + 1, count())}</span>
                <button
                    type="button"
                    data-testid="walk-next"
                    disabled=move || { step() + 1 >= count() }
                    on:click=move |_| {
                        let last = count().saturating_sub(1);
                        state.update(|s| s.set_step((s.step() + 1).min(last)));
                    }
                >
                    "Next"
                </button>
            </div>
            <div
                on:click=move |ev| figure_png(&ev, png_status)
                use:markup=Draw::new(move |m| steps.with(|s| panels::walk_step(m, s, step())))
            ></div>
            <p class="field__error" role="alert">{move || png_status.get()}</p>
        </section>
    }
}

#[component]
pub fn MorphismsPage(
    /// The page state, owned by the app so it lives in the URL.
    state: RwSignal<MorphismsState>,
) -> impl IntoView {
    let drawn = Memo::new(move |_| state.with(|s| Drawn::of(s.editor().morphism())));
    view! {
        <div class="morphisms">
            <h1 class="visually-hidden">"Morphisms"</h1>
            <div class="panes">
                <div class="panes__controls">
                    <Editor state />
                </div>
                <div class="panes__pictures">
                    <Diagram state drawn />
                </div>
                <div class="panes__controls">
                    <Operations state />
                    <Walkthrough state />
                </div>
            </div>
            <Export state drawn />
        </div>
    }
}
