//! Triton's linear layouts: maps from named input bits (`register`, `lane`, `warp`, `block`,
//! `offset`) to named tensor coordinates over F2, as Triton 3.6 defines them in
//! `lib/Tools/LinearLayout.cpp`, and the conversions of its distributed layouts
//! (`LinearLayoutConversions.cpp`).
//!
//! A layout `L` has input dimensions, each with a list of bases (basis `k` of `in` is
//! `L(in = 2^k)`), and output dimensions with power-of-two sizes; `L(x)` is the XOR of the
//! bases of the set bits of `x`. Every operation returns the bases Triton returns, list for
//! list: the order of dimensions and the choice among equivalent bases are Triton's.
//!
//! Around them: the bridge to CuTe (`bridge`: swizzles and power-of-two layouts;
//! `mma_bridge`: a TiledMMA's thread-value layouts, compared owner by owner with Triton's) and
//! what a `convert_layout` between two distributed layouts moves (`convert`).

mod bridge;
mod convert;
mod counterpart;
mod holders;
mod layout;
mod layout_utils;
mod matrix;
mod mma_bridge;
mod mma_named;
mod notation;
mod shared;
mod shared_bridge;
mod solve;
mod tensor_type;
mod tmem;
mod triton;

pub use bridge::{
    cute_layout_to_linear, linear_to_cute_layout, linear_to_swizzle, swizzle_to_linear, INDEX_DIM,
    OFFSET_DIM,
};
pub use convert::{
    analyze_conversion, minimal_conversion, movement_counts, ConversionKind, ConversionReport,
    MovementCounts,
};
pub use counterpart::distributed_to_cute_tv;
pub use holders::{short_name, Holders};
pub use layout::{LinearLayout, NamedBases, MAX_BITS};
pub use matrix::Gf2Matrix;
pub use mma_bridge::{
    compare_owners, compare_with_triton, tiled_mma_to_linear, tv_to_linear, ElementOwners, Owner,
    OwnerComparison, MAX_ENUMERATED, WARP_LANES,
};
pub use mma_named::triton_counterpart;
pub use shared::{NvmmaShared, SwizzledShared, SHARED_IN_DIMS};
pub use shared_bridge::shared_to_cute;
pub use tensor_type::{TensorType, TritonText};
pub use tmem::{
    compare_tmem_copy_with_triton, tmem_accesses_matching, tmem_copy_to_linear, tmem_variant_of,
    triton_tmem_reg_layout, TensorMemoryEncoding, TmemAccess, TmemPlace, TmemTile, TmemVariant,
    TMEM_IN_DIMS,
};
pub use triton::{
    AmdMfma, AmdWmma, Blocked, DotOperand, LinearEncoding, NvidiaMma, Slice, TritonLayout,
    DISTRIBUTED_IN_DIMS, WAVEFRONT,
};
