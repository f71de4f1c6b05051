//! The ranges `valid`'s clauses imply on variables, on their left-hand sides and on linear forms.

use std::collections::HashMap;

use crate::expr::simplify::linear::{linear_of, Linear};
use crate::expr::{BinOp, ExprArena, ExprId, Node};
use crate::support::arith::{ceil_div, ceil_div_wide, floor_div, floor_div_wide};

/// The clauses of a conjunction, left to right.
pub fn clauses(arena: &ExprArena, valid: ExprId) -> Vec<ExprId> {
    match *arena.node(valid) {
        Node::Binary(BinOp::And, a, b) => {
            let mut all = clauses(arena, a);
            all.extend(clauses(arena, b));
            all
        }
        Node::Bool(true) => Vec::new(),
        _ => vec![valid],
    }
}

/// What the clauses `x < c` and `!(x < c)` imply: the range of each variable slot, and the
/// range of every other left-hand side.
#[derive(Default)]
pub(crate) struct Implied {
    pub(crate) slots: HashMap<usize, (i64, i64)>,
    pub(crate) exprs: HashMap<ExprId, (i64, i64)>,
    /// The clauses on linear forms of two or more atoms, as `low <= form <= high`. Their atoms
    /// may be quotients or remainders: whatever reads them as forms of variables must check.
    pub(crate) linear: Vec<(Linear, i64, i64)>,
}

/// Rounds of [`propagate`]: each tightens a variable from the others' ranges of the round before.
const PROPAGATION_ROUNDS: usize = 3;

pub(crate) fn implied_ranges(arena: &ExprArena, clauses: &[ExprId]) -> Implied {
    let mut implied = Implied::default();
    // each clause as `low <= x <= high`
    let mut linear = Vec::new();
    for &clause in clauses {
        let (inner, negated) = match *arena.node(clause) {
            Node::Not(inner) => (inner, true),
            _ => (clause, false),
        };
        let Node::Binary(BinOp::Lt, x, c) = *arena.node(inner) else {
            continue;
        };
        let Node::Const(c) = *arena.node(c) else {
            continue;
        };
        let range = match arena.node(x) {
            Node::Var(var) => implied
                .slots
                .entry(arena.variable(*var).slot)
                .or_insert((i64::MIN, i64::MAX)),
            _ => implied.exprs.entry(x).or_insert(arena.bounds(x)),
        };
        let (low, high) = if negated {
            (c, i64::MAX)
        } else {
            (i64::MIN, c.saturating_sub(1))
        };
        range.0 = range.0.max(low);
        range.1 = range.1.min(high);
        if let Some(form) = linear_of(arena, x).filter(|f| f.terms.len() > 1) {
            linear.push((form, low, high));
        }
    }
    for _ in 0..PROPAGATION_ROUNDS {
        if !linear
            .iter()
            .any(|(form, low, high)| propagate(arena, form, *low, *high, &mut implied))
        {
            break;
        }
    }
    implied.linear = linear;
    implied
}

/// The range of a variable atom: its slot's first (unassumed) range and what the clauses imply.
/// A re-bounded variable's own range may rest on the very clause being simplified, so it is not
/// read.
fn slot_range(arena: &ExprArena, implied: &Implied, atom: ExprId) -> Option<(i64, i64)> {
    let Node::Var(var) = arena.node(atom) else {
        return None;
    };
    let origin = arena.variable(arena.slot_origin(*var));
    let (mut min, mut max) = (origin.min, origin.max);
    if let Some(&(l, h)) = implied.slots.get(&origin.slot) {
        (min, max) = (min.max(l), max.min(h));
    }
    Some((min, max))
}

/// The range of a linear form of variables that one clause `low <= G <= high` and the
/// variables' ranges imply: for each ratio `λ = p / q` of a coefficient of the form to one of
/// G's, `q·F = p·G + (q·F - p·G)`, the first term bounded by the clause and the second by the
/// box (`226·a + b - 1 >= 0` from `a + b >= 1` and `a >= 0`). `None` where no clause helps.
pub(crate) fn form_range(
    arena: &ExprArena,
    form: &Linear,
    implied: &Implied,
) -> Option<(i64, i64)> {
    let (mut low, mut high) = (i64::MIN, i64::MAX);
    let variables = |form: &Linear| form.terms.iter().all(|t| slot_of(arena, t.0).is_some());
    if !variables(form) {
        return None;
    }
    for (clause, g_low, g_high) in implied.linear.iter().filter(|c| variables(&c.0)) {
        for &(atom, c) in &form.terms {
            let slot = slot_of(arena, atom)?;
            let Some(g_c) = coefficient(arena, clause, slot) else {
                continue;
            };
            let (p, q) = if g_c < 0 {
                (c.checked_neg()?, g_c.checked_neg()?)
            } else {
                (c, g_c)
            };
            let Some((rest_min, rest_max)) = rest_range(arena, implied, form, clause, p, q) else {
                continue;
            };
            // p·G is at least p·g_low for p >= 0 and p·g_high for p < 0; at most the other.
            let (at_least, at_most) = if p >= 0 {
                (*g_low, *g_high)
            } else {
                (*g_high, *g_low)
            };
            let bound = |end: i64, rest: i64| {
                let finite = end != i64::MIN && end != i64::MAX;
                p.checked_mul(end)?.checked_add(rest).filter(|_| finite)
            };
            // (i64::MIN bounds nothing, and ceil_div(i64::MIN, 1) would overflow)
            if let Some(l) = bound(at_least, rest_min).filter(|&l| l != i64::MIN) {
                low = low.max(ceil_div(l, q));
            }
            if let Some(h) = bound(at_most, rest_max) {
                high = high.min(floor_div(h, q));
            }
        }
    }
    (low != i64::MIN || high != i64::MAX).then_some((low, high))
}

