//! The algebra workbench of the Layouts page: one operation of CuTe's layout algebra, its
//! operands as typed and the last ones that parsed, the result with the condition that failed
//! when there is none, and the tiles of a divide or product so A and the result can be coloured
//! side by side.
//!
//! Operands are written as the Layouts page writes layouts (`(4,2,3):(2,1,8)`, a shape alone is
//! the compact layout); a tiler is a layout or `<B0,B1,…>` with one tiler per mode (`_` leaves a
//! mode alone), as the CuTe docs write `<3:3,(2,4):(1,8)>`; a profile is `(_,_)` or `(1,1)`.

use std::collections::HashMap;
use std::str::FromStr;

use crate::engine::cursor::Cursor;
use crate::engine::cute::algebra::{self, Tiler};
use crate::engine::cute::{algebra_error, mul, prefix_product, IntTuple, Layout, Notation};
use crate::engine::{Field, LayoutError};

use super::view_form::{decode, percent_encode};

/// Longest operand text kept.
const MAX_CHARS: usize = 4096;
/// Deepest nesting of `<…>` and `(…)` accepted in tilers and profiles.
const MAX_DEPTH: usize = 32;
/// Largest A and result whose tiles [`WorkbenchState::tiles`] lists.
pub const MAX_TILED: usize = 1024;
/// Largest layout whose law the workbench checks element by element.
const LAW_LIMIT: i64 = 1 << 16;
/// Bytes kept as they are in the URL.
const URL_KEEP: &[u8] = b",:()_";

/// An engine operation `op(A, tiler)`.
type TilerOp = fn(&Layout, &Tiler) -> Result<Layout, LayoutError>;
/// An engine operation `op(A, B)`.
type LayoutOp = fn(&Layout, &Layout) -> Result<Layout, LayoutError>;

/// One operation of the layout algebra, with pycute's (CUTLASS 4.2) semantics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    Coalesce,
    CoalesceByMode,
    Filter,
    Complement,
    Composition,
    LeftInverse,
    RightInverse,
    LogicalDivide,
    ZippedDivide,
    TiledDivide,
    FlatDivide,
    LogicalProduct,
    ZippedProduct,
    TiledProduct,
    FlatProduct,
    BlockedProduct,
    RakedProduct,
}

/// What the second operand B of an [`Operation`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OperandKind {
    /// No B.
    None,
    /// A profile `(_,_)`: which modes to coalesce separately.
    Profile,
    /// An integer: complement's codomain bound `M`.
    Integer,
    /// A layout.
    Layout,
    /// A layout, or `<B0,B1,…>` with one tiler per mode.
    Tiler,
}

/// A parsed second operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Operand {
    None,
    Profile(IntTuple),
    Integer(i64),
    Layout(Layout),
    Tiler(Tiler),
}

/// Tile ids for colouring A and the result side by side; ids are `0..count`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiles {
    /// The tile of each index of A's domain.
    pub a: Vec<usize>,
    /// The tile of each index of the result's domain.
    pub result: Vec<usize>,
    /// The index of A each result element reads (a divide) or copies (a product); `None`
    /// where a divide's tile reaches past A.
    pub source: Vec<Option<usize>>,
    /// The index of B each result element stands for: its place in a divide's tile, or the
    /// copy of A a product puts it in (B's index when B is one layout).
    pub b: Vec<Option<usize>>,
    pub count: usize,
}

impl Operation {
    pub const ALL: [Operation; 17] = [
        Operation::Coalesce,
        Operation::CoalesceByMode,
        Operation::Filter,
        Operation::Complement,
        Operation::Composition,
        Operation::LeftInverse,
        Operation::RightInverse,
        Operation::LogicalDivide,
        Operation::ZippedDivide,
        Operation::TiledDivide,
        Operation::FlatDivide,
        Operation::LogicalProduct,
        Operation::ZippedProduct,
        Operation::TiledProduct,
        Operation::FlatProduct,
        Operation::BlockedProduct,
        Operation::RakedProduct,
    ];

    /// The URL slug, also the pycute / CuTe function name.
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Coalesce => "coalesce",
            Operation::CoalesceByMode => "coalesce_by_mode",
            Operation::Filter => "filter",
            Operation::Complement => "complement",
            Operation::Composition => "composition",
            Operation::LeftInverse => "left_inverse",
            Operation::RightInverse => "right_inverse",
            Operation::LogicalDivide => "logical_divide",
            Operation::ZippedDivide => "zipped_divide",
            Operation::TiledDivide => "tiled_divide",
            Operation::FlatDivide => "flat_divide",
            Operation::LogicalProduct => "logical_product",
            Operation::ZippedProduct => "zipped_product",
            Operation::TiledProduct => "tiled_product",
            Operation::FlatProduct => "flat_product",
            Operation::BlockedProduct => "blocked_product",
            Operation::RakedProduct => "raked_product",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Operation::Coalesce => "coalesce",
            Operation::CoalesceByMode => "by-mode coalesce",
            Operation::Filter => "filter",
            Operation::Complement => "complement",
            Operation::Composition => "composition",
            Operation::LeftInverse => "left inverse",
            Operation::RightInverse => "right inverse",
            Operation::LogicalDivide => "logical divide",
            Operation::ZippedDivide => "zipped divide",
            Operation::TiledDivide => "tiled divide",
            Operation::FlatDivide => "flat divide",
            Operation::LogicalProduct => "logical product",
            Operation::ZippedProduct => "zipped product",
            Operation::TiledProduct => "tiled product",
            Operation::FlatProduct => "flat product",
            Operation::BlockedProduct => "blocked product",
            Operation::RakedProduct => "raked product",
        }
    }

    /// The defining law or the result's mode order, in the CuTe docs' notation.
    pub fn formula(self) -> &'static str {
        match self {
            Operation::Coalesce => "fewest modes, same function: R(i) = A(i)",
            Operation::CoalesceByMode => "coalesce each mode the profile names",
            Operation::Filter => "coalesce(A) without stride-0 and size-1 modes",
            Operation::Complement => "A* fills the gaps of A's image up to M",
            Operation::Composition => "R(i) = A(B(i))",
            Operation::LeftInverse => "R(A(i)) = i",
            Operation::RightInverse => "A(R(i)) = i",
            Operation::LogicalDivide => "A ⊘ B = A ∘ (B, B*): ((tile, rest) per mode)",
            Operation::ZippedDivide => "((tile modes), (rest modes))",
            Operation::TiledDivide => "((tile modes), rest0, rest1, …)",
            Operation::FlatDivide => "(tile0, tile1, …, rest0, rest1, …)",
            Operation::LogicalProduct => "A ⊗ B = (A, A* ∘ B)",
            Operation::ZippedProduct => "((A modes), (B modes))",
            Operation::TiledProduct => "((A modes), B0, B1, …)",
            Operation::FlatProduct => "(A0, A1, …, B0, B1, …)",
            Operation::BlockedProduct => "((A0, B0), (A1, B1), …) with B laid out by A*",
            Operation::RakedProduct => "((B0, A0), (B1, A1), …) with B laid out by A*",
        }
    }

    pub fn operand(self) -> OperandKind {
        match self {
            Operation::Coalesce
            | Operation::Filter
            | Operation::LeftInverse
            | Operation::RightInverse => OperandKind::None,
            Operation::CoalesceByMode => OperandKind::Profile,
            Operation::Complement => OperandKind::Integer,
            Operation::BlockedProduct | Operation::RakedProduct => OperandKind::Layout,
            _ => OperandKind::Tiler,
        }
    }

    fn is_divide(self) -> bool {
        matches!(
            self,
            Operation::LogicalDivide
                | Operation::ZippedDivide
                | Operation::TiledDivide
                | Operation::FlatDivide
        )
    }

    fn is_product(self) -> bool {
        matches!(
            self,
            Operation::LogicalProduct
                | Operation::ZippedProduct
                | Operation::TiledProduct
                | Operation::FlatProduct
                | Operation::BlockedProduct
                | Operation::RakedProduct
        )
    }

    /// The engine function of an operation whose B is a tiler (all but composition).
    fn with_tiler(self) -> Option<TilerOp> {
        Some(match self {
            Operation::LogicalDivide => algebra::logical_divide,
            Operation::ZippedDivide => algebra::zipped_divide,
            Operation::TiledDivide => algebra::tiled_divide,
            Operation::FlatDivide => algebra::flat_divide,
            Operation::LogicalProduct => algebra::logical_product,
            Operation::ZippedProduct => algebra::zipped_product,
            Operation::TiledProduct => algebra::tiled_product,
            Operation::FlatProduct => algebra::flat_product,
            _ => return None,
        })
    }

    /// The engine function of an operation whose B is a layout.
    fn with_layout(self) -> Option<LayoutOp> {
        match self {
            Operation::BlockedProduct => Some(algebra::blocked_product),
            Operation::RakedProduct => Some(algebra::raked_product),
            _ => None,
        }
    }
}

impl FromStr for Operation {
    type Err = String;

    /// The operation whose [`Operation::as_str`] is `slug`.
    fn from_str(slug: &str) -> Result<Operation, String> {
        Operation::ALL
            .into_iter()
            .find(|op| op.as_str() == slug)
            .ok_or_else(|| {
                let shown: String = slug.chars().take(40).collect();
                format!("unknown operation “{shown}”")
            })
    }
}

impl OperandKind {
    /// What to type, for a placeholder or an error.
    pub fn hint(self) -> &'static str {
        match self {
            OperandKind::None => "nothing",
            OperandKind::Profile => "a profile like (_,_)",
            OperandKind::Integer => "an integer bound >= 1, like 24",
            OperandKind::Layout => "a layout like (3,4):(1,3)",
            OperandKind::Tiler => "a layout like 4:2, or one per mode like <3:3,(2,4):(1,8)>",
        }
    }
}

impl Operand {
    /// Parses `text` as an operand of `kind` (anything is [`Operand::None`] for
    /// [`OperandKind::None`]).
    ///
    /// # Errors
    /// Where the text stops making sense, or a layout whose size does not fit in 64 bits.
    pub fn parse(kind: OperandKind, text: &str) -> Result<Operand, String> {
        if text.chars().count() > MAX_CHARS {
            return Err(format!("B: at most {MAX_CHARS} characters"));
        }
        match kind {
            OperandKind::None => Ok(Operand::None),
            OperandKind::Profile => parse_profile(text)
                .map(Operand::Profile)
                .map_err(|e| e.to_string()),
            OperandKind::Integer => match text.trim().parse::<i64>() {
                Ok(n) if n >= 1 => Ok(Operand::Integer(n)),
                _ => Err(format!("expected {}", kind.hint())),
            },
            OperandKind::Layout => {
                let layout = Layout::parse(text).map_err(|e| e.to_string())?;
                usable(&layout, "B")?;
                Ok(Operand::Layout(layout))
            }
            OperandKind::Tiler => {
                let tiler = parse_tiler(text).map_err(|e| e.to_string())?;
                for (_, leaf) in tiler_leaves(&tiler) {
                    usable(&leaf, "B")?;
                }
                Ok(Operand::Tiler(tiler))
            }
        }
    }

