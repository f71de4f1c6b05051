//! A complete decision of whether two stacked views are one view (the view maths' *mergeable*
//! pair).
//!
//! The stack `[inner, outer]` maps a coordinate `i` of `outer`'s shape to
//! `inner(unravel(inner.shape, outer(i)))`, masked where either view masks it. The pair is
//! mergeable iff one view `v3` of `outer`'s shape has the same valid set `V` and the same offset at
//! every `i ∈ V`. A view's valid set is a box `Π_k [b_k, e_k)` and its offsets are affine there,
//! `o + Σ_k s_k·i_k`, so the stack is one view iff
//! 1. `V` equals its bounding box `B = Π_k [min_k V, max_k V + 1)`, and
//! 2. `offset(i) = offset(b) + Σ_k s_k·(i_k - b_k)` on `B`, where `b` is `B`'s first corner and
//!    `s_k = offset(b + e_k) - offset(b)` (taken as 0 where `B` is one index wide).
//!
//! [`decide_merge`] checks both by enumeration and returns `v3` or a [`Witness`] that no view
//! exists. tinygrad's `View.__add__` ([`merge_views`](crate::view::merge::merge_views)) is sound but
//! incomplete: where it finds a view this finds one with the same offsets, and where it gives up
//! this may still find one.

use crate::error::LayoutError;
use crate::view::tracker::ShapeTracker;
use crate::view::{python_tuple, Range, RowMajor, View};

/// Whether `[inner, outer]` is a single view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeVerdict {
    /// The canonical view of `outer`'s shape with the stack's valid set and offsets.
    Mergeable(View),
    /// No view has the stack's valid set and offsets, and why.
    NotMergeable(Witness),
}

/// A checkable reason that no single view equals a stack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Witness {
    /// The valid set is not a box: `inside` lies within the bounding box of the valid coordinates
    /// but is masked.
    NotABox {
        /// A masked coordinate of `outer`'s shape.
        inside: Vec<i64>,
        /// The bounding box of the valid coordinates, one `[begin, end)` per dimension.
        bounding_box: Vec<Range>,
    },
    /// Offsets are not affine on the valid box: from `origin`, the strides measured along each
    /// axis predict `predicted` at `point`, but the stack gives `actual`.
    NotAffine {
        /// The bounding box's first corner `b`, where the strides are measured from.
        origin: Vec<i64>,
        /// The coordinate where the affine prediction fails.
        point: Vec<i64>,
        /// `offset(b) + Σ_k s_k·(point_k - b_k)`, in elements.
        predicted: i64,
        /// The stack's offset at `point`, in elements.
        actual: i64,
    },
    /// The stack has rank 0 and its one element is masked; a rank-0 view has no mask, so its one
    /// element is always valid (tinygrad's `test_empty_shape_view2`).
    MaskedScalar,
}

impl Witness {
    /// One line saying why no single view exists.
    pub fn describe(&self) -> String {
        match self {
            Witness::NotABox {
                inside,
                bounding_box,
            } => {
                let ranges: Vec<String> = bounding_box
                    .iter()
                    .map(|(b, e)| format!("[{b}, {e})"))
                    .collect();
                format!(
                    "the valid coordinates span the box {} but {} inside it is masked, \
                     and a view's valid set is always a box",
                    ranges.join(" × "),
                    coord_text(inside)
                )
            }
            Witness::NotAffine {
                origin,
                point,
                predicted,
                actual,
            } => format!(
                "from {} the strides measured along each axis predict offset {predicted} at {}, \
                 but the stack gives {actual}, and a view's offsets are affine",
                coord_text(origin),
                coord_text(point)
            ),
            Witness::MaskedScalar => {
                "the stack's only element is masked, but a rank-0 view cannot be masked".to_string()
            }
        }
    }
}

fn coord_text(coord: &[i64]) -> String {
    python_tuple(coord.iter().map(i64::to_string))
}

fn overflow() -> LayoutError {
    LayoutError::Overflow {
        what: "a merged view",
    }
}

/// Row-major position of `coord` in `shape` (every `coord[k]` is in `0..shape[k]`).
fn linear_index(shape: &[i64], coord: &[i64]) -> usize {
    let index = shape
        .iter()
        .zip(coord)
        .fold(0i64, |acc, (&dim, &i)| acc * dim + i);
    usize::try_from(index).unwrap_or(usize::MAX)
}

