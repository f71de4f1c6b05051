//! Blackwell's tensor memory as Triton 3.6 lays it out: the TMEM of a
//! `TensorMemoryLayout(block, col_stride)` (`tensorMemoryToLinearLayout`: row, column →
//! tensor element) and the registers of a `tcgen05.ld` / `tcgen05.st` of it
//! (`getDistributedLayoutForTmemLdSt`, which Gluon's `get_tmem_reg_layout` calls: register,
//! lane, warp → tensor element), for one CTA.

use crate::LayoutError;

mod cute;
mod encoding;

pub use encoding::{TensorMemoryEncoding, TmemPlace, TMEM_IN_DIMS};

pub use cute::{
    compare_tmem_copy_with_triton, tmem_copy_to_linear, tmem_variant_of, triton_tmem_reg_layout,
};

use super::layout::{bad, LinearLayout};

/// A TMEM load or store instruction shape, as `get_tmem_reg_layout` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TmemVariant {
    /// `32x32b`: a lane per row, 32 rows a warp.
    I32x32b,
    /// `16x64b`: 16 rows, two 32-bit columns a row across lanes.
    I16x64b,
    /// `16x128b`.
    I16x128b,
    /// `16x256b`.
    I16x256b,
    /// `32x32b` with the tensor's two halves of N in the last register (for `tl.split`).
    I32x32bSplitN,
}

impl TmemVariant {
    /// Every variant, in Gluon's spelling's order.
    pub const ALL: [TmemVariant; 5] = [
        TmemVariant::I32x32b,
        TmemVariant::I16x64b,
        TmemVariant::I16x128b,
        TmemVariant::I16x256b,
        TmemVariant::I32x32bSplitN,
    ];

    /// Gluon's name: `32x32b`, `16x64b`, `16x128b`, `16x256b`, `32x32b_splitn`.
    pub fn name(self) -> &'static str {
        match self {
            TmemVariant::I32x32b => "32x32b",
            TmemVariant::I16x64b => "16x64b",
            TmemVariant::I16x128b => "16x128b",
            TmemVariant::I16x256b => "16x256b",
            TmemVariant::I32x32bSplitN => "32x32b_splitn",
        }
    }

    /// The variant Gluon calls `name`.
    pub fn parse(name: &str) -> Option<TmemVariant> {
        TmemVariant::ALL
            .into_iter()
            .find(|v| v.name() == name.trim())
    }
}

/// A tensor-memory tile: its elements' width, the tensor's `[M, N]`, the layout's `block`
/// `[BM, BN]` and `col_stride` (32-bit columns between neighbouring elements).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TmemTile {
    element_bits: u32,
    shape: [u32; 2],
    block: [u32; 2],
    col_stride: u32,
}

const OP: &str = "get_tmem_reg_layout";

fn refuse(arg: String, expected: &str) -> LayoutError {
    bad(OP, arg, expected)
}

impl TmemTile {
    /// The tile as Triton's verifiers admit it: 8-, 16- or 32-bit elements; BM 64 or 128; BN a
    /// power of two up to 512; `col_stride` 1, 2 or 4 with `element_bits × col_stride ≤ 32`;
    /// M and N powers of two, at least BM and BN; at most 512 32-bit columns.
    ///
    /// # Errors
    /// Anything else.
    pub fn new(
        element_bits: u32,
        shape: [u32; 2],
        block: [u32; 2],
        col_stride: u32,
    ) -> Result<TmemTile, LayoutError> {
        let [m, n] = shape;
        let [bm, bn] = block;
        if ![8, 16, 32].contains(&element_bits) {
            return Err(refuse(
                format!("{element_bits}-bit elements"),
                "8, 16 or 32 bits",
            ));
        }
        if ![64, 128].contains(&bm) {
            return Err(refuse(format!("blockM {bm}"), "64 or 128"));
        }
        if !bn.is_power_of_two() || bn > 512 {
            return Err(refuse(format!("blockN {bn}"), "a power of two up to 512"));
        }
        if ![1, 2, 4].contains(&col_stride) || element_bits * col_stride > 32 {
            return Err(refuse(
                format!("col_stride {col_stride} of {element_bits}-bit elements"),
                "1, 2 or 4, with bits × col_stride at most 32",
            ));
        }
        if !m.is_power_of_two() || !n.is_power_of_two() || m < bm || n < bn {
            return Err(refuse(
                format!("a {m}x{n} tensor in {bm}x{bn} blocks"),
                "powers of two, at least the block",
            ));
        }
        let tile = TmemTile {
            element_bits,
            shape,
            block,
            col_stride,
        };
        let columns = 1u64 << tile.layout()?.in_dim_bits("col").unwrap_or(0);
        if columns > 512 * 32 / u64::from(element_bits) {
            return Err(refuse(
                format!("{columns} columns of {element_bits}-bit elements"),
                "at most 512 32-bit columns (one SM's tensor memory)",
            ));
        }
        Ok(tile)
    }

