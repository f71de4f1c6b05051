//! The Layouts page's swizzle and bank-conflict section: the swizzle as B, M, S or a GMMA atom,
//! a warp's read, the tile coloured by bank unswizzled and swizzled side by side with the
//! colliding threads of a phase marked, the phase table, the bit matrix and the solver.

use leptos::prelude::*;

use crate::ui::components::{grid_memo, CanvasGrid, CanvasHint, PictureExport, TextField};
use crate::ui::dom::{event_attribute, markup, Draw};
use engine::access::{Banks, ReadPreset, Suggestions};
use engine::cute::Swizzle;
use model::draw::large_grid::LargeGrid;
use model::panels;
use model::panels::picture::Picture;
use model::state::layouts::banks::{
    parse_tile, sectors_summary, tile_name, Atom, BankBase, Read, Side, Units, ELEMENT_BITS,
    FIELD_NAMES, VECTOR_BITS,
};
use model::state::layouts::LayoutsState;

/// How long the edits pause, in milliseconds, before the best fix is looked for.
const FIX_DELAY_MS: u64 = 250;
/// Most suggestions listed.
const SHOWN: usize = 8;

fn element_title(bits: i64) -> String {
    let of = match bits {
        8 => "fp8, int8",
        16 => "half, bf16",
        32 => "float, tf32",
        _ => "double",
    };
    format!("{bits}-bit ({of})")
}

/// One side's summary line, or why it has none.
fn summary(side: &Side) -> String {
    match &side.read {
        Ok(read) => read.summary(),
        Err(e) => e.to_string(),
    }
}

