//! The shared reference vectors: every case of every file this engine covers must agree.
#![cfg(not(target_arch = "wasm32"))]

use testkit::vectors_dir;

use layout_lab_cli::vectors::{check_file_text, summarize};

#[track_caller]
fn check_all(file: &str, expected_cases: usize) {
    let path = vectors_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let results = check_file_text(&text).unwrap();
    assert_eq!(results.len(), expected_cases, "case count of {file}");
    let failures: Vec<_> = results.iter().filter(|r| r.failure.is_some()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases fail, first: {} {}\n{:?}",
        failures.len(),
        results.len(),
        failures[0].id,
        failures[0].failure.as_deref().unwrap_or_default(),
        summarize(&results)
    );
}

#[test]
fn tinygrad_create_vectors_all_agree() {
    check_all("tinygrad_create_seed1.jsonl", 500);
}

#[test]
fn tinygrad_op_sequence_vectors_all_agree() {
    check_all("tinygrad_seed1.jsonl", 2000);
}

#[test]
fn pycute_vectors_all_agree() {
    check_all("pycute_seed1.jsonl", 2000);
}

#[test]
fn tract_vectors_all_agree() {
    check_all("tract_seed1.jsonl", 1200);
}

#[test]
fn a_tampered_vector_fails() {
    let path = vectors_dir().join("tinygrad_create_seed1.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().nth(2).unwrap();
    let tampered = line.replacen("\"offsets\":[0,", "\"offsets\":[1,", 1);
    assert_ne!(tampered, line, "the tamper must change the case");
    let results = check_file_text(&tampered).unwrap();
    assert!(results[0].failure.is_some());
}

#[test]
fn tampered_tract_vectors_fail() {
    let path = vectors_dir().join("tract_seed1.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let complement = text.lines().nth(2).unwrap();
    let tractable = text.lines().nth(6).unwrap();
    for (line, from, to) in [
        (complement, "\"map\":[1,3]", "\"map\":[1,4]"),
        (
            complement,
            "\"stride\":[1,21],\"str\":\"(3,7):(1,21)\"},\"cosize\"",
            "\"stride\":[1,22],\"str\":\"(3,7):(1,22)\"},\"cosize\"",
        ),
        (tractable, "\"is_tractable\":false", "\"is_tractable\":true"),
    ] {
        let tampered = line.replacen(from, to, 1);
        assert_ne!(tampered, line, "the tamper {from} must change the case");
        let results = check_file_text(&tampered).unwrap();
        assert!(
            results[0].failure.is_some(),
            "{from} -> {to} went unnoticed"
        );
    }
}

/// A fresh case (`scripts/differential/gen.py tinygrad 29`, `tg-29-716`) where our `simplify`
/// merges two views that tinygrad 0.11.0 keeps (its symbolic bounds of `-i + 2·(i + 2)` are
/// not exact): accepted there, and the steps after it and the final tracker are then checked
/// as merged too.
#[test]
fn a_simplify_that_merges_more_than_the_reference_is_followed_through() {
    let text = include_str!("../../../tests/fixtures/tinygrad_merged_more.jsonl");
    let results = check_file_text(text).unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].failure, None);
    // the reference keeps two views after its simplify step (the engine merges them)
    let case: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(case["steps"][4]["views"].as_array().unwrap().len(), 2);
    let tampered = text.replacen("\"offsets\": [", "\"offsets\": [1000, ", 1);
    assert_ne!(tampered, text);
    assert!(check_file_text(&tampered).unwrap()[0].failure.is_some());
}

