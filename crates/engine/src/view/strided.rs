//! A strided view with a rectangular validity mask, exactly as tinygrad 0.11.0's `View`.
//!
//! `offset_from_coord(i) = offset + Σ_k strides[k]·i[k]` for a coordinate `i` in the shape, and
//! `i` is valid iff `mask[k].0 <= i[k] < mask[k].1` for every `k` (half-open ranges).
//! A `View` is only built through [`View::create`], which canonicalises like tinygrad's
//! `View.create`, so two views with the same fields always mean the same thing.

use crate::error::{Field, LayoutError};

/// Half-open valid range `[begin, end)` of one dimension.
pub type Range = (i64, i64);

/// A strided, masked view in tinygrad's canonical form: coordinate `i` of `shape` is at
/// `offset + Σ_k strides[k]·i[k]` and valid iff it lies in `mask`. Only [`View::create`] builds
/// one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View {
    shape: Vec<i64>,
    strides: Vec<i64>,
    offset: i64,
    mask: Option<Vec<Range>>,
    contiguous: bool,
}

/// Row-major strides of a contiguous buffer of `shape`, with size-1 dims at stride 0
/// (tinygrad `strides_for_shape`).
///
/// # Errors
/// `Overflow` when a stride product does not fit in an `i64`.
pub fn strides_for_shape(shape: &[i64]) -> Result<Vec<i64>, LayoutError> {
    let mut strides = vec![0; shape.len()];
    let mut acc: i64 = 1;
    for (axis, &dim) in shape.iter().enumerate().rev() {
        strides[axis] = if dim == 1 { 0 } else { acc };
        acc = acc.checked_mul(dim.max(1)).ok_or(LayoutError::Overflow {
            what: "the product of the shape",
        })?;
    }
    Ok(strides)
}

impl View {
    /// The canonical view of `shape` with optional `strides`, `offset` and `mask`
    /// (tinygrad `View.create`):
    /// - size-1 dims get stride 0; a shape containing 0 becomes strides 0, offset 0, no mask;
    /// - a mask covering every dim fully is dropped;
    /// - a dim whose mask admits at most one index gets stride 0, its offset folded in;
    /// - any empty mask range makes every range `(0,0)`, every stride 0 and the offset 0;
    /// - `contiguous` iff offset 0, no mask and row-major strides.
    ///
    /// # Errors
    /// `NegativeDim`, `RankMismatch` for strides or mask, `MaskOutOfRange` unless
    /// `0 <= begin <= end <= dim`, and `Overflow` when an address can leave the `i64` range.
    pub fn create(
        shape: &[i64],
        strides: Option<&[i64]>,
        offset: i64,
        mask: Option<&[Range]>,
    ) -> Result<View, LayoutError> {
        check_shape(shape)?;
        if let Some(strides) = strides {
            check_rank(Field::Strides, shape.len(), strides.len())?;
        }
        if let Some(mask) = mask {
            check_rank(Field::Mask, shape.len(), mask.len())?;
            for (axis, (&(begin, end), &dim)) in mask.iter().zip(shape).enumerate() {
                if !(0 <= begin && begin <= end && end <= dim) {
                    return Err(LayoutError::MaskOutOfRange {
                        axis,
                        begin,
                        end,
                        dim,
                    });
                }
            }
        }
        Self::canonical(shape, strides, offset, mask)
    }

    /// The contiguous row-major view of `shape` (tinygrad `View.create(shape)`).
    ///
    /// # Errors
    /// As [`View::create`].
    pub fn contiguous_of(shape: &[i64]) -> Result<View, LayoutError> {
        Self::create(shape, None, 0, None)
    }

