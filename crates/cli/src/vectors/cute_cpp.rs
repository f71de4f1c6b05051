//! CuTe C++ cases (`../shared/vectors/README.md` section 6) against what CUTLASS 4.2's CuTe
//! computed: the `swizzle` kind's composed layout and its `composition`, `logical_divide` and
//! `zipped_divide` (by the engine's C++ algebra, [`CppComposedLayout`]), and the
//! `swizzle_atom` kind's GMMA atom, its `tile_to_shape` and its element offsets.
//!
//! Agreement, as the README's section 6 states it: shapes and strides equal as nested tuples
//! (whether an integer is static need not agree), every value equal, and `element_offsets`
//! equal.

use serde_json::Value;

use engine::cute::{
    element_offsets, CppComposedLayout, CppInt, CppTiler, CppTuple, GmmaAtom, Swizzle,
};
use engine::LayoutError;

use super::ENUMERATION_LIMIT;

/// The kinds of the file this engine does not model yet: reported as skipped.
pub(super) const NOT_IMPLEMENTED: [&str; 0] = [];

pub(super) fn integers(value: Option<&Value>, name: &str) -> Result<Vec<i64>, String> {
    value
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{name}: no list"))?
        .iter()
        .map(|v| {
            v.as_i64()
                .ok_or_else(|| format!("{name}: a value is not an integer"))
        })
        .collect()
}

pub(super) fn first_difference(name: &str, got: &[i64], expect: &[i64]) -> Result<(), String> {
    if got.len() != expect.len() {
        return Err(format!(
            "{name}: {} values, CuTe {}",
            got.len(),
            expect.len()
        ));
    }
    match got.iter().zip(expect).position(|(a, b)| a != b) {
        Some(i) => Err(format!("{name}({i}) = {}, CuTe {}", got[i], expect[i])),
        None => Ok(()),
    }
}

/// An `Obj { str, size, values }` against `ours`: swizzle, offset, shape and stride equal as
/// nested tuples, the size, and every value.
fn agree(
    name: &str,
    ours: Result<CppComposedLayout, LayoutError>,
    obj: &Value,
) -> Result<(), String> {
    let text = obj
        .get("str")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{name}: no `str`"))?;
    let reference = CppComposedLayout::parse(text).map_err(|e| format!("{name}: `{text}`: {e}"))?;
    let ours = ours.map_err(|e| format!("{name}: error “{e}”, CuTe gives {text}"))?;
    let same = ours.swizzle() == reference.swizzle()
        && ours.offset().value() == reference.offset().value()
        && ours.layout().to_int_tuples() == reference.layout().to_int_tuples();
    if !same {
        return Err(format!("{name}: {ours} != CuTe's {text}"));
    }
    let size = ours.layout().size().map_err(|e| e.to_string())?.value();
    if Some(size) != obj.get("size").and_then(Value::as_i64) {
        return Err(format!("{name}: size {size}, CuTe {:?}", obj.get("size")));
    }
    let got = ours
        .values(ENUMERATION_LIMIT)
        .map_err(|e| format!("{name}: {e}"))?;
    first_difference(name, &got, &integers(obj.get("values"), name)?)
}

/// `swizzle`: the composed layout, its swizzle equal to the case's `[B, M, S]`, and each of
/// `composition`, `logical_divide`, `zipped_divide` (and `tiled_divide`, which only
/// `scripts/differential` draws) the case holds, computed by the engine's
/// CuTe C++ algebra from the case's layout and `B`.
pub(super) fn check_swizzle(case: &Value) -> Result<(), String> {
    let layout = case.get("layout").ok_or("no layout")?;
    let text = layout
        .get("str")
        .and_then(Value::as_str)
        .ok_or("no layout str")?;
    let composed = CppComposedLayout::parse(text).map_err(|e| format!("`{text}`: {e}"))?;
    let bms = integers(case.get("swizzle"), "swizzle")?;
    let [b, m, s] = bms[..] else {
        return Err("no swizzle [B, M, S]".into());
    };
    let swizzle = Swizzle::new(b, m, s).map_err(|e| e.to_string())?;
    if composed.swizzle() != swizzle {
        return Err(format!("{text} is not {swizzle}"));
    }
    agree("layout", Ok(composed.clone()), layout)?;
    type Op = fn(&CppComposedLayout, &CppTiler) -> Result<CppComposedLayout, LayoutError>;
    let ops: [(&str, Op); 4] = [
        ("composition", CppComposedLayout::composition),
        ("logical_divide", CppComposedLayout::logical_divide),
        ("zipped_divide", CppComposedLayout::zipped_divide),
        ("tiled_divide", CppComposedLayout::tiled_divide),
    ];
    for (name, op) in ops {
        let Some(entry) = case.get(name) else {
            continue;
        };
        let b_text = entry
            .get("B")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{name}: no `B`"))?;
        let tiler = CppTiler::parse(b_text).map_err(|e| format!("{name}: B `{b_text}`: {e}"))?;
        let result = entry
            .get("result")
            .ok_or_else(|| format!("{name}: no result"))?;
        agree(
            &format!("{name} by {b_text}"),
            op(&composed, &tiler),
            result,
        )?;
    }
    Ok(())
}

/// `swizzle_atom`: the atom as CuTe prints it, `tile_to_shape(atom, shape)` (shape, stride,
/// every value) and the element offsets once the layout has a shared-memory pointer.
pub(super) fn check_swizzle_atom(case: &Value) -> Result<(), String> {
    let name = case.get("atom").and_then(Value::as_str).ok_or("no atom")?;
    let mut atom = GmmaAtom::parse(name).map_err(|e| e.to_string())?;
    if let Some(bits) = case.get("element_bits").and_then(Value::as_i64) {
        atom.element_bits = bits;
    }
    let ours = atom.layout().map_err(|e| e.to_string())?;
    if let Some(text) = case.get("atom_layout").and_then(Value::as_str) {
        let reference = CppComposedLayout::parse(text).map_err(|e| format!("`{text}`: {e}"))?;
        if reference != ours {
            return Err(format!("atom: {ours} != CuTe's {text}"));
        }
    }
    let target = CppTuple::Tuple(
        integers(case.get("shape"), "shape")?
            .into_iter()
            .map(|v| CppTuple::Int(CppInt::fixed(v)))
            .collect(),
    );
    let layout = case.get("layout").ok_or("no layout")?;
    let tiled = ours.tile_to_shape(&target);
    agree("tile_to_shape", tiled.clone(), layout)?;
    let tiled = tiled.map_err(|e| e.to_string())?;
    let offsets = element_offsets(&tiled, ENUMERATION_LIMIT).map_err(|e| e.to_string())?;
    first_difference(
        "element_offsets",
        &offsets,
        &integers(case.get("element_offsets"), "element_offsets")?,
    )
}
