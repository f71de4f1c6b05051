//! `render` and `wgsl`: the app's pictures, expressions and kernels, for documentation.

use std::process::ExitCode;

use engine::cute::{ComposedLayout, Layout};
use engine::syno::{presets as syno_presets, Bindings, TensorId};
use engine::view::op_text::apply_op_list;
use engine::view::tinygrad_repr::parse_tracker;
use engine::wgsl::{layout_shader, syno_shader, tracker_shader, IndexType, ShaderOptions};
use engine::ShapeTracker;

use crate::cli::{out, RenderArgs, WgslArgs};

/// `layout-lab wgsl`: the shader, or the error.
pub(crate) fn wgsl(args: &WgslArgs) -> ExitCode {
    let mut opts = ShaderOptions::default();
    if args.u32 {
        opts.index_type = IndexType::U32;
    }
    opts.readable = !args.compact;
    if let Some(fill) = args.fill {
        opts.fill = fill;
    }
    if let Some(size) = args.workgroup {
        opts.workgroup_size = size;
    }
    let shader = match (&args.layout, &args.view, &args.syno) {
        (Some(text), _, _) => Layout::parse(text)
            .and_then(|l| layout_shader(&l, &opts))
            .map_err(|e| e.to_string()),
        (_, _, Some(text)) => syno_presets::parse(text)
            .and_then(|op| op.access(&Bindings::new()))
            .map_err(|e| e.to_string())
            .and_then(|access| syno_shader(&access, args.input, &opts).map_err(|e| e.to_string())),
        (_, Some(text), _) => parse_tracker(text)
            .and_then(|t| tracker_shader(&t, &opts))
            .map_err(|e| e.to_string()),
        (None, None, None) => Err("give --layout, --view or --syno".into()),
    };
    match shader {
        Ok(shader) => {
            out!("{}", shader.wgsl);
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("wgsl: {error}");
            ExitCode::FAILURE
        }
    }
}

/// What `render` draws: a notation as typed, or the view stack an op list made.
enum Source {
    Layout(String),
    Tracker(ShapeTracker),
    Morphism(String),
    Syno(String, usize),
}

