//! `layout-lab render --mma / --copy` and `partition`: thread-value pictures and fragments as a
//! docs pipeline runs them.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::{check, Expect, Want::*};

const SM80: &str = "SM80_16x8x16_F16F16F16F16_TN";
/// `partition` of SM80's thread 0, over one atom unless told.
const SM80_THREAD_0: [&str; 5] = ["partition", "--mma", SM80, "--thread", "0"];
/// `partition` of ldmatrix .x4 feeding an SM80 operand.
const LDSM_FOR_SM80: [&str; 5] = ["partition", "--copy", "SM75_U32x4_LDSM_N", "--mma", SM80];

/// A picture of tests/fixtures/print_latex, as CuTe's print_latex draws it.
fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/print_latex")
            .join(name),
    )
    .unwrap()
}

#[test]
fn render_draws_tiled_mmas_and_copies_as_print_latex_does() {
    let rowmajor = fixture("mma_SM80_16x8x16_F16F16F16F16_TN_2x2x1-rowmajor.tex");
    let universal = fixture("copy_UniversalCopy_u32.tex");
    let cases: &[(Vec<&str>, Expect)] = &[
        (
            vec![
                "render",
                "--mma",
                SM80,
                "--atom-layout",
                "2x2x1-rowmajor",
                "--format",
                "latex",
            ],
            Ok(&[Is(&rowmajor)]),
        ),
        (
            vec![
                "render",
                "--copy",
                "UniversalCopy_u32",
                "--thr",
                "(_8,_4):(_4,_1)",
                "--val",
                "(_1,_2)",
                "--format",
                "latex",
            ],
            Ok(&[Is(&universal)]),
        ),
        // SVG: A, B and C of the 64×256×16 SM90 tile, every element labelled by its owner
        (
            vec!["render", "--mma", "SM90_64x256x16_F32F16F16_SS"],
            Ok(&[
                Has("C (64×256)"),
                Has("A (64×16)"),
                Has("B (256×16)"),
                Count("<rect x=", 64 * 256 + 64 * 16 + 256 * 16),
            ]),
        ),
        // a copy feeding an MMA's operand, and what CuTe refuses
        (
            vec![
                "render",
                "--copy",
                "SM75_U32x4_LDSM_N",
                "--mma",
                SM80,
                "--operand",
                "a",
            ],
            Ok(&[]),
        ),
        (vec!["render", "--mma", "SM81_NOPE"], Err("")),
        (
            vec!["render", "--mma", SM80, "--atom-layout", "2x2x2x2"],
            Err(""),
        ),
        (vec!["render", "--mma", SM80, "--format", "wgsl"], Err("")),
        (vec!["render", "--copy", "UniversalCopy_u32"], Err("")),
        (
            vec![
                "render",
                "--copy",
                "UniversalCopy_u128",
                "--mma",
                SM80,
                "--operand",
                "b",
            ],
            Err(""),
        ),
        (
            vec![
                "render",
                "--copy",
                "UniversalCopy_u32",
                "--mma",
                SM80,
                "--operand",
                "d",
            ],
            Err(""),
        ),
    ];
    for (args, expect) in cases {
        check(args, *expect);
    }
}

/// `partition`: a thread's fragment as CuTe C++ prints it (`print(t.layout())`, `*t.data()`
/// and `t(i)` over a counting iterator), each value's element and coordinate; bad flags fail
/// with nothing on stdout.
#[test]
fn partition_prints_a_threads_fragment_as_cute_cuts_it() {
    let cases: &[(Vec<&str>, Expect)] = &[
        (
            vec![
                "partition",
                "--mma",
                SM80,
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
            ],
            Ok(&[
                Has("(_32,_16):(_1,64) at offset 1056"),
                Has("fragment: ((_2,_2),_1,_1):((64,_8),_0,_0) at offset 1201"),
                Lines(
                    -5,
                    &[
                        "value  element  (row,col)",
                        "0      1201     (49,18)",
                        "1      1265     (49,19)",
                        "2      1209     (57,18)",
                        "3      1273     (57,19)",
                    ],
                ),
            ]),
        ),
        (
            vec![
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
            ],
            Ok(&[Has(
                "fragment: (((_2,_4),_1),2,2):(((64,512),_0),_32,2048) at offset 129",
            )]),
        ),
        (
            [
                &LDSM_FOR_SM80[..],
                &["--atom-layout", "2x2x1", "--operand", "a", "--side", "d"],
                &["--thread", "9"],
            ]
            .concat(),
            Ok(&[Has(
                "fragment: (((_2,_2,_2),_1),_1,_1):(((_32,_8,_256),_0),_0,_0) at offset 66",
            )]),
        ),
        (vec!["partition", "--mma", SM80, "--thread", "32"], Err("")),
        ([&SM80_THREAD_0[..], &["--tensor", "0x4"]].concat(), Err("")),
        ([&SM80_THREAD_0[..], &["--block", "x"]].concat(), Err("")),
        (
            [
                &SM80_THREAD_0[..],
                &["--tensor", "16x8", "--block", "0,0,0"],
            ]
            .concat(),
            Err(""),
        ),
        (
            vec!["partition", "--copy", "UniversalCopy_u32", "--thread", "0"],
            Err(""),
        ),
        (
            [&LDSM_FOR_SM80[..], &["--side", "x", "--thread", "0"]].concat(),
            Err(""),
        ),
        (vec!["partition", "--thread", "0"], Err("")),
    ];
    for (args, expect) in cases {
        check(args, *expect);
    }
}

/// Blackwell: a tcgen05 MMA atom's tiles, and a tcgen05.ld drawn over TMEM's lanes and columns
/// (`--tmem`), with what CuTe refuses.
#[test]
fn render_draws_blackwell_atoms_and_tmem_copies() {
    let umma = "SM100_MMA_F16BF16_2x1SM_SS<half_t,half_t,float,256,64,K,K>";
    let cases: &[(Vec<&str>, Expect)] = &[
        (
            vec!["render", "--mma", umma],
            Ok(&[
                Has("C (256×64)"),
                Has("A (256×16)"),
                Has("B (64×16)"),
                // each CTA of the pair holds half of the rows: T1 appears
                Has(">T1<"),
            ]),
        ),
        (
            vec![
                "render",
                "--copy",
                "SM100_TMEM_LOAD_16dp256b1x",
                "--element-bits",
                "float",
                "--tmem",
                "128x64",
            ],
            // the whole tensor, as partition_S and partition_D cut it
            Ok(&[Has("S (128×64)"), Has("D (128×64)"), Has(">T127<")]),
        ),
        (
            vec!["render", "--mma", "SM120_16x8x32_TN<e4m3,e4m3,float>"],
            Ok(&[Has("C (16×8)"), Has("A (16×32)")]),
        ),
        (
            vec![
                "render",
                "--copy",
                "SM100_TMEM_LOAD_16dp256b1x",
                "--tmem",
                "128",
            ],
            Err("lanes x columns"),
        ),
        (
            vec![
                "render",
                "--copy",
                "SM100_TMEM_LOAD_32dp32b4x",
                "--element-bits",
                "32",
                "--tmem",
                "128x2",
            ],
            Err("does not exist in the DataLayout"),
        ),
        (
            vec![
                "render",
                "--mma",
                "SM100_MMA_F16BF16_SS<half,half,float,96,64,K,K>",
            ],
            Err("an M of 64 or 128"),
        ),
    ];
    for (args, expect) in cases {
        check(args, *expect);
    }
}
