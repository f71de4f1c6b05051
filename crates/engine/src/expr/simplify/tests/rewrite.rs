use crate::expr::simplify::linear::{split_by, Linear};
use crate::expr::simplify::pipeline::{simplify_indexing, LAST_PASS_ONCE, PHASES};
use crate::expr::simplify::rules::fit_form::fit_pair_form;
use crate::expr::simplify::rules::{
    law_of, AFFINE_WHERE_VALID, DROP_IMPLIED, LAST_PASS, OUTSIDE_THE_TABLE, RULES, WHERE_VALID,
};
use crate::expr::simplify::tests::support::{
    check_at, check_equivalent, parsed, simplified, simplified_given_valid,
};
use crate::expr::simplify::{simplify, MAX_STEPS};
use crate::expr::{ExprArena, Node};

/// A typed expression may divide by zero or by a negative number; the rules are written
/// for positive divisors and must leave such nodes alone rather than fold them wrongly.
#[test]
fn zero_and_negative_divisors_are_left_alone() {
    use crate::expr::parse::{arena_with, parse_expr, VarRange};
    for text in [
        "(ridx0 / -2) / 3",
        "(ridx0 / 3) / -2",
        "(ridx0*4+2) / -2",
        "(ridx0*4+2) % -2",
        "(5 - ridx0) / -3",
        "(5 - ridx0) / 0",
        "(ridx0*4+2) % 0",
        "(ridx0 % 0) % 3",
        "(ridx0 / 0) / 2",
        "((ridx0*6) % -4) / 2",
        "(ridx0 % -3) % 6",
    ] {
        let vars = [VarRange {
            name: "ridx0".into(),
            min: 0,
            max: 5,
        }];
        let (mut arena, ids) = arena_with(&vars);
        let id = parse_expr(&mut arena, &ids, &["ridx0".to_string()], text).unwrap();
        let simplified = simplify(&mut arena, id, 1000).root;
        check_equivalent(&arena, id, simplified, &[(0, 5)]);
    }
    let mut arena = ExprArena::new();
    let x = arena.var("x", -4, 4);
    for d in [0, -1, -3, i64::MIN] {
        let (q, r) = (arena.div(x, d), arena.rem(x, d));
        for v in -4..=4 {
            assert_eq!(arena.eval(q, &[v]), v.checked_div(d).unwrap_or(0));
            assert_eq!(arena.eval(r, &[v]), v.checked_rem(d).unwrap_or(0));
        }
    }
}

/// A simplified `valid` may hold a variable re-bounded by its clauses next to the same
/// variable with its whole range (one slot, two ranges). Simplifying it again must not
/// enumerate the two as separate variables (it indexed past a range's values and panicked).
#[test]
fn a_variable_and_its_rebound_copy_simplify_without_panicking() {
    let mut arena = ExprArena::new();
    let x = arena.var("x", 0, 7);
    let Node::Var(var) = *arena.node(x) else {
        unreachable!()
    };
    let narrow = arena.rebound(var, 2, 5);
    let (three, four) = (arena.constant(3), arena.constant(4));
    let (a, b) = (arena.lt(x, three), arena.lt(narrow, four));
    let both = arena.and(a, b);
    let simplified = simplify(&mut arena, both, MAX_STEPS).root;
    for v in 2..=5 {
        assert_eq!(
            arena.eval(simplified, &[v]),
            arena.eval(both, &[v]),
            "x = {v}"
        );
    }
}

