use super::*;

#[track_caller]
fn bases(layout: &LinearLayout, name: &str) -> Vec<Vec<u32>> {
    layout.bases_of(name).unwrap_or_default().to_vec()
}

#[test]
fn a_32x32b_load_of_a_128_row_tile_gives_a_lane_a_row() {
    // triton_hw_seed1: 32-bit, 128x64 in 128x64 blocks, 4 warps: lane l reads row l, warp w
    // rows 32w.., each register a column
    let tile = TmemTile::new(32, [128, 64], [128, 64], 1).unwrap();
    let ll = tile.reg_layout(4, TmemVariant::I32x32b).unwrap();
    let columns: Vec<Vec<u32>> = (0..6).map(|k| vec![0, 1 << k]).collect();
    assert_eq!(bases(&ll, "register"), columns);
    let rows: Vec<Vec<u32>> = (0..5).map(|k| vec![1 << k, 0]).collect();
    assert_eq!(bases(&ll, "lane"), rows);
    assert_eq!(bases(&ll, "warp"), [[32, 0], [64, 0]]);
    assert_eq!(ll.bases_of("block"), Some(&[][..]));
    assert!(ll.is_injective() && ll.is_surjective());
}

#[test]
fn the_reference_cases_hold() {
    // thw-1-0: 16x128b, 32-bit, 64x32 in 64x8 blocks, 16 warps
    let tile = TmemTile::new(32, [64, 32], [64, 8], 1).unwrap();
    let ll = tile.reg_layout(16, TmemVariant::I16x128b).unwrap();
    assert_eq!(bases(&ll, "register"), [[8, 0], [0, 4]]);
    assert_eq!(bases(&ll, "lane"), [[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]]);
    assert_eq!(bases(&ll, "warp"), [[16, 0], [32, 0], [0, 8], [0, 16]]);
}

#[test]
fn tiles_and_loads_triton_refuses_are_refused() {
    assert!(
        TmemTile::new(32, [128, 64], [32, 64], 1).is_err(),
        "blockM 32"
    );
    assert!(
        TmemTile::new(32, [128, 64], [128, 48], 1).is_err(),
        "blockN 48"
    );
    assert!(
        TmemTile::new(32, [128, 64], [128, 64], 2).is_err(),
        "32 bits x 2"
    );
    assert!(
        TmemTile::new(16, [128, 64], [128, 64], 4).is_err(),
        "16 bits x 4"
    );
    assert!(
        TmemTile::new(32, [64, 64], [128, 64], 1).is_err(),
        "smaller than its block"
    );
    assert!(
        TmemTile::new(32, [128, 96], [128, 32], 1).is_err(),
        "N not a power of two"
    );
    assert!(
        TmemTile::new(32, [128, 1024], [128, 512], 1).is_err(),
        "1024 columns"
    );
    assert!(TmemTile::new(12, [128, 64], [128, 64], 1).is_err());
    let tile = TmemTile::new(32, [128, 64], [128, 64], 1).unwrap();
    assert!(tile.reg_layout(2, TmemVariant::I32x32b).is_err());
    assert!(tile.reg_layout(6, TmemVariant::I32x32b).is_err());
    assert_eq!(TmemVariant::parse("16x256b"), Some(TmemVariant::I16x256b));
    assert_eq!(TmemVariant::parse("16x32bx2"), None);
    for v in TmemVariant::ALL {
        assert_eq!(TmemVariant::parse(v.name()), Some(v));
    }
}

