//! Matrices over F2 with at most 64 columns, one `u64` per row (bit `c` is column `c`), and
//! their reduced row echelon form, which is unique: any correct elimination gives the matrix
//! Triton's `f2reduce::inplace_rref_strided` gives.

/// A matrix over F2: `rows[r]` bit `c` is entry `(r, c)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gf2Matrix {
    rows: Vec<u64>,
    columns: u32,
}

impl Gf2Matrix {
    /// `columns <= 64`; bits at or above `columns` must be clear.
    pub(super) fn new(rows: Vec<u64>, columns: u32) -> Gf2Matrix {
        debug_assert!(columns <= 64);
        Gf2Matrix { rows, columns }
    }

    /// One `u64` per row: bit `c` of `rows[r]` is entry `(r, c)`.
    pub fn rows(&self) -> &[u64] {
        &self.rows
    }

    /// Number of columns, at most 64; row bits at or above it are clear.
    pub fn columns(&self) -> u32 {
        self.columns
    }

    /// Entry `(row, column)`; 0 outside the matrix.
    pub fn get(&self, row: usize, column: u32) -> bool {
        column < self.columns && self.rows.get(row).is_some_and(|r| r >> column & 1 == 1)
    }

    /// The reduced row echelon form: nonzero rows first, pivots (lowest set bit) increasing,
    /// each pivot column zero elsewhere.
    pub fn rref(&self) -> Gf2Matrix {
        let mut rows = self.rows.clone();
        let mut pivot_row = 0;
        for column in 0..self.columns {
            let bit = 1u64 << column;
            let Some(found) = (pivot_row..rows.len()).find(|&r| rows[r] & bit != 0) else {
                continue;
            };
            rows.swap(pivot_row, found);
            let pivot = rows[pivot_row];
            for (r, row) in rows.iter_mut().enumerate() {
                if r != pivot_row && *row & bit != 0 {
                    *row ^= pivot;
                }
            }
            pivot_row += 1;
        }
        Gf2Matrix {
            rows,
            columns: self.columns,
        }
    }

    /// Number of linearly independent rows.
    pub fn rank(&self) -> u32 {
        self.rref().rows.iter().filter(|r| **r != 0).count() as u32
    }
}
