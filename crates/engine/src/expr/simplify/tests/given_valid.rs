use crate::expr::simplify::pipeline::simplify_indexing;
use crate::expr::simplify::tests::support::{check_at, parsed, simplified_given_valid};
use crate::expr::simplify::{simplify, MAX_STEPS};
use crate::expr::ExprArena;

#[test]
fn valid_clauses_simplify_each_other_and_idx_assumes_valid() {
    let mut arena = ExprArena::new();
    let x = arena.var("ridx0", 0, 540);
    let c540 = arena.constant(540);
    let inside = arena.lt(x, c540);
    let q = arena.div(x, 60);
    let m = arena.rem(q, 9);
    let two = arena.constant(2);
    let early = arena.lt(m, two);
    let valid = arena.and(inside, early);
    let idx = arena.mul(m, c540);
    let result = simplify_indexing(&mut arena, idx, valid);
    assert_eq!(arena.render_readable(result.valid), "ridx0 < 120");
    assert_eq!(arena.render_readable(result.idx), "ridx0/60*540");
    for v in 0..=540 {
        let want_valid = arena.eval(valid, &[v]);
        assert_eq!(arena.eval(result.valid, &[v]), want_valid);
        if want_valid == 1 {
            assert_eq!(arena.eval(result.idx, &[v]), arena.eval(idx, &[v]));
        }
    }
}

#[test]
fn a_linear_clause_bounds_each_of_its_variables_by_the_others() {
    // 90·a + b >= 129 with b <= 43 needs a >= 1: idx = 5·a + b is b + 5 wherever valid
    let mut arena = ExprArena::new();
    let a = arena.var("ridx0", 0, 1);
    let b = arena.var("ridx1", 0, 43);
    let k1 = arena.constant(90);
    let a90 = arena.mul(a, k1);
    let sum = arena.add(a90, b);
    let k2 = arena.constant(129);
    let below = arena.lt(sum, k2);
    let valid = arena.not(below);
    let k3 = arena.constant(5);
    let a5 = arena.mul(a, k3);
    let idx = arena.add(a5, b);
    let result = simplify_indexing(&mut arena, idx, valid);
    assert_eq!(arena.render_readable(result.idx), "ridx1 + 5");
    for env in [[0, 43], [1, 38], [1, 39], [1, 43]] {
        let want_valid = arena.eval(valid, &env);
        assert_eq!(arena.eval(result.valid, &env), want_valid);
        if want_valid == 1 {
            assert_eq!(arena.eval(result.idx, &env), arena.eval(idx, &env));
        }
    }
}

#[test]
fn clauses_on_linear_forms_bound_other_linear_forms() {
    // 50 - 4a - b lies in [0, 49] where 4a + b < 51 and a + b >= 1 (4a + b >= a + b), so its
    // quotient by 5 is in [0, 9] and the `% 10` goes
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 12), ("b", 0, 3)],
        "((50 - 4*a - b) // 5 % 10) - 4",
        "!(a + b < 1) & (4*a + b < 51)",
    );
    assert_eq!(idx, "(-a*4 - b + 50)/5 - 4");
    // 226a + b - 1 >= 0 from a + b >= 1: the `% 25` goes and the comparisons of the
    // quotient become comparisons of the numerator; the clause it implies is dropped
    let (idx, valid) = simplified_given_valid(
        &[("a", 0, 1), ("b", 0, 225)],
        "(226*a + b - 1) // 18 % 25 * 6",
        "!(a + b < 1) & (226*a + b < 451) & !((226*a + b - 1) // 18 % 25 < 10) \
         & ((226*a + b - 1) // 18 % 25 < 30)",
    );
    assert_eq!(idx, "(a*226 + b - 1)/18*6");
    assert!(!valid.contains('%') && !valid.contains('/'), "{valid}");
    assert!(!valid.contains("30") && !valid.contains("540"), "{valid}");
}

#[test]
fn a_residue_pinned_by_valid_pins_the_residues_of_its_multiples() {
    // (5r + 14) % 15 = 5·((r + 2) % 3) + 4, and valid pins (r + 2) % 3 to 2
    let (idx, _) = simplified_given_valid(
        &[("r", 0, 9)],
        "(r + 2) // 3 * 4 + (5*r + 14) % 15 + 13",
        "!((r + 2) % 3 < 2) & (r < 10)",
    );
    assert_eq!(idx, "(r + 2)/3*4 + 27");
}

