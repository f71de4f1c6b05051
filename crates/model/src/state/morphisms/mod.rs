//! The Morphisms page: a nested tuple morphism edited as domain, codomain and map; its arrow
//! diagram and encoded layout linked by hover; the Nest operations drawn next to the layout
//! operation they model; and Algorithm 4.1.3 step by step.

mod editor;
mod hover;
mod operations;
#[cfg(test)]
mod tests;
mod walkthrough;

use crate::state::field::{FieldError, Parsed};
use crate::state::url::PageState;
use engine::cute::Layout;
use engine::morphism::Morphism;
use engine::LayoutError;

use crate::state::url::{keep, percent_decode as decode, percent_encode};

pub use editor::{Editor, Part};
pub use hover::{Drawn, MorphHover, MorphLit};
pub use operations::{run_op, Figure, MorphOp, OpResult};
pub use walkthrough::{walkthrough, Step, COMPOSITION_PRESETS};

/// Longest text kept in any field.
const MAX_CHARS: usize = 4096;

/// The Morphisms page state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MorphismsState {
    editor: Editor,
    /// "Load the standard representation of a layout": what is typed, and why it loads
    /// nothing (a layout that loads replaces the editor's morphism).
    from_layout: Parsed<()>,
    op: MorphOp,
    /// The second operand `g`.
    g: Parsed<Morphism>,
    /// The walkthrough's operands: `a` is the outer layout A and `b` the inner B of `A ∘ B`,
    /// `R(i) = A(B(i))`. At most one has an error: the operand edited last.
    a: Parsed<Layout>,
    b: Parsed<Layout>,
    /// The walkthrough's step.
    step: usize,
}

impl Default for MorphismsState {
    fn default() -> MorphismsState {
        let (f, g) = MorphOp::Compose.example();
        let parse =
            |t: &str| Morphism::parse(t).unwrap_or_else(|_| unreachable!("the examples parse"));
        let layout =
            |t: &str| Layout::parse(t).unwrap_or_else(|_| unreachable!("the presets parse"));
        let (_, a, b) = COMPOSITION_PRESETS[1];
        fn field<T>(text: &str, value: T) -> Parsed<T> {
            Parsed::valid(text, value).max_chars(MAX_CHARS + 1)
        }
        MorphismsState {
            editor: Editor::of(parse(f)),
            from_layout: field("", ()),
            op: MorphOp::Compose,
            g: field(g, parse(g)),
            a: field(a, layout(a)),
            b: field(b, layout(b)),
            step: 0,
        }
    }
}

impl MorphismsState {
    /// The editor of `f`.
    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    /// Takes what was typed in one of the editor's fields.
    pub fn set_part(&mut self, part: Part, text: &str) {
        self.editor.set(part, text);
    }

    /// Loads `f` written in `tract` notation into the editor.
    ///
    /// # Errors
    /// The parse or validation error; the editor is unchanged.
    pub fn load_text(&mut self, text: &str) -> Result<(), LayoutError> {
        self.editor.load_text(text)
    }

    /// The layout typed to load its standard representation (not kept in the URL).
    pub fn from_layout_text(&self) -> &str {
        self.from_layout.text()
    }

    /// Why the layout typed loads no standard representation.
    pub fn from_layout_error(&self) -> Option<&FieldError> {
        self.from_layout.error()
    }

    /// Loads the standard representation of the layout typed, or says which divisibility fails.
    pub fn set_from_layout(&mut self, text: &str) {
        let editor = &mut self.editor;
        self.from_layout.set(text, |text| {
            let layout = Layout::parse(text)?;
            let m = Morphism::from_layout(&layout).map_err(|reason| {
                FieldError::rule(format!("{layout} is not tractable: {reason}"))
            })?;
            editor.load(m);
            Ok(())
        });
    }

    /// The operation drawn under Operations (`op=`).
    pub fn op(&self) -> MorphOp {
        self.op
    }

    /// The second operand `g` as typed (`g=`), in `tract` notation.
    pub fn g_text(&self) -> &str {
        self.g.text()
    }

    /// The last `g` that parsed.
    pub fn g(&self) -> &Morphism {
        self.g.value()
    }

    /// Why the typed `g` is no morphism (the last `g` stays).
    pub fn g_error(&self) -> Option<&FieldError> {
        self.g.error()
    }

    /// Takes what was typed for `g`; the last `g` stays on an error.
    pub fn set_g(&mut self, text: &str) {
        self.g.set(text, |text| Ok(Morphism::parse(text)?));
    }

