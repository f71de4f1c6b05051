//! CuTe C++'s thread-value cases (`../shared/vectors/README.md` section 6): `tiled_mma`
//! (`make_tiled_mma(atom, atom_layout)`: tile, threads and `get_layoutA/B/C_TV()`) and
//! `tiled_copy` (`make_tiled_copy(Copy_Atom<Op, T>, thr, val)` or `make_tiled_copy_A/B/C(atom,
//! mma)`: `get_layoutS_TV()` / `get_layoutD_TV()`), each layout's shape and stride as nested
//! tuples and every value.

use serde_json::Value;

use engine::cute::mma::parse_atom_layout;
use engine::cute::{CopyAtom, CppLayout, CppTiler, MmaAtom, Operand, TiledCopy, TiledMma};

use super::ENUMERATION_LIMIT;

pub(super) fn text<'a>(case: &'a Value, name: &str) -> Result<&'a str, String> {
    case.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("no string `{name}`"))
}

/// An `Obj { str, size, values }` against a layout the engine computed.
fn agree(name: &str, ours: &CppLayout, obj: &Value) -> Result<(), String> {
    let reference_text = obj
        .get("str")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{name}: no `str`"))?;
    let reference =
        CppLayout::parse(reference_text).map_err(|e| format!("{name}: `{reference_text}`: {e}"))?;
    if ours.to_int_tuples() != reference.to_int_tuples() {
        return Err(format!("{name}: {ours} != CuTe's {reference_text}"));
    }
    let size = ours.size().map_err(|e| e.to_string())?.value();
    if Some(size) != obj.get("size").and_then(Value::as_i64) {
        return Err(format!("{name}: size {size}, CuTe {:?}", obj.get("size")));
    }
    let got = ours
        .to_layout()
        .and_then(|l| l.values(ENUMERATION_LIMIT))
        .map_err(|e| format!("{name}: {e}"))?;
    let expect = super::cute_cpp::integers(obj.get("values"), name)?;
    super::cute_cpp::first_difference(name, &got, &expect)
}

/// The vectors' permutation: `none`, or a tuple of tilers `(_32,_32,_16)`.
fn parse_permutation(text: &str) -> Result<Vec<CppTiler>, String> {
    if text == "none" || text.is_empty() {
        return Ok(Vec::new());
    }
    match CppTiler::parse(text).map_err(|e| format!("permutation `{text}`: {e}"))? {
        CppTiler::Tuple(items) => Ok(items),
        one => Ok(vec![one]),
    }
}

pub(super) fn tiled_mma_of(case: &Value) -> Result<TiledMma, String> {
    let atom = MmaAtom::parse(text(case, "atom")?).map_err(|e| e.to_string())?;
    let layout = parse_atom_layout(text(case, "atom_layout")?).map_err(|e| e.to_string())?;
    let permutation = match case.get("permutation") {
        Some(Value::String(p)) => parse_permutation(p)?,
        _ => Vec::new(),
    };
    TiledMma::new(atom, layout, permutation).map_err(|e| e.to_string())
}

/// `tiled_mma`: tile, threads, and the A, B, C TV layouts.
pub(super) fn check_tiled_mma(case: &Value) -> Result<(), String> {
    let mma = tiled_mma_of(case)?;
    let tile = super::cute_cpp::integers(case.get("tile_mnk"), "tile_mnk")?;
    if tile != mma.tile_mnk() {
        return Err(format!("tile {:?}, CuTe {tile:?}", mma.tile_mnk()));
    }
    let threads = mma.threads().map_err(|e| e.to_string())?;
    if Some(threads) != case.get("threads").and_then(Value::as_i64) {
        return Err(format!("{threads} threads, CuTe {:?}", case.get("threads")));
    }
    for (name, operand) in [
        ("A_TV", Operand::A),
        ("B_TV", Operand::B),
        ("C_TV", Operand::C),
    ] {
        let obj = case.get(name).ok_or_else(|| format!("no {name}"))?;
        agree(name, mma.tv(operand), obj)?;
    }
    Ok(())
}

