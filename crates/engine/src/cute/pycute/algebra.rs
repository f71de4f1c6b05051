//! CuTe layout algebra with pycute's (CUTLASS 4.2) semantics: coalesce, filter, composition,
//! complement, inverses, divides and products; `flat_*`, `blocked_product` and `raked_product`
//! as CUTLASS's C++ `cute/layout.hpp` defines them.
//!
//! pycute's assertions and divisions by zero are typed errors here. `composition` also checks
//! the composite's law `R(i) = A(B(i))` (paper, Definition 2.3.7.1) and rejects operands for which
//! pycute silently returns a wrong layout, naming the divisibility condition that fails; where
//! pycute's result is right, ours is identical.

use super::layout::{algebra_error, div, mul, overflow, rem, IntTuple, Layout};
use super::tiler::Tiler;
use crate::error::LayoutError;
use crate::support::small_sort;

/// Largest composite whose law [`composition`] checks element by element; larger ones are
/// checked by the divisibility conditions alone.
pub const LAW_CHECK_LIMIT: i64 = 1 << 20;

/// pycute `make_layout(l0, l1, …)`: the layout whose modes are the given layouts.
///
/// # Errors
/// No layout at all (pycute raises).
pub fn make_layout(layouts: &[Layout]) -> Result<Layout, LayoutError> {
    if layouts.is_empty() {
        return Err(algebra_error("at least one mode to build a layout from"));
    }
    Ok(Layout::from_parts(
        IntTuple::Tuple(layouts.iter().map(|l| l.shape().clone()).collect()),
        IntTuple::Tuple(layouts.iter().map(|l| l.stride().clone()).collect()),
    ))
}

/// The flat layout whose modes are `modes`, always as a tuple (even with one mode).
pub(crate) fn tuple_layout(modes: Vec<(i64, i64)>) -> Layout {
    let (shape, stride): (Vec<_>, Vec<_>) = modes
        .into_iter()
        .map(|(s, d)| (IntTuple::Int(s), IntTuple::Int(d)))
        .unzip();
    Layout::from_parts(IntTuple::Tuple(shape), IntTuple::Tuple(stride))
}

fn from_flat(modes: Vec<(i64, i64)>) -> Layout {
    if modes.len() == 1 {
        return Layout::from_parts(IntTuple::Int(modes[0].0), IntTuple::Int(modes[0].1));
    }
    tuple_layout(modes)
}

/// Mode `i`, as pycute's `layout[i]`.
fn mode(layout: &Layout, i: usize) -> Result<Layout, LayoutError> {
    layout.mode(i)
}

/// Applies `op` by mode: modes `0..n` of `layout` with the `n` per-mode arguments, the rest
/// kept as they are (pycute's by-mode pattern; `len(layout) >= n` is required).
fn by_mode<T>(
    layout: &Layout,
    args: &[T],
    mut op: impl FnMut(&Layout, &T) -> Result<Layout, LayoutError>,
) -> Result<Layout, LayoutError> {
    if layout.rank() < args.len() {
        return Err(algebra_error(format!(
            "a layout of rank >= {} for a by-mode argument of that length (rank is {})",
            args.len(),
            layout.rank()
        )));
    }
    let mut modes = Vec::with_capacity(layout.rank());
    for (i, arg) in args.iter().enumerate() {
        modes.push(op(&mode(layout, i)?, arg)?);
    }
    for i in args.len()..layout.rank() {
        modes.push(mode(layout, i)?);
    }
    make_layout(&modes)
}

/// pycute `coalesce(layout)`: the fewest modes with the same layout function; one mode is an
/// int-shaped layout.
pub fn coalesce(layout: &Layout) -> Layout {
    let mut result: Vec<(i64, i64)> = vec![(1, 0)];
    for (shape, stride) in layout.flat_modes() {
        let last = result.last_mut().expect("result starts non-empty");
        if shape == 1 {
            continue;
        } else if last.0 == 1 {
            *last = (shape, stride);
        } else if let (Some(s), true) = (
            last.0.checked_mul(shape),
            last.0.checked_mul(last.1) == Some(stride),
        ) {
            // a merged size beyond i64 stays two modes: the same layout function
            last.0 = s;
        } else {
            result.push((shape, stride));
        }
    }
    from_flat(result)
}

