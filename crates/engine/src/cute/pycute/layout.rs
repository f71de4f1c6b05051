//! CuTe int tuples and layouts `S:D`, with pycute's (CUTLASS 4.2) semantics.
//!
//! An int and a 1-tuple are different: `8:1` has rank 1 and an int shape, `(8):(1)` (pycute
//! `(8,):(1,)`) has one mode whose shape is a tuple. Coordinates are colexicographic: the first
//! mode varies fastest, so `L(i) = Σ_k crd_k(i)·d_k`.

use std::fmt;

use crate::error::{Field, LayoutError};
use crate::support::arith::{floor_div, floor_mod};
use crate::support::cursor::Cursor;

use crate::cute::notation::{int_tuple, TupleSyntax, MAX_NOTATION_CHARS};

/// How a layout's shape and stride read: signed ints, pycute's `(8,)` for a 1-tuple.
pub(crate) const LAYOUT_TUPLE: TupleSyntax = TupleSyntax {
    field: Field::Shape,
    signed: true,
    blank: false,
    trailing_comma: true,
    leaf: "an integer or “(”",
    too_big: "an integer that fits in 64 bits",
    brackets: "parentheses",
};

/// A CuTe int tuple: an int or a (possibly empty, possibly nested) tuple of int tuples. An int
/// and a 1-tuple differ: `8` has rank 1 and depth 0, `(8)` rank 1 and depth 1.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum IntTuple {
    /// A leaf, such as a size or a stride.
    Int(i64),
    /// A tuple of modes, such as `(4,(2,3))`.
    Tuple(Vec<IntTuple>),
}

/// Which of the two notations to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// CuTe DSL: `((4,4),4):((16,1),4)`, a 1-tuple `(8)`.
    Cute,
    /// pycute / Python: `((4, 4), 4):((16, 1), 4)`, a 1-tuple `(8,)`.
    Python,
}

pub(crate) fn algebra_error(condition: impl Into<String>) -> LayoutError {
    LayoutError::BadArgument {
        op: "layout algebra",
        arg: String::new(),
        expected: condition.into(),
    }
}

pub(crate) fn overflow() -> LayoutError {
    LayoutError::Overflow {
        what: "a layout size or stride",
    }
}

/// `a // b` (floor), an error for `b == 0` where pycute raises `ZeroDivisionError`.
pub(crate) fn div(a: i64, b: i64) -> Result<i64, LayoutError> {
    if b == 0 {
        return Err(algebra_error(
            "a non-zero divisor (integer division by zero)",
        ));
    }
    if a == i64::MIN && b == -1 {
        return Err(overflow());
    }
    Ok(floor_div(a, b))
}

/// `a % b` (floor), an error for `b == 0`.
pub(crate) fn rem(a: i64, b: i64) -> Result<i64, LayoutError> {
    if b == 0 {
        return Err(algebra_error("a non-zero divisor (integer modulo by zero)"));
    }
    if b == -1 {
        return Ok(0);
    }
    Ok(floor_mod(a, b))
}

pub(crate) fn mul(a: i64, b: i64) -> Result<i64, LayoutError> {
    a.checked_mul(b).ok_or_else(overflow)
}

impl IntTuple {
    /// Whether this is a leaf (not a tuple, even a 1-tuple).
    pub fn is_int(&self) -> bool {
        matches!(self, IntTuple::Int(_))
    }

    /// Number of modes: a tuple's length, 1 for an int.
    pub fn rank(&self) -> usize {
        match self {
            IntTuple::Int(_) => 1,
            IntTuple::Tuple(items) => items.len(),
        }
    }

    /// Nesting depth: 0 for an int.
    pub fn depth(&self) -> usize {
        match self {
            IntTuple::Int(_) => 0,
            IntTuple::Tuple(items) => 1 + items.iter().map(IntTuple::depth).max().unwrap_or(0),
        }
    }

    /// The same nesting with every int replaced by 0 (pycute `profile` style comparisons).
    pub fn profile(&self) -> IntTuple {
        match self {
            IntTuple::Int(_) => IntTuple::Int(0),
            IntTuple::Tuple(items) => {
                IntTuple::Tuple(items.iter().map(IntTuple::profile).collect())
            }
        }
    }

