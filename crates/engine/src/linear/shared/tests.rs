//! Shared layouts against Triton's own unit tests and against the swizzle formulas, over every
//! element.
//!
//! Transcribed from Triton's `unittest/Dialect/TritonGPU/LinearLayoutConversionsTest.cpp`, as
//! stored at the version with `CTALayoutAttr`, tensor-memory tests and the TMA-box
//! `nvmmaSharedToLinearLayout` (the code Triton 3.6.0's binary carries; its shared cases are
//! one CTA, the `cpg`/`cSplit` arguments all 1, the `ord` of `nvmmaShared` unused by it):
//! `SharedSimple1D`, `SharedSimple2D`, `SharedSimple2D_Order01`,
//! `SharedSwizzled2D_MaxPhaseOnly`, `SharedSwizzled2D_PerPhaseMaxPhase`, `SharedSwizzled2D_Vec`,
//! `SharedSwizzled2D_PerPhaseMaxPhaseVec`, `SharedSwizzled4D`, `SharedSwizzled2D_Order01`,
//! `Shared1DSwizzle`, `LeadingOffset_8x16_4_2`, `LeadingOffset_128x16_4_2`,
//! `LeadingOffset_8x32_2_4`, `LeadingOffset_8x64_1_8`, `LeadingOffset_8x64_1_8_32b`,
//! `LeadingOffset_128x128_1_8_128b_transposed`, `LeadingOffset_32x4x64_1_8_32b`,
//! `LeadingOffset_64x4x32_1_8_32b_transposed` and `MMAv5Fp4Padded`.

use proptest::prelude::*;

use super::super::{shared_to_cute, TritonLayout};
use super::*;

fn swizzled(vec: u32, per_phase: u32, max_phase: u32, order: &[u32]) -> TritonLayout {
    TritonLayout::SwizzledShared(
        SwizzledShared::new(vec, per_phase, max_phase, order.to_vec()).unwrap(),
    )
}

fn nvmma(width: u32, transposed: bool, bits: u32, rank: u32) -> TritonLayout {
    TritonLayout::NvmmaShared(NvmmaShared::new(width, transposed, bits, false, rank).unwrap())
}

/// `layout` over `shape` has inputs `offset` (these bases) and `block` (none), outputs
/// `dim0, ...` of exactly `shape`.
#[track_caller]
fn check(layout: &TritonLayout, shape: &[u32], offset: &[&[u32]]) {
    let ll = layout.to_linear_layout(shape).unwrap();
    assert_eq!(ll.in_dims().collect::<Vec<_>>(), SHARED_IN_DIMS);
    let want: Vec<Vec<u32>> = offset.iter().map(|b| b.to_vec()).collect();
    assert_eq!(
        ll.bases_of("offset").unwrap(),
        want,
        "{layout} over {shape:?}"
    );
    assert_eq!(ll.bases_of("block").unwrap(), [] as [Vec<u32>; 0]);
    let sizes: Vec<u32> = ll.out_dims_with_sizes().iter().map(|(_, s)| *s).collect();
    assert_eq!(sizes, shape);
}

/// `identity1D` bases: `1, 2, 4, ...` below `size` along `dim` of `rank`.
fn identity(size: u32, dim: usize, rank: usize) -> Vec<Vec<u32>> {
    (0..size.trailing_zeros())
        .map(|k| {
            let mut basis = vec![0; rank];
            basis[dim] = 1 << k;
            basis
        })
        .collect()
}

#[track_caller]
fn check_owned(layout: &TritonLayout, shape: &[u32], offset: Vec<Vec<u32>>) {
    let refs: Vec<&[u32]> = offset.iter().map(Vec::as_slice).collect();
    check(layout, shape, &refs);
}

#[test]
fn unswizzled_shared_layouts_are_identities_in_order() {
    // SharedSimple1D, SharedSimple2D, SharedSimple2D_Order01
    check_owned(&swizzled(1, 1, 1, &[0]), &[1024], identity(1024, 0, 1));
    let row_major = [identity(128, 1, 2), identity(128, 0, 2)].concat();
    check_owned(&swizzled(1, 1, 1, &[1, 0]), &[128, 128], row_major);
    let column_major = [identity(128, 0, 2), identity(128, 1, 2)].concat();
    check_owned(&swizzled(1, 1, 1, &[0, 1]), &[128, 128], column_major);
    // Shared1DSwizzle: one column, nothing to swizzle
    check_owned(&swizzled(2, 2, 4, &[1, 0]), &[64, 1], identity(64, 0, 2));
}

