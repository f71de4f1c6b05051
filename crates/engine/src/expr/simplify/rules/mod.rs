//! The rules: the [`RULES`] table the rewrite loop tries at every node, in order, and the rules
//! outside it that [`simplify_indexing`](super::simplify_indexing) runs in its own phases.
//!
//! Laws use the expressions' `//` and `%` (truncating toward zero; every law's side condition
//! keeps their operands non-negative, where they are floor division), and `floor(k / g)` and
//! `k mod g` (in `[0, g)`) for constants of any sign.

pub(super) mod compare;
pub(super) mod div;
pub(super) mod fit;
pub(super) mod fit_form;
pub(super) mod linear;
pub(super) mod modulo;

use crate::expr::simplify::rules::compare::{
    lt_common_factor, lt_div, lt_div_signed, lt_linear, lt_mod_gcd, lt_mod_signed, lt_negated,
    lt_on_domain, lt_one,
};
use crate::expr::simplify::rules::div::{
    div_common_factor, div_fold, div_gcd, div_in_steps, div_negated, div_of_div, div_of_mod_gcd,
    div_of_shifted_div, div_split, div_split_multiples, sum_of_negated_quotients,
};
use crate::expr::simplify::rules::fit::{
    affine_in_atoms, affine_on_domain, fit_terms, one_variable_fit,
};
use crate::expr::simplify::rules::fit_form::{lt_fit_of_form, pair_fit};
use crate::expr::simplify::rules::linear::{
    linear_normal_form, sum_of_quotients, sum_of_remainders,
};
use crate::expr::simplify::rules::modulo::{
    mod_gcd_shorter, mod_gcd_split, mod_in_one_period, mod_in_periods, mod_of_inner_mod,
    mod_of_mod, mod_of_negated_div, mod_reduce, mod_signed,
};
use crate::expr::simplify::Rule;

/// Every rule, in the order they are tried at a node.
pub const RULES: &[Rule] = &[
    Rule {
        name: "affine-on-domain",
    law: "f = f(lo) + Σ s_i·(x_i - lo_i)   when f is affine at every point of its variables' box",
    apply: affine_on_domain,
    },
    Rule {
        name: "affine-in-atoms",
    law: "(Σ c_i·a_i + k) op m = f(lo) + Σ s_i·(a_i - lo_i)   for // or %, when affine on the atoms' box",
    apply: affine_in_atoms,
    },
    Rule {
        name: "linear-normal-form",
    law: "Σ a_i·x_i + Σ b_i·x_i + c + d = Σ (a_i+b_i)·x_i + (c+d)",
    apply: linear_normal_form,
    },
    Rule {
        name: "sum-of-quotients",
    law: "c·(x // d) + k = c·(q + r // d) + k   (a quotient's split, or another rewrite of it, in a sum)",
    apply: sum_of_quotients,
    },
    Rule {
        name: "div-fold",
    law: "c·a + c·(b // d) = c·((d·a + b) // d)   for b >= 0 and d·a + b >= 0",
    apply: div_fold,
    },
    Rule {
        name: "div-of-div",
    law: "(x // a) // b = x // (a·b)   for x >= 0",
    apply: div_of_div,
    },
    Rule {
        name: "div-of-shifted-div",
    law: "(x // a + L) // b = (x + a·L) // (a·b)   for x >= 0 and x // a + L >= 0",
    apply: div_of_shifted_div,
    },
    Rule {
        name: "div-gcd",
    law: "(g·Σ c_i·x_i + k) // (g·d) = (Σ c_i·x_i + floor(k / g)) // d   for the numerator >= 0",
    apply: div_gcd,
    },
    Rule {
        name: "div-common-factor",
    law: "(g·a + s) // (g·d) = a // d   for 0 <= s < g and the numerator >= 0",
    apply: div_common_factor,
    },
    Rule {
        name: "div-of-mod-gcd",
    law: "(x % (g·n) + s) // d = (g·((x // g) % n) + x % g + s) // d, then split   where shorter",
    apply: div_of_mod_gcd,
    },
    Rule {
        name: "div-negated",
    law: "(k - p) // d = k // d - (p + d - 1 - k % d) // d   for p >= 0 and k - p >= 0",
    apply: div_negated,
    },
    Rule {
        name: "div-split",
    law: "(d·q + r) // d = q + r // d   for d·q + r >= 0 and r >= 0",
    apply: div_split,
    },
    Rule {
        name: "div-in-steps",
    law: "x // c = (q + A) // (c / f)   for x = f·q + r >= 0, f | c, r // f = A affine on r's atoms",
    apply: div_in_steps,
    },
    Rule {
        name: "mod-of-mod",
    law: "(x % (a·m)) % m = x % m   for x >= 0",
    apply: mod_of_mod,
    },
    Rule {
        name: "mod-of-inner-mod",
    law: "(c·(y % (a·m)) + s) % m = (c·y + s) % m   for both numerators >= 0",
    apply: mod_of_inner_mod,
    },
    Rule {
        name: "mod-reduce",
    law: "(m·q + r) % m = r % m   for m·q + r >= 0 and r >= 0 (also under a quotient)",
    apply: mod_reduce,
    },
    Rule {
        name: "mod-gcd",
    law: "(g·Σ c_i·x_i + k) % (g·n) = g·((Σ c_i·x_i + floor(k / g)) % n) + k mod g   for the numerator >= 0, if shorter",
    apply: mod_gcd_shorter,
    },
    Rule {
        name: "mod-in-one-period",
    law: "x % m = x - q·m   when 0 <= q·m <= x < (q+1)·m for every value of x",
    apply: mod_in_one_period,
    },
    Rule {
        name: "mod-in-periods",
    law: "x % m = x - m·(k + s·(t - lo))   when x stays in period k + s·(t - lo) at each value of t",
    apply: mod_in_periods,
    },
    Rule {
        name: "mod-signed",
    law: "(Σ c_i·a_i + k) % m = Σ c'_i·a_i + k'   for the numerator >= 0, c'_i ≡ c_i, k' ≡ k (mod m), when the right side stays in [0, m)",
    apply: mod_signed,
    },
    Rule {
        name: "lt-on-domain",
    law: "x < y (or p & q) = true, false, v < k or !(v < k)   when so at every point of its box",
    apply: lt_on_domain,
    },
    Rule {
        name: "lt-div",
    law: "s + x // d < c  <=>  d·s + x < c·d   for x >= 0 (s linear, maybe 0)",
    apply: lt_div,
    },
    Rule {
        name: "lt-common-factor",
    law: "g·a + s < c  <=>  a < ceil((c - lo) / g)   for s in [lo, hi], no multiple of g in [c - hi, c - lo)",
    apply: lt_common_factor,
    },
    Rule {
        name: "lt-mod-gcd",
    law: "(g·x + k) % (g·n) < c  <=>  (x + floor(k / g)) % n < ceil((c - k mod g) / g)   for g·x + k >= 0",
    apply: lt_mod_gcd,
    },
    Rule {
        name: "lt-mod-signed",
    law: "x % m < c  <=>  y < c   for y the mod-signed form of x % m",
    apply: lt_mod_signed,
    },
    Rule {
        name: "lt-one",
    law: "Σ c_i·x_i < 1  <=>  Σ x_i < 1   for c_i > 0 and x_i >= 0",
    apply: lt_one,
    },
    Rule {
        name: "lt-linear",
    law: "g·Σ c_i·x_i + k < c  <=>  Σ c_i·x_i < ceil((c - k) / g)",
    apply: lt_linear,
    },
];

