//! Remainder rules: `x % m` reduced, split by a common factor, or written without the `%`.

use crate::expr::simplify::linear::{
    add_scaled, binary, build_linear, expand_divisions, expand_multiples, gcd, linear_of, nonneg,
    replace_term, split_by, split_multiples, Linear,
};
use crate::expr::simplify::rules::div::div_negated;
use crate::expr::{BinOp, ExprArena, ExprId};
use crate::support::arith::{floor_div, floor_mod};

pub(crate) fn mod_of_mod(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (inner, m) = binary(arena, id, BinOp::Mod)?;
    let (x, a) = binary(arena, inner, BinOp::Mod)?;
    if a % m != 0 || !nonneg(arena, x) {
        return None;
    }
    Some(arena.rem(x, m))
}

/// Its law in full: (m·q + r) % m = r % m   for m·q + r >= 0 and r >= 0; (d·m·q + r) // d % m = r
/// // d % m likewise; (d·q + r) // d % m = (q % m + r // d) % m, q's coefficients reduced
pub(crate) fn mod_reduce(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, m) = binary(arena, id, BinOp::Mod)?;
    if !nonneg(arena, x) {
        return None;
    }
    let plain = linear_of(arena, x)?;
    let expanded = expand_divisions(arena, &plain);
    let multiples = expand_multiples(arena, &plain);
    let mut best: Option<ExprId> = None;
    for linear in [Some(plain), expanded, multiples].into_iter().flatten() {
        if let Some(candidate) = mod_reduce_linear(arena, &linear, m) {
            if best.is_none_or(|b| arena.op_count(candidate) < arena.op_count(b)) {
                best = Some(candidate);
            }
        }
    }
    // `(y // d) % m` is `(y % (d·m)) // d`, so `y`'s terms (and constant) that are multiples of
    // `d·m` go: `(270·a + 5·b) // 6 % 5` is `5·b // 6 % 5`; the other coefficients are kept,
    // as the rules for quotients read their signs. Only for `y >= 0`: `y // d >= 0` also
    // holds for `y` in `(-d, 0)`, where truncating `y // d` is 0, not floor's -1.
    let quotient = binary(arena, x, BinOp::Div).and_then(|(y, d)| {
        if !nonneg(arena, y) {
            return None;
        }
        let dm = d.checked_mul(m)?;
        Some((linear_of(arena, y)?, d, dm))
    });
    if let Some((linear, d, _)) = &quotient {
        if let Some(candidate) = mod_of_split_quotient(arena, linear, *d, m) {
            if best.is_none_or(|b| arena.op_count(candidate) < arena.op_count(b)) {
                best = Some(candidate);
            }
        }
    }
    if let Some((mut linear, d, dm)) = quotient {
        linear.terms.retain(|&(_, c)| c % dm != 0);
        if linear.constant % dm == 0 {
            linear.constant = 0;
        }
        let y = build_linear(arena, &linear);
        if nonneg(arena, y) {
            let candidate = arena.div(y, d);
            let candidate = arena.rem(candidate, m);
            if arena.op_count(candidate) < arena.op_count(id) {
                best = Some(candidate);
            }
        }
    }
    best
}

/// A remainder whose numerator holds a quotient of a negated sum, that quotient written
/// [`div_negated`] and the whole then [`mod_reduce`]d: alone the negated quotient is longer,
/// but under the remainder its coefficient may reduce to a positive one
/// (`(33 - r) // 4 % 2` is `(8 - (r + 2) // 4) % 2`, so `(r + 2) // 4 % 2`).
///
/// Its law in full: (c·((k - p) // d) + s) % m = (c·(k // d) - c·((p + d - 1 - k % d) // d) + s) %
/// m, then mod-reduce   for p >= 0 and k - p >= 0, where shorter
pub(crate) fn mod_of_negated_div(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, m) = binary(arena, id, BinOp::Mod)?;
    let linear = linear_of(arena, x)?;
    let mut best: Option<ExprId> = None;
    for (index, &(atom, _)) in linear.terms.iter().enumerate() {
        let Some(negated) = div_negated(arena, atom) else {
            continue;
        };
        let Some(sum) = replace_term(arena, &linear, index, negated) else {
            continue;
        };
        let remainder = arena.rem(sum, m);
        let Some(reduced) = mod_reduce(arena, remainder) else {
            continue;
        };
        let shortest = best.map_or(arena.op_count(id), |b| arena.op_count(b));
        if arena.op_count(reduced) < shortest {
            best = Some(reduced);
        }
    }
    best
}

