//! The Threads page: build a TiledMMA from an atom, its layout and a permutation, and a
//! TiledCopy over it, and see which thread and value hold each element of A, B and C (and of
//! the copy's S and D) as CuTe's `print_latex` draws them, on canvases of any size; hover an
//! element, or name a thread or a warp, to light every element it holds in all of them.

mod copy;

use leptos::prelude::*;

use crate::ui::components::picture_export::{png, save_text};
use crate::ui::components::{
    grid_memo, latest_hover_wins, CanvasGrid, CanvasHint, Choice, TextField,
};
use crate::ui::dom::{markup, Draw};
use engine::cute::{copy_grids, mma_grids, Operand, TiledCopy, TiledMma, TvGrid};
use engine::LayoutError;
use model::panels;
use model::panels::tv_picture::{threads_latex, threads_svg, threads_tikz};
use model::state::route::Route;
use model::state::theme::Theme;
use model::state::threads::{
    atom_groups, canvas_grid, cell_label, cell_owner, held, mma_kind, operand_home, plain_grid,
    problem_fragment, problem_partition, registers, triton_links, umma_tmem_place, Field, Pick,
    ThreadColour, ThreadsState, MAX_ELEMENTS, PRESETS,
};
use model::state::Page;

/// The grids in the page's order: `print_latex(tiled_mma)`'s C, A, B, then the copy's S, D.
const GRIDS: [(&str, &str); 5] = [
    ("C", "C (M × N), the accumulator"),
    ("A", "A (M × K)"),
    ("B", "B (N × K)"),
    ("S", "S, the copy's source"),
    ("D", "D, the copy's destination"),
];

/// Values of a fragment listed before "…".
const LISTED: usize = 16;
/// Registers listed before "…".
const REGISTERS: usize = 8;
/// Most elements a warp's outline marks in one grid.
const MARKED: usize = 1 << 14;

type MmaGrids = Memo<Result<[TvGrid; 3], LayoutError>>;
type CopyGrids = Memo<Option<Result<[TvGrid; 2], LayoutError>>>;

/// `f` of grid `k` (see [`GRIDS`]), tracked; `None` while it has no picture.
fn on_grid<R>(mma: MmaGrids, copy: CopyGrids, k: usize, f: impl FnOnce(&TvGrid) -> R) -> Option<R> {
    match k {
        0..3 => mma.with(|g| g.as_ref().ok().map(|g| f(&g[k]))),
        _ => copy.with(|g| match g {
            Some(Ok(g)) => g.get(k - 3).map(f),
            _ => None,
        }),
    }
}

/// A text field of the page, its error beside it.
fn text_field(
    state: RwSignal<ThreadsState>,
    f: Field,
    label: &'static str,
    test_id: &'static str,
) -> impl IntoView {
    let value = Signal::derive(move || state.with(|s| s.text(f).to_string()));
    let error = Signal::derive(move || state.with(|s| s.error(f).map(ToString::to_string)));
    let on_input = Callback::new(move |text: String| state.update(|s| s.set(f, &text)));
    view! { <TextField label test_id value error on_input /> }
}

/// The export buttons of the MMA's picture (`of_copy` false) or the copy's.
fn exports(state: RwSignal<ThreadsState>, of_copy: bool) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let (stem, prefix) = match of_copy {
        false => ("tiled-mma", "threads"),
        true => ("tiled-copy", "threads-copy"),
    };
    let save = move |format: &'static str| {
        let text = state.with_untracked(|s| match format {
            "latex" => threads_latex(s, of_copy),
            "tikz" => threads_tikz(s, of_copy),
            _ => threads_svg(s, of_copy),
        });
        let text = match text {
            Ok(text) => text,
            Err(why) => return status.set(format!("No picture: {why}")),
        };
        status.set(String::new());
        match format {
            "latex" => save_text(&text, &format!("{stem}.tex"), "text/x-tex"),
            "tikz" => save_text(&text, &format!("{stem}-tikz.tex"), "text/x-tex"),
            "png" => png(&text, &format!("{stem}.png"), status),
            _ => save_text(&text, &format!("{stem}.svg"), "image/svg+xml"),
        }
    };
    let what = if of_copy {
        "Export S and D: "
    } else {
        "Export C, A and B: "
    };
    let button = move |format: &'static str, title: &'static str| {
        view! {
            <button type="button" data-testid=format!("{prefix}-{format}") on:click=move |_| save(format)>{title}</button>
        }
    };
    view! {
        <p class="picture-export">
            {what}
            {button("latex", "LaTeX (print_latex)")}
            {button("tikz", "TikZ")}
            {button("svg", "SVG")}
            {button("png", "PNG")}
            <span class="field__error" role="alert" data-testid=format!("{prefix}-export-status")>{move || status.get()}</span>
        </p>
    }
}

