//! CuTe with pycute's (CUTLASS 4.2) semantics: int tuples and layouts `S:D` (`layout`), the
//! int-tuple notation every notation reads its tuples with ([`notation`]), the layout algebra
//! ([`algebra`]), tilers and profiles ([`tiler`]), which element of A each element of a divide
//! or product comes from ([`tiles`]), and the conversions between layouts and tinygrad views
//! ([`convert`]); swizzles `Sw<B,M,S>` and the composed layouts `sw ∘ offset ∘ L` they make
//! ([`Swizzle`], [`ComposedLayout`]), and swizzles as XOR matrices over address bits
//! ([`BitMatrix`]). CuTe C++'s own algebra, whose integers are static or dynamic and which
//! differs from pycute's in shape and sometimes in value, is apart: [`CppLayout`],
//! [`CppComposedLayout`], the GMMA shared-memory atoms ([`gmma_atom`]), and the thread-value
//! layouts of MMA and copy atoms and their tilings ([`mma`], [`copy`]) with the checks CuTe
//! does not make ([`copy_warnings`]), who holds each element of their tiles ([`TvGrid`]), and how they partition tensors among threads
//! ([`CppTensor`]: `local_tile`, `local_partition`, `partition_A/B/C`, `partition_S/D`).

pub mod algebra;
mod bit_matrix;
mod composed;
pub mod convert;
pub mod copy;
mod cpp_algebra;
mod cpp_composed;
mod cpp_int;
mod cpp_tiler;
mod cpp_tv;
mod gmma;
mod layout;
pub mod mma;
pub mod notation;
mod partition;
mod swizzle;
pub mod tiler;
pub mod tiles;
mod tv_checks;
mod tv_grid;

pub use bit_matrix::{BitMatrix, MAX_MATRIX_BITS};
pub use composed::ComposedLayout;
pub use copy::{make_layout_tv, CopyAtom, TiledCopy};
pub use cpp_algebra::{CppLayout, CppTiler};
pub use cpp_composed::{CppComposedLayout, CppOffset};
pub use cpp_int::{CppInt, CppTuple};
pub use gmma::{element_offsets, element_swizzle, gmma_atom, AtomSwizzle, GmmaAtom, Major};
pub use layout::{
    crd2idx, crd2idx_int, idx2crd, prefix_product, shape_div, IntTuple, Layout, Notation,
};
pub(crate) use layout::{mul, overflow};
pub use mma::{MmaAtom, Operand, TiledMma};
pub use notation::{MAX_DEPTH, MAX_NOTATION_CHARS};
pub use partition::{
    mma_fragment, mma_partition, CppCoord, CppTensor, FragmentValue, ThrCopy, ThrMma,
};
pub use swizzle::{Swizzle, MAX_SWIZZLE_BITS};
pub use tiler::{parse_profile, parse_tiler, profile_notation, tiler_notation, Tiler};
pub use tiles::Tiles;
pub use tv_checks::{copy_warnings, mma_warnings, TvWarning, WARP_SIZE};
pub use tv_grid::{copy_grids, mma_grids, Owner, TvGrid};
