//! The Views page: a base view edited per dimension, a history of movement ops replayed into a
//! view stack after every edit, the step being looked at, and all of it in the URL.

pub mod form;

use crate::draw::colouring::Colouring;
use crate::state::field::FieldError;
use crate::state::url::PageState;
use engine::view::mergeability::{decide_merge, MergeVerdict};
use engine::view::python_tuple;
use engine::view::tinygrad_repr::{parse_tracker, MAX_INPUT_CHARS};
use engine::{LayoutError, MovementOp, NewViewReason, ShapeTracker, View};

use engine::view::op_text::{op_pieces, op_text, parse_op};
use form::{ViewEditor, ViewForm};

/// Most ops the history holds.
pub const MAX_STEPS: usize = 64;
/// Largest stack the mergeability decision enumerates.
const MERGE_LIMIT: usize = 1 << 16;

/// What one history step did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepOutcome {
    /// The op, as `op_text` writes it in `ops=`.
    pub op: MovementOp,
    /// The stack after this step, or why the step no longer applies (the base or an earlier
    /// step changed).
    pub result: Result<ShapeTracker, FieldError>,
    /// Why a reshape had to append a view.
    pub new_view: Option<NewViewReason>,
}

/// The Views page's state: the base view's keys, then `ops=kind:arg;…`, `views=…` (imported
/// views above the base), `at=k` and `colour=…`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ViewsState {
    /// The base view as typed, with the last view that parsed.
    pub editor: ViewEditor,
    /// Views stacked on the edited view before any op (from an imported `ShapeTracker`).
    upper: Vec<View>,
    steps: Vec<MovementOp>,
    /// The step whose stack is shown; `None` shows the last.
    selected: Option<usize>,
    /// How the grids and the memory strip are coloured.
    pub colour: Colouring,
}

impl ViewsState {
    /// The history: the movement ops applied to the base stack, in order (at most
    /// [`MAX_STEPS`]).
    pub fn steps(&self) -> &[MovementOp] {
        &self.steps
    }

    /// The step whose stack is shown (`at=`); `None` shows the last.
    pub fn selected(&self) -> Option<usize> {
        self.selected
    }

    /// The base stack: the editor's view, then any imported views above it.
    pub fn base(&self) -> ShapeTracker {
        let mut views = vec![self.editor.view().clone()];
        views.extend(self.upper.iter().cloned());
        ShapeTracker::from_views(views)
            .unwrap_or_else(|_| unreachable!("at least one view is a valid stack"))
    }

    /// Loads what a person pasted: a tinygrad `View(...)` or `ShapeTracker(views=(...))` repr
    /// (replacing the base and clearing the history), or a list of ops (`reshape 3,4` lines,
    /// or tinygrad calls such as `.permute((1, 0))`) appended to the history.
    ///
    /// # Errors
    /// Why the text is neither, or which op fails; the state is unchanged then.
    pub fn import(&mut self, text: &str) -> Result<(), FieldError> {
        let text = text.trim();
        if text.chars().count() > MAX_INPUT_CHARS {
            return Err(FieldError::rule(format!(
                "the text is longer than {MAX_INPUT_CHARS} characters"
            )));
        }
        if text.starts_with("View(") || text.starts_with("ShapeTracker(") {
            let tracker = parse_tracker(text)?;
            let views = tracker.views();
            self.editor = ViewEditor::from_form(ViewForm::of_view(&views[0]));
            self.upper = views[1..].to_vec();
            self.steps.clear();
            self.selected = None;
            return Ok(());
        }
        let mut next = self.clone();
        let mut count = 0;
        for piece in op_pieces(text) {
            let (kind, argument) = piece;
            next.push_op(&kind, &argument)
                .map_err(|e| e.within(format!("op {} ({kind})", count + 1)))?;
            count += 1;
        }
        if count == 0 {
            return Err(FieldError::rule(
                "paste a View(...), a ShapeTracker(views=(...)), or ops such as “reshape 3,4”",
            ));
        }
        *self = next;
        Ok(())
    }

