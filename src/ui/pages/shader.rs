//! The Shader page: the WGSL kernel of what the Views, Layouts or Morphisms page shows, its
//! code highlighted as DOM nodes with line numbers, each line linked to the expression part
//! and the grid cells it computes; copy, download, and a run on WebGPU checked against the
//! engine cell by cell.

use engine::support::sorted::SortedSet;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use web_sys::js_sys;

use crate::ui::components::clipboard::copy;
use crate::ui::components::{GridKind, GridView, PictureExport, TextField};
use crate::ui::dom::{event_attribute, light, markup, on_settle, Draw};
use model::draw::stack_grid::{Hover, Lit};
use model::panels;
use model::panels::picture::Picture;
use model::state::layouts::LayoutsState;
use model::state::morphisms::MorphismsState;
use model::state::route::Route;
use model::state::shader::{
    Generated, OptField, Pages, Part, RunCheck, ShaderState, Source, Subject,
};
use model::state::syno::SynoState;
use model::state::theme::Theme;
use model::state::{PageState, ViewsState};

#[wasm_bindgen(module = "/src/ui/js/webgpu.js")]
extern "C" {
    #[wasm_bindgen(js_name = gpuMissing)]
    fn gpu_missing() -> js_sys::Promise;
    #[wasm_bindgen(js_name = runGather)]
    fn run_gather(
        code: &str,
        elements: u32,
        input_len: u32,
        workgroup_size: u32,
    ) -> js_sys::Promise;
}

/// A finished GPU run: the check, what the GPU wrote, and the time and adapter as the browser
/// reported them.
#[derive(Clone)]
struct Ran {
    check: RunCheck,
    output: Vec<i32>,
    ms: String,
    adapter: String,
}

/// The outcome of the last run if it ran the kernel on screen (`current`).
fn shown(
    last_run: &Option<(String, Result<Ran, String>)>,
    current: bool,
) -> Option<&Result<Ran, String>> {
    last_run.as_ref().filter(|_| current).map(|(_, r)| r)
}

