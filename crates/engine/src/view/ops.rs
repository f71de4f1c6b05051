//! Movement ops on a single [`View`], with tinygrad 0.11.0's semantics; `stride` follows
//! tinygrad <= 0.10 (the view maths' six movement ops). Every op goes through the canonicalising
//! constructor.
//!
//! Bad arguments are `Err(LayoutError::BadArgument)` naming the op, the argument and what was
//! expected. A reshape that is legal but that one view cannot express is
//! [`Reshape::NeedsNewView`], not an error.

use crate::error::LayoutError;
use crate::support::arith::{ceil_div, floor_div, floor_mod};
use crate::view::{checked_product, Range, View};

/// Outcome of reshaping one view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reshape {
    /// The reshaped view.
    Fits(View),
    /// The new shape is legal but this view cannot express it; a view stack appends a new one.
    NeedsNewView(NewViewReason),
}

/// Why a single view cannot express a reshape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewViewReason {
    /// The new dims cut across dims whose strides do not merge (e.g. a transposed view).
    StridesDoNotMerge,
    /// The mask is not a box in the new dims.
    MaskCutAcross,
    /// A scalar cannot hold an empty mask.
    EmptyMaskToScalar,
}

impl NewViewReason {
    /// One sentence for a UI saying why the reshape needs a second view.
    pub fn explain(self) -> &'static str {
        match self {
            NewViewReason::StridesDoNotMerge => {
                "the new dimensions cut across dimensions whose strides do not merge into one"
            }
            NewViewReason::MaskCutAcross => {
                "the mask would not be a rectangular box in the new dimensions"
            }
            NewViewReason::EmptyMaskToScalar => "a scalar view cannot keep an empty mask",
        }
    }
}

fn bad(op: &'static str, arg: String, expected: impl Into<String>) -> LayoutError {
    LayoutError::BadArgument {
        op,
        arg,
        expected: expected.into(),
    }
}

fn list(values: &[i64]) -> String {
    crate::support::text::list(values)
}

fn overflow() -> LayoutError {
    LayoutError::Overflow {
        what: "the op's result",
    }
}

/// `(merged_size, stride, merged size without stride-0 parts)` of runs of dims that merge
/// (tinygrad `merge_dims`).
pub fn merge_dims(shape: &[i64], strides: &[i64], mask: Option<&[Range]>) -> Vec<(i64, i64, i64)> {
    let Some((&first, &first_stride)) = shape.first().zip(strides.first()) else {
        return Vec::new();
    };
    let single = |i: usize, size: i64| mask.map_or(size == 1, |m| m[i].1 - m[i].0 == 1);
    let mut merged = vec![(
        first,
        first_stride,
        if first_stride != 0 { first } else { 0 },
    )];
    let mut merging = single(0, first);
    for (i, (&size, &stride)) in shape.iter().zip(strides).enumerate().skip(1) {
        if size == 1 {
            continue;
        }
        let last = merged.last_mut().expect("merged starts non-empty");
        let (last_size, last_stride, last_real) = *last;
        if merging || i128::from(last_stride) == i128::from(size) * i128::from(stride) {
            *last = (
                last_size * size,
                stride,
                if merging { size } else { last_real * size },
            );
        } else {
            merged.push((size, stride, size));
        }
        merging = single(i, size);
    }
    merged
}