/// pycute `coalesce(layout, profile)`: by mode where `profile` is a tuple.
///
/// # Errors
/// A profile longer than the layout's rank.
pub fn coalesce_by(layout: &Layout, profile: &IntTuple) -> Result<Layout, LayoutError> {
    match profile {
        IntTuple::Int(_) => Ok(coalesce(layout)),
        IntTuple::Tuple(items) => by_mode(layout, items, coalesce_by),
    }
}

/// pycute `filter`: drop size-1 and stride-0 modes, then coalesce (`1:0` when nothing is left).
pub fn filter(layout: &Layout) -> Layout {
    let kept: Vec<(i64, i64)> = layout
        .flat_modes()
        .into_iter()
        .filter(|&(s, d)| !(s == 1 || d == 0))
        .collect();
    if kept.is_empty() {
        return from_flat(vec![(1, 0)]);
    }
    coalesce(&tuple_layout(kept))
}

/// pycute's composition algorithm, without the law check (what the divides and products use).
fn compose_raw(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    if let IntTuple::Tuple(_) = b.shape() {
        let parts: Vec<Layout> = b
            .modes()
            .iter()
            .map(|bi| compose_raw(a, bi))
            .collect::<Result<_, _>>()?;
        return make_layout(&parts);
    }
    let (IntTuple::Int(b_shape), IntTuple::Int(b_stride)) = (b.shape(), b.stride()) else {
        return Err(algebra_error("a stride congruent with the shape"));
    };
    if *b_stride == 0 {
        return Ok(from_flat(vec![(*b_shape, 0)]));
    }
    let flat_a = coalesce(a).flat_modes();
    let (&(_, last_stride), init) = flat_a.split_last().expect("coalesce keeps a mode");
    let mut result = Vec::new();
    let (mut rest_shape, mut rest_stride) = (*b_shape, *b_stride);
    for &(curr_shape, curr_stride) in init {
        if rem(curr_shape, rest_stride)? != 0 && rem(rest_stride, curr_shape)? != 0 {
            return Err(algebra_error(format!(
                "stride divisibility: B's stride {rest_stride} and A's mode size {curr_shape} to divide one another"
            )));
        }
        let new_shape = div(curr_shape, rest_stride)?.max(1).min(rest_shape);
        if new_shape != 1 {
            result.push((new_shape, mul(rest_stride, curr_stride)?));
        }
        rest_shape = div(rest_shape, new_shape)?;
        rest_stride = -div(-rest_stride, curr_shape)?;
    }
    if rest_shape != 1 || result.is_empty() {
        result.push((rest_shape, mul(rest_stride, last_stride)?));
    }
    Ok(from_flat(result))
}

/// The first divisibility condition of Definition 2.3.7.1 that `B` breaks against `A`'s
/// coalesced modes: each mode `s:d` of B must, walking A's modes `S_k`, split into whole parts
/// (`S_k / d` must divide what is left of `s`).
fn failing_condition(a: &Layout, b: &Layout) -> String {
    let flat_a = coalesce(a).flat_modes();
    for (bs, bd) in b.flat_modes() {
        if bd == 0 {
            continue;
        }
        let (mut rest_shape, mut rest_stride) = (bs, bd);
        for &(curr_shape, _) in flat_a.iter().take(flat_a.len().saturating_sub(1)) {
            let Ok(fit) = div(curr_shape, rest_stride) else {
                break;
            };
            let fit = fit.max(1);
            if fit < rest_shape && rem(rest_shape, fit).is_ok_and(|r| r != 0) {
                return format!(
                    "shape divisibility: mode {bs}:{bd} of B splits across A's mode of size {curr_shape} into {fit} and {rest_shape}/{fit}, which is not whole"
                );
            }
            let new_shape = fit.min(rest_shape);
            rest_shape = div(rest_shape, new_shape).unwrap_or(1);
            rest_stride = div(-rest_stride, curr_shape).map_or(rest_stride, |q| -q);
        }
    }
    match (a.size(), b.cosize()) {
        (Ok(size), Ok(cosize)) if cosize > size => {
            format!("B's image [0, {cosize}) within A's domain [0, {size})")
        }
        _ => "R(i) = A(B(i)) for every i (a divisibility condition of §2.3.7 fails)".to_string(),
    }
}

