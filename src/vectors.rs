//! Reference-vector files (`../shared/vectors/*.jsonl`) and the agreement rules of their README,
//! section 5. Each case is checked independently; a failure says what differs.

use serde::Deserialize;
use serde_json::Value;

use crate::engine::{IndexExprs, RowMajor, View};

/// Most elements a case may enumerate; reference cases are far smaller.
const ENUMERATION_LIMIT: usize = 1 << 20;

/// Outcome of one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseResult {
    pub id: String,
    pub kind: String,
    pub failure: Option<String>,
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
        let (id, kind) = (field("id")?, field("kind")?);
        let failure = check_case(&kind, &value).err();
        results.push(CaseResult { id, kind, failure });
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
        other => Err(format!(
            "kind `{other}` is not supported by this engine yet"
        )),
    }
}

/// tinygrad's `View` dataclass as the vectors spell it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ViewRecord {
    pub shape: Vec<i64>,
    pub strides: Vec<i64>,
    pub offset: i64,
    pub mask: Option<Vec<(i64, i64)>>,
    pub contiguous: bool,
}

impl ViewRecord {
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

/// Counts per kind in first-seen order: `(kind, passed, failed, first failing ids)`.
pub fn summarize(results: &[CaseResult]) -> Vec<(String, usize, usize, Vec<String>)> {
    let mut rows: Vec<(String, usize, usize, Vec<String>)> = Vec::new();
    for result in results {
        let index = match rows.iter().position(|row| row.0 == result.kind) {
            Some(i) => i,
            None => {
                rows.push((result.kind.clone(), 0, 0, Vec::new()));
                rows.len() - 1
            }
        };
        let row = &mut rows[index];
        match &result.failure {
            None => row.1 += 1,
            Some(_) => {
                row.2 += 1;
                if row.3.len() < 5 {
                    row.3.push(result.id.clone());
                }
            }
        }
    }
    rows
}
