//! `make_tiled_copy(atom, thr_layout, val_layout)` and `make_tiled_copy_A/B/C(atom, mma)` with
//! their `get_layoutS_TV()` / `get_layoutD_TV()`, step for step as CUTLASS 4.2
//! `cute/atom/copy_atom.hpp`'s `TiledCopy` computes them (`tile2thrfrg`).

use crate::cute::cpp::int::{refused, CppInt, CppTuple};
use crate::cute::mma::{Operand, TiledMma};
use crate::cute::{CppLayout, CppTiler};
use crate::error::LayoutError;

use super::CopyAtom;

/// CuTe's `make_layout_tv(thr_layout, val_layout)`: `layout_mn = raked_product(thr, val)`,
/// `(m,n) → (thread, value)`, and its right inverse shaped `(size(thr), size(val))`,
/// `(thread, value) → m + M·n`.
///
/// # Errors
/// What the algebra refuses on the way.
pub fn make_layout_tv(
    thr_layout: &CppLayout,
    val_layout: &CppLayout,
) -> Result<(CppLayout, CppLayout), LayoutError> {
    let layout_mn = thr_layout.raked_product(val_layout)?;
    let layout_tv = layout_mn.right_inverse()?.with_shape(CppTuple::Tuple(vec![
        CppTuple::Int(thr_layout.size()?),
        CppTuple::Int(val_layout.size()?),
    ]))?;
    Ok((layout_mn, layout_tv))
}

/// CuTe's `TiledCopy`: a copy atom over a `(thread, value) → tile coordinate` layout and the
/// tile `Tiler_MN` it covers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TiledCopy {
    atom: CopyAtom,
    layout_tv: CppLayout,
    /// `Tiler_MN`, one tiler per mode: an extent (`make_tiled_copy`), or a layout that picks
    /// the mode's elements (`make_cotiled_copy`).
    tiler_mn: Vec<CppTiler>,
    tv_s: CppLayout,
    tv_d: CppLayout,
    /// The extents of the tensor a cotiled copy was made for (`make_tmem_copy`'s lanes and
    /// columns), which its pictures cover whole.
    data_extent: Option<Vec<i64>>,
    /// The tensor's layout [`TiledCopy::cotiled`] made the copy for.
    data: Option<CppLayout>,
}

impl TiledCopy {
    /// `make_tiled_copy(atom, thr_layout, val_layout)`: `(m,n) → thread` and `(m,n) → value`
    /// raked together; the tile is the product's shape by mode.
    ///
    /// # Errors
    /// CuTe's "TiledCopy uses too few thrs/vals for selected CopyAtom"; what the algebra
    /// refuses on the way.
    pub fn new(
        atom: CopyAtom,
        thr_layout: &CppLayout,
        val_layout: &CppLayout,
    ) -> Result<TiledCopy, LayoutError> {
        let (layout_mn, layout_tv) = make_layout_tv(thr_layout, val_layout)?;
        let tiler = layout_mn.shape().product_each()?;
        TiledCopy::from_tv(
            atom,
            layout_tv,
            tiler.into_iter().map(CppTiler::Int).collect(),
        )
    }

    /// `make_tiled_copy_A/B/C(atom, mma)`: the copy over the MMA's `A`, `B` or `C` TV layout
    /// and tile.
    ///
    /// # Errors
    /// As [`TiledCopy::new`].
    pub fn for_mma(
        atom: CopyAtom,
        mma: &TiledMma,
        operand: Operand,
    ) -> Result<TiledCopy, LayoutError> {
        let [rows, cols] = mma.operand_tile(operand);
        TiledCopy::from_tv(
            atom,
            mma.tv(operand).clone(),
            vec![
                CppTiler::Int(CppInt::fixed(rows)),
                CppTiler::Int(CppInt::fixed(cols)),
            ],
        )
    }

