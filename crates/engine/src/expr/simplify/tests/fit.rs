use crate::expr::simplify::rules::fit_form::fit_pair_form;
use crate::expr::simplify::rules::LAST_FIT;
use crate::expr::simplify::tests::support::{parsed, simplified, simplified_given_valid};

#[test]
fn terms_that_are_a_function_of_one_linear_form_fit_over_it() {
    // -6·((2a + b) // 3) + 2a + b is (2a + b + 3) % 6 - 3 for 2a + b in [0, 5]
    // (tinygrad writes the remainder too)
    let vars = [("a", 0, 2), ("b", 0, 1), ("c", 0, 4)];
    let (idx, _) = simplified_given_valid(&vars, "c*3 - (2*a + b) // 3 * 6 + 2*a + b", "True");
    assert_eq!(idx, "c*3 + (a*2 + b + 3)%6 - 3");
    // a term whose value 2a + b does not decide (here c's) stays out of the fit
    let (idx, _) = simplified_given_valid(&vars, "c - (2*a + b) // 3 * 6 + 2*a + b", "True");
    assert_eq!(idx, "c + (a*2 + b + 3)%6 - 3");
}

#[test]
fn a_clause_true_on_a_pattern_of_one_form_is_that_pattern() {
    // a = (2a + b) // 2 for b in [0, 1]: the clause is true where 2a + b is 3 only, of
    // its values 0 to 5
    let vars = [("a", 0, 2), ("b", 0, 1)];
    let (_, valid) = simplified_given_valid(&vars, "a", "-3*((2*a + b) // 3) + a < -1");
    assert_eq!(valid, "(a*2 + b)%4 >= 3");
    let (_, valid) = simplified_given_valid(&vars, "a", "!(-3*((2*a + b) // 3) + a < -1)");
    assert_eq!(valid, "(a*2 + b)%4 < 3");
    // true below a value of the form
    let (_, valid) = simplified_given_valid(&vars, "a", "(2*a + b) // 3 * 3 + b < 2");
    assert_eq!(valid, "a*2 + b < 3");
    // with b in [0, 2], a is no function of 2a + b: the clause stays
    let vars = [("a", 0, 2), ("b", 0, 2)];
    let (_, valid) = simplified_given_valid(&vars, "a", "-3*((2*a + b) // 3) + a < -1");
    assert_eq!(valid, "a - (a*2 + b)/3*3 < -1");
}

#[test]
fn a_remainder_of_few_valued_atoms_is_affine_in_them() {
    // x % 2 is 0 or 1, and (x % 2 + 2) % 3 is 2 - 2·(x % 2)
    let vars = [("x", 0, 9)];
    // (alone as long as before; in the sum its constant merges)
    let (text, rules) = simplified(&vars, "x // 2 * 36 + (x % 2 + 2) % 3 + x*6 + 6");
    assert_eq!(text, "x/2*36 - x%2*2 + x*6 + 8");
    assert!(rules.contains(&"mod-in-periods"), "{rules:?}");
    // (y // 4 + 1) % 2 for y < 8: y // 4 is 0 or 1
    let (text, rules) = simplified(&[("y", 0, 7)], "(y // 4 + 1) % 2 * -4 + 100");
    assert_eq!(text, "y/4*4 + 96");
    assert!(rules.contains(&"mod-in-periods"), "{rules:?}");
    // alone, where it is shorter: (3·(y // 4) + 1) % 4 is 1 - y // 4
    let (text, rules) = simplified(&[("y", 0, 7)], "(y // 4 * 3 + 1) % 4 + y");
    assert_eq!(text, "y - y/4 + 1");
    assert!(rules.contains(&"affine-in-atoms"), "{rules:?}");
    // over three values (y // 4 for y < 12) the remainder wraps: not affine, left alone
    let (text, _) = simplified(&[("y", 0, 11)], "(y // 4 + 1) % 2 * -4 + 100");
    assert!(text.contains("%2"), "{text}");
}

#[test]
fn one_variable_fit_finds_a_quotient_over_a_slope() {
    // 2r % 4 + 4r - 4(r // 2) is 0, 6, 4, 10, 8 for r = 0..4: it rises by 6, then falls
    // by 2, so it is 6r - 8(r // 2)
    let (idx, _) = simplified_given_valid(&[("r", 0, 4)], "2*r % 4 + 4*r + r // 2 * -4", "r < 5");
    assert_eq!(idx, "r*6 - r/2*8");
}

#[test]
fn one_variable_fit_finds_the_terms_of_a_sum_in_one_variable() {
    // -6(c // 3) + c is 0, 1, 2, -3, -2, -1 for c = 0..5: (c + 3) % 6 - 3, as the clause
    // writes it; no one term of the sum fits alone
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 3), ("b", 0, 5), ("c", 0, 5)],
        "(12*a + b) // 10 * -30 + c // 3 * -6 + c + 187",
        "!((c + 3) % 6 < 1)",
    );
    assert_eq!(idx, "(c + 3)%6 - (a*12 + b)/10*30 + 184");
}

