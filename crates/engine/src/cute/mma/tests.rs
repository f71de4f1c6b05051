//! MMA atoms and tiled MMAs against CuTe C++'s own prints (CUTLASS 4.2, from
//! `../shared/vectors/cute_cpp_seed1.jsonl` and `scripts/differential`), and the laws every
//! TV layout obeys.

use super::*;
use crate::cute::CppInt;
use crate::cute::{CppTiler, Operand, TiledMma};

#[track_caller]
fn check(atom: &str, atom_layout: &str, expect: [&str; 3]) {
    let mma = TiledMma::new(
        MmaAtom::parse(atom).unwrap(),
        CppLayout::parse(atom_layout).unwrap(),
        Vec::new(),
    )
    .unwrap();
    let got = [Operand::A, Operand::B, Operand::C].map(|o| mma.tv(o).to_string());
    assert_eq!(got, expect, "{atom} over {atom_layout}");
}

#[test]
fn tv_layouts_print_as_cute_prints_them() {
    check(
        "SM80_16x8x16_F16F16F16F16_TN",
        "(_2,_2,_1)",
        [
            "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))",
            "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))",
            "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))",
        ],
    );
    check(
        "SM70_8x8x4_F32F16F16F32_NT",
        "(_2,_2,_1)",
        [
            "((_4,(_2,_2),_2),(_4,(_1,_1))):((_16,(_8,_0),_4),(_1,(_0,_0)))",
            "((_4,(_2,_2),_2),(_4,(_1,_1))):((_16,(_0,_8),_4),(_1,(_0,_0)))",
            "(((_2,_2),(_2,_2),_2),((_2,_2,_2),(_1,_1))):(((_1,_32),(_8,_128),_4),((_16,_2,_64),(_0,_0)))",
        ],
    );
    check(
        "SM90_64x64x16_F32F16F16_SS",
        "(_2,_2,_1)",
        [
            "((_128,_2,_2),((_64,_16),(_1,_1))):((_0,_64,_0),((_1,_128),(_0,_0)))",
            "((_256,_2),((_64,_16),(_1,_1))):((_0,_64),((_1,_128),(_0,_0)))",
            "((_4,_8,_8,_2),((_2,_2,_8),(_1,_1))):((_256,_1,_16,_8192),((_128,_8,_1024),(_0,_0)))",
        ],
    );
    check(
        "SM80_8x8x4_F64F64F64F64_TN",
        "(_2,_2,_1)",
        [
            "((_4,_16,_2),(_1,(_1,_1))):((_16,_1,_0),(_0,(_0,_0)))",
            "((_4,_8,_2,_2),(_1,(_1,_1))):((_16,_1,_0,_8),(_0,(_0,_0)))",
            "((_4,_16,_2),(_2,(_1,_1))):((_32,_1,_128),(_16,(_0,_0)))",
        ],
    );
}

