//! The TiledMMA and TiledCopy a command names, for `render --mma / --copy` and `bank --copy`:
//! `--mma ATOM [--atom-layout L] [--permutation P]` and
//! `--copy ATOM (--thr L --val L | --mma … --operand a|b|c | --tmem LxC) [--element-bits E]`.

use engine::cute::mma::parse_atom_layout;
use engine::cute::{CopyAtom, CppLayout, CppTiler, MmaAtom, Operand, TiledCopy, TiledMma};

/// A TiledMMA as the flags give it.
pub(crate) struct MmaSpec<'a> {
    /// `--mma`: the MMA atom.
    pub atom: &'a str,
    /// `--atom-layout`.
    pub atom_layout: &'a str,
    /// `--permutation`.
    pub permutation: Option<&'a str>,
}

/// A TiledCopy as the flags give it: `make_tiled_copy(atom, thr, val)`, or with `mma`
/// `make_tiled_copy_A/B/C(atom, mma)` for `operand`.
pub(crate) struct CopySpec<'a> {
    /// `--copy`: the copy atom.
    pub atom: &'a str,
    /// `--element-bits`: the atom's `T`.
    pub element_bits: i64,
    pub mma: Option<MmaSpec<'a>>,
    /// `--operand`: a, b or c.
    pub operand: &'a str,
    /// `--thr` and `--val`, without `mma`.
    pub thr: Option<&'a str>,
    pub val: Option<&'a str>,
    /// `--tmem LxC`: make_tmem_copy over a tensor-memory tensor of that shape.
    pub tmem: Option<&'a str>,
}

pub(crate) fn tiled_mma(spec: &MmaSpec) -> Result<TiledMma, String> {
    let atom = MmaAtom::parse(spec.atom).map_err(|e| format!("--mma: {e}"))?;
    let layout = parse_atom_layout(spec.atom_layout).map_err(|e| format!("--atom-layout: {e}"))?;
    let permutation = match spec.permutation {
        None => Vec::new(),
        Some(text) => match CppTiler::parse(text).map_err(|e| format!("--permutation: {e}"))? {
            CppTiler::Tuple(items) => items,
            one => vec![one],
        },
    };
    TiledMma::new(atom, layout, permutation).map_err(|e| e.to_string())
}

pub(crate) fn tiled_copy(spec: &CopySpec) -> Result<TiledCopy, String> {
    let atom = CopyAtom::parse(spec.atom, spec.element_bits).map_err(|e| format!("--copy: {e}"))?;
    if let Some(shape) = spec.tmem {
        let parsed = shape
            .split_once('x')
            .and_then(|(l, c)| Some((l.trim().parse().ok()?, c.trim().parse().ok()?)));
        let (lanes, columns) = parsed.ok_or(format!(
            "--tmem: lanes x columns, as `128x64`, not `{shape}`"
        ))?;
        return TiledCopy::tmem(atom, lanes, columns).map_err(|e| format!("--tmem: {e}"));
    }
    if let Some(mma) = &spec.mma {
        let operand = operand(spec.operand)?;
        return TiledCopy::for_mma(atom, &tiled_mma(mma)?, operand).map_err(|e| e.to_string());
    }
    let layout = |text: Option<&str>, flag: &str| -> Result<CppLayout, String> {
        let text = text.ok_or(format!("{flag}: needed with --copy (or give --mma)"))?;
        CppLayout::parse(text).map_err(|e| format!("{flag}: {e}"))
    };
    TiledCopy::new(
        atom,
        &layout(spec.thr, "--thr")?,
        &layout(spec.val, "--val")?,
    )
    .map_err(|e| e.to_string())
}

/// `--operand`: a, b or c.
pub(crate) fn operand(text: &str) -> Result<Operand, String> {
    match text {
        "a" | "A" => Ok(Operand::A),
        "b" | "B" => Ok(Operand::B),
        "c" | "C" => Ok(Operand::C),
        other => Err(format!("--operand: a, b or c, not `{other}`")),
    }
}