    /// `make_cotiled_copy(atom, atom_tv_layout, data_layout)`: the copy whose atom's
    /// `(thread, value) → address` layout lands on `data_layout`'s `coordinate → address`; the
    /// tiler picks, mode by mode, the coordinates the atom reaches.
    ///
    /// # Errors
    /// CuTe's "The memory pointed to by AtomTVLayout does not exist in the DataLayout."; what
    /// the algebra refuses on the way.
    pub fn cotiled(
        atom: CopyAtom,
        atom_tv_layout: &CppLayout,
        data_layout: &CppLayout,
    ) -> Result<TiledCopy, LayoutError> {
        // 1:0 appended, so that off-the-ends get the stride 0
        let off_the_end = CppLayout::new(
            CppTuple::Int(CppInt::fixed(1)),
            CppTuple::Int(CppInt::fixed(0)),
        )?;
        // data addr -> data coord
        let inverse =
            CppLayout::from_layouts(vec![data_layout.left_inverse()?, off_the_end.clone()]);
        // (tid,vid) -> data coord
        let layout_tv_data = inverse.compose(atom_tv_layout)?;
        let reached = CppLayout::from_layouts(vec![data_layout.clone(), off_the_end])
            .compose(&layout_tv_data.mode(1)?)?
            .coalesce()?;
        if reached.to_int_tuples() != atom_tv_layout.mode(1)?.coalesce()?.to_int_tuples() {
            return Err(refused(
                "make_cotiled_copy",
                "The memory pointed to by AtomTVLayout does not exist in the DataLayout.",
            ));
        }
        let flat_shape = data_layout.shape().product_each()?;
        let flat = CppTuple::Tuple(flat_shape.iter().copied().map(CppTuple::Int).collect());
        let mut tiler = Vec::with_capacity(flat_shape.len());
        for i in 0..flat_shape.len() {
            let unit = (0..flat_shape.len())
                .map(|j| CppTuple::Int(CppInt::fixed(i64::from(i == j))))
                .collect();
            let mode = CppLayout::new(flat.clone(), CppTuple::Tuple(unit))?;
            tiler.push(CppTiler::Layout(mode.compose(&layout_tv_data)?.filter()?));
        }
        // tile coord -> data coord
        let tile2data = CppLayout::compact(flat)?.compose_tiler(&CppTiler::Tuple(tiler.clone()))?;
        let layout_tv = tile2data.left_inverse()?.compose(&layout_tv_data)?;
        let mut copy = TiledCopy::from_tv(atom, layout_tv, tiler)?;
        copy.data_extent = Some(flat_shape.iter().map(|e| e.value()).collect());
        copy.data = Some(data_layout.clone());
        Ok(copy)
    }

    /// The extents of the tensor [`TiledCopy::cotiled`] made the copy for; `None` for the
    /// other copies, whose tensor is their tile.
    pub fn data_extent(&self) -> Option<&[i64]> {
        self.data_extent.as_deref()
    }

    /// The layout of the tensor [`TiledCopy::cotiled`] made the copy for (coordinate →
    /// address); `None` for the other copies.
    pub fn data_layout(&self) -> Option<&CppLayout> {
        self.data.as_ref()
    }

    /// `(thread, value) → element` of the whole `rows × columns` tensor [`TiledCopy::cotiled`]
    /// made the copy for (column-major), as `partition_S` (`source`) or `partition_D` cuts it:
    /// each thread's fragment `(CPY, CPY_M, CPY_N)` as one value mode. `None` for the other
    /// copies.
    ///
    /// # Errors
    /// What [`TiledCopy::tidfrg`] refuses.
    pub fn tensor_tv(&self, source: bool) -> Result<Option<(CppLayout, [i64; 2])>, LayoutError> {
        let Some(&[rows, columns]) = self.data_extent() else {
            return Ok(None);
        };
        let data = CppLayout::compact(CppTuple::Tuple(vec![
            CppTuple::Int(CppInt::fixed(rows)),
            CppTuple::Int(CppInt::fixed(columns)),
        ]))?;
        // (thread, fragment, rest) → element
        let cut = self.tidfrg(source, &data)?;
        let tv = CppLayout::from_layouts(vec![
            cut.mode(0)?,
            CppLayout::from_layouts(vec![cut.mode(1)?, cut.mode(2)?]),
        ]);
        Ok(Some((tv, [rows, columns])))
    }

