//! Copy atoms and tiled copies against CuTe C++'s prints (CUTLASS 4.2), and the checks CuTe
//! does not make.

use super::*;
use crate::cute::{copy_warnings, mma_warnings, CppTiler, MmaAtom, Operand, TiledMma, TvWarning};

#[track_caller]
fn check(atom: &str, thr: &str, val: &str, expect: [&str; 2]) {
    let copy = TiledCopy::new(
        CopyAtom::parse(atom, 16).unwrap(),
        &CppLayout::parse(thr).unwrap(),
        &CppLayout::parse(val).unwrap(),
    )
    .unwrap();
    assert_eq!(
        [copy.tv_s().to_string(), copy.tv_d().to_string()],
        expect,
        "{atom} {thr} {val}"
    );
}

#[test]
fn tiled_copies_print_as_cute_prints_them() {
    check(
        "SM75_U32x4_LDSM_N",
        "(_32,_4):(_4,_1)",
        "(_1,_8):(_0,_1)",
        [
            "((_8,_4,_4),((_2,_4),_1)):((_1,_64,_8),((_32,_256),_0))",
            "((_4,_32),(_8,_1)):((_256,_1),(_32,_0))",
        ],
    );
    check(
        "UniversalCopy_u128",
        "(_16,_8):(_8,_1)",
        "(_1,_8):(_0,_1)",
        [
            "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))",
            "((_8,_16),(_8,_1)):((_128,_1),(_16,_0))",
        ],
    );
}

#[test]
fn every_copy_atom_parses_and_recasts() {
    for name in CopyAtom::names() {
        let atom = CopyAtom::parse(&name, 16).unwrap_or_else(|e| panic!("{name}: {e}"));
        let threads = atom.thr_id().size().unwrap().value();
        assert_eq!(atom.src().mode_size(0).unwrap().value(), threads, "{name}");
        // LDSM's source repeats each row address (stride `_0`): compare what is covered
        assert_eq!(
            atom.src().cosize().unwrap().value(),
            atom.dst().cosize().unwrap().value(),
            "{name}"
        );
    }
    assert!(CopyAtom::parse("UniversalCopy<uint7_t>", 16).is_err());
    assert!(CopyAtom::parse("SM75_U32x4_LDSM", 16).is_err());
    assert!(CopyAtom::parse("UniversalCopy<uint128_t>", 0).is_err());
}

fn sm80(layout: &str) -> TiledMma {
    TiledMma::new(
        MmaAtom::parse("SM80_16x8x16_F16F16F16F16_TN").unwrap(),
        CppLayout::parse(layout).unwrap(),
        Vec::new(),
    )
    .unwrap()
}

#[test]
fn a_copy_made_for_the_mma_matches_its_fragment() {
    let mma = sm80("(_2,_2,_1)");
    for (atom, operand) in [
        ("SM75_U32x4_LDSM_N", Operand::A),
        ("SM75_U32x2_LDSM_N", Operand::B),
        ("UniversalCopy<uint32_t>", Operand::C),
    ] {
        let copy = TiledCopy::for_mma(CopyAtom::parse(atom, 16).unwrap(), &mma, operand).unwrap();
        let warnings = copy_warnings(&copy, Some((&mma, operand)), 1 << 20).unwrap();
        assert!(warnings.is_empty(), "{atom}: {warnings:?}");
    }
    assert!(mma_warnings(&mma).unwrap().is_empty());
}

