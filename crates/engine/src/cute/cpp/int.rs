//! CuTe C++'s integers and int tuples, where every integer is either static (`Int<8>`, printed
//! `_8`: its value is part of the type) or dynamic (`int`, printed `8`: known only at run time).
//!
//! Why the engine carries the flag: CuTe C++ decides with `if constexpr` on the *types*, so it
//! prunes, merges and checks only what it knows statically. `coalesce` merges `s0:d0, s1:s0·d0`
//! only when the shapes and strides are static, `composition` drops a mode only when its shape
//! is `_1`, and the divisibility `static_assert`s fire only on static operands. So
//! `(8,2):(2,1)` (dynamic) divided by `2:_1` keeps `((2,1),(4,2))` where the same layout with
//! static ints gives `(_2,(_4,_2))`. Rules that guessed from the values alone could not tell the
//! two apart; a flag per leaf reproduces CuTe exactly, for any mix. The flag follows CuTe's
//! operator overloads (`cute/numeric/integral_constant.hpp`): an operation on two static ints is
//! static, on a dynamic one dynamic, except `_0 * x`, `x * _0`, `_0 / x`, `_0 % x` and
//! `x % _1` (and `_-1`), which are `_0` whatever `x` is.
//!
//! Arithmetic is C++'s on `int`: division truncates; every operation is checked.

use std::fmt;

use crate::error::LayoutError;

use crate::cute::pycute::layout::overflow;
use crate::cute::{IntTuple, Layout};

/// An integer as CuTe C++ holds it: its value, and whether it is static (`_8`) or dynamic (`8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CppInt {
    value: i64,
    is_static: bool,
}

/// A CuTe C++ `IntTuple`: an integer or a tuple of them, nested.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CppTuple {
    /// A leaf: `_8` or `8`.
    Int(CppInt),
    /// A tuple of modes, such as `(_4,(2,_3))`.
    Tuple(Vec<CppTuple>),
}

/// A CuTe C++ operation that does not compile (a `static_assert` that fails, or a case the
/// headers refuse), with CuTe's own message.
pub(crate) fn refused(op: &'static str, message: impl Into<String>) -> LayoutError {
    LayoutError::BadArgument {
        op,
        arg: String::new(),
        expected: message.into(),
    }
}

fn division_by_zero() -> LayoutError {
    refused("CuTe C++ arithmetic", "a non-zero divisor")
}

impl CppInt {
    /// A static integer, `Int<value>` (`_value`).
    pub const fn fixed(value: i64) -> CppInt {
        CppInt {
            value,
            is_static: true,
        }
    }
    /// A dynamic integer (`value`).
    pub const fn dynamic(value: i64) -> CppInt {
        CppInt {
            value,
            is_static: false,
        }
    }
    /// The integer's value, static or not.
    pub fn value(self) -> i64 {
        self.value
    }
    /// Whether the value is part of the type (`Int<8>`, printed `_8`).
    pub fn is_static(self) -> bool {
        self.is_static
    }
    /// CuTe's `is_constant<v, T>`: static and equal to `v`.
    pub fn is_constant(self, v: i64) -> bool {
        self.is_static && self.value == v
    }

    fn with(value: i64, is_static: bool) -> CppInt {
        CppInt { value, is_static }
    }

