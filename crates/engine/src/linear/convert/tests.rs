use super::*;
use crate::linear::{Blocked, NvidiaMma, TritonLayout};

fn blocked(spt: &[u32], tpw: &[u32], wpc: &[u32], order: &[u32], shape: &[u32]) -> LinearLayout {
    TritonLayout::Blocked(
        Blocked::new(spt.to_vec(), tpw.to_vec(), wpc.to_vec(), order.to_vec()).unwrap(),
    )
    .to_linear_layout(shape)
    .unwrap()
}

/// The quotient verdict equals the brute-force one: the dearest move any slot of `dst` needs,
/// each slot filled from the cheapest slot of `src` holding its element.
#[track_caller]
fn check(src: &LinearLayout, dst: &LinearLayout, kind: ConversionKind) -> MovementCounts {
    let report = analyze_conversion(src, dst).unwrap();
    let counts = report.counts.unwrap();
    assert_eq!(report.kind, kind, "{}", report.minimal);
    assert_eq!(counts.kind(), kind, "{counts:?}");
    let slots = 1u64 << dst.total_in_bits();
    assert_eq!(
        counts.stay + counts.register + counts.lane + counts.warp,
        slots
    );
    counts
}

#[test]
fn a_layout_converted_to_itself_is_a_no_op() {
    let layouts = [
        blocked(&[2, 2], &[4, 8], &[2, 2], &[1, 0], &[32, 32]),
        blocked(&[1, 4], &[8, 4], &[4, 1], &[0, 1], &[64, 16]),
        TritonLayout::NvidiaMma(NvidiaMma::new(2, 0, vec![2, 2], vec![16, 8]).unwrap())
            .to_linear_layout(&[32, 16])
            .unwrap(),
    ];
    for layout in &layouts {
        let counts = check(layout, layout, ConversionKind::NoOp);
        assert_eq!(counts.stay, 1 << layout.total_in_bits());
        assert_eq!(
            analyze_conversion(layout, layout).unwrap().minimal,
            LinearLayout::empty()
        );
    }
}

#[test]
fn another_order_of_registers_alone_is_a_register_permute() {
    // one column of 32 lanes: order moves only the registers of each thread's 2×2 block
    let row_major = blocked(&[2, 2], &[32, 1], &[1, 1], &[1, 0], &[64, 4]);
    let column_major = blocked(&[2, 2], &[32, 1], &[1, 1], &[0, 1], &[64, 4]);
    let counts = check(&row_major, &column_major, ConversionKind::RegisterPermute);
    // registers 0 and 3 of each 2×2 block stay; 1 and 2 swap (and so do the repeats)
    assert_eq!((counts.stay, counts.register), (128, 128));
    let report = analyze_conversion(&row_major, &column_major).unwrap();
    assert_eq!(report.minimal.out_dims().collect::<Vec<_>>(), ["register"]);
}

#[test]
fn another_order_of_lanes_within_one_warp_is_a_warp_shuffle() {
    let row_major = blocked(&[1, 1], &[4, 8], &[1, 1], &[1, 0], &[16, 16]);
    let column_major = blocked(&[1, 1], &[4, 8], &[1, 1], &[0, 1], &[16, 16]);
    let counts = check(&row_major, &column_major, ConversionKind::WarpShuffle);
    assert_eq!(counts.warp, 0);
    assert!(counts.lane > 0);
}

#[test]
fn another_order_of_warps_goes_through_shared_memory() {
    let row_major = blocked(&[1, 1], &[4, 8], &[2, 2], &[1, 0], &[16, 32]);
    let column_major = blocked(&[1, 1], &[4, 8], &[2, 2], &[0, 1], &[16, 32]);
    let counts = check(&row_major, &column_major, ConversionKind::SharedMemory);
    assert!(counts.warp > 0);
    // and the same with registers too
    let row_major = blocked(&[2, 2], &[4, 8], &[2, 2], &[1, 0], &[32, 64]);
    let column_major = blocked(&[2, 2], &[4, 8], &[2, 2], &[0, 1], &[32, 64]);
    check(&row_major, &column_major, ConversionKind::SharedMemory);
}

#[test]
fn blocked_to_mma_accumulator_and_back_are_warp_shuffles() {
    let mma = TritonLayout::NvidiaMma(NvidiaMma::new(2, 0, vec![1, 1], vec![16, 8]).unwrap())
        .to_linear_layout(&[16, 8])
        .unwrap();
    let blocked = blocked(&[1, 1], &[4, 8], &[1, 1], &[1, 0], &[16, 8]);
    check(&blocked, &mma, ConversionKind::WarpShuffle);
    check(&mma, &blocked, ConversionKind::WarpShuffle);
}

#[test]
fn layouts_of_different_tensors_are_errors() {
    let a = blocked(&[1, 1], &[4, 8], &[1, 1], &[1, 0], &[16, 16]);
    let b = blocked(&[1, 1], &[4, 8], &[1, 1], &[1, 0], &[16, 32]);
    assert!(matches!(
        analyze_conversion(&a, &b),
        Err(LayoutError::BadArgument { .. })
    ));
    assert!(matches!(
        movement_counts(&a, &b),
        Err(LayoutError::BadArgument { .. })
    ));
}

proptest::proptest! {
    /// Over blocked layouts that differ in order (and so in registers, lanes or warps), the
    /// verdict is the brute-force one whenever neither layout broadcasts.
    #[test]
    fn the_quotient_verdict_is_the_brute_force_one_for_blocked_layouts(
        spt in proptest::sample::select(vec![[1u32, 1], [1, 2], [2, 1], [2, 2], [4, 1]]),
        tpw in proptest::sample::select(vec![[1u32, 32], [2, 16], [4, 8], [8, 4], [32, 1]]),
        wpc in proptest::sample::select(vec![[1u32, 1], [1, 2], [2, 1], [2, 2], [4, 1]]),
        repeat in proptest::sample::select(vec![[1u32, 1], [1, 2], [2, 1]]),
        src_order in proptest::sample::select(vec![[0u32, 1], [1, 0]]),
        dst_order in proptest::sample::select(vec![[0u32, 1], [1, 0]]),
        dst_tpw in proptest::sample::select(vec![[1u32, 32], [2, 16], [4, 8], [8, 4], [32, 1]]),
    ) {
        let shape = [0, 1].map(|d| spt[d] * tpw[d].max(dst_tpw[d]) * wpc[d] * repeat[d]);
        let src = blocked(&spt, &tpw, &wpc, &src_order, &shape);
        let dst = blocked(&spt, &dst_tpw, &wpc, &dst_order, &shape);
        let report = analyze_conversion(&src, &dst).unwrap();
        proptest::prop_assert_eq!(report.kind, report.counts.unwrap().kind(), "{}", report.minimal);
    }
}
