//! Merging two stacked views into one, exactly as tinygrad 0.11.0's `View.__add__`
//! (`vm2 + vm1`: `vm1` indexes into the buffer that `vm2` describes).
//!
//! tinygrad decides its symbolic conditions from the bounds of linear forms in `vm1`'s indices;
//! `Linear` computes those bounds exactly.

use crate::error::LayoutError;
use crate::support::arith::{ceil_div, floor_div, floor_mod};
use crate::view::ops::Reshape;
use crate::view::{Range, View};

/// Deepest chain of recursive merge attempts; tinygrad's recursion always ends far sooner.
const MAX_MERGE_DEPTH: usize = 64;

/// `Σ coeffs[d]·idx_d + constant` with `0 <= idx_d < extents[d]`.
#[derive(Clone, Debug)]
struct Linear {
    coeffs: Vec<i128>,
    constant: i128,
}

impl Linear {
    fn zero(rank: usize) -> Linear {
        Linear {
            coeffs: vec![0; rank],
            constant: 0,
        }
    }

    fn bounds(&self, extents: &[i64]) -> (i128, i128) {
        let (mut low, mut high) = (self.constant, self.constant);
        for (&c, &n) in self.coeffs.iter().zip(extents) {
            let reach = c * i128::from((n - 1).max(0));
            if reach < 0 {
                low += reach;
            } else {
                high += reach;
            }
        }
        (low, high)
    }
}

/// tinygrad `unravel` with Python's floor semantics: the row-major coordinate of `offset`,
/// the outermost dim wrapping modulo its size.
pub fn unravel(shape: &[i64], offset: i64) -> Vec<i64> {
    let mut acc: i64 = 1;
    let mut coord = vec![0; shape.len()];
    for (axis, &d) in shape.iter().enumerate().rev() {
        coord[axis] = floor_mod(floor_div(offset, acc), d.max(1));
        acc = acc.saturating_mul(d.max(1));
    }
    coord
}

/// The single view equal to `vm1` read through `vm2`, or `None` where tinygrad finds none.
///
/// # Errors
/// `Overflow` when an intermediate address leaves the `i64` range.
pub fn merge_views(vm2: &View, vm1: &View) -> Result<Option<View>, LayoutError> {
    merge_at_depth(vm2, vm1, 0)
}

/// [`merge_views`] after `depth` recursive attempts; past [`MAX_MERGE_DEPTH`] there is none.
fn merge_at_depth(vm2: &View, vm1: &View, depth: usize) -> Result<Option<View>, LayoutError> {
    if depth > MAX_MERGE_DEPTH {
        return Ok(None);
    }
    if let Some(merged) = merge_without_projection(vm2, vm1)? {
        return Ok(Some(merged));
    }
    if let Some(mask) = vm1.mask() {
        return merge_masked_vm1(vm2, vm1, mask, depth);
    }
    let projection = Projection::of(vm2, vm1)?;
    let Some(extents) = projection.merged_extents(vm2.shape(), vm1.shape()) else {
        return Ok(None);
    };
    let merged_shape: Vec<i64> = extents
        .iter()
        .rev()
        .map(|(s, _)| i64::try_from(*s).unwrap_or(i64::MAX))
        .collect();
    if merged_shape != vm2.shape() {
        return match vm2.reshape(&merged_shape)? {
            Reshape::Fits(reshaped) if reshaped.shape() != vm2.shape() => {
                merge_at_depth(&reshaped, vm1, depth + 1)
            }
            _ => Ok(None),
        };
    }
    if let Some(mask2) = vm2.mask() {
        let Some((masked, violated)) = projection.mask_on_vm1(mask2, vm1.shape(), &extents) else {
            return Ok(None);
        };
        if masked.iter().zip(vm1.shape()).any(|(&r, &s)| r != (0, s)) {
            let remasked = View::canonical(
                vm1.shape(),
                Some(vm1.strides()),
                vm1.offset(),
                Some(&masked),
            )?;
            return merge_at_depth(vm2, &remasked, depth + 1);
        }
        if violated {
            return Ok(None);
        }
    }
    projection.into_view(vm2, vm1).map(Some)
}