/// The environment slot of a variable atom.
fn slot_of(arena: &ExprArena, atom: ExprId) -> Option<usize> {
    match arena.node(atom) {
        Node::Var(var) => Some(arena.variable(*var).slot),
        _ => None,
    }
}

/// The coefficient of `slot`'s variable in `form`, if it has one.
fn coefficient(arena: &ExprArena, form: &Linear, slot: usize) -> Option<i64> {
    form.terms
        .iter()
        .find(|t| slot_of(arena, t.0) == Some(slot))
        .map(|t| t.1)
}

/// The range of `q·F - p·G` over the variables' box, `None` past i64.
fn rest_range(
    arena: &ExprArena,
    implied: &Implied,
    form: &Linear,
    clause: &Linear,
    p: i64,
    q: i64,
) -> Option<(i64, i64)> {
    let constant = q
        .checked_mul(form.constant)?
        .checked_sub(p.checked_mul(clause.constant)?)?;
    let (mut min, mut max) = (constant, constant);
    let only_in_clause = clause
        .terms
        .iter()
        .filter(|t| slot_of(arena, t.0).is_some_and(|s| coefficient(arena, form, s).is_none()));
    for &(atom, _) in form.terms.iter().chain(only_in_clause) {
        let slot = slot_of(arena, atom)?;
        let of = |form| coefficient(arena, form, slot).unwrap_or(0);
        let c = q
            .checked_mul(of(form))?
            .checked_sub(p.checked_mul(of(clause))?)?;
        let (lo, hi) = slot_range(arena, implied, atom)?;
        let (a, b) = (c.checked_mul(lo)?, c.checked_mul(hi)?);
        min = min.checked_add(a.min(b))?;
        max = max.checked_add(a.max(b))?;
    }
    Some((min, max))
}

/// Tightens the range of each variable of `low <= form <= high`, a form of variables only, from
/// the ranges of its other terms (`90·a + b >= 129` with `b <= 43` gives `a >= 1`); whether
/// any range changed.
fn propagate(arena: &ExprArena, form: &Linear, low: i64, high: i64, implied: &mut Implied) -> bool {
    let range = |implied: &Implied, atom: ExprId| {
        slot_range(arena, implied, atom).map(|(l, h)| (i128::from(l), i128::from(h)))
    };
    // the terms' ranges c·[min, max], and their sums; a sum past i128 tightens nothing
    let mut terms = Vec::with_capacity(form.terms.len());
    let (mut sum_min, mut sum_max) = (0i128, 0i128);
    for &(atom, c) in &form.terms {
        let Some((min, max)) = range(implied, atom) else {
            return false;
        };
        let (Some(a), Some(b)) = (
            min.checked_mul(i128::from(c)),
            max.checked_mul(i128::from(c)),
        ) else {
            return false;
        };
        let (t_min, t_max) = (a.min(b), a.max(b));
        let (Some(l), Some(h)) = (sum_min.checked_add(t_min), sum_max.checked_add(t_max)) else {
            return false;
        };
        (sum_min, sum_max) = (l, h);
        terms.push((t_min, t_max));
    }
    let k = i128::from(form.constant);
    let mut changed = false;
    for (&(atom, c), &(t_min, t_max)) in form.terms.iter().zip(&terms) {
        let Node::Var(var) = arena.node(atom) else {
            continue;
        };
        // c·v lies in [low - k - (others' max), high - k - (others' min)]
        let others = |sum: i128, t: i128, end: i64| {
            i128::from(end)
                .checked_sub(k)?
                .checked_sub(sum.checked_sub(t)?)
        };
        let (Some(lo), Some(hi)) = (others(sum_max, t_max, low), others(sum_min, t_min, high))
        else {
            continue;
        };
        let c = i128::from(c);
        let (v_lo, v_hi) = if c > 0 {
            (ceil_div_wide(lo, c), floor_div_wide(hi, c))
        } else {
            (ceil_div_wide(hi, c), floor_div_wide(lo, c))
        };
        let Some((min, max)) = range(implied, atom) else {
            continue;
        };
        // within [min, max], so within i64
        let (Ok(new_min), Ok(new_max)) =
            (i64::try_from(min.max(v_lo)), i64::try_from(max.min(v_hi)))
        else {
            continue;
        };
        if (i128::from(new_min), i128::from(new_max)) != (min, max) && new_min <= new_max {
            implied
                .slots
                .insert(arena.variable(*var).slot, (new_min, new_max));
            changed = true;
        }
    }
    changed
}
