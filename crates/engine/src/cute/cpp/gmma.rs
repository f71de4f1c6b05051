//! Hopper's GMMA shared-memory swizzle atoms, as CUTLASS 4.2 defines them
//! (`cute/atom/mma_traits_sm90_gmma.hpp`): in bits,
//! `Layout_K_SW128_Atom_Bits = Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)` (K-major;
//! MN-major is `(_1024,_8):(_1,_1024)`), the row `128·2^w` bits for INTER, SW32, SW64, SW128
//! (`w` = 0…3, the swizzle `Sw<w,4,3>`); the atom for `T` is its `upcast<sizeof_bits<T>>`, so
//! the swizzle stays in byte units: `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`.
//!
//! [`element_offsets`] gives where element `i` really lands once the layout is given a
//! shared-memory pointer: the swizzle then acts on byte addresses, which on element offsets is
//! `recast_layout<uint8_t, T>(swizzle)`, `Sw<B, M - log2(bytes), S>` ([`element_swizzle`]).

use std::fmt;

use crate::error::{Field, LayoutError};
use crate::support::element::element_bits;

use super::algebra::CppLayout;
use super::composed::{swizzle_upcast, CppComposedLayout, CppOffset};
use super::int::{refused, CppInt, CppTuple};
use crate::cute::Swizzle;

/// Which mode of the tile is contiguous.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Major {
    /// `K`-major: a row of K is contiguous (`(_8,_64):(_64,_1)` for 16-bit SW128).
    K,
    /// `M`/`N`-major: a column is contiguous (`(_64,_8):(_1,_64)`).
    Mn,
}

/// The swizzle width of an atom: the bytes of one swizzled row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomSwizzle {
    /// 16-byte rows, no swizzle (`Sw<0,4,3>`).
    Inter,
    /// 32-byte rows, `Sw<1,4,3>`.
    Sw32,
    /// 64-byte rows, `Sw<2,4,3>`.
    Sw64,
    /// 128-byte rows, `Sw<3,4,3>`.
    Sw128,
}

impl AtomSwizzle {
    /// The `B` of `Sw<B,4,3>`: the log2 of the row's 16-byte chunks.
    fn bits(self) -> i64 {
        match self {
            AtomSwizzle::Inter => 0,
            AtomSwizzle::Sw32 => 1,
            AtomSwizzle::Sw64 => 2,
            AtomSwizzle::Sw128 => 3,
        }
    }
    /// The width as CUTLASS names it: `INTER`, `SW32`, `SW64`, `SW128`.
    pub fn as_str(self) -> &'static str {
        match self {
            AtomSwizzle::Inter => "INTER",
            AtomSwizzle::Sw32 => "SW32",
            AtomSwizzle::Sw64 => "SW64",
            AtomSwizzle::Sw128 => "SW128",
        }
    }
}

impl Major {
    /// `K` or `MN`, as CUTLASS's atom names write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Major::K => "K",
            Major::Mn => "MN",
        }
    }
}

/// An atom by name: `K_SW128_half` = `Layout_K_SW128_Atom<half_t>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GmmaAtom {
    /// Which mode of the tile is contiguous.
    pub major: Major,
    /// The swizzle width: the bytes of one swizzled row.
    pub swizzle: AtomSwizzle,
    /// Bits per element: 8, 16 or 32.
    pub element_bits: i64,
}

