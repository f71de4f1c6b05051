//! Oracles of the view properties: offsets, stacks and movement ops computed from a view's
//! fields alone, sharing no code with the engine.

use layout_lab_engine::{MovementOp, View};

pub fn size_of(shape: &[i64]) -> i64 {
    shape.iter().product()
}

/// Every coordinate of `shape` in row-major order (one empty coordinate at rank 0).
pub fn coords(shape: &[i64]) -> Vec<Vec<i64>> {
    let count = size_of(shape).max(0);
    (0..count)
        .map(|mut index| {
            let mut coord = vec![0; shape.len()];
            for axis in (0..shape.len()).rev() {
                coord[axis] = index % shape[axis];
                index /= shape[axis];
            }
            coord
        })
        .collect()
}

/// Row-major position of an in-range coordinate.
pub fn linear(shape: &[i64], coord: &[i64]) -> usize {
    let index = shape
        .iter()
        .zip(coord)
        .fold(0i64, |acc, (&dim, &i)| acc * dim + i);
    usize::try_from(index).expect("in-range coordinates have a non-negative position")
}

/// Python's `unravel`: the outermost dim wraps too.
pub fn unravel(shape: &[i64], address: i64) -> Vec<i64> {
    let mut coord = vec![0; shape.len()];
    let mut acc: i64 = 1;
    for axis in (0..shape.len()).rev() {
        let dim = shape[axis].max(1);
        coord[axis] = address.div_euclid(acc).rem_euclid(dim);
        acc = acc.saturating_mul(dim);
    }
    coord
}

/// `offset + Σ strides[k]·coord[k]` inside the mask, from the view's fields.
pub fn view_offset(view: &View, coord: &[i64]) -> Option<i64> {
    if let Some(mask) = view.mask() {
        if !coord.iter().zip(mask).all(|(&i, &(b, e))| b <= i && i < e) {
            return None;
        }
    }
    let address = coord
        .iter()
        .zip(view.strides())
        .map(|(&i, &s)| i128::from(i) * i128::from(s))
        .sum::<i128>()
        + i128::from(view.offset());
    Some(i64::try_from(address).expect("a view's addresses fit in an i64"))
}

pub fn view_offsets(view: &View) -> Vec<Option<i64>> {
    coords(view.shape())
        .iter()
        .map(|coord| view_offset(view, coord))
        .collect()
}

/// The stack `[inner, outer]` at every coordinate of `outer`.
pub fn stack_offsets(inner: &View, outer: &View) -> Vec<Option<i64>> {
    coords(outer.shape())
        .iter()
        .map(|coord| {
            let address = view_offset(outer, coord)?;
            view_offset(inner, &unravel(inner.shape(), address))
        })
        .collect()
}

/// A materialised buffer: buffer index per element in row-major order, `None` for padding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dense {
    pub shape: Vec<i64>,
    pub cells: Vec<Option<i64>>,
}

pub fn ceil_div(a: i64, b: i64) -> i64 {
    (a + b - 1) / b
}

impl Dense {
    pub fn arange(shape: &[i64]) -> Dense {
        Dense {
            shape: shape.to_vec(),
            cells: (0..size_of(shape)).map(Some).collect(),
        }
    }

    /// Element `c` of the result is element `source(c)` of `self`, or padding for `None`.
    fn gather(&self, shape: Vec<i64>, source: impl Fn(&[i64]) -> Option<Vec<i64>>) -> Dense {
        let cells = coords(&shape)
            .iter()
            .map(|coord| source(coord).and_then(|old| self.cells[linear(&self.shape, &old)]))
            .collect();
        Dense { shape, cells }
    }

    pub fn apply(&self, op: &MovementOp) -> Dense {
        let old = &self.shape;
        match op {
            MovementOp::Reshape(shape) => Dense {
                shape: shape.clone(),
                cells: self.cells.clone(),
            },
            MovementOp::Simplify => self.clone(),
            MovementOp::Permute(axes) => {
                let shape = axes.iter().map(|&a| old[a]).collect();
                self.gather(shape, |c| {
                    let mut source = vec![0; c.len()];
                    for (k, &a) in axes.iter().enumerate() {
                        source[a] = c[k];
                    }
                    Some(source)
                })
            }
            MovementOp::Expand(shape) => self.gather(shape.clone(), |c| {
                Some(
                    c.iter()
                        .zip(old)
                        .map(|(&i, &d)| if d == 1 { 0 } else { i })
                        .collect(),
                )
            }),
            MovementOp::Pad(arg) => {
                let shape = old.iter().zip(arg).map(|(&d, &(b, a))| d + b + a).collect();
                self.gather(shape, |c| {
                    c.iter()
                        .zip(old.iter().zip(arg))
                        .map(|(&i, (&d, &(b, _)))| (b <= i && i < b + d).then_some(i - b))
                        .collect()
                })
            }
            MovementOp::Shrink(arg) => {
                let shape = arg.iter().map(|&(b, e)| e - b).collect();
                self.gather(shape, |c| {
                    Some(c.iter().zip(arg).map(|(&i, &(b, _))| i + b).collect())
                })
            }
            MovementOp::Flip(flags) => self.gather(old.clone(), |c| {
                Some(
                    c.iter()
                        .zip(old.iter().zip(flags))
                        .map(|(&i, (&d, &f))| if f { d - 1 - i } else { i })
                        .collect(),
                )
            }),
            MovementOp::Stride(mul) => {
                let shape = old
                    .iter()
                    .zip(mul)
                    .map(|(&d, &m)| ceil_div(d, m.abs()))
                    .collect();
                self.gather(shape, |c| {
                    Some(
                        c.iter()
                            .zip(old.iter().zip(mul))
                            .map(|(&i, (&d, &m))| if m > 0 { i * m } else { d - 1 + i * m })
                            .collect(),
                    )
                })
            }
        }
    }
}

/// The shape after `op`, without the engine.
pub fn shape_after(shape: &[i64], op: &MovementOp) -> Vec<i64> {
    match op {
        MovementOp::Reshape(new) | MovementOp::Expand(new) => new.clone(),
        MovementOp::Simplify | MovementOp::Flip(_) => shape.to_vec(),
        MovementOp::Permute(axes) => axes.iter().map(|&a| shape[a]).collect(),
        MovementOp::Pad(arg) => shape
            .iter()
            .zip(arg)
            .map(|(&d, &(b, a))| d + b + a)
            .collect(),
        MovementOp::Shrink(arg) => arg.iter().map(|&(b, e)| e - b).collect(),
        MovementOp::Stride(mul) => shape
            .iter()
            .zip(mul)
            .map(|(&d, &m)| ceil_div(d, m.abs()))
            .collect(),
    }
}
