use crate::expr::simplify::rules::compare::lt_mod_gcd;
use crate::expr::simplify::tests::support::{check_equivalent, simplified, simplified_given_valid};
use crate::expr::simplify::{simplify, MAX_STEPS};
use crate::expr::{BinOp, ExprArena, Node};

/// `(3a + 5) % 6 < 1` never holds for a in [0, 2] (the remainders are 5, 2, 5), which the
/// bounds of `%` cannot show; nor `(s + 1) % 2 + s % 2 < 1`, folded on a box of 501 points
/// but not of 5,001.
#[test]
fn a_comparison_constant_on_its_domain_folds() {
    let mut arena = ExprArena::new();
    let a = arena.var("a", 0, 2);
    let three = arena.constant(3);
    let five = arena.constant(5);
    let three_a = arena.mul(a, three);
    let sum = arena.add(three_a, five);
    let rem = arena.rem(sum, 6);
    let one = arena.constant(1);
    let lt = arena.lt(rem, one);
    assert!(matches!(arena.node(lt), Node::Binary(BinOp::Lt, _, _)));
    let simplified = simplify(&mut arena, lt, MAX_STEPS);
    assert_eq!(arena.node(simplified.root), &Node::Bool(false));
    // (w + 1) % 2 + w % 2 is always 1, which no other rule shows
    let wide = arena.var("w", 0, 5000);
    let next = arena.add(wide, one);
    let odd = arena.rem(next, 2);
    let even = arena.rem(wide, 2);
    let sum = arena.add(odd, even);
    let lt = arena.lt(sum, one);
    let small = arena.var("s", 0, 500);
    let next = arena.add(small, one);
    let odd = arena.rem(next, 2);
    let even = arena.rem(small, 2);
    let sum = arena.add(odd, even);
    let folds = arena.lt(sum, one);
    let folded = simplify(&mut arena, folds, MAX_STEPS).root;
    assert_eq!(arena.node(folded), &Node::Bool(false));
    let kept = simplify(&mut arena, lt, MAX_STEPS).root;
    assert!(
        matches!(arena.node(kept), Node::Binary(BinOp::Lt, _, _)),
        "beyond 1,024 points the rule does not enumerate"
    );
}

#[test]
fn a_comparison_of_a_mod_divides_out_the_common_factor() {
    // (5x + 14) % 15 = 5·((x + 2) % 3) + 4, so it is below 11 when (x + 2) % 3 < 2
    let mut arena = ExprArena::new();
    let x = arena.var("x", 0, 40);
    let five = arena.constant(5);
    let fourteen = arena.constant(14);
    let eleven = arena.constant(11);
    let x5 = arena.mul(x, five);
    let sum = arena.add(x5, fourteen);
    let m = arena.rem(sum, 15);
    let below = arena.lt(m, eleven);
    let s = simplify(&mut arena, below, MAX_STEPS);
    assert_eq!(arena.render_readable(s.root), "(x + 2)%3 < 2");
    check_equivalent(&arena, below, s.root, &[(0, 40)]);
    // lt-common-factor (tried first) finds it too, with the remainder written the same way
    let direct = lt_mod_gcd(&mut arena, below).expect("lt-mod-gcd applies");
    assert_eq!(arena.render_readable(direct), "(x + 2)%3 < 2");
}

#[test]
fn a_comparison_of_a_remainder_counts_coefficients_down_through_a_quotient() {
    // (24a + b + 90) // 4 = 6a + (b + 2) // 4 + 22 and 6 ≡ -1 (mod 7): the remainder is
    // -a + (b + 2) // 4 + 1, in [0, 2]; then `-a + (b + 2) // 4 < 1` is `b - 4a < 2`
    let vars = [("a", 0, 1), ("b", 0, 5)];
    let (text, rules) = simplified(&vars, "!((24*a + b + 90) // 4 % 7 < 2)");
    assert_eq!(text, "b - a*4 >= 2");
    assert!(rules.contains(&"mod-in-periods"), "{rules:?}");
    // an atom of more values than mod-in-periods reads one at a time: the quotient is
    // 99a + (b + 2) // 4 + 20 and 99 ≡ -1 (mod 100), so the remainder is
    // -a + (b + 2) // 4 + 20, in [1, 21]
    let vars = [("a", 0, 19), ("b", 0, 5)];
    let (text, rules) = simplified(&vars, "(396*a + b + 82) // 4 % 100 < 10");
    assert_eq!(text, "b - a*4 < -42");
    assert!(rules.contains(&"lt-mod-signed"), "{rules:?}");
    // over more periods the residues wrap: left alone
    let (_, rules) = simplified(&[("a", 0, 3), ("b", 0, 5)], "(24*a + b + 90) // 4 % 7 < 2");
    assert!(!rules.contains(&"lt-mod-signed"), "{rules:?}");
}

