//! The engine's pictures against CuTe's own `print_latex` (CUTLASS 4.2, compiled with g++:
//! `tests/fixtures/print_latex/print_latex.cpp`), line for line.

use super::*;
use engine::cute::{copy_grids, mma_grids, CopyAtom, MmaAtom, TiledCopy, TiledMma};

fn fixture(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/print_latex")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[track_caller]
fn same_lines(ours: &str, cute: &str) {
    for (k, (a, b)) in ours.lines().zip(cute.lines()).enumerate() {
        assert_eq!(a, b, "line {}", k + 1);
    }
    assert_eq!(ours.lines().count(), cute.lines().count());
}

fn mma(atom: &str, layout: &str) -> [TvGrid; 3] {
    let mma = TiledMma::new(
        MmaAtom::parse(atom).unwrap(),
        CppLayout::parse(layout).unwrap(),
        Vec::new(),
    )
    .unwrap();
    mma_grids(&mma, 1 << 20).unwrap()
}

fn copy(atom: &str, thr: &str, val: &str) -> [TvGrid; 2] {
    let copy = TiledCopy::new(
        CopyAtom::parse(atom, 16).unwrap(),
        &CppLayout::parse(thr).unwrap(),
        &CppLayout::parse(val).unwrap(),
    )
    .unwrap();
    copy_grids(&copy, 1 << 20).unwrap()
}

#[test]
fn mma_pictures_are_print_latex_line_for_line() {
    let sm80 = "SM80_16x8x16_F16F16F16F16_TN";
    same_lines(
        &mma_latex(&mma(sm80, "(_1,_1,_1)")),
        &fixture("mma_SM80_16x8x16_F16F16F16F16_TN_1x1x1.tex"),
    );
    same_lines(
        &mma_latex(&mma(sm80, "(_2,_2,_1):(_2,_1,_0)")),
        &fixture("mma_SM80_16x8x16_F16F16F16F16_TN_2x2x1-rowmajor.tex"),
    );
    same_lines(
        &mma_latex(&mma("SM70_8x8x4_F32F16F16F32_NT", "(_1,_1,_1)")),
        &fixture("mma_SM70_8x8x4_F32F16F16F32_NT_1x1x1.tex"),
    );
}

#[test]
fn copy_pictures_are_print_latex_line_for_line() {
    same_lines(
        &copy_latex(&copy("SM75_U32x1_LDSM_N", "(_32,_1)", "(_1,_2)")),
        &fixture("copy_SM75_U32x1_LDSM_N.tex"),
    );
    same_lines(
        &copy_latex(&copy("UniversalCopy_u32", "(_8,_4):(_4,_1)", "(_1,_2)")),
        &fixture("copy_UniversalCopy_u32.tex"),
    );
}

#[test]
fn the_svg_draws_every_element_under_its_first_owner() {
    let grids = mma("SM80_16x8x16_F16F16F16F16_TN", "(_1,_1,_1)");
    let [c, a, b] = &grids;
    assert_eq!(
        (c.rows(), c.cols(), a.rows(), a.cols(), b.rows(), b.cols()),
        (16, 8, 16, 16, 8, 16)
    );
    // C(0, 1) is thread 0's value 1; C(8, 0) its value 2 (the picture's first lines)
    assert_eq!(c.owner_at(0, 1), Some((0, 1)));
    assert_eq!(c.owner_at(8, 0), Some((0, 2)));
    let svg = tv_svg(&grids, "SM80_16x8x16 1x1x1");
    assert_eq!(svg.matches("<rect x=").count(), 16 * 8 + 16 * 16 + 8 * 16);
    assert_eq!(svg.matches(">T0<").count(), 4 + 8 + 4);
    assert!(svg.contains("rgb(175,175,255)"));
    // the title escaped once, by the markup sink
    let titled = tv_svg(&grids, "a <b> & c");
    assert!(titled.contains(">a &lt;b&gt; &amp; c</text>"), "{titled}");
    // a tile too large is refused, not drawn
    assert!(TvGrid::of("C", c.tv(), [1 << 20, 1 << 20], 1 << 20).is_err());
    assert!(TvGrid::of("C", c.tv(), [i64::MAX, 2], 1 << 20).is_err());
}

#[test]
fn the_threads_page_exports_its_mma_and_its_copy() {
    let mut s = ThreadsState::default();
    assert!(threads_latex(&s, false)
        .unwrap()
        .starts_with("% LayoutC: ArithTuple(_0,_0) o "));
    let tikz = threads_tikz(&s, false).unwrap();
    assert!(tikz.starts_with("\\begin{tikzpicture}") && tikz.ends_with("\\end{tikzpicture}\n"));
    assert!(tikz.contains(
        "\\node[fill={rgb,255:red,175;green,175;blue,255}] at (0,0) {\\shortstack{T0 \\\\ V0}};"
    ));
    assert!(threads_svg(&s, false).unwrap().contains("C (16×8)"));
    // no copy yet: its exports say why
    assert!(threads_latex(&s, true).is_err() && threads_svg(&s, true).is_err());
    s.load_preset(1);
    assert!(threads_latex(&s, true)
        .unwrap()
        .starts_with("% Layout S TV: "));
}
