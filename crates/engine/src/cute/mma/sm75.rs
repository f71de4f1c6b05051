//! Turing (`SM75`) MMA atoms, transcribed from CUTLASS 4.2 `cute/atom/mma_traits_sm75.hpp`.

use super::AtomSpec;

pub(super) const ATOMS: &[AtomSpec] = &[
    AtomSpec {
        name: "SM75_16x8x8_F32F16F16F32_TN",
        shape_mnk: [16, 8, 8],
        thr_id: "_32:_1",
        a: "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
        b: "((_4,_8),_2):((_16,_1),_8)",
        c: "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))",
    },
    AtomSpec {
        name: "SM75_8x8x16_S32S8S8S32_TN",
        shape_mnk: [8, 8, 16],
        thr_id: "_32:_1",
        a: "((_4,_8),_4):((_32,_1),_8)",
        b: "((_4,_8),_4):((_32,_1),_8)",
        c: "((_4,_8),_2):((_16,_1),_8)",
    },
];
