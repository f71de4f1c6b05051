//! The Layouts page: write a CuTe layout and see its grid of `L(i)`, its codomain and its
//! properties, linked by hover.

pub mod banks;
pub mod workbench;

pub use banks::BankSection;
pub use workbench::Workbench;

use leptos::prelude::*;

use crate::ui::components::clipboard::copy;
use crate::ui::components::{ColourPicker, GridKind, GridView, MemoryStrip, PictureExport};
use crate::ui::dom::{markup, Draw};
use model::draw::colouring::Colouring;
use model::draw::stack_grid::{Hover, Lit};
use model::panels;
use model::panels::picture::Picture;
use model::state::layouts::{CellText, LayoutsState};
use model::state::theme::Theme;

#[component]
pub fn LayoutsPage(
    /// The page state, owned by the app so it lives in the URL.
    state: RwSignal<LayoutsState>,
    /// The app's theme, which the links to other pages keep.
    #[prop(optional)]
    theme: Option<RwSignal<Theme>>,
) -> impl IntoView {
    // the layout's own state: edits of the workbench or the bank section leave it equal
    let core = Memo::new(move |_| state.with(LayoutsState::core));
    let grids = Memo::new(move |_| core.with(LayoutsState::grid));
    let hover = RwSignal::new(None::<Hover>);
    let lit = Memo::new(move |_| {
        let Some(h) = hover.get() else {
            return Lit::default();
        };
        grids.with(|g| g.as_ref().map(|g| g.lit(h)).unwrap_or_default())
    });
    let hover_text = move || {
        let h = hover.get()?;
        grids.with(|g| {
            let g = g.as_ref().ok()?;
            match h {
                Hover::Logical(i) => core.with(|s| s.describe(g, i)),
                Hover::Memory(a) => Some(format!(
                    "offset {a} ← {} coordinate(s)",
                    g.lit(h).logical.len()
                )),
                Hover::View(..) => None,
            }
        })
    };
    let grid = Signal::derive(move || {
        grids.with(|g| g.as_ref().map(|g| g.logical.clone()).unwrap_or_default())
    });
    let memory = Signal::derive(move || {
        grids.with(|g| g.as_ref().map(|g| g.memory.clone()).unwrap_or_default())
    });
    let span = Signal::derive(move || grids.with(|g| g.as_ref().ok().and_then(|g| g.span)));
    let error = move || state.with(|s| s.error().map(ToString::to_string));
    let status = RwSignal::new(String::new());
    view! {
        <div class="layouts">
            <h1 class="visually-hidden">"Layouts"</h1>
            <div class="panes">
                <div class="panes__controls">
                    <label class="field field--wide" data-panel="editor">
                        <span class="field__label">"layout, in CuTe ((4,4),4):((16,1),4) or pycute ((4, 4), 4):((16, 1), 4) notation"</span>
                        <input
                            type="text"
                            spellcheck="false"
                            autocomplete="off"
                            data-testid="layout-input"
                            prop:value=move || state.with(|s| s.text().to_string())
                            aria-invalid=move || if error().is_some() { "true" } else { "false" }
                            aria-describedby="error-layout"
                            on:input=move |ev| {
                                let text = event_target_value(&ev);
                                state.update(|s| s.set_text(&text));
                            }
                        />
                        <span class="field__error" id="error-layout" data-testid="error-layout" role="alert">
                            {error}
                        </span>
                    </label>
                    <section class="canonical" aria-label="Layout" data-panel="notation">
                        <h2>"Layout"</h2>
                        <div use:markup=Draw::new(move |m| core.with(|s| panels::layout_notations(m, s.layout())))></div>
                        <dl
                            class="properties"
                            data-testid="layout-properties"
                            use:markup=Draw::new(move |m| core.with(|s| panels::layout_properties(m, s, crate::ui::theme::current(theme))))
                        ></dl>
                        <details class="more" data-testid="more-pycute">
                            <summary>"pycute snippet"</summary>
                            <div class="export__head">
                                <h3>"pycute"</h3>
                                <button type="button" data-testid="copy-pycute" on:click=move |_| copy(state.with_untracked(LayoutsState::pycute_snippet), status)>"Copy"</button>
                                <span class="note" role="status" data-testid="layouts-copy-status">{move || status.get()}</span>
                            </div>
                            <pre class="code" data-testid="export-pycute" tabindex="0">{move || core.with(LayoutsState::pycute_snippet)}</pre>
                        </details>
                    </section>
                </div>
                <section class="grids panes__pictures" data-panel="grid" aria-label="Grid and codomain">
                    <p class="hover-info" data-testid="hover-info" aria-live="polite">
                        {move || hover_text().unwrap_or_else(|| "Hover or focus a cell.".to_string())}
                    </p>
                    <p class="note" data-testid="grid-error">{move || grids.with(|g| g.as_ref().err().map(ToString::to_string))}</p>
                    <div class="grid-options">
                        <label class="field">
                            <span class="field__label">"cells show"</span>
                            <select
                                data-testid="cell-show"
                                use:markup=Draw::new(move |m| panels::options(m, &mut CellText::ALL.into_iter().map(|c| (c.as_str().into(), c.title().into())), false))
                                prop:value=move || state.with(|s| s.show.as_str())
                                on:change=move |ev| {
                                    if let Some(show) = CellText::parse(&event_target_value(&ev)) {
                                        state.update(|s| s.show = show);
                                    }
                                }
                            ></select>
                        </label>
                        <ColourPicker
                            colour=Signal::derive(move || state.with(|s| s.colour))
                            on_change=Callback::new(move |c| state.update(|s| s.colour = c))
                            choices=&Colouring::OF_LAYOUTS
                            span
                        />
                    </div>
                    <h2>"L(i): mode 0 down, mode 1 across, further modes as blocks"</h2>
                    <GridView grid kind=GridKind::Logical hover lit label="Layout grid" />
                    <PictureExport
                        picture=Callback::new(move |()| state.with_untracked(|s| Picture::of_layout(s.layout())))
                        name="layout-grid"
                    />
                    <h2>"Codomain"</h2>
                    <MemoryStrip memory span hover lit />
                </section>
            </div>
            <div data-panel="banks">
                <BankSection state />
            </div>
            <div data-panel="workbench">
                <Workbench state />
            </div>
        </div>
    }
}
