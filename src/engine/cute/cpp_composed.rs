//! CuTe C++'s `ComposedLayout<Swizzle, Offset, Layout>` with static and dynamic integers
//! (`cute/layout_composed.hpp`, `cute/swizzle_layout.hpp`, `cute/pointer_flagged.hpp`):
//! `L(i) = sw(offset + layout(i))`, the offset an integer or the unset shared-memory pointer
//! `smem_ptr[16b](unset)` of the GMMA atoms (a static `_0` that remembers an element width).
//! The algebra acts on the inner layout ([`CppLayout`]), exactly as C++'s does.

use std::fmt;

use crate::engine::error::{Field, LayoutError};

use super::composed::strip_static_marks;
use super::cpp_algebra::{recast_ratio, CppLayout, CppTiler};
use super::cpp_int::{refused, CppInt, CppTuple};
use super::{ComposedLayout, Swizzle};

/// The middle of a composed layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CppOffset {
    /// An integer added before the swizzle (`_0`, `3`).
    Int(CppInt),
    /// `smem_ptr_flag_bits<bits>`: a static `_0` standing for a shared-memory pointer to
    /// `bits`-wide elements, not set yet; its swizzle acts on byte addresses.
    SmemPtr { bits: i64 },
}

/// `swizzle ∘ offset ∘ layout` as CuTe C++ holds it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CppComposedLayout {
    swizzle: Swizzle,
    offset: CppOffset,
    layout: CppLayout,
}

impl CppOffset {
    pub fn value(self) -> i64 {
        match self {
            CppOffset::Int(v) => v.value(),
            CppOffset::SmemPtr { .. } => 0,
        }
    }
}

impl fmt::Display for CppOffset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CppOffset::Int(v) => write!(f, "{v}"),
            CppOffset::SmemPtr { bits } => write!(f, "smem_ptr[{bits}b](unset)"),
        }
    }
}

