//! Rules that [`Assume`] applies with the ranges the clauses imply, where their bounds alone
//! do not show the side conditions.

use crate::expr::simplify::given_valid::assume::Assume;
use crate::expr::simplify::linear::{
    binary, build_linear, expand_divisions, expand_multiples, factor_with, factors, linear_of,
    replace_term, split_factor, Linear,
};
use crate::expr::simplify::rules::compare::common_factor_bound;
use crate::expr::simplify::rules::div::{
    div_negated_linear, div_split_constant_linear, div_split_linear,
};
use crate::expr::simplify::rules::modulo::{
    mod_of_split_quotient_if, mod_reduce_linear_if, open_inner_mods, residue_sum, signed_shift,
};
use crate::expr::{BinOp, ExprArena, ExprId};

impl Assume<'_> {
    /// `div-common-factor` of `a // d` (`a >= 0` here) with the small part's tight range:
    /// `(2·(37 - q) + s) // 12` is `(37 - q) // 6` where the clauses keep `s` in `[0, 1]`.
    pub(super) fn div_common_factor(
        &self,
        arena: &mut ExprArena,
        id: ExprId,
        a: ExprId,
        d: i64,
    ) -> Option<ExprId> {
        let linear = linear_of(arena, a)?;
        for g in factors(&linear, Some(d)) {
            let (factored, small) = split_factor(&linear, g);
            let Some(range) = self.linear_range(arena, &small) else {
                continue;
            };
            if let Some(factored) = factor_with(&linear, g, factored, range) {
                let numerator = build_linear(arena, &factored);
                let result = arena.div(numerator, d / g);
                if arena.op_count(result) < arena.op_count(id) {
                    return Some(result);
                }
            }
        }
        None
    }

    /// `lt-common-factor` of `a < c` (`id`) with the small part's tight range, where
    /// shorter: `18·(x // 20) + x % 20 < 288` is `x // 20 < 16` where the clauses keep
    /// `x % 20` in `[0, 17]`.
    pub(super) fn lt_common_factor(
        &self,
        arena: &mut ExprArena,
        id: ExprId,
        a: ExprId,
        c: i64,
    ) -> Option<ExprId> {
        let mut linear = linear_of(arena, a)?;
        let bound = c.checked_sub(linear.constant)?;
        linear.constant = 0;
        for g in factors(&linear, None) {
            let (factored, small) = split_factor(&linear, g);
            let Some(range) = self.linear_range(arena, &small) else {
                continue;
            };
            if let Some(k) = common_factor_bound(g, bound, range) {
                let lhs = build_linear(arena, &factored);
                let bound = arena.constant(k);
                let result = arena.lt(lhs, bound);
                if arena.op_count(result) < arena.op_count(id) {
                    return Some(result);
                }
            }
        }
        None
    }

    /// `a % m` (`id`) for an `a` the clauses keep `>= 0`: its coefficients reduced by `m`
    /// (`mod-reduce`) or to their residues nearest zero where the clauses keep the result in
    /// `[0, m)` (`mod-signed`), of `a` as written or with its quotients split; the shortest
    /// where shorter. Both need `a >= 0` only for `%` to be floor `mod`.
    pub(super) fn mod_where_nonneg(
        &self,
        arena: &mut ExprArena,
        id: ExprId,
        a: ExprId,
        m: i64,
    ) -> Option<ExprId> {
        let plain = linear_of(arena, a)?;
        let expanded = expand_divisions(arena, &plain);
        let multiples = expand_multiples(arena, &plain);
        // mod-of-inner-mod where the clauses keep the opened numerator `>= 0`, or where
        // each opened `c·(y % k)` has `c > 0` and `y >= 0` (so `y >= y % k`, and the opened
        // numerator is at least `a`): `(6·q + (12·a + r) % 36 - 11) % 4` is
        // `(2·q + r + 1) % 4` where `(12·a + r) % 36 >= 11`
        let opened = open_inner_mods(arena, &plain, m).filter(|opened| {
            let grows =
                plain
                    .terms
                    .iter()
                    .all(|&(atom, c)| match binary(arena, atom, BinOp::Mod) {
                        Some((y, k)) if k % m == 0 => c > 0 && self.nonneg(arena, y),
                        _ => true,
                    });
            grows || {
                let numerator = build_linear(arena, opened);
                self.nonneg(arena, numerator)
            }
        });
        let mut best = id;
        for linear in [Some(plain), expanded, multiples, opened]
            .into_iter()
            .flatten()
        {
            let signed = residue_sum(arena, &linear, m).and_then(|sum| {
                let range = self.deep_range(arena, sum);
                signed_shift(arena, sum, range, linear.constant, m)
            });
            // the remainder's atoms may be `>= 0` only where the clauses hold: a
            // remainder of a numerator they keep `>= 0` (`(x - 2) % 6` for `x >= 2`)
            let reduced = mod_reduce_linear_if(arena, &linear, m, |arena, r| self.nonneg(arena, r));
            for candidate in [reduced, signed].into_iter().flatten() {
                if arena.op_count(candidate) < arena.op_count(best) {
                    best = candidate;
                }
            }
        }
        // `(y // d) % m` is `(y % (d·m)) // d`: `y`'s multiples of `d·m` go (`mod-reduce`),
        // where the clauses keep `y` and what is left `>= 0`; the `% m` goes too where what
        // is left stays in one period
        if let Some(candidate) = self.mod_of_quotient(arena, a, m) {
            if arena.op_count(candidate) < arena.op_count(best) {
                best = candidate;
            }
        }
        // tinygrad's split of the quotient, `(q' + r // d) % m`, where the clauses keep
        // `y` and `r` `>= 0`: `(-16·k + w + 32) // 8 % 3` is `(k + w // 8 + 1) % 3` where
        // they keep `w >= 0`
        let split = binary(arena, a, BinOp::Div)
            .filter(|&(y, _)| self.nonneg(arena, y))
            .and_then(|(y, d)| Some((linear_of(arena, y)?, d)))
            .and_then(|(y, d)| {
                mod_of_split_quotient_if(arena, &y, d, m, |arena, r| self.nonneg(arena, r))
            });
        if let Some(candidate) = split {
            if arena.op_count(candidate) < arena.op_count(best) {
                best = candidate;
            }
        }
        (best != id).then_some(best)
    }

    /// `(y // d + k) % m` (`a` is `y // d + k`, `k` maybe 0) as `((y + k·d) // d) % m` with
    /// the terms and constant of `y + k·d` that are multiples of `d·m` taken out, for `y`
    /// and the rest `>= 0` where the clauses hold (floor division moves `k` in); without
    /// the `% m` where the rest's quotient stays below `m`: `(10·q + s - 1) // 2 % 5` is
    /// `(s - 1) // 2` for `s` in `[1, 10]`.
    pub(super) fn mod_of_quotient(
        &self,
        arena: &mut ExprArena,
        a: ExprId,
        m: i64,
    ) -> Option<ExprId> {
        let outer = linear_of(arena, a)?;
        let [(quotient, 1)] = outer.terms[..] else {
            return None;
        };
        let (y, d) = binary(arena, quotient, BinOp::Div)?;
        if self.deep_range(arena, y).0 < 0 {
            return None;
        }
        let dm = d.checked_mul(m)?;
        let mut linear = linear_of(arena, y)?;
        linear.constant = linear
            .constant
            .checked_add(outer.constant.checked_mul(d)?)?;
        let before = linear.terms.len();
        linear.terms.retain(|&(_, c)| c % dm != 0);
        // the constant's residue mod `d·m`, the smaller one that keeps the rest `>= 0`
        let residue = linear.constant.rem_euclid(dm);
        let (rest, high) = [residue - dm, residue].into_iter().find_map(|constant| {
            let candidate = Linear {
                terms: linear.terms.clone(),
                constant,
            };
            let rest = build_linear(arena, &candidate);
            let (low, high) = self.deep_range(arena, rest);
            (low >= 0).then_some((rest, high))
        })?;
        let unchanged = build_linear(arena, &linear_of(arena, y)?);
        if linear.terms.len() == before && rest == unchanged {
            return None;
        }
        let quotient = arena.div(rest, d);
        Some(match high / d < m {
            true => quotient,
            false => arena.rem(quotient, m),
        })
    }

    /// `sum-of-quotients` where the clauses show a quotient's numerator `>= 0`: the sum
    /// `id` with one quotient split (whole, or as much of its constant as keeps the rest
    /// `>= 0`) or negated (`div-negated` of mixed signs), where the whole sum gets shorter;
    /// the quotient's constant and sign then merge into the sum's.
    pub(super) fn sum_of_quotients(
        &self,
        arena: &mut ExprArena,
        id: ExprId,
        linear: &Linear,
    ) -> Option<ExprId> {
        let length = arena.op_count(id);
        for (index, &(atom, _)) in linear.terms.iter().enumerate() {
            let Some((a, d)) = binary(arena, atom, BinOp::Div) else {
                continue;
            };
            let (l, h) = self.range(arena, a);
            let Some(numerator) = linear_of(arena, a).filter(|_| l >= 0) else {
                continue;
            };
            let candidates = [
                div_split_linear(arena, &numerator, d),
                div_split_constant_linear(arena, &numerator, d, l),
                div_negated_linear(arena, &numerator, d, h, false),
            ];
            for candidate in candidates.into_iter().flatten() {
                let Some(rebuilt) = replace_term(arena, linear, index, candidate) else {
                    continue;
                };
                if arena.op_count(rebuilt) < length {
                    return Some(rebuilt);
                }
            }
        }
        None
    }
}
