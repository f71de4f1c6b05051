//! CuTe C++'s `ComposedLayout<Swizzle, Offset, Layout>` with static and dynamic integers
//! (`cute/layout_composed.hpp`, `cute/swizzle_layout.hpp`, `cute/pointer_flagged.hpp`):
//! `L(i) = sw(offset + layout(i))`, the offset an integer or the unset shared-memory pointer
//! `smem_ptr[16b](unset)` of the GMMA atoms (a static `_0` that remembers an element width).
//! The algebra acts on the inner layout ([`CppLayout`]), exactly as C++'s does.

use std::fmt;

use crate::error::{Field, LayoutError};

use super::algebra::{recast, Cast, CppLayout, CppTiler};
use super::int::{refused, CppInt, CppTuple};
use crate::cute::pycute::composed::strip_static_marks;
use crate::cute::{ComposedLayout, Swizzle};

/// The middle of a composed layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CppOffset {
    /// An integer added before the swizzle (`_0`, `3`).
    Int(CppInt),
    /// `smem_ptr_flag_bits<bits>`: a static `_0` standing for a shared-memory pointer to
    /// `bits`-wide elements, not set yet; its swizzle acts on byte addresses.
    SmemPtr {
        /// The element width, in bits (`16` for `smem_ptr[16b]`).
        bits: i64,
    },
}

/// `swizzle ∘ offset ∘ layout` as CuTe C++ holds it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CppComposedLayout {
    swizzle: Swizzle,
    offset: CppOffset,
    layout: CppLayout,
}

impl CppOffset {
    /// The integer added before the swizzle: an unset pointer adds 0.
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
    /// `swizzle ∘ offset ∘ layout`, taken as given (no normalisation).
    pub fn new(swizzle: Swizzle, offset: CppOffset, layout: CppLayout) -> CppComposedLayout {
        CppComposedLayout {
            swizzle,
            offset,
            layout,
        }
    }

