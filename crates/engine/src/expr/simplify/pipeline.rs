//! [`simplify_indexing`]: `idx` and `valid` simplified together, phase by phase as [`PHASES`]
//! lists them.

use std::cell::Cell;
use std::collections::HashMap;
use std::ops::ControlFlow;

use crate::expr::simplify::given_valid::assume::assume;
use crate::expr::simplify::given_valid::idx_given_valid;
use crate::expr::simplify::given_valid::implied::{clauses, implied_ranges, Implied};
use crate::expr::simplify::given_valid::where_valid::where_valid;
use crate::expr::simplify::points::{box_within, next_point, IMPLIED_CHECK_POINTS};
use crate::expr::simplify::rules::{
    AFFINE_WHERE_VALID, DROP_IMPLIED, LAST_COMPARISON, LAST_FIT, LAST_FIT_TERMS, LAST_LT_FIT,
    LAST_MOD_NEGATED, LAST_NEGATED, LAST_NEGATION, LAST_PAIR_FIT, LAST_PASS, PRE_GCD, PRE_SPLIT,
    WHERE_VALID,
};
use crate::expr::simplify::{rebuild, simplify, Rule, Step, StopReason, MAX_STEPS};
use crate::expr::{ExprArena, ExprId, Node};

/// One phase of [`simplify_indexing`]: a name, why it runs where it does, and what it runs.
pub(crate) struct Phase {
    #[cfg_attr(
        not(test),
        allow(dead_code, reason = "read where the order is pinned and shown")
    )]
    pub(crate) name: &'static str,
    /// Why the phase runs at its place in [`PHASES`], in one line; what it runs says more.
    #[cfg_attr(
        not(test),
        allow(dead_code, reason = "read where the order is pinned and shown")
    )]
    pub(crate) reason: &'static str,
    action: Action,
}