    /// `a + b`, static iff both are.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn checked_add(self, other: CppInt) -> Result<CppInt, LayoutError> {
        let value = self.value.checked_add(other.value).ok_or_else(overflow)?;
        Ok(CppInt::with(value, self.is_static && other.is_static))
    }
    /// `a - b`, static iff both are.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn checked_sub(self, other: CppInt) -> Result<CppInt, LayoutError> {
        let value = self.value.checked_sub(other.value).ok_or_else(overflow)?;
        Ok(CppInt::with(value, self.is_static && other.is_static))
    }
    /// `a * b`; `_0 * x` and `x * _0` are `_0`.
    pub fn checked_mul(self, other: CppInt) -> Result<CppInt, LayoutError> {
        if self.is_constant(0) || other.is_constant(0) {
            return Ok(CppInt::fixed(0));
        }
        let value = self.value.checked_mul(other.value).ok_or_else(overflow)?;
        Ok(CppInt::with(value, self.is_static && other.is_static))
    }
    /// `a / b`, truncating; `_0 / x` is `_0`.
    ///
    /// # Errors
    /// A zero divisor; `Overflow`.
    pub fn checked_div(self, other: CppInt) -> Result<CppInt, LayoutError> {
        if other.value == 0 {
            return Err(division_by_zero());
        }
        if self.is_constant(0) {
            return Ok(CppInt::fixed(0));
        }
        let value = self.value.checked_div(other.value).ok_or_else(overflow)?;
        Ok(CppInt::with(value, self.is_static && other.is_static))
    }
    /// `a % b`, truncating; `_0 % x`, `x % _1` and `x % _-1` are `_0`.
    ///
    /// # Errors
    /// A zero divisor.
    pub fn checked_rem(self, other: CppInt) -> Result<CppInt, LayoutError> {
        if other.value == 0 {
            return Err(division_by_zero());
        }
        if self.is_constant(0) || other.is_constant(1) || other.is_constant(-1) {
            return Ok(CppInt::fixed(0));
        }
        let value = self.value.checked_rem(other.value).unwrap_or(0);
        Ok(CppInt::with(value, self.is_static && other.is_static))
    }
    /// The smaller value, static iff both are.
    pub fn min(self, other: CppInt) -> CppInt {
        CppInt::with(
            self.value.min(other.value),
            self.is_static && other.is_static,
        )
    }
    /// `|a|`, static iff `a` is.
    ///
    /// # Errors
    /// `Overflow` for `i64::MIN`.
    pub fn abs(self) -> Result<CppInt, LayoutError> {
        let value = self.value.checked_abs().ok_or_else(overflow)?;
        Ok(CppInt::with(value, self.is_static))
    }
    /// `-1`, `0` or `1` by the sign of `a`, static iff `a` is.
    pub fn signum(self) -> CppInt {
        CppInt::with(self.value.signum(), self.is_static)
    }
    /// `ceil_div(a, b) = (a + b - _1) / b`.
    ///
    /// # Errors
    /// A zero divisor; `Overflow`.
    pub fn ceil_div(self, other: CppInt) -> Result<CppInt, LayoutError> {
        self.checked_add(other)?
            .checked_sub(CppInt::fixed(1))?
            .checked_div(other)
    }
}

impl fmt::Display for CppInt {
    /// CuTe's `print`: `_8` static, `8` dynamic.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_static {
            write!(f, "_{}", self.value)
        } else {
            write!(f, "{}", self.value)
        }
    }
}

impl CppTuple {
    /// The leaf `value`.
    pub fn int(value: CppInt) -> CppTuple {
        CppTuple::Int(value)
    }

    /// The integer, where this is one.
    pub fn as_int(&self) -> Option<CppInt> {
        match self {
            CppTuple::Int(v) => Some(*v),
            CppTuple::Tuple(_) => None,
        }
    }

    /// CuTe's `is_constant<v, T>` on a tuple or an integer.
    pub fn is_constant(&self, v: i64) -> bool {
        self.as_int().is_some_and(|i| i.is_constant(v))
    }

    /// CuTe's `is_static`: every leaf static.
    pub fn is_static(&self) -> bool {
        self.leaves().iter().all(|l| l.is_static)
    }

    /// `rank`: a tuple's length, 1 for an integer.
    pub fn rank(&self) -> usize {
        match self {
            CppTuple::Int(_) => 1,
            CppTuple::Tuple(items) => items.len(),
        }
    }

    /// `get<i>`: a tuple's item, the integer itself for `i == 0`.
    ///
    /// # Errors
    /// An index past the last mode.
    pub fn get(&self, i: usize) -> Result<&CppTuple, LayoutError> {
        match self {
            CppTuple::Int(_) if i == 0 => Ok(self),
            CppTuple::Tuple(items) if i < items.len() => Ok(&items[i]),
            _ => Err(refused(
                "CuTe C++ get",
                format!("a mode index below the rank {}", self.rank()),
            )),
        }
    }

