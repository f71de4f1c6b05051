//! The expression simplifier against evaluation: random integer and boolean expressions over
//! two bounded variables keep their value at every point of the box once simplified, alone and
//! as an `idx` / `valid` pair (`idx` only where `valid` holds). `PROPTEST_CASES` sets the number
//! of cases (default 256).
#![cfg(not(target_arch = "wasm32"))]

use layout_lab::engine::expr::{ExprArena, ExprId};
use layout_lab::engine::simplify::{simplify, simplify_indexing, MAX_STEPS};
use proptest::prelude::*;

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(256)
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

fn cond() -> impl Strategy<Value = Cond> {
    let leaf = (int(), -30i64..60).prop_map(|(a, c)| Cond::Lt(a, c));
    leaf.prop_recursive(3, 8, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| Cond::Not(Box::new(c))),
            (inner.clone(), inner).prop_map(|(a, b)| Cond::And(Box::new(a), Box::new(b))),
        ]
    })
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

fn points(x_max: i64, y_max: i64) -> impl Iterator<Item = [i64; 2]> {
    (0..=x_max).flat_map(move |x| (0..=y_max).map(move |y| [x, y]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// Every rule the simplifier fires keeps the expression's value at every point.
    #[test]
    fn simplified_expressions_keep_their_values(
        e in int(),
        c in cond(),
        x_max in 0i64..30,
        y_max in 0i64..12,
    ) {
        let mut arena = ExprArena::new();
        let vars = [arena.var("x", 0, x_max), arena.var("y", 0, y_max)];
        let idx = build(&mut arena, vars, &e);
        let valid = build_cond(&mut arena, vars, &c);
        let simple_idx = simplify(&mut arena, idx, MAX_STEPS).root;
        let simple_valid = simplify(&mut arena, valid, MAX_STEPS).root;
        let pair = simplify_indexing(&mut arena, idx, valid);
        for env in points(x_max, y_max) {
            let (want_idx, want_valid) = (arena.eval(idx, &env), arena.eval(valid, &env));
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
            prop_assert_eq!(arena.eval(simple_idx, &env), want_idx, "{}", shown());
            prop_assert_eq!(arena.eval(simple_valid, &env), want_valid, "{}", shown());
            prop_assert_eq!(arena.eval(pair.valid, &env), want_valid, "{}", shown());
            if want_valid == 1 {
                prop_assert_eq!(arena.eval(pair.idx, &env), want_idx, "{}", shown());
            }
        }
    }
}
