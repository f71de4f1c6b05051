//! `layout-lab bank` and `sectors`: the memory-access commands as a docs pipeline runs them.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::{check, Expect, Want, Want::*};

/// A 32×32 f32 tile, thread t reading row t of column 0.
const COLUMN: [&str; 6] = [
    "--tv",
    "(32,1):(1,32)",
    "--element-bits",
    "32",
    "--vector-bits",
    "32",
];
/// 16-byte chunks down 8 rows of 128 bytes.
const CHUNKS: [&str; 2] = ["--tv", "((8,4),8):((1,64),8)"];
/// Halves read one at a time.
const HALVES: [&str; 4] = ["--element-bits", "16", "--vector-bits", "16"];
/// Halves read 16 bytes at a time.
const HALVES_BY_16_BYTES: [&str; 4] = ["--element-bits", "16", "--vector-bits", "128"];
/// ldmatrix .x4 of an SM80 16x8x16 MMA's operand
const LDSM: [&str; 4] = [
    "--copy",
    "SM75_U32x4_LDSM_N",
    "--mma",
    "SM80_16x8x16_F16F16F16F16_TN",
];
/// Issue 43: make_tiled_copy_A(ldmatrix .x4, SM80 16x8x16 over 2x2x1), with LDSM.
const A_OVER_2X2X1: [&str; 4] = ["--atom-layout", "2x2x1", "--operand", "a"];
/// 16-byte copies of halves by 16×8 threads, row-major.
const U128_ROWS: [&str; 6] = [
    "--copy",
    "UniversalCopy_u128",
    "--thr",
    "(_16,_8):(_8,_1)",
    "--val",
    "(_1,_8)",
];

/// `layout-lab bank --smem smem` and the flags of each of `flags`.
fn bank<'a>(smem: &'a str, flags: &[&[&'a str]]) -> Vec<&'a str> {
    [&["bank", "--smem", smem][..], &flags.concat()].concat()
}

/// `layout-lab sectors` of f32 elements at `gmem`, read as `tv` in `vector_bits` loads.
fn sectors<'a>(gmem: &'a str, tv: &'a str, vector_bits: &'a str) -> Vec<&'a str> {
    let f32s = ["--element-bits", "32", "--vector-bits", vector_bits];
    [&["sectors", "--gmem", gmem, "--tv", tv][..], &f32s].concat()
}

/// A `bank` run without `--copy` has one `conflicts:` line, its last (which each case names).
const ONE_CONFLICTS_LINE: Want = Count("conflicts:", 1);

#[test]
fn bank_gives_the_golden_degrees_of_issue_42_and_refuses_split_vectors() {
    let cases: &[(Vec<&str>, Expect)] = &[
        (
            bank("(32,32):(32,1)", &[&COLUMN]),
            Ok(&[
                ONE_CONFLICTS_LINE,
                Lines(
                    -1,
                    &["conflicts: 32-way, 32 wavefronts over 1 phases (ideal 1)"],
                ),
            ]),
        ),
        (
            bank("(32,32):(33,1)", &[&COLUMN]),
            Ok(&[
                ONE_CONFLICTS_LINE,
                Lines(
                    -1,
                    &["conflicts: 1-way, 1 wavefronts over 1 phases (ideal 1)"],
                ),
            ]),
        ),
        (
            bank("Sw<5,0,5> o _0 o (32,32):(32,1)", &[&COLUMN]),
            Ok(&[
                ONE_CONFLICTS_LINE,
                Lines(
                    -1,
                    &["conflicts: 1-way, 1 wavefronts over 1 phases (ideal 1)"],
                ),
            ]),
        ),
        // 8-way per phase: phase 0's threads 0-7 read words 0, 32, …, 224, all in bank 0
        (
            bank("(8,64):(64,1)", &[&CHUNKS, &HALVES_BY_16_BYTES]),
            Ok(&[
                ONE_CONFLICTS_LINE,
                Lines(
                    -1,
                    &["conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)"],
                ),
                Has("0      0-7      8           0     0,32,64,96,128,160,192,224"),
            ]),
        ),
        // undone by Sw<3,3,3>
        (
            bank(
                "SW_3_3_3 o 0 o (8, 64):(64, 1)",
                &[&CHUNKS, &HALVES_BY_16_BYTES],
            ),
            Ok(&[
                ONE_CONFLICTS_LINE,
                Lines(
                    -1,
                    &["conflicts: 1-way, 4 wavefronts over 4 phases (ideal 4)"],
                ),
            ]),
        ),
        // --suggest lists the free swizzle first, then the cheapest padding, before the last
        // line
        (
            bank("(32,32):(32,1)", &[&["--suggest"], &COLUMN]),
            Ok(&[
                Run(&[
                    "suggestions for (32,32):(32,1): 32 wavefronts (32-way) -> 1 (1-way)[..]",
                    "[..]Sw<5,0,5> o 0 o (32,32):(32,1)[..]no extra memory",
                    "[..]pad mode 0 by 1[..](32,32):(33,1)[..]31 extra elements",
                ]),
                Lines(
                    -1,
                    &["conflicts: 32-way, 32 wavefronts over 1 phases (ideal 1)"],
                ),
            ]),
        ),
        // a thread's 16-byte vector split in two
        (
            bank(
                "(8,64):(64,1)",
                &[&["--tv", "((8,4),8):((8,1),64)"], &HALVES_BY_16_BYTES],
            ),
            Err("not contiguous and aligned"),
        ),
        // a broken layout, a swizzle short of an argument, 48 banks, 16 threads
        (bank("(8,64):(64,1", &[&["--tv", "32:1"], &HALVES]), Err("")),
        (
            bank("Sw<3,3> o (8,64):(64,1)", &[&["--tv", "32:1"], &HALVES]),
            Err(""),
        ),
        (
            bank(
                "(8,64):(64,1)",
                &[&["--tv", "32:1"], &HALVES, &["--banks", "48"]],
            ),
            Err(""),
        ),
        (
            bank("(8,64):(64,1)", &[&["--tv", "16:1"], &HALVES]),
            Err(""),
        ),
        // no element or vector width
        (bank("(8,64):(64,1)", &[&["--tv", "32:1"]]), Err("")),
        // the element named by its type, as CuTe, Triton or PyTorch spell it: the halves' count
        (
            bank(
                "(8,64):(64,1)",
                &[
                    &CHUNKS,
                    &["--element-bits", "float16", "--vector-bits", "128"],
                ],
            ),
            Ok(&[Lines(
                -1,
                &["conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)"],
            )]),
        ),
        (
            bank(
                "(8,64):(64,1)",
                &[
                    &CHUNKS,
                    &["--element-bits", "half16", "--vector-bits", "128"],
                ],
            ),
            Err("expected a width in bits or an element type"),
        ),
    ];
    for (args, expect) in cases {
        check(args, *expect);
    }
}