#[test]
fn warnings_name_what_is_wrong() {
    let mma = sm80("(_2,_2,_1)");
    // the right tile, but thread t does not get thread t's fragment
    let copy = TiledCopy::new(
        CopyAtom::parse("UniversalCopy<uint32_t>", 16).unwrap(),
        &CppLayout::parse("(_32,_4):(_4,_1)").unwrap(),
        &CppLayout::parse("(_1,_4):(_0,_1)").unwrap(),
    )
    .unwrap();
    assert_eq!(copy.tile(), vec![32, 16]);
    let warnings = copy_warnings(&copy, Some((&mma, Operand::A)), 1 << 20).unwrap();
    assert!(
        matches!(warnings.as_slice(), [TvWarning::FragmentMismatch { .. }]),
        "{warnings:?}"
    );
    let warnings = copy_warnings(&copy, Some((&mma, Operand::B)), 1 << 20).unwrap();
    assert!(
        matches!(warnings.as_slice(), [TvWarning::TileMismatch { .. }]),
        "{warnings:?}"
    );
    // two K-copies of the atom both hold each element of C: a copy out of C writes it twice
    let split = sm80("(_1,_1,_2)");
    let copy = TiledCopy::for_mma(
        CopyAtom::parse("UniversalCopy<uint32_t>", 16).unwrap(),
        &split,
        Operand::C,
    )
    .unwrap();
    let warnings = copy_warnings(&copy, None, 1 << 20).unwrap();
    assert!(
        matches!(
            warnings.as_slice(),
            [TvWarning::SharedWrite { elements: 128, .. }]
        ),
        "{warnings:?}"
    );
    // a quad pair is 8 threads
    let volta = TiledMma::new(
        MmaAtom::parse("SM70_8x8x4_F32F16F16F32_NT").unwrap(),
        CppLayout::parse("(_1,_1,_1)").unwrap(),
        Vec::new(),
    )
    .unwrap();
    let warnings = mma_warnings(&volta).unwrap();
    assert_eq!(
        warnings,
        vec![TvWarning::ThreadCount {
            what: "tiled MMA",
            threads: 8
        }]
    );
    assert!(warnings[0].to_string().contains("8 threads"));
}

/// Odd thread and value layouts are errors or layouts, never a panic.
#[test]
fn bad_tiled_copies_do_not_panic() {
    let layouts = [
        "(_32,_4):(_4,_1)",
        "(_32,_4):(_0,_1)",
        "(_0,_4):(_1,_1)",
        "(32,4):(4,1)",
        "(_3,_5):(_5,_1)",
        "_1:_0",
        "(_1,_8):(_0,_1)",
        "((_2,_2),_8):((_1,_2),_4)",
        "(_1000000000,_1000000000):(_1,_1000000000)",
    ];
    for atom in [
        "SM75_U32x4_LDSM_N",
        "UniversalCopy<uint32_t>",
        "SM90_U32x1_STSM_N",
    ] {
        for bits in [8, 16, 32, 64] {
            let Ok(atom) = CopyAtom::parse(atom, bits) else {
                continue;
            };
            for thr in layouts {
                for val in layouts {
                    let (thr, val) = (
                        CppLayout::parse(thr).unwrap(),
                        CppLayout::parse(val).unwrap(),
                    );
                    if let Ok(copy) = TiledCopy::new(atom.clone(), &thr, &val) {
                        let _ = copy_warnings(&copy, None, 1 << 16);
                    }
                }
            }
        }
    }
}

#[test]
fn make_layout_tv_inverts_the_raked_product() {
    // dynamic strides: CuTe's complement refuses them past rank 1, and so does this
    let dynamic = CppLayout::parse("(8,4):(4,1)").unwrap();
    assert!(super::tiled::make_layout_tv(&dynamic, &CppLayout::parse("(2,1)").unwrap()).is_err());
    for (thr, val) in [
        ("(_16,_8):(_8,_1)", "(_1,_8)"),
        ("(_32,_4):(_4,_1)", "(_1,_8)"),
        ("(_4,_8):(_1,_4)", "(_2,_2)"),
        ("(_8,_4):(_4,_1)", "(_2,_1)"),
    ] {
        let (thr, val) = (
            CppLayout::parse(thr).unwrap(),
            CppLayout::parse(val).unwrap(),
        );
        let (mn, tv) = super::tiled::make_layout_tv(&thr, &val).unwrap();
        assert_eq!(
            tv.mode_size(0).unwrap().value(),
            thr.size().unwrap().value()
        );
        assert_eq!(
            tv.mode_size(1).unwrap().value(),
            val.size().unwrap().value()
        );
        // every (thread, value) lands on an element whose (thread, value) it is
        let (mn, tv) = (mn.to_layout().unwrap(), tv.to_layout().unwrap());
        let back = mn.values(1 << 16).unwrap();
        for (i, element) in tv.values(1 << 16).unwrap().into_iter().enumerate() {
            assert_eq!(back[element as usize], i as i64, "{thr} {val}");
        }
    }
}

