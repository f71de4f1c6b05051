//! Fits over one linear form of several variables: `pair-fit` and `lt-fit-of-form`.

use crate::expr::simplify::linear::{build_linear, integer_with_division, Linear};
use crate::expr::simplify::points::{box_within, next_point, AFFINE_CHECK_POINTS};
use crate::expr::simplify::rules::fit::{
    fit_or_fit_a_term, fit_values, numerator_form, FIT_MODULI,
};
use crate::expr::simplify::variables_in;
use crate::expr::{BinOp, ExprArena, ExprId, Node};

/// [`LAST_PAIR_FIT`](super::LAST_PAIR_FIT): [`fit_pair_form`] of `id`, or of a term of the sum `id`, where shorter.
///
/// Its law in full: f(a, b) = α·((u + β) // δ) + s·u + γ  (or α·((u + β) % δ) + γ)   for u = a +
/// k·b, |k| at most the number of values of a, when so at every point of the box of f's two
/// variables (f alone or a term of a sum)
pub(crate) fn pair_fit(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    fit_or_fit_a_term(arena, id, fit_pair_form)
}

/// Most points of the box [`fit_pair_form`] reads.
const PAIR_FIT_POINTS: i64 = 64;

/// [`fit_form`](super::fit::fit_form) of an expression of two variables `x` and `y` over a linear form `x + k·y`
/// that need not appear in it, for `k` from `-n` to `n` (`x` takes `n` values, so the form
/// takes every value between its least and greatest), either variable as `x`; the shortest:
/// `(b + (a + b + 1) // 2) % 3` is `(a - 3·b + 1) // 2` for `a` in `[2, 4]` and `b` in
/// `[0, 1]`, where `a - 3·b` appears nowhere.
pub(crate) fn fit_pair_form(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    if !integer_with_division(arena, id) {
        return None;
    }
    let (vars, ranges, mut env) = box_within(arena, &[id], PAIR_FIT_POINTS)?;
    let [_, _] = vars[..] else {
        return None;
    };
    // the value at each point, evaluated once for all the forms
    let mut points = Vec::new();
    loop {
        points.push([env[ranges[0].0], env[ranges[1].0], arena.eval(id, &env)]);
        if !next_point(&mut env, &ranges) {
            break;
        }
    }
    let mut best: Option<ExprId> = None;
    for x in 0..2 {
        // (the box is small, so its ranges' lengths fit)
        let n = ranges[x].2 - ranges[x].1 + 1;
        for k in (-n..=n).filter(|&k| k != 0) {
            let Some((lo, values)) = values_over_pair(&points, x, k) else {
                continue;
            };
            // the form from 0, as fit_values reads it
            let Some(constant) = lo.checked_neg() else {
                continue;
            };
            let form = Linear {
                terms: vec![
                    (arena.var_node(vars[x]), 1),
                    (arena.var_node(vars[1 - x]), k),
                ],
                constant,
            };
            let u = build_linear(arena, &form);
            let Some(fit) = fit_values(arena, u, 0, &values) else {
                continue;
            };
            if best.is_none_or(|b| arena.op_count(fit) < arena.op_count(b)) {
                best = Some(fit);
            }
        }
    }
    best
}

/// The values of [`fit_pair_form`]'s `points` (`[x, y, value]`, or `[y, x, value]` for
/// `x = 1`) at each value of `u = x + k·y` from its least, with that least; `None` where they
/// are no function of `u` (or `u` skips a value, which `|k|` at most `x`'s number of values
/// rules out).
fn values_over_pair(points: &[[i64; 3]], x: usize, k: i64) -> Option<(i64, Vec<i64>)> {
    let mut us = Vec::with_capacity(points.len());
    for p in points {
        us.push(k.checked_mul(p[1 - x])?.checked_add(p[x])?);
    }
    let lo = *us.iter().min()?;
    let span = us.iter().max()?.checked_sub(lo)?;
    let mut values = vec![None; usize::try_from(span).ok()?.checked_add(1)?];
    for (p, &u) in points.iter().zip(&us) {
        // (u - lo is in [0, span])
        record(&mut values, (u - lo) as usize, p[2])?;
    }
    Some((lo, values.into_iter().collect::<Option<Vec<i64>>>()?))
}

