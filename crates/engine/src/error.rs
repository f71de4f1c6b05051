//! Typed errors for every engine entry point.
//!
//! Bad input is an `Err(LayoutError::..)` carrying the offending value and what was expected, so
//! the UI can show it next to the field that caused it. Legal requests that a single view cannot
//! express are not errors; they are typed outcomes of the op that produced them.

use std::fmt;

/// Which part of the input a [`LayoutError`] is about, so a UI can place the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Shape,
    Strides,
    Offset,
    Mask,
    /// A whole view or view stack written as text.
    View,
    /// A swizzle `Sw<B,M,S>` or the parts of a composed layout around it.
    Swizzle,
    /// A Triton layout: MLIR attribute text (`#ttg.blocked<{...}>`) or a Gluon constructor.
    Triton,
}

impl Field {
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
        index: usize,
        expected: &'static str,
        found: String,
    },
    /// Output dimension `index` is `found`, not `dim{index}`.
    OutDim { index: usize, found: String },
    /// Basis `index` of input `in_dim` moves along more than one output dimension: an
    /// XOR-mixed basis such as `[1, 1]` (zero bases and values that are not powers of two
    /// pass).
    MixedBasis {
        in_dim: String,
        index: usize,
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

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    /// A dimension is negative: `shape[axis] == value < 0`.
    NegativeDim { axis: usize, value: i64 },
    /// A per-dimension list does not have one entry per dimension.
    RankMismatch {
        field: Field,
        expected: usize,
        found: usize,
    },
    /// A mask range is not `0 <= begin <= end <= dim`.
    MaskOutOfRange {
        axis: usize,
        begin: i64,
        end: i64,
        dim: i64,
    },
    /// A size, stride product, offset or address does not fit in 64 bits.
    Overflow { what: &'static str },
    /// The request is well formed but too large to enumerate element by element.
    TooLarge {
        what: &'static str,
        size: u128,
        limit: u128,
    },
    /// A movement op's argument is not valid for the view it is applied to.
    BadArgument {
        op: &'static str,
        arg: String,
        expected: String,
    },
    /// A warp-wide access lists `found` thread addresses where the warp has `expected` threads.
    ThreadCount { expected: usize, found: usize },
    /// A thread's byte address is negative.
    NegativeAddress { thread: usize, offset: i64 },
    /// A vector access whose address is not a multiple of its width: the hardware would fault,
    /// and splitting it into narrower accesses would model a different instruction.
    MisalignedVector {
        thread: usize,
        offset: i64,
        bytes: i64,
    },
    /// A vector access whose elements are not contiguous in memory (`offsets` in elements, one
    /// per element of the vector, as the layouts give them).
    NonContiguousVector { thread: usize, offsets: Vec<i64> },
    /// Thread `thread`'s values of copy instruction `instruction` (one execution of the copy
    /// atom) are not one shared-memory access of `bytes` bytes: their element `offsets` are not
    /// contiguous, or the first is negative or not aligned to the width.
    CopyAccess {
        thread: usize,
        instruction: usize,
        offsets: Vec<i64>,
        bytes: i64,
    },
    /// A `#ttg.linear` layout Triton refuses.
    LinearEncoding(LinearEncodingRefusal),
    /// Text that does not parse as the expected notation; `position` is a char index.
    Parse {
        field: Field,
        input: String,
        position: usize,
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
