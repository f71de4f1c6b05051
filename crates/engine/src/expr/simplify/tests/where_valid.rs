use crate::expr::simplify::given_valid::where_valid::affine_at_points;
use crate::expr::simplify::tests::support::{parsed, simplified_given_valid};
use crate::expr::{BinOp, ExprArena};

#[test]
fn a_remainder_in_one_period_wherever_valid_holds_goes() {
    // q = (7a + b + 7) // 3 is at most 4 where 7a + b < 8, and m = (13a + 13b + c + 22) % 39
    // is never below 3 on the box, so (36q + m - 75) // 2 stays in [0, 53] there; no
    // bound shows it, the points of the box do
    let vars = [("a", 0, 1), ("b", 0, 6), ("c", 0, 1)];
    let idx = "((a*7 + b + 7) // 3 * 36 + (a*13 + b*13 + c + 22) % 39 - 75) // 2 % 54";
    let (text, _) = simplified_given_valid(&vars, idx, "a*7 + b < 8");
    assert_eq!(
        text,
        "((a*7 + b + 7)/3*36 + (a*13 + b*13 + c + 22)%39 - 75)/2"
    );
    // everywhere on the box, the numerator passes 54: the remainder stays
    let (text, _) = simplified_given_valid(&vars, idx, "c < 2");
    assert!(text.ends_with("%54"), "{text}");
}

#[test]
fn quotients_are_also_tried_with_their_whole_multiples_taken_out_first() {
    // (4a - c + 3) // 2 is 2a + (3 - c) // 2, no shorter; but then the terms in c alone
    // fit one quotient (9 operations, as tinygrad writes it)
    let vars = [("a", 0, 1), ("c", 0, 3)];
    let (idx, _) = simplified_given_valid(&vars, "(a*4 - c + 3) // 2 + (c + 1) % 2 * 4", "True");
    assert_eq!(idx, "a*2 + c/2*7 - c*4 + 5");
}

#[test]
fn the_points_where_valid_holds_cover_idx_and_valid_variables() {
    // `valid && idx` folds to `valid` where idx's bounds exclude 0, losing idx's variables
    // from the box (fuzz: expr_ranges; eval read them past the environment)
    let vars = [("a", 0, 3), ("b", 0, 5), ("c", 0, 1)];
    let idx = "(a*6 + c*3 + 3 & (b*2 + c) % 7 // 5) % 5";
    simplified_given_valid(&vars, idx, "a + b < 4 & (b*2 + c) % 7 < 5");
}

#[test]
fn indexing_is_also_simplified_with_remainders_common_factors_out() {
    // (3r + 5) % 21 is 3·((r + 1) % 7) + 2, which the first clause bounds: then the
    // second's % 20 goes, and it is (r + 1) % 7 < 5
    let (_, valid) = simplified_given_valid(
        &[("r", 0, 91)],
        "(3*r + 5) % 21 * 45",
        "(r + 1) % 7 < 6 && (3*r + 5) % 21 % 20 < 15",
    );
    assert_eq!(valid, "(r + 1)%7 < 5");
}

#[test]
fn idx_reads_a_numerator_nonnegative_where_the_points_of_valid_show_it() {
    // x is 96·((9a + b) // 6) + 24·((3a + b) % 6) + 4c + d - 54 with its remainder written
    // out: >= 0 where (3a + b) % 6 >= 2 and 4c + d >= 6, though no bound shows it (and idx
    // given the clauses holds copies of c and d that they bound: one box of their slots)
    let vars = [("a", 0, 3), ("b", 0, 8), ("c", 0, 8), ("d", 0, 3)];
    let x = "((a*9 + b)//6*-48 + a*216 + b*24 + c*4 + d - 54)";
    let valid = "a*9 + b < 24 && !((a*3 + b)%6 < 2) && !(c*4 + d < 6) && c*4 + d < 30";
    let (idx, _) = simplified_given_valid(&vars, &format!("{x} % 6"), valid);
    assert_eq!(idx, "(c*4 + d)%6");
    let (idx, _) = simplified_given_valid(&vars, &format!("{x} // 24"), valid);
    assert_eq!(idx, "a*9 - (a*9 + b)/6*2 + b - 2");
}

