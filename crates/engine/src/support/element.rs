//! Element type names as CuTe (`half_t`, `float_e4m3_t`), Triton and MLIR (`f16`, `fp8e4nv`,
//! `f8E4M3FN`), PyTorch (`torch.float16`, `float8_e4m3fn`) and kernel authors (`fp16`, `u8`,
//! `e4m3`) spell them, and their widths in bits.

/// One element type: CuTe's name, its width, and the other spellings of it.
struct ElementType {
    cute: &'static str,
    bits: i64,
    aliases: &'static [&'static str],
}

const fn ty(cute: &'static str, bits: i64, aliases: &'static [&'static str]) -> ElementType {
    ElementType {
        cute,
        bits,
        aliases,
    }
}

/// Every name is matched without regard to case (`F16`, `FP16`, `Half` all read as `half_t`).
const TYPES: [ElementType; 24] = [
    ty("uint8_t", 8, &["uint8", "u8", "ui8"]),
    ty("int8_t", 8, &["int8", "i8", "s8"]),
    ty(
        "float_e4m3_t",
        8,
        &[
            "e4m3",
            "fp8",
            "fp8e4nv",
            "float8_e4m3fn",
            "f8e4m3fn",
            "float8_e4m3",
        ],
    ),
    ty(
        "float_e5m2_t",
        8,
        &["e5m2", "fp8e5", "float8_e5m2", "f8e5m2"],
    ),
    ty(
        "float_ue8m0_t",
        8,
        &["ue8m0", "float8_e8m0fnu", "f8e8m0fnu"],
    ),
    ty("float_ue4m3_t", 8, &["ue4m3", "float8_ue4m3"]),
    ty(
        "float_e3m2_t",
        6,
        &["e3m2", "fp6e3m2", "float6_e3m2fn", "f6e3m2fn"],
    ),
    ty(
        "float_e2m3_t",
        6,
        &["e2m3", "fp6e2m3", "float6_e2m3fn", "f6e2m3fn"],
    ),
    ty(
        "float_e2m1_t",
        4,
        &["e2m1", "fp4", "float4_e2m1fn", "f4e2m1fn"],
    ),
    ty("int4b_t", 4, &["int4", "i4", "s4"]),
    ty("uint4b_t", 4, &["uint4", "u4"]),
    ty("half_t", 16, &["half", "f16", "fp16", "float16", "__half"]),
    ty("bfloat16_t", 16, &["bf16", "bfloat16", "__nv_bfloat16"]),
    ty("int16_t", 16, &["int16", "i16", "s16"]),
    ty("uint16_t", 16, &["uint16", "u16"]),
    ty("float", 32, &["f32", "fp32", "float32"]),
    ty("tfloat32_t", 32, &["tf32", "tfloat32"]),
    ty("int32_t", 32, &["int32", "i32", "s32", "int"]),
    ty("uint32_t", 32, &["uint32", "u32"]),
    ty("double", 64, &["f64", "fp64", "float64"]),
    ty("int64_t", 64, &["int64", "i64", "s64"]),
    ty("uint64_t", 64, &["uint64", "u64"]),
    ty("uint128_t", 128, &["uint128", "u128"]),
    ty("complex<float>", 64, &["c64", "complex64"]),
];

fn find(name: &str) -> Option<&'static ElementType> {
    let name = name.trim();
    // a namespace or module in front: `cute::half_t`, `cutlass::half_t`, `torch.float16`
    let name = name.rsplit_once("::").map_or(name, |(_, n)| n);
    let name = name.strip_prefix("torch.").unwrap_or(name);
    TYPES.iter().find(|t| {
        t.cute.eq_ignore_ascii_case(name) || t.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    })
}

/// The width in bits of the element type `name`, in any of its spellings, or of `8b`, `16b`,
/// `32b`, … (a width alone); `None` for a name none of them spell.
pub fn element_bits(name: &str) -> Option<i64> {
    if let Some(t) = find(name) {
        return Some(t.bits);
    }
    let bits: i64 = name.trim().strip_suffix('b')?.parse().ok()?;
    (bits > 0 && (bits as u64).is_power_of_two() && bits <= 1024).then_some(bits)
}

/// CuTe's name of the element type `name` (`half_t` for `fp16`), `None` as for
/// [`element_bits`] or for a width alone.
pub fn cute_name(name: &str) -> Option<&'static str> {
    find(name).map(|t| t.cute)
}

/// A few spellings, for messages that say what is expected.
pub const EXAMPLES: &str = "half, f16, fp16, bf16, float, f32, tf32, uint8_t, u8, int8, i8, e4m3, fp8e4nv, float8_e5m2, e2m1, or a width as 16b";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_reads_as_its_cute_type() {
        for (names, cute, bits) in [
            (&["uint8_t", "uint8", "u8", "U8"][..], "uint8_t", 8),
            (&["int8", "i8", "s8", "S8", "int8_t"], "int8_t", 8),
            (
                &[
                    "half",
                    "f16",
                    "float16",
                    "fp16",
                    "F16",
                    "half_t",
                    "cute::half_t",
                    "cutlass::half_t",
                    "torch.float16",
                ],
                "half_t",
                16,
            ),
            (
                &["bf16", "bfloat16", "BF16", "torch.bfloat16", "bfloat16_t"],
                "bfloat16_t",
                16,
            ),
            (
                &["float", "f32", "float32", "F32", "fp32", "torch.float32"],
                "float",
                32,
            ),
            (&["tf32", "TF32", "tfloat32_t"], "tfloat32_t", 32),
            (
                &[
                    "e4m3",
                    "float_e4m3_t",
                    "fp8e4nv",
                    "float8_e4m3fn",
                    "f8E4M3FN",
                    "E4M3",
                    "torch.float8_e4m3fn",
                ],
                "float_e4m3_t",
                8,
            ),
            (
                &["e5m2", "float_e5m2_t", "fp8e5", "float8_e5m2", "f8E5M2"],
                "float_e5m2_t",
                8,
            ),
            (
                &["e2m1", "fp4", "float_e2m1_t", "f4E2M1FN"],
                "float_e2m1_t",
                4,
            ),
            (&["e3m2", "float_e3m2_t"], "float_e3m2_t", 6),
        ] {
            for name in names {
                assert_eq!(cute_name(name), Some(cute), "{name}");
                assert_eq!(element_bits(name), Some(bits), "{name}");
            }
        }
    }

    #[test]
    fn widths_alone_and_unknown_names() {
        assert_eq!(element_bits("16b"), Some(16));
        assert_eq!(element_bits("128b"), Some(128));
        assert_eq!(cute_name("16b"), None);
        for bad in [
            "",
            "b",
            "12b",
            "f17",
            "halff",
            "torch.",
            "::",
            "-8b",
            "99999999999999999999b",
        ] {
            assert_eq!(element_bits(bad), None, "{bad}");
        }
    }

    #[test]
    fn no_spelling_names_two_types() {
        let mut seen = std::collections::HashMap::new();
        for t in &TYPES {
            for name in std::iter::once(&t.cute).chain(t.aliases) {
                let key = name.to_ascii_lowercase();
                assert_eq!(seen.insert(key, t.cute), None, "{name} twice");
            }
        }
    }
}
