//! The bridge to CuTe: a swizzle `Sw<B,M,S>` and a CuTe layout with power-of-two shapes and
//! strides as linear layouts, and back, with the reason where no such form exists.
//!
//! A swizzle is F2-linear on its own (it XORs bits). A CuTe layout adds `Σ c_i·d_i`, which is
//! the XOR of its bits' images exactly when every image is a power of two (or 0) and no two
//! nonzero images share a bit: then no addition carries.

use crate::cute::pycute::algebra::coalesce;
use crate::cute::{IntTuple, Layout, Swizzle};
use crate::LayoutError;

use super::layout::{bad, LinearLayout, MAX_BITS};

/// The input and output dimension of a swizzle's linear layout.
pub const OFFSET_DIM: &str = "offset";
/// The input dimension of a CuTe layout's linear layout: the colexicographic index.
pub const INDEX_DIM: &str = "index";

/// `Sw<B,M,S>` as `offset → offset` on its `B + M + |S|` bits: basis `k` is `Sw(2^k)`, so
/// `L(offset = x) = Sw(x)` for every `x < 2^(B+M+|S|)`.
///
/// # Errors
/// [`LayoutError::TooLarge`] when `B + M + |S|` exceeds [`MAX_BITS`].
pub fn swizzle_to_linear(swizzle: Swizzle) -> Result<LinearLayout, LayoutError> {
    let bits = swizzle.bits() + swizzle.base() + swizzle.shift().abs();
    if bits > i64::from(MAX_BITS) {
        return Err(LayoutError::TooLarge {
            what: "a swizzle's bits as a linear layout",
            size: bits as u128,
            limit: u128::from(MAX_BITS),
        });
    }
    // bits <= 30: every image fits a u32
    let bases = (0..bits)
        .map(|k| vec![swizzle.apply(1i64 << k) as u32])
        .collect();
    LinearLayout::new(
        vec![(OFFSET_DIM.into(), bases)],
        vec![(OFFSET_DIM.into(), 1u32 << bits)],
        true,
    )
}

/// The swizzle whose linear layout is `layout` on its bits: `Sw(x) = L(x)` for every `x` below
/// the layout's input size (the swizzle passes higher bits through). The identity gives
/// `Sw<0,0,0>`.
///
/// # Errors
/// [`LayoutError::BadArgument`] with the reason when `layout` is not of that form: other
/// dimensions than `offset → offset`, input and output sizes that differ, a basis that mixes
/// more than two bits, bits moved by different distances, or source bits that are not one run.
pub fn linear_to_swizzle(layout: &LinearLayout) -> Result<Swizzle, LayoutError> {
    const OP: &str = "linear layout to swizzle";
    let refuse = |why: String| bad(OP, layout.to_string(), why);
    let ins: Vec<&str> = layout.in_dims().collect();
    let outs: Vec<&str> = layout.out_dims().collect();
    if ins != [OFFSET_DIM] || outs != [OFFSET_DIM] {
        return Err(refuse(format!(
            "one input and one output dimension, both `{OFFSET_DIM}` (found {ins:?} -> {outs:?})"
        )));
    }
    let bases = layout.bases_of(OFFSET_DIM).unwrap_or_default();
    let bits = bases.len() as u32;
    if layout.out_dim_bits(OFFSET_DIM) != Some(bits) {
        return Err(refuse(format!(
            "an output as large as the input, 2^{bits} (a swizzle permutes offsets)"
        )));
    }
    // (source bit, target bit) for every basis that is not its own bit
    let mut moves: Vec<(u32, u32)> = Vec::new();
    for (k, basis) in bases.iter().enumerate() {
        let extra = basis[0] ^ (1u32 << k);
        if extra == 0 {
            continue;
        }
        if basis[0] >> k & 1 == 0 || !extra.is_power_of_two() {
            return Err(refuse(format!(
                "basis {k} = {:#b}: bit {k} plus at most one other bit",
                basis[0]
            )));
        }
        moves.push((k as u32, extra.trailing_zeros()));
    }
    let Some(&(first_source, first_target)) = moves.first() else {
        return Swizzle::new(0, 0, 0);
    };
    let shift = i64::from(first_source) - i64::from(first_target);
    if let Some((s, t)) = moves
        .iter()
        .find(|(s, t)| i64::from(*s) - i64::from(*t) != shift)
    {
        return Err(refuse(format!(
            "one shift for every moved bit: bit {first_source} goes to {first_target} \
             but bit {s} to {t}"
        )));
    }
    let count = moves.len() as u32;
    if moves.last().map(|m| m.0) != Some(first_source + count - 1) {
        return Err(refuse(format!(
            "source bits in one run (found {:?})",
            moves.iter().map(|m| m.0).collect::<Vec<_>>()
        )));
    }
    // positive S: sources at [M+S, M+S+B); negative S: sources at [M, M+B)
    let base = i64::from(first_source) - shift.max(0);
    let swizzle = Swizzle::new(i64::from(count), base, shift).map_err(|_| {
        refuse(format!(
            "|S| >= B: {count} source bits moved by {shift} would overlap their targets"
        ))
    })?;
    Ok(swizzle)
}

fn log2_exact(value: i64) -> Option<u32> {
    (value > 0 && value.count_ones() == 1).then(|| value.trailing_zeros())
}

