//! `layout-lab`: the native command line for documentation pipelines and reference checks.

use std::collections::BTreeMap;
use std::process::ExitCode;

use layout_lab::engine::cute::Layout;
use layout_lab::engine::syno::{presets as syno_presets, Bindings, TensorId};
use layout_lab::engine::tinygrad_repr::parse_tracker;
use layout_lab::engine::wgsl::{
    layout_shader, syno_shader, tracker_shader, IndexType, ShaderOptions,
};
use layout_lab::engine::ShapeTracker;
use layout_lab::state::views::apply_op_list;
use layout_lab::vectors::{case_tracker, check_file_text, op_counts, summarize};

/// `print!` to stdout; when the reader has gone (`layout-lab stats … | head`) the program ends
/// quietly with success, as Unix tools do, where `print!` would panic.
macro_rules! out {
    ($($arg:tt)*) => {
        write_stdout(format_args!($($arg)*))
    };
}

/// `println!` to stdout, ending quietly as [`out!`] does when the reader has gone.
macro_rules! outln {
    ($($arg:tt)*) => {
        write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

fn write_stdout(args: std::fmt::Arguments) {
    use std::io::Write;
    if let Err(error) = std::io::stdout().lock().write_fmt(args) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("layout-lab: cannot write to stdout: {error}");
        std::process::exit(1);
    }
}

const USAGE: &str = "usage:
  layout-lab check FILE.jsonl...   check reference-vector files; ends with `N passed, M failed`
  layout-lab stats [--more] [--cases] FILE.jsonl...
                                   operation counts of our idx/valid against tinygrad's;
                                   --more prints each case where ours has more, both ways;
                                   --cases prints every case's counts (FILE:LINE, 0-based)
  layout-lab render (--layout CUTE | --view REPR | --shape S --ops OPS | --morphism F
                    | --syno CALL [--input K]) [--format svg|tikz|expr|wgsl]
                                   a picture (svg, tikz: the grid of a layout, of a view stack,
                                   of what a Syno input is read at over the loops; the arrow
                                   diagram of a morphism, or of composable ones `F; G; …`
                                   pasted), the expressions or the shader;
                                   --ops applies an op list to --view, or to --shape's view
  layout-lab wgsl (--layout CUTE | --view REPR | --syno CALL [--input K]) [--u32] [--fill N]
                  [--workgroup N] [--compact]
                                   the WebGPU gather kernel of a CuTe layout, a tinygrad
                                   View(...) / ShapeTracker(views=(...)), or input K (default 0)
                                   of a Syno preset such as matmul(4, 8, 16), on stdout";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.split_first() {
        Some((command, files)) if command == "check" && !files.is_empty() => check(files),
        Some((command, files)) if command == "stats" && !files.is_empty() => stats(files),
        Some((command, rest)) if command == "wgsl" => wgsl(rest),
        Some((command, rest)) if command == "render" => render(rest),
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn check(files: &[String]) -> ExitCode {
    let (mut passed, mut failed) = (0usize, 0usize);
    for path in files {
        let results = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|text| check_file_text(&text));
        let results = match results {
            Ok(results) => results,
            Err(error) => {
                eprintln!("{path}: {error}");
                failed += 1;
                continue;
            }
        };
        for (kind, ok, bad, first) in summarize(&results) {
            let failing = if first.is_empty() {
                String::new()
            } else {
                format!("  first failing: {}", first.join(", "))
            };
            outln!("{path} [{kind}]: {ok} passed, {bad} failed{failing}");
            passed += ok;
            failed += bad;
        }
        if let Some(first) = results.iter().find(|r| r.failure.is_some()) {
            outln!(
                "  {}: {}",
                first.id,
                first.failure.as_deref().unwrap_or_default()
            );
        }
    }
    outln!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// A kind's counts: fewer / equal / more cases, cases, our and tinygrad's operations, and the
/// cases per difference in operations.
type Row = (
    String,
    [usize; 3],
    usize,
    usize,
    usize,
    BTreeMap<i64, usize>,
);

/// Per file and kind: cases where our `idx + valid` has fewer / equal / more operations than
/// tinygrad's rendered expressions, the totals, and the distribution of the differences.
fn stats(args: &[String]) -> ExitCode {
    let show_more = args.iter().any(|a| a == "--more");
    let show_cases = args.iter().any(|a| a == "--cases");
    let mut status = ExitCode::SUCCESS;
    for path in args.iter().filter(|a| *a != "--more" && *a != "--cases") {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => {
                eprintln!("{path}: {error}");
                status = ExitCode::FAILURE;
                continue;
            }
        };
        let mut rows: Vec<Row> = Vec::new();
        let lines = text.lines().enumerate();
        for (number, line) in lines.filter(|(_, l)| !l.trim().is_empty()) {
            let Ok(case) = serde_json::from_str::<serde_json::Value>(line) else {
                eprintln!("{path}: a line is not JSON");
                status = ExitCode::FAILURE;
                continue;
            };
            let Some(kind) = case.get("kind").and_then(|k| k.as_str()) else {
                continue;
            };
            let multi = case
                .pointer("/final/views")
                .and_then(|v| v.as_array())
                .is_some_and(|v| v.len() > 1);
            let kind = if multi {
                format!("{kind}, multi-view")
            } else {
                kind.to_string()
            };
            match op_counts(kind.split(',').next().unwrap_or_default(), &case) {
                Ok(Some(counts)) => {
                    let index = rows.iter().position(|r| r.0 == kind).unwrap_or_else(|| {
                        rows.push((kind.clone(), [0; 3], 0, 0, 0, BTreeMap::new()));
                        rows.len() - 1
                    });
                    let row = &mut rows[index];
                    let ours = counts.ours_idx + counts.ours_valid;
                    let theirs = counts.tinygrad_idx + counts.tinygrad_valid;
                    if show_cases {
                        outln!("  case {path}:{number} [{kind}]: ours {ours}, tinygrad {theirs}");
                    }
                    // counts are far below i64::MAX
                    *row.5.entry(ours as i64 - theirs as i64).or_insert(0usize) += 1;
                    if show_more && ours > theirs {
                        print_both(kind.split(',').next().unwrap_or_default(), &case);
                    }
                    row.1[usize::from(ours >= theirs) + usize::from(ours > theirs)] += 1;
                    row.2 += 1;
                    row.3 += ours;
                    row.4 += theirs;
                }
                Ok(None) => {}
                Err(error) => {
                    eprintln!("{path}: {error}");
                    status = ExitCode::FAILURE;
                }
            }
        }
        for (kind, [fewer, equal, more], cases, ours, theirs, differences) in rows {
            outln!(
                "{path} [{kind}]: {cases} cases: fewer {fewer}, equal {equal}, more {more}; operations ours {ours}, tinygrad {theirs}"
            );
            let shown: Vec<String> = differences
                .iter()
                .map(|(d, n)| format!("{d:+}: {n}"))
                .collect();
            outln!("  ours - tinygrad (cases): {}", shown.join(", "));
        }
    }
    status
}

