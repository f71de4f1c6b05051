//! CuTe C++'s layout algebra (CUTLASS 4.2 `cute/layout.hpp`), step for step, on layouts whose
//! integers are static or dynamic ([`CppInt`]): `coalesce`, `filter`, `complement`,
//! `composition`, the divides, `logical_product`, `blocked_product`, `tile_to_shape`, and
//! `upcast` / `downcast` / `recast_layout`.
//!
//! This is not pycute's algebra (`algebra.rs`, kept for plain [`Layout`]s): C++ merges modes in
//! `coalesce` only where shapes and strides are static, keeps the unit modes of dynamic
//! layouts (`((2,1),(4,2))` where pycute gives `(2,(4,2))`), wraps a 1-tuple tiler's result in a
//! 1-tuple, and checks divisibility only where both operands are static (a dynamic composition
//! that pycute refuses, C++ computes; it may then not satisfy `R(i) = A(B(i))`, which is what
//! CuTe returns all the same). A failing `static_assert` is an error here.

use std::fmt;

use crate::error::LayoutError;

use super::int::{parse_layout_parts, refused, CppInt, CppTuple};
use super::tiler::zip2_by;
pub use super::tiler::CppTiler;
use crate::cute::{IntTuple, Layout};

/// A CuTe C++ `Layout<Shape, Stride>` with static and dynamic integers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CppLayout {
    shape: CppTuple,
    stride: CppTuple,
}

fn s1() -> CppInt {
    CppInt::fixed(1)
}

impl CppLayout {
    /// `shape:stride`.
    ///
    /// # Errors
    /// `BadArgument` unless shape and stride have the same nesting.
    pub fn new(shape: CppTuple, stride: CppTuple) -> Result<CppLayout, LayoutError> {
        if !shape.congruent(&stride) {
            return Err(LayoutError::BadArgument {
                op: "layout",
                arg: format!("{shape}:{stride}"),
                expected: "a stride with the same nesting as the shape".into(),
            });
        }
        Ok(CppLayout { shape, stride })
    }

