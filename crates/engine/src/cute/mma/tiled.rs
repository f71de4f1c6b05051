//! `make_tiled_mma(atom, atom_layout_mnk, permutation_mnk)` and its thread-value layouts,
//! step for step as CUTLASS 4.2 `cute/atom/mma_atom.hpp`'s `TiledMMA` computes them
//! (`thrfrg_A/B/C`, `get_layoutA_TV`, …), on the engine's CuTe C++ algebra.

use crate::cute::cpp::int::{refused, CppInt, CppTuple};
use crate::cute::{CppLayout, CppTiler};
use crate::error::LayoutError;

use super::MmaAtom;

/// Which operand of `D = A·B + C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// The `M×K` multiplicand.
    A,
    /// The `N×K` multiplicand.
    B,
    /// The `M×N` accumulator (and result `D`).
    C,
}

/// CuTe's `TiledMMA`: an atom repeated over `atom_layout_mnk` (threads) and permuted by
/// `permutation_mnk`, with its `(thread, value) → tile index` layouts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TiledMma {
    atom: MmaAtom,
    atom_layout: CppLayout,
    permutation: [CppTiler; 3],
    thr_layout_vmnk: CppLayout,
    tile_mnk: [CppInt; 3],
    tv_a: CppLayout,
    tv_b: CppLayout,
    tv_c: CppLayout,
}

fn layout(t: CppLayout) -> CppTiler {
    CppTiler::Layout(t)
}

/// `make_layout(n)`.
fn compact(n: CppInt) -> Result<CppTiler, LayoutError> {
    Ok(layout(CppLayout::compact(CppTuple::Int(n))?))
}

impl TiledMma {
    /// `make_tiled_mma(atom, atom_layout, permutation)`: `atom_layout` of rank ≤ 3 is padded
    /// with `_1:_0` (any layout: `(_2,_2,_1):(_2,_1,_0)` puts the N copies first), each
    /// permutation is `_`, an integer (a tile size) or a layout, missing ones `_`.
    ///
    /// # Errors
    /// An atom layout of rank > 3, more than three permutations, a tuple permutation;
    /// what CuTe's algebra refuses on the way (a permutation the atom does not divide).
    pub fn new(
        atom: MmaAtom,
        atom_layout: CppLayout,
        permutation: Vec<CppTiler>,
    ) -> Result<TiledMma, LayoutError> {
        if atom_layout.rank() > 3 {
            return Err(refused("make_tiled_mma", "an atom layout of rank <= 3"));
        }
        if permutation.len() > 3 {
            return Err(refused("make_tiled_mma", "at most three permutations"));
        }
        if permutation.iter().any(|p| matches!(p, CppTiler::Tuple(_))) {
            return Err(refused(
                "make_tiled_mma",
                "a permutation that is `_`, an integer or a layout",
            ));
        }
        let atom_layout = atom_layout.appended_to(3);
        let mut perms = permutation.into_iter();
        let permutation = [
            perms.next().unwrap_or(CppTiler::Underscore),
            perms.next().unwrap_or(CppTiler::Underscore),
            perms.next().unwrap_or(CppTiler::Underscore),
        ];
        let thr_layout_vmnk = atom.thr_id().tiled_product(&atom_layout)?;
        let mut tile_mnk = [CppInt::fixed(0); 3];
        let mut perm_tilers = Vec::with_capacity(3);
        for i in 0..3 {
            let (size, tiler) = match &permutation[i] {
                CppTiler::Underscore => {
                    let size = CppInt::fixed(atom.shape_mnk()[i])
                        .checked_mul(thr_layout_vmnk.mode_size(i + 1)?)?;
                    (size, CppTiler::Int(size))
                }
                CppTiler::Int(n) => (*n, CppTiler::Int(*n)),
                CppTiler::Layout(l) => (l.size()?, CppTiler::Layout(l.clone())),
                CppTiler::Tuple(_) => return Err(refused("make_tiled_mma", "a flat permutation")),
            };
            tile_mnk[i] = size;
            perm_tilers.push(tiler);
        }
        let mut mma = TiledMma {
            atom,
            atom_layout,
            permutation,
            thr_layout_vmnk,
            tile_mnk,
            tv_a: CppLayout::compact(CppTuple::Int(CppInt::fixed(1)))?,
            tv_b: CppLayout::compact(CppTuple::Int(CppInt::fixed(1)))?,
            tv_c: CppLayout::compact(CppTuple::Int(CppInt::fixed(1)))?,
        };
        mma.tv_c = mma.layout_c_tv(&perm_tilers)?;
        mma.tv_a = mma.layout_ab_tv(Operand::A, &perm_tilers)?;
        mma.tv_b = mma.layout_ab_tv(Operand::B, &perm_tilers)?;
        Ok(mma)
    }

