//! Triton 3.6's linear layouts (`../shared/vectors/README.md` section 9): `to_linear`
//! (`toLinearLayout` of a distributed layout and a shape: every basis list equal) and
//! `ll_algebra` (predicates, `apply`, and the bases of `invert`, `pseudoinvert` and
//! `invert_and_compose`, list for list). Fresh `to_linear` cases (scripts/differential/triton)
//! also carry the layout's text in Triton's IR dump, `mlir` with its alias line `mlir_alias`:
//! it must parse to the case's layout and print back byte for byte; and both kinds may carry
//! `printed`, Triton's `LinearLayout::toString()` of the linear layout (of `linear` for
//! `to_linear`, of `bases` for `ll_algebra`), which ours must equal byte for byte. The
//! differential's `convert_trivial` holds Gluon's `is_convert_layout_trivial` of two layouts.

use serde_json::Value;

use engine::linear::{
    analyze_conversion, AmdMfma, AmdWmma, Blocked, ConversionKind, DotOperand, LinearEncoding,
    LinearLayout, NamedBases, NvidiaMma, Slice, TmemTile, TmemVariant, TritonLayout,
    DISTRIBUTED_IN_DIMS,
};

fn naturals(value: Option<&Value>, name: &str) -> Result<Vec<u32>, String> {
    value
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{name}: no list"))?
        .iter()
        .map(|v| {
            v.as_u64()
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| format!("{name}: {v} is not a natural number"))
        })
        .collect()
}

fn basis_list(value: Option<&Value>, name: &str) -> Result<Vec<Vec<u32>>, String> {
    value
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{name}: no list of bases"))?
        .iter()
        .map(|b| naturals(Some(b), name))
        .collect()
}

fn mma_of(value: &Value) -> Result<NvidiaMma, String> {
    let version = naturals(value.get("version"), "version")?;
    let [major, minor] = version[..] else {
        return Err(format!("version {version:?}"));
    };
    NvidiaMma::new(
        major,
        minor,
        naturals(value.get("warps_per_cta"), "warps_per_cta")?,
        naturals(value.get("instr_shape"), "instr_shape")?,
    )
    .map_err(|e| e.to_string())
}

/// The vectors' layout object as a [`TritonLayout`].
/// `{type: "amd_mfma", version, instr_shape, transposed, warps_per_cta, tiles_per_warp?,
/// element_bitwidth?}` (section 10).
fn mfma_of(value: &Value) -> Result<AmdMfma, String> {
    let version = value
        .get("version")
        .and_then(Value::as_u64)
        .and_then(|v| u32::try_from(v).ok())
        .ok_or("no `version`")?;
    let transposed = value
        .get("transposed")
        .and_then(Value::as_bool)
        .ok_or("no `transposed`")?;
    let tiles = match value.get("tiles_per_warp") {
        Some(tiles) => Some(naturals(Some(tiles), "tiles_per_warp")?),
        None => None,
    };
    let bits = value
        .get("element_bitwidth")
        .and_then(Value::as_u64)
        .and_then(|v| u32::try_from(v).ok());
    AmdMfma::new(
        version,
        naturals(value.get("warps_per_cta"), "warps_per_cta")?,
        naturals(value.get("instr_shape"), "instr_shape")?,
        transposed,
        tiles,
        bits,
    )
    .map_err(|e| e.to_string())
}

/// `{type: "amd_wmma", version, transposed, warps_per_cta, instr_shape?, tiles_per_warp?}`
/// (section 10).
fn wmma_of(value: &Value) -> Result<AmdWmma, String> {
    let optional = |name: &str| match value.get(name) {
        Some(list) => naturals(Some(list), name).map(Some),
        None => Ok(None),
    };
    AmdWmma::new(
        value
            .get("version")
            .and_then(Value::as_u64)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or("no `version`")?,
        value
            .get("transposed")
            .and_then(Value::as_bool)
            .ok_or("no `transposed`")?,
        naturals(value.get("warps_per_cta"), "warps_per_cta")?,
        optional("tiles_per_warp")?,
        optional("instr_shape")?,
    )
    .map_err(|e| e.to_string())
}