/// Decides whether the stack `[inner, outer]` (`outer` indexing the row-major unravelling of
/// `inner`'s shape) is one view `v3`:
/// `v3.offset_from_coord(i) == stack.offset_from_coord(i)` for every coordinate `i` of
/// `outer.shape()`, masked coordinates included. `v3` is canonical; an empty valid set gives the
/// all-masked view.
///
/// # Errors
/// `TooLarge` when `outer` has more than `limit` elements; `Overflow` when a measured stride, the
/// merged offset or an address of `v3` does not fit in an `i64` (no `i64` view then exists, but no
/// witness is claimed either).
pub fn decide_merge(inner: &View, outer: &View, limit: usize) -> Result<MergeVerdict, LayoutError> {
    let stack = StackOffsets::of(inner, outer, limit)?;
    let Some((bounding_box, valid_count)) = stack.valid_box() else {
        return nothing_valid(stack.shape);
    };
    if let Some(inside) = stack.hole(&bounding_box, valid_count) {
        return Ok(MergeVerdict::NotMergeable(Witness::NotABox {
            inside,
            bounding_box,
        }));
    }
    let affine = Affine::measure(&stack, &bounding_box)?;
    if let Some(witness) = affine.first_miss(&stack)? {
        return Ok(MergeVerdict::NotMergeable(witness));
    }
    affine.into_view(stack.shape, &bounding_box)
}

/// The stack's offset at every coordinate of `outer`'s shape, row-major (`None`: masked).
struct StackOffsets<'a> {
    shape: &'a [i64],
    offsets: Vec<Option<i64>>,
}

impl<'a> StackOffsets<'a> {
    /// Enumerates the stack `[inner, outer]`, refusing an `outer` of more than `limit` elements.
    fn of(inner: &View, outer: &'a View, limit: usize) -> Result<Self, LayoutError> {
        let shape = outer.shape();
        let size = outer.size()?;
        if size as u128 > limit as u128 {
            return Err(LayoutError::TooLarge {
                what: "the outer view",
                size: size as u128,
                limit: limit as u128,
            });
        }
        let stack = ShapeTracker::from_views(vec![inner.clone(), outer.clone()])?;
        let offsets = RowMajor::new(shape)
            .map(|coord| stack.offset_from_coord(&coord))
            .collect();
        Ok(StackOffsets { shape, offsets })
    }

    /// The offset at `coord`, `None` where it is masked.
    fn at(&self, coord: &[i64]) -> Option<i64> {
        self.offsets
            .get(linear_index(self.shape, coord))
            .copied()
            .flatten()
    }

    /// Every coordinate with its offset, row-major.
    fn entries(&self) -> impl Iterator<Item = (Vec<i64>, Option<i64>)> + '_ {
        RowMajor::new(self.shape).zip(self.offsets.iter().copied())
    }

    /// The bounding box of the valid coordinates and how many there are; `None` when none is.
    fn valid_box(&self) -> Option<(Vec<Range>, u128)> {
        let mut bounding_box: Option<Vec<Range>> = None;
        let mut valid_count: u128 = 0;
        for (coord, offset) in self.entries() {
            if offset.is_none() {
                continue;
            }
            valid_count += 1;
            match bounding_box.as_mut() {
                None => bounding_box = Some(coord.iter().map(|&i| (i, i + 1)).collect()),
                Some(ranges) => {
                    for (range, &i) in ranges.iter_mut().zip(&coord) {
                        *range = (range.0.min(i), range.1.max(i + 1));
                    }
                }
            }
        }
        bounding_box.map(|bounding_box| (bounding_box, valid_count))
    }

    /// The first masked coordinate of the box, when it holds more cells than `valid_count`.
    fn hole(&self, bounding_box: &[Range], valid_count: u128) -> Option<Vec<i64>> {
        let extents: Vec<i64> = bounding_box.iter().map(|&(b, e)| e - b).collect();
        let volume: u128 = extents.iter().map(|&n| n as u128).product();
        if valid_count == volume {
            return None;
        }
        let inside = RowMajor::new(&extents)
            .map(|box_coord| {
                box_coord
                    .iter()
                    .zip(bounding_box)
                    .map(|(&i, &(b, _))| i + b)
                    .collect::<Vec<i64>>()
            })
            .find(|coord| self.at(coord).is_none())
            .expect("a box with more cells than valid coordinates has a masked cell");
        Some(inside)
    }
}

