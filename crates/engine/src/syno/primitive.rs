//! The eight primitives, their arities and their access semantics on index expressions.

use std::fmt;

use super::size::Size;
use super::DimId;
use crate::expr::{ExprArena, ExprId};

/// A primitive with its constant, written `[top] -> [bottom]` as Syno writes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Primitive {
    /// `[i, i] -> [i]`.
    Share,
    /// `[i*s] -> [i]`.
    Stride(i64),
    /// `[i + j - k/2] -> [i, j]`: `j` is the window, of size `k`.
    Unfold(i64),
    /// `[i/n, i%n] -> [i]`.
    Merge(Size),
    /// `[i*n + j] -> [i, j]`: `j` has size `n`.
    Split(Size),
    /// `[i] -> []`: `i` is a reduction iterator of size `r`.
    MapReduce(Size),
    /// `[(i + d) % n] -> [i]`.
    Shift(i64),
    /// `[n - 1 - i] -> [i]`.
    Reverse,
}

impl Primitive {
    /// The primitive's name as Syno writes it (`Share`, `MapReduce`), without its constant.
    pub fn name(&self) -> &'static str {
        match self {
            Primitive::Share => "Share",
            Primitive::Stride(_) => "Stride",
            Primitive::Unfold(_) => "Unfold",
            Primitive::Merge(_) => "Merge",
            Primitive::Split(_) => "Split",
            Primitive::MapReduce(_) => "MapReduce",
            Primitive::Shift(_) => "Shift",
            Primitive::Reverse => "Reverse",
        }
    }

    /// Dimensions on the tensor (left, top) side: what a forward step names.
    pub fn top_arity(&self) -> usize {
        match self {
            Primitive::Share | Primitive::Merge(_) => 2,
            _ => 1,
        }
    }

    /// Dimensions on the iterator (right, bottom) side: what a backward step names.
    pub fn bottom_arity(&self) -> usize {
        match self {
            Primitive::Unfold(_) | Primitive::Split(_) => 2,
            Primitive::MapReduce(_) => 0,
            _ => 1,
        }
    }

    /// The access semantics with the constant filled in, e.g. `[i*2] -> [i]`.
    pub fn access_notation(&self) -> String {
        match self {
            Primitive::Share => "[i, i] -> [i]".into(),
            Primitive::Stride(s) => format!("[i*{s}] -> [i]"),
            Primitive::Unfold(k) => format!("[i + j - {k}/2] -> [i, j]"),
            Primitive::Merge(n) => format!("[i/{n}, i%{n}] -> [i]"),
            Primitive::Split(n) => format!("[i*{n} + j] -> [i, j]"),
            Primitive::MapReduce(_) => "[i] -> []".into(),
            Primitive::Shift(d) => format!("[(i + {d}) % n] -> [i]"),
            Primitive::Reverse => "[n - 1 - i] -> [i]".into(),
        }
    }
}

impl fmt::Display for Primitive {
    /// `Share`, `Stride(2)`, `Merge(4·H)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Primitive::Share | Primitive::Reverse => f.write_str(self.name()),
            Primitive::Stride(c) | Primitive::Unfold(c) | Primitive::Shift(c) => {
                write!(f, "{}({c})", self.name())
            }
            Primitive::Merge(n) | Primitive::Split(n) | Primitive::MapReduce(n) => {
                write!(f, "{}({n})", self.name())
            }
        }
    }
}

/// A primitive applied to named dimensions of a chain's frontier: the top ones in a forward
/// chain, the bottom ones in a backward chain (`Unfold` and `Split`: `[i, j]` in that order).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The primitive to apply.
    pub primitive: Primitive,
    /// The frontier dimensions it names: `top_arity` of them forward, `bottom_arity` backward.
    pub dims: Vec<DimId>,
}

impl Step {
    /// `primitive` applied to `dims`.
    pub fn new(primitive: Primitive, dims: &[DimId]) -> Step {
        Step {
            primitive,
            dims: dims.to_vec(),
        }
    }
}

/// A step as it sits in the graph, whichever direction built it: `top` are its left-hand
/// (tensor side) dimensions, `bottom` its right-hand (iterator side) ones, each in the order of
/// the primitive's notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AppliedStep {
    /// The primitive applied.
    pub primitive: Primitive,
    /// Its left-hand (tensor side) dimensions.
    pub top: Vec<DimId>,
    /// Its right-hand (iterator side) dimensions.
    pub bottom: Vec<DimId>,
}

/// An index expression with the condition under which it is read.
pub(crate) type Guarded = (ExprId, ExprId);

