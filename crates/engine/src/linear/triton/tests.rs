use super::*;

fn blocked(spt: &[u32], tpw: &[u32], wpc: &[u32], order: &[u32]) -> TritonLayout {
    TritonLayout::Blocked(
        Blocked::new(spt.to_vec(), tpw.to_vec(), wpc.to_vec(), order.to_vec()).unwrap(),
    )
}

fn mma_v2(warps: &[u32]) -> NvidiaMma {
    NvidiaMma::new(2, 0, warps.to_vec(), vec![16, 8]).unwrap()
}

#[track_caller]
fn check(layout: &TritonLayout, shape: &[u32], expect: [&[[u32; 2]]; 3]) {
    let ll = layout.to_linear_layout(shape).unwrap();
    for (dim, want) in ["register", "lane", "warp"].iter().zip(expect) {
        let want: Vec<Vec<u32>> = want.iter().map(|b| b.to_vec()).collect();
        assert_eq!(ll.bases_of(dim).unwrap(), want, "{dim} of {ll}");
    }
    assert_eq!(ll.bases_of("block").unwrap(), [] as [Vec<u32>; 0]);
    let sizes: Vec<u32> = ll.out_dims_with_sizes().iter().map(|(_, s)| *s).collect();
    assert_eq!(sizes, shape);
    assert!(ll.is_surjective());
}

#[test]
fn a_blocked_layout_larger_than_the_tensor_broadcasts_and_a_smaller_one_repeats() {
    // triton_ll_seed1 tll-1-5: 2×512 tile on a 16×2 tensor
    check(
        &blocked(&[2, 2], &[1, 32], &[1, 8], &[1, 0]),
        &[16, 2],
        [
            &[[0, 1], [1, 0], [2, 0], [4, 0], [8, 0]],
            &[[0, 0]; 5],
            &[[0, 0]; 3],
        ],
    );
}

#[test]
fn mma_v2_accumulators_and_operands_match_triton() {
    // tll-1-4
    check(
        &TritonLayout::NvidiaMma(mma_v2(&[8, 1])),
        &[512, 16],
        [
            &[[0, 1], [8, 0], [0, 8], [128, 0], [256, 0]],
            &[[0, 2], [0, 4], [1, 0], [2, 0], [4, 0]],
            &[[16, 0], [32, 0], [64, 0]],
        ],
    );
    // tll-1-6: operand B broadcasts along K (dim 0) over the warps of dim 0
    let b = DotOperand::new(1, mma_v2(&[2, 4]), 2).unwrap();
    check(
        &TritonLayout::DotOperand(b),
        &[64, 64],
        [
            &[[1, 0], [8, 0], [16, 0], [32, 0], [0, 32]],
            &[[2, 0], [4, 0], [0, 1], [0, 2], [0, 4]],
            &[[0, 8], [0, 16], [0, 0]],
        ],
    );
}

#[test]
fn a_slice_drops_the_dimension_and_its_repeated_registers() {
    // tll-1-2
    let parent = blocked(&[2, 2], &[16, 2], &[1, 1], &[0, 1]);
    let slice = TritonLayout::Slice(Slice::new(0, parent).unwrap());
    let ll = slice.to_linear_layout(&[2]).unwrap();
    assert_eq!(ll.bases_of("register").unwrap(), [vec![1]]);
    assert_eq!(ll.bases_of("lane").unwrap(), vec![vec![0]; 5]);
}

#[test]
fn bad_layouts_and_shapes_are_errors() {
    assert!(Blocked::new(vec![1, 1], vec![4, 8], vec![1, 1], vec![0, 0]).is_err());
    assert!(Blocked::new(vec![1, 3], vec![4, 8], vec![1, 1], vec![1, 0]).is_err());
    assert!(Blocked::new(vec![1], vec![4, 8], vec![1, 1], vec![1, 0]).is_err());
    assert!(NvidiaMma::new(2, 0, vec![4, 1], vec![16, 16]).is_err());
    assert!(NvidiaMma::new(3, 0, vec![4, 1], vec![16, 24]).is_err());
    let hopper = NvidiaMma::new(3, 0, vec![4, 1], vec![16, 64, 16]).unwrap();
    assert!(DotOperand::new(1, hopper.clone(), 2).is_err());
    assert!(DotOperand::new(0, hopper, 3).is_err());
    let layout = blocked(&[1, 4], &[4, 8], &[4, 1], &[1, 0]);
    assert!(layout.to_linear_layout(&[32]).is_err());
    assert!(layout.to_linear_layout(&[32, 48]).is_err());
    assert!(Slice::new(2, layout).is_err());
    // wgmma N = 24 is legal for the instruction but not a power-of-two tile
    let n24 = NvidiaMma::new(3, 0, vec![4, 1], vec![16, 24, 16]).unwrap();
    assert!(TritonLayout::NvidiaMma(n24)
        .to_linear_layout(&[64, 64])
        .is_err());
}

