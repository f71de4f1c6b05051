//! Triton's shared-memory layouts and `toLinearLayout` as Triton 3.6 builds them:
//! `#ttg.swizzled_shared` (`swizzledSharedToLinearLayout`) and `#ttg.nvmma_shared`
//! (`nvmmaSharedToLinearLayout` with `getCoreMatrixLinearLayout` in
//! `LinearLayoutConversions.cpp`, the TMA box of `getTMABlockShape` in `TMAUtilities.cpp`).
//!
//! A shared layout maps `offset` (an element's position in the buffer, in elements) and then
//! `block` to `dim0, dim1, ...`: `L(offset = o)` is the coordinate of the element stored at
//! `o`. One CTA per CGA, so `block` has no bases.
//!
//! ```text
//! #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
//!     row r of the two fastest dimensions (order[1], order[0]), column c:
//!     L(o = r·cols + c) = (r, c ^ (vec·((r / perPhase) mod maxPhase) mod cols))
//! #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
//!     8 rows of 128 bytes, the 16-byte chunk of byte b in row r at chunk (b / 16) ^ (r mod 8):
//!     CuTe's Sw<3,4,3> on byte addresses, tiled over the TMA box and then the tensor
//! ```

use crate::LayoutError;

use super::layout::{bad, LinearLayout};
use super::layout_utils::{combine_with_shape, ensure_not_smaller, reshape_layout};
use super::triton::{dim_names, is_permutation};

/// The input dimensions of every shared layout, in Triton's order.
pub const SHARED_IN_DIMS: [&str; 2] = ["offset", "block"];

/// `#ttg.swizzled_shared<{vec, perPhase, maxPhase, order}>`: rows of the two fastest dimensions
/// (`order[0]` the columns, `order[1]` the rows) have their columns XORed with
/// `vec·phase`, the phase `(row / perPhase) mod maxPhase`; slower dimensions follow in `order`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SwizzledShared {
    vec: u32,
    per_phase: u32,
    max_phase: u32,
    order: Vec<u32>,
}

/// `#ttg.nvmma_shared<{swizzlingByteWidth, transposed, elementBitWidth[, fp4Padded][, rank]}>`:
/// the layout TMA writes and wgmma / tcgen05 read, 8-row tiles swizzled in 16-byte chunks
/// (`Sw<3,4,3>`, `Sw<2,4,3>`, `Sw<1,4,3>` on bytes for 128, 64, 32; none for 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NvmmaShared {
    swizzle_byte_width: u32,
    transposed: bool,
    element_bit_width: u32,
    fp4_padded: bool,
    rank: u32,
}

const SWIZZLED: &str = "#ttg.swizzled_shared";
const NVMMA: &str = "#ttg.nvmma_shared";
/// A TMA box is at most 256 elements along each dimension (`getTMABlockShape`'s `dimMax`).
const TMA_DIM_MAX: u32 = 256;

/// `identity1D(shape[d], offset, dim d)` for each `d` of `dims` in turn.
fn offset_identity(
    mut layout: LinearLayout,
    shape: &[u32],
    dims: impl Iterator<Item = usize>,
) -> Result<LinearLayout, LayoutError> {
    let names = dim_names(shape.len());
    for d in dims {
        layout = layout.product(&LinearLayout::identity_1d(shape[d], "offset", &names[d])?)?;
    }
    Ok(layout)
}

/// `dim0, dim1, ...` paired with `shape`.
fn labeled(shape: &[u32]) -> Vec<(String, u32)> {
    dim_names(shape.len())
        .into_iter()
        .zip(shape.iter().copied())
        .collect()
}

