//! Views: tinygrad's strided views with masks, the movement ops on them, view stacks, merging
//! two views and deciding when they merge, symbolic dimensions, and tinygrad's printed form.

pub mod merge;
pub mod mergeability;
pub mod op_text;
pub mod ops;
pub mod strided;
pub mod symbolic;
pub mod tinygrad_repr;
pub mod tracker;

pub use strided::*;
