//! The Morphisms page: a nested tuple morphism edited as domain, codomain and map; its arrow
//! diagram and encoded layout linked by hover; the Nest operations drawn next to the layout
//! operation they model; and Algorithm 4.1.3 step by step.

use crate::engine::sorted::SortedSet;

use crate::engine::cute::algebra;
use crate::engine::cute::{IntTuple, Layout, Notation, Tiler};
use crate::engine::morphism::diagram::Diagram;
use crate::engine::morphism::{self, CompositionOutcome, Morphism, Operand};

use super::layouts::{grid_indices, layout_grid};
use super::stack_grid::StackGrid;
use super::view_form::{decode, percent_encode};

/// Longest text kept in any field.
const MAX_CHARS: usize = 4096;
/// Layouts up to this size are compared element by element with the morphism's layout.
const MAX_COMPARED: i64 = 1 << 16;

/// The three fields of the morphism editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Domain,
    Codomain,
    Map,
}

/// The morphism editor: what was typed, the last valid morphism and an error per field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    domain: String,
    codomain: String,
    map: String,
    morphism: Morphism,
    errors: [Option<String>; 3],
}

/// `text` as a nested tuple of positive integers (`(4,(2,2))`, `8`).
fn parse_tuple(text: &str) -> Result<IntTuple, String> {
    if text.contains(':') {
        return Err("a nested tuple such as (4,(2,2)), without a stride".to_string());
    }
    let layout = Layout::parse(text).map_err(|e| e.to_string())?;
    if layout.shape().flatten().iter().any(|&v| v < 1) {
        return Err("entries must be positive integers".to_string());
    }
    Ok(layout.shape().clone())
}

/// `text` as a map `(1,3)`, `(1,*,2)` or `1,0,2`: 1-based codomain leaves, `*` or 0 unmapped.
fn parse_map(text: &str) -> Result<Vec<usize>, String> {
    let body = text.trim();
    let body = body
        .strip_prefix('(')
        .map(|b| b.strip_suffix(')').ok_or("a closing “)”"))
        .unwrap_or(Ok(body))
        .map_err(|e| format!("expected {e}"))?;
    if body.trim().is_empty() {
        return Ok(Vec::new());
    }
    let mut entries: Vec<&str> = body.split(',').map(str::trim).collect();
    if entries.len() > 1 && entries.last() == Some(&"") {
        entries.pop();
    }
    entries
        .iter()
        .enumerate()
        .map(|(k, entry)| match *entry {
            "*" => Ok(0),
            e => e.parse::<usize>().map_err(|_| {
                format!(
                    "entry {} “{}”: expected a codomain leaf number (1, 2, …) or * for unmapped",
                    k + 1,
                    e.chars().take(20).collect::<String>()
                )
            }),
        })
        .collect()
}

/// The map as the editor shows it: `(1,*,3)`.
fn map_text(map: &[usize]) -> String {
    let entries: Vec<String> = map
        .iter()
        .map(|&a| match a {
            0 => "*".to_string(),
            a => a.to_string(),
        })
        .collect();
    format!("({})", entries.join(","))
}

impl Editor {
    fn of(morphism: Morphism) -> Editor {
        Editor {
            domain: morphism.domain().to_notation(Notation::Cute),
            codomain: morphism.codomain().to_notation(Notation::Cute),
            map: map_text(morphism.map()),
            morphism,
            errors: [None, None, None],
        }
    }

    pub fn text(&self, part: Part) -> &str {
        match part {
            Part::Domain => &self.domain,
            Part::Codomain => &self.codomain,
            Part::Map => &self.map,
        }
    }

    pub fn error(&self, part: Part) -> Option<&str> {
        self.errors[part as usize].as_deref()
    }

    /// The last valid morphism.
    pub fn morphism(&self) -> &Morphism {
        &self.morphism
    }

