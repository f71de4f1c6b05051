//! The linear layout itself: named input dimensions with bases, named output dimensions with
//! sizes, and the structural operations of Triton's `LinearLayout` (product, transposes,
//! reshapes, sublayouts, apply, compose).

use crate::LayoutError;

use super::matrix::Gf2Matrix;

mod order;

/// Most bits of one dimension, and of all input or all output dimensions together: Triton's
/// sizes are `int32_t` powers of two, so `2^30` is the largest.
pub const MAX_BITS: u32 = 30;

/// Input dimensions in order, each with its bases (basis `k` is the image of `2^k`).
pub type NamedBases = Vec<(String, Vec<Vec<u32>>)>;

/// An F2-linear map from named input bits to named output coordinates.
///
/// Invariants (checked by [`LinearLayout::new`]): names are unique; every basis has one entry
/// per output dimension, below that dimension's size; sizes are powers of two; no dimension,
/// and neither all inputs nor all outputs together, exceed [`MAX_BITS`] bits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LinearLayout {
    /// Input dimensions in order (minor first), each with its bases.
    bases: NamedBases,
    /// Output dimensions in order, each with its size.
    out_dims: Vec<(String, u32)>,
    /// Rank of the matrix over F2.
    rank: u32,
}

pub(super) fn bad(
    op: &'static str,
    arg: impl Into<String>,
    expected: impl Into<String>,
) -> LayoutError {
    LayoutError::BadArgument {
        op,
        arg: arg.into(),
        expected: expected.into(),
    }
}

fn log2_of_power(op: &'static str, size: u64) -> Result<u32, LayoutError> {
    if size == 0 || !size.is_power_of_two() || size.trailing_zeros() > MAX_BITS {
        return Err(bad(
            op,
            format!("size {size}"),
            format!("a power of two from 1 to 2^{MAX_BITS}"),
        ));
    }
    Ok(size.trailing_zeros())
}

fn duplicate<'a>(names: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if seen.contains(&name) {
            return Some(name);
        }
        seen.push(name);
    }
    None
}

impl LinearLayout {
    /// Triton's `LinearLayout(bases, outDims, requireSurjective)`.
    ///
    /// # Errors
    /// [`LayoutError::BadArgument`] for a repeated name, a basis of the wrong length or not
    /// below its dimension's size, a size that is not a power of two, more than [`MAX_BITS`]
    /// bits, or (with `require_surjective`) a layout that misses some output.
    pub fn new(
        bases: NamedBases,
        out_dims: Vec<(String, u32)>,
        require_surjective: bool,
    ) -> Result<LinearLayout, LayoutError> {
        const OP: &str = "linear layout";
        if let Some(name) = duplicate(bases.iter().map(|(n, _)| n.as_str())) {
            return Err(bad(
                OP,
                format!("in dim {name}"),
                "each input dimension once",
            ));
        }
        if let Some(name) = duplicate(out_dims.iter().map(|(n, _)| n.as_str())) {
            return Err(bad(
                OP,
                format!("out dim {name}"),
                "each output dimension once",
            ));
        }
        let mut out_bits = 0u32;
        for (name, size) in &out_dims {
            out_bits += log2_of_power(OP, u64::from(*size)).map_err(|_| {
                bad(
                    OP,
                    format!("out dim {name} of size {size}"),
                    format!("a power of two from 1 to 2^{MAX_BITS}"),
                )
            })?;
        }
        let mut in_bits = 0usize;
        for (name, list) in &bases {
            in_bits += list.len();
            for basis in list {
                if basis.len() != out_dims.len() {
                    return Err(bad(
                        OP,
                        format!("basis {basis:?} of {name}"),
                        format!("{} entries, one per output dimension", out_dims.len()),
                    ));
                }
                if let Some(((out, size), value)) = out_dims
                    .iter()
                    .zip(basis)
                    .find(|((_, size), value)| **value >= *size)
                {
                    return Err(bad(
                        OP,
                        format!("basis {basis:?} of {name}: {out} = {value}"),
                        format!("a value below the size of {out}, {size}"),
                    ));
                }
            }
        }
        if in_bits > MAX_BITS as usize || out_bits > MAX_BITS {
            return Err(LayoutError::TooLarge {
                what: "a linear layout's input or output bits",
                size: in_bits.max(out_bits as usize) as u128,
                limit: u128::from(MAX_BITS),
            });
        }
        let mut layout = LinearLayout {
            bases,
            out_dims,
            rank: 0,
        };
        layout.rank = layout.matrix().rank();
        if require_surjective && !layout.is_surjective() {
            return Err(bad(
                OP,
                layout.to_string(),
                "a surjective layout: every output reached by some input",
            ));
        }
        Ok(layout)
    }

