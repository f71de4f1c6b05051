pub mod dim_editor;
pub mod expr_view;
pub mod grid;

pub use dim_editor::DimEditor;
pub use expr_view::ExprView;
pub use grid::{Hover, LogicalGrid, MemoryStrip};
