//! [`simplify_indexing`]: `idx` and `valid` simplified together.

use crate::engine::expr::{ExprArena, ExprId, Node};
use crate::engine::simplify::given_valid::assume::assume;
use crate::engine::simplify::given_valid::idx_given_valid;
use crate::engine::simplify::given_valid::implied::{clauses, implied_ranges, Implied};
use crate::engine::simplify::given_valid::where_valid::where_valid;
use crate::engine::simplify::points::{box_within, next_point, IMPLIED_CHECK_POINTS};
use crate::engine::simplify::rules::{
    LAST_COMPARISON, LAST_FIT, LAST_FIT_TERMS, LAST_LT_FIT, LAST_MOD_NEGATED, LAST_NEGATED,
    LAST_NEGATION, LAST_PAIR_FIT, LAST_PASS, PRE_GCD, PRE_SPLIT,
};
use crate::engine::simplify::{rebuild, simplify, Rule, Step, StopReason, MAX_STEPS};
use std::cell::Cell;
use std::collections::HashMap;

/// `id` with [`LAST_PASS`] applied bottom-up wherever it shortens, each firing recorded.
fn last_pass(
    arena: &mut ExprArena,
    id: ExprId,
    memo: &mut HashMap<ExprId, ExprId>,
    steps: &mut Vec<Step>,
) -> ExprId {
    if let Some(&done) = memo.get(&id) {
        return done;
    }
    let result = match arena.node(id).clone() {
        Node::Const(_) | Node::Bool(_) | Node::Var(_) => id,
        Node::Not(a) => {
            let a = last_pass(arena, a, memo, steps);
            arena.not(a)
        }
        Node::Binary(op, a, b) => {
            let (a, b) = (
                last_pass(arena, a, memo, steps),
                last_pass(arena, b, memo, steps),
            );
            let mut current = rebuild(arena, op, a, b);
            for rule in [&LAST_COMPARISON, &LAST_NEGATION, &LAST_FIT] {
                if let Some(next) = rule.fire(arena, current) {
                    steps.push(Step {
                        rule: rule.name,
                        before: current,
                        after: next,
                    });
                    current = next;
                }
            }
            // each firing is shorter than the sum's normal form, which the node is after the
            // first one, so this ends; `finish` keeps the result only where it is shorter
            while let Some(next) = LAST_PASS.fire(arena, current) {
                steps.push(Step {
                    rule: LAST_PASS.name,
                    before: current,
                    after: next,
                });
                current = next;
            }
            current
        }
    };
    memo.insert(id, result);
    result
}

/// `idx` and `valid` simplified together; see the module docs.
#[derive(Clone, Debug)]
pub struct SimplifiedIndexing {
    pub idx: ExprId,
    pub valid: ExprId,
    pub steps: Vec<Step>,
    pub stop: StopReason,
}

/// Simplifies `valid` clause by clause (each given the others), then `idx` given `valid`,
/// three ways, and keeps the shortest pair: as built; with every quotient's whole multiples
/// taken out first ([`PRE_SPLIT`]), as tinygrad always does; and with every remainder's
/// common factor with its modulus taken out first ([`PRE_GCD`]). Neither is shorter where it
/// happens, so the rules do not take them on their own, but what comes out may then cancel,
/// let the rest fit, or be what the clauses bound: `(4a - c + 3) // 2 + 4·((c + 1) % 2)` is
/// `2a + 7·(c // 2) - 4c + 5`, and `(3r + 5) % 21` is `3·((r + 1) % 7) + 2`, where a clause
/// may bound `(r + 1) % 7`.
pub fn simplify_indexing(arena: &mut ExprArena, idx: ExprId, valid: ExprId) -> SimplifiedIndexing {
    let ops =
        |arena: &ExprArena, s: &SimplifiedIndexing| arena.op_count(s.idx) + arena.op_count(s.valid);
    let mut best = simplify_indexing_once(arena, idx, valid, Vec::new());
    for rule in [&PRE_SPLIT, &PRE_GCD] {
        let mut steps = Vec::new();
        let mut memo = HashMap::new();
        let pre_idx = rewrite_everywhere(arena, rule, idx, &mut memo, &mut steps);
        let pre_valid = rewrite_everywhere(arena, rule, valid, &mut memo, &mut steps);
        if steps.is_empty() {
            continue;
        }
        let other = simplify_indexing_once(arena, pre_idx, pre_valid, steps);
        if ops(arena, &other) < ops(arena, &best) {
            best = other;
        }
    }
    best
}

