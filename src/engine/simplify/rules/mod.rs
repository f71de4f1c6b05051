//! The rules: the [`RULES`] table the rewrite loop tries at every node, in order, and the rules
//! outside it that [`simplify_indexing`](super::simplify_indexing) runs in its own phases.

pub(super) mod compare;
pub(super) mod div;
pub(super) mod fit;
pub(super) mod fit_form;
pub(super) mod linear;
pub(super) mod modulo;

use crate::engine::simplify::rules::compare::{
    lt_common_factor, lt_div, lt_div_signed, lt_linear, lt_mod_gcd, lt_mod_signed, lt_negated,
    lt_on_domain, lt_one,
};
use crate::engine::simplify::rules::div::{
    div_common_factor, div_fold, div_gcd, div_in_steps, div_negated, div_of_div, div_of_mod_gcd,
    div_of_shifted_div, div_split, div_split_multiples, sum_of_negated_quotients,
};
use crate::engine::simplify::rules::fit::{
    affine_in_atoms, affine_on_domain, fit_terms, one_variable_fit,
};
use crate::engine::simplify::rules::fit_form::{lt_fit_of_form, pair_fit};
use crate::engine::simplify::rules::linear::{
    linear_normal_form, sum_of_quotients, sum_of_remainders,
};
use crate::engine::simplify::rules::modulo::{
    mod_gcd_shorter, mod_gcd_split, mod_in_one_period, mod_in_periods, mod_of_inner_mod,
    mod_of_mod, mod_of_negated_div, mod_reduce, mod_signed,
};
use crate::engine::simplify::Rule;

/// Every rule, in the order they are tried at a node.
pub const RULES: &[Rule] = &[
    Rule {
        name: "affine-on-domain",
        law:
            "f = f(lo) + Σ s_i·(x_i - lo_i)   when f is affine at every point of its variables' box",
        apply: affine_on_domain,
    },
    Rule {
        name: "affine-in-atoms",
        law: "(Σ c_i·a_i + k) op m = f(lo) + Σ s_i·(a_i - lo_i)   for op // or %, when affine on the box of the atoms' ranges",
        apply: affine_in_atoms,
    },
    Rule {
        name: "linear-normal-form",
        law: "Σ a_i·x_i + Σ b_i·x_i + c + d = Σ (a_i+b_i)·x_i + (c+d)",
        apply: linear_normal_form,
    },
    Rule {
        name: "sum-of-quotients",
        law: "c·(x // d) + k = c·(q + r // d) + k   (div-split of the whole numerator, of its constant or of its multiples of d, div-negated, a remainder's common factor taken out or affine-in-atoms, inside a sum)",
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
        law: "(g·Σ c_i·x_i + k) // (g·d) = (Σ c_i·x_i + k // g) // d   for the numerator >= 0",
        apply: div_gcd,
    },
    Rule {
        name: "div-common-factor",
        law: "(g·a + s) // (g·d) = a // d   for 0 <= s < g and the numerator >= 0 (its quotients split first, into remainders or into whole multiples, where that finds g)",
        apply: div_common_factor,
    },
    Rule {
        name: "div-of-mod-gcd",
        law: "(x % (g·n) + s) // d = (g·((x / g) % n) + x % g + s) // d, split by d or its common factor with g divided out   for x, s and the numerator >= 0, where shorter",
        apply: div_of_mod_gcd,
    },
    Rule {
        name: "div-negated",
        law: "(k - p) // d = k // d - (p + d - 1 - k % d) // d   for p >= 0 and k - p >= 0, a quotient in p then folded in (div-of-shifted-div) where shorter",
        apply: div_negated,
    },
    Rule {
        name: "div-split",
        law: "(d·q + r) // d = q + r // d   for d·q + r >= 0 and r >= 0",
        apply: div_split,
    },
    Rule {
        name: "div-in-steps",
        law: "x // c = (q + A) // (c / f)   for x = f·q + r >= 0, f | c, and r // f = A affine on the box of r's atoms",
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
        law: "(m·q + r) % m = r % m   for m·q + r >= 0 and r >= 0; (d·m·q + r) // d % m = r // d % m likewise; (d·q + r) // d % m = (q % m + r // d) % m, q's coefficients reduced",
        apply: mod_reduce,
    },
    Rule {
        name: "mod-gcd",
        law: "(g·Σ c_i·x_i + k) % (g·n) = g·((Σ c_i·x_i + k // g) % n) + k % g   for the numerator >= 0, where shorter",
        apply: mod_gcd_shorter,
    },
    Rule {
        name: "mod-in-one-period",
        law: "x % m = x - q·m   when q·m <= x < (q+1)·m for every x",
        apply: mod_in_one_period,
    },
    Rule {
        name: "mod-in-periods",
        law: "x % m = x - m·(k + s·(t - lo))   when, for each value of one atom t of x (its divisions split into whole multiples), x stays in period k + s·(t - lo)",
        apply: mod_in_periods,
    },
    Rule {
        name: "mod-signed",
        law: "(Σ c_i·a_i + k) % m = Σ c'_i·a_i + k'   for x >= 0, c'_i ≡ c_i and k' ≡ k (mod m), when the right side stays in [0, m)",
        apply: mod_signed,
    },
    Rule {
        name: "lt-on-domain",
        law: "x < y (or p & q) = true, false, v < k or !(v < k)   when it is so at every point of its variables' box",
        apply: lt_on_domain,
    },
    Rule {
        name: "lt-div",
        law: "s + x // d < c  <=>  d·s + x < c·d   for x >= 0 (s linear, maybe 0)",
        apply: lt_div,
    },
    Rule {
        name: "lt-common-factor",
        law: "g·a + s < c  <=>  a < ceil((c - lo) / g)   for s in [lo, hi] where no multiple of g is in [c - hi, c - lo - 1] (so for 0 <= s < g and c a multiple of g)",
        apply: lt_common_factor,
    },
    Rule {
        name: "lt-mod-gcd",
        law: "(g·Σ c_i·x_i + k) % (g·n) < c  <=>  (Σ c_i·x_i + k // g) % n < ceil((c - k % g) / g)   for the numerator >= 0",
        apply: lt_mod_gcd,
    },
    Rule {
        name: "lt-mod-signed",
        law: "x % m < c  <=>  y < c   for y the mod-signed form of x % m (quotients of sums in x may be split first)",
        apply: lt_mod_signed,
    },
    Rule {
        name: "lt-one",
        law: "Σ c_i·x_i < 1  <=>  Σ x_i < 1   for c_i > 0 and x_i >= 0; a pair y // d + y % d in the sum is y, for y >= 0",
        apply: lt_one,
    },
    Rule {
        name: "lt-linear",
        law: "g·Σ c_i·x_i + k < c  <=>  Σ c_i·x_i < ceil((c - k) / g)",
        apply: lt_linear,
    },
];