    /// Takes what was typed in one field; when all three form a morphism it replaces the shown
    /// one, otherwise each field says what is wrong with it and the last morphism stays.
    pub fn set(&mut self, part: Part, text: &str) {
        let text: String = text.chars().take(MAX_CHARS + 1).collect();
        match part {
            Part::Domain => self.domain = text,
            Part::Codomain => self.codomain = text,
            Part::Map => self.map = text,
        }
        self.errors = [None, None, None];
        let domain = parse_tuple(&self.domain).map_err(|e| self.errors[0] = Some(e));
        let codomain = parse_tuple(&self.codomain).map_err(|e| self.errors[1] = Some(e));
        let map = parse_map(&self.map).map_err(|e| self.errors[2] = Some(e));
        if let (Ok(domain), Ok(codomain), Ok(map)) = (domain, codomain, map) {
            match Morphism::new(domain, codomain, map) {
                Ok(m) => self.morphism = m,
                Err(e) => self.errors[2] = Some(e.to_string()),
            }
        }
    }

    /// Replaces all three fields with `morphism`.
    pub fn load(&mut self, morphism: Morphism) {
        *self = Editor::of(morphism);
    }

    /// Loads `text` in `tract` notation (`(4,4) --(1,3)--> (4,2,4)`).
    ///
    /// # Errors
    /// The parse or validation error; the editor is unchanged.
    pub fn load_text(&mut self, text: &str) -> Result<(), String> {
        let m = Morphism::parse(text).map_err(|e| e.to_string())?;
        self.load(m);
        Ok(())
    }
}

/// What the pointer is on: a domain leaf (also its arrow and its layout mode) or a grid cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MorphHover {
    Leaf(usize),
    Cell(usize),
}

/// What a hover lights: domain leaves (with their arrows and modes) and grid cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MorphLit {
    pub leaves: SortedSet<usize>,
    pub cells: SortedSet<usize>,
}

/// A morphism with everything drawn for it: the diagram, its layout, the layout's grid.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawn {
    pub diagram: Diagram,
    pub layout: Result<Layout, String>,
    pub grid: Result<StackGrid, String>,
    /// The layout index of each grid cell.
    indices: Vec<i64>,
    /// The domain's leaves.
    sizes: Vec<i64>,
}

impl Drawn {
    pub fn of(f: &Morphism) -> Drawn {
        let layout = f.layout().map_err(|e| e.to_string());
        let grid = layout.as_ref().map_err(Clone::clone).and_then(layout_grid);
        let indices = match (&layout, &grid) {
            (Ok(l), Ok(g)) => grid_indices(l, g),
            _ => Vec::new(),
        };
        Drawn {
            diagram: Diagram::of(f),
            layout,
            grid,
            indices,
            sizes: f.domain().flatten(),
        }
    }

    /// The coordinate of layout index `i` along each domain leaf.
    fn flat_coord(&self, mut i: i64) -> Vec<i64> {
        self.sizes
            .iter()
            .map(|&s| {
                let c = i.rem_euclid(s.max(1));
                i /= s.max(1);
                c
            })
            .collect()
    }

    /// A leaf lights its arrow, its layout mode and the grid cell one step along it; a cell
    /// lights the leaves along which its coordinate is not 0.
    pub fn lit(&self, hover: MorphHover) -> MorphLit {
        let mut lit = MorphLit::default();
        match hover {
            MorphHover::Leaf(k) => {
                lit.leaves.insert(k);
                let unit = self
                    .sizes
                    .iter()
                    .take(k)
                    .try_fold(1i64, |p, &s| p.checked_mul(s));
                if let Some(unit) = unit.filter(|_| self.sizes.get(k).is_some_and(|&s| s > 1)) {
                    lit.cells.extend(
                        self.indices
                            .iter()
                            .enumerate()
                            .filter(|&(_, &i)| i == unit)
                            .map(|(cell, _)| cell),
                    );
                }
            }
            MorphHover::Cell(cell) => {
                lit.cells.insert(cell);
                if let Some(&i) = self.indices.get(cell) {
                    lit.leaves.extend(
                        self.flat_coord(i)
                            .iter()
                            .enumerate()
                            .filter(|&(_, &c)| c != 0)
                            .map(|(k, _)| k),
                    );
                }
            }
        }
        lit
    }

