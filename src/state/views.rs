//! The Views page: a base view edited per dimension, a history of movement ops replayed into a
//! view stack after every edit, the step being looked at, and all of it in the URL.

use crate::engine::mergeability::{decide_merge, MergeVerdict};
use crate::engine::{MovementOp, NewViewReason, ShapeTracker};

use super::ops_text::{op_text, parse_op};
use super::view_form::{ViewEditor, ViewForm};

/// Most ops the history holds.
pub const MAX_STEPS: usize = 64;
/// Largest stack the mergeability decision enumerates.
const MERGE_LIMIT: usize = 1 << 16;

/// What one history step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepOutcome {
    pub op: MovementOp,
    /// The stack after this step, or why the step no longer applies (the base or an earlier
    /// step changed).
    pub result: Result<ShapeTracker, String>,
    /// Why a reshape had to append a view.
    pub new_view: Option<NewViewReason>,
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ViewsState {
    pub editor: ViewEditor,
    steps: Vec<MovementOp>,
    /// The step whose stack is shown; `None` shows the last.
    selected: Option<usize>,
}

impl ViewsState {
    pub fn steps(&self) -> &[MovementOp] {
        &self.steps
    }

    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// The base stack: one view from the editor.
    pub fn base(&self) -> ShapeTracker {
        ShapeTracker::from_views(vec![self.editor.view().clone()])
            .expect("one view is a valid stack")
    }

    /// Every step replayed from the base; after a failing step the rest are skipped.
    pub fn replay(&self) -> Vec<StepOutcome> {
        let mut current = Ok(self.base());
        self.steps
            .iter()
            .map(|op| {
                let (result, new_view) = match &current {
                    Err(_) => (
                        Err("skipped: an earlier step does not apply".to_string()),
                        None,
                    ),
                    Ok(tracker) => match tracker.apply(op) {
                        Ok((next, reason)) => (Ok(next), reason),
                        Err(error) => (Err(error.to_string()), None),
                    },
                };
                current = result.clone();
                StepOutcome {
                    op: op.clone(),
                    result,
                    new_view,
                }
            })
            .collect()
    }

    /// The stack at the selected step (or the last that applies), and why its last reshape
    /// needed a new view, if it did.
    pub fn shown(&self) -> (ShapeTracker, Option<NewViewReason>) {
        let outcomes = self.replay();
        let upto = self
            .selected
            .map_or(outcomes.len(), |k| (k + 1).min(outcomes.len()));
        outcomes[..upto]
            .iter()
            .rev()
            .find_map(|o| o.result.as_ref().ok().map(|t| (t.clone(), o.new_view)))
            .unwrap_or_else(|| (self.base(), None))
    }

    /// The stack at the end of the history (ops are appended there).
    fn end(&self) -> Result<ShapeTracker, String> {
        self.replay()
            .last()
            .map_or_else(|| Ok(self.base()), |o| o.result.clone())
    }

    /// Parses and applies an op at the end of the history.
    ///
    /// # Errors
    /// The argument's parse error, the op's own error (named op, argument, expectation), or a
    /// history that no longer applies.
    pub fn push_op(&mut self, kind: &str, argument: &str) -> Result<(), String> {
        if self.steps.len() >= MAX_STEPS {
            return Err(format!("the history holds at most {MAX_STEPS} ops"));
        }
        let end = self
            .end()
            .map_err(|e| format!("fix the history first: {e}"))?;
        let op = parse_op(kind, argument, end.shape().len())?;
        end.apply(&op).map_err(|e| e.to_string())?;
        self.steps.push(op);
        self.selected = None;
        Ok(())
    }

    pub fn remove_step(&mut self, index: usize) {
        if index < self.steps.len() {
            self.steps.remove(index);
            self.selected = None;
        }
    }

    /// Swaps step `index` with the one before it.
    pub fn move_step_up(&mut self, index: usize) {
        if index > 0 && index < self.steps.len() {
            self.steps.swap(index - 1, index);
            self.selected = None;
        }
    }

    /// Shows the stack after step `index` (`None`: after the last).
    pub fn select(&mut self, index: Option<usize>) {
        self.selected = index.filter(|&k| k < self.steps.len());
    }

    /// Seed 000's verdict on merging the top two views of the shown stack, when there are two.
    pub fn merge_verdict(&self) -> Option<Result<MergeVerdict, String>> {
        let (tracker, _) = self.shown();
        let views = tracker.views();
        let n = views.len();
        (n >= 2).then(|| {
            decide_merge(&views[n - 2], &views[n - 1], MERGE_LIMIT).map_err(|e| e.to_string())
        })
    }

