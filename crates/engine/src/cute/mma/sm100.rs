//! Blackwell (`SM100`) tcgen05 MMA atoms (UMMA), as CUTLASS 4.2 `cute/atom/mma_traits_sm100.hpp`
//! defines them: one thread issues the whole `M×N×K` MMA (`ThrID = Layout<_1>`), or one thread
//! per CTA of a pair (`_2x1SM_`, `ThrID = Layout<_2>`, each CTA holding half of M and of N).
//! A and B come from shared memory through descriptors (`SS`) or A from tensor memory (`TS`);
//! C lives in tensor memory. K is always 256 bits of A's element (512 for the sparse atoms).
//!
//! Names carry the template arguments as CuTe's types do:
//! `SM100_MMA_F16BF16_SS<half_t, half_t, float, 128, 256, UMMA::Major::K, UMMA::Major::K>`
//! (the `UMMA::Major::` may be left out), the block-scaled families with their scale-factor
//! type (`SM100_MMA_MXF8F6F4_SS<e4m3, e4m3, float, ue8m0, 128, 128, K, K>`) and, for MXF4,
//! the vector size after `N`; `_SCALED` takes its `ScaleC` after the majors; the negations
//! (`UMMA::ScaleIn::One` / `Neg`) may follow.

use crate::cute::Major;
use crate::error::LayoutError;
use crate::support::element::{cute_name, element_bits};

use super::{bad_atom, MmaAtomData};

/// A family's element types: what A and B may be, in bits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Types {
    /// `F16BF16`: 16-bit A and B, `float` or `half` C.
    F16,
    /// `TF32`: 32-bit A and B, `float` C.
    Tf32,
    /// `S8`: 8-bit integers, `int32_t` C.
    S8,
    /// `F8F6F4` (and `MXF8F6F4` with a scale-factor type): 8-, 6- or 4-bit floats.
    F8F6F4,
    /// `MXF4`, `MXF4NVF4`: 4-bit floats, scale factors every `VS` elements.
    F4,
}

/// One atom family, `SM100_MMA_{name}[_2x1SM]_{SS|TS}{suffix}`.
struct Family {
    name: &'static str,
    types: Types,
    /// Whether a scale-factor type follows C (`MX…`).
    scale_factor: bool,
    /// Whether the vector size follows N (`MXF4`, `MXF4NVF4`).
    vector_size: &'static [i64],
    /// K in bits of A's element of the dense atoms (256), or K itself when fixed.
    k: K,
    /// The variants CuTe has: (2-SM, source, suffix).
    variants: &'static [(bool, &'static str, &'static str)],
    /// The M of the 1-SM atoms (the 2-SM atoms have twice as many).
    m_one_sm: &'static [i64],
}

#[derive(Clone, Copy)]
enum K {
    /// 256 bits of A's element (512 when sparse).
    Bits,
    /// K elements whatever their width (doubled when sparse).
    Fixed(i64),
}

const ALL: &[(bool, &str, &str)] = &[
    (false, "SS", ""),
    (false, "TS", ""),
    (false, "SS", "_SPARSE"),
    (true, "SS", ""),
    (true, "TS", ""),
    (true, "SS", "_SPARSE"),
];