/// `value` written at `at` of a table of an expression's values by a form's value; `None` where
/// `at` is past its end or holds another value (the expression is no function of the form).
fn record(values: &mut [Option<i64>], at: usize, value: i64) -> Option<()> {
    match values.get_mut(at)? {
        Some(seen) if *seen != value => None,
        slot => {
            *slot = Some(value);
            Some(())
        }
    }
}

/// [`LAST_LT_FIT`](super::LAST_LT_FIT): a comparison whose truth is a function of one linear form `u >= 0` of two
/// or more variables (the numerator of a quotient or remainder in it, its constant left out)
/// at every point of their box, written as the shortest of `u < t`, `(u + k) % m < c` and
/// their negations that has that truth at each value `u` takes, where shorter:
/// `-3·((2a + b) // 3) + a < -1`, for `a` in `[0, 2]` and `b` in `[0, 1]`, is true where
/// `2a + b` is 3 of its values 0 to 5, so it is `(2a + b) % 4 >= 3`.
///
/// Its law in full: L < c  <=>  (u + k) % m < c' (or u < t, or either negated)   when the truth of
/// L < c is a function of one linear form u >= 0 of its variables on their box, where shorter
pub(crate) fn lt_fit_of_form(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let Node::Binary(BinOp::Lt, lhs, _) = *arena.node(id) else {
        return None;
    };
    let vars = variables_in(arena, id);
    let mut forms = Vec::new();
    let mut stack = vec![lhs];
    while let Some(node) = stack.pop() {
        match *arena.node(node) {
            Node::Binary(_, a, b) => {
                if let Some(form) = numerator_form(arena, node) {
                    let of = variables_in(arena, form);
                    if of.len() > 1 && vars.iter().all(|v| of.contains(v)) && !forms.contains(&form)
                    {
                        forms.push(form);
                    }
                }
                stack.extend([a, b]);
            }
            Node::Not(a) => stack.push(a),
            _ => {}
        }
    }
    let mut best: Option<ExprId> = None;
    for u in forms {
        let Some(truth) = truth_of_form(arena, id, u) else {
            continue;
        };
        let than = best.map_or(arena.op_count(id), |b| arena.op_count(b));
        let found = predicate_of(arena, u, &truth, than);
        if let Some(found) = found.filter(|&f| arena.op_count(f) < than) {
            best = Some(found);
        }
    }
    best
}

/// The truth of `id` at each value of the form `u` (from `u`'s least), `None` at values `u`
/// does not take on the box; `None` where `id` is no function of `u`, `u` may be negative or
/// the box is too large.
fn truth_of_form(arena: &ExprArena, id: ExprId, u: ExprId) -> Option<(i64, Vec<Option<bool>>)> {
    let (lo, values) = values_over_form(arena, id, u)?;
    Some((lo, values.into_iter().map(|v| v.map(|v| v != 0)).collect()))
}

/// The value of `id` at each value of the form `x` (from `x`'s least) over the box of their
/// variables, `None` at values `x` does not take there; `None` where `id` is no function of
/// `x`, `x` may be negative or the box is too large.
pub(crate) fn values_over_form(
    arena: &ExprArena,
    id: ExprId,
    x: ExprId,
) -> Option<(i64, Vec<Option<i64>>)> {
    let (_, ranges, mut env) = box_within(arena, &[id, x], AFFINE_CHECK_POINTS)?;
    let (lo, hi) = arena.bounds(x);
    if lo < 0 || hi > i64::MAX / 2 || hi - lo >= AFFINE_CHECK_POINTS {
        return None;
    }
    let mut values: Vec<Option<i64>> = vec![None; usize::try_from(hi - lo + 1).ok()?];
    loop {
        let at = usize::try_from(arena.eval(x, &env).checked_sub(lo)?).ok()?;
        record(&mut values, at, arena.eval(id, &env))?;
        if !next_point(&mut env, &ranges) {
            break;
        }
    }
    Some((lo, values))
}

