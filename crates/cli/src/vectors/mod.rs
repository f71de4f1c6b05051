//! Reference-vector files (`../shared/vectors/*.jsonl`) and the agreement rules of their README,
//! section 5. Each case is checked independently; a failure says what differs.

mod access;
mod cute_cpp;
mod cute_partition;
mod cute_tv;
mod tract;
mod triton_ll;

use serde::Deserialize;
use serde_json::Value;

use engine::cute::{pycute::algebra, Tiler};
use engine::cute::{IntTuple, Layout};
use engine::{IndexExprs, LayoutError, MovementOp, RowMajor, ShapeTracker, View};

/// Most elements a case may enumerate; reference cases are far smaller.
const ENUMERATION_LIMIT: usize = 1 << 20;

/// Outcome of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseResult {
    /// The case's `id`, unique within its file.
    pub id: String,
    /// The case's `kind` (`create`, `tiled_mma`, …), or the one its fields imply (`pycute`,
    /// `bank`, `sectors`).
    pub kind: String,
    /// What disagrees with the reference; `None` when the case passed or was skipped.
    pub failure: Option<String>,
    /// Why the case was not checked: its kind is not modelled yet (never a pass).
    pub skipped: Option<String>,
}

/// Per-file results in file order (the meta line is skipped).
///
/// # Errors
/// A line that is not JSON, or a case without `id` / `kind`, is reported with its line number.
pub fn check_file_text(text: &str) -> Result<Vec<CaseResult>, String> {
    let mut results = Vec::new();
    for (number, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", number + 1))?;
        if value.get("meta").and_then(Value::as_bool) == Some(true) {
            continue;
        }
        let field = |name: &str| {
            value
                .get(name)
                .and_then(Value::as_str)
                .map(str::to_string)
                .ok_or_else(|| format!("line {}: no string field `{name}`", number + 1))
        };
        let id = field("id")?;
        // pycute cases carry no kind; they are the ones with a layout `A` and its `ops`.
        let kind = match field("kind") {
            Ok(kind) => kind,
            Err(_) if value.get("A").is_some() && value.get("ops").is_some() => "pycute".into(),
            // measured accesses carry no kind either: `bank` or `sectors` by their measurement
            Err(e) => match access::kind_of(&value) {
                Some(kind) => kind.into(),
                None => return Err(e),
            },
        };
        if cute_cpp::NOT_IMPLEMENTED.contains(&kind.as_str()) {
            results.push(CaseResult {
                skipped: Some(format!("kind `{kind}` is not implemented yet")),
                id,
                kind,
                failure: None,
            });
            continue;
        }
        let failure = check_case(&kind, &value).err();
        results.push(CaseResult {
            id,
            kind,
            failure,
            skipped: None,
        });
    }
    Ok(results)
}

/// Checks one case of any kind.
///
/// # Errors
/// What disagrees with the reference, or that the kind is not supported yet.
pub fn check_case(kind: &str, case: &Value) -> Result<(), String> {
    match kind {
        "create" => check_create(case),
        "ops" | "add" => check_tracker_case(case),
        "pycute" => check_pycute(case),
        "coalesce" | "complement" | "compose" | "logical_divide" | "logical_product"
        | "tractable" => tract::check_tract(kind, case),
        "bank" => access::check_bank(case),
        "sectors" => access::check_sectors(case),
        "swizzle" => cute_cpp::check_swizzle(case),
        "swizzle_atom" => cute_cpp::check_swizzle_atom(case),
        "tiled_mma" => cute_tv::check_tiled_mma(case),
        "tiled_copy" => cute_tv::check_tiled_copy(case),
        "umma" => cute_tv::check_umma(case),
        "tmem_copy" => cute_tv::check_tmem_copy(case),
        "partition_mma" => cute_partition::check_partition_mma(case),
        "partition_copy" => cute_partition::check_partition_copy(case),
        "local_tile" => cute_partition::check_local_tile(case),
        "local_partition" => cute_partition::check_local_partition(case),
        "to_linear" => triton_ll::check_to_linear(case),
        "tmem_reg" => triton_ll::check_tmem_reg(case),
        "convert_trivial" => triton_ll::check_convert_trivial(case),
        "ll_algebra" => triton_ll::check_algebra(case),
        other => Err(format!(
            "kind `{other}` is not supported by this engine yet"
        )),
    }
}

