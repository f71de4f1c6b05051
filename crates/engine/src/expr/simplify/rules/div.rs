//! Division rules: quotients `x // d` split, folded, negated or divided by a common factor.

use crate::expr::simplify::linear::{
    add_scaled, binary, build_linear, expand_divisions, expand_multiples, factor_out, factors, gcd,
    linear_of, nonneg, replaced_term, split_by, split_multiples, Linear,
};
use crate::expr::simplify::rules::fit::affine_over_atoms;
use crate::expr::simplify::rules::linear::{linear_normal_form, rewrite_atoms, Pick};
use crate::expr::simplify::rules::modulo::mod_gcd_split;
use crate::expr::{BinOp, ExprArena, ExprId, Node};
use crate::support::arith::{ceil_div, floor_div, floor_mod};

/// Other terms of a sum taken into one of its quotients, where that is shorter:
/// `5·a + (2·a + b) // 6` is `(32·a + b) // 6`, and `-5·a - 5·((a + b) // 2)` is
/// `-5·((3·a + b) // 2)`. A quotient with coefficient `c` takes the terms whose coefficients
/// are multiples of `c` (all of them, or one), and the multiple of `c` in the constant or none
/// of it. With `b >= 0` and `d·A + b >= 0`, truncating division is floor division on both
/// sides, and `c·A + c·⌊b/d⌋ = c·⌊(d·A + b)/d⌋`.
pub(crate) fn div_fold(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    if !matches!(arena.node(id), Node::Binary(BinOp::Add, _, _)) {
        return None;
    }
    let linear = linear_of(arena, id)?;
    let mut best = (arena.op_count(id), None);
    for (index, &(atom, coeff)) in linear.terms.iter().enumerate() {
        let Some((b, d)) = binary(arena, atom, BinOp::Div) else {
            continue;
        };
        let Some(numerator) = linear_of(arena, b).filter(|_| nonneg(arena, b)) else {
            continue;
        };
        let mut rest = linear.clone();
        rest.terms.remove(index);
        let multiples: Vec<usize> = (0..rest.terms.len())
            .filter(|&k| rest.terms[k].1.checked_rem(coeff) == Some(0))
            .collect();
        // all the multiples, each alone, or none (the constant only); the first shortest wins
        let mut choices = Vec::new();
        if !multiples.is_empty() {
            let singles: Vec<Vec<usize>> = match multiples.len() {
                1 => Vec::new(),
                _ => multiples.iter().map(|&k| vec![k]).collect(),
            };
            choices.push(multiples);
            choices.extend(singles);
        }
        choices.push(Vec::new());
        for chosen in &choices {
            'candidate: for take_constant in [true, false] {
                let Some(taken) = (if take_constant {
                    rest.constant.checked_div(coeff)
                } else {
                    Some(0)
                }) else {
                    continue;
                };
                // the constant's remainder by `coeff`: |taken·coeff| <= |constant|, no overflow
                let left = rest.constant - taken * coeff;
                let mut inside = Linear {
                    terms: Vec::new(),
                    constant: taken,
                };
                let mut outside = Linear {
                    terms: Vec::new(),
                    constant: left,
                };
                for (k, &(a, c)) in rest.terms.iter().enumerate() {
                    if !chosen.contains(&k) {
                        outside.terms.push((a, c));
                    } else if let Some(q) = c.checked_div(coeff) {
                        // a multiple of `coeff`, so exact
                        inside.terms.push((a, q));
                    } else {
                        continue 'candidate;
                    }
                }
                if inside.terms.is_empty() && inside.constant == 0 {
                    continue;
                }
                let Some(folded) = add_scaled(&numerator, &inside, d) else {
                    continue;
                };
                let folded = build_linear(arena, &folded);
                if !nonneg(arena, folded) {
                    continue;
                }
                let quotient = arena.div(folded, d);
                outside.terms.push((quotient, coeff));
                let candidate = build_linear(arena, &outside);
                if arena.op_count(candidate) < best.0 {
                    best = (arena.op_count(candidate), Some(candidate));
                }
            }
        }
    }
    best.1
}

