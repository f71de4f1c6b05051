//! Syno's shape semantics: sizes of the new dimensions of a step, or the rule it breaks.

use super::error::{Rule, SynoError};
use super::primitive::Primitive;
use super::size::Size;

pub(crate) fn check_constants(index: usize, primitive: &Primitive) -> Result<(), SynoError> {
    let positive = match primitive {
        Primitive::Stride(c) | Primitive::Unfold(c) => *c >= 1,
        Primitive::Merge(n) | Primitive::Split(n) | Primitive::MapReduce(n) => n.is_positive(),
        Primitive::Share | Primitive::Shift(_) | Primitive::Reverse => true,
    };
    if positive {
        Ok(())
    } else {
        Err(SynoError::rejected(
            index,
            Rule::PositiveConstant,
            format!("{primitive} needs a positive constant"),
        ))
    }
}

fn same_size(
    index: usize,
    rule: Rule,
    what: &str,
    have: &Size,
    want: &Size,
) -> Result<(), SynoError> {
    if have == want {
        Ok(())
    } else {
        Err(SynoError::rejected(
            index,
            rule,
            format!("{what} has size {have}, expected {want}"),
        ))
    }
}

/// Bottom sizes from top sizes: the forward column of the shape table.
pub(crate) fn forward_sizes(
    index: usize,
    primitive: &Primitive,
    top: &[Size],
) -> Result<Vec<Size>, SynoError> {
    Ok(match (primitive, top) {
        (Primitive::Share, [a, b]) => {
            same_size(index, Rule::ShareSizes, "the second dimension", b, a)?;
            vec![a.clone()]
        }
        (Primitive::Stride(s), [a]) => vec![a.exact_div(&Size::new(*s)).ok_or_else(|| {
            SynoError::rejected(
                index,
                Rule::StrideDivides,
                format!("stride {s} does not divide {a}"),
            )
        })?],
        (Primitive::Unfold(k), [a]) => vec![a.clone(), Size::new(*k)],
        (Primitive::Merge(n), [a, b]) => {
            same_size(index, Rule::SizeMatches, "the inner dimension", b, n)?;
            vec![a.times(b)?]
        }
        (Primitive::Split(n), [a]) => {
            let outer = a.exact_div(n).ok_or_else(|| {
                SynoError::rejected(
                    index,
                    Rule::SplitDivides,
                    format!("{n} does not divide {a}"),
                )
            })?;
            vec![outer, n.clone()]
        }
        (Primitive::MapReduce(r), [a]) => {
            same_size(index, Rule::SizeMatches, "the reduced dimension", a, r)?;
            Vec::new()
        }
        (_, [a]) => vec![a.clone()],
        _ => Vec::new(),
    })
}

/// Top sizes from bottom sizes: the backward column of the shape table.
pub(crate) fn backward_sizes(
    index: usize,
    primitive: &Primitive,
    bottom: &[Size],
) -> Result<Vec<Size>, SynoError> {
    Ok(match (primitive, bottom) {
        (Primitive::Share, [d]) => vec![d.clone(), d.clone()],
        (Primitive::Stride(s), [d]) => vec![d.times(&Size::new(*s))?],
        (Primitive::Unfold(k), [i, j]) => {
            if j.as_coefficient() != Some(*k) {
                return Err(SynoError::rejected(
                    index,
                    Rule::UnfoldWindow,
                    format!("the window has size {j}, expected the coefficient {k}"),
                ));
            }
            vec![i.clone()]
        }
        (Primitive::Merge(n), [d]) => {
            let outer = d.exact_div(n).ok_or_else(|| {
                SynoError::rejected(
                    index,
                    Rule::SplitDivides,
                    format!("{n} does not divide {d}"),
                )
            })?;
            vec![outer, n.clone()]
        }
        (Primitive::Split(n), [i, j]) => {
            same_size(index, Rule::SizeMatches, "the inner dimension", j, n)?;
            vec![i.times(j)?]
        }
        (Primitive::MapReduce(r), []) => vec![r.clone()],
        (_, [d]) => vec![d.clone()],
        _ => Vec::new(),
    })
}