    /// Canonicalisation without the user-facing mask checks: movement ops may produce ranges with
    /// `begin > end`, which tinygrad treats as empty.
    pub(crate) fn canonical(
        shape: &[i64],
        strides: Option<&[i64]>,
        offset: i64,
        mask: Option<&[Range]>,
    ) -> Result<View, LayoutError> {
        check_shape(shape)?;
        checked_product(shape)?;
        let rank = shape.len();
        // tinygrad: `canonicalize_strides(shape, strides) if strides else strides_for_shape(shape)`;
        // an empty tuple is falsy, which only matters at rank 0 where both agree.
        let mut strides: Vec<i64> = match strides {
            Some(given) if !given.is_empty() => shape
                .iter()
                .zip(given)
                .map(|(&dim, &stride)| if dim == 1 { 0 } else { stride })
                .collect(),
            _ => strides_for_shape(shape)?,
        };
        if shape.contains(&0) {
            return Ok(View {
                shape: shape.to_vec(),
                strides: vec![0; rank],
                offset: 0,
                mask: None,
                contiguous: true,
            });
        }
        let mut offset = offset;
        let mut mask: Option<Vec<Range>> = mask
            .filter(|m| {
                !m.iter()
                    .zip(shape)
                    .all(|(&(b, e), &dim)| b == 0 && e == dim)
            })
            .map(<[Range]>::to_vec);
        if let Some(ranges) = mask.as_mut() {
            let single: Vec<bool> = ranges
                .iter()
                .map(|&(b, e)| b.saturating_add(1) >= e)
                .collect();
            if single.iter().any(|&s| s) {
                if ranges.iter().any(|&(b, e)| b >= e) {
                    strides = vec![0; rank];
                    offset = 0;
                    *ranges = vec![(0, 0); rank];
                }
                for (axis, &is_single) in single.iter().enumerate() {
                    if is_single {
                        let shift = strides[axis]
                            .checked_mul(ranges[axis].0)
                            .and_then(|s| s.checked_add(offset))
                            .ok_or(LayoutError::Overflow {
                                what: "the view offset",
                            })?;
                        offset = shift;
                        strides[axis] = 0;
                    }
                }
            }
        }
        let contiguous = offset == 0 && mask.is_none() && strides == strides_for_shape(shape)?;
        let view = View {
            shape: shape.to_vec(),
            strides,
            offset,
            mask,
            contiguous,
        };
        view.address_bounds()?;
        Ok(view)
    }

