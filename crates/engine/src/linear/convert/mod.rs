//! What `convert_layout` from a distributed layout `src` to `dst` of the same tensor must move,
//! from Triton's `minimalCvtLayout` (`lib/Analysis/Utility.cpp`): `C = dst⁻¹ ∘ src`
//! (`dst.invertAndCompose(src)`) sends each slot of `dst` to the slot of `src` holding the same
//! element; quotienting `C` by `block`, `warp`, `lane`, `register` in turn, while it maps that
//! dimension to itself and nothing else into it, leaves the dimensions the conversion really
//! moves across.
//!
//! The verdict is what moves, as `cvtReordersRegisters` reads it (nothing or only `register`
//! left) and the paper describes it. Triton's `cvtNeedsWarpShuffle` asks one thing more of a
//! `register, lane` remainder: that its warp-shuffle decomposition
//! (`getWarpLayoutConvertDecomposition`) has fewer than two mixed transpositions, and otherwise
//! lowers through shared memory; that decomposition is not modelled here.

use std::fmt;

use crate::LayoutError;

use super::layout::{bad, LinearLayout};
use super::mma_bridge::{Evaluator, Owner, MAX_ENUMERATED};

/// The cheapest mechanism a conversion needs, in increasing cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ConversionKind {
    /// Every element stays in its register: nothing to do.
    NoOp,
    /// Elements change registers within their thread.
    RegisterPermute,
    /// Elements move between lanes of a warp, not between warps: warp shuffles (Triton may
    /// still choose shared memory, see the module notes).
    WarpShuffle,
    /// Elements move between warps (or blocks): through shared memory.
    SharedMemory,
}

impl ConversionKind {
    /// The kind as the report writes it: `no-op`, `register permute`, `warp shuffle`,
    /// `shared memory`.
    pub fn as_str(self) -> &'static str {
        match self {
            ConversionKind::NoOp => "no-op",
            ConversionKind::RegisterPermute => "register permute",
            ConversionKind::WarpShuffle => "warp shuffle",
            ConversionKind::SharedMemory => "shared memory",
        }
    }
}

impl fmt::Display for ConversionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The slots of `dst`, each counted once by the cheapest move that fills it from a slot of
/// `src` holding its element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MovementCounts {
    /// Same register, lane and warp.
    pub stay: u64,
    /// Same lane and warp, another register.
    pub register: u64,
    /// Same warp, another lane.
    pub lane: u64,
    /// Another warp.
    pub warp: u64,
}

impl MovementCounts {
    /// The dearest move any slot needs.
    pub fn kind(&self) -> ConversionKind {
        if self.warp > 0 {
            ConversionKind::SharedMemory
        } else if self.lane > 0 {
            ConversionKind::WarpShuffle
        } else if self.register > 0 {
            ConversionKind::RegisterPermute
        } else {
            ConversionKind::NoOp
        }
    }
}

/// What a conversion from `src` to `dst` moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConversionReport {
    /// The verdict, read from [`minimal`](Self::minimal)'s output dimensions.
    pub kind: ConversionKind,
    /// `dst.invertAndCompose(src)` with the trivial dimensions quotiented out (Triton's
    /// `minimalCvtLayout`): `dst` slot → `src` slot over the dimensions still moved.
    pub minimal: LinearLayout,
    /// Slot by slot, by brute force, when both layouts have at most [`MAX_ENUMERATED`] inputs
    /// and the tensor as many elements; `None` above.
    pub counts: Option<MovementCounts>,
}

/// Triton's `isTrivialOver({dim})`: `dim` maps to itself by the identity, no other input reaches
/// it and it reaches no other output.
fn is_trivial_over(layout: &LinearLayout, dim: &str) -> bool {
    let (Some(in_bits), Some(out_bits)) = (layout.in_dim_bits(dim), layout.out_dim_bits(dim))
    else {
        return false;
    };
    if in_bits != out_bits {
        return false;
    }
    let outs: Vec<&str> = layout.out_dims().collect();
    let Some(column) = outs.iter().position(|o| *o == dim) else {
        return false;
    };
    layout.bases().iter().all(|(name, list)| {
        list.iter().enumerate().all(|(k, basis)| {
            basis.iter().enumerate().all(|(o, value)| {
                let want = if name == dim && o == column {
                    1u32 << k
                } else {
                    0
                };
                // other inputs must not reach `dim`; `dim` must reach only itself
                (name != dim && o != column) || *value == want
            })
        })
    })
}

/// Triton's `quotient({dim})`: the layout without `dim`, when it is trivial over it.
fn quotient(layout: &LinearLayout, dim: &str) -> Result<Option<LinearLayout>, LayoutError> {
    if !is_trivial_over(layout, dim) {
        return Ok(None);
    }
    let ins: Vec<&str> = layout.in_dims().filter(|d| *d != dim).collect();
    let outs: Vec<&str> = layout.out_dims().filter(|d| *d != dim).collect();
    layout.sublayout(&ins, &outs).map(Some)
}