    /// `make_tiled_copy_impl(atom, layout_tv, tiler)`.
    fn from_tv(
        atom: CopyAtom,
        layout_tv: CppLayout,
        tiler_mn: Vec<CppTiler>,
    ) -> Result<TiledCopy, LayoutError> {
        let atom_thr = atom.reference().mode_size(0)?;
        let atom_val = atom.reference().mode_size(1)?;
        let (tiled_thr, tiled_val) = (layout_tv.mode_size(0)?, layout_tv.mode_size(1)?);
        if atom_thr.value() == 0 || tiled_thr.value() % atom_thr.value() != 0 {
            return Err(refused(
                "make_tiled_copy",
                "TiledCopy uses too few thrs for selected CopyAtom",
            ));
        }
        if atom_val.value() == 0 || tiled_val.value() % atom_val.value() != 0 {
            return Err(refused(
                "make_tiled_copy",
                "TiledCopy uses too few vals for selected CopyAtom",
            ));
        }
        let mut copy = TiledCopy {
            atom,
            layout_tv,
            tiler_mn,
            tv_s: CppLayout::compact(CppTuple::Int(CppInt::fixed(1)))?,
            tv_d: CppLayout::compact(CppTuple::Int(CppInt::fixed(1)))?,
            data_extent: None,
            data: None,
        };
        copy.tv_s = copy.layout_tv_of(copy.atom.src())?;
        copy.tv_d = copy.layout_tv_of(copy.atom.dst())?;
        Ok(copy)
    }

    /// The copy atom that is tiled.
    pub fn atom(&self) -> &CopyAtom {
        &self.atom
    }
    /// `TiledLayout_TV`: `(thread, value) → tile coordinate`.
    pub fn layout_tv(&self) -> &CppLayout {
        &self.layout_tv
    }
    /// `Tiler_MN`'s extents: the tile's shape.
    pub fn tile(&self) -> Vec<i64> {
        self.tiler_mn
            .iter()
            .map(|t| match t {
                CppTiler::Int(n) => n.value(),
                CppTiler::Layout(l) => l.size().map_or(0, CppInt::value),
                _ => 0,
            })
            .collect()
    }