#[test]
fn a_comparison_divides_out_a_common_factor_of_a_remainder_in_its_sum() {
    // (4a + 2b) % 40 - 40·(a // 10) < 8 is 2·((2a + b) % 20 - 20·(a // 10)) < 8
    let vars = [("a", 0, 29), ("b", 0, 1)];
    let (text, rules) = simplified(&vars, "(4*a + 2*b) % 40 - 40*(a // 10) < 8");
    assert_eq!(text, "(a*2 + b)%20 - a/10*20 < 4");
    assert!(rules.contains(&"lt-common-factor"), "{rules:?}");
}

#[test]
fn a_comparison_divides_out_a_common_factor_its_bound_is_not_a_multiple_of() {
    // 32a + 8b + c < 140 with c in [0, 3]: 8·(4a + b) + c is below 140 exactly when
    // 4a + b < 18, since no multiple of 8 is in [137, 139]
    let vars = [("a", 0, 7), ("b", 0, 3), ("c", 0, 3)];
    let (text, rules) = simplified(&vars, "32*a + 8*b + c < 140");
    assert_eq!(text, "a*4 + b < 18");
    assert!(rules.contains(&"lt-common-factor"), "{rules:?}");
    // with c in [0, 4] the comparison depends on c at 4a + b = 17: it stays
    let (text, _) = simplified(
        &[("a", 0, 7), ("b", 0, 3), ("c", 0, 4)],
        "32*a + 8*b + c < 140",
    );
    assert_eq!(text, "a*32 + b*8 + c < 140");
}

#[test]
fn a_comparison_of_a_quotient_divides_out_a_common_factor_of_its_whole_multiples() {
    // (-585a + 65b + 5c - e + 589) // 13 = -45a + 5b + 45 + (5c - e + 4) // 13, and the
    // last quotient is in [0, 4], below the common factor 5 of -45 and 5: the comparison
    // with 60 is -9a + b < 3. lt-div (tried first) makes it -585a + 65b + 5c - e < 191,
    // where 5c - e in [-4, 60] leaves no multiple of 65 in [131, 194]: the same -9a + b < 3
    let vars = [("a", 0, 1), ("b", 0, 8), ("c", 0, 12), ("e", 0, 4)];
    let (text, _) = simplified(&vars, "(-585*a + 65*b + 5*c - e + 589) // 13 < 60");
    assert_eq!(text, "b - a*9 < 3");
}

#[test]
fn the_last_pass_compares_a_numerator_of_any_sign_instead_of_its_quotient() {
    // truncating (x - y) // 3 < 2 is x - y < 6 though x - y may be negative (its quotient
    // is then <= 0); (x - y) // 3 < 0 is x - y <= -3
    let vars = [("x", 0, 40), ("y", 0, 40)];
    let (_, valid) = simplified_given_valid(&vars, "y", "(x - y) // 3 < 2");
    assert_eq!(valid, "x - y < 6");
    let (_, valid) = simplified_given_valid(&vars, "y", "(x - y) // 3 < 0");
    assert_eq!(valid, "x - y < -2");
}

#[test]
fn a_comparison_of_negative_terms_is_the_negation_of_its_negated_terms() {
    let vars = [("a", 0, 3), ("b", 0, 1), ("c", 0, 4)];
    let (_, valid) = simplified_given_valid(&vars, "a", "!(-10*a - 5*b - c < -15)");
    assert_eq!(valid, "a*10 + b*5 + c < 16");
    // alone no shorter (one product fewer, one `!` more), so kept as written
    let (_, valid) = simplified_given_valid(&vars, "a", "-10*a - 5*b - c < -15");
    assert_eq!(valid, "-a*10 - b*5 - c < -15");
}
