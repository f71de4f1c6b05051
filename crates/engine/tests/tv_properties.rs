//! Tiled MMAs and copies by their laws on generated atom layouts (`PROPTEST_CASES` overrides the
//! case count; 256 by default): the tile is the atom's times the layout's, C is partitioned
//! among the threads, A and B are covered, and a copy made for the MMA's C hands each thread its
//! own fragment. Their shapes and values are checked against C++ itself by the shared vectors
//! and `scripts/differential` (`gen_tv.cpp`).
#![cfg(not(target_arch = "wasm32"))]

use testkit::cases;

use std::collections::BTreeSet;

use layout_lab_engine::cute::{
    copy_warnings, CopyAtom, CppInt, CppLayout, CppTuple, MmaAtom, Operand, TiledCopy, TiledMma,
};
use proptest::prelude::*;

const LIMIT: usize = 1 << 22;
/// TV layouts past this many pairs are left out (GMMA's shared-memory A and B over many copies):
/// the laws are the same, the enumeration only slower.
const CHECKED: i64 = 1 << 17;

/// One atom per layout family (Volta's quad pairs apart: their idle threads alias).
const ATOMS: &[&str] = &[
    "SM75_16x8x8_F32F16F16F32_TN",
    "SM75_8x8x16_S32S8S8S32_TN",
    "SM80_16x8x8_F16F16F16F16_TN",
    "SM80_16x8x16_F32BF16BF16F32_TN",
    "SM80_16x8x4_F32TF32TF32F32_TN",
    "SM80_16x8x8_F32TF32TF32F32_TN",
    "SM80_8x8x4_F64F64F64F64_TN",
    "SM80_8x8x16_S32U8S8S32_TN",
    "SM80_16x8x16_S32S8S8S32_TN",
    "SM80_16x8x32_S32S8U8S32_TN_SATURATE",
    "SM89_16x8x32_F16E5M2E5M2F16_TN",
    "SM90_64x8x16_F16F16F16_SS",
    "SM90_64x32x16_F32BF16BF16_RS",
    "SM90_64x16x8_F32TF32TF32_SS_TN",
    "SM90_64x24x32_F32E4M3E5M2_RS_TN",
    "SM90_64x48x32_S32U8U8_SS_TN",
];

/// An atom layout `(m,n,k)`, `m, n` in 1, 2, 4 and `k` in 1, 2, with compact strides in any
/// order of the modes (`_0` for a `_1` mode).
fn atom_layout() -> impl Strategy<Value = CppLayout> {
    let sizes = (0u32..=2, 0u32..=2, 0u32..=1);
    let order = Just([0usize, 1, 2]).prop_shuffle();
    (sizes, order).prop_map(|((m, n, k), order)| {
        let shape = [1i64 << m, 1 << n, 1 << k];
        let mut stride = [0i64; 3];
        let mut running = 1;
        for &mode in &order {
            if shape[mode] > 1 {
                stride[mode] = running;
                running *= shape[mode];
            }
        }
        let tuple =
            |v: [i64; 3]| CppTuple::Tuple(v.map(|x| CppTuple::Int(CppInt::fixed(x))).to_vec());
        CppLayout::new(tuple(shape), tuple(stride)).unwrap()
    })
}

fn image(tv: &CppLayout) -> Vec<i64> {
    tv.to_layout().unwrap().values(LIMIT).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn tiles_threads_and_ownership(atom in prop::sample::select(ATOMS), layout in atom_layout()) {
        let atom = MmaAtom::parse(atom).unwrap();
        let mma = TiledMma::new(atom.clone(), layout.clone(), Vec::new()).unwrap();
        let copies: Vec<i64> = (0..3).map(|i| layout.mode_size(i).unwrap().value()).collect();
        let expected: Vec<i64> = atom.shape_mnk().iter().zip(&copies).map(|(a, c)| a * c).collect();
        prop_assert_eq!(mma.tile_mnk().to_vec(), expected);
        let threads = atom.thr_id().size().unwrap().value() * copies.iter().product::<i64>();
        prop_assert_eq!(mma.threads().unwrap(), threads);
        for operand in [Operand::A, Operand::B, Operand::C] {
            let tv = mma.tv(operand);
            prop_assert_eq!(tv.mode_size(0).unwrap().value(), threads);
            if tv.size().unwrap().value() > CHECKED {
                continue;
            }
            let [rows, cols] = mma.operand_tile(operand);
            let values = image(tv);
            let in_tile: BTreeSet<i64> = values
                .iter()
                .copied()
                .filter(|v| (0..rows * cols).contains(v))
                .collect();
            prop_assert_eq!(in_tile.len() as i64, rows * cols);
            // the threads of a K-copy reach past C's tile (CuTe's own C layout does)
            if operand != Operand::C || copies[2] == 1 {
                prop_assert_eq!(in_tile.len(), values.iter().collect::<BTreeSet<_>>().len());
            }
            if operand == Operand::C && copies[2] == 1 {
                // each element once: C's TV layout is a bijection
                prop_assert_eq!(values.len() as i64, rows * cols);
            }
        }
        if copies[2] == 1 && mma.tv_c().size().unwrap().value() <= CHECKED {
            let copy = TiledCopy::for_mma(
                CopyAtom::parse("UniversalCopy<uint32_t>", 16).unwrap(),
                &mma,
                Operand::C,
            );
            if let Ok(copy) = copy {
                let warnings = copy_warnings(&copy, Some((&mma, Operand::C)), LIMIT).unwrap();
                prop_assert!(warnings.is_empty(), "{:?}", warnings);
            }
        }
    }
}
