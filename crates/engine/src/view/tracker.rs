//! A stack of views (tinygrad `ShapeTracker`): `views[0]` indexes the buffer, each later view
//! indexes the row-major unravelling of the one before, and the last view's shape is the
//! tracker's shape. Movement ops apply to the last view; a reshape it cannot express appends a
//! new contiguous view.

use crate::error::LayoutError;
use crate::expr::index::{apply_view, IndexExprs};
use crate::expr::{ExprArena, ExprId};
use crate::view::merge::merge_views;
use crate::view::ops::{NewViewReason, Reshape};
use crate::view::{checked_product, Range, View};

/// One movement op with its argument, as the UI and the vector files spell it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovementOp {
    /// `reshape(new_shape)`: same element count; a view is appended where the last cannot
    /// express it.
    Reshape(Vec<i64>),
    /// `permute(axes)`: dimension `k` becomes dimension `axes[k]`.
    Permute(Vec<usize>),
    /// `expand(new_shape)`: size-1 dimensions broadcast (stride 0).
    Expand(Vec<i64>),
    /// `pad(((before, after), ...))`: masked cells before and after each dimension.
    Pad(Vec<Range>),
    /// `shrink(((begin, end), ...))`: keep `[begin, end)` of each dimension.
    Shrink(Vec<Range>),
    /// `flip(flags)`: reverse each dimension whose flag is set.
    Flip(Vec<bool>),
    /// `stride(mul)`: keep every `|mul[k]|`-th element of dimension `k`, reversed when negative.
    Stride(Vec<i64>),
    /// Merge the last two views while tinygrad can (no argument).
    Simplify,
}

impl MovementOp {
    /// The op's lower-case name as tinygrad and the vector files spell it (`"reshape"`).
    pub fn name(&self) -> &'static str {
        match self {
            MovementOp::Reshape(_) => "reshape",
            MovementOp::Permute(_) => "permute",
            MovementOp::Expand(_) => "expand",
            MovementOp::Pad(_) => "pad",
            MovementOp::Shrink(_) => "shrink",
            MovementOp::Flip(_) => "flip",
            MovementOp::Stride(_) => "stride",
            MovementOp::Simplify => "simplify",
        }
    }
}

/// A stack of views, innermost (the buffer's) first; see the module docs. Never empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShapeTracker {
    views: Vec<View>,
}

impl ShapeTracker {
    /// One contiguous view of `shape` (tinygrad `ShapeTracker.from_shape`).
    ///
    /// # Errors
    /// As [`View::create`].
    pub fn from_shape(shape: &[i64]) -> Result<ShapeTracker, LayoutError> {
        Ok(ShapeTracker {
            views: vec![View::contiguous_of(shape)?],
        })
    }

    /// A tracker over the given views, innermost first.
    ///
    /// # Errors
    /// `BadArgument` when there is no view.
    pub fn from_views(views: Vec<View>) -> Result<ShapeTracker, LayoutError> {
        if views.is_empty() {
            return Err(LayoutError::BadArgument {
                op: "views",
                arg: "[]".into(),
                expected: "at least one view".into(),
            });
        }
        Ok(ShapeTracker { views })
    }

    /// The views, innermost (the one that indexes the buffer) first.
    pub fn views(&self) -> &[View] {
        &self.views
    }

    /// The tracker's shape: the last view's.
    pub fn shape(&self) -> &[i64] {
        self.last().shape()
    }

    fn last(&self) -> &View {
        self.views.last().expect("a tracker always has a view")
    }

    fn with_last(&self, view: View) -> ShapeTracker {
        let mut views = self.views.clone();
        *views.last_mut().expect("a tracker always has a view") = view;
        ShapeTracker { views }
    }