    /// `Tiler_MN` as CuTe prints it: `(_32,_16)`, or layouts `((_4,_32):(_32,_1),_8:_1)`.
    pub fn tiler_text(&self) -> String {
        self.tiler().to_string()
    }
    /// The threads: `size<0>(TiledLayout_TV)`.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn threads(&self) -> Result<i64, LayoutError> {
        Ok(self.layout_tv.mode_size(0)?.value())
    }
    /// `get_layoutS_TV()`: `(thread, value) → tile index` read (column-major).
    pub fn tv_s(&self) -> &CppLayout {
        &self.tv_s
    }
    /// `get_layoutD_TV()`: `(thread, value) → tile index` written.
    pub fn tv_d(&self) -> &CppLayout {
        &self.tv_d
    }

    /// The `(thread, value) → tile coordinate` layout of the source (`true`) or destination
    /// side, `coalesce(zip(atom_layout_TV ∘ (right_inverse(Ref) ∘ target, _)))`, which
    /// `tile2thrfrg` composes onto a tile.
    fn thrval2mn(&self, target: &CppLayout) -> Result<CppLayout, LayoutError> {
        let reference = self.atom.reference();
        let ref2trg = reference.right_inverse()?.compose(target)?;
        let atom_tile = CppTiler::Tuple(vec![
            CppTiler::Int(reference.mode_size(0)?),
            CppTiler::Int(reference.mode_size(1)?),
        ]);
        let atom_layout_tv = self.layout_tv.zipped_divide(&atom_tile)?;
        let trg_layout_tv = atom_layout_tv.compose_tiler(&CppTiler::Tuple(vec![
            CppTiler::Layout(ref2trg),
            CppTiler::Underscore,
        ]))?;
        let zipped = trg_layout_tv.zip2()?;
        // coalesce(zip(…), Shape<_1,Shape<_1,_1>>{}): the thread mode whole, each value mode
        let values = zipped.mode(1)?;
        Ok(CppLayout::from_layouts(vec![
            zipped.mode(0)?.coalesce()?,
            CppLayout::from_layouts(
                values
                    .layout_modes()
                    .iter()
                    .map(CppLayout::coalesce)
                    .collect::<Result<_, _>>()?,
            ),
        ]))
    }

    /// `Tiler_MN` as the tiler `zipped_divide` takes.
    pub(crate) fn tiler(&self) -> CppTiler {
        CppTiler::Tuple(self.tiler_mn.clone())
    }

    /// `tidfrg_S(layout)` (`source`) or `tidfrg_D(layout)`: a layout over the copied tensor's
    /// `(M,N,…)` tiled to `(Thr,(FrgV,FrgX),(RestM,RestN,…))`.
    ///
    /// # Errors
    /// CuTe's "Rank of tensor to be partitioned too small."; what the algebra refuses on the
    /// way (a mode the tile does not divide statically).
    pub fn tidfrg(&self, source: bool, layout: &CppLayout) -> Result<CppLayout, LayoutError> {
        if layout.rank() < self.tiler_mn.len() {
            return Err(refused(
                "tidfrg",
                "Rank of tensor to be partitioned too small.",
            ));
        }
        let target = if source {
            self.atom.src()
        } else {
            self.atom.dst()
        };
        let tiles = layout.zipped_divide(&self.tiler())?;
        let tv = tiles.compose_tiler(&CppTiler::Tuple(vec![
            CppTiler::Layout(self.thrval2mn(target)?),
            CppTiler::Underscore,
        ]))?;
        // tv_tensor(make_coord(_,_), _): ((thr,val),rest) unfolded to (thr,val,rest)
        let thread_value = tv.mode(0)?;
        Ok(CppLayout::from_layouts(vec![
            thread_value.mode(0)?,
            thread_value.mode(1)?,
            tv.mode(1)?,
        ]))
    }

    /// `tile2thrfrg(make_layout(make_shape(shape(Tiler_MN), _1)), right_inverse(Ref) ∘
    /// target)(_,_,0)`.
    fn layout_tv_of(&self, target: &CppLayout) -> Result<CppLayout, LayoutError> {
        let thrval2mn = self.thrval2mn(target)?;
        // shape(Tiler_MN): an extent, or a layout tiler's shape
        let tile = CppTuple::Tuple(
            self.tiler_mn
                .iter()
                .map(|t| match t {
                    CppTiler::Layout(l) => l.shape().clone(),
                    CppTiler::Int(n) => CppTuple::Int(*n),
                    _ => CppTuple::Int(CppInt::fixed(1)),
                })
                .collect(),
        );
        let reference_tile =
            CppLayout::compact(CppTuple::Tuple(vec![tile, CppTuple::Int(CppInt::fixed(1))]))?;
        let tv = reference_tile.compose_tiler(&CppTiler::Tuple(vec![
            CppTiler::Layout(thrval2mn),
            CppTiler::Underscore,
        ]))?;
        let thread_value = tv.mode(0)?;
        Ok(CppLayout::from_layouts(vec![
            thread_value.mode(0)?,
            thread_value.mode(1)?,
        ]))
    }
}
