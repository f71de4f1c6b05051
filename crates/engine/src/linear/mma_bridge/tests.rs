use super::*;
use crate::cute::{CppLayout, MmaAtom};
use crate::linear::{DotOperand, NvidiaMma, TritonLayout};

const SM80: &str = "SM80_16x8x16_F16F16F16F16_TN";

fn tiled(atom: &str, atom_layout: &str) -> TiledMma {
    TiledMma::new(
        MmaAtom::parse(atom).unwrap(),
        CppLayout::parse(atom_layout).unwrap(),
        Vec::new(),
    )
    .unwrap()
}

fn mma_v2(warps: &[u32]) -> NvidiaMma {
    NvidiaMma::new(2, 0, warps.to_vec(), vec![16, 8]).unwrap()
}

fn dot(op_idx: u32, warps: &[u32], k_width: u32) -> TritonLayout {
    TritonLayout::DotOperand(DotOperand::new(op_idx, mma_v2(warps), k_width).unwrap())
}

/// The law: the linear layout's owner of every element is a `(thread, value)` that CuTe's TV
/// layout sends to that element.
#[track_caller]
fn check_against_tv(mma: &TiledMma, operand: Operand, linear: &LinearLayout) {
    let tv = mma.tv(operand).to_layout().unwrap();
    let threads = tv.mode(0).unwrap().size().unwrap();
    let [rows, _] = mma.operand_tile(operand);
    let evaluate = Evaluator::new(linear).unwrap();
    for owner in evaluate.owners() {
        let coord = evaluate.coord(owner);
        let (r, c) = match operand {
            Operand::B => (coord[1], coord[0]),
            Operand::A | Operand::C => (coord[0], coord[1]),
        };
        let index = tv
            .call(i64::from(owner.thread()) + threads * i64::from(owner.register))
            .unwrap();
        assert_eq!(index, i64::from(r) + rows * i64::from(c), "{owner:?}");
    }
}

#[test]
fn every_sm80_operand_tv_layout_is_a_linear_layout_that_agrees_with_cute() {
    for atom_layout in ["(_1,_1,_1)", "(_2,_2,_1)", "(_4,_1,_1)", "(_1,_2,_2)"] {
        let mma = tiled(SM80, atom_layout);
        for operand in [Operand::A, Operand::B, Operand::C] {
            if atom_layout == "(_1,_2,_2)" && operand == Operand::C {
                continue; // refused below
            }
            let linear = tiled_mma_to_linear(&mma, operand).unwrap();
            check_against_tv(&mma, operand, &linear);
        }
    }
}

#[test]
fn sm80_one_warp_c_is_triton_mma_v2_element_for_element() {
    let mma = tiled(SM80, "(_1,_1,_1)");
    let cute = tiled_mma_to_linear(&mma, Operand::C).unwrap();
    let triton = TritonLayout::NvidiaMma(mma_v2(&[1, 1]))
        .to_linear_layout(&[16, 8])
        .unwrap();
    // the same bases: register bits n+1, m+8; lane bits n+2, n+4, m+1, m+2, m+4
    assert_eq!(cute, triton, "{cute}\n{triton}");
    let comparison = compare_owners(&cute, &triton).unwrap();
    assert_eq!(comparison.elements.len(), 16 * 8);
    assert!(comparison.lanes_agree && comparison.warps_agree);
    assert_eq!(comparison.register_permutation, Some(vec![0, 1, 2, 3]));
    // PTX mma.m16n8k16 C fragment: c_i of lane l is (row l/4 + 8·(i/2), col 2·(l%4) + i%2)
    for e in &comparison.elements {
        let (row, col) = (e.coord[0], e.coord[1]);
        assert_eq!(e.first.lane, 4 * (row % 8) + col / 2);
        assert_eq!(e.first.register, col % 2 + 2 * (row / 8));
    }
}

#[test]
fn sm80_one_warp_a_is_triton_dot_operand_0_with_k_width_2() {
    let mma = tiled(SM80, "(_1,_1,_1)");
    let cute = tiled_mma_to_linear(&mma, Operand::A).unwrap();
    let triton = dot(0, &[1, 1], 2).to_linear_layout(&[16, 16]).unwrap();
    let comparison = compare_owners(&cute, &triton).unwrap();
    assert!(
        comparison.lanes_agree && comparison.warps_agree,
        "{cute}\n{triton}"
    );
    assert_eq!(
        comparison.register_permutation,
        Some((0..8).collect::<Vec<_>>())
    );
    assert_eq!(cute, triton);
    // PTX mma.m16n8k16 A fragment (.f16): a_i of lane l is
    // (row l/4 + 8·((i/2)%2), col 2·(l%4) + i%2 + 8·(i/4))
    for e in &comparison.elements {
        let (row, col) = (e.coord[0], e.coord[1]);
        assert_eq!(e.first.lane, 4 * (row % 8) + (col % 8) / 2);
        assert_eq!(e.first.register, col % 2 + 2 * (row / 8) + 4 * (col / 8));
    }
}

