//! CuTe's `Swizzle<B,M,S>` (CUTLASS 4.2 `cute/swizzle.hpp`, pycute `swizzle.py`): the XOR of
//! the `B` bits at `[M+S, M+S+B)` into the `B` bits at `[M, M+B)`; a negative `S` XORs the bits
//! at `[M, M+B)` into `[M+|S|, M+|S|+B)` instead.
//!
//! ```text
//! 0bxxxxxxxxxxxxxxxYYYxxxxxxxZZZxxxx   Sw<3,4,7>(x) = x ^ ((x & yyy) >> S): ZZZ ^= YYY
//!                                ^--^  M: least-significant bits kept
//!                   ^-^       ^-^      B: bits in each mask
//!                     ^---------^      S: distance between the masks
//! ```

use std::fmt;

use crate::error::{Field, LayoutError};

use super::Notation;

/// Largest `B + M + |S|`: every mask and shifted bit stays inside a non-negative `i64`.
pub const MAX_SWIZZLE_BITS: i64 = 62;

/// `Sw<B,M,S>`; invariant (checked by [`Swizzle::new`]): `B >= 0`, `M >= 0`, `|S| >= B`,
/// `B + M + |S| <= 62`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swizzle {
    bits: u32,
    base: u32,
    shift: i32,
}

impl Swizzle {
    /// `Sw<bits, base, shift>`, as CuTe's `static_assert`s and pycute's `assert`s admit it.
    ///
    /// # Errors
    /// [`LayoutError::BadArgument`] for `B < 0`, `M < 0`, `|S| < B` (the masks would overlap)
    /// or `B + M + |S| > 62`.
    pub fn new(bits: i64, base: i64, shift: i64) -> Result<Swizzle, LayoutError> {
        let bad = |expected: &str| LayoutError::BadArgument {
            op: "swizzle",
            arg: format!("Sw<{bits},{base},{shift}>"),
            expected: expected.into(),
        };
        if bits < 0 || base < 0 {
            return Err(bad("B >= 0 and M >= 0"));
        }
        if shift.unsigned_abs() < bits.unsigned_abs() {
            return Err(bad("|S| >= B (the two masks must not overlap)"));
        }
        let total = bits
            .checked_add(base)
            .and_then(|t| t.checked_add(shift.checked_abs()?));
        if total.is_none_or(|t| t > MAX_SWIZZLE_BITS) {
            return Err(bad("B + M + |S| <= 62"));
        }
        // all three are in 0..=62 now
        Ok(Swizzle {
            bits: bits as u32,
            base: base as u32,
            shift: shift as i32,
        })
    }

    /// `Sw<0,0,0>`: the identity.
    pub fn identity() -> Swizzle {
        Swizzle {
            bits: 0,
            base: 0,
            shift: 0,
        }
    }

    /// `B`: bits in each mask.
    pub fn bits(self) -> i64 {
        i64::from(self.bits)
    }
    /// `M`: least-significant bits kept.
    pub fn base(self) -> i64 {
        i64::from(self.base)
    }
    /// `S`: distance between the masks; negative XORs the low mask into the high one.
    pub fn shift(self) -> i64 {
        i64::from(self.shift)
    }

    fn bit_mask(self) -> i64 {
        (1i64 << self.bits) - 1
    }

    /// The source bits: `[M + max(0,S), … + B)`.
    pub fn yyy_mask(self) -> i64 {
        self.bit_mask() << (self.base as i32 + self.shift.max(0))
    }

    /// The bits XORed into: `[M - min(0,S), … + B)`.
    pub fn zzz_mask(self) -> i64 {
        self.bit_mask() << (self.base as i32 - self.shift.min(0))
    }

    /// `x ^ shiftr(x & yyy, S)`; an involution: `sw(sw(x)) == x` for every x.
    pub fn apply(self, offset: i64) -> i64 {
        let moved = offset & self.yyy_mask();
        let shifted = if self.shift >= 0 {
            moved >> self.shift
        } else {
            moved << -self.shift
        };
        offset ^ shifted
    }

    /// pycute `size` (and `cosize`): `2^(B + M + |S|)`, the span of the bits it reads.
    pub fn size(self) -> i64 {
        1i64 << (self.bits + self.base + self.shift.unsigned_abs())
    }

