//! Comparison rules: `x < c` rewritten to a shorter comparison or decided.

use crate::expr::simplify::linear::{
    add_scaled, binary, build_linear, exact_range, expand_divisions, expand_multiples, factors,
    gcd, linear_of, nonneg, replaced_term, split_factor, Linear,
};
use crate::expr::simplify::points::{next_point, small_box};
use crate::expr::simplify::rules::modulo::{mod_gcd, mod_gcd_split, mod_signed_linear};
use crate::expr::{BinOp, ExprArena, ExprId, Node};
use crate::support::arith::ceil_div;

/// `x % m < c` as a comparison of [`mod_signed`](super::modulo::mod_signed)'s form of `x % m`, its quotients of sums split
/// first where that helps, then shortened by `lt-linear`; taken when shorter than the
/// comparison as written (`((24a + b + 90) // 4) % 7 < 2` is `-a + (b + 2) // 4 < 1`).
///
/// Its law in full: x % m < c  <=>  y < c   for y the mod-signed form of x % m (quotients of sums
/// in x may be split first)
pub(crate) fn lt_mod_signed(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (lhs, c) = lt_constant(arena, id)?;
    let (x, m) = binary(arena, lhs, BinOp::Mod)?;
    let plain = linear_of(arena, x).filter(|_| nonneg(arena, x))?;
    let expanded = expand_divisions(arena, &plain);
    let mut best = (arena.op_count(id), None);
    for linear in [Some(plain), expanded].into_iter().flatten() {
        let Some(y) = mod_signed_linear(arena, &linear, m) else {
            continue;
        };
        let bound = arena.constant(c);
        let compared = arena.lt(y, bound);
        let shortened = lt_linear(arena, compared);
        for candidate in [Some(compared), shortened].into_iter().flatten() {
            if arena.op_count(candidate) < best.0 {
                best = (arena.op_count(candidate), Some(candidate));
            }
        }
    }
    best.1
}

/// `(x, c)` of a comparison `x < c` with a constant `c`.
fn lt_constant(arena: &ExprArena, id: ExprId) -> Option<(ExprId, i64)> {
    let Node::Binary(BinOp::Lt, lhs, rhs) = *arena.node(id) else {
        return None;
    };
    match *arena.node(rhs) {
        Node::Const(c) => Some((lhs, c)),
        _ => None,
    }
}

/// `s + x // d < c` as `d·s + x < c·d`: `⌊x/d⌋ < c - s` holds exactly when `x/d < c - s`,
/// an integer, and `x >= 0` makes `//` floor division. `r + (r + q) // 6 < 1` is
/// `7·r + q < 6`; taken where shorter.
pub(crate) fn lt_div(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (lhs, c) = lt_constant(arena, id)?;
    let linear = linear_of(arena, lhs)?;
    let (index, x, d) = linear
        .terms
        .iter()
        .enumerate()
        .find_map(|(k, &(atom, coeff))| {
            let (x, d) = binary(arena, atom, BinOp::Div)?;
            (coeff == 1 && nonneg(arena, x)).then_some((k, x, d))
        })?;
    let mut rest = linear;
    rest.terms.remove(index);
    let x = linear_of(arena, x).unwrap_or(Linear {
        terms: vec![(x, 1)],
        constant: 0,
    });
    let mut folded = add_scaled(&x, &rest, d)?;
    let bound = c.checked_mul(d)?.checked_sub(folded.constant)?;
    folded.constant = 0;
    let sum = build_linear(arena, &folded);
    let bound = arena.constant(bound);
    let result = arena.lt(sum, bound);
    (arena.op_count(result) < arena.op_count(id)).then_some(result)
}

/// `x // d + k < c` for an `x` of any sign, `b = c - k`: truncating `x // d < b` is `x < b·d`
/// for `b >= 1` (a negative `x` gives a quotient `<= 0`) and `x < (b - 1)·d + 1` for `b <= 0`
/// (the quotient is below `b` exactly when `x <= (b - 1)·d`). `None` where `x >= 0` is known
/// ([`lt_div`] then) or the sum has other terms ([`LAST_COMPARISON`](super::LAST_COMPARISON)).
///
/// Its law in full: x // d + k < c  <=>  x < b·d for b = c - k >= 1, x < (b - 1)·d + 1 for b <= 0
/// (truncating, x of any sign)
pub(crate) fn lt_div_signed(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (lhs, c) = lt_constant(arena, id)?;
    let linear = linear_of(arena, lhs)?;
    let [(atom, 1)] = linear.terms[..] else {
        return None;
    };
    let (x, d) = binary(arena, atom, BinOp::Div)?;
    if nonneg(arena, x) {
        return None;
    }
    let b = c.checked_sub(linear.constant)?;
    let bound = match b >= 1 {
        true => b.checked_mul(d)?,
        false => b.checked_sub(1)?.checked_mul(d)?.checked_add(1)?,
    };
    let bound = arena.constant(bound);
    let result = arena.lt(x, bound);
    (arena.op_count(result) < arena.op_count(id)).then_some(result)
}

