//! The same `tcgen05.ld` / `tcgen05.st` as CuTe builds it (`make_tmem_copy`) and as Triton does
//! (`get_tmem_reg_layout`), owner for owner: both as distributed layouts `(register, lane,
//! warp) → (row, column)` of the TMEM tensor, compared element by element.

use crate::cute::TiledCopy;
use crate::linear::mma_bridge::{compare_owners, tv_to_linear, OwnerComparison};
use crate::linear::LinearLayout;
use crate::LayoutError;

use super::{TmemTile, TmemVariant};

/// Triton's name for a CuTe TMEM atom's access shape (`SM100_TMEM_LOAD_16dp256b2x` →
/// `16x256b`); `None` for `16dp32b` (two 16-lane halves 32 bits apart), which Triton lacks,
/// and for any other atom.
pub fn tmem_variant_of(atom: &str) -> Option<TmemVariant> {
    let shape = atom.split('_').nth(3)?;
    [
        ("32dp32b", TmemVariant::I32x32b),
        ("16dp64b", TmemVariant::I16x64b),
        ("16dp128b", TmemVariant::I16x128b),
        ("16dp256b", TmemVariant::I16x256b),
    ]
    .into_iter()
    .find(|(prefix, _)| shape.starts_with(prefix))
    .map(|(_, v)| v)
}

/// The registers' side of a TMEM copy (the destination of a load, the source of a store) as a
/// distributed layout over its `lanes × columns` tensor.
///
/// # Errors
/// `BadArgument` for a copy not made by [`TiledCopy::tmem`]; what
/// [`crate::linear::tv_to_linear`] refuses.
pub fn tmem_copy_to_linear(copy: &TiledCopy) -> Result<LinearLayout, LayoutError> {
    let registers_are_destination = copy.atom().writes_registers();
    let (tv, tile) =
        copy.tensor_tv(!registers_are_destination)?
            .ok_or_else(|| LayoutError::BadArgument {
                op: "TMEM copy to linear layout",
                arg: copy.atom().name().into(),
                expected: "a copy made by make_tmem_copy".into(),
            })?;
    tv_to_linear(&tv, tile, false)
}

/// Triton's `get_tmem_reg_layout` of the same access shape as `copy`'s atom over the same
/// tensor (four warps, 32-bit columns packed as CuTe packs them).
///
/// # Errors
/// `BadArgument` for an atom whose shape Triton lacks (`16dp32b`), or a tensor Triton's TMEM
/// layouts refuse; what [`tmem_copy_to_linear`] refuses.
pub fn triton_tmem_reg_layout(copy: &TiledCopy) -> Result<LinearLayout, LayoutError> {
    let name = copy.atom().name();
    let variant = tmem_variant_of(name).ok_or_else(|| LayoutError::BadArgument {
        op: "get_tmem_reg_layout",
        arg: name.into(),
        expected: "a 32dp32b, 16dp64b, 16dp128b or 16dp256b atom (Triton has no 16x32bx2)".into(),
    })?;
    let cute = tmem_copy_to_linear(copy)?;
    let [rows, columns] = [
        cute.out_dim_size("dim0").unwrap_or(1),
        cute.out_dim_size("dim1").unwrap_or(1),
    ];
    let bits = u32::try_from(copy.atom().element_bits()).unwrap_or(0);
    let tile = TmemTile::new(bits, [rows, columns], [rows.min(128), columns.min(512)], 1)?;
    tile.reg_layout(4, variant)
}

/// CuTe's `make_tmem_copy` of `copy`'s atom against [`triton_tmem_reg_layout`]: who holds
/// each element in each, and the renumbering of registers and warps between them.
///
/// # Errors
/// What [`triton_tmem_reg_layout`] and [`compare_owners`] refuse.
pub fn compare_tmem_copy_with_triton(copy: &TiledCopy) -> Result<OwnerComparison, LayoutError> {
    compare_owners(&tmem_copy_to_linear(copy)?, &triton_tmem_reg_layout(copy)?)
}
