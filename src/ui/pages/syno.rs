//! The Syno page: build a chain of Syno primitives from a palette or as text, see every
//! dimension's size and colours after each step, the rule that fails where one does, the
//! access expression of every input, and which input elements each output element reads.

use leptos::prelude::*;

use crate::ui::components::{GridKind, GridView, PictureExport};
use crate::ui::dom::{event_attribute, markup, Draw};
use engine::syno::TensorId;
use engine::wgsl::Cells;
use model::draw::stack_grid::{Hover, Lit};
use model::panels;
use model::panels::picture::Picture;
use model::state::route::{Page, Route};
use model::state::shader::{ShaderState, Source};
use model::state::syno::{Grids, SynoState, PRESETS};
use model::state::theme::Theme;
use model::state::PageState;

/// The palette: statement keyword and button text.
const PALETTE: [(&str, &str); 9] = [
    ("reduce", "MapReduce"),
    ("share", "Share"),
    ("unfold", "Unfold"),
    ("split", "Split"),
    ("merge", "Merge"),
    ("stride", "Stride"),
    ("shift", "Shift"),
    ("reverse", "Reverse"),
    // names the input tensor of the chips selected (the chain's last line)
    ("inputs", "Inputs"),
];

/// Grid panes: the output, then up to three inputs.
const PANES: [&str; 4] = ["syno-out", "syno-in0", "syno-in1", "syno-in2"];

