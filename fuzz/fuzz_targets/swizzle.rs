//! Swizzled layouts in CuTe and pycute notation, their values, and a warp's bank conflicts
//! over what parses; the same text as CuTe C++'s composed layout (static `_8` and dynamic `8`
//! integers, `smem_ptr[16b](unset)`), with C++'s divide and tile_to_shape on it.
#![no_main]
use engine::access::{AccessKind, BankReport, Banks, SectorReport, WarpAccess};
use engine::cute::{
    element_offsets, ComposedLayout, CppComposedLayout, CppInt, CppLayout, CppTiler, CppTuple,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(cpp) = CppComposedLayout::parse(text) {
        let printed = cpp.to_string();
        if printed.len() <= 4096 {
            assert_eq!(
                CppComposedLayout::parse(&printed).as_ref(),
                Ok(&cpp),
                "{printed}"
            );
        }
        let tiler = CppTiler::Layout(
            CppLayout::new(
                CppTuple::Int(CppInt::dynamic(2)),
                CppTuple::Int(CppInt::fixed(1)),
            )
            .expect("congruent"),
        );
        let _ = cpp.zipped_divide(&tiler);
        let _ = cpp.tiled_divide(&tiler);
        let _ = cpp.upcast(2);
        let target = CppTuple::Tuple(vec![CppTuple::Int(CppInt::fixed(64)); 2]);
        if let Ok(tiled) = cpp.tile_to_shape(&target) {
            let _ = element_offsets(&tiled, 1 << 12);
        }
    }
    if let Ok(composed) = ComposedLayout::parse(text) {
        let _ = composed.size();
        let _ = composed.cosize();
        // what prints within the parser's length limit reads back the same
        let printed = composed.to_string();
        if printed.len() <= 4096 {
            assert_eq!(
                ComposedLayout::parse(&printed).as_ref(),
                Ok(&composed),
                "{printed}"
            );
        }
        if let Ok(values) = composed.values(1 << 12) {
            // the first 32 values as the 4-byte words of a warp's load
            let offsets: Vec<i64> = (0..32)
                .map(|t| values.get(t).map_or(0, |v| v.wrapping_mul(4)))
                .collect();
            if let Ok(access) = WarpAccess::new(AccessKind::Load { bytes: 4 }, &offsets) {
                let report = BankReport::of(&access, Banks::Nvidia32);
                assert!(report.degree() >= 1 && report.degree() <= 32);
                let _ = SectorReport::of(&access);
            }
        }
    }
});
