//! The generated WGSL kernels run for real: wgpu on Mesa's lavapipe (a CPU Vulkan driver,
//! `VK_ICD_FILENAMES` set by `scripts/setup`) gathers an arange input through each kernel,
//! and every output element must equal the engine's offset at that element (the fill value
//! where the engine says masked).
#![cfg(not(target_arch = "wasm32"))]

use testkit::vector_cases as cases;
use testkit::{syno::random_operator, Choices};

use std::sync::OnceLock;

use proptest::prelude::*;
use wgpu::util::DeviceExt;

use cli::vectors::{case_tracker, layout};
use engine::cute::Layout;
use engine::syno::{presets as syno, Access, Bindings, Operator, Size, SynoError};
use engine::wgsl::{layout_shader, syno_shader, tracker_shader, IndexType, Shader, ShaderOptions};
use engine::{RowMajor, ShapeTracker, View};

struct Gpu {
    device: wgpu::Device,
    queue: wgpu::Queue,
}

fn gpu() -> &'static Gpu {
    static GPU: OnceLock<Gpu> = OnceLock::new();
    GPU.get_or_init(|| {
        let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
            backends: wgpu::Backends::VULKAN,
            ..wgpu::InstanceDescriptor::new_without_display_handle()
        });
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::LowPower,
            ..Default::default()
        }))
        .expect("a Vulkan adapter: scripts/setup installs Mesa's lavapipe");
        let (device, queue) =
            pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor::default()))
                .expect("a device");
        Gpu { device, queue }
    })
}

/// Runs `shader` over `input` and returns the output buffer.
fn run(shader: &Shader, input: &[i32]) -> Vec<i32> {
    let Gpu { device, queue } = gpu();
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: None,
        source: wgpu::ShaderSource::Wgsl(shader.wgsl.as_str().into()),
    });
    let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: None,
        layout: None,
        module: &module,
        entry_point: Some("main"),
        compilation_options: wgpu::PipelineCompilationOptions::default(),
        cache: None,
    });
    let bytes = |values: &[i32]| {
        values
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect::<Vec<u8>>()
    };
    // a storage buffer may not be empty
    let input = if input.is_empty() { &[0][..] } else { input };
    let input_buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: None,
        contents: &bytes(input),
        usage: wgpu::BufferUsages::STORAGE,
    });
    let size = u64::from(shader.elements.max(1)) * 4;
    let output = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size,
        usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
        mapped_at_creation: false,
    });
    let staging = device.create_buffer(&wgpu::BufferDescriptor {
        label: None,
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: None,
        layout: &pipeline.get_bind_group_layout(0),
        entries: &[
            wgpu::BindGroupEntry {
                binding: 0,
                resource: input_buffer.as_entire_binding(),
            },
            wgpu::BindGroupEntry {
                binding: 1,
                resource: output.as_entire_binding(),
            },
        ],
    });
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor::default());
    {
        let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor::default());
        pass.set_pipeline(&pipeline);
        pass.set_bind_group(0, &bind_group, &[]);
        let groups = shader.elements.div_ceil(64);
        let x = groups.clamp(1, 65535);
        pass.dispatch_workgroups(x, groups.div_ceil(x).max(1), 1);
    }
    encoder.copy_buffer_to_buffer(&output, 0, &staging, 0, size);
    queue.submit([encoder.finish()]);
    staging
        .slice(..)
        .map_async(wgpu::MapMode::Read, |r| r.expect("mapped"));
    device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("the kernel finishes");
    let data = staging
        .slice(..)
        .get_mapped_range()
        .expect("mapped")
        .to_vec();
    data.chunks_exact(4)
        .take(shader.elements as usize)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

const FILL: i32 = -123_456;

fn opts(index_type: IndexType) -> ShaderOptions {
    ShaderOptions {
        index_type,
        fill: FILL,
        workgroup_size: 64,
        readable: true,
    }
}

/// An arange input covering every offset `offsets` reaches.
fn arange(offsets: &[Option<i64>]) -> Vec<i32> {
    let top = offsets.iter().flatten().copied().max().unwrap_or(0).max(0);
    (0..=top as i32).collect()
}