/// The mask in the new shape, or `None` when it is not a box there (tinygrad `_reshape_mask`).
fn reshape_mask(
    mask: Option<&[Range]>,
    old_shape: &[i64],
    new_shape: &[i64],
) -> Option<Vec<Range>> {
    let Some(mask) = mask else {
        return Some(new_shape.iter().map(|&s| (0, s)).collect());
    };
    let mut masks = mask.iter().rev().copied();
    let mut old_dims = old_shape.iter().rev().copied();
    let mut new_dims = new_shape.iter().rev().copied();
    let mut new_mask = Vec::with_capacity(new_shape.len());
    let mut curr_stride = 1i64;
    let mut old_dim = old_dims.next().unwrap_or(1);
    let mut new_dim = new_dims.next().unwrap_or(1);
    let mut range = masks.next().unwrap_or((0, 1));
    // Each pass consumes an old or a new dim; the bound only guards against malformed input.
    let mut budget = 4 * (old_shape.len() + new_shape.len()) + 8;
    while new_mask.len() < new_shape.len() {
        budget = budget.checked_sub(1)?;
        let (l, r) = range;
        let next_stride = new_dim.checked_mul(curr_stride)?;
        if next_stride == 0 {
            return None;
        }
        if old_dim == next_stride {
            new_mask.push((floor_div(l, curr_stride), floor_div(r - 1, curr_stride) + 1));
            curr_stride = 1;
            old_dim = old_dims.next().unwrap_or(1);
            new_dim = new_dims.next().unwrap_or(1);
            range = masks.next().unwrap_or((0, 1));
        } else if old_dim > next_stride {
            if old_dim % next_stride != 0 {
                return None;
            }
            if (l % next_stride != 0 || r % next_stride != 0)
                && floor_div(l, next_stride) != floor_div(r - 1, next_stride)
            {
                return None;
            }
            new_mask.push((
                floor_div(floor_mod(l, next_stride), curr_stride),
                floor_div(floor_mod(r - 1, next_stride), curr_stride) + 1,
            ));
            curr_stride = next_stride;
            new_dim = new_dims.next().unwrap_or(1);
        } else {
            let next_range = masks.next().unwrap_or((0, 1));
            if range != (0, old_dim) && l != r && next_range.1 - next_range.0 != 1 {
                return None;
            }
            range = (
                next_range.0.checked_mul(old_dim)?.checked_add(l)?,
                (next_range.1 - 1).checked_mul(old_dim)?.checked_add(r)?,
            );
            old_dim = old_dim.checked_mul(old_dims.next().unwrap_or(1))?;
        }
    }
    new_mask.reverse();
    Some(new_mask)
}

impl View {
    fn check_rank(&self, op: &'static str, arg: String, found: usize) -> Result<(), LayoutError> {
        if found == self.rank() {
            Ok(())
        } else {
            Err(bad(
                op,
                arg,
                format!("one entry per dimension ({}), got {found}", self.rank()),
            ))
        }
    }

    /// Shrink (`mask = None`) or pad (`mask = Some(new valid box)`) to `arg[k] = (begin, end)` in
    /// the current coordinates (tinygrad `__unsafe_resize`).
    fn resize(&self, arg: &[Range], mask: Option<Vec<Range>>) -> Result<View, LayoutError> {
        let mut offset = i128::from(self.offset());
        for (&stride, &(begin, _)) in self.strides().iter().zip(arg) {
            offset += i128::from(stride) * i128::from(begin);
        }
        let offset = i64::try_from(offset).map_err(|_| overflow())?;
        let shape = arg
            .iter()
            .map(|&(b, e)| e.checked_sub(b).ok_or_else(overflow))
            .collect::<Result<Vec<i64>, _>>()?;
        let mask = match self.mask() {
            None => mask,
            Some(old) => {
                // in i128: a huge pad moves the old mask's ends past i64 before the clamp to
                // [0, new size] brings them back
                let moved: Vec<Range> = old
                    .iter()
                    .zip(arg)
                    .zip(&shape)
                    .map(|((&(mb, me), &(ab, _)), &size)| {
                        let at = |m: i64| {
                            let moved = (i128::from(m) - i128::from(ab)).min(size.into());
                            i64::try_from(moved.max(0)).unwrap_or(size)
                        };
                        (at(mb), at(me))
                    })
                    .collect();
                Some(match mask {
                    None => moved,
                    Some(new) => moved
                        .iter()
                        .zip(&new)
                        .map(|(&(b1, e1), &(b2, e2))| (b1.max(b2), e1.min(e2)))
                        .collect(),
                })
            }
        };
        View::canonical(&shape, Some(self.strides()), offset, mask.as_deref())
    }

    /// `pad(((before, after), ...))`: `before` masked cells ahead of each dim, `after` behind it.
    ///
    /// # Errors
    /// `BadArgument` unless there is one pair per dim, each `>= 0`; `Overflow` for huge pads.
    pub fn pad(&self, arg: &[Range]) -> Result<View, LayoutError> {
        let text = crate::support::text::pairs(arg);
        self.check_rank("pad", text.clone(), arg.len())?;
        if arg.iter().any(|&(b, e)| b < 0 || e < 0) {
            return Err(bad("pad", text, "amounts >= 0"));
        }
        if arg.iter().all(|&(b, e)| b == 0 && e == 0) {
            return Ok(self.clone());
        }
        let mut outer = Vec::with_capacity(arg.len());
        let mut valid = Vec::with_capacity(arg.len());
        for (&size, &(b, e)) in self.shape().iter().zip(arg) {
            let end = size.checked_add(e).ok_or_else(overflow)?;
            outer.push((-b, end));
            valid.push((b, size.checked_add(b).ok_or_else(overflow)?));
        }
        self.resize(&outer, Some(valid))
    }

