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
