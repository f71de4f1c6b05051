//! Small helpers every part of the engine shares: checked and floor arithmetic, a character
//! cursor for the notations' parsers, sorting without the standard library's code size, and
//! list formatting.

pub mod arith;
pub mod cursor;
pub mod element;
pub mod small_sort;
pub mod sorted;
pub mod text;
