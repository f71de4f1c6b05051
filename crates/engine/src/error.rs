//! Typed errors for every engine entry point.
//!
//! Bad input is an `Err(LayoutError::..)` carrying the offending value and what was expected, so
//! the UI can show it next to the field that caused it. Legal requests that a single view cannot
//! express are not errors; they are typed outcomes of the op that produced them.

use std::fmt;

/// Which part of the input a [`LayoutError`] is about, so a UI can place the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    /// The shape: one size per dimension.
    Shape,
    /// The strides: one per dimension, in elements.
    Strides,
    /// The view's base offset, in elements.
    Offset,
    /// The valid ranges `[begin, end)`, one per dimension.
    Mask,
    /// A whole view or view stack written as text.
    View,
    /// A swizzle `Sw<B,M,S>` or the parts of a composed layout around it.
    Swizzle,
    /// A Triton layout: MLIR attribute text (`#ttg.blocked<{...}>`) or a Gluon constructor.
    Triton,
}

impl Field {
    /// The field's name as messages say it (`"shape"`, `"triton layout"`).
    pub fn as_str(self) -> &'static str {
        match self {
            Field::Shape => "shape",
            Field::Strides => "strides",
            Field::Offset => "offset",
            Field::Mask => "mask",
            Field::View => "view",
            Field::Swizzle => "swizzle",
            Field::Triton => "triton layout",
        }
    }
}

/// Why Triton 3.6 refuses a `#ttg.linear` layout: the three rules of
/// `LinearEncodingAttr::verify` (`Dialect.cpp`), and the surjectivity that the `LinearLayout`
/// constructor behind both its MLIR parser and Gluon's `DistributedLinearLayout` asserts (there
/// Triton aborts with `LLVM ERROR: Layout is expected to be surjective`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinearEncodingRefusal {
    /// Some tensor coordinate is reached by no input.
    NotSurjective,
    /// Input dimension `index` is `found` where `expected` belongs: the inputs are
    /// `register, lane, warp, block`, in this order (a prefix of them passes).
    InDim {
        /// Position of the input dimension, from 0.
        index: usize,
        /// The name that belongs there (`register`, `lane`, `warp` or `block`).
        expected: &'static str,
        /// The name the layout gives it.
        found: String,
    },
    /// Output dimension `index` is `found`, not `dim{index}`.
    OutDim {
        /// Position of the output dimension, from 0.
        index: usize,
        /// The name the layout gives it.
        found: String,
    },
    /// Basis `index` of input `in_dim` moves along more than one output dimension: an
    /// XOR-mixed basis such as `[1, 1]` (zero bases and values that are not powers of two
    /// pass).
    MixedBasis {
        /// The input dimension the basis belongs to (`register`, `lane`, ...).
        in_dim: String,
        /// Which basis: it is the image of input value `1 << index`.
        index: usize,
        /// The basis vector, one coordinate per output dimension.
        basis: Vec<u32>,
    },
}

impl fmt::Display for LinearEncodingRefusal {
    /// Triton's own message, then the offending part.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinearEncodingRefusal::NotSurjective => write!(
                f,
                "Layout is expected to be surjective, i.e. every `out` coordinate can be \
                 reached by some `in` coordinate, but was not"
            ),
            LinearEncodingRefusal::InDim {
                index,
                expected,
                found,
            } => write!(
                f,
                "Expected input dimension {index} to be '{expected}'. Got {found}"
            ),
            LinearEncodingRefusal::OutDim { index, found } => write!(
                f,
                "Expected output dimensions to be ['dim0', 'dim1', ...]. Got {found} at \
                 position {index}"
            ),
            LinearEncodingRefusal::MixedBasis {
                in_dim,
                index,
                basis,
            } => write!(
                f,
                "In a distributed layout, each base must move in at most one dimension. \
                 ({in_dim}={} -> {basis:?})",
                1u64 << index
            ),
        }
    }
}