#[test]
fn a_remainder_of_two_variables_is_fitted_over_a_form_it_does_not_hold() {
    // (b + (a + b + 1) // 2) % 3 is 1, 2, 2 at b = 0 and
    // 0, 0, 1 at b = 1 for a = 2..4, which is (u + 1) // 2 of u = a - 3b in [-1, 4]; the
    // form a - 3b appears nowhere in the expression (tinygrad's 17 operations, 18 without this fit)
    let (idx, _) = simplified_given_valid(
        &[("c", 0, 1), ("b", 0, 1), ("a", 0, 5)],
        "c * -1 + (b + (b + a + 1) // 2) % 3 * 6 + (b + a + 1) % 2 * 18 + 3",
        "!(a < 2) & a < 5",
    );
    assert_eq!(idx, "(a - b*3 + 1)/2*6 - c + (b + a + 1)%2*18 + 3");
}

#[test]
fn a_pair_fit_is_a_quotient_or_remainder_of_one_form_at_every_point() {
    // (ab + 1) // 2 · 3 is 0, 0, 0, 0, 3, 3, 0, 3, 6 on [0, 2]²: a function of a + 3b
    // (which is one-to-one there), but of no quotient or remainder of any a + k·b
    let (mut arena, ids) = parsed(&[("a", 0, 2), ("b", 0, 2)], &["(a * b + 1) // 2 * 3"]);
    assert_eq!(fit_pair_form(&mut arena, ids[0]), None);
    // (3a + b) // 2 % 5 with b in [0, 2] is (b + 3a) // 2 (its values stay below 5)
    let (mut arena, ids) = parsed(&[("a", 0, 2), ("b", 0, 2)], &["(a * 3 + b) // 2 % 5"]);
    let fit = fit_pair_form(&mut arena, ids[0]).expect("a fit over b + 3a");
    assert_eq!(arena.render_readable(fit), "(b + a*3)/2");
    for (a, b) in (0..3).flat_map(|a| (0..3).map(move |b| (a, b))) {
        assert_eq!(
            arena.eval(fit, &[a, b]),
            arena.eval(ids[0], &[a, b]),
            "a={a} b={b}"
        );
    }
    // too large a box is declined
    let (mut arena, ids) = parsed(&[("a", 0, 9), ("b", 0, 9)], &["(a * 3 + b) // 2 % 5"]);
    assert_eq!(fit_pair_form(&mut arena, ids[0]), None);
}

#[test]
fn one_variable_fit_leaves_conditions_alone() {
    // 3x % 6 // 2 * 3 < 1 is 1, 0, 1, 0, ... as 1 - x % 2 is; but a condition must stay a
    // condition (a shader's `valid` is a bool: `!(o0 % 2)` failed to validate)
    let (mut arena, ids) = parsed(&[("x", 0, 7)], &["x * 3 % 6 // 2 * 3 < 1"]);
    assert_eq!((LAST_FIT.apply)(&mut arena, ids[0]), None);
    // the same as an integer is fitted
    let (mut arena, ids) = parsed(&[("x", 0, 7)], &["x * 3 % 6 // 2 * 3 + 5"]);
    assert!((LAST_FIT.apply)(&mut arena, ids[0]).is_some());
}

#[test]
fn an_expression_of_one_variable_is_fitted_to_one_quotient_or_remainder_last() {
    // (9x // 2) % 5 is 5 - (x + 1) // 2 for x in [1, 10]
    let (idx, _) = simplified_given_valid(&[("x", 0, 10)], "9*x // 2 % 5 * 4 + 3", "!(x < 1)");
    assert_eq!(idx, "23 - (x + 1)/2*4");
    // and as a term of a sum with another variable, where its constant and factor merge
    // (and the pair fit then writes -((2x + 3y + 1) % 4) as (2x + y + 2) % 4 - 3)
    let (idx, _) = simplified_given_valid(
        &[("x", 0, 10), ("y", 0, 3)],
        "9*x // 2 % 5 * 4 + (2*x + 3*y + 1) % 4 * -1 + 3",
        "!(x < 1)",
    );
    assert_eq!(idx, "(y + x*2 + 2)%4 - (x + 1)/2*4 + 20");
    // a sub-term valid pins is not fitted away first: (x + 1) % 2 is 0 where valid holds
    let (idx, _) = simplified_given_valid(
        &[("x", 0, 7), ("y", 0, 3)],
        "((x + 1) % 2 * 2 + 5) * 25 + y",
        "(x + 1) % 2 < 1",
    );
    assert_eq!(idx, "y + 125");
}

#[test]
fn a_comparison_that_one_variable_decides_on_the_box_is_a_comparison_of_it() {
    let vars = [("a", 0, 5), ("b", 0, 1)];
    let (text, rules) = simplified(&vars, "b + 3*a < 5");
    assert_eq!(text, "a < 2");
    assert!(rules.contains(&"lt-on-domain"), "{rules:?}");
    let (text, _) = simplified(&vars, "!(b + 3*a < 5)");
    assert_eq!(text, "a >= 2");
    // decided by `a` alone, but not below a threshold: left alone
    let (text, _) = simplified(&vars, "a % 3 < 1");
    assert_eq!(text, "a%3 < 1");
    // a sum with a quotient of coefficient 1, on a box too large to walk: lt-div
    let (text, rules) = simplified(&[("r", 0, 40), ("q", 0, 50)], "r + (r + q) // 6 < 1");
    assert_eq!(text, "r*7 + q < 6");
    assert!(rules.contains(&"lt-div"), "{rules:?}");
}
