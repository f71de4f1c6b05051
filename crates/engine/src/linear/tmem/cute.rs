//! The same `tcgen05.ld` / `tcgen05.st` as CuTe builds it (`make_tmem_copy`) and as Triton does
//! (`get_tmem_reg_layout`), owner for owner: both as distributed layouts `(register, lane,
//! warp) → (row, column)` of the TMEM tensor, compared element by element.

use crate::cute::TiledCopy;
use crate::linear::mma_bridge::{compare_owners, tv_to_linear, OwnerComparison};
use crate::linear::LinearLayout;
use crate::LayoutError;

use super::{registers_of, TmemVariant};
use crate::cute::copy::TMEM_LANES;
use crate::cute::CppLayout;

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
    let shape = [
        cute.out_dim_size("dim0").unwrap_or(1),
        cute.out_dim_size("dim1").unwrap_or(1),
    ];
    let bits = u32::try_from(copy.atom().element_bits()).unwrap_or(0);
    let data = copy.data_layout().ok_or_else(|| LayoutError::BadArgument {
        op: "get_tmem_reg_layout",
        arg: name.into(),
        expected: "a copy made by make_tmem_copy".into(),
    })?;
    registers_of(&tmem_of_data(data, bits, shape)?, shape, bits, 4, variant)
}

/// The tensor memory `data` (CuTe's coordinate → lane·`TMEM::DP<T>` + column, a `rows ×
/// columns` tensor of `bits`-bit elements) as Triton's TMEM layouts are written: (row, col) →
/// (dim0, dim1), 128 rows, a lane no element uses mapped to nothing. Equal to
/// `tensorMemoryToLinearLayout` where Triton has the same placement (`blockM` 128 or 64, a
/// pair's 64-row blocks).
///
/// # Errors
/// A layout whose coordinate bits do not each land on one lane or column bit.
fn tmem_of_data(
    data: &CppLayout,
    bits: u32,
    [rows, columns]: [u32; 2],
) -> Result<LinearLayout, LayoutError> {
    let refuse = || LayoutError::BadArgument {
        op: "get_tmem_reg_layout",
        arg: data.to_string(),
        expected: "tensor memory each coordinate bit of which is one lane or column bit".into(),
    };
    let layout = data.to_layout()?;
    let dp = crate::cute::copy::lane_stride(i64::from(bits));
    // every coordinate bit's (lane, column), dim0's bits then dim1's
    let mut images = Vec::new();
    for (dim, size, step) in [(0, rows, 1), (1, columns, i64::from(rows))] {
        for k in 0..size.trailing_zeros() {
            let address = layout.call(step << k)?;
            images.push((dim, k, address / dp, address % dp));
        }
    }
    // each coordinate bit on one lane bit or one column bit
    let single = |v: i64| v == 0 || (v > 0 && v & (v - 1) == 0);
    if images
        .iter()
        .any(|&(_, _, lane, column)| !single(lane) || !single(column) || lane != 0 && column != 0)
    {
        return Err(refuse());
    }
    let column_bits = images
        .iter()
        .map(|&(_, _, _, c)| 64 - c.leading_zeros())
        .max()
        .unwrap_or(0);
    // each lane and column bit: the coordinate bit landing on it, or nothing
    let inverse =
        |count: u32, pick: &dyn Fn(i64, i64) -> i64| -> Result<Vec<Vec<u32>>, LayoutError> {
            (0..count)
                .map(|b| {
                    let mut from = images
                        .iter()
                        .filter(|&&(_, _, lane, column)| pick(lane, column) == 1 << b);
                    let mut basis = vec![0, 0];
                    if let Some(&(dim, k, _, _)) = from.next() {
                        basis[dim] = 1 << k;
                    }
                    match from.next() {
                        Some(_) => Err(refuse()),
                        None => Ok(basis),
                    }
                })
                .collect()
        };
    let row_bases = inverse(TMEM_LANES.trailing_zeros(), &|lane, _| lane)?;
    let column_bases = inverse(column_bits, &|_, column| column)?;
    let tmem = LinearLayout::new(
        vec![("row".into(), row_bases), ("col".into(), column_bases)],
        vec![("dim0".into(), rows), ("dim1".into(), columns)],
        false,
    )?;
    // every coordinate bit found its lane or column
    match tmem.is_surjective() {
        true => Ok(tmem),
        false => Err(refuse()),
    }
}

/// CuTe's `make_tmem_copy` of `copy`'s atom against [`triton_tmem_reg_layout`]: who holds
/// each element in each, and the renumbering of registers and warps between them.
///
/// # Errors
/// What [`triton_tmem_reg_layout`] and [`compare_owners`] refuse.
pub fn compare_tmem_copy_with_triton(copy: &TiledCopy) -> Result<OwnerComparison, LayoutError> {
    compare_owners(&tmem_copy_to_linear(copy)?, &triton_tmem_reg_layout(copy)?)
}
