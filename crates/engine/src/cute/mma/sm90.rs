//! Hopper (`SM90`) warpgroup MMA atoms (GMMA), generated from their pattern in CUTLASS 4.2
//! `cute/atom/mma_traits_sm90_gmma.hpp` and `mma_traits_sm90_gmma_ext.hpp`: `64xNxK`, 128
//! threads, `A` and `B` from shared memory (`SS`, every thread sees the whole operand:
//! `GMMA::ABLayout<M,K> = (_128,(M,K)):(_0,(_1,M))`) or `A` from registers (`RS`,
//! `GMMA::ALayout_64xK`), and `C` in `GMMA::CLayout_64xN`.

use crate::cute::Major;
use crate::error::LayoutError;

use super::{bad_atom, MmaAtomData};

/// A GMMA family: its `K`, the element types in the name, the suffix after `SS`/`RS`, and
/// which `N` it has.
struct Family {
    k: i64,
    types: &'static [&'static str],
    suffix: &'static str,
    /// `N` runs over multiples of this (8), or, for the integer atoms, 8, 24 and the
    /// multiples of 16.
    integer_n: bool,
    /// Whether the operands may be MN-major (only the 16-bit types).
    transposable: bool,
}

const FAMILIES: &[Family] = &[
    Family {
        k: 16,
        types: &["F16F16F16", "F32F16F16", "F32BF16BF16"],
        suffix: "",
        integer_n: false,
        transposable: true,
    },
    Family {
        k: 8,
        types: &["F32TF32TF32"],
        suffix: "_TN",
        integer_n: false,
        transposable: false,
    },
    Family {
        k: 32,
        types: &[
            "F16E4M3E4M3",
            "F16E4M3E5M2",
            "F16E5M2E4M3",
            "F16E5M2E5M2",
            "F32E4M3E4M3",
            "F32E4M3E5M2",
            "F32E5M2E4M3",
            "F32E5M2E5M2",
        ],
        suffix: "_TN",
        integer_n: false,
        transposable: false,
    },
    Family {
        k: 32,
        types: &["S32S8S8", "S32S8U8", "S32U8S8", "S32U8U8"],
        suffix: "_TN",
        integer_n: true,
        transposable: false,
    },
    Family {
        k: 32,
        types: &["S32S8S8", "S32S8U8", "S32U8S8", "S32U8U8"],
        suffix: "_TN_SATURATE",
        integer_n: true,
        transposable: false,
    },
];

fn has_n(family: &Family, n: i64) -> bool {
    let in_range = (8..=256).contains(&n) && n % 8 == 0;
    if family.integer_n {
        in_range && (n % 16 == 0 || n == 8 || n == 24)
    } else {
        in_range
    }
}

/// Every `N` the families have, for pickers.
pub(super) fn names() -> Vec<String> {
    let mut out = Vec::new();
    for family in FAMILIES {
        for types in family.types {
            for n in (8..=256).step_by(8).filter(|&n| has_n(family, n)) {
                for source in ["SS", "RS"] {
                    out.push(format!(
                        "SM90_64x{n}x{}_{types}_{source}{}",
                        family.k, family.suffix
                    ));
                }
            }
        }
    }
    out
}

/// `GMMA::ALayout_64xK`: A in registers, four warps down M.
fn a_registers(k: i64) -> Option<&'static str> {
    match k {
        8 => Some("((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))"),
        16 => Some("((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))"),
        32 => Some("((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))"),
        _ => None,
    }
}

fn ab_shared(mn: i64, k: i64) -> String {
    format!("(_128,(_{mn},_{k})):(_0,(_1,_{mn}))")
}

fn parse_major(text: &str) -> Option<Major> {
    match text.trim().trim_start_matches("GMMA::Major::") {
        "K" => Some(Major::K),
        "MN" => Some(Major::Mn),
        _ => None,
    }
}

/// `SM90_64x{N}x{K}_{types}_{SS|RS}{suffix}`, optionally followed by the operands' majors as
/// CuTe's template arguments, `<GMMA::Major::K,GMMA::Major::MN>` (or `<K,MN>`); K-major
/// when absent.
pub(super) fn parse(name: &str) -> Result<Option<MmaAtomData>, LayoutError> {
    let (base, majors) = match name.split_once('<') {
        Some((base, rest)) => {
            let inner = rest
                .strip_suffix('>')
                .ok_or_else(|| bad_atom(name, "a closing `>`"))?;
            let parts: Vec<_> = inner.split(',').map(parse_major).collect();
            match parts.as_slice() {
                [Some(a), Some(b)] => (base.trim(), Some((*a, *b))),
                _ => return Err(bad_atom(name, "two majors, `K` or `MN`")),
            }
        }
        None => (name, None),
    };
    let Some(rest) = base.strip_prefix("SM90_64x") else {
        return Ok(None);
    };
    let Some((n_text, rest)) = rest.split_once('x') else {
        return Ok(None);
    };
    let Some((k_text, rest)) = rest.split_once('_') else {
        return Ok(None);
    };
    let (Ok(n), Ok(k)) = (n_text.parse::<i64>(), k_text.parse::<i64>()) else {
        return Ok(None);
    };
    for family in FAMILIES.iter().filter(|f| f.k == k) {
        for types in family.types {
            for source in ["SS", "RS"] {
                if rest != format!("{types}_{source}{}", family.suffix) {
                    continue;
                }
                if !has_n(family, n) {
                    return Err(bad_atom(name, "an N this GMMA family has"));
                }
                let (major_a, major_b) = majors.unwrap_or((Major::K, Major::K));
                if !family.transposable && (major_a, major_b) != (Major::K, Major::K) {
                    return Err(bad_atom(name, "K-major operands for this element type"));
                }
                if source == "RS" && major_a != Major::K {
                    return Err(bad_atom(
                        name,
                        "a K-major A: a register-sourced A must be K-major",
                    ));
                }
                let a = if source == "RS" {
                    a_registers(k)
                        .ok_or_else(|| bad_atom(name, "K of 8, 16 or 32"))?
                        .to_string()
                } else {
                    ab_shared(64, k)
                };
                return Ok(Some(MmaAtomData {
                    shape_mnk: [64, n, k],
                    thr_id: "_128:_1".into(),
                    a,
                    b: ab_shared(n, k),
                    c: format!(
                        "((_4,_8,_4),(_2,_2,_{})):((_128,_1,_16),(_64,_8,_512))",
                        n / 8
                    ),
                    majors: Some((major_a, major_b)),
                    bits: None,
                }));
            }
        }
    }
    Ok(None)
}