#[test]
fn bank_copy_gives_each_instruction_each_warp_and_the_block() {
    let cases: &[(Vec<&str>, Expect)] = &[
        // over a row-major half tile of 64 columns
        (
            bank("(32,16):(64,1)", &[&LDSM, &A_OVER_2X2X1]),
            Ok(&[
                Lines(
                    0,
                    &[
                        "SM75_U32x4_LDSM_N with S in shared memory, layoutS_TV[..]4 warps, 1 ldmatrix.x4 each",
                        "warp 0, instruction 0, values 0..8: ldmatrix.x4, 4 phases",
                    ],
                ),
                Lines(
                    3,
                    &["  0      0-7      8           0     0,32,64,96,128,160,192,224  0,1,2,3,4,5,6,7"],
                ),
                Count(", instruction ", 4),
                Lines(
                    -3,
                    &[
                        "warp 0: conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)",
                        "worst warp 0: conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)",
                        "conflicts: 8-way, 128 wavefronts over 16 phases (ideal 16)",
                    ],
                ),
            ]),
        ),
        // then with Sw<3,3,3>
        (
            bank("Sw<3,3,3> o 0 o (32,16):(64,1)", &[&LDSM, &A_OVER_2X2X1]),
            Ok(&[Lines(
                -1,
                &["conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)"],
            )]),
        ),
        // the same reads as a thread-value layout (layoutS_TV) of 16-byte loads: the same line
        (
            bank(
                "(32,16):(64,1)",
                &[
                    &["--tv", "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))"],
                    &HALVES_BY_16_BYTES,
                ],
            ),
            Ok(&[
                ONE_CONFLICTS_LINE,
                Lines(
                    -1,
                    &["conflicts: 8-way, 128 wavefronts over 16 phases (ideal 16)"],
                ),
            ]),
        ),
        // UniversalCopy: the caller says which side is shared memory
        (
            bank(
                "(16,64):(64,1)",
                &[&[
                    "--copy",
                    "UniversalCopy<uint128_t>",
                    "--thr",
                    "(_16,_8):(_1,_16)",
                    "--val",
                    "(_1,_8)",
                    "--shared",
                    "d",
                ]],
            ),
            Ok(&[
                Lines(0, &["[..]4 warps, 1 128-bit store each"]),
                Lines(
                    -1,
                    &["conflicts: 8-way, 128 wavefronts over 16 phases (ideal 16)"],
                ),
            ]),
        ),
        // the swizzle breaks thread 4's 16-byte vector
        (
            bank(
                "Sw<1,2,3> o 0 o (16,64):(64,1)",
                &[&U128_ROWS, &["--shared", "s"]],
            ),
            Err("thread 4's values of copy instruction 0"),
        ),
        (
            bank("(16,64):(64,1)", &[&U128_ROWS]),
            Err("--shared"),
        ),
        (
            bank("(32,16):(64,1)", &[&LDSM, &["--shared", "d"]]),
            Err("the side its instruction touches"),
        ),
        (
            bank("(32,16):(64,1)", &[&LDSM[..2], &["--tv", "32:1"]]),
            Err(""),
        ),
        (
            bank("(32,16):(64,1)", &[&LDSM, &["--suggest"]]),
            Err(""),
        ),
    ];
    for (args, expect) in cases {
        check(args, *expect);
    }
}

#[test]
fn sectors_counts_a_column_read_against_a_row_read() {
    let cases: &[(Vec<&str>, Expect)] = &[
        // thread t reads element (t, 0) of a row-major 32×32 f32 tile: a sector per thread
        (
            sectors("(32,32):(32,1)", "(32,1):(1,32)", "32"),
            Ok(&[Lines(
                -1,
                &["sectors: 32 over 1 loads (minimum 4), lines: 32 (minimum 1)"],
            )]),
        ),
        // 16-byte vectors along the rows: each load reads four whole 128-byte rows, the minimum
        (
            sectors("(32,32):(32,1)", "((8,4),(4,8)):((128,4),(32,1))", "128"),
            Ok(&[Lines(
                -1,
                &["sectors: 128 over 8 loads (minimum 128), lines: 32 (minimum 32)"],
            )]),
        ),
        (sectors("(32,32):(32,1", "32:1", "32"), Err("")),
    ];
    for (args, expect) in cases {
        check(args, *expect);
    }
}
