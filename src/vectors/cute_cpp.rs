//! CuTe C++ cases (`../shared/vectors/README.md` section 6): the `swizzle` kind's composed
//! layout against what CUTLASS 4.2's CuTe computed (its notation, size and every `L(i)`).

use serde_json::Value;

use crate::engine::cute::{ComposedLayout, Swizzle};
use crate::engine::LayoutError;

use super::ENUMERATION_LIMIT;

/// The kinds of the file this engine does not model yet: reported as skipped.
pub(super) const NOT_IMPLEMENTED: [&str; 3] = ["swizzle_atom", "tiled_mma", "tiled_copy"];

/// An `Obj { str, size, values }` against `ours`: equal as nested tuples, size and every value.
fn agree(name: &str, ours: Result<ComposedLayout, LayoutError>, obj: &Value) -> Result<(), String> {
    let text = obj
        .get("str")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{name}: no `str`"))?;
    let reference = ComposedLayout::parse(text).map_err(|e| format!("{name}: `{text}`: {e}"))?;
    let ours = ours.map_err(|e| format!("{name}: error “{e}”, CuTe gives {text}"))?;
    if ours != reference {
        return Err(format!("{name}: {ours} != CuTe's {text}"));
    }
    let size = obj.get("size").and_then(Value::as_i64);
    if Some(ours.size().map_err(|e| e.to_string())?) != size {
        return Err(format!("{name}: size {:?}, CuTe {size:?}", ours.size()));
    }
    let values: Vec<i64> = obj
        .get("values")
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{name}: no `values`"))?
        .iter()
        .map(|v| v.as_i64().ok_or("a value is not an integer"))
        .collect::<Result<_, _>>()?;
    let got = ours
        .values(ENUMERATION_LIMIT)
        .map_err(|e| format!("{name}: {e}"))?;
    match got.iter().zip(&values).position(|(a, b)| a != b) {
        _ if got.len() != values.len() => Err(format!(
            "{name}: {} values, CuTe {}",
            got.len(),
            values.len()
        )),
        Some(i) => Err(format!("{name}: L({i}) = {}, CuTe {}", got[i], values[i])),
        None => Ok(()),
    }
}

/// `swizzle`: the composed layout, its swizzle equal to the case's `[B, M, S]`.
pub(super) fn check_swizzle(case: &Value) -> Result<(), String> {
    let layout = case.get("layout").ok_or("no layout")?;
    let text = layout
        .get("str")
        .and_then(Value::as_str)
        .ok_or("no layout str")?;
    let composed = ComposedLayout::parse(text).map_err(|e| format!("`{text}`: {e}"))?;
    let bms: Vec<i64> = case
        .get("swizzle")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_i64).collect())
        .unwrap_or_default();
    let [b, m, s] = bms[..] else {
        return Err("no swizzle [B, M, S]".into());
    };
    let swizzle = Swizzle::new(b, m, s).map_err(|e| e.to_string())?;
    if composed.swizzle() != swizzle {
        return Err(format!("{text} is not {swizzle}"));
    }
    // `composition`, `logical_divide` and `zipped_divide` are not checked: CuTe C++ composes
    // dynamic layouts without pycute's coalescing and divisibility checks, so its results
    // differ in shape (`((2,1),(4,2))` for pycute's `(2,(4,2))`) and, where the strides do not
    // divide, in value; this engine's algebra is pycute's.
    agree("layout", Ok(composed), layout)
}
