//! Simplifying given `valid`: what its clauses imply ([`implied`]), expressions rewritten under
//! those ranges ([`assume`]), and what holds at every point where they hold ([`where_valid`]).

pub(super) mod assume;
pub(super) mod clause_rules;
pub(super) mod implied;
pub(super) mod ranges;
pub(super) mod where_valid;

use crate::expr::simplify::given_valid::assume::{assume, assume_with, Assumed, InPeriod};
use crate::expr::simplify::given_valid::implied::Implied;
use crate::expr::simplify::pipeline::{finish, Run};
use crate::expr::simplify::Step;
use crate::expr::{ExprArena, ExprId};

/// `alone` (idx simplified on its own) given what the clauses imply (`[ranges, final_ranges]`,
/// before and after their last pass), `div-of-shifted-div` reading the clauses if `fold`; also
/// whether it folded a quotient.
pub(crate) fn idx_given_valid(
    arena: &mut ExprArena,
    alone: ExprId,
    [ranges, final_ranges]: [&Implied; 2],
    fold: bool,
    steps: &mut Vec<Step>,
    run: &mut Run,
) -> (ExprId, bool) {
    let Assumed {
        id: assumed,
        contested,
        folded,
    } = assume_with(arena, alone, ranges, InPeriod::Merging, fold);
    let mut tried = Vec::new();
    let mut given_valid = run(arena, assumed, &mut tried);
    // where counting the constants of remainders in one period chooses differently, both
    // ways are simplified and the shorter kept (`idx` may have no constant to merge with)
    if contested {
        let assumed = assume_with(arena, alone, ranges, InPeriod::Counted, fold).id;
        let mut other = Vec::new();
        let counted = run(arena, assumed, &mut other);
        if arena.op_count(counted) < arena.op_count(given_valid) {
            (given_valid, tried) = (counted, other);
        }
    }
    let mut idx = if arena.op_count(given_valid) <= arena.op_count(alone) {
        steps.append(&mut tried);
        given_valid
    } else {
        alone
    };
    // The rules may have turned a sub-term of idx into one whose range a clause states
    // (`(x - 1) % 7` into the clause's `(x + 6) % 7` once x >= 1): a second round assumes it.
    // (where the first round was not kept, a second would only repeat it)
    if idx != alone {
        let unbound = assume(arena, idx, &Implied::default());
        let again = assume(arena, unbound, ranges);
        let mut tried = Vec::new();
        let second = run(arena, again, &mut tried);
        if arena.op_count(second) < arena.op_count(idx) {
            steps.append(&mut tried);
            idx = second;
        }
    }
    let before = idx;
    let mut idx = finish(arena, idx, steps, run);
    // The last pass may have written a sub-term of idx as a clause writes it (one-variable-fit
    // finds the clauses' `(x + 1) % 3` in idx too): assumed once more, given the final clauses.
    if idx != before {
        let unbound = assume(arena, idx, &Implied::default());
        let again = assume(arena, unbound, final_ranges);
        let mut tried = Vec::new();
        let third = run(arena, again, &mut tried);
        if arena.op_count(third) < arena.op_count(idx) {
            steps.append(&mut tried);
            idx = third;
        }
    }
    (idx, folded)
}