/// `(x // a) // d` is `x // (a·d)` for any `x` (`a, d > 0`): truncating division is odd in
/// `x`, and for `x >= 0`, `⌊⌊x/a⌋/d⌋ = ⌊x/(a·d)⌋`. (Were it only for `x >= 0`,
/// `(u - 1) // 5 // 2` would stay two operations to tinygrad's one where `u - 1` is `-1` at a
/// point `valid` leaves out.)
pub(crate) fn div_of_div(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (inner, d) = binary(arena, id, BinOp::Div)?;
    let (x, a) = binary(arena, inner, BinOp::Div)?;
    Some(arena.div(x, a.checked_mul(d)?))
}

/// `(x // a + L) // b` with `L` linear: one division instead of two, where that is shorter.
/// Floor division gives `⌊(⌊x/a⌋ + L)/b⌋ = ⌊⌊(x + a·L)/a⌋/b⌋ = ⌊(x + a·L)/(a·b)⌋`; with
/// `x >= 0` and the outer numerator `>= 0`, every numerator here is non-negative
/// (`x + a·L >= a·(x // a + L)`), so truncating division agrees.
pub(crate) fn div_of_shifted_div(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (numerator, b) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, numerator) {
        return None;
    }
    fold_shifted_div(arena, id, numerator, b, nonneg)
}

/// [`div_of_shifted_div`] of `id = numerator // b`, `numerator >= 0`, where `nonneg` shows the
/// inner quotient's numerator `>= 0` (inside `assume`, the clauses may show it where the bounds
/// do not).
pub(crate) fn fold_shifted_div(
    arena: &mut ExprArena,
    id: ExprId,
    numerator: ExprId,
    b: i64,
    nonneg: impl Fn(&ExprArena, ExprId) -> bool,
) -> Option<ExprId> {
    let linear = linear_of(arena, numerator)?;
    if linear.terms.len() < 2 && linear.constant == 0 {
        return None; // a lone quotient: div-of-div
    }
    let (index, x, a) = linear
        .terms
        .iter()
        .enumerate()
        .find_map(|(k, &(term, c))| {
            let (x, a) = binary(arena, term, BinOp::Div)?;
            (c == 1 && nonneg(arena, x)).then_some((k, x, a))
        })?;
    let mut rest = linear;
    rest.terms.remove(index);
    let folded = add_scaled(&linear_of(arena, x)?, &rest, a)?;
    let inner = build_linear(arena, &folded);
    // scaled by `a`, the numerator may pass i64 where the quotient's sum did not
    if !arena.exact(inner) {
        return None;
    }
    let result = arena.div(inner, a.checked_mul(b)?);
    (arena.op_count(result) < arena.op_count(id)).then_some(result)
}

pub(crate) fn div_gcd(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, x) {
        return None;
    }
    let linear = linear_of(arena, x)?;
    let g = linear.terms.iter().fold(d, |g, &(_, c)| gcd(g, c));
    if g <= 1 {
        return None;
    }
    let reduced = Linear {
        terms: linear.terms.iter().map(|&(a, c)| (a, c / g)).collect(),
        constant: floor_div(linear.constant, g),
    };
    let numerator = build_linear(arena, &reduced);
    Some(arena.div(numerator, d / g))
}

pub(crate) fn div_split(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, x) {
        return None;
    }
    div_split_linear(arena, &linear_of(arena, x)?, d)
}

/// [`div_split`] of `linear // d` for a `linear` known to be `>= 0`.
pub(crate) fn div_split_linear(arena: &mut ExprArena, linear: &Linear, d: i64) -> Option<ExprId> {
    let (quotient, remainder) = split_by(linear, d);
    split_quotient(arena, linear, quotient, remainder, d)
}

