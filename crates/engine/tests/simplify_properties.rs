//! The expression simplifier against evaluation: random integer and boolean expressions over
//! two bounded variables keep their value at every point of the box once simplified, alone and
//! as an `idx` / `valid` pair (`idx` only where `valid` holds). `PROPTEST_CASES` sets the number
//! of cases (default 256 of general expressions, 4,096 of nested quotients of linear forms,
//! and 4,096 of either near the ends of `i64`, checked where the expression as written does not
//! overflow). The readable rendering of the same expressions parses back to their values.
#![cfg(not(target_arch = "wasm32"))]

use layout_lab_engine::expr::parse::{arena_with, parse_expr, VarRange};
use layout_lab_engine::expr::simplify::{simplify, simplify_indexing, MAX_STEPS};
use layout_lab_engine::expr::{BinOp, ExprArena, ExprId, Node, Piece};
use proptest::prelude::*;

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(default)
}

/// An integer expression as a tree, built into an arena by [`build`].
#[derive(Clone, Debug)]
enum Int {
    X,
    Y,
    Const(i64),
    Add(Box<Int>, Box<Int>),
    Scale(Box<Int>, i64),
    /// A product of two expressions, as the expression mode reads `a * b`: an atom to the rules.
    Mul(Box<Int>, Box<Int>),
    Div(Box<Int>, i64),
    Mod(Box<Int>, i64),
}

/// A condition: comparisons of integer expressions with constants, negated or joined.
#[derive(Clone, Debug)]
enum Cond {
    Lt(Int, i64),
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
}

fn int() -> impl Strategy<Value = Int> {
    let leaf = prop_oneof![
        Just(Int::X),
        Just(Int::Y),
        (-20i64..40).prop_map(Int::Const)
    ];
    leaf.prop_recursive(5, 24, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Add(Box::new(a), Box::new(b))),
            (inner.clone(), -6i64..12).prop_map(|(a, c)| Int::Scale(Box::new(a), c)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Mul(Box::new(a), Box::new(b))),
            (inner.clone(), 1i64..25).prop_map(|(a, d)| Int::Div(Box::new(a), d)),
            (inner, 1i64..25).prop_map(|(a, m)| Int::Mod(Box::new(a), m)),
        ]
    })
}

/// Sums of terms scaled by small factors, most of them negative, under the odd quotient or
/// remainder: the shapes the readable rendering writes as subtraction.
fn signed_sum() -> impl Strategy<Value = Int> {
    let leaf = prop_oneof![Just(Int::X), Just(Int::Y), (-9i64..9).prop_map(Int::Const)];
    leaf.prop_recursive(5, 24, 2, |inner| {
        prop_oneof![
            3 => (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Add(Box::new(a), Box::new(b))),
            3 => (inner.clone(), -4i64..3).prop_map(|(a, c)| Int::Scale(Box::new(a), c)),
            1 => (inner.clone(), 1i64..5).prop_map(|(a, d)| Int::Div(Box::new(a), d)),
            1 => (inner, 1i64..5).prop_map(|(a, m)| Int::Mod(Box::new(a), m)),
        ]
    })
}

fn cond() -> impl Strategy<Value = Cond> {
    let leaf = (int(), -30i64..60).prop_map(|(a, c)| Cond::Lt(a, c));
    leaf.prop_recursive(3, 8, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| Cond::Not(Box::new(c))),
            (inner.clone(), inner).prop_map(|(a, b)| Cond::And(Box::new(a), Box::new(b))),
        ]
    })
}

/// One step of [`nested`] over the expression so far.
#[derive(Clone, Debug)]
enum Step {
    Div(i64),
    Mod(i64),
    /// `e·s + t·x + k`
    Affine(i64, i64, i64),
}

/// `a·x + b·y + k` under one to three of `// d`, `% m` and `·s + t·x + k`: the shapes where
/// truncating and floor division part (a numerator in `(-d, 0)`, whose truncated quotient is
/// 0), which [`int`] seldom draws with coefficients this large.
fn nested() -> impl Strategy<Value = Int> {
    let linear = (-40i64..40, -40i64..40, -60i64..60);
    let step = prop_oneof![
        (1i64..13).prop_map(Step::Div),
        (1i64..13).prop_map(Step::Mod),
        (-12i64..12, -20i64..20, -20i64..40).prop_map(|(s, t, k)| Step::Affine(s, t, k)),
    ];
    (linear, prop::collection::vec(step, 1..4)).prop_map(|(linear, steps)| nest(linear, steps))
}