/// Bad input to an engine entry point: what was wrong and where, in structured fields that the
/// `Display` message and a UI (through [`LayoutError::field`]) both read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// A dimension is negative: `shape[axis] == value < 0`.
    NegativeDim {
        /// The dimension, from 0.
        axis: usize,
        /// Its (negative) size.
        value: i64,
    },
    /// A per-dimension list does not have one entry per dimension.
    RankMismatch {
        /// The list that is too short or too long.
        field: Field,
        /// The shape's rank.
        expected: usize,
        /// The list's length.
        found: usize,
    },
    /// A mask range is not `0 <= begin <= end <= dim`.
    MaskOutOfRange {
        /// The dimension, from 0.
        axis: usize,
        /// First valid index of the range.
        begin: i64,
        /// One past the last valid index.
        end: i64,
        /// The dimension's size.
        dim: i64,
    },
    /// A size, stride product, offset or address does not fit in 64 bits.
    Overflow {
        /// The quantity that overflowed, as the message names it (`"a layout size or stride"`).
        what: &'static str,
    },
    /// The request is well formed but too large to enumerate element by element.
    TooLarge {
        /// What would be listed, as the message names it (`"the layout"`).
        what: &'static str,
        /// Its number of elements.
        size: u128,
        /// The most elements that are listed.
        limit: u128,
    },
    /// A movement op's argument is not valid for the view it is applied to.
    BadArgument {
        /// The op or input the argument was given to (`"owners_at"`, `"MMA atom"`).
        op: &'static str,
        /// The argument as written.
        arg: String,
        /// What would have been accepted, as a phrase.
        expected: String,
    },
    /// A warp-wide access lists `found` thread addresses where the warp has `expected` threads.
    ThreadCount {
        /// Threads in the warp.
        expected: usize,
        /// Addresses given.
        found: usize,
    },
    /// A thread's byte address is negative.
    NegativeAddress {
        /// The thread (lane), from 0.
        thread: usize,
        /// Its address, in bytes.
        offset: i64,
    },
    /// A vector access whose address is not a multiple of its width: the hardware would fault,
    /// and splitting it into narrower accesses would model a different instruction.
    MisalignedVector {
        /// The thread (lane), from 0.
        thread: usize,
        /// Its address, in bytes.
        offset: i64,
        /// The access width, in bytes.
        bytes: i64,
    },
    /// A vector access whose elements are not contiguous in memory (`offsets` in elements, one
    /// per element of the vector, as the layouts give them).
    NonContiguousVector {
        /// The thread (lane), from 0.
        thread: usize,
        /// The vector's element offsets, in elements.
        offsets: Vec<i64>,
    },
    /// Thread `thread`'s values of copy instruction `instruction` (one execution of the copy
    /// atom) are not one shared-memory access of `bytes` bytes: their element `offsets` are not
    /// contiguous, or the first is negative or not aligned to the width.
    CopyAccess {
        /// The thread of the copy, from 0.
        thread: usize,
        /// Which execution of the copy atom, from 0.
        instruction: usize,
        /// The thread's element offsets in that execution, in elements.
        offsets: Vec<i64>,
        /// The atom's access width, in bytes.
        bytes: i64,
    },
    /// A `#ttg.linear` layout Triton refuses.
    LinearEncoding(LinearEncodingRefusal),
    /// Text that does not parse as the expected notation; `position` is a char index.
    Parse {
        /// The input field the text was typed in.
        field: Field,
        /// The whole text.
        input: String,
        /// Where parsing failed, in chars from 0 (the message counts from 1).
        position: usize,
        /// What would have been accepted there, as a phrase.
        expected: String,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutError::NegativeDim { axis, value } => {
                write!(f, "dimension {axis} is {value}; a dimension must be >= 0")
            }
            LayoutError::RankMismatch {
                field,
                expected,
                found,
            } => write!(
                f,
                "{} lists {found} values but the shape has {expected} dimensions",
                field.as_str()
            ),
            LayoutError::MaskOutOfRange {
                axis,
                begin,
                end,
                dim,
            } => write!(
                f,
                "mask [{begin}, {end}) of dimension {axis} must satisfy 0 <= begin <= end <= {dim}"
            ),
            LayoutError::Overflow { what } => write!(f, "{what} does not fit in 64 bits"),
            LayoutError::TooLarge { what, size, limit } => {
                write!(
                    f,
                    "{what} has {size} elements; at most {limit} can be listed"
                )
            }
            LayoutError::BadArgument { op, arg, expected } => {
                write!(f, "{op}({arg}): expected {expected}")
            }
            LayoutError::ThreadCount { expected, found } => write!(
                f,
                "a warp access needs one address per thread ({expected}), found {found}"
            ),
            LayoutError::NegativeAddress { thread, offset } => {
                write!(
                    f,
                    "thread {thread} addresses byte {offset}; addresses must be >= 0"
                )
            }
            LayoutError::MisalignedVector {
                thread,
                offset,
                bytes,
            } => write!(
                f,
                "thread {thread} loads {bytes} bytes at byte {offset}, not a multiple of {bytes}: \
                 a vector access must be aligned to its width"
            ),
            LayoutError::NonContiguousVector { thread, offsets } => write!(
                f,
                "thread {thread}'s vector elements sit at offsets {offsets:?}, not contiguous \
                 and aligned: it is not one vector access"
            ),
            LayoutError::CopyAccess {
                thread,
                instruction,
                offsets,
                bytes,
            } => write!(
                f,
                "thread {thread}'s values of copy instruction {instruction} sit at element \
                 offsets {offsets:?}: not {bytes} contiguous bytes at an aligned address, so not \
                 one access of the instruction"
            ),
            LayoutError::LinearEncoding(refusal) => write!(f, "#ttg.linear: {refusal}"),
            LayoutError::Parse {
                field,
                input,
                position,
                expected,
            } => {
                // A short window around the failure, never the whole (maybe huge) input.
                let start = position.saturating_sub(12);
                let shown: String = input.chars().skip(start).take(24).collect();
                let near = if shown.is_empty() {
                    "the end".to_string()
                } else {
                    format!("“{shown}”")
                };
                write!(
                    f,
                    "{}: expected {expected} at character {} (near {near})",
                    field.as_str(),
                    position + 1
                )
            }
        }
    }
}