    pub fn kind(&self) -> OperandKind {
        match self {
            Operand::None => OperandKind::None,
            Operand::Profile(_) => OperandKind::Profile,
            Operand::Integer(_) => OperandKind::Integer,
            Operand::Layout(_) => OperandKind::Layout,
            Operand::Tiler(_) => OperandKind::Tiler,
        }
    }

    /// The text [`Operand::parse`] reads back to the same operand (empty for none).
    pub fn to_notation(&self) -> String {
        match self {
            Operand::None => String::new(),
            Operand::Profile(p) => profile_notation(p),
            Operand::Integer(n) => n.to_string(),
            Operand::Layout(l) => l.to_notation(Notation::Cute),
            Operand::Tiler(t) => tiler_notation(t),
        }
    }
}

/// `(label, operation, A, B)`: examples from the CuTe layout-algebra docs.
pub const PRESETS: &[(&str, Operation, &str, &str)] = &[
    (
        "coalesce: one mode, same function",
        Operation::Coalesce,
        "(2,(1,6)):(1,(6,2))",
        "",
    ),
    (
        "by-mode coalesce: keep the two modes",
        Operation::CoalesceByMode,
        "(2,(1,6)):(1,(6,2))",
        "(_,_)",
    ),
    (
        "complement: repeat (2,2):(1,6) up to 24",
        Operation::Complement,
        "(2,2):(1,6)",
        "24",
    ),
    (
        "composition: the docs' worked example",
        Operation::Composition,
        "(6,2):(8,2)",
        "(4,3):(3,1)",
    ),
    (
        "composition: (10,2):(16,4) as a 5×4 column-major matrix",
        Operation::Composition,
        "(10,2):(16,4)",
        "(5,4):(1,5)",
    ),
    (
        "by-mode composition: a 3×8 sublayout",
        Operation::Composition,
        "(12,(4,8)):(59,(13,1))",
        "<3:4,8:2>",
    ),
    (
        "right inverse of a row-major 4×2",
        Operation::RightInverse,
        "(4,2):(2,1)",
        "",
    ),
    (
        "logical divide, 1-D: tiles of 4 elements strided by 2",
        Operation::LogicalDivide,
        "(4,2,3):(2,1,8)",
        "4:2",
    ),
    (
        "logical divide, 2-D: 3×8 tiles",
        Operation::LogicalDivide,
        "(9,(4,8)):(59,(13,1))",
        "<3:3,(2,4):(1,8)>",
    ),
    (
        "zipped divide, 2-D: (tile, rest)",
        Operation::ZippedDivide,
        "(9,(4,8)):(59,(13,1))",
        "<3:3,(2,4):(1,8)>",
    ),
    (
        "flat divide, 2-D",
        Operation::FlatDivide,
        "(9,(4,8)):(59,(13,1))",
        "<3:3,(2,4):(1,8)>",
    ),
    (
        "logical product, 1-D: (2,2):(4,1) six times",
        Operation::LogicalProduct,
        "(2,2):(4,1)",
        "6:1",
    ),
    (
        "blocked product: 2×5 row-major blocks in a 3×4 grid",
        Operation::BlockedProduct,
        "(2,5):(5,1)",
        "(3,4):(1,3)",
    ),
    (
        "raked product: the same, interleaved",
        Operation::RakedProduct,
        "(2,5):(5,1)",
        "(3,4):(1,3)",
    ),
];

/// The workbench: `op(A, B)` as typed, with the last A and B that parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkbenchState {
    op: Operation,
    a_text: String,
    b_text: String,
    a: Layout,
    b: Operand,
    a_error: Option<String>,
    b_error: Option<String>,
    /// An operation named in the URL that does not exist.
    op_error: Option<String>,
}

impl Default for WorkbenchState {
    /// The CuTe docs' 1-D logical divide: `(4,2,3):(2,1,8) ⊘ 4:2`.
    fn default() -> WorkbenchState {
        let (a_text, b_text) = ("(4,2,3):(2,1,8)", "4:2");
        WorkbenchState {
            op: Operation::LogicalDivide,
            a_text: a_text.to_string(),
            b_text: b_text.to_string(),
            a: Layout::parse(a_text).unwrap_or_else(|_| unreachable!("the default A parses")),
            b: Operand::Tiler(Tiler::Layout(
                Layout::parse(b_text).unwrap_or_else(|_| unreachable!("the default B parses")),
            )),
            a_error: None,
            b_error: None,
            op_error: None,
        }
    }
}

impl WorkbenchState {
    /// `op(a, b)` as if typed in that order: A first, so a default B can fit it.
    pub fn new(op: Operation, a: &str, b: &str) -> WorkbenchState {
        let mut state = WorkbenchState::default();
        state.set_a(a);
        state.set_op(op);
        state.set_b(b);
        state
    }

    /// The preset at `index` of [`PRESETS`].
    pub fn preset(index: usize) -> Option<WorkbenchState> {
        let &(_, op, a, b) = PRESETS.get(index)?;
        Some(WorkbenchState::new(op, a, b))
    }

    pub fn op(&self) -> Operation {
        self.op
    }
    pub fn a_text(&self) -> &str {
        &self.a_text
    }
    pub fn b_text(&self) -> &str {
        &self.b_text
    }
    /// The last A that parsed.
    pub fn a(&self) -> &Layout {
        &self.a
    }
    /// The last B that parsed as the operation's operand kind.
    pub fn b(&self) -> &Operand {
        &self.b
    }
    pub fn a_error(&self) -> Option<&str> {
        self.a_error.as_deref()
    }
    pub fn b_error(&self) -> Option<&str> {
        self.b_error.as_deref()
    }
    /// Why the operation named in the URL was not used.
    pub fn op_error(&self) -> Option<&str> {
        self.op_error.as_deref()
    }

    /// Switches the operation. B is kept when it reads as the new operand kind; otherwise it
    /// becomes a default that fits A, so the result shows at once.
    pub fn set_op(&mut self, op: Operation) {
        self.op_error = None;
        let before = self.op.operand();
        self.op = op;
        let kind = op.operand();
        if kind == before {
            return;
        }
        match Operand::parse(kind, &self.b_text) {
            Ok(b) => self.b = b,
            Err(_) => {
                self.b = self.default_operand(kind);
                self.b_text = self.b.to_notation();
            }
        }
        self.b_error = None;
    }

    /// Takes what was typed for A; a layout that parses replaces A, otherwise the error says
    /// why and the last A stays.
    pub fn set_a(&mut self, text: &str) {
        self.a_text = text.chars().take(MAX_CHARS + 1).collect();
        let parsed = Layout::parse(&self.a_text)
            .map_err(|e| e.to_string())
            .and_then(|a| usable(&a, "A").map(|()| a));
        match parsed {
            Ok(a) => {
                self.a = a;
                self.a_error = None;
            }
            Err(e) => self.a_error = Some(e),
        }
    }

    /// Takes what was typed for B, read as the operation's operand kind; the last B stays on
    /// an error.
    pub fn set_b(&mut self, text: &str) {
        self.b_text = text.chars().take(MAX_CHARS + 1).collect();
        match Operand::parse(self.op.operand(), &self.b_text) {
            Ok(b) => {
                self.b = b;
                self.b_error = None;
            }
            Err(e) => self.b_error = Some(e),
        }
    }

    /// A B of `kind` that works with the current A.
    fn default_operand(&self, kind: OperandKind) -> Operand {
        match kind {
            OperandKind::None => Operand::None,
            // CuTe's default codomain bound.
            OperandKind::Integer => {
                Operand::Integer(self.a.cosize().ok().filter(|&c| c >= 1).unwrap_or(1))
            }
            OperandKind::Profile => Operand::Profile(match self.a.shape() {
                IntTuple::Int(_) => IntTuple::Int(1),
                IntTuple::Tuple(modes) => IntTuple::Tuple(vec![IntTuple::Int(1); modes.len()]),
            }),
            OperandKind::Layout => Operand::Layout(
                Layout::parse("(2,2):(1,2)")
                    .unwrap_or_else(|_| unreachable!("the default B layout parses")),
            ),
            OperandKind::Tiler if self.a.rank() >= 2 => Operand::Tiler(Tiler::ByMode(vec![
                Some(Tiler::Layout(unit_layout(2))),
                Some(Tiler::Layout(unit_layout(2))),
            ])),
            OperandKind::Tiler => Operand::Tiler(Tiler::Layout(unit_layout(2))),
        }
    }

    /// `op(A, B)`.
    ///
    /// # Errors
    /// The condition the operands break, in words: the engine's message with the operation
    /// and the composition it runs named, or what the workbench checks where pycute would
    /// return a wrong layout silently (the complement of a layout whose modes overlap, a left
    /// inverse that does not invert, a divide whose result is not `A ∘ (B, B*)`).
    pub fn result(&self) -> Result<Layout, String> {
        let a = &self.a;
        let title = self.op.title();
        let engine = |r: Result<Layout, LayoutError>| r.map_err(|e| explain(title, e));
        match (self.op, &self.b) {
            (Operation::Coalesce, _) => Ok(algebra::coalesce(a)),
            (Operation::Filter, _) => Ok(algebra::filter(a)),
            (Operation::RightInverse, _) => engine(algebra::right_inverse(a)),
            (Operation::LeftInverse, _) => self.left_inverse(),
            (Operation::CoalesceByMode, Operand::Profile(profile)) => {
                engine(algebra::coalesce_by(a, profile))
            }
            (Operation::Complement, Operand::Integer(bound)) => {
                if let Some(collision) = collision(a) {
                    return Err(format!(
                        "complement needs A to be injective, but {collision}"
                    ));
                }
                if let Nesting::Overlap(why) = nesting(a, "A") {
                    return Err(format!("complement needs {why}"));
                }
                engine(algebra::complement(a, *bound))
            }
            (Operation::Composition, Operand::Tiler(tiler)) => {
                engine(algebra::composition_tiler(a, tiler))
            }
            (op, Operand::Tiler(tiler)) => {
                let run = op
                    .with_tiler()
                    .ok_or_else(|| format!("{title} needs B to be {}", op.operand().hint()))?;
                self.check_complements()?;
                let result = run(a, tiler).map_err(|e| self.explain_composed(e))?;
                if op.is_divide() {
                    self.check_divide(tiler, &result)?;
                }
                Ok(result)
            }
            (op, Operand::Layout(b)) => {
                let run = op
                    .with_layout()
                    .ok_or_else(|| format!("{title} needs B to be {}", op.operand().hint()))?;
                self.check_complements()?;
                run(a, b).map_err(|e| self.explain_composed(e))
            }
            (op, _) => Err(format!("{title} needs B to be {}", op.operand().hint())),
        }
    }

