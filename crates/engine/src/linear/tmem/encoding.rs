//! `#ttng.tensor_memory_encoding` (Gluon's `TensorMemoryLayout`): where each element of a
//! tensor sits in Blackwell's tensor memory, as Triton 3.6's `tensorMemoryToLinearLayout`
//! builds it: (row, col) → (dim0, dim1), rows being TMEM lanes and columns 32-bit columns.
//! Several CTAs (`CTASplitM`, `CTASplitN`) are modelled as Triton models them: each CTA's
//! tensor memory after the previous one's columns.

use crate::LayoutError;

use super::super::layout::{bad, LinearLayout};

/// The input dimensions of a tensor-memory layout: TMEM lane, 32-bit column.
pub const TMEM_IN_DIMS: [&str; 2] = ["row", "col"];

const OP: &str = "#ttng.tensor_memory_encoding";

/// Where a tensor element sits in tensor memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TmemPlace {
    /// The TMEM lane (Triton's row), 0 to 127.
    pub lane: u32,
    /// The 32-bit column within its CTA's tensor memory.
    pub column: u32,
    /// Which CTA's tensor memory, 0 for one CTA.
    pub cta: u32,
}

/// A tensor-memory layout: the `block` `[blockM, blockN]` one CTA's MMA writes, the 32-bit
/// columns between neighbouring elements (`colStride`), how the tensor is split over CTAs
/// (`[CTASplitM, CTASplitN]`) and whether it is a CTA pair's (`twoCTAs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TensorMemoryEncoding {
    block: [u32; 2],
    col_stride: u32,
    cta_split: [u32; 2],
    two_ctas: bool,
}

impl TensorMemoryEncoding {
    /// The layout as Triton's verifier admits it: blockM 64 or 128, blockN a power of two up
    /// to 512, colStride 1, 2 or 4, the splits powers of two.
    ///
    /// # Errors
    /// Anything else.
    pub fn new(
        block: [u32; 2],
        col_stride: u32,
        cta_split: [u32; 2],
        two_ctas: bool,
    ) -> Result<TensorMemoryEncoding, LayoutError> {
        let [bm, bn] = block;
        if ![64, 128].contains(&bm) {
            return Err(bad(OP, format!("blockM {bm}"), "64 or 128"));
        }
        if !bn.is_power_of_two() || bn > 512 {
            return Err(bad(OP, format!("blockN {bn}"), "a power of two up to 512"));
        }
        if ![1, 2, 4].contains(&col_stride) {
            return Err(bad(OP, format!("colStride {col_stride}"), "1, 2 or 4"));
        }
        if cta_split.iter().any(|s| !s.is_power_of_two()) {
            return Err(bad(
                OP,
                format!("CTA split {cta_split:?}"),
                "powers of two (1 for one CTA)",
            ));
        }
        Ok(TensorMemoryEncoding {
            block,
            col_stride,
            cta_split,
            two_ctas,
        })
    }