/// tinygrad's `View` dataclass as the vectors spell it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ViewRecord {
    /// Size of each dimension.
    pub shape: Vec<i64>,
    /// Stride of each dimension, in elements.
    pub strides: Vec<i64>,
    /// Offset of the first element, in elements.
    pub offset: i64,
    /// Valid range `[begin, end)` of each dimension; `None` (JSON `null`) when unmasked.
    pub mask: Option<Vec<(i64, i64)>>,
    /// tinygrad's `contiguous` flag.
    pub contiguous: bool,
}

impl ViewRecord {
    /// The view these fields describe, rebuilt through the canonical constructor.
    ///
    /// # Errors
    /// When the constructor rejects the fields.
    pub fn to_view(&self) -> Result<View, String> {
        View::create(
            &self.shape,
            Some(&self.strides),
            self.offset,
            self.mask.as_deref(),
        )
        .map_err(|e| e.to_string())
    }

    /// The record of `view`'s fields, to compare with a reference record field by field.
    pub fn of(view: &View) -> ViewRecord {
        ViewRecord {
            shape: view.shape().to_vec(),
            strides: view.strides().to_vec(),
            offset: view.offset(),
            mask: view.mask().map(<[_]>::to_vec),
            contiguous: view.is_contiguous(),
        }
    }
}

#[derive(Deserialize)]
struct CreateInput {
    shape: Vec<i64>,
    strides: Option<Vec<i64>>,
    offset: i64,
    mask: Option<Vec<(i64, i64)>>,
}

#[derive(Deserialize)]
struct CreateCase {
    input: CreateInput,
    view: ViewRecord,
    offsets: Vec<Option<i64>>,
    #[serde(flatten)]
    rest: Value,
}

/// tinygrad `create`: the canonical view equals the reference field by field, and both the
/// direct evaluation and our `idx`/`valid` expressions give the reference offsets.
fn check_create(case: &Value) -> Result<(), String> {
    let case: CreateCase = serde_json::from_value(case.clone()).map_err(|e| e.to_string())?;
    let input = &case.input;
    let view = View::create(
        &input.shape,
        input.strides.as_deref(),
        input.offset,
        input.mask.as_deref(),
    )
    .map_err(|e| format!("create failed: {e}"))?;
    let got = ViewRecord::of(&view);
    if got != case.view {
        return Err(format!("view {got:?} != reference {:?}", case.view));
    }
    check_offsets(&view, &case.offsets)
}

/// Offsets of `view` by direct evaluation and by its expressions, against `expected`.
fn check_offsets(view: &View, expected: &[Option<i64>]) -> Result<(), String> {
    let direct = view.offsets(ENUMERATION_LIMIT).map_err(|e| e.to_string())?;
    if direct.len() != expected.len() {
        return Err(format!(
            "{} offsets, reference has {}",
            direct.len(),
            expected.len()
        ));
    }
    let exprs = IndexExprs::of_view(view);
    for ((coord, got), want) in RowMajor::new(view.shape()).zip(&direct).zip(expected) {
        if got != want {
            return Err(format!("at {coord:?}: offset {got:?}, reference {want:?}"));
        }
        let (idx, valid) = exprs.eval(&coord);
        let from_expr = valid.then_some(idx);
        if from_expr != *want {
            return Err(format!(
                "at {coord:?}: expressions give {from_expr:?}, reference {want:?}"
            ));
        }
    }
    Ok(())
}

#[derive(Deserialize)]
struct Step {
    op: String,
    arg: Value,
    views: Vec<ViewRecord>,
}

#[derive(Deserialize)]
struct Final {
    views: Vec<ViewRecord>,
    shape: Vec<i64>,
    offsets: Vec<i64>,
}

#[derive(Deserialize)]
struct TrackerCase {
    kind: String,
    base_shape: Vec<i64>,
    steps: Vec<Step>,
    rhs_base_shape: Option<Vec<i64>>,
    #[serde(default)]
    rhs_steps: Vec<Step>,
    add_result_views: Option<Vec<ViewRecord>>,
    #[serde(rename = "final")]
    final_: Final,
    simplified: Option<Final>,
}

