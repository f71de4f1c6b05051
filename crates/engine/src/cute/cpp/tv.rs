//! The rest of CuTe C++'s layout algebra that thread-value layouts are built with (CUTLASS 4.2
//! `cute/layout.hpp`): `make_layout(a, b)`, `right_inverse`, `zipped_product` /
//! `tiled_product`, `raked_product`, `with_shape`, `zip`, `coalesce` by a profile, and `get` /
//! slices by `_` of nested modes.

use crate::error::LayoutError;

use super::algebra::CppLayout;
use super::int::{refused, CppInt, CppTuple};

fn tuple_of(v: Vec<CppInt>) -> CppTuple {
    CppTuple::Tuple(v.into_iter().map(CppTuple::Int).collect())
}

impl CppLayout {
    /// `make_layout(l0, l1, …)`: the layouts as the modes of one.
    pub fn from_layouts(modes: Vec<CppLayout>) -> CppLayout {
        CppLayout::from_modes(modes)
    }

    /// The modes of this layout (`[self]` for an integer shape).
    pub fn layout_modes(&self) -> Vec<CppLayout> {
        self.shape()
            .modes()
            .into_iter()
            .zip(self.stride().modes())
            .filter_map(|(s, d)| CppLayout::new(s, d).ok())
            .collect()
    }

    /// `right_inverse(L)`: the layout `R` with `L(R(i)) = i` on the largest prefix of the
    /// codomain `L` covers contiguously (dynamic strides are left out, as CuTe does).
    ///
    /// # Errors
    /// `Overflow`.
    pub fn right_inverse(&self) -> Result<CppLayout, LayoutError> {
        let coalesced = self.coalesce()?;
        let shape = coalesced.shape().leaves();
        let stride = coalesced.stride().leaves();
        let mut prefix = Vec::with_capacity(shape.len());
        let mut running = CppInt::fixed(1);
        for s in &shape {
            prefix.push(running);
            running = running.checked_mul(*s)?;
        }
        let mut order: Vec<usize> = (0..stride.len())
            .filter(|&i| stride[i].is_static())
            .collect();
        order.sort_by_key(|&i| stride[i].value());
        let mut result_shape = vec![CppInt::fixed(1)];
        let mut result_stride = vec![CppInt::fixed(0)];
        let mut current = CppInt::fixed(1);
        for i in order {
            if current.is_static() && current.value() == stride[i].value() {
                result_shape.push(shape[i]);
                result_stride.push(prefix[i]);
                current = shape[i].checked_mul(stride[i])?;
            }
        }
        CppLayout::new(tuple_of(result_shape), tuple_of(result_stride))?.coalesce()
    }

    /// `left_inverse(L)`: `right_inverse(make_layout(L, complement(L)))`, the layout `R` with
    /// `R(L(i)) = i` over `L`'s domain.
    ///
    /// # Errors
    /// `Overflow`; what `complement` refuses.
    pub fn left_inverse(&self) -> Result<CppLayout, LayoutError> {
        let complement = self.complement(&CppTuple::Int(self.cosize()?))?;
        CppLayout::from_layouts(vec![self.clone(), complement]).right_inverse()
    }

    /// `zipped_product(block, tiler)` for a layout tiler: `logical_product`, `(block, rest)`.
    /// `tiled_product` unpacks the rest: `(block, r0, r1, …)`.
    ///
    /// # Errors
    /// As [`CppLayout::logical_product`].
    pub fn tiled_product(&self, tiler: &CppLayout) -> Result<CppLayout, LayoutError> {
        let product = self.logical_product(tiler)?;
        let mut modes = vec![product.mode(0)?];
        modes.extend(product.mode(1)?.layout_modes());
        Ok(CppLayout::from_layouts(modes))
    }

    /// `append<n>(layout)`: padded with `_1:_0` modes to rank `n` (an integer shape becomes
    /// a 1-tuple first when `n > 1`).
    pub fn appended_to(&self, n: usize) -> CppLayout {
        let mut modes = self.layout_modes();
        if n <= modes.len() {
            return self.clone();
        }
        let unit = CppLayout::int(CppInt::fixed(1), CppInt::fixed(0));
        modes.resize(n, unit);
        CppLayout::from_layouts(modes)
    }

    /// `raked_product(block, tiler)`: the logical product, each mode of the tiler's rest zipped
    /// with the same mode of the block, `((t0,b0),(t1,b1),…)`.
    ///
    /// # Errors
    /// As [`CppLayout::logical_product`].
    pub fn raked_product(&self, tiler: &CppLayout) -> Result<CppLayout, LayoutError> {
        let rank = self.rank().max(tiler.rank());
        let product = self
            .appended_to(rank)
            .logical_product(&tiler.appended_to(rank))?;
        zip_layouts(&product.mode(1)?, &product.mode(0)?)
    }

    /// `with_shape(shape) = composition(L, make_layout(shape))`.
    ///
    /// # Errors
    /// As [`CppLayout::compose`].
    pub fn with_shape(&self, shape: CppTuple) -> Result<CppLayout, LayoutError> {
        self.compose(&CppLayout::compact(shape)?)
    }

    /// `zip(L)` of a rank-2 layout of rank-2 modes: `((a,b),(c,d))` becomes `((a,c),(b,d))`.
    ///
    /// # Errors
    /// A layout that is not of that form.
    pub fn zip2(&self) -> Result<CppLayout, LayoutError> {
        let modes = self.layout_modes();
        match modes.as_slice() {
            [a, b] => zip_layouts(a, b),
            _ => Err(refused("zip", "a rank-2 layout")),
        }
    }

    /// Mode `path[0]`, then its mode `path[1]`, … (`get<i, j>(layout)`).
    ///
    /// # Errors
    /// An index past a mode's rank.
    pub fn mode_at(&self, path: &[usize]) -> Result<CppLayout, LayoutError> {
        let mut out = self.clone();
        for &i in path {
            out = out.mode(i)?;
        }
        Ok(out)
    }

    /// `size<i>(layout)`.
    ///
    /// # Errors
    /// An index past the rank; `Overflow`.
    pub fn mode_size(&self, i: usize) -> Result<CppInt, LayoutError> {
        self.mode(i)?.size()
    }
}

/// `zip(a, b)` of two layouts of equal rank: `((a0,b0),(a1,b1),…)`.
fn zip_layouts(a: &CppLayout, b: &CppLayout) -> Result<CppLayout, LayoutError> {
    let (ma, mb) = (a.layout_modes(), b.layout_modes());
    if ma.len() != mb.len() {
        return Err(refused("zip", "layouts of the same rank"));
    }
    Ok(CppLayout::from_layouts(
        ma.into_iter()
            .zip(mb)
            .map(|(x, y)| CppLayout::from_layouts(vec![x, y]))
            .collect(),
    ))
}
