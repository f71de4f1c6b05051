//! Engine speed (the performance budgets): the engine's paths against hand-written Rust loops
//! computing the same addresses, the simplifier over the vector files, and the composition
//! algorithm.
//! `cargo bench --bench engine`; the figures go to BENCHMARKS.md. `benches/wasm.rs` times the
//! same workloads in headless Chromium. Native only: a wasm32 build gets an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod workloads;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::hint::black_box;

    use criterion::{Criterion, Throughput};

    use super::workloads::{
        by_hand, check_agreement, composition_pairs, modes_by_hand, nested_layout, stack,
        vector_stacks, DIMS, N,
    };
    use engine::morphism::{composition_steps, mutual_refinement};
    use engine::{ShapeTracker, View};
    use model::draw::large_grid::LargeGrid;

    pub fn offsets(c: &mut Criterion) {
        check_agreement();
        let mut group = c.benchmark_group("offsets of 1,048,576 elements");
        group
            .sample_size(10)
            .throughput(Throughput::Elements(N as u64));
        for views in 1..=3 {
            let t = stack(views);
            group.bench_function(format!("engine, {views} view(s)"), |b| {
                b.iter(|| black_box(&t).offsets(N).unwrap())
            });
            group.bench_function(format!("hand-written loop, {views} view(s)"), |b| {
                b.iter(|| by_hand(black_box(views), black_box(&DIMS)))
            });
        }
        let layout = nested_layout();
        let modes = layout.flat_modes();
        group.bench_function("engine, 4-level nested CuTe layout", |b| {
            b.iter(|| black_box(&layout).values(N).unwrap())
        });
        group.bench_function("hand-written loop, 4-level nested CuTe layout", |b| {
            b.iter(|| modes_by_hand(black_box(&modes)))
        });
        group.finish();
    }

    pub fn simplifier(c: &mut Criterion) {
        let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/vectors/tinygrad_seed1.jsonl");
        let trackers = vector_stacks(&std::fs::read_to_string(path).unwrap());
        let mut group = c.benchmark_group("simplifier");
        group.sample_size(10);
        group.bench_function(
            format!("index expressions of {} vector stacks", trackers.len()),
            |b| {
                b.iter(|| {
                    for t in &trackers {
                        black_box(t.index_exprs());
                    }
                })
            },
        );
        group.finish();
    }

    /// What a 1,048,576-cell edit computes for the canvas grid after the offsets: the image
    /// and the memory strip's 960 buckets.
    pub fn canvas_grid(c: &mut Criterion) {
        // the 1024 x 1024 transpose: a square image, addresses all over the span
        let view = View::create(&[1024, 1024], Some(&[1, 1024]), 0, None).expect("a view");
        let tracker = ShapeTracker::from_views(vec![view]).expect("a stack");
        let grid = LargeGrid::of(&tracker).expect("a canvas-sized stack");
        let mut group = c.benchmark_group("canvas grid of 1,048,576 cells");
        group.sample_size(20);
        group.throughput(Throughput::Elements(N as u64));
        group.bench_function("image", |b| b.iter(|| black_box(&grid).image()));
        group.bench_function("memory strip buckets", |b| {
            b.iter(|| black_box(&grid).bucket_counts(960))
        });
        group.finish();
    }

    pub fn composition(c: &mut Criterion) {
        let pairs = composition_pairs();
        let mut group = c.benchmark_group("composition");
        group.sample_size(10);
        group.bench_function(
            "Algorithm 4.1.3 on 50 pairs of 6- and 12-mode layouts",
            |b| {
                b.iter(|| {
                    for (a, b) in &pairs {
                        black_box(composition_steps(a, b).unwrap());
                    }
                })
            },
        );
        let tuples: Vec<_> = pairs
            .iter()
            .map(|(a, b)| (a.shape().clone(), b.shape().clone()))
            .collect();
        group.bench_function("mutual refinement of 50 pairs of shapes", |b| {
            b.iter(|| {
                for (s, t) in &tuples {
                    let _ = black_box(mutual_refinement(s, t));
                }
            })
        });
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(
    benches,
    native::offsets,
    native::simplifier,
    native::canvas_grid,
    native::composition
);
#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