#[test]
fn a_remainder_of_a_quotient_drops_the_multiples_the_clauses_allow() {
    // (10·(r // 13) + r % 13 - 1) // 2 % 5 is (r % 13 - 1) // 2 where valid keeps r % 13
    // in [1, 10]: 10·(r // 13) is a multiple of 2·5, and what is left stays below 2·5
    let (idx, _) = simplified_given_valid(
        &[("r", 0, 38)],
        "(r // 13 * 10 + r % 13 - 1) // 2 % 5 * -2 + r // 13",
        "!(r % 13 < 1) & (r % 13 < 11)",
    );
    assert_eq!(idx, "r/13 - (r%13 - 1)/2*2");
    // r % 13 may be 0: the numerator may be negative, so the quotient stays whole
    let (idx, _) = simplified_given_valid(
        &[("r", 0, 38)],
        "(r // 13 * 10 + r % 13 - 1) // 2 % 5 * -2 + r // 13",
        "r % 13 < 11",
    );
    assert!(idx.contains("%5"), "{idx}");
}

#[test]
fn a_remainder_of_a_quotient_takes_the_multiples_out_where_the_clauses_keep_the_rest() {
    // (-16·(x // 40) + w + 32) // 8 % 3 is (x // 40 + w // 8 + 1) % 3, tinygrad's form,
    // where valid keeps w = (2·(x // 5) + y % 5 - 2) % 16 >= 0: y % 5 >= 2
    // (a clause of a tinygrad indexing)
    let vars = [("a", 0, 4), ("b", 0, 7), ("c", 0, 2)];
    let (x, y) = ("(24*a + 3*b + c)", "(4*a + 3*b + c)");
    let quotient = format!("({x} // 40 * -16 + ({x} // 5 * 2 + {y} % 5 - 2) % 16 + 32) // 8 % 3");
    let (idx, _) = simplified_given_valid(&vars, &quotient, &format!("!({y} % 5 < 2)"));
    // (and w's terms, a function of x, fit x - 3·(x // 5) - 2 over it)
    assert_eq!(
        idx,
        "((a*24 + b*3 + c)/40 + (a*24 - (a*24 + b*3 + c)/5*3 + b*3 + c - 2)%16/8 + 1)%3"
    );
    // y % 5 may be 0: w may be negative, and the quotient stays whole
    let (idx, _) = simplified_given_valid(&vars, &quotient, &format!("{y} % 5 < 4"));
    assert!(idx.ends_with("+ 32)/8%3"), "{idx}");
}

#[test]
fn a_quotient_drops_a_part_the_clauses_keep_below_its_common_factor() {
    // -2·(r // 3) + r % 3 + 74 = 2·(37 - r // 3) + r % 3, and valid keeps r % 3 in [0, 1]
    let (idx, _) = simplified_given_valid(
        &[("r", 0, 119)],
        "(-2*(r // 3) + r % 3 + 74) // 12 * 12 + 7",
        "!(r < 6) & (r < 114) & (r % 3 < 2)",
    );
    assert_eq!(idx, "79 - (r + 12)/18*12");
}

#[test]
fn a_quotient_whose_numerator_only_valid_keeps_non_negative_splits() {
    // 16a + b - 2 >= 0 only where valid holds: there (16a + b - 2) // 2 is 8a - 1 + b // 2,
    // whose constant merges into the sum
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 3), ("b", 0, 15)],
        "(16*a + b - 2) // 2 * -4 + b % 2 * -1 + 158",
        "!(16*a + b < 2) & (16*a + b < 62)",
    );
    assert_eq!(idx, "-a*32 - b/2*2 - b + 162");
}