    /// Whether pycute truncated a composition (the result covers less than B asks for), also
    /// inside a divide or product; the result is then pycute's, and the UI should warn.
    pub fn truncated(&self) -> bool {
        self.result().is_ok_and(|result| self.is_truncated(&result))
    }

    /// What a correct result still leaves to note: truncation, tiles that reach past A, a
    /// complement with gaps, a right inverse that covers only part of A's image.
    pub fn warnings(&self) -> Vec<String> {
        let Ok(result) = self.result() else {
            return Vec::new();
        };
        let mut warnings = Vec::new();
        if self.is_truncated(&result) {
            warnings.push(format!(
                "truncated: the result has {} elements where B asks for {}, because B's \
                 shape does not divide A's modes; pycute returns the part that fits",
                result.size().unwrap_or(0),
                self.expected_size()
                    .map_or("more".to_string(), |n| n.to_string())
            ));
        }
        if let (true, Operand::Tiler(tiler)) = (self.op.is_divide(), &self.b) {
            for part in spaced_parts(&self.a, tiler).unwrap_or_default() {
                if let Some((_, covered)) = &part.divided {
                    let covered = covered.size().unwrap_or(0);
                    if covered > part.a_size {
                        warnings.push(format!(
                            "B's tiles cover {covered} indices of {}, which has only {}: \
                             the result elements beyond it lie outside A (pycute's values \
                             there run on past A's last mode)",
                            part.name, part.a_size
                        ));
                    }
                }
            }
        }
        for (name, layout) in self.complemented() {
            if let Nesting::Gaps(why) = nesting(&layout, &name) {
                warnings.push(format!(
                    "{name}'s strides do not nest, so {name} and its complement leave gaps \
                     in the codomain: {why}"
                ));
            }
        }
        if self.op == Operation::RightInverse {
            if let (Ok(r), Ok(n)) = (result.size(), self.a.size()) {
                if r < n {
                    warnings.push(format!(
                        "A's image starts with a gap-free run of only {r} of its {n} \
                         offsets, so this right inverse covers [0, {r})"
                    ));
                }
            }
        }
        warnings
    }

    /// Tile ids, for the divides and products only, and `None` on an error, a truncated
    /// result, or A or a result of more than [`MAX_TILED`] elements.
    ///
    /// A divide's tiles are the rest coordinates (mode 1 of the zipped divide): result element
    /// `i` is in the tile of its rest coordinate, and an element of A is in the tile of the
    /// result elements that read it. A product's tiles are the copies of A: result element
    /// `i` is in the tile of its coordinate in B's modes, and A is copy 0.
    pub fn tiles(&self) -> Option<Tiles> {
        let result = self.result().ok()?;
        let a_size = self.a.size().ok()?;
        let result_size = result.size().ok()?;
        let fits = |n: i64| (0..=MAX_TILED as i64).contains(&n);
        if !fits(a_size) || !fits(result_size) || self.is_truncated(&result) {
            return None;
        }
        match &self.b {
            Operand::Tiler(tiler) if self.op.is_divide() => {
                DivideIndex::new(&self.a, self.op, tiler)
                    .ok()?
                    .tiles(a_size, result_size)
            }
            _ if self.op.is_product() => self.product_index().ok()?.tiles(a_size, result_size),
            _ => None,
        }
    }

    /// Which elements of A and B each result element comes from, for hover linking: the
    /// [`tiles`](Self::tiles) of a divide or a product; else, uncoloured (`count` 0),
    /// composition's `R(i) = A(B(i))`, an inverse's `A(R(j)) = j`, or a coalesce's `R(i) =
    /// A(i)`. `None` for the other operations and past [`MAX_TILED`] elements.
    pub fn links(&self) -> Option<Tiles> {
        if let Some(tiles) = self.tiles() {
            return Some(tiles);
        }
        let result = self.result().ok()?;
        let (a_size, n) = (self.a.size().ok()?, result.size().ok()?);
        let fits = |n: i64| (0..=MAX_TILED as i64).contains(&n);
        if !fits(a_size) || !fits(n) || self.is_truncated(&result) {
            return None;
        }
        let composed = match (self.op, &self.b) {
            (Operation::Composition, Operand::Tiler(Tiler::Layout(b))) => Some(b),
            (
                Operation::LeftInverse
                | Operation::RightInverse
                | Operation::Coalesce
                | Operation::CoalesceByMode,
                _,
            ) => None,
            _ => return None,
        };
        let (mut source, mut b) = (Vec::new(), Vec::new());
        for i in 0..n {
            let x = match (composed, self.op) {
                (Some(b), _) => b.call(i).ok(),
                (_, Operation::LeftInverse | Operation::RightInverse) => result
                    .call(i)
                    .ok()
                    .filter(|&x| self.a.call(x).ok() == Some(i)),
                _ => Some(i),
            };
            source.push(x.filter(|x| (0..a_size).contains(x)).map(|x| x as usize));
            b.push(composed.map(|_| i as usize));
        }
        Some(Tiles {
            a: Vec::new(),
            result: Vec::new(),
            source,
            b,
            count: 0,
        })
    }

    /// `op=…&A=…&B=…` from the last valid operands (no `B` for operations without one).
    pub fn to_query(&self) -> String {
        let mut query = format!(
            "op={}&A={}",
            self.op.as_str(),
            percent_encode(&self.a.to_notation(Notation::Cute), URL_KEEP)
        );
        if self.op.operand() != OperandKind::None {
            query.push_str("&B=");
            query.push_str(&percent_encode(&self.b.to_notation(), URL_KEEP));
        }
        query
    }

    /// The state a query describes. Missing keys keep the default; a bad value keeps the
    /// default with its error (`op_error`, `a_error`, `b_error`) and the text as typed.
    pub fn from_query(query: &str) -> WorkbenchState {
        let value = |key: &str| {
            query
                .split('&')
                .find_map(|pair| pair.strip_prefix(key))
                .map(decode)
        };
        let mut state = WorkbenchState::default();
        if let Some(a) = value("A=") {
            state.set_a(&a);
        }
        if let Some(op) = value("op=") {
            match op.parse::<Operation>() {
                Ok(op) => state.set_op(op),
                Err(e) => state.op_error = Some(e),
            }
        }
        if let Some(b) = value("B=") {
            state.set_b(&b);
        }
        state
    }

    fn is_truncated(&self, result: &Layout) -> bool {
        if let (Operation::Composition, Operand::Tiler(Tiler::Layout(b))) = (self.op, &self.b) {
            return algebra::composition_is_truncated(result, b).unwrap_or(false);
        }
        match (result.size(), self.expected_size()) {
            (Ok(got), Some(expected)) => got < expected,
            _ => false,
        }
    }

    /// Left inverse, refused where pycute's does not invert.
    fn left_inverse(&self) -> Result<Layout, String> {
        let a = &self.a;
        if let Some(collision) = collision(a) {
            return Err(format!(
                "left inverse needs A to be injective, but {collision}"
            ));
        }
        let result = algebra::left_inverse(a).map_err(|e| explain("left inverse", e))?;
        let size = a.size().map_err(|e| e.to_string())?;
        for i in 0..size.min(LAW_LIMIT) {
            let back = a.call(i).and_then(|x| result.call(x));
            if back.as_ref().ok() != Some(&i) {
                let why = match nesting(a, "A") {
                    Nesting::Overlap(why) => why,
                    Nesting::Gaps(gap) => format!(
                        "A's strides to nest (each a multiple of the extent of the modes \
                         before it), but {gap}"
                    ),
                    Nesting::Nested => "R(A(i)) = i for every i".to_string(),
                };
                return Err(format!(
                    "left inverse needs {why}; pycute's {result} gives R(A({i})) = {}",
                    back.map_or("?".to_string(), |v| v.to_string())
                ));
            }
        }
        Ok(result)
    }

    /// The `(name, part of A, layout of B)` pairs a divide or product works on: A and B, or
    /// A's modes and B's layouts under a by-mode tiler.
    fn paired(&self) -> Vec<(String, Layout, Layout)> {
        let leaves = match &self.b {
            Operand::Tiler(tiler) if self.op.with_tiler().is_some() => tiler_leaves(tiler),
            Operand::Layout(b) if self.op.with_layout().is_some() => vec![(Vec::new(), b.clone())],
            _ => Vec::new(),
        };
        leaves
            .into_iter()
            .filter_map(|(path, b)| Some((part_name(&path), sub_layout(&self.a, &path)?, b)))
            .collect()
    }

    /// The layouts the operation takes complements of, named: A for complement, B's layouts
    /// for a divide, A (or its modes, under a by-mode tiler) for a product.
    fn complemented(&self) -> Vec<(String, Layout)> {
        if self.op == Operation::Complement {
            return vec![("A".to_string(), self.a.clone())];
        }
        self.paired()
            .into_iter()
            .map(|(name, a_part, b)| {
                if self.op.is_divide() {
                    ("B".to_string(), b)
                } else {
                    (name, a_part)
                }
            })
            .collect()
    }

    /// Refuses complements where CuTe's own assertion ("Non-injective Layout detected in
    /// complement") fires and pycute returns a layout with an empty mode.
    fn check_complements(&self) -> Result<(), String> {
        for (name, layout) in self.complemented() {
            if let Nesting::Overlap(why) = nesting(&layout, &name) {
                return Err(format!(
                    "{} takes the complement of {name}, which needs {why}",
                    self.op.title()
                ));
            }
        }
        Ok(())
    }