    /// Size of each dimension; the view has `Π shape` logical elements.
    pub fn shape(&self) -> &[i64] {
        &self.shape
    }
    /// Elements moved per step along each dimension; canonically 0 where the dimension is 1.
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }
    /// Offset of the coordinate `(0,…,0)`, in elements (it may itself be masked).
    pub fn offset(&self) -> i64 {
        self.offset
    }
    /// Valid range `[begin, end)` of each dimension; `None` when every coordinate is valid
    /// (a mask covering the whole shape is dropped).
    pub fn mask(&self) -> Option<&[Range]> {
        self.mask.as_deref()
    }
    /// Whether this is the plain row-major buffer of its shape: offset 0, no mask, strides
    /// [`strides_for_shape`] (tinygrad's `View.contiguous`).
    pub fn is_contiguous(&self) -> bool {
        self.contiguous
    }
    /// Number of dimensions.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// Number of logical elements, `Π shape` (1 at rank 0).
    ///
    /// # Errors
    /// `Overflow` when the product does not fit in an `i64`.
    pub fn size(&self) -> Result<i64, LayoutError> {
        checked_product(&self.shape)
    }

    /// Valid range of dimension `axis` (the whole dim when there is no mask).
    pub fn valid_range(&self, axis: usize) -> Range {
        self.mask
            .as_ref()
            .map_or((0, self.shape[axis]), |mask| mask[axis])
    }

    /// Lowest and highest address over every coordinate of the shape, valid or not, or `None` for
    /// a view with no elements. Fails when either bound leaves the `i64` range.
    pub fn address_bounds(&self) -> Result<Option<(i64, i64)>, LayoutError> {
        if self.shape.contains(&0) {
            return Ok(None);
        }
        let mut low = i128::from(self.offset);
        let mut high = low;
        for (&dim, &stride) in self.shape.iter().zip(&self.strides) {
            let reach = i128::from(stride) * i128::from(dim - 1);
            if reach < 0 {
                low += reach;
            } else {
                high += reach;
            }
        }
        let fit = |v: i128| {
            i64::try_from(v).map_err(|_| LayoutError::Overflow {
                what: "an address of the view",
            })
        };
        Ok(Some((fit(low)?, fit(high)?)))
    }

    /// The strides when the view is a plain strided layout: `None` while a mask restricts it
    /// (the symbolic View API's `strides_opt`).
    pub fn strides_opt(&self) -> Option<&[i64]> {
        self.mask.is_none().then_some(self.strides.as_slice())
    }

    /// The symbolic View API's `can_get_strides`.
    pub fn can_get_strides(&self) -> bool {
        self.strides_opt().is_some()
    }

    /// Concrete sizes and plain strides (the symbolic View API's `is_materializable`).
    pub fn is_materializable(&self) -> bool {
        self.can_get_strides()
    }

    /// `offset + Σ indices[k]·strides[k]`, mask ignored (the symbolic View API's `linear_index`).
    ///
    /// # Errors
    /// `RankMismatch` for the wrong number of indices; `Overflow`.
    pub fn linear_index(&self, indices: &[i64]) -> Result<i64, LayoutError> {
        check_rank(Field::Shape, self.rank(), indices.len())?;
        let value = indices
            .iter()
            .zip(&self.strides)
            .fold(i128::from(self.offset), |acc, (&i, &s)| {
                acc + i128::from(i) * i128::from(s)
            });
        i64::try_from(value).map_err(|_| LayoutError::Overflow {
            what: "a linear index",
        })
    }

    /// Whether the coordinate is inside the mask.
    pub fn is_valid(&self, coord: &[i64]) -> bool {
        match &self.mask {
            None => true,
            Some(mask) => coord.iter().zip(mask).all(|(&i, &(b, e))| b <= i && i < e),
        }
    }

    /// `offset + Σ strides[k]·coord[k]`, or `None` where the coordinate is masked.
    /// The coordinate must lie inside the shape: [`View::create`] has checked that every such
    /// address fits in an `i64`, though partial sums may not (`(3,):(2^62,)` at offset -1 reaches
    /// `i64::MAX` only after the offset), so the sum is taken in `i128`.
    pub fn offset_from_coord(&self, coord: &[i64]) -> Option<i64> {
        debug_assert_eq!(coord.len(), self.rank());
        if !self.is_valid(coord) {
            return None;
        }
        let address = coord
            .iter()
            .zip(&self.strides)
            .fold(i128::from(self.offset), |acc, (&i, &s)| {
                acc + i128::from(i) * i128::from(s)
            });
        i64::try_from(address).ok()
    }

    /// The address of every logical element in row-major order, `None` where masked.
    ///
    /// # Errors
    /// `TooLarge` above `limit` elements, `Overflow` when the size does not fit.
    pub fn offsets(&self, limit: usize) -> Result<Vec<Option<i64>>, LayoutError> {
        let size = self.size()?;
        if size as u128 > limit as u128 {
            return Err(LayoutError::TooLarge {
                what: "the view",
                size: size as u128,
                limit: limit as u128,
            });
        }
        let mut out = Vec::with_capacity(size as usize);
        self.for_each_address(|address| out.push(address));
        Ok(out)
    }

    /// Calls `f` with the address of every logical element in row-major order (`None` where
    /// masked), as [`View::offset_from_coord`] gives it, without building coordinates: the
    /// innermost dimension is a strided run, the outer ones an odometer that counts the dims
    /// outside the mask. When `|offset| + Σ |stride|·(size-1)` fits in an `i64` no partial sum
    /// can overflow and the walk runs in `i64`; otherwise in `i128`.
    pub fn for_each_address(&self, mut f: impl FnMut(Option<i64>)) {
        let rank = self.rank();
        if self.shape.iter().any(|&d| d <= 0) {
            return;
        }
        if rank == 0 {
            f(Some(self.offset));
            return;
        }
        let full: Vec<(i64, i64)> = self.shape.iter().map(|&d| (0, d)).collect();
        let mask = self.mask.as_deref().unwrap_or(&full);
        let bound = self
            .shape
            .iter()
            .zip(&self.strides)
            .try_fold(
                self.offset.checked_abs().unwrap_or(i64::MAX),
                |acc, (&d, &s)| (d - 1).checked_mul(s.checked_abs()?)?.checked_add(acc),
            )
            .filter(|&b| b < i64::MAX);
        let inner = rank - 1;
        let (n, stride, (lo, hi)) = (self.shape[inner], self.strides[inner], mask[inner]);
        let mut coord = vec![0i64; inner];
        // dims among the outer ones whose coordinate lies outside the mask
        let mut outside = (0..inner)
            .filter(|&k| !(mask[k].0 <= 0 && 0 < mask[k].1))
            .count();
        let mut base = i128::from(self.offset);
        loop {
            if outside > 0 {
                (0..n).for_each(|_| f(None));
            } else if bound.is_some() {
                // base fits: it is a partial sum under the bound
                let start = base as i64;
                for c in 0..n {
                    f((lo <= c && c < hi).then(|| start + c * stride));
                }
            } else {
                for c in 0..n {
                    let address = base + i128::from(c) * i128::from(stride);
                    f((lo <= c && c < hi)
                        .then(|| i64::try_from(address).ok())
                        .flatten());
                }
            }
            // the next outer coordinate, row-major
            let mut axis = inner;
            loop {
                if axis == 0 {
                    return;
                }
                axis -= 1;
                let (b, e) = mask[axis];
                let was_inside = b <= coord[axis] && coord[axis] < e;
                coord[axis] += 1;
                base += i128::from(self.strides[axis]);
                if coord[axis] == self.shape[axis] {
                    coord[axis] = 0;
                    base -= i128::from(self.strides[axis]) * i128::from(self.shape[axis]);
                }
                let now_inside = b <= coord[axis] && coord[axis] < e;
                outside = outside + usize::from(was_inside && !now_inside)
                    - usize::from(!was_inside && now_inside);
                if coord[axis] != 0 {
                    break;
                }
            }
        }
    }

    /// The address of the element at row-major index `index` of this view (unravelled as
    /// tinygrad does, with floor division), `None` where masked: a lower view of a stack read
    /// at an upper view's address.
    pub fn address_at_index(&self, index: i64) -> Option<i64> {
        let mut acc: i64 = 1;
        let mut address = i128::from(self.offset);
        for axis in (0..self.rank()).rev() {
            let d = self.shape[axis].max(1);
            let c =
                crate::support::arith::floor_mod(crate::support::arith::floor_div(index, acc), d);
            if let Some(mask) = &self.mask {
                if c < mask[axis].0 || c >= mask[axis].1 {
                    return None;
                }
            }
            address += i128::from(c) * i128::from(self.strides[axis]);
            acc = acc.saturating_mul(d);
        }
        i64::try_from(address).ok()
    }
}

