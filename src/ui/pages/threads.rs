//! The Threads page: build a TiledMMA from an atom, its layout and a permutation, and see which
//! thread and value hold each element of A, B and C as CuTe's `print_latex` draws them, on
//! canvases of any size; hover an element to light every element its thread holds in all three.

use leptos::prelude::*;

use crate::engine::cute::MmaAtom;
use crate::panels;
use crate::state::threads::{
    canvas_grid, cell_owner, fragment, Field, ThreadColour, ThreadsState, PRESETS,
};
use crate::ui::components::picture_export::save_text;
use crate::ui::components::CanvasGrid;
use crate::ui::dom::{markup, Draw};

/// The operands in `print_latex`'s order, and how the page names them.
const OPERANDS: [(&str, &str); 3] = [
    ("C", "C (M × N), the accumulator"),
    ("A", "A (M × K)"),
    ("B", "B (N × K)"),
];

/// Values of a fragment listed before "…".
const LISTED: usize = 16;

#[component]
pub fn ThreadsPage(
    /// The page state, owned by the app so it lives in the URL.
    state: RwSignal<ThreadsState>,
) -> impl IntoView {
    let grids = Memo::new(move |_| state.with(ThreadsState::grids));
    let threads = Memo::new(move |_| state.with(|s| s.mma().threads().unwrap_or(0)));
    let colour = Memo::new(move |_| state.with(|s| s.colour));
    let hovers = [(); 3].map(|()| RwSignal::new(None::<usize>));
    let range = RwSignal::new(None::<(i64, i64)>);
    // the element under the pointer, in whichever grid: (operand, m, n, first owner)
    let hovered = Memo::new(move |_| {
        hovers.iter().enumerate().find_map(|(k, h)| {
            let cell = h.get()?;
            grids.with(|g| {
                let (m, n, owner) = cell_owner(&g.as_ref().ok()?[k], cell)?;
                Some((k, m, n, owner))
            })
        })
    });
    // the thread whose elements are lit: the hovered element's, kept after the pointer leaves
    let picked = RwSignal::new(None::<i64>);
    Effect::new(move |_| {
        if let Some((_, _, _, Some((t, _)))) = hovered.get() {
            picked.set(Some(t));
        }
    });
    let canvas = move |k: usize| {
        Memo::new(move |_| {
            let (threads, colour) = (threads.get(), colour.get());
            grids.with(|g| g.as_ref().ok().map(|g| canvas_grid(&g[k], threads, colour)))
        })
    };
    // every element the picked thread holds, outlined in each grid
    let marks = move |k: usize| {
        Signal::from(Memo::new(move |_| {
            let Some(t) = picked.get() else {
                return Vec::new();
            };
            grids.with(|g| {
                let Ok(g) = g else { return Vec::new() };
                let grid = &g[k];
                fragment(grid, t)
                    .into_iter()
                    .map(|(_, m, n)| (m * grid.cols + n) as usize)
                    .collect()
            })
        }))
    };
    let hover_text = move || {
        let (k, m, n, owner) = hovered.get()?;
        let who = match owner {
            Some((t, v)) => format!("thread {t}, value {v} (warp {})", t / 32),
            None => "no thread".into(),
        };
        Some(format!("{}({m}, {n}) ← {who}", OPERANDS[k].0))
    };
    let fragment_text = move || {
        let t = picked.get()?;
        grids.with(|g| {
            let g = g.as_ref().ok()?;
            let parts: Vec<String> = g
                .iter()
                .map(|grid| {
                    let frag = fragment(grid, t);
                    let listed: Vec<String> = frag
                        .iter()
                        .take(LISTED)
                        .map(|(v, m, n)| format!("V{v} ({m},{n})"))
                        .collect();
                    let more = if frag.len() > LISTED { ", …" } else { "" };
                    format!(
                        "{}: {} values: {}{more}",
                        grid.name,
                        frag.len(),
                        listed.join(", ")
                    )
                })
                .collect();
            Some(format!("thread {t} holds · {}", parts.join(" · ")))
        })
    };
    let field = move |f: Field, label: &'static str, test_id: &'static str| {
        let error = move || state.with(|s| s.error(f).map(str::to_string));
        let id = format!("error-{test_id}");
        view! {
            <label class="field field--wide">
                <span class="field__label">{label}</span>
                <input
                    type="text"
                    spellcheck="false"
                    autocomplete="off"
                    data-testid=test_id
                    prop:value=move || state.with(|s| match f {
                        Field::Atom => s.atom().to_string(),
                        Field::Layout => s.layout_text().to_string(),
                        Field::Permutation => s.permutation_text().to_string(),
                    })
                    aria-invalid=move || if error().is_some() { "true" } else { "false" }
                    aria-describedby=id.clone()
                    on:input=move |ev| {
                        let text = event_target_value(&ev);
                        state.update(|s| s.set(f, &text));
                    }
                />
                <span class="field__error" id=id.clone() data-testid=id.clone() role="alert">{error}</span>
            </label>
        }
    };
    let status = RwSignal::new(String::new());
    let export = move |latex: bool| {
        let text = state.with_untracked(|s| if latex { s.latex() } else { s.svg() });
        match text {
            Ok(text) if latex => save_text(&text, "tiled-mma.tex", "text/x-tex"),
            Ok(text) => save_text(&text, "tiled-mma.svg", "image/svg+xml"),
            Err(why) => status.set(format!("No picture: {why}")),
        }
    };
    let pictures = OPERANDS
        .iter()
        .enumerate()
        .map(|(k, (name, title))| {
            view! {
                <figure class="threads__grid">
                    <figcaption>{*title}</figcaption>
                    <CanvasGrid
                        grid=canvas(k)
                        hover=hovers[k]
                        range
                        mark=marks(k)
                        size=(640.0, 640.0)
                        test_id=format!("threads-{}", name.to_lowercase())
                        label=format!("{title}: each element coloured by the thread that holds it")
                    />
                </figure>
            }
        })
        .collect_view();
    view! {
        <div class="threads">
            <h1 class="visually-hidden">"Threads"</h1>
            <div class="panes">
                <div class="panes__controls" data-panel="editor">
                    <label class="field">
                        <span class="field__label">"preset"</span>
                        <select
                            data-testid="threads-preset"
                            use:markup=Draw::new(move |m| panels::options(m, &mut PRESETS.iter().enumerate().map(|(k, p)| (k.to_string(), p.0.to_string())), true))
                            on:change=move |ev| {
                                if let Ok(k) = event_target_value(&ev).parse::<usize>() {
                                    state.update(|s| s.load_preset(k));
                                }
                            }
                        ></select>
                    </label>
                    <label class="field">
                        <span class="field__label">"MMA atom"</span>
                        <select
                            data-testid="threads-atom-picker"
                            use:markup=Draw::new(move |m| panels::options(m, &mut MmaAtom::names().into_iter().map(|n| (n.clone(), n)), true))
                            on:change=move |ev| {
                                let name = event_target_value(&ev);
                                if !name.is_empty() {
                                    state.update(|s| s.set(Field::Atom, &name));
                                }
                            }
                        ></select>
                    </label>
                    {field(Field::Atom, "atom (CuTe's name)", "threads-atom")}
                    {field(Field::Layout, "atom layout over M, N, K: 2x2x1, 2x2x1-rowmajor or (_2,_2,_1):(_2,_1,_0)", "threads-layout")}
                    {field(Field::Permutation, "permutation: (_32,_32,_16), empty for none", "threads-permutation")}
                    <label class="field">
                        <span class="field__label">"colour by"</span>
                        <select
                            data-testid="threads-colour"
                            use:markup=Draw::new(move |m| panels::options(m, &mut ThreadColour::ALL.into_iter().map(|c| (c.as_str().into(), c.title().into())), false))
                            prop:value=move || state.with(|s| s.colour.as_str())
                            on:change=move |ev| {
                                if let Some(c) = ThreadColour::parse(&event_target_value(&ev)) {
                                    state.update(|s| s.colour = c);
                                }
                            }
                        ></select>
                    </label>
                    <p class="note" data-testid="threads-summary">{move || state.with(ThreadsState::summary)}</p>
                </div>
                <section class="panes__pictures" data-panel="grid" aria-label="A, B and C by thread">
                    <p class="hover-info" data-testid="threads-hover" aria-live="polite">
                        {move || hover_text().unwrap_or_else(|| "Hover an element: its thread and value, and every element that thread holds.".to_string())}
                    </p>
                    <p class="note threads__fragment" data-testid="threads-fragment">{fragment_text}</p>
                    <p class="note" data-testid="threads-error">{move || grids.with(|g| g.as_ref().err().cloned())}</p>
                    <div class="threads__grids">{pictures}</div>
                    <p class="picture-export">
                        "Export A, B and C: "
                        <button type="button" data-testid="threads-latex" on:click=move |_| export(true)>"LaTeX (print_latex)"</button>
                        <button type="button" data-testid="threads-svg" on:click=move |_| export(false)>"SVG"</button>
                        <span class="field__error" role="alert">{move || status.get()}</span>
                    </p>
                </section>
            </div>
        </div>
    }
}