    /// Leaves, left to right.
    pub fn flatten(&self) -> Vec<i64> {
        match self {
            IntTuple::Int(v) => vec![*v],
            IntTuple::Tuple(items) => items.iter().flat_map(IntTuple::flatten).collect(),
        }
    }

    /// `Π leaves` (1 for an empty tuple).
    ///
    /// # Errors
    /// `Overflow`.
    pub fn product(&self) -> Result<i64, LayoutError> {
        match self {
            IntTuple::Int(v) => Ok(*v),
            IntTuple::Tuple(items) => items
                .iter()
                .try_fold(1i64, |acc, item| mul(acc, item.product()?)),
        }
    }

    /// Mode `i`: a tuple's item, the int itself for `i == 0`.
    ///
    /// # Errors
    /// An index past the last mode.
    pub fn mode(&self, i: usize) -> Result<&IntTuple, LayoutError> {
        match self {
            IntTuple::Int(_) if i == 0 => Ok(self),
            IntTuple::Tuple(items) if i < items.len() => Ok(&items[i]),
            _ => Err(algebra_error(format!(
                "mode {i} of a rank-{} tuple",
                self.rank()
            ))),
        }
    }

    /// Same nesting structure (ints against ints, tuples of equal length against tuples).
    pub fn congruent(&self, other: &IntTuple) -> bool {
        match (self, other) {
            (IntTuple::Int(_), IntTuple::Int(_)) => true,
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }

    /// The tuple as written in `notation`: `(4,(2,3))` or `(4, (2, 3))`, a 1-tuple `(8)` or `(8,)`.
    pub fn to_notation(&self, notation: Notation) -> String {
        match self {
            IntTuple::Int(v) => v.to_string(),
            IntTuple::Tuple(items) => {
                let parts: Vec<String> = items.iter().map(|i| i.to_notation(notation)).collect();
                match notation {
                    Notation::Cute => format!("({})", parts.join(",")),
                    Notation::Python if parts.len() == 1 => format!("({},)", parts[0]),
                    Notation::Python => format!("({})", parts.join(", ")),
                }
            }
        }
    }
}

/// pycute `prefix_product(a, init)`: the compact colexicographic strides of `a`.
///
/// # Errors
/// `Overflow`.
pub fn prefix_product(a: &IntTuple, init: i64) -> Result<IntTuple, LayoutError> {
    match a {
        IntTuple::Int(_) => Ok(IntTuple::Int(init)),
        IntTuple::Tuple(items) => {
            let mut acc = init;
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(prefix_product(item, acc)?);
                acc = mul(acc, item.product()?)?;
            }
            Ok(IntTuple::Tuple(out))
        }
    }
}

/// pycute `shape_div(a, b)`.
///
/// # Errors
/// Where pycute asserts (neither divides the other) or divides by zero.
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple, LayoutError> {
    match (a, b) {
        (IntTuple::Tuple(xs), IntTuple::Tuple(ys)) => {
            if xs.len() != ys.len() {
                return Err(algebra_error("shape_div of tuples of equal length"));
            }
            Ok(IntTuple::Tuple(
                xs.iter()
                    .zip(ys)
                    .map(|(x, y)| shape_div(x, y))
                    .collect::<Result<_, _>>()?,
            ))
        }
        (IntTuple::Tuple(xs), IntTuple::Int(_)) => {
            let mut b = b.clone();
            let mut out = Vec::with_capacity(xs.len());
            for x in xs {
                out.push(shape_div(x, &b)?);
                b = shape_div(&b, &IntTuple::Int(x.product()?))?;
            }
            Ok(IntTuple::Tuple(out))
        }
        (IntTuple::Int(_), IntTuple::Tuple(_)) => shape_div(a, &IntTuple::Int(b.product()?)),
        (IntTuple::Int(x), IntTuple::Int(y)) => {
            if rem(*x, *y)? != 0 && rem(*y, *x)? != 0 {
                return Err(algebra_error(format!("{x} and {y} to divide one another")));
            }
            div(x.checked_add(*y).ok_or_else(overflow)? - 1, *y).map(IntTuple::Int)
        }
    }
}

