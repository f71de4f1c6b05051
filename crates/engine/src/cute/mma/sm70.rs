//! Volta (`SM70`) MMA atoms, transcribed from CUTLASS 4.2 `cute/atom/mma_traits_sm70.hpp`: the
//! quad-pair `8x8x4` HMMA, with `A`/`B` row (`T`) or column (`N`) major and an F16 or F32
//! accumulator.

use super::AtomSpec;

/// `SM70_QuadPair`: threads 0-3 and 16-19 of a warp form one quad pair.
const QUAD_PAIR: &str = "(_4,_2):(_1,_16)";
const ROW_8X4: &str = "(_8,_4):(_1,_8)";
const COL_8X4: &str = "((_4,_2),_4):((_8,_4),_1)";
const C_8X8_16B: &str = "(_8,_8):(_1,_8)";
const C_8X8_32B: &str = "((_2,_2,_2),(_2,_2,_2)):((_1,_16,_4),(_8,_2,_32))";

const fn atom(name: &'static str, a: &'static str, b: &'static str, c: &'static str) -> AtomSpec {
    AtomSpec {
        name,
        shape_mnk: [8, 8, 4],
        thr_id: QUAD_PAIR,
        a,
        b,
        c,
    }
}

pub(super) const ATOMS: &[AtomSpec] = &[
    atom("SM70_8x8x4_F16F16F16F16_TN", ROW_8X4, ROW_8X4, C_8X8_16B),
    atom("SM70_8x8x4_F16F16F16F16_NT", COL_8X4, COL_8X4, C_8X8_16B),
    atom("SM70_8x8x4_F16F16F16F16_NN", COL_8X4, ROW_8X4, C_8X8_16B),
    atom("SM70_8x8x4_F16F16F16F16_TT", ROW_8X4, COL_8X4, C_8X8_16B),
    atom("SM70_8x8x4_F32F16F16F32_TN", ROW_8X4, ROW_8X4, C_8X8_32B),
    atom("SM70_8x8x4_F32F16F16F32_NT", COL_8X4, COL_8X4, C_8X8_32B),
    atom("SM70_8x8x4_F32F16F16F32_NN", COL_8X4, ROW_8X4, C_8X8_32B),
    atom("SM70_8x8x4_F32F16F16F32_TT", ROW_8X4, COL_8X4, C_8X8_32B),
];