impl std::fmt::Display for View {
    /// tinygrad's repr: `View(shape=(4,), strides=(1,), offset=0, mask=None, contiguous=True)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mask = match &self.mask {
            None => "None".to_string(),
            Some(ranges) => python_tuple(ranges.iter().map(|(b, e)| format!("({b}, {e})"))),
        };
        write!(
            f,
            "View(shape={}, strides={}, offset={}, mask={mask}, contiguous={})",
            python_tuple(self.shape.iter().map(i64::to_string)),
            python_tuple(self.strides.iter().map(i64::to_string)),
            self.offset,
            if self.contiguous { "True" } else { "False" }
        )
    }
}

/// Python's tuple syntax: `()`, `(4,)`, `(4, 2)`.
pub fn python_tuple(items: impl Iterator<Item = String>) -> String {
    let items: Vec<String> = items.collect();
    match items.len() {
        1 => format!("({},)", items[0]),
        _ => format!("({})", items.join(", ")),
    }
}

/// `Π values`, checked.
pub fn checked_product(values: &[i64]) -> Result<i64, LayoutError> {
    values.iter().try_fold(1i64, |acc, &d| {
        acc.checked_mul(d).ok_or(LayoutError::Overflow {
            what: "the size of the shape",
        })
    })
}

fn check_shape(shape: &[i64]) -> Result<(), LayoutError> {
    match shape.iter().position(|&d| d < 0) {
        Some(axis) => Err(LayoutError::NegativeDim {
            axis,
            value: shape[axis],
        }),
        None => Ok(()),
    }
}