/// `(3a + b) // 2 < 1` is `3a + b < 2`, also once the division is split into
/// `a + (a + b) // 2`.
#[test]
fn comparisons_are_tried_before_their_operands_are_rewritten() {
    let mut arena = ExprArena::new();
    let a = arena.var("a", 0, 1);
    let b = arena.var("b", 0, 2);
    let three = arena.constant(3);
    let three_a = arena.mul(a, three);
    let sum = arena.add(three_a, b);
    let half = arena.div(sum, 2);
    let one = arena.constant(1);
    let lt = arena.lt(half, one);
    let simplified = simplify(&mut arena, lt, MAX_STEPS);
    assert_eq!(arena.render_readable(simplified.root), "a*3 + b < 2");
    let rules: Vec<&str> = simplified.steps.iter().map(|s| s.rule).collect();
    assert!(rules.contains(&"lt-div"), "{rules:?}");
    check_equivalent(&arena, lt, simplified.root, &[(0, 1), (0, 2)]);
}

/// Values near `i64`'s ends: no rule may write a form that overflows where the expression
/// as written does not (one case per rule that could: the rule named, then the expression).
#[test]
fn no_rewrite_overflows_where_the_expression_as_written_does_not() {
    const MAX: i64 = i64::MAX;
    type Case = (&'static [(&'static str, i64, i64)], &'static str);
    let boxes: [Case; 9] = [
        // div-fold: 32·a overflows
        (
            &[("a", 1 << 60, (1 << 60) + 1), ("b", 0, 5)],
            "5*a + (2*a + b) // 6",
        ),
        // div-of-shifted-div: 2·(1 + 2·k·y) overflows
        (
            &[("x", 0, 3), ("y", 1, 2)],
            "(x // 2 + 3458764513820540929*y - 1) // 2",
        ),
        // lt-div: 4·k·y overflows
        (
            &[("x", 0, 7), ("y", 0, 2)],
            "x // 4 + 2305843009213693951*y < 1",
        ),
        // split_by's residues: -p becomes 2·p
        (
            &[("p", (1 << 62) - 7, 1 << 62)],
            "(4611686018427387904 - p) % 3",
        ),
        (&[("p", MAX - 7, MAX)], "(p - 7) // 4 + 2"),
        // mod-of-inner-mod: y + 1
        (&[("y", MAX - 7, MAX)], "(y % 6 + 1) % 3"),
        // div-common-factor: x + y
        (
            &[
                ("x", 1 << 62, (1 << 62) + 3),
                ("y", 1 << 62, (1 << 62) + 3),
                ("z", (1 << 61) - 1, 1 << 61),
            ],
            "(x - 4*z + y) // 4",
        ),
        // lt-linear: the constant moved across
        (
            &[
                ("x", 1 << 62, (1 << 62) + 7),
                ("y", (1 << 62) - 8, (1 << 62) - 1),
            ],
            "x - 10 + y < 9223372036854775797",
        ),
        // div-negated
        (
            &[("p", MAX - 9, MAX - 1)],
            "1 - (9223372036854775806 - p) // 3",
        ),
    ];
    for (vars, text) in boxes {
        // `simplified` checks every point of the box against the expression as written
        simplified(vars, text);
    }
    // lt-one: `y // 4 + y % 4` read as `y` next to `z`, on a box too large to walk
    let vars = [("z", 0, 1 << 62), ("y", 0, 1 << 62)];
    let (mut arena, parsed) = parsed(&vars, &["z + y // 4 + y % 4 < 1"]);
    let s = simplify(&mut arena, parsed[0], MAX_STEPS);
    let points = [
        [0, 0],
        [0, 1],
        [1 << 62, 1 << 62],
        [1 << 62, 0],
        [3, 1 << 62],
    ];
    check_at(&arena, parsed[0], s.root, &points);
}

#[test]
fn bounds_at_the_ends_of_i64_decline_rather_than_overflow() {
    // q·F - p·G reaches i64::MIN exactly here: a lower bound of i64::MIN says nothing
    let big = -(1i64 << 62);
    let (mut arena, parsed) = parsed(&[("a", big, 0), ("b", 0, 5)], &["a - b", "a + b < 1"]);
    let result = simplify_indexing(&mut arena, parsed[0], parsed[1]);
    for env in [[big, 0], [big, 5], [-5, 5], [0, 0], [0, 1]] {
        let valid = arena.eval(parsed[1], &env);
        assert_eq!(arena.eval(result.valid, &env), valid, "at {env:?}");
        if valid == 1 {
            assert_eq!(arena.eval(result.idx, &env), arena.eval(parsed[0], &env));
        }
    }
}