    /// The swizzle of element offsets that `self` makes of byte addresses, for elements of
    /// `element_bytes = 2^k` bytes: `Sw<B,M,S>` on bytes is `Sw<B,M-k,S>` on elements
    /// (`Sw<3,4,3>` on 2-byte elements is `Sw<3,3,3>`), so that
    /// `self.apply(e·i) == e·on_elements.apply(i)` for every element index `i`.
    ///
    /// # Errors
    /// `BadArgument` for `element_bytes` that is not a power of two, or for `M < k` with
    /// `B > 0`: that swizzle moves bytes within an element, which no permutation of whole
    /// elements matches.
    pub fn on_elements(self, element_bytes: i64) -> Result<Swizzle, LayoutError> {
        let bad = |expected: String| LayoutError::BadArgument {
            op: "swizzle on bytes",
            arg: format!("{self} of {element_bytes}-byte elements"),
            expected,
        };
        if element_bytes < 1 || element_bytes.count_ones() != 1 {
            return Err(bad("elements of a power-of-two number of bytes".into()));
        }
        let k = i64::from(element_bytes.trailing_zeros());
        if self.bits > 0 && self.base() < k {
            return Err(bad(format!(
                "M >= {k}, so that it moves whole {element_bytes}-byte elements"
            )));
        }
        Swizzle::new(self.bits(), (self.base() - k).max(0), self.shift())
    }

    /// `Sw<B,M,S>` (CuTe) or `SW_B_M_S` (pycute).
    pub fn to_notation(self, notation: Notation) -> String {
        let (b, m, s) = (self.bits, self.base, self.shift);
        match notation {
            Notation::Cute => format!("Sw<{b},{m},{s}>"),
            Notation::Python => format!("SW_{b}_{m}_{s}"),
        }
    }

    /// `Sw<B,M,S>` or `SW_B_M_S`, surrounding spaces allowed; `position` in errors is a char
    /// index into `text`.
    ///
    /// # Errors
    /// [`LayoutError::Parse`] (field `swizzle`) for other text, [`Swizzle::new`]'s errors.
    pub fn parse(text: &str) -> Result<Swizzle, LayoutError> {
        let lead = text.chars().take_while(|c| c.is_whitespace()).count();
        let trimmed = text.trim();
        let error = |at: usize, expected: &str| LayoutError::Parse {
            field: Field::Swizzle,
            input: text.to_string(),
            position: lead + at,
            expected: expected.into(),
        };
        let (body, separator, close) = if let Some(body) = trimmed.strip_prefix("Sw<") {
            let body = body
                .strip_suffix('>')
                .ok_or_else(|| error(trimmed.chars().count(), "“>” closing Sw<B,M,S>"))?;
            (body, ',', 3)
        } else if let Some(body) = trimmed.strip_prefix("SW_") {
            (body, '_', 3)
        } else {
            return Err(error(0, "a swizzle Sw<B,M,S> or SW_B_M_S"));
        };
        let mut numbers = Vec::new();
        let mut at = close;
        for part in body.split(separator) {
            let number = part
                .trim()
                .parse::<i64>()
                .map_err(|_| error(at, "an integer (a swizzle is Sw<B,M,S> or SW_B_M_S)"))?;
            numbers.push(number);
            at += part.chars().count() + 1;
        }
        match numbers[..] {
            [b, m, s] => Swizzle::new(b, m, s),
            _ => Err(error(close, "three integers B, M, S")),
        }
    }
}