/// The merge where no projection is needed: `vm1` itself through a contiguous `vm2` or when
/// empty, `vm2` itself under a contiguous `vm1` of its shape, or `vm2` reshaped to a contiguous
/// `vm1`'s shape of its size; `None` where none of these applies.
fn merge_without_projection(vm2: &View, vm1: &View) -> Result<Option<View>, LayoutError> {
    let vm1_size = vm1.size()?;
    if vm2.is_contiguous() || vm1_size == 0 {
        return Ok(Some(vm1.clone()));
    }
    if vm1.is_contiguous() && vm1.shape() == vm2.shape() {
        return Ok(Some(vm2.clone()));
    }
    if vm1.is_contiguous() && vm1_size == vm2.size()? {
        if let Reshape::Fits(view) = vm2.reshape(vm1.shape())? {
            return Ok(Some(view));
        }
    }
    Ok(None)
}

/// A masked `vm1` merges as its unmasked part merged, padded back out by the mask; `None`
/// where the mask cuts nothing or the unmasked part does not merge.
fn merge_masked_vm1(
    vm2: &View,
    vm1: &View,
    mask: &[Range],
    depth: usize,
) -> Result<Option<View>, LayoutError> {
    let unmasked = vm1.shrink(mask)?;
    if &unmasked == vm1 {
        return Ok(None);
    }
    let Some(merged) = merge_at_depth(vm2, &unmasked, depth + 1)? else {
        return Ok(None);
    };
    let pads: Vec<Range> = mask
        .iter()
        .zip(vm1.shape())
        .map(|(&(b, e), &s)| (b, s - e))
        .collect();
    merged.pad(&pads).map(Some)
}

/// `vm1`'s offset and strides projected onto `vm2`'s dims.
struct Projection {
    /// `vm1`'s offset unravelled into `vm2`'s shape.
    origin: Vec<i64>,
    /// For each of `vm2`'s dims, the `(vm1 dim, step)` of every `vm1` stride that moves it.
    terms: Vec<Vec<(usize, i64)>>,
    /// `vm1`'s strides in `vm2`'s buffer.
    strides: Vec<i128>,
}

impl Projection {
    /// Each nonzero stride of `vm1` unravelled into `vm2`'s shape, as steps from the origin.
    fn of(vm2: &View, vm1: &View) -> Result<Projection, LayoutError> {
        let origin = unravel(vm2.shape(), vm1.offset());
        let mut terms: Vec<Vec<(usize, i64)>> = vec![Vec::new(); vm2.rank()];
        let mut strides = vec![0i128; vm1.rank()];
        for (d1, &st) in vm1.strides().iter().enumerate() {
            if st == 0 {
                continue;
            }
            let moved = vm1.offset().checked_add(st).ok_or(LayoutError::Overflow {
                what: "a merged stride",
            })?;
            for (d2, (&o, &s1)) in origin.iter().zip(&unravel(vm2.shape(), moved)).enumerate() {
                let step = s1 - o;
                if step == 0 {
                    continue;
                }
                terms[d2].push((d1, step));
                strides[d1] += i128::from(step) * i128::from(vm2.strides()[d2]);
            }
        }
        Ok(Projection {
            origin,
            terms,
            strides,
        })
    }

