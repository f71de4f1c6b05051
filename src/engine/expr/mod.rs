//! Index expressions: the hash-consed arena with bounds, its parser, and the `idx` / `valid`
//! pair a view stack compiles to.

pub mod arena;
pub mod index;
pub mod parse;
pub mod simplify;

pub use arena::*;
