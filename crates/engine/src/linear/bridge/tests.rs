use proptest::prelude::*;

use super::*;

fn offset_of(layout: &LinearLayout, dim: &str, x: u32) -> u32 {
    layout.apply(&[(dim, x)]).unwrap()[0].1
}

/// The law: `L(x) == Sw(x)` for every offset of the layout, and back to the same swizzle
/// (or to one with the same function when `B = 0`).
#[track_caller]
fn check_swizzle(b: i64, m: i64, s: i64) {
    let swizzle = Swizzle::new(b, m, s).unwrap();
    let layout = swizzle_to_linear(swizzle).unwrap();
    assert_eq!(layout.total_in_bits() as i64, b + m + s.abs());
    assert!(layout.is_invertible(), "{layout}");
    for x in 0..1u32 << layout.total_in_bits() {
        assert_eq!(
            i64::from(offset_of(&layout, OFFSET_DIM, x)),
            swizzle.apply(i64::from(x)),
            "Sw<{b},{m},{s}>({x})"
        );
    }
    let back = linear_to_swizzle(&layout).unwrap();
    if b == 0 {
        assert_eq!(back, Swizzle::identity());
    } else {
        assert_eq!(back, swizzle);
    }
}

#[test]
fn swizzles_are_linear_layouts_that_agree_on_every_offset() {
    for (b, m, s) in [
        (0, 0, 0),
        (0, 4, 3),
        (1, 0, 1),
        (2, 0, 3),
        (3, 4, 3),
        (3, 3, 3),
        (2, 4, 3),
        (1, 4, 3),
        (3, 4, 4),
        (2, 1, -3),
        (3, 0, -4),
    ] {
        check_swizzle(b, m, s);
    }
}

proptest! {
    #[test]
    fn every_small_swizzle_round_trips(
        b in 0i64..5,
        m in 0i64..5,
        extra in 0i64..4,
        negative: bool,
    ) {
        let s = if negative { -(b + extra).max(1) } else { b + extra };
        check_swizzle(b, m, s);
    }
}

fn offset_layout(bases: &[u32], out_size: u32) -> LinearLayout {
    LinearLayout::new(
        vec![(OFFSET_DIM.into(), bases.iter().map(|b| vec![*b]).collect())],
        vec![(OFFSET_DIM.into(), out_size)],
        false,
    )
    .unwrap()
}

#[track_caller]
fn refused_swizzle(layout: &LinearLayout, reason: &str) {
    match linear_to_swizzle(layout) {
        Err(LayoutError::BadArgument { expected, .. }) => {
            assert!(expected.contains(reason), "{expected}")
        }
        other => panic!("{layout}: {other:?}"),
    }
}

#[test]
fn a_linear_layout_that_is_no_swizzle_says_why() {
    // bit 2 into bits 0 and 1 at once
    refused_swizzle(&offset_layout(&[1, 2, 0b111], 8), "at most one other bit");
    // bit 2 -> 0 (shift 2) and bit 3 -> 2 (shift 1)
    refused_swizzle(&offset_layout(&[1, 2, 0b101, 0b1100], 16), "one shift");
    // sources 2 and 4 with the same shift 2, not one run
    refused_swizzle(&offset_layout(&[1, 2, 0b101, 8, 0b10100], 32), "one run");
    // a bit swap is a permutation, not an XOR
    refused_swizzle(&offset_layout(&[2, 1], 4), "bit 0 plus");
    // sources 1, 2 shifted by 1 overlap their targets 0, 1
    refused_swizzle(&offset_layout(&[1, 3, 6], 8), "|S| >= B");
    refused_swizzle(&offset_layout(&[1, 2], 8), "as large as the input");
    let other = LinearLayout::identity_1d(4, "register", "dim0").unwrap();
    refused_swizzle(&other, "both `offset`");
}

#[track_caller]
fn check_cute(text: &str, coalesced: &str) {
    let layout = Layout::parse(text).unwrap();
    let linear = cute_layout_to_linear(&layout).unwrap();
    for i in 0..layout.size().unwrap() {
        assert_eq!(
            i64::from(offset_of(&linear, INDEX_DIM, i as u32)),
            layout.call(i).unwrap(),
            "{text} at {i}"
        );
    }
    let back = linear_to_cute_layout(&linear).unwrap();
    assert_eq!(back.to_string(), coalesced, "{linear}");
    for i in 0..layout.size().unwrap() {
        assert_eq!(back.call(i).unwrap(), layout.call(i).unwrap());
    }
}

#[test]
fn power_of_two_cute_layouts_are_linear_and_come_back_coalesced() {
    check_cute("(4,8):(8,1)", "(4,8):(8,1)");
    check_cute("(2,4):(1,2)", "8:1");
    check_cute("((2,2),8):((1,32),2)", "(2,2,8):(1,32,2)");
    check_cute("(4,2,4):(2,0,16)", "(4,2,4):(2,0,16)");
    check_cute("(2,2,4):(0,0,1)", "(4,4):(0,1)");
    check_cute("8:4", "8:4");
    check_cute("1:0", "1:0");
}

#[track_caller]
fn refused_cute(text: &str, reason: &str) {
    match cute_layout_to_linear(&Layout::parse(text).unwrap()) {
        Err(LayoutError::BadArgument { expected, .. }) => {
            assert!(expected.contains(reason), "{text}: {expected}")
        }
        other => panic!("{text}: {other:?}"),
    }
}

#[test]
fn a_cute_layout_with_no_linear_form_says_why() {
    refused_cute("(3,4):(1,3)", "power-of-two shapes");
    refused_cute("(4,4):(1,6)", "strides 0 or a power of two");
    refused_cute("(4,4):(1,-4)", "strides 0 or a power of two");
    // index 1 and index 4 both reach offset 2: CuTe adds
    refused_cute("(4,2):(1,2)", "images of distinct bits");
}

#[test]
fn a_linear_layout_with_no_cute_form_says_why() {
    let refused = |layout: &LinearLayout, reason: &str| match linear_to_cute_layout(layout) {
        Err(LayoutError::BadArgument { expected, .. }) => {
            assert!(expected.contains(reason), "{expected}")
        }
        other => panic!("{layout}: {other:?}"),
    };
    let xor = swizzle_to_linear(Swizzle::new(1, 0, 1).unwrap()).unwrap();
    refused(&xor, "mixes bits");
    refused(&offset_layout(&[2, 2], 4), "distinct images");
    let two_dims = LinearLayout::identity_1d(4, "register", "dim0")
        .unwrap()
        .product(&LinearLayout::identity_1d(4, "lane", "dim1").unwrap())
        .unwrap();
    refused(&two_dims, "one input and one output");
}

proptest! {
    /// Any linear layout whose bases are distinct powers of two or zero is a CuTe layout with
    /// the same function.
    #[test]
    fn permutation_layouts_become_cute_layouts(
        order in Just((0u32..6).collect::<Vec<_>>()).prop_shuffle(),
        zeros in proptest::collection::vec(any::<bool>(), 6),
    ) {
        let bases: Vec<u32> = order
            .iter()
            .zip(&zeros)
            .map(|(k, z)| if *z { 0 } else { 1 << k })
            .collect();
        let linear = offset_layout(&bases, 64);
        let cute = linear_to_cute_layout(&linear).unwrap();
        for x in 0..64u32 {
            let want = cute.call(i64::from(x)).unwrap();
            prop_assert_eq!(i64::from(offset_of(&linear, OFFSET_DIM, x)), want);
        }
    }
}
