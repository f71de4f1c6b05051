//! `layout-lab render --triton`: a Triton distributed layout over a tensor, as text (its linear
//! layout as Triton 3.6 prints it, then who holds each element) and as an SVG grid.
#![cfg(not(target_arch = "wasm32"))]

mod common;
use common::run;

const BLOCKED: &str = "#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>";
const MMA_V2: &str = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}>";

/// The `(coordinate) -> holders` line of `coord` in a text table.
#[track_caller]
fn line<'a>(table: &'a str, coord: &str) -> &'a str {
    let prefix = format!("({coord}) -> ");
    table
        .lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .unwrap_or_else(|| panic!("no line for ({coord}) in\n{table}"))
}

/// Runs the binary: its exit code and standard error.
fn failure(args: &[&str]) -> (Option<i32>, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_layout-lab"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_blocked_layout_lists_its_bases_and_each_elements_register_lane_and_warp() {
    let (ok, text) = run(&[
        "render", "--triton", BLOCKED, "--shape", "16,32", "--format", "text",
    ]);
    assert!(ok, "{text}");
    // sizePerThread [1, 4] with order [1, 0]: a thread's 4 registers run along dim1; 8 lanes
    // of a row along dim1 (4 columns each, 32 in all), then 4 rows of lanes; 4 warps of
    // 4 rows each down dim0 (16 rows). Bases: register 1, 2 -> dim1 1, 2; lane 1, 2, 4 ->
    // dim1 4, 8, 16 and lane 8, 16 -> dim0 1, 2; warp 1, 2 -> dim0 4, 8.
    // Python's `str` of Triton 3.6.0's linear layout for this layout and shape, then ours
    let printed = "\n - register=1 -> (0, 1)\n   register=2 -> (0, 2)\n - lane=1 -> (0, 4)\n   \
                   lane=2 -> (0, 8)\n   lane=4 -> (0, 16)\n   lane=8 -> (1, 0)\n   \
                   lane=16 -> (2, 0)\n - warp=1 -> (4, 0)\n   warp=2 -> (8, 0)\n - block is a \
                   size 1 dimension\nwhere out dims are: [dim0 (size 16), dim1 (size 32)]";
    let head = format!("{printed}\n{BLOCKED} over 16x32\nelement -> register, lane, warp\n");
    assert!(text.starts_with(&head), "{text}");
    assert_eq!(text.lines().count(), 14 + 16 * 32);
    // element (i, j): register j mod 4, lane j / 4 + 8 (i mod 4), warp i / 4
    for (coord, holder) in [
        ("0, 0", "r0 l0 w0"),
        ("0, 1", "r1 l0 w0"),
        ("0, 3", "r3 l0 w0"),
        ("0, 4", "r0 l1 w0"),
        ("0, 31", "r3 l7 w0"),
        ("1, 0", "r0 l8 w0"),
        ("3, 29", "r1 l31 w0"),
        ("4, 0", "r0 l0 w1"),
        ("15, 31", "r3 l31 w3"),
    ] {
        assert_eq!(line(&text, coord), holder, "({coord})");
    }
    // the same through the tensor type, aliased as a dump prints it, and through Gluon
    let typed = format!("#blocked = {BLOCKED}\ntensor<16x32xf32, #blocked>");
    let (ok, same) = run(&["render", "--triton", &typed, "--format", "text"]);
    assert!(ok);
    assert_eq!(same, text);
    let gluon = "ttgl.BlockedLayout(size_per_thread=[1, 4], threads_per_warp=[4, 8], warps_per_cta=[4, 1], order=[1, 0])";
    let (ok, same) = run(&[
        "render", "--triton", gluon, "--shape", "16,32", "--format", "text",
    ]);
    assert!(ok);
    assert_eq!(same, text);
}

