//! CuTe C++'s partitioning cases (`scripts/differential/cute_cpp/gen_partition.cpp`), each on a
//! tensor over a counting iterator: `partition_mma` (`get_thread_slice(thread).partition_A/B/C`,
//! on the tensor or on `local_tile(tensor, tile, coord)`), `partition_copy` (`partition_S/D`
//! likewise), `local_tile` and `local_partition`. Agreement: the result's layout prints as CuTe
//! printed it (static and dynamic marks included), and its offset and every element are CuTe's.

use serde_json::Value;

use engine::cute::{CppCoord, CppLayout, CppTensor, CppTiler, Operand};

use super::cute_tv::{text, tiled_copy_of, tiled_mma_of};
use super::ENUMERATION_LIMIT;

fn layout(case: &Value, name: &str) -> Result<CppLayout, String> {
    let t = text(case, name)?;
    CppLayout::parse(t).map_err(|e| format!("{name} `{t}`: {e}"))
}

fn int(case: &Value, name: &str) -> Result<i64, String> {
    case.get(name)
        .and_then(Value::as_i64)
        .ok_or_else(|| format!("no integer `{name}`"))
}

/// The input `tensor: {str, offset}`.
fn input(case: &Value) -> Result<CppTensor, String> {
    let tensor = case.get("tensor").ok_or("no tensor")?;
    Ok(CppTensor::new(
        int(tensor, "offset")?,
        layout(tensor, "str")?,
    ))
}

/// A coordinate: an integer, `"_"`, or a list of them.
fn coord(value: &Value) -> Result<CppCoord, String> {
    match value {
        Value::Number(n) => n.as_i64().map(CppCoord::Int).ok_or("a coordinate".into()),
        Value::String(s) if s == "_" => Ok(CppCoord::All),
        Value::Array(items) => items
            .iter()
            .map(coord)
            .collect::<Result<_, _>>()
            .map(CppCoord::Tuple),
        other => Err(format!("coordinate `{other}`")),
    }
}

/// `keep` (a projection, `[1,0,1]` for `Step<_1,X,_1>`), where present.
fn keep(case: &Value) -> Result<Option<Vec<bool>>, String> {
    let Some(list) = case.get("keep") else {
        return Ok(None);
    };
    let flags = super::cute_cpp::integers(Some(list), "keep")?;
    Ok(Some(flags.into_iter().map(|f| f != 0).collect()))
}

/// The tensor a partition is taken of: the input, or its `local_tile` at `tile` and `coord`.
fn partitioned(case: &Value) -> Result<CppTensor, String> {
    let tensor = input(case)?;
    let Some(tile) = case.get("tile") else {
        return Ok(tensor);
    };
    let tile = tile.as_str().ok_or("tile: not a string")?;
    let tiler = CppTiler::parse(tile).map_err(|e| format!("tile `{tile}`: {e}"))?;
    let at = coord(case.get("coord").ok_or("no coord")?)?;
    tensor.local_tile(&tiler, &at).map_err(|e| e.to_string())
}

/// The `result: {str, offset, size, values}` against the engine's tensor.
fn agree(ours: Result<CppTensor, String>, case: &Value) -> Result<(), String> {
    let ours = ours?;
    let expect = case.get("result").ok_or("no result")?;
    let printed = text(expect, "str")?;
    if ours.layout().to_string() != printed {
        return Err(format!("layout {}, CuTe {printed}", ours.layout()));
    }
    let offset = int(expect, "offset")?;
    if ours.offset() != offset {
        return Err(format!("offset {}, CuTe {offset}", ours.offset()));
    }
    let got = ours.values(ENUMERATION_LIMIT).map_err(|e| e.to_string())?;
    let values = super::cute_cpp::integers(expect.get("values"), "values")?;
    super::cute_cpp::first_difference("values", &got, &values)
}

/// `partition_mma`: `mma` (a `tiled_mma` case's fields), `operand`, `thread`.
pub(super) fn check_partition_mma(case: &Value) -> Result<(), String> {
    let mma = tiled_mma_of(case.get("mma").ok_or("no mma")?)?;
    let operand = match text(case, "operand")? {
        "A" => Operand::A,
        "B" => Operand::B,
        "C" => Operand::C,
        other => return Err(format!("operand `{other}`")),
    };
    let tensor = partitioned(case)?;
    let ours = mma
        .thread_slice(int(case, "thread")?)
        .and_then(|slice| slice.partition(operand, &tensor))
        .map_err(|e| e.to_string());
    agree(ours, case)
}

/// `partition_copy`: `copy` (a `tiled_copy` case's fields), `side` (`S` or `D`), `thread`.
pub(super) fn check_partition_copy(case: &Value) -> Result<(), String> {
    let copy = tiled_copy_of(case.get("copy").ok_or("no copy")?)?;
    let source = match text(case, "side")? {
        "S" => true,
        "D" => false,
        other => return Err(format!("side `{other}`")),
    };
    let tensor = partitioned(case)?;
    let ours = copy
        .thread_slice(int(case, "thread")?)
        .and_then(|slice| slice.partition(source, &tensor))
        .map_err(|e| e.to_string());
    agree(ours, case)
}

/// `local_tile`: `tiler`, `coord`, and `keep` for the projected form.
pub(super) fn check_local_tile(case: &Value) -> Result<(), String> {
    let tensor = input(case)?;
    let tiler = text(case, "tiler")?;
    let tiler = CppTiler::parse(tiler).map_err(|e| format!("tiler `{tiler}`: {e}"))?;
    let at = coord(case.get("coord").ok_or("no coord")?)?;
    let ours = match (keep(case)?, tiler, at) {
        (Some(keep), CppTiler::Tuple(tilers), CppCoord::Tuple(coords)) => {
            tensor.local_tile_projected(&tilers, &coords, &keep)
        }
        (Some(_), _, _) => return Err("keep needs a tuple tiler and coordinate".into()),
        (None, tiler, at) => tensor.local_tile(&tiler, &at),
    };
    agree(ours.map_err(|e| e.to_string()), case)
}

/// `local_partition`: `thr_layout`, `index`, and `keep` for the projected form.
pub(super) fn check_local_partition(case: &Value) -> Result<(), String> {
    let tensor = input(case)?;
    let thr = layout(case, "thr_layout")?;
    let index = int(case, "index")?;
    let ours = match keep(case)? {
        Some(keep) => tensor.local_partition_projected(&thr, index, &keep),
        None => tensor.local_partition(&thr, index),
    };
    agree(ours.map_err(|e| e.to_string()), case)
}
