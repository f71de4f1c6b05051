//! CuTe's `ComposedLayout<Swizzle, Offset, Layout>` (CUTLASS 4.2 `cute/layout_composed.hpp`,
//! pycute `ComposedLayout`): `L(i) = sw(offset + layout(i))`, written
//! `Sw<3,4,3> o _0 o (8,64):(64,1)` (CuTe, the `_` of static integers optional) or
//! `SW_3_4_3 o 0 o (8, 64):(64, 1)` (pycute).
//!
//! The algebra acts on the inner layout, as CuTe's does: `composition(sw∘o∘L, B) = sw∘o∘(L∘B)`,
//! and the divides likewise; size and cosize are the inner layout's (CuTe C++; pycute's
//! `cosize` is the swizzle's span instead, [`Swizzle::size`]).

use std::fmt;

use crate::error::{Field, LayoutError};

use super::algebra;
use crate::cute::Swizzle;
use crate::cute::{Layout, Notation, Tiler};

/// `swizzle ∘ offset ∘ layout`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ComposedLayout {
    swizzle: Swizzle,
    offset: i64,
    layout: Layout,
}

fn overflow() -> LayoutError {
    LayoutError::Overflow {
        what: "offset + layout(i)",
    }
}

impl ComposedLayout {
    /// `swizzle ∘ offset ∘ layout`, taken as given (no normalisation).
    pub fn new(swizzle: Swizzle, offset: i64, layout: Layout) -> ComposedLayout {
        ComposedLayout {
            swizzle,
            offset,
            layout,
        }
    }