#[test]
fn a_broadcast_lists_every_holder_or_the_first_and_the_count() {
    // a 4x8 tensor under 32 lanes (4x8 of them) and 4 warps: each element in every warp
    let tensor = "tensor<4x8xf16, #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [2, 2], order = [1, 0]}>>";
    let (ok, text) = run(&["render", "--triton", tensor, "--format", "text"]);
    assert!(ok, "{text}");
    assert!(
        text.contains("\n - warp=1 -> (0, 0)\n   warp=2 -> (0, 0)\n"),
        "{text}"
    );
    assert_eq!(
        line(&text, "0, 0"),
        "r0 l0 w0, r0 l0 w1, r0 l0 w2, r0 l0 w3"
    );
    assert_eq!(
        line(&text, "3, 7"),
        "r0 l31 w0, r0 l31 w1, r0 l31 w2, r0 l31 w3"
    );
    // a 2x2 tensor: 8 lanes and 4 warps over each element, 32 holders; the first 8 listed
    let small = tensor.replace("4x8xf16", "2x2xf16");
    let (ok, text) = run(&["render", "--triton", &small, "--format", "text"]);
    assert!(ok, "{text}");
    let first = line(&text, "0, 0");
    assert!(
        first.starts_with("r0 l0 w0, r0 l2 w0, r0 l4 w0, r0 l6 w0, "),
        "{first}"
    );
    assert!(first.ends_with(", … (32 in all)"), "{first}");
}

#[test]
fn an_mma_v2_accumulator_is_mma_sync_s_fragment() {
    let (ok, text) = run(&[
        "render", "--triton", MMA_V2, "--shape", "32,8", "--format", "text",
    ]);
    assert!(ok, "{text}");
    // mma.sync m16n8's C: lane l holds row l / 4 (registers 0, 1) and row l / 4 + 8
    // (registers 2, 3), columns 2 (l mod 4) and the next; warp 1 takes rows 16..32
    // as Triton 3.6.0 prints it
    assert!(text.starts_with("\n - register=1 -> (0, 1)\n   register=2 -> (8, 0)\n - lane=1 -> (0, 2)\n   lane=2 -> (0, 4)\n   lane=4 -> (1, 0)\n   lane=8 -> (2, 0)\n   lane=16 -> (4, 0)\n - warp=1 -> (16, 0)\n - block is a size 1 dimension\nwhere out dims are: [dim0 (size 32), dim1 (size 8)]\n"), "{text}");
    for (coord, holder) in [
        ("0, 0", "r0 l0 w0"),
        ("0, 1", "r1 l0 w0"),
        ("0, 2", "r0 l1 w0"),
        ("1, 0", "r0 l4 w0"),
        ("8, 0", "r2 l0 w0"),
        ("8, 1", "r3 l0 w0"),
        ("7, 6", "r0 l31 w0"),
        ("16, 0", "r0 l0 w1"),
        ("31, 7", "r3 l31 w1"),
    ] {
        assert_eq!(line(&text, coord), holder, "({coord})");
    }
}

#[test]
fn the_svg_is_a_grid_coloured_by_lane_and_labelled_by_holder() {
    let (ok, svg) = run(&["render", "--triton", MMA_V2, "--shape", "32,8"]);
    assert!(ok, "{svg}");
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.ends_with("</svg>\n"));
    // the title escaped once, by the markup sink
    assert!(
        svg.contains(">#ttg.nvidia_mma&lt;{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 1], instrShape = [16, 8]}&gt; over 32x8</text>"),
        "{svg}"
    );
    assert_eq!(svg.matches("<rect x=").count(), 32 * 8);
    // element (8, 1): register 3 of lane 0, warp 0, in lane 0's colour (print_latex's first)
    assert!(svg.contains("<title>[8, 1]: (r3 l0 w0)</title><rect x=\"80\" y=\"400\" width=\"40\" height=\"40\" fill=\"rgb(175,175,255)\""), "{svg}");
    assert!(svg.contains(">r3</text><text x=\"100\" y=\"422\" text-anchor=\"middle\">l0</text><text x=\"100\" y=\"433\" text-anchor=\"middle\">w0</text>"), "{svg}");
    // warp 1 a shade darker: lane 0's colour at 85 %
    assert!(svg.contains("<title>[16, 0]: (r0 l0 w1)</title><rect x=\"40\" y=\"720\" width=\"40\" height=\"40\" fill=\"rgb(148,148,216)\""), "{svg}");
}

