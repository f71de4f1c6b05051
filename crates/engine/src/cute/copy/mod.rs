//! Copy atoms as data and their tilings: for each atom (CUTLASS 4.2
//! `cute/atom/copy_traits*.hpp`) its threads `ThrID` and its `SrcLayout`, `DstLayout` and
//! `RefLayout`, `(thread, value) → bit`; `Copy_Atom<Op, T>` recasts them to `T`'s elements.
//! [`TiledCopy`] is CuTe's `make_tiled_copy` and `make_tiled_copy_A/B/C`.

mod tiled;
mod tmem;

use crate::error::LayoutError;

use super::CppLayout;

pub use tiled::{make_layout_tv, TiledCopy};
pub use tmem::{lane_stride, tmem_extent, umma_c_tmem, TMEM_COLUMNS, TMEM_LANES};

/// A copy atom as its traits write it, in bits.
struct CopySpec {
    name: &'static str,
    thr_id: &'static str,
    src: &'static str,
    dst: &'static str,
    /// The reference layout is the source's (`true`) or the destination's.
    ref_is_src: bool,
}

/// Whether an atom writes registers (`ldmatrix`, `tcgen05.ld`) rather than memory.
fn writes_registers(name: &str) -> bool {
    name.contains("_LDSM_") || matches!(tmem::TmemAtom::parse(name), Some(Ok(atom)) if atom.loads())
}

const LDSM_X1_SRC: &str = "((_8,_4),_128):((_128,_0),_1)";
const LDSM_X2_SRC: &str = "((_16,_2),_128):((_128,_0),_1)";
const LDSM_X4_SRC: &str = "(_32,_128):(_128,_1)";
const LDSM_N_X1_DST: &str = "(_32,_32):(_32,_1)";
const LDSM_N_X2_DST: &str = "(_32,(_32,_2)):(_32,(_1,_1024))";
const LDSM_N_X4_DST: &str = "(_32,(_32,_4)):(_32,(_1,_1024))";

const COPIES: &[CopySpec] = &[
    CopySpec {
        name: "SM75_U32x1_LDSM_N",
        thr_id: "_32:_1",
        src: LDSM_X1_SRC,
        dst: LDSM_N_X1_DST,
        ref_is_src: false,
    },
    CopySpec {
        name: "SM75_U32x2_LDSM_N",
        thr_id: "_32:_1",
        src: LDSM_X2_SRC,
        dst: LDSM_N_X2_DST,
        ref_is_src: false,
    },
    CopySpec {
        name: "SM75_U32x4_LDSM_N",
        thr_id: "_32:_1",
        src: LDSM_X4_SRC,
        dst: LDSM_N_X4_DST,
        ref_is_src: false,
    },
    CopySpec {
        name: "SM75_U16x2_LDSM_T",
        thr_id: "_32:_1",
        src: LDSM_X1_SRC,
        dst: "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))",
        ref_is_src: false,
    },
    CopySpec {
        name: "SM75_U16x4_LDSM_T",
        thr_id: "_32:_1",
        src: LDSM_X2_SRC,
        dst: "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))",
        ref_is_src: false,
    },
    CopySpec {
        name: "SM75_U16x8_LDSM_T",
        thr_id: "_32:_1",
        src: LDSM_X4_SRC,
        dst: "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))",
        ref_is_src: false,
    },
    // STSM is LDSM backwards: its source is LDSM's destination
    CopySpec {
        name: "SM90_U32x1_STSM_N",
        thr_id: "_32:_1",
        src: LDSM_N_X1_DST,
        dst: LDSM_X1_SRC,
        ref_is_src: true,
    },
    CopySpec {
        name: "SM90_U32x2_STSM_N",
        thr_id: "_32:_1",
        src: LDSM_N_X2_DST,
        dst: LDSM_X2_SRC,
        ref_is_src: true,
    },
    CopySpec {
        name: "SM90_U32x4_STSM_N",
        thr_id: "_32:_1",
        src: LDSM_N_X4_DST,
        dst: LDSM_X4_SRC,
        ref_is_src: true,
    },
];

/// One thread moving `bits` bits: `UniversalCopy<uintN_t>`, `SM80_CP_ASYNC_CACHEALWAYS`.
fn one_thread(bits: i64) -> String {
    format!("(_1,_{bits}):(_0,_1)")
}

/// A copy atom `Copy_Atom<Op, T>`: `ThrID` and the `Src`, `Dst` and `Ref` layouts,
/// `(thread, value) → element` of `T`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CopyAtom {
    name: String,
    element_bits: i64,
    thr_id: CppLayout,
    src: CppLayout,
    dst: CppLayout,
    reference: CppLayout,
}