impl CppComposedLayout {
    pub fn new(swizzle: Swizzle, offset: CppOffset, layout: CppLayout) -> CppComposedLayout {
        CppComposedLayout {
            swizzle,
            offset,
            layout,
        }
    }

    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }
    pub fn offset(&self) -> CppOffset {
        self.offset
    }
    /// The inner layout (`layout_b()`).
    pub fn layout(&self) -> &CppLayout {
        &self.layout
    }

    /// C++'s `composition(Swizzle<0,M,S>, Int<0>, layout)` is the plain layout: true where this
    /// composed layout is one (it then prints as its layout alone).
    pub fn is_plain(&self) -> bool {
        self.swizzle.bits() == 0 && matches!(self.offset, CppOffset::Int(v) if v.is_constant(0))
    }

    fn with_layout(&self, layout: CppLayout) -> CppComposedLayout {
        CppComposedLayout::new(self.swizzle, self.offset, layout)
    }

    /// The same function in the engine's [`ComposedLayout`] (static flags and the pointer's
    /// width dropped), to evaluate and draw.
    ///
    /// # Errors
    /// A negative size.
    pub fn to_composed(&self) -> Result<ComposedLayout, LayoutError> {
        Ok(ComposedLayout::new(
            self.swizzle,
            self.offset.value(),
            self.layout.to_layout()?,
        ))
    }

    /// `[L(0), L(1), …]` as CuTe's `operator()` computes them, at most `limit`.
    ///
    /// # Errors
    /// `TooLarge` above `limit`; `Overflow`.
    pub fn values(&self, limit: usize) -> Result<Vec<i64>, LayoutError> {
        self.to_composed()?.values(limit)
    }

    /// `composition(sw∘o∘L, B) = sw∘o∘composition(L, B)`.
    ///
    /// # Errors
    /// As [`CppLayout::compose_tiler`].
    pub fn composition(&self, b: &CppTiler) -> Result<CppComposedLayout, LayoutError> {
        Ok(self.with_layout(self.layout.compose_tiler(b)?))
    }
    /// `sw∘o∘logical_divide(L, tiler)`.
    ///
    /// # Errors
    /// As [`CppLayout::logical_divide`].
    pub fn logical_divide(&self, tiler: &CppTiler) -> Result<CppComposedLayout, LayoutError> {
        Ok(self.with_layout(self.layout.logical_divide(tiler)?))
    }
    /// `sw∘o∘zipped_divide(L, tiler)`.
    ///
    /// # Errors
    /// As [`CppLayout::zipped_divide`].
    pub fn zipped_divide(&self, tiler: &CppTiler) -> Result<CppComposedLayout, LayoutError> {
        Ok(self.with_layout(self.layout.zipped_divide(tiler)?))
    }
    /// `sw∘o∘tiled_divide(L, tiler)`.
    ///
    /// # Errors
    /// As [`CppLayout::tiled_divide`].
    pub fn tiled_divide(&self, tiler: &CppTiler) -> Result<CppComposedLayout, LayoutError> {
        Ok(self.with_layout(self.layout.tiled_divide(tiler)?))
    }
    /// `sw∘o∘tile_to_shape(L, target)`.
    ///
    /// # Errors
    /// As [`CppLayout::tile_to_shape`].
    pub fn tile_to_shape(&self, target: &CppTuple) -> Result<CppComposedLayout, LayoutError> {
        Ok(self.with_layout(self.layout.tile_to_shape(target)?))
    }

    /// `upcast<n>`: the swizzle's base lowered by `log2 n` (`Sw<B,M,S>` → `Sw<B,M-log2 n,S>`,
    /// or `Sw<max(B+M-log2 n,0),0,S>` below 0), an integer offset divided by `n`, and the
    /// layout upcast. An unset pointer keeps the swizzle (it acts on bytes) and widens to
    /// `bits·n`.
    ///
    /// # Errors
    /// `n` not a power of two; as [`CppLayout::upcast`].
    pub fn upcast(&self, n: i64) -> Result<CppComposedLayout, LayoutError> {
        let log2 = log2_exact(n)?;
        let layout = self.layout.upcast(n)?;
        Ok(match self.offset {
            CppOffset::SmemPtr { bits } => {
                let bits = bits.checked_mul(n).ok_or_else(super::overflow)?;
                CppComposedLayout::new(self.swizzle, CppOffset::SmemPtr { bits }, layout)
            }
            CppOffset::Int(v) => CppComposedLayout::new(
                swizzle_upcast(self.swizzle, log2)?,
                CppOffset::Int(v.div(CppInt::fixed(n))?),
                layout,
            ),
        })
    }

    /// `downcast<n>`: the swizzle's base raised by `log2 n`, an integer offset multiplied by
    /// `n`, the layout downcast; an unset pointer keeps the swizzle and narrows to `bits / n`.
    ///
    /// # Errors
    /// `n` not a power of two; as [`CppLayout::downcast`].
    pub fn downcast(&self, n: i64) -> Result<CppComposedLayout, LayoutError> {
        let log2 = log2_exact(n)?;
        let layout = self.layout.downcast(n)?;
        Ok(match self.offset {
            CppOffset::SmemPtr { bits } => {
                CppComposedLayout::new(self.swizzle, CppOffset::SmemPtr { bits: bits / n }, layout)
            }
            CppOffset::Int(v) => {
                let swizzle = Swizzle::new(
                    self.swizzle.bits(),
                    self.swizzle.base() + log2,
                    self.swizzle.shift(),
                )?;
                CppComposedLayout::new(swizzle, CppOffset::Int(v.mul(CppInt::fixed(n))?), layout)
            }
        })
    }

    /// `recast_layout<Old, New>` between element widths (`upcast` by the reduced ratio's
    /// numerator, then `downcast` by its denominator).
    ///
    /// # Errors
    /// As [`CppComposedLayout::upcast`] and [`CppComposedLayout::downcast`].
    pub fn recast(&self, old_bits: i64, new_bits: i64) -> Result<CppComposedLayout, LayoutError> {
        let (up, down) = recast_ratio(old_bits, new_bits)?;
        let mut out = self.clone();
        if up != 1 {
            out = out.upcast(up)?;
        }
        if down != 1 {
            out = out.downcast(down)?;
        }
        Ok(out)
    }

    /// Parses `SWIZZLE o OFFSET o LAYOUT` with `_` marking static integers; the offset may be
    /// `smem_ptr[16b](unset)`.
    ///
    /// # Errors
    /// `Parse` with the position in `text`.
    pub fn parse(text: &str) -> Result<CppComposedLayout, LayoutError> {
        let parts: Vec<&str> = text.split(" o ").collect();
        let [swizzle_part, offset_part, layout_part] = parts[..] else {
            return Err(parse_error(text, 0, "SWIZZLE o OFFSET o LAYOUT"));
        };
        let swizzle = Swizzle::parse(swizzle_part.trim())?;
        let offset_start = swizzle_part.len() + 3;
        let offset_text = offset_part.trim();
        let offset = if let Some(bits) = offset_text
            .strip_prefix("smem_ptr[")
            .and_then(|t| t.strip_suffix("b](unset)"))
        {
            let bits = bits
                .parse::<i64>()
                .map_err(|_| parse_error(text, offset_start + 9, "the pointer's width in bits"))?;
            CppOffset::SmemPtr { bits }
        } else {
            let (digits, _) = strip_static_marks(offset_text);
            let value = digits.trim().parse::<i64>().map_err(|_| {
                parse_error(
                    text,
                    offset_start,
                    "an integer offset or smem_ptr[Nb](unset)",
                )
            })?;
            CppOffset::Int(if offset_text.starts_with('_') {
                CppInt::fixed(value)
            } else {
                CppInt::dynamic(value)
            })
        };
        let layout_start = offset_start + offset_part.len() + 3;
        let layout =
            CppLayout::parse(layout_part).map_err(|e| e.within(text, |p| layout_start + p))?;
        Ok(CppComposedLayout::new(swizzle, offset, layout))
    }
}

fn parse_error(text: &str, position: usize, expected: &str) -> LayoutError {
    LayoutError::Parse {
        field: Field::Swizzle,
        input: text.to_string(),
        position,
        expected: expected.to_string(),
    }
}

/// `log2 n` for a power of two `n` ("N must be a power of two").
fn log2_exact(n: i64) -> Result<i64, LayoutError> {
    if n <= 0 || n.count_ones() != 1 {
        return Err(refused("upcast / downcast", "N must be a power of two"));
    }
    Ok(i64::from(n.trailing_zeros()))
}

/// `upcast<2^log2>(Swizzle<B,M,S>)`.
pub(super) fn swizzle_upcast(swizzle: Swizzle, log2: i64) -> Result<Swizzle, LayoutError> {
    let base = swizzle.base() - log2;
    if base >= 0 {
        Swizzle::new(swizzle.bits(), base, swizzle.shift())
    } else {
        Swizzle::new((swizzle.bits() + base).max(0), 0, swizzle.shift())
    }
}

impl fmt::Display for CppComposedLayout {
    /// CuTe's print: `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`, or the layout
    /// alone where [`CppComposedLayout::is_plain`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_plain() {
            return write!(f, "{}", self.layout);
        }
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}
