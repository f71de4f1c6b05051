pub mod dim_editor;
pub mod expr_mode;
pub mod expr_view;
pub mod grid;
pub mod grid_table;
pub mod history;
pub mod import_export;
pub mod op_toolbar;
pub mod stack_panel;

pub use dim_editor::DimEditor;
pub use expr_mode::ExprModePanel;
pub use expr_view::ExprView;
pub use grid::{GridKind, GridView, MemoryStrip};
pub use grid_table::GridTable;
pub use history::History;
pub use import_export::ImportExport;
pub use op_toolbar::OpToolbar;
pub use stack_panel::StackPanel;
