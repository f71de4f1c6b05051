//! Index and valid expressions as the Views page's expression mode reads them, and the
//! simplifier on them: `idx; valid`, over one small variable and two that reach near the ends
//! of i64 (a user's symbolic sizes can), so an overflow in its reasoning is a crash.
#![no_main]
use engine::expr::parse::parse_expr;
use engine::expr::simplify::simplify_indexing;
use engine::expr::ExprArena;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let mut arena = ExprArena::new();
    let names: Vec<String> = (0..3).map(|k| format!("ridx{k}")).collect();
    let ranges = [(0, 7), (-(1 << 62), 0), (0, 1 << 62)];
    let vars: Vec<_> = names
        .iter()
        .zip(ranges)
        .map(|(n, (min, max))| arena.var(n, min, max))
        .collect();
    let (idx, valid) = text.split_once(';').unwrap_or((text, "True"));
    let parsed = (
        parse_expr(&mut arena, &vars, &names, idx),
        parse_expr(&mut arena, &vars, &names, valid),
    );
    if let (Ok(idx), Ok(valid)) = parsed {
        let _ = arena.render_readable(idx);
        let _ = arena.eval(idx, &[1, 2, 3]);
        let _ = simplify_indexing(&mut arena, idx, valid);
    }
});