pub(super) fn layout_of(value: &Value) -> Result<TritonLayout, String> {
    let number = |name: &str| {
        value
            .get(name)
            .and_then(Value::as_u64)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| format!("no `{name}`"))
    };
    let parent = || value.get("parent").ok_or("no `parent`");
    let layout = match value.get("type").and_then(Value::as_str) {
        Some("blocked") => TritonLayout::Blocked(
            Blocked::new(
                naturals(value.get("size_per_thread"), "size_per_thread")?,
                naturals(value.get("threads_per_warp"), "threads_per_warp")?,
                naturals(value.get("warps_per_cta"), "warps_per_cta")?,
                naturals(value.get("order"), "order")?,
            )
            .map_err(|e| e.to_string())?,
        ),
        Some("nvmma") => TritonLayout::NvidiaMma(mma_of(value)?),
        Some("amd_mfma") => TritonLayout::AmdMfma(mfma_of(value)?),
        Some("amd_wmma") => TritonLayout::AmdWmma(wmma_of(value)?),
        Some("dot_operand") => TritonLayout::DotOperand(
            DotOperand::new(
                number("operand_index")?,
                layout_of(parent()?)?,
                number("k_width")?,
            )
            .map_err(|e| e.to_string())?,
        ),
        Some("slice") => TritonLayout::Slice(
            Slice::new(number("dim")?, layout_of(parent()?)?).map_err(|e| e.to_string())?,
        ),
        Some("linear") => {
            let shape = naturals(value.get("shape"), "shape")?;
            let mut bases = Vec::new();
            for (field, dim) in ["reg_bases", "lane_bases", "warp_bases", "block_bases"]
                .iter()
                .zip(DISTRIBUTED_IN_DIMS)
            {
                bases.push((dim.to_string(), basis_list(value.get(*field), field)?));
            }
            let out_dims = (0..shape.len()).map(|d| format!("dim{d}")).zip(shape);
            let layout = LinearLayout::new(bases, out_dims.collect(), false)
                .and_then(LinearEncoding::new)
                .map_err(|e| e.to_string())?;
            TritonLayout::Linear(layout)
        }
        other => return Err(format!("layout type {other:?}")),
    };
    Ok(layout)
}

/// The dump's text `mlir` (after its alias line `mlir_alias`) reads as `layout`, and
/// `layout` prints as both.
fn check_mlir(case: &Value, layout: &TritonLayout) -> Result<(), String> {
    let (Some(text), Some(alias)) = (
        case.get("mlir").and_then(Value::as_str),
        case.get("mlir_alias").and_then(Value::as_str),
    ) else {
        return Ok(());
    };
    let (our_alias, our_text) = layout.to_mlir_aliased();
    if (our_alias.as_str(), our_text.as_str()) != (alias, text) {
        return Err(format!(
            "mlir: we print {our_alias} {our_text}, Triton {alias} {text}"
        ));
    }
    // `#ttg.linear` with no bases at all names no rank: the text alone cannot be read back
    // (Triton's parser refuses it too: "Empty Layout not supported"), nor a slice of it
    fn no_bases(layout: &TritonLayout) -> bool {
        match layout {
            TritonLayout::Linear(l) => l.layout().bases().iter().all(|(_, b)| b.is_empty()),
            TritonLayout::Slice(s) => no_bases(s.parent()),
            _ => false,
        }
    }
    if no_bases(layout) {
        return Ok(());
    }
    let parsed = TritonLayout::parse(&format!("{alias}\n{text}")).map_err(|e| e.to_string())?;
    // a `#ttg.linear` read back has the sizes its bases reach, the case's may be larger
    let same = match (&parsed, layout) {
        (TritonLayout::Linear(a), TritonLayout::Linear(b)) => {
            a.layout().bases() == b.layout().bases()
        }
        _ => parsed == *layout,
    };
    if !same {
        return Err(format!("mlir {alias} {text} reads as {parsed}"));
    }
    Ok(())
}