    /// `tensorMemoryToLinearLayout` of the tile's one-CTA
    /// [`TensorMemoryEncoding`]: (row, col) → (dim0, dim1).
    pub fn layout(&self) -> Result<LinearLayout, LayoutError> {
        TensorMemoryEncoding::single(self.block, self.col_stride)?.to_linear_layout(&self.shape)
    }

    /// Where element `(row, column)` of the tensor sits in tensor memory: `[lane, column]`
    /// (32-bit columns), the first of its places when a block leaves lanes empty (a 64-row
    /// block uses lanes 0–15, 32–47, 64–79 and 96–111).
    ///
    /// # Errors
    /// An element outside the tensor.
    pub fn position(&self, at: [u32; 2]) -> Result<[u32; 2], LayoutError> {
        let place =
            TensorMemoryEncoding::single(self.block, self.col_stride)?.place(&self.shape, at)?;
        Ok([place.lane, place.column])
    }

    /// `get_tmem_reg_layout`: (register, lane, warp, block) → (dim0, dim1) for `num_warps`
    /// warps loading or storing the tile with `variant`.
    ///
    /// # Errors
    /// `num_warps` not a power of two of at least 4, or a variant Triton finds unsupported for
    /// the tile ("TMEM layout unsupported for shape").
    pub fn reg_layout(
        &self,
        num_warps: u32,
        variant: TmemVariant,
    ) -> Result<LinearLayout, LayoutError> {
        registers_of(
            &self.layout()?,
            self.shape,
            self.element_bits,
            num_warps,
            variant,
        )
    }
}

/// `getDistributedLayoutForTmemLdSt` on the TMEM layout `tmem` ((row, col) → tensor) of a
/// `shape` tensor of `bits`-bit elements, as `get_tmem_reg_layout` returns it: (register,
/// lane, warp, block) → (dim0, dim1).
fn registers_of(
    tmem: &LinearLayout,
    shape: [u32; 2],
    bits: u32,
    num_warps: u32,
    variant: TmemVariant,
) -> Result<LinearLayout, LayoutError> {
    if num_warps < 4 || !num_warps.is_power_of_two() {
        return Err(refuse(
            format!("{num_warps} warps"),
            "a power of two, at least 4",
        ));
    }
    let atom = match variant {
        TmemVariant::I32x32bSplitN => TmemVariant::I32x32b,
        other => other,
    };
    let layout = for_load_store(tmem, atom, num_warps, bits)?.ok_or_else(|| {
        refuse(
            format!(
                "{} of a {}x{} tile by {num_warps} warps",
                variant.name(),
                shape[0],
                shape[1]
            ),
            "a variant Triton supports for it",
        )
    })?;
    let mut bases = layout.bases().to_vec();
    if variant == TmemVariant::I32x32bSplitN {
        split_n(&mut bases, shape[1], bits)?;
    }
    let mut named: Vec<(String, Vec<Vec<u32>>)> = ["register", "lane", "warp"]
        .iter()
        .map(|&name| {
            let list = bases
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, l)| l.clone())
                .unwrap_or_default();
            (name.to_string(), list)
        })
        .collect();
    named.push(("block".into(), Vec::new()));
    LinearLayout::new(named, layout.out_dims_with_sizes().to_vec(), false)
}