/// Nothing valid: the all-masked view, except at rank 0, where no view can be masked.
fn nothing_valid(shape: &[i64]) -> Result<MergeVerdict, LayoutError> {
    if shape.is_empty() {
        return Ok(MergeVerdict::NotMergeable(Witness::MaskedScalar));
    }
    // Any empty range canonicalises to the all-masked view.
    let nothing = vec![(0, 0); shape.len()];
    View::create(shape, None, 0, Some(&nothing)).map(MergeVerdict::Mergeable)
}

/// The affine map the strides measured from the box's first corner predict.
struct Affine {
    origin: Vec<i64>,
    origin_offset: i64,
    strides: Vec<i64>,
}

impl Affine {
    /// `s_k = offset(b + e_k) - offset(b)` on a full box, 0 along an axis one index wide.
    fn measure(stack: &StackOffsets, bounding_box: &[Range]) -> Result<Self, LayoutError> {
        // The box is full, so every coordinate in it is valid.
        let full = "every coordinate of a full box is valid";
        let origin: Vec<i64> = bounding_box.iter().map(|&(b, _)| b).collect();
        let origin_offset = stack.at(&origin).expect(full);
        let mut strides = vec![0i64; stack.shape.len()];
        for (axis, &(b, e)) in bounding_box.iter().enumerate() {
            if e - b > 1 {
                let mut step = origin.clone();
                step[axis] += 1;
                strides[axis] = stack
                    .at(&step)
                    .expect(full)
                    .checked_sub(origin_offset)
                    .ok_or_else(overflow)?;
            }
        }
        Ok(Affine {
            origin,
            origin_offset,
            strides,
        })
    }

    /// `offset(b) + Σ_k s_k·(coord_k - b_k)`, exact.
    fn predict(&self, coord: &[i64]) -> i128 {
        coord
            .iter()
            .zip(&self.origin)
            .zip(&self.strides)
            .map(|((&i, &b), &s)| i128::from(s) * i128::from(i - b))
            .sum::<i128>()
            + i128::from(self.origin_offset)
    }

    /// The first valid coordinate (row-major) whose offset the prediction misses.
    fn first_miss(&self, stack: &StackOffsets) -> Result<Option<Witness>, LayoutError> {
        for (coord, offset) in stack.entries() {
            let Some(actual) = offset else { continue };
            let predicted = self.predict(&coord);
            if predicted != i128::from(actual) {
                return Ok(Some(Witness::NotAffine {
                    origin: self.origin.clone(),
                    point: coord,
                    predicted: i64::try_from(predicted).map_err(|_| overflow())?,
                    actual,
                }));
            }
        }
        Ok(None)
    }

