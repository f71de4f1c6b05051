//! Where the elements of a divide or product come from, for colouring A and the result side
//! by side and linking them on hover: each result element's tile, the element of A it reads
//! (a divide) or copies (a product), and its element of B. Also the conditions a complement
//! needs of its layout ([`nesting`], [`collision`]), named in the words the workbench shows.
//!
//! A divide is run on A's *spaced identity* (A's shape, each part's values kept apart), so the
//! value behind each result element names the element of A it reads; a product is run on
//! stand-ins with A's and B's shapes, one numbered and one with zero strides.

use std::collections::HashMap;

use crate::error::LayoutError;

use super::algebra;
use super::layout::{algebra_error, mul, prefix_product, IntTuple, Layout};
use super::tiler::Tiler;

/// An operation `op(A, tiler)`: a divide or product of the algebra.
pub type TilerOp = fn(&Layout, &Tiler) -> Result<Layout, LayoutError>;
/// An operation `op(A, B)`: a blocked or raked product.
pub type LayoutOp = fn(&Layout, &Layout) -> Result<Layout, LayoutError>;

/// Tile ids for colouring A and the result side by side; ids are `0..count`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiles {
    /// The tile of each index of A's domain.
    pub a: Vec<usize>,
    /// The tile of each index of the result's domain.
    pub result: Vec<usize>,
    /// The index of A each result element reads (a divide) or copies (a product); `None`
    /// where a divide's tile reaches past A.
    pub source: Vec<Option<usize>>,
    /// The index of B each result element stands for: its place in a divide's tile, or the
    /// copy of A a product puts it in (B's index when B is one layout).
    pub b: Vec<Option<usize>>,
    /// How many tiles there are.
    pub count: usize,
}

/// `n:1`.
pub fn unit_layout(n: i64) -> Layout {
    Layout::new(IntTuple::Int(n), IntTuple::Int(1))
        .unwrap_or_else(|_| unreachable!("n:1 with n >= 0 is a layout"))
}

/// "A", or "mode 1 of A", "mode 1.0 of A" for a mode path.
pub fn part_name(path: &[usize]) -> String {
    if path.is_empty() {
        return "A".to_string();
    }
    let path: Vec<String> = path.iter().map(usize::to_string).collect();
    format!("mode {} of A", path.join("."))
}

/// The sub-layout of `layout` at a mode path.
pub fn sub_layout(layout: &Layout, path: &[usize]) -> Option<Layout> {
    path.iter()
        .try_fold(layout.clone(), |part, &k| part.mode(k).ok())
}

/// One part of A as a divide sees it: the sub-layout a tiler layout divides, or a mode it
/// leaves alone. On the spaced identity, each part owns the digit `(v / base) % span` of a
/// value `v`, so tiles reaching past one part never run into the next.
pub struct Part {
    name: String,
    base: i64,
    /// Room for the digit: the part's size, or what `(B, B*)` reaches.
    span: i64,
    /// The part's stride in A's 1-D (colexicographic) index.
    a_stride: i64,
    a_size: i64,
    /// A's sub-layout and `(B, B*)` for a part a tiler layout divides.
    divided: Option<(Layout, Layout)>,
}

impl Part {
    /// "A", or "mode 1 of A" for a part under a by-mode tiler.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Size of the part of A, in elements.
    pub fn a_size(&self) -> i64 {
        self.a_size
    }

    /// A's sub-layout and `(B, B*)` for a part a tiler layout divides.
    pub fn divided(&self) -> Option<&(Layout, Layout)> {
        self.divided.as_ref()
    }
}

/// The parts of A under `tiler`, in A's mode order.
pub fn spaced_parts(a: &Layout, tiler: &Tiler) -> Result<Vec<Part>, LayoutError> {
    let mut parts = Vec::new();
    spaced_identity(a, Some(tiler), &mut Vec::new(), &mut (1, 1), &mut parts)?;
    Ok(parts)
}