#[component]
pub fn BankSection(
    /// The Layouts page's state: its layout and its bank section's fields.
    state: RwSignal<LayoutsState>,
) -> impl IntoView {
    let inputs = Memo::new(move |_| state.with(|s| s.banks.inputs(s.layout())));
    // the tables, rebuilt when the tile or the read changes; each side on its own, so a swizzle
    // edit redraws only the swizzled one
    let base = Memo::new(move |_| inputs.with(BankBase::of));
    let plain = Memo::new(move |_| base.with(|b| b.side(Swizzle::identity())));
    let swizzle = Memo::new(move |_| state.with(|s| s.banks.element_swizzle()));
    let swizzled = Memo::new(move |_| {
        let sw = swizzle.get();
        base.with(|b| b.side(sw))
    });
    let side = move |swizzled_side: bool| if swizzled_side { swizzled } else { plain };
    let grid_of = move |swizzled_side: bool| {
        grid_memo(move || side(swizzled_side).with(|s| Some::<LargeGrid>(s.grid.clone())))
    };
    let (plain_grid, swizzled_grid) = (grid_of(false), grid_of(true));
    let hover = RwSignal::new(None::<usize>);
    let range = RwSignal::new(None::<(i64, i64)>);
    let chosen_memo = Memo::new(move |_| state.with(|s| (s.banks.load, s.banks.phase)));
    let chosen = move || chosen_memo.get();
    // memos: a canvas redraws only when its own marks change, not on every edit of the page
    let marks = move |swizzled_side: bool| {
        Signal::from(Memo::new(move |_| {
            let (load, phase) = chosen();
            side(swizzled_side).with(|sd| base.with(|b| b.marked(sd, load, phase)))
        }))
    };
    let hover_text = move || {
        let cell = hover.get()?;
        plain.with(|p| swizzled.with(|s| base.with(|b| b.describe(p, s, cell))))
    };
    let field = move |k: usize| {
        let name = FIELD_NAMES[k].to_lowercase();
        let value = Signal::derive(move || state.with(|s| s.banks.field(k).to_string()));
        let error =
            Signal::derive(move || state.with(|s| s.banks.field_error(k).map(ToString::to_string)));
        let on_input =
            Callback::new(move |text: String| state.update(|s| s.banks.set_field(k, &text)));
        view! {
            <TextField
                label=FIELD_NAMES[k]
                test_id=format!("sw-{name}")
                error_id=format!("error-sw-{name}")
                value
                error
                on_input
                class="field field--narrow"
                numeric=true
            />
        }
    };
    let atom_note = move || {
        state.with(|s| {
            let b = &s.banks;
            let atom = b.atom_of(s.layout())?;
            let bits = b.element_bits();
            let on_elements = atom.element_swizzle(bits).ok()?;
            let on_bytes = atom.byte_swizzle(bits).ok()?;
            let name = atom.name();
            let built = match b.atom_tile() {
                Some([m, n]) => format!(
                    "The layout is Layout_{name}_Atom<{bits}-bit> repeated to fill {m}×{n}, as a kernel builds its tile: tile_to_shape(Layout_{name}_Atom<T>{{}}, make_shape(_{m}{{}}, _{n}{{}})), which CuTe prints as {}.",
                    atom.tiled(bits, Some([m, n])).ok()?
                ),
                None => format!("The layout is Layout_{name}_Atom<{bits}-bit> alone, which CuTe prints as {}.", atom.cute_text(bits).ok()?),
            };
            Some(format!(
                "{built} Its swizzle {on_bytes} acts on byte addresses, which is {on_elements} on element offsets. The fields hold it in the units chosen; the counts are where each element lands either way."
            ))
        })
    };
    // which units the counts used, always said
    let units_note = move || {
        state.with(|s| {
            let b = &s.banks;
            if b.units_error().is_some() {
                return format!(
                    "The counts still read {} on element offsets, the last swizzle that moved whole elements.",
                    b.element_swizzle()
                );
            }
            match b.units() {
                Units::Elements => format!("The counts read {} on element offsets.", b.swizzle()),
                Units::Bytes => format!(
                    "The counts read {} on the bytes of {}-bit elements: {} on element offsets.",
                    b.swizzle(),
                    b.element_bits(),
                    b.element_swizzle()
                ),
            }
        })
    };
    let tv_shown = move || {
        state.with(|s| match s.banks.read {
            Read::Typed => s.banks.tv_text().to_string(),
            Read::Preset(_) => {
                inputs.with(|i| i.tv.as_ref().map(ToString::to_string).unwrap_or_default())
            }
        })
    };
    let tv_error =
        move || {
            state.with(|s| match s.banks.read {
                // a layout that parses but cannot be read (threads, values per thread) is its error too
                Read::Typed => s.banks.tv_error().map(ToString::to_string).or_else(|| {
                    swizzled.with(|sd| sd.read.as_ref().err().map(ToString::to_string))
                }),
                Read::Preset(_) => inputs.with(|i| i.tv.as_ref().err().map(ToString::to_string)),
            })
        };
    // the chosen load of the swizzled side: its table and the chosen phase's banks
    let table = Draw::new(move |m| {
        let (load, phase) = chosen();
        swizzled.with(|sd| {
            if let Ok(read) = &sd.read {
                if let Some((_, report)) = read.loads.get(load) {
                    panels::banks::bank_table(m, report, phase);
                    if let Some(p) = report.phases().get(phase) {
                        panels::banks::bank_counts(m, p);
                    }
                }
            }
        })
    });
    // The choices' names: memos of the loads' and phases' threads and values only, so a
    // swizzle edit, which changes their costs (shown in the table), leaves the selects alone.
    let load_names = Memo::new(move |_| {
        swizzled.with(|sd| {
            sd.read.as_ref().map_or_else(
                |_| Vec::new(),
                |read| {
                    read.loads
                        .iter()
                        .map(|(a, _)| match a.values.len() {
                            1 => format!("warp {}, value {}", a.warp, a.values.start),
                            _ => format!(
                                "warp {}, values {} to {}",
                                a.warp,
                                a.values.start,
                                a.values.end - 1
                            ),
                        })
                        .collect::<Vec<String>>()
                },
            )
        })
    });
    let phase_names = Memo::new(move |_| {
        let (load, _) = chosen();
        swizzled.with(|sd| {
            let Some((_, report)) = sd.read.as_ref().ok().and_then(|r| r.loads.get(load)) else {
                return Vec::new();
            };
            report
                .phases()
                .iter()
                .enumerate()
                .map(|(k, p)| {
                    format!(
                        "phase {k}: threads {}–{}",
                        p.threads.start,
                        p.threads.end - 1
                    )
                })
                .collect::<Vec<String>>()
        })
    });
    // the chosen option marked, so a rebuilt list shows the choice whatever order effects run in
    let numbered = |names: Memo<Vec<String>>, which: fn((usize, usize)) -> usize| {
        Draw::new(move |m| {
            let chosen = which(chosen());
            names.with(|names| panels::banks::numbered_options(m, names, chosen))
        })
    };
    let load_options = numbered(load_names, |(load, _)| load);
    let phase_options = numbered(phase_names, |(_, phase)| phase);
    let matrix = Draw::new(move |m| {
        state.with(|s| {
            panels::banks::bit_matrix(
                m,
                s.banks.element_swizzle(),
                s.banks.matrix_bits(s.layout()),
            )
        })
    });
    let suggest_open = RwSignal::new(false);
    // a read with conflicts gets its best fix beside the degree: the solver runs for it, or
    // when its section is opened
    let conflicted =
        Memo::new(move |_| swizzled.with(|sd| sd.read.as_ref().is_ok_and(|r| r.degree() > 1)));
    let suggestions = Memo::new(move |_| {
        suggest_open
            .get()
            .then(|| state.with(LayoutsState::suggestions))
    });
    // The best fix: the solver tries every swizzle and padding (over 100 ms on a 128×128 tile),
    // so it runs once the edits pause, never in an edit's frame; a newer edit drops an older
    // run.
    let fix = RwSignal::new(None::<Suggestions>);
    let runs = StoredValue::new(0_u64);
    Effect::new(move |_| {
        state.track();
        let wanted = conflicted.get();
        fix.set(None);
        let run = runs.get_value() + 1;
        runs.set_value(run);
        if wanted {
            set_timeout(
                // the section may be gone by then (another page, another layout): then nothing
                move || {
                    if runs.try_get_value() == Some(run) {
                        if let Some(found) = state.try_with_untracked(LayoutsState::suggestions) {
                            fix.try_set(found.ok());
                        }
                    }
                },
                std::time::Duration::from_millis(FIX_DELAY_MS),
            );
        }
    });
    let fix_draw = Draw::new(move |m| {
        fix.with(|s| {
            if let Some(s) = s {
                panels::banks::best_fix(m, s);
            }
        });
    });
    let has_fix = move || fix.with(|s| s.as_ref().is_some_and(|s| !s.best.is_empty()));
    let apply_best = move |ev: web_sys::MouseEvent| {
        if event_attribute(&ev, "data-apply").is_none() {
            return;
        }
        let best = fix.with_untracked(|s| s.as_ref().and_then(|s| s.best.first().cloned()));
        if let Some(c) = best {
            state.update(|s| s.apply(&c));
        }
    };
    let suggest_draw = Draw::new(move |m| {
        suggestions.with(|s| match s {
            Some(Ok(s)) => panels::banks::suggestions(m, s, SHOWN),
            Some(Err(e)) => m.el("p", &[("class", "note")], &e.to_string()),
            None => {}
        })
    });
    let apply = move |ev: web_sys::MouseEvent| {
        let Some(k) = event_attribute(&ev, "data-apply").and_then(|k| k.parse::<usize>().ok())
        else {
            return;
        };
        let candidate =
            suggestions.with_untracked(|s| s.as_ref()?.as_ref().ok()?.best.get(k).cloned());
        if let Some(c) = candidate {
            state.update(|s| s.apply(&c));
        }
    };
    let pick_phase = move |ev: web_sys::MouseEvent| {
        if let Some(p) = event_attribute(&ev, "data-phase").and_then(|p| p.parse().ok()) {
            state.update(|s| s.banks.phase = p);
        }
    };
    let select = move |ev: &web_sys::Event| event_target_value(ev);
    let unswizzled = move || state.with(|s| s.banks.element_swizzle().bits() == 0);
    view! {
        <section class="banks" aria-label="Swizzle and bank conflicts">
            <h2>"Swizzle and bank conflicts"</h2>
            <div class="banks__controls">
                <fieldset class="banks__group">
                    <legend>"swizzle Sw<B,M,S>: XOR bits [M+S, M+S+B) into [M, M+B)"</legend>
                    {field(0)}
                    {field(1)}
                    {field(2)}
                    <span class="field__error" data-testid="error-swizzle" role="alert">{move || state.with(|s| s.banks.swizzle_error().map(ToString::to_string))}</span>
                    <label class="field">
                        <span class="field__label">"or a GMMA atom"</span>
                        <select
                            data-testid="atom-picker"
                            use:markup=Draw::new(move |m| panels::options(m, &mut Atom::ALL.into_iter().map(|a| (a.name(), format!("Layout_{}_Atom", a.name()))), true))
                            prop:value=move || state.with(|s| s.banks.atom_of(s.layout()).map(Atom::name).unwrap_or_default())
                            on:change=move |ev| {
                                if let Some(atom) = Atom::parse(&select(&ev)) {
                                    state.update(|s| s.pick_atom(atom));
                                }
                            }
                        ></select>
                        <span class="field__error" data-testid="error-atom" role="alert">{move || state.with(|s| s.banks.atom_error().map(ToString::to_string))}</span>
                    </label>
                    <label class="field" class:hidden=move || state.with(|s| s.banks.atom_of(s.layout()).is_none())>
                        <span class="field__label">"repeated to fill (tile_to_shape)"</span>
                        <select
                            data-testid="atom-tile"
                            use:markup=Draw::new(move |m| state.with(|s| panels::options(m, &mut s.banks.tile_options(s.layout()).into_iter(), false)))
                            prop:value=move || state.with(|s| tile_name(s.banks.atom_tile()))
                            on:change=move |ev| {
                                if let Some(tile) = parse_tile(&select(&ev)) {
                                    state.update(|s| {
                                        if let Some(atom) = s.banks.atom_of(s.layout()) {
                                            s.tile_atom(atom, tile);
                                        }
                                    });
                                }
                            }
                        ></select>
                    </label>
                    <label class="field">
                        <span class="field__label">"the swizzle acts on"</span>
                        <select
                            data-testid="swizzle-units"
                            use:markup=Draw::new(move |m| panels::options(m, &mut Units::ALL.into_iter().map(|u| (u.as_str().into(), u.title().into())), false))
                            prop:value=move || state.with(|s| s.banks.units().as_str())
                            aria-describedby="error-swizzle-units"
                            on:change=move |ev| {
                                if let Some(units) = Units::parse(&select(&ev)) {
                                    state.update(|s| {
                                        s.banks.set_units(units);
                                        // an atom's swizzle is written again in the new units
                                        if let Some(atom) = s.banks.atom_of(s.layout()) {
                                            s.pick_atom(atom);
                                        }
                                    });
                                }
                            }
                        ></select>
                        <span class="field__error" id="error-swizzle-units" data-testid="error-swizzle-units" role="alert">{move || state.with(|s| s.banks.units_error().map(ToString::to_string))}</span>
                    </label>
                    <p class="note" data-testid="units-note">{units_note}</p>
                    <p class="note" data-testid="atom-note">{atom_note}</p>
                </fieldset>
                <fieldset class="banks__group">
                    <legend>"a warp's read: (thread, value) → tile index"</legend>
                    <label class="field">
                        <span class="field__label">"read"</span>
                        <select
                            data-testid="read-preset"
                            prop:value=move || state.with(|s| s.banks.read.as_str())
                            on:change=move |ev| {
                                if let Some(read) = Read::parse(&select(&ev)) {
                                    let shown = tv_shown();
                                    state.update(|s| {
                                        if read == Read::Typed {
                                            s.banks.set_tv(&shown);
                                        }
                                        s.banks.read = read;
                                        s.banks.load = 0;
                                        s.banks.phase = 0;
                                    });
                                }
                            }
                        >
                            {ReadPreset::ALL.into_iter().map(|p| view! { <option value=p.as_str()>{p.title()}</option> }).collect_view()}
                            <option value="tv">"a thread-value layout, typed"</option>
                        </select>
                    </label>
                    <label class="field field--wide">
                        <span class="field__label">"thread-value layout"</span>
                        <input
                            type="text"
                            spellcheck="false"
                            autocomplete="off"
                            data-testid="tv-input"
                            prop:value=tv_shown
                            aria-invalid=move || if tv_error().is_some() { "true" } else { "false" }
                            aria-describedby="error-tv"
                            on:input=move |ev| {
                                let text = event_target_value(&ev);
                                state.update(|s| s.banks.set_tv(&text));
                            }
                        />
                        <span class="field__error" id="error-tv" data-testid="error-tv" role="alert">{tv_error}</span>
                    </label>
                    <label class="field">
                        <span class="field__label">"element"</span>
                        <select
                            data-testid="element-bits"
                            use:markup=Draw::new(move |m| panels::options(m, &mut ELEMENT_BITS.into_iter().map(|b| (b.to_string(), element_title(b))), false))
                            prop:value=move || state.with(|s| s.banks.element_bits().to_string())
                            on:change=move |ev| {
                                if let Ok(bits) = select(&ev).parse::<i64>() {
                                    state.update(|s| s.set_element_bits(bits));
                                }
                            }
                        ></select>
                    </label>
                    <label class="field">
                        <span class="field__label">"load width"</span>
                        <select
                            data-testid="vector-bits"
                            use:markup=Draw::new(move |m| panels::options(m, &mut VECTOR_BITS.into_iter().map(|b| (b.to_string(), format!("{b}-bit"))), false))
                            prop:value=move || state.with(|s| s.banks.read_vector_bits().to_string())
                            // a preset that fixes its width (ldmatrix reads 16-byte rows) shows it
                            disabled=move || state.with(|s| s.banks.read_vector_bits() != s.banks.vector_bits)
                            title=move || state.with(|s| (s.banks.read_vector_bits() != s.banks.vector_bits).then(|| format!("this read loads {} bits a row", s.banks.read_vector_bits())))
                            on:change=move |ev| {
                                if let Ok(bits) = select(&ev).parse::<i64>() {
                                    state.update(|s| s.banks.vector_bits = bits);
                                }
                            }
                        ></select>
                    </label>
                    <label class="field">
                        <span class="field__label">"banks"</span>
                        <select
                            data-testid="bank-count"
                            prop:value=move || state.with(|s| s.banks.banks.count().to_string())
                            on:change=move |ev| {
                                if let Some(banks) = select(&ev).parse().ok().and_then(Banks::from_count) {
                                    state.update(|s| s.banks.banks = banks);
                                }
                            }
                        >
                            <option value="32">"32 × 4 bytes (NVIDIA)"</option>
                            <option value="64">"64 × 4 bytes (AMD LDS)"</option>
                        </select>
                    </label>
                </fieldset>
            </div>
            <dl class="properties banks__summary">
                // with no swizzle the two rows would say the same: one, named so
                <dt class:hidden=unswizzled>"unswizzled"</dt>
                <dd class:hidden=unswizzled data-testid="bank-summary-plain">{move || plain.with(summary)}</dd>
                <dt>{move || state.with(|s| match s.banks.element_swizzle().bits() == 0 {
                    true => "no swizzle".to_string(),
                    false => format!("with {}", s.banks.element_swizzle()),
                })}</dt>
                <dd data-testid="bank-summary">{move || swizzled.with(summary)}</dd>
                <dt class:hidden=move || !has_fix()>"best fix"</dt>
                <dd class="banks__fix" class:hidden=move || !has_fix() data-testid="bank-fix" on:click=apply_best use:markup=fix_draw></dd>
                <dt>"as a global load"</dt>
                <dd data-testid="sector-summary">{move || swizzled.with(|sd| sectors_summary(sd).unwrap_or_default())}</dd>
            </dl>
            <div class="grid-options">
                <label class="field">
                    <span class="field__label">"load"</span>
                    <select
                        data-testid="bank-load"
                        use:markup=load_options
                        prop:value=move || chosen().0.to_string()
                        on:change=move |ev| {
                            if let Ok(k) = select(&ev).parse() {
                                state.update(|s| { s.banks.load = k; s.banks.phase = 0; });
                            }
                        }
                    ></select>
                </label>
                <label class="field">
                    <span class="field__label">"phase (its colliding threads are outlined)"</span>
                    <select
                        data-testid="bank-phase"
                        use:markup=phase_options
                        prop:value=move || chosen().1.to_string()
                        on:change=move |ev| {
                            if let Ok(k) = select(&ev).parse() {
                                state.update(|s| s.banks.phase = k);
                            }
                        }
                    ></select>
                </label>
            </div>
            <p class="hover-info" data-testid="bank-hover" aria-live="polite">
                {move || hover_text().unwrap_or_else(|| "Hover a cell: its bank on both sides, and the cells of the same bank.".to_string())}
            </p>
            <CanvasHint />
            <div class="banks__pair">
                // with no swizzle the two pictures would be one: the unswizzled one gives way
                <figure class:hidden=unswizzled>
                    <figcaption>"unswizzled: coloured by bank"</figcaption>
                    <CanvasGrid grid=plain_grid hover range mark=marks(false) size=(480.0, 640.0) fade=true test_id="bank-grid-plain" label="Tile coloured by bank, unswizzled" />
                </figure>
                <figure>
                    <figcaption>
                        {move || match unswizzled() {
                            true => "no swizzle: coloured by bank".to_string(),
                            false => state.with(|s| format!("{} ∘ L: coloured by bank", s.banks.element_swizzle())),
                        }}
                    </figcaption>
                    <CanvasGrid grid=swizzled_grid hover range mark=marks(true) size=(480.0, 640.0) fade=true test_id="bank-grid" label="Tile coloured by bank, swizzled" />
                </figure>
            </div>
            <PictureExport
                picture=Callback::new(move |()| {
                    swizzled.with_untracked(|sd| state.with_untracked(|s| {
                        let title = format!("banks of {} ∘ {}, {}-bit elements", s.banks.element_swizzle(), s.layout(), s.banks.element_bits());
                        Picture::of_banks(s.layout(), &sd.grid, title)
                    }))
                })
                name="bank-grid"
                label="Export the swizzled bank grid: "
            />
            <h3>"Phases of the chosen load (swizzled)"</h3>
            <div class="banks__table" on:click=pick_phase use:markup=table></div>
            <details class="more" open>
                <summary>"The swizzle as a bit matrix"</summary>
                <div class="banks__matrix" use:markup=matrix></div>
            </details>
            <details class="more" data-testid="suggest" on:toggle=move |ev| {
                use wasm_bindgen::JsCast;
                let open = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|d| d.has_attribute("open"));
                suggest_open.set(open);
            }>
                <summary>"Suggest a swizzle or a padding"</summary>
                <div on:click=apply use:markup=suggest_draw></div>
            </details>
        </section>
    }
}