/// `make_tmem_copy` of every TMEM atom over a 128-lane tensor: four warps of 32 threads; the
/// register side holds each element of the tile once; and warp `w` touches only lanes
/// `32·w … 32·w + 31`, the quarter of tensor memory a warp may access.
#[test]
fn every_tmem_copy_holds_each_element_once_within_its_warps_lanes() {
    let names: Vec<String> = CopyAtom::names()
        .into_iter()
        .filter(|n| n.starts_with("SM100_TMEM_"))
        .collect();
    assert_eq!(names.len(), 148);
    for name in names {
        let bits = if name.ends_with("_16b") { 16 } else { 32 };
        let atom = CopyAtom::parse(&name, bits).unwrap();
        // the narrowest tensor it covers: 512 columns of 32 bits (1,024 of 16) always do
        let copy = (0..=6)
            .map(|s| 16 << s)
            .find_map(|columns| TiledCopy::tmem(atom.clone(), 128, columns).ok())
            .unwrap_or_else(|| panic!("{name}: no tensor width fits"));
        assert_eq!(copy.threads().unwrap(), 128, "{name}");
        let registers = if name.contains("_LOAD_") {
            assert!(atom.writes_registers(), "{name}");
            copy.tv_d()
        } else {
            copy.tv_s()
        };
        let tile: i64 = copy.tile().iter().product();
        let values = registers.to_layout().unwrap().values(1 << 22).unwrap();
        assert_eq!(values.len() as i64, tile, "{name}");
        let mut seen = vec![false; tile as usize];
        for &v in &values {
            assert!(
                !std::mem::replace(&mut seen[v as usize], true),
                "{name}: {v} twice"
            );
        }
        let CppTiler::Tuple(modes) = copy.tiler() else {
            panic!("{name}: tiler {}", copy.tiler_text())
        };
        let CppTiler::Layout(lane_of) = &modes[0] else {
            panic!("{name}: tiler {}", copy.tiler_text())
        };
        let lanes = lane_of.to_layout().unwrap().values(1 << 10).unwrap();
        let rows = lanes.len() as i64;
        for (i, &v) in values.iter().enumerate() {
            let thread = i as i64 % 128;
            let lane = lanes[(v % rows) as usize];
            assert_eq!(
                lane / 32,
                thread / 32,
                "{name}: thread {thread} reads lane {lane}"
            );
        }
    }
}

#[test]
fn tmem_copies_refuse_what_cute_refuses() {
    let atom = |name: &str, bits| CopyAtom::parse(name, bits).unwrap();
    let load = atom("SM100_TMEM_LOAD_32dp32b4x", 32);
    // the atom's four columns do not fit in two
    let err = TiledCopy::tmem(load.clone(), 128, 2).unwrap_err();
    assert!(
        err.to_string().contains("does not exist in the DataLayout"),
        "{err}"
    );
    // over 64 lanes CuTe lets warps 2 and 3 repeat warps 0 and 1's lanes (printed by CuTe)
    let half = TiledCopy::tmem(load.clone(), 64, 64).unwrap();
    assert_eq!(half.tiler_text(), "((_2,_32):(_32,_1),_4:_1)");
    assert_eq!(
        half.tv_d().to_string(),
        "((_32,_2,_2),(_4,_1)):((_2,_1,_0),(_64,_0))"
    );
    // wider than tensor memory, or no lanes at all
    assert!(TiledCopy::tmem(load.clone(), 128, 513).is_err());
    assert!(TiledCopy::tmem(load.clone(), 0, 64).is_err());
    assert!(TiledCopy::tmem(atom("SM100_TMEM_LOAD_32dp32b4x", 64), 128, 64).is_err());
    // not a TMEM atom
    assert!(TiledCopy::tmem(atom("SM75_U32x4_LDSM_N", 16), 128, 64).is_err());
    for bad in [
        "SM100_TMEM_LOAD_32dp32b3x",
        "SM100_TMEM_LOAD_16dp256b64x",
        "SM100_TMEM_LOAD_8dp32b1x",
        "SM100_TMEM_STORE_16dp128b128x_16b",
        "SM100_TMEM_LOAD_32dp32b",
    ] {
        let err = CopyAtom::parse(bad, 32).unwrap_err();
        assert!(err.to_string().contains("32dp32b, 16dp32b"), "{bad}: {err}");
    }
    // the 32x32b load: thread t of warp w reads lane 32·w + t, a column per value
    let copy = TiledCopy::tmem(load, 128, 4).unwrap();
    assert_eq!(copy.tiler_text(), "((_4,_32):(_32,_1),_4:_1)");
    assert_eq!(
        copy.tv_d().to_string(),
        "((_32,_4),(_4,_1)):((_4,_1),(_128,_0))"
    );
}