#[test]
fn sm80_one_warp_b_is_triton_dot_operand_1_with_k_width_2() {
    let mma = tiled(SM80, "(_1,_1,_1)");
    let cute = tiled_mma_to_linear(&mma, Operand::B).unwrap();
    let triton = dot(1, &[1, 1], 2).to_linear_layout(&[16, 8]).unwrap();
    let comparison = compare_owners(&cute, &triton).unwrap();
    assert!(
        comparison.lanes_agree && comparison.warps_agree,
        "{cute}\n{triton}"
    );
    assert_eq!(comparison.register_permutation, Some(vec![0, 1, 2, 3]));
    assert_eq!(cute, triton);
    let shortcut = compare_with_triton(&mma, Operand::B, &dot(1, &[1, 1], 2)).unwrap();
    assert_eq!(shortcut, comparison);
}

#[test]
fn four_warps_agree_in_lanes_and_registers_and_number_warps_m_first_where_triton_goes_n_first() {
    let triton = TritonLayout::NvidiaMma(mma_v2(&[2, 2]))
        .to_linear_layout(&[32, 16])
        .unwrap();
    // CuTe's (_2,_2,_1) numbers warps M first: warp bits m+16, n+8; Triton's order [1, 0]
    // numbers them N first: n+8, m+16
    let m_first = tiled_mma_to_linear(&tiled(SM80, "(_2,_2,_1)"), Operand::C).unwrap();
    let comparison = compare_owners(&m_first, &triton).unwrap();
    assert!(comparison.lanes_agree && !comparison.warps_agree);
    assert_eq!(comparison.warp_permutation, Some(vec![0, 2, 1, 3]));
    assert_eq!(comparison.register_permutation, Some(vec![0, 1, 2, 3]));
    // the A operand is broadcast over the N warps: its copies are never first owners, the
    // renumbering comes from the warp bases
    let m_first = tiled_mma_to_linear(&tiled(SM80, "(_2,_2,_1)"), Operand::A).unwrap();
    let comparison =
        compare_with_triton(&tiled(SM80, "(_2,_2,_1)"), Operand::A, &dot(0, &[2, 2], 2)).unwrap();
    assert_eq!(m_first.bases_of("warp").unwrap(), [[16, 0], [0, 0]]);
    assert!(comparison.lanes_agree && !comparison.warps_agree);
    assert_eq!(comparison.warp_permutation, Some(vec![0, 2, 1, 3]));
    assert_eq!(
        comparison.register_permutation,
        Some((0..8).collect::<Vec<_>>())
    );
    // an atom layout with N fastest is Triton's layout exactly, for every operand
    for (operand, triton) in [
        (Operand::A, dot(0, &[2, 2], 2)),
        (Operand::B, dot(1, &[2, 2], 2)),
    ] {
        let n_first = tiled(SM80, "(_2,_2,_1):(_2,_1,_0)");
        let comparison = compare_with_triton(&n_first, operand, &triton).unwrap();
        assert!(comparison.lanes_agree && comparison.warps_agree);
        assert_eq!(comparison.warp_permutation, Some(vec![0, 1, 2, 3]));
    }
    let n_first = tiled(SM80, "(_2,_2,_1):(_2,_1,_0)");
    let n_first = tiled_mma_to_linear(&n_first, Operand::C).unwrap();
    assert_eq!(n_first, triton);
}

#[test]
fn a_k_split_c_layout_runs_past_its_tile_and_is_refused() {
    let mma = tiled(SM80, "(_1,_2,_2)");
    match tiled_mma_to_linear(&mma, Operand::C) {
        Err(LayoutError::BadArgument { expected, .. }) => {
            assert!(expected.contains("inside the 16×16 tile"), "{expected}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_thread_count_that_is_no_power_of_two_is_refused() {
    let mma = tiled(SM80, "(_3,_1,_1)");
    match tiled_mma_to_linear(&mma, Operand::C) {
        Err(LayoutError::BadArgument { expected, .. }) => {
            assert!(expected.contains("power-of-two thread count"), "{expected}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn layouts_of_different_tensors_are_not_compared() {
    let triton = |shape: &[u32]| {
        TritonLayout::NvidiaMma(mma_v2(&[1, 1]))
            .to_linear_layout(shape)
            .unwrap()
    };
    assert!(matches!(
        compare_owners(&triton(&[16, 8]), &triton(&[16, 16])),
        Err(LayoutError::BadArgument { .. })
    ));
}
