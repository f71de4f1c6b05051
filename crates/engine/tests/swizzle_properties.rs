//! Swizzles and composed layouts by their laws, on generated swizzles and layouts
//! (`PROPTEST_CASES` overrides the case count; 256 by default).
#![cfg(not(target_arch = "wasm32"))]

use testkit::cases;

use layout_lab_engine::cute::{
    pycute::algebra, ComposedLayout, IntTuple, Layout, Notation, Swizzle,
};
use proptest::prelude::*;

/// Any admissible swizzle with `B + M + |S| <= 12`.
fn any_swizzle() -> impl Strategy<Value = Swizzle> {
    (0i64..=3, 0i64..=4, 0i64..=5, any::<bool>()).prop_map(|(b, m, extra, negative)| {
        let shift = (b + extra).min(12 - b - m).max(b);
        let shift = if negative { -shift } else { shift };
        Swizzle::new(b, m, shift).expect("admissible by construction")
    })
}

/// A flat layout of rank 1..=3, sizes 1..=8, strides 0..=40.
fn any_layout() -> impl Strategy<Value = Layout> {
    prop::collection::vec((1i64..=8, 0i64..=40), 1..=3).prop_map(|modes| {
        let (s, d): (Vec<_>, Vec<_>) = modes
            .into_iter()
            .map(|(s, d)| (IntTuple::Int(s), IntTuple::Int(d)))
            .unzip();
        Layout::new(IntTuple::Tuple(s), IntTuple::Tuple(d)).expect("congruent by construction")
    })
}

fn any_composed() -> impl Strategy<Value = ComposedLayout> {
    (any_swizzle(), 0i64..=64, any_layout())
        .prop_map(|(sw, offset, layout)| ComposedLayout::new(sw, offset, layout))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// `sw(sw(x)) = x`, and `sw(x) = x` outside the bits it XORs into.
    #[test]
    fn a_swizzle_is_an_involution_that_only_changes_its_target_bits(sw in any_swizzle(), x in 0i64..1 << 16) {
        prop_assert_eq!(sw.apply(sw.apply(x)), x);
        prop_assert_eq!(sw.apply(x) & !sw.zzz_mask(), x & !sw.zzz_mask());
        // brute force: each target bit XORed with its source bit
        let mut expected = x;
        for k in 0..sw.bits() {
            let source = sw.base() + sw.shift().max(0) + k;
            let target = sw.base() - sw.shift().min(0) + k;
            expected ^= ((x >> source) & 1) << target;
        }
        prop_assert_eq!(sw.apply(x), expected);
    }

    /// `L(i) = sw(offset + layout(i))` for every i, and the notation reads back in both dialects.
    #[test]
    fn composed_layouts_evaluate_and_read_back(composed in any_composed()) {
        let values = composed.values(1 << 12).unwrap();
        let inner = composed.layout().values(1 << 12).unwrap();
        prop_assert_eq!(values.len() as i64, composed.size().unwrap());
        for (v, i) in values.iter().zip(inner) {
            prop_assert_eq!(*v, composed.swizzle().apply(composed.offset() + i));
        }
        for notation in [Notation::Cute, Notation::Python] {
            let text = composed.to_notation(notation);
            prop_assert_eq!(ComposedLayout::parse(&text), Ok(composed.clone()), "{}", text);
        }
        let cute = composed.to_string().replace("o 0 o", "o _0 o");
        prop_assert_eq!(ComposedLayout::parse(&cute), Ok(composed));
    }

    /// `composition(sw∘o∘A, B)(i) = (sw∘o∘A)(B(i))` wherever the composition is defined, for
    /// `i < size(R) <= size(B)` (pycute truncates a B whose shape does not divide A's modes).
    #[test]
    fn composition_with_a_layout_is_the_function_composition(a in any_composed(), b in any_layout()) {
        if let Ok(r) = a.composition(&b) {
            prop_assert_eq!(Ok(r.layout().clone()), algebra::composition(a.layout(), &b));
            let n = r.size().unwrap();
            prop_assert!(n <= b.size().unwrap());
            for i in 0..n {
                prop_assert_eq!(r.call(i).unwrap(), a.call(b.call(i).unwrap()).unwrap());
            }
        }
    }
}
