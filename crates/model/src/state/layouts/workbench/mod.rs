//! The algebra workbench of the Layouts page: one operation of CuTe's layout algebra, its
//! operands as typed and the last ones that parsed, the result with the condition that failed
//! when there is none, and the tiles of a divide or product so A and the result can be coloured
//! side by side.
//!
//! Operands are written as the Layouts page writes layouts (`(4,2,3):(2,1,8)`, a shape alone is
//! the compact layout); a tiler is a layout or `<B0,B1,…>` with one tiler per mode (`_` leaves a
//! mode alone), as the CuTe docs write `<3:3,(2,4):(1,8)>`; a profile is `(_,_)` or `(1,1)`.

mod operation;
mod presets;
#[cfg(test)]
mod tests;

use engine::cute::pycute::tiles::{
    self, collision, nesting, part_name, spaced_parts, sub_layout, tiler_leaves, unit_layout,
    DivideIndex, Nesting, ProductIndex, ProductOperand, Reads,
};
use engine::cute::{pycute::algebra, IntTuple, Layout, Notation, Tiler, Tiles};
use engine::LayoutError;

use crate::state::field::{FieldError, Parsed};
use crate::state::url::{keep, percent_decode as decode, percent_encode};

pub use operation::{Operand, OperandKind, Operation};
pub use presets::PRESETS;

/// Longest operand text kept.
const MAX_CHARS: usize = 4096;
/// Largest A and result whose tiles [`WorkbenchState::tiles`] lists.
pub const MAX_TILED: usize = 1024;
/// Largest layout whose law the workbench checks element by element.
const LAW_LIMIT: i64 = 1 << 16;

/// The workbench: `op(A, B)` as typed, with the last A and B that parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkbenchState {
    /// The operation, and an operation named in the URL that does not exist as its error.
    op: Parsed<Operation>,
    a: Parsed<Layout>,
    b: Parsed<Operand>,
}