    /// The swizzle `Sw<B,M,S>` applied last.
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }
    /// What is added to `layout(i)` before the swizzle: an integer or an unset pointer.
    pub fn offset(&self) -> CppOffset {
        self.offset
    }
    /// The inner layout (`layout_b()`).
    pub fn layout(&self) -> &CppLayout {
        &self.layout
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

    /// The element offsets a tensor on this layout reads, for bank conflicts and sectors.
    /// CuTe moves the swizzle of an `smem_ptr[Nb]` layout into the pointer, where it acts on
    /// byte addresses: it becomes the swizzle that moves N-bit elements alike
    /// ([`Swizzle::on_elements`]); for sub-byte elements (`smem_ptr[4b]`, FP4 / INT4) a byte
    /// holds `8 / N` of them, so the swizzle's bits sit `log2(8 / N)` higher in element offsets.
    /// Any other offset is [`to_composed`](Self::to_composed)'s.
    ///
    /// # Errors
    /// A byte swizzle that splits an element (`M` below its width), a width that is neither a
    /// whole number of bytes nor a divisor of 8 bits, or a negative size.
    pub fn on_elements(&self) -> Result<ComposedLayout, LayoutError> {
        let swizzle = match self.offset {
            CppOffset::SmemPtr { bits } if (1..8).contains(&bits) && 8 % bits == 0 => {
                let sw = self.swizzle;
                let up = i64::from((8 / bits).trailing_zeros());
                Swizzle::new(sw.bits(), sw.base() + up, sw.shift())?
            }
            CppOffset::SmemPtr { bits } if bits % 8 == 0 => self.swizzle.on_elements(bits / 8)?,
            CppOffset::SmemPtr { bits } => {
                return Err(LayoutError::BadArgument {
                    op: "swizzle on bytes",
                    arg: format!("smem_ptr[{bits}b]"),
                    expected: "elements of whole bytes or of 1, 2 or 4 bits".into(),
                })
            }
            CppOffset::Int(_) => return self.to_composed(),
        };
        Ok(ComposedLayout::new(swizzle, 0, self.layout.to_layout()?))
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
    /// or `Sw<max(B+M-log2 n,0),0,S>` below 0), a static offset divided by `n`, and the
    /// layout upcast. An unset pointer keeps the swizzle (it acts on bytes) and widens to
    /// `bits·n`.
    ///
    /// # Errors
    /// `n` not a power of two; a dynamic offset; as [`CppLayout::upcast`].
    pub fn upcast(&self, n: i64) -> Result<CppComposedLayout, LayoutError> {
        let log2 = log2_exact(n)?;
        let layout = self.layout.upcast(n)?;
        Ok(match self.offset {
            CppOffset::SmemPtr { bits } => {
                let bits = bits.checked_mul(n).ok_or_else(crate::cute::overflow)?;
                CppComposedLayout::new(self.swizzle, CppOffset::SmemPtr { bits }, layout)
            }
            CppOffset::Int(v) if !v.is_static() => return Err(dynamic_offset()),
            CppOffset::Int(v) => CppComposedLayout::new(
                swizzle_upcast(self.swizzle, log2)?,
                CppOffset::Int(v.checked_div(CppInt::fixed(n))?),
                layout,
            ),
        })
    }

    /// `downcast<n>`: the swizzle's base raised by `log2 n`, a static offset multiplied by
    /// `n`, the layout downcast; an unset pointer keeps the swizzle and narrows to `bits / n`.
    ///
    /// # Errors
    /// `n` not a power of two; a dynamic offset; as [`CppLayout::downcast`].
    pub fn downcast(&self, n: i64) -> Result<CppComposedLayout, LayoutError> {
        let log2 = log2_exact(n)?;
        let layout = self.layout.downcast(n)?;
        Ok(match self.offset {
            CppOffset::SmemPtr { bits } => {
                CppComposedLayout::new(self.swizzle, CppOffset::SmemPtr { bits: bits / n }, layout)
            }
            CppOffset::Int(v) if !v.is_static() => return Err(dynamic_offset()),
            CppOffset::Int(v) => {
                let swizzle = Swizzle::new(
                    self.swizzle.bits(),
                    self.swizzle.base() + log2,
                    self.swizzle.shift(),
                )?;
                CppComposedLayout::new(
                    swizzle,
                    CppOffset::Int(v.checked_mul(CppInt::fixed(n))?),
                    layout,
                )
            }
        })
    }

    /// `recast_layout<Old, New>` between element widths (`upcast` by the reduced ratio's
    /// numerator, then `downcast` by its denominator).
    ///
    /// # Errors
    /// As [`CppComposedLayout::upcast`] and [`CppComposedLayout::downcast`].
    pub fn recast(&self, old_bits: i64, new_bits: i64) -> Result<CppComposedLayout, LayoutError> {
        recast(self, old_bits, new_bits)
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
        let offset_start = swizzle_part.chars().count() + 3;
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
        let layout_start = offset_start + offset_part.chars().count() + 3;
        let layout =
            CppLayout::parse(layout_part).map_err(|e| e.within(text, |p| layout_start + p))?;
        Ok(CppComposedLayout::new(swizzle, offset, layout))
    }
}

impl Cast for CppComposedLayout {
    fn upcast_by(&self, n: i64) -> Result<Self, LayoutError> {
        self.upcast(n)
    }
    fn downcast_by(&self, n: i64) -> Result<Self, LayoutError> {
        self.downcast(n)
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

/// CUTLASS 4.2 has no `upcast` / `downcast` of a dynamic (`int`) offset: the C++ does not
/// compile ("no matching function for call to ‘upcast<2>(const int&)’").
fn dynamic_offset() -> LayoutError {
    refused(
        "upcast / downcast",
        "a static offset (C++ has no upcast of a dynamic one)",
    )
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
    /// CuTe's print: `Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)`. (C++ builds
    /// `composition(Swizzle<0,M,S>{}, Int<0>{}, layout)` as the plain layout; the casts here
    /// never do, their `_0` being unsigned, so this type has no such case.)
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How a fixture's result was made from its input.
    enum Cast {
        Up(i64),
        Down(i64),
        /// `recast_layout<Old, New>` by their widths in bits
        Recast(i64, i64),
    }

    fn cast(layout: &CppComposedLayout, how: &Cast) -> Result<CppComposedLayout, LayoutError> {
        match *how {
            Cast::Up(n) => layout.upcast(n),
            Cast::Down(n) => layout.downcast(n),
            Cast::Recast(old, new) => layout.recast(old, new),
        }
    }

    fn cast_layout(layout: &CppLayout, how: &Cast) -> Result<CppLayout, LayoutError> {
        match *how {
            Cast::Up(n) => layout.upcast(n),
            Cast::Down(n) => layout.downcast(n),
            Cast::Recast(old, new) => layout.recast(old, new),
        }
    }

    #[test]
    fn casts_print_as_cute_does() {
        use Cast::*;
        // what CUTLASS 4.2's CuTe C++ prints for each (g++ -std=c++17, once)
        let layouts = [
            ("(_8,_64):(_64,_1)", Up(2), "(_8,_32):(_32,_1)"),
            ("(8,64):(64,_1)", Up(4), "(8,16):(16,_1)"),
            ("((_4,3),_2):((_2,16),_0)", Up(2), "((_4,3),_2):((_1,8),_0)"),
            ("(_6,_4):(_1,_6)", Up(2), "(_3,_4):(_1,_3)"),
            ("(_8,_64):(_64,_1)", Up(128), "(_4,_1):(_1,_1)"),
            ("(_8,_64):(_64,_1)", Down(2), "(_8,_128):(_128,_1)"),
            ("(8,64):(64,_1)", Down(4), "(8,256):(256,_1)"),
            ("(_6,_4):(_1,_6)", Down(3), "(_18,_4):(_1,_18)"),
            ("(_8,_64):(_64,_1)", Recast(16, 32), "(_8,_32):(_32,_1)"),
            ("(_8,_64):(_64,_1)", Recast(32, 16), "(_8,_128):(_128,_1)"),
            ("(8,64):(64,_1)", Recast(8, 32), "(8,16):(16,_1)"),
            ("(_6,_4):(_1,_6)", Recast(16, 8), "(_12,_4):(_1,_12)"),
        ];
        for (input, how, expect) in &layouts {
            let got = cast_layout(&CppLayout::parse(input).unwrap(), how).unwrap();
            assert_eq!(got.to_string(), *expect, "{input}");
        }
        let sw = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)";
        let atom = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)";
        let composed = [
            (sw, Up(2), "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)"),
            (sw, Up(64), "Sw<1,0,3> o _0 o (_8,_1):(_1,_1)"),
            (sw, Down(2), "Sw<3,5,3> o _0 o (_8,_128):(_128,_1)"),
            (
                atom,
                Up(2),
                "Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)",
            ),
            (
                atom,
                Down(2),
                "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)",
            ),
            (
                atom,
                Recast(16, 32),
                "Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)",
            ),
            (
                atom,
                Recast(16, 8),
                "Sw<3,4,3> o smem_ptr[8b](unset) o (_8,_128):(_128,_1)",
            ),
            (
                "Sw<1,0,1> o _0 o (_8,_64):(_64,_1)",
                Up(2),
                "Sw<0,0,1> o _0 o (_8,_32):(_32,_1)",
            ),
        ];
        for (input, how, expect) in &composed {
            let got = cast(&CppComposedLayout::parse(input).unwrap(), how).unwrap();
            assert_eq!(got.to_string(), *expect, "{input}");
        }
    }

    #[test]
    fn casts_cute_refuses_are_errors() {
        // each of these fails to compile in C++ (a static_assert or no matching overload)
        let layout = |t: &str| CppLayout::parse(t).unwrap();
        let message = |e: LayoutError| e.to_string();
        let divisibility = layout("(_6,_4):(_1,_6)").upcast(4).map_err(message);
        assert!(divisibility.unwrap_err().contains("Divisibility condition"));
        assert!(layout("(_4,5):(_-1,_3)").upcast(2).is_err());
        let adjacent = layout("((_4,3),_2):((_2,16),_0)")
            .downcast(2)
            .map_err(message);
        assert!(adjacent.unwrap_err().contains("adjacent elements"));
        assert!(
            layout("(_4,5):(_-1,_3)").downcast(2).is_err(),
            "_-1 is not _1"
        );
        let dynamic = CppComposedLayout::parse("Sw<2,1,3> o 32 o (8,64):(64,_1)").unwrap();
        assert!(dynamic.upcast(2).is_err());
        assert!(dynamic.downcast(4).is_err());
        assert_eq!(
            layout("(_6,_4):(_1,_6)").upcast(3).map(|l| l.to_string()),
            Ok("(_2,_4):(_1,_2)".to_string()),
            "a layout's upcast needs no power of two"
        );
        assert!(
            CppComposedLayout::parse("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)")
                .unwrap()
                .upcast(3)
                .is_err()
        );
        assert!(layout("8:_1").recast(0, 8).is_err());
    }

    #[test]
    fn an_smem_pointers_swizzle_moves_elements_as_it_moves_their_bytes() {
        let atom = CppComposedLayout::parse("Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)")
            .unwrap();
        let read = atom.on_elements().unwrap();
        assert_eq!(read.to_string(), "Sw<3,3,3> o 0 o (8,64):(64,1)");
        let (byte_swizzle, plain) = (atom.swizzle(), atom.layout().to_layout().unwrap());
        for i in 0..512 {
            let element = plain.call(i).unwrap();
            assert_eq!(read.call(i).unwrap() * 2, byte_swizzle.apply(element * 2));
        }
        // CuTe's operator() leaves the swizzle on the element offsets; an integer offset too
        assert_eq!(atom.to_composed().unwrap().swizzle(), byte_swizzle);
        let int = CppComposedLayout::parse("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)").unwrap();
        assert_eq!(int.on_elements().unwrap(), int.to_composed().unwrap());
        // a byte swizzle inside a 32-byte element moves no whole element
        let split = CppComposedLayout::parse("Sw<1,2,3> o smem_ptr[256b](unset) o 8:1").unwrap();
        assert!(split.on_elements().is_err());
        // 4-bit elements, two to a byte: the element keeps its nibble, its byte moves
        let fp4 = CppComposedLayout::parse("Sw<3,4,3> o smem_ptr[4b](unset) o (_8,_256):(_256,_1)")
            .unwrap();
        let read = fp4.on_elements().unwrap();
        assert_eq!(read.swizzle(), Swizzle::new(3, 5, 3).unwrap());
        let plain = fp4.layout().to_layout().unwrap();
        for i in 0..2048 {
            let element = plain.call(i).unwrap();
            let byte = byte_swizzle.apply(element / 2);
            assert_eq!(read.call(i).unwrap(), byte * 2 + element % 2);
        }
    }
}