/// What the lit thread or warp holds in each grid, and (a thread) its registers.
fn held_text(
    state: RwSignal<ThreadsState>,
    mma: MmaGrids,
    copy: CopyGrids,
    lit: Memo<Option<Pick>>,
) -> (
    impl Fn() -> Option<String>,
    impl Fn() -> Option<String>,
    impl Fn() -> Option<String>,
) {
    let holds = move || {
        let pick = lit.get()?;
        let parts: Vec<String> = (0..GRIDS.len())
            .filter_map(|k| {
                on_grid(mma, copy, k, |grid| match pick {
                    // an SS GMMA's A and a GMMA's B: every thread "sees" the whole operand, none
                    // holds it
                    _ if k < 3 && state.with(|s| !s.mma().atom().in_registers(grid.operand())) => {
                        let home = state
                            .with(|s| operand_home(s.mma().atom(), grid.operand()))
                            .unwrap_or_default();
                        format!("{}: {home}; no thread holds it", grid.name())
                    }
                    Pick::Thread(t) => {
                        // in a whole GEMM, C, A and B by their coordinates there
                        let whole = (k < 3)
                            .then(|| {
                                state.with(|s| {
                                    let p = s.problem()?;
                                    problem_fragment(s.mma(), grid.operand(), t, &p, MAX_ELEMENTS)
                                        .ok()
                                })
                            })
                            .flatten();
                        let frag: Vec<(i64, i64, i64, i64)> = match whole {
                            Some(values) => {
                                values.into_iter().map(|(v, m, n)| (t, v, m, n)).collect()
                            }
                            None => held(grid, t..t + 1, MAX_ELEMENTS),
                        };
                        let listed: Vec<String> = frag
                            .iter()
                            .take(LISTED)
                            .map(|(_, v, m, n)| format!("V{v} ({m},{n})"))
                            .collect();
                        let more = if frag.len() > LISTED { ", …" } else { "" };
                        format!(
                            "{}: {} values: {}{more}",
                            grid.name(),
                            frag.len(),
                            listed.join(", ")
                        )
                    }
                    Pick::Warp(_) => {
                        // every value of each of the warp's threads the grid has
                        let threads = pick.threads();
                        let count = (threads.end.min(grid.threads()) - threads.start.max(0)).max(0)
                            * grid.per_thread();
                        format!("{}: {count} values", grid.name())
                    }
                })
            })
            .collect();
        let who = match pick {
            Pick::Thread(t) => format!("thread {t} (warp {})", t / 32),
            Pick::Warp(w) => format!("warp {w} (threads {} to {})", 32 * w, 32 * w + 31),
        };
        Some(format!("{who} holds · {}", parts.join(" · ")))
    };
    let regs = move || {
        let Some(Pick::Thread(t)) = lit.get() else {
            return None;
        };
        let parts: Vec<String> = state.with(|s| {
            (0..3)
                .filter_map(|k| {
                    on_grid(mma, copy, k, |grid| {
                        // the thread's values: all of the grid's per thread, if it has the thread
                        let values = if t < grid.threads() {
                            grid.per_thread()
                        } else {
                            0
                        };
                        format!(
                            "{}: {}",
                            grid.name(),
                            registers(s.mma().atom(), grid.operand(), values, REGISTERS)
                        )
                    })
                })
                .collect()
        });
        Some(format!("registers of thread {t} · {}", parts.join(" · ")))
    };
    let partitions = move || {
        let Some(Pick::Thread(t)) = lit.get() else {
            return None;
        };
        state.with(|s| {
            let problem = s.problem()?;
            let [m, n, k] = problem.mnk;
            let [bm, bn, bk] = problem.block;
            let parts: Vec<String> = [Operand::C, Operand::A, Operand::B]
                .into_iter()
                .map(|o| {
                    problem_partition(s.mma(), o, t, &problem).unwrap_or_else(|why| why.to_string())
                })
                .collect();
            Some(format!(
                "thread {t} in the {m}×{n}×{k} GEMM, block ({bm},{bn},{bk}) · {}",
                parts.join(" · ")
            ))
        })
    };
    (holds, regs, partitions)
}