/// `a·x + b·y + k` for `(a, b, k)`, under `steps` in order.
fn nest((a, b, k): (i64, i64, i64), steps: Vec<Step>) -> Int {
    let ax = Int::Scale(Box::new(Int::X), a);
    let by = Int::Scale(Box::new(Int::Y), b);
    let linear = Int::Add(
        Box::new(Int::Add(Box::new(ax), Box::new(by))),
        Box::new(Int::Const(k)),
    );
    steps.into_iter().fold(linear, |e, step| match step {
        Step::Div(d) => Int::Div(Box::new(e), d),
        Step::Mod(m) => Int::Mod(Box::new(e), m),
        Step::Affine(s, t, k) => {
            let scaled = Int::Scale(Box::new(e), s);
            let tx = Int::Scale(Box::new(Int::X), t);
            let sum = Int::Add(Box::new(scaled), Box::new(tx));
            Int::Add(Box::new(sum), Box::new(Int::Const(k)))
        }
    })
}

/// A number that is small or near a power of two up to `i64`'s ends, of either sign.
fn wide() -> impl Strategy<Value = i64> {
    prop_oneof![
        -40i64..40,
        (40u32..63, -8i64..8).prop_map(|(p, s)| (1i64 << p) + s),
        (40u32..63, -8i64..8).prop_map(|(p, s)| -(1i64 << p) + s),
        (0i64..16).prop_map(|s| i64::MAX - s),
        (0i64..16).prop_map(|s| i64::MIN + s),
    ]
}

/// A variable's range of up to 8 values from a [`wide`] start.
fn wide_range() -> impl Strategy<Value = (i64, i64)> {
    (wide(), 0i64..8).prop_map(|(low, len)| (low, low.checked_add(len).unwrap_or(i64::MAX)))
}

/// [`nested`] with [`wide`] coefficients, constants and (sometimes) divisors.
fn nested_wide() -> impl Strategy<Value = Int> {
    let divisor = prop_oneof![3 => 1i64..13, 1 => (40u32..63).prop_map(|p| 1i64 << p)];
    let step = prop_oneof![
        divisor.clone().prop_map(Step::Div),
        divisor.prop_map(Step::Mod),
        (wide(), wide(), wide()).prop_map(|(s, t, k)| Step::Affine(s, t, k)),
    ];
    ((wide(), wide(), wide()), prop::collection::vec(step, 1..4))
        .prop_map(|(linear, steps)| nest(linear, steps))
}

/// [`int`] with [`wide`] constants, factors and (sometimes) divisors.
fn int_wide() -> impl Strategy<Value = Int> {
    let leaf = prop_oneof![Just(Int::X), Just(Int::Y), wide().prop_map(Int::Const)];
    let divisor = || prop_oneof![3 => 1i64..25, 1 => (40u32..63).prop_map(|p| 1i64 << p)];
    leaf.prop_recursive(5, 24, 2, move |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Add(Box::new(a), Box::new(b))),
            (inner.clone(), wide()).prop_map(|(a, c)| Int::Scale(Box::new(a), c)),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Int::Mul(Box::new(a), Box::new(b))),
            (inner.clone(), divisor()).prop_map(|(a, d)| Int::Div(Box::new(a), d)),
            (inner, divisor()).prop_map(|(a, m)| Int::Mod(Box::new(a), m)),
        ]
    })
}

/// [`cond`] over [`int_wide`], with [`wide`] constants.
fn cond_wide() -> impl Strategy<Value = Cond> {
    let leaf = (int_wide(), wide()).prop_map(|(a, c)| Cond::Lt(a, c));
    leaf.prop_recursive(3, 8, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| Cond::Not(Box::new(c))),
            (inner.clone(), inner).prop_map(|(a, b)| Cond::And(Box::new(a), Box::new(b))),
        ]
    })
}

/// `e` at `env` as written, `None` where any step of it overflows `i64`.
fn checked(e: &Int, env: [i64; 2]) -> Option<i64> {
    match e {
        Int::X => Some(env[0]),
        Int::Y => Some(env[1]),
        Int::Const(v) => Some(*v),
        Int::Add(a, b) => checked(a, env)?.checked_add(checked(b, env)?),
        Int::Scale(a, c) => checked(a, env)?.checked_mul(*c),
        Int::Mul(a, b) => checked(a, env)?.checked_mul(checked(b, env)?),
        Int::Div(a, d) => checked(a, env)?.checked_div(*d),
        Int::Mod(a, m) => checked(a, env)?.checked_rem(*m),
    }
}