    /// `shrink(((begin, end), ...))`: keep `[begin, end)` of each dim; `begin == end` is allowed.
    ///
    /// # Errors
    /// `BadArgument` unless there is one pair per dim with `0 <= begin <= end <= dim`.
    pub fn shrink(&self, arg: &[Range]) -> Result<View, LayoutError> {
        let text = crate::support::text::pairs(arg);
        self.check_rank("shrink", text.clone(), arg.len())?;
        for (axis, (&size, &(b, e))) in self.shape().iter().zip(arg).enumerate() {
            if !(0 <= b && b <= e && e <= size) {
                return Err(bad(
                    "shrink",
                    text,
                    format!("0 <= begin <= end <= {size} for dimension {axis}"),
                ));
            }
        }
        self.resize(arg, None)
    }

    /// `expand(new_shape)`: size-1 dims broadcast to any size (stride 0).
    ///
    /// # Errors
    /// `BadArgument` unless the rank is the same and each dim is unchanged or was 1.
    pub fn expand(&self, new_shape: &[i64]) -> Result<View, LayoutError> {
        let text = list(new_shape);
        self.check_rank("expand", text.clone(), new_shape.len())?;
        for (axis, (&s, &ns)) in self.shape().iter().zip(new_shape).enumerate() {
            if s != ns && s != 1 {
                return Err(bad(
                    "expand",
                    text,
                    format!("dimension {axis} to stay {s} (only size-1 dims expand)"),
                ));
            }
            if ns < 0 {
                return Err(bad("expand", text, "sizes >= 0"));
            }
        }
        if self.shape().contains(&0) {
            return View::contiguous_of(new_shape);
        }
        let mask: Option<Vec<Range>> = self.mask().map(|mask| {
            mask.iter()
                .zip(self.shape().iter().zip(new_shape))
                .map(|(&m, (&s, &ns))| match (s != ns, m == (0, 1)) {
                    (true, true) => (0, ns),
                    (true, false) => (0, 0),
                    (false, _) => m,
                })
                .collect()
        });
        View::canonical(
            new_shape,
            Some(self.strides()),
            self.offset(),
            mask.as_deref(),
        )
    }

    /// `permute(axes)`: dimension `k` of the result is dimension `axes[k]` of this view.
    ///
    /// # Errors
    /// `BadArgument` unless `axes` is a permutation of `0..rank`.
    pub fn permute(&self, axes: &[usize]) -> Result<View, LayoutError> {
        let text = crate::support::text::list(axes);
        if !crate::support::small_sort::is_permutation(axes, self.rank()) {
            return Err(bad(
                "permute",
                text,
                format!("a permutation of 0..{}", self.rank()),
            ));
        }
        let pick = |values: &[i64]| axes.iter().map(|&a| values[a]).collect::<Vec<_>>();
        let mask: Option<Vec<Range>> = self.mask().map(|m| axes.iter().map(|&a| m[a]).collect());
        View::canonical(
            &pick(self.shape()),
            Some(&pick(self.strides())),
            self.offset(),
            mask.as_deref(),
        )
    }

    /// `flip(flags)`: reverse every dim whose flag is set.
    ///
    /// # Errors
    /// `BadArgument` unless there is one flag per dim.
    pub fn flip(&self, flags: &[bool]) -> Result<View, LayoutError> {
        self.check_rank("flip", crate::support::text::list(flags), flags.len())?;
        let mul: Vec<i64> = flags.iter().map(|&f| if f { -1 } else { 1 }).collect();
        self.stride(&mul)
    }