#[test]
fn a_quotient_or_remainder_uses_the_ranges_valid_gives_its_parts() {
    // 9a + b >= 26 where valid holds: (9a + b - 26) // 2 is (9a + b) // 2 - 13, whose
    // constant merges into the sum's
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 3), ("b", 0, 8)],
        "(9*a + b - 26) // 2 * 2 - (a + b) % 2 + 1",
        "!(9*a + b < 26) & (9*a + b < 30)",
    );
    assert_eq!(idx, "(a*9 + b)/2*2 - (a + b)%2 - 25");
    // (20(a // 5) + 5(a % 5) + b) // 2 - 5 is 10(a // 5) + (5(a % 5) + b) // 2 - 5, and with
    // a % 5 in [2, 3] the last part is in [0, 3]: the `% 10` goes
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 9), ("b", 0, 1)],
        "((20*(a // 5) + 5*(a % 5) + b) // 2 - 5) % 10",
        "!(a % 5 < 2) & (a % 5 < 4)",
    );
    assert_eq!(idx, "(a%5*5 + b)/2 - 5");
    // 135a - 45b + c is in [18, 71] where valid holds: (179 - (135a - 45b + c)) // 3 is
    // 59 - (135a - 45b + c) // 3, whose constant merges into the sum's
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 1), ("b", 0, 3), ("c", 0, 44)],
        "(-135*a + 45*b - c + 179) // 3 * 2 + (2*c + 2) % 3 - 72",
        "!(-135*a + 45*b - c < -71) & (-135*a + 45*b - c < -17)",
    );
    // (taken the other way, with 135a and 45b out of the quotient first, the sum's terms in c
    // fold into one quotient: -2·(c // 3) - c % 3 + 48 = (144 - 2c) // 3)
    assert_eq!(idx, "b*30 - a*90 + (144 - c*2)/3");
}

#[test]
fn idx_is_assumed_again_where_the_rules_made_a_term_that_valid_bounds() {
    // the rules turn idx's (r - 1) % 7 into valid's (r + 6) % 7 only once r >= 1 is assumed;
    // a second round then reads valid's bound on it: 3·((r - 1) // 7) + (r + 6) % 7 // 2 is
    // in [0, 5], so its `% 6` goes
    let (idx, _) = simplified_given_valid(
        &[("r", 0, 14)],
        "((r - 1) // 7 * 6 + (r - 1) % 7) // 2 % 6 * -2 + ((r - 1) // 7 * 6 + (r - 1) % 7) % 2 + 10",
        "!(r < 1) & ((r - 1) % 7 < 6)",
    );
    // (and one-variable-fit then writes (r - 1) // 7 as r // 8 for r in [1, 14])
    assert_eq!(idx, "-(r/8)*6 - (r + 6)%7/2*4 + (r + 6)%7 + 10");
}

#[test]
fn a_sum_splits_or_negates_a_quotient_whose_numerator_only_valid_keeps_non_negative() {
    // 28a - 7b + c >= -5 where valid holds: (28a - 7b + c + 21) // 16 is
    // (28a - 7b + c + 5) // 16 + 1, and the 1 merges into the sum's -180
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 3), ("b", 0, 3), ("c", 0, 6)],
        "(28*a - 7*b + c + 21) // 16 * 180 + (a + c) % 7 - 180",
        "!(28*a - 7*b + c < -5) & (28*a - 7*b + c < 75)",
    );
    assert_eq!(idx, "(a + c)%7 + (a*28 - b*7 + c + 5)/16*180");
    // -80a - b + 8c is in [-507, -148] where valid holds: (-80a - b + 8c + 687) // 90 is
    // 7 - (80a + b - 8c + 32) // 90, whose sign and constant merge into the sum's (and
    // div-fold then takes the 30 left into the quotient)
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 6), ("b", 0, 7), ("c", 0, 4)],
        "(-80*a - b + 8*c + 687) // 90 * -30 + (a + b) % 3 + 240",
        "!(-80*a - b + 8*c < -507) & (-80*a - b + 8*c < -147)",
    );
    assert_eq!(idx, "(a + b)%3 + (a*80 + b - c*8 + 122)/90*30");
}

