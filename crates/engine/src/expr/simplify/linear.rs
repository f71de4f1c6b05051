//! Linear forms `Σ coeff·atom + constant`, the shape most rules read and write.

use crate::expr::simplify::rules::modulo::shift_into_period;
use crate::expr::{BinOp, ExprArena, ExprId, Node};
use crate::support::arith::{ceil_div, floor_div};

/// `Σ coeff·atom + constant`, atoms in first-seen order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Linear {
    pub(crate) terms: Vec<(ExprId, i64)>,
    pub(crate) constant: i64,
}

pub(crate) fn linear_of(arena: &ExprArena, id: ExprId) -> Option<Linear> {
    fn collect(
        arena: &ExprArena,
        id: ExprId,
        scale: i128,
        terms: &mut Vec<(ExprId, i128)>,
        constant: &mut i128,
    ) -> Option<()> {
        match *arena.node(id) {
            Node::Const(v) => {
                *constant = constant.checked_add(scale.checked_mul(i128::from(v))?)?
            }
            Node::Binary(BinOp::Add, a, b) => {
                collect(arena, a, scale, terms, constant)?;
                collect(arena, b, scale, terms, constant)?;
            }
            Node::Binary(BinOp::Mul, a, b) => match (arena.node(a), arena.node(b)) {
                (_, Node::Const(c)) => collect(
                    arena,
                    a,
                    scale.checked_mul(i128::from(*c))?,
                    terms,
                    constant,
                )?,
                (Node::Const(c), _) => collect(
                    arena,
                    b,
                    scale.checked_mul(i128::from(*c))?,
                    terms,
                    constant,
                )?,
                _ => add_term(terms, id, scale)?,
            },
            _ => add_term(terms, id, scale)?,
        }
        Some(())
    }
    fn add_term(terms: &mut Vec<(ExprId, i128)>, atom: ExprId, scale: i128) -> Option<()> {
        match terms.iter_mut().find(|(a, _)| *a == atom) {
            Some((_, c)) => *c = c.checked_add(scale)?,
            None => terms.push((atom, scale)),
        }
        Some(())
    }
    let mut terms = Vec::new();
    let mut constant = 0i128;
    collect(arena, id, 1, &mut terms, &mut constant)?;
    let terms = terms
        .into_iter()
        .filter(|&(_, c)| c != 0)
        .map(|(a, c)| i64::try_from(c).ok().map(|c| (a, c)))
        .collect::<Option<Vec<_>>>()?;
    Some(Linear {
        terms,
        constant: i64::try_from(constant).ok()?,
    })
}

/// `((t0 + t1) + ...) + constant`, with `x·1` written `x`.
pub(crate) fn build_linear(arena: &mut ExprArena, linear: &Linear) -> ExprId {
    let mut sum = arena.constant(0);
    for &(atom, coeff) in &linear.terms {
        let c = arena.constant(coeff);
        let term = arena.mul(atom, c);
        sum = arena.add(sum, term);
    }
    let constant = arena.constant(linear.constant);
    arena.add(sum, constant)
}

pub(crate) fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(1)
}

/// `a op c` for a constant `c`; for `//` and `%` only a positive `c`, the only divisors the
/// rules are written for (a parsed expression may divide by zero or a negative number).
pub(crate) fn binary(arena: &ExprArena, id: ExprId, op: BinOp) -> Option<(ExprId, i64)> {
    match *arena.node(id) {
        Node::Binary(o, a, b) if o == op => match arena.node(b) {
            Node::Const(c) if *c > 0 || !matches!(op, BinOp::Div | BinOp::Mod) => Some((a, *c)),
            _ => None,
        },
        _ => None,
    }
}

pub(crate) fn nonneg(arena: &ExprArena, id: ExprId) -> bool {
    arena.exact(id) && arena.bounds(id).0 >= 0
}

// ---------------------------------------------------------------------------------------------
// Rules

/// The sum `linear` with its `index`-th term's atom replaced by `with` (a linear form, merged
/// into the sum's terms at that term's coefficient); `None` past i64.
pub(crate) fn replace_term(
    arena: &mut ExprArena,
    linear: &Linear,
    index: usize,
    with: ExprId,
) -> Option<ExprId> {
    let sum = replaced_term(arena, linear, index, with)?;
    Some(build_linear(arena, &sum))
}