/// CuTe C++'s swizzled layouts (`swizzle` kind: the layout, its composition and divides), GMMA
/// atoms (`swizzle_atom`: tile_to_shape and element offsets) and thread-value layouts
/// (`tiled_mma`, `tiled_copy`) all agree.
#[test]
fn cute_cpp_vectors_agree() {
    let text = std::fs::read_to_string(vectors_dir().join("cute_cpp_seed1.jsonl")).unwrap();
    let results = check_file_text(&text).unwrap();
    let rows = summarize(&results);
    for (kind, count) in [
        ("swizzle", 300),
        ("swizzle_atom", 4),
        ("tiled_mma", 14),
        ("tiled_copy", 2),
    ] {
        let row = rows.iter().find(|r| r.kind == kind).unwrap();
        assert_eq!(
            (row.passed, row.failed, row.skipped),
            (count, 0, 0),
            "{:?}",
            results.iter().find(|r| r.failure.is_some())
        );
    }
    let line = text.lines().nth(1).unwrap();
    for (from, to) in [
        ("\"values\":[0,2,4,", "\"values\":[0,3,4,"),
        ("\"swizzle\":[1,1,3]", "\"swizzle\":[1,0,3]"),
        (
            "Sw<1,1,3> o _0 o (8,2):(2,1)\"",
            "Sw<1,1,3> o _0 o (8,2):(2,2)\"",
        ),
        // the composition's shape (a unit mode C++ keeps), and a divide's value
        ("((4,2)):((4,1))", "(4,2):(4,1)"),
        (
            "\"values\":[0,4,8,12,1,5,9,13]",
            "\"values\":[0,4,8,12,1,5,9,14]",
        ),
        ("((2,1),(4,2)):((2,1),(4,1))", "(2,(4,2)):(2,(4,1))"),
    ] {
        let tampered = line.replacen(from, to, 1);
        assert_ne!(tampered, line, "the tamper {from} must change the case");
        let results = check_file_text(&tampered).unwrap();
        assert!(
            results[0].failure.is_some(),
            "{from} -> {to} went unnoticed"
        );
    }
}

/// A `tiled_mma` or `tiled_copy` case whose atom layout, a stride, a nesting or a value is
/// changed fails.
#[test]
fn cute_cpp_thread_value_cases_notice_tampering() {
    let text = std::fs::read_to_string(vectors_dir().join("cute_cpp_seed1.jsonl")).unwrap();
    let line = |id: &str| {
        text.lines()
            .find(|l| l.contains(&format!("\"id\":\"{id}\"")))
            .unwrap()
    };
    let mma = line("mma-SM80_16x8x16_F16F16F16F16_TN-2x2x1-none");
    let copy = line("copy-SM75_U32x4_LDSM_N-32x4");
    for (case, from, to) in [
        (mma, "\"2x2x1\"", "\"2x2x1-rowmajor\""),
        (mma, "((_64,_1,_16,_0)", "((_64,_1,_16,_1)"),
        (mma, "\"tile_mnk\":[32,16,16]", "\"tile_mnk\":[32,16,32]"),
        (mma, "\"threads\":128", "\"threads\":64"),
        (copy, "((_4,_32),(_8,_1))", "((_4,_32),((_8,_1)))"),
        (
            copy,
            "\"val_layout\":\"(_1,_8):(_0,_1)\"",
            "\"val_layout\":\"(_8,_1):(_1,_0)\"",
        ),
    ] {
        assert!(check_file_text(case).unwrap()[0].failure.is_none());
        let tampered = case.replacen(from, to, 1);
        assert_ne!(tampered, case, "the tamper {from} must change the case");
        let results = check_file_text(&tampered).unwrap();
        assert!(
            results[0].failure.is_some(),
            "{from} -> {to} went unnoticed"
        );
    }
    // a value: the last of C's
    let c_start = mma.find("\"C_TV\"").unwrap();
    let (head, tail) = mma.split_at(c_start);
    let end = tail.rfind(']').unwrap();
    let last_comma = tail[..end].rfind(',').unwrap();
    let tampered = format!("{head}{}999{}", &tail[..=last_comma], &tail[end..]);
    assert!(check_file_text(&tampered).unwrap()[0].failure.is_some());
}

