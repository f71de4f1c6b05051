//! CuTe with CuTe C++'s (CUTLASS 4.2) semantics, where an integer is static (`_8`) or dynamic
//! (`8`) and the algebra prunes, merges and checks only what it knows statically, so its
//! results differ from pycute's in shape and sometimes in value: int tuples ([`int`]), layouts
//! and their algebra ([`algebra`]: coalesce … tile_to_shape, upcast / downcast / recast), tilers
//! ([`tiler`]), the rest of the algebra thread-value layouts are built with (`tv`), composed
//! layouts with `smem_ptr[Nb](unset)` offsets ([`composed`]), and Hopper's GMMA shared-memory
//! atoms ([`gmma`]).

pub mod algebra;
pub mod composed;
pub mod gmma;
pub mod int;
pub mod tiler;
mod tv;