    /// The swizzle `Sw<B,M,S>` applied last.
    pub fn swizzle(&self) -> Swizzle {
        self.swizzle
    }
    /// The offset added to `layout(i)` before the swizzle (0 when none).
    pub fn offset(&self) -> i64 {
        self.offset
    }
    /// The inner layout (CuTe's `layout_b()`).
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// `sw(offset + layout(i))` for a 1-D colexicographic index.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn call(&self, index: i64) -> Result<i64, LayoutError> {
        let inner = self.layout.call(index)?;
        let shifted = self.offset.checked_add(inner).ok_or_else(overflow)?;
        Ok(self.swizzle.apply(shifted))
    }

    /// `[L(0), L(1), …]`, at most `limit` values.
    ///
    /// # Errors
    /// `TooLarge` above `limit`; `Overflow`.
    pub fn values(&self, limit: usize) -> Result<Vec<i64>, LayoutError> {
        self.layout
            .values(limit)?
            .into_iter()
            .map(|v| {
                let shifted = self.offset.checked_add(v).ok_or_else(overflow)?;
                Ok(self.swizzle.apply(shifted))
            })
            .collect()
    }

    /// The inner layout's size.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn size(&self) -> Result<i64, LayoutError> {
        self.layout.size()
    }

    /// CuTe C++'s `cosize`: the inner layout's.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn cosize(&self) -> Result<i64, LayoutError> {
        self.layout.cosize()
    }

    fn with_layout(&self, layout: Layout) -> ComposedLayout {
        ComposedLayout::new(self.swizzle, self.offset, layout)
    }

    /// `composition(sw∘o∘L, B) = sw∘o∘(L∘B)`: `R(i) = L(B(i))` for every `i < size(B)`.
    ///
    /// # Errors
    /// As [`algebra::composition`].
    pub fn composition(&self, b: &Layout) -> Result<ComposedLayout, LayoutError> {
        algebra::composition(&self.layout, b).map(|l| self.with_layout(l))
    }

    /// `sw∘o∘logical_divide(L, tiler)`.
    ///
    /// # Errors
    /// As [`algebra::logical_divide`].
    pub fn logical_divide(&self, tiler: &Tiler) -> Result<ComposedLayout, LayoutError> {
        algebra::logical_divide(&self.layout, tiler).map(|l| self.with_layout(l))
    }

    /// `sw∘o∘zipped_divide(L, tiler)`.
    ///
    /// # Errors
    /// As [`algebra::zipped_divide`].
    pub fn zipped_divide(&self, tiler: &Tiler) -> Result<ComposedLayout, LayoutError> {
        algebra::zipped_divide(&self.layout, tiler).map(|l| self.with_layout(l))
    }

    /// `sw∘o∘tiled_divide(L, tiler)`.
    ///
    /// # Errors
    /// As [`algebra::tiled_divide`].
    pub fn tiled_divide(&self, tiler: &Tiler) -> Result<ComposedLayout, LayoutError> {
        algebra::tiled_divide(&self.layout, tiler).map(|l| self.with_layout(l))
    }

    /// `Sw<3,4,3> o 0 o (8,64):(64,1)` or `SW_3_4_3 o 0 o (8, 64):(64, 1)`.
    pub fn to_notation(&self, notation: Notation) -> String {
        format!(
            "{} o {} o {}",
            self.swizzle.to_notation(notation),
            self.offset,
            self.layout.to_notation(notation)
        )
    }

    /// [`ComposedLayout::parse`]'s composed layout, or a plain layout with no swizzle (a memory
    /// layout as a user types it).
    ///
    /// # Errors
    /// The composed layout's error where the text composes (`o`) or starts with a swizzle, else
    /// the plain layout's.
    pub fn parse_or_plain(text: &str) -> Result<ComposedLayout, LayoutError> {
        match ComposedLayout::parse(text) {
            Ok(composed) => Ok(composed),
            Err(e) if text.contains(" o ") || text.trim_start().starts_with('S') => Err(e),
            Err(_) => Layout::parse(text).map(ComposedLayout::from),
        }
    }

    /// `SWIZZLE o OFFSET o LAYOUT`, or `SWIZZLE o LAYOUT` (offset 0), in CuTe or pycute
    /// notation; CuTe's `_` before a static integer (`_0`, `(_8,_64):(_64,_1)`) is optional.
    ///
    /// # Errors
    /// `Parse` with the position in `text` (field `swizzle` for the swizzle and the offset, the
    /// layout's own field inside the layout); [`Swizzle::new`]'s and [`Layout::new`]'s errors.
    pub fn parse(text: &str) -> Result<ComposedLayout, LayoutError> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() > crate::cute::MAX_NOTATION_CHARS {
            return Err(parse_error(
                text,
                0,
                format!("at most {} characters", crate::cute::MAX_NOTATION_CHARS),
            ));
        }
        // the parts between the `o`s, as char ranges of `text` (no other `o` can occur)
        let mut parts = Vec::new();
        let mut start = 0;
        for (i, &c) in chars.iter().enumerate() {
            if c == 'o' {
                parts.push(start..i);
                start = i + 1;
            }
        }
        parts.push(start..chars.len());
        let part = |range: &std::ops::Range<usize>| chars[range.clone()].iter().collect::<String>();
        let (swizzle_part, offset_part, layout_part) = match &parts[..] {
            [s, o, l] => (s, Some(o), l),
            [s, l] => (s, None, l),
            [only] => {
                return Err(match Swizzle::parse(&part(only)) {
                    Ok(_) => parse_error(text, chars.len(), "“o” and a layout after the swizzle"),
                    Err(LayoutError::Parse {
                        position, expected, ..
                    }) => parse_error(text, position, expected),
                    Err(other) => other,
                })
            }
            _ => {
                return Err(parse_error(
                    text,
                    parts.get(3).map_or(chars.len(), |r| r.start - 1),
                    "SWIZZLE o OFFSET o LAYOUT (two “o”s)",
                ))
            }
        };
        let swizzle = Swizzle::parse(&part(swizzle_part)).map_err(|e| match e {
            LayoutError::Parse {
                position, expected, ..
            } => parse_error(text, swizzle_part.start + position, expected),
            other => other,
        })?;
        let offset = match offset_part {
            None => 0,
            Some(range) => {
                let (digits, _) = strip_static_marks(&part(range));
                digits.trim().parse::<i64>().map_err(|_| {
                    let lead = chars[range.clone()]
                        .iter()
                        .take_while(|c| c.is_whitespace())
                        .count();
                    parse_error(text, range.start + lead, "an integer offset")
                })?
            }
        };
        let (stripped, origin) = strip_static_marks(&part(layout_part));
        let layout = Layout::parse(&stripped).map_err(|e| {
            e.within(text, |p| {
                layout_part.start + origin.get(p).copied().unwrap_or(layout_part.len())
            })
        })?;
        Ok(ComposedLayout::new(swizzle, offset, layout))
    }
}

fn parse_error(text: &str, position: usize, expected: impl Into<String>) -> LayoutError {
    LayoutError::Parse {
        field: Field::Swizzle,
        input: text.to_string(),
        position,
        expected: expected.into(),
    }
}

/// `text` without the `_` that marks a static integer (`_8`, `_-1`), and for each remaining
/// char its index in `text`.
pub(crate) fn strip_static_marks(text: &str) -> (String, Vec<usize>) {
    let chars: Vec<char> = text.chars().collect();
    let mut kept = String::new();
    let mut origin = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let marks_int = c == '_'
            && chars
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_digit() || *n == '-');
        if !marks_int {
            kept.push(c);
            origin.push(i);
        }
    }
    (kept, origin)
}

