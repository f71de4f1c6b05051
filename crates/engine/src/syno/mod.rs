//! Syno's fine-grained index primitives on loop iterators, with their access, shape and colour
//! semantics.
//!
//! An operator reads its input tensors at coordinates that are functions of the output
//! iterators and the reduction iterators. A chain of primitives builds those functions one small
//! step at a time. Each primitive is written in Syno's *backward style*
//! `[tensor side] -> [iterator side]`: the right-hand dimensions are nearer the output (the
//! *bottom*), the left-hand ones nearer the inputs (the *top*), and the left-hand coordinates are
//! computed from the right-hand iterators:
//!
//! | primitive | access | constant |
//! | --- | --- | --- |
//! | `Share` | `[i, i] -> [i]` | |
//! | `Stride(s)` | `[i*s] -> [i]` | stride `s` |
//! | `Unfold(k)` | `[i + j - k/2] -> [i, j]` | window `k` (the size of `j`) |
//! | `Merge(n)` | `[i/n, i%n] -> [i]` | inner size `n` |
//! | `Split(n)` | `[i*n + j] -> [i, j]` | inner size `n` (the size of `j`) |
//! | `MapReduce(r)` | `[i] -> []` | reduction size `r` |
//! | `Shift(d)` | `[(i + d) % n] -> [i]` | offset `d` (taken modulo `n`) |
//! | `Reverse` | `[n - 1 - i] -> [i]` | |
//!
//! Syno gives both directions of the shape and colour semantics, and a [`Chain`] is built
//! in either:
//!
//! - **backward** ([`Chain::backward`]), Syno's own direction: start from the output's
//!   dimensions and apply primitives towards the inputs; a step names the right-hand (bottom)
//!   dimensions and creates the left-hand (top) ones; `MapReduce` creates a reduction iterator.
//!   Colours are not known until the remaining dimensions are handed to input tensors
//!   ([`Chain::finish_backward`]), so a step records Syno's *disjoint constraints* and
//!   *known-clear-colour list* instead, and an illegal chain is reported at the step whose
//!   constraint fails.
//! - **forward** ([`Chain::forward`]): start from the input tensors' dimensions and apply
//!   primitives towards the output; a step names the left-hand (top) dimensions and creates the
//!   right-hand ones; `MapReduce` turns a dimension into a reduction iterator. Colours are
//!   concrete and an illegal step is rejected when it is applied.
//!
//! Either way the result is the same graph, and a finished chain is an [`Operator`] whose
//! [`Operator::access`] gives each input's coordinates as expressions of the iterators.
//!
//! **Colours.** Every dimension of input tensor `t` carries the one colour `t` ([`TensorId`]).
//! Share unions colours and requires them disjoint; Merge unions them; Split duplicates them;
//! Unfold's window has none; Stride only applies where there is none. Syno's point is that
//! a legal chain reads every input element. That holds for legal chains without Stride whose
//! Shares never join two dimensions descending from one tensor (an Unfold window counting as
//! descending from the tensor it slides over); outside that class legal chains can miss
//! elements, because windows carry no colour. `tests/syno_properties.rs` checks the claim on
//! that class and shows the counterexamples.

mod access;
mod chain;
mod colour;
mod error;
pub mod presets;
mod primitive;
mod shape;
mod size;

#[cfg(test)]
mod tests;

pub use access::{Access, InputAccess, LoopVar, Point, Reads, MAX_EXTENT};
pub use chain::{Chain, DimView, Direction, Operator, MAX_DIMS, MAX_STEPS};
pub use colour::{ColourSet, DimColour, Disjoint, Origin};
pub use error::{Rule, SynoError};
pub use primitive::{AppliedStep, Primitive, Step};
pub use size::{Bindings, Size, MAX_SIZE_CHARS};

use std::fmt;

/// A dimension of a chain, numbered in creation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DimId(u32);

impl DimId {
    /// The creation number: `3` for `d3`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// `d3` as [`DimId`] prints it; the dimension may not exist in any chain.
    pub fn parse(text: &str) -> Option<DimId> {
        let digits = text.strip_prefix('d')?;
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok().map(DimId)
    }
}

impl fmt::Display for DimId {
    /// `d3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.0)
    }
}

/// An input tensor, numbered from 0; also the colour of its dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TensorId(pub usize);

impl fmt::Display for TensorId {
    /// `in0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "in{}", self.0)
    }
}