    /// `stride(mul)`: keep every `|mul[k]|`-th element of dim `k`, reversed when negative
    /// (tinygrad <= 0.10): size `ceil(d/|m|)`, stride `·m`, offset and mask moved to match.
    ///
    /// # Errors
    /// `BadArgument` unless there is one non-zero factor per dim.
    pub fn stride(&self, mul: &[i64]) -> Result<View, LayoutError> {
        let text = list(mul);
        self.check_rank("stride", text.clone(), mul.len())?;
        if mul.iter().any(|&m| m == 0 || m == i64::MIN) {
            return Err(bad("stride", text, "non-zero factors"));
        }
        let mut strides = Vec::with_capacity(mul.len());
        let mut shape = Vec::with_capacity(mul.len());
        let mut offset = i128::from(self.offset());
        for ((&s, &z), &m) in self.shape().iter().zip(self.strides()).zip(mul) {
            strides.push(z.checked_mul(m).ok_or_else(overflow)?);
            shape.push(ceil_div(s, m.abs()));
            if m < 0 {
                offset += i128::from(s - 1) * i128::from(z);
            }
        }
        let offset = i64::try_from(offset).map_err(|_| overflow())?;
        let mask: Option<Vec<Range>> = self.mask().map(|mask| {
            mask.iter()
                .zip(self.shape().iter().zip(mul))
                .map(|(&(mx, my), (&s, &m))| {
                    let (b, e) = if m > 0 { (mx, my) } else { (s - my, s - mx) };
                    (ceil_div(b, m.abs()), ceil_div(e, m.abs()))
                })
                .collect()
        });
        View::canonical(&shape, Some(&strides), offset, mask.as_deref())
    }

    /// `reshape(new_shape)` within this view where possible (tinygrad `View.reshape`).
    ///
    /// # Errors
    /// `BadArgument` for a negative size or a different element count.
    pub fn reshape(&self, new_shape: &[i64]) -> Result<Reshape, LayoutError> {
        if self.shape() == new_shape {
            return Ok(Reshape::Fits(self.clone()));
        }
        let text = list(new_shape);
        if new_shape.iter().any(|&d| d < 0) {
            return Err(bad("reshape", text, "sizes >= 0"));
        }
        let (old_size, new_size) = (self.size()?, checked_product(new_shape)?);
        if old_size != new_size {
            return Err(bad(
                "reshape",
                text,
                format!("{old_size} elements in all, as {} has", list(self.shape())),
            ));
        }
        if self.shape().contains(&0) || self.is_contiguous() {
            return View::contiguous_of(new_shape).map(Reshape::Fits);
        }
        if new_shape.is_empty() && self.mask().is_some_and(|m| m.iter().any(|&(b, e)| b == e)) {
            return Ok(Reshape::NeedsNewView(NewViewReason::EmptyMaskToScalar));
        }
        let mut reversed_strides = Vec::with_capacity(new_shape.len());
        let mut new_dims = new_shape.iter().rev().copied();
        for (merged_size, stride, real_size) in
            merge_dims(self.shape(), self.strides(), self.mask())
                .into_iter()
                .rev()
        {
            let (mut acc, mut stride) = (1i64, stride);
            while acc < merged_size {
                let new_dim = new_dims.next().unwrap_or(0);
                if new_dim <= 0 {
                    break;
                }
                reversed_strides.push(stride.checked_mul(acc).ok_or_else(overflow)?);
                acc = acc.checked_mul(new_dim).ok_or_else(overflow)?;
                if acc >= real_size {
                    stride = 0;
                }
            }
            if acc != merged_size {
                return Ok(Reshape::NeedsNewView(NewViewReason::StridesDoNotMerge));
            }
        }
        let mut new_strides = vec![0; new_shape.len().saturating_sub(reversed_strides.len())];
        new_strides.extend(reversed_strides.iter().rev());
        let Some(new_mask) = reshape_mask(self.mask(), self.shape(), new_shape) else {
            return Ok(Reshape::NeedsNewView(NewViewReason::MaskCutAcross));
        };
        let old_start: i128 = self.mask().map_or(0, |m| {
            m.iter()
                .zip(self.strides())
                .map(|(&(b, _), &s)| i128::from(b) * i128::from(s))
                .sum()
        });
        let new_start: i128 = new_mask
            .iter()
            .zip(&new_strides)
            .map(|(&(b, _), &s)| i128::from(b) * i128::from(s))
            .sum();
        let offset = i64::try_from(i128::from(self.offset()) + old_start - new_start)
            .map_err(|_| overflow())?;
        View::canonical(new_shape, Some(&new_strides), offset, Some(&new_mask)).map(Reshape::Fits)
    }