/// One way of [`simplify_indexing`], its steps following `steps`.
fn simplify_indexing_once(
    arena: &mut ExprArena,
    idx: ExprId,
    valid: ExprId,
    mut steps: Vec<Step>,
) -> SimplifiedIndexing {
    // (cells, so that an alternative given up can hand its steps back)
    let stop = Cell::new(StopReason::Saturated);
    let budget = Cell::new(MAX_STEPS);
    let mut run = |arena: &mut ExprArena, id: ExprId, steps: &mut Vec<Step>| {
        let result = simplify(arena, id, budget.get());
        budget.set(budget.get() - result.steps.len().min(budget.get()));
        if result.stop == StopReason::StepLimit {
            stop.set(StopReason::StepLimit);
        }
        steps.extend(result.steps);
        result.root
    };
    let valid = run(arena, valid, &mut steps);
    let mut parts: Vec<ExprId> = clauses(arena, valid)
        .into_iter()
        .map(|c| assume(arena, c, &Implied::default()))
        .collect();
    if matches!(arena.node(valid), Node::Bool(false)) {
        parts = vec![valid];
    }
    // Each pass simplifies every clause given the others; a few passes reach a fixpoint.
    for _ in 0..4 {
        let mut changed = false;
        let mut i = 0;
        while i < parts.len() {
            let others: Vec<ExprId> = parts
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &c)| c)
                .collect();
            let ranges = implied_ranges(arena, &others);
            let assumed = assume(arena, parts[i], &ranges);
            let mut tried = Vec::new();
            // Kept without the ranges assumed: were a later pass to trust them, it would lean
            // on clauses that may since have been dropped as implied by this one.
            let simplified = run(arena, assumed, &mut tried);
            let mut clause = assume(arena, simplified, &Implied::default());
            // What the others imply may not shorten a clause; keep the shorter form.
            if arena.op_count(clause) > arena.op_count(parts[i]) {
                clause = parts[i];
            } else {
                steps.append(&mut tried);
            }
            match *arena.node(clause) {
                Node::Bool(true) => {
                    parts.remove(i);
                    changed = true;
                    continue;
                }
                Node::Bool(false) => {
                    parts = vec![clause];
                    break;
                }
                _ => {
                    if clause != parts[i] {
                        parts[i] = clause;
                        changed = true;
                    }
                }
            }
            i += 1;
        }
        if !changed {
            break;
        }
    }
    // idx is read only where valid holds: nowhere, so any value will do
    if let Some(&valid) = parts
        .first()
        .filter(|&&c| matches!(arena.node(c), Node::Bool(false)))
    {
        return SimplifiedIndexing {
            idx: arena.constant(0),
            valid,
            steps,
            stop: stop.get(),
        };
    }
    // idx is simplified on its own first so that its sub-terms match valid's simplified ones.
    let alone = run(arena, idx, &mut steps);
    let ranges = implied_ranges(arena, &parts);
    let mut finished: Vec<ExprId> = parts
        .iter()
        .map(|&clause| finish(arena, clause, &mut steps, &mut run))
        .collect();
    let final_ranges = implied_ranges(arena, &finished);
    // Folding a quotient of a quotient the clauses allow may keep a shorter form of the sum
    // around it from being found: where it folded one, idx is also simplified without.
    let given = [&ranges, &final_ranges];
    let mut tried = Vec::new();
    let before = (budget.get(), stop.get());
    let (mut idx, folded) = idx_given_valid(arena, alone, given, true, &mut tried, &mut run);
    if folded {
        // each way from the same budget, so the way without is simplified as if alone
        let with = (budget.get(), stop.get());
        budget.set(before.0);
        stop.set(before.1);
        let mut other = Vec::new();
        let (without, _) = idx_given_valid(arena, alone, given, false, &mut other, &mut run);
        if arena.op_count(without) < arena.op_count(idx) {
            (idx, tried) = (without, other);
        } else {
            budget.set(with.0);
            stop.set(with.1);
        }
    }
    steps.append(&mut tried);
    // last, each kept where shorter: what they find would hide what other rules find
    for rule in [
        &LAST_NEGATED,
        &LAST_MOD_NEGATED,
        &LAST_FIT_TERMS,
        &LAST_LT_FIT,
    ] {
        polish_all(arena, rule, &mut idx, &mut finished, &mut steps, &mut run);
    }
    idx = where_valid(arena, idx, &finished, false, &mut steps, &mut run);
    polish_all(
        arena,
        &LAST_PAIR_FIT,
        &mut idx,
        &mut finished,
        &mut steps,
        &mut run,
    );
    // after the fits, which read forms it would write away (quotients and remainders affine
    // in their numerators where valid holds)
    idx = where_valid(arena, idx, &finished, true, &mut steps, &mut run);
    // last, so that idx was read under every clause's ranges; valid keeps its values
    let mut valid = arena.boolean(true);
    for clause in drop_implied(arena, finished, &mut steps) {
        valid = arena.and(valid, clause);
    }
    SimplifiedIndexing {
        idx,
        valid,
        steps,
        stop: stop.get(),
    }
}

/// Runs the rules on an expression, counting steps against one budget.
pub(crate) type Run<'a> = dyn FnMut(&mut ExprArena, ExprId, &mut Vec<Step>) -> ExprId + 'a;