/// The kernel's output against the engine: input[offset] where valid, the fill elsewhere.
fn expect_matches(shader: &Shader, offsets: &[Option<i64>], what: &str) -> Result<(), String> {
    let input = arange(offsets);
    let output = run(shader, &input);
    if output.len() != offsets.len() {
        return Err(format!(
            "{what}: {} outputs for {} elements",
            output.len(),
            offsets.len()
        ));
    }
    for (i, (got, want)) in output.iter().zip(offsets).enumerate() {
        let want = match want {
            Some(o) if *o >= 0 => *o as i32,
            _ => FILL,
        };
        if *got != want {
            return Err(format!(
                "{what}: element {i} is {got}, the engine says {want}\n{}",
                shader.wgsl
            ));
        }
    }
    Ok(())
}

fn check_tracker(t: &ShapeTracker, what: &str) -> usize {
    let Ok(offsets) = t.offsets(1 << 16) else {
        return 0;
    };
    let mut ran = 0;
    for index_type in [IndexType::I32, IndexType::U32] {
        if let Ok(shader) = tracker_shader(t, &opts(index_type)) {
            expect_matches(&shader, &offsets, what).unwrap();
            ran += 1;
        }
    }
    ran
}

fn layout_offsets(l: &Layout) -> Vec<Option<i64>> {
    let n = l.size().unwrap();
    (0..n).map(|i| l.call(i).ok()).collect()
}

/// Input `input`'s row-major offset at every assignment of the loops (row-major), from the
/// access expressions as the primitives built them (not the simplified ones the shader uses);
/// `None` where the read is padding. `None` overall above `limit` assignments.
fn syno_offsets(access: &Access, input: usize, limit: u128) -> Option<Vec<Option<i64>>> {
    if access.iteration_count() > limit {
        return None;
    }
    let tensor = &access.inputs[input];
    let extents: Vec<i64> = access.loops.iter().map(|l| l.extent).collect();
    let mut offsets = Vec::new();
    for env in RowMajor::new(&extents) {
        let valid = access.arena.eval(tensor.raw_valid, &env) != 0;
        offsets.push(valid.then(|| {
            tensor
                .raw_index
                .iter()
                .zip(&tensor.shape)
                .fold(0, |acc, (&idx, &extent)| {
                    let coord = access.arena.eval(idx, &env);
                    assert!(
                        (0..extent).contains(&coord),
                        "a legal chain reads in bounds"
                    );
                    acc * extent + coord
                })
        }));
    }
    Some(offsets)
}

/// Runs the gather of every input of `operator` under both index types; returns how many
/// kernels ran (a gather past `limit` assignments or refused for its range does not run).
fn check_syno(operator: &Operator, bindings: &Bindings, what: &str) -> usize {
    let Ok(access) = operator.access(bindings) else {
        return 0;
    };
    let mut ran = 0;
    for input in 0..access.inputs.len() {
        let Some(offsets) = syno_offsets(&access, input, 1 << 16) else {
            continue;
        };
        for index_type in [IndexType::I32, IndexType::U32] {
            if let Ok(shader) = syno_shader(&access, input, &opts(index_type)) {
                expect_matches(&shader, &offsets, &format!("{what}, input {input}")).unwrap();
                ran += 1;
            }
        }
    }
    ran
}

#[test]
fn syno_presets_gather_like_the_engine() {
    let n = Size::new;
    let presets: [(&str, Result<Operator, SynoError>); 6] = [
        ("matmul", syno::matmul(n(4), n(5), n(6))),
        ("conv2d", syno::conv2d(n(2), n(3), n(4), n(6), n(6), 3)),
        ("pool2d", syno::pool2d(n(2), n(3), n(4), 2)),
        ("dilated pool", syno::dilated_pool1d(n(9), 3, 2)),
        ("circular shift", syno::circular_shift(n(4), n(5), 3)),
        ("flip", syno::flip(n(3), n(7))),
    ];
    let mut kernels = 0;
    for (name, operator) in presets {
        let operator = operator.unwrap();
        let inputs = operator.inputs().len();
        let ran = check_syno(&operator, &Bindings::new(), name);
        // the padded conv image reads negative offsets before the mask: u32 refuses it
        assert!(ran >= inputs, "{name}: {ran} kernels for {inputs} inputs");
        kernels += ran;
    }
    eprintln!("syno presets: {kernels} gather kernels ran and matched");
}