/// A step of a vector file as a [`MovementOp`].
///
/// # Errors
/// An unknown op or an argument of the wrong form.
pub fn movement_op(op: &str, arg: &Value) -> Result<MovementOp, String> {
    fn parse<T: serde::de::DeserializeOwned>(arg: &Value) -> Result<T, String> {
        serde_json::from_value(arg.clone()).map_err(|e| format!("argument {arg}: {e}"))
    }
    Ok(match op {
        "reshape" => MovementOp::Reshape(parse(arg)?),
        "permute" => MovementOp::Permute(parse(arg)?),
        "expand" => MovementOp::Expand(parse(arg)?),
        "pad" => MovementOp::Pad(parse(arg)?),
        "shrink" => MovementOp::Shrink(parse(arg)?),
        "flip" => MovementOp::Flip(parse(arg)?),
        "stride" => MovementOp::Stride(parse(arg)?),
        "simplify" => MovementOp::Simplify,
        other => return Err(format!("unknown op `{other}`")),
    })
}

/// The tracker after `steps`, each step's views checked, and whether a `simplify` merged more
/// views than the reference (accepted): the steps after it, and the final tracker, then hold
/// fewer views than the reference's, and are checked as merged too.
fn run_steps(
    base_shape: &[i64],
    steps: &[Step],
    side: &str,
) -> Result<(ShapeTracker, bool), String> {
    let mut tracker = ShapeTracker::from_shape(base_shape).map_err(|e| e.to_string())?;
    let mut merged_more = false;
    for (n, step) in steps.iter().enumerate() {
        let op = movement_op(&step.op, &step.arg)?;
        tracker = tracker
            .apply(&op)
            .map_err(|e| format!("{side} step {n} ({}): {e}", step.op))?
            .0;
        let merging = merged_more || matches!(op, MovementOp::Simplify);
        merged_more |= compare_views(&tracker, &step.views, merging)
            .map_err(|e| format!("{side} step {n} ({}): {e}", step.op))?;
    }
    Ok((tracker, merged_more))
}

/// Views equal field by field; where the reference merges (`merging`), fewer views are
/// accepted when they address memory the same way on every index. `Ok(true)` when accepted so.
fn compare_views(got: &ShapeTracker, want: &[ViewRecord], merging: bool) -> Result<bool, String> {
    let records: Vec<ViewRecord> = got.views().iter().map(ViewRecord::of).collect();
    if records == want {
        return Ok(false);
    }
    if merging && records.len() < want.len() {
        let views: Vec<View> = want
            .iter()
            .map(ViewRecord::to_view)
            .collect::<Result<_, _>>()?;
        let reference = ShapeTracker::from_views(views).map_err(|e| e.to_string())?;
        let expected = reference
            .offsets(ENUMERATION_LIMIT)
            .map_err(|e| e.to_string())?;
        let ours = got.offsets(ENUMERATION_LIMIT).map_err(|e| e.to_string())?;
        if expected == ours {
            return Ok(true);
        }
    }
    Err(format!("views {records:?} != reference {want:?}"))
}

/// The final tracker against `reference`: views, shape, and offsets both by direct evaluation
/// and through the `idx` / `valid` expressions.
fn compare_final(got: &ShapeTracker, reference: &Final, merging: bool) -> Result<(), String> {
    compare_views(got, &reference.views, merging)?;
    if got.shape() != reference.shape {
        return Err(format!("shape {:?} != {:?}", got.shape(), reference.shape));
    }
    let direct = got.offsets(ENUMERATION_LIMIT).map_err(|e| e.to_string())?;
    if direct.len() != reference.offsets.len() {
        return Err(format!(
            "{} offsets, reference {}",
            direct.len(),
            reference.offsets.len()
        ));
    }
    let exprs = got.index_exprs();
    for ((coord, ours), &want) in RowMajor::new(got.shape())
        .zip(&direct)
        .zip(&reference.offsets)
    {
        let want = (want >= 0).then_some(want);
        if *ours != want {
            return Err(format!("at {coord:?}: offset {ours:?}, reference {want:?}"));
        }
        let (idx, valid) = exprs.eval(&coord);
        if valid.then_some(idx) != want {
            return Err(format!(
                "at {coord:?}: expressions give {:?}, reference {want:?}",
                valid.then_some(idx)
            ));
        }
    }
    Ok(())
}

