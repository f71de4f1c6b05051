//! The operations of the workbench and what their second operand B is, as the user picks and
//! types them: the URL slug, title and law of each operation, and B parsed by its kind.

use std::str::FromStr;

use engine::cute::pycute::algebra;
use engine::cute::pycute::tiles::{self, LayoutOp, TilerOp};
use engine::cute::{
    parse_profile, parse_tiler, profile_notation, tiler_notation, IntTuple, Layout, Notation, Tiler,
};

use super::{usable, MAX_CHARS};
use crate::state::field::FieldError;

/// One operation of the layout algebra, with pycute's (CUTLASS 4.2) semantics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// `coalesce(A)`: fewest modes, the same function.
    Coalesce,
    /// `coalesce(A, profile)`: each mode the profile names coalesced on its own.
    CoalesceByMode,
    /// `filter(A)`: coalesced, without stride-0 and size-1 modes.
    Filter,
    /// `complement(A, M)`: the layout filling the gaps of A's image up to `M`.
    Complement,
    /// `composition(A, B)`: `R(i) = A(B(i))`.
    Composition,
    /// `left_inverse(A)`: `R(A(i)) = i`.
    LeftInverse,
    /// `right_inverse(A)`: `A(R(i)) = i`.
    RightInverse,
    /// `logical_divide(A, B) = A ∘ (B, B*)`: `(tile, rest)` per mode.
    LogicalDivide,
    /// `zipped_divide(A, B)`: `((tile modes), (rest modes))`.
    ZippedDivide,
    /// `tiled_divide(A, B)`: `((tile modes), rest0, rest1, …)`.
    TiledDivide,
    /// `flat_divide(A, B)`: `(tile0, tile1, …, rest0, rest1, …)`.
    FlatDivide,
    /// `logical_product(A, B) = (A, A* ∘ B)`.
    LogicalProduct,
    /// `zipped_product(A, B)`: `((A modes), (B modes))`.
    ZippedProduct,
    /// `tiled_product(A, B)`: `((A modes), B0, B1, …)`.
    TiledProduct,
    /// `flat_product(A, B)`: `(A0, A1, …, B0, B1, …)`.
    FlatProduct,
    /// `blocked_product(A, B)`: `((A0, B0), (A1, B1), …)`, B laid out by `A*`.
    BlockedProduct,
    /// `raked_product(A, B)`: `((B0, A0), (B1, A1), …)`, B laid out by `A*`.
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
    /// No B: the operation takes A alone.
    None,
    /// A profile such as `(_,_)`.
    Profile(IntTuple),
    /// Complement's codomain bound `M`, at least 1.
    Integer(i64),
    /// A layout (a blocked or raked product's B).
    Layout(Layout),
    /// A layout, or `<B0,B1,…>` with one tiler per mode.
    Tiler(Tiler),
}

impl Operation {
    /// Every operation, in the picker's order.
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

    /// The picker's title.
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

    /// The names of A and B beside their fields: for a composition which one is applied first
    /// (the Morphisms walkthrough names them the same way).
    pub fn operand_names(self) -> (&'static str, &'static str) {
        match self {
            Operation::Composition => (
                "A, the outer layout (applied second)",
                "B, the inner layout (applied first)",
            ),
            _ => ("A", "B"),
        }
    }

    /// What the operation takes as B.
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

    pub(super) fn is_divide(self) -> bool {
        matches!(
            self,
            Operation::LogicalDivide
                | Operation::ZippedDivide
                | Operation::TiledDivide
                | Operation::FlatDivide
        )
    }

    pub(super) fn is_product(self) -> bool {
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
    pub(super) fn with_tiler(self) -> Option<TilerOp> {
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
    pub(super) fn with_layout(self) -> Option<LayoutOp> {
        match self {
            Operation::BlockedProduct => Some(algebra::blocked_product),
            Operation::RakedProduct => Some(algebra::raked_product),
            _ => None,
        }
    }
}

impl FromStr for Operation {
    type Err = FieldError;

    /// The operation whose [`Operation::as_str`] is `slug`.
    fn from_str(slug: &str) -> Result<Operation, FieldError> {
        Operation::ALL
            .into_iter()
            .find(|op| op.as_str() == slug)
            .ok_or_else(|| {
                let shown: String = slug.chars().take(40).collect();
                FieldError::rule(format!("unknown operation “{shown}”"))
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
    pub fn parse(kind: OperandKind, text: &str) -> Result<Operand, FieldError> {
        if text.chars().count() > MAX_CHARS {
            return Err(FieldError::rule(format!(
                "B: at most {MAX_CHARS} characters"
            )));
        }
        match kind {
            OperandKind::None => Ok(Operand::None),
            OperandKind::Profile => Ok(Operand::Profile(parse_profile(text)?)),
            OperandKind::Integer => match text.trim().parse::<i64>() {
                Ok(n) if n >= 1 => Ok(Operand::Integer(n)),
                _ => Err(FieldError::rule(format!("expected {}", kind.hint()))),
            },
            OperandKind::Layout => {
                let layout = Layout::parse(text)?;
                usable(&layout, "B")?;
                Ok(Operand::Layout(layout))
            }
            OperandKind::Tiler => {
                let tiler = parse_tiler(text)?;
                for (_, leaf) in tiles::tiler_leaves(&tiler) {
                    usable(&leaf, "B")?;
                }
                Ok(Operand::Tiler(tiler))
            }
        }
    }

    /// The kind [`Operand::parse`] read this operand as.
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
