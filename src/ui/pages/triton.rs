//! The Triton page: paste a layout from Triton's IR dump (or a Gluon constructor, or a tensor
//! type) and see which register, lane and warp hold each element, the bases whose XOR makes
//! it, the basis matrix, the CuTe counterpart, and what `convert_layout` to a second layout
//! moves.

use leptos::prelude::*;

use crate::ui::components::picture_export::{png, save_text};
use crate::ui::components::{
    grid_memo, latest_hover_wins, CanvasGrid, CanvasHint, Choice, TextField,
};
use engine::linear::Holders;
use engine::LayoutError;
use model::panels::triton_picture::triton_state_svg;
use model::state::triton::{
    by_x, canvas_grid, cell_label, differing, hover_text, lit, Field, TritonColour, TritonState,
    PRESETS,
};

/// Most cells a pick or a difference outlines.
const MARKED: usize = 1 << 14;

type HoldersMemo = Memo<Option<Result<Holders, LayoutError>>>;

/// A field of the page, its error beside it.
fn field(
    state: RwSignal<TritonState>,
    f: Field,
    label: &'static str,
    test_id: &'static str,
    rows: Option<u32>,
) -> impl IntoView {
    let value = Signal::derive(move || state.with(|s| s.text(f).to_string()));
    let error = Signal::derive(move || state.with(|s| s.error(f).map(ToString::to_string)));
    let on_input = Callback::new(move |text: String| state.update(|s| s.set(f, &text)));
    match rows {
        Some(rows) => view! { <TextField label test_id value error on_input rows /> }.into_any(),
        None => view! { <TextField label test_id value error on_input /> }.into_any(),
    }
}

/// The SVG and PNG exports of the first layout's picture.
fn exports(state: RwSignal<TritonState>) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let save = move |format: &'static str| {
        let svg = match state.with_untracked(triton_state_svg) {
            Ok(svg) => svg,
            Err(why) => return status.set(format!("No picture: {why}")),
        };
        status.set(String::new());
        match format {
            "png" => png(&svg, "triton-layout.png", status),
            _ => save_text(&svg, "triton-layout.svg", "image/svg+xml"),
        }
    };
    view! {
        <p class="picture-export" data-panel="export">
            "Export the layout's picture: "
            <button type="button" data-testid="triton-svg" on:click=move |_| save("svg")>"SVG"</button>
            <button type="button" data-testid="triton-png" on:click=move |_| save("png")>"PNG"</button>
            <span class="field__error" role="alert" data-testid="triton-export-status">{move || status.get()}</span>
        </p>
    }
}

type Matrix = (Vec<String>, Vec<String>, Vec<Vec<bool>>);

/// `f` of the state, recomputed only when `layouts` change (not on a pick or a colour).
fn follow<T: Clone + PartialEq + Send + Sync + 'static>(
    state: RwSignal<TritonState>,
    layouts: impl Fn() + Send + Sync + 'static,
    f: fn(&TritonState) -> T,
) -> Memo<T> {
    Memo::new(move |_| {
        layouts();
        state.with_untracked(f)
    })
}

/// The basis matrix: a row per output bit, a column per input bit.
fn matrix(matrix: Memo<Matrix>) -> impl IntoView {
    move || {
        let (columns, rows, bits) = matrix.get();
        let head = columns
            .iter()
            .map(|c| view! { <th scope="col">{c.clone()}</th> })
            .collect_view();
        let body = rows
            .into_iter()
            .zip(bits)
            .map(|(name, row)| {
                let cells = row
                    .into_iter()
                    .map(|b| view! { <td class:on=b>{if b { "1" } else { "·" }}</td> })
                    .collect_view();
                view! { <tr><th scope="row">{name}</th>{cells}</tr> }
            })
            .collect_view();
        view! {
            <table class="triton__matrix" data-testid="triton-matrix">
                <caption>"The basis matrix over F2: column k is input bit k's image, row by row the output bits (dim:bit)"</caption>
                <thead><tr><th></th>{head}</tr></thead>
                <tbody>{body}</tbody>
            </table>
        }
    }
}