/// `(y // d) % m` for `y >= 0` as `(q' + r // d) % m`, tinygrad's form: `y = d·q + r` with
/// `q` the terms that are multiples of `d` (over `d`) and the constant's whole multiples, and
/// `q'` their coefficients reduced mod `m`: `(140·a + 14·b + c) // 5 % 3` is
/// `(a + (14·b + c) // 5) % 3`. Floor division splits so where `r >= 0`, and `q'` is
/// congruent to `q`, so with the new numerator `>= 0` the remainders agree. `None` where no
/// term is a multiple of `d`, or where the result is not shorter than what it replaces.
fn mod_of_split_quotient(arena: &mut ExprArena, y: &Linear, d: i64, m: i64) -> Option<ExprId> {
    mod_of_split_quotient_if(arena, y, d, m, nonneg)
}

/// [`mod_of_split_quotient`], where `nonneg` shows the rest and the new numerator `>= 0`
/// (inside `assume`, the clauses may show it where the bounds do not).
pub(crate) fn mod_of_split_quotient_if(
    arena: &mut ExprArena,
    y: &Linear,
    d: i64,
    m: i64,
    nonneg: impl Fn(&ExprArena, ExprId) -> bool,
) -> Option<ExprId> {
    let (outside, inside) = split_multiples(y, d);
    if outside.terms.is_empty() || inside.terms.is_empty() {
        return None;
    }
    let r = build_linear(arena, &inside);
    if !nonneg(arena, r) {
        return None;
    }
    let (_, reduced) = split_by(&outside, m);
    let r_div = arena.div(r, d);
    let numerator = add_scaled(
        &reduced,
        &Linear {
            terms: vec![(r_div, 1)],
            constant: 0,
        },
        1,
    )?;
    let numerator = build_linear(arena, &numerator);
    if !nonneg(arena, numerator) {
        return None;
    }
    let whole = build_linear(arena, y);
    let quotient = arena.div(whole, d);
    let before = arena.rem(quotient, m);
    let result = arena.rem(numerator, m);
    (arena.op_count(result) < arena.op_count(before)).then_some(result)
}

/// `(c·(y % (a·m)) + s) % m` as `(c·y + s) % m`, reduced: `y % (a·m)` and `y` differ by a
/// multiple of `m` (whatever their signs), so both numerators are congruent mod `m`, and with
/// both `>= 0` their truncating remainders agree. Taken where shorter:
/// `((4·a + b) % 8 + 1) % 2` is `(b + 1) % 2`.
pub(crate) fn mod_of_inner_mod(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, m) = binary(arena, id, BinOp::Mod)?;
    if !nonneg(arena, x) {
        return None;
    }
    let linear = linear_of(arena, x)?;
    let opened = open_inner_mods(arena, &linear, m)?;
    let numerator = build_linear(arena, &opened);
    if !nonneg(arena, numerator) {
        return None;
    }
    let result = mod_reduce_linear(arena, &opened, m).unwrap_or_else(|| arena.rem(numerator, m));
    (arena.op_count(result) < arena.op_count(id)).then_some(result)
}

/// `linear` with each term `y % (a·m)` written `y` (congruent mod `m`); `None` where it has none.
pub(crate) fn open_inner_mods(arena: &ExprArena, linear: &Linear, m: i64) -> Option<Linear> {
    let mut opened = Linear {
        terms: Vec::new(),
        constant: linear.constant,
    };
    let mut changed = false;
    for &(atom, c) in &linear.terms {
        let part = match binary(arena, atom, BinOp::Mod) {
            Some((y, k)) if k % m == 0 => {
                changed = true;
                linear_of(arena, y)?
            }
            _ => Linear {
                terms: vec![(atom, 1)],
                constant: 0,
            },
        };
        opened = add_scaled(&opened, &part, c)?;
    }
    changed.then_some(opened)
}

fn mod_reduce_linear(arena: &mut ExprArena, linear: &Linear, m: i64) -> Option<ExprId> {
    mod_reduce_linear_if(arena, linear, m, nonneg)
}