#[test]
fn dot_operand_0_of_a_wgmma_parent_matches_triton() {
    // Triton 3.6.0's to_linear_layout of DotOperandLayout(0, NVMMADistributedLayout([3, 0],
    // warps, [16, N, 16]), kWidth): wgmma's A in registers, broadcast over the N warps
    let hopper = |warps: &[u32]| NvidiaMma::new(3, 0, warps.to_vec(), vec![16, 32, 16]).unwrap();
    let dot = |warps: &[u32], k_width| {
        TritonLayout::DotOperand(DotOperand::new(0, hopper(warps), k_width).unwrap())
    };
    check(
        &dot(&[4, 1], 1),
        &[64, 16],
        [
            &[[8, 0], [0, 4], [0, 8]],
            &[[0, 1], [0, 2], [1, 0], [2, 0], [4, 0]],
            &[[16, 0], [32, 0]],
        ],
    );
    check(
        &dot(&[4, 2], 8),
        &[128, 32],
        [
            &[[0, 1], [0, 2], [0, 4], [8, 0], [0, 0], [64, 0]],
            &[[0, 8], [0, 16], [1, 0], [2, 0], [4, 0]],
            &[[16, 0], [32, 0], [0, 0]],
        ],
    );
    check(
        &dot(&[8, 1], 4),
        &[128, 32],
        [
            &[[0, 1], [0, 2], [8, 0], [0, 16]],
            &[[0, 4], [0, 8], [1, 0], [2, 0], [4, 0]],
            &[[16, 0], [32, 0], [64, 0]],
        ],
    );
}

fn linear(bases: &[(&str, &[[u32; 2]])], sizes: [u32; 2]) -> Result<LinearEncoding, LayoutError> {
    let bases = bases
        .iter()
        .map(|(name, list)| (name.to_string(), list.iter().map(|b| b.to_vec()).collect()))
        .collect();
    let outs = vec![("dim0".into(), sizes[0]), ("dim1".into(), sizes[1])];
    LinearEncoding::new(LinearLayout::new(bases, outs, false).unwrap())
}

#[test]
fn linear_encodings_are_refused_where_triton_refuses_them() {
    // each case as Triton 3.6.0 parses `#ttg.linear<{...}>` in a module (verify's error) or
    // builds it (the constructor's abort)
    let refused = |bases: &[(&str, &[[u32; 2]])], sizes| match linear(bases, sizes) {
        Err(LayoutError::LinearEncoding(refusal)) => refusal,
        other => panic!("{bases:?}: {other:?}"),
    };
    assert_eq!(
        refused(&[("register", &[[1, 1], [0, 1]])], [2, 2]),
        LinearEncodingRefusal::MixedBasis {
            in_dim: "register".into(),
            index: 0,
            basis: vec![1, 1],
        }
    );
    assert!(matches!(
        refused(&[("register", &[[1, 0], [2, 0], [3, 1]])], [4, 2]),
        LinearEncodingRefusal::MixedBasis { index: 2, .. }
    ));
    assert_eq!(
        refused(&[("register", &[[2, 0]])], [4, 1]),
        LinearEncodingRefusal::NotSurjective
    );
    assert_eq!(
        refused(&[("lane", &[[1, 0]]), ("register", &[])], [2, 1]),
        LinearEncodingRefusal::InDim {
            index: 0,
            expected: "register",
            found: "lane".into(),
        }
    );
    assert!(matches!(
        refused(&[("register", &[[1, 0]]), ("warp", &[])], [2, 1]),
        LinearEncodingRefusal::InDim {
            index: 1,
            expected: "lane",
            ..
        }
    ));
    let other_outs = LinearLayout::new(
        vec![("register".into(), vec![vec![1]])],
        vec![("x".into(), 2)],
        false,
    )
    .unwrap();
    assert_eq!(
        LinearEncoding::new(other_outs),
        Err(LayoutError::LinearEncoding(LinearEncodingRefusal::OutDim {
            index: 0,
            found: "x".into(),
        }))
    );
    // what Triton accepts: a repeated basis, a basis that is no power of two, zero bases,
    // a prefix of the inputs
    assert!(linear(&[("register", &[[1, 0], [1, 0]])], [2, 1]).is_ok());
    assert!(linear(&[("register", &[[1, 0], [3, 0]])], [4, 1]).is_ok());
    assert!(linear(
        &[("register", &[[0, 0], [1, 0]]), ("lane", &[[0, 1]])],
        [2, 2]
    )
    .is_ok());
}

