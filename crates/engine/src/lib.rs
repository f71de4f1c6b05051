//! The layout engine: pure Rust, no web dependencies, tested natively.

pub mod access;
pub mod cute;
pub mod error;
pub mod expr;
pub mod linear;
pub mod morphism;
pub mod support;
pub mod syno;
pub mod view;
pub mod wgsl;

pub use error::{Field, LayoutError, LinearEncodingRefusal};
pub use expr::index::IndexExprs;
pub use expr::{ExprArena, ExprId};
pub use morphism::{Morphism, NotTractable};
pub use view::mergeability::{decide_merge, MergeVerdict, Witness};
pub use view::ops::{NewViewReason, Reshape};
pub use view::tracker::{MovementOp, ShapeTracker};
pub use view::{coord_from_index, index_from_coord, RowMajor, View};