/// [`mod_reduce_linear`], where `nonneg` shows the remainder `>= 0` (inside `assume`, the
/// clauses may show it where the bounds do not).
pub(crate) fn mod_reduce_linear_if(
    arena: &mut ExprArena,
    linear: &Linear,
    m: i64,
    nonneg: impl Fn(&ExprArena, ExprId) -> bool,
) -> Option<ExprId> {
    let (_, remainder) = split_by(linear, m);
    if remainder == *linear {
        return None;
    }
    let r = build_linear(arena, &remainder);
    if !nonneg(arena, r) {
        return None;
    }
    Some(arena.rem(r, m))
}

pub(crate) fn mod_in_one_period(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, m) = binary(arena, id, BinOp::Mod)?;
    let (low, high) = arena.bounds(x);
    if low < 0 || low / m != high / m {
        return None;
    }
    let shift = arena.constant(-(low / m) * m);
    Some(arena.add(x, shift))
}

/// Most values of the atom [`mod_in_periods`] follows.
const PERIOD_ATOM_VALUES: i64 = 8;

/// [`mod_in_one_period`] one value of an atom at a time: `(27·a + (b + 1) // 3 + 11) % 36`
/// for `a` in `[0, 1]` and `b` in `[0, 33]` is in `[11, 22]` at `a = 0` and in `[38, 49]` at
/// `a = 1`, so it is `-9·a + (b + 1) // 3 + 11`. The periods must be affine in the atom's value
/// (always so for two values); `x`'s quotients are read split into whole multiples, and each
/// value's range is that of the rest's terms added up. Taken where no longer.
///
/// Its law in full: x % m = x - m·(k + s·(t - lo))   when, for each value of one atom t of x (its
/// divisions split into whole multiples), x stays in period k + s·(t - lo)
pub(crate) fn mod_in_periods(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, m) = binary(arena, id, BinOp::Mod)?;
    let whole = linear_of(arena, x)?;
    let linear = expand_multiples(arena, &whole).unwrap_or(whole);
    let ranges: Vec<(i64, i64)> = linear.terms.iter().map(|t| arena.bounds(t.0)).collect();
    for (k, &(_, c)) in linear.terms.iter().enumerate() {
        let (lo, hi) = ranges[k];
        if !(1..PERIOD_ATOM_VALUES).contains(&hi.checked_sub(lo)?) {
            continue;
        }
        let (mut low, mut high) = (linear.constant, linear.constant);
        for (j, (&(_, cj), &(l, h))) in linear.terms.iter().zip(&ranges).enumerate() {
            if j != k {
                let (a, b) = (cj.checked_mul(l)?, cj.checked_mul(h)?);
                low = low.checked_add(a.min(b))?;
                high = high.checked_add(a.max(b))?;
            }
        }
        // the period at `t = v`, when x stays in one there (and is not negative)
        let period = |v: i64| -> Option<i64> {
            let (l, h) = (
                c.checked_mul(v)?.checked_add(low)?,
                c.checked_mul(v)?.checked_add(high)?,
            );
            (l >= 0 && l / m == h / m).then_some(l / m)
        };
        let Some((k0, k1)) = period(lo).zip(lo.checked_add(1).and_then(period)) else {
            continue;
        };
        let slope = k1 - k0;
        let affine = |v: i64| Some(k0.checked_add(slope.checked_mul(v - lo)?)? == period(v)?);
        if !(lo.saturating_add(2)..=hi).all(|v| affine(v) == Some(true)) {
            continue;
        }
        let mut result = linear.clone();
        result.terms[k].1 = c.checked_sub(m.checked_mul(slope)?)?;
        let shift = k0.checked_sub(slope.checked_mul(lo)?)?;
        result.constant = result.constant.checked_sub(m.checked_mul(shift)?)?;
        let result = build_linear(arena, &result);
        if arena.op_count(result) <= arena.op_count(id) {
            return Some(result);
        }
    }
    None
}

/// `x % m` without the `%`: each coefficient of `x` replaced by its residue nearest zero (so a
/// coefficient of `m - 1` counts down), and the constant by the residue that puts the smallest
/// value at or above zero. Taken when every value of the result is in `[0, m)`, where it
/// equals `x % m`, and it is shorter.
///
/// Its law in full: (Σ c_i·a_i + k) % m = Σ c'_i·a_i + k'   for x >= 0, c'_i ≡ c_i and k' ≡ k (mod
/// m), when the right side stays in [0, m)
pub(crate) fn mod_signed(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (x, m) = binary(arena, id, BinOp::Mod)?;
    let linear = linear_of(arena, x).filter(|_| nonneg(arena, x))?;
    let result = mod_signed_linear(arena, &linear, m)?;
    (arena.op_count(result) < arena.op_count(id)).then_some(result)
}

