//! `render --mma` and `render --copy`: a TiledMMA's A, B and C, or a TiledCopy's source and
//! destination, as CuTe's `print_latex` draws them, as SVG or as `print_latex`'s LaTeX file;
//! and the MMA and copy those flags build, which `partition` cuts by.

use engine::cute::{copy_grids, mma_grids, Operand, TiledCopy, TiledMma};
use model::panels::tv_picture::{copy_latex, mma_latex, tv_svg};

use crate::cli::{RenderArgs, TiledArgs};
use crate::tiled::{CopySpec, MmaSpec};

/// Most tile elements a picture draws (a 64 × 256 C and its A and B fit many times over).
const LIMIT: usize = 1 << 20;

fn mma_spec<'a>(args: &'a TiledArgs, atom: &'a str) -> MmaSpec<'a> {
    MmaSpec {
        atom,
        atom_layout: &args.atom_layout,
        permutation: args.permutation.as_deref(),
    }
}

pub(crate) fn tiled_mma(args: &TiledArgs, atom: &str) -> Result<TiledMma, String> {
    crate::tiled::tiled_mma(&mma_spec(args, atom))
}

pub(crate) fn tiled_copy(args: &TiledArgs, atom: &str) -> Result<TiledCopy, String> {
    crate::tiled::tiled_copy(&CopySpec {
        atom,
        element_bits: args.element_bits,
        mma: args.mma.as_deref().map(|mma| mma_spec(args, mma)),
        operand: &args.operand,
        thr: args.thr.as_deref(),
        val: args.val.as_deref(),
        tmem: args.tmem.as_deref(),
    })
}

/// `--operand`.
pub(crate) fn operand(args: &TiledArgs) -> Result<Operand, String> {
    crate::tiled::operand(&args.operand)
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
            let grids = copy_grids(&c, LIMIT).map_err(|e| e.to_string())?;
            Ok(match latex {
                true => copy_latex(&grids),
                false => tv_svg(
                    &grids,
                    &format!("{} over {}", c.atom().name(), grids[0].tv()),
                ),
            })
        }),
        (None, Some(mma)) => tiled_mma(args, mma).and_then(|m| {
            let grids = mma_grids(&m, LIMIT).map_err(|e| e.to_string())?;
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
