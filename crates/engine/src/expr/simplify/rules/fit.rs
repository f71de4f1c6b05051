//! Fitting rules: a form found from its values at every point of a small box.

use crate::expr::simplify::linear::{
    add_scaled, binary, build_linear, integer_with_division, linear_of, Linear,
};
use crate::expr::simplify::points::{
    next_point, small_box, small_enough, SlotRange, AFFINE_CHECK_POINTS,
};
use crate::expr::simplify::rules::fit_form::values_over_form;
use crate::expr::simplify::rules::linear::{rewrite_atoms, Pick, Rewrite};
use crate::expr::simplify::variables_in;
use crate::expr::{BinOp, ExprArena, ExprId, Node, VarId};

/// A sub-expression with `//` or `%` that is affine on the box of its variables' ranges
/// (checked at every point) is that affine form.
pub(crate) fn affine_on_domain(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    if !integer_with_division(arena, id) {
        return None;
    }
    let (vars, ranges, mut env) = small_box(arena, id)?;
    let atoms: Vec<ExprId> = vars.iter().map(|&v| arena.var_node(v)).collect();
    let shared: &ExprArena = arena;
    let affine = affine_fit(&atoms, &ranges, &mut env, &mut |env| {
        Some(shared.eval(id, env))
    })?;
    Some(build_linear(arena, &affine))
}

/// An expression of one variable `x >= 0` with `//` or `%` as `α·((x + β) // δ) + γ` or
/// `α·((x + β) % δ) + γ` where that agrees at every value of `x` and is shorter, alone or as a
/// term of a sum: `(9·x // 2 % 5)·4 + 3` is `23 - 4·((x + 1) // 2)` for `x` in `[1, 10]`, and
/// so is it with `+ y` ([`LAST_FIT`](super::LAST_FIT)).
/// Both forms are read off the differences of consecutive values: a quotient steps by `α`
/// every `δ` values, a remainder rises by `α` and falls back by `α·(δ - 1)` every `δ` values.
///
/// Its law in full: f(x) = α·((x + β) // δ) + s·x + γ  (or α·((x + β) % δ) + γ)   when so at every
/// value of f's one variable x >= 0 (f alone or a term of a sum)
pub(crate) fn one_variable_fit(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    fit_or_fit_a_term(arena, id, fit_form)
}

/// `fit(id)` where shorter, or else the sum `id` with the term whose `fit` makes it shortest
/// (the fit's constant and factor merge into the sum's).
pub(crate) fn fit_or_fit_a_term(arena: &mut ExprArena, id: ExprId, fit: Rewrite) -> Option<ExprId> {
    if arena.op_count(id) > 3 {
        if let Some(fit) = fit(arena, id).filter(|&f| arena.op_count(f) < arena.op_count(id)) {
            return Some(fit);
        }
    }
    rewrite_atoms(arena, id, &[fit], Pick::Shortest)
}

/// A sum with its terms in one variable, two or more of them, replaced by the fit of their
/// sum where that makes the whole shorter: `-6·(c // 3) + c` is `(c + 3) % 6 - 3` for `c` in
/// `[0, 5]`, where neither term fits alone. So too the terms in the variables of a quotient's
/// or remainder's numerator, fitted over its linear form where their sum is a function of it
/// ([`fit_form_of`]).
///
/// Its law in full: Σ_{i in I} c_i·a_i(x) + s = f(x) + s   for f the one-variable-fit of the terms
/// in one variable x, or in one linear form x of several whose function they are, where the sum
/// gets shorter
pub(crate) fn fit_terms(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    if !matches!(arena.node(id), Node::Binary(BinOp::Add, _, _)) {
        return None;
    }
    let linear = linear_of(arena, id)?;
    let mut groups: Vec<(VarId, Vec<usize>)> = Vec::new();
    for (index, &(atom, _)) in linear.terms.iter().enumerate() {
        if let [var] = variables_in(arena, atom)[..] {
            match groups.iter_mut().find(|(v, _)| *v == var) {
                Some((_, members)) => members.push(index),
                None => groups.push((var, vec![index])),
            }
        }
    }
    let mut forms: Vec<(ExprId, Vec<usize>)> = Vec::new();
    for &(atom, _) in &linear.terms {
        let Some(form) = numerator_form(arena, atom) else {
            continue;
        };
        let vars = variables_in(arena, form);
        if vars.len() < 2 || forms.iter().any(|(f, _)| *f == form) {
            continue;
        }
        let members = (0..linear.terms.len())
            .filter(|&i| {
                variables_in(arena, linear.terms[i].0)
                    .iter()
                    .all(|v| vars.contains(v))
            })
            .collect();
        forms.push((form, members));
    }
    let built = build_linear(arena, &linear);
    let mut best = (arena.op_count(built), None);
    let groups = groups
        .into_iter()
        .map(|(_, members)| (None, members))
        .chain(
            forms
                .into_iter()
                .map(|(form, members)| (Some(form), members)),
        );
    for (form, members) in groups.filter(|(_, members)| members.len() > 1) {
        let (mut part, mut rest) = (Linear::default(), Linear::default());
        rest.constant = linear.constant;
        for (index, &term) in linear.terms.iter().enumerate() {
            match members.contains(&index) {
                true => part.terms.push(term),
                false => rest.terms.push(term),
            }
        }
        let part = build_linear(arena, &part);
        let fit = match form {
            None => fit_form(arena, part),
            Some(form) => fit_form_of(arena, part, form),
        };
        let Some(fit) = fit else {
            continue;
        };
        let Some(sum) = linear_of(arena, fit).and_then(|fit| add_scaled(&rest, &fit, 1)) else {
            continue;
        };
        let rebuilt = build_linear(arena, &sum);
        if arena.op_count(rebuilt) < best.0 {
            best = (arena.op_count(rebuilt), Some(rebuilt));
        }
    }
    best.1
}

