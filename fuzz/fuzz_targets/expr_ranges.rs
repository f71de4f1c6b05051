//! The simplifier over variables whose ranges come from the input too: the first line lists
//! `min:max` per variable (`ridx0`, `ridx1`, … up to four), the rest is `idx; valid`. The
//! `expr` target fixes the ranges; here any range a symbolic size or a view can give, up to the
//! ends of i64, meets any expression, so an overflow in any rule's reasoning is a crash.
#![no_main]
use engine::expr::parse::{arena_with, parse_expr, VarRange};
use engine::expr::simplify::simplify_indexing;
use libfuzzer_sys::fuzz_target;

fn ranges(line: &str) -> Option<Vec<VarRange>> {
    let mut vars = Vec::new();
    for (k, entry) in line.split(',').take(4).enumerate() {
        let (min, max) = entry.trim().split_once(':')?;
        let (min, max) = (min.trim().parse().ok()?, max.trim().parse().ok()?);
        if min > max {
            return None;
        }
        vars.push(VarRange {
            name: format!("ridx{k}"),
            min,
            max,
        });
    }
    Some(vars)
}

fuzz_target!(|text: &str| {
    let (header, body) = text.split_once('\n').unwrap_or((text, ""));
    let Some(vars) = ranges(header) else { return };
    let names: Vec<String> = vars.iter().map(|v| v.name.clone()).collect();
    let (mut arena, ids) = arena_with(&vars);
    let (idx, valid) = body.split_once(';').unwrap_or((body, "True"));
    let parsed = (
        parse_expr(&mut arena, &ids, &names, idx),
        parse_expr(&mut arena, &ids, &names, valid),
    );
    if let (Ok(idx), Ok(valid)) = parsed {
        let low: Vec<i64> = vars.iter().map(|v| v.min).collect();
        let _ = arena.eval(idx, &low);
        let _ = simplify_indexing(&mut arena, idx, valid);
    }
});
