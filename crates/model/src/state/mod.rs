//! Page state as plain structs: what the user typed, how it parses, how it lives in the URL.
//! No web dependencies, so every rule here is tested natively; the UI holds signals of these.

pub mod embed;
pub mod expr_mode;
pub mod field;
pub mod history;
pub mod layouts;
pub mod link;
pub mod morphisms;
pub mod route;
pub mod shader;
pub mod syno;
pub mod theme;
pub mod threads;
pub mod triton;
pub mod url;
pub mod views;

pub use field::{FieldError, Parsed};
pub use route::Page;
pub use url::PageState;
pub use views::form::{DimRow, FormError, RowField, ViewEditor, ViewForm};
pub use views::ViewsState;
