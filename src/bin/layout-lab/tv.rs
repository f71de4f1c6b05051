//! `render --mma` and `render --copy`: a TiledMMA's A, B and C, or a TiledCopy's source and
//! destination, as CuTe's `print_latex` draws them, as SVG or as `print_latex`'s LaTeX file;
//! and the MMA and copy those flags build, which `partition` cuts by.

use layout_lab::engine::cute::mma::parse_atom_layout;
use layout_lab::engine::cute::{
    CopyAtom, CppLayout, CppTiler, MmaAtom, Operand, TiledCopy, TiledMma,
};
use layout_lab::panels::tv_picture::{copy_grids, copy_latex, mma_grids, mma_latex, tv_svg};

use crate::cli::{RenderArgs, TiledArgs};

/// Most tile elements a picture draws (a 64 × 256 C and its A and B fit many times over).
const LIMIT: usize = 1 << 20;

pub(crate) fn tiled_mma(args: &TiledArgs, atom: &str) -> Result<TiledMma, String> {
    let atom = MmaAtom::parse(atom).map_err(|e| format!("--mma: {e}"))?;
    let layout = parse_atom_layout(&args.atom_layout).map_err(|e| format!("--atom-layout: {e}"))?;
    let permutation = match &args.permutation {
        None => Vec::new(),
        Some(text) => match CppTiler::parse(text).map_err(|e| format!("--permutation: {e}"))? {
            CppTiler::Tuple(items) => items,
            one => vec![one],
        },
    };
    TiledMma::new(atom, layout, permutation).map_err(|e| e.to_string())
}

pub(crate) fn tiled_copy(args: &TiledArgs, atom: &str) -> Result<TiledCopy, String> {
    let atom = CopyAtom::parse(atom, args.element_bits).map_err(|e| format!("--copy: {e}"))?;
    if let Some(mma) = &args.mma {
        return TiledCopy::for_mma(atom, &tiled_mma(args, mma)?, operand(args)?)
            .map_err(|e| e.to_string());
    }
    let layout = |text: &Option<String>, flag: &str| -> Result<CppLayout, String> {
        let text = text
            .as_deref()
            .ok_or(format!("{flag}: needed with --copy (or give --mma)"))?;
        CppLayout::parse(text).map_err(|e| format!("{flag}: {e}"))
    };
    TiledCopy::new(
        atom,
        &layout(&args.thr, "--thr")?,
        &layout(&args.val, "--val")?,
    )
    .map_err(|e| e.to_string())
}

/// `--operand`.
pub(crate) fn operand(args: &TiledArgs) -> Result<Operand, String> {
    match args.operand.as_str() {
        "a" | "A" => Ok(Operand::A),
        "b" | "B" => Ok(Operand::B),
        "c" | "C" => Ok(Operand::C),
        other => Err(format!("--operand: a, b or c, not `{other}`")),
    }
}

/// The picture `args` asks for, or `None` when it names no MMA and no copy.
pub(crate) fn render(render: &RenderArgs) -> Option<Result<String, String>> {
    let args = &render.tiled;
    if args.copy.is_none() && args.mma.is_none() {
        return None;
    }
    let latex = match render.format.as_str() {
        "latex" | "tikz" => true,
        "svg" => false,
        other => {
            return Some(Err(format!(
                "--format: svg or latex for --mma and --copy, not `{other}`"
            )))
        }
    };
    Some(match (&args.copy, &args.mma) {
        (Some(copy), _) => tiled_copy(args, copy).and_then(|c| {
            let grids = copy_grids(&c, LIMIT)?;
            Ok(match latex {
                true => copy_latex(&grids),
                false => tv_svg(&grids, &format!("{} over {}", c.atom().name(), grids[0].tv)),
            })
        }),
        (None, Some(mma)) => tiled_mma(args, mma).and_then(|m| {
            let grids = mma_grids(&m, LIMIT)?;
            Ok(match latex {
                true => mma_latex(&grids),
                false => tv_svg(
                    &grids,
                    &format!("{} over {}", m.atom().name(), m.atom_layout()),
                ),
            })
        }),
        (None, None) => return None,
    })
}
