use crate::expr::simplify::rules::RULES;
use crate::expr::simplify::tests::support::{
    check_equivalent, parsed, simplified, simplified_given_valid,
};
use crate::expr::simplify::{simplify, StopReason, MAX_STEPS};
use crate::expr::ExprArena;

#[test]
fn div_and_mod_of_linear_forms() {
    let mut arena = ExprArena::new();
    let x = arena.var("x", 0, 15);
    let y = arena.var("y", 0, 3);
    let four = arena.constant(4);
    let x4 = arena.mul(x, four);
    let sum = arena.add(x4, y);
    // (4x + y) // 4 = x, (4x + y) % 4 = y
    let q = arena.div(sum, 4);
    let r = arena.rem(sum, 4);
    let sq = simplify(&mut arena, q, MAX_STEPS);
    let sr = simplify(&mut arena, r, MAX_STEPS);
    assert_eq!(sq.root, x, "{}", arena.render_readable(sq.root));
    assert_eq!(sr.root, y, "{}", arena.render_readable(sr.root));
    assert!(!sq.steps.is_empty());
    assert!(sq
        .steps
        .iter()
        .all(|s| RULES.iter().any(|r| r.name == s.rule)));
    assert_eq!(sq.stop, StopReason::Saturated);
    check_equivalent(&arena, q, sq.root, &[(0, 15), (0, 3)]);
    // ((4x + y) // 2) // 2 = x
    let half = arena.div(sum, 2);
    let quarter = arena.div(half, 2);
    let s = simplify(&mut arena, quarter, MAX_STEPS);
    assert_eq!(s.root, x);
}

#[test]
fn a_shifted_quotient_of_a_quotient_is_one_division() {
    let mut arena = ExprArena::new();
    let x = arena.var("x", 0, 5);
    let y = arena.var("y", 0, 9);
    let ten = arena.constant(10);
    let x10 = arena.mul(x, ten);
    let sum = arena.add(x10, y);
    // ((10x + y) // 3 + 1) // 6 = (10x + y + 3) // 18: tinygrad's form, one op fewer
    let third = arena.div(sum, 3);
    let one = arena.constant(1);
    let shifted = arena.add(third, one);
    let outer = arena.div(shifted, 6);
    let s = simplify(&mut arena, outer, MAX_STEPS);
    assert!(s.steps.iter().any(|st| st.rule == "div-of-shifted-div"));
    assert!(arena.op_count(s.root) < arena.op_count(outer));
    assert_eq!(arena.render_readable(s.root), "(x*10 + y + 3)/18");
    check_equivalent(&arena, outer, s.root, &[(0, 5), (0, 9)]);
    // with a negative shift the numerator may go below zero: left alone
    let minus = arena.constant(-1);
    let low = arena.add(third, minus);
    let outer = arena.div(low, 6);
    let s = simplify(&mut arena, outer, MAX_STEPS);
    assert!(s.steps.iter().all(|st| st.rule != "div-of-shifted-div"));
    check_equivalent(&arena, outer, s.root, &[(0, 5), (0, 9)]);
    // another variable in the shift: folded in, scaled by the inner divisor
    let two = arena.constant(2);
    let two_y = arena.mul(y, two);
    let shifted = arena.add(third, two_y);
    let outer = arena.div(shifted, 4);
    let s = simplify(&mut arena, outer, MAX_STEPS);
    check_equivalent(&arena, outer, s.root, &[(0, 5), (0, 9)]);
}

#[test]
fn a_quotient_of_a_quotient_is_one_quotient_at_any_sign() {
    // the numerator is -1 at a = b = c = 0: the fold holds for truncating division anyway
    let vars = [("a", 0, 9), ("b", 0, 1), ("c", 0, 3)];
    let idx = "(a*2 + b + c*2 + -1) // 5 // 2 + (a*2 + b + c*2 + -1) // 5 % 2 * 8";
    let (text, _) = simplified_given_valid(&vars, idx, "!(b + c < 1) && b + c*2 < 3");
    assert!(!text.contains("/5/2") && text.contains("/10"), "{text}");
    let (text, _) = simplified_given_valid(&vars, "(a*7 + -30) // 2 // 3", "a < 10");
    assert_eq!(text, "(a*7 - 30)/6");
}