/// `layout-lab render`: the same notations as the app, written as a picture, the expressions
/// or the shader.
pub(crate) fn render(args: &RenderArgs) -> ExitCode {
    if let Some(text) = &args.triton {
        return crate::triton::render(args, text);
    }
    let picture = match crate::tv::render(args) {
        Some(picture) => picture,
        None => {
            let source = match (&args.layout, &args.morphism, &args.syno) {
                (Some(l), None, None) => Ok(Source::Layout(l.clone())),
                (None, Some(m), None) => Ok(Source::Morphism(m.clone())),
                (None, None, Some(call)) => Ok(Source::Syno(call.clone(), args.input.unwrap_or(0))),
                (None, None, None) => base_tracker(args.view.as_deref(), args.shape.as_deref())
                    .and_then(|t| match &args.ops {
                        Some(ops) => apply_op_list(t, ops),
                        None => Ok(t),
                    })
                    .map(Source::Tracker),
                _ => {
                    eprintln!(
                        "render: give one of --layout, --view (or --shape) with --ops, --morphism, --syno, --mma, --copy"
                    );
                    return ExitCode::from(2);
                }
            };
            source.and_then(|source| render_text(&source, &args.format))
        }
    };
    match picture {
        Ok(out) => {
            out!("{out}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("render: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The stack `--view` gives, or the compact view of `--shape` (sizes separated by commas).
fn base_tracker(view: Option<&str>, shape: Option<&str>) -> Result<ShapeTracker, String> {
    match (view, shape) {
        (Some(repr), None) => parse_tracker(repr).map_err(|e| e.to_string()),
        (None, Some(shape)) => {
            let sizes = shape
                .split(',')
                .map(|d| d.trim().parse::<i64>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| format!("--shape takes sizes such as 3,4, not `{shape}`"))?;
            ShapeTracker::from_shape(&sizes).map_err(|e| e.to_string())
        }
        (Some(_), Some(_)) => Err("give --view or --shape, not both".into()),
        (None, None) => {
            Err("give --layout, --view, --shape with --ops, --morphism or --syno".into())
        }
    }
}

fn render_text(source: &Source, format: &str) -> Result<String, String> {
    use engine::morphism::Morphism;
    use engine::wgsl::Cells;
    use model::draw::diagram::Diagram;
    use model::panels::diagram::standalone_svg;
    use model::panels::picture::Picture;
    use model::panels::tikz::chain_tikz;
    let e = |e: engine::LayoutError| e.to_string();
    let expressions = |exprs: engine::IndexExprs| {
        format!(
            "idx   = {}\nvalid = {}\n# tinygrad style\nidx   = {}\nvalid = {}\n",
            exprs.arena.render_readable(exprs.idx),
            exprs.arena.render_readable(exprs.valid),
            exprs.arena.render_tinygrad(exprs.idx),
            exprs.arena.render_tinygrad(exprs.valid)
        )
    };
    let draw = |p: Picture| if format == "svg" { p.svg() } else { p.tikz() };
    let opts = ShaderOptions::default();
    match source {
        Source::Morphism(text) => {
            // one morphism, or a chain `f; g; …` pasted along the shared columns
            let chain = text
                .split(';')
                .map(|f| Morphism::parse(f.trim()).map_err(e))
                .collect::<Result<Vec<_>, _>>()?;
            let chain: Vec<&Morphism> = chain.iter().collect();
            match format {
                "svg" => Ok(standalone_svg(&Diagram::chain(&chain).map_err(e)?)),
                "tikz" => chain_tikz(&chain).map_err(e),
                other => Err(format!("a morphism renders as svg or tikz, not `{other}`")),
            }
        }
        Source::Layout(text) => {
            let layout = match Layout::parse(text) {
                Ok(layout) => layout,
                Err(error) => {
                    // a swizzled layout `Sw<B,M,S> o O o L` draws; it has no shader or
                    // expressions yet
                    let Ok(composed) = ComposedLayout::parse(text) else {
                        return Err(error.to_string());
                    };
                    return match format {
                        "svg" | "tikz" => Ok(draw(Picture::of_composed(&composed)?)),
                        other => Err(format!(
                            "a swizzled layout renders as svg or tikz, not `{other}`"
                        )),
                    };
                }
            };
            match format {
                "wgsl" => Ok(layout_shader(&layout, &opts).map_err(e)?.wgsl),
                "expr" => {
                    let view = engine::cute::pycute::convert::view_from_layout(&layout)
                        .map_err(|e| e.to_string())?;
                    Ok(expressions(engine::IndexExprs::of_view(&view)))
                }
                "svg" | "tikz" => Ok(draw(Picture::of_layout(&layout)?)),
                other => Err(format!(
                    "a layout renders as svg, tikz, expr or wgsl, not `{other}`"
                )),
            }
        }
        Source::Tracker(tracker) => match format {
            "wgsl" => Ok(tracker_shader(tracker, &opts).map_err(e)?.wgsl),
            "expr" => Ok(expressions(tracker.index_exprs())),
            "svg" | "tikz" => Ok(draw(Picture::of_tracker(tracker)?)),
            other => Err(format!(
                "a view renders as svg, tikz, expr or wgsl, not `{other}`"
            )),
        },
        Source::Syno(call, input) => {
            let access = syno_presets::parse(call)
                .and_then(|op| op.access(&Bindings::new()))
                .map_err(|e| e.to_string())?;
            if access.inputs.get(*input).is_none() {
                return Err(format!(
                    "{call} has {} inputs, numbered from 0; there is no input {input}",
                    access.inputs.len()
                ));
            }
            match format {
                "wgsl" => Ok(syno_shader(&access, *input, &opts)
                    .map_err(|e| e.to_string())?
                    .wgsl),
                "expr" => Ok(format!(
                    "{}\n",
                    access.render_input(TensorId(*input)).unwrap_or_default()
                )),
                "svg" | "tikz" => {
                    // over the loops (outputs, then reductions), the row-major index of the
                    // element of the input read there, as the gather kernel computes it
                    let cells = Cells::Syno(Box::new(access), *input);
                    let title = format!("in{input} of {call} over its loops");
                    Ok(draw(Picture::of_cells(&cells, &title)?))
                }
                other => Err(format!(
                    "a Syno input renders as svg, tikz, expr or wgsl, not `{other}`"
                )),
            }
        }
    }
}