// The rules below run outside the table, each in its own phase of `simplify_indexing`; the
// pipeline's `PHASES` holds their order. Each doc says why the rule waits for its phase.

/// The last pass's rule, fired while it shortens, after [`LAST_COMPARISON`], [`LAST_NEGATION`]
/// and [`LAST_FIT`]: a remainder inside is what divisions of a sum split on
/// (`(192·(x // 10) + 4·(x % 10) + 29) // 48`), so it waits until every other rule is done, and
/// is kept only where the whole expression gets shorter.
pub const LAST_PASS: Rule = Rule {
    name: "mod-as-difference",
    law: "c·(x % d) + e·(x // d) + s = c·x + (e - c·d)·(x // d) + s",
    apply: sum_of_remainders,
};

/// In the last pass: earlier, the form it finds would hide sub-terms that `valid` pins.
pub const LAST_FIT: Rule = Rule {
    name: "one-variable-fit",
    law: "f(x) = α·((x + β) // δ) + s·x + γ (or α·((x + β) % δ) + γ)   when so at every x >= 0",
    apply: one_variable_fit,
};

/// On `idx` and each clause as they are final: earlier, the fit of a part would hide the forms
/// the whole sum takes (`r + 2·((r + 8·s + 3) // 2)` is shorter than `3·r - 2·(r // 2) + 8·s +
/// 2`).
pub const LAST_FIT_TERMS: Rule = Rule {
    name: "one-variable-fit-of-terms",
    law: "Σ_{i in I} c_i·a_i(x) + s = f(x) + s   for f the one-variable-fit of those terms, if shorter",
    apply: fit_terms,
};

/// On `idx` and each clause as they are final (then the rules run again where it made them
/// shorter): earlier, the form it writes would hide the sums and clauses that other rules read
/// (`2·a + b + 9` where `2·a + b < 3`).
pub const LAST_PAIR_FIT: Rule = Rule {
    name: "pair-fit",
    law: "f(a, b) = α·((u + β) // δ) + s·u + γ (or % δ)   for u = a + k·b, when so on the box of a, b",
    apply: pair_fit,
};

/// On each clause as it is final: earlier, the remainder it writes would hide the quotients and
/// sums that other comparison rules read.
pub const LAST_LT_FIT: Rule = Rule {
    name: "lt-fit-of-form",
    law:
        "L < c  <=>  (u + k) % m < c' (or u < t, or either negated)   when L < c is a function of u",
    apply: lt_fit_of_form,
};

