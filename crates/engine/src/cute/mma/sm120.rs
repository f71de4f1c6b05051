//! GeForce Blackwell (`SM120`) warp-level MMA atoms, as CUTLASS 4.2
//! `cute/atom/mma_traits_sm120.hpp` defines them: `SM120_16x8x32_TN<A, B, C>` for the 8-, 6-
//! and 4-bit float types (the layouts of `SM80_16x8x32_S32S8S8S32_TN`, which its traits
//! inherit), its block-scaled `SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<A, B, C, SF, VS>` with
//! the same layouts, and `SM120_16x8x64_TN_VS` for 4-bit A and B.

use crate::error::LayoutError;
use crate::support::element::{cute_name, element_bits};

use super::{bad_atom, MmaAtomData};

const WARP: &str = "_32:_1";
const C_16X8: &str = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
const A_16X8X32: &str = "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))";
const B_16X8X32: &str = "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))";
const A_16X8X64: &str = "((_4,_8),(_8,_2,_2)):((_128,_1),(_16,_8,_512))";
const B_16X8X64: &str = "((_4,_8),(_8,_2)):((_64,_1),(_8,_256))";

/// The low-precision floats the atoms multiply.
fn is_narrow_float(cute: &str) -> bool {
    matches!(
        cute,
        "float_e4m3_t" | "float_e5m2_t" | "float_e3m2_t" | "float_e2m3_t" | "float_e2m1_t"
    )
}

/// `SM120_…<…>`: its data, or `None` when the name is no SM120 atom.
pub(super) fn parse(name: &str) -> Result<Option<MmaAtomData>, LayoutError> {
    let base_name = name.strip_prefix("SM120::BLOCKSCALED::").unwrap_or(name);
    let Some((base, args)) = base_name.split_once('<') else {
        return Ok(None);
    };
    let (k, scaled, a, b) = match base.trim() {
        "SM120_16x8x32_TN" => (32, false, A_16X8X32, B_16X8X32),
        "SM120_16x8x32_TN_VS" => (32, true, A_16X8X32, B_16X8X32),
        "SM120_16x8x64_TN_VS" => (64, true, A_16X8X64, B_16X8X64),
        _ => return Ok(None),
    };
    let args: Vec<&str> = args
        .trim()
        .strip_suffix('>')
        .ok_or_else(|| bad_atom(name, "a closing `>`"))?
        .split(',')
        .map(str::trim)
        .collect();
    let expected = if scaled { 5 } else { 3 };
    if args.len() != expected {
        return Err(bad_atom(
            name,
            if scaled {
                "5 template arguments: A, B, C and the scale factors' types, the vector size"
            } else {
                "3 template arguments: A's, B's and C's types"
            },
        ));
    }
    let ty = |text: &str| match (cute_name(text), element_bits(text)) {
        (Some(cute), Some(bits)) => Ok((cute, bits)),
        _ => Err(bad_atom(
            name,
            "an element type (float_e4m3_t, e5m2, e2m1, float, …)",
        )),
    };
    let (a_type, a_bits) = ty(args[0])?;
    let (b_type, b_bits) = ty(args[1])?;
    let (c_type, c_bits) = ty(args[2])?;
    let four_bit = k == 64;
    let fits = |t: &str| {
        if four_bit {
            t == "float_e2m1_t"
        } else {
            is_narrow_float(t)
        }
    };
    if !fits(a_type) || !fits(b_type) {
        return Err(bad_atom(
            name,
            if four_bit {
                "float_e2m1_t A and B"
            } else {
                "8-, 6- or 4-bit float A and B (float_e4m3_t, float_e5m2_t, float_e3m2_t, float_e2m3_t, float_e2m1_t)"
            },
        ));
    }
    if !matches!(c_type, "float" | "half_t") || (scaled && c_type != "float") {
        return Err(bad_atom(
            name,
            if scaled {
                "a float C"
            } else {
                "a float or half_t C"
            },
        ));
    }
    if scaled {
        // MXF8F6F4 at K = 32 scales every 32 elements by ue8m0; the 4-bit K = 64 atom every
        // 16 or 32, by ue8m0 or ue4m3
        let (sf, _) = ty(args[3])?;
        let vs: i64 = args[4]
            .trim_start_matches('_')
            .parse()
            .map_err(|_| bad_atom(name, "the vector size as an integer"))?;
        if four_bit {
            if !matches!(sf, "float_ue8m0_t" | "float_ue4m3_t") {
                return Err(bad_atom(
                    name,
                    "a scale-factor type float_ue8m0_t or float_ue4m3_t",
                ));
            }
            if ![16, 32].contains(&vs) {
                return Err(bad_atom(name, "a vector size of 16 or 32"));
            }
        } else {
            if sf != "float_ue8m0_t" {
                return Err(bad_atom(name, "a scale-factor type float_ue8m0_t"));
            }
            if vs != 32 {
                return Err(bad_atom(name, "a vector size of 32"));
            }
        }
    }
    Ok(Some(MmaAtomData {
        shape_mnk: [16, 8, k],
        thr_id: WARP.into(),
        a: a.into(),
        b: b.into(),
        c: C_16X8.into(),
        majors: None,
        // the registers pack A and B as bytes (`ValTypeA = uint8_t`; `uint4_t` at K = 64)
        bits: Some([
            a_bits.max(if four_bit { 4 } else { 8 }),
            b_bits.max(if four_bit { 4 } else { 8 }),
            c_bits,
        ]),
    }))
}

/// The atoms for pickers.
pub(super) fn names() -> Vec<String> {
    vec![
        "SM120_16x8x32_TN<float_e4m3_t,float_e4m3_t,float>".into(),
        "SM120_16x8x32_TN<float_e5m2_t,float_e4m3_t,float>".into(),
        "SM120_16x8x32_TN<float_e2m1_t,float_e2m1_t,float>".into(),
        "SM120::BLOCKSCALED::SM120_16x8x32_TN_VS<float_e4m3_t,float_e4m3_t,float,float_ue8m0_t,32>"
            .into(),
        "SM120::BLOCKSCALED::SM120_16x8x64_TN_VS<float_e2m1_t,float_e2m1_t,float,float_ue4m3_t,16>"
            .into(),
    ]
}