/// The rule of the last pass of [`simplify_indexing`], after every other rule is done: tried
/// last because a remainder inside is what later divisions of a sum split on
/// (`(192·(x // 10) + 4·(x % 10) + 29) // 48`), and kept only where the whole expression gets
/// shorter.
pub const LAST_PASS: Rule = Rule {
    name: "mod-as-difference",
    law: "c·(x % d) + e·(x // d) + s = c·x + (e - c·d)·(x // d) + s",
    apply: sum_of_remainders,
};

/// Also in the last pass, before [`LAST_PASS`] at each node: earlier, the form it finds would
/// hide sub-terms that `valid` pins.
pub const LAST_FIT: Rule = Rule {
    name: "one-variable-fit",
    law: "f(x) = α·((x + β) // δ) + s·x + γ  (or α·((x + β) % δ) + γ)   when so at every value of f's one variable x >= 0 (f alone or a term of a sum)",
    apply: one_variable_fit,
};

/// After the last pass, on `idx` and each clause as they are final, then [`LAST_NEGATED`]:
/// earlier, the fit of a part would hide the forms the whole sum takes (`r + 2·((r + 8·s +
/// 3) // 2)` is shorter than `3·r - 2·(r // 2) + 8·s + 2`).
pub const LAST_FIT_TERMS: Rule = Rule {
    name: "one-variable-fit-of-terms",
    law: "Σ_{i in I} c_i·a_i(x) + s = f(x) + s   for f the one-variable-fit of the terms in one variable x, or in one linear form x of several whose function they are, where the sum gets shorter",
    apply: fit_terms,
};