#[component]
pub fn TritonPage(
    /// The page state, owned by the app so it lives in the URL.
    state: RwSignal<TritonState>,
) -> impl IntoView {
    // the holders follow the layouts only, not the pick or the colour
    let made = Memo::new(move |_| state.with(|s| s.made().clone()));
    let other = Memo::new(move |_| state.with(|s| s.other().cloned()));
    let first: HoldersMemo = Memo::new(move |_| {
        made.track();
        Some(state.with_untracked(TritonState::holders))
    });
    let second: HoldersMemo = Memo::new(move |_| {
        other.track();
        state.with_untracked(TritonState::other_holders)
    });
    let colour = Memo::new(move |_| state.with(|s| s.colour));
    let hovers = [RwSignal::new(None::<usize>), RwSignal::new(None::<usize>)];
    latest_hover_wins(hovers);
    let range = RwSignal::new(None::<(i64, i64)>);
    let holders = move |k: usize| if k == 0 { first } else { second };
    let canvas = move |k: usize| {
        grid_memo(move || {
            let colour = colour.get();
            holders(k).with(|h| h.as_ref()?.as_ref().ok().map(|h| canvas_grid(h, colour)))
        })
    };
    let pick = Memo::new(move |_| state.with(TritonState::pick));
    // the pick's elements in both grids; without one, the second grid outlines what differs
    let marks = move |k: usize| {
        Signal::from(Memo::new(move |_| {
            let shown = holders(k);
            match pick.get() {
                Some(p) => shown
                    .with(|h| h.as_ref()?.as_ref().ok().map(|h| lit(h, p, MARKED)))
                    .unwrap_or_default(),
                None if k == 1 => first.with(|a| {
                    second.with(|b| match (a, b) {
                        (Some(Ok(a)), Some(Ok(b))) => differing(a, b, MARKED),
                        _ => Vec::new(),
                    })
                }),
                None => Vec::new(),
            }
        }))
    };
    let labels = move |k: usize| {
        Callback::new(move |cell: usize| {
            holders(k).with(|h| h.as_ref()?.as_ref().ok().and_then(|h| cell_label(h, cell)))
        })
    };
    let hover_line = move || {
        (0..2).find_map(|k| {
            let cell = hovers[k].get()?;
            let line = holders(k).with(|h| {
                let h = h.as_ref()?.as_ref().ok()?;
                let shown = if k == 0 { made.get() } else { other.get()? };
                hover_text(&shown, h, cell)
            })?;
            Some(match k {
                0 => line,
                _ => format!("second layout: {line}"),
            })
        })
    };
    let picture = move |k: usize, title: &'static str, test_id: &'static str| {
        view! {
            <figure class="threads__grid">
                <figcaption>{title}</figcaption>
                <CanvasGrid
                    grid=canvas(k)
                    hover=hovers[k]
                    range
                    mark=marks(k)
                    size=(640.0, 960.0)
                    cell_label=labels(k)
                    fade=true
                    test_id=test_id
                    label=format!("{title}: each element coloured by the register, lane or warp that holds it; zoom in to read them")
                />
            </figure>
        }
    };
    let has_other = Memo::new(move |_| other.with(Option::is_some));
    // what the layouts alone decide, not recomputed on a pick or a colour
    let first_only = move || made.track();
    let both = move || {
        made.track();
        other.track();
    };
    let conversion = follow(state, both, |s| match s.conversion_lines() {
        None => Vec::new(),
        Some(Ok(lines)) => lines,
        Some(Err(why)) => vec![format!("No conversion: {why}")],
    });
    let summary = follow(state, first_only, TritonState::summary);
    let other_summary = follow(state, both, TritonState::other_summary);
    let bases = follow(state, first_only, TritonState::bases_text);
    let counterpart = follow(state, first_only, |s| {
        let text = match s.cute_counterpart() {
            Ok(cute) => cute,
            Err(why) => format!("none: {why}"),
        };
        (s.counterpart_title(), text)
    });
    let notation_texts = follow(state, first_only, |s| s.notations().to_vec());
    let basis_matrix = follow(state, first_only, TritonState::matrix);
    let notations = move || {
        notation_texts
            .get()
            .into_iter()
            .map(|(what, text)| {
                view! {
                    <dt>{what}</dt>
                    <dd><pre class="triton__code">{text}</pre></dd>
                }
            })
            .collect_view()
    };
    view! {
        <div class="triton">
            <h1 class="visually-hidden">"Triton linear layouts"</h1>
            <div class="panes">
                <div class="panes__controls" data-panel="editor">
                    <Choice
                        label="preset"
                        test_id="triton-preset"
                        options=PRESETS.iter().enumerate().map(|(k, p)| (k.to_string(), p.name.to_string())).collect()
                        choose=true
                        on_change=Callback::new(move |k: String| {
                            if let Ok(k) = k.parse::<usize>() {
                                state.update(|s| s.load_preset(k));
                            }
                        })
                    />
                    {field(state, Field::Layout, "layout: paste it from an IR dump (#ttg.blocked<{…}>, with its #alias = … lines), a Gluon constructor, or a tensor type tensor<32x64xf32, #…>", "triton-layout", Some(6))}
                    {field(state, Field::Shape, "tensor shape: 32,64", "triton-shape", None)}
                    <Choice
                        label="colour by"
                        test_id="triton-colour"
                        options=TritonColour::ALL.into_iter().map(|c| (c.as_str().into(), c.title().into())).collect()
                        value=Signal::derive(move || state.with(|s| s.colour.as_str().to_string()))
                        on_change=Callback::new(move |c: String| {
                            if let Some(c) = TritonColour::parse(&c) {
                                state.update(|s| s.colour = c);
                            }
                        })
                    />
                    {field(state, Field::Pick, "light a thread (12), a warp (w1) or a register (r3)", "triton-pick", None)}
                    <p class="note" data-testid="triton-summary">{summary}</p>
                    {field(state, Field::Other, "second layout, to compare and convert to (same tensor); empty for none", "triton-other", Some(4))}
                    <p class="note" data-testid="triton-other-summary">{other_summary}</p>
                    // the verdict beside the field that asks for it, not below two grids
                    <ul class="note triton__conversion" data-testid="triton-conversion">
                        {move || conversion.get().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                    </ul>
                </div>
                <section class="panes__pictures" aria-label="The tensor by register, lane and warp">
                    <div data-panel="grid">
                        <p class="hover-info" data-testid="triton-hover" aria-live="polite">
                            {move || hover_line().unwrap_or_else(|| "Hover an element: who holds it, and the bases whose XOR makes it.".to_string())}
                        </p>
                        <p class="note" data-testid="triton-error">{move || first.with(|h| h.as_ref().and_then(|h| h.as_ref().err().map(ToString::to_string)))}</p>
                        <CanvasHint />
                        <div class="threads__grids">
                            {picture(0, "the layout", "triton-grid")}
                            <div hidden=move || !has_other.get()>
                                {picture(1, "the second layout (without a pick: the elements that change thread outlined)", "triton-grid-other")}
                            </div>
                        </div>
                    </div>
                    {exports(state)}
                    <div data-panel="notation" class="triton__notation">
                        <dl data-testid="triton-notations">
                            {notations}
                            <dt>"the linear layout, as Triton prints it"</dt>
                            <dd><pre class="triton__code" data-testid="triton-bases">{bases}</pre></dd>
                            <dt>{move || counterpart.get().0}</dt>
                            <dd><pre class="triton__code" data-testid="triton-cute">{move || counterpart.get().1}</pre></dd>
                        </dl>
                        {matrix(basis_matrix)}
                        <p class="note">{move || made.with(|m| format!("over {}", by_x(&m.shape)))}</p>
                    </div>
                </section>
            </div>
        </div>
    }
}