/// [`replace_term`] as a linear form, not built.
pub(crate) fn replaced_term(
    arena: &ExprArena,
    linear: &Linear,
    index: usize,
    with: ExprId,
) -> Option<Linear> {
    let mut others = linear.clone();
    let (_, coeff) = others.terms.remove(index);
    add_scaled(&others, &linear_of(arena, with)?, coeff)
}

/// `sum + scale·other`, `None` past i64.
pub(crate) fn add_scaled(sum: &Linear, other: &Linear, scale: i64) -> Option<Linear> {
    let mut sum = sum.clone();
    for &(atom, c) in &other.terms {
        let scaled = c.checked_mul(scale)?;
        match sum.terms.iter_mut().find(|(t, _)| *t == atom) {
            Some((_, k)) => *k = k.checked_add(scaled)?,
            None => sum.terms.push((atom, scaled)),
        }
    }
    sum.constant = sum
        .constant
        .checked_add(other.constant.checked_mul(scale)?)?;
    sum.terms.retain(|&(_, c)| c != 0);
    Some(sum)
}

/// Splits `terms` into the multiples of `m > 0` (as quotients) and non-negative remainders
/// (`c.rem_euclid(m)`, never `c - q·m`, which may pass i64 on the way).
pub(crate) fn split_by(linear: &Linear, m: i64) -> (Linear, Linear) {
    let mut quotient = Linear {
        terms: Vec::new(),
        constant: floor_div(linear.constant, m),
    };
    let mut remainder = Linear {
        terms: Vec::new(),
        constant: linear.constant.rem_euclid(m),
    };
    for &(atom, c) in &linear.terms {
        let q = floor_div(c, m);
        if q != 0 {
            quotient.terms.push((atom, q));
        }
        let r = c.rem_euclid(m);
        if r != 0 {
            remainder.terms.push((atom, r));
        }
    }
    (quotient, remainder)
}

/// `linear` with every `y // d` atom (y >= 0 and linear) split into its exact quotient terms
/// and a smaller `r // d`, or `None` when there is no such atom. The result may have more
/// operations; rules use it where the parent then simplifies.
pub(crate) fn expand_divisions(arena: &mut ExprArena, linear: &Linear) -> Option<Linear> {
    expand_divisions_by(arena, linear, split_by)
}

/// [`expand_divisions`] taking out only each numerator's terms that are multiples of its
/// divisor (and its constant's multiples), the other terms staying whole inside, as tinygrad
/// splits: `(-585·a + 5·c - e + 589) // 13` is `-45·a + 45 + (5·c - e + 4) // 13`.
pub(crate) fn expand_multiples(arena: &mut ExprArena, linear: &Linear) -> Option<Linear> {
    expand_divisions_by(arena, linear, split_multiples)
}

/// `linear` split by `m > 0` into its terms that are multiples of `m` (as quotients, with the
/// constant's floor quotient) and the rest whole (with the constant's non-negative remainder).
pub(crate) fn split_multiples(linear: &Linear, m: i64) -> (Linear, Linear) {
    let mut quotient = Linear {
        terms: Vec::new(),
        constant: floor_div(linear.constant, m),
    };
    let mut remainder = Linear {
        terms: Vec::new(),
        constant: linear.constant.rem_euclid(m),
    };
    for &(atom, c) in &linear.terms {
        match c % m {
            0 => quotient.terms.push((atom, c / m)),
            _ => remainder.terms.push((atom, c)),
        }
    }
    (quotient, remainder)
}