/// `passed`, what a pass made of `id` with its steps in `tried`, with the rules run again; kept
/// where shorter than `id`, its steps then added to `steps`.
pub(crate) fn rerun_if_shorter(
    arena: &mut ExprArena,
    id: ExprId,
    passed: ExprId,
    mut tried: Vec<Step>,
    steps: &mut Vec<Step>,
    run: &mut Run,
) -> ExprId {
    if passed == id {
        return id;
    }
    let done = run(arena, passed, &mut tried);
    if arena.op_count(done) < arena.op_count(id) {
        steps.append(&mut tried);
        done
    } else {
        id
    }
}

/// The last pass, then the rules again on what it shortened; kept where shorter.
pub(crate) fn finish(
    arena: &mut ExprArena,
    id: ExprId,
    steps: &mut Vec<Step>,
    run: &mut Run,
) -> ExprId {
    let mut tried = Vec::new();
    let passed = last_pass(arena, id, &mut HashMap::new(), &mut tried);
    rerun_if_shorter(arena, id, passed, tried, steps, run)
}

/// `rule` at every node of `id`, then the rules again; kept where shorter.
fn polish(
    arena: &mut ExprArena,
    rule: &Rule,
    id: ExprId,
    steps: &mut Vec<Step>,
    run: &mut Run,
) -> ExprId {
    let mut tried = Vec::new();
    let passed = rewrite_everywhere(arena, rule, id, &mut HashMap::new(), &mut tried);
    rerun_if_shorter(arena, id, passed, tried, steps, run)
}

/// [`polish`] of `idx`, then of each clause.
fn polish_all(
    arena: &mut ExprArena,
    rule: &Rule,
    idx: &mut ExprId,
    clauses: &mut [ExprId],
    steps: &mut Vec<Step>,
    run: &mut Run,
) {
    for id in std::iter::once(idx).chain(clauses) {
        *id = polish(arena, rule, *id, steps, run);
    }
}

/// `rule` at every node of `id`, bottom-up, once.
fn rewrite_everywhere(
    arena: &mut ExprArena,
    rule: &Rule,
    id: ExprId,
    memo: &mut HashMap<ExprId, ExprId>,
    steps: &mut Vec<Step>,
) -> ExprId {
    if let Some(&done) = memo.get(&id) {
        return done;
    }
    let result = match arena.node(id).clone() {
        Node::Const(_) | Node::Bool(_) | Node::Var(_) => id,
        Node::Not(a) => {
            let a = rewrite_everywhere(arena, rule, a, memo, steps);
            arena.not(a)
        }
        Node::Binary(op, a, b) => {
            let a = rewrite_everywhere(arena, rule, a, memo, steps);
            let b = rewrite_everywhere(arena, rule, b, memo, steps);
            let current = rebuild(arena, op, a, b);
            match rule.fire(arena, current) {
                Some(next) => {
                    steps.push(Step {
                        rule: rule.name,
                        before: current,
                        after: next,
                    });
                    next
                }
                None => current,
            }
        }
    };
    memo.insert(id, result);
    result
}

/// The clauses without those the others imply on the variables' box (at most
/// [`IMPLIED_CHECK_POINTS`] points): `valid` keeps its value at every point, and a clause
/// that interval reasoning cannot see through goes (`(c + 3·b + 3) % 9 >= 2` where
/// `(3·b + c) % 6 >= 4`, `b` in `[0, 3]`, `c` in `[0, 2]`). The longest are tried first; each
/// that goes is a step to `true`.
fn drop_implied(arena: &mut ExprArena, clauses: Vec<ExprId>, steps: &mut Vec<Step>) -> Vec<ExprId> {
    if clauses.len() < 2 {
        return clauses;
    }
    let Some((_, ranges, mut env)) = box_within(arena, &clauses, IMPLIED_CHECK_POINTS) else {
        return clauses;
    };
    // each clause's value at every point, in odometer order
    let mut holds: Vec<Vec<bool>> = vec![Vec::new(); clauses.len()];
    loop {
        for (k, &c) in clauses.iter().enumerate() {
            holds[k].push(arena.eval(c, &env) != 0);
        }
        if !next_point(&mut env, &ranges) {
            break;
        }
    }
    let mut kept = vec![true; clauses.len()];
    let mut order: Vec<usize> = (0..clauses.len()).collect();
    crate::engine::small_sort::sort_by_key(&mut order, |&k| {
        std::cmp::Reverse(arena.op_count(clauses[k]))
    });
    for &k in &order {
        let implied = (0..holds[k].len())
            .all(|p| holds[k][p] || (0..clauses.len()).any(|j| j != k && kept[j] && !holds[j][p]));
        if implied {
            kept[k] = false;
            let after = arena.boolean(true);
            steps.push(Step {
                rule: "drop-implied",
                before: clauses[k],
                after,
            });
        }
    }
    clauses
        .into_iter()
        .zip(kept)
        .filter(|&(_, keep)| keep)
        .map(|(c, _)| c)
        .collect()
}
