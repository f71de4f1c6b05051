//! `idx` and `valid` expressions of a view, built as tinygrad's `View.to_indexed_uops` builds
//! them: `idx = Σ ridx_k·stride_k + offset` over dims with size != 1 and stride != 0, and
//! `valid = Π (ridx_k >= begin_k) · (ridx_k < end_k)` over the bounds that cut the dim.

use crate::expr::simplify::{simplify_indexing, Step, StopReason};
use crate::expr::{ExprArena, ExprId};
use crate::view::View;

/// `idx` and `valid` over the loop variables `ridx0..ridx{rank-1}`, simplified; `raw_idx` and
/// `raw_valid` are the expressions as built, `steps` the simplifier's rewrites between them.
#[derive(Clone, Debug)]
pub struct IndexExprs {
    /// The arena all four expressions live in; environment slot `k` is `ridx{k}`.
    pub arena: ExprArena,
    /// The element offset, simplified: `Σ ridx_k·stride_k + offset` where `valid` holds.
    pub idx: ExprId,
    /// The boolean over the loop variables that says whether the element is in the mask.
    pub valid: ExprId,
    /// `idx` as built, before simplification.
    pub raw_idx: ExprId,
    /// `valid` as built, before simplification.
    pub raw_valid: ExprId,
    /// The simplifier's rewrites from `raw_*` to `idx` / `valid`, in order.
    pub steps: Vec<Step>,
    /// Why the simplifier stopped.
    pub stop: StopReason,
}

impl IndexExprs {
    /// Row-major loop variables for `view.shape()`, then [`apply_view`], then simplified.
    pub fn of_view(view: &View) -> IndexExprs {
        let (arena, idx, valid) = Self::loop_over(view);
        Self::simplified(arena, idx, valid)
    }

    /// The unsimplified expressions of `view` over fresh loop variables.
    pub(crate) fn loop_over(view: &View) -> (ExprArena, ExprId, ExprId) {
        let mut arena = ExprArena::new();
        let idxs: Vec<ExprId> = view
            .shape()
            .iter()
            .enumerate()
            .map(|(k, &dim)| arena.var(&format!("ridx{k}"), 0, (dim - 1).max(0)))
            .collect();
        let valid = arena.boolean(true);
        let (idx, valid) = apply_view(&mut arena, view, &idxs, valid);
        (arena, idx, valid)
    }

    /// Runs the simplifier over built expressions.
    pub(crate) fn simplified(mut arena: ExprArena, idx: ExprId, valid: ExprId) -> IndexExprs {
        let result = simplify_indexing(&mut arena, idx, valid);
        IndexExprs {
            arena,
            idx: result.idx,
            valid: result.valid,
            raw_idx: idx,
            raw_valid: valid,
            steps: result.steps,
            stop: result.stop,
        }
    }

    /// `(offset, valid)` at one assignment of the loop variables.
    pub fn eval(&self, env: &[i64]) -> (i64, bool) {
        (
            self.arena.eval(self.idx, env),
            self.arena.eval(self.valid, env) != 0,
        )
    }
}

/// `(idx, valid)` of `view` applied to the index expressions `idxs` (one per dim), and-ed onto
/// an incoming `valid`.
pub fn apply_view(
    arena: &mut ExprArena,
    view: &View,
    idxs: &[ExprId],
    valid: ExprId,
) -> (ExprId, ExprId) {
    debug_assert_eq!(idxs.len(), view.rank());
    let mut idx = arena.constant(0);
    let mut valid = valid;
    for (axis, (&i, (&dim, &stride))) in idxs
        .iter()
        .zip(view.shape().iter().zip(view.strides()))
        .enumerate()
    {
        if dim != 1 && stride != 0 {
            let s = arena.constant(stride);
            let term = arena.mul(i, s);
            idx = arena.add(idx, term);
        }
        if let Some(mask) = view.mask() {
            let (begin, end) = mask[axis];
            if begin != 0 {
                let b = arena.constant(begin);
                let below = arena.lt(i, b);
                let at_or_above = arena.not(below);
                valid = arena.and(valid, at_or_above);
            }
            if end != dim {
                let e = arena.constant(end);
                let below = arena.lt(i, e);
                valid = arena.and(valid, below);
            }
        }
    }
    let offset = arena.constant(view.offset());
    let idx = arena.add(idx, offset);
    (idx, valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_like_tinygrad() {
        let view = View::create(
            &[3, 2, 4, 2],
            None,
            30,
            Some(&[(2, 3), (0, 2), (0, 1), (0, 2)]),
        )
        .unwrap();
        let exprs = IndexExprs::of_view(&view);
        assert_eq!(
            exprs.arena.render_tinygrad(exprs.idx),
            "(((ridx1*8)+ridx3)+62)"
        );
        assert_eq!(
            exprs.arena.render_tinygrad(exprs.valid),
            "(((ridx0<2)!=True)&(ridx2<1))"
        );
        assert_eq!(
            exprs.arena.render_readable(exprs.idx),
            "ridx1*8 + ridx3 + 62"
        );
    }
}