    /// The modes: a tuple's items, `[self]` for an integer.
    pub fn modes(&self) -> Vec<CppTuple> {
        match self {
            CppTuple::Int(_) => vec![self.clone()],
            CppTuple::Tuple(items) => items.clone(),
        }
    }

    /// Leaves, left to right.
    pub fn leaves(&self) -> Vec<CppInt> {
        match self {
            CppTuple::Int(v) => vec![*v],
            CppTuple::Tuple(items) => items.iter().flat_map(CppTuple::leaves).collect(),
        }
    }

    /// `flatten`: an integer stays one, a tuple becomes the tuple of its leaves.
    pub fn flatten(&self) -> CppTuple {
        match self {
            CppTuple::Int(_) => self.clone(),
            CppTuple::Tuple(_) => {
                CppTuple::Tuple(self.leaves().into_iter().map(CppTuple::Int).collect())
            }
        }
    }

    /// `unwrap`: a 1-tuple becomes its item, recursively.
    pub fn unwrap(self) -> CppTuple {
        match self {
            CppTuple::Tuple(mut items) if items.len() == 1 => items.remove(0).unwrap(),
            other => other,
        }
    }

    /// `append(a, x)`: an integer becomes the pair `(a, x)`.
    pub fn append(self, x: CppTuple) -> CppTuple {
        match self {
            CppTuple::Tuple(mut items) => {
                items.push(x);
                CppTuple::Tuple(items)
            }
            int => CppTuple::Tuple(vec![int, x]),
        }
    }