    /// An engine error of a divide or product, with the composition that failed: `A ∘ (B, B*)`
    /// for a divide, `A* ∘ B` for a product; "B" in the engine's words is its right operand.
    fn explain_composed(&self, e: LayoutError) -> String {
        let title = self.op.title();
        for (name, a_part, b) in self.paired() {
            let tiler = Tiler::Layout(b.clone());
            let failed = if self.op.is_divide() {
                algebra::logical_divide(&a_part, &tiler)
            } else {
                algebra::logical_product(&a_part, &tiler)
            };
            let Err(LayoutError::BadArgument { expected, .. }) = failed else {
                continue;
            };
            let composed = if self.op.is_divide() {
                a_part
                    .size()
                    .and_then(|n| algebra::complement(&b, n))
                    .and_then(|rest| {
                        algebra::make_layout(&[b.clone(), rest])
                            .map(|covered| format!("{name} = {a_part} with (B, B*) = {covered}"))
                    })
            } else {
                a_part
                    .size()
                    .and_then(|n| mul(n, b.cosize()?))
                    .and_then(|bound| algebra::complement(&a_part, bound))
                    .map(|rest| format!("A* = {rest}, the complement of {name}, with B = {b}"))
            };
            if let Ok(composed) = composed {
                return format!("{title} composes {composed}; that needs {expected}");
            }
        }
        explain(title, e)
    }

    /// A divide's result must be `A ∘ (B, B*)` on A's domain; pycute composes without
    /// checking. Elements whose tiles reach past A are not checked (their values run on).
    fn check_divide(&self, tiler: &Tiler, result: &Layout) -> Result<(), String> {
        let Ok(index) = DivideIndex::new(&self.a, self.op, tiler) else {
            return Ok(());
        };
        let size = result
            .size()
            .unwrap_or(0)
            .min(index.index.size().unwrap_or(0));
        for i in 0..size.min(LAW_LIMIT) {
            let Some(x) = index.index.call(i).ok().and_then(|v| index.a_index(v)) else {
                continue;
            };
            if result.call(i).ok() == self.a.call(x).ok() {
                continue;
            }
            let title = self.op.title();
            let why = index.parts.iter().find_map(|part| {
                let (a_part, covered) = part.divided.as_ref()?;
                let Err(LayoutError::BadArgument { expected, .. }) =
                    algebra::composition(a_part, covered)
                else {
                    return None;
                };
                Some(format!(
                    "{title} is A ∘ (B, B*), here {} = {a_part} composed with (B, B*) = \
                     {covered}, which needs {expected}",
                    part.name
                ))
            });
            let shown = |r: Result<i64, LayoutError>| r.map_or("?".to_string(), |v| v.to_string());
            return Err(format!(
                "{}; pycute's result breaks R(i) = A((B, B*)(i)): R({i}) = {} but A({x}) = {}",
                why.unwrap_or_else(|| format!("{title} is A ∘ (B, B*)")),
                shown(result.call(i)),
                shown(self.a.call(x))
            ));
        }
        Ok(())
    }

    /// The size a composing operation's result has when pycute does not truncate.
    fn expected_size(&self) -> Option<i64> {
        match (self.op, &self.b) {
            (Operation::Composition, Operand::Tiler(tiler)) => {
                let identity = Layout::compact(self.a.shape().clone()).ok()?;
                algebra::composition_tiler(&identity, tiler)
                    .ok()?
                    .size()
                    .ok()
            }
            (op, Operand::Tiler(tiler)) if op.is_divide() => {
                DivideIndex::new(&self.a, op, tiler).ok()?.index.size().ok()
            }
            (op, _) if op.is_product() => self.product_index().ok()?.copy.size().ok(),
            _ => None,
        }
    }

    /// The product run twice on stand-ins with A's and B's shapes: A with zero strides and B
    /// numbered (compact, counting on across B's layouts) gives each element's copy; A
    /// numbered and B with zero strides gives the element of A it copies. Both have the
    /// result's modes, truncation aside.
    fn product_index(&self) -> Result<ProductIndex, LayoutError> {
        let zero_a = Layout::new(self.a.shape().clone(), self.a.shape().profile())?;
        let identity = Layout::compact(self.a.shape().clone())?;
        let mut count = 1i64;
        let (copy, source) = match (&self.b, self.op.with_tiler(), self.op.with_layout()) {
            (Operand::Tiler(tiler), Some(run), _) => (
                run(&zero_a, &numbered(tiler, &mut count)?)?,
                run(&identity, &zeroed(tiler)?)?,
            ),
            (Operand::Layout(b), _, Some(run)) => {
                let b_numbered = Layout::compact(b.shape().clone())?;
                count = b_numbered.size()?;
                let b_zero = Layout::new(b.shape().clone(), b.shape().profile())?;
                (run(&zero_a, &b_numbered)?, run(&identity, &b_zero)?)
            }
            _ => return Err(algebra_error("a product")),
        };
        Ok(ProductIndex {
            copy,
            source,
            count,
        })
    }
}

/// `n:1`.
fn unit_layout(n: i64) -> Layout {
    Layout::new(IntTuple::Int(n), IntTuple::Int(1))
        .unwrap_or_else(|_| unreachable!("n:1 with n >= 0 is a layout"))
}

/// "A", or "mode 1 of A", "mode 1.0 of A" for a mode path.
fn part_name(path: &[usize]) -> String {
    if path.is_empty() {
        return "A".to_string();
    }
    let path: Vec<String> = path.iter().map(usize::to_string).collect();
    format!("mode {} of A", path.join("."))
}

/// The sub-layout of `layout` at a mode path.
fn sub_layout(layout: &Layout, path: &[usize]) -> Option<Layout> {
    path.iter()
        .try_fold(layout.clone(), |part, &k| part.mode(k).ok())
}

/// One part of A as a divide sees it: the sub-layout a tiler layout divides, or a mode it
/// leaves alone. On the spaced identity, each part owns the digit `(v / base) % span` of a
/// value `v`, so tiles reaching past one part never run into the next.
struct Part {
    name: String,
    base: i64,
    /// Room for the digit: the part's size, or what `(B, B*)` reaches.
    span: i64,
    /// The part's stride in A's 1-D (colexicographic) index.
    a_stride: i64,
    a_size: i64,
    /// A's sub-layout and `(B, B*)` for a part a tiler layout divides.
    divided: Option<(Layout, Layout)>,
}

/// The parts of A under `tiler`, in A's mode order.
fn spaced_parts(a: &Layout, tiler: &Tiler) -> Result<Vec<Part>, LayoutError> {
    let mut parts = Vec::new();
    spaced_identity(a, Some(tiler), &mut Vec::new(), &mut (1, 1), &mut parts)?;
    Ok(parts)
}

/// A's shape with compact strides per part, each part's base past the reach of the ones
/// before it. `next` is `(base, a_stride)` of the next part.
fn spaced_identity(
    a: &Layout,
    tiler: Option<&Tiler>,
    path: &mut Vec<usize>,
    next: &mut (i64, i64),
    parts: &mut Vec<Part>,
) -> Result<Layout, LayoutError> {
    if let Some(Tiler::ByMode(tilers)) = tiler {
        let modes = a.modes();
        if tilers.len() > modes.len() {
            return Err(algebra_error("a by-mode tiler no longer than A's rank"));
        }
        let mut spaced = Vec::with_capacity(modes.len());
        for (k, mode) in modes.iter().enumerate() {
            path.push(k);
            let t = tilers.get(k).and_then(Option::as_ref);
            spaced.push(spaced_identity(mode, t, path, next, parts)?);
            path.pop();
        }
        return match (a.shape().is_int(), spaced.pop()) {
            (true, Some(only)) => Ok(only),
            (_, last) => {
                spaced.extend(last);
                algebra::make_layout(&spaced)
            }
        };
    }
    let a_size = a.size()?;
    let divided = match tiler {
        Some(Tiler::Layout(b)) => Some(b.clone()),
        Some(Tiler::Int(n)) => Some(Layout::compact(IntTuple::Int(*n))?),
        _ => None,
    }
    .map(|b| {
        let rest = algebra::complement(&b, a_size)?;
        Ok::<_, LayoutError>((a.clone(), algebra::make_layout(&[b, rest])?))
    })
    .transpose()?;
    let span = match &divided {
        Some((_, covered)) if covered.size()? > 0 => {
            a_size.max(covered.size()?).max(covered.cosize()?)
        }
        _ => a_size,
    };
    let (base, a_stride) = *next;
    parts.push(Part {
        name: part_name(path),
        base,
        span,
        a_stride,
        a_size,
        divided,
    });
    *next = (mul(base, span.max(1))?, mul(a_stride, a_size)?);
    Layout::new(a.shape().clone(), prefix_product(a.shape(), base)?)
}

/// Where a divide's elements come from: the divide run on A's spaced identity.
struct DivideIndex {
    parts: Vec<Part>,
    /// `op(spaced identity, B)`: the spaced value behind each result element.
    index: Layout,
    /// `zipped_divide(spaced identity, B)`: index `z` is in tile `z / size(mode 0)`.
    zipped: Layout,
}

impl DivideIndex {
    fn new(a: &Layout, op: Operation, tiler: &Tiler) -> Result<DivideIndex, LayoutError> {
        let run = op.with_tiler().ok_or_else(|| algebra_error("a divide"))?;
        let mut parts = Vec::new();
        let spaced = spaced_identity(a, Some(tiler), &mut Vec::new(), &mut (1, 1), &mut parts)?;
        Ok(DivideIndex {
            index: run(&spaced, tiler)?,
            zipped: algebra::zipped_divide(&spaced, tiler)?,
            parts,
        })
    }

    /// The index of A behind spaced value `v`; `None` past A.
    fn a_index(&self, v: i64) -> Option<i64> {
        self.parts.iter().try_fold(0i64, |x, part| {
            let digit = v.checked_div(part.base)?.checked_rem(part.span)?;
            if !(0..part.a_size).contains(&digit) {
                return None;
            }
            x.checked_add(digit.checked_mul(part.a_stride)?)
        })
    }

    /// The spaced value of index `x` of A.
    fn spaced(&self, x: i64) -> Option<i64> {
        self.parts.iter().try_fold(0i64, |v, part| {
            let digit = x.checked_div(part.a_stride)?.checked_rem(part.a_size)?;
            v.checked_add(digit.checked_mul(part.base)?)
        })
    }

    fn tiles(&self, a_size: i64, result_size: i64) -> Option<Tiles> {
        let n = self.index.size().ok()?;
        let per_tile = self.zipped.mode(0).ok()?.size().ok()?;
        if n != result_size || self.zipped.size().ok()? != n || per_tile <= 0 {
            return None;
        }
        // (tile, place in the tile) of each spaced value; the place is B's index
        let mut tile_of: HashMap<i64, (usize, usize)> = HashMap::new();
        for z in 0..n {
            let at = (
                usize::try_from(z / per_tile).ok()?,
                usize::try_from(z % per_tile).ok()?,
            );
            if tile_of
                .insert(self.zipped.call(z).ok()?, at)
                .is_some_and(|t| t != at)
            {
                return None;
            }
        }
        let mut result = Vec::with_capacity(n as usize);
        let mut source = Vec::with_capacity(n as usize);
        let mut b = Vec::with_capacity(n as usize);
        for i in 0..n {
            let v = self.index.call(i).ok()?;
            let (tile, place) = *tile_of.get(&v)?;
            result.push(tile);
            b.push(Some(place));
            source.push(self.a_index(v).and_then(|x| usize::try_from(x).ok()));
        }
        let a = (0..a_size)
            .map(|x| Some(tile_of.get(&self.spaced(x)?)?.0))
            .collect::<Option<Vec<usize>>>()?;
        Some(Tiles {
            a,
            result,
            source,
            b,
            count: usize::try_from(n / per_tile).ok()?,
        })
    }
}

