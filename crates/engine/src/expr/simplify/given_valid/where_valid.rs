//! What holds at every point of the box where `valid` holds.

use std::collections::HashMap;

use crate::expr::simplify::given_valid::assume::assume;
use crate::expr::simplify::given_valid::implied::implied_ranges;
use crate::expr::simplify::linear::{add_scaled, build_linear, linear_of, Linear};
use crate::expr::simplify::pipeline::{rerun_if_shorter, Run};
use crate::expr::simplify::points::{next_point, slots_box, IMPLIED_CHECK_POINTS};
use crate::expr::simplify::rules::{AFFINE_WHERE_VALID, WHERE_VALID};
use crate::expr::simplify::{rebuild, Step};
use crate::expr::{BinOp, ExprArena, ExprId, Node};

/// Most operations one walk of [`where_valid`] evaluates (its numerators' operations times the
/// points where valid holds; two walks an `idx`): a few milliseconds at most, however large
/// the expression.
const WHERE_VALID_WORK: usize = 1 << 21;

/// `idx` with each remainder and quotient whose numerator `x >= 0` stays in one period at
/// every point of the box where the clauses hold written without it ([`WHERE_VALID`]), then
/// the rules again; kept where shorter. `idx` is only read there, and the box is small
/// ([`IMPLIED_CHECK_POINTS`]): `(36·q + m - 75) // 2 % 54` is `(36·q + m - 75) // 2` where the
/// clauses keep `q <= 2` and `m >= 3` on every point, though no bound shows it. Then the
/// numerators `>= 0` at every such point, though not by their bounds, are assumed so, for the
/// rules that need it (`x % 6` is `(4c + d) % 6` for `x = 24·(y % 6) + 4c + d - 54 + …`
/// written out, where `y % 6 >= 2` and `4c + d >= 6`); kept where shorter. With `affine`,
/// instead, each quotient and remainder that is affine in its numerator at those points is
/// written as that form ([`AFFINE_WHERE_VALID`], [`affine_at_points`]), then the rules again;
/// kept where shorter.
pub(crate) fn where_valid(
    arena: &mut ExprArena,
    idx: ExprId,
    clauses: &[ExprId],
    affine: bool,
    steps: &mut Vec<Step>,
    run: &mut Run,
) -> ExprId {
    let valid = clauses
        .iter()
        .fold(arena.boolean(true), |all, &c| arena.and(all, c));
    let points = points_where_valid(arena, valid, idx);
    if points.is_empty() {
        return idx;
    }
    let mut tried = Vec::new();
    let mut w = Walk {
        points: &points,
        memo: HashMap::new(),
        work: WHERE_VALID_WORK,
        nonneg: HashMap::new(),
        affine,
    };
    let passed = walk(arena, idx, &mut w, &mut tried);
    // each node written is exact, but a node rebuilt around one may not be
    let passed = match arena.exact(passed) || !arena.exact(idx) {
        true => passed,
        false => idx,
    };
    let idx = rerun_if_shorter(arena, idx, passed, tried, steps, run);
    match w.nonneg.is_empty() {
        true => idx,
        false => assume_nonneg(arena, idx, passed, clauses, &w.nonneg, steps, run),
    }
}

/// The points of the box of the slots `valid` and `idx` read where `valid` holds; none where
/// that box has more than [`IMPLIED_CHECK_POINTS`].
fn points_where_valid(arena: &ExprArena, valid: ExprId, idx: ExprId) -> Vec<Vec<i64>> {
    let Some((ranges, mut env)) = slots_box(arena, &[valid, idx], IMPLIED_CHECK_POINTS) else {
        return Vec::new();
    };
    let mut points = Vec::new();
    loop {
        if arena.eval(valid, &env) != 0 {
            points.push(env.clone());
        }
        if !next_point(&mut env, &ranges) {
            break;
        }
    }
    points
}

/// One walk of [`where_valid`] over an expression, at the points where valid holds.
struct Walk<'a> {
    points: &'a [Vec<i64>],
    memo: HashMap<ExprId, ExprId>,
    /// What is left of [`WHERE_VALID_WORK`].
    work: usize,
    /// The numerators `>= 0` at every point though not by their bounds, with their ranges.
    nonneg: HashMap<ExprId, (i64, i64)>,
    /// Quotients and remainders affine in their numerators at the points
    /// ([`affine_at_points`]) are written so, instead of those in one period.
    affine: bool,
}

/// `id` rebuilt bottom-up with each quotient and remainder [`rewrite_at_points`] gives (where
/// exact) in its place, each such rewrite a step.
fn walk(arena: &mut ExprArena, id: ExprId, w: &mut Walk, steps: &mut Vec<Step>) -> ExprId {
    if let Some(&done) = w.memo.get(&id) {
        return done;
    }
    let result = match *arena.node(id) {
        Node::Binary(op, a, b) => {
            let a = walk(arena, a, w, steps);
            let b = walk(arena, b, w, steps);
            let current = rebuild(arena, op, a, b);
            match rewrite_at_points(arena, op, a, b, w).filter(|&next| arena.exact(next)) {
                Some(next) => {
                    steps.push(Step {
                        rule: [WHERE_VALID.0, AFFINE_WHERE_VALID.0][usize::from(w.affine)],
                        before: current,
                        after: next,
                    });
                    next
                }
                None => current,
            }
        }
        _ => id,
    };
    w.memo.insert(id, result);
    result
}