    /// The canonical view with these strides, masked to the box.
    fn into_view(self, shape: &[i64], bounding_box: &[Range]) -> Result<MergeVerdict, LayoutError> {
        let offset = i64::try_from(self.predict(&vec![0; shape.len()])).map_err(|_| overflow())?;
        View::create(shape, Some(&self.strides), offset, Some(bounding_box))
            .map(MergeVerdict::Mergeable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::merge::merge_views;

    fn view(shape: &[i64], strides: &[i64], offset: i64, mask: Option<&[Range]>) -> View {
        View::create(shape, Some(strides), offset, mask).unwrap()
    }

    fn contiguous(shape: &[i64]) -> View {
        View::contiguous_of(shape).unwrap()
    }

    fn stack_offsets(inner: &View, outer: &View) -> Vec<Option<i64>> {
        ShapeTracker::from_views(vec![inner.clone(), outer.clone()])
            .unwrap()
            .offsets(1 << 16)
            .unwrap()
    }

    /// `decide_merge(inner, outer)` is `expect`, and a merged view has the stack's offsets.
    #[track_caller]
    fn check(inner: &View, outer: &View, expect: MergeVerdict) {
        let verdict = decide_merge(inner, outer, 1 << 16).unwrap();
        assert_eq!(verdict, expect, "inner {inner}\nouter {outer}");
        if let MergeVerdict::Mergeable(merged) = &verdict {
            assert_eq!(
                merged.offsets(1 << 16).unwrap(),
                stack_offsets(inner, outer)
            );
        }
    }

    /// The padded `(2,3)` buffer: shape `(3,5)`, one masked row above, two masked columns right.
    fn padded() -> View {
        contiguous(&[2, 3]).pad(&[(1, 0), (0, 2)]).unwrap()
    }

    #[test]
    fn transpose_then_reshape_is_not_affine() {
        // tinygrad's ShapeTracker notes' example: (3,2) -> permute (1,0) -> reshape (3,2) reads
        // memory 0 2 4 1 3 5
        let inner = contiguous(&[3, 2]).permute(&[1, 0]).unwrap();
        let outer = contiguous(&[3, 2]);
        let witness = Witness::NotAffine {
            origin: vec![0, 0],
            point: vec![1, 1],
            predicted: 6,
            actual: 1,
        };
        assert_eq!(
            witness.describe(),
            "from (0, 0) the strides measured along each axis predict offset 6 at (1, 1), \
             but the stack gives 1, and a view's offsets are affine"
        );
        check(&inner, &outer, MergeVerdict::NotMergeable(witness));
    }

    #[test]
    fn padded_rows_read_through_a_window_merge() {
        // outer (i, j) -> address 5 + 5i + j -> inner (1 + i, j), valid for j < 3 -> 3i + j
        let outer = view(&[2, 5], &[5, 1], 5, None);
        let merged = view(&[2, 5], &[3, 1], 0, Some(&[(0, 2), (0, 3)]));
        check(&padded(), &outer, MergeVerdict::Mergeable(merged));
    }

    #[test]
    fn padded_buffer_flattened_is_not_a_box() {
        // valid flat indices 5..8 and 10..13: 8 lies between them and is padding
        let witness = Witness::NotABox {
            inside: vec![8],
            bounding_box: vec![(5, 13)],
        };
        assert_eq!(
            witness.describe(),
            "the valid coordinates span the box [5, 13) but (8,) inside it is masked, \
             and a view's valid set is always a box"
        );
        check(
            &padded(),
            &contiguous(&[15]),
            MergeVerdict::NotMergeable(witness),
        );
    }

    #[test]
    fn nothing_valid_is_the_all_masked_view() {
        // row 0 of the padded buffer is all padding
        let outer = view(&[1, 5], &[0, 1], 0, None);
        let masked = View::create(&[1, 5], None, 0, Some(&[(0, 0), (0, 0)])).unwrap();
        assert_eq!(masked.mask(), Some(&[(0, 0), (0, 0)][..]));
        check(&padded(), &outer, MergeVerdict::Mergeable(masked));
        // an outer view with a zero dim has no coordinates at all
        check(
            &padded(),
            &contiguous(&[3, 0]),
            MergeVerdict::Mergeable(contiguous(&[3, 0])),
        );
    }

    #[test]
    fn a_masked_scalar_is_no_view() {
        // tinygrad test_empty_shape_view2: its `v0 + v1` is None, and rightly so
        let inner = view(&[2], &[0], 0, Some(&[(1, 2)]));
        check(
            &inner,
            &contiguous(&[]),
            MergeVerdict::NotMergeable(Witness::MaskedScalar),
        );
        // the valid element of the same buffer is a plain scalar at offset 0
        let outer = view(&[], &[], 1, None);
        check(&inner, &outer, MergeVerdict::Mergeable(contiguous(&[])));
    }

    /// tinygrad 0.11.0 `test/unit/test_view.py` `test_merges_from_fuzzer1..5` are
    /// `expectedFailure`: `v0 + v1` is `None` although `target` has the same offsets.
    #[test]
    fn finds_the_views_tinygrad_misses() {
        type Fields<'a> = (&'a [i64], &'a [i64], i64, &'a [Range]);
        let cases: [(Fields, Fields, Fields); 5] = [
            (
                (&[2, 4], &[2, 1], -2, &[(0, 2), (2, 4)]),
                (&[2, 4, 2, 2], &[4, 0, -2, -1], 3, &[]),
                (
                    &[2, 4, 2, 2],
                    &[2, 0, 0, -1],
                    1,
                    &[(0, 2), (0, 4), (0, 1), (0, 2)],
                ),
            ),
            (
                (
                    &[5, 10, 12],
                    &[100, 1, 10],
                    -20,
                    &[(0, 5), (0, 10), (2, 12)],
                ),
                (&[10, 6, 5, 2, 2], &[12, 2, 120, 1, 0], 0, &[]),
                (
                    &[10, 6, 5, 2, 2],
                    &[1, 20, 100, 10, 0],
                    -20,
                    &[(0, 10), (1, 6), (0, 5), (0, 2), (0, 2)],
                ),
            ),
            (
                (&[8, 7, 3], &[1, 12, -4], 6, &[(2, 6), (0, 7), (0, 3)]),
                (&[4, 2, 6, 2, 1], &[42, 21, 3, 1, 0], 4, &[]),
                (
                    &[4, 2, 6, 2, 1],
                    &[2, 1, 12, -4, 0],
                    14,
                    &[(1, 3), (0, 2), (0, 6), (0, 2), (0, 1)],
                ),
            ),
            (
                (&[7, 21, 3], &[54, 3, 1], -9, &[(0, 6), (3, 21), (0, 3)]),
                (&[5, 3, 3, 7], &[63, 1, 3, 9], 63, &[]),
                (
                    &[5, 3, 3, 7],
                    &[54, 1, 3, 9],
                    45,
                    &[(0, 5), (0, 3), (0, 3), (1, 7)],
                ),
            ),
            (
                (&[5, 1, 24], &[20, 0, 1], -2, &[(0, 5), (0, 1), (2, 22)]),
                (&[12, 2, 5, 2, 1], &[2, 1, 24, 0, 0], 0, &[]),
                (
                    &[12, 2, 5, 2, 1],
                    &[2, 1, 20, 0, 0],
                    -2,
                    &[(1, 11), (0, 2), (0, 5), (0, 2), (0, 1)],
                ),
            ),
        ];
        let build = |(shape, strides, offset, mask): Fields| {
            view(shape, strides, offset, (!mask.is_empty()).then_some(mask))
        };
        for (number, (inner, outer, target)) in cases.into_iter().enumerate() {
            let (inner, outer, target) = (build(inner), build(outer), build(target));
            assert_eq!(
                merge_views(&inner, &outer).unwrap(),
                None,
                "fuzzer{}",
                number + 1
            );
            let MergeVerdict::Mergeable(merged) = decide_merge(&inner, &outer, 1 << 16).unwrap()
            else {
                panic!("fuzzer{}: no view found", number + 1);
            };
            let offsets = merged.offsets(1 << 16).unwrap();
            assert_eq!(
                offsets,
                stack_offsets(&inner, &outer),
                "fuzzer{}",
                number + 1
            );
            assert_eq!(
                offsets,
                target.offsets(1 << 16).unwrap(),
                "fuzzer{}",
                number + 1
            );
        }
    }

    #[test]
    fn agrees_with_tinygrad_where_tinygrad_merges() {
        // tinygrad test_with_mask_1: v0 + v1 is (3,3,2,2):(27,9,3,1) offset 1
        let inner = view(
            &[3, 3, 5, 3],
            &[27, 9, 3, 1],
            -6,
            Some(&[(0, 3), (0, 3), (2, 4), (1, 3)]),
        );
        let outer = view(&[3, 3, 2, 2], &[45, 15, 3, 1], 7, None);
        let merged = view(&[3, 3, 2, 2], &[27, 9, 3, 1], 1, None);
        assert_eq!(merge_views(&inner, &outer).unwrap(), Some(merged.clone()));
        check(&inner, &outer, MergeVerdict::Mergeable(merged));
    }

    #[test]
    fn too_large_is_typed() {
        let outer = contiguous(&[64, 64]);
        assert_eq!(
            decide_merge(&contiguous(&[4096]), &outer, 1000),
            Err(LayoutError::TooLarge {
                what: "the outer view",
                size: 4096,
                limit: 1000
            })
        );
    }
}