    /// Triton's `LinearLayout(bases, outDimNames)`: each size is the next power of two above
    /// the largest value of the bases (1 if none), and the layout must be surjective.
    ///
    /// # Errors
    /// As [`LinearLayout::new`]; a basis longer than the names.
    pub fn with_inferred_sizes(
        bases: NamedBases,
        out_names: Vec<String>,
    ) -> Result<LinearLayout, LayoutError> {
        let mut sizes = vec![1u64; out_names.len()];
        for basis in bases.iter().flat_map(|(_, list)| list) {
            for (i, value) in basis.iter().enumerate() {
                let size = sizes.get_mut(i).ok_or_else(|| {
                    bad(
                        "linear layout",
                        format!("basis {basis:?}"),
                        format!("{} entries", out_names.len()),
                    )
                })?;
                // llvm::NextPowerOf2: strictly greater than the value
                let next = (u64::from(*value) + 1).next_power_of_two();
                *size = (*size).max(next);
            }
        }
        let mut out_dims = Vec::with_capacity(out_names.len());
        for (name, size) in out_names.into_iter().zip(sizes) {
            let size = u32::try_from(size).map_err(|_| LayoutError::Overflow {
                what: "an output size",
            })?;
            out_dims.push((name, size));
        }
        LinearLayout::new(bases, out_dims, true)
    }

    /// The layout with no dimensions: the unit of [`LinearLayout::product`].
    pub fn empty() -> LinearLayout {
        LinearLayout {
            bases: Vec::new(),
            out_dims: Vec::new(),
            rank: 0,
        }
    }

    /// `identity1D(size, in, out)`: `L(in = x) = (out = x)`; size 0 is the empty layout.
    ///
    /// # Errors
    /// A size that is not a power of two.
    pub fn identity_1d(
        size: u32,
        in_dim: &str,
        out_dim: &str,
    ) -> Result<LinearLayout, LayoutError> {
        if size == 0 {
            return Ok(LinearLayout::empty());
        }
        let bits = log2_of_power("identity1D", u64::from(size))?;
        let bases = (0..bits).map(|k| vec![1u32 << k]).collect();
        LinearLayout::new(
            vec![(in_dim.into(), bases)],
            vec![(out_dim.into(), size)],
            true,
        )
    }

    /// `zeros1D(size, in, out)`: every input maps to 0 of an output of size 1; size 0 is empty.
    ///
    /// # Errors
    /// A size that is not a power of two.
    pub fn zeros_1d(size: u32, in_dim: &str, out_dim: &str) -> Result<LinearLayout, LayoutError> {
        if size == 0 {
            return Ok(LinearLayout::empty());
        }
        let bits = log2_of_power("zeros1D", u64::from(size))?;
        let bases = (0..bits).map(|_| vec![0u32]).collect();
        LinearLayout::new(
            vec![(in_dim.into(), bases)],
            vec![(out_dim.into(), 1)],
            true,
        )
    }

    /// The input dimensions' names, in order (`register`, `lane`, `warp`, `block`).
    pub fn in_dims(&self) -> impl Iterator<Item = &str> {
        self.bases.iter().map(|(n, _)| n.as_str())
    }

    /// The output dimensions' names, in order (`dim0`, `dim1`, …).
    pub fn out_dims(&self) -> impl Iterator<Item = &str> {
        self.out_dims.iter().map(|(n, _)| n.as_str())
    }

    /// Output dimensions with their sizes, in order.
    pub fn out_dims_with_sizes(&self) -> &[(String, u32)] {
        &self.out_dims
    }

