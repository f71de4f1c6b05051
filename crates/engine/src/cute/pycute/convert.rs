//! Conversions between tinygrad views and CuTe layouts, with the reason where none exists.
//!
//! A view is row-major (the last dim varies fastest) and a layout colexicographic (the first
//! mode varies fastest), so the modes are reversed: `View(shape=(3, 4), strides=(4, 1))` is
//! `(4,3):(1,4)`, and `L(i)` equals the view's address of its `i`-th row-major element.

use std::fmt;

use super::layout::{IntTuple, Layout};
use crate::view::View;

/// Why a view has no layout, or a layout no view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoConversion {
    /// A layout has no validity mask.
    Masked {
        /// The view's mask, one `[begin, end)` per dimension.
        mask: Vec<(i64, i64)>,
    },
    /// A layout starts at address 0.
    Offset {
        /// The view's offset, in elements.
        offset: i64,
    },
    /// Layouts here map into non-negative addresses by non-negative strides.
    NegativeStride {
        /// The view dimension (row-major, from 0) whose stride is negative.
        axis: usize,
        /// That stride.
        stride: i64,
    },
    /// A view's dims are flat; a nested mode has no single dim to become.
    Nested {
        /// The layout, in CuTe notation.
        layout: String,
    },
    /// The layout does not fit a view's 64-bit arithmetic.
    TooLarge {
        /// Why, as [`View::create`]'s error says it.
        reason: String,
    },
}

impl fmt::Display for NoConversion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoConversion::Masked { mask } => write!(
                f,
                "the view is masked {}; a CuTe layout has no validity mask",
                crate::support::text::pairs(mask)
            ),
            NoConversion::Offset { offset } => write!(
                f,
                "the view starts at offset {offset}; a CuTe layout starts at 0"
            ),
            NoConversion::NegativeStride { axis, stride } => write!(
                f,
                "dimension {axis} has stride {stride}; only non-negative strides convert"
            ),
            NoConversion::Nested { layout } => write!(
                f,
                "{layout} is nested; only flat layouts (one level of modes) are views"
            ),
            NoConversion::TooLarge { reason } => write!(f, "{reason}"),
        }
    }
}

/// The flat layout with the view's dims reversed: `(d_{n-1},…,d_0):(s_{n-1},…,s_0)`;
/// a scalar view is `1:0`.
///
/// # Errors
/// The first of: a mask, a non-zero offset, a negative stride.
pub fn layout_from_view(view: &View) -> Result<Layout, NoConversion> {
    if let Some(mask) = view.mask() {
        return Err(NoConversion::Masked {
            mask: mask.to_vec(),
        });
    }
    if view.offset() != 0 {
        return Err(NoConversion::Offset {
            offset: view.offset(),
        });
    }
    if let Some((axis, &stride)) = view.strides().iter().enumerate().find(|(_, &s)| s < 0) {
        return Err(NoConversion::NegativeStride { axis, stride });
    }
    if view.rank() == 0 {
        return Ok(Layout::from_parts(IntTuple::Int(1), IntTuple::Int(0)));
    }
    let modes =
        |values: &[i64]| IntTuple::Tuple(values.iter().rev().map(|&v| IntTuple::Int(v)).collect());
    Ok(Layout::from_parts(
        modes(view.shape()),
        modes(view.strides()),
    ))
}

/// The view of a flat layout: its modes reversed into row-major dims (an int-shaped layout is
/// one dim), canonicalised by [`View::create`].
///
/// # Errors
/// A nested layout, a negative stride, or sizes the view cannot hold.
pub fn view_from_layout(layout: &Layout) -> Result<View, NoConversion> {
    if layout.depth() > 1 {
        return Err(NoConversion::Nested {
            layout: layout.to_string(),
        });
    }
    let modes = layout.flat_modes();
    let rank = modes.len();
    if let Some((k, &(_, stride))) = modes.iter().enumerate().find(|(_, (_, d))| *d < 0) {
        return Err(NoConversion::NegativeStride {
            axis: rank - 1 - k,
            stride,
        });
    }
    let shape: Vec<i64> = modes.iter().rev().map(|m| m.0).collect();
    let strides: Vec<i64> = modes.iter().rev().map(|m| m.1).collect();
    View::create(&shape, Some(&strides), 0, None).map_err(|e| NoConversion::TooLarge {
        reason: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RowMajor;

    #[test]
    fn layout_function_equals_row_major_addresses() {
        let view = View::create(&[3, 4, 2], Some(&[1, 6, 3]), 0, None).unwrap();
        let layout = layout_from_view(&view).unwrap();
        assert_eq!(layout.to_string(), "(2,4,3):(3,6,1)");
        for (i, coord) in RowMajor::new(view.shape()).enumerate() {
            assert_eq!(
                layout.call(i as i64).unwrap(),
                view.offset_from_coord(&coord).unwrap()
            );
        }
        assert_eq!(view_from_layout(&layout).unwrap(), view);
        assert_eq!(
            view_from_layout(&Layout::parse("8:1").unwrap()).unwrap(),
            View::contiguous_of(&[8]).unwrap()
        );
    }

    #[test]
    fn reasons_where_no_conversion_exists() {
        let masked = View::create(&[4], None, 0, Some(&[(1, 3)])).unwrap();
        assert!(matches!(
            layout_from_view(&masked),
            Err(NoConversion::Masked { .. })
        ));
        let shifted = View::create(&[4], None, 2, None).unwrap();
        assert_eq!(
            layout_from_view(&shifted),
            Err(NoConversion::Offset { offset: 2 })
        );
        let flipped = View::contiguous_of(&[2, 3])
            .unwrap()
            .flip(&[false, true])
            .unwrap();
        assert!(matches!(
            layout_from_view(&flipped),
            Err(NoConversion::Offset { .. })
        ));
        let negative = View::create(&[2, 3], Some(&[-3, 1]), 0, None).unwrap();
        assert_eq!(
            layout_from_view(&negative),
            Err(NoConversion::NegativeStride {
                axis: 0,
                stride: -3
            })
        );
        let nested = Layout::parse("((2,2),4):((1,2),4)").unwrap();
        assert!(view_from_layout(&nested)
            .unwrap_err()
            .to_string()
            .contains("nested"));
    }
}
