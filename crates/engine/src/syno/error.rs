//! Why a chain step is rejected: the rule of Syno's shape and colour tables that fails, and where.

use std::fmt;

use crate::error::LayoutError;

/// A rule a chain step must satisfy. The shape and colour rules are rows of Syno's tables;
/// the others say what a step may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// A step names distinct dimensions of the current frontier, as many as the primitive takes;
    /// finishing names every frontier dimension exactly once.
    Frontier,
    /// Strides, windows, inner sizes and reduction sizes are positive.
    PositiveConstant,
    /// Shape table, `Share`: zips two dimensions of equal sizes.
    ShareSizes,
    /// Shape table, `Stride`: divides a dimension by a stride (coefficient).
    StrideDivides,
    /// Shape table, `Unfold`: eliminates a window dimension whose size is the kernel
    /// (all coefficients).
    UnfoldWindow,
    /// Shape table, `Split` forward / `Merge` backward: the inner size divides the size.
    SplitDivides,
    /// A primitive's constant equals the size of the dimension it describes (`Merge(n)` and
    /// `Split(n)`: the inner dimension; `MapReduce(r)`: the reduced one).
    SizeMatches,
    /// Colour table, `Share`: two input dimensions shall not have common colour.
    ShareDisjoint,
    /// Colour table, `Stride`: the input and output dimensions shall not have colour.
    StrideClear,
}

impl Rule {
    /// The rule's kebab-case name (`share-disjoint`), as messages and tests name it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Frontier => "frontier",
            Rule::PositiveConstant => "positive-constant",
            Rule::ShareSizes => "share-sizes",
            Rule::StrideDivides => "stride-divides",
            Rule::UnfoldWindow => "unfold-window",
            Rule::SplitDivides => "split-divides",
            Rule::SizeMatches => "size-matches",
            Rule::ShareDisjoint => "share-disjoint",
            Rule::StrideClear => "stride-clear",
        }
    }

    /// The rule in one line, in Syno's words where it has them.
    pub fn law(self) -> &'static str {
        match self {
            Rule::Frontier => {
                "a step names distinct current dimensions; finishing names each exactly once"
            }
            Rule::PositiveConstant => "strides, windows and sizes are positive",
            Rule::ShareSizes => "Share zips two dimensions of equal sizes",
            Rule::StrideDivides => "Stride divides a dimension by a stride (coefficient)",
            Rule::UnfoldWindow => {
                "Unfold eliminates a window dimension of kernel size (all coefficients)"
            }
            Rule::SplitDivides => "Split (forward) and Merge (backward) cut n·m into n and m",
            Rule::SizeMatches => "a primitive's constant is the size of the dimension it names",
            Rule::ShareDisjoint => "two input dimensions of Share shall not have common color",
            Rule::StrideClear => "the input and output dimensions of Stride shall not have color",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An error of the Syno chain builder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SynoError {
    /// Step `step` (0-based) breaks `rule`; `step == chain.steps().len()` for an error of the
    /// finishing assignment itself. A backward chain's colour rules fail only when the chain is
    /// finished, and then name the step that made the failing constraint.
    Rejected {
        /// The 0-based step, or the step count for the finishing assignment.
        step: usize,
        /// The rule broken.
        rule: Rule,
        /// What broke it, with the sizes or colours involved.
        detail: String,
    },
    /// Bad input outside any step (a start shape, bindings, an enumeration too large).
    Layout(LayoutError),
}

impl SynoError {
    pub(crate) fn rejected(step: usize, rule: Rule, detail: impl Into<String>) -> SynoError {
        SynoError::Rejected {
            step,
            rule,
            detail: detail.into(),
        }
    }

    /// The step and rule of a rejection.
    pub fn rule(&self) -> Option<(usize, Rule)> {
        match self {
            SynoError::Rejected { step, rule, .. } => Some((*step, *rule)),
            SynoError::Layout(_) => None,
        }
    }
}

impl fmt::Display for SynoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SynoError::Rejected { step, rule, detail } => {
                write!(f, "step {step}: {detail} ({}: {})", rule.name(), rule.law())
            }
            SynoError::Layout(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for SynoError {}

impl From<LayoutError> for SynoError {
    fn from(error: LayoutError) -> SynoError {
        SynoError::Layout(error)
    }
}