    /// The base view's query, then `ops=kind:arg;kind:arg` and `at=k`.
    pub fn to_query(&self) -> String {
        let mut query = self.editor.form().to_query();
        if !self.steps.is_empty() {
            let ops: Vec<String> = self
                .steps
                .iter()
                .map(|op| {
                    let (kind, argument) = op_text(op);
                    format!("{kind}:{argument}")
                })
                .collect();
            query.push_str("&ops=");
            query.push_str(&encode_ops(&ops.join(";")));
        }
        if let Some(k) = self.selected {
            query.push_str(&format!("&at={k}"));
        }
        query
    }

    /// The state a query describes. Ops that do not parse are dropped and reported.
    pub fn from_query(query: &str) -> (ViewsState, Vec<String>) {
        let mut state = ViewsState {
            editor: ViewEditor::from_form(ViewForm::from_query(query)),
            ..ViewsState::default()
        };
        let mut problems = Vec::new();
        for pair in query.split('&') {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            match key {
                "ops" => {
                    for (n, item) in decode_ops(value)
                        .split(';')
                        .filter(|s| !s.is_empty())
                        .take(MAX_STEPS)
                        .enumerate()
                    {
                        let (kind, argument) = item.split_once(':').unwrap_or((item, ""));
                        let rank = state.end().map_or(0, |t| t.shape().len());
                        match parse_op(kind, argument, rank) {
                            Ok(op) => state.steps.push(op),
                            Err(e) => problems.push(format!("op {}: {e}", n + 1)),
                        }
                    }
                }
                "at" => state.selected = value.parse().ok(),
                _ => {}
            }
        }
        state.select(state.selected);
        (state, problems)
    }
}

fn encode_ops(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b",:;._-()".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

fn decode_ops(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| text.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(b) => {
                out.push(b);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::mergeability::Witness;

    /// seed 004: (3,2) transposed then reshaped back to (3,2) needs two views.
    fn transposed_reshape() -> ViewsState {
        let (mut state, problems) = ViewsState::from_query("shape=3,2");
        assert!(problems.is_empty());
        state.push_op("permute", "1,0").unwrap();
        state.push_op("reshape", "3,2").unwrap();
        state
    }

    #[test]
    fn the_seed_004_two_view_example() {
        let state = transposed_reshape();
        let (tracker, reason) = state.shown();
        assert_eq!(tracker.views().len(), 2);
        assert_eq!(reason, Some(NewViewReason::StridesDoNotMerge));
        let offsets: Vec<i64> = tracker.offsets(64).unwrap().into_iter().flatten().collect();
        assert_eq!(offsets, vec![0, 2, 4, 1, 3, 5]);
        match state.merge_verdict() {
            Some(Ok(MergeVerdict::NotMergeable(Witness::NotAffine { .. }))) => {}
            other => panic!("expected a NotAffine witness, got {other:?}"),
        }
    }

    #[test]
    fn history_edits_replay() {
        let mut state = transposed_reshape();
        state.select(Some(0));
        assert_eq!(state.shown().0.views().len(), 1, "after the permute only");
        state.remove_step(0);
        let (tracker, reason) = state.shown();
        assert_eq!(
            (tracker.views().len(), reason),
            (1, None),
            "reshape of a contiguous view"
        );
        state.push_op("flip", "0").unwrap();
        state.move_step_up(1);
        assert_eq!(state.steps()[0].name(), "flip");
        let err = state.push_op("expand", "9,9").unwrap_err();
        assert!(err.contains("expand"), "{err}");
        assert!(state.push_op("pad", "(1,1)").unwrap_err().contains("pad"));
    }

    #[test]
    fn a_base_edit_that_breaks_a_step_is_reported_at_the_step() {
        let mut state = transposed_reshape();
        state
            .editor
            .set_field(0, super::super::RowField::Shape, "4");
        let outcomes = state.replay();
        assert!(outcomes[0].result.is_ok(), "permute still applies");
        assert!(outcomes[1].result.as_ref().unwrap_err().contains("reshape"));
        assert_eq!(
            state.shown().0.shape(),
            &[2, 4],
            "shows the last step that applies"
        );
    }

    #[test]
    fn query_round_trip() {
        let mut state = transposed_reshape();
        state.push_op("pad", "(1,1),(0,2)").unwrap();
        state.select(Some(1));
        let query = state.to_query();
        assert!(
            query.contains("ops=permute:1,0;reshape:3,2;pad:(1,1),(0,2)"),
            "{query}"
        );
        let (back, problems) = ViewsState::from_query(&query);
        assert!(problems.is_empty());
        assert_eq!(back, state);
        let (_, problems) = ViewsState::from_query("shape=2&ops=twist:1;reshape:2");
        assert_eq!(problems.len(), 1);
    }
}