fn check_rank(field: Field, expected: usize, found: usize) -> Result<(), LayoutError> {
    if expected == found {
        Ok(())
    } else {
        Err(LayoutError::RankMismatch {
            field,
            expected,
            found,
        })
    }
}

/// Every coordinate of a shape in row-major (C) order; one empty coordinate at rank 0, none when
/// a dim is 0.
#[derive(Clone, Debug)]
pub struct RowMajor {
    shape: Vec<i64>,
    next: Option<Vec<i64>>,
}

impl RowMajor {
    /// The coordinates of `shape`, from `(0,…,0)`.
    pub fn new(shape: &[i64]) -> RowMajor {
        let empty = shape.iter().any(|&d| d <= 0);
        RowMajor {
            shape: shape.to_vec(),
            next: (!empty).then(|| vec![0; shape.len()]),
        }
    }
}

impl Iterator for RowMajor {
    type Item = Vec<i64>;

    fn next(&mut self) -> Option<Vec<i64>> {
        let current = self.next.take()?;
        let mut following = current.clone();
        for axis in (0..following.len()).rev() {
            following[axis] += 1;
            if following[axis] < self.shape[axis] {
                self.next = Some(following);
                break;
            }
            following[axis] = 0;
        }
        Some(current)
    }
}

/// The row-major coordinate of linear index `index` in `shape` (tinygrad `unravel`).
pub fn coord_from_index(shape: &[i64], mut index: i64) -> Vec<i64> {
    let mut coord = vec![0; shape.len()];
    for axis in (0..shape.len()).rev() {
        let dim = shape[axis].max(1);
        coord[axis] = index % dim;
        index /= dim;
    }
    coord
}

