//! A Triton shared layout as CuTe writes a swizzled shared-memory layout: `Sw<B,M,S> o 0 o L`
//! `L` the layout with every swizzle phase 0 (coordinate to offset, a power-of-two CuTe layout
//! with one mode per tensor dimension), `Sw` what the phases add on the offsets, in elements.
//!
//! `#ttg.nvmma_shared` of width 128, 64, 32 bytes is `Sw<3,4,3>`, `Sw<2,4,3>`, `Sw<1,4,3>` on
//! bytes, so on `w`-bit elements `Sw<B, 4 - log2(w/8), 3>`: a 16-bit 128-byte layout over
//! 64x64 is `Sw<3,3,3> o 0 o (64,64):(64,1)`. A `#ttg.swizzled_shared` with `vec = 2^M`,
//! `perPhase = 2^P`, `maxPhase = 2^B` over `C` columns is `Sw<B,M,log2(C)+P-M>` (fewer bits when
//! `vec·maxPhase` passes `C` or the rows run out).

use crate::cute::{ComposedLayout, IntTuple, Layout};
use crate::LayoutError;

use super::bridge::{linear_to_cute_layout, linear_to_swizzle, OFFSET_DIM};
use super::layout::{bad, LinearLayout};
use super::triton::TritonLayout;

/// The CuTe counterpart of a shared layout over `shape`: `C(i)`, for the colexicographic index
/// `i` of a coordinate (`dim0` fastest, CuTe's order), is the offset Triton stores that
/// coordinate at, i.e. `L(offset = C(i))` is the coordinate.
///
/// # Errors
/// [`LayoutError::BadArgument`] with the reason where no such form exists: a distributed layout,
/// a layout that is not a bijection (fp4-padded offsets hold padding), or phases that are no
/// CuTe swizzle (a `vec`, `perPhase` or `maxPhase` that is not a power of two); the errors of
/// [`TritonLayout::to_linear_layout`].
pub fn shared_to_cute(layout: &TritonLayout, shape: &[u32]) -> Result<ComposedLayout, LayoutError> {
    const OP: &str = "shared layout to CuTe";
    if !layout.is_shared() {
        return Err(bad(
            OP,
            layout.to_mlir(),
            "a shared layout (#ttg.swizzled_shared or #ttg.nvmma_shared)",
        ));
    }
    let outs: Vec<String> = (0..shape.len()).map(|d| format!("dim{d}")).collect();
    let outs: Vec<&str> = outs.iter().map(String::as_str).collect();
    let offsets_only = |l: LinearLayout| l.sublayout(&[OFFSET_DIM], &outs);
    let swizzled = offsets_only(layout.to_linear_layout(shape)?)?;
    let plain = offsets_only(layout.to_unswizzled_linear_layout(shape)?)?;
    if !swizzled.is_invertible() || !plain.is_invertible() {
        return Err(bad(
            OP,
            format!("{} over {shape:?}", layout.to_mlir()),
            "a bijection from offsets onto the tensor (fp4-padded offsets hold padding: two \
             offsets per element)",
        ));
    }
    // per tensor dimension, its bits' offsets in the unswizzled layout: one CuTe mode each
    let plain_inverse = plain.invert()?;
    let mut shapes = Vec::with_capacity(outs.len());
    let mut strides = Vec::with_capacity(outs.len());
    for dim in &outs {
        let mode = linear_to_cute_layout(&plain_inverse.sublayout(&[dim], &[OFFSET_DIM])?)?;
        shapes.push(mode.shape().clone());
        strides.push(mode.stride().clone());
    }
    let inner = match shapes.len() {
        1 => Layout::new(shapes.remove(0), strides.remove(0))?,
        _ => Layout::new(IntTuple::Tuple(shapes), IntTuple::Tuple(strides))?,
    };
    // unswizzled offset -> coordinate -> swizzled offset
    let phases = plain.compose(&swizzled.invert()?)?;
    let swizzle = linear_to_swizzle(&phases)?;
    Ok(ComposedLayout::new(swizzle, 0, inner))
}