/// A TMEM copy is drawn over the whole TMEM tensor, as partition_D cuts it: thread `32·w + i`
/// of a 32x32b load on lane `32·w + i`, fragment value `c` in column `c`; a 16-lane shape
/// covers each warp's quarter in two passes, its second in the fragment's rest mode.
#[test]
fn tmem_copies_are_drawn_over_lanes_and_columns() {
    let copy = |name: &str| TiledCopy::tmem(CopyAtom::parse(name, 32).unwrap(), 128, 64).unwrap();
    let [s, d] = crate::cute::copy_grids(&copy("SM100_TMEM_LOAD_32dp32b8x"), 1 << 20).unwrap();
    assert_eq!((d.rows(), d.cols()), (128, 64));
    for lane in 0..128 {
        for col in 0..64 {
            assert_eq!(
                d.owner_at(lane, col),
                Some((lane, col)),
                "lane {lane} col {col}"
            );
        }
    }
    // every thread of a warp sees TMEM whole: S's first owner is each warp's thread 0
    assert_eq!(s.owner_at(37, 5).map(|(t, _)| t), Some(32));
    let [_, d] = crate::cute::copy_grids(&copy("SM100_TMEM_LOAD_16dp256b1x"), 1 << 20).unwrap();
    assert_eq!((d.rows(), d.cols()), (128, 64));
    let mut per_thread = vec![0; 128];
    for lane in 0..128 {
        for col in 0..64 {
            let (t, _) = d
                .owner_at(lane, col)
                .unwrap_or_else(|| panic!("{lane} {col}"));
            assert_eq!(t / 32, lane / 32, "lane {lane}");
            per_thread[t as usize] += 1;
        }
    }
    assert!(per_thread.iter().all(|&n| n == 64), "{per_thread:?}");
}

/// `make_tmem_copy` over where a UMMA keeps C (`UMMA::tmem_frg`), as CUTLASS 4.2 compiled on
/// the host prints the copies: a pair's 64 rows a CTA ("2x2") and one CTA's 64 rows.
#[test]
fn tmem_copies_over_a_ummas_c_are_cutes() {
    use crate::cute::copy::umma_c_tmem;
    let cases = [
        (
            "SM100_TMEM_LOAD_32dp32b8x",
            2,
            "(_64,(_32,_2)):(_65536,(_1,_4194304))",
            "((_2,_32):(_32,_1),(_2,_8):(_32,_1))",
            "((_32,_2,_2),((_8,_32),_1)):((_0,_1,_64),((_128,_2),_0))",
            "((_32,_2,_2),(_8,_1)):((_2,_1,_64),(_128,_0))",
        ),
        (
            "SM100_TMEM_LOAD_16dp256b1x",
            2,
            "(_64,(_32,_2)):(_65536,(_1,_4194304))",
            "((_2,_16):(_32,_1),(_2,_8):(_32,_1))",
            "((_32,_2,_2),((_8,_16),_1)):((_0,_1,_32),((_64,_2),_0))",
            "((_4,_8,_2,_2),((_2,_2),_1)):((_128,_2,_1,_32),((_64,_16),_0))",
        ),
        (
            "SM100_TMEM_LOAD_16dp256b1x",
            1,
            "((_16,_4),_64):((_65536,_2097152),_1)",
            "((_4,_16):(_16,_1),_8:_1)",
            "((_32,_4),((_8,_16),_1)):((_0,_1),((_64,_4),_0))",
            "((_4,_8,_4),((_2,_2),_1)):((_128,_4,_1),((_64,_32),_0))",
        ),
        (
            "SM100_TMEM_LOAD_16dp64b2x",
            1,
            "((_16,_4),_64):((_65536,_2097152),_1)",
            "((_4,_16):(_16,_1),_4:_1)",
            "((_32,_4),((_4,_16),_1)):((_0,_1),((_64,_4),_0))",
            "((_4,_8,_4),(_2,_1)):((_32,_4,_1),(_128,_0))",
        ),
    ];
    for (atom, ctas, data, tiler, s_tv, d_tv) in cases {
        let layout = umma_c_tmem(64, 64, ctas, 32).unwrap();
        assert_eq!(layout.to_string(), data, "{atom} {ctas}");
        let copy = TiledCopy::tmem_over(CopyAtom::parse(atom, 32).unwrap(), &layout).unwrap();
        assert_eq!(copy.tiler_text(), tiler, "{atom} {ctas}");
        assert_eq!(copy.tv_s().to_string(), s_tv, "{atom} {ctas}");
        assert_eq!(copy.tv_d().to_string(), d_tv, "{atom} {ctas}");
    }
    // CuTe refuses a 32-lane atom over one CTA's 64 rows: a quarter holds 16 of them
    let quarter16 = umma_c_tmem(64, 64, 1, 32).unwrap();
    assert!(TiledCopy::tmem_over(
        CopyAtom::parse("SM100_TMEM_LOAD_32dp32b8x", 32).unwrap(),
        &quarter16
    )
    .is_err());
    // 128 rows a CTA: the plain tensor
    assert_eq!(
        umma_c_tmem(128, 64, 2, 32).unwrap().to_string(),
        "(_128,_64):(_65536,_1)"
    );
    assert!(umma_c_tmem(32, 64, 1, 32).is_err());
    assert!(umma_c_tmem(64, 63, 2, 32).is_err());
}