#[test]
fn fits_and_splits_near_the_ends_of_i64_decline_rather_than_overflow() {
    // values 1, 0, i64::MIN: the fit's fall / step would be i64::MIN / -1
    let (text, _) = simplified(&[("x", 0, 2)], "(x // 2) * -9223372036854775807 - x + 1");
    assert!(!text.is_empty());
    let (idx, _) = simplified_given_valid(
        &[("x", 0, 2)],
        "(x // 2) * -9223372036854775807 - x + 1",
        "x < 3",
    );
    assert!(!idx.is_empty());
    // a pair's forms y + k·x near i64::MAX (a first version's `u + β` overflowed there)
    let (mut arena, ids) = parsed(
        &[("x", -30, -29), ("y", i64::MAX - 11, i64::MAX - 8)],
        &["(x * -9223372036854775803 + y * 9223372036854775794 + 17592186044416) // 1099511627776 % 1099511627776"],
    );
    assert_eq!(fit_pair_form(&mut arena, ids[0]), None);
    // values 0, 1, 2 - i64::MAX, 3 - i64::MAX: a remainder's fall puts δ at i64::MAX, and
    // x + β then passes i64::MAX; so too over a pair's form a + 2b
    let (text, _) = simplified(&[("x", 0, 3)], "x // 2 * -9223372036854775807 + x");
    assert!(!text.is_empty());
    let (mut arena, ids) = parsed(
        &[("a", 0, 1), ("b", 0, 1)],
        &["(a + b * 2) // 2 * -9223372036854775807 + a + b * 2"],
    );
    // (its quotient over a + 2b, where the remainder's form overflowed)
    let fit = fit_pair_form(&mut arena, ids[0]).expect("a fit");
    for (a, b) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        assert_eq!(arena.eval(fit, &[a, b]), arena.eval(ids[0], &[a, b]));
    }
    // a constant near i64::MIN split by 3: floor(c / 3)·3 is below i64::MIN
    let near_min = Linear {
        terms: Vec::new(),
        constant: i64::MIN + 1,
    };
    let (quotient, remainder) = split_by(&near_min, 3);
    assert_eq!(
        (quotient.constant, remainder.constant),
        (-3074457345618258603, 2)
    );
}

#[test]
fn boxes_ending_at_i64_max_are_walked_without_overflow() {
    // the last point of the box is i64::MAX: stepping past it must not overflow
    let max = i64::MAX;
    let (text, _) = simplified(&[("x", max - 1, max)], "x % 2 + x // 2");
    assert!(!text.is_empty());
    // atoms whose bounds saturate at the ends of i64 are not taken as their values
    let (mut arena, parsed) = parsed(
        &[
            ("x", 1 << 32, (1 << 32) + 1),
            ("y", -(1 << 31) - 1, -(1 << 31)),
        ],
        &["(x*y) % 3 + x"],
    );
    let s = simplify(&mut arena, parsed[0], MAX_STEPS);
    assert!(
        !s.steps.iter().any(|st| st.rule == "affine-in-atoms"),
        "{s:?}"
    );
}

#[test]
fn rules_have_names_and_laws() {
    let last = OUTSIDE_THE_TABLE;
    for rule in RULES.iter().chain(last) {
        assert!(
            !rule.name.is_empty() && rule.law.contains('='),
            "{}",
            rule.name
        );
        assert_eq!(law_of(rule.name), Some(rule.law), "{}", rule.name);
    }
    assert_eq!(
        RULES
            .iter()
            .chain(last)
            .map(|r| r.name)
            .collect::<std::collections::HashSet<_>>()
            .len(),
        RULES.len() + last.len()
    );
    for (name, law) in [WHERE_VALID, AFFINE_WHERE_VALID, DROP_IMPLIED] {
        assert!(law.contains('=') && RULES.iter().chain(last).all(|r| r.name != name));
        assert_eq!(law_of(name), Some(law));
    }
    assert_ne!(WHERE_VALID.0, AFFINE_WHERE_VALID.0);
    assert_eq!(law_of("no-such-rule"), None);
}