/// The shortest predicate of `u` with the truth `cells` (from `u = lo`) at each value it
/// takes, of `u < t` and `(u + k) % m < c` for `m` up to [`FIT_MODULI`] and their negations;
/// `None` where none is, or none is shorter than `than` operations.
fn predicate_of(
    arena: &mut ExprArena,
    u: ExprId,
    (lo, cells): &(i64, Vec<Option<bool>>),
    than: usize,
) -> Option<ExprId> {
    let known = || {
        cells
            .iter()
            .zip(*lo..)
            .filter_map(|(cell, v)| Some((v, (*cell)?)))
    };
    // `(c, negated)` of the values true below `c` and false from it (or the other way), both
    // seen
    let split = |points: &mut dyn Iterator<Item = (i64, bool)>| {
        let (mut max_true, mut min_true) = (i64::MIN, i64::MAX);
        let (mut max_false, mut min_false) = (i64::MIN, i64::MAX);
        for (v, t) in points {
            if t {
                (max_true, min_true) = (max_true.max(v), min_true.min(v));
            } else {
                (max_false, min_false) = (max_false.max(v), min_false.min(v));
            }
        }
        if max_true == i64::MIN || max_false == i64::MIN {
            return None;
        }
        match (max_true < min_false, max_false < min_true) {
            (true, _) => Some((max_true + 1, false)),
            (_, true) => Some((max_false + 1, true)),
            _ => None,
        }
    };
    let base = arena.op_count(u) + 1;
    // (operations, shift and modulus if any, bound, negated)
    type Found = (usize, Option<(i64, i64)>, i64, bool);
    let mut best: Option<Found> = None;
    let mut consider = |ops: usize, shape: Option<(i64, i64)>, c: i64, negated: bool| {
        if ops < than && best.is_none_or(|b| ops < b.0) {
            best = Some((ops, shape, c, negated));
        }
    };
    if let Some((t, negated)) = split(&mut known()) {
        consider(base + usize::from(negated), None, t, negated);
    }
    let span = i64::try_from(cells.len()).ok()?;
    for m in 2..=span.min(FIT_MODULI) {
        // the truth of each residue class of `u`, `None` where two of its values differ
        let mut classes: Vec<Option<bool>> = vec![None; usize::try_from(m).ok()?];
        let mut consistent = true;
        for (v, t) in known() {
            let class = &mut classes[usize::try_from(v.rem_euclid(m)).ok()?];
            match *class {
                Some(seen) if seen != t => {
                    consistent = false;
                    break;
                }
                _ => *class = Some(t),
            }
        }
        if !consistent {
            continue;
        }
        for k in 0..m {
            let mut rotated = classes
                .iter()
                .zip(0..)
                .filter_map(|(class, r)| Some(((r + k) % m, (*class)?)));
            if let Some((c, negated)) = split(&mut rotated) {
                let ops = base + 1 + usize::from(k != 0) + usize::from(negated);
                consider(ops, Some((k, m)), c, negated);
            }
        }
    }
    let (_, shape, c, negated) = best?;
    let lhs = match shape {
        None => u,
        Some((k, m)) => {
            let shifted = match k {
                0 => u,
                _ => {
                    let k = arena.constant(k);
                    arena.add(u, k)
                }
            };
            arena.rem(shifted, m)
        }
    };
    let c = arena.constant(c);
    let lt = arena.lt(lhs, c);
    Some(match negated {
        true => arena.not(lt),
        false => lt,
    })
}
