//! The building blocks `toLinearLayout` shares, as Triton 3.6's `LinearLayoutConversions.cpp`
//! and `LayoutUtils.cpp` write them: standard identities in an order, a layout grown to a
//! shape by registers or cut to it by broadcasting, the one-CTA CGA combination, reshapes, and
//! the tiles of `mma.sync`'s operands.

use crate::LayoutError;

use super::layout::{bad, LinearLayout};
use super::triton::dim_names;

/// Triton's `getMatrixOrder`: row-major is `[rank-1, ..., 0]`; column-major swaps the first
/// two.
pub(super) fn matrix_order(rank: usize, row_major: bool) -> Vec<u32> {
    let mut order: Vec<u32> = (0..rank as u32).rev().collect();
    if !row_major && rank >= 2 {
        order.swap(0, 1);
    }
    order
}

/// Triton's `getOrderForDotOperand(opIdx, rank, kContig = true)`.
pub(super) fn dot_operand_order(op_idx: u32, rank: usize) -> Vec<u32> {
    matrix_order(rank, op_idx == 0)
}

/// Triton's `identityStandardND`: `in_dim` covers `shape`, the dimension `order[0]` fastest;
/// the output dimensions come in `order`.
pub(super) fn identity_standard_nd(
    in_dim: &str,
    shape: &[u32],
    order: &[u32],
) -> Result<LinearLayout, LayoutError> {
    let names = dim_names(shape.len());
    let mut layout = LinearLayout::empty();
    for &d in order {
        let d = d as usize;
        layout = layout.product(&LinearLayout::identity_1d(shape[d], in_dim, &names[d])?)?;
    }
    Ok(layout)
}

/// Triton's `ensureLayoutNotSmallerThan`: the first input dimension (`register`, or `offset`
/// in a shared layout) repeats the layout until each output dimension covers `shape`.
pub(super) fn ensure_not_smaller(
    layout: LinearLayout,
    shape: &[(String, u32)],
) -> Result<LinearLayout, LayoutError> {
    let in_dim = layout.in_dims().next().unwrap_or("register").to_string();
    let mut result = layout.clone();
    for name in layout.out_dims() {
        let actual = layout.out_dim_size(name).unwrap_or(1);
        let desired = shape.iter().find(|(n, _)| n == name).map_or(1, |(_, s)| *s);
        result = result.product(&LinearLayout::identity_1d(desired / actual, &in_dim, name)?)?;
    }
    Ok(result)
}

/// Triton's `ensureLayoutNotLargerThan`: per output dimension, the largest bases become 0
/// until the dimension fits `shape`; register bases among them become 0 too
/// (`broadcast_registers`) or are removed.
pub(super) fn ensure_not_larger(
    layout: LinearLayout,
    shape: &[(String, u32)],
    broadcast_registers: bool,
) -> Result<LinearLayout, LayoutError> {
    let mut bases = layout.bases().to_vec();
    let mut dropped_registers: Vec<usize> = Vec::new();
    for (out_index, (name, size)) in layout.out_dims_with_sizes().iter().enumerate() {
        let mut actual = *size;
        let desired = shape.iter().find(|(n, _)| n == name).map_or(1, |(_, s)| *s);
        if actual <= desired {
            continue;
        }
        let mut sorted: Vec<(usize, usize, u32)> = Vec::new();
        for (in_index, (_, list)) in bases.iter().enumerate() {
            for (k, basis) in list.iter().enumerate() {
                if basis[out_index] != 0 {
                    sorted.push((in_index, k, basis[out_index]));
                }
            }
        }
        // largest first; equal values keep their order (llvm::sort leaves ties unspecified)
        sorted.sort_by_key(|entry| std::cmp::Reverse(entry.2));
        for (in_index, k, _) in sorted {
            if actual <= desired {
                break;
            }
            if !broadcast_registers && bases[in_index].0 == "register" {
                dropped_registers.push(k);
            } else {
                bases[in_index].1[k][out_index] = 0;
            }
            actual >>= 1;
        }
    }
    if let Some((_, registers)) = bases.iter_mut().find(|(name, _)| name == "register") {
        let mut k = 0;
        registers.retain(|_| {
            k += 1;
            !dropped_registers.contains(&(k - 1))
        });
    }
    LinearLayout::with_inferred_sizes(bases, layout.out_dims().map(str::to_string).collect())
}

