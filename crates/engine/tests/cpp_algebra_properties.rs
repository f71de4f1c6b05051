//! CuTe C++'s algebra (static and dynamic integers) by its laws on generated layouts, and never
//! a panic on any input (`PROPTEST_CASES` overrides the case count; 256 by default). Its shapes
//! are checked against C++ itself by the shared vectors and `scripts/differential`.
#![cfg(not(target_arch = "wasm32"))]

use testkit::cases;

use layout_lab_engine::cute::{CppInt, CppLayout, CppTiler, CppTuple};
use proptest::prelude::*;

fn int(value: i64, is_static: bool) -> CppTuple {
    CppTuple::Int(if is_static {
        CppInt::fixed(value)
    } else {
        CppInt::dynamic(value)
    })
}

/// A layout of rank 1..=3 (a mode nested once at times), shapes and strides powers of two
/// (so CuTe's divisibility conditions hold), each integer static or dynamic.
fn pow2_layout() -> impl Strategy<Value = CppLayout> {
    let leaf = (0u32..=3, 0u32..=6, any::<bool>(), any::<bool>());
    (prop::collection::vec(leaf, 1..=3), any::<bool>()).prop_map(|(modes, nest)| {
        let (mut shape, mut stride): (Vec<_>, Vec<_>) = modes
            .into_iter()
            .map(|(s, d, s_static, d_static)| (int(1 << s, s_static), int(1 << d, d_static)))
            .unzip();
        if nest && shape.len() == 3 {
            let (s2, d2) = (shape.pop().unwrap(), stride.pop().unwrap());
            let (s1, d1) = (shape.pop().unwrap(), stride.pop().unwrap());
            shape.push(CppTuple::Tuple(vec![s1, s2]));
            stride.push(CppTuple::Tuple(vec![d1, d2]));
        }
        CppLayout::new(CppTuple::Tuple(shape), CppTuple::Tuple(stride)).unwrap()
    })
}

/// Any small layout: arbitrary (even zero and negative) integers, static or dynamic.
fn any_layout() -> impl Strategy<Value = CppLayout> {
    let leaf = (-9i64..=40, -9i64..=40, any::<bool>(), any::<bool>());
    prop::collection::vec(leaf, 1..=3).prop_map(|modes| {
        let (shape, stride): (Vec<_>, Vec<_>) = modes
            .into_iter()
            .map(|(s, d, a, b)| (int(s, a), int(d, b)))
            .unzip();
        CppLayout::new(CppTuple::Tuple(shape), CppTuple::Tuple(stride)).unwrap()
    })
}

fn values(layout: &CppLayout) -> Vec<i64> {
    layout.to_layout().unwrap().values(1 << 16).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    /// `coalesce` keeps `L(i)` on the domain.
    #[test]
    fn coalesce_keeps_the_function(a in pow2_layout()) {
        let coalesced = a.coalesce().unwrap();
        prop_assert_eq!(values(&coalesced), values(&a));
    }

    /// With power-of-two shapes and strides, `R = A ∘ B` is `R(i) = A(B(i))` for every
    /// `i < size(B)` where `B` stays in `A`'s domain.
    #[test]
    fn composition_composes(a in pow2_layout(), n in 0u32..=4, d in 0u32..=4, b_static in any::<bool>()) {
        let size = a.size().unwrap().value();
        let (mut n, d) = (1i64 << n, 1i64 << d);
        while (n - 1) * d >= size {
            n /= 2;
        }
        let b = CppLayout::new(int(n, b_static), int(d, true)).unwrap();
        let r = a.compose(&b).unwrap();
        let a_values = values(&a);
        let r_values = values(&r);
        prop_assert_eq!(r_values.len() as i64, n);
        for (i, v) in r_values.iter().enumerate() {
            prop_assert_eq!(*v, a_values[(i as i64 * d) as usize], "{} o {} = {}", a, b, r);
        }
    }

    /// A divide by `n:_1` with `n | size(A)` reorders `A`'s values, losing and adding none.
    #[test]
    fn logical_divide_permutes(a in pow2_layout(), n in 0u32..=3, n_static in any::<bool>()) {
        let size = a.size().unwrap().value();
        let n = 1i64 << n;
        prop_assume!(size % n == 0);
        let tiler = CppTiler::Layout(CppLayout::new(int(n, n_static), int(1, true)).unwrap());
        let divided = a.logical_divide(&tiler).unwrap();
        let mut got = values(&divided);
        let mut expect = values(&a);
        got.sort_unstable();
        expect.sort_unstable();
        prop_assert_eq!(got, expect, "{} / {} = {}", a, tiler, divided);
    }

    /// Every operation on any layout and tiler returns, result or error, without panicking.
    #[test]
    fn nothing_panics(a in any_layout(), b in any_layout(), n in -3i64..=130) {
        let _ = a.coalesce();
        let _ = a.filter();
        let _ = a.cosize();
        let _ = a.complement(b.shape());
        let _ = a.compose(&b);
        let tilers = [
            CppTiler::Layout(b.clone()),
            CppTiler::Int(CppInt::dynamic(n)),
            CppTiler::Tuple(vec![CppTiler::Layout(b.clone()), CppTiler::Underscore]),
        ];
        for tiler in &tilers {
            let _ = a.compose_tiler(tiler);
            let _ = a.logical_divide(tiler);
            let _ = a.zipped_divide(tiler);
            let _ = a.tiled_divide(tiler);
        }
        let _ = a.logical_product(&b);
        let _ = a.blocked_product(&b);
        let _ = a.tile_to_shape(b.shape());
        let _ = a.upcast(n);
        let _ = a.downcast(n);
        let _ = a.recast(n, 16);
    }

    /// The parsers return, result or error, on any text.
    #[test]
    fn parsers_never_panic(text in "[-_0-9(),: o<>SwA-Za-z\\[\\]]{0,40}") {
        let _ = CppLayout::parse(&text);
        let _ = CppTiler::parse(&text);
        let _ = layout_lab_engine::cute::CppComposedLayout::parse(&text);
        let _ = layout_lab_engine::cute::GmmaAtom::parse(&text);
    }
}