    /// Input dimensions with their bases, in order.
    pub fn bases(&self) -> &[(String, Vec<Vec<u32>>)] {
        &self.bases
    }

    /// The bases of input dimension `name`, if the layout has it.
    pub fn bases_of(&self, name: &str) -> Option<&[Vec<u32>]> {
        self.bases
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }

    /// Whether input dimension `name` exists.
    pub fn has_in_dim(&self, name: &str) -> bool {
        self.bases.iter().any(|(n, _)| n == name)
    }

    /// Whether output dimension `name` exists.
    pub fn has_out_dim(&self, name: &str) -> bool {
        self.out_dims.iter().any(|(n, _)| n == name)
    }

    /// `log2` of the size of input dimension `name` (its number of bases).
    pub fn in_dim_bits(&self, name: &str) -> Option<u32> {
        self.bases_of(name).map(|b| b.len() as u32)
    }

    /// `log2` of the size of output dimension `name`.
    pub fn out_dim_bits(&self, name: &str) -> Option<u32> {
        self.out_dim_size(name).map(u32::trailing_zeros)
    }

    /// The size of output dimension `name` (a power of two), if the layout has it.
    pub fn out_dim_size(&self, name: &str) -> Option<u32> {
        self.out_dims
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, s)| *s)
    }

    /// Sum of the input bits.
    pub fn total_in_bits(&self) -> u32 {
        self.bases.iter().map(|(_, b)| b.len() as u32).sum()
    }

    /// Sum of the output bits.
    pub fn total_out_bits(&self) -> u32 {
        self.out_dims.iter().map(|(_, s)| s.trailing_zeros()).sum()
    }

    /// Rank of the matrix over F2.
    pub fn rank(&self) -> u32 {
        self.rank
    }

    /// Every output is reached: rank = output bits.
    pub fn is_surjective(&self) -> bool {
        self.rank == self.total_out_bits()
    }

    /// No two inputs collide: rank = input bits.
    pub fn is_injective(&self) -> bool {
        self.rank == self.total_in_bits()
    }

    /// Triton's `isInvertible`: surjective with as many input as output bits.
    pub fn is_invertible(&self) -> bool {
        self.is_surjective() && self.total_in_bits() == self.total_out_bits()
    }

    /// Triton's `getMatrix`: one row per output bit (output dimensions in order, low bit
    /// first), one column per input bit (input dimensions in order, low bit first).
    pub fn matrix(&self) -> Gf2Matrix {
        let mut rows = Vec::with_capacity(self.total_out_bits() as usize);
        for (out_index, (_, size)) in self.out_dims.iter().enumerate() {
            for bit in 0..size.trailing_zeros() {
                let mut row = 0u64;
                let columns = self.bases.iter().flat_map(|(_, list)| list);
                for (column, basis) in columns.enumerate() {
                    row |= u64::from((basis[out_index] >> bit) & 1) << column;
                }
                rows.push(row);
            }
        }
        Gf2Matrix::new(rows, self.total_in_bits())
    }

    /// `L(ins)`: the XOR of the bases of the set bits, one value per output dimension.
    ///
    /// # Errors
    /// Inputs that are not exactly this layout's input dimensions (any order), or a value at or
    /// above its dimension's size.
    pub fn apply(&self, ins: &[(&str, u32)]) -> Result<Vec<(String, u32)>, LayoutError> {
        let names: Vec<&str> = ins.iter().map(|(n, _)| *n).collect();
        self.require_same_dims("apply", &names, self.in_dims().collect())?;
        let mut out = vec![0u32; self.out_dims.len()];
        for (name, value) in ins {
            let list = self.bases_of(name).unwrap_or_default();
            if u64::from(*value) >= 1u64 << list.len() {
                return Err(bad(
                    "apply",
                    format!("{name} = {value}"),
                    format!("a value below {}", 1u64 << list.len()),
                ));
            }
            for (bit, basis) in list.iter().enumerate() {
                if value >> bit & 1 == 1 {
                    for (o, b) in out.iter_mut().zip(basis) {
                        *o ^= b;
                    }
                }
            }
        }
        Ok(self
            .out_dims
            .iter()
            .map(|(n, _)| n.clone())
            .zip(out)
            .collect())
    }

    fn require_same_dims(
        &self,
        op: &'static str,
        given: &[&str],
        have: Vec<&str>,
    ) -> Result<(), LayoutError> {
        let mut a: Vec<&str> = given.to_vec();
        let mut b = have.clone();
        a.sort_unstable();
        b.sort_unstable();
        if a != b || duplicate(given.iter().copied()).is_some() {
            return Err(bad(
                op,
                format!("{given:?}"),
                format!("the dimensions {have:?} in any order"),
            ));
        }
        Ok(())
    }

    /// Triton's `operator*` (direct sum): `inner`'s dimensions are minor; a dimension in both
    /// gets `inner`'s bits, then `outer`'s shifted above them. The dimensions come in Triton's
    /// merged order of the two (`supremum`).
    ///
    /// # Errors
    /// A result above [`MAX_BITS`].
    pub fn product(&self, outer: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        // the dimensions in Triton's merged order (`supremum`), each with the bits of both
        let ins = order::supremum(
            &self.in_dims().collect::<Vec<_>>(),
            &outer.in_dims().collect::<Vec<_>>(),
        );
        let outs = order::supremum(
            &self.out_dims().collect::<Vec<_>>(),
            &outer.out_dims().collect::<Vec<_>>(),
        );
        let in_bits: Vec<(String, usize)> = ins
            .iter()
            .map(|&name| {
                let count = |l: &LinearLayout| l.bases_of(name).map_or(0, <[Vec<u32>]>::len);
                (name.to_string(), count(self) + count(outer))
            })
            .collect();
        let out_bits: Vec<(String, u32)> = outs
            .iter()
            .map(|&name| {
                let bits = |l: &LinearLayout| l.out_dim_bits(name).unwrap_or(0);
                (name.to_string(), bits(self) + bits(outer))
            })
            .collect();
        if out_bits.iter().any(|(_, b)| *b > MAX_BITS) {
            return Err(LayoutError::TooLarge {
                what: "an output dimension's bits",
                size: out_bits
                    .iter()
                    .map(|(_, b)| u128::from(*b))
                    .max()
                    .unwrap_or(0),
                limit: u128::from(MAX_BITS),
            });
        }
        let mut all = Vec::with_capacity(in_bits.len());
        for (in_name, count) in &in_bits {
            let mut list = vec![vec![0u32; out_bits.len()]; *count];
            for (out_index, (out_name, _)) in out_bits.iter().enumerate() {
                let inner = self.basis_column(in_name, out_name);
                if let Some(column) = &inner {
                    for (i, v) in column.iter().enumerate() {
                        list[i][out_index] = *v;
                    }
                }
                if let Some(column) = outer.basis_column(in_name, out_name) {
                    let offset = self.in_dim_bits(in_name).unwrap_or(0) as usize;
                    let shift = self.out_dim_bits(out_name).unwrap_or(0);
                    for (i, v) in column.iter().enumerate() {
                        list[offset + i][out_index] = v << shift;
                    }
                }
            }
            all.push((in_name.clone(), list));
        }
        let out_dims = out_bits.into_iter().map(|(n, b)| (n, 1u32 << b)).collect();
        LinearLayout::new(all, out_dims, false)
    }

    /// The values of output `out` of the bases of input `in_dim`, when both exist.
    fn basis_column(&self, in_dim: &str, out: &str) -> Option<Vec<u32>> {
        let out_index = self.out_dims.iter().position(|(n, _)| n == out)?;
        Some(
            self.bases_of(in_dim)?
                .iter()
                .map(|b| b[out_index])
                .collect(),
        )
    }

    /// Triton's `transposeIns`: the same map with the input dimensions reordered.
    ///
    /// # Errors
    /// `order` is not a permutation of the input dimensions.
    pub fn transpose_ins(&self, order: &[&str]) -> Result<LinearLayout, LayoutError> {
        self.require_same_dims("transposeIns", order, self.in_dims().collect())?;
        let bases = order
            .iter()
            .map(|name| {
                (
                    name.to_string(),
                    self.bases_of(name).unwrap_or_default().to_vec(),
                )
            })
            .collect();
        LinearLayout::new(bases, self.out_dims.clone(), false)
    }

    /// Triton's `transposeOuts`: the same map with the output dimensions reordered.
    ///
    /// # Errors
    /// `order` is not a permutation of the output dimensions.
    pub fn transpose_outs(&self, order: &[&str]) -> Result<LinearLayout, LayoutError> {
        self.require_same_dims("transposeOuts", order, self.out_dims().collect())?;
        let permutation: Vec<usize> = order
            .iter()
            .filter_map(|name| self.out_dims.iter().position(|(n, _)| n == name))
            .collect();
        let bases = self
            .bases
            .iter()
            .map(|(name, list)| {
                let list = list
                    .iter()
                    .map(|b| permutation.iter().map(|&i| b[i]).collect())
                    .collect();
                (name.clone(), list)
            })
            .collect();
        let out_dims = permutation
            .iter()
            .map(|&i| self.out_dims[i].clone())
            .collect();
        LinearLayout::new(bases, out_dims, false)
    }

    /// Triton's `reshapeIns`: all input bits in order, cut into `dims` (name, size).
    ///
    /// # Errors
    /// Sizes that are not powers of two or whose product is not the input size.
    pub fn reshape_ins(&self, dims: &[(&str, u32)]) -> Result<LinearLayout, LayoutError> {
        let mut flat = self.bases.iter().flat_map(|(_, list)| list.iter().cloned());
        let mut bases = Vec::with_capacity(dims.len());
        let mut total = 0u32;
        for (name, size) in dims {
            let bits = log2_of_power("reshapeIns", u64::from(*size))?;
            total += bits;
            if total > self.total_in_bits() {
                break;
            }
            bases.push((
                name.to_string(),
                flat.by_ref().take(bits as usize).collect(),
            ));
        }
        if total != self.total_in_bits() {
            return Err(bad(
                "reshapeIns",
                format!("{dims:?}"),
                format!("sizes whose product is 2^{}", self.total_in_bits()),
            ));
        }
        LinearLayout::new(bases, self.out_dims.clone(), false)
    }

    /// Triton's `reshapeOuts`: each basis read as one number (the first output dimension
    /// lowest), then cut into `dims` (name, size).
    ///
    /// # Errors
    /// Sizes that are not powers of two or whose product is not the output size.
    pub fn reshape_outs(&self, dims: &[(&str, u32)]) -> Result<LinearLayout, LayoutError> {
        let mut total = 0u32;
        for (_, size) in dims {
            total += log2_of_power("reshapeOuts", u64::from(*size))?;
        }
        if total != self.total_out_bits() {
            return Err(bad(
                "reshapeOuts",
                format!("{dims:?}"),
                format!("sizes whose product is 2^{}", self.total_out_bits()),
            ));
        }
        let bases = self
            .bases
            .iter()
            .map(|(name, list)| {
                let list = list
                    .iter()
                    .map(|basis| {
                        let mut flat = 0u64;
                        let mut shift = 0u32;
                        for (value, (_, size)) in basis.iter().zip(&self.out_dims) {
                            flat |= u64::from(*value) << shift;
                            shift += size.trailing_zeros();
                        }
                        dims.iter()
                            .map(|(_, size)| {
                                let value = (flat % u64::from(*size)) as u32;
                                flat /= u64::from(*size);
                                value
                            })
                            .collect()
                    })
                    .collect();
                (name.clone(), list)
            })
            .collect();
        let out_dims = dims.iter().map(|(n, s)| (n.to_string(), *s)).collect();
        LinearLayout::new(bases, out_dims, false)
    }

    /// Triton's `sublayout`: only the named dimensions, in this layout's order; sizes kept.
    ///
    /// # Errors
    /// A name that is not a dimension of the layout.
    pub fn sublayout(&self, ins: &[&str], outs: &[&str]) -> Result<LinearLayout, LayoutError> {
        if let Some(name) = ins.iter().find(|n| !self.has_in_dim(n)) {
            return Err(bad(
                "sublayout",
                format!("in dim {name}"),
                format!("one of {:?}", self.in_dims().collect::<Vec<_>>()),
            ));
        }
        if let Some(name) = outs.iter().find(|n| !self.has_out_dim(n)) {
            return Err(bad(
                "sublayout",
                format!("out dim {name}"),
                format!("one of {:?}", self.out_dims().collect::<Vec<_>>()),
            ));
        }
        let keep: Vec<usize> = (0..self.out_dims.len())
            .filter(|&i| outs.contains(&self.out_dims[i].0.as_str()))
            .collect();
        let bases = self
            .bases
            .iter()
            .filter(|(name, _)| ins.contains(&name.as_str()))
            .map(|(name, list)| {
                (
                    name.clone(),
                    list.iter()
                        .map(|b| keep.iter().map(|&i| b[i]).collect())
                        .collect(),
                )
            })
            .collect();
        let out_dims = keep.iter().map(|&i| self.out_dims[i].clone()).collect();
        LinearLayout::new(bases, out_dims, false)
    }

    /// Triton's `compose`: `outer ∘ self`, `outer(self(x))`.
    ///
    /// # Errors
    /// `outer`'s inputs are not this layout's outputs (any order), or one is smaller than the
    /// output it receives.
    pub fn compose(&self, outer: &LinearLayout) -> Result<LinearLayout, LayoutError> {
        let mine: Vec<&str> = self.out_dims().collect();
        outer.require_same_dims("compose", &mine, outer.in_dims().collect())?;
        for (name, size) in &self.out_dims {
            let bits = outer.in_dim_bits(name).unwrap_or(0);
            if size.trailing_zeros() > bits {
                return Err(bad(
                    "compose",
                    format!("{name} of size {size}"),
                    format!("at most the size of outer's input {name}, 2^{bits}"),
                ));
            }
        }
        let mut bases = Vec::with_capacity(self.bases.len());
        for (name, list) in &self.bases {
            let mut mapped = Vec::with_capacity(list.len());
            for basis in list {
                let ins: Vec<(&str, u32)> =
                    mine.iter().copied().zip(basis.iter().copied()).collect();
                mapped.push(outer.apply(&ins)?.into_iter().map(|(_, v)| v).collect());
            }
            bases.push((name.clone(), mapped));
        }
        LinearLayout::new(bases, outer.out_dims.clone(), false)
    }
}