impl Default for WorkbenchState {
    /// The CuTe docs' 1-D logical divide: `(4,2,3):(2,1,8) ⊘ 4:2`.
    fn default() -> WorkbenchState {
        let (a_text, b_text) = ("(4,2,3):(2,1,8)", "4:2");
        let op = Operation::LogicalDivide;
        let a = Layout::parse(a_text).unwrap_or_else(|_| unreachable!("the default A parses"));
        let b = Operand::Tiler(Tiler::Layout(
            Layout::parse(b_text).unwrap_or_else(|_| unreachable!("the default B parses")),
        ));
        WorkbenchState {
            op: Parsed::valid(op.as_str(), op),
            a: Parsed::valid(a_text, a).max_chars(MAX_CHARS + 1),
            b: Parsed::valid(b_text, b).max_chars(MAX_CHARS + 1),
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

    /// The operation (`op=`), `logical_divide` by default.
    pub fn op(&self) -> Operation {
        *self.op.value()
    }
    /// A as typed (`A=`).
    pub fn a_text(&self) -> &str {
        self.a.text()
    }
    /// B as typed (`B=`), read as the operation's operand kind.
    pub fn b_text(&self) -> &str {
        self.b.text()
    }
    /// The last A that parsed.
    pub fn a(&self) -> &Layout {
        self.a.value()
    }
    /// The last B that parsed as the operation's operand kind.
    pub fn b(&self) -> &Operand {
        self.b.value()
    }
    /// Why the typed A is not a usable layout (the last A stays).
    pub fn a_error(&self) -> Option<&FieldError> {
        self.a.error()
    }
    /// Why the typed B does not read as the operation's operand (the last B stays).
    pub fn b_error(&self) -> Option<&FieldError> {
        self.b.error()
    }
    /// Why the operation named in the URL was not used.
    pub fn op_error(&self) -> Option<&FieldError> {
        self.op.error()
    }

    /// Switches the operation. B is kept when it reads as the new operand kind; otherwise it
    /// becomes a default that fits A, so the result shows at once.
    pub fn set_op(&mut self, op: Operation) {
        let before = self.op().operand();
        self.op.load(op.as_str(), op);
        let kind = op.operand();
        if kind == before {
            return;
        }
        self.b.reparse(|text| Operand::parse(kind, text));
        if !self.b.is_valid() {
            let b = self.default_operand(kind);
            self.b.load(b.to_notation(), b);
        }
    }

    /// Takes what was typed for A; a layout that parses replaces A, otherwise the error says
    /// why and the last A stays.
    pub fn set_a(&mut self, text: &str) {
        self.a.set(text, |text| {
            let a = Layout::parse(text)?;
            usable(&a, "A")?;
            Ok(a)
        });
    }

    /// Takes what was typed for B, read as the operation's operand kind; the last B stays on
    /// an error.
    pub fn set_b(&mut self, text: &str) {
        let kind = self.op().operand();
        self.b.set(text, |text| Operand::parse(kind, text));
    }

    /// A B of `kind` that works with the current A.
    fn default_operand(&self, kind: OperandKind) -> Operand {
        match kind {
            OperandKind::None => Operand::None,
            // CuTe's default codomain bound.
            OperandKind::Integer => {
                Operand::Integer(self.a().cosize().ok().filter(|&c| c >= 1).unwrap_or(1))
            }
            OperandKind::Profile => Operand::Profile(match self.a().shape() {
                IntTuple::Int(_) => IntTuple::Int(1),
                IntTuple::Tuple(modes) => IntTuple::Tuple(vec![IntTuple::Int(1); modes.len()]),
            }),
            OperandKind::Layout => Operand::Layout(
                Layout::parse("(2,2):(1,2)")
                    .unwrap_or_else(|_| unreachable!("the default B layout parses")),
            ),
            OperandKind::Tiler if self.a().rank() >= 2 => Operand::Tiler(Tiler::ByMode(vec![
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
    pub fn result(&self) -> Result<Layout, FieldError> {
        let a = self.a();
        let title = self.op().title();
        let engine = |r: Result<Layout, LayoutError>| r.map_err(|e| FieldError::needs(title, e));
        match (self.op(), self.b()) {
            (Operation::Coalesce, _) => Ok(algebra::coalesce(a)),
            (Operation::Filter, _) => Ok(algebra::filter(a)),
            (Operation::RightInverse, _) => engine(algebra::right_inverse(a)),
            (Operation::LeftInverse, _) => self.left_inverse(),
            (Operation::CoalesceByMode, Operand::Profile(profile)) => {
                engine(algebra::coalesce_by(a, profile))
            }
            (Operation::Complement, Operand::Integer(bound)) => {
                if let Some(collision) = collision(a, LAW_LIMIT as usize) {
                    return Err(FieldError::rule(format!(
                        "complement needs A to be injective, but {collision}"
                    )));
                }
                if let Nesting::Overlap(why) = nesting(a, "A") {
                    return Err(FieldError::rule(format!("complement needs {why}")));
                }
                engine(algebra::complement(a, *bound))
            }
            (Operation::Composition, Operand::Tiler(tiler)) => {
                engine(algebra::composition_tiler(a, tiler))
            }
            (op, Operand::Tiler(tiler)) => {
                let run = op.with_tiler().ok_or_else(|| needs_b(op))?;
                self.check_complements()?;
                let result = run(a, tiler).map_err(|e| self.explain_composed(e))?;
                if op.is_divide() {
                    self.check_divide(tiler, &result)?;
                }
                Ok(result)
            }
            (op, Operand::Layout(b)) => {
                let run = op.with_layout().ok_or_else(|| needs_b(op))?;
                self.check_complements()?;
                run(a, b).map_err(|e| self.explain_composed(e))
            }
            (op, _) => Err(needs_b(op)),
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
        if let (true, Operand::Tiler(tiler)) = (self.op().is_divide(), self.b()) {
            for part in spaced_parts(self.a(), tiler).unwrap_or_default() {
                if let Some((_, covered)) = part.divided() {
                    let covered = covered.size().unwrap_or(0);
                    if covered > part.a_size() {
                        warnings.push(format!(
                            "B's tiles cover {covered} indices of {}, which has only {}: \
                             the result elements beyond it lie outside A (pycute's values \
                             there run on past A's last mode)",
                            part.name(),
                            part.a_size()
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
        if self.op() == Operation::RightInverse {
            if let (Ok(r), Ok(n)) = (result.size(), self.a().size()) {
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
        let a_size = self.a().size().ok()?;
        let result_size = result.size().ok()?;
        let fits = |n: i64| (0..=MAX_TILED as i64).contains(&n);
        if !fits(a_size) || !fits(result_size) || self.is_truncated(&result) {
            return None;
        }
        match self.b() {
            Operand::Tiler(tiler) if self.op().is_divide() => {
                self.divide_index(tiler).ok()?.tiles(a_size, result_size)
            }
            _ if self.op().is_product() => self.product_index().ok()?.tiles(a_size, result_size),
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
        let (a_size, n) = (self.a().size().ok()?, result.size().ok()?);
        let fits = |n: i64| (0..=MAX_TILED as i64).contains(&n);
        if !fits(a_size) || !fits(n) || self.is_truncated(&result) {
            return None;
        }
        let reads = match (self.op(), self.b()) {
            (Operation::Composition, Operand::Tiler(Tiler::Layout(b))) => Reads::Composed(b),
            (Operation::LeftInverse | Operation::RightInverse, _) => Reads::Inverse,
            (Operation::Coalesce | Operation::CoalesceByMode, _) => Reads::Same,
            _ => return None,
        };
        tiles::links(self.a(), &result, reads).ok()
    }

    /// `op=…&A=…&B=…` from the last valid operands (no `B` for operations without one).
    pub fn to_query(&self) -> String {
        let mut query = format!(
            "op={}&A={}",
            self.op().as_str(),
            percent_encode(&self.a().to_notation(Notation::Cute), keep::OPERAND)
        );
        if self.op().operand() != OperandKind::None {
            query.push_str("&B=");
            query.push_str(&percent_encode(&self.b().to_notation(), keep::OPERAND));
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
                Err(e) => state.op.set(&op, |_| Err(e)),
            }
        }
        if let Some(b) = value("B=") {
            state.set_b(&b);
        }
        state
    }

    fn is_truncated(&self, result: &Layout) -> bool {
        if let (Operation::Composition, Operand::Tiler(Tiler::Layout(b))) = (self.op(), self.b()) {
            return algebra::composition_is_truncated(result, b).unwrap_or(false);
        }
        match (result.size(), self.expected_size()) {
            (Ok(got), Some(expected)) => got < expected,
            _ => false,
        }
    }

    /// Left inverse, refused where pycute's does not invert.
    fn left_inverse(&self) -> Result<Layout, FieldError> {
        let a = self.a();
        if let Some(collision) = collision(a, LAW_LIMIT as usize) {
            return Err(FieldError::rule(format!(
                "left inverse needs A to be injective, but {collision}"
            )));
        }
        let result = algebra::left_inverse(a).map_err(|e| FieldError::needs("left inverse", e))?;
        let size = a.size()?;
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
                return Err(FieldError::rule(format!(
                    "left inverse needs {why}; pycute's {result} gives R(A({i})) = {}",
                    back.map_or("?".to_string(), |v| v.to_string())
                )));
            }
        }
        Ok(result)
    }

    /// The `(name, part of A, layout of B)` pairs a divide or product works on: A and B, or
    /// A's modes and B's layouts under a by-mode tiler.
    fn paired(&self) -> Vec<(String, Layout, Layout)> {
        let leaves = match self.b() {
            Operand::Tiler(tiler) if self.op().with_tiler().is_some() => tiler_leaves(tiler),
            Operand::Layout(b) if self.op().with_layout().is_some() => {
                vec![(Vec::new(), b.clone())]
            }
            _ => Vec::new(),
        };
        leaves
            .into_iter()
            .filter_map(|(path, b)| Some((part_name(&path), sub_layout(self.a(), &path)?, b)))
            .collect()
    }

    /// The layouts the operation takes complements of, named: A for complement, B's layouts
    /// for a divide, A (or its modes, under a by-mode tiler) for a product.
    fn complemented(&self) -> Vec<(String, Layout)> {
        if self.op() == Operation::Complement {
            return vec![("A".to_string(), self.a().clone())];
        }
        self.paired()
            .into_iter()
            .map(|(name, a_part, b)| {
                if self.op().is_divide() {
                    ("B".to_string(), b)
                } else {
                    (name, a_part)
                }
            })
            .collect()
    }

    /// Refuses complements where CuTe's own assertion ("Non-injective Layout detected in
    /// complement") fires and pycute returns a layout with an empty mode.
    fn check_complements(&self) -> Result<(), FieldError> {
        for (name, layout) in self.complemented() {
            if let Nesting::Overlap(why) = nesting(&layout, &name) {
                return Err(FieldError::rule(format!(
                    "{} takes the complement of {name}, which needs {why}",
                    self.op().title()
                )));
            }
        }
        Ok(())
    }

    /// An engine error of a divide or product, with the composition that failed: `A ∘ (B, B*)`
    /// for a divide, `A* ∘ B` for a product; "B" in the engine's words is its right operand.
    fn explain_composed(&self, e: LayoutError) -> FieldError {
        let title = self.op().title();
        for (name, a_part, b) in self.paired() {
            let tiler = Tiler::Layout(b.clone());
            let failed = if self.op().is_divide() {
                algebra::logical_divide(&a_part, &tiler)
            } else {
                algebra::logical_product(&a_part, &tiler)
            };
            let Err(LayoutError::BadArgument { expected, .. }) = failed else {
                continue;
            };
            let composed = if self.op().is_divide() {
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
                    .and_then(|n| {
                        n.checked_mul(b.cosize()?).ok_or(LayoutError::Overflow {
                            what: "a layout size or stride",
                        })
                    })
                    .and_then(|bound| algebra::complement(&a_part, bound))
                    .map(|rest| format!("A* = {rest}, the complement of {name}, with B = {b}"))
            };
            if let Ok(composed) = composed {
                return FieldError::rule(format!(
                    "{title} composes {composed}; that needs {expected}"
                ));
            }
        }
        FieldError::needs(title, e)
    }

    /// A divide's result must be `A ∘ (B, B*)` on A's domain; pycute composes without
    /// checking. Elements whose tiles reach past A are not checked (their values run on).
    fn check_divide(&self, tiler: &Tiler, result: &Layout) -> Result<(), FieldError> {
        let Ok(index) = self.divide_index(tiler) else {
            return Ok(());
        };
        let size = result
            .size()
            .unwrap_or(0)
            .min(index.index().size().unwrap_or(0));
        for i in 0..size.min(LAW_LIMIT) {
            let Some(x) = index.index().call(i).ok().and_then(|v| index.a_index(v)) else {
                continue;
            };
            if result.call(i).ok() == self.a().call(x).ok() {
                continue;
            }
            let title = self.op().title();
            let why = index.parts().iter().find_map(|part| {
                let (a_part, covered) = part.divided()?;
                let Err(LayoutError::BadArgument { expected, .. }) =
                    algebra::composition(a_part, covered)
                else {
                    return None;
                };
                Some(format!(
                    "{title} is A ∘ (B, B*), here {} = {a_part} composed with (B, B*) = \
                     {covered}, which needs {expected}",
                    part.name()
                ))
            });
            let shown = |r: Result<i64, LayoutError>| r.map_or("?".to_string(), |v| v.to_string());
            return Err(FieldError::rule(format!(
                "{}; pycute's result breaks R(i) = A((B, B*)(i)): R({i}) = {} but A({x}) = {}",
                why.unwrap_or_else(|| format!("{title} is A ∘ (B, B*)")),
                shown(result.call(i)),
                shown(self.a().call(x))
            )));
        }
        Ok(())
    }

    /// The size a composing operation's result has when pycute does not truncate.
    fn expected_size(&self) -> Option<i64> {
        match (self.op(), self.b()) {
            (Operation::Composition, Operand::Tiler(tiler)) => {
                let identity = Layout::compact(self.a().shape().clone()).ok()?;
                algebra::composition_tiler(&identity, tiler)
                    .ok()?
                    .size()
                    .ok()
            }
            (op, Operand::Tiler(tiler)) if op.is_divide() => {
                self.divide_index(tiler).ok()?.index().size().ok()
            }
            (op, _) if op.is_product() => self.product_index().ok()?.copy().size().ok(),
            _ => None,
        }
    }

    /// Where the elements of the divide `op(A, tiler)` come from.
    fn divide_index(&self, tiler: &Tiler) -> Result<DivideIndex, LayoutError> {
        let divide = self
            .op()
            .with_tiler()
            .ok_or_else(|| not_an_operation("a divide"))?;
        DivideIndex::new(self.a(), tiler, divide)
    }

    /// Where the elements of the product `op(A, B)` come from.
    fn product_index(&self) -> Result<ProductIndex, LayoutError> {
        let b = match (self.b(), self.op().with_tiler(), self.op().with_layout()) {
            (Operand::Tiler(tiler), Some(run), _) => ProductOperand::Tiler(tiler, run),
            (Operand::Layout(b), _, Some(run)) => ProductOperand::Layout(b, run),
            _ => return Err(not_an_operation("a product")),
        };
        ProductIndex::new(self.a(), b)
    }
}

/// The engine's error for an operation that is not the kind asked for.
fn not_an_operation(kind: &str) -> LayoutError {
    LayoutError::BadArgument {
        op: "layout algebra",
        arg: String::new(),
        expected: kind.to_string(),
    }
}

/// A layout the algebra can run on: the product of its non-zero sizes fits in 64 bits, so
/// no modes the engine merges can overflow.
pub(super) fn usable(layout: &Layout, name: &str) -> Result<(), FieldError> {
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
        Err(FieldError::rule(format!(
            "{name}: its size does not fit in 64 bits"
        )))
    }
}

/// Why `op` runs on no B of the kind it has.
fn needs_b(op: Operation) -> FieldError {
    FieldError::rule(format!(
        "{} needs B to be {}",
        op.title(),
        op.operand().hint()
    ))
}