    /// `vm2`'s dims merged, innermost first, where `vm1`'s terms carry across them: each
    /// merged size with the linear form of its index; `None` where the outermost terms do not
    /// close to zero.
    fn merged_extents(&self, vm2_shape: &[i64], vm1_shape: &[i64]) -> Option<Vec<(i128, Linear)>> {
        let rank1 = vm1_shape.len();
        let mut merged_size: i128 = 1;
        let mut merged_term = Linear::zero(rank1);
        let mut extents: Vec<(i128, Linear)> = Vec::new();
        for ((term, &s), &o) in self.terms.iter().zip(vm2_shape).zip(&self.origin).rev() {
            for &(d1, s1) in term {
                merged_term.coeffs[d1] += i128::from(s1) * merged_size;
            }
            merged_term.constant += i128::from(o) * merged_size;
            merged_size *= i128::from(s);
            let (low, high) = merged_term.bounds(vm1_shape);
            if high < merged_size && low >= 0 {
                extents.push((merged_size, merged_term));
                merged_size = 1;
                merged_term = Linear::zero(rank1);
            }
        }
        (merged_term.bounds(vm1_shape) == (0, 0)).then_some(extents)
    }

    /// `vm2`'s mask projected onto `vm1`'s dims, and whether some part of it cannot be; `None`
    /// where a dim no term of `vm1` moves is masked in part.
    fn mask_on_vm1(
        &self,
        mask2: &[Range],
        vm1_shape: &[i64],
        extents: &[(i128, Linear)],
    ) -> Option<(Vec<Range>, bool)> {
        let mut begin = vec![0i64; vm1_shape.len()];
        let mut end: Vec<i64> = vm1_shape.to_vec();
        let mut violated = false;
        for (((&(b, e), &o), term), (_, t)) in mask2
            .iter()
            .zip(&self.origin)
            .zip(&self.terms)
            .zip(extents.iter().rev())
        {
            let (low, high) = t.bounds(vm1_shape);
            if i128::from(b) <= low && high < i128::from(e) {
                continue;
            }
            match term.as_slice() {
                [(d1, s1)] => {
                    let (d1, s1) = (*d1, *s1);
                    begin[d1] = begin[d1].max(ceil_div(if s1 > 0 { b - o } else { e - o - 1 }, s1));
                    end[d1] =
                        end[d1].min(floor_div(if s1 < 0 { b - o } else { e - o - 1 }, s1) + 1);
                }
                [] if !end.is_empty() => {
                    if low != high {
                        return None;
                    }
                    end[0] = 0;
                }
                _ => violated = true,
            }
        }
        let masked: Vec<Range> = begin.into_iter().zip(end).collect();
        Some((masked, violated))
    }

    /// The merged view: `vm1`'s shape over the projected strides, at `vm2`'s address of the
    /// origin.
    fn into_view(self, vm2: &View, vm1: &View) -> Result<View, LayoutError> {
        let to_i64 = |v: i128| {
            i64::try_from(v).map_err(|_| LayoutError::Overflow {
                what: "a merged view",
            })
        };
        let strides: Vec<i64> = self
            .strides
            .into_iter()
            .map(to_i64)
            .collect::<Result<_, _>>()?;
        let offset: i128 = self
            .origin
            .iter()
            .zip(vm2.strides())
            .map(|(&o, &s)| i128::from(o) * i128::from(s))
            .sum::<i128>()
            + i128::from(vm2.offset());
        View::canonical(vm1.shape(), Some(&strides), to_i64(offset)?, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unravel_wraps_like_python() {
        assert_eq!(unravel(&[2, 3], 4), vec![1, 1]);
        assert_eq!(unravel(&[2, 3], -1), vec![1, 2]);
        assert_eq!(unravel(&[2, 3], 7), vec![0, 1]);
    }

    #[test]
    fn a_permuted_view_read_contiguously_merges_back() {
        let v2 = View::contiguous_of(&[4, 6])
            .unwrap()
            .permute(&[1, 0])
            .unwrap();
        let v1 = View::contiguous_of(&[6, 4]).unwrap();
        assert_eq!(merge_views(&v2, &v1).unwrap(), Some(v2.clone()));
        // transpose then a reshape that splits across: tinygrad finds no single view
        let v1 = View::contiguous_of(&[3, 8]).unwrap();
        assert_eq!(merge_views(&v2, &v1).unwrap(), None);
    }
}