/// A's shape with compact strides per part, each part's base past the reach of the ones
/// before it. `next` is `(base, a_stride)` of the next part.
fn spaced_identity(
    a: &Layout,
    tiler: Option<&Tiler>,
    path: &mut Vec<usize>,
    next: &mut (i64, i64),
    parts: &mut Vec<Part>,
) -> Result<Layout, LayoutError> {
    if let Some(Tiler::ByMode(tilers)) = tiler {
        let modes = a.modes();
        if tilers.len() > modes.len() {
            return Err(algebra_error("a by-mode tiler no longer than A's rank"));
        }
        let mut spaced = Vec::with_capacity(modes.len());
        for (k, mode) in modes.iter().enumerate() {
            path.push(k);
            let t = tilers.get(k).and_then(Option::as_ref);
            spaced.push(spaced_identity(mode, t, path, next, parts)?);
            path.pop();
        }
        return match (a.shape().is_int(), spaced.pop()) {
            (true, Some(only)) => Ok(only),
            (_, last) => {
                spaced.extend(last);
                algebra::make_layout(&spaced)
            }
        };
    }
    let a_size = a.size()?;
    let divided = match tiler {
        Some(Tiler::Layout(b)) => Some(b.clone()),
        Some(Tiler::Int(n)) => Some(Layout::compact(IntTuple::Int(*n))?),
        _ => None,
    }
    .map(|b| {
        let rest = algebra::complement(&b, a_size)?;
        Ok::<_, LayoutError>((a.clone(), algebra::make_layout(&[b, rest])?))
    })
    .transpose()?;
    let span = match &divided {
        Some((_, covered)) if covered.size()? > 0 => {
            a_size.max(covered.size()?).max(covered.cosize()?)
        }
        _ => a_size,
    };
    let (base, a_stride) = *next;
    parts.push(Part {
        name: part_name(path),
        base,
        span,
        a_stride,
        a_size,
        divided,
    });
    *next = (mul(base, span.max(1))?, mul(a_stride, a_size)?);
    Layout::new(a.shape().clone(), prefix_product(a.shape(), base)?)
}

/// Where a divide's elements come from: the divide run on A's spaced identity.
pub struct DivideIndex {
    parts: Vec<Part>,
    /// `op(spaced identity, B)`: the spaced value behind each result element.
    index: Layout,
    /// `zipped_divide(spaced identity, B)`: index `z` is in tile `z / size(mode 0)`.
    zipped: Layout,
}

impl DivideIndex {
    /// `divide(A, tiler)` run on A's spaced identity; `divide` is one of the algebra's
    /// divides.
    ///
    /// # Errors
    /// The engine's, where the divide fails on the spaced identity.
    pub fn new(a: &Layout, tiler: &Tiler, divide: TilerOp) -> Result<DivideIndex, LayoutError> {
        let mut parts = Vec::new();
        let spaced = spaced_identity(a, Some(tiler), &mut Vec::new(), &mut (1, 1), &mut parts)?;
        Ok(DivideIndex {
            index: divide(&spaced, tiler)?,
            zipped: algebra::zipped_divide(&spaced, tiler)?,
            parts,
        })
    }

    /// The parts of A, in A's mode order.
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// `op(spaced identity, B)`: the spaced value behind each result element.
    pub fn index(&self) -> &Layout {
        &self.index
    }

    /// The index of A behind spaced value `v`; `None` past A.
    pub fn a_index(&self, v: i64) -> Option<i64> {
        self.parts.iter().try_fold(0i64, |x, part| {
            let digit = v.checked_div(part.base)?.checked_rem(part.span)?;
            if !(0..part.a_size).contains(&digit) {
                return None;
            }
            x.checked_add(digit.checked_mul(part.a_stride)?)
        })
    }

    /// The spaced value of index `x` of A.
    fn spaced(&self, x: i64) -> Option<i64> {
        self.parts.iter().try_fold(0i64, |v, part| {
            let digit = x.checked_div(part.a_stride)?.checked_rem(part.a_size)?;
            v.checked_add(digit.checked_mul(part.base)?)
        })
    }

    /// The tiles of a divide whose result has `result_size` elements: the rest coordinates.
    /// `None` where the divide does not list each spaced value in one tile.
    pub fn tiles(&self, a_size: i64, result_size: i64) -> Option<Tiles> {
        let n = self.index.size().ok()?;
        let per_tile = self.zipped.mode(0).ok()?.size().ok()?;
        if n != result_size || self.zipped.size().ok()? != n || per_tile <= 0 {
            return None;
        }
        // (tile, place in the tile) of each spaced value; the place is B's index
        let mut tile_of: HashMap<i64, (usize, usize)> = HashMap::new();
        for z in 0..n {
            let at = (
                usize::try_from(z / per_tile).ok()?,
                usize::try_from(z % per_tile).ok()?,
            );
            if tile_of
                .insert(self.zipped.call(z).ok()?, at)
                .is_some_and(|t| t != at)
            {
                return None;
            }
        }
        let mut result = Vec::with_capacity(n as usize);
        let mut source = Vec::with_capacity(n as usize);
        let mut b = Vec::with_capacity(n as usize);
        for i in 0..n {
            let v = self.index.call(i).ok()?;
            let (tile, place) = *tile_of.get(&v)?;
            result.push(tile);
            b.push(Some(place));
            source.push(self.a_index(v).and_then(|x| usize::try_from(x).ok()));
        }
        let a = (0..a_size)
            .map(|x| Some(tile_of.get(&self.spaced(x)?)?.0))
            .collect::<Option<Vec<usize>>>()?;
        Some(Tiles {
            a,
            result,
            source,
            b,
            count: usize::try_from(n / per_tile).ok()?,
        })
    }
}