/// Every step the simplifier records, in every phase, names a rule whose law can be shown.
#[test]
fn every_recorded_step_has_a_law() {
    use crate::view::op_text::apply_op_list;
    use crate::ShapeTracker;
    let mut seen = std::collections::HashSet::new();
    for (shape, ops) in [
        (&[3, 2][..], "permute 1,0; reshape 3,2"),
        (&[4][..], "pad (1,1)"),
        (&[4, 6][..], "flip 0; shrink (1,3),(0,6); reshape 12"),
        (
            &[2, 3, 4][..],
            "permute 2,0,1; reshape 6,4; pad (1,0),(0,2); reshape 42",
        ),
        (&[5, 7][..], "pad (2,1),(1,1); permute 1,0; reshape 24,3"),
    ] {
        let t = apply_op_list(ShapeTracker::from_shape(shape).unwrap(), ops).unwrap();
        for step in t.index_exprs().steps {
            assert!(law_of(step.rule).is_some(), "{} in {ops}", step.rule);
            seen.insert(step.rule);
        }
    }
    let (mut arena, ids) = parsed(&[("a", 0, 9), ("b", 0, 5)], &["(2*a + b) // 4", "a < 3"]);
    for step in simplify_indexing(&mut arena, ids[0], ids[1]).steps {
        assert!(law_of(step.rule).is_some(), "{}", step.rule);
        seen.insert(step.rule);
    }
    assert!(seen.len() >= 3, "{seen:?}");
}

/// The order of the rule table and of the pipeline's phases is data: a reordering shows here.
#[test]
fn the_rules_and_the_phases_run_in_this_order() {
    let rules: Vec<&str> = RULES.iter().map(|r| r.name).collect();
    assert_eq!(
        rules,
        [
            "affine-on-domain",
            "affine-in-atoms",
            "linear-normal-form",
            "sum-of-quotients",
            "div-fold",
            "div-of-div",
            "div-of-shifted-div",
            "div-gcd",
            "div-common-factor",
            "div-of-mod-gcd",
            "div-negated",
            "div-split",
            "div-in-steps",
            "mod-of-mod",
            "mod-of-inner-mod",
            "mod-reduce",
            "mod-gcd",
            "mod-in-one-period",
            "mod-in-periods",
            "mod-signed",
            "lt-on-domain",
            "lt-div",
            "lt-common-factor",
            "lt-mod-gcd",
            "lt-mod-signed",
            "lt-one",
            "lt-linear",
        ]
    );
    let phases: Vec<&str> = PHASES.iter().map(|p| p.name).collect();
    assert_eq!(
        phases,
        [
            "as-built",
            "div-split-multiples",
            "mod-gcd-split",
            "clauses-given-each-other",
            "idx-alone",
            "last-pass-of-clauses",
            "idx-given-valid",
            "div-negated-in-sum",
            "mod-of-negated-div",
            "one-variable-fit-of-terms",
            "lt-fit-of-form",
            "in-period-where-valid",
            "pair-fit",
            "affine-where-valid",
            "drop-implied",
        ]
    );
    let last_pass: Vec<&str> = LAST_PASS_ONCE
        .into_iter()
        .chain([&LAST_PASS])
        .map(|r| r.name)
        .collect();
    assert_eq!(
        last_pass,
        [
            "lt-div-signed",
            "lt-negated",
            "one-variable-fit",
            "mod-as-difference"
        ]
    );
    for phase in PHASES {
        let length = phase.reason.chars().count();
        assert!(length > 0 && length <= 100, "{}", phase.name);
    }
}