#[test]
fn a_sum_folds_into_its_quotient_where_that_is_shorter() {
    // 5a + (2a + 4b + c) // 6 = (32a + 4b + c) // 6
    let vars = [("a", 0, 5), ("b", 0, 7), ("c", 0, 3)];
    let (text, rules) = simplified(&vars, "5*a + (2*a + 4*b + c) // 6");
    assert_eq!(text, "(a*32 + b*4 + c)/6");
    assert!(rules.contains(&"div-fold"), "{rules:?}");
    // x + (x + 2) // 3 + 1 = (4x + 5) // 3 for an atom x that is itself a remainder
    let (text, _) = simplified(&[("a", 0, 30)], "(a % 10 + (a % 10 + 2) // 3 + 1) % 4");
    assert_eq!(text, "(a%10*4 + 5)/3%4");
    // the constant stays outside where taking it in could make the numerator negative
    let (text, _) = simplified(&vars, "3*a - 40 + (2*a + b) // 4");
    assert_eq!(text, "(a*14 + b)/4 - 40");
    // a quotient whose numerator may be negative is not folded: truncation would differ
    let (text, rules) = simplified(&vars, "5*a + (2*a + b - 3) // 6");
    assert!(!rules.contains(&"div-fold"), "{text} by {rules:?}");
}

#[test]
fn a_quotient_with_a_coefficient_takes_in_the_terms_that_are_its_multiples() {
    // -5a - 5·((a + b) // 2) = -5·((3a + b) // 2): what div-split leaves inside a scaled sum
    let vars = [("a", 0, 4), ("b", 0, 5), ("c", 0, 3)];
    let (mut arena, parsed) = parsed(&vars, &["a*-5 + (a + b) // 2 * -5 + c*4 + 12"]);
    let s = simplify(&mut arena, parsed[0], MAX_STEPS);
    assert!(s.steps.iter().any(|st| st.rule == "div-fold"), "{s:?}");
    // one `·-5` fewer; div-split may then write the quotient as `a + (a + b) // 2` again,
    // as long, with the `-5` kept outside
    assert_eq!(arena.op_count(s.root), arena.op_count(parsed[0]) - 1);
    let text = arena.render_readable(s.root);
    assert!(!text.contains("a*-5"), "{text}");
    check_equivalent(&arena, parsed[0], s.root, &[(0, 4), (0, 5), (0, 3)]);
    // a term that is not a multiple of the coefficient stays outside
    let (text, _) = simplified(&vars, "a*-4 + (a + b) // 2 * -5");
    assert_eq!(text, "-a*4 - (a + b)/2*5");
}

#[test]
fn a_negated_quotient_folds_the_quotient_in_its_numerator() {
    // (40 - x // 2) // 5 = 8 - (x // 2 + 4) // 5 = 8 - (x + 8) // 10: one operation fewer
    // only with both steps
    let (text, rules) = simplified(&[("x", 2, 81)], "(40 - x // 2) // 5 * 2");
    assert_eq!(text, "16 - (x + 8)/10*2");
    assert!(rules.contains(&"div-negated"), "{rules:?}");
}

#[test]
fn a_common_factor_is_found_past_a_quotients_whole_multiples() {
    // the second of three views: -((55 - 18a + 6b + 2c - d) // 9) + 8e + 7 is
    // 2a + 8e + 1 - (6b + 2c - d + 1) // 9, whose last two terms are 0 or 1: a // 18 of it
    // is (a + 4e) // 9 (splitting the remainders of 9 as well would leave them in [-1, 2])
    let vars = [
        ("a", 0, 3),
        ("b", 0, 2),
        ("c", 0, 2),
        ("d", 0, 1),
        ("e", 0, 8),
    ];
    let (text, rules) = simplified(&vars, "(7 - (55 - 18*a + 6*b + 2*c - d) // 9 + 8*e) // 18");
    assert_eq!(text, "(a + e*4)/9");
    assert!(rules.contains(&"div-common-factor"), "{rules:?}");
}

#[test]
fn a_sum_takes_the_whole_multiples_out_of_a_quotients_constant() {
    // ((15a + b + 105) // 7)·5 - 26 = ((15a + b) // 7)·5 + 49
    let vars = [("a", 0, 3), ("b", 0, 6)];
    let (text, rules) = simplified(&vars, "(15*a + b + 105) // 7 * 5 + (a + b) % 7 - 26");
    assert_eq!(text, "(a + b)%7 + (a*15 + b)/7*5 + 49");
    assert!(rules.contains(&"sum-of-quotients"), "{rules:?}");
}

