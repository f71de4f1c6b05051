//! A bounded, rule-based simplifier for index expressions.
//!
//! Rules are data: a name, the law it applies and a function that rewrites one node or declines.
//! [`simplify`] rebuilds an expression bottom-up, tries the rules at every node, records each
//! firing as a [`Step`] and stops when no rule applies or the step budget is spent
//! ([`StopReason`]). Every rule only fires when the result has no more operations than the node
//! it replaces, so a fixpoint is reached; `//` and `%` truncate toward zero, so rules that move
//! terms across them require non-negative operands, which the node bounds prove.
//!
//! [`simplify_indexing`] then does what tinygrad's `simplify_valid` and `uop_given_valid` do:
//! each clause of `valid` is simplified given the others, and `idx` given all of them (`idx` is
//! only read where `valid` holds), each keeping its shorter form when that does not help. Its
//! phases, and the rules outside [`RULES`] that run in them, are one ordered list: `PHASES` in
//! `pipeline.rs`, each with the reason for its place.
//!
//! Files: `rules/` (the table and the rule families), `linear` (linear forms the rules share),
//! `points` (small boxes and their points), `given_valid/` (what the clauses imply and
//! expressions rewritten under it), `pipeline` (the phases), `tests/` (by family).

mod given_valid;
mod linear;
mod pipeline;
mod points;
mod rules;
#[cfg(test)]
mod tests;

pub use given_valid::implied::clauses;
pub use pipeline::{simplify_indexing, SimplifiedIndexing};
pub use rules::{
    law_of, AFFINE_WHERE_VALID, DROP_IMPLIED, LAST_COMPARISON, LAST_FIT, LAST_FIT_TERMS,
    LAST_LT_FIT, LAST_MOD_NEGATED, LAST_NEGATED, LAST_NEGATION, LAST_PAIR_FIT, LAST_PASS,
    OUTSIDE_THE_TABLE, PRE_GCD, PRE_SPLIT, RULES, WHERE_VALID,
};

use std::collections::HashMap;

use crate::expr::{BinOp, ExprArena, ExprId, Node, VarId};

/// One named rewrite: `law` holds for every assignment satisfying the rule's side conditions.
pub struct Rule {
    /// The rule's kebab-case name, as [`Step::rule`] records it (`linear-normal-form`).
    pub name: &'static str,
    /// The law it applies, in the notation of the module docs.
    pub law: &'static str,
    apply: fn(&mut ExprArena, ExprId) -> Option<ExprId>,
}

impl Rule {
    /// The rule's rewrite of `id`, where it applies and its result is [`ExprArena::exact`]:
    /// the laws hold over the integers, so a form that could overflow where `id` does not is
    /// not taken (`5·a + (2·a + b) // 6` for `a` near 2^60 stays as written).
    fn fire(&self, arena: &mut ExprArena, id: ExprId) -> Option<ExprId> {
        (self.apply)(arena, id).filter(|&next| arena.exact(next))
    }
}

/// A rule that fired: `before` was rewritten to `after`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The [`Rule::name`] of the rule that fired.
    pub rule: &'static str,
    /// The node rewritten.
    pub before: ExprId,
    /// What it was rewritten to; both evaluate alike wherever the rule's conditions hold.
    pub after: ExprId,
}

/// Why [`simplify`] stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// No rule applies anywhere.
    Saturated,
    /// The step budget ran out; the expression is correct but maybe not simplest.
    StepLimit,
}

/// Most rule firings in one call.
pub const MAX_STEPS: usize = 2000;

struct Rewriter<'a> {
    arena: &'a mut ExprArena,
    memo: HashMap<ExprId, ExprId>,
    /// The keys `memo` gained, in order: an alternative given up forgets what it learned, as
    /// its steps are gone (a later visit would take the result without them).
    learned: Vec<ExprId>,
    steps: Vec<Step>,
    budget: usize,
    stop: StopReason,
}