    /// Hover text: the leaf's entry, where it goes and its stride; or the cell's coordinate.
    pub fn describe(&self, f: &Morphism, hover: MorphHover) -> Option<String> {
        let layout = self.layout.as_ref().ok()?;
        match hover {
            MorphHover::Leaf(k) => {
                let (size, stride) = *layout.flat_modes().get(k)?;
                let target = match f.map().get(k)? {
                    0 => "* (stride 0)".to_string(),
                    a => format!("codomain entry {a}"),
                };
                Some(format!(
                    "domain entry {} = {size} → {target}; layout mode {size}:{stride}",
                    k + 1
                ))
            }
            MorphHover::Cell(cell) => {
                let i = *self.indices.get(cell)?;
                let coord: Vec<String> = self.flat_coord(i).iter().map(i64::to_string).collect();
                Some(format!(
                    "index {i}, leaf coordinate ({}) → L({i}) = {}",
                    coord.join(","),
                    layout.call(i).map_or("?".to_string(), |v| v.to_string())
                ))
            }
        }
    }
}

/// A Nest operation, drawn beside the layout operation it models.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MorphOp {
    /// `g ∘ f`, drawn by pasting `f` and `g` along the shared middle column.
    Compose,
    Coalesce,
    Complement,
    LogicalDivide,
    LogicalProduct,
}

impl MorphOp {
    pub const ALL: [MorphOp; 5] = [
        MorphOp::Compose,
        MorphOp::Coalesce,
        MorphOp::Complement,
        MorphOp::LogicalDivide,
        MorphOp::LogicalProduct,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            MorphOp::Compose => "compose",
            MorphOp::Coalesce => "coalesce",
            MorphOp::Complement => "complement",
            MorphOp::LogicalDivide => "logical_divide",
            MorphOp::LogicalProduct => "logical_product",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            MorphOp::Compose => "composition g ∘ f",
            MorphOp::Coalesce => "coalesce coal(f)",
            MorphOp::Complement => "complement f^c",
            MorphOp::LogicalDivide => "logical division f ⊘ g",
            MorphOp::LogicalProduct => "logical product f ⊗ g",
        }
    }

    pub fn parse(text: &str) -> Option<MorphOp> {
        MorphOp::ALL.into_iter().find(|op| op.as_str() == text)
    }

    /// Whether the operation takes a second morphism `g`.
    pub fn binary(self) -> bool {
        matches!(
            self,
            MorphOp::Compose | MorphOp::LogicalDivide | MorphOp::LogicalProduct
        )
    }

    /// The example of the paper's §1.3 for this operation: `(f, g)`.
    pub fn example(self) -> (&'static str, &'static str) {
        match self {
            MorphOp::Compose => (
                "((2,2),(2,2)) --(3,2,6,5)--> ((2,2,2),(2,2,2))",
                "((2,2,2),(2,2,2)) --(1,0,2,0,3,4)--> (2,2,2,2)",
            ),
            MorphOp::Coalesce => ("(2,2,10,10) --(1,2,4,5)--> (2,2,2,10,10)", ""),
            MorphOp::Complement => ("(2,2) --(1,3)--> (2,5,2,5)", ""),
            MorphOp::LogicalDivide => (
                "(4,8,4,8) --(1,2,3,4)--> (4,8,4,8)",
                "(4,4) --(1,3)--> (4,8,4,8)",
            ),
            MorphOp::LogicalProduct => ("(2,2) --(1,2)--> (2,2,5,5)", "(5,5) --(2,1)--> (5,5)"),
        }
    }
}

/// The result of an operation: the morphism, its pasted or plain diagram, the layout operation
/// on the encoded layouts and whether the two agree.
#[derive(Clone, Debug, PartialEq)]
pub struct OpResult {
    pub result: Morphism,
    /// What is drawn, in order: for composition `f` and `g` pasted; for a divide or a
    /// product `g` (`f` is the editor's); for a coalesce `f` with each leaf coloured as the
    /// result entry it collapses into; then the result.
    pub figures: Vec<Figure>,
    /// `L_result`.
    pub layout: Layout,
    /// The layout operation on `L_f` (and `L_g`), in CuTe's semantics, and its text.
    pub layout_op: String,
    pub layout_result: Result<Layout, String>,
    /// Whether `L_result` and the layout operation's result are the same function.
    pub agree: Result<bool, String>,
}