const FAMILIES: &[Family] = &[
    Family {
        name: "F16BF16",
        types: Types::F16,
        scale_factor: false,
        vector_size: &[],
        k: K::Bits,
        variants: &[
            (false, "SS", ""),
            (false, "TS", ""),
            (false, "SS", "_SCALED"),
            (false, "TS", "_SCALED"),
            (false, "SS", "_SPARSE"),
            (true, "SS", ""),
            (true, "TS", ""),
            (true, "SS", "_SCALED"),
            (true, "TS", "_SCALED"),
            (true, "SS", "_SPARSE"),
        ],
        m_one_sm: &[64, 128],
    },
    Family {
        name: "TF32",
        types: Types::Tf32,
        scale_factor: false,
        vector_size: &[],
        k: K::Bits,
        variants: ALL,
        m_one_sm: &[64, 128],
    },
    Family {
        name: "S8",
        types: Types::S8,
        scale_factor: false,
        vector_size: &[],
        k: K::Bits,
        variants: ALL,
        m_one_sm: &[64, 128],
    },
    Family {
        name: "F8F6F4",
        types: Types::F8F6F4,
        scale_factor: false,
        vector_size: &[],
        k: K::Fixed(32),
        variants: ALL,
        m_one_sm: &[64, 128],
    },
    Family {
        name: "MXF8F6F4",
        types: Types::F8F6F4,
        scale_factor: true,
        vector_size: &[],
        k: K::Fixed(32),
        variants: &[
            (false, "SS", ""),
            (false, "SS", "_SPARSE"),
            (true, "SS", ""),
            (true, "SS", "_SPARSE"),
        ],
        m_one_sm: &[128],
    },
    Family {
        name: "MXF4",
        types: Types::F4,
        scale_factor: true,
        vector_size: &[16, 32],
        k: K::Fixed(64),
        variants: &[(false, "SS", ""), (true, "SS", "")],
        m_one_sm: &[128],
    },
    Family {
        name: "MXF4NVF4",
        types: Types::F4,
        scale_factor: true,
        vector_size: &[32, 64],
        k: K::Fixed(64),
        variants: &[(false, "SS", "_SPARSE"), (true, "SS", "_SPARSE")],
        m_one_sm: &[128],
    },
];

/// The `M` a variant takes: the family's, doubled for two SMs (`MXF8F6F4`'s pair only 256).
fn has_m(family: &Family, two_sm: bool, m: i64) -> bool {
    if !two_sm {
        return family.m_one_sm.contains(&m);
    }
    match family.name {
        "MXF8F6F4" => m == 256,
        _ => m == 128 || m == 256,
    }
}

/// The `N` a variant takes, as `mma_sm100_umma.hpp`'s static asserts say.
fn has_n(family: &Family, two_sm: bool, source: &str, sparse: bool, m: i64, n: i64) -> bool {
    let step = |s: i64| n % s == 0 && (s..=256).contains(&n);
    if two_sm {
        let s = match (family.types, source, sparse) {
            (Types::S8, _, _) | (Types::F8F6F4, _, true) if !family.scale_factor => 32,
            (_, "TS", _) => 32,
            _ => 16,
        };
        return step(s);
    }
    match family.types {
        Types::S8 => n == 8 || step(16),
        _ if family.scale_factor => step(8),
        Types::F8F6F4 | Types::F16 | Types::Tf32 if source == "TS" || family.name == "F8F6F4" => {
            if m == 64 {
                step(8)
            } else {
                step(16)
            }
        }
        _ => step(8),
    }
}

fn parse_major(text: &str) -> Option<Major> {
    match text.trim().trim_start_matches("UMMA::Major::") {
        "K" => Some(Major::K),
        "MN" => Some(Major::Mn),
        _ => None,
    }
}

fn int_arg(name: &str, text: &str, what: &str) -> Result<i64, LayoutError> {
    text.trim()
        .trim_start_matches('_')
        .parse()
        .map_err(|_| bad_atom(name, what))
}

/// The element type argument `text` as CuTe names it, with its width.
fn type_arg(name: &str, text: &str) -> Result<(&'static str, i64), LayoutError> {
    let text = text.trim();
    match (cute_name(text), element_bits(text)) {
        (Some(cute), Some(bits)) => Ok((cute, bits)),
        _ => Err(bad_atom(name, "an element type (half_t, bfloat16_t, tfloat32_t, float, int8_t, uint8_t, float_e4m3_t, …)")),
    }
}

/// Whether A's (or B's) type suits the family; C's is checked by [`c_fits`].
fn ab_fits(types: Types, cute: &str, bits: i64) -> bool {
    match types {
        Types::F16 => matches!(cute, "half_t" | "bfloat16_t"),
        Types::Tf32 => matches!(cute, "tfloat32_t" | "float"),
        Types::S8 => matches!(cute, "int8_t" | "uint8_t"),
        Types::F8F6F4 => cute.starts_with("float_e") && bits <= 8,
        Types::F4 => cute == "float_e2m1_t",
    }
}