impl SwizzledShared {
    /// As Triton's verifier admits it: any `vec`, `perPhase`, `maxPhase`; `order` a permutation
    /// (its length is the rank).
    ///
    /// # Errors
    /// An empty `order` or one that is not a permutation of `0..rank`.
    pub fn new(
        vec: u32,
        per_phase: u32,
        max_phase: u32,
        order: Vec<u32>,
    ) -> Result<SwizzledShared, LayoutError> {
        if order.is_empty() || !is_permutation(&order) {
            return Err(bad(
                SWIZZLED,
                format!("order {order:?}"),
                format!("a permutation of 0..{}", order.len().max(1)),
            ));
        }
        Ok(SwizzledShared {
            vec,
            per_phase,
            max_phase,
            order,
        })
    }

    /// `vec`: columns XORed as one unit; the phase is multiplied by it.
    pub fn vec(&self) -> u32 {
        self.vec
    }

    /// `perPhase`: consecutive rows that share a phase.
    pub fn per_phase(&self) -> u32 {
        self.per_phase
    }

    /// `maxPhase`: the number of distinct phases, `(row / perPhase) mod maxPhase`.
    pub fn max_phase(&self) -> u32 {
        self.max_phase
    }

    /// `order`: dimensions from fastest to slowest (`order[0]` the columns, `order[1]` the rows).
    pub fn order(&self) -> &[u32] {
        &self.order
    }

    pub(super) fn rank(&self) -> usize {
        self.order.len()
    }

    /// Triton's `swizzledSharedToLinearLayout` (`shape` already checked: the rank, powers of
    /// two). Column bases first, then one per row bit; `unswizzled` gives every row phase 0.
    ///
    /// # Errors
    /// `perPhase` or `maxPhase` 0, where Triton divides by zero.
    pub(super) fn to_linear_layout(
        &self,
        shape: &[u32],
        unswizzled: bool,
    ) -> Result<LinearLayout, LayoutError> {
        if self.per_phase == 0 || self.max_phase == 0 {
            return Err(bad(
                SWIZZLED,
                format!("perPhase {}, maxPhase {}", self.per_phase, self.max_phase),
                "perPhase and maxPhase of at least 1 (Triton divides by them)",
            ));
        }
        let names = dim_names(shape.len());
        if shape.len() == 1 {
            let cta = LinearLayout::identity_1d(shape[0], "offset", &names[0])?;
            return combine_with_shape(cta, shape);
        }
        let (col_dim, row_dim) = (self.order[0] as usize, self.order[1] as usize);
        let (cols, rows) = (shape[col_dim], shape[row_dim]);
        let mut bases: Vec<Vec<u32>> = Vec::new();
        let mut col = 1;
        while col < cols {
            bases.push(vec![0, col]);
            col *= 2;
        }
        let mut row = 1;
        while row < rows {
            let phase = if unswizzled {
                0
            } else {
                u64::from(row / self.per_phase) % u64::from(self.max_phase)
            };
            // Triton's 32-bit `vec * phase` never exceeds it for the layouts it builds
            let column = (u64::from(self.vec) * phase) % u64::from(cols);
            bases.push(vec![row, column as u32]);
            row *= 2;
        }
        let cta = LinearLayout::with_inferred_sizes(
            vec![("offset".into(), bases)],
            vec![names[row_dim].clone(), names[col_dim].clone()],
        )?;
        let rest = self.order[2..].iter().map(|&d| d as usize);
        combine_with_shape(offset_identity(cta, shape, rest)?, shape)
    }
}

impl NvmmaShared {
    /// As Gluon's `NVMMASharedLayout` admits it: a swizzle of 0, 32, 64 or 128 bytes, elements
    /// of 8, 16, 32 or 64 bits, rank at least 1 (Triton's IR parser defaults it to 2).
    ///
    /// # Errors
    /// Any other swizzle width, element width or rank 0.
    pub fn new(
        swizzle_byte_width: u32,
        transposed: bool,
        element_bit_width: u32,
        fp4_padded: bool,
        rank: u32,
    ) -> Result<NvmmaShared, LayoutError> {
        if ![0, 32, 64, 128].contains(&swizzle_byte_width) {
            return Err(bad(
                NVMMA,
                format!("swizzlingByteWidth {swizzle_byte_width}"),
                "0, 32, 64 or 128",
            ));
        }
        if ![8, 16, 32, 64].contains(&element_bit_width) {
            return Err(bad(
                NVMMA,
                format!("elementBitWidth {element_bit_width}"),
                "8, 16, 32 or 64",
            ));
        }
        if rank == 0 {
            return Err(bad(NVMMA, "rank 0", "a rank of at least 1"));
        }
        Ok(NvmmaShared {
            swizzle_byte_width,
            transposed,
            element_bit_width,
            fp4_padded,
            rank,
        })
    }