#[component]
pub fn SynoPage(
    /// The page state, owned by the app so it lives in the URL.
    state: RwSignal<SynoState>,
    /// The app's theme, which the links to the Shader page keep.
    #[prop(optional)]
    theme: Option<RwSignal<Theme>>,
) -> impl IntoView {
    let selected = RwSignal::new(Vec::<String>::new());
    let constant = RwSignal::new("2".to_string());
    let palette_error = RwSignal::new(None::<String>);
    let grids = Memo::new(move |_| state.with(|s| s.built().access.as_ref().map(Grids::of)));
    let hovers: Vec<RwSignal<Option<Hover>>> = PANES.iter().map(|_| RwSignal::new(None)).collect();
    let hovered = {
        let hovers = hovers.clone();
        move || {
            hovers.iter().enumerate().find_map(|(p, h)| match h.get() {
                Some(Hover::Logical(c)) => Some((p, c)),
                _ => None,
            })
        }
    };
    let on_chip = move |ev: web_sys::MouseEvent| {
        if let Some(dim) = event_attribute(&ev, "data-dim") {
            selected.update(|s| match s.iter().position(|d| *d == dim) {
                Some(k) => {
                    s.remove(k);
                }
                None => s.push(dim),
            });
        }
    };
    let on_palette = move |ev: web_sys::MouseEvent| {
        let Some(name) = event_attribute(&ev, "data-prim") else {
            return;
        };
        let chosen = selected.get_untracked();
        let outcome = state
            .try_update(|s| match name.as_str() {
                "inputs" => s.append_inputs(&chosen),
                _ => s.append(&name, &constant.get_untracked(), &chosen),
            })
            .unwrap_or(Ok(()));
        match outcome {
            Ok(()) => {
                selected.set(Vec::new());
                palette_error.set(None);
            }
            Err(e) => palette_error.set(Some(e.to_string())),
        }
    };
    let panes = PANES
        .iter()
        .enumerate()
        .map(|(p, name)| {
            let hover = hovers[p];
            let hovered = hovered.clone();
            let lit = Memo::new(move |_| {
                let logical = hovered()
                    .and_then(|(q, c)| {
                        grids.with(|g| Some(g.as_ref()?.as_ref().ok()?.lit(q, c).get(p)?.clone()))
                    })
                    .unwrap_or_default();
                Lit {
                    logical,
                    ..Lit::default()
                }
            });
            let grid = Signal::derive(move || {
                grids.with(|g| match g {
                    Some(Ok(g)) => g.panes.get(p).cloned().unwrap_or_default(),
                    _ => Default::default(),
                })
            });
            let title = if p == 0 {
                "output: input elements each reads".to_string()
            } else {
                format!("{}: outputs reading each element", TensorId(p - 1))
            };
            // the Shader page generating from this input, with its default options
            let shader = move || {
                let mut options = ShaderState::default();
                options.from = Source::Syno;
                options.input = p.saturating_sub(1);
                let query = state.with(|s| options.page_query(&s.to_query()));
                Route::new(Page::Shader, query)
                    .with_theme(crate::ui::theme::current(theme))
                    .to_fragment()
            };
            view! {
                <section class:hidden=move || grid.with(|g| g.cells.is_empty())>
                    <h3>
                        {title}
                        {(p > 0).then(|| view! {
                            " · "
                            <a data-testid=format!("syno-shader-{}", p - 1) href=shader>"WGSL"</a>
                        })}
                    </h3>
                    <GridView grid kind=GridKind::Pane(name) hover lit label=name.to_string() />
                    {(p > 0).then(|| view! {
                        <PictureExport
                            picture=Callback::new(move |()| state.with_untracked(|s| {
                                let access = s.last_access().cloned().ok_or("no chain has built yet")?;
                                let k = p - 1;
                                Picture::of_cells(
                                    &Cells::Syno(Box::new(access), k),
                                    &format!("{} over the loops: the element each point reads", TensorId(k)),
                                )
                            }))
                            name=format!("syno-in{}", p - 1)
                            label="Export what each point of the loops reads (the Shader page's gather): "
                        />
                    })}
                </section>
            }
        })
        .collect_view();
    view! {
        <div class="syno">
            <h1 class="visually-hidden">"Syno"</h1>
            <div class="panes">
                <div class="panes__controls">
                    <p class="note syno-intro" data-testid="syno-intro">
                        "Syno builds an operator backward from its output: each primitive (MapReduce, Share, Unfold, Split, …) adds or rewires dimensions, and the inputs line gives each input tensor its dimensions."
                        <br />
                        "Each row shows the dimensions after a step, coloured by the inputs they reach (grey: several); the grids show which input elements each output element reads."
                    </p>
                    <div class="fields" data-panel="editor">
                        <label class="field">
                            <span class="field__label">"preset"</span>
                            <select
                                data-testid="syno-preset"
                                use:markup=Draw::new(move |m| panels::options(m, &mut PRESETS.iter().enumerate().map(|(k, (name, _))| (k.to_string(), name.to_string())), true))
                                on:change=move |ev| {
                                    if let Some((_, text)) = event_target_value(&ev).parse::<usize>().ok().and_then(|k| PRESETS.get(k)) {
                                        state.update(|s| s.set_text(text));
                                        selected.set(Vec::new());
                                    }
                                }
                            ></select>
                        </label>
                    </div>
                    <label class="field field--wide" data-panel="editor">
                        <span class="field__label">
                            "the chain, from the output back to the inputs: output 4, 4 · reduce 3 · share d2 · unfold 3 d0 d3 · inputs d4 d1 | d5 (also stride, merge, split, shift, reverse; bind H=4)"
                        </span>
                        <textarea
                            rows="8"
                            spellcheck="false"
                            data-testid="syno-program"
                            prop:value=move || state.with(|s| s.text().to_string())
                            aria-describedby="error-syno"
                            on:input=move |ev| {
                                let text = event_target_value(&ev);
                                state.update(|s| s.set_text(&text));
                                selected.set(Vec::new());
                            }
                        ></textarea>
                    </label>
                    <p class="field__error" id="error-syno" data-testid="syno-error" role="alert" data-panel="editor">
                        {move || state.with(|s| s.error().map(ToString::to_string))}
                    </p>
                    <div class="palette" data-panel="editor" on:click=on_palette>
                        <label class="field">
                            <span class="field__label">"constant"</span>
                            <input
                                type="text"
                                data-testid="syno-constant"
                                prop:value=move || constant.get()
                                on:input=move |ev| constant.set(event_target_value(&ev))
                            />
                        </label>
                        {PALETTE
                            .iter()
                            .map(|(key, title)| view! {
                                <button type="button" data-prim=*key data-testid=format!("syno-{key}")>{*title}</button>
                            })
                            .collect_view()}
                        <span class="field__error" data-testid="syno-palette-error" role="alert">
                            {move || palette_error.get()}
                        </span>
                    </div>
                    <p class="note" data-panel="editor">"Click dimensions of the last row to pick them for the next step; Inputs names an input tensor of the chips picked."</p>
                </div>
                <div class="panes__pictures">
                    <div data-panel="rows" on:click=on_chip use:markup=Draw::new(move |m| state.with(|s| selected.with(|sel| panels::syno_rows(m, s.built(), sel))))></div>
                    <h2 data-panel="expr">"Access expressions"</h2>
                    <pre class="code" data-testid="syno-access" data-panel="expr">
                        {move || state.with(SynoState::access_text)}
                    </pre>
                    <p class="note" data-testid="syno-access-note" data-panel="expr">
                        {move || state.with(SynoState::access_note)}
                    </p>
                    <p class="note" data-testid="syno-grid-note" data-panel="grid">
                        {move || grids.with(|g| g.as_ref().and_then(|g| g.as_ref().err().map(ToString::to_string)))}
                    </p>
                    <div class="syno-grids" data-panel="grid">{panes}</div>
                </div>
            </div>
        </div>
    }
}