/// `q + r // d` for `linear = d·q + r` (`linear // d` with `linear >= 0`), with whole multiples
/// of `d` borrowed from `q` until `r >= 0`, so that both divisions are floor divisions; `None`
/// where `r` is all of `linear`.
fn split_quotient(
    arena: &mut ExprArena,
    linear: &Linear,
    mut quotient: Linear,
    mut remainder: Linear,
    d: i64,
) -> Option<ExprId> {
    let r = build_linear(arena, &remainder);
    let low = arena.bounds(r).0;
    if low < 0 {
        let k = ceil_div(low.checked_neg()?, d);
        remainder.constant = remainder.constant.checked_add(k.checked_mul(d)?)?;
        quotient.constant = quotient.constant.checked_sub(k)?;
    }
    if remainder == *linear {
        return None;
    }
    let r = build_linear(arena, &remainder);
    let q = build_linear(arena, &quotient);
    let r_div = arena.div(r, d);
    Some(arena.add(q, r_div))
}

/// `(x + c) // d` as `k + (x + r) // d` for `c = d·k + r` with `0 <= r < d`: only the
/// constant's whole multiples of `d` come out, where [`div_split`] takes the terms' too. With
/// `x + c >= 0` and `x + r >= 0` both divisions are floor divisions.
pub(crate) fn div_split_constant(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Div)?;
    let low = arena.bounds(x).0;
    if low < 0 {
        return None;
    }
    div_split_constant_linear(arena, &linear_of(arena, x)?, d, low)
}

/// [`div_split_constant`] of `linear // d` for a `linear` known to be at least `low >= 0`: as
/// many multiples of `d` come out as keep the rest `>= 0` (`x + 21` with `x >= -5` gives
/// `(x + 5) // 16 + 1`).
pub(crate) fn div_split_constant_linear(
    arena: &mut ExprArena,
    linear: &Linear,
    d: i64,
    low: i64,
) -> Option<ExprId> {
    let mut linear = linear.clone();
    let k = linear.constant.div_euclid(d).min(low.div_euclid(d));
    if k == 0 {
        return None;
    }
    linear.constant = linear.constant.checked_sub(k.checked_mul(d)?)?;
    let rest = build_linear(arena, &linear);
    let quotient = arena.div(rest, d);
    let k = arena.constant(k);
    Some(arena.add(quotient, k))
}

/// `(d·q + c + r) // d` as `q + k + (r + c') // d` for `c = d·k + c'` with `0 <= c' < d`: the
/// terms whose coefficients are multiples of `d` and the constant's whole multiples come out,
/// the other terms stay whole (where [`div_split`] splits every coefficient).
pub(crate) fn div_split_multiples(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, x) {
        return None;
    }
    let linear = linear_of(arena, x)?;
    let (outside, inside) = split_multiples(&linear, d);
    if outside.terms.is_empty() || inside.terms.is_empty() {
        return None; // the constant alone or every term: div-split-constant or div-split
    }
    split_quotient(arena, &linear, outside, inside, d)
}

/// `div-common-factor` of the numerator as written, with its quotients split into remainders
/// ([`expand_divisions`]), or into whole multiples ([`expand_multiples`]): only the second
/// leaves `-((55 - 18·a + 6·b + 2·c - d) // 9)` a small part in `[0, 2)` for `g = 2`.
///
/// Its law in full: (g·a + s) // (g·d) = a // d   for 0 <= s < g and the numerator >= 0 (its
/// quotients split first, into remainders or into whole multiples, where that finds g)
pub(crate) fn div_common_factor(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, x) {
        return None;
    }
    let plain = linear_of(arena, x)?;
    let expanded = expand_divisions(arena, &plain);
    let multiples = expand_multiples(arena, &plain);
    for linear in [Some(plain), expanded, multiples].into_iter().flatten() {
        for g in factors(&linear, Some(d)) {
            if let Some(factored) = factor_out(arena, &linear, g) {
                let numerator = build_linear(arena, &factored);
                return Some(arena.div(numerator, d / g));
            }
        }
    }
    None
}