/// A `tcgen05.ld` / `tcgen05.st` as `get_tmem_reg_layout` names it: the element width, the
/// warps and the instruction shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TmemAccess {
    /// 8, 16 or 32.
    pub element_bits: u32,
    /// 4, 8 or 16.
    pub num_warps: u32,
    /// The instruction shape.
    pub variant: TmemVariant,
}

/// The `tcgen05.ld` / `tcgen05.st` whose registers are `registers` over the `shape` tensor in
/// the tensor memory of `encoding`, as Triton's `isDistributedLayoutTMemCompatible` asks
/// (whether the layout is one of `get_tmem_reg_layout`'s), trying 8-, 16- and 32-bit
/// elements and 4, 8 and 16 warps; empty when none is.
///
/// # Errors
/// Tensor memory of several CTAs, or a tensor its layout cannot hold.
pub fn tmem_accesses_matching(
    encoding: &TensorMemoryEncoding,
    shape: [u32; 2],
    registers: &LinearLayout,
) -> Result<Vec<TmemAccess>, LayoutError> {
    if encoding.cta_split() != [1, 1] || encoding.two_ctas() {
        return Err(refuse(
            "tensor memory of several CTAs".into(),
            "one CTA's (no CTA split, not twoCTAs)",
        ));
    }
    encoding.to_linear_layout(&shape)?;
    let mut found = Vec::new();
    for element_bits in [32, 16, 8] {
        let Ok(tile) = TmemTile::new(element_bits, shape, encoding.block(), encoding.col_stride())
        else {
            continue;
        };
        for num_warps in [4, 8, 16] {
            for variant in TmemVariant::ALL {
                if tile.reg_layout(num_warps, variant).ok().as_ref() == Some(registers) {
                    found.push(TmemAccess {
                        element_bits,
                        num_warps,
                        variant,
                    });
                }
            }
        }
    }
    Ok(found)
}

/// Gluon's `32x32b_splitn`: the basis that picks N's second half moved to the last register.
fn split_n(
    bases: &mut [(String, Vec<Vec<u32>>)],
    n: u32,
    element_bits: u32,
) -> Result<(), LayoutError> {
    let half = vec![0, n / 2];
    let find =
        |bases: &[(String, Vec<Vec<u32>>)], name: &str| bases.iter().position(|(k, _)| k == name);
    let (Some(reg), Some(lane)) = (find(bases, "register"), find(bases, "lane")) else {
        return Err(refuse("no registers or lanes".into(), "a register layout"));
    };
    if bases[reg].1.is_empty() {
        if bases[lane].1.last() != Some(&half) {
            return Err(refuse(
                "32x32b_splitn with one register".into(),
                "the last lane basis [0, N / 2]",
            ));
        }
        bases[reg].1.push(half);
        if let Some(last) = bases[lane].1.last_mut() {
            *last = vec![0, 0];
        }
        return Ok(());
    }
    if bases[reg].1.last() == Some(&half) {
        return Ok(());
    }
    if (1u32 << bases[reg].1.len()) <= 32 / element_bits {
        return Err(refuse(
            format!(
                "32x32b_splitn with {} registers",
                1u32 << bases[reg].1.len()
            ),
            "more than 32 / bits registers",
        ));
    }
    for name in ["lane", "warp"] {
        let Some(k) = find(bases, name) else { continue };
        if let Some(i) = bases[k].1.iter().position(|b| *b == half) {
            let last = bases[reg].1.len() - 1;
            let moved = std::mem::replace(&mut bases[reg].1[last], half.clone());
            bases[k].1[i] = moved;
            return Ok(());
        }
    }
    Err(refuse(
        "32x32b_splitn".into(),
        "some lane or warp basis [0, N / 2]",
    ))
}