#[test]
fn presets_match_the_engine_on_every_element() {
    let t = |shape: &[i64], strides: &[i64], offset: i64, mask: Option<&[(i64, i64)]>| {
        ShapeTracker::from_views(vec![
            View::create(shape, Some(strides), offset, mask).unwrap()
        ])
        .unwrap()
    };
    assert_eq!(check_tracker(&t(&[3, 4], &[1, 3], 0, None), "transpose"), 2);
    let padded = t(&[4, 4], &[4, 1], 0, None)
        .apply(&engine::MovementOp::Pad(vec![(1, 1), (0, 2)]))
        .unwrap()
        .0;
    assert_eq!(
        check_tracker(&padded, "padded"),
        1,
        "u32 refuses the negative offset"
    );
    let two = t(&[3, 2], &[1, 3], 0, None)
        .apply(&engine::MovementOp::Reshape(vec![6]))
        .unwrap()
        .0;
    assert_eq!(check_tracker(&two, "two views"), 2);
    for text in [
        "((4,4),4):((16,1),4)",
        "(8,64):(64,1)",
        "(2,(3,4)):(0,(1,6))",
    ] {
        let l = Layout::parse(text).unwrap();
        let shader = layout_shader(&l, &opts(IndexType::I32)).unwrap();
        expect_matches(&shader, &layout_offsets(&l), text).unwrap();
    }
}

#[test]
fn every_tinygrad_vector_stack_runs_and_matches() {
    let (mut stacks, mut kernels) = (0, 0);
    for file in ["tinygrad_seed1.jsonl", "tinygrad_create_seed1.jsonl"] {
        for case in cases(file) {
            let kind = case["kind"].as_str().unwrap_or("").to_string();
            if let Some((t, _, _)) = case_tracker(&kind, &case).unwrap() {
                stacks += 1;
                kernels += check_tracker(&t, case["id"].as_str().unwrap_or("?"));
            }
        }
    }
    eprintln!("tinygrad vectors: {stacks} stacks, {kernels} kernels ran and matched");
    assert_eq!(stacks, 2500);
    assert!(kernels >= stacks, "at least the i32 kernel of every stack");
}

#[test]
fn every_pycute_vector_layout_runs_and_matches() {
    let mut kernels = 0;
    for case in cases("pycute_seed1.jsonl") {
        let a = layout(&case["A"]).unwrap();
        let shader = layout_shader(&a, &opts(IndexType::I32)).unwrap();
        expect_matches(
            &shader,
            &layout_offsets(&a),
            case["id"].as_str().unwrap_or("?"),
        )
        .unwrap();
        kernels += 1;
    }
    eprintln!("pycute vectors: {kernels} kernels ran and matched");
    assert_eq!(kernels, 2000);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(300)
    ))]

    /// Random masked views with any strides and offsets run and match the engine.
    #[test]
    fn random_views_run_and_match(
        shape in prop::collection::vec(1i64..=6, 1..=4),
        seed in any::<u64>(),
        offset in 0i64..=60,
        masked in any::<bool>(),
    ) {
        let rank = shape.len();
        let mut s = seed;
        let mut next = |m: i64| { s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407); ((s >> 33) as i64).rem_euclid(m) };
        let strides: Vec<i64> = (0..rank).map(|_| next(21) - 10).collect();
        let mask: Vec<(i64, i64)> = shape.iter().map(|&d| { let a = next(d); (a, a + 1 + next(d - a)) }).collect();
        let view = View::create(&shape, Some(&strides), offset, masked.then_some(&mask[..])).unwrap();
        let t = ShapeTracker::from_views(vec![view]).unwrap();
        check_tracker(&t, &format!("{t:?}"));
    }

    /// Random nested layouts run and match L(i).
    #[test]
    fn random_layouts_run_and_match(modes in prop::collection::vec((1i64..=5, 0i64..=30), 1..=4)) {
        let text = format!(
            "({}):({})",
            modes.iter().map(|m| m.0.to_string()).collect::<Vec<_>>().join(","),
            modes.iter().map(|m| m.1.to_string()).collect::<Vec<_>>().join(",")
        );
        let l = Layout::parse(&text).unwrap();
        let shader = layout_shader(&l, &opts(IndexType::I32)).unwrap();
        expect_matches(&shader, &layout_offsets(&l), &text).unwrap();
    }
}

proptest! {
    // about a third of the random chains are legal and small enough to enumerate, so more
    // cases: some 250 operators and 700 kernels
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(900)
    ))]

    /// Random legal Syno chains: every input's gather runs and matches the access expressions.
    #[test]
    fn random_syno_gathers_run_and_match(data in prop::collection::vec(any::<u8>(), 0..96)) {
        let mut choices = Choices::new(data);
        let bindings = testkit::syno::bindings(&mut choices);
        if let Some(operator) = random_operator(&mut choices, 3, 8) {
            check_syno(&operator, &bindings, &format!("{:?}", operator.chain().steps()));
        }
    }
}
