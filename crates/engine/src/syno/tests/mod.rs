//! The Syno module's tests by topic: shapes, colours, accesses; `shape` holds the chain
//! builders the others use.

mod access;
mod colour;
mod shape;