/// A quotient whose numerator holds a remainder with a common factor (see [`mod_gcd`](super::modulo::mod_gcd)): the
/// remainder written as `g·((s + q) % n) + r` lets the division split, where that is shorter.
/// `((8·a + 4·b + 2·c) % 18) // 2` is `(4·a + 2·b + c) % 9`, and `((9·y + 6) % 72) // 3` is
/// `3·(y % 8) + 2`.
///
/// Its law in full: (x % (g·n) + s) // d = (g·((x // g) % n) + x % g + s) // d, split by d or its
/// common factor with g divided out   for x, s and the numerator >= 0, where shorter
pub(crate) fn div_of_mod_gcd(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, x) {
        return None;
    }
    let linear = linear_of(arena, x)?;
    let before = arena.op_count(id);
    for (index, &(atom, _)) in linear.terms.iter().enumerate() {
        let Some(split) = mod_gcd_split(arena, atom) else {
            continue;
        };
        let Some(numerator) = replaced_term(arena, &linear, index, split) else {
            continue;
        };
        // split by `d`, or `d`'s common factor with it divided out (`3·(y % 24) + 1` by 18
        // is `y % 24 // 6`)
        let split = div_split_linear(arena, &numerator, d);
        let built = build_linear(arena, &numerator);
        let quotient = arena.div(built, d);
        let factored = div_common_factor(arena, quotient);
        let found = [split, factored]
            .into_iter()
            .flatten()
            .min_by_key(|&found| arena.op_count(found))
            .filter(|&found| arena.op_count(found) < before);
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Its law in full: (k - p) // d = k // d - (p + d - 1 - k % d) // d   for p >= 0 and k - p >= 0, a
/// quotient in p then folded in (div-of-shifted-div) where shorter
pub(crate) fn div_negated(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, x) {
        return None;
    }
    let linear = linear_of(arena, x)?;
    if linear.terms.is_empty()
        || linear
            .terms
            .iter()
            .any(|&(a, c)| c >= 0 || !nonneg(arena, a))
    {
        return None;
    }
    negated_quotient(arena, &linear, d, 0)
}

/// Its law in full: c·((k - p) // d) + s = -c·((p + d - 1 - k % d + j·d) // d) + c·(k // d + j) + s
/// for k - p >= 0 of mixed signs, j the fewest multiples of d keeping the new numerator >= 0, where
/// the sum gets shorter
pub(crate) fn sum_of_negated_quotients(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    rewrite_atoms(arena, id, &[div_negated_mixed], Pick::Shortest)
}

/// `div-negated` of a numerator of mixed signs, `>= 0`, as [`div_negated_linear`] from its
/// bounds; inside a sum only, where the sum gets shorter.
fn div_negated_mixed(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, d) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, x) {
        return None;
    }
    let linear = linear_of(arena, x)?;
    if linear.terms.iter().all(|&(_, c)| c < 0) {
        return None;
    }
    div_negated_linear(arena, &linear, d, arena.bounds(x).1, true)
}

/// `linear // d` as `k // d + j - (p + d - 1 - k % d + j·d) // d` for `linear = k - p`,
/// whatever the signs: floor division turns `⌊(k - p)/d⌋` into `q - ⌈(p - r)/d⌉` for
/// `k = q·d + r`, and `j` whole multiples of `d` move in and out of the quotient. The caller
/// shows both numerators `>= 0`, so that truncating division is floor division.
fn negated_quotient(arena: &mut ExprArena, linear: &Linear, d: i64, j: i64) -> Option<ExprId> {
    let q = floor_div(linear.constant, d).checked_add(j)?;
    let mut terms = Vec::with_capacity(linear.terms.len());
    for &(a, c) in &linear.terms {
        terms.push((a, c.checked_neg()?));
    }
    let positive = Linear {
        terms,
        constant: (d - 1 - floor_mod(linear.constant, d)).checked_add(j.checked_mul(d)?)?,
    };
    let numerator = build_linear(arena, &positive);
    let quotient = arena.div(numerator, d);
    // a quotient in the new numerator folds in where shorter: `(40 - x // 2) // 5` is
    // `8 - (x + 8) // 10`, shorter than `40 - x // 2` split alone
    let quotient = div_of_shifted_div(arena, quotient).unwrap_or(quotient);
    let minus_one = arena.constant(-1);
    let negated = arena.mul(quotient, minus_one);
    let q = arena.constant(q);
    let result = arena.add(negated, q);
    linear_normal_form(arena, result).or(Some(result))
}