/// The numerator of the quotient or remainder `id` as a linear form without its constant
/// (`3a + b` of `(3a + b + 2) // 4`); `None` for other nodes or a numerator that is not linear.
pub(crate) fn numerator_form(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let Node::Binary(BinOp::Div | BinOp::Mod, numerator, _) = *arena.node(id) else {
        return None;
    };
    let mut form = linear_of(arena, numerator)?;
    form.constant = 0;
    Some(build_linear(arena, &form))
}

/// The shortest form `α·((x + β) // δ) + s·x + γ` or `α·((x + β) % δ) + γ` of the expression `id` of
/// one variable `x >= 0` with a division, read off the differences of its consecutive values
/// and checked at every value; `None` where none fits.
fn fit_form(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    if !integer_with_division(arena, id) {
        return None;
    }
    let (vars, ranges, mut env) = small_box(arena, id)?;
    let ([var], [(slot, lo, hi)]) = (vars.as_slice(), ranges.as_slice()) else {
        return None;
    };
    let (x, slot, lo, hi) = (arena.var_node(*var), *slot, *lo, *hi);
    // (`x + β` below stays far from overflow)
    if lo < 0 || hi > i64::MAX / 2 {
        return None;
    }
    let values: Vec<i64> = (lo..=hi)
        .map(|v| {
            env[slot] = v;
            arena.eval(id, &env)
        })
        .collect();
    fit_values(arena, x, lo, &values)
}

/// Most moduli [`lt_fit_of_form`](super::fit_form::lt_fit_of_form) tries.
pub(crate) const FIT_MODULI: i64 = 64;

/// [`fit_form`] of an expression `id` whose value is a function of one linear form `x >= 0` of
/// two or more variables, at every point of their box, where `x` takes every value between its
/// least and greatest: `-6·((2a + b) // 3) + 2a + b` is `(2a + b + 3) % 6 - 3` for `2a + b` in
/// `[0, 5]`.
fn fit_form_of(arena: &mut ExprArena, id: ExprId, x: ExprId) -> Option<ExprId> {
    let (lo, values) = values_over_form(arena, id, x)?;
    let values: Option<Vec<i64>> = values.into_iter().collect();
    fit_values(arena, x, lo, &values?)
}

/// The shortest form of [`fit_form`] for `values`, those of the expression at `x = lo, lo + 1,
/// …`, written over `x` (its constant and `β` as one).
pub(crate) fn fit_values(
    arena: &mut ExprArena,
    x: ExprId,
    lo: i64,
    values: &[i64],
) -> Option<ExprId> {
    let hi = lo.checked_add(i64::try_from(values.len()).ok()? - 1)?;
    let mut diffs = Vec::with_capacity(values.len());
    for w in values.windows(2) {
        diffs.push(w[1].checked_sub(w[0])?);
    }
    let mut candidates = quotient_candidates(&diffs, lo)?;
    let alpha = diffs.iter().copied().min_by_key(|d| d.unsigned_abs())?;
    candidates.extend(remainder_candidate(&diffs, alpha));
    let mut best: Option<ExprId> = None;
    // forms without a slope first: on a tie they win, and their constant may merge into a sum
    crate::support::small_sort::sort_by_key(&mut candidates, |c| c.slope != 0);
    for candidate in candidates {
        let Some(period) = i64::try_from(candidate.period).ok().filter(|&d| d >= 2) else {
            continue;
        };
        // the step or fall after index `first`: x + 1 + β is a multiple of δ at x = lo + first
        let at = lo
            .checked_add(i64::try_from(candidate.first).ok()?)?
            .checked_add(1)?;
        let beta = (period - at % period) % period;
        let Some(gamma) = candidate.constant_to_fit(period, beta, lo, hi, values) else {
            continue;
        };
        let Some(form) = candidate.build(arena, x, period, beta, gamma) else {
            continue;
        };
        if best.is_none_or(|b| arena.op_count(form) < arena.op_count(b)) {
            best = Some(form);
        }
    }
    best
}