/// The top coordinates from the bottom ones: Syno's access semantics. `top_sizes` are the
/// bound sizes of the top dimensions; constants are bound (`inner` for Merge and Split).
pub(crate) fn top_from_bottom(
    arena: &mut ExprArena,
    primitive: &Primitive,
    bottom: &[Guarded],
    top_sizes: &[i64],
    inner: i64,
) -> Vec<Guarded> {
    match (primitive, bottom, top_sizes) {
        (Primitive::Share, &[(i, valid)], _) => vec![(i, valid), (i, valid)],
        (Primitive::Stride(s), &[(i, valid)], _) => {
            let s = arena.constant(*s);
            vec![(arena.mul(i, s), valid)]
        }
        (Primitive::Unfold(k), &[(i, valid_i), (j, valid_j)], &[n]) => {
            let sum = arena.add(i, j);
            let shift = arena.constant(-(k / 2));
            let index = arena.add(sum, shift);
            // Outside [0, n) Unfold reads padding, not the tensor.
            let zero = arena.constant(0);
            let below = arena.lt(index, zero);
            let at_least_zero = arena.not(below);
            let size = arena.constant(n);
            let below_size = arena.lt(index, size);
            let inside = arena.and(at_least_zero, below_size);
            let both = arena.and(valid_i, valid_j);
            vec![(index, arena.and(both, inside))]
        }
        (Primitive::Merge(_), &[(i, valid)], _) => {
            vec![(arena.div(i, inner), valid), (arena.rem(i, inner), valid)]
        }
        (Primitive::Split(_), &[(i, valid_i), (j, valid_j)], _) => {
            let n = arena.constant(inner);
            let outer = arena.mul(i, n);
            let valid = arena.and(valid_i, valid_j);
            vec![(arena.add(outer, j), valid)]
        }
        (Primitive::Shift(d), &[(i, valid)], &[n]) => {
            let d = d.rem_euclid(n);
            let offset = arena.constant(d);
            let moved = arena.add(i, offset);
            vec![(arena.rem(moved, n), valid)]
        }
        (Primitive::Reverse, &[(i, valid)], &[n]) => {
            let minus_one = arena.constant(-1);
            let negated = arena.mul(i, minus_one);
            let last = arena.constant(n - 1);
            vec![(arena.add(negated, last), valid)]
        }
        // MapReduce's top is a loop variable, made by the caller; arities are checked when a
        // step is applied, so no other shape reaches here.
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of the bottom iterators over `extents` gives the top coordinates
    /// `expect(bottom)` (`None`: padding), by Syno's access notation.
    #[track_caller]
    fn check(
        primitive: Primitive,
        extents: &[i64],
        top_sizes: &[i64],
        inner: i64,
        expect: impl Fn(&[i64]) -> Vec<Option<i64>>,
    ) {
        let mut arena = ExprArena::new();
        let truth = arena.boolean(true);
        let bottom: Vec<Guarded> = extents
            .iter()
            .enumerate()
            .map(|(k, &n)| (arena.var(&format!("b{k}"), 0, n - 1), truth))
            .collect();
        let top = top_from_bottom(&mut arena, &primitive, &bottom, top_sizes, inner);
        let count: i64 = extents.iter().product();
        for mut flat in 0..count {
            let mut env = vec![0; extents.len()];
            for (value, &n) in env.iter_mut().zip(extents).rev() {
                *value = flat % n;
                flat /= n;
            }
            let got: Vec<Option<i64>> = top
                .iter()
                .map(|&(idx, valid)| (arena.eval(valid, &env) != 0).then(|| arena.eval(idx, &env)))
                .collect();
            assert_eq!(got, expect(&env), "{primitive} at {env:?}");
        }
    }

    #[test]
    fn access_share() {
        check(Primitive::Share, &[4], &[4, 4], 1, |b| {
            vec![Some(b[0]), Some(b[0])]
        });
    }

    #[test]
    fn access_stride() {
        check(Primitive::Stride(3), &[4], &[12], 1, |b| {
            vec![Some(b[0] * 3)]
        });
    }

    #[test]
    fn access_unfold() {
        for k in [1, 2, 3, 4] {
            check(Primitive::Unfold(k), &[5, k], &[5], 1, |b| {
                let at = b[0] + b[1] - k / 2;
                vec![(0..5).contains(&at).then_some(at)]
            });
        }
    }

    #[test]
    fn access_merge() {
        let n = Size::new(4);
        check(Primitive::Merge(n), &[12], &[3, 4], 4, |b| {
            vec![Some(b[0] / 4), Some(b[0] % 4)]
        });
    }

    #[test]
    fn access_split() {
        check(Primitive::Split(Size::new(4)), &[3, 4], &[12], 4, |b| {
            vec![Some(b[0] * 4 + b[1])]
        });
    }

    #[test]
    fn access_map_reduce() {
        // `[i] -> []`: nothing below, the top is the reduction iterator the caller makes.
        check(Primitive::MapReduce(Size::new(3)), &[], &[3], 1, |_| vec![]);
    }

    #[test]
    fn access_shift() {
        for d in [-6, -1, 0, 2, 5, 11] {
            check(Primitive::Shift(d), &[5], &[5], 1, |b| {
                vec![Some((b[0] + d).rem_euclid(5))]
            });
        }
    }

    #[test]
    fn access_reverse() {
        check(Primitive::Reverse, &[5], &[5], 1, |b| {
            vec![Some(5 - 1 - b[0])]
        });
    }

    #[test]
    fn arities_and_notation() {
        let all = [
            (Primitive::Share, 2, 1, "[i, i] -> [i]"),
            (Primitive::Stride(2), 1, 1, "[i*2] -> [i]"),
            (Primitive::Unfold(3), 1, 2, "[i + j - 3/2] -> [i, j]"),
            (Primitive::Merge(Size::var("H")), 2, 1, "[i/H, i%H] -> [i]"),
            (Primitive::Split(Size::new(4)), 1, 2, "[i*4 + j] -> [i, j]"),
            (Primitive::MapReduce(Size::new(4)), 1, 0, "[i] -> []"),
            (Primitive::Shift(1), 1, 1, "[(i + 1) % n] -> [i]"),
            (Primitive::Reverse, 1, 1, "[n - 1 - i] -> [i]"),
        ];
        for (primitive, top, bottom, notation) in all {
            assert_eq!(
                (primitive.top_arity(), primitive.bottom_arity()),
                (top, bottom),
                "{primitive}"
            );
            assert_eq!(primitive.access_notation(), notation);
        }
    }
}
