//! Index and valid expressions as the Views page's expression mode reads them.
#![no_main]
use layout_lab::engine::expr::ExprArena;
use layout_lab::engine::expr_parse::parse_expr;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let mut arena = ExprArena::new();
    let names: Vec<String> = (0..3).map(|k| format!("ridx{k}")).collect();
    let vars: Vec<_> = names.iter().map(|n| arena.var(n, 0, 7)).collect();
    if let Ok(id) = parse_expr(&mut arena, &vars, &names, text) {
        let _ = arena.render_readable(id);
        let _ = arena.eval(id, &[1, 2, 3]);
    }
});