    /// This view reshaped to the fewest dims that address memory the same way
    /// (tinygrad `minify`).
    pub fn minify(&self) -> View {
        let shape: Vec<i64> = merge_dims(self.shape(), self.strides(), self.mask())
            .iter()
            .map(|m| m.0)
            .collect();
        match self.reshape(&shape) {
            Ok(Reshape::Fits(view)) => view,
            _ => self.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fits(reshape: Result<Reshape, LayoutError>) -> View {
        match reshape.unwrap() {
            Reshape::Fits(v) => v,
            other => panic!("expected one view, got {other:?}"),
        }
    }

    /// Found by the op_chain fuzzer: padding a masked view by a `before` and an `after` that
    /// each fit but whose sum with the size does not overflowed the new size (a panic in debug
    /// builds, a wrong mask in release).
    #[test]
    fn huge_pads_of_a_masked_view_overflow_or_move_the_mask_exactly() {
        let padded = View::contiguous_of(&[2]).unwrap().pad(&[(0, 1)]).unwrap();
        assert_eq!(padded.mask(), Some(&[(0, 2)][..]));
        let too_big = padded.pad(&[(1 << 62, 1 << 62)]);
        assert!(
            matches!(too_big, Err(LayoutError::Overflow { .. })),
            "{too_big:?}"
        );
        let big = 1 << 61;
        let fits = padded.pad(&[(big, big)]).unwrap();
        assert_eq!(fits.shape(), &[2 * big + 3]);
        assert_eq!(fits.mask(), Some(&[(big, big + 2)][..]));
    }

    #[test]
    fn transpose_then_reshape_needs_a_new_view() {
        // tinygrad's ShapeTracker notes' example: (3,2) -> permute -> reshape (3,2) cannot be one
        // view
        let v = View::contiguous_of(&[3, 2])
            .unwrap()
            .permute(&[1, 0])
            .unwrap();
        assert_eq!(v.strides(), &[1, 2]);
        assert_eq!(
            v.reshape(&[3, 2]).unwrap(),
            Reshape::NeedsNewView(NewViewReason::StridesDoNotMerge)
        );
    }

    #[test]
    fn pad_shrink_expand_flip_stride() {
        let v = View::contiguous_of(&[2, 3]).unwrap();
        let padded = v.pad(&[(1, 0), (0, 2)]).unwrap();
        assert_eq!(padded.shape(), &[3, 5]);
        assert_eq!(padded.offset(), -3);
        assert_eq!(padded.mask(), Some(&[(1, 3), (0, 3)][..]));
        let back = padded.shrink(&[(1, 3), (0, 3)]).unwrap();
        assert_eq!(back, v);
        let e = View::contiguous_of(&[1, 3])
            .unwrap()
            .expand(&[4, 3])
            .unwrap();
        assert_eq!(e.strides(), &[0, 1]);
        let f = v.flip(&[false, true]).unwrap();
        assert_eq!((f.strides(), f.offset()), (&[3, -1][..], 2));
        let s = View::contiguous_of(&[7]).unwrap().stride(&[-3]).unwrap();
        assert_eq!(
            (s.shape(), s.strides(), s.offset()),
            (&[3][..], &[-3][..], 6)
        );
        assert_eq!(fits(v.reshape(&[3, 2])).strides(), &[2, 1]);
    }

    #[test]
    fn bad_arguments_name_the_op() {
        let v = View::contiguous_of(&[2, 3]).unwrap();
        for (result, op) in [
            (v.pad(&[(0, 1)]), "pad"),
            (v.pad(&[(0, -1), (0, 0)]), "pad"),
            (v.shrink(&[(0, 3), (0, 3)]), "shrink"),
            (v.expand(&[4, 3]), "expand"),
            (v.permute(&[0, 0]), "permute"),
            (v.flip(&[true]), "flip"),
            (v.stride(&[0, 1]), "stride"),
        ] {
            assert!(
                matches!(result, Err(LayoutError::BadArgument { op: o, .. }) if o == op),
                "{op}"
            );
        }
        assert!(matches!(
            v.reshape(&[4, 2]),
            Err(LayoutError::BadArgument { op: "reshape", .. })
        ));
    }
}