    /// One CTA's layout: no split, not a pair's.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn single(block: [u32; 2], col_stride: u32) -> Result<TensorMemoryEncoding, LayoutError> {
        TensorMemoryEncoding::new(block, col_stride, [1, 1], false)
    }

    /// `[blockM, blockN]`.
    pub fn block(&self) -> [u32; 2] {
        self.block
    }

    /// 32-bit columns between neighbouring elements of a row.
    pub fn col_stride(&self) -> u32 {
        self.col_stride
    }

    /// `[CTASplitM, CTASplitN]`.
    pub fn cta_split(&self) -> [u32; 2] {
        self.cta_split
    }

    /// A CTA pair's layout (`twoCTAs`).
    pub fn two_ctas(&self) -> bool {
        self.two_ctas
    }

    /// `tensorMemoryToLinearLayout`: (row, col) → (dim0, dim1) over `shape` (rank 2). A
    /// 64-row block puts rows 16-63 of the tensor in TMEM rows 32 apart; a CTA split adds
    /// the other CTAs' columns, N's split outermost.
    ///
    /// # Errors
    /// A shape of another rank, or one smaller than a CTA's block.
    pub fn to_linear_layout(&self, shape: &[u32]) -> Result<LinearLayout, LayoutError> {
        let &[m, n] = shape else {
            return Err(bad(
                OP,
                format!("a shape of rank {}", shape.len()),
                "rank 2",
            ));
        };
        let id = LinearLayout::identity_1d;
        let [split_m, split_n] = self.cta_split;
        if split_m > m || split_n > n {
            return Err(bad(
                OP,
                format!("a {m}x{n} tensor split over {split_m}x{split_n} CTAs"),
                "at least one row and column a CTA",
            ));
        }
        if split_n > 1 {
            let inner = TensorMemoryEncoding {
                cta_split: [split_m, 1],
                ..*self
            };
            return inner
                .to_linear_layout(&[m, n / split_n])?
                .product(&id(split_n, "col", "dim1")?);
        }
        if split_m > 1 {
            // blockM 64 of a pair is laid out as the transpose of 128 × blockN (PTX's data
            // path layout B)
            let pair64 = self.block[0] == 64 && self.two_ctas;
            let (block_m, split_m) = match pair64 {
                true => (128, split_m / 2),
                false => (self.block[0], split_m),
            };
            let inner = TensorMemoryEncoding {
                block: [block_m, self.block[1]],
                cta_split: [1, 1],
                ..*self
            };
            let layout = inner
                .to_linear_layout(&[m / split_m, n])?
                .product(&id(split_m, "col", "dim0")?)?;
            return match pair64 {
                true => swap_last_row_and_column(&layout),
                false => Ok(layout),
            };
        }
        self.one_cta([m, n])
    }

    /// Where element `[row, column]` of the `shape` tensor sits: the first of its places when
    /// the layout leaves lanes empty (a 64-row block of one CTA uses lanes 0–15, 32–47, 64–79
    /// and 96–111), its lane and 32-bit column within its CTA's tensor memory, and which CTA
    /// (the columns Triton adds for the others).
    ///
    /// # Errors
    /// As [`to_linear_layout`](Self::to_linear_layout); an element outside the tensor.
    pub fn place(&self, shape: &[u32], [row, column]: [u32; 2]) -> Result<TmemPlace, LayoutError> {
        let layout = self.to_linear_layout(shape)?;
        let at = layout
            .pseudoinvert()?
            .apply(&[("dim0", row), ("dim1", column)])?;
        let of = |name: &str| at.iter().find(|(n, _)| n == name).map_or(0, |(_, v)| *v);
        let cta_bits = (self.cta_split[0] * self.cta_split[1]).trailing_zeros();
        let own_bits = layout
            .in_dim_bits("col")
            .unwrap_or(0)
            .saturating_sub(cta_bits);
        let col = of("col");
        Ok(TmemPlace {
            lane: of("row"),
            column: col & ((1 << own_bits) - 1),
            cta: col >> own_bits,
        })
    }

    fn one_cta(&self, [m, n]: [u32; 2]) -> Result<LinearLayout, LayoutError> {
        let [bm, bn] = self.block;
        let bn = bn.min(n);
        let id = LinearLayout::identity_1d;
        let mut tile = LinearLayout::zeros_1d(self.col_stride, "col", "dim1")?;
        if bm == 64 {
            tile = tile.product(&id(16, "row", "dim0")?.product(&id(bn, "col", "dim1")?)?)?;
            let mut bases = tile.bases().to_vec();
            if let Some((_, rows)) = bases.iter_mut().find(|(name, _)| name == "row") {
                rows.push(if m > bm {
                    vec![64, 0]
                } else if n > bn {
                    vec![0, bn]
                } else {
                    // the element is not defined
                    vec![0, 0]
                });
                rows.extend([vec![16, 0], vec![32, 0]]);
            }
            tile = LinearLayout::with_inferred_sizes(bases, vec!["dim0".into(), "dim1".into()])?;
        } else {
            tile = tile.product(&id(bm, "row", "dim0")?.product(&id(bn, "col", "dim1")?)?)?;
        }
        let reps_m = m / tile.out_dim_size("dim0").unwrap_or(1);
        let reps_n = n / tile.out_dim_size("dim1").unwrap_or(1);
        if reps_m < 1 || reps_n < 1 {
            return Err(bad(
                OP,
                format!("a {m}x{n} tensor per CTA in {bm}x{bn} blocks"),
                "at least one block per CTA",
            ));
        }
        tile.product(&id(reps_m, "col", "dim0")?)?
            .product(&id(reps_n, "col", "dim1")?)
    }
}

/// The last row basis and the last column basis swapped, as Triton does for a pair's 64-row
/// blocks.
fn swap_last_row_and_column(layout: &LinearLayout) -> Result<LinearLayout, LayoutError> {
    let mut bases = layout.bases().to_vec();
    let last = |bases: &[(String, Vec<Vec<u32>>)], name: &str| {
        bases
            .iter()
            .position(|(n, list)| n == name && !list.is_empty())
    };
    let (Some(r), Some(c)) = (last(&bases, "row"), last(&bases, "col")) else {
        return Err(bad(
            OP,
            "a pair's 64-row block without columns",
            "some columns",
        ));
    };
    let (row, col) = (bases[r].1.len() - 1, bases[c].1.len() - 1);
    let column = bases[c].1[col].clone();
    bases[c].1[col] = std::mem::replace(&mut bases[r].1[row], column);
    LinearLayout::new(bases, layout.out_dims_with_sizes().to_vec(), false)
}
