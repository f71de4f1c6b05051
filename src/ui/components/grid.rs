//! The logical grid and the memory strip of a view, linked by hover and focus: the lit address
//! is the hovered memory cell's, or the hovered logical cell's address.

use leptos::prelude::*;

use crate::state::view_grid::{LogicalCell, MemoryCell, ViewGrid};

/// What the pointer or keyboard focus is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hover {
    /// A logical cell, by row-major index.
    Logical(usize),
    /// A memory cell, by address.
    Memory(i64),
}

fn coord_text(coord: &[i64]) -> String {
    let parts: Vec<String> = coord.iter().map(i64::to_string).collect();
    format!("({})", parts.join(","))
}

fn logical_cell(
    cell: &LogicalCell,
    hover: RwSignal<Option<Hover>>,
    lit: Memo<Option<i64>>,
) -> AnyView {
    let index = cell.index;
    let address = cell.address;
    let coord = coord_text(&cell.coord);
    let label = match address {
        Some(a) => format!("{coord} → address {a}"),
        None => format!("{coord} → masked"),
    };
    view! {
        <div
            class="cell cell--logical"
            class:cell--masked=address.is_none()
            class:cell--lit=move || address.is_some() && lit.get() == address
            class:cell--hovered=move || hover.get() == Some(Hover::Logical(index))
            data-testid="logical-cell"
            data-coord=coord
            data-addr=address.map_or_else(|| "masked".to_string(), |a| a.to_string())
            tabindex="0"
            role="gridcell"
            aria-label=label
            on:mouseenter=move |_| hover.set(Some(Hover::Logical(index)))
            on:focus=move |_| hover.set(Some(Hover::Logical(index)))
            on:mouseleave=move |_| hover.set(None)
            on:blur=move |_| hover.set(None)
        >
            {address.map_or_else(|| "·".to_string(), |a| a.to_string())}
        </div>
    }
    .into_any()
}

/// Rank 0 a cell, rank 1 a row, rank 2 a grid, higher ranks nested blocks of those (rows of
/// blocks at odd rank, columns at even), never flattened.
fn block(
    shape: &[i64],
    cells: &[LogicalCell],
    axis: usize,
    hover: RwSignal<Option<Hover>>,
    lit: Memo<Option<i64>>,
) -> AnyView {
    match shape.len() {
        0 => cells
            .first()
            .map(|c| logical_cell(c, hover, lit))
            .unwrap_or_else(|| ().into_any()),
        1 => view! {
            <div class="grid-row">{cells.iter().map(|c| logical_cell(c, hover, lit)).collect_view()}</div>
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
                                    {row.iter().map(|c| logical_cell(c, hover, lit)).collect_view()}
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
                                    {block(&shape[1..], chunk, axis + 1, hover, lit)}
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

/// The logical shape of the view, each cell showing its address (`·` where masked).
#[component]
pub fn LogicalGrid(
    /// Cells to draw.
    #[prop(into)]
    grid: Signal<ViewGrid>,
    /// Shared hover state.
    hover: RwSignal<Option<Hover>>,
    /// Address lit by the hover.
    lit: Memo<Option<i64>>,
) -> impl IntoView {
    view! {
        <div class="logical-grid" role="grid" aria-label="Logical grid" data-testid="logical-grid">
            {move || grid.with(|g| block(&g.shape, &g.cells, 0, hover, lit))}
        </div>
    }
}

fn memory_cell(
    cell: &MemoryCell,
    hover: RwSignal<Option<Hover>>,
    lit: Memo<Option<i64>>,
) -> AnyView {
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
            class:cell--lit=move || lit.get() == Some(address)
            data-testid="memory-cell"
            data-addr=address.to_string()
            data-readers=cell.readers.len().to_string()
            tabindex="0"
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
    /// Cells to draw.
    #[prop(into)]
    grid: Signal<ViewGrid>,
    /// Shared hover state.
    hover: RwSignal<Option<Hover>>,
    /// Address lit by the hover.
    lit: Memo<Option<i64>>,
) -> impl IntoView {
    view! {
        <div class="memory-strip" role="list" aria-label="Memory" data-testid="memory-strip">
            {move || {
                grid.with(|g| {
                    if g.memory.is_empty() {
                        view! { <p class="empty">"No valid element reaches memory."</p> }.into_any()
                    } else {
                        g.memory.iter().map(|c| memory_cell(c, hover, lit)).collect_view().into_any()
                    }
                })
            }}
        </div>
        {move || {
            grid.with(|g| {
                g.memory_is_windowed()
                    .then(|| {
                        let (lo, hi) = g.span.unwrap_or_default();
                        view! {
                            <p class="note" data-testid="memory-window">
                                {format!(
                                    "Addresses {lo}..={hi} span more than {} cells; the strip shows the first {}.",
                                    g.memory.len(),
                                    g.memory.len(),
                                )}
                            </p>
                        }
                    })
            })
        }}
    }
}
