//! CuTe layouts in both of CUTLASS 4.2's semantics, each a module of its own: pycute's
//! ([`pycute`]: plain integers) and CuTe C++'s ([`cpp`]: static or dynamic integers, which
//! differ from pycute's in shape and sometimes in value). Both read their tuples with the one
//! int-tuple notation ([`notation`]) and share the swizzles `Sw<B,M,S>` ([`Swizzle`]) and their
//! XOR matrices over address bits ([`BitMatrix`]). On CuTe C++'s layouts: the thread-value
//! layouts of MMA and copy atoms and their tilings ([`mma`], [`copy`]) with the checks CuTe
//! does not make ([`copy_warnings`]), who holds each element of their tiles ([`TvGrid`]), and
//! how they partition tensors among threads ([`CppTensor`]: `local_tile`, `local_partition`,
//! `partition_A/B/C`, `partition_S/D`).

mod bit_matrix;
pub mod copy;
pub mod cpp;
pub mod mma;
pub mod notation;
mod partition;
pub mod pycute;
mod swizzle;
mod tv_checks;
mod tv_grid;

pub use bit_matrix::{BitMatrix, MAX_MATRIX_BITS};
pub use copy::{make_layout_tv, CopyAtom, TiledCopy};
pub use cpp::algebra::{CppLayout, CppTiler};
pub use cpp::composed::{CppComposedLayout, CppOffset};
pub use cpp::gmma::{element_offsets, element_swizzle, gmma_atom, AtomSwizzle, GmmaAtom, Major};
pub use cpp::int::{CppInt, CppTuple};
pub use mma::{MmaAtom, Operand, OperandSource, TiledMma};
pub use notation::{MAX_DEPTH, MAX_NOTATION_CHARS};
pub use partition::{
    mma_fragment, mma_partition, CppCoord, CppTensor, FragmentValue, ThrCopy, ThrMma,
};
pub use pycute::composed::ComposedLayout;
pub use pycute::layout::{
    crd2idx, crd2idx_int, idx2crd, prefix_product, shape_div, IntTuple, Layout, Notation,
};
pub(crate) use pycute::layout::{mul, overflow};
pub use pycute::tiler::{parse_profile, parse_tiler, profile_notation, tiler_notation, Tiler};
pub use pycute::tiles::Tiles;
pub use swizzle::{Swizzle, MAX_SWIZZLE_BITS};
pub use tv_checks::{copy_warnings, mma_warnings, TvWarning, WARP_SIZE};
pub use tv_grid::{copy_grids, mma_grids, Owner, TvGrid};