    /// The MMA atom that is tiled.
    pub fn atom(&self) -> &MmaAtom {
        &self.atom
    }
    /// The atom layout, padded to rank 3.
    pub fn atom_layout(&self) -> &CppLayout {
        &self.atom_layout
    }
    /// `permutation_mnk`, one per mode M, N, K; `_` where none was given.
    pub fn permutation(&self) -> &[CppTiler; 3] {
        &self.permutation
    }
    /// `get_thr_layout_vmnk()`: `tiled_product(ThrID, atom_layout)`, `(V,M,N,K) → thread`.
    pub fn thr_layout_vmnk(&self) -> &CppLayout {
        &self.thr_layout_vmnk
    }
    /// `tile_size_mnk<0..3>()`.
    pub fn tile_mnk(&self) -> [i64; 3] {
        self.tile_mnk.map(CppInt::value)
    }
    /// `size(mma)`: the threads.
    ///
    /// # Errors
    /// `Overflow`.
    pub fn threads(&self) -> Result<i64, LayoutError> {
        Ok(self.thr_layout_vmnk.size()?.value())
    }
    /// `get_layoutA_TV()`: `(thread, value) → m + M·k` in the `M×K` tile.
    pub fn tv_a(&self) -> &CppLayout {
        &self.tv_a
    }
    /// `get_layoutB_TV()`: `(thread, value) → n + N·k` in the `N×K` tile.
    pub fn tv_b(&self) -> &CppLayout {
        &self.tv_b
    }
    /// `get_layoutC_TV()`: `(thread, value) → m + M·n` in the `M×N` tile.
    pub fn tv_c(&self) -> &CppLayout {
        &self.tv_c
    }
    /// The `(thread, value)` layout of `operand`: [`TiledMma::tv_a`], `tv_b` or `tv_c`.
    pub fn tv(&self, operand: Operand) -> &CppLayout {
        match operand {
            Operand::A => &self.tv_a,
            Operand::B => &self.tv_b,
            Operand::C => &self.tv_c,
        }
    }
    /// The tile an operand's TV layout indexes: `(M,K)`, `(N,K)` or `(M,N)`.
    pub fn operand_tile(&self, operand: Operand) -> [i64; 2] {
        let [m, n, k] = self.tile_mnk();
        match operand {
            Operand::A => [m, k],
            Operand::B => [n, k],
            Operand::C => [m, n],
        }
    }

    /// `thridx_2_thrid = composition(make_layout((size(vmnk), _1), (_1, _0)),
    /// right_inverse(make_layout(vmnk, complement(vmnk))))`.
    fn thridx_to_thrid(&self) -> Result<CppLayout, LayoutError> {
        let vmnk = &self.thr_layout_vmnk;
        let rest = vmnk.complement(&CppTuple::Int(vmnk.cosize()?))?;
        let inverse = CppLayout::from_layouts(vec![vmnk.clone(), rest]).right_inverse()?;
        let head = CppLayout::new(
            CppTuple::Tuple(vec![
                CppTuple::Int(vmnk.size()?),
                CppTuple::Int(CppInt::fixed(1)),
            ]),
            CppTuple::Tuple(vec![
                CppTuple::Int(CppInt::fixed(1)),
                CppTuple::Int(CppInt::fixed(0)),
            ]),
        )?;
        head.compose(&inverse)
    }

    /// `thrfrg_A/B/C(ref)`: `((ThrV,(Thr_i,Thr_j)),(FrgV,(Rest_i,Rest_j)))`, for the tile
    /// modes `i`, `j` of MNK.
    fn thrfrg(
        &self,
        reference: &CppLayout,
        (i, j): (usize, usize),
        atom_tv: &CppLayout,
        perms: &[CppTiler],
    ) -> Result<CppLayout, LayoutError> {
        let permuted =
            reference.logical_divide(&CppTiler::Tuple(vec![perms[i].clone(), perms[j].clone()]))?;
        let shape = self.atom.shape_mnk();
        let atom_tile = CppTiler::Tuple(vec![
            compact(CppInt::fixed(shape[i]))?,
            compact(CppInt::fixed(shape[j]))?,
        ]);
        let tiles = permuted.zipped_divide(&atom_tile)?;
        let tv = tiles.compose_tiler(&CppTiler::Tuple(vec![
            layout(atom_tv.clone()),
            CppTiler::Underscore,
        ]))?;
        let vmnk = &self.thr_layout_vmnk;
        let thr_tile = CppTiler::Tuple(vec![
            CppTiler::Underscore,
            CppTiler::Tuple(vec![
                compact(vmnk.mode_size(i + 1)?)?,
                compact(vmnk.mode_size(j + 1)?)?,
            ]),
        ]);
        tv.zipped_divide(&thr_tile)
    }

