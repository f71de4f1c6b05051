//! Index expressions: the hash-consed arena with bounds, its parser, its readable rendering,
//! and the `idx` / `valid` pair a view stack compiles to.

pub mod arena;
pub mod index;
pub mod parse;
pub mod readable;
pub mod simplify;

pub use arena::*;
pub use readable::Piece;