/// `A ∘ B` (pycute `composition(A, B)`): `R(i) = A(B(i))` for `i < size(R)`, shaped like B.
///
/// Where B's shape does not divide A's modes, pycute truncates: `size(R) < size(B)` (e.g.
/// `((2,2),(2,6)):((12,16),(2,1)) ∘ 3:2 = 2:16`). Those results keep pycute's own law on their
/// domain and the reference vectors hold them, so they are returned as pycute returns them;
/// [`composition_is_truncated`] tells a caller to warn.
///
/// # Errors
/// pycute's own failures, and inadmissible operands for which pycute would return a layout
/// that breaks the law, with the failing condition named.
pub fn composition(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    let result = compose_raw(a, b)?;
    let size = result.size()?;
    if size <= LAW_CHECK_LIMIT {
        for i in 0..size {
            if result.call(i)? != a.call(b.call(i)?)? {
                return Err(algebra_error(failing_condition(a, b)));
            }
        }
    }
    Ok(result)
}

/// Whether `composition(a, b)` covers less than B's domain (pycute's truncation).
///
/// # Errors
/// Overflow of either size.
pub fn composition_is_truncated(result: &Layout, b: &Layout) -> Result<bool, LayoutError> {
    Ok(result.size()? < b.size()?)
}

/// Composition with a tiler: by mode for a by-mode tiler, `A ∘ (n:1)` for a size.
///
/// # Errors
/// As [`composition`].
pub fn composition_tiler(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    match tiler {
        Tiler::ByMode(parts) => by_mode(a, parts, |ai, t| match t {
            None => Ok(ai.clone()),
            Some(t) => composition_tiler(ai, t),
        }),
        _ => composition(a, &tiler.as_layout()?.expect("not by-mode")),
    }
}

/// pycute `complement(layout, max_idx)`: the layout that fills the gaps of `layout`'s image up
/// to `max_idx`, coalesced.
///
/// # Errors
/// pycute's assertion that modes do not overlap once sorted by stride; overflow.
pub fn complement(layout: &Layout, max_idx: i64) -> Result<Layout, LayoutError> {
    let mut modes: Vec<(i64, i64)> = layout
        .flat_modes()
        .into_iter()
        .map(|(s, d)| (d, s))
        .collect();
    small_sort::sort_by_key(&mut modes, |&m| m);
    let mut result = Vec::new();
    let mut current = 1i64;
    for (stride, shape) in modes {
        if stride == 0 || shape == 1 {
            continue;
        }
        let reach = mul(shape, stride)?;
        if current > reach {
            return Err(algebra_error(format!(
                "modes that do not overlap: {shape}:{stride} ends at {reach}, before {current}"
            )));
        }
        result.push((div(stride, current)?, current));
        current = reach;
    }
    let last = div(
        max_idx.checked_add(current).ok_or_else(overflow)? - 1,
        current,
    )?;
    result.push((last, current));
    Ok(coalesce(&tuple_layout(result)))
}

/// pycute `right_inverse`: `L(R(i)) = i` on the largest prefix of strides that tile from 1.
///
/// # Errors
/// Overflow.
pub fn right_inverse(layout: &Layout) -> Result<Layout, LayoutError> {
    let flat_shape = IntTuple::Tuple(
        layout
            .shape()
            .flatten()
            .into_iter()
            .map(IntTuple::Int)
            .collect(),
    );
    let rstrides = super::layout::prefix_product(&flat_shape, 1)?.flatten();
    let mut sorted: Vec<(i64, i64, i64)> = layout
        .flat_modes()
        .into_iter()
        .zip(rstrides)
        .map(|((s, d), r)| (d, s, r))
        .collect();
    small_sort::sort_by_key(&mut sorted, |&m| m);
    let mut result = Vec::new();
    let mut current = 1i64;
    for (stride, shape, rstride) in sorted {
        if shape == 1 {
            continue;
        }
        if current != stride {
            break;
        }
        result.push((shape, rstride));
        current = mul(shape, stride)?;
    }
    Ok(coalesce(&tuple_layout(result)))
}

/// pycute `left_inverse`: `right_inverse((L, complement(L)))`.
///
/// # Errors
/// As [`complement`].
pub fn left_inverse(layout: &Layout) -> Result<Layout, LayoutError> {
    let pair = make_layout(&[layout.clone(), complement(layout, 1)?])?;
    right_inverse(&pair)
}

