//! `render --triton`: a Triton layout over a tensor, as its linear layout printed as Triton 3.6
//! prints it (`LinearLayout::toString()`) and a table of who holds each element (text: register,
//! lane and warp; a shared layout's offset), or as a coloured grid (svg).

use std::fmt::Write;
use std::process::ExitCode;

use engine::linear::{Holders, TritonText};
use model::panels::triton_picture::triton_svg;

use crate::cli::{out, RenderArgs};

/// Most tensor elements listed or drawn.
const MAX_ELEMENTS: usize = 1 << 16;
/// Most (register, lane, warp, block) or (offset, block) inputs walked to find them.
const MAX_INPUTS: usize = 1 << 20;
/// Holders listed in full for one element; past this, the first ones and the count.
const LISTED: usize = 8;

/// Bad input (exit 2, as clap's usage errors) or a layout that cannot be shown (exit 1).
enum Failure {
    Input(String),
    Output(String),
}

/// `layout-lab render --triton TEXT [--shape S] [--format text|svg]`.
pub(crate) fn render(args: &RenderArgs, text: &str) -> ExitCode {
    match picture(args, text) {
        Ok(picture) => {
            out!("{picture}");
            ExitCode::SUCCESS
        }
        Err(Failure::Input(error)) => {
            eprintln!("render: {error}");
            ExitCode::from(2)
        }
        Err(Failure::Output(error)) => {
            eprintln!("render: {error}");
            ExitCode::FAILURE
        }
    }
}

fn picture(args: &RenderArgs, text: &str) -> Result<String, Failure> {
    let svg = match args.format.as_str() {
        "svg" => true,
        "text" => false,
        other => {
            return Err(Failure::Input(format!(
                "--format: text or svg for --triton, not `{other}`"
            )))
        }
    };
    let source = TritonText::parse(text).map_err(|e| Failure::Input(format!("--triton: {e}")))?;
    let given = args.shape.as_deref().map(parse_shape).transpose()?;
    let shape =
        match (source.shape(), given) {
            (Some(typed), Some(given)) if typed != given.as_slice() => {
                return Err(Failure::Input(format!(
                    "--shape {} differs from the tensor type's {}",
                    by_x(&given),
                    by_x(typed)
                )))
            }
            (Some(typed), _) => typed.to_vec(),
            (None, Some(given)) => given,
            (None, None) => return Err(Failure::Input(
                "--triton with a layout attribute needs --shape (sizes such as 32,64), or give a \
                 tensor type `tensor<32x64xf32, #ttg...>`"
                    .into(),
            )),
        };
    let layout = source.layout();
    if shape.len() != layout.rank() {
        return Err(Failure::Input(format!(
            "--shape {} has {} sizes; the layout is of rank {}",
            by_x(&shape),
            shape.len(),
            layout.rank()
        )));
    }
    let linear = layout
        .to_linear_layout(&shape)
        .map_err(|e| Failure::Input(format!("{} over {}: {e}", layout, by_x(&shape))))?;
    let holders = Holders::of(&linear, MAX_ELEMENTS, MAX_INPUTS)
        .map_err(|e| Failure::Output(e.to_string()))?;
    let title = format!("{} over {}", layout, by_x(&shape));
    if svg {
        return triton_svg(&holders, &title).map_err(Failure::Output);
    }
    // Triton's own print of the layout first, byte for byte what `print(layout)` shows
    let mut text = linear.to_triton_string();
    let _ = writeln!(text, "\n{title}");
    // the block is named only when the layout spans several
    let named: Vec<&str> = layout
        .in_dims()
        .iter()
        .copied()
        .filter(|name| *name != "block")
        .collect();
    let _ = writeln!(text, "element -> {}", named.join(", "));
    for index in 0..holders.len() {
        let coord = holders.coord_from_index(index);
        let held = holders.of_element(index);
        let labels: Vec<String> = held
            .iter()
            .take(LISTED)
            .map(|&x| holders.label(x))
            .collect();
        let listed = match held.len() {
            0 => "nobody".to_string(),
            n if n > LISTED => format!("{}, … ({n} in all)", labels.join(", ")),
            _ => labels.join(", "),
        };
        let coord: Vec<String> = coord.iter().map(u32::to_string).collect();
        let _ = writeln!(text, "({}) -> {listed}", coord.join(", "));
    }
    Ok(text)
}

/// `32,64`.
fn parse_shape(text: &str) -> Result<Vec<u32>, Failure> {
    text.split(',')
        .map(|d| d.trim().parse::<u32>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| Failure::Input(format!("--shape takes sizes such as 32,64, not `{text}`")))
}

/// `32x64`.
fn by_x(shape: &[u32]) -> String {
    let sizes: Vec<String> = shape.iter().map(u32::to_string).collect();
    sizes.join("x")
}
