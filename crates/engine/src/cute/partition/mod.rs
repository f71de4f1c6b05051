//! CuTe C++'s partitioning (CUTLASS 4.2 `cute/tensor_impl.hpp`, `cute/atom/mma_atom.hpp`,
//! `cute/atom/copy_atom.hpp`), step for step on the engine's CuTe C++ algebra: slicing a
//! tensor by a coordinate with `_`, `local_tile`, `local_partition`, and a thread's slice of a
//! tiled MMA (`partition_A/B/C`) or a tiled copy (`partition_S/D`).
//!
//! A tensor is modelled as CuTe's tensor over a counting iterator: a data offset and a layout,
//! its element `i` the index `offset + layout(i)` in the tensor it was cut from. Each operation
//! returns the offset and the layout CuTe's resulting tensor has (`*tensor.data()` and
//! `print(tensor.layout())`), static and dynamic integers as CuTe marks them.

use crate::error::LayoutError;

use super::cpp::int::{refused, CppInt, CppTuple};
use super::mma::{Operand, TiledMma};
use super::overflow;
use super::{CppLayout, CppTiler, TiledCopy};

/// A coordinate as CuTe slices with it: an integer, `_` (keep the mode) or a tuple of them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CppCoord {
    /// An integer: take that index of the mode.
    Int(i64),
    /// `_`: keep the whole mode.
    All,
    /// One coordinate per mode, such as `(_,2)`.
    Tuple(Vec<CppCoord>),
}

impl CppCoord {
    /// `repeat<n>(_)`: `_` itself for `n == 1`, else a tuple of `n`.
    fn all(n: usize) -> CppCoord {
        if n == 1 {
            CppCoord::All
        } else {
            CppCoord::Tuple(vec![CppCoord::All; n])
        }
    }

    /// A flat tuple of integers.
    pub fn ints(values: &[i64]) -> CppCoord {
        CppCoord::Tuple(values.iter().copied().map(CppCoord::Int).collect())
    }
}

/// A CuTe tensor over a counting iterator: element `i` is `offset + layout(i)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CppTensor {
    offset: i64,
    layout: CppLayout,
}

impl CppTensor {
    /// `make_tensor(counting_iterator<int>(offset), layout)`.
    pub fn new(offset: i64, layout: CppLayout) -> CppTensor {
        CppTensor { offset, layout }
    }

    /// `make_tensor(counting_iterator<int>(0), make_layout(make_shape(rows, cols)))`: a
    /// column-major `rows × cols` tensor of dynamic extents, element `(m, n)` at `m + rows·n`.
    ///
    /// # Errors
    /// `BadArgument` for an extent below 1; `Overflow`.
    pub fn column_major(rows: i64, cols: i64) -> Result<CppTensor, LayoutError> {
        if rows < 1 || cols < 1 {
            return Err(LayoutError::BadArgument {
                op: "tensor",
                arg: format!("{rows}x{cols}"),
                expected: "extents of at least 1".into(),
            });
        }
        let shape = CppTuple::Tuple(vec![
            CppTuple::Int(CppInt::dynamic(rows)),
            CppTuple::Int(CppInt::dynamic(cols)),
        ]);
        Ok(CppTensor::new(0, CppLayout::compact(shape)?))
    }

    /// `*tensor.data()`: where element 0 is.
    pub fn offset(&self) -> i64 {
        self.offset
    }
    /// The layout: element `i` is `offset + layout(i)`.
    pub fn layout(&self) -> &CppLayout {
        &self.layout
    }

    /// Every element, `offset + layout(i)` for `i` in `0..size`.
    ///
    /// # Errors
    /// `TooLarge` past `limit` elements; `Overflow`.
    pub fn values(&self, limit: usize) -> Result<Vec<i64>, LayoutError> {
        self.layout
            .to_layout()?
            .values(limit)?
            .into_iter()
            .map(|v| v.checked_add(self.offset).ok_or_else(overflow))
            .collect()
    }

    /// `tensor(coord)` with `_` in it: `slice_and_offset`, the modes at `_` kept (a tuple
    /// coordinate's results concatenated, CuTe's `filter_tuple`), the offset moved by
    /// `crd2idx(coord, layout)` with `_` as 0.
    ///
    /// # Errors
    /// CuTe's "Mismatched Ranks": a tuple coordinate against a mode of another rank or an
    /// integer; `Overflow`.
    pub fn slice(&self, coord: &CppCoord) -> Result<CppTensor, LayoutError> {
        let (shape, stride) = (self.layout.shape(), self.layout.stride());
        let (shape, stride) = match coord {
            CppCoord::All => (shape.clone(), stride.clone()),
            _ => {
                let (shapes, strides) = lift_slice(coord, shape, stride)?.into_iter().unzip();
                (CppTuple::Tuple(shapes), CppTuple::Tuple(strides))
            }
        };
        let moved = crd2idx(coord, self.layout.shape(), self.layout.stride())?;
        Ok(CppTensor {
            offset: self.offset.checked_add(moved).ok_or_else(overflow)?,
            layout: CppLayout::new(shape, stride)?,
        })
    }