#[test]
fn swizzled_shared_layouts_match_triton() {
    let cols: [&[u32]; 5] = [&[0, 1], &[0, 2], &[0, 4], &[0, 8], &[0, 16]];
    // SharedSwizzled2D_MaxPhaseOnly
    let rows: [&[u32]; 5] = [&[1, 1], &[2, 2], &[4, 0], &[8, 0], &[16, 0]];
    check(
        &swizzled(1, 1, 4, &[1, 0]),
        &[32, 32],
        &[cols, rows].concat(),
    );
    // SharedSwizzled2D_PerPhaseMaxPhase
    let rows: [&[u32]; 5] = [&[1, 0], &[2, 1], &[4, 2], &[8, 0], &[16, 0]];
    check(
        &swizzled(1, 2, 4, &[1, 0]),
        &[32, 32],
        &[cols, rows].concat(),
    );
    // SharedSwizzled2D_Vec
    check(
        &swizzled(2, 1, 4, &[1, 0]),
        &[4, 8],
        &[&[0, 1], &[0, 2], &[0, 4], &[1, 2], &[2, 4]],
    );
    // SharedSwizzled2D_PerPhaseMaxPhaseVec
    let rows: [&[u32]; 5] = [&[1, 0], &[2, 2], &[4, 4], &[8, 0], &[16, 0]];
    check(
        &swizzled(2, 2, 4, &[1, 0]),
        &[32, 32],
        &[cols, rows].concat(),
    );
    // SharedSwizzled4D
    check(
        &swizzled(2, 2, 4, &[3, 2, 1, 0]),
        &[2, 4, 32, 32],
        &[
            &[0, 0, 0, 1],
            &[0, 0, 0, 2],
            &[0, 0, 0, 4],
            &[0, 0, 0, 8],
            &[0, 0, 0, 16],
            &[0, 0, 1, 0],
            &[0, 0, 2, 2],
            &[0, 0, 4, 4],
            &[0, 0, 8, 0],
            &[0, 0, 16, 0],
            &[0, 1, 0, 0],
            &[0, 2, 0, 0],
            &[1, 0, 0, 0],
        ],
    );
    // SharedSwizzled2D_Order01: dim0 the columns, dim1 the rows
    check(
        &swizzled(1, 1, 4, &[0, 1]),
        &[4, 8],
        &[&[1, 0], &[2, 0], &[1, 1], &[2, 2], &[0, 4]],
    );
}

#[test]
fn nvmma_shared_layouts_match_triton() {
    // LeadingOffset_8x16_4_2, LeadingOffset_128x16_4_2: 32-byte swizzle of 16-bit elements
    let tile: [&[u32]; 7] = [
        &[0, 1],
        &[0, 2],
        &[0, 4],
        &[0, 8],
        &[1, 0],
        &[2, 0],
        &[4, 8],
    ];
    check(&nvmma(32, false, 16, 2), &[8, 16], &tile);
    let more: [&[u32]; 4] = [&[8, 0], &[16, 0], &[32, 0], &[64, 0]];
    check(
        &nvmma(32, false, 16, 2),
        &[128, 16],
        &[&tile[..], &more].concat(),
    );
    // LeadingOffset_8x32_2_4
    check(
        &nvmma(64, false, 16, 2),
        &[8, 32],
        &[
            &[0, 1],
            &[0, 2],
            &[0, 4],
            &[0, 8],
            &[0, 16],
            &[1, 0],
            &[2, 8],
            &[4, 16],
        ],
    );
    // LeadingOffset_8x64_1_8
    let cols: [&[u32]; 6] = [&[0, 1], &[0, 2], &[0, 4], &[0, 8], &[0, 16], &[0, 32]];
    let rows: [&[u32]; 3] = [&[1, 8], &[2, 16], &[4, 32]];
    check(
        &nvmma(128, false, 16, 2),
        &[8, 64],
        &[&cols[..], &rows].concat(),
    );
    // LeadingOffset_8x64_1_8_32b: the box is 32 columns of 32 bits; the second box follows
    check(
        &nvmma(128, false, 32, 2),
        &[8, 64],
        &[
            &[0, 1],
            &[0, 2],
            &[0, 4],
            &[0, 8],
            &[0, 16],
            &[1, 4],
            &[2, 8],
            &[4, 16],
            &[0, 32],
        ],
    );
    // LeadingOffset_128x128_1_8_128b_transposed
    check(
        &nvmma(128, true, 32, 2),
        &[128, 128],
        &[
            &[1, 0],
            &[2, 0],
            &[4, 0],
            &[8, 0],
            &[16, 0],
            &[4, 1],
            &[8, 2],
            &[16, 4],
            &[0, 8],
            &[0, 16],
            &[0, 32],
            &[0, 64],
            &[32, 0],
            &[64, 0],
        ],
    );
    // LeadingOffset_32x4x64_1_8_32b: the outer dimensions collapse into rows
    check(
        &nvmma(64, false, 32, 3),
        &[32, 4, 64],
        &[
            &[0, 0, 1],
            &[0, 0, 2],
            &[0, 0, 4],
            &[0, 0, 8],
            &[0, 1, 0],
            &[0, 2, 4],
            &[1, 0, 8],
            &[2, 0, 0],
            &[4, 0, 0],
            &[8, 0, 0],
            &[16, 0, 0],
            &[0, 0, 16],
            &[0, 0, 32],
        ],
    );
    // LeadingOffset_64x4x32_1_8_32b_transposed
    check(
        &nvmma(64, true, 32, 3),
        &[64, 4, 32],
        &[
            &[1, 0, 0],
            &[2, 0, 0],
            &[4, 0, 0],
            &[8, 0, 0],
            &[0, 0, 4],
            &[4, 0, 8],
            &[8, 0, 16],
            &[0, 1, 0],
            &[0, 2, 0],
            &[0, 0, 1],
            &[0, 0, 2],
            &[16, 0, 0],
            &[32, 0, 0],
        ],
    );
}