#[test]
fn a_quotient_and_its_remainder_are_both_zero_where_their_numerator_is() {
    // (2a + b) // 3 + (2a + b) % 3 < 1: both are 0 only at 2a + b = 0
    let vars = [("a", 0, 3), ("b", 0, 5)];
    let (text, rules) = simplified(&vars, "(2*a + b) // 3 + (2*a + b) % 3 < 1");
    assert_eq!(text, "a + b < 1");
    assert!(rules.contains(&"lt-one"), "{rules:?}");
    // with other coefficients and another term too
    let (text, _) = simplified(&vars, "(2*a + b) // 3 * 4 + (2*a + b) % 3 * 2 + a % 2 < 1");
    assert_eq!(text, "a + b + a%2 < 1");
    // a numerator that may be negative is not paired
    let (text, _) = simplified(&vars, "(2*a - b) // 3 + (2*a - b) % 3 < 1");
    assert!(text.contains('%'), "{text}");
}

#[test]
fn a_quotient_divides_in_two_steps_where_the_first_is_affine() {
    // (2a + b + 1) // 10 is ((2a + b + 1) // 2) // 5, and (2a + b + 1) // 2 is a + b for
    // b in [0, 1]: tinygrad's parity argument
    let vars = [("a", 13, 17), ("b", 0, 1)];
    let (text, rules) = simplified(&vars, "(2*a + b - 9) // 10 * 20 + b");
    assert_eq!(text, "(a + b)/5*20 + b - 20");
    assert!(rules.contains(&"div-in-steps"), "{rules:?}");
    let (text, rules) = simplified(&vars, "(2*a + b + 1) // 10");
    assert_eq!(text, "(a + b)/5");
    assert!(rules.contains(&"div-in-steps"), "{rules:?}");
    // b in [0, 2]: (b + 1) // 2 takes three values at two steps, so it is not affine
    let (text, rules) = simplified(&[("a", 13, 17), ("b", 0, 2)], "(2*a + b + 1) // 10");
    assert_eq!(text, "(a*2 + b + 1)/10");
    assert!(!rules.contains(&"div-in-steps"), "{rules:?}");
}

#[test]
fn a_sum_takes_a_quotients_whole_multiples_out_and_keeps_its_other_terms_whole() {
    // (-12a + 6b + c + 588) // 4 is 147 - 3a + (6b + c) // 4: -12a and 588 are whole
    // multiples of 4, and 6b + c >= 0 stays whole (div-split would split 6b too)
    let vars = [("a", 0, 49), ("b", 0, 1), ("c", 0, 5)];
    let (text, rules) = simplified(
        &vars,
        "(-12*a + 6*b + c + 588) // 4 * -4 + (2*b + c) % 4 + 596",
    );
    assert_eq!(text, "(b*2 + c)%4 + a*12 - (b*6 + c)/4*4 + 8");
    assert!(rules.contains(&"sum-of-quotients"), "{rules:?}");
}

#[test]
fn a_quotient_of_a_remainder_with_a_common_factor_divides_it_out() {
    let vars = [("a", 0, 7), ("b", 0, 1), ("c", 0, 1), ("y", 0, 40)];
    let (text, rules) = simplified(&vars, "(8*a + 4*b + 2*c) % 18 // 2");
    assert_eq!(text, "(a*4 + b*2 + c)%9");
    assert!(rules.contains(&"div-of-mod-gcd"), "{rules:?}");
    let (text, _) = simplified(&vars, "((9*y + 6) % 72) // 3 - 6");
    assert_eq!(text, "y%8*3 - 4");
    // no common factor with the divisor: left alone
    let (text, _) = simplified(&vars, "((9*y + 6) % 72) // 2");
    assert_eq!(text, "(y*9 + 6)%72/2");
    // (48a + 6b + 3c + 1) % 72 is 3·((16a + 2b + c) % 24) + 1, and the 1 is below the
    // common factor 3 of 18: the quotient is (16a + 2b + c) % 24 // 6
    let (text, _) = simplified(&vars, "(48*a + 6*b + 3*c + 1) % 72 // 18");
    assert_eq!(text, "(a*16 + b*2 + c)%24/6");
}

#[test]
fn a_quotient_negated_past_a_multiple_of_its_divisor_where_shorter() {
    // -18·((5a - b + 7) // 8) is 18·((40 - 5a + b) // 8) - 90: the numerator negated
    // needs five multiples of 8 to stay >= 0, and loses the `b·-1`
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 8), ("b", 0, 4), ("c", 0, 34)],
        "(5*a - b + 7) // 8 * -18 + c % 5 + 66",
        "!(a < 1) & (c < 35)",
    );
    assert_eq!(idx, "c%5 + (b - a*5 + 40)/8*18 - 24");
}