/// Triton's `minimalCvtLayout(src, dst)`: `dst.invertAndCompose(src)`, quotiented by the input
/// dimensions the two share from the last (`block`, `warp`, `lane`, `register`) while each is
/// trivial.
///
/// # Errors
/// As [`LinearLayout::invert_and_compose`]: other output dimensions or sizes, or a `src` that
/// is not surjective.
pub fn minimal_conversion(
    src: &LinearLayout,
    dst: &LinearLayout,
) -> Result<LinearLayout, LayoutError> {
    let src_dims: Vec<&str> = src.in_dims().collect();
    let dst_dims: Vec<&str> = dst.in_dims().collect();
    let shared: Vec<&str> = src_dims
        .iter()
        .rev()
        .zip(dst_dims.iter().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| *a)
        .collect();
    let mut comp = dst.invert_and_compose(src)?;
    for dim in shared {
        match quotient(&comp, dim)? {
            Some(next) => comp = next,
            None => break,
        }
    }
    Ok(comp)
}

/// What converting a tensor from distributed layout `src` to `dst` moves: the verdict read from
/// [`minimal_conversion`] (no-op when every dimension quotients out, a register permute
/// when only `register` is left, a warp shuffle when `register, lane` are, shared memory
/// otherwise) and, when small enough, the slot-by-slot counts.
///
/// Where a layout holds an element in several slots (broadcast), the verdict follows the
/// one slot `invertAndCompose` picks and may be dearer than the counts' cheapest source.
///
/// # Errors
/// As [`minimal_conversion`]; inputs other than `register, lane, warp` and a `block` with no
/// bases (one CTA).
pub fn analyze_conversion(
    src: &LinearLayout,
    dst: &LinearLayout,
) -> Result<ConversionReport, LayoutError> {
    let minimal = minimal_conversion(src, dst)?;
    let outs: Vec<&str> = minimal.out_dims().collect();
    let kind = match outs.as_slice() {
        [] => ConversionKind::NoOp,
        ["register"] => ConversionKind::RegisterPermute,
        ["register", "lane"] => ConversionKind::WarpShuffle,
        _ => ConversionKind::SharedMemory,
    };
    let counts = movement_counts(src, dst)?;
    Ok(ConversionReport {
        kind,
        minimal,
        counts,
    })
}

/// For every slot of `dst`, the cheapest move from a slot of `src` holding its element; `None`
/// above [`MAX_ENUMERATED`].
///
/// # Errors
/// Other output dimensions or sizes; inputs other than `register, lane, warp` and an empty
/// `block`; an element of `dst` that `src` does not hold.
pub fn movement_counts(
    src: &LinearLayout,
    dst: &LinearLayout,
) -> Result<Option<MovementCounts>, LayoutError> {
    let mut src_dims = src.out_dims_with_sizes().to_vec();
    let mut dst_dims = dst.out_dims_with_sizes().to_vec();
    src_dims.sort();
    dst_dims.sort();
    if src_dims != dst_dims {
        return Err(bad(
            "conversion",
            dst.to_string(),
            format!("the output dimensions and sizes of {src}"),
        ));
    }
    let from = Evaluator::new(src)?;
    let to = Evaluator::new(dst)?;
    let elements: u64 = src
        .out_dims_with_sizes()
        .iter()
        .map(|d| u64::from(d.1))
        .product();
    if from.inputs() > MAX_ENUMERATED || to.inputs() > MAX_ENUMERATED || elements > MAX_ENUMERATED {
        return Ok(None);
    }
    // dst's coordinates in src's output order
    let dst_outs: Vec<&str> = dst.out_dims().collect();
    let order: Vec<usize> = src
        .out_dims()
        .filter_map(|o| dst_outs.iter().position(|d| *d == o))
        .collect();
    let mut holders: Vec<Vec<Owner>> = vec![Vec::new(); elements as usize];
    for owner in from.owners() {
        holders[from.flat(&from.coord(owner))].push(owner);
    }
    let mut counts = MovementCounts::default();
    for slot in to.owners() {
        let coord = to.coord(slot);
        let coord: Vec<u32> = order.iter().map(|&i| coord[i]).collect();
        let sources = &holders[from.flat(&coord)];
        if sources.is_empty() {
            return Err(bad(
                "conversion",
                src.to_string(),
                format!("a layout holding every element of {dst} ({coord:?} is missing)"),
            ));
        }
        let cost = |s: &Owner| {
            if *s == slot {
                0
            } else if (s.lane, s.warp) == (slot.lane, slot.warp) {
                1
            } else if s.warp == slot.warp {
                2
            } else {
                3
            }
        };
        match sources.iter().map(cost).min().unwrap_or(3) {
            0 => counts.stay += 1,
            1 => counts.register += 1,
            2 => counts.lane += 1,
            _ => counts.warp += 1,
        }
    }
    Ok(Some(counts))
}

// the tests use proptest, a native dev-dependency only
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
