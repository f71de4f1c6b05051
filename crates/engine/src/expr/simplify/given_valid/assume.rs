//! Rewriting an expression under the ranges the clauses imply (`uop_given_valid`'s core).

use std::collections::HashMap;
use std::ops::ControlFlow::{self, Break, Continue};

use crate::expr::simplify::given_valid::implied::Implied;
use crate::expr::simplify::linear::{binary, build_linear, linear_of, nonneg, Linear};
use crate::expr::simplify::rebuild;
use crate::expr::simplify::rules::div::{
    div_negated_linear, div_split_constant_linear, div_split_linear, fold_shifted_div,
};
use crate::expr::simplify::rules::modulo::mod_gcd;
use crate::expr::{BinOp, ExprArena, ExprId, Node};

/// `id` with every variable re-bounded to the ranges known to hold (and only those: what an
/// earlier `assume` put in is taken out), and every sub-expression that they pin to one value
/// replaced by that value. Ranges are carried up through sums, multiples and `//`, with what the
/// clauses state of their left-hand sides and imply on linear forms
/// ([`form_range`](super::implied::form_range)); a `%` they keep in one period is dropped (its
/// range carried as the difference it becomes), and a comparison they decide is folded.
pub(crate) fn assume(arena: &mut ExprArena, id: ExprId, implied: &Implied) -> ExprId {
    assume_with(arena, id, implied, InPeriod::Merging, false).id
}

/// How `assume` weighs a remainder in one period, `a - q·m`, against `a` reduced mod `m`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum InPeriod {
    /// The constant of `a - q·m` is not counted: it merges into the sum or comparison around.
    Merging,
    /// It is counted: nothing may be there to merge with.
    Counted,
}
/// What [`assume_with`] made of an expression.
pub(crate) struct Assumed {
    pub(crate) id: ExprId,
    /// Whether the other [`InPeriod`] would have chosen differently somewhere, so that both
    /// ways are worth simplifying.
    pub(crate) contested: bool,
    /// Whether `div-of-shifted-div` folded a quotient of a quotient by what the clauses imply.
    pub(crate) folded: bool,
}

/// [`assume`] weighing remainders in one period as `in_period` says, `div-of-shifted-div`
/// reading the clauses if `fold_shifted`.
pub(crate) fn assume_with(
    arena: &mut ExprArena,
    id: ExprId,
    implied: &Implied,
    in_period: InPeriod,
    fold_shifted: bool,
) -> Assumed {
    let mut state = Assume {
        implied,
        in_period,
        fold_shifted,
        folded: false,
        contested: false,
        memo: HashMap::new(),
        tight: HashMap::new(),
    };
    let id = state.go(arena, id);
    Assumed {
        id,
        contested: state.contested,
        folded: state.folded,
    }
}

/// The walk of [`assume_with`]: what it knows of the clauses, and what it learned on the way.
pub(super) struct Assume<'a> {
    pub(super) implied: &'a Implied,
    pub(super) in_period: InPeriod,
    /// Whether `div-of-shifted-div` may read the clauses, and whether it did.
    pub(super) fold_shifted: bool,
    pub(super) folded: bool,
    /// Whether the other [`InPeriod`] would have chosen differently somewhere.
    pub(super) contested: bool,
    pub(super) memo: HashMap<ExprId, ExprId>,
    /// Ranges of rebuilt nodes tighter than their bounds.
    pub(super) tight: HashMap<ExprId, (i64, i64)>,
}