/// A form `α·((x + β) // δ) + s·x + γ` or `α·((x + β) % δ) + γ` that the differences of the
/// values suggest, before `β` and `γ` are found.
#[derive(Clone, Copy)]
struct Candidate {
    /// `BinOp::Div` or `BinOp::Mod`.
    op: BinOp,
    /// `δ`.
    period: usize,
    /// The index of the first step or fall.
    first: usize,
    /// `α`.
    alpha: i64,
    /// `s`, the slope of `x` beside the quotient (0 for a remainder).
    slope: i64,
}

/// The quotients the differences `diffs` of values from `x = lo` suggest: a quotient steps by
/// `α` every `δ` values over a slope, so the differences are the slope, and the slope plus
/// `α` at the steps (`6·x - 8·(x // 2)`); slope 0 first. `None` where a step overflows.
fn quotient_candidates(diffs: &[i64], lo: i64) -> Option<Vec<Candidate>> {
    let mut candidates = Vec::with_capacity(5);
    let mut slopes = vec![0];
    if let Some(&other) = diffs.iter().find(|&&d| d != diffs[0]) {
        if diffs.iter().all(|&d| d == diffs[0] || d == other) {
            slopes.extend([diffs[0], other].into_iter().filter(|&s| s != 0));
        }
    }
    for slope in slopes {
        let steps: Vec<usize> = (0..diffs.len()).filter(|&i| diffs[i] != slope).collect();
        let Some(&first) = steps.first() else {
            continue;
        };
        let alpha = diffs[first].checked_sub(slope)?;
        let quotient = |period| Candidate {
            op: BinOp::Div,
            period,
            first,
            alpha,
            slope,
        };
        match steps.get(1) {
            Some(&next) => candidates.push(quotient(next - first)),
            None => {
                // one step: any δ that puts no other in the range; the step's own position
                // saves the `+ β` where it is one
                let at = usize::try_from(lo).ok()? + first + 1;
                for d in [(first + 1).max(diffs.len() - first), at] {
                    candidates.push(quotient(d));
                }
            }
        }
    }
    Some(candidates)
}

/// The remainder the differences `diffs` suggest, `alpha` the least of them in size: a
/// remainder rises by `α` and falls back by `α·(δ - 1)` every `δ` values.
fn remainder_candidate(diffs: &[i64], alpha: i64) -> Option<Candidate> {
    let first = diffs.iter().position(|&d| d != alpha)?;
    let fall = diffs[first];
    // (i64::MIN / -1 overflows: checked)
    if alpha == 0 || fall.checked_rem(alpha) != Some(0) {
        return None;
    }
    let d = fall.checked_div(alpha).and_then(|q| 1i64.checked_sub(q))?;
    let period = usize::try_from(d).ok()?;
    Some(Candidate {
        op: BinOp::Mod,
        period,
        first,
        alpha,
        slope: 0,
    })
}

impl Candidate {
    /// `γ` where the form with `period` and `beta` plus `γ` is `values` at every `x` from `lo`
    /// to `hi`; `None` where no constant makes it so, or an operation overflows.
    fn constant_to_fit(
        &self,
        period: i64,
        beta: i64,
        lo: i64,
        hi: i64,
        values: &[i64],
    ) -> Option<i64> {
        // (β may be near δ, which a remainder's fall may put near i64::MAX)
        let g = |v: i64| {
            let n = v.checked_add(beta)?;
            Some(match self.op {
                BinOp::Div => n / period,
                _ => n % period,
            })
        };
        let form = |v: i64| {
            self.alpha
                .checked_mul(g(v)?)?
                .checked_add(self.slope.checked_mul(v)?)
        };
        let gamma = form(lo).and_then(|a| values[0].checked_sub(a))?;
        let fits = (lo..=hi)
            .zip(values)
            .all(|(v, &f)| form(v).and_then(|a| a.checked_add(gamma)) == Some(f));
        fits.then_some(gamma)
    }

