use crate::expr::simplify::pipeline::simplify_indexing;
use crate::expr::simplify::points::{next_point, SlotRange};
use crate::expr::simplify::{rebuild, simplify, Simplified, Step, MAX_STEPS};
use crate::expr::{ExprArena, ExprId, Node};

/// Every rule's output must agree with its input on every assignment in range.
#[track_caller]
pub(crate) fn check_equivalent(arena: &ExprArena, a: ExprId, b: ExprId, ranges: &[(i64, i64)]) {
    for_each_point(ranges, |env| {
        assert_eq!(
            arena.eval(a, env),
            arena.eval(b, env),
            "{} != {} at {env:?}",
            arena.render_readable(a),
            arena.render_readable(b)
        );
    });
}

/// [`check_equivalent`] at the given points only, for boxes too large to walk.
#[track_caller]
pub(crate) fn check_at(arena: &ExprArena, a: ExprId, b: ExprId, points: &[[i64; 2]]) {
    for env in points {
        assert_eq!(arena.eval(a, env), arena.eval(b, env), "at {env:?}");
    }
}

/// Calls `f` at every point of the box (slot `k` in `ranges[k]`), with the engine's
/// odometer [`next_point`].
fn for_each_point(ranges: &[(i64, i64)], mut f: impl FnMut(&[i64])) {
    let slots: Vec<SlotRange> = ranges
        .iter()
        .enumerate()
        .map(|(k, &(lo, hi))| (k, lo, hi))
        .collect();
    let mut env: Vec<i64> = ranges.iter().map(|r| r.0).collect();
    loop {
        f(&env);
        if !next_point(&mut env, &slots) {
            return;
        }
    }
}

/// An arena with `vars` (name, min, max) and `texts` parsed over them.
pub(crate) fn parsed(vars: &[(&str, i64, i64)], texts: &[&str]) -> (ExprArena, Vec<ExprId>) {
    use crate::expr::parse::{arena_with, parse_expr, VarRange};
    let ranges: Vec<VarRange> = vars
        .iter()
        .map(|&(name, min, max)| VarRange {
            name: name.to_string(),
            min,
            max,
        })
        .collect();
    let names: Vec<String> = vars.iter().map(|v| v.0.to_string()).collect();
    let (mut arena, ids) = arena_with(&ranges);
    let parsed = texts
        .iter()
        .map(|text| parse_expr(&mut arena, &ids, &names, text).unwrap())
        .collect();
    (arena, parsed)
}

/// Parses `idx` and `valid` over `vars`, simplifies them together and checks the result
/// against the input at every point of the box: the same `valid`, the same `idx` where valid.
pub(crate) fn simplified_given_valid(
    vars: &[(&str, i64, i64)],
    idx: &str,
    valid: &str,
) -> (String, String) {
    let (mut arena, parsed) = parsed(vars, &[idx, valid]);
    let (idx, valid) = (parsed[0], parsed[1]);
    let result = simplify_indexing(&mut arena, idx, valid);
    let ranges: Vec<(i64, i64)> = vars.iter().map(|v| (v.1, v.2)).collect();
    for_each_point(&ranges, |env| {
        let want_valid = arena.eval(valid, env);
        assert_eq!(
            arena.eval(result.valid, env),
            want_valid,
            "valid at {env:?}"
        );
        if want_valid == 1 {
            assert_eq!(
                arena.eval(result.idx, env),
                arena.eval(idx, env),
                "idx at {env:?}"
            );
        }
    });
    (
        arena.render_readable(result.idx),
        arena.render_readable(result.valid),
    )
}

/// `root` with each step's `before` replaced by its `after` wherever it occurs, one step after
/// the other, rebuilt as [`simplify`] rebuilds; an earlier step applies again where its
/// `before` comes back (the simplifier remembers a rewrite, `x·4 // 3` is `x + x // 3` each
/// time). [`simplify`]'s steps replayed on its input give its result: the steps shown
/// explain it (where no step was taken on a node as written whose operands other steps
/// rewrote first: a sub-term shared with a part simplified earlier).
fn replay(arena: &mut ExprArena, root: ExprId, steps: &[Step]) -> ExprId {
    fn replaced(arena: &mut ExprArena, id: ExprId, from: ExprId, to: ExprId) -> ExprId {
        if id == from {
            return to;
        }
        match arena.node(id).clone() {
            Node::Not(a) => {
                let a = replaced(arena, a, from, to);
                arena.not(a)
            }
            Node::Binary(op, a, b) => {
                let (a, b) = (replaced(arena, a, from, to), replaced(arena, b, from, to));
                rebuild(arena, op, a, b)
            }
            _ => id,
        }
    }
    let mut id = root;
    for (k, step) in steps.iter().enumerate() {
        id = replaced(arena, id, step.before, step.after);
        for _ in 0..k {
            let again = steps[..k]
                .iter()
                .fold(id, |id, s| replaced(arena, id, s.before, s.after));
            if again == id {
                break;
            }
            id = again;
        }
    }
    id
}

/// The simplifier's steps, replayed on `id`, give `root`: the list the Views page shows
/// explains the whole result.
fn check_steps_explain(arena: &mut ExprArena, id: ExprId, s: &Simplified) {
    let replayed = replay(arena, id, &s.steps);
    assert_eq!(
        arena.render_readable(replayed),
        arena.render_readable(s.root),
        "the steps {:?} do not explain the result",
        s.steps.iter().map(|st| st.rule).collect::<Vec<_>>()
    );
}

/// Parses `text` over `vars`, simplifies it and checks it at every point of the box, and
/// that its steps explain it.
pub(crate) fn simplified(vars: &[(&str, i64, i64)], text: &str) -> (String, Vec<&'static str>) {
    let (mut arena, parsed) = parsed(vars, &[text]);
    let id = parsed[0];
    let s = simplify(&mut arena, id, MAX_STEPS);
    assert!(arena.op_count(s.root) <= arena.op_count(id));
    check_steps_explain(&mut arena, id, &s);
    let box_ranges: Vec<(i64, i64)> = vars.iter().map(|v| (v.1, v.2)).collect();
    check_equivalent(&arena, id, s.root, &box_ranges);
    let rules = s.steps.iter().map(|st| st.rule).collect();
    (arena.render_readable(s.root), rules)
}