impl GmmaAtom {
    /// `K_SW128_half`, `MN_INTER_uint8`, `K_SW32_float`, `K_SW64_16b`: major, swizzle and an
    /// element type of 8, 16 or 32 bits in any spelling [`element_bits`] reads (`uint8_t`,
    /// `u8`, `int8`, `e4m3`, `fp8e4nv`, `half`, `f16`, `bf16`, `float`, `f32`, `tf32`, …, or
    /// `8b` / `16b` / `32b`).
    ///
    /// # Errors
    /// `Parse` naming the part that is not one of those.
    pub fn parse(text: &str) -> Result<GmmaAtom, LayoutError> {
        // the element type's own name may hold underscores (`uint8_t`, `float_e4m3_t`)
        let parts: Vec<&str> = text.trim().splitn(3, '_').collect();
        let error = |position: usize, expected: &str| LayoutError::Parse {
            field: Field::Swizzle,
            input: text.to_string(),
            position,
            expected: expected.to_string(),
        };
        let [major, swizzle, element] = parts[..] else {
            return Err(error(0, "MAJOR_SWIZZLE_TYPE, e.g. K_SW128_half"));
        };
        let major = match major {
            "K" => Major::K,
            "MN" => Major::Mn,
            _ => return Err(error(0, "K or MN")),
        };
        let at = major.as_str().len() + 1;
        let swizzle = match swizzle {
            "INTER" => AtomSwizzle::Inter,
            "SW32" => AtomSwizzle::Sw32,
            "SW64" => AtomSwizzle::Sw64,
            "SW128" => AtomSwizzle::Sw128,
            _ => return Err(error(at, "INTER, SW32, SW64 or SW128")),
        };
        let element_bits = element_bits(element)
            .filter(|bits| [8, 16, 32].contains(bits))
            .ok_or_else(|| {
                error(
                    at + swizzle.as_str().len() + 1,
                    "an 8-, 16- or 32-bit element type (uint8_t, u8, half, f16, bf16, e4m3, float, f32, tf32, …)",
                )
            })?;
        Ok(GmmaAtom {
            major,
            swizzle,
            element_bits,
        })
    }

    /// The atom as CuTe builds it; see [`gmma_atom`].
    ///
    /// # Errors
    /// As [`gmma_atom`].
    pub fn layout(self) -> Result<CppComposedLayout, LayoutError> {
        gmma_atom(self.major, self.swizzle, self.element_bits)
    }
}

impl fmt::Display for GmmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}_{}_{}b",
            self.major.as_str(),
            self.swizzle.as_str(),
            self.element_bits
        )
    }
}

/// `cute::GMMA::Layout_{major}_{swizzle}_Atom<T>` for a `T` of `element_bits` bits:
/// `upcast<element_bits>` of the bits atom. 8-, 16- and 32-bit `T` are what GMMA reads from
/// shared memory (64-bit gives a one-element row for INTER, still CuTe's answer).
///
/// # Errors
/// `element_bits` not a power of two from 1 to 128 (CuTe's `upcast` needs a power of two and
/// the 128-bit row).
pub fn gmma_atom(
    major: Major,
    swizzle: AtomSwizzle,
    element_bits: i64,
) -> Result<CppComposedLayout, LayoutError> {
    if !(1..=128).contains(&element_bits) || element_bits.count_ones() != 1 {
        return Err(refused(
            "GMMA atom",
            "an element width that is a power of two from 1 to 128 bits",
        ));
    }
    let row = CppInt::fixed(128 << swizzle.bits());
    let rows = CppInt::fixed(8);
    let one = CppInt::fixed(1);
    let (shape, stride) = match major {
        Major::K => ([rows, row], [row, one]),
        Major::Mn => ([row, rows], [one, row]),
    };
    let tuple = |v: [CppInt; 2]| CppTuple::Tuple(v.into_iter().map(CppTuple::Int).collect());
    let bits_atom = CppComposedLayout::new(
        Swizzle::new(swizzle.bits(), 4, 3)?,
        CppOffset::SmemPtr { bits: 1 },
        CppLayout::new(tuple(shape), tuple(stride))?,
    );
    bits_atom.upcast(element_bits)
}

/// The swizzle on element offsets that a layout with an unset `smem_ptr[Nb]` means once it
/// has a pointer: its byte swizzle recast to `N`-bit elements (`Sw<3,4,3>` on 16-bit
/// elements is `Sw<3,3,3>`). A layout with an integer offset is already in elements.
///
/// # Errors
/// A pointer width that is not a whole power-of-two number of bytes.
pub fn element_swizzle(layout: &CppComposedLayout) -> Result<Swizzle, LayoutError> {
    match layout.offset() {
        CppOffset::Int(_) => Ok(layout.swizzle()),
        CppOffset::SmemPtr { bits } => {
            if bits < 8 || bits % 8 != 0 || (bits / 8).count_ones() != 1 {
                return Err(refused(
                    "element_swizzle",
                    "a pointer to elements of a power-of-two number of bytes",
                ));
            }
            swizzle_upcast(layout.swizzle(), i64::from((bits / 8).trailing_zeros()))
        }
    }
}