impl fmt::Display for Swizzle {
    /// CuTe notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation(Notation::Cute))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(swizzle: (i64, i64, i64), expect: &[i64]) {
        let sw = Swizzle::new(swizzle.0, swizzle.1, swizzle.2).unwrap();
        let got: Vec<i64> = (0..expect.len() as i64).map(|x| sw.apply(x)).collect();
        assert_eq!(got, expect, "{sw}");
    }

    #[test]
    fn a_byte_swizzle_moves_whole_elements_as_its_element_swizzle_does() {
        for (b, m, s) in [
            (3, 4, 3),
            (2, 4, 3),
            (3, 5, 4),
            (1, 3, -2),
            (0, 1, 0),
            (3, 7, 3),
        ] {
            let on_bytes = Swizzle::new(b, m, s).unwrap();
            for bytes in [1i64, 2, 4, 8, 16] {
                let k = i64::from(bytes.trailing_zeros());
                match on_bytes.on_elements(bytes) {
                    Ok(on_elements) => {
                        assert!(b == 0 || m >= k, "{on_bytes} of {bytes}");
                        for i in 0..1 << 14 {
                            assert_eq!(on_bytes.apply(i * bytes), on_elements.apply(i) * bytes);
                        }
                    }
                    Err(e) => {
                        assert!(b > 0 && m < k, "{on_bytes} of {bytes}: {e}");
                        // some element's bytes do not stay together
                        let split = (0..1 << 14).any(|i: i64| {
                            let first = on_bytes.apply(i * bytes) / bytes;
                            (1..bytes).any(|j| on_bytes.apply(i * bytes + j) / bytes != first)
                        });
                        assert!(
                            split,
                            "{on_bytes} of {bytes} refused but moves whole elements"
                        );
                    }
                }
            }
        }
        assert_eq!(
            Swizzle::new(3, 4, 3).unwrap().on_elements(2),
            Ok(Swizzle::new(3, 3, 3).unwrap())
        );
        assert!(Swizzle::identity().on_elements(3).is_err());
    }

    #[test]
    fn swizzles_xor_the_high_bits_into_the_low_ones() {
        // Sw<1,0,1>: bit 1 into bit 0
        check((1, 0, 1), &[0, 1, 3, 2, 4, 5, 7, 6]);
        // Sw<1,0,-1>: bit 0 into bit 1
        check((1, 0, -1), &[0, 3, 2, 1, 4, 7, 6, 5]);
        // Sw<2,1,3>: bits 4,5 into bits 1,2 (the shared vector cpp-1-2 at 16..24)
        check(
            (2, 1, 3),
            &[
                0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 18, 19, 16, 17, 22, 23, 20,
                21,
            ],
        );
        check((0, 4, 0), &[0, 1, 2, 3]);
        let sw = Swizzle::new(3, 4, 3).unwrap();
        assert_eq!((sw.yyy_mask(), sw.zzz_mask()), (0b11_1000_0000, 0b111_0000));
        assert_eq!(sw.apply(0b1_0000_0000), 0b1_0010_0000);
        assert_eq!(sw.size(), 1024);
        let back = Swizzle::new(2, 3, -4).unwrap();
        assert_eq!(
            (back.yyy_mask(), back.zzz_mask()),
            (0b1_1000, 0b1_1000_0000)
        );
    }

    #[test]
    fn a_swizzle_is_an_involution_and_a_bijection_of_its_span() {
        for (b, m, s) in [
            (3, 4, 3),
            (2, 1, -3),
            (1, 0, 1),
            (3, 0, 5),
            (5, 0, 5),
            (2, 2, -2),
        ] {
            let sw = Swizzle::new(b, m, s).unwrap();
            let mut seen = vec![false; sw.size() as usize];
            for x in 0..sw.size() {
                let y = sw.apply(x);
                assert_eq!(sw.apply(y), x, "{sw} at {x}");
                assert!(!seen[y as usize], "{sw} hits {y} twice");
                seen[y as usize] = true;
            }
            // bits above the span pass through
            assert_eq!(sw.apply(sw.size()), sw.size());
        }
    }

    #[track_caller]
    fn check_parse(text: &str, expect: Result<(i64, i64, i64), &str>) {
        match (Swizzle::parse(text), expect) {
            (Ok(sw), Ok((b, m, s))) => assert_eq!((sw.bits(), sw.base(), sw.shift()), (b, m, s)),
            (Err(error), Err(words)) => {
                let message = error.to_string();
                assert!(message.contains(words), "{text}: {message}");
            }
            (got, want) => panic!("{text}: {got:?}, expected {want:?}"),
        }
    }

    #[test]
    fn swizzle_notation_in_both_dialects() {
        check_parse("Sw<3,4,3>", Ok((3, 4, 3)));
        check_parse(" Sw< 2, 1, -3 > ", Ok((2, 1, -3)));
        check_parse("SW_3_4_3", Ok((3, 4, 3)));
        check_parse("SW_2_1_-3", Ok((2, 1, -3)));
        check_parse("Sw<3,4>", Err("three integers"));
        check_parse("Sw<3,4,3", Err("“>”"));
        check_parse("Sw<3,x,3>", Err("an integer"));
        check_parse("Swizzle<3,4,3>", Err("Sw<B,M,S> or SW_B_M_S"));
        check_parse("Sw<3,4,2>", Err("|S| >= B"));
        check_parse("Sw<-1,4,2>", Err("B >= 0"));
        check_parse("Sw<1,60,2>", Err("<= 62"));
        check_parse("Sw<1,0,-9223372036854775808>", Err("<= 62"));
        for (b, m, s) in [(3, 4, 3), (2, 1, -3)] {
            let sw = Swizzle::new(b, m, s).unwrap();
            for notation in [Notation::Cute, Notation::Python] {
                assert_eq!(Swizzle::parse(&sw.to_notation(notation)), Ok(sw));
            }
        }
        assert_eq!(Swizzle::new(3, 4, 3).unwrap().to_string(), "Sw<3,4,3>");
        assert_eq!(
            Swizzle::new(3, 4, 3).unwrap().to_notation(Notation::Python),
            "SW_3_4_3"
        );
    }
}