    /// `thrfrg_A/B/C(layout)`: a layout over an operand's `(M,K)`, `(N,K)` or `(M,N)` (and
    /// any further modes) tiled to `((ThrV,(Thr_i,Thr_j)),(FrgV,(Rest_i,Rest_j,…)))`.
    ///
    /// # Errors
    /// A layout of rank < 2 (CuTe's `rank(tensor) >= 2`); what CuTe's algebra refuses on the
    /// way (a mode the permutation or the atom does not divide statically).
    pub fn thrfrg_operand(
        &self,
        operand: Operand,
        layout: &CppLayout,
    ) -> Result<CppLayout, LayoutError> {
        if layout.rank() < 2 {
            return Err(refused("thrfrg", "a tensor of rank >= 2"));
        }
        let (modes, atom_tv) = match operand {
            Operand::A => ((0, 2), self.atom.layout_a()),
            Operand::B => ((1, 2), self.atom.layout_b()),
            Operand::C => ((0, 1), self.atom.layout_c()),
        };
        self.thrfrg(layout, modes, atom_tv, &self.perm_tilers())
    }

    /// `permutation_mnk<0..3>()`: `_` stands for the tile size `atom · threads` of its mode.
    fn perm_tilers(&self) -> Vec<CppTiler> {
        self.permutation
            .iter()
            .zip(self.tile_mnk)
            .map(|(p, size)| match p {
                CppTiler::Underscore => CppTiler::Int(size),
                other => other.clone(),
            })
            .collect()
    }

    fn reference(&self, i: usize, j: usize) -> Result<CppLayout, LayoutError> {
        CppLayout::compact(CppTuple::Tuple(vec![
            CppTuple::Int(self.tile_mnk[i]),
            CppTuple::Int(self.tile_mnk[j]),
        ]))
    }

    fn layout_c_tv(&self, perms: &[CppTiler]) -> Result<CppLayout, LayoutError> {
        let frg = self.thrfrg(&self.reference(0, 1)?, (0, 1), self.atom.layout_c(), perms)?;
        frg.compose_tiler(&CppTiler::Tuple(vec![
            layout(self.thridx_to_thrid()?),
            CppTiler::Underscore,
        ]))
    }

    /// `get_layoutA_TV` / `get_layoutB_TV`: the thread mode `(ThrV,(Thr_i,ThrK))` widened to
    /// `(ThrV,((ThrM,ThrN),ThrK))` (the other of M, N at stride `_0`), then thread indices.
    fn layout_ab_tv(&self, operand: Operand, perms: &[CppTiler]) -> Result<CppLayout, LayoutError> {
        let (i, atom_tv, widen_stride) = match operand {
            Operand::A => (0, self.atom.layout_a(), [1, 0]),
            _ => (1, self.atom.layout_b(), [0, 1]),
        };
        let frg = self.thrfrg(&self.reference(i, 2)?, (i, 2), atom_tv, perms)?;
        let vmnk = &self.thr_layout_vmnk;
        let widen = CppLayout::new(
            CppTuple::Tuple(vec![
                CppTuple::Int(vmnk.mode_size(1)?),
                CppTuple::Int(vmnk.mode_size(2)?),
            ]),
            CppTuple::Tuple(
                widen_stride
                    .iter()
                    .map(|&d| CppTuple::Int(CppInt::fixed(d)))
                    .collect(),
            ),
        )?;
        let tile = CppTiler::Tuple(vec![
            CppTiler::Underscore,
            CppTiler::Tuple(vec![layout(widen), CppTiler::Underscore]),
        ]);
        frg.compose_tiler(&CppTiler::Tuple(vec![tile, CppTiler::Underscore]))?
            .compose_tiler(&CppTiler::Tuple(vec![
                layout(self.thridx_to_thrid()?),
                CppTiler::Underscore,
            ]))
    }

    /// Which `(thread, value)` pairs own each element of an operand's tile (index
    /// column-major): the inverse of its TV layout.
    ///
    /// # Errors
    /// `TooLarge` past `limit` thread×value pairs; `Overflow`.
    pub fn owners(
        &self,
        operand: Operand,
        limit: usize,
    ) -> Result<Vec<Vec<(i64, i64)>>, LayoutError> {
        let [rows, cols] = self.operand_tile(operand);
        let cells = rows.checked_mul(cols).ok_or_else(crate::cute::overflow)?;
        owners(self.tv(operand), cells, limit)
    }
}