fn expand_divisions_by(
    arena: &mut ExprArena,
    linear: &Linear,
    split_numerator: fn(&Linear, i64) -> (Linear, Linear),
) -> Option<Linear> {
    let mut terms: Vec<(ExprId, i128)> = Vec::new();
    let mut constant = i128::from(linear.constant);
    let mut expanded = false;
    let push = |terms: &mut Vec<(ExprId, i128)>, atom: ExprId, c: i128| match terms
        .iter_mut()
        .find(|(a, _)| *a == atom)
    {
        Some((_, k)) => *k += c,
        None => terms.push((atom, c)),
    };
    for &(atom, coeff) in &linear.terms {
        let split = binary(arena, atom, BinOp::Div)
            .filter(|&(y, _)| nonneg(arena, y))
            .and_then(|(y, d)| Some((linear_of(arena, y)?, d)));
        let Some((inner, d)) = split else {
            push(&mut terms, atom, i128::from(coeff));
            continue;
        };
        let (quotient, mut remainder) = split_numerator(&inner, d);
        let mut q_const = quotient.constant;
        let mut r = build_linear(arena, &remainder);
        let low = arena.bounds(r).0;
        if low < 0 {
            let k = ceil_div(low.checked_neg()?, d);
            remainder.constant = remainder.constant.checked_add(k.checked_mul(d)?)?;
            q_const = q_const.checked_sub(k)?;
            r = build_linear(arena, &remainder);
        }
        if quotient.terms.is_empty() && q_const == 0 {
            push(&mut terms, atom, i128::from(coeff));
            continue;
        }
        expanded = true;
        for &(a, c) in &quotient.terms {
            push(&mut terms, a, i128::from(c) * i128::from(coeff));
        }
        constant += i128::from(q_const) * i128::from(coeff);
        let r_div = arena.div(r, d);
        match *arena.node(r_div) {
            Node::Const(v) => constant += i128::from(v) * i128::from(coeff),
            _ => push(&mut terms, r_div, i128::from(coeff)),
        }
    }
    if !expanded {
        return None;
    }
    Some(Linear {
        terms: terms
            .into_iter()
            .filter(|&(_, c)| c != 0)
            .map(|(a, c)| i64::try_from(c).ok().map(|c| (a, c)))
            .collect::<Option<_>>()?,
        constant: i64::try_from(constant).ok()?,
    })
}

/// Splits `linear` into `g·a` (the terms and constant part divisible by `g`, as `a`) and the
/// rest `s`, when `0 <= s < g` on the whole domain.
pub(crate) fn factor_out(arena: &mut ExprArena, linear: &Linear, g: i64) -> Option<Linear> {
    let (factored, small) = split_factor(linear, g);
    factor_with(linear, g, factored, exact_range(arena, &small)?)
}

/// The range of `linear`'s value by the arena's bounds, where those hold (exact).
pub(crate) fn exact_range(arena: &mut ExprArena, linear: &Linear) -> Option<(i64, i64)> {
    let sum = build_linear(arena, linear);
    arena.exact(sum).then(|| arena.bounds(sum))
}

/// The terms of `linear` with coefficients divisible by `g` (divided by it), and the others;
/// both without a constant.
pub(crate) fn split_factor(linear: &Linear, g: i64) -> (Linear, Linear) {
    let (mut factored, mut small) = (Vec::new(), Vec::new());
    for &(atom, c) in &linear.terms {
        if c % g == 0 {
            factored.push((atom, c / g));
        } else {
            small.push((atom, c));
        }
    }
    let linear = |terms| Linear { terms, constant: 0 };
    (linear(factored), linear(small))
}

/// [`factor_out`] given the range of the small part: the small part's constant is the
/// representative of the constant mod g that puts the small part's minimum in [0, g).
pub(crate) fn factor_with(
    linear: &Linear,
    g: i64,
    mut factored: Linear,
    range: (i64, i64),
) -> Option<Linear> {
    let shift = shift_into_period(linear.constant, range, g)?;
    factored.constant = linear.constant.checked_sub(shift)? / g;
    Some(factored)
}

/// Candidate common factors of `linear`'s coefficients (with `limit` when given), largest first.
pub(crate) fn factors(linear: &Linear, limit: Option<i64>) -> Vec<i64> {
    let mut found: Vec<i64> = linear
        .terms
        .iter()
        .map(|&(_, c)| limit.map_or(c.checked_abs().unwrap_or(0), |d| gcd(c, d)))
        .filter(|&g| g > 1)
        .collect();
    crate::support::small_sort::sort_by_key(&mut found, |&g| std::cmp::Reverse(g));
    found.dedup();
    found
}

/// Whether `id` is an integer operation (`+`, `·`, `//`, `%`) with a `//` or `%` in it, what the
/// fits rewrite: a condition evaluates to 0 or 1 too, but must stay a condition.
pub(crate) fn integer_with_division(arena: &ExprArena, id: ExprId) -> bool {
    matches!(
        arena.node(id),
        Node::Binary(BinOp::Add | BinOp::Mul | BinOp::Div | BinOp::Mod, _, _)
    ) && has_division(arena, id)
}

/// Whether a `//` or `%` is anywhere in `id`.
fn has_division(arena: &ExprArena, id: ExprId) -> bool {
    match *arena.node(id) {
        Node::Binary(BinOp::Div | BinOp::Mod, _, _) => true,
        Node::Binary(_, a, b) => has_division(arena, a) || has_division(arena, b),
        Node::Not(a) => has_division(arena, a),
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// idx and valid together
