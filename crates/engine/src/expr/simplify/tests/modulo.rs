use crate::expr::simplify::tests::support::{check_equivalent, simplified, simplified_given_valid};
use crate::expr::simplify::{simplify, MAX_STEPS};
use crate::expr::ExprArena;

#[test]
fn a_coefficient_one_below_the_modulus_counts_down() {
    let mut arena = ExprArena::new();
    let x = arena.var("x", 0, 14);
    // ((x // 3)·4 + 4) % 5 = 4 - x // 3 while x // 3 <= 4: tinygrad's form, without the %
    let q = arena.div(x, 3);
    let four = arena.constant(4);
    let q4 = arena.mul(q, four);
    let sum = arena.add(q4, four);
    let m = arena.rem(sum, 5);
    let s = simplify(&mut arena, m, MAX_STEPS);
    // x // 3 takes five values, so affine-in-atoms sees it too
    assert!(
        s.steps
            .iter()
            .any(|st| st.rule == "mod-signed" || st.rule == "affine-in-atoms"),
        "{s:?}"
    );
    assert!(arena.op_count(s.root) < arena.op_count(m));
    assert_eq!(arena.render_readable(s.root), "4 - x/3");
    check_equivalent(&arena, m, s.root, &[(0, 14)]);
    // past one period the residues wrap: left alone
    let y = arena.var("y", 0, 29);
    let q = arena.div(y, 3);
    let q4 = arena.mul(q, four);
    let sum = arena.add(q4, four);
    let m = arena.rem(sum, 5);
    let s = simplify(&mut arena, m, MAX_STEPS);
    assert!(s.steps.iter().all(|st| st.rule != "mod-signed"));
    check_equivalent(&arena, m, s.root, &[(0, 0), (0, 29)]);
}

#[test]
fn a_remainder_of_a_negated_quotient_takes_the_quotient_negated() {
    // (33 - r) // 4 = 8 - (r + 2) // 4, and -1 is 1 mod 2
    let (idx, _) = simplified_given_valid(&[("r", 2, 33)], "(33 - r) // 4 % 2 * 12", "True");
    assert_eq!(idx, "(r + 2)/4%2*12");
    // a coefficient in a sum under the remainder reduces the same way
    let vars = [("r", 2, 33), ("s", 0, 3)];
    let (idx, _) = simplified_given_valid(&vars, "(s + 3 * ((33 - r) // 4)) % 2", "True");
    assert_eq!(idx, "(s + (r + 2)/4)%2");
    // where 33 - r may be negative, truncation makes the quotient no negated sum
    let (idx, _) = simplified_given_valid(&[("r", 2, 34)], "(33 - r) // 4 % 2 * 12", "True");
    assert_eq!(idx, "(33 - r)/4%2*12");
}

#[test]
fn a_remainder_drops_its_modulus_one_value_of_a_small_atom_at_a_time() {
    // (81a + b + 34) // 3 is 27a + (b + 1) // 3 + 11: in [11, 22] at a = 0 and in
    // [38, 49] at a = 1, one period each (0, then 1), so % 36 takes 36a off
    let vars = [("a", 0, 1), ("b", 0, 33)];
    let (text, rules) = simplified(&vars, "(81*a + b + 34) // 3 % 36 * -3 + a*108");
    assert_eq!(text, "a*135 - (b + 34)/3*3");
    assert!(rules.contains(&"mod-in-periods"), "{rules:?}");
    // a in [0, 2]: periods 0, 0, 1 are not affine in a
    let (text, rules) = simplified(&[("a", 0, 2), ("b", 0, 8)], "(27*a + b) % 36");
    assert_eq!(text, "(a*27 + b)%36");
    assert!(!rules.contains(&"mod-in-periods"), "{rules:?}");
    // b in [0, 9]: at a = 1, [27, 36] crosses into the next period
    let (text, rules) = simplified(&[("a", 0, 1), ("b", 0, 9)], "(27*a + b) % 36");
    assert_eq!(text, "(a*27 + b)%36");
    assert!(!rules.contains(&"mod-in-periods"), "{rules:?}");
}

#[test]
fn a_remainder_sees_through_an_inner_remainder_by_a_multiple() {
    // (4a + b) % 8 ≡ 4a + b (mod 2), so ((4a + b) % 8 + 1) % 2 = (b + 1) % 2
    let vars = [("a", 0, 5), ("b", 0, 7)];
    let (text, rules) = simplified(&vars, "((4*a + b) % 8 + 1) % 2");
    assert_eq!(text, "(b + 1)%2");
    assert!(rules.contains(&"mod-of-inner-mod"), "{rules:?}");
    // by a modulus that is not a multiple it is left alone
    let (_, rules) = simplified(&vars, "((4*a + b) % 6 + 1) % 4");
    assert!(!rules.contains(&"mod-of-inner-mod"), "{rules:?}");
}

#[test]
fn a_remainder_in_a_sum_gives_its_common_factor_to_its_coefficient() {
    // -4·((3x + 5) % 6) = -4·(3·((x + 1) % 2) + 2) = -12·((x + 1) % 2) - 8
    let (text, rules) = simplified(
        &[("x", 0, 2)],
        "(x + 7) // 2 * 20 + (3*x + 5) % 6 * -4 + 23",
    );
    assert_eq!(text, "(x + 7)/2*20 - (x + 1)%2*12 + 15");
    assert!(rules.contains(&"sum-of-quotients"), "{rules:?}");
}

