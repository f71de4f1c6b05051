//! Rewriting an expression under the ranges the clauses imply (`uop_given_valid`'s core).

use crate::engine::arith::floor_div;
use crate::engine::expr::{BinOp, ExprArena, ExprId, Node};
use crate::engine::simplify::given_valid::implied::{form_range, Implied};
use crate::engine::simplify::linear::{
    add_scaled, binary, build_linear, expand_divisions, expand_multiples, factor_with, factors,
    linear_of, nonneg, replace_term, split_factor, Linear,
};
use crate::engine::simplify::rebuild;
use crate::engine::simplify::rules::compare::common_factor_bound;
use crate::engine::simplify::rules::div::{
    div_negated_linear, div_split_constant_linear, div_split_linear, fold_shifted_div,
};
use crate::engine::simplify::rules::modulo::{
    mod_gcd, mod_of_split_quotient_if, mod_reduce_linear_if, open_inner_mods, residue_sum,
    signed_shift,
};
use std::collections::HashMap;

/// `id` with every variable re-bounded to the ranges known to hold (and only those: what an
/// earlier `assume` put in is taken out), and every sub-expression that they pin to one value
/// replaced by that value. Ranges are carried up through sums, multiples and `//`, with what the
/// clauses state of their left-hand sides and imply on linear forms ([`form_range`]); a `%` they
/// keep in one period is dropped (its range carried as the difference it becomes), and a
/// comparison they decide is folded.
pub(crate) fn assume(arena: &mut ExprArena, id: ExprId, implied: &Implied) -> ExprId {
    assume_with(arena, id, implied, InPeriod::Merging, false).0
}

/// How `assume` weighs a remainder in one period, `a - q·m`, against `a` reduced mod `m`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum InPeriod {
    /// The constant of `a - q·m` is not counted: it merges into the sum or comparison around.
    Merging,
    /// It is counted: nothing may be there to merge with.
    Counted,
}