/// A CuTe layout whose flat shapes and strides are powers of two (stride 0 allowed) as
/// `index → offset`: bit `j` of mode `(2^b):d` has image `2^j·d`, and `L(index = i)` equals
/// `layout(i)` for every `i < size`. The output is the smallest power of two above every image.
///
/// # Errors
/// [`LayoutError::BadArgument`] with the reason: a shape or a nonzero stride that is not a
/// power of two (a negative stride included), or two bits whose images overlap, where CuTe adds
/// and a linear layout would XOR; [`LayoutError::TooLarge`] past [`MAX_BITS`] bits.
pub fn cute_layout_to_linear(layout: &Layout) -> Result<LinearLayout, LayoutError> {
    const OP: &str = "CuTe layout to linear layout";
    let refuse = |why: String| bad(OP, layout.to_string(), why);
    let mut images: Vec<u64> = Vec::new();
    for (mode, (shape, stride)) in layout.flat_modes().into_iter().enumerate() {
        let bits = log2_exact(shape).ok_or_else(|| {
            refuse(format!(
                "power-of-two shapes (mode {mode} has shape {shape})"
            ))
        })?;
        let stride_bits = match stride {
            0 => None,
            d => Some(log2_exact(d).ok_or_else(|| {
                refuse(format!(
                    "strides 0 or a power of two (mode {mode} has stride {d})"
                ))
            })?),
        };
        for j in 0..bits {
            let image = match stride_bits {
                None => 0,
                Some(s) if s + j < MAX_BITS => 1u64 << (s + j),
                Some(s) => {
                    return Err(LayoutError::TooLarge {
                        what: "a CuTe layout's offset bits",
                        size: u128::from(s + j + 1),
                        limit: u128::from(MAX_BITS),
                    })
                }
            };
            if image != 0 && images.contains(&image) {
                return Err(refuse(format!(
                    "images of distinct bits (offset {image} is reached by two index bits: \
                     CuTe adds them, a linear layout would XOR them)"
                )));
            }
            images.push(image);
        }
    }
    if images.len() > MAX_BITS as usize {
        return Err(LayoutError::TooLarge {
            what: "a CuTe layout's index bits",
            size: images.len() as u128,
            limit: u128::from(MAX_BITS),
        });
    }
    let top = images.iter().copied().max().unwrap_or(0);
    let size = (top + 1).next_power_of_two() as u32;
    let bases = images.into_iter().map(|v| vec![v as u32]).collect();
    LinearLayout::new(
        vec![(INDEX_DIM.into(), bases)],
        vec![(OFFSET_DIM.into(), size)],
        false,
    )
}

/// A linear layout with one input and one output dimension whose bases are each a single power
/// of two or zero, the nonzero ones distinct, as the coalesced CuTe layout with the same
/// function: one mode `2:basis` per bit, then `coalesce`.
///
/// # Errors
/// [`LayoutError::BadArgument`] with the reason: more than one input or output dimension, a
/// basis that mixes bits (an XOR no sum of strides gives), or two bases with the same image.
pub fn linear_to_cute_layout(layout: &LinearLayout) -> Result<Layout, LayoutError> {
    const OP: &str = "linear layout to CuTe layout";
    let refuse = |why: String| bad(OP, layout.to_string(), why);
    let ins: Vec<&str> = layout.in_dims().collect();
    let outs: Vec<&str> = layout.out_dims().collect();
    if ins.len() != 1 || outs.len() != 1 {
        return Err(refuse(format!(
            "one input and one output dimension (found {ins:?} -> {outs:?}); reshape first"
        )));
    }
    let bases = layout.bases_of(ins[0]).unwrap_or_default();
    let mut seen: Vec<u32> = Vec::new();
    for (k, basis) in bases.iter().enumerate() {
        let value = basis[0];
        if value == 0 {
            continue;
        }
        if !value.is_power_of_two() {
            return Err(refuse(format!(
                "bases that are 0 or a power of two (basis {k} = {value:#b} mixes bits by XOR)"
            )));
        }
        if seen.contains(&value) {
            return Err(refuse(format!(
                "distinct images (two bases are {value}: XOR cancels where CuTe would add)"
            )));
        }
        seen.push(value);
    }
    bits_layout(bases.iter().map(|b| i64::from(b[0])))
}

/// One mode `2:image` per input bit, coalesced (`1:0` for no bits): the CuTe layout adding
/// what a linear layout XORs, equal to it when no two images share a bit.
///
/// # Errors
/// A layout CuTe refuses (none for nonnegative images).
pub(super) fn bits_layout(images: impl Iterator<Item = i64>) -> Result<Layout, LayoutError> {
    let (shapes, strides): (Vec<IntTuple>, Vec<IntTuple>) = images
        .map(|image| (IntTuple::Int(2), IntTuple::Int(image)))
        .unzip();
    let flat = match shapes.len() {
        0 => Layout::new(IntTuple::Int(1), IntTuple::Int(0))?,
        _ => Layout::new(IntTuple::Tuple(shapes), IntTuple::Tuple(strides))?,
    };
    Ok(coalesce(&flat))
}

// the tests use proptest, a native dev-dependency only
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