/// Our [`LinearLayout::to_triton_string`] is the case's `printed`, when it has one.
fn check_printed(case: &Value, ours: &LinearLayout) -> Result<(), String> {
    let Some(expect) = case.get("printed") else {
        return Ok(());
    };
    let expect = expect.as_str().ok_or("printed: not a string")?;
    let printed = ours.to_triton_string();
    if printed != expect {
        return Err(format!("printed: we print {printed:?}, Triton {expect:?}"));
    }
    Ok(())
}

/// `to_linear`: each input dimension's bases and the shape equal Triton's.
pub(super) fn check_to_linear(case: &Value) -> Result<(), String> {
    let layout = layout_of(case.get("layout").ok_or("no `layout`")?)?;
    check_mlir(case, &layout)?;
    let shape = naturals(case.get("shape"), "shape")?;
    let ours = layout.to_linear_layout(&shape).map_err(|e| e.to_string())?;
    check_linear(case, &ours)
}

/// The case's `linear`: each input dimension's bases and the shape equal ours; then its
/// `printed`, when it has one.
fn check_linear(case: &Value, ours: &LinearLayout) -> Result<(), String> {
    let linear = case.get("linear").ok_or("no `linear`")?;
    for (field, dim) in [
        ("reg_bases", "register"),
        ("lane_bases", "lane"),
        ("warp_bases", "warp"),
        ("block_bases", "block"),
    ] {
        let expect = basis_list(linear.get(field), field)?;
        let got = ours.bases_of(dim).unwrap_or_default();
        if got != expect {
            return Err(format!("{dim}: {got:?}, Triton {expect:?} (ours: {ours})"));
        }
    }
    let sizes: Vec<u32> = ours.out_dims_with_sizes().iter().map(|(_, s)| *s).collect();
    let expect = naturals(linear.get("shape"), "linear.shape")?;
    if sizes != expect {
        return Err(format!("shape {sizes:?}, Triton {expect:?}"));
    }
    check_printed(case, ours)
}

/// `[[name, bases], ...]`.
fn named_bases(value: Option<&Value>, name: &str) -> Result<NamedBases, String> {
    value
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{name}: no list"))?
        .iter()
        .map(|pair| {
            let dim = pair
                .get(0)
                .and_then(Value::as_str)
                .ok_or_else(|| format!("{name}: {pair} has no name"))?;
            Ok((dim.to_string(), basis_list(pair.get(1), name)?))
        })
        .collect()
}

fn same_bases(
    op: &str,
    ours: &LinearLayout,
    expect: &[(String, Vec<Vec<u32>>)],
) -> Result<(), String> {
    if ours.bases() != expect {
        return Err(format!("{op}: {ours}, Triton {expect:?}"));
    }
    Ok(())
}