/// [`negated_quotient`] of a linear `k - p` of mixed signs known to be at most `high` (and
/// `>= 0`): the new numerator `p + d - 1 - r` is at least `(q + 1)·d - 1 - high`; it must be
/// `>= 0` as it is, or with as many multiples of `d` as make it so if `shift`
/// (`-18·((5a - b + 7) // 8)` is `18·((40 - 5a + b) // 8) - 90` for `a <= 8`).
pub(crate) fn div_negated_linear(
    arena: &mut ExprArena,
    linear: &Linear,
    d: i64,
    high: i64,
    shift: bool,
) -> Option<ExprId> {
    let q = floor_div(linear.constant, d);
    let top = q.checked_add(1)?.checked_mul(d)?.checked_sub(1)?;
    let short = high.checked_sub(top)?;
    if linear.terms.is_empty() || (short > 0 && !shift) {
        return None;
    }
    let j = match short > 0 {
        true => short.checked_add(d - 1)? / d,
        false => 0,
    };
    negated_quotient(arena, linear, d, j)
}

/// `x // c` in two steps, as tinygrad divides: `(x // f) // (c / f)` for `f` a coefficient of
/// `x` dividing `c` (floor division composes), where `x // f = q + r // f` (`x = f·q + r`,
/// `r`'s coefficients in `[0, f)`) has `r // f` affine on the box of its atoms, so the inner
/// division goes: `(2·a + b + 1) // 10` is `(a + b) // 5` for `b` in `[0, 1]`. The outer
/// quotient's numerator is `x // f >= 0`, so its constant's multiples of `c / f` may come out
/// (`(a + b - 5) // 5` is `(a + b) // 5 - 1`). Taken where shorter.
///
/// Its law in full: x // c = (q + A) // (c / f)   for x = f·q + r >= 0, f | c, and r // f = A
/// affine on the box of r's atoms
pub(crate) fn div_in_steps(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, c) = binary(arena, id, BinOp::Div)?;
    if !nonneg(arena, x) {
        return None;
    }
    let linear = linear_of(arena, x)?;
    let mut divisors: Vec<i64> = Vec::new();
    for &(_, k) in &linear.terms {
        let f = k.checked_abs()?;
        if f > 1 && f < c && c % f == 0 && !divisors.contains(&f) {
            divisors.push(f);
        }
    }
    let mut best = (arena.op_count(id), None);
    for f in divisors {
        let (quotient, remainder) = split_by(&linear, f);
        let r = build_linear(arena, &remainder);
        if !nonneg(arena, r) {
            continue; // truncating `r // f` is not floor division there
        }
        let Some(affine) = affine_over_atoms(arena, &remainder, BinOp::Div, f) else {
            continue;
        };
        let Some(inner) = add_scaled(&quotient, &affine, 1) else {
            continue;
        };
        let numerator = build_linear(arena, &inner);
        let low = arena.bounds(numerator).0.max(0);
        let whole = arena.div(numerator, c / f);
        let split = div_split_constant_linear(arena, &inner, c / f, low);
        for candidate in [Some(whole), split].into_iter().flatten() {
            if arena.op_count(candidate) < best.0 {
                best = (arena.op_count(candidate), Some(candidate));
            }
        }
    }
    best.1
}
