//! Every generated WGSL shader parses and validates with naga (wgsl-in): the presets against
//! snapshot files, every case of the shared vector files, and random view stacks, layouts and
//! Syno operators.
//!
//! `UPDATE_SNAPSHOTS=1 cargo test -p layout-lab-shader-tests --test wgsl` rewrites `snapshots/wgsl/`.
#![cfg(not(target_arch = "wasm32"))]

use testkit::vector_cases as cases;
use testkit::{syno::random_operator, Choices};

use std::path::PathBuf;

use proptest::prelude::*;

use cli::vectors::{case_tracker, layout};
use engine::cute::Layout;
use engine::syno::{presets as syno, Bindings, Operator, Size, SynoError};
use engine::wgsl::{layout_shader, syno_shader, tracker_shader, IndexType, ShaderOptions};
use engine::{LayoutError, MovementOp, ShapeTracker, View};

/// naga's verdict on `wgsl`: parse, then validate with no optional capabilities.
fn validate(wgsl: &str) -> Result<(), String> {
    let module = naga::front::wgsl::parse_str(wgsl).map_err(|e| e.emit_to_string(wgsl))?;
    naga::valid::Validator::new(
        naga::valid::ValidationFlags::all(),
        naga::valid::Capabilities::empty(),
    )
    .validate(&module)
    .map_err(|e| format!("{e:?}"))?;
    Ok(())
}

fn tracker(shape: &[i64], strides: &[i64]) -> ShapeTracker {
    ShapeTracker::from_views(vec![View::create(shape, Some(strides), 0, None).unwrap()]).unwrap()
}

/// The presets: what the Shader page offers first.
fn presets() -> Vec<(&'static str, String)> {
    let opts = ShaderOptions::default();
    let compact = ShaderOptions {
        readable: false,
        index_type: IndexType::U32,
        fill: -1,
        workgroup_size: 256,
    };
    let two_views = tracker(&[3, 2], &[1, 3])
        .apply(&MovementOp::Reshape(vec![6]))
        .unwrap()
        .0;
    let padded = tracker(&[4, 4], &[4, 1])
        .apply(&MovementOp::Pad(vec![(1, 1), (0, 2)]))
        .unwrap()
        .0;
    let shader = |t: &ShapeTracker, o: &ShaderOptions| tracker_shader(t, o).unwrap().wgsl;
    let n = Size::new;
    let gather = |op: Result<Operator, SynoError>, input: usize, o: &ShaderOptions| {
        let access = op.unwrap().access(&Bindings::new()).unwrap();
        syno_shader(&access, input, o).unwrap().wgsl
    };
    let cute = |text: &str, o: &ShaderOptions| {
        layout_shader(&Layout::parse(text).unwrap(), o)
            .unwrap()
            .wgsl
    };
    vec![
        ("transpose", shader(&tracker(&[3, 4], &[1, 3]), &opts)),
        ("padded", shader(&padded, &opts)),
        ("two_views", shader(&two_views, &opts)),
        (
            "broadcast_compact_u32",
            shader(&tracker(&[4, 8], &[0, 1]), &compact),
        ),
        ("cute_paper_example", cute("((4,4),4):((16,1),4)", &opts)),
        ("cute_row_major", cute("(8,64):(64,1)", &compact)),
        (
            "syno_matmul_in1",
            gather(syno::matmul(n(4), n(8), n(16)), 1, &opts),
        ),
        (
            "syno_conv2d_im2col",
            gather(syno::conv2d(n(1), n(3), n(8), n(16), n(16), 3), 0, &opts),
        ),
        (
            "syno_circular_shift_compact",
            gather(syno::circular_shift(n(4), n(6), 2), 0, &compact),
        ),
    ]
}

#[test]
fn presets_validate_and_match_their_snapshots() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("snapshots/wgsl");
    let update = std::env::var_os("UPDATE_SNAPSHOTS").is_some();
    for (name, wgsl) in presets() {
        validate(&wgsl).unwrap_or_else(|e| panic!("{name}: {e}\n{wgsl}"));
        let path = dir.join(format!("{name}.wgsl"));
        if update {
            std::fs::write(&path, &wgsl).unwrap();
        }
        let snapshot = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", path.display()));
        assert_eq!(wgsl, snapshot, "{name} differs from {}", path.display());
    }
}

/// A shader either validates or is refused with a typed error for a range it cannot hold.
fn check(wgsl: Result<String, LayoutError>, what: &str) -> bool {
    match wgsl {
        Ok(wgsl) => {
            validate(&wgsl).unwrap_or_else(|e| panic!("{what}: {e}\n{wgsl}"));
            true
        }
        Err(LayoutError::BadArgument { op: "wgsl", .. }) => false,
        Err(e) => panic!("{what}: unexpected error {e}"),
    }
}