fn c_fits(types: Types, cute: &str) -> bool {
    match types {
        Types::S8 => cute == "int32_t",
        Types::Tf32 => cute == "float",
        _ => matches!(cute, "float" | "half_t"),
    }
}

/// `SM100_MMA_…<…>`: its data, or `None` when the name is no UMMA.
pub(super) fn parse(name: &str) -> Result<Option<MmaAtomData>, LayoutError> {
    let Some(rest) = name.strip_prefix("SM100_MMA_") else {
        return Ok(None);
    };
    let (base, args) = match rest.split_once('<') {
        Some((base, args)) => (
            base.trim(),
            args.trim()
                .strip_suffix('>')
                .ok_or_else(|| bad_atom(name, "a closing `>`"))?,
        ),
        None => {
            return Err(bad_atom(
                name,
                "template arguments, as <half_t,half_t,float,128,256,K,K>",
            ))
        }
    };
    let Some((family, two_sm, source, suffix)) = FAMILIES.iter().find_map(|f| {
        f.variants.iter().find_map(|&(two_sm, source, suffix)| {
            let pair = if two_sm { "_2x1SM" } else { "" };
            (base == format!("{}{pair}_{source}{suffix}", f.name))
                .then_some((f, two_sm, source, suffix))
        })
    }) else {
        return Err(bad_atom(name, "a tcgen05 MMA CuTe has (SM100_MMA_F16BF16_SS, _TS, _2x1SM_SS, TF32, S8, F8F6F4, MXF8F6F4, MXF4, …)"));
    };
    let args: Vec<&str> = args.split(',').map(str::trim).collect();
    let types = if family.scale_factor { 4 } else { 3 };
    let vs = usize::from(!family.vector_size.is_empty());
    let scaled = usize::from(suffix == "_SCALED");
    let fixed = types + 2 + vs + 2 + scaled;
    // the two negations may follow
    if args.len() < fixed || args.len() > fixed + 2 {
        return Err(bad_atom(
            name,
            &format!(
                "{fixed} template arguments: A, B and C types{}, M, N{}, A's and B's majors{}",
                if family.scale_factor {
                    ", the scale factors' type"
                } else {
                    ""
                },
                if vs == 1 { ", the vector size" } else { "" },
                if scaled == 1 { ", ScaleC" } else { "" }
            ),
        ));
    }
    let (a, a_bits) = type_arg(name, args[0])?;
    let (b, b_bits) = type_arg(name, args[1])?;
    let (c, c_bits) = type_arg(name, args[2])?;
    if !ab_fits(family.types, a, a_bits) || !ab_fits(family.types, b, b_bits) {
        return Err(bad_atom(name, match family.types {
            Types::F16 => "16-bit A and B (half_t or bfloat16_t)",
            Types::Tf32 => "tfloat32_t A and B",
            Types::S8 => "int8_t or uint8_t A and B",
            Types::F8F6F4 => "8-, 6- or 4-bit float A and B (float_e4m3_t, float_e5m2_t, float_e3m2_t, float_e2m3_t, float_e2m1_t)",
            Types::F4 => "float_e2m1_t A and B",
        }));
    }
    if !c_fits(family.types, c) {
        return Err(bad_atom(
            name,
            match family.types {
                Types::S8 => "an int32_t C",
                Types::Tf32 => "a float C",
                _ => "a float or half_t C",
            },
        ));
    }
    if family.scale_factor {
        let (sf, _) = type_arg(name, args[3])?;
        if !matches!(sf, "float_ue8m0_t" | "float_ue4m3_t") {
            return Err(bad_atom(
                name,
                "a scale-factor type float_ue8m0_t or float_ue4m3_t",
            ));
        }
    }
    let m = int_arg(name, args[types], "M as an integer")?;
    let n = int_arg(name, args[types + 1], "N as an integer")?;
    if vs == 1 {
        let v = int_arg(name, args[types + 2], "the vector size as an integer")?;
        if !family.vector_size.contains(&v) {
            return Err(bad_atom(
                name,
                &format!("a vector size of {}", join(family.vector_size)),
            ));
        }
    }
    let majors = &args[types + 2 + vs..types + 4 + vs];
    let (Some(major_a), Some(major_b)) = (parse_major(majors[0]), parse_major(majors[1])) else {
        return Err(bad_atom(name, "A's and B's majors, K or MN"));
    };
    if scaled == 1 {
        int_arg(name, args[types + 4 + vs], "ScaleC as an integer")?;
    }
    for neg in &args[fixed..] {
        if !matches!(neg.trim_start_matches("UMMA::ScaleIn::"), "One" | "Neg") {
            return Err(bad_atom(name, "negations UMMA::ScaleIn::One or Neg"));
        }
    }
    if !has_m(family, two_sm, m) {
        let ms: Vec<i64> = [64, 128, 256]
            .into_iter()
            .filter(|&m| has_m(family, two_sm, m))
            .collect();
        return Err(bad_atom(name, &format!("an M of {}", join(&ms))));
    }
    let sparse = suffix == "_SPARSE";
    if !has_n(family, two_sm, source, sparse, m, n) {
        return Err(bad_atom(
            name,
            "an N this atom takes (a multiple of 8, 16 or 32 up to 256, as the PTX allows)",
        ));
    }
    if source == "TS" && major_a != Major::K {
        return Err(bad_atom(
            name,
            "a K-major A: A from tensor memory can't be transposed",
        ));
    }
    let k_elements = match family.k {
        K::Bits => 256 / a_bits,
        K::Fixed(k) => k,
    } * if sparse { 2 } else { 1 };
    let layouts = if two_sm {
        let (hm, hn) = (m / 2, n / 2);
        (
            "_2:_1".to_string(),
            format!("(_2,(_{hm},_{k_elements})):(_{hm},(_1,_{m}))"),
            format!("(_2,(_{hn},_{k_elements})):(_{hn},(_1,_{n}))"),
            format!("(_2,(_{hm},_{n})):(_{hm},(_1,_{m}))"),
        )
    } else {
        (
            "_1:_0".to_string(),
            format!("(_1,(_{m},_{k_elements})):(_0,(_1,_{m}))"),
            format!("(_1,(_{n},_{k_elements})):(_0,(_1,_{n}))"),
            format!("(_1,(_{m},_{n})):(_0,(_1,_{m}))"),
        )
    };
    Ok(Some(MmaAtomData {
        shape_mnk: [m, n, k_elements],
        thr_id: layouts.0,
        a: layouts.1,
        b: layouts.2,
        c: layouts.3,
        majors: Some((major_a, major_b)),
        bits: Some([a_bits, b_bits, c_bits]),
    }))
}

