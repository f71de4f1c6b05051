//! CuTe with pycute's (CUTLASS 4.2) semantics, where every integer is a plain `int`: int tuples
//! and layouts `S:D` ([`layout`]), the layout algebra ([`algebra`]), tilers and profiles
//! ([`tiler`]), which element of A each element of a divide or product comes from ([`tiles`]),
//! the composed layouts `sw ∘ offset ∘ L` ([`composed`]), and the conversions between layouts
//! and tinygrad views ([`convert`]).

pub mod algebra;
pub mod composed;
pub mod convert;
pub mod layout;
pub mod tiler;
pub mod tiles;