    /// `product`: `((p0 * p1) * p2) …`, `_1` for the empty tuple.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn product(&self) -> Result<CppInt, LayoutError> {
        match self {
            CppTuple::Int(v) => Ok(*v),
            CppTuple::Tuple(items) => {
                let mut iter = items.iter();
                let Some(first) = iter.next() else {
                    return Ok(CppInt::fixed(1));
                };
                iter.try_fold(first.product()?, |acc, item| {
                    acc.checked_mul(item.product()?)
                })
            }
        }
    }

    /// `product_each`: the product of every mode, always a tuple (`wrap`).
    ///
    /// # Errors
    /// `Overflow`.
    pub fn product_each(&self) -> Result<Vec<CppInt>, LayoutError> {
        self.modes().iter().map(CppTuple::product).collect()
    }

    /// `ceil_div(a, b)` of int tuples (`cute/int_tuple.hpp`): by mode for two tuples (missing
    /// modes of `b` are `_1`), folded along `a` for a tuple and an integer, by `product(b)` for
    /// an integer and a tuple.
    ///
    /// # Errors
    /// A zero divisor, `b` of higher rank than `a`; `Overflow`.
    pub fn ceil_div(&self, b: &CppTuple) -> Result<CppTuple, LayoutError> {
        match (self, b) {
            (CppTuple::Tuple(a_items), CppTuple::Tuple(b_items)) => {
                if b_items.len() > a_items.len() {
                    return Err(refused("CuTe C++ ceil_div", "Mismatched ranks"));
                }
                let one = CppTuple::Int(CppInt::fixed(1));
                a_items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| x.ceil_div(b_items.get(i).unwrap_or(&one)))
                    .collect::<Result<_, _>>()
                    .map(CppTuple::Tuple)
            }
            (CppTuple::Tuple(a_items), CppTuple::Int(_)) => {
                let mut rest = b.clone();
                let mut out = Vec::with_capacity(a_items.len());
                for item in a_items {
                    out.push(item.ceil_div(&rest)?);
                    rest = rest.ceil_div(item)?;
                }
                Ok(CppTuple::Tuple(out))
            }
            (CppTuple::Int(a), CppTuple::Tuple(_)) => Ok(CppTuple::Int(a.ceil_div(b.product()?)?)),
            (CppTuple::Int(a), CppTuple::Int(d)) => Ok(CppTuple::Int(a.ceil_div(*d)?)),
        }
    }

    /// `coalesce(shape)`: neighbouring leaves multiplied together while both are static or
    /// both dynamic; one leaf left is an integer.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn coalesce_shape(&self) -> Result<CppTuple, LayoutError> {
        let leaves = self.leaves();
        let Some((&first, rest)) = leaves.split_first() else {
            return Ok(CppTuple::Tuple(Vec::new()));
        };
        let mut out = vec![first];
        for &leaf in rest {
            // `out` is never empty
            let last = out.len() - 1;
            if out[last].is_static == leaf.is_static {
                out[last] = out[last].checked_mul(leaf)?;
            } else {
                out.push(leaf);
            }
        }
        Ok(if out.len() == 1 {
            CppTuple::Int(out[0])
        } else {
            CppTuple::Tuple(out.into_iter().map(CppTuple::Int).collect())
        })
    }

    /// `compact_major<LayoutLeft>(shape, current)`: colexicographic strides from `current`;
    /// a `_1` mode gets the stride `_0`. Returns the strides and `current * size`.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn compact_left(&self, current: CppInt) -> Result<(CppTuple, CppInt), LayoutError> {
        match self {
            CppTuple::Int(s) if s.is_constant(1) => Ok((CppTuple::Int(CppInt::fixed(0)), current)),
            CppTuple::Int(s) => Ok((CppTuple::Int(current), current.checked_mul(*s)?)),
            CppTuple::Tuple(items) => {
                let mut current = current;
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    let (stride, next) = item.compact_left(current)?;
                    out.push(stride);
                    current = next;
                }
                Ok((CppTuple::Tuple(out), current))
            }
        }
    }

    /// Same nesting (integers against integers, tuples of equal length).
    pub fn congruent(&self, other: &CppTuple) -> bool {
        match (self, other) {
            (CppTuple::Int(_), CppTuple::Int(_)) => true,
            (CppTuple::Tuple(a), CppTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }

    /// The values alone: the engine's `IntTuple`.
    pub fn to_int_tuple(&self) -> IntTuple {
        match self {
            CppTuple::Int(v) => IntTuple::Int(v.value),
            CppTuple::Tuple(items) => {
                IntTuple::Tuple(items.iter().map(CppTuple::to_int_tuple).collect())
            }
        }
    }

    /// `tuple` with its leaves taken, in order, from `flags` as static or dynamic.
    fn from_int_tuple(tuple: &IntTuple, flags: &mut impl Iterator<Item = bool>) -> CppTuple {
        match tuple {
            IntTuple::Int(v) => CppTuple::Int(CppInt::with(*v, flags.next().unwrap_or(false))),
            IntTuple::Tuple(items) => CppTuple::Tuple(
                items
                    .iter()
                    .map(|item| CppTuple::from_int_tuple(item, flags))
                    .collect(),
            ),
        }
    }
}

impl fmt::Display for CppTuple {
    /// CuTe's `print`: `(_8,(4,_2))`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CppTuple::Int(v) => write!(f, "{v}"),
            CppTuple::Tuple(items) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// For each integer written in `text`, left to right, whether a `_` marks it static.
pub(super) fn static_marks(text: &str) -> Vec<bool> {
    let chars: Vec<char> = text.chars().collect();
    let mut marks = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let starts = c.is_ascii_digit() && (i == 0 || !chars[i - 1].is_ascii_digit());
        if starts {
            let before_sign = if i > 0 && chars[i - 1] == '-' {
                i - 1
            } else {
                i
            };
            marks.push(before_sign > 0 && chars[before_sign - 1] == '_');
        }
    }
    marks
}

/// A layout in CuTe C++'s notation, `(_8,(4,_2)):(_1,(8,_32))`: parsed by the engine's one
/// layout parser (with the `_` marks removed), each leaf then marked static or dynamic as
/// written. A shape alone (`(8,_4)`) gets CuTe's compact strides (`make_layout(shape)`).
///
/// # Errors
/// As [`Layout::parse`], with positions in `text`.
pub(super) fn parse_layout_parts(text: &str) -> Result<(CppTuple, CppTuple), LayoutError> {
    let (stripped, origin) = crate::cute::pycute::composed::strip_static_marks(text);
    let layout = Layout::parse(&stripped).map_err(|e| {
        e.within(text, |p| {
            origin.get(p).copied().unwrap_or(text.chars().count())
        })
    })?;
    let mut flags = static_marks(text).into_iter();
    let shape = CppTuple::from_int_tuple(layout.shape(), &mut flags);
    if stripped.contains(':') {
        let stride = CppTuple::from_int_tuple(layout.stride(), &mut flags);
        Ok((shape, stride))
    } else {
        let (stride, _) = shape.compact_left(CppInt::fixed(1))?;
        Ok((shape, stride))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: i64) -> CppInt {
        CppInt::fixed(v)
    }
    fn d(v: i64) -> CppInt {
        CppInt::dynamic(v)
    }

    #[test]
    fn static_flags_follow_cutes_overloads() {
        assert_eq!(s(0).checked_mul(d(7)), Ok(s(0)));
        assert_eq!(d(7).checked_mul(s(0)), Ok(s(0)));
        assert_eq!(s(3).checked_mul(d(7)), Ok(d(21)));
        assert_eq!(s(3).checked_mul(s(7)), Ok(s(21)));
        assert_eq!(s(0).checked_div(d(7)), Ok(s(0)));
        assert_eq!(d(7).checked_rem(s(1)), Ok(s(0)));
        assert_eq!(d(7).checked_rem(s(-1)), Ok(s(0)));
        assert_eq!(d(7).checked_rem(s(4)), Ok(d(3)));
        assert_eq!(d(-7).checked_div(s(2)), Ok(d(-3)), "C++ truncates");
        assert_eq!(d(7).ceil_div(s(2)), Ok(d(4)));
        assert_eq!(s(7).ceil_div(s(2)), Ok(s(4)));
        assert!(d(7).checked_div(s(0)).is_err());
        assert!(d(i64::MAX).checked_mul(d(2)).is_err());
    }

    #[test]
    fn shapes_coalesce_by_kind_and_compact_strides_skip_unit_modes() {
        let shape = CppTuple::Tuple(vec![
            CppTuple::Int(s(2)),
            CppTuple::Int(s(2)),
            CppTuple::Tuple(vec![CppTuple::Int(d(8)), CppTuple::Int(d(2))]),
        ]);
        assert_eq!(shape.coalesce_shape().unwrap().to_string(), "(_4,16)");
        let unit = CppTuple::Tuple(vec![
            CppTuple::Int(s(8)),
            CppTuple::Int(s(1)),
            CppTuple::Int(d(4)),
        ]);
        let (stride, next) = unit.compact_left(s(1)).unwrap();
        assert_eq!(stride.to_string(), "(_1,_0,_8)");
        assert_eq!(next, d(32));
    }

    #[test]
    fn the_notation_keeps_which_ints_are_static() {
        let (shape, stride) = parse_layout_parts("((_8,_8),(64,_1)):((_64,_512),(_1,-3))").unwrap();
        assert_eq!(
            format!("{shape}:{stride}"),
            "((_8,_8),(64,_1)):((_64,_512),(_1,-3))"
        );
        let (shape, stride) = parse_layout_parts("2:_1").unwrap();
        assert_eq!(format!("{shape}:{stride}"), "2:_1");
        let (shape, stride) = parse_layout_parts("(8,_1)").unwrap();
        assert_eq!(format!("{shape}:{stride}"), "(8,_1):(_1,_0)");
        assert!(parse_layout_parts("(8,2):(1)").is_err());
        assert_eq!(static_marks("(_-1,2)"), vec![true, false]);
    }
}