    /// `make_layout(shape)`: compact colexicographic strides from `_1`.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn compact(shape: CppTuple) -> Result<CppLayout, LayoutError> {
        let (stride, _) = shape.compact_left(s1())?;
        Ok(CppLayout { shape, stride })
    }

    pub(super) fn from_modes(modes: Vec<CppLayout>) -> CppLayout {
        let (shapes, strides) = modes.into_iter().map(|m| (m.shape, m.stride)).unzip();
        CppLayout {
            shape: CppTuple::Tuple(shapes),
            stride: CppTuple::Tuple(strides),
        }
    }

    pub(super) fn int(shape: CppInt, stride: CppInt) -> CppLayout {
        CppLayout {
            shape: CppTuple::Int(shape),
            stride: CppTuple::Int(stride),
        }
    }

    /// The shape `S` of `S:D`, each leaf static or dynamic.
    pub fn shape(&self) -> &CppTuple {
        &self.shape
    }
    /// The stride `D` of `S:D`, congruent with the shape.
    pub fn stride(&self) -> &CppTuple {
        &self.stride
    }
    /// Number of top-level modes: 1 for an integer shape.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Mode `i` as a layout (`get<i>(layout)`, the layout itself for `i == 0` of an int shape).
    ///
    /// # Errors
    /// An index past the last mode.
    pub fn mode(&self, i: usize) -> Result<CppLayout, LayoutError> {
        Ok(CppLayout {
            shape: self.shape.get(i)?.clone(),
            stride: self.stride.get(i)?.clone(),
        })
    }

    fn modes(&self) -> Vec<CppLayout> {
        self.shape
            .modes()
            .into_iter()
            .zip(self.stride.modes())
            .map(|(shape, stride)| CppLayout { shape, stride })
            .collect()
    }

    /// The same function on plain integers (the engine's pycute-style [`Layout`]), to evaluate.
    ///
    /// # Errors
    /// A negative size.
    pub fn to_layout(&self) -> Result<Layout, LayoutError> {
        Layout::new(self.shape.to_int_tuple(), self.stride.to_int_tuple())
    }

    /// Shape and stride as plain nested tuples (what agreement with CuTe's print compares).
    pub fn to_int_tuples(&self) -> (IntTuple, IntTuple) {
        (self.shape.to_int_tuple(), self.stride.to_int_tuple())
    }

    /// `(_8,_64):(_64,_1)`; a shape alone gets compact strides. The `_` marks a static integer.
    ///
    /// # Errors
    /// `Parse` with the position, `BadArgument` for shape and stride of different nesting.
    pub fn parse(text: &str) -> Result<CppLayout, LayoutError> {
        let (shape, stride) = parse_layout_parts(text)?;
        CppLayout::new(shape, stride)
    }

    fn flat_modes(&self) -> Vec<(CppInt, CppInt)> {
        self.shape
            .leaves()
            .into_iter()
            .zip(self.stride.leaves())
            .collect()
    }

    /// `size`: the product of the shape.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn size(&self) -> Result<CppInt, LayoutError> {
        self.shape.product()
    }

    /// `cosize = Σ (s - _1)·|d| + _1` (from `_0`, as `coshape` folds).
    ///
    /// # Errors
    /// `Overflow`.
    pub fn cosize(&self) -> Result<CppInt, LayoutError> {
        let sum = self
            .flat_modes()
            .into_iter()
            .try_fold(CppInt::fixed(0), |acc, (s, d)| {
                acc.checked_add(s.checked_sub(s1())?.checked_mul(d.abs()?)?)
            })?;
        sum.checked_add(s1())
    }

    /// `coalesce(layout)`: flattened, then merged back to front (`detail::bw_coalesce`).
    ///
    /// # Errors
    /// `Overflow`.
    pub fn coalesce(&self) -> Result<CppLayout, LayoutError> {
        let flat = self.flat_modes();
        let (&(shape, stride), rest) = flat.split_last().ok_or_else(empty_layout)?;
        bw_coalesce(rest, CppTuple::Int(shape), CppTuple::Int(stride))
    }

    /// `detail::coalesce_x`: as `coalesce`, but a trailing `_1` mode counts as `_2` so the
    /// function is kept past the domain too.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn coalesce_x(&self) -> Result<CppLayout, LayoutError> {
        let flat = self.flat_modes();
        let (&(shape, stride), rest) = flat.split_last().ok_or_else(empty_layout)?;
        let shape = if shape.is_constant(1) {
            CppInt::fixed(2)
        } else {
            shape
        };
        bw_coalesce(rest, CppTuple::Int(shape), CppTuple::Int(stride))
    }

    /// `filter_zeros`: a mode with the static stride `_0` gets the shape `_1`.
    fn filter_zeros(&self) -> CppLayout {
        fn zeros(shape: &CppTuple, stride: &CppTuple) -> CppTuple {
            match (shape, stride) {
                (CppTuple::Tuple(s), CppTuple::Tuple(d)) => {
                    CppTuple::Tuple(s.iter().zip(d).map(|(a, b)| zeros(a, b)).collect())
                }
                (_, d) if d.is_constant(0) => CppTuple::Int(s1()),
                (s, _) => s.clone(),
            }
        }
        CppLayout {
            shape: zeros(&self.shape, &self.stride),
            stride: self.stride.clone(),
        }
    }

    /// `filter = coalesce(filter_zeros(layout))`.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn filter(&self) -> Result<CppLayout, LayoutError> {
        self.filter_zeros().coalesce()
    }

    /// `complement(layout, cotarget)`, `cotarget` a shape (an integer or a tuple).
    ///
    /// # Errors
    /// Where CuTe does not compile: a non-injective layout (a static `_0` shape), dynamic
    /// strides in a layout of rank > 1; a zero divisor; `Overflow`.
    pub fn complement(&self, cotarget: &CppTuple) -> Result<CppLayout, LayoutError> {
        let filtered = self.filter()?;
        if filtered.stride.is_constant(0) {
            return CppLayout::compact(cotarget.coalesce_shape()?);
        }
        let mut shape = filtered.shape.leaves();
        let mut stride = filtered.stride.leaves();
        let rank = shape.len();
        if rank > 1 && !filtered.stride.is_static() {
            return Err(refused(
                "complement",
                "Dynamic-stride complement only for rank-1 layouts",
            ));
        }
        let non_injective =
            || refused("complement", "Non-injective Layout detected in complement.");
        let mut result_shape = Vec::with_capacity(rank);
        let mut result_stride = vec![s1()];
        for i in 0..rank - 1 {
            let min_stride = stride
                .iter()
                .copied()
                .reduce(CppInt::min)
                .ok_or_else(empty_layout)?;
            let min_idx = stride
                .iter()
                .position(|d| d.value() == min_stride.value())
                .unwrap_or(0);
            let new_shape = min_stride.checked_div(result_stride[i])?;
            if new_shape.is_constant(0) {
                return Err(non_injective());
            }
            let new_stride = min_stride.checked_mul(shape[min_idx])?;
            shape.remove(min_idx);
            stride.remove(min_idx);
            result_shape.push(new_shape);
            result_stride.push(new_stride);
        }
        let new_shape = stride[0].checked_div(result_stride[rank - 1])?;
        if new_shape.is_constant(0) {
            return Err(non_injective());
        }
        result_shape.push(new_shape);
        let new_stride = stride[0].checked_mul(shape[0])?;
        let rest_shape = cotarget
            .ceil_div(&CppTuple::Int(new_stride))?
            .coalesce_shape()?;
        let (rest_stride, _) = rest_shape.compact_left(new_stride)?;
        let tuple = |v: Vec<CppInt>| CppTuple::Tuple(v.into_iter().map(CppTuple::Int).collect());
        CppLayout {
            shape: CppTuple::Tuple(vec![tuple(result_shape), rest_shape]),
            stride: CppTuple::Tuple(vec![tuple(result_stride), rest_stride]),
        }
        .coalesce()
    }

    /// `composition(self, rhs)`: `detail::composition_impl` on `coalesce_x(self)`.
    ///
    /// # Errors
    /// CuTe's "Stride Divisibility Condition" and "Shape Divisibility Condition" where their
    /// operands are static; a zero divisor; `Overflow`.
    pub fn compose(&self, rhs: &CppLayout) -> Result<CppLayout, LayoutError> {
        let flat = self.coalesce_x()?;
        composition_impl(&flat.shape, &flat.stride, &rhs.shape, &rhs.stride)
    }

    /// `composition(self, tiler)`: by mode for a tuple tiler (the modes it does not reach kept).
    ///
    /// # Errors
    /// As [`CppLayout::compose`]; a tiler of higher rank than the layout.
    pub fn compose_tiler(&self, tiler: &CppTiler) -> Result<CppLayout, LayoutError> {
        match tiler {
            CppTiler::Layout(rhs) => self.compose(rhs),
            CppTiler::Underscore => Ok(self.clone()),
            CppTiler::Int(n) => {
                let flat = self.coalesce_x()?;
                composition_impl(
                    &flat.shape,
                    &flat.stride,
                    &CppTuple::Int(*n),
                    &CppTuple::Int(s1()),
                )
            }
            CppTiler::Tuple(tilers) => self.by_mode(tilers, CppLayout::compose_tiler),
        }
    }

    /// `transform_layout(layout, tiler, f)`: `f` on the modes the tiler reaches, the others kept.
    fn by_mode(
        &self,
        tilers: &[CppTiler],
        f: fn(&CppLayout, &CppTiler) -> Result<CppLayout, LayoutError>,
    ) -> Result<CppLayout, LayoutError> {
        let modes = self.modes();
        if tilers.len() > modes.len() {
            return Err(refused("CuTe C++ tiler", "Too many modes in tiler."));
        }
        let mut out = Vec::with_capacity(modes.len());
        for (i, mode) in modes.into_iter().enumerate() {
            out.push(match tilers.get(i) {
                Some(t) => f(&mode, t)?,
                None => mode,
            });
        }
        Ok(CppLayout::from_modes(out))
    }

    /// `logical_divide(self, tiler)`: `composition(L, make_layout(T, complement(T,
    /// shape(coalesce(L)))))`, by mode for a tuple tiler.
    ///
    /// # Errors
    /// As [`CppLayout::compose`] and [`CppLayout::complement`].
    pub fn logical_divide(&self, tiler: &CppTiler) -> Result<CppLayout, LayoutError> {
        match tiler {
            CppTiler::Layout(t) => {
                let cotarget = self.coalesce()?.shape;
                let rest = t.complement(&cotarget)?;
                self.compose(&CppLayout::from_modes(vec![t.clone(), rest]))
            }
            CppTiler::Int(n) => {
                self.logical_divide(&CppTiler::Layout(CppLayout::compact(CppTuple::Int(*n))?))
            }
            CppTiler::Underscore => Ok(self.clone()),
            CppTiler::Tuple(tilers) => self.by_mode(tilers, CppLayout::logical_divide),
        }
    }

    /// `zipped_divide = tile_unzip(logical_divide(L, T), T)`: `((tile…),(rest…))`.
    ///
    /// # Errors
    /// As [`CppLayout::logical_divide`]; a divided mode that is not of rank 2.
    pub fn zipped_divide(&self, tiler: &CppTiler) -> Result<CppLayout, LayoutError> {
        let divided = self.logical_divide(tiler)?;
        Ok(CppLayout {
            shape: zip2_by(&divided.shape, tiler)?,
            stride: zip2_by(&divided.stride, tiler)?,
        })
    }

    /// `tiled_divide`: the zipped divide with its second mode unpacked, `((tile…),r0,r1,…)`.
    ///
    /// # Errors
    /// As [`CppLayout::zipped_divide`].
    pub fn tiled_divide(&self, tiler: &CppTiler) -> Result<CppLayout, LayoutError> {
        let zipped = self.zipped_divide(tiler)?;
        let unpack = |t: &CppTuple| -> Result<CppTuple, LayoutError> {
            let mut out = vec![t.get(0)?.clone()];
            out.extend(t.get(1)?.modes());
            Ok(CppTuple::Tuple(out))
        };
        Ok(CppLayout {
            shape: unpack(&zipped.shape)?,
            stride: unpack(&zipped.stride)?,
        })
    }

    /// `logical_product(block, tiler) = (block, complement(block, size(block)·cosize(tiler)) ∘
    /// tiler)`.
    ///
    /// # Errors
    /// As [`CppLayout::complement`] and [`CppLayout::compose`].
    pub fn logical_product(&self, tiler: &CppLayout) -> Result<CppLayout, LayoutError> {
        let cotarget = self.size()?.checked_mul(tiler.cosize()?)?;
        let rest = self.complement(&CppTuple::Int(cotarget))?.compose(tiler)?;
        Ok(CppLayout::from_modes(vec![self.clone(), rest]))
    }

    /// `append<n>(layout)`: padded with `_1:_0` modes to rank `n`.
    fn append_to(&self, n: usize) -> CppLayout {
        let mut modes = self.modes();
        if n <= modes.len() {
            return self.clone();
        }
        modes.resize(n, CppLayout::int(s1(), CppInt::fixed(0)));
        CppLayout::from_modes(modes)
    }

    /// `blocked_product(block, tiler)`: the logical product, each mode of the block zipped with
    /// the same mode of the tiler.
    ///
    /// # Errors
    /// As [`CppLayout::logical_product`].
    pub fn blocked_product(&self, tiler: &CppLayout) -> Result<CppLayout, LayoutError> {
        let rank = self.rank().max(tiler.rank());
        let product = self
            .append_to(rank)
            .logical_product(&tiler.append_to(rank))?;
        let (block, tiles) = (product.mode(0)?, product.mode(1)?);
        let zip = |a: &CppTuple, b: &CppTuple| -> Result<CppTuple, LayoutError> {
            match (a, b) {
                (CppTuple::Tuple(x), CppTuple::Tuple(y)) if x.len() == y.len() => {
                    Ok(CppTuple::Tuple(
                        x.iter()
                            .zip(y)
                            .map(|(p, q)| CppTuple::Tuple(vec![p.clone(), q.clone()]))
                            .collect(),
                    ))
                }
                _ => Err(refused(
                    "blocked_product",
                    "a block and a tiler of rank >= 2",
                )),
            }
        };
        Ok(CppLayout {
            shape: zip(&block.shape, &tiles.shape)?,
            stride: zip(&block.stride, &tiles.stride)?,
        })
    }

    /// `tile_to_shape(block, target)`: the block repeated, column-major, to fill `target`.
    ///
    /// # Errors
    /// A block of higher rank than the target; a static target the block does not divide
    /// ("tile_to_shape: block shape does not divide the target shape."); as
    /// [`CppLayout::blocked_product`].
    pub fn tile_to_shape(&self, target: &CppTuple) -> Result<CppLayout, LayoutError> {
        let rank = target.rank();
        if self.rank() > rank {
            return Err(refused(
                "tile_to_shape",
                "Rank of layout must be <= rank of target shape.",
            ));
        }
        let padded = self.append_to(rank);
        let block_shape = padded.shape.product_each()?;
        let target_shape = target.product_each()?;
        if target_shape.iter().all(|t| t.is_static()) {
            for (t, b) in target_shape.iter().zip(&block_shape) {
                if b.value() == 0 || t.value().checked_rem(b.value()) != Some(0) {
                    return Err(refused(
                        "tile_to_shape",
                        "tile_to_shape: block shape does not divide the target shape.",
                    ));
                }
            }
        }
        let product_shape = target_shape
            .iter()
            .zip(&block_shape)
            .map(|(t, b)| t.ceil_div(*b).map(CppTuple::Int))
            .collect::<Result<Vec<_>, _>>()?;
        let tiler = CppLayout::compact(CppTuple::Tuple(product_shape))?;
        padded.blocked_product(&tiler)
    }

    /// `upcast<n>`: `n` elements become one. A stride-1 mode's shape is divided by `n` (a
    /// static stride `d`: shape `⌈s / ⌈n/|d|⌉⌉`, stride `sign(d)·⌈|d|/n⌉`), a dynamic stride is
    /// divided by `n`, a `_0` stride kept.
    ///
    /// # Errors
    /// `n < 1`; a static stride that neither divides nor is divided by `n` ("Divisibility
    /// condition").
    pub fn upcast(&self, n: i64) -> Result<CppLayout, LayoutError> {
        positive_factor(n)?;
        let n_static = CppInt::fixed(n);
        map_leaves(self, &|s, d| {
            if d.is_constant(0) {
                Ok((s, d))
            } else if d.is_static() {
                if d.value() % n != 0 && n % d.value() != 0 {
                    return Err(refused("upcast", "Divisibility condition"));
                }
                let shape = s.ceil_div(n_static.ceil_div(d.abs()?)?)?;
                Ok((shape, d.signum().checked_mul(d.abs()?.ceil_div(n_static)?)?))
            } else {
                Ok((s, d.checked_div(n_static)?))
            }
        })
    }

    /// `downcast<n>`: one element becomes `n`. A `_1` (or `_-1`) stride's shape is multiplied
    /// by `n`, every other stride multiplied by `n`.
    ///
    /// # Errors
    /// `n < 1`; no static `_1` stride ("Downcast requires adjacent elements"); `Overflow`.
    pub fn downcast(&self, n: i64) -> Result<CppLayout, LayoutError> {
        positive_factor(n)?;
        if !self.stride.leaves().iter().any(|d| d.is_constant(1)) {
            return Err(refused("downcast", "Downcast requires adjacent elements"));
        }
        let n_static = CppInt::fixed(n);
        map_leaves(self, &|s, d| {
            if d.is_constant(1) || d.is_constant(-1) {
                Ok((s.checked_mul(n_static)?, d))
            } else {
                Ok((s, d.checked_mul(n_static)?))
            }
        })
    }

    /// `recast_layout<Old, New>` from `old_bits`-wide elements to `new_bits`-wide ones: the
    /// ratio reduced, then `upcast` by its numerator and `downcast` by its denominator.
    ///
    /// # Errors
    /// Widths that are not positive; as [`CppLayout::upcast`] and [`CppLayout::downcast`].
    pub fn recast(&self, old_bits: i64, new_bits: i64) -> Result<CppLayout, LayoutError> {
        recast(self, old_bits, new_bits)
    }
}

