//! The engine's paths of `engine.rs`, timed in headless Chromium with wasm-bindgen-test's
//! criterion (the performance budget: the browser build within 3x of native). Run by
//! `scripts/bench-wasm`:
//! `cargo bench --target wasm32-unknown-unknown --bench wasm`. Natively this target is empty.
#![cfg(target_arch = "wasm32")]

mod workloads;

use std::hint::black_box;

use wasm_bindgen_test::{wasm_bindgen_bench, wasm_bindgen_test_configure, Criterion};

use engine::morphism::composition_steps;
use workloads::{
    by_hand, check_agreement, composition_pairs, modes_by_hand, nested_layout, stack,
    vector_stacks, DIMS, N,
};

wasm_bindgen_test_configure!(run_in_browser);

fn few_samples(c: &mut Criterion) {
    *c = std::mem::take(c).sample_size(10);
}

#[wasm_bindgen_bench]
fn offsets(c: &mut Criterion) {
    few_samples(c);
    check_agreement();
    for views in 1..=3 {
        let t = stack(views);
        c.bench_function(&format!("offsets, engine, {views} view(s)"), |b| {
            b.iter(|| black_box(&t).offsets(N).unwrap())
        });
        c.bench_function(
            &format!("offsets, hand-written loop, {views} view(s)"),
            |b| b.iter(|| by_hand(black_box(views), black_box(&DIMS))),
        );
    }
    let layout = nested_layout();
    let modes = layout.flat_modes();
    c.bench_function("offsets, engine, 4-level nested CuTe layout", |b| {
        b.iter(|| black_box(&layout).values(N).unwrap())
    });
    c.bench_function(
        "offsets, hand-written loop, 4-level nested CuTe layout",
        |b| b.iter(|| modes_by_hand(black_box(&modes))),
    );
}

#[wasm_bindgen_bench]
fn simplifier(c: &mut Criterion) {
    few_samples(c);
    let trackers = vector_stacks(include_str!(
        "../../../../shared/vectors/tinygrad_seed1.jsonl"
    ));
    c.bench_function(
        &format!(
            "simplifier, index expressions of {} vector stacks",
            trackers.len()
        ),
        |b| {
            b.iter(|| {
                for t in &trackers {
                    black_box(t.index_exprs());
                }
            })
        },
    );
}

#[wasm_bindgen_bench]
fn composition(c: &mut Criterion) {
    few_samples(c);
    let pairs = composition_pairs();
    c.bench_function(
        "composition, Algorithm 4.1.3 on 50 pairs of 6- and 12-mode layouts",
        |b| {
            b.iter(|| {
                for (a, b) in &pairs {
                    black_box(composition_steps(a, b).unwrap());
                }
            })
        },
    );
}