/// A case's expressions, tinygrad's and ours, for `stats --more`.
fn print_both(kind: &str, case: &serde_json::Value) {
    let Ok(Some((tracker, idx, valid))) = case_tracker(kind, case) else {
        return;
    };
    let ours = tracker.index_exprs();
    for view in tracker.views() {
        outln!("{view}");
    }
    outln!("  tinygrad idx:   {idx}");
    outln!("  tinygrad valid: {valid}");
    outln!("  ours idx:       {}", ours.arena.render_tinygrad(ours.idx));
    outln!(
        "  ours valid:     {}",
        ours.arena.render_tinygrad(ours.valid)
    );
}

/// `layout-lab wgsl`: parses the options, prints the shader or the error.
fn wgsl(args: &[String]) -> ExitCode {
    let mut opts = ShaderOptions::default();
    let mut source: Option<(&str, &str)> = None;
    let mut input = 0usize;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = || it.next().map(String::as_str);
        let parsed = match arg.as_str() {
            "--input" => value().and_then(|v| v.parse().ok()).map(|v| input = v),
            "--layout" | "--view" | "--syno" => value().map(|v| source = Some((arg.as_str(), v))),
            "--u32" => {
                opts.index_type = IndexType::U32;
                Some(())
            }
            "--compact" => {
                opts.readable = false;
                Some(())
            }
            "--fill" => value().and_then(|v| v.parse().ok()).map(|v| opts.fill = v),
            "--workgroup" => value()
                .and_then(|v| v.parse().ok())
                .map(|v| opts.workgroup_size = v),
            _ => None,
        };
        if parsed.is_none() {
            eprintln!("wgsl: bad or incomplete option `{arg}`\n{USAGE}");
            return ExitCode::from(2);
        }
    }
    let shader = match source {
        Some(("--layout", text)) => Layout::parse(text)
            .and_then(|l| layout_shader(&l, &opts))
            .map_err(|e| e.to_string()),
        Some(("--syno", text)) => syno_presets::parse(text)
            .and_then(|op| op.access(&Bindings::new()))
            .map_err(|e| e.to_string())
            .and_then(|access| syno_shader(&access, input, &opts).map_err(|e| e.to_string())),
        Some((_, text)) => parse_tracker(text)
            .and_then(|t| tracker_shader(&t, &opts))
            .map_err(|e| e.to_string()),
        None => {
            eprintln!("wgsl: give --layout, --view or --syno\n{USAGE}");
            return ExitCode::from(2);
        }
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
fn render(args: &[String]) -> ExitCode {
    let usage = |what: &str| {
        eprintln!("render: {what}\n{USAGE}");
        ExitCode::from(2)
    };
    let mut format = "svg".to_string();
    let mut given: Vec<(String, String)> = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match (arg.as_str(), it.next()) {
            ("--format", Some(v)) => format = v.clone(),
            (
                "--layout" | "--view" | "--morphism" | "--syno" | "--shape" | "--ops" | "--input",
                Some(v),
            ) => given.push((arg.clone(), v.clone())),
            _ => return usage(&format!("bad or incomplete option `{arg}`")),
        }
    }
    let get = |key: &str| given.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    let has = |key: &str| given.iter().any(|(k, _)| k == key);
    let stray = (has("--input") && !has("--syno"))
        || ((has("--shape") || has("--ops"))
            && (has("--layout") || has("--morphism") || has("--syno")));
    if stray
        || given
            .iter()
            .enumerate()
            .any(|(i, (k, _))| given[..i].iter().any(|(j, _)| j == k))
    {
        return usage("--input goes with --syno, --shape and --ops with view stacks, each once");
    }
    let source = match (
        get("--layout"),
        get("--view"),
        get("--morphism"),
        get("--syno"),
    ) {
        (Some(l), None, None, None) => Ok(Source::Layout(l)),
        (None, None, Some(m), None) => Ok(Source::Morphism(m)),
        (None, None, None, Some(call)) => match get("--input").map(|k| k.parse::<usize>()) {
            None => Ok(Source::Syno(call, 0)),
            Some(Ok(k)) => Ok(Source::Syno(call, k)),
            Some(Err(_)) => return usage("--input takes an input number"),
        },
        (None, view, None, None) => base_tracker(view.as_deref(), get("--shape").as_deref())
            .and_then(|t| match get("--ops") {
                Some(ops) => apply_op_list(t, &ops),
                None => Ok(t),
            })
            .map(Source::Tracker),
        _ => {
            return usage(
                "give one of --layout, --view (or --shape) with --ops, --morphism, --syno",
            )
        }
    };
    match source.and_then(|source| render_text(&source, &format)) {
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
    use layout_lab::engine::morphism::{chain_tikz, diagram::Diagram, Morphism};
    use layout_lab::state::picture::Picture;
    use layout_lab::state::shader::Cells;
    let e = |e: layout_lab::engine::LayoutError| e.to_string();
    let expressions = |exprs: layout_lab::engine::IndexExprs| {
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
                "svg" => Ok(Diagram::chain(&chain).map_err(e)?.to_svg()),
                "tikz" => chain_tikz(&chain).map_err(e),
                other => Err(format!("a morphism renders as svg or tikz, not `{other}`")),
            }
        }
        Source::Layout(text) => {
            let layout = Layout::parse(text).map_err(e)?;
            match format {
                "wgsl" => Ok(layout_shader(&layout, &opts).map_err(e)?.wgsl),
                "expr" => {
                    let view = layout_lab::engine::cute::convert::view_from_layout(&layout)
                        .map_err(|e| e.to_string())?;
                    Ok(expressions(layout_lab::engine::IndexExprs::of_view(&view)))
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
