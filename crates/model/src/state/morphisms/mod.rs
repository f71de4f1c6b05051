//! The Morphisms page: a nested tuple morphism edited as domain, codomain and map; its arrow
//! diagram and encoded layout linked by hover; the Nest operations drawn next to the layout
//! operation they model; and Algorithm 4.1.3 step by step.

mod editor;
mod hover;
mod operations;
#[cfg(test)]
mod tests;
mod walkthrough;

use crate::state::url::PageState;
use engine::cute::Layout;
use engine::morphism::Morphism;

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
    pub editor: Editor,
    /// The text of "load the standard representation of a layout" and its error.
    pub from_layout: String,
    pub from_layout_error: Option<String>,
    pub op: MorphOp,
    /// The second operand `g` as typed, the last valid one and its error.
    pub g_text: String,
    pub g: Morphism,
    pub g_error: Option<String>,
    /// The walkthrough's operands as typed, their last valid values and errors, and the step:
    /// `a` is the outer layout A and `b` the inner B of `A ∘ B`, `R(i) = A(B(i))`.
    pub a_text: String,
    pub b_text: String,
    pub a: Layout,
    pub b: Layout,
    pub ab_error: Option<String>,
    pub step: usize,
}

impl Default for MorphismsState {
    fn default() -> MorphismsState {
        let (f, g) = MorphOp::Compose.example();
        let parse =
            |t: &str| Morphism::parse(t).unwrap_or_else(|_| unreachable!("the examples parse"));
        let layout =
            |t: &str| Layout::parse(t).unwrap_or_else(|_| unreachable!("the presets parse"));
        let (_, a, b) = COMPOSITION_PRESETS[1];
        MorphismsState {
            editor: Editor::of(parse(f)),
            from_layout: String::new(),
            from_layout_error: None,
            op: MorphOp::Compose,
            g_text: g.to_string(),
            g: parse(g),
            g_error: None,
            a_text: a.to_string(),
            b_text: b.to_string(),
            a: layout(a),
            b: layout(b),
            ab_error: None,
            step: 0,
        }
    }
}

impl MorphismsState {
    /// Loads the standard representation of the layout typed, or says which divisibility fails.
    pub fn set_from_layout(&mut self, text: &str) {
        self.from_layout = text.chars().take(MAX_CHARS + 1).collect();
        self.from_layout_error = match Layout::parse(&self.from_layout) {
            Err(e) => Some(e.to_string()),
            Ok(layout) => match Morphism::from_layout(&layout) {
                Ok(m) => {
                    self.editor.load(m);
                    None
                }
                Err(reason) => Some(format!("{layout} is not tractable: {reason}")),
            },
        };
    }

    pub fn set_g(&mut self, text: &str) {
        self.g_text = text.chars().take(MAX_CHARS + 1).collect();
        match Morphism::parse(&self.g_text) {
            Ok(g) => {
                self.g = g;
                self.g_error = None;
            }
            Err(e) => self.g_error = Some(e.to_string()),
        }
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

    pub fn op_result(&self) -> Result<OpResult, String> {
        run_op(self.op, self.editor.morphism(), &self.g)
    }

    /// Sets the walkthrough's outer `A` (`first`) or inner `B` and goes back to step 1.
    pub fn set_operand(&mut self, first: bool, text: &str) {
        let text: String = text.chars().take(MAX_CHARS + 1).collect();
        let parsed = Layout::parse(&text);
        if first {
            self.a_text = text;
        } else {
            self.b_text = text;
        }
        match parsed {
            Ok(l) if first => self.a = l,
            Ok(l) => self.b = l,
            Err(e) => {
                self.ab_error = Some(format!("{}: {e}", if first { "A" } else { "B" }));
                return;
            }
        }
        self.ab_error = None;
        self.step = 0;
    }

    pub fn load_preset(&mut self, k: usize) {
        if let Some(&(_, a, b)) = COMPOSITION_PRESETS.get(k) {
            self.set_operand(true, a);
            self.set_operand(false, b);
        }
    }

    pub fn steps(&self) -> Result<Vec<Step>, String> {
        walkthrough(&self.a, &self.b)
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
                        state.editor.errors[2] = Some(format!("link: {e}"));
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
            enc(&self.g.to_string()),
            enc(&self.a.to_string()),
            enc(&self.b.to_string()),
            self.step
        )
    }

    fn read_query(query: &str) -> (Self, Vec<String>) {
        (Self::from_query(query), Vec::new())
    }
}