    /// `local_tile(tensor, tiler, coord)` (`inner_partition`): `zipped_divide(tensor, tiler)`
    /// sliced at `(repeat<R0>(_), append<R1>(coord, _))`, the tile at `coord` among the
    /// tiles; an integer coordinate indexes the tiles flat.
    ///
    /// # Errors
    /// A coordinate of higher rank than the tiles' mode; what `zipped_divide` and
    /// [`CppTensor::slice`] refuse.
    pub fn local_tile(&self, tiler: &CppTiler, coord: &CppCoord) -> Result<CppTensor, LayoutError> {
        let tiled = self.layout.zipped_divide(tiler)?;
        let (tile_rank, rest_rank) = (tiled.mode(0)?.rank(), tiled.mode(1)?.rank());
        let coord = appended(coord, rest_rank, "local_tile")?;
        CppTensor::new(self.offset, tiled)
            .slice(&CppCoord::Tuple(vec![CppCoord::all(tile_rank), coord]))
    }

    /// `local_tile(tensor, tiler, coord, proj)`: the modes where `keep` is false (CuTe's `X`
    /// in the `Step`) left out of the tiler and the coordinate (`dice`) first.
    ///
    /// # Errors
    /// Tiler, coordinate and `keep` of different lengths; as [`CppTensor::local_tile`].
    pub fn local_tile_projected(
        &self,
        tiler: &[CppTiler],
        coord: &[CppCoord],
        keep: &[bool],
    ) -> Result<CppTensor, LayoutError> {
        if tiler.len() != keep.len() || coord.len() != keep.len() {
            return Err(refused("local_tile", "Mismatched Ranks"));
        }
        let diced = |i: &usize| keep[*i];
        let tiler = (0..keep.len()).filter(diced).map(|i| tiler[i].clone());
        let coord = (0..keep.len()).filter(diced).map(|i| coord[i].clone());
        self.local_tile(
            &CppTiler::Tuple(tiler.collect()),
            &CppCoord::Tuple(coord.collect()),
        )
    }

    /// `local_partition(tensor, thr_layout, index)` (`outer_partition`): the tensor divided by
    /// `product_each(shape(thr_layout))`, sliced at the tile coordinate
    /// `thr_layout.get_flat_coord(index)`, every tile kept: what thread `index` holds when the
    /// threads are laid out over each tile by `thr_layout`.
    ///
    /// # Errors
    /// `BadArgument` for an index outside `0..cosize(thr_layout)`; a stride `0` under a mode
    /// of more than one thread; as [`CppTensor::local_tile`].
    pub fn local_partition(
        &self,
        thr_layout: &CppLayout,
        index: i64,
    ) -> Result<CppTensor, LayoutError> {
        thread_index_of(thr_layout, index)?;
        self.outer_partition(thr_layout, index)
    }

    /// `outer_partition(tensor, product_each(shape(thr_layout)), thr_layout.get_flat_coord(index))`.
    fn outer_partition(
        &self,
        thr_layout: &CppLayout,
        index: i64,
    ) -> Result<CppTensor, LayoutError> {
        let modes = thr_layout.layout_modes();
        let tiler = modes
            .iter()
            .map(|m| m.size().map(CppTiler::Int))
            .collect::<Result<Vec<_>, _>>()?;
        let flat = flat_coord(thr_layout, index)?;
        let coord = match thr_layout.shape() {
            CppTuple::Tuple(items) if items.len() > 1 => CppCoord::ints(&flat),
            _ => CppCoord::Int(flat.first().copied().unwrap_or(0)),
        };
        let tiled = self.layout.zipped_divide(&CppTiler::Tuple(tiler))?;
        let (tile_rank, rest_rank) = (tiled.mode(0)?.rank(), tiled.mode(1)?.rank());
        let coord = appended(&coord, tile_rank, "local_partition")?;
        CppTensor::new(self.offset, tiled)
            .slice(&CppCoord::Tuple(vec![coord, CppCoord::all(rest_rank)]))
    }