#[test]
fn an_mfma_layout_spreads_64_lanes_and_broadcasts_its_extra_warps() {
    // triton_hw_seed1 thw-1-130: 16x16x16 MFMA, 4 warps along M on a 16x16 tensor: each lane
    // holds 4 rows of a column; the 64 lanes cover 16 columns by 4 row groups; the warps repeat
    let mfma = AmdMfma::new(1, vec![4, 1], vec![16, 16, 16], false, None, Some(32)).unwrap();
    let ll = TritonLayout::AmdMfma(mfma.clone())
        .to_linear_layout(&[16, 16])
        .unwrap();
    assert_eq!(ll.bases_of("register").unwrap(), [[1, 0], [2, 0]]);
    assert_eq!(
        ll.bases_of("lane").unwrap(),
        [[0, 1], [0, 2], [0, 4], [0, 8], [4, 0], [8, 0]]
    );
    assert_eq!(ll.bases_of("warp").unwrap(), [[0, 0], [0, 0]]);
    assert_eq!(ll.in_dim_bits("lane"), Some(WAVEFRONT.trailing_zeros()));
    // thw-1-49: operand A of a 32x32x8 version-2 parent, kWidth 8, on 16x16
    let a = DotOperand::new(
        0,
        AmdMfma::new(2, vec![2, 2], vec![32, 32, 8], false, None, None).unwrap(),
        8,
    )
    .unwrap();
    let ll = TritonLayout::DotOperand(a)
        .to_linear_layout(&[16, 16])
        .unwrap();
    assert_eq!(ll.bases_of("register").unwrap(), [[0, 1], [0, 2], [0, 4]]);
    assert_eq!(
        ll.bases_of("lane").unwrap(),
        [[1, 0], [2, 0], [4, 0], [8, 0], [0, 0], [0, 8]]
    );
    // the text Triton prints, read back
    let text = "#ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 2], instrShape = [16, 16, 16], isTransposed = true, tilesPerWarp = [2, 2], elementBitWidth = 64}>";
    let parsed = TritonLayout::parse(text).unwrap();
    assert_eq!(parsed.to_mlir(), text);
    let gluon = parsed.to_gluon();
    assert_eq!(
        gluon,
        "ttgl.amd.AMDMFMALayout(version=3, instr_shape=[16, 16, 16], transposed=True, warps_per_cta=[1, 2], element_bitwidth=64, tiles_per_warp=[2, 2])"
    );
    assert_eq!(TritonLayout::parse(&gluon).unwrap(), parsed);
    assert_eq!(TritonLayout::parse(&mfma_text()).unwrap().rank(), 2);
}

fn mfma_text() -> String {
    "#mma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [32, 32, 16], isTransposed = false}>\n#ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 8}>".to_string()
}

#[test]
fn mfma_layouts_gluon_refuses_are_refused() {
    let ok = |v, w: &[u32], i: &[u32], t, tiles: Option<&[u32]>, bits| {
        AmdMfma::new(
            v,
            w.to_vec(),
            i.to_vec(),
            t,
            tiles.map(<[u32]>::to_vec),
            bits,
        )
    };
    assert!(ok(3, &[2, 2], &[32, 32, 8], false, None, None).is_ok());
    assert!(ok(4, &[1, 1, 4], &[64, 4, 4], true, None, None).is_ok());
    for bad in [
        ok(0, &[2, 2], &[32, 32, 8], false, None, None),
        ok(5, &[2, 2], &[32, 32, 8], false, None, None),
        ok(3, &[2, 2], &[32, 16, 8], false, None, None),
        ok(3, &[2, 2], &[64, 4, 4], false, None, None),
        ok(3, &[2, 2], &[32, 32], false, None, None),
        ok(3, &[3, 2], &[32, 32, 8], false, None, None),
        ok(3, &[2], &[32, 32, 8], false, None, None),
        ok(3, &[2, 2], &[32, 32, 8], false, Some(&[1, 3]), None),
        ok(3, &[2, 2], &[32, 32, 8], false, Some(&[1]), None),
        ok(3, &[2, 2], &[32, 32, 8], false, None, Some(16)),
    ] {
        assert!(bad.is_err());
    }
    let parent = ok(3, &[2, 2], &[32, 32, 8], false, None, None).unwrap();
    assert!(DotOperand::new(2, parent.clone(), 8).is_err());
    assert!(DotOperand::new(0, parent.clone(), 3).is_err());
    assert!(DotOperand::new(0, parent.clone(), 64).is_err());
    assert!(DotOperand::new(1, parent, 32).is_ok());
    // a dot operand's parent is an MMA
    let blocked = blocked(&[1, 1], &[4, 8], &[1, 1], &[1, 0]);
    assert!(DotOperand::new(0, blocked, 2).is_err());
    let error = TritonLayout::parse("#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = 1}>");
    assert!(error.is_err());
}

