//! Inverses over F2 as Triton 3.6 computes them: `invertAndCompose` solves `A X = B` for the
//! minimal solution (free variables 0) after setting aside the input dimensions the two layouts
//! share unchanged; `pseudoinvert` and `invert` are `identity.invertAndCompose(A)`.

use crate::LayoutError;

use super::layout::{bad, LinearLayout};
use super::matrix::Gf2Matrix;

/// Triton's `lstsq(A, B)`: `X` with `A(X(y)) = B(y)`, from the reduced row echelon form of
/// `[A | B]`; non-pivot rows of `X` are 0.
fn lstsq(a: &LinearLayout, b: &LinearLayout) -> Result<LinearLayout, LayoutError> {
    let columns_a = a.total_in_bits();
    let columns_b = b.total_in_bits();
    if a.total_out_bits() != b.total_out_bits() {
        return Err(bad(
            "invertAndCompose",
            format!("{a} and {b}"),
            "the same number of output bits",
        ));
    }
    let rows: Vec<u64> = a
        .matrix()
        .rows()
        .iter()
        .zip(b.matrix().rows())
        .map(|(ra, rb)| ra | rb << columns_a)
        .collect();
    // MAX_BITS keeps columns_a + columns_b within 60 columns
    let reduced = Gf2Matrix::new(rows, columns_a + columns_b).rref();
    let mut solution = vec![0u64; columns_a as usize];
    for row in reduced.rows().iter().filter(|r| **r != 0) {
        let pivot = row.trailing_zeros();
        if pivot >= columns_a {
            return Err(bad(
                "invertAndCompose",
                format!("{b}"),
                format!("a layout whose image lies in the image of {a}"),
            ));
        }
        solution[pivot as usize] = row >> columns_a;
    }
    let flat: Vec<Vec<u32>> = (0..columns_b)
        .map(|c| {
            let value = solution
                .iter()
                .enumerate()
                .fold(0u32, |acc, (r, row)| acc | ((row >> c & 1) as u32) << r);
            vec![value]
        })
        .collect();
    let in_name = a.in_dims().next().unwrap_or("register").to_string();
    let out_name = a.out_dims().next().unwrap_or("dim0").to_string();
    let flattened = LinearLayout::new(
        vec![(in_name, flat)],
        vec![(out_name, 1u32 << columns_a)],
        false,
    )?;
    let ins: Vec<(&str, u32)> = b
        .in_dims()
        .map(|d| (d, 1u32 << b.in_dim_bits(d).unwrap_or(0)))
        .collect();
    let outs: Vec<(&str, u32)> = a
        .in_dims()
        .map(|d| (d, 1u32 << a.in_dim_bits(d).unwrap_or(0)))
        .collect();
    flattened.reshape_ins(&ins)?.reshape_outs(&outs)
}

impl LinearLayout {
    /// Triton's `A.invertAndCompose(B)`: `C` with `A(x) = B(C(x))`; input dimensions on which
    /// both layouts agree map to themselves, the others by the minimal least-squares solution.
    /// `C` has `A`'s input dimensions and `B`'s input dimensions as outputs.
    ///
    /// # Errors
    /// `outer` has other output dimensions or sizes, or is not surjective.
    pub fn invert_and_compose(&self, outer: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        let out_dims: Vec<&str> = self.out_dims().collect();
        let b = self;
        let a = outer.transpose_outs(&out_dims).map_err(|_| {
            bad(
                "invertAndCompose",
                format!("{outer}"),
                format!("the output dimensions {out_dims:?}"),
            )
        })?;
        if a.out_dims_with_sizes() != b.out_dims_with_sizes() {
            return Err(bad(
                "invertAndCompose",
                format!("{outer}"),
                format!("the output sizes of {self}"),
            ));
        }
        if !a.is_surjective() {
            return Err(bad(
                "invertAndCompose",
                format!("{outer}"),
                "a surjective layout",
            ));
        }
        let mut identity_dims = Vec::new();
        for dim in a.in_dims() {
            if b.has_in_dim(dim)
                && a.sublayout(&[dim], &out_dims)? == b.sublayout(&[dim], &out_dims)?
            {
                identity_dims.push(dim);
            }
        }
        let a_rest: Vec<&str> = a.in_dims().filter(|d| !identity_dims.contains(d)).collect();
        let b_rest: Vec<&str> = b.in_dims().filter(|d| !identity_dims.contains(d)).collect();
        let a_reduced = a.sublayout(&a_rest, &out_dims)?;
        let b_reduced = b.sublayout(&b_rest, &out_dims)?;
        let empty = LinearLayout::empty();
        let mut result = match (a_reduced == empty, b_reduced == empty) {
            (true, true) => empty,
            (false, false) => lstsq(&a_reduced, &b_reduced)?,
            _ => {
                return Err(bad(
                    "invertAndCompose",
                    format!("{self} and {outer}"),
                    "both reduced layouts empty or neither",
                ))
            }
        };
        for dim in &identity_dims {
            let size = 1u32 << a.in_dim_bits(dim).unwrap_or(0);
            result = result.product(&LinearLayout::identity_1d(size, dim, dim)?)?;
        }
        let b_ins: Vec<&str> = b.in_dims().collect();
        let a_ins: Vec<&str> = a.in_dims().collect();
        result.transpose_ins(&b_ins)?.transpose_outs(&a_ins)
    }

    /// Triton's `pseudoinvert`: `identity.invertAndCompose(self)`, a right inverse that maps
    /// each output to its smallest preimage in the reduced form.
    ///
    /// # Errors
    /// The layout is not surjective.
    pub fn pseudoinvert(&self) -> Result<LinearLayout, LayoutError> {
        if !self.is_surjective() {
            return Err(bad(
                "pseudoinvert",
                format!("{self}"),
                "a surjective layout",
            ));
        }
        let mut identity = LinearLayout::empty();
        for (name, size) in self.out_dims_with_sizes() {
            identity = identity.product(&LinearLayout::identity_1d(*size, name, name)?)?;
        }
        identity.invert_and_compose(self)
    }

    /// Triton's `invert`: the pseudo-inverse of an invertible layout.
    ///
    /// # Errors
    /// The layout is not invertible.
    pub fn invert(&self) -> Result<LinearLayout, LayoutError> {
        if !self.is_invertible() {
            return Err(bad(
                "invert",
                format!("{self}"),
                "an invertible layout (surjective, as many input as output bits)",
            ));
        }
        self.pseudoinvert()
    }
}

#[cfg(test)]
mod tests;
