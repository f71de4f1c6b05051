//! Unit tests of the simplifier, by rule family; helpers in [`support`].

mod compare;
mod div;
mod fit;
mod given_valid;
mod modulo;
mod rewrite;
mod support;
mod where_valid;