#[component]
pub fn ThreadsPage(
    /// The page state, owned by the app so it lives in the URL.
    state: RwSignal<ThreadsState>,
    /// The app's theme, which the links to other pages keep.
    #[prop(optional)]
    theme: Option<RwSignal<Theme>>,
) -> impl IntoView {
    // the grids follow the MMA and the copy only, not the pick or the colour
    let tiled_mma = Memo::new(move |_| state.with(|s| s.mma().clone()));
    let tiled_copy = Memo::new(move |_| state.with(|s| s.copy().map(|(c, _)| c.clone())));
    let grids: MmaGrids =
        Memo::new(move |_| tiled_mma.with(|m: &TiledMma| mma_grids(m, MAX_ELEMENTS)));
    let copies: CopyGrids = Memo::new(move |_| {
        tiled_copy.with(|c: &Option<TiledCopy>| c.as_ref().map(|c| copy_grids(c, MAX_ELEMENTS)))
    });
    // a TMEM copy's pictures are tensor memory itself: each cell's element of C
    let tmem_cells = Memo::new(move |_| {
        tiled_copy.with(|c| c.as_ref().and_then(|c| c.tmem_elements().ok().flatten()))
    });
    // a TMEM copy's tensor-memory side (a load's S, a store's D): every thread of a warp sees
    // its warp's quarter, so it is coloured by warp
    let tmem_side = Memo::new(move |_| {
        tmem_cells.with(Option::is_some).then(|| {
            tiled_copy.with(
                |c| match c.as_ref().is_some_and(|c| c.atom().writes_registers()) {
                    true => 3,
                    false => 4,
                },
            )
        })
    });
    let threads = Memo::new(move |_| tiled_mma.with(|m| m.threads().unwrap_or(0)));
    let copy_threads = Memo::new(move |_| {
        tiled_copy.with(|c| c.as_ref().and_then(|c| c.threads().ok()).unwrap_or(0))
    });
    let colour = Memo::new(move |_| state.with(|s| s.colour));
    let hovers = [(); 5].map(|()| RwSignal::new(None::<usize>));
    latest_hover_wins(hovers);
    let range = RwSignal::new(None::<(i64, i64)>);
    // the element under the pointer, in whichever grid: (grid, m, n, first owner)
    let hovered = Memo::new(move |_| {
        hovers.iter().enumerate().find_map(|(k, h)| {
            let cell = h.get()?;
            let (m, n, owner) = on_grid(grids, copies, k, |g| cell_owner(g, cell))??;
            Some((k, m, n, owner))
        })
    });
    // the thread the pointer last passed over, kept after it leaves, until a pick is typed
    let passed = RwSignal::new(None::<i64>);
    Effect::new(move |_| {
        if let Some((_, _, _, Some((t, _)))) = hovered.get() {
            passed.set(Some(t));
        }
    });
    let lit = Memo::new(move |_| {
        passed
            .get()
            .map(Pick::Thread)
            .or_else(|| state.with(ThreadsState::pick))
    });
    // an SS GMMA's A and a GMMA's B are read from shared memory, a UMMA's C sits in tensor
    // memory: no thread holds them, so they are drawn plain, with no thread lit or named in them
    // where the operand is when no thread holds it
    let home = move |k: usize| {
        (k < 3)
            .then(|| {
                on_grid(grids, copies, k, |g| {
                    tiled_mma.with(|m| operand_home(m.atom(), g.operand()))
                })
            })
            .flatten()
            .flatten()
    };
    let in_smem = move |k: usize| home(k).is_some();
    let canvas = move |k: usize| {
        grid_memo(move || {
            let (threads, colour) = match k {
                0..3 => (threads.get(), colour.get()),
                _ if tmem_side.get() == Some(k) => (copy_threads.get(), ThreadColour::Warp),
                _ => (copy_threads.get(), colour.get()),
            };
            let plain = in_smem(k);
            on_grid(grids, copies, k, |g| {
                if plain {
                    plain_grid(g)
                } else {
                    canvas_grid(g, threads, colour)
                }
            })
        })
    };
    // every element the lit thread or warp holds, outlined in each grid
    let marks = move |k: usize| {
        Signal::from(Memo::new(move |_| {
            let Some(pick) = lit.get() else {
                return Vec::new();
            };
            if in_smem(k) {
                return Vec::new();
            }
            on_grid(grids, copies, k, |grid| {
                held(grid, pick.threads(), MARKED)
                    .into_iter()
                    .map(|(_, _, m, n)| (m * grid.cols() + n) as usize)
                    .collect()
            })
            .unwrap_or_default()
        }))
    };
    let labels = move |k: usize| {
        Callback::new(move |cell: usize| {
            if in_smem(k) {
                return None;
            }
            on_grid(grids, copies, k, |g| cell_label(g, cell)).flatten()
        })
    };
    let hover_text = move || {
        let (k, m, n, owner) = hovered.get()?;
        // an operand no thread holds: where it is instead (a pair's UMMA: which CTA's half)
        if let Some(home) = home(k) {
            let cta = match owner {
                Some((c, _))
                    if tiled_mma
                        .with(|m| mma_kind(m.atom()) == "UMMA" && m.threads().unwrap_or(1) > 1) =>
                {
                    format!(" (CTA {c} of the pair)")
                }
                _ => String::new(),
            };
            // a UMMA's C: its place in TMEM, which names the CTA too
            let place = (k == 0)
                .then(|| tiled_mma.with(|mma| umma_tmem_place(mma, m, n)))
                .flatten()
                .map_or(cta, |p| format!(", at {p}"));
            return Some(format!("{}({m}, {n}): {home}{place}", GRIDS[k].0));
        }
        let who = match owner {
            Some((t, v)) => format!("thread {t}, value {v} (warp {})", t / 32),
            None => "no thread".into(),
        };
        if k >= 3 && tmem_cells.with(Option::is_some) {
            let lanes = on_grid(grids, copies, k, TvGrid::rows)?;
            let held = tmem_cells.with(|cells| {
                let cell = usize::try_from(m + lanes * n).ok()?;
                (*cells.as_ref()?.get(cell)?).map(|[i, j]| format!("C({i}, {j})"))
            });
            let at = format!("{}: TMEM lane {m}, column {n}", GRIDS[k].0);
            return Some(match held {
                Some(c) => format!("{at} holds {c} ← {who}"),
                None => format!("{at} holds no element of C"),
            });
        }
        Some(format!("{}({m}, {n}) ← {who}", GRIDS[k].0))
    };
    let (holds, regs, partitions) = held_text(state, grids, copies, lit);
    let picture = move |k: usize| {
        let (name, title) = GRIDS[k];
        view! {
            <figure class="threads__grid">
                <figcaption>
                    {title}
                    <span class="note" data-testid=format!("threads-{}-smem", name.to_lowercase())>
                        {move || home(k).map(|home| format!(": {home}; no thread holds {name}"))}
                        {move || {
                            (k >= 3 && tmem_cells.with(Option::is_some)).then(|| {
                                match tmem_side.get() == Some(k) {
                                    true => ": tensor memory, lanes down, columns across, by warp \
                                             (each warp reaches its own 32 lanes)",
                                    false => ": the registers, drawn where each value sits in \
                                              tensor memory (lanes down, columns across)",
                                }
                            })
                        }}
                    </span>
                </figcaption>
                <CanvasGrid
                    grid=canvas(k)
                    hover=hovers[k]
                    range
                    mark=marks(k)
                    size=(640.0, 960.0)
                    cell_label=labels(k)
                    fade=true
                    test_id=format!("threads-{}", name.to_lowercase())
                    label=format!("{title}: each element coloured by the thread that holds it; zoom in to read T and V")
                />
            </figure>
        }
    };
    let has_copy = Memo::new(move |_| copies.with(Option::is_some));
    let mma_pictures = (0..3).map(picture).collect_view();
    let copy_pictures = (3..5).map(picture).collect_view();
    view! {
        <div class="threads">
            <h1 class="visually-hidden">"Threads"</h1>
            <div class="panes">
                <div class="panes__controls" data-panel="editor">
                    <Choice
                        label="preset"
                        test_id="threads-preset"
                        options=PRESETS.iter().enumerate().map(|(k, p)| (k.to_string(), p.name.to_string())).collect()
                        choose=true
                        on_change=Callback::new(move |k: String| {
                            if let Ok(k) = k.parse::<usize>() {
                                passed.set(None);
                                state.update(|s| s.load_preset(k));
                            }
                        })
                    />
                    <label class="field">
                        <span class="field__label">"MMA atom, by architecture"</span>
                        <select
                            data-testid="threads-atom-picker"
                            use:markup=Draw::new(move |m| panels::grouped_options(m, &atom_groups(), true))
                            on:change=move |ev| {
                                let name = event_target_value(&ev);
                                if !name.is_empty() {
                                    state.update(|s| s.set(Field::Atom, &name));
                                }
                            }
                        ></select>
                    </label>
                    {text_field(state, Field::Atom, "atom (CuTe's name)", "threads-atom")}
                    {text_field(state, Field::Layout, "atom layout over M, N, K: 2x2x1, 2x2x1-rowmajor or (_2,_2,_1):(_2,_1,_0)", "threads-layout")}
                    {text_field(state, Field::Permutation, "permutation: (_32,_32,_16), empty for none", "threads-permutation")}
                    <Choice
                        label="colour by"
                        test_id="threads-colour"
                        options=ThreadColour::ALL.into_iter().map(|c| (c.as_str().into(), c.title().into())).collect()
                        value=Signal::derive(move || state.with(|s| s.colour.as_str().to_string()))
                        on_change=Callback::new(move |c: String| {
                            if let Some(c) = ThreadColour::parse(&c) {
                                state.update(|s| s.colour = c);
                            }
                        })
                    />
                    <div on:input=move |_| passed.set(None)>
                        {text_field(state, Field::Pick, "light a thread (12) or a warp (w1)", "threads-pick")}
                    </div>
                    {text_field(state, Field::Gemm, "in a GEMM M×N×K (128x128x64), empty for the tile alone", "threads-gemm")}
                    {text_field(state, Field::Block, "its block of tiles m,n,k (1,0,2)", "threads-block")}
                    <p class="note" data-testid="threads-summary">{move || state.with(ThreadsState::summary)}</p>
                    {copy::copy_fields(state, theme)}
                    <ul class="note threads__warnings" data-testid="threads-warnings">
                        {move || state.with(ThreadsState::warnings).into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}
                    </ul>
                </div>
                <section class="panes__pictures" data-panel="grid" aria-label="A, B and C by thread">
                    <p class="hover-info" data-testid="threads-hover" aria-live="polite">
                        {move || hover_text().unwrap_or_else(|| "Hover an element: its thread and value, and every element that thread holds.".to_string())}
                    </p>
                    <p class="note" data-testid="threads-error">{move || grids.with(|g| g.as_ref().err().map(ToString::to_string))}</p>
                    <CanvasHint />
                    <div class="threads__grids">{mma_pictures}</div>
                    // what the lit thread holds, below the grids: a hover never moves them
                    <p class="note threads__fragment" data-testid="threads-fragment">{holds}</p>
                    <p class="note threads__fragment" data-testid="threads-registers">{regs}</p>
                    <p class="note threads__fragment" data-testid="threads-partition">{partitions}</p>
                    {triton_links_view(tiled_mma, theme)}
                    {exports(state, false)}
                    <div hidden=move || !has_copy.get()>
                        <p class="note" data-testid="threads-copy-error">{move || copies.with(|g| g.as_ref().and_then(|g| g.as_ref().err().map(ToString::to_string)))}</p>
                        <div class="threads__grids">{copy_pictures}</div>
                        {exports(state, true)}
                        {copy::bank_report(state)}
                    </div>
                </section>
            </div>
        </div>
    }
}

