//! Properties of the drawing models against the standard library: the morphism diagram's
//! float-free fixed-point printer.
#![cfg(not(target_arch = "wasm32"))]

use layout_lab_model::draw::diagram::fixed;
use proptest::prelude::*;

proptest! {
    /// The diagram's float-free fixed-point printer writes what `format!("{x:.2}")` writes,
    /// for the rationals diagrams place (row and tree positions) and for arbitrary floats.
    #[test]
    fn fixed_point_printing_matches_the_standard_library(
        m in 0u32..100_000,
        k in 1u32..4096,
        x in -1.0e9f64..1.0e9,
    ) {
        let placed = 0.8 * f64::from(m) / f64::from(k);
        prop_assert_eq!(fixed(placed, 2), format!("{placed:.2}"));
        prop_assert_eq!(fixed(x, 2), format!("{x:.2}"));
        prop_assert_eq!(fixed(x, 0), format!("{x:.0}"));
        let tie = f64::from(m) / 8.0;
        prop_assert_eq!(fixed(tie, 2), format!("{tie:.2}"));
    }
}