    /// `local_partition(tensor, thr_layout, index, proj)`: `thr_layout` without the modes
    /// where `keep` is false (`dice`) first.
    ///
    /// # Errors
    /// `keep` of another length than the layout's rank; as [`CppTensor::local_partition`].
    pub fn local_partition_projected(
        &self,
        thr_layout: &CppLayout,
        index: i64,
        keep: &[bool],
    ) -> Result<CppTensor, LayoutError> {
        let modes = thr_layout.layout_modes();
        if modes.len() != keep.len() {
            return Err(refused("local_partition", "Mismatched Ranks"));
        }
        // the index names a thread of the whole layout, the projection only some of its modes
        thread_index_of(thr_layout, index)?;
        let kept = modes
            .into_iter()
            .zip(keep)
            .filter(|(_, &k)| k)
            .map(|(m, _)| m);
        self.outer_partition(&CppLayout::from_layouts(kept.collect()), index)
    }
}

/// An index `thr_layout` can produce: in `0..cosize`.
fn thread_index_of(thr_layout: &CppLayout, index: i64) -> Result<(), LayoutError> {
    let cosize = thr_layout.cosize()?.value();
    if !(0..cosize).contains(&index) {
        return Err(LayoutError::BadArgument {
            op: "local_partition",
            arg: index.to_string(),
            expected: format!("a thread index in 0..{cosize}"),
        });
    }
    Ok(())
}

/// `append<n>(coord, _)` for a tuple coordinate; an integer or `_` as it is.
fn appended(coord: &CppCoord, n: usize, op: &'static str) -> Result<CppCoord, LayoutError> {
    let CppCoord::Tuple(items) = coord else {
        return Ok(coord.clone());
    };
    if items.len() > n {
        return Err(refused(op, format!("a coordinate of rank <= {n}")));
    }
    let mut items = items.clone();
    items.resize(n, CppCoord::All);
    Ok(CppCoord::Tuple(items))
}

/// `detail::lift_slice(c, (s, d))`: the `(shape, stride)` modes a slice keeps, to concatenate.
fn lift_slice(
    coord: &CppCoord,
    shape: &CppTuple,
    stride: &CppTuple,
) -> Result<Vec<(CppTuple, CppTuple)>, LayoutError> {
    match coord {
        CppCoord::All => Ok(vec![(shape.clone(), stride.clone())]),
        CppCoord::Int(_) => Ok(Vec::new()),
        CppCoord::Tuple(items) => {
            let (CppTuple::Tuple(shapes), CppTuple::Tuple(strides)) = (shape, stride) else {
                return Err(refused("slice", "Mismatched Ranks"));
            };
            if items.len() != shapes.len() {
                return Err(refused("slice", "Mismatched Ranks"));
            }
            let mut out = Vec::new();
            for ((c, s), d) in items.iter().zip(shapes).zip(strides) {
                out.extend(lift_slice(c, s, d)?);
            }
            Ok(out)
        }
    }
}

/// `crd2idx(coord, shape, stride)`, `_` as 0: an integer against a tuple splits
/// colexicographically, the last mode taking what is left.
fn crd2idx(coord: &CppCoord, shape: &CppTuple, stride: &CppTuple) -> Result<i64, LayoutError> {
    match (coord, shape, stride) {
        (CppCoord::All, _, _) => Ok(0),
        (CppCoord::Int(c), CppTuple::Int(_), CppTuple::Int(d)) => {
            c.checked_mul(d.value()).ok_or_else(overflow)
        }
        (CppCoord::Int(c), CppTuple::Tuple(shapes), CppTuple::Tuple(strides)) => {
            let mut rest = *c;
            let mut sum = 0i64;
            for (i, (s, d)) in shapes.iter().zip(strides).enumerate() {
                let part = if i + 1 == shapes.len() {
                    rest
                } else {
                    let size = s.product()?.value();
                    if size == 0 {
                        return Err(refused("crd2idx", "a non-zero divisor"));
                    }
                    // C++'s truncating divmod
                    let part = rest.checked_rem(size).ok_or_else(overflow)?;
                    rest = rest.checked_div(size).ok_or_else(overflow)?;
                    part
                };
                sum = sum
                    .checked_add(crd2idx(&CppCoord::Int(part), s, d)?)
                    .ok_or_else(overflow)?;
            }
            Ok(sum)
        }
        (CppCoord::Tuple(items), CppTuple::Tuple(shapes), CppTuple::Tuple(strides))
            if items.len() == shapes.len() =>
        {
            items
                .iter()
                .zip(shapes)
                .zip(strides)
                .try_fold(0i64, |sum, ((c, s), d)| {
                    sum.checked_add(crd2idx(c, s, d)?).ok_or_else(overflow)
                })
        }
        _ => Err(refused("crd2idx", "Mismatched Ranks")),
    }
}