/// A drawn arrow diagram with its caption and the stem of its test ids and file names.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    pub id: &'static str,
    pub caption: &'static str,
    pub diagram: Diagram,
}

impl Figure {
    /// The pasted diagram of a chain of composable morphisms (one morphism: its diagram).
    fn of(id: &'static str, caption: &'static str, chain: &[&Morphism]) -> Option<Figure> {
        Some(Figure {
            id,
            caption,
            diagram: Diagram::chain(chain).ok()?,
        })
    }

    fn grouped(mut self, groups: Vec<Option<usize>>) -> Figure {
        self.diagram = self.diagram.with_groups(groups);
        self
    }
}

/// Whether two layouts have the same size and the same value at every index (up to
/// [`MAX_COMPARED`] elements).
fn same_function(a: &Layout, b: &Layout) -> Result<bool, String> {
    let size = a.size().map_err(|e| e.to_string())?;
    if size != b.size().map_err(|e| e.to_string())? {
        return Ok(false);
    }
    if size > MAX_COMPARED {
        return Err(format!("{size} elements, too many to compare"));
    }
    for i in 0..size {
        if a.call(i).map_err(|e| e.to_string())? != b.call(i).map_err(|e| e.to_string())? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Runs `op` on `f` (and `g`).
///
/// # Errors
/// Why the operation is not defined for these operands.
pub fn run_op(op: MorphOp, f: &Morphism, g: &Morphism) -> Result<OpResult, String> {
    let lf = f.layout().map_err(|e| e.to_string())?;
    let lg = g.layout().map_err(|e| e.to_string())?;
    let text = |e: crate::engine::LayoutError| e.to_string();
    let (result, layout_op, layout_result) = match op {
        MorphOp::Compose => (
            morphism::compose(f, g).map_err(text)?,
            format!("composition(L_g, L_f) = {lg} ∘ {lf}"),
            algebra::composition(&lg, &lf).map_err(text),
        ),
        MorphOp::Coalesce => (
            morphism::coalesce(f).map_err(text)?,
            format!("coalesce(L_f) = coalesce({lf})"),
            Ok(algebra::coalesce(&lf)),
        ),
        MorphOp::Complement => {
            let n = f.cosize().map_err(text)?;
            (
                morphism::complement(f).map_err(text)?,
                format!("complement(L_f, {n}) = complement({lf}, {n})"),
                algebra::complement(&lf, n).map_err(text),
            )
        }
        MorphOp::LogicalDivide => (
            morphism::logical_divide(f, g).map_err(text)?,
            format!("logical_divide(L_f, L_g) = {lf} ⊘ {lg}"),
            algebra::logical_divide(&lf, &Tiler::Layout(lg.clone())).map_err(text),
        ),
        MorphOp::LogicalProduct => (
            morphism::logical_product(f, g).map_err(text)?,
            format!("logical_product(L_f, L_g) = {lf} ⊗ {lg}"),
            algebra::logical_product(&lf, &Tiler::Layout(lg.clone())).map_err(text),
        ),
    };
    let layout = result.layout().map_err(text)?;
    let agree = match &layout_result {
        Ok(l) => same_function(&layout, l),
        Err(e) => Err(e.clone()),
    };
    let mut result_figure = Figure::of("result", "result", &[&result]);
    let input = match op {
        MorphOp::Compose => Figure::of("pasted", "f and g pasted along the shared column", &[f, g]),
        MorphOp::LogicalDivide | MorphOp::LogicalProduct => Figure::of("g", "g", &[g]),
        MorphOp::Coalesce => {
            let leaves = result.domain().flatten().len();
            result_figure = result_figure.map(|r| r.grouped((0..leaves).map(Some).collect()));
            let caption = "f, each leaf coloured as the entry of the result it collapses into";
            Figure::of("f", caption, &[f]).map(|d| d.grouped(morphism::coalesce_groups(f)))
        }
        MorphOp::Complement => None,
    };
    Ok(OpResult {
        result,
        figures: input.into_iter().chain(result_figure).collect(),
        layout,
        layout_op,
        layout_result,
        agree,
    })
}

/// A preset of the composition walkthrough: its name, `A` and `B`.
pub const COMPOSITION_PRESETS: [(&str, &str, &str); 4] = [
    ("Example 4.1.4.1", "(4,):(1,)", "(2,2):(2,1)"),
    ("Example 4.1.4.2", "(6,6):(6,1)", "(12,3,6):(1,72,12)"),
    ("Example 4.1.4.3", "(6,6):(5,60)", "(10,360):(2,60)"),
    ("§1.3 composition", "((4,4),4):((16,1),4)", "(8,64):(64,1)"),
];

/// One step of Algorithm 4.1.3: a title, lines of text and the diagram to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub title: String,
    pub lines: Vec<String>,
    pub figure: Option<Figure>,
}

/// The steps of Algorithm 4.1.3 for `B ∘ A`, or why it stops.
pub fn walkthrough(a: &Layout, b: &Layout) -> Result<Vec<Step>, String> {
    let outcome = morphism::composition_steps(a, b).map_err(|e| e.to_string())?;
    let steps = match outcome {
        CompositionOutcome::NotTractable { operand, reason } => {
            let which = match operand {
                Operand::A => format!("A = {a}"),
                Operand::CoalescedB => format!("coal(B) = {}", algebra::coalesce(b)),
            };
            return Err(format!("{which} is not tractable: {reason}"));
        }
        CompositionOutcome::NoMutualRefinement { f, g, reason } => {
            return Err(format!(
                "the codomain of f = {f} and the domain of g = {g} have no mutual refinement: {reason}"
            ));
        }
        CompositionOutcome::Composed(steps) => steps,
    };
    let r = steps.resolved();
    let c = steps.layout();
    Ok(vec![
        Step {
            title: "1. Standard representation of A".to_string(),
            lines: vec![format!("A = {a}"), format!("f = f_A = {}", steps.f())],
            figure: Figure::of("walk", "", &[steps.f()]),
        },
        Step {
            title: "2. Standard representation of coal(B)".to_string(),
            lines: vec![
                format!("B = {b}"),
                format!("coal(B) = {}", steps.coalesced_b()),
                format!("g = f_coal(B) = {}", steps.g()),
            ],
            figure: Figure::of("walk", "", &[steps.g()]),
        },
        Step {
            title: "3. Mutual refinement of the codomain of f and the domain of g".to_string(),
            lines: vec![
                format!(
                    "T = {} and U = {}",
                    steps.f().codomain().to_notation(Notation::Cute),
                    steps.g().domain().to_notation(Notation::Cute)
                ),
                format!("T′ = {}", r.refinement().t().to_notation(Notation::Cute)),
                format!("U′ = {}", r.refinement().u().to_notation(Notation::Cute)),
                format!("f̃ = T′^* f = {}", r.pulled_back()),
            ],
            figure: Figure::of("walk", "", &[r.pulled_back()]),
        },
        Step {
            title: "4. The resolved diagram S′ → U′ → V′".to_string(),
            lines: vec![
                format!("f′ = ι ∘ f̃ = {}", r.f_prime()),
                format!("g′ = U′_* g = {}", r.g_prime()),
            ],
            figure: Figure::of("walk", "", &[r.f_prime(), r.g_prime()]),
        },
        Step {
            title: "5. The composite g′ ∘ f′ and its layout C".to_string(),
            lines: vec![
                format!("g′ ∘ f′ = {}", r.composite()),
                format!("C = L_(g′∘f′) = {c}"),
            ],
            figure: Figure::of("walk", "", &[r.composite()]),
        },
        Step {
            title: "6. B ∘ A = coal(C, shape(A))".to_string(),
            lines: vec![
                format!("B ∘ A = {}", steps.result()),
                format!(
                    "CuTe composition(B, A) = {}",
                    algebra::composition(b, a).map_or_else(|e| e.to_string(), |l| l.to_string())
                ),
            ],
            figure: None,
        },
    ])
}

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
    /// The walkthrough's operands as typed, their last valid values and errors, and the step.
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

    /// Picks an operation and loads the paper's example for it.
    pub fn set_op(&mut self, op: MorphOp) {
        self.op = op;
        let (f, g) = op.example();
        // the examples are constants that parse
        let _ = self.editor.load_text(f);
        if op.binary() {
            self.set_g(g);
        }
    }

    pub fn op_result(&self) -> Result<OpResult, String> {
        run_op(self.op, self.editor.morphism(), &self.g)
    }

    /// Sets the walkthrough's `A` (`first`) or `B` and goes back to step 1.
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

    /// `f=…&op=…&g=…&A=…&B=…&step=…`.
    pub fn to_query(&self) -> String {
        let enc = |t: &str| percent_encode(t, b",:()*");
        let f = self.editor.morphism();
        format!(
            "f={}&op={}&g={}&A={}&B={}&step={}",
            enc(&f.to_string()),
            self.op.as_str(),
            enc(&self.g.to_string()),
            enc(&self.a.to_string()),
            enc(&self.b.to_string()),
            self.step
        )
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
                "A" => state.set_operand(true, &value),
                "B" => state.set_operand(false, &value),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_validates_each_field_and_keeps_the_last_morphism() {
        let mut e = Editor::of(Morphism::parse("(4,4) --(1,3)--> (4,2,4)").unwrap());
        assert_eq!(e.text(Part::Map), "(1,3)");
        e.set(Part::Map, "(1,*)");
        assert_eq!(e.morphism().map(), &[1, 0]);
        e.set(Part::Map, "(2,3)");
        assert!(e.error(Part::Map).is_some(), "entry 4 cannot go to 2");
        assert_eq!(e.morphism().map(), &[1, 0], "the last valid morphism stays");
        e.set(Part::Map, "(1,x)");
        assert!(e.error(Part::Map).unwrap().contains("entry 2"));
        e.set(Part::Map, "(1,3)");
        e.set(Part::Domain, "(4,(4");
        assert!(e.error(Part::Domain).is_some());
        e.set(Part::Domain, "(4,0)");
        assert!(e.error(Part::Domain).unwrap().contains("positive"));
        e.set(Part::Domain, "(4,4)");
        e.set(Part::Codomain, "4:1");
        assert!(e.error(Part::Codomain).unwrap().contains("stride"));
        e.set(Part::Codomain, "(4,2,4)");
        assert_eq!(e.morphism().to_string(), "(4,4) --(1, 3)--> (4,2,4)");
        assert!((0..3).all(|k| e.errors[k].is_none()));
    }

    #[test]
    fn maps_accept_stars_zeros_and_a_trailing_comma() {
        assert_eq!(parse_map("(1,0,*,2)").unwrap(), vec![1, 0, 0, 2]);
        assert_eq!(parse_map("(1,)").unwrap(), vec![1]);
        assert_eq!(parse_map("()").unwrap(), Vec::<usize>::new());
        assert_eq!(parse_map("3, 1").unwrap(), vec![3, 1]);
        assert!(parse_map("(1,2").is_err());
        assert!(parse_map("(-1)").is_err());
    }

    #[test]
    fn hover_links_leaves_and_cells() {
        // L_f = ((5,5),8):((1,40),5)
        let f = Morphism::parse("((5,5),8) --(1,3,2)--> (5,8,5)").unwrap();
        let drawn = Drawn::of(&f);
        assert_eq!(
            drawn.layout.as_ref().unwrap().to_string(),
            "((5,5),8):((1,40),5)"
        );
        // leaf 2 (the second 5) lights the cell of index 5, whose value is its stride 40
        let lit = drawn.lit(MorphHover::Leaf(1));
        assert_eq!(lit.cells.len(), 1);
        let grid = drawn.grid.as_ref().unwrap();
        let cell = *lit.cells.iter().next().unwrap();
        assert_eq!(grid.logical.cells[cell].value, Some(40));
        // and that cell lights leaf 2 back
        assert_eq!(
            drawn.lit(MorphHover::Cell(cell)).leaves,
            SortedSet::from([1])
        );
        assert!(drawn
            .describe(&f, MorphHover::Leaf(1))
            .unwrap()
            .contains("5:40"));
    }

    #[test]
    fn every_operation_agrees_with_its_layout_operation_on_the_paper_examples() {
        let expected = [
            "((2,2),(2,2)) --(2, 0, 4, 3)--> (2,2,2,2)",
            "(4,100) --(1, 3)--> (4,2,100)",
            "(5,5) --(2, 4)--> (2,5,2,5)",
            "((4,4),(8,8)) --(1, 3, 2, 4)--> (4,8,4,8)",
            "((2,2),(5,5)) --(1, 2, 4, 3)--> (2,2,5,5)",
        ];
        for (op, want) in MorphOp::ALL.into_iter().zip(expected) {
            let mut state = MorphismsState::default();
            state.set_op(op);
            let r = state.op_result().unwrap();
            assert_eq!(r.result.to_string(), want, "{op:?}");
            assert_eq!(
                r.agree,
                Ok(true),
                "{op:?}: {} vs {:?}",
                r.layout,
                r.layout_result
            );
            assert_eq!(r.figures[0].id == "pasted", op == MorphOp::Compose);
        }
    }

    #[test]
    fn non_composable_operands_say_why() {
        let mut state = MorphismsState::default();
        state.set_g("(3,3) --(1,2)--> (3,3)");
        assert!(state.op_result().is_err());
    }

    #[test]
    fn the_walkthrough_ends_in_the_papers_results() {
        let want = [
            "((2,2)):((2,1))",
            "((2,3),6):((6,72),1)",
            "((2,3),6):((10,60),360)",
        ];
        let mut state = MorphismsState::default();
        for (k, want) in want.iter().enumerate() {
            state.load_preset(k);
            let steps = state.steps().unwrap();
            assert_eq!(steps.len(), 6);
            assert_eq!(steps[5].lines[0], format!("B ∘ A = {want}"), "preset {k}");
            assert!(steps[3].figure.as_ref().unwrap().diagram.columns.len() == 3);
        }
        state.set_operand(true, "(2,2):(3,2)");
        assert!(state.steps().unwrap_err().contains("not tractable"));
        state.set_operand(false, "((4,4");
        assert!(state.ab_error.as_ref().unwrap().starts_with("B:"));
    }

    #[test]
    fn layouts_load_their_standard_representation_or_say_what_fails() {
        let mut state = MorphismsState::default();
        state.set_from_layout("(2,2,2):(1,2,4)");
        assert_eq!(
            state.editor.morphism().to_string(),
            "(2,2,2) --(1, 2, 3)--> (2,2,2)"
        );
        state.set_from_layout("(2,2,2):(1,7,4)");
        assert!(state
            .from_layout_error
            .as_ref()
            .unwrap()
            .contains("not tractable"));
        assert_eq!(
            state.editor.morphism().to_string(),
            "(2,2,2) --(1, 2, 3)--> (2,2,2)"
        );
    }

    #[test]
    fn the_url_round_trips_and_bad_links_keep_defaults() {
        let mut state = MorphismsState::default();
        state.set_op(MorphOp::LogicalProduct);
        state.load_preset(2);
        state.step = 4;
        let back = MorphismsState::from_query(&state.to_query());
        assert_eq!(back.editor.morphism(), state.editor.morphism());
        assert_eq!(
            (back.op, &back.g, &back.a, &back.b, back.step),
            (state.op, &state.g, &state.a, &state.b, 4)
        );
        let bad = MorphismsState::from_query("f=((2&op=nope&step=99");
        assert_eq!(
            bad.editor.morphism(),
            MorphismsState::default().editor.morphism()
        );
        assert!(bad.editor.error(Part::Map).is_some());
        assert_eq!(bad.step, 5);
    }
}
