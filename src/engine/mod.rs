//! The layout engine: pure Rust, no web dependencies, tested natively.

pub mod arith;
pub mod cursor;
pub mod cute;
pub mod error;
pub mod expr;
pub mod expr_parse;
pub mod index;
pub mod markup;
pub mod merge;
pub mod mergeability;
pub mod morphism;
pub mod ops;
pub mod render;
pub mod simplify;
pub mod small_sort;
pub mod sorted;
pub mod symbolic;
pub mod syno;
pub mod text;
pub mod tinygrad_repr;
pub mod tracker;
pub mod view;
pub mod wgsl;

pub use error::{Field, LayoutError};
pub use expr::{ExprArena, ExprId};
pub use index::IndexExprs;
pub use mergeability::{decide_merge, MergeVerdict, Witness};
pub use morphism::{Morphism, NotTractable};
pub use ops::{NewViewReason, Reshape};
pub use tracker::{MovementOp, ShapeTracker};
pub use view::{coord_from_index, index_from_coord, RowMajor, View};
