//! Hopper: CuTe's SM90 GMMA tiled MMAs next to Triton's `#ttg.nvidia_mma` version 3 (C) and
//! `#ttg.dot_op` of a version-3 parent (A in registers, the `RS` atoms).
//!
//! Findings, pinned below: with CuTe's default atom layout (warpgroups M first, the layout's
//! column-major strides) C and A are Triton's layouts base for base, for every N and warpgroup
//! grid; Triton numbers Hopper warps column-major (M first), where for `mma.sync` it goes
//! N first. Two renumberings remain: an atom layout with N first swaps the warp bits of the
//! M and N warpgroups, and a tile repeated along both M and N (a permutation tile larger than
//! the atoms) orders the repeat registers M then N in CuTe, N then M in Triton.

use super::*;
use crate::cute::{CppLayout, CppTiler, MmaAtom};
use crate::linear::{DotOperand, NvidiaMma, TritonLayout};

fn tiled(atom: &str, atom_layout: &str, permutation: &[&str]) -> TiledMma {
    TiledMma::new(
        MmaAtom::parse(atom).unwrap(),
        CppLayout::parse(atom_layout).unwrap(),
        permutation
            .iter()
            .map(|p| CppTiler::parse(p).unwrap())
            .collect(),
    )
    .unwrap()
}

fn mma_v3(warps: [u32; 2], n: u32, k: u32) -> NvidiaMma {
    NvidiaMma::new(3, 0, warps.to_vec(), vec![16, n, k]).unwrap()
}

fn identity(bits: usize) -> Vec<u32> {
    (0..1u32 << bits).collect()
}

/// `x` with bits `a` and `b` exchanged.
fn swap_bits(x: u32, a: u32, b: u32) -> u32 {
    let (bit_a, bit_b) = (x >> a & 1, x >> b & 1);
    x & !(1 << a | 1 << b) | bit_a << b | bit_b << a
}

/// CuTe's atom layouts with warpgroups M first, and the `warpsPerCTA` Triton gives the same
/// warps (4 per warpgroup along M).
const WARPGROUPS: [(&str, [u32; 2]); 5] = [
    ("(_1,_1,_1)", [4, 1]),
    ("(_2,_1,_1)", [8, 1]),
    ("(_1,_2,_1)", [4, 2]),
    ("(_2,_2,_1)", [8, 2]),
    ("(_4,_1,_1)", [16, 1]),
];

#[test]
fn sm90_c_is_triton_mma_v3_base_for_base_for_every_n_and_warpgroup_grid() {
    for (atom_layout, warps) in WARPGROUPS {
        for n in [8u32, 16, 32, 64, 128, 256] {
            for (types, k, suffix) in [("F32F16F16", 16, "_SS"), ("F32TF32TF32", 8, "_RS_TN")] {
                let atom = format!("SM90_64x{n}x{k}_{types}{suffix}");
                let mma = tiled(&atom, atom_layout, &[]);
                let triton = TritonLayout::NvidiaMma(mma_v3(warps, n, k));
                let cute = tiled_mma_to_linear(&mma, Operand::C).unwrap();
                let shape = [64 * warps[0] / 4, n * warps[1]];
                assert_eq!(
                    cute,
                    triton.to_linear_layout(&shape).unwrap(),
                    "{atom} {atom_layout}"
                );
                let comparison = compare_with_triton(&mma, Operand::C, &triton).unwrap();
                assert!(comparison.lanes_agree && comparison.warps_agree);
                let warp_bits = (warps[0] * warps[1]).trailing_zeros() as usize;
                assert_eq!(comparison.warp_permutation, Some(identity(warp_bits)));
                // n/2 values per thread: registers n+1, m+8, then n+8, n+16, ...
                let register_bits = (n / 2).trailing_zeros() as usize;
                assert_eq!(
                    comparison.register_permutation,
                    Some(identity(register_bits))
                );
            }
        }
    }
}

#[test]
fn sm90_c_is_the_ptx_wgmma_accumulator_fragment() {
    let mma = tiled("SM90_64x64x16_F32F16F16_SS", "(_1,_1,_1)", &[]);
    let triton = TritonLayout::NvidiaMma(mma_v3([4, 1], 64, 16));
    let comparison = compare_with_triton(&mma, Operand::C, &triton).unwrap();
    assert_eq!(comparison.elements.len(), 64 * 64);
    // PTX wgmma .m64nNk16 D fragment: d_i of thread t (warp w, lane l) is
    // (row 16·w + l/4 + 8·((i/2)%2), col 2·(l%4) + i%2 + 8·(i/4))
    for e in &comparison.elements {
        let (row, col) = (e.coord[0], e.coord[1]);
        assert_eq!(e.first, e.second);
        assert_eq!(e.first.warp, row / 16);
        assert_eq!(e.first.lane, 4 * (row % 8) + (col % 8) / 2);
        assert_eq!(
            e.first.register,
            col % 2 + 2 * ((row / 8) % 2) + 4 * (col / 8)
        );
    }
}