    /// `swizzlingByteWidth`: 0, 32, 64 or 128 bytes per swizzled row.
    pub fn swizzle_byte_width(&self) -> u32 {
        self.swizzle_byte_width
    }

    /// `transposed`: dimension 0 is the contiguous one instead of the last.
    pub fn transposed(&self) -> bool {
        self.transposed
    }

    /// `elementBitWidth`: 8, 16, 32 or 64.
    pub fn element_bit_width(&self) -> u32 {
        self.element_bit_width
    }

    /// `fp4Padded`: packed 4-bit elements stored with 8 padding offsets in every 16.
    pub fn fp4_padded(&self) -> bool {
        self.fp4_padded
    }

    pub(super) fn rank(&self) -> usize {
        self.rank as usize
    }

    /// Triton's `getVec`: one 16-byte chunk in elements (1 unswizzled).
    pub fn vec(&self) -> u32 {
        match self.swizzle_byte_width {
            0 => 1,
            _ => 128 / self.element_bit_width,
        }
    }

    /// Triton's `getPerPhase`: the 128-byte lines one swizzled row spans (1 unswizzled).
    pub fn per_phase(&self) -> u32 {
        match self.swizzle_byte_width {
            0 => 1,
            width => 128 / width,
        }
    }

    /// Triton's `getMaxPhase`: the 16-byte chunks of a swizzled row (1 unswizzled).
    pub fn max_phase(&self) -> u32 {
        match self.swizzle_byte_width {
            0 => 1,
            width => width / 16,
        }
    }

    /// Triton's `getTMABlockShape(shape, ..., packedSize = true)`: each dimension at most 256,
    /// the contiguous one (dimension 0 when transposed, else the last) exactly one swizzled
    /// row; fp4-padded rows count padded elements, then halve.
    fn tma_block_shape(&self, shape: &[u32]) -> Result<Vec<u32>, LayoutError> {
        let contig = if self.transposed { 0 } else { shape.len() - 1 };
        let mut block: Vec<u64> = shape.iter().map(|&s| u64::from(s)).collect();
        if self.fp4_padded {
            block[contig] *= 2;
        }
        for size in &mut block {
            *size = (*size).min(u64::from(TMA_DIM_MAX));
        }
        if self.swizzle_byte_width != 0 {
            let row = u64::from(8 * self.swizzle_byte_width / self.element_bit_width);
            if block[contig] < row {
                return Err(bad(
                    NVMMA,
                    format!(
                        "shape {shape:?}: {} along the contiguous dimension",
                        block[contig]
                    ),
                    format!(
                        "at least one swizzled row of {row} (Triton: \"Block shape is too small \
                         for the swizzle byte size in NVMMA Shared Layout.\")"
                    ),
                ));
            }
            block[contig] = row;
        }
        if self.fp4_padded {
            block[contig] /= 2;
        }
        Ok(block.into_iter().map(|s| s as u32).collect())
    }