    /// The shown stack as tinygrad prints it.
    pub fn tinygrad_repr(&self) -> String {
        let (tracker, _) = self.shown();
        let views: Vec<String> = tracker.views().iter().map(View::to_string).collect();
        format!("ShapeTracker(views={})", python_tuple(views.into_iter()))
    }

    /// Runnable tinygrad 0.11 Python that rebuilds the shown stack.
    pub fn tinygrad_python(&self) -> String {
        let create = |v: &View| {
            let mask = v.mask().map_or("None".to_string(), |m| {
                python_tuple(m.iter().map(|(b, e)| format!("({b}, {e})")))
            });
            format!(
                "View.create({}, {}, {}, {mask})",
                python_tuple(v.shape().iter().map(i64::to_string)),
                python_tuple(v.strides().iter().map(i64::to_string)),
                v.offset()
            )
        };
        let base: Vec<String> = self.base().views().iter().map(create).collect();
        let mut lines = vec![
            "from tinygrad.shape.shapetracker import ShapeTracker".to_string(),
            "from tinygrad.shape.view import View".to_string(),
            format!("st = ShapeTracker({})", python_tuple(base.into_iter())),
        ];
        let upto = self.selected.map_or(self.steps.len(), |k| k + 1);
        for op in &self.steps[..upto.min(self.steps.len())] {
            let ints = |v: &[i64]| python_tuple(v.iter().map(i64::to_string));
            let pairs =
                |v: &[(i64, i64)]| python_tuple(v.iter().map(|(a, b)| format!("({a}, {b})")));
            lines.push(match op {
                MovementOp::Reshape(v) => format!("st = st.reshape({})", ints(v)),
                MovementOp::Expand(v) => format!("st = st.expand({})", ints(v)),
                MovementOp::Permute(v) => format!(
                    "st = st.permute({})",
                    python_tuple(v.iter().map(usize::to_string))
                ),
                MovementOp::Pad(v) => format!("st = st.pad({})", pairs(v)),
                MovementOp::Shrink(v) => format!("st = st.shrink({})", pairs(v)),
                MovementOp::Flip(v) => format!(
                    "st = st.flip({})",
                    python_tuple(
                        v.iter()
                            .map(|&f| if f { "True" } else { "False" }.to_string())
                    )
                ),
                MovementOp::Stride(v) => format!(
                    "# stride{} is not in tinygrad 0.11 (it was View.stride up to 0.10)",
                    ints(v)
                ),
                MovementOp::Simplify => "st = st.simplify()".to_string(),
            });
        }
        lines.push("print(st)".to_string());
        lines.join("\n")
    }

    /// Why `kind` cannot apply while the base has symbolic sizes (in the symbolic View API,
    /// shrink, pad, flip and stride need concrete values).
    pub fn needs_concrete(&self, kind: &str) -> Option<String> {
        let names: Vec<&str> = self
            .editor
            .form()
            .symbols
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        (matches!(kind, "pad" | "shrink" | "flip" | "stride") && !names.is_empty()).then(|| {
            format!(
                "{kind} needs concrete sizes, but {} {} symbolic; make {} a number first",
                names.join(", "),
                if names.len() == 1 { "is" } else { "are" },
                if names.len() == 1 { "it" } else { "them" }
            )
        })
    }

