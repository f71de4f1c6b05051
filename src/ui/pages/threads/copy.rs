//! The Threads page's TiledCopy fields: the copy atom, what it tiles (an MMA operand or its
//! own thread and value layouts) and the element width.

use leptos::prelude::*;

use crate::ui::dom::{markup, Draw};
use engine::access::SharedSide;
use model::panels;
use model::state::route::Route;
use model::state::theme::Theme;
use model::state::threads::{
    bank_lines, copy_atom_groups, tmem_bridge, CopyOver, Field, ThreadsState,
};
use model::state::Page;

use super::text_field;

/// The copy's fields and what the copy makes.
pub(super) fn copy_fields(
    state: RwSignal<ThreadsState>,
    theme: Option<RwSignal<Theme>>,
) -> impl IntoView {
    let over = Memo::new(move |_| state.with(ThreadsState::copy_over));
    // a TMEM copy beside Triton's get_tmem_reg_layout of the same instruction
    let bridge = Memo::new(move |_| {
        (over.get() == CopyOver::Tmem)
            .then(|| state.with(|s| s.copy().map(|(copy, _)| tmem_bridge(copy))))
            .flatten()
    });
    view! {
        <fieldset class="threads__copy">
            <legend>"TiledCopy"</legend>
            <label class="field">
                <span class="field__label">"copy atom"</span>
                <select
                    data-testid="threads-copy-picker"
                    use:markup=Draw::new(move |m| panels::grouped_options(m, &copy_atom_groups(), true))
                    on:change=move |ev| {
                        let name = event_target_value(&ev);
                        if !name.is_empty() {
                            state.update(|s| s.set(Field::CopyAtom, &name));
                        }
                    }
                ></select>
            </label>
            {text_field(state, Field::CopyAtom, "copy atom (CuTe's name), empty for no copy", "threads-copy-atom")}
            <label class="field">
                <span class="field__label">"tiled over"</span>
                <select
                    data-testid="threads-copy-over"
                    use:markup=Draw::new(move |m| panels::options(m, &mut CopyOver::ALL.into_iter().map(|c| (c.as_str().into(), c.title().into())), false))
                    prop:value=move || over.get().as_str()
                    on:change=move |ev| {
                        if let Some(over) = CopyOver::parse(&event_target_value(&ev)) {
                            state.update(|s| s.set_copy_over(over));
                        }
                    }
                ></select>
            </label>
            {text_field(state, Field::CopyBits, "element bits (Copy_Atom's value type)", "threads-copy-bits")}
            <div hidden=move || over.get() != CopyOver::Layouts>
                {text_field(state, Field::CopyThr, "thread layout: (_16,_8):(_8,_1)", "threads-copy-thr")}
                {text_field(state, Field::CopyVal, "value layout: (_1,_8)", "threads-copy-val")}
            </div>
            <p class="note" data-testid="threads-copy-summary">{move || state.with(ThreadsState::copy_summary)}</p>
            <p class="note" data-testid="threads-tmem-triton" hidden=move || bridge.with(Option::is_none)>
                {move || bridge.with(|b| b.as_ref().map(|b| b.verdict.clone()))}
                {move || bridge.with(|b| b.as_ref().and_then(|b| b.query.clone())).map(|query| view! {
                    " "
                    <a href=Route::new(Page::Triton, query).with_theme(crate::ui::theme::current(theme)).to_fragment() data-testid="threads-tmem-triton-link">
                        "Both on the Triton page"
                    </a>
                })}
            </p>
            {text_field(state, Field::CopySmem, "shared memory of the copy tile, for its bank conflicts: Sw<2,3,3> o 0 o (32,16):(32,1), or a plain layout", "threads-copy-smem")}
            <label class="field">
                <span class="field__label">"shared side"</span>
                <select
                    data-testid="threads-copy-shared"
                    use:markup=Draw::new(move |m| panels::options(m, &mut SIDES.iter().map(|(v, t)| (v.to_string(), t.to_string())), false))
                    prop:value=move || state.with(|s| s.shared().map_or("auto", |s| if s == SharedSide::Source { "s" } else { "d" }))
                    on:change=move |ev| {
                        let side = SharedSide::parse(&event_target_value(&ev));
                        state.update(|s| s.set_shared(side));
                    }
                ></select>
            </label>
        </fieldset>
    }
}

/// The shared-side choices: the atom's own, S, D.
const SIDES: [(&str, &str); 3] = [
    (
        "auto",
        "the atom's (ldmatrix reads S; stmatrix, cp.async write D)",
    ),
    ("s", "S: the copy reads shared memory"),
    ("d", "D: the copy writes shared memory"),
];

/// Instructions listed in the table before "…".
const LISTED: usize = 32;

/// The copy's bank conflicts over the shared-memory layout: the instruction, the block, warp 0
/// and the worst warp, then a row per instruction.
pub(super) fn bank_report(state: RwSignal<ThreadsState>) -> impl IntoView {
    let report = Memo::new(move |_| {
        state.with(|s| {
            s.copy_banks().map(|r| {
                r.map(|banks| {
                    let rows: Vec<[String; 5]> = banks
                        .instructions()
                        .take(LISTED + 1)
                        .map(|i| {
                            [
                                i.warp.to_string(),
                                i.index.to_string(),
                                i.report.phases().len().to_string(),
                                i.report.wavefronts().to_string(),
                                format!("{}-way", i.report.degree()),
                            ]
                        })
                        .collect();
                    (bank_lines(&banks), rows)
                })
            })
        })
    });
    let lines = move || match report.get() {
        None => vec![
            "Name the copy tile's shared-memory layout to count its bank conflicts.".to_string(),
        ],
        Some(Err(why)) => vec![format!("No bank count: {why}")],
        Some(Ok((lines, _))) => lines,
    };
    let rows = move || match report.get() {
        Some(Ok((_, rows))) => rows,
        _ => Vec::new(),
    };
    view! {
        <section class="threads__banks" aria-label="bank conflicts of the copy">
            <h2>"Bank conflicts of the copy (32 banks of 4 bytes)"</h2>
            <ul class="note" data-testid="threads-banks">
                {move || lines().into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
            </ul>
            <table class="threads__instructions" data-testid="threads-bank-table" hidden=move || rows().is_empty()>
                <thead><tr><th>"warp"</th><th>"instruction"</th><th>"phases"</th><th>"wavefronts"</th><th>"conflicts"</th></tr></thead>
                <tbody>
                    {move || {
                        let rows = rows();
                        let more = rows.len() > LISTED;
                        let mut out: Vec<AnyView> = rows
                            .into_iter()
                            .take(LISTED)
                            .map(|r| view! { <tr>{r.into_iter().map(|c| view! { <td>{c}</td> }).collect_view()}</tr> }.into_any())
                            .collect();
                        if more {
                            out.push(view! { <tr><td colspan="5">"…"</td></tr> }.into_any());
                        }
                        out
                    }}
                </tbody>
            </table>
        </section>
    }
}