/// tinygrad `ops` / `add`: every step's views, the final tracker, and its simplification.
fn check_tracker_case(case: &Value) -> Result<(), String> {
    let case: TrackerCase = serde_json::from_value(case.clone()).map_err(|e| e.to_string())?;
    let (lhs, lhs_merged_more) = run_steps(&case.base_shape, &case.steps, "lhs")?;
    let result = if case.kind == "add" {
        let rhs_shape = case
            .rhs_base_shape
            .as_deref()
            .ok_or("add case without rhs_base_shape")?;
        // (rhs steps never simplify)
        let (rhs, _) = run_steps(rhs_shape, &case.rhs_steps, "rhs")?;
        let sum = lhs.add(&rhs).map_err(|e| format!("add: {e}"))?;
        let want = case
            .add_result_views
            .as_deref()
            .ok_or("add case without add_result_views")?;
        compare_views(&sum, want, true).map_err(|e| format!("add: {e}"))?;
        sum
    } else {
        lhs
    };
    compare_final(&result, &case.final_, case.kind == "add" || lhs_merged_more)
        .map_err(|e| format!("final: {e}"))?;
    let simplified = result.simplify().map_err(|e| format!("simplify: {e}"))?;
    let reference = case.simplified.as_ref().unwrap_or(&case.final_);
    compare_final(&simplified, reference, true).map_err(|e| format!("simplified: {e}"))
}

/// An int tuple from JSON: a number, or an array of int tuples.
///
/// # Errors
/// Anything else.
pub fn int_tuple(value: &Value) -> Result<IntTuple, String> {
    match value {
        Value::Number(n) => n
            .as_i64()
            .map(IntTuple::Int)
            .ok_or_else(|| format!("{n} is not a 64-bit integer")),
        Value::Array(items) => items
            .iter()
            .map(int_tuple)
            .collect::<Result<_, _>>()
            .map(IntTuple::Tuple),
        other => Err(format!("{other} is not an int tuple")),
    }
}

/// A `{shape, stride}` record as a layout.
///
/// # Errors
/// Malformed or non-congruent records.
pub fn layout(value: &Value) -> Result<Layout, String> {
    let part = |key: &str| {
        value
            .get(key)
            .ok_or_else(|| format!("layout without `{key}`"))
            .and_then(int_tuple)
    };
    Layout::new(part("shape")?, part("stride")?).map_err(|e| e.to_string())
}

/// A tiler record: `{"layout": …}`, `{"int": n}` or `{"tuple": [tiler | null, …]}`.
///
/// # Errors
/// Malformed records.
pub fn tiler(value: &Value) -> Result<Tiler, String> {
    if let Some(l) = value.get("layout") {
        return layout(l).map(Tiler::Layout);
    }
    if let Some(n) = value.get("int").and_then(Value::as_i64) {
        return Ok(Tiler::Int(n));
    }
    if let Some(Value::Array(parts)) = value.get("tuple") {
        return parts
            .iter()
            .map(|p| {
                if p.is_null() {
                    Ok(None)
                } else {
                    tiler(p).map(Some)
                }
            })
            .collect::<Result<_, _>>()
            .map(Tiler::ByMode);
    }
    Err(format!("{value} is not a tiler"))
}

/// pycute agreement for one op: the reference's layout exactly (an int and a 1-tuple differ),
/// or an error where it raised; where `lenient` (prop_ok false), an error is also accepted.
fn agree(
    name: &str,
    ours: Result<Layout, LayoutError>,
    reference: &Value,
    lenient: bool,
) -> Result<(), String> {
    match (reference.get("result"), ours) {
        (Some(expected), Ok(got)) => {
            let expected = layout(expected)?;
            if got == expected {
                Ok(())
            } else {
                Err(format!("{name}: {got} != reference {expected}"))
            }
        }
        (Some(_), Err(_)) if lenient => Ok(()),
        (Some(expected), Err(error)) => {
            Err(format!("{name}: error “{error}”, reference {expected}"))
        }
        (None, Err(_)) => Ok(()),
        (None, Ok(got)) => Err(format!(
            "{name}: {got}, but the reference raised {}",
            reference.get("error").unwrap_or(&Value::Null)
        )),
    }
}