#[test]
fn a_valid_that_never_holds_is_false_and_idx_is_then_never_read() {
    // with b = 0 and a in [0, 1], (2a + b) % 3 is 0 or 2, never 1
    let (idx, valid) = simplified_given_valid(
        &[("a", 0, 5), ("b", 0, 3)],
        "(a*7 + b) % 5 * 3 + 1",
        "((2*a + b) % 3 >= 1) & ((2*a + b) % 3 < 2) & (b < 1) & (a < 2)",
    );
    assert_eq!((idx.as_str(), valid.as_str()), ("0", "false"));
}

#[test]
fn a_clause_the_others_imply_on_a_small_box_goes() {
    let valid = "!((3*b + c) % 6 < 4) & !((c + 3*b + 3) % 9 < 2) & (c + 3*b + 3) % 9 < 8";
    let (_, text) = simplified_given_valid(&[("b", 0, 3), ("c", 0, 2)], "b", valid);
    assert_eq!(text, "(b*3 + c)%6 >= 4 && (c + b*3 + 3)%9 < 8");
    // on a box of more than 4,096 points the clauses are not compared point by point
    let vars = [("b", 0, 3), ("c", 0, 2), ("d", 0, 400)];
    let (_, text) = simplified_given_valid(&vars, "b", &format!("{valid} & d < 200"));
    assert_eq!(
        text,
        "(b*3 + c)%6 >= 4 && (c + b*3 + 3)%9 >= 2 && (c + b*3 + 3)%9 < 8 && d < 200"
    );
}

#[test]
fn a_remainder_affine_in_its_numerator_where_valid_holds_is_that_form() {
    // q = (26a + b + 24) // 30 is 1 or 2 where 26a + b >= 6, so q % 2 is 2 - q there and
    // the sum is -25·q + 70 (17 -> 16 operations, tinygrad's 16)
    let vars = [("a", 0, 1), ("b", 0, 25)];
    let q = "(26*a + b + 24) // 30";
    let (idx, _) = simplified_given_valid(
        &vars,
        &format!("{q} % 2 * 25 + (26*a + b) // 6 * 4 % 5 + 20"),
        "!(26*a + b < 6)",
    );
    assert_eq!(idx, "(a*26 + b)/6*4%5 - (a*26 + b + 24)/30*25 + 70");
}

#[test]
fn a_quotient_or_remainder_is_affine_at_points_only_where_every_point_is_on_the_line() {
    let (mut arena, ids) = parsed(&[("x", i64::MIN, i64::MAX)], &["x"]);
    let x = ids[0];
    let at = |values: &[i64]| -> Vec<Vec<i64>> { values.iter().map(|&v| vec![v]).collect() };
    let form = |arena: &mut ExprArena, op, m, values: &[i64]| {
        affine_at_points(arena, x, op, m, &at(values)).map(|f| arena.render_readable(f))
    };
    // x % 2 for x in {1, 2} is 2 - x; x // 6 for x in {5, 6} is x - 5
    assert_eq!(
        form(&mut arena, BinOp::Mod, 2, &[1, 2, 1]).unwrap(),
        "2 - x"
    );
    assert_eq!(form(&mut arena, BinOp::Div, 6, &[6, 5]).unwrap(), "x - 5");
    // one value: a constant (truncating: -7 // 2 is -3)
    assert_eq!(form(&mut arena, BinOp::Div, 2, &[-7, -7]).unwrap(), "-3");
    // a point off the line; a slope that is not whole
    assert_eq!(form(&mut arena, BinOp::Mod, 3, &[0, 1, 2, 3]), None);
    assert_eq!(form(&mut arena, BinOp::Div, 2, &[0, 1, 2]), None);
    assert_eq!(form(&mut arena, BinOp::Div, 2, &[0, 2]), None);
    // near the ends of i64, no overflow: a span within i64 is read, and a span or a β
    // past it is declined (for x % MAX at MAX - 1 and MAX, the slope 1 - MAX puts β at
    // MAX·(MAX - 1))
    assert_eq!(
        form(&mut arena, BinOp::Div, 1, &[i64::MAX, -1]).unwrap(),
        "x"
    );
    assert_eq!(form(&mut arena, BinOp::Div, 1, &[i64::MIN, i64::MAX]), None);
    assert_eq!(
        form(&mut arena, BinOp::Mod, i64::MAX, &[i64::MAX - 1, i64::MAX]),
        None
    );
}
