//! Copy atoms and tiled copies against CuTe C++'s prints (CUTLASS 4.2), and the checks CuTe
//! does not make.

use super::*;
use crate::cute::{copy_warnings, mma_warnings, MmaAtom, Operand, TiledMma, TvWarning};

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
