//! Engine speed (issue 11): the engine's paths against hand-written Rust loops computing the
//! same addresses, the simplifier over the vector files, and the composition algorithm.
//! `cargo bench --bench engine`; the figures go to BENCHMARKS.md. Native only: a wasm32 build
//! (clippy of every target) gets an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
use std::hint::black_box;

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

#[cfg(not(target_arch = "wasm32"))]
use layout_lab::engine::cute::Layout;
#[cfg(not(target_arch = "wasm32"))]
use layout_lab::engine::morphism::{composition_steps, mutual_refinement};
#[cfg(not(target_arch = "wasm32"))]
use layout_lab::engine::{MovementOp, ShapeTracker, View};
#[cfg(not(target_arch = "wasm32"))]
use layout_lab::vectors::case_tracker;

#[cfg(not(target_arch = "wasm32"))]
const N: usize = 1 << 20;

#[cfg(not(target_arch = "wasm32"))]
fn stack(views: usize) -> ShapeTracker {
    // a transpose of 1024 x 1024, then reshapes that cannot merge, one view each
    let base = View::create(&[1024, 1024], Some(&[1, 1024]), 0, None).unwrap();
    let mut t = ShapeTracker::from_views(vec![base]).unwrap();
    let ops = [
        vec![MovementOp::Reshape(vec![N as i64])],
        vec![
            MovementOp::Reshape(vec![2048, 512]),
            MovementOp::Permute(vec![1, 0]),
            MovementOp::Reshape(vec![N as i64]),
        ],
    ];
    for step in ops.iter().take(views - 1) {
        for op in step {
            t = t.apply(op).unwrap().0;
        }
    }
    assert_eq!(t.views().len(), views, "{t:?}");
    t
}

/// The same addresses as `stack(views)`, by hand, with the sizes and strides read at run
/// time as the engine must (constants would let the compiler turn every division into a shift).
#[cfg(not(target_arch = "wasm32"))]
fn by_hand(views: usize, dims: &[usize; 4]) -> Vec<usize> {
    let [rows, cols, outer, inner] = *dims;
    let transposed = |i: usize| (i / cols) + (i % cols) * rows;
    (0..rows * cols)
        .map(|i| match views {
            1 | 2 => transposed(i),
            _ => {
                // (outer, inner) permuted to (inner, outer), read row-major
                let (r, c) = (i / outer, i % outer);
                transposed(c * inner + r)
            }
        })
        .collect()
}

#[cfg(not(target_arch = "wasm32"))]
fn offsets(c: &mut Criterion) {
    let mut group = c.benchmark_group("offsets of 1,048,576 elements");
    group
        .sample_size(10)
        .throughput(Throughput::Elements(N as u64));
    for views in 1..=3 {
        let t = stack(views);
        let dims = [1024, 1024, 2048, 512];
        let expected: Vec<i64> = by_hand(views, &dims)
            .into_iter()
            .map(|a| a as i64)
            .collect();
        let got: Vec<i64> = t.offsets(N).unwrap().into_iter().flatten().collect();
        assert_eq!(got, expected, "{views} views");
        group.bench_function(format!("engine, {views} view(s)"), |b| {
            b.iter(|| black_box(&t).offsets(N).unwrap())
        });
        group.bench_function(format!("hand-written loop, {views} view(s)"), |b| {
            b.iter(|| by_hand(black_box(views), black_box(&dims)))
        });
    }
    // a 4-level nested layout of 2^20 elements with permuted strides
    let layout = Layout::parse(
        "(((4,(2,2)),(8,16)),((8,8),(4,2))):(((1,(4,8)),(16384,128)),((16,2048),(131072,524288)))",
    )
    .unwrap();
    let modes = layout.flat_modes();
    let hand = |modes: &[(i64, i64)]| -> Vec<i64> {
        (0..N as i64)
            .map(|i| {
                let (mut rest, mut offset) = (i, 0);
                for &(s, d) in modes {
                    offset += (rest % s) * d;
                    rest /= s;
                }
                offset
            })
            .collect()
    };
    assert_eq!(layout.values(N).unwrap(), hand(&modes));
    group.bench_function("engine, 4-level nested CuTe layout", |b| {
        b.iter(|| black_box(&layout).values(N).unwrap())
    });
    group.bench_function("hand-written loop, 4-level nested CuTe layout", |b| {
        b.iter(|| hand(black_box(&modes)))
    });
    group.finish();
}

#[cfg(not(target_arch = "wasm32"))]
fn simplifier(c: &mut Criterion) {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/vectors/tinygrad_seed1.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let trackers: Vec<ShapeTracker> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| {
            let kind = v["kind"].as_str()?.to_string();
            case_tracker(&kind, &v).ok().flatten().map(|(t, _, _)| t)
        })
        .collect();
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

#[cfg(not(target_arch = "wasm32"))]
fn composition(c: &mut Criterion) {
    // large tractable layouts: 12 modes, sizes 2..4, strides a permuted compact layout
    let mut seed = 7u64;
    let mut next = |m: u64| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        (seed >> 33) % m
    };
    let mut pairs = Vec::new();
    while pairs.len() < 50 {
        let sizes: Vec<i64> = (0..12).map(|_| 2 + next(3) as i64).collect();
        let mut order: Vec<usize> = (0..12).collect();
        for k in (1..12).rev() {
            order.swap(k, next(k as u64 + 1) as usize);
        }
        let mut strides = vec![0i64; 12];
        let mut run = 1i64;
        for &k in &order {
            strides[k] = run;
            run *= sizes[k];
        }
        let text = |s: &[i64], d: &[i64]| {
            let j = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
            format!("({}):({})", j(s), j(d))
        };
        let a = Layout::parse(&text(&sizes[..6], &strides[..6])).unwrap();
        let b = Layout::parse(&text(&sizes, &strides)).unwrap();
        pairs.push((a, b));
    }
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

#[cfg(not(target_arch = "wasm32"))]
criterion_group!(benches, offsets, simplifier, composition);
#[cfg(not(target_arch = "wasm32"))]
criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