impl LinearLayout {
    /// Triton 3.6's `LinearLayout::toString()` (what Python's `str` of a layout returns), byte
    /// for byte: a newline, then per input dimension ` - register=1 -> (0, 1)` and
    /// `   register=2 -> (8, 0)` lines (` - block is a size 1 dimension` when it has no
    /// bases), then `where out dims are: [dim0 (size 64), dim1 (size 16)]` with no newline
    /// after; `\n(empty layout with out-dims [...])` without input dimensions, and
    /// `\n(empty layout)` without any dimension.
    pub fn to_triton_string(&self) -> String {
        let sizes: Vec<String> = self
            .out_dims
            .iter()
            .map(|(name, size)| format!("{name} (size {size})"))
            .collect();
        let out_dims = format!("[{}]", sizes.join(", "));
        if self.bases.is_empty() {
            return if self.out_dims.is_empty() {
                "\n(empty layout)".to_string()
            } else {
                format!("\n(empty layout with out-dims {out_dims})")
            };
        }
        let mut text = String::from("\n");
        for (name, list) in &self.bases {
            if list.is_empty() {
                text += &format!(" - {name} is a size 1 dimension\n");
                continue;
            }
            let lines: Vec<String> = list
                .iter()
                .enumerate()
                .map(|(k, basis)| {
                    let values: Vec<String> = basis.iter().map(u32::to_string).collect();
                    format!("{name}={} -> ({})", 1u64 << k, values.join(", "))
                })
                .collect();
            text += &format!(" - {}\n", lines.join("\n   "));
        }
        text + "where out dims are: " + &out_dims
    }
}

impl std::fmt::Display for LinearLayout {
    /// One line: `register=[[0, 1], [8, 0]] lane=[] -> dim0:16 dim1:8`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (name, list) in &self.bases {
            write!(f, "{name}={list:?} ")?;
        }
        write!(f, "->")?;
        for (name, size) in &self.out_dims {
            write!(f, " {name}:{size}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