/// `ll_algebra`: predicates, `apply`, and the bases of the inverses Triton returned.
pub(super) fn check_algebra(case: &Value) -> Result<(), String> {
    let names: Vec<String> = case
        .get("out_dims")
        .and_then(Value::as_array)
        .ok_or("no `out_dims`")?
        .iter()
        .map(|v| v.as_str().map(str::to_string).ok_or("out_dims: not a name"))
        .collect::<Result<_, _>>()?;
    let sizes = naturals(case.get("out_sizes"), "out_sizes")?;
    let out_dims: Vec<(String, u32)> = names.iter().cloned().zip(sizes).collect();
    let build = |field: &str| -> Result<LinearLayout, String> {
        LinearLayout::new(
            named_bases(case.get(field), field)?,
            out_dims.clone(),
            false,
        )
        .map_err(|e| format!("{field}: {e}"))
    };
    let layout = build("bases")?;
    check_printed(case, &layout)?;
    for (name, ours) in [
        ("injective", layout.is_injective()),
        ("surjective", layout.is_surjective()),
        ("invertible", layout.is_invertible()),
    ] {
        if case.get(name).and_then(Value::as_bool) != Some(ours) {
            return Err(format!("{name}: {ours}, Triton {:?}", case.get(name)));
        }
    }
    for item in case
        .get("apply")
        .and_then(Value::as_array)
        .ok_or("no `apply`")?
    {
        let input = item
            .get("input")
            .and_then(Value::as_object)
            .ok_or("apply: no input")?;
        let ins: Vec<(&str, u32)> = input
            .iter()
            .map(|(k, v)| {
                Ok((
                    k.as_str(),
                    v.as_u64()
                        .and_then(|v| u32::try_from(v).ok())
                        .ok_or("apply: input")?,
                ))
            })
            .collect::<Result<_, String>>()?;
        let ours = layout.apply(&ins).map_err(|e| format!("apply: {e}"))?;
        for (name, value) in &ours {
            if item
                .pointer(&format!("/output/{name}"))
                .and_then(Value::as_u64)
                != Some(u64::from(*value))
            {
                return Err(format!(
                    "apply {input:?}: {ours:?}, Triton {}",
                    item["output"]
                ));
            }
        }
    }
    if let Some(expect) = case.get("invert") {
        let ours = layout.invert().map_err(|e| format!("invert: {e}"))?;
        same_bases("invert", &ours, &named_bases(Some(expect), "invert")?)?;
    }
    if let Some(expect) = case.get("pseudoinvert") {
        let ours = layout
            .pseudoinvert()
            .map_err(|e| format!("pseudoinvert: {e}"))?;
        same_bases(
            "pseudoinvert",
            &ours,
            &named_bases(Some(expect), "pseudoinvert")?,
        )?;
    }
    if let Some(expect) = case.get("invert_and_compose") {
        let other = build("other")?;
        let ours = layout
            .invert_and_compose(&other)
            .map_err(|e| format!("invert_and_compose: {e}"))?;
        same_bases(
            "invert_and_compose",
            &ours,
            &named_bases(Some(expect), "invert_and_compose")?,
        )?;
    }
    Ok(())
}

/// `tmem_reg` (section 10): Gluon's `get_tmem_reg_layout` of a tensor-memory tile, its bases
/// list for list, its shape and Triton's print.
pub(super) fn check_tmem_reg(case: &Value) -> Result<(), String> {
    let number = |name: &str| {
        case.get(name)
            .and_then(Value::as_u64)
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| format!("no `{name}`"))
    };
    let pair = |name: &str| -> Result<[u32; 2], String> {
        let list = naturals(case.get(name), name)?;
        <[u32; 2]>::try_from(list).map_err(|_| format!("`{name}` of two numbers"))
    };
    let variant = case
        .get("variant")
        .and_then(Value::as_str)
        .and_then(TmemVariant::parse)
        .ok_or("no known `variant`")?;
    let tile = TmemTile::new(
        number("element_bits")?,
        pair("shape")?,
        pair("block")?,
        number("col_stride")?,
    )
    .map_err(|e| e.to_string())?;
    let ours = tile
        .reg_layout(number("num_warps")?, variant)
        .map_err(|e| e.to_string())?;
    check_linear(case, &ours)
}

/// `convert_trivial` (the differential's): whether `convert_layout` from `layout` to `other`
/// over `shape` is trivial as Gluon's `is_convert_layout_trivial` decides it (Triton's
/// `minimalCvtLayout` moves registers at most). Ours: the conversion's verdict is a no-op or
/// a register permutation.
pub(super) fn check_convert_trivial(case: &Value) -> Result<(), String> {
    let layout = layout_of(case.get("layout").ok_or("no `layout`")?)?;
    let other = layout_of(case.get("other").ok_or("no `other`")?)?;
    let shape = naturals(case.get("shape"), "shape")?;
    let expect = case
        .get("trivial")
        .and_then(Value::as_bool)
        .ok_or("no `trivial`")?;
    let linear = |l: &TritonLayout| l.to_linear_layout(&shape).map_err(|e| e.to_string());
    let report =
        analyze_conversion(&linear(&layout)?, &linear(&other)?).map_err(|e| e.to_string())?;
    let trivial = matches!(
        report.kind,
        ConversionKind::NoOp | ConversionKind::RegisterPermute
    );
    match trivial == expect {
        true => Ok(()),
        false => Err(format!(
            "convert_layout: we say {}, Triton says {}",
            report.kind,
            match expect {
                true => "trivial (registers at most)",
                false => "not trivial (data moves between threads)",
            }
        )),
    }
}
