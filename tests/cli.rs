//! The `layout-lab` binary as a docs pipeline runs it.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::vectors_dir;

use std::process::Command;

fn run(args: &[&str]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_layout-lab"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn check_passes_the_create_vectors() {
    let file = vectors_dir().join("tinygrad_create_seed1.jsonl");
    let (ok, stdout) = run(&["check", file.to_str().unwrap()]);
    assert!(ok, "{stdout}");
    assert_eq!(stdout.lines().last(), Some("500 passed, 0 failed"));
}

#[test]
fn check_passes_every_cute_cpp_case_thread_value_layouts_included() {
    let file = vectors_dir().join("cute_cpp_seed1.jsonl");
    let (ok, stdout) = run(&["check", file.to_str().unwrap()]);
    assert!(ok, "{stdout}");
    assert!(
        stdout.contains("[tiled_mma]: 14 passed, 0 failed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("[tiled_copy]: 2 passed, 0 failed"),
        "{stdout}"
    );
    assert_eq!(stdout.lines().last(), Some("320 passed, 0 failed"));
}

#[test]
fn check_fails_on_a_tampered_vector() {
    let text = std::fs::read_to_string(vectors_dir().join("tinygrad_create_seed1.jsonl")).unwrap();
    let tampered = text.replacen("\"strides\":[0,-6,8]", "\"strides\":[0,-6,9]", 1);
    assert_ne!(tampered, text);
    let path =
        std::env::temp_dir().join(format!("layout-lab-tampered-{}.jsonl", std::process::id()));
    std::fs::write(&path, tampered).unwrap();
    let (ok, stdout) = run(&["check", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert!(!ok, "a tampered case must fail: {stdout}");
    assert_eq!(stdout.lines().last(), Some("499 passed, 1 failed"));
    assert!(
        stdout.contains("tgc-1-52"),
        "names the failing case: {stdout}"
    );
}

#[test]
fn usage_errors_exit_with_2() {
    let status = Command::new(env!("CARGO_BIN_EXE_layout-lab"))
        .output()
        .unwrap()
        .status;
    assert_eq!(status.code(), Some(2));
}

#[test]
fn wgsl_prints_the_kernel_of_a_layout_or_a_view_and_refuses_bad_input() {
    let (ok, stdout) = run(&["wgsl", "--layout", "(4,8):(8,1)", "--compact"]);
    assert!(ok, "{stdout}");
    assert!(
        stdout.contains("fn address_of(i: u32) -> Address"),
        "{stdout}"
    );
    assert!(stdout.contains("@compute @workgroup_size(64)"));
    let view = "View(shape=(3, 4), strides=(1, 3), offset=0, mask=None, contiguous=False)";
    let (ok, stdout) = run(&["wgsl", "--view", view, "--u32", "--workgroup", "128"]);
    assert!(ok, "{stdout}");
    assert!(stdout.contains("ridx0 + ridx1 * 3u"), "{stdout}");
    assert!(stdout.contains("@workgroup_size(128)"));
    let (ok, _) = run(&["wgsl", "--layout", "(4,8):(8"]);
    assert!(!ok);
    let (ok, _) = run(&["wgsl", "--fill"]);
    assert!(!ok);
    let (ok, stdout) = run(&["wgsl", "--syno", "matmul(2, 3, 4)", "--input", "1"]);
    assert!(ok, "{stdout}");
    assert!(
        stdout.contains("return Address(r0 * 3i + o1, true);"),
        "{stdout}"
    );
    let (ok, stdout) = run(&["wgsl", "--syno", "conv2d(1, 2, 2, 4, 4, 3)"]);
    assert!(ok, "{stdout}");
    assert!(
        stdout.contains("o2 + r1 < 5i"),
        "the padding is masked: {stdout}"
    );
    for bad in [
        &["wgsl", "--syno", "matmul(2, 3)"][..],
        &["wgsl", "--syno", "matmul(2, 3, 4)", "--input", "2"],
        &["wgsl", "--syno", "matmul(2, 3, 4)", "--input", "x"],
    ] {
        assert!(!run(bad).0, "{bad:?}");
    }
}

#[test]
fn render_writes_grids_diagrams_expressions_and_refuses_what_it_cannot() {
    let (ok, svg) = run(&["render", "--layout", "(2,3):(3,1)"]);
    assert!(ok && svg.starts_with("<svg"), "{svg}");
    assert_eq!(svg.matches("<rect x=").count(), 6);
    // a swizzled layout draws sw(L(i)) on L's grid; it has no kernel yet
    let (ok, svg) = run(&["render", "--layout", "SW_1_0_1 o 0 o (2, 4):(4, 1)"]);
    assert!(
        ok && svg.contains("L = Sw&lt;1,0,1&gt; o 0 o (2,4):(4,1)"),
        "{svg}"
    );
    assert_eq!(svg.matches("<rect x=").count(), 8);
    assert!(
        !run(&[
            "render",
            "--layout",
            "Sw<1,0,1> o 0 o 8:1",
            "--format",
            "wgsl"
        ])
        .0
    );
    // a layout's picture names rows and columns by its modes' coordinates, as the app does
    let (ok, svg) = run(&["render", "--layout", "((2,2),3):((1,6),2)"]);
    assert!(ok, "{svg}");
    assert!(svg.contains("text-anchor=\"end\">(1,0)</text>"), "{svg}");
    assert!(svg.contains("text-anchor=\"middle\">2</text>"), "{svg}");
    let (ok, tikz) = run(&[
        "render",
        "--morphism",
        "(4,4) --(1,3)--> (4,2,4)",
        "--format",
        "tikz",
    ]);
    assert!(ok, "{tikz}");
    assert!(tikz.contains("\\draw[maparrow] (s2.east) -- (t3.west);"));
    // composable morphisms separated by `;` are pasted along their shared column
    let chain = "(2,2) --(2,1)--> (2,2); (2,2) --(1,*)--> (2,3)";
    let (ok, tikz) = run(&["render", "--morphism", chain, "--format", "tikz"]);
    assert!(ok, "{tikz}");
    assert!(
        tikz.contains("\\draw[maparrow] (t1.east) -- (u1.west);"),
        "{tikz}"
    );
    assert_eq!(tikz.matches("\\xrightarrow").count(), 2);
    let (ok, svg) = run(&["render", "--morphism", chain]);
    assert!(ok && svg.matches("marker-end").count() == 3, "{svg}");
    let (ok, refused) = run(&[
        "render",
        "--morphism",
        "(2,3) --(1,2)--> (2,3); (2,2) --(1,2)--> (2,2)",
    ]);
    assert!(!ok, "{refused}");
    let view = "View(shape=(3, 4), strides=(1, 3), offset=0, mask=None, contiguous=False)";
    let (ok, expr) = run(&["render", "--view", view, "--format", "expr"]);
    assert!(ok, "{expr}");
    assert!(expr.starts_with("idx   = ridx0 + ridx1*3"), "{expr}");
    // 16,384 cells are drawn, more are refused
    let (ok, big) = run(&[
        "render",
        "--layout",
        "(128,128):(128,1)",
        "--format",
        "tikz",
    ]);
    assert!(ok && big.matches("\\node[cell]").count() == 16_384);
    let (ok, _) = run(&["render", "--layout", "(129,128):(128,1)"]);
    assert!(!ok);
    let (ok, _) = run(&[
        "render",
        "--morphism",
        "(4,4) --(1,3)--> (4,2,4)",
        "--format",
        "wgsl",
    ]);
    assert!(!ok);
}

#[test]
fn render_takes_op_lists_as_the_import_box_does() {
    // transpose then reshape: a second view, as the Views page builds it
    let (ok, expr) = run(&[
        "render",
        "--shape",
        "3,2",
        "--ops",
        "permute 1,0; reshape 3,2",
        "--format",
        "expr",
    ]);
    assert!(ok, "{expr}");
    let (_, same) = run(&[
        "render",
        "--shape",
        "3,2",
        "--ops",
        "t = t.permute((1, 0)).reshape(3, 2)",
        "--format",
        "expr",
    ]);
    assert_eq!(expr, same, "both op notations");
    // memory 0 2 4 1 3 5, as tinygrad's ShapeTracker notes draw it
    let (ok, svg) = run(&[
        "render",
        "--view",
        "View(shape=(3, 2), strides=(2, 1), offset=0, mask=None, contiguous=True)",
        "--ops",
        "permute 1,0\nreshape 3,2",
    ]);
    assert!(ok, "{svg}");
    let cells: Vec<&str> = svg
        .split("<text")
        .filter_map(|t| t.split('>').nth(1)?.strip_suffix("</text"))
        .filter(|t| t.len() == 1)
        .collect();
    assert_eq!(cells, ["0", "2", "4", "1", "3", "5"], "{svg}");
    let (ok, _) = run(&["render", "--shape", "3,4", "--ops", "reshape 5"]);
    assert!(!ok, "an impossible reshape is an error");
    let (ok, _) = run(&["render", "--shape", "3,x"]);
    assert!(!ok);
    let status = Command::new(env!("CARGO_BIN_EXE_layout-lab"))
        .args(["render", "--layout", "(2,2):(1,2)", "--ops", "flip 0"])
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2), "--ops goes with view stacks only");
}

#[test]
fn render_draws_what_a_syno_input_reads_over_the_loops() {
    let (ok, expr) = run(&[
        "render",
        "--syno",
        "matmul(2, 3, 4)",
        "--input",
        "1",
        "--format",
        "expr",
    ]);
    assert!(ok, "{expr}");
    assert_eq!(expr.trim(), "in1[r0, o1]");
    // flip(2, 3) reverses the rows: output (o0, o1) reads row-major index 3·(1 - o0) + o1
    let (ok, tikz) = run(&["render", "--syno", "flip(2, 3)", "--format", "tikz"]);
    assert!(ok, "{tikz}");
    let values: Vec<&str> = tikz
        .lines()
        .filter_map(|l| {
            l.strip_prefix("\\node[cell]")?
                .split('{')
                .nth(1)?
                .strip_suffix("};")
        })
        .collect();
    assert_eq!(values, ["3", "4", "5", "0", "1", "2"], "{tikz}");
    let (ok, wgsl) = run(&["render", "--syno", "matmul(2, 3, 4)", "--format", "wgsl"]);
    assert!(ok && wgsl.contains("fn address_of"), "{wgsl}");
    let (ok, _) = run(&["render", "--syno", "matmul(2, 3, 4)", "--input", "2"]);
    assert!(!ok, "matmul has inputs 0 and 1");
}

#[test]
fn stats_counts_operations_and_lists_the_cases_with_more() {
    // One case whose reference expressions are made shorter than any real rendering of it.
    let text = std::fs::read_to_string(vectors_dir().join("tinygrad_seed1.jsonl")).unwrap();
    let mut case: serde_json::Value = text
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .find(|case| {
            case["kind"] == "ops"
                && case["final"]["idx"]
                    .as_str()
                    .is_some_and(|idx| idx.contains('*'))
        })
        .unwrap();
    case["final"]["idx"] = "0".into();
    case["final"]["valid"] = "True".into();
    let path = std::env::temp_dir().join(format!("layout-lab-stats-{}.jsonl", std::process::id()));
    std::fs::write(&path, case.to_string()).unwrap();
    let file = path.to_str().unwrap();
    let (ok, plain) = run(&["stats", file]);
    let (ok_more, listed) = run(&["stats", "--more", file]);
    let (ok_cases, cases) = run(&["stats", "--cases", file]);
    std::fs::remove_file(&path).unwrap();
    assert!(ok && ok_more && ok_cases, "{plain}{listed}{cases}");
    // every case by its line, with both counts: here ours against the reference's none
    let case_line = cases
        .lines()
        .find_map(|l| l.strip_prefix(&format!("  case {file}:0 [ops]: ours ")))
        .unwrap_or_else(|| panic!("{cases}"));
    let (ours, theirs) = case_line.split_once(", tinygrad ").unwrap();
    assert!(
        ours.parse::<usize>().unwrap() > 0 && theirs == "0",
        "{cases}"
    );
    assert!(!plain.contains("  case "), "{plain}");
    assert!(
        plain.contains("1 cases: fewer 0, equal 0, more 1"),
        "{plain}"
    );
    assert!(!plain.contains("tinygrad idx"), "{plain}");
    // the distribution: one case, more operations than the reference's none
    let distribution = plain
        .lines()
        .find_map(|l| l.strip_prefix("  ours - tinygrad (cases): +"))
        .unwrap_or_else(|| panic!("{plain}"));
    let (difference, cases) = distribution.split_once(": ").unwrap();
    assert!(
        difference.parse::<usize>().unwrap() > 0 && cases == "1",
        "{plain}"
    );
    assert!(listed.contains("View(shape="), "{listed}");
    assert!(listed.contains("  tinygrad idx:   0\n"), "{listed}");
    assert!(listed.contains("  ours idx:       "), "{listed}");
}

#[test]
fn a_closed_output_ends_the_program_quietly() {
    // `layout-lab stats --cases … | head`: the reader goes before the first line is written
    let file = vectors_dir().join("tinygrad_seed1.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_layout-lab"))
        .args(["stats", "--cases"])
        .arg(&file)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdout = None;
    let output = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn every_subcommand_has_its_help_and_the_shells_get_completions() {
    for command in [
        "check",
        "stats",
        "render",
        "wgsl",
        "bank",
        "partition",
        "completions",
    ] {
        let (ok, help) = run(&[command, "--help"]);
        assert!(
            ok && help.contains("Usage: layout-lab"),
            "{command}: {help}"
        );
    }
    let (_, help) = run(&["render", "--help"]);
    assert!(help.contains("--format"), "{help}");
    let (ok, script) = run(&["completions", "bash"]);
    assert!(ok, "{script}");
    assert!(
        script.contains("layout-lab") && script.contains("--morphism"),
        "{script}"
    );
    let (ok, _) = run(&["completions", "no-such-shell"]);
    assert!(!ok);
}

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

#[test]
fn render_draws_tiled_mmas_and_copies_as_print_latex_does() {
    let fixture = |name: &str| {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/print_latex")
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