/// Each operand as a Triton linear layout, a link to the Triton page beside Triton's own
/// layout of the instruction where it has one.
fn triton_links_view(tiled_mma: Memo<TiledMma>, theme: Option<RwSignal<Theme>>) -> impl IntoView {
    move || {
        let links = tiled_mma.with(triton_links);
        let items = links
            .into_iter()
            .map(|link| {
                let name = format!("{:?}", link.operand);
                let beside = match &link.named {
                    Ok(named) => format!(" beside Triton's {named}"),
                    Err(why) => format!(" (Triton's own: none, {why})"),
                };
                match link.query {
                    _ if link.home.is_some() => view! {
                        <li>{format!("{name}: {}; no threads hold {name}, so it has no register layout", link.home.unwrap_or_default())}</li>
                    }
                    .into_any(),
                    Ok(query) => view! {
                        <li>
                            <a href=Route::new(Page::Triton, query).with_theme(crate::ui::theme::current(theme)).to_fragment() data-testid=format!("threads-triton-{}", name.to_lowercase())>
                                {format!("{name} as a Triton linear layout")}
                            </a>
                            {beside}
                        </li>
                    }
                    .into_any(),

                    Err(why) => view! { <li>{format!("{name}: no linear layout: {why}")}</li> }.into_any(),
                }
            })
            .collect_view();
        view! { <ul class="note threads__warnings" data-testid="threads-triton">{items}</ul> }
    }
}