/// What `recast_layout` acts on: a layout or a composed layout, each with its own `upcast`
/// and `downcast`.
pub(super) trait Cast: Clone {
    fn upcast_by(&self, n: i64) -> Result<Self, LayoutError>;
    fn downcast_by(&self, n: i64) -> Result<Self, LayoutError>;
}

impl Cast for CppLayout {
    fn upcast_by(&self, n: i64) -> Result<Self, LayoutError> {
        self.upcast(n)
    }
    fn downcast_by(&self, n: i64) -> Result<Self, LayoutError> {
        self.downcast(n)
    }
}

/// `recast_layout<Old, New>`: `upcast` by the numerator of `new_bits / old_bits` in lowest
/// terms, then `downcast` by its denominator.
pub(super) fn recast<T: Cast>(x: &T, old_bits: i64, new_bits: i64) -> Result<T, LayoutError> {
    let (up, down) = recast_ratio(old_bits, new_bits)?;
    let mut out = x.clone();
    if up != 1 {
        out = out.upcast_by(up)?;
    }
    if down != 1 {
        out = out.downcast_by(down)?;
    }
    Ok(out)
}

/// `(num, den)` of `new_bits / old_bits` in lowest terms.
fn recast_ratio(old_bits: i64, new_bits: i64) -> Result<(i64, i64), LayoutError> {
    if old_bits <= 0 || new_bits <= 0 {
        return Err(refused(
            "recast_layout",
            "element widths of at least one bit",
        ));
    }
    let (mut a, mut b) = (new_bits, old_bits);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    Ok((new_bits / a, old_bits / a))
}