/// After `where_valid`, on `idx` and each clause as they are final (then the rules run again
/// where it made them shorter): earlier, the form it writes would hide the sums and clauses
/// that other rules read (`2·a + b + 9` where `2·a + b < 3`).
pub const LAST_PAIR_FIT: Rule = Rule {
    name: "pair-fit",
    law: "f(a, b) = α·((u + β) // δ) + s·u + γ  (or α·((u + β) % δ) + γ)   for u = a + k·b, |k| at most the number of values of a, when so at every point of the box of f's two variables (f alone or a term of a sum)",
    apply: pair_fit,
};

/// After the last pass, on each clause as it is final: earlier, the remainder it writes would
/// hide the quotients and sums that other comparison rules read.
pub const LAST_LT_FIT: Rule = Rule {
    name: "lt-fit-of-form",
    law: "L < c  <=>  (u + k) % m < c' (or u < t, or either negated)   when the truth of L < c is a function of one linear form u >= 0 of its variables on their box, where shorter",
    apply: lt_fit_of_form,
};

/// After the last pass, on `idx` and each clause as they are final, after [`LAST_NEGATED`]:
/// earlier, the remainder it takes in may be one that the clauses keep in one period, which
/// other rules then drop.
pub const LAST_MOD_NEGATED: Rule = Rule {
    name: "mod-of-negated-div",
    law: "(c·((k - p) // d) + s) % m = (c·(k // d) - c·((p + d - 1 - k % d) // d) + s) % m, then mod-reduce   for p >= 0 and k - p >= 0, where shorter",
    apply: mod_of_negated_div,
};

/// After the last pass, on `idx` and each clause as they are final: earlier, the negated
/// quotient would hide the splits and folds that other rules find in the quotient as written.
pub const LAST_NEGATED: Rule = Rule {
    name: "div-negated-in-sum",
    law: "c·((k - p) // d) + s = -c·((p + d - 1 - k % d + j·d) // d) + c·(k // d + j) + s   for k - p >= 0 of mixed signs, j the fewest multiples of d keeping the new numerator >= 0, where the sum gets shorter",
    apply: sum_of_negated_quotients,
};

/// Also in the last pass, at comparisons: earlier, the quotient it removes is what `valid`
/// bounds for `idx`, and what other comparison rules read.
pub const LAST_COMPARISON: Rule = Rule {
    name: "lt-div-signed",
    law: "x // d + k < c  <=>  x < b·d for b = c - k >= 1, x < (b - 1)·d + 1 for b <= 0   (truncating, x of any sign)",
    apply: lt_div_signed,
};

/// Also in the last pass, at comparisons after [`LAST_COMPARISON`]: no longer alone, and a `!`
/// around it then cancels; earlier, the negated form would hide what the comparison rules read
/// (`-((3·b + 3) % 4) < -1` is `b % 4 < 2`).
pub const LAST_NEGATION: Rule = Rule {
    name: "lt-negated",
    law: "Σ c_i·x_i + k < c  <=>  !(Σ -c_i·x_i < k - c + 1)   for every c_i < 0",
    apply: lt_negated,
};

/// Late on `idx`, which is read only where `valid` holds ([`where_valid`]): its name and law.
/// Not a [`Rule`]: it reads the points of the box where the clauses hold, not one node.
pub const WHERE_VALID: (&str, &str) = (
    "in-period-where-valid",
    "x % m = x - k·m and x // m = k   where k·m <= x < (k + 1)·m at every point of the box where valid holds",
);

/// The step [`where_valid`] records with `affine` (not a [`Rule`]: it reads the box's points).
pub const AFFINE_WHERE_VALID: (&str, &str) = (
    "affine-where-valid",
    "x % m = α·x + β and x // m = α·x + β   for integers α, β where that holds at every point of the box where valid holds",
);

/// The rule [`simplify_indexing`]'s second way applies at every node before the others.
pub const PRE_SPLIT: Rule = Rule {
    name: "div-split-multiples",
    law: "(d·q + c + r) // d = q + k + (r + c') // d   for c = d·k + c', 0 <= c' < d, r + c' >= 0",
    apply: div_split_multiples,
};

/// The rule [`simplify_indexing`]'s third way applies at every node before the others.
pub const PRE_GCD: Rule = Rule {
    name: "mod-gcd-split",
    law:
        "(g·Σ c_i·x_i + k) % (g·n) = g·((Σ c_i·x_i + k // g) % n) + k % g   for the numerator >= 0",
    apply: mod_gcd_split,
};