fn bad_copy(name: &str, expected: &str) -> LayoutError {
    LayoutError::BadArgument {
        op: "copy atom",
        arg: name.into(),
        expected: expected.into(),
    }
}

impl CopyAtom {
    /// `Copy_Atom<Op, T>` for `T` of `element_bits` bits: `Op` one of [`CopyAtom::names`]
    /// (`UniversalCopy<uint128_t>` may also be written `UniversalCopy_u128`,
    /// `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>` `SM80_CP_ASYNC_CACHEALWAYS_u128`).
    ///
    /// # Errors
    /// `BadArgument` for an unknown atom; what `recast_layout` refuses (an element wider
    /// than the atom's values do not divide).
    pub fn parse(name: &str, element_bits: i64) -> Result<CopyAtom, LayoutError> {
        let name = name.trim();
        let tmem = tmem::TmemAtom::parse(name).transpose()?;
        let (thr_id, src, dst, ref_is_src) = match (COPIES.iter().find(|c| c.name == name), tmem) {
            (Some(spec), _) => (
                spec.thr_id.to_string(),
                spec.src.to_string(),
                spec.dst.to_string(),
                spec.ref_is_src,
            ),
            (None, Some(tmem)) => tmem.traits(),
            (None, None) => {
                let bits = one_thread_bits(name)
                    .ok_or_else(|| bad_copy(name, "a copy atom CuTe names"))?;
                ("_1:_0".into(), one_thread(bits), one_thread(bits), true)
            }
        };
        let recast = |text: &str| -> Result<CppLayout, LayoutError> {
            CppLayout::parse(text)?.recast(1, element_bits)
        };
        let (src, dst) = (recast(&src)?, recast(&dst)?);
        let reference = if ref_is_src { src.clone() } else { dst.clone() };
        Ok(CopyAtom {
            name: name.to_string(),
            element_bits,
            thr_id: CppLayout::parse(&thr_id)?,
            src,
            dst,
            reference,
        })
    }

    /// Every atom name [`CopyAtom::parse`] takes.
    pub fn names() -> Vec<String> {
        let mut out: Vec<String> = COPIES.iter().map(|c| c.name.to_string()).collect();
        for bits in [32, 64, 128] {
            out.push(format!("UniversalCopy<uint{bits}_t>"));
        }
        out.push("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>".into());
        out.extend(tmem::names());
        out
    }

    /// The atom's name as given to [`CopyAtom::parse`] (`SM75_U32x4_LDSM_N`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// Bits per element of `T`, the unit the layouts are recast to.
    pub fn element_bits(&self) -> i64 {
        self.element_bits
    }
    /// `ThrID`: atom thread → hardware thread (`_32:_1` for a warp-wide atom, `_1:_0` for a
    /// one-thread copy).
    pub fn thr_id(&self) -> &CppLayout {
        &self.thr_id
    }
    /// `ValLayoutSrc`: `(thread, value) → element` read.
    pub fn src(&self) -> &CppLayout {
        &self.src
    }
    /// `ValLayoutDst`: `(thread, value) → element` written.
    pub fn dst(&self) -> &CppLayout {
        &self.dst
    }
    /// `ValLayoutRef`.
    pub fn reference(&self) -> &CppLayout {
        &self.reference
    }
    /// Whether the destination is registers (`ldmatrix`), where two threads holding the same
    /// element is a copy each, not two writes; the other atoms may write memory.
    pub fn writes_registers(&self) -> bool {
        writes_registers(&self.name)
    }
}

/// The bits of a one-thread atom's name: `UniversalCopy<uint128_t>` / `UniversalCopy_u128`,
/// `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>` / `…_u128` (cp.async moves 4, 8 or 16 bytes).
fn one_thread_bits(name: &str) -> Option<i64> {
    let (base, bits) = if let Some((base, rest)) = name.split_once('<') {
        let inner = rest.strip_suffix('>')?.trim();
        let bits = inner.strip_prefix("uint")?.strip_suffix("_t")?;
        (base, bits)
    } else {
        let (base, bits) = name.rsplit_once("_u")?;
        (base, bits)
    };
    let bits: i64 = bits.parse().ok()?;
    match base {
        "UniversalCopy" if [8, 16, 32, 64, 128].contains(&bits) => Some(bits),
        "SM80_CP_ASYNC_CACHEALWAYS" if [32, 64, 128].contains(&bits) => Some(bits),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