#[test]
fn sm90_warpgroups_n_first_swap_the_warp_bits_of_m_and_n() {
    // CuTe (_2,_2,_1):(_2,_1,_0): warp bits m+16, m+32, n+64, m+64; Triton [8, 2], column-major:
    // m+16, m+32, m+64, n+64
    let mma = tiled("SM90_64x64x16_F32F16F16_SS", "(_2,_2,_1):(_2,_1,_0)", &[]);
    let triton = TritonLayout::NvidiaMma(mma_v3([8, 2], 64, 16));
    let comparison = compare_with_triton(&mma, Operand::C, &triton).unwrap();
    assert!(comparison.lanes_agree && !comparison.warps_agree);
    let swapped: Vec<u32> = (0..16).map(|w| swap_bits(w, 2, 3)).collect();
    assert_eq!(comparison.warp_permutation, Some(swapped));
    assert_eq!(comparison.register_permutation, Some(identity(5)));
}

#[test]
fn sm90_tiles_repeated_along_m_and_n_order_their_repeat_registers_m_first_in_cute() {
    let triton = TritonLayout::NvidiaMma(mma_v3([4, 1], 64, 16));
    // one direction: the repeat is the last register in both
    for (permutation, shape) in [
        (["_128", "_", "_"], [128, 64]),
        (["_", "_128", "_"], [64, 128]),
    ] {
        let mma = tiled("SM90_64x64x16_F32F16F16_SS", "(_1,_1,_1)", &permutation);
        let cute = tiled_mma_to_linear(&mma, Operand::C).unwrap();
        assert_eq!(cute, triton.to_linear_layout(&shape).unwrap());
    }
    // both: CuTe's values (atom values, then M, then N repeats) put m+64 at register bit 5
    // and n+64 at bit 6; Triton's registers grow N first (the tile's order), so n+64 at 5
    let mma = tiled(
        "SM90_64x64x16_F32F16F16_SS",
        "(_1,_1,_1)",
        &["_128", "_128"],
    );
    let cute = tiled_mma_to_linear(&mma, Operand::C).unwrap();
    let registers = cute.bases_of("register").unwrap();
    assert_eq!(registers[5..], [[64, 0], [0, 64]]);
    let comparison = compare_with_triton(&mma, Operand::C, &triton).unwrap();
    assert!(comparison.lanes_agree && comparison.warps_agree);
    let swapped: Vec<u32> = (0..128).map(|r| swap_bits(r, 5, 6)).collect();
    assert_eq!(comparison.register_permutation, Some(swapped));
    assert_eq!(comparison.warp_permutation, Some(identity(2)));
}

#[test]
fn sm90_rs_a_is_triton_dot_op_0_of_v3_with_k_width_32_bits_over_the_element_width() {
    // kWidth = 32 / element bits: tf32 1, f16 2, fp8 4
    let families = [
        ("F32TF32TF32", 8, "_TN", 1),
        ("F32F16F16", 16, "", 2),
        ("F32BF16BF16", 16, "", 2),
        ("F32E4M3E4M3", 32, "_TN", 4),
    ];
    for (atom_layout, warps) in WARPGROUPS {
        for (types, k, suffix, k_width) in families {
            let atom = format!("SM90_64x64x{k}_{types}_RS{suffix}");
            let mma = tiled(&atom, atom_layout, &[]);
            let triton = TritonLayout::DotOperand(
                DotOperand::new(0, mma_v3(warps, 64, k), k_width).unwrap(),
            );
            let cute = tiled_mma_to_linear(&mma, Operand::A).unwrap();
            let shape = [64 * warps[0] / 4, k];
            assert_eq!(
                cute,
                triton.to_linear_layout(&shape).unwrap(),
                "{atom} {atom_layout}"
            );
            let comparison = compare_with_triton(&mma, Operand::A, &triton).unwrap();
            assert!(comparison.lanes_agree && comparison.warps_agree);
            if warps[1] == 2 {
                // A is broadcast over the N warpgroups: a zero warp base in both
                assert_eq!(cute.bases_of("warp").unwrap().last(), Some(&vec![0, 0]));
            }
        }
    }
    // PTX wgmma A fragment (.f16, registers): a_i of warp w, lane l is
    // (row 16·w + l/4 + 8·((i/2)%2), col 2·(l%4) + i%2 + 8·(i/4))
    let mma = tiled("SM90_64x64x16_F32F16F16_RS", "(_1,_1,_1)", &[]);
    let triton = TritonLayout::DotOperand(DotOperand::new(0, mma_v3([4, 1], 64, 16), 2).unwrap());
    for e in compare_with_triton(&mma, Operand::A, &triton)
        .unwrap()
        .elements
    {
        let (row, col) = (e.coord[0], e.coord[1]);
        assert_eq!(e.first, e.second);
        assert_eq!(e.first.warp, row / 16);
        assert_eq!(e.first.lane, 4 * (row % 8) + (col % 8) / 2);
        assert_eq!(
            e.first.register,
            col % 2 + 2 * ((row / 8) % 2) + 4 * (col / 8)
        );
    }
}

#[test]
fn wgmma_reads_b_from_shared_memory_so_triton_has_no_b_operand_of_v3() {
    // Triton 3.6: "ttg.dot_op opIdx parameter must be 0 for Hopper MMA parent"
    assert!(DotOperand::new(1, mma_v3([4, 1], 64, 16), 2).is_err());
}