#[test]
fn a_sum_as_written_keeps_the_range_valid_gives_its_parts() {
    // valid keeps 2(x % 5) - y in [3, 5], so (2(x % 5) - y + 10) // 8 is 1: the clause is on
    // the sum without the constant, whose atoms alone say [6, 18]
    let (idx, _) = simplified_given_valid(
        &[("x", 0, 9), ("y", 0, 4)],
        "(2*(x % 5) - y + 10) // 8 + x",
        "!(2*(x % 5) - y < 3) & (2*(x % 5) - y < 6)",
    );
    assert_eq!(idx, "x + 1");
}

#[test]
fn a_sum_with_one_quotient_takes_the_range_valid_gives_it_folded() {
    // r + (r + s) // 3 is (4r + s) // 3, which valid keeps in [0, 1] where it keeps neither
    // r + s nor r alone small enough: the `% 2` goes
    let (idx, _) = simplified_given_valid(
        &[("r", 0, 1), ("s", 0, 3)],
        "(r + (r + s) // 3) % 2 * 6 + (r + s) % 3 + 13",
        "4*r + s < 6",
    );
    assert_eq!(idx, "r*7 + (r + s)/3*3 + s + 13");
}

#[test]
fn a_product_of_two_non_constants_under_valid_is_its_own_atom() {
    // the range of a remainder's parts once recursed into a product forever (a stack
    // overflow the expression fuzzer found): a product is an atom of its own linear form
    let (idx, valid) = simplified_given_valid(
        &[("x", 0, 7), ("y", 0, 3)],
        "(3*x + 5) % 6 * (3*x + 5) % 6 * -4",
        "!(y + x < 1)",
    );
    assert_eq!(
        (idx.as_str(), valid.as_str()),
        ("-(x%2)*12 - 4", "y + x >= 1")
    );
}

#[test]
fn a_remainder_whose_numerator_only_valid_keeps_non_negative_reduces_its_coefficients() {
    // 34a + 17b + c - 2 >= 0 only where valid holds; there `%` is floor mod, so the
    // coefficients reduce by 16 and the constant becomes its residue
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 1), ("b", 0, 1), ("c", 0, 16)],
        "(34*a + 17*b + c - 2) % 16",
        "!(34*a + 17*b + c < 2) & (34*a + 17*b + c < 66)",
    );
    assert_eq!(idx, "(a*2 + b + c + 14)%16");
    // to residues nearest zero: 15a + 15b - 3 is 13 - a - b (mod 16), in [0, 16) here
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 1), ("b", 0, 1)],
        "(15*a + 15*b - 3) % 16",
        "!(a + b < 1)",
    );
    assert_eq!(idx, "-a - b + 13");
}

#[test]
fn a_clause_on_a_form_with_quotients_bounds_nothing_through_its_variables_alone() {
    // x + x % 11 + x // 2 >= 20 says nothing of 4y + x < 12 by x alone (x = 8 meets both)
    let (_, valid) = simplified_given_valid(
        &[("x", 0, 12), ("y", 0, 2)],
        "x",
        "!(x + x % 11 + x // 2 < 20) & (y*8 + x*2 < 23)",
    );
    assert_eq!(valid, "x + x%11 + x/2 >= 20 && y*4 + x < 12");
}

#[test]
fn idx_is_assumed_again_where_the_last_pass_writes_it_as_the_clauses_do() {
    // valid pins (r + 1) % 3 to 1; idx only takes that form in the last pass
    // (one-variable-fit), after it was assumed: a last round makes it the constant 7
    let (idx, valid) = simplified_given_valid(
        &[("r", 0, 11)],
        "(r*30 + 22) % 45 // 9 * 5 + (r*30 + 22) % 45 % 9 - 7",
        "!((r*30 + 22) % 45 // 9 < 1) & !((r*30 + 22) % 45 % 9 < 2) & ((r*30 + 22) % 45 % 9 < 7)",
    );
    assert_eq!(idx, "7");
    assert!(valid.contains("(r + 1)%3"), "{valid}");
}