    /// Every step replayed from the base; after a failing step the rest are skipped.
    pub fn replay(&self) -> Vec<StepOutcome> {
        let mut current = Ok(self.base());
        self.steps
            .iter()
            .map(|op| {
                let (result, new_view) = match &current {
                    Err(_) => (
                        Err(FieldError::rule("skipped: an earlier step does not apply")),
                        None,
                    ),
                    Ok(tracker) => match self.needs_concrete(op.name()) {
                        Some(message) => (Err(FieldError::rule(message)), None),
                        None => match tracker.apply(op) {
                            Ok((next, reason)) => (Ok(next), reason),
                            Err(error) => (Err(error.into()), None),
                        },
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

    /// The shown stack as a CuTe layout (`View(shape=(3, 4), strides=(4, 1))` is `(4,3):(1,4)`),
    /// or why it has none.
    ///
    /// # Errors
    /// A stack of several views, a mask, an offset or a negative stride, in words.
    pub fn as_layout(&self) -> Result<engine::cute::Layout, FieldError> {
        let (tracker, _) = self.shown();
        match tracker.views() {
            [view] => Ok(engine::cute::pycute::convert::layout_from_view(view)?),
            views => Err(FieldError::rule(format!(
                "the stack has {} views; one CuTe layout is one view",
                views.len()
            ))),
        }
    }

    /// The stack at the end of the history (ops are appended there).
    fn end(&self) -> Result<ShapeTracker, FieldError> {
        self.replay()
            .last()
            .map_or_else(|| Ok(self.base()), |o| o.result.clone())
    }

    /// Parses and applies an op at the end of the history.
    ///
    /// # Errors
    /// The argument's parse error, the op's own error (named op, argument, expectation), or a
    /// history that no longer applies.
    pub fn push_op(&mut self, kind: &str, argument: &str) -> Result<(), FieldError> {
        if let Some(message) = self.needs_concrete(kind) {
            return Err(FieldError::rule(message));
        }
        if self.steps.len() >= MAX_STEPS {
            return Err(FieldError::rule(format!(
                "the history holds at most {MAX_STEPS} ops"
            )));
        }
        let end = self.end().map_err(|e| e.within("fix the history first"))?;
        let op = parse_op(kind, argument, end.shape().len()).map_err(FieldError::rule)?;
        end.apply(&op)?;
        self.steps.push(op);
        self.selected = None;
        Ok(())
    }

    /// Removes step `index` of the history and shows the last step.
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

    /// The mergeability verdict on the top two views of the shown stack, when there are two.
    pub fn merge_verdict(&self) -> Option<Result<MergeVerdict, LayoutError>> {
        let (tracker, _) = self.shown();
        let views = tracker.views();
        let n = views.len();
        (n >= 2).then(|| decide_merge(&views[n - 2], &views[n - 1], MERGE_LIMIT))
    }

    /// The state a query describes. Ops that do not parse are dropped and reported.
    pub fn from_query(query: &str) -> (ViewsState, Vec<String>) {
        let mut state = ViewsState {
            editor: ViewEditor::from_form(ViewForm::from_query(query)),
            ..ViewsState::default()
        };
        let mut problems = Vec::new();
        // Views above the base come first: ops apply on top of them.
        for pair in query.split('&') {
            if let Some(value) = pair.strip_prefix("views=") {
                let text = format!(
                    "ShapeTracker(views=({},))",
                    decode_ops(value).replace(';', ",")
                );
                match parse_tracker(&text) {
                    Ok(tracker) => state.upper = tracker.views().to_vec(),
                    Err(e) => problems.push(format!("views: {e}")),
                }
            }
        }
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
                "colour" => match Colouring::parse(value) {
                    Some(colour) => state.colour = colour,
                    None => problems.push(format!("colour: no colouring is called {value:?}")),
                },
                _ => {}
            }
        }
        state.select(state.selected);
        (state, problems)
    }
}

impl PageState for ViewsState {
    /// The base view's query, then `ops=kind:arg;kind:arg` and `at=k`.
    fn to_query(&self) -> String {
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
        if !self.upper.is_empty() {
            let views: Vec<String> = self.upper.iter().map(View::to_string).collect();
            query.push_str("&views=");
            query.push_str(&encode_ops(&views.join(";")));
        }
        if let Some(k) = self.selected {
            query.push_str(&format!("&at={k}"));
        }
        if self.colour != Colouring::Address {
            query.push_str(&format!("&colour={}", self.colour.as_str()));
        }
        query
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        Self::from_query(query)
    }
}

fn encode_ops(text: &str) -> String {
    super::url::percent_encode(text, super::url::keep::OPS)
}

fn decode_ops(text: &str) -> String {
    super::url::percent_decode(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::view::mergeability::Witness;

    /// tinygrad's ShapeTracker notes' example: (3,2) transposed then reshaped back to (3,2) needs
    /// two views.
    fn transposed_reshape() -> ViewsState {
        let (mut state, problems) = ViewsState::from_query("shape=3,2");
        assert!(problems.is_empty());
        state.push_op("permute", "1,0").unwrap();
        state.push_op("reshape", "3,2").unwrap();
        state
    }

    #[test]
    fn single_unmasked_views_convert_to_layouts() {
        let (mut state, _) = ViewsState::from_query("shape=3,4&strides=4,1");
        assert_eq!(state.as_layout().unwrap().to_string(), "(4,3):(1,4)");
        state.push_op("pad", "(0,1),(0,0)").unwrap();
        assert!(state
            .as_layout()
            .unwrap_err()
            .to_string()
            .contains("masked"));
        assert!(transposed_reshape()
            .as_layout()
            .unwrap_err()
            .to_string()
            .contains("2 views"));
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
        assert!(err.to_string().contains("expand"), "{err}");
        assert!(state
            .push_op("pad", "(1,1)")
            .unwrap_err()
            .to_string()
            .contains("pad"));
    }

    #[test]
    fn a_base_edit_that_breaks_a_step_is_reported_at_the_step() {
        let mut state = transposed_reshape();
        state
            .editor
            .set_field(0, super::super::RowField::Shape, "4");
        let outcomes = state.replay();
        assert!(outcomes[0].result.is_ok(), "permute still applies");
        assert!(outcomes[1]
            .result
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("reshape"));
        assert_eq!(
            state.shown().0.shape(),
            &[2, 4],
            "shows the last step that applies"
        );
    }

    #[test]
    fn importing_stacks_and_op_lists() {
        let mut state = transposed_reshape();
        let repr = state.tinygrad_repr();
        assert!(
            repr.starts_with("ShapeTracker(views=(View(shape=(2, 3), strides=(1, 2)"),
            "{repr}"
        );
        let mut copy = ViewsState::default();
        copy.import(&repr).unwrap();
        assert_eq!(
            copy.shown().0,
            state.shown().0,
            "a two-view stack round-trips"
        );
        let (back, problems) = ViewsState::from_query(&copy.to_query());
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            back.shown().0,
            state.shown().0,
            "imported views live in the URL"
        );
        let mut ops = ViewsState::from_query("shape=2,3").0;
        ops.import("t = t.permute((1, 0)).reshape(3, 2)\npad (1,0),(0,0)")
            .unwrap();
        assert_eq!(
            ops.steps().iter().map(MovementOp::name).collect::<Vec<_>>(),
            ["permute", "reshape", "pad"]
        );
        let err = state.import("reshape 7,7").unwrap_err();
        assert!(err.to_string().starts_with("op 1 (reshape)"), "{err}");
        assert!(state.import("hello").is_err());
        assert_eq!(state.steps().len(), 2, "a failed import changes nothing");
    }

    #[test]
    fn python_export_rebuilds_the_stack() {
        let mut state = transposed_reshape();
        state.push_op("stride", "1,-1").unwrap();
        let python = state.tinygrad_python();
        assert!(
            python.contains("st = ShapeTracker((View.create((3, 2), (2, 1), 0, None),))"),
            "{python}"
        );
        assert!(python.contains("st = st.permute((1, 0))"));
        assert!(python.contains("st = st.reshape((3, 2))"));
        assert!(python.contains("# stride(1, -1) is not in tinygrad 0.11"));
    }

    #[test]
    fn ops_needing_concrete_sizes_say_so_at_the_op() {
        let (mut state, _) = ViewsState::from_query("shape=N,4&sym=N:1:8:3");
        assert_eq!(state.base().shape(), &[3, 4]);
        state.push_op("reshape", "12").unwrap();
        let err = state.push_op("pad", "(1,1)").unwrap_err();
        assert!(
            err.to_string()
                .contains("pad needs concrete sizes, but N is symbolic"),
            "{err}"
        );
        let (loaded, _) = ViewsState::from_query("shape=N,4&sym=N:1:8:3&ops=flip:0");
        assert!(loaded.replay()[0]
            .result
            .as_ref()
            .unwrap_err()
            .to_string()
            .contains("flip needs concrete"));
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
