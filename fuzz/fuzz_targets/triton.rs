//! Triton layouts as their MLIR attribute text (inline or with its alias line) or Gluon's
//! constructors: what parses prints back, converts to a linear layout at a few shapes, and runs
//! the algebra on it (invert, pseudo-inverse, invert_and_compose) and, for a shared layout, its
//! CuTe counterpart; for tensor memory, where elements sit and which tcgen05.ld reads it;
//! never panicking.
#![no_main]
use engine::linear::{shared_to_cute, tmem_accesses_matching, TritonLayout};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let Ok(layout) = TritonLayout::parse(text) else {
        return;
    };
    let _ = TritonLayout::parse(&layout.to_mlir());
    let (alias, aliased) = layout.to_mlir_aliased();
    let _ = TritonLayout::parse(&format!("{alias}\n{aliased}"));
    let _ = TritonLayout::parse(&layout.to_gluon());
    if let TritonLayout::TensorMemory(t) = &layout {
        for shape in [[64u32, 64], [128, 64], [256, 128]] {
            let _ = t.place(&shape, [shape[0] - 1, 3]);
            if let Ok(linear) = layout.to_linear_layout(&shape) {
                let _ = tmem_accesses_matching(t, shape, &linear);
            }
        }
    }
    let rank = layout.rank().min(4);
    for extent in [1u32, 16, 64] {
        let shape = vec![extent; rank];
        let _ = shared_to_cute(&layout, &shape);
        let Ok(linear) = layout.to_linear_layout(&shape) else {
            continue;
        };
        let _ = linear.invert();
        let _ = linear.pseudoinvert();
        let _ = linear.invert_and_compose(&linear);
        let _ = linear.matrix().rank();
    }
});