#[test]
fn no_tile_or_load_panics_and_every_load_covers_its_tensor() {
    let mut loads = 0;
    for bits in [8, 16, 32, 64] {
        for bm in [32, 64, 128] {
            for bn in [1, 8, 64, 256, 512] {
                for (m, n) in [(64, 8), (128, 64), (256, 256), (128, 1024), (96, 64)] {
                    for col_stride in [1, 2, 4] {
                        let Ok(tile) = TmemTile::new(bits, [m, n], [bm, bn], col_stride) else {
                            continue;
                        };
                        for warps in [2, 4, 8, 16, 32] {
                            for variant in TmemVariant::ALL {
                                let Ok(ll) = tile.reg_layout(warps, variant) else {
                                    continue;
                                };
                                loads += 1;
                                let sizes: Vec<u32> =
                                    ll.out_dims_with_sizes().iter().map(|(_, s)| *s).collect();
                                assert_eq!(sizes, [m, n], "{tile:?} {warps} {variant:?}");
                                assert!(ll.is_surjective(), "{tile:?} {warps} {variant:?}");
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(loads > 100, "{loads} loads");
}

#[test]
fn a_one_column_half_tile_loads_as_32_bit() {
    // Triton 3.6 gives f16 [128, 1] a layout (a lane a row) rather than asserting
    let tile = TmemTile::new(16, [128, 1], [128, 1], 1).unwrap();
    let ll = tile.reg_layout(4, TmemVariant::I32x32b).unwrap();
    assert_eq!(bases(&ll, "register"), [] as [Vec<u32>; 0]);
    assert_eq!(bases(&ll, "lane").len(), 5);
    assert_eq!(bases(&ll, "warp"), [[32, 0], [64, 0]]);
}

/// CuTe's make_tmem_copy and Triton's get_tmem_reg_layout of the same access shape over the
/// same 128-lane tensor: the findings, pinned. 32x32b: the same layout, owner for owner and
/// register for register, whatever the repetition (thread t on lane t, register c on column
/// c). The 16-lane shapes: the same thread holds each element, its registers in another
/// order.
#[test]
fn cute_and_triton_tcgen05_ld_agree_owner_for_owner() {
    use crate::cute::{CopyAtom, TiledCopy};
    let compare = |atom: &str, bits: i64, columns: i64| {
        let copy = TiledCopy::tmem(CopyAtom::parse(atom, bits).unwrap(), 128, columns).unwrap();
        compare_tmem_copy_with_triton(&copy).unwrap_or_else(|e| panic!("{atom}: {e}"))
    };
    for atom in [
        "SM100_TMEM_LOAD_32dp32b1x",
        "SM100_TMEM_LOAD_32dp32b8x",
        "SM100_TMEM_STORE_32dp32b32x",
    ] {
        let c = compare(atom, 32, 64);
        assert!(c.lanes_agree && c.warps_agree, "{atom}: {c:?}");
        let identity: Vec<u32> = (0..64).collect();
        assert_eq!(
            c.register_permutation.as_deref(),
            Some(&identity[..]),
            "{atom}"
        );
    }
    // the 16-lane shapes read a warp's 32 lanes in two passes of 16: CuTe numbers a pass's
    // columns (2, 2 or 4 registers of an instruction) then the other pass's, Triton all of
    // a pass's columns first (its register 32 is the second pass)
    for (atom, run) in [
        ("SM100_TMEM_LOAD_16dp64b2x", 2),
        ("SM100_TMEM_LOAD_16dp128b1x", 2),
        ("SM100_TMEM_LOAD_16dp256b1x", 4),
    ] {
        let c = compare(atom, 32, 64);
        assert!(c.lanes_agree && c.warps_agree, "{atom}: {c:?}");
        let registers = c.register_permutation.unwrap_or_else(|| panic!("{atom}"));
        let expected: Vec<u32> = (0..64)
            .map(|r| {
                let (group, within) = (r / run, r % run);
                (group / 2) * run + within + 32 * (group % 2)
            })
            .collect();
        assert_eq!(registers, expected, "{atom}");
    }
    // Triton has no 16x32bx2
    let copy = TiledCopy::tmem(
        CopyAtom::parse("SM100_TMEM_LOAD_16dp32b1x", 32).unwrap(),
        128,
        64,
    )
    .unwrap();
    assert!(compare_tmem_copy_with_triton(&copy).is_err());
}

/// Where a UMMA's accumulator element sits in TMEM: a 128-row block on lane = row; a 64-row
/// block on lanes 0–15, 32–47, 64–79 and 96–111 (Triton's tensorMemoryToLinearLayout).
#[test]
fn tmem_positions_of_64_and_128_row_blocks() {
    let tile = |m| TmemTile::new(32, [m, 64], [m, 64], 1).unwrap();
    assert_eq!(tile(128).position([37, 5]).unwrap(), [37, 5]);
    for (row, lane) in [(0, 0), (15, 15), (16, 32), (31, 47), (37, 69), (63, 111)] {
        assert_eq!(tile(64).position([row, 3]).unwrap(), [lane, 3], "row {row}");
    }
    assert!(tile(64).position([64, 0]).is_err());
}

fn powers(count: u32, dim: usize) -> Vec<Vec<u32>> {
    (0..count)
        .map(|k| {
            let mut basis = vec![0, 0];
            basis[dim] = 1 << k;
            basis
        })
        .collect()
}

#[track_caller]
fn tmem(
    block: [u32; 2],
    stride: u32,
    split: [u32; 2],
    pair: bool,
    shape: [u32; 2],
) -> LinearLayout {
    TensorMemoryEncoding::new(block, stride, split, pair)
        .unwrap()
        .to_linear_layout(&shape)
        .unwrap()
}

#[test]
fn one_ctas_tensor_memory_is_a_lane_a_row_and_a_column_a_column() {
    // all of one SM's tensor memory: 128 lanes × 512 columns of 32-bit elements
    let whole = tmem([128, 512], 1, [1, 1], false, [128, 512]);
    assert_eq!(bases(&whole, "row"), powers(7, 0));
    assert_eq!(bases(&whole, "col"), powers(9, 1));
    assert!(whole.is_injective() && whole.is_surjective());
    // 16-bit elements unpacked: every other column is empty
    let unpacked = tmem([128, 32], 2, [1, 1], false, [128, 32]);
    let mut columns = vec![vec![0, 0]];
    columns.extend(powers(5, 1));
    assert_eq!(bases(&unpacked, "col"), columns);
    // 64-row blocks: rows 16 apart sit 32 lanes apart; lanes 16-31 hold nothing
    let half = tmem([64, 64], 1, [1, 1], false, [64, 64]);
    let mut rows = powers(4, 0);
    rows.extend([vec![0, 0], vec![16, 0], vec![32, 0]]);
    assert_eq!(bases(&half, "row"), rows);
    // ... or the next 64 rows when the tensor has them
    let taller = tmem([64, 64], 1, [1, 1], false, [128, 64]);
    assert_eq!(bases(&taller, "row")[4], [64, 0]);
    // a tensor wider than the block: more columns
    let wide = tmem([128, 64], 1, [1, 1], false, [128, 256]);
    assert_eq!(bases(&wide, "col"), powers(8, 1));
}

#[test]
fn cta_splits_add_the_other_ctas_columns_as_triton_models_them() {
    // N split in two: the last column basis is N's second half
    let split_n = tmem([128, 64], 1, [1, 2], false, [128, 128]);
    assert_eq!(bases(&split_n, "col"), powers(7, 1));
    assert_eq!(bases(&split_n, "row"), powers(7, 0));
    // M split in two: the last column basis is M's second half
    let split_m = tmem([128, 64], 1, [2, 1], false, [256, 64]);
    let mut columns = powers(6, 1);
    columns.push(vec![128, 0]);
    assert_eq!(bases(&split_m, "col"), columns);
    // a pair's 64-row blocks: laid out as 128 rows, then the last row and column swapped
    let pair = tmem([64, 32], 1, [2, 1], true, [128, 32]);
    let mut rows = powers(6, 0);
    rows.push(vec![0, 16]);
    let mut columns = powers(4, 1);
    columns.push(vec![64, 0]);
    assert_eq!((bases(&pair, "row"), bases(&pair, "col")), (rows, columns));
    assert!(pair.is_injective() && pair.is_surjective());
    // both splits: N outermost
    let both = tmem([128, 32], 2, [2, 2], false, [256, 64]);
    let last_two: Vec<Vec<u32>> = bases(&both, "col").iter().rev().take(2).cloned().collect();
    assert_eq!(last_two, [[0, 32], [128, 0]]);
}

#[test]
fn tensor_memory_smaller_than_a_block_per_cta_is_refused() {
    let refused = |block, split, shape: &[u32]| {
        TensorMemoryEncoding::new(block, 1, split, false)
            .unwrap()
            .to_linear_layout(shape)
            .is_err()
    };
    assert!(refused([128, 64], [1, 1], &[64, 64]));
    assert!(refused([128, 64], [2, 1], &[128, 64]));
    assert!(refused([128, 64], [1, 1], &[128, 64, 1]));
    assert!(
        !refused([128, 64], [1, 1], &[128, 32]),
        "blockN is cut to N"
    );
}

/// Where CuTe's `UMMA::tmem_frg<float, uint32_t, N_SM>::make(((M, 64), 1, 1))` puts C
/// elements (printed by CUTLASS 4.2 compiled on the host: address >> 16 is the lane, the low
/// half the column), and Triton's layout of the same accumulator: one CTA's 64 rows in lanes
/// 32 apart every 16 rows; a pair's 64 rows a CTA in its "2x2" layout, N's second half on
/// lanes 64-127 (`twoCTAs`).
#[test]
fn tmem_places_agree_with_cutes_tmem_frg() {
    let place = |block_m, split, pair, shape: [u32; 2], at| {
        let p = TensorMemoryEncoding::new([block_m, 64], 1, split, pair)
            .unwrap()
            .place(&shape, at)
            .unwrap();
        (p.lane, p.column, p.cta)
    };
    // tmem_frg_2sm, M_MMA = 64
    for (at, lane, column) in [
        ([37, 5], 37, 5),
        ([37, 40], 101, 8),
        ([0, 32], 64, 0),
        ([63, 63], 127, 31),
        ([16, 0], 16, 0),
    ] {
        assert_eq!(
            place(64, [2, 1], true, [128, 64], at),
            (lane, column, 0),
            "{at:?}"
        );
    }
    // ... the second CTA's rows, in its own tensor memory
    assert_eq!(place(64, [2, 1], true, [128, 64], [101, 40]), (101, 8, 1));
    // tmem_frg_1sm, M_MMA = 64
    for (at, lane, column) in [
        ([37, 5], 69, 5),
        ([37, 40], 69, 40),
        ([63, 63], 111, 63),
        ([16, 0], 32, 0),
        ([15, 0], 15, 0),
    ] {
        assert_eq!(
            place(64, [1, 1], false, [64, 64], at),
            (lane, column, 0),
            "{at:?}"
        );
    }
    // M_MMA = 128, one CTA or each of a pair's: lane = row
    assert_eq!(place(128, [1, 1], false, [128, 64], [37, 40]), (37, 40, 0));
    assert_eq!(place(128, [2, 1], true, [256, 64], [165, 40]), (37, 40, 1));
}

/// The same comparison over where a UMMA keeps C with 64 rows a CTA: Triton's layouts for one
/// CTA's 64-row block and for a pair's "2x2" (`twoCTAs`) place C as CuTe's `tmem_frg` does,
/// so each element has the same thread in both.
#[test]
fn cute_and_triton_agree_over_a_ummas_64_row_c() {
    use crate::cute::copy::umma_c_tmem;
    use crate::cute::{CopyAtom, TiledCopy};
    for (atom, ctas) in [
        ("SM100_TMEM_LOAD_16dp256b1x", 1),
        ("SM100_TMEM_LOAD_16dp64b2x", 1),
        ("SM100_TMEM_LOAD_32dp32b8x", 2),
        ("SM100_TMEM_LOAD_16dp256b1x", 2),
    ] {
        let data = umma_c_tmem(64, 64, ctas, 32).unwrap();
        let copy = TiledCopy::tmem_over(CopyAtom::parse(atom, 32).unwrap(), &data).unwrap();
        let c = compare_tmem_copy_with_triton(&copy).unwrap_or_else(|e| panic!("{atom}: {e}"));
        assert!(c.lanes_agree && c.warps_agree, "{atom} {ctas}: {c:?}");
    }
    // Triton's layout of the 2x2 tensor memory: N's second half on lanes 64-127
    let data = umma_c_tmem(64, 64, 2, 32).unwrap();
    let copy = TiledCopy::tmem_over(
        CopyAtom::parse("SM100_TMEM_LOAD_32dp32b8x", 32).unwrap(),
        &data,
    )
    .unwrap();
    let triton = triton_tmem_reg_layout(&copy).unwrap();
    // thread 100 = warp 3, lane 4: lane 100 of TMEM, row 36 of C's second half
    let at = triton
        .apply(&[("register", 0), ("lane", 4), ("warp", 3), ("block", 0)])
        .unwrap();
    assert_eq!(at, [("dim0".to_string(), 36), ("dim1".to_string(), 32)]);
}