/// pycute `logical_divide(A, B) = A ∘ (B, complement(B, size(A)))`, by mode for by-mode tilers.
///
/// # Errors
/// pycute's failures.
pub fn logical_divide(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    match tiler {
        Tiler::ByMode(parts) => by_mode(a, parts, |ai, t| match t {
            None => Ok(ai.clone()),
            Some(t) => logical_divide(ai, t),
        }),
        _ => {
            let b = tiler.as_layout()?.expect("not by-mode");
            let rest = complement(&b, a.size()?)?;
            compose_raw(a, &make_layout(&[b, rest])?)
        }
    }
}

/// `logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)`, by mode for by-mode
/// tilers. (pycute divides instead of multiplying for a bare int tiler; this follows CuTe.)
///
/// # Errors
/// pycute's failures.
pub fn logical_product(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    match tiler {
        Tiler::ByMode(parts) => by_mode(a, parts, |ai, t| match t {
            None => Ok(ai.clone()),
            Some(t) => logical_product(ai, t),
        }),
        _ => {
            let b = tiler.as_layout()?.expect("not by-mode");
            let bound = mul(a.size()?, b.cosize()?)?;
            let rest = complement(a, bound)?;
            make_layout(&[a.clone(), compose_raw(&rest, &b)?])
        }
    }
}

/// pycute `hier_unzip`: `((tiles of each mode), (rest of each mode, untouched modes))`.
fn hier_unzip(
    splitter: fn(&Layout, &Tiler) -> Result<Layout, LayoutError>,
    a: &Layout,
    tiler: Option<&Tiler>,
) -> Result<Layout, LayoutError> {
    match tiler {
        None => make_layout(&[from_flat(vec![(1, 0)]), a.clone()]),
        Some(Tiler::ByMode(parts)) => {
            if a.rank() < parts.len() {
                return Err(algebra_error(format!(
                    "a layout of rank >= {} for a by-mode tiler of that length",
                    parts.len()
                )));
            }
            let split: Vec<Layout> = parts
                .iter()
                .enumerate()
                .map(|(i, t)| hier_unzip(splitter, &mode(a, i)?, t.as_ref()))
                .collect::<Result<_, _>>()?;
            let firsts: Vec<Layout> = split.iter().map(|s| mode(s, 0)).collect::<Result<_, _>>()?;
            let mut seconds: Vec<Layout> =
                split.iter().map(|s| mode(s, 1)).collect::<Result<_, _>>()?;
            for i in parts.len()..a.rank() {
                seconds.push(mode(a, i)?);
            }
            make_layout(&[make_layout(&firsts)?, make_layout(&seconds)?])
        }
        Some(t) => splitter(a, t),
    }
}

/// pycute `zipped_divide`: `((tile), (rest))`.
///
/// # Errors
/// pycute's failures.
pub fn zipped_divide(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    hier_unzip(logical_divide, a, Some(tiler))
}

/// pycute `zipped_product`.
///
/// # Errors
/// pycute's failures.
pub fn zipped_product(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    hier_unzip(logical_product, a, Some(tiler))
}

/// `(first, second modes unpacked…)`: pycute's `tiled_*` shape.
fn tile_then_unpack(zipped: Layout) -> Result<Layout, LayoutError> {
    let mut modes = vec![mode(&zipped, 0)?];
    modes.extend(mode(&zipped, 1)?.modes());
    make_layout(&modes)
}

/// Both modes unpacked: CuTe's `flat_*` shape.
fn unpack_both(zipped: Layout) -> Result<Layout, LayoutError> {
    let mut modes = mode(&zipped, 0)?.modes();
    modes.extend(mode(&zipped, 1)?.modes());
    make_layout(&modes)
}

/// pycute `tiled_divide`: `(tile, rest0, rest1, …)`.
///
/// # Errors
/// pycute's failures.
pub fn tiled_divide(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    tile_then_unpack(zipped_divide(a, tiler)?)
}

/// pycute `tiled_product`.
///
/// # Errors
/// pycute's failures.
pub fn tiled_product(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    tile_then_unpack(zipped_product(a, tiler)?)
}

/// CuTe `flat_divide`: `(tile0, tile1, …, rest0, rest1, …)`.
///
/// # Errors
/// As [`zipped_divide`].
pub fn flat_divide(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    unpack_both(zipped_divide(a, tiler)?)
}

/// CuTe `flat_product`.
///
/// # Errors
/// As [`zipped_product`].
pub fn flat_product(a: &Layout, tiler: &Tiler) -> Result<Layout, LayoutError> {
    unpack_both(zipped_product(a, tiler)?)
}