/// One instruction's (register, lane) → (row, col) tile, in 32-bit columns.
fn atom_tile(atom: TmemVariant) -> Result<LinearLayout, LayoutError> {
    let id = LinearLayout::identity_1d;
    let unit = LinearLayout::new(
        vec![("register".into(), Vec::new()), ("lane".into(), Vec::new())],
        vec![("row".into(), 1), ("col".into(), 1)],
        false,
    )?;
    let piece = match atom {
        TmemVariant::I16x64b => LinearLayout::with_inferred_sizes(
            vec![(
                "lane".into(),
                vec![vec![8, 0], vec![0, 1], vec![1, 0], vec![2, 0], vec![4, 0]],
            )],
            vec!["row".into(), "col".into()],
        )?,
        TmemVariant::I16x128b => id(4, "lane", "col")?
            .product(&id(8, "lane", "row")?)?
            .product(&id(2, "register", "row")?)?,
        TmemVariant::I16x256b => id(2, "register", "col")?
            .product(&id(4, "lane", "col")?)?
            .product(&id(8, "lane", "row")?)?
            .product(&id(2, "register", "row")?)?,
        TmemVariant::I32x32b | TmemVariant::I32x32bSplitN => id(32, "lane", "row")?,
    };
    unit.product(&piece)
}

/// Triton's `divideLeft`: `c` with `a == b × c`, or `None`.
fn divide_left(a: &LinearLayout, b: &LinearLayout) -> Result<Option<LinearLayout>, LayoutError> {
    if b.in_dims().any(|d| !a.has_in_dim(d)) || b.out_dims().any(|d| !a.has_out_dim(d)) {
        return Ok(None);
    }
    let mut outs = Vec::new();
    for (name, size) in a.out_dims_with_sizes() {
        let by = b.out_dim_size(name).unwrap_or(1);
        if size % by != 0 {
            return Ok(None);
        }
        outs.push((name.clone(), size / by));
    }
    let a_outs: Vec<&str> = a.out_dims().collect();
    let mut bases = Vec::new();
    for (in_dim, list) in a.bases() {
        let skip = b.bases_of(in_dim).map_or(0, <[Vec<u32>]>::len);
        if list.len() < skip {
            return Ok(None);
        }
        // b's bases first, exactly
        for (k, basis) in list.iter().take(skip).enumerate() {
            for (o, name) in a_outs.iter().enumerate() {
                let expected = match b.out_dims().position(|d| d == *name) {
                    Some(j) => b.bases_of(in_dim).map_or(0, |l| l[k][j]),
                    None => 0,
                };
                if basis[o] != expected {
                    return Ok(None);
                }
            }
        }
        let mut rest = Vec::new();
        for basis in &list[skip..] {
            let mut scaled = Vec::new();
            for (o, name) in a_outs.iter().enumerate() {
                let by = b.out_dim_size(name).unwrap_or(1);
                if basis[o] % by != 0 {
                    return Ok(None);
                }
                scaled.push(basis[o] / by);
            }
            rest.push(scaled);
        }
        bases.push((in_dim.clone(), rest));
    }
    let c = LinearLayout::new(bases, outs, false)?;
    Ok((b.product(&c)? == *a).then_some(c))
}

/// `lane` cut to its first `size` values.
fn resize_lanes(layout: &LinearLayout, size: u32) -> Result<LinearLayout, LayoutError> {
    let keep = size.trailing_zeros() as usize;
    let bases = layout
        .bases()
        .iter()
        .map(|(name, list)| {
            let list = if name == "lane" {
                list.iter().take(keep).cloned().collect()
            } else {
                list.clone()
            };
            (name.clone(), list)
        })
        .collect();
    LinearLayout::new(bases, layout.out_dims_with_sizes().to_vec(), false)
}