#[test]
fn bad_input_exits_2_with_a_message_and_undrawable_layouts_1() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["render", "--triton", BLOCKED, "--shape", "4,4,4"],
            "has 3 sizes; the layout is of rank 2",
        ),
        (&["render", "--triton", BLOCKED], "needs --shape"),
        (
            &["render", "--triton", BLOCKED, "--shape", "16,x"],
            "--shape takes sizes",
        ),
        (
            &["render", "--triton", "tensor<16x32xf32, #blocked>"],
            "at character 19",
        ),
        (
            &["render", "--triton", "#ttg.blocked<{}>", "--shape", "16"],
            "sizePerThread",
        ),
        (
            &["render", "--triton", BLOCKED, "--shape", "16,24"],
            "powers of two",
        ),
        (
            &[
                "render", "--triton", BLOCKED, "--shape", "16,32", "--format", "tikz",
            ],
            "text or svg",
        ),
    ];
    for (args, message) in cases {
        let (code, stderr) = failure(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.starts_with("render: ") && stderr.contains(message),
            "{args:?}: {stderr}"
        );
    }
    let typed = format!("tensor<16x64xf32, {BLOCKED}>");
    let (code, stderr) = failure(&["render", "--triton", &typed, "--shape", "16,32"]);
    assert_eq!(code, Some(2));
    assert!(
        stderr.contains("--shape 16x32 differs from the tensor type's 16x64"),
        "{stderr}"
    );
    // clap's own usage error: --triton goes with no other source
    let (code, _) = failure(&["render", "--triton", BLOCKED, "--layout", "(4,4):(4,1)"]);
    assert_eq!(code, Some(2));
    // legal but not drawable: rank 3 as a grid, and past 1 << 16 elements
    let rank3 = "#ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [2, 4, 4], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>";
    let (code, stderr) = failure(&["render", "--triton", rank3, "--shape", "2,4,4"]);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("only rank 1 and 2 are drawn"), "{stderr}");
    let (ok, text) = run(&[
        "render", "--triton", rank3, "--shape", "2,4,4", "--format", "text",
    ]);
    assert!(ok && text.contains("(1, 3, 3) -> r0 l31 w0\n"), "{text}");
    let (code, stderr) = failure(&["render", "--triton", BLOCKED, "--shape", "512,256"]);
    assert_eq!(code, Some(1));
    assert!(
        stderr.contains("131072 elements; at most 65536"),
        "{stderr}"
    );
}

#[test]
fn render_help_names_the_triton_source() {
    let (ok, help) = run(&["render", "--help"]);
    assert!(
        ok && help.contains("--triton <TEXT>") && help.contains("tensor<32x64xf32"),
        "{help}"
    );
}

#[test]
fn a_slice_is_a_rank_1_row_held_by_the_lanes_of_the_sliced_dimension() {
    // slicing dim 1 off BLOCKED: the 8 lanes of a row (lane bits 0..2, along dim1) and the 4
    // registers hold the same element, so lane bases 1, 2, 4 and the registers go; element i
    // is in lanes 8 (i mod 4) .. 8 (i mod 4) + 7 of warp i / 4
    let typed =
        format!("#blocked = {BLOCKED}\ntensor<16xf32, #ttg.slice<{{dim = 1, parent = #blocked}}>>");
    let (ok, text) = run(&["render", "--triton", &typed, "--format", "text"]);
    assert!(ok, "{text}");
    assert!(
        text.starts_with(
            "\n - register is a size 1 dimension\n - lane=1 -> (0)\n   lane=2 -> (0)\n   \
             lane=4 -> (0)\n   lane=8 -> (1)\n   lane=16 -> (2)\n - warp=1 -> (4)\n   \
             warp=2 -> (8)\n - block is a size 1 dimension\nwhere out dims are: [dim0 (size 16)]\n"
        ),
        "{text}"
    );
    let lanes = |first: u32, warp: u32| {
        let each: Vec<String> = (first..first + 8)
            .map(|l| format!("r0 l{l} w{warp}"))
            .collect();
        each.join(", ")
    };
    assert_eq!(line(&text, "0"), lanes(0, 0));
    assert_eq!(line(&text, "3"), lanes(24, 0));
    assert_eq!(line(&text, "13"), lanes(8, 3));
    // drawn as one row, the first holder labelled with the count of the others
    let (ok, svg) = run(&["render", "--triton", &typed]);
    assert!(ok, "{svg}");
    assert_eq!(svg.matches("<rect x=").count(), 16);
    assert_eq!(svg.matches(" y=\"80\" width=\"40\"").count(), 16, "{svg}");
    assert!(svg.contains(">w3 +7</text>"), "{svg}");
}