/// A CuTe layout `shape:stride` with congruent shape and stride.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    shape: IntTuple,
    stride: IntTuple,
}

impl Layout {
    /// `shape:stride`.
    ///
    /// # Errors
    /// `BadArgument` unless shape and stride are congruent and sizes are `>= 0`.
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout, LayoutError> {
        if !shape.congruent(&stride) {
            return Err(LayoutError::BadArgument {
                op: "layout",
                arg: format!(
                    "{}:{}",
                    shape.to_notation(Notation::Cute),
                    stride.to_notation(Notation::Cute)
                ),
                expected: "a stride with the same nesting as the shape".into(),
            });
        }
        if let Some(&negative) = shape.flatten().iter().find(|&&s| s < 0) {
            return Err(LayoutError::NegativeDim {
                axis: 0,
                value: negative,
            });
        }
        Ok(Layout { shape, stride })
    }

    /// The compact colexicographic layout of `shape` (pycute `Layout(shape)`).
    ///
    /// # Errors
    /// `Overflow`, negative sizes.
    pub fn compact(shape: IntTuple) -> Result<Layout, LayoutError> {
        let stride = prefix_product(&shape, 1)?;
        Layout::new(shape, stride)
    }

    pub(crate) fn from_parts(shape: IntTuple, stride: IntTuple) -> Layout {
        debug_assert!(shape.congruent(&stride));
        Layout { shape, stride }
    }

    /// The shape `S` of `S:D`: sizes, nested as the modes are.
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }
    /// The stride `D` of `S:D`, congruent with the shape; strides may be negative or 0.
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }
    /// Number of top-level modes: 1 for an int shape.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }
    /// Nesting depth of the shape: 0 for an int shape such as `8:1`.
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// Mode `i` as a layout.
    ///
    /// # Errors
    /// An index past the last mode.
    pub fn mode(&self, i: usize) -> Result<Layout, LayoutError> {
        Ok(Layout::from_parts(
            self.shape.mode(i)?.clone(),
            self.stride.mode(i)?.clone(),
        ))
    }

    /// Every mode, in order (an int-shaped layout is its own only mode).
    pub fn modes(&self) -> Vec<Layout> {
        match (&self.shape, &self.stride) {
            (IntTuple::Tuple(s), IntTuple::Tuple(d)) => s
                .iter()
                .zip(d)
                .map(|(s, d)| Layout::from_parts(s.clone(), d.clone()))
                .collect(),
            _ => vec![self.clone()],
        }
    }

    /// `(shape, stride)` leaf pairs, left to right.
    pub fn flat_modes(&self) -> Vec<(i64, i64)> {
        self.shape
            .flatten()
            .into_iter()
            .zip(self.stride.flatten())
            .collect()
    }

    /// Size of the domain, `Π shape`.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn size(&self) -> Result<i64, LayoutError> {
        self.shape.product()
    }

    /// pycute `cosize`: `L(size - 1) + 1`.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn cosize(&self) -> Result<i64, LayoutError> {
        self.call(self.size()? - 1)?
            .checked_add(1)
            .ok_or_else(overflow)
    }

    /// The layout function on a 1-D colexicographic index (pycute `L(i)`); an index past the
    /// size runs on along the last mode, as pycute's does.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn call(&self, index: i64) -> Result<i64, LayoutError> {
        crd2idx_int(index, &self.shape, &self.stride)
    }

    /// `[L(0), L(1), …]`, at most `limit` values.
    ///
    /// # Errors
    /// `TooLarge` above `limit`; `Overflow`.
    pub fn values(&self, limit: usize) -> Result<Vec<i64>, LayoutError> {
        let size = self.size()?;
        if size < 0 || size as u128 > limit as u128 {
            return Err(LayoutError::TooLarge {
                what: "the layout",
                size: size.max(0) as u128,
                limit: limit as u128,
            });
        }
        let modes = self.flat_modes();
        // when Σ (s-1)·|d| fits, no partial sum can overflow: walk the flat modes as an
        // odometer (the first mode fastest), one addition per element
        let bound = modes.iter().try_fold(0i64, |acc, &(s, d)| {
            (s - 1)
                .max(0)
                .checked_mul(d.checked_abs()?)?
                .checked_add(acc)
        });
        if bound.is_none() {
            return (0..size).map(|i| self.call(i)).collect();
        }
        let mut out = Vec::with_capacity(size as usize);
        let mut coord = vec![0i64; modes.len()];
        let mut offset = 0i64;
        for _ in 0..size {
            out.push(offset);
            for (k, &(s, d)) in modes.iter().enumerate() {
                if coord[k] + 1 < s {
                    coord[k] += 1;
                    offset += d;
                    break;
                }
                // (s-1)·|d| fits: the bound above
                offset -= d * (coord[k]);
                coord[k] = 0;
            }
        }
        Ok(out)
    }

    /// `S:D` in `notation`: `((4,4),4):((16,1),4)` or `((4, 4), 4):((16, 1), 4)`.
    pub fn to_notation(&self, notation: Notation) -> String {
        format!(
            "{}:{}",
            self.shape.to_notation(notation),
            self.stride.to_notation(notation)
        )
    }

    /// Parses `S:D` in CuTe or Python notation; `S` alone is the compact layout of `S`.
    ///
    /// # Errors
    /// `Parse` with the position; `BadArgument` when shape and stride are not congruent.
    pub fn parse(text: &str) -> Result<Layout, LayoutError> {
        let mut cur = Cursor::new(text);
        if cur.chars.len() > MAX_NOTATION_CHARS {
            return Err(cur.error(
                Field::Shape,
                format!("at most {MAX_NOTATION_CHARS} characters"),
            ));
        }
        let shape = int_tuple(&mut cur, &LAYOUT_TUPLE, 0)?;
        let layout = if cur.eat(':') {
            let stride = int_tuple(&mut cur, &LAYOUT_TUPLE, 0)?;
            Layout::new(shape, stride)?
        } else {
            Layout::compact(shape)?
        };
        if cur.peek().is_some() {
            return Err(cur.error(Field::Shape, "the end of the layout (shape:stride)"));
        }
        Ok(layout)
    }
}