impl Rewriter<'_> {
    fn remember(&mut self, id: ExprId, result: ExprId) {
        if self.memo.insert(id, result).is_none() {
            self.learned.push(id);
        }
    }

    /// Forgets what `memo` learned since `mark` (a length of `learned`).
    fn forget_since(&mut self, mark: usize) {
        for id in self.learned.split_off(mark) {
            self.memo.remove(&id);
        }
    }

    fn visit(&mut self, id: ExprId) -> ExprId {
        if let Some(&done) = self.memo.get(&id) {
            return done;
        }
        // A comparison's rules read the form of its operands, which simplifying them first can
        // hide (`(3a + b) // 2 < 1` is `3a + b < 2`, but not once the division is split), so
        // they are also tried on the comparison as written; the shorter result wins.
        // Each comparison rule that applies is followed on its own (`lt-div` may take the
        // numerator whole where `lt-common-factor` of its split quotient is shorter).
        let mut early: Option<(ExprId, Vec<Step>)> = None;
        if matches!(self.arena.node(id), Node::Binary(BinOp::Lt, _, _)) {
            let mark = self.steps.len();
            for rule in RULES.iter().filter(|r| r.name.starts_with("lt-")) {
                let Some(next) = rule.fire(self.arena, id).filter(|&next| next != id) else {
                    continue;
                };
                if self.budget == 0 {
                    break;
                }
                self.budget -= 1;
                self.steps.push(Step {
                    rule: rule.name,
                    before: id,
                    after: next,
                });
                let learned = self.learned.len();
                let result = self.visit(next);
                let steps = self.steps.split_off(mark);
                // kept or not, its steps are set aside: the way below must find them again
                self.forget_since(learned);
                let shorter = early.as_ref().is_none_or(|(best, _)| {
                    self.arena.op_count(result) < self.arena.op_count(*best)
                });
                if shorter {
                    early = Some((result, steps));
                }
            }
        }
        let mark = self.steps.len();
        let learned = self.learned.len();
        let late = self.bottom_up(id);
        let current = match early {
            Some((result, mut steps))
                if self.arena.op_count(result) < self.arena.op_count(late) =>
            {
                self.steps.truncate(mark);
                self.forget_since(learned);
                self.steps.append(&mut steps);
                result
            }
            _ => late,
        };
        self.remember(id, current);
        self.remember(current, current);
        current
    }

    /// `id` with its operands simplified, then the rules tried at the node until none applies.
    fn bottom_up(&mut self, id: ExprId) -> ExprId {
        let rebuilt = match self.arena.node(id).clone() {
            Node::Const(_) | Node::Bool(_) | Node::Var(_) => id,
            Node::Not(a) => {
                let a = self.visit(a);
                self.arena.not(a)
            }
            Node::Binary(op, a, b) => {
                let (a, b) = (self.visit(a), self.visit(b));
                rebuild(self.arena, op, a, b)
            }
        };
        let mut current = rebuilt;
        'rules: while self.budget > 0 {
            for rule in RULES {
                let Some(next) = rule.fire(self.arena, current) else {
                    continue;
                };
                if next == current || self.arena.op_count(next) > self.arena.op_count(current) {
                    continue;
                }
                self.budget -= 1;
                self.steps.push(Step {
                    rule: rule.name,
                    before: current,
                    after: next,
                });
                self.remember(current, next);
                current = self.visit(next);
                continue 'rules;
            }
            break;
        }
        if self.budget == 0 {
            self.stop = StopReason::StepLimit;
        }
        current
    }
}

fn rebuild(arena: &mut ExprArena, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
    let divisor = match arena.node(b) {
        Node::Const(d) if *d > 0 => Some(*d),
        _ => None,
    };
    match (op, divisor) {
        (BinOp::Add, _) => arena.add(a, b),
        (BinOp::Mul, _) => arena.mul(a, b),
        (BinOp::Div, Some(d)) => arena.div(a, d),
        (BinOp::Mod, Some(d)) => arena.rem(a, d),
        (BinOp::Lt, _) => arena.lt(a, b),
        (BinOp::And, _) => arena.and(a, b),
        (BinOp::Div | BinOp::Mod, None) => arena.raw_binary(op, a, b),
    }
}

/// The simplest form the rules reach, with the steps taken.
#[derive(Clone, Debug)]
pub struct Simplified {
    /// The simplest form reached.
    pub root: ExprId,
    /// Every firing, in order.
    pub steps: Vec<Step>,
    /// Whether the rules ran out or the budget did.
    pub stop: StopReason,
}

/// Rewrites `root` bottom-up until no rule applies or `max_steps` rules have fired.
pub fn simplify(arena: &mut ExprArena, root: ExprId, max_steps: usize) -> Simplified {
    let mut rewriter = Rewriter {
        arena,
        memo: HashMap::new(),
        learned: Vec::new(),
        steps: Vec::new(),
        budget: max_steps,
        stop: StopReason::Saturated,
    };
    let root = rewriter.visit(root);
    Simplified {
        root,
        steps: rewriter.steps,
        stop: rewriter.stop,
    }
}

// ---------------------------------------------------------------------------------------------
// Linear forms

/// The variable ids of an expression's `Var` nodes (for tests and renderers).
pub fn variables_in(arena: &ExprArena, id: ExprId) -> Vec<VarId> {
    let mut found = Vec::new();
    let mut stack = vec![id];
    while let Some(id) = stack.pop() {
        match *arena.node(id) {
            Node::Var(v) if !found.contains(&v) => found.push(v),
            Node::Not(a) => stack.push(a),
            Node::Binary(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            _ => {}
        }
    }
    found
}