/// CuTe `append<R>`: pad with `1:0` modes up to rank `r`.
fn append_to_rank(layout: &Layout, r: usize) -> Result<Layout, LayoutError> {
    let mut modes = layout.modes();
    while modes.len() < r {
        modes.push(from_flat(vec![(1, 0)]));
    }
    make_layout(&modes)
}

/// `logical_product(append<R>(A), append<R>(B))` with `R = max(rank A, rank B)`, as pairs.
fn product_pairs(a: &Layout, b: &Layout) -> Result<(Vec<Layout>, Vec<Layout>), LayoutError> {
    let r = a.rank().max(b.rank());
    let (a, b) = (append_to_rank(a, r)?, append_to_rank(b, r)?);
    let bound = mul(a.size()?, b.cosize()?)?;
    let rest = compose_raw(&complement(&a, bound)?, &b)?;
    Ok((a.modes(), rest.modes()))
}

/// CuTe `blocked_product(A, B)`: mode `i` is `(A_i, (complement∘B)_i)` — A's blocks laid out
/// by B.
///
/// # Errors
/// As [`logical_product`].
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    let (first, second) = product_pairs(a, b)?;
    let zipped: Vec<Layout> = first
        .into_iter()
        .zip(second)
        .map(|(x, y)| make_layout(&[x, y]))
        .collect::<Result<_, _>>()?;
    make_layout(&zipped)
}

/// CuTe `raked_product(A, B)`: mode `i` is `((complement∘B)_i, A_i)` — A's elements raked
/// across B.
///
/// # Errors
/// As [`logical_product`].
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout, LayoutError> {
    let (first, second) = product_pairs(a, b)?;
    let zipped: Vec<Layout> = first
        .into_iter()
        .zip(second)
        .map(|(x, y)| make_layout(&[y, x]))
        .collect::<Result<_, _>>()?;
    make_layout(&zipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(text: &str) -> Layout {
        Layout::parse(text).unwrap()
    }

    #[track_caller]
    fn check(result: Result<Layout, LayoutError>, expect: &str) {
        assert_eq!(result.unwrap().to_string(), expect);
    }

    #[test]
    fn coalesce_never_merges_past_i64() {
        // 2^32 · 2^32 overflows: the modes stay apart (same function), no panic
        let huge = l("(4294967296,4294967296):(1,4294967296)");
        assert_eq!(coalesce(&huge), huge);
        assert_eq!(filter(&huge), huge);
        assert_eq!(coalesce(&l("(2,3):(1,2)")).to_string(), "6:1");
    }

    #[test]
    fn paper_examples_2_3_7() {
        // B ∘ A in the paper is composition(B, A) here.
        check(
            composition(&l("(100):(7)"), &l("(3,5):(10,2)")),
            "(3,5):(70,14)",
        );
        check(
            composition(&l("(2,2,6):(12,6,1)"), &l("(4):(2)")),
            "((2,2)):((6,1))",
        );
    }

    #[test]
    fn basic_algebra() {
        check(Ok(coalesce(&l("(2,(1,6)):(1,(6,2))"))), "12:1");
        check(Ok(filter(&l("(2,3,1):(0,1,7)"))), "3:1");
        check(complement(&l("4:2"), 16), "(2,2):(1,8)");
        check(right_inverse(&l("(4,2):(2,1)")), "(2,4):(4,1)");
        check(
            logical_divide(&l("(4,8):(1,4)"), &Tiler::Layout(l("2:1"))),
            "(2,16):(1,2)",
        );
        let by_mode = Tiler::ByMode(vec![Some(Tiler::Layout(l("2:1"))), None]);
        check(
            logical_divide(&l("(4,8):(1,4)"), &by_mode),
            "((2,2),8):((1,2),4)",
        );
    }

    #[test]
    fn inadmissible_composition_names_the_condition() {
        // the vectors' README example: pycute returns (3,(4,)):(96,(1,)), which is wrong
        let err = composition(&l("(4,3,4):(1,96,8)"), &l("(4,(4)):(4,(1))")).unwrap_err();
        assert!(err.to_string().contains("divisibility"), "{err}");
    }

    #[test]
    fn blocked_and_raked_products() {
        let a = l("(2,2):(1,2)");
        let b = l("(3,4):(1,3)");
        check(blocked_product(&a, &b), "((2,3),(2,4)):((1,4),(2,12))");
        check(raked_product(&a, &b), "((3,2),(4,2)):((4,1),(12,2))");
    }
}