impl fmt::Display for Layout {
    /// CuTe notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation(Notation::Cute))
    }
}

/// pycute `crd2idx(crd, shape, stride)` for an int coordinate.
pub fn crd2idx_int(crd: i64, shape: &IntTuple, stride: &IntTuple) -> Result<i64, LayoutError> {
    match (shape, stride) {
        (IntTuple::Int(_), IntTuple::Int(d)) => mul(crd, *d),
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => {
            if s.len() != d.len() {
                return Err(algebra_error("a stride with the shape's length"));
            }
            let Some(last) = s.len().checked_sub(1) else {
                return Ok(0);
            };
            let mut crd = crd;
            let mut result = 0i64;
            for i in 0..last {
                let n = s[i].product()?;
                let part = crd2idx_int(rem(crd, n)?, &s[i], &d[i])?;
                result = result.checked_add(part).ok_or_else(overflow)?;
                crd = div(crd, n)?;
            }
            result
                .checked_add(crd2idx_int(crd, &s[last], &d[last])?)
                .ok_or_else(overflow)
        }
        _ => Err(algebra_error("a stride congruent with the shape")),
    }
}

/// pycute `idx2crd(idx, shape)` with compact strides: the colexicographic coordinate.
///
/// # Errors
/// `Overflow`.
pub fn idx2crd(idx: i64, shape: &IntTuple) -> Result<IntTuple, LayoutError> {
    fn go(idx: i64, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple, LayoutError> {
        match (shape, stride) {
            (IntTuple::Int(s), IntTuple::Int(d)) => Ok(IntTuple::Int(rem(div(idx, *d)?, *s)?)),
            (IntTuple::Tuple(s), IntTuple::Tuple(d)) => Ok(IntTuple::Tuple(
                s.iter()
                    .zip(d)
                    .map(|(s, d)| go(idx, s, d))
                    .collect::<Result<_, _>>()?,
            )),
            _ => Err(algebra_error("a stride congruent with the shape")),
        }
    }
    go(idx, shape, &prefix_product(shape, 1)?)
}

/// The hierarchical coordinate `crd` (congruent with `shape`) to its index under `stride`.
///
/// # Errors
/// `BadArgument` for a coordinate of another nesting; `Overflow`.
pub fn crd2idx(crd: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<i64, LayoutError> {
    match (crd, shape, stride) {
        (IntTuple::Int(c), _, _) => crd2idx_int(*c, shape, stride),
        (IntTuple::Tuple(c), IntTuple::Tuple(s), IntTuple::Tuple(d)) if c.len() == s.len() => {
            c.iter().zip(s).zip(d).try_fold(0i64, |acc, ((c, s), d)| {
                acc.checked_add(crd2idx(c, s, d)?).ok_or_else(overflow)
            })
        }
        _ => Err(algebra_error("a coordinate congruent with the shape")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_walk_every_index_like_call() {
        for text in [
            "((4,4),4):((16,1),4)",
            "(2,(3,4)):(-5,(0,7))",
            "(((4,(2,2)),(8,3)),((2,1),(4,2))):(((1,(4,8)),(-9,128)),((16,0),(3,5)))",
            "(2,2):(4611686018427387904,1)",
            "(3,2):(4611686018427387904,-4611686018427387904)",
            "0:1",
            "1:0",
        ] {
            let l = Layout::parse(text).unwrap();
            let by_call: Result<Vec<i64>, _> = (0..l.size().unwrap()).map(|i| l.call(i)).collect();
            assert!(l.values(1 << 16) == by_call, "{text}");
        }
    }

    #[track_caller]
    fn check_round_trip(cute: &str, python: &str) {
        let a = Layout::parse(cute).unwrap();
        let b = Layout::parse(python).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_notation(Notation::Cute), cute);
        assert_eq!(a.to_notation(Notation::Python), python);
    }

    #[test]
    fn notations_round_trip_and_keep_ints_apart_from_one_tuples() {
        check_round_trip("((4,4),4):((16,1),4)", "((4, 4), 4):((16, 1), 4)");
        check_round_trip("(8):(1)", "(8,):(1,)");
        check_round_trip("8:1", "8:1");
        check_round_trip("(2,(2,3)):(1,(4,8))", "(2, (2, 3)):(1, (4, 8))");
        assert_ne!(
            Layout::parse("8:1").unwrap(),
            Layout::parse("(8):(1)").unwrap()
        );
        assert_eq!(Layout::parse("(4,2)").unwrap().to_string(), "(4,2):(1,4)");
    }

    #[test]
    fn layout_function_and_coordinates() {
        let l = Layout::parse("((4,4),4):((16,1),4)").unwrap();
        assert_eq!((l.size().unwrap(), l.rank(), l.depth()), (64, 2, 2));
        assert_eq!(l.call(1).unwrap(), 16);
        assert_eq!(l.call(4).unwrap(), 1);
        assert_eq!(l.call(16).unwrap(), 4);
        assert_eq!(l.cosize().unwrap(), 64);
        let crd = idx2crd(17, l.shape()).unwrap();
        assert_eq!(crd.to_notation(Notation::Cute), "((1,0),1)");
        assert_eq!(
            crd2idx(&crd, l.shape(), l.stride()).unwrap(),
            l.call(17).unwrap()
        );
    }

    #[test]
    fn parse_errors_are_typed() {
        for (text, expect) in [
            ("(4,4", "“,” or “)”"),
            ("(4,4):(1)", "same nesting"),
            ("x:1", "an integer or “(”"),
            ("4:1 extra", "the end"),
            ("99999999999999999999:1", "fits in 64 bits"),
        ] {
            let message = Layout::parse(text).unwrap_err().to_string();
            assert!(message.contains(expect), "{text}: {message}");
        }
        assert!(Layout::parse(&"(".repeat(50)).is_err());
    }
}