    /// Applies `op`; for a reshape that needed a new view, also says why.
    ///
    /// # Errors
    /// The op's own `BadArgument` / `Overflow`.
    pub fn apply(
        &self,
        op: &MovementOp,
    ) -> Result<(ShapeTracker, Option<NewViewReason>), LayoutError> {
        let last = self.last();
        let view = match op {
            MovementOp::Reshape(shape) => {
                return Ok(match last.reshape(shape)? {
                    Reshape::Fits(view) => (self.with_last(view), None),
                    Reshape::NeedsNewView(reason) => {
                        let mut views = self.views.clone();
                        views.push(View::contiguous_of(shape)?);
                        (ShapeTracker { views }, Some(reason))
                    }
                });
            }
            MovementOp::Simplify => return Ok((self.simplify()?, None)),
            MovementOp::Permute(axes) => last.permute(axes)?,
            MovementOp::Expand(shape) => last.expand(shape)?,
            MovementOp::Pad(arg) => last.pad(arg)?,
            MovementOp::Shrink(arg) => last.shrink(arg)?,
            MovementOp::Flip(flags) => last.flip(flags)?,
            MovementOp::Stride(mul) => last.stride(mul)?,
        };
        Ok((self.with_last(view), None))
    }

    /// Merges the last two views while tinygrad's `View.__add__` finds a single view.
    ///
    /// # Errors
    /// `Overflow` from the merge.
    pub fn simplify(&self) -> Result<ShapeTracker, LayoutError> {
        let mut views = self.views.clone();
        while views.len() >= 2 {
            let n = views.len();
            match merge_views(&views[n - 2], &views[n - 1])? {
                Some(merged) => {
                    views.truncate(n - 2);
                    views.push(merged);
                }
                None => break,
            }
        }
        Ok(ShapeTracker { views })
    }

    /// tinygrad `__add__`: `other`'s views appended one at a time, simplifying after each.
    ///
    /// # Errors
    /// `Overflow` from a merge.
    pub fn add(&self, other: &ShapeTracker) -> Result<ShapeTracker, LayoutError> {
        let mut result = self.clone();
        for view in &other.views {
            result.views.push(view.clone());
            result = result.simplify()?;
        }
        Ok(result)
    }

    /// The buffer address of a coordinate of the tracker's shape, `None` where masked: each
    /// view's address is unravelled row-major into the previous view's shape.
    pub fn offset_from_coord(&self, coord: &[i64]) -> Option<i64> {
        let mut address = self.last().offset_from_coord(coord)?;
        for view in self.views.iter().rev().skip(1) {
            address = view.address_at_index(address)?;
        }
        Some(address)
    }

    /// Every address in row-major order over the shape, `None` where masked.
    ///
    /// # Errors
    /// `TooLarge` above `limit` elements.
    pub fn offsets(&self, limit: usize) -> Result<Vec<Option<i64>>, LayoutError> {
        self.fill(limit)
    }

    /// Every address in row-major order over the shape, [`MASKED`] where masked: the
    /// [`ShapeTracker::offsets`] in half the memory, for a canvas grid, which holds up to 2^20
    /// addresses and reads them in several passes on every edit.
    ///
    /// # Errors
    /// `TooLarge` above `limit` elements; `Overflow` where the buffer view's lowest address
    /// could be -2^63, which would read as masked.
    pub fn addresses(&self, limit: usize) -> Result<Vec<i64>, LayoutError> {
        let buffer = &self.views[0];
        let lowest = buffer
            .shape()
            .iter()
            .zip(buffer.strides())
            .try_fold(buffer.offset(), |low, (&d, &s)| {
                low.checked_add((d.max(1) - 1).checked_mul(s.min(0))?)
            });
        if lowest.is_none_or(|low| low == MASKED) {
            return Err(LayoutError::Overflow {
                what: "an address at -2^63 (the mark of a masked element)",
            });
        }
        self.fill(limit)
    }

    /// [`ShapeTracker::offsets`] into slots of either kind: the top view by odometer, then
    /// each lower view read at the addresses above it (a pass per view keeps each loop simple
    /// enough to run at memory speed).
    fn fill<T: Slot>(&self, limit: usize) -> Result<Vec<T>, LayoutError> {
        let size = checked_product(self.shape())?;
        if size as u128 > limit as u128 {
            return Err(LayoutError::TooLarge {
                what: "the view stack",
                size: size as u128,
                limit: limit as u128,
            });
        }
        let mut out = Vec::with_capacity(size as usize);
        // a contiguous top view reads index i at address i (a reshape that did not merge
        // leaves exactly this on top): the view below it reads the index itself, one pass
        // fewer; with no view below, the addresses are the indices
        let direct = self.last().is_contiguous();
        if !direct {
            // written in place: a `push` per element is a call in the size-optimized build
            out.resize(size as usize, T::MASKED);
            let mut slots = out.iter_mut();
            self.last().for_each_address(|address| {
                if let Some(slot) = slots.next() {
                    *slot = T::of(address);
                }
            });
            debug_assert!(slots.next().is_none(), "one address per element");
        } else if self.views.len() == 1 {
            out.extend((0..size).map(|i| T::of(Some(i))));
        }
        for (k, view) in self.views.iter().rev().skip(1).enumerate() {
            let lower = Lower::new(view);
            if direct && k == 0 {
                out.extend((0..size).map(|i| T::of(lower.address(i))));
            } else {
                for slot in &mut out {
                    *slot = T::of(slot.get().and_then(|address| lower.address(address)));
                }
            }
        }
        Ok(out)
    }