/// A comparison of a sum whose coefficients are all negative, as the negation of its negated
/// sum's: no longer (a `-1` coefficient's product goes, a `!` comes), and a `!` around it then
/// cancels: `!(-10·a - 5·b - c < -35)` is `10·a + 5·b + c < 36`.
pub(crate) fn lt_negated(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (lhs, c) = lt_constant(arena, id)?;
    let linear = linear_of(arena, lhs)?;
    if linear.terms.is_empty() || linear.terms.iter().any(|&(_, k)| k >= 0) {
        return None;
    }
    let negated = Linear {
        terms: linear
            .terms
            .iter()
            .map(|&(a, k)| Some((a, k.checked_neg()?)))
            .collect::<Option<Vec<_>>>()?,
        constant: 0,
    };
    let sum = build_linear(arena, &negated);
    let bound = arena.constant(linear.constant.checked_sub(c)?.checked_add(1)?);
    let lt = arena.lt(sum, bound);
    Some(arena.not(lt))
}

pub(crate) fn lt_linear(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (lhs, c) = lt_constant(arena, id)?;
    let linear = linear_of(arena, lhs)?;
    let g = linear.terms.iter().fold(0, |g, &(_, k)| gcd(g, k));
    if g == 0 || (g == 1 && linear.constant == 0) {
        return None;
    }
    let reduced = Linear {
        terms: linear.terms.iter().map(|&(a, k)| (a, k / g)).collect(),
        constant: 0,
    };
    let sum = build_linear(arena, &reduced);
    let bound = arena.constant(ceil_div(c.checked_sub(linear.constant)?, g));
    Some(arena.lt(sum, bound))
}

/// Its law in full: g·a + s < c  <=>  a < ceil((c - lo) / g)   for s in [lo, hi] where no multiple
/// of g is in [c - hi, c - lo - 1] (so for 0 <= s < g and c a multiple of g)
pub(crate) fn lt_common_factor(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (lhs, c) = lt_constant(arena, id)?;
    let plain = linear_of(arena, lhs)?;
    let expanded = expand_divisions(arena, &plain);
    let multiples = expand_multiples(arena, &plain);
    let mods = expand_mod_gcds(arena, &plain);
    for mut linear in [Some(plain), expanded, multiples, mods]
        .into_iter()
        .flatten()
    {
        let bound = c.checked_sub(linear.constant)?;
        linear.constant = 0;
        for g in factors(&linear, None) {
            let (factored, small) = split_factor(&linear, g);
            let Some(range) = exact_range(arena, &small) else {
                continue;
            };
            if let Some(k) = common_factor_bound(g, bound, range) {
                let a = build_linear(arena, &factored);
                let k = arena.constant(k);
                return Some(arena.lt(a, k));
            }
        }
    }
    None
}

/// `linear` with every remainder atom whose numerator and modulus have a common factor written
/// `g·(y % n) + r` ([`mod_gcd`]): `(4·a + 2·b) % 40` is `2·((2·a + b) % 20)`. `None` when
/// there is no such atom.
fn expand_mod_gcds(arena: &mut ExprArena, linear: &Linear) -> Option<Linear> {
    let mut expanded: Option<Linear> = None;
    for &(atom, _) in &linear.terms {
        let Some(split) = mod_gcd_split(arena, atom) else {
            continue;
        };
        let sum = expanded.as_ref().unwrap_or(linear);
        let index = sum.terms.iter().position(|t| t.0 == atom)?;
        expanded = Some(replaced_term(arena, sum, index, split)?);
    }
    expanded
}

/// `k` with `g·a + s < b  <=>  a < k` for every `s` in `[lo, hi]`, where the comparison does
/// not depend on `s`: no multiple of `g` lies in `[b - hi, b - lo - 1]`. Then it is
/// `g·a + lo < b`, and `k = ceil((b - lo) / g)`.
pub(crate) fn common_factor_bound(g: i64, b: i64, (lo, hi): (i64, i64)) -> Option<i64> {
    let above = b.checked_sub(lo)?;
    let first = ceil_div(b.checked_sub(hi)?, g).checked_mul(g)?;
    (first >= above).then(|| ceil_div(above, g))
}