fn checked_cond(c: &Cond, env: [i64; 2]) -> Option<bool> {
    match c {
        Cond::Lt(a, k) => Some(checked(a, env)? < *k),
        Cond::Not(a) => Some(!checked_cond(a, env)?),
        Cond::And(a, b) => Some(checked_cond(a, env)? & checked_cond(b, env)?),
    }
}

fn build(arena: &mut ExprArena, vars: [ExprId; 2], e: &Int) -> ExprId {
    match e {
        Int::X => vars[0],
        Int::Y => vars[1],
        Int::Const(v) => arena.constant(*v),
        Int::Add(a, b) => {
            let (a, b) = (build(arena, vars, a), build(arena, vars, b));
            arena.add(a, b)
        }
        Int::Scale(a, c) => {
            let a = build(arena, vars, a);
            let c = arena.constant(*c);
            arena.mul(a, c)
        }
        Int::Mul(a, b) => {
            let (a, b) = (build(arena, vars, a), build(arena, vars, b));
            arena.mul(a, b)
        }
        Int::Div(a, d) => {
            let a = build(arena, vars, a);
            arena.div(a, *d)
        }
        Int::Mod(a, m) => {
            let a = build(arena, vars, a);
            arena.rem(a, *m)
        }
    }
}

fn build_cond(arena: &mut ExprArena, vars: [ExprId; 2], c: &Cond) -> ExprId {
    match c {
        Cond::Lt(a, k) => {
            let a = build(arena, vars, a);
            let k = arena.constant(*k);
            arena.lt(a, k)
        }
        Cond::Not(a) => {
            let a = build_cond(arena, vars, a);
            arena.not(a)
        }
        Cond::And(a, b) => {
            let (a, b) = (build_cond(arena, vars, a), build_cond(arena, vars, b));
            arena.and(a, b)
        }
    }
}

/// Whether `id` is a condition (`valid` must stay one: a shader's `valid` is a `bool`, though
/// evaluation reads conditions as 0 or 1).
fn is_condition(arena: &ExprArena, id: ExprId) -> bool {
    match *arena.node(id) {
        Node::Bool(_) | Node::Binary(BinOp::Lt, _, _) => true,
        Node::Not(a) => is_condition(arena, a),
        Node::Binary(BinOp::And, a, b) => is_condition(arena, a) && is_condition(arena, b),
        _ => false,
    }
}

fn box_points((x0, x1): (i64, i64), (y0, y1): (i64, i64)) -> impl Iterator<Item = [i64; 2]> {
    (x0..=x1).flat_map(move |x| (y0..=y1).map(move |y| [x, y]))
}

/// What the simplified forms are compared with at a point.
#[derive(Clone, Copy)]
enum Truth {
    /// The expressions as built, evaluated.
    AsBuilt,
    /// The expressions as written, only where no step of them overflows `i64`.
    WithoutOverflow,
}