#[test]
fn a_wmma_layout_lays_its_tiles_n_first_and_its_operands_broadcast_along_k() {
    // triton_hw_seed1 thw-1-42: version 3, 2 tiles a warp along M, over 32x128: eight rows a
    // lane, lanes 16-31 the next eight; N's tiles across the tensor first, then M's
    let text = "#mma = #ttg.amd_wmma<{version = 3, isTranspose = false, warpsPerCTA = [1, 1], tilesPerWarp = [2, 1], instrShape = [16, 16, 64]}>\n#mma";
    let wmma = TritonLayout::parse(text).unwrap();
    let ll = wmma.to_linear_layout(&[32, 128]).unwrap();
    assert_eq!(
        ll.bases_of("register").unwrap(),
        [[1, 0], [2, 0], [4, 0], [0, 16], [0, 32], [0, 64], [16, 0]]
    );
    assert_eq!(
        ll.bases_of("lane").unwrap(),
        [[0, 1], [0, 2], [0, 4], [0, 8], [8, 0]]
    );
    assert_eq!(wmma.to_mlir_aliased().0, text.lines().next().unwrap());
    // thw-1-100: operand A of version 1 (lanes 16-31 repeat 0-15), kWidth 8, on 128x64; the
    // four wavefronts along K hold the same elements
    let a = "#mma = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 4], tilesPerWarp = [2, 1]}>\n#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 8}>";
    let ll = TritonLayout::parse(a)
        .unwrap()
        .to_linear_layout(&[128, 64])
        .unwrap();
    assert_eq!(
        ll.bases_of("register").unwrap(),
        [
            [0, 1],
            [0, 2],
            [0, 4],
            [0, 8],
            [0, 16],
            [16, 0],
            [0, 32],
            [64, 0]
        ]
    );
    assert_eq!(ll.bases_of("lane").unwrap()[4], [0, 0]);
    assert_eq!(ll.bases_of("warp").unwrap(), [[0, 0], [0, 0], [32, 0]]);
    let gluon = TritonLayout::parse(a).unwrap().to_gluon();
    assert_eq!(
        gluon,
        "ttgl.DotOperandLayout(operand_index=0, parent=ttgl.amd.AMDWMMALayout(version=1, transposed=False, warps_per_cta=[2, 4], tiles_per_warp=[2, 1]), k_width=8)"
    );
}

#[test]
fn wmma_layouts_triton_refuses_are_refused() {
    let wmma = |v, k: u32| AmdWmma::new(v, false, vec![2, 2], None, Some(vec![16, 16, k]));
    for (version, ks) in [(1, [16].as_slice()), (2, &[16, 32]), (3, &[4, 32, 64, 128])] {
        for k in [2, 4, 8, 16, 32, 64, 128, 256] {
            assert_eq!(
                wmma(version, k).is_ok(),
                ks.contains(&k),
                "v{version} K {k}"
            );
        }
    }
    assert!(AmdWmma::new(0, false, vec![1, 1], None, None).is_err());
    assert!(AmdWmma::new(4, false, vec![1, 1], None, None).is_err());
    // version 3 has no 16x16x16 default
    assert!(AmdWmma::new(3, false, vec![1, 1], None, None).is_err());
    assert!(AmdWmma::new(2, false, vec![1, 1], Some(vec![1, 3]), None).is_err());
    // kWidth per version, as Triton's verifier says
    for (version, widths) in [(1, [8, 16].as_slice()), (2, &[4, 8, 16]), (3, &[2, 8, 16])] {
        let k = if version == 3 { 32 } else { 16 };
        let parent = wmma(version, k).unwrap();
        for width in [1, 2, 4, 8, 16, 32] {
            let operand = DotOperand::new(0, parent.clone(), width);
            assert_eq!(
                operand.is_ok(),
                widths.contains(&width),
                "v{version} kWidth {width}"
            );
        }
    }
    // a tensor smaller than a tile along M or N (Triton asserts)
    let layout = TritonLayout::AmdWmma(wmma(2, 16).unwrap());
    assert!(layout.to_linear_layout(&[8, 32]).is_err());
    assert!(layout.to_linear_layout(&[1, 32]).is_ok());
}