/// `make_tiled_copy(Copy_Atom<atom, T>, thr_layout, val_layout)`, or, where the case names an
/// `mma` (a `tiled_mma` case's fields) and an `operand`, `make_tiled_copy_A/B/C`; `T` is
/// `element_bits` wide (16, `half_t`, when absent).
pub(super) fn tiled_copy_of(case: &Value) -> Result<TiledCopy, String> {
    let bits = case
        .get("element_bits")
        .and_then(Value::as_i64)
        .unwrap_or(16);
    let atom = CopyAtom::parse(text(case, "atom")?, bits).map_err(|e| e.to_string())?;
    match case.get("mma") {
        Some(mma) => {
            let operand = match text(case, "operand")? {
                "A" => Operand::A,
                "B" => Operand::B,
                "C" => Operand::C,
                other => return Err(format!("operand `{other}`")),
            };
            TiledCopy::for_mma(atom, &tiled_mma_of(mma)?, operand)
        }
        None => {
            let thr = CppLayout::parse(text(case, "thr_layout")?).map_err(|e| e.to_string())?;
            let val = CppLayout::parse(text(case, "val_layout")?).map_err(|e| e.to_string())?;
            TiledCopy::new(atom, &thr, &val)
        }
    }
    .map_err(|e| e.to_string())
}

/// `tiled_copy`: the copy ([`tiled_copy_of`]), its tile and its S and D TV layouts.
pub(super) fn check_tiled_copy(case: &Value) -> Result<(), String> {
    let copy = tiled_copy_of(case)?;
    if let Some(tile) = case.get("tile") {
        let tile = super::cute_cpp::integers(Some(tile), "tile")?;
        if tile != copy.tile() {
            return Err(format!("tile {:?}, CuTe {tile:?}", copy.tile()));
        }
    }
    agree("S_TV", copy.tv_s(), case.get("S_TV").ok_or("no S_TV")?)?;
    agree("D_TV", copy.tv_d(), case.get("D_TV").ok_or("no D_TV")?)
}

/// `umma`: a tcgen05 MMA atom's traits, `Shape_MNK`, `ThrID` and the A, B, C layouts.
pub(super) fn check_umma(case: &Value) -> Result<(), String> {
    let atom = MmaAtom::parse(text(case, "atom")?).map_err(|e| e.to_string())?;
    let [m, n, k] = atom.shape_mnk();
    let shape = format!("(_{m},_{n},_{k})");
    if shape != text(case, "shape_mnk")? {
        return Err(format!(
            "Shape_MNK {shape}, CuTe {}",
            text(case, "shape_mnk")?
        ));
    }
    let thr_id = text(case, "thr_id")?;
    let reference = CppLayout::parse(thr_id).map_err(|e| format!("thr_id `{thr_id}`: {e}"))?;
    if atom.thr_id().to_int_tuples() != reference.to_int_tuples() {
        return Err(format!("ThrID {}, CuTe {thr_id}", atom.thr_id()));
    }
    for (name, layout) in [
        ("A", atom.layout_a()),
        ("B", atom.layout_b()),
        ("C", atom.layout_c()),
    ] {
        let obj = case.get(name).ok_or_else(|| format!("no {name}"))?;
        agree(name, layout, obj)?;
    }
    Ok(())
}

/// `tmem_copy`: `make_tmem_copy(Copy_Atom<atom, T>{}, tmem)` over an `M × N` TMEM tensor of
/// `T` (`float` or `half`): threads, the tiler as CuTe prints it, and the S and D TV layouts.
pub(super) fn check_tmem_copy(case: &Value) -> Result<(), String> {
    let element = text(case, "element")?;
    let bits = engine::support::element::element_bits(element)
        .ok_or_else(|| format!("element `{element}`"))?;
    let atom = CopyAtom::parse(text(case, "atom")?, bits).map_err(|e| e.to_string())?;
    let shape = super::cute_cpp::integers(case.get("tmem_shape"), "tmem_shape")?;
    let [lanes, columns] = shape[..] else {
        return Err(format!("tmem_shape {shape:?}"));
    };
    let copy = TiledCopy::tmem(atom, lanes, columns).map_err(|e| e.to_string())?;
    let threads = copy.threads().map_err(|e| e.to_string())?;
    if Some(threads) != case.get("threads").and_then(Value::as_i64) {
        return Err(format!("{threads} threads, CuTe {:?}", case.get("threads")));
    }
    let tiler = text(case, "tiler")?;
    let reference = CppTiler::parse(tiler).map_err(|e| format!("tiler `{tiler}`: {e}"))?;
    if copy.tiler_text() != reference.to_string() {
        return Err(format!("tiler {}, CuTe {tiler}", copy.tiler_text()));
    }
    agree("S_TV", copy.tv_s(), case.get("S_TV").ok_or("no S_TV")?)?;
    agree("D_TV", copy.tv_d(), case.get("D_TV").ok_or("no D_TV")?)
}
