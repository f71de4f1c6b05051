//! The `layout-lab` binary as a docs pipeline runs it.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::run;
use testkit::vectors_dir;

use std::process::Command;

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
