//! The CuTe algebra's defining laws over the whole domain, on generated layouts
//! (`PROPTEST_CASES` overrides the case count; 256 by default).
#![cfg(not(target_arch = "wasm32"))]

use testkit::cases;

use std::collections::BTreeSet;

use layout_lab_engine::cute::pycute::algebra::{
    coalesce, complement, composition, filter, left_inverse, make_layout, right_inverse,
};
use layout_lab_engine::cute::{IntTuple, Layout};
use proptest::prelude::*;

fn values(layout: &Layout) -> Vec<i64> {
    layout.values(1 << 16).expect("generated layouts are small")
}

fn tuple(items: Vec<IntTuple>) -> IntTuple {
    IntTuple::Tuple(items)
}

/// Any layout of rank 1..=3 and depth <= 2 with sizes 1..=4 and strides 0..=12.
fn any_layout() -> impl Strategy<Value = Layout> {
    let leaf = (1i64..=4, 0i64..=12);
    let mode = prop_oneof![
        leaf.clone()
            .prop_map(|(s, d)| (IntTuple::Int(s), IntTuple::Int(d))),
        prop::collection::vec(leaf, 1..=2).prop_map(|leaves| {
            let (s, d): (Vec<_>, Vec<_>) = leaves
                .into_iter()
                .map(|(s, d)| (IntTuple::Int(s), IntTuple::Int(d)))
                .unzip();
            (tuple(s), tuple(d))
        }),
    ];
    prop::collection::vec(mode, 1..=3).prop_map(|modes| {
        let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
        Layout::new(tuple(s), tuple(d)).expect("congruent by construction")
    })
}

/// An injective flat layout: modes in a random order whose strides step over the previous
/// modes' extent, with gaps of 1 or 2.
fn injective_layout() -> impl Strategy<Value = Layout> {
    prop::collection::vec((2i64..=4, 1i64..=2), 1..=3)
        .prop_flat_map(|modes| {
            let n = modes.len();
            (Just(modes), Just((0..n).collect::<Vec<_>>()).prop_shuffle())
        })
        .prop_map(|(modes, order)| {
            let mut strides = vec![0i64; modes.len()];
            let mut reach = 1i64;
            for &k in &order {
                let (size, gap) = modes[k];
                strides[k] = reach * gap;
                reach = strides[k] * size;
            }
            let shape = tuple(modes.iter().map(|m| IntTuple::Int(m.0)).collect());
            let stride = tuple(strides.into_iter().map(IntTuple::Int).collect());
            Layout::new(shape, stride).expect("congruent by construction")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// coal(L) has the same size and layout function as L.
    #[test]
    fn coalesce_keeps_the_layout_function(l in any_layout()) {
        let c = coalesce(&l);
        prop_assert_eq!(c.size().unwrap(), l.size().unwrap());
        prop_assert_eq!(values(&c), values(&l));
        prop_assert!(c.depth() <= 1);
    }

    /// filter(L) drops stride-0 and size-1 modes: same image, no stride 0 unless empty.
    #[test]
    fn filter_keeps_the_image(l in any_layout()) {
        let f = filter(&l);
        let image: BTreeSet<i64> = values(&l).into_iter().collect();
        let filtered: BTreeSet<i64> = values(&f).into_iter().collect();
        prop_assert_eq!(filtered, image);
        let kept: Vec<(i64, i64)> = f.flat_modes();
        prop_assert!(kept == vec![(1, 0)] || kept.iter().all(|&(_, d)| d != 0));
    }

    /// (L, complement(L, M)) is injective and its image is exactly [0, size(L)·size(C)).
    #[test]
    fn complement_images_are_disjoint_and_cover(l in injective_layout(), extra in 1i64..=3) {
        let bound = l.cosize().unwrap() * extra;
        let c = complement(&l, bound).unwrap();
        let both = make_layout(&[l.clone(), c.clone()]).unwrap();
        let image: Vec<i64> = values(&both);
        let distinct: BTreeSet<i64> = image.iter().copied().collect();
        prop_assert_eq!(distinct.len(), image.len(), "disjoint");
        let n = l.size().unwrap() * c.size().unwrap();
        prop_assert_eq!(distinct, (0..n).collect::<BTreeSet<_>>(), "covers");
        prop_assert!(n >= bound, "reaches the bound");
    }

    /// Whenever composition succeeds, R(i) = A(B(i)) for every i < size(R) <= size(B) (pycute
    /// truncates a B whose shape does not divide, and the reference vectors keep those results;
    /// see `algebra::composition`); compact prefixes always compose in full.
    #[test]
    fn composition_law(a in any_layout(), b in any_layout()) {
        if let Ok(r) = composition(&a, &b) {
            prop_assert!(r.size().unwrap() <= b.size().unwrap());
            for i in 0..r.size().unwrap() {
                prop_assert_eq!(r.call(i).unwrap(), a.call(b.call(i).unwrap()).unwrap());
            }
        }
        // A compact layout composed with a stride-1 prefix of it is always admissible.
        let compact = Layout::compact(a.shape().clone()).unwrap();
        let prefix = Layout::new(IntTuple::Int(a.size().unwrap()), IntTuple::Int(1)).unwrap();
        let r = composition(&compact, &prefix).unwrap();
        prop_assert_eq!(values(&r), (0..a.size().unwrap()).collect::<Vec<_>>());
    }

    /// L(R(i)) = i on the right inverse's domain; Li(L(i)) = i for an injective L.
    #[test]
    fn inverses_invert(l in any_layout(), inj in injective_layout()) {
        let r = right_inverse(&l).unwrap();
        for i in 0..r.size().unwrap() {
            prop_assert_eq!(l.call(r.call(i).unwrap()).unwrap(), i);
        }
        let left = left_inverse(&inj).unwrap();
        for i in 0..inj.size().unwrap() {
            prop_assert_eq!(left.call(inj.call(i).unwrap()).unwrap(), i);
        }
    }
}