/// `layout.get_flat_coord(index)`: per top-level mode, the leaves' `(index / d) % s` (`0` for
/// a static `_1`), joined colexicographically within the mode.
fn flat_coord(layout: &CppLayout, index: i64) -> Result<Vec<i64>, LayoutError> {
    layout
        .layout_modes()
        .iter()
        .map(|mode| {
            let leaves = mode.shape().leaves();
            let strides = mode.stride().leaves();
            let mut joined = 0i64;
            for (s, d) in leaves.iter().zip(&strides).rev() {
                let c = if s.is_constant(1) {
                    0
                } else if d.value() == 0 || s.value() == 0 {
                    return Err(refused(
                        "get_flat_coord",
                        "a non-zero stride under a mode of more than one thread",
                    ));
                } else {
                    index
                        .checked_div(d.value())
                        .and_then(|q| q.checked_rem(s.value()))
                        .ok_or_else(overflow)?
                };
                joined = joined
                    .checked_mul(s.value())
                    .and_then(|j| j.checked_add(c))
                    .ok_or_else(overflow)?;
            }
            Ok(joined)
        })
        .collect()
}

/// `get_thread_slice`'s thread: one of `0..threads`.
fn check_thread(thread: i64, threads: i64) -> Result<(), LayoutError> {
    match (0..threads).contains(&thread) {
        true => Ok(()),
        false => Err(LayoutError::BadArgument {
            op: "get_thread_slice",
            arg: thread.to_string(),
            expected: format!("a thread in 0..{threads}"),
        }),
    }
}

/// `tiled_mma.get_thread_slice(thread)`: the thread's `(V,M,N,K)` coordinate, which
/// `partition_A/B/C` slice the tiled operand at.
#[derive(Clone, Debug)]
pub struct ThrMma<'a> {
    mma: &'a TiledMma,
    vmnk: Vec<i64>,
}

impl TiledMma {
    /// `get_thread_slice(thread)`: `thr_vmnk = get_thr_layout_vmnk().get_flat_coord(thread)`.
    ///
    /// # Errors
    /// `BadArgument` for a thread outside `0..size(mma)`; `Overflow`.
    pub fn thread_slice(&self, thread: i64) -> Result<ThrMma<'_>, LayoutError> {
        check_thread(thread, self.threads()?)?;
        Ok(ThrMma {
            mma: self,
            vmnk: flat_coord(self.thr_layout_vmnk(), thread)?,
        })
    }
}

impl ThrMma<'_> {
    /// The thread's flat `(V,M,N,K)` coordinate.
    pub fn vmnk(&self) -> &[i64] {
        &self.vmnk
    }

    /// `partition_A/B/C(tensor)`: `thrfrg_A/B/C` of the tensor's layout sliced at
    /// `((v,(m,k)),(_,(_,_,…)))` (for A; `(n,k)` for B, `(m,n)` for C), shaped `(MMA, MMA_M,
    /// MMA_K)`, `(MMA, MMA_N, MMA_K)` or `(MMA, MMA_M, MMA_N)` (and any further modes).
    ///
    /// # Errors
    /// As [`TiledMma::thrfrg_operand`].
    pub fn partition(
        &self,
        operand: Operand,
        tensor: &CppTensor,
    ) -> Result<CppTensor, LayoutError> {
        let frg = self.mma.thrfrg_operand(operand, tensor.layout())?;
        let (i, j) = match operand {
            Operand::A => (1, 3),
            Operand::B => (2, 3),
            Operand::C => (1, 2),
        };
        let v = |mode: usize| self.vmnk.get(mode).copied().unwrap_or(0);
        let thread = CppCoord::Tuple(vec![CppCoord::Int(v(0)), CppCoord::ints(&[v(i), v(j)])]);
        let rest = frg.mode_at(&[1, 1])?.rank();
        let values = CppCoord::Tuple(vec![CppCoord::All, CppCoord::all(rest)]);
        CppTensor::new(tensor.offset(), frg).slice(&CppCoord::Tuple(vec![thread, values]))
    }
}

/// `tiled_copy.get_thread_slice(thread)`.
#[derive(Clone, Debug)]
pub struct ThrCopy<'a> {
    copy: &'a TiledCopy,
    thread: i64,
}