/// Its law in full: (g·Σ c_i·x_i + k) % (g·n) < c  <=>  (Σ c_i·x_i + floor(k / g)) % n <
/// ceil((c - k mod g) / g)   for the numerator >= 0
pub(crate) fn lt_mod_gcd(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (lhs, c) = lt_constant(arena, id)?;
    let (g, reduced, r) = mod_gcd(arena, lhs)?;
    let bound = arena.constant(ceil_div(c.checked_sub(r)?, g));
    Some(arena.lt(reduced, bound))
}

/// Its law in full: Σ c_i·x_i < 1  <=>  Σ x_i < 1   for c_i > 0 and x_i >= 0; a pair y // d + y % d
/// in the sum is y, for y >= 0
pub(crate) fn lt_one(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    let (lhs, 1) = lt_constant(arena, id)? else {
        return None;
    };
    let linear = linear_of(arena, lhs)?;
    if linear.constant != 0
        || linear
            .terms
            .iter()
            .any(|&(a, c)| c <= 0 || !nonneg(arena, a))
    {
        return None;
    }
    // every term is 0: `y // d` and `y % d` both are where `y` is (for y >= 0)
    let mut atoms: Vec<ExprId> = linear.terms.iter().map(|t| t.0).collect();
    let mut paired = false;
    for k in 0..atoms.len() {
        let Some((y, d)) = binary(arena, atoms[k], BinOp::Div).filter(|p| nonneg(arena, p.0))
        else {
            continue;
        };
        let remainder = arena.rem(y, d);
        if let Some(j) = atoms.iter().position(|&a| a == remainder) {
            atoms[k] = y;
            atoms.remove(j);
            paired = true;
            break;
        }
    }
    if !paired && linear.terms.iter().all(|&(_, c)| c == 1) {
        return None;
    }
    let ones = Linear {
        terms: atoms.into_iter().map(|a| (a, 1)).collect(),
        constant: 0,
    };
    let sum = build_linear(arena, &ones);
    let one = arena.constant(1);
    Some(arena.lt(sum, one))
}

/// A comparison or conjunction that has the same truth value at every point of the box of its
/// variables' ranges (at most `AFFINE_CHECK_POINTS` of them) is that constant, and one whose
/// truth depends on one variable only, true below some value and false from it (or the other
/// way), is that comparison of the variable: node bounds are too coarse to see either through
/// a remainder, or through a sum whose other terms are small (`b + 3·a < 5` is `a < 2` for
/// `b` in `[0, 1]`).
///
/// Its law in full: x < y (or p & q) = true, false, v < k or !(v < k)   when it is so at every
/// point of its variables' box
pub(crate) fn lt_on_domain(arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
    if !matches!(arena.node(id), Node::Binary(BinOp::Lt | BinOp::And, _, _)) {
        return None;
    }
    let (vars, ranges, mut env) = small_box(arena, id)?;
    // per variable, its truth at each of its values while it is the same at every point with
    // that value, or `None` once it is not
    // (the box is small, so each range's length fits)
    let mut alone: Vec<Option<Vec<Option<bool>>>> = ranges
        .iter()
        .map(|&(_, lo, hi)| Some(vec![None; (hi - lo + 1) as usize]))
        .collect();
    loop {
        let truth = arena.eval(id, &env) != 0;
        for (values, &(slot, lo, _)) in alone.iter_mut().zip(&ranges) {
            let Some(cells) = values else { continue };
            let cell = &mut cells[(env[slot] - lo) as usize];
            match *cell {
                None => *cell = Some(truth),
                Some(t) if t != truth => *values = None,
                Some(_) => {}
            }
        }
        if !next_point(&mut env, &ranges) {
            break;
        }
    }
    for (values, (&var, &(_, lo, _))) in alone.iter().zip(vars.iter().zip(&ranges)) {
        let Some(cells) = values else { continue };
        let first = cells[0]?;
        // the first value at which the truth changes; none: a constant
        let Some(switch) = cells.iter().position(|&c| c != Some(first)) else {
            return Some(arena.boolean(first));
        };
        if cells[switch..].contains(&Some(first)) {
            continue;
        }
        let v = arena.var_node(var);
        let k = arena.constant(lo.checked_add(i64::try_from(switch).ok()?)?);
        let below = arena.lt(v, k);
        return Some(if first { below } else { arena.not(below) });
    }
    None
}