#[test]
fn fp4_padding_offsets_repeat_the_elements_before_them() {
    // MMAv5Fp4Padded: offset 8 maps where offset 0 does
    let padded = TritonLayout::NvmmaShared(NvmmaShared::new(128, false, 8, true, 2).unwrap());
    check(
        &padded,
        &[32, 64],
        &[
            &[0, 1],
            &[0, 2],
            &[0, 4],
            &[0, 0],
            &[0, 8],
            &[0, 16],
            &[0, 32],
            &[1, 8],
            &[2, 16],
            &[4, 32],
            &[8, 0],
            &[16, 0],
        ],
    );
    let error = shared_to_cute(&padded, &[32, 64]).unwrap_err();
    assert!(error.to_string().contains("fp4-padded"), "{error}");
}

#[test]
fn what_triton_refuses_is_a_typed_error() {
    let bad_argument = |r: Result<LinearLayout, LayoutError>| {
        assert!(matches!(r, Err(LayoutError::BadArgument { .. })), "{r:?}")
    };
    // division by zero in Triton
    bad_argument(swizzled(1, 0, 4, &[1, 0]).to_linear_layout(&[8, 8]));
    bad_argument(swizzled(1, 1, 0, &[1, 0]).to_linear_layout(&[8, 8]));
    // 128-byte rows of 16-bit elements need 64 columns ("Block shape is too small")
    bad_argument(nvmma(128, false, 16, 2).to_linear_layout(&[64, 32]));
    bad_argument(nvmma(128, true, 16, 2).to_linear_layout(&[32, 64]));
    // fewer than 8 rows ("Illegal shared layout")
    bad_argument(nvmma(128, false, 16, 2).to_linear_layout(&[4, 64]));
    // a swizzle needs two dimensions (Triton asserts)
    bad_argument(nvmma(128, false, 16, 1).to_linear_layout(&[64]));
    assert!(SwizzledShared::new(8, 1, 8, vec![0, 0]).is_err());
    assert!(SwizzledShared::new(8, 1, 8, vec![]).is_err());
    assert!(NvmmaShared::new(16, false, 16, false, 2).is_err());
    assert!(NvmmaShared::new(128, false, 4, false, 2).is_err());
    assert!(NvmmaShared::new(128, false, 16, false, 0).is_err());
    assert!(matches!(
        nvmma(128, false, 16, 2).to_linear_layout(&[64]),
        Err(LayoutError::RankMismatch { .. })
    ));
    assert!(super::super::Slice::new(0, swizzled(8, 1, 8, &[1, 0])).is_err());
}

/// The coordinate (in `dim0, dim1, ...`) Triton stores at offset `o`.
fn coordinate(ll: &LinearLayout, o: u32) -> Vec<u32> {
    let out = ll.apply(&[("offset", o), ("block", 0)]).unwrap();
    out.into_iter().map(|(_, v)| v).collect()
}

