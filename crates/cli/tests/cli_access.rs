//! `layout-lab bank` and `sectors`: the memory-access commands as a docs pipeline runs them.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::run;
use std::process::Command;

/// `layout-lab bank --smem smem` with `access`: its output, which ends with its one
/// `conflicts:` line.
#[track_caller]
fn bank(smem: &str, access: &[&str], last: &str) -> String {
    let mut args = vec!["bank", "--smem", smem];
    args.extend(access);
    let (ok, stdout) = run(&args);
    assert!(ok, "{smem}: {stdout}");
    assert_eq!(stdout.lines().last(), Some(last), "{smem}: {stdout}");
    assert_eq!(stdout.matches("conflicts:").count(), 1);
    stdout
}

#[test]
fn bank_gives_the_golden_degrees_of_issue_42_and_refuses_split_vectors() {
    // a 32×32 f32 tile, thread t reading row t of column 0
    let column = [
        "--tv",
        "(32,1):(1,32)",
        "--element-bits",
        "32",
        "--vector-bits",
        "32",
    ];
    for (smem, last) in [
        (
            "(32,32):(32,1)",
            "conflicts: 32-way, 32 wavefronts over 1 phases (ideal 1)",
        ),
        (
            "(32,32):(33,1)",
            "conflicts: 1-way, 1 wavefronts over 1 phases (ideal 1)",
        ),
        (
            "Sw<5,0,5> o _0 o (32,32):(32,1)",
            "conflicts: 1-way, 1 wavefronts over 1 phases (ideal 1)",
        ),
    ] {
        bank(smem, &column, last);
    }
    // 16-byte chunks down 8 rows of 128 bytes: 8-way per phase, undone by Sw<3,3,3>
    let chunks = [
        "--tv",
        "((8,4),8):((1,64),8)",
        "--element-bits",
        "16",
        "--vector-bits",
        "128",
    ];
    for (smem, last) in [
        (
            "(8,64):(64,1)",
            "conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)",
        ),
        (
            "SW_3_3_3 o 0 o (8, 64):(64, 1)",
            "conflicts: 1-way, 4 wavefronts over 4 phases (ideal 4)",
        ),
    ] {
        let stdout = bank(smem, &chunks, last);
        if !smem.starts_with("SW") {
            // phase 0: threads 0-7 read words 0, 32, …, 224, all in bank 0
            let row = "0      0-7      8           0     0,32,64,96,128,160,192,224";
            assert!(stdout.contains(row), "{stdout}");
        }
    }
    // --suggest lists the free swizzle first, then the cheapest padding, before the last line
    let mut args = vec!["bank", "--smem", "(32,32):(32,1)", "--suggest"];
    args.extend(column);
    let (ok, stdout) = run(&args);
    assert!(ok, "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    let at = lines
        .iter()
        .position(|l| {
            l.starts_with("suggestions for (32,32):(32,1): 32 wavefronts (32-way) -> 1 (1-way)")
        })
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        lines[at + 1].contains("Sw<5,0,5> o 0 o (32,32):(32,1)"),
        "{stdout}"
    );
    assert!(lines[at + 1].ends_with("no extra memory"), "{stdout}");
    assert!(lines[at + 2].contains("pad mode 0 by 1") && lines[at + 2].contains("(32,32):(33,1)"));
    assert!(lines[at + 2].ends_with("31 extra elements"), "{stdout}");
    assert_eq!(
        lines.last(),
        Some(&"conflicts: 32-way, 32 wavefronts over 1 phases (ideal 1)")
    );
    let split = Command::new(env!("CARGO_BIN_EXE_layout-lab"))
        .args([
            "bank",
            "--smem",
            "(8,64):(64,1)",
            "--tv",
            "((8,4),8):((8,1),64)",
        ])
        .args(["--element-bits", "16", "--vector-bits", "128"])
        .output()
        .unwrap();
    assert!(!split.status.success());
    let stderr = String::from_utf8_lossy(&split.stderr);
    assert!(stderr.contains("not contiguous and aligned"), "{stderr}");
    for bad in [
        &[
            "bank",
            "--smem",
            "(8,64):(64,1",
            "--tv",
            "32:1",
            "--element-bits",
            "16",
            "--vector-bits",
            "16",
        ][..],
        &[
            "bank",
            "--smem",
            "Sw<3,3> o (8,64):(64,1)",
            "--tv",
            "32:1",
            "--element-bits",
            "16",
            "--vector-bits",
            "16",
        ],
        &[
            "bank",
            "--smem",
            "(8,64):(64,1)",
            "--tv",
            "32:1",
            "--element-bits",
            "16",
            "--vector-bits",
            "16",
            "--banks",
            "48",
        ],
        &[
            "bank",
            "--smem",
            "(8,64):(64,1)",
            "--tv",
            "16:1",
            "--element-bits",
            "16",
            "--vector-bits",
            "16",
        ],
        &["bank", "--smem", "(8,64):(64,1)", "--tv", "32:1"],
    ] {
        assert!(!run(bad).0, "{bad:?}");
    }
}

/// `layout-lab bank --smem smem --copy …`: its lines.
#[track_caller]
fn bank_copy(smem: &str, copy: &[&str]) -> Vec<String> {
    let mut args = vec!["bank", "--smem", smem, "--copy"];
    args.extend(copy);
    let (ok, stdout) = run(&args);
    assert!(ok, "{smem}: {stdout}");
    stdout.lines().map(String::from).collect()
}