impl std::error::Error for LayoutError {}

impl LayoutError {
    /// A parse error of a piece of `text` told as an error of `text` itself: the input
    /// becomes `text` and the position `at(position in the piece)`; other errors pass.
    pub fn within(self, text: &str, at: impl FnOnce(usize) -> usize) -> LayoutError {
        match self {
            LayoutError::Parse {
                field,
                position,
                expected,
                ..
            } => LayoutError::Parse {
                field,
                input: text.to_string(),
                position: at(position),
                expected,
            },
            other => other,
        }
    }

    /// The input field the error belongs to, where there is one.
    pub fn field(&self) -> Option<Field> {
        match self {
            LayoutError::NegativeDim { .. } => Some(Field::Shape),
            LayoutError::RankMismatch { field, .. } | LayoutError::Parse { field, .. } => {
                Some(*field)
            }
            LayoutError::MaskOutOfRange { .. } => Some(Field::Mask),
            LayoutError::LinearEncoding(_) => Some(Field::Triton),
            LayoutError::Overflow { .. }
            | LayoutError::TooLarge { .. }
            | LayoutError::BadArgument { .. }
            | LayoutError::ThreadCount { .. }
            | LayoutError::NegativeAddress { .. }
            | LayoutError::MisalignedVector { .. }
            | LayoutError::NonContiguousVector { .. }
            | LayoutError::CopyAccess { .. } => None,
        }
    }
}
