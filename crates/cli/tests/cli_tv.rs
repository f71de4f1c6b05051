//! `layout-lab render --mma / --copy` and `partition`: thread-value pictures and fragments as a
//! docs pipeline runs them.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::run;

#[test]
fn render_draws_tiled_mmas_and_copies_as_print_latex_does() {
    let fixture = |name: &str| {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../tests/fixtures/print_latex")
                .join(name),
        )
        .unwrap()
    };
    let sm80 = "SM80_16x8x16_F16F16F16F16_TN";
    let (ok, latex) = run(&[
        "render",
        "--mma",
        sm80,
        "--atom-layout",
        "2x2x1-rowmajor",
        "--format",
        "latex",
    ]);
    assert!(ok);
    assert_eq!(
        latex,
        fixture("mma_SM80_16x8x16_F16F16F16F16_TN_2x2x1-rowmajor.tex")
    );
    let (ok, latex) = run(&[
        "render",
        "--copy",
        "UniversalCopy_u32",
        "--thr",
        "(_8,_4):(_4,_1)",
        "--val",
        "(_1,_2)",
        "--format",
        "latex",
    ]);
    assert!(ok);
    assert_eq!(latex, fixture("copy_UniversalCopy_u32.tex"));
    // SVG: A, B and C of the 64×256×16 SM90 tile, every element labelled by its owner
    let (ok, svg) = run(&["render", "--mma", "SM90_64x256x16_F32F16F16_SS"]);
    assert!(ok);
    assert!(svg.contains("C (64×256)") && svg.contains("A (64×16)") && svg.contains("B (256×16)"));
    assert_eq!(
        svg.matches("<rect x=").count(),
        64 * 256 + 64 * 16 + 256 * 16
    );
    // a copy feeding an MMA's operand, and what CuTe refuses
    let (ok, _) = run(&[
        "render",
        "--copy",
        "SM75_U32x4_LDSM_N",
        "--mma",
        sm80,
        "--operand",
        "a",
    ]);
    assert!(ok);
    for bad in [
        &["render", "--mma", "SM81_NOPE"][..],
        &["render", "--mma", sm80, "--atom-layout", "2x2x2x2"],
        &["render", "--mma", sm80, "--format", "wgsl"],
        &["render", "--copy", "UniversalCopy_u32"],
        &[
            "render",
            "--copy",
            "UniversalCopy_u128",
            "--mma",
            sm80,
            "--operand",
            "b",
        ],
        &[
            "render",
            "--copy",
            "UniversalCopy_u32",
            "--mma",
            sm80,
            "--operand",
            "d",
        ],
    ] {
        let (ok, out) = run(bad);
        assert!(!ok && out.is_empty(), "{bad:?}: {out}");
    }
}

/// `partition`: a thread's fragment as CuTe C++ prints it (`print(t.layout())`, `*t.data()`
/// and `t(i)` over a counting iterator), each value's element and coordinate; bad flags fail
/// with nothing on stdout.
#[test]
fn partition_prints_a_threads_fragment_as_cute_cuts_it() {
    let sm80 = "SM80_16x8x16_F16F16F16F16_TN";
    let (ok, out) = run(&[
        "partition",
        "--mma",
        sm80,
        "--atom-layout",
        "2x2x1",
        "--operand",
        "c",
        "--thread",
        "37",
        "--tensor",
        "64x32",
        "--block",
        "1,1",
    ]);
    assert!(ok, "{out}");
    assert!(out.contains("(_32,_16):(_1,64) at offset 1056"), "{out}");
    assert!(
        out.contains("fragment: ((_2,_2),_1,_1):((64,_8),_0,_0) at offset 1201"),
        "{out}"
    );
    let values: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("value"))
        .skip(1)
        .collect();
    assert_eq!(
        values
            .iter()
            .map(|l| l.split_whitespace().collect::<Vec<_>>())
            .collect::<Vec<_>>(),
        [
            ["0", "1201", "(49,18)"],
            ["1", "1265", "(49,19)"],
            ["2", "1209", "(57,18)"],
            ["3", "1273", "(57,19)"]
        ]
    );
    let (ok, out) = run(&[
        "partition",
        "--copy",
        "SM75_U32x4_LDSM_N",
        "--thr",
        "(_32,_4):(_4,_1)",
        "--val",
        "(_1,_8)",
        "--thread",
        "9",
        "--tensor",
        "64x64",
    ]);
    assert!(ok, "{out}");
    assert!(
        out.contains("fragment: (((_2,_4),_1),2,2):(((64,512),_0),_32,2048) at offset 129"),
        "{out}"
    );
    let (ok, out) = run(&[
        "partition",
        "--copy",
        "SM75_U32x4_LDSM_N",
        "--mma",
        sm80,
        "--atom-layout",
        "2x2x1",
        "--operand",
        "a",
        "--side",
        "d",
        "--thread",
        "9",
    ]);
    assert!(ok, "{out}");
    assert!(
        out.contains("fragment: (((_2,_2,_2),_1),_1,_1):(((_32,_8,_256),_0),_0,_0) at offset 66"),
        "{out}"
    );
    for bad in [
        &["partition", "--mma", sm80, "--thread", "32"][..],
        &[
            "partition",
            "--mma",
            sm80,
            "--thread",
            "0",
            "--tensor",
            "0x4",
        ],
        &["partition", "--mma", sm80, "--thread", "0", "--block", "x"],
        &[
            "partition",
            "--mma",
            sm80,
            "--thread",
            "0",
            "--tensor",
            "16x8",
            "--block",
            "0,0,0",
        ],
        &["partition", "--copy", "UniversalCopy_u32", "--thread", "0"],
        &[
            "partition",
            "--copy",
            "SM75_U32x4_LDSM_N",
            "--mma",
            sm80,
            "--side",
            "x",
            "--thread",
            "0",
        ],
        &["partition", "--thread", "0"],
    ] {
        let (ok, out) = run(bad);
        assert!(!ok && out.is_empty(), "{bad:?}: {out}");
    }
}