#[test]
fn a_remainder_of_a_quotient_takes_the_multiples_of_the_divisor_out_reduced() {
    // (140a + 70b + 14c + d) // 5 % 3 = (28a + 14b + (14c + d) // 5) % 3
    //                                 = (a + 2b + (14c + d) // 5) % 3, as tinygrad writes it
    let vars = [("a", 0, 5), ("b", 0, 1), ("c", 0, 4), ("d", 0, 6)];
    let (text, rules) = simplified(&vars, "(140*a + 70*b + 14*c + d) // 5 % 3");
    assert_eq!(text, "(a + b*2 + (c*14 + d)/5)%3");
    assert!(rules.contains(&"mod-reduce"), "{rules:?}");
    // no term a multiple of 5: left as it is
    let (text, _) = simplified(&vars, "(141*a + 14*c + d) // 5 % 3");
    assert_eq!(text, "(a*141 + c*14 + d)/5%3");
}

#[test]
fn a_remainder_of_a_quotient_keeps_its_numerators_multiples_where_it_may_be_negative() {
    // -10a + b + 9 is -1 at a = 1, b = 0, where truncating // 2 gives 0 (floor gives -1):
    // dropping -10a (a multiple of 2·5) gave (b + 9) // 2 % 5, which is 4 there
    let vars = [("a", 0, 1), ("b", 0, 11)];
    let (text, _) = simplified(&vars, "(-10*a + b + 9) // 2 % 5");
    assert!(text.contains('a'), "{text}");
    // where the numerator is >= 0 they go
    let (text, _) = simplified(&vars, "(-10*a + b + 10) // 2 % 5");
    assert_eq!(text, "b/2%5");
}

#[test]
fn a_remainder_in_one_period_keeps_its_modulus_where_reducing_is_shorter() {
    // the numerator 450x + 18a + 6b + c - 150 is in [0, 450) where valid holds, so the
    // quotient is in one period of 30; but 450x is a multiple of 15·30 and -150 is 300
    // mod 450, so keeping the `% 30` drops x
    let (idx, _) = simplified_given_valid(
        &[("x", 0, 1), ("a", 0, 24), ("b", 0, 4), ("c", 0, 7)],
        "(450*x + 18*a + 6*b + c - 150) // 15 % 30 * 7",
        "(b < 3) & !(75*x + 3*a + b < 25) & (75*x + 3*a + b < 100) & (c < 6)",
    );
    assert_eq!(idx, "((a*18 + b*6 + c)/15 + 20)%30*7");
}

#[test]
fn a_remainder_reads_a_scaled_quotient_split_into_its_whole_multiples() {
    // (120a + 30b + 15c + d) // 4 = 30a + (30b + 15c + d) // 4, and 5·30a = 150a is a
    // multiple of 6: a goes, the rest stays whole (as tinygrad splits it)
    let vars = [("a", 0, 1), ("b", 0, 3), ("c", 0, 1), ("d", 0, 14)];
    let (text, rules) = simplified(&vars, "((120*a + 30*b + 15*c + d) // 4 * 5 + 5) % 6");
    assert_eq!(text, "((b*30 + c*15 + d)/4*5 + 5)%6");
    assert!(rules.contains(&"mod-reduce"), "{rules:?}");
}

#[test]
fn the_last_pass_merges_a_remainder_with_its_quotient() {
    // 5·(x // 3) + x % 3 = x + 2·(x // 3): one operation fewer
    let (idx, _) = simplified_given_valid(&[("x", 0, 50)], "x // 3 * 5 + x % 3", "x < 40");
    assert_eq!(idx, "x/3*2 + x");
}

#[test]
fn a_remainder_takes_out_the_common_factor_of_its_sum_and_modulus_where_shorter() {
    let vars = [("a", 0, 7), ("b", 0, 7)];
    let (text, rules) = simplified(&vars, "(5*a + 5*b + 2) % 25");
    assert_eq!(text, "(a + b)%5*5 + 2");
    assert!(rules.contains(&"mod-gcd"), "{rules:?}");
    // one term: no shorter
    let (text, _) = simplified(&vars, "(5*a + 2) % 25");
    assert_eq!(text, "(a*5 + 2)%25");
}

#[test]
fn a_remainder_of_a_quotient_drops_the_multiples_of_divisor_times_modulus() {
    let vars = [("a", 0, 2), ("b", 0, 2), ("c", 0, 4)];
    let (text, rules) = simplified(&vars, "(270*a + 135*b + c) // 6 % 5");
    assert_eq!(text, "(b*135 + c)/6%5");
    assert!(rules.contains(&"mod-reduce"), "{rules:?}");
    // a numerator that would turn negative keeps its constant (`simplified` checks the
    // result at every point: `-r // 5 % 6` would differ)
    let (_, rules) = simplified(&[("r", 0, 29)], "(30 - r) // 5 % 6");
    assert!(!rules.contains(&"mod-reduce"), "{rules:?}");
}