fn join(values: &[i64]) -> String {
    let parts: Vec<String> = values.iter().map(i64::to_string).collect();
    match parts.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A few atoms of each family for pickers: the largest 1-SM and 2-SM tiles, and N of 64.
pub(super) fn names() -> Vec<String> {
    let mut out = Vec::new();
    for family in FAMILIES {
        let (a, c) = match family.types {
            Types::F16 => ("half_t,half_t", "float"),
            Types::Tf32 => ("tfloat32_t,tfloat32_t", "float"),
            Types::S8 => ("int8_t,int8_t", "int32_t"),
            Types::F8F6F4 => ("float_e4m3_t,float_e4m3_t", "float"),
            Types::F4 => ("float_e2m1_t,float_e2m1_t", "float"),
        };
        let sf = match (family.scale_factor, family.types) {
            (false, _) => "",
            (true, Types::F4) if family.name == "MXF4NVF4" => ",float_ue4m3_t",
            (true, _) => ",float_ue8m0_t",
        };
        for &(two_sm, source, suffix) in family.variants {
            let pair = if two_sm { "_2x1SM" } else { "" };
            let m = if two_sm { 256 } else { 128 };
            for n in [64, 256] {
                let vs = family
                    .vector_size
                    .first()
                    .map_or(String::new(), |v| format!(",{v}"));
                let scale_c = if suffix == "_SCALED" { ",0" } else { "" };
                out.push(format!(
                    "SM100_MMA_{}{pair}_{source}{suffix}<{a},{c}{sf},{m},{n}{vs},K,K{scale_c}>",
                    family.name
                ));
            }
        }
    }
    out
}