/// Every op of a pycute case.
fn check_pycute(case: &Value) -> Result<(), String> {
    let a = layout(case.get("A").ok_or("no A")?)?;
    let ops = case.get("ops").ok_or("no ops")?;
    let op = |name: &str| ops.get(name).ok_or_else(|| format!("no op `{name}`"));
    agree(
        "coalesce",
        Ok(algebra::coalesce(&a)),
        op("coalesce")?,
        false,
    )?;
    let by_profile = op("coalesce_profile")?;
    if !by_profile.is_null() {
        let profile = int_tuple(by_profile.get("profile").ok_or("no profile")?)?;
        agree(
            "coalesce_profile",
            algebra::coalesce_by(&a, &profile),
            by_profile,
            false,
        )?;
    }
    agree("filter", Ok(algebra::filter(&a)), op("filter")?, false)?;
    agree(
        "complement",
        algebra::complement(&a, 1),
        op("complement")?,
        false,
    )?;
    let bounded = op("complement_max")?;
    let max_idx = bounded
        .get("max_idx")
        .and_then(Value::as_i64)
        .ok_or("no max_idx")?;
    agree(
        "complement_max",
        algebra::complement(&a, max_idx),
        bounded,
        false,
    )?;
    agree(
        "right_inverse",
        algebra::right_inverse(&a),
        op("right_inverse")?,
        false,
    )?;
    agree(
        "left_inverse",
        algebra::left_inverse(&a),
        op("left_inverse")?,
        false,
    )?;
    let composed = op("composition")?;
    let b = layout(composed.get("B").ok_or("no B")?)?;
    let lenient = composed.get("prop_ok") == Some(&Value::Bool(false));
    agree(
        "composition",
        algebra::composition(&a, &b),
        composed,
        lenient,
    )?;
    type TilerOp = fn(&Layout, &Tiler) -> Result<Layout, LayoutError>;
    let tiled: [(&str, &str, TilerOp); 6] = [
        ("logical_divide", "tiler", algebra::logical_divide),
        ("zipped_divide", "tiler", algebra::zipped_divide),
        ("tiled_divide", "tiler", algebra::tiled_divide),
        ("logical_product", "B", algebra::logical_product),
        ("zipped_product", "B", algebra::zipped_product),
        ("tiled_product", "B", algebra::tiled_product),
    ];
    for (name, key, f) in tiled {
        let reference = op(name)?;
        let t = tiler(
            reference
                .get(key)
                .ok_or_else(|| format!("{name} without {key}"))?,
        )?;
        agree(name, f(&a, &t), reference, false)?;
    }
    Ok(())
}

/// Operations in a rendered tinygrad expression: every binary or unary operator, `where`,
/// `max` and cast. The `-` of a negative literal (`+-3`) is part of the number.
pub fn rendered_op_count(text: &str) -> usize {
    let bytes = text.as_bytes();
    let mut count = 0;
    let mut i = 0;
    while i < bytes.len() {
        let two = bytes.get(i..i + 2);
        let step = match two {
            Some(b"//") | Some(b"!=") | Some(b"<<") | Some(b">>") => {
                count += 1;
                2
            }
            _ => {
                match bytes[i] {
                    b'+' | b'*' | b'%' | b'<' | b'&' | b'|' | b'^' | b'>' => count += 1,
                    // binary minus or unary negation, but not a literal's sign after an operator
                    b'-' if i > 0 && !b"+*/%<&|^>(,=".contains(&bytes[i - 1]) => count += 1,
                    b'-' if i > 0
                        && bytes[i - 1] == b'('
                        && !bytes.get(i + 1).is_some_and(u8::is_ascii_digit) =>
                    {
                        count += 1
                    }
                    _ => {}
                }
                1
            }
        };
        i += step;
    }
    count += text.matches(" if ").count()
        + text.matches("max(").count()
        + text.matches("(long)").count();
    count
}