/// Where element `i` lands, in elements, for `i` in `0..size`: the element swizzle applied to
/// the inner layout's offset (the pointer aligned to the swizzle's span, as CuTe requires).
///
/// # Errors
/// As [`element_swizzle`]; `TooLarge` above `limit`; `Overflow`.
pub fn element_offsets(layout: &CppComposedLayout, limit: usize) -> Result<Vec<i64>, LayoutError> {
    let swizzle = element_swizzle(layout)?;
    let inner = layout.layout().to_layout()?;
    let offset = layout.offset().value();
    inner
        .values(limit)?
        .into_iter()
        .map(|v| {
            let v = v.checked_add(offset).ok_or_else(crate::cute::overflow)?;
            Ok(swizzle.apply(v))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(name: &str, expect: &str) {
        let atom = GmmaAtom::parse(name).unwrap().layout().unwrap();
        assert_eq!(atom.to_string(), expect, "{name}");
        assert_eq!(
            CppComposedLayout::parse(expect).unwrap(),
            atom,
            "{expect} parses back"
        );
    }

    #[test]
    fn atoms_print_as_cute_does() {
        // CuTe C++ (CUTLASS 4.2, g++) prints these
        check(
            "K_SW128_half",
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        );
        check(
            "K_SW64_half",
            "Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)",
        );
        check(
            "MN_SW128_half",
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)",
        );
        check(
            "K_SW32_float",
            "Sw<1,4,3> o smem_ptr[32b](unset) o (_8,_8):(_8,_1)",
        );
        check(
            "K_INTER_half",
            "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_8,_1)",
        );
        check(
            "MN_SW32_uint8",
            "Sw<1,4,3> o smem_ptr[8b](unset) o (_32,_8):(_1,_32)",
        );
    }

    #[test]
    fn tile_to_shape_and_element_offsets_match_cute() {
        let atom = GmmaAtom::parse("K_SW128_half").unwrap().layout().unwrap();
        let target = CppTuple::Tuple(vec![
            CppTuple::Int(CppInt::fixed(64)),
            CppTuple::Int(CppInt::fixed(64)),
        ]);
        let tiled = atom.tile_to_shape(&target).unwrap();
        assert_eq!(
            tiled.to_string(),
            "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_8),(_64,_1)):((_64,_512),(_1,_0))"
        );
        // the shared vector atom-K_SW128_half-64x64
        assert_eq!(
            tiled.values(4096).unwrap()[..10],
            [0, 64, 144, 208, 288, 352, 432, 496, 576, 512]
        );
        assert_eq!(
            element_offsets(&tiled, 4096).unwrap()[..9],
            [0, 72, 144, 216, 288, 360, 432, 504, 512]
        );
        assert_eq!(
            element_swizzle(&tiled).unwrap(),
            Swizzle::new(3, 3, 3).unwrap()
        );
    }

    #[test]
    fn bad_atoms_are_errors() {
        assert!(GmmaAtom::parse("K_SW256_half").is_err());
        assert!(GmmaAtom::parse("X_SW128_half").is_err());
        assert!(GmmaAtom::parse("K_SW128_complex").is_err());
        // a type of a width GMMA does not read from shared memory
        assert!(GmmaAtom::parse("K_SW128_double").is_err());
        assert!(GmmaAtom::parse("K_SW128_e2m1").is_err());
    }

    #[test]
    fn element_types_in_any_spelling() {
        // CuTe's, Triton's, PyTorch's and the short names (a held-out case used `u8`)
        for (names, bits) in [
            (
                &[
                    "uint8",
                    "uint8_t",
                    "u8",
                    "int8",
                    "s8",
                    "i8",
                    "e4m3",
                    "fp8e4nv",
                    "float8_e5m2",
                    "float_e4m3_t",
                ][..],
                8,
            ),
            (
                &[
                    "half", "half_t", "f16", "fp16", "float16", "bf16", "bfloat16", "16b",
                ],
                16,
            ),
            (
                &[
                    "float", "f32", "float32", "tf32", "int32", "uint32_t", "32b",
                ],
                32,
            ),
        ] {
            for name in names {
                let atom = GmmaAtom::parse(&format!("K_SW128_{name}")).unwrap();
                assert_eq!(atom.element_bits, bits, "{name}");
            }
        }
        assert!(gmma_atom(Major::K, AtomSwizzle::Sw128, 12).is_err());
        assert!(gmma_atom(Major::K, AtomSwizzle::Sw128, 256).is_err());
    }
}
