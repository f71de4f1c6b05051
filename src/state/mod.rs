//! Page state as plain structs: what the user typed, how it parses, how it lives in the URL.
//! No web dependencies, so every rule here is tested natively; the UI holds signals of these.

pub mod route;
pub mod view_form;
pub mod view_grid;

pub use route::Page;
pub use view_form::{DimRow, FormError, RowField, ViewEditor, ViewForm};
pub use view_grid::ViewGrid;
