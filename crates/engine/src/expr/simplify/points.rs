//! Small boxes of variable values and their points, walked by the rules that check a form at
//! every point and by the steps that read where `valid` holds.

use crate::expr::simplify::variables_in;
use crate::expr::{ExprArena, ExprId, VarId};

/// Most points `affine_on_domain` and `affine_in_atoms` evaluate.
pub(crate) const AFFINE_CHECK_POINTS: i64 = 1024;

/// Largest box on which `drop_implied` compares `valid`'s clauses point by point: on the tinygrad
/// reference cases, boxes of 8,192 or 65,536 points drop no more clauses than 4,096.
pub(crate) const IMPLIED_CHECK_POINTS: i64 = 4096;

/// A value's slot in an environment (a variable's, or an atom's index) and its inclusive range.
pub(crate) type SlotRange = (usize, i64, i64);

/// The variables of `id`, their slots and ranges, and the box's first point (every variable
/// at its minimum), when the box has at most [`AFFINE_CHECK_POINTS`] points.
pub(crate) fn small_box(
    arena: &ExprArena,
    id: ExprId,
) -> Option<(Vec<VarId>, Vec<SlotRange>, Vec<i64>)> {
    box_within(arena, &[id], AFFINE_CHECK_POINTS)
}

/// [`small_box`] of all of `ids`' variables, for a box of at most `limit` points. (Of each id,
/// not of their conjunction: `and` may fold away an operand whose bounds decide it.)
pub(crate) fn box_within(
    arena: &ExprArena,
    ids: &[ExprId],
    limit: i64,
) -> Option<(Vec<VarId>, Vec<SlotRange>, Vec<i64>)> {
    let mut vars = Vec::new();
    for &id in ids {
        for v in variables_in(arena, id) {
            if !vars.contains(&v) {
                vars.push(v);
            }
        }
    }
    let ranges: Vec<SlotRange> = vars
        .iter()
        .map(|&v| {
            let var = arena.variable(v);
            (var.slot, var.min, var.max)
        })
        .collect();
    // a variable and a re-bounded copy share a slot but not a range: not one box
    if (1..ranges.len()).any(|k| ranges[..k].iter().any(|r| r.0 == ranges[k].0)) {
        return None;
    }
    let env = first_point(&ranges, limit)?;
    Some((vars, ranges, env))
}

/// The box of the slots of `ids`' variables, each slot over the union of the ranges of its
/// variable and the re-bounded copies of it (`idx` given the clauses holds copies that the
/// clauses bound), for at most `limit` points; with the box's first point. For evaluating
/// only: no variable spans it.
pub(crate) fn slots_box(
    arena: &ExprArena,
    ids: &[ExprId],
    limit: i64,
) -> Option<(Vec<SlotRange>, Vec<i64>)> {
    let mut ranges: Vec<SlotRange> = Vec::new();
    for &id in ids {
        for v in variables_in(arena, id) {
            let var = arena.variable(v);
            match ranges.iter_mut().find(|r| r.0 == var.slot) {
                Some(range) => *range = (var.slot, range.1.min(var.min), range.2.max(var.max)),
                None => ranges.push((var.slot, var.min, var.max)),
            }
        }
    }
    let env = first_point(&ranges, limit)?;
    Some((ranges, env))
}

/// The first point of the box of `ranges` (each slot at its least), when the box has at most
/// `limit` points.
fn first_point(ranges: &[SlotRange], limit: i64) -> Option<Vec<i64>> {
    small_enough(ranges, limit)?;
    let slots = ranges.iter().map(|r| r.0).max().map_or(0, |m| m + 1);
    let mut env = vec![0i64; slots];
    for &(slot, lo, _) in ranges {
        env[slot] = lo;
    }
    Some(env)
}

/// `Some` when the box of `ranges` has at most `limit` points.
pub(crate) fn small_enough(ranges: &[SlotRange], limit: i64) -> Option<()> {
    let mut points: i64 = 1;
    for &(_, lo, hi) in ranges {
        points = points.checked_mul(hi.checked_sub(lo)?.checked_add(1)?)?;
        if points > limit {
            return None;
        }
    }
    Some(())
}

/// Moves `env` to the box's next point in odometer order; false after the last one.
pub(crate) fn next_point(env: &mut [i64], ranges: &[SlotRange]) -> bool {
    for &(slot, lo, hi) in ranges {
        // compared before the step, so a range ending at i64::MAX never overflows
        if env[slot] < hi {
            env[slot] += 1;
            return true;
        }
        env[slot] = lo;
    }
    false
}