/// [`assume`] weighing remainders in one period as `in_period` says; also whether the other
/// way would have chosen differently somewhere.
pub(crate) fn assume_with(
    arena: &mut ExprArena,
    id: ExprId,
    implied: &Implied,
    in_period: InPeriod,
    fold_shifted: bool,
) -> (ExprId, bool, bool) {
    struct Assume<'a> {
        implied: &'a Implied,
        in_period: InPeriod,
        /// Whether `div-of-shifted-div` may read the clauses, and whether it did.
        fold_shifted: bool,
        folded: bool,
        /// Whether the other [`InPeriod`] would have chosen differently somewhere.
        contested: bool,
        memo: HashMap<ExprId, ExprId>,
        /// Ranges of rebuilt nodes tighter than their bounds.
        tight: HashMap<ExprId, (i64, i64)>,
    }
    impl Assume<'_> {
        fn range(&self, arena: &ExprArena, id: ExprId) -> (i64, i64) {
            self.tight
                .get(&id)
                .copied()
                .unwrap_or_else(|| arena.bounds(id))
        }

        fn go(&mut self, arena: &mut ExprArena, id: ExprId) -> ExprId {
            if let Some(&done) = self.memo.get(&id) {
                return done;
            }
            let pinned = match self.implied.exprs.get(&id) {
                Some(&(low, high)) if low == high => Some(low),
                // `x % (g·n)` is `g·((s + q) % n) + r` (see `mod_gcd`), pinned with its residue
                _ if !self.implied.exprs.is_empty() => {
                    mod_gcd(arena, id).and_then(|(g, s, r)| match self.implied.exprs.get(&s) {
                        Some(&(low, high)) if low == high => g.checked_mul(low)?.checked_add(r),
                        _ => None,
                    })
                }
                _ => None,
            };
            if let Some(value) = pinned {
                let pinned = arena.constant(value);
                self.memo.insert(id, pinned);
                return pinned;
            }
            let result = match arena.node(id).clone() {
                Node::Const(_) | Node::Bool(_) => id,
                Node::Var(var) => {
                    let origin = arena.slot_origin(var);
                    match self.implied.slots.get(&arena.variable(var).slot) {
                        Some(&(min, max)) => arena.rebound(origin, min, max),
                        None => arena.var_node(origin),
                    }
                }
                Node::Not(a) => {
                    let a = self.go(arena, a);
                    arena.not(a)
                }
                Node::Binary(op, a, b) => {
                    let (a, b) = (self.go(arena, a), self.go(arena, b));
                    let rebuilt = rebuild(arena, op, a, b);
                    // as `Rule::fire`: nothing that may overflow where `rebuilt` does not
                    let result = Some(self.tighten(arena, rebuilt))
                        .filter(|&result| arena.exact(result))
                        .unwrap_or(rebuilt);
                    // a clause's left-hand side: its range as the clause states it
                    if let Some(&range) = self.implied.exprs.get(&id) {
                        self.narrow(arena, result, range);
                    }
                    result
                }
            };
            self.memo.insert(id, result);
            result
        }

        /// Records that `id` lies in `(l, h)` where the clauses hold, where that is tighter than
        /// what is known of it and not empty.
        fn narrow(&mut self, arena: &ExprArena, id: ExprId, (l, h): (i64, i64)) {
            let (low, high) = self.range(arena, id);
            let (l, h) = (l.max(low), h.min(high));
            if l <= h && (l, h) != (low, high) {
                self.tight.insert(id, (l, h));
            }
        }

        /// A linear form's range from its terms' tight ranges, and from the clauses on linear
        /// forms when it has two or more variables.
        fn plain_range(&self, arena: &ExprArena, form: &Linear) -> Option<(i64, i64)> {
            let (mut low, mut high) = (form.constant, form.constant);
            for &(atom, c) in &form.terms {
                let (l, h) = self.range(arena, atom);
                let (a, b) = (c.checked_mul(l)?, c.checked_mul(h)?);
                low = low.checked_add(a.min(b))?;
                high = high.checked_add(a.max(b))?;
            }
            if form.terms.len() > 1 {
                if let Some((l, h)) = form_range(arena, form, self.implied) {
                    (low, high) = (low.max(l), high.min(h));
                }
            }
            Some((low, high))
        }

        /// [`Self::plain_range`] and, for `c·(x // d) + c·a + k` with `x >= 0` (its only
        /// quotient), `c·⌊(d·a + x) / d⌋ + k` from the range of the one form `d·a + x`: the
        /// clauses may bound it where they bound neither part (`4·r + s <= 5` keeps
        /// `r + (r + s) // 3` in `[0, 1]`).
        fn linear_range(&self, arena: &ExprArena, form: &Linear) -> Option<(i64, i64)> {
            let (mut low, mut high) = self.plain_range(arena, form)?;
            if let Some((l, h)) = self.folded_range(arena, form) {
                (low, high) = (low.max(l), high.min(h));
            }
            Some((low, high))
        }

        /// The range of the folded form of [`Self::linear_range`], `None` where it does not apply.
        fn folded_range(&self, arena: &ExprArena, form: &Linear) -> Option<(i64, i64)> {
            let mut quotients = form
                .terms
                .iter()
                .enumerate()
                .filter_map(|(k, &(atom, c))| Some((k, binary(arena, atom, BinOp::Div)?, c)));
            let (index, (x, d), c) = quotients.next()?;
            if quotients.next().is_some() || form.terms.len() < 2 || self.range(arena, x).0 < 0 {
                return None;
            }
            // d·a + x, with a the other terms over c
            let mut inner = linear_of(arena, x)?;
            for (_, &(atom, coeff)) in form.terms.iter().enumerate().filter(|t| t.0 != index) {
                if coeff.checked_rem(c)? != 0 {
                    return None;
                }
                let a = Linear {
                    terms: vec![(atom, coeff.checked_div(c)?)],
                    constant: 0,
                };
                inner = add_scaled(&inner, &a, d)?;
            }
            let (l, h) = self.plain_range(arena, &inner)?;
            let (l, h) = (floor_div(l, d), floor_div(h, d));
            let (a, b) = (c.checked_mul(l)?, c.checked_mul(h)?);
            Some((
                a.min(b).checked_add(form.constant)?,
                a.max(b).checked_add(form.constant)?,
            ))
        }

        /// `div-common-factor` of `a // d` (`a >= 0` here) with the small part's tight range:
        /// `(2·(37 - q) + s) // 12` is `(37 - q) // 6` where the clauses keep `s` in `[0, 1]`.
        fn div_common_factor(
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
        fn lt_common_factor(
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
        fn mod_where_nonneg(
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
            let opened =
                open_inner_mods(arena, &plain, m).filter(|opened| {
                    let grows = plain.terms.iter().all(|&(atom, c)| {
                        match binary(arena, atom, BinOp::Mod) {
                            Some((y, k)) if k % m == 0 => c > 0 && self.nonneg(arena, y),
                            _ => true,
                        }
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
                let reduced =
                    mod_reduce_linear_if(arena, &linear, m, |arena, r| self.nonneg(arena, r));
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
        fn mod_of_quotient(&self, arena: &mut ExprArena, a: ExprId, m: i64) -> Option<ExprId> {
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
        fn sum_of_quotients(
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

        /// The range of `a + b` or `a·b` (one of them a constant) from the tight ranges of `a`
        /// and `b`; `None` past i64.
        fn sum_range(
            &self,
            arena: &ExprArena,
            op: BinOp,
            a: ExprId,
            b: ExprId,
        ) -> Option<(i64, i64)> {
            let ((al, ah), (bl, bh)) = (self.range(arena, a), self.range(arena, b));
            match op {
                BinOp::Add => Some((al.checked_add(bl)?, ah.checked_add(bh)?)),
                // a multiple, the constant on either side
                _ if bl == bh || al == ah => {
                    let (k, (l, h)) = if bl == bh {
                        (bl, (al, ah))
                    } else {
                        (al, (bl, bh))
                    };
                    let (x, y) = (l.checked_mul(k)?, h.checked_mul(k)?);
                    Some((x.min(y), x.max(y)))
                }
                _ => None,
            }
        }

        /// The range of `id` from the tight ranges of its parts, however new the node.
        /// Whether `id >= 0` by its bounds or where the clauses hold.
        fn nonneg(&self, arena: &ExprArena, id: ExprId) -> bool {
            nonneg(arena, id) || self.deep_range(arena, id).0 >= 0
        }

        fn deep_range(&self, arena: &ExprArena, id: ExprId) -> (i64, i64) {
            let (low, high) = self.range(arena, id);
            let (l, h) = match *arena.node(id) {
                Node::Binary(BinOp::Add | BinOp::Mul, _, _) => {
                    let Some(form) = linear_of(arena, id) else {
                        return (low, high);
                    };
                    let mut range = Some((form.constant, form.constant));
                    for &(atom, c) in &form.terms {
                        // a product of two non-constants is its own atom: its range as known
                        let (l, h) = match atom == id {
                            true => (low, high),
                            false => self.deep_range(arena, atom),
                        };
                        range = range.and_then(|(lo, hi)| {
                            let (a, b) = (c.checked_mul(l)?, c.checked_mul(h)?);
                            Some((lo.checked_add(a.min(b))?, hi.checked_add(a.max(b))?))
                        });
                    }
                    range.unwrap_or((low, high))
                }
                Node::Binary(BinOp::Div, a, d) => {
                    match (arena.node(d), self.deep_range(arena, a)) {
                        (&Node::Const(d), (l, h)) if d > 0 && l >= 0 => (l / d, h / d),
                        _ => (low, high),
                    }
                }
                _ => (low, high),
            };
            (l.max(low), h.min(high))
        }

        /// `id` itself, or what its tighter range makes of it.
        fn tighten(&mut self, arena: &mut ExprArena, id: ExprId) -> ExprId {
            if self.implied.linear.is_empty() && self.tight.is_empty() {
                return id;
            }
            // what is already known of `id` (reached from another node) is kept
            let (low, high) = self.range(arena, id);
            let constant = |arena: &ExprArena, id: ExprId| match *arena.node(id) {
                Node::Const(c) => Some(c),
                _ => None,
            };
            let range = match *arena.node(id) {
                Node::Binary(BinOp::Div, a, d) => match constant(arena, d) {
                    Some(d) if d > 0 => {
                        let (l, h) = self.range(arena, a);
                        if l >= 0 {
                            if let Some(shorter) = self.div_common_factor(arena, id, a, d) {
                                return shorter;
                            }
                            // div-of-shifted-div where the clauses keep the inner numerator
                            // `>= 0`: `((y - 13) // 5 - 2) // 3` is `(y - 23) // 15`, y >= 23
                            let folded = match self.fold_shifted {
                                true => fold_shifted_div(arena, id, a, d, |arena, x| {
                                    self.nonneg(arena, x)
                                }),
                                false => None,
                            };
                            if let Some(shorter) = folded {
                                self.folded = true;
                                // the same values, so the same range
                                self.narrow(arena, shorter, (l / d, h / d));
                                return shorter;
                            }
                            // div-split (of the numerator or of its constant only) and
                            // div-negated where the clauses show the numerators `>= 0`, if not
                            // longer: the constant then merges into the sum around it
                            {
                                let split = linear_of(arena, a).and_then(|linear| {
                                    [
                                        div_split_linear(arena, &linear, d),
                                        div_split_constant_linear(arena, &linear, d, l),
                                        div_negated_linear(arena, &linear, d, h, false),
                                    ]
                                    .into_iter()
                                    .flatten()
                                    .min_by_key(|&s| arena.op_count(s))
                                });
                                if let Some(split) =
                                    split.filter(|&s| arena.op_count(s) <= arena.op_count(id))
                                {
                                    // the same values, so the same range
                                    let (low, high) = arena.bounds(split);
                                    let range = ((l / d).max(low), (h / d).min(high));
                                    if range != (low, high) {
                                        self.tight.insert(split, range);
                                    }
                                    return split;
                                }
                            }
                        }
                        (l >= 0).then(|| (l / d, h / d))
                    }
                    _ => None,
                },
                Node::Binary(BinOp::Mod, a, m) => match constant(arena, m) {
                    Some(m) if m > 0 => {
                        let (l, h) = self.range(arena, a);
                        if l >= 0 && l / m == h / m {
                            // in one period: `a % m` is `a - q·m`, unless reducing `a` mod
                            // `m` is shorter (`(450·x + s - 150) // 15 % 30`, in one period,
                            // is `(s + 300) // 15 % 30`)
                            let shift = arena.constant(-(l / m) * m);
                            let shifted = arena.add(a, shift);
                            // (a constant of `a - q·m` merges into the sum or comparison
                            // around it, so it is not counted)
                            let bare = match linear_of(arena, shifted) {
                                Some(form) if form.constant != 0 => {
                                    let terms = Linear {
                                        terms: form.terms,
                                        constant: 0,
                                    };
                                    build_linear(arena, &terms)
                                }
                                _ => shifted,
                            };
                            let reduced = self.mod_where_nonneg(arena, id, a, m);
                            let below = |arena: &ExprArena, than: ExprId| {
                                reduced.filter(|&r| arena.op_count(r) < arena.op_count(than))
                            };
                            let (merging, counted) = (below(arena, bare), below(arena, shifted));
                            self.contested |= merging != counted;
                            let shorter = match self.in_period {
                                InPeriod::Merging => merging,
                                InPeriod::Counted => counted,
                            };
                            let result = shorter.unwrap_or(shifted);
                            self.tight.insert(result, (l % m, h % m));
                            return result;
                        }
                        // mod-reduce and mod-signed where the clauses show `a >= 0`; else
                        // `%` is floor `mod` there, in `[0, m)`
                        if l >= 0 {
                            if let Some(shorter) = self.mod_where_nonneg(arena, id, a, m) {
                                return shorter;
                            }
                            Some((0, h.min(m - 1)))
                        } else {
                            None
                        }
                    }
                    _ => None,
                },
                Node::Binary(BinOp::Lt, a, c) => {
                    let Some(c) = constant(arena, c) else {
                        return id;
                    };
                    let (l, h) = self.range(arena, a);
                    if h < c || l >= c {
                        return arena.boolean(h < c);
                    }
                    if let Some(shorter) = self.lt_common_factor(arena, id, a, c) {
                        return shorter;
                    }
                    // lt-div where the range shows the numerator non-negative
                    if let Some((x, d)) = binary(arena, a, BinOp::Div) {
                        if let Some(cd) = c.checked_mul(d) {
                            if self.range(arena, x).0 >= 0 && !nonneg(arena, x) {
                                let bound = arena.constant(cd);
                                return arena.lt(x, bound);
                            }
                        }
                    }
                    None
                }
                Node::Binary(op @ (BinOp::Add | BinOp::Mul), a, b) => {
                    let form = linear_of(arena, id);
                    let range = form.as_ref().and_then(|f| self.linear_range(arena, f));
                    // the parts as written may carry ranges their atoms do not: a clause's
                    // sum plus a constant
                    let range = match (range, self.sum_range(arena, op, a, b)) {
                        (Some((l, h)), Some((sl, sh))) => Some((l.max(sl), h.min(sh))),
                        (range, parts) => range.or(parts),
                    };
                    // a sum the clauses pin folds below, before any split
                    let pinned = range.is_some_and(|(l, h)| l.max(low) == h.min(high));
                    let split = match (op, &form) {
                        (BinOp::Add, Some(form)) if !pinned => {
                            self.sum_of_quotients(arena, id, form)
                        }
                        _ => None,
                    };
                    if let Some(shorter) = split {
                        // the same values where the clauses hold, so the same range
                        if let Some(range) = range {
                            self.narrow(arena, shorter, range);
                        }
                        return shorter;
                    }
                    range
                }
                _ => None,
            };
            let Some((l, h)) = range else {
                return id;
            };
            let (l, h) = (l.max(low), h.min(high));
            if l == h {
                return arena.constant(l);
            }
            if l > h {
                // no point satisfies the clauses: leave the node as it is
                return id;
            }
            if (l, h) != (low, high) {
                self.tight.insert(id, (l, h));
            }
            id
        }
    }
    let mut state = Assume {
        implied,
        in_period,
        fold_shifted,
        folded: false,
        contested: false,
        memo: HashMap::new(),
        tight: HashMap::new(),
    };
    let result = state.go(arena, id);
    (result, state.contested, state.folded)
}