/// Builds `e` and `c` over `x` in `xs` and `y` in `ys` and checks every simplification of them
/// at every point of the box: `e` and `c` each alone keep their values, and `simplify_indexing`
/// keeps `valid` everywhere and `idx` where `valid` holds; `valid` stays a condition.
fn check_simplified(
    e: &Int,
    c: &Cond,
    xs: (i64, i64),
    ys: (i64, i64),
    truth: Truth,
) -> Result<(), TestCaseError> {
    let mut arena = ExprArena::new();
    let vars = [arena.var("x", xs.0, xs.1), arena.var("y", ys.0, ys.1)];
    let idx = build(&mut arena, vars, e);
    let valid = build_cond(&mut arena, vars, c);
    let simple_idx = simplify(&mut arena, idx, MAX_STEPS).root;
    let simple_valid = simplify(&mut arena, valid, MAX_STEPS).root;
    let pair = simplify_indexing(&mut arena, idx, valid);
    prop_assert!(
        is_condition(&arena, simple_valid),
        "{}",
        arena.render_readable(simple_valid)
    );
    prop_assert!(
        is_condition(&arena, pair.valid),
        "{}",
        arena.render_readable(pair.valid)
    );
    for env in box_points(xs, ys) {
        let (want_idx, want_valid) = match truth {
            Truth::AsBuilt => (Some(arena.eval(idx, &env)), Some(arena.eval(valid, &env))),
            Truth::WithoutOverflow => (checked(e, env), checked_cond(c, env).map(i64::from)),
        };
        let shown = || {
            format!(
                "at {env:?}: idx {} -> {} / {}, valid {} -> {} / {}",
                arena.render_readable(idx),
                arena.render_readable(simple_idx),
                arena.render_readable(pair.idx),
                arena.render_readable(valid),
                arena.render_readable(simple_valid),
                arena.render_readable(pair.valid),
            )
        };
        if let Some(want) = want_idx {
            prop_assert_eq!(arena.eval(simple_idx, &env), want, "{}", shown());
        }
        if let Some(want) = want_valid {
            prop_assert_eq!(arena.eval(simple_valid, &env), want, "{}", shown());
            prop_assert_eq!(arena.eval(pair.valid, &env), want, "{}", shown());
        }
        if let (Some(want), Some(1)) = (want_idx, want_valid) {
            prop_assert_eq!(arena.eval(pair.idx, &env), want, "{}", shown());
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    /// Every rule the simplifier fires keeps the expression's value at every point.
    #[test]
    fn simplified_expressions_keep_their_values(
        e in int(),
        c in cond(),
        x_max in 0i64..30,
        y_max in 0i64..12,
    ) {
        check_simplified(&e, &c, (0, x_max), (0, y_max), Truth::AsBuilt)?;
    }
}

proptest! {
    // cheap cases (one small linear form each), so more of them by default
    #![proptest_config(ProptestConfig::with_cases(cases(4096)))]

    /// The same for [`nested`] quotients and remainders of linear forms, over variables that
    /// may start above 0 (as `valid` rebinds them).
    #[test]
    fn nested_quotients_of_linear_forms_keep_their_values(
        e in nested(),
        c in cond(),
        x_low in 0i64..6,
        x_len in 0i64..20,
        y_low in 0i64..10,
        y_len in 0i64..12,
    ) {
        check_simplified(
            &e,
            &c,
            (x_low, x_low + x_len),
            (y_low, y_low + y_len),
            Truth::AsBuilt,
        )?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(4096)))]

    /// No rule writes a form that overflows where the expression as written does not: [`nested`]
    /// forms and general expressions and conditions, with coefficients, constants and variables
    /// near `i64`'s ends.
    #[test]
    fn expressions_near_the_ends_of_i64_keep_their_values(
        e in prop_oneof![nested_wide(), int_wide()],
        c in prop_oneof![cond(), cond_wide()],
        xs in wide_range(),
        ys in wide_range(),
    ) {
        check_simplified(&e, &c, xs, ys, Truth::WithoutOverflow)?;
    }
}

/// Checks that the readable text of every sub-expression of `id`, parsed back over `x` in `xs`
/// and `y` in `ys`, has its node's value at every point of the box: the whole expression reads
/// as it evaluates, and each piece a UI marks (a subtracted term with its minus sign, the
/// operands of a sum printed in another order) reads as the node whose value it shows.
fn check_readable(
    arena: &ExprArena,
    id: ExprId,
    xs: (i64, i64),
    ys: (i64, i64),
) -> Result<(), TestCaseError> {
    fn each(piece: &Piece, found: &mut Vec<(ExprId, String)>) {
        if let Piece::Node(id, parts) = piece {
            found.push((*id, piece.text()));
            parts.iter().for_each(|p| each(p, found));
        }
    }
    let ranges = [("x", xs), ("y", ys)].map(|(name, (min, max))| VarRange {
        name: name.to_string(),
        min,
        max,
    });
    let names = ["x".to_string(), "y".to_string()];
    let mut pieces = Vec::new();
    each(&arena.readable_piece(id), &mut pieces);
    prop_assert_eq!(
        pieces.first().map(|p| p.1.clone()),
        Some(arena.render_readable(id))
    );
    for (node, text) in pieces {
        let (mut back, vars) = arena_with(&ranges);
        let parsed = parse_expr(&mut back, &vars, &names, &text)
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        for env in box_points(xs, ys) {
            prop_assert_eq!(
                back.eval(parsed, &env),
                arena.eval(node, &env),
                "{} at {:?}, in {}",
                text,
                env,
                arena.render_readable(id)
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    /// The readable rendering of general expressions, of their conditions and of both once
    /// simplified parses back to the same values, piece by piece.
    #[test]
    fn readable_text_reads_as_it_evaluates(
        e in prop_oneof![int(), nested(), signed_sum(), signed_sum()],
        c in cond(),
        x_max in 0i64..12,
        y_max in 0i64..6,
    ) {
        let (xs, ys) = ((0, x_max), (0, y_max));
        let mut arena = ExprArena::new();
        let vars = [arena.var("x", xs.0, xs.1), arena.var("y", ys.0, ys.1)];
        let idx = build(&mut arena, vars, &e);
        let valid = build_cond(&mut arena, vars, &c);
        let pair = simplify_indexing(&mut arena, idx, valid);
        for id in [idx, valid, pair.idx, pair.valid] {
            check_readable(&arena, id, xs, ys)?;
        }
    }
}