/// `SharedSwizzled2D_Vec` of Triton's unit tests: `vec = 2`, the phase the row mod 4.
const SWIZZLED: &str =
    "#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>";

#[test]
fn a_shared_layout_lists_the_offset_holding_each_element() {
    let (ok, text) = run(&[
        "render", "--triton", SWIZZLED, "--shape", "4,8", "--format", "text",
    ]);
    assert!(ok, "{text}");
    // Triton's print of the linear layout, then the title and each element's offset
    let head: Vec<&str> = text.lines().take(10).collect();
    assert_eq!(
        head,
        [
            "",
            " - offset=1 -> (0, 1)",
            "   offset=2 -> (0, 2)",
            "   offset=4 -> (0, 4)",
            "   offset=8 -> (1, 2)",
            "   offset=16 -> (2, 4)",
            " - block is a size 1 dimension",
            "where out dims are: [dim0 (size 4), dim1 (size 8)]",
            format!("{SWIZZLED} over 4x8").as_str(),
            "element -> offset",
        ]
    );
    assert_eq!(text.lines().count(), 10 + 4 * 8);
    // element (r, c) at offset 8 r + (c ^ 2 (r mod 4))
    for (coord, holder) in [
        ("0, 7", "o7"),
        ("1, 0", "o10"),
        ("1, 2", "o8"),
        ("2, 0", "o20"),
        ("3, 5", "o27"),
    ] {
        assert_eq!(line(&text, coord), holder, "({coord})");
    }
    // the same from Gluon's constructor
    let gluon = "ttgl.SwizzledSharedLayout(vec=2, per_phase=1, max_phase=4, order=[1, 0])";
    let (ok, same) = run(&[
        "render", "--triton", gluon, "--shape", "4,8", "--format", "text",
    ]);
    assert!(ok);
    assert_eq!(same, text);
}

#[test]
fn a_shared_layout_draws_each_cell_with_its_offset() {
    let (ok, svg) = run(&["render", "--triton", SWIZZLED, "--shape", "4,8"]);
    assert!(ok, "{svg}");
    assert_eq!(svg.matches("<rect x=").count(), 4 * 8);
    // (1, 0) at offset 10, one label line
    assert!(
        svg.contains("<title>[1, 0]: (o10)</title><rect x=\"40\" y=\"120\""),
        "{svg}"
    );
    assert!(svg.contains(">o10</text></g>"), "{svg}");
}

#[test]
fn an_nvmma_shared_layout_too_narrow_for_its_swizzle_is_refused() {
    // a 128-byte swizzle of 16-bit elements needs 64 columns; Triton aborts on fewer
    let nvmma =
        "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>";
    let (code, stderr) = failure(&["render", "--triton", nvmma, "--shape", "32,32"]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("Block shape is too small"), "{stderr}");
    let (ok, text) = run(&[
        "render", "--triton", nvmma, "--shape", "8,64", "--format", "text",
    ]);
    assert!(ok, "{text}");
    // the swizzle's three bits: row r XORs its 16-byte chunk with r
    for basis in [
        "offset=64 -> (1, 8)",
        "offset=128 -> (2, 16)",
        "offset=256 -> (4, 32)",
    ] {
        assert!(text.contains(&format!("\n   {basis}\n")), "{text}");
    }
}