#[test]
fn every_listed_atom_parses_and_its_layouts_fit_its_shape() {
    let names = MmaAtom::names();
    assert!(names.len() > 1000, "{} atoms", names.len());
    for name in names {
        let atom = MmaAtom::parse(&name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let [m, n, k] = atom.shape_mnk();
        let threads = atom.thr_id().size().unwrap().value();
        for (layout, cells) in [
            (atom.layout_a(), m * k),
            (atom.layout_b(), n * k),
            (atom.layout_c(), m * n),
        ] {
            assert_eq!(layout.mode_size(0).unwrap().value(), threads, "{name}");
            assert_eq!(layout.cosize().unwrap().value(), cells, "{name} {layout}");
        }
    }
}

#[test]
fn unknown_atoms_and_bad_gmma_are_errors() {
    for bad in [
        "",
        "SM80_16x8x16_F16",
        "SM90_64x260x16_F16F16F16_SS",
        "SM90_64x24x32_S32S8S8_SS_TN_SATURATE<K,MN>",
        "SM90_64x64x16_F16F16F16_RS<GMMA::Major::MN,GMMA::Major::K>",
        "SM90_64x20x32_S32S8S8_SS_TN",
        "SM90_64x64x16_F16F16F16_SS<K",
    ] {
        assert!(MmaAtom::parse(bad).is_err(), "{bad}");
    }
    let mn = MmaAtom::parse("SM90_64x64x16_F16F16F16_SS<GMMA::Major::MN,GMMA::Major::K>").unwrap();
    assert_eq!(mn.majors(), Some((Major::Mn, Major::K)));
}

/// Every element of C is owned by exactly one (thread, value) when the atom is not copied
/// along K; A and B are covered.
#[test]
fn c_is_partitioned_and_a_b_covered_for_every_family() {
    let layouts = [
        "(_1,_1,_1)",
        "(_2,_2,_1)",
        "(_2,_2,_1):(_2,_1,_0)",
        "(_1,_2,_2)",
    ];
    let atoms = [
        "SM70_8x8x4_F16F16F16F16_TN",
        "SM75_16x8x8_F32F16F16F32_TN",
        "SM80_16x8x8_F32TF32TF32F32_TN",
        "SM80_16x8x32_S32S8S8S32_TN",
        "SM89_16x8x32_F32E4M3E5M2F32_TN",
        "SM90_64x24x32_F32E4M3E4M3_RS_TN",
        "SM90_64x256x16_F16F16F16_SS",
    ];
    for atom in atoms {
        for layout in layouts {
            let mma = TiledMma::new(
                MmaAtom::parse(atom).unwrap(),
                CppLayout::parse(layout).unwrap(),
                Vec::new(),
            )
            .unwrap();
            let k_copies = mma.atom_layout().mode_size(2).unwrap().value() as usize;
            // Volta's quad pairs leave threads out (ThrID `(_4,_2):(_1,_16)`): the TV layout
            // gives those the same elements as the threads that take part
            let taking_part: std::collections::BTreeSet<i64> = mma
                .thr_layout_vmnk()
                .to_layout()
                .unwrap()
                .values(1 << 20)
                .unwrap()
                .into_iter()
                .collect();
            // with K-copies, CuTe's C layout may send a copy's threads past the tile (Volta's
            // quad pairs do): each element is held once per K-copy at most, once at least
            let c = mma.owners(Operand::C, 1 << 22).unwrap();
            for owners in &c {
                let holders = owners
                    .iter()
                    .filter(|(t, _)| taking_part.contains(t))
                    .count();
                let ok = if k_copies == 1 {
                    holders == 1
                } else {
                    (1..=k_copies).contains(&holders)
                };
                assert!(ok, "{atom} {layout}: {holders} holders");
            }
            for operand in [Operand::A, Operand::B] {
                let owners = mma.owners(operand, 1 << 22).unwrap();
                assert!(owners.iter().all(|o| !o.is_empty()), "{atom} {layout}");
            }
        }
    }
}

#[test]
fn permutations_set_the_tile() {
    let mma = TiledMma::new(
        MmaAtom::parse("SM80_16x8x16_F16F16F16F16_TN").unwrap(),
        CppLayout::parse("(_2,_2,_1)").unwrap(),
        vec![
            CppTiler::Int(CppInt::fixed(32)),
            CppTiler::Int(CppInt::fixed(32)),
        ],
    )
    .unwrap();
    assert_eq!(mma.tile_mnk(), [32, 32, 16]);
    let c = mma.owners(Operand::C, 1 << 20).unwrap();
    assert!(c.iter().all(|o| o.len() == 1));
    assert!(TiledMma::new(
        MmaAtom::parse("SM80_16x8x16_F16F16F16F16_TN").unwrap(),
        CppLayout::parse("(_1,_1,_1,_1)").unwrap(),
        Vec::new(),
    )
    .is_err());
}

#[test]
fn atom_layouts_parse_as_the_vectors_write_them() {
    for (text, expect) in [
        ("2x2x1", "(_2,_2,_1):(_1,_2,_0)"),
        ("2x2x1-rowmajor", "(_2,_2,_1):(_2,_1,_0)"),
        ("4x2", "(_4,_2):(_1,_4)"),
        ("(_2,_2,_1):(_2,_1,_0)", "(_2,_2,_1):(_2,_1,_0)"),
    ] {
        assert_eq!(
            parse_atom_layout(text).unwrap().to_string(),
            expect,
            "{text}"
        );
    }
    for bad in ["", "2x0x1", "2x2x2x2", "axb", "2x2x1-colmajor"] {
        assert!(parse_atom_layout(bad).is_err(), "{bad}");
    }
}

#[test]
fn owners_at_inverts_the_tv_layout() {
    let mma = TiledMma::new(
        MmaAtom::parse("SM80_16x8x16_F16F16F16F16_TN").unwrap(),
        parse_atom_layout("2x2x1").unwrap(),
        Vec::new(),
    )
    .unwrap();
    // the PTX fragment figure: C(0,0) is thread 0's c0, C(8,1) thread 1's c3... of warp 0
    assert_eq!(
        mma.owners_at(Operand::C, 0, 0, 1 << 20).unwrap(),
        vec![(0, 0)]
    );
    assert_eq!(
        mma.owners_at(Operand::C, 8, 1, 1 << 20).unwrap(),
        vec![(0, 3)]
    );
    let all = mma.owners(Operand::A, 1 << 20).unwrap();
    let [m, _, _] = mma.tile_mnk();
    for (row, col) in [(0, 0), (5, 9), (31, 15)] {
        let one = mma.owners_at(Operand::A, row, col, 1 << 20).unwrap();
        assert_eq!(one, all[(row + m * col) as usize]);
        // A is shared by the two warps along N
        assert_eq!(one.len(), 2);
    }
    assert!(mma.owners_at(Operand::A, 32, 0, 1 << 20).is_err());
    assert!(mma.owners_at(Operand::B, 0, -1, 1 << 20).is_err());
}

/// Odd atom layouts and permutations are errors or layouts, never a panic.
#[test]
fn bad_tilings_do_not_panic() {
    let layouts = [
        "(_0,_1,_1)",
        "(_2,_2,_1):(_0,_0,_0)",
        "(_2,_2,_1):(_-1,_2,_0)",
        "(2,2,1)",
        "(_2,_2,_1):(2,1,0)",
        "(_1000000000,_1000000000,_1000000000)",
        "_3",
        "((_2,_2),_1,_1)",
    ];
    let perms = [
        vec![],
        vec![CppTiler::Int(CppInt::fixed(0))],
        vec![CppTiler::Int(CppInt::fixed(-8))],
        vec![
            CppTiler::Int(CppInt::fixed(24)),
            CppTiler::Int(CppInt::fixed(7)),
        ],
        vec![CppTiler::Layout(
            CppLayout::parse("(_4,_4):(_4,_1)").unwrap(),
        )],
        vec![CppTiler::Underscore; 4],
    ];
    for atom in ["SM80_16x8x16_F16F16F16F16_TN", "SM70_8x8x4_F32F16F16F32_NT"] {
        for layout in layouts {
            for perm in &perms {
                let Ok(l) = CppLayout::parse(layout) else {
                    continue;
                };
                if let Ok(mma) = TiledMma::new(MmaAtom::parse(atom).unwrap(), l, perm.clone()) {
                    for operand in [Operand::A, Operand::B, Operand::C] {
                        let _ = mma.owners(operand, 1 << 16);
                        let _ = mma.owners_at(operand, 0, 0, 1 << 16);
                    }
                }
            }
        }
    }
}

#[test]
fn element_widths_and_register_operands_are_read_from_the_name() {
    let bits = |name: &str| MmaAtom::parse(name).unwrap().element_bits();
    assert_eq!(bits("SM80_16x8x16_F16F16F16F16_TN"), Some([16, 16, 16]));
    assert_eq!(bits("SM80_16x8x16_F32BF16BF16F32_TN"), Some([16, 16, 32]));
    assert_eq!(bits("SM80_16x8x8_F32TF32TF32F32_TN"), Some([32, 32, 32]));
    assert_eq!(bits("SM80_16x8x32_S32S8S8S32_TN"), Some([8, 8, 32]));
    assert_eq!(bits("SM80_8x8x4_F64F64F64F64_TN"), Some([64, 64, 64]));
    assert_eq!(bits("SM90_64x128x16_F32F16F16_SS"), Some([16, 16, 32]));
    assert_eq!(bits("SM90_64x64x32_F32E4M3E5M2_SS_TN"), Some([8, 8, 32]));
    // every atom's name spells its types, and every width is one CuTe has
    for name in MmaAtom::names() {
        let widths = bits(&name).unwrap_or_else(|| panic!("{name}"));
        assert!(
            widths
                .iter()
                .all(|b| [1, 4, 8, 16, 32, 64, 128].contains(b)),
            "{name}"
        );
    }
    let atom = |name: &str| MmaAtom::parse(name).unwrap();
    let sm80 = atom("SM80_16x8x16_F16F16F16F16_TN");
    assert!([Operand::A, Operand::B, Operand::C]
        .iter()
        .all(|&o| sm80.in_registers(o)));
    let ss = atom("SM90_64x128x16_F32F16F16_SS");
    assert!(!ss.in_registers(Operand::A) && !ss.in_registers(Operand::B));
    let rs = atom("SM90_64x128x16_F32F16F16_RS");
    assert!(
        rs.in_registers(Operand::A) && !rs.in_registers(Operand::B) && rs.in_registers(Operand::C)
    );
}