/// A `swizzle_atom` case whose layout, shape or element offsets are changed fails.
#[test]
fn cute_cpp_atoms_notice_tampering() {
    let text = std::fs::read_to_string(vectors_dir().join("cute_cpp_seed1.jsonl")).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains("\"id\":\"atom-K_SW128_half-64x64\""))
        .unwrap();
    assert!(check_file_text(line).unwrap()[0].failure.is_none());
    for (from, to) in [
        ("((_64,_512),(_1,_0))", "((_64,_512),(_1,_1))"),
        ("\"element_offsets\":[0,72,", "\"element_offsets\":[0,64,"),
        ("\"shape\":[64,64]", "\"shape\":[64,128]"),
        (
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64)",
            "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_64)",
        ),
    ] {
        let tampered = line.replacen(from, to, 1);
        assert_ne!(tampered, line, "the tamper {from} must change the case");
        let results = check_file_text(&tampered).unwrap();
        assert!(
            results[0].failure.is_some(),
            "{from} -> {to} went unnoticed"
        );
    }
}

/// Partitions CuTe C++ printed (`scripts/differential/cute_cpp/gen_partition.cpp 2`, a few cases
/// of each kind): `partition_mma`, `partition_copy`, `local_tile` and `local_partition` all
/// agree, and a static mark, an offset or a value changed makes a case fail.
#[test]
fn cute_partition_cases_agree() {
    let text = include_str!("../../../tests/fixtures/cute_partition_seed2.jsonl");
    let results = check_file_text(text).unwrap();
    let rows = summarize(&results);
    for (kind, count) in [
        ("partition_mma", 28),
        ("partition_copy", 12),
        ("local_tile", 8),
        ("local_partition", 3),
    ] {
        let row = rows.iter().find(|r| r.kind == kind).unwrap();
        assert_eq!(
            (row.passed, row.failed, row.skipped),
            (count, 0, 0),
            "{kind}"
        );
    }
    let line = text.lines().nth(1).unwrap();
    let result = line.find("\"result\"").unwrap();
    let (input, output) = line.split_at(result);
    for (from, to) in [
        ("_32,_8,_256", "32,_8,_256"),
        ("\"offset\":", "\"offset\":1"),
        ("\"values\":[", "\"values\":[1"),
    ] {
        let tampered = format!("{input}{}", output.replacen(from, to, 1));
        assert_ne!(tampered, line, "{from}");
        let failure = check_file_text(&tampered).unwrap()[0].failure.clone();
        assert!(failure.is_some(), "{from} -> {to} passes");
    }
}

#[test]
fn triton_linear_layout_vectors_all_agree() {
    check_all("triton_ll_seed1.jsonl", 450);
}

#[test]
fn tampered_triton_linear_layouts_fail() {
    let text = std::fs::read_to_string(vectors_dir().join("triton_ll_seed1.jsonl")).unwrap();
    let to_linear = text.lines().find(|l| l.contains("\"tll-1-4\"")).unwrap();
    let algebra = text.lines().find(|l| l.contains("\"lla-1-27\"")).unwrap();
    for (line, from, to) in [
        (to_linear, "[256, 0]]", "[0, 256]]"),
        (algebra, "[[8, 0, 0], [29", "[[9, 0, 0], [29"),
        (algebra, "\"injective\": true", "\"injective\": false"),
    ] {
        let tampered = line.replacen(from, to, 1);
        assert_ne!(tampered, line, "the tamper must change the case");
        let results = check_file_text(&tampered).unwrap();
        assert!(results[0].failure.is_some(), "{from} -> {to}");
    }
}

/// Section 10: AMD MFMA and WMMA layouts and the operands of either (`to_linear`), and the
/// registers of Blackwell's tcgen05.ld / st (`tmem_reg`).
#[test]
fn triton_hw_vectors_all_agree() {
    check_all("triton_hw_seed1.jsonl", 300);
}

/// CuTe C++'s Blackwell cases: make_tmem_copy (`tmem_copy`), the tcgen05 MMA atoms' traits
/// (`umma`) and SM120 tiled MMAs.
#[test]
fn cute_sm100_vectors_all_agree() {
    check_all("cute_sm100_seed1.jsonl", 20);
}

