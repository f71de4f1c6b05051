//! Grids of a view stack — the composed logical grid, each view's own grid, the memory strip —
//! linked by hover and focus through [`StackGrid::lit`].

use leptos::prelude::*;

use wasm_bindgen::JsCast;

use crate::state::stack_grid::{neighbor, Cell, Grid, Hover, Lit, MemoryCell, Step};

/// Which grid of the stack a component draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridKind {
    /// The composed view: cells show buffer addresses.
    Logical,
    /// View `k`'s own grid.
    View(usize),
}

impl GridKind {
    fn hover(self, index: usize) -> Hover {
        match self {
            GridKind::Logical => Hover::Logical(index),
            GridKind::View(k) => Hover::View(k, index),
        }
    }

    fn is_lit(self, lit: &Lit, index: usize) -> bool {
        match self {
            GridKind::Logical => lit.logical.contains(&index),
            GridKind::View(k) => lit.views.get(k).is_some_and(|s| s.contains(&index)),
        }
    }

    fn test_id(self) -> String {
        match self {
            GridKind::Logical => "logical-cell".to_string(),
            GridKind::View(k) => format!("view{k}-cell"),
        }
    }
}

fn coord_text(coord: &[i64]) -> String {
    let parts: Vec<String> = coord.iter().map(i64::to_string).collect();
    format!("({})", parts.join(","))
}

/// Moves keyboard focus to the neighbouring cell of the same grid for an arrow key.
fn move_focus(ev: &web_sys::KeyboardEvent, shape: &[i64], coord: &[i64]) {
    let Some(step) = Step::from_key(&ev.key()) else {
        return;
    };
    ev.prevent_default();
    let Some(next) = neighbor(shape, coord, step) else {
        return;
    };
    let target = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|cell| cell.closest("[role='grid']").ok().flatten())
        .and_then(|grid| {
            grid.query_selector(&format!("[data-coord='{}']", coord_text(&next)))
                .ok()
                .flatten()
        })
        .and_then(|cell| cell.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(cell) = target {
        // Focus lights the cell and its linked cells through the focus handler.
        let _ = cell.focus();
    }
}

fn cell_view(
    cell: &Cell,
    shape: &[i64],
    kind: GridKind,
    hover: RwSignal<Option<Hover>>,
    lit: Memo<Lit>,
) -> AnyView {
    let index = cell.index;
    let (shape, position) = (shape.to_vec(), cell.coord.clone());
    let value = cell.value;
    let coord = coord_text(&cell.coord);
    let label = match value {
        Some(v) => format!("{coord} → {v}"),
        None => format!("{coord} → masked"),
    };
    let me = kind.hover(index);
    view! {
        <div
            class="cell cell--logical"
            class:cell--masked=value.is_none()
            class:cell--lit=move || lit.with(|l| kind.is_lit(l, index))
            class:cell--hovered=move || hover.get() == Some(me)
            data-testid=kind.test_id()
            data-coord=coord
            data-addr=value.map_or_else(|| "masked".to_string(), |a| a.to_string())
            tabindex="0"
            role="gridcell"
            aria-label=label
            on:mouseenter=move |_| hover.set(Some(me))
            on:focus=move |_| hover.set(Some(me))
            on:mouseleave=move |_| hover.set(None)
            on:blur=move |_| hover.set(None)
            on:keydown=move |ev| move_focus(&ev, &shape, &position)
        >
            {value.map_or_else(|| "·".to_string(), |a| a.to_string())}
        </div>
    }
    .into_any()
}