/// Triton's `getDistributedLayoutForTmemLdSt` on the TMEM layout `tmem` ((row, col) → tensor)
/// for `bits`-bit elements: (register, lane, warp) → tensor, or `None` where the instruction
/// cannot load the layout.
fn for_load_store(
    tmem: &LinearLayout,
    atom: TmemVariant,
    num_warps: u32,
    bits: u32,
) -> Result<Option<LinearLayout>, LayoutError> {
    let id = LinearLayout::identity_1d;
    if bits != 32 {
        // several narrow elements in one 32-bit column become registers
        let (mut quotient, mut best, mut contiguous) = (None, 1, 1);
        while bits * contiguous <= 32 {
            match divide_left(tmem, &id(contiguous, "col", "dim1")?)? {
                Some(q) => (quotient, best) = (Some(q), contiguous),
                None => break,
            }
            contiguous *= 2;
        }
        if let (Some(q), true) = (&quotient, best > 1) {
            let Some(inner) = for_load_store(q, atom, num_warps, bits * best)? else {
                return Ok(None);
            };
            return Ok(Some(id(best, "register", "dim1")?.product(&inner)?));
        }
        let unpacked =
            LinearLayout::zeros_1d(32 / bits, "col", "dim1")?.product(&id(2, "col", "dim1")?)?;
        if bits == 16 {
            if let Some(q) = divide_left(tmem, &unpacked)? {
                let Some(inner) = for_load_store(&q, atom, num_warps, 32)? else {
                    return Ok(None);
                };
                return Ok(Some(id(2, "register", "dim1")?.product(&inner)?));
            }
        }
        let padded = LinearLayout::zeros_1d(32 / bits, "col", "dim1")?;
        if let Some(q) = divide_left(tmem, &padded)? {
            return for_load_store(&q, atom, num_warps, 32);
        }
        // one column: read as 32-bit
        if tmem.in_dim_bits("col") == Some(0) {
            return for_load_store(tmem, atom, num_warps, 32);
        }
        return Err(refuse(
            format!("{bits}-bit elements in this TMEM layout"),
            "a layout Triton can load (it asserts here)",
        ));
    }
    let mut tile = atom_tile(atom)?;
    let tile_cols = tile.out_dim_size("col").unwrap_or(1);
    let cols = 1u32 << tmem.in_dim_bits("col").unwrap_or(0);
    let mut missing = cols / tile_cols;
    if missing == 0 {
        return Ok(None);
    }
    let rows32 = matches!(atom, TmemVariant::I32x32b | TmemVariant::I32x32bSplitN);
    let rows16 = tmem
        .bases_of("row")
        .and_then(|rows| rows.get(4))
        .is_some_and(|b| b.iter().all(|&v| v == 0));
    // the instruction must hold distinct elements
    let outs: Vec<&str> = tmem.out_dims().collect();
    let mut held = tile
        .compose(tmem)?
        .sublayout(&["register", "lane"], &outs)?;
    if rows32 {
        let lanes = 1u32 << held.in_dim_bits("lane").unwrap_or(0);
        held = resize_lanes(&held, lanes / 2)?;
    }
    if !held.is_injective() {
        return Ok(None);
    }
    let row16 = (!rows32 && !rows16).then_some(if num_warps > 4 { "warp" } else { "register" });
    let mut warps_to_tile = num_warps / if row16 == Some("warp") { 8 } else { 4 };
    let broadcast = warps_to_tile / missing.min(warps_to_tile);
    warps_to_tile /= broadcast;
    missing /= warps_to_tile;
    if missing > 1 {
        if rows32 && rows16 {
            let Some(half) = divide_left(&tile, &id(2, "lane", "row")?)? else {
                return Ok(None);
            };
            tile = half
                .product(&id(missing / 2, "register", "col")?.product(&id(2, "lane", "col")?)?)?;
        } else {
            tile = tile.product(&id(missing, "register", "col")?)?;
        }
    }
    let of = |name: &str| {
        tile.bases_of(name)
            .map(<[Vec<u32>]>::to_vec)
            .unwrap_or_default()
    };
    let (mut registers, lanes) = (of("register"), of("lane"));
    let mut warps = vec![vec![32, 0], vec![64, 0]];
    match row16 {
        Some("warp") => warps.push(vec![16, 0]),
        Some(_) => registers.push(vec![16, 0]),
        None => {}
    }
    let cols_now = tile.out_dim_size("col").unwrap_or(1);
    let tile = LinearLayout::new(
        vec![
            ("register".into(), registers),
            ("lane".into(), lanes),
            ("warp".into(), warps),
        ],
        vec![("row".into(), 128), ("col".into(), cols_now)],
        false,
    )?
    .product(&id(warps_to_tile, "warp", "col")?)?
    .product(&LinearLayout::zeros_1d(broadcast, "warp", "col")?)?;
    if tile.out_dim_size("col") != Some(cols) {
        return Err(refuse(
            format!("{cols} TMEM columns"),
            "columns the instruction tiles exactly",
        ));
    }
    tile.compose(tmem).map(Some)
}

#[cfg(test)]
mod tests;