/// A `tmem_copy` or `umma` case whose tiler, thread count, layout or value is changed fails.
#[test]
fn tampered_sm100_cases_fail() {
    let text = std::fs::read_to_string(vectors_dir().join("cute_sm100_seed1.jsonl")).unwrap();
    let line = |id: &str| {
        text.lines()
            .find(|l| l.contains(&format!("\"id\": \"{id}\"")))
            .unwrap_or_else(|| panic!("no case {id}"))
    };
    let copy = line("sm100-0-3");
    let umma = line("sm100-0-16");
    for (case, from, to) in [
        (
            copy,
            "\"tiler\": \"((_4,_16):(_32,_1),_8:_1)\"",
            "\"tiler\": \"((_4,_16):(_32,_1),_8:_2)\"",
        ),
        (copy, "\"threads\": 128", "\"threads\": 32"),
        (
            copy,
            "\"tmem_shape\": [128, 64]",
            "\"tmem_shape\": [64, 64]",
        ),
        (
            copy,
            "((_4,_8,_4),((_2,_2),_1)):((_128,_4,_1)",
            "((_4,_8,_4),((_2,_2),_1)):((_128,_4,_2)",
        ),
        (
            copy,
            "\"values\": [0, 128, 256, 384, 4,",
            "\"values\": [0, 128, 256, 384, 5,",
        ),
        (umma, "\"thr_id\": \"_2:_1\"", "\"thr_id\": \"_1:_0\""),
        (umma, "(_256,_256,_16)", "(_256,_256,_32)"),
        (
            umma,
            "(_2,(_128,_16)):(_128,(_1,_256))",
            "(_2,(_128,_16)):(_128,(_1,_128))",
        ),
        (
            umma,
            "\"values\": [0, 128, 1, 129,",
            "\"values\": [0, 128, 2, 129,",
        ),
    ] {
        assert!(check_file_text(case).unwrap()[0].failure.is_none());
        let tampered = case.replacen(from, to, 1);
        assert_ne!(tampered, case, "the tamper {from} must change the case");
        assert!(
            check_file_text(&tampered).unwrap()[0].failure.is_some(),
            "{from} -> {to} went unnoticed"
        );
    }
}

/// The differential's `convert_trivial` (Gluon's `is_convert_layout_trivial`, drawn by
/// scripts/differential/triton/gen.py): two cases Triton 3.6 decided, each failing once its
/// verdict is flipped.
#[test]
fn convert_trivial_cases_agree_and_flipped_ones_fail() {
    let trivial = r#"{"id": "cvt-6-11", "kind": "convert_trivial", "layout": {"type": "amd_mfma", "version": 1, "instr_shape": [16, 16, 16], "transposed": true, "warps_per_cta": [1, 4]}, "other": {"type": "linear", "reg_bases": [[0, 1], [0, 0]], "lane_bases": [[1, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]], "warp_bases": [[0, 0], [0, 0]], "block_bases": [], "shape": [2, 2]}, "shape": [2, 2], "trivial": true}"#;
    let moved = r#"{"id": "cvt-6-16", "kind": "convert_trivial", "layout": {"type": "amd_mfma", "version": 2, "instr_shape": [64, 4, 4], "transposed": true, "warps_per_cta": [1, 2, 2]}, "other": {"type": "linear", "reg_bases": [[0, 0, 4], [0, 0, 2], [0, 0, 8], [0, 0, 16], [0, 0, 32], [0, 0, 64], [1, 0, 0], [2, 0, 0], [4, 0, 0], [8, 0, 0], [16, 0, 0]], "lane_bases": [[0, 1, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]], "warp_bases": [[0, 0, 1], [0, 0, 0]], "block_bases": [], "shape": [32, 2, 128]}, "shape": [32, 2, 128], "trivial": false}"#;
    for line in [trivial, moved] {
        let results = check_file_text(line).unwrap();
        assert!(results[0].failure.is_none(), "{:?}", results[0].failure);
        let flipped = if line.contains("\"trivial\": true") {
            line.replace("\"trivial\": true", "\"trivial\": false")
        } else {
            line.replace("\"trivial\": false", "\"trivial\": true")
        };
        assert!(check_file_text(&flipped).unwrap()[0].failure.is_some());
    }
}