/// Every offset holds one element and every element one offset.
#[track_caller]
fn assert_bijection(ll: &LinearLayout) {
    assert!(ll.is_invertible(), "{ll}");
    let elements: u32 = ll.out_dims_with_sizes().iter().map(|(_, s)| s).product();
    assert_eq!(1u32 << ll.in_dim_bits("offset").unwrap(), elements);
}

/// `#ttg.swizzled_shared` over `shape`: at offset `o`, the textbook swizzle, computed without
/// bases: `o` is `(outer, row, column)` in `order`, the column XORed with
/// `vec·((row / perPhase) mod maxPhase) mod columns`.
fn swizzled_by_formula(s: &SwizzledShared, shape: &[u32], o: u32) -> Vec<u32> {
    let order = s.order();
    let mut coord = vec![0; shape.len()];
    let mut rest = o;
    for &d in order {
        coord[d as usize] = rest % shape[d as usize];
        rest /= shape[d as usize];
    }
    if shape.len() >= 2 {
        let (col_dim, row_dim) = (order[0] as usize, order[1] as usize);
        let row = coord[row_dim];
        let phase = (row / s.per_phase()) % s.max_phase();
        coord[col_dim] ^= (s.vec() * phase) % shape[col_dim];
    }
    coord
}

/// CuTe's `Sw<B,4,3>` on a byte address: the 16-byte chunk XORed with the 128-byte line.
fn byte_swizzle(width: u32, address: u32) -> u32 {
    let bits = (width / 16).trailing_zeros();
    let mask = (1 << bits) - 1;
    address ^ (((address >> 7) & mask) << 4)
}

/// `#ttg.nvmma_shared` of rank 2 over `[rows, cols]` (contiguous `cols`), computed without
/// bases: the tensor is cut into TMA boxes of at most 256 rows and one swizzled row of columns
/// (`8·width/bits`), boxes stacked down the rows, then across the columns (across first when
/// transposed: Triton repeats the box along `dim0` first, the contiguous dimension then);
/// inside a box, element `(r, c)` is at byte `(r·row + c)·bits/8` swizzled by `Sw<B,4,3>`.
/// The offset of an element.
fn nvmma_offset_by_formula(n: &NvmmaShared, rows: u32, cols: u32, r: u32, c: u32) -> u32 {
    let (width, bits) = (n.swizzle_byte_width(), n.element_bit_width());
    let row = 8 * width / bits;
    let box_rows = rows.min(256);
    let inside = byte_swizzle(width, (r % box_rows * row + c % row) * bits / 8) / (bits / 8);
    let box_index = match n.transposed() {
        false => (c / row) * (rows / box_rows) + r / box_rows,
        true => (r / box_rows) * (cols / row) + c / row,
    };
    box_index * box_rows * row + inside
}

prop_compose! {
    /// Powers of two, `vec·maxPhase` and `perPhase·maxPhase` up to beyond the tensor.
    fn swizzled_case()(rank in 1usize..4)(
        vec in 0u32..4,
        per_phase in 0u32..3,
        max_phase in 0u32..4,
        order in Just((0..rank as u32).collect::<Vec<_>>()).prop_shuffle(),
        logs in proptest::collection::vec(0u32..6, rank),
    ) -> (SwizzledShared, Vec<u32>) {
        let layout = SwizzledShared::new(1 << vec, 1 << per_phase, 1 << max_phase, order).unwrap();
        (layout, logs.into_iter().map(|l| 1 << l).collect())
    }
}

prop_compose! {
    /// Rank 2, any swizzle, element width and orientation, shapes from one swizzled row up.
    fn nvmma_case()(
        width in prop::sample::select(vec![0u32, 32, 64, 128]),
        bits in prop::sample::select(vec![8u32, 16, 32, 64]),
        transposed: bool,
        extra_rows in 0u32..7,
        extra_cols in 0u32..3,
    ) -> (NvmmaShared, Vec<u32>) {
        let row = (8 * width.max(16) / bits).max(1);
        let (rows, cols) = (8 << extra_rows, row << extra_cols);
        let shape = if transposed { vec![cols, rows] } else { vec![rows, cols] };
        (NvmmaShared::new(width, transposed, bits, false, 2).unwrap(), shape)
    }
}