    /// Picks an operation, which acts on the f and g on screen.
    pub fn set_op(&mut self, op: MorphOp) {
        self.op = op;
    }

    /// Loads the paper's example of the operation: f, and g where the operation takes one,
    /// together (so they fit each other).
    pub fn load_op_example(&mut self) {
        let (f, g) = self.op.example();
        // the examples are constants that parse
        let _ = self.editor.load_text(f);
        if self.op.binary() {
            self.set_g(g);
        }
    }

    /// The operation on the editor's `f` and the last `g`, beside the CuTe operation it models.
    ///
    /// # Errors
    /// Why the operation is not defined for these operands.
    pub fn op_result(&self) -> Result<OpResult, LayoutError> {
        run_op(self.op, self.editor.morphism(), self.g())
    }

    /// The walkthrough's outer `A` (`first`) or inner `B` as typed.
    pub fn operand_text(&self, first: bool) -> &str {
        if first {
            self.a.text()
        } else {
            self.b.text()
        }
    }

    /// The last outer layout A that parsed.
    pub fn a(&self) -> &Layout {
        self.a.value()
    }

    /// The last inner layout B that parsed.
    pub fn b(&self) -> &Layout {
        self.b.value()
    }

    /// Why the operand edited last does not parse, said with its name (`A: …`).
    pub fn ab_error(&self) -> Option<&FieldError> {
        self.a.error().or(self.b.error())
    }

    /// Sets the walkthrough's outer `A` (`first`) or inner `B` and goes back to step 1.
    pub fn set_operand(&mut self, first: bool, text: &str) {
        let (name, field, other) = if first {
            ("A", &mut self.a, &mut self.b)
        } else {
            ("B", &mut self.b, &mut self.a)
        };
        field.set(text, |text| {
            Layout::parse(text).map_err(|e| FieldError::from(e).within(name))
        });
        // the walkthrough says one error, the last edited operand's
        other.set_error(None);
        if field.is_valid() {
            self.step = 0;
        }
    }

    /// The walkthrough's step.
    pub fn step(&self) -> usize {
        self.step
    }

    /// Shows step `step` of the walkthrough (0-based; `step=` in the URL).
    pub fn set_step(&mut self, step: usize) {
        self.step = step;
    }

    /// Loads preset `k` of [`COMPOSITION_PRESETS`] into A and B, from step 1.
    pub fn load_preset(&mut self, k: usize) {
        if let Some(&(_, a, b)) = COMPOSITION_PRESETS.get(k) {
            self.set_operand(true, a);
            self.set_operand(false, b);
        }
    }

    /// Algorithm 4.1.3's steps for `A ∘ B`, the last A and B that parsed.
    ///
    /// # Errors
    /// An operand that is not tractable, or no mutual refinement.
    pub fn steps(&self) -> Result<Vec<Step>, FieldError> {
        walkthrough(self.a(), self.b())
    }

    /// The state a query describes; bad values keep the defaults and show their errors.
    pub fn from_query(query: &str) -> MorphismsState {
        let mut state = MorphismsState::default();
        for pair in query.split('&') {
            let Some((key, value)) = pair.split_once('=') else {
                continue;
            };
            let value = decode(value);
            match key {
                "f" => {
                    if let Err(e) = state.editor.load_text(&value) {
                        state
                            .editor
                            .set_link_error(FieldError::from(e).within("link"));
                    }
                }
                "op" => state.op = MorphOp::parse(&value).unwrap_or(state.op),
                "g" => state.set_g(&value),
                "outer" => state.set_operand(true, &value),
                "inner" => state.set_operand(false, &value),
                // links from before one convention: `A` was the paper's, the inner layout
                "A" => state.set_operand(false, &value),
                "B" => state.set_operand(true, &value),
                _ => {}
            }
        }
        if let Some(step) = query
            .split('&')
            .find_map(|p| p.strip_prefix("step="))
            .and_then(|s| s.parse::<usize>().ok())
        {
            state.step = step.min(5);
        }
        state
    }
}

impl PageState for MorphismsState {
    /// `f=…&op=…&g=…&outer=…&inner=…&step=…` (the walkthrough's A is `outer`, B `inner`).
    fn to_query(&self) -> String {
        let enc = |t: &str| percent_encode(t, keep::MORPHISM);
        let f = self.editor.morphism();
        format!(
            "f={}&op={}&g={}&outer={}&inner={}&step={}",
            enc(&f.to_string()),
            self.op.as_str(),
            enc(&self.g().to_string()),
            enc(&self.a().to_string()),
            enc(&self.b().to_string()),
            self.step
        )
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        (Self::from_query(query), Vec::new())
    }
}