#[test]
fn bank_copy_gives_each_instruction_each_warp_and_the_block() {
    // issue 43: make_tiled_copy_A(ldmatrix .x4, SM80 16x8x16 over 2x2x1) over a row-major half
    // tile of 64 columns, then with Sw<3,3,3>
    let ldsm = [
        "SM75_U32x4_LDSM_N",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--atom-layout",
        "2x2x1",
        "--operand",
        "a",
    ];
    let lines = bank_copy("(32,16):(64,1)", &ldsm);
    assert!(
        lines[0].starts_with("SM75_U32x4_LDSM_N with S in shared memory, layoutS_TV")
            && lines[0].ends_with("4 warps, 1 ldmatrix.x4 each"),
        "{lines:?}"
    );
    assert_eq!(
        lines[1],
        "warp 0, instruction 0, values 0..8: ldmatrix.x4, 4 phases"
    );
    let row = "  0      0-7      8           0     0,32,64,96,128,160,192,224  0,1,2,3,4,5,6,7";
    assert_eq!(lines[3], row);
    let headers = lines
        .iter()
        .filter(|l| l.contains(", instruction "))
        .count();
    assert_eq!(headers, 4, "{lines:?}");
    let n = lines.len();
    assert_eq!(
        lines[n - 3..],
        [
            "warp 0: conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)",
            "worst warp 0: conflicts: 8-way, 32 wavefronts over 4 phases (ideal 4)",
            "conflicts: 8-way, 128 wavefronts over 16 phases (ideal 16)",
        ]
    );
    let swizzled = bank_copy("Sw<3,3,3> o 0 o (32,16):(64,1)", &ldsm);
    assert_eq!(
        swizzled.last().map(String::as_str),
        Some("conflicts: 1-way, 16 wavefronts over 16 phases (ideal 16)")
    );
    // the same reads as a thread-value layout (layoutS_TV) of 16-byte loads: the same line
    bank(
        "(32,16):(64,1)",
        &[
            "--tv",
            "((16,2,2,2),(8,1)):((1,256,16,0),(32,0))",
            "--element-bits",
            "16",
            "--vector-bits",
            "128",
        ],
        "conflicts: 8-way, 128 wavefronts over 16 phases (ideal 16)",
    );
    // UniversalCopy: the caller says which side is shared memory
    let universal = [
        "UniversalCopy<uint128_t>",
        "--thr",
        "(_16,_8):(_1,_16)",
        "--val",
        "(_1,_8)",
        "--shared",
        "d",
    ];
    let lines = bank_copy("(16,64):(64,1)", &universal);
    assert!(
        lines[0].ends_with("4 warps, 1 128-bit store each"),
        "{lines:?}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("conflicts: 8-way, 128 wavefronts over 16 phases (ideal 16)")
    );
    let refused = |args: &[&str]| {
        let output = Command::new(env!("CARGO_BIN_EXE_layout-lab"))
            .args(args)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    // the swizzle breaks thread 4's 16-byte vector
    let stderr = refused(&[
        "bank",
        "--smem",
        "Sw<1,2,3> o 0 o (16,64):(64,1)",
        "--copy",
        "UniversalCopy_u128",
        "--thr",
        "(_16,_8):(_8,_1)",
        "--val",
        "(_1,_8)",
        "--shared",
        "s",
    ]);
    assert!(
        stderr.contains("thread 4's values of copy instruction 0"),
        "{stderr}"
    );
    let stderr = refused(&[
        "bank",
        "--smem",
        "(16,64):(64,1)",
        "--copy",
        "UniversalCopy_u128",
        "--thr",
        "(_16,_8):(_8,_1)",
        "--val",
        "(_1,_8)",
    ]);
    assert!(stderr.contains("--shared"), "{stderr}");
    let stderr = refused(&[
        "bank",
        "--smem",
        "(32,16):(64,1)",
        "--copy",
        "SM75_U32x4_LDSM_N",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--shared",
        "d",
    ]);
    assert!(
        stderr.contains("the side its instruction touches"),
        "{stderr}"
    );
    refused(&[
        "bank",
        "--smem",
        "(32,16):(64,1)",
        "--copy",
        "SM75_U32x4_LDSM_N",
        "--tv",
        "32:1",
    ]);
    refused(&[
        "bank",
        "--smem",
        "(32,16):(64,1)",
        "--copy",
        "SM75_U32x4_LDSM_N",
        "--mma",
        "SM80_16x8x16_F16F16F16F16_TN",
        "--suggest",
    ]);
}

/// `layout-lab sectors` of f32 elements at `gmem`, read as `tv` in `vector_bits` loads.
fn sectors(gmem: &str, tv: &str, vector_bits: &str) -> (bool, String) {
    run(&[
        "sectors",
        "--gmem",
        gmem,
        "--tv",
        tv,
        "--element-bits",
        "32",
        "--vector-bits",
        vector_bits,
    ])
}

#[test]
fn sectors_counts_a_column_read_against_a_row_read() {
    // thread t reads element (t, 0) of a row-major 32×32 f32 tile: a sector per thread
    let (ok, stdout) = sectors("(32,32):(32,1)", "(32,1):(1,32)", "32");
    assert!(ok, "{stdout}");
    assert_eq!(
        stdout.lines().last(),
        Some("sectors: 32 over 1 loads (minimum 4), lines: 32 (minimum 1)")
    );
    // 16-byte vectors along the rows: each load reads four whole 128-byte rows, the minimum
    let (ok, stdout) = sectors("(32,32):(32,1)", "((8,4),(4,8)):((128,4),(32,1))", "128");
    assert!(ok, "{stdout}");
    assert_eq!(
        stdout.lines().last(),
        Some("sectors: 128 over 8 loads (minimum 128), lines: 32 (minimum 32)")
    );
    let (ok, _) = sectors("(32,32):(32,1", "32:1", "32");
    assert!(!ok);
}