fn field(value: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(value, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

/// Writes the shader's lines into `pre` as text nodes and token spans: line `k` is
/// `<span class="line" data-line=k>`, a loop variable's token carries `data-var`.
fn draw_code(pre: &web_sys::Element, generated: &Generated) {
    pre.set_text_content(None);
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let span = |class: &str| {
        let el = doc.create_element("span").ok()?;
        el.set_class_name(class);
        Some(el)
    };
    for (k, line) in generated.lines.iter().enumerate() {
        let Some(row) = span("line") else { return };
        let _ = row.set_attribute("data-line", &k.to_string());
        for (tok, text) in &line.tokens {
            match tok.class().and_then(span) {
                Some(el) => {
                    if let model::state::shader::Tok::Var(v) = tok {
                        let _ = el.set_attribute("data-var", &v.to_string());
                    }
                    el.set_text_content(Some(text));
                    let _ = row.append_with_node_1(&el);
                }
                None => {
                    let _ = row.append_with_str_1(text);
                }
            }
        }
        let _ = row.append_with_str_1("\n");
        let _ = pre.append_with_node_1(&row);
    }
}

/// The states of the pages a shader can come from, as the app holds them.
#[derive(Clone, Copy)]
pub struct PageSignals {
    /// The Views page's state.
    pub views: RwSignal<ViewsState>,
    /// The Layouts page's state.
    pub layouts: RwSignal<LayoutsState>,
    /// The Morphisms page's state.
    pub morphisms: RwSignal<MorphismsState>,
    /// The Syno page's state.
    pub syno: RwSignal<SynoState>,
}

impl PageSignals {
    /// The URL query of `from`'s state, tracking that page's state only (as
    /// [`Source::query`] reads it from all four).
    pub fn query(self, from: Source) -> String {
        match from {
            Source::Views => self.views.with(ViewsState::to_query),
            Source::Layouts => self.layouts.with(LayoutsState::to_query),
            Source::Morphisms => self.morphisms.with(MorphismsState::to_query),
            Source::Syno => self.syno.with(SynoState::to_query),
        }
    }

    /// Calls `f` with all four states, tracking each.
    pub fn with<T>(self, f: impl FnOnce(&Pages) -> T) -> T {
        self.views.with(|views| {
            self.layouts.with(|layouts| {
                self.morphisms.with(|morphisms| {
                    self.syno.with(|syno| {
                        f(&Pages {
                            views,
                            layouts,
                            morphisms,
                            syno,
                        })
                    })
                })
            })
        })
    }
}

#[component]
pub fn ShaderPage(
    /// The generator options, owned by the app so they live in the URL.
    shader: RwSignal<ShaderState>,
    /// The pages it generates from.
    pages: PageSignals,
    /// The app's theme, which the link to the source page keeps.
    #[prop(optional)]
    theme: Option<RwSignal<Theme>>,
) -> impl IntoView {
    let generated = Memo::new(move |_| {
        let (from, input, opts) = shader.with(|s| (s.from, s.input, s.opts()));
        pages
            .with(|p| Subject::of(from, input, p))
            .and_then(|subject| subject.generate(&opts))
    });
    let grids = Memo::new(move |_| generated.with(|g| g.as_ref().ok().map(Generated::grid)));
    let line_hover = RwSignal::new(None::<usize>);
    let hover = RwSignal::new(None::<Hover>);
    let part = move || {
        let k = line_hover.get()?;
        generated.with(|g| Some(g.as_ref().ok()?.lines.get(k)?.part))
    };
    let lit = Memo::new(move |_| {
        let cells = part().map_or_else(SortedSet::new, |p| {
            grids.with(|g| match g {
                Some(Ok(g)) => p.cells(&g.logical),
                _ => SortedSet::new(),
            })
        });
        Lit {
            logical: cells,
            ..Lit::default()
        }
    });
    let hover_text = move || {
        if let Some(p) = part().filter(|&p| p != Part::None) {
            let lit = lit.with(|l| l.logical.len());
            return generated.with(|g| g.as_ref().ok().map(|g| p.describe(g, lit)));
        }
        let h = hover.get()?;
        grids.with(|g| match g {
            Some(Ok(g)) => g.describe(h),
            _ => None,
        })
    };
    let grid = Signal::derive(move || {
        grids.with(|g| match g {
            Some(Ok(g)) => g.logical.clone(),
            _ => Default::default(),
        })
    });
    let wgsl = move || {
        generated.with(|g| {
            g.as_ref()
                .ok()
                .map(|g| g.shader.wgsl.clone())
                .unwrap_or_default()
        })
    };

    let code = NodeRef::<leptos::html::Pre>::new();
    Effect::new(move |_| {
        if let Some(pre) = code.get() {
            // on an error the last shader that generated stays, with the error above it
            generated.with(|g| {
                if let Ok(g) = g {
                    draw_code(&pre, g);
                }
            });
        }
    });
    Effect::new(move |_| {
        let k = line_hover.get();
        generated.track();
        let Some(pre) = code.get() else { return };
        let (mut vars, mut lines) = (SortedSet::new(), SortedSet::new());
        if let Some(Part::Var(v)) = part() {
            vars.insert(v);
        }
        lines.extend(k);
        light(&pre, "data-var", &vars, |_| "tok--lit");
        light(&pre, "data-line", &lines, |_| "line--lit");
    });

    // WebGPU: whether the browser can run, then each run's outcome (cleared by any change).
    let gpu = RwSignal::new(None::<String>);
    on_settle(&gpu_missing(), move |r| {
        gpu.set(Some(match r {
            Ok(v) => v.as_string().unwrap_or_default(),
            Err(e) => e,
        }))
    });
    // Each run's outcome with the kernel it ran: it is shown only while that kernel is still the
    // one generated, so any change hides it (derived, never reset by an effect).
    let last_run = RwSignal::new(None::<(String, Result<Ran, String>)>);
    let current = Memo::new(move |_| {
        last_run.with(|r| {
            r.as_ref().is_some_and(|(wgsl, _)| {
                generated.with(|g| g.as_ref().is_ok_and(|g| g.shader.wgsl == *wgsl))
            })
        })
    });
    let running = RwSignal::new(false);
    let run = move |_| {
        let fill = shader.with_untracked(|s| s.opts().fill);
        let Ok(g) = generated.get_untracked() else {
            return;
        };
        let (shader_text, elements, wg) = (
            g.shader.wgsl.clone(),
            g.shader.elements,
            shader.with_untracked(|s| s.opts().workgroup_size),
        );
        let expected = match g.expected(fill) {
            Ok(e) => e,
            Err(e) => return last_run.set(Some((shader_text, Err(e.to_string())))),
        };
        running.set(true);
        let promise = run_gather(&shader_text, elements, expected.input_len, wg);
        on_settle(&promise, move |r| {
            running.set(false);
            last_run.set(Some((
                shader_text,
                r.map(|v| {
                    let output = js_sys::Int32Array::from(field(&v, "output")).to_vec();
                    Ran {
                        check: RunCheck::of(&expected.output, &output),
                        output,
                        ms: field(&v, "ms").as_string().unwrap_or_default(),
                        adapter: field(&v, "adapter").as_string().unwrap_or_default(),
                    }
                }),
            )));
        });
    };
    let gpu_grid = Signal::derive(move || {
        last_run.with(|r| match shown(r, current.get()) {
            Some(Ok(r)) => grid.with(|g| RunCheck::output_grid(g, &r.output)),
            _ => Default::default(),
        })
    });
    let gpu_box = NodeRef::<leptos::html::Div>::new();
    Effect::new(move |_| {
        let mut bad = SortedSet::new();
        last_run.with(|r| {
            if let Some(Ok(r)) = shown(r, current.get()) {
                bad.extend(r.check.mismatches.iter().map(|m| m.0));
            }
        });
        gpu_grid.track();
        if let Some(root) = gpu_box.get() {
            light(&root, "data-index", &bad, |_| "cell--bad");
        }
    });
    let status = RwSignal::new(String::new());
    let select_from = Draw::new(move |m| {
        panels::options(
            m,
            &mut Source::ALL
                .into_iter()
                .map(|s| (s.as_str().into(), s.title().into())),
            false,
        )
    });
    let text_field = move |f: OptField, id: &'static str, label: &'static str| {
        let value = Signal::derive(move || shader.with(|s| s.text(f).to_string()));
        let error = Signal::derive(move || shader.with(|s| s.error(f).map(ToString::to_string)));
        let on_input = Callback::new(move |text: String| shader.update(|s| s.set(f, &text)));
        view! { <TextField label test_id=id value error on_input class="field" /> }
    };
    view! {
        <div class="shader">
            <h1 class="visually-hidden">"Shader"</h1>
            <div class="panes">
                <div class="panes__controls">
                    <div class="fields" data-panel="editor">
                        <label class="field">
                            <span class="field__label">"generate from"</span>
                            <select
                                data-testid="shader-from"
                                use:markup=select_from
                                prop:value=move || shader.with(|s| s.from.as_str())
                                on:change=move |ev| {
                                    if let Some(from) = Source::parse(&event_target_value(&ev)) {
                                        shader.update(|s| s.from = from);
                                    }
                                }
                            ></select>
                        </label>
                        <label class="field" class:hidden=move || shader.with(|s| s.from != Source::Syno)>
                            <span class="field__label">"input of the chain"</span>
                            <select
                                data-testid="shader-input"
                                use:markup=Draw::new(move |m| {
                                    let n = pages.syno.with(|s| s.built().access.as_ref().map_or(1, |a| a.inputs.len()));
                                    panels::options(m, &mut (0..n).map(|k| (k.to_string(), format!("in{k}"))), false)
                                })
                                prop:value=move || shader.with(|s| s.input.to_string())
                                on:change=move |ev| {
                                    if let Ok(k) = event_target_value(&ev).parse::<usize>() {
                                        shader.update(|s| s.input = k);
                                    }
                                }
                            ></select>
                        </label>
                        <label class="field">
                            <span class="field__label">"index type"</span>
                            <select
                                data-testid="shader-type"
                                prop:value=move || shader.with(|s| s.opts().index_type.as_str())
                                on:change=move |ev| {
                                    let ty = event_target_value(&ev);
                                    shader.update(|s| s.set_index_type(&ty));
                                }
                            >
                                <option value="i32">"i32"</option>
                                <option value="u32">"u32"</option>
                            </select>
                        </label>
                        {text_field(OptField::Fill, "shader-fill", "fill value (masked elements)")}
                        {text_field(OptField::Workgroup, "shader-workgroup", "workgroup size (1–256)")}
                        <label class="field field--check">
                            <input
                                type="checkbox"
                                data-testid="shader-readable"
                                prop:checked=move || shader.with(|s| s.opts().readable)
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    shader.update(|s| s.set_readable(on));
                                }
                            />
                            <span class="field__label">"readable expressions (spaced); off: compact"</span>
                        </label>
                    </div>
                </div>
                <div class="panes__pictures">
                    <p class="field__error" data-testid="shader-error" role="alert" data-panel="code">
                        {move || generated.with(|g| g.as_ref().err().map(ToString::to_string))}
                    </p>
                    <p data-panel="code">
                        <a data-testid="shader-source" href=move || {
                            let from = shader.with(|s| s.from);
                            Route::new(from.page(), pages.query(from))
                                .with_theme(crate::ui::theme::current(theme))
                                .to_fragment()
                        }>
                            {move || format!("Edit {}", shader.with(|s| s.from.title()))}
                        </a>
                    </p>
                    <p data-testid="shader-summary" data-panel="code">
                        {move || generated.with(|g| g.as_ref().ok().map(|g| format!(
                            "{} elements · {} operations per element (offset and validity) · {} lines",
                            g.shader.elements,
                            g.shader.op_count,
                            g.lines.len()
                        )))}
                    </p>
                    <div class="export__head" data-panel="code">
                        <h2>"WGSL"</h2>
                        <button type="button" data-testid="copy-wgsl" on:click=move |_| copy(untrack(wgsl), status)>
                            "Copy"
                        </button>
                        <a
                            data-testid="download-wgsl"
                            download="layout-lab.wgsl"
                            href=move || panels::data_href("text/plain", &wgsl())
                        >
                            "Download"
                        </a>
                        <span class="note" role="status" data-testid="shader-copy-status">{move || status.get()}</span>
                    </div>
                    <pre
                        class="code wgsl"
                        tabindex="0"
                        aria-label="WGSL kernel"
                        data-panel="code"
                        data-testid="shader-code"
                        node_ref=code
                        on:mouseover=move |ev| {
                            let k = event_attribute(&ev, "data-line").and_then(|k| k.parse::<usize>().ok());
                            if line_hover.get_untracked() != k {
                                line_hover.set(k);
                            }
                        }
                        on:mouseleave=move |_| line_hover.set(None)
                    ></pre>
                </div>
                <div class="panes__controls">
                    <p class="hover-info" data-testid="shader-hover" aria-live="polite" data-panel="grid">
                        {move || hover_text().unwrap_or_else(|| "Hover a line of the shader or a cell.".to_string())}
                    </p>
                    <div class="shader-grids" data-panel="grid">
                        <section aria-label="Engine">
                            <h2>"Engine: offset of each element"</h2>
                            <PictureExport
                                picture=Callback::new(move |()| generated.with_untracked(|g| {
                                    let g = g.as_ref().map_err(ToString::to_string)?;
                                    Picture::of_cells(&g.cells, "offset of each element of the kernel")
                                }))
                                name="shader-grid"
                            />
                            <p class="note" data-testid="shader-grid-note">
                                {move || grids.with(|g| g.as_ref().and_then(|g| g.as_ref().err().map(ToString::to_string)))}
                            </p>
                            <GridView grid kind=GridKind::Pane("shader") hover lit label="Element offsets" />
                        </section>
                        <section aria-label="WebGPU run">
                            <h2>"WebGPU"</h2>
                            <p data-testid="gpu-unavailable" class="note">
                                {move || gpu.get().filter(|r| !r.is_empty()).map(|reason| format!(
                                    "WebGPU is not available here: {reason}. The project runs the check instead in its native tests: naga validates every generated shader and Mesa's lavapipe runs it on an arange buffer, element by element against the engine (cargo test -p layout-lab-shader-tests --test wgsl --test gpu)."
                                ))}
                            </p>
                            <button
                                type="button"
                                data-testid="gpu-run"
                                disabled=move || gpu.get().is_none_or(|r| !r.is_empty()) || running.get()
                                on:click=run
                            >
                                "Run on an arange buffer"
                            </button>
                            <p data-testid="gpu-result" role="status">
                                {move || last_run.with(|r| match (running.get(), shown(r, current.get())) {
                                    (true, _) => "running…".to_string(),
                                    (_, Some(Ok(r))) => format!("{} · {} ms on {}", r.check.summary(), r.ms, r.adapter),
                                    (_, Some(Err(e))) => format!("run failed: {e}"),
                                    (_, None) => String::new(),
                                })}
                            </p>
                            <div node_ref=gpu_box class:hidden=move || last_run.with(|r| !matches!(shown(r, current.get()), Some(Ok(_))))>
                                <GridView grid=gpu_grid kind=GridKind::Pane("gpu") hover lit label="What the GPU wrote" />
                            </div>
                        </section>
                    </div>
                </div>
            </div>
        </div>
    }
}
