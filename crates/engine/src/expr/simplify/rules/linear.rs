//! Sum rules: the linear normal form, and rules applied to the atoms of a sum.

use crate::expr::simplify::linear::{binary, build_linear, linear_of, replace_term};
use crate::expr::simplify::rules::div::{
    div_in_steps, div_negated, div_split, div_split_constant, div_split_multiples,
};
use crate::expr::simplify::rules::fit::affine_in_atoms_form;
use crate::expr::simplify::rules::modulo::mod_gcd_split;
use crate::expr::{BinOp, ExprArena, ExprId, Node};

pub(crate) fn linear_normal_form(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    if !matches!(arena.node(id), Node::Binary(BinOp::Add | BinOp::Mul, _, _)) {
        return None;
    }
    let linear = linear_of(arena, id)?;
    Some(build_linear(arena, &linear))
}

/// Rewrites division and remainder atoms of a sum with `div-split` (of the whole numerator, of
/// its constant, or of its terms that are multiples of the divisor), `div-negated`,
/// [`mod_gcd_split`] or `affine-in-atoms` when the whole sum gets shorter: their constant, sign
/// and factor then merge into the sum's own coefficients.
///
/// Its law in full: c·(x // d) + k = c·(q + r // d) + k   (div-split of the whole numerator, of its
/// constant or of its multiples of d, div-negated, a remainder's common factor taken out or
/// affine-in-atoms, inside a sum)
pub(crate) fn sum_of_quotients(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    rewrite_atoms(
        arena,
        id,
        &[
            div_split,
            div_split_constant,
            div_split_multiples,
            div_in_steps,
            div_negated,
            mod_gcd_split,
            affine_in_atoms_form,
        ],
        Pick::First,
    )
}

/// A rewrite of one node, as a rule's `apply`.
pub(crate) type Rewrite = fn(&mut ExprArena, ExprId) -> Option<ExprId>;

/// Which rewrite of a sum's atoms [`rewrite_atoms`] takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The first that makes the sum shorter.
    First,
    /// The one that makes it shortest (the first of those).
    Shortest,
}

/// The sum `id` with an atom that one of `rewrites` turns into a linear form making the sum
/// shorter than its normal form (which may be longer than `id` as written) replaced by that
/// form, merged into the sum's terms; which one, `pick` says.
pub(crate) fn rewrite_atoms(
    arena: &mut ExprArena,
    id: ExprId,
    rewrites: &[Rewrite],
    pick: Pick,
) -> Option<ExprId> {
    if !matches!(arena.node(id), Node::Binary(BinOp::Add | BinOp::Mul, _, _)) {
        return None;
    }
    let linear = linear_of(arena, id)?;
    let built = build_linear(arena, &linear);
    let mut best = (arena.op_count(built), None);
    for (index, &(atom, _)) in linear.terms.iter().enumerate() {
        for rewrite in rewrites {
            let Some(rebuilt) =
                rewrite(arena, atom).and_then(|a| replace_term(arena, &linear, index, a))
            else {
                continue;
            };
            if arena.op_count(rebuilt) < best.0 {
                best = (arena.op_count(rebuilt), Some(rebuilt));
                if pick == Pick::First {
                    return best.1;
                }
            }
        }
    }
    best.1
}

/// [`LAST_PASS`](super::LAST_PASS): a sum with one remainder atom written as
/// [`mod_as_difference`], where shorter.
pub(crate) fn sum_of_remainders(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    rewrite_atoms(arena, id, &[mod_as_difference], Pick::First)
}

/// `x % d` as `x - d·(x // d)` (truncating both): shorter inside a sum that already holds
/// `x // d`, whose coefficient absorbs `-d`.
fn mod_as_difference(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Mod)?;
    let q = arena.div(x, d);
    let minus_d = arena.constant(d.checked_neg()?);
    let scaled = arena.mul(q, minus_d);
    Some(arena.add(x, scaled))
}