    /// The form written over `x`, `beta` merged into `x`'s own constant where it has one;
    /// `None` where that sum overflows.
    fn build(
        &self,
        arena: &mut ExprArena,
        x: ExprId,
        period: i64,
        beta: i64,
        gamma: i64,
    ) -> Option<ExprId> {
        let shifted = match linear_of(arena, x) {
            Some(mut form) if form.constant != 0 => {
                form.constant = form.constant.checked_add(beta)?;
                build_linear(arena, &form)
            }
            _ => {
                let shift = arena.constant(beta);
                arena.add(x, shift)
            }
        };
        let inner = match self.op {
            BinOp::Div => arena.div(shifted, period),
            _ => arena.rem(shifted, period),
        };
        let mut terms = vec![(inner, self.alpha)];
        if self.slope != 0 {
            terms.push((x, self.slope));
        }
        Some(build_linear(
            arena,
            &Linear {
                terms,
                constant: gamma,
            },
        ))
    }
}

/// `f` as `Σ s_k·atoms[k] + c` when it is affine on the box of `ranges` (the k-th atom's value
/// in `env[slot]`), checked at every point; `env` starts at the box's first point.
fn affine_fit(
    atoms: &[ExprId],
    ranges: &[SlotRange],
    env: &mut [i64],
    f: &mut dyn FnMut(&[i64]) -> Option<i64>,
) -> Option<Linear> {
    let base = f(env)?;
    let mut slopes = Vec::with_capacity(ranges.len());
    for &(slot, lo, hi) in ranges {
        if hi == lo {
            slopes.push(0);
            continue;
        }
        env[slot] = lo + 1;
        slopes.push(f(env)?.checked_sub(base)?);
        env[slot] = lo;
    }
    loop {
        let predicted = ranges
            .iter()
            .zip(&slopes)
            .try_fold(base, |acc, (&(slot, lo, _), &s)| {
                acc.checked_add(s.checked_mul(env[slot] - lo)?)
            })?;
        if f(env)? != predicted {
            return None;
        }
        if !next_point(env, ranges) {
            break;
        }
    }
    let mut affine = Linear {
        terms: Vec::new(),
        constant: base,
    };
    for ((&atom, &(_, lo, _)), &s) in atoms.iter().zip(ranges).zip(&slopes) {
        affine.constant = affine.constant.checked_sub(s.checked_mul(lo)?)?;
        if s != 0 {
            affine.terms.push((atom, s));
        }
    }
    Some(affine)
}

/// A quotient or remainder of a linear form over atoms that take few values (`x % 2`, `x // 4`
/// of a bounded `x`) which is affine on the box of those values is that affine form:
/// `((x % 2) + 2) % 3` is `2 - 2·(x % 2)` for `x >= 0`. The box holds every combination the
/// atoms reach, so the form agrees wherever the expression is evaluated; [`affine_on_domain`]
/// does the same over variables. Taken where shorter.
///
/// Its law in full: (Σ c_i·a_i + k) op m = f(lo) + Σ s_i·(a_i - lo_i)   for op // or %, when affine
/// on the box of the atoms' ranges
pub(crate) fn affine_in_atoms(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    affine_in_atoms_form(arena, id).filter(|&f| arena.op_count(f) < arena.op_count(id))
}

/// [`affine_in_atoms`] whatever its length (inside a sum its constant merges).
pub(crate) fn affine_in_atoms_form(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (op, (x, m)) = [BinOp::Div, BinOp::Mod]
        .into_iter()
        .find_map(|op| binary(arena, id, op).map(|p| (op, p)))?;
    let linear = linear_of(arena, x)?;
    if linear
        .terms
        .iter()
        .all(|&(a, _)| matches!(arena.node(a), Node::Var(_)))
    {
        return None;
    }
    let affine = affine_over_atoms(arena, &linear, op, m)?;
    Some(build_linear(arena, &affine))
}

/// `linear op m` (truncating) as a linear form in `linear`'s atoms where it is affine on the
/// box of their ranges, checked at every point of it.
pub(crate) fn affine_over_atoms(
    arena: &ExprArena,
    linear: &Linear,
    op: BinOp,
    m: i64,
) -> Option<Linear> {
    let ranges: Vec<SlotRange> = (linear.terms.iter().enumerate())
        .map(|(k, &(atom, _))| (k, arena.bounds(atom).0, arena.bounds(atom).1))
        .collect();
    // a bound at the end of i64 may be saturated, not a value the atom takes
    if ranges.iter().any(|r| r.1 == i64::MIN || r.2 == i64::MAX) {
        return None;
    }
    small_enough(&ranges, AFFINE_CHECK_POINTS)?;
    let atoms: Vec<ExprId> = linear.terms.iter().map(|t| t.0).collect();
    let mut values: Vec<i64> = ranges.iter().map(|r| r.1).collect();
    affine_fit(&atoms, &ranges, &mut values, &mut |values| {
        let n = linear
            .terms
            .iter()
            .zip(values)
            .try_fold(linear.constant, |acc, (&(_, c), &v)| {
                acc.checked_add(c.checked_mul(v)?)
            })?;
        if op == BinOp::Div {
            n.checked_div(m)
        } else {
            n.checked_rem(m)
        }
    })
}
