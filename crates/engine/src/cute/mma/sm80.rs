//! Ampere (`SM80`) and Ada (`SM89`) warp-level MMA atoms, transcribed from CUTLASS 4.2
//! `cute/atom/mma_traits_sm80.hpp` and `mma_traits_sm89.hpp`. Atoms that differ only in their
//! element types share one entry's layouts (CuTe's traits inherit them the same way).

const WARP: &str = "_32:_1";
const SM80_8X4: &str = "((_4,_8),_1):((_8,_1),_0)";
const SM80_8X8_ROW: &str = "((_4,_8),_2):((_16,_1),_8)";
const SM80_8X16_ROW: &str = "((_4,_8),_4):((_32,_1),_8)";
const SM80_16X8_ROW: &str = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
const A_16X8X16: &str = "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))";
const B_16X8X16: &str = "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))";
const A_16X8X4_TF32: &str = "((_4,_8),_2):((_16,_1),_8)";
const A_16X8X8_TF32: &str = "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))";
const B_16X8X8_TF32: &str = "((_4,_8),_2):((_8,_1),_32)";
const A_16X8X16_S8: &str = "((_4,_8),(_4,_2)):((_64,_1),(_16,_8))";
const A_16X8X32_S8: &str = "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))";
const B_16X8X32_S8: &str = "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))";

/// One layout family: the element types in the name, then its shape and layouts.
pub(super) struct Family {
    /// `{}` stands for each of `types`.
    pub pattern: &'static str,
    pub types: &'static [&'static str],
    pub shape_mnk: [i64; 3],
    pub a: &'static str,
    pub b: &'static str,
    pub c: &'static str,
}

const F16: &[&str] = &["F16F16F16F16", "F32F16F16F32", "F32BF16BF16F32"];
const INT8: &[&str] = &[
    "S32S8S8S32",
    "S32S8U8S32",
    "S32U8S8S32",
    "S32U8U8S32",
    "S32S8S8S32_TN_SATURATE",
    "S32S8U8S32_TN_SATURATE",
    "S32U8S8S32_TN_SATURATE",
    "S32U8U8S32_TN_SATURATE",
];
const FP8: &[&str] = &[
    "F32E4M3E4M3F32",
    "F32E4M3E5M2F32",
    "F32E5M2E5M2F32",
    "F32E5M2E4M3F32",
    "F16E4M3E4M3F16",
    "F16E4M3E5M2F16",
    "F16E5M2E5M2F16",
    "F16E5M2E4M3F16",
];

pub(super) const FAMILIES: &[Family] = &[
    Family {
        pattern: "SM80_16x8x8_{}_TN",
        types: F16,
        shape_mnk: [16, 8, 8],
        a: SM80_16X8_ROW,
        b: SM80_8X8_ROW,
        c: SM80_16X8_ROW,
    },
    Family {
        pattern: "SM80_16x8x16_{}_TN",
        types: F16,
        shape_mnk: [16, 8, 16],
        a: A_16X8X16,
        b: B_16X8X16,
        c: SM80_16X8_ROW,
    },
    Family {
        pattern: "SM80_16x8x4_{}_TN",
        types: &["F32TF32TF32F32"],
        shape_mnk: [16, 8, 4],
        a: A_16X8X4_TF32,
        b: SM80_8X4,
        c: SM80_16X8_ROW,
    },
    Family {
        pattern: "SM80_16x8x8_{}_TN",
        types: &["F32TF32TF32F32"],
        shape_mnk: [16, 8, 8],
        a: A_16X8X8_TF32,
        b: B_16X8X8_TF32,
        c: SM80_16X8_ROW,
    },
    Family {
        pattern: "SM80_8x8x4_{}_TN",
        types: &["F64F64F64F64", "C64C64C64C64"],
        shape_mnk: [8, 8, 4],
        a: SM80_8X4,
        b: SM80_8X4,
        c: SM80_8X8_ROW,
    },
    Family {
        pattern: "SM80_8x8x16_{}",
        types: INT8,
        shape_mnk: [8, 8, 16],
        a: SM80_8X16_ROW,
        b: SM80_8X16_ROW,
        c: SM80_8X8_ROW,
    },
    Family {
        pattern: "SM80_16x8x16_{}",
        types: INT8,
        shape_mnk: [16, 8, 16],
        a: A_16X8X16_S8,
        b: SM80_8X16_ROW,
        c: SM80_16X8_ROW,
    },
    Family {
        pattern: "SM80_16x8x32_{}",
        types: INT8,
        shape_mnk: [16, 8, 32],
        a: A_16X8X32_S8,
        b: B_16X8X32_S8,
        c: SM80_16X8_ROW,
    },
    Family {
        pattern: "SM89_16x8x32_{}_TN",
        types: FP8,
        shape_mnk: [16, 8, 32],
        a: A_16X8X32_S8,
        b: B_16X8X32_S8,
        c: SM80_16X8_ROW,
    },
];

/// The name a family gives to its element types `types`: the integer families end in `_TN`
/// unless the types already name `_TN_SATURATE`.
pub(super) fn family_name(family: &Family, types: &str) -> String {
    let name = family.pattern.replace("{}", types);
    if family.pattern.ends_with("{}") && !types.ends_with("_SATURATE") {
        format!("{name}_TN")
    } else {
        name
    }
}

/// The threads of every warp-level atom here.
pub(super) const THR_ID: &str = WARP;