impl TiledCopy {
    /// `get_thread_slice(thread)`.
    ///
    /// # Errors
    /// `BadArgument` for a thread outside `0..size<0>(TiledLayout_TV)`; `Overflow`.
    pub fn thread_slice(&self, thread: i64) -> Result<ThrCopy<'_>, LayoutError> {
        check_thread(thread, self.threads()?)?;
        Ok(ThrCopy { copy: self, thread })
    }
}

impl ThrCopy<'_> {
    /// `partition_S(tensor)` (`source`) or `partition_D(tensor)`: `tidfrg_S/D` of the tensor's
    /// layout sliced at `(thread, _, (_,_,…))`, shaped `(CPY, CPY_M, CPY_N, …)`.
    ///
    /// # Errors
    /// As [`TiledCopy::tidfrg`].
    pub fn partition(&self, source: bool, tensor: &CppTensor) -> Result<CppTensor, LayoutError> {
        let frg = self.copy.tidfrg(source, tensor.layout())?;
        let rest = CppCoord::all(tensor.layout().rank());
        CppTensor::new(tensor.offset(), frg).slice(&CppCoord::Tuple(vec![
            CppCoord::Int(self.thread),
            CppCoord::All,
            rest,
        ]))
    }
}

/// One value of a thread's fragment: its index in the fragment, and the element of the whole
/// tensor it holds, `(row, col)`: `(m, k)` for A, `(n, k)` for B, `(m, n)` for C.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FragmentValue {
    /// The value's index in the thread's fragment.
    pub value: i64,
    /// The element's row in the whole tensor: `m` for A and C, `n` for B.
    pub row: i64,
    /// The element's column: `k` for A and B, `n` for C.
    pub col: i64,
}

/// `thr_mma.partition_X(local_tile(tensor, tile, block))` for thread `thread`, the tensor the
/// column-major `rows × cols` operand (A `M×K`, B `N×K`, C `M×N`) cut into the operand's tiles:
/// the thread's fragment of block `block` as CuTe makes it, its offset and layout.
///
/// # Errors
/// As [`mma_fragment`].
pub fn mma_partition(
    mma: &TiledMma,
    operand: Operand,
    thread: i64,
    [rows, cols]: [i64; 2],
    block: [i64; 2],
) -> Result<CppTensor, LayoutError> {
    let tile = mma.operand_tile(operand);
    let tiles = [rows, cols]
        .iter()
        .zip(tile)
        .map(|(&extent, t)| match extent {
            e if e >= 1 && t >= 1 && e % t == 0 => Ok(e / t),
            _ => Err(LayoutError::BadArgument {
                op: "mma_fragment",
                arg: format!("{rows}x{cols}"),
                expected: format!("a multiple of the {}x{} tile", tile[0], tile[1]),
            }),
        })
        .collect::<Result<Vec<_>, _>>()?;
    if !(0..tiles[0]).contains(&block[0]) || !(0..tiles[1]).contains(&block[1]) {
        return Err(LayoutError::BadArgument {
            op: "mma_fragment",
            arg: format!("({},{})", block[0], block[1]),
            expected: format!("a block of the {}x{} tiles", tiles[0], tiles[1]),
        });
    }
    let tiler = CppTiler::Tuple(tile.map(|t| CppTiler::Int(CppInt::fixed(t))).to_vec());
    let block_tensor =
        CppTensor::column_major(rows, cols)?.local_tile(&tiler, &CppCoord::ints(&block))?;
    mma.thread_slice(thread)?.partition(operand, &block_tensor)
}

/// What `thread` holds of block `block` of a column-major `rows × cols` operand:
/// `get_thread_slice(thread).partition_X(local_tile(tensor, tile, block))`, the tile the
/// operand's `(M,K)`, `(N,K)` or `(M,N)` tile, in CuTe's fragment order.
///
/// # Errors
/// `BadArgument` for extents that are not positive multiples of the tile, a block outside
/// the grid of tiles, a thread outside the MMA; `TooLarge` past `limit` values; `Overflow`.
pub fn mma_fragment(
    mma: &TiledMma,
    operand: Operand,
    thread: i64,
    [rows, cols]: [i64; 2],
    block: [i64; 2],
    limit: usize,
) -> Result<Vec<FragmentValue>, LayoutError> {
    let fragment = mma_partition(mma, operand, thread, [rows, cols], block)?;
    Ok(fragment
        .values(limit)?
        .into_iter()
        .zip(0..)
        .map(|(index, value)| FragmentValue {
            value,
            row: index % rows,
            col: index / rows,
        })
        .collect())
}

#[cfg(test)]
mod tests;
