//! `tract_seed1.jsonl`: the README's tract rules (section 5). Result morphisms equal the
//! reference in domain, codomain and map, `L_result` equals exactly, and a `tractable` case has
//! the same verdict, standard representation and round trip. The inputs' own `str`, `Lf` and
//! `Lg` are checked too, so our printing and encoding agree with tract's on every morphism.
//! The `cute`, `pycute` and `agree` fields are CuTe's, not tract's, and are not compared.

use serde_json::Value;

use super::{int_tuple, layout};
use engine::cute::Layout;
use engine::morphism::{self, is_tractable, Morphism};

fn field<'a>(case: &'a Value, key: &str) -> Result<&'a Value, String> {
    case.get(key).ok_or_else(|| format!("no field `{key}`"))
}

/// A `{domain, codomain, map, str}` record as a morphism, checked against its `str`.
fn morphism_record(value: &Value, name: &str) -> Result<Morphism, String> {
    let part = |key: &str| field(value, key).map_err(|e| format!("{name}: {e}"));
    let map = part("map")?
        .as_array()
        .ok_or_else(|| format!("{name}: map is not a list"))?
        .iter()
        .map(|entry| {
            entry
                .as_u64()
                .and_then(|v| usize::try_from(v).ok())
                .ok_or_else(|| format!("{name}: map entry {entry} is not a non-negative integer"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let f = Morphism::new(
        int_tuple(part("domain")?)?,
        int_tuple(part("codomain")?)?,
        map,
    )
    .map_err(|e| format!("{name}: {e}"))?;
    if let Some(text) = value.get("str").and_then(Value::as_str) {
        if f.to_string() != text {
            return Err(format!("{name} prints as {f}, tract as {text}"));
        }
        let parsed = Morphism::parse(text).map_err(|e| format!("{name}: {e}"))?;
        if parsed != f {
            return Err(format!("{name}: {text} parses as {parsed}"));
        }
    }
    Ok(f)
}

/// `ours` equals the reference layout exactly (an int and a 1-tuple differ), and prints as
/// the reference's `str`.
fn same_layout(name: &str, ours: &Layout, reference: &Value) -> Result<(), String> {
    let expected = layout(reference)?;
    if *ours != expected {
        return Err(format!("{name}: {ours} != reference {expected}"));
    }
    match reference.get("str").and_then(Value::as_str) {
        Some(text) if ours.to_string() != text => {
            Err(format!("{name}: prints as {ours}, reference as {text}"))
        }
        _ => Ok(()),
    }
}

/// The input morphism `name` with its encoded layout `layout_key` checked.
fn operand(case: &Value, name: &str, layout_key: &str) -> Result<Morphism, String> {
    let f = morphism_record(field(case, name)?, name)?;
    let encoded = f.layout().map_err(|e| format!("{layout_key}: {e}"))?;
    same_layout(layout_key, &encoded, field(case, layout_key)?)?;
    Ok(f)
}

/// One case of any tract kind.
///
/// # Errors
/// What disagrees with tract.
pub fn check_tract(kind: &str, case: &Value) -> Result<(), String> {
    if kind == "tractable" {
        return check_tractable(case);
    }
    let f = operand(case, "f", "Lf")?;
    let g = || operand(case, "g", "Lg");
    let result = match kind {
        "coalesce" => morphism::coalesce(&f),
        "complement" => morphism::complement(&f),
        "compose" => morphism::compose(&f, &g()?),
        "logical_divide" => morphism::logical_divide(&f, &g()?),
        "logical_product" => morphism::logical_product(&f, &g()?),
        other => return Err(format!("kind `{other}` is not a tract kind")),
    }
    .map_err(|e| format!("{kind}: {e}"))?;
    let expected = morphism_record(field(case, "result")?, "result")?;
    if result != expected {
        return Err(format!("{kind}: {result} != tract's {expected}"));
    }
    let encoded = result.layout().map_err(|e| format!("L_result: {e}"))?;
    same_layout("L_result", &encoded, field(case, "L_result")?)
}

/// Same verdict; when tractable, the same standard representation and round trip.
fn check_tractable(case: &Value) -> Result<(), String> {
    let input = layout(field(case, "layout")?)?;
    let verdict = field(case, "is_tractable")?
        .as_bool()
        .ok_or("is_tractable is not a bool")?;
    if is_tractable(&input) != verdict {
        return Err(format!(
            "{input}: is_tractable {} but tract says {verdict}",
            !verdict
        ));
    }
    let reference = field(case, "morphism")?;
    match Morphism::from_layout(&input) {
        Err(_) if reference.is_null() => Ok(()),
        Err(reason) => Err(format!("{input}: {reason}, but tract gives {reference}")),
        Ok(ours) if reference.is_null() => Err(format!(
            "{input}: standard representation {ours}, but tract has none"
        )),
        Ok(ours) => {
            let expected = morphism_record(reference, "morphism")?;
            if ours != expected {
                return Err(format!("{input}: f_L = {ours} != tract's {expected}"));
            }
            let round_trip = ours.layout().map_err(|e| format!("roundtrip: {e}"))?;
            same_layout(
                "roundtrip_layout",
                &round_trip,
                field(case, "roundtrip_layout")?,
            )?;
            if round_trip != input {
                return Err(format!("L_(f_L) = {round_trip} != {input}"));
            }
            Ok(())
        }
    }
}
