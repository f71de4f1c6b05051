//! `render` and `wgsl`: the app's pictures, expressions and kernels, for documentation.

use std::process::ExitCode;

use engine::cute::{ComposedLayout, Layout};
use engine::morphism::Morphism;
use engine::syno::{presets as syno_presets, Access, Bindings, TensorId};
use engine::view::op_text::apply_op_list;
use engine::view::tinygrad_repr::parse_tracker;
use engine::wgsl::{layout_shader, syno_shader, tracker_shader, Cells, IndexType, ShaderOptions};
use engine::ShapeTracker;
use model::draw::diagram::Diagram;
use model::panels::diagram::standalone_svg;
use model::panels::picture::Picture;
use model::panels::tikz::chain_tikz;

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

/// One source in `format`, by the kind of notation it is.
fn render_text(source: &Source, format: &str) -> Result<String, String> {
    match source {
        Source::Morphism(text) => render_morphism(text, format),
        Source::Layout(text) => match parse_layout(text)? {
            Parsed::Plain(layout) => render_layout(&layout, format),
            Parsed::Swizzled(composed) => render_swizzled(&composed, format),
        },
        Source::Tracker(tracker) => render_tracker(tracker, format),
        Source::Syno(call, input) => {
            let access = syno_input_access(call, *input)?;
            render_syno(access, call, *input, format)
        }
    }
}

/// `idx` and `valid` readable, then as tinygrad renders them.
fn expressions(exprs: engine::IndexExprs) -> String {
    format!(
        "idx   = {}\nvalid = {}\n# tinygrad style\nidx   = {}\nvalid = {}\n",
        exprs.arena.render_readable(exprs.idx),
        exprs.arena.render_readable(exprs.valid),
        exprs.arena.render_tinygrad(exprs.idx),
        exprs.arena.render_tinygrad(exprs.valid)
    )
}

/// The picture as SVG for `svg`, as TikZ for any other format the caller let through.
fn draw(picture: Picture, format: &str) -> String {
    if format == "svg" {
        picture.svg()
    } else {
        picture.tikz()
    }
}

/// One morphism, or a chain `f; g; …` pasted along the shared columns.
fn render_morphism(text: &str, format: &str) -> Result<String, String> {
    let chain = text
        .split(';')
        .map(|f| Morphism::parse(f.trim()).map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let chain: Vec<&Morphism> = chain.iter().collect();
    match format {
        "svg" => Ok(standalone_svg(
            &Diagram::chain(&chain).map_err(|e| e.to_string())?,
        )),
        "tikz" => chain_tikz(&chain).map_err(|e| e.to_string()),
        other => Err(format!("a morphism renders as svg or tikz, not `{other}`")),
    }
}

/// A `--layout` as parsed: a plain layout, or a swizzled one `Sw<B,M,S> o O o L`.
enum Parsed {
    Plain(Layout),
    Swizzled(ComposedLayout),
}

/// A plain layout if the text is one, else a swizzled one; the plain parser's error if neither.
fn parse_layout(text: &str) -> Result<Parsed, String> {
    match Layout::parse(text) {
        Ok(layout) => Ok(Parsed::Plain(layout)),
        Err(error) => ComposedLayout::parse(text)
            .map(Parsed::Swizzled)
            .map_err(|_| error.to_string()),
    }
}

/// A plain layout's picture, its expressions as a view, or its shader.
fn render_layout(layout: &Layout, format: &str) -> Result<String, String> {
    match format {
        "wgsl" => Ok(layout_shader(layout, &ShaderOptions::default())
            .map_err(|e| e.to_string())?
            .wgsl),
        "expr" => {
            let view = engine::cute::pycute::convert::view_from_layout(layout)
                .map_err(|e| e.to_string())?;
            Ok(expressions(engine::IndexExprs::of_view(&view)))
        }
        "svg" | "tikz" => Ok(draw(Picture::of_layout(layout)?, format)),
        other => Err(format!(
            "a layout renders as svg, tikz, expr or wgsl, not `{other}`"
        )),
    }
}

/// A swizzled layout draws; it has no shader or expressions yet.
fn render_swizzled(composed: &ComposedLayout, format: &str) -> Result<String, String> {
    match format {
        "svg" | "tikz" => Ok(draw(Picture::of_composed(composed)?, format)),
        other => Err(format!(
            "a swizzled layout renders as svg or tikz, not `{other}`"
        )),
    }
}

/// A view stack's picture, expressions or shader.
fn render_tracker(tracker: &ShapeTracker, format: &str) -> Result<String, String> {
    match format {
        "wgsl" => Ok(tracker_shader(tracker, &ShaderOptions::default())
            .map_err(|e| e.to_string())?
            .wgsl),
        "expr" => Ok(expressions(tracker.index_exprs())),
        "svg" | "tikz" => Ok(draw(Picture::of_tracker(tracker)?, format)),
        other => Err(format!(
            "a view renders as svg, tikz, expr or wgsl, not `{other}`"
        )),
    }
}

/// The preset's access, once `input` is known to number one of its inputs.
fn syno_input_access(call: &str, input: usize) -> Result<Access, String> {
    let access = syno_presets::parse(call)
        .and_then(|op| op.access(&Bindings::new()))
        .map_err(|e| e.to_string())?;
    if access.inputs.get(input).is_none() {
        return Err(format!(
            "{call} has {} inputs, numbered from 0; there is no input {input}",
            access.inputs.len()
        ));
    }
    Ok(access)
}

/// One Syno input's access expression, its picture over the loops, or its shader.
fn render_syno(access: Access, call: &str, input: usize, format: &str) -> Result<String, String> {
    match format {
        "wgsl" => Ok(syno_shader(&access, input, &ShaderOptions::default())
            .map_err(|e| e.to_string())?
            .wgsl),
        "expr" => Ok(format!(
            "{}\n",
            access.render_input(TensorId(input)).unwrap_or_default()
        )),
        "svg" | "tikz" => {
            // over the loops (outputs, then reductions), the row-major index of the
            // element of the input read there, as the gather kernel computes it
            let cells = Cells::Syno(Box::new(access), input);
            let title = format!("in{input} of {call} over its loops");
            Ok(draw(Picture::of_cells(&cells, &title)?, format))
        }
        other => Err(format!(
            "a Syno input renders as svg, tikz, expr or wgsl, not `{other}`"
        )),
    }
}
