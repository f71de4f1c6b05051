//! The Nest operations, each drawn beside the layout operation it models.

use crate::draw::diagram::Diagram;
use crate::state::field::FieldError;
use engine::cute::{pycute::algebra, Layout, Tiler};
use engine::morphism::{self, Morphism};
use engine::LayoutError;

/// Layouts up to this size are compared element by element with the morphism's layout.
const MAX_COMPARED: i64 = 1 << 16;

/// A Nest operation, drawn beside the layout operation it models.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MorphOp {
    /// `g ∘ f`, drawn by pasting `f` and `g` along the shared middle column.
    Compose,
    /// `coal(f)`, modelling `coalesce(L_f)`.
    Coalesce,
    /// `f^c`, modelling `complement(L_f, cosize(f))`.
    Complement,
    /// `f ⊘ g`, modelling `logical_divide(L_f, L_g)`.
    LogicalDivide,
    /// `f ⊗ g`, modelling `logical_product(L_f, L_g)`.
    LogicalProduct,
}

impl MorphOp {
    /// Every operation, in the picker's order.
    pub const ALL: [MorphOp; 5] = [
        MorphOp::Compose,
        MorphOp::Coalesce,
        MorphOp::Complement,
        MorphOp::LogicalDivide,
        MorphOp::LogicalProduct,
    ];

    /// The URL slug (`op=`).
    pub fn as_str(self) -> &'static str {
        match self {
            MorphOp::Compose => "compose",
            MorphOp::Coalesce => "coalesce",
            MorphOp::Complement => "complement",
            MorphOp::LogicalDivide => "logical_divide",
            MorphOp::LogicalProduct => "logical_product",
        }
    }

    /// The picker's title.
    pub fn title(self) -> &'static str {
        match self {
            MorphOp::Compose => "composition g ∘ f",
            MorphOp::Coalesce => "coalesce coal(f)",
            MorphOp::Complement => "complement f^c",
            MorphOp::LogicalDivide => "logical division f ⊘ g",
            MorphOp::LogicalProduct => "logical product f ⊗ g",
        }
    }

    /// The value a slug names; `None` for any other.
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
    /// The operation's result, a morphism.
    pub result: Morphism,
    /// What is drawn, in order: for composition `f` and `g` pasted; for a divide or a
    /// product `g` (`f` is the editor's); for a coalesce `f` with each leaf coloured as the
    /// result entry it collapses into; then the result.
    pub figures: Vec<Figure>,
    /// `L_result`.
    pub layout: Layout,
    /// The layout operation on `L_f` (and `L_g`), in CuTe's semantics, and its text.
    pub layout_op: String,
    /// The layout operation's result, or why CuTe refuses it.
    pub layout_result: Result<Layout, LayoutError>,
    /// Whether `L_result` and the layout operation's result are the same function.
    pub agree: Result<bool, FieldError>,
}

/// A drawn arrow diagram with its caption and the stem of its test ids and file names.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// The stem of its test ids and file names: `pasted`, `g`, `f`, `result`, `walk`.
    pub id: &'static str,
    /// The caption under it (empty in the walkthrough).
    pub caption: &'static str,
    /// The diagram drawn.
    pub diagram: Diagram,
}

impl Figure {
    /// The pasted diagram of a chain of composable morphisms (one morphism: its diagram).
    pub(super) fn of(
        id: &'static str,
        caption: &'static str,
        chain: &[&Morphism],
    ) -> Option<Figure> {
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
fn same_function(a: &Layout, b: &Layout) -> Result<bool, FieldError> {
    let size = a.size()?;
    if size != b.size()? {
        return Ok(false);
    }
    if size > MAX_COMPARED {
        return Err(FieldError::rule(format!(
            "{size} elements, too many to compare"
        )));
    }
    for i in 0..size {
        if a.call(i)? != b.call(i)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Runs `op` on `f` (and `g`).
///
/// # Errors
/// Why the operation is not defined for these operands.
pub fn run_op(op: MorphOp, f: &Morphism, g: &Morphism) -> Result<OpResult, LayoutError> {
    let lf = f.layout()?;
    let lg = g.layout()?;
    let (result, layout_op, layout_result) = match op {
        MorphOp::Compose => (
            morphism::compose(f, g)?,
            format!("composition(L_g, L_f) = {lg} ∘ {lf}"),
            algebra::composition(&lg, &lf),
        ),
        MorphOp::Coalesce => (
            morphism::coalesce(f)?,
            format!("coalesce(L_f) = coalesce({lf})"),
            Ok(algebra::coalesce(&lf)),
        ),
        MorphOp::Complement => {
            let n = f.cosize()?;
            (
                morphism::complement(f)?,
                format!("complement(L_f, {n}) = complement({lf}, {n})"),
                algebra::complement(&lf, n),
            )
        }
        MorphOp::LogicalDivide => (
            morphism::logical_divide(f, g)?,
            format!("logical_divide(L_f, L_g) = {lf} ⊘ {lg}"),
            algebra::logical_divide(&lf, &Tiler::Layout(lg.clone())),
        ),
        MorphOp::LogicalProduct => (
            morphism::logical_product(f, g)?,
            format!("logical_product(L_f, L_g) = {lf} ⊗ {lg}"),
            algebra::logical_product(&lf, &Tiler::Layout(lg.clone())),
        ),
    };
    let layout = result.layout()?;
    let agree = match &layout_result {
        Ok(l) => same_function(&layout, l),
        Err(e) => Err(e.clone().into()),
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
