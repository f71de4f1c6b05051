//! The workloads `engine.rs` (native, criterion) and `wasm.rs` (the same paths in headless
//! Chromium) time: each engine path with a hand-written Rust loop computing the same addresses.

use cli::vectors::case_tracker;
use engine::cute::Layout;
use engine::{MovementOp, ShapeTracker, View};

pub const N: usize = 1 << 20;

/// A transpose of 1024 x 1024, then reshapes that cannot merge, one view each.
pub fn stack(views: usize) -> ShapeTracker {
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

/// The sizes `by_hand` reads at run time.
pub const DIMS: [usize; 4] = [1024, 1024, 2048, 512];

/// The same addresses as `stack(views)`, by hand, with the sizes and strides read at run
/// time as the engine must (constants would let the compiler turn every division into a shift).
pub fn by_hand(views: usize, dims: &[usize; 4]) -> Vec<usize> {
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

/// A 4-level nested layout of 2^20 elements with permuted strides.
pub fn nested_layout() -> Layout {
    Layout::parse(
        "(((4,(2,2)),(8,16)),((8,8),(4,2))):(((1,(4,8)),(16384,128)),((16,2048),(131072,524288)))",
    )
    .unwrap()
}

/// The nested layout's values by hand, from its flat `(size, stride)` modes.
pub fn modes_by_hand(modes: &[(i64, i64)]) -> Vec<i64> {
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
}

/// Checks that the engine and the hand-written loops agree on every workload.
pub fn check_agreement() {
    for views in 1..=3 {
        let expected: Vec<i64> = by_hand(views, &DIMS)
            .into_iter()
            .map(|a| a as i64)
            .collect();
        let got: Vec<i64> = stack(views)
            .offsets(N)
            .unwrap()
            .into_iter()
            .flatten()
            .collect();
        assert_eq!(got, expected, "{views} views");
    }
    let layout = nested_layout();
    assert_eq!(
        layout.values(N).unwrap(),
        modes_by_hand(&layout.flat_modes())
    );
}

/// Every tinygrad stack of the shared vector file.
pub fn vector_stacks(text: &str) -> Vec<ShapeTracker> {
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| {
            let kind = v["kind"].as_str()?.to_string();
            case_tracker(&kind, &v).ok().flatten().map(|(t, _, _)| t)
        })
        .collect()
}

/// 50 pairs of large tractable layouts: 6 and 12 modes, sizes 2..4, strides a permuted
/// compact layout.
pub fn composition_pairs() -> Vec<(Layout, Layout)> {
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
    pairs
}