/// The second operand of a product, with the product that takes it.
#[derive(Clone, Copy)]
pub enum ProductOperand<'a> {
    /// A tiler, for the logical, zipped, tiled and flat products.
    Tiler(&'a Tiler, TilerOp),
    /// A layout, for the blocked and raked products.
    Layout(&'a Layout, LayoutOp),
}

/// Where a product's elements come from (see [`ProductIndex::new`]).
pub struct ProductIndex {
    /// The copy of A each result element is in.
    copy: Layout,
    /// The index of A each result element copies.
    source: Layout,
    count: i64,
}

impl ProductIndex {
    /// The product run twice on stand-ins with A's and B's shapes: A with zero strides and B
    /// numbered (compact, counting on across B's layouts) gives each element's copy; A
    /// numbered and B with zero strides gives the element of A it copies. Both have the
    /// result's modes, truncation aside.
    ///
    /// # Errors
    /// The engine's, where the product fails on the stand-ins.
    pub fn new(a: &Layout, b: ProductOperand<'_>) -> Result<ProductIndex, LayoutError> {
        let zero_a = Layout::new(a.shape().clone(), a.shape().profile())?;
        let identity = Layout::compact(a.shape().clone())?;
        let mut count = 1i64;
        let (copy, source) = match b {
            ProductOperand::Tiler(tiler, run) => (
                run(&zero_a, &numbered(tiler, &mut count)?)?,
                run(&identity, &zeroed(tiler)?)?,
            ),
            ProductOperand::Layout(b, run) => {
                let b_numbered = Layout::compact(b.shape().clone())?;
                count = b_numbered.size()?;
                let b_zero = Layout::new(b.shape().clone(), b.shape().profile())?;
                (run(&zero_a, &b_numbered)?, run(&identity, &b_zero)?)
            }
        };
        Ok(ProductIndex {
            copy,
            source,
            count,
        })
    }

    /// The copy of A each result element is in.
    pub fn copy(&self) -> &Layout {
        &self.copy
    }

    /// The tiles of a product whose result has `result_size` elements: the copies of A.
    /// `None` where the stand-ins do not have the result's size.
    pub fn tiles(&self, a_size: i64, result_size: i64) -> Option<Tiles> {
        if self.copy.size().ok()? != result_size || self.source.size().ok()? != result_size {
            return None;
        }
        let read = |layout: &Layout, i: i64, below: i64| {
            let v = layout.call(i).ok()?;
            (0..below)
                .contains(&v)
                .then(|| usize::try_from(v).ok())
                .flatten()
        };
        let result = (0..result_size)
            .map(|i| read(&self.copy, i, self.count))
            .collect::<Option<Vec<usize>>>()?;
        let source = (0..result_size)
            .map(|i| read(&self.source, i, a_size).map(Some))
            .collect::<Option<Vec<Option<usize>>>>()?;
        Some(Tiles {
            a: vec![0; usize::try_from(a_size).ok()?],
            b: result.iter().copied().map(Some).collect(),
            result,
            source,
            count: usize::try_from(self.count).ok()?,
        })
    }
}

/// `tiler` with every layout replaced by the compact layout of its shape, offset so that
/// its values count on from the layouts before it (`count` ends as their sizes' product).
fn numbered(tiler: &Tiler, count: &mut i64) -> Result<Tiler, LayoutError> {
    let number = |shape: IntTuple, count: &mut i64| {
        let layout = Layout::new(shape.clone(), prefix_product(&shape, *count)?)?;
        *count = mul(*count, shape.product()?)?;
        Ok(Tiler::Layout(layout))
    };
    match tiler {
        Tiler::Layout(l) => number(l.shape().clone(), count),
        Tiler::Int(n) => number(IntTuple::Int(*n), count),
        Tiler::ByMode(parts) => parts
            .iter()
            .map(|p| p.as_ref().map(|p| numbered(p, count)).transpose())
            .collect::<Result<_, _>>()
            .map(Tiler::ByMode),
    }
}

/// `tiler` with every stride 0.
fn zeroed(tiler: &Tiler) -> Result<Tiler, LayoutError> {
    match tiler {
        Tiler::Layout(l) => Layout::new(l.shape().clone(), l.shape().profile()).map(Tiler::Layout),
        Tiler::Int(n) => Layout::new(IntTuple::Int(*n), IntTuple::Int(0)).map(Tiler::Layout),
        Tiler::ByMode(parts) => parts
            .iter()
            .map(|p| p.as_ref().map(zeroed).transpose())
            .collect::<Result<_, _>>()
            .map(Tiler::ByMode),
    }
}

/// The layouts of a tiler with the mode path each applies to.
pub fn tiler_leaves(tiler: &Tiler) -> Vec<(Vec<usize>, Layout)> {
    fn go(tiler: &Tiler, path: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, Layout)>) {
        match tiler {
            Tiler::Layout(l) => out.push((path.clone(), l.clone())),
            Tiler::Int(n) => {
                if let Ok(l) = Layout::compact(IntTuple::Int(*n)) {
                    out.push((path.clone(), l));
                }
            }
            Tiler::ByMode(parts) => {
                for (k, part) in parts.iter().enumerate() {
                    if let Some(part) = part {
                        path.push(k);
                        go(part, path, out);
                        path.pop();
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    go(tiler, &mut Vec::new(), &mut out);
    out
}

/// How a layout's modes, sorted by stride, sit for `complement`.
pub enum Nesting {
    /// Each stride is a multiple of the extent (shape·stride) of the modes before it.
    Nested,
    /// A stride is past that extent but not a multiple of it: the complement leaves gaps.
    Gaps(String),
    /// A stride is negative or inside that extent: CuTe asserts, pycute returns a layout with
    /// an empty mode.
    Overlap(String),
}

/// The stride condition of `complement` on `layout`, called `name` in messages.
pub fn nesting(layout: &Layout, name: &str) -> Nesting {
    let mut modes: Vec<(i64, i64)> = layout
        .flat_modes()
        .into_iter()
        .filter(|&(s, d)| s > 1 && d != 0)
        .map(|(s, d)| (d, s))
        .collect();
    modes.sort_unstable();
    let condition = format!(
        "{name} = {layout} to be injective, with each stride (in increasing order) at least the \
         extent shape·stride of the modes before it"
    );
    let mut extent = 1i64;
    let mut gaps = None;
    for (d, s) in modes {
        if d < 0 {
            return Nesting::Overlap(format!("{condition}: mode {s}:{d} has a negative stride"));
        }
        if d < extent {
            return Nesting::Overlap(format!(
                "{condition}: mode {s}:{d} starts inside the extent {extent} of the modes \
                 before it"
            ));
        }
        if d % extent != 0 && gaps.is_none() {
            gaps = Some(format!(
                "stride {d} of mode {s}:{d} is not a multiple of {extent}, the extent of the \
                 modes before it"
            ));
        }
        let Some(next) = d.checked_mul(s) else {
            return Nesting::Overlap(format!("{condition}: its extent does not fit in 64 bits"));
        };
        extent = next;
    }
    gaps.map_or(Nesting::Nested, Nesting::Gaps)
}

/// Two indices with the same value, if the layout has at most `limit` elements to look at.
pub fn collision(layout: &Layout, limit: usize) -> Option<String> {
    let values = layout.values(limit).ok()?;
    let mut first: HashMap<i64, usize> = HashMap::new();
    for (i, v) in values.into_iter().enumerate() {
        if let Some(j) = first.insert(v, i) {
            return Some(format!("A({j}) = A({i}) = {v}"));
        }
    }
    None
}

/// What each element of a result without tiles reads of A, for [`links`].
#[derive(Clone, Copy)]
pub enum Reads<'a> {
    /// A composition `R(i) = A(B(i))`: element `i` reads `A(B(i))` and stands for B's `i`.
    Composed(&'a Layout),
    /// An inverse: element `j` reads `R(j)` where `A(R(j)) = j`.
    Inverse,
    /// `R(i) = A(i)`, a coalesce.
    Same,
}

/// Which elements of A and B each element of `result` comes from, uncoloured (`count` 0):
/// composition's `R(i) = A(B(i))`, an inverse's `A(R(j)) = j`, or a coalesce's `R(i) = A(i)`.
///
/// # Errors
/// `Overflow` where A's or the result's size does not fit.
pub fn links(a: &Layout, result: &Layout, reads: Reads<'_>) -> Result<Tiles, LayoutError> {
    let (a_size, n) = (a.size()?, result.size()?);
    let (mut source, mut b) = (Vec::new(), Vec::new());
    for i in 0..n {
        let x = match reads {
            Reads::Composed(b) => b.call(i).ok(),
            Reads::Inverse => result.call(i).ok().filter(|&x| a.call(x).ok() == Some(i)),
            Reads::Same => Some(i),
        };
        source.push(x.filter(|x| (0..a_size).contains(x)).map(|x| x as usize));
        b.push(matches!(reads, Reads::Composed(_)).then_some(i as usize));
    }
    Ok(Tiles {
        a: Vec::new(),
        result: Vec::new(),
        source,
        b,
        count: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn l(text: &str) -> Layout {
        Layout::parse(text).unwrap()
    }

    #[test]
    fn a_divide_reads_a_at_b_then_its_complement() {
        // 1-D: element i + |B|·j reads A at B(i) + B*(j) and lies in tile j
        for (a, b) in [("(4,2,3):(2,1,8)", "4:2"), ("12:1", "3:2"), ("6:1", "4:1")] {
            let (a, b) = (l(a), l(b));
            let n = a.size().unwrap();
            let rest = algebra::complement(&b, n).unwrap();
            let tiler = Tiler::Layout(b.clone());
            let r = algebra::logical_divide(&a, &tiler).unwrap();
            let index = DivideIndex::new(&a, &tiler, algebra::logical_divide).unwrap();
            let tiles = index.tiles(n, r.size().unwrap()).unwrap();
            assert_eq!(tiles.count as i64, rest.size().unwrap());
            for k in 0..r.size().unwrap() {
                let (i, j) = (k % b.size().unwrap(), k / b.size().unwrap());
                let x = b.call(i).unwrap() + rest.call(j).unwrap();
                assert_eq!(tiles.result[k as usize], j as usize, "{a} / {b}: {k}");
                if x < n {
                    assert_eq!(tiles.a[x as usize], j as usize);
                    assert_eq!(tiles.source[k as usize], Some(x as usize));
                } else {
                    assert_eq!(tiles.source[k as usize], None);
                }
            }
        }
    }

    #[test]
    fn a_product_copies_a_once_per_element_of_b() {
        let (a, b) = (l("(2,2):(4,1)"), l("6:1"));
        let tiler = Tiler::Layout(b);
        let r = algebra::logical_product(&a, &tiler).unwrap();
        let index =
            ProductIndex::new(&a, ProductOperand::Tiler(&tiler, algebra::logical_product)).unwrap();
        let tiles = index.tiles(4, r.size().unwrap()).unwrap();
        assert_eq!((tiles.count, tiles.a.clone()), (6, vec![0; 4]));
        for k in 0..24 {
            assert_eq!(tiles.result[k], k / 4);
            assert_eq!(tiles.source[k], Some(k % 4));
        }
    }

    #[test]
    fn links_follow_each_law() {
        let (a, b) = (l("20:2"), l("(5,4):(4,1)"));
        let r = algebra::composition(&a, &b).unwrap();
        let linked = links(&a, &r, Reads::Composed(&b)).unwrap();
        assert!((0..20).all(|i| linked.source[i] == Some(b.call(i as i64).unwrap() as usize)));
        let a = l("4:2");
        let r = algebra::right_inverse(&a).unwrap();
        assert_eq!(links(&a, &r, Reads::Inverse).unwrap().source, vec![Some(0)]);
    }

    #[test]
    fn complement_conditions_name_the_mode() {
        assert!(matches!(nesting(&l("(2,4):(1,2)"), "A"), Nesting::Nested));
        let Nesting::Gaps(why) = nesting(&l("(3,2):(2,7)"), "A") else {
            panic!("gaps expected");
        };
        assert!(why.contains("stride 7 of mode 2:7 is not a multiple of 6"));
        assert!(matches!(
            nesting(&l("(2,2):(2,3)"), "A"),
            Nesting::Overlap(_)
        ));
        assert_eq!(
            collision(&l("(2,2):(1,1)"), 1 << 16).as_deref(),
            Some("A(1) = A(2) = 1")
        );
        assert_eq!(collision(&l("(2,2):(1,2)"), 1 << 16), None);
        assert_eq!(part_name(&[1, 0]), "mode 1.0 of A");
    }
}