/// [`mod_signed`] of `linear % m` for a non-negative `linear`, whatever its length.
pub(crate) fn mod_signed_linear(arena: &mut ExprArena, linear: &Linear, m: i64) -> Option<ExprId> {
    let sum = residue_sum(arena, linear, m)?;
    if !arena.exact(sum) {
        return None;
    }
    signed_shift(arena, sum, arena.bounds(sum), linear.constant, m)
}

/// `linear`'s terms with their coefficients replaced by their residues mod `m` nearest zero,
/// without the constant; `None` when none is left.
pub(crate) fn residue_sum(arena: &mut ExprArena, linear: &Linear, m: i64) -> Option<ExprId> {
    let mut terms = Vec::with_capacity(linear.terms.len());
    for &(atom, c) in &linear.terms {
        let r = c.rem_euclid(m);
        let nearest = if r > m / 2 { r - m } else { r };
        if nearest != 0 {
            terms.push((atom, nearest));
        }
    }
    if terms.is_empty() {
        return None;
    }
    Some(build_linear(arena, &Linear { terms, constant: 0 }))
}

/// `sum + k` for the `k ≡ constant (mod m)` that keeps it in `[0, m)` over `range`, `sum`'s.
pub(crate) fn signed_shift(
    arena: &mut ExprArena,
    sum: ExprId,
    range: (i64, i64),
    constant: i64,
    m: i64,
) -> Option<ExprId> {
    let k = shift_into_period(constant, range, m)?;
    let shift = arena.constant(k);
    Some(arena.add(sum, shift))
}

/// The `k ≡ constant (mod m)` that puts `low + k` in `[0, m)`, when `high + k` stays below `m`
/// too (`m > 0`): a part in `[low, high]` plus `k` is then its own remainder.
pub(crate) fn shift_into_period(constant: i64, (low, high): (i64, i64), m: i64) -> Option<i64> {
    let k = low
        .checked_neg()?
        .checked_add(floor_mod(constant.checked_add(low)?, m))?;
    (high.checked_add(k)? < m).then_some(k)
}

/// `x % (g·n)` as `g·((s + q) % n) + r` (see [`mod_gcd`]): longer alone, shorter inside a
/// sum whose coefficient and constant absorb `g` and `r`.
pub(crate) fn mod_gcd_split(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (g, reduced, r) = mod_gcd(arena, id)?;
    let g = arena.constant(g);
    let scaled = arena.mul(reduced, g);
    let r = arena.constant(r);
    Some(arena.add(scaled, r))
}

/// [`mod_gcd_split`] where shorter: `(5·a + 5·b + 2) % 25` is `5·((a + b) % 5) + 2`.
///
/// Its law in full: (g·Σ c_i·x_i + k) % (g·n) = g·((Σ c_i·x_i + floor(k / g)) % n) + k mod g   for
/// the numerator >= 0, where shorter
pub(crate) fn mod_gcd_shorter(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    mod_gcd_split(arena, id).filter(|&split| arena.op_count(split) < arena.op_count(id))
}

/// `(g, (s + q) % n, r)` for `x % (g·n)` with `x = g·(s + q) + r >= 0`, `0 <= r < g` and `g > 1`
/// the common factor of the modulus and `x`'s coefficients: `x % (g·n) = g·((s + q) % n) + r`.
pub(crate) fn mod_gcd(arena: &mut ExprArena, id: ExprId) -> Option<(i64, ExprId, i64)> {
    let (x, m) = binary(arena, id, BinOp::Mod)?;
    if !nonneg(arena, x) {
        return None;
    }
    let linear = linear_of(arena, x)?;
    let g = linear.terms.iter().fold(m, |g, &(_, k)| gcd(g, k));
    if g <= 1 || linear.terms.is_empty() {
        return None;
    }
    let (q, r) = (floor_div(linear.constant, g), floor_mod(linear.constant, g));
    let inner = Linear {
        terms: linear.terms.iter().map(|&(a, k)| (a, k / g)).collect(),
        constant: q,
    };
    let s = build_linear(arena, &inner);
    Some((g, arena.rem(s, m / g), r))
}