    /// Triton's `getCoreMatrixLinearLayout`: 8 rows of `8·max(16, swizzle)/elementBitWidth`
    /// columns, row `r` shifted by `vec·((r / perPhase) mod maxPhase)`; fp4-padded columns
    /// skip the 8 padding offsets of every 16 (mapped where the 8 before them are).
    fn core_matrix(&self, unswizzled: bool) -> Result<LinearLayout, LayoutError> {
        let tile_cols = 8 * self.swizzle_byte_width.max(16) / self.element_bit_width;
        let packed = |col: u32| match self.fp4_padded {
            true => col / 16 * 8 + col % 8,
            false => col,
        };
        let mut bases: Vec<Vec<u32>> = Vec::new();
        let mut col = 1;
        while col < tile_cols {
            bases.push(vec![0, packed(col)]);
            col *= 2;
        }
        for row in [1, 2, 4] {
            let shift = match unswizzled {
                true => 0,
                false => packed(self.vec() * ((row / self.per_phase()) % self.max_phase())),
            };
            bases.push(vec![row, shift]);
        }
        LinearLayout::with_inferred_sizes(vec![("offset".into(), bases)], dim_names(2))
    }

    /// Triton's `nvmmaSharedToLinearLayout(shape, layout, disableSwizzle = unswizzled)`
    /// (`shape` already checked: the rank, powers of two).
    ///
    /// Unswizzled (width 0): the TMA box row-major, repeated over the tensor. Swizzled: the
    /// box with its outer dimensions collapsed into rows (`[rows, row]`, swapped when
    /// transposed) is covered by core matrices (rows first), reshaped to the box (its first
    /// dimension moved last when transposed, then moved back), and repeated over the tensor.
    ///
    /// # Errors
    /// As Triton refuses: a swizzle with rank 1 (Triton asserts rank >= 2), a contiguous
    /// dimension shorter than one swizzled row, or a collapsed box smaller than one core matrix
    /// (`Illegal shared layout`).
    pub(super) fn to_linear_layout(
        &self,
        shape: &[u32],
        unswizzled: bool,
    ) -> Result<LinearLayout, LayoutError> {
        let rank = shape.len();
        let box_shape = self.tma_block_shape(shape)?;
        if self.swizzle_byte_width == 0 {
            let box_layout = offset_identity(LinearLayout::empty(), &box_shape, (0..rank).rev())?;
            let layout = ensure_not_smaller(box_layout, &labeled(shape))?;
            return combine_with_shape(layout, shape);
        }
        if rank < 2 {
            return Err(bad(
                NVMMA,
                format!("rank 1 with a {}-byte swizzle", self.swizzle_byte_width),
                "rank 2 or more for a swizzled layout (Triton asserts)",
            ));
        }
        let outer: u32 = box_shape[..rank - 1].iter().product();
        let mut collapsed = [outer, box_shape[rank - 1]];
        if self.transposed {
            collapsed.swap(0, 1);
        }
        let tile = self.core_matrix(unswizzled)?;
        let tile_rows = tile.out_dim_size("dim0").unwrap_or(1);
        let tile_cols = tile.out_dim_size("dim1").unwrap_or(1);
        let packing = if self.fp4_padded { 2 } else { 1 };
        if collapsed[1] * packing < tile_cols || collapsed[0] < tile_rows {
            return Err(bad(
                NVMMA,
                format!("collapsed TMA box [{}, {}]", collapsed[0], collapsed[1]),
                format!(
                    "at least [{tile_rows}, {}] (Triton: Illegal shared layout)",
                    tile_cols / packing
                ),
            ));
        }
        let layout = ensure_not_smaller(tile, &labeled(&collapsed))?;
        let mut box_order = box_shape.clone();
        if self.transposed {
            box_order.rotate_left(1);
        }
        let mut reshaped = reshape_layout(&layout, &box_order)?;
        if self.transposed {
            // Triton's transposeLinearLayout with order [rank-1, 0, 1, ..., rank-2]
            let order: Vec<usize> = std::iter::once(rank - 1).chain(0..rank - 1).collect();
            let bases = reshaped
                .bases()
                .iter()
                .map(|(name, list)| {
                    let list = list
                        .iter()
                        .map(|b| order.iter().map(|&i| b[i]).collect())
                        .collect();
                    (name.clone(), list)
                })
                .collect();
            reshaped = LinearLayout::with_inferred_sizes(bases, dim_names(rank))?;
        }
        let layout = ensure_not_smaller(reshaped, &labeled(shape))?;
        combine_with_shape(layout, shape)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests;