/// Where a product's elements come from (see [`WorkbenchState::product_index`]).
struct ProductIndex {
    /// The copy of A each result element is in.
    copy: Layout,
    /// The index of A each result element copies.
    source: Layout,
    count: i64,
}

impl ProductIndex {
    fn tiles(&self, a_size: i64, result_size: i64) -> Option<Tiles> {
        if self.copy.size().ok()? != result_size || self.source.size().ok()? != result_size {
            return None;
        }
        let read = |layout: &Layout, i: i64, below: i64| {
            let v = layout.call(i).ok()?;
            (0..below)
                .contains(&v)
                .then(|| usize::try_from(v).ok())
                .flatten()
        };
        let result = (0..result_size)
            .map(|i| read(&self.copy, i, self.count))
            .collect::<Option<Vec<usize>>>()?;
        let source = (0..result_size)
            .map(|i| read(&self.source, i, a_size).map(Some))
            .collect::<Option<Vec<Option<usize>>>>()?;
        Some(Tiles {
            a: vec![0; usize::try_from(a_size).ok()?],
            b: result.iter().copied().map(Some).collect(),
            result,
            source,
            count: usize::try_from(self.count).ok()?,
        })
    }
}

/// `tiler` with every layout replaced by the compact layout of its shape, offset so that
/// its values count on from the layouts before it (`count` ends as their sizes' product).
fn numbered(tiler: &Tiler, count: &mut i64) -> Result<Tiler, LayoutError> {
    let number = |shape: IntTuple, count: &mut i64| {
        let layout = Layout::new(shape.clone(), prefix_product(&shape, *count)?)?;
        *count = mul(*count, shape.product()?)?;
        Ok(Tiler::Layout(layout))
    };
    match tiler {
        Tiler::Layout(l) => number(l.shape().clone(), count),
        Tiler::Int(n) => number(IntTuple::Int(*n), count),
        Tiler::ByMode(parts) => parts
            .iter()
            .map(|p| p.as_ref().map(|p| numbered(p, count)).transpose())
            .collect::<Result<_, _>>()
            .map(Tiler::ByMode),
    }
}

/// `tiler` with every stride 0.
fn zeroed(tiler: &Tiler) -> Result<Tiler, LayoutError> {
    match tiler {
        Tiler::Layout(l) => Layout::new(l.shape().clone(), l.shape().profile()).map(Tiler::Layout),
        Tiler::Int(n) => Layout::new(IntTuple::Int(*n), IntTuple::Int(0)).map(Tiler::Layout),
        Tiler::ByMode(parts) => parts
            .iter()
            .map(|p| p.as_ref().map(zeroed).transpose())
            .collect::<Result<_, _>>()
            .map(Tiler::ByMode),
    }
}