/// Rank 0 a cell, rank 1 a row, rank 2 a grid, higher ranks nested blocks of those (rows of
/// blocks at odd rank, columns at even), never flattened.
fn block(
    full: &[i64],
    shape: &[i64],
    cells: &[Cell],
    axis: usize,
    kind: GridKind,
    hover: RwSignal<Option<Hover>>,
    lit: Memo<Lit>,
) -> AnyView {
    match shape.len() {
        0 => cells
            .first()
            .map(|c| cell_view(c, full, kind, hover, lit))
            .unwrap_or_else(|| ().into_any()),
        1 => view! {
            <div class="grid-row">{cells.iter().map(|c| cell_view(c, full, kind, hover, lit)).collect_view()}</div>
        }
        .into_any(),
        2 => {
            let width = shape[1].max(1) as usize;
            view! {
                <div class="grid-2d">
                    {cells
                        .chunks(width)
                        .map(|row| {
                            view! {
                                <div class="grid-row">
                                    {row.iter().map(|c| cell_view(c, full, kind, hover, lit)).collect_view()}
                                </div>
                            }
                        })
                        .collect_view()}
                </div>
            }
            .into_any()
        }
        rank => {
            let inner: usize = shape[1..].iter().map(|&d| d.max(0) as usize).product();
            let direction = if rank % 2 == 1 { "blocks blocks--row" } else { "blocks blocks--col" };
            view! {
                <div class=direction>
                    {cells
                        .chunks(inner.max(1))
                        .enumerate()
                        .map(|(k, chunk)| {
                            view! {
                                <div class="block">
                                    <span class="block__label">{format!("d{axis}={k}")}</span>
                                    {block(full, &shape[1..], chunk, axis + 1, kind, hover, lit)}
                                </div>
                            }
                        })
                        .collect_view()}
                </div>
            }
            .into_any()
        }
    }
}

/// One grid of the stack, each cell showing its value (`·` where masked).
#[component]
pub fn GridView(
    /// The cells to draw.
    #[prop(into)]
    grid: Signal<Grid>,
    /// Which grid this is, for linking.
    kind: GridKind,
    /// Shared hover state.
    hover: RwSignal<Option<Hover>>,
    /// Cells lit by the hover.
    lit: Memo<Lit>,
    /// Accessible name.
    #[prop(into)]
    label: String,
) -> impl IntoView {
    let test_id = match kind {
        GridKind::Logical => "logical-grid".to_string(),
        GridKind::View(k) => format!("view{k}-grid"),
    };
    view! {
        <div class="logical-grid" role="grid" aria-label=label data-testid=test_id>
            {move || grid.with(|g| block(&g.shape, &g.shape, &g.cells, 0, kind, hover, lit))}
        </div>
    }
}

fn memory_cell(cell: &MemoryCell, hover: RwSignal<Option<Hover>>, lit: Memo<Lit>) -> AnyView {
    let address = cell.address;
    let used = !cell.readers.is_empty();
    let label = if used {
        format!(
            "address {address}, read by {} logical cells",
            cell.readers.len()
        )
    } else {
        format!("address {address}, unused")
    };
    view! {
        <div
            class="cell cell--memory"
            class:cell--unused=!used
            class:cell--lit=move || lit.with(|l| l.memory.contains(&address))
            data-testid="memory-cell"
            data-addr=address.to_string()
            data-readers=cell.readers.len().to_string()
            tabindex="0"
            role="listitem"
            aria-label=label
            on:mouseenter=move |_| hover.set(Some(Hover::Memory(address)))
            on:focus=move |_| hover.set(Some(Hover::Memory(address)))
            on:mouseleave=move |_| hover.set(None)
            on:blur=move |_| hover.set(None)
        >
            {address.to_string()}
        </div>
    }
    .into_any()
}

/// Every address from the lowest to the highest reached; unused addresses are distinct.
#[component]
pub fn MemoryStrip(
    /// The memory cells to draw.
    #[prop(into)]
    memory: Signal<Vec<MemoryCell>>,
    /// The valid address span, for the windowing note.
    #[prop(into)]
    span: Signal<Option<(i64, i64)>>,
    /// Shared hover state.
    hover: RwSignal<Option<Hover>>,
    /// Cells lit by the hover.
    lit: Memo<Lit>,
) -> impl IntoView {
    view! {
        <div class="memory-strip" role="list" aria-label="Memory" data-testid="memory-strip">
            {move || {
                memory
                    .with(|m| {
                        if m.is_empty() {
                            view! { <p class="empty">"No valid element reaches memory."</p> }.into_any()
                        } else {
                            m.iter().map(|c| memory_cell(c, hover, lit)).collect_view().into_any()
                        }
                    })
            }}
        </div>
        {move || {
            let shown = memory.with(Vec::len);
            span.get()
                .filter(|(lo, hi)| (hi - lo) as u128 + 1 > shown as u128)
                .map(|(lo, hi)| {
                    view! {
                        <p class="note" data-testid="memory-window">
                            {format!("Addresses {lo}..={hi}: the strip shows the first {shown}.")}
                        </p>
                    }
                })
        }}
    }
}