/// `upcast<N>` / `downcast<N>` take a positive `N`.
fn positive_factor(n: i64) -> Result<(), LayoutError> {
    if n < 1 {
        return Err(refused("upcast / downcast", "N >= 1"));
    }
    Ok(())
}

fn empty_layout() -> LayoutError {
    refused("CuTe C++ layout", "a layout with at least one mode")
}

/// The same nesting, each `(shape, stride)` leaf pair mapped.
fn map_leaves(
    layout: &CppLayout,
    f: &dyn Fn(CppInt, CppInt) -> Result<(CppInt, CppInt), LayoutError>,
) -> Result<CppLayout, LayoutError> {
    match (&layout.shape, &layout.stride) {
        (CppTuple::Int(s), CppTuple::Int(d)) => {
            let (s, d) = f(*s, *d)?;
            Ok(CppLayout::int(s, d))
        }
        _ => Ok(CppLayout::from_modes(
            layout
                .modes()
                .iter()
                .map(|m| map_leaves(m, f))
                .collect::<Result<_, _>>()?,
        )),
    }
}

/// `detail::bw_coalesce` over the flat modes `old`, back to front, onto `new_shape:new_stride`:
/// skip a `_1` mode, replace a `_1` front, merge `s:d` into a front `s0:d0` when `s·d == d0` is
/// known statically (and `s0` is static), else prepend.
fn bw_coalesce(
    old: &[(CppInt, CppInt)],
    mut new_shape: CppTuple,
    mut new_stride: CppTuple,
) -> Result<CppLayout, LayoutError> {
    for &(s, d) in old.iter().rev() {
        if s.is_constant(1) {
            continue;
        }
        if new_shape.is_constant(1) {
            new_shape = CppTuple::Int(s);
            new_stride = CppTuple::Int(d);
            continue;
        }
        let front_shape = front(&new_shape);
        let front_stride = front(&new_stride);
        let span = s.checked_mul(d)?;
        if front_shape.is_static()
            && span.is_static()
            && front_stride.is_static()
            && span.value() == front_stride.value()
        {
            new_shape = replace_front(new_shape, s.checked_mul(front_shape)?);
            new_stride = replace_front(new_stride, d);
        } else {
            new_shape = prepend(new_shape, s);
            new_stride = prepend(new_stride, d);
        }
    }
    if new_shape.is_constant(1) {
        return Ok(CppLayout::int(s1(), CppInt::fixed(0)));
    }
    Ok(CppLayout {
        shape: new_shape,
        stride: new_stride,
    })
}