/// On `idx` and each clause as they are final, after [`LAST_NEGATED`]: earlier, the remainder
/// it takes in may be one that the clauses keep in one period, which other rules then drop.
pub const LAST_MOD_NEGATED: Rule = Rule {
    name: "mod-of-negated-div",
    law: "(c·((k - p) // d) + s) % m = (c·(k // d) - c·((p + d - 1 - k % d) // d) + s) % m",
    apply: mod_of_negated_div,
};

/// On `idx` and each clause as they are final: earlier, the negated quotient would hide the
/// splits and folds that other rules find in the quotient as written.
pub const LAST_NEGATED: Rule = Rule {
    name: "div-negated-in-sum",
    law: "c·((k - p) // d) + s = -c·((p + d - 1 - k % d + j·d) // d) + c·(k // d + j) + s",
    apply: sum_of_negated_quotients,
};

/// In the last pass, at comparisons: earlier, the quotient it removes is what `valid` bounds
/// for `idx`, and what other comparison rules read.
pub const LAST_COMPARISON: Rule = Rule {
    name: "lt-div-signed",
    law: "x // d + k < c  <=>  x < b·d for b = c - k >= 1, x < (b - 1)·d + 1 for b <= 0",
    apply: lt_div_signed,
};

/// In the last pass, at comparisons after [`LAST_COMPARISON`]: no longer alone, and a `!`
/// around it then cancels; earlier, the negated form would hide what the comparison rules read
/// (`-((3·b + 3) % 4) < -1` is `b % 4 < 2`).
pub const LAST_NEGATION: Rule = Rule {
    name: "lt-negated",
    law: "Σ c_i·x_i + k < c  <=>  !(Σ -c_i·x_i < k - c + 1)   for every c_i < 0",
    apply: lt_negated,
};

/// The name and law of the steps `where_valid` records on `idx`, which is read only where
/// `valid` holds. Not a [`Rule`]: it reads the points of the box where the clauses hold, not
/// one node. In full: where `k·m <= x < (k + 1)·m` at every point of the box where valid holds.
pub const WHERE_VALID: (&str, &str) = (
    "in-period-where-valid",
    "x % m = x - k·m and x // m = k   where k·m <= x < (k + 1)·m wherever valid holds",
);

/// The step `where_valid` records with `affine` (not a [`Rule`]: it reads the box's points).
/// In full: for integers `α`, `β` where that holds at every point of the box where valid holds.
pub const AFFINE_WHERE_VALID: (&str, &str) = (
    "affine-where-valid",
    "x % m = α·x + β and x // m = α·x + β   for integers α, β where so wherever valid holds",
);

/// The rule the way that splits quotients first applies at every node before the others.
pub const PRE_SPLIT: Rule = Rule {
    name: "div-split-multiples",
    law: "(d·q + c + r) // d = q + k + (r + c') // d   for c = d·k + c', 0 <= c' < d, r + c' >= 0",
    apply: div_split_multiples,
};

/// The rule the way that takes common factors out of remainders first applies at every node
/// before the others.
pub const PRE_GCD: Rule = Rule {
    name: "mod-gcd-split",
    law:
        "(g·Σ c_i·x_i + k) % (g·n) = g·((Σ c_i·x_i + floor(k / g)) % n) + k mod g   for the numerator >= 0",
    apply: mod_gcd_split,
};

/// The step `drop_implied` records for each clause of `valid` that the others imply (not a
/// [`Rule`]: it reads the points of the box). In full: at every point of the variables' box,
/// at most `IMPLIED_CHECK_POINTS` of them.
pub const DROP_IMPLIED: (&str, &str) = (
    "drop-implied",
    "p && c = p   where the other clauses p imply c at every point of the variables' box",
);

/// The rules outside [`RULES`], each run in a phase of its own.
pub const OUTSIDE_THE_TABLE: [&Rule; 11] = [
    &LAST_PASS,
    &LAST_FIT,
    &LAST_COMPARISON,
    &LAST_NEGATION,
    &LAST_NEGATED,
    &LAST_MOD_NEGATED,
    &LAST_FIT_TERMS,
    &LAST_LT_FIT,
    &LAST_PAIR_FIT,
    &PRE_SPLIT,
    &PRE_GCD,
];

/// The law of the rule a [`Step`](super::Step) names: every rule, in [`RULES`] or outside it,
/// and the steps that read the box's points. `None` for a name no step records.
pub fn law_of(rule: &str) -> Option<&'static str> {
    RULES
        .iter()
        .chain(OUTSIDE_THE_TABLE)
        .map(|r| (r.name, r.law))
        .chain([WHERE_VALID, AFFINE_WHERE_VALID, DROP_IMPLIED])
        .find(|&(name, _)| name == rule)
        .map(|(_, law)| law)
}