/// What a [`Phase`] runs.
#[derive(Clone, Copy)]
enum Action {
    /// A way to start: `rule` at every node of `idx` and `valid` first (none: as built), then
    /// every phase that is not a way; of the ways that apply, the shortest result is kept.
    Way(Option<&'static Rule>),
    /// A step of each way; [`ControlFlow::Break`] where `valid` never holds, which ends it.
    Step(fn(&mut ExprArena, &mut Way<'_>) -> ControlFlow<()>),
    /// [`polish_all`] with the rule: at every node of `idx` and of each clause, kept where shorter.
    Polish(&'static Rule),
    /// [`where_valid`], writing affine forms if `affine`.
    WhereValid { affine: bool },
}

/// The order of [`simplify_indexing`], as it runs. The rules outside [`RULES`](super::RULES)
/// each rewrite forms that other rules read, so each runs after those rules are done.
pub(crate) const PHASES: &[Phase] = &[
    Phase {
        name: "as-built",
        reason: "the first way: idx and valid as given",
        action: Action::Way(None),
    },
    Phase {
        name: PRE_SPLIT.name,
        reason: "a way where quotients lose their whole multiples first, as tinygrad does",
        action: Action::Way(Some(&PRE_SPLIT)),
    },
    Phase {
        name: PRE_GCD.name,
        reason: "a way where remainders lose their common factor first, for what a clause bounds",
        action: Action::Way(Some(&PRE_GCD)),
    },
    Phase {
        name: "clauses-given-each-other",
        reason: "valid first: idx is only read where valid holds, so idx is simplified given it",
        action: Action::Step(clauses_given_each_other),
    },
    Phase {
        name: "idx-alone",
        reason: "idx on its own first, so that its sub-terms match valid's simplified ones",
        action: Action::Step(idx_alone),
    },
    Phase {
        name: "last-pass-of-clauses",
        reason: "after every rule of the table: the forms it writes would hide what those read",
        action: Action::Step(last_pass_of_clauses),
    },
    Phase {
        name: "idx-given-valid",
        reason: "idx given what the clauses imply before and after their last pass, then its own",
        action: Action::Step(idx_given_clauses),
    },
    Phase {
        name: LAST_NEGATED.name,
        reason: "after the last pass: a negated quotient hides the splits and folds found in it",
        action: Action::Polish(&LAST_NEGATED),
    },
    Phase {
        name: LAST_MOD_NEGATED.name,
        reason: "after div-negated-in-sum: it may take in a remainder the clauses keep in a period",
        action: Action::Polish(&LAST_MOD_NEGATED),
    },
    Phase {
        name: LAST_FIT_TERMS.name,
        reason: "on forms as they are final: a part's fit hides the forms the whole sum takes",
        action: Action::Polish(&LAST_FIT_TERMS),
    },
    Phase {
        name: LAST_LT_FIT.name,
        reason: "on clauses as they are final: its remainder hides what comparison rules read",
        action: Action::Polish(&LAST_LT_FIT),
    },
    Phase {
        name: WHERE_VALID.0,
        reason: "late: it reads the points where the final clauses hold, not one node",
        action: Action::WhereValid { affine: false },
    },
    Phase {
        name: LAST_PAIR_FIT.name,
        reason: "after in-period-where-valid: its form hides the sums and clauses others read",
        action: Action::Polish(&LAST_PAIR_FIT),
    },
    Phase {
        name: AFFINE_WHERE_VALID.0,
        reason: "after the fits, which read the quotients and remainders it writes away",
        action: Action::WhereValid { affine: true },
    },
    Phase {
        name: DROP_IMPLIED.0,
        reason: "last, so that idx was read under every clause's ranges; valid keeps its values",
        action: Action::Step(drop_implied_clauses),
    },
];

/// The rules of the last pass tried once at each node, in order, before [`LAST_PASS`] (which
/// then fires while it shortens): [`LAST_NEGATION`] after [`LAST_COMPARISON`], as it is then no
/// longer alone and a `!` around it cancels.
pub(crate) const LAST_PASS_ONCE: [&Rule; 3] = [&LAST_COMPARISON, &LAST_NEGATION, &LAST_FIT];

/// `id` with [`LAST_PASS_ONCE`] and then [`LAST_PASS`] applied bottom-up, each firing recorded.
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
            for rule in LAST_PASS_ONCE {
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
    /// The offset, simplified given `valid` (it equals the original only where `valid` holds).
    pub idx: ExprId,
    /// The validity, simplified clause by clause.
    pub valid: ExprId,
    /// Every firing of the way kept, over both, in order.
    pub steps: Vec<Step>,
    /// [`StopReason::StepLimit`] if any run of the rules in the way kept spent the budget.
    pub stop: StopReason,
}

/// Simplifies `valid` clause by clause (each given the others), then `idx` given `valid`, in
/// the ways and phases `PHASES` lists, and keeps the shortest pair. The ways other than as
/// built are not shorter where they apply, so the rules do not take them on their own, but
/// what comes out may then cancel, let the rest fit, or be what the clauses bound:
/// `(4a - c + 3) // 2 + 4·((c + 1) % 2)` is `2a + 7·(c // 2) - 4c + 5` ([`PRE_SPLIT`]), and
/// `(3r + 5) % 21` is `3·((r + 1) % 7) + 2` ([`PRE_GCD`]), where a clause may bound
/// `(r + 1) % 7`.
pub fn simplify_indexing(arena: &mut ExprArena, idx: ExprId, valid: ExprId) -> SimplifiedIndexing {
    let ops =
        |arena: &ExprArena, s: &SimplifiedIndexing| arena.op_count(s.idx) + arena.op_count(s.valid);
    let mut best: Option<SimplifiedIndexing> = None;
    for phase in PHASES {
        let Action::Way(first) = phase.action else {
            continue;
        };
        let (idx, valid, steps) = match first {
            None => (idx, valid, Vec::new()),
            Some(rule) => {
                let mut steps = Vec::new();
                let mut memo = HashMap::new();
                let pre_idx = rewrite_everywhere(arena, rule, idx, &mut memo, &mut steps);
                let pre_valid = rewrite_everywhere(arena, rule, valid, &mut memo, &mut steps);
                if steps.is_empty() {
                    continue;
                }
                (pre_idx, pre_valid, steps)
            }
        };
        let other = one_way(arena, idx, valid, steps);
        if best
            .as_ref()
            .is_none_or(|best| ops(arena, &other) < ops(arena, best))
        {
            best = Some(other);
        }
    }
    best.expect("PHASES starts with the way as built")
}

/// The step budget one way shares among its runs of the rules, and why the last run stopped.
/// (Cells, so that an alternative given up can hand its steps back.)
struct Budget {
    left: Cell<usize>,
    stop: Cell<StopReason>,
}

impl Budget {
    /// [`simplify`] of `id` within what is left, its steps added to `steps`.
    fn run(&self, arena: &mut ExprArena, id: ExprId, steps: &mut Vec<Step>) -> ExprId {
        let result = simplify(arena, id, self.left.get());
        self.left
            .set(self.left.get() - result.steps.len().min(self.left.get()));
        if result.stop == StopReason::StepLimit {
            self.stop.set(StopReason::StepLimit);
        }
        steps.extend(result.steps);
        result.root
    }
}

/// What one way of [`simplify_indexing`] has made of `idx` and `valid` so far.
struct Way<'a> {
    /// `idx` as given, then as simplified given the clauses.
    idx: ExprId,
    /// `idx` simplified on its own.
    alone: ExprId,
    /// `valid` as given; its clauses are in `clauses` once simplified.
    valid: ExprId,
    clauses: Vec<ExprId>,
    /// What the clauses imply before their last pass.
    ranges: Implied,
    steps: Vec<Step>,
    budget: &'a Budget,
}

/// One way of [`simplify_indexing`]: every phase of [`PHASES`] that is not a way, in order,
/// its steps following `steps`.
fn one_way(
    arena: &mut ExprArena,
    idx: ExprId,
    valid: ExprId,
    steps: Vec<Step>,
) -> SimplifiedIndexing {
    let budget = Budget {
        left: Cell::new(MAX_STEPS),
        stop: Cell::new(StopReason::Saturated),
    };
    let mut way = Way {
        idx,
        alone: idx,
        valid,
        clauses: Vec::new(),
        ranges: Implied::default(),
        steps,
        budget: &budget,
    };
    let mut run =
        |arena: &mut ExprArena, id: ExprId, steps: &mut Vec<Step>| budget.run(arena, id, steps);
    for phase in PHASES {
        match phase.action {
            Action::Way(_) => {}
            Action::Step(step) => {
                if step(arena, &mut way).is_break() {
                    // idx is read only where valid holds: nowhere, so any value will do
                    return SimplifiedIndexing {
                        idx: arena.constant(0),
                        valid: way.clauses[0],
                        steps: way.steps,
                        stop: budget.stop.get(),
                    };
                }
            }
            Action::Polish(rule) => {
                let Way {
                    idx,
                    clauses,
                    steps,
                    ..
                } = &mut way;
                polish_all(arena, rule, idx, clauses, steps, &mut run);
            }
            Action::WhereValid { affine } => {
                way.idx = where_valid(
                    arena,
                    way.idx,
                    &way.clauses,
                    affine,
                    &mut way.steps,
                    &mut run,
                );
            }
        }
    }
    let mut valid = arena.boolean(true);
    for &clause in &way.clauses {
        valid = arena.and(valid, clause);
    }
    SimplifiedIndexing {
        idx: way.idx,
        valid,
        steps: way.steps,
        stop: budget.stop.get(),
    }
}

/// Each clause of `valid` simplified given the others, a few passes to a fixpoint; breaks
/// where a clause never holds, which is then all of `valid`.
fn clauses_given_each_other(arena: &mut ExprArena, way: &mut Way<'_>) -> ControlFlow<()> {
    let budget = way.budget;
    let run =
        |arena: &mut ExprArena, id: ExprId, steps: &mut Vec<Step>| budget.run(arena, id, steps);
    let valid = run(arena, way.valid, &mut way.steps);
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
                way.steps.append(&mut tried);
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
    let never = parts
        .first()
        .is_some_and(|&c| matches!(arena.node(c), Node::Bool(false)));
    way.clauses = parts;
    match never {
        true => ControlFlow::Break(()),
        false => ControlFlow::Continue(()),
    }
}

/// `idx` simplified on its own.
fn idx_alone(arena: &mut ExprArena, way: &mut Way<'_>) -> ControlFlow<()> {
    way.alone = way.budget.run(arena, way.idx, &mut way.steps);
    ControlFlow::Continue(())
}

/// The last pass of each clause ([`finish`]), what the clauses imply before it kept for
/// [`idx_given_clauses`].
fn last_pass_of_clauses(arena: &mut ExprArena, way: &mut Way<'_>) -> ControlFlow<()> {
    let budget = way.budget;
    let mut run =
        |arena: &mut ExprArena, id: ExprId, steps: &mut Vec<Step>| budget.run(arena, id, steps);
    way.ranges = implied_ranges(arena, &way.clauses);
    for k in 0..way.clauses.len() {
        way.clauses[k] = finish(arena, way.clauses[k], &mut way.steps, &mut run);
    }
    ControlFlow::Continue(())
}

/// `idx` given the clauses ([`idx_given_valid`]). Folding a quotient of a quotient the clauses
/// allow may keep a shorter form of the sum around it from being found: where it folded one,
/// idx is also simplified without, from the same budget, and the shorter kept.
fn idx_given_clauses(arena: &mut ExprArena, way: &mut Way<'_>) -> ControlFlow<()> {
    let budget = way.budget;
    let mut run =
        |arena: &mut ExprArena, id: ExprId, steps: &mut Vec<Step>| budget.run(arena, id, steps);
    let final_ranges = implied_ranges(arena, &way.clauses);
    let given = [&way.ranges, &final_ranges];
    let mut tried = Vec::new();
    let before = (budget.left.get(), budget.stop.get());
    let (mut idx, folded) = idx_given_valid(arena, way.alone, given, true, &mut tried, &mut run);
    if folded {
        // each way from the same budget, so the way without is simplified as if alone
        let with = (budget.left.get(), budget.stop.get());
        budget.left.set(before.0);
        budget.stop.set(before.1);
        let mut other = Vec::new();
        let (without, _) = idx_given_valid(arena, way.alone, given, false, &mut other, &mut run);
        if arena.op_count(without) < arena.op_count(idx) {
            (idx, tried) = (without, other);
        } else {
            budget.left.set(with.0);
            budget.stop.set(with.1);
        }
    }
    way.steps.append(&mut tried);
    way.idx = idx;
    ControlFlow::Continue(())
}

/// The clauses without those the others imply ([`drop_implied`]).
fn drop_implied_clauses(arena: &mut ExprArena, way: &mut Way<'_>) -> ControlFlow<()> {
    let clauses = std::mem::take(&mut way.clauses);
    way.clauses = drop_implied(arena, clauses, &mut way.steps);
    ControlFlow::Continue(())
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
    crate::support::small_sort::sort_by_key(&mut order, |&k| {
        std::cmp::Reverse(arena.op_count(clauses[k]))
    });
    for &k in &order {
        let implied = (0..holds[k].len())
            .all(|p| holds[k][p] || (0..clauses.len()).any(|j| j != k && kept[j] && !holds[j][p]));
        if implied {
            kept[k] = false;
            let after = arena.boolean(true);
            steps.push(Step {
                rule: DROP_IMPLIED.0,
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