/// Operation counts of one case's expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpCounts {
    /// Operations in our simplified `idx` ([`engine::ExprArena::op_count`]).
    pub ours_idx: usize,
    /// Operations in our simplified `valid`.
    pub ours_valid: usize,
    /// Operations in tinygrad's rendered `idx` ([`rendered_op_count`]).
    pub tinygrad_idx: usize,
    /// Operations in tinygrad's rendered `valid`.
    pub tinygrad_valid: usize,
}

/// Our `idx` / `valid` operation counts and the reference's, for a tinygrad case.
///
/// # Errors
/// When the case cannot be rebuilt.
pub fn op_counts(kind: &str, case: &Value) -> Result<Option<OpCounts>, String> {
    let Some((tracker, idx, valid)) = case_tracker(kind, case)? else {
        return Ok(None);
    };
    let exprs = tracker.index_exprs();
    Ok(Some(OpCounts {
        ours_idx: exprs.arena.op_count(exprs.idx),
        ours_valid: exprs.arena.op_count(exprs.valid),
        tinygrad_idx: rendered_op_count(&idx),
        tinygrad_valid: rendered_op_count(&valid),
    }))
}

/// The final view stack of a tinygrad `create`, `ops` or `add` case, with tinygrad's rendered
/// `idx` and `valid`; `None` for other kinds.
///
/// # Errors
/// When the case cannot be rebuilt.
pub fn case_tracker(
    kind: &str,
    case: &Value,
) -> Result<Option<(ShapeTracker, String, String)>, String> {
    Ok(Some(match kind {
        "create" => {
            let case: CreateCase =
                serde_json::from_value(case.clone()).map_err(|e| e.to_string())?;
            let input = &case.input;
            let view = View::create(
                &input.shape,
                input.strides.as_deref(),
                input.offset,
                input.mask.as_deref(),
            )
            .map_err(|e| e.to_string())?;
            let strings = |k: &str| case_str(&case.rest, k);
            (
                ShapeTracker::from_views(vec![view]).map_err(|e| e.to_string())?,
                strings("idx")?,
                strings("valid")?,
            )
        }
        "ops" | "add" => {
            let parsed: TrackerCase =
                serde_json::from_value(case.clone()).map_err(|e| e.to_string())?;
            let views: Vec<View> = parsed
                .final_
                .views
                .iter()
                .map(ViewRecord::to_view)
                .collect::<Result<_, _>>()?;
            let final_ = case.get("final").ok_or("no final")?;
            (
                ShapeTracker::from_views(views).map_err(|e| e.to_string())?,
                case_str(final_, "idx")?,
                case_str(final_, "valid")?,
            )
        }
        _ => return Ok(None),
    }))
}

fn case_str(value: &Value, key: &str) -> Result<String, String> {
    value
        .get(key)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("no string field `{key}`"))
}

/// One kind's counts in a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindSummary {
    /// The kind counted.
    pub kind: String,
    /// Cases that agree with the reference.
    pub passed: usize,
    /// Cases that disagree.
    pub failed: usize,
    /// Cases of a kind not modelled yet: neither passed nor failed.
    pub skipped: usize,
    /// The first (at most 5) failing ids.
    pub first_failing: Vec<String>,
}

/// Counts per kind in first-seen order.
pub fn summarize(results: &[CaseResult]) -> Vec<KindSummary> {
    let mut rows: Vec<KindSummary> = Vec::new();
    for result in results {
        let index = match rows.iter().position(|row| row.kind == result.kind) {
            Some(i) => i,
            None => {
                rows.push(KindSummary {
                    kind: result.kind.clone(),
                    ..KindSummary::default()
                });
                rows.len() - 1
            }
        };
        let row = &mut rows[index];
        match (&result.failure, &result.skipped) {
            (_, Some(_)) => row.skipped += 1,
            (None, None) => row.passed += 1,
            (Some(_), None) => {
                row.failed += 1;
                if row.first_failing.len() < 5 {
                    row.first_failing.push(result.id.clone());
                }
            }
        }
    }
    rows
}