impl TiledMma {
    /// Which `(thread, value)` pairs hold element `(row, col)` of an operand's tile (`(m,k)`
    /// for A, `(n,k)` for B, `(m,n)` for C): the inverse of its TV layout at one element.
    ///
    /// # Errors
    /// `BadArgument` for an element outside the tile; `TooLarge` past `limit` thread×value
    /// pairs; `Overflow`.
    pub fn owners_at(
        &self,
        operand: Operand,
        row: i64,
        col: i64,
        limit: usize,
    ) -> Result<Vec<(i64, i64)>, LayoutError> {
        let [rows, cols] = self.operand_tile(operand);
        if !(0..rows).contains(&row) || !(0..cols).contains(&col) {
            return Err(LayoutError::BadArgument {
                op: "owners_at",
                arg: format!("({row},{col})"),
                expected: format!("an element of the {rows}x{cols} tile"),
            });
        }
        let index = col
            .checked_mul(rows)
            .and_then(|c| c.checked_add(row))
            .ok_or_else(crate::cute::overflow)?;
        let tv = self.tv(operand);
        let threads = tv.mode_size(0)?.value().max(1);
        let values = tv.to_layout()?.values(limit)?;
        Ok(values
            .iter()
            .enumerate()
            .filter(|&(_, &v)| v == index)
            .map(|(i, _)| (i as i64 % threads, i as i64 / threads))
            .collect())
    }
}

/// An atom layout as the vectors and the CLI write it: `2x2x1` (column-major), `2x2x1-rowmajor` (row-major, a `1` mode
/// at stride `_0`, as `Layout<Shape<_2,_2,_1>,Stride<_2,_1,_0>>`), or a layout in CuTe's
/// notation.
///
/// # Errors
/// `Parse` / `BadArgument` for anything else.
pub fn parse_atom_layout(text: &str) -> Result<CppLayout, LayoutError> {
    if text.contains(':') || text.starts_with('(') || text.starts_with('_') {
        return CppLayout::parse(text);
    }
    let (dims, row_major) = match text.strip_suffix("-rowmajor") {
        Some(dims) => (dims, true),
        None => (text, false),
    };
    let bad = || LayoutError::BadArgument {
        op: "atom layout",
        arg: text.into(),
        expected: "`MxNxK`, `MxNxK-rowmajor` or a layout".into(),
    };
    let shape = dims
        .split('x')
        .map(|d| d.trim().parse::<i64>().map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    if shape.is_empty() || shape.len() > 3 || shape.iter().any(|&d| d < 1) {
        return Err(bad());
    }
    let leaf = |v: i64| CppTuple::Int(CppInt::fixed(v));
    let shape_tuple = CppTuple::Tuple(shape.iter().copied().map(leaf).collect());
    if !row_major {
        return CppLayout::compact(shape_tuple);
    }
    let mut stride = vec![0; shape.len()];
    let mut running = 1i64;
    for i in (0..shape.len()).rev() {
        stride[i] = if shape[i] == 1 { 0 } else { running };
        running = running.checked_mul(shape[i]).ok_or_else(bad)?;
    }
    CppLayout::new(
        shape_tuple,
        CppTuple::Tuple(stride.into_iter().map(leaf).collect()),
    )
}

/// For a `(thread, value) → index` layout, the pairs that reach each index in `0..cells`
/// (ascending thread, then value); indices outside are ignored.
///
/// # Errors
/// `TooLarge` past `limit` thread×value pairs or tile cells; `Overflow`.
pub fn owners(
    tv: &CppLayout,
    cells: i64,
    limit: usize,
) -> Result<Vec<Vec<(i64, i64)>>, LayoutError> {
    if cells < 0 || cells as u128 > limit as u128 {
        return Err(LayoutError::TooLarge {
            what: "the tile",
            size: cells.max(0) as u128,
            limit: limit as u128,
        });
    }
    let threads = tv.mode_size(0)?.value();
    let values = tv.to_layout()?.values(limit)?;
    let mut out = vec![Vec::new(); cells as usize];
    for (i, &index) in values.iter().enumerate() {
        let Ok(slot) = usize::try_from(index) else {
            continue;
        };
        if let Some(list) = out.get_mut(slot) {
            let i = i as i64;
            list.push((i % threads.max(1), i / threads.max(1)));
        }
    }
    for list in &mut out {
        list.sort_unstable();
    }
    Ok(out)
}