/// A TMEM copy drawn over tensor memory itself: lanes down, columns across.
#[test]
fn tmem_copies_are_drawn_over_tensor_memory_itself() {
    use crate::cute::copy::umma_c_tmem;
    let grids = |atom: &str, rows, ctas| {
        let data = umma_c_tmem(rows, 64, ctas, 32).unwrap();
        let copy = TiledCopy::tmem_over(CopyAtom::parse(atom, 32).unwrap(), &data).unwrap();
        let [s, d] = [true, false].map(|source| {
            let (tv, [lanes, columns]) = copy.tmem_tv(source).unwrap().unwrap();
            crate::cute::TvGrid::of("T", &tv, [lanes, columns], 1 << 20).unwrap()
        });
        (s, d)
    };
    // a pair's 64 rows: 128 lanes × 32 columns, thread t on lane t, warp w's thread 0 first on
    // the source side (every thread of a warp sees its lanes)
    let (s, d) = grids("SM100_TMEM_LOAD_32dp32b8x", 64, 2);
    assert_eq!((d.rows(), d.cols()), (128, 32));
    for lane in 0..128 {
        for column in 0..32 {
            assert_eq!(
                d.owner_at(lane, column).map(|(t, _)| t),
                Some(lane),
                "{lane} {column}"
            );
            assert_eq!(
                s.owner_at(lane, column).map(|(t, _)| t),
                Some(lane / 32 * 32)
            );
        }
    }
    // one CTA's 64 rows: lanes 16-31 of each quarter hold nothing
    let (_, d) = grids("SM100_TMEM_LOAD_16dp256b1x", 64, 1);
    assert_eq!((d.rows(), d.cols()), (128, 64));
    assert_eq!(d.owner_at(16, 0), None);
    assert_eq!(d.owner_at(47, 0).map(|(t, _)| t / 32), Some(1));
    let held = (0..128).flat_map(|l| (0..64).map(move |c| (l, c)));
    assert_eq!(
        held.filter(|&(l, c)| d.owner_at(l, c).is_some()).count(),
        64 * 64
    );
    // a copy that is no TMEM copy has no such picture
    let ld = TiledCopy::new(
        CopyAtom::parse("SM75_U32x4_LDSM_N", 16).unwrap(),
        &CppLayout::parse("(_32,_1):(_1,_0)").unwrap(),
        &CppLayout::parse("(_1,_8):(_0,_1)").unwrap(),
    )
    .unwrap();
    assert!(ld.tmem_tv(true).unwrap().is_none());
}

#[test]
fn tmem_cells_name_the_tensor_element_they_hold() {
    use crate::cute::copy::umma_c_tmem;
    let data = umma_c_tmem(64, 64, 2, 32).unwrap();
    let copy = TiledCopy::tmem_over(
        CopyAtom::parse("SM100_TMEM_LOAD_32dp32b8x", 32).unwrap(),
        &data,
    )
    .unwrap();
    let cells = copy.tmem_elements().unwrap().unwrap();
    assert_eq!(cells.len(), 128 * 32);
    // lane 101, column 8: C(37, 40)
    assert_eq!(cells[101 + 128 * 8], Some([37, 40]));
    assert_eq!(cells[5], Some([5, 0]));
    let one = umma_c_tmem(64, 64, 1, 32).unwrap();
    let copy = TiledCopy::tmem_over(
        CopyAtom::parse("SM100_TMEM_LOAD_16dp256b1x", 32).unwrap(),
        &one,
    )
    .unwrap();
    let cells = copy.tmem_elements().unwrap().unwrap();
    assert_eq!(cells[69 + 128 * 5], Some([37, 5]));
    assert_eq!(cells[16], None);
}
