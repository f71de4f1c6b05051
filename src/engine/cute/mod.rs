//! CuTe with pycute's (CUTLASS 4.2) semantics: int tuples and layouts `S:D` (`layout`), the
//! layout algebra (`algebra`) and the conversions between layouts and tinygrad views
//! (`convert`).

pub mod algebra;
pub mod convert;
mod layout;
pub mod notation;

pub(crate) use layout::{algebra_error, mul, overflow};
pub use layout::{
    crd2idx, crd2idx_int, idx2crd, prefix_product, shape_div, IntTuple, Layout, Notation,
};
pub use notation::{MAX_DEPTH, MAX_NOTATION_CHARS};