    /// `idx` and `valid` over `ridx0..`: the last view's expressions, then each earlier view
    /// (minified) applied to the row-major unravelling of the running `idx`, as tinygrad's
    /// `views_to_indexed_uops` builds them.
    pub fn index_exprs(&self) -> IndexExprs {
        let (mut arena, mut idx, mut valid) = IndexExprs::loop_over(self.last());
        for view in self.views.iter().rev().skip(1) {
            let view = view.minify();
            let idxs = unravel_expr(&mut arena, idx, view.shape());
            (idx, valid) = apply_view(&mut arena, &view, &idxs, valid);
        }
        IndexExprs::simplified(arena, idx, valid)
    }
}

/// What [`ShapeTracker::addresses`] holds for a masked element.
pub const MASKED: i64 = i64::MIN;

/// An element's address as a list of addresses holds it.
trait Slot: Copy {
    const MASKED: Self;
    fn of(address: Option<i64>) -> Self;
    fn get(self) -> Option<i64>;
}

impl Slot for Option<i64> {
    const MASKED: Self = None;
    #[inline(always)]
    fn of(address: Option<i64>) -> Self {
        address
    }
    #[inline(always)]
    fn get(self) -> Option<i64> {
        self
    }
}

/// [`MASKED`] for none (`addresses` refuses stacks where a valid address could be it).
impl Slot for i64 {
    const MASKED: Self = MASKED;
    #[inline(always)]
    fn of(address: Option<i64>) -> Self {
        address.unwrap_or(MASKED)
    }
    #[inline(always)]
    fn get(self) -> Option<i64> {
        (self != MASKED).then_some(self)
    }
}

/// A lower view of a stack prepared for reading many indices: per dim (from the last) the
/// running product, the size, the stride and the mask bounds; `fast` when every address and
/// partial sum fits in an `i64`.
struct Lower<'a> {
    view: &'a View,
    axes: Vec<(i64, i64, i64, i64, i64)>,
    fast: bool,
}

