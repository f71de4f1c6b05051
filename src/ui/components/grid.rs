//! Grids of a view stack — the composed logical grid, each view's own grid, the memory strip —
//! linked by hover and focus through [`StackGrid::lit`].

use leptos::prelude::*;

use wasm_bindgen::JsCast;

use crate::ui::dom::{event_attribute, markup, Draw};
use engine::support::text::coord_text;
use model::draw::stack_grid::{neighbor, Grid, Hover, Lit, MemoryCell, Step};
use model::panels;

/// Which grid of the stack a component draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridKind {
    /// The composed view: cells show buffer addresses.
    Logical,
    /// View `k`'s own grid.
    View(usize),
    /// A standalone grid with its own hover signal (cells report `Hover::Logical`), its cells
    /// and itself test-identified by the name (`{name}-cell`, `{name}-grid`).
    Pane(&'static str),
}

impl GridKind {
    fn hover(self, index: usize) -> Hover {
        match self {
            GridKind::Logical | GridKind::Pane(_) => Hover::Logical(index),
            GridKind::View(k) => Hover::View(k, index),
        }
    }

    /// This grid's cells among those `lit` lights.
    fn lit_cells(self, lit: &Lit) -> Vec<usize> {
        match self {
            GridKind::Logical | GridKind::Pane(_) => lit.logical.iter().copied().collect(),
            GridKind::View(k) => lit
                .views
                .get(k)
                .map_or_else(Vec::new, |s| s.iter().copied().collect()),
        }
    }