#[test]
fn every_tinygrad_vector_case_gives_a_valid_shader() {
    let (mut stacks, mut signed, mut unsigned) = (0, 0, 0);
    for file in ["tinygrad_seed1.jsonl", "tinygrad_create_seed1.jsonl"] {
        for case in cases(file) {
            let kind = case["kind"].as_str().unwrap_or("").to_string();
            let Some((t, _, _)) = case_tracker(&kind, &case).unwrap() else {
                continue;
            };
            stacks += 1;
            let id = case["id"].as_str().unwrap_or("?");
            let with = |index_type| ShaderOptions {
                index_type,
                ..ShaderOptions::default()
            };
            signed += usize::from(check(
                tracker_shader(&t, &with(IndexType::I32)).map(|s| s.wgsl),
                id,
            ));
            unsigned += usize::from(check(
                tracker_shader(&t, &with(IndexType::U32)).map(|s| s.wgsl),
                id,
            ));
        }
    }
    eprintln!(
        "tinygrad vectors: {stacks} stacks; {signed} i32 and {unsigned} u32 shaders validated"
    );
    assert_eq!(stacks, 2500);
    assert_eq!(signed, stacks, "every vector stack fits i32");
    assert!(
        unsigned > 0 && unsigned < stacks,
        "u32 refuses negative terms"
    );
}

#[test]
fn every_pycute_vector_layout_gives_a_valid_shader() {
    let mut validated = 0;
    for case in cases("pycute_seed1.jsonl") {
        let a = layout(&case["A"]).unwrap();
        let id = case["id"].as_str().unwrap_or("?");
        validated += usize::from(check(
            layout_shader(&a, &ShaderOptions::default()).map(|s| s.wgsl),
            id,
        ));
    }
    eprintln!("pycute vectors: {validated} shaders validated");
    assert!(validated > 1900, "{validated} shaders validated");
}

fn small_view() -> impl Strategy<Value = View> {
    (1usize..=4)
        .prop_flat_map(|rank| {
            (
                prop::collection::vec(1i64..=6, rank),
                prop::collection::vec(-20i64..=20, rank),
                -50i64..=50,
                prop::collection::vec((0i64..=3, 0i64..=3), rank),
                any::<bool>(),
            )
        })
        .prop_filter_map("a view", |(shape, strides, offset, cuts, masked)| {
            let mask: Vec<(i64, i64)> = shape
                .iter()
                .zip(&cuts)
                .map(|(&d, &(a, b))| (a.min(d - 1), (d - b).max(a.min(d - 1) + 1)))
                .collect();
            View::create(&shape, Some(&strides), offset, masked.then_some(&mask[..])).ok()
        })
}

proptest! {
    /// Random stacks of one or two views (the second reshaped onto the first's size) give
    /// shaders naga accepts, under both index types and both styles, or a typed range error.
    #[test]
    fn random_view_stacks_give_valid_shaders(
        view in small_view(),
        second in any::<bool>(),
        readable in any::<bool>(),
    ) {
        let mut t = ShapeTracker::from_views(vec![view.clone()]).unwrap();
        if second {
            let size: i64 = view.shape().iter().product();
            t = ShapeTracker::from_views(vec![
                view,
                View::create(&[size], None, 0, None).unwrap(),
            ])
            .unwrap();
        }
        for index_type in [IndexType::I32, IndexType::U32] {
            let opts = ShaderOptions { index_type, readable, fill: -7, workgroup_size: 64 };
            check(tracker_shader(&t, &opts).map(|s| s.wgsl), &format!("{t:?}"));
        }
    }

    /// Random nested layouts with non-negative strides give valid shaders.
    #[test]
    fn random_layouts_give_valid_shaders(
        modes in prop::collection::vec((1i64..=5, 0i64..=40), 1..=5),
        nest in any::<bool>(),
    ) {
        let shape: Vec<String> = modes.iter().map(|m| m.0.to_string()).collect();
        let stride: Vec<String> = modes.iter().map(|m| m.1.to_string()).collect();
        let text = if nest && modes.len() > 1 {
            format!("(({}),{}):(({}),{})", shape[..modes.len() - 1].join(","), shape[modes.len() - 1],
                stride[..modes.len() - 1].join(","), stride[modes.len() - 1])
        } else {
            format!("({}):({})", shape.join(","), stride.join(","))
        };
        let l = Layout::parse(&text).unwrap();
        check(layout_shader(&l, &ShaderOptions::default()).map(|s| s.wgsl), &text);
    }

    /// Random legal Syno chains: the gather of every input validates, or is refused with a
    /// typed range error.
    #[test]
    fn random_syno_operators_give_valid_shaders(
        data in prop::collection::vec(any::<u8>(), 0..96),
        readable in any::<bool>(),
    ) {
        let mut choices = Choices::new(data);
        let bindings = testkit::syno::bindings(&mut choices);
        let Some(operator) = random_operator(&mut choices, 3, 8) else { return Ok(()) };
        let Ok(access) = operator.access(&bindings) else { return Ok(()) };
        for input in 0..access.inputs.len() {
            for index_type in [IndexType::I32, IndexType::U32] {
                let opts = ShaderOptions { index_type, readable, fill: 0, workgroup_size: 32 };
                let what = format!("input {input} of {:?}", operator.chain().steps());
                check(syno_shader(&access, input, &opts).map(|s| s.wgsl), &what);
            }
        }
    }
}