impl From<Layout> for ComposedLayout {
    /// `Sw<0,0,0> o 0 o layout`: the same function.
    fn from(layout: Layout) -> ComposedLayout {
        ComposedLayout::new(Swizzle::identity(), 0, layout)
    }
}

impl fmt::Display for ComposedLayout {
    /// CuTe notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation(Notation::Cute))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check_values(text: &str, expect: &[i64]) {
        let composed = ComposedLayout::parse(text).unwrap();
        assert_eq!(composed.values(1 << 16).unwrap(), expect, "{text}");
        for (i, &v) in expect.iter().enumerate() {
            assert_eq!(composed.call(i as i64).unwrap(), v);
        }
    }

    #[test]
    fn composed_layouts_evaluate_as_cute_does() {
        // the shared vector cpp-1-0 (CuTe C++)
        check_values(
            "Sw<1,1,3> o _0 o (8,2):(2,1)",
            &[0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15],
        );
        check_values("SW_1_0_1 o 0 o (4,):(1,)", &[0, 1, 3, 2]);
        // the offset is added before the swizzle
        check_values("Sw<1,0,1> o 2 o 4:1", &[3, 2, 4, 5]);
        check_values("Sw<1,0,1> o 4:1", &[0, 1, 3, 2]);
        // a plain layout is one with no swizzle; a composed one's error is its own
        let plain = ComposedLayout::parse_or_plain("(8,64):(64,1)").unwrap();
        assert_eq!(plain.call(65).unwrap(), 64 + 8);
        assert!(ComposedLayout::parse_or_plain("Sw<3,4 o (8,64):(64,1)")
            .unwrap_err()
            .to_string()
            .contains("swizzle"));
        assert!(ComposedLayout::parse_or_plain("(8,64):(64,").is_err());
        let composed = ComposedLayout::parse("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)").unwrap();
        assert_eq!(composed.size(), Ok(512));
        assert_eq!(composed.cosize(), Ok(512));
        assert_eq!(composed.to_string(), "Sw<3,4,3> o 0 o (8,64):(64,1)");
        assert_eq!(
            composed.to_notation(Notation::Python),
            "SW_3_4_3 o 0 o (8, 64):(64, 1)"
        );
        assert_eq!(
            ComposedLayout::parse("SW_3_4_3 o 0 o (8, 64):(64, 1)"),
            Ok(composed)
        );
    }

    #[test]
    fn the_algebra_acts_on_the_inner_layout() {
        let a = ComposedLayout::parse("Sw<3,2,3> o 0 o (16,4):(4,1)").unwrap();
        let b = Layout::parse("(4):(8)").unwrap();
        let r = a.composition(&b).unwrap();
        // A(8) = sw(32) = 32 ^ (32 >> 3), A(16) = sw(1)
        assert_eq!(r.values(16).unwrap(), vec![0, 36, 1, 37]);
        for i in 0..4 {
            assert_eq!(r.call(i).unwrap(), a.call(b.call(i).unwrap()).unwrap());
        }
        let divided = a.logical_divide(&Tiler::Layout(Layout::parse("2:1").unwrap()));
        assert_eq!(
            divided.unwrap().values(64).unwrap(),
            a.values(64).unwrap(),
            "a divide by 2:1 keeps the function"
        );
    }

    #[track_caller]
    fn check_error(text: &str, words: &str, position: Option<usize>) {
        let error = ComposedLayout::parse(text).unwrap_err();
        let message = error.to_string();
        assert!(message.contains(words), "{text}: {message}");
        if let Some(position) = position {
            match error {
                LayoutError::Parse { position: got, .. } => assert_eq!(got, position, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn bad_composed_layouts_say_where() {
        check_error("(8,64):(64,1)", "Sw<B,M,S> or SW_B_M_S", Some(0));
        check_error("Sw<3,4,3> o x o 8:1", "an integer offset", Some(12));
        check_error("Sw<3,4,3> o 0 o (_8,_64:(_64,_1)", "“,” or “)”", Some(23));
        check_error("Sw<3,4,3>", "a layout after the swizzle", Some(9));
        check_error("Sw<3,4,3> o 0 o 8:1 o 2", "two “o”s", Some(20));
        check_error("Sw<3,4> o 0 o 8:1", "three integers", Some(3));
        check_error("Sw<3,4,2> o 0 o 8:1", "|S| >= B", None);
        check_error("Sw<3,4,3> o 0 o (8,2):(1)", "same nesting", None);
    }
}