/// `a op b`, a quotient or remainder by a constant `m > 0` whose evaluation at the points fits
/// what is left of the walk's work, written as its affine form there ([`affine_at_points`])
/// or, without `affine`, as its form in one period ([`in_one_period`]); `None` otherwise.
fn rewrite_at_points(
    arena: &mut ExprArena,
    op: BinOp,
    a: ExprId,
    b: ExprId,
    w: &mut Walk,
) -> Option<ExprId> {
    let cost = w.points.len().saturating_mul(arena.op_count(a) + 1);
    match (op, arena.node(b)) {
        (BinOp::Div | BinOp::Mod, &Node::Const(m)) if m > 0 && cost <= w.work => {
            w.work -= cost;
            let points = w.points;
            if w.affine {
                affine_at_points(arena, a, op, m, points)
            } else {
                in_one_period(arena, a, op, m, points, &mut w.nonneg)
            }
        }
        _ => None,
    }
}

/// `a op m` (`m > 0`) without the operation where the numerator `a >= 0` stays in one period
/// `[k·m, (k + 1)·m)` at every one of `points`: `k` for a quotient, `a - k·m` for a
/// remainder. A numerator `>= 0` at every point though not by its bounds, and not in one
/// period, goes into `nonneg` with its range there.
fn in_one_period(
    arena: &mut ExprArena,
    a: ExprId,
    op: BinOp,
    m: i64,
    points: &[Vec<i64>],
    nonneg: &mut HashMap<ExprId, (i64, i64)>,
) -> Option<ExprId> {
    let (low, high) = points.iter().fold((i64::MAX, i64::MIN), |(l, h), p| {
        let v = arena.eval(a, p);
        (l.min(v), h.max(v))
    });
    let k = low / m;
    if low >= 0 && k != high / m && arena.bounds(a).0 < 0 {
        nonneg.insert(a, (low, high));
    }
    match (low >= 0 && k == high / m, op) {
        (true, BinOp::Div) => Some(arena.constant(k)),
        (true, _) if k == 0 => Some(a),
        (true, _) => k.checked_mul(-m).map(|shift| {
            let shift = arena.constant(shift);
            arena.add(a, shift)
        }),
        (false, _) => None,
    }
}

/// `a op m` (`m > 0`) as the affine form `α·a + β` where that is its value at every one of
/// `points`: `q % 2` is `2 - q` where `q` is 1 or 2, a constant where `a` is one.
pub(crate) fn affine_at_points(
    arena: &mut ExprArena,
    a: ExprId,
    op: BinOp,
    m: i64,
    points: &[Vec<i64>],
) -> Option<ExprId> {
    // (m > 0: neither overflows)
    let f = |x: i64| if op == BinOp::Div { x / m } else { x % m };
    // the first point's numerator, and the slope once a second value shows it; most
    // quotients are not affine, and the first point off the line ends the search
    let x0 = arena.eval(a, points.first()?);
    let mut slope = None;
    for p in &points[1..] {
        let x = arena.eval(a, p);
        let run = x.checked_sub(x0)?;
        if run == 0 {
            continue;
        }
        let rise = f(x).checked_sub(f(x0))?;
        let s = match slope {
            Some(s) => s,
            None => *slope.insert(rise.checked_div(run).filter(|q| q * run == rise)?),
        };
        if s.checked_mul(run)? != rise {
            return None;
        }
    }
    let slope = slope.unwrap_or(0);
    let beta = f(x0).checked_sub(slope.checked_mul(x0)?)?;
    let shift = Linear {
        terms: Vec::new(),
        constant: beta,
    };
    let form = add_scaled(&shift, &linear_of(arena, a)?, slope)?;
    Some(build_linear(arena, &form))
}

/// [`where_valid`]'s second step: `passed` (its walk's result) with the numerators `nonneg`
/// shows `>= 0` at every point assumed so, and the rules again; kept where shorter than `idx`.
fn assume_nonneg(
    arena: &mut ExprArena,
    idx: ExprId,
    passed: ExprId,
    clauses: &[ExprId],
    nonneg: &HashMap<ExprId, (i64, i64)>,
    steps: &mut Vec<Step>,
    run: &mut Run,
) -> ExprId {
    // the rules that need a numerator `>= 0` where the points show it (`x % 6` for
    // `x = 24·(y % 6) + 96·(y // 6) + z - 54`, its sum with `y % 6` written out, where the
    // clauses keep `y % 6 >= 2` and `z >= 6`)
    let mut implied = implied_ranges(arena, clauses);
    for (&a, &(low, high)) in nonneg {
        let range = implied.exprs.entry(a).or_insert((low, high));
        *range = (range.0.max(low), range.1.min(high));
    }
    let assumed = assume(arena, passed, &implied);
    rerun_if_shorter(arena, idx, assumed, Vec::new(), steps, run)
}