/// `get<0>` of a flat tuple (the integer itself for an integer).
fn front(t: &CppTuple) -> CppInt {
    match t {
        CppTuple::Int(v) => *v,
        CppTuple::Tuple(items) => items
            .first()
            .and_then(CppTuple::as_int)
            .unwrap_or(CppInt::fixed(0)),
    }
}

fn replace_front(t: CppTuple, x: CppInt) -> CppTuple {
    match t {
        CppTuple::Int(_) => CppTuple::Int(x),
        CppTuple::Tuple(mut items) => {
            if let Some(first) = items.first_mut() {
                *first = CppTuple::Int(x);
            }
            CppTuple::Tuple(items)
        }
    }
}

fn prepend(t: CppTuple, x: CppInt) -> CppTuple {
    match t {
        CppTuple::Int(_) => CppTuple::Tuple(vec![CppTuple::Int(x), t]),
        CppTuple::Tuple(mut items) => {
            items.insert(0, CppTuple::Int(x));
            CppTuple::Tuple(items)
        }
    }
}

/// `detail::composition_impl(lhs_shape, lhs_stride, rhs_shape, rhs_stride)`, `lhs` flat.
fn composition_impl(
    lhs_shape: &CppTuple,
    lhs_stride: &CppTuple,
    rhs_shape: &CppTuple,
    rhs_stride: &CppTuple,
) -> Result<CppLayout, LayoutError> {
    // right-distributivity over a tuple rhs: one mode of the result per mode of rhs
    if let (CppTuple::Tuple(shapes), CppTuple::Tuple(strides)) = (rhs_shape, rhs_stride) {
        let modes = shapes
            .iter()
            .zip(strides)
            .map(|(s, d)| composition_impl(lhs_shape, lhs_stride, s, d))
            .collect::<Result<_, _>>()?;
        return Ok(CppLayout::from_modes(modes));
    }
    let (Some(rhs_shape), Some(rhs_stride)) = (rhs_shape.as_int(), rhs_stride.as_int()) else {
        return Err(refused(
            "composition",
            "a shape and a stride of the same nesting",
        ));
    };
    if rhs_stride.is_constant(0) {
        return Ok(CppLayout::int(rhs_shape, rhs_stride));
    }
    let (lhs_shapes, lhs_strides) = match (lhs_shape, lhs_stride) {
        (CppTuple::Int(s), CppTuple::Int(d)) => {
            let _ = s;
            return Ok(CppLayout::int(rhs_shape, rhs_stride.checked_mul(*d)?));
        }
        _ => (lhs_shape.leaves(), lhs_stride.leaves()),
    };
    let (&last_stride, _) = lhs_strides.split_last().ok_or_else(empty_layout)?;
    let mut result_shape = Vec::new();
    let mut result_stride = Vec::new();
    let mut rest_shape = rhs_shape;
    let mut rest_stride = rhs_stride;
    for (&curr_shape, &curr_stride) in lhs_shapes
        .iter()
        .zip(&lhs_strides)
        .take(lhs_shapes.len() - 1)
    {
        if curr_shape.is_static() && rest_stride.is_static() {
            let divides = rest_stride.checked_rem(curr_shape)?.value() == 0;
            if !divides && rest_stride.value() >= curr_shape.value() {
                return Err(refused("composition", "Stride Divisibility Condition"));
            }
        }
        let next_shape = curr_shape.ceil_div(rest_stride.abs()?)?;
        let next_stride = rest_stride
            .abs()?
            .ceil_div(curr_shape)?
            .checked_mul(rest_stride.signum())?;
        if next_shape.is_constant(1) || rest_shape.is_constant(1) {
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        if new_shape.is_static()
            && rest_shape.is_static()
            && rest_shape.checked_rem(new_shape)?.value() != 0
        {
            return Err(refused("composition", "Shape Divisibility Condition"));
        }
        result_shape.push(new_shape);
        result_stride.push(rest_stride.checked_mul(curr_stride)?);
        rest_shape = rest_shape.checked_div(new_shape)?;
        rest_stride = next_stride;
    }
    let tuple = |v: Vec<CppInt>| CppTuple::Tuple(v.into_iter().map(CppTuple::Int).collect());
    if result_shape.is_empty() {
        return Ok(CppLayout::int(
            rest_shape,
            rest_stride.checked_mul(last_stride)?,
        ));
    }
    if rest_shape.is_constant(1) {
        return Ok(CppLayout {
            shape: tuple(result_shape).unwrap(),
            stride: tuple(result_stride).unwrap(),
        });
    }
    result_shape.push(rest_shape);
    result_stride.push(rest_stride.checked_mul(last_stride)?);
    Ok(CppLayout {
        shape: tuple(result_shape),
        stride: tuple(result_stride),
    })
}

impl fmt::Display for CppLayout {
    /// CuTe's `print`: `(_8,_64):(_64,_1)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

#[cfg(test)]
mod tests;
