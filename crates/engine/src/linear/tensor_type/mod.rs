//! The tensor type around a layout, as Triton's IR dumps print it: `tensor<32x64xf32, #blocked>`
//! after the alias line `#blocked = #ttg.blocked<{...}>`, or with the attribute inline,
//! `tensor<32x64xf16, #ttg.blocked<{...}>>`. The attribute itself is read by
//! [`TritonLayout::parse`]; this file reads the shape and element type around it.
//!
//! ```text
//! #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
//! tensor<16x32xf32, #blocked>
//! ```

use crate::error::{Field, LayoutError};

use super::triton::TritonLayout;

/// A ranked tensor type with a distributed layout: `tensor<16x32xf32, #ttg.blocked<{...}>>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorType {
    shape: Vec<u32>,
    /// As written: `f32`, `bf16`, `i1`, `!tt.ptr<f16>`.
    element: String,
    layout: TritonLayout,
}

/// What a user pastes for a Triton layout: the attribute (or a Gluon constructor) alone, whose
/// shape is given apart, or a tensor type that carries its shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TritonText {
    /// An attribute or a Gluon constructor alone; the shape comes from elsewhere.
    Layout(TritonLayout),
    /// A `tensor<...>` type, shape and layout together.
    Tensor(TensorType),
}

const TENSOR: &str = "tensor<";

fn parse_error(text: &str, position: usize, expected: impl Into<String>) -> LayoutError {
    LayoutError::Parse {
        field: Field::Triton,
        input: text.to_string(),
        position,
        expected: expected.into(),
    }
}

impl TensorType {
    /// Reads `tensor<D0xD1x...xELEMENT, ATTRIBUTE>`, optionally after the alias definition lines
    /// the attribute refers to (`#mma = #ttg.nvidia_mma<{...}>`). The attribute is whatever
    /// [`TritonLayout::parse`] reads in MLIR form, an alias or inline.
    ///
    /// # Errors
    /// [`LayoutError::Parse`] (field [`Field::Triton`]) at the character where the text departs
    /// from the notation: no `tensor<`, a size that is not a number below 2^32, no element type,
    /// no attribute (Triton's distributed tensors all carry one), text after the closing `>`;
    /// the attribute's own errors at their place in `text`; [`LayoutError::RankMismatch`] when
    /// the attribute's rank is not the tensor's.
    pub fn parse(text: &str) -> Result<TensorType, LayoutError> {
        let chars: Vec<char> = text.chars().collect();
        let Some(start) = find(&chars, TENSOR) else {
            return Err(parse_error(text, 0, "`tensor<`"));
        };
        let mut pos = start + TENSOR.chars().count();
        // sizes, each followed by `x`: `32x64x` (an element type never starts with a digit)
        let mut shape = Vec::new();
        while chars.get(pos).is_some_and(char::is_ascii_digit) {
            let from = pos;
            while chars.get(pos).is_some_and(char::is_ascii_digit) {
                pos += 1;
            }
            let digits: String = chars[from..pos].iter().collect();
            let size = digits
                .parse::<u32>()
                .map_err(|_| parse_error(text, from, "a size below 2^32"))?;
            if chars.get(pos) != Some(&'x') {
                return Err(parse_error(text, pos, "`x` after a size"));
            }
            pos += 1;
            shape.push(size);
        }
        // the element type runs to the first `,` or `>` outside its own brackets
        let element_at = pos;
        let mut depth = 0usize;
        while let Some(&c) = chars.get(pos) {
            match c {
                '<' => depth += 1,
                '>' if depth == 0 => break,
                '>' => depth -= 1,
                ',' if depth == 0 => break,
                _ => {}
            }
            pos += 1;
        }
        let element: String = chars[element_at..pos].iter().collect();
        let element = element.trim().to_string();
        if element.is_empty() {
            return Err(parse_error(text, element_at, "an element type (`f32`)"));
        }
        if chars.get(pos) != Some(&',') {
            return Err(parse_error(
                text,
                pos,
                "`,` and a layout attribute after the element type",
            ));
        }
        pos += 1;
        // the attribute runs to the `>` that closes `tensor<`
        let attribute_at = pos;
        let mut depth = 0usize;
        let end = loop {
            match chars.get(pos) {
                None => return Err(parse_error(text, pos, "`>` closing `tensor<`")),
                Some('<') => depth += 1,
                Some('>') if depth == 0 => break pos,
                Some('>') => depth -= 1,
                _ => {}
            }
            pos += 1;
        };
        if let Some(rest) = chars[end + 1..].iter().position(|c| !c.is_whitespace()) {
            return Err(parse_error(
                text,
                end + 1 + rest,
                "the end of the tensor type",
            ));
        }
        // the alias lines before `tensor<`, then the attribute: one text for the attribute
        // parser, its positions mapped back into `text`
        let prelude: String = chars[..start].iter().collect();
        let attribute: String = chars[attribute_at..end].iter().collect();
        let layout = TritonLayout::parse(&format!("{prelude}{attribute}")).map_err(|e| {
            e.within(text, |at| match at < start {
                true => at,
                false => at - start + attribute_at,
            })
        })?;
        if layout.rank() != shape.len() {
            return Err(LayoutError::RankMismatch {
                field: Field::Triton,
                expected: shape.len(),
                found: layout.rank(),
            });
        }
        Ok(TensorType {
            shape,
            element,
            layout,
        })
    }

    /// The sizes, `[32, 64]` of `tensor<32x64xf32, ...>`.
    pub fn shape(&self) -> &[u32] {
        &self.shape
    }

    /// The element type as written: `f32`.
    pub fn element(&self) -> &str {
        &self.element
    }

    /// The tensor's distributed layout (the encoding after the element type).
    pub fn layout(&self) -> &TritonLayout {
        &self.layout
    }

    /// The type with its attribute inline, as Triton prints it without aliases:
    /// `tensor<32x64xf32, #ttg.blocked<{...}>>`.
    pub fn to_mlir(&self) -> String {
        let sizes: String = self.shape.iter().map(|s| format!("{s}x")).collect();
        format!("tensor<{sizes}{}, {}>", self.element, self.layout.to_mlir())
    }
}

impl TritonText {
    /// A tensor type when the text holds `tensor<`, otherwise a layout
    /// ([`TritonLayout::parse`]: an attribute after its alias lines, or a Gluon constructor).
    ///
    /// # Errors
    /// Those of [`TensorType::parse`] or [`TritonLayout::parse`].
    pub fn parse(text: &str) -> Result<TritonText, LayoutError> {
        let chars: Vec<char> = text.chars().collect();
        match find(&chars, TENSOR) {
            Some(_) => TensorType::parse(text).map(TritonText::Tensor),
            None => TritonLayout::parse(text).map(TritonText::Layout),
        }
    }

    /// The layout, whichever way it was written.
    pub fn layout(&self) -> &TritonLayout {
        match self {
            TritonText::Layout(layout) => layout,
            TritonText::Tensor(tensor) => tensor.layout(),
        }
    }

    /// The tensor's shape, when the text gave one.
    pub fn shape(&self) -> Option<&[u32]> {
        match self {
            TritonText::Layout(_) => None,
            TritonText::Tensor(tensor) => Some(tensor.shape()),
        }
    }
}

/// Character index of the first `needle` in `chars`.
fn find(chars: &[char], needle: &str) -> Option<usize> {
    let needle: Vec<char> = needle.chars().collect();
    chars.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests;