impl<'a> Lower<'a> {
    fn new(view: &'a View) -> Lower<'a> {
        let full: Vec<(i64, i64)> = view.shape().iter().map(|&d| (0, d)).collect();
        let mask = view.mask().unwrap_or(&full);
        let mut acc = 1i64;
        let mut axes = Vec::with_capacity(view.rank());
        let mut bound = Some(view.offset().checked_abs().unwrap_or(i64::MAX));
        for axis in (0..view.rank()).rev() {
            let (d, s) = (view.shape()[axis].max(1), view.strides()[axis]);
            axes.push((acc, d, s, mask[axis].0, mask[axis].1));
            acc = acc.saturating_mul(d);
            bound = bound.and_then(|b| (d - 1).checked_mul(s.checked_abs()?)?.checked_add(b));
        }
        Lower {
            view,
            axes,
            fast: bound.is_some_and(|b| b < i64::MAX) && acc < i64::MAX,
        }
    }

    /// [`View::address_at_index`].
    // Inlined into both passes of `offsets` (out of line the 2-view stack is 50% slower).
    #[inline(always)]
    fn address(&self, index: i64) -> Option<i64> {
        if !self.fast || index < 0 {
            return self.view.address_at_index(index);
        }
        // (index // acc) % d per dim, from the last: one division per dim, none for the first
        // dim when the index is in range (the rest is then already below its size)
        let (mut address, mut rest) = (self.view.offset(), index);
        let Some((&(_, d0, s0, lo0, hi0), inner)) = self.axes.split_last() else {
            return Some(address);
        };
        for &(_, d, s, lo, hi) in inner {
            // both non-negative: unsigned division is the cheaper instruction
            let (q, c) = (
                (rest as u64 / d as u64) as i64,
                (rest as u64 % d as u64) as i64,
            );
            if c < lo || c >= hi {
                return None;
            }
            address += c * s;
            rest = q;
        }
        let c = if rest < d0 { rest } else { rest % d0 };
        if c < lo0 || c >= hi0 {
            return None;
        }
        Some(address + c * s0)
    }
}

/// `[(idx // acc) % d for d in reversed(shape)]` reversed, with `acc` the running product.
fn unravel_expr(arena: &mut ExprArena, idx: ExprId, shape: &[i64]) -> Vec<ExprId> {
    let mut acc: i64 = 1;
    let mut coords = vec![idx; shape.len()];
    for (axis, &d) in shape.iter().enumerate().rev() {
        let quotient = arena.div(idx, acc.max(1));
        coords[axis] = arena.rem(quotient, d.max(1));
        acc = acc.saturating_mul(d.max(1));
    }
    coords
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::RowMajor;

    #[test]
    fn transpose_reshape_appends_a_view_and_evaluates() {
        // tinygrad's ShapeTracker notes' example: (3,2) -> permute -> reshape (3,2): memory
        // 0 2 4 1 3 5
        let t = ShapeTracker::from_shape(&[3, 2]).unwrap();
        let (t, _) = t.apply(&MovementOp::Permute(vec![1, 0])).unwrap();
        let (t, reason) = t.apply(&MovementOp::Reshape(vec![3, 2])).unwrap();
        assert_eq!(reason, Some(NewViewReason::StridesDoNotMerge));
        assert_eq!(t.views().len(), 2);
        let offsets: Vec<i64> = t
            .offsets(64)
            .unwrap()
            .into_iter()
            .map(Option::unwrap)
            .collect();
        assert_eq!(offsets, vec![0, 2, 4, 1, 3, 5]);
        let exprs = t.index_exprs();
        for (coord, want) in RowMajor::new(t.shape()).zip(&offsets) {
            assert_eq!(exprs.eval(&coord), (*want, true));
        }
    }

    #[test]
    fn compact_addresses_refuse_a_stack_that_could_reach_the_mark() {
        // offset -2^63 + 6, stride -2 over 4: the lowest address is the mark itself
        let low = View::create(&[4], Some(&[-2]), i64::MIN + 6, None).unwrap();
        let t = ShapeTracker::from_views(vec![low]).unwrap();
        assert!(matches!(t.addresses(16), Err(LayoutError::Overflow { .. })));
        assert_eq!(t.offsets(16).unwrap()[3], Some(i64::MIN));
        // one step higher, every address is above it
        let above = View::create(&[4], Some(&[-2]), i64::MIN + 7, None).unwrap();
        let t = ShapeTracker::from_views(vec![above]).unwrap();
        assert_eq!(t.addresses(16).unwrap()[3], i64::MIN + 1);
    }

    /// Random op chains found a `valid` that kept only `ridx3 <= 2` of `ridx3 == 2`: a mask
    /// clause dropped as implied by two others had left its range on their variables.
    #[test]
    fn a_valid_clause_implied_by_others_is_dropped_soundly() {
        let first = View::create(&[3, 5], Some(&[0, 0]), 0, Some(&[(0, 1), (2, 3)])).unwrap();
        let second = View::create(
            &[5, 1, 3, 5],
            Some(&[3, 0, 0, -1]),
            4,
            Some(&[(0, 5), (0, 1), (0, 1), (2, 5)]),
        )
        .unwrap();
        let t = ShapeTracker::from_views(vec![first, second]).unwrap();
        let offsets = t.offsets(1024).unwrap();
        let exprs = t.index_exprs();
        for (coord, want) in RowMajor::new(t.shape()).zip(&offsets) {
            let (idx, valid) = exprs.eval(&coord);
            assert_eq!(valid, want.is_some(), "valid at {coord:?}");
            if let Some(want) = want {
                assert_eq!(idx, *want, "idx at {coord:?}");
            }
        }
    }
}