impl Assume<'_> {
    pub(super) fn go(&mut self, arena: &mut ExprArena, id: ExprId) -> ExprId {
        if let Some(&done) = self.memo.get(&id) {
            return done;
        }
        let pinned = match self.implied.exprs.get(&id) {
            Some(&(low, high)) if low == high => Some(low),
            // `x % (g·n)` is `g·((s + q) % n) + r` (see `mod_gcd`), pinned with its residue
            _ if !self.implied.exprs.is_empty() => {
                mod_gcd(arena, id).and_then(|(g, s, r)| match self.implied.exprs.get(&s) {
                    Some(&(low, high)) if low == high => g.checked_mul(low)?.checked_add(r),
                    _ => None,
                })
            }
            _ => None,
        };
        if let Some(value) = pinned {
            let pinned = arena.constant(value);
            self.memo.insert(id, pinned);
            return pinned;
        }
        let result = match arena.node(id).clone() {
            Node::Const(_) | Node::Bool(_) => id,
            Node::Var(var) => {
                let origin = arena.slot_origin(var);
                match self.implied.slots.get(&arena.variable(var).slot) {
                    Some(&(min, max)) => arena.rebound(origin, min, max),
                    None => arena.var_node(origin),
                }
            }
            Node::Not(a) => {
                let a = self.go(arena, a);
                arena.not(a)
            }
            Node::Binary(op, a, b) => {
                let (a, b) = (self.go(arena, a), self.go(arena, b));
                let rebuilt = rebuild(arena, op, a, b);
                // as `Rule::fire`: nothing that may overflow where `rebuilt` does not
                let result = Some(self.tighten(arena, rebuilt))
                    .filter(|&result| arena.exact(result))
                    .unwrap_or(rebuilt);
                // a clause's left-hand side: its range as the clause states it
                if let Some(&range) = self.implied.exprs.get(&id) {
                    self.narrow(arena, result, range);
                }
                result
            }
        };
        self.memo.insert(id, result);
        result
    }

    /// `id` itself, or what its tighter range makes of it.
    pub(super) fn tighten(&mut self, arena: &mut ExprArena, id: ExprId) -> ExprId {
        if self.implied.linear.is_empty() && self.tight.is_empty() {
            return id;
        }
        // what is already known of `id` (reached from another node) is kept
        let (low, high) = self.range(arena, id);
        let constant = |arena: &ExprArena, id: ExprId| match *arena.node(id) {
            Node::Const(c) => Some(c),
            _ => None,
        };
        let tightened = match *arena.node(id) {
            Node::Binary(BinOp::Div, a, d) => match constant(arena, d) {
                Some(d) if d > 0 => self.tighten_div(arena, id, a, d),
                _ => Continue(None),
            },
            Node::Binary(BinOp::Mod, a, m) => match constant(arena, m) {
                Some(m) if m > 0 => self.tighten_mod(arena, id, a, m),
                _ => Continue(None),
            },
            Node::Binary(BinOp::Lt, a, c) => match constant(arena, c) {
                Some(c) => self.tighten_lt(arena, id, a, c),
                None => Break(id),
            },
            Node::Binary(op @ (BinOp::Add | BinOp::Mul), a, b) => {
                self.tighten_sum(arena, id, op, [a, b], (low, high))
            }
            _ => Continue(None),
        };
        let range = match tightened {
            Break(result) => return result,
            Continue(range) => range,
        };
        let Some((l, h)) = range else {
            return id;
        };
        let (l, h) = (l.max(low), h.min(high));
        if l == h {
            return arena.constant(l);
        }
        if l > h {
            // no point satisfies the clauses: leave the node as it is
            return id;
        }
        if (l, h) != (low, high) {
            self.tight.insert(id, (l, h));
        }
        id
    }

    /// [`Self::tighten`] of `id = a // d`, `d > 0`.
    fn tighten_div(&mut self, arena: &mut ExprArena, id: ExprId, a: ExprId, d: i64) -> Tightened {
        let (l, h) = self.range(arena, a);
        if l >= 0 {
            if let Some(shorter) = self.div_common_factor(arena, id, a, d) {
                return Break(shorter);
            }
            // div-of-shifted-div where the clauses keep the inner numerator
            // `>= 0`: `((y - 13) // 5 - 2) // 3` is `(y - 23) // 15`, y >= 23
            let folded = match self.fold_shifted {
                true => fold_shifted_div(arena, id, a, d, |arena, x| self.nonneg(arena, x)),
                false => None,
            };
            if let Some(shorter) = folded {
                self.folded = true;
                // the same values, so the same range
                self.narrow(arena, shorter, (l / d, h / d));
                return Break(shorter);
            }
            // div-split (of the numerator or of its constant only) and
            // div-negated where the clauses show the numerators `>= 0`, if not
            // longer: the constant then merges into the sum around it
            {
                let split = linear_of(arena, a).and_then(|linear| {
                    [
                        div_split_linear(arena, &linear, d),
                        div_split_constant_linear(arena, &linear, d, l),
                        div_negated_linear(arena, &linear, d, h, false),
                    ]
                    .into_iter()
                    .flatten()
                    .min_by_key(|&s| arena.op_count(s))
                });
                if let Some(split) = split.filter(|&s| arena.op_count(s) <= arena.op_count(id)) {
                    // the same values, so the same range
                    let (low, high) = arena.bounds(split);
                    let range = ((l / d).max(low), (h / d).min(high));
                    if range != (low, high) {
                        self.tight.insert(split, range);
                    }
                    return Break(split);
                }
            }
        }
        Continue((l >= 0).then(|| (l / d, h / d)))
    }

    /// [`Self::tighten`] of `id = a % m`, `m > 0`.
    fn tighten_mod(&mut self, arena: &mut ExprArena, id: ExprId, a: ExprId, m: i64) -> Tightened {
        let (l, h) = self.range(arena, a);
        if l >= 0 && l / m == h / m {
            return Break(self.in_one_period(arena, id, a, m, (l, h)));
        }
        // mod-reduce and mod-signed where the clauses show `a >= 0`; else
        // `%` is floor `mod` there, in `[0, m)`
        if l >= 0 {
            if let Some(shorter) = self.mod_where_nonneg(arena, id, a, m) {
                return Break(shorter);
            }
            Continue(Some((0, h.min(m - 1))))
        } else {
            Continue(None)
        }
    }

    /// `id = a % m` where the clauses keep `a` in `[l, h]`, in one period: `a - q·m`, unless
    /// reducing `a` mod `m` is shorter (`(450·x + s - 150) // 15 % 30`, in one period, is
    /// `(s + 300) // 15 % 30`), weighed as [`InPeriod`] says.
    fn in_one_period(
        &mut self,
        arena: &mut ExprArena,
        id: ExprId,
        a: ExprId,
        m: i64,
        (l, h): (i64, i64),
    ) -> ExprId {
        let shift = arena.constant(-(l / m) * m);
        let shifted = arena.add(a, shift);
        // (a constant of `a - q·m` merges into the sum or comparison
        // around it, so it is not counted)
        let bare = match linear_of(arena, shifted) {
            Some(form) if form.constant != 0 => {
                let terms = Linear {
                    terms: form.terms,
                    constant: 0,
                };
                build_linear(arena, &terms)
            }
            _ => shifted,
        };
        let reduced = self.mod_where_nonneg(arena, id, a, m);
        let below = |arena: &ExprArena, than: ExprId| {
            reduced.filter(|&r| arena.op_count(r) < arena.op_count(than))
        };
        let (merging, counted) = (below(arena, bare), below(arena, shifted));
        self.contested |= merging != counted;
        let shorter = match self.in_period {
            InPeriod::Merging => merging,
            InPeriod::Counted => counted,
        };
        let result = shorter.unwrap_or(shifted);
        self.tight.insert(result, (l % m, h % m));
        result
    }

    /// [`Self::tighten`] of `id = a < c`.
    fn tighten_lt(&mut self, arena: &mut ExprArena, id: ExprId, a: ExprId, c: i64) -> Tightened {
        let (l, h) = self.range(arena, a);
        if h < c || l >= c {
            return Break(arena.boolean(h < c));
        }
        if let Some(shorter) = self.lt_common_factor(arena, id, a, c) {
            return Break(shorter);
        }
        // lt-div where the range shows the numerator non-negative
        if let Some((x, d)) = binary(arena, a, BinOp::Div) {
            if let Some(cd) = c.checked_mul(d) {
                if self.range(arena, x).0 >= 0 && !nonneg(arena, x) {
                    let bound = arena.constant(cd);
                    return Break(arena.lt(x, bound));
                }
            }
        }
        Continue(None)
    }

    /// [`Self::tighten`] of `id = a + b` or `a·b`, whose range as known is `(low, high)`.
    fn tighten_sum(
        &mut self,
        arena: &mut ExprArena,
        id: ExprId,
        op: BinOp,
        [a, b]: [ExprId; 2],
        (low, high): (i64, i64),
    ) -> Tightened {
        let form = linear_of(arena, id);
        let range = form.as_ref().and_then(|f| self.linear_range(arena, f));
        // the parts as written may carry ranges their atoms do not: a clause's
        // sum plus a constant
        let range = match (range, self.sum_range(arena, op, a, b)) {
            (Some((l, h)), Some((sl, sh))) => Some((l.max(sl), h.min(sh))),
            (range, parts) => range.or(parts),
        };
        // a sum the clauses pin folds below, before any split
        let pinned = range.is_some_and(|(l, h)| l.max(low) == h.min(high));
        let split = match (op, &form) {
            (BinOp::Add, Some(form)) if !pinned => self.sum_of_quotients(arena, id, form),
            _ => None,
        };
        if let Some(shorter) = split {
            // the same values where the clauses hold, so the same range
            if let Some(range) = range {
                self.narrow(arena, shorter, range);
            }
            return Break(shorter);
        }
        Continue(range)
    }
}

/// What [`Assume::tighten`] finds of a node: a shorter form (`Break`), or else the range the
/// clauses give it, if any (`Continue`).
type Tightened = ControlFlow<ExprId, Option<(i64, i64)>>;