/// Triton's `combineCtaCgaWithShape` for the default CGA (one CTA): the CTA layout grown by
/// registers and cut back by broadcasting to exactly `shape`, then a `block` input with no
/// bases, the outputs in standard order.
pub(super) fn combine_with_shape(
    cta: LinearLayout,
    shape: &[u32],
) -> Result<LinearLayout, LayoutError> {
    let names = dim_names(shape.len());
    let labeled: Vec<(String, u32)> = names.iter().cloned().zip(shape.iter().copied()).collect();
    let cta = ensure_not_larger(ensure_not_smaller(cta, &labeled)?, &labeled, true)?;
    let order: Vec<&str> = cta.out_dims().collect();
    let mut cga = LinearLayout::empty();
    for name in &order {
        cga = cga.product(&LinearLayout::identity_1d(1, "block", name)?)?;
    }
    let standard: Vec<&str> = names.iter().map(String::as_str).collect();
    cta.product(&cga)?.transpose_outs(&standard)
}

/// Triton's `reshapeLayout`: the outputs read as one row-major number (the last dimension
/// fastest) and cut into `dim0, dim1, ...` of `shape`.
pub(super) fn reshape_layout(
    layout: &LinearLayout,
    shape: &[u32],
) -> Result<LinearLayout, LayoutError> {
    let reversed: Vec<&str> = layout
        .out_dims()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let names = dim_names(shape.len());
    let new_dims: Vec<(&str, u32)> = names
        .iter()
        .map(String::as_str)
        .zip(shape.iter().copied())
        .rev()
        .collect();
    let standard: Vec<&str> = names.iter().map(String::as_str).collect();
    layout
        .transpose_outs(&reversed)?
        .reshape_outs(&new_dims)?
        .transpose_outs(&standard)
}

/// Triton's `nvidiaMmaTile`: `kWidth` registers and 4 lanes along the inner dimension, 8
/// lanes along the outer, then registers repeat along the outer and the inner dimension.
pub(super) fn nvidia_mma_tile(
    tile: &[u32],
    k_width: u32,
    order: &[u32],
    rep_order: &[u32],
) -> Result<LinearLayout, LayoutError> {
    let names = dim_names(rep_order.len());
    let mut layout = identity_standard_nd("register", &vec![1; rep_order.len()], rep_order)?;
    let (inner, outer) = (order[0] as usize, order[1] as usize);
    let (m, n) = (tile[outer], tile[inner]);
    if m % 8 != 0 || n % (k_width * 4) != 0 {
        return Err(bad(
            "nvidiaMmaTile",
            format!("tile {tile:?}, kWidth {k_width}"),
            "m a multiple of 8, n of 4·kWidth",
        ));
    }
    for (size, in_dim, out) in [
        (k_width, "register", inner),
        (4, "lane", inner),
        (8, "lane", outer),
        (m / 8, "register", outer),
        (n / (k_width * 4), "register", inner),
    ] {
        layout = layout.product(&LinearLayout::identity_1d(size, in_dim, &names[out])?)?;
    }
    Ok(layout)
}

/// Triton's `broadcastedDotOperandLayout`: `in_dim` covers `shape` in `order`, except the K
/// dimension, along which it broadcasts.
pub(super) fn broadcasted_dot_operand(
    shape: &[u32],
    order: &[u32],
    k_dim: u32,
    in_dim: &str,
) -> Result<LinearLayout, LayoutError> {
    let names = dim_names(shape.len());
    let mut layout = LinearLayout::empty();
    for &d in order {
        let piece = if d == k_dim {
            LinearLayout::zeros_1d(shape[d as usize], in_dim, &names[d as usize])?
        } else {
            LinearLayout::identity_1d(shape[d as usize], in_dim, &names[d as usize])?
        };
        layout = layout.product(&piece)?;
    }
    Ok(layout)
}