/// The row-major linear index of `coord` in `shape`: the inverse of [`coord_from_index`].
pub fn index_from_coord(shape: &[i64], coord: &[i64]) -> i64 {
    coord
        .iter()
        .zip(shape)
        .fold(0i64, |acc, (&c, &d)| acc * d + c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linear_indices_and_coordinates_invert_each_other() {
        let shape = [3, 1, 4, 2];
        for (index, coord) in RowMajor::new(&shape).enumerate() {
            assert_eq!(index_from_coord(&shape, &coord), index as i64);
            assert_eq!(coord_from_index(&shape, index as i64), coord);
        }
    }

    #[track_caller]
    fn check(
        shape: &[i64],
        strides: Option<&[i64]>,
        offset: i64,
        mask: Option<&[Range]>,
        expect: (&[i64], i64, Option<&[Range]>, bool),
    ) {
        let view = View::create(shape, strides, offset, mask).unwrap();
        assert_eq!(
            (
                view.strides(),
                view.offset(),
                view.mask(),
                view.is_contiguous()
            ),
            expect
        );
    }

    #[test]
    fn canonical_forms() {
        check(&[2, 3], None, 0, None, (&[3, 1], 0, None, true));
        check(&[4, 1], Some(&[1, 9]), 0, None, (&[1, 0], 0, None, true));
        check(&[4, 1], Some(&[2, 9]), 0, None, (&[2, 0], 0, None, false));
        check(&[4], Some(&[1]), 0, Some(&[(0, 4)]), (&[1], 0, None, true));
        // a single valid index folds its stride into the offset
        check(
            &[6],
            Some(&[11]),
            0,
            Some(&[(2, 3)]),
            (&[0], 22, Some(&[(2, 3)]), false),
        );
        // an empty range empties everything
        check(
            &[3, 4],
            Some(&[4, 1]),
            5,
            Some(&[(1, 1), (0, 4)]),
            (&[0, 0], 0, Some(&[(0, 0), (0, 0)]), false),
        );
        check(&[2, 0], Some(&[7, 7]), 3, None, (&[0, 0], 0, None, true));
        check(&[], None, 7, None, (&[], 7, None, false));
    }

    #[test]
    fn bad_input_is_typed() {
        assert_eq!(
            View::create(&[2, -1], None, 0, None),
            Err(LayoutError::NegativeDim { axis: 1, value: -1 })
        );
        assert!(matches!(
            View::create(&[2, 2], Some(&[1]), 0, None),
            Err(LayoutError::RankMismatch {
                field: Field::Strides,
                expected: 2,
                found: 1
            })
        ));
        assert!(matches!(
            View::create(&[2, 2], None, 0, Some(&[(0, 3), (0, 2)])),
            Err(LayoutError::MaskOutOfRange { axis: 0, .. })
        ));
        assert!(matches!(
            View::create(&[1 << 40, 1 << 40], Some(&[1 << 40, 1]), 0, None),
            Err(LayoutError::Overflow { .. })
        ));
    }

    #[test]
    fn seed_001_queries() {
        let view = View::create(&[2, 3], Some(&[3, 1]), 5, None).unwrap();
        assert_eq!(view.linear_index(&[1, 2]), Ok(10));
        assert!(view.linear_index(&[1]).is_err());
        assert_eq!(view.strides_opt(), Some(&[3, 1][..]));
        let padded = View::create(&[2, 3], None, 0, Some(&[(0, 1), (0, 3)])).unwrap();
        assert!(!padded.can_get_strides() && !padded.is_materializable());
    }

    #[test]
    fn tinygrad_repr() {
        let view = View::create(&[4], None, 0, None).unwrap();
        assert_eq!(
            view.to_string(),
            "View(shape=(4,), strides=(1,), offset=0, mask=None, contiguous=True)"
        );
        let view = View::create(&[2, 3], Some(&[3, 1]), 1, Some(&[(0, 1), (1, 3)])).unwrap();
        assert_eq!(
            view.to_string(),
            "View(shape=(2, 3), strides=(0, 1), offset=1, mask=((0, 1), (1, 3)), contiguous=False)"
        );
    }

    #[test]
    fn addresses_near_the_limit_do_not_overflow_on_the_way() {
        let view = View::create(&[3], Some(&[1 << 62]), -1, None).unwrap();
        assert_eq!(view.offset_from_coord(&[2]), Some(i64::MAX));
        assert!(
            View::create(&[3], Some(&[1 << 62]), 0, None).is_err(),
            "one past the limit"
        );
    }

    #[test]
    fn row_major_order() {
        let all: Vec<_> = RowMajor::new(&[2, 2]).collect();
        assert_eq!(all, vec![vec![0, 0], vec![0, 1], vec![1, 0], vec![1, 1]]);
        assert_eq!(RowMajor::new(&[]).count(), 1);
        assert_eq!(RowMajor::new(&[3, 0]).count(), 0);
        assert_eq!(coord_from_index(&[2, 3], 4), vec![1, 1]);
    }
}