proptest! {
    // each case walks every element of a tensor of up to 2^18
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn swizzled_shared_is_the_textbook_swizzle_and_a_bijection((s, shape) in swizzled_case()) {
        let layout = TritonLayout::SwizzledShared(s.clone());
        let ll = layout.to_linear_layout(&shape).unwrap();
        assert_bijection(&ll);
        for o in 0..shape.iter().product::<u32>() {
            prop_assert_eq!(coordinate(&ll, o), swizzled_by_formula(&s, &shape, o), "offset {}", o);
        }
    }

    #[test]
    fn nvmma_shared_is_the_byte_swizzle_and_a_bijection((n, shape) in nvmma_case()) {
        let ll = TritonLayout::NvmmaShared(n.clone()).to_linear_layout(&shape).unwrap();
        assert_bijection(&ll);
        // transposed and swizzled: dim0 contiguous, the rows along dim1 (unswizzled Triton
        // ignores `transposed`)
        let width = n.swizzle_byte_width();
        let swapped = n.transposed() && width != 0;
        let (rows, cols) = match swapped {
            true => (shape[1], shape[0]),
            false => (shape[0], shape[1]),
        };
        for r in 0..rows {
            for c in 0..cols {
                let o = if width == 0 {
                    // unswizzled: the box row-major, boxes across the columns, then the rows
                    let (box_rows, box_cols) = (rows.min(256), cols.min(256));
                    let inside = r % box_rows * box_cols + c % box_cols;
                    let box_index = (r / box_rows) * (cols / box_cols) + c / box_cols;
                    box_index * box_rows * box_cols + inside
                } else {
                    nvmma_offset_by_formula(&n, rows, cols, r, c)
                };
                let want = if swapped { vec![c, r] } else { vec![r, c] };
                prop_assert_eq!(coordinate(&ll, o), want, "({}, {}) at {}", r, c, o);
            }
        }
    }

    /// The CuTe counterpart stores every coordinate where Triton does.
    #[test]
    fn the_cute_counterpart_agrees_on_every_element(
        case in prop_oneof![
            swizzled_case().prop_map(|(s, shape)| (TritonLayout::SwizzledShared(s), shape)),
            nvmma_case().prop_map(|(n, shape)| (TritonLayout::NvmmaShared(n), shape)),
        ]
    ) {
        let (layout, shape) = case;
        check_cute(&layout, &shape);
    }
}

/// `L(offset = C(colex(c))) == c` for every coordinate `c`.
#[track_caller]
fn check_cute(layout: &TritonLayout, shape: &[u32]) -> ComposedLayoutText {
    let ll = layout.to_linear_layout(shape).unwrap();
    let cute = shared_to_cute(layout, shape).unwrap();
    let size: u32 = shape.iter().product();
    for index in 0..size {
        // colexicographic: dim0 fastest
        let mut rest = index;
        let coord: Vec<u32> = shape
            .iter()
            .map(|&s| {
                let c = rest % s;
                rest /= s;
                c
            })
            .collect();
        let offset = cute.call(i64::from(index)).unwrap();
        assert_eq!(coordinate(&ll, offset as u32), coord, "{cute} at {coord:?}");
    }
    cute.to_string()
}

type ComposedLayoutText = String;

#[test]
fn nvmma_shared_is_cutes_byte_swizzle_in_elements() {
    // Sw<B, 4 - log2(w/8), 3> composed with the row-major (K-major) layout
    for (width, bits, b, m) in [
        (128, 16, 3, 3),
        (128, 8, 3, 4),
        (128, 32, 3, 2),
        (64, 16, 2, 3),
        (32, 16, 1, 3),
        (64, 64, 2, 1),
    ] {
        let row = 8 * width / bits;
        let text = check_cute(&nvmma(width, false, bits, 2), &[64, row]);
        assert_eq!(text, format!("Sw<{b},{m},3> o 0 o (64,{row}):({row},1)"));
    }
    // over more columns than one swizzled row, CuTe's tile_to_shape: boxes follow the rows
    let text = check_cute(&nvmma(128, false, 16, 2), &[64, 128]);
    assert_eq!(text, "Sw<3,3,3> o 0 o (64,(64,2)):(64,(1,4096))");
    let text = check_cute(&swizzled(8, 1, 8, &[1, 0]), &[64, 64]);
    assert_eq!(text, "Sw<3,3,3> o 0 o (64,64):(64,1)");
    // a vec that is no power of two mixes bits: no CuTe swizzle
    let error = shared_to_cute(&swizzled(3, 1, 4, &[1, 0]), &[16, 16]).unwrap_err();
    assert!(matches!(error, LayoutError::BadArgument { .. }), "{error}");
}