    fn test_id(self) -> String {
        match self {
            GridKind::Logical => "logical-cell".to_string(),
            GridKind::View(k) => format!("view{k}-cell"),
            GridKind::Pane(name) => format!("{name}-cell"),
        }
    }
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

/// Moves a grid's (or the memory strip's) one tab stop to the cell just focused, so Tab
/// comes back to it and then leaves the grid.
fn keep_tab_stop(ev: &web_sys::FocusEvent) {
    let Some(cell) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    if cell.get_attribute("tabindex").as_deref() != Some("-1") {
        return;
    }
    if let Some(root) = cell
        .parent_element()
        .and_then(|row| row.closest("[role='grid'], [role='list']").ok().flatten())
    {
        // every other stop, should a redraw have reset the first cell's
        if let Ok(stops) = root.query_selector_all("[tabindex='0']") {
            for k in 0..stops.length() {
                if let Some(stop) = stops
                    .item(k)
                    .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
                {
                    let _ = stop.set_attribute("tabindex", "-1");
                }
            }
        }
    }
    let _ = cell.set_attribute("tabindex", "0");
}

/// Moves focus along the memory strip for an arrow key (left and up back, right and down on).
fn step_memory(ev: &web_sys::KeyboardEvent) {
    let back = match Step::from_key(&ev.key()) {
        Some(Step::Left | Step::Up) => true,
        Some(Step::Right | Step::Down) => false,
        None => return,
    };
    ev.prevent_default();
    let cell = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let next = cell.and_then(|c| match back {
        true => c.previous_element_sibling(),
        false => c.next_element_sibling(),
    });
    if let Some(next) = next.and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = next.focus();
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
    /// Set on every hover or focus and never cleared, so the last cell stays known after the
    /// pointer leaves (the expressions read values there).
    #[prop(optional)]
    last: Option<RwSignal<Option<Hover>>>,
) -> impl IntoView {
    let test_id = match kind {
        GridKind::Logical => "logical-grid".to_string(),
        GridKind::View(k) => format!("view{k}-grid"),
        GridKind::Pane(name) => format!("{name}-grid"),
    };
    let enter = move |ev: web_sys::Event| {
        let index = event_attribute(&ev, "data-index").and_then(|i| i.parse::<usize>().ok());
        if let Some(i) = index {
            let next = Some(kind.hover(i));
            if hover.get_untracked() != next {
                hover.set(next);
                if let Some(last) = last {
                    last.set(next);
                }
            }
        }
    };
    let container = NodeRef::<leptos::html::Div>::new();
    // Lighting touches only the cells whose state changes: one effect per grid instead of
    // reactive classes on thousands of cells (the DOM is the outside world here). `shown` is
    // what was lit last, kept across redraws: a redraw keeps the nodes (and, with unchanged
    // markup, their classes), and unlighting a cell whose class the markup reset is harmless.
    let shown = StoredValue::new(Vec::<(usize, &'static str)>::new());
    Effect::new(move |_| {
        let _redrawn = grid.with(|g| g.cells.len());
        let Some(root) = container.get() else { return };
        let mut next: Vec<(usize, &'static str)> = lit.with(|l| {
            kind.lit_cells(l)
                .into_iter()
                .map(|i| (i, "cell--lit"))
                .collect()
        });
        if let Some(h) = hover.get() {
            match (h, kind) {
                (Hover::Logical(i), GridKind::Logical) => next.push((i, "cell--hovered")),
                (Hover::View(k, i), GridKind::View(j)) if k == j => next.push((i, "cell--hovered")),
                _ => {}
            }
        }
        let toggle = |index: usize, class: &str, on: bool| {
            if let Ok(Some(cell)) = root.query_selector(&format!("[data-index='{index}']")) {
                let _ = if on {
                    cell.class_list().add_1(class)
                } else {
                    cell.class_list().remove_1(class)
                };
            }
        };
        shown.update_value(|old| {
            for &(i, class) in old.iter().filter(|e| !next.contains(e)) {
                toggle(i, class, false);
            }
            for &(i, class) in &next {
                toggle(i, class, true);
            }
            *old = next;
        });
    });
    view! {
        <div
            class="logical-grid"
            role="grid"
            aria-label=label
            data-testid=test_id
            node_ref=container
            on:mouseover=move |ev| enter(ev.into())
            on:focusin=move |ev| {
                keep_tab_stop(&ev);
                enter(ev.into());
            }
            on:mouseleave=move |_| hover.set(None)
            on:focusout=move |_| hover.set(None)
            on:keydown=move |ev| {
                let index = event_attribute(&ev, "data-index").and_then(|i| i.parse::<usize>().ok());
                if let Some(i) = index {
                    grid.with_untracked(|g| {
                        if let Some(cell) = g.cells.get(i) {
                            move_focus(&ev, &g.shape, &cell.coord);
                        }
                    });
                }
            }
            use:markup=Draw::new(move |m| grid.with(|g| panels::grid(m, g, &kind.test_id())))
        ></div>
    }
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
    /// Set on every hover and never cleared (see [`GridView`]).
    #[prop(optional)]
    last: Option<RwSignal<Option<Hover>>>,
) -> impl IntoView {
    let enter = move |ev: web_sys::Event| {
        let address = event_attribute(&ev, "data-addr").and_then(|a| a.parse::<i64>().ok());
        if let Some(a) = address {
            let next = Some(Hover::Memory(a));
            if hover.get_untracked() != next {
                hover.set(next);
                if let Some(last) = last {
                    last.set(next);
                }
            }
        }
    };
    let container = NodeRef::<leptos::html::Div>::new();
    let shown = StoredValue::new(Vec::<i64>::new());
    Effect::new(move |_| {
        let _redrawn = memory.with(Vec::len);
        let Some(root) = container.get() else { return };
        let next: Vec<i64> = lit.with(|l| l.memory.iter().copied().collect());
        let toggle = |address: i64, on: bool| {
            if let Ok(Some(cell)) = root.query_selector(&format!("[data-addr='{address}']")) {
                let _ = if on {
                    cell.class_list().add_1("cell--lit")
                } else {
                    cell.class_list().remove_1("cell--lit")
                };
            }
        };
        shown.update_value(|old| {
            for &a in old.iter().filter(|a| !next.contains(a)) {
                toggle(a, false);
            }
            for &a in &next {
                toggle(a, true);
            }
            *old = next;
        });
    });
    view! {
        <div
            class="memory-strip"
            // a list only while it lists addresses (a canvas draws large strips)
            role=move || memory.with(|cells| (!cells.is_empty()).then_some("list"))
            aria-label="Memory"
            data-testid="memory-strip"
            node_ref=container
            on:mouseover=move |ev| enter(ev.into())
            on:focusin=move |ev| {
                keep_tab_stop(&ev);
                enter(ev.into());
            }
            on:mouseleave=move |_| hover.set(None)
            on:focusout=move |_| hover.set(None)
            on:keydown=move |ev| step_memory(&ev)
            use:markup=Draw::new(move |m| memory.with(|cells| panels::memory(m, cells)))
        ></div>
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