#[test]
fn a_comparison_drops_a_term_that_another_clause_keeps_below_its_common_factor() {
    // x % 20 < 18 where valid holds, so 18·(x // 20) + x % 20 < 288 is x // 20 < 16, that
    // is x < 320, and with x = 96a + 16b + c, 6a + b < 20
    let x = "(a*96 + b*16 + c)";
    let (_, valid) = simplified_given_valid(
        &[("a", 0, 4), ("b", 0, 5), ("c", 0, 15)],
        "a + b + c",
        &format!("({x} % 20 < 18) & ({x} // 20 * 18 + {x} % 20 < 288)"),
    );
    assert_eq!(valid, "(a*16 + b*16 + c)%20 < 18 && a*6 + b < 20");
}

#[test]
fn a_quotient_of_a_quotient_is_not_folded_past_i64() {
    // (x + 5·2^32·v) // (3·2^32) is shorter but passes i64 at v = 2^30 (it wrapped to
    // -357913941, from 357913941), where the sum it folds is below 2^33
    let (mut arena, ids) = parsed(
        &[("x", 0, 1 << 33), ("v", 0, 1 << 30)],
        &["(x // 4294967296 + 5*v) // 3"],
    );
    let s = simplify(&mut arena, ids[0], MAX_STEPS);
    let points = [
        [0, 1 << 30],
        [1 << 33, 1 << 30],
        [(1 << 33) - 1, 7],
        [0, (1 << 30) - 1],
    ];
    check_at(&arena, ids[0], s.root, &points);
}

#[test]
fn a_quotient_of_a_quotient_folds_where_valid_keeps_the_inner_numerator_non_negative() {
    // (y - 13) // 5 may be negative by its bounds, but not where y >= 23: there
    // ((y - 13) // 5 - 2) // 3 is (y - 23) // 15 (the indexing it is part of:
    // 39 -> 37 operations, tinygrad's 38)
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 3), ("b", 0, 29)],
        "((30*a + b - 13) // 5 - 2) // 3",
        "!(30*a + b < 23)",
    );
    assert!(!idx.contains("/5") && !idx.contains("/3"), "{idx}");
}

#[test]
fn an_inner_remainder_opens_where_valid_keeps_the_numerator_non_negative() {
    // t = (12·a + 4·b + c) % 36 is >= 11 where valid holds, so the numerator is >= 0, and
    // opening t only makes it larger: mod 4, t is c, and 6·q is 2·q (the indexing it is
    // part of: 44 -> 39 operations, tinygrad's 40)
    let t = "(12*a + 4*b + c) % 36";
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 2), ("b", 0, 11), ("c", 0, 3)],
        &format!("(6*((12*a + b) // 9) + {t} - 11) % 4"),
        &format!("!({t} < 11) & ({t} < 17)"),
    );
    assert!(!idx.contains("36"), "{idx}");
}

#[test]
fn mod_reduce_reads_a_remainder_valid_keeps_non_negative() {
    // w = (2·(r // 3) + e - 2) % 6 may be negative by its bounds, but valid keeps e >= 2,
    // so w >= 0 and the sum % 3 drops the multiples of 3 (the indexing it is part
    // of: 50 -> 43 operations, tinygrad's 43)
    let e = "(2*r + s) % 6";
    let w = format!("((2*(r // 3) + {e} - 2) % 6)");
    let (idx, _) = simplified_given_valid(
        &[("r", 0, 83), ("s", 0, 1)],
        &format!("(-18*(r // 27) + 6*((r // 9) % 3) - {w} + 41) % 3"),
        &format!("(r < 81) & !({e} < 2) & ({e} < 4)"),
    );
    assert!(!idx.contains("27") && !idx.contains("9"), "{idx}");
}

#[test]
fn a_remainder_of_a_numerator_valid_keeps_non_negative_is_below_its_modulus() {
    // q - 2 (q = (57a + b) // 6) may be -2, so its truncated % 3 may be -2, but not where
    // q >= 2: there it is in [0, 2], the sum in [0, 35], and the % 36 goes
    let q = "(57*a + b) // 6";
    let (idx, _) = simplified_given_valid(
        &[("a", 0, 3), ("b", 0, 56)],
        &format!("(({q} - 2) // 3 * 3 - ({q} - 2) % 3 + 2) % 36"),
        &format!("!({q} < 2) & ((57*a + b) % 6 < 1)"),
    );
    assert_eq!(idx, "((a*57 + b)/6 - 2)/3*6 - (a*57 + b)/6 + 4");
}