/// The layouts of a tiler with the mode path each applies to.
fn tiler_leaves(tiler: &Tiler) -> Vec<(Vec<usize>, Layout)> {
    fn go(tiler: &Tiler, path: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, Layout)>) {
        match tiler {
            Tiler::Layout(l) => out.push((path.clone(), l.clone())),
            Tiler::Int(n) => {
                if let Ok(l) = Layout::compact(IntTuple::Int(*n)) {
                    out.push((path.clone(), l));
                }
            }
            Tiler::ByMode(parts) => {
                for (k, part) in parts.iter().enumerate() {
                    if let Some(part) = part {
                        path.push(k);
                        go(part, path, out);
                        path.pop();
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    go(tiler, &mut Vec::new(), &mut out);
    out
}

/// How a layout's modes, sorted by stride, sit for `complement`.
enum Nesting {
    /// Each stride is a multiple of the extent (shape·stride) of the modes before it.
    Nested,
    /// A stride is past that extent but not a multiple of it: the complement leaves gaps.
    Gaps(String),
    /// A stride is negative or inside that extent: CuTe asserts, pycute returns a layout with
    /// an empty mode.
    Overlap(String),
}

/// The stride condition of `complement` on `layout`, called `name` in messages.
fn nesting(layout: &Layout, name: &str) -> Nesting {
    let mut modes: Vec<(i64, i64)> = layout
        .flat_modes()
        .into_iter()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    modes.sort_unstable();
    let condition = format!(
        "{name} = {layout} to be injective, with each stride (in increasing order) at least the \
         extent shape·stride of the modes before it"
    );
    let mut extent = 1i64;
    let mut gaps = None;
    for (d, s) in modes {
        if d < 0 {
            return Nesting::Overlap(format!("{condition}: mode {s}:{d} has a negative stride"));
        }
        if d < extent {
            return Nesting::Overlap(format!(
                "{condition}: mode {s}:{d} starts inside the extent {extent} of the modes \
                 before it"
            ));
        }
        if d % extent != 0 && gaps.is_none() {
            gaps = Some(format!(
                "stride {d} of mode {s}:{d} is not a multiple of {extent}, the extent of the \
                 modes before it"
            ));
        }
        let Some(next) = d.checked_mul(s) else {
            return Nesting::Overlap(format!("{condition}: its extent does not fit in 64 bits"));
        };
        extent = next;
    }
    gaps.map_or(Nesting::Nested, Nesting::Gaps)
}

/// Two indices with the same value, if the layout is small enough to look.
fn collision(layout: &Layout) -> Option<String> {
    let values = layout.values(LAW_LIMIT as usize).ok()?;
    let mut first: HashMap<i64, usize> = HashMap::new();
    for (i, v) in values.into_iter().enumerate() {
        if let Some(j) = first.insert(v, i) {
            return Some(format!("A({j}) = A({i}) = {v}"));
        }
    }
    None
}

/// A layout the algebra can run on: the product of its non-zero sizes fits in 64 bits, so
/// no modes the engine merges can overflow.
fn usable(layout: &Layout, name: &str) -> Result<(), String> {
    let fits = layout
        .shape()
        .flatten()
        .into_iter()
        .filter(|&s| s != 0)
        .try_fold(1i64, i64::checked_mul)
        .is_some();
    if fits {
        Ok(())
    } else {
        Err(format!("{name}: its size does not fit in 64 bits"))
    }
}

/// An engine error as "<operation> needs <condition>".
fn explain(title: &str, e: LayoutError) -> String {
    match e {
        LayoutError::BadArgument { expected, .. } => format!("{title} needs {expected}"),
        other => format!("{title}: {other}"),
    }
}

/// `<B0,B1,…>` (with `_` for a mode left alone) or a layout.
///
/// # Errors
/// `Parse` with the position in the whole text.
fn parse_tiler(text: &str) -> Result<Tiler, LayoutError> {
    let mut cur = Cursor::new(text);
    let tiler = tiler_item(&mut cur, 0)?;
    if cur.peek().is_some() {
        return Err(cur.error(Field::Shape, "the end of the tiler"));
    }
    Ok(tiler)
}

fn tiler_item(cur: &mut Cursor<'_>, depth: usize) -> Result<Tiler, LayoutError> {
    if depth > MAX_DEPTH {
        return Err(cur.error(Field::Shape, format!("at most {MAX_DEPTH} levels of “<”")));
    }
    if cur.eat('<') {
        let mut parts = Vec::new();
        loop {
            let part = if cur.eat('_') {
                None
            } else {
                Some(tiler_item(cur, depth + 1)?)
            };
            parts.push(part);
            if cur.eat(',') {
                continue;
            }
            if cur.eat('>') {
                return Ok(Tiler::ByMode(parts));
            }
            return Err(cur.error(Field::Shape, "“,” or “>”"));
        }
    }
    // A layout runs to the next “,” or “>” outside its parentheses.
    cur.skip_space();
    let start = cur.pos;
    let mut open = 0usize;
    while let Some(&c) = cur.chars.get(cur.pos) {
        match c {
            '(' => open += 1,
            ')' => open = open.saturating_sub(1),
            ',' | '>' | '<' if open == 0 => break,
            _ => {}
        }
        cur.pos += 1;
    }
    let piece: String = cur.chars[start..cur.pos].iter().collect();
    Layout::parse(&piece)
        .map(Tiler::Layout)
        .map_err(|e| match e {
            LayoutError::Parse {
                field,
                position,
                expected,
                ..
            } => LayoutError::Parse {
                field,
                input: cur.text.to_string(),
                position: start + position,
                expected,
            },
            other => other,
        })
}

/// The text [`parse_tiler`] reads back to `tiler`.
fn tiler_notation(tiler: &Tiler) -> String {
    match tiler {
        Tiler::Layout(l) => l.to_notation(Notation::Cute),
        Tiler::Int(n) => n.to_string(),
        Tiler::ByMode(parts) => {
            let parts: Vec<String> = parts
                .iter()
                .map(|p| p.as_ref().map_or("_".to_string(), tiler_notation))
                .collect();
            format!("<{}>", parts.join(","))
        }
    }
}

/// A profile, `_` in each leaf: it reads as a profile only, never as a layout or tiler.
fn profile_notation(profile: &IntTuple) -> String {
    match profile {
        IntTuple::Int(_) => "_".to_string(),
        IntTuple::Tuple(items) => {
            let items: Vec<String> = items.iter().map(profile_notation).collect();
            format!("({})", items.join(","))
        }
    }
}

/// A profile: `_` or an integer (its value does not matter) or a parenthesised list of
/// profiles. Every leaf reads as `1`.
///
/// # Errors
/// `Parse` with the position.
fn parse_profile(text: &str) -> Result<IntTuple, LayoutError> {
    fn item(cur: &mut Cursor<'_>, depth: usize) -> Result<IntTuple, LayoutError> {
        if depth > MAX_DEPTH {
            return Err(cur.error(Field::Shape, format!("at most {MAX_DEPTH} levels of “(”")));
        }
        match cur.peek() {
            Some('(') => {
                cur.pos += 1;
                let mut items = Vec::new();
                if cur.eat(')') {
                    return Ok(IntTuple::Tuple(items));
                }
                loop {
                    items.push(item(cur, depth + 1)?);
                    if cur.eat(',') {
                        continue;
                    }
                    if cur.eat(')') {
                        return Ok(IntTuple::Tuple(items));
                    }
                    return Err(cur.error(Field::Shape, "“,” or “)”"));
                }
            }
            Some('_') => {
                cur.pos += 1;
                Ok(IntTuple::Int(1))
            }
            Some(c) if c == '-' || c.is_ascii_digit() => {
                let start = cur.pos;
                cur.pos += 1;
                let digits = cur.digits_from(start);
                digits
                    .parse::<i64>()
                    .map(|_| IntTuple::Int(1))
                    .map_err(|_| {
                        cur.pos = start;
                        cur.error(Field::Shape, "an integer that fits in 64 bits")
                    })
            }
            _ => Err(cur.error(Field::Shape, "“_”, an integer or “(”")),
        }
    }
    let mut cur = Cursor::new(text);
    let profile = item(&mut cur, 0)?;
    if cur.peek().is_some() {
        return Err(cur.error(Field::Shape, "the end of the profile"));
    }
    Ok(profile)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(text: &str) -> Layout {
        Layout::parse(text).unwrap()
    }

    #[track_caller]
    fn check(op: Operation, a: &str, b: &str, expect: &str) {
        let state = WorkbenchState::new(op, a, b);
        assert_eq!((state.a_error(), state.b_error()), (None, None), "{a} {b}");
        assert_eq!(
            state.result().map(|r| r.to_string()),
            Ok(expect.to_string()),
            "{}({a}, {b})",
            op.as_str()
        );
    }

    #[track_caller]
    fn check_error(op: Operation, a: &str, b: &str, expect: &[&str]) {
        let state = WorkbenchState::new(op, a, b);
        assert_eq!((state.a_error(), state.b_error()), (None, None), "{a} {b}");
        let message = state.result().unwrap_err();
        for part in expect {
            assert!(
                message.contains(part),
                "{}({a}, {b}): {message}",
                op.as_str()
            );
        }
        assert!(state.tiles().is_none() && !state.truncated() && state.warnings().is_empty());
    }

    #[test]
    fn every_operation_runs() {
        // Expected values from the CuTe layout-algebra docs, or worked by hand in the comment.
        let cases = [
            (Operation::Coalesce, "(2,(1,6)):(1,(6,2))", "", "12:1"),
            (
                Operation::CoalesceByMode,
                "(2,(1,6)):(1,(6,2))",
                "(_,_)",
                "(2,6):(1,2)",
            ),
            // drop 2:0 and 1:7, coalesce what is left
            (Operation::Filter, "(2,3,1):(0,1,7)", "", "3:1"),
            (Operation::Complement, "4:2", "24", "(2,3):(1,8)"),
            (Operation::Composition, "20:2", "(5,4):(4,1)", "(5,4):(8,2)"),
            // A(i,j) = 3i + j, so R(x) = x / 3 + 2 (x % 3)
            (Operation::LeftInverse, "(2,3):(3,1)", "", "(3,2):(2,1)"),
            // A(i,j) = 2i + j, so R(a + 2b) = 4a + b is the index with A = a + 2b
            (Operation::RightInverse, "(4,2):(2,1)", "", "(2,4):(4,1)"),
            (
                Operation::LogicalDivide,
                "(4,2,3):(2,1,8)",
                "4:2",
                "((2,2),(2,3)):((4,1),(2,8))",
            ),
            // a layout tiler: zipped = logical, tiled unpacks mode 1, flat both
            (
                Operation::ZippedDivide,
                "(4,2,3):(2,1,8)",
                "4:2",
                "((2,2),(2,3)):((4,1),(2,8))",
            ),
            (
                Operation::TiledDivide,
                "(4,2,3):(2,1,8)",
                "4:2",
                "((2,2),2,3):((4,1),2,8)",
            ),
            (
                Operation::FlatDivide,
                "(4,2,3):(2,1,8)",
                "4:2",
                "(2,2,2,3):(4,1,2,8)",
            ),
            (
                Operation::LogicalProduct,
                "(2,2):(4,1)",
                "6:1",
                "((2,2),(2,3)):((4,1),(2,8))",
            ),
            (
                Operation::ZippedProduct,
                "(2,2):(4,1)",
                "6:1",
                "((2,2),(2,3)):((4,1),(2,8))",
            ),
            (
                Operation::TiledProduct,
                "(2,2):(4,1)",
                "6:1",
                "((2,2),2,3):((4,1),2,8)",
            ),
            (
                Operation::FlatProduct,
                "(2,2):(4,1)",
                "6:1",
                "(2,2,2,3):(4,1,2,8)",
            ),
            // A* = complement((2,5):(5,1), 10·12) = 12:10, A* ∘ B = (3,4):(10,30)
            (
                Operation::BlockedProduct,
                "(2,5):(5,1)",
                "(3,4):(1,3)",
                "((2,3),(5,4)):((5,10),(1,30))",
            ),
            (
                Operation::RakedProduct,
                "(2,5):(5,1)",
                "(3,4):(1,3)",
                "((3,2),(4,5)):((10,5),(30,1))",
            ),
        ];
        assert_eq!(cases.len(), Operation::ALL.len());
        for (op, a, b, expect) in cases {
            check(op, a, b, expect);
            assert_eq!(op.as_str().parse::<Operation>(), Ok(op));
            assert!(!op.title().is_empty() && !op.formula().is_empty());
        }
        // the laws behind three of them, over the whole domain
        let r = WorkbenchState::new(Operation::Composition, "20:2", "(5,4):(4,1)")
            .result()
            .unwrap();
        let (a, b) = (l("20:2"), l("(5,4):(4,1)"));
        assert!((0..20).all(|i| r.call(i).unwrap() == a.call(b.call(i).unwrap()).unwrap()));
        let a = l("(2,3):(3,1)");
        let r = WorkbenchState::new(Operation::LeftInverse, "(2,3):(3,1)", "")
            .result()
            .unwrap();
        assert!((0..6).all(|i| r.call(a.call(i).unwrap()).unwrap() == i));
        let a = l("(2,(1,6)):(1,(6,2))");
        let r = WorkbenchState::new(Operation::Coalesce, "(2,(1,6)):(1,(6,2))", "")
            .result()
            .unwrap();
        assert!((0..12).all(|i| r.call(i).unwrap() == a.call(i).unwrap()));
        assert!("nope".parse::<Operation>().unwrap_err().contains("“nope”"));
    }

    #[test]
    fn presets_match_the_cute_docs() {
        let expected = [
            "12:1",
            "(2,6):(1,2)",
            "(3,2):(2,12)",
            "((2,2),3):((24,2),8)",
            "(5,(2,2)):(16,(80,4))",
            "(3,(2,4)):(236,(26,1))",
            "(2,4):(4,1)",
            "((2,2),(2,3)):((4,1),(2,8))",
            "((3,3),((2,4),(2,2))):((177,59),((13,2),(26,1)))",
            "((3,(2,4)),(3,(2,2))):((177,(13,2)),(59,(26,1)))",
            "(3,(2,4),3,(2,2)):(177,(13,2),59,(26,1))",
            "((2,2),(2,3)):((4,1),(2,8))",
            "((2,3),(5,4)):((5,10),(1,30))",
            "((3,2),(4,5)):((10,5),(30,1))",
        ];
        assert_eq!(PRESETS.len(), expected.len());
        for (index, expect) in expected.iter().enumerate() {
            let state = WorkbenchState::preset(index).unwrap();
            let (label, op, a, b) = PRESETS[index];
            assert_eq!(state.op(), op, "{label}");
            assert_eq!((state.a_error(), state.b_error()), (None, None), "{label}");
            assert_eq!(
                state.result().unwrap().to_string(),
                *expect,
                "{label}: {a} {b}"
            );
            assert!(
                state.warnings().is_empty(),
                "{label}: {:?}",
                state.warnings()
            );
        }
        assert!(WorkbenchState::preset(PRESETS.len()).is_none());
        // The docs' 2-D divide: the first mode of each mode is A ∘ <3:3,(2,4):(1,8)>.
        let tile = WorkbenchState::new(
            Operation::Composition,
            "(9,(4,8)):(59,(13,1))",
            "<3:3,(2,4):(1,8)>",
        );
        assert_eq!(tile.result().unwrap().to_string(), "(3,(2,4)):(177,(13,2))");
    }

    #[test]
    fn errors_name_the_condition() {
        use Operation::*;
        check_error(
            Complement,
            "(2,2):(1,1)",
            "8",
            &["injective", "A(1) = A(2) = 1"],
        );
        check_error(
            Complement,
            "(2,2):(2,3)",
            "8",
            &["mode 2:3 starts inside the extent 4"],
        );
        check_error(Complement, "(4,2):(-1,4)", "8", &["negative stride"]);
        check_error(
            Composition,
            "(4,3,4):(1,96,8)",
            "(4,(4)):(4,(1))",
            &["composition needs", "divisibility"],
        );
        check_error(CoalesceByMode, "(4,6):(1,4)", "(_,_,_)", &["rank >= 3"]);
        check_error(
            LogicalDivide,
            "(4,6):(1,4)",
            "(2,2):(1,1)",
            &[
                "takes the complement of B",
                "(2,2):(1,1)",
                "inside the extent 2",
            ],
        );
        check_error(
            ZippedDivide,
            "(2,2):(0,1)",
            "3:1",
            &["(B, B*) = (3,2):(1,3)", "stride divisibility"],
        );
        // pycute returns ((3,3),1):((4,6),0), which is not A ∘ (B, B*): R(3) = 6, A(3) = 3
        check_error(
            LogicalDivide,
            "(3,6):(4,3)",
            "(4,3):(1,6)",
            &["shape divisibility", "R(3) = 6 but A(3) = 3"],
        );
        check_error(
            BlockedProduct,
            "(2,2):(1,1)",
            "(2,2):(1,2)",
            &["takes the complement of A", "inside the extent"],
        );
        check_error(
            LogicalProduct,
            "(4,(2,2)):(1,(4,4))",
            "<_,2:1>",
            &["complement of mode 1 of A", "(2,2):(4,4)"],
        );
        check_error(
            LogicalProduct,
            "(1,2):(0,2)",
            "2:3",
            &["A* = ", "stride divisibility"],
        );
        check_error(
            LeftInverse,
            "(2,2):(1,0)",
            "",
            &["injective", "A(0) = A(2) = 0"],
        );
        for (op, text, expect) in [
            (LogicalDivide, "<2:1,3:1", "“,” or “>”"),
            (LogicalDivide, "<2:1,(3,4>", "“,” or “)”"),
            (Complement, "0", "an integer bound >= 1"),
            (CoalesceByMode, "(_,x)", "“_”, an integer or “(”"),
            (BlockedProduct, "<2:1>", "an integer or “(”"),
        ] {
            let mut state = WorkbenchState::new(op, "(4,6):(1,4)", "");
            state.set_b(text);
            let message = state.b_error().unwrap();
            assert!(message.contains(expect), "{text}: {message}");
        }
    }

    #[test]
    fn bad_text_keeps_the_last_valid_operands() {
        let mut state = WorkbenchState::default();
        let good = state.clone();
        state.set_a("(4,");
        assert!(state.a_error().unwrap().contains("expected"));
        assert_eq!((state.a_text(), state.a()), ("(4,", good.a()));
        state.set_b("<2:");
        assert!(state.b_error().is_some());
        assert_eq!((state.b_text(), state.b()), ("<2:", good.b()));
        assert_eq!(
            state.result(),
            good.result(),
            "the last valid operands still run"
        );
        // another op of the same operand kind keeps what is being typed
        state.set_op(Operation::ZippedDivide);
        assert_eq!((state.b_text(), state.b_error().is_some()), ("<2:", true));
        // complement takes an integer: B becomes CuTe's default bound, cosize(A) = 24
        state.set_op(Operation::Complement);
        assert_eq!(
            (state.b(), state.b_text(), state.b_error()),
            (&Operand::Integer(24), "24", None)
        );
        // 24 reads as the tiler 24:1, so it stays
        state.set_op(Operation::LogicalDivide);
        assert_eq!(state.b(), &Operand::Tiler(Tiler::Layout(l("24:1"))));
        // no operand: B is none, its text waits for the next op that takes one
        state.set_b("4:2");
        state.set_op(Operation::Filter);
        assert_eq!((state.b(), state.b_text()), (&Operand::None, "4:2"));
        state.set_op(Operation::BlockedProduct);
        assert_eq!(state.b(), &Operand::Layout(l("4:2")));
        // a profile does not read "4:2": default to one coalesce per mode of A
        state.set_op(Operation::CoalesceByMode);
        assert_eq!(state.b_text(), "(_,_,_)");
        assert_eq!(state.result().unwrap().to_string(), "(4,2,3):(2,1,8)");
        state.set_op(Operation::FlatDivide);
        assert_eq!(
            state.b_text(),
            "<2:1,2:1>",
            "a by-mode default for a rank-3 A"
        );
        assert!(state.result().is_ok());
        // a size past 64 bits is refused before the engine sees it
        state.set_a("(4294967296,4294967296):(1,4294967296)");
        assert!(state.a_error().unwrap().contains("64 bits"));
        assert_eq!(state.a(), good.a());
        state.set_a(&"(".repeat(5000));
        assert!(state.a_error().is_some() && state.a_text().chars().count() == 4097);
    }

    #[test]
    fn the_url_round_trips_and_bad_values_fall_back() {
        let state = WorkbenchState::default();
        assert_eq!(
            state.to_query(),
            "op=logical_divide&A=(4,2,3):(2,1,8)&B=4:2"
        );
        for index in 0..PRESETS.len() {
            let state = WorkbenchState::preset(index).unwrap();
            let back = WorkbenchState::from_query(&state.to_query());
            assert_eq!(
                (back.op(), back.a(), back.b(), back.result()),
                (state.op(), state.a(), state.b(), state.result()),
                "{}",
                state.to_query()
            );
            assert_eq!(
                (back.a_error(), back.b_error(), back.op_error()),
                (None, None, None)
            );
        }
        let by_mode = WorkbenchState::preset(8).unwrap().to_query();
        assert!(by_mode.ends_with("&B=%3C3:3,(2,4):(1,8)%3E"), "{by_mode}");
        let coalesce = WorkbenchState::new(Operation::Coalesce, "8:2", "");
        assert_eq!(coalesce.to_query(), "op=coalesce&A=8:2");
        assert_eq!(WorkbenchState::from_query(""), WorkbenchState::default());
        let bad = WorkbenchState::from_query("op=nope&A=(4,&B=%3C2");
        assert!(bad.op_error().unwrap().contains("“nope”"));
        assert_eq!(bad.op(), Operation::LogicalDivide);
        assert_eq!(
            (bad.a_text(), bad.a()),
            ("(4,", WorkbenchState::default().a())
        );
        assert!(bad.a_error().is_some() && bad.b_error().is_some());
        assert_eq!(bad.b_text(), "<2");
        assert!(bad.result().is_ok());
    }

    #[test]
    fn truncation_overhang_and_gaps_are_warned() {
        // pycute: ((2,2),(2,6)):((12,16),(2,1)) ∘ 3:2 = 2:16
        let state = WorkbenchState::new(
            Operation::Composition,
            "((2,2),(2,6)):((12,16),(2,1))",
            "3:2",
        );
        assert_eq!(state.result().unwrap().to_string(), "2:16");
        assert!(state.truncated());
        assert!(state.warnings()[0].contains("2 elements where B asks for 3"));
        let by_mode = WorkbenchState::new(
            Operation::Composition,
            "(((2,2),(2,6)),4):(((12,16),(2,1)),100)",
            "<3:2,_>",
        );
        assert!(by_mode.truncated(), "{:?}", by_mode.result());
        assert!(!WorkbenchState::default().truncated());
        // 6 elements in tiles of 4: (B, B*) covers 8
        let state = WorkbenchState::new(Operation::LogicalDivide, "6:1", "4:1");
        assert_eq!(state.result().unwrap().to_string(), "(4,2):(1,4)");
        assert!(state.warnings()[0].contains("cover 8 indices of A, which has only 6"));
        let tiles = state.tiles().unwrap();
        assert_eq!(tiles.result, vec![0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(tiles.a, vec![0, 0, 0, 0, 1, 1]);
        assert_eq!(&tiles.source[4..], &[Some(4), Some(5), None, None]);
        let gaps = WorkbenchState::new(Operation::Complement, "(3,2):(2,7)", "16");
        assert!(gaps.result().is_ok());
        assert!(gaps.warnings()[0].contains("stride 7 of mode 2:7 is not a multiple of 6"));
        let partial = WorkbenchState::new(Operation::RightInverse, "4:2", "");
        assert_eq!(partial.result().unwrap().to_string(), "1:0");
        assert!(partial.warnings()[0].contains("only 1 of its 4"));
    }

    /// For a rank-2 A and a by-mode tiler `<B0,B1>` (`None` leaves a mode alone): the
    /// logical divide's element `((i0,j0),(i1,j1))` reads A at coordinate
    /// `(B0(i0) + B0*(j0), B1(i1) + B1*(j1))` and lies in tile `j0 + |B0*|·j1`.
    fn check_divide_tiles_2d(a: &str, tilers: [Option<&str>; 2]) {
        let tiler_text = format!(
            "<{}>",
            tilers.map(|t| t.unwrap_or("_").to_string()).join(",")
        );
        let state = WorkbenchState::new(Operation::LogicalDivide, a, &tiler_text);
        let (a, r) = (state.a().clone(), state.result().unwrap());
        let tiles = state.tiles().unwrap();
        // per mode: (tile size, rest size, coordinate in A's mode of (i, j))
        type Reader = Box<dyn Fn(i64, i64) -> i64>;
        let modes: Vec<(i64, i64, i64, Reader)> = (0..2)
            .map(|k| {
                let a_size = a.mode(k).unwrap().size().unwrap();
                match tilers[k] {
                    Some(t) => {
                        let b = l(t);
                        let rest = algebra::complement(&b, a_size).unwrap();
                        let (tile, count) = (b.size().unwrap(), rest.size().unwrap());
                        let read: Reader =
                            Box::new(move |i, j| b.call(i).unwrap() + rest.call(j).unwrap());
                        (a_size, tile, count, read)
                    }
                    None => (a_size, 1, a_size, Box::new(|_, j| j) as Reader),
                }
            })
            .collect();
        let (a0, tile0, rest0, read0) = &modes[0];
        let (a1, tile1, rest1, read1) = &modes[1];
        assert_eq!(tiles.count as i64, rest0 * rest1);
        assert_eq!(r.size().unwrap(), tile0 * rest0 * tile1 * rest1);
        let mut seen = vec![0; tiles.a.len()];
        for k in 0..r.size().unwrap() {
            let (k0, k1) = (k % (tile0 * rest0), k / (tile0 * rest0));
            let (i0, j0, i1, j1) = (k0 % tile0, k0 / tile0, k1 % tile1, k1 / tile1);
            let tile = (j0 + rest0 * j1) as usize;
            assert_eq!(tiles.result[k as usize], tile, "element {k}");
            let (x0, x1) = (read0(i0, j0), read1(i1, j1));
            if x0 < *a0 && x1 < *a1 {
                let x = x0 + a0 * x1;
                assert_eq!(tiles.a[x as usize], tile, "A index {x}");
                assert_eq!(tiles.source[k as usize], Some(x as usize));
                assert_eq!(r.call(k).unwrap(), a.call(x).unwrap());
                seen[x as usize] += 1;
            } else {
                assert_eq!(tiles.source[k as usize], None);
            }
        }
        assert!(
            seen.iter().all(|&n| n == 1),
            "every element of A in one tile"
        );
    }

    #[test]
    fn divide_tiles_match_brute_force() {
        // 1-D: element i + |B|·j reads A at B(i) + B*(j) and lies in tile j
        for (a, b) in [
            ("(4,2,3):(2,1,8)", "4:2"),
            ("(8,4):(1,8)", "(2,2):(1,8)"),
            ("12:1", "3:2"),
            ("(6,4):(4,1)", "(2,3):(1,2)"),
            ("6:1", "4:1"),
        ] {
            let state = WorkbenchState::new(Operation::LogicalDivide, a, b);
            let (a, b) = (state.a().clone(), l(b));
            let n = a.size().unwrap();
            let rest = algebra::complement(&b, n).unwrap();
            let r = state.result().unwrap();
            let tiles = state.tiles().unwrap();
            assert_eq!(tiles.count as i64, rest.size().unwrap());
            for k in 0..r.size().unwrap() {
                let (i, j) = (k % b.size().unwrap(), k / b.size().unwrap());
                let x = b.call(i).unwrap() + rest.call(j).unwrap();
                assert_eq!(tiles.result[k as usize], j as usize, "{a} / {b}: {k}");
                if x < n {
                    assert_eq!(tiles.a[x as usize], j as usize, "{a} / {b}: A index {x}");
                    assert_eq!(tiles.source[k as usize], Some(x as usize));
                    assert_eq!(r.call(k).unwrap(), a.call(x).unwrap());
                }
            }
        }
        check_divide_tiles_2d("(9,(4,8)):(59,(13,1))", [Some("3:3"), Some("(2,4):(1,8)")]);
        check_divide_tiles_2d("(4,6):(1,4)", [Some("2:1"), Some("3:1")]);
        check_divide_tiles_2d("(6,4):(4,1)", [Some("4:1"), Some("2:2")]);
        check_divide_tiles_2d("(4,6):(6,1)", [Some("2:2"), None]);
        check_divide_tiles_2d("(4,6):(1,4)", [None, Some("3:2")]);
        // zipped, tiled and flat divides list the same elements in zipped order: element
        // t + |tile|·r is in tile r
        let logical = WorkbenchState::preset(8).unwrap().tiles().unwrap();
        for op in [
            Operation::ZippedDivide,
            Operation::TiledDivide,
            Operation::FlatDivide,
        ] {
            let mut state = WorkbenchState::preset(8).unwrap();
            state.set_op(op);
            let tiles = state.tiles().unwrap();
            assert_eq!((tiles.a.clone(), tiles.count), (logical.a.clone(), 12));
            assert!(tiles.result.iter().enumerate().all(|(k, &t)| t == k / 24));
            let r = state.result().unwrap();
            for (k, x) in tiles.source.iter().enumerate() {
                let x = x.unwrap() as i64;
                assert_eq!(r.call(k as i64).unwrap(), state.a().call(x).unwrap());
                assert_eq!(logical.a[x as usize], k / 24);
            }
        }
    }

    #[test]
    fn product_tiles_match_brute_force() {
        // logical product: element a + |A|·p is A(a) + A*(B(p)), in tile p
        for (a, b) in [
            ("(2,2):(4,1)", "6:1"),
            ("(2,2):(4,1)", "(4,2):(2,1)"),
            ("(3,2):(1,6)", "(2,3):(1,2)"),
            ("4:3", "5:3"),
        ] {
            let state = WorkbenchState::new(Operation::LogicalProduct, a, b);
            let (a, b) = (state.a().clone(), l(b));
            let n = a.size().unwrap();
            let rest = algebra::complement(&a, n * b.cosize().unwrap()).unwrap();
            let r = state.result().unwrap();
            let tiles = state.tiles().unwrap();
            assert_eq!(tiles.count as i64, b.size().unwrap());
            assert!(tiles.a.iter().all(|&t| t == 0) && tiles.a.len() == n as usize);
            for k in 0..r.size().unwrap() {
                let (i, p) = (k % n, k / n);
                let want = a.call(i).unwrap() + rest.call(b.call(p).unwrap()).unwrap();
                assert_eq!(r.call(k).unwrap(), want, "{a} x {b}: {k}");
                assert_eq!(tiles.result[k as usize], p as usize);
                assert_eq!(tiles.source[k as usize], Some(i as usize));
            }
        }
        // blocked and raked: mode k is (A_k, B_k) or (B_k, A_k); the copy is B's index
        for raked in [false, true] {
            let op = if raked {
                Operation::RakedProduct
            } else {
                Operation::BlockedProduct
            };
            let state = WorkbenchState::new(op, "(2,5):(5,1)", "(3,4):(1,3)");
            let (a, b) = (l("(2,5):(5,1)"), l("(3,4):(1,3)"));
            let rest = algebra::complement(&a, 10 * 12).unwrap();
            let (r, tiles) = (state.result().unwrap(), state.tiles().unwrap());
            for k in 0..120 {
                let (k0, k1) = (k % 6, k / 6);
                let split = |m: i64, a_size: i64, b_size: i64| {
                    if raked {
                        (m / b_size, m % b_size)
                    } else {
                        (m % a_size, m / a_size)
                    }
                };
                let ((a0, p0), (a1, p1)) = (split(k0, 2, 3), split(k1, 5, 4));
                let (x, p) = (a0 + 2 * a1, p0 + 3 * p1);
                let want = a.call(x).unwrap() + rest.call(b.call(p).unwrap()).unwrap();
                assert_eq!(r.call(k).unwrap(), want, "{op:?} {k}");
                assert_eq!(tiles.result[k as usize], p as usize);
                assert_eq!(tiles.source[k as usize], Some(x as usize));
            }
        }
        // by mode: each mode has its own complement; the copy counts over both modes
        let state = WorkbenchState::new(Operation::LogicalProduct, "(2,3):(3,1)", "<2:1,2:1>");
        let r = state.result().unwrap();
        let tiles = state.tiles().unwrap();
        let a = l("(2,3):(3,1)");
        let (m0, m1) = (a.mode(0).unwrap(), a.mode(1).unwrap());
        let rest0 = algebra::complement(&m0, 2 * 2).unwrap();
        let rest1 = algebra::complement(&m1, 3 * 2).unwrap();
        assert_eq!(tiles.count, 4);
        for k in 0..r.size().unwrap() {
            let (k0, k1) = (k % 4, k / 4);
            let (a0, p0, a1, p1) = (k0 % 2, k0 / 2, k1 % 3, k1 / 3);
            let want = m0.call(a0).unwrap()
                + rest0.call(p0).unwrap()
                + m1.call(a1).unwrap()
                + rest1.call(p1).unwrap();
            assert_eq!(r.call(k).unwrap(), want, "{k}");
            assert_eq!(tiles.result[k as usize], (p0 + 2 * p1) as usize);
            assert_eq!(tiles.source[k as usize], Some((a0 + 2 * a1) as usize));
        }
        // no tiles for the other operations, or past the size limit
        assert!(WorkbenchState::new(Operation::Coalesce, "8:1", "")
            .tiles()
            .is_none());
        assert!(
            WorkbenchState::new(Operation::LogicalDivide, "2048:1", "2:1")
                .tiles()
                .is_none()
        );
    }

    #[test]
    fn tiles_agree_with_the_result_over_a_sweep() {
        let tilers = [
            "2:1",
            "2:2",
            "3:1",
            "(2,2):(1,4)",
            "<2:1,3:1>",
            "<2:2,_>",
            "<_,2:3>",
        ];
        let ops = [
            Operation::LogicalDivide,
            Operation::TiledDivide,
            Operation::LogicalProduct,
            Operation::FlatProduct,
        ];
        let mut tiled = 0;
        for (s0, s1, d0, d1) in (2..5).flat_map(|s0| {
            (2..5).flat_map(move |s1| {
                [0, 1, 2, 4, 6]
                    .into_iter()
                    .flat_map(move |d0| [0, 1, 3, 8].map(|d1| (s0, s1, d0, d1)))
            })
        }) {
            let a = format!("({s0},{s1}):({d0},{d1})");
            for (op, b) in ops.iter().flat_map(|&op| tilers.map(|b| (op, b))) {
                let state = WorkbenchState::new(op, &a, b);
                let Ok(r) = state.result() else {
                    continue;
                };
                if state.truncated() {
                    assert!(state.tiles().is_none());
                    continue;
                }
                let tiles = state.tiles().unwrap_or_else(|| panic!("{op:?} {a} {b}"));
                tiled += 1;
                assert_eq!(tiles.result.len() as i64, r.size().unwrap());
                assert!(tiles
                    .result
                    .iter()
                    .chain(&tiles.a)
                    .all(|&t| t < tiles.count));
                // B's element: place k % size(B) of a logical divide's tile, copy k / size(A)
                // of a logical product; B drawn as a grid only when it is one layout
                let b_size = match state.b() {
                    Operand::Tiler(Tiler::Layout(b)) => b.size().ok(),
                    _ => None,
                };
                let a_size = state.a().size().unwrap();
                for (k, &place) in tiles.b.iter().enumerate() {
                    let k = k as i64;
                    match (op, b_size) {
                        (Operation::LogicalDivide, Some(n)) => {
                            assert_eq!(place, Some((k % n) as usize), "{a} {b} {k}")
                        }
                        (Operation::LogicalProduct, Some(_)) => {
                            assert_eq!(place, Some((k / a_size) as usize), "{a} {b} {k}")
                        }
                        _ => {}
                    }
                }
                for (k, source) in tiles.source.iter().enumerate() {
                    let Some(x) = source else {
                        continue;
                    };
                    if op.is_divide() {
                        assert_eq!(r.call(k as i64).ok(), state.a().call(*x as i64).ok());
                        assert_eq!(tiles.a[*x], tiles.result[k], "{op:?} {a} {b} {k}");
                    }
                }
            }
        }
        assert!(tiled > 1000, "{tiled}");
    }

    #[test]
    fn operands_read_back_as_written() {
        for (kind, text, notation) in [
            (
                OperandKind::Tiler,
                " < 3:3 , (2,4):(1,8) > ",
                "<3:3,(2,4):(1,8)>",
            ),
            (OperandKind::Tiler, "<<2:1,_>,4>", "<<2:1,_>,4:1>"),
            (OperandKind::Tiler, "(4, 2):(2, 1)", "(4,2):(2,1)"),
            (OperandKind::Profile, "(_, (1,_))", "(_,(_,_))"),
            (OperandKind::Profile, "7", "_"),
            (OperandKind::Integer, " 24 ", "24"),
            (OperandKind::Layout, "(3,4)", "(3,4):(1,3)"),
            (OperandKind::None, "anything", ""),
        ] {
            let operand = Operand::parse(kind, text).unwrap();
            assert_eq!(
                (operand.kind(), operand.to_notation().as_str()),
                (kind, notation)
            );
            assert_eq!(Operand::parse(kind, notation), Ok(operand));
        }
        let deep = format!("{}2:1{}", "<".repeat(40), ">".repeat(40));
        assert!(Operand::parse(OperandKind::Tiler, &deep)
            .unwrap_err()
            .contains("levels"));
        let err = Operand::parse(OperandKind::Tiler, "<2:1,3:x>").unwrap_err();
        assert!(err.contains("character 8"), "{err}");
    }

    #[test]
    fn hostile_input_never_panics() {
        let texts = [
            "",
            "0:0",
            "(0,4):(1,0)",
            "(4,4):(-1,4)",
            "(2,2):(1,1)",
            "(1000000,1000000):(1,1000000)",
            "9223372036854775807:1",
            "(2,3):(9223372036854775807,1)",
            "<9223372036854775807:2>",
            "<_,_,_,_>",
            "9223372036854775807",
            "(1,1):(0,0)",
            "<1:0,1:0>",
        ];
        for op in Operation::ALL {
            for a in texts {
                for b in texts {
                    let state = WorkbenchState::new(op, a, b);
                    let _ = (state.result(), state.truncated(), state.warnings());
                    if let Some(tiles) = state.tiles() {
                        assert!(tiles.result.iter().all(|&t| t < tiles.count));
                    }
                    let _ = WorkbenchState::from_query(&state.to_query());
                }
            }
        }
    }
}
